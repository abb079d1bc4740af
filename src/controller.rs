//! Input becomes actions: what each tap, key and button does to the store.
//!
//! Components call these functions; they turn the player's intent into an engine `Action`
//! (applied by the engine's reducer) or a worker request, and update UI state. Keeping them
//! here leaves the components declarative and gives the pen input (later) one place to plug in.

use crate::i18n::{fill, level_name};
use crate::services::storage;
use crate::state::{Dialog, GameMeta, InputMode, Making, Marks, Phase, Store, TabRole, Waiting};
use inkdoku_engine::game::{Action, Check, Game};
use inkdoku_engine::generator::Options;
use inkdoku_engine::geometry::cell_name;
use inkdoku_engine::hint::Advice;
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::{Cell, Digit, Grid, House, Size};
use leptos::prelude::*;

#[cfg(test)]
mod tests;

/// Whether this tab may change the game (it doesn't while another tab plays).
pub fn writable(store: Store) -> bool {
    let ok = store.role.get_untracked() != TabRole::Follower;
    if !ok {
        store.status.set(store.t().read_only.into());
    }
    ok
}

/// Applies an action to the game. When the board changes, hint and check marks and the last
/// status message go (they spoke of the board before), and a win is celebrated. Returns whether
/// the board changed.
pub fn apply(store: Store, action: Action) -> bool {
    if !writable(store) {
        return false;
    }
    let mut result = Ok(false);
    store.game.update(|g| result = g.apply(action));
    match result {
        Ok(true) => {
            board_changed(store);
            true
        }
        Ok(false) => false,
        Err(e) => {
            refused(store, &e);
            false
        }
    }
}

/// The game refused an action: why, in the player's words; the engine's text in the console.
fn refused(store: Store, e: &inkdoku_engine::game::ActionError) {
    leptos::logging::warn!("inkdoku: action refused: {e}");
    store.status.set(crate::i18n::action_refused(store.t(), e).into());
}

/// What every change of the board (an action, undo, redo) does to the UI state.
fn board_changed(store: Store) {
    store.marks.set(Marks::default());
    store.status.set(String::new());
    store.ink.chip.set(None);
    after_change(store);
}

fn after_change(store: Store) {
    let solved = store.game.with(|g| g.is_solved());
    if solved && store.phase.get_untracked() == Phase::Play && !store.meta.with_untracked(|m| m.won) {
        won(store);
    }
}

/// The digit key or pad button `digit`.
pub fn digit(store: Store, digit: Digit) {
    if !digit.fits(store.size()) {
        return;
    }
    match store.selected.get_untracked() {
        Some(cell) if store.active_digit.get_untracked().is_none() => write(store, cell, digit),
        _ => {
            // Digit first: pick it (or drop it if picked again); taps on cells then place it.
            store.active_digit.update(|a| *a = if *a == Some(digit) { None } else { Some(digit) });
        }
    }
}

/// Writes a digit (or toggles a note, in notes mode) in a cell.
pub fn write(store: Store, cell: Cell, digit: Digit) {
    if store.game.with_untracked(|g| g.givens().get(cell).is_some()) {
        store.status.set(store.t().given_cannot_change.into());
        return;
    }
    let notes = store.mode.get_untracked() == InputMode::Notes && store.phase.get_untracked() == Phase::Play;
    if notes {
        apply(store, Action::ToggleNote { cell, digit });
    } else {
        let clear = store.settings.with_untracked(|s| s.auto_clear_notes) && store.phase.get_untracked() == Phase::Play;
        if apply(store, Action::Place { cell, digit, clear_peer_notes: clear }) {
            // A quick rewrite of what the pen just wrote there teaches the recognizer.
            crate::ink::hand::noticed(store, cell, digit);
        }
    }
}

/// A tap or click on a cell: select it, and place the picked digit if there is one.
pub fn tap(store: Store, cell: Cell) {
    store.selected.set(Some(cell));
    if let Some(d) = store.active_digit.get_untracked() {
        write(store, cell, d);
    }
}

