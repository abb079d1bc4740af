//! What Undo restores: the board, and the shapes it is made of — the player's pencil marks
//! (`Pencil`), their colours (`Paint`), scratchpad ink (`Stroke`) and marked positions
//! (`Savepoint`). A `SetBoard` action and a share link's `Progress` carry the same `Pencil` and
//! `Paint`, so they pass from one to the other whole.
//!
//! Serialized, a `Pencil` and a `Paint` are flattened into their holder (`#[serde(flatten)]`):
//! the JSON of a board, a savepoint and a `set_board` action has the fields it had before they
//! were types of their own (`notes`, `eliminated`, `corner`, `centre`, `colours`,
//! `candidate_colours`), so the saves players have still read (`tests/compat_before_pencil.rs`).

use super::ActionError;
use crate::geometry::{Cell, Digit, DigitSet, Size};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

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

impl CandidateColour {
    /// Its place in the order of `Ord` (cell, digit, colour) as one number, for the shared keyed
    /// sort (`crate::keyed_sort`: one copy of a sort in the app's wasm, not one per type).
    pub(crate) fn order(&self) -> u64 {
        (self.cell.index() as u64) << 16 | u64::from(self.digit.get()) << 8 | u64::from(self.colour)
    }
}

/// The player's pencil work, one set of digits per cell in each list: candidate notes, the
/// eliminations of applied hints, corner and centre marks.
///
/// On a board every list has one entry per cell. Carried by a `SetBoard` (a link's progress,
/// or a save from before some of these marks existed), an empty list means none: it is left out
/// of the JSON, and `fitted` fills it in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pencil {
    /// Candidate marks per cell: the player's own pencil marks.
    pub notes: Vec<DigitSet>,
    /// Candidates removed per cell by an applied hint (or carried by a shared link).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<DigitSet>,
    /// Corner marks per cell (free pencil marks: they don't narrow the candidates).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corner: Vec<DigitSet>,
    /// Centre marks per cell (likewise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub centre: Vec<DigitSet>,
}

impl Pencil {
    /// No marks on a grid of `size`.
    pub fn empty(size: Size) -> Pencil {
        let none = vec![DigitSet::EMPTY; size.cell_count()];
        Pencil { notes: none.clone(), eliminated: none.clone(), corner: none.clone(), centre: none }
    }

    /// Candidate notes and none of the other marks.
    pub fn with_notes(notes: Vec<DigitSet>) -> Pencil {
        let none = vec![DigitSet::EMPTY; notes.len()];
        Pencil { eliminated: none.clone(), corner: none.clone(), centre: none, notes }
    }

    /// The four lists, notes first.
    pub fn lists(&self) -> [&Vec<DigitSet>; 4] {
        [&self.notes, &self.eliminated, &self.corner, &self.centre]
    }

    /// The corner or the centre marks.
    pub fn marks_mut(&mut self, mark: PencilMark) -> &mut Vec<DigitSet> {
        match mark {
            PencilMark::Corner => &mut self.corner,
            PencilMark::Centre => &mut self.centre,
        }
    }

    /// The marks the player wrote (notes, corner and centre; not the eliminations of hints).
    fn written_mut(&mut self) -> [&mut Vec<DigitSet>; 3] {
        [&mut self.notes, &mut self.corner, &mut self.centre]
    }

    /// Whether the player wrote a mark in `cell` (a note, a corner or a centre mark).
    pub fn any_written(&self, cell: Cell) -> bool {
        [&self.notes, &self.corner, &self.centre].iter().any(|m| m.get(cell.index()).is_some_and(|s| !s.is_empty()))
    }

    /// Takes the player's marks out of one cell (the eliminations stay).
    pub fn clear_cell(&mut self, cell: Cell) {
        for marks in self.written_mut() {
            marks[cell.index()] = DigitSet::EMPTY;
        }
    }

    /// Takes the player's marks out of every cell (the eliminations stay).
    pub fn clear_written(&mut self) {
        for marks in self.written_mut() {
            marks.iter_mut().for_each(|n| *n = DigitSet::EMPTY);
        }
    }

    /// These marks on a board of `size`: empty lists filled in with none, or why they don't fit
    /// (a list of another length, a digit the size has not).
    pub fn fitted(&self, size: Size) -> Result<Pencil, ActionError> {
        let or_none = |marks: &Vec<DigitSet>| if marks.is_empty() { vec![DigitSet::EMPTY; size.cell_count()] } else { marks.clone() };
        let fitted = Pencil {
            notes: self.notes.clone(),
            eliminated: or_none(&self.eliminated),
            corner: or_none(&self.corner),
            centre: or_none(&self.centre),
        };
        if fitted.lists().iter().any(|m| m.len() != size.cell_count()) {
            return Err(ActionError::BoardSize);
        }
        let all = size.all_digits();
        for cell in size.cells() {
            for marks in fitted.lists().map(|m| m[cell.index()]) {
                if let Some(bad) = marks.difference(all).iter().next() {
                    return Err(ActionError::DigitOutside { digit: bad.get(), size });
                }
            }
        }
        Ok(fitted)
    }
}

