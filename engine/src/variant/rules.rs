//! A puzzle compiled for narrowing: every constraint turned into a few kinds of rule that the
//! propagation loop knows (peers, full houses, pair tables, digit-set choices, linear sums,
//! sandwiches), with cell indices checked once, so that the loop itself never has to.
//!
//! The constraint modules say what each constraint compiles to (their `compile` functions);
//! this module owns the shapes of the rules and the loop that runs them to a fixpoint.

use super::Puzzle;
use crate::cellset::CellSet;
use crate::geometry::{Cell, Digit, DigitSet, Size};
use std::collections::HashMap;

/// Why a puzzle cannot be solved as given: a constraint or the regions do not fit its grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Malformed {
    /// The constraint at this index of `constraints` names a cell outside the grid, repeats a
    /// cell, has no cells where it needs some, or a number out of range.
    #[error("constraint {0} does not fit the grid")]
    Constraint(usize),
    /// `regions` is not one region number per cell with `side` cells in each region.
    #[error("the regions do not divide the grid into equal regions")]
    Regions,
    /// Candidates to narrow are not one set per cell of the puzzle's grid.
    #[error("not one candidate set per cell")]
    Candidates,
}

/// What one narrowing pass did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrowed {
    /// No candidate removed.
    Unchanged,
    /// Some candidates removed, none emptied.
    Changed,
    /// No digit fits some cell: the grid cannot be completed.
    Contradiction,
}

impl Narrowed {
    fn and(self, other: Narrowed) -> Narrowed {
        match (self, other) {
            (Narrowed::Contradiction, _) | (_, Narrowed::Contradiction) => Narrowed::Contradiction,
            (Narrowed::Changed, _) | (_, Narrowed::Changed) => Narrowed::Changed,
            _ => Narrowed::Unchanged,
        }
    }
}

/// What a narrowing ran into when it failed (`Rules::contradiction`), for the trial's sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Broken {
    /// A cell (its index) with no digit left.
    Cell(usize),
    /// A house (its index in `Rules::houses`) with no place left for a digit (its index).
    House(usize, usize),
    /// A rule (its index in `Rules::rules`) that no filling of its cells' candidates keeps.
    Rule(usize),
}

/// One rule beyond "peers differ": what each constraint compiles to.
#[derive(Clone, Debug)]
pub(crate) enum Rule {
    /// Two cells whose digits are related: `a_to_b[d]` is the digits `b` may hold when `a`
    /// holds digit index `d`, and the reverse (dots, XV, whispers, thermometers, palindromes,
    /// the negative rules).
    Pair { a: usize, b: usize, a_to_b: [u16; 16], b_to_a: [u16; 16] },
    /// A `Pair` once compiled: `supports[ab][set]` is the digits `b` may hold when `a` may
    /// hold the digits of `set` (one lookup instead of a loop over the set), and `ba` the
    /// reverse. Pairs with the same relation share their tables.
    Related { a: usize, b: usize, ab: usize, ba: usize },
    /// Distinct cells whose digits form one of `sets` (killer sums, renban runs).
    Choice { cells: Vec<usize>, sets: Vec<u16> },
    /// Σ weight × digit = total (arrows, little killers).
    Linear { terms: Vec<(usize, i32)>, total: i32 },
    /// The digits strictly between the 1 and the largest digit of `line` add up to `sum`.
    Sandwich { line: Vec<usize>, sum: i32 },
}

/// A puzzle compiled for narrowing.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    pub size: Size,
    /// The cells each cell must differ from: row, column, region, and every constraint that
    /// makes cells distinct (cages, diagonals, extra regions, anti-knight, …).
    pub peers: Vec<CellSet>,
    /// Groups holding every digit exactly once, for hidden singles: rows, columns, regions,
    /// and any distinct group of `side` cells.
    pub houses: Vec<Vec<usize>>,
    /// The digits each cell may hold before anything is placed (parity).
    pub allowed: Vec<DigitSet>,
    pub rules: Vec<Rule>,
    /// The cells each rule reads: a rule runs again only when one of them changed.
    scopes: Vec<CellSet>,
    /// The support tables of the `Related` rules.
    supports: Vec<Vec<u16>>,
}

