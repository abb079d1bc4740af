//! The game reducer: a game state, the actions a player takes, and undo/redo.
//!
//! Following Simon Tatham's split, everything the player expects Undo to restore is
//! `Board` (digits, pencil marks, colours, scratchpad ink); everything else — selection, input mode, open
//! dialogs, animation — is UI state and lives in the app. A `Game` is the puzzle, its solution,
//! and the list of actions applied to the starting board:
//!
//! ```text
//!   start ──a1──▶ s1 ──a2──▶ s2 ──a3──▶ s3        actions = [a1, a2, a3], applied = 3
//!                            ▲ undo: applied = 2, board = replay(start, a1, a2)
//! ```
//!
//! Undo moves `applied` back and replays from the nearest checkpoint before it: the board
//! after every `CHECKPOINT_EVERY` actions is kept, so an undo replays fewer than that many
//! actions however long the game (`examples/undo.rs` times it). A new action after an undo drops
//! the undone ones, and the checkpoints past it. The
//! action list is also the save format: loading replays every action through `apply`, which
//! validates it, so a corrupt save is rejected instead of producing an impossible board.
//!
//! The module is split by concern: `board` (what Undo restores, and its shapes `Pencil` and
//! `Paint`), `action` (the actions and their transition), `check` (candidates and "Check");
//! this file holds the game itself — its action list, undo and redo, and its saved form.

mod action;
mod board;
mod check;
mod json;
#[cfg(test)]
mod testing;

pub use action::{Action, ActionError};
pub use board::{Board, CandidateColour, PALETTE, Paint, Pencil, PencilMark, Savepoint, Stroke};
pub use check::Check;

use crate::geometry::{Cell, Digit, House, Size};
use crate::grid::Grid;
use crate::variant::Puzzle;
use serde::Serialize;

/// A game: the puzzle, its solution if known, and the actions taken. It serializes as
/// `SavedGame` and deserializes by replaying the actions (see `Game::restore`), both by hand
/// (`json`).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    givens: Grid,
    /// The variant puzzle (regions, constraints, title, author, rules) whose givens these are;
    /// none for a classic puzzle, which the classic rules and solvers play.
    variant: Option<Puzzle>,
    solution: Option<Grid>,
    /// The board the actions start from: none for a game played alone (the empty board); a
    /// shared game's board, whose history its replica keeps (`rebase`).
    base: Option<Board>,
    actions: Vec<Action>,
    applied: usize,
    board: Board,
    /// The board after `k * CHECKPOINT_EVERY` actions, for every such `k` up to the number of
    /// actions (the first is the starting board): what an undo replays from. Derived from the
    /// base and the actions, so never saved.
    checkpoints: Vec<Board>,
    /// A variant's peers of each cell (`Puzzle::peer_sets`: rows, columns, regions and the
    /// constraints that make cells distinct), whose notes lose a digit placed in the cell;
    /// empty for a classic game (the size's peers). Derived from the variant once, since
    /// compiling its rules at every placement would slow the replay of a long game.
    peer_sets: Vec<crate::cellset::CellSet>,
}

/// How many actions lie between two kept boards (`Game::checkpoints`): an undo replays fewer
/// than this many.
const CHECKPOINT_EVERY: usize = 32;

/// The stored form of a game: no board, which is derived by replaying the actions. Read and
/// written by hand (`json::saved_game`, `json::write_game`: the derives' readers and writers
/// were among the largest in the app's wasm, issue 48); its derived writer is kept for the tests
/// that hold the hand's text to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SavedGame {
    pub givens: Grid,
    pub solution: Option<Grid>,
    pub actions: Vec<Action>,
    pub applied: usize,
    /// The board the actions start from, when not the empty one (a shared game's). Absent in
    /// the saves of earlier versions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<Board>,
    /// The variant puzzle, when the game is one (its givens are `givens`). Absent in classic
    /// games and in the saves of earlier versions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Puzzle>,
}

crate::read_by_hand!(Game, Game::read_json);
crate::read_by_hand!(Action, json::action);
crate::read_by_hand!(Board, json::board);

