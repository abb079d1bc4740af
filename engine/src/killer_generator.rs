//! The killer generator: seeded 9x9 killer sudokus by level, rated as a variant is rated
//! (`rating::rate_variant`, the hardest step of the variant hint walk).
//!
//! 1. A random full grid (`solver::random_solution`, the classic generator's).
//! 2. Cages over the whole grid: random orthogonally connected groups of 2-5 cells (sizes by
//!    level: larger cages say less), never repeating a digit; a cell left alone joins a
//!    neighbouring cage that has room and lacks its digit, else stays a cage of one.
//! 3. Sums on every cage.
//! 4. Givens: Easy and Medium start from the full grid and empty its cells in random order,
//!    keeping an emptied cell only while the walk solves the puzzle within the level's hardest
//!    score (a sound walk that solves proves the solution unique); Easy keeps at least
//!    `EASY_GIVENS` and Medium `MEDIUM_GIVENS`, so they always show some digits. Hard to
//!    Master have cages only: while the cages allow two solutions (the variant solver), a cage
//!    holding a cell where they differ is cut in two connected parts (both sums said: more is
//!    known, so the solutions only shrink); then while the walk within the level's bound
//!    stops, a cage with a cell open there is cut. The last cut leaves the puzzle just within
//!    the bound; when it went below the level, a few other last cuts are tried, then touching
//!    cages are joined (harder), with a cut where the walk stopped after a join that went past
//!    the bound. Uniqueness is checked with the 45 rule's implied sums added
//!    (`with_implied_sums`), and not at all on a cut of a puzzle known unique.
//! 5. Rate; make several and keep the first that fits the level, else the nearest
//!    (`generator::distance`'s order): the answer says which level it is, so the app can say
//!    when the one asked for could not be made within the attempts.
//!
//! Every search is bounded by node counts and attempts, never by time, so the same options
//! give the same puzzle natively and in wasm (the daily killer relies on it), and a generation
//! always ends: at most `Plan::attempts` attempts, each of bounded work.

use crate::cellset::{CellSet, house_set};
use crate::generator::{self, Options, Progress};
use crate::geometry::{Cell, House, Size};
use crate::grid::Grid;
use crate::random::Rng;
use crate::rating::{self, Level, Rating};
use crate::solver;
use crate::variant::{self, Constraint, Puzzle};
use serde::{Deserialize, Serialize};

/// A killer puzzle made by `generate`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KillerGenerated {
    /// The cages and givens.
    pub puzzle: Puzzle,
    /// Its unique solution.
    pub solution: Grid,
    /// Its grade (`rating::rate_variant`); its level may differ from the one asked for when
    /// none was found within the attempts (then it is the nearest made).
    pub rating: Rating,
    /// The options it was made with (`options.level` is the level asked for).
    pub options: Options,
}

impl KillerGenerated {
    /// Whether the puzzle is of the level asked for.
    pub fn fits(&self) -> bool {
        self.rating.level == self.options.level
    }
}

/// The levels a killer is made at: every 9x9 level.
pub const LEVELS: [Level; 6] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Master];

/// The fewest givens an Easy killer keeps: some digits to start from, as a beginner's killer has.
pub const EASY_GIVENS: usize = 16;
/// The fewest givens a Medium killer keeps.
pub const MEDIUM_GIVENS: usize = 6;

/// Node budget of one uniqueness check of the cages (a pure killer takes a few hundred nodes).
const UNIQUENESS_BUDGET: u64 = 200_000;
/// Node budget for making a random full grid.
const FILL_BUDGET: u64 = 100_000;
/// Cuts made at most to make one attempt's cages unique.
const MAX_CUTS: usize = 40;

/// Per-level settings.
struct Plan {
    /// Cage sizes drawn from, uniformly (a size may repeat to weigh it).
    sizes: &'static [usize],
    /// Whether givens are kept at all (false: cages only).
    givens: bool,
    /// The fewest givens kept.
    min_givens: usize,
    /// The hardest step the level allows (its upper bound on `Level::of_score`).
    max_score: f32,
    /// Attempts at most.
    attempts: u32,
}

