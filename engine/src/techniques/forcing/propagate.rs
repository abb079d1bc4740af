//! The implication engine under forcing chains and nets: assume one candidate true (or false)
//! and follow what must follow, recording for every conclusion why it follows, until nothing
//! more does or the assumption proves impossible.
//!
//! Three strengths, the rungs of the forcing techniques:
//! - `Static`: each conclusion follows from one other (a chain). "r1c1 is 5" makes the 5s it
//!   sees false and its other digits false; "r1c1 is not 5" makes a digit true only where the
//!   *starting* position had two choices (r1c1 holds 5 or 7; row 1 has two places for 5).
//! - `Dynamic`: a conclusion may rest on several (a net): a cell whose other digits were all
//!   ruled out by this assumption, a house with one place left for a digit.
//! - `Nested(k)`: when the net stops, each candidate still open is itself tried with strength
//!   k-1 (`Nested(1)` tries them dynamically); one that fails is ruled out, and the net goes on.
//!
//! Literals are numbered `(cell * 16 + digit index) * 2 + on`, so every array here is indexed
//! the same way on every size.

use crate::geometry::{Candidate, Cell, Digit, House, Size};
use crate::position::Position;
pub use crate::step::Contradiction;

/// How strong an inference a branch may make (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Static,
    Dynamic,
    Nested(u8),
}

/// A candidate true or false, numbered (see the module comment).
pub type Lit = u32;

pub fn lit(cand: Candidate, on: bool) -> Lit {
    ((cand.cell.index() * 16 + cand.digit.index()) * 2 + on as usize) as Lit
}

pub fn lit_cand(l: Lit) -> Candidate {
    let i = (l / 2) as usize;
    Candidate::new(Cell::new(i / 16), Digit::from_index(i % 16))
}

pub fn lit_on(l: Lit) -> bool {
    l & 1 == 1
}

/// Why a literal holds in a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The branch's assumption.
    Assumed,
    /// A true candidate makes this one false (a weak link: same cell, or same digit in a house).
    Weak(Lit),
    /// The cell's only digit left (its other candidates are false in this branch).
    Cell,
    /// The house's only place left for the digit (its other places are false in this branch).
    House(u16),
    /// Trying the candidate with a weaker branch leads to a contradiction.
    Nested,
}

/// The position a sweep starts from, shared by all its branches.
pub struct Root {
    size: Size,
    cands: Vec<u16>,
    /// Places of (house, digit), as `house index * 16 + digit index`.
    count: Vec<u8>,
    /// Whether a digit is placed in a house.
    done: Vec<bool>,
}

impl Root {
    pub fn new(pos: &Position) -> Root {
        let size = pos.size();
        let cands: Vec<u16> = size.cells().map(|c| pos.candidates(c).bits()).collect();
        let mut count = vec![0u8; size.house_count() * 16];
        let mut done = vec![false; size.house_count() * 16];
        for house in size.houses() {
            for &c in size.house_cells(house) {
                for d in pos.candidates(c) {
                    count[house.index(size) * 16 + d.index()] += 1;
                }
                if let Some(d) = pos.value(c) {
                    done[house.index(size) * 16 + d.index()] = true;
                }
            }
        }
        Root { size, cands, count, done }
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The open candidates of the starting position.
    pub fn candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.size.cells().flat_map(move |c| bits(self.cands[c.index()]).map(move |d| Candidate::new(c, Digit::from_index(d))))
    }

    pub fn cell_digits(&self, cell: Cell) -> impl Iterator<Item = Digit> {
        bits(self.cands[cell.index()]).map(Digit::from_index)
    }

    /// The houses with a digit not yet placed and at least two places for it, with those places.
    pub fn house_places(&self) -> Vec<(House, Digit, Vec<Cell>)> {
        let size = self.size;
        let mut out = Vec::new();
        for house in size.houses() {
            for digit in size.digits() {
                let i = house.index(size) * 16 + digit.index();
                if !self.done[i] && self.count[i] >= 2 {
                    let places = size.house_cells(house).iter().copied().filter(|c| self.has(*c, digit)).collect();
                    out.push((house, digit, places));
                }
            }
        }
        out
    }

    fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell.index()] & (1 << digit.index()) != 0
    }
}

fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..16).filter(move |i| mask & (1 << i) != 0)
}

/// One line of reasoning from an assumption.
#[derive(Clone)]
pub struct Branch<'a> {
    root: &'a Root,
    mode: Mode,
    cands: Vec<u16>,
    value: Vec<u8>,
    count: Vec<u8>,
    done: Vec<bool>,
    /// Per literal: 0 if not derived, else its position in `order` + 1.
    when: Vec<u32>,
    order: Vec<Lit>,
    reason: Vec<Reason>,
    depth: Vec<u16>,
    head: usize,
    contradiction: Option<(Contradiction, u16)>,
}

