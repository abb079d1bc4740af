//! Variant puzzles: a grid's givens plus regions and typed constraints (killer cages,
//! thermometers, arrows, kropki dots, …), as the puzzles people share from f-puzzles and
//! SudokuPad carry them.
//!
//! A `Puzzle` is its givens (which fix the size), its regions (the usual boxes, or irregular
//! ones) and a list of `Constraint`s. A classic puzzle is a puzzle with standard boxes and no
//! constraint: it keeps the classic solvers and techniques as its fast path.
//!
//! Each kind of constraint is one module with four duties:
//! - **forbids**: what breaks it on a (partial) grid of digits: conflicts, Check, the win
//!   (`Puzzle::violations`);
//! - **narrows**: how it removes candidates (the variant solver, Show candidates, Fill notes);
//! - **drawn**: a description in board coordinates (`Shape`) that the app renders, so the
//!   engine stays pure;
//! - **read and written**: f-puzzles' JSON (`format::fpuzzles`) and SudokuPad's
//!   (`format::sudokupad`) in, f-puzzles' JSON and inkdoku's share link out.
//!
//! Everything here is plain data that serializes (links, saved games, worker messages).

pub mod validate;

use crate::geometry::{Cell, Size};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::position::Position;
use serde::{Deserialize, Serialize};

/// A puzzle: givens, regions and constraints, with what its setter wrote about it.
/// Read by hand (`json::puzzle`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Puzzle {
    /// The given digits; their grid fixes the size.
    pub givens: Grid,
    /// The region of each cell in reading order (0-based, `side` cells each) when the regions
    /// are not the size's usual boxes (jigsaw puzzles); `None` for the boxes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<u8>>,
    /// The constraints beyond "each digit once per row, column and region".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<Constraint>,
    /// Title, author and rules text, shown to the player.
    #[serde(default, skip_serializing_if = "About::is_empty")]
    pub about: About,
}

/// What the setter wrote about a puzzle. All optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct About {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub author: String,
    /// The rules as the setter wrote them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
}

impl About {
    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.title.is_empty() && self.author.is_empty() && self.rules.is_empty()
    }
}

/// A row or column, for clues written outside the grid (sandwich sums). Read as a `House` is
/// (`KindAndIndex`; in a constraint, by hand: `json::constraint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "index", rename_all = "lowercase", try_from = "crate::geometry::KindAndIndex")]
pub enum Line {
    /// A row, 0 = top.
    Row(u8),
    /// A column, 0 = left.
    Col(u8),
}

/// The two kinds of kropki dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dot {
    /// White: the two digits differ by 1.
    White,
    /// Black: one digit is twice the other.
    Black,
}

/// The two diagonals of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Diagonal {
    /// From the top-left corner to the bottom-right (f-puzzles' `diagonal-`).
    Main,
    /// From the bottom-left corner to the top-right (f-puzzles' `diagonal+`).
    Anti,
}

