//! Saving, as the core decides it: when the game is saved (autosave's one save per burst of
//! changes, as a decision on the Clock port's timer), what storage answered (saved, full, the
//! game kept aside in the spare stores) and what the player is told. Inputs in, effects out;
//! the app's `controller::saving` and `keeping` carry them out (the save itself is
//! `storage::save_game`, the timers the Clock port's). A change of the game is told by the
//! other parts' effects as the app carries them out: the session's `BoardChanged` (a move) and
//! the games' `Changed` (another game, its metadata, the room kept with it: a room's merge).
//!
//! A full storage is said honestly: the save that fails for lack of space is told on the status
//! line at once and in a dialog once the spare stores answered where the game is kept (once,
//! until a save works again: it would come back after every move), and a save that works again
//! says the room is back.

use crate::i18n::{Ui, fill};
use crate::ports::SaveError;
use crate::state::{Dialog, Spare};
use crate::storage::{self, GameNotSaved};

/// How long autosave waits after a change for the next one (one save per burst of changes).
pub const SAVE_AFTER_MS: u32 = 400;

/// What saving remembers between inputs: one per store (two stores in one test never share it).
#[derive(Clone, Debug, Default)]
pub struct Saving {
    /// Changes of the game so far: the pending save belongs to the last of them, and a later
    /// change postpones it.
    changes: u64,
    /// The player was told the storage is full, until a save works.
    full_told: bool,
}

/// What the app knows around an input.
pub struct Context<'a> {
    pub ui: &'static Ui,
    /// The dialog on show, if one is.
    pub dialog: Option<&'a Dialog>,
}

/// An input to saving.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// The game changed (a move, its metadata, another game).
    GameChanged,
    /// The wait set after change number `change` is over.
    Waited { change: u64 },
    /// What a save of the game came to, at once.
    Saved(Result<(), SaveError>),
    /// A save the main store refused, once the spare stores answered where the game is kept.
    KeptAside(GameNotSaved),
    /// A moment after that: whether the storage is still full (a later save may have worked).
    TellFull { kept: Spare, still_full: bool },
}

/// What the app must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Hand the game as it is now to the panic hook (a crash between two saves loses nothing).
    KeepForRescue,
    /// Wait `ms` on the Clock port, then say `Input::Waited { change }`.
    Wait { ms: u32, change: u64 },
    /// Save the game now (when this tab may: `controller::save_now`).
    Save,
    /// Say this on the status line.
    Say(String),
    /// Open this dialog, or close the storage-full one (None).
    Dialog(Option<Box<Dialog>>),
    /// A moment later (`Clock::after(0)`), say `Input::TellFull`: a tab that starts saves
    /// before it greets the player, and "Welcome back" (which says where the game is) comes
    /// first.
    TellFullSoon(Spare),
}

impl Saving {
    /// Whether the player was told the storage is full (and no save has worked since).
    pub fn full_told(&self) -> bool {
        self.full_told
    }

    pub fn input(&mut self, input: Input, ctx: &Context) -> Vec<Effect> {
        let t = ctx.ui;
        match input {
            Input::GameChanged => {
                self.changes += 1;
                vec![Effect::KeepForRescue, Effect::Wait { ms: SAVE_AFTER_MS, change: self.changes }]
            }
            Input::Waited { change } if change == self.changes => vec![Effect::Save],
            Input::Waited { .. } => vec![],
            Input::Saved(Ok(())) if self.full_told => {
                self.full_told = false;
                let mut effects = vec![];
                if matches!(ctx.dialog, Some(Dialog::StorageFull { .. })) {
                    effects.push(Effect::Dialog(None));
                }
                effects.push(Effect::Say(t.storage_freed.into()));
                effects
            }
            Input::Saved(Ok(())) => vec![],
            Input::Saved(Err(error)) => {
                let still = error == SaveError::Full && self.full_told;
                let said = if still { t.storage_still_full.into() } else { fill(t.cannot_save, &[("e", &storage::describe(t, &error))]) };
                vec![Effect::Say(said)]
            }
            Input::KeptAside(not_saved) if not_saved.error == SaveError::Full => vec![Effect::TellFullSoon(not_saved.kept)],
            Input::KeptAside(_) => vec![],
            // Not over another dialog, and once.
            Input::TellFull { kept, still_full } if still_full && !self.full_told && ctx.dialog.is_none() => {
                self.full_told = true;
                vec![Effect::Dialog(Some(Box::new(Dialog::StorageFull { kept })))]
            }
            Input::TellFull { .. } => vec![],
        }
    }
}

#[cfg(test)]
mod tests;
