//! Killer steps: what a cage's sum allows (cage combinations), a digit every combination of a
//! cage needs (cage confinement), and the 45 rule (innies and outies of a row, column or box
//! or a jigsaw's region, and of two or three neighbouring rows or columns), as sudokuwiki's killer solver explains
//! them. Each narrows by the variant model's own code (`variant_rules::narrowed_by`): a cage
//! by its sets of distinct digits, a sum the 45 rule makes up as a cage of its own (distinct
//! digits when the cells share a house, by bounds otherwise).

use super::sums::{step_keeping, supports};
use super::variant_rules::{CompiledVariant, current, narrowed_by, with_only};
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House};
use crate::layout::Layout;
use crate::position::Position;
use crate::step::{Step, Technique};
use crate::variant::{CompiledPuzzle, Constraint, Puzzle};

/// The cages with a sum, as (cells, sum); none when two of them overlap (the 45 rule adds
/// cages up, which overlapping cages would count twice) or a cell is off the grid.
fn summed_cages(puzzle: &Puzzle) -> Vec<(CellSet, i32)> {
    let n = puzzle.size().cell_count();
    let mut seen = CellSet::EMPTY;
    let mut out = Vec::new();
    for c in &puzzle.constraints {
        let Constraint::Killer { cells, sum: Some(sum) } = c else { continue };
        if cells.iter().any(|c| c.index() >= n) {
            return Vec::new();
        }
        let set: CellSet = cells.iter().copied().collect();
        if !(set & seen).is_empty() || set.len() != cells.len() {
            return Vec::new();
        }
        seen = seen | set;
        out.push((set, i32::from(*sum)));
    }
    out
}

/// Cage combinations: the first cage whose sum removes candidates.
pub(super) fn cage_combination(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let before = current(position);
    compiled.puzzle().constraints.iter().enumerate().find_map(|(i, c)| {
        let Constraint::Killer { cells, sum: Some(sum) } = c else { return None };
        let mut step = narrowed_by(&compiled.rules, i, position, &before, Technique::CageCombination)?;
        step.cells = cells.clone();
        step.constraint = Some(c.kind_index() as u8);
        step.total = Some(i32::from(*sum));
        Some(step)
    })
}

/// Every set of `count` distinct digits of 1..=side adding up to `sum`, as bitmasks, smallest
/// mask first: what a cage of that size and sum may hold before any candidate is read.
fn sets_adding_to(side: usize, count: usize, sum: i32) -> Vec<u16> {
    (0u32..1 << side)
        .filter(|m| m.count_ones() as usize == count)
        .map(|m| m as u16)
        .filter(|&m| (0..side).filter(|d| m & 1 << d != 0).map(|d| d as i32 + 1).sum::<i32>() == sum)
        .collect()
}

/// Of a cage's sets (`sets_adding_to`), those that still fit its candidates (as the variant
/// model's cage rule reads them): each digit of the set has a cell, each cell a digit of the
/// set, and the decided digits are in it.
fn fitting_sets(sets: &[u16], cands: &[DigitSet], cells: &[Cell]) -> Vec<u16> {
    let (mut union, mut decided) = (0u16, 0u16);
    for c in cells {
        let s = cands[c.index()].bits();
        union |= s;
        if s.count_ones() == 1 {
            decided |= s;
        }
    }
    sets.iter()
        .copied()
        .filter(|&m| m & !union == 0 && decided & !m == 0 && cells.iter().all(|c| cands[c.index()].bits() & m != 0))
        .collect()
}

/// Cage confinement: a digit every fitting set of a cage has is in the cage, so a cell outside
/// it that sees every cell of the cage where the digit can go can't hold it (a cage of 2 with
/// sum 3 holds a 1 and a 2: in a row, they leave the rest of the row).
pub(super) fn cage_confinement(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let puzzle = compiled.puzzle();
    for (i, d, holders) in needed_places(compiled, position) {
        let Constraint::Killer { cells, sum: Some(sum) } = &puzzle.constraints[i] else { continue };
        let cage: CellSet = cells.iter().copied().collect();
        let seen = position.layout().common_peers(&holders).difference(cage);
        let elims: Vec<Candidate> = seen.iter().filter(|&t| position.candidates(t).contains(d)).map(|t| Candidate::new(t, d)).collect();
        if holders.is_empty() || elims.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::CageConfinement);
        step.eliminations = elims;
        step.cells = cells.clone();
        step.candidates = holders.iter().map(|&h| Candidate::new(h, d)).collect();
        step.constraint = Some(0);
        step.total = Some(i32::from(*sum));
        return Some(step);
    }
    None
}

