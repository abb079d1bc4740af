//! Naked and hidden subsets (pairs, triples, quads), and locked pairs/triples.
//!
//! Naked: k cells of a house that together hold only k digits — those digits go in those cells,
//! so they leave the rest of the house. When the cells also share a second house (a line and a
//! box), it is a Locked Pair/Triple and the digits leave both houses.
//!
//! Hidden: k digits that, in a house, fit only in the same k cells — those cells hold those
//! digits, so every other candidate leaves them.

use super::util::{Sink, combinations};
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, DigitSet, House};
use crate::position::Position;
use crate::step::{Step, Technique};

fn naked_technique(k: usize, locked: bool) -> Technique {
    match (k, locked) {
        (2, true) => Technique::LockedPair,
        (3, true) => Technique::LockedTriple,
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

/// The other house (line or box) that all `cells` share besides `house`, if any.
fn second_house(pos: &Position, house: House, cells: &[Cell]) -> Option<House> {
    let size = pos.layout();
    size.houses_of(cells[0]).into_iter().filter(|&h| h != house).find(|&h| cells.iter().all(|&c| size.houses_of(c).contains(&h)))
}

/// Naked subsets of size `k`; `locked` selects the locked (two-house) ones, else the plain.
pub fn naked(pos: &Position, k: usize, locked: bool, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    for house in size.houses() {
        let open: Vec<Cell> = size.house_cells(house).iter().copied().filter(|&c| (2..=k).contains(&pos.candidates(c).len())).collect();
        let go_on = combinations(&open, k, &mut |cells| {
            let digits = cells.iter().fold(DigitSet::EMPTY, |acc, &c| acc | pos.candidates(c));
            if digits.len() != k {
                return true;
            }
            let other = if k <= 3 { second_house(pos, house, cells) } else { None };
            // A locked subset is reported once, from its line (the box view would repeat it).
            if locked != other.is_some() || (locked && !house.is_line()) {
                return true;
            }
            let set: CellSet = cells.iter().copied().collect();
            let mut houses = vec![house];
            let mut area = size.house_set(house);
            if let Some(o) = other {
                houses.push(o);
                area = area | size.house_set(o);
            }
            let targets = area - set;
            let mut step = Step::new(naked_technique(k, locked));
            for d in digits {
                step.eliminations.extend((targets & pos.digit_cells(d)).iter().map(|c| Candidate::new(c, d)));
                step.candidates.extend(cells.iter().filter(|&&c| pos.has(c, d)).map(|&c| Candidate::new(c, d)));
            }
            if step.eliminations.is_empty() {
                return true;
            }
            crate::keyed_sort::sort_by_key(&mut step.eliminations, Candidate::order);
            step.cells = cells.to_vec();
            step.houses = houses;
            sink(step)
        });
        if !go_on {
            return false;
        }
    }
    true
}

/// Hidden subsets of size `k`.
pub fn hidden(pos: &Position, k: usize, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    let technique = match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for house in size.houses() {
        let digits: Vec<_> = size.digits().filter(|&d| (2..=k).contains(&pos.house_digit_cells(house, d).len())).collect();
        let go_on = combinations(&digits, k, &mut |chosen| {
            let cells = chosen.iter().fold(CellSet::EMPTY, |acc, &d| acc | pos.house_digit_cells(house, d));
            if cells.len() != k {
                return true;
            }
            let keep: DigitSet = chosen.iter().copied().collect();
            let mut step = Step::new(technique);
            for cell in cells.iter() {
                for d in pos.candidates(cell).difference(keep) {
                    step.eliminations.push(Candidate::new(cell, d));
                }
                for d in pos.candidates(cell).intersection(keep) {
                    step.candidates.push(Candidate::new(cell, d));
                }
            }
            if step.eliminations.is_empty() {
                return true;
            }
            step.cells = cells.to_vec();
            step.houses = vec![house];
            sink(step)
        });
        if !go_on {
            return false;
        }
    }
    true
}
