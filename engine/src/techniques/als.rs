//! Almost Locked Sets (ALS): N cells of one house that together hold exactly N+1 digits (a
//! bivalue cell is the smallest, N = 1). Take away any one of its digits and the rest are
//! locked: each of them must then go in one of the set's cells.
//!
//! Two sets A and B are joined by a restricted common candidate (RCC) x when both hold x and
//! every x of A sees every x of B: at most one of the two sets can hold x, so the other one
//! loses it and becomes locked. (Sets may share cells, as long as no shared cell holds x.)
//!
//! - ALS-XZ: A and B joined by x, both holding z ≠ x. One of them is locked, so z is in A or
//!   in B: a cell that sees every z of both can't be z. Doubly linked (two RCCs x and y): each
//!   set holds exactly one of them, so both sets are locked: every other digit of a set stays
//!   in it, and x and y each stay in the two sets.
//! - ALS-XY-Wing: A and B each joined to a third set C, by x and y ≠ x. C can't lose both, so
//!   A or B is locked: a z ≠ x, y common to A and B is in one of them.
//! - ALS-XY-Chain: the same along a longer chain A1 -x1- A2 -x2- … An (neighbouring links on
//!   different digits): if A1 lacks z it is locked, holds x1, which A2 then lacks, so A2 is
//!   locked and holds x2, … until An is locked and holds z.
//! - Death Blossom: a stem cell, and for each of its digits d a petal set holding d where
//!   every d sees the stem. Whatever the stem is, its petal loses that digit and is locked: a
//!   z (not in the stem) held by every petal is in one of them.
//!
//! The sets of a position are collected once per call (`collect`), each with the cells that
//! see all of its cells holding a digit, so every test is a few bitset operations.

use super::util::Sink;
use crate::cellset::{CellSet, house_set};
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
use crate::position::Position;
use crate::step::{Link, Node, Step, Technique};
use std::collections::HashSet;

/// One almost locked set.
pub struct Als {
    /// Its cells.
    pub cells: CellSet,
    /// Its digits (one more than its cells).
    pub digits: DigitSet,
    /// A house holding all its cells.
    pub house: House,
    /// For each digit index: the cells (outside the set) that see every cell of the set with
    /// that digit. Only meaningful for the set's digits.
    sees: [CellSet; 16],
}

impl Als {
    /// The set's cells holding `digit`.
    pub fn cells_with(&self, pos: &Position, digit: Digit) -> CellSet {
        self.cells & pos.digit_cells(digit)
    }

    /// The cells seeing every `digit` of the set: where `digit` can't be if the set holds it.
    pub fn sees(&self, digit: Digit) -> CellSet {
        self.sees[digit.index()]
    }
}

/// The largest sets collected: enough for the patterns players find, bounded so that the
/// pairwise search stays fast (a 16x16 house has tens of thousands of subsets).
fn max_cells(size: Size) -> usize {
    match size {
        Size::Four => 3,
        Size::Six => 5,
        Size::Nine => 7,
        Size::Sixteen => 4,
    }
}

/// Every almost locked set of the position, each once (a set lying in a line and a box is
/// found in the line), smallest first.
pub fn collect(pos: &Position) -> Vec<Als> {
    let size = pos.size();
    let max = max_cells(size);
    let mut out = Vec::new();
    for house in pos.layout().houses() {
        let open: Vec<(Cell, DigitSet)> =
            pos.layout().house_cells(house).iter().filter(|&&c| pos.value(c).is_none()).map(|&c| (c, pos.candidates(c))).collect();
        let mut chosen = Vec::with_capacity(max);
        subsets(pos, house, &open, 0, max, &mut chosen, DigitSet::EMPTY, &mut out);
    }
    // Smallest first: the searches then show the simplest pattern first.
    crate::keyed_sort::sort_by_key(&mut out, |set| set.cells.len() as u64);
    out
}

