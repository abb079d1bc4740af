//! Which pointer draws, and which touches are the palm (the rule; `components::ink` feeds it
//! the browser's pointer events and the page's clock, the Clock port's `now_ms`):
//! - one pointer draws at a time (by its id); every other pointer's events are ignored, so a
//!   palm that rests or moves on the glass while the pen writes never joins the pen's stroke;
//! - a pen coming down takes over from a touch already down (that touch was the palm landing
//!   first); anything else waits for the drawer to lift;
//! - while a pen is down, hovering in range, or lifted less than `PALM_MS` ago, touches are the
//!   palm; so is a contact wider or taller than `LARGE_CONTACT_PX`, and a drawing finger that
//!   grows to that size drops its stroke;
//! - a mouse draws with its primary button only.

/// How long after the pen was last seen (down, or hovering in range) a touch still counts as
/// the palm.
pub const PALM_MS: f64 = 1000.0;
/// A contact wider or taller than this (CSS px) is a palm or a wrist, never a finger writing.
pub const LARGE_CONTACT_PX: i32 = 36;

/// The kind of pointer (the browser's `pointerType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pen,
    Touch,
    Mouse,
}

impl Kind {
    /// From `pointerType` (an unknown type counts as a mouse: it draws with its primary button).
    pub fn of(pointer_type: &str) -> Kind {
        match pointer_type {
            "pen" => Kind::Pen,
            "touch" => Kind::Touch,
            _ => Kind::Mouse,
        }
    }
}

/// One pointer event as the rule needs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    pub id: i32,
    pub kind: Kind,
    /// The contact's size in CSS px (touch screens report it; a pen or mouse says 1).
    pub width: i32,
    pub height: i32,
    /// Whether it is the primary button (a mouse's left, any pen or touch contact).
    pub primary: bool,
}

impl Contact {
    fn is_large(&self) -> bool {
        self.kind == Kind::Touch && (self.width > LARGE_CONTACT_PX || self.height > LARGE_CONTACT_PX)
    }
}

/// What a move means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moved {
    /// The drawing pointer moved on: its stroke goes on.
    Draws,
    /// A pen hovering (no button, nobody drawing): the ink it left may be read.
    Hovers,
    /// The drawing finger turned out to be a palm: its stroke is dropped.
    Dropped,
    /// Any other pointer: ignored.
    Ignored,
}

/// The pointers on the board (not reactive: nothing renders from it).
#[derive(Clone, Debug, Default)]
pub struct Pointers {
    /// The pointer that draws: its id and whether it is a pen.
    drawer: Option<(i32, bool)>,
    pen_down: bool,
    pen_until: f64,
}

impl Pointers {
    /// Whether the pen is down, in range, or lifted less than `PALM_MS` ago.
    fn pen_near(&self, now: f64) -> bool {
        self.pen_down || now < self.pen_until
    }

    /// A pointer came down at `now` (ms): whether it draws from now on.
    pub fn down(&mut self, c: Contact, now: f64) -> bool {
        let pen = c.kind == Kind::Pen;
        if pen {
            self.pen_down = true;
            self.pen_until = now + PALM_MS;
        }
        if c.kind == Kind::Touch && (self.pen_near(now) || c.is_large()) {
            return false; // the palm, while a pen is in use; or a contact too large to be a finger
        }
        if !c.primary {
            return false;
        }
        match self.drawer {
            Some((_, true)) => return false,
            Some(_) if !pen => return false,
            _ => {}
        }
        self.drawer = Some((c.id, pen));
        true
    }

    /// A pointer moved at `now`; `buttons` is whether any button is pressed.
    pub fn moved(&mut self, c: Contact, buttons: bool, now: f64) -> Moved {
        if c.kind == Kind::Pen {
            self.pen_until = now + PALM_MS;
        }
        if self.drawer.is_none_or(|(id, _)| id != c.id) {
            let hovers = c.kind == Kind::Pen && !buttons && self.drawer.is_none();
            return if hovers { Moved::Hovers } else { Moved::Ignored };
        }
        if c.is_large() {
            self.drawer = None;
            return Moved::Dropped;
        }
        Moved::Draws
    }

