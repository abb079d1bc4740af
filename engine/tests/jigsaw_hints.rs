//! Hints on jigsaw (irregular region) puzzles: puzzles made here by the engine on three region
//! maps (one written by hand, two drawn by a seeded region-growing script, see `MAPS`): the
//! map's first solution from the variant solver, then givens taken away in an order from a
//! fixed seed while the solution stays unique (fewer givens, harder). Each is walked from its
//! givens to the win by `advise_variant`, as the app asks; every step true of the unique
//! solution, every sentence within 300 characters in every language, a region named as one,
//! and no box.
//!
//! The techniques that reason on houses (chains, colouring, ALS, fish, single-digit patterns,
//! templates, Sue de Coq) are checked on the first step each takes in these walks: its
//! eliminations, and that it reasons on a region that is no box (a link, a house or a
//! removal that only the region joins).

use inkdoku_engine::geometry::House;
use inkdoku_engine::hint::{Advice, advise_variant};
use inkdoku_engine::lang::{self, Lang};
use inkdoku_engine::layout::Layout;
use inkdoku_engine::random::Rng;
use inkdoku_engine::step::{Step, Technique};
use inkdoku_engine::techniques::next_variant_step;
use inkdoku_engine::techniques::util::chain_problem;
use inkdoku_engine::variant::{Constraint, Puzzle, solve};
use inkdoku_engine::{Candidate, Cell, Grid, Size};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Three region maps, each region's number per cell in reading order.
/// - 0, by hand: the boxes with a cell swapped across five borders, so that a region's cell
///   sits in another region's box (boxes used as houses would be wrong there);
/// - 1 and 2: drawn by a region-growing script (seeds 7 and 11; not kept): from the boxes,
///   4,000 random swaps of two border cells between neighbouring regions, each region kept
///   in one piece. Few of their regions look like a box.
const MAPS: [&str; 3] = [
    "000111222 000111222 003114225 033144255 333444555 333444558 666677588 666777888 667777888",
    "111100222 111002225 133022255 133000055 336644445 366447745 367777845 367787845 666888888",
    "111111122 444422112 044442222 000048888 600555558 660335558 660377758 666333788 633377777",
];

fn regions(map: usize) -> Vec<u8> {
    MAPS[map].bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect()
}

/// A jigsaw puzzle and its solution: the solver's first solution of the empty jigsaw, then
/// every cell in an order from `seed` emptied when the solution stays unique, until `keep`
/// givens are left or none can go.
fn make(map: usize, seed: u64, keep: usize) -> (Puzzle, Grid) {
    let empty = Puzzle { givens: Grid::new(Size::Nine), regions: Some(regions(map)), constraints: Vec::new(), about: Default::default() };
    let solution = solve(&empty, 1, 1).expect("a valid jigsaw").solutions.remove(0);
    let mut puzzle = Puzzle { givens: solution.clone(), ..empty };
    let mut cells: Vec<_> = Size::Nine.cells().collect();
    Rng::seeded(seed).shuffle(&mut cells);
    let mut givens = 81;
    for cell in cells {
        if givens == keep {
            break;
        }
        let digit = puzzle.givens.get(cell);
        puzzle.givens.set(cell, None);
        if solve(&puzzle, 2, 0).unwrap().count == 1 {
            givens -= 1;
        } else {
            puzzle.givens.set(cell, digit);
        }
    }
    (puzzle, solution)
}

/// The puzzles walked: (map, seed, givens kept at most). The first three are the easier ones
/// of map 0; the others are minimal, where chains, fish and the trial come in.
const PUZZLES: [(usize, u64, usize); 9] =
    [(0, 1, 36), (0, 2, 28), (0, 3, 0), (0, 2, 0), (1, 1, 0), (1, 4, 0), (1, 6, 0), (2, 2, 0), (2, 5, 0)];

/// Each puzzle's walk to the win, made once for the tests of this file: the steps, each with
/// the position it was taken in.
fn walks() -> &'static Vec<Walk> {
    static WALKS: OnceLock<Vec<Walk>> = OnceLock::new();
    WALKS.get_or_init(|| {
        PUZZLES
            .iter()
            .map(|&(map, seed, keep)| {
                let (puzzle, solution) = make(map, seed, keep);
                walk(map, &puzzle, &solution)
            })
            .collect()
    })
}

