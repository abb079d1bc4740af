//! Saving and restoring in localStorage: one module, versioned records, nothing lost silently.
//!
//! Keys: `inkdoku.game.v1` (the game: its action list, so undo history survives a reload, plus
//! metadata and time), `inkdoku.settings.v1`, `inkdoku.best.v1` (best times per size and level),
//! `inkdoku.games.v1` (the games in progress that other puzzles replaced, newest first; it
//! takes over the single game of `inkdoku.previous.v1`), `inkdoku.hand.v1` (the player's
//! corrected drawings, `crate::ink::hand`), `inkdoku.game.ok.v1` (present while the stored game
//! is the player's newest: `load_game`). When localStorage is full the game goes to the spare
//! store (`Ports::spare`: sessionStorage) and a reload takes the newer of the two.
//! A record that fails to parse is moved aside to `inkdoku.kept.<key>.<time>` and reported, so the
//! player (or we) can still recover it; a failed write (quota) is reported, never ignored.

use crate::ports::{KeyValue, Ports};
use crate::state::{GameMeta, Settings};
use inkdoku_engine::Size;
use inkdoku_engine::game::Game;
use inkdoku_engine::rating::Level;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// The stored game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    pub version: u32,
    pub game: Game,
    pub meta: GameMeta,
    /// When it was written (ms since the epoch; `save_game`): of two stores, the newer record
    /// wins. Absent in records of earlier versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

/// One of the browser's Web Storage areas as a `KeyValue`: a page without it (private modes,
/// policies) reads nothing and refuses every write.
pub struct WebStore {
    area: fn(&web_sys::Window) -> Result<Option<web_sys::Storage>, wasm_bindgen::JsValue>,
}

/// localStorage: the game, settings, kept games and learned drawings.
pub const LOCAL: WebStore = WebStore { area: web_sys::Window::local_storage };
/// sessionStorage: the spare store of the game when localStorage is full (its own quota, kept
/// across reloads of the tab, gone with the tab).
pub const SESSION: WebStore = WebStore { area: web_sys::Window::session_storage };

impl WebStore {
    fn storage(&self) -> Option<web_sys::Storage> {
        (self.area)(&web_sys::window()?).ok().flatten()
    }
}

impl KeyValue for WebStore {
    fn get(&self, key: &str) -> Option<String> {
        self.storage()?.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), SaveError> {
        let store = self.storage().ok_or(SaveError::NoStorage)?;
        store
            .set_item(key, value)
            .map_err(|e| {
                let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
                if name == "QuotaExceededError" { SaveError::Full } else { SaveError::Refused(name) }
            })
            .inspect_err(|e| {
                if let SaveError::Refused(detail) = e {
                    web_sys::console::warn_1(&format!("inkdoku: storing {key} refused: {detail}").into());
                }
            })
    }

    fn remove(&self, key: &str) {
        if let Some(store) = self.storage() {
            let _ = store.remove_item(key);
        }
    }
}

/// Reads and parses a record; a record that doesn't parse is moved aside.
pub fn load<T: DeserializeOwned>(ports: &Ports, key: &str) -> Loaded<T> {
    load_with(ports, key, |raw| serde_json::from_str::<T>(raw).map_err(|e| e.to_string()))
}

/// Reads a record with its own parser (which says why it refuses one); a record it refuses is
/// moved aside, to `inkdoku.kept.<key>.<time>`.
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

/// Why a write failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The storage quota is used up.
    Full,
    /// The page has no local storage (private modes, policies).
    NoStorage,
    /// Another refusal, with the browser's error name.
    Refused(String),
}

/// Removes a record (nothing happens without storage).
pub fn remove(ports: &Ports, key: &str) {
    ports.storage.remove(key);
}

/// The reason in the player's language.
pub fn describe(t: &crate::i18n::Ui, e: &SaveError) -> String {
    match e {
        SaveError::Full => t.storage_full.to_string(),
        SaveError::NoStorage => t.no_storage.to_string(),
        // The browser's error name (or the serializer's text) is for the console (`save`).
        SaveError::Refused(_) => t.storage_refused.to_string(),
    }
}

/// Writes a record.
pub fn save<T: Serialize>(ports: &Ports, key: &str, value: &T) -> Result<(), SaveError> {
    let text = serde_json::to_string(value).map_err(|e| SaveError::Refused(e.to_string()))?;
    ports.storage.set(key, &text)
}

/// Loads the settings (defaults when missing; corrupt settings are kept aside and defaulted,
/// with the reason).
pub fn load_settings(ports: &Ports) -> (Settings, Option<String>) {
    match load::<Settings>(ports, SETTINGS_KEY) {
        Loaded::Found(s) => (s, None),
        Loaded::Missing => (Settings::default(), None),
        Loaded::Corrupt { reason, .. } => (Settings::default(), Some(reason)),
    }
}