/// What the constraint modules add to while compiling.
pub(crate) struct Builder {
    pub size: Size,
    pub side: usize,
    peers: Vec<CellSet>,
    houses: Vec<Vec<usize>>,
    allowed: Vec<DigitSet>,
    rules: Vec<Rule>,
    pairs: HashMap<(usize, usize), usize>,
}

impl Builder {
    /// Makes the cells pairwise distinct (and a house when there are `side` of them).
    pub fn distinct(&mut self, cells: &[usize]) {
        for &a in cells {
            for &b in cells {
                if a != b {
                    self.peers[a].insert(Cell::new(b));
                }
            }
        }
        if cells.len() == self.side {
            self.houses.push(cells.to_vec());
        }
    }

    /// Makes two cells differ.
    pub fn differ(&mut self, a: usize, b: usize) {
        if a != b {
            self.peers[a].insert(Cell::new(b));
            self.peers[b].insert(Cell::new(a));
        }
    }

    /// Relates two cells: `ok(x, y)` says whether `a` may hold x while `b` holds y. Several
    /// relations on one pair are merged into one table (both must hold).
    pub fn pair(&mut self, a: usize, b: usize, ok: impl Fn(u8, u8) -> bool) {
        if a == b {
            // Not a pair: the relation of a cell with itself keeps the digits related to
            // themselves.
            let keep = (1..=self.side as u8).filter(|&x| ok(x, x)).fold(0u16, |m, x| m | 1 << (x - 1));
            self.allowed[a] &= DigitSet::from_bits(keep);
            return;
        }
        let (a, b, flip) = if a < b { (a, b, false) } else { (b, a, true) };
        let mut a_to_b = [0u16; 16];
        let mut b_to_a = [0u16; 16];
        for x in 1..=self.side as u8 {
            for y in 1..=self.side as u8 {
                let holds = if flip { ok(y, x) } else { ok(x, y) };
                if holds {
                    a_to_b[x as usize - 1] |= 1 << (y - 1);
                    b_to_a[y as usize - 1] |= 1 << (x - 1);
                }
            }
        }
        match self.pairs.get(&(a, b)) {
            Some(&i) => {
                if let Rule::Pair { a_to_b: ab, b_to_a: ba, .. } = &mut self.rules[i] {
                    for d in 0..16 {
                        ab[d] &= a_to_b[d];
                        ba[d] &= b_to_a[d];
                    }
                }
            }
            None => {
                self.pairs.insert((a, b), self.rules.len());
                self.rules.push(Rule::Pair { a, b, a_to_b, b_to_a });
            }
        }
    }

    /// Keeps only these digits in a cell.
    pub fn restrict(&mut self, cell: usize, digits: DigitSet) {
        self.allowed[cell] &= digits;
    }

    /// Adds a rule.
    pub fn rule(&mut self, rule: Rule) {
        self.rules.push(rule);
    }
}

/// A constraint's cells as indices, if every one is on the grid and none repeats.
pub(crate) fn indices(size: Size, cells: &[Cell]) -> Option<Vec<usize>> {
    let mut seen = CellSet::EMPTY;
    let mut out = Vec::with_capacity(cells.len());
    for &c in cells {
        if c.index() >= size.cell_count() || seen.contains(c) {
            return None;
        }
        seen.insert(c);
        out.push(c.index());
    }
    Some(out)
}

/// The region of each cell: the puzzle's, checked, or the boxes'.
pub(crate) fn regions(puzzle: &Puzzle) -> Result<Vec<usize>, Malformed> {
    let size = puzzle.size();
    let side = size.side();
    match &puzzle.regions {
        None => Ok(size.cells().map(|c| size.box_of(c)).collect()),
        Some(r) => {
            let mut count = vec![0usize; side];
            if r.len() != size.cell_count() {
                return Err(Malformed::Regions);
            }
            for &x in r {
                let x = x as usize;
                if x >= side {
                    return Err(Malformed::Regions);
                }
                count[x] += 1;
            }
            if count.iter().any(|&n| n != side) {
                return Err(Malformed::Regions);
            }
            Ok(r.iter().map(|&x| x as usize).collect())
        }
    }
}

