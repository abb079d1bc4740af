//! Alternating Inference Chains and nice loops, plain or grouped, over the implication graph.
//!
//! A chain alternates strong links ("this false, so that true") and weak links ("this true, so
//! that false"). Walking one from an assumption gives a line of implications:
//!
//! - AIC: from "the first node is false" to "the last node is true" — one of the two ends is
//!   true, so whatever contradicts both ends goes: the digit from cells that see both ends (one
//!   digit), or each end's digit from the other end's cell (two digits in cells that see each
//!   other).
//! - Discontinuous Nice Loop: a chain back to its own start that contradicts its assumption:
//!   "true ⇒ … ⇒ false" (the start goes), "false ⇒ … ⇒ true" (the start is true, its cell loses
//!   every other digit), or "a candidate false ⇒ … ⇒ another digit of its cell true" (the cell
//!   keeps only those two).
//! - Continuous Nice Loop: a closed chain whose links alternate all the way round. Either every
//!   other node is true or the others are, so each weak link holds exactly one true end: a
//!   weak link inside a cell leaves the cell only its two digits; a weak link between cells of
//!   one digit takes the digit from every cell that sees both ends.
//!
//! The grouped forms are the same with grouped nodes (a digit's places where a box meets a
//! line); they report only chains that use a group, the plain forms having found the rest.
//!
//! The search is breadth first from every start together, one link at a time, so shorter
//! chains are always reported before longer ones — the first step found is a shortest one.

use super::graph::{Graph, NONE};
use crate::geometry::{Candidate, Cell, DigitSet};
use crate::step::{Step, Technique};
use crate::techniques::util::{Sink, elimination_step};
use std::collections::HashSet;

/// A chain state: a node, and whether the chain makes it true (`node * 2 + 1`) or false.
type State = u32;

fn state(node: u32, truth: bool) -> State {
    node * 2 + truth as u32
}

fn node_of(s: State) -> u32 {
    s / 2
}

fn truth(s: State) -> bool {
    s & 1 == 1
}

/// The longest chain looked for, in links (long enough for every reglib case, short enough
/// that nobody is shown a chain no one could follow).
const MAX_LINKS: usize = 20;

/// The largest almost locked sets that grouped chains and loops go through. Each set adds
/// nodes and links to every search: sets of up to 5 cells find all of HoDoKu's 46 cases
/// through sets, sets of up to 3 in continuous loops miss two of them, at about 0.9x the time
/// of rating top1465 (measured 2026-11-25).
const MAX_ALS: usize = 5;

/// How many parent entries one batch of starts may hold: a 9x9 search runs all its starts in
/// one batch (so shortest-first holds across them all); 16x16 splits them.
const BUDGET: usize = 1 << 20;

/// What the search reports to its visitor.
#[derive(Clone, Copy)]
enum Event {
    /// A state reached for the first time.
    Reached(State),
    /// A link from this state back to the start's own state: a closed loop.
    Closed(State),
}

/// The visitor: (start, event, links so far, parents of the start's search) → go on?
type Visit<'a> = &'a mut dyn FnMut(Root, Event, usize, &[u32]) -> bool;

/// A start of the search: its state, a node the first link must not go to (`NONE`: any) or
/// the only one it may go to, and whether the chain keeps to candidates and box-line groups.
#[derive(Clone, Copy)]
struct Root {
    state: State,
    not_first: u32,
    only_first: u32,
    plain: bool,
}

impl Root {
    /// The links a chain from this start may take out of state `st`.
    fn links<'g>(&self, graph: &'g Graph, st: State) -> &'g [u32] {
        match (truth(st), self.plain) {
            (true, _) => graph.weak(node_of(st)),
            (false, false) => graph.strong(node_of(st)),
            (false, true) => graph.strong_plain(node_of(st)),
        }
    }

    /// Whether a chain from this start may use node `m` at all.
    fn may_use(&self, graph: &Graph, m: u32) -> bool {
        !self.plain || (m as usize) < graph.boxline
    }

    /// Whether the chain may go to node `m` by its link number `links`.
    fn first_may_go(&self, links: usize, m: u32) -> bool {
        links > 1 || (m != self.not_first && (self.only_first == NONE || m == self.only_first))
    }
}

