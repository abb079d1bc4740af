//! What the board says: the candidates the player works with, and the answer to "Check".

use super::{Board, Game};
use crate::geometry::{Cell, DigitSet};
use crate::grid::{Conflict, Grid};
use crate::variant::Violation;
use serde::{Deserialize, Serialize};

/// The answer to "Check": solved, or the first reason it is not, with the cells to mark.
/// Reasons come in this order: wrong digits (against the solution, when known), duplicates,
/// cells with no candidate left, cells whose candidates no longer hold their answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Check {
    /// Full and breaking no rule.
    Solved,
    /// A variant's constraints (or irregular regions) are broken by the digits on the board:
    /// the first named by Check, with every break's cells to mark.
    Broken { violations: Vec<Violation> },
    /// The player's digits in these cells differ from the solution.
    WrongDigits { cells: Vec<Cell> },
    /// A digit appears twice in a house.
    Duplicates { conflicts: Vec<Conflict> },
    /// Empty cells with no candidate left (the digits, eliminations and notes rule out all).
    NoCandidate { cells: Vec<Cell> },
    /// Empty cells whose candidates (notes or eliminations) leave out the solution's digit.
    LostAnswer { cells: Vec<Cell> },
    /// Nothing is wrong yet; these cells are still empty.
    Incomplete { empty: Vec<Cell> },
}

impl Game {
    /// Checks the board: wrong digits first (when the solution is known), then duplicates,
    /// then cells left without a candidate, then cells whose candidates lost their answer, then
    /// empty cells. "Incomplete" therefore means that nothing on the board is a mistake.
    pub fn check(&self) -> Check {
        // A broken constraint comes first on a variant: "this cage adds up to 17" says why a
        // digit is wrong, where "wrong digit" would only say that it is.
        if let Some(p) = &self.variant {
            let violations = p.violations(&self.grid());
            if !violations.is_empty() {
                return Check::Broken { violations };
            }
        }
        let wrong = self.incorrect_cells();
        if !wrong.is_empty() {
            return Check::WrongDigits { cells: wrong };
        }
        let grid = self.grid();
        let irregular = self.variant.as_ref().is_some_and(|p| p.regions.is_some());
        // Irregular regions replace the boxes (their repeats are violations, above).
        let conflicts: Vec<Conflict> =
            grid.conflicts().into_iter().filter(|c| !(irregular && matches!(c.house, crate::geometry::House::Box(_)))).collect();
        if !conflicts.is_empty() {
            return Check::Duplicates { conflicts };
        }
        let candidates = self.candidates();
        let empty: Vec<Cell> = self.size().cells().filter(|&c| grid.get(c).is_none()).collect();
        let dead: Vec<Cell> = empty.iter().copied().filter(|&c| candidates[c.index()].is_empty()).collect();
        if !dead.is_empty() {
            return Check::NoCandidate { cells: dead };
        }
        let lost = self.lost_in(&grid, &candidates);
        if !lost.is_empty() {
            Check::LostAnswer { cells: lost }
        } else if !empty.is_empty() {
            Check::Incomplete { empty }
        } else {
            Check::Solved
        }
    }

    /// The candidates the player works with, per cell (empty on filled cells): what the digits
    /// allow, minus the eliminations, narrowed to the player's notes where a cell has some.
    /// "Show candidates" shows this, hints start from it, "Fill all notes" writes it.
    pub fn candidates(&self) -> Vec<DigitSet> {
        self.candidates_of(self.board())
    }

    /// The empty cells whose candidates leave out the solution's digit (nothing without a
    /// solution). A hint must not build on them.
    pub fn lost_answers(&self) -> Vec<Cell> {
        self.lost_in(&self.grid(), &self.candidates())
    }

    /// `lost_answers` for a grid and candidates already at hand (`check` has both).
    fn lost_in(&self, grid: &Grid, candidates: &[DigitSet]) -> Vec<Cell> {
        let Some(sol) = self.solution() else { return Vec::new() };
        self.size().cells().filter(|&c| grid.get(c).is_none() && sol.get(c).is_some_and(|d| !candidates[c.index()].contains(d))).collect()
    }

    pub(super) fn candidates_of(&self, b: &Board) -> Vec<DigitSet> {
        let grid = self.grid_with(b);
        // A variant's candidates are what its regions and every constraint leave.
        let allowed = self.variant.as_ref().map(|p| p.candidates(&grid));
        self.size()
            .cells()
            .map(|c| {
                if grid.get(c).is_some() {
                    return DigitSet::EMPTY;
                }
                let allowed = allowed.as_ref().map_or_else(|| grid.open_digits(c), |a| a[c.index()]);
                let open = allowed.difference(b.pencil.eliminated[c.index()]);
                let notes = b.pencil.notes[c.index()];
                if notes.is_empty() { open } else { open & notes }
            })
            .collect()
    }

