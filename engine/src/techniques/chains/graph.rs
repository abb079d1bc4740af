//! The implication graph that alternating chains and nice loops walk.
//!
//! A node is a candidate (a digit in one cell) or, when groups are on, a grouped node: a digit's
//! places where one box meets one row or column, two or more cells, true when any of them
//! holds the digit. Two kinds of links join nodes:
//!
//! - strong: they can't both be false. A bivalue cell's two digits, or a digit in a house that
//!   has no other places for it than the two nodes (a node's cells, or a group's, plus the
//!   other node's).
//! - weak: they can't both be true. Two digits of one cell, or one digit in two nodes whose
//!   cells all see each other. Every strong link between nodes of one digit is weak as well.
//!
//! With groups on, almost locked sets join in too (N cells of one house holding N+1 digits,
//! `als`): for each digit of a set, the node of its cells with that digit, and between any two
//! digits x ≠ y of one set a strong link that is *not* weak. If the set holds no x, its other
//! digits are locked in it, so y is in it: the two can't both be false (both can be true).
//!
//! A set also *forces* a cell outside it: when its other digits, locked, would take every
//! candidate but z from a cell (of three or more) that sees their places, the set's x node
//! and that cell's z are strongly linked — without x in the set the cell is z (HoDoKu's ALS
//! nodes do the same; without this link two of its reglib cases have no chain). Such a
//! cell is kept out of the houses of the set's node (measured with it; lifting it found no
//! more reglib cases).
//!
//! The links are worked out once per position, so a search over thousands of chain states
//! only walks lists.

use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
use crate::position::Position;
use crate::step::{Link, Node};
use crate::techniques::als::{self, Als};
use crate::techniques::util::{Memo, memo};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A node of the graph.
pub(super) struct GNode {
    pub digit: Digit,
    /// Its cells: one for a candidate, two or more for a group.
    pub cells: CellSet,
    /// The cells that see every cell of the node (none of its own).
    pub sees: CellSet,
}

impl GNode {
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }

    /// The cell of a candidate node (the first cell of a group).
    pub fn cell(&self) -> Cell {
        self.cells.first().expect("a node has cells")
    }

    /// The node as the step's `Node`.
    pub fn node(&self) -> Node {
        Node { digit: self.digit, cells: self.cells.to_vec() }
    }
}

/// Nodes and their strong and weak links. Nodes `0..singles` are candidates, the rest groups.
pub(super) struct Graph {
    /// A copy of the position: a graph outlives the call that built it (`Graph::shared`).
    pub pos: Position,
    pub nodes: Vec<GNode>,
    pub singles: usize,
    /// Nodes `singles..boxline` are box-line groups, the rest the nodes only almost locked
    /// sets have.
    pub boxline: usize,
    /// Candidate → node id (`NONE` for a candidate that isn't open), by `cell * side + digit`.
    by_candidate: Vec<u32>,
    strong: Vec<Vec<u32>>,
    /// How many of a node's strong links come before those through almost locked sets.
    plain_strong: Vec<u32>,
    weak: Vec<Vec<u32>>,
    /// The almost locked sets whose digits are linked, and for each such strong link (from,
    /// to) the set it goes through (the smallest, when several give the same link).
    pub sets: Vec<Als>,
    als_links: HashMap<(u32, u32), u32>,
    /// The strong links from a set's digit to a cell it forces (both ways), with the set.
    forcing_links: HashMap<(u32, u32), u32>,
}

pub(super) const NONE: u32 = u32::MAX;