/// Breadth-first search from every start state at once, one link level at a time (in batches
/// as memory allows): true states go on by weak links, false ones by strong links. States of
/// the start's own node are reported but not gone on from. Returns false if the visitor
/// stopped it.
fn search_together(graph: &Graph, roots: &[Root], visit: Visit<'_>) -> bool {
    let states = graph.nodes.len() * 2;
    let batch = (BUDGET / states.max(1)).max(1);
    let mut next = Vec::new();
    for chunk in roots.chunks(batch) {
        let mut parents = vec![NONE; chunk.len() * states];
        let mut frontiers: Vec<Vec<State>> = Vec::with_capacity(chunk.len());
        for (i, r) in chunk.iter().enumerate() {
            parents[i * states + r.state as usize] = r.state;
            frontiers.push(vec![r.state]);
        }
        for links in 1..=MAX_LINKS {
            let mut active = false;
            for (i, r) in chunk.iter().enumerate() {
                if frontiers[i].is_empty() {
                    continue;
                }
                let par = &mut parents[i * states..(i + 1) * states];
                if !expand(graph, r, &frontiers[i], &mut next, par, links, visit) {
                    return false;
                }
                std::mem::swap(&mut frontiers[i], &mut next);
                active |= !frontiers[i].is_empty();
            }
            if !active {
                break;
            }
        }
    }
    true
}

/// The same search, one start after another: for many starts whose order matters less (one
/// parents array, cleared after each).
fn search_each(graph: &Graph, roots: &[Root], visit: Visit<'_>) -> bool {
    let mut parents = vec![NONE; graph.nodes.len() * 2];
    let (mut frontier, mut next, mut touched) = (Vec::new(), Vec::new(), Vec::new());
    for r in roots {
        parents[r.state as usize] = r.state;
        frontier.clear();
        frontier.push(r.state);
        touched.clear();
        touched.push(r.state);
        for links in 1..=MAX_LINKS {
            if frontier.is_empty() {
                break;
            }
            if !expand(graph, r, &frontier, &mut next, &mut parents, links, visit) {
                return false;
            }
            touched.extend_from_slice(&next);
            std::mem::swap(&mut frontier, &mut next);
        }
        // The start's own node's states are reached but not gone on from: cleared too.
        let own = node_of(r.state);
        for &s in touched.iter().chain(&[state(own, false), state(own, true)]) {
            parents[s as usize] = NONE;
        }
    }
    true
}

/// One level of a start's search: the states one link beyond `frontier` go to `next`.
fn expand(graph: &Graph, r: &Root, frontier: &[State], next: &mut Vec<State>, par: &mut [u32], links: usize, visit: Visit<'_>) -> bool {
    next.clear();
    for &st in frontier {
        let is_true = truth(st);
        for &m in r.links(graph, st) {
            if !r.first_may_go(links, m) || !r.may_use(graph, m) {
                continue;
            }
            let ns = state(m, !is_true);
            if ns == r.state {
                if !visit(*r, Event::Closed(st), links, par) {
                    return false;
                }
                continue;
            }
            if par[ns as usize] != NONE {
                continue;
            }
            par[ns as usize] = st;
            if m != node_of(r.state) {
                next.push(ns);
            }
            if !visit(*r, Event::Reached(ns), links, par) {
                return false;
            }
        }
    }
    true
}

/// The states from the start to `end`, following the parents back.
fn path(parents: &[u32], end: State) -> Vec<State> {
    let mut out = vec![end];
    let mut at = end;
    while parents[at as usize] != at {
        at = parents[at as usize];
        out.push(at);
    }
    out.reverse();
    out
}

