//! How a variant puzzle and its constraints are read from their JSON (saved games, the worker's
//! messages): by hand from a parsed `serde_json::Value` (why: `crate::json_value`). A constraint
//! is the form serde's derive writes for an enum tagged by a field inside it (`{"kind":"killer",
//! "cells":[0,1],"sum":3}`), built by its kind from the fields it needs; a field another kind
//! has, or none has, is left, as serde's derive did. The JSON is the same both ways: the derive
//! still writes it.

use super::{About, Constraint, Diagonal, Dot, Line, Puzzle};
use crate::geometry::Cell;
use crate::json_value::{Reason, cell, field, found, grid, invalid_type, list, list_or_none, object, optional, u8_of, uint, unknown};
use serde_json::Value;

crate::read_by_hand!(Puzzle, puzzle);
crate::read_by_hand!(Constraint, constraint);

/// A puzzle: its givens, and its regions, constraints and words when it has them.
pub(crate) fn puzzle(v: &Value) -> Result<Puzzle, Reason> {
    let o = object(v, "struct Puzzle")?;
    let about = match optional(o, "about") {
        None => About::default(),
        Some(v) => {
            let o = object(v, "struct About")?;
            let text = |name: &str| match optional(o, name) {
                None => Ok(String::new()),
                Some(v) => v.as_str().map(str::to_string).ok_or_else(|| invalid_type(v, "a string")),
            };
            About { title: text("title")?, author: text("author")?, rules: text("rules")? }
        }
    };
    Ok(Puzzle {
        givens: grid(field(o, "givens")?)?,
        regions: optional(o, "regions").map(|v| list(v, u8_of)).transpose()?,
        constraints: list_or_none(o, "constraints", constraint)?,
        about,
    })
}

impl TryFrom<crate::geometry::KindAndIndex> for Line {
    type Error = String;
    fn try_from(k: crate::geometry::KindAndIndex) -> Result<Line, String> {
        match k.kind.as_str() {
            "row" => Ok(Line::Row(k.index)),
            "col" => Ok(Line::Col(k.index)),
            _ => Err(k.unknown(&["row", "col"])),
        }
    }
}

/// The kinds, as their JSON's `kind` (for the error on an unknown one).
const KINDS: &[&str] = &[
    "killer",
    "little_killer",
    "sandwich",
    "arrow",
    "thermometer",
    "kropki",
    "xv",
    "kropki_negative",
    "xv_negative",
    "whispers",
    "renban",
    "palindrome",
    "diagonal",
    "anti_knight",
    "anti_king",
    "non_consecutive",
    "extra_region",
    "disjoint_groups",
    "parity",
];

fn string(v: &Value) -> Result<&str, Reason> {
    v.as_str().ok_or_else(|| invalid_type(v, "a string"))
}

fn boolean(v: &Value) -> Result<bool, Reason> {
    v.as_bool().ok_or_else(|| invalid_type(v, "a boolean"))
}

fn u16_sum(v: &Value) -> Result<u16, Reason> {
    uint(v, u16::MAX.into(), "u16").map(|n| n as u16)
}

/// A little killer's clue: (row, column), each -1 to 16.
fn clue(v: &Value) -> Result<(i8, i8), Reason> {
    let one = |v: &Value| match v.as_i64() {
        Some(n) => i8::try_from(n).map_err(|_| format!("invalid value: {}, expected i8", found(v))),
        None => Err(invalid_type(v, "i8")),
    };
    match v.as_array().map(Vec::as_slice) {
        Some([row, col]) => Ok((one(row)?, one(col)?)),
        _ => Err(invalid_type(v, "a tuple of size 2")),
    }
}

/// A sandwich's row or column (`{"kind":"row","index":3}`).
fn line(v: &Value) -> Result<Line, Reason> {
    let o = v.as_object().ok_or_else(|| invalid_type(v, "a row or column ({\"kind\":\"row\",\"index\":0})"))?;
    let index = u8_of(field(o, "index")?)?;
    match string(field(o, "kind")?)? {
        "row" => Ok(Line::Row(index)),
        "col" => Ok(Line::Col(index)),
        other => Err(unknown(other, &["row", "col"])),
    }
}

