//! The houses a position reasons over: the rows, the columns, and either the size's boxes or a
//! jigsaw's irregular regions (`House::Region`).
//!
//! `Position` holds one, so the techniques that read their houses, peers and house sets from it
//! see a jigsaw's regions where a classic grid has boxes. A classic layout is built once per
//! size and shared (`Layout::boxes`); a jigsaw's is built from its region map.

use crate::cellset::CellSet;
use crate::geometry::{Cell, House, Size};
use std::sync::{Arc, OnceLock};

/// Rows, columns and boxes or regions, with each cell's peers, as slices and as cell sets.
#[derive(Debug)]
pub struct Layout {
    size: Size,
    /// Each cell's region when the regions are irregular; `None` for the boxes.
    regions: Option<Vec<u8>>,
    /// The cells of every house (`House::index` order), `side` each.
    house_cells: Vec<Cell>,
    house_sets: Vec<CellSet>,
    /// Each cell's peers: `peers[peer_start[i]..peer_start[i + 1]]` (a jigsaw's cells have
    /// different counts).
    peers: Vec<Cell>,
    peer_start: Vec<u32>,
    peer_sets: Vec<CellSet>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.size == other.size && self.regions == other.regions
    }
}

impl Eq for Layout {}

impl Layout {
    /// The rows, columns and boxes of a size, built once and shared.
    pub fn boxes(size: Size) -> Arc<Layout> {
        static L: [OnceLock<Arc<Layout>>; Size::ALL.len()] = [const { OnceLock::new() }; Size::ALL.len()];
        Arc::clone(L[size.ordinal()].get_or_init(|| Arc::new(Layout::build(size, None))))
    }

    /// The rows, columns and irregular regions of a jigsaw: `regions` gives each cell's region
    /// in reading order. `None` unless it divides the grid into `side` regions of `side` cells.
    pub fn regions(size: Size, regions: &[u8]) -> Option<Arc<Layout>> {
        let n = size.side();
        let mut count = vec![0usize; n];
        if regions.len() != size.cell_count() {
            return None;
        }
        for &r in regions {
            *count.get_mut(r as usize)? += 1;
        }
        count.iter().all(|&c| c == n).then(|| Arc::new(Layout::build(size, Some(regions.to_vec()))))
    }

    fn build(size: Size, regions: Option<Vec<u8>>) -> Layout {
        let n = size.side();
        // The rows and columns are the size's own (`geometry`'s tables); the third kind follows.
        let mut house_cells = Vec::with_capacity(3 * n * n);
        for i in 0..2 * n {
            house_cells.extend_from_slice(size.house_cells(House::from_index(size, i)));
        }
        match &regions {
            None => (0..n).for_each(|b| house_cells.extend_from_slice(size.house_cells(House::Box(b as u8)))),
            Some(map) => (0..n).for_each(|g| house_cells.extend(size.cells().filter(|c| map[c.index()] as usize == g))),
        }
        let house_sets: Vec<CellSet> = house_cells.chunks(n).map(|h| h.iter().copied().collect()).collect();
        let mut layout = Layout { size, regions, house_cells, house_sets, peers: Vec::new(), peer_start: vec![0], peer_sets: Vec::new() };
        for cell in size.cells() {
            let set = layout.houses_of(cell).iter().fold(CellSet::EMPTY, |acc, &h| acc | layout.house_set(h)) - CellSet::single(cell);
            layout.peers.extend(set.iter());
            layout.peer_start.push(layout.peers.len() as u32);
            layout.peer_sets.push(set);
        }
        layout
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The digits 1..=side.
    pub fn digits(&self) -> impl Iterator<Item = crate::geometry::Digit> + Clone + use<> {
        self.size.digits()
    }

    /// Whether the third kind of house is irregular regions rather than boxes.
    pub fn is_irregular(&self) -> bool {
        self.regions.is_some()
    }

    /// The box or region of a cell.
    pub fn region_of(&self, cell: Cell) -> House {
        match &self.regions {
            None => House::Box(self.size.box_of(cell) as u8),
            Some(map) => House::Region(map[cell.index()]),
        }
    }

    /// The row, column and box or region of a cell.
    pub fn houses_of(&self, cell: Cell) -> [House; 3] {
        [House::Row(self.size.row_of(cell) as u8), House::Col(self.size.col_of(cell) as u8), self.region_of(cell)]
    }

    /// Every house: rows, columns, then boxes or regions.
    pub fn houses(&self) -> impl Iterator<Item = House> + Clone + use<> {
        let n = self.size.side() as u8;
        let third: fn(u8) -> House = if self.is_irregular() { House::Region } else { House::Box };
        (0..n).map(House::Row).chain((0..n).map(House::Col)).chain((0..n).map(third))
    }

    /// The boxes or regions.
    pub fn regions_houses(&self) -> Vec<House> {
        self.houses().skip(2 * self.size.side()).collect()
    }

    /// The cells of a house, in reading order.
    pub fn house_cells(&self, house: House) -> &[Cell] {
        let (n, i) = (self.size.side(), house.index(self.size));
        &self.house_cells[i * n..(i + 1) * n]
    }

    /// The cells of a house as a set.
    pub fn house_set(&self, house: House) -> CellSet {
        self.house_sets[house.index(self.size)]
    }

    /// The cells that share a house with `cell` (not `cell` itself), in reading order.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peers[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }

    /// The peers of a cell as a set.
    pub fn peer_set(&self, cell: Cell) -> CellSet {
        self.peer_sets[cell.index()]
    }

    /// The cells that see every cell of `cells` (and are not among them).
    pub fn common_peers(&self, cells: &[Cell]) -> CellSet {
        let mut it = cells.iter();
        let Some(&first) = it.next() else { return CellSet::EMPTY };
        it.fold(self.peer_set(first), |acc, &c| acc & self.peer_set(c))
    }

    /// Whether two different cells share a house.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b && self.peer_sets[a.index()].contains(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_classic_layout_is_the_sizes_houses_and_a_jigsaw_has_its_regions() {
        for size in Size::ALL {
            let l = Layout::boxes(size);
            for h in size.houses() {
                assert_eq!(l.house_cells(h), size.house_cells(h));
            }
            for c in size.cells() {
                assert_eq!(l.peers(c), size.peers(c));
                assert_eq!(l.houses_of(c), size.houses_of(c));
            }
        }
        // 4x4: the boxes given as regions, and a jigsaw.
        let map = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let jig = [0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3];
        assert!(Layout::regions(Size::Four, &map).is_some());
        let l = Layout::regions(Size::Four, &jig).unwrap();
        assert_eq!(l.house_cells(House::Region(0)), [0, 1, 2, 5].map(Cell::new));
        assert!(l.sees(Cell::new(0), Cell::new(5)) && !l.sees(Cell::new(0), Cell::new(4 + 3)));
        assert_eq!(l.region_of(Cell::new(4)), House::Region(2));
        assert_eq!(l.peers(Cell::new(0)).len(), 3 + 3 + 1);
        // Not `side` regions of `side` cells: refused.
        assert!(Layout::regions(Size::Four, &[0; 16]).is_none());
        assert!(Layout::regions(Size::Four, &[0, 1, 2, 3]).is_none());
        assert!(Layout::regions(Size::Four, &jig.map(|r| r + 1)).is_none());
    }
}
