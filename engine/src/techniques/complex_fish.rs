//! Complex fish: Franken and Mutant fish, plain and finned, on one digit.
//!
//! ```text
//!  Franken Swordfish on d: base = rows 2 and 8 and box 5; cover = columns 4, 6 and 9.
//!        c4  c6  c9
//!   r2   d   .   d         The base houses share no cell, and each holds one d: three d,
//!   r4   d   .   .  (b5)   all in the cover columns. Those hold one d each, so the three
//!   r6   .   d   .  (b5)   d fill them: d leaves every other cell of the cover columns,
//!   r8   .   d   d         such as the x.
//!   r9   x   .   x
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
//! Finding them: a fish only ever removes candidates that no template of its digit uses
//! (templates.rs: reasoning on one digit can't remove a candidate that some placement of the
//! digit across the whole grid keeps). So the templates name the targets first, usually none,
//! and the search runs only for those. For a target, one of its houses is a cover (or, for a
//! cannibal, a base with its other two houses as covers), and fins must see it. From there the
//! fish grows connected: the next uncovered base candidate goes into one of its at most three
//! houses, or becomes a fin; when all are covered, a base house through a covered candidate
//! joins (or, if none will, a cover through a base candidate). A fish in two separate parts
//! would remove nothing its parts don't, so nothing is lost. Running out of cover houses cuts
//! a branch at once; fins are bounded (`MAX_FINS`), and so is the work (`SEARCH_STEPS`).
//!
//! 4x4 and 9x9 only (cells as 128-bit masks): on 16x16, 48 houses make the search far too
//! wide for a hint, and its templates can't be walked.

use super::templates::outside_templates;
use super::util::Sink;
use crate::geometry::{Candidate, Cell, Digit, House, Size};
use crate::layout::Layout;
use crate::position::Position;
use crate::step::{Step, Technique};
use std::sync::OnceLock;

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
pub const MAX_FINS: u32 = 5;

/// The most search steps (partial fish) one call may take: about 10 ms. The positions met in
/// a solve need far fewer (at most a few thousand over 300 of the hardest puzzles; 58,000 for
/// the hardest reglib case, a Whale); only crowded positions early in a puzzle, where simpler
/// techniques apply first anyway, hold so many fish that a complete search would take long
/// (a tenth of a second for a Whale): there it stops, keeping what it found.
const SEARCH_STEPS: u32 = 100_000;

/// The most base houses (a Whale).
const MAX_K: usize = 6;

const ROW: u8 = 1;
const COL: u8 = 2;
const BOX: u8 = 4;

/// Cells as bits of a 128-bit mask (enough for 9x9).
type Bits = u128;

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
        House::Box(_) | House::Region(_) => BOX,
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

/// The grid's houses, each cell's houses and peers, as masks.
struct Tables {
    houses: Vec<House>,
    house_cells: Vec<Bits>,
    cell_houses: Vec<[u8; 3]>,
    peers: Vec<Bits>,
}

/// The boxes' tables of a size, built once.
fn tables(size: Size) -> &'static Tables {
    static T: [OnceLock<Tables>; Size::ALL.len()] = [const { OnceLock::new() }; Size::ALL.len()];
    T[size.ordinal()].get_or_init(|| tables_of(&Layout::boxes(size)))
}

/// The tables of a layout's houses (a jigsaw's regions: built for each search, as cheap as one
/// step of it).
fn tables_of(layout: &Layout) -> Tables {
    let size = layout.size();
    let houses: Vec<House> = layout.houses().collect();
    let bits = |cells: &[Cell]| cells.iter().fold(0 as Bits, |m, c| m | 1 << c.index());
    Tables {
        house_cells: houses.iter().map(|&h| bits(layout.house_cells(h))).collect(),
        cell_houses: size.cells().map(|c| layout.houses_of(c).map(|h| h.index(size) as u8)).collect(),
        peers: size.cells().map(|c| bits(layout.peers(c))).collect(),
        houses,
    }
}

fn cells_of(bits: Bits) -> impl Iterator<Item = Cell> {
    let mut rest = bits;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(Cell::new(i))
    })
}

