//! The saved game's JSON (`SavedGame`, its actions and boards), read by hand from a parsed
//! `serde_json::Value` and written by hand (why: `crate::json_value`). The form is the one
//! serde's derives wrote (`tests/fixtures/actions/one-of-each.jsonl`, core's
//! `stored-games.json`), byte for byte.

use super::{Action, Board, CandidateColour, Paint, Pencil, PencilMark, SavedGame, Savepoint, Stroke};
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House};
use crate::grid::Grid;
use crate::json_value::{
    Object, Reason, Writer, cell, digit, digit_set, field, found, grid, invalid_type, list, list_or_none, object, optional, u8_of, u16_of,
    u32_of, u64_of, uint, unknown, write_list, write_text, write_uint,
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

// The writers: the same text serde's derives wrote (`one-of-each.jsonl`, `stored-games.json`),
// field for field and in their order, without a writer per type monomorphized for
// `serde_json`'s serializer.

fn write_grid(out: &mut String, g: &Grid) {
    // A line of digits and dots: nothing to escape.
    out.push('"');
    out.push_str(&g.to_line());
    out.push('"');
}

fn write_digit(out: &mut String, d: &Digit) {
    write_uint(out, d.get().into());
}

fn write_cell(out: &mut String, c: &Cell) {
    write_uint(out, c.index() as u64);
}

fn write_digit_set(out: &mut String, s: &DigitSet) {
    write_uint(out, s.bits().into());
}

fn write_u16(out: &mut String, n: &u16) {
    write_uint(out, (*n).into());
}

fn write_u32(out: &mut String, n: &u32) {
    write_uint(out, (*n).into());
}

fn write_candidate(out: &mut String, c: &Candidate) {
    let mut o = Writer::object(out);
    o.uint("cell", c.cell.index() as u64);
    o.uint("digit", c.digit.get().into());
    o.end();
}

fn write_candidate_colour(out: &mut String, c: &CandidateColour) {
    let mut o = Writer::object(out);
    o.uint("cell", c.cell.index() as u64);
    o.uint("digit", c.digit.get().into());
    o.uint("colour", c.colour.into());
    o.end();
}

fn write_point(out: &mut String, p: &[f32; 3]) {
    // serde_json's own float text (the shortest that reads back the same `f32`).
    out.push_str(&serde_json::to_string(p).unwrap_or_default());
}

fn write_stroke(out: &mut String, s: &Stroke) {
    let mut o = Writer::object(out);
    o.uint("id", s.id.into());
    match s.cell {
        Some(c) => write_cell(o.field("cell"), &c),
        None => o.field("cell").push_str("null"),
    }
    write_list(o.field("points"), &s.points, write_point);
    o.end();
}

fn write_pencil(o: &mut Writer, p: &Pencil) {
    write_list(o.field("notes"), &p.notes, write_digit_set);
    o.list_or_none("eliminated", &p.eliminated, write_digit_set);
    o.list_or_none("corner", &p.corner, write_digit_set);
    o.list_or_none("centre", &p.centre, write_digit_set);
}

fn write_paint(o: &mut Writer, p: &Paint) {
    o.list_or_none("colours", &p.colours, write_u16);
    o.list_or_none("candidate_colours", &p.candidate_colours, write_candidate_colour);
}

fn write_savepoint(out: &mut String, s: &Savepoint) {
    let mut o = Writer::object(out);
    o.uint("play_ms", s.play_ms);
    write_grid(o.field("entries"), &s.entries);
    write_pencil(&mut o, &s.pencil);
    o.end();
}

/// A board (a shared game's base).
pub fn write_board(out: &mut String, b: &Board) {
    let mut o = Writer::object(out);
    write_grid(o.field("entries"), &b.entries);
    write_pencil(&mut o, &b.pencil);
    write_paint(&mut o, &b.paint);
    write_list(o.field("ink"), &b.ink, write_stroke);
    o.uint("next_stroke_id", b.next_stroke_id.into());
    write_list(o.field("savepoints"), &b.savepoints, write_savepoint);
    o.end();
}

/// An action's `type`, as its JSON has it.
fn type_of(a: &Action) -> &'static str {
    TYPES[match a {
        Action::Place { .. } => 0,
        Action::Clear { .. } => 1,
        Action::Erase { .. } => 2,
        Action::ToggleNote { .. } => 3,
        Action::ToggleNotes { .. } => 4,
        Action::TogglePencil { .. } => 5,
        Action::PaintCells { .. } => 6,
        Action::PaintCandidate { .. } => 7,
        Action::ClearColours => 8,
        Action::FillNotes => 9,
        Action::ClearNotes => 10,
        Action::ApplyStep { .. } => 11,
        Action::SolveCell { .. } => 12,
        Action::SolveHouse { .. } => 13,
        Action::SolveAll => 14,
        Action::Restart => 15,
        Action::AddStroke { .. } => 16,
        Action::EraseStrokes { .. } => 17,
        Action::MarkPosition { .. } => 18,
        Action::BackToMark { .. } => 19,
        Action::SetBoard { .. } => 20,
    }]
}

