//! Sharing and opening, carried out: the core decides (`inkdoku_core::sharing`: what a link,
//! a paste or a file holds or the note that says why not, the links and the file text, the
//! status lines; the worker's reading of other apps' links and of files, its check of a puzzle
//! and what they start are the core's errands), and this reaches the browser through the ports
//! (`Sharing`, `Clipboard`, `Files`).

use super::*;
use inkdoku_core::sharing as decide;

/// Tells the player a link (`source` names it) holds no puzzle (the core's note, in their
/// language, the reason under Details); nothing else changes.
pub fn not_a_puzzle(store: Store, source: &str, refusal: &inkdoku_engine::open::Refusal) {
    store.show(decide::not_a_puzzle(store.lang_now(), source, refusal));
}

/// Opens a puzzle from a link, a paste or a file; `source` names it in messages. A text that
/// holds no puzzle gets a message saying why, and the game in progress is left as it is.
/// Returns whether the text held a puzzle, or went to the engine worker to be read (another
/// app's link or a paste: the core's errands open it or say why not).
pub fn open_text(store: Store, text: &str, source: &str) -> bool {
    let read = decide::read_text(store.lang_now(), text, source);
    if let Some(Ok(key)) = &read.room
        && super::together::in_room(store, key)
    {
        // The link of the room this game is already in: back to it.
        super::together::resume(store);
        return true;
    }
    store.joining.set_value(read.room.map(|k| k.map_err(|e| leptos::logging::warn!("inkdoku: {e}"))));
    match read.puzzle {
        decide::Holds::Puzzle(shared) => {
            open_shared(store, shared);
            true
        }
        decide::Holds::NoPuzzle(note) => {
            store.show(note);
            false
        }
        decide::Holds::ReadInWorker(text) => {
            errand(store, errands::Input::Read { reading: decide::Reading::Open { source: source.to_string() }, text });
            true
        }
    }
}

/// Asks before replacing a game in progress (setting), then loads the puzzle.
pub fn open_shared(store: Store, shared: SharedPuzzle) {
    open_shared_noting(store, shared, None);
}

/// `open_shared`, with a message to show once the puzzle is on the board (what of a file
/// could not be restored); an open that fails or is cancelled drops it with the next open.
pub(super) fn open_shared_noting(store: Store, shared: SharedPuzzle, note: Option<Dialog>) {
    store.screen(ScreenInput::NoteForAfter(note));
    if store.game.with_untracked(|g| store.settings.with_untracked(|s| inkdoku_core::games::asks_first(g, s))) {
        store.show(Dialog::ConfirmOpen(shared));
    } else {
        load_shared(store, shared);
    }
}

/// Checks the puzzle in the worker (it must have exactly one solution): the core's errands
/// play it or say why not (`inkdoku_core::sharing::checked`).
pub fn load_shared(store: Store, shared: SharedPuzzle) {
    store.close_dialog();
    let puzzle = &shared.puzzle;
    let task = Task::Analyze { puzzle: puzzle.givens.clone(), variant: (!puzzle.is_classic()).then(|| puzzle.clone()) };
    errand(store, errands::Input::CheckLink { shared: Box::new(shared), task });
}

/// A link's puzzle is on the board (the errands started it): the room its link named is
/// joined, and the note kept for it (a file's progress not restored) shows.
pub(super) fn link_opened(store: Store) {
    match store.joining.try_update_value(Option::take).flatten() {
        Some(Ok(key)) => super::together::join(store, key),
        Some(Err(())) => store.say(store.t().together_key_damaged),
        None => {}
    }
    store.screen(ScreenInput::Opened);
}

/// The link to the current puzzle (with the player's progress and notes if asked).
pub fn share_url(store: Store, with_progress: bool) -> String {
    format!("{}{}", store.ports().sharing.app_url(), share_fragment(store, with_progress))
}

/// The `#p=` fragment of `share_url`.
pub fn share_fragment(store: Store, with_progress: bool) -> String {
    store.game.with_untracked(|g| decide::fragment(g, with_progress))
}

/// "Share link": through the share sheet, or copied where there is none; the status says which.
pub fn share(store: Store, with_progress: bool) {
    let url = share_url(store, with_progress);
    let done = move |shared: Result<ports::Shared, PlatformError>| {
        log_refusal(&shared);
        store.say(decide::link_shared(store.lang_now(), &shared));
    };
    store.ports().sharing.share(store.t().share_title.into(), url, Box::new(done));
}