/// Attempts are bounded so that a generation always ends (natively, under load, the slowest
/// level's last attempt ends within about a minute; the app shows progress and Cancel): past
/// them the nearest puzzle made is the answer, and it says its own level.
fn plan(level: Level) -> Plan {
    match level {
        Level::Easy => Plan { sizes: &[2, 2, 3, 3, 4], givens: true, min_givens: EASY_GIVENS, max_score: 2.3, attempts: 10 },
        Level::Medium => Plan { sizes: &[2, 3, 3, 4, 5], givens: true, min_givens: MEDIUM_GIVENS, max_score: 3.4, attempts: 20 },
        Level::Hard => Plan { sizes: &[2, 3, 4, 4, 5], givens: false, min_givens: 0, max_score: 4.1, attempts: 40 },
        Level::Expert => Plan { sizes: &[2, 3, 3, 4, 5], givens: false, min_givens: 0, max_score: 6.4, attempts: 60 },
        Level::Extreme => Plan { sizes: &[2, 3, 4, 4, 5], givens: false, min_givens: 0, max_score: 8.2, attempts: 60 },
        _ => Plan { sizes: &[3, 4, 4, 5, 5], givens: false, min_givens: 0, max_score: f32::INFINITY, attempts: 20 },
    }
}

/// Makes a killer of `options.level` (9x9; `options.size` and `options.symmetry` are not
/// read: cages have no symmetry here). `progress` is called after each attempt; returning
/// `false` cancels (the result is then `None`).
pub fn generate(options: &Options, progress: &mut dyn FnMut(Progress) -> bool) -> Option<KillerGenerated> {
    let level = if LEVELS.contains(&options.level) { options.level } else { Level::Master };
    let options = Options { size: Size::Nine, level, ..*options };
    let plan = plan(level);
    let mut rng = Rng::seeded(options.seed);
    let mut best: Option<(u32, KillerGenerated)> = None;
    for attempt in 0..plan.attempts {
        if let Some((made, meets)) = attempt_once(&options, &plan, &mut rng) {
            let d = generator::distance(level, &made.rating, meets);
            if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                best = Some((d, made));
            }
        }
        if !progress(Progress { done: attempt + 1, total: plan.attempts }) {
            return None;
        }
        if best.as_ref().is_some_and(|(d, _)| *d == 0) {
            break;
        }
    }
    best.map(|(_, g)| g)
}

/// One attempt: `None` when its cages could not be made unique within `MAX_CUTS` cuts or its
/// walk stalls (a puzzle that needs a nested trial is not offered).
fn attempt_once(options: &Options, plan: &Plan, rng: &mut Rng) -> Option<(KillerGenerated, bool)> {
    let size = Size::Nine;
    let solution = loop {
        if let Some(g) = solver::random_solution(size, rng, FILL_BUDGET) {
            break g;
        }
    };
    let cages = partition(&solution, plan.sizes, rng);
    let mut puzzle =
        Puzzle { givens: Grid::new(size), regions: None, constraints: with_sums(&solution, &cages), about: Default::default() };
    let level = options.level;
    let (puzzle, solve) = if plan.givens {
        puzzle.givens = solution.clone();
        remove_givens(&mut puzzle, plan, rng);
        let solve = rating::solve_variant_within(&puzzle, f32::INFINITY);
        (puzzle, solve)
    } else {
        cages_only(&solution, cages, level, plan, rng)?
    };
    if !solve.solved {
        return None;
    }
    // A killer's level is its hardest step's (`Level::of_score`), without the classic
    // generator's extra wish for a fish, wing or chain at Hard and Expert: a killer whose
    // hardest step is a quad is an Expert killer, as the rating shown says.
    let rating = rating::rate_solve(&solve);
    Some((KillerGenerated { puzzle, solution, rating, options: *options }, true))
}

/// Other cuts tried from the cages before the last cut, when that cut made the puzzle easier
/// than the level: near the level's edge one cut more or less decides the level, so trying
/// a few is much cheaper than a new attempt from scratch.
const ALTERNATIVES: usize = 12;

