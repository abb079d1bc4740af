//! What one constraint of a variant says on its own: the candidates its narrowing
//! (`Puzzle::narrow_by`, the same code as the variant solver's) removes from the current
//! ones. Sound by construction: a digit goes only when no filling of the constraint's cells
//! from the candidates keeps it. Shared by the killer steps, which narrow by a cage or by a
//! sum the 45 rule makes up.

use super::killer::{Difference, MadeUpSums, Split};
use crate::geometry::{Candidate, Cell, DigitSet, House, Size};
use crate::grid::Grid;
use crate::position::Position;
use crate::step::{RuleBroken, Step, Technique};
use crate::variant::{CompiledPuzzle, Constraint, Contradicted, Diagonal, Line, Narrowed, Puzzle};
use std::cell::OnceCell;

/// A variant puzzle made ready for its steps, once per hint walk: each constraint's narrowing
/// compiled (`CompiledPuzzle`), and what the killer steps read from the cages alone (each
/// cage's sets of digits, the sums the 45 rule makes up), which no step changes. A walk asks
/// for every cage at every step, so compiling them each time cost most of a walk.
pub struct CompiledVariant {
    pub(super) rules: CompiledPuzzle,
    /// The cages' sets of digits, by constraint index (`None` for other constraints).
    pub(super) cage_sets: OnceCell<Vec<Option<Vec<u16>>>>,
    /// The innies' and the outies' made-up sums.
    pub(super) made_up: [OnceCell<MadeUpSums>; 2],
    /// The 45 rule's innie-outie differences.
    pub(super) differences: OnceCell<Vec<Difference>>,
    /// The cages the areas' boundaries split (cage splitting).
    pub(super) splits: OnceCell<Vec<Split>>,
}

impl CompiledVariant {
    /// Nothing is compiled until a step needs it.
    pub fn new(puzzle: &Puzzle) -> CompiledVariant {
        CompiledVariant {
            rules: CompiledPuzzle::new(puzzle),
            cage_sets: OnceCell::new(),
            made_up: [OnceCell::new(), OnceCell::new()],
            differences: OnceCell::new(),
            splits: OnceCell::new(),
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        self.rules.puzzle()
    }
}

/// Every cell's candidates as the constraints read them: a placed digit alone, an open cell's
/// candidates.
pub(super) fn current(position: &Position) -> Vec<DigitSet> {
    position.size().cells().map(|c| position.value(c).map_or_else(|| position.candidates(c), DigitSet::single)).collect()
}

/// The step that removes what narrowing by constraint `index` of `puzzle` takes from
/// `before`: `None` when it takes nothing, or contradicts (the candidates already lost the
/// answer: no step builds on that).
pub(super) fn narrowed_by(
    rules: &CompiledPuzzle,
    index: usize,
    position: &Position,
    before: &[DigitSet],
    technique: Technique,
) -> Option<Step> {
    let mut after = before.to_vec();
    if rules.narrow_by(index, &mut after) != Ok(Narrowed::Changed) {
        return None;
    }
    let mut step = Step::new(technique);
    for cell in position.open_cells() {
        let (was, is) = (before[cell.index()], after[cell.index()]);
        if is.is_empty() {
            return None;
        }
        step.eliminations.extend(was.difference(is).iter().map(|d| Candidate::new(cell, d)));
    }
    (!step.eliminations.is_empty()).then_some(step)
}

/// A puzzle with the same givens and regions as `puzzle` and one made-up constraint: a sum the
/// 45 rule finds, narrowed by the same code as a cage.
pub(super) fn with_only(puzzle: &Puzzle, constraint: Constraint) -> Puzzle {
    Puzzle { givens: puzzle.givens.clone(), regions: puzzle.regions.clone(), constraints: vec![constraint], about: Default::default() }
}

/// The first constraint (other than a cage with a sum or a little killer: `killer` and `sums`
/// explain those) whose narrowing removes candidates.
pub(super) fn constraint_rule(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let puzzle = compiled.puzzle();
    let before = current(position);
    let size = puzzle.size();
    puzzle.constraints.iter().enumerate().find_map(|(i, c)| {
        // Little killers: `sums::little_killer_combination` weighs every filling, which is
        // more than this rule's bounds say.
        if matches!(c, Constraint::Killer { sum: Some(_), .. } | Constraint::LittleKiller { .. }) {
            return None;
        }
        let mut step = narrowed_by(&compiled.rules, i, position, &before, Technique::ConstraintRule)?;
        step.constraint = Some(c.kind_index() as u8);
        step.cells = constraint_cells(size, c).unwrap_or_else(|| {
            // A rule over the whole grid (anti-knight, non-consecutive, …): the cells it
            // changes are what to look at.
            let mut cells: Vec<Cell> = step.eliminations.iter().map(|e| e.cell).collect();
            cells.dedup();
            cells
        });
        if let Constraint::LittleKiller { sum, .. } | Constraint::Sandwich { sum, .. } = c {
            step.total = Some(i32::from(*sum));
        }
        Some(step)
    })
}

/// The cells a constraint is drawn over; `None` for a rule over the whole grid.
pub fn constraint_cells(size: Size, c: &Constraint) -> Option<Vec<Cell>> {
    let side = size.side();
    Some(match c {
        Constraint::Killer { cells, .. }
        | Constraint::LittleKiller { cells, .. }
        | Constraint::Thermometer { cells }
        | Constraint::Whispers { cells }
        | Constraint::Renban { cells }
        | Constraint::Palindrome { cells }
        | Constraint::ExtraRegion { cells } => cells.clone(),
        Constraint::Sandwich { line: Line::Row(r), .. } => (0..side).map(|c| size.cell(usize::from(*r), c)).collect(),
        Constraint::Sandwich { line: Line::Col(c), .. } => (0..side).map(|r| size.cell(r, usize::from(*c))).collect(),
        Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
        Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } => cells.to_vec(),
        Constraint::Diagonal { diagonal: Diagonal::Main } => (0..side).map(|i| size.cell(i, i)).collect(),
        Constraint::Diagonal { diagonal: Diagonal::Anti } => (0..side).map(|i| size.cell(side - 1 - i, i)).collect(),
        Constraint::Parity { cell, .. } => vec![*cell],
        Constraint::KropkiNegative { .. }
        | Constraint::XvNegative
        | Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::DisjointGroups => return None,
    })
}

