//! What the game's tests share: a 9x9 puzzle with its solution, and short names.

use super::Game;
use crate::format::line;
use crate::geometry::{Cell, Digit, Size};
use crate::solver;

pub(super) const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

pub(super) fn game() -> Game {
    let g = line::parse(PUZZLE).unwrap();
    let sol = solver::unique_solution(&g);
    Game::new(g, sol)
}

pub(super) fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

pub(super) fn c(r: usize, col: usize) -> Cell {
    Size::Nine.cell(r, col)
}
