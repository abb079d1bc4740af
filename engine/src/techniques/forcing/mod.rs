//! Forcing chains and nets: the last resort, so that every valid puzzle is solved by steps a
//! person can check, never by a guess.
//!
//! Each technique assumes something and follows it (see `propagate`):
//! - Contradiction: "if r1c1 were 5, then … r5c5 would have no digit left; so r1c1 is not 5"
//!   (or "were not 5 …; so it is 5").
//! - Unit: a digit goes in one of a house's places; if every place leads to the same conclusion,
//!   it holds.
//! - Cell: a cell holds one of its digits; if every digit leads to the same conclusion, it holds.
//!
//! Chains follow one premise at a time; nets may combine several (a cell emptied by different
//! links of the same assumption); nested nets try candidates inside a branch. The rungs are
//! tried in that order, and within a rung the conclusion whose proof has the fewest links comes
//! first — what a player would want to be shown (`techniques::next_step` then prefers the
//! lowest score, length bonus included, across the rungs and chains within reach). Every branch of a sweep is computed once per position
//! and rung and kept (`MEMO`), because the three kinds read the same branches.

mod propagate;

use crate::geometry::{Candidate, House};
use crate::position::Position;
use crate::step::{Forcing, Link, Step, Technique};
use propagate::{Branch, Contradiction, Lit, Mode, Root, lit, lit_cand, lit_on};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::util::Sink;

/// The deepest nesting tried. Every known puzzle needs at most 2; each level multiplies the work
/// by the number of candidates, so a puzzle that needs more is left to Reveal.
const MAX_NESTING: u8 = 3;

/// At most this many instances are reported by `find_all` (tools and tests ask for all; each
/// needs its proof built).
const MAX_REPORTED: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Contradiction,
    Unit,
    Cell,
}

/// The rung and kind of a forcing technique.
fn rung(t: Technique) -> Option<(Mode, Kind)> {
    use Technique::*;
    Some(match t {
        ContradictionForcingChain => (Mode::Static, Kind::Contradiction),
        UnitForcingChain => (Mode::Static, Kind::Unit),
        CellForcingChain => (Mode::Static, Kind::Cell),
        ContradictionForcingNet => (Mode::Dynamic, Kind::Contradiction),
        UnitForcingNet => (Mode::Dynamic, Kind::Unit),
        CellForcingNet => (Mode::Dynamic, Kind::Cell),
        NestedForcingNet => (Mode::Nested(1), Kind::Contradiction),
        _ => return None,
    })
}

/// Reports a forcing technique's conclusions, the proof with the fewest links first.
pub fn find_all(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let Some((mode, kind)) = rung(technique) else { return true };
    if pos.dead_end().is_some() {
        return true;
    }
    let root = Root::new(pos);
    let levels: Vec<Mode> = match mode {
        Mode::Nested(_) => (1..=MAX_NESTING).map(Mode::Nested).collect(),
        m => vec![m],
    };
    for mode in levels {
        if let Mode::Nested(_) = mode {
            // A nested sweep of every candidate costs minutes on the hardest puzzles; the first
            // candidate that fails (tried from the cells with fewest digits) is the step.
            if let Some(c) = first_nested_contradiction(&root, mode) {
                return sink(build_step(&root, technique, mode, &c, &mut HashMap::new()));
            }
            continue;
        }
        let sweep = sweep(pos, &root, mode);
        let mut found = conclusions(&root, &sweep, kind);
        if found.is_empty() {
            continue;
        }
        crate::keyed_sort::sort_by_key(&mut found, |c| u64::from(c.cost) << 32 | u64::from(c.target));
        let mut seen = BTreeSet::new();
        found.retain(|c| seen.insert(c.target));
        found.truncate(MAX_REPORTED);
        for step in fewest_links_first(&root, technique, mode, &found) {
            if !sink(step) {
                return false;
            }
        }
        return true;
    }
    true
}

/// The steps of a rung's conclusions (sorted by `cost`), the proof with the fewest links first
/// (ties: the lower cost, then the target), as Sudoku Explainer shows them and rates by them.
///
/// A proof's cost (each branch's depth) is a lower bound of its links (a literal derived at
/// depth d ends a path of d links), so once the cost reaches the fewest links built so far, no
/// later conclusion has fewer: those are reported in cost order without their proofs being
/// compared. Each assumption's branch is run once for all the conclusions that share it.
fn fewest_links_first(root: &Root, technique: Technique, mode: Mode, found: &[Conclusion]) -> Vec<Step> {
    let mut branches: HashMap<Lit, Branch<'_>> = HashMap::new();
    let mut ranked: Vec<(usize, usize, Step)> = Vec::new();
    let mut fewest = usize::MAX;
    let mut rest = found.len();
    for (i, c) in found.iter().enumerate() {
        if c.cost as usize >= fewest {
            rest = i;
            break;
        }
        let step = build_step(root, technique, mode, c, &mut branches);
        let links = proof_length(&step);
        fewest = fewest.min(links);
        ranked.push((links, i, step));
    }
    // Pushed in `i` order: the stable sort keeps it among equal lengths.
    crate::keyed_sort::sort_by_key(&mut ranked, |r| r.0 as u64);
    let mut steps: Vec<Step> = ranked.into_iter().map(|(_, _, s)| s).collect();
    steps.extend(found[rest..].iter().map(|c| build_step(root, technique, mode, c, &mut branches)));
    steps
}

