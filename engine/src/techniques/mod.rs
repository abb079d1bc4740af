//! The human solving techniques, one file (or family) each. Every technique can report all its
//! instances in a position (`find_all`, for tests and tools) or just the first (`find`, for
//! hints and the logical solver).
//!
//! `TABLE` (in `table.rs`) has one row per technique: its names, family, score and finder, in
//! the order they are tried, by score, easiest first. `next_step` walks it, which is what
//! hints, the logical solver and the grading use, so the step taken is always the easiest one
//! available.

mod als;
mod chains;
mod colors;
mod complex_fish;
mod constraint_chains;
mod fish;
pub mod forcing;
mod full_house;
mod hidden_single;
mod intersections;
mod killer;
mod medusa;
mod naked_single;
mod single_digit;
mod subsets;
mod sue_de_coq;
mod sums;
mod table;
mod templates;
mod uniqueness;
pub mod util;
mod variant_rules;
mod wings;

use crate::grid::Grid;
use crate::position::Position;
use crate::step::{Step, Technique};
use crate::variant::Puzzle;
pub use table::{About, Family, Finder, Names, Row, Score, TABLE, VARIANT, about, base_score, row, step_score};
use util::Sink;
pub use variant_rules::{CompiledVariant, constraint_cells};

/// The implemented techniques, in the order they are tried (the table's, by score, easiest
/// first).
pub const ORDER: &[Technique] = &table::ORDER;

/// Reports every instance of a technique to `sink` (until it returns false).
pub fn find_all(position: &Position, technique: Technique, sink: Sink<'_>) {
    if let Some(find) = table::row(technique).find {
        find(position, sink);
    }
}

/// The first instance of a technique.
pub fn find(position: &Position, technique: Technique) -> Option<Step> {
    let mut found = None;
    find_all(position, technique, &mut |s| {
        found = Some(s);
        false
    });
    found
}

/// Every instance of a technique.
pub fn find_every(position: &Position, technique: Technique) -> Vec<Step> {
    let mut all = Vec::new();
    find_all(position, technique, &mut |s| {
        all.push(s);
        true
    });
    all
}

/// The easiest step that applies.
pub fn next_step(position: &Position) -> Option<Step> {
    next_step_within(position, f32::INFINITY)
}

/// The easiest step that applies among the techniques whose steps may score `max_score` or
/// less (`base_score`; the table is sorted by it).
///
/// Most techniques score the same for every step, so the first technique in the table that
/// finds one gives the easiest step. Chains and forcing steps grow with their length (a long
/// X-Chain can outscore a short loop; a contradiction net of 40 links, a cell net of 6), so
/// when the first step found is one of them, every later technique whose base score is within
/// reach of it is asked too and the lowest score wins, as in Sudoku Explainer: ties go to the
/// fewer links, then to the table's order. The bound shrinks as better steps are found, and a
/// technique whose base is above it is never run: forcing chains cap at 8.7 below the nets'
/// 8.8, chains and ALS at 8.2 below the forcing chains' 8.3, so a chain never makes the solver
/// look for a net.
pub fn next_step_within(position: &Position, max_score: f32) -> Option<Step> {
    next_step_among(position, max_score, |_| true)
}

/// `next_step_within` over the techniques `keep` keeps.
fn next_step_among(position: &Position, max_score: f32, keep: impl Fn(Technique) -> bool) -> Option<Step> {
    let within = ORDER.iter().take_while(|&&t| base_score(t) <= max_score);
    let (first, step) = within.enumerate().find_map(|(i, &t)| if keep(t) { find(position, t).map(|s| (i, s)) } else { None })?;
    if !matches!(step.technique.family(), Family::Chain | Family::Forcing) {
        return Some(step);
    }
    let mut best = (rank(&step), step);
    for &t in ORDER[first + 1..].iter().filter(|&&t| keep(t)) {
        // In tenths, as scores are shown: a later technique can at best tie at its base.
        if tenths(base_score(t)) > best.0.0 || base_score(t) > max_score {
            break;
        }
        if let Some(s) = find(position, t) {
            let r = rank(&s);
            if r < best.0 {
                best = (r, s);
            }
        }
    }
    Some(best.1)
}