/// The candidates `before` narrowed by every rule and locked candidates over every rule's
/// peers (`CompiledPuzzle::narrow_deep`: the solver's propagation and more), the fixpoint
/// each trial starts from; `None` on a contradiction.
fn narrowed(rules: &CompiledPuzzle, before: &[DigitSet]) -> Option<Vec<DigitSet>> {
    let mut base = before.to_vec();
    matches!(rules.narrow_deep(&mut base), Ok(Narrowed::Unchanged | Narrowed::Changed)).then_some(base)
}

/// `base` (narrowed by every rule) with `cand` placed and every rule followed again; `None`
/// when that runs into a contradiction.
fn placed(rules: &CompiledPuzzle, base: &[DigitSet], cand: Candidate) -> Option<Vec<DigitSet>> {
    let mut cands = base.to_vec();
    cands[cand.cell.index()] = DigitSet::single(cand.digit);
    matches!(rules.narrow_deep_from(&mut cands, base), Ok(Narrowed::Unchanged | Narrowed::Changed)).then_some(cands)
}

/// A trial with every rule: placing a candidate and narrowing by the rows, columns, boxes and
/// all the constraints to a fixpoint (`Puzzle::narrow`, the solver's propagation) runs into a
/// contradiction, so the candidate goes. Cells with the fewest candidates first (a cell of two
/// then gets its other digit). The last resort of a variant's hint, a forcing net in effect.
pub(super) fn trial(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let puzzle = &compiled.rules;
    let before = current(position);
    let base = narrowed(puzzle, &before)?;
    let mut cells: Vec<Cell> = position.open_cells().collect();
    // One shared sort (`keyed_sort`), not a copy of the standard library's for this closure.
    crate::keyed_sort::sort_by_key(&mut cells, |&c| before[c.index()].len() as u64);
    // Every trial starts from `base`: a candidate of `before` that `base` lacks fails at once.
    for &cell in &cells {
        for d in before[cell.index()].iter() {
            if placed(puzzle, &base, Candidate::new(cell, d)).is_none() {
                let mut step = Step::new(Technique::ConstraintTrial);
                step.eliminations.push(Candidate::new(cell, d));
                step.cells.push(cell);
                step.candidates.push(Candidate::new(cell, d));
                step.houses = region_named(position, cell);
                name_the_contradiction(compiled, position, &base, Candidate::new(cell, d), &mut step);
                return Some(step);
            }
        }
    }
    // No candidate fails alone: a cell holds one of its candidates, so what no branch of it
    // leaves anywhere goes (each branch narrowed by every rule; a failing branch is no branch).
    for cell in cells {
        let mut kept = vec![DigitSet::EMPTY; before.len()];
        for d in before[cell.index()].iter() {
            if let Some(cands) = placed(puzzle, &base, Candidate::new(cell, d)) {
                kept.iter_mut().zip(&cands).for_each(|(k, c)| *k = k.union(*c));
            }
        }
        let mut step = Step::new(Technique::ConstraintTrial);
        for other in position.open_cells() {
            let gone = before[other.index()].difference(kept[other.index()]);
            step.eliminations.extend(gone.iter().map(|d| Candidate::new(other, d)));
        }
        if !step.eliminations.is_empty() && step.eliminations.len() < before.iter().map(|c| c.len()).sum() {
            step.cells.push(cell);
            step.candidates = before[cell.index()].iter().map(|d| Candidate::new(cell, d)).collect();
            step.houses = region_named(position, cell);
            return Some(step);
        }
    }
    None
}