/// Backspace, Delete or the Erase button.
pub fn clear(store: Store) {
    if let Some(cell) = store.selected.get_untracked()
        && store.game.with_untracked(|g| g.givens().get(cell).is_none())
    {
        apply(store, Action::Clear { cell });
    }
}

/// Moves the selection by a row and column step, wrapping at the edges.
pub fn move_selection(store: Store, dr: isize, dc: isize) {
    let size = store.size();
    let n = size.side() as isize;
    let next = match store.selected.get_untracked() {
        None => size.cell(size.side() / 2, size.side() / 2),
        Some(c) => {
            let r = (size.row_of(c) as isize + dr).rem_euclid(n) as usize;
            let col = (size.col_of(c) as isize + dc).rem_euclid(n) as usize;
            size.cell(r, col)
        }
    };
    store.selected.set(Some(next));
}

pub fn toggle_notes(store: Store) {
    toggle_mode(store, InputMode::Notes);
}

/// The Scratchpad button: the pen draws free ink instead of writing digits.
pub fn toggle_scratchpad(store: Store) {
    toggle_mode(store, InputMode::Scratchpad);
}

fn toggle_mode(store: Store, mode: InputMode) {
    store.mode.update(|m| *m = if *m == mode { InputMode::Digit } else { mode });
}

pub fn undo(store: Store) {
    if !writable(store) {
        return;
    }
    let mut ok = false;
    store.game.update(|g| ok = g.undo().is_ok());
    if ok {
        board_changed(store);
    }
}

pub fn redo(store: Store) {
    if !writable(store) {
        return;
    }
    let mut ok = false;
    store.game.update(|g| ok = g.redo().is_ok());
    if ok {
        board_changed(store);
    }
}

/// "Fill all notes": every empty cell's notes become its candidates (one undo step).
pub fn fill_notes(store: Store) {
    if apply(store, Action::FillNotes) {
        store.status.set(store.t().notes_filled.into());
    }
}

/// "Clear all notes" (one undo step).
pub fn clear_notes(store: Store) {
    if apply(store, Action::ClearNotes) {
        store.status.set(store.t().notes_cleared.into());
    }
}

/// Undo back to the last position from which the puzzle can still be solved.
pub fn undo_to_solvable(store: Store) {
    let mut undone = Ok(0);
    store.game.update(|g| undone = g.undo_to_solvable());
    match undone {
        Ok(0) => store.status.set(store.t().nothing_to_undo_right.into()),
        Ok(n) => {
            board_changed(store);
            let template = if n == 1 { store.t().undid_one } else { store.t().undid };
            store.status.set(fill(template, &[("n", &n.to_string())]));
        }
        Err(e) => refused(store, &e),
    }
}

/// How long a wait for the engine worker goes unshown (most answers come sooner).
pub const WAIT_SHOWN_MS: u32 = 300;

/// Starts waiting for an engine request: after `WAIT_SHOWN_MS` the wait is shown with Cancel.
/// Returns its token for `done_waiting`.
fn start_waiting(store: Store, what: &str) -> u32 {
    let token = store.waiting.with_untracked(|w| w.as_ref().map_or(1, |w| w.token.wrapping_add(1)));
    store.waiting.set(Some(Waiting { token, what: what.to_string(), shown: false }));
    store.status.set(what.to_string());
    let show = move || store.waiting.update(|w| w.iter_mut().filter(|w| w.token == token).for_each(|w| w.shown = true));
    store.ports().clock.after(WAIT_SHOWN_MS, Box::new(show));
    token
}

/// Sends a task to the engine worker; `on_reply` gets its progress messages and answer.
fn ask(store: Store, task: Task, on_reply: impl FnMut(Reply) + 'static) -> Result<u32, String> {
    store.ports().engine.request(task, Box::new(on_reply))
}

/// The request `token` was answered.
fn done_waiting(store: Store, token: u32) {
    if store.waiting.with_untracked(|w| w.as_ref().is_some_and(|w| w.token == token)) {
        store.waiting.set(None);
    }
}

