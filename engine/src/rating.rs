//! Grading: solve a puzzle the way a person would, easiest technique first, and rate it by the
//! hardest step it needed (a scale close to Sudoku Explainer's) and the work it took.
//!
//! | level      | hardest step score | typically needs                                  |
//! |------------|--------------------|--------------------------------------------------|
//! | Easy       | ≤ 2.3              | singles only                                     |
//! | Medium     | 2.3 < s ≤ 3.4      | intersections, pairs, X-Wing                     |
//! | Hard       | 3.4 < s < 4.2      | triples, Swordfish, single-digit patterns        |
//! | Expert     | 4.2 ≤ s < 6.5      | wings, uniqueness, quads, Jellyfish, BUG         |
//! | Extreme    | 6.5 ≤ s < 8.3      | chains and loops, ALS                            |
//! | Master     | ≥ 8.3              | forcing chains and nets                          |
//! | NeedsTrial | —                  | not a valid puzzle (no solution, or several)     |
//!
//! At the hard end the scores follow Sudoku Explainer's rules: forcing chains 8.3-8.7, forcing
//! nets 8.8-9.6, nested nets 9.7-11.9, each growing with the length of its proof
//! (`forcing::length_bonus`), so puzzles are ordered as SE orders them across the whole range.

use crate::grid::Grid;
use crate::position::Position;
use crate::step::{Step, Technique};
use crate::techniques;
use crate::variant::Puzzle;
use serde::{Deserialize, Serialize};

/// Difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
    Master,
    NeedsTrial,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Master, Level::NeedsTrial];

    /// The level a name stands for (the English name of `name`, as settings and forms keep it):
    /// the one place a level is read back from text.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The level's name as players see it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Extreme => "Extreme",
            Level::Master => "Master",
            Level::NeedsTrial => "Needs trial",
        }
    }

    /// The level of a hardest-step score.
    pub fn of_score(score: f32) -> Level {
        match score {
            s if s <= 2.3 => Level::Easy,
            s if s <= 3.4 => Level::Medium,
            s if s < 4.2 => Level::Hard,
            s if s < 6.5 => Level::Expert,
            s if s < 8.3 => Level::Extreme,
            _ => Level::Master,
        }
    }
}

pub use crate::techniques::{Family, base_score, step_score};

/// The family of a technique (its row in `techniques::TABLE` says).
pub fn family(t: Technique) -> Family {
    t.family()
}

/// Whether a solve meets a level's technique requirement (on top of its score range).
pub fn meets_requirement(level: Level, steps: &[Step]) -> bool {
    let has = |f: &[Family]| steps.iter().any(|s| f.contains(&family(s.technique)));
    match level {
        Level::Hard => has(&[
            Family::Intersection,
            Family::Fish,
            Family::SingleDigitPattern,
            Family::Coloring,
            Family::Wing,
            Family::Uniqueness,
            Family::Chain,
            Family::Forcing,
            Family::Other,
        ]),
        Level::Expert => has(&[Family::Fish, Family::Wing, Family::Uniqueness, Family::Chain]),
        _ => true,
    }
}

/// The lowest score of a technique that assumes a unique solution (Unique and Avoidable
/// Rectangles, BUG): a solve limited below it is valid for every solution.
pub const UNIQUENESS_FLOOR: f32 = 4.5;

/// A logical solve: the steps in order, and whether they finished the puzzle.
#[derive(Clone, Debug)]
pub struct LogicalSolve {
    /// The steps, in the order applied.
    pub steps: Vec<Step>,
    /// Whether the steps solved the puzzle.
    pub solved: bool,
    /// The position after the last step.
    pub position: Position,
}

/// Solves with the implemented techniques, easiest first, until solved or stuck.
pub fn solve_logically(grid: &Grid) -> LogicalSolve {
    solve_logically_within(grid, f32::INFINITY)
}

