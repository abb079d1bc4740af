//! A set of cells as a 256-bit bitmask (enough for 16x16), for the techniques' set algebra:
//! "the cells of this row where 7 can go, minus this box" is two instructions per word.

use crate::geometry::{Cell, House, Size};
use std::sync::OnceLock;

/// A set of cells of one grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet([u64; 4]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; 4]);

    pub fn single(cell: Cell) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(cell);
        s
    }

    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        i < 256 && self.0[i >> 6] & (1 << (i & 63)) != 0
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    pub fn union(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }

    pub fn intersection(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }

    pub fn difference(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2], self.0[3] & !o.0[3]])
    }

    pub fn is_subset(self, o: CellSet) -> bool {
        self.difference(o).is_empty()
    }

    pub fn first(&self) -> Option<Cell> {
        self.iter().next()
    }

    /// The cells, in reading order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Cell::new(w * 64 + b))
            })
        })
    }

    pub fn to_vec(&self) -> Vec<Cell> {
        self.iter().collect()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, o: CellSet) -> CellSet {
        self.union(o)
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, o: CellSet) -> CellSet {
        self.intersection(o)
    }
}

impl std::ops::Sub for CellSet {
    type Output = CellSet;
    fn sub(self, o: CellSet) -> CellSet {
        self.difference(o)
    }
}

struct SetTables {
    houses: Vec<CellSet>,
    peers: Vec<CellSet>,
}

fn tables(size: Size) -> &'static SetTables {
    static T: [OnceLock<SetTables>; Size::ALL.len()] = [const { OnceLock::new() }; Size::ALL.len()];
    T[size.ordinal()].get_or_init(|| SetTables {
        houses: size.houses().map(|h| size.house_cells(h).iter().copied().collect()).collect(),
        peers: size.cells().map(|c| size.peers(c).iter().copied().collect()).collect(),
    })
}

/// The cells of a house as a set.
pub fn house_set(size: Size, house: House) -> CellSet {
    tables(size).houses[house.index(size)]
}

/// The peers of a cell as a set.
pub fn peer_set(size: Size, cell: Cell) -> CellSet {
    tables(size).peers[cell.index()]
}

/// The cells that see every cell of `cells` (and are not among them).
pub fn common_peers(size: Size, cells: &[Cell]) -> CellSet {
    let mut it = cells.iter();
    let Some(&first) = it.next() else { return CellSet::EMPTY };
    it.fold(peer_set(size, first), |acc, &c| acc & peer_set(size, c))
}