impl Graph {
    /// The graph of a position, with grouped nodes when `grouped`, and then also the almost
    /// locked sets of two to `max_als` cells.
    pub fn new(pos: &Position, grouped: bool, max_als: usize) -> Graph {
        let size = pos.size();
        let side = size.side();
        let mut nodes = Vec::new();
        let mut by_candidate = vec![NONE; size.cell_count() * side];
        for c in pos.all_candidates() {
            by_candidate[c.cell.index() * side + c.digit.index()] = nodes.len() as u32;
            nodes.push(GNode { digit: c.digit, cells: CellSet::single(c.cell), sees: pos.layout().peer_set(c.cell) });
        }
        let singles = nodes.len();
        let mut groups: HashMap<(Digit, CellSet), u32> = HashMap::new();
        let mut groups_of: Vec<Vec<u32>> = vec![Vec::new(); side];
        if grouped {
            for (digit, cells) in group_cells(pos) {
                let sees = pos.layout().common_peers(&cells.to_vec());
                groups.insert((digit, cells), nodes.len() as u32);
                groups_of[digit.index()].push(nodes.len() as u32);
                nodes.push(GNode { digit, cells, sees });
            }
        }
        let boxline = nodes.len();
        let mut graph = Graph {
            pos: pos.clone(),
            nodes,
            singles,
            boxline,
            by_candidate,
            strong: Vec::new(),
            plain_strong: Vec::new(),
            weak: Vec::new(),
            sets: Vec::new(),
            als_links: HashMap::new(),
            forcing_links: HashMap::new(),
        };
        let als_nodes = if grouped { graph.add_als_nodes(max_als, &mut groups, &mut groups_of) } else { Vec::new() };
        let strong = (0..graph.nodes.len()).map(|id| graph.strong_of(id, &groups)).collect();
        let weak = (0..graph.nodes.len()).map(|id| graph.weak_of(id, &groups_of)).collect();
        graph.strong = strong;
        graph.plain_strong = graph.strong.iter().map(|l| l.len() as u32).collect();
        graph.weak = weak;
        let mut links: HashMap<u32, Vec<(u32, u32)>> = HashMap::new();
        let mut forced = Vec::new();
        for (set, digit_nodes) in als_nodes.iter().enumerate() {
            forced.extend(graph.forced_by(&graph.sets[set], digit_nodes).into_iter().map(|(a, b)| (a, b, set as u32)));
        }
        for (set, digit_nodes) in als_nodes.into_iter().enumerate() {
            for &(x, a) in &digit_nodes {
                for &(y, b) in &digit_nodes {
                    if x != y {
                        links.entry(a).or_default().push((b, set as u32));
                    }
                }
            }
        }
        for (a, mut targets) in links {
            // A target inside another of the same digit says more (it reaches every cell the
            // larger one does): only the smallest are linked.
            crate::keyed_sort::sort_by_key(&mut targets, |&(b, _)| graph.nodes[b as usize].cells.len() as u64);
            let mut kept: Vec<u32> = Vec::new();
            for (b, set) in targets {
                let nb = &graph.nodes[b as usize];
                let dominated = graph.strong[a as usize].iter().chain(&kept).any(|&k| {
                    let nk = &graph.nodes[k as usize];
                    nk.digit == nb.digit && nk.cells.is_subset(nb.cells)
                });
                if !dominated {
                    kept.push(b);
                    graph.als_links.insert((a, b), set);
                }
            }
            graph.strong[a as usize].extend(kept);
        }
        for (a, b, set) in forced {
            if graph.strong[a as usize].contains(&b) {
                continue;
            }
            graph.strong[a as usize].push(b);
            graph.strong[b as usize].push(a);
            graph.forcing_links.insert((a, b), set);
            graph.forcing_links.insert((b, a), set);
        }
        graph
    }

    /// The graph of a position, built once for the searches that ask for it one after the
    /// other: the three grouped kinds (and the three plain ones) search the same position in
    /// turn, and building the graph with its almost locked sets is a fifth of their work.
    pub fn shared(pos: &Position, grouped: bool, max_als: usize) -> Rc<Graph> {
        thread_local! {
            static LAST: Memo<(bool, usize), Rc<Graph>> = const { RefCell::new(None) };
        }
        memo(&LAST, pos, (grouped, max_als), || Rc::new(Graph::new(pos, grouped, max_als)))
    }

