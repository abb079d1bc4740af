//! The actions a player takes, why one is refused, and the pure transition that applies one
//! to a board (`Game::apply_to`).

use super::{Board, Game, Paint, Pencil, PencilMark, Stroke};
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
use crate::grid::Grid;
use thiserror::Error;

/// A player action.
///
/// Written as serde's internally tagged form (`{"type":"place","cell":3,…}`) and read, both by
/// hand (`super::json::write_action`, `super::json::action`): the same JSON the derives wrote,
/// without the derive's reader for an internally tagged enum, which buffered each action
/// (serde's `Content`) and had a reader per variant: 36 KB of the app's wasm (issue 48).
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Write a digit. With `clear_peer_notes`, the digit leaves the notes of its row, column
    /// and box (a setting, on by default).
    Place {
        cell: Cell,
        digit: Digit,
        /// Absent in saves from before it (read as on).
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
    /// Set the player's digits, pencil marks and colours at once (progress carried by a shared
    /// link or a file). Saves from before eliminations, corner and centre marks or colours
    /// existed have none: their lists are empty (see `Pencil` and `Paint`). The pencil marks
    /// and the colours are flattened into the action's JSON, as before they were types.
    SetBoard { entries: Grid, pencil: Pencil, paint: Paint },
}

impl Action {
    /// Whether the action is help rather than the player's own work: an applied hint, or cells
    /// filled from the solution (a win with help records no best time).
    pub fn is_help(&self) -> bool {
        matches!(self, Action::ApplyStep { .. } | Action::SolveAll | Action::SolveCell { .. } | Action::SolveHouse { .. })
    }
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

/// Adds the digits that are not in `set` and removes those that are.
fn toggle(set: &mut DigitSet, digits: &[Digit]) {
    for &digit in digits {
        if !set.remove(digit) {
            set.insert(digit);
        }
    }
}

impl Game {
    fn check_cell(&self, cell: Cell) -> Result<(), ActionError> {
        if cell.index() < self.size().cell_count() { Ok(()) } else { Err(ActionError::CellOutside(cell.index())) }
    }

    fn check_digit(&self, digit: Digit) -> Result<(), ActionError> {
        if digit.fits(self.size()) { Ok(()) } else { Err(ActionError::DigitOutside { digit: digit.get(), size: self.size() }) }
    }

    /// The cells whose notes lose a digit placed in `cell`: its row, column and box, or a
    /// variant's peers (`Puzzle::peer_sets`: its irregular region instead of the box, and the
    /// cells its constraints make distinct, as a diagonal).
    fn peers(&self, cell: Cell) -> Vec<Cell> {
        match self.peer_sets.get(cell.index()) {
            Some(set) if self.variant().is_some() => set.iter().collect(),
            _ => self.size().peers(cell).to_vec(),
        }
    }

    fn check_free(&self, cell: Cell) -> Result<(), ActionError> {
        self.check_cell(cell)?;
        if self.givens().get(cell).is_some() { Err(ActionError::Given) } else { Ok(()) }
    }

    fn check_house(&self, house: House) -> Result<(), ActionError> {
        if house.number() < self.size().side() { Ok(()) } else { Err(ActionError::HouseOutside(house.to_string())) }
    }