/// The player's colours: on cells (several per cell, drawn as wedges) and on candidates.
///
/// On a board `colours` has one entry per cell. Carried by a `SetBoard`, an empty list means
/// none and is left out of the JSON; `fitted` fills it in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paint {
    /// Colours painted on cells: bit n-1 = colour n.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<u16>,
    /// Colours painted on candidates, sorted, one per candidate.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidate_colours: Vec<CandidateColour>,
}

impl Paint {
    /// No colour on a grid of `size`.
    pub fn empty(size: Size) -> Paint {
        Paint { colours: vec![0; size.cell_count()], candidate_colours: Vec::new() }
    }

    /// Takes every colour off, cells and candidates.
    pub fn clear(&mut self) {
        self.colours.iter_mut().for_each(|c| *c = 0);
        self.candidate_colours.clear();
    }

    /// Paints `colour` on `cells`, or takes it off if they all have it already.
    pub(super) fn toggle_cells(&mut self, cells: &[Cell], colour: u8) -> Result<(), ActionError> {
        let bit = colour_bit(colour)?;
        let all_have = cells.iter().all(|c| self.colours[c.index()] & bit != 0);
        for &cell in cells {
            if all_have {
                self.colours[cell.index()] &= !bit;
            } else {
                self.colours[cell.index()] |= bit;
            }
        }
        Ok(())
    }

    /// Paints a candidate with `colour`, or takes the colour off if it has that one already.
    pub(super) fn toggle_candidate(&mut self, cell: Cell, digit: Digit, colour: u8) -> Result<(), ActionError> {
        colour_bit(colour)?;
        let painted = &mut self.candidate_colours;
        match painted.binary_search_by(|p| (p.cell, p.digit).cmp(&(cell, digit))) {
            Ok(i) if painted[i].colour == colour => {
                painted.remove(i);
            }
            Ok(i) => painted[i].colour = colour,
            Err(i) => painted.insert(i, CandidateColour { cell, digit, colour }),
        }
        Ok(())
    }

    /// These colours on a board of `size`: no cell colours filled in with none, candidate
    /// colours sorted with one per candidate, or why they don't fit.
    pub fn fitted(&self, size: Size) -> Result<Paint, ActionError> {
        let mut colours = vec![0; size.cell_count()];
        if !self.colours.is_empty() {
            if self.colours.len() != size.cell_count() {
                return Err(ActionError::BoardSize);
            }
            let all = (1u16 << PALETTE) - 1;
            if let Some(bad) = self.colours.iter().find(|&&c| c & !all != 0) {
                return Err(ActionError::NoSuchColour((16 - bad.leading_zeros()) as u8));
            }
            colours.clone_from(&self.colours);
        }
        let mut on_candidates = Vec::with_capacity(self.candidate_colours.len());
        for p in &self.candidate_colours {
            colour_bit(p.colour)?;
            if p.cell.index() >= size.cell_count() {
                return Err(ActionError::CellOutside(p.cell.index()));
            }
            if !p.digit.fits(size) {
                return Err(ActionError::DigitOutside { digit: p.digit.get(), size });
            }
            on_candidates.push(*p);
        }
        crate::keyed_sort::sort_by_key(&mut on_candidates, CandidateColour::order);
        on_candidates.dedup_by_key(|p| (p.cell, p.digit));
        Ok(Paint { colours, candidate_colours: on_candidates })
    }
}

/// The bit of a palette colour (1 to `PALETTE`) in `Paint::colours`.
pub(super) fn colour_bit(colour: u8) -> Result<u16, ActionError> {
    if (1..=PALETTE).contains(&colour) { Ok(1 << (colour - 1)) } else { Err(ActionError::NoSuchColour(colour)) }
}

/// A position the player marked, to come back to after trying a branch: the digits and pencil
/// marks as they were. Named by the play time when it was marked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Savepoint {
    /// Play time in ms when the position was marked (its name for the player).
    pub play_ms: u64,
    pub entries: Grid,
    #[serde(flatten)]
    pub pencil: Pencil,
}

