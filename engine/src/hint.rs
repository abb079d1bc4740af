//! Hints and the candidate colouring the app shows.
//!
//! A hint is the next logical step, easiest technique first. When no technique applies, it is
//! a reveal: the cell with the fewest candidates and its digit from the solution, labelled as
//! such (a reveal is never a guess — the solution is known).
//!
//! `advise` is what the Hint button asks: it works on the player's candidate state (the game's
//! digits, eliminations and notes), and refuses to build on a mistake — a wrong digit, or a cell
//! whose candidates lost its answer — naming the cells instead. Because every step it returns
//! removes or places something in that state, applying it and asking again never gives the
//! same step twice.
//!
//! The colouring is Delphi's "bookkeeping": a candidate is red when it is the only candidate of
//! its cell or the only place for its digit in a row, column or box (it can be placed now), and
//! blue when its digit has exactly two places in its box.

use crate::geometry::{Candidate, Cell, DigitSet};
use crate::grid::Grid;
use crate::position::Position;
use crate::step::{Step, Technique};
use crate::techniques;
use crate::variant::Puzzle;
use serde::{Deserialize, Serialize};

/// The answer to the Hint button.
///
/// Written as serde's internally tagged form (`{"advice":"wrong_digits","cells":[3]}`), read
/// through `AdviceFields` (below): the same JSON, without the derive's reader for an enum
/// tagged inside, which buffered each advice into serde's `Content` tree and read the step
/// from that tree with a second reader of `Step` (issue 48).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "advice", rename_all = "snake_case", try_from = "AdviceFields")]
pub enum Advice {
    /// The next step from the player's candidates.
    Step { step: Step },
    /// These cells hold digits that differ from the solution: fix them first.
    WrongDigits { cells: Vec<Cell> },
    /// These empty cells' candidates (the player's notes or eliminations) leave out their answer.
    LostAnswer { cells: Vec<Cell> },
    /// Nothing to advise: the grid is full, or no step applies and no solution is known.
    Nothing,
}

crate::object_reader! {
    /// Every field an advice's JSON may have; which ones it needs is its `advice`'s.
    struct AdviceFields {
        advice: String,
        step: Option<Step> = None,
        cells: Option<Vec<Cell>> = None,
    }
}

impl TryFrom<AdviceFields> for Advice {
    type Error = String;
    fn try_from(f: AdviceFields) -> Result<Advice, String> {
        use serde::de::Error as _;
        // The derive's own words for a missing field or an unknown kind.
        let missing = |name: &'static str| serde_json::Error::missing_field(name).to_string();
        Ok(match f.advice.as_str() {
            "step" => Advice::Step { step: f.step.ok_or_else(|| missing("step"))? },
            "wrong_digits" => Advice::WrongDigits { cells: f.cells.ok_or_else(|| missing("cells"))? },
            "lost_answer" => Advice::LostAnswer { cells: f.cells.ok_or_else(|| missing("cells"))? },
            "nothing" => Advice::Nothing,
            other => {
                return Err(serde_json::Error::unknown_variant(other, &["step", "wrong_digits", "lost_answer", "nothing"]).to_string());
            }
        })
    }
}

/// The hint for a player's position: `digits` are givens and entries together, `givens` the
/// puzzle's own (when known: the player's entries may then make an Avoidable Rectangle),
/// `candidates` the candidate state per cell (`Game::candidates`; `None` for every candidate
/// the digits allow). Mistakes come first, so that a step never rests on one.
pub fn advise(digits: &Grid, givens: Option<&Grid>, candidates: Option<&[DigitSet]>, solution: Option<&Grid>) -> Advice {
    advise_variant(None, digits, givens, candidates, solution)
}

