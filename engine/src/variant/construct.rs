//! Constructing variant puzzles from a seed: a random solution, random constraints that are
//! true of it, then givens removed while the solution stays unique.
//!
//! This makes the test set (`tests/data/variants/`), the property test's random cases and the
//! benchmark's puzzles; it is not a setter's generator (no grading, no aesthetics), but every
//! puzzle it returns has one solution, which it also returns.

use super::cells::{diagonal_cells, orthogonal_neighbours};
use super::dots::{adjacent_pairs, consecutive, double};
use super::lines::whisper_gap;
use super::outside::line_cells;
use super::{Constraint, Diagonal, Dot, Line, Puzzle, solve_within};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use crate::random::Rng;
use serde::{Deserialize, Serialize};

/// A kind of constraint to lay on a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Killer cages (with `count` 0 in `construct`: cages over the whole grid).
    Killer,
    /// Little killer sums.
    LittleKiller,
    /// Sandwich sums.
    Sandwich,
    /// Arrows with one-cell circles.
    Arrow,
    /// Thermometers.
    Thermometer,
    /// Kropki dots, white or black.
    Kropki,
    /// X and V.
    Xv,
    /// Every kropki dot of the solution and the negative rule.
    KropkiNegative,
    /// Every X and V of the solution and the negative rule.
    XvNegative,
    /// German whispers lines.
    Whispers,
    /// Renban lines.
    Renban,
    /// Palindrome lines.
    Palindrome,
    /// One diagonal.
    Diagonal,
    /// Anti-knight.
    AntiKnight,
    /// Anti-king.
    AntiKing,
    /// Non-consecutive.
    NonConsecutive,
    /// Extra regions of distinct digits.
    ExtraRegion,
    /// Disjoint groups.
    DisjointGroups,
    /// Odd and even cells.
    Parity,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 19] = [
        Kind::Killer,
        Kind::LittleKiller,
        Kind::Sandwich,
        Kind::Arrow,
        Kind::Thermometer,
        Kind::Kropki,
        Kind::Xv,
        Kind::KropkiNegative,
        Kind::XvNegative,
        Kind::Whispers,
        Kind::Renban,
        Kind::Palindrome,
        Kind::Diagonal,
        Kind::AntiKnight,
        Kind::AntiKing,
        Kind::NonConsecutive,
        Kind::ExtraRegion,
        Kind::DisjointGroups,
        Kind::Parity,
    ];

    /// The kind of a constraint.
    pub fn of(c: &Constraint) -> Kind {
        match c {
            Constraint::Killer { .. } => Kind::Killer,
            Constraint::LittleKiller { .. } => Kind::LittleKiller,
            Constraint::Sandwich { .. } => Kind::Sandwich,
            Constraint::Arrow { .. } => Kind::Arrow,
            Constraint::Thermometer { .. } => Kind::Thermometer,
            Constraint::Kropki { .. } => Kind::Kropki,
            Constraint::Xv { .. } => Kind::Xv,
            Constraint::KropkiNegative { .. } => Kind::KropkiNegative,
            Constraint::XvNegative => Kind::XvNegative,
            Constraint::Whispers { .. } => Kind::Whispers,
            Constraint::Renban { .. } => Kind::Renban,
            Constraint::Palindrome { .. } => Kind::Palindrome,
            Constraint::Diagonal { .. } => Kind::Diagonal,
            Constraint::AntiKnight => Kind::AntiKnight,
            Constraint::AntiKing => Kind::AntiKing,
            Constraint::NonConsecutive => Kind::NonConsecutive,
            Constraint::ExtraRegion { .. } => Kind::ExtraRegion,
            Constraint::DisjointGroups => Kind::DisjointGroups,
            Constraint::Parity { .. } => Kind::Parity,
        }
    }

    /// Whether the kind is a rule over the whole grid, which a solution must be made with
    /// rather than found true of a classic one.
    fn is_global(self) -> bool {
        matches!(self, Kind::Diagonal | Kind::AntiKnight | Kind::AntiKing | Kind::NonConsecutive | Kind::DisjointGroups)
    }
}

/// The search budget for each uniqueness check while removing givens.
const BUDGET: u64 = 20_000;

