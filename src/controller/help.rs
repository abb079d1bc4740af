//! Help: hints, Check, Solve and undo back to a solvable position, as inputs to the core's
//! engine errands (`inkdoku_core::errands`: the decisions and their tests are there).

use super::*;
use inkdoku_core::errands::Input as Errand;
use inkdoku_engine::protocol::PageWords;

pub use inkdoku_core::errands::SolveScope;
/// What the board draws of the hint's chains (the core's).
pub use inkdoku_core::errands::hint::drawing as hint_drawing;

/// Undo back to the last position from which the puzzle can still be solved.
pub fn undo_to_solvable(store: Store) {
    let undone = store.change_game(|g| g.undo_to_solvable());
    match undone {
        Ok(n) => {
            if n > 0 {
                board_changed(store);
                game_changed(store);
            }
            store.say(inkdoku_core::errands::check::undone_to_solvable(store.t(), n));
        }
        Err(e) => refused(store, &e),
    }
}

/// Asks the worker for advice on the player's position and shows it when it comes.
pub fn hint(store: Store) {
    errand(store, Errand::Hint);
}

/// Applies the hint on show.
pub fn apply_hint(store: Store) {
    errand(store, Errand::ApplyHint);
}

/// The pages of the hint's proof, branch by branch, in the player's language (reactive).
pub fn hint_pages(store: Store) -> Vec<PageWords> {
    store.highlights.with(|m| inkdoku_core::errands::hint::pages(m).to_vec())
}

/// The player chose another language: a hint card on show is asked for again, in it.
pub fn language_changed(store: Store) {
    errand(store, Errand::LanguageChanged);
}

/// The branch stepper's Next.
pub fn next_page(store: Store) {
    errand(store, Errand::NextPage);
}

/// The branch stepper's Previous.
pub fn previous_page(store: Store) {
    errand(store, Errand::PreviousPage);
}

/// The link stepper: how many of the hint's links are drawn (`None`: all).
pub fn show_links(store: Store, shown: Option<usize>) {
    errand(store, Errand::ShowLinks(shown));
}

/// Whether the note on the candidate colours shows: candidates are on and it was never
/// dismissed.
pub fn candidate_note_shown(settings: &crate::state::Settings) -> bool {
    settings.show_candidates && !settings.candidate_note_seen
}

/// The note on the candidate colours is read: it never shows again (the settings are saved).
pub fn dismiss_candidate_note(store: Store) {
    store.settings.update(|s| s.candidate_note_seen = true);
}

/// Checks the grid and says what is wrong, marking the cells.
pub fn check(store: Store) {
    errand(store, Errand::Check);
}

/// Solves the selected cell, its row, its column, or everything.
pub fn solve(store: Store, scope: SolveScope) {
    errand(store, Errand::Solve(scope));
}