/// What placing `cand` in `base` runs into, on the trial's `step` for its sentence
/// (`Step::broken`): a cell with no digit, a digit with no place in a row, column, box or
/// region, or a cage with no set of digits left for its sum (the cage's cells then follow the
/// trial's cell in `step.cells`, drawn, its sum in `step.total`). Other rules (a line, a
/// diagonal, an extra region) are not named: the sentence then says "a cell or a digit".
/// Found once per step by narrowing again from scratch (the trial's own narrowing stays lean).
fn name_the_contradiction(compiled: &CompiledVariant, position: &Position, base: &[DigitSet], cand: Candidate, step: &mut Step) {
    let size = position.size();
    let mut cands = base.to_vec();
    cands[cand.cell.index()] = DigitSet::single(cand.digit);
    let cells_of = |indices: &[usize]| -> Vec<Cell> { indices.iter().map(|&i| Cell::new(i)).collect() };
    step.broken = match compiled.rules.contradiction(&mut cands) {
        Some(Contradicted::NoDigit(c)) => Some(RuleBroken::NoDigit(Cell::new(c))),
        Some(Contradicted::NoPlace(cells, d)) => {
            let cells = cells_of(&cells);
            let layout = position.layout();
            let digit = size.all_digits().iter().nth(d);
            let house = layout
                .houses()
                .find(|&h| layout.house_cells(h).len() == cells.len() && cells.iter().all(|&c| layout.house_set(h).contains(c)));
            digit.zip(house).map(|(d, h)| RuleBroken::NoPlace(d, h))
        }
        Some(Contradicted::Group(cells)) => {
            let cells = cells_of(&cells);
            let cage = compiled.puzzle().constraints.iter().find_map(|c| match c {
                Constraint::Killer { cells: cage, sum: Some(sum) }
                    if cage.len() == cells.len() && cage.iter().all(|c| cells.contains(c)) =>
                {
                    Some((cage, *sum))
                }
                _ => None,
            });
            match cage {
                Some((cage, sum)) => {
                    step.cells.extend(cage.iter().copied());
                    step.total = Some(i32::from(sum));
                    Some(RuleBroken::NoSet)
                }
                // A renban, or a cage without a sum: a cell it emptied, if any.
                None => cands.iter().position(|c| c.is_empty()).map(|c| RuleBroken::NoDigit(Cell::new(c))),
            }
        }
        Some(Contradicted::Rule) | None => None,
    };
}

/// On a jigsaw, the region of a trial's cell, as its step's house: the trial follows the
/// regions, and the sentence then says so ("regions", not "boxes"). Nothing on the boxes.
fn region_named(position: &Position, cell: Cell) -> Vec<House> {
    let layout = position.layout();
    if layout.is_irregular() { vec![layout.region_of(cell)] } else { Vec::new() }
}

/// Most candidates a nested trial lists as ruled out inside it (the step's candidates after
/// the assumption): enough to follow it, few enough to draw.
const NESTED_SHOWN: usize = 12;

