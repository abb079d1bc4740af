//! The book of premade first puzzles (issue 48): a few puzzles of every size and level the
//! generator offers, made with fixed seeds and served beside the page as a small text file
//! (`static/first-puzzles.txt`, written by `inkdoku book`), so that a first visit shows its
//! first puzzle without waiting for the engine worker (the worker makes every later one).
//!
//! One puzzle a line, in the line format (`format::line`) with what follows it:
//!
//! ```text
//! <givens> <solution> <level> <seed>
//! ..127.9.3...3....8.....6.12…  4812769…  Easy  1
//! ```
//!
//! The size is the givens' length; the level is `Level::name` (one word for every level the
//! generator makes); the seed is the one `generator::generate` made the puzzle from, with
//! `generator::Symmetry::Rotational` (the settings' default). Blank lines and lines beginning
//! with `#` are notes. Reading checks what it can without a solver (the solution is whole,
//! breaks no rule, and holds the givens), so that a damaged file is refused with a reason
//! rather than played; uniqueness and the ratings are held by the engine's tests.

use crate::format::line;
use crate::generator::{self, Options, Symmetry};
use crate::geometry::Size;
use crate::grid::Grid;
use crate::rating::Level;

/// The book's file name beside the page.
pub const FILE: &str = "first-puzzles.txt";

/// How many puzzles of each level the book holds at a size: 9x9 is what a first visit asks for
/// (the default size), so it has a few to draw from; a 16x16 puzzle's line is three times as
/// long, and a first visit rarely asks for one.
/// None of 6x6, which only a player who picked it in New game asks for: such a visit gets the
/// worker's puzzle, as when the book is missing, and the book stays as small as it was.
pub fn per_level(size: Size) -> u64 {
    match size {
        Size::Six => 0,
        Size::Sixteen => 1,
        _ => 3,
    }
}

/// One premade puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub puzzle: Grid,
    pub solution: Grid,
    pub level: Level,
    /// The generator's seed it was made from.
    pub seed: u64,
}

/// Reads a book; a line that cannot be read fails the whole book, with its number and why.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (i, text) in text.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        entries.push(parse_line(text).map_err(|why| format!("line {}: {why}", i + 1))?);
    }
    if entries.is_empty() {
        return Err("no puzzle in the book".into());
    }
    Ok(entries)
}

fn parse_line(text: &str) -> Result<Entry, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [givens, solution, level, seed] = words[..] else {
        return Err(format!("{} words, expected 4 (givens, solution, level, seed)", words.len()));
    };
    // No `{:?}` of text and no `FormatError` in the reasons: the app reads the book, and
    // either would bring their formatting code (Unicode's escape tables) into its wasm.
    let puzzle = line::parse(givens).map_err(|_| "the givens are not a puzzle line".to_string())?;
    let solution = line::parse(solution).map_err(|_| "the solution is not a puzzle line".to_string())?;
    let level = Level::from_name(level).ok_or_else(|| format!("no level named '{level}'"))?;
    let seed = seed.parse().map_err(|_| format!("the seed '{seed}' is not a number"))?;
    if solution.size() != puzzle.size() {
        return Err("the solution's size is not the givens'".into());
    }
    if !solution.is_solved() {
        return Err("the solution is not a solved grid".into());
    }
    let holds = puzzle.cells().iter().zip(solution.cells()).all(|(g, s)| g.is_none() || g == s);
    if !holds {
        return Err("the solution differs from a given".into());
    }
    Ok(Entry { puzzle, solution, level, seed })
}

/// The puzzle a first visit plays for a wish of `size` and `level`: of the book's puzzles of
/// that size and the level made there (`generator::offered_level`), the one `draw` picks.
pub fn pick(book: &[Entry], size: Size, level: Level, draw: u64) -> Option<&Entry> {
    let level = generator::offered_level(size, level);
    let fits: Vec<&Entry> = book.iter().filter(|e| e.puzzle.size() == size && e.level == level).collect();
    if fits.is_empty() { None } else { Some(fits[(draw % fits.len() as u64) as usize]) }
}

/// Writes a book, one line per entry.
pub fn write(entries: &[Entry]) -> String {
    let mut out = String::from("# inkdoku's premade first puzzles: givens, solution, level, seed (written by `inkdoku book`)\n");
    for e in entries {
        out.push_str(&format!("{} {} {} {}\n", e.puzzle.to_line(), e.solution.to_line(), e.level.name(), e.seed));
    }
    out
}

