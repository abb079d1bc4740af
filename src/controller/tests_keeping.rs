//! What the player keeps, natively on the fakes: a saved file with progress reopened, and a
//! storage that fills up.

use super::*;
use crate::ports::fakes::World;
use inkdoku_engine::DigitSet;
use inkdoku_engine::lang::Lang;

/// Easy 9x9 (seed 7), as the e2e tests open it.
const PUZZLE: &str = "#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

/// Opens a link and lets the engine check it.
fn open(world: &World, store: Store, link: &str) {
    assert!(open_text(store, link, "the link"));
    world.engine.answer_truly(world.engine.last_id());
}

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

/// A digit, notes, a corner mark, a centre mark and a colour on the board.
fn play_marks(store: Store) {
    write(store, Size::Nine.cell(0, 0), d(3));
    toggle_notes(store);
    write(store, Size::Nine.cell(0, 2), d(1));
    write(store, Size::Nine.cell(0, 2), d(2));
    write_as(store, Size::Nine.cell(0, 4), d(6), InputMode::Corner);
    write_as(store, Size::Nine.cell(0, 5), d(8), InputMode::Centre);
    write_as(store, Size::Nine.cell(0, 6), d(4), InputMode::Colour);
}

/// Opens `text` as the file `name` in `store` and lets the engine check its puzzle.
fn open_file_in(world: &World, store: Store, name: &str, text: &str) {
    open_file_text(store, name, text);
    if let Some(Dialog::ConfirmOpen(shared)) = store.dialog.get_untracked() {
        load_shared(store, shared);
    }
    world.engine.answer_truly(world.engine.last_id());
}

#[test]
fn a_file_saved_with_progress_reopens_with_the_digits_notes_marks_and_colours() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    open(&world, store, PUZZLE);
    play_marks(store);
    let board = store.game.with_untracked(|g| g.board().clone());
    assert!(board.notes[2] == DigitSet::from_iter([d(1), d(2)]) && board.colours[6] != 0, "the marks are on the board");
    let (name, with) = file_to_save(store, true);
    let (_, without) = file_to_save(store, false);
    assert!(with.contains("#inkdoku-progress ") && !without.contains("#inkdoku-progress"), "{with}");

    // Another player, in German, with a game of their own: the file brings the board back.
    let friend = World::default();
    let (_owner2, other) = friend.store(Lang::De);
    open(&friend, other, "#4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    open_file_in(&friend, other, &name, &with);
    let back = other.game.with_untracked(|g| g.board().clone());
    assert_eq!(other.game.with_untracked(|g| g.givens().clone()), store.game.with_untracked(|g| g.givens().clone()));
    assert_eq!(
        (&back.entries, &back.notes, &back.corner, &back.centre, &back.colours),
        (&board.entries, &board.notes, &board.corner, &board.centre, &board.colours)
    );
    assert_eq!(other.dialog.get_untracked(), None, "nothing to report");

    // Without the checkbox: the givens only.
    open_file_in(&friend, other, &name, &without);
    assert!(other.game.with_untracked(|g| g.board().entries.filled_count() == 0 && g.board().notes.iter().all(|n| n.is_empty())));
}

#[test]
fn a_file_whose_progress_lines_are_damaged_opens_its_givens_and_says_why_in_the_players_language() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    open(&world, store, PUZZLE);
    play_marks(store);
    let (name, text) = file_to_save(store, true);
    let givens = store.game.with_untracked(|g| g.givens().clone());
    let damaged = text.replacen("#inkdoku-progress ", "#inkdoku-progress x", 1);

    let friend = World::default();
    let (_owner2, other) = friend.store(Lang::Es);
    open(&friend, other, "#4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    write(other, Size::Nine.cell(0, 1), d(6));
    let theirs = other.game.get_untracked();
    open_file_text(other, &name, &damaged);
    // Their game is not replaced without asking (and is kept if it is).
    let Some(Dialog::ConfirmOpen(shared)) = other.dialog.get_untracked() else { panic!("asks first") };
    assert_eq!(other.game.get_untracked(), theirs);
    load_shared(other, shared);
    friend.engine.answer_truly(friend.engine.last_id());
    assert_eq!(other.game.with_untracked(|g| g.givens().clone()), givens, "the file's puzzle is on");
    assert_eq!(other.game.with_untracked(|g| g.board().entries.filled_count()), 0, "from its givens");
    match other.dialog.get_untracked() {
        Some(Dialog::Message { title, text, details }) => {
            assert_eq!(title, crate::i18n::ui(Lang::Es).file_progress_title);
            assert!(text.contains(&name) && text.contains("dañados"), "{text}");
            assert!(details.is_some_and(|d| d.contains("the progress is damaged")), "the reader's reason under Details");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(kept_games(other)[0].game, theirs, "the replaced game is kept");
}
