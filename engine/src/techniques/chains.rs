//! Chains: sequences of cells linked so that "the first is not X" forces "the last is X".
//! Either end is then X, and a cell that sees both ends can't be.
//!
//! - X-Chain: one digit; links alternate strong (a house with exactly two places for it: one of
//!   the two holds it) and weak (two cells in one house: at most one holds it), starting and
//!   ending strong. Skyscraper, 2-String Kite and Turbot Fish are its three-link forms.
//! - XY-Chain: bivalue cells; each cell's other digit is forced into the next cell's shared digit
//!   being false, so "the first cell is not x" ends with "the last cell is x".
//! - Remote Pair: an XY-Chain of cells that all hold the same two digits: cells an odd number of
//!   links apart hold different digits, so a cell seeing two such cells holds neither.
//!
//! The search is breadth first from every start, so the chain reported for a pair of ends is a
//! shortest one (what a player would want to be shown).

use super::util::{Sink, elimination_step};
use crate::cellset::{CellSet, common_peers, peer_set};
use crate::geometry::{Candidate, Cell, Digit, House};
use crate::position::Position;
use crate::step::{Step, Technique};
use std::collections::HashMap;
use std::collections::VecDeque;

/// Follows parent links back from `end` to the start; `None` if the walk repeats a cell (a
/// breadth-first search over (cell, state) pairs can visit a cell twice).
fn path_to<K: Copy + Eq + std::hash::Hash>(parents: &HashMap<K, Option<K>>, end: K, cell_of: impl Fn(K) -> Cell) -> Option<Vec<K>> {
    let mut path = vec![end];
    let mut at = end;
    while let Some(&Some(prev)) = parents.get(&at) {
        path.push(prev);
        at = prev;
    }
    path.reverse();
    let mut seen = CellSet::EMPTY;
    for &k in &path {
        if seen.contains(cell_of(k)) {
            return None;
        }
        seen.insert(cell_of(k));
    }
    Some(path)
}

/// The house two cells share that shows their link best: a house where they are the only two
/// places for `digit` (strong), else any shared house.
fn link_house(pos: &Position, a: Cell, b: Cell, digit: Digit) -> Option<House> {
    let size = pos.size();
    let shared: Vec<House> = size.houses_of(a).into_iter().filter(|h| size.houses_of(b).contains(h)).collect();
    shared.iter().copied().find(|&h| pos.house_digit_cells(h, digit).len() == 2).or_else(|| shared.first().copied())
}

