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

use super::util::{Sink, elimination_step, eliminations};
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

/// Links between candidates: strong (a bivalue cell's two digits, a digit's two places in a
/// house: at least one is true) and weak (two digits of one cell, one digit in two cells of a
/// house: at most one is true).
struct Links<'a> {
    pos: &'a Position,
}

impl Links<'_> {
    fn strong(&self, n: Candidate) -> Vec<Candidate> {
        let (pos, size) = (self.pos, self.pos.size());
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
    }

    fn weak(&self, n: Candidate) -> Vec<Candidate> {
        let (pos, size) = (self.pos, self.pos.size());
        let in_cell = pos.candidates(n.cell).iter().filter(|&d| d != n.digit).map(|d| Candidate::new(n.cell, d));
        let peers = peer_set(size, n.cell) & pos.digit_cells(n.digit);
        in_cell.chain(peers.iter().map(|c| Candidate::new(c, n.digit))).collect()
    }

    /// The digits of `a`'s cell other than `a`'s and `b`'s (the two in one cell of which one is
    /// true).
    fn other_digits(&self, a: Candidate, b: Candidate) -> Vec<Candidate> {
        self.pos.candidates(a.cell).iter().filter(|&d| d != a.digit && d != b.digit).map(|d| Candidate::new(a.cell, d)).collect()
    }
}

/// Called by `alternating` for each state reached: (candidate, true there), links, parents.
type Visit<'a> = &'a mut dyn FnMut((Candidate, bool), usize, &Parents) -> bool;

/// The breadth-first search's parent links: (candidate, true there) → the state before.
type Parents = HashMap<(Candidate, bool), Option<(Candidate, bool)>>;

/// Breadth-first search of alternating chains from `start`. `start_true` false: the start is
/// assumed false and the first link is strong; true: assumed true, first link weak. `visit` gets
/// each new state (candidate, reached by a strong link = true there), the number of links and
/// the parents; it returns false to stop everything.
fn alternating(links: &Links<'_>, start: Candidate, start_true: bool, visit: Visit<'_>) -> bool {
    let mut parents: Parents = HashMap::new();
    parents.insert((start, start_true), None);
    let mut queue = VecDeque::from([((start, start_true), 0usize)]);
    while let Some(((node, is_true), count)) = queue.pop_front() {
        let next = if is_true { links.weak(node) } else { links.strong(node) };
        for n in next {
            let state = (n, !is_true);
            if parents.contains_key(&state) {
                continue;
            }
            parents.insert(state, Some((node, is_true)));
            // Back at the start: reported (the shortest such loop), never gone on from.
            if n != start {
                queue.push_back((state, count + 1));
            }
            if !visit(state, count + 1, &parents) {
                return false;
            }
        }
    }
    true
}

/// The chain's candidates from its start to `end`; `None` if a candidate repeats (other than
/// a loop's start at its end).
fn path_to_nodes(parents: &Parents, end: (Candidate, bool)) -> Option<Vec<Candidate>> {
    let mut path = vec![end.0];
    let mut at = end;
    while let Some(&Some(prev)) = parents.get(&at) {
        path.push(prev.0);
        at = prev;
        if path.len() > 4 * 81 {
            return None;
        }
    }
    path.reverse();
    let closed = path.len() > 1 && path[0] == path[path.len() - 1];
    let open_part = if closed { &path[..path.len() - 1] } else { &path[..] };
    let mut seen = std::collections::HashSet::new();
    open_part.iter().all(|c| seen.insert(*c)).then_some(path)
}

fn cells_of(path: &[Candidate]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for c in path.iter().map(|c| c.cell) {
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    cells
}

fn candidate_chain_step(technique: Technique, path: Vec<Candidate>, eliminations: Vec<Candidate>) -> Option<Step> {
    let mut step = elimination_step(technique, eliminations, cells_of(&path), Vec::new(), Vec::new())?;
    step.candidates = path;
    Some(step)
}

/// Runs `alternating` from every candidate (assumed false, and also assumed true when
/// `also_true`), and reports a step wherever `conclude` finds eliminations for a chain's end:
/// `conclude(start, start_true, (end, end_true), links so far)`.
fn chain_steps(
    pos: &Position,
    technique: Technique,
    also_true: bool,
    conclude: &dyn Fn(Candidate, bool, (Candidate, bool), usize) -> Option<Vec<Candidate>>,
    sink: Sink<'_>,
) -> bool {
    let links = Links { pos };
    let truths: &[bool] = if also_true { &[false, true] } else { &[false] };
    for start in pos.all_candidates() {
        for &start_true in truths {
            let go_on = alternating(&links, start, start_true, &mut |end, count, parents| {
                let Some(eliminations) = conclude(start, start_true, end, count) else { return true };
                let Some(path) = path_to_nodes(parents, end) else { return true };
                match candidate_chain_step(technique, path, eliminations) {
                    Some(step) => sink(step),
                    None => true,
                }
            });
            if !go_on {
                return false;
            }
        }
    }
    true
}

/// Alternating Inference Chains, from "the first candidate is false" to "the last is true", so
/// one of them is true:
/// - same digit at both ends: cells seeing both ends lose that digit;
/// - different digits x, y in two cells that see each other: the first cell loses y, the last x.
///
/// A candidate of the chain itself may go too: the conclusion holds whatever the chain passed
/// through (HoDoKu's cases expect it).
pub fn aic(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let conclude = |start: Candidate, _: bool, (n, is_true): (Candidate, bool), count: usize| {
        if !is_true || count < 3 || n.cell == start.cell {
            None
        } else if n.digit == start.digit {
            Some(eliminations(pos, common_peers(size, &[start.cell, n.cell]), n.digit))
        } else if size.sees(start.cell, n.cell) {
            let pair = [Candidate::new(start.cell, n.digit), Candidate::new(n.cell, start.digit)];
            Some(pair.into_iter().filter(|c| pos.has(c.cell, c.digit)).collect())
        } else {
            None
        }
    };
    chain_steps(pos, Technique::Aic, false, &conclude, sink)
}

/// Discontinuous nice loops: a chain that comes back to its own start shows the start's value
/// (false ⇒ … ⇒ true: it is true, so its cell loses every other digit; true ⇒ … ⇒ false: it
/// is false), and one from "a candidate is false" to "another digit of its cell is true" leaves
/// that cell only those two digits.
///
/// (Continuous nice loops — a closed loop in which every weak link acts as a conjugate pair —
/// are not reported yet: the shortest loop per pair of candidates matched 15 of HoDoKu's 18
/// cases, and a technique is only switched on when it passes all of them.)
pub fn discontinuous_nice_loop(pos: &Position, sink: Sink<'_>) -> bool {
    let links = Links { pos };
    let conclude = |start: Candidate, start_true: bool, (n, is_true): (Candidate, bool), count: usize| {
        if count < 3 {
            None
        } else if n == start && is_true != start_true {
            Some(if start_true { vec![start] } else { links.other_digits(start, start) })
        } else if !start_true && is_true && n.cell == start.cell && n.digit != start.digit {
            Some(links.other_digits(start, n))
        } else {
            None
        }
    };
    chain_steps(pos, Technique::DiscontinuousNiceLoop, true, &conclude, sink)
}
