//! A full storage, said honestly: the save that fails for lack of space is told in a dialog
//! (once, until a save works again: the core's `saving` decides, `controller::saving` carries
//! it out), the game goes to the spare stores meanwhile (`storage::save_game`: IndexedDB, and
//! the tab's sessionStorage), the dialog says where it is kept (`storage::Spare`), and here
//! offers what can go to make room — the oldest kept game,
//! the learned drawings — saving again at once. A reload says "where you left it" only when it
//! is true (`storage::load_newest`, `welcome`).

use super::*;

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
