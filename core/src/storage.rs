//! Saving and restoring in localStorage: one module, versioned records, nothing lost silently.
//!
//! Keys: `inkdoku.game.v1` (the game: its action list, so undo history survives a reload, plus
//! metadata and time), `inkdoku.settings.v1`, `inkdoku.best.v1` (best times per size and level),
//! `inkdoku.games.v1` (the games in progress that other puzzles replaced, newest first; it
//! takes over the single game of `inkdoku.previous.v1`), `inkdoku.hand.v1` (the player's
//! corrected drawings, `load_hand`; the app's `controller::hand` learns them), `inkdoku.game.ok.v1` (present while the stored game
//! is the player's newest: `load_game`). When localStorage is full the game goes to the spare
//! stores (`Ports::lasting`: IndexedDB, which outlives the tab; `Ports::spare`: sessionStorage,
//! kept across reloads of the tab, where IndexedDB is missing or slow) and a reload takes the
//! newest of the three (`load_newest`).
//! A record that fails to parse is moved aside to `inkdoku.kept.<key>.<time>` and reported, so the
//! player (or we) can still recover it; a failed write (quota) is reported, never ignored.
//!
//! The functions are `#[inline]` (and `controller::startup`'s, and a few small ones the app calls
//! once: `Writing`'s, `ChipMemory`'s, `Handwriting::remove`): compiled where the app calls them,
//! their JSON reading and writing and the generic code they use share the app's copy instead of
//! compiling a second one in this crate. The Trunk build's app_bg.wasm: 669,015 bytes gzipped
//! without them, 668,547 with them (main before the core crate: 668,079), 2026-11-28. Inlining
//! every function of the pen's and the drawings' records made it larger.

mod json;

use crate::ports::hand::HandError;
use crate::ports::{Handwriting, Ports, SaveError};
use crate::state::{GameMeta, Kind, Settings, Spare};
use inkdoku_engine::Size;
use inkdoku_engine::game::Game;
use inkdoku_engine::rating::Level;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub const GAME_KEY: &str = "inkdoku.game.v1";
pub const SETTINGS_KEY: &str = "inkdoku.settings.v1";
pub const BEST_KEY: &str = "inkdoku.best.v1";
/// The game in progress that a new or opened puzzle replaced, as earlier versions kept it (one
/// game): read once into `GAMES_KEY`.
pub const PREVIOUS_KEY: &str = "inkdoku.previous.v1";
/// The games in progress that other puzzles replaced, newest first (resumable from New game).
pub const GAMES_KEY: &str = "inkdoku.games.v1";
/// How many replaced games in progress are kept.
pub const GAMES_KEPT: usize = 5;

/// The stored game record. Read and written by hand (`json`).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub version: u32,
    pub game: Game,
    pub meta: GameMeta,
    /// When it was written (ms since the epoch; `save_game`): of two stores, the newer record
    /// wins. Absent in records of earlier versions (and left out when none).
    pub saved_at: Option<f64>,
}

/// What reading a record found.
pub enum Loaded<T> {
    Missing,
    Found(T),
    /// The record could not be read; its text was kept under `kept_as`.
    Corrupt {
        reason: String,
        kept_as: Option<String>,
    },
}

/// Present while the stored game (`GAME_KEY`) is the newest the player made: written after
/// each save of the game, removed when one fails — a removal works even in a full storage, so a
/// reload knows the game it finds is older than the player's last moves (`load_game`).
pub const GAME_OK_KEY: &str = "inkdoku.game.ok.v1";

/// Reads and parses a record; a record that doesn't parse is moved aside.
#[inline]
pub fn load<T: DeserializeOwned>(ports: &Ports, key: &str) -> Loaded<T> {
    load_with(ports, key, |raw| serde_json::from_str::<T>(raw).map_err(|e| e.to_string()))
}

