//! The reference solver: as plain as a correct solver can be, to check the fast ones.
//!
//! No propagation and no clever state: at each node it recomputes, from the digits alone, the
//! open digits of every empty cell, branches on a cell with the fewest, and backtracks. Slow but
//! easy to trust; the differential tests run it against `fast9` and `general`.

use crate::geometry::Size;
use crate::grid::Grid;

/// Counts solutions up to `limit`, returning the count and the solutions found.
pub fn solutions(grid: &Grid, limit: usize) -> Vec<Grid> {
    let mut found = Vec::new();
    if limit > 0 && grid.conflicts().is_empty() {
        let mut g = grid.clone();
        walk(&mut g, limit, &mut found);
    }
    found
}

fn walk(g: &mut Grid, limit: usize, found: &mut Vec<Grid>) {
    let size: Size = g.size();
    let mut best: Option<(crate::geometry::Cell, crate::geometry::DigitSet)> = None;
    for cell in size.cells() {
        if g.get(cell).is_none() {
            let open = g.open_digits(cell);
            if best.is_none_or(|(_, b)| open.len() < b.len()) {
                best = Some((cell, open));
            }
        }
    }
    let Some((cell, open)) = best else {
        found.push(g.clone());
        return;
    };
    for d in open {
        g.set(cell, Some(d));
        walk(g, limit, found);
        g.set(cell, None);
        if found.len() >= limit {
            return;
        }
    }
}
