//! The play clock's rule, as a core function: when it runs, how a tick counts and when the
//! time is saved while nothing else changes. The app's `controller::timer` applies it to the
//! store; `services::effects` only ticks it (every 250 ms, with the time since the last tick by
//! the page's clock).

use crate::state::Phase;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