/// A random solution that obeys the global rules among `kinds` (diagonals, anti-knight,
/// anti-king, non-consecutive, disjoint groups), with those rules as constraints.
pub fn random_solution(size: Size, kinds: &[Kind], rng: &mut Rng) -> (Grid, Vec<Constraint>) {
    let mut global = Vec::new();
    for &k in kinds.iter().filter(|k| k.is_global()) {
        global.push(match k {
            Kind::Diagonal => Constraint::Diagonal { diagonal: if rng.below(2) == 0 { Diagonal::Main } else { Diagonal::Anti } },
            Kind::AntiKnight => Constraint::AntiKnight,
            Kind::AntiKing => Constraint::AntiKing,
            Kind::NonConsecutive => Constraint::NonConsecutive,
            _ => Constraint::DisjointGroups,
        });
    }
    global.dedup();
    loop {
        let Some(classic) = crate::solver::random_solution(size, rng, 100_000) else { continue };
        if global.is_empty() {
            return (classic, global);
        }
        // The classic solution's first row and a random digit order elsewhere seed a search
        // under the global rules.
        let mut givens = Grid::new(size);
        for c in 0..size.side() {
            givens.set(size.cell(0, c), classic.get(size.cell(0, c)));
        }
        let puzzle = Puzzle { givens, regions: None, constraints: global.clone(), about: Default::default() };
        if let Ok(Some(r)) = solve_within(&puzzle, 1, 1, 50_000)
            && let Some(s) = r.solutions.into_iter().next()
        {
            return (s, global);
        }
    }
}

/// A random walk of up to `len` distinct cells from `start`, each step to one of the king's
/// neighbours for which `ok(cells so far, next)` holds.
fn walk(size: Size, start: Cell, len: usize, rng: &mut Rng, used: &CellSet, ok: impl Fn(&[Cell], Cell) -> bool) -> Vec<Cell> {
    let side = size.side() as i32;
    let mut path = vec![start];
    while path.len() < len {
        let last = *path.last().unwrap_or(&start);
        let (r, c) = (size.row_of(last) as i32, size.col_of(last) as i32);
        let mut next: Vec<Cell> = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
            .iter()
            .map(|&(dr, dc)| (r + dr, c + dc))
            .filter(|&(r2, c2)| (0..side).contains(&r2) && (0..side).contains(&c2))
            .map(|(r2, c2)| size.cell(r2 as usize, c2 as usize))
            .filter(|&n| !path.contains(&n) && !used.contains(n) && ok(&path, n))
            .collect();
        if next.is_empty() {
            break;
        }
        rng.shuffle(&mut next);
        path.push(next[0]);
    }
    path
}

fn value(s: &Grid, c: Cell) -> u8 {
    s.get(c).map_or(0, Digit::get)
}

fn random_cell(size: Size, rng: &mut Rng) -> Cell {
    Cell::new(rng.below(size.cell_count()))
}

