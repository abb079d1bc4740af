//! Printing: the puzzle on show, or a set of new ones (made by the core's errands: one worker
//! request per puzzle, the progress, the set when done; `inkdoku_core::errands::printing`).

use super::*;

/// Prints the current puzzle (the print style sheet shows the board alone).
pub fn print_current(store: Store) {
    store.print_set.set(None);
    store.view.window.set(None); // the whole board, not the focus view
    // Let the dialog close before the print snapshot is taken.
    print_after(store, 50);
}

/// Makes `count` new puzzles of a level in the worker, one after another, then prints them:
/// killers when the New game dialog's type is Killer (their cages drawn), else classic ones.
pub fn print_set(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize) {
    let random = store.ports().random;
    let seeds = (0..count).map(|_| random.seed()).collect();
    errand(store, errands::Input::PrintSet { level, per_page, seeds });
}

/// The set the errands made, laid out and printed once the layout is drawn.
pub(super) fn print_made(store: Store, set: PrintSet) {
    store.print_set.set(Some(set));
    print_after(store, 100);
}

/// The print dialog after `ms` (the clock's timer: a fake one in the native tests).
fn print_after(store: Store, ms: u32) {
    let ports = store.ports();
    let files = ports.files;
    ports.clock.after(ms, Box::new(move || files.print()));
}
