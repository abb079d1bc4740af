//! What the player keeps, natively on the fakes: a saved file with progress reopened, and a
//! storage that fills up.

use super::*;
use crate::ports::KeyValue as _;
use crate::ports::fakes::{StoreOn as _, World};
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

/// Saves the puzzle as a file ("Save file", with progress or not): its name and text as the
/// download got them.
fn saved_file(world: &World, store: Store, with_progress: bool) -> (String, String) {
    save_file(store, with_progress);
    let (name, text) = world.files.downloaded.borrow().last().cloned().expect("a download");
    assert_eq!(store.status.get_untracked(), fill(store.t().saved_as, &[("name", &name)]));
    (name, text)
}

/// The player picks the file `name` of `text` in `store` ("Open file"); the engine checks its
/// puzzle.
fn open_file_in(world: &World, store: Store, name: &str, text: &str) {
    *world.files.picked.borrow_mut() = Some((name.into(), Ok(text.into())));
    open_file(store);
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
    assert!(board.pencil.notes[2] == DigitSet::from_iter([d(1), d(2)]) && board.paint.colours[6] != 0, "the marks are on the board");
    let (name, with) = saved_file(&world, store, true);
    let (_, without) = saved_file(&world, store, false);
    assert_eq!(name, "inkdoku-easy.sdk");
    assert!(with.contains("#inkdoku-progress ") && !without.contains("#inkdoku-progress"), "{with}");

    // Another player, in German, with a game of their own: the file brings the board back.
    let friend = World::default();
    let (_owner2, other) = friend.store(Lang::De);
    open(&friend, other, "#4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    open_file_in(&friend, other, &name, &with);
    let back = other.game.with_untracked(|g| g.board().clone());
    assert_eq!(other.game.with_untracked(|g| g.givens().clone()), store.game.with_untracked(|g| g.givens().clone()));
    assert_eq!(
        (&back.entries, &back.pencil.notes, &back.pencil.corner, &back.pencil.centre, &back.paint.colours),
        (&board.entries, &board.pencil.notes, &board.pencil.corner, &board.pencil.centre, &board.paint.colours)
    );
    assert_eq!(other.dialog.get_untracked(), None, "nothing to report");

    // Without the checkbox: the givens only.
    open_file_in(&friend, other, &name, &without);
    assert!(other.game.with_untracked(|g| g.board().entries.filled_count() == 0 && g.board().pencil.notes.iter().all(|n| n.is_empty())));
}

#[test]
fn a_file_the_browser_cannot_read_is_said_by_name_in_the_players_language_and_the_game_stays() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::De);
    open(&world, store, PUZZLE);
    play_marks(store);
    let game = store.game.get_untracked();
    let failure = crate::ports::PlatformError { failure: crate::ports::Failure::Failed, detail: "NotReadableError".into() };
    *world.files.picked.borrow_mut() = Some(("gross.sdk".into(), Err(failure)));
    open_file(store);
    let status = store.status.get_untracked();
    assert!(status.starts_with("gross.sdk ließ sich nicht lesen: "), "{status}");
    assert_eq!(store.game.get_untracked(), game);
}

#[test]
fn a_file_whose_progress_lines_are_damaged_opens_its_givens_and_says_why_in_the_players_language() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    open(&world, store, PUZZLE);
    play_marks(store);
    let (name, text) = file_to_save(store, true);
    let givens = store.game.with_untracked(|g| g.givens().clone());
    // One character of the payload changed: its checksum no longer holds.
    let at = text.find("#inkdoku-progress ").unwrap() + 40;
    let flipped = if &text[at..=at] == "A" { "B" } else { "A" };
    let damaged = format!("{}{flipped}{}", &text[..at], &text[at + 1..]);

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

/// Another Easy puzzle.
const OTHER: &str = "#4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Places a digit the solution has in the first empty cell.
fn play_one(store: Store) {
    let (cell, digit) = store.game.with_untracked(|g| {
        let solution = g.solution().cloned().expect("a solution");
        let cell = (0..81).map(Cell::new).find(|&c| g.digit(c).is_none()).expect("an empty cell");
        (cell, solution.get(cell).expect("solved"))
    });
    write(store, cell, digit);
}