    /// The cells a set forces, as strong links (its digit's node, the forced candidate): for
    /// each digit x of the set, the cells of three or more candidates, outside the houses of
    /// its x node, that its other digits would leave with one candidate z ≠ x.
    fn forced_by(&self, set: &Als, digit_nodes: &[(Digit, u32)]) -> Vec<(u32, u32)> {
        let (pos, size) = (&self.pos, self.size());
        let mut out = Vec::new();
        for &(x, a) in digit_nodes {
            // Per cell, in order: the links' order decides which chain is found first.
            let mut taken = vec![DigitSet::EMPTY; size.cell_count()];
            let mut seen = CellSet::EMPTY;
            for y in set.digits.iter().filter(|&y| y != x) {
                let cells = pos.digit_cells(y) & set.sees(y);
                seen = seen | cells;
                for c in cells.iter() {
                    taken[c.index()].insert(y);
                }
            }
            for c in seen.iter() {
                let cands = pos.candidates(c);
                let Some(z) = cands.difference(taken[c.index()]).single_digit() else { continue };
                if cands.len() >= 3
                    && z != x
                    && pos.layout().houses_of(c).iter().all(|&h| !self.node(a).cells.is_subset(pos.layout().house_set(h)))
                {
                    out.extend(self.candidate(c, z).map(|b| (a, b)));
                }
            }
        }
        out
    }

    /// Adds the nodes of every almost locked set of two cells or more (a set of one cell is a
    /// bivalue cell, linked already): one per digit, its cells holding that digit, shared
    /// with the candidate or group of the same cells. Returns each kept set's (digit, node).
    fn add_als_nodes(
        &mut self,
        max_als: usize,
        groups: &mut HashMap<(Digit, CellSet), u32>,
        groups_of: &mut [Vec<u32>],
    ) -> Vec<Vec<(Digit, u32)>> {
        let mut out = Vec::new();
        for set in als::collect(&self.pos).into_iter().filter(|s| s.cells.len() >= 2 && s.cells.len() <= max_als) {
            let mut digit_nodes = Vec::new();
            // A digit that no candidate outside the set sees all of can't be a way in or out.
            for digit in set.digits.iter().filter(|&d| !(self.pos.digit_cells(d) & set.sees(d)).is_empty()) {
                let cells = set.cells_with(&self.pos, digit);
                let id = if cells.len() == 1 {
                    self.candidate(cells.first().expect("one cell"), digit).expect("an open candidate")
                } else {
                    *groups.entry((digit, cells)).or_insert_with(|| {
                        let id = self.nodes.len() as u32;
                        groups_of[digit.index()].push(id);
                        self.nodes.push(GNode { digit, cells, sees: self.pos.layout().common_peers(&cells.to_vec()) });
                        id
                    })
                };
                digit_nodes.push((digit, id));
            }
            if digit_nodes.len() >= 2 {
                self.sets.push(set);
                out.push(digit_nodes);
            }
        }
        out
    }

    /// The almost locked set that the strong link `a` = `b` goes through, if it is one: a
    /// link between two of its digits, or from one of them to a cell it forces.
    pub fn als_of_link(&self, a: u32, b: u32) -> Option<&Als> {
        self.als_links.get(&(a, b)).or_else(|| self.forcing_links.get(&(a, b))).map(|&i| &self.sets[i as usize])
    }

    /// The almost locked set whose two digits the strong link `a` = `b` joins, if it is one.
    pub fn set_of_digits_link(&self, a: u32, b: u32) -> Option<&Als> {
        self.als_links.get(&(a, b)).map(|&i| &self.sets[i as usize])
    }

    pub fn size(&self) -> Size {
        self.pos.size()
    }

    /// The node of an open candidate.
    pub fn candidate(&self, cell: Cell, digit: Digit) -> Option<u32> {
        let id = self.by_candidate[cell.index() * self.size().side() + digit.index()];
        (id != NONE).then_some(id)
    }

    pub fn strong(&self, id: u32) -> &[u32] {
        &self.strong[id as usize]
    }

    /// The strong links of a node, those through almost locked sets left out.
    pub fn strong_plain(&self, id: u32) -> &[u32] {
        &self.strong[id as usize][..self.plain_strong[id as usize] as usize]
    }