/// A cages-only puzzle: cut until the cages alone are unique (the solver is cheap), then
/// until the walk solves within the level's bound. Each cut makes the puzzle a little easier,
/// so the last one leaves it just within the level's bound, where the level's puzzles are;
/// when it went below the level, other last cuts are tried, then joins (each one look).
fn cages_only(
    solution: &Grid,
    mut cages: Vec<Vec<Cell>>,
    level: Level,
    plan: &Plan,
    rng: &mut Rng,
) -> Option<(Puzzle, rating::LogicalSolve)> {
    let size = Size::Nine;
    let puzzle_of = |cages: &[Vec<Cell>]| Puzzle {
        givens: Grid::new(size),
        regions: None,
        constraints: with_sums(solution, cages),
        about: Default::default(),
    };
    // The cells where the puzzle is still open: where two solutions differ, or where the walk
    // within the bound stopped (with whether the puzzle is unique); or the walk, when it
    // solved. `unique`: already known unique (a cut of a unique puzzle stays unique), so the
    // solver's check is skipped.
    let look = |puzzle: &Puzzle, unique: bool| -> Option<Result<rating::LogicalSolve, (Vec<Cell>, bool)>> {
        let report = if unique {
            solver::Report { count: 1, solutions: Vec::new(), guesses: 0 }
        } else {
            variant::solve_within(&with_implied_sums(puzzle), 2, 2, UNIQUENESS_BUDGET).ok()??
        };
        if report.count == 1 {
            let solve = rating::solve_variant_within(puzzle, plan.max_score);
            if solve.solved {
                return Some(Ok(solve));
            }
            return Some(Err((size.cells().filter(|&c| solve.position.value(c).is_none()).collect(), true)));
        }
        let [a, b] = &report.solutions[..] else { return None };
        Some(Err((size.cells().filter(|&c| a.get(c) != b.get(c)).collect(), false)))
    };
    let mut before: Option<(Vec<Vec<Cell>>, Vec<Cell>, bool)> = None;
    let mut unique = false;
    for _ in 0..=MAX_CUTS {
        let puzzle = puzzle_of(&cages);
        match look(&puzzle, unique)? {
            Err((open, known_unique)) => {
                before = Some((cages.clone(), open.clone(), unique));
                unique = known_unique;
                cut_one(&mut cages, &open, rng)?;
            }
            Ok(solve) => {
                let fits = |s: &rating::LogicalSolve| rating::rate_solve(s).level == level;
                let score = |s: &rating::LogicalSolve| rating::rate_solve(s).score;
                if fits(&solve) {
                    return Some((puzzle, solve));
                }
                // Below the level (a walk within the bound solved it). Other last cuts first.
                let mut best = (cages, puzzle, solve);
                if let Some((prev, open, prev_unique)) = before {
                    for _ in 0..ALTERNATIVES {
                        let mut other = prev.clone();
                        cut_one(&mut other, &open, rng)?;
                        let puzzle = puzzle_of(&other);
                        if let Some(Ok(solve)) = look(&puzzle, prev_unique) {
                            if fits(&solve) {
                                return Some((puzzle, solve));
                            }
                            if score(&solve) > score(&best.2) {
                                best = (other, puzzle, solve);
                            }
                        }
                    }
                }
                // Then climb back up: joining two touching cages says less, so the puzzle
                // gets harder, or ambiguous. A join kept unique and within the bound is kept
                // when harder; each join tried is one look, so the climb is bounded too.
                for _ in 0..JOINS {
                    let mut other = best.0.clone();
                    if join_two(&mut other, solution, rng).is_none() {
                        break;
                    }
                    let puzzle = puzzle_of(&other);
                    let mut tries = match look(&puzzle, false) {
                        Some(Ok(solve)) => vec![(other, puzzle, solve)],
                        // Unique but past the bound: a cut where the walk stopped may land
                        // between the two, at the level (the join and the cut moved the
                        // difficulty elsewhere in the grid).
                        Some(Err((open, true))) => (0..CUTS_AFTER_JOIN)
                            .filter_map(|_| {
                                let mut cut = other.clone();
                                cut_one(&mut cut, &open, rng)?;
                                let puzzle = puzzle_of(&cut);
                                match look(&puzzle, true) {
                                    Some(Ok(solve)) => Some((cut, puzzle, solve)),
                                    _ => None,
                                }
                            })
                            .collect(),
                        _ => Vec::new(),
                    };
                    if let Some(k) = tries.iter().position(|t| fits(&t.2)) {
                        let (_, puzzle, solve) = tries.swap_remove(k);
                        return Some((puzzle, solve));
                    }
                    for t in tries {
                        if score(&t.2) >= score(&best.2) {
                            best = t;
                        }
                    }
                }
                return Some((best.1, best.2));
            }
        }
    }
    None
}