/// One constraint of a variant puzzle. Cells are in reading order of the puzzle's size.
///
/// Written as serde's internally tagged form (`{"kind":"killer","cells":[0,1],"sum":3}`), read
/// by hand (`json::constraint`): the same JSON, without the derive's buffering reader (issue 48).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Constraint {
    /// Killer cage: no digit repeats in the cells; their digits add up to `sum` when given.
    Killer { cells: Vec<Cell>, sum: Option<u16> },
    /// Little killer: the digits along a diagonal (`cells`, from the clue inwards; digits may
    /// repeat) add up to `sum`. `clue` is where the clue stands outside the grid, as (row,
    /// column) with -1 or `side` for the outside ring, for drawing.
    LittleKiller { cells: Vec<Cell>, sum: u16, clue: (i8, i8) },
    /// Sandwich: in the row or column, the digits strictly between the 1 and the largest digit
    /// (9 on a 9x9) add up to `sum`. `start` says on which side the clue is written: true for
    /// the left of a row or the top of a column.
    Sandwich { line: Line, sum: u16, start: bool },
    /// Arrow: the digits along `line` (the shaft, not including the circle) add up to the number
    /// in `circle` (one cell, or several read as a number left to right / top to bottom: a pill).
    Arrow { circle: Vec<Cell>, line: Vec<Cell> },
    /// Thermometer: digits strictly increase from the bulb (`cells[0]`) along the cells.
    Thermometer { cells: Vec<Cell> },
    /// Kropki dot between two orthogonally adjacent cells.
    Kropki { cells: [Cell; 2], dot: Dot },
    /// XV: the two adjacent cells add up to `sum`, 5 (V) or 10 (X).
    Xv { cells: [Cell; 2], sum: u8 },
    /// The negative rule for dots: every pair of adjacent cells whose digits differ by 1
    /// (`white`) or are in ratio 1:2 (`black`) has its dot given.
    KropkiNegative { white: bool, black: bool },
    /// The negative rule for XV: no two adjacent cells without an X or V add up to 5 or 10.
    XvNegative,
    /// German whispers: adjacent cells along the line differ by at least 5 (on a 9x9; half the
    /// side rounded up in general).
    Whispers { cells: Vec<Cell> },
    /// Renban: the cells hold a set of consecutive digits, in any order, without repeats.
    Renban { cells: Vec<Cell> },
    /// Palindrome: the line reads the same from both ends.
    Palindrome { cells: Vec<Cell> },
    /// A diagonal of the grid holds each digit once.
    Diagonal { diagonal: Diagonal },
    /// Cells a chess knight's move apart hold different digits.
    AntiKnight,
    /// Cells a chess king's move apart (diagonal neighbours included) hold different digits.
    AntiKing,
    /// Orthogonally adjacent cells do not hold consecutive digits.
    NonConsecutive,
    /// An extra region: the cells hold each digit at most once (once each when there are
    /// `side` of them).
    ExtraRegion { cells: Vec<Cell> },
    /// Disjoint groups: cells in the same position of their boxes hold different digits.
    DisjointGroups,
    /// The cell holds an odd digit (`even` false) or an even one.
    Parity { cell: Cell, even: bool },
}

impl Constraint {
    /// The kind's number, 0 to 18 in the order of the enum: the share link writes it as the
    /// constraint's 5-bit tag and the app indexes its words by it, so a kind keeps its number
    /// and a new kind takes the next one.
    pub fn kind_index(&self) -> usize {
        match self {
            Constraint::Killer { .. } => 0,
            Constraint::LittleKiller { .. } => 1,
            Constraint::Sandwich { .. } => 2,
            Constraint::Arrow { .. } => 3,
            Constraint::Thermometer { .. } => 4,
            Constraint::Kropki { .. } => 5,
            Constraint::Xv { .. } => 6,
            Constraint::KropkiNegative { .. } => 7,
            Constraint::XvNegative => 8,
            Constraint::Whispers { .. } => 9,
            Constraint::Renban { .. } => 10,
            Constraint::Palindrome { .. } => 11,
            Constraint::Diagonal { .. } => 12,
            Constraint::AntiKnight => 13,
            Constraint::AntiKing => 14,
            Constraint::NonConsecutive => 15,
            Constraint::ExtraRegion { .. } => 16,
            Constraint::DisjointGroups => 17,
            Constraint::Parity { .. } => 18,
        }
    }
}

impl Puzzle {
    /// A classic puzzle: the givens, with the usual boxes and no constraint.
    pub fn classic(givens: Grid) -> Puzzle {
        Puzzle { givens, regions: None, constraints: Vec::new(), about: About::default() }
    }

    /// The puzzle's size.
    pub fn size(&self) -> Size {
        self.givens.size()
    }

    /// Whether this is a classic puzzle (usual boxes, no constraint), which the classic solvers
    /// and techniques play.
    pub fn is_classic(&self) -> bool {
        self.regions.is_none() && self.constraints.is_empty()
    }

    /// The solving position of `grid` (this puzzle's size) with the puzzle's houses: its
    /// irregular regions when it has them (`Layout::regions`), the boxes otherwise; every
    /// candidate the houses allow, narrowed to `cands` when given (one set per cell).
    pub fn position(&self, grid: &Grid, cands: Option<&[DigitSet]>) -> Position {
        let regions = self.regions.as_deref().and_then(|r| Layout::regions(grid.size(), r));
        match (regions, cands.filter(|c| c.len() == grid.size().cell_count())) {
            (Some(layout), c) => Position::with_layout(grid, c, layout).unwrap_or_else(|| Position::from_grid(grid)),
            (None, Some(c)) => Position::with_candidates(grid, c),
            (None, None) => Position::from_grid(grid),
        }
    }
}

