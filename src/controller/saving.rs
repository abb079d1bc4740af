//! Saving the game: the record of the game on show, written when this tab may write it, kept
//! for the panic hook, and the stored game brought back. When to save (autosave's one save per
//! burst of changes) and what storage's answers tell the player are the core's
//! (`inkdoku_core::saving`), carried out here. A change of the game is told by the core's
//! effects as the controller carries them out (`game_changed`: the session's `BoardChanged`,
//! the games' `Changed`); the page's events that save at once (hidden, closed, frozen) are
//! `services::effects`'.

use super::{games::games, tabs};
use crate::state::{Phase, Store, TabRole};
use crate::storage::{self, GAME_OK_KEY, StoredGame};
use inkdoku_core::controller::stored::reloaded;
use inkdoku_core::saving::{Context, Effect, Input};
use leptos::prelude::*;

/// The game changed: the panic hook gets it at once, storage a moment after the last change of
/// a burst (the core's `saving` decides, on the Clock port's timer).
pub fn game_changed(store: Store) {
    saving(store, Input::GameChanged);
}

/// An input to the core's `saving`, its effects carried out.
pub(super) fn saving(store: Store, input: Input) {
    let dialog = store.dialog.get_untracked();
    let ctx = Context { ui: store.t(), dialog: dialog.as_ref() };
    let effects = store.saving.try_update_value(|s| s.input(input, &ctx)).expect("the store's saving lives as long as the store");
    for effect in effects {
        match effect {
            Effect::KeepForRescue => keep_for_rescue(store),
            Effect::Wait { ms, change } => {
                store.ports().clock.after(ms, Box::new(move || saving(store, Input::Waited { change })));
            }
            Effect::Save => save_now(store),
            Effect::Say(text) => store.say(text),
            // None closes the storage-full dialog (the core saw it open: `Context::dialog`).
            Effect::Dialog(dialog) => store.show_or_close(dialog.map(|d| *d)),
            Effect::TellFullSoon(kept) => {
                let tell = move || {
                    let still_full = store.ports().storage.get(GAME_OK_KEY).is_none();
                    saving(store, Input::TellFull { kept, still_full });
                };
                store.ports().clock.after(0, Box::new(tell));
            }
        }
    }
}

/// Saves the game now (skipped while a puzzle is being typed in, before there is one, and in
/// a tab that only follows another).
pub fn save_now(store: Store) {
    if let Some(mut record) = record(store) {
        let saved = storage::save_game(&store.ports(), &mut record, move |not_saved| saving(store, Input::KeptAside(not_saved)));
        if saved.is_ok() {
            tabs::announce_saved(store);
        }
        saving(store, Input::Saved(saved));
    }
}

/// The record to save: none while a puzzle is being typed in, before there is one, and in a
/// tab that only follows another or lost the game to another (it must never write over the
/// playing tab's game).
fn record(store: Store) -> Option<StoredGame> {
    if store.phase.get_untracked() != Phase::Play || store.role.get_untracked() != TabRole::Active || !tabs::may_save(store) {
        return None;
    }
    store.game.with_untracked(crate::state::has_puzzle).then(|| current_record(store))
}

/// The game on show as a record to store, its play time up to date.
pub fn current_record(store: Store) -> StoredGame {
    store.games.with_value(|g| store.game.with_untracked(|game| g.record(game)))
}

/// Hands the game as it is now to the panic hook (`crash::keep`), so that a crash between two
/// debounced saves still saves the last move. On every change of the game, before the wait
/// (the core's `saving`: `Effect::KeepForRescue`).
pub fn keep_for_rescue(store: Store) {
    if let Some(text) = record(store).and_then(|r| serde_json::to_string(&r).ok()) {
        crate::crash::keep(text);
    }
}

