//! Games: a new one made in the engine worker, one typed in by hand, the daily puzzle, the
//! previous game a new one replaced (kept, never lost silently), restarting, and the win.

use super::*;
use inkdoku_core::errands::Input as Errand;
use inkdoku_core::games::{self as core_games, Effect as GamesEffect, Input as GamesInput};

/// An input to the core's games (`inkdoku_core::games`): the store mirrors what changed, and
/// the effects are carried out here.
pub(super) fn games(store: Store, input: GamesInput) {
    for effect in store.games(input) {
        match effect {
            GamesEffect::Replaced => store.ink.game_changed(),
            GamesEffect::Dialog(dialog) => store.show(*dialog),
            GamesEffect::Save => save_now(store),
            GamesEffect::Changed => game_changed(store),
        }
    }
}

pub fn restart(store: Store) {
    apply(store, Action::Restart);
}

/// The "New game" button: opens its dialog (its Start asks before a game in progress goes).
pub fn new_game_clicked(store: Store) {
    store.show(Dialog::NewGame);
}

/// "Start" in the New game dialog: asks first or makes the puzzle, as the core decides
/// (`inkdoku_core::games::start_clicked`).
pub fn start_clicked(store: Store) {
    let ask = store.game.with_untracked(|g| store.settings.with_untracked(|s| core_games::start_clicked(g, s)));
    match ask {
        Some(dialog) => store.show(dialog),
        None => make_puzzle(store),
    }
}

/// A first visit's first puzzle (no saved game, no link): the core decides from the premade
/// book's answer (`inkdoku_core::games::first_puzzle`); the engine worker starts once a premade
/// puzzle is on the board, or makes the puzzle (the reason goes to the console only).
pub fn first_puzzle(store: Store) {
    store.ports().premade.fetch(Box::new(move |text| {
        let blank = store.game.with_untracked(|g| !crate::state::has_puzzle(g) && g.grid().filled_count() == 0);
        let began = !blank || store.making.get_untracked().is_some() || store.phase.get_untracked() != Phase::Play;
        let (size, level) = store.settings.with_untracked(|s| (s.size, s.level));
        match core_games::first_puzzle(text, began, size, level, || store.ports().random.seed()) {
            core_games::FirstPuzzle::Began => {}
            core_games::FirstPuzzle::Premade { game, meta } => {
                let level = meta.level.unwrap_or(level);
                start_game(store, *game, meta);
                store.say(fill(store.t().new_puzzle, &[("size", size.name()), ("level", level_name(store.lang_now(), level))]));
                store.ports().engine.start();
            }
            core_games::FirstPuzzle::Make(why) => {
                ports::warn(&format!("inkdoku: no premade first puzzle ({why}); the engine worker makes one"));
                make_puzzle(store);
            }
        }
    }));
}

/// Makes a puzzle of the settings' kind, size, level and symmetry in the worker (the core's
/// errands decide; the random port draws the seed).
pub fn make_puzzle(store: Store) {
    errand(store, Errand::MakePuzzle { seed: store.ports().random.seed() });
}

/// Stops making a puzzle.
pub fn cancel_making(store: Store) {
    errand(store, Errand::CancelMaking);
}

/// Installs a new game: the one on the board kept aside if in progress, its room left.
pub fn start_game(store: Store, game: Game, meta: GameMeta) {
    if leave(store) {
        games(store, GamesInput::Start { game, meta });
        errand(store, Errand::GameStarted);
    }
}

/// The game on the board is left for another (the core keeps it aside if it is in progress,
/// then its room is left): whether this tab may.
fn leave(store: Store) -> bool {
    if !writable(store) {
        return false;
    }
    games(store, GamesInput::Leave);
    super::together::quit(store);
    true
}

/// The games in progress kept, newest first: what New game offers to resume.
pub fn kept_games(store: Store) -> Vec<storage::StoredGame> {
    storage::load_kept(&store.ports()).games
}

/// Resumes kept game number `index` (newest first); the game on the board, if in progress, is
/// kept in its turn.
pub fn resume_kept(store: Store, index: usize) {
    let Some((chosen, written)) = core_games::take_kept(&store.ports(), index) else { return };
    if !written {
        // It stays kept (and is resumed): a full storage is said by the next save.
        leptos::logging::warn!("inkdoku: the kept games could not be updated");
    }
    store.close_dialog();
    start_game(store, chosen.game, chosen.meta);
    store.say(store.t().previous_restored);
}

/// "Enter a puzzle": an empty board whose digits become the givens on "Done".
pub fn start_entering(store: Store) {
    let size = store.settings.with_untracked(|s| s.size);
    if !leave(store) {
        return;
    }
    games(store, GamesInput::StartEntering { size });
    errand(store, Errand::GameStarted);
    store.close_dialog();
    store.say(store.t().type_puzzle);
}

/// "Done" while entering: checks that the puzzle has exactly one solution, then plays it.
pub fn finish_entering(store: Store) {
    errand(store, Errand::FinishEntering);
}

/// "Cancel" while entering: back to the game before.
pub fn cancel_entering(store: Store) {
    let back = store.games.with_value(|g| g.before_enter().is_some());
    if back {
        super::together::quit(store);
    }
    games(store, GamesInput::CancelEntering);
    if back {
        errand(store, Errand::GameStarted);
    }
    store.say(String::new());
}

/// The win, with its best time (the core's): in a room, whether someone in it used help.
pub(super) fn won(store: Store) {
    let together = store.together.with_value(|t| t.as_ref().map(|t| t.replica.helped()));
    games(store, GamesInput::Won { together });
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
    errand(store, Errand::DailyClicked { kind, today, kept: kept_games(store) });
}

/// The daily puzzle of a kind (made, or resumed where it was left).
pub fn daily(store: Store, kind: Kind) {
    let today = store.ports().clock.today();
    errand(store, Errand::Daily { kind, today, kept: kept_games(store) });
}