mod arrow;
mod cells;
pub mod construct;
mod dots;
pub(crate) mod json;
mod killer;
mod lines;
mod outside;
mod rules;
mod shape;
mod solve;
mod thermo;

pub use cells::{orthogonal_neighbours, orthogonally_connected};
pub use rules::{Malformed, Narrowed};
pub use shape::{ARROW_RADIUS, CellNote, LineKind, Point, Shape};
pub use solve::{solve, solve_within};

use crate::cellset::CellSet;
use crate::geometry::DigitSet;
use rules::{Builder, Rules};
use std::cell::OnceCell;

/// A definite break of a puzzle's rules by the digits of a grid: what the app highlights and
/// Check names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// What is broken.
    pub source: Source,
    /// The cells that break it, in the constraint's order.
    pub cells: Vec<Cell>,
}

/// What a `Violation` breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "index", rename_all = "snake_case")]
pub enum Source {
    /// The constraint at this index of `Puzzle::constraints`.
    Constraint(usize),
    /// An irregular region (by its number in `Puzzle::regions`) holds a digit twice. Rows and
    /// columns are `Grid::conflicts`'s; its box conflicts do not apply to irregular regions.
    Region(u8),
}

impl Puzzle {
    /// Every definite break of the constraints (and of irregular regions) by the digits of a
    /// partial grid: only what no completion can mend, so that a conflict shown is a mistake.
    /// Malformed constraints, and a grid of another size, break nothing.
    pub fn violations(&self, grid: &Grid) -> Vec<Violation> {
        let size = self.size();
        if grid.size() != size {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let (Some(_), Ok(region)) = (&self.regions, rules::regions(self)) {
            for r in 0..size.side() {
                let cells: Vec<Cell> = size.cells().filter(|c| region[c.index()] == r).collect();
                let twice = repeats(grid, &cells);
                if !twice.is_empty() {
                    out.push(Violation { source: Source::Region(r as u8), cells: twice });
                }
            }
        }
        for (i, c) in self.constraints.iter().enumerate() {
            if !fits(c, size) {
                continue;
            }
            let broken = match c {
                Constraint::Killer { cells, sum } => killer::violations(grid, cells, *sum),
                Constraint::LittleKiller { cells, sum, .. } => outside::little_killer_violations(grid, cells, *sum),
                Constraint::Sandwich { line, sum, .. } => outside::sandwich_violations(grid, *line, *sum),
                Constraint::Arrow { circle, line } => arrow::violations(grid, circle, line),
                Constraint::Thermometer { cells } => thermo::violations(grid, cells),
                Constraint::Whispers { cells } | Constraint::Renban { cells } | Constraint::Palindrome { cells } => {
                    lines::violations(grid, c, cells)
                }
                Constraint::Kropki { .. }
                | Constraint::Xv { .. }
                | Constraint::KropkiNegative { .. }
                | Constraint::XvNegative
                | Constraint::NonConsecutive => dots::violations(grid, c, &self.constraints),
                _ => cells::violations(grid, c),
            };
            out.extend(broken.into_iter().map(|cells| Violation { source: Source::Constraint(i), cells }));
        }
        out
    }

    /// The cells that must hold a digit other than `cell`'s, not `cell` itself, in reading
    /// order: whose notes lose a digit placed in `cell`. See `peer_sets`.
    pub fn peers(&self, cell: Cell) -> Vec<Cell> {
        self.peer_sets().get(cell.index()).map_or_else(Vec::new, |s| s.iter().collect())
    }

    /// For each cell, the cells that must hold other digits: its row, column and region (the
    /// puzzle's, irregular ones where it has them), and every cell a constraint makes distinct
    /// from it (a cage, a diagonal, an extra region or disjoint group, renban, anti-knight and
    /// anti-king): the peers the candidates' narrowing uses (`Rules::peers`), so a digit placed
    /// clears the notes the rules would. Malformed constraints are left out, as by Show
    /// candidates; malformed regions count as the boxes.
    pub fn peer_sets(&self) -> Vec<CellSet> {
        let size = self.size();
        match Rules::compile(self, false) {
            Ok(rules) => rules.peers,
            Err(_) => size.cells().map(|c| size.peers(c).iter().copied().collect()).collect(),
        }
    }

    /// Whether a grid solves the puzzle: full, each digit once per row, column and region (the
    /// puzzle's), and no constraint broken.
    pub fn is_solved_by(&self, grid: &Grid) -> bool {
        let size = self.size();
        if grid.size() != size || !grid.is_full() {
            return false;
        }
        let Ok(region) = rules::regions(self) else { return false };
        let side = size.side();
        for i in 0..side {
            let row: Vec<Cell> = (0..side).map(|c| size.cell(i, c)).collect();
            let col: Vec<Cell> = (0..side).map(|r| size.cell(r, i)).collect();
            let reg: Vec<Cell> = size.cells().filter(|c| region[c.index()] == i).collect();
            if [row, col, reg].iter().any(|h| !repeats(grid, h).is_empty()) {
                return false;
            }
        }
        self.violations(grid).is_empty()
    }

    /// The candidates of every cell that the digits of `grid` (and the givens) and all the
    /// constraints leave after narrowing to a fixpoint, without guessing: Show candidates and
    /// Fill notes. A filled cell has its digit alone; on a contradiction some cell is left
    /// empty. Malformed constraints are left out.
    pub fn candidates(&self, grid: &Grid) -> Vec<DigitSet> {
        let size = self.size();
        let Ok(rules) = Rules::compile(self, false) else {
            return size.cells().map(|_| size.all_digits()).collect();
        };
        let mut cands = rules.allowed.clone();
        for (i, cand) in cands.iter_mut().enumerate() {
            let digit = self.givens.cells()[i].or(if grid.size() == size { grid.cells()[i] } else { None });
            if let Some(d) = digit {
                *cand = DigitSet::single(d);
            }
        }
        let mut placed = CellSet::EMPTY;
        rules.propagate(&mut cands, &mut placed);
        cands
    }

    /// Narrows candidates (one set per cell, in reading order) by every rule of the puzzle to a
    /// fixpoint: rows, columns, regions and all constraints. Sound: a digit is removed only if
    /// no solution consistent with the rest has it there. For Fill notes over the player's own
    /// notes; `candidates` starts from the digits instead.
    pub fn narrow(&self, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        Rules::compile(self, true)?.narrow(cands)
    }

    /// Narrows candidates by one constraint alone (the one at `index` of `constraints`, without
    /// rows, columns or regions), to a fixpoint: what that constraint says on its own.
    pub fn narrow_by(&self, index: usize, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        Rules::compile_one(self, index)?.narrow(cands)
    }
}

/// What narrowing ran into when it failed (`CompiledPuzzle::contradiction`), by cell index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Contradicted {
    /// A cell with no digit left.
    NoDigit(usize),
    /// A house's cells with no place left for a digit (its index).
    NoPlace(Vec<usize>, usize),
    /// The cells of a group that must hold one of some sets of digits (a cage, a renban) and
    /// can hold none.
    Group(Vec<usize>),
    /// Another rule.
    Rule,
}

