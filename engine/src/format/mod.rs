//! Puzzle text formats: reading and writing, with errors that say what is wrong and where.
//!
//! | module       | format                                                                 |
//! |--------------|------------------------------------------------------------------------|
//! | `line`       | one line of 16/81/256 cells; `.`, `0` or `_` blank; 16x16 uses 1-9, A-G |
//! | `text_grid`  | rows of cells with optional box borders: `.ss` files, pretty grids      |
//! | `sdk`        | SadMan `.sdk` files: `#A`/`#D`/... header lines, `[Puzzle]`, the rows   |
//! | `solo`       | Simon Tatham's Solo game IDs: `3x3:a2e9…` (letters = runs of blanks)    |
//! | `sudokupad`  | SudokuPad/SudokuExchange compressed digits (digit + 10 × blanks), and   |
//! |              | SudokuPad's `scl…` puzzles (lz-string compressed JSON); variants from   |
//! |              | their drawn shapes (`parse_puzzle`)                                     |
//! | `fpuzzles`   | f-puzzles payloads (lz-string compressed JSON); variants in and out     |
//! |              | (`parse_puzzle`, `write_puzzle`)                                        |
//! | `comma`      | digits separated by commas (`4,0,0,…`), as SudokuExchange links carry   |
//! | `pretty`     | a human-readable grid with box borders (writer only; `text_grid` reads) |
//!
//! Every parser is total: any input gives a `Grid` or a `FormatError`, never a panic
//! (property tests in `tests/formats.rs` feed them arbitrary text).
//!
//! Variant puzzles (`variant::Puzzle`): the classic readers refuse them, naming their rules
//! (`FormatError::Variant`); the `*_puzzle` readers read them, validate them
//! (`FormatError::BadConstraint`) and still name what inkdoku does not play. See
//! `docs/formats-variants.md` and `tests/variant_links.rs`.
//!
//! The readers run in the engine worker (`crate::open`, issue 48), not in the app. Their
//! functions (and `share`'s and `sdk_progress`'s) are `#[inline]`, so that the worker compiles
//! them where it calls them, in `worker-json` at opt-level "z", and not in the engine at 3: each
//! engine worker build 402,119 -> 381,693 bytes gzipped (2026-11-29, check-size).

pub mod comma;
pub mod compressed;
pub mod fpuzzles;
pub mod line;
pub mod pretty;
pub mod sdk;
pub mod solo;
pub mod sudokupad;
pub mod text_grid;

use crate::geometry::Size;
use crate::grid::Grid;
use crate::variant::validate::VariantError;
use crate::variant::{Constraint, Puzzle};
use thiserror::Error;

/// Why a text is not a puzzle. Positions are 1-based, as a person counts them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// Nothing but blanks or comments.
    #[error("there is no puzzle in the text")]
    Empty,
    /// A line or string whose cell count fits no grid size.
    #[error("a puzzle has 16, 36, 81 or 256 cells, but this one has {found}")]
    CellCount {
        /// Cells found.
        found: usize,
    },
    /// A character that is neither a digit of the grid nor a blank.
    #[error("'{ch}' at row {row}, column {col} is not a digit of a {size} grid or a blank (. 0 _)")]
    BadCell {
        /// The character.
        ch: char,
        /// Row of the cell, 1-based.
        row: usize,
        /// Column of the cell, 1-based.
        col: usize,
        /// The grid size implied by the text.
        size: Size,
    },
    /// A character that has no meaning in the format at all.
    #[error("'{ch}' at position {position} has no meaning in {format}")]
    BadCharacter {
        /// The character.
        ch: char,
        /// Position in the text, 1-based, counting characters.
        position: usize,
        /// The format being read.
        format: &'static str,
    },
    /// A row of a multi-line grid with the wrong number of cells.
    #[error("line {line}: this row has {found} cells, but the grid's first row has {expected}")]
    RowLength {
        /// Line of the text, 1-based.
        line: usize,
        /// Cells found on the line.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A multi-line grid with the wrong number of rows.
    #[error("the grid has {found} rows of {side} cells; a {side}x{side} grid needs {side} rows")]
    RowCount {
        /// Rows found.
        found: usize,
        /// Cells per row.
        side: usize,
    },
    /// A row length that fits no grid size.
    #[error("line {line}: rows of {found} cells fit no grid (4, 6, 9 or 16 cells per row)")]
    RowSide {
        /// Line of the text, 1-based.
        line: usize,
        /// Cells found.
        found: usize,
    },
    /// A Solo game ID whose parameters inkdoku cannot play.
    #[error("Solo parameters '{params}': {reason}")]
    SoloParams {
        /// The parameter part of the ID.
        params: String,
        /// Why it cannot be played.
        reason: &'static str,
    },
    /// A number out of range in a Solo description.
    #[error("the number {value} at position {position} is not a digit of a {size} grid")]
    NumberRange {
        /// The number read.
        value: u32,
        /// Position in the description, 1-based.
        position: usize,
        /// The grid size.
        size: Size,
    },
    /// A description that fills too few or too many cells.
    #[error("the description fills {found} cells, but a {size} grid has {expected}")]
    CellTotal {
        /// Cells filled by the description.
        found: usize,
        /// Cells of the grid.
        expected: usize,
        /// The grid size.
        size: Size,
    },
    /// A puzzle with rules beyond classic Sudoku (killer cages, thermometers…): named, so the
    /// player knows why it does not open.
    #[error("this {format} puzzle has rules inkdoku does not play: {}", Rule::list(.rules))]
    Variant {
        /// The format read.
        format: &'static str,
        /// The rules found, each once, in a fixed order.
        rules: Vec<Rule>,
    },
    /// Compressed data that does not decompress, or is not the JSON the format has.
    #[error("the {format} data is damaged: {reason}")]
    Damaged {
        /// The format read.
        format: &'static str,
        /// What is wrong.
        reason: &'static str,
    },
    /// A grid of a size inkdoku does not play (f-puzzles and SudokuPad make 1x1 to 16x16).
    #[error("the {format} puzzle is {side}x{side}; inkdoku plays 4x4, 6x6, 9x9 and 16x16")]
    GridSide {
        /// The format read.
        format: &'static str,
        /// The grid's side.
        side: usize,
    },
    /// A variant puzzle whose constraints make no sense on its grid (a cage sum over 45, a
    /// thermometer through itself, a region of the wrong size…): `variant::validate`'s reason.
    #[error("the {format} puzzle cannot be played: {reason}")]
    BadConstraint {
        /// The format read.
        format: &'static str,
        /// What is wrong, naming the cells.
        reason: VariantError,
    },
    /// A text that matches no format at all.
    #[error("not a puzzle: {reason}")]
    Unrecognized {
        /// What was expected.
        reason: &'static str,
    },
}

