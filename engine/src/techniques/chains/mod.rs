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
//!
//! Alternating Inference Chains and nice loops, on candidates and grouped nodes, are in
//! `loops` (the search) and `graph` (the strong and weak links they walk).

mod graph;
mod loops;

pub use loops::{Kind, find_all as loops};

use super::util::{Sink, elimination_step};
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, Digit, House};
use crate::position::Position;
use crate::step::{Link, Step, Technique};
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
    let layout = pos.layout();
    let shared: Vec<House> = layout.houses_of(a).into_iter().filter(|h| layout.houses_of(b).contains(h)).collect();
    shared.iter().copied().find(|&h| pos.house_digit_cells(h, digit).len() == 2).or_else(|| shared.first().copied())
}

/// X-Chains on every digit.
pub fn x_chain(pos: &Position, sink: Sink<'_>) -> bool {
    let (size, layout) = (pos.size(), pos.layout());
    for digit in size.digits() {
        let places = pos.digit_cells(digit);
        let strong = |c: Cell| -> Vec<Cell> {
            layout
                .houses_of(c)
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
                let next: Vec<Cell> = if by_strong { (layout.peer_set(cell) & places).to_vec() } else { strong(cell) };
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
                        let targets = layout.common_peers(&[start, n]) & (places - chain);
                        let eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
                        let houses = cells.windows(2).filter_map(|w| link_house(pos, w[0], w[1], digit)).collect();
                        let pattern: Vec<Candidate> = cells.iter().map(|&c| Candidate::new(c, digit)).collect();
                        // Strong, weak, strong, …: the walk from "the start is not the digit".
                        let links = pattern.windows(2).enumerate().map(|(i, w)| Link::cells(w[0], w[1], i % 2 == 0)).collect();
                        if let Some(mut step) = elimination_step(Technique::XChain, eliminations, cells, houses, pattern) {
                            step.chains = vec![links];
                            if !sink(step) {
                                return false;
                            }
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
    let layout = pos.layout();
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
                    if n == start || !layout.sees(cell, n) || (p != truth && q != truth) {
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
    let layout = pos.layout();
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
    crate::keyed_sort::sort_by_key(&mut pattern, Candidate::order);
    let eliminations: Vec<Candidate> = if remote {
        // Every two chain cells an odd number of links apart hold different digits of the pair.
        let digits = pos.candidates(start);
        let mut targets = CellSet::EMPTY;
        for i in 0..cells.len() {
            for j in (i + 1..cells.len()).step_by(2) {
                targets = targets | layout.common_peers(&[cells[i], cells[j]]);
            }
        }
        (targets - chain).iter().flat_map(|c| digits.iter().filter(move |&d| pos.has(c, d)).map(move |d| Candidate::new(c, d))).collect()
    } else {
        (layout.common_peers(&[start, end.0]) & (pos.digit_cells(x) - chain)).iter().map(|c| Candidate::new(c, x)).collect()
    };
    let technique = if remote { Technique::RemotePair } else { Technique::XYChain };
    let mut step = elimination_step(technique, eliminations, cells, Vec::new(), pattern)?;
    step.chains = vec![bivalue_links(&path, x)];
    Some(step)
}

/// The links of a chain of bivalue cells, from "the first cell is not `x`": in each cell, the
/// digit the chain enters with is false so the other is true (strong); that digit is then
/// false in the next cell, which shares it (weak).
fn bivalue_links(path: &[(Cell, Digit)], x: Digit) -> Vec<Link> {
    let mut links = Vec::new();
    let mut entering = x;
    for (i, &(cell, truth)) in path.iter().enumerate() {
        links.push(Link::cells(Candidate::new(cell, entering), Candidate::new(cell, truth), true));
        if let Some(&(next, _)) = path.get(i + 1) {
            links.push(Link::cells(Candidate::new(cell, truth), Candidate::new(next, truth), false));
        }
        entering = truth;
    }
    links
}

#[cfg(test)]
mod tests {
    use crate::format::line;
    use crate::geometry::Size;
    use crate::lang::{Lang, chain_text};
    use crate::position::Position;
    use crate::rating::solve_logically;
    use crate::step::Technique;
    use crate::techniques::{ORDER, find_every, util::chain_problem};
    use std::collections::BTreeMap;

    /// Puzzles whose solves need the chains and loops (from the top1465 list).
    const PUZZLES: [&str; 5] = [
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
        "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..",
        "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
        "...9.31..5.7....8.2.........4....6......5..2..1.......8...7.......6..4.....3....9",
        "4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......",
    ];

    /// The techniques whose steps must carry their chains.
    fn chain_like(t: Technique) -> bool {
        use Technique::*;
        matches!(
            t,
            Skyscraper
                | TwoStringKite
                | TurbotFish
                | EmptyRectangle
                | SimpleColorsTrap
                | SimpleColorsWrap
                | RemotePair
                | XChain
                | XYChain
                | ContinuousNiceLoop
                | DiscontinuousNiceLoop
                | Aic
                | GroupedContinuousNiceLoop
                | GroupedDiscontinuousNiceLoop
                | GroupedAic
        )
    }

    #[test]
    fn every_chain_step_walks_real_links() {
        let mut count: BTreeMap<Technique, usize> = BTreeMap::new();
        for p in PUZZLES {
            let grid = line::parse(p).unwrap();
            let mut position = Position::from_grid(&grid);
            for (i, step) in solve_logically(&grid).steps.iter().enumerate() {
                if i % 3 == 0 {
                    for &t in ORDER.iter().filter(|&&t| chain_like(t)) {
                        for s in find_every(&position, t) {
                            assert!(!s.chains.is_empty(), "{t:?} without chains in {p}");
                            if let Some(problem) = chain_problem(&position, &s) {
                                panic!("{t:?} in {p} at step {i}: {problem}");
                            }
                            *count.entry(t).or_default() += 1;
                            // The sentences of AICs and nice loops walk the same chain.
                            if t.name().contains("Nice Loop") || t.name().contains("Alternating Inference") {
                                let walk = chain_text(Size::Nine, &s.chains[0]);
                                for lang in Lang::ALL {
                                    let text = crate::lang::explain_fully(&s, Size::Nine, lang);
                                    assert!(text.contains(&walk), "{text}");
                                }
                            }
                        }
                    }
                }
                position.apply(step);
            }
        }
        // Every chain technique showed up at least once.
        for &t in ORDER.iter().filter(|&&t| chain_like(t)) {
            assert!(count.get(&t).copied().unwrap_or(0) > 0, "{t:?} never found: {count:?}");
        }
    }
}
