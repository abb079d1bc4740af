//! What players send each other: operations on the shared board's registers, and the checks a
//! received one must pass before it touches anything.

use crate::game::PALETTE;
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use thiserror::Error;

/// A player of a room: a random number drawn when they first join (the app's randomness port),
/// kept in their saved game so that a rejoin is the same player.
pub type PlayerId = u32;

/// A Lamport stamp. Every replica orders operations the same way: by clock, then by player.
/// It is also an operation's identity: a player's clock grows with each of their operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stamp {
    pub clock: u64,
    pub player: PlayerId,
}

/// One register of a cell. Every register holds a small number (`Write::value`): a digit or 0
/// for none, 1 or 0 for a mark that is there or not, a palette colour or 0.
///
/// Marks are a register each (per digit, per colour), not one per cell: two players adding
/// different notes to one cell at once both keep theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// The player's digit (0: none).
    Digit,
    /// A candidate note of this digit (1: there).
    Note(Digit),
    /// This candidate removed by an applied hint (1: removed).
    Eliminated(Digit),
    /// A corner mark (1: there).
    Corner(Digit),
    /// A centre mark (1: there).
    Centre(Digit),
    /// Palette colour n (1 to 9) painted on the cell (1: painted).
    Colour(u8),
    /// The palette colour painted on this candidate (0: none).
    CandidateColour(Digit),
}

/// How a field travels: kind × 32 + digit or colour, one small number.
impl Field {
    pub(super) fn code(self) -> u16 {
        let (kind, n) = match self {
            Field::Digit => (0, 0),
            Field::Note(d) => (1, d.get()),
            Field::Eliminated(d) => (2, d.get()),
            Field::Corner(d) => (3, d.get()),
            Field::Centre(d) => (4, d.get()),
            Field::Colour(c) => (5, c),
            Field::CandidateColour(d) => (6, d.get()),
        };
        kind * 32 + u16::from(n)
    }

    pub(super) fn from_code(code: u16) -> Option<Field> {
        let (kind, n) = (code / 32, (code % 32) as u8);
        let digit = Digit::new(n);
        Some(match kind {
            0 if n == 0 => Field::Digit,
            1 => Field::Note(digit?),
            2 => Field::Eliminated(digit?),
            3 => Field::Corner(digit?),
            4 => Field::Centre(digit?),
            5 if (1..=PALETTE).contains(&n) => Field::Colour(n),
            6 => Field::CandidateColour(digit?),
            _ => return None,
        })
    }

    /// The largest value the register holds on a grid of `size`.
    fn max_value(self, size: Size) -> u8 {
        match self {
            Field::Digit => size.side() as u8,
            Field::CandidateColour(_) => PALETTE,
            _ => 1,
        }
    }

    /// The digit the field names, if any.
    fn digit(self) -> Option<Digit> {
        match self {
            Field::Note(d) | Field::Eliminated(d) | Field::Corner(d) | Field::Centre(d) | Field::CandidateColour(d) => Some(d),
            Field::Digit | Field::Colour(_) => None,
        }
    }

    /// Whether a given cell may hold it: colours only (players colour givens too).
    fn fits_given(self) -> bool {
        matches!(self, Field::Colour(_) | Field::CandidateColour(_))
    }
}

/// A register of the board: one field of one cell.
pub type Key = (Cell, Field);

/// One register set to a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Write(pub Cell, pub Field, pub u8);

impl Write {
    pub fn key(self) -> Key {
        (self.0, self.1)
    }
}

/// A scratchpad stroke's identity in a room: who drew it and their own number for it.
pub type StrokeKey = (PlayerId, u32);

/// A scratchpad stroke added to the shared board.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedStroke {
    pub key: StrokeKey,
    pub cell: Option<Cell>,
    pub points: Vec<[f32; 3]>,
}

/// One player's change to the shared board, as every replica applies it: registers written
/// (each wins where its stamp is the latest), strokes added, strokes erased (for good: an erased
/// stroke that arrives later stays erased), and whether it was help.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    pub stamp: Stamp,
    pub writes: Vec<Write>,
    pub strokes: Vec<SharedStroke>,
    pub erased: Vec<StrokeKey>,
    /// The move was help (`Action::is_help`: an applied hint, a solved cell): a room that won
    /// with such a move won with help. Absent in frames from before it was sent (no help).
    pub help: bool,
}

