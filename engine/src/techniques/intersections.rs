//! Locked Candidates (the seeds' "candidate lines"): where a box and a line cross.
//!
//! ```text
//!  Pointing: in a box, digit d fits only in      Claiming: in a line, digit d fits only
//!  one row (or column) → d leaves the rest       inside one box → d leaves the rest of
//!  of that line outside the box.                 that box.
//!     ┌───────┐                                      ┌───────┐
//!     │ d d . │ x x x   (x: d removed)               │ x x x │
//!     │ . . . │                                      │ d d . │ . . .   (d nowhere else in
//!     │ . . . │                                      │ x x x │          this row)
//!     └───────┘                                      └───────┘
//! ```

use super::util::{Sink, elimination_step, eliminations, lines, pattern};
use crate::position::Position;
use crate::step::Technique;

/// Pointing: box → line.
pub fn pointing(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    for bx in size.regions_houses() {
        for digit in size.digits() {
            let cells = pos.house_digit_cells(bx, digit);
            if cells.len() < 2 {
                continue;
            }
            for rows in [true, false] {
                for line in lines(pos.size(), rows) {
                    if !cells.is_subset(size.house_set(line)) {
                        continue;
                    }
                    let targets = size.house_set(line) - size.house_set(bx);
                    let step = elimination_step(
                        Technique::LockedCandidatesPointing,
                        eliminations(pos, targets, digit),
                        cells.to_vec(),
                        vec![bx, line],
                        pattern(pos, cells, digit),
                    );
                    if let Some(step) = step
                        && !sink(step)
                    {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Claiming (box/line reduction): line → box.
pub fn claiming(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    for rows in [true, false] {
        for line in lines(pos.size(), rows) {
            for digit in size.digits() {
                let cells = pos.house_digit_cells(line, digit);
                if cells.len() < 2 {
                    continue;
                }
                let Some(first) = cells.first() else { continue };
                let bx = size.region_of(first);
                if !cells.is_subset(size.house_set(bx)) {
                    continue;
                }
                let targets = size.house_set(bx) - size.house_set(line);
                let step = elimination_step(
                    Technique::LockedCandidatesClaiming,
                    eliminations(pos, targets, digit),
                    cells.to_vec(),
                    vec![line, bx],
                    pattern(pos, cells, digit),
                );
                if let Some(step) = step
                    && !sink(step)
                {
                    return false;
                }
            }
        }
    }
    true
}
