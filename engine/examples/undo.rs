//! How long Undo takes in a long game: a game of MOVES moves on a 9x9 puzzle (notes toggled,
//! filled and cleared, cells painted, a wrong digit early on), then every move undone one
//! by one, every one redone, and "undo to solvable" from the end (back past the wrong digit).
//! The median of RUNS runs of each, in milliseconds, and per move undone in microseconds.
//!
//!   cargo run --release -p inkdoku-engine --example undo -- [MOVES] [RUNS]
//!
//! MOVES is 2,000 and RUNS 5 unless given.

use inkdoku_engine::format::line;
use inkdoku_engine::game::{Action, Game};
use inkdoku_engine::solver::unique_solution;
use inkdoku_engine::{Cell, Digit};
use std::time::Instant;

const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

/// A game of `moves` moves: mostly notes and colours, every notes filled and cleared again now
/// and then, with a wrong digit placed at move 10, so that "undo to solvable" goes all the way
/// back there. (Moves that would change nothing are not made, as in the app.)
fn long_game(moves: usize) -> Game {
    let givens = line::parse(PUZZLE).expect("the puzzle reads");
    let solution = unique_solution(&givens).expect("one solution");
    let mut game = Game::new(givens.clone(), Some(solution.clone()));
    let empty: Vec<Cell> = givens.size().cells().filter(|&c| givens.get(c).is_none()).collect();
    let digit = |n: usize| Digit::new((n % 9 + 1) as u8).expect("1 to 9");
    let mut n = 0;
    while game.applied() < moves {
        let cell = empty[n % empty.len()];
        let action = if game.applied() == 10 {
            let wrong = (1..=9).map(|d| Digit::new(d).expect("1 to 9")).find(|&d| solution.get(cell) != Some(d)).expect("a wrong digit");
            Action::Place { cell, digit: wrong, clear_peer_notes: true }
        } else if n % 25 == 5 {
            Action::FillNotes
        } else if n % 25 == 17 {
            Action::ClearNotes
        } else if n % 7 == 3 {
            Action::PaintCells { cells: vec![cell], colour: (n % 9 + 1) as u8 }
        } else {
            Action::ToggleNote { cell, digit: digit(n / empty.len() + n) }
        };
        let _ = game.apply(action);
        n += 1;
    }
    game
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let (mut undo, mut redo, mut back) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let mut game = long_game(moves);
        let end = game.board().clone();
        let t = Instant::now();
        while game.can_undo() {
            game.undo().expect("undo");
        }
        undo.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        while game.can_redo() {
            game.redo().expect("redo");
        }
        redo.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(game.board(), &end, "redo comes back to the end");
        let t = Instant::now();
        let undone = game.undo_to_solvable().expect("a solution");
        back.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(undone, moves - 10, "back to just before the wrong digit");
    }
    let (undo, redo, back) = (median(undo), median(redo), median(back));
    println!("{moves} moves, median of {runs} runs:");
    println!("  undo every move, one by one: {undo:.1} ms ({:.2} µs a move)", undo * 1e3 / moves as f64);
    println!("  redo every move:             {redo:.1} ms");
    println!("  undo to solvable from the end ({} moves back): {back:.1} ms", moves - 10);
}
