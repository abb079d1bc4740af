//! This tab's part in the election of the playing tab (`inkdoku_core::state::tabs`), with the
//! steps that wait for it over this app's store.

use crate::state::Store;

/// A step waiting for the tab's role to settle.
pub type Step = Box<dyn FnOnce(Store)>;

/// This tab's part in the election, as the store keeps it.
pub type TabState = inkdoku_core::state::tabs::TabState<Step>;