/// For each cage with a sum (by its constraint index), each digit that every set of digits
/// still fitting it has and no cell of it holds yet, with the cells that can hold it there: the
/// cage's places for a digit it needs (`cage_confinement`; two places are a strong link of
/// `constraint_chains`).
pub(super) fn needed_places(compiled: &CompiledVariant, position: &Position) -> Vec<(usize, Digit, Vec<Cell>)> {
    let puzzle = compiled.puzzle();
    let size = puzzle.size();
    let mut out = Vec::new();
    if size.cell_count() > 81 {
        return out;
    }
    let cands = current(position);
    // Each cage's sets, worked out once a walk: only their fit to the candidates changes.
    let cage_sets = compiled.cage_sets.get_or_init(|| {
        puzzle
            .constraints
            .iter()
            .map(|c| match c {
                Constraint::Killer { cells, sum: Some(sum) } => Some(sets_adding_to(size.side(), cells.len(), i32::from(*sum))),
                _ => None,
            })
            .collect()
    });
    for (i, (c, sets)) in puzzle.constraints.iter().zip(cage_sets).enumerate() {
        let (Constraint::Killer { cells, .. }, Some(sets)) = (c, sets) else { continue };
        if cells.iter().any(|c| c.index() >= cands.len()) {
            continue;
        }
        let sets = fitting_sets(sets, &cands, cells);
        let needed = DigitSet::from_bits(sets.iter().fold(if sets.is_empty() { 0 } else { u16::MAX }, |a, &s| a & s));
        for d in needed.iter().filter(|&d| cells.iter().all(|&c| position.value(c) != Some(d))) {
            out.push((i, d, cells.iter().copied().filter(|&c| position.candidates(c).contains(d)).collect()));
        }
    }
    out
}

/// The areas the 45 rule looks at, smallest first: each row, column and box (a jigsaw's
/// region: it holds every digit once too), then two and three neighbouring rows or columns.
fn areas(layout: &Layout) -> Vec<Vec<House>> {
    let side = layout.size().side() as u8;
    let mut out: Vec<Vec<House>> = layout.houses().map(|h| vec![h]).collect();
    for k in 2..=3u8 {
        for first in 0..=side.saturating_sub(k) {
            out.push((first..first + k).map(House::Row).collect());
            out.push((first..first + k).map(House::Col).collect());
        }
    }
    out
}

/// At most this many cells in a sum the 45 rule makes up: beyond, the sum rarely says
/// anything, and a player would not add so many cells.
const MOST_CELLS: usize = 5;

/// A sum the 45 rule makes up, with its narrowing compiled.
pub(super) struct MadeUpSum {
    houses: Vec<House>,
    cells: Vec<Cell>,
    sum: i32,
    rules: CompiledPuzzle,
}

/// The innies' (or the outies') made-up sums of every area, in the order the rule looks at
/// them; they depend on the cages alone.
pub(super) type MadeUpSums = Vec<MadeUpSum>;

/// The sums the 45 rule makes up, innies (`outies` false) or outies, area by area (`areas`).
fn made_up_sums(puzzle: &Puzzle, layout: &Layout, outies: bool) -> MadeUpSums {
    let size = puzzle.size();
    let cages = summed_cages(puzzle);
    let side = size.side() as i32;
    let house_total = side * (side + 1) / 2;
    let mut out = Vec::new();
    if cages.is_empty() {
        return out;
    }
    for houses in areas(layout) {
        let area = houses.iter().fold(CellSet::EMPTY, |a, &h| a | layout.house_set(h));
        let total = house_total * houses.len() as i32;
        let (cells, sum) = if outies {
            let touching: Vec<&(CellSet, i32)> = cages.iter().filter(|(c, _)| !(*c & area).is_empty()).collect();
            let covered = touching.iter().fold(CellSet::EMPTY, |a, (c, _)| a | *c);
            if !area.is_subset(covered) {
                continue;
            }
            (covered.difference(area), touching.iter().map(|(_, s)| s).sum::<i32>() - total)
        } else {
            let inside: Vec<&(CellSet, i32)> = cages.iter().filter(|(c, _)| c.is_subset(area)).collect();
            let covered = inside.iter().fold(CellSet::EMPTY, |a, (c, _)| a | *c);
            (area.difference(covered), total - inside.iter().map(|(_, s)| s).sum::<i32>())
        };
        // Nothing made up (no cage inside, or none sticking out), or too many cells to add.
        if cells.is_empty() || cells.len() > MOST_CELLS || cells == area || sum <= 0 {
            continue;
        }
        let list = cells.to_vec();
        // Distinct digits when the cells share a house; a sum by bounds otherwise.
        let one_house = layout.houses().any(|h| cells.is_subset(layout.house_set(h)));
        let Ok(sum16) = u16::try_from(sum) else { continue };
        let made_up = if one_house {
            Constraint::Killer { cells: list.clone(), sum: Some(sum16) }
        } else {
            Constraint::LittleKiller { cells: list.clone(), sum: sum16, clue: (-1, -1) }
        };
        out.push(MadeUpSum { houses, cells: list, sum, rules: CompiledPuzzle::new(&with_only(puzzle, made_up)) });
    }
    out
}