/// Joins tried at most when the cuts left a puzzle below the level.
const JOINS: usize = 24;
/// Cuts tried after a join that made the puzzle too hard.
const CUTS_AFTER_JOIN: usize = 2;

/// Joins two orthogonally touching cages whose digits differ into one of at most `CAGE_MAX`
/// cells, chosen at random; `None` when no two can be joined.
fn join_two(cages: &mut Vec<Vec<Cell>>, solution: &Grid, rng: &mut Rng) -> Option<()> {
    let size = Size::Nine;
    let mut owner = [usize::MAX; 81];
    for (i, cage) in cages.iter().enumerate() {
        cage.iter().for_each(|c| owner[c.index()] = i);
    }
    let digits = |cage: &[Cell]| cage.iter().fold(0u16, |m, &c| m | solution.get(c).map_or(0, |d| 1 << d.get()));
    // (i << 32 | j, 0): sorted by the sort keyed_sort's callers share.
    let mut pairs: Vec<(u64, u32)> = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        for j in cage.iter().flat_map(|&c| variant::orthogonal_neighbours(size, c)).map(|n| owner[n.index()]) {
            if i < j && cage.len() + cages[j].len() <= CAGE_MAX && digits(cage) & digits(&cages[j]) == 0 {
                pairs.push(((i as u64) << 32 | j as u64, 0));
            }
        }
    }
    crate::keyed_sort::sort_pairs(&mut pairs);
    pairs.dedup();
    if pairs.is_empty() {
        return None;
    }
    let pair = pairs[rng.below(pairs.len())].0;
    let (i, j) = ((pair >> 32) as usize, (pair & 0xffff_ffff) as usize);
    let joined = cages.swap_remove(j);
    cages[i].extend(joined);
    Some(())
}

/// The puzzle with the sums the 45 rule implies added as constraints of their own: the innies
/// and outies of every row, column and box and of every band of two or three rows or
/// columns. They hold in every solution of the cages, so the puzzle keeps exactly its
/// solutions, but the variant solver, which reads each cage alone, narrows with them far
/// sooner: a uniqueness check of fresh cages then visits tens of nodes, not thousands.
fn with_implied_sums(puzzle: &Puzzle) -> Puzzle {
    let size = Size::Nine;
    let cages: Vec<(CellSet, i32)> = puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer { cells, sum: Some(sum) } => Some((cells.iter().copied().collect(), i32::from(*sum))),
            _ => None,
        })
        .collect();
    let mut areas: Vec<CellSet> = size.houses().map(|h| house_set(size, h)).collect();
    for k in 2..=3u8 {
        for first in 0..=9 - k {
            areas.push((first..first + k).fold(CellSet::EMPTY, |a, r| a | house_set(size, House::Row(r))));
            areas.push((first..first + k).fold(CellSet::EMPTY, |a, c| a | house_set(size, House::Col(c))));
        }
    }
    let mut implied = Vec::new();
    for area in areas {
        let total = 45 * (area.len() as i32 / 9);
        let inside: Vec<&(CellSet, i32)> = cages.iter().filter(|(c, _)| c.is_subset(area)).collect();
        let innies = area.difference(inside.iter().fold(CellSet::EMPTY, |a, (c, _)| a | *c));
        let innies_sum = total - inside.iter().map(|(_, s)| s).sum::<i32>();
        let touching: Vec<&(CellSet, i32)> = cages.iter().filter(|(c, _)| !(*c & area).is_empty()).collect();
        let covered = touching.iter().fold(CellSet::EMPTY, |a, (c, _)| a | *c);
        let outies = covered.difference(area);
        let outies_sum = touching.iter().map(|(_, s)| s).sum::<i32>() - total;
        for (cells, sum) in [(innies, innies_sum), (outies, outies_sum)] {
            if cells.is_empty() || cells.len() > IMPLIED_MAX_CELLS || !area.is_subset(covered) && cells == outies {
                continue;
            }
            let Ok(sum) = u16::try_from(sum) else { continue };
            let list: Vec<Cell> = cells.iter().collect();
            let one_house = size.houses().any(|h| cells.is_subset(house_set(size, h)));
            implied.push(if one_house {
                Constraint::Killer { cells: list, sum: Some(sum) }
            } else {
                Constraint::LittleKiller { cells: list, sum, clue: (-1, -1) }
            });
        }
    }
    let mut out = puzzle.clone();
    out.constraints.extend(implied);
    out
}

