//! This tab's part in the election of the playing tab, as the store keeps it
//! (`controller::tabs` runs the election).

use crate::state::Store;

/// A step waiting for the tab's role to settle.
pub type Step = Box<dyn FnOnce(Store)>;

/// This tab's part in the election (kept in the store: one per tab).
#[derive(Default)]
pub struct TabState {
    /// This tab's id (random), written as the holder's when it plays.
    pub(crate) me: u64,
    /// Steps to run once the tab's role is first settled (e.g. a link waiting to be offered).
    pub(crate) on_settled: Vec<Step>,
    /// The pending "Play here": the steal, run when the playing tab hands over or the timer
    /// runs out, whichever comes first.
    pub(crate) steal: Option<Box<dyn FnOnce()>>,
    /// What this tab found stored when it last became the playing one (`controller::reload_saved`):
    /// None without a stored game, else whether it is the player's newest.
    pub(crate) found: Option<bool>,
}