impl Rules {
    /// Compiles a puzzle. `strict`: a malformed constraint is an error; otherwise it is left
    /// out (Show candidates on a puzzle from a damaged link still helps with the rest).
    pub fn compile(puzzle: &Puzzle, strict: bool) -> Result<Rules, Malformed> {
        Rules::compile_some(puzzle, None, strict)
    }

    /// Compiles one constraint alone, without rows, columns and regions (`Puzzle::narrow_by`).
    pub fn compile_one(puzzle: &Puzzle, index: usize) -> Result<Rules, Malformed> {
        Rules::compile_some(puzzle, Some(index), true)
    }

    fn compile_some(puzzle: &Puzzle, only: Option<usize>, strict: bool) -> Result<Rules, Malformed> {
        let size = puzzle.size();
        let side = size.side();
        let n = size.cell_count();
        let region = regions(puzzle)?;
        let mut b = Builder {
            size,
            side,
            peers: vec![CellSet::EMPTY; n],
            houses: Vec::new(),
            allowed: vec![size.all_digits(); n],
            rules: Vec::new(),
            pairs: HashMap::new(),
        };
        for i in (0..side).filter(|_| only.is_none()) {
            b.distinct(&(0..side).map(|c| i * side + c).collect::<Vec<_>>());
            b.distinct(&(0..side).map(|r| r * side + i).collect::<Vec<_>>());
            b.distinct(&(0..n).filter(|&c| region[c] == i).collect::<Vec<_>>());
        }
        if only.is_some_and(|i| i >= puzzle.constraints.len()) {
            return Err(Malformed::Constraint(only.unwrap_or(0)));
        }
        for (i, c) in puzzle.constraints.iter().enumerate().filter(|(i, _)| only.is_none_or(|o| o == *i)) {
            if super::compile(c, puzzle, &mut b).is_none() && strict {
                return Err(Malformed::Constraint(i));
            }
        }
        b.houses.sort();
        b.houses.dedup();
        let mut supports = Vec::new();
        let mut known: HashMap<[u16; 16], usize> = HashMap::new();
        let mut table = |relation: [u16; 16]| {
            *known.entry(relation).or_insert_with(|| {
                let t = (0..1usize << side).map(|set| bits(set as u16).fold(0, |m, d| m | relation[d])).collect();
                supports.push(t);
                supports.len() - 1
            })
        };
        let rules: Vec<Rule> = b
            .rules
            .into_iter()
            .map(|r| match r {
                Rule::Pair { a, b, a_to_b, b_to_a } => Rule::Related { a, b, ab: table(a_to_b), ba: table(b_to_a) },
                r => r,
            })
            .collect();
        let scopes = rules.iter().map(Rule::scope).collect();
        Ok(Rules { size, peers: b.peers, houses: b.houses, allowed: b.allowed, rules, scopes, supports })
    }

    /// The related pairs of cells both ways: (a, b, the digits b may hold when a holds each
    /// digit index).
    pub fn related(&self) -> Vec<(usize, usize, [u16; 16])> {
        let mut out = Vec::new();
        for rule in &self.rules {
            if let Rule::Related { a, b, ab, ba } = *rule {
                let with = |t: usize| std::array::from_fn(|d| self.supports[t].get(1 << d).copied().unwrap_or(u16::MAX));
                out.push((a, b, with(ab)));
                out.push((b, a, with(ba)));
            }
        }
        out
    }