/// The next step on a variant: a single first (full house, hidden or naked single: the
/// player's first look), then what the constraints say (`VARIANT`: a cage's combinations, one
/// constraint's own logic, a digit a cage needs, the 45 rule), then the classic techniques over
/// the candidates the constraints left. Never a uniqueness step: a deadly pattern of the
/// classic rules may break a constraint, so it proves nothing on a variant. `position` holds
/// the digits and candidates; the puzzle gives the constraints. On irregular regions the
/// position must carry them (`Position::with_layout`), and only the techniques that read their
/// houses from it run (`reads_regions`).
///
/// A classic puzzle never comes here (the hint calls `next_step`), so it pays nothing for the
/// variant steps.
pub fn next_variant_step(puzzle: &Puzzle, position: &Position) -> Option<Step> {
    next_variant_step_within(puzzle, position, f32::INFINITY)
}

/// `next_variant_step` among the techniques whose steps may score `max_score` or less: the
/// grading of a variant and its generator ask for the easiest step up to a level's bound, and
/// never pay for a search (chains, the trial) whose every step would be above it.
pub fn next_variant_step_within(puzzle: &Puzzle, position: &Position, max_score: f32) -> Option<Step> {
    next_compiled_variant_step_within(&CompiledVariant::new(puzzle), position, max_score)
}

/// `next_variant_step_within` on a puzzle compiled once for a whole walk (`CompiledVariant`):
/// the same steps, without compiling every cage again at every step.
pub fn next_compiled_variant_step_within(compiled: &CompiledVariant, position: &Position, max_score: f32) -> Option<Step> {
    let puzzle = compiled.puzzle();
    if !fits(puzzle, position) {
        return None;
    }
    let jigsaw = position.layout().is_irregular();
    let singles = [Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle];
    if let Some(step) = singles.iter().find_map(|&t| find(position, t)) {
        return Some(step);
    }
    for &t in VARIANT.iter().filter(|&&t| base_score(t) <= max_score) {
        let step = match t {
            Technique::CageCombination => killer::cage_combination(compiled, position),
            Technique::CageConfinement => killer::cage_confinement(compiled, position),
            // The 45 rule's areas are the position's houses (a jigsaw's regions) and bands.
            Technique::Innies => killer::rule_45(compiled, position, false),
            Technique::Outies => killer::rule_45(compiled, position, true),
            // Not on a jigsaw yet: its sentence tells innies from outies by the boxes.
            Technique::InnieOutie if !jigsaw => killer::innie_outie(compiled, position),
            Technique::CageSplitting => killer::cage_splitting(compiled, position),
            Technique::LittleKillerCombination => sums::little_killer_combination(compiled, position),
            Technique::ConstraintRule => variant_rules::constraint_rule(compiled, position),
            // The chains over the constraints' links and the last resort, after the classic
            // techniques below.
            _ => None,
        };
        if step.is_some() {
            return step;
        }
    }
    // The classic techniques up to the chains and almost locked sets: their forcing steps
    // reason with the classic rules only, which on a variant leave so much open that their
    // search runs for minutes; a trial with every constraint (below) replaces them.
    let keep = |t: Technique| t.family() != Family::Uniqueness && !singles.contains(&t) && (!jigsaw || reads_regions(t));
    next_step_among(position, CLASSIC_MAX.min(max_score), keep)
        .or_else(|| {
            (base_score(Technique::ConstraintAic) <= max_score).then(|| constraint_chains::constraint_aic(compiled, position)).flatten()
        })
        .or_else(|| (base_score(Technique::ConstraintTrial) <= max_score).then(|| variant_rules::trial(compiled, position)).flatten())
}

/// The variant hint's last resort, after every step of `next_variant_step`: a nested trial with
/// every rule (`NestedConstraintTrial`). Not part of `next_variant_step`, so the generator's
/// walks do not pay for it; the rating (`rating::rate_variant`) goes on with it where its walk
/// stalls, as the hint does.
/// With the `solution`, its candidates are not tried (none can fail): only faster.
pub fn nested_variant_step(puzzle: &Puzzle, position: &Position, solution: Option<&Grid>) -> Option<Step> {
    nested_compiled_variant_step(&CompiledVariant::new(puzzle), position, solution)
}