crate::write_by_hand!(Game, json::write_game);
crate::write_by_hand!(Action, json::write_action);
crate::write_by_hand!(Board, json::write_board);

impl From<Game> for SavedGame {
    fn from(g: Game) -> SavedGame {
        SavedGame { givens: g.givens, solution: g.solution, actions: g.actions, applied: g.applied, base: g.base, variant: g.variant }
    }
}

impl TryFrom<SavedGame> for Game {
    type Error = ActionError;
    fn try_from(s: SavedGame) -> Result<Game, ActionError> {
        let variant = match s.variant {
            // A variant whose givens are not the game's is a damaged save, not a puzzle.
            Some(p) if p.givens != s.givens => return Err(ActionError::BoardSize),
            v => v.filter(|p| !p.is_classic()),
        };
        let mut game = Game::restore_variant(s.givens, variant, s.solution)?;
        if let Some(base) = s.base {
            game.rebase(base.checked(&game.givens)?);
        }
        let Game { givens, variant, solution, base, .. } = game;
        Game::restore_on(givens, variant, solution, base, s.actions, s.applied)
    }
}

impl Game {
    /// A game from its saved JSON, parsed (`SavedGame`'s form), its actions replayed.
    pub fn read_json(v: &serde_json::Value) -> Result<Game, String> {
        json::saved_game(v).and_then(|s| Game::try_from(s).map_err(|e| e.to_string()))
    }

    /// Writes the game's JSON (`SavedGame`'s form) to `out`.
    pub fn write_json(&self, out: &mut String) {
        json::write_game(out, self);
    }

    /// A new game. `solution` should be the puzzle's unique solution when known (the app gets
    /// it from the worker); without it the solve actions are refused.
    pub fn new(givens: Grid, solution: Option<Grid>) -> Game {
        let board = Board::empty(givens.size());
        Game {
            givens,
            variant: None,
            solution,
            base: None,
            actions: Vec::new(),
            applied: 0,
            checkpoints: vec![board.clone()],
            board,
            peer_sets: Vec::new(),
        }
    }

    /// A new game of a puzzle, variant or classic (a classic one is `Game::new`'s game).
    /// `solution`, when given, must solve the puzzle, constraints included.
    pub fn of_puzzle(puzzle: Puzzle, solution: Option<Grid>) -> Result<Game, ActionError> {
        let givens = puzzle.givens.clone();
        Game::restore_variant(givens, (!puzzle.is_classic()).then_some(puzzle), solution)
    }

    fn restore_variant(givens: Grid, variant: Option<Puzzle>, solution: Option<Grid>) -> Result<Game, ActionError> {
        Game::restore_on(givens, variant, solution, None, Vec::new(), 0)
    }

    /// The board becomes `board`, with no history to undo: a shared game's board after a move
    /// (the shared game's history, and its Undo, are its replica's: `crate::together`).
    pub fn rebase(&mut self, board: Board) {
        self.base = Some(board.clone());
        self.actions.clear();
        self.applied = 0;
        self.checkpoints = vec![board.clone()];
        self.board = board;
    }

    /// Rebuilds a game from its saved parts, replaying and validating every action.
    pub fn restore(givens: Grid, solution: Option<Grid>, actions: Vec<Action>, applied: usize) -> Result<Game, ActionError> {
        Game::restore_on(givens, None, solution, None, actions, applied)
    }

