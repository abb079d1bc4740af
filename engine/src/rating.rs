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

use crate::geometry::House;
use crate::grid::Grid;
use crate::position::Position;
use crate::step::{Step, Technique};
use crate::techniques;
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

/// Families of techniques, for the generator's level requirements ("a Hard puzzle needs a step
/// beyond singles and subsets; an Expert one needs fish, wings, uniqueness or chains").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Single,
    Intersection,
    Subset,
    Fish,
    SingleDigitPattern,
    Coloring,
    Wing,
    Uniqueness,
    Chain,
    Forcing,
    Other,
}

/// The family of a technique.
pub fn family(t: Technique) -> Family {
    use Technique::*;
    match t {
        FullHouse | HiddenSingle | NakedSingle => Family::Single,
        LockedCandidatesPointing | LockedCandidatesClaiming => Family::Intersection,
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple | HiddenQuad => Family::Subset,
        XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish | SashimiXWing | SashimiSwordfish
        | SashimiJellyfish => Family::Fish,
        Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | DualTwoStringKite | DualEmptyRectangle => Family::SingleDigitPattern,
        SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 | Medusa3D => Family::Coloring,
        XYWing | XYZWing | WWing => Family::Wing,
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6
        | HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 | Bug1 => Family::Uniqueness,
        RemotePair
        | XChain
        | XYChain
        | ContinuousNiceLoop
        | DiscontinuousNiceLoop
        | Aic
        | AlsXz
        | AlsXyWing
        | AlsXyChain
        | DeathBlossom
        | GroupedContinuousNiceLoop
        | GroupedDiscontinuousNiceLoop
        | GroupedAic => Family::Chain,
        ContradictionForcingChain
        | UnitForcingChain
        | CellForcingChain
        | ContradictionForcingNet
        | UnitForcingNet
        | CellForcingNet
        | NestedForcingNet => Family::Forcing,
        FrankenXWing
        | FrankenSwordfish
        | FrankenJellyfish
        | FinnedFrankenXWing
        | FinnedFrankenSwordfish
        | FinnedFrankenJellyfish
        | MutantXWing
        | MutantSwordfish
        | MutantJellyfish
        | FinnedMutantXWing
        | FinnedMutantSwordfish
        | FinnedMutantJellyfish
        | FinnedMutantSquirmbag
        | FinnedMutantWhale => Family::Fish,
        SueDeCoq | TemplateSet | TemplateDelete | Reveal => Family::Other,
    }
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

/// The score of one step on the Sudoku-Explainer-like scale.
pub fn step_score(step: &Step) -> f32 {
    score_of(step)
}

/// The lowest score of a technique that assumes a unique solution (Unique and Avoidable
/// Rectangles, BUG): a solve limited below it is valid for every solution.
pub const UNIQUENESS_FLOOR: f32 = 4.5;

/// The lowest score a technique's steps can have (a box's hidden single, a chain of four
/// cells, a forcing proof of a few links): the floor `techniques::ORDER` is sorted by.
pub fn base_score(technique: Technique) -> f32 {
    let mut step = Step::new(technique);
    step.houses.push(House::Box(0));
    score_of(&step)
}

fn score_of(step: &Step) -> f32 {
    use Technique::*;
    match step.technique {
        FullHouse => 1.0,
        HiddenSingle => match step.houses.first() {
            Some(House::Box(_)) => 1.2,
            _ => 1.5,
        },
        NakedSingle => 2.3,
        LockedCandidatesPointing => 2.6,
        LockedCandidatesClaiming => 2.8,
        LockedPair => 2.9,
        NakedPair => 3.0,
        XWing => 3.2,
        HiddenPair => 3.4,
        LockedTriple => 3.5,
        NakedTriple => 3.6,
        Swordfish => 3.8,
        Skyscraper => 3.9,
        HiddenTriple | TwoStringKite => 4.0,
        TurbotFish | EmptyRectangle | DualTwoStringKite => 4.1,
        XYWing | FinnedXWing | SashimiXWing | DualEmptyRectangle => 4.2,
        SimpleColorsTrap | SimpleColorsWrap => 4.3,
        XYZWing | WWing => 4.4,
        UniqueRectangle1 | AvoidableRectangle1 | MultiColors1 | MultiColors2 => 4.5,
        UniqueRectangle2 | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6 | AvoidableRectangle2 => 4.6,
        HiddenRectangle | FinnedSwordfish | SashimiSwordfish => 4.7,
        UniqueRectangle3 => 4.8,
        NakedQuad => 5.0,
        Jellyfish => 5.2,
        HiddenQuad => 5.4,
        FinnedJellyfish | SashimiJellyfish => 5.5,
        SueDeCoq => 5.5,
        Bug1 => 5.6,
        RemotePair => 6.5,
        XChain => chain_score(6.5, step),
        XYChain => chain_score(6.6, step),
        // Colouring across digits: as strong as a short XY- or X-Chain, not scored by length.
        Medusa3D => 6.6,
        ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => chain_score(7.0, step),
        GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => chain_score(7.2, step),
        AlsXz => 7.5,
        ContradictionForcingChain => forcing_score(8.3, 8.7, step),
        UnitForcingChain => forcing_score(8.4, 8.7, step),
        CellForcingChain => forcing_score(8.5, 8.7, step),
        ContradictionForcingNet => forcing_score(8.8, 9.6, step),
        UnitForcingNet => forcing_score(8.9, 9.6, step),
        CellForcingNet => forcing_score(9.0, 9.6, step),
        NestedForcingNet => {
            // Each level of nesting is a rung of its own: 9.7, 10.2, 10.7.
            let nesting = step.forcing.as_ref().map_or(1, |f| f.nesting.max(1));
            let base = 9.7 + 0.5 * (nesting - 1) as f32;
            // Nested proofs grow long on the hardest puzzles: their length orders them (SE's
            // ratings of the forum's hardest run from 10 to 11.9).
            forcing_score(base, base + 2.2, step)
        }
        AlsXyWing => 7.8,
        AlsXyChain => als_chain_score(step),
        DeathBlossom => 8.2,
        Reveal => 12.0,
        // Complex fish: the basic fish of their size (plain or finned) plus 0.2 for Franken
        // (0.3 finned) and 0.5 for Mutant (0.6 finned). Squirmbag (5) and Whale (6) have no
        // basic counterpart here; their finned scores extend Finned Jellyfish's (5.8, 6.1).
        // Written out: sums of floats would miss the level thresholds.
        FrankenXWing => 3.4,
        FrankenSwordfish => 4.0,
        FrankenJellyfish => 5.4,
        FinnedFrankenXWing => 4.5,
        FinnedFrankenSwordfish => 5.0,
        FinnedFrankenJellyfish => 5.8,
        MutantXWing => 3.7,
        MutantSwordfish => 4.3,
        MutantJellyfish => 5.7,
        FinnedMutantXWing => 4.8,
        FinnedMutantSwordfish => 5.3,
        FinnedMutantJellyfish => 6.1,
        FinnedMutantSquirmbag => 6.4,
        FinnedMutantWhale => 6.7,
        TemplateSet | TemplateDelete => 7.6,
    }
}

/// Longer chains are harder to see: +0.1 per four cells beyond four, at most +1.0.
fn chain_score(base: f32, step: &Step) -> f32 {
    let extra = step.cells.len().saturating_sub(4) as f32 / 4.0;
    base + (extra.floor() / 10.0).min(1.0)
}

/// A forcing step's score: its rung's base, plus its proof's length (Sudoku Explainer's rule),
/// within the rung.
fn forcing_score(base: f32, cap: f32, step: &Step) -> f32 {
    let length = techniques::forcing::proof_length(step);
    (base + techniques::forcing::length_bonus(length)).min(cap)
}

/// ALS-XY-Chains score 8.0 with four sets, +0.1 per further set, at most 8.2 (they stay below
/// the forcing chains' 8.3, where Master begins). The sets are
/// counted by the strong links (one inside each set) of the step's first chain.
fn als_chain_score(step: &Step) -> f32 {
    let sets = step.chains.first().map_or(0, |c| c.iter().filter(|l| l.strong).count());
    8.0 + (sets.saturating_sub(4).min(2) as f32) / 10.0
}

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
