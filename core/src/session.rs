//! The session: what the app keeps beside the game, owned by one plain value whose methods take
//! the player's inputs and say what follows. The app's store mirrors it in signals: it sets
//! them from the session after each input, never the other way (`Store::session`).
//!
//! It holds the selection so far: the selected cell and the digit picked first on the pad (taps
//! then place it). The game with its undo, and the pen's state, are to join it (issue 44,
//! item 2); until then the app's controller keeps them in the store's signals.

use inkdoku_engine::{Cell, Digit, Size};

/// The session's state (see the module's comment).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Session {
    selected: Option<Cell>,
    picked: Option<Digit>,
}

/// What a digit key or pad button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DigitPress {
    /// Write `digit` in the selected `cell` (as the input mode says: the controller's part).
    Write { cell: Cell, digit: Digit },
    /// No cell selected, or a digit picked already: the digit is picked now (`Some`), or
    /// dropped when it was the one picked (`None`).
    Picked(Option<Digit>),
}

impl Session {
    /// The selected cell.
    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    /// The digit picked first on the pad, which taps on cells place.
    pub fn picked(&self) -> Option<Digit> {
        self.picked
    }

    /// The digit key or pad button `digit` on a grid of `size`: with a cell selected and no
    /// digit picked it is written there; else it is picked (or dropped, picked again). None
    /// when the grid has no such digit.
    pub fn digit(&mut self, size: Size, digit: Digit) -> Option<DigitPress> {
        if !digit.fits(size) {
            return None;
        }
        Some(match self.selected {
            Some(cell) if self.picked.is_none() => DigitPress::Write { cell, digit },
            _ => {
                self.picked = if self.picked == Some(digit) { None } else { Some(digit) };
                DigitPress::Picked(self.picked)
            }
        })
    }

    /// A tap on `cell`: it is selected, and the picked digit, if there is one, is to be
    /// written in it.
    pub fn tap(&mut self, cell: Cell) -> Option<Digit> {
        self.selected = Some(cell);
        self.picked
    }

    /// Moves the selection by `rows` and `cols` on a grid of `size`, wrapping at the edges; with
    /// nothing selected, the centre cell is selected. Returns the cell selected now.
    pub fn move_by(&mut self, size: Size, rows: isize, cols: isize) -> Cell {
        let n = size.side() as isize;
        let next = match self.selected {
            None => size.cell(size.side() / 2, size.side() / 2),
            Some(c) => {
                let r = (size.row_of(c) as isize + rows).rem_euclid(n) as usize;
                let col = (size.col_of(c) as isize + cols).rem_euclid(n) as usize;
                size.cell(r, col)
            }
        };
        self.selected = Some(next);
        next
    }

    /// Selects `cell` (the focus view keeps the selection inside its window as it moves).
    pub fn select(&mut self, cell: Cell) {
        self.selected = Some(cell);
    }

    /// The selection and the picked digit go (Escape; another game on the board).
    pub fn deselect(&mut self) {
        self.selected = None;
        self.picked = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Size = Size::Nine;

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn a_digit_is_written_in_the_selected_cell_or_picked_and_then_placed_by_taps() {
        let mut session = Session::default();
        // Nothing selected: the digit is picked, and picked again it is dropped.
        assert_eq!(session.digit(S, d(4)), Some(DigitPress::Picked(Some(d(4)))));
        assert_eq!(session.digit(S, d(4)), Some(DigitPress::Picked(None)));
        assert_eq!(session.digit(S, d(7)), Some(DigitPress::Picked(Some(d(7)))));
        // A tap selects the cell and places the picked 7 there; the 7 stays picked for the next.
        let r2c3 = S.cell(1, 2);
        assert_eq!(session.tap(r2c3), Some(d(7)));
        assert_eq!((session.selected(), session.picked()), (Some(r2c3), Some(d(7))));
        // With a digit picked, another digit key picks that one instead of writing.
        assert_eq!(session.digit(S, d(2)), Some(DigitPress::Picked(Some(d(2)))));
        // Escape: nothing selected, nothing picked; then a selected cell takes the digit.
        session.deselect();
        assert_eq!((session.selected(), session.picked()), (None, None));
        assert_eq!(session.tap(r2c3), None);
        assert_eq!(session.digit(S, d(5)), Some(DigitPress::Write { cell: r2c3, digit: d(5) }));
        assert_eq!(session.picked(), None, "writing picks nothing");
        // A digit the grid does not have (a 16x16 letter on a 9x9) does nothing.
        let g = Digit::new(16).unwrap();
        assert_eq!(session.digit(S, g), None);
        assert_eq!(session.digit(Size::Sixteen, g), Some(DigitPress::Write { cell: r2c3, digit: g }));
    }

    #[test]
    fn the_selection_moves_wrapping_at_the_edges_and_starts_in_the_centre() {
        let mut session = Session::default();
        assert_eq!(session.move_by(S, 0, 1), S.cell(4, 4), "the first move selects the centre");
        assert_eq!(session.move_by(S, -5, 0), S.cell(8, 4), "up from the top row to the bottom");
        assert_eq!(session.move_by(S, 1, 5), S.cell(0, 0), "down and right round both edges");
        assert_eq!(session.move_by(S, 0, -1), S.cell(0, 8));
        session.select(S.cell(3, 3));
        assert_eq!(session.move_by(S, 1, 1), S.cell(4, 4));
        let mut small = Session::default();
        small.select(Size::Four.cell(3, 3));
        assert_eq!(small.move_by(Size::Four, 1, 1), Size::Four.cell(0, 0), "wraps by the grid's side");
    }
}
