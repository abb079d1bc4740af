//! Alternating inference chains over a variant's own links (`ConstraintAic`), kept apart from
//! the classic chain finders (`chains`), which read only rows, columns and boxes:
//!
//! - strong (not both false): a cell's two candidates; a digit's two places in a group that
//!   holds every digit once under the rules (a row, column, region, a diagonal or an extra
//!   region of `side` cells: `CompiledPuzzle::houses`); a digit every set still fitting a cage
//!   needs, with two places left in it (`killer::needed_places`);
//! - weak (not both true): two digits of a cell; one digit in two cells that must differ under
//!   the rules (`CompiledPuzzle::peers`: their houses, a cage, a diagonal, anti-knight and
//!   anti-king neighbours, …); two digits of two cells a rule relates that it forbids together
//!   (`CompiledPuzzle::related`: a kropki or XV pair, non-consecutive neighbours, a
//!   thermometer's steps, …).
//!
//! Every strong link here is weak as well (its two ends share a cell or must differ), so a
//! chain alternates strong and weak from a start taken as false to an end found true: one of
//! the two is true, and a candidate weakly linked to both goes. Breadth first from each start,
//! the shortest such chain is reported. Run only on variants, after the classic techniques and
//! before the trial with every rule (`techniques::next_compiled_variant_step_within`).

use super::killer::needed_places;
use super::variant_rules::{CompiledVariant, current};
use crate::geometry::{Candidate, Cell, Digit};
use crate::position::Position;
use crate::step::{Link, Step, Technique};

/// The longest chain reported, in links: longer ones a player would not follow.
const MOST_LINKS: usize = 15;

/// A chain's links, and its candidates in order.
type Chain = (Vec<Link>, Vec<Candidate>);

/// The candidates as nodes, with their links.
struct Links {
    nodes: Vec<Candidate>,
    strong: Vec<Vec<u32>>,
    weak: Vec<Vec<u32>>,
}

impl Links {
    fn new(compiled: &CompiledVariant, position: &Position) -> Option<Links> {
        let rules = &compiled.rules;
        let (peers, houses, related) = (rules.peers()?, rules.houses()?, rules.related()?);
        let size = position.size();
        let side = size.side();
        let cands = current(position);
        let mut id = vec![u32::MAX; size.cell_count() * 16];
        let mut nodes = Vec::new();
        for cell in position.open_cells() {
            for d in cands[cell.index()].iter() {
                id[cell.index() * 16 + d.index()] = nodes.len() as u32;
                nodes.push(Candidate::new(cell, d));
            }
        }
        let node = |c: Cell, d: Digit| Some(id[c.index() * 16 + d.index()]).filter(|&i| i != u32::MAX);
        let mut strong = vec![Vec::new(); nodes.len()];
        let mut weak = vec![Vec::new(); nodes.len()];
        let both = |list: &mut Vec<Vec<u32>>, a: u32, b: u32| {
            if a != b && !list[a as usize].contains(&b) {
                list[a as usize].push(b);
                list[b as usize].push(a);
            }
        };
        for (i, &Candidate { cell, digit }) in nodes.iter().enumerate() {
            let i = i as u32;
            for d in cands[cell.index()].iter().filter(|&d| d != digit) {
                let other = node(cell, d)?;
                both(&mut weak, i, other);
                if cands[cell.index()].len() == 2 {
                    both(&mut strong, i, other);
                }
            }
            for peer in peers[cell.index()].iter() {
                if let Some(other) = node(peer, digit) {
                    both(&mut weak, i, other);
                }
            }
        }
        for (a, b, allows) in related {
            let (a, b) = (Cell::new(a), Cell::new(b));
            for x in cands[a.index()].iter() {
                for y in cands[b.index()].iter().filter(|y| allows[x.index()] & 1 << y.index() == 0) {
                    if let (Some(p), Some(q)) = (node(a, x), node(b, y)) {
                        both(&mut weak, p, q);
                    }
                }
            }
        }
        // Two places for a digit: in a house (none of its cells holding it yet), or in a cage
        // that needs it.
        let mut pairs: Vec<(Digit, Vec<Cell>)> = Vec::new();
        for house in houses {
            for d in size.digits().take(side) {
                let places: Vec<Cell> = house.iter().map(|&c| Cell::new(c)).filter(|c| cands[c.index()].contains(d)).collect();
                if places.len() == 2 && places.iter().all(|&c| position.value(c).is_none()) {
                    pairs.push((d, places));
                }
            }
        }
        pairs.extend(needed_places(compiled, position).into_iter().filter(|p| p.2.len() == 2).map(|p| (p.1, p.2)));
        for (d, places) in pairs {
            if let (Some(p), Some(q)) = (node(places[0], d), node(places[1], d)) {
                both(&mut strong, p, q);
                both(&mut weak, p, q);
            }
        }
        Some(Links { nodes, strong, weak })
    }

    /// The chain from the start (taken false) to `end` (found true) by `parents`: its links,
    /// and its candidates in order.
    fn chain(&self, parents: &[u32], end: u32) -> Chain {
        let mut states = vec![end];
        while let Some(&p) = parents.get(states[states.len() - 1] as usize).filter(|&&p| p != u32::MAX) {
            states.push(p);
        }
        states.reverse();
        let cand = |s: u32| self.nodes[(s / 2) as usize];
        let links = states.windows(2).map(|w| Link::cells(cand(w[0]), cand(w[1]), w[1] % 2 == 1)).collect();
        (links, states.iter().map(|&s| cand(s)).collect())
    }
}