/// Grows subsets of `open[start..]` onto `chosen` (whose digits are `digits`), recording the
/// almost locked ones.
#[allow(clippy::too_many_arguments)]
fn subsets(
    pos: &Position,
    house: House,
    open: &[(Cell, DigitSet)],
    start: usize,
    max: usize,
    chosen: &mut Vec<Cell>,
    digits: DigitSet,
    out: &mut Vec<Als>,
) {
    for i in start..open.len() {
        let (cell, cands) = open[i];
        let union = digits | cands;
        // Digits never go away as cells are added: beyond max + 1 no superset can be an ALS.
        if union.len() > max + 1 {
            continue;
        }
        chosen.push(cell);
        if union.len() == chosen.len() + 1 && is_home(pos.size(), house, chosen) {
            out.push(make(pos, house, chosen, union));
        }
        if chosen.len() < max {
            subsets(pos, house, open, i + 1, max, chosen, union, out);
        }
        chosen.pop();
    }
}

/// Whether `house` is where a set is recorded: a single cell in its row, a set in a line and a
/// box in the line (houses are visited rows, columns, boxes).
fn is_home(size: Size, house: House, cells: &[Cell]) -> bool {
    match house {
        House::Row(_) => true,
        House::Col(_) => cells.len() > 1,
        House::Box(_) | House::Region(_) => {
            let set: CellSet = cells.iter().copied().collect();
            let row = House::Row(size.row_of(cells[0]) as u8);
            let col = House::Col(size.col_of(cells[0]) as u8);
            !set.is_subset(house_set(size, row)) && !set.is_subset(house_set(size, col))
        }
    }
}

fn make(pos: &Position, house: House, cells: &[Cell], digits: DigitSet) -> Als {
    let layout = pos.layout();
    let set: CellSet = cells.iter().copied().collect();
    let mut sees = [CellSet::EMPTY; 16];
    for d in digits {
        let holders = set & pos.digit_cells(d);
        let mut it = holders.iter();
        let first = it.next().map_or(CellSet::EMPTY, |c| layout.peer_set(c));
        sees[d.index()] = it.fold(first, |acc, c| acc & layout.peer_set(c));
    }
    Als { cells: set, digits, house, sees }
}

/// For each set, the sets it is joined to and by which digits (ascending by set).
///
/// Most pairs of sets are far apart, so instead of testing every pair, each set looks only at
/// the sets whose first cell holding x is a cell that sees all its own x's.
pub fn rcc_graph(pos: &Position, sets: &[Als]) -> Vec<Vec<(usize, DigitSet)>> {
    let cell_count = pos.size().cell_count();
    // The sets by (digit, their first cell holding it): `by_first[start[k]..start[k + 1]]`.
    let key = |d: Digit, c: Cell| d.index() * cell_count + c.index();
    // Both lists are sorted as (u64, u32) pairs, by the sort keyed_sort's callers share.
    let mut keyed: Vec<(u64, u32)> = Vec::with_capacity(sets.len() * 4);
    for (i, set) in sets.iter().enumerate() {
        for d in set.digits {
            let first = set.cells_with(pos, d).first().expect("a set's digits are in its cells");
            keyed.push((key(d, first) as u64, i as u32));
        }
    }
    crate::keyed_sort::sort_pairs(&mut keyed);
    let mut start = vec![0u32; 16 * cell_count + 1];
    for &(k, _) in &keyed {
        start[k as usize + 1] += 1;
    }
    for k in 0..16 * cell_count {
        start[k + 1] += start[k];
    }
    // Every (a, b, x) with a < b, found from a: (a << 32 | b, x's bit).
    let mut found: Vec<(u64, u32)> = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for x in a.digits {
            let reach = a.sees(x) & pos.digit_cells(x);
            for c in reach.iter() {
                let k = key(x, c);
                for &(_, j) in &keyed[start[k] as usize..start[k + 1] as usize] {
                    if (j as usize) > i && sets[j as usize].cells_with(pos, x).is_subset(reach) {
                        found.push(((i as u64) << 32 | u64::from(j), u32::from(DigitSet::single(x).bits())));
                    }
                }
            }
        }
    }
    crate::keyed_sort::sort_pairs(&mut found);
    let mut graph = vec![Vec::new(); sets.len()];
    let mut k = 0;
    while k < found.len() {
        let pair = found[k].0;
        let (i, j) = ((pair >> 32) as usize, (pair & 0xffff_ffff) as usize);
        let mut r = DigitSet::EMPTY;
        while k < found.len() && found[k].0 == pair {
            r |= DigitSet::from_bits(found[k].1 as u16);
            k += 1;
        }
        graph[i].push((j, r));
        graph[j].push((i, r));
    }
    graph
}

