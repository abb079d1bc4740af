//! The play clock's rule, as a core function: when it runs, how a tick counts and when the
//! time is saved while nothing else changes. `services::effects` only ticks it (every 250 ms,
//! with the time since the last tick by the page's clock).

use super::*;

/// What the clock's rule looks at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockState {
    /// The page is on show (not a hidden tab, a minimized window, a locked screen).
    pub visible: bool,
    /// A dialog covers the board.
    pub dialog: bool,
    pub phase: Phase,
    /// There is a puzzle on the board (none while the first one is being made).
    pub has_puzzle: bool,
    pub solved: bool,
}

/// The clock runs while the game is on show: not when the page is hidden, a dialog covers the
/// board, a puzzle is being typed in, there is no puzzle yet, or the game is over.
pub fn clock_runs(s: &ClockState) -> bool {
    s.visible && !s.dialog && s.phase == Phase::Play && s.has_puzzle && !s.solved
}

/// A tick longer than this is not play time: the page slept between two ticks (a suspended
/// machine, a frozen tab whose visibility never changed).
pub const LONGEST_TICK_MS: u64 = 5_000;

/// While nothing changes, the play time is saved this often (every change saves it too).
pub const SAVE_TIME_EVERY_MS: u64 = 15_000;

/// What a tick of `delta_ms` does to the play time `elapsed_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    /// The clock stands (or the tick was a sleep).
    Stands,
    /// The play time is now this; `save` when a `SAVE_TIME_EVERY_MS` mark was passed.
    Counts { elapsed_ms: u64, save: bool },
}

/// The clock's rule for one tick.
pub fn tick(state: &ClockState, elapsed_ms: u64, delta_ms: u64) -> Tick {
    if !clock_runs(state) || delta_ms >= LONGEST_TICK_MS {
        return Tick::Stands;
    }
    let elapsed_ms = elapsed_ms + delta_ms;
    Tick::Counts { elapsed_ms, save: elapsed_ms % SAVE_TIME_EVERY_MS < delta_ms }
}

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
    use crate::ports::fakes::World;
    use crate::storage::{GAME_KEY, StoredGame};

    const RUNNING: ClockState = ClockState { visible: true, dialog: false, phase: Phase::Play, has_puzzle: true, solved: false };

    #[test]
    fn the_clock_runs_only_while_an_unsolved_game_is_on_show() {
        assert!(clock_runs(&RUNNING));
        assert!(!clock_runs(&ClockState { visible: false, ..RUNNING }), "page hidden");
        assert!(!clock_runs(&ClockState { dialog: true, ..RUNNING }), "a dialog covers the board");
        assert!(!clock_runs(&ClockState { phase: Phase::Enter, ..RUNNING }), "a puzzle being typed in");
        assert!(!clock_runs(&ClockState { has_puzzle: false, ..RUNNING }), "no puzzle yet");
        assert!(!clock_runs(&ClockState { solved: true, ..RUNNING }), "won");
    }

    #[test]
    fn a_tick_counts_its_time_but_not_a_sleep_and_saves_every_fifteen_seconds() {
        assert_eq!(tick(&RUNNING, 1_000, 250), Tick::Counts { elapsed_ms: 1_250, save: false });
        assert_eq!(tick(&ClockState { dialog: true, ..RUNNING }, 1_000, 250), Tick::Stands);
        assert_eq!(tick(&RUNNING, 1_000, LONGEST_TICK_MS - 1), Tick::Counts { elapsed_ms: 5_999, save: false });
        assert_eq!(tick(&RUNNING, 1_000, LONGEST_TICK_MS), Tick::Stands, "the page slept");
        assert_eq!(tick(&RUNNING, 14_900, 250), Tick::Counts { elapsed_ms: 15_150, save: true });
        assert_eq!(tick(&RUNNING, 15_150, 250), Tick::Counts { elapsed_ms: 15_400, save: false });
        assert_eq!(tick(&RUNNING, 29_750, 250), Tick::Counts { elapsed_ms: 30_000, save: true });
    }

    #[test]
    fn ticks_count_play_time_on_the_store_stop_under_a_dialog_and_save_it_when_due() {
        let world = World::default();
        let (_owner, store) = world.store(crate::i18n::Lang::En);
        clock_ticked(store, 250);
        assert_eq!(store.elapsed.get_untracked(), 0, "no puzzle yet");
        let givens =
            inkdoku_engine::format::line::parse(".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.")
                .unwrap();
        store.game.set(Game::new(givens, None));
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
