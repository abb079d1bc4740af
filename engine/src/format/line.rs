//! One puzzle per line: 16, 36, 81 or 256 cells in reading order.
//!
//! `.`, `0` and `_` are blanks; 4x4 uses 1-4, 9x9 1-9, 16x16 1-9 then A-G (either case).
//! Anything after the first run of whitespace is ignored, so lines carrying a rating or a
//! comment after the puzzle (as many collections do) still read.

use super::{FormatError, cells_from_chars, is_blank};
use crate::geometry::Size;
use crate::grid::Grid;

/// Whether the first word of the text is made only of line-format characters.
pub fn looks_like(text: &str) -> bool {
    let word = text.split_whitespace().next().unwrap_or("");
    !word.is_empty()
        && word.chars().all(|c| is_blank(c) || c.is_ascii_alphanumeric())
        && word.chars().any(|c| is_blank(c) || c.is_ascii_digit())
}

/// Reads one puzzle line.
pub fn parse(text: &str) -> Result<Grid, FormatError> {
    let word = text.split_whitespace().next().ok_or(FormatError::Empty)?;
    let chars: Vec<char> = word.chars().collect();
    let size = Size::from_cell_count(chars.len()).ok_or(FormatError::CellCount { found: chars.len() })?;
    cells_from_chars(size, &chars)
}

/// Writes a grid as one line with `.` for blanks.
pub fn write(grid: &Grid) -> String {
    grid.to_line()
}

/// Reading a grid back from its line: how a stored `Grid` deserializes (see `grid`).
impl TryFrom<String> for Grid {
    type Error = FormatError;
    fn try_from(s: String) -> Result<Grid, FormatError> {
        parse(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Digit;

    #[test]
    fn reads_all_sizes_and_blank_styles() {
        let g = parse("1.3_0...4.2.3..1").unwrap();
        assert_eq!(g.size(), Size::Four);
        assert_eq!(g.filled_count(), 6);
        let nine = "0".repeat(80) + "9";
        assert_eq!(parse(&nine).unwrap().get(Size::Nine.cell(8, 8)), Digit::new(9));
        let sixteen = "G".to_string() + &".".repeat(254) + "a";
        let g16 = parse(&sixteen).unwrap();
        assert_eq!(g16.get(Size::Sixteen.cell(0, 0)), Digit::new(16));
        assert_eq!(g16.get(Size::Sixteen.cell(15, 15)), Digit::new(10));
    }

    #[test]
    fn ignores_trailing_words() {
        let text = format!("{}   # rated 7.1", ".".repeat(81));
        assert_eq!(parse(&text).unwrap().filled_count(), 0);
    }

    #[test]
    fn errors_say_where() {
        let mut s: Vec<char> = ".".repeat(81).chars().collect();
        s[12] = 'x';
        let text: String = s.into_iter().collect();
        assert_eq!(parse(&text), Err(FormatError::BadCell { ch: 'x', row: 2, col: 4, size: Size::Nine }));
        assert_eq!(parse(&text).unwrap_err().to_string(), "'x' at row 2, column 4 is not a digit of a 9x9 grid or a blank (. 0 _)");
        assert_eq!(parse("123"), Err(FormatError::CellCount { found: 3 }));
        let four_with_five = "5...............";
        assert!(matches!(parse(four_with_five), Err(FormatError::BadCell { ch: '5', .. })));
    }
}