    /// The cells whose digit differs from the solution.
    pub fn incorrect_cells(&self) -> Vec<Cell> {
        let Some(sol) = self.solution() else { return Vec::new() };
        let entries = &self.board().entries;
        self.size().cells().filter(|&c| entries.get(c).is_some_and(|d| sol.get(c) != Some(d))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::game::Action;
    use crate::geometry::{Candidate, House};

    #[test]
    fn check_explains_what_is_wrong() {
        let mut g = game();
        assert!(matches!(g.check(), Check::Incomplete { ref empty } if empty.len() == 51));
        g.apply(Action::Place { cell: c(0, 2), digit: d(5), clear_peer_notes: true }).unwrap();
        assert_eq!(g.check(), Check::WrongDigits { cells: vec![c(0, 2)] });
        let mut unknown = Game::new(g.givens().clone(), None);
        unknown.apply(Action::Place { cell: c(0, 2), digit: d(5), clear_peer_notes: true }).unwrap();
        let Check::Duplicates { conflicts } = unknown.check() else { panic!() };
        assert_eq!(conflicts[0].house, House::Row(0));
        assert_eq!(conflicts[0].cells, vec![c(0, 0), c(0, 2)]);
        g.undo().unwrap();
        // r1c3 can hold 1, 2 or 4: put them in its row, box and box, and nothing is left. (Wrong
        // digits would be named first, so this game doesn't know its solution.)
        let mut unknown = Game::new(g.givens().clone(), None);
        for (cell, v) in [(c(0, 5), 4), (c(2, 0), 1), (c(1, 2), 2)] {
            unknown.apply(Action::Place { cell, digit: d(v), clear_peer_notes: true }).unwrap();
        }
        let Check::NoCandidate { cells } = unknown.check() else { panic!("{:?}", unknown.check()) };
        assert!(cells.contains(&c(0, 2)), "{cells:?}");
        g.apply(Action::SolveAll).unwrap();
        g.apply(Action::Restart).unwrap();
        g.apply(Action::SolveAll).unwrap();
        assert_eq!(g.check(), Check::Solved);
    }

    #[test]
    fn eliminations_are_game_state() {
        let mut g = game();
        let r2c2 = c(1, 1);
        assert!(g.candidates()[r2c2.index()].contains(d(2)));
        g.apply(Action::ToggleNote { cell: r2c2, digit: d(2) }).unwrap();
        g.apply(Action::ToggleNote { cell: r2c2, digit: d(7) }).unwrap();
        g.apply(Action::ApplyStep { placements: vec![], eliminations: vec![Candidate::new(r2c2, d(2)), Candidate::new(c(1, 2), d(7))] })
            .unwrap();
        // Gone from the candidate state and from the player's notes.
        assert!(!g.candidates()[r2c2.index()].contains(d(2)));
        assert!(!g.candidates()[c(1, 2).index()].contains(d(7)));
        assert_eq!(g.board().pencil.notes[r2c2.index()], DigitSet::single(d(7)));
        // Undo brings them back; redo and a save's replay remove them again.
        g.undo().unwrap();
        assert!(g.candidates()[c(1, 2).index()].contains(d(7)));
        g.redo().unwrap();
        let restored: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(restored.candidates(), g.candidates());
        assert!(!restored.candidates()[c(1, 2).index()].contains(d(7)));
        // Fill all notes writes the candidate state, eliminations included.
        g.apply(Action::FillNotes).unwrap();
        assert_eq!(g.board().pencil.notes, g.candidates());
        assert!(!g.board().pencil.notes[c(1, 2).index()].contains(d(7)));
        // A cell with notes offers only its notes; a cleared cell offers every candidate again.
        g.apply(Action::ClearNotes).unwrap();
        g.apply(Action::ToggleNote { cell: c(0, 2), digit: d(1) }).unwrap();
        assert_eq!(g.candidates()[c(0, 2).index()], DigitSet::single(d(1)));
        assert_eq!(g.lost_answers(), vec![c(0, 2)], "r1c3 is 4, and its notes leave 4 out");
        g.apply(Action::Clear { cell: c(0, 2) }).unwrap();
        assert!(g.lost_answers().is_empty());
        // Restart forgets the eliminations.
        g.apply(Action::Restart).unwrap();
        assert!(g.candidates()[c(1, 2).index()].contains(d(7)));
    }

    #[test]
    fn check_names_wrong_digits_first() {
        let mut g = game();
        // r1c3 is 4; a 2 breaks no rule, but it is wrong.
        g.apply(Action::Place { cell: c(0, 2), digit: d(2), clear_peer_notes: true }).unwrap();
        assert!(g.grid().conflicts().is_empty());
        assert_eq!(g.check(), Check::WrongDigits { cells: vec![c(0, 2)] });
        g.undo().unwrap();
        // Notes that lost the answer are a mistake too.
        g.apply(Action::ToggleNote { cell: c(0, 2), digit: d(1) }).unwrap();
        assert_eq!(g.check(), Check::LostAnswer { cells: vec![c(0, 2)] });
        // Without a solution, only the rules can be checked.
        let mut unknown = Game::new(g.givens().clone(), None);
        unknown.apply(Action::Place { cell: c(0, 2), digit: d(2), clear_peer_notes: true }).unwrap();
        assert!(matches!(unknown.check(), Check::Incomplete { .. }));
    }
}
