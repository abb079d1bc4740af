//! SudokuPad / SudokuExchange compressed classic puzzles.
//!
//! One character per given-or-blank cell, from the 60-character alphabet `0-9A-Za-x`: the
//! character's index `v` means "the cell holds digit `v % 10` (0 = blank), then `v / 10` more
//! blank cells follow" (0-5). So a 9x9 puzzle with long runs of blanks shrinks to ~30 characters.
//! Links carry it after a `scf` or `classic` prefix, or as `?s=`/`sudokupad.app/` parameters;
//! `strip_prefix` handles the prefixes, the link parser the rest. Digits 1-9 only, so this fits
//! 4x4 and 9x9 grids.

use super::FormatError;
use crate::geometry::{Digit, Size};
use crate::grid::Grid;

const ALPHABET: &[u8; 60] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";
const FORMAT: &str = "a SudokuPad puzzle string";

fn value_of(c: char) -> Option<usize> {
    ALPHABET.iter().position(|&a| a as char == c)
}

/// If the text is a compressed string (optionally behind `scf` or `classic`), returns it.
pub fn strip_prefix(text: &str) -> Option<&str> {
    let body = text.strip_prefix("scf").or_else(|| text.strip_prefix("classic")).unwrap_or(text);
    (!body.is_empty() && body.chars().all(|c| value_of(c).is_some())).then_some(body)
}

/// Reads a compressed string (no prefix).
pub fn parse(packed: &str) -> Result<Grid, FormatError> {
    let mut cells: Vec<Option<Digit>> = Vec::new();
    for (i, ch) in packed.chars().enumerate() {
        let v = value_of(ch).ok_or(FormatError::BadCharacter { ch, position: i + 1, format: FORMAT })?;
        cells.push(Digit::new((v % 10) as u8));
        cells.extend(std::iter::repeat_n(None, v / 10));
        if cells.len() > Size::Nine.cell_count() {
            break;
        }
    }
    let size = match cells.len() {
        16 => Size::Four,
        81 => Size::Nine,
        n => return Err(FormatError::CellCount { found: n }),
    };
    if let Some(pos) = cells.iter().position(|c| c.is_some_and(|d| !d.fits(size))) {
        let d = cells[pos].expect("checked");
        return Err(FormatError::BadCell { ch: size_char(d), row: pos / size.side() + 1, col: pos % size.side() + 1, size });
    }
    Ok(Grid::from_cells(size, cells).expect("checked"))
}

fn size_char(d: Digit) -> char {
    (b'0' + d.get()) as char
}

/// Writes a grid as a compressed string; `None` for 16x16 grids (the format has digits 1-9).
pub fn write(grid: &Grid) -> Option<String> {
    if grid.size() == Size::Sixteen {
        return None;
    }
    let mut out = String::new();
    let cells = grid.cells();
    let mut i = 0;
    while i < cells.len() {
        let digit = cells[i].map_or(0, |d| d.get() as usize);
        let mut blanks = 0;
        while blanks < 5 && i + 1 + blanks < cells.len() && cells[i + 1 + blanks].is_none() {
            blanks += 1;
        }
        out.push(ALPHABET[digit + 10 * blanks] as char);
        i += 1 + blanks;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    #[test]
    fn round_trips_nine_and_four() {
        let g = line::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let packed = write(&g).unwrap();
        assert!(packed.len() < 40, "{packed}");
        assert_eq!(parse(&packed).unwrap(), g);
        let four = line::parse("1...2...3...4...").unwrap();
        assert_eq!(parse(&write(&four).unwrap()).unwrap(), four);
    }

    #[test]
    fn decodes_by_the_rule() {
        // 'x' = 59: digit 9 then 5 blanks; 'U' = 30: blank then 3 blanks.
        let g = parse(&("xU".to_string() + &"0".repeat(71))).unwrap();
        assert_eq!(g.get(Size::Nine.cell(0, 0)), Digit::new(9));
        assert_eq!(g.filled_count(), 1);
    }

    #[test]
    fn errors() {
        assert_eq!(parse("12"), Err(FormatError::CellCount { found: 2 }));
        assert!(matches!(parse("1z"), Err(FormatError::BadCharacter { ch: 'z', position: 2, .. })));
        assert_eq!(strip_prefix("scf"), None);
        assert_eq!(strip_prefix("scfAB"), Some("AB"));
        let four_with_nine = "9".to_string() + &"0".repeat(15);
        assert!(matches!(parse(&four_with_nine), Err(FormatError::BadCell { ch: '9', .. })));
    }
}