/// Cancel on a shown wait: the engine worker is stopped (its answer will never land) and
/// starts afresh on the next request.
pub fn cancel_waiting(store: Store) {
    store.ports().engine.cancel_all();
    store.waiting.set(None);
    store.status.set(store.t().cancelled.into());
}

/// Asks the worker for advice on the player's position (digits and candidate state) and shows
/// it: the next step, or the cells whose mistake must be fixed first. A reply that comes after
/// the board changed is dropped: it speaks of another position.
pub fn hint(store: Store) {
    if store.game.with_untracked(|g| g.is_solved()) {
        return;
    }
    let (size, digits, candidates, solution) = store.game.with_untracked(|g| (g.size(), g.grid(), g.candidates(), g.solution().cloned()));
    let asked = (digits.clone(), candidates.clone());
    let token = start_waiting(store, store.t().looking_for_hint);
    let task = Task::Hint { digits, candidates: Some(candidates), solution };
    let sent = ask(store, task, move |reply| {
        done_waiting(store, token);
        let current = store.game.with_untracked(|g| (g.grid(), g.candidates()));
        if current != asked {
            return;
        }
        let names = |cells: &[Cell]| cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ");
        match reply {
            Reply::Hint { advice: Advice::Step { step }, .. } => {
                let text = inkdoku_engine::lang::explain(&step, size, store.lang_now());
                store.marks.set(Marks { hint: Some(step), ..Marks::default() });
                store.status.set(text);
            }
            Reply::Hint { advice: Advice::WrongDigits { cells }, .. } => {
                store.status.set(fill(store.t().wrong_digits, &[("cells", &names(&cells))]));
                store.marks.set(Marks { cells, ..Marks::default() });
            }
            Reply::Hint { advice: Advice::LostAnswer { cells }, .. } => {
                store.status.set(fill(store.t().checked_lost, &[("cells", &names(&cells))]));
                store.marks.set(Marks { cells, ..Marks::default() });
            }
            Reply::Hint { advice: Advice::Nothing, .. } => store.status.set(store.t().no_hint.into()),
            Reply::Error { message, .. } => worker_failed(store, &message),
            _ => {}
        }
    });
    if let Err(e) = sent {
        done_waiting(store, token);
        worker_failed(store, &e);
    }
}

/// Applies the hint on show.
pub fn apply_hint(store: Store) {
    let Some(step) = store.marks.with_untracked(|m| m.hint.clone()) else { return };
    let size = store.size();
    let line = inkdoku_engine::lang::explain(&step, size, store.lang_now());
    apply(store, Action::ApplyStep { placements: step.placements.clone(), eliminations: step.eliminations.clone() });
    store.log.update(|l| l.push(line));
}

/// Checks the grid and says what is wrong, marking the cells.
pub fn check(store: Store) {
    let (check, size) = store.game.with_untracked(|g| (g.check(), g.size()));
    let t = store.t();
    let names = |cells: &[Cell]| cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ");
    let (text, cells) = match &check {
        Check::Solved => (t.checked_solved.to_string(), Vec::new()),
        Check::WrongDigits { cells } => {
            let template = if cells.len() == 1 { t.checked_wrong_one } else { t.checked_wrong_many };
            (fill(template, &[("cells", &names(cells))]), cells.clone())
        }
        Check::LostAnswer { cells } => (fill(t.checked_lost, &[("cells", &names(cells))]), cells.clone()),
        Check::Duplicates { conflicts } => {
            let c = &conflicts[0];
            let values = [
                ("d", size.digit_char(c.digit).to_string()),
                ("house", inkdoku_engine::lang::house_name(c.house, store.lang_now())),
                ("cells", names(&c.cells)),
                ("n", conflicts.len().to_string()),
            ];
            let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let template = if conflicts.len() > 1 { t.checked_more } else { t.checked_twice };
            (fill(template, &values), conflicts.iter().flat_map(|c| c.cells.clone()).collect())
        }
        Check::NoCandidate { cells } => (fill(t.checked_dead, &[("cells", &names(cells))]), cells.clone()),
        Check::Incomplete { empty } if empty.len() == 1 => (t.checked_so_far_one.to_string(), Vec::new()),
        Check::Incomplete { empty } => (fill(t.checked_so_far, &[("n", &empty.len().to_string())]), Vec::new()),
    };
    store.marks.set(Marks { check: Some(check), cells, ..Marks::default() });
    store.status.set(text);
}

