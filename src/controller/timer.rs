//! The play clock on the store: its rule is the core's (`inkdoku_core::controller::timer`, run
//! by the core's games: `inkdoku_core::games::Input::Tick`); `services::effects` ticks it.

use super::*;
pub use inkdoku_core::controller::timer::*;

/// The page's timer ticked, `delta_ms` after the last tick: the play time counts (and is saved
/// when due) if the clock runs.
pub fn clock_ticked(store: Store, delta_ms: u64) {
    let (visible, dialog) = (store.visible.get_untracked(), store.dialog.with_untracked(Option::is_some));
    games::games(store, inkdoku_core::games::Input::Tick { delta_ms, visible, dialog });
}
