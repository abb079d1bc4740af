//! The variant rules compiled once for a walk (`variant::CompiledPuzzle`,
//! `techniques::CompiledVariant`) narrow exactly as the rules compiled afresh at every call:
//! along the walk of every puzzle of the variant set, each constraint's narrowing, the whole
//! puzzle's, a trial's narrowed incrementally (`CompiledPuzzle::narrow_from`), and the step
//! taken are the same.

use inkdoku_engine::Size;
use inkdoku_engine::geometry::DigitSet;
use inkdoku_engine::position::Position;
use inkdoku_engine::step::Technique;
use inkdoku_engine::techniques::{self, CompiledVariant};
use inkdoku_engine::variant::{CompiledPuzzle, Constraint, Puzzle};
use inkdoku_engine::{Cell, Digit, Grid};

mod variant_set;
use variant_set::the_set;

/// Every cell's candidates as the constraints read them: a placed digit alone.
fn current(position: &Position) -> Vec<DigitSet> {
    position.size().cells().map(|c| position.value(c).map_or_else(|| position.candidates(c), DigitSet::single)).collect()
}

#[test]
fn compiled_rules_narrow_as_fresh_ones_along_every_walk_of_the_set() {
    let (mut steps_compared, mut innies, mut outies, mut trials) = (0, 0, 0, 0);
    for (line, e) in the_set().iter().enumerate() {
        let compiled = CompiledPuzzle::new(&e.puzzle);
        let kept = CompiledVariant::new(&e.puzzle);
        let mut position = Position::from_grid(&e.puzzle.givens);
        // Every step to the end of the walk; each constraint's narrowing compared over the first
        // dozens (the caches are filled at the first and read after).
        for n in 0..2_000 {
            if position.is_solved() {
                break;
            }
            let before = current(&position);
            for i in (0..e.puzzle.constraints.len() + 1).filter(|_| n < 40) {
                let (mut fresh, mut kept_cands) = (before.clone(), before.clone());
                assert_eq!(e.puzzle.narrow_by(i, &mut fresh), compiled.narrow_by(i, &mut kept_cands), "line {line}, constraint {i}");
                assert_eq!(fresh, kept_cands, "line {line}, constraint {i}");
            }
            let (mut fresh, mut kept_cands) = (before.clone(), before.clone());
            assert_eq!(e.puzzle.narrow(&mut fresh), compiled.narrow(&mut kept_cands), "line {line}");
            assert_eq!(fresh, kept_cands, "line {line}");
            // A trial from the narrowed candidates, narrowed incrementally (`narrow_from`, as the
            // variant trials do), ends where narrowing it afresh does: each candidate of the
            // first open cells with two or more, placed.
            let base = fresh;
            for (cell, d) in
                (0..base.len()).filter(|&c| base[c].len() > 1 && n < 40).take(3).flat_map(|c| base[c].iter().map(move |d| (c, d)))
            {
                let mut trial = base.clone();
                trial[cell] = DigitSet::single(d);
                let (mut afresh, mut incremental) = (trial.clone(), trial);
                let r = compiled.narrow(&mut afresh);
                assert_eq!(r, compiled.narrow_from(&mut incremental, &base), "line {line}, r{}c{} = {d}", cell / 9 + 1, cell % 9 + 1);
                if r != Ok(inkdoku_engine::variant::Narrowed::Contradiction) {
                    assert_eq!(afresh, incremental, "line {line}, r{}c{} = {d}", cell / 9 + 1, cell % 9 + 1);
                }
                // The trials' deeper narrowing (locked candidates over every rule's peers)
                // too, from its own fixpoint.
                let mut deep_base = base.clone();
                if compiled.narrow_deep(&mut deep_base).is_ok_and(|r| r != inkdoku_engine::variant::Narrowed::Contradiction) {
                    let mut trial = deep_base.clone();
                    trial[cell] = deep_base[cell].intersection(DigitSet::single(d));
                    let (mut afresh, mut incremental) = (trial.clone(), trial);
                    let r = compiled.narrow_deep(&mut afresh);
                    assert_eq!(
                        r,
                        compiled.narrow_deep_from(&mut incremental, &deep_base),
                        "deep: line {line}, r{}c{} = {d}",
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                    if r != Ok(inkdoku_engine::variant::Narrowed::Contradiction) {
                        assert_eq!(afresh, incremental, "deep: line {line}, r{}c{} = {d}", cell / 9 + 1, cell % 9 + 1);
                    }
                }
                trials += 1;
            }
            let step = techniques::next_compiled_variant_step_within(&kept, &position, f32::INFINITY);
            assert_eq!(step, techniques::next_variant_step_within(&e.puzzle, &position, f32::INFINITY), "line {line}");
            let Some(step) = step else { break };
            // And the step is sound: what it places is the solution's digit, what it removes is not.
            assert!(step.placements.iter().all(|p| e.solution.get(p.cell) == Some(p.digit)), "{}: {step:?}", e.name);
            assert!(step.eliminations.iter().all(|x| e.solution.get(x.cell) != Some(x.digit)), "{}: {step:?}", e.name);
            // A 45-rule step's sum is of the kind it says: innies inside its rows, columns or
            // boxes, outies outside them (the two are kept apart in the cache).
            let area: Vec<_> = step.houses.iter().flat_map(|&h| Size::Nine.house_cells(h).iter().copied()).collect();
            match step.technique {
                Technique::Innies => assert!(step.cells.iter().all(|c| area.contains(c)), "{}: {step:?}", e.name),
                Technique::Outies => assert!(step.cells.iter().all(|c| !area.contains(c)), "{}: {step:?}", e.name),
                _ => {}
            }
            innies += usize::from(step.technique == Technique::Innies);
            outies += usize::from(step.technique == Technique::Outies);
            position.apply(&step);
            steps_compared += 1;
        }
    }
    assert!(steps_compared > 500, "the walks went somewhere: {steps_compared}");
    assert!(trials > 1000, "trials narrowed incrementally: {trials}");
    // Both kinds were found (a cache that mixed them up finds only one).
    assert!(innies > 0 && outies > 0, "innies {innies}, outies {outies}");
}

/// A 9x9 puzzle with no givens and `constraints`, compiled, with every candidate open but
/// digit 1 of row 1 in `row_1s` columns (from 0) only.
fn open_grid(constraints: Vec<Constraint>, row_1s: &[usize]) -> (CompiledPuzzle, Vec<DigitSet>) {
    let puzzle = Puzzle { constraints, ..Puzzle::classic(Grid::new(Size::Nine)) };
    let mut cands = vec![Size::Nine.all_digits(); 81];
    for c in (0..9).filter(|c| !row_1s.contains(c)) {
        cands[c].remove(Digit::new(1).unwrap());
    }
    (CompiledPuzzle::new(&puzzle), cands)
}

/// What `narrow_deep` removes beyond `narrow`, as (cell index, digit) pairs.
fn deeper(compiled: &CompiledPuzzle, cands: &[DigitSet]) -> Vec<(usize, u8)> {
    let (mut plain, mut deep) = (cands.to_vec(), cands.to_vec());
    compiled.narrow(&mut plain).unwrap();
    compiled.narrow_deep(&mut deep).unwrap();
    (0..81).flat_map(|c| plain[c].difference(deep[c]).iter().map(move |d| (c, d.get()))).collect()
}

#[test]
fn the_trials_narrowing_locks_a_digit_through_every_rules_peers() {
    // Row 1's 1 is in r1c1 or r1c5: under anti-knight both see r2c3 (a knight's move from
    // each), which loses its 1; nothing else does (every other house has 1 in four cells).
    let (compiled, cands) = open_grid(vec![Constraint::AntiKnight], &[0, 4]);
    assert_eq!(deeper(&compiled, &cands), vec![(11, 1)]);
    // Without anti-knight, r1c1 and r1c5 share only row 1: nothing more goes.
    let (compiled, cands) = open_grid(vec![], &[0, 4]);
    assert_eq!(deeper(&compiled, &cands), vec![]);
    // In r1c1 or r1c2 (pointing): the rest of box 1 loses its 1.
    let (compiled, cands) = open_grid(vec![], &[0, 1]);
    assert_eq!(deeper(&compiled, &cands), vec![(9, 1), (10, 1), (11, 1), (18, 1), (19, 1), (20, 1)]);
}

#[test]
fn the_trials_narrowing_locks_the_digits_a_cage_needs() {
    // A cage of 3 on r1c1, r1c2 holds 1 and 2: the rest of row 1 and of box 1 lose both (the
    // solver's narrowing keeps them: its hidden singles need a digit in one place).
    let cage = Constraint::Killer { cells: vec![Cell::new(0), Cell::new(1)], sum: Some(3) };
    let (compiled, cands) = open_grid(vec![cage], &(0..9).collect::<Vec<_>>());
    let seen: Vec<usize> = (2..9).chain([9, 10, 11, 18, 19, 20]).collect();
    let mut expected: Vec<(usize, u8)> = seen.iter().flat_map(|&c| [(c, 1), (c, 2)]).collect();
    expected.sort();
    assert_eq!(deeper(&compiled, &cands), expected);
}