struct Walk {
    map: usize,
    givens: usize,
    /// Every step, with the player's digits and candidates before it.
    steps: Vec<(Step, Grid, Vec<inkdoku_engine::DigitSet>)>,
    puzzle: Puzzle,
}

/// Walks a puzzle by hints to the win (a reveal fails the walk), checking every step.
fn walk(map: usize, puzzle: &Puzzle, solution: &Grid) -> Walk {
    let mut digits = puzzle.givens.clone();
    let mut cands: Option<Vec<_>> = None;
    let mut steps = Vec::new();
    let mut named_a_region = false;
    for _ in 0..500 {
        let step = match advise_variant(Some(puzzle), &digits, Some(&puzzle.givens), cands.as_deref(), Some(solution)) {
            Advice::Step { step } => step,
            Advice::Nothing => break,
            other => panic!("{other:?}"),
        };
        assert_ne!(step.technique, Technique::Reveal, "a reveal on map {map}");
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "an empty step {step:?}");
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{step:?} places a wrong digit");
        }
        for x in &step.eliminations {
            assert_ne!(solution.get(x.cell), Some(x.digit), "{step:?} removes the answer");
        }
        assert!(!step.houses.iter().any(|h| matches!(h, House::Box(_))), "a box on a jigsaw: {step:?}");
        for lang in Lang::ALL {
            let text = lang::explain(&step, Size::Nine, lang);
            assert!(text.chars().count() <= 300, "{lang:?} {} chars: {text}", text.chars().count());
            assert!(!text.contains(['{', '}']), "{text}");
        }
        let text = lang::explain(&step, Size::Nine, Lang::En);
        assert!(!text.contains("box"), "{text}");
        named_a_region |= step.houses.iter().any(|h| matches!(h, House::Region(_))) && text.contains("region");
        // The player's candidates before and after the step, as the app keeps them.
        let shown: Vec<_> = match &cands {
            Some(c) => c.clone(),
            None => puzzle.candidates(&digits),
        };
        let (before, mut next) = (digits.clone(), shown.clone());
        for p in &step.placements {
            digits.set(p.cell, Some(p.digit));
        }
        for x in &step.eliminations {
            next[x.cell.index()].remove(x.digit);
        }
        let allowed = puzzle.candidates(&digits);
        cands = Some(next.iter().zip(&allowed).map(|(&a, &b)| a & b).collect());
        steps.push((step, before, shown));
    }
    assert_eq!(digits, *solution, "stalled on map {map}");
    assert!(named_a_region, "no step named a region on map {map}");
    let givens = Size::Nine.cells().filter(|&c| puzzle.givens.get(c).is_some()).count();
    Walk { map, givens, steps, puzzle: puzzle.clone() }
}

fn trial(t: Technique) -> bool {
    matches!(t, Technique::ConstraintTrial | Technique::NestedConstraintTrial)
}

#[test]
fn jigsaw_puzzles_are_explained_to_the_win_on_their_regions() {
    let (mut steps, mut trials) = (0, 0);
    for w in walks() {
        let mut used: BTreeMap<Technique, usize> = BTreeMap::new();
        for (s, _, _) in &w.steps {
            *used.entry(s.technique).or_insert(0) += 1;
        }
        let t = w.steps.iter().filter(|(s, _, _)| trial(s.technique)).count();
        eprintln!("map {} ({} givens): {} steps, {t} by the trial: {used:?}", w.map, w.givens, w.steps.len());
        steps += w.steps.len();
        trials += t;
    }
    eprintln!("{steps} steps, {trials} by the trial");
}

/// Whether a step reasons on a region that is not a box: it names such a region, or one of
/// its links, or one of its removals against a pattern cell, joins two cells that only that
/// region puts in one house.
fn uses_region(step: &Step, layout: &Layout) -> bool {
    let size = Size::Nine;
    let irregular = |h: &House| matches!(h, House::Region(r) if layout.house_cells(*h) != size.house_cells(House::Box(*r)));
    let only_region = |a: Cell, b: Cell| layout.sees(a, b) && !size.sees(a, b);
    step.houses.iter().any(irregular)
        || step.chains.iter().flatten().any(|l| l.from.cells.iter().any(|&a| l.to.cells.iter().any(|&b| only_region(a, b))))
        || step.eliminations.iter().any(|e| step.cells.iter().any(|&c| only_region(e.cell, c)))
}