/// The most points a shared stroke may have (a long scribble at 60 points a second for 30 s).
pub const MAX_STROKE_POINTS: usize = 2000;
/// The most strokes one operation may add or erase (an eraser sweep over a full scratchpad).
pub const MAX_STROKES: usize = 512;

/// Why a received operation was refused. Nothing was applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpError {
    #[error("the shared move could not be read: {0}")]
    Unreadable(String),
    #[error("the shared move names cell {0}, outside the grid")]
    CellOutside(usize),
    #[error("the shared move names digit {digit}, which a {size} grid has not")]
    DigitOutside { digit: u8, size: Size },
    #[error("the shared move sets a cell's field to {value}, more than it can hold ({max})")]
    ValueOutside { value: u8, max: u8 },
    #[error("the shared move writes into a given")]
    Given,
    #[error("the shared move has no valid stamp")]
    BadStamp,
    #[error("the shared move holds too much ({0})")]
    TooLarge(&'static str),
    #[error("the shared move has a stroke with no points or a point off the grid")]
    BadStroke,
    #[error("the shared move's stroke {0:?} belongs to another player")]
    NotTheirStroke(StrokeKey),
}

impl Op {
    /// Whether the operation fits the puzzle: cells on the grid, digits and values the grid
    /// has, no digit or mark in a given, strokes of the sender's own with points on the grid,
    /// and no more of anything than a real move makes.
    pub fn check(&self, givens: &Grid) -> Result<(), OpError> {
        let size = givens.size();
        if self.stamp.clock == 0 || self.stamp.clock > u64::MAX / 2 {
            return Err(OpError::BadStamp);
        }
        // Every register of every cell at most once over (an ample bound: a move writes each once).
        let registers = size.cell_count() * (1 + 5 * size.side() + PALETTE as usize);
        if self.writes.len() > registers {
            return Err(OpError::TooLarge("writes"));
        }
        for w in &self.writes {
            let Write(cell, field, value) = *w;
            if cell.index() >= size.cell_count() {
                return Err(OpError::CellOutside(cell.index()));
            }
            if let Some(d) = field.digit().filter(|d| !d.fits(size)) {
                return Err(OpError::DigitOutside { digit: d.get(), size });
            }
            let max = field.max_value(size);
            if value > max {
                return Err(OpError::ValueOutside { value, max });
            }
            if givens.get(cell).is_some() && !field.fits_given() {
                return Err(OpError::Given);
            }
        }
        if self.strokes.len() > MAX_STROKES || self.erased.len() > MAX_STROKES {
            return Err(OpError::TooLarge("strokes"));
        }
        for s in &self.strokes {
            if s.key.0 != self.stamp.player {
                return Err(OpError::NotTheirStroke(s.key));
            }
            if s.points.len() > MAX_STROKE_POINTS {
                return Err(OpError::TooLarge("stroke points"));
            }
            let on_grid = |p: &[f32; 3]| p.iter().all(|v| v.is_finite()) && (0.0..=1.0).contains(&p[0]) && (0.0..=1.0).contains(&p[1]);
            if s.points.is_empty() || !s.points.iter().all(on_grid) {
                return Err(OpError::BadStroke);
            }
            if let Some(cell) = s.cell.filter(|c| c.index() >= size.cell_count()) {
                return Err(OpError::CellOutside(cell.index()));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
impl Field {
    /// Every field of a cell on a grid of `size`, in `Field`'s order: for the tests (a board's
    /// registers come from the board's own fields, `replica::registers`).
    pub(super) fn all(size: Size) -> impl Iterator<Item = Field> {
        let digits = move |f: fn(Digit) -> Field| size.digits().map(f);
        std::iter::once(Field::Digit)
            .chain(digits(Field::Note))
            .chain(digits(Field::Eliminated))
            .chain(digits(Field::Corner))
            .chain(digits(Field::Centre))
            .chain((1..=PALETTE).map(Field::Colour))
            .chain(digits(Field::CandidateColour))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_travels_as_one_number_and_back() {
        for size in Size::ALL {
            for f in Field::all(size) {
                assert!(f.code() < 7 * 32, "seven kinds of field");
                assert_eq!(Field::from_code(f.code()), Some(f));
            }
        }
        for bad in [32, 5 * 32, 5 * 32 + 10, 7 * 32, 17, u16::MAX] {
            assert_eq!(Field::from_code(bad), None, "{bad}");
        }
    }
}