/// Reads a record with its own parser (which says why it refuses one); a record it refuses is
/// moved aside, to `inkdoku.kept.<key>.<time>`.
#[inline]
pub fn load_with<T>(ports: &Ports, key: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Loaded<T> {
    let Some(raw) = ports.storage.get(key) else { return Loaded::Missing };
    match parse(&raw) {
        Ok(v) => Loaded::Found(v),
        Err(e) => {
            let kept = format!("inkdoku.kept.{key}.{}", ports.clock.now_ms() as u64);
            let kept_as = ports.storage.set(&kept, &raw).ok().map(|_| kept);
            if kept_as.is_some() {
                ports.storage.remove(key);
            }
            Loaded::Corrupt { reason: e, kept_as }
        }
    }
}

/// Removes a record (nothing happens without storage).
#[inline]
pub fn remove(ports: &Ports, key: &str) {
    ports.storage.remove(key);
}

/// The reason in the player's language.
#[inline]
pub fn describe(t: &crate::i18n::Ui, e: &SaveError) -> String {
    match e {
        SaveError::Full => t.storage_full.to_string(),
        SaveError::NoStorage => t.no_storage.to_string(),
        // The browser's error name (or the serializer's text) is for the console (`save`).
        SaveError::Refused(_) => t.storage_refused.to_string(),
    }
}

/// Writes a record.
#[inline]
pub fn save<T: Serialize>(ports: &Ports, key: &str, value: &T) -> Result<(), SaveError> {
    let text = serde_json::to_string(value).map_err(|e| SaveError::Refused(e.to_string()))?;
    ports.storage.set(key, &text)
}

/// Loads the settings (defaults when missing; corrupt settings are kept aside and defaulted,
/// with the reason).
#[inline]
pub fn load_settings(ports: &Ports) -> (Settings, Option<String>) {
    match load::<Settings>(ports, SETTINGS_KEY) {
        Loaded::Found(s) => (s, None),
        Loaded::Missing => (Settings::default(), None),
        Loaded::Corrupt { reason, .. } => (Settings::default(), Some(reason)),
    }
}

/// Where the player's corrected drawings are kept (the app's `controller::hand` learns them).
pub const HAND_KEY: &str = "inkdoku.hand.v1";

/// Loads the stored drawings; a record that can't be read is set aside, and its reason given.
#[inline]
pub fn load_hand(ports: &Ports) -> (Handwriting, Option<String>) {
    let parse = |raw: &str| {
        Handwriting::parse(raw).map_err(|e| match e {
            HandError::Unreadable(why) => why,
            HandError::Version(v) => format!("version {v} is not known to this app"),
        })
    };
    match load_with(ports, HAND_KEY, parse) {
        Loaded::Found(hand) => (hand, None),
        Loaded::Missing => (Handwriting::new(), None),
        Loaded::Corrupt { reason, .. } => (Handwriting::new(), Some(reason)),
    }
}

/// Best times in milliseconds, by "size/level" (a killer's by "killer size/level").
pub type BestTimes = BTreeMap<String, u64>;

/// A best time's key: a killer's time is its own, never a classic puzzle's of the same level.
#[inline]
pub fn best_key(kind: Kind, size: Size, level: Level) -> String {
    match kind {
        Kind::Classic => format!("{}/{}", size.name(), level.name()),
        Kind::Killer => format!("killer {}/{}", size.name(), level.name()),
    }
}

#[inline]
pub fn load_best(ports: &Ports) -> BestTimes {
    match load::<BestTimes>(ports, BEST_KEY) {
        Loaded::Found(b) => b,
        _ => BestTimes::new(),
    }
}

/// Records a finishing time; returns (best time before, whether this one is a new best).
#[inline]
pub fn record_time(ports: &Ports, kind: Kind, size: Size, level: Level, ms: u64) -> (Option<u64>, bool) {
    let mut best = load_best(ports);
    let key = best_key(kind, size, level);
    let before = best.get(&key).copied();
    let new_best = before.is_none_or(|b| ms < b);
    if new_best {
        best.insert(key, ms);
        let _ = save(ports, BEST_KEY, &best);
    }
    (before, new_best)
}

/// The stored games in progress that other puzzles replaced. Read and written by hand (`json`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeptGames {
    pub version: u32,
    /// Newest first.
    pub games: Vec<StoredGame>,
}

impl KeptGames {
    /// Keeps `game` as the newest: another record of the same puzzle gives way to it (a puzzle
    /// is kept once), and past `GAMES_KEPT` the oldest goes.
    #[inline]
    pub fn keep(&mut self, game: StoredGame) {
        self.games.retain(|g| !same_puzzle(&g.game, &game.game));
        self.games.insert(0, game);
        self.games.truncate(GAMES_KEPT);
    }