/// Solve the selected cell, its row, its column, or everything.
pub enum SolveScope {
    Cell,
    Row,
    Column,
    All,
}

pub fn solve(store: Store, scope: SolveScope) {
    if store.game.with_untracked(|g| g.solution().is_none()) {
        store.status.set(store.t().no_solution_to_use.into());
        return;
    }
    let size = store.size();
    let selected = store.selected.get_untracked();
    let t = store.t();
    let house = |h: House| {
        (Action::SolveHouse { house: h }, fill(t.filled_house, &[("house", &inkdoku_engine::lang::house_name(h, store.lang_now()))]))
    };
    let (action, done) = match (scope, selected) {
        (SolveScope::All, _) => (Action::SolveAll, t.filled_all.to_string()),
        (SolveScope::Cell, Some(c)) => (Action::SolveCell { cell: c }, fill(t.filled_cell, &[("cell", &cell_name(size, c))])),
        (SolveScope::Row, Some(c)) => house(House::Row(size.row_of(c) as u8)),
        (SolveScope::Column, Some(c)) => house(House::Col(size.col_of(c) as u8)),
        _ => {
            store.status.set(t.select_cell.into());
            return;
        }
    };
    if apply(store, action) && store.phase.get_untracked() == Phase::Play && !store.game.with_untracked(|g| g.is_solved()) {
        store.status.set(done);
    }
}

pub fn restart(store: Store) {
    apply(store, Action::Restart);
}

/// The "New game" button: asks first if a game is in progress (setting), else opens the dialog.
pub fn new_game_clicked(store: Store) {
    store.dialog.set(Some(Dialog::NewGame));
}

/// "Start" in the New game dialog.
pub fn start_clicked(store: Store) {
    if store.in_progress() && store.settings.with_untracked(|s| s.confirm_new_game) {
        store.dialog.set(Some(Dialog::ConfirmDiscard));
    } else {
        make_puzzle(store);
    }
}

/// Makes a puzzle with the settings' size, level and symmetry in the worker.
pub fn make_puzzle(store: Store) {
    let (size, level, symmetry) = store.settings.with_untracked(|s| (s.size, s.level, s.symmetry));
    let level = inkdoku_engine::generator::offered_level(size, level);
    let options = Options { size, level, symmetry, seed: random_seed() };
    make_with(store, options, String::new());
}

/// Makes a puzzle in the worker and plays it; `note` is said when it's ready (else "New …").
pub fn make_with(store: Store, options: Options, note: String) {
    let (size, seed) = (options.size, options.seed);
    if store.dialog.get_untracked() == Some(Dialog::ConfirmDiscard) {
        store.dialog.set(Some(Dialog::NewGame));
    }
    store.making.set(Some(Making { done: 0, total: 1 }));
    store.status.set(store.t().making_puzzle.into());
    let sent = ask(store, Task::Generate { options }, move |reply| match reply {
        Reply::Progress { done, total, .. } => store.making.set(Some(Making { done, total })),
        Reply::Generated { generated, .. } => {
            store.making.set(None);
            let level = generated.rating.level;
            let game = Game::new(generated.puzzle, Some(generated.solution));
            start_game(store, game, GameMeta::new(Some(level), Some(seed)));
            // Close the New game dialog, but not a message that opened meanwhile.
            if store.dialog.get_untracked() == Some(Dialog::NewGame) {
                store.dialog.set(None);
            }
            let said = if note.is_empty() {
                fill(store.t().new_puzzle, &[("size", size.name()), ("level", level_name(store.lang_now(), level))])
            } else {
                note.clone()
            };
            store.status.set(said);
        }
        Reply::Error { message, .. } => making_failed(store, message),
        _ => {}
    });
    if let Err(e) = sent {
        making_failed(store, e);
    }
}