/// An action: its `type`, then its fields.
pub fn write_action(out: &mut String, a: &Action) {
    let mut o = Writer::object(out);
    write_text(o.field("type"), type_of(a));
    match a {
        Action::Place { cell, digit, clear_peer_notes } => {
            o.uint("cell", cell.index() as u64);
            o.uint("digit", digit.get().into());
            o.field("clear_peer_notes").push_str(if *clear_peer_notes { "true" } else { "false" });
        }
        Action::Clear { cell } | Action::SolveCell { cell } => o.uint("cell", cell.index() as u64),
        Action::Erase { cells } => write_list(o.field("cells"), cells, write_cell),
        Action::ToggleNote { cell, digit } => {
            o.uint("cell", cell.index() as u64);
            o.uint("digit", digit.get().into());
        }
        Action::ToggleNotes { cell, digits } => {
            o.uint("cell", cell.index() as u64);
            write_list(o.field("digits"), digits, write_digit);
        }
        Action::TogglePencil { cell, digits, mark } => {
            o.uint("cell", cell.index() as u64);
            write_list(o.field("digits"), digits, write_digit);
            o.field("mark").push_str(match mark {
                PencilMark::Corner => "\"corner\"",
                PencilMark::Centre => "\"centre\"",
            });
        }
        Action::PaintCells { cells, colour } => {
            write_list(o.field("cells"), cells, write_cell);
            o.uint("colour", (*colour).into());
        }
        Action::PaintCandidate { cell, digit, colour } => {
            o.uint("cell", cell.index() as u64);
            o.uint("digit", digit.get().into());
            o.uint("colour", (*colour).into());
        }
        Action::ClearColours | Action::FillNotes | Action::ClearNotes | Action::SolveAll | Action::Restart => {}
        Action::ApplyStep { placements, eliminations } => {
            write_list(o.field("placements"), placements, write_candidate);
            write_list(o.field("eliminations"), eliminations, write_candidate);
        }
        Action::SolveHouse { house } => {
            let (kind, index) = match *house {
                House::Row(i) => ("row", i),
                House::Col(i) => ("col", i),
                House::Box(i) => ("box", i),
                House::Region(i) => ("region", i),
            };
            let mut h = Writer::object(o.field("house"));
            write_text(h.field("kind"), kind);
            h.uint("index", index.into());
            h.end();
        }
        Action::AddStroke { stroke } => write_stroke(o.field("stroke"), stroke),
        Action::EraseStrokes { ids } => write_list(o.field("ids"), ids, write_u32),
        Action::MarkPosition { play_ms } => o.uint("play_ms", *play_ms),
        Action::BackToMark { mark } => o.uint("mark", *mark as u64),
        Action::SetBoard { entries, pencil, paint } => {
            write_grid(o.field("entries"), entries);
            write_pencil(&mut o, pencil);
            write_paint(&mut o, paint);
        }
    }
    o.end();
}

/// A game as `SavedGame`'s JSON: no board, which its actions make again.
pub fn write_game(out: &mut String, g: &super::Game) {
    let mut o = Writer::object(out);
    write_grid(o.field("givens"), &g.givens);
    match &g.solution {
        Some(s) => write_grid(o.field("solution"), s),
        None => o.field("solution").push_str("null"),
    }
    write_list(o.field("actions"), &g.actions, write_action);
    o.uint("applied", g.applied as u64);
    if let Some(base) = &g.base {
        write_board(o.field("base"), base);
    }
    if let Some(variant) = &g.variant {
        // The puzzle's derived writer: the app writes it in its requests to the worker too.
        o.field("variant").push_str(&serde_json::to_string(variant).unwrap_or_default());
    }
    o.end();
}
