//! The pen's flow wired to the store, natively: what the board shows of the pen's state, and a
//! shared game's moves from the pen reaching the room. (The flow's own rules are tested in the
//! core: `inkdoku_core::pen`'s tests.)

use super::*;
use crate::controller::open_text;
use crate::ports::Recognition;
use crate::ports::fakes::{StoreOn as _, World, stroke_in};
use crate::state::InkState;
use crate::state::pen::UNSURE;
use inkdoku_engine::lang::Lang;
use inkdoku_engine::{Cell, Digit, Size};

/// Easy 9x9 (seed 7), as the e2e tests open it: r1c1 is empty, r1c2 holds a given 7.
const PUZZLE: &str = "#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

fn start(world: &World) -> (Owner, Store) {
    let (owner, store) = world.store(Lang::En);
    assert!(open_text(store, PUZZLE, "the link"));
    world.engine.answer_truly(world.engine.last_id());
    (owner, store)
}

fn cell(row: usize, col: usize) -> Cell {
    Size::Nine.cell(row, col)
}

/// The pen writes one stroke in `c`, as the pointer handlers call the flow.
fn write_stroke(store: Store, c: Cell) {
    let points = stroke_in(c);
    stroke_begins(store, points[0]);
    finish_drawing(store, points);
}

fn digit_at(store: Store, c: Cell) -> Option<u8> {
    store.game.with_untracked(|g| g.digit(c)).map(Digit::get)
}

/// A store on a puzzle with the recognizer loaded.
fn ready(world: &World) -> (Owner, Store) {
    let (owner, store) = start(world);
    warm_up(store);
    world.ink.ready();
    assert_eq!(store.ink.state.get_untracked(), InkState::Ready);
    (owner, store)
}

#[test]
fn ink_read_over_a_digit_in_the_cell_shows_whole_and_the_digit_under_it_does_not() {
    let world = World::default();
    let (_owner, store) = ready(&world);
    let here = cell(0, 0);
    // What the player sees in the cell: the board's digit, and how many strokes of ink.
    let seen = || {
        let digit = crate::components::board::cell_views(&store)[here.index()].shown_digit().map(Digit::get);
        let mode = store.mode.get_untracked();
        (digit, store.ink.pending.with_untracked(|p| p.as_ref().map_or(0, |p| p.drawn_strokes(mode).len())))
    };
    // The lone 1: in the game and shown as the digit in place of its ink.
    write_stroke(store, here);
    world.ink.read_as(1, 4);
    assert_eq!(seen(), (Some(1), 0));
    // A second stroke that may make it a 4: while it is read, both strokes show as ink and
    // the 1 (still in the game) does not show under them.
    world.clock.advance(300.0);
    write_stroke(store, here);
    assert_eq!(digit_at(store, here), Some(1));
    assert_eq!(seen(), (None, 2), "ink being read, no 1 under it");
    // Read unsure, it waits as ink: still no 1 under it; placed as a 4 when the wait is over.
    world.ink.read(Ok(Recognition::Digit { digit: 4, confidence: UNSURE - 0.1, second: 1, picture: 0.9 }));
    assert_eq!(seen(), (None, 2), "ink waiting, no 1 under it");
    world.clock.advance(GROW_MS as f64);
    assert_eq!(seen(), (Some(4), 0));
    // A slow stroke after the 4 was placed is read with the 4's strokes: all three show as
    // ink meanwhile, not the 4 under the new one; the answer shows the digit again.
    world.clock.advance(500.0);
    write_stroke(store, here);
    assert_eq!(seen(), (None, 3), "a placed digit's new stroke being read");
    world.ink.read_as(4, 9);
    assert_eq!(seen(), (Some(4), 0));
}

#[test]
fn a_growing_1_signals_no_conflict_until_it_is_final() {
    let world = World::default();
    let (_owner, store) = ready(&world);
    // An empty cell in the row of a given 1.
    let here = store.game.with_untracked(|g| {
        (0..81).map(Cell::new).find(|&c| g.digit(c).is_none() && (0..9).any(|col| g.digit(cell(c.index() / 9, col)) == Digit::new(1)))
    });
    let here = here.expect("a cell that sees a given 1");
    let conflict = || crate::components::board::cell_views(&store)[here.index()].conflict;
    write_stroke(store, here);
    world.ink.read_as(1, 4);
    assert_eq!(digit_at(store, here), Some(1));
    assert!(!conflict(), "no conflict while it may be half a 4");
    world.clock.advance(GROW_MS as f64);
    assert!(conflict(), "the final 1 conflicts");
}

#[test]
fn in_a_shared_game_a_lone_1_is_one_final_move() {
    let world = World::default();
    let (_owner, store) = ready(&world);
    crate::controller::solve_together(store);
    let moves = || store.together.with_value(|t| t.as_ref().map(|t| t.replica.log().len()));
    let before = moves();
    write_stroke(store, cell(0, 0));
    world.ink.read_as(1, 4);
    assert_eq!(digit_at(store, cell(0, 0)), None, "no move sent while it may grow");
    world.clock.advance(500.0);
    write_stroke(store, cell(0, 0));
    world.ink.read_as(4, 1);
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
    assert_eq!(moves().zip(before).map(|(n, b)| n - b), Some(1), "one move, the 4");
}
