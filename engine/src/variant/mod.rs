//! Variant puzzles: a grid's givens plus regions and typed constraints (killer cages,
//! thermometers, arrows, kropki dots, …), as the puzzles people share from f-puzzles and
//! SudokuPad carry them.
//!
//! A `Puzzle` is its givens (which fix the size), its regions (the usual boxes, or irregular
//! ones) and a list of `Constraint`s. A classic puzzle is a puzzle with standard boxes and no
//! constraint: it keeps the classic solvers and techniques as its fast path.
//!
//! Each kind of constraint is one module with four duties:
//! - **forbids**: what breaks it on a (partial) grid of digits: conflicts, Check, the win
//!   (`Puzzle::violations`);
//! - **narrows**: how it removes candidates (the variant solver, Show candidates, Fill notes);
//! - **drawn**: a description in board coordinates (`Shape`) that the app renders, so the
//!   engine stays pure;
//! - **read and written**: f-puzzles' JSON (`format::fpuzzles`) and SudokuPad's
//!   (`format::sudokupad`) in, f-puzzles' JSON and inkdoku's share link out.
//!
//! Everything here is plain data that serializes (links, saved games, worker messages).

use crate::geometry::{Cell, Size};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// A puzzle: givens, regions and constraints, with what its setter wrote about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The given digits; their grid fixes the size.
    pub givens: Grid,
    /// The region of each cell in reading order (0-based, `side` cells each) when the regions
    /// are not the size's usual boxes (jigsaw puzzles); `None` for the boxes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<u8>>,
    /// The constraints beyond "each digit once per row, column and region".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<Constraint>,
    /// Title, author and rules text, shown to the player.
    #[serde(default, skip_serializing_if = "About::is_empty")]
    pub about: About,
}

/// What the setter wrote about a puzzle. All optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct About {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub author: String,
    /// The rules as the setter wrote them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
}

impl About {
    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.title.is_empty() && self.author.is_empty() && self.rules.is_empty()
    }
}

/// A row or column, for clues written outside the grid (sandwich sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "index", rename_all = "lowercase")]
pub enum Line {
    /// A row, 0 = top.
    Row(u8),
    /// A column, 0 = left.
    Col(u8),
}

/// The two kinds of kropki dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dot {
    /// White: the two digits differ by 1.
    White,
    /// Black: one digit is twice the other.
    Black,
}

/// The two diagonals of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Diagonal {
    /// From the top-left corner to the bottom-right (f-puzzles' `diagonal-`).
    Main,
    /// From the bottom-left corner to the top-right (f-puzzles' `diagonal+`).
    Anti,
}

/// One constraint of a variant puzzle. Cells are in reading order of the puzzle's size.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Constraint {
    /// Killer cage: no digit repeats in the cells; their digits add up to `sum` when given.
    Killer { cells: Vec<Cell>, sum: Option<u16> },
    /// Little killer: the digits along a diagonal (`cells`, from the clue inwards; digits may
    /// repeat) add up to `sum`. `clue` is where the clue stands outside the grid, as (row,
    /// column) with -1 or `side` for the outside ring, for drawing.
    LittleKiller { cells: Vec<Cell>, sum: u16, clue: (i8, i8) },
    /// Sandwich: in the row or column, the digits strictly between the 1 and the largest digit
    /// (9 on a 9x9) add up to `sum`. `start` says on which side the clue is written: true for
    /// the left of a row or the top of a column.
    Sandwich { line: Line, sum: u16, start: bool },
    /// Arrow: the digits along `line` (the shaft, not including the circle) add up to the number
    /// in `circle` (one cell, or several read as a number left to right / top to bottom: a pill).
    Arrow { circle: Vec<Cell>, line: Vec<Cell> },
    /// Thermometer: digits strictly increase from the bulb (`cells[0]`) along the cells.
    Thermometer { cells: Vec<Cell> },
    /// Kropki dot between two orthogonally adjacent cells.
    Kropki { cells: [Cell; 2], dot: Dot },
    /// XV: the two adjacent cells add up to `sum`, 5 (V) or 10 (X).
    Xv { cells: [Cell; 2], sum: u8 },
    /// The negative rule for dots: every pair of adjacent cells whose digits differ by 1
    /// (`white`) or are in ratio 1:2 (`black`) has its dot given.
    KropkiNegative { white: bool, black: bool },
    /// The negative rule for XV: no two adjacent cells without an X or V add up to 5 or 10.
    XvNegative,
    /// German whispers: adjacent cells along the line differ by at least 5 (on a 9x9; half the
    /// side rounded up in general).
    Whispers { cells: Vec<Cell> },
    /// Renban: the cells hold a set of consecutive digits, in any order, without repeats.
    Renban { cells: Vec<Cell> },
    /// Palindrome: the line reads the same from both ends.
    Palindrome { cells: Vec<Cell> },
    /// A diagonal of the grid holds each digit once.
    Diagonal { diagonal: Diagonal },
    /// Cells a chess knight's move apart hold different digits.
    AntiKnight,
    /// Cells a chess king's move apart (diagonal neighbours included) hold different digits.
    AntiKing,
    /// Orthogonally adjacent cells do not hold consecutive digits.
    NonConsecutive,
    /// An extra region: the cells hold each digit at most once (once each when there are
    /// `side` of them).
    ExtraRegion { cells: Vec<Cell> },
    /// Disjoint groups: cells in the same position of their boxes hold different digits.
    DisjointGroups,
    /// The cell holds an odd digit (`even` false) or an even one.
    Parity { cell: Cell, even: bool },
}

impl Puzzle {
    /// A classic puzzle: the givens, with the usual boxes and no constraint.
    pub fn classic(givens: Grid) -> Puzzle {
        Puzzle { givens, regions: None, constraints: Vec::new(), about: About::default() }
    }

    /// The puzzle's size.
    pub fn size(&self) -> Size {
        self.givens.size()
    }

    /// Whether this is a classic puzzle (usual boxes, no constraint), which the classic solvers
    /// and techniques play.
    pub fn is_classic(&self) -> bool {
        self.regions.is_none() && self.constraints.is_empty()
    }
}