/// X-Chains on every digit.
pub fn x_chain(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    for digit in size.digits() {
        let places = pos.digit_cells(digit);
        let strong = |c: Cell| -> Vec<Cell> {
            size.houses_of(c)
                .into_iter()
                .filter_map(|h| {
                    let cells = pos.house_digit_cells(h, digit);
                    (cells.len() == 2).then(|| (cells - CellSet::single(c)).first()).flatten()
                })
                .collect()
        };
        for start in places.iter() {
            // States: (cell, arrived by a strong link). A strong arrival is a possible end.
            let mut parents: HashMap<(Cell, bool), Option<(Cell, bool)>> = HashMap::new();
            let mut queue = VecDeque::new();
            parents.insert((start, false), None);
            queue.push_back(((start, false), 0usize));
            while let Some(((cell, by_strong), links)) = queue.pop_front() {
                let next: Vec<Cell> = if by_strong { (peer_set(size, cell) & places).to_vec() } else { strong(cell) };
                for n in next {
                    let state = (n, !by_strong);
                    if n == start || parents.contains_key(&state) {
                        continue;
                    }
                    parents.insert(state, Some((cell, by_strong)));
                    queue.push_back((state, links + 1));
                    if !by_strong && links + 1 >= 3 {
                        let Some(path) = path_to(&parents, state, |k| k.0) else { continue };
                        let cells: Vec<Cell> = path.iter().map(|k| k.0).collect();
                        let chain: CellSet = cells.iter().copied().collect();
                        let targets = common_peers(size, &[start, n]) & (places - chain);
                        let eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
                        let houses = cells.windows(2).filter_map(|w| link_house(pos, w[0], w[1], digit)).collect();
                        let pattern = cells.iter().map(|&c| Candidate::new(c, digit)).collect();
                        if let Some(step) = elimination_step(Technique::XChain, eliminations, cells, houses, pattern)
                            && !sink(step)
                        {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

/// The bivalue cells and their two digits.
fn bivalue_cells(pos: &Position) -> Vec<(Cell, Digit, Digit)> {
    pos.open_cells()
        .filter_map(|c| {
            let cands = pos.candidates(c);
            let mut it = cands.iter();
            match (it.next(), it.next(), it.next()) {
                (Some(a), Some(b), None) => Some((c, a, b)),
                _ => None,
            }
        })
        .collect()
}

/// XY-Chains (`remote` false) or Remote Pairs (`remote` true).
pub fn xy_chain(pos: &Position, remote: bool, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let bivalue = bivalue_cells(pos);
    let digits_of: HashMap<Cell, (Digit, Digit)> = bivalue.iter().map(|&(c, a, b)| (c, (a, b))).collect();
    let other = |c: Cell, d: Digit| -> Digit {
        let (a, b) = digits_of[&c];
        if a == d { b } else { a }
    };
    for &(start, a, b) in &bivalue {
        for x in [a, b] {
            // States: (cell, the digit the chain makes true there), starting from "start is not x".
            let first = (start, other(start, x));
            let mut parents: HashMap<(Cell, Digit), Option<(Cell, Digit)>> = HashMap::new();
            parents.insert(first, None);
            let mut queue = VecDeque::from([(first, 1usize)]);
            while let Some(((cell, truth), count)) = queue.pop_front() {
                for &(n, p, q) in &bivalue {
                    if n == start || !size.sees(cell, n) || (p != truth && q != truth) {
                        continue;
                    }
                    if remote && (p, q) != (a, b) {
                        continue;
                    }
                    let state = (n, other(n, truth));
                    if parents.contains_key(&state) {
                        continue;
                    }
                    parents.insert(state, Some((cell, truth)));
                    queue.push_back((state, count + 1));
                    let Some(step) = chain_step(pos, remote, start, x, state, count + 1, &parents) else { continue };
                    if !sink(step) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The step for an XY-Chain or Remote Pair ending at `end`, if the chain is long enough, its
/// end is `x`, and something is eliminated.
fn chain_step(
    pos: &Position,
    remote: bool,
    start: Cell,
    x: Digit,
    end: (Cell, Digit),
    count: usize,
    parents: &HashMap<(Cell, Digit), Option<(Cell, Digit)>>,
) -> Option<Step> {
    let size = pos.size();
    // Remote pairs: four cells at least (three would be an XY-Wing on two digits); the ends
    // are then an odd number of links apart exactly when the count is even.
    let long_enough = if remote { count >= 4 && count.is_multiple_of(2) } else { count >= 3 };
    if !long_enough || end.1 != x {
        return None;
    }
    let path = path_to(parents, end, |k| k.0)?;
    let cells: Vec<Cell> = path.iter().map(|k| k.0).collect();
    let chain: CellSet = cells.iter().copied().collect();
    let mut pattern: Vec<Candidate> = cells.iter().flat_map(|&c| pos.candidates(c).iter().map(move |d| Candidate::new(c, d))).collect();
    pattern.sort();
    let eliminations: Vec<Candidate> = if remote {
        // Every two chain cells an odd number of links apart hold different digits of the pair.
        let digits = pos.candidates(start);
        let mut targets = CellSet::EMPTY;
        for i in 0..cells.len() {
            for j in (i + 1..cells.len()).step_by(2) {
                targets = targets | common_peers(size, &[cells[i], cells[j]]);
            }
        }
        (targets - chain).iter().flat_map(|c| digits.iter().filter(move |&d| pos.has(c, d)).map(move |d| Candidate::new(c, d))).collect()
    } else {
        (common_peers(size, &[start, end.0]) & (pos.digit_cells(x) - chain)).iter().map(|c| Candidate::new(c, x)).collect()
    };
    let technique = if remote { Technique::RemotePair } else { Technique::XYChain };
    elimination_step(technique, eliminations, cells, Vec::new(), pattern)
}

/// Alternating Inference Chains on candidates: strong links (a bivalue cell's two digits, a
/// digit's two places in a house) and weak links (two digits of one cell, one digit in two
/// cells of a house), alternating, starting and ending strong: "the first candidate is false"
/// forces "the last is true", so one of them is true.
///
/// - Same digit at both ends: cells seeing both ends lose that digit.
/// - Different digits x, y in two cells that see each other: the first cell loses y, the last x.
pub fn aic(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let strong = |n: Candidate| -> Vec<Candidate> {
        let mut out = Vec::new();
        let cands = pos.candidates(n.cell);
        if cands.len() == 2 {
            out.extend(cands.iter().filter(|&d| d != n.digit).map(|d| Candidate::new(n.cell, d)));
        }
        for h in size.houses_of(n.cell) {
            let cells = pos.house_digit_cells(h, n.digit);
            if cells.len() == 2
                && let Some(other) = (cells - CellSet::single(n.cell)).first()
            {
                out.push(Candidate::new(other, n.digit));
            }
        }
        out
    };
    let weak = |n: Candidate| -> Vec<Candidate> {
        let in_cell = pos.candidates(n.cell).iter().filter(|&d| d != n.digit).map(|d| Candidate::new(n.cell, d));
        let peers = peer_set(size, n.cell) & pos.digit_cells(n.digit);
        in_cell.chain(peers.iter().map(|c| Candidate::new(c, n.digit))).collect()
    };
    for start in pos.all_candidates() {
        let mut parents: HashMap<(Candidate, bool), Option<(Candidate, bool)>> = HashMap::new();
        parents.insert((start, false), None);
        let mut queue = VecDeque::from([((start, false), 0usize)]);
        while let Some(((node, by_strong), links)) = queue.pop_front() {
            let next = if by_strong { weak(node) } else { strong(node) };
            for n in next {
                let state = (n, !by_strong);
                if n == start || parents.contains_key(&state) {
                    continue;
                }
                parents.insert(state, Some((node, by_strong)));
                queue.push_back((state, links + 1));
                if by_strong || links + 1 < 3 || n.cell == start.cell {
                    continue;
                }
                let eliminations: Vec<Candidate> = if n.digit == start.digit {
                    (common_peers(size, &[start.cell, n.cell]) & pos.digit_cells(n.digit))
                        .iter()
                        .map(|c| Candidate::new(c, n.digit))
                        .collect()
                } else if size.sees(start.cell, n.cell) {
                    [Candidate::new(start.cell, n.digit), Candidate::new(n.cell, start.digit)]
                        .into_iter()
                        .filter(|c| pos.has(c.cell, c.digit))
                        .collect()
                } else {
                    continue;
                };
                let Some(path) = path_to_nodes(&parents, state) else { continue };
                // A candidate of the chain itself may go too: the conclusion holds whatever the
                // chain passed through (HoDoKu's cases expect it).
                let mut cells: Vec<Cell> = Vec::new();
                for c in path.iter().map(|c| c.cell) {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
                if let Some(mut step) = elimination_step(Technique::Aic, eliminations, cells, Vec::new(), Vec::new()) {
                    step.candidates = path;
                    if !sink(step) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The chain's candidates from its start to `end`; `None` if a candidate repeats.
fn path_to_nodes(parents: &HashMap<(Candidate, bool), Option<(Candidate, bool)>>, end: (Candidate, bool)) -> Option<Vec<Candidate>> {
    let mut path = vec![end.0];
    let mut at = end;
    while let Some(&Some(prev)) = parents.get(&at) {
        if path.contains(&prev.0) {
            return None;
        }
        path.push(prev.0);
        at = prev;
    }
    path.reverse();
    Some(path)
}