    /// The starting candidates for a grid of digits: each digit where placed, what the
    /// cell-level rules allow elsewhere. `None` when a digit breaks a cell-level rule.
    pub fn start(&self, grid: &crate::grid::Grid) -> Option<Vec<DigitSet>> {
        let mut cands = self.allowed.clone();
        for (i, d) in grid.cells().iter().enumerate() {
            if let Some(d) = *d {
                if !cands[i].contains(d) {
                    return None;
                }
                cands[i] = DigitSet::single(d);
            }
        }
        Some(cands)
    }

    /// Narrows candidates given from outside, checking their count first.
    pub fn narrow(&self, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        if cands.len() != self.size.cell_count() {
            return Err(Malformed::Candidates);
        }
        let all = self.size.all_digits();
        let mut r = Narrowed::Unchanged;
        for (c, a) in cands.iter_mut().zip(&self.allowed) {
            let narrowed = c.intersection(*a).intersection(all);
            if narrowed != *c {
                *c = narrowed;
                r = Narrowed::Changed;
            }
        }
        let mut placed = CellSet::EMPTY;
        Ok(r.and(self.propagate(cands, &mut placed)))
    }

    /// `narrow` for candidates taken from `base`, candidates every rule has already narrowed
    /// to a fixpoint (what `narrow` leaves): only the rules over the cells that differ from
    /// `base` run at first, and the singles of `base` are not taken from their peers again. A
    /// trial (one candidate placed in a narrowed position) runs so in a fraction of the time.
    pub fn narrow_from(&self, cands: &mut [DigitSet], base: &[DigitSet]) -> Result<Narrowed, Malformed> {
        let n = self.size.cell_count();
        if cands.len() != n || base.len() != n {
            return Err(Malformed::Candidates);
        }
        if cands.iter().zip(base).any(|(c, b)| !c.difference(*b).is_empty()) {
            // Not within the fixpoint: what `base` says about them does not hold.
            return self.narrow(cands);
        }
        let mut placed: CellSet = (0..n).filter(|&c| base[c].len() == 1).map(Cell::new).collect();
        let mut before = [DigitSet::EMPTY; 256];
        before[..n].copy_from_slice(base);
        Ok(self.propagate_since(cands, &mut placed, Some(before), &mut None))
    }

    /// `narrow_from`, then deeper: locked candidates over every rule's peers (`lock`), each
    /// removal followed by every rule again, to a fixpoint. The trials' narrowing: a trial so
    /// narrowed fails more often, and fewer steps need the nested trial. Not the solver's (it
    /// costs more per call than a search saves there).
    pub fn narrow_deep_from(&self, cands: &mut [DigitSet], base: &[DigitSet]) -> Result<Narrowed, Malformed> {
        // Not within `base`: what `base` says about them does not hold (as in `narrow_from`).
        let within = cands.iter().zip(base).all(|(c, b)| c.difference(*b).is_empty());
        let r = self.narrow_from(cands, base)?;
        Ok(self.deepen(cands, r, within.then_some(base), &mut None))
    }

    /// `narrow` and then `deepen`: the fixpoint the trials start from.
    pub fn narrow_deep(&self, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        let r = self.narrow(cands)?;
        Ok(self.deepen(cands, r, None, &mut None))
    }

    /// `narrow_deep` that says what it ran into when it fails: `None` when it does not fail.
    pub fn contradiction(&self, cands: &mut [DigitSet]) -> Option<Broken> {
        if cands.len() != self.size.cell_count() {
            return None;
        }
        for (c, a) in cands.iter_mut().zip(&self.allowed) {
            *c = c.intersection(*a).intersection(self.size.all_digits());
        }
        let (mut why, mut placed) = (None, CellSet::EMPTY);
        let r = self.propagate_since(cands, &mut placed, None, &mut why);
        self.deepen(cands, r, None, &mut why);
        why
    }

