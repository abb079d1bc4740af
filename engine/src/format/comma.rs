//! Digits separated by commas, one number per cell in reading order, 0 for a blank: what
//! SudokuExchange links carry (`?s=4,0,0,…`) when scrapers of newspaper puzzles make them.
//! 16, 36, 81 or 256 numbers; a 16x16 grid's digits are 1-16. Spaces around the numbers are fine.

use super::FormatError;
use crate::geometry::{Digit, Size};
use crate::grid::Grid;

const FORMAT: &str = "comma-separated digits";

/// Whether the text is numbers separated by commas (at least two commas, nothing else).
#[inline]
pub fn looks_like(text: &str) -> bool {
    text.matches(',').count() >= 2 && text.chars().all(|c| c.is_ascii_digit() || c == ',' || c == ' ')
}

/// Reads comma-separated digits.
#[inline]
pub fn parse(text: &str) -> Result<Grid, FormatError> {
    let numbers: Vec<&str> = text.trim().split(',').map(str::trim).collect();
    let size = Size::from_cell_count(numbers.len()).ok_or(FormatError::CellCount { found: numbers.len() })?;
    let side = size.side();
    let mut cells = Vec::with_capacity(numbers.len());
    let mut position = 1;
    for (i, n) in numbers.iter().enumerate() {
        if let Some((at, ch)) = n.char_indices().find(|(_, c)| !c.is_ascii_digit()).or(n.is_empty().then_some((0, ','))) {
            return Err(FormatError::BadCharacter { ch, position: position + at, format: FORMAT });
        }
        let value: u32 = n.parse().unwrap_or(u32::MAX);
        let digit = match value {
            0 => None,
            v if v <= side as u32 => Digit::new(v as u8),
            v => return Err(FormatError::NumberRange { value: v, position: i + 1, size }),
        };
        cells.push(digit);
        position += n.chars().count() + 1;
    }
    Grid::from_cells(size, cells).ok_or(FormatError::CellCount { found: numbers.len() })
}

/// Writes a grid as comma-separated digits.
#[inline]
pub fn write(grid: &Grid) -> String {
    grid.cells().iter().map(|c| c.map_or(0, |d| d.get()).to_string()).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    #[test]
    fn reads_and_writes() {
        let g = line::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let text = write(&g);
        assert!(text.starts_with("4,0,0,0,0,0,8,0,5,"));
        assert!(looks_like(&text));
        assert_eq!(parse(&text).unwrap(), g);
        let mut sixteen = Grid::new(Size::Sixteen);
        sixteen.set(Size::Sixteen.cell(0, 1), Digit::new(16));
        assert_eq!(parse(&write(&sixteen)).unwrap(), sixteen);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(parse("1,2,3"), Err(FormatError::CellCount { found: 3 }));
        let mut many = vec!["0"; 81];
        many[4] = "10";
        assert!(matches!(parse(&many.join(",")), Err(FormatError::NumberRange { value: 10, position: 5, .. })));
        many[4] = "";
        assert!(matches!(parse(&many.join(",")), Err(FormatError::BadCharacter { position: 9, .. })));
        many[4] = "99999999999999999999";
        assert!(matches!(parse(&many.join(",")), Err(FormatError::NumberRange { .. })));
    }
}
