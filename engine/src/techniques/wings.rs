//! Wings: XY-Wing, XYZ-Wing and W-Wing.
//!
//! - XY-Wing: a pivot holding {x,y} sees two pincers {x,z} and {y,z}. Whatever the pivot is,
//!   one pincer is z: a cell seeing both pincers can't be z.
//! - XYZ-Wing: the same with a pivot {x,y,z}; the pivot may be z itself, so the cell must see
//!   the pivot too.
//! - W-Wing: two cells {x,y} that don't see each other, and a house where x has only two
//!   places, one seeing each cell. One of the two cells is y: cells seeing both lose y.

use super::util::Sink;
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, DigitSet};
use crate::position::Position;
use crate::step::{Step, Technique};

fn step_for(technique: Technique, pos: &Position, targets: CellSet, z: crate::geometry::Digit, cells: Vec<Cell>) -> Option<Step> {
    let targets = targets & pos.digit_cells(z);
    if targets.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    step.eliminations = targets.iter().map(|c| Candidate::new(c, z)).collect();
    step.candidates = cells.iter().flat_map(|&c| pos.candidates(c).iter().map(move |d| Candidate::new(c, d))).collect();
    step.cells = cells;
    Some(step)
}

pub fn xy_wing(pos: &Position, xyz: bool, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    let technique = if xyz { Technique::XYZWing } else { Technique::XYWing };
    let bivalue: Vec<Cell> = pos.open_cells().filter(|&c| pos.candidates(c).len() == 2).collect();
    for pivot in pos.open_cells() {
        let pc = pos.candidates(pivot);
        if pc.len() != if xyz { 3 } else { 2 } {
            continue;
        }
        let wings: Vec<Cell> = bivalue.iter().copied().filter(|&w| w != pivot && size.sees(pivot, w)).collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ca, cb) = (pos.candidates(a), pos.candidates(b));
                if ca == cb {
                    continue;
                }
                let z_set = ca & cb;
                let Some(z) = z_set.single_digit() else { continue };
                let ok = if xyz {
                    // {x,z}, {y,z} ⊂ pivot {x,y,z}, x ≠ y
                    ca.difference(pc).is_empty() && cb.difference(pc).is_empty() && (ca | cb) == pc
                } else {
                    // pivot {x,y}; pincers {x,z}, {y,z}; z not in the pivot
                    !pc.contains(z) && (ca | cb).difference(DigitSet::single(z)) == pc
                };
                if !ok {
                    continue;
                }
                let mut seen = size.common_peers(&[a, b]);
                if xyz {
                    seen = seen & size.common_peers(&[pivot]);
                }
                let targets = seen - [pivot, a, b].into_iter().collect();
                if let Some(step) = step_for(technique, pos, targets, z, vec![pivot, a, b])
                    && !sink(step)
                {
                    return false;
                }
            }
        }
    }
    true
}

pub fn w_wing(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    let bivalue: Vec<Cell> = pos.open_cells().filter(|&c| pos.candidates(c).len() == 2).collect();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let pair = pos.candidates(a);
            if pos.candidates(b) != pair || size.sees(a, b) {
                continue;
            }
            for x in pair {
                let Some(y) = pair.difference(DigitSet::single(x)).single_digit() else { continue };
                for house in size.houses() {
                    let link = pos.house_digit_cells(house, x);
                    if link.len() != 2 || link.contains(a) || link.contains(b) {
                        continue;
                    }
                    let v = link.to_vec();
                    let bridged = (size.sees(v[0], a) && size.sees(v[1], b)) || (size.sees(v[1], a) && size.sees(v[0], b));
                    if !bridged {
                        continue;
                    }
                    let targets = size.common_peers(&[a, b]) - [a, b].into_iter().collect();
                    if let Some(mut step) = step_for(Technique::WWing, pos, targets, y, vec![a, b, v[0], v[1]]) {
                        step.houses = vec![house];
                        if !sink(step) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}
