//! Killer cages: the cells hold distinct digits that add up to the cage's sum.
//!
//! Forbids a repeat, a full cage off its sum, and a partial cage that can no longer reach it
//! (its filled digits plus the smallest or largest distinct digits left for the empty cells);
//! narrows by the sets of distinct digits with the cage's size and sum (`sets_adding_to`,
//! sudokuwiki's "killer combinations"), keeping the digits of the sets that still fit.

use super::rules::{Builder, Rule, indices};
use super::{filled_sum, repeats};
use crate::geometry::Cell;
use crate::grid::Grid;

pub(super) fn compile(b: &mut Builder, cells: &[Cell], sum: Option<u16>) -> Option<()> {
    let idx = indices(b.size, cells)?;
    b.distinct(&idx);
    if let Some(sum) = sum {
        let sets = sets_adding_to(b.side, idx.len(), u32::from(sum));
        b.rule(Rule::Choice { cells: idx, sets });
    }
    Some(())
}

/// Every set of `count` distinct digits of 1..=side that add up to `sum`, as bitmasks.
pub(super) fn sets_adding_to(side: usize, count: usize, sum: u32) -> Vec<u16> {
    (0u32..1 << side)
        .filter(|m| m.count_ones() as usize == count && (0..side as u32).filter(|d| m & 1 << d != 0).map(|d| d + 1).sum::<u32>() == sum)
        .map(|m| m as u16)
        .collect()
}

pub(super) fn violations(grid: &Grid, cells: &[Cell], sum: Option<u16>) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    let twice = repeats(grid, cells);
    if !twice.is_empty() {
        out.push(twice);
    }
    let Some(sum) = sum else { return out };
    let (filled, empty) = filled_sum(grid, cells);
    let side = grid.size().side() as i32;
    let used: Vec<i32> = cells.iter().filter_map(|&c| grid.get(c)).map(|d| i32::from(d.get())).collect();
    let free: Vec<i32> = (1..=side).filter(|d| !used.contains(d)).collect();
    let k = empty as usize;
    let reachable = k <= free.len() && {
        let least: i32 = free[..k].iter().sum();
        let most: i32 = free[free.len() - k..].iter().sum();
        (filled + least..=filled + most).contains(&i32::from(sum))
    };
    if !reachable && empty < cells.len() as i32 {
        out.push(cells.iter().copied().filter(|&c| grid.get(c).is_some()).collect());
    }
    out
}