/// The candidates `digit` in `cells`.
fn digit_candidates(pos: &Position, cells: CellSet, digit: Digit) -> Vec<Candidate> {
    (cells & pos.digit_cells(digit)).iter().map(|c| Candidate::new(c, digit)).collect()
}

/// A grouped node: the set's cells holding `digit`.
fn node(pos: &Position, set: &Als, digit: Digit) -> Node {
    Node { digit, cells: set.cells_with(pos, digit).to_vec() }
}

/// Inside a set: without `from` it is locked, so it holds `to`.
fn strong(pos: &Position, set: &Als, from: Digit, to: Digit) -> Link {
    Link { from: node(pos, set, from), to: node(pos, set, to), strong: true, set: set.cells.to_vec() }
}

/// Between sets joined by `x`: if one holds it, the other doesn't.
fn weak(pos: &Position, a: &Als, b: &Als, x: Digit) -> Link {
    Link { from: node(pos, a, x), to: node(pos, b, x), strong: false, set: Vec::new() }
}

/// The chain of sets `path` joined by `links[i]` between `path[i]` and `path[i+1]`, from `z`
/// missing in the first set to `z` in the last: (z=x1)A1 - (x1=x2)A2 - … - (xn=z)An.
fn path_links(pos: &Position, path: &[&Als], links: &[Digit], z: Digit) -> Vec<Link> {
    let mut out = Vec::new();
    let mut incoming = z;
    for (i, set) in path.iter().enumerate() {
        let outgoing = links.get(i).copied().unwrap_or(z);
        out.push(strong(pos, set, incoming, outgoing));
        if let Some(&next) = path.get(i + 1) {
            out.push(weak(pos, set, next, outgoing));
        }
        incoming = outgoing;
    }
    out
}

/// The elimination lists reported so far in one search: sets overlap so much that many
/// patterns make the same eliminations, and only the first (the simplest: sets are searched
/// smallest first, chains shortest first) is reported.
#[derive(Default)]
struct Reported(HashSet<Vec<Candidate>>);

impl Reported {
    /// Sorts `eliminations`; whether they are new (and not empty).
    fn first_time(&mut self, eliminations: &mut Vec<Candidate>) -> bool {
        crate::keyed_sort::sort_by_key(eliminations, Candidate::order);
        eliminations.dedup();
        !eliminations.is_empty() && self.0.insert(eliminations.clone())
    }
}

/// A step over the sets `sets` (cells listed set by set, each cell once), highlighting the
/// `digits` in them; `None` if its eliminations are none or were reported already.
fn als_step(
    pos: &Position,
    technique: Technique,
    sets: &[&Als],
    digits: DigitSet,
    mut eliminations: Vec<Candidate>,
    reported: &mut Reported,
) -> Option<Step> {
    if !reported.first_time(&mut eliminations) {
        return None;
    }
    let mut step = Step::new(technique);
    step.eliminations = eliminations;
    let mut seen = CellSet::EMPTY;
    for set in sets {
        step.cells.extend((set.cells - seen).iter());
        seen = seen | set.cells;
        step.houses.push(set.house);
    }
    for d in digits {
        step.candidates.extend(digit_candidates(pos, seen, d));
    }
    crate::keyed_sort::sort_by_key(&mut step.candidates, Candidate::order);
    Some(step)
}

/// ALS-XZ, singly and doubly linked; pairs of small sets first.
pub fn als_xz(pos: &Position, sink: Sink<'_>) -> bool {
    let sets = collect(pos);
    let graph = rcc_graph(pos, &sets);
    let mut pairs: Vec<(usize, usize, DigitSet)> = Vec::new();
    for (i, joined) in graph.iter().enumerate() {
        pairs.extend(joined.iter().filter(|&&(j, _)| j > i && (sets[i].digits & sets[j].digits).len() > 1).map(|&(j, r)| (i, j, r)));
    }
    crate::keyed_sort::sort_by_key(&mut pairs, |&(i, j, _)| (sets[i].cells.len() + sets[j].cells.len()) as u64);
    let mut reported = Reported::default();
    for (i, j, r) in pairs {
        let (a, b) = (&sets[i], &sets[j]);
        let step = match r.len() {
            1 => chain_step(pos, Technique::AlsXz, &[a, b], &[r.first().expect("one rcc")], &mut reported),
            _ => doubly_linked(pos, a, b, r, &mut reported),
        };
        if let Some(step) = step
            && !sink(step)
        {
            return false;
        }
    }
    true
}