/// What one assumption led to.
struct Outcome {
    contradiction: Option<(Contradiction, u16)>,
    derived: Vec<(Lit, u16)>,
}

/// Every branch of a rung: each open candidate assumed true, and (below nesting) false; indexed
/// by `cand_index`.
struct Sweep {
    on: Vec<Option<Outcome>>,
    off: Vec<Option<Outcome>>,
}

fn cand_index(c: Candidate) -> usize {
    c.cell.index() * 16 + c.digit.index()
}

thread_local! {
    /// The last sweeps made, by position and rung (a solve asks the three kinds of a rung about
    /// one position in a row).
    static MEMO: RefCell<Vec<(u64, Mode, Rc<Sweep>)>> = const { RefCell::new(Vec::new()) };
}

fn position_key(pos: &Position) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    pos.size().hash(&mut h);
    for c in pos.size().cells() {
        pos.value(c).hash(&mut h);
        pos.candidates(c).bits().hash(&mut h);
    }
    h.finish()
}

fn sweep(pos: &Position, root: &Root, mode: Mode) -> Rc<Sweep> {
    let key = position_key(pos);
    if let Some(hit) = MEMO.with(|m| m.borrow().iter().find(|(k, md, _)| *k == key && *md == mode).map(|(_, _, s)| s.clone())) {
        return hit;
    }
    let outcome = |b: Branch<'_>| Outcome { contradiction: b.contradiction(), derived: b.derived().collect() };
    let slots = root.size().cell_count() * 16;
    let mut on: Vec<Option<Outcome>> = (0..slots).map(|_| None).collect();
    let mut off: Vec<Option<Outcome>> = (0..slots).map(|_| None).collect();
    for cand in root.candidates() {
        on[cand_index(cand)] = Some(outcome(Branch::assume(root, mode, lit(cand, true))));
        if !matches!(mode, Mode::Nested(_)) {
            off[cand_index(cand)] = Some(outcome(Branch::assume(root, mode, lit(cand, false))));
        }
    }
    let sweep = Rc::new(Sweep { on, off });
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        m.retain(|(k, _, _)| *k == key);
        m.push((key, mode, sweep.clone()));
    });
    sweep
}

/// The first candidate, from the cells with fewest digits, whose nested branch fails.
fn first_nested_contradiction(root: &Root, mode: Mode) -> Option<Conclusion> {
    let mut order: Vec<Candidate> = root.candidates().collect();
    crate::keyed_sort::sort_by_key(&mut order, |c| root.cell_digits(c.cell).count() as u64);
    order.into_iter().find_map(|cand| {
        let branch = Branch::assume(root, mode, lit(cand, true));
        branch.contradiction().map(|(_, depth)| Conclusion {
            target: lit(cand, false),
            assumptions: vec![lit(cand, true)],
            house: None,
            cost: depth as u32,
        })
    })
}

/// A conclusion and the branches that prove it.
struct Conclusion {
    /// The literal proved: a candidate false (an elimination) or true (a placement).
    target: Lit,
    /// The assumptions, one per branch.
    assumptions: Vec<Lit>,
    /// For a unit forcing step, its house.
    house: Option<House>,
    /// The proof's depth summed over the branches: shorter first.
    cost: u32,
}

fn conclusions(root: &Root, sweep: &Sweep, kind: Kind) -> Vec<Conclusion> {
    let mut out = Vec::new();
    let mut tally = Tally::new(root.size().cell_count() * 32);
    match kind {
        Kind::Contradiction => {
            for (on, branches) in [(true, &sweep.on), (false, &sweep.off)] {
                for (i, o) in branches.iter().enumerate() {
                    let Some(o) = o else { continue };
                    if let Some((_, depth)) = o.contradiction {
                        let cand = lit_cand(i as Lit * 2);
                        out.push(Conclusion { target: lit(cand, !on), assumptions: vec![lit(cand, on)], house: None, cost: depth as u32 });
                    }
                }
            }
        }
        Kind::Cell => {
            for cell in root.size().cells() {
                let assumptions: Vec<Lit> = root.cell_digits(cell).map(|d| lit(Candidate::new(cell, d), true)).collect();
                if assumptions.len() >= 2 {
                    common(sweep, &assumptions, None, &mut tally, &mut out);
                }
            }
        }
        Kind::Unit => {
            for (house, digit, places) in root.house_places() {
                let assumptions: Vec<Lit> = places.iter().map(|&c| lit(Candidate::new(c, digit), true)).collect();
                common(sweep, &assumptions, Some(house), &mut tally, &mut out);
            }
        }
    }
    out
}

/// Counts of literals over a group of branches, reset after each group by what it touched.
struct Tally {
    count: Vec<u16>,
    cost: Vec<u32>,
    touched: Vec<Lit>,
}