/// The 45 rule, innies (`outies` false) or outies: the first area whose made-up sum removes
/// candidates.
pub(super) fn rule_45(compiled: &CompiledVariant, position: &Position, outies: bool) -> Option<Step> {
    let puzzle = compiled.puzzle();
    let size = puzzle.size();
    if size.cell_count() > 81 {
        return None;
    }
    // The position carries the puzzle's regions (`fits`), so the areas are the puzzle's.
    let sums = compiled.made_up[usize::from(outies)].get_or_init(|| made_up_sums(puzzle, position.layout(), outies));
    let before = current(position);
    let technique = if outies { Technique::Outies } else { Technique::Innies };
    sums.iter().find_map(|made_up| {
        let mut step = narrowed_by(&made_up.rules, 0, position, &before, technique)?;
        step.cells = made_up.cells.clone();
        step.houses = made_up.houses.clone();
        step.constraint = Some(0);
        step.total = Some(made_up.sum);
        Some(step)
    })
}

/// An innie-outie difference of the 45 rule: an area's cells in no cage (`innies`) and the
/// cells of the cages sticking out of it that lie outside (`outies`), whose sums differ by what
/// the area's total leaves of the cages' sums. Innies alone or outies alone are `rule_45`'s.
pub(super) struct Difference {
    houses: Vec<House>,
    /// The innies (weight 1), then the outies (weight -1).
    terms: Vec<(Cell, i32)>,
    /// The innies' sum less the outies'.
    difference: i32,
}

/// At most this many innies and outies in a difference, together.
const MOST_DIFFERENCE_CELLS: usize = 4;

/// The innie-outie differences of every area, in the order the 45 rule looks at them.
fn differences(puzzle: &Puzzle, layout: &Layout) -> Vec<Difference> {
    let cages = summed_cages(puzzle);
    let side = puzzle.size().side() as i32;
    let mut out = Vec::new();
    for houses in areas(layout).into_iter().filter(|_| !cages.is_empty()) {
        let area = houses.iter().fold(CellSet::EMPTY, |a, &h| a | layout.house_set(h));
        let touching: Vec<&(CellSet, i32)> = cages.iter().filter(|(c, _)| !(*c & area).is_empty()).collect();
        let covered = touching.iter().fold(CellSet::EMPTY, |a, (c, _)| a | *c);
        let (innies, outies) = (area.difference(covered), covered.difference(area));
        if innies.is_empty() || outies.is_empty() || innies.len() + outies.len() > MOST_DIFFERENCE_CELLS {
            continue;
        }
        let difference = side * (side + 1) / 2 * houses.len() as i32 - touching.iter().map(|(_, s)| s).sum::<i32>();
        let terms = innies.iter().map(|c| (c, 1)).chain(outies.iter().map(|c| (c, -1))).collect();
        out.push(Difference { houses, terms, difference });
    }
    out
}

/// The 45 rule's innie-outie difference: the first area whose innies less its outies make a
/// sum (`sums::supports`, a digit repeated only in cells that don't see each other) that
/// removes candidates.
pub(super) fn innie_outie(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let puzzle = compiled.puzzle();
    if puzzle.size().cell_count() > 81 {
        return None;
    }
    let peers = compiled.rules.peers()?;
    let before = current(position);
    // The position carries the puzzle's regions (`fits`), so the areas are the puzzle's.
    compiled.differences.get_or_init(|| differences(puzzle, position.layout())).iter().find_map(|d| {
        let kept = supports(&d.terms, d.difference, &before, peers)?;
        let mut step = step_keeping(Technique::InnieOutie, position, &d.terms, &before, &kept)?;
        step.cells = d.terms.iter().map(|t| t.0).collect();
        step.houses = d.houses.clone();
        step.constraint = Some(0);
        step.total = Some(d.difference);
        Some(step)
    })
}