/// What the book holds: every offered size and level, `per_level` seeds each (1, 2, …).
pub fn plan() -> Vec<Options> {
    let mut plan = Vec::new();
    for size in Size::ALL {
        for &level in generator::levels(size) {
            for seed in 1..=per_level(size) {
                plan.push(Options { size, level, symmetry: Symmetry::Rotational, seed });
            }
        }
    }
    plan
}

/// Makes one planned puzzle: the generator's, refused if it does not rate at its level (the
/// hardest levels keep the closest attempt when none fits; such a seed would need changing).
pub fn make(options: &Options) -> Result<Entry, String> {
    let made = generator::generate(options, &mut |_| true).ok_or("the generation was cancelled")?;
    if made.rating.level != options.level {
        return Err(format!(
            "{} {} seed {}: made a {} puzzle",
            options.size.name(),
            options.level.name(),
            options.seed,
            made.rating.level.name()
        ));
    }
    Ok(Entry { puzzle: made.puzzle, solution: made.solution, level: made.rating.level, seed: options.seed })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "..127.9.3...3....8.....6.12......8.75..7.2..41.6......41.5.....9....7...7.2.815..";

    fn solved(puzzle: &str) -> String {
        crate::solver::unique_solution(&line::parse(puzzle).unwrap()).unwrap().to_line()
    }

    #[test]
    fn a_line_reads_and_writes_back() {
        let text = format!("# a note\n\n{EASY} {} Easy 1\n", solved(EASY));
        let book = parse(&text).unwrap();
        assert_eq!(book.len(), 1);
        assert_eq!((book[0].level, book[0].seed), (Level::Easy, 1));
        assert_eq!(parse(&write(&book)).unwrap(), book);
    }

    #[test]
    fn a_damaged_book_is_refused_with_its_line_and_reason() {
        let solution = solved(EASY);
        let mut wrong = solution.clone().into_bytes();
        wrong.swap(0, 1);
        let wrong = String::from_utf8(wrong).unwrap();
        let mut other = solution.clone().into_bytes();
        // A solved grid, but not this puzzle's: its digits 1 and 2 swapped everywhere.
        for b in &mut other {
            *b = match *b {
                b'1' => b'2',
                b'2' => b'1',
                b => b,
            };
        }
        let other = String::from_utf8(other).unwrap();
        let cases = [
            ("", "no puzzle in the book".to_string()),
            (&format!("{EASY} {solution} Easy") as &str, "line 1: 3 words, expected 4 (givens, solution, level, seed)".to_string()),
            (&format!("{EASY} {solution} Easiest 1"), "line 1: no level named 'Easiest'".into()),
            (&format!("{EASY} {solution} Easy one"), "line 1: the seed 'one' is not a number".into()),
            (&format!("#\n{EASY} {wrong} Easy 1"), "line 2: the solution is not a solved grid".into()),
            (&format!("{EASY} {other} Easy 1"), "line 1: the solution differs from a given".into()),
            (&format!("{EASY} 1234341221434321 Easy 1"), "line 1: the solution's size is not the givens'".into()),
        ];
        for (text, why) in cases {
            assert_eq!(parse(text), Err(why), "{text}");
        }
        assert_eq!(parse(&format!("{} {solution} Easy 1", &EASY[1..])), Err("line 1: the givens are not a puzzle line".into()));
    }

    #[test]
    fn pick_draws_among_the_puzzles_of_the_level_made_at_the_size() {
        let entry = |level, seed| Entry { puzzle: Grid::new(Size::Four), solution: Grid::new(Size::Four), level, seed };
        let book = vec![entry(Level::Easy, 1), entry(Level::Easy, 2)];
        // 4x4 makes Easy alone, so a wish for Hard is an Easy puzzle.
        assert_eq!(pick(&book, Size::Four, Level::Hard, 0).map(|e| e.seed), Some(1));
        assert_eq!(pick(&book, Size::Four, Level::Easy, 3).map(|e| e.seed), Some(2));
        assert_eq!(pick(&book, Size::Nine, Level::Easy, 0), None);
    }

    #[test]
    fn the_plan_covers_every_offered_size_and_level() {
        let plan = plan();
        for size in Size::ALL {
            for &level in generator::levels(size) {
                let seeds = plan.iter().filter(|o| o.size == size && o.level == level).count() as u64;
                assert_eq!(seeds, per_level(size), "{} {}", size.name(), level.name());
            }
        }
    }
}