/// The moves of the game as a reload finds it (every store: the lasting one answers at once
/// unless held), and whether it is said to be up to date.
fn reload(world: &World) -> (usize, bool) {
    let found = std::rc::Rc::new(std::cell::RefCell::new(None));
    let into = found.clone();
    storage::load_newest(&world.ports(), move |loaded| *into.borrow_mut() = Some(loaded));
    let Some(storage::LoadedGame { loaded: storage::Loaded::Found(record), up_to_date }) = found.take() else { panic!("a stored game") };
    (record.game.applied(), up_to_date)
}

/// Moves in the lasting store's copy of the game (IndexedDB), if it has one.
fn lasting_moves(world: &World) -> Option<usize> {
    let text = world.lasting.items.borrow().get(storage::GAME_KEY).cloned()?;
    Some(serde_json::from_str::<storage::StoredGame>(&text).unwrap().game.applied())
}

/// A game with a move saved, a game kept aside (another puzzle opened over it), then the
/// storage full and five more moves.
fn fill_up(world: &World, store: Store) {
    open(world, store, PUZZLE);
    play_one(store);
    assert!(open_text(store, OTHER, "the link"));
    let Some(Dialog::ConfirmOpen(shared)) = store.dialog.get_untracked() else { panic!("asks first") };
    load_shared(store, shared);
    world.engine.answer_truly(world.engine.last_id());
    store.close_dialog();
    play_one(store);
    crate::controller::save_now(store);
    assert_eq!(reload(world), (1, true));
    assert_eq!(lasting_moves(world), None, "nothing goes to the spare stores while there is room");

    world.storage.quota.set(Some(world.storage.used() + 10));
    for _ in 0..5 {
        play_one(store);
        crate::controller::save_now(store);
        world.clock.advance(0.0);
    }
}

#[test]
fn a_storage_that_fills_up_loses_no_move_and_a_reload_says_only_what_is_true() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    fill_up(&world, store);
    // Told in a dialog (once, not after every move), and the game went to the lasting store.
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::StorageFull { kept: crate::state::Spare::Lasting }));
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).storage_still_full);
    assert!(oldest_kept(store).is_some_and(|s| s.starts_with("Easy, 9x9")), "the kept game is offered: {:?}", oldest_kept(store));
    assert_eq!(lasting_moves(&world), Some(6));
    // A reload in this tab finds every move, and so does a new tab (the tab's spare store gone
    // with the old one): the lasting store has them.
    assert_eq!(reload(&world), (6, true));
    let spare = world.spare.items.borrow().clone();
    world.spare.items.borrow_mut().clear();
    assert_eq!(reload(&world), (6, true));
    // Without either spare copy the older game is said to be older, never "where you left it".
    let lasting = world.lasting.items.borrow().clone();
    world.lasting.items.borrow_mut().clear();
    assert_eq!(reload(&world), (1, false));
    assert_eq!(super::startup::greeting(Some(false), true, false), Some(Dialog::WelcomeOlder));
    *world.spare.items.borrow_mut() = spare;
    *world.lasting.items.borrow_mut() = lasting;

    // Removing the oldest kept game makes room: the game is saved where it belongs again.
    remove_oldest_kept(store);
    assert!(kept_games(store).is_empty());
    assert_eq!(store.dialog.get_untracked(), None, "the dialog closes once the game is saved");
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).storage_freed);
    assert!(world.spare.items.borrow().is_empty(), "the spare copies have done their job");
    assert_eq!(lasting_moves(&world), None);
    assert_eq!(reload(&world), (6, true));
    // The next move goes to the main store as usual.
    play_one(store);
    crate::controller::save_now(store);
    assert_eq!(reload(&world), (7, true));
    assert_eq!(lasting_moves(&world), None);
}

#[test]
fn without_indexeddb_the_tab_keeps_the_moves_and_the_dialog_says_a_new_tab_loses_them() {
    let world = World::default();
    world.lasting.unavailable.set(true);
    let (_owner, store) = world.store(Lang::Ko);
    fill_up(&world, store);
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::StorageFull { kept: crate::state::Spare::Tab }));
    assert!(crate::i18n::ui(Lang::Ko).storage_full_spare.contains("탭을 닫으면 사라집니다"));
    assert_eq!(reload(&world), (6, true), "a reload of the tab");
    world.spare.items.borrow_mut().clear();
    assert_eq!(reload(&world), (1, false), "a new tab: older, and said so");
}