/// A cage an area's boundary splits (cage splitting): the area's cells outside the cages wholly
/// inside it are all one cage's (`part`), so they add up to what the area's total leaves of
/// those cages (`part_sum`), and the cage's other cells (`rest`) to the remainder of its sum.
pub(super) struct Split {
    houses: Vec<House>,
    cage: Vec<Cell>,
    part: Vec<Cell>,
    rest: Vec<Cell>,
    part_sum: i32,
    cage_sum: i32,
}

/// The split cages of every area, in the order the 45 rule looks at the areas.
fn splits(puzzle: &Puzzle, layout: &Layout) -> Vec<Split> {
    let cages = summed_cages(puzzle);
    let side = puzzle.size().side() as i32;
    let mut out = Vec::new();
    for houses in areas(layout).into_iter().filter(|_| !cages.is_empty()) {
        let area = houses.iter().fold(CellSet::EMPTY, |a, &h| a | layout.house_set(h));
        let inside: Vec<&(CellSet, i32)> = cages.iter().filter(|(c, _)| c.is_subset(area)).collect();
        let left = area.difference(inside.iter().fold(CellSet::EMPTY, |a, (c, _)| a | *c));
        if left.is_empty() {
            continue;
        }
        let Some(&(cage, cage_sum)) = cages.iter().find(|(c, _)| *c & area == left && !c.is_subset(area)) else { continue };
        let part_sum = side * (side + 1) / 2 * houses.len() as i32 - inside.iter().map(|(_, s)| s).sum::<i32>();
        out.push(Split { houses, cage: cage.to_vec(), part: left.to_vec(), rest: cage.difference(area).to_vec(), part_sum, cage_sum });
    }
    out
}