    /// `restore`, the actions starting from `base` (a checked board) when given.
    fn restore_on(
        givens: Grid,
        variant: Option<Puzzle>,
        solution: Option<Grid>,
        base: Option<Board>,
        actions: Vec<Action>,
        applied: usize,
    ) -> Result<Game, ActionError> {
        if applied > actions.len() {
            return Err(ActionError::NothingToRedo);
        }
        let solves = |s: &Grid| match &variant {
            Some(p) => p.is_solved_by(s),
            None => s.is_solved(),
        };
        if solution.as_ref().is_some_and(|s| s.size() != givens.size() || !solves(s)) {
            return Err(ActionError::NoSolution);
        }
        let mut g = Game::new(givens, solution);
        g.peer_sets = variant.as_ref().map_or_else(Vec::new, Puzzle::peer_sets);
        g.variant = variant;
        if let Some(base) = base {
            g.rebase(base);
        }
        // Every action must apply in sequence, the undone ones too (redo must not fail later);
        // the checkpoints are kept on the way.
        let mut b = g.board.clone();
        for (n, a) in actions.iter().enumerate() {
            g.apply_to(&mut b, a)?;
            if (n + 1).is_multiple_of(CHECKPOINT_EVERY) {
                g.checkpoints.push(b.clone());
            }
        }
        g.actions = actions;
        g.applied = applied;
        g.board = g.replay(applied)?;
        Ok(g)
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.givens.size()
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The variant puzzle this game plays; none for a classic puzzle.
    pub fn variant(&self) -> Option<&Puzzle> {
        self.variant.as_ref()
    }

    /// The puzzle: the variant, or the classic puzzle of the givens.
    pub fn puzzle(&self) -> Puzzle {
        self.variant.clone().unwrap_or_else(|| Puzzle::classic(self.givens.clone()))
    }

    /// The solution, if known.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The actions taken (including undone ones after `applied`).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// How many actions are applied.
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// The digit shown in a cell: the given or the player's.
    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        self.givens.get(cell).or(self.board().entries.get(cell))
    }

    /// Givens and entries together.
    pub fn grid(&self) -> Grid {
        let mut g = self.givens.clone();
        for cell in self.size().cells() {
            if let Some(d) = self.board().entries.get(cell) {
                g.set(cell, Some(d));
            }
        }
        g
    }

    /// Whether the grid is full and breaks no rule: the variant's rules and constraints too.
    pub fn is_solved(&self) -> bool {
        match &self.variant {
            Some(p) => p.is_solved_by(&self.grid()),
            None => self.grid().is_solved(),
        }
    }

    /// The cells the board shows in conflict: a digit twice in a row, column or region (the
    /// boxes only where they are the regions), and the cells of every broken constraint.
    pub fn conflict_cells(&self) -> Vec<Cell> {
        self.conflicts_in(&self.grid())
    }

    /// The cells in conflict if `cell`'s own digit were not there yet: a digit the pen may still
    /// grow into another (a lone 1 that may be half a 4) signals no conflict until it is final.
    pub fn conflict_cells_but(&self, cell: Cell) -> Vec<Cell> {
        let mut grid = self.grid();
        if self.givens.get(cell).is_none() {
            grid.set(cell, None);
        }
        self.conflicts_in(&grid)
    }

    fn conflicts_in(&self, grid: &Grid) -> Vec<Cell> {
        let irregular = self.variant.as_ref().is_some_and(|p| p.regions.is_some());
        let mut cells: Vec<Cell> =
            grid.conflicts().into_iter().filter(|c| !(irregular && matches!(c.house, House::Box(_)))).flat_map(|c| c.cells).collect();
        if let Some(p) = &self.variant {
            cells.extend(p.violations(grid).into_iter().flat_map(|v| v.cells));
        }
        // A cell's order is its index: the shared keyed sort, not a copy of the standard one.
        crate::keyed_sort::sort_by_key(&mut cells, |c| c.index() as u64);
        cells.dedup();
        cells
    }

    /// Checks the board: wrong digits first (when the solution is known), then duplicates,
    /// then cells left without a candidate, then cells whose candidates lost their answer, then
    /// empty cells. "Incomplete" therefore means that nothing on the board is a mistake.
    /// Whether the board as it stands owes something to help: an applied hint or a cell filled
    /// from the solution (such a win records no best time).
    pub fn helped(&self) -> bool {
        self.actions[..self.applied].iter().any(Action::is_help)
    }

    /// Whether Undo is possible.
    pub fn can_undo(&self) -> bool {
        self.applied > 0
    }

    /// Whether Redo is possible.
    pub fn can_redo(&self) -> bool {
        self.applied < self.actions.len()
    }

    /// What `action` makes of `board` (a board other than the game's own: a shared one, whose
    /// history is not this game's), or why it is refused.
    pub fn next_board(&self, board: &Board, action: &Action) -> Result<Board, ActionError> {
        let mut next = board.clone();
        self.apply_to(&mut next, action)?;
        Ok(next)
    }

