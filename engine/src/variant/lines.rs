//! Lines: German whispers (neighbours along the line differ by at least half the side,
//! rounded up: 5 on a 9x9), renban (a set of consecutive digits in any order, no repeat) and
//! palindromes (the line reads the same from both ends).
//!
//! Whispers and palindromes forbid and narrow pair by pair (neighbours; mirror cells). Renban
//! forbids a repeat and a spread of digits too wide for its length, and narrows as distinct
//! cells whose digits are one of the runs of its length.

use super::rules::{Builder, Rule, indices};
use super::{Constraint, Relation, broken_pairs, repeats};
use crate::geometry::Cell;
use crate::grid::Grid;

/// The least difference between whispering neighbours on a grid of this side.
pub(super) fn whisper_gap(side: usize) -> u8 {
    side.div_ceil(2) as u8
}

/// The pairs a whisper or palindrome relates, and how.
fn pairs(side: usize, c: &Constraint, cells: &[Cell]) -> (Vec<(Cell, Cell)>, Relation) {
    if let Constraint::Palindrome { .. } = c {
        let n = cells.len();
        ((0..n / 2).map(|i| (cells[i], cells[n - 1 - i])).collect(), Box::new(|x, y| x == y))
    } else {
        let gap = whisper_gap(side);
        (cells.windows(2).map(|w| (w[0], w[1])).collect(), Box::new(move |x, y| x.abs_diff(y) >= gap))
    }
}

pub(super) fn compile(b: &mut Builder, c: &Constraint, cells: &[Cell]) -> Option<()> {
    let idx = indices(b.size, cells)?;
    if let Constraint::Renban { .. } = c {
        b.distinct(&idx);
        let n = idx.len();
        let run = (1u32 << n) - 1;
        let sets = (0..=b.side.saturating_sub(n)).map(|lo| (run << lo) as u16).collect();
        b.rule(Rule::Choice { cells: idx, sets });
    } else {
        let (pairs, ok) = pairs(b.side, c, cells);
        for (x, y) in pairs {
            b.pair(x.index(), y.index(), &ok);
        }
    }
    Some(())
}

pub(super) fn violations(grid: &Grid, c: &Constraint, cells: &[Cell]) -> Vec<Vec<Cell>> {
    if let Constraint::Renban { .. } = c {
        let mut out = Vec::new();
        let twice = repeats(grid, cells);
        if !twice.is_empty() {
            out.push(twice);
        }
        let digits: Vec<u8> = cells.iter().filter_map(|&c| grid.get(c)).map(|d| d.get()).collect();
        if let (Some(lo), Some(hi)) = (digits.iter().min(), digits.iter().max())
            && usize::from(hi - lo) >= cells.len()
        {
            out.push(cells.iter().copied().filter(|&c| grid.get(c).is_some()).collect());
        }
        out
    } else {
        let (pairs, ok) = pairs(grid.size().side(), c, cells);
        broken_pairs(grid, pairs, ok)
    }
}
