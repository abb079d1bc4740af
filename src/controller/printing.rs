//! Printing: the puzzle on show, or a set of new ones made in the engine worker.

use super::*;

/// Prints the current puzzle (the print style sheet shows the board alone).
pub fn print_current(store: Store) {
    store.print_set.set(None);
    store.view.window.set(None); // the whole board, not the focus view
    // Let the dialog close before the print snapshot is taken.
    let ports = store.ports();
    let files = ports.files;
    ports.clock.after(50, Box::new(move || files.print()));
}

/// Makes `count` new puzzles of a level in the worker, one after another, then prints them:
/// killers when the New game dialog's type is Killer (their cages drawn), else classic ones.
pub fn print_set(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize) {
    errand(store, errands::Input::Printing(Some(Making { done: 0, total: count as u32 })));
    make_for_print(store, count, level, per_page, Vec::new());
}

pub(super) fn make_for_print(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize, done: Vec<Printed>) {
    if done.len() == count {
        errand(store, errands::Input::Printing(None));
        store.print_set.set(Some(PrintSet { per_page, puzzles: done }));
        store.dialog.set(None);
        store.status.set(fill(store.t().print_ready, &[("n", &count.to_string())]));
        // After the layout is drawn (the clock's timer: a fake one in the native tests).
        let ports = store.ports();
        let files = ports.files;
        ports.clock.after(100, Box::new(move || files.print()));
        return;
    }
    let (kind, size, symmetry) = store.settings.with_untracked(|s| (s.kind, s.size, s.symmetry));
    let size = if kind == Kind::Killer { Size::Nine } else { size };
    let seed = store.ports().random.seed();
    let options = Options { size, level, symmetry, seed };
    let task = kind.generate(options);
    // The caption names the kind for a killer ("Medium · 9x9 Killer · seed 7"), as the status bar.
    let caption = move |made: inkdoku_engine::rating::Level| {
        let size_name = kind.with_size(store.ui(), size);
        fill(store.t().caption, &[("level", level_name(store.lang_now(), made)), ("size", &size_name), ("seed", &seed.to_string())])
    };
    let next = move |printed: Printed| {
        let mut done = done.clone();
        done.push(printed);
        errand(store, errands::Input::Printing(Some(Making { done: done.len() as u32, total: count as u32 })));
        make_for_print(store, count, level, per_page, done);
    };
    let sent = ask(store, task, move |reply| match reply {
        Reply::Generated { generated, .. } => {
            next(Printed { givens: generated.puzzle, shapes: Vec::new(), caption: caption(generated.rating.level) })
        }
        Reply::GeneratedKiller { generated, .. } => next(Printed {
            givens: generated.puzzle.givens.clone(),
            shapes: generated.puzzle.shapes(),
            caption: caption(generated.rating.level),
        }),
        Reply::Error { message, .. } => making_failed(store, message),
        _ => {}
    });
    if let Err(e) = sent {
        making_failed(store, e);
    }
}