    /// Takes out the kept game of the puzzle `givens` (a classic one), if there is one.
    #[inline]
    pub fn take_puzzle(&mut self, givens: &inkdoku_engine::Grid) -> Option<StoredGame> {
        let i = self.games.iter().position(|g| g.game.givens() == givens)?;
        Some(self.games.remove(i))
    }
}

/// Whether two games play the same puzzle: the same givens and the same constraints (killers
/// with cages only all have empty givens, and are different puzzles all the same).
#[inline]
fn same_puzzle(a: &inkdoku_engine::game::Game, b: &inkdoku_engine::game::Game) -> bool {
    a.givens() == b.givens() && a.variant() == b.variant()
}

/// Reads the kept games (and the one game an earlier version kept). A record that doesn't read
/// is set aside as any other (`load`), and the list starts afresh.
#[inline]
pub fn load_kept(ports: &Ports) -> KeptGames {
    let mut kept = match load::<KeptGames>(ports, GAMES_KEY) {
        Loaded::Found(k) => k,
        Loaded::Missing | Loaded::Corrupt { .. } => KeptGames { version: 1, games: Vec::new() },
    };
    if let Loaded::Found(previous) = load::<StoredGame>(ports, PREVIOUS_KEY)
        && !kept.games.iter().any(|g| same_puzzle(&g.game, &previous.game))
    {
        kept.games.push(previous);
        kept.games.truncate(GAMES_KEPT);
    }
    kept
}

/// Stores the kept games; the earlier single record is then part of them and goes.
#[inline]
pub fn save_kept(ports: &Ports, kept: &KeptGames) -> Result<(), SaveError> {
    let result = if kept.games.is_empty() {
        remove(ports, GAMES_KEY);
        Ok(())
    } else {
        save(ports, GAMES_KEY, kept)
    };
    if result.is_ok() {
        remove(ports, PREVIOUS_KEY);
    }
    result
}

/// A save of the game that did not reach the main store, once the spare stores have answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameNotSaved {
    /// Why the main store refused it.
    pub error: SaveError,
    /// Where it is kept instead.
    pub kept: Spare,
}

/// How long the lasting store (IndexedDB) may take to answer before the app goes on without
/// it (a browser whose IndexedDB hangs must not hold the start or the storage-full dialog).
pub const LASTING_WAIT_MS: u32 = 1500;

type Then<T> = Box<dyn FnOnce(T)>;

/// `f`, run once: with the value the returned function is called with, or with `fallback`
/// after `LASTING_WAIT_MS` if that comes first.
#[inline]
fn within_wait<T: 'static>(ports: &Ports, fallback: T, f: impl FnOnce(T) + 'static) -> impl FnOnce(T) + 'static {
    let slot: Rc<RefCell<Option<Then<T>>>> = Rc::new(RefCell::new(Some(Box::new(f))));
    let late = slot.clone();
    ports.clock.after(
        LASTING_WAIT_MS,
        Box::new(move || {
            let f = late.borrow_mut().take();
            if let Some(f) = f {
                f(fallback);
            }
        }),
    );
    move |value| {
        let f = slot.borrow_mut().take();
        if let Some(f) = f {
            f(value);
        }
    }
}

/// Saves the game record, stamped with the time, to the main store. When that refuses it, the
/// record goes to both spare stores — the tab's at once (a reload finds it even if the lasting
/// one is slow), the lasting one to outlive the tab — the main store's game is marked as older
/// (`GAME_OK_KEY`), and `not_saved` hears, once the lasting store answered, where it is kept.
#[inline]
pub fn save_game(ports: &Ports, record: &mut StoredGame, not_saved: impl FnOnce(GameNotSaved) + 'static) -> Result<(), SaveError> {
    record.saved_at = Some(ports.clock.now_ms());
    let text = serde_json::to_string(record).map_err(|e| SaveError::Refused(e.to_string()))?;
    match ports.storage.set(GAME_KEY, &text) {
        Ok(()) => {
            // The main store is the newest again: the spare copies have done their job (a spare
            // copy is written only after the mark went, so none is left while it stands).
            if ports.storage.get(GAME_OK_KEY).is_none() {
                ports.spare.remove(GAME_KEY);
                ports.lasting.remove(GAME_KEY);
            }
            let _ = ports.storage.set(GAME_OK_KEY, "1");
            Ok(())
        }
        Err(error) => {
            ports.storage.remove(GAME_OK_KEY);
            // A copy a spare store refused is removed: an older one must not pass for the newest.
            let in_tab = ports.spare.set(GAME_KEY, &text).inspect_err(|_| ports.spare.remove(GAME_KEY)).is_ok();
            let fallback = if in_tab { Spare::Tab } else { Spare::Nowhere };
            let err = error.clone();
            let told = within_wait(ports, fallback, move |kept| not_saved(GameNotSaved { error: err, kept }));
            let lasting = ports.lasting.clone();
            ports.lasting.set(
                GAME_KEY,
                text,
                Box::new(move |stored| match stored {
                    Ok(()) => told(Spare::Lasting),
                    Err(_) => {
                        lasting.remove(GAME_KEY);
                        told(fallback)
                    }
                }),
            );
            Err(error)
        }
    }
}

