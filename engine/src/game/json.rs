//! The saved game's reader: its JSON (`SavedGame`, its actions and boards), read by hand from a
//! parsed `serde_json::Value` (why: `crate::json_value`). The form is the one the derives wrote
//! (`tests/fixtures/actions/one-of-each.jsonl`, core's `stored-games.json`) and still write.

use super::{Action, Board, CandidateColour, Paint, Pencil, PencilMark, SavedGame, Savepoint, Stroke};
use crate::geometry::{Candidate, House};
use crate::json_value::{
    Object, Reason, cell, digit, digit_set, field, found, grid, invalid_type, list, list_or_none, object, optional, u8_of, u16_of, u32_of,
    u64_of, uint, unknown,
};
use serde_json::Value;

fn candidate(v: &Value) -> Result<Candidate, Reason> {
    let o = object(v, "struct Candidate")?;
    Ok(Candidate::new(cell(field(o, "cell")?)?, digit(field(o, "digit")?)?))
}

fn candidate_colour(v: &Value) -> Result<CandidateColour, Reason> {
    let o = object(v, "struct CandidateColour")?;
    Ok(CandidateColour { cell: cell(field(o, "cell")?)?, digit: digit(field(o, "digit")?)?, colour: u8_of(field(o, "colour")?)? })
}

fn house(v: &Value) -> Result<House, Reason> {
    let o = object(v, "struct House")?;
    let index = u8_of(field(o, "index")?)?;
    let kind = field(o, "kind")?;
    Ok(match kind.as_str().ok_or_else(|| invalid_type(kind, "a string"))? {
        "row" => House::Row(index),
        "col" => House::Col(index),
        "box" => House::Box(index),
        "region" => House::Region(index),
        other => return Err(unknown(other, &["row", "col", "box", "region"])),
    })
}

fn point(v: &Value) -> Result<[f32; 3], Reason> {
    let expected = "an array of length 3";
    match v.as_array().map(Vec::as_slice) {
        Some([x, y, p]) => {
            let f = |v: &Value| v.as_f64().map(|f| f as f32).ok_or_else(|| invalid_type(v, "f32"));
            Ok([f(x)?, f(y)?, f(p)?])
        }
        _ => Err(invalid_type(v, expected)),
    }
}

fn stroke(v: &Value) -> Result<Stroke, Reason> {
    let o = object(v, "struct Stroke")?;
    Ok(Stroke {
        id: optional(o, "id").map_or(Ok(0), u32_of)?,
        cell: optional(o, "cell").map(cell).transpose()?,
        points: list(field(o, "points")?, point)?,
    })
}

/// The pencil marks flattened into a board, a savepoint or a `set_board` action.
fn pencil(o: &Object) -> Result<Pencil, Reason> {
    Ok(Pencil {
        notes: list(field(o, "notes")?, digit_set)?,
        eliminated: list_or_none(o, "eliminated", digit_set)?,
        corner: list_or_none(o, "corner", digit_set)?,
        centre: list_or_none(o, "centre", digit_set)?,
    })
}

/// The colours flattened into a board or a `set_board` action.
fn paint(o: &Object) -> Result<Paint, Reason> {
    Ok(Paint { colours: list_or_none(o, "colours", u16_of)?, candidate_colours: list_or_none(o, "candidate_colours", candidate_colour)? })
}

fn savepoint(v: &Value) -> Result<Savepoint, Reason> {
    let o = object(v, "struct Savepoint")?;
    Ok(Savepoint { play_ms: u64_of(field(o, "play_ms")?)?, entries: grid(field(o, "entries")?)?, pencil: pencil(o)? })
}

/// A board (a shared game's base).
pub fn board(v: &Value) -> Result<Board, Reason> {
    let o = object(v, "struct Board")?;
    Ok(Board {
        entries: grid(field(o, "entries")?)?,
        pencil: pencil(o)?,
        paint: paint(o)?,
        ink: list(field(o, "ink")?, stroke)?,
        next_stroke_id: u32_of(field(o, "next_stroke_id")?)?,
        savepoints: list(field(o, "savepoints")?, savepoint)?,
    })
}