/// A rule beyond classic Sudoku that a puzzle of another app may carry. inkdoku refuses such
/// puzzles and names their rules (the app in the player's language, `name` in English).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Rule {
    KillerCages,
    LittleKillers,
    Sandwiches,
    Thermometers,
    Arrows,
    Diagonals,
    AntiKnight,
    AntiKing,
    DisjointGroups,
    NonConsecutive,
    OddEven,
    MinMax,
    ExtraRegions,
    IrregularRegions,
    Quadruples,
    /// Difference, ratio (Kropki) and XV dots.
    Dots,
    /// Between, palindrome, renban, whispers, region-sum and other lines.
    Lines,
    Clones,
    /// X-sums, skyscrapers and other clues outside the grid.
    OutsideClues,
    /// Free drawings and text, which setters use for rules of their own.
    Drawings,
    /// A key of the format inkdoku does not know.
    Other,
}

impl Rule {
    /// Sorts rules in the order of the enum, each once: by the shared keyed sort, not a copy
    /// of the standard one (issue 48).
    #[inline]
    pub fn sort(rules: &mut Vec<Rule>) {
        crate::keyed_sort::sort_by_key(rules, |&r| r as u64);
        rules.dedup();
    }

    /// The rule in English words.
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Rule::KillerCages => "killer cages",
            Rule::LittleKillers => "little killer sums",
            Rule::Sandwiches => "sandwich sums",
            Rule::Thermometers => "thermometers",
            Rule::Arrows => "arrows",
            Rule::Diagonals => "diagonals",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::DisjointGroups => "disjoint groups",
            Rule::NonConsecutive => "non-consecutive",
            Rule::OddEven => "odd/even cells",
            Rule::MinMax => "minimum/maximum cells",
            Rule::ExtraRegions => "extra regions",
            Rule::IrregularRegions => "irregular regions",
            Rule::Quadruples => "quadruples",
            Rule::Dots => "dots (difference, ratio, XV)",
            Rule::Lines => "lines",
            Rule::Clones => "clones",
            Rule::OutsideClues => "clues outside the grid",
            Rule::Drawings => "drawn shapes or text",
            Rule::Other => "other rules",
        }
    }

    /// The rules' names joined with commas.
    #[inline]
    pub fn list(rules: &[Rule]) -> String {
        rules.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ")
    }
}

/// The rules of a variant puzzle, as `FormatError::Variant` names them: each once, in a fixed
/// order (what the classic readers refuse a variant with).
#[inline]
pub fn rules_of(puzzle: &Puzzle) -> Vec<Rule> {
    let mut rules: Vec<Rule> = puzzle
        .constraints
        .iter()
        .map(|c| match c {
            Constraint::Killer { .. } => Rule::KillerCages,
            Constraint::LittleKiller { .. } => Rule::LittleKillers,
            Constraint::Sandwich { .. } => Rule::Sandwiches,
            Constraint::Arrow { .. } => Rule::Arrows,
            Constraint::Thermometer { .. } => Rule::Thermometers,
            Constraint::Kropki { .. } | Constraint::Xv { .. } | Constraint::KropkiNegative { .. } | Constraint::XvNegative => Rule::Dots,
            Constraint::Whispers { .. } | Constraint::Renban { .. } | Constraint::Palindrome { .. } => Rule::Lines,
            Constraint::Diagonal { .. } => Rule::Diagonals,
            Constraint::AntiKnight => Rule::AntiKnight,
            Constraint::AntiKing => Rule::AntiKing,
            Constraint::NonConsecutive => Rule::NonConsecutive,
            Constraint::ExtraRegion { .. } => Rule::ExtraRegions,
            Constraint::DisjointGroups => Rule::DisjointGroups,
            Constraint::Parity { .. } => Rule::OddEven,
        })
        .collect();
    if puzzle.regions.is_some() {
        rules.push(Rule::IrregularRegions);
    }
    Rule::sort(&mut rules);
    rules
}