/// The stored game as a reload finds it.
pub struct LoadedGame {
    pub loaded: Loaded<StoredGame>,
    /// Whether it is the newest the player made (false when a save failed since, and no store
    /// kept the later moves: the player is told).
    pub up_to_date: bool,
}

#[inline]
fn when(r: &StoredGame) -> f64 {
    r.saved_at.unwrap_or(0.0)
}

/// Reads the stored game from the stores that answer at once: the newer of the main store's
/// and the tab's spare (the first paint shows it; `load_newest` may find a newer one).
#[inline]
pub fn load_game(ports: &Ports) -> LoadedGame {
    let main = load::<StoredGame>(ports, GAME_KEY);
    let spare = ports.spare.get(GAME_KEY).and_then(|text| serde_json::from_str::<StoredGame>(&text).ok());
    match (main, spare) {
        // (A spare copy exists only while the main store refuses the game: at the same time it is
        // the newer.)
        (Loaded::Found(m), Some(s)) if when(&s) >= when(&m) => LoadedGame { loaded: Loaded::Found(s), up_to_date: true },
        (Loaded::Missing, Some(s)) => LoadedGame { loaded: Loaded::Found(s), up_to_date: true },
        (Loaded::Found(m), _) => {
            // Records from before the mark existed are taken at their word.
            let up_to_date = m.saved_at.is_none() || ports.storage.get(GAME_OK_KEY).is_some();
            LoadedGame { loaded: Loaded::Found(m), up_to_date }
        }
        (other, _) => LoadedGame { loaded: other, up_to_date: true },
    }
}

/// Reads the stored game from every store: `load_game`, then, when a save failed since the last
/// that worked (the mark is missing: only then can a spare copy be newer), the lasting store's
/// copy if it is newer. `done` runs once (at once when the lasting store need not be asked, or
/// without its copy after `LASTING_WAIT_MS`).
#[inline]
pub fn load_newest(ports: &Ports, done: impl FnOnce(LoadedGame) + 'static) {
    let first = load_game(ports);
    if ports.storage.get(GAME_OK_KEY).is_some() {
        return done(first);
    }
    let done = within_wait(ports, None, move |lasting: Option<StoredGame>| done(newer(first, lasting)));
    ports.lasting.get(GAME_KEY, Box::new(move |text| done(text.and_then(|t| serde_json::from_str::<StoredGame>(&t).ok()))));
}

