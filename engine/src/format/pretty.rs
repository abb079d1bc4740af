//! A grid for people: rows with spaces between cells and lines between boxes.
//!
//! ```text
//! 4 . . | . . . | 8 . 5
//! . 3 . | . . . | . . .
//! . . . | 7 . . | . . .
//! ------+-------+------
//! ```
//! `text_grid` reads it back, so a copied grid pastes again.

use crate::grid::Grid;

/// Writes the grid with box borders.
pub fn write(grid: &Grid) -> String {
    let size = grid.size();
    let (n, h, w) = (size.side(), size.box_rows(), size.box_cols());
    let line = grid.to_line();
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % h == 0 {
            let segment = "-".repeat(2 * w - 1);
            let sep: Vec<String> = (0..n / w).map(|_| segment.clone()).collect();
            out.push_str(&sep.join("-+-"));
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 {
                out.push_str(if c % w == 0 { " | " } else { " " });
            }
            out.push(chars[r * n + c]);
        }
        out.push('\n');
    }
    out
}

impl Grid {
    /// The grid as text rows with box separators, for people (clipboard, CLI).
    pub fn to_pretty(&self) -> String {
        write(self)
    }
}