    /// From candidates every rule has narrowed to a fixpoint (`so_far`: what that did), locked
    /// candidates and every rule again, until neither removes anything.
    /// `since`: candidates `lock` already ran on (the base of `narrow_deep_from`).
    fn deepen(&self, cands: &mut [DigitSet], so_far: Narrowed, since: Option<&[DigitSet]>, why: &mut Option<Broken>) -> Narrowed {
        let mut any = so_far;
        let mut fixpoint = [DigitSet::EMPTY; 256];
        let mut first = true;
        while any != Narrowed::Contradiction {
            let last = fixpoint;
            fixpoint[..cands.len()].copy_from_slice(cands);
            let since = if first { since } else { Some(&last[..cands.len()]) };
            first = false;
            match self.lock(cands, since) {
                Narrowed::Unchanged => break,
                Narrowed::Contradiction => {
                    *why = cands.iter().position(|c| c.is_empty()).map(Broken::Cell);
                    return Narrowed::Contradiction;
                }
                Narrowed::Changed => {
                    // Every single of the fixpoint was taken from its peers already.
                    let mut placed: CellSet = (0..cands.len()).filter(|&c| fixpoint[c].len() == 1).map(Cell::new).collect();
                    any = Narrowed::Changed.and(self.propagate_since(cands, &mut placed, Some(fixpoint), why));
                }
            }
        }
        any
    }

    /// Locked candidates over every rule's peers: a digit a house must hold (or a cage or
    /// renban, every set of digits still fitting it has) goes from every cell that sees all of
    /// the group's cells that can take it (pointing and claiming, and the same through a
    /// diagonal, an anti-knight move, an extra region or a cage). One pass, over the groups
    /// with a cell that differs from `since` (the candidates of the last pass, or of a base
    /// this pass already ran on: the other groups would find the same again).
    fn lock(&self, cands: &mut [DigitSet], since: Option<&[DigitSet]>) -> Narrowed {
        let all = self.size.all_digits().bits();
        let changed = |cands: &[DigitSet], cells: &[usize]| since.is_none_or(|s| cells.iter().any(|&c| s[c] != cands[c]));
        let mut r = Narrowed::Unchanged;
        for house in &self.houses {
            if !changed(cands, house) {
                continue;
            }
            // The digits two or three cells can take, none holds yet.
            let (mut once, mut twice, mut thrice, mut four, mut solved) = (0u16, 0u16, 0u16, 0u16, 0u16);
            for &c in house {
                let s = cands[c].bits();
                four |= thrice & s;
                thrice |= twice & s;
                twice |= once & s;
                once |= s;
                if s.is_power_of_two() {
                    solved |= s;
                }
            }
            r = r.and(self.lock_group(cands, house, twice & !four & !solved, 3));
            if r == Narrowed::Contradiction {
                return r;
            }
        }
        for rule in &self.rules {
            if let Rule::Choice { cells, sets } = rule
                && changed(cands, cells)
            {
                r = r.and(self.lock_group(cands, cells, fitting(cands, cells, sets).1 & all, cells.len()));
                if r == Narrowed::Contradiction {
                    return r;
                }
            }
        }
        r
    }

    /// Each digit of `needed` (one of `cells` holds it) goes from the cells that see every
    /// one of `cells` that can take it, when at most `most` can (more cells of a house than
    /// the three a box and a line share seldom see one cell outside it: not worth the time).
    fn lock_group(&self, cands: &mut [DigitSet], cells: &[usize], needed: u16, most: usize) -> Narrowed {
        let mut r = Narrowed::Unchanged;
        for d in bits(needed) {
            let bit = 1u16 << d;
            let (mut seen_by_all, mut holders) = (CellSet::EMPTY, 0);
            for &c in cells.iter().filter(|&&c| cands[c].bits() & bit != 0) {
                if cands[c].len() == 1 {
                    // Placed: its peers lost the digit already.
                    holders = 0;
                    break;
                }
                seen_by_all = if holders == 0 { self.peers[c] } else { seen_by_all.intersection(self.peers[c]) };
                holders += 1;
                if holders > most {
                    break;
                }
            }
            if holders < 2 || holders > most {
                continue;
            }
            for p in seen_by_all.iter().map(Cell::index) {
                if cands[p].bits() & bit != 0 {
                    r = r.and(set(cands, p, !bit));
                    if r == Narrowed::Contradiction {
                        return r;
                    }
                }
            }
        }
        r
    }