/// The newer of a loaded game and the lasting store's copy, which wins a tie (it is read only
/// while the main store refuses the game). A copy there was the last save the player made: a
/// write it refused removes it.
#[inline]
fn newer(first: LoadedGame, lasting: Option<StoredGame>) -> LoadedGame {
    match (first.loaded, lasting) {
        (Loaded::Found(f), Some(l)) if when(&l) >= when(&f) => LoadedGame { loaded: Loaded::Found(l), up_to_date: true },
        (Loaded::Missing, Some(l)) => LoadedGame { loaded: Loaded::Found(l), up_to_date: true },
        (loaded, _) => LoadedGame { loaded, up_to_date: first.up_to_date },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkdoku_engine::game::{Action, PencilMark, Stroke};
    use inkdoku_engine::generator::{Options, Symmetry};
    use inkdoku_engine::geometry::{Candidate, Cell, Digit, House};
    use inkdoku_engine::{Grid, solver};

    /// Stored games as this app writes them: a classic game played with every kind of move
    /// (one undone), its metadata full, and a killer; the record of kept games holds both.
    fn written() -> KeptGames {
        let givens: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".to_string().try_into().unwrap();
        let solution = solver::unique_solution(&givens).unwrap();
        let (c, d) = (Cell::new, |n: u8| Digit::new(n).unwrap());
        let mut game = Game::new(givens, Some(solution));
        for action in [
            Action::Place { cell: c(2), digit: d(4), clear_peer_notes: true },
            Action::ToggleNote { cell: c(3), digit: d(6) },
            Action::ToggleNotes { cell: c(3), digits: vec![d(2), d(8)] },
            Action::TogglePencil { cell: c(5), digits: vec![d(8)], mark: PencilMark::Corner },
            Action::TogglePencil { cell: c(6), digits: vec![d(1), d(9)], mark: PencilMark::Centre },
            Action::PaintCells { cells: vec![c(7), c(8)], colour: 3 },
            Action::PaintCandidate { cell: c(3), digit: d(6), colour: 5 },
            Action::AddStroke { stroke: Stroke { id: 0, cell: Some(c(10)), points: vec![[0.25, 0.5, 1.0], [0.75, 0.5, 0.5]] } },
            Action::MarkPosition { play_ms: 61_000 },
            Action::ApplyStep { placements: vec![], eliminations: vec![Candidate::new(c(11), d(2))] },
            Action::SolveCell { cell: c(15) },
            Action::SolveHouse { house: House::Row(8) },
            Action::EraseStrokes { ids: vec![0] },
            Action::BackToMark { mark: 0 },
            Action::Place { cell: c(16), digit: d(5), clear_peer_notes: false },
        ] {
            game.apply(action).unwrap();
        }
        game.undo().unwrap();
        let mut meta = GameMeta::new(Some(Level::Hard), Some(42));
        (meta.elapsed_ms, meta.won, meta.daily) = (125_000, false, Some("2026-11-29".into()));
        let classic = StoredGame { version: 1, game, meta, saved_at: Some(1_764_400_000_123.0) };
        let options = Options { size: Size::Nine, level: Level::Easy, symmetry: Symmetry::None, seed: 3 };
        let killer = inkdoku_engine::killer_generator::generate(&options, &mut |_| true).unwrap();
        let mut game = Game::of_puzzle(killer.puzzle, Some(killer.solution)).unwrap();
        game.apply(Action::FillNotes).unwrap();
        let killer = StoredGame { version: 1, game, meta: GameMeta::new(Some(Level::Easy), Some(3)), saved_at: None };
        KeptGames { version: 1, games: vec![classic, killer] }
    }

    /// A record written by the app as of issue 48's readers (`object_reader!`), kept as it was
    /// written: it reads back to the same games (boards replayed) and writes the same text.
    /// `INKDOKU_FIXTURE_WRITE=1` writes it anew (only when the format changes on purpose).
    #[test]
    fn stored_games_of_today_read_back_the_same() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/stored-games.json");
        let written = written();
        if std::env::var_os("INKDOKU_FIXTURE_WRITE").is_some() {
            std::fs::write(path, serde_json::to_string(&written).unwrap()).unwrap();
        }
        let text = std::fs::read_to_string(path).unwrap();
        let read: KeptGames = serde_json::from_str(&text).unwrap();
        assert_eq!(read, written);
        assert_eq!(read.games[0].game.board(), written.games[0].game.board(), "the moves replayed");
        assert_eq!(serde_json::to_string(&read).unwrap(), text);
        // A damaged record says why, and never panics.
        for (bad, why) in [
            (text.replacen("\"version\":1", "\"version\":\"1\"", 1), "invalid type: string \"1\""),
            (text.replacen("\"applied\":", "\"applied_\":", 1), "missing field `applied`"),
            (text.replacen("\"type\":\"place\"", "\"type\":\"jump\"", 1), "unknown variant `jump`"),
            (text.replacen("\"meta\":{", "\"meta\":[", 1), "expected"),
            (text[..text.len() / 2].to_string(), "EOF"),
        ] {
            let e = serde_json::from_str::<KeptGames>(&bad).unwrap_err().to_string();
            assert!(e.contains(why), "{e}");
        }
    }
}
