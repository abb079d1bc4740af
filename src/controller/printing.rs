//! Printing: the puzzle on show, or a set of new ones made in the engine worker.

use super::*;

/// Prints the current puzzle (the print style sheet shows the board alone).
pub fn print_current(store: Store) {
    store.print_set.set(None);
    store.view.window.set(None); // the whole board, not the focus view
    // Let the dialog close before the print snapshot is taken.
    let files = store.ports().files;
    set_timeout(move || files.print(), std::time::Duration::from_millis(50));
}

/// Makes `count` new puzzles of a level in the worker, one after another, then prints them.
pub fn print_set(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize) {
    store.making.set(Some(Making { done: 0, total: count as u32 }));
    make_for_print(store, count, level, per_page, Vec::new());
}

pub(super) fn make_for_print(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize, done: Vec<(Grid, String)>) {
    if done.len() == count {
        store.making.set(None);
        store.print_set.set(Some(PrintSet { per_page, puzzles: done }));
        store.dialog.set(None);
        store.status.set(fill(store.t().print_ready, &[("n", &count.to_string())]));
        let files = store.ports().files;
        set_timeout(move || files.print(), std::time::Duration::from_millis(100));
        return;
    }
    let (size, symmetry) = store.settings.with_untracked(|s| (s.size, s.symmetry));
    let seed = store.ports().random.seed();
    let options = Options { size, level, symmetry, seed };
    let sent = ask(store, Task::Generate { options }, move |reply| match reply {
        Reply::Generated { generated, .. } => {
            let mut done = done.clone();
            let caption = fill(
                store.t().caption,
                &[("level", level_name(store.lang_now(), generated.rating.level)), ("size", size.name()), ("seed", &seed.to_string())],
            );
            done.push((generated.puzzle, caption));
            store.making.set(Some(Making { done: done.len() as u32, total: count as u32 }));
            make_for_print(store, count, level, per_page, done);
        }
        Reply::Error { message, .. } => making_failed(store, message),
        _ => {}
    });
    if let Err(e) = sent {
        making_failed(store, e);
    }
}