/// A puzzle's narrowing compiled once and kept, for callers that narrow the same puzzle many
/// times: the variant hint walk narrows by every cage at every step, and the rating and the
/// killer generator walk thousands of steps. Compiling (a cage's sets of digits, the peers of
/// 81 cells) cost more than the narrowing itself. Each constraint's rules are compiled on first
/// use; the answers are `Puzzle::narrow`'s and `Puzzle::narrow_by`'s.
pub struct CompiledPuzzle {
    puzzle: Puzzle,
    whole: OnceCell<Result<Rules, Malformed>>,
    each: Vec<OnceCell<Result<Rules, Malformed>>>,
}

impl CompiledPuzzle {
    /// Keeps a copy of the puzzle; nothing is compiled yet.
    pub fn new(puzzle: &Puzzle) -> CompiledPuzzle {
        CompiledPuzzle {
            puzzle: puzzle.clone(),
            whole: OnceCell::new(),
            each: puzzle.constraints.iter().map(|_| OnceCell::new()).collect(),
        }
    }

    /// The puzzle compiled.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// `Puzzle::narrow`, with the whole puzzle's rules compiled once.
    pub fn narrow(&self, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().map_err(Clone::clone)?.narrow(cands)
    }

    /// `Rules::narrow_from`: `narrow` for candidates within `base`, which `narrow` left.
    pub fn narrow_from(&self, cands: &mut [DigitSet], base: &[DigitSet]) -> Result<Narrowed, Malformed> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().map_err(Clone::clone)?.narrow_from(cands, base)
    }

    /// `Rules::narrow_deep`: `narrow`, then locked candidates over every rule's peers, to a
    /// fixpoint (the trials' narrowing).
    pub fn narrow_deep(&self, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().map_err(Clone::clone)?.narrow_deep(cands)
    }

    /// `Rules::narrow_deep_from`: `narrow_deep` for candidates within `base`, which
    /// `narrow_deep` left.
    pub fn narrow_deep_from(&self, cands: &mut [DigitSet], base: &[DigitSet]) -> Result<Narrowed, Malformed> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().map_err(Clone::clone)?.narrow_deep_from(cands, base)
    }

    /// Narrows as `narrow_deep` and says what it ran into when it fails (with the house or rule
    /// it names): `None` when it does not fail, or the puzzle is malformed.
    pub(crate) fn contradiction(&self, cands: &mut [DigitSet]) -> Option<Contradicted> {
        let rules = self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().ok()?;
        Some(match rules.contradiction(cands)? {
            rules::Broken::Cell(c) => Contradicted::NoDigit(c),
            rules::Broken::House(h, d) => Contradicted::NoPlace(rules.houses[h].clone(), d),
            rules::Broken::Rule(r) => match &rules.rules[r] {
                rules::Rule::Choice { cells, .. } => Contradicted::Group(cells.clone()),
                // A rule over two cells (a dot, a line's step) fails by emptying one.
                _ => cands.iter().position(|c| c.is_empty()).map_or(Contradicted::Rule, Contradicted::NoDigit),
            },
        })
    }

    /// The cells each cell must differ from under every rule (its row, column and region, and
    /// the constraints that make cells distinct: cages, diagonals, anti-knight, …): where a sum
    /// may repeat a digit. `None` when the puzzle is malformed.
    pub(crate) fn peers(&self) -> Option<&[CellSet]> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().ok().map(|r| r.peers.as_slice())
    }

    /// The groups that hold every digit once under every rule (rows, columns, regions, and a
    /// diagonal or an extra region of `side` cells), as cell indices. `None` when malformed.
    pub(crate) fn houses(&self) -> Option<&[Vec<usize>]> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().ok().map(|r| r.houses.as_slice())
    }

    /// The pairs of cells a rule relates (dots, XV, non-consecutive, thermometers, …), both
    /// ways: (a, b, what b may hold when a holds each digit index). `None` when malformed.
    pub(crate) fn related(&self) -> Option<Vec<(usize, usize, [u16; 16])>> {
        self.whole.get_or_init(|| Rules::compile(&self.puzzle, true)).as_ref().ok().map(Rules::related)
    }

    /// `Puzzle::narrow_by`, with each constraint's rules compiled once.
    pub fn narrow_by(&self, index: usize, cands: &mut [DigitSet]) -> Result<Narrowed, Malformed> {
        match self.each.get(index) {
            Some(cell) => cell.get_or_init(|| Rules::compile_one(&self.puzzle, index)).as_ref().map_err(Clone::clone)?.narrow(cands),
            // Out of range: the uncompiled path says why, as `Puzzle::narrow_by` does.
            None => self.puzzle.narrow_by(index, cands),
        }
    }
}

