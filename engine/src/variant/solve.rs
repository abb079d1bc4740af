//! The variant solver: counts a puzzle's solutions up to a limit and keeps the first ones, for
//! any mix of constraints and irregular regions on every size.
//!
//! Narrowing to a fixpoint (`Rules::propagate`), then branching on a cell with the fewest
//! candidates. A classic puzzle goes straight to the classic solvers, so no classic figure
//! moves. Every solution is checked against the rules before it counts (`is_solved_by`), so a
//! gap in narrowing can cost time but never a wrong answer.

use super::Puzzle;
use super::rules::{Malformed, Narrowed, Rules};
use crate::cellset::CellSet;
use crate::geometry::{Digit, DigitSet};
use crate::grid::Grid;
use crate::solver::{self, Report};

/// Counts the solutions of `puzzle` up to `limit` (2 tells unique from several) and keeps the
/// first `keep`. `Report::guesses` counts branches taken beyond the first.
pub fn solve(puzzle: &Puzzle, limit: usize, keep: usize) -> Result<Report, Malformed> {
    solve_within(puzzle, limit, keep, u64::MAX).map(|r| r.expect("an unlimited search always finishes"))
}

/// `solve` within a budget of search nodes: `Ok(None)` when the budget ran out first, so that
/// a worker checking a puzzle from a link always answers. (Classic 9x9 puzzles have no budget:
/// their solver always finishes quickly.)
pub fn solve_within(puzzle: &Puzzle, limit: usize, keep: usize, node_budget: u64) -> Result<Option<Report>, Malformed> {
    if puzzle.is_classic() {
        return Ok(solver::search_within(&puzzle.givens, limit, keep, node_budget));
    }
    let rules = Rules::compile(puzzle, true)?;
    let mut s = Search {
        puzzle,
        rules: &rules,
        limit,
        keep,
        node_budget,
        nodes: 0,
        report: Report { count: 0, solutions: Vec::new(), guesses: 0 },
    };
    if limit == 0 {
        return Ok(Some(s.report));
    }
    if let Some(cands) = rules.start(&puzzle.givens) {
        s.branch(cands, CellSet::EMPTY);
    }
    Ok((s.nodes <= node_budget || s.report.count >= limit).then_some(s.report))
}

struct Search<'a> {
    puzzle: &'a Puzzle,
    rules: &'a Rules,
    limit: usize,
    keep: usize,
    node_budget: u64,
    nodes: u64,
    report: Report,
}

impl Search<'_> {
    /// Narrows, then tries each digit of the most constrained cell. Returns false to stop.
    fn branch(&mut self, mut cands: Vec<DigitSet>, mut placed: CellSet) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_budget {
            return false;
        }
        if self.rules.propagate(&mut cands, &mut placed) == Narrowed::Contradiction {
            return true;
        }
        let open = cands.iter().enumerate().filter(|(_, s)| s.len() > 1).min_by_key(|(_, s)| s.len());
        let Some((cell, &set)) = open else {
            self.found(&cands);
            return self.report.count < self.limit;
        };
        for (i, d) in set.iter().enumerate() {
            if i > 0 {
                self.report.guesses += 1;
            }
            let mut next = cands.clone();
            next[cell] = DigitSet::single(d);
            if !self.branch(next, placed) {
                return false;
            }
        }
        true
    }

    fn found(&mut self, cands: &[DigitSet]) {
        let cells: Vec<Option<Digit>> = cands.iter().map(|s| s.single_digit()).collect();
        let Some(grid) = Grid::from_cells(self.puzzle.size(), cells) else { return };
        let solved = self.puzzle.is_solved_by(&grid);
        debug_assert!(solved, "narrowing let a non-solution through: {grid}");
        if !solved {
            return;
        }
        self.report.count += 1;
        if self.report.solutions.len() < self.keep {
            self.report.solutions.push(grid);
        }
    }
}