/// Replaces the game on show by the stored one (a tab starting, a following tab keeping up, or
/// a tab taking over; the newest of the three stores': `storage::load_newest`), as the core
/// reads storage's answer (`reloaded`), then runs `then` with what was found: None without a
/// stored game, else whether it is the player's newest.
pub fn reload_saved(store: Store, then: impl FnOnce(Option<bool>) + 'static) {
    storage::load_newest(&store.ports(), move |answer| {
        let Some((saved, up_to_date)) = reloaded(answer) else { return then(None) };
        games(store, inkdoku_core::games::Input::Reloaded(saved));
        super::clear_highlights(store);
        then(Some(up_to_date));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::{apply, start_entering};
    use crate::i18n::Lang;
    use crate::ports::fakes::{StoreOn as _, World};
    use crate::ports::{Clock as _, KeyValue as _};
    use crate::state::GameMeta;
    use crate::storage::GAME_KEY;
    use inkdoku_core::games::Input as GamesInput;
    use inkdoku_core::saving::SAVE_AFTER_MS;
    use inkdoku_engine::game::{Action, Game};

    const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

    fn playing(world: &World) -> (Owner, Store) {
        let (owner, store) = world.store(Lang::En);
        let givens = inkdoku_engine::format::line::parse(PUZZLE).unwrap();
        store.session_mut(|s| s.set_game(Game::new(givens, None)));
        (owner, store)
    }

    fn stored(world: &World) -> Option<StoredGame> {
        world.storage.get(GAME_KEY).map(|t| serde_json::from_str(&t).unwrap())
    }

    /// A move of the player's, as the pad makes it: its effects trigger autosave (nothing here
    /// saves by hand).
    fn place(store: Store, cell: usize, digit: u8) {
        let digit = inkdoku_engine::Digit::new(digit).unwrap();
        assert!(apply(store, Action::Place { cell: inkdoku_engine::Cell::new(cell), digit, clear_peer_notes: true }));
    }

    fn wait(world: &World, ms: u32) {
        world.clock.advance(f64::from(ms));
    }

    // When to save (one save per burst, per store) is the core's (`inkdoku_core::saving`'s
    // tests); here, the core's effects triggering it on the store, the record with its play
    // time, and who may write.
    #[test]
    fn a_burst_of_moves_is_saved_once_after_the_last_with_its_play_time() {
        let world = World::default();
        let (_owner, store) = playing(&world);
        place(store, 0, 1);
        wait(&world, SAVE_AFTER_MS - 100);
        place(store, 2, 3);
        games(store, GamesInput::PlayTime(42_000));
        wait(&world, SAVE_AFTER_MS - 1);
        assert_eq!(stored(&world), None, "the second move postponed the save");
        wait(&world, 1);
        let saved = stored(&world).expect("saved after the burst");
        assert_eq!(saved.game.applied(), 2);
        assert_eq!(saved.meta.elapsed_ms, 42_000);
        // Nothing more comes of the burst: the first move's wait ended long ago.
        world.storage.remove(GAME_KEY);
        wait(&world, SAVE_AFTER_MS * 10);
        assert_eq!(stored(&world), None);
        // Another game (the games' effect) and its metadata (a grade) are saved the same way.
        crate::controller::start_game(
            store,
            Game::new(inkdoku_engine::format::line::parse(PUZZLE).unwrap(), None),
            GameMeta::new(None, None),
        );
        games(store, GamesInput::Graded(inkdoku_engine::rating::Level::Hard));
        wait(&world, SAVE_AFTER_MS);
        let saved = stored(&world).expect("the new game saved");
        assert_eq!((saved.game.applied(), saved.meta.level), (0, Some(inkdoku_engine::rating::Level::Hard)));
        // Undo too (the session's board changed).
        place(store, 0, 1);
        crate::controller::undo(store);
        wait(&world, SAVE_AFTER_MS);
        assert_eq!(stored(&world).map(|s| s.game.digit(inkdoku_engine::Cell::new(0))), Some(None), "saved undone");
    }

    #[test]
    fn only_the_playing_tab_writes_and_never_over_a_newer_holder() {
        let world = World::default();
        let (_owner, store) = playing(&world);
        place(store, 0, 1);
        // The lock was lost during the wait: this tab follows now.
        store.role.set(TabRole::Follower);
        wait(&world, SAVE_AFTER_MS);
        assert_eq!(stored(&world), None, "a following tab never writes");
        // Another tab took the lock while this one was frozen: its id is the holder's now.
        store.role.set(TabRole::Active);
        world.storage.set(crate::controller::tabs::HOLDER_KEY, "someone else").unwrap();
        save_now(store);
        assert_eq!(stored(&world), None, "fenced: the new holder's game is not overwritten");
        world.storage.remove(crate::controller::tabs::HOLDER_KEY);
        save_now(store);
        assert!(stored(&world).is_some());
        // Typing a puzzle in is not a game to save.
        world.storage.remove(GAME_KEY);
        start_entering(store);
        assert_eq!(store.phase.get_untracked(), Phase::Enter);
        place(store, 0, 1);
        wait(&world, SAVE_AFTER_MS);
        save_now(store);
        assert_eq!(stored(&world), None);
    }

    #[test]
    fn a_save_that_fails_is_said_in_the_players_language() {
        let world = World::default();
        let (_owner, store) = playing(&world);
        store.settings.update(|s| s.language = Some(Lang::De));
        world.storage.full.set(true);
        place(store, 0, 1);
        wait(&world, SAVE_AFTER_MS);
        assert_eq!(
            store.status.get_untracked(),
            "Dein Spiel konnte nicht gespeichert werden: der Speicher des Browsers für diese Seite ist voll."
        );
    }

    #[test]
    fn a_following_tab_keeps_up_with_the_saved_game() {
        let world = World::default();
        let (_owner, player) = playing(&world);
        place(player, 0, 1);
        wait(&world, SAVE_AFTER_MS);
        let (_other, follower) = world.store(Lang::En);
        follower.role.set(TabRole::Follower);
        reload_saved(follower, |_| {});
        assert_eq!(follower.game.get_untracked(), player.game.get_untracked());
        assert!(world.clock.now_ms() > 0.0);
    }
}
