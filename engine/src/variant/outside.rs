//! Clues outside the grid: little killers (the digits along a diagonal add up to the clue;
//! they may repeat) and sandwiches (the digits between the 1 and the largest digit of a row or
//! column add up to the clue).
//!
//! A little killer forbids a full diagonal off its sum and a partial one already past it (or
//! short of it with every empty cell at the largest digit); it narrows as a sum by bounds. A
//! sandwich forbids, once its 1 and largest digit are placed, a full crust off its sum or a
//! partial one past it; it narrows over every placement of the 1 and the largest digit that
//! the candidates and the sum allow.

use super::filled_sum;
use super::rules::{Builder, Rule, indices};
use super::{Grid, Line};
use crate::geometry::{Cell, Size};

pub(super) fn compile_little_killer(b: &mut Builder, cells: &[Cell], sum: u16) -> Option<()> {
    let idx = indices(b.size, cells)?;
    b.rule(Rule::Linear { terms: idx.into_iter().map(|c| (c, 1)).collect(), total: i32::from(sum) });
    Some(())
}

pub(super) fn little_killer_violations(grid: &Grid, cells: &[Cell], sum: u16) -> Vec<Vec<Cell>> {
    let (filled, empty) = filled_sum(grid, cells);
    let side = grid.size().side() as i32;
    let sum = i32::from(sum);
    if filled + empty > sum || filled + empty * side < sum {
        vec![cells.iter().copied().filter(|&c| grid.get(c).is_some()).collect()]
    } else {
        Vec::new()
    }
}

/// The cells of a row or column, in order. The caller checks the index.
pub(super) fn line_cells(size: Size, line: Line) -> Vec<Cell> {
    let side = size.side();
    match line {
        Line::Row(r) => (0..side).map(|c| size.cell(r as usize, c)).collect(),
        Line::Col(c) => (0..side).map(|r| size.cell(r, c as usize)).collect(),
    }
}

pub(super) fn compile_sandwich(b: &mut Builder, line: Line, sum: u16) -> Option<()> {
    let cells = line_cells(b.size, line);
    b.rule(Rule::Sandwich { line: cells.iter().map(|c| c.index()).collect(), sum: i32::from(sum) });
    Some(())
}

pub(super) fn sandwich_violations(grid: &Grid, line: Line, sum: u16) -> Vec<Vec<Cell>> {
    let size = grid.size();
    let cells = line_cells(size, line);
    let at = |v: usize| cells.iter().position(|&c| grid.get(c).is_some_and(|d| usize::from(d.get()) == v));
    let (Some(p), Some(q)) = (at(1), at(size.side())) else { return Vec::new() };
    let (lo, hi) = (p.min(q), p.max(q));
    let crust = &cells[lo + 1..hi];
    let (filled, empty) = filled_sum(grid, crust);
    let sum = i32::from(sum);
    let side = size.side() as i32;
    if filled + 2 * empty > sum || filled + (side - 1) * empty < sum {
        vec![cells[lo..=hi].iter().copied().filter(|&c| grid.get(c).is_some()).collect()]
    } else {
        Vec::new()
    }
}