/// Best times in milliseconds, by "size/level".
pub type BestTimes = BTreeMap<String, u64>;

pub fn best_key(size: Size, level: Level) -> String {
    format!("{}/{}", size.name(), level.name())
}

pub fn load_best(ports: &Ports) -> BestTimes {
    match load::<BestTimes>(ports, BEST_KEY) {
        Loaded::Found(b) => b,
        _ => BestTimes::new(),
    }
}

/// Records a finishing time; returns (best time before, whether this one is a new best).
pub fn record_time(ports: &Ports, size: Size, level: Level, ms: u64) -> (Option<u64>, bool) {
    let mut best = load_best(ports);
    let key = best_key(size, level);
    let before = best.get(&key).copied();
    let new_best = before.is_none_or(|b| ms < b);
    if new_best {
        best.insert(key, ms);
        let _ = save(ports, BEST_KEY, &best);
    }
    (before, new_best)
}

/// The stored games in progress that other puzzles replaced.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KeptGames {
    pub version: u32,
    /// Newest first.
    pub games: Vec<StoredGame>,
}

impl KeptGames {
    /// Keeps `game` as the newest: another record of the same puzzle gives way to it (a puzzle
    /// is kept once), and past `GAMES_KEPT` the oldest goes.
    pub fn keep(&mut self, game: StoredGame) {
        self.games.retain(|g| g.game.givens() != game.game.givens());
        self.games.insert(0, game);
        self.games.truncate(GAMES_KEPT);
    }

    /// Takes out the kept game of the puzzle `givens`, if there is one.
    pub fn take_puzzle(&mut self, givens: &inkdoku_engine::Grid) -> Option<StoredGame> {
        let i = self.games.iter().position(|g| g.game.givens() == givens)?;
        Some(self.games.remove(i))
    }
}

/// Reads the kept games (and the one game an earlier version kept). A record that doesn't read
/// is set aside as any other (`load`), and the list starts afresh.
pub fn load_kept(ports: &Ports) -> KeptGames {
    let mut kept = match load::<KeptGames>(ports, GAMES_KEY) {
        Loaded::Found(k) => k,
        Loaded::Missing | Loaded::Corrupt { .. } => KeptGames { version: 1, games: Vec::new() },
    };
    if let Loaded::Found(previous) = load::<StoredGame>(ports, PREVIOUS_KEY)
        && !kept.games.iter().any(|g| g.game.givens() == previous.game.givens())
    {
        kept.games.push(previous);
        kept.games.truncate(GAMES_KEPT);
    }
    kept
}

/// Stores the kept games; the earlier single record is then part of them and goes.
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

/// A save of the game that did not reach the main store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameNotSaved {
    /// Why the main store refused it.
    pub error: SaveError,
    /// Whether the spare store (`Ports::spare`) holds it instead.
    pub in_spare: bool,
}

/// Saves the game record, stamped with the time: to the main store, or, when that refuses it,
/// to the spare one (and the main store's game is then marked as older: `GAME_OK_KEY`).
pub fn save_game(ports: &Ports, record: &mut StoredGame) -> Result<(), GameNotSaved> {
    record.saved_at = Some(ports.clock.now_ms());
    match save(ports, GAME_KEY, record) {
        Ok(()) => {
            // The main store is the newest again: the spare's copy has done its job.
            let _ = ports.storage.set(GAME_OK_KEY, "1");
            ports.spare.remove(GAME_KEY);
            Ok(())
        }
        Err(error) => {
            ports.storage.remove(GAME_OK_KEY);
            let in_spare = save_spare(ports, record);
            Err(GameNotSaved { error, in_spare })
        }
    }
}

fn save_spare(ports: &Ports, record: &StoredGame) -> bool {
    serde_json::to_string(record).is_ok_and(|text| ports.spare.set(GAME_KEY, &text).is_ok())
}

/// The stored game as a reload finds it.
pub struct LoadedGame {
    pub loaded: Loaded<StoredGame>,
    /// Whether it is the newest the player made (false when a save failed since, and no store
    /// kept the later moves: the player is told).
    pub up_to_date: bool,
}

/// Reads the stored game: the newer of the main store's and the spare's.
pub fn load_game(ports: &Ports) -> LoadedGame {
    let main = load::<StoredGame>(ports, GAME_KEY);
    let spare = ports.spare.get(GAME_KEY).and_then(|text| serde_json::from_str::<StoredGame>(&text).ok());
    let when = |r: &StoredGame| r.saved_at.unwrap_or(0.0);
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