/// A flaw of a chain, as the indices of two states that clash (the later second): a node
/// twice (but a loop may end at its start), or — in a continuous loop, whose eliminations
/// need every node on it to alternate — two nodes of one digit sharing a cell (a group and a
/// candidate inside it) or a cell passed through twice (the candidates of one cell next to
/// each other, linked inside it, count as one pass). A chain or discontinuous loop is a line
/// of implications, each true whatever came before: one that rules out a cell of a group
/// and later reaches the group still proves its end (one of HoDoKu's cases needs it).
fn flaw(graph: &Graph, states: &[State], kind: Kind) -> Option<(usize, usize)> {
    let nodes: Vec<u32> = states.iter().map(|&s| node_of(s)).collect();
    let closed = nodes.len() > 1 && nodes[0] == nodes[nodes.len() - 1];
    let open = if closed { &nodes[..nodes.len() - 1] } else { &nodes[..] };
    for (j, &b) in open.iter().enumerate() {
        for (i, &a) in open[..j].iter().enumerate() {
            let (na, nb) = (graph.node(a), graph.node(b));
            if a == b || (kind == Kind::Continuous && na.digit == nb.digit && !(na.cells & nb.cells).is_empty()) {
                return Some((i, j));
            }
        }
    }
    if kind != Kind::Continuous {
        return None;
    }
    let n = open.len();
    let mut passes: Vec<(Cell, usize)> = Vec::new();
    for j in 0..n {
        let (b, prev) = (graph.node(open[j]), graph.node(open[(j + n - 1) % n]));
        if !b.is_group() && !prev.is_group() && b.cell() == prev.cell() {
            continue;
        }
        // Through an almost locked set: its two digits' cells are one pass.
        let cells = if graph.als_of_link(open[(j + n - 1) % n], open[j]).is_some() { b.cells - prev.cells } else { b.cells };
        for c in cells.iter() {
            if let Some(&(_, i)) = passes.iter().find(|p| p.0 == c) {
                return Some((i, j));
            }
            passes.push((c, j));
        }
    }
    None
}

/// How deep a flawed chain is searched again with one more state left out.
const REPAIRS: usize = 4;

/// A chain from the start `r` to `end` (then back to the start, if `closed`) without the
/// flaws of `states`: the search again, leaving out one of the two clashing states (either,
/// the later first), up to `REPAIRS` deep. The breadth-first search keeps one way to each
/// state, and its shortest way may loop back on itself where a longer one doesn't.
fn repair(graph: &Graph, r: &Root, end: State, closed: bool, kind: Kind, states: Vec<State>) -> Option<Vec<State>> {
    let again = |banned: &[State]| {
        search_to(graph, r, end, banned).map(|mut states| {
            if closed {
                states.push(r.state);
            }
            states
        })
    };
    repair_within(graph, kind, closed, &again, states, &mut Vec::new(), REPAIRS)
}