    /// Narrows to a fixpoint: singles to their peers, hidden singles in houses, every rule.
    /// `placed` holds the cells whose single digit has already been taken from their peers.
    pub fn propagate(&self, cands: &mut [DigitSet], placed: &mut CellSet) -> Narrowed {
        self.propagate_since(cands, placed, None, &mut None)
    }

    /// `propagate`; `fixpoint`: candidates every rule was at a fixpoint on (only the rules
    /// over cells that differ from them need to run first), `None` to run every rule. On a
    /// contradiction, `why` gets what broke (set only then: no cost on the way).
    fn propagate_since(
        &self,
        cands: &mut [DigitSet],
        placed: &mut CellSet,
        fixpoint: Option<[DigitSet; 256]>,
        why: &mut Option<Broken>,
    ) -> Narrowed {
        let mut any = Narrowed::Unchanged;
        // The candidates when the rules last ran: a rule none of whose cells changed since
        // would find nothing new.
        let mut first = fixpoint.is_none();
        let mut before = fixpoint.unwrap_or([DigitSet::EMPTY; 256]);
        loop {
            let mut changed = false;
            loop {
                let mut again = false;
                for cell in 0..cands.len() {
                    let set = cands[cell];
                    if set.is_empty() {
                        *why = Some(Broken::Cell(cell));
                        return Narrowed::Contradiction;
                    }
                    if set.len() != 1 || placed.contains(Cell::new(cell)) {
                        continue;
                    }
                    placed.insert(Cell::new(cell));
                    for p in self.peers[cell].iter() {
                        let p = p.index();
                        if cands[p].intersection(set) != DigitSet::EMPTY {
                            cands[p] = cands[p].difference(set);
                            if cands[p].is_empty() {
                                *why = Some(Broken::Cell(p));
                                return Narrowed::Contradiction;
                            }
                            again = true;
                        }
                    }
                }
                for (h, house) in self.houses.iter().enumerate() {
                    let (mut once, mut twice, mut solved) = (0u16, 0u16, 0u16);
                    for &c in house {
                        let s = cands[c].bits();
                        twice |= once & s;
                        once |= s;
                        if s.is_power_of_two() {
                            solved |= s;
                        }
                    }
                    if once != self.size.all_digits().bits() {
                        *why = Some(Broken::House(h, (!once & self.size.all_digits().bits()).trailing_zeros() as usize));
                        return Narrowed::Contradiction;
                    }
                    let mut lone = once & !twice & !solved;
                    while lone != 0 {
                        let bit = lone & lone.wrapping_neg();
                        lone &= lone - 1;
                        for &c in house {
                            if cands[c].bits() & bit != 0 && cands[c].bits() != bit {
                                cands[c] = DigitSet::from_bits(bit);
                                again = true;
                            }
                        }
                    }
                }
                if !again {
                    break;
                }
                changed = true;
            }
            let dirty: CellSet = (0..cands.len()).filter(|&i| first || before[i] != cands[i]).map(Cell::new).collect();
            before[..cands.len()].copy_from_slice(cands);
            first = false;
            for (i, (rule, scope)) in self.rules.iter().zip(&self.scopes).enumerate() {
                if scope.intersection(dirty).is_empty() {
                    continue;
                }
                match rule.narrow(cands, &self.supports) {
                    Narrowed::Contradiction => {
                        *why = Some(Broken::Rule(i));
                        return Narrowed::Contradiction;
                    }
                    Narrowed::Changed => changed = true,
                    Narrowed::Unchanged => {}
                }
            }
            if !changed {
                return any;
            }
            any = Narrowed::Changed;
        }
    }
}

