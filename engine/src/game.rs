//! The game reducer: a game state, the actions a player takes, and undo/redo.
//!
//! Following Simon Tatham's split, everything the player expects Undo to restore is
//! `Board` (digits, notes, eliminations, scratchpad ink); everything else — selection, input mode, open
//! dialogs, animation — is UI state and lives in the app. A `Game` is the puzzle, its solution,
//! and the list of actions applied to the starting board:
//!
//! ```text
//!   start ──a1──▶ s1 ──a2──▶ s2 ──a3──▶ s3        actions = [a1, a2, a3], applied = 3
//!                            ▲ undo: applied = 2, board = replay(start, a1, a2)
//! ```
//!
//! Undo moves `applied` back and replays; a new action after an undo drops the undone ones. The
//! action list is also the save format: loading replays every action through `apply`, which
//! validates it, so a corrupt save is rejected instead of producing an impossible board.

use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
use crate::grid::{Conflict, Grid};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A scratchpad stroke: free-hand pencil ink that is kept, not recognized.
/// Points are `[x, y, pressure]` with x and y in 0..1 of the whole grid, so the ink keeps its
/// place and size when the layout changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stroke {
    /// Unique within a game, assigned by the reducer.
    #[serde(default)]
    pub id: u32,
    /// The cell the stroke belongs to (under its bounding box's centre), if any.
    pub cell: Option<Cell>,
    /// The points.
    pub points: Vec<[f32; 3]>,
}

/// The two kinds of pencil mark SudokuPad's players use beside the candidate notes: digits in
/// the cell's corners (in the order written) and a small row of digits at its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PencilMark {
    Corner,
    Centre,
}

/// How many colours the player can paint with (numbered 1 to 9).
pub const PALETTE: u8 = 9;

/// A colour painted on one candidate of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CandidateColour {
    pub cell: Cell,
    pub digit: Digit,
    /// 1 to `PALETTE`.
    pub colour: u8,
}

/// A position the player marked, to come back to after trying a branch: the digits, notes and
/// eliminations as they were. Named by the play time when it was marked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Savepoint {
    /// Play time in ms when the position was marked (its name for the player).
    pub play_ms: u64,
    pub entries: Grid,
    pub notes: Vec<DigitSet>,
    pub eliminated: Vec<DigitSet>,
    pub corner: Vec<DigitSet>,
    pub centre: Vec<DigitSet>,
}

/// What Undo restores: the player's digits, notes (candidate, corner and centre marks),
/// eliminations, scratchpad ink and marked positions.
///
/// The candidates the player works with (`Game::candidates`) are not stored: they are what the
/// digits allow, minus `eliminated`, narrowed to the player's notes in cells that have some.
/// Storing only the eliminations keeps them true when a digit is placed or cleared later.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// The player's digits (never on a given cell).
    pub entries: Grid,
    /// Candidate marks per cell: the player's own pencil marks.
    pub notes: Vec<DigitSet>,
    /// Candidates removed per cell by an applied hint (or carried by a shared link).
    pub eliminated: Vec<DigitSet>,
    /// Corner marks per cell (free pencil marks: they don't narrow the candidates).
    pub corner: Vec<DigitSet>,
    /// Centre marks per cell (likewise).
    pub centre: Vec<DigitSet>,
    /// Colours painted on cells: bit n-1 = colour n; several per cell (drawn as wedges).
    pub colours: Vec<u16>,
    /// Colours painted on candidates, sorted, one per candidate.
    pub candidate_colours: Vec<CandidateColour>,
    /// Scratchpad strokes, oldest first.
    pub ink: Vec<Stroke>,
    /// The id the next stroke gets.
    pub next_stroke_id: u32,
    /// Positions the player marked, oldest first.
    pub savepoints: Vec<Savepoint>,
}

impl Board {
    fn empty(size: Size) -> Board {
        let none = vec![DigitSet::EMPTY; size.cell_count()];
        Board {
            entries: Grid::new(size),
            notes: none.clone(),
            eliminated: none.clone(),
            corner: none.clone(),
            centre: none,
            colours: vec![0; size.cell_count()],
            candidate_colours: Vec::new(),
            ink: Vec::new(),
            next_stroke_id: 1,
            savepoints: Vec::new(),
        }
    }
}