/// Stops making a puzzle.
pub fn cancel_making(store: Store) {
    store.ports().engine.cancel_all();
    store.making.set(None);
    store.status.set(store.t().cancelled.into());
}

/// Installs a new game.
pub fn start_game(store: Store, game: Game, meta: GameMeta) {
    if !writable(store) {
        return;
    }
    keep_as_previous(store);
    store.phase.set(Phase::Play);
    store.game.set(game);
    store.elapsed.set(meta.elapsed_ms);
    store.meta.set(meta);
    store.selected.set(None);
    store.active_digit.set(None);
    store.marks.set(Marks::default());
    store.log.set(Vec::new());
}

/// A game in progress that a new one replaces is kept (one level deep), never lost silently.
fn keep_as_previous(store: Store) {
    if store.phase.get_untracked() != Phase::Play || !store.in_progress() {
        return;
    }
    let record = crate::services::effects::current_record(store);
    if let Err(e) = storage::save(&store.ports(), storage::PREVIOUS_KEY, &record) {
        // A dialog, not the status line: the next status ("Opened …") would hide it, and the
        // player must know the game they left is not kept.
        let t = store.t();
        let text = fill(t.cannot_save, &[("e", &storage::describe(t, &e))]);
        store.dialog.set(Some(Dialog::Message { title: t.saved_data.into(), text, details: None }));
    }
}

/// Whether a previous game is kept.
pub fn has_previous(store: Store) -> bool {
    store.ports().storage.get(storage::PREVIOUS_KEY).is_some()
}

/// "Previous game": back to the game a new puzzle replaced; the current one (if in progress)
/// becomes the previous game in turn.
pub fn restore_previous(store: Store) {
    let storage::Loaded::Found(previous) = storage::load::<storage::StoredGame>(&store.ports(), storage::PREVIOUS_KEY) else { return };
    if !store.in_progress() {
        storage::remove(&store.ports(), storage::PREVIOUS_KEY);
    }
    store.dialog.set(None);
    start_game(store, previous.game, previous.meta);
    store.status.set(store.t().previous_restored.into());
}

/// "Enter a puzzle": an empty board whose digits become the givens on "Done".
pub fn start_entering(store: Store) {
    let size = store.settings.with_untracked(|s| s.size);
    let previous = (store.game.get_untracked(), store.meta.get_untracked());
    store.before_enter.set(Some(previous));
    start_game(store, Game::new(Grid::new(size), None), GameMeta::new(None, None));
    store.phase.set(Phase::Enter);
    store.dialog.set(None);
    store.status.set(store.t().type_puzzle.into());
}

/// "Done" while entering: checks that the puzzle has exactly one solution, then plays it.
pub fn finish_entering(store: Store) {
    let puzzle = store.game.with_untracked(|g| g.grid());
    if puzzle.filled_count() == 0 {
        store.status.set(store.t().grid_empty.into());
        return;
    }
    let token = start_waiting(store, store.t().checking);
    let grid = puzzle.clone();
    let sent = ask(store, Task::Analyze { puzzle }, move |reply| {
        done_waiting(store, token);
        answered_entering(store, &grid, reply);
    });
    if let Err(e) = sent {
        done_waiting(store, token);
        worker_failed(store, &e);
    }
}