/// What Undo restores: the player's digits, pencil marks (candidate notes, eliminations,
/// corner and centre marks), colours, scratchpad ink and marked positions.
///
/// The candidates the player works with (`Game::candidates`) are not stored: they are what the
/// digits allow, minus `pencil.eliminated`, narrowed to the player's notes in cells that have
/// some. Storing only the eliminations keeps them true when a digit is placed or cleared later.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The player's digits (never on a given cell).
    pub entries: Grid,
    /// Notes, eliminations, corner and centre marks (flat in its JSON).
    pub pencil: Pencil,
    /// Colours on cells and candidates (flat in its JSON).
    pub paint: Paint,
    /// Scratchpad strokes, oldest first.
    pub ink: Vec<Stroke>,
    /// The id the next stroke gets.
    pub next_stroke_id: u32,
    /// Positions the player marked, oldest first.
    pub savepoints: Vec<Savepoint>,
}

// A savepoint and a board are read and written by hand (`super::json`), their `Pencil`'s and
// `Paint`'s fields among their own.

impl Board {
    pub(super) fn empty(size: Size) -> Board {
        Board {
            entries: Grid::new(size),
            pencil: Pencil::empty(size),
            paint: Paint::empty(size),
            ink: Vec::new(),
            next_stroke_id: 1,
            savepoints: Vec::new(),
        }
    }

    /// Writes a digit, drops the cell's marks and ink, and optionally the digit from the notes
    /// of `peers` (its row, column and region: the puzzle's, `Game::peers`). Its colours stay
    /// (players colour solved cells too).
    pub(super) fn place(&mut self, peers: &[Cell], cell: Cell, digit: Digit, clear_peer_notes: bool) {
        self.entries.set(cell, Some(digit));
        self.pencil.clear_cell(cell);
        self.ink.retain(|s| s.cell != Some(cell));
        if clear_peer_notes {
            for &p in peers {
                self.pencil.notes[p.index()].remove(digit);
            }
        }
    }

    /// This board, if it fits the puzzle `givens` (a board read from a save): every list the
    /// grid's length, digits and colours the grid has, no digit of the player's on a given,
    /// strokes on the grid. Else why not.
    pub fn checked(self, givens: &Grid) -> Result<Board, ActionError> {
        let size = givens.size();
        if self.entries.size() != size {
            return Err(ActionError::BoardSize);
        }
        if size.cells().any(|c| givens.get(c).is_some() && self.entries.get(c).is_some()) {
            return Err(ActionError::Given);
        }
        let pencil = self.pencil.fitted(size)?;
        let paint = self.paint.fitted(size)?;
        let on_grid = |p: &[f32; 3]| p.iter().all(|v| v.is_finite()) && (0.0..=1.0).contains(&p[0]) && (0.0..=1.0).contains(&p[1]);
        if self
            .ink
            .iter()
            .any(|s| s.points.is_empty() || !s.points.iter().all(on_grid) || s.cell.is_some_and(|c| c.index() >= size.cell_count()))
        {
            return Err(ActionError::BadStroke);
        }
        for saved in &self.savepoints {
            if saved.entries.size() != size {
                return Err(ActionError::BoardSize);
            }
            saved.pencil.fitted(size)?;
        }
        Ok(Board { pencil, paint, ..self })
    }

    /// The digits and pencil marks as a position to come back to.
    pub(super) fn savepoint(&self, play_ms: u64) -> Savepoint {
        Savepoint { play_ms, entries: self.entries.clone(), pencil: self.pencil.clone() }
    }

    /// Back to a marked position's digits and pencil marks (colours, ink and marks stay).
    pub(super) fn back_to(&mut self, saved: &Savepoint) {
        self.entries.clone_from(&saved.entries);
        self.pencil.clone_from(&saved.pencil);
    }
}

#[cfg(test)]
mod tests {
    use super::super::Action;
    use super::super::testing::*;
    use super::*;

    /// The keys of a JSON object, sorted.
    fn keys(v: &serde_json::Value) -> Vec<&str> {
        let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        k.sort();
        k
    }

    #[test]
    fn pencil_and_paint_are_flat_in_json() {
        let mut g = game();
        g.apply(Action::PaintCandidate { cell: c(0, 2), digit: d(4), colour: 2 }).unwrap();
        g.apply(Action::MarkPosition { play_ms: 1 }).unwrap();
        let board = serde_json::to_value(g.board()).unwrap();
        let fields =
            ["candidate_colours", "centre", "colours", "corner", "eliminated", "entries", "ink", "next_stroke_id", "notes", "savepoints"];
        assert_eq!(keys(&board), fields);
        assert_eq!(keys(&board["savepoints"][0]), ["centre", "corner", "eliminated", "entries", "notes", "play_ms"]);
        let again: Board = serde_json::from_value(board).unwrap();
        assert_eq!(&again, g.board());
        // A SetBoard leaves out the lists that are empty (none), as before Pencil and Paint.
        let notes = vec![DigitSet::EMPTY; 81];
        let bare =
            Action::SetBoard { entries: Grid::new(Size::Nine), pencil: Pencil { notes, ..Pencil::default() }, paint: Paint::default() };
        let json = serde_json::to_value(&bare).unwrap();
        assert_eq!(keys(&json), ["entries", "notes", "type"]);
        assert_eq!(serde_json::from_value::<Action>(json).unwrap(), bare, "what is left out reads as none");
    }

