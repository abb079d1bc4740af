//! A full storage, said honestly: the save that fails for lack of space is told in a dialog
//! (once, until a save works again), the game goes to the spare stores meanwhile
//! (`storage::save_game`: IndexedDB, and the tab's sessionStorage), the dialog says where it is
//! kept (`storage::Spare`), and offers what can go to make room — the oldest kept game,
//! the learned drawings — saving again at once. A reload says "where you left it" only when it
//! is true (`storage::load_newest`, `welcome`).

use super::*;
use crate::ports::SaveError;
use crate::storage::GameNotSaved;

/// What a save of the game came to (`controller::save_now`), at once: the status line says it.
pub fn game_saved(store: Store, saved: Result<(), SaveError>) {
    let t = store.t();
    match saved {
        Ok(()) => {
            if store.full_told.get_untracked() {
                store.full_told.set(false);
                if matches!(store.dialog.get_untracked(), Some(Dialog::StorageFull { .. })) {
                    store.dialog.set(None);
                }
                store.status.set(t.storage_freed.into());
            }
        }
        Err(error) => {
            let still = error == SaveError::Full && store.full_told.get_untracked();
            store.status.set(if still {
                t.storage_still_full.into()
            } else {
                fill(t.cannot_save, &[("e", &storage::describe(t, &error))])
            });
        }
    }
}

/// A save that found the storage full, once the spare stores answered where the game is kept:
/// a dialog says so (not only the status line) and offers what can go to make room; once, until
/// a save works again (it would come back after every move), and not over another dialog.
pub fn game_kept_aside(store: Store, not_saved: GameNotSaved) {
    if not_saved.error != SaveError::Full {
        return;
    }
    // A moment later: a tab that starts saves before it greets the player, and "Welcome back"
    // (which says where the game is) comes first; the dialog then waits for the next save that
    // fails. And only while the storage is still full (a later save may have worked meanwhile).
    let tell = move || {
        let still = store.ports().storage.get(storage::GAME_OK_KEY).is_none();
        if still && !store.full_told.get_untracked() && store.dialog.with_untracked(Option::is_none) {
            store.full_told.set(true);
            store.dialog.set(Some(Dialog::StorageFull { kept: not_saved.kept }));
        }
    };
    store.ports().clock.after(0, Box::new(tell));
}

/// The oldest kept game, offered for removal: when it was last played (its play time) and its
/// level, for the dialog's button. None when no game is kept.
pub fn oldest_kept(store: Store) -> Option<String> {
    let kept = storage::load_kept(&store.ports());
    let oldest = kept.games.last()?;
    let level = oldest.meta.level.map_or(String::new(), |l| format!("{}, ", level_name(store.lang_now(), l)));
    let what = Kind::of(&oldest.game).with_size(store.ui(), oldest.game.size());
    Some(format!("{level}{what} {}", clock(oldest.meta.elapsed_ms)))
}

/// Removes the oldest kept game to make room (the core's rule), then saves the game again.
pub fn remove_oldest_kept(store: Store) {
    inkdoku_core::controller::stored::remove_oldest_kept(&store.ports());
    crate::controller::save_now(store);
}

/// Removes the learned drawings (the recognizer forgets them) to make room, then saves again.
pub fn remove_drawings(store: Store) {
    storage::remove(&store.ports(), crate::controller::hand::HAND_KEY);
    store.ink.hand.set(crate::ports::Handwriting::new());
    crate::controller::save_now(store);
}