fn cands_text(cands: &[Candidate]) -> String {
    cands.iter().map(|c| format!("r{}c{}#{}", c.cell.index() / 9 + 1, c.cell.index() % 9 + 1, c.digit.get())).collect::<Vec<_>>().join(" ")
}

/// The first step of each technique in the walks that reasons on a region that is no box
/// (`uses_region`), on which puzzle (its index in `PUZZLES`), and what it removes (or places).
const FIRST_STEPS: &[(Technique, usize, &str)] = &[
    (Technique::FullHouse, 0, "r2c3#6"),
    (Technique::HiddenSingle, 0, "r3c2#8"),
    (Technique::NakedSingle, 3, "r3c5#2"),
    (Technique::LockedCandidatesPointing, 2, "r4c2#2 r5c2#2"),
    (Technique::LockedCandidatesClaiming, 1, "r3c2#2"),
    (Technique::LockedPair, 6, "r1c2#3 r1c8#3 r2c2#3"),
    (Technique::HiddenPair, 8, "r7c6#2 r7c6#4"),
    (Technique::FinnedXWing, 6, "r3c5#2 r3c6#2"),
    (Technique::FinnedSwordfish, 3, "r6c7#6"),
    (Technique::SashimiXWing, 3, "r4c9#6"),
    (Technique::Skyscraper, 3, "r3c3#4 r4c3#4 r6c3#4 r7c2#4"),
    (Technique::TwoStringKite, 5, "r5c4#9"),
    (Technique::TurbotFish, 1, "r5c4#2"),
    (Technique::EmptyRectangle, 4, "r4c8#5"),
    (Technique::SimpleColorsTrap, 1, "r3c3#6"),
    (Technique::XYZWing, 4, "r5c6#1"),
    (Technique::WWing, 3, "r2c6#3"),
    (Technique::XYChain, 1, "r1c2#6 r1c3#6 r3c6#6"),
    (Technique::DiscontinuousNiceLoop, 6, "r3c4#3"),
    (Technique::Aic, 3, "r6c2#2"),
    (Technique::SueDeCoq, 4, "r1c2#3 r1c2#8 r4c3#2 r4c3#5"),
    (Technique::MultiColors1, 8, "r8c4#1"),
    (Technique::Medusa3D, 1, "r4c9#2"),
    (Technique::DeathBlossom, 7, "r1c9#7 r2c7#7"),
    (Technique::FrankenXWing, 1, "r4c9#3"),
    (Technique::FrankenSwordfish, 3, "r4c3#3 r4c9#3"),
    (Technique::FrankenJellyfish, 6, "r5c9#5"),
    (Technique::FinnedFrankenXWing, 1, "r4c5#2"),
    (Technique::FinnedFrankenSwordfish, 5, "r5c1#1"),
    (Technique::FinnedFrankenJellyfish, 6, "r1c9#6"),
    (Technique::MutantSwordfish, 7, "r1c7#3 r6c6#3"),
    (Technique::FinnedMutantXWing, 5, "r5c3#9"),
    (Technique::FinnedMutantSwordfish, 4, "r4c4#5"),
    (Technique::FinnedMutantJellyfish, 5, "r9c2#6"),
    (Technique::FinnedMutantSquirmbag, 4, "r3c4#5"),
    (Technique::FinnedMutantWhale, 7, "r7c6#9"),
    (Technique::GroupedContinuousNiceLoop, 8, "r2c7#9"),
    (Technique::GroupedDiscontinuousNiceLoop, 6, "r7c9#5"),
    (Technique::GroupedAic, 3, "r3c9#3"),
];