    #[test]
    fn a_board_reads_back_from_its_text_and_bad_boards_are_refused() {
        let mut g = game();
        g.apply(Action::PaintCells { cells: vec![c(1, 1)], colour: 3 }).unwrap();
        g.apply(Action::PaintCandidate { cell: c(0, 2), digit: d(4), colour: 2 }).unwrap();
        g.apply(Action::TogglePencil { cell: c(0, 2), digits: vec![d(1), d(2)], mark: PencilMark::Corner }).unwrap();
        g.apply(Action::AddStroke { stroke: Stroke { id: 0, cell: Some(c(2, 2)), points: vec![[0.1, 0.2, 0.5], [0.15, 0.2, 0.5]] } })
            .unwrap();
        g.apply(Action::MarkPosition { play_ms: 1_500 }).unwrap();
        let text = serde_json::to_string(g.board()).unwrap();
        let again: Board = serde_json::from_str(&text).unwrap();
        assert_eq!(&again, g.board());
        assert_eq!(serde_json::to_string(&again).unwrap(), text);
        // A board of a save from before colours, eliminations, corner and centre marks: its
        // lists read as none.
        let nine = |v: &str| format!("[{}]", [v; 81].join(","));
        let old = format!(
            r#"{{"entries":"{}","notes":{},"ink":[],"next_stroke_id":1,"savepoints":[{{"play_ms":7,"entries":"{}","notes":{}}}]}}"#,
            ".".repeat(81),
            nine("0"),
            ".".repeat(81),
            nine("0")
        );
        let old: Board = serde_json::from_str(&old).unwrap();
        assert_eq!((old.paint.colours.len(), old.pencil.corner.len(), old.savepoints[0].pencil.centre.len()), (0, 0, 0));
        assert_eq!(old.savepoints[0].play_ms, 7);
        for (bad, reason) in [
            (text.replace(r#""notes":"#, r#""nodes":"#), "missing field `notes`"),
            (text.replace(r#""play_ms":1500"#, r#""play_ms":-1"#), "-1"),
            (text.replace(r#""next_stroke_id":"#, r#""next_id":"#), "missing field `next_stroke_id`"),
            (text.replace(r#""colours":["#, r#""colours":["x","#), "invalid type"),
            (text[..text.len() - 1].to_string(), "EOF"),
        ] {
            let e = serde_json::from_str::<Board>(&bad).expect_err(&bad).to_string();
            assert!(e.contains(reason), "{reason}: {e}");
        }
    }

    #[test]
    fn candidate_colours_order_as_their_ord() {
        let mut all: Vec<CandidateColour> = [(80, 9, 1), (0, 1, 9), (0, 2, 1), (79, 1, 1), (0, 1, 2), (80, 1, 9)]
            .iter()
            .map(|&(cell, digit, colour)| CandidateColour { cell: Cell::new(cell), digit: d(digit), colour })
            .collect();
        let mut by_ord = all.clone();
        by_ord.sort();
        crate::keyed_sort::sort_by_key(&mut all, CandidateColour::order);
        assert_eq!(all, by_ord);
    }

    #[test]
    fn fitted_fills_in_none_and_refuses_what_does_not_fit() {
        let size = Size::Four;
        let notes = vec![DigitSet::EMPTY; 16];
        assert_eq!(Pencil { notes: notes.clone(), ..Pencil::default() }.fitted(size), Ok(Pencil::empty(size)));
        assert_eq!(Pencil::with_notes(vec![DigitSet::EMPTY; 81]).fitted(size), Err(ActionError::BoardSize));
        let five = Pencil { corner: vec![DigitSet::single(d(5)); 16], ..Pencil::with_notes(notes) };
        assert_eq!(five.fitted(size), Err(ActionError::DigitOutside { digit: 5, size }));
        assert_eq!(Paint::default().fitted(size), Ok(Paint::empty(size)));
        assert_eq!(Paint { colours: vec![0; 15], candidate_colours: vec![] }.fitted(size), Err(ActionError::BoardSize));
    }
}
