//! f-puzzles puzzles: the JSON f-puzzles exports, lz-string compressed (`compressed.rs`), in
//! f-puzzles' own links (`?load=<payload>`) and in SudokuPad's (`?puzzleid=fpuzzles<payload>`).
//!
//! The JSON, as f-puzzles describes it: `size` (the grid's side), `grid` (rows of cell objects:
//! `{"value": 5, "given": true}` for a given, `{}` for an empty cell; a value without `given` is
//! a solver's entry; `region` when a cell was moved to another region; marks and colours),
//! optional `title`, `author`, `ruleset`, `solution`, and one key per kind of constraint
//! (`killercage`, `thermometer`, `arrow`, … arrays; `diagonal+`, `antiknight`, … booleans).
//! inkdoku plays classic puzzles only: any constraint is refused with its name.

use super::{FormatError, Rule};
use crate::geometry::{Digit, Size};
use crate::grid::Grid;
use serde_json::{Map, Value, json};

pub(crate) const FORMAT: &str = "f-puzzles";

/// Keys that carry no rule (metadata, the solution, display settings).
const HARMLESS: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "highlightSeenCells",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The rule an f-puzzles key stands for.
fn rule_of(key: &str) -> Rule {
    match key {
        "killercage" => Rule::KillerCages,
        "littlekillersum" => Rule::LittleKillers,
        "sandwichsum" => Rule::Sandwiches,
        "thermometer" | "slowthermometer" => Rule::Thermometers,
        "arrow" | "doublearrow" => Rule::Arrows,
        "diagonal+" | "diagonal-" => Rule::Diagonals,
        "antiknight" => Rule::AntiKnight,
        "antiking" => Rule::AntiKing,
        "disjointgroups" => Rule::DisjointGroups,
        "nonconsecutive" => Rule::NonConsecutive,
        "odd" | "even" => Rule::OddEven,
        "minimum" | "maximum" => Rule::MinMax,
        "extraregion" => Rule::ExtraRegions,
        "quadruple" => Rule::Quadruples,
        "difference" | "ratio" | "xv" | "negative" => Rule::Dots,
        "betweenline" | "palindrome" | "renban" | "whispers" | "regionsumline" | "entropicline" | "modularline" | "lockout" | "zipper" => {
            Rule::Lines
        }
        "clone" => Rule::Clones,
        "xsum" | "skyscraper" | "rowindexer" | "columnindexer" | "boxindexer" => Rule::OutsideClues,
        "text" | "line" | "rectangle" | "circle" | "cage" => Rule::Drawings,
        _ => Rule::Other,
    }
}