    /// A pointer lifted (or was cancelled) at `now`: whether it was the one drawing (its
    /// gesture ends).
    pub fn up(&mut self, c: Contact, now: f64) -> bool {
        if c.kind == Kind::Pen {
            self.pen_down = false;
            self.pen_until = now + PALM_MS;
        }
        let drew = self.drawer.is_some_and(|(id, _)| id == c.id);
        if drew {
            self.drawer = None;
        }
        drew
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact(id: i32, kind: Kind) -> Contact {
        Contact { id, kind, width: 1, height: 1, primary: true }
    }
    const PEN: i32 = 1;
    const PALM: i32 = 2;
    const FINGER: i32 = 3;

    #[test]
    fn while_the_pen_writes_or_was_just_lifted_a_touch_is_the_palm() {
        let mut p = Pointers::default();
        assert!(p.down(contact(PEN, Kind::Pen), 0.0));
        assert!(!p.down(contact(PALM, Kind::Touch), 10.0), "a touch while the pen is down");
        assert_eq!(p.moved(contact(PALM, Kind::Touch), true, 20.0), Moved::Ignored);
        assert_eq!(p.moved(contact(PEN, Kind::Pen), true, 20.0), Moved::Draws);
        assert!(!p.up(contact(PALM, Kind::Touch), 30.0), "the palm's lift ends nothing");
        assert!(p.up(contact(PEN, Kind::Pen), 40.0));
        // Lifted 40 ms ago, then 999 ms after the lift: still the palm; 1,000 ms after: a finger.
        assert!(!p.down(contact(FINGER, Kind::Touch), 40.0 + PALM_MS - 1.0));
        assert!(p.down(contact(FINGER, Kind::Touch), 40.0 + PALM_MS));
    }

    #[test]
    fn a_hovering_pen_keeps_touches_out_and_may_read_its_ink() {
        let mut p = Pointers::default();
        assert_eq!(p.moved(contact(PEN, Kind::Pen), false, 0.0), Moved::Hovers);
        assert!(!p.down(contact(FINGER, Kind::Touch), 500.0), "the pen is in range");
        assert!(p.down(contact(FINGER, Kind::Touch), 500.0 + PALM_MS), "the pen left a second ago");
        // Someone draws: a hovering pen reads nothing (and does not draw).
        assert_eq!(p.moved(contact(PEN, Kind::Pen), false, 2000.0), Moved::Ignored);
    }

    #[test]
    fn a_pen_takes_over_from_a_touch_already_down_and_nothing_takes_over_from_the_pen() {
        let mut p = Pointers::default();
        assert!(p.down(contact(PALM, Kind::Touch), 0.0), "a finger, as far as anyone knows");
        assert!(p.down(contact(PEN, Kind::Pen), 5.0), "the pen takes over: that touch was the palm");
        assert_eq!(p.moved(contact(PALM, Kind::Touch), true, 6.0), Moved::Ignored);
        assert!(!p.up(contact(PALM, Kind::Touch), 7.0));
        assert!(!p.down(contact(9, Kind::Pen), 8.0), "a second pen waits");
        assert!(!p.down(contact(4, Kind::Mouse), 8.0), "a mouse waits");
        // A finger drawing keeps a second finger out.
        let mut q = Pointers::default();
        assert!(q.down(contact(FINGER, Kind::Touch), 0.0));
        assert!(!q.down(contact(4, Kind::Touch), 1.0));
        assert!(!q.down(contact(5, Kind::Mouse), 1.0));
    }

    #[test]
    fn a_contact_the_size_of_a_palm_never_draws_and_a_finger_that_grows_to_it_drops_its_stroke() {
        let mut p = Pointers::default();
        let wide = Contact { width: LARGE_CONTACT_PX + 1, ..contact(PALM, Kind::Touch) };
        assert!(!p.down(wide, 0.0));
        let tall = Contact { height: LARGE_CONTACT_PX + 1, ..contact(FINGER, Kind::Touch) };
        assert!(p.down(contact(FINGER, Kind::Touch), 10.0), "a finger's size");
        assert_eq!(p.moved(contact(FINGER, Kind::Touch), true, 20.0), Moved::Draws);
        assert_eq!(p.moved(tall, true, 30.0), Moved::Dropped);
        assert!(!p.up(contact(FINGER, Kind::Touch), 40.0), "its lift ends nothing: the stroke was dropped");
        // A pen's or mouse's reported size never makes it a palm.
        let big_pen = Contact { width: 80, height: 80, ..contact(PEN, Kind::Pen) };
        assert!(p.down(big_pen, 50.0));
    }

    #[test]
    fn a_mouse_draws_with_its_primary_button_only() {
        let mut p = Pointers::default();
        assert!(!p.down(Contact { primary: false, ..contact(4, Kind::Mouse) }, 0.0));
        assert!(p.down(contact(4, Kind::Mouse), 1.0));
        assert_eq!(Kind::of("pen"), Kind::Pen);
        assert_eq!(Kind::of("touch"), Kind::Touch);
        assert_eq!(Kind::of("mouse"), Kind::Mouse);
    }
}