    /// The pure transition: validates the action against the game and changes `b`.
    pub(super) fn apply_to(&self, b: &mut Board, action: &Action) -> Result<(), ActionError> {
        let size = self.size();
        match action {
            Action::Place { cell, digit, clear_peer_notes } => {
                self.check_free(*cell)?;
                self.check_digit(*digit)?;
                b.place(&self.peers(*cell), *cell, *digit, *clear_peer_notes);
            }
            Action::Clear { cell } => {
                self.check_free(*cell)?;
                if b.entries.get(*cell).is_some() {
                    b.entries.set(*cell, None);
                } else {
                    b.pencil.clear_cell(*cell);
                }
            }
            Action::Erase { cells } => {
                for &cell in cells {
                    self.check_cell(cell)?;
                }
                for &cell in cells {
                    if self.givens().get(cell).is_none() {
                        b.entries.set(cell, None);
                    }
                }
            }
            Action::ToggleNote { cell, digit } => {
                self.check_free(*cell)?;
                self.check_digit(*digit)?;
                toggle(&mut b.pencil.notes[cell.index()], &[*digit]);
            }
            Action::ToggleNotes { cell, digits } => {
                self.check_free(*cell)?;
                for &digit in digits {
                    self.check_digit(digit)?;
                }
                toggle(&mut b.pencil.notes[cell.index()], digits);
            }
            Action::TogglePencil { cell, digits, mark } => {
                self.check_free(*cell)?;
                for &digit in digits {
                    self.check_digit(digit)?;
                }
                toggle(&mut b.pencil.marks_mut(*mark)[cell.index()], digits);
            }
            Action::PaintCells { cells, colour } => {
                super::board::colour_bit(*colour)?;
                for &cell in cells {
                    self.check_cell(cell)?;
                }
                b.paint.toggle_cells(cells, *colour)?;
            }
            Action::PaintCandidate { cell, digit, colour } => {
                super::board::colour_bit(*colour)?;
                self.check_cell(*cell)?;
                self.check_digit(*digit)?;
                b.paint.toggle_candidate(*cell, *digit, *colour)?;
            }
            Action::ClearColours => b.paint.clear(),
            Action::FillNotes => b.pencil.notes = self.candidates_of(b),
            Action::ClearNotes => b.pencil.clear_written(),
            Action::ApplyStep { placements, eliminations } => {
                for c in placements.iter().chain(eliminations) {
                    self.check_free(c.cell)?;
                    self.check_digit(c.digit)?;
                }
                for c in placements {
                    b.place(&self.peers(c.cell), c.cell, c.digit, true);
                }
                for c in eliminations {
                    b.pencil.notes[c.cell.index()].remove(c.digit);
                    b.pencil.eliminated[c.cell.index()].insert(c.digit);
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
            Action::MarkPosition { play_ms } => b.savepoints.push(b.savepoint(*play_ms)),
            Action::BackToMark { mark } => {
                let saved = b.savepoints.get(*mark).ok_or(ActionError::NoSuchMark(*mark))?.clone();
                b.back_to(&saved);
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
            Action::SetBoard { entries, pencil, paint } => {
                if entries.size() != size {
                    return Err(ActionError::BoardSize);
                }
                // Empty lists mean none (links and saves from before these marks existed).
                let pencil = pencil.fitted(size)?;
                for cell in size.cells() {
                    if entries.get(cell).is_some() {
                        self.check_free(cell)?;
                    }
                }
                let paint = paint.fitted(size)?;
                b.entries = entries.clone();
                b.pencil = pencil;
                b.paint = paint;
            }
        }
        Ok(())
    }

    fn fill_from_solution(&self, b: &mut Board, cells: &[Cell]) -> Result<(), ActionError> {
        let sol = self.solution().ok_or(ActionError::NoSolution)?;
        for &cell in cells {
            if self.givens().get(cell).is_none()
                && let Some(d) = sol.get(cell)
            {
                b.place(&self.peers(cell), cell, d, true);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::game::CandidateColour;
    use crate::geometry::Candidate;

    /// One action of every type, with every field it has set (none at its default).
    fn one_of_each() -> Vec<Action> {
        let pencil = Pencil {
            notes: vec![DigitSet::single(d(3)); 81],
            eliminated: vec![DigitSet::single(d(4)); 81],
            corner: vec![DigitSet::single(d(5)); 81],
            centre: vec![DigitSet::single(d(6)); 81],
        };
        let paint = Paint { colours: vec![3; 81], candidate_colours: vec![CandidateColour { cell: c(1, 1), digit: d(2), colour: 4 }] };
        let mut entries = Grid::new(Size::Nine);
        entries.set(c(8, 8), Some(d(9)));
        let every = vec![
            Action::Place { cell: c(0, 2), digit: d(6), clear_peer_notes: false },
            Action::Clear { cell: c(1, 2) },
            Action::Erase { cells: vec![c(0, 0), c(8, 8)] },
            Action::ToggleNote { cell: c(2, 2), digit: d(1) },
            Action::ToggleNotes { cell: c(2, 3), digits: vec![d(1), d(9)] },
            Action::TogglePencil { cell: c(2, 4), digits: vec![d(2)], mark: PencilMark::Corner },
            Action::TogglePencil { cell: c(2, 4), digits: vec![d(3), d(4)], mark: PencilMark::Centre },
            Action::PaintCells { cells: vec![c(3, 3)], colour: 7 },
            Action::PaintCandidate { cell: c(3, 4), digit: d(5), colour: 9 },
            Action::ClearColours,
            Action::FillNotes,
            Action::ClearNotes,
            Action::ApplyStep { placements: vec![Candidate::new(c(4, 4), d(8))], eliminations: vec![Candidate::new(c(4, 5), d(2))] },
            Action::SolveCell { cell: c(5, 5) },
            Action::SolveHouse { house: House::Col(3) },
            Action::SolveAll,
            Action::Restart,
            Action::AddStroke { stroke: Stroke { id: 4, cell: Some(c(6, 6)), points: vec![[0.25, 0.5, 1.0], [0.75, 0.5, 0.5]] } },
            Action::EraseStrokes { ids: vec![1, 4] },
            Action::MarkPosition { play_ms: 61_000 },
            Action::BackToMark { mark: 2 },
            Action::SetBoard { entries, pencil, paint },
        ];
        // A new type of action must be added above: this match has no catch-all.
        for a in &every {
            match a {
                Action::Place { .. } | Action::Clear { .. } | Action::Erase { .. } | Action::ToggleNote { .. } => {}
                Action::ToggleNotes { .. } | Action::TogglePencil { .. } | Action::PaintCells { .. } => {}
                Action::PaintCandidate { .. } | Action::ClearColours | Action::FillNotes | Action::ClearNotes => {}
                Action::ApplyStep { .. } | Action::SolveCell { .. } | Action::SolveHouse { .. } | Action::SolveAll => {}
                Action::Restart | Action::AddStroke { .. } | Action::EraseStrokes { .. } | Action::MarkPosition { .. } => {}
                Action::BackToMark { .. } | Action::SetBoard { .. } => {}
            }
        }
        every
    }

    /// `one_of_each()` as serde's derived writer of `Action` wrote it at d537f4f, one a line:
    /// kept, so that a writer or reader of another make is held to today's text.
    #[test]
    fn every_action_is_written_as_it_was_and_reads_back() {
        let lines = include_str!("../../tests/fixtures/actions/one-of-each.jsonl");
        assert_eq!(lines.lines().count(), one_of_each().len());
        for (action, line) in one_of_each().into_iter().zip(lines.lines()) {
            assert_eq!(serde_json::to_string(&action).unwrap(), line);
            assert_eq!(serde_json::from_str::<Action>(line).unwrap(), action);
        }
    }

    #[test]
    fn every_action_reads_back_from_its_json() {
        let every = one_of_each();
        let types: std::collections::BTreeSet<String> =
            every.iter().map(|a| serde_json::to_value(a).unwrap()["type"].as_str().unwrap().to_string()).collect();
        assert_eq!(types, super::super::json::TYPES.iter().map(|t| t.to_string()).collect(), "TYPES names every action's type");
        for a in every {
            let text = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&text).unwrap(), a, "{text}");
            // And through a parsed value (inside a buffered, internally tagged message).
            assert_eq!(serde_json::from_value::<Action>(serde_json::from_str(&text).unwrap()).unwrap(), a, "{text}");
        }
    }

    #[test]
    fn actions_of_earlier_saves_read_and_damaged_ones_say_why() {
        // Written before `clear_peer_notes`, before the pencil's other lists and colours.
        let old: Action = serde_json::from_str(r#"{"type":"place","cell":2,"digit":6}"#).unwrap();
        assert_eq!(old, Action::Place { cell: c(0, 2), digit: d(6), clear_peer_notes: true });
        let notes = vec![DigitSet::EMPTY; 81];
        let text = format!(r#"{{"type":"set_board","entries":"{}","notes":{}}}"#, ".".repeat(81), serde_json::to_string(&notes).unwrap());
        let board: Action = serde_json::from_str(&text).unwrap();
        assert_eq!(
            board,
            Action::SetBoard { entries: Grid::new(Size::Nine), pencil: Pencil { notes, ..Pencil::default() }, paint: Paint::default() }
        );
        // A field no action has is ignored, as before.
        assert_eq!(serde_json::from_str::<Action>(r#"{"type":"restart","by":"me"}"#).unwrap(), Action::Restart);
        let refused = |text: &str| serde_json::from_str::<Action>(text).unwrap_err().to_string();
        for (text, why) in [
            (r#"{"type":"place","cell":2}"#, "missing field `digit`"),
            (r#"{"type":"place","cell":2,"digit":17}"#, "17"),
            (r#"{"type":"fly"}"#, "unknown variant `fly`"),
            (r#"{"cell":2}"#, "missing field `type`"),
            (r#"{"type":"toggle_pencil","cell":1,"digits":[2],"mark":"edge"}"#, "edge"),
            (r#"{"type":"toggle_pencil","cell":1,"digits":[2],"mark":1}"#, r#"expected "corner" or "centre""#),
            (r#"{"type":"back_to_mark","mark":"corner"}"#, "number"),
            (r#"{"type":"back_to_mark","mark":-1}"#, "-1"),
            (r#"{"type":"set_board","entries":"12"}"#, "16, 36, 81 or 256"),
            (r#"{"type":"erase","cells":3}"#, "invalid type"),
            (r#"[]"#, "invalid"),
        ] {
            let e = refused(text);
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn place_clears_peer_notes_and_undo_restores() {
        let mut g = game();
        g.apply(Action::ToggleNote { cell: c(0, 3), digit: d(6) }).unwrap();
        g.apply(Action::ToggleNote { cell: c(4, 2), digit: d(6) }).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(6), clear_peer_notes: true }).unwrap();
        assert!(!g.board().pencil.notes[c(0, 3).index()].contains(d(6)), "row peer lost the note");
        assert!(!g.board().pencil.notes[c(4, 2).index()].contains(d(6)), "column peer lost the note");
        g.undo().unwrap();
        assert!(g.board().pencil.notes[c(0, 3).index()].contains(d(6)));
        assert_eq!(g.digit(c(0, 2)), None);
        g.redo().unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(6)));
    }

    #[test]
    fn clear_takes_the_digit_first_then_the_notes() {
        let mut g = game();
        g.apply(Action::ToggleNote { cell: c(0, 2), digit: d(1) }).unwrap();
        g.apply(Action::Place { cell: c(0, 2), digit: d(4), clear_peer_notes: false }).unwrap();
        assert!(g.board().pencil.notes[c(0, 2).index()].is_empty(), "a digit replaces the cell's notes");
        g.apply(Action::ToggleNote { cell: c(0, 3), digit: d(2) }).unwrap();
        g.apply(Action::Clear { cell: c(0, 2) }).unwrap();
        assert_eq!(g.digit(c(0, 2)), None);
        g.apply(Action::Clear { cell: c(0, 3) }).unwrap();
        assert!(g.board().pencil.notes[c(0, 3).index()].is_empty());
        assert_eq!(g.apply(Action::Clear { cell: c(0, 0) }), Err(ActionError::Given));
    }

    #[test]
    fn a_misread_note_is_corrected_in_one_step() {
        let mut g = game();
        let notes = |g: &Game| g.board().pencil.notes[c(0, 2).index()];
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
        let notes = &g.board().pencil.notes;
        assert_eq!(notes[c(0, 2).index()].iter().map(|x| x.get()).collect::<Vec<_>>(), vec![1, 2, 4]);
        assert!(notes[c(0, 0).index()].is_empty(), "givens get no notes");
        g.apply(Action::ClearNotes).unwrap();
        assert!(g.board().pencil.notes.iter().all(|n| n.is_empty()));
        g.undo().unwrap();
        assert!(!g.board().pencil.notes[c(0, 2).index()].is_empty());
    }

    #[test]
    fn apply_step_places_and_eliminates() {
        let mut g = game();
        g.apply(Action::FillNotes).unwrap();
        let step = Action::ApplyStep { placements: vec![Candidate::new(c(0, 2), d(4))], eliminations: vec![Candidate::new(c(1, 1), d(2))] };
        g.apply(step).unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        assert!(!g.board().pencil.notes[c(1, 1).index()].contains(d(2)));
        assert!(!g.board().pencil.notes[c(0, 3).index()].contains(d(4)), "placements clear peer notes");
        let on_given = Action::ApplyStep { placements: vec![Candidate::new(c(0, 0), d(5))], eliminations: vec![] };
        assert_eq!(g.apply(on_given), Err(ActionError::Given));
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
    fn set_board_loads_progress() {
        let mut g = game();
        let mut entries = Grid::new(Size::Nine);
        entries.set(c(0, 2), Some(d(4)));
        let mut notes = vec![DigitSet::EMPTY; 81];
        notes[c(0, 3).index()] = DigitSet::single(d(6));
        let mut pencil = Pencil::with_notes(notes.clone());
        pencil.eliminated[c(1, 1).index()] = DigitSet::single(d(2));
        // Older links and saves: only the notes (the other lists empty), no colours.
        let bare = Pencil { notes: notes.clone(), ..Pencil::default() };
        g.apply(Action::SetBoard { entries: entries.clone(), pencil: pencil.clone(), paint: Paint::default() }).unwrap();
        assert_eq!(g.digit(c(0, 2)), Some(d(4)));
        assert_eq!(g.board().pencil, pencil);
        assert_eq!(g.board().paint, Paint::empty(Size::Nine));
        assert!(!g.candidates()[c(1, 1).index()].contains(d(2)));
        g.apply(Action::SetBoard { entries: entries.clone(), pencil: bare.clone(), paint: Paint::default() }).unwrap();
        assert_eq!(g.board().pencil, Pencil::with_notes(notes.clone()), "empty lists are none");
        let mut over = entries.clone();
        over.set(c(0, 0), Some(d(1)));
        assert_eq!(g.apply(Action::SetBoard { entries: over, pencil: bare.clone(), paint: Paint::default() }), Err(ActionError::Given));
        assert_eq!(
            g.apply(Action::SetBoard { entries: entries.clone(), pencil: Pencil::default(), paint: Paint::default() }),
            Err(ActionError::BoardSize)
        );
        let mut ten = vec![DigitSet::EMPTY; 81];
        ten[3] = DigitSet::single(d(10));
        assert_eq!(
            g.apply(Action::SetBoard {
                entries: entries.clone(),
                pencil: Pencil { eliminated: ten, ..bare.clone() },
                paint: Paint::default()
            }),
            Err(ActionError::DigitOutside { digit: 10, size: Size::Nine })
        );
        let painted = |colours: Vec<u16>, candidate_colours| Action::SetBoard {
            entries: entries.clone(),
            pencil: bare.clone(),
            paint: Paint { colours, candidate_colours },
        };
        assert_eq!(g.apply(painted(vec![0; 80], vec![])), Err(ActionError::BoardSize));
        assert_eq!(g.apply(painted(vec![1 << 9; 81], vec![])), Err(ActionError::NoSuchColour(10)));
        let on = |cell: usize, digit, colour| CandidateColour { cell: Cell::new(cell), digit: d(digit), colour };
        assert_eq!(g.apply(painted(vec![], vec![on(81, 1, 1)])), Err(ActionError::CellOutside(81)));
        assert_eq!(g.apply(painted(vec![], vec![on(3, 1, 0)])), Err(ActionError::NoSuchColour(0)));
        // Candidate colours are kept sorted, one per candidate.
        g.apply(painted(vec![], vec![on(5, 2, 3), on(3, 1, 4), on(5, 2, 7)])).unwrap();
        assert_eq!(g.board().paint.candidate_colours, vec![on(3, 1, 4), on(5, 2, 3)]);
        assert_eq!(g.board().paint.colours, vec![0; 81]);
    }

    #[test]
    fn a_marked_position_is_where_back_to_mark_returns_and_both_are_undoable() {
        let mut g = game();
        let (a, b) = (c(0, 2), c(0, 3));
        g.apply(Action::Place { cell: a, digit: d(4), clear_peer_notes: true }).unwrap();
        g.apply(Action::ToggleNote { cell: b, digit: d(5) }).unwrap();
        assert!(g.apply(Action::MarkPosition { play_ms: 61_000 }).unwrap());
        let marked = (g.board().entries.clone(), g.board().pencil.notes.clone());
        // The branch: a digit, a note gone, a hint's elimination.
        g.apply(Action::Place { cell: b, digit: d(8), clear_peer_notes: true }).unwrap();
        g.apply(Action::Clear { cell: a }).unwrap();
        g.apply(Action::ApplyStep { placements: vec![], eliminations: vec![Candidate { cell: c(0, 5), digit: d(1) }] }).unwrap();
        assert!(g.apply(Action::BackToMark { mark: 0 }).unwrap());
        assert_eq!((g.board().entries.clone(), g.board().pencil.notes.clone()), marked);
        assert!(g.board().pencil.eliminated.iter().all(|e| e.is_empty()));
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
        assert_eq!(g.board().pencil.corner[a.index()], DigitSet::from_iter([d(1), d(2)]));
        assert_eq!(g.board().pencil.centre[a.index()], DigitSet::from_iter([d(4)]));
        // Free marks: the candidates and the notes don't change.
        assert!(g.board().pencil.notes.iter().all(|n| n.is_empty()));
        // A second toggle takes a mark away; undo brings it back.
        g.apply(Action::TogglePencil { cell: a, digits: vec![d(1)], mark: PencilMark::Corner }).unwrap();
        assert_eq!(g.board().pencil.corner[a.index()], DigitSet::from_iter([d(2)]));
        g.undo().unwrap();
        assert_eq!(g.board().pencil.corner[a.index()], DigitSet::from_iter([d(1), d(2)]));
        // Givens take no marks; a digit placed clears the cell's marks, not its peers'.
        assert_eq!(g.apply(Action::TogglePencil { cell: c(0, 0), digits: vec![d(1)], mark: PencilMark::Centre }), Err(ActionError::Given));
        g.apply(Action::Place { cell: a, digit: d(1), clear_peer_notes: true }).unwrap();
        assert!(g.board().pencil.corner[a.index()].is_empty() && g.board().pencil.centre[a.index()].is_empty());
        assert_eq!(g.board().pencil.corner[b.index()], DigitSet::from_iter([d(2)]));
        // Clear on an empty cell and Clear all notes take them too.
        g.apply(Action::Clear { cell: b }).unwrap();
        assert!(g.board().pencil.corner[b.index()].is_empty());
        g.undo().unwrap();
        g.apply(Action::ClearNotes).unwrap();
        assert!(g.board().pencil.corner.iter().chain(&g.board().pencil.centre).all(|m| m.is_empty()));
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
        assert_eq!((g.board().paint.colours[a.index()], g.board().paint.colours[b.index()]), (0b1_0000_0100, 0b100));
        // Painting cells that all have the colour takes it off; if some lack it, all get it.
        g.apply(Action::PaintCells { cells: vec![b], colour: 3 }).unwrap();
        assert_eq!(g.board().paint.colours[b.index()], 0);
        g.apply(Action::PaintCells { cells: vec![a, b], colour: 3 }).unwrap();
        assert_eq!(g.board().paint.colours[b.index()], 0b100);
        assert_eq!(g.board().paint.colours[a.index()], 0b1_0000_0100);
        // Candidates: one colour each; the same colour again takes it off.
        g.apply(Action::PaintCandidate { cell: b, digit: d(4), colour: 2 }).unwrap();
        g.apply(Action::PaintCandidate { cell: b, digit: d(1), colour: 5 }).unwrap();
        g.apply(Action::PaintCandidate { cell: b, digit: d(4), colour: 6 }).unwrap();
        let painted: Vec<(u8, u8)> = g.board().paint.candidate_colours.iter().map(|p| (p.digit.get(), p.colour)).collect();
        assert_eq!(painted, vec![(1, 5), (4, 6)]);
        g.apply(Action::PaintCandidate { cell: b, digit: d(4), colour: 6 }).unwrap();
        assert_eq!(g.board().paint.candidate_colours.len(), 1);
        for bad in [0, 10] {
            assert_eq!(g.apply(Action::PaintCells { cells: vec![a], colour: bad }), Err(ActionError::NoSuchColour(bad)));
        }
        // A digit placed keeps the cell's colour (players colour solved cells too).
        g.apply(Action::Place { cell: b, digit: d(4), clear_peer_notes: true }).unwrap();
        assert_eq!(g.board().paint.colours[b.index()], 0b100);
        g.apply(Action::ClearColours).unwrap();
        assert!(g.board().paint.colours.iter().all(|&c| c == 0) && g.board().paint.candidate_colours.is_empty());
        g.undo().unwrap();
        assert_eq!(g.board().paint.colours[a.index()], 0b1_0000_0100);
        let restored = Game::restore(g.givens().clone(), g.solution().cloned(), g.actions().to_vec(), g.applied()).unwrap();
        assert_eq!(restored.board(), g.board());
    }
}