/// Sets a cell's candidates, saying what that did.
fn set(cands: &mut [DigitSet], cell: usize, to: u16) -> Narrowed {
    let old = cands[cell].bits();
    let new = old & to;
    if new == old {
        Narrowed::Unchanged
    } else {
        cands[cell] = DigitSet::from_bits(new);
        if new == 0 { Narrowed::Contradiction } else { Narrowed::Changed }
    }
}

/// The digit indices (value - 1) of a raw digit mask, smallest first.
fn bits(set: u16) -> impl Iterator<Item = usize> {
    DigitSet::from_bits(set).iter().map(Digit::index)
}

fn min_digit(set: u16) -> i32 {
    set.trailing_zeros() as i32 + 1
}

fn max_digit(set: u16) -> i32 {
    16 - set.leading_zeros() as i32
}

impl Rule {
    /// The cells the rule reads and narrows.
    fn scope(&self) -> CellSet {
        match self {
            Rule::Pair { a, b, .. } | Rule::Related { a, b, .. } => [Cell::new(*a), Cell::new(*b)].into_iter().collect(),
            Rule::Choice { cells, .. } | Rule::Sandwich { line: cells, .. } => cells.iter().map(|&c| Cell::new(c)).collect(),
            Rule::Linear { terms, .. } => terms.iter().map(|&(c, _)| Cell::new(c)).collect(),
        }
    }

    /// One pass of this rule over the candidates.
    pub fn narrow(&self, cands: &mut [DigitSet], supports: &[Vec<u16>]) -> Narrowed {
        match self {
            Rule::Related { a, b, ab, ba } => {
                let r = set(cands, *a, supports[*ba][cands[*b].bits() as usize]);
                if r == Narrowed::Contradiction {
                    return r;
                }
                r.and(set(cands, *b, supports[*ab][cands[*a].bits() as usize]))
            }
            Rule::Pair { a, b, a_to_b, b_to_a } => {
                let from_b = bits(cands[*b].bits()).fold(0, |m, d| m | b_to_a[d]);
                let r = set(cands, *a, from_b);
                if r == Narrowed::Contradiction {
                    return r;
                }
                let from_a = bits(cands[*a].bits()).fold(0, |m, d| m | a_to_b[d]);
                r.and(set(cands, *b, from_a))
            }
            Rule::Choice { cells, sets } => narrow_choice(cands, cells, sets),
            Rule::Linear { terms, total } => narrow_linear(cands, terms, *total),
            Rule::Sandwich { line, sum } => narrow_sandwich(cands, line, *sum),
        }
    }
}

/// Distinct cells holding exactly one of `sets`: a set fits when every digit of it can go in
/// some cell, every cell can take one of its digits, and it holds every digit already
/// decided. Cells keep the digits of the sets that fit; a digit every fitting set has, which
/// only one cell can take, goes there.
fn narrow_choice(cands: &mut [DigitSet], cells: &[usize], sets: &[u16]) -> Narrowed {
    let (any, all) = fitting(cands, cells, sets);
    if any == 0 {
        return Narrowed::Contradiction;
    }
    let mut r = Narrowed::Unchanged;
    for &c in cells {
        r = r.and(set(cands, c, any));
    }
    if r == Narrowed::Contradiction {
        return r;
    }
    for d in bits(all) {
        let bit = 1u16 << d;
        let mut holders = cells.iter().filter(|&&c| cands[c].bits() & bit != 0);
        match (holders.next(), holders.next()) {
            (None, _) => return Narrowed::Contradiction,
            (Some(&c), None) => r = r.and(set(cands, c, bit)),
            _ => {}
        }
    }
    r
}

/// The digits of the `sets` that fit `cells` (as `narrow_choice` says), and the digits every
/// one of them has: (0, all) when none fits.
fn fitting(cands: &[DigitSet], cells: &[usize], sets: &[u16]) -> (u16, u16) {
    let (mut union, mut decided) = (0u16, 0u16);
    for &c in cells {
        let s = cands[c].bits();
        union |= s;
        if s.count_ones() == 1 {
            decided |= s;
        }
    }
    let (mut any, mut all) = (0u16, u16::MAX);
    for &s in sets {
        if s & !union != 0 || decided & !s != 0 || cells.iter().any(|&c| cands[c].bits() & s == 0) {
            continue;
        }
        any |= s;
        all &= s;
    }
    (any, all)
}