impl Puzzle {
    /// How the constraints and irregular regions are drawn, in board coordinates.
    pub fn shapes(&self) -> Vec<Shape> {
        let size = self.size();
        let mut out = Vec::new();
        if let (Some(_), Ok(region)) = (&self.regions, rules::regions(self)) {
            out.push(shape::region_borders(size, &region));
        }
        for c in &self.constraints {
            if fits(c, size) {
                out.extend(shape::of(size, c));
            }
        }
        out
    }

    /// What the constraints say about one cell, for a screen reader ("cage of 3 cells, sum 15").
    pub fn cell_notes(&self, cell: Cell) -> Vec<CellNote> {
        let size = self.size();
        self.constraints.iter().filter(|c| fits(c, size)).flat_map(|c| shape::notes(size, c, cell)).collect()
    }
}

/// Whether a constraint fits a grid of this size: its cells on the grid and not repeated, its
/// numbers in range. Others are malformed: the solver refuses them, the rest ignores them.
fn fits(c: &Constraint, size: Size) -> bool {
    let ok = |cells: &[Cell]| !cells.is_empty() && rules::indices(size, cells).is_some();
    let side = size.side();
    match c {
        Constraint::Killer { cells, .. }
        | Constraint::Thermometer { cells }
        | Constraint::Renban { cells }
        | Constraint::ExtraRegion { cells } => ok(cells) && cells.len() <= side,
        Constraint::LittleKiller { cells, .. } | Constraint::Whispers { cells } | Constraint::Palindrome { cells } => ok(cells),
        Constraint::Sandwich { line: Line::Row(i) | Line::Col(i), .. } => (*i as usize) < side,
        Constraint::Arrow { circle, line } => {
            let both: Vec<Cell> = circle.iter().chain(line).copied().collect();
            ok(circle) && ok(line) && ok(&both) && circle.len() <= 3
        }
        Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } => ok(cells),
        Constraint::Parity { cell, .. } => ok(&[*cell]),
        _ => true,
    }
}