/// The worker's answer to a puzzle typed in.
fn answered_entering(store: Store, grid: &Grid, reply: Reply) {
    match reply {
        Reply::Analyzed { count: 1, solution, rating, .. } => {
            let level = rating.map(|r| r.level);
            start_game(store, Game::new(grid.clone(), solution), GameMeta::new(level, None));
            store.before_enter.set(None);
            let t = store.t();
            let rated = level.map_or(String::new(), |l| fill(t.rated, &[("level", level_name(store.lang_now(), l))]));
            store.status.set(fill(t.one_solution, &[("rated", &rated)]));
        }
        Reply::Analyzed { count: 0, .. } => store.status.set(store.t().no_solution.into()),
        Reply::Analyzed { .. } => store.status.set(store.t().many_solutions.into()),
        Reply::TooHard { .. } => store.status.set(store.t().too_hard.into()),
        Reply::Error { message, .. } => worker_failed(store, &message),
        _ => {}
    }
}

/// "Cancel" while entering: back to the game before.
pub fn cancel_entering(store: Store) {
    if let Some((game, meta)) = store.before_enter.get_untracked() {
        start_game(store, game, meta);
    }
    store.before_enter.set(None);
    store.phase.set(Phase::Play);
    store.status.set(String::new());
}

fn won(store: Store) {
    let (size, assisted) = store.game.with_untracked(|g| (g.size(), g.helped()));
    let level = store.meta.with_untracked(|m| m.level);
    let time_ms = store.elapsed.get_untracked();
    store.meta.update(|m| m.won = true);
    let (best_ms, new_best) = match (assisted, level) {
        (false, Some(level)) => storage::record_time(&store.ports(), size, level, time_ms),
        _ => (None, false),
    };
    store.selected.set(None);
    store.active_digit.set(None);
    store.dialog.set(Some(Dialog::Won { time_ms, best_ms, new_best }));
}

/// A seed for a new puzzle from the browser's random source.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        return js_sys::Date::now() as u64;
    }
    u64::from_le_bytes(bytes)
}

/// Formats milliseconds as m:ss (or h:mm:ss).
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 { format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60) } else { format!("{}:{:02}", s / 60, s % 60) }
}

/// The digits a keyboard key stands for on a grid of this size (1-9, then A-G for 16x16).
pub fn key_digit(size: Size, key: &str) -> Option<Digit> {
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    size.digit_from_char(c)
}

// ---------------------------------------------------------------- sharing, clipboard, files

use crate::services::platform;
use inkdoku_engine::format::sdk::{self, SdkHeader};
use inkdoku_engine::share::{self, Progress, Shared};

