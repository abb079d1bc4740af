//! Whether a puzzle's constraints make sense on its grid, before anything plays it: every
//! reader of a link or a file (`format::fpuzzles`, `format::sudokupad`, `share`) calls
//! `validate`, so that a damaged or ill-made puzzle is refused with a reason instead of being
//! played wrong (or making a solver search forever).
//!
//! What is checked, constraint by constraint (cells named as players write them, `r3c4`):
//! - every cell is on the grid, and no shape passes through a cell twice;
//! - killer cages: at most `side` cells, a sum between the smallest and the largest that so many
//!   different digits make (3 to 24 for three cells on a 9x9; 45 at most);
//! - little killers: a diagonal of cells, each a diagonal step from the last, and a sum their
//!   digits can make; sandwiches: a row or column of the grid and a sum the digits between the
//!   1 and the largest digit can make;
//! - thermometers, whispers, renban, palindromes and arrows' shafts: each cell a king's move
//!   from the last; a thermometer or a renban line no longer than `side` (digits must differ);
//!   an arrow's circle of 1 to 3 cells side by side, its shaft starting next to it;
//! - kropki dots and XV: two cells side by side; XV sums 5 or 10;
//! - irregular regions: one index per cell, `side` regions of `side` cells; an extra region
//!   of at most `side` cells; disjoint groups only with the usual boxes;
//! - odd/even cells: a given in the cell has the right parity.
//!
//! Whether the puzzle has exactly one solution is the solver's business, not this module's.

use super::{Constraint, Line, Puzzle};
use crate::geometry::{Cell, Size, cell_name};
use thiserror::Error;

/// Why a puzzle's constraints cannot be played on its grid. Messages are English sentences
/// that name the cells.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// A constraint names a cell (or a row or column) that is not on the grid.
    #[error("a {what} names a cell outside the {side}x{side} grid (index {index})")]
    CellOutOfRange {
        /// The kind of constraint.
        what: &'static str,
        /// The index found.
        index: usize,
        /// The grid's side.
        side: usize,
    },
    /// A constraint with too few cells to mean anything (an empty cage, an arrow without a
    /// shaft).
    #[error("a {what} has {found} cells; it needs at least {least}")]
    TooFewCells {
        /// The kind of constraint.
        what: &'static str,
        /// Cells found.
        found: usize,
        /// Cells needed.
        least: usize,
    },
    /// A constraint that holds different digits on more cells than there are digits.
    #[error("the {what} at {cells} has {found} cells, but its digits must differ and there are only {side}")]
    TooManyCells {
        /// The kind of constraint.
        what: &'static str,
        /// Its cells.
        cells: String,
        /// Cells found.
        found: usize,
        /// The grid's side (its number of digits).
        side: usize,
    },
    /// A shape that passes through a cell twice.
    #[error("the {what} at {cells} passes through {cell} twice")]
    RepeatedCell {
        /// The kind of constraint.
        what: &'static str,
        /// Its cells.
        cells: String,
        /// The repeated cell.
        cell: String,
    },
    /// Two consecutive cells of a line (or cells of a dot) that do not touch as they must.
    #[error("the {what} at {cells} goes from {from} to {to}, which are not {how}")]
    NotAdjacent {
        /// The kind of constraint.
        what: &'static str,
        /// Its cells.
        cells: String,
        /// One cell.
        from: String,
        /// The next.
        to: String,
        /// How they should touch: "side by side", "neighbours", "diagonal neighbours".
        how: &'static str,
    },
    /// A sum the constraint's digits cannot make.
    #[error("the {what} at {cells} has the sum {sum}, but its digits add up to between {least} and {most}")]
    ImpossibleSum {
        /// The kind of constraint.
        what: &'static str,
        /// Its cells (or its row or column).
        cells: String,
        /// The sum given.
        sum: u16,
        /// The smallest sum possible.
        least: u16,
        /// The largest sum possible.
        most: u16,
    },
    /// An XV sum other than 5 and 10.
    #[error("the XV clue between {cells} has the sum {sum}; X is 10 and V is 5")]
    XvSum {
        /// Its two cells.
        cells: String,
        /// The sum given.
        sum: u8,
    },
    /// Irregular regions that do not divide the grid into `side` regions of `side` cells.
    #[error("the regions are wrong: {reason}")]
    Regions {
        /// What is wrong, as a sentence part.
        reason: String,
    },
    /// An odd/even cell whose given digit has the other parity.
    #[error("{cell} must hold an {parity} digit, but its given is {digit}")]
    ParityGiven {
        /// The cell.
        cell: String,
        /// "odd" or "even".
        parity: &'static str,
        /// The given digit.
        digit: u8,
    },
    /// A rule that needs the usual boxes on a puzzle with irregular regions.
    #[error("{what} need the usual boxes, but this puzzle's regions are irregular")]
    NeedsBoxes {
        /// The rule.
        what: &'static str,
    },
}

