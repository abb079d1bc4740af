//! The play clock on the store: its rule is the core's (`inkdoku_core::controller::timer`);
//! `services::effects` ticks it.

use super::*;
pub use inkdoku_core::controller::timer::*;

/// The store as the clock's rule sees it.
pub fn clock_state(store: Store) -> ClockState {
    let (has_puzzle, solved) = store.game.with_untracked(|g| (crate::state::has_puzzle(g), g.is_solved()));
    ClockState {
        visible: store.visible.get_untracked(),
        dialog: store.dialog.with_untracked(Option::is_some),
        phase: store.phase.get_untracked(),
        has_puzzle,
        solved,
    }
}

/// The page's timer ticked, `delta_ms` after the last tick: the play time counts (and is saved
/// when due) if the clock runs.
pub fn clock_ticked(store: Store, delta_ms: u64) {
    if let Tick::Counts { elapsed_ms, save } = tick(&clock_state(store), store.elapsed.get_untracked(), delta_ms) {
        store.elapsed.set(elapsed_ms);
        if save {
            crate::controller::save_now(store);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::KeyValue as _;
    use crate::ports::fakes::{StoreOn as _, World};
    use crate::storage::{GAME_KEY, StoredGame};

    #[test]
    fn ticks_count_play_time_on_the_store_stop_under_a_dialog_and_save_it_when_due() {
        let world = World::default();
        let (_owner, store) = world.store(crate::i18n::Lang::En);
        clock_ticked(store, 250);
        assert_eq!(store.elapsed.get_untracked(), 0, "no puzzle yet");
        let givens =
            inkdoku_engine::format::line::parse(".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.")
                .unwrap();
        store.session_mut(|s| s.set_game(Game::new(givens, None)));
        for _ in 0..59 {
            clock_ticked(store, 250);
        }
        assert_eq!(store.elapsed.get_untracked(), 14_750);
        assert_eq!(world.storage.get(GAME_KEY), None);
        store.dialog.set(Some(Dialog::NewGame));
        clock_ticked(store, 250);
        assert_eq!(store.elapsed.get_untracked(), 14_750, "stands under a dialog");
        store.dialog.set(None);
        clock_ticked(store, 250);
        let saved: StoredGame = serde_json::from_str(&world.storage.get(GAME_KEY).expect("saved at 15 s")).unwrap();
        assert_eq!(saved.meta.elapsed_ms, 15_000);
    }
}
