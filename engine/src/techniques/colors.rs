//! Simple Colors (single-digit colouring): on one digit, the conjugate pairs (houses where it has
//! exactly two places) link cells that must hold it alternately. Colour each connected cluster
//! in two colours: one colour holds the digit, the other doesn't.
//!
//! - Trap: a cell outside the cluster that sees both colours can't hold the digit.
//! - Wrap: two cells of one colour see each other — that colour is false, and loses the digit
//!   everywhere (the other colour is true).
//!
//! Multi-Colors works across two clusters of the same digit:
//!
//! - 1: a colour of one cluster sees a colour of the other: both can't be true, so one of the
//!   two opposite colours is — a cell seeing both of those can't hold the digit.
//! - 2: a colour of one cluster sees both colours of another cluster: one of those is true, so
//!   that colour is false and loses the digit everywhere.

use super::util::Sink;
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, Digit, House};
use crate::layout::Layout;
use crate::position::Position;
use crate::step::{Link, Step, Technique};

/// A cluster of conjugate pairs: its two colours, the houses of its links, and the links that
/// coloured it (a spanning tree: each cell once).
struct Cluster {
    on: CellSet,
    off: CellSet,
    houses: Vec<House>,
    links: Vec<(Cell, Cell)>,
}

impl Cluster {
    /// The cluster's conjugate pairs as strong links.
    fn chain(&self, digit: Digit) -> Vec<Link> {
        self.links.iter().map(|&(p, q)| Link::cells(Candidate::new(p, digit), Candidate::new(q, digit), true)).collect()
    }
}

/// The clusters of a digit (every one, a lone conjugate pair included).
fn clusters(pos: &Position, digit: Digit) -> Vec<Cluster> {
    let mut links: Vec<(Cell, Cell, House)> = Vec::new();
    for house in pos.layout().houses() {
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
        let mut cluster = Cluster { on: CellSet::EMPTY, off: CellSet::EMPTY, houses: Vec::new(), links: Vec::new() };
        let mut stack = vec![(start, true)];
        colour.insert(start, true);
        while let Some((cell, c)) = stack.pop() {
            if c {
                cluster.on.insert(cell)
            } else {
                cluster.off.insert(cell)
            }
            for &(p, q, h) in &links {
                let next = if p == cell {
                    q
                } else if q == cell {
                    p
                } else {
                    continue;
                };
                if !cluster.houses.contains(&h) {
                    cluster.houses.push(h);
                }
                if let std::collections::hash_map::Entry::Vacant(e) = colour.entry(next) {
                    e.insert(!c);
                    stack.push((next, !c));
                    cluster.links.push((cell, next));
                }
            }
        }
        out.push(cluster);
    }
    out
}

fn seen_by_any(layout: &Layout, cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc | layout.peer_set(c))
}

pub fn find_all(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let (size, layout) = (pos.size(), pos.layout());
    for digit in size.digits() {
        for cluster in clusters(pos, digit).into_iter().filter(|c| c.on.len() + c.off.len() >= 3) {
            let (on, off) = (cluster.on, cluster.off);
            let mut step = Step::new(technique);
            match technique {
                Technique::SimpleColorsTrap => {
                    let targets = (seen_by_any(layout, on) & seen_by_any(layout, off) & pos.digit_cells(digit)) - on - off;
                    step.eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
                }
                _ => {
                    // A colour whose cells see each other is false.
                    for colour in [on, off] {
                        let clash = colour.iter().any(|c| !(layout.peer_set(c) & colour).is_empty());
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
            step.chains = vec![cluster.chain(digit)];
            step.houses = cluster.houses;
            if !sink(step) {
                return false;
            }
        }
    }
    true
}

/// Two cells, one of each set, that see each other (the first such pair).
fn seeing_pair(layout: &Layout, a: CellSet, b: CellSet) -> Option<(Cell, Cell)> {
    a.iter().find_map(|x| (layout.peer_set(x) & b).first().map(|y| (x, y)))
}

/// Multi-Colors 1 and 2, over every pair of clusters of a digit.
pub fn multi_colors(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let size = pos.size();
    for digit in size.digits() {
        let all = clusters(pos, digit);
        for (i, x) in all.iter().enumerate() {
            for (j, y) in all.iter().enumerate() {
                // Type 1 is symmetric in the two clusters: each pair once.
                if i == j || (technique == Technique::MultiColors1 && j < i) {
                    continue;
                }
                let found: Vec<Step> = if technique == Technique::MultiColors1 {
                    multi1(pos, digit, x, y).into_iter().collect()
                } else {
                    multi2(pos, digit, x, y)
                };
                for mut step in found {
                    step.cells = (x.on | x.off | y.on | y.off).to_vec();
                    step.candidates = step.cells.iter().map(|&c| Candidate::new(c, digit)).collect();
                    step.houses = x.houses.iter().chain(&y.houses).copied().collect();
                    let weak = std::mem::take(&mut step.chains);
                    step.chains = vec![x.chain(digit), y.chain(digit)];
                    step.chains.extend(weak);
                    if !sink(step) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Type 1: every pair of colours (one per cluster) that see each other makes the two opposite
/// colours a pair with one true; all the cells seeing such a pair go, in one step.
fn multi1(pos: &Position, digit: Digit, x: &Cluster, y: &Cluster) -> Option<Step> {
    let layout = pos.layout();
    let mut step = Step::new(Technique::MultiColors1);
    let mut targets = CellSet::EMPTY;
    for (a, a_opp) in [(x.on, x.off), (x.off, x.on)] {
        for (b, b_opp) in [(y.on, y.off), (y.off, y.on)] {
            let Some((p, q)) = seeing_pair(layout, a, b) else { continue };
            targets = targets | ((seen_by_any(layout, a_opp) & seen_by_any(layout, b_opp)) - a_opp - b_opp);
            step.chains.push(vec![Link::cells(Candidate::new(p, digit), Candidate::new(q, digit), false)]);
        }
    }
    step.eliminations = (targets & pos.digit_cells(digit)).iter().map(|c| Candidate::new(c, digit)).collect();
    (!step.eliminations.is_empty()).then_some(step)
}

/// Type 2: a colour of `x` that sees both colours of `y` is false.
fn multi2(pos: &Position, digit: Digit, x: &Cluster, y: &Cluster) -> Vec<Step> {
    let layout = pos.layout();
    let mut out = Vec::new();
    for a in [x.on, x.off] {
        let (Some((p1, q1)), Some((p2, q2))) = (seeing_pair(layout, a, y.on), seeing_pair(layout, a, y.off)) else { continue };
        let mut step = Step::new(Technique::MultiColors2);
        step.eliminations = (a & pos.digit_cells(digit)).iter().map(|c| Candidate::new(c, digit)).collect();
        let weak = |p: Cell, q: Cell| Link::cells(Candidate::new(p, digit), Candidate::new(q, digit), false);
        step.chains = vec![vec![weak(p1, q1)], vec![weak(p2, q2)]];
        out.push(step);
    }
    out
}