/// Complex fish with `k` base houses of `shape`, finned or not.
pub fn find_all(pos: &Position, k: usize, shape: Shape, finned: bool, sink: Sink<'_>) -> bool {
    let size = pos.size();
    if size.cell_count() > 128 || !(2..=MAX_K).contains(&k) {
        return true;
    }
    let irregular;
    let t = if pos.layout().is_irregular() {
        irregular = tables_of(pos.layout());
        &irregular
    } else {
        tables(size)
    };
    let mut steps_left = SEARCH_STEPS;
    // Which kinds of houses may be base and cover: for Franken, rows and boxes against columns
    // and boxes, then the transpose (a fish can't be both: its bases would all be boxes, and
    // boxes can't cover other boxes); for Mutant, anything (the basic and Franken ones met on
    // the way are left to their own techniques).
    let orientations: &[(u8, u8)] = match shape {
        Shape::Franken => &[(ROW | BOX, COL | BOX), (COL | BOX, ROW | BOX)],
        Shape::Mutant => &[(ROW | COL | BOX, ROW | COL | BOX)],
    };
    for digit in size.digits() {
        let targets = match outside_templates(pos, digit) {
            Some(0) | None => continue,
            Some(t) => t,
        };
        let cells = pos.digit_cells(digit).iter().fold(0 as Bits, |m, c| m | 1 << c.index());
        let house_cells: Vec<Bits> = t.house_cells.iter().map(|&h| h & cells).collect();
        for &(base_kinds, cover_kinds) in orientations {
            let of_kinds = |kinds: u8| {
                (0..t.houses.len()).filter(|&i| kinds & kind_of(t.houses[i]) != 0 && house_cells[i] != 0).fold(0u32, |m, i| m | 1 << i)
            };
            let (base_ok, cover_ok) = (of_kinds(base_kinds), of_kinds(cover_kinds));
            for z in cells_of(targets) {
                let mut search = Search {
                    t,
                    digit,
                    target: z,
                    house_cells: &house_cells,
                    fin_zone: if finned { t.peers[z.index()] & cells } else { 0 },
                    k,
                    shape,
                    finned,
                    steps_left: &mut steps_left,
                    sink: &mut *sink,
                };
                if !search.run(base_ok, cover_ok) {
                    return false;
                }
            }
        }
    }
    true
}

struct Search<'a, 's> {
    t: &'a Tables,
    digit: Digit,
    /// The candidate the fish must remove (the smallest it removes: each fish is reported for
    /// that one only).
    target: Cell,
    /// The digit's candidates in each house, by house index.
    house_cells: &'a [Bits],
    /// Where fins may be: candidates that see the target (none for a fish without fins).
    fin_zone: Bits,
    k: usize,
    shape: Shape,
    finned: bool,
    /// The search steps left (see `SEARCH_STEPS`).
    steps_left: &'a mut u32,
    sink: Sink<'s>,
}

/// A fish in the making.
#[derive(Clone, Copy)]
struct State {
    bases: [u8; MAX_K],
    nb: usize,
    /// Houses that may not become bases (wrong kind, the target's, or already passed over).
    base_barred: u32,
    covers: [u8; MAX_K],
    nc: usize,
    /// The base houses' candidates.
    base_cells: Bits,
    /// The cover houses' candidates, and those in two cover houses.
    covered: Bits,
    twice: Bits,
    /// Houses that may not become covers (bases, wrong kind, or already tried for this part of
    /// the base: a fish is met only once), and the covers as a set.
    barred: u32,
    cover_set: u32,
    /// Base candidates outside the cover (exo fins) or in two bases (endo fins), and the
    /// candidates that see them all.
    fins: Bits,
    fin_peers: Bits,
}