/// A player action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Write a digit. With `clear_peer_notes`, the digit leaves the notes of its row, column
    /// and box (a setting, on by default).
    Place {
        cell: Cell,
        digit: Digit,
        #[serde(default = "yes")]
        clear_peer_notes: bool,
    },
    /// Clear a cell: its digit if it has one, else its notes.
    Clear { cell: Cell },
    /// Clear the player's digits in several cells at once (an eraser stroke); givens stay.
    Erase { cells: Vec<Cell> },
    /// Add or remove one candidate mark.
    ToggleNote { cell: Cell, digit: Digit },
    /// Toggle several marks of one cell as one step (a note the pen misread, corrected: the
    /// wrong mark toggled back, the right one toggled).
    ToggleNotes { cell: Cell, digits: Vec<Digit> },
    /// Toggle corner or centre marks of one cell, as one step.
    TogglePencil { cell: Cell, digits: Vec<Digit>, mark: PencilMark },
    /// Paint colour `colour` (1 to 9) on cells, or take it off if they all have it already.
    PaintCells { cells: Vec<Cell>, colour: u8 },
    /// Paint a candidate with `colour`, or take the colour off if it has that one already.
    PaintCandidate { cell: Cell, digit: Digit, colour: u8 },
    /// Take every colour off, cells and candidates.
    ClearColours,
    /// Mark every candidate of the candidate state (`Game::candidates`) in every empty cell.
    FillNotes,
    /// Remove every pencil mark: candidate notes, corner and centre marks.
    ClearNotes,
    /// Apply a hint: place its digits, record its eliminations (they leave the candidate state
    /// and the notes).
    ApplyStep { placements: Vec<Candidate>, eliminations: Vec<Candidate> },
    /// Fill one cell from the solution.
    SolveCell { cell: Cell },
    /// Fill a row, column or box from the solution.
    SolveHouse { house: House },
    /// Fill every cell from the solution.
    SolveAll,
    /// Back to the givens (undoable).
    Restart,
    /// Add a scratchpad stroke.
    AddStroke { stroke: Stroke },
    /// Remove scratchpad strokes by id.
    EraseStrokes { ids: Vec<u32> },
    /// Mark the position (digits, notes, eliminations) to come back to; `play_ms` names it.
    MarkPosition { play_ms: u64 },
    /// Go back to the digits, notes and eliminations of marked position number `mark` (from 0,
    /// oldest first). The marks and the scratchpad ink stay.
    BackToMark { mark: usize },
    /// Set the player's digits, notes, eliminations and corner and centre marks at once
    /// (progress carried by a shared link). Saves from before eliminations or corner and centre
    /// marks existed have none (empty means none).
    SetBoard {
        entries: Grid,
        notes: Vec<DigitSet>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        eliminated: Vec<DigitSet>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        corner: Vec<DigitSet>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        centre: Vec<DigitSet>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        colours: Vec<u16>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        candidate_colours: Vec<CandidateColour>,
    },
}

fn yes() -> bool {
    true
}

/// Why an action was refused. The board is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("cell {0} is outside the grid")]
    CellOutside(usize),
    #[error("digit {digit} does not exist on a {size} grid")]
    DigitOutside { digit: u8, size: Size },
    #[error("the cell holds a given, which cannot change")]
    Given,
    #[error("there is no known solution to fill cells from")]
    NoSolution,
    #[error("house {0} is outside the grid")]
    HouseOutside(String),
    #[error("a stroke has no points or a point outside the grid")]
    BadStroke,
    #[error("the board does not fit the grid's size")]
    BoardSize,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("there is no marked position {0}")]
    NoSuchMark(usize),
    #[error("colour {0} is not one of the palette's 1 to 9")]
    NoSuchColour(u8),
}

/// The answer to "Check": solved, or the first reason it is not, with the cells to mark.
/// Reasons come in this order: wrong digits (against the solution, when known), duplicates,
/// cells with no candidate left, cells whose candidates no longer hold their answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Check {
    /// Full and breaking no rule.
    Solved,
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

/// A game: the puzzle, its solution if known, and the actions taken. It serializes as
/// `SavedGame` and deserializes by replaying the actions (see `Game::restore`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SavedGame", into = "SavedGame")]
pub struct Game {
    givens: Grid,
    solution: Option<Grid>,
    actions: Vec<Action>,
    applied: usize,
    board: Board,
}

/// The stored form of a game: no board, which is derived by replaying the actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub givens: Grid,
    pub solution: Option<Grid>,
    pub actions: Vec<Action>,
    pub applied: usize,
}

impl From<Game> for SavedGame {
    fn from(g: Game) -> SavedGame {
        SavedGame { givens: g.givens, solution: g.solution, actions: g.actions, applied: g.applied }
    }
}

impl TryFrom<SavedGame> for Game {
    type Error = ActionError;
    fn try_from(s: SavedGame) -> Result<Game, ActionError> {
        Game::restore(s.givens, s.solution, s.actions, s.applied)
    }
}

impl Game {
    /// A new game. `solution` should be the puzzle's unique solution when known (the app gets
    /// it from the worker); without it the solve actions are refused.
    pub fn new(givens: Grid, solution: Option<Grid>) -> Game {
        let board = Board::empty(givens.size());
        Game { givens, solution, actions: Vec::new(), applied: 0, board }
    }