    /// Applies an action. Returns whether it changed the board (no-ops are not recorded).
    pub fn apply(&mut self, action: Action) -> Result<bool, ActionError> {
        let mut next = self.board().clone();
        self.apply_to(&mut next, &action)?;
        if &next == self.board() {
            return Ok(false);
        }
        self.actions.truncate(self.applied);
        self.checkpoints.truncate(self.applied / CHECKPOINT_EVERY + 1);
        self.actions.push(action);
        self.applied += 1;
        if self.applied.is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(next.clone());
        }
        self.board = next;
        Ok(true)
    }

    /// Puts `action` in place of the last applied one, as one step: Undo then goes back to the
    /// board before both, and the undone actions go (a digit the pen placed while it could still
    /// grow, grown by a later stroke into another: `ink::writing`). Refused like `apply`, leaving
    /// the game as it was; with nothing applied it is `apply`.
    pub fn replace_last(&mut self, action: Action) -> Result<bool, ActionError> {
        if self.applied == 0 {
            return self.apply(action);
        }
        let before = self.replay(self.applied - 1)?;
        self.apply_to(&mut before.clone(), &action)?;
        self.forget_last(before);
        self.apply(action)
    }

    /// Takes back the last applied action for good (Redo cannot bring it back): a move that was
    /// never meant, as a lone stroke the pen placed as a 1 that turned out to be unreadable ink.
    pub fn withdraw(&mut self) -> Result<(), ActionError> {
        if self.applied == 0 {
            return Err(ActionError::NothingToUndo);
        }
        let before = self.replay(self.applied - 1)?;
        self.forget_last(before);
        Ok(())
    }

    /// Drops the last applied action and the undone ones; `before` is the board before it.
    fn forget_last(&mut self, before: Board) {
        self.applied -= 1;
        self.actions.truncate(self.applied);
        self.checkpoints.truncate(self.applied / CHECKPOINT_EVERY + 1);
        self.board = before;
    }

    /// Undoes the last applied action.
    pub fn undo(&mut self) -> Result<(), ActionError> {
        if self.applied == 0 {
            return Err(ActionError::NothingToUndo);
        }
        self.board = self.replay(self.applied - 1)?;
        self.applied -= 1;
        Ok(())
    }

    /// Redoes the next undone action.
    pub fn redo(&mut self) -> Result<(), ActionError> {
        if self.applied == self.actions.len() {
            return Err(ActionError::NothingToRedo);
        }
        let mut next = self.board().clone();
        let action = self.actions[self.applied].clone();
        self.apply_to(&mut next, &action)?;
        self.board = next;
        self.applied += 1;
        Ok(())
    }

    /// Undoes back to the last state whose digits all agree with the solution, i.e. the last
    /// state from which the puzzle can still be solved. Returns how many actions were undone.
    pub fn undo_to_solvable(&mut self) -> Result<usize, ActionError> {
        let sol = self.solution.clone().ok_or(ActionError::NoSolution)?;
        let mut k = self.applied;
        loop {
            let board = self.replay(k)?;
            let fine = self.size().cells().all(|c| board.entries.get(c).is_none_or(|d| sol.get(c) == Some(d)));
            if fine || k == 0 {
                let undone = self.applied - k;
                self.applied = k;
                self.board = board;
                return Ok(undone);
            }
            k -= 1;
        }
    }

    /// The board after the first `upto` actions, replayed from the last checkpoint before it.
    fn replay(&self, upto: usize) -> Result<Board, ActionError> {
        let k = (upto / CHECKPOINT_EVERY).min(self.checkpoints.len() - 1);
        let mut b = self.checkpoints[k].clone();
        for a in &self.actions[k * CHECKPOINT_EVERY..upto] {
            self.apply_to(&mut b, a)?;
        }
        Ok(b)
    }

    pub(super) fn grid_with(&self, b: &Board) -> Grid {
        let mut g = self.givens.clone();
        for cell in self.size().cells() {
            if let Some(d) = b.entries.get(cell) {
                g.set(cell, Some(d));
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;
    use crate::geometry::{Candidate, DigitSet, House};

    /// The board after the first `k` actions, replayed from the start (what Undo did before
    /// it kept checkpoints).
    fn replayed(g: &Game, k: usize) -> Board {
        Game::restore(g.givens().clone(), g.solution().cloned(), g.actions()[..k].to_vec(), k).unwrap().board().clone()
    }

    #[test]
    fn undo_and_redo_across_checkpoints_give_the_boards_a_replay_from_the_start_gives() {
        let mut g = game();
        let empty: Vec<Cell> = g.size().cells().filter(|&cell| g.givens().get(cell).is_none()).collect();
        let mut n = 0;
        // Over three checkpoints' worth of moves, notes filled and cleared among them.
        while g.applied() < 3 * CHECKPOINT_EVERY + 5 {
            let action = match n % 11 {
                4 => Action::FillNotes,
                9 => Action::ClearNotes,
                _ => Action::ToggleNote { cell: empty[n % empty.len()], digit: d((n % 9 + 1) as u8) },
            };
            let _ = g.apply(action);
            n += 1;
        }
        let total = g.applied();
        while g.can_undo() {
            g.undo().unwrap();
            assert_eq!(g.board(), &replayed(&g, g.applied()), "after undo to {}", g.applied());
        }
        for _ in 0..CHECKPOINT_EVERY + 3 {
            g.redo().unwrap();
        }
        assert_eq!(g.board(), &replayed(&g, CHECKPOINT_EVERY + 3));
        // A new move here drops the undone moves and the checkpoints past it; undo and redo
        // still agree with a replay, and so does the game read back from its save.
        g.apply(Action::Place { cell: empty[0], digit: d(1), clear_peer_notes: true }).unwrap();
        assert_eq!(g.actions().len(), CHECKPOINT_EVERY + 4);
        assert!(g.actions().len() < total);
        while g.applied() > 2 {
            g.undo().unwrap();
            assert_eq!(g.board(), &replayed(&g, g.applied()));
        }
        while g.can_redo() {
            g.redo().unwrap();
        }
        assert_eq!(g.board(), &replayed(&g, g.applied()));
        let saved = serde_json::to_string(&g).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&saved).unwrap(), g, "the same game, checkpoints and all");
        // Written from the game's fields, the same text as `SavedGame`'s derive writes.
        assert_eq!(saved, serde_json::to_string(&SavedGame::from(g.clone())).unwrap());
    }

    #[test]
    fn undo_to_solvable_drops_wrong_digits() {
        let mut g = game();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap(); // right
        g.apply(Action::Place { cell: c(0, 3), digit: d(2), clear_peer_notes: true }).unwrap(); // wrong (6)
        g.apply(Action::Place { cell: c(0, 5), digit: d(8), clear_peer_notes: true }).unwrap();
        assert_eq!(g.incorrect_cells(), vec![c(0, 3)]);
        assert_eq!(g.undo_to_solvable().unwrap(), 2);
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        assert_eq!(g.digit(c(0, 3)), None);
        assert!(g.can_redo());
    }

    #[test]
    fn solve_actions_and_restart() {
        let mut g = game();
        g.apply(Action::SolveHouse { house: House::Row(0) }).unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        g.apply(Action::SolveAll).unwrap();
        assert!(g.is_solved());
        g.apply(Action::Restart).unwrap();
        assert_eq!(g.grid(), *g.givens());
        g.undo().unwrap();
        assert!(g.is_solved());
    }

    #[test]
    fn hints_and_solving_count_as_help() {
        let mut g = game();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        g.apply(Action::FillNotes).unwrap();
        assert!(!g.helped(), "writing digits and filling notes is the player's own work");
        g.apply(Action::ApplyStep { placements: vec![Candidate::new(c(0, 3), d(6))], eliminations: vec![] }).unwrap();
        assert!(g.helped());
        g.undo().unwrap();
        assert!(!g.helped(), "an undone hint no longer helps");
        g.apply(Action::SolveCell { cell: c(0, 3) }).unwrap();
        assert!(g.helped());
    }

    #[test]
    fn no_op_actions_are_not_recorded_and_new_actions_drop_redo() {
        let mut g = game();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        assert_eq!(g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }), Ok(false));
        assert_eq!(g.applied(), 1);
        g.undo().unwrap();
        g.apply(Action::Place { cell: c(0, 3), digit: d(6), clear_peer_notes: true }).unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.redo(), Err(ActionError::NothingToRedo));
        g.undo().unwrap();
        assert_eq!(g.undo(), Err(ActionError::NothingToUndo));
    }

    #[test]
    fn a_replaced_or_withdrawn_last_move_is_one_step_and_leaves_nothing_to_redo() {
        let mut g = game();
        let notes = Action::ToggleNote { cell: c(0, 3), digit: d(1) };
        g.apply(notes.clone()).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(1), clear_peer_notes: true }).unwrap();
        assert!(g.board().pencil.notes[c(0, 3).index()].is_empty(), "the 1 cleared its peer's note");
        // A 1 that was half a 4: the 4 takes its step; the note the 1 cleared is back.
        assert_eq!(g.replace_last(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }), Ok(true));
        assert_eq!((g.digit(c(0, 2)), g.applied(), g.actions().len()), (Some(d(4)), 2, 2));
        assert!(g.board().pencil.notes[c(0, 3).index()].contains(d(1)));
        g.undo().unwrap();
        assert_eq!(g.digit(c(0, 2)), None, "one Undo goes back to before the 1");
        assert_eq!(g.actions(), &[notes.clone(), Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }]);
        g.redo().unwrap();
        // A refused replacement leaves the game as it was.
        let before = g.clone();
        assert!(g.replace_last(Action::Place { cell: c(0, 0), digit: d(4), clear_peer_notes: true }).is_err());
        assert_eq!(g, before);
        // Withdrawn: gone from the board and from Redo.
        g.withdraw().unwrap();
        assert_eq!((g.digit(c(0, 2)), g.can_redo()), (None, false));
        assert_eq!(g.actions(), &[notes]);
    }

    #[test]
    fn a_digit_still_being_written_signals_no_conflict_of_its_own() {
        let mut g = game();
        // r1c3 takes a 5: r1c1's 5 is in its row.
        g.apply(Action::Place { cell: c(0, 2), digit: d(5), clear_peer_notes: true }).unwrap();
        assert_eq!(g.conflict_cells(), vec![c(0, 0), c(0, 2)]);
        assert_eq!(g.conflict_cells_but(c(0, 2)), vec![]);
        // Conflicts elsewhere still show, and a given is never left out.
        g.apply(Action::Place { cell: c(0, 3), digit: d(3), clear_peer_notes: true }).unwrap();
        assert_eq!(g.conflict_cells_but(c(0, 2)), vec![c(0, 1), c(0, 3)]);
        assert_eq!(g.conflict_cells_but(c(0, 0)), g.conflict_cells());
    }

    #[test]
    fn saves_from_before_eliminations_still_replay() {
        // A save written before `eliminated` existed: SetBoard without it.
        let g = game();
        let notes = vec![DigitSet::EMPTY; 81];
        let entries = serde_json::to_value(Grid::new(Size::Nine)).unwrap();
        let old = serde_json::json!({
            "givens": PUZZLE, "solution": g.solution().unwrap().to_line(),
            "actions": [{"type": "set_board", "entries": entries, "notes": notes}], "applied": 1,
        });
        let restored: Game = serde_json::from_value(old).unwrap();
        assert_eq!(restored.board().pencil.eliminated, vec![DigitSet::EMPTY; 81]);
    }

    #[test]
    fn save_is_the_action_list() {
        let mut g = game();
        g.apply(Action::FillNotes).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        g.apply(Action::AddStroke { stroke: Stroke { id: 0, cell: Some(c(1, 1)), points: vec![[0.1, 0.1, 0.5]] } }).unwrap();
        g.undo().unwrap();
        let json = serde_json::to_string(&g).unwrap();
        let restored: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(restored, g);
        assert_eq!(restored.applied(), 2);
        // A save whose actions don't apply is refused, not half-loaded.
        let corrupt = json.replace("\"digit\":4", "\"digit\":12");
        assert!(serde_json::from_str::<Game>(&corrupt).is_err());
    }

    #[test]
    fn givens_cannot_change_and_errors_leave_the_board() {
        let mut g = game();
        let before = g.board().clone();
        assert_eq!(g.apply(Action::Place { cell: c(0, 0), digit: d(1), clear_peer_notes: true }), Err(ActionError::Given));
        assert_eq!(g.apply(Action::Place { cell: Cell::new(81), digit: d(1), clear_peer_notes: true }), Err(ActionError::CellOutside(81)));
        assert_eq!(g.board(), &before);
        assert!(!g.can_undo());
    }
}

