use super::*;
use crate::format::line;
use crate::rating::{Level, rate, step_score};
use crate::solver;
use crate::techniques;

/// From the forum's list of the hardest puzzles: no technique short of forcing nets solves it.
const HARDEST: &str = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn length_bonus_grows_as_sudoku_explainer_grows_it() {
    assert_eq!(length_bonus(4), 0.0);
    assert!((length_bonus(5) - 0.1).abs() < 1e-6);
    assert!((length_bonus(7) - 0.2).abs() < 1e-6);
    assert!((length_bonus(9) - 0.3).abs() < 1e-6);
    assert!((length_bonus(13) - 0.4).abs() < 1e-6);
    assert!((length_bonus(17) - 0.5).abs() < 1e-6);
}

#[test]
fn a_forum_hardest_puzzle_is_solved_by_explained_steps_that_are_all_true() {
    let g = line::parse(HARDEST).unwrap();
    let solution = solver::unique_solution(&g).unwrap();
    let solve = crate::rating::solve_logically(&g);
    assert!(solve.solved, "stuck after {} steps", solve.steps.len());
    assert_eq!(solve.position.grid(), solution);
    let forcing: Vec<&Step> = solve.steps.iter().filter(|s| s.forcing.is_some()).collect();
    assert!(!forcing.is_empty());
    for s in forcing {
        assert!(!s.chains.is_empty() && s.chains.iter().all(|c| !c.is_empty()), "{s:?}");
        let text = crate::lang::explain_fully(s, g.size(), crate::lang::Lang::En);
        assert!(text.contains('⇒'), "{text}");
        // Each branch's assumption is said once: "If r8c5=9: r9c5≠9 ⇒ …", not "If r8c5=9: r8c5=9 ⇒ …".
        for &(cand, on) in &s.forcing.as_ref().unwrap().assumptions {
            let premise = format!("{}{}{}", crate::geometry::cell_name(g.size(), cand.cell), if on { "=" } else { "≠" }, cand.digit.get());
            assert!(!text.contains(&format!("{premise}: {premise} ⇒")), "{text}");
        }
        for lang in crate::lang::Lang::ALL {
            let t = crate::lang::explain(s, g.size(), lang);
            assert!(!t.contains('{'), "{t}");
        }
    }
    let r = rate(&g);
    assert_eq!(r.level, Level::Master);
    assert!(r.score >= 8.3, "{r:?}");
}

#[test]
fn every_link_of_a_proof_is_a_true_implication_in_its_branch() {
    // Walk a hard puzzle; at each forcing step check its links: a strong link's head is true and
    // the two nodes can't both be false in the starting position's terms (same cell or house),
    // a weak link's nodes see each other or share a cell.
    let g = line::parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........").unwrap();
    let solve = crate::rating::solve_logically(&g);
    assert!(solve.solved);
    let size = g.size();
    let mut checked = 0;
    for s in solve.steps.iter().filter(|s| s.forcing.is_some()) {
        for chain in &s.chains {
            for link in chain {
                let (a, b) = (link.from.cells[0], link.to.cells[0]);
                assert!(a == b || size.sees(a, b), "{link:?}");
                if !link.strong {
                    assert!(a != b || link.from.digit != link.to.digit);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn a_contradiction_step_says_what_it_runs_into() {
    let g = line::parse(HARDEST).unwrap();
    let mut pos = Position::from_grid(&g);
    while let Some(step) = techniques::next_step(&pos) {
        if step.technique == Technique::ContradictionForcingChain || step.technique == Technique::ContradictionForcingNet {
            let f = step.forcing.as_ref().unwrap();
            assert!(f.contradiction.is_some());
            assert_eq!(f.assumptions.len(), 1);
            let text = crate::lang::explain_fully(&step, g.size(), crate::lang::Lang::En);
            assert!(text.starts_with("If r") && text.contains("Then"), "{text}");
            let short = step.explanation(g.size());
            assert!(short.chars().count() <= crate::lang::SENTENCE_MAX && short.contains("would"), "{short}");
            assert!(step_score(&step) >= 8.3);
            return;
        }
        pos.apply(&step);
    }
    panic!("no contradiction step on the way");
}

#[test]
fn within_a_rung_the_proof_with_the_fewest_links_comes_first() {
    // The conclusion with the lowest cost (the branches' depths) was shown before; its proof
    // is longer than the rung's shortest on this position in at least one of the net rungs.
    let pos = crate::techniques::tests::net_position();
    let root = Root::new(&pos);
    let sweep = sweep(&pos, &root, Mode::Dynamic);
    let (mut rungs, mut longer_before) = (0, 0);
    for (technique, kind) in [
        (Technique::ContradictionForcingNet, Kind::Contradiction),
        (Technique::UnitForcingNet, Kind::Unit),
        (Technique::CellForcingNet, Kind::Cell),
    ] {
        let steps = techniques::find_every(&pos, technique);
        let links: Vec<usize> = steps.iter().map(proof_length).collect();
        if links.is_empty() {
            continue;
        }
        rungs += 1;
        assert_eq!(links[0], *links.iter().min().unwrap(), "{technique:?}: {links:?}");
        let lowest_cost = conclusions(&root, &sweep, kind).into_iter().min_by_key(|c| (c.cost, c.target)).unwrap();
        let before = proof_length(&build_step(&root, technique, Mode::Dynamic, &lowest_cost, &mut HashMap::new()));
        assert!(before >= links[0]);
        longer_before += usize::from(before > links[0]);
    }
    assert_eq!((rungs, longer_before), (2, 1));
}