/// Σ weight × digit = total, by bounds: a digit stays when the other terms' range can make up
/// the rest.
fn narrow_linear(cands: &mut [DigitSet], terms: &[(usize, i32)], total: i32) -> Narrowed {
    let range = |s: u16, w: i32| if w > 0 { (w * min_digit(s), w * max_digit(s)) } else { (w * max_digit(s), w * min_digit(s)) };
    let mut r = Narrowed::Unchanged;
    loop {
        let (mut lo, mut hi) = (0i32, 0i32);
        for &(c, w) in terms {
            let s = cands[c].bits();
            if s == 0 {
                return Narrowed::Contradiction;
            }
            let (a, b) = range(s, w);
            lo += a;
            hi += b;
        }
        if total < lo || total > hi {
            return Narrowed::Contradiction;
        }
        let mut changed = false;
        for &(c, w) in terms {
            let s = cands[c].bits();
            let (a, b) = range(s, w);
            let (others_lo, others_hi) = (lo - a, hi - b);
            let keep = bits(s).filter(|&d| (others_lo..=others_hi).contains(&(total - w * (d as i32 + 1)))).fold(0, |m, d| m | 1 << d);
            match set(cands, c, keep) {
                Narrowed::Contradiction => return Narrowed::Contradiction,
                Narrowed::Changed => {
                    changed = true;
                    r = Narrowed::Changed;
                }
                Narrowed::Unchanged => {}
            }
        }
        if !changed {
            return r;
        }
    }
}

/// Sandwich: every placement of the 1 and the largest digit that the candidates allow and
/// whose crust can add up to `sum` (by bounds, and by the smallest and largest sums of that
/// many distinct digits); cells keep what some placement allows them.
fn narrow_sandwich(cands: &mut [DigitSet], line: &[usize], sum: i32) -> Narrowed {
    let n = line.len();
    let one = 1u16;
    let top = 1u16 << (n - 1);
    let inner = (top << 1).wrapping_sub(1) & !one & !top;
    let mut keep = vec![0u16; n];
    for p in 0..n {
        if cands[line[p]].bits() & one == 0 {
            continue;
        }
        for q in 0..n {
            if q == p || cands[line[q]].bits() & top == 0 {
                continue;
            }
            let (lo_i, hi_i) = (p.min(q) + 1, p.max(q));
            let k = (hi_i - lo_i) as i32;
            // k distinct digits from 2..n-1.
            let least = (2..2 + k).sum::<i32>();
            let most = ((n as i32 - k)..n as i32).sum::<i32>();
            if sum < least || sum > most {
                continue;
            }
            let mut fits = true;
            let (mut lo, mut hi) = (0, 0);
            for &c in &line[lo_i..hi_i] {
                let s = cands[c].bits() & inner;
                if s == 0 {
                    fits = false;
                    break;
                }
                lo += min_digit(s);
                hi += max_digit(s);
            }
            if !fits || sum < lo || sum > hi {
                continue;
            }
            for (i, &c) in line.iter().enumerate() {
                let s = cands[c].bits();
                keep[i] |= if i == p {
                    one
                } else if i == q {
                    top
                } else if (lo_i..hi_i).contains(&i) {
                    let s = s & inner;
                    let (a, b) = (min_digit(s), max_digit(s));
                    bits(s).filter(|&d| (lo - a..=hi - b).contains(&(sum - d as i32 - 1))).fold(0, |m, d| m | 1 << d)
                } else {
                    s & inner
                };
            }
        }
    }
    let mut r = Narrowed::Unchanged;
    for (i, &c) in line.iter().enumerate() {
        r = r.and(set(cands, c, keep[i]));
        if r == Narrowed::Contradiction {
            return r;
        }
    }
    r
}
