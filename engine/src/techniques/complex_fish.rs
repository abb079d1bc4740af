//! Complex fish: Franken and Mutant fish, plain and finned, on one digit.
//!
//! ```text
//!  Franken Swordfish on d: base = row 2, row 7 and box 5; cover = columns 3, 4 and 8.
//!      c3 c4   c8
//!  r2  d  ·  · d         Every base house holds one d, and the base houses share no cell, so
//!  b5     d  d           they hold three different d. All of them lie in the cover columns,
//!  r7  d       d         which hold one d each: the three d fill the three columns, so d
//!      x  x    x         leaves every other cell of those columns (x).
//! ```
//! A fish is any n base houses whose candidates for a digit all lie in n cover houses (no
//! house both). Basic fish (fish.rs) use rows against columns. A Franken fish brings boxes in:
//! rows and boxes against columns and boxes (or columns and boxes against rows and boxes). A
//! Mutant fish is any other mix, e.g. a row and a column among the base houses.
//!
//! Fins are base candidates outside the cover houses, and endo fins those in two base houses
//! (a single d there would serve two base houses). Either a fin is the digit, or the fish
//! stands; so with fins, only candidates that also see every fin go. A base candidate in two
//! cover houses goes as well ("cannibalism"): taking it would fill two cover houses with one
//! digit, leaving too few for the other base houses.
//!
//! The search chooses base houses, then covers their candidates one at a time: the next
//! uncovered candidate is covered by one of its (at most three) houses, or becomes a fin.
//! Every partial base is checked to still be coverable, which cuts off most combinations
//! early; fins are bounded (`MAX_FINS`) and must have a common peer, else nothing can go.

use super::util::Sink;
use crate::cellset::{CellSet, common_peers, peer_set};
use crate::geometry::{Candidate, Digit, House, Size};
use crate::position::Position;
use crate::step::{Step, Technique};

/// Which complex fish to look for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// Rows and boxes against columns and boxes (or the transpose).
    Franken,
    /// Any other mix of rows, columns and boxes.
    Mutant,
}

/// The most fins (exo and endo together) a finned complex fish may have. More fins mean a
/// wider search and hardly ever an elimination: every removed candidate must see them all.
pub const MAX_FINS: usize = 4;

const ROW: u8 = 1;
const COL: u8 = 2;
const BOX: u8 = 4;

fn technique(k: usize, shape: Shape, finned: bool) -> Technique {
    use Technique::*;
    match (shape, finned, k) {
        (Shape::Franken, false, 2) => FrankenXWing,
        (Shape::Franken, false, 3) => FrankenSwordfish,
        (Shape::Franken, false, _) => FrankenJellyfish,
        (Shape::Franken, true, 2) => FinnedFrankenXWing,
        (Shape::Franken, true, 3) => FinnedFrankenSwordfish,
        (Shape::Franken, true, _) => FinnedFrankenJellyfish,
        (Shape::Mutant, false, 2) => MutantXWing,
        (Shape::Mutant, false, 3) => MutantSwordfish,
        (Shape::Mutant, false, _) => MutantJellyfish,
        (Shape::Mutant, true, 2) => FinnedMutantXWing,
        (Shape::Mutant, true, 3) => FinnedMutantSwordfish,
        (Shape::Mutant, true, 4) => FinnedMutantJellyfish,
        (Shape::Mutant, true, 5) => FinnedMutantSquirmbag,
        (Shape::Mutant, true, _) => FinnedMutantWhale,
    }
}

fn kind_of(h: House) -> u8 {
    match h {
        House::Row(_) => ROW,
        House::Col(_) => COL,
        House::Box(_) => BOX,
    }
}

/// The shape of a fish from the kinds of its base and cover houses; `None` for a basic fish.
fn shape_of(base: u8, cover: u8) -> Option<Shape> {
    let basic = (base == ROW && cover == COL) || (base == COL && cover == ROW);
    let franken = (base & !(ROW | BOX) == 0 && cover & !(COL | BOX) == 0) || (base & !(COL | BOX) == 0 && cover & !(ROW | BOX) == 0);
    match (basic, franken) {
        (true, _) => None,
        (false, true) => Some(Shape::Franken),
        (false, false) => Some(Shape::Mutant),
    }
}