    /// Rebuilds a game from its saved parts, replaying and validating every action.
    pub fn restore(givens: Grid, solution: Option<Grid>, actions: Vec<Action>, applied: usize) -> Result<Game, ActionError> {
        if applied > actions.len() {
            return Err(ActionError::NothingToRedo);
        }
        if solution.as_ref().is_some_and(|s| s.size() != givens.size() || !s.is_solved()) {
            return Err(ActionError::NoSolution);
        }
        let mut g = Game::new(givens, solution);
        // Every action must apply in sequence, the undone ones too (redo must not fail later).
        let mut b = g.board.clone();
        for a in &actions {
            g.apply_to(&mut b, a)?;
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

    /// Whether the grid is full and breaks no rule.
    pub fn is_solved(&self) -> bool {
        self.grid().is_solved()
    }

    /// Checks the board: wrong digits first (when the solution is known), then duplicates,
    /// then cells left without a candidate, then cells whose candidates lost their answer, then
    /// empty cells. "Incomplete" therefore means that nothing on the board is a mistake.
    pub fn check(&self) -> Check {
        let wrong = self.incorrect_cells();
        if !wrong.is_empty() {
            return Check::WrongDigits { cells: wrong };
        }
        let grid = self.grid();
        let conflicts = grid.conflicts();
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
        self.candidates_of(&self.board)
    }

    /// The empty cells whose candidates leave out the solution's digit (nothing without a
    /// solution). A hint must not build on them.
    pub fn lost_answers(&self) -> Vec<Cell> {
        self.lost_in(&self.grid(), &self.candidates())
    }

    /// `lost_answers` for a grid and candidates already at hand (`check` has both).
    fn lost_in(&self, grid: &Grid, candidates: &[DigitSet]) -> Vec<Cell> {
        let Some(sol) = &self.solution else { return Vec::new() };
        self.size().cells().filter(|&c| grid.get(c).is_none() && sol.get(c).is_some_and(|d| !candidates[c.index()].contains(d))).collect()
    }

    fn candidates_of(&self, b: &Board) -> Vec<DigitSet> {
        let grid = self.grid_with(b);
        self.size()
            .cells()
            .map(|c| {
                if grid.get(c).is_some() {
                    return DigitSet::EMPTY;
                }
                let open = grid.open_digits(c).difference(b.eliminated[c.index()]);
                let notes = b.notes[c.index()];
                if notes.is_empty() { open } else { open & notes }
            })
            .collect()
    }

    /// The cells whose digit differs from the solution.
    pub fn incorrect_cells(&self) -> Vec<Cell> {
        let Some(sol) = &self.solution else { return Vec::new() };
        let entries = &self.board().entries;
        self.size().cells().filter(|&c| entries.get(c).is_some_and(|d| sol.get(c) != Some(d))).collect()
    }

    /// Whether the board as it stands owes something to help: an applied hint or a cell filled
    /// from the solution (such a win records no best time).
    pub fn helped(&self) -> bool {
        self.actions[..self.applied]
            .iter()
            .any(|a| matches!(a, Action::ApplyStep { .. } | Action::SolveAll | Action::SolveCell { .. } | Action::SolveHouse { .. }))
    }

    /// Whether Undo is possible.
    pub fn can_undo(&self) -> bool {
        self.applied > 0
    }

    /// Whether Redo is possible.
    pub fn can_redo(&self) -> bool {
        self.applied < self.actions.len()
    }

    /// Applies an action. Returns whether it changed the board (no-ops are not recorded).
    pub fn apply(&mut self, action: Action) -> Result<bool, ActionError> {
        let mut next = self.board().clone();
        self.apply_to(&mut next, &action)?;
        if &next == self.board() {
            return Ok(false);
        }
        self.actions.truncate(self.applied);
        self.actions.push(action);
        self.applied += 1;
        self.board = next;
        Ok(true)
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

    fn replay(&self, upto: usize) -> Result<Board, ActionError> {
        let mut b = Board::empty(self.size());
        for a in &self.actions[..upto] {
            self.apply_to(&mut b, a)?;
        }
        Ok(b)
    }

    fn check_cell(&self, cell: Cell) -> Result<(), ActionError> {
        if cell.index() < self.size().cell_count() { Ok(()) } else { Err(ActionError::CellOutside(cell.index())) }
    }

    fn check_digit(&self, digit: Digit) -> Result<(), ActionError> {
        if digit.fits(self.size()) { Ok(()) } else { Err(ActionError::DigitOutside { digit: digit.get(), size: self.size() }) }
    }

    fn check_free(&self, cell: Cell) -> Result<(), ActionError> {
        self.check_cell(cell)?;
        if self.givens.get(cell).is_some() { Err(ActionError::Given) } else { Ok(()) }
    }

    fn check_house(&self, house: House) -> Result<(), ActionError> {
        if house.number() < self.size().side() { Ok(()) } else { Err(ActionError::HouseOutside(house.to_string())) }
    }

    /// The pure transition: validates the action against the game and changes `b`.
    fn apply_to(&self, b: &mut Board, action: &Action) -> Result<(), ActionError> {
        let size = self.size();
        match action {
            Action::Place { cell, digit, clear_peer_notes } => {
                self.check_free(*cell)?;
                self.check_digit(*digit)?;
                place(b, size, *cell, *digit, *clear_peer_notes);
            }
            Action::Clear { cell } => {
                self.check_free(*cell)?;
                if b.entries.get(*cell).is_some() {
                    b.entries.set(*cell, None);
                } else {
                    for marks in [&mut b.notes, &mut b.corner, &mut b.centre] {
                        marks[cell.index()] = DigitSet::EMPTY;
                    }
                }
            }
            Action::Erase { cells } => {
                for &cell in cells {
                    self.check_cell(cell)?;
                }
                for &cell in cells {
                    if self.givens.get(cell).is_none() {
                        b.entries.set(cell, None);
                    }
                }
            }
            Action::ToggleNote { cell, digit } => {
                self.check_free(*cell)?;
                self.check_digit(*digit)?;
                let notes = &mut b.notes[cell.index()];
                if !notes.remove(*digit) {
                    notes.insert(*digit);
                }
            }
            Action::ToggleNotes { cell, digits } => {
                self.check_free(*cell)?;
                for &digit in digits {
                    self.check_digit(digit)?;
                }
                let notes = &mut b.notes[cell.index()];
                for &digit in digits {
                    if !notes.remove(digit) {
                        notes.insert(digit);
                    }
                }
            }
            Action::TogglePencil { cell, digits, mark } => {
                self.check_free(*cell)?;
                for &digit in digits {
                    self.check_digit(digit)?;
                }
                let marks = match mark {
                    PencilMark::Corner => &mut b.corner[cell.index()],
                    PencilMark::Centre => &mut b.centre[cell.index()],
                };
                for &digit in digits {
                    if !marks.remove(digit) {
                        marks.insert(digit);
                    }
                }
            }
            Action::PaintCells { cells, colour } => {
                let bit = colour_bit(*colour)?;
                for &cell in cells {
                    self.check_cell(cell)?;
                }
                let all_have = cells.iter().all(|c| b.colours[c.index()] & bit != 0);
                for &cell in cells {
                    if all_have {
                        b.colours[cell.index()] &= !bit;
                    } else {
                        b.colours[cell.index()] |= bit;
                    }
                }
            }
            Action::PaintCandidate { cell, digit, colour } => {
                colour_bit(*colour)?;
                self.check_cell(*cell)?;
                self.check_digit(*digit)?;
                let at = b.candidate_colours.binary_search_by(|p| (p.cell, p.digit).cmp(&(*cell, *digit)));
                match at {
                    Ok(i) if b.candidate_colours[i].colour == *colour => {
                        b.candidate_colours.remove(i);
                    }
                    Ok(i) => b.candidate_colours[i].colour = *colour,
                    Err(i) => b.candidate_colours.insert(i, CandidateColour { cell: *cell, digit: *digit, colour: *colour }),
                }
            }
            Action::ClearColours => {
                b.colours.iter_mut().for_each(|c| *c = 0);
                b.candidate_colours.clear();
            }
            Action::FillNotes => b.notes = self.candidates_of(b),
            Action::ClearNotes => {
                for marks in [&mut b.notes, &mut b.corner, &mut b.centre] {
                    marks.iter_mut().for_each(|n| *n = DigitSet::EMPTY);
                }
            }
            Action::ApplyStep { placements, eliminations } => {
                for c in placements.iter().chain(eliminations) {
                    self.check_free(c.cell)?;
                    self.check_digit(c.digit)?;
                }
                for c in placements {
                    place(b, size, c.cell, c.digit, true);
                }
                for c in eliminations {
                    b.notes[c.cell.index()].remove(c.digit);
                    b.eliminated[c.cell.index()].insert(c.digit);
                }
            }
            Action::SolveCell { cell } => {
                self.check_free(*cell)?;
                self.fill_from_solution(b, &[*cell])?;
            }
            Action::SolveHouse { house } => {
                self.check_house(*house)?;
                self.fill_from_solution(b, size.house_cells(*house))?;
            }
            Action::SolveAll => {
                let cells: Vec<Cell> = size.cells().collect();
                self.fill_from_solution(b, &cells)?;
            }
            // Back to the givens; the marked positions stay (they are the player's way back).
            Action::Restart => {
                let marks = std::mem::take(&mut b.savepoints);
                *b = Board::empty(size);
                b.savepoints = marks;
            }
            Action::MarkPosition { play_ms } => b.savepoints.push(Savepoint {
                play_ms: *play_ms,
                entries: b.entries.clone(),
                notes: b.notes.clone(),
                eliminated: b.eliminated.clone(),
                corner: b.corner.clone(),
                centre: b.centre.clone(),
            }),
            Action::BackToMark { mark } => {
                let saved = b.savepoints.get(*mark).ok_or(ActionError::NoSuchMark(*mark))?.clone();
                b.entries = saved.entries;
                b.notes = saved.notes;
                b.eliminated = saved.eliminated;
                b.corner = saved.corner;
                b.centre = saved.centre;
            }
            Action::AddStroke { stroke } => {
                let valid = !stroke.points.is_empty()
                    && stroke
                        .points
                        .iter()
                        .all(|p| p.iter().all(|v| v.is_finite()) && (0.0..=1.0).contains(&p[0]) && (0.0..=1.0).contains(&p[1]))
                    && stroke.cell.is_none_or(|c| c.index() < size.cell_count());
                if !valid {
                    return Err(ActionError::BadStroke);
                }
                let mut s = stroke.clone();
                s.id = b.next_stroke_id;
                b.next_stroke_id += 1;
                b.ink.push(s);
            }
            Action::EraseStrokes { ids } => b.ink.retain(|s| !ids.contains(&s.id)),
            Action::SetBoard { entries, notes, eliminated, corner, centre, colours, candidate_colours } => {
                // Empty means none (links and saves from before these marks existed).
                let or_none =
                    |marks: &Vec<DigitSet>| if marks.is_empty() { vec![DigitSet::EMPTY; size.cell_count()] } else { marks.clone() };
                let (eliminated, corner, centre) = (or_none(eliminated), or_none(corner), or_none(centre));
                if entries.size() != size || [notes, &eliminated, &corner, &centre].iter().any(|m| m.len() != size.cell_count()) {
                    return Err(ActionError::BoardSize);
                }
                let all = size.all_digits();
                for cell in size.cells() {
                    if entries.get(cell).is_some() {
                        self.check_free(cell)?;
                    }
                    for marks in [notes, &eliminated, &corner, &centre].map(|m| m[cell.index()]) {
                        if let Some(bad) = marks.difference(all).iter().next() {
                            return Err(ActionError::DigitOutside { digit: bad.get(), size });
                        }
                    }
                }
                b.entries = entries.clone();
                b.notes = notes.clone();
                b.eliminated = eliminated;
                b.corner = corner;
                b.centre = centre;
                let mut painted = vec![0; size.cell_count()];
                if !colours.is_empty() {
                    if colours.len() != size.cell_count() {
                        return Err(ActionError::BoardSize);
                    }
                    let all = (1u16 << PALETTE) - 1;
                    if let Some(bad) = colours.iter().find(|&&c| c & !all != 0) {
                        return Err(ActionError::NoSuchColour((16 - bad.leading_zeros()) as u8));
                    }
                    painted.clone_from(colours);
                }
                b.colours = painted;
                let mut on_candidates = Vec::with_capacity(candidate_colours.len());
                for p in candidate_colours {
                    colour_bit(p.colour)?;
                    self.check_cell(p.cell)?;
                    self.check_digit(p.digit)?;
                    on_candidates.push(*p);
                }
                on_candidates.sort();
                on_candidates.dedup_by_key(|p| (p.cell, p.digit));
                b.candidate_colours = on_candidates;
            }
        }
        Ok(())
    }

    fn grid_with(&self, b: &Board) -> Grid {
        let mut g = self.givens.clone();
        for cell in self.size().cells() {
            if let Some(d) = b.entries.get(cell) {
                g.set(cell, Some(d));
            }
        }
        g
    }

    fn fill_from_solution(&self, b: &mut Board, cells: &[Cell]) -> Result<(), ActionError> {
        let sol = self.solution.as_ref().ok_or(ActionError::NoSolution)?;
        for &cell in cells {
            if self.givens.get(cell).is_none()
                && let Some(d) = sol.get(cell)
            {
                place(b, self.size(), cell, d, true);
            }
        }
        Ok(())
    }
}

/// The bit of a palette colour (1 to `PALETTE`) in `Board::colours`.
fn colour_bit(colour: u8) -> Result<u16, ActionError> {
    if (1..=PALETTE).contains(&colour) { Ok(1 << (colour - 1)) } else { Err(ActionError::NoSuchColour(colour)) }
}

/// Writes a digit, drops the cell's notes and ink, and optionally the digit from peer notes.
fn place(b: &mut Board, size: Size, cell: Cell, digit: Digit, clear_peer_notes: bool) {
    b.entries.set(cell, Some(digit));
    for marks in [&mut b.notes, &mut b.corner, &mut b.centre] {
        marks[cell.index()] = DigitSet::EMPTY;
    }
    b.ink.retain(|s| s.cell != Some(cell));
    if clear_peer_notes {
        for &p in size.peers(cell) {
            b.notes[p.index()].remove(digit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::solver;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn game() -> Game {
        let g = line::parse(PUZZLE).unwrap();
        let sol = solver::unique_solution(&g);
        Game::new(g, sol)
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    fn c(r: usize, col: usize) -> Cell {
        Size::Nine.cell(r, col)
    }

    #[test]
    fn place_clears_peer_notes_and_undo_restores() {
        let mut g = game();
        g.apply(Action::ToggleNote { cell: c(0, 3), digit: d(6) }).unwrap();
        g.apply(Action::ToggleNote { cell: c(4, 2), digit: d(6) }).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(6), clear_peer_notes: true }).unwrap();
        assert!(!g.board().notes[c(0, 3).index()].contains(d(6)), "row peer lost the note");
        assert!(!g.board().notes[c(4, 2).index()].contains(d(6)), "column peer lost the note");
        g.undo().unwrap();
        assert!(g.board().notes[c(0, 3).index()].contains(d(6)));
        assert_eq!(g.digit(c(0, 2)), None);
        g.redo().unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(6)));
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
    fn clear_takes_the_digit_first_then_the_notes() {
        let mut g = game();
        g.apply(Action::ToggleNote { cell: c(0, 2), digit: d(1) }).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: false }).unwrap();
        assert!(g.board().notes[c(0, 2).index()].is_empty(), "a digit replaces the cell's notes");
        g.apply(Action::ToggleNote { cell: c(0, 3), digit: d(2) }).unwrap();
        g.apply(Action::Clear { cell: c(0, 2) }).unwrap();
        assert_eq!(g.digit(c(0, 2)), None);
        g.apply(Action::Clear { cell: c(0, 3) }).unwrap();
        assert!(g.board().notes[c(0, 3).index()].is_empty());
        assert_eq!(g.apply(Action::Clear { cell: c(0, 0) }), Err(ActionError::Given));
    }

    #[test]
    fn a_misread_note_is_corrected_in_one_step() {
        let mut g = game();
        let notes = |g: &Game| g.board().notes[c(0, 2).index()];
        g.apply(Action::ToggleNote { cell: c(0, 2), digit: d(1) }).unwrap();
        g.apply(Action::ToggleNote { cell: c(0, 2), digit: d(7) }).unwrap(); // the pen read 7 ...
        g.apply(Action::ToggleNotes { cell: c(0, 2), digits: vec![d(7), d(2)] }).unwrap(); // ... it was 2
        assert_eq!(notes(&g), DigitSet::from_iter([d(1), d(2)]));
        g.undo().unwrap();
        assert_eq!(notes(&g), DigitSet::from_iter([d(1), d(7)]), "one undo step back to what the pen wrote");
        assert_eq!(g.apply(Action::ToggleNotes { cell: c(0, 0), digits: vec![d(2)] }), Err(ActionError::Given));
        let bad = Action::ToggleNotes { cell: c(0, 2), digits: vec![d(2), Digit::new(12).unwrap()] };
        assert!(matches!(g.apply(bad), Err(ActionError::DigitOutside { .. })));
        assert_eq!(notes(&g), DigitSet::from_iter([d(1), d(7)]), "a refused action changes nothing");
    }

    #[test]
    fn erase_clears_player_digits_but_never_givens() {
        let mut g = game();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: true }).unwrap();
        g.apply(Action::Place { cell: c(0, 3), digit: d(6), clear_peer_notes: true }).unwrap();
        g.apply(Action::Erase { cells: vec![c(0, 0), c(0, 1), c(0, 2), c(0, 3)] }).unwrap();
        assert_eq!(g.digit(c(0, 2)), None);
        assert_eq!(g.digit(c(0, 3)), None);
        assert_eq!(g.digit(c(0, 0)), Some(d(5)), "givens stay");
        g.undo().unwrap();
        assert_eq!(g.digit(c(0, 3)), Some(d(6)));
        assert_eq!(g.apply(Action::Erase { cells: vec![Cell::new(500)] }), Err(ActionError::CellOutside(500)));
    }