/// The most cells of an implied sum: a longer one narrows little and costs a rule.
const IMPLIED_MAX_CELLS: usize = 9;

/// Empties given cells in random order while the walk still solves within the level's bound.
fn remove_givens(puzzle: &mut Puzzle, plan: &Plan, rng: &mut Rng) {
    let mut order: Vec<Cell> = Size::Nine.cells().collect();
    rng.shuffle(&mut order);
    let mut givens = order.len();
    for c in order {
        if givens <= plan.min_givens {
            break;
        }
        let digit = puzzle.givens.get(c);
        puzzle.givens.set(c, None);
        if rating::solve_variant_within(puzzle, plan.max_score).solved {
            givens -= 1;
        } else {
            puzzle.givens.set(c, digit);
        }
    }
}

/// The cages as killer constraints with their sums in `solution`.
fn with_sums(solution: &Grid, cages: &[Vec<Cell>]) -> Vec<Constraint> {
    cages
        .iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| u16::from(solution.get(c).map_or(0, |d| d.get()))).sum();
            Constraint::Killer { cells: cells.clone(), sum: Some(sum) }
        })
        .collect()
}

/// The largest cage: 5 cells, as killer setters' usual cages (bigger ones say little).
const CAGE_MAX: usize = 5;

/// Random cages over the whole grid, true of `solution` (no digit twice in a cage).
fn partition(solution: &Grid, sizes: &[usize], rng: &mut Rng) -> Vec<Vec<Cell>> {
    let size = Size::Nine;
    let mut owner: Vec<Option<usize>> = vec![None; 81];
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    let mut order: Vec<Cell> = size.cells().collect();
    rng.shuffle(&mut order);
    let fits = |cage: &[Cell], n: Cell| cage.iter().all(|&c| solution.get(c) != solution.get(n));
    for start in order {
        if owner[start.index()].is_some() {
            continue;
        }
        let target = sizes[rng.below(sizes.len())];
        let id = cages.len();
        let mut cage = vec![start];
        owner[start.index()] = Some(id);
        while cage.len() < target {
            let mut next: Vec<Cell> = cage
                .iter()
                .flat_map(|&c| variant::orthogonal_neighbours(size, c))
                .filter(|&n| owner[n.index()].is_none() && fits(&cage, n))
                .collect();
            crate::keyed_sort::sort_by_key(&mut next, |c| c.index() as u64);
            next.dedup();
            if next.is_empty() {
                break;
            }
            let n = next[rng.below(next.len())];
            owner[n.index()] = Some(id);
            cage.push(n);
        }
        cages.push(cage);
    }
    // A cage of one is a given in disguise: it joins a neighbouring cage that has room and
    // lacks its digit, where there is one.
    for i in 0..cages.len() {
        if cages[i].len() != 1 {
            continue;
        }
        let cell = cages[i][0];
        let mut hosts: Vec<usize> = variant::orthogonal_neighbours(size, cell)
            .filter_map(|n| owner[n.index()])
            .filter(|&j| j != i && cages[j].len() < CAGE_MAX && fits(&cages[j], cell))
            .collect();
        crate::keyed_sort::sort_by_key(&mut hosts, |&j| j as u64);
        hosts.dedup();
        if hosts.is_empty() {
            continue;
        }
        let j = hosts[rng.below(hosts.len())];
        cages[j].push(cell);
        cages[i].clear();
        owner[cell.index()] = Some(j);
    }
    cages.retain(|c| !c.is_empty());
    cages
}