/// Complex fish with `k` base houses of `shape`, finned or not.
pub fn find_all(pos: &Position, k: usize, shape: Shape, finned: bool, sink: Sink<'_>) -> bool {
    let size = pos.size();
    // Which kinds of houses may be base and cover: for Franken, rows and boxes against columns
    // and boxes, then the transpose (a fish can't be both: its bases would all be boxes, and
    // boxes can't cover other boxes); for Mutant, anything (the basic and Franken ones found
    // on the way are left to their own techniques).
    let orientations: &[(u8, u8)] = match shape {
        Shape::Franken => &[(ROW | BOX, COL | BOX), (COL | BOX, ROW | BOX)],
        Shape::Mutant => &[(ROW | COL | BOX, ROW | COL | BOX)],
    };
    for digit in size.digits() {
        let cells = pos.digit_cells(digit);
        if cells.is_empty() {
            continue;
        }
        let houses: Vec<House> = size.houses().collect();
        let house_cells: Vec<CellSet> = houses.iter().map(|&h| pos.house_digit_cells(h, digit)).collect();
        for &(base_kinds, cover_kinds) in orientations {
            let bases: Vec<usize> =
                (0..houses.len()).filter(|&i| base_kinds & kind_of(houses[i]) != 0 && !house_cells[i].is_empty()).collect();
            let mut search =
                Search { size, digit, cells, houses: &houses, house_cells: &house_cells, cover_kinds, k, shape, finned, sink: &mut *sink };
            let mut chosen = Vec::with_capacity(k);
            if !search.bases(&bases, 0, &mut chosen, CellSet::EMPTY, CellSet::EMPTY) {
                return false;
            }
        }
    }
    true
}

struct Search<'a, 's> {
    size: Size,
    digit: Digit,
    /// The digit's candidates.
    cells: CellSet,
    houses: &'a [House],
    /// The digit's candidates in each house, by house index.
    house_cells: &'a [CellSet],
    cover_kinds: u8,
    k: usize,
    shape: Shape,
    finned: bool,
    sink: Sink<'s>,
}

/// A partial cover: the cover houses so far and what they leave.
#[derive(Clone)]
struct Cover {
    houses: Vec<usize>,
    /// The digit's candidates in the cover houses.
    covered: CellSet,
    /// Houses that may no longer be covers (bases, and the choices already tried).
    barred: u64,
    /// Base candidates that stay outside the cover (exo fins) or lie in two bases (endo fins).
    fins: CellSet,
    /// The candidates that see every fin (all candidates while there are none).
    fin_peers: CellSet,
}

impl Search<'_, '_> {
    fn house_bit(&self, cell_house: House) -> usize {
        cell_house.index(self.size)
    }