/// The puzzle in the page's address (a shared link), taken out of the address, so that a
/// reload does not open it again.
pub fn take_link(store: Store) -> Option<String> {
    let sharing = store.ports().sharing;
    let link = share::link_in_address(&sharing.address())?;
    sharing.show_address(&sharing.app_url());
    Some(link)
}

/// The address changed in the open app (a link followed changes only its fragment): its
/// puzzle opens.
pub fn address_changed(store: Store) {
    if let Some(text) = take_link(store) {
        open_text(store, &text, store.t().the_link);
    }
}

/// A link that opens the current puzzle in f-puzzles, constraints, title and rules included.
pub fn fpuzzles_url(store: Store) -> String {
    store.game.with_untracked(|g| share::fpuzzles_link(&g.puzzle()))
}

/// A link that opens the current puzzle in SudokuPad, constraints, title and rules included.
pub fn sudokupad_url(store: Store) -> String {
    store.game.with_untracked(|g| share::sudokupad_link(&g.puzzle()))
}

/// "Copy as text" (and Ctrl+C): the puzzle's line and grid on the clipboard.
pub fn copy_puzzle(store: Store) {
    let done = move |copied| {
        let t = store.t();
        log_refusal(&copied);
        store.say(decide::answered(store.lang_now(), &copied, t.puzzle_copied, t.cannot_copy, ""));
    };
    store.ports().clipboard.write(store.game.with_untracked(decide::puzzle_text), Box::new(done));
}

/// "Paste puzzle": the clipboard's text opened as a puzzle (or said not to be one).
pub fn paste_puzzle(store: Store) {
    let done = move |read: Result<String, PlatformError>| match read {
        Ok(text) => {
            open_text(store, &text, store.t().the_clipboard);
        }
        Err(e) => browser_failed(store, store.t().cannot_read_clipboard, "", &e),
    };
    store.ports().clipboard.read(Box::new(done));
}

/// The `.sdk` (or, for a variant, f-puzzles' JSON) file of the puzzle: its name and text,
/// with the player's progress when `with_progress` (the core's `sharing::file_to_save`).
pub fn file_to_save(store: Store, with_progress: bool) -> (String, String) {
    let level = store.meta.with_untracked(|m| m.level);
    store.game.with_untracked(|g| decide::file_to_save(g, level, with_progress))
}

/// "Save file" in the Share dialog: with progress as its checkbox says.
pub fn save_file(store: Store, with_progress: bool) {
    let (name, text) = file_to_save(store, with_progress);
    let saved = store.ports().files.download(&name, &text);
    log_refusal(&saved);
    let t = store.t();
    store.say(decide::answered(store.lang_now(), &saved, &fill(t.saved_as, &[("name", &name)]), t.cannot_save_file, &name));
}

pub fn open_file(store: Store) {
    let on_file = move |name: String, text: Result<String, PlatformError>| match text {
        Ok(text) => open_file_text(store, &name, &text),
        Err(e) => browser_failed(store, store.t().cannot_read_file, &name, &e),
    };
    let picked = store.ports().files.open(".sdk,.ss,.txt,.json,text/plain,application/json", Box::new(on_file));
    if let Err(e) = picked {
        browser_failed(store, store.t().cannot_open_file, "", &e);
    }
}

/// Opens the text of the file `name`, read in the engine worker (the core's errands): its
/// puzzle, and the progress it carries. Progress lines that can't be used leave the puzzle to
/// open from its givens, and the player is told why once it is on the board (`link_opened`);
/// a file with no puzzle changes nothing.
pub fn open_file_text(store: Store, name: &str, text: &str) {
    store.joining.set_value(None);
    errand(store, errands::Input::Read { reading: decide::Reading::File { name: name.to_string() }, text: text.to_string() });
}

/// The browser could not do something: `template` says what, in the player's words (with the
/// reason as `{e}`, a file's name as `{name}`); the browser's own message goes to the console.
pub(super) fn browser_failed(store: Store, template: &str, name: &str, e: &PlatformError) {
    ports::log_failure(e);
    store.say(decide::browser_failed(store.lang_now(), template, name, e));
}

/// The browser's own message of a refusal goes to the console (the player reads the core's).
fn log_refusal<T>(answer: &Result<T, PlatformError>) {
    if let Err(e) = answer {
        ports::log_failure(e);
    }
}
