//! This tab's part in the election of the playing tab, as the store keeps it (the app's
//! `controller::tabs` runs the election).

/// This tab's part in the election (kept in the store: one per tab). `Step` is what waits for
/// the tab's role to settle (the app's steps take its store).
pub struct TabState<Step> {
    /// This tab's id (random), written as the holder's when it plays.
    pub me: u64,
    /// Steps to run once the tab's role is first settled (e.g. a link waiting to be offered).
    pub on_settled: Vec<Step>,
    /// The pending "Play here": the steal, run when the playing tab hands over or the timer
    /// runs out, whichever comes first.
    pub steal: Option<Box<dyn FnOnce()>>,
    /// What this tab found stored when it last became the playing one (`controller::reload_saved`):
    /// None without a stored game, else whether it is the player's newest.
    pub found: Option<bool>,
}

impl<Step> Default for TabState<Step> {
    fn default() -> TabState<Step> {
        TabState { me: 0, on_settled: Vec::new(), steal: None, found: None }
    }
}
