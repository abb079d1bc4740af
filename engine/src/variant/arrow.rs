//! Arrows: the digits along the shaft add up to the number in the circle (one cell, or a pill
//! of up to three read as a number in reading order).
//!
//! Forbids a full shaft off the circle's number and a shaft already past it (or past the
//! largest number the circle can still hold); narrows as the linear equation
//! shaft − circle = 0 by bounds.

use super::filled_sum;
use super::rules::{Builder, Rule, indices};
use crate::geometry::Cell;
use crate::grid::Grid;

pub(super) fn compile(b: &mut Builder, circle: &[Cell], line: &[Cell]) -> Option<()> {
    let circle = indices(b.size, circle)?;
    let line = indices(b.size, line)?;
    let mut terms: Vec<(usize, i32)> = line.iter().map(|&c| (c, 1)).collect();
    let k = circle.len() as u32;
    terms.extend(circle.iter().enumerate().map(|(i, &c)| (c, -(10i32.pow(k - 1 - i as u32)))));
    b.rule(Rule::Linear { terms, total: 0 });
    Some(())
}

/// The smallest and largest number the circle can still hold.
fn circle_range(grid: &Grid, circle: &[Cell]) -> (i32, i32) {
    let side = grid.size().side() as i32;
    circle.iter().fold((0, 0), |(lo, hi), &c| match grid.get(c) {
        Some(d) => (lo * 10 + i32::from(d.get()), hi * 10 + i32::from(d.get())),
        None => (lo * 10 + 1, hi * 10 + side),
    })
}

pub(super) fn violations(grid: &Grid, circle: &[Cell], line: &[Cell]) -> Vec<Vec<Cell>> {
    let (lo, hi) = circle_range(grid, circle);
    let (filled, empty) = filled_sum(grid, line);
    let broken = filled + empty > hi || (empty == 0 && filled < lo);
    if broken { vec![circle.iter().chain(line).copied().filter(|&c| grid.get(c).is_some()).collect()] } else { Vec::new() }
}
