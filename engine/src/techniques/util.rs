//! Helpers shared by the techniques: combinations, the lines of a size, and step building.

use crate::cellset::{CellSet, house_set};
use crate::geometry::{Candidate, Cell, Digit, House, Size};
use crate::position::Position;
use crate::step::{Step, Technique};

/// Calls `f` with every `k`-element combination of `items` (in lexicographic order) until it
/// returns false. Returns false if stopped.
pub fn combinations<T: Copy>(items: &[T], k: usize, f: &mut dyn FnMut(&[T]) -> bool) -> bool {
    fn go<T: Copy>(items: &[T], k: usize, start: usize, chosen: &mut Vec<T>, f: &mut dyn FnMut(&[T]) -> bool) -> bool {
        if chosen.len() == k {
            return f(chosen);
        }
        let need = k - chosen.len();
        for i in start..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen.push(items[i]);
            let go_on = go(items, k, i + 1, chosen, f);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    if k == 0 || k > items.len() {
        return true;
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f)
}

/// The rows (true) or columns (false) of a size, as houses.
pub fn lines(size: Size, rows: bool) -> Vec<House> {
    (0..size.side() as u8).map(|i| if rows { House::Row(i) } else { House::Col(i) }).collect()
}

/// The boxes of a size.
pub fn boxes(size: Size) -> Vec<House> {
    (0..size.side() as u8).map(House::Box).collect()
}

/// The line of a cell: its row (true) or column (false).
pub fn line_of(size: Size, cell: Cell, rows: bool) -> House {
    if rows { House::Row(size.row_of(cell) as u8) } else { House::Col(size.col_of(cell) as u8) }
}

/// The union of the cells of some houses.
pub fn union_of(size: Size, houses: &[House]) -> CellSet {
    houses.iter().fold(CellSet::EMPTY, |acc, &h| acc | house_set(size, h))
}

/// The candidates `digit` in `cells` that are still open in the position.
pub fn eliminations(pos: &Position, cells: CellSet, digit: Digit) -> Vec<Candidate> {
    (cells & pos.digit_cells(digit)).iter().map(|c| Candidate::new(c, digit)).collect()
}

/// A step that removes candidates, with its pattern; `None` if nothing would be removed.
pub fn elimination_step(
    technique: Technique,
    eliminations: Vec<Candidate>,
    cells: Vec<Cell>,
    houses: Vec<House>,
    candidates: Vec<Candidate>,
) -> Option<Step> {
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    step.eliminations = eliminations;
    crate::keyed_sort::sort_by_key(&mut step.eliminations, Candidate::order);
    step.eliminations.dedup();
    step.cells = cells;
    step.houses = houses;
    step.candidates = candidates;
    Some(step)
}

/// The pattern candidates: every candidate of `digit` in `cells`.
pub fn pattern(pos: &Position, cells: CellSet, digit: Digit) -> Vec<Candidate> {
    eliminations(pos, cells, digit)
}

/// The last value worked out for a position (and a key), for the next call with the same ones:
/// the techniques are tried one after another on one position, and some of them would each
/// work out the same thing again.
pub type Memo<K, T> = std::cell::RefCell<Option<(Position, K, T)>>;

/// `make`'s value for this position and key, from `last` when it holds them.
pub fn memo<K: PartialEq, T: Clone>(
    last: &'static std::thread::LocalKey<Memo<K, T>>,
    pos: &Position,
    key: K,
    make: impl FnOnce() -> T,
) -> T {
    if let Some(value) = last.with_borrow(|l| l.as_ref().filter(|(p, k, _)| p == pos && *k == key).map(|(_, _, v)| v.clone())) {
        return value;
    }
    let value = make();
    last.with_borrow_mut(|l| *l = Some((pos.clone(), key, value.clone())));
    value
}

/// The callback a technique reports its steps to; returning false stops the search.
pub type Sink<'a> = &'a mut dyn FnMut(Step) -> bool;

/// Reports a step if there is one; returns whether to go on.
pub fn emit(sink: Sink<'_>, step: Option<Step>) -> bool {
    match step {
        Some(s) => sink(s),
        None => true,
    }
}

/// What is wrong with a step's chains in a position, if anything: links that don't connect
/// (one's `to` is the next one's `from`), nodes that aren't open candidates of one house,
/// strong links that aren't strong (a bivalue cell, or a house where the digit has no other
/// places than the two nodes) or weak links that aren't weak (two digits of one cell, or one
/// digit in nodes whose cells all see each other).
pub fn chain_problem(pos: &Position, step: &Step) -> Option<String> {
    let size = pos.size();
    for chain in &step.chains {
        let text = chain.iter().map(|l| l.notation(size)).collect::<Vec<_>>().join(" ");
        if chain.is_empty() {
            return Some("an empty chain".into());
        }
        // A colouring step's chain is its cluster, a tree of strong links: each link starts
        // at a node already reached. Every other chain is a path.
        let tree = matches!(
            step.technique,
            Technique::SimpleColorsTrap
                | Technique::SimpleColorsWrap
                | Technique::MultiColors1
                | Technique::MultiColors2
                | Technique::Medusa3D
        );
        for (i, link) in chain.iter().enumerate().skip(1) {
            let reached =
                if tree { chain[..i].iter().any(|l| l.from == link.from || l.to == link.from) } else { chain[i - 1].to == link.from };
            if !reached {
                return Some(format!("links don't connect: {text}"));
            }
        }
        for link in chain {
            for node in [&link.from, &link.to] {
                let cells: CellSet = node.cells.iter().copied().collect();
                let one_house = pos.layout().houses().any(|h| cells.is_subset(pos.layout().house_set(h)));
                if cells.is_empty() || !one_house || node.cells.iter().any(|&c| !pos.has(c, node.digit)) {
                    return Some(format!("{} is not a node of open candidates in one house: {text}", node.name(size)));
                }
            }
            if !link_holds(pos, link) {
                return Some(format!("{} is not {}: {text}", link.notation(size), if link.strong { "strong" } else { "weak" }));
            }
        }
    }
    None
}

/// Whether a link is what it says in the position.
fn link_holds(pos: &Position, link: &crate::step::Link) -> bool {
    let layout = pos.layout();
    let (a, b) = (&link.from, &link.to);
    let (ca, cb): (CellSet, CellSet) = (a.cells.iter().copied().collect(), b.cells.iter().copied().collect());
    if a.digit != b.digit {
        // Two digits of one cell: at most one is true; at least one if they are its only two.
        let one_cell = a.cells.len() == 1 && a.cells == b.cells;
        if one_cell && (!link.strong || pos.candidates(a.cells[0]).len() == 2) {
            return true;
        }
        // Two digits of an almost locked set: without the one, the set is locked and holds the
        // other; or a set's digit and a cell the set forces without it.
        return link.strong
            && (in_one_als(pos, a.digit, ca, b.digit, cb)
                || set_forces(pos, a.digit, ca, b.digit, cb)
                || set_forces(pos, b.digit, cb, a.digit, ca));
    }
    if !(ca & cb).is_empty() {
        return false;
    }
    if link.strong {
        layout.houses().any(|h| (ca | cb).is_subset(layout.house_set(h)) && pos.house_digit_cells(h, a.digit) == ca | cb)
    } else {
        ca.iter().all(|x| cb.is_subset(layout.peer_set(x)))
    }
}

/// Whether some almost locked set has exactly `cx` as its places for `x` and, without `x`,
/// locked, would leave the one cell `cz` (outside it) no candidate but `z`.
fn set_forces(pos: &Position, x: Digit, cx: CellSet, z: Digit, cz: CellSet) -> bool {
    let layout = pos.layout();
    let Some(cell) = cz.first().filter(|&c| cz.len() == 1 && !cx.contains(c)) else { return false };
    let others = pos.candidates(cell).iter().filter(|&d| d != z).collect::<Vec<_>>();
    some_als(
        pos,
        cx,
        |c| c != cell && !pos.has(c, x),
        |cells, digits| {
            others.iter().all(|&y| y != x && digits.contains(y) && cells.iter().filter(|&c| pos.has(c, y)).all(|c| layout.sees(c, cell)))
        },
    )
}

/// Whether some almost locked set (n cells of one house holding n+1 digits) has exactly `ca`
/// as its places for digit `a` and `cb` for digit `b`: then "not a" there means "b" there.
fn in_one_als(pos: &Position, a: Digit, ca: CellSet, b: Digit, cb: CellSet) -> bool {
    let base = ca | cb;
    let places_hold = |cells: CellSet| {
        cells.iter().filter(|&c| pos.has(c, a)).collect::<CellSet>() == ca
            && cells.iter().filter(|&c| pos.has(c, b)).collect::<CellSet>() == cb
    };
    places_hold(base) && some_als(pos, base, |c| !pos.has(c, a) && !pos.has(c, b), |_, _| true)
}

/// Whether some almost locked set made of `base` and open cells of a house holding it that
/// `may_add` allows (a checker may try every subset of them) is `accept`ed, given its cells
/// and digits.
fn some_als(
    pos: &Position,
    base: CellSet,
    may_add: impl Fn(Cell) -> bool,
    accept: impl Fn(CellSet, crate::geometry::DigitSet) -> bool,
) -> bool {
    let layout = pos.layout();
    layout.houses().filter(|&h| base.is_subset(layout.house_set(h))).any(|h| {
        let free: Vec<Cell> = layout.house_set(h).iter().filter(|&c| !base.contains(c) && pos.value(c).is_none() && may_add(c)).collect();
        (0u32..1 << free.len()).any(|mask| {
            let cells: CellSet = base | free.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c).collect::<CellSet>();
            let digits = cells.iter().fold(crate::geometry::DigitSet::EMPTY, |d, c| d | pos.candidates(c));
            digits.len() == cells.len() + 1 && accept(cells, digits)
        })
    })
}