#[cfg(test)]
mod variant_tests {
    use super::testing::*;
    use super::*;
    use crate::variant::{Constraint, Source};

    /// The test puzzle's solution with r1c3 and r1c4 (4 and 6) open, caged with `sum`.
    fn killer(sum: u16) -> (Puzzle, Grid) {
        let solution = game().solution().unwrap().clone();
        let mut givens = solution.clone();
        givens.set(c(0, 2), None);
        givens.set(c(0, 3), None);
        let cage = Constraint::Killer { cells: vec![c(0, 2), c(0, 3)], sum: Some(sum) };
        (Puzzle { constraints: vec![cage], ..Puzzle::classic(givens) }, solution)
    }

    #[test]
    fn a_killer_is_won_only_when_its_cages_add_up() {
        let (right, solution) = killer(10);
        let mut g = Game::of_puzzle(right, Some(solution.clone())).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        assert!(!g.is_solved());
        g.apply(Action::Place { cell: c(0, 3), digit: d(6), clear_peer_notes: true }).unwrap();
        assert!(g.is_solved());
        assert_eq!(g.check(), Check::Solved);

        // The same digits under a cage of 11: the grid is a classic solution, not this one's.
        let (wrong, _) = killer(11);
        assert_eq!(Game::of_puzzle(wrong.clone(), Some(solution)).unwrap_err(), ActionError::NoSolution);
        let mut g = Game::of_puzzle(wrong, None).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        assert!(g.conflict_cells().is_empty(), "a cage not yet full may still add up");
        g.apply(Action::Place { cell: c(0, 3), digit: d(6), clear_peer_notes: true }).unwrap();
        assert!(g.grid().is_solved() && !g.is_solved());
        assert_eq!(g.conflict_cells(), vec![c(0, 2), c(0, 3)]);
        let Check::Broken { violations } = g.check() else { panic!("{:?}", g.check()) };
        assert_eq!(violations[0].source, Source::Constraint(0));
    }