fn repair_within(
    graph: &Graph,
    kind: Kind,
    closed: bool,
    again: &dyn Fn(&[State]) -> Option<Vec<State>>,
    states: Vec<State>,
    banned: &mut Vec<State>,
    depth: usize,
) -> Option<Vec<State>> {
    let Some((i, j)) = flaw(graph, &states, kind) else { return Some(states) };
    if depth == 0 {
        return None;
    }
    // The start and the end stay.
    let last = states.len() - if closed { 2 } else { 1 };
    for k in [j, i].into_iter().filter(|&k| k > 0 && k < last) {
        banned.push(states[k]);
        let found = again(banned).and_then(|states| repair_within(graph, kind, closed, again, states, banned, depth - 1));
        banned.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The shortest chain from the start `r` to `target` that avoids the `banned` states.
fn search_to(graph: &Graph, r: &Root, target: State, banned: &[State]) -> Option<Vec<State>> {
    let mut parents = vec![NONE; graph.nodes.len() * 2];
    parents[r.state as usize] = r.state;
    let mut frontier = vec![r.state];
    let mut next = Vec::new();
    for links in 1..=MAX_LINKS {
        next.clear();
        for &st in &frontier {
            let is_true = truth(st);
            for &m in r.links(graph, st) {
                let ns = state(m, !is_true);
                if !r.first_may_go(links, m) || !r.may_use(graph, m) || parents[ns as usize] != NONE || banned.contains(&ns) {
                    continue;
                }
                parents[ns as usize] = st;
                if ns == target {
                    return Some(path(&parents, ns));
                }
                if m != node_of(r.state) {
                    next.push(ns);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    None
}

/// The step of a chain: its cells and candidates in walking order, and its links.
fn chain_step(graph: &Graph, technique: Technique, states: &[State], eliminations: Vec<Candidate>) -> Option<Step> {
    let mut cells: Vec<Cell> = Vec::new();
    let mut candidates: Vec<Candidate> = Vec::new();
    for &s in states {
        for c in graph.candidates_of(node_of(s)) {
            if !cells.contains(&c.cell) {
                cells.push(c.cell);
            }
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
    }
    // A set the chain goes through shows all its cells, those without the linked digits too.
    for w in states.windows(2) {
        if let Some(set) = graph.als_of_link(node_of(w[0]), node_of(w[1])) {
            cells.extend(set.cells.iter().filter(|c| !cells.contains(c)).collect::<Vec<_>>());
        }
    }
    let mut step = elimination_step(technique, eliminations, cells, Vec::new(), candidates)?;
    step.chains = vec![states.windows(2).map(|w| graph.link(node_of(w[0]), node_of(w[1]), truth(w[1]))).collect()];
    Some(step)
}

/// The kinds of chain search.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Aic,
    Discontinuous,
    Continuous,
}

/// The technique of a kind, plain or grouped.
fn technique(kind: Kind, grouped: bool) -> Technique {
    match (kind, grouped) {
        (Kind::Aic, false) => Technique::Aic,
        (Kind::Aic, true) => Technique::GroupedAic,
        (Kind::Discontinuous, false) => Technique::DiscontinuousNiceLoop,
        (Kind::Discontinuous, true) => Technique::GroupedDiscontinuousNiceLoop,
        (Kind::Continuous, false) => Technique::ContinuousNiceLoop,
        (Kind::Continuous, true) => Technique::GroupedContinuousNiceLoop,
    }
}

/// Reports every chain of a kind (one per set of eliminations, the shortest first).
pub fn find_all(pos: &crate::position::Position, kind: Kind, grouped: bool, sink: Sink<'_>) -> bool {
    let graph = Graph::shared(pos, grouped, MAX_ALS);
    if grouped && graph.nodes.len() == graph.singles {
        return true;
    }
    let technique = technique(kind, grouped);
    let singles = 0..graph.singles as u32;
    let any = |state| Root { state, not_first: NONE, only_first: NONE, plain: false };
    let g = &graph;
    let (roots, more): (Vec<Root>, Vec<Root>) = match kind {
        Kind::Aic => (singles.map(|n| any(state(n, false))).collect(), Vec::new()),
        Kind::Discontinuous => (singles.flat_map(|n| [any(state(n, false)), any(state(n, true))]).collect(), Vec::new()),
        // A loop from a true start closes by a strong link into it; as every strong link is
        // weak too, that partner must not be the first step (a two-link "loop"). The search
        // per (start, closing link) finds the shortest loops. As one start may carry several
        // loops, a search from each node taken as false (the loops' first link's end) then
        // closes a loop wherever it reaches a node strongly linked to a start that is weakly
        // linked to it. The first search keeps to candidates and box-line groups (through
        // almost locked sets it would cost more than all the rest); the second goes through
        // sets as well.
        Kind::Continuous => {
            // (Loops are closed by a house's or a cell's strong link: one through a set is
            // found from another of its starts.)
            let closing = |n: u32| {
                g.strong(n).iter().filter(move |&&p| g.als_of_link(p, n).is_none()).map(move |&p| Root {
                    state: state(n, true),
                    not_first: p,
                    only_first: NONE,
                    plain: true,
                })
            };
            (singles.flat_map(closing).collect(), (0..g.boxline as u32).map(|w| any(state(w, false))).collect())
        }
    };
    let mut reported: HashSet<Vec<Candidate>> = HashSet::new();
    // A chain found: repaired if flawed, concluded (continuous loops from all their links),
    // reported once per set of eliminations.
    let mut finish = |r: Root, end: State, closed: bool, mut states: Vec<State>, mut eliminations: Vec<Candidate>| -> bool {
        if flaw(g, &states, kind).is_some() {
            let Some(repaired) = repair(g, &r, end, closed, kind, states) else { return true };
            states = repaired;
        }
        if kind == Kind::Continuous {
            eliminations = continuous(g, &states);
        }
        crate::keyed_sort::sort_by_key(&mut eliminations, Candidate::order);
        eliminations.dedup();
        if eliminations.is_empty() || (grouped && !uses_groups(g, &states)) {
            return true;
        }
        if !reported.insert(eliminations.clone()) {
            return true;
        }
        match chain_step(g, technique, &states, eliminations) {
            Some(step) => sink(step),
            None => true,
        }
    };
    let visit = &mut |r: Root, event, links, parents: &[u32]| match (kind, event) {
        (Kind::Aic, Event::Reached(end)) => match aic(g, r.state, end, links) {
            Some(e) if !e.is_empty() => finish(r, end, false, path(parents, end), e),
            _ => true,
        },
        (Kind::Discontinuous, Event::Reached(end)) => match discontinuous(g, r.state, end, links) {
            Some(e) if !e.is_empty() => finish(r, end, false, path(parents, end), e),
            _ => true,
        },
        (Kind::Continuous, Event::Closed(from)) if links >= 4 && node_of(from) == r.not_first => {
            let mut states = path(parents, from);
            states.push(r.state);
            finish(r, from, true, states, Vec::new())
        }
        // From a first link's end w (false) to p (false): the loop r - w … p = r, for every
        // start r strongly linked to p and weakly to w.
        (Kind::Continuous, Event::Reached(end)) if !truth(r.state) && !truth(end) && links >= 2 => {
            let w = node_of(r.state);
            for &start in g.strong(node_of(end)) {
                if start as usize >= g.singles || start == w || !g.weakly_linked(start, w) {
                    continue;
                }
                let root = Root { state: state(start, true), not_first: NONE, only_first: w, plain: false };
                let mut states = vec![root.state];
                states.extend(path(parents, end));
                states.push(root.state);
                if !finish(root, end, true, states, Vec::new()) {
                    return false;
                }
            }
            true
        }
        _ => true,
    };
    search_together(g, &roots, visit) && search_each(g, &more, visit)
}

/// Whether a chain goes through a group or an almost locked set (the grouped forms report
/// only those).
fn uses_groups(graph: &Graph, states: &[State]) -> bool {
    states.iter().any(|&s| graph.is_group(node_of(s)))
        || states.windows(2).any(|w| graph.als_of_link(node_of(w[0]), node_of(w[1])).is_some())
}

/// An AIC's eliminations: from "the start is false" to "`end` is true".
fn aic(graph: &Graph, root: State, end: State, links: usize) -> Option<Vec<Candidate>> {
    if !truth(end) || links < 3 || node_of(end) == node_of(root) {
        return None;
    }
    let (a, b) = (graph.node(node_of(root)), graph.node(node_of(end)));
    let pos = &graph.pos;
    if a.digit == b.digit {
        let cells = pos.digit_cells(a.digit) & a.sees & b.sees;
        return Some(cells.iter().map(|c| Candidate::new(c, a.digit)).collect());
    }
    if a.is_group() || b.is_group() || a.cell() == b.cell() || !pos.layout().sees(a.cell(), b.cell()) {
        return None;
    }
    let pair = [Candidate::new(a.cell(), b.digit), Candidate::new(b.cell(), a.digit)];
    Some(pair.into_iter().filter(|c| pos.has(c.cell, c.digit)).collect())
}

/// A discontinuous loop's eliminations: the chain from the start's assumption to `end`.
fn discontinuous(graph: &Graph, root: State, end: State, links: usize) -> Option<Vec<Candidate>> {
    if links < 3 {
        return None;
    }
    let start = graph.node(node_of(root));
    let n = graph.node(node_of(end));
    let others = |keep: &[crate::geometry::Digit]| -> Vec<Candidate> {
        let cell = start.cell();
        graph.pos.candidates(cell).iter().filter(|d| !keep.contains(d)).map(|d| Candidate::new(cell, d)).collect()
    };
    if node_of(end) == node_of(root) && truth(end) != truth(root) {
        // true ⇒ false: the start goes; false ⇒ true: it is the cell's digit.
        Some(if truth(root) { vec![Candidate::new(start.cell(), start.digit)] } else { others(&[start.digit]) })
    } else if !truth(root) && truth(end) && !n.is_group() && n.cell() == start.cell() && n.digit != start.digit {
        Some(others(&[start.digit, n.digit]))
    } else {
        None
    }
}

/// A continuous loop's eliminations: for each weak link, exactly one end is true. (A cell of
/// the loop itself keeps its candidates of the linked digit, as HoDoKu has it: the loop only
/// clears its own cells of the digits no link of the cell uses.) An almost locked set lacks
/// at most one of its digits: by a link between two of them it lacks exactly one of those;
/// by a link to a cell it forces, either its node's digit or (the cell being another of its
/// candidates, which it takes from the set) one of the cell's other digits. Its remaining
/// digits are locked in it.
fn continuous(graph: &Graph, states: &[State]) -> Vec<Candidate> {
    let pos = &graph.pos;
    let on_loop = states.iter().fold(crate::cellset::CellSet::EMPTY, |acc, &s| acc | graph.node(node_of(s)).cells);
    let mut out = Vec::new();
    for w in states.windows(2) {
        if let Some(set) = graph.als_of_link(node_of(w[0]), node_of(w[1])) {
            let (a, b) = (graph.node(node_of(w[0])), graph.node(node_of(w[1])));
            // The digits that may be missing from the set: the two linked, or the digit of
            // its node and those of the forced cell's other candidates (the cell holds one of
            // them when it isn't its forced digit, and takes it from the set).
            let free = if graph.set_of_digits_link(node_of(w[0]), node_of(w[1])).is_some() {
                DigitSet::single(a.digit) | DigitSet::single(b.digit)
            } else {
                let (node, forced) = if a.cells.is_subset(set.cells) { (a, b) } else { (b, a) };
                DigitSet::single(node.digit) | pos.candidates(forced.cell()).difference(DigitSet::single(forced.digit))
            };
            for z in set.digits.iter().filter(|&z| !free.contains(z)) {
                out.extend(((pos.digit_cells(z) & set.sees(z)) - set.cells).iter().map(|c| Candidate::new(c, z)));
            }
        }
        if truth(w[1]) {
            continue;
        }
        let (a, b) = (graph.node(node_of(w[0])), graph.node(node_of(w[1])));
        if a.digit != b.digit {
            let cell = a.cell();
            out.extend(pos.candidates(cell).iter().filter(|&d| d != a.digit && d != b.digit).map(|d| Candidate::new(cell, d)));
        } else {
            out.extend(((pos.digit_cells(a.digit) & a.sees & b.sees) - on_loop).iter().map(|c| Candidate::new(c, a.digit)));
        }
    }
    out
}
