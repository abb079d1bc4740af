//! The player's intent becomes engine actions and worker requests: what each tap, key, pen
//! stroke and button does to the store. Components call these functions and stay declarative;
//! the outside world (storage, the engine worker, the clock) is reached through `store.ports()`,
//! so all of this runs natively on fakes (`tests.rs`). Its pure rules are the core's
//! (`inkdoku_core::controller`: the key map, the clock's rule, the start's first screen, the
//! election of the playing tab, storage's answers about games, the QR code),
//! and the play of the game (the game, the selection, the picked digit, the entry mode) is the
//! core's `Session`, which `play` gives the player's inputs to.
//!
//! ```text
//!  mod.rs       the core session's inputs played (`play`: its effects carried out), applying
//!               actions, what every board change does, waiting for the engine
//!  input.rs     digits, notes, selection, modes, undo/redo
//!  keys.rs      the core's key map (`interpret_key`) read from and carried out on the store
//!  help.rs      hint, check, solve
//!  games.rs     new, typed-in, daily and previous games, restart, the win
//!  sharing.rs   links, clipboard, files
//!  keeping.rs   a full storage: said in a dialog, room made, honest on reload
//!  saving.rs    the game's record saved when this tab may, kept for a crash, reloaded
//!  tabs.rs      one playing tab per browser profile: the core's election carried out over `TabLock`/`TabChannel`
//!  hand.rs      learning the player's hand from their corrections of the pen
//!  printing.rs  the puzzle on show, or a set of new ones
//!  timer.rs     the core's play clock rule applied to the store (its time, saved when due)
//!  startup.rs   the start: the store on what storage held (the core's `read_start`), the first screen
//!  together.rs  a game solved together: moves merged with the room's, sent and received
//! ```

mod games;
pub mod hand;
mod help;
mod input;
mod keeping;
mod keys;
mod printing;
/// The live link as a QR code (the core's).
pub use inkdoku_core::controller::qr;
mod saving;
mod sharing;
pub mod startup;
pub mod tabs;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_keeping;
#[cfg(test)]
mod tests_killer;
#[cfg(test)]
mod tests_startup;
#[cfg(test)]
mod tests_together;
mod timer;
mod together;

pub use games::*;
pub use help::*;
pub use input::*;
pub use keeping::*;
pub use keys::*;
// Named: leptos's prelude has a `clear` too.
pub use input::clear;
pub use printing::*;
pub use saving::*;
pub use sharing::*;
pub use timer::*;
pub use together::{
    ALONE_MS, AWAY_MS, BEAT_MS, ROLL_MS, is_together, leave as play_alone, live_ink_changed, live_link, resume as resume_together,
    room_line, set_relay, share_live, solve_together, tell_presence,
};

use crate::i18n::{fill, level_name};
use crate::ports::{self, PlatformError};
use crate::state::{Dialog, GameMeta, Highlights, InputMode, Kind, Making, Phase, Store, TabRole, Waiting};
use crate::state::{PrintSet, Printed};
use crate::storage;
use inkdoku_core::session::{Context, Effect, Input};
use inkdoku_engine::format::sdk::SdkHeader;
use inkdoku_engine::game::{Action, Check, Game};
use inkdoku_engine::generator::Options;
use inkdoku_engine::geometry::cell_name;
use inkdoku_engine::hint::Advice;
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::share::{self, Progress, SharedPuzzle};
use inkdoku_engine::{Cell, Digit, Grid, House, Size};
use leptos::prelude::*;

/// Whether this tab may change the game (it doesn't while another tab plays).
pub fn writable(store: Store) -> bool {
    let ok = store.role.get_untracked() != TabRole::Follower;
    if !ok {
        store.status.set(store.t().read_only.into());
    }
    ok
}

/// Applies an action to the game (or, in a shared game, hands it to the room). When the board
/// changes, hint and check marks and the last status message go (they spoke of the board
/// before), and a win is celebrated. Returns whether the board changed.
pub fn apply(store: Store, action: Action) -> bool {
    play(store, Input::Apply(action))
}

/// What the session is told of the app with each input.
pub fn context(store: Store) -> Context {
    Context {
        may_write: store.role.get_untracked() != TabRole::Follower,
        shared: is_together(store),
        playing: store.phase.get_untracked() == Phase::Play,
        won: store.meta.with_untracked(|m| m.won),
        auto_clear_notes: store.settings.with_untracked(|s| s.auto_clear_notes),
        brush: store.brush.get_untracked(),
    }
}

/// An input of the player's to the core's session (`inkdoku_core::session`): the store mirrors
/// what it changed, and its effects are carried out here. Returns whether the board changed.
pub fn play(store: Store, input: Input) -> bool {
    let effects = store.play(input, &context(store));
    carry_out(store, effects)
}