    #[test]
    fn fill_and_clear_all_notes() {
        let mut g = game();
        g.apply(Action::FillNotes).unwrap();
        let notes = &g.board().notes;
        assert_eq!(notes[c(0, 2).index()].iter().map(|x| x.get()).collect::<Vec<_>>(), vec![1, 2, 4]);
        assert!(notes[c(0, 0).index()].is_empty(), "givens get no notes");
        g.apply(Action::ClearNotes).unwrap();
        assert!(g.board().notes.iter().all(|n| n.is_empty()));
        g.undo().unwrap();
        assert!(!g.board().notes[c(0, 2).index()].is_empty());
    }

    #[test]
    fn apply_step_places_and_eliminates() {
        let mut g = game();
        g.apply(Action::FillNotes).unwrap();
        let step = Action::ApplyStep { placements: vec![Candidate::new(c(0, 2), d(4))], eliminations: vec![Candidate::new(c(1, 1), d(2))] };
        g.apply(step).unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        assert!(!g.board().notes[c(1, 1).index()].contains(d(2)));
        assert!(!g.board().notes[c(0, 3).index()].contains(d(4)), "placements clear peer notes");
        let on_given = Action::ApplyStep { placements: vec![Candidate::new(c(0, 0), d(5))], eliminations: vec![] };
        assert_eq!(g.apply(on_given), Err(ActionError::Given));
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
    fn solve_cell_needs_a_solution() {
        let mut g = game();
        g.apply(Action::SolveCell { cell: c(0, 2) }).unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        let mut unknown = Game::new(g.givens().clone(), None);
        assert_eq!(unknown.apply(Action::SolveCell { cell: c(0, 2) }), Err(ActionError::NoSolution));
        assert_eq!(unknown.apply(Action::SolveHouse { house: House::Box(9) }), Err(ActionError::HouseOutside("box 10".into())));
    }

    #[test]
    fn strokes_are_added_erased_and_dropped_with_a_digit() {
        let mut g = game();
        let stroke = |cell| Stroke { id: 0, cell: Some(cell), points: vec![[0.2, 0.3, 0.5], [0.21, 0.32, 0.6]] };
        g.apply(Action::AddStroke { stroke: stroke(c(0, 2)) }).unwrap();
        g.apply(Action::AddStroke { stroke: stroke(c(0, 3)) }).unwrap();
        let ids: Vec<u32> = g.board().ink.iter().map(|s| s.id).collect();
        assert_eq!(ids, vec![1, 2]);
        g.apply(Action::EraseStrokes { ids: vec![1] }).unwrap();
        assert_eq!(g.board().ink.len(), 1);
        g.apply(Action::Place { cell: c(0, 3), digit: d(6), clear_peer_notes: true }).unwrap();
        assert!(g.board().ink.is_empty(), "a digit removes the ink of its cell");
        g.undo().unwrap();
        g.undo().unwrap();
        assert_eq!(g.board().ink.len(), 2);
        let bad = Stroke { id: 0, cell: None, points: vec![[1.5, 0.0, 1.0]] };
        assert_eq!(g.apply(Action::AddStroke { stroke: bad }), Err(ActionError::BadStroke));
        assert_eq!(g.apply(Action::AddStroke { stroke: Stroke { id: 0, cell: None, points: vec![] } }), Err(ActionError::BadStroke));
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
    fn set_board_loads_progress() {
        let mut g = game();
        let mut entries = Grid::new(Size::Nine);
        entries.set(c(0, 2), Some(d(4)));
        let mut notes = vec![DigitSet::EMPTY; 81];
        notes[c(0, 3).index()] = DigitSet::single(d(6));
        let mut eliminated = vec![DigitSet::EMPTY; 81];
        eliminated[c(1, 1).index()] = DigitSet::single(d(2));
        g.apply(Action::SetBoard {
            entries: entries.clone(),
            notes: notes.clone(),
            eliminated: eliminated.clone(),
            corner: vec![],
            centre: vec![],
            colours: vec![],
            candidate_colours: vec![],
        })
        .unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        assert_eq!(g.board().notes, notes);
        assert!(!g.candidates()[c(1, 1).index()].contains(d(2)));
        let mut over = entries.clone();
        over.set(c(0, 0), Some(d(1)));
        assert_eq!(
            g.apply(Action::SetBoard {
                entries: over,
                notes: notes.clone(),
                eliminated: vec![],
                corner: vec![],
                centre: vec![],
                colours: vec![],
                candidate_colours: vec![]
            }),
            Err(ActionError::Given)
        );
        assert_eq!(
            g.apply(Action::SetBoard {
                entries: entries.clone(),
                notes: vec![],
                eliminated: vec![],
                corner: vec![],
                centre: vec![],
                colours: vec![],
                candidate_colours: vec![]
            }),
            Err(ActionError::BoardSize)
        );
        let mut ten = vec![DigitSet::EMPTY; 81];
        ten[3] = DigitSet::single(d(10));
        assert_eq!(
            g.apply(Action::SetBoard {
                entries,
                notes: notes.clone(),
                eliminated: ten,
                corner: vec![],
                centre: vec![],
                colours: vec![],
                candidate_colours: vec![]
            }),
            Err(ActionError::DigitOutside { digit: 10, size: Size::Nine })
        );
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
        assert_eq!(restored.board().eliminated, vec![DigitSet::EMPTY; 81]);
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
        assert_eq!(g.board().notes[r2c2.index()], DigitSet::single(d(7)));
        // Undo brings them back; redo and a save's replay remove them again.
        g.undo().unwrap();
        assert!(g.candidates()[c(1, 2).index()].contains(d(7)));
        g.redo().unwrap();
        let restored: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(restored.candidates(), g.candidates());
        assert!(!restored.candidates()[c(1, 2).index()].contains(d(7)));
        // Fill all notes writes the candidate state, eliminations included.
        g.apply(Action::FillNotes).unwrap();
        assert_eq!(g.board().notes, g.candidates());
        assert!(!g.board().notes[c(1, 2).index()].contains(d(7)));
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
    fn a_marked_position_is_where_back_to_mark_returns_and_both_are_undoable() {
        let mut g = game();
        let (a, b) = (c(0, 2), c(0, 3));
        g.apply(Action::Place { cell: a, digit: d(4), clear_peer_notes: true }).unwrap();
        g.apply(Action::ToggleNote { cell: b, digit: d(5) }).unwrap();
        assert!(g.apply(Action::MarkPosition { play_ms: 61_000 }).unwrap());
        let marked = (g.board().entries.clone(), g.board().notes.clone());
        // The branch: a digit, a note gone, a hint's elimination.
        g.apply(Action::Place { cell: b, digit: d(8), clear_peer_notes: true }).unwrap();
        g.apply(Action::Clear { cell: a }).unwrap();
        g.apply(Action::ApplyStep { placements: vec![], eliminations: vec![Candidate { cell: c(0, 5), digit: d(1) }] }).unwrap();
        assert!(g.apply(Action::BackToMark { mark: 0 }).unwrap());
        assert_eq!((g.board().entries.clone(), g.board().notes.clone()), marked);
        assert!(g.board().eliminated.iter().all(|e| e.is_empty()));
        assert_eq!(g.board().savepoints.len(), 1, "the mark stays, to come back to again");
        // Already there: nothing to record.
        assert!(!g.apply(Action::BackToMark { mark: 0 }).unwrap());
        assert_eq!(g.apply(Action::BackToMark { mark: 1 }), Err(ActionError::NoSuchMark(1)));
        // Undo returns to the branch; undoing further takes the mark away.
        g.undo().unwrap();
        assert_eq!(g.board().entries.get(b), Some(d(8)));
        for _ in 0..3 {
            g.undo().unwrap();
        }
        assert_eq!(g.board().savepoints.len(), 1);
        g.undo().unwrap();
        assert!(g.board().savepoints.is_empty());
        // Restart keeps the marks; a saved game replays them.
        g.redo().unwrap();
        g.apply(Action::Restart).unwrap();
        assert_eq!(g.board().savepoints[0].play_ms, 61_000);
        let restored = Game::restore(g.givens().clone(), g.solution().cloned(), g.actions().to_vec(), g.actions().len()).unwrap();
        assert_eq!(restored.board(), g.board());
    }

    #[test]
    fn corner_and_centre_marks_toggle_undo_clear_and_go_with_a_digit() {
        let mut g = game();
        let (a, b) = (c(0, 2), c(0, 3));
        g.apply(Action::TogglePencil { cell: a, digits: vec![d(1), d(2)], mark: PencilMark::Corner }).unwrap();
        g.apply(Action::TogglePencil { cell: a, digits: vec![d(4)], mark: PencilMark::Centre }).unwrap();
        g.apply(Action::TogglePencil { cell: b, digits: vec![d(2)], mark: PencilMark::Corner }).unwrap();
        assert_eq!(g.board().corner[a.index()], DigitSet::from_iter([d(1), d(2)]));
        assert_eq!(g.board().centre[a.index()], DigitSet::from_iter([d(4)]));
        // Free marks: the candidates and the notes don't change.
        assert!(g.board().notes.iter().all(|n| n.is_empty()));
        // A second toggle takes a mark away; undo brings it back.
        g.apply(Action::TogglePencil { cell: a, digits: vec![d(1)], mark: PencilMark::Corner }).unwrap();
        assert_eq!(g.board().corner[a.index()], DigitSet::from_iter([d(2)]));
        g.undo().unwrap();
        assert_eq!(g.board().corner[a.index()], DigitSet::from_iter([d(1), d(2)]));
        // Givens take no marks; a digit placed clears the cell's marks, not its peers'.
        assert_eq!(g.apply(Action::TogglePencil { cell: c(0, 0), digits: vec![d(1)], mark: PencilMark::Centre }), Err(ActionError::Given));
        g.apply(Action::Place { cell: a, digit: d(1), clear_peer_notes: true }).unwrap();
        assert!(g.board().corner[a.index()].is_empty() && g.board().centre[a.index()].is_empty());
        assert_eq!(g.board().corner[b.index()], DigitSet::from_iter([d(2)]));
        // Clear on an empty cell and Clear all notes take them too.
        g.apply(Action::Clear { cell: b }).unwrap();
        assert!(g.board().corner[b.index()].is_empty());
        g.undo().unwrap();
        g.apply(Action::ClearNotes).unwrap();
        assert!(g.board().corner.iter().chain(&g.board().centre).all(|m| m.is_empty()));
        // A saved game replays them.
        g.undo().unwrap();
        let restored = Game::restore(g.givens().clone(), g.solution().cloned(), g.actions().to_vec(), g.applied()).unwrap();
        assert_eq!(restored.board(), g.board());
    }

    #[test]
    fn colours_paint_cells_and_candidates_toggle_undo_and_clear() {
        let mut g = game();
        let (a, b) = (c(0, 0), c(0, 2));
        // Givens can be painted too; several colours per cell.
        g.apply(Action::PaintCells { cells: vec![a, b], colour: 3 }).unwrap();
        g.apply(Action::PaintCells { cells: vec![a], colour: 9 }).unwrap();
        assert_eq!((g.board().colours[a.index()], g.board().colours[b.index()]), (0b1_0000_0100, 0b100));
        // Painting cells that all have the colour takes it off; if some lack it, all get it.
        g.apply(Action::PaintCells { cells: vec![b], colour: 3 }).unwrap();
        assert_eq!(g.board().colours[b.index()], 0);
        g.apply(Action::PaintCells { cells: vec![a, b], colour: 3 }).unwrap();
        assert_eq!(g.board().colours[b.index()], 0b100);
        assert_eq!(g.board().colours[a.index()], 0b1_0000_0100);
        // Candidates: one colour each; the same colour again takes it off.
        g.apply(Action::PaintCandidate { cell: b, digit: d(4), colour: 2 }).unwrap();
        g.apply(Action::PaintCandidate { cell: b, digit: d(1), colour: 5 }).unwrap();
        g.apply(Action::PaintCandidate { cell: b, digit: d(4), colour: 6 }).unwrap();
        let painted: Vec<(u8, u8)> = g.board().candidate_colours.iter().map(|p| (p.digit.get(), p.colour)).collect();
        assert_eq!(painted, vec![(1, 5), (4, 6)]);
        g.apply(Action::PaintCandidate { cell: b, digit: d(4), colour: 6 }).unwrap();
        assert_eq!(g.board().candidate_colours.len(), 1);
        for bad in [0, 10] {
            assert_eq!(g.apply(Action::PaintCells { cells: vec![a], colour: bad }), Err(ActionError::NoSuchColour(bad)));
        }
        // A digit placed keeps the cell's colour (players colour solved cells too).
        g.apply(Action::Place { cell: b, digit: d(4), clear_peer_notes: true }).unwrap();
        assert_eq!(g.board().colours[b.index()], 0b100);
        g.apply(Action::ClearColours).unwrap();
        assert!(g.board().colours.iter().all(|&c| c == 0) && g.board().candidate_colours.is_empty());
        g.undo().unwrap();
        assert_eq!(g.board().colours[a.index()], 0b1_0000_0100);
        let restored = Game::restore(g.givens().clone(), g.solution().cloned(), g.actions().to_vec(), g.applied()).unwrap();
        assert_eq!(restored.board(), g.board());
    }
}
