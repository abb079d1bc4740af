//! The JSON form that came before the binary one (`codec`), read only: sealed frames a relay
//! still keeps for a room (it keeps them a week, and cannot read them to upgrade them: they are
//! sealed end to end), and replicas saved with a game before.
//!
//! Why by hand over `serde_json::Value` and not by serde's derives: the app reads `Value`s
//! anyway (the workers' messages), so this costs only the walk below, where the derives cost a
//! reader per type, monomorphized for `serde_json`. Nothing writes this form any more.
//!
//! The form (as the derives wrote it): a frame is `{"kind":"op", "stamp":{"clock","player"},
//! "writes":[[cell, field code, value]…], "strokes":[{"key":[player, id], "cell", "points":
//! [[x, y, pressure]…]}…], "erased":[[player, id]…], "help":true}` (lists and `help` absent when
//! empty or false) or `{"kind":"presence", "player", "number", "cell", "play_ms", "ink":[[x,
//! y]…]}`; a saved replica is `{"me", "log":[op…], "undo":[undoable…], "redo":[…]}`, an undoable
//! `{"stamp", "replaced":[write…], "added":[key…], "erased":[stroke…]}`.

use super::codec::Reason;
use super::op::{Field, Op, SharedStroke, Stamp, StrokeKey, Write};
use super::replica::{SavedReplica, Undoable};
use super::wire::{Presence, Said};
use crate::geometry::Cell;
use serde_json::Value;

fn uint(v: &Value, what: &str) -> Result<u64, Reason> {
    v.as_u64().ok_or_else(|| format!("{what} is not a whole number"))
}

fn u32_of(v: &Value, what: &str) -> Result<u32, Reason> {
    uint(v, what).and_then(|n| u32::try_from(n).map_err(|_| format!("{what} is more than 32 bits")))
}

fn u8_of(v: &Value, what: &str) -> Result<u8, Reason> {
    uint(v, what).and_then(|n| u8::try_from(n).map_err(|_| format!("{what} is more than a byte")))
}

fn cell(v: &Value, what: &str) -> Result<Cell, Reason> {
    uint(v, what).and_then(|n| u16::try_from(n).map(|i| Cell::new(usize::from(i))).map_err(|_| format!("{what} is no cell")))
}

fn maybe_cell(v: Option<&Value>, what: &str) -> Result<Option<Cell>, Reason> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => cell(v, what).map(Some),
    }
}

/// A list that may be absent (the derives left empty lists out).
fn list<'a>(v: &'a Value, name: &str) -> Result<&'a [Value], Reason> {
    match v.get(name) {
        None => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(format!("{name} is not a list")),
    }
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, Reason> {
    v.get(name).ok_or_else(|| format!("{name} is missing"))
}

/// A fixed-length list of numbers (`[a, b]`, `[x, y, p]`).
fn tuple<'a, const N: usize>(v: &'a Value, what: &str) -> Result<&'a [Value; N], Reason> {
    v.as_array().and_then(|a| <&[Value; N]>::try_from(a.as_slice()).ok()).ok_or_else(|| format!("{what} is not a list of {N}"))
}

fn floats<const N: usize>(v: &Value, what: &str) -> Result<[f32; N], Reason> {
    let items = tuple::<N>(v, what)?;
    let mut out = [0.0; N];
    for (o, item) in out.iter_mut().zip(items) {
        *o = item.as_f64().ok_or_else(|| format!("{what} is not a list of numbers"))? as f32;
    }
    Ok(out)
}

fn stamp(v: &Value) -> Result<Stamp, Reason> {
    let s = field(v, "stamp")?;
    Ok(Stamp { clock: uint(field(s, "clock")?, "a stamp's clock")?, player: u32_of(field(s, "player")?, "a stamp's player")? })
}

fn key(v: &Value) -> Result<StrokeKey, Reason> {
    let [player, id] = tuple::<2>(v, "a stroke's key")?;
    Ok((u32_of(player, "a stroke's player")?, u32_of(id, "a stroke's number")?))
}

fn writes(v: &Value, name: &str) -> Result<Vec<Write>, Reason> {
    list(v, name)?
        .iter()
        .map(|w| {
            let [c, code, value] = tuple::<3>(w, "a write")?;
            let code = uint(code, "a write's field")?;
            let field = u16::try_from(code).ok().and_then(Field::from_code).ok_or_else(|| format!("{code} names no field of a cell"))?;
            Ok(Write(cell(c, "a write's cell")?, field, u8_of(value, "a write's value")?))
        })
        .collect()
}

fn keys(v: &Value, name: &str) -> Result<Vec<StrokeKey>, Reason> {
    list(v, name)?.iter().map(key).collect()
}

fn strokes(v: &Value, name: &str) -> Result<Vec<SharedStroke>, Reason> {
    list(v, name)?
        .iter()
        .map(|s| {
            let points = field(s, "points")?.as_array().ok_or("a stroke's points are not a list")?;
            Ok(SharedStroke {
                key: key(field(s, "key")?)?,
                cell: maybe_cell(s.get("cell"), "a stroke's cell")?,
                points: points.iter().map(|p| floats::<3>(p, "a stroke's point")).collect::<Result<_, Reason>>()?,
            })
        })
        .collect()
}

fn op(v: &Value) -> Result<Op, Reason> {
    let help = match v.get("help") {
        None => false,
        Some(h) => h.as_bool().ok_or("help is not true or false")?,
    };
    Ok(Op { stamp: stamp(v)?, writes: writes(v, "writes")?, strokes: strokes(v, "strokes")?, erased: keys(v, "erased")?, help })
}

fn presence(v: &Value) -> Result<Presence, Reason> {
    Ok(Presence {
        player: u32_of(field(v, "player")?, "a presence's player")?,
        number: u8_of(field(v, "number")?, "a presence's number")?,
        cell: maybe_cell(v.get("cell"), "a presence's cell")?,
        play_ms: uint(field(v, "play_ms")?, "a presence's play time")?,
        ink: list(v, "ink")?.iter().map(|q| floats::<2>(q, "an ink point")).collect::<Result<_, Reason>>()?,
    })
}

/// A frame's content in the old JSON form.
pub(super) fn said(text: &[u8]) -> Result<Said, Reason> {
    // From text, as the app's other `Value`s are read: one JSON reader in the wasm, not two.
    let text = std::str::from_utf8(text).map_err(|_| "a frame that is neither this form nor text")?;
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    match v.get("kind").and_then(Value::as_str) {
        Some("op") => op(&v).map(Said::Op),
        Some("presence") => presence(&v).map(Said::Presence),
        _ => Err("a frame of no known kind".into()),
    }
}

fn undoables(v: &Value, name: &str) -> Result<Vec<Undoable>, Reason> {
    list(v, name)?
        .iter()
        .map(|u| {
            Ok(Undoable { stamp: stamp(u)?, replaced: writes(u, "replaced")?, added: keys(u, "added")?, erased: strokes(u, "erased")? })
        })
        .collect()
}

/// A saved replica in the old JSON form: who, the log, Undo and Redo.
pub(super) fn saved(v: &Value) -> Result<SavedReplica, Reason> {
    let me = u32_of(field(v, "me")?, "me")?;
    let log = field(v, "log")?.as_array().ok_or("log is not a list")?.iter().map(op).collect::<Result<_, Reason>>()?;
    Ok(SavedReplica { me, log, undo: undoables(v, "undo")?, redo: undoables(v, "redo")? })
}