/// `advise` on a variant: the steps are the variant's (`techniques::next_variant_step`) when
/// `puzzle` has constraints, the classic ones otherwise.
pub fn advise_variant(
    puzzle: Option<&Puzzle>,
    digits: &Grid,
    givens: Option<&Grid>,
    candidates: Option<&[DigitSet]>,
    solution: Option<&Grid>,
) -> Advice {
    let size = digits.size();
    let solution = solution.filter(|s| s.size() == size && s.is_solved());
    if let Some(sol) = solution {
        let wrong: Vec<Cell> = size.cells().filter(|&c| digits.get(c).is_some_and(|d| sol.get(c) != Some(d))).collect();
        if !wrong.is_empty() {
            return Advice::WrongDigits { cells: wrong };
        }
    }
    // A jigsaw's position reasons on its regions, not the boxes.
    let mut position = match puzzle.filter(|p| p.size() == size) {
        Some(p) => p.position(digits, candidates),
        None => match candidates {
            Some(c) if c.len() == size.cell_count() => Position::with_candidates(digits, c),
            _ => Position::from_grid(digits),
        },
    };
    if let Some(givens) = givens.filter(|g| g.size() == size) {
        position.set_placed(size.cells().filter(|&c| givens.get(c).is_none()).collect());
    }
    if let Some(sol) = solution {
        let lost: Vec<Cell> = position.open_cells().filter(|&c| sol.get(c).is_some_and(|d| !position.candidates(c).contains(d))).collect();
        if !lost.is_empty() {
            return Advice::LostAnswer { cells: lost };
        }
    }
    let step = match puzzle.filter(|p| !p.is_classic() && p.size() == size) {
        Some(p) => variant_hint(p, &position, solution),
        None => hint(&position, solution),
    };
    step.map_or(Advice::Nothing, |step| Advice::Step { step })
}

/// The next step of a variant (the nested trial after every other), or a reveal from the
/// solution when none applies (the app then
/// says the step needs logic it does not explain). `None` when the position is solved or
/// cannot be completed.
pub fn variant_hint(puzzle: &Puzzle, position: &Position, solution: Option<&Grid>) -> Option<Step> {
    if position.is_solved() || position.dead_end().is_some() {
        return None;
    }
    techniques::next_variant_step(puzzle, position)
        .or_else(|| techniques::nested_variant_step(puzzle, position, solution))
        .or_else(|| reveal(position, solution))
}

/// The next step from a position, or a reveal from the solution when no technique applies.
/// `None` when the position is solved or cannot be completed.
pub fn hint(position: &Position, solution: Option<&Grid>) -> Option<Step> {
    if position.is_solved() || position.dead_end().is_some() {
        return None;
    }
    if let Some(step) = techniques::next_step(position) {
        return Some(step);
    }
    reveal(position, solution)
}

/// The solution's digit for the open cell with the fewest candidates.
fn reveal(position: &Position, solution: Option<&Grid>) -> Option<Step> {
    let solution = solution.filter(|s| s.size() == position.size())?;
    let cell = position.open_cells().min_by_key(|&c| position.candidates(c).len())?;
    let mut step = Step::new(Technique::Reveal);
    step.placements.push(Candidate::new(cell, solution.get(cell)?));
    step.cells.push(cell);
    Some(step)
}

/// Red and blue candidates per cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colouring {
    /// Candidates that can be placed now (naked or hidden single).
    pub red: Vec<DigitSet>,
    /// Candidates whose digit has exactly two places in its box (and aren't red).
    pub blue: Vec<DigitSet>,
}