/// Carries out the session's effects (of an input, or of a move the pen made through it).
/// Returns whether the board changed.
pub fn carry_out(store: Store, effects: Vec<Effect>) -> bool {
    let mut changed = false;
    for effect in effects {
        match effect {
            Effect::BoardChanged => {
                changed = true;
                board_changed(store);
            }
            Effect::Won => won(store),
            Effect::ReadOnly => store.status.set(store.t().read_only.into()),
            Effect::Refused(e) => refused(store, &e),
            Effect::GivenCannotChange => store.status.set(store.t().given_cannot_change.into()),
            Effect::Share(action) => changed = shared_board_changed(store, together::play(store, action)),
            Effect::ShareUndo { redo } => changed = shared_board_changed(store, together::undo_redo(store, redo)),
            // A quick rewrite of what the pen just wrote there teaches the recognizer.
            Effect::Written { cell, digit } if changed => hand::noticed(store, cell, digit),
            Effect::Written { .. } => {}
            Effect::Colour(colour) => store.brush.update(|b| b.colour = colour),
        }
    }
    changed
}

/// The room merged this player's move (`changed`): what every board change does, and the win.
fn shared_board_changed(store: Store, changed: bool) -> bool {
    if changed {
        board_changed(store);
        after_change(store);
    }
    changed
}

/// The game refused an action: why, in the player's words; the engine's text in the console.
fn refused(store: Store, e: &inkdoku_engine::game::ActionError) {
    leptos::logging::warn!("inkdoku: action refused: {e}");
    store.status.set(crate::i18n::action_refused(store.t(), e).into());
}

/// What every change of the board (an action, undo, redo) does to the UI state (the win is the
/// session's to see, or the room's: `after_change`).
fn board_changed(store: Store) {
    store.highlights.set(Highlights::default());
    store.status.set(String::new());
    together::say_trouble(store);
    store.ink.chip.set(None);
    // Ink whose digit was taken away goes with it (the pen's rule).
    store.pen(inkdoku_core::pen::Input::BoardChanged, &context(store));
}

/// A shared game's board after the room's merge: a win is celebrated.
fn after_change(store: Store) {
    let solved = store.game.with(|g| g.is_solved());
    if solved && store.phase.get_untracked() == Phase::Play && !store.meta.with_untracked(|m| m.won) {
        won(store);
    }
}

/// How long a wait for the engine worker goes unshown (most answers come sooner).
pub const WAIT_SHOWN_MS: u32 = 300;

/// Starts waiting for an engine request: after `WAIT_SHOWN_MS` the wait is shown with Cancel.
/// Returns its token for `done_waiting`.
fn start_waiting(store: Store, what: &str) -> u32 {
    let token = store.waiting.with_untracked(|w| w.as_ref().map_or(1, |w| w.token.wrapping_add(1)));
    store.waiting.set(Some(Waiting { token, what: what.to_string(), shown: false }));
    store.status.set(what.to_string());
    let show = move || store.waiting.update(|w| w.iter_mut().filter(|w| w.token == token).for_each(|w| w.shown = true));
    store.ports().clock.after(WAIT_SHOWN_MS, Box::new(show));
    token
}

/// Sends a task to the engine worker; `on_reply` gets its progress messages and answer.
fn ask(store: Store, task: Task, on_reply: impl FnMut(Reply) + 'static) -> Result<u32, String> {
    store.ports().engine.request(task, Box::new(on_reply))
}

/// Sends a task the player waits for: the wait shows after `WAIT_SHOWN_MS` (with Cancel) and
/// ends with the answer, which `on_answer` gets; a task that can't be sent is said in plain
/// words.
fn ask_waiting(store: Store, what: &str, task: Task, mut on_answer: impl FnMut(Reply) + 'static) {
    let token = start_waiting(store, what);
    let sent = ask(store, task, move |reply| {
        done_waiting(store, token);
        on_answer(reply);
    });
    if let Err(e) = sent {
        done_waiting(store, token);
        worker_failed(store, &e);
    }
}

/// The request `token` was answered.
fn done_waiting(store: Store, token: u32) {
    if store.waiting.with_untracked(|w| w.as_ref().is_some_and(|w| w.token == token)) {
        store.waiting.set(None);
    }
}

/// Cancel on a shown wait: the engine worker is stopped (its answer will never land) and
/// starts afresh on the next request.
pub fn cancel_waiting(store: Store) {
    store.ports().engine.cancel_all();
    store.waiting.set(None);
    store.status.set(store.t().cancelled.into());
}

/// A worker request failed (the worker crashed or could not start; `services::worker` has
/// restarted it for the next request): plain words for the player, the detail in the console.
fn worker_failed(store: Store, detail: &str) {
    leptos::logging::warn!("inkdoku worker: {detail}");
    store.status.set(store.t().worker_failed.into());
}