/// The shortest alternating chain over the puzzle's links (the module's) whose two ends rule
/// out a candidate linked weakly to both.
pub(super) fn constraint_aic(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let links = Links::new(compiled, position)?;
    let n = links.nodes.len();
    let mut best: Option<(usize, Chain, Vec<Candidate>)> = None;
    // A state is node * 2 + (1 when the node is true, reached by a strong link).
    let mut parents = vec![u32::MAX; 2 * n];
    let mut mark = vec![u32::MAX; n];
    for start in 0..n as u32 {
        let longest = best.as_ref().map_or(MOST_LINKS, |b| b.0 - 1);
        parents.iter_mut().for_each(|p| *p = u32::MAX);
        for &w in &links.weak[start as usize] {
            mark[w as usize] = start;
        }
        // Breadth first: a plain list read from its front (`next_in_queue`), as a queue.
        let mut queue = vec![(start * 2, 0usize)];
        let mut next_in_queue = 0;
        let mut seen = vec![false; 2 * n];
        seen[(start * 2) as usize] = true;
        'search: while let Some(&(state, length)) = queue.get(next_in_queue) {
            next_in_queue += 1;
            if length >= longest {
                break;
            }
            let (node, truth) = (state / 2, state % 2 == 1);
            // From a false node, a strong link makes the next true; from a true one, a weak
            // link makes it false.
            let next = if truth { &links.weak[node as usize] } else { &links.strong[node as usize] };
            for &m in next {
                let to = m * 2 + u32::from(!truth);
                if seen[to as usize] {
                    continue;
                }
                seen[to as usize] = true;
                parents[to as usize] = state;
                if !truth && length + 1 >= 3 && m != start {
                    // The start or `m` is true: whatever both rule out goes.
                    let gone: Vec<Candidate> = links.weak[m as usize]
                        .iter()
                        .filter(|&&x| mark[x as usize] == start && x != start)
                        .map(|&x| links.nodes[x as usize])
                        .collect();
                    if !gone.is_empty() {
                        best = Some((length + 1, links.chain(&parents, to), gone));
                        break 'search;
                    }
                }
                queue.push((to, length + 1));
            }
        }
        if best.as_ref().is_some_and(|b| b.0 <= 3) {
            break;
        }
    }
    let (_, (chain, candidates), mut gone) = best?;
    crate::keyed_sort::sort_by_key(&mut gone, Candidate::order);
    let mut step = Step::new(Technique::ConstraintAic);
    step.eliminations = gone;
    for c in &candidates {
        if !step.cells.contains(&c.cell) {
            step.cells.push(c.cell);
        }
    }
    step.candidates = candidates;
    step.chains = vec![chain];
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cellset::peer_set;
    use crate::geometry::{DigitSet, Size};
    use crate::grid::Grid;
    use crate::lang::{Lang, explain};
    use crate::variant::{Constraint, Puzzle};

    fn at(r: usize, c: usize) -> Cell {
        Size::Nine.cell(r - 1, c - 1)
    }

    #[test]
    fn an_anti_knight_link_joins_two_pairs() {
        // r1c3 and r2c5 hold 1 or 2 and are a knight's move apart, in no common house: 1r1c3 =
        // 2r1c3 - 2r2c5 = 1r2c5, so one of them is 1, and a 1 seeing both goes.
        let size = Size::Nine;
        let puzzle = Puzzle { constraints: vec![Constraint::AntiKnight], ..Puzzle::classic(Grid::new(size)) };
        let one = crate::geometry::Digit::new(1).unwrap();
        let pair: DigitSet = [1, 2].iter().map(|&d| crate::geometry::Digit::new(d).unwrap()).collect();
        let mut cands = vec![size.all_digits(); 81];
        cands[at(1, 3).index()] = pair;
        cands[at(2, 5).index()] = pair;
        let position = Position::with_candidates(&puzzle.givens, &cands);
        let step = constraint_aic(&CompiledVariant::new(&puzzle), &position).expect("a chain");
        let apart = |a: Cell, b: Cell| (size.row_of(a).abs_diff(size.row_of(b)), size.col_of(a).abs_diff(size.col_of(b)));
        let knight = |a: Cell, b: Cell| matches!(apart(a, b), (1, 2) | (2, 1));
        let sees = |a: Cell, b: Cell| a != b && (peer_set(size, a).contains(b) || knight(a, b));
        let expected: Vec<Candidate> =
            size.cells().filter(|&c| sees(c, at(1, 3)) && sees(c, at(2, 5))).map(|c| Candidate::new(c, one)).collect();
        assert!(!expected.is_empty());
        assert_eq!(step.eliminations, expected);
        let chain = &step.chains[0];
        assert_eq!(chain.len(), 3);
        assert_eq!(chain.iter().map(|l| l.strong).collect::<Vec<_>>(), vec![true, false, true]);
        let text = explain(&step, size, Lang::En);
        assert!(text.starts_with("In the chain 1r1c3=2r1c3-2r2c5=1r2c5, linked by the houses and the constraints"), "{text}");
        for lang in Lang::ALL {
            assert!(explain(&step, size, lang).chars().count() <= 300);
        }
    }
}