/// The colouring of every candidate of a position.
pub fn candidate_colours(position: &Position) -> Colouring {
    let size = position.size();
    let mut red = vec![DigitSet::EMPTY; size.cell_count()];
    let mut blue = vec![DigitSet::EMPTY; size.cell_count()];
    for cell in position.open_cells() {
        if let Some(d) = position.candidates(cell).single_digit() {
            red[cell.index()].insert(d);
        }
    }
    for house in size.houses() {
        for d in size.digits() {
            let places = position.house_digit_cells(house, d);
            match places.len() {
                1 => places.iter().for_each(|c| red[c.index()].insert(d)),
                2 if !house.is_line() => places.iter().for_each(|c| blue[c.index()].insert(d)),
                _ => {}
            }
        }
    }
    for (r, b) in red.iter().zip(blue.iter_mut()) {
        *b = b.difference(*r);
    }
    Colouring { red, blue }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;
    use crate::geometry::{Digit, Size};
    use crate::solver;

    #[test]
    fn hints_go_easiest_first_and_reveal_when_stuck() {
        let g = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let sol = solver::unique_solution(&g).unwrap();
        let h = hint(&Position::from_grid(&g), Some(&sol)).unwrap();
        assert!(matches!(h.technique, Technique::FullHouse | Technique::HiddenSingle));
        // The hardest puzzles are explained to the end by forcing nets: no reveal.
        let hard = line::parse("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3").unwrap();
        let sol = solver::unique_solution(&hard).unwrap();
        let mut p = Position::from_grid(&hard);
        let mut reveals = 0;
        while let Some(step) = hint(&p, Some(&sol)) {
            for c in &step.placements {
                assert_eq!(sol.get(c.cell), Some(c.digit));
            }
            reveals += usize::from(step.technique == Technique::Reveal);
            p.apply(&step);
        }
        assert!(p.is_solved() && reveals == 0);
        assert_eq!(hint(&p, Some(&sol)), None);
        // A grid with many solutions has nothing to reason from: the hint reveals the chosen
        // solution's digit.
        let open = line::parse("................").unwrap();
        let sol = line::parse("1234341221434321").unwrap();
        let step = hint(&Position::from_grid(&open), Some(&sol)).unwrap();
        assert_eq!(step.technique, Technique::Reveal);
        assert_eq!(sol.get(step.placements[0].cell), Some(step.placements[0].digit));
    }

    #[test]
    fn advice_reads_back_from_its_json_and_bad_advice_is_refused() {
        let g = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let sol = solver::unique_solution(&g).unwrap();
        let step = advise(&g, None, None, Some(&sol));
        assert!(matches!(step, Advice::Step { .. }));
        let cells = vec![Size::Nine.cell(0, 2), Size::Nine.cell(8, 8)];
        for advice in [step, Advice::WrongDigits { cells: cells.clone() }, Advice::LostAnswer { cells }, Advice::Nothing] {
            let text = serde_json::to_string(&advice).unwrap();
            assert_eq!(serde_json::from_str::<Advice>(&text).unwrap(), advice, "{text}");
        }
        // As the worker wrote it before this reader: the kind first, or anywhere.
        assert_eq!(
            serde_json::from_str::<Advice>(r#"{"cells":[2],"advice":"lost_answer"}"#).unwrap(),
            Advice::LostAnswer { cells: vec![Size::Nine.cell(0, 2)] }
        );
        for (text, reason) in [
            (r#"{"advice":"guess","cells":[1]}"#, "unknown variant `guess`"),
            (r#"{"advice":"step"}"#, "missing field `step`"),
            (r#"{"advice":"wrong_digits"}"#, "missing field `cells`"),
            (r#"{"advice":"wrong_digits","cells":[-1]}"#, "-1"),
            (r#"{"advice":"step","step":{"technique":"no_such"}}"#, "no_such"),
            (r#"{"cells":[1]}"#, "missing field `advice`"),
            ("7", "invalid type"),
        ] {
            let e = serde_json::from_str::<Advice>(text).expect_err(text).to_string();
            assert!(e.contains(reason), "{text}: {e}");
        }
    }

    #[test]
    fn advice_names_mistakes_before_any_step() {
        let g = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let sol = solver::unique_solution(&g).unwrap();
        let r1c3 = Size::Nine.cell(0, 2);
        // A wrong digit (r1c3 is 4) comes first, even when it breaks no rule.
        let mut wrong = g.clone();
        wrong.set(r1c3, Digit::new(2));
        assert_eq!(advise(&wrong, None, None, Some(&sol)), Advice::WrongDigits { cells: vec![r1c3] });
        // An elimination of the answer is named, not built on.
        let all = Position::from_grid(&g);
        let mut cands: Vec<DigitSet> = Size::Nine.cells().map(|c| all.candidates(c)).collect();
        cands[r1c3.index()].remove(Digit::new(4).unwrap());
        assert_eq!(advise(&g, None, Some(&cands), Some(&sol)), Advice::LostAnswer { cells: vec![r1c3] });
        // Sound candidates give a step; a solved grid gives nothing.
        assert!(matches!(advise(&g, None, None, Some(&sol)), Advice::Step { .. }));
        assert_eq!(advise(&sol, None, None, Some(&sol)), Advice::Nothing);
    }

    #[test]
    fn colours_mark_singles_red_and_box_pairs_blue() {
        let g = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
        let p = Position::from_grid(&g);
        let c = candidate_colours(&p);
        for cell in p.open_cells() {
            assert!(c.red[cell.index()].difference(p.candidates(cell)).is_empty());
            assert!((c.red[cell.index()] & c.blue[cell.index()]).is_empty());
        }
        // r5c5 can only be 5 (a naked single): red.
        let r5c5 = Size::Nine.cell(4, 4);
        assert_eq!(c.red[r5c5.index()].single_digit().map(|d| d.get()), Some(5));
        assert!(c.blue.iter().any(|b| !b.is_empty()));
    }
}