/// A nested trial with every rule, the variant hint's last resort (one level, as the classic
/// nested forcing nets): a candidate placed and every rule followed (`Puzzle::narrow`) leaves
/// no contradiction alone, but trying each candidate left in turn the same way, and ruling out
/// each whose trial fails (then following every rule again), does. The candidate goes. Its
/// candidates: the assumption, then those ruled out inside it, in order (at most
/// `NESTED_SHOWN`); its cells, theirs.
///
/// The candidates whose placing alone narrows the grid the most are tried first: their inner
/// trials have the least left to try and fail the most often (from the cells with the fewest
/// candidates first, a hint took up to 2.5 s natively; see docs/benchmarks/variant-hints.md).
/// With the `solution`, the candidates it holds are not tried: no trial of a true candidate
/// fails (every rule is sound), so that only saves time.
pub fn nested_trial(compiled: &CompiledVariant, position: &Position, solution: Option<&Grid>) -> Option<Step> {
    let rules = &compiled.rules;
    let base = narrowed(rules, &current(position))?;
    // What each candidate's own trial leaves, by `cell * 16 + digit index` (`None`: it fails).
    let mut alone: Vec<Option<Vec<DigitSet>>> = vec![None; base.len() * 16];
    let mut order: Vec<(usize, Candidate)> = Vec::new();
    for cell in position.open_cells().filter(|c| base[c.index()].len() > 1) {
        for d in base[cell.index()].iter() {
            let cand = Candidate::new(cell, d);
            let Some(left) = placed(rules, &base, cand) else { continue };
            if solution.and_then(|s| s.get(cell)) != Some(d) {
                order.push((left.iter().map(|x| x.len()).sum(), cand));
            }
            alone[cell.index() * 16 + d.index()] = Some(left);
        }
    }
    // A failure alone is the one-level trial's (tried before this).
    // By what is left, then cell and digit (the order they were pushed in: the sort is stable).
    crate::keyed_sort::sort_by_key(&mut order, |&(left, _)| left as u64);
    for &(_, cand) in &order {
        let Some(mut cands) = alone[cand.cell.index() * 16 + cand.digit.index()].clone() else { continue };
        let mut ruled_out = Vec::new();
        if inner_trials_fail(rules, &alone, &mut cands, &mut ruled_out) {
            let mut step = Step::new(Technique::NestedConstraintTrial);
            step.eliminations.push(cand);
            step.cells.push(cand.cell);
            step.candidates.push(cand);
            step.houses = region_named(position, cand.cell);
            for inner in ruled_out.into_iter().take(NESTED_SHOWN) {
                step.candidates.push(inner);
                if !step.cells.contains(&inner.cell) {
                    step.cells.push(inner.cell);
                }
            }
            return Some(step);
        }
    }
    None
}

/// Tries every candidate of `cands` (already narrowed by every rule), ruling out each that
/// fails and following every rule again, until a contradiction (true) or nothing more fails
/// (false). A candidate fails when its trial from `cands` runs into a contradiction; first,
/// at the cost of a few comparisons, when what its trial alone left (`alone`, from the
/// position) meets `cands` in a cell with no digit (no filling of `cands` holds it then).
/// `ruled_out` gets the candidates ruled out, in order.
fn inner_trials_fail(
    rules: &CompiledPuzzle,
    alone: &[Option<Vec<DigitSet>>],
    cands: &mut [DigitSet],
    ruled_out: &mut Vec<Candidate>,
) -> bool {
    let size = rules.puzzle().size();
    loop {
        let mut progress = false;
        for cell in size.cells() {
            for d in cands[cell.index()].iter() {
                if cands[cell.index()].len() < 2 || !cands[cell.index()].contains(d) {
                    continue;
                }
                let clashes = alone[cell.index() * 16 + d.index()]
                    .as_ref()
                    .is_none_or(|left| left.iter().zip(cands.iter()).any(|(a, b)| a.intersection(*b).is_empty()));
                if clashes || placed(rules, cands, Candidate::new(cell, d)).is_none() {
                    let fixpoint = cands.to_vec();
                    cands[cell.index()].remove(d);
                    ruled_out.push(Candidate::new(cell, d));
                    if !matches!(rules.narrow_deep_from(cands, &fixpoint), Ok(Narrowed::Unchanged | Narrowed::Changed)) {
                        return true;
                    }
                    progress = true;
                }
            }
        }
        if !progress {
            return false;
        }
    }
}