/// An arrow's shaft: a list of cells.
fn shaft(v: &Value) -> Result<Vec<Cell>, Reason> {
    match v {
        Value::Array(_) => list(v, cell),
        Value::Object(_) => Err("invalid type: map, expected a sequence of cells".into()),
        _ => Err(invalid_type(v, "a row or column ({\"kind\":\"row\",\"index\":0}) or a list of cells")),
    }
}

/// A constraint, by its kind.
pub(crate) fn constraint(v: &Value) -> Result<Constraint, Reason> {
    let o = object(v, "a constraint")?;
    let cells = || list(field(o, "cells")?, cell);
    let pair = || -> Result<[Cell; 2], Reason> {
        let cells = cells()?;
        <[Cell; 2]>::try_from(cells).map_err(|c| format!("invalid length {}, expected an array of length 2", c.len()))
    };
    let sum = || u16_sum(field(o, "sum")?);
    let flag = |name: &str| boolean(field(o, name)?);
    Ok(match string(field(o, "kind")?)? {
        "killer" => Constraint::Killer { cells: cells()?, sum: optional(o, "sum").map(u16_sum).transpose()? },
        "little_killer" => Constraint::LittleKiller { cells: cells()?, sum: sum()?, clue: clue(field(o, "clue")?)? },
        "sandwich" => {
            let at = field(o, "line")?;
            if at.is_array() {
                return Err("invalid type: sequence, expected a row or column".into());
            }
            Constraint::Sandwich { line: line(at)?, sum: sum()?, start: flag("start")? }
        }
        "arrow" => Constraint::Arrow { circle: list(field(o, "circle")?, cell)?, line: shaft(field(o, "line")?)? },
        "thermometer" => Constraint::Thermometer { cells: cells()? },
        "kropki" => {
            let dot = match string(field(o, "dot")?)? {
                "white" => Dot::White,
                "black" => Dot::Black,
                other => return Err(unknown(other, &["white", "black"])),
            };
            Constraint::Kropki { cells: pair()?, dot }
        }
        "xv" => {
            let sum = uint(field(o, "sum")?, u8::MAX.into(), "u8")? as u8;
            Constraint::Xv { cells: pair()?, sum }
        }
        "kropki_negative" => Constraint::KropkiNegative { white: flag("white")?, black: flag("black")? },
        "xv_negative" => Constraint::XvNegative,
        "whispers" => Constraint::Whispers { cells: cells()? },
        "renban" => Constraint::Renban { cells: cells()? },
        "palindrome" => Constraint::Palindrome { cells: cells()? },
        "diagonal" => Constraint::Diagonal {
            diagonal: match string(field(o, "diagonal")?)? {
                "main" => Diagonal::Main,
                "anti" => Diagonal::Anti,
                other => return Err(unknown(other, &["main", "anti"])),
            },
        },
        "anti_knight" => Constraint::AntiKnight,
        "anti_king" => Constraint::AntiKing,
        "non_consecutive" => Constraint::NonConsecutive,
        "extra_region" => Constraint::ExtraRegion { cells: cells()? },
        "disjoint_groups" => Constraint::DisjointGroups,
        "parity" => Constraint::Parity { cell: cell(field(o, "cell")?)?, even: flag("even")? },
        other => return Err(unknown(other, KINDS)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Digit, Size};
    use crate::grid::Grid;
    use crate::variant::{About, Puzzle};

    /// A 9x9 puzzle with one constraint of every kind (and a cage without its sum).
    fn every_kind() -> Puzzle {
        let at = |r: usize, c: usize| Size::Nine.cell(r, c);
        let mut givens = Grid::new(Size::Nine);
        givens.set(at(0, 0), Digit::new(5));
        let constraints = vec![
            Constraint::Killer { cells: vec![at(0, 1), at(0, 2)], sum: Some(11) },
            Constraint::Killer { cells: vec![at(1, 1), at(1, 2), at(2, 2)], sum: None },
            Constraint::LittleKiller { cells: vec![at(0, 8), at(1, 7)], sum: 9, clue: (-1, 9) },
            Constraint::Sandwich { line: Line::Row(3), sum: 15, start: true },
            Constraint::Sandwich { line: Line::Col(8), sum: 0, start: false },
            Constraint::Arrow { circle: vec![at(4, 4)], line: vec![at(4, 5), at(4, 6)] },
            Constraint::Thermometer { cells: vec![at(5, 0), at(5, 1), at(5, 2)] },
            Constraint::Kropki { cells: [at(6, 0), at(6, 1)], dot: Dot::White },
            Constraint::Kropki { cells: [at(6, 2), at(7, 2)], dot: Dot::Black },
            Constraint::Xv { cells: [at(7, 0), at(7, 1)], sum: 10 },
            Constraint::KropkiNegative { white: true, black: false },
            Constraint::XvNegative,
            Constraint::Whispers { cells: vec![at(8, 0), at(8, 1)] },
            Constraint::Renban { cells: vec![at(8, 3), at(8, 4), at(8, 5)] },
            Constraint::Palindrome { cells: vec![at(2, 6), at(2, 7), at(2, 8)] },
            Constraint::Diagonal { diagonal: Diagonal::Main },
            Constraint::Diagonal { diagonal: Diagonal::Anti },
            Constraint::AntiKnight,
            Constraint::AntiKing,
            Constraint::NonConsecutive,
            Constraint::ExtraRegion { cells: vec![at(3, 3), at(3, 4)] },
            Constraint::DisjointGroups,
            Constraint::Parity { cell: at(8, 8), even: true },
        ];
        let about = About { title: "Every kind".into(), author: String::new(), rules: "All of them.".into() };
        Puzzle { givens, regions: None, constraints, about }
    }

    /// `every_kind()` as the derived reader and writer of before this module (commit c31568e)
    /// wrote it: what saved games of variants hold. Never regenerate it.
    const SAVED: &str = include_str!("../../tests/fixtures/variant-json/puzzle.json");

    #[test]
    fn every_kind_reads_from_the_saved_text_and_writes_it_back() {
        let read: Puzzle = serde_json::from_str(SAVED).unwrap();
        assert_eq!(read, every_kind());
        assert_eq!(serde_json::to_string(&read).unwrap(), SAVED.trim_end());
    }

    fn read(text: &str) -> Result<Constraint, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn the_kind_may_come_anywhere_and_other_fields_are_left() {
        let cage = Constraint::Killer { cells: vec![Cell::new(3), Cell::new(4)], sum: Some(7) };
        assert_eq!(read(r#"{"cells":[3,4],"sum":7,"kind":"killer"}"#), Ok(cage));
        assert_eq!(read(r#"{"kind":"killer","cells":[3],"note":"x"}"#), Ok(Constraint::Killer { cells: vec![Cell::new(3)], sum: None }));
        assert_eq!(read(r#"{"kind":"anti_king","cells":[1,2]}"#), Ok(Constraint::AntiKing));
        let arrow = Constraint::Arrow { circle: vec![Cell::new(0)], line: vec![Cell::new(1)] };
        assert_eq!(read(r#"{"line":[1],"kind":"arrow","circle":[0]}"#), Ok(arrow));
    }

    #[test]
    fn bad_constraints_are_refused_with_a_reason() {
        let refused = |text: &str, reason: &str| {
            let e = read(text).expect_err(text);
            assert!(e.contains(reason), "{text}: {e}");
        };
        refused(r#"{"kind":"fly","cells":[1]}"#, "unknown variant `fly`");
        refused(r#"{"cells":[1]}"#, "missing field `kind`");
        refused(r#"{"kind":"little_killer","cells":[8,16],"sum":9}"#, "missing field `clue`");
        refused(r#"{"kind":"thermometer"}"#, "missing field `cells`");
        refused(r#"{"kind":"kropki","cells":[1,2,3],"dot":"white"}"#, "length 3");
        refused(r#"{"kind":"kropki","cells":[1,2],"dot":"grey"}"#, "grey");
        refused(r#"{"kind":"xv","cells":[1,2],"sum":300}"#, "300");
        refused(r#"{"kind":"sandwich","line":[1,2],"sum":3,"start":true}"#, "row or column");
        refused(r#"{"kind":"sandwich","line":{"kind":"diagonal","index":1},"sum":3,"start":true}"#, "diagonal");
        refused(r#"{"kind":"arrow","circle":[0],"line":{"kind":"row","index":1}}"#, "sequence");
        refused(r#"{"kind":"arrow","circle":[0],"line":"r1"}"#, "a row or column");
        refused(r#"{"kind":"parity","cell":-1,"even":true}"#, "-1");
        refused(r#"{"kind":"killer","cells":[1],"sum":-3}"#, "-3");
        refused(r#"[1,2]"#, "invalid type");
        refused(r#"{"kind":"killer","cells":[1]"#, "EOF");
    }
}