/// Solves with the techniques, easiest first, but stops (unsolved) at the first step that would
/// score above `max_score`. Techniques are tried in score order, so that step is the easiest left.
pub fn solve_logically_within(grid: &Grid, max_score: f32) -> LogicalSolve {
    let mut position = Position::from_grid(grid);
    let mut steps = Vec::new();
    while !position.is_solved() && position.dead_end().is_none() {
        // Techniques whose easiest steps already score above the limit are not looked for.
        let Some(step) = techniques::next_step_within(&position, max_score) else { break };
        if step_score(&step) > max_score {
            break;
        }
        position.apply(&step);
        steps.push(step);
    }
    LogicalSolve { solved: position.is_solved(), steps, position }
}

/// Whether `solve_logically_within(grid, max_score)` solves the grid, found faster: the
/// singles between the other steps are placed all at once (`Position::fill_singles`), which
/// leaves the position the one-step-at-a-time solve reaches before its next other step, so the
/// other steps, and the answer, are the same (`max_score` must admit singles). For the
/// generator, which asks this of every removal and needs no steps.
pub fn solves_within(grid: &Grid, max_score: f32) -> bool {
    debug_assert!(max_score >= base_score(Technique::NakedSingle), "singles must be within the limit");
    let mut position = Position::from_grid(grid);
    while position.fill_singles() {
        if position.is_solved() {
            return true;
        }
        let Some(step) = techniques::next_step_within(&position, max_score) else { return false };
        if step_score(&step) > max_score {
            return false;
        }
        position.apply(&step);
    }
    false
}

/// The most steps a variant's walk takes: every sound step removes at least one candidate, so
/// a 9x9 walk ends within 729; the cap guards against a finder that changes nothing.
const VARIANT_STEPS_MAX: usize = 2_000;

/// A variant's logical solve, as its hint walk goes (`techniques::next_variant_step`: the
/// singles, the constraints' own steps, the classic techniques up to chains and ALS, the
/// trial with every rule), from the givens and the candidates rows, columns and boxes (or a
/// jigsaw's regions) leave,
/// stopping (unsolved) at the first step that would score above `max_score`. From the givens,
/// not from what the app's candidates show, so a cage's combinations count as work the
/// player does. Without the nested trial: the generator, which asks this of every cut, does
/// not pay for it (a walk that needs it stalls).
pub fn solve_variant_within(puzzle: &Puzzle, max_score: f32) -> LogicalSolve {
    walk_variant(puzzle, max_score, false)
}

/// The search nodes the rating walk spends on a solution for its nested trial (past them the
/// trial only tries more candidates).
const SOLUTION_NODES: u64 = 1_000_000;

/// The variant walk: `solve_variant_within`'s steps, and with `nested`, where they stall, a
/// nested trial with every rule (`techniques::nested_variant_step`, the hint's last resort),
/// after which the easier steps go on.
fn walk_variant(puzzle: &Puzzle, max_score: f32, nested: bool) -> LogicalSolve {
    let mut position = puzzle.position(&puzzle.givens, None);
    let mut steps = Vec::new();
    let compiled = techniques::CompiledVariant::new(puzzle);
    let nested = nested && base_score(Technique::NestedConstraintTrial) <= max_score;
    // A solution spares the nested trial the candidates that cannot fail (about half its
    // time); found once, when the walk first stalls. Any solution is as true of the
    // candidates as the only one.
    let mut solution: Option<Option<Grid>> = None;
    while !position.is_solved() && position.dead_end().is_none() && steps.len() < VARIANT_STEPS_MAX {
        let step = techniques::next_compiled_variant_step_within(&compiled, &position, max_score).or_else(|| {
            if !nested {
                return None;
            }
            let solution = solution.get_or_insert_with(|| {
                crate::variant::solve_within(puzzle, 1, 1, SOLUTION_NODES).ok().flatten().and_then(|r| r.solutions.into_iter().next())
            });
            techniques::nested_compiled_variant_step(&compiled, &position, solution.as_ref())
        });
        let Some(step) = step else { break };
        if step_score(&step) > max_score || (step.placements.is_empty() && step.eliminations.is_empty()) {
            break;
        }
        position.apply(&step);
        steps.push(step);
    }
    let solved = position.is_solved() && puzzle.is_solved_by(&position.grid());
    LogicalSolve { solved, steps, position }
}

