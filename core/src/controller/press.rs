//! Long presses: a touch or pen resting on an empty cell (or a mouse over it) shows the cell's
//! candidates, and a press held on the correction chip opens every digit. When a press counts
//! as long is decided here, on the Clock port's timers (which can be called off), so that it
//! runs natively; the board and the chip only pass their pointer events on.

use crate::ports::{Clock, Timer};

/// How long a touch or pen resting on an empty cell waits before the cell's candidates show.
pub const PEEK_PRESS_MS: u32 = 550;
/// How long a mouse over an empty cell waits before the cell's candidates show (a little
/// longer: a mouse passes over cells on its way elsewhere).
pub const PEEK_HOVER_MS: u32 = 600;
/// How long a press on the chip must last to open every digit.
pub const CHIP_PRESS_MS: u32 = 500;
/// How far (CSS px) a pointer down on the chip may move and still be a tap on it; further, it
/// is a stroke written on the board.
pub const TAP_PX: f64 = 6.0;

/// The wait before a cell's candidates show, when a pointer arrives on it: a touch or pen coming
/// down on it (`down`), or a mouse coming over it (not down: a mouse's press is a click).
pub fn peek_wait(mouse: bool, down: bool) -> Option<u32> {
    match (mouse, down) {
        (false, true) => Some(PEEK_PRESS_MS),
        (true, false) => Some(PEEK_HOVER_MS),
        _ => None,
    }
}

/// Whether a pointer that came down on the chip at `from` and is now at `to` (CSS px) moved
/// beyond a tap: the press is over, and the stroke is the board's.
pub fn beyond_tap(from: (f64, f64), to: (f64, f64)) -> bool {
    (to.0 - from.0).hypot(to.1 - from.1) > TAP_PX
}

/// A press that becomes long if it lasts: one per target (the board's cells share one, the chip
/// has its own). Only the last press begun counts.
#[derive(Default)]
pub struct LongPress {
    timer: Option<Timer>,
}

impl LongPress {
    /// A press begins: `long` runs if it lasts `ms` (a press begun before it is over).
    pub fn begin(&mut self, clock: &dyn Clock, ms: u32, long: Box<dyn FnOnce()>) {
        self.end(clock);
        self.timer = Some(clock.after(ms, long));
    }

    /// The press is over (lifted, cancelled, left, moved): it never becomes long.
    pub fn end(&mut self, clock: &dyn Clock) {
        if let Some(timer) = self.timer.take() {
            clock.cancel(timer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::fakes::Clock as FakeClock;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A press on the fake clock and how many times it became long.
    fn press(clock: &FakeClock, press: &mut LongPress, ms: u32) -> Rc<Cell<u32>> {
        let long = Rc::new(Cell::new(0));
        let count = long.clone();
        press.begin(clock, ms, Box::new(move || count.set(count.get() + 1)));
        long
    }

    #[test]
    fn a_press_is_long_once_it_lasted_its_wait_and_never_if_it_ended_before() {
        let clock = FakeClock::default();
        let mut held = LongPress::default();
        let long = press(&clock, &mut held, PEEK_PRESS_MS);
        clock.advance(f64::from(PEEK_PRESS_MS) - 1.0);
        assert_eq!(long.get(), 0, "not yet");
        clock.advance(1.0);
        assert_eq!(long.get(), 1, "long at its wait");
        clock.advance(10_000.0);
        assert_eq!(long.get(), 1, "once");
        held.end(&clock); // lifted after it was long: nothing more

        // Lifted a moment before its wait: never long, however long the clock runs on.
        let lifted = press(&clock, &mut held, CHIP_PRESS_MS);
        clock.advance(f64::from(CHIP_PRESS_MS) - 1.0);
        held.end(&clock);
        clock.advance(10_000.0);
        assert_eq!(lifted.get(), 0);
    }

    #[test]
    fn a_new_press_calls_off_the_one_before() {
        let clock = FakeClock::default();
        let mut held = LongPress::default();
        let first = press(&clock, &mut held, PEEK_HOVER_MS);
        clock.advance(300.0);
        let second = press(&clock, &mut held, PEEK_HOVER_MS);
        clock.advance(f64::from(PEEK_HOVER_MS));
        assert_eq!((first.get(), second.get()), (0, 1), "only the last press counts, from its own start");
    }

    #[test]
    fn touch_and_pen_wait_when_down_a_mouse_when_over_and_the_chip_press_ends_beyond_a_tap() {
        assert_eq!(peek_wait(false, true), Some(PEEK_PRESS_MS));
        assert_eq!(peek_wait(true, false), Some(PEEK_HOVER_MS));
        assert_eq!(peek_wait(true, true), None, "a mouse's press is a click");
        assert_eq!(peek_wait(false, false), None, "a touch or pen only arrives by coming down");
        assert!(!beyond_tap((10.0, 10.0), (14.0, 14.0)), "5.7 px: still a tap");
        assert!(beyond_tap((10.0, 10.0), (10.0, 16.5)));
    }
}