/// `nested_variant_step` with the puzzle compiled once for a whole walk (the rating's).
pub fn nested_compiled_variant_step(compiled: &CompiledVariant, position: &Position, solution: Option<&Grid>) -> Option<Step> {
    if !fits(compiled.puzzle(), position) {
        return None;
    }
    variant_rules::nested_trial(compiled, position, solution)
}

/// Whether a position is the puzzle's: its size, and its irregular regions when it has them
/// (a position with the boxes would let the classic finders reason on houses the puzzle lacks).
fn fits(puzzle: &Puzzle, position: &Position) -> bool {
    let layout = position.layout();
    puzzle.size() == position.size()
        && match &puzzle.regions {
            None => !layout.is_irregular(),
            Some(map) => {
                layout.is_irregular() && puzzle.size().cells().all(|c| layout.region_of(c).number() == usize::from(map[c.index()]))
            }
        }
}

/// The classic techniques that read every house from the position (`Position::layout`), so that
/// they reason on a jigsaw's regions (fins in one region, a region's grouped nodes, templates
/// one per region). Left out: the uniqueness techniques (never on a variant), Template Set and
/// Delete (their walk follows the regions, as the fish's pruning needs, but their sentences
/// say "box"), and the forcing
/// chains and nets, above the hint's classic bound (`CLASSIC_MAX`), whose propagation still
/// reads the size's boxes. The constraint trial, which follows every house and constraint of
/// the puzzle, comes after them.
fn reads_regions(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        FullHouse
            | HiddenSingle
            | NakedSingle
            | LockedCandidatesPointing
            | LockedCandidatesClaiming
            | NakedPair
            | NakedTriple
            | NakedQuad
            | LockedPair
            | LockedTriple
            | HiddenPair
            | HiddenTriple
            | HiddenQuad
            | XYWing
            | XYZWing
            | WWing
            | XWing
            | Swordfish
            | Jellyfish
            | FinnedXWing
            | FinnedSwordfish
            | FinnedJellyfish
            | SashimiXWing
            | SashimiSwordfish
            | SashimiJellyfish
            | FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | MutantXWing
            | MutantSwordfish
            | MutantJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish
            | FinnedMutantSquirmbag
            | FinnedMutantWhale
            | Skyscraper
            | TwoStringKite
            | TurbotFish
            | EmptyRectangle
            | DualTwoStringKite
            | DualEmptyRectangle
            | SueDeCoq
            | SimpleColorsTrap
            | SimpleColorsWrap
            | MultiColors1
            | MultiColors2
            | Medusa3D
            | RemotePair
            | XChain
            | XYChain
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
            | AlsXz
            | AlsXyWing
            | AlsXyChain
            | DeathBlossom
    )
}

/// The hardest classic step a variant's hint looks for: the chains and ALS (8.2), below the
/// forcing chains (8.3).
const CLASSIC_MAX: f32 = 8.2;

/// How a step ranks among the candidates for the next one: its score in tenths, then its links.
fn rank(step: &Step) -> (u32, usize) {
    (tenths(step_score(step)), forcing::proof_length(step))
}

fn tenths(score: f32) -> u32 {
    (score * 10.0).round() as u32
}