impl Search<'_, '_> {
    /// Searches the fish that remove the target: with one of its houses as a cover (and none
    /// as a base), or as a cannibal, with one as a base and the other two as covers.
    fn run(&mut self, base_ok: u32, cover_ok: u32) -> bool {
        let z = self.target.index();
        let z_houses = self.t.cell_houses[z];
        let all_z = z_houses.iter().fold(0u32, |m, &h| m | 1 << h);
        let empty = State {
            bases: [0; MAX_K],
            nb: 0,
            base_barred: !base_ok | all_z,
            covers: [0; MAX_K],
            nc: 0,
            base_cells: 0,
            covered: 0,
            twice: 0,
            barred: !cover_ok,
            cover_set: 0,
            fins: 0,
            fin_peers: !0,
        };
        let mut tried = 0u32;
        for &h in &z_houses {
            if cover_ok & (1 << h) == 0 {
                continue;
            }
            // Houses of the target tried before are no covers here: each fish is met once.
            let mut st = empty;
            st.barred |= tried;
            tried |= 1 << h;
            self.add_cover(&mut st, h as usize);
            if !self.grow(st) {
                return false;
            }
        }
        for (i, &b) in z_houses.iter().enumerate() {
            let others = [z_houses[(i + 1) % 3], z_houses[(i + 2) % 3]];
            if base_ok & (1 << b) == 0 || others.iter().any(|&h| cover_ok & (1 << h) == 0) {
                continue;
            }
            let mut st = empty;
            self.add_base(&mut st, b as usize);
            for h in others {
                self.add_cover(&mut st, h as usize);
            }
            if !self.grow(st) {
                return false;
            }
        }
        true
    }

    fn add_cover(&self, st: &mut State, h: usize) {
        st.covers[st.nc] = h as u8;
        st.nc += 1;
        st.twice |= st.covered & self.house_cells[h];
        st.covered |= self.house_cells[h];
        st.cover_set |= 1 << h;
        st.barred |= 1 << h;
    }

    fn add_base(&self, st: &mut State, h: usize) {
        st.bases[st.nb] = h as u8;
        st.nb += 1;
        st.base_barred |= 1 << h;
        st.base_cells |= self.house_cells[h];
        st.barred |= 1 << h;
    }

    /// Extends `st`: covers its next uncovered base candidate (or makes it a fin); when all are
    /// covered, adds a base house that meets the covers (the first such in index order, the
    /// earlier ones passed over for good), or else a cover house through a base candidate. So
    /// the fish grows connected from the target's cover, and each fish is met once. Returns
    /// false when the sink stops (or the steps run out).
    fn grow(&mut self, st: State) -> bool {
        if *self.steps_left == 0 {
            return false;
        }
        *self.steps_left -= 1;
        let open = st.base_cells & !st.covered & !st.fins;
        if open != 0 {
            return self.cover(st, open);
        }
        if st.nb == self.k && st.nc == self.k {
            return self.report(&st);
        }
        // Candidates covered but in no base yet: a new base through one of them hangs on.
        let links = st.covered & !st.base_cells;
        let mut base_barred = st.base_barred;
        if st.nb < self.k {
            for h in 0..self.house_cells.len() {
                let cells = self.house_cells[h];
                if base_barred & (1 << h) != 0 || st.cover_set & (1 << h) != 0 || cells & links == 0 {
                    continue;
                }
                // Candidates in two bases are (endo) fins.
                let endo = cells & st.base_cells;
                let mut next = st;
                next.base_barred = base_barred;
                base_barred |= 1 << h;
                if endo != 0 {
                    if endo & !self.fin_zone != 0 || (st.fins | endo).count_ones() > MAX_FINS {
                        continue;
                    }
                    next.fins |= endo;
                    for c in cells_of(endo) {
                        next.fin_peers &= self.t.peers[c.index()];
                    }
                }
                self.add_base(&mut next, h);
                if !self.grow(next) {
                    return false;
                }
            }
        }
        if st.nc < self.k {
            // No further base meets the covers: a further cover must meet the base.
            let held = st.base_cells & !st.fins;
            let mut barred = st.barred;
            for h in 0..self.house_cells.len() {
                if barred & (1 << h) != 0 || self.house_cells[h] & held == 0 {
                    continue;
                }
                let mut next = st;
                next.base_barred = base_barred;
                next.barred = barred;
                barred |= 1 << h;
                self.add_cover(&mut next, h);
                if !self.grow(next) {
                    return false;
                }
            }
        }
        true
    }

