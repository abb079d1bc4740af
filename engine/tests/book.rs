//! The book of premade first puzzles (`static/first-puzzles.txt`, issue 48): what a first visit
//! plays before the engine worker has loaded. Each puzzle must be a true one of its level, and
//! the file must be what `inkdoku book` makes, so that it can be made again and checked.

use inkdoku_engine::book;
use inkdoku_engine::{rating, solver};

const BOOK: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../static/first-puzzles.txt"));

#[test]
fn every_puzzle_has_one_solution_and_rates_at_its_level() {
    let entries = book::parse(BOOK).expect("the book reads");
    for e in &entries {
        let name = format!("{} {} seed {}", e.puzzle.size().name(), e.level.name(), e.seed);
        assert_eq!(solver::unique_solution(&e.puzzle).as_ref(), Some(&e.solution), "{name}: one solution, the book's");
        assert_eq!(rating::rate(&e.puzzle).level, e.level, "{name}: rated at its level");
    }
}

#[test]
fn the_book_is_what_the_seeded_maker_makes() {
    // Every offered size and level (`book::plan`), made again from its seed: about 3 s of work,
    // most of it the three Master puzzles.
    let made: Vec<book::Entry> = book::plan().iter().map(|o| book::make(o).unwrap()).collect();
    assert_eq!(book::write(&made), BOOK, "static/first-puzzles.txt differs from `inkdoku book`'s: make it again");
}