/// The name of a kind of constraint in messages.
pub fn kind_name(constraint: &Constraint) -> &'static str {
    match constraint {
        Constraint::Killer { .. } => "killer cage",
        Constraint::LittleKiller { .. } => "little killer",
        Constraint::Sandwich { .. } => "sandwich clue",
        Constraint::Arrow { .. } => "arrow",
        Constraint::Thermometer { .. } => "thermometer",
        Constraint::Kropki { .. } => "kropki dot",
        Constraint::Xv { .. } => "XV clue",
        Constraint::KropkiNegative { .. } => "negative kropki rule",
        Constraint::XvNegative => "negative XV rule",
        Constraint::Whispers { .. } => "whispers line",
        Constraint::Renban { .. } => "renban line",
        Constraint::Palindrome { .. } => "palindrome line",
        Constraint::Diagonal { .. } => "diagonal",
        Constraint::AntiKnight => "anti-knight rule",
        Constraint::AntiKing => "anti-king rule",
        Constraint::NonConsecutive => "non-consecutive rule",
        Constraint::ExtraRegion { .. } => "extra region",
        Constraint::DisjointGroups => "disjoint groups rule",
        Constraint::Parity { .. } => "odd/even cell",
    }
}

/// Checks that every constraint and the regions make sense on the puzzle's grid.
pub fn validate(puzzle: &Puzzle) -> Result<(), VariantError> {
    let size = puzzle.size();
    if let Some(regions) = &puzzle.regions {
        check_regions(size, regions)?;
    }
    for constraint in &puzzle.constraints {
        check(puzzle, constraint)?;
    }
    Ok(())
}

/// The smallest and the largest sum of `n` different digits of the size.
fn sum_range(size: Size, n: usize) -> (u16, u16) {
    let side = size.side() as u16;
    let n = n as u16;
    (n * (n + 1) / 2, n * (2 * side + 1 - n) / 2)
}

fn check_regions(size: Size, regions: &[u8]) -> Result<(), VariantError> {
    let side = size.side();
    if regions.len() != size.cell_count() {
        return Err(VariantError::Regions {
            reason: format!("{} cells have a region, but the grid has {}", regions.len(), size.cell_count()),
        });
    }
    let mut counts = vec![0usize; side];
    for (i, &r) in regions.iter().enumerate() {
        let slot = counts.get_mut(usize::from(r)).ok_or_else(|| VariantError::Regions {
            reason: format!(
                "{} is in region {}, but a {side}x{side} grid has {side} regions",
                cell_name(size, Cell::new(i)),
                usize::from(r) + 1
            ),
        })?;
        *slot += 1;
    }
    if let Some((r, &n)) = counts.iter().enumerate().find(|(_, n)| **n != side) {
        return Err(VariantError::Regions { reason: format!("region {} has {n} cells; each region needs {side}", r + 1) });
    }
    Ok(())
}

/// Cells as a message names them (`r1c1,r1c2`), or their indices when some are off the grid.
fn names(size: Size, cells: &[Cell]) -> String {
    cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(",")
}