/// A and B joined by two digits: each holds one of them, so both are locked sets.
fn doubly_linked(pos: &Position, a: &Als, b: &Als, links: DigitSet, reported: &mut Reported) -> Option<Step> {
    let mut eliminations = Vec::new();
    for x in links {
        eliminations.extend(digit_candidates(pos, a.sees(x) & b.sees(x), x));
    }
    for set in [a, b] {
        for d in set.digits.difference(links) {
            eliminations.extend(digit_candidates(pos, set.sees(d), d));
        }
    }
    let mut step = als_step(pos, Technique::AlsXz, &[a, b], a.digits | b.digits, eliminations, reported)?;
    // The loop: x in A rules it out of B, which then holds y, so A lacks y and holds x again.
    let mut it = links.iter();
    let (x, y) = (it.next().expect("two rccs"), it.next().expect("two rccs"));
    step.chains = vec![vec![weak(pos, a, b, x), strong(pos, b, x, y), weak(pos, b, a, y), strong(pos, a, y, x)]];
    Some(step)
}

/// ALS-XY-Wings: A -x- C -y- B.
pub fn als_xy_wing(pos: &Position, sink: Sink<'_>) -> bool {
    let sets = collect(pos);
    let graph = rcc_graph(pos, &sets);
    let mut reported = Reported::default();
    for (c, joined) in graph.iter().enumerate() {
        for (k, &(a, ra)) in joined.iter().enumerate() {
            for &(b, rb) in &joined[k + 1..] {
                if (sets[a].digits & sets[b].digits).is_empty() {
                    continue;
                }
                for x in ra {
                    for y in rb {
                        if x == y {
                            continue;
                        }
                        let path = [&sets[a], &sets[c], &sets[b]];
                        if let Some(step) = chain_step(pos, Technique::AlsXyWing, &path, &[x, y], &mut reported)
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

/// The step of a chain of sets joined by `links` (one fewer than the sets; two sets make an
/// ALS-XZ): each digit z of both ends other than the end links is in one end or the other.
fn chain_step(pos: &Position, technique: Technique, path: &[&Als], links: &[Digit], reported: &mut Reported) -> Option<Step> {
    let (first, last) = (path[0], path[path.len() - 1]);
    let ends = DigitSet::single(links[0]) | DigitSet::single(links[links.len() - 1]);
    let mut zs = DigitSet::EMPTY;
    let mut eliminations = Vec::new();
    for z in (first.digits & last.digits).difference(ends) {
        let found = digit_candidates(pos, first.sees(z) & last.sees(z), z);
        if !found.is_empty() {
            zs.insert(z);
            eliminations.extend(found);
        }
    }
    let digits: DigitSet = links.iter().copied().collect::<DigitSet>() | zs;
    let mut step = als_step(pos, technique, path, digits, eliminations, reported)?;
    step.chains = zs.iter().map(|z| path_links(pos, path, links, z)).collect();
    Some(step)
}

/// The fewest and most sets of an ALS-XY-Chain (three are an ALS-XY-Wing; HoDoKu's cases
/// need seven).
const CHAIN_MIN: usize = 4;
const CHAIN_MAX: usize = 8;

/// ALS-XY-Chains of `CHAIN_MIN..=CHAIN_MAX` sets, breadth first from every set and first
/// link, so the chain shown for a pair of ends is a shortest one. A state is a set and the
/// link it was reached by (the digit it lacks, so the rest of it is locked).
pub fn als_xy_chain(pos: &Position, sink: Sink<'_>) -> bool {
    let sets = collect(pos);
    let graph = rcc_graph(pos, &sets);
    let mut reported = Reported::default();
    let state = |set: usize, digit: Digit| set * 16 + digit.index();
    let mut parent: Vec<u32> = vec![NO_PARENT; sets.len() * 16];
    let mut stamp: Vec<u32> = vec![0; sets.len() * 16];
    let mut generation = 0u32;
    for (start, first) in sets.iter().enumerate() {
        // The digits z of the first set that some cell outside could lose.
        let zs: DigitSet = first.digits.iter().filter(|&z| !(first.sees(z) & pos.digit_cells(z)).is_empty()).collect();
        if zs.is_empty() {
            continue;
        }
        let first_links = graph[start].iter().fold(DigitSet::EMPTY, |acc, &(_, r)| acc | r);
        for x1 in first_links {
            if zs.difference(DigitSet::single(x1)).is_empty() {
                continue;
            }
            generation += 1;
            let mut frontier = Vec::new();
            for &(to, r) in &graph[start] {
                if r.contains(x1) {
                    let s = state(to, x1);
                    stamp[s] = generation;
                    parent[s] = NO_PARENT;
                    frontier.push((to, x1));
                }
            }
            for depth in 3..=CHAIN_MAX {
                let mut next = Vec::new();
                for &(at, lacks) in &frontier {
                    for &(to, r) in &graph[at] {
                        if to == start {
                            continue;
                        }
                        for x in r.difference(DigitSet::single(lacks)) {
                            let s = state(to, x);
                            if stamp[s] == generation {
                                continue;
                            }
                            stamp[s] = generation;
                            parent[s] = state(at, lacks) as u32;
                            next.push((to, x));
                            let end = &sets[to];
                            let ends = (zs & end.digits).difference(DigitSet::single(x1) | DigitSet::single(x));
                            if depth < CHAIN_MIN || !ends.iter().any(|z| !(first.sees(z) & end.sees(z) & pos.digit_cells(z)).is_empty()) {
                                continue;
                            }
                            // The links are those each set was reached by, x1 first.
                            let Some((mut path, links)) = walk_back(&parent, s) else { continue };
                            path.insert(0, start);
                            let path: Vec<&Als> = path.iter().map(|&i| &sets[i]).collect();
                            if let Some(step) = chain_step(pos, Technique::AlsXyChain, &path, &links, &mut reported)
                                && !sink(step)
                            {
                                return false;
                            }
                        }
                    }
                }
                frontier = next;
            }
        }
    }
    true
}

/// No parent: a state reached by the first link.
const NO_PARENT: u32 = u32::MAX;

/// The sets and links from the root to state `s`; `None` if a set repeats.
fn walk_back(parent: &[u32], s: usize) -> Option<(Vec<usize>, Vec<Digit>)> {
    let mut path = vec![s / 16];
    let mut links = vec![Digit::from_index(s % 16)];
    let mut at = s;
    while parent[at] != NO_PARENT {
        at = parent[at] as usize;
        if path.contains(&(at / 16)) {
            return None;
        }
        path.push(at / 16);
        links.push(Digit::from_index(at % 16));
    }
    path.reverse();
    links.reverse();
    Some((path, links))
}

/// Death Blossoms: a stem cell and one petal set per stem digit.
pub fn death_blossom(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let sets = collect(pos);
    let mut reported = Reported::default();
    for stem in pos.open_cells() {
        let digits = pos.candidates(stem);
        if digits.len() < 2 {
            continue;
        }
        let peers = pos.layout().peer_set(stem);
        // For each stem digit, the sets that hold it only where the stem sees.
        let petals: Vec<(Digit, Vec<usize>)> = digits
            .iter()
            .map(|d| {
                let fit = (0..sets.len()).filter(|&i| sets[i].digits.contains(d) && sets[i].cells_with(pos, d).is_subset(peers));
                (d, fit.collect())
            })
            .collect();
        if petals.iter().any(|(_, p)| p.is_empty()) {
            continue;
        }
        let mut targets = [CellSet::EMPTY; 16];
        for z in size.digits() {
            targets[z.index()] = pos.digit_cells(z);
        }
        let zs = size.all_digits().difference(digits);
        let mut chosen = Vec::with_capacity(petals.len());
        let mut search = Blossom { pos, sets: &sets, stem, petals: &petals, reported: &mut reported, sink: &mut *sink };
        if !search.grow(zs, &targets, &mut chosen) {
            return false;
        }
    }
    true
}

/// The search for the petals of one stem.
struct Blossom<'a, 's> {
    pos: &'a Position,
    sets: &'a [Als],
    stem: Cell,
    /// For each stem digit, the sets that could be its petal.
    petals: &'a [(Digit, Vec<usize>)],
    reported: &'a mut Reported,
    sink: Sink<'s>,
}

impl Blossom<'_, '_> {
    /// Chooses a petal for each stem digit in turn (`chosen` so far), keeping the digits z
    /// still held by every petal and, per z, the cells that see all their z's. Returns whether
    /// to go on.
    fn grow(&mut self, zs: DigitSet, targets: &[CellSet; 16], chosen: &mut Vec<usize>) -> bool {
        let Some((_, options)) = self.petals.get(chosen.len()) else {
            return self.report(zs, targets, chosen);
        };
        for &p in options {
            let set = &self.sets[p];
            let mut narrowed = *targets;
            let mut alive = DigitSet::EMPTY;
            for z in zs & set.digits {
                narrowed[z.index()] = targets[z.index()] & set.sees(z);
                if !narrowed[z.index()].is_empty() {
                    alive.insert(z);
                }
            }
            if alive.is_empty() {
                continue;
            }
            chosen.push(p);
            let go_on = self.grow(alive, &narrowed, chosen);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    fn report(&mut self, zs: DigitSet, targets: &[CellSet; 16], chosen: &[usize]) -> bool {
        let pos = self.pos;
        let mut eliminations = Vec::new();
        for z in zs {
            eliminations.extend(digit_candidates(pos, targets[z.index()], z));
        }
        let path: Vec<&Als> = chosen.iter().map(|&i| &self.sets[i]).collect();
        let stem_digits = pos.candidates(self.stem);
        let Some(mut step) = als_step(pos, Technique::DeathBlossom, &path, stem_digits | zs, eliminations, self.reported) else {
            return true;
        };
        step.cells.insert(0, self.stem);
        step.candidates.extend(stem_digits.iter().map(|d| Candidate::new(self.stem, d)));
        // One branch per stem digit: the stem holding d rules d out of its petal, locking it.
        for (&(d, _), set) in self.petals.iter().zip(&path) {
            for z in zs {
                step.chains.push(vec![
                    Link { from: Node::cell(self.stem, d), to: node(pos, set, d), strong: false, set: Vec::new() },
                    strong(pos, set, d, z),
                ]);
            }
        }
        (self.sink)(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::grid::Grid;
    use crate::rating::{solve_logically, step_score};
    use crate::solver;
    use crate::techniques::find_every;

    const TECHNIQUES: [Technique; 4] = [Technique::AlsXz, Technique::AlsXyWing, Technique::AlsXyChain, Technique::DeathBlossom];

    /// Puzzles of top1465 whose hardest steps are ALS-XY-Chain and Death Blossom.
    const PUZZLES: [&str; 2] = [
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..",
        ".5.3.7.4.1.........3.......5.8.3.61....8..5.9.6..1........4...6...6927....2...9..",
    ];

    /// The positions along a puzzle's logical solve.
    fn positions(puzzle: &str) -> (Grid, Vec<Position>) {
        let grid = line::parse(puzzle).unwrap();
        let mut position = Position::from_grid(&grid);
        let mut all = vec![position.clone()];
        for step in solve_logically(&grid).steps {
            position.apply(&step);
            all.push(position.clone());
        }
        (solver::unique_solution(&grid).unwrap(), all)
    }

    /// The direct definition of the restricted common candidates, to check the graph against.
    fn rccs(pos: &Position, a: &Als, b: &Als) -> DigitSet {
        (a.digits & b.digits).iter().filter(|&x| b.cells_with(pos, x).is_subset(a.sees(x))).collect()
    }

    #[test]
    fn sets_hold_one_digit_more_than_cells_in_one_house() {
        let (_, all) = positions(PUZZLES[0]);
        for pos in all.iter().step_by(5) {
            let sets = collect(pos);
            let mut seen = std::collections::HashSet::new();
            for set in &sets {
                let digits = set.cells.iter().fold(DigitSet::EMPTY, |acc, c| acc | pos.candidates(c));
                assert_eq!(digits, set.digits);
                assert_eq!(digits.len(), set.cells.len() + 1);
                assert!(set.cells.is_subset(house_set(pos.size(), set.house)));
                assert!(seen.insert(set.cells), "a set found twice");
            }
        }
    }

    #[test]
    fn the_graph_joins_exactly_the_pairs_with_restricted_commons() {
        let (_, all) = positions(PUZZLES[1]);
        for pos in all.iter().step_by(3) {
            let sets = collect(pos);
            let graph = rcc_graph(pos, &sets);
            for i in 0..sets.len() {
                let mut want: Vec<(usize, DigitSet)> = (0..sets.len())
                    .filter(|&j| j != i)
                    .map(|j| (j, rccs(pos, &sets[i], &sets[j])))
                    .filter(|(_, r)| !r.is_empty())
                    .collect();
                want.sort_by_key(|&(j, _)| j);
                let mut got = graph[i].clone();
                got.sort_by_key(|&(j, _)| j);
                assert_eq!(got, want);
            }
        }
    }

    /// Every step is sound, reads in every language, and its chains stay inside its sets.
    #[test]
    fn steps_are_sound_explained_and_drawn_inside_their_sets() {
        let mut found = std::collections::HashSet::new();
        for puzzle in PUZZLES {
            let (solution, all) = positions(puzzle);
            for pos in &all {
                for t in TECHNIQUES {
                    for step in find_every(pos, t).into_iter().take(20) {
                        found.insert(t);
                        for e in &step.eliminations {
                            assert_ne!(solution.get(e.cell), Some(e.digit), "{:?} removes a solution digit", t);
                        }
                        let cells: CellSet = step.cells.iter().copied().collect();
                        for link in step.chains.iter().flatten() {
                            let from_stem = t == Technique::DeathBlossom && link.from.cells == [step.cells[0]];
                            assert!(from_stem || link.from.cells.iter().all(|c| cells.contains(*c)), "{link:?}");
                            assert!(link.to.cells.iter().all(|c| cells.contains(*c)), "{link:?}");
                            assert!(link.strong || link.from.digit == link.to.digit);
                        }
                        for lang in crate::lang::Lang::ALL {
                            let text = crate::lang::explain(&step, pos.size(), lang);
                            assert!(!text.contains('{') && !text.contains('}'), "{text}");
                        }
                    }
                }
            }
        }
        assert_eq!(found.len(), TECHNIQUES.len(), "{found:?}");
    }

    #[test]
    fn chains_score_by_their_sets() {
        let (_, all) = positions(PUZZLES[0]);
        let mut scores = Vec::new();
        for pos in &all {
            for step in find_every(pos, Technique::AlsXyChain) {
                let sets = step.chains[0].iter().filter(|l| l.strong).count();
                let score = step_score(&step);
                assert!((score - (8.0 + (sets.min(6) - 4) as f32 / 10.0)).abs() < 1e-4, "{sets} sets: {score}");
                scores.push(score);
            }
        }
        // Capped at 8.2: forcing chains (Master) start at 8.3.
        assert!(scores.iter().any(|&s| s < 8.05) && scores.iter().all(|&s| s <= 8.2 + 1e-4));
    }

    /// A solved grid of any size (shifted rows), with every third cell or so emptied again.
    fn holey(size: Size) -> (Grid, Position) {
        let (n, h, w) = (size.side(), size.box_rows(), size.box_cols());
        let mut solution = Grid::new(size);
        for r in 0..n {
            for c in 0..n {
                let v = (w * (r % h) + r / h + c) % n;
                solution.set(size.cell(r, c), Some(Digit::from_index(v)));
            }
        }
        let mut puzzle = solution.clone();
        for cell in size.cells() {
            if (cell.index() * 7 + cell.index() / n) % 5 < 3 {
                puzzle.set(cell, None);
            }
        }
        (solution, Position::from_grid(&puzzle))
    }

    #[test]
    fn other_sizes_are_searched_soundly() {
        for size in [Size::Four, Size::Six, Size::Sixteen] {
            let (solution, pos) = holey(size);
            for t in TECHNIQUES {
                for step in find_every(&pos, t).into_iter().take(50) {
                    for e in &step.eliminations {
                        assert_ne!(solution.get(e.cell), Some(e.digit), "{t:?} on {size:?}");
                    }
                }
            }
        }
    }
}
