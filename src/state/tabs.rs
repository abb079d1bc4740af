//! This tab's part in the election of the playing tab (the core's `controller::tabs::Election`),
//! with the steps that wait for it over this app's store.

use crate::state::Store;
use inkdoku_core::controller::tabs::Election;

/// A step waiting for the tab's role to settle.
pub type Step = Box<dyn FnOnce(Store)>;

/// This tab's part in the election, as the store keeps it.
#[derive(Default)]
pub struct TabState {
    pub election: Election,
    /// Steps to run once the tab's role is settled (e.g. a link waiting to be offered, what
    /// waits for "Play here").
    pub on_settled: Vec<Step>,
}
