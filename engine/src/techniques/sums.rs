//! Sums over cells that need not be distinct, read as a player reads them: a little killer's
//! diagonal (its digits add up to the clue, and may repeat only where its cells don't see
//! each other), and the 45 rule's innie-outie differences (`killer::innie_outie`). The
//! variant model narrows a little killer by bounds alone (`Rule::Linear`); here every filling
//! of the cells from their candidates is weighed, with a digit repeated only in cells that are
//! not peers under the puzzle's rules (`CompiledPuzzle::peers`: rows, columns, regions, and
//! the constraints that make cells distinct), so gaps in the sums and repeats in a box count.

use super::variant_rules::{CompiledVariant, current};
use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, DigitSet};
use crate::position::Position;
use crate::step::{Step, Technique};
use crate::variant::Constraint;
use std::collections::HashSet;

/// The digits of each term's cell that some filling uses: every cell of `terms` takes one of
/// its candidates (`cands`), two cells that are peers take different digits, and the digits
/// times the terms' weights add up to `total`. `None` when no filling does (or a cell is off
/// the grid, or repeated, or there are too many cells to search: more than 16).
pub(super) fn supports(terms: &[(Cell, i32)], total: i32, cands: &[DigitSet], peers: &[CellSet]) -> Option<Vec<DigitSet>> {
    let cells: CellSet = terms.iter().map(|t| t.0).collect();
    if terms.len() > 16 || cells.len() != terms.len() || terms.iter().any(|t| t.0.index() >= cands.len().min(peers.len())) {
        return None;
    }
    let mut domains: Vec<u16> = terms.iter().map(|t| cands[t.0.index()].bits()).collect();
    if domains.contains(&0) {
        return None;
    }
    let mut found = vec![0u16; terms.len()];
    for i in 0..terms.len() {
        for d in 0..16 {
            if domains[i] & !found[i] & 1 << d == 0 {
                continue;
            }
            let all = std::mem::replace(&mut domains[i], 1 << d);
            let mut search = Search::new(terms, &domains, peers);
            if search.fill(0, 0, total) {
                found.iter_mut().zip(&search.chosen).for_each(|(f, &c)| *f |= 1 << c);
            }
            domains[i] = all;
        }
    }
    found.iter().all(|&f| f != 0).then(|| found.into_iter().map(DigitSet::from_bits).collect())
}

/// One search for a filling (`supports`), the dead ends it met remembered.
struct Search<'a> {
    terms: &'a [(Cell, i32)],
    domains: &'a [u16],
    /// For each term, the earlier terms that are its peers (they must differ).
    clashes: Vec<Vec<usize>>,
    /// For each term, the earlier terms that are peers of it or a later one: with the sum so
    /// far, they are all a dead end depends on.
    live: Vec<Vec<usize>>,
    /// The least and the most the terms from each one to the end can add.
    least: Vec<i32>,
    most: Vec<i32>,
    /// The digit index each term took, in the filling found.
    chosen: Vec<u8>,
    dead: HashSet<(usize, i32, u64)>,
}

impl<'a> Search<'a> {
    fn new(terms: &'a [(Cell, i32)], domains: &'a [u16], peers: &[CellSet]) -> Search<'a> {
        let n = terms.len();
        let sees = |a: usize, b: usize| peers[terms[a].0.index()].contains(terms[b].0);
        let clashes = (0..n).map(|i| (0..i).filter(|&j| sees(i, j)).collect()).collect();
        let live = (0..n).map(|i| (0..i).filter(|&j| (i..n).any(|k| sees(k, j))).collect()).collect();
        let (mut least, mut most) = (vec![0; n + 1], vec![0; n + 1]);
        for i in (0..n).rev() {
            let (lo, hi) = (domains[i].trailing_zeros() as i32 + 1, 16 - domains[i].leading_zeros() as i32);
            let w = terms[i].1;
            least[i] = least[i + 1] + (w * lo).min(w * hi);
            most[i] = most[i + 1] + (w * lo).max(w * hi);
        }
        Search { terms, domains, clashes, live, least, most, chosen: vec![0; n], dead: HashSet::new() }
    }

    /// Whether the terms from `i` on can be filled to add `total` to `sum`.
    fn fill(&mut self, i: usize, sum: i32, total: i32) -> bool {
        if i == self.terms.len() {
            return sum == total;
        }
        if sum + self.least[i] > total || sum + self.most[i] < total {
            return false;
        }
        let key = (i, sum, self.live[i].iter().fold(0u64, |k, &j| k << 4 | u64::from(self.chosen[j])));
        if self.dead.contains(&key) {
            return false;
        }
        for d in 0..16u8 {
            if self.domains[i] & 1 << d == 0 || self.clashes[i].iter().any(|&j| self.chosen[j] == d) {
                continue;
            }
            self.chosen[i] = d;
            if self.fill(i + 1, sum + self.terms[i].1 * (i32::from(d) + 1), total) {
                return true;
            }
        }
        self.dead.insert(key);
        false
    }
}