/// Rates a variant puzzle as a classic one is rated, by the hardest step of its walk on the
/// same scale: the walk of `solve_variant_within` and, where it stalls, the hint's nested
/// trial, so the steps rated are the ones Hint gives. The cage and constraint steps score
/// 1.8-2.8 (Easy to Medium), the classic ones as they always do, the trial with every rule
/// (`ConstraintTrial`, 9.0) and the nested trial (`NestedConstraintTrial`, 9.7) make a
/// puzzle Master. Only a walk that stalls even so (no unique solution) rates `NeedsTrial`.
/// A classic puzzle is rated by `rate`, unchanged.
pub fn rate_variant(puzzle: &Puzzle) -> Rating {
    if puzzle.is_classic() {
        return rate(&puzzle.givens);
    }
    rate_solve(&walk_variant(puzzle, f32::INFINITY, true))
}

/// A puzzle's grade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The level.
    pub level: Level,
    /// The hardest step's score (0 for a grid with nothing to do).
    pub score: f32,
    /// The hardest technique used, if any step was needed.
    pub hardest: Option<Technique>,
    /// The sum of all step scores: the amount of work, to tell apart puzzles of one score.
    pub work: f32,
    /// Steps taken.
    pub steps: usize,
}

/// Rates a puzzle by its logical solve.
pub fn rate(grid: &Grid) -> Rating {
    rate_solve(&solve_logically(grid))
}

/// Rates a logical solve already made.
pub fn rate_solve(solve: &LogicalSolve) -> Rating {
    let mut score = 0.0f32;
    let mut hardest = None;
    let mut work = 0.0f32;
    for step in &solve.steps {
        let s = step_score(step);
        work += s;
        if s > score {
            score = s;
            hardest = Some(step.technique);
        }
    }
    let level = if solve.solved { Level::of_score(score) } else { Level::NeedsTrial };
    Rating { level, score: (score * 10.0).round() / 10.0, hardest, work, steps: solve.steps.len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::solver;

    #[test]
    fn every_level_is_read_back_from_its_name() {
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
        }
        assert_eq!(Level::from_name("Legendary"), None);
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let g = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let solve = solve_logically(&g);
        assert!(solve.solved);
        assert_eq!(solve.position.grid(), solver::unique_solution(&g).unwrap());
        let r = rate_solve(&solve);
        assert_eq!(r.level, Level::Easy);
        assert!(r.score <= 2.3);
    }

    #[test]
    fn the_hardest_puzzles_are_master_and_only_invalid_ones_need_trial() {
        // From the forum's list of the hardest known puzzles: only nested forcing nets solve it.
        let g = line::parse("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3").unwrap();
        let r = rate(&g);
        assert_eq!((r.level, r.hardest), (Level::Master, Some(Technique::NestedForcingNet)));
        assert!(r.score >= 9.7, "{r:?}");
        // A grid with many solutions can't be reasoned out.
        assert_eq!(rate(&line::parse("................").unwrap()).level, Level::NeedsTrial);
    }

    #[test]
    fn a_puzzle_famous_for_hard_search_is_logically_medium() {
        // Norvig's "hard1" is hard for a naive search, but pointing suffices for a person.
        let g = line::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let r = rate(&g);
        assert_eq!((r.level, r.hardest), (Level::Medium, Some(Technique::LockedCandidatesPointing)));
    }

    #[test]
    fn level_thresholds_do_not_overlap() {
        assert_eq!(Level::of_score(2.3), Level::Easy);
        assert_eq!(Level::of_score(2.6), Level::Medium);
        assert_eq!(Level::of_score(3.6), Level::Hard);
        assert_eq!(Level::of_score(4.2), Level::Expert);
        assert_eq!(Level::of_score(6.6), Level::Extreme);
        assert_eq!(Level::of_score(8.2), Level::Extreme);
        assert_eq!(Level::of_score(8.3), Level::Master);
    }
}
