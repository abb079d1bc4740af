//! Sharing and opening: links (with the player's progress if asked), the clipboard, files;
//! whatever a player feeds in is checked in the engine worker before it replaces a game.

use super::*;
use inkdoku_engine::format::FormatError;
use inkdoku_engine::sdk_progress;

/// Tells the player a link, paste or file (`source` names it) holds no puzzle, in plain words
/// of their language — a damaged link, one from a newer inkdoku, or nothing readable — with
/// the reader's exact reason folded away under Details; nothing else changes.
pub fn not_a_puzzle(store: Store, source: &str, error: &(dyn std::error::Error + 'static)) {
    let t = store.t();
    let format_error = match error.downcast_ref::<share::ShareError>() {
        Some(share::ShareError::Format(e)) => Some(e),
        _ => error.downcast_ref::<FormatError>(),
    };
    let summary = match (error.downcast_ref::<share::ShareError>(), format_error) {
        // Another app's puzzle with rules inkdoku does not play: name them.
        (_, Some(FormatError::Variant { rules, .. })) => {
            fill(t.link_variant, &[("source", source), ("rules", &crate::i18n::rule_names(store.lang_now(), rules))])
        }
        (Some(share::ShareError::NewerVersion(_)), _) => t.link_newer.to_string(),
        (Some(share::ShareError::Empty | share::ShareError::Format(_)) | None, _) => fill(t.no_text_puzzle, &[("source", source)]),
        (Some(_), _) => t.link_damaged.to_string(),
    };
    let text = format!("{summary} {}", t.unchanged);
    store.dialog.set(Some(Dialog::Message { title: t.not_a_puzzle.into(), text, details: Some(error.to_string()) }));
}

/// Opens a puzzle from a link, a paste or a file; `source` names it in messages. A text that
/// holds no puzzle gets a message saying why, and the game in progress is left as it is.
/// Returns whether the text held a puzzle.
pub fn open_text(store: Store, text: &str, source: &str) -> bool {
    let (text, key) = inkdoku_engine::together::link::split_room(text);
    if let Some(Ok(key)) = &key
        && super::together::in_room(store, key)
    {
        // The link of the room this game is already in: back to it.
        super::together::resume(store);
        return true;
    }
    store.joining.set_value(key.map(|k| k.map_err(|e| leptos::logging::warn!("inkdoku: {e}"))));
    match share::parse_puzzle(&text) {
        Ok(shared) => {
            open_shared(store, shared);
            true
        }
        Err(e) => {
            not_a_puzzle(store, source, &e);
            false
        }
    }
}

/// Asks before replacing a game in progress (setting), then loads the puzzle.
pub fn open_shared(store: Store, shared: SharedPuzzle) {
    open_shared_noting(store, shared, None);
}

/// `open_shared`, with a message to show once the puzzle is on the board (what of a file
/// could not be restored); an open that fails or is cancelled drops it with the next open.
fn open_shared_noting(store: Store, shared: SharedPuzzle, note: Option<Dialog>) {
    store.open_note.set(note);
    if store.in_progress() && store.settings.with_untracked(|s| s.confirm_new_game) {
        store.dialog.set(Some(Dialog::ConfirmOpen(shared)));
    } else {
        load_shared(store, shared);
    }
}

/// Checks the puzzle in the worker (it must have exactly one solution) and plays it.
pub fn load_shared(store: Store, shared: SharedPuzzle) {
    store.dialog.set(None);
    let puzzle = &shared.puzzle;
    let task = Task::Analyze { puzzle: puzzle.givens.clone(), variant: (!puzzle.is_classic()).then(|| puzzle.clone()) };
    errand(store, errands::Input::CheckLink { shared: Box::new(shared), task });
}

/// The worker's answer about a shared or opened puzzle: play it, or say why not.
pub(super) fn opened(store: Store, shared: &SharedPuzzle, reply: Reply) {
    let givens = &shared.puzzle.givens;
    match reply {
        Reply::Analyzed { count: 1, solution, rating, .. } => {
            // The worker's solution solves the puzzle; a game that refused it would be a bug of
            // the solver, said as a puzzle without solution rather than a board that can't be won.
            let Ok(mut game) = Game::of_puzzle(shared.puzzle.clone(), solution) else {
                return not_playable(store, store.t().no_solution_long);
            };
            let mut progress_lost = false;
            if let Some(progress) = shared.progress.clone()
                && let Err(e) = game.apply(progress.action())
            {
                leptos::logging::warn!("inkdoku: the link's progress: {e}");
                progress_lost = true;
            }
            let level = rating.map(|r| r.level);
            start_game(store, game, GameMeta::new(level, None));
            if level.is_none() && !shared.puzzle.is_classic() {
                rate_variant(store, shared.puzzle.clone());
            }
            let rated = level.map_or(String::new(), |l| format!(" ({})", level_name(store.lang_now(), l)));
            let mut said = fill(store.t().opened, &[("size", givens.size().name()), ("rated", &rated)]);
            if progress_lost {
                said = format!("{said} {}", store.t().progress_unusable);
            }
            store.status.set(said);
            match store.joining.try_update_value(Option::take).flatten() {
                Some(Ok(key)) => super::together::join(store, key),
                Some(Err(())) => store.status.set(store.t().together_key_damaged.into()),
                None => {}
            }
            if let Some(note) = store.open_note.try_update(Option::take).flatten() {
                store.dialog.set(Some(note));
            }
        }
        Reply::Analyzed { count, .. } => {
            let t = store.t();
            not_playable(store, if count == 0 { t.no_solution_long } else { t.many_solutions_long });
        }
        Reply::TooHard { .. } => not_playable(store, store.t().too_hard),
        _ => {}
    }
}

/// Grades a variant on the board in the worker, after it opened (its walk can take a second,
/// so nobody waits on it): the grade shows beside the size once known, if the same puzzle is
/// still on the board. A failed grading leaves it ungraded, as before.
fn rate_variant(store: Store, puzzle: inkdoku_engine::variant::Puzzle) {
    let sent = ask(store, Task::RateVariant { variant: puzzle.clone() }, move |reply| {
        if let Reply::Rated { rating, .. } = reply
            && store.game.with_untracked(|g| g.variant() == Some(&puzzle))
            && store.meta.with_untracked(|m| m.level.is_none())
        {
            store.meta.update(|m| m.level = Some(rating.level));
        }
    });
    if let Err(e) = sent {
        leptos::logging::warn!("inkdoku: the variant's grade was not asked for: {e}");
    }
}

/// A puzzle that can't be played (no solution, several, or too hard to check): the player is
/// told why, and keeps their game — or, with none on the board (a first visit by such a link),
/// gets a new puzzle, never a board that waits forever.
fn not_playable(store: Store, why: &str) {
    let t = store.t();
    let nothing_kept = store.phase.get_untracked() == Phase::Play && store.game.with_untracked(|g| !crate::state::has_puzzle(g));
    let then = if nothing_kept { t.made_instead } else { t.unchanged };
    store.dialog.set(Some(Dialog::Message { title: t.not_playable.into(), text: format!("{why} {then}"), details: None }));
    if nothing_kept {
        make_puzzle(store);
    }
}

/// The link to the current puzzle (with the player's progress and notes if asked).
pub fn share_url(store: Store, with_progress: bool) -> String {
    format!("{}{}", store.ports().sharing.app_url(), share_fragment(store, with_progress))
}

/// The `#p=` fragment of `share_url`.
pub fn share_fragment(store: Store, with_progress: bool) -> String {
    let progress = with_progress.then(|| current_progress(store));
    store.game.with_untracked(|g| match g.variant() {
        // A variant's link carries its constraints (version 4); a classic one stays as it was.
        Some(puzzle) => share::fragment_puzzle(puzzle, progress.as_ref()),
        None => share::fragment(g.givens(), progress.as_ref()),
    })
}

/// The player's digits and marks, as links and files carry them.
pub fn current_progress(store: Store) -> Progress {
    store.game.with_untracked(|g| Progress::of(g.board()))
}

/// "Share link": through the share sheet, or copied where there is none; the status says which.
pub fn share(store: Store, with_progress: bool) {
    let url = share_url(store, with_progress);
    let done = move |shared| match shared {
        Ok(ports::Shared::Sheet) => store.status.set(store.t().shared.into()),
        Ok(ports::Shared::Copied) => store.status.set(store.t().link_copied.into()),
        Err(e) => browser_failed(store, store.t().cannot_share, "", &e),
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

/// The puzzle as text: its line, then a grid for people.
pub fn puzzle_text(store: Store) -> String {
    store.game.with_untracked(|g| format!("{}\n\n{}", g.givens().to_line(), g.givens().to_pretty()))
}

/// "Copy as text" (and Ctrl+C): the puzzle's line and grid on the clipboard.
pub fn copy_puzzle(store: Store) {
    let done = move |copied| match copied {
        Ok(()) => store.status.set(store.t().puzzle_copied.into()),
        Err(e) => browser_failed(store, store.t().cannot_copy, "", &e),
    };
    store.ports().clipboard.write(puzzle_text(store), Box::new(done));
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

/// The `.sdk` file of the puzzle: its name and text, with the player's progress (digits,
/// notes, eliminations, marks, colours) in inkdoku's comment lines when `with_progress`
/// (`inkdoku_engine::sdk_progress`).
pub fn file_to_save(store: Store, with_progress: bool) -> (String, String) {
    // A variant is kept as f-puzzles' JSON, an open format with every constraint, its title,
    // author and rules, which f-puzzles, SudokuPad and inkdoku read back; the progress goes
    // under a key of inkdoku's own (`sdk_progress::JSON_KEY`), which they skip.
    if let Some(json) = store.game.with_untracked(|g| g.variant().map(inkdoku_engine::format::fpuzzles::to_json_puzzle)) {
        let json = if with_progress {
            let givens = store.game.with_untracked(|g| g.givens().clone());
            sdk_progress::write_json(&json, &givens, &current_progress(store))
        } else {
            json
        };
        return ("inkdoku-variant.json".to_string(), json);
    }
    let level = store.meta.with_untracked(|m| m.level);
    let header = SdkHeader { source: Some("inkdoku".into()), level: level.map(|l| l.name().to_string()), ..SdkHeader::default() };
    let progress = with_progress.then(|| current_progress(store));
    let text = store.game.with_untracked(|g| sdk_progress::write(g.givens(), &header, progress.as_ref()));
    let name = format!("inkdoku-{}.sdk", level.map_or("puzzle", |l| l.name()).to_ascii_lowercase().replace(' ', "-"));
    (name, text)
}

/// "Save file" in the Share dialog: with progress as its checkbox says.
pub fn save_file(store: Store, with_progress: bool) {
    let (name, text) = file_to_save(store, with_progress);
    match store.ports().files.download(&name, &text) {
        Ok(()) => store.status.set(fill(store.t().saved_as, &[("name", &name)])),
        Err(e) => browser_failed(store, store.t().cannot_save_file, &name, &e),
    }
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

/// Opens the text of the file `name`: its puzzle, and the progress it carries. Progress lines
/// that can't be used leave the puzzle to open from its givens, and the player is told why
/// once it is on the board (`opened`); a file with no puzzle changes nothing.
pub fn open_file_text(store: Store, name: &str, text: &str) {
    store.joining.set_value(None);
    let source = fill(store.t().the_file, &[("name", name)]);
    // f-puzzles' JSON (a variant saved by "Save file"), with its constraints.
    if text.trim_start().starts_with('{') {
        let read = serde_json::from_str(text).map_err(|_| share::ShareError::Empty).and_then(|json: serde_json::Value| {
            let puzzle = inkdoku_engine::format::fpuzzles::from_json_puzzle(&json).map_err(share::ShareError::Format)?;
            let progress = sdk_progress::read_json(&json, &puzzle.givens);
            Ok((puzzle, progress))
        });
        let (puzzle, progress) = match read {
            Ok(read) => read,
            Err(e) => return not_a_puzzle(store, &source, &e),
        };
        let (progress, note) = progress_or_note(store, name, progress);
        return open_shared_noting(store, SharedPuzzle { puzzle, progress }, note);
    }
    let (givens, _) = match inkdoku_engine::format::parse_any(text) {
        Ok(found) => found,
        Err(e) => return not_a_puzzle(store, &source, &e),
    };
    let (progress, note) = progress_or_note(store, name, sdk_progress::read(text, &givens));
    open_shared_noting(store, SharedPuzzle { puzzle: inkdoku_engine::variant::Puzzle::classic(givens), progress }, note);
}

/// A file's progress, or the note that says why it was not restored (the puzzle opens from
/// its givens all the same).
fn progress_or_note(
    store: Store,
    name: &str,
    read: Option<Result<share::Progress, sdk_progress::ProgressError>>,
) -> (Option<share::Progress>, Option<Dialog>) {
    match read {
        None => (None, None),
        Some(Ok(progress)) => (Some(progress), None),
        Some(Err(e)) => {
            leptos::logging::warn!("inkdoku: {name}: {e}");
            (None, Some(file_progress_note(store, name, &e)))
        }
    }
}

/// Why a file's progress was not restored, in the player's words (the reader's own under
/// Details).
fn file_progress_note(store: Store, name: &str, e: &sdk_progress::ProgressError) -> Dialog {
    let t = store.t();
    let why = match e {
        sdk_progress::ProgressError::OtherPuzzle { .. } => t.file_progress_other,
        _ if matches!(e.share_error(), Some(share::ShareError::NewerVersion(_))) => t.file_progress_newer,
        _ => t.file_progress_damaged,
    };
    Dialog::Message { title: t.file_progress_title.into(), text: fill(why, &[("name", name)]), details: Some(e.to_string()) }
}

/// The browser could not do something: `template` says what, in the player's words (with the
/// reason as `{e}`, a file's name as `{name}`); the browser's own message goes to the console.
pub(super) fn browser_failed(store: Store, template: &str, name: &str, e: &PlatformError) {
    ports::log_failure(e);
    let t = store.t();
    store.status.set(fill(template, &[("name", name), ("e", crate::i18n::browser_reason(t, e))]));
}