/// The step that keeps only `kept` (one set per term) of the candidates `before`: `None` when
/// that removes nothing.
pub(super) fn step_keeping(
    technique: Technique,
    position: &Position,
    terms: &[(Cell, i32)],
    before: &[DigitSet],
    kept: &[DigitSet],
) -> Option<Step> {
    let mut step = Step::new(technique);
    for (&(cell, _), &keep) in terms.iter().zip(kept) {
        if position.value(cell).is_none() {
            step.eliminations.extend(before[cell.index()].difference(keep).iter().map(|d| Candidate::new(cell, d)));
        }
    }
    (!step.eliminations.is_empty()).then_some(step)
}

/// Little killer combinations: the first little killer whose fillings (`supports`: its
/// digits adding up to the clue, repeated only in cells that don't see each other) leave out
/// some candidates of its diagonal.
pub(super) fn little_killer_combination(compiled: &CompiledVariant, position: &Position) -> Option<Step> {
    let puzzle = compiled.puzzle();
    let peers = compiled.rules.peers()?;
    let before = current(position);
    puzzle.constraints.iter().find_map(|c| {
        let Constraint::LittleKiller { cells, sum, .. } = c else { return None };
        let terms: Vec<(Cell, i32)> = cells.iter().map(|&c| (c, 1)).collect();
        let kept = supports(&terms, i32::from(*sum), &before, peers)?;
        let mut step = step_keeping(Technique::LittleKillerCombination, position, &terms, &before, &kept)?;
        step.cells = cells.clone();
        step.constraint = Some(c.kind_index() as u8);
        step.total = Some(i32::from(*sum));
        Some(step)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Size;

    fn at(r: usize, c: usize) -> Cell {
        Size::Nine.cell(r - 1, c - 1)
    }

    fn digits(ds: &[u8]) -> DigitSet {
        ds.iter().map(|&d| crate::geometry::Digit::new(d).unwrap()).collect()
    }

    /// Rows, columns and boxes of an empty 9x9.
    fn peers() -> Vec<CellSet> {
        Size::Nine.cells().map(|c| crate::cellset::peer_set(Size::Nine, c)).collect()
    }

    #[test]
    fn a_digit_repeats_only_in_cells_that_do_not_see_each_other() {
        // r1c1 and r2c2 share box 1, r3c3 too; r4c4 is in box 5: a sum of 4 over r1c1, r2c2
        // (distinct) is 1+3 or 3+1, never 2+2.
        let cands = vec![Size::Nine.all_digits(); 81];
        let two = supports(&[(at(1, 1), 1), (at(2, 2), 1)], 4, &cands, &peers()).unwrap();
        assert_eq!(two, vec![digits(&[1, 3]); 2]);
        // Across boxes they may repeat: r3c3 + r4c4 = 4 is 1+3, 2+2 or 3+1.
        let across = supports(&[(at(3, 3), 1), (at(4, 4), 1)], 4, &cands, &peers()).unwrap();
        assert_eq!(across, vec![digits(&[1, 2, 3]); 2]);
    }

    #[test]
    fn a_difference_weighs_its_terms() {
        // r1c1 − r9c9 = 7 (no shared house): r1c1 is 8 or 9, r9c9 1 or 2.
        let cands = vec![Size::Nine.all_digits(); 81];
        let kept = supports(&[(at(1, 1), 1), (at(9, 9), -1)], 7, &cands, &peers()).unwrap();
        assert_eq!(kept, vec![digits(&[8, 9]), digits(&[1, 2])]);
        // Nothing fills a sum out of reach.
        assert_eq!(supports(&[(at(1, 1), 1), (at(9, 9), -1)], 9, &cands, &peers()), None);
    }
}
