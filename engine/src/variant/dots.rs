//! Relations between two adjacent cells: kropki dots (white: consecutive, black: one digit
//! twice the other), XV (the pair adds up to 10 or 5), their negative rules (no dot, no
//! relation) and non-consecutive (no two adjacent cells consecutive).
//!
//! Each forbids a filled pair that breaks its relation, and narrows as a pair table (the
//! digits one cell may hold for each digit of the other). A negative rule covers the adjacent
//! pairs without a dot (or an X or V): a pair with a black dot may hold 1 and 2 under a
//! negative white rule, as the dot may stand for either.

use super::Constraint;
use super::cells::orthogonal_neighbours;
use super::rules::{Builder, indices};
use super::{Relation, broken_pairs};
use crate::geometry::{Cell, Size};
use crate::grid::Grid;

/// Whether the digits differ by one.
pub(super) fn consecutive(x: u8, y: u8) -> bool {
    x.abs_diff(y) == 1
}

/// Whether one digit is twice the other.
pub(super) fn double(x: u8, y: u8) -> bool {
    x == 2 * y || y == 2 * x
}

/// Every pair of orthogonally adjacent cells, each once (left before right, top before bottom).
pub(super) fn adjacent_pairs(size: Size) -> impl Iterator<Item = (Cell, Cell)> {
    size.cells().flat_map(move |c| orthogonal_neighbours(size, c).filter(move |&n| n > c).map(move |n| (c, n)))
}

/// The relation each kind of constraint here puts on its pairs, and those pairs.
fn relation(size: Size, c: &Constraint, all: &[Constraint]) -> (Vec<(Cell, Cell)>, Relation) {
    let unmarked = |marked: &dyn Fn(&Constraint) -> Option<[Cell; 2]>| {
        let with: Vec<[Cell; 2]> = all.iter().filter_map(marked).collect();
        adjacent_pairs(size).filter(|&(a, b)| !with.iter().any(|p| p.contains(&a) && p.contains(&b))).collect::<Vec<_>>()
    };
    match *c {
        Constraint::Kropki { cells, dot } => {
            let ok: Relation = match dot {
                super::Dot::White => Box::new(consecutive),
                super::Dot::Black => Box::new(double),
            };
            (vec![(cells[0], cells[1])], ok)
        }
        Constraint::Xv { cells, sum } => (vec![(cells[0], cells[1])], Box::new(move |x, y| x + y == sum)),
        Constraint::KropkiNegative { white, black } => {
            let pairs = unmarked(&|c| if let Constraint::Kropki { cells, .. } = c { Some(*cells) } else { None });
            (pairs, Box::new(move |x, y| !(white && consecutive(x, y) || black && double(x, y))))
        }
        Constraint::XvNegative => {
            let pairs = unmarked(&|c| if let Constraint::Xv { cells, .. } = c { Some(*cells) } else { None });
            (pairs, Box::new(|x, y| x + y != 5 && x + y != 10))
        }
        _ => (adjacent_pairs(size).collect(), Box::new(|x, y| !consecutive(x, y))),
    }
}

pub(super) fn compile(b: &mut Builder, c: &Constraint, all: &[Constraint]) -> Option<()> {
    let (pairs, ok) = relation(b.size, c, all);
    for (x, y) in pairs {
        let idx = indices(b.size, &[x, y])?;
        b.pair(idx[0], idx[1], &ok);
    }
    Some(())
}

pub(super) fn violations(grid: &Grid, c: &Constraint, all: &[Constraint]) -> Vec<Vec<Cell>> {
    let (pairs, ok) = relation(grid.size(), c, all);
    broken_pairs(grid, pairs, ok)
}