#[test]
fn chains_fish_and_patterns_reason_on_a_jigsaws_regions() {
    let mut found: BTreeMap<Technique, (usize, String)> = BTreeMap::new();
    for (i, w) in walks().iter().enumerate() {
        let layout = Layout::regions(Size::Nine, &regions(w.map)).unwrap();
        for (step, digits, cands) in &w.steps {
            let t = step.technique;
            if trial(t) {
                // The trial follows the regions and says so.
                assert!(lang::explain(step, Size::Nine, Lang::En).contains("rows, columns, regions"), "{step:?}");
                assert!(lang::explain(step, Size::Nine, Lang::De).contains("Zeilen, Spalten, Gebiete"), "{step:?}");
                continue;
            }
            // Its links hold in the jigsaw's houses.
            let pos = w.puzzle.position(digits, Some(cands));
            if let Some(problem) = chain_problem(&pos, step) {
                panic!("{t:?} on puzzle {i}: {problem}");
            }
            if found.contains_key(&t) || !uses_region(step, &layout) {
                continue;
            }
            let changes = if step.placements.is_empty() { &step.eliminations } else { &step.placements };
            found.insert(t, (i, cands_text(changes)));
        }
    }
    let table: Vec<String> = found.iter().map(|(t, (i, c))| format!("    (Technique::{t:?}, {i}, \"{c}\"),")).collect();
    for &(t, i, changes) in FIRST_STEPS {
        assert_eq!(found.get(&t), Some(&(i, changes.to_string())), "{t:?}; found:\n{}", table.join("\n"));
    }
    assert_eq!(FIRST_STEPS.len(), found.len(), "found:\n{}", table.join("\n"));
}

#[test]
fn the_45_rule_adds_up_a_jigsaws_region() {
    // Region 0 of map 0 is box 1 less r3c3, plus r4c1. Two cages of four cover the rest of it,
    // all inside box 1: r4c1 is what the region's 45 leaves (box 1 would leave r3c3).
    let empty = Puzzle { givens: Grid::new(Size::Nine), regions: Some(regions(0)), constraints: Vec::new(), about: Default::default() };
    let solution = solve(&empty, 1, 1).unwrap().solutions.remove(0);
    let at = |r: usize, c: usize| Size::Nine.cell(r - 1, c - 1);
    let cage = |cells: Vec<Cell>| {
        let sum = cells.iter().map(|&c| u16::from(solution.get(c).unwrap().get())).sum();
        Constraint::Killer { cells, sum: Some(sum) }
    };
    // The two cages' sums as even as the solution allows, so that their own steps say little.
    let rest = [at(1, 1), at(1, 2), at(1, 3), at(2, 1), at(2, 2), at(2, 3), at(3, 1), at(3, 2)];
    let value = |c: &Cell| i32::from(solution.get(*c).unwrap().get());
    let total: i32 = rest.iter().map(value).sum();
    let split = (0u32..256)
        .filter(|m| m.count_ones() == 4)
        .min_by_key(|m| (rest.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, c)| value(c)).sum::<i32>() * 2 - total).abs())
        .unwrap();
    let part = |one: bool| rest.iter().enumerate().filter(|(i, _)| (split >> i & 1 == 1) == one).map(|(_, &c)| c).collect::<Vec<_>>();
    let cages = vec![cage(part(true)), cage(part(false))];
    let puzzle = Puzzle { constraints: cages, ..empty };
    let mut pos = puzzle.position(&puzzle.givens, None);
    let innies = (0..30)
        .map_while(|_| {
            let step = next_variant_step(&puzzle, &pos)?;
            assert!(step.eliminations.iter().all(|x| solution.get(x.cell) != Some(x.digit)), "{step:?}");
            pos.apply(&step);
            Some(step)
        })
        .find(|s| s.technique == Technique::Innies)
        .expect("an innies step");
    assert_eq!((innies.cells.clone(), innies.houses.clone()), (vec![at(4, 1)], vec![House::Region(0)]));
    let answer = solution.get(at(4, 1)).unwrap();
    assert_eq!(innies.total, Some(i32::from(answer.get())));
    assert!(innies.eliminations.iter().all(|e| e.cell == at(4, 1) && e.digit != answer) && !innies.eliminations.is_empty());
    let text = lang::explain(&innies, Size::Nine, Lang::En);
    assert!(text.contains("region 1 add up to 45"), "{text}");
}