/// Checks that the cells are on the grid, none twice, at least `least` of them.
fn on_grid(size: Size, what: &'static str, cells: &[Cell], least: usize) -> Result<(), VariantError> {
    if let Some(c) = cells.iter().find(|c| c.index() >= size.cell_count()) {
        return Err(VariantError::CellOutOfRange { what, index: c.index(), side: size.side() });
    }
    if cells.len() < least {
        return Err(VariantError::TooFewCells { what, found: cells.len(), least });
    }
    for (i, c) in cells.iter().enumerate() {
        if cells[..i].contains(c) {
            return Err(VariantError::RepeatedCell { what, cells: names(size, cells), cell: cell_name(size, *c) });
        }
    }
    Ok(())
}

/// Whether two cells are a king's move apart (`diagonal` None), side by side (`Some(false)`)
/// or diagonal neighbours (`Some(true)`).
fn touch(size: Size, a: Cell, b: Cell, diagonal: Option<bool>) -> bool {
    let dr = size.row_of(a).abs_diff(size.row_of(b));
    let dc = size.col_of(a).abs_diff(size.col_of(b));
    match diagonal {
        None => dr.max(dc) == 1,
        Some(false) => dr + dc == 1,
        Some(true) => dr == 1 && dc == 1,
    }
}

/// Checks that each cell touches the next.
fn chained(size: Size, what: &'static str, cells: &[Cell], diagonal: Option<bool>) -> Result<(), VariantError> {
    match cells.windows(2).find(|w| !touch(size, w[0], w[1], diagonal)) {
        None => Ok(()),
        Some(w) => Err(VariantError::NotAdjacent {
            what,
            cells: names(size, cells),
            from: cell_name(size, w[0]),
            to: cell_name(size, w[1]),
            how: match diagonal {
                None => "neighbours",
                Some(false) => "side by side",
                Some(true) => "diagonal neighbours",
            },
        }),
    }
}

/// Checks a line of digits that must all differ: no longer than the side.
fn distinct_digits(size: Size, what: &'static str, cells: &[Cell]) -> Result<(), VariantError> {
    if cells.len() > size.side() {
        return Err(VariantError::TooManyCells { what, cells: names(size, cells), found: cells.len(), side: size.side() });
    }
    Ok(())
}

fn sum_within(what: &'static str, cells: impl FnOnce() -> String, sum: u16, (least, most): (u16, u16)) -> Result<(), VariantError> {
    if sum < least || sum > most {
        return Err(VariantError::ImpossibleSum { what, cells: cells(), sum, least, most });
    }
    Ok(())
}