/// The tab is closed: it saves no more, and its sessionStorage is gone.
fn close_tab(world: &World, store: Store) {
    store.role.set(TabRole::Pending);
    world.spare.items.borrow_mut().clear();
}

/// A new tab starts while IndexedDB holds its answers (the test releases them).
fn open_while_lasting_holds(world: &World) -> (Owner, Store) {
    world.lasting.hold.set(true);
    let (owner, tab) = world.store(Lang::En);
    tab.role.set(TabRole::Pending);
    crate::controller::tabs::start(tab);
    (owner, tab)
}

#[test]
fn a_tab_that_starts_plays_and_greets_only_once_the_lasting_store_answered() {
    let world = World::default();
    let (_owner, first) = world.store(Lang::En);
    fill_up(&world, first);
    // The tab is closed; a new one opens while the storage is still full. IndexedDB takes its
    // time.
    close_tab(&world, first);
    let (_owner2, tab) = open_while_lasting_holds(&world);
    world.clock.advance(0.0);
    // Asked, not answered: the tab does not play yet, so it saves nothing over the copy.
    assert_eq!(world.lasting.waiting(), 1);
    assert_eq!(tab.role.get_untracked(), TabRole::Pending);
    assert_eq!(crate::controller::tabs::found(tab), None);
    world.lasting.answer();
    assert_eq!(tab.role.get_untracked(), TabRole::Active);
    assert_eq!(tab.game.with_untracked(|g| g.applied()), 6, "every move is on the board");
    assert_eq!(crate::controller::tabs::found(tab), Some(true), "\"where you left it\" is true");
    // Its first save (still full) wrote the same game to the lasting store again.
    world.lasting.answer();
    assert_eq!(lasting_moves(&world), Some(6));
}

#[test]
fn a_lasting_store_that_never_answers_holds_the_start_no_longer_than_its_wait() {
    let world = World::default();
    let (_owner, first) = world.store(Lang::En);
    fill_up(&world, first);
    close_tab(&world, first);
    let (_owner2, tab) = open_while_lasting_holds(&world);
    world.clock.advance(f64::from(storage::LASTING_WAIT_MS) - 1.0);
    assert_eq!(tab.role.get_untracked(), TabRole::Pending);
    world.clock.advance(1.0);
    // It plays the game it has, and says it is older.
    assert_eq!(tab.role.get_untracked(), TabRole::Active);
    assert_eq!(tab.game.with_untracked(|g| g.applied()), 1);
    assert_eq!(crate::controller::tabs::found(tab), Some(false));
}

#[test]
fn with_no_store_left_the_player_is_told_and_the_reload_is_honest() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::De);
    open(&world, store, PUZZLE);
    play_one(store);
    crate::controller::save_now(store);
    world.storage.full.set(true);
    world.spare.full.set(true);
    world.lasting.unavailable.set(true);
    play_one(store);
    crate::controller::save_now(store);
    world.clock.advance(0.0);
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::StorageFull { kept: crate::state::Spare::Nowhere }));
    assert!(store.status.get_untracked().contains("Speicher"), "{}", store.status.get_untracked());
    // Nothing to offer: no kept game, no drawings.
    assert_eq!(oldest_kept(store), None);
    // The moves stay on the board for as long as the page is open.
    assert_eq!(store.game.with_untracked(|g| g.applied()), 2);
    assert_eq!(reload(&world), (1, false));
    // Records written before the mark existed are taken at their word.
    let mut old: StoredGameJson = serde_json::from_str(&world.storage.get(storage::GAME_KEY).unwrap()).unwrap();
    old.as_object_mut().unwrap().remove("saved_at");
    world.storage.full.set(false);
    world.storage.set(storage::GAME_KEY, &old.to_string()).unwrap();
    assert_eq!(reload(&world), (1, true));
}

type StoredGameJson = serde_json::Value;
