//! Simple Colors (single-digit colouring): on one digit, the conjugate pairs (houses where it has
//! exactly two places) link cells that must hold it alternately. Colour each connected cluster
//! in two colours: one colour holds the digit, the other doesn't.
//!
//! - Trap: a cell outside the cluster that sees both colours can't hold the digit.
//! - Wrap: two cells of one colour see each other — that colour is false, and loses the digit
//!   everywhere (the other colour is true).

use super::util::Sink;
use crate::cellset::{CellSet, peer_set};
use crate::geometry::{Candidate, Cell, Digit, House};
use crate::position::Position;
use crate::step::{Step, Technique};

/// The clusters of a digit: for each, its two colours and the houses of its links.
fn clusters(pos: &Position, digit: Digit) -> Vec<(CellSet, CellSet, Vec<House>)> {
    let size = pos.size();
    let mut links: Vec<(Cell, Cell, House)> = Vec::new();
    for house in size.houses() {
        let cells = pos.house_digit_cells(house, digit);
        if cells.len() == 2 {
            let v = cells.to_vec();
            links.push((v[0], v[1], house));
        }
    }
    let mut colour: std::collections::HashMap<Cell, bool> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for &(start, _, _) in &links {
        if colour.contains_key(&start) {
            continue;
        }
        let (mut on, mut off) = (CellSet::EMPTY, CellSet::EMPTY);
        let mut houses = Vec::new();
        let mut stack = vec![(start, true)];
        colour.insert(start, true);
        while let Some((cell, c)) = stack.pop() {
            if c {
                on.insert(cell)
            } else {
                off.insert(cell)
            }
            for &(p, q, h) in &links {
                let next = if p == cell {
                    q
                } else if q == cell {
                    p
                } else {
                    continue;
                };
                if !houses.contains(&h) {
                    houses.push(h);
                }
                if let std::collections::hash_map::Entry::Vacant(e) = colour.entry(next) {
                    e.insert(!c);
                    stack.push((next, !c));
                }
            }
        }
        if on.len() + off.len() >= 3 {
            out.push((on, off, houses));
        }
    }
    out
}

fn seen_by_any(size: crate::geometry::Size, cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc | peer_set(size, c))
}

pub fn find_all(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let size = pos.size();
    for digit in size.digits() {
        for (on, off, houses) in clusters(pos, digit) {
            let mut step = Step::new(technique);
            match technique {
                Technique::SimpleColorsTrap => {
                    let targets = (seen_by_any(size, on) & seen_by_any(size, off) & pos.digit_cells(digit)) - on - off;
                    step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
                }
                _ => {
                    // A colour whose cells see each other is false.
                    for colour in [on, off] {
                        let clash = colour.iter().any(|c| !(peer_set(size, c) & colour).is_empty());
                        if clash {
                            step.eliminations = colour.iter().map(|c| Candidate::new(c, digit)).collect();
                        }
                    }
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            step.cells = (on | off).to_vec();
            step.candidates = step.cells.iter().map(|&c| Candidate::new(c, digit)).collect();
            step.houses = houses;
            if !sink(step) {
                return false;
            }
        }
    }
    true
}