fn check(puzzle: &Puzzle, constraint: &Constraint) -> Result<(), VariantError> {
    let size = puzzle.size();
    let side = size.side();
    let what = kind_name(constraint);
    match constraint {
        Constraint::Killer { cells, sum } => {
            on_grid(size, what, cells, 1)?;
            distinct_digits(size, what, cells)?;
            if let Some(sum) = *sum {
                sum_within(what, || names(size, cells), sum, sum_range(size, cells.len()))?;
            }
        }
        Constraint::LittleKiller { cells, sum, clue } => {
            on_grid(size, what, cells, 1)?;
            chained(size, what, cells, Some(true))?;
            let out = |v: i8| v == -1 || v == side as i8;
            let on = |v: i8| (0..side as i8).contains(&v);
            if !((out(clue.0) && (on(clue.1) || out(clue.1))) || (out(clue.1) && on(clue.0))) {
                return Err(VariantError::CellOutOfRange { what, index: usize::MAX, side });
            }
            let most = cells.len() as u16 * side as u16;
            sum_within(what, || names(size, cells), *sum, (cells.len() as u16, most))?;
        }
        Constraint::Sandwich { line, sum, .. } => {
            let (index, name) = match *line {
                Line::Row(r) => (usize::from(r), format!("row {}", usize::from(r) + 1)),
                Line::Col(c) => (usize::from(c), format!("column {}", usize::from(c) + 1)),
            };
            if index >= side {
                return Err(VariantError::CellOutOfRange { what, index, side });
            }
            // Between the 1 and the largest digit: any of the others, 0 when they touch.
            let most = (2..side as u16).sum();
            sum_within(what, || name, *sum, (0, most))?;
        }
        Constraint::Arrow { circle, line } => {
            on_grid(size, what, circle, 1)?;
            on_grid(size, what, line, 1)?;
            let all: Vec<Cell> = circle.iter().chain(line).copied().collect();
            on_grid(size, what, &all, 1)?;
            if circle.len() > 3 {
                return Err(VariantError::TooManyCells {
                    what: "arrow's circle",
                    cells: names(size, circle),
                    found: circle.len(),
                    side: 3,
                });
            }
            chained(size, what, circle, Some(false))?;
            if !circle.iter().any(|&c| touch(size, c, line[0], None)) {
                let (from, to) = (cell_name(size, *circle.last().unwrap_or(&line[0])), cell_name(size, line[0]));
                return Err(VariantError::NotAdjacent { what, cells: names(size, &all), from, to, how: "neighbours" });
            }
            chained(size, what, line, None)?;
        }
        Constraint::Thermometer { cells } | Constraint::Renban { cells } => {
            on_grid(size, what, cells, 2)?;
            chained(size, what, cells, None)?;
            distinct_digits(size, what, cells)?;
        }
        Constraint::Whispers { cells } | Constraint::Palindrome { cells } => {
            on_grid(size, what, cells, 2)?;
            chained(size, what, cells, None)?;
        }
        Constraint::Kropki { cells, .. } => {
            on_grid(size, what, cells, 2)?;
            chained(size, what, cells, Some(false))?;
        }
        Constraint::Xv { cells, sum } => {
            on_grid(size, what, cells, 2)?;
            chained(size, what, cells, Some(false))?;
            if !matches!(sum, 5 | 10) {
                return Err(VariantError::XvSum { cells: names(size, cells), sum: *sum });
            }
        }
        Constraint::ExtraRegion { cells } => {
            on_grid(size, what, cells, 2)?;
            distinct_digits(size, what, cells)?;
        }
        Constraint::Parity { cell, even } => {
            on_grid(size, what, std::slice::from_ref(cell), 1)?;
            if let Some(d) = puzzle.givens.get(*cell)
                && (d.get() % 2 == 0) != *even
            {
                let parity = if *even { "even" } else { "odd" };
                return Err(VariantError::ParityGiven { cell: cell_name(size, *cell), parity, digit: d.get() });
            }
        }
        Constraint::DisjointGroups if puzzle.regions.is_some() => return Err(VariantError::NeedsBoxes { what: "disjoint groups" }),
        Constraint::KropkiNegative { .. }
        | Constraint::XvNegative
        | Constraint::Diagonal { .. }
        | Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::DisjointGroups => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Digit;
    use crate::grid::Grid;

    fn nine(constraints: Vec<Constraint>) -> Puzzle {
        Puzzle { constraints, ..Puzzle::classic(Grid::new(Size::Nine)) }
    }

    fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| Size::Nine.cell(r, c)).collect()
    }

    fn error(c: Constraint) -> String {
        validate(&nine(vec![c])).unwrap_err().to_string()
    }

    #[test]
    fn good_constraints_pass() {
        let p = nine(vec![
            Constraint::Killer { cells: cells(&[(0, 0), (0, 1)]), sum: Some(17) },
            Constraint::Killer { cells: cells(&[(8, 8)]), sum: None },
            Constraint::Thermometer { cells: cells(&[(1, 1), (2, 2), (2, 3)]) },
            Constraint::Arrow { circle: cells(&[(4, 4), (4, 5)]), line: cells(&[(5, 6), (6, 6)]) },
            Constraint::Kropki { cells: [Size::Nine.cell(3, 3), Size::Nine.cell(4, 3)], dot: super::super::Dot::Black },
            Constraint::Xv { cells: [Size::Nine.cell(3, 3), Size::Nine.cell(3, 4)], sum: 10 },
            Constraint::LittleKiller { cells: cells(&[(0, 1), (1, 2), (2, 3)]), sum: 20, clue: (-1, 0) },
            Constraint::Sandwich { line: Line::Col(8), sum: 35, start: true },
            Constraint::Parity { cell: Size::Nine.cell(0, 0), even: true },
            Constraint::DisjointGroups,
        ]);
        assert_eq!(validate(&p), Ok(()));
    }

    #[test]
    fn each_mistake_has_its_reason() {
        assert_eq!(
            error(Constraint::Killer { cells: cells(&[(0, 0), (0, 1)]), sum: Some(46) }),
            "the killer cage at r1c1,r1c2 has the sum 46, but its digits add up to between 3 and 17"
        );
        let all: Vec<Cell> = (0..10).map(Cell::new).collect();
        assert!(error(Constraint::Killer { cells: all, sum: None }).contains("has 10 cells"));
        assert_eq!(
            error(Constraint::Thermometer { cells: cells(&[(0, 0), (0, 1), (0, 0)]) }),
            "the thermometer at r1c1,r1c2,r1c1 passes through r1c1 twice"
        );
        assert_eq!(
            error(Constraint::Thermometer { cells: cells(&[(0, 0), (0, 2)]) }),
            "the thermometer at r1c1,r1c3 goes from r1c1 to r1c3, which are not neighbours"
        );
        assert!(
            error(Constraint::Kropki { cells: [Cell::new(0), Cell::new(10)], dot: super::super::Dot::White }).contains("not side by side")
        );
        assert!(error(Constraint::Xv { cells: [Cell::new(0), Cell::new(1)], sum: 7 }).contains("X is 10 and V is 5"));
        assert!(error(Constraint::Renban { cells: vec![Cell::new(0), Cell::new(81)] }).contains("outside the 9x9 grid"));
        assert!(error(Constraint::Sandwich { line: Line::Row(9), sum: 0, start: true }).contains("outside"));
        assert!(error(Constraint::Sandwich { line: Line::Row(2), sum: 36, start: true }).contains("row 3 has the sum 36"));
        assert!(error(Constraint::Arrow { circle: cells(&[(0, 0)]), line: vec![] }).contains("at least 1"));
        assert!(error(Constraint::Arrow { circle: cells(&[(0, 0)]), line: cells(&[(0, 0), (0, 1)]) }).contains("twice"));
        assert!(error(Constraint::Arrow { circle: cells(&[(0, 0)]), line: cells(&[(0, 2)]) }).contains("not neighbours"));
        assert!(error(Constraint::LittleKiller { cells: cells(&[(0, 1), (1, 2)]), sum: 2, clue: (4, 4) }).contains("outside"));
        assert!(error(Constraint::ExtraRegion { cells: (0..10).map(Cell::new).collect() }).contains("has 10 cells"));
        let mut p = nine(vec![Constraint::Parity { cell: Cell::new(0), even: false }]);
        p.givens.set(Cell::new(0), Digit::new(4));
        assert_eq!(validate(&p).unwrap_err().to_string(), "r1c1 must hold an odd digit, but its given is 4");
    }

    #[test]
    fn regions_are_side_regions_of_side_cells() {
        let mut p = nine(vec![]);
        let boxes: Vec<u8> = Size::Nine.cells().map(|c| Size::Nine.box_of(c) as u8).collect();
        p.regions = Some(boxes.clone());
        assert_eq!(validate(&p), Ok(()));
        p.regions.as_mut().unwrap()[0] = 1;
        assert_eq!(validate(&p).unwrap_err().to_string(), "the regions are wrong: region 1 has 8 cells; each region needs 9");
        p.regions.as_mut().unwrap()[0] = 9;
        assert!(validate(&p).unwrap_err().to_string().contains("r1c1 is in region 10"));
        p.regions = Some(boxes[..80].to_vec());
        assert!(validate(&p).is_err());
        p.regions = Some(boxes);
        p.constraints.push(Constraint::DisjointGroups);
        assert!(validate(&p).unwrap_err().to_string().contains("usual boxes"));
    }
}