impl<'a> Branch<'a> {
    /// A branch of the root with nothing assumed yet.
    pub fn new(root: &'a Root, mode: Mode) -> Branch<'a> {
        let size = root.size;
        let value = vec![0u8; size.cell_count()];
        Branch {
            root,
            mode,
            cands: root.cands.clone(),
            value,
            count: root.count.clone(),
            done: root.done.clone(),
            when: vec![0; size.cell_count() * 32],
            order: Vec::new(),
            reason: Vec::new(),
            depth: Vec::new(),
            head: 0,
            contradiction: None,
        }
    }

    /// Assumes a literal and follows it through.
    pub fn assume(root: &'a Root, mode: Mode, l: Lit) -> Branch<'a> {
        let mut b = Branch::new(root, mode);
        b.add(l, Reason::Assumed);
        b.run();
        b
    }

    /// The contradiction the branch ran into, with its depth.
    pub fn contradiction(&self) -> Option<(Contradiction, u16)> {
        self.contradiction
    }

    /// The derived literals with their depth (the assumption has depth 0).
    pub fn derived(&self) -> impl Iterator<Item = (Lit, u16)> + '_ {
        self.order.iter().copied().zip(self.depth.iter().copied())
    }

    /// When a literal was derived (1 = the assumption; 0 = not derived).
    pub fn position(&self, l: Lit) -> u32 {
        self.when[l as usize]
    }

    pub fn holds(&self, l: Lit) -> bool {
        self.when[l as usize] != 0
    }

    /// The literals a derived literal rests on (in this branch).
    pub fn parents(&self, l: Lit) -> Vec<Lit> {
        let size = self.root.size;
        let Some(i) = (self.when[l as usize] as usize).checked_sub(1) else { return Vec::new() };
        let cand = lit_cand(l);
        match self.reason[i] {
            Reason::Assumed | Reason::Nested => Vec::new(),
            Reason::Weak(p) => vec![p],
            Reason::Cell => bits(self.root.cands[cand.cell.index()])
                .map(|d| lit(Candidate::new(cand.cell, Digit::from_index(d)), false))
                .filter(|&p| p != lit(cand, false) && self.holds(p))
                .collect(),
            Reason::House(h) => size
                .house_cells(House::from_index(size, h as usize))
                .iter()
                .map(|&c| lit(Candidate::new(c, cand.digit), false))
                .filter(|&p| p != lit(cand, false) && self.root.has(lit_cand(p).cell, cand.digit) && self.holds(p))
                .collect(),
        }
    }

    /// Whether a literal was ruled in by a nested contradiction (it has no parents to show).
    pub fn is_nested(&self, l: Lit) -> bool {
        (self.when[l as usize] as usize).checked_sub(1).is_some_and(|i| self.reason[i] == Reason::Nested)
    }

    /// The literals a contradiction rests on.
    pub fn contradiction_parents(&self) -> Vec<Lit> {
        let size = self.root.size;
        match self.contradiction {
            None => Vec::new(),
            Some((Contradiction::Both(c), _)) => vec![lit(c, true), lit(c, false)],
            Some((Contradiction::NoCandidate(cell), _)) => {
                bits(self.root.cands[cell.index()]).map(|d| lit(Candidate::new(cell, Digit::from_index(d)), false)).collect()
            }
            Some((Contradiction::NoPlace(house, digit), _)) => size
                .house_cells(house)
                .iter()
                .filter(|&&c| self.root.has(c, digit))
                .map(|&c| lit(Candidate::new(c, digit), false))
                .collect(),
        }
    }

    fn depth_of(&self, l: Lit) -> u16 {
        self.depth[self.when[l as usize] as usize - 1]
    }

    /// One more than the deepest parent (what `parents` lists, without building the list: this
    /// runs for every literal of every branch).
    fn depth_from_parents(&self, l: Lit, reason: Reason) -> u16 {
        let cand = lit_cand(l);
        let deepest = |cells: &mut dyn Iterator<Item = Candidate>| {
            cells
                .map(|c| lit(c, false))
                .filter(|&p| p != lit(cand, false) && self.holds(p))
                .map(|p| self.depth_of(p) + 1)
                .max()
                .unwrap_or(0)
        };
        match reason {
            Reason::Assumed => 0,
            Reason::Nested => self.depth.iter().copied().max().unwrap_or(0) + 1,
            Reason::Weak(p) => self.depth_of(p) + 1,
            Reason::Cell => deepest(&mut bits(self.root.cands[cand.cell.index()]).map(|d| Candidate::new(cand.cell, Digit::from_index(d)))),
            Reason::House(h) => {
                let size = self.root.size;
                deepest(&mut size.house_cells(House::from_index(size, h as usize)).iter().map(|&c| Candidate::new(c, cand.digit)))
            }
        }
    }

    /// Records a literal (once); checks it against what the branch already holds.
    fn add(&mut self, l: Lit, reason: Reason) {
        if self.contradiction.is_some() || self.holds(l) {
            return;
        }
        let cand = lit_cand(l);
        let (cell, d) = (cand.cell.index(), cand.digit.index());
        self.order.push(l);
        self.reason.push(reason);
        self.when[l as usize] = self.order.len() as u32;
        let depth = self.depth_from_parents(l, reason);
        self.depth.push(depth);
        if self.holds(l ^ 1) {
            self.contradiction = Some((Contradiction::Both(cand), depth + 1));
            return;
        }
        let size = self.root.size;
        if lit_on(l) {
            if self.value[cell] == 0 {
                self.value[cell] = d as u8 + 1;
            }
            for h in size.houses_of(cand.cell) {
                self.done[h.index(size) * 16 + d] = true;
            }
            return;
        }
        self.cands[cell] &= !(1 << d);
        for h in size.houses_of(cand.cell) {
            self.count[h.index(size) * 16 + d] -= 1;
        }
        match self.mode {
            Mode::Static => self.static_consequences(cand),
            _ => self.dynamic_consequences(cand, depth),
        }
    }

    /// "Not this" makes the other of two choices true, where the root had exactly two.
    fn static_consequences(&mut self, cand: Candidate) {
        let size = self.root.size;
        let root_cands = self.root.cands[cand.cell.index()];
        if root_cands.count_ones() == 2 {
            let other = bits(root_cands & !(1 << cand.digit.index())).next().expect("two digits");
            self.add(lit(Candidate::new(cand.cell, Digit::from_index(other)), true), Reason::Cell);
        }
        for h in size.houses_of(cand.cell) {
            let i = h.index(size) * 16 + cand.digit.index();
            if self.root.count[i] == 2 && !self.root.done[i] {
                let other = size.house_cells(h).iter().copied().find(|&c| c != cand.cell && self.root.has(c, cand.digit));
                if let Some(c) = other {
                    self.add(lit(Candidate::new(c, cand.digit), true), Reason::House(i as u16 / 16));
                }
            }
        }
    }

    /// A cell with one digit left holds it; a house with one place left for a digit has it there;
    /// none left is a contradiction.
    fn dynamic_consequences(&mut self, cand: Candidate, depth: u16) {
        let size = self.root.size;
        let cell = cand.cell.index();
        if self.value[cell] == 0 {
            match self.cands[cell].count_ones() {
                0 => {
                    self.contradiction = Some((Contradiction::NoCandidate(cand.cell), depth + 1));
                    return;
                }
                1 => {
                    let d = bits(self.cands[cell]).next().expect("one digit");
                    self.add(lit(Candidate::new(cand.cell, Digit::from_index(d)), true), Reason::Cell);
                }
                _ => {}
            }
        }
        for h in size.houses_of(cand.cell) {
            let i = h.index(size) * 16 + cand.digit.index();
            if self.done[i] || self.contradiction.is_some() {
                continue;
            }
            match self.count[i] {
                0 => self.contradiction = Some((Contradiction::NoPlace(h, cand.digit), depth + 1)),
                1 => {
                    let d = cand.digit.index();
                    if let Some(&c) = size.house_cells(h).iter().find(|&&c| self.cands[c.index()] & (1 << d) != 0) {
                        self.add(lit(Candidate::new(c, cand.digit), true), Reason::House(h.index(size) as u16));
                    }
                }
                _ => {}
            }
        }
    }

    /// Follows every recorded literal through (and, nested, the candidates left), until done or
    /// contradicted.
    fn run(&mut self) {
        loop {
            self.drain();
            let Mode::Nested(level) = self.mode else { return };
            if self.contradiction.is_some() || !self.nested_pass(level) {
                return;
            }
        }
    }

    /// The weak links of every true literal not yet followed.
    fn drain(&mut self) {
        let size = self.root.size;
        while self.head < self.order.len() && self.contradiction.is_none() {
            let l = self.order[self.head];
            self.head += 1;
            if !lit_on(l) {
                continue;
            }
            let cand = lit_cand(l);
            for e in bits(self.cands[cand.cell.index()]) {
                if e != cand.digit.index() {
                    self.add(lit(Candidate::new(cand.cell, Digit::from_index(e)), false), Reason::Weak(l));
                }
            }
            let bit = 1 << cand.digit.index();
            for &p in size.peers(cand.cell) {
                if self.cands[p.index()] & bit != 0 {
                    self.add(lit(Candidate::new(p, cand.digit), false), Reason::Weak(l));
                }
            }
        }
    }

    /// Tries each open candidate with a weaker branch from here, ruling out (and following
    /// through) each that fails, in one pass over the grid. Returns whether it ruled one out.
    fn nested_pass(&mut self, level: u8) -> bool {
        let inner = if level <= 1 { Mode::Dynamic } else { Mode::Nested(level - 1) };
        let size = self.root.size;
        let mut progress = false;
        for cell in size.cells() {
            for d in bits(self.cands[cell.index()]) {
                if self.value[cell.index()] != 0 || self.cands[cell.index()] & (1 << d) == 0 {
                    break;
                }
                let l = lit(Candidate::new(cell, Digit::from_index(d)), true);
                let mut trial = self.clone();
                trial.mode = inner;
                trial.add(l, Reason::Assumed);
                trial.run();
                if trial.contradiction.is_some() {
                    self.add(l ^ 1, Reason::Nested);
                    self.drain();
                    if self.contradiction.is_some() {
                        return true;
                    }
                    progress = true;
                }
            }
        }
        progress
    }
}