/// Whether a key's value asks for anything: `true`, a non-empty array or object, a number
/// other than 0, a non-empty string.
fn present(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// A cell's value as a number, whether f-puzzles wrote it as a number or a string.
pub(crate) fn number(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn damaged(reason: &'static str) -> FormatError {
    FormatError::Damaged { format: FORMAT, reason }
}

/// Reads f-puzzles' JSON (already decompressed and parsed).
pub fn from_json(value: &Value) -> Result<Grid, FormatError> {
    let object = value.as_object().ok_or(damaged("it is not a JSON object"))?;
    let rows = object.get("grid").and_then(Value::as_array).ok_or(damaged("it has no grid"))?;
    let side = match object.get("size") {
        Some(s) => number(s).and_then(|n| usize::try_from(n).ok()).ok_or(damaged("its size is not a number"))?,
        None => rows.len(),
    };
    let mut rules: Vec<Rule> =
        object.iter().filter(|(k, v)| !HARMLESS.contains(&k.as_str()) && present(v)).map(|(k, _)| rule_of(k)).collect();
    rules.sort();
    rules.dedup();
    if !rules.is_empty() {
        return Err(FormatError::Variant { format: FORMAT, rules });
    }
    let size = Size::from_side(side).ok_or(FormatError::GridSide { format: FORMAT, side })?;
    if rows.len() != side || rows.iter().any(|r| r.as_array().is_none_or(|r| r.len() != side)) {
        return Err(damaged("its grid's rows do not match its size"));
    }
    let cell_objects: Vec<&Map<String, Value>> =
        rows.iter().flat_map(|r| r.as_array().into_iter().flatten()).filter_map(Value::as_object).collect();
    if cell_objects.len() != size.cell_count() {
        return Err(damaged("a cell of its grid is not an object"));
    }
    // A cell moved to another region makes the regions irregular.
    let moved = cell_objects.iter().enumerate().any(|(i, c)| {
        c.get("region").is_some_and(|r| r.is_number() && number(r) != Some(size.box_of(crate::geometry::Cell::new(i)) as i64))
    });
    if moved {
        return Err(FormatError::Variant { format: FORMAT, rules: vec![Rule::IrregularRegions] });
    }
    // Givens are the values marked `given`; a puzzle that marks none (made by hand) gives all.
    let any_given = cell_objects.iter().any(|c| c.get("given").is_some_and(|g| g.as_bool() == Some(true)));
    let mut cells = Vec::with_capacity(size.cell_count());
    for (i, c) in cell_objects.iter().enumerate() {
        let given = !any_given || c.get("given").and_then(Value::as_bool) == Some(true);
        let value = c.get("value").filter(|v| !v.is_null());
        let digit = match value {
            Some(v) if given => {
                let n = number(v).ok_or(damaged("a cell's value is not a number"))?;
                if n == 0 {
                    None
                } else {
                    let d = u8::try_from(n).ok().and_then(Digit::new).filter(|d| d.fits(size));
                    Some(d.ok_or(FormatError::BadCell {
                        ch: char::from_digit((n.clamp(0, 35)) as u32, 36).unwrap_or('?'),
                        row: i / side + 1,
                        col: i % side + 1,
                        size,
                    })?)
                }
            }
            _ => None,
        };
        cells.push(digit);
    }
    Grid::from_cells(size, cells).ok_or(damaged("its grid's rows do not match its size"))
}

/// f-puzzles' JSON of a classic puzzle: its size and grid of givens.
pub fn to_json(grid: &Grid) -> String {
    let side = grid.size().side();
    let rows: Vec<Value> = grid
        .cells()
        .chunks(side)
        .map(|row| Value::Array(row.iter().map(|c| c.map_or(json!({}), |d| json!({"value": d.get(), "given": true}))).collect()))
        .collect();
    json!({"size": side, "grid": rows}).to_string()
}

/// The f-puzzles payload of a classic puzzle (lz-string base64 of `to_json`).
pub fn write(grid: &Grid) -> String {
    super::compressed::compress(&to_json(grid))
}

/// Reads an f-puzzles payload (no prefix).
pub fn parse(payload: &str) -> Result<Grid, FormatError> {
    let json = super::compressed::decompress(payload, FORMAT)?;
    let value: Value = serde_json::from_str(&json).map_err(|_| damaged("its contents are not JSON"))?;
    from_json(&value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn round_trips_every_size() {
        for text in [PUZZLE, "1...2...3...4...", &format!("G{}", ".".repeat(255))] {
            let g = line::parse(text).unwrap();
            let payload = write(&g);
            assert!(payload.starts_with("N4Ig"), "{payload}");
            assert_eq!(parse(&payload).unwrap(), g);
        }
    }

    #[test]
    fn reads_the_described_json() {
        // Built by hand after f-puzzles' description: a 4x4 with two givens, a solver's entry
        // (not a given), marks and a title.
        let json = r##"{"size":4,"title":"t","author":"a","ruleset":"","grid":[
            [{"value":1,"given":true},{"centerPencilMarks":[2,3]},{},{}],
            [{},{"value":"3","given":true},{"value":4},{}],
            [{},{},{},{"c":"#FF0000"}],[{},{},{},{}]],"killercage":[],"diagonal+":false}"##;
        let g = parse(&super::super::compressed::compress(json)).unwrap();
        assert_eq!(g, line::parse("1....3..........").unwrap());
    }

    #[test]
    fn variants_are_named() {
        let json = r#"{"size":9,"grid":[],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],
            "thermometer":[{"lines":[["R1C1","R1C2"]]}],"antiknight":true,"diagonal-":true,"diagonal+":true}"#;
        let v: Value = serde_json::from_str(json).unwrap();
        let e = from_json(&v).unwrap_err();
        assert_eq!(
            e,
            FormatError::Variant { format: FORMAT, rules: vec![Rule::KillerCages, Rule::Thermometers, Rule::Diagonals, Rule::AntiKnight] }
        );
        assert_eq!(
            e.to_string(),
            "this f-puzzles puzzle has rules inkdoku does not play: killer cages, thermometers, diagonals, anti-knight"
        );
        // Irregular regions show in the cells.
        let g = line::parse("1...2...3...4...").unwrap();
        let mut v: Value = serde_json::from_str(&to_json(&g)).unwrap();
        v["grid"][0][2] = json!({"region": 2});
        assert!(matches!(from_json(&v), Err(FormatError::Variant { rules, .. }) if rules == vec![Rule::IrregularRegions]));
        v["grid"][0][2] = json!({"region": 1});
        assert_eq!(from_json(&v).unwrap(), g);
    }

    #[test]
    fn damaged_payloads_say_why() {
        assert!(matches!(parse("N4Ig!!"), Err(FormatError::BadCharacter { ch: '!', position: 5, .. })));
        let whole = write(&line::parse(PUZZLE).unwrap());
        assert!(matches!(parse(&whole[..whole.len() / 2]), Err(FormatError::Damaged { .. })));
        assert!(matches!(parse(&super::super::compressed::compress("[1,2]")), Err(FormatError::Damaged { .. })));
        let long = "N4Ig".to_string() + &"A".repeat(super::super::compressed::MAX_PAYLOAD);
        assert!(matches!(parse(&long), Err(FormatError::Damaged { reason: "it is longer than any classic puzzle", .. })));
        let six = r#"{"size":6,"grid":[]}"#;
        assert_eq!(parse(&super::super::compressed::compress(six)), Err(FormatError::GridSide { format: FORMAT, side: 6 }));
        let bad = r#"{"size":4,"grid":[[{"value":7,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        assert!(matches!(parse(&super::super::compressed::compress(bad)), Err(FormatError::BadCell { ch: '7', row: 1, col: 1, .. })));
    }
}
