//! The player's intent becomes engine actions and worker requests: what each tap, key, pen
//! stroke and button does to the store. Components call these functions and stay declarative;
//! the outside world (storage, the engine worker, the clock) is reached through `store.ports()`,
//! so all of this runs natively on fakes (`tests.rs`). Its pure rules are the core's
//! (`inkdoku_core::controller`: the key map, the clock's rule, the start's first screen, the
//! election of the playing tab, storage's answers about games, the QR code; the games beside
//! the session, `inkdoku_core::games`, and when to save, `inkdoku_core::saving`),
//! and the play of the game (the game, the selection, the picked digit, the entry mode) is the
//! core's `Session`, which `play` gives the player's inputs to.
//!
//! ```text
//!  mod.rs       the core session's inputs played (`play`: its effects carried out), applying
//!               actions, what every board change does; the core's engine errands' inputs
//!               (`errand`: their effects carried out through the ports)
//!  input.rs     digits, notes, selection, modes, undo/redo
//!  keys.rs      the core's key map (`interpret_key`) read from and carried out on the store
//!  help.rs      hint, check, solve, undo to solvable (the core's errands decide)
//!  games.rs     new, typed-in, daily and previous games (made and checked by the core's
//!               errands; started, kept, typed in, cancelled and won by the core's games:
//!               `games` carries their effects out), restart
//!  sharing.rs   links, clipboard, files: the core's `sharing` decides, this reaches the ports
//!  keeping.rs   a full storage: said in a dialog, room made, honest on reload
//!  saving.rs    the core's saving decisions carried out (`saving`: autosave's wait, what
//!               storage answered); the game's record saved when this tab may, kept for a
//!               crash, reloaded
//!  tabs.rs      one playing tab per browser profile: the core's election carried out over `TabLock`/`TabChannel`
//!  hand.rs      learning the player's hand from their corrections of the pen
//!  printing.rs  the puzzle on show, or a set of new ones (made by the core's errands)
//!  timer.rs     the page's tick handed to the core's games (its play clock rule)
//!  startup.rs   the start: the store on what storage held (the core's `read_start`), the first screen
//!  together.rs  a game solved together: the core's room flow wired to the `Room` port, the clock and the store
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
use crate::state::PrintSet;
use crate::state::{Dialog, GameMeta, InputMode, Kind, Phase, ScreenInput, Store, TabRole};
use crate::storage;
use inkdoku_core::errands;
use inkdoku_core::session::{Context, Effect, Input};
use inkdoku_engine::game::{Action, Game};
use inkdoku_engine::protocol::Task;
use inkdoku_engine::share::{self, SharedPuzzle};
use inkdoku_engine::{Cell, Digit};
use leptos::prelude::*;
// Named by the native tests (`use super::*`), no longer by the controller: printing and the
// files' text are the core's now.
#[cfg(test)]
use {crate::state::Making, inkdoku_engine::Size, inkdoku_engine::generator::Options, inkdoku_engine::protocol::Reply};

/// Whether this tab may change the game (it doesn't while another tab plays).
pub fn writable(store: Store) -> bool {
    let ok = store.role.get_untracked() != TabRole::Follower;
    if !ok {
        store.say(store.t().read_only);
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
                // Autosave's trigger (a room's merge is the room's `Save`, another game or its
                // metadata the games' `Changed`).
                game_changed(store);
            }
            Effect::Won => won(store),
            Effect::ReadOnly => store.say(store.t().read_only),
            Effect::Refused(e) => refused(store, &e),
            Effect::GivenCannotChange => store.say(store.t().given_cannot_change),
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
    store.say(crate::i18n::action_refused(store.t(), e));
}

/// What every change of the board (an action, undo, redo) does to the UI state (the win is the
/// session's to see, or the room's: `after_change`).
fn board_changed(store: Store) {
    clear_highlights(store);
    store.say(String::new());
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

/// How long a wait for the engine worker goes unshown (the core's).
pub use inkdoku_core::errands::WAIT_SHOWN_MS;

/// An input to the core's engine errands (`inkdoku_core::errands`): the store mirrors what
/// changed, and the effects are carried out here, through the ports.
fn errand(store: Store, input: errands::Input) {
    // Copies, so that no signal is read while the errands' mirror is written and the effects
    // are carried out (an Apply changes the game).
    let (game, meta, settings, dialog) =
        (store.game.get_untracked(), store.meta.get_untracked(), store.settings.get_untracked(), store.dialog.get_untracked());
    let ctx = errands::Context {
        game: &game,
        meta: &meta,
        settings: &settings,
        selected: store.selected.get_untracked(),
        dialog: dialog.as_ref(),
        playing: store.phase.get_untracked() == Phase::Play,
        lang: store.lang_now(),
    };
    for effect in store.errand(input, &ctx) {
        errand_effect(store, effect);
    }
}

/// One effect of the errands, carried out.
fn errand_effect(store: Store, effect: errands::Effect) {
    use errands::{Effect, Input};
    match effect {
        Effect::Ask { token, task } => {
            let sent = store.ports().engine.request(task, Box::new(move |reply| errand(store, Input::Replied { token, reply })));
            if let Err(why) = sent {
                errand(store, Input::NotSent { token, why });
            }
        }
        Effect::ShowWaitLater { token } => {
            // Never cancelled: a wait that ended meanwhile ignores it (the token).
            store.ports().clock.after(WAIT_SHOWN_MS, Box::new(move || errand(store, Input::WaitShown(token))));
        }
        Effect::CancelAll => store.ports().engine.cancel_all(),
        Effect::Say(text) => store.say(text),
        Effect::Console(text) => leptos::logging::warn!("{text}"),
        Effect::Apply { action, said } => {
            if apply(store, action)
                && !store.game.with_untracked(|g| g.is_solved())
                && let Some(said) = said
            {
                store.say(said);
            }
        }
        Effect::StartGame { game, meta } => start_game(store, *game, meta),
        Effect::Dialog(dialog) => store.show_or_close(dialog),
        Effect::CloseNewGame => store.screen(ScreenInput::CloseIf(Dialog::NewGame)),
        Effect::Entered => games::games(store, inkdoku_core::games::Input::Entered),
        Effect::ResumeKept(index) => resume_kept(store, index),
        Effect::Open { shared, note } => sharing::open_shared_noting(store, *shared, note),
        Effect::FirstPuzzle => first_puzzle(store),
        Effect::LinkOpened => link_opened(store),
        Effect::MakeInstead => make_puzzle(store),
        Effect::Graded(level) => games::games(store, inkdoku_core::games::Input::Graded(level)),
        Effect::Print(set) => print_made(store, set),
    }
}

/// Cancel on a shown wait: the engine worker is stopped (its answer will never land) and
/// starts afresh on the next request.
pub fn cancel_waiting(store: Store) {
    errand(store, errands::Input::CancelWait);
}

/// The marks of a hint or a check go (the board changed, Escape, another game on show).
pub(crate) fn clear_highlights(store: Store) {
    errand(store, errands::Input::ClearHighlights);
}
