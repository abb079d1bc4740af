//! The app's start (`startup`) wired, natively on the fakes: storage's answers reach the core's
//! decision (tested in `inkdoku_core::controller::startup`) and the decision reaches the screen —
//! a returning player, a link over a game in progress, a link in the open app, kept data that
//! does not read.

use super::startup::{Unreadable, begin, open_store};
use super::*;
use crate::i18n::Lang;
use crate::ports::KeyValue as _;
use crate::ports::fakes::World;
use crate::storage::{GAME_KEY, SETTINGS_KEY};

/// Easy 9x9 (seed 7), as the e2e tests open it.
const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";
const OTHER: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const BOOK: &str = include_str!("../../static/first-puzzles.txt");

/// A tab of `world` started as the app starts one, with `link` in its address; the tab's
/// election settled (the lock's answer comes on the clock).
fn start_tab(world: &World, link: Option<&str>) -> (Owner, Store, Vec<Unreadable>) {
    let owner = Owner::new();
    owner.set();
    *world.sharing.address.borrow_mut() = format!("https://inkdoku.example/{}", link.unwrap_or_default());
    let (store, unreadable) = open_store(world.ports(), Lang::En);
    begin(store, &unreadable);
    assert_eq!(*world.sharing.address.borrow(), "https://inkdoku.example/", "the link taken out of the address");
    world.clock.advance(0.0);
    (owner, store, unreadable)
}

/// The same browser profile after every tab was closed: what it stored, nothing running.
fn reopened(world: &World) -> World {
    let later = World::default();
    later.storage.items.replace(world.storage.items.borrow().clone());
    later.lasting.items.replace(world.lasting.items.borrow().clone());
    later
}

/// A first tab plays PUZZLE and makes one move, saved; it stays open.
fn played(world: &World) -> (Owner, Store) {
    let (owner, store, _) = start_tab(world, Some(&format!("#{PUZZLE}")));
    world.engine.answer_truly(world.engine.last_id());
    let cell = (0..81).map(Cell::new).find(|&c| store.game.with_untracked(|g| g.digit(c).is_none())).unwrap();
    let digit = store.game.with_untracked(|g| g.solution().and_then(|s| s.get(cell))).unwrap();
    write(store, cell, digit);
    save_now(store);
    (owner, store)
}

#[test]
fn a_link_followed_in_the_open_app_opens_from_the_address_and_leaves_it() {
    let world = World::default();
    let (_owner, store) = played(&world);
    let before = store.game.get_untracked();
    *world.sharing.address.borrow_mut() = "https://inkdoku.example/?utm=mail".into();
    address_changed(store);
    assert_eq!(store.game.get_untracked(), before, "an address with no puzzle opens nothing");
    assert_eq!(*world.sharing.address.borrow(), "https://inkdoku.example/?utm=mail", "and stays as it was");
    *world.sharing.address.borrow_mut() = format!("https://inkdoku.example/?s={OTHER}");
    address_changed(store);
    assert!(matches!(store.dialog.get_untracked(), Some(Dialog::ConfirmOpen(_))), "{:?}", store.dialog.get_untracked());
    assert_eq!(*world.sharing.address.borrow(), "https://inkdoku.example/", "a reload won't open it again");
}

#[test]
fn a_returning_player_gets_the_game_back_and_is_greeted() {
    let world = World::default();
    let (_first_owner, first) = played(&world);
    let game = first.game.get_untracked();
    let world = reopened(&world);
    let (_owner, store, _) = start_tab(&world, None);
    assert_eq!(store.game.get_untracked(), game, "the game is restored");
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::Welcome));
    assert!(world.premade.asked.borrow().is_empty(), "no premade puzzle over a restored game");
}

#[test]
fn a_link_over_a_game_in_progress_asks_first_and_the_game_stays_until_then() {
    let world = World::default();
    let (_first_owner, first) = played(&world);
    let game = first.game.get_untracked();
    let world = reopened(&world);
    let (_owner, store, _) = start_tab(&world, Some(&format!("#{OTHER}")));
    assert!(matches!(store.dialog.get_untracked(), Some(Dialog::ConfirmOpen(_))), "{:?}", store.dialog.get_untracked());
    assert_eq!(store.game.get_untracked(), game);
}

#[test]
fn everything_kept_that_does_not_read_is_said_in_one_dialog_and_the_app_starts_anyway() {
    let world = World::default();
    world.storage.set(GAME_KEY, "{not a game").unwrap();
    world.storage.set(SETTINGS_KEY, "[1,2,3]").unwrap();
    world.storage.set(super::hand::HAND_KEY, "drawings?").unwrap();
    let (_owner, store, unreadable) = start_tab(&world, None);
    assert_eq!(unreadable.len(), 3, "{unreadable:?}");
    let t = crate::i18n::ui(Lang::En);
    let Some(Dialog::Message { text, details: Some(details), .. }) = store.dialog.get_untracked() else {
        panic!("a message: {:?}", store.dialog.get_untracked());
    };
    for part in [t.settings_corrupt, t.hand_corrupt] {
        assert!(text.contains(part), "{part:?} in {text:?}");
    }
    assert!(text.contains(&fill(t.save_corrupt, &[("kept", "")])[..20]), "the game's sentence in {text:?}");
    assert_eq!(details.lines().count(), 3, "each reason: {details}");
    // The app still starts: a first visit's puzzle once the player has read the message.
    world.premade.answer(Ok(BOOK));
    assert!(store.game.with_untracked(crate::state::has_puzzle));
}

/// A first visit by another app's link: the link is read in the engine worker (issue 48: its
/// readers are not in the app's wasm), and the board waits for it, as for New game, with no
/// premade puzzle under it; read, the puzzle is checked and played. One that holds no puzzle
/// is said, and the premade first puzzle comes.
#[test]
fn a_first_visit_by_another_apps_link_waits_for_the_workers_reading_and_a_refused_one_gets_the_premade_puzzle() {
    let world = World::default();
    world.engine.hold_reads.set(true);
    let (_owner, store, _) = start_tab(&world, Some(&format!("?s={PUZZLE}")));
    assert_eq!(world.engine.last_task(), Some(Task::Read { text: format!("?s={PUZZLE}"), file: false }));
    assert!(store.game.with_untracked(|g| !crate::state::has_puzzle(g)), "nothing on the board before the reading");
    assert!(world.premade.asked.borrow().is_empty(), "no premade puzzle under a link");
    world.engine.answer_truly(world.engine.last_id());
    assert!(matches!(world.engine.last_task(), Some(Task::Analyze { .. })), "read, then checked");
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.game.with_untracked(|g| g.givens().to_line()), PUZZLE);
    assert!(world.premade.asked.borrow().is_empty());

    let world = World::default();
    world.engine.hold_reads.set(true);
    let (_owner, store, _) = start_tab(&world, Some("?s=12345"));
    assert!(world.premade.asked.borrow().is_empty());
    world.engine.answer_truly(world.engine.last_id());
    let Some(Dialog::Message { text, details, .. }) = store.dialog.get_untracked() else { panic!("a message") };
    let t = crate::i18n::ui(Lang::En);
    assert_eq!(text, format!("{} {}", fill(t.no_text_puzzle, &[("source", t.the_link)]), t.unchanged));
    assert!(details.is_some_and(|d| !d.is_empty()), "the reader's reason");
    assert_eq!(world.premade.asked.borrow().len(), 1, "the premade first puzzle is fetched");
    world.premade.answer(Ok(BOOK));
    assert!(store.game.with_untracked(|g| g.givens().filled_count() > 0 && g.solution().is_some()));
}
