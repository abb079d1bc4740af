//! Saving the game: the record of the game on show, written when this tab may write it (the
//! debounce and the page's events that call these are `services::effects`'), kept for the panic
//! hook, and the stored game brought back.

use super::{game_kept_aside, game_saved, tabs};
use crate::state::{Phase, Store, TabRole};
use crate::storage::{self, StoredGame};
use inkdoku_core::controller::stored::reloaded;
use leptos::prelude::*;

/// Saves the game now (skipped while a puzzle is being typed in, before there is one, and in
/// a tab that only follows another).
pub fn save_now(store: Store) {
    if let Some(mut record) = record(store) {
        let saved = storage::save_game(&store.ports(), &mut record, move |not_saved| game_kept_aside(store, not_saved));
        if saved.is_ok() {
            tabs::announce_saved(store);
        }
        game_saved(store, saved);
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
    let mut meta = store.meta.get_untracked();
    meta.elapsed_ms = store.elapsed.get_untracked();
    StoredGame { version: 1, game: store.game.get_untracked(), meta, saved_at: None }
}

/// Hands the game as it is now to the panic hook (`crash::keep`), so that a crash between two
/// debounced saves still saves the last move. Called by the autosave effect on every change of
/// the game, before the debounce.
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
        store.ink.game_changed();
        store.session_mut(|s| s.set_game(saved.game));
        store.elapsed.set(saved.meta.elapsed_ms);
        store.meta.set(saved.meta);
        super::clear_highlights(store);
        then(Some(up_to_date));
    });
}