/// Cuts a cage that holds a cell of `differ` into two connected parts, both of two cells or
/// more where the cage allows it. `None` when every such cage is a single cell (cannot
/// happen while two solutions differ: a cage of one fixes its cell).
fn cut_one(cages: &mut Vec<Vec<Cell>>, differ: &[Cell], rng: &mut Rng) -> Option<()> {
    let mut which: Vec<usize> = (0..cages.len()).filter(|&i| cages[i].len() > 1 && cages[i].iter().any(|c| differ.contains(c))).collect();
    if which.is_empty() {
        return None;
    }
    // Prefer the largest: cutting it costs the puzzle the least of its difficulty.
    let largest = which.iter().map(|&i| cages[i].len()).max()?;
    which.retain(|&i| cages[i].len() == largest);
    let i = which[rng.below(which.len())];
    let cage = cages[i].clone();
    let n = cage.len();
    let mut splits: Vec<(Vec<Cell>, Vec<Cell>)> = Vec::new();
    // Every subset holding the cage's first cell, against the rest (each cut counted once).
    for mask in 1u32..(1 << n) - 1 {
        if mask & 1 == 0 {
            continue;
        }
        let a: Vec<Cell> = (0..n).filter(|k| mask >> k & 1 == 1).map(|k| cage[k]).collect();
        let b: Vec<Cell> = (0..n).filter(|k| mask >> k & 1 == 0).map(|k| cage[k]).collect();
        if variant::orthogonally_connected(Size::Nine, &a) && variant::orthogonally_connected(Size::Nine, &b) {
            splits.push((a, b));
        }
    }
    let both_big: Vec<usize> = (0..splits.len()).filter(|&k| splits[k].0.len() > 1 && splits[k].1.len() > 1).collect();
    let k = if both_big.is_empty() { rng.below(splits.len()) } else { both_big[rng.below(both_big.len())] };
    let (a, b) = splits.swap_remove(k);
    cages[i] = a;
    cages.push(b);
    Some(())
}

/// The seed of a daily killer for a date (for the app's daily killer, still to come): the
/// daily puzzle's seed mixed with a constant, so the two daily puzzles of a date differ and
/// each is the same for everyone.
pub fn daily_seed(date: &str) -> u64 {
    generator::daily_seed(date) ^ 0x6b69_6c6c_6572_0000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_keep_cages_connected_and_cover_the_cage() {
        let s = Size::Nine;
        let cage = vec![s.cell(0, 0), s.cell(0, 1), s.cell(0, 2), s.cell(1, 2), s.cell(2, 2)];
        let mut rng = Rng::seeded(3);
        for _ in 0..20 {
            let mut cages = vec![cage.clone()];
            cut_one(&mut cages, &[s.cell(0, 0)], &mut rng).unwrap();
            assert_eq!(cages.len(), 2);
            assert!(cages.iter().all(|c| variant::orthogonally_connected(s, c) && c.len() >= 2), "{cages:?}");
            let mut all: Vec<Cell> = cages.concat();
            all.sort_by_key(|c| c.index());
            let mut want = cage.clone();
            want.sort_by_key(|c| c.index());
            assert_eq!(all, want);
        }
        // A cage of one never holds two solutions apart: nothing to cut.
        assert!(cut_one(&mut vec![vec![s.cell(4, 4)]], &[s.cell(4, 4)], &mut rng).is_none());
    }

    #[test]
    fn partitions_cover_the_grid_with_cages_true_of_it() {
        let mut rng = Rng::seeded(11);
        let solution = solver::random_solution(Size::Nine, &mut rng, FILL_BUDGET).unwrap();
        let cages = partition(&solution, &[2, 3, 4, 5], &mut rng);
        let mut count = [0u8; 81];
        for cage in &cages {
            assert!(variant::orthogonally_connected(Size::Nine, cage) && cage.len() <= CAGE_MAX, "{cage:?}");
            let mut digits: Vec<_> = cage.iter().map(|&c| solution.get(c)).collect();
            digits.sort();
            digits.dedup();
            assert_eq!(digits.len(), cage.len(), "a digit repeats in {cage:?}");
            cage.iter().for_each(|c| count[c.index()] += 1);
        }
        assert!(count.iter().all(|&n| n == 1), "every cell in exactly one cage");
    }
}
