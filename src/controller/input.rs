//! Entering digits and notes: the digit keys and pad, taps, the selection, the input modes,
//! undo and redo (the pen's recognized digits come in through `write` too): each an input to
//! the core's session (`inkdoku_core::session`), carried out by `play`.

use super::*;
/// The marks a mode writes (the core session's rule).
pub use inkdoku_core::session::toggle_marks;

/// The digit key or pad button `digit`: written in the selected cell, or picked first.
pub fn digit(store: Store, digit: Digit) {
    play(store, Input::Pad(digit));
}

/// Puts `digit` where the pen wrote `written` in `cell`, as one undo step (the core pen's rule:
/// `inkdoku_core::pen::rewrite`). The chip's correction.
pub fn rewrite(store: Store, cell: Cell, written: Option<Digit>, digit: Digit) {
    play(store, inkdoku_core::pen::rewrite(store.mode.get_untracked(), cell, written, digit));
}

/// Writes a digit in a cell, or toggles it as a mark in the notes, corner and centre modes.
pub fn write(store: Store, cell: Cell, digit: Digit) {
    write_as(store, cell, digit, store.mode.get_untracked());
}

/// Writes a digit as `mode` does (Shift+digit writes a corner mark in any mode).
pub fn write_as(store: Store, cell: Cell, digit: Digit, mode: InputMode) {
    play(store, Input::Key(KeyCommand::WriteDigit { cell, digit, mode }));
}

/// A tap or click on a cell: select it, and place the picked digit if there is one. A tap
/// outside the hint's cells closes the hint card (a tap on one of them looks at it).
pub fn tap(store: Store, cell: Cell) {
    if store.highlights.with_untracked(|m| m.hint.as_ref().is_some_and(|h| !in_hint(h, cell))) {
        close_hint(store);
    }
    play(store, Input::Tap(cell));
}

/// Closes the hint card: its drawing and its sentence go (the board is as it was).
pub fn close_hint(store: Store) {
    errand(store, inkdoku_core::errands::Input::CloseHint);
}

/// Whether the hint on show speaks of `cell`: a cell of its pattern, one it fills or removes a
/// candidate from, or one its chains go through.
pub fn in_hint(step: &inkdoku_engine::step::Step, cell: Cell) -> bool {
    step.cells.contains(&cell)
        || step.placements.iter().chain(&step.eliminations).any(|c| c.cell == cell)
        || step.chains.iter().flatten().any(|l| l.from.cells.contains(&cell) || l.to.cells.contains(&cell) || l.set.contains(&cell))
}

/// Backspace, Delete or the Erase button.
pub fn clear(store: Store) {
    play(store, Input::Key(KeyCommand::Clear));
}

/// Marks the position (digits, notes, eliminations) to come back to after trying a branch,
/// named by the play time.
pub fn mark_position(store: Store) {
    let play_ms = store.elapsed.get_untracked();
    if apply(store, Action::MarkPosition { play_ms }) {
        store.say(fill(store.t().position_marked, &[("t", &clock(play_ms))]));
    }
}

/// Goes back to marked position `mark` (one undoable step: Undo returns to where the player was).
pub fn back_to_mark(store: Store, mark: usize) {
    let Some(play_ms) = store.game.with_untracked(|g| g.board().savepoints.get(mark).map(|m| m.play_ms)) else {
        store.say(store.t().no_such_mark);
        return;
    };
    let t = clock(play_ms);
    if apply(store, Action::BackToMark { mark }) {
        store.say(fill(store.t().back_at_mark, &[("t", &t)]));
    } else if store.role.get_untracked() != TabRole::Follower {
        store.say(fill(store.t().already_at_mark, &[("t", &t)]));
    }
}

/// Moves the selection by a row and column step, wrapping at the edges.
pub fn move_selection(store: Store, rows: isize, cols: isize) {
    play(store, Input::Key(KeyCommand::Move { rows, cols }));
}

pub fn toggle_notes(store: Store) {
    toggle_mode(store, InputMode::Notes);
}

/// A colour picked on the palette: it is the colour candidates are painted with, and (painting
/// cells) it paints the selected cell.
pub fn pick_colour(store: Store, colour: u8) {
    play(store, Input::PickColour(colour));
}

/// Takes every colour off the board (one undo step).
pub fn clear_colours(store: Store) {
    apply(store, Action::ClearColours);
}

/// The Colour button (key V): digits paint colours.
pub fn toggle_colour(store: Store) {
    toggle_mode(store, InputMode::Colour);
}

/// The Corner button (key X): digits become corner marks.
pub fn toggle_corner(store: Store) {
    toggle_mode(store, InputMode::Corner);
}

/// The Centre button (key C, but on 16x16, where C is a digit): digits become centre marks.
pub fn toggle_centre(store: Store) {
    toggle_mode(store, InputMode::Centre);
}

/// The Scratchpad button: the pen draws free ink instead of writing digits.
pub fn toggle_scratchpad(store: Store) {
    toggle_mode(store, InputMode::Scratchpad);
}

pub(super) fn toggle_mode(store: Store, mode: InputMode) {
    play(store, Input::Key(KeyCommand::ToggleMode(mode)));
}

pub fn undo(store: Store) {
    play(store, Input::Key(KeyCommand::Undo));
}

/// Whether Undo has a move to take back (in a shared game, one of this player's own).
pub fn can_undo(store: Store) -> bool {
    // Tracks the game: a shared game's replica changes only with it.
    store.game.with(|g| g.can_undo()) || super::together::can(store, false)
}

pub fn can_redo(store: Store) -> bool {
    store.game.with(|g| g.can_redo()) || super::together::can(store, true)
}

pub fn redo(store: Store) {
    play(store, Input::Key(KeyCommand::Redo));
}

/// "Fill all notes": every empty cell's notes become its candidates (one undo step).
pub fn fill_notes(store: Store) {
    if apply(store, Action::FillNotes) {
        store.say(store.t().notes_filled);
    }
}

/// "Clear all notes" (one undo step).
pub fn clear_notes(store: Store) {
    if apply(store, Action::ClearNotes) {
        store.say(store.t().notes_cleared);
    }
}