    pub fn weak(&self, id: u32) -> &[u32] {
        &self.weak[id as usize]
    }

    pub fn node(&self, id: u32) -> &GNode {
        &self.nodes[id as usize]
    }

    pub fn is_group(&self, id: u32) -> bool {
        id as usize >= self.singles
    }

    /// The node of exactly these cells for `digit`: a candidate, or a group the graph has.
    fn node_of(&self, digit: Digit, cells: CellSet, groups: &HashMap<(Digit, CellSet), u32>) -> Option<u32> {
        match cells.len() {
            1 => self.candidate(cells.first()?, digit),
            0 => None,
            _ => groups.get(&(digit, cells)).copied(),
        }
    }

    fn strong_of(&self, id: usize, groups: &HashMap<(Digit, CellSet), u32>) -> Vec<u32> {
        let pos = &self.pos;
        let node = &self.nodes[id];
        let mut out = Vec::new();
        if !node.is_group() {
            let cands = pos.candidates(node.cell());
            if cands.len() == 2 {
                out.extend(cands.iter().filter(|&d| d != node.digit).filter_map(|d| self.candidate(node.cell(), d)));
            }
        }
        for house in pos.layout().houses_of(node.cell()) {
            if !node.cells.is_subset(pos.layout().house_set(house)) {
                continue;
            }
            let rest = pos.house_digit_cells(house, node.digit) - node.cells;
            if let Some(other) = self.node_of(node.digit, rest, groups)
                && !out.contains(&other)
            {
                out.push(other);
            }
        }
        out
    }

    fn weak_of(&self, id: usize, groups_of: &[Vec<u32>]) -> Vec<u32> {
        let node = &self.nodes[id];
        let mut out = Vec::new();
        if !node.is_group() {
            let cell = node.cell();
            out.extend(self.pos.candidates(cell).iter().filter(|&d| d != node.digit).filter_map(|d| self.candidate(cell, d)));
        }
        let seen = self.pos.digit_cells(node.digit) & node.sees;
        out.extend(seen.iter().filter_map(|c| self.candidate(c, node.digit)));
        out.extend(groups_of[node.digit.index()].iter().copied().filter(|&g| self.nodes[g as usize].cells.is_subset(node.sees)));
        out
    }

    /// Whether `a` true makes `b` false.
    pub fn weakly_linked(&self, a: u32, b: u32) -> bool {
        let (na, nb) = (self.node(a), self.node(b));
        if na.digit == nb.digit { nb.cells.is_subset(na.sees) } else { !na.is_group() && na.cells == nb.cells }
    }

    /// The link from `a` to `b` as the step writes it.
    pub fn link(&self, a: u32, b: u32, strong: bool) -> Link {
        let set = if strong { self.als_of_link(a, b).map(|s| s.cells.to_vec()).unwrap_or_default() } else { Vec::new() };
        Link { from: self.node(a).node(), to: self.node(b).node(), strong, set }
    }

    /// The candidates of a node (a group's cells, each with the digit).
    pub fn candidates_of(&self, id: u32) -> impl Iterator<Item = Candidate> + '_ {
        let node = self.node(id);
        node.cells.iter().map(move |c| Candidate::new(c, node.digit))
    }
}

/// Every grouped node of a position: for each digit, box and line through the box, the digit's
/// places where they meet, when there are two or more.
fn group_cells(pos: &Position) -> Vec<(Digit, CellSet)> {
    let size = pos.size();
    let mut out = Vec::new();
    let lines: Vec<House> = size.houses().filter(|h| h.is_line()).collect();
    for digit in size.digits() {
        let places = pos.digit_cells(digit);
        for region in pos.layout().regions_houses() {
            let in_box = places & pos.layout().house_set(region);
            if in_box.len() < 2 {
                continue;
            }
            for &line in &lines {
                let cells = in_box & pos.layout().house_set(line);
                if cells.len() >= 2 {
                    out.push((digit, cells));
                }
            }
        }
    }
    out
}