    #[test]
    fn a_digit_clears_the_notes_of_its_irregular_region_not_its_box() {
        // The boxes, with r1c3 and r1c4 swapped between the first two regions.
        let mut regions: Vec<u8> = (0..81).map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8).collect();
        regions.swap(2, 3);
        let puzzle = Puzzle { regions: Some(regions), ..Puzzle::classic(Grid::new(Size::Nine)) };
        let mut g = Game::of_puzzle(puzzle, None).unwrap();
        for cell in [c(0, 2), c(0, 3), c(2, 2)] {
            g.apply(Action::ToggleNote { cell, digit: d(5) }).unwrap();
        }
        g.apply(Action::Place { cell: c(1, 0), digit: d(5), clear_peer_notes: true }).unwrap();
        let note = |g: &Game, cell: Cell| g.board().pencil.notes[cell.index()].contains(d(5));
        assert!(note(&g, c(0, 2)), "r1c3 is in r2c1's box but not in its region: its note stays");
        assert!(!note(&g, c(0, 3)), "r1c4 is in r2c1's region: its note goes");
        assert!(!note(&g, c(2, 2)), "r3c3 is in r2c1's region too");
    }

    #[test]
    fn a_digit_clears_the_notes_of_every_cell_its_constraints_make_distinct() {
        use crate::variant::Diagonal;
        // Notes of 5 in r9c9 (on the main diagonal), r2c4 (a knight's move from r1c2 and a
        // king's move from r1c3), r5c5 (r1c1's place in its box: disjoint groups), r4c6 and
        // r6c4 (off every diagonal, the control), and r7c7 (an extra region with r1c1).
        let noted = [c(8, 8), c(1, 3), c(4, 4), c(3, 5), c(5, 3), c(6, 6)];
        let five = |g: &Game, cell: Cell| g.board().pencil.notes[cell.index()].contains(d(5));
        let play = |constraints: Vec<Constraint>, at: Cell| {
            let puzzle = Puzzle { constraints, ..Puzzle::classic(Grid::new(Size::Nine)) };
            let mut g = if puzzle.is_classic() { Game::new(puzzle.givens, None) } else { Game::of_puzzle(puzzle, None).unwrap() };
            for cell in noted {
                g.apply(Action::ToggleNotes { cell, digits: vec![d(5), d(7)] }).unwrap();
            }
            g.apply(Action::Place { cell: at, digit: d(5), clear_peer_notes: true }).unwrap();
            g
        };
        let cleared = |g: &Game| noted.iter().copied().filter(|&cell| !five(g, cell)).collect::<Vec<_>>();
        // Classic: none of them shares a row, column or box with r1c1; every note stays.
        assert_eq!(cleared(&play(vec![], c(0, 0))), vec![]);
        // A diagonal sudoku: 5 in r1c1 clears r9c9's 5 (and r5c5's and r7c7's, on it too); the
        // 7s stay.
        let g = play(vec![Constraint::Diagonal { diagonal: Diagonal::Main }], c(0, 0));
        assert_eq!(cleared(&g), vec![c(8, 8), c(4, 4), c(6, 6)]);
        assert!(g.board().pencil.notes[c(8, 8).index()].contains(d(7)));
        // The anti-diagonal does not pass r1c1: nothing goes.
        assert_eq!(cleared(&play(vec![Constraint::Diagonal { diagonal: Diagonal::Anti }], c(0, 0))), vec![]);
        // An extra region of r1c1 and r7c7.
        assert_eq!(cleared(&play(vec![Constraint::ExtraRegion { cells: vec![c(0, 0), c(6, 6)] }], c(0, 0))), vec![c(6, 6)]);
        // Disjoint groups: r1c1 and r7c7 are the top-left cells of their boxes.
        assert_eq!(cleared(&play(vec![Constraint::DisjointGroups], c(0, 0))), vec![c(6, 6)]);
        // Anti-knight from r1c2 (r2c4 is a knight's move away); anti-king from r1c3.
        assert_eq!(cleared(&play(vec![Constraint::AntiKnight], c(0, 1))), vec![c(1, 3)]);
        assert_eq!(cleared(&play(vec![Constraint::AntiKing], c(0, 2))), vec![c(1, 3)]);
        // A killer cage's digits do not repeat either: 5 in r3c3 clears r5c5's note, caged with it.
        let cage = Constraint::Killer { cells: vec![c(2, 2), c(3, 3), c(4, 4)], sum: None };
        assert_eq!(cleared(&play(vec![cage], c(2, 2))), vec![c(4, 4)]);
    }

    #[test]
    fn a_variant_narrows_candidates_and_survives_its_save() {
        let (puzzle, solution) = killer(10);
        let mut g = Game::of_puzzle(puzzle.clone(), Some(solution)).unwrap();
        // The column leaves r1c3 only its 4 (the cage agrees).
        assert_eq!(g.candidates()[c(0, 2).index()], crate::geometry::DigitSet::single(d(4)));
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        let restored: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(restored, g);
        assert_eq!(restored.variant(), Some(&puzzle));
        assert_eq!(
            serde_json::to_string(&g).unwrap(),
            serde_json::to_string(&SavedGame::from(g.clone())).unwrap(),
            "as the derive wrote it"
        );
        // A classic game saves as before: no variant field.
        let classic = serde_json::to_value(game()).unwrap();
        assert!(classic.get("variant").is_none());
        // A save from before variants (no field) loads as a classic game.
        let restored: Game = serde_json::from_value(classic).unwrap();
        assert!(restored.variant().is_none());
        // A variant whose givens are not the game's is refused.
        let mut saved = serde_json::to_value(&g).unwrap();
        saved["givens"] = serde_json::to_value(game().givens()).unwrap();
        assert!(serde_json::from_value::<Game>(saved).is_err());
    }
}
