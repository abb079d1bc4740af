//! Grids written as rows of cells, one row per line, with optional box borders.
//!
//! This reads Simple Sudoku's `.ss` files, the body of `.sdk` files, and the pretty grids
//! inkdoku itself writes (clipboard, CLI):
//!
//! ```text
//! *-----------*        5 3 . | . 7 . | . . .
//! |53.|.7.|...|        6 . . | 1 9 5 | . . .
//! |6..|195|...|        ------+-------+------
//! |---+---+---|        ...
//! ```
//!
//! A line made only of border characters (`-+*=|` and spaces) separates boxes and is skipped;
//! on other lines `|` and whitespace are dropped and what is left are the cells.

use super::{FormatError, cells_from_chars};
use crate::geometry::Size;
use crate::grid::Grid;

#[inline]
fn is_border(c: char) -> bool {
    matches!(c, '-' | '+' | '*' | '=' | '|') || c.is_whitespace()
}

/// Reads a grid of rows. `first_line` is the 1-based line number of `text`'s first line within
/// the whole file, so errors point at the right line.
#[inline]
pub fn parse(text: &str, first_line: usize) -> Result<Grid, FormatError> {
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.chars().all(is_border) {
            continue;
        }
        let cells: Vec<char> = raw.chars().filter(|&c| c != '|' && !c.is_whitespace()).collect();
        rows.push((first_line + i, cells));
    }
    let Some((first_no, first)) = rows.first() else {
        return Err(FormatError::Empty);
    };
    // A single row holding a whole grid is a line-format puzzle inside a file.
    if rows.len() == 1 && Size::from_cell_count(first.len()).is_some() {
        let size = Size::from_cell_count(first.len()).expect("checked");
        return cells_from_chars(size, first);
    }
    let side = first.len();
    let size = Size::from_side(side).ok_or(FormatError::RowSide { line: *first_no, found: side })?;
    for (line, cells) in &rows {
        if cells.len() != side {
            return Err(FormatError::RowLength { line: *line, found: cells.len(), expected: side });
        }
    }
    if rows.len() != side {
        return Err(FormatError::RowCount { found: rows.len(), side });
    }
    let chars: Vec<char> = rows.into_iter().flat_map(|(_, c)| c).collect();
    cells_from_chars(size, &chars)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SS: &str = "\
*-----------*
|...|..8|.5.|
|.3.|...|...|
|...|.7.|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*";

    #[test]
    fn reads_simple_sudoku_files() {
        let g = parse(SS, 1).unwrap();
        assert_eq!(g.to_line(), ".....8.5..3...........7.....2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    }

    #[test]
    fn reads_its_own_pretty_output() {
        let g = parse(SS, 1).unwrap();
        assert_eq!(parse(&g.to_pretty(), 1).unwrap(), g);
    }

    #[test]
    fn points_at_the_bad_line() {
        let broken = SS.replace("|.2.|...|.6.|", "|.2.|...|.6|");
        assert_eq!(parse(&broken, 1), Err(FormatError::RowLength { line: 6, found: 8, expected: 9 }));
        let short: String = SS.lines().take(8).collect::<Vec<_>>().join("\n");
        assert_eq!(parse(&short, 1), Err(FormatError::RowCount { found: 6, side: 9 }));
        assert_eq!(parse("12345\n12345", 3), Err(FormatError::RowSide { line: 3, found: 5 }));
    }
}