/// Up to `count` constraints of one kind that are true of the solution `s` (for the global
/// kinds, `random_solution` gives the constraint). `used` holds cells already under a cage, a
/// line or a circle, which new ones avoid so the drawing stays legible.
pub fn lay(kind: Kind, s: &Grid, count: usize, rng: &mut Rng, used: &mut CellSet) -> Vec<Constraint> {
    let size = s.size();
    let side = size.side();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 200 * count.max(1) {
        tries += 1;
        let start = random_cell(size, rng);
        if used.contains(start) && !matches!(kind, Kind::LittleKiller | Kind::Sandwich | Kind::Kropki | Kind::Xv | Kind::Parity) {
            continue;
        }
        let len = 2 + rng.below(4);
        let c = match kind {
            Kind::Killer => {
                let cells = walk(size, start, len, rng, used, |p, n| grows_cage(s, p, n));
                let sum = cells.iter().map(|&c| u16::from(value(s, c))).sum();
                Some(Constraint::Killer { cells, sum: Some(sum) })
            }
            Kind::Thermometer => {
                let cells = walk(size, start, len + 1, rng, used, |p, n| value(s, n) > value(s, p[p.len() - 1]));
                (cells.len() >= 3).then_some(Constraint::Thermometer { cells })
            }
            Kind::Whispers => {
                let gap = whisper_gap(side);
                let cells = walk(size, start, len + 1, rng, used, |p, n| value(s, n).abs_diff(value(s, p[p.len() - 1])) >= gap);
                (cells.len() >= 3).then_some(Constraint::Whispers { cells })
            }
            Kind::Renban => {
                let cells = walk(size, start, len, rng, used, |_, _| true);
                let digits: Vec<u8> = cells.iter().map(|&c| value(s, c)).collect();
                let spread = digits.iter().max().unwrap_or(&0) - digits.iter().min().unwrap_or(&0);
                let distinct = digits.iter().enumerate().all(|(i, d)| !digits[..i].contains(d));
                (cells.len() >= 2 && distinct && usize::from(spread) == cells.len() - 1).then_some(Constraint::Renban { cells })
            }
            Kind::Palindrome => {
                let half = walk(size, start, 1 + rng.below(3), rng, used, |_, _| true);
                // The mirror half: a walk from the last cell whose digits repeat the first half's.
                let mut cells = half.clone();
                let mid = rng.below(2) == 0;
                let want: Vec<u8> = half.iter().rev().skip(usize::from(mid)).map(|&c| value(s, c)).collect();
                let mut ok = true;
                for w in want {
                    let tail = walk(size, *cells.last().unwrap_or(&start), 2, rng, used, |p, n| {
                        value(s, n) == w && !cells.contains(&n) && p.len() == 1
                    });
                    match tail.get(1) {
                        Some(&n) => cells.push(n),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                (ok && cells.len() >= 3).then_some(Constraint::Palindrome { cells })
            }
            Kind::Arrow => {
                let total = value(s, start);
                let cells = walk(size, start, 5, rng, used, |p, n| p[1..].iter().map(|&c| value(s, c)).sum::<u8>() + value(s, n) <= total);
                let shaft = cells[1..].to_vec();
                let sum: u8 = shaft.iter().map(|&c| value(s, c)).sum();
                (!shaft.is_empty() && sum == total).then_some(Constraint::Arrow { circle: vec![start], line: shaft })
            }
            Kind::Kropki | Kind::Xv => {
                let pairs: Vec<(Cell, Cell)> = adjacent_pairs(size).filter(|&(a, _)| a == start).collect();
                let Some(&(a, b)) = pairs.get(rng.below(2).min(pairs.len().saturating_sub(1))) else { continue };
                let (x, y) = (value(s, a), value(s, b));
                match kind {
                    Kind::Kropki if consecutive(x, y) => Some(Constraint::Kropki { cells: [a, b], dot: Dot::White }),
                    Kind::Kropki if double(x, y) => Some(Constraint::Kropki { cells: [a, b], dot: Dot::Black }),
                    Kind::Xv if x + y == 5 || x + y == 10 => Some(Constraint::Xv { cells: [a, b], sum: x + y }),
                    _ => None,
                }
            }
            Kind::KropkiNegative | Kind::XvNegative => {
                // Every dot (or X and V) the solution has, and the negative rule.
                let mut all = Vec::new();
                for (a, b) in adjacent_pairs(size) {
                    let (x, y) = (value(s, a), value(s, b));
                    if kind == Kind::KropkiNegative && consecutive(x, y) {
                        all.push(Constraint::Kropki { cells: [a, b], dot: Dot::White });
                    } else if kind == Kind::KropkiNegative && double(x, y) {
                        all.push(Constraint::Kropki { cells: [a, b], dot: Dot::Black });
                    } else if kind == Kind::XvNegative && (x + y == 5 || x + y == 10) {
                        all.push(Constraint::Xv { cells: [a, b], sum: x + y });
                    }
                }
                all.push(if kind == Kind::KropkiNegative {
                    Constraint::KropkiNegative { white: true, black: true }
                } else {
                    Constraint::XvNegative
                });
                return all;
            }
            Kind::LittleKiller => {
                // From a clue on the top or left ring, down and to the right or left.
                let k = rng.below(side - 1);
                let (clue, cells): ((i8, i8), Vec<Cell>) = match rng.below(3) {
                    0 => ((-1, k as i8), (0..side - k).map(|i| size.cell(i, k + i)).collect()),
                    1 => ((k as i8, -1), (0..side - k).map(|i| size.cell(k + i, i)).collect()),
                    _ => ((-1, (side - k) as i8), (0..side - k).map(|i| size.cell(i, side - 1 - k - i)).collect()),
                };
                let sum = cells.iter().map(|&c| u16::from(value(s, c))).sum();
                Some(Constraint::LittleKiller { cells, sum, clue })
            }
            Kind::Sandwich => {
                let i = rng.below(side) as u8;
                let line = if rng.below(2) == 0 { Line::Row(i) } else { Line::Col(i) };
                let cells = line_cells(size, line);
                let at = |v: u8| cells.iter().position(|&c| value(s, c) == v).unwrap_or(0);
                let (p, q) = (at(1), at(side as u8));
                let sum = cells[p.min(q) + 1..p.max(q)].iter().map(|&c| u16::from(value(s, c))).sum();
                Some(Constraint::Sandwich { line, sum, start: true })
            }
            Kind::ExtraRegion => {
                let mut cells: Vec<Cell> = Vec::new();
                for d in 1..=side as u8 {
                    let holders: Vec<Cell> = size.cells().filter(|&c| value(s, c) == d && !used.contains(c)).collect();
                    if let Some(&c) = holders.get(rng.below(holders.len().max(1))) {
                        cells.push(c);
                    }
                }
                crate::keyed_sort::sort_by_key(&mut cells, |c| c.index() as u64);
                (cells.len() >= side - 2).then_some(Constraint::ExtraRegion { cells })
            }
            Kind::Parity => Some(Constraint::Parity { cell: start, even: value(s, start).is_multiple_of(2) }),
            Kind::Diagonal => {
                Some(Constraint::Diagonal { diagonal: Diagonal::Main }).filter(|_| repeats_free(s, &diagonal_cells(size, Diagonal::Main)))
            }
            Kind::AntiKnight | Kind::AntiKing | Kind::NonConsecutive | Kind::DisjointGroups => None,
        };
        if let Some(c) = c
            && !out.contains(&c)
        {
            if let Constraint::Killer { cells, .. }
            | Constraint::Thermometer { cells }
            | Constraint::Whispers { cells }
            | Constraint::Renban { cells }
            | Constraint::Palindrome { cells } = &c
            {
                cells.iter().for_each(|&x| used.insert(x));
            }
            if let Constraint::Arrow { circle, line } = &c {
                circle.iter().chain(line).for_each(|&x| used.insert(x));
            }
            out.push(c);
        }
    }
    out
}

/// Whether a cage of the cells `p` may take `n` in the solution `s`: a new digit, orthogonally
/// next to one of its cells (cages are drawn as connected outlines).
fn grows_cage(s: &Grid, p: &[Cell], n: Cell) -> bool {
    p.iter().all(|&c| value(s, c) != value(s, n)) && orthogonal_neighbours(s.size(), n).any(|c| p.contains(&c))
}

fn repeats_free(s: &Grid, cells: &[Cell]) -> bool {
    super::repeats(s, cells).is_empty()
}

/// Killer cages covering the whole grid, true of `s`: a pure killer's cages.
pub fn cover_with_cages(s: &Grid, rng: &mut Rng) -> Vec<Constraint> {
    let size = s.size();
    let mut used = CellSet::EMPTY;
    let mut out = Vec::new();
    let mut order: Vec<Cell> = size.cells().collect();
    rng.shuffle(&mut order);
    for start in order {
        if used.contains(start) {
            continue;
        }
        let len = 1 + rng.below(5);
        let cells = walk(size, start, len, rng, &used, |p, n| grows_cage(s, p, n));
        cells.iter().for_each(|&c| used.insert(c));
        let sum = cells.iter().map(|&c| u16::from(value(s, c))).sum();
        out.push(Constraint::Killer { cells, sum: Some(sum) });
    }
    out
}

/// Removes givens in random order while the puzzle keeps one solution (each check within a
/// node budget; a removal whose check runs out is kept). The puzzle must be unique on entry.
pub fn remove_givens(puzzle: &mut Puzzle, rng: &mut Rng) {
    let size = puzzle.size();
    let mut order: Vec<Cell> = size.cells().filter(|&c| puzzle.givens.get(c).is_some()).collect();
    rng.shuffle(&mut order);
    for c in order {
        let digit = puzzle.givens.get(c);
        puzzle.givens.set(c, None);
        let unique = matches!(solve_within(puzzle, 2, 0, BUDGET), Ok(Some(r)) if r.count == 1);
        if !unique {
            puzzle.givens.set(c, digit);
        }
    }
}

/// A puzzle of the given kinds from a seed, with its solution: a random solution, `count`
/// constraints of each kind true of it (a killer kind with `count` 0 covers the grid with
/// cages: a pure killer), and as few givens as stay unique.
pub fn construct(size: Size, kinds: &[Kind], count: usize, seed: u64) -> (Puzzle, Grid) {
    let mut rng = Rng::seeded(seed);
    let (solution, mut constraints) = random_solution(size, kinds, &mut rng);
    let mut used = CellSet::EMPTY;
    for &k in kinds.iter().filter(|k| !k.is_global()) {
        if k == Kind::Killer && count == 0 {
            constraints.extend(cover_with_cages(&solution, &mut rng));
        } else {
            constraints.extend(lay(k, &solution, count, &mut rng, &mut used));
        }
    }
    let mut puzzle = Puzzle { givens: solution.clone(), regions: None, constraints, about: Default::default() };
    remove_givens(&mut puzzle, &mut rng);
    (puzzle, solution)
}
