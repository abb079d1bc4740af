//! The stored game records (`StoredGame`, `KeptGames` and the game's `GameMeta`) read by hand
//! from a parsed `serde_json::Value` and written by hand, as the engine reads and writes the
//! game inside them (why: `inkdoku_engine::json_value`): serde's derived readers and writers of
//! these records were code of their own in the app's wasm. The form is the one the derives
//! wrote, byte for byte (`tests/fixtures/stored-games.json`).

use super::{KeptGames, StoredGame};
use crate::state::{GameMeta, SavedTogether};
use inkdoku_engine::game::Game;
use inkdoku_engine::json_value::{
    Reason, Writer, field, invalid_type, list, object, optional, u8_of, u32_of, u64_of, unknown, write_list, write_text, write_uint,
};
use inkdoku_engine::rating::Level;
use inkdoku_engine::together::SavedReplica;
use serde_json::Value;

inkdoku_engine::read_by_hand!(StoredGame, stored_game);
inkdoku_engine::read_by_hand!(KeptGames, kept_games);
inkdoku_engine::write_by_hand!(StoredGame, write_stored_game);
inkdoku_engine::write_by_hand!(KeptGames, write_kept_games);
inkdoku_engine::write_by_hand!(GameMeta, write_meta);

/// The levels' names as serde's derive writes them, in `Level::ALL`'s order.
const LEVELS: &[&str] = &["Easy", "Medium", "Hard", "Expert", "Extreme", "Master", "NeedsTrial"];

fn text(v: &Value) -> Result<String, Reason> {
    v.as_str().map(str::to_string).ok_or_else(|| invalid_type(v, "a string"))
}

/// A level, by its variant's name as serde's derive writes it (`"NeedsTrial"`).
fn level(v: &Value) -> Result<Level, Reason> {
    let name = v.as_str().ok_or_else(|| invalid_type(v, "a level"))?;
    LEVELS.iter().position(|n| *n == name).map(|i| Level::ALL[i]).ok_or_else(|| unknown(name, LEVELS))
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

fn write_null_or(out: &mut String, value: Option<u64>) {
    match value {
        Some(n) => write_uint(out, n),
        None => out.push_str("null"),
    }
}

fn write_meta(out: &mut String, m: &GameMeta) {
    let mut o = Writer::object(out);
    match m.level.and_then(|l| Level::ALL.iter().position(|x| *x == l)) {
        Some(i) => write_text(o.field("level"), LEVELS[i]),
        None => o.field("level").push_str("null"),
    }
    write_null_or(o.field("seed"), m.seed);
    o.uint("elapsed_ms", m.elapsed_ms);
    o.field("won").push_str(if m.won { "true" } else { "false" });
    if let Some(daily) = &m.daily {
        write_text(o.field("daily"), daily);
    }
    if let Some(t) = &m.together {
        let mut room = Writer::object(o.field("together"));
        write_text(room.field("key"), &t.key);
        room.uint("number", t.number.into());
        room.field("replica").push_str(&serde_json::to_string(&t.replica).unwrap_or_default());
        room.end();
    }
    o.end();
}

fn write_stored_game(out: &mut String, r: &StoredGame) {
    let mut o = Writer::object(out);
    o.uint("version", r.version.into());
    r.game.write_json(o.field("game"));
    write_meta(o.field("meta"), &r.meta);
    if let Some(at) = r.saved_at {
        // serde_json's own float text, as the derive wrote it.
        o.field("saved_at").push_str(&serde_json::to_string(&at).unwrap_or_default());
    }
    o.end();
}

fn write_kept_games(out: &mut String, k: &KeptGames) {
    let mut o = Writer::object(out);
    o.uint("version", k.version.into());
    write_list(o.field("games"), &k.games, write_stored_game);
    o.end();
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