/// Tells the player a link, paste or file (`source` names it) holds no puzzle, in plain words
/// of their language — a damaged link, one from a newer inkdoku, or nothing readable — with
/// the reader's exact reason folded away under Details; nothing else changes.
pub fn not_a_puzzle(store: Store, source: &str, error: &(dyn std::error::Error + 'static)) {
    let t = store.t();
    let summary = match error.downcast_ref::<share::ShareError>() {
        Some(share::ShareError::NewerVersion(_)) => t.link_newer.to_string(),
        Some(share::ShareError::Empty | share::ShareError::Format(_)) | None => fill(t.no_text_puzzle, &[("source", source)]),
        Some(_) => t.link_damaged.to_string(),
    };
    let text = format!("{summary} {}", t.unchanged);
    store.dialog.set(Some(Dialog::Message { title: t.not_a_puzzle.into(), text, details: Some(error.to_string()) }));
}

/// Opens a puzzle from a link, a paste or a file; `source` names it in messages. A text that
/// holds no puzzle gets a message saying why, and the game in progress is left as it is.
/// Returns whether the text held a puzzle.
pub fn open_text(store: Store, text: &str, source: &str) -> bool {
    match share::parse(text) {
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
pub fn open_shared(store: Store, shared: Shared) {
    if store.in_progress() && store.settings.with_untracked(|s| s.confirm_new_game) {
        store.dialog.set(Some(Dialog::ConfirmOpen(shared)));
    } else {
        load_shared(store, shared);
    }
}

/// Checks the puzzle in the worker (it must have exactly one solution) and plays it.
pub fn load_shared(store: Store, shared: Shared) {
    store.dialog.set(None);
    let token = start_waiting(store, store.t().checking);
    let givens = shared.givens.clone();
    let sent = ask(store, Task::Analyze { puzzle: givens.clone() }, move |reply| {
        done_waiting(store, token);
        opened(store, &shared, reply);
    });
    if let Err(e) = sent {
        done_waiting(store, token);
        worker_failed(store, &e);
    }
}

/// The worker's answer about a shared or opened puzzle: play it, or say why not.
fn opened(store: Store, shared: &Shared, reply: Reply) {
    let givens = &shared.givens;
    match reply {
        Reply::Analyzed { count: 1, solution, rating, .. } => {
            let mut game = Game::new(givens.clone(), solution);
            let mut progress_lost = false;
            if let Some(Progress { entries, notes, eliminated }) = shared.progress.clone()
                && let Err(e) = game.apply(Action::SetBoard { entries, notes, eliminated })
            {
                leptos::logging::warn!("inkdoku: the link's progress: {e}");
                progress_lost = true;
            }
            let level = rating.map(|r| r.level);
            start_game(store, game, GameMeta::new(level, None));
            let rated = level.map_or(String::new(), |l| format!(" ({})", level_name(store.lang_now(), l)));
            let mut said = fill(store.t().opened, &[("size", givens.size().name()), ("rated", &rated)]);
            if progress_lost {
                said = format!("{said} {}", store.t().progress_unusable);
            }
            store.status.set(said);
        }
        Reply::Analyzed { count, .. } => {
            let t = store.t();
            let why = if count == 0 { t.no_solution_long } else { t.many_solutions_long };
            store.dialog.set(Some(Dialog::Message { title: t.not_playable.into(), text: format!("{why} {}", t.unchanged), details: None }));
        }
        Reply::TooHard { .. } => {
            let t = store.t();
            store.dialog.set(Some(Dialog::Message {
                title: t.not_playable.into(),
                text: format!("{} {}", t.too_hard, t.unchanged),
                details: None,
            }));
        }
        Reply::Error { message, .. } => worker_failed(store, &message),
        _ => {}
    }
}

/// The link to the current puzzle (with the player's progress and notes if asked).
pub fn share_url(store: Store, with_progress: bool) -> String {
    let fragment = store.game.with_untracked(|g| {
        let progress = with_progress.then(|| {
            let b = g.board();
            Progress { entries: b.entries.clone(), notes: b.notes.clone(), eliminated: b.eliminated.clone() }
        });
        share::fragment(g.givens(), progress.as_ref())
    });
    format!("{}{fragment}", platform::app_url())
}

pub fn share(store: Store, with_progress: bool) {
    let url = share_url(store, with_progress);
    leptos::task::spawn_local(async move {
        match platform::share_link(store.t().share_title, &url).await {
            Ok(platform::Shared::Sheet) => store.status.set(store.t().shared.into()),
            Ok(platform::Shared::Copied) => store.status.set(store.t().link_copied.into()),
            Err(e) => browser_failed(store, store.t().cannot_share, "", &e),
        }
    });
}

/// The puzzle as text: its line, then a grid for people.
pub fn puzzle_text(store: Store) -> String {
    store.game.with_untracked(|g| format!("{}\n\n{}", g.givens().to_line(), g.givens().to_pretty()))
}

pub fn copy_puzzle(store: Store) {
    let text = puzzle_text(store);
    leptos::task::spawn_local(async move {
        match platform::copy_text(&text).await {
            Ok(()) => store.status.set(store.t().puzzle_copied.into()),
            Err(e) => browser_failed(store, store.t().cannot_copy, "", &e),
        }
    });
}

pub fn paste_puzzle(store: Store) {
    leptos::task::spawn_local(async move {
        match platform::read_clipboard().await {
            Ok(text) => {
                open_text(store, &text, store.t().the_clipboard);
            }
            Err(e) => browser_failed(store, store.t().cannot_read_clipboard, "", &e),
        }
    });
}

pub fn save_file(store: Store) {
    let level = store.meta.with_untracked(|m| m.level);
    let header = SdkHeader { source: Some("inkdoku".into()), level: level.map(|l| l.name().to_string()), ..SdkHeader::default() };
    let text = store.game.with_untracked(|g| sdk::write(g.givens(), &header));
    let name = format!("inkdoku-{}.sdk", level.map_or("puzzle", |l| l.name()).to_lowercase().replace(' ', "-"));
    match platform::download(&name, &text) {
        Ok(()) => store.status.set(fill(store.t().saved_as, &[("name", &name)])),
        Err(e) => browser_failed(store, store.t().cannot_save_file, &name, &e),
    }
}

pub fn open_file(store: Store) {
    let picked = platform::open_file(".sdk,.ss,.txt,text/plain", move |name, text| match text {
        Ok(text) => {
            let source = fill(store.t().the_file, &[("name", &name)]);
            match inkdoku_engine::format::parse_any(&text) {
                Ok((givens, _)) => open_shared(store, Shared { givens, progress: None }),
                Err(e) => not_a_puzzle(store, &source, &e),
            }
        }
        Err(e) => browser_failed(store, store.t().cannot_read_file, &name, &e),
    });
    if let Err(e) = picked {
        browser_failed(store, store.t().cannot_open_file, "", &e);
    }
}

/// The browser could not do something: `template` says what, in the player's words (with the
/// reason as `{e}`, a file's name as `{name}`); the browser's own message goes to the console.
fn browser_failed(store: Store, template: &str, name: &str, e: &platform::PlatformError) {
    e.log();
    let t = store.t();
    store.status.set(fill(template, &[("name", name), ("e", crate::i18n::browser_reason(t, e))]));
}

/// Today's date in the player's time zone, as YYYY-MM-DD.
pub fn today() -> String {
    let d = js_sys::Date::new_0();
    format!("{:04}-{:02}-{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
}

/// The daily puzzle: the same seeded 9x9 Medium puzzle for everyone on a date, made offline.
pub fn daily(store: Store) {
    let date = today();
    let seed = inkdoku_engine::generator::daily_seed(&date);
    let options = Options {
        size: Size::Nine,
        level: inkdoku_engine::rating::Level::Medium,
        symmetry: inkdoku_engine::generator::Symmetry::Rotational,
        seed,
    };
    make_with(store, options, fill(store.t().daily_ready, &[("date", &date)]));
}

// ---------------------------------------------------------------- printing

use crate::state::PrintSet;

/// Prints the current puzzle (the print style sheet shows the board alone).
pub fn print_current(store: Store) {
    store.print_set.set(None);
    store.view.window.set(None); // the whole board, not the focus view
    // Let the dialog close before the print snapshot is taken.
    set_timeout(platform::print, std::time::Duration::from_millis(50));
}

/// Makes `count` new puzzles of a level in the worker, one after another, then prints them.
pub fn print_set(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize) {
    store.making.set(Some(Making { done: 0, total: count as u32 }));
    make_for_print(store, count, level, per_page, Vec::new());
}

fn make_for_print(store: Store, count: usize, level: inkdoku_engine::rating::Level, per_page: usize, done: Vec<(Grid, String)>) {
    if done.len() == count {
        store.making.set(None);
        store.print_set.set(Some(PrintSet { per_page, puzzles: done }));
        store.dialog.set(None);
        store.status.set(fill(store.t().print_ready, &[("n", &count.to_string())]));
        set_timeout(platform::print, std::time::Duration::from_millis(100));
        return;
    }
    let (size, symmetry) = store.settings.with_untracked(|s| (s.size, s.symmetry));
    let seed = random_seed();
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

/// Ends a generation (new game or print set) that failed: the progress goes, the reason shows.
fn making_failed(store: Store, why: String) {
    store.making.set(None);
    worker_failed(store, &why);
}

/// A worker request failed (the worker crashed or could not start; `services::worker` has
/// restarted it for the next request): plain words for the player, the detail in the console.
fn worker_failed(store: Store, detail: &str) {
    leptos::logging::warn!("inkdoku worker: {detail}");
    store.status.set(store.t().worker_failed.into());
}