    /// Branches on the open candidate with the fewest houses left to cover it: each of them
    /// (later branches barring the earlier houses), or the candidate as a fin.
    fn cover(&mut self, st: State, open: Bits) -> bool {
        let room = (self.k - st.nc) as u32;
        let fins_left = st.fins.count_ones() < MAX_FINS;
        let mut best = (Cell::new(0), 0u32, u32::MAX);
        // A lower bound on the covers still needed: open candidates that can't be fins and
        // share no house that could still cover two of them need one cover each.
        let (mut used, mut need) = (0u32, 0u32);
        for c in cells_of(open) {
            let houses = if room > 0 { self.t.cell_houses[c.index()].iter().fold(0u32, |m, &h| m | 1 << h) & !st.barred } else { 0 };
            let n = houses.count_ones();
            if n < best.2 {
                best = (c, houses, n);
            }
            if !(fins_left && self.fin_zone & (1 << c.index()) != 0) && houses & used == 0 {
                need += 1;
                used |= houses;
                if need > room {
                    return true;
                }
            }
        }
        let (cell, mut houses, _) = best;
        let mut barred = st.barred;
        while houses != 0 {
            let h = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            let mut next = st;
            next.barred = barred;
            self.add_cover(&mut next, h);
            barred |= 1 << h;
            if !self.grow(next) {
                return false;
            }
        }
        // Or the candidate is a fin: none of its houses may cover it.
        if self.fin_zone & (1 << cell.index()) != 0 && st.fins.count_ones() < MAX_FINS {
            let mut next = st;
            next.fins |= 1 << cell.index();
            next.fin_peers &= self.t.peers[cell.index()];
            next.barred = self.t.cell_houses[cell.index()].iter().fold(barred, |m, &h| m | 1 << h);
            return self.grow(next);
        }
        true
    }

    /// Whether bases and covers hang together through the candidates they share (fins
    /// aside). A fish in two separate parts removes nothing that its parts, smaller fish with
    /// fewer fins, don't: it is left to them (and many junk fish go with it: a pattern plus
    /// houses that cover only themselves).
    fn connected(&self, st: &State) -> bool {
        let n = st.nb + st.nc;
        let house = |i: usize| if i < st.nb { st.bases[i] } else { st.covers[i - st.nb] } as usize;
        let mut reached = 1u32;
        let mut frontier = 1u32;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let (from, to) = if i < st.nb { (st.nb, n) } else { (0, st.nb) };
            for j in from..to {
                if reached & (1 << j) == 0 && self.house_cells[house(i)] & self.house_cells[house(j)] & st.base_cells & !st.fins != 0 {
                    reached |= 1 << j;
                    frontier |= 1 << j;
                }
            }
        }
        reached.count_ones() as usize == n
    }

    /// Reports a complete fish if it is of the shape searched and removes something.
    fn report(&mut self, st: &State) -> bool {
        if self.finned == (st.fins == 0) {
            return true;
        }
        let houses = &self.t.houses;
        let bases = &st.bases[..st.nb];
        let covers = &st.covers[..st.nc];
        let base_kinds = bases.iter().fold(0, |m, &h| m | kind_of(houses[h as usize]));
        let cover_kinds = covers.iter().fold(0, |m, &h| m | kind_of(houses[h as usize]));
        if shape_of(base_kinds, cover_kinds) != Some(self.shape) {
            return true;
        }
        if !self.connected(st) {
            return true;
        }
        // Cover candidates outside the base, and cannibals: base candidates in two covers.
        let mut elims = (st.covered & !st.base_cells) | (st.twice & st.base_cells & !st.fins);
        if st.fins != 0 {
            elims &= st.fin_peers;
        }
        // Reported once, for the smallest candidate it removes.
        if elims.trailing_zeros() as usize != self.target.index() {
            return true;
        }
        let mut step = Step::new(technique(self.k, self.shape, self.finned));
        step.eliminations = cells_of(elims).map(|c| Candidate::new(c, self.digit)).collect();
        step.cells = cells_of(st.base_cells).collect();
        step.candidates = step.cells.iter().map(|&c| Candidate::new(c, self.digit)).collect();
        step.houses = bases.iter().map(|&h| houses[h as usize]).collect();
        crate::keyed_sort::sort_by_key(&mut step.houses, House::order);
        let mut cover_houses: Vec<House> = covers.iter().map(|&h| houses[h as usize]).collect();
        crate::keyed_sort::sort_by_key(&mut cover_houses, House::order);
        step.houses.extend(cover_houses);
        (self.sink)(step)
    }
}