/// Cage splitting: the first split cage (`Split`) whose two parts, each a cage of different
/// digits adding up to its sum and the two sharing no digit (they are one cage), remove
/// candidates. The step draws the whole cage; its candidates are the part inside's that stay.
pub(super) fn cage_splitting(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let puzzle = compiled.puzzle();
    let side = puzzle.size().side();
    if puzzle.size().cell_count() > 81 {
        return None;
    }
    let before = current(position);
    // The position carries the puzzle's regions (`fits`), so the areas are the puzzle's.
    compiled.splits.get_or_init(|| splits(puzzle, position.layout())).iter().find_map(|s| {
        let inside = fitting_sets(&sets_adding_to(side, s.part.len(), s.part_sum), &before, &s.part);
        let outside = fitting_sets(&sets_adding_to(side, s.rest.len(), s.cage_sum - s.part_sum), &before, &s.rest);
        let (mut keep_in, mut keep_out) = (0u16, 0u16);
        for &a in &inside {
            for &b in outside.iter().filter(|&&b| a & b == 0) {
                keep_in |= a;
                keep_out |= b;
            }
        }
        // No split fits: the position is broken, which is not this step's to say.
        if keep_in == 0 {
            return None;
        }
        let terms: Vec<(Cell, i32)> = s.part.iter().chain(&s.rest).map(|&c| (c, 1)).collect();
        let kept: Vec<DigitSet> =
            terms.iter().map(|t| DigitSet::from_bits(if s.part.contains(&t.0) { keep_in } else { keep_out })).collect();
        let mut step = step_keeping(Technique::CageSplitting, position, &terms, &before, &kept)?;
        step.cells = s.cage.clone();
        step.houses = s.houses.clone();
        let stay = DigitSet::from_bits(keep_in);
        step.candidates = s.part.iter().flat_map(|&c| (before[c.index()] & stay).iter().map(move |d| Candidate::new(c, d))).collect();
        step.constraint = Some(0);
        step.total = Some(s.part_sum);
        Some(step)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Size;
    use crate::grid::Grid;
    use crate::lang::{Lang, explain};

    fn at(r: usize, c: usize) -> Cell {
        Size::Nine.cell(r - 1, c - 1)
    }

    #[test]
    fn an_innie_less_an_outie_is_what_the_row_leaves() {
        // Row 1: a cage of r1c1-r1c4 adding up to 10, and one of r1c5-r1c8 with r2c8 sticking
        // out, adding up to 27. The row's 45 leaves r1c9 − r2c8 = 45 − 10 − 27 = 8: 9 and 1.
        let cages = vec![
            Constraint::Killer { cells: (1..=4).map(|c| at(1, c)).collect(), sum: Some(10) },
            Constraint::Killer { cells: (5..=8).map(|c| at(1, c)).chain([at(2, 8)]).collect(), sum: Some(27) },
        ];
        let puzzle = Puzzle { constraints: cages, ..Puzzle::classic(Grid::new(Size::Nine)) };
        let position = Position::from_grid(&puzzle.givens);
        let step = innie_outie(&CompiledVariant::new(&puzzle), &position).expect("an innie-outie step");
        assert_eq!((step.cells.clone(), step.total, step.houses.clone()), (vec![at(1, 9), at(2, 8)], Some(8), vec![House::Row(0)]));
        let mut left = current(&position);
        for e in &step.eliminations {
            left[e.cell.index()].remove(e.digit);
        }
        assert_eq!(left[at(1, 9).index()].iter().map(|d| d.get()).collect::<Vec<_>>(), vec![9]);
        assert_eq!(left[at(2, 8).index()].iter().map(|d| d.get()).collect::<Vec<_>>(), vec![1]);
        assert_eq!(step.eliminations.len(), 16);
        let text = explain(&step, Size::Nine, Lang::En);
        assert!(text.starts_with("The digits of row 1 add up to 45; the cages touching them add up to 37"), "{text}");
        assert!(text.contains("r1c9 add up to 8 more than r2c8"), "{text}");
        for lang in Lang::ALL {
            let text = explain(&step, Size::Nine, lang);
            assert!(text.chars().count() <= 300 && text.contains("45") && text.contains("r2c8"), "{lang:?}: {text}");
        }
    }

    #[test]
    fn a_split_cage_parts_share_no_digit() {
        // Box 1: cages of r1c1-r1c3 (21) and r2c1-r2c3 with r3c1 (21) wholly inside, and the cage
        // r3c2, r3c3, r4c2, r4c3 (14) split by the box's edge. Its part inside adds up to
        // 45 - 42 = 3 (1 and 2), its part outside to 14 - 3 = 11 without the 1 and 2 the part
        // inside holds: 3+8, 4+7 or 5+6 (not 2+9).
        let cages = vec![
            Constraint::Killer { cells: vec![at(1, 1), at(1, 2), at(1, 3)], sum: Some(21) },
            Constraint::Killer { cells: vec![at(2, 1), at(2, 2), at(2, 3), at(3, 1)], sum: Some(21) },
            Constraint::Killer { cells: vec![at(3, 2), at(3, 3), at(4, 2), at(4, 3)], sum: Some(14) },
        ];
        let puzzle = Puzzle { constraints: cages, ..Puzzle::classic(Grid::new(Size::Nine)) };
        let position = Position::from_grid(&puzzle.givens);
        let step = cage_splitting(&CompiledVariant::new(&puzzle), &position).expect("a cage splitting step");
        assert_eq!((step.total, step.houses.clone()), (Some(3), vec![House::Box(0)]));
        assert_eq!(step.cells, vec![at(3, 2), at(3, 3), at(4, 2), at(4, 3)]);
        let mut left = current(&position);
        for e in &step.eliminations {
            left[e.cell.index()].remove(e.digit);
        }
        let digits = |r, c| left[at(r, c).index()].iter().map(|d| d.get()).collect::<Vec<_>>();
        assert_eq!((digits(3, 2), digits(3, 3)), (vec![1, 2], vec![1, 2]));
        assert_eq!((digits(4, 2), digits(4, 3)), (vec![3, 4, 5, 6, 7, 8], vec![3, 4, 5, 6, 7, 8]));
        assert_eq!(step.eliminations.len(), 20);
        let text = explain(&step, Size::Nine, Lang::En);
        assert!(text.starts_with("The digits of box 1 add up to 45 and the cages wholly inside to 42"), "{text}");
        assert!(text.contains("add up to 3 and") && text.contains("Cage Splitting"), "{text}");
        for lang in Lang::ALL {
            let text = explain(&step, Size::Nine, lang);
            assert!(text.chars().count() <= 300 && text.contains("42"), "{lang:?}: {text}");
        }
    }
}
