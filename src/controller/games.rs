//! Games: a new one made in the engine worker, one typed in by hand, the daily puzzle, the
//! previous game a new one replaced (kept, never lost silently), restarting, and the win.

use super::*;

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

/// A first visit's first puzzle (no saved game, no link): one of the premade puzzles of the
/// size and level asked for, from the book beside the page (`inkdoku_engine::book`), so that
/// it shows without waiting for the engine worker's download; the worker starts once it is on
/// the board. Without the book (it could not be fetched or read, or lacks that size and level)
/// the worker makes the puzzle, as before the book: the reason goes to the console only.
pub fn first_puzzle(store: Store) {
    store.ports().premade.fetch(Box::new(move |text| {
        // What the player began meanwhile (New game, a typed-in puzzle, a puzzle already
        // made) is not replaced.
        let blank = store.game.with_untracked(|g| !crate::state::has_puzzle(g) && g.grid().filled_count() == 0);
        if !blank || store.making.get_untracked().is_some() || store.phase.get_untracked() != Phase::Play {
            return;
        }
        let (size, level) = store.settings.with_untracked(|s| (s.size, s.level));
        let draw = store.ports().random.seed();
        let chosen = text.and_then(|text| {
            let book = inkdoku_engine::book::parse(&text)?;
            let entry = inkdoku_engine::book::pick(&book, size, level, draw);
            entry.cloned().ok_or_else(|| format!("no {} {} puzzle in it", size.name(), level.name()))
        });
        match chosen {
            Ok(entry) => {
                let (level, seed) = (entry.level, entry.seed);
                start_game(store, Game::new(entry.puzzle, Some(entry.solution)), GameMeta::new(Some(level), Some(seed)));
                store.status.set(fill(store.t().new_puzzle, &[("size", size.name()), ("level", level_name(store.lang_now(), level))]));
                store.ports().engine.start();
            }
            Err(why) => {
                ports::warn(&format!("inkdoku: no premade first puzzle ({why}); the engine worker makes one"));
                make_puzzle(store);
            }
        }
    }));
}

/// Makes a puzzle of the settings' kind, size, level and symmetry in the worker (a killer is
/// 9x9, at any of its levels; its cages have no symmetry).
pub fn make_puzzle(store: Store) {
    let (kind, size, level, symmetry) = store.settings.with_untracked(|s| (s.kind, s.size, s.level, s.symmetry));
    let size = if kind == Kind::Killer { Size::Nine } else { size };
    let level = inkdoku_engine::generator::offered_level(size, level);
    let options = Options { size, level, symmetry, seed: store.ports().random.seed() };
    make_with(store, kind, options, String::new(), None);
}

/// Makes a puzzle of `kind` in the worker and plays it; `note` is said when it's ready (else
/// "New …", or, for a killer of another level than asked, that and why); `daily` is the date of
/// the daily puzzle it is.
pub fn make_with(store: Store, kind: Kind, options: Options, note: String, daily: Option<String>) {
    let (size, seed, asked) = (options.size, options.seed, options.level);
    if matches!(store.dialog.get_untracked(), Some(Dialog::ConfirmDiscard | Dialog::ConfirmDaily(_))) {
        store.dialog.set(Some(Dialog::NewGame));
    }
    store.making.set(Some(Making { done: 0, total: 1 }));
    store.status.set(store.t().making_puzzle.into());
    let sent = ask(store, kind.generate(options), move |reply| match reply {
        Reply::Progress { done, total, .. } => store.making.set(Some(Making { done, total })),
        Reply::Generated { generated, .. } => {
            let level = generated.rating.level;
            let said = fill(store.t().new_puzzle, &[("size", size.name()), ("level", level_name(store.lang_now(), level))]);
            made(
                store,
                Game::new(generated.puzzle, Some(generated.solution)),
                level,
                seed,
                daily.clone(),
                if note.is_empty() { said } else { note.clone() },
            );
        }
        Reply::GeneratedKiller { generated, .. } => {
            let (level, fits) = (generated.rating.level, generated.fits());
            // The engine checked the solution against the cages; a game that refused it would
            // be the engine's bug, said as a failed generation rather than a board never won.
            let game = match Game::of_puzzle(generated.puzzle, Some(generated.solution)) {
                Ok(game) => game,
                Err(e) => return making_failed(store, format!("the killer made does not take its solution: {e}")),
            };
            let (t, lang) = (store.t(), store.lang_now());
            let said = if !note.is_empty() {
                note.clone()
            } else if fits {
                fill(t.new_killer, &[("level", level_name(lang, level))])
            } else {
                // None of the level asked for within the generator's attempts: the nearest
                // made is played, and the player is told it is not what they asked for.
                fill(t.killer_nearer, &[("asked", level_name(lang, asked)), ("level", level_name(lang, level))])
            };
            made(store, game, level, seed, daily.clone(), said);
        }
        Reply::Error { message, .. } => making_failed(store, message),
        _ => {}
    });
    if let Err(e) = sent {
        making_failed(store, e);
    }
}

/// A puzzle the worker made goes on the board, and `said` on the status line.
fn made(store: Store, game: Game, level: inkdoku_engine::rating::Level, seed: u64, daily: Option<String>, said: String) {
    store.making.set(None);
    start_game(store, game, GameMeta { daily, ..GameMeta::new(Some(level), Some(seed)) });
    // Close the New game dialog, but not a message that opened meanwhile.
    if store.dialog.get_untracked() == Some(Dialog::NewGame) {
        store.dialog.set(None);
    }
    store.status.set(said);
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
    super::together::quit(store);
    store.phase.set(Phase::Play);
    store.ink.game_changed();
    store.session_mut(|s| {
        s.set_game(game);
        s.deselect();
    });
    store.elapsed.set(meta.elapsed_ms);
    store.meta.set(meta);
    store.highlights.set(Highlights::default());
    store.log.set(Vec::new());
}

