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
use crate::step::{Link, Step, Technique};

/// A cluster: its two colours, the houses of its links, and the links (conjugate pairs).
type Cluster = (CellSet, CellSet, Vec<House>, Vec<(Cell, Cell)>);

/// The clusters of a digit.
fn clusters(pos: &Position, digit: Digit) -> Vec<Cluster> {
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
        let mut pairs = Vec::new();
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
                if !pairs.contains(&(p, q)) {
                    pairs.push((p, q));
                }
                if let std::collections::hash_map::Entry::Vacant(e) = colour.entry(next) {
                    e.insert(!c);
                    stack.push((next, !c));
                }
            }
        }
        if on.len() + off.len() >= 3 {
            out.push((on, off, houses, pairs));
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
        for (on, off, houses, pairs) in clusters(pos, digit) {
            let mut step = Step::new(technique);
            match technique {
                Technique::SimpleColorsTrap => {
                    let targets = (seen_by_any(size, on) & seen_by_any(size, off) & pos.digit_cells(digit)) - on - off;
                    step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
                    // Per target: a path from a cell of one colour it sees to one of the other.
                    for t in targets.iter() {
                        let seen = peer_set(size, t);
                        if let Some(path) = shortest_path(&pairs, on & seen, off & seen) {
                            let chain = alternating_links(&path, digit, true);
                            if !step.chains.contains(&chain) {
                                step.chains.push(chain);
                            }
                        }
                    }
                }
                _ => {
                    // A colour whose cells see each other is false.
                    for colour in [on, off] {
                        let clash = colour.iter().find_map(|c| (peer_set(size, c) & colour).first().map(|d| (c, d)));
                        if let Some((c, d)) = clash {
                            step.eliminations = colour.iter().map(|c| Candidate::new(c, digit)).collect();
                            // c true ⇒ d false (they see each other) ⇒ … along the cluster ⇒ c false.
                            if let Some(path) = shortest_path(&pairs, CellSet::single(d), CellSet::single(c)) {
                                let mut chain = vec![Link::cells(Candidate::new(c, digit), Candidate::new(d, digit), false)];
                                chain.extend(alternating_links(&path, digit, true));
                                step.chains = vec![chain];
                            }
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

/// The shortest path along the cluster's links from a cell of `from` to a cell of `to`.
fn shortest_path(pairs: &[(Cell, Cell)], from: CellSet, to: CellSet) -> Option<Vec<Cell>> {
    let mut parent: std::collections::HashMap<Cell, Option<Cell>> = from.iter().map(|c| (c, None)).collect();
    let mut queue: std::collections::VecDeque<Cell> = from.iter().collect();
    while let Some(cell) = queue.pop_front() {
        if to.contains(cell) {
            let mut path = vec![cell];
            while let Some(&Some(prev)) = parent.get(path.last()?) {
                path.push(prev);
            }
            path.reverse();
            return Some(path);
        }
        for &(p, q) in pairs {
            let next = if p == cell {
                q
            } else if q == cell {
                p
            } else {
                continue;
            };
            if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                e.insert(Some(cell));
                queue.push_back(next);
            }
        }
    }
    None
}

/// The links along a path of conjugate pairs, alternately read as strong and weak (a
/// conjugate pair is both: its two cells see each other), the first as `first_strong`.
fn alternating_links(path: &[Cell], digit: Digit, first_strong: bool) -> Vec<Link> {
    path.windows(2)
        .enumerate()
        .map(|(i, w)| Link::cells(Candidate::new(w[0], digit), Candidate::new(w[1], digit), (i % 2 == 0) == first_strong))
        .collect()
}