/// Whether a technique has an implementation (the rest of `Technique` is planned).
pub fn is_implemented(technique: Technique) -> bool {
    ORDER.contains(&technique)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::geometry::{Digit, DigitSet, Size};
    use crate::solver;

    /// A position from its digits and the candidates of its empty cells, in reading order.
    pub(super) fn position(digits: &str, cands: &str) -> Position {
        let grid = line::parse(digits).unwrap();
        let mut sets = vec![DigitSet::EMPTY; 81];
        let empty = Size::Nine.cells().filter(|&c| grid.get(c).is_none());
        for (cell, token) in empty.zip(cands.split_whitespace()) {
            sets[cell.index()] = token.chars().filter_map(|ch| Digit::new(ch.to_digit(10)? as u8)).collect();
        }
        Position::with_candidates(&grid, &sets)
    }

    /// The step `next_step` takes is the lowest-ranked (score, then links) of every step every
    /// technique finds there, is true, and beats the first technique of the table's step, which
    /// was shown before. Returns (the step, the first technique's step).
    fn shortest_wins(pos: &Position) -> (Step, Step) {
        let chosen = next_step(pos).unwrap();
        let first = ORDER.iter().find_map(|&t| find(pos, t)).unwrap();
        for &t in ORDER.iter().take_while(|&&t| tenths(base_score(t)) <= rank(&chosen).0) {
            for other in find_every(pos, t) {
                assert!(
                    rank(&other) >= rank(&chosen),
                    "{:?} {:?} beats the chosen {:?} {:?}",
                    t,
                    rank(&other),
                    chosen.technique,
                    rank(&chosen)
                );
            }
        }
        let solution = solver::unique_solution(&pos.grid()).unwrap();
        assert!(chosen.eliminations.iter().all(|e| solution.get(e.cell) != Some(e.digit)), "{chosen:?}");
        assert!(chosen.placements.iter().all(|p| solution.get(p.cell) == Some(p.digit)), "{chosen:?}");
        assert!(rank(&chosen) < rank(&first), "{chosen:?} against {first:?}");
        (chosen, first)
    }

    /// magictour top1465 #89 on its way (see the test below).
    pub(super) fn net_position() -> Position {
        position(
            "...3..5...5..1..3...7..4..12.9...4...6..9......1..6..28..7..2..79..8..5...5..9..7",
            "1469 1248 468 267 78 246789 4689 469 2468 69 278 78 468 369 238 589 256 69 2689 378 158 357 13578 1678 3568 345 \
             348 12458 123578 1378 17 358 345 3478 458 3457 389 789 134 346 3456 135 1469 469 2346 1246 123 136 346 1346 1234 \
             146 234 1368 148",
        )
    }

    #[test]
    fn a_short_unit_net_is_shown_before_a_long_contradiction_net() {
        // A contradiction net (the first net rung) needs 51 links at least, 9.6; one place of a
        // digit in a house after another leads to the same removal in 20 links, 9.4.
        let pos = net_position();
        let (chosen, first) = shortest_wins(&pos);
        assert_eq!((first.technique, forcing::proof_length(&first)), (Technique::ContradictionForcingNet, 51));
        assert_eq!((chosen.technique, forcing::proof_length(&chosen)), (Technique::UnitForcingNet, 20));
        assert_eq!((tenths(step_score(&first)), tenths(step_score(&chosen))), (96, 94));
    }

    #[test]
    fn an_aic_is_shown_before_a_longer_loop_of_the_same_score() {
        // top1465 #3 on its way: a continuous nice loop of 12 links (7.1) came first in the
        // table; an AIC of 5 links scores 7.0.
        let pos = position(
            "7.8...3...3.6.1..85..738....4.....263...8.......1...93.9.2...84.8..7.5.....8.....",
            "126 459 2459 2459 1456 1259 249 249 2459 247 457 126 12469 2469 146 129 189 1579 359 59 3579 18 126 1269 49 2469 \
             147 1457 157 268 57 2567 2456 2467 48 16 1357 156 356 167 1246 12346 349 3469 136 129 1246 57 1234567 1469 34569 \
             269 1367 1279",
        );
        let (chosen, first) = shortest_wins(&pos);
        assert_eq!((first.technique, forcing::proof_length(&first)), (Technique::ContinuousNiceLoop, 12));
        assert_eq!((chosen.technique, forcing::proof_length(&chosen)), (Technique::Aic, 5));
    }

    #[test]
    fn order_is_sorted_by_score() {
        // Hidden singles score by house; the box single (1.2) is the technique's floor.
        let base = crate::rating::base_score;
        for pair in ORDER.windows(2) {
            assert!(base(pair[0]) <= base(pair[1]), "{:?} before {:?}", pair[0], pair[1]);
        }
    }
}
