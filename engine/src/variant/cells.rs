//! Rules on cells as such: the diagonals, extra regions and disjoint groups (distinct digits),
//! anti-knight and anti-king (cells a chess move apart differ), and parity (odd or even).
//!
//! All but parity are more peers: each forbids a repeat and narrows as "a placed digit leaves
//! its peers", which the propagation loop does for rows and columns too; a group of `side`
//! cells is also a house for hidden singles. Parity forbids and narrows one cell's digits.

use super::rules::{Builder, indices};
use super::{Constraint, Diagonal, broken_pairs, repeats};
use crate::cellset::CellSet;
use crate::geometry::{Cell, DigitSet, Size};
use crate::grid::Grid;

/// The orthogonal neighbours of a cell, in reading order (above, left, right, below): the
/// cells a cage grows into, a kropki dot or an XV sits between.
pub fn orthogonal_neighbours(size: Size, cell: Cell) -> impl Iterator<Item = Cell> {
    let side = size.side() as i32;
    let (r, c) = (size.row_of(cell) as i32, size.col_of(cell) as i32);
    [(-1, 0), (0, -1), (0, 1), (1, 0)]
        .into_iter()
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |&(r, c)| (0..side).contains(&r) && (0..side).contains(&c))
        .map(move |(r, c)| size.cell(r as usize, c as usize))
}

/// Whether cells are orthogonally connected (a cage is drawn as one outline); no cells are not.
pub fn orthogonally_connected(size: Size, cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else { return false };
    let mut seen = CellSet::single(first);
    let mut stack = vec![first];
    while let Some(c) = stack.pop() {
        for n in orthogonal_neighbours(size, c) {
            if cells.contains(&n) && !seen.contains(n) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    seen.len() == cells.len()
}

/// The cells of a diagonal, from the top row down.
pub(super) fn diagonal_cells(size: Size, d: Diagonal) -> Vec<Cell> {
    let side = size.side();
    (0..side).map(|r| size.cell(r, if d == Diagonal::Main { r } else { side - 1 - r })).collect()
}

/// The disjoint groups: the cells at each position of their boxes.
fn disjoint_groups(size: Size) -> Vec<Vec<Cell>> {
    let (h, w) = (size.box_rows(), size.box_cols());
    (0..size.side()).map(|p| size.cells().filter(|&c| (size.row_of(c) % h) * w + size.col_of(c) % w == p).collect()).collect()
}

/// The pairs of cells a chess move apart (knight or king's diagonal step), each once.
fn chess_pairs(size: Size, moves: &[(i32, i32)]) -> Vec<(Cell, Cell)> {
    let side = size.side() as i32;
    let mut out = Vec::new();
    for c in size.cells() {
        let (r, col) = (size.row_of(c) as i32, size.col_of(c) as i32);
        for &(dr, dc) in moves {
            let (r2, c2) = (r + dr, col + dc);
            if (0..side).contains(&r2) && (0..side).contains(&c2) {
                let other = size.cell(r2 as usize, c2 as usize);
                if c < other {
                    out.push((c, other));
                }
            }
        }
    }
    out
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
// The king's orthogonal steps are in a row or column already.
const KING: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The distinct groups a constraint makes, or the pairs that must differ.
fn groups(size: Size, c: &Constraint) -> (Vec<Vec<Cell>>, Vec<(Cell, Cell)>) {
    match c {
        Constraint::Diagonal { diagonal } => (vec![diagonal_cells(size, *diagonal)], Vec::new()),
        Constraint::ExtraRegion { cells } => (vec![cells.clone()], Vec::new()),
        Constraint::DisjointGroups => (disjoint_groups(size), Vec::new()),
        Constraint::AntiKnight => (Vec::new(), chess_pairs(size, &KNIGHT)),
        Constraint::AntiKing => (Vec::new(), chess_pairs(size, &KING)),
        _ => (Vec::new(), Vec::new()),
    }
}

/// The odd or even digits of a size.
pub(super) fn parity_digits(size: Size, even: bool) -> DigitSet {
    size.digits().filter(|d| (d.get() % 2 == 0) == even).collect()
}

pub(super) fn compile(b: &mut Builder, c: &Constraint) -> Option<()> {
    if let Constraint::Parity { cell, even } = c {
        let i = indices(b.size, &[*cell])?[0];
        b.restrict(i, parity_digits(b.size, *even));
        return Some(());
    }
    let (groups, pairs) = groups(b.size, c);
    for g in groups {
        b.distinct(&indices(b.size, &g)?);
    }
    for (x, y) in pairs {
        b.differ(x.index(), y.index());
    }
    Some(())
}

pub(super) fn violations(grid: &Grid, c: &Constraint) -> Vec<Vec<Cell>> {
    let size = grid.size();
    if let Constraint::Parity { cell, even } = c {
        return match grid.get(*cell) {
            Some(d) if !parity_digits(size, *even).contains(d) => vec![vec![*cell]],
            _ => Vec::new(),
        };
    }
    let (groups, pairs) = groups(size, c);
    let mut out: Vec<Vec<Cell>> = groups.iter().map(|g| repeats(grid, g)).filter(|r| !r.is_empty()).collect();
    out.extend(broken_pairs(grid, pairs, |x, y| x != y));
    out
}