/// The formats `parse_any` recognizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line of cells.
    Line,
    /// Rows of cells, with or without borders or `.sdk` headers.
    TextGrid,
    /// A Solo game ID.
    Solo,
    /// A SudokuPad compressed digit string.
    SudokuPad,
    /// Digits separated by commas.
    Comma,
    /// An f-puzzles payload (lz-string compressed JSON).
    FPuzzles,
    /// A SudokuPad `scl` payload (lz-string compressed JSON).
    SudokuPadJson,
}

/// Reads a puzzle from text in any accepted format (what a paste or a file may hold).
///
/// Detection order: Solo IDs (`NxN:`), then several lines (a grid of rows, `.sdk`, `.ss`),
/// then one line of cells, then SudokuPad's compressed string. The error reported is the one
/// of the format the text most resembles. Compressed JSON payloads (`fpuzzles…`, `scl…`, a
/// bare `N4Ig…`) and comma-separated digits are recognized first.
#[inline]
pub fn parse_any(text: &str) -> Result<(Grid, Format), FormatError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(FormatError::Empty);
    }
    if let Some(found) = compressed::parse_prefixed(trimmed) {
        return found;
    }
    if comma::looks_like(trimmed) {
        return comma::parse(trimmed).map(|g| (g, Format::Comma));
    }
    if solo::looks_like(trimmed) {
        return solo::parse(trimmed).map(|g| (g, Format::Solo));
    }
    let rows = trimmed.lines().filter(|l| !l.trim().is_empty()).count();
    if rows > 1 {
        return sdk::parse(trimmed).map(|f| (f.grid, Format::TextGrid));
    }
    // A whole grid's worth of cells is a line; any other length may be a SudokuPad string
    // (which, for 81 plain digits, reads the same as a line anyway).
    let word_len = trimmed.split_whitespace().next().map_or(0, |w| w.chars().count());
    if line::looks_like(trimmed) && Size::from_cell_count(word_len).is_some() {
        return line::parse(trimmed).map(|g| (g, Format::Line));
    }
    if let Some(packed) = sudokupad::strip_prefix(trimmed) {
        return sudokupad::parse(packed).map(|g| (g, Format::SudokuPad));
    }
    if line::looks_like(trimmed) {
        return line::parse(trimmed).map(|g| (g, Format::Line));
    }
    Err(FormatError::Unrecognized {
        reason: "expected a line of 16, 36, 81 or 256 cells, a grid of rows, a Solo game ID \
                 (3x3:…), a SudokuPad string or an f-puzzles payload",
    })
}

/// Whether a character stands for an empty cell in line and grid formats.
#[inline]
pub(crate) fn is_blank(c: char) -> bool {
    matches!(c, '.' | '0' | '_')
}

/// Reads the cells of a square grid from its characters in reading order, reporting the first
/// character that is neither a blank nor a digit of the size as a `BadCell`.
#[inline]
pub(crate) fn cells_from_chars(size: Size, chars: &[char]) -> Result<Grid, FormatError> {
    debug_assert_eq!(chars.len(), size.cell_count());
    let side = size.side();
    let mut cells = Vec::with_capacity(chars.len());
    for (i, &ch) in chars.iter().enumerate() {
        if is_blank(ch) {
            cells.push(None);
        } else if let Some(d) = size.digit_from_char(ch) {
            cells.push(Some(d));
        } else {
            return Err(FormatError::BadCell { ch, row: i / side + 1, col: i % side + 1, size });
        }
    }
    Ok(Grid::from_cells(size, cells).expect("cells were checked against the size"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn parse_any_detects_each_format() {
        let (g, f) = parse_any(LINE).unwrap();
        assert_eq!(f, Format::Line);
        let (g2, f2) = parse_any(&g.to_pretty()).unwrap();
        assert_eq!((g2, f2), (g.clone(), Format::TextGrid));
        let (g3, f3) = parse_any(&solo::write(&g)).unwrap();
        assert_eq!((g3, f3), (g.clone(), Format::Solo));
        let (g4, f4) = parse_any(&format!("scf{}", sudokupad::write(&g).unwrap())).unwrap();
        assert_eq!((g4, f4), (g, Format::SudokuPad));
    }

    #[test]
    fn parse_any_explains_failures() {
        assert_eq!(parse_any("  \n "), Err(FormatError::Empty));
        assert_eq!(parse_any("12345"), Err(FormatError::CellCount { found: 5 }));
        assert!(matches!(parse_any("hello world"), Err(FormatError::Unrecognized { .. })));
    }
}
