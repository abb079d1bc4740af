//! Killer grades and the killer generator: fixed puzzles of the variant set rate as pinned,
//! and a few fixed seeds make killers of the level asked, unique, with cages true of their
//! solution, the givens each level promises (some at Easy and Medium, none from Hard up).

use inkdoku_engine::generator::{Options, Symmetry};
use inkdoku_engine::killer_generator::{self, EASY_GIVENS, KillerGenerated, MEDIUM_GIVENS};
use inkdoku_engine::rating::{self, Level};
use inkdoku_engine::step::Technique;
use inkdoku_engine::variant::{self, Constraint, Puzzle};
use inkdoku_engine::{Grid, Size};

mod variant_set;
use variant_set::the_set;

#[test]
fn killers_of_the_set_rate_by_their_hardest_variant_step() {
    let set = the_set();
    // (line, level, hardest step): pinned from the walk; a cage confinement (2.4) is the
    // hardest step of line 0, a pure killer, so it is Medium.
    let pinned: &[(usize, Level, Technique)] = PINNED;
    for &(line, level, hardest) in pinned {
        let (e, r) = (&set[line], rating::rate_variant(&set[line].puzzle));
        assert_eq!((r.level, r.hardest), (level, Some(hardest)), "line {line} ({}): {r:?}", e.name);
        // The walk it is rated by ends on the set's solution.
        assert_eq!(rating::solve_variant_within(&e.puzzle, f32::INFINITY).position.grid(), e.solution);
        assert_eq!(Level::of_score(r.score), level, "the level is the hardest step's");
    }
    // The set's line 11 needs the nested trial, as its hints do: the walk without it stalls,
    // and its grade is Master by that step, not Needs trial.
    assert!(!rating::solve_variant_within(&set[11].puzzle, f32::INFINITY).solved);
    let r = rating::rate_variant(&set[11].puzzle);
    assert_eq!((r.level, r.hardest), (Level::Master, Some(Technique::NestedConstraintTrial)), "{r:?}");
}

/// Every puzzle of the set has one solution and Hint reaches it: none rates Needs trial.
#[test]
fn no_puzzle_of_the_set_rates_needs_trial() {
    let needs_trial: Vec<usize> =
        the_set().iter().enumerate().filter(|(_, e)| rating::rate_variant(&e.puzzle).level == Level::NeedsTrial).map(|(i, _)| i).collect();
    assert_eq!(needs_trial, Vec::<usize>::new(), "lines of the set rated Needs trial");
}

const PINNED: &[(usize, Level, Technique)] = &[(0, Level::Medium, Technique::CageConfinement)];

#[test]
fn a_classic_puzzle_rates_as_it_always_did() {
    let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".to_string().try_into().unwrap();
    assert_eq!(rating::rate_variant(&Puzzle::classic(g.clone())), rating::rate(&g));
}

#[test]
fn a_trial_with_every_rule_makes_a_killer_master() {
    // The trial scores 9.0, within Master's range, whatever else the walk needs.
    assert_eq!(Level::of_score(rating::base_score(Technique::ConstraintTrial)), Level::Master);
    for t in [Technique::CageCombination, Technique::LittleKillerCombination, Technique::ConstraintRule] {
        assert_eq!(Level::of_score(rating::base_score(t)), Level::Easy, "{t:?}");
    }
    for t in [Technique::CageConfinement, Technique::Innies, Technique::Outies, Technique::InnieOutie] {
        assert_eq!(Level::of_score(rating::base_score(t)), Level::Medium, "{t:?}");
    }
}

fn make(level: Level, seed: u64) -> KillerGenerated {
    let options = Options { size: Size::Nine, level, symmetry: Symmetry::None, seed };
    let mut last = 0;
    let made = killer_generator::generate(&options, &mut |p| {
        assert!(p.done > last && p.done <= p.total, "progress counts up: {p:?}");
        last = p.done;
        true
    })
    .expect("not cancelled");
    check(&made);
    made
}

/// What every killer made must be: cages over every cell, each true of the solution, no
/// repeat; one solution (the variant solver); its rating is the walk's.
fn check(made: &KillerGenerated) {
    let mut seen = [0u8; 81];
    for c in &made.puzzle.constraints {
        let Constraint::Killer { cells, sum: Some(sum) } = c else { panic!("only cages with sums: {c:?}") };
        assert!((1..=5).contains(&cells.len()), "{cells:?}");
        let digits: Vec<u8> = cells.iter().map(|&x| made.solution.get(x).unwrap().get()).collect();
        assert_eq!(digits.iter().map(|&d| u16::from(d)).sum::<u16>(), *sum);
        let mut distinct = digits.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), digits.len(), "a digit repeats in {cells:?}");
        cells.iter().for_each(|x| seen[x.index()] += 1);
    }
    assert!(seen.iter().all(|&n| n == 1), "every cell in exactly one cage");
    let report = variant::solve(&made.puzzle, 2, 1).unwrap();
    assert_eq!((report.count, report.solutions.first()), (1, Some(&made.solution)));
    assert_eq!(rating::rate_variant(&made.puzzle), made.rating);
}

fn givens(made: &KillerGenerated) -> usize {
    Size::Nine.cells().filter(|&c| made.puzzle.givens.get(c).is_some()).count()
}

#[test]
fn easy_and_medium_killers_keep_some_givens() {
    let easy = make(Level::Easy, 1);
    assert_eq!(easy.rating.level, Level::Easy);
    assert!(givens(&easy) >= EASY_GIVENS, "{}", givens(&easy));
    let medium = make(Level::Medium, 1);
    assert_eq!(medium.rating.level, Level::Medium);
    assert!(givens(&medium) >= MEDIUM_GIVENS, "{}", givens(&medium));
}

#[test]
fn master_killers_have_cages_only_and_need_the_trial() {
    let master = make(Level::Master, 0);
    assert!(master.fits());
    assert_eq!((master.rating.level, master.rating.hardest, givens(&master)), (Level::Master, Some(Technique::ConstraintTrial), 0));
}

#[test]
fn expert_killers_have_cages_only() {
    let expert = make(Level::Expert, 1);
    assert!(expert.fits(), "{:?}", expert.rating);
    assert_eq!(givens(&expert), 0);
}

#[test]
fn the_same_seed_makes_the_same_killer_and_cancel_stops() {
    let a = make(Level::Medium, 7);
    assert_eq!(a, make(Level::Medium, 7));
    let options = Options { size: Size::Nine, level: Level::Master, symmetry: Symmetry::None, seed: 3 };
    assert!(killer_generator::generate(&options, &mut |_| false).is_none());
    // The daily killer's seed differs from the daily classic's, and is the same on every call.
    assert_ne!(killer_generator::daily_seed("2026-11-28"), inkdoku_engine::generator::daily_seed("2026-11-28"));
    assert_eq!(killer_generator::daily_seed("2026-11-28"), killer_generator::daily_seed("2026-11-28"));
}
