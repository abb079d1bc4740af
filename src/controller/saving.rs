//! Saving the game: the record of the game on show, written when this tab may write it, kept
//! for the panic hook, and the stored game brought back. When to save (autosave's one save per
//! burst of changes) and what storage's answers tell the player are the core's
//! (`inkdoku_core::saving`), carried out here; the page's events that call these are
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
            Effect::Say(text) => store.status.set(text),
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
        games(store, inkdoku_core::games::Input::Reloaded(saved));
        super::clear_highlights(store);
        then(Some(up_to_date));
    });
}