/// Compiles one constraint into rules; `None` when it does not fit the grid.
fn compile(c: &Constraint, puzzle: &Puzzle, b: &mut Builder) -> Option<()> {
    if !fits(c, puzzle.size()) {
        return None;
    }
    match c {
        Constraint::Killer { cells, sum } => killer::compile(b, cells, *sum),
        Constraint::LittleKiller { cells, sum, .. } => outside::compile_little_killer(b, cells, *sum),
        Constraint::Sandwich { line, sum, .. } => outside::compile_sandwich(b, *line, *sum),
        Constraint::Arrow { circle, line } => arrow::compile(b, circle, line),
        Constraint::Thermometer { cells } => thermo::compile(b, cells),
        Constraint::Whispers { cells } | Constraint::Renban { cells } | Constraint::Palindrome { cells } => lines::compile(b, c, cells),
        Constraint::Kropki { .. }
        | Constraint::Xv { .. }
        | Constraint::KropkiNegative { .. }
        | Constraint::XvNegative
        | Constraint::NonConsecutive => dots::compile(b, c, &puzzle.constraints),
        _ => cells::compile(b, c),
    }
}

/// Whether two digits may stand together in a pair of cells (a dot's, a line's neighbours).
type Relation = Box<dyn Fn(u8, u8) -> bool>;

/// The cells of `cells` whose digit appears more than once among them.
fn repeats(grid: &Grid, cells: &[Cell]) -> Vec<Cell> {
    let mut seen = [0u8; 17];
    for &c in cells {
        if let Some(d) = grid.get(c) {
            seen[d.get() as usize] += 1;
        }
    }
    cells.iter().copied().filter(|&c| grid.get(c).is_some_and(|d| seen[d.get() as usize] > 1)).collect()
}

/// The digits of the filled cells of `cells`: (sum, how many cells are empty).
fn filled_sum(grid: &Grid, cells: &[Cell]) -> (i32, i32) {
    cells.iter().fold((0, 0), |(s, e), &c| match grid.get(c) {
        Some(d) => (s + i32::from(d.get()), e),
        None => (s, e + 1),
    })
}

/// The pairs of cells among `pairs` that both hold a digit and break `ok`, each as a list.
fn broken_pairs(grid: &Grid, pairs: impl IntoIterator<Item = (Cell, Cell)>, ok: impl Fn(u8, u8) -> bool) -> Vec<Vec<Cell>> {
    pairs
        .into_iter()
        .filter(|&(a, b)| matches!((grid.get(a), grid.get(b)), (Some(x), Some(y)) if !ok(x.get(), y.get())))
        .map(|(a, b)| vec![a, b])
        .collect()
}