/// A game in progress that another puzzle replaces is kept (`storage::KeptGames`: the newest
/// few, one per puzzle), resumable from New game: never lost silently.
pub(super) fn keep_as_previous(store: Store) {
    if store.phase.get_untracked() != Phase::Play || !store.in_progress() {
        return;
    }
    let record = crate::controller::current_record(store);
    let mut kept = storage::load_kept(&store.ports());
    kept.keep(record);
    if let Err(e) = storage::save_kept(&store.ports(), &kept) {
        // A dialog, not the status line: the next status ("Opened …") would hide it, and the
        // player must know the game they left is not kept.
        let t = store.t();
        let text = fill(t.cannot_save, &[("e", &storage::describe(t, &e))]);
        store.dialog.set(Some(Dialog::Message { title: t.saved_data.into(), text, details: None }));
    }
}

/// The games in progress kept, newest first: what New game offers to resume.
pub fn kept_games(store: Store) -> Vec<storage::StoredGame> {
    storage::load_kept(&store.ports()).games
}

/// Resumes kept game number `index` (newest first); the game on the board, if in progress, is
/// kept in its turn.
pub fn resume_kept(store: Store, index: usize) {
    let ports = store.ports();
    let mut kept = storage::load_kept(&ports);
    if index >= kept.games.len() {
        return;
    }
    let chosen = kept.games.remove(index);
    if storage::save_kept(&ports, &kept).is_err() {
        // It stays kept (and is resumed): a full storage is said by the next save.
        leptos::logging::warn!("inkdoku: the kept games could not be updated");
    }
    store.dialog.set(None);
    start_game(store, chosen.game, chosen.meta);
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
    let grid = puzzle.clone();
    ask_waiting(store, store.t().checking, Task::Analyze { puzzle, variant: None }, move |reply| answered_entering(store, &grid, reply));
}

/// The worker's answer to a puzzle typed in.
pub(super) fn answered_entering(store: Store, grid: &Grid, reply: Reply) {
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

pub(super) fn won(store: Store) {
    // A game solved together is a shared solve: no best time (the time is the room's), and
    // with help only when someone in the room used help (the local game's history is empty
    // then: the moves are the replica's).
    let together = store.together.with_value(|t| t.as_ref().map(|t| t.replica.helped()));
    let (kind, size, assisted) = store.game.with_untracked(|g| (Kind::of(g), g.size(), g.helped()));
    let assisted = assisted || together.is_some();
    let level = store.meta.with_untracked(|m| m.level);
    let time_ms = store.elapsed.get_untracked();
    store.meta.update(|m| m.won = true);
    let (best_ms, new_best) = match (assisted, level) {
        (false, Some(level)) => storage::record_time(&store.ports(), kind, size, level, time_ms),
        _ => (None, false),
    };
    store.session_mut(|s| s.deselect());
    store.dialog.set(Some(Dialog::Won { time_ms, best_ms, new_best, together }));
}

/// Formats milliseconds as m:ss (or h:mm:ss).
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 { format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60) } else { format!("{}:{:02}", s / 60, s % 60) }
}

/// "Daily puzzle" and "Daily killer": ask first before they replace a game in progress
/// (setting), like New game.
pub fn daily_clicked(store: Store, kind: Kind) {
    let today = store.ports().clock.today();
    let playing_it =
        store.meta.with_untracked(|m| m.daily.as_deref() == Some(today.as_str())) && store.game.with_untracked(Kind::of) == kind;
    if playing_it {
        store.dialog.set(None);
        store.status.set(daily_note(store, kind, &today));
    } else if store.in_progress() && store.settings.with_untracked(|s| s.confirm_new_game) {
        store.dialog.set(Some(Dialog::ConfirmDaily(kind)));
    } else {
        daily(store, kind);
    }
}

/// "Daily puzzle, 2026-03-14." or "Daily killer, 2026-03-14."
fn daily_note(store: Store, kind: Kind, date: &str) -> String {
    let t = store.t();
    match kind {
        Kind::Classic => fill(t.daily_ready, &[("date", date)]),
        Kind::Killer => fill(t.daily_killer_ready, &[("date", date)]),
    }
}

/// The daily puzzle of a kind: the same seeded 9x9 Medium puzzle for everyone on a date, made
/// offline (the killer from its own seed, `killer_generator::daily_seed`, so the two of a date
/// differ). Started before today (and replaced since), it is resumed where it was left.
pub fn daily(store: Store, kind: Kind) {
    let date = store.ports().clock.today();
    let note = daily_note(store, kind, &date);
    let is_it = |g: &storage::StoredGame| g.meta.daily.as_deref() == Some(date.as_str()) && Kind::of(&g.game) == kind;
    if let Some(i) = kept_games(store).iter().position(is_it) {
        resume_kept(store, i);
        store.status.set(note);
        return;
    }
    let seed = match kind {
        Kind::Classic => inkdoku_engine::generator::daily_seed(&date),
        Kind::Killer => inkdoku_engine::killer_generator::daily_seed(&date),
    };
    let options = Options {
        size: Size::Nine,
        level: inkdoku_engine::rating::Level::Medium,
        symmetry: inkdoku_engine::generator::Symmetry::Rotational,
        seed,
    };
    make_with(store, kind, options, note, Some(date));
}

/// Ends a generation (new game or print set) that failed: the progress goes, the reason shows.
pub(super) fn making_failed(store: Store, why: String) {
    store.making.set(None);
    worker_failed(store, &why);
}
