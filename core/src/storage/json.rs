//! The stored game records (`StoredGame`, `KeptGames` and the game's `GameMeta`) read by hand
//! from a parsed `serde_json::Value`, as the engine reads the game inside them (why:
//! `inkdoku_engine::json_value`): serde's derived readers of these records were readers of
//! their own in the app's wasm, beside the `Value` reader the app has anyway. The form is the
//! one the derives wrote and still write (`tests/fixtures/stored-games.json`).

use super::{KeptGames, StoredGame};
use crate::state::{GameMeta, SavedTogether};
use inkdoku_engine::game::Game;
use inkdoku_engine::json_value::{Reason, field, invalid_type, list, object, optional, u8_of, u32_of, u64_of, unknown};
use inkdoku_engine::rating::Level;
use inkdoku_engine::together::SavedReplica;
use serde_json::Value;

inkdoku_engine::read_by_hand!(StoredGame, stored_game);
inkdoku_engine::read_by_hand!(KeptGames, kept_games);

fn text(v: &Value) -> Result<String, Reason> {
    v.as_str().map(str::to_string).ok_or_else(|| invalid_type(v, "a string"))
}

/// A level, by its variant's name as serde's derive writes it (`"NeedsTrial"`).
fn level(v: &Value) -> Result<Level, Reason> {
    const NAMES: &[&str] = &["Easy", "Medium", "Hard", "Expert", "Extreme", "Master", "NeedsTrial"];
    let name = v.as_str().ok_or_else(|| invalid_type(v, "a level"))?;
    NAMES.iter().position(|n| *n == name).map(|i| Level::ALL[i]).ok_or_else(|| unknown(name, NAMES))
}

fn saved_together(v: &Value) -> Result<SavedTogether, Reason> {
    let o = object(v, "struct SavedTogether")?;
    Ok(SavedTogether {
        key: text(field(o, "key")?)?,
        number: u8_of(field(o, "number")?)?,
        replica: SavedReplica::from_saved(field(o, "replica")?)?,
    })
}

fn game_meta(v: &Value) -> Result<GameMeta, Reason> {
    let o = object(v, "struct GameMeta")?;
    let won = field(o, "won")?;
    Ok(GameMeta {
        level: optional(o, "level").map(level).transpose()?,
        seed: optional(o, "seed").map(u64_of).transpose()?,
        elapsed_ms: u64_of(field(o, "elapsed_ms")?)?,
        won: won.as_bool().ok_or_else(|| invalid_type(won, "a boolean"))?,
        daily: optional(o, "daily").map(text).transpose()?,
        together: optional(o, "together").map(saved_together).transpose()?,
    })
}

fn stored_game(v: &Value) -> Result<StoredGame, Reason> {
    let o = object(v, "struct StoredGame")?;
    let saved_at = |v: &Value| v.as_f64().ok_or_else(|| invalid_type(v, "f64"));
    Ok(StoredGame {
        version: u32_of(field(o, "version")?)?,
        game: Game::read_json(field(o, "game")?)?,
        meta: game_meta(field(o, "meta")?)?,
        saved_at: optional(o, "saved_at").map(saved_at).transpose()?,
    })
}

fn kept_games(v: &Value) -> Result<KeptGames, Reason> {
    let o = object(v, "struct KeptGames")?;
    Ok(KeptGames { version: u32_of(field(o, "version")?)?, games: list(field(o, "games")?, stored_game)? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_reads_by_its_written_name() {
        for l in Level::ALL {
            assert_eq!(level(&serde_json::to_value(l).unwrap()), Ok(l));
        }
        assert!(level(&Value::from("Hardest")).unwrap_err().contains("unknown variant `Hardest`"));
    }
}