impl Tally {
    fn new(lits: usize) -> Tally {
        Tally { count: vec![0; lits], cost: vec![0; lits], touched: Vec::new() }
    }
}

/// The literals every branch derives (none may be contradicted: that is the contradiction kind's).
fn common(sweep: &Sweep, assumptions: &[Lit], house: Option<House>, tally: &mut Tally, out: &mut Vec<Conclusion>) {
    let outcomes: Vec<&Outcome> = assumptions.iter().filter_map(|&a| sweep.on[cand_index(lit_cand(a))].as_ref()).collect();
    if outcomes.len() != assumptions.len() || outcomes.iter().any(|o| o.contradiction.is_some()) {
        return;
    }
    let n = outcomes.len() as u16;
    for (b, o) in outcomes.iter().enumerate() {
        for &(l, depth) in &o.derived {
            let i = l as usize;
            // Only literals every earlier branch derived can still be common.
            if tally.count[i] == b as u16 {
                if b == 0 {
                    tally.touched.push(l);
                }
                tally.count[i] += 1;
                tally.cost[i] += depth as u32;
            }
        }
    }
    for &l in &tally.touched {
        let i = l as usize;
        if tally.count[i] == n && !assumptions.contains(&l) {
            out.push(Conclusion { target: l, assumptions: assumptions.to_vec(), house, cost: tally.cost[i] });
        }
        tally.count[i] = 0;
        tally.cost[i] = 0;
    }
    tally.touched.clear();
}

/// The step of a conclusion: its branches re-run to read their reasons, and the links that
/// lead to the target (or to the contradiction) kept.
/// `branches` keeps the branches already run, by assumption.
fn build_step<'r>(root: &'r Root, technique: Technique, mode: Mode, c: &Conclusion, branches: &mut HashMap<Lit, Branch<'r>>) -> Step {
    let mut step = Step::new(technique);
    let target = lit_cand(c.target);
    if lit_on(c.target) {
        step.placements.push(target);
    } else {
        step.eliminations.push(target);
    }
    let mut forcing = Forcing {
        assumptions: c.assumptions.iter().map(|&a| (lit_cand(a), lit_on(a))).collect(),
        contradiction: None,
        nested: Vec::new(),
        nesting: match mode {
            Mode::Nested(k) => k,
            _ => 0,
        },
    };
    for &a in &c.assumptions {
        let branch = branches.entry(a).or_insert_with(|| Branch::assume(root, mode, a));
        let ends = match branch.contradiction() {
            Some((why, _)) => {
                forcing.contradiction = Some(why);
                branch.contradiction_parents()
            }
            None => vec![c.target],
        };
        let (links, nested) = proof(branch, &ends);
        forcing.nested.extend(nested);
        step.chains.push(links);
        let cand = lit_cand(a);
        step.candidates.push(cand);
        if !step.cells.contains(&cand.cell) {
            step.cells.push(cand.cell);
        }
    }
    if let Some(h) = c.house {
        step.houses.push(h);
    }
    if !step.cells.contains(&target.cell) {
        step.cells.push(target.cell);
    }
    crate::keyed_sort::sort_by_key(&mut forcing.nested, Candidate::order);
    forcing.nested.dedup();
    step.forcing = Some(forcing);
    step
}

/// The links from a branch's assumption to `ends`, in the order they were derived; and the
/// literals among them ruled out by nested trials.
fn proof(branch: &Branch<'_>, ends: &[Lit]) -> (Vec<Link>, Vec<Candidate>) {
    let mut needed: BTreeSet<(u32, Lit)> = BTreeSet::new();
    let mut stack: Vec<Lit> = ends.iter().copied().filter(|&l| branch.holds(l)).collect();
    let mut seen = BTreeSet::new();
    while let Some(l) = stack.pop() {
        if !seen.insert(l) {
            continue;
        }
        needed.insert((branch.position(l), l));
        stack.extend(branch.parents(l));
    }
    let mut links = Vec::new();
    let mut nested = Vec::new();
    for &(_, l) in &needed {
        if branch.is_nested(l) {
            nested.push(lit_cand(l));
        }
        for p in branch.parents(l) {
            links.push(Link::cells(lit_cand(p), lit_cand(l), lit_on(l)));
        }
    }
    (links, nested)
}

/// The score bonus of a proof's length, as Sudoku Explainer grows it: +0.1 each time the
/// number of links passes 4, 6, 8, 12, 16, 24, 32, … (each threshold 1.5 or 4/3 times the last).
pub fn length_bonus(links: usize) -> f32 {
    let mut threshold = 4usize;
    let mut bonus = 0.0;
    let mut even = true;
    while links > threshold {
        bonus += 0.1;
        threshold = if even { threshold * 3 / 2 } else { threshold * 4 / 3 };
        even = !even;
    }
    bonus
}

/// The number of links of a step's proof.
pub fn proof_length(step: &Step) -> usize {
    step.chains.iter().map(Vec::len).sum()
}

#[cfg(test)]
mod tests;