    /// Chooses base houses (from `list`, after `start`); checks each partial base can still be
    /// covered; then enumerates the covers of the full base. Returns false when the sink stops.
    fn bases(&mut self, list: &[usize], start: usize, chosen: &mut Vec<usize>, base: CellSet, endo: CellSet) -> bool {
        if chosen.len() == self.k {
            let cover = self.start_cover(chosen, base, endo);
            return self.covers(chosen, base, cover, false);
        }
        let need = self.k - chosen.len();
        for i in start..list.len() {
            if list.len() - i < need {
                break;
            }
            let h = list[i];
            let cells = self.house_cells[h];
            let overlap = base & cells;
            let endo2 = endo | overlap;
            if !overlap.is_empty() && (!self.finned || endo2.len() > MAX_FINS) {
                continue;
            }
            chosen.push(h);
            let base2 = base | cells;
            let go_deeper = chosen.len() < 2 || chosen.len() == self.k || {
                let cover = self.start_cover(chosen, base2, endo2);
                !cover.fin_peers.is_empty() && self.covers(chosen, base2, cover, true)
            };
            let go_on = !go_deeper || self.bases(list, i + 1, chosen, base2, endo2);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    fn start_cover(&self, bases: &[usize], _base: CellSet, endo: CellSet) -> Cover {
        let mut barred = 0u64;
        for (i, &h) in self.houses.iter().enumerate() {
            if self.cover_kinds & kind_of(h) == 0 {
                barred |= 1 << i;
            }
        }
        for &b in bases {
            barred |= 1 << b;
        }
        let endo_cells = endo.to_vec();
        let fin_peers = if endo_cells.is_empty() { self.cells } else { common_peers(self.size, &endo_cells) & self.cells };
        Cover { houses: Vec::with_capacity(self.k), covered: CellSet::EMPTY, barred, fins: endo, fin_peers }
    }

    /// Extends a cover of `base` by one house or one fin at a time. In `probe` mode it asks
    /// only whether some cover of at most k houses exists, and returns true once one is found;
    /// otherwise it reports every fish and returns false once the sink stops. Either way a
    /// result equal to `probe` means "stop".
    fn covers(&mut self, bases: &[usize], base: CellSet, cover: Cover, probe: bool) -> bool {
        let open = base - cover.covered - cover.fins;
        if open.is_empty() {
            if probe {
                return true;
            }
            return cover.houses.len() < self.k || self.report(bases, base, &cover);
        }
        if cover.houses.len() == self.k {
            // No room for another cover house: the rest must be fins.
            if !self.finned || cover.fins.len() + open.len() > MAX_FINS {
                return !probe;
            }
            let mut peers = cover.fin_peers;
            for c in open.iter() {
                peers = peers & peer_set(self.size, c);
            }
            if peers.is_empty() {
                return !probe;
            }
            if probe {
                return true;
            }
            let done = Cover { fins: cover.fins | open, fin_peers: peers, ..cover };
            return self.report(bases, base, &done);
        }
        // Branch on the open candidate with the fewest houses left to cover it.
        let mut best: Option<(crate::geometry::Cell, [usize; 3], usize)> = None;
        for c in open.iter() {
            let mut avail = [0usize; 3];
            let mut n = 0;
            for h in self.size.houses_of(c) {
                let i = self.house_bit(h);
                if cover.barred & (1 << i) == 0 {
                    avail[n] = i;
                    n += 1;
                }
            }
            if best.is_none_or(|(_, _, m)| n < m) {
                best = Some((c, avail, n));
                if n <= 1 {
                    break;
                }
            }
        }
        let Some((cell, avail, n)) = best else { return !probe };
        let mut barred = cover.barred;
        for &h in &avail[..n] {
            let mut next = cover.clone();
            next.houses.push(h);
            next.covered = next.covered | self.house_cells[h];
            next.barred = barred | 1 << h;
            // Later branches must not use this house for the cell again (no fish twice).
            barred |= 1 << h;
            let r = self.covers(bases, base, next, probe);
            if r == probe {
                return r;
            }
        }
        // Or the cell is a fin: none of its houses may cover it.
        if self.finned && cover.fins.len() < MAX_FINS {
            let peers = cover.fin_peers & peer_set(self.size, cell);
            if !peers.is_empty() {
                let next = Cover { barred, fins: cover.fins | CellSet::single(cell), fin_peers: peers, ..cover };
                return self.covers(bases, base, next, probe);
            }
        }
        !probe
    }

    /// Reports a complete fish if it is of the shape searched and removes something.
    fn report(&mut self, bases: &[usize], base: CellSet, cover: &Cover) -> bool {
        if self.finned == cover.fins.is_empty() {
            return true;
        }
        let base_kinds = bases.iter().fold(0, |m, &h| m | kind_of(self.houses[h]));
        let cover_kinds = cover.houses.iter().fold(0, |m, &h| m | kind_of(self.houses[h]));
        if shape_of(base_kinds, cover_kinds) != Some(self.shape) {
            return true;
        }
        // Cannibals: base candidates in two cover houses.
        let mut twice = CellSet::EMPTY;
        for (i, &a) in cover.houses.iter().enumerate() {
            for &b in &cover.houses[i + 1..] {
                twice = twice | (self.house_cells[a] & self.house_cells[b]);
            }
        }
        let mut elims = (cover.covered - base) | ((twice & base) - cover.fins);
        if !cover.fins.is_empty() {
            elims = elims & cover.fin_peers;
        }
        if elims.is_empty() {
            return true;
        }
        let mut step = Step::new(technique(self.k, self.shape, self.finned));
        step.eliminations = elims.iter().map(|c| Candidate::new(c, self.digit)).collect();
        step.cells = base.to_vec();
        step.candidates = base.iter().map(|c| Candidate::new(c, self.digit)).collect();
        step.houses = bases.iter().map(|&h| self.houses[h]).collect();
        let mut covers: Vec<House> = cover.houses.iter().map(|&h| self.houses[h]).collect();
        covers.sort();
        step.houses.extend(covers);
        (self.sink)(step)
    }
}
