//! Thermometers: the digits strictly increase from the bulb.
//!
//! Forbids two filled cells out of order or too close in value for the cells between them
//! (a 3 and a 4 two steps apart), and a digit that leaves no room before or after it on the
//! thermometer; narrows as a chain of "less than" pairs, which at its fixpoint gives each cell
//! the bounds of its position.

use super::rules::{Builder, indices};
use crate::geometry::Cell;
use crate::grid::Grid;

pub(super) fn compile(b: &mut Builder, cells: &[Cell]) -> Option<()> {
    let idx = indices(b.size, cells)?;
    for w in idx.windows(2) {
        b.pair(w[0], w[1], |x, y| x < y);
    }
    Some(())
}

pub(super) fn violations(grid: &Grid, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let side = grid.size().side() as i32;
    let n = cells.len() as i32;
    let filled: Vec<(i32, Cell, i32)> =
        cells.iter().enumerate().filter_map(|(i, &c)| grid.get(c).map(|d| (i as i32, c, i32::from(d.get())))).collect();
    let mut out = Vec::new();
    for &(i, c, v) in &filled {
        if v < i + 1 || v > side - (n - 1 - i) {
            out.push(vec![c]);
        }
    }
    for (x, &(i, a, v)) in filled.iter().enumerate() {
        for &(j, b, w) in &filled[x + 1..] {
            if w - v < j - i {
                out.push(vec![a, b]);
            }
        }
    }
    out
}