/// The names of the action types, as their JSON's `type`.
pub(super) const TYPES: &[&str] = &[
    "place",
    "clear",
    "erase",
    "toggle_note",
    "toggle_notes",
    "toggle_pencil",
    "paint_cells",
    "paint_candidate",
    "clear_colours",
    "fill_notes",
    "clear_notes",
    "apply_step",
    "solve_cell",
    "solve_house",
    "solve_all",
    "restart",
    "add_stroke",
    "erase_strokes",
    "mark_position",
    "back_to_mark",
    "set_board",
];

/// An action, by its `type`; a field its type has not is ignored.
pub fn action(v: &Value) -> Result<Action, Reason> {
    let o = object(v, "an action")?;
    let kind = field(o, "type")?;
    let kind = kind.as_str().ok_or_else(|| invalid_type(kind, "a string"))?;
    let cell = || cell(field(o, "cell")?);
    let digit = || digit(field(o, "digit")?);
    let cells = || list(field(o, "cells")?, self::cell);
    let digits = || list(field(o, "digits")?, self::digit);
    let colour = || u8_of(field(o, "colour")?);
    Ok(match kind {
        "place" => Action::Place {
            cell: cell()?,
            digit: digit()?,
            clear_peer_notes: match optional(o, "clear_peer_notes") {
                None => true,
                Some(v) => v.as_bool().ok_or_else(|| invalid_type(v, "a boolean"))?,
            },
        },
        "clear" => Action::Clear { cell: cell()? },
        "erase" => Action::Erase { cells: cells()? },
        "toggle_note" => Action::ToggleNote { cell: cell()?, digit: digit()? },
        "toggle_notes" => Action::ToggleNotes { cell: cell()?, digits: digits()? },
        "toggle_pencil" => {
            let mark = field(o, "mark")?;
            let mark = match mark.as_str() {
                Some("corner") => PencilMark::Corner,
                Some("centre") => PencilMark::Centre,
                _ => return Err(format!("invalid value: {}, expected \"corner\" or \"centre\"", found(mark))),
            };
            Action::TogglePencil { cell: cell()?, digits: digits()?, mark }
        }
        "paint_cells" => Action::PaintCells { cells: cells()?, colour: colour()? },
        "paint_candidate" => Action::PaintCandidate { cell: cell()?, digit: digit()?, colour: colour()? },
        "clear_colours" => Action::ClearColours,
        "fill_notes" => Action::FillNotes,
        "clear_notes" => Action::ClearNotes,
        "apply_step" => Action::ApplyStep {
            placements: list(field(o, "placements")?, candidate)?,
            eliminations: list(field(o, "eliminations")?, candidate)?,
        },
        "solve_cell" => Action::SolveCell { cell: cell()? },
        "solve_house" => Action::SolveHouse { house: house(field(o, "house")?)? },
        "solve_all" => Action::SolveAll,
        "restart" => Action::Restart,
        "add_stroke" => Action::AddStroke { stroke: stroke(field(o, "stroke")?)? },
        "erase_strokes" => Action::EraseStrokes { ids: list(field(o, "ids")?, u32_of)? },
        "mark_position" => Action::MarkPosition { play_ms: u64_of(field(o, "play_ms")?)? },
        "back_to_mark" => {
            let mark = uint(field(o, "mark")?, usize::MAX as u64, "a marked position's number")?;
            Action::BackToMark { mark: mark as usize }
        }
        "set_board" => Action::SetBoard { entries: grid(field(o, "entries")?)?, pencil: pencil(o)?, paint: paint(o)? },
        other => return Err(unknown(other, TYPES)),
    })
}

/// A saved game's parts (`SavedGame`), not yet replayed.
pub fn saved_game(v: &Value) -> Result<SavedGame, Reason> {
    let o = object(v, "struct SavedGame")?;
    Ok(SavedGame {
        givens: grid(field(o, "givens")?)?,
        solution: optional(o, "solution").map(grid).transpose()?,
        actions: list(field(o, "actions")?, action)?,
        applied: uint(field(o, "applied")?, usize::MAX as u64, "usize")? as usize,
        base: optional(o, "base").map(board).transpose()?,
        variant: optional(o, "variant").map(crate::variant::json::puzzle).transpose()?,
    })
}
