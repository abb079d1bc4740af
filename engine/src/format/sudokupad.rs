//! SudokuPad / SudokuExchange compressed classic puzzles.
//!
//! One character per given-or-blank cell, from the 60-character alphabet `0-9A-Za-x`: the
//! character's index `v` means "the cell holds digit `v % 10` (0 = blank), then `v / 10` more
//! blank cells follow" (0-5). So a 9x9 puzzle with long runs of blanks shrinks to ~30 characters.
//! Links carry it after a `scf` or `classic` prefix, or as `?s=`/`sudokupad.app/` parameters;
//! `strip_prefix` handles the prefixes, the link parser the rest. Digits 1-9 only, so this fits
//! 4x4 and 9x9 grids.
//!
//! SudokuPad's own puzzles (`scl<payload>`, also `ctc<payload>`) are its JSON, lz-string
//! compressed (`compressed.rs`): `cells` is the grid, rows of cell objects (`{"value": 5}` for a
//! given, `{}` for an empty cell), `regions` lists each box's `[row, col]` cells, and `cages`,
//! `lines`, `arrows`, `overlays`, `underlays` draw constraints (a cage without cells is metadata:
//! the title, the author, the rules). SudokuPad also shortens its JSON before compressing it:
//! keys lose their quotes and some are abbreviated (`cells` → `ce`, `value` → `v`, `regions` →
//! `re`…), strings take single quotes, an empty cell object in a list is left out (`[{v:5},,]`),
//! `true`/`false` become `t`/`f` and colours lose their `#`. `unzip` reads that form. inkdoku
//! plays 4x4, 9x9 and 16x16 grids with their usual boxes and no other constraint.

use super::{FormatError, Rule};
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use serde_json::{Map, Number, Value, json};

const ALPHABET: &[u8; 60] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";
const FORMAT: &str = "a SudokuPad puzzle string";

fn value_of(c: char) -> Option<usize> {
    ALPHABET.iter().position(|&a| a as char == c)
}

/// If the text is a compressed string (optionally behind `scf` or `classic`), returns it.
pub fn strip_prefix(text: &str) -> Option<&str> {
    let body = text.strip_prefix("scf").or_else(|| text.strip_prefix("classic")).unwrap_or(text);
    (!body.is_empty() && body.chars().all(|c| value_of(c).is_some())).then_some(body)
}

/// Reads a compressed string (no prefix).
pub fn parse(packed: &str) -> Result<Grid, FormatError> {
    let mut cells: Vec<Option<Digit>> = Vec::new();
    for (i, ch) in packed.chars().enumerate() {
        let v = value_of(ch).ok_or(FormatError::BadCharacter { ch, position: i + 1, format: FORMAT })?;
        cells.push(Digit::new((v % 10) as u8));
        cells.extend(std::iter::repeat_n(None, v / 10));
        if cells.len() > Size::Nine.cell_count() {
            break;
        }
    }
    let size = match cells.len() {
        16 => Size::Four,
        81 => Size::Nine,
        n => return Err(FormatError::CellCount { found: n }),
    };
    if let Some(pos) = cells.iter().position(|c| c.is_some_and(|d| !d.fits(size))) {
        let d = cells[pos].expect("checked");
        return Err(FormatError::BadCell { ch: size_char(d), row: pos / size.side() + 1, col: pos % size.side() + 1, size });
    }
    Ok(Grid::from_cells(size, cells).expect("checked"))
}

fn size_char(d: Digit) -> char {
    (b'0' + d.get()) as char
}

/// Writes a grid as a compressed string; `None` for 16x16 grids (the format has digits 1-9).
pub fn write(grid: &Grid) -> Option<String> {
    if grid.size() == Size::Sixteen {
        return None;
    }
    let mut out = String::new();
    let cells = grid.cells();
    let mut i = 0;
    while i < cells.len() {
        let digit = cells[i].map_or(0, |d| d.get() as usize);
        let mut blanks = 0;
        while blanks < 5 && i + 1 + blanks < cells.len() && cells[i + 1 + blanks].is_none() {
            blanks += 1;
        }
        out.push(ALPHABET[digit + 10 * blanks] as char);
        i += 1 + blanks;
    }
    Some(out)
}

pub(crate) const JSON_FORMAT: &str = "SudokuPad";

fn damaged(reason: &'static str) -> FormatError {
    FormatError::Damaged { format: JSON_FORMAT, reason }
}

/// A key of SudokuPad's JSON, by its full or its shortened name.
fn field<'a>(object: &'a Map<String, Value>, long: &str, short: &str) -> Option<&'a Value> {
    object.get(long).or_else(|| object.get(short))
}

/// Reads SudokuPad's JSON (already decompressed and parsed, or unzipped).
pub fn from_json(value: &Value) -> Result<Grid, FormatError> {
    let object = value.as_object().ok_or(damaged("it is not a JSON object"))?;
    let rows = field(object, "cells", "ce").and_then(Value::as_array).ok_or(damaged("it has no cells"))?;
    let side = rows.len();
    let size = Size::from_side(side).ok_or(FormatError::GridSide { format: JSON_FORMAT, side })?;
    if rows.iter().any(|r| r.as_array().is_none_or(|r| r.len() != side)) {
        return Err(damaged("its rows of cells are not square"));
    }
    let non_empty = |v: Option<&Value>| v.and_then(Value::as_array).is_some_and(|a| !a.is_empty());
    let mut rules = Vec::new();
    // Cages with cells are killer cages (with a sum) or extra regions; without, metadata.
    for cage in field(object, "cages", "ca").and_then(Value::as_array).into_iter().flatten() {
        let cage = cage.as_object();
        if cage.is_some_and(|c| non_empty(c.get("cells").or_else(|| c.get("ce")))) {
            let sum = cage.and_then(|c| field(c, "value", "v")).is_some_and(|v| super::fpuzzles::number(v).is_some());
            rules.push(if sum { Rule::KillerCages } else { Rule::ExtraRegions });
        }
    }
    for (long, short, rule) in
        [("lines", "l", Rule::Lines), ("arrows", "a", Rule::Arrows), ("overlays", "o", Rule::Drawings), ("underlays", "u", Rule::Drawings)]
    {
        if non_empty(field(object, long, short)) {
            rules.push(rule);
        }
    }
    if let Some(regions) = field(object, "regions", "re")
        && !standard_regions(size, regions)
    {
        rules.push(Rule::IrregularRegions);
    }
    if !rules.is_empty() {
        rules.sort();
        rules.dedup();
        return Err(FormatError::Variant { format: JSON_FORMAT, rules });
    }
    let mut cells = Vec::with_capacity(size.cell_count());
    for (i, c) in rows.iter().flat_map(|r| r.as_array().into_iter().flatten()).enumerate() {
        let value = c.as_object().and_then(|c| field(c, "value", "v")).filter(|v| !v.is_null() && *v != "");
        let digit = match value {
            None => None,
            Some(v) => {
                let n = super::fpuzzles::number(v).ok_or(damaged("a cell's value is not a number"))?;
                let d = u8::try_from(n).ok().and_then(Digit::new).filter(|d| d.fits(size));
                Some(d.ok_or(FormatError::BadCell {
                    ch: char::from_digit(n.clamp(0, 35) as u32, 36).unwrap_or('?'),
                    row: i / side + 1,
                    col: i % side + 1,
                    size,
                })?)
            }
        };
        cells.push(digit);
    }
    Grid::from_cells(size, cells).ok_or(damaged("its rows of cells are not square"))
}

/// Whether `regions` are the grid's usual boxes (in any order).
fn standard_regions(size: Size, regions: &Value) -> bool {
    let Some(regions) = regions.as_array() else { return false };
    if regions.len() != size.side() {
        return false;
    }
    let mut seen = vec![false; size.side()];
    for region in regions {
        let Some(cells) = region.as_array() else { return false };
        let mut boxes = cells.iter().map(|rc| {
            let pair = rc.as_array()?;
            let index = |v: &Value| v.as_u64().and_then(|n| usize::try_from(n).ok());
            let (r, c) = (index(pair.first()?)?, index(pair.get(1)?)?);
            (pair.len() == 2 && r < size.side() && c < size.side()).then(|| size.box_of(size.cell(r, c)))
        });
        let Some(Some(first)) = boxes.next() else { return false };
        if cells.len() != size.side() || seen[first] || !boxes.all(|b| b == Some(first)) {
            return false;
        }
        seen[first] = true;
    }
    true
}

/// SudokuPad's JSON of a classic puzzle: its cells (givens as values) and its boxes.
pub fn to_json(grid: &Grid) -> String {
    let size = grid.size();
    let side = size.side();
    let rows: Vec<Value> = grid
        .cells()
        .chunks(side)
        .map(|row| Value::Array(row.iter().map(|c| c.map_or(json!({}), |d| json!({"value": d.get()}))).collect()))
        .collect();
    let mut regions = vec![Vec::new(); side];
    for i in 0..size.cell_count() {
        regions[size.box_of(Cell::new(i))].push(json!([i / side, i % side]));
    }
    json!({"cells": rows, "regions": regions}).to_string()
}

/// Reads SudokuPad's shortened JSON (see the module's description) as JSON; `None` if it is
/// not that either. Nesting deeper than 64 is refused.
pub fn unzip(text: &str) -> Option<Value> {
    let mut reader = Unzip { chars: text.chars().collect(), pos: 0, depth: 0 };
    let value = reader.value()?;
    reader.skip_space();
    (reader.pos == reader.chars.len()).then_some(value)
}

struct Unzip {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

impl Unzip {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Option<Value> {
        self.skip_space();
        match self.peek()? {
            '{' | '[' => {
                self.depth += 1;
                if self.depth > 64 {
                    return None;
                }
                let v = if self.peek()? == '{' { self.object() } else { self.array() };
                self.depth -= 1;
                v
            }
            q @ ('\'' | '"') => self.string(q).map(Value::String),
            _ => self.token(),
        }
    }

    fn object(&mut self) -> Option<Value> {
        self.pos += 1;
        let mut map = Map::new();
        loop {
            self.skip_space();
            match self.peek()? {
                '}' => {
                    self.pos += 1;
                    return Some(Value::Object(map));
                }
                q @ ('\'' | '"') => {
                    let key = self.string(q)?;
                    self.entry(&mut map, key)?;
                }
                _ => {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
                        self.pos += 1;
                    }
                    if self.pos == start {
                        return None;
                    }
                    let key: String = self.chars[start..self.pos].iter().collect();
                    self.entry(&mut map, key)?;
                }
            }
            self.skip_space();
            match self.peek()? {
                ',' => self.pos += 1,
                '}' => {}
                _ => return None,
            }
        }
    }

    fn entry(&mut self, map: &mut Map<String, Value>, key: String) -> Option<()> {
        self.skip_space();
        (self.peek()? == ':').then_some(())?;
        self.pos += 1;
        let v = self.value()?;
        map.insert(key, v);
        Some(())
    }

    /// A list; a missing element (`[,` `,,` `,]`, and `[]`) is an empty object.
    fn array(&mut self) -> Option<Value> {
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek()? {
                ',' | ']' => items.push(Value::Object(Map::new())),
                _ => items.push(self.value()?),
            }
            self.skip_space();
            match self.peek()? {
                ',' => self.pos += 1,
                ']' => {
                    self.pos += 1;
                    return Some(Value::Array(items));
                }
                _ => return None,
            }
        }
    }

    fn string(&mut self, quote: char) -> Option<String> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let c = self.peek()?;
            self.pos += 1;
            match c {
                '\\' => {
                    let e = self.peek()?;
                    self.pos += 1;
                    out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        other => other,
                    });
                }
                c if c == quote => return Some(out),
                c => out.push(c),
            }
        }
    }

    fn token(&mut self) -> Option<Value> {
        let start = self.pos;
        while self.peek().is_some_and(|c| !matches!(c, ',' | '}' | ']' | ':') && !c.is_whitespace()) {
            self.pos += 1;
        }
        let token: String = self.chars[start..self.pos].iter().collect();
        Some(match token.as_str() {
            "" => return None,
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            t if t.len() == 6 && t.chars().all(|c| c.is_ascii_hexdigit()) => Value::String(format!("#{t}")),
            t => {
                if let Ok(n) = t.parse::<i64>() {
                    Value::Number(n.into())
                } else {
                    Value::Number(Number::from_f64(t.parse::<f64>().ok()?)?)
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    #[test]
    fn round_trips_nine_and_four() {
        let g = line::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let packed = write(&g).unwrap();
        assert!(packed.len() < 40, "{packed}");
        assert_eq!(parse(&packed).unwrap(), g);
        let four = line::parse("1...2...3...4...").unwrap();
        assert_eq!(parse(&write(&four).unwrap()).unwrap(), four);
    }

    #[test]
    fn decodes_by_the_rule() {
        // 'x' = 59: digit 9 then 5 blanks; 'U' = 30: blank then 3 blanks.
        let g = parse(&("xU".to_string() + &"0".repeat(71))).unwrap();
        assert_eq!(g.get(Size::Nine.cell(0, 0)), Digit::new(9));
        assert_eq!(g.filled_count(), 1);
    }

    #[test]
    fn errors() {
        assert_eq!(parse("12"), Err(FormatError::CellCount { found: 2 }));
        assert!(matches!(parse("1z"), Err(FormatError::BadCharacter { ch: 'z', position: 2, .. })));
        assert_eq!(strip_prefix("scf"), None);
        assert_eq!(strip_prefix("scfAB"), Some("AB"));
        let four_with_nine = "9".to_string() + &"0".repeat(15);
        assert!(matches!(parse(&four_with_nine), Err(FormatError::BadCell { ch: '9', .. })));
    }

    #[test]
    fn scl_json_round_trips_and_unzips() {
        for text in ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "1...2...3...4..."] {
            let g = line::parse(text).unwrap();
            let v: Value = serde_json::from_str(&to_json(&g)).unwrap();
            assert_eq!(from_json(&v).unwrap(), g);
        }
        // The shortened form, written by hand after the description: a 4x4 with a title cage.
        let zipped = "{ce:[[{v:1},,,],[,{v:'3'},,],[,,,{c:FF0000}],[,,,]],ca:[{v:'title: It\\'s mine'}],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],settings:{x:t,y:f}}";
        let v = unzip(zipped).unwrap();
        assert_eq!(v["ca"][0]["v"], "title: It's mine");
        assert_eq!(v["ce"][2][3]["c"], "#FF0000");
        assert_eq!(from_json(&v).unwrap(), line::parse("1....3..........").unwrap());
        assert_eq!(unzip("[]").unwrap(), json!([{}]));
        assert_eq!(unzip("{a:[1,,]}").unwrap(), json!({"a": [1, {}, {}]}));
        for bad in ["{", "{a:}", "[1 2]", "'open", "{:1}", &"[".repeat(100)] {
            assert_eq!(unzip(bad), None, "{bad}");
        }
    }

    #[test]
    fn scl_variants_are_named() {
        let g = line::parse("1...2...3...4...").unwrap();
        let mut v: Value = serde_json::from_str(&to_json(&g)).unwrap();
        v["cages"] = json!([{"cells": [[0, 0], [0, 1]], "value": 5}, {"value": "author: me"}]);
        v["lines"] = json!([{"wayPoints": [[0.5, 0.5], [1.5, 0.5]]}]);
        assert_eq!(from_json(&v), Err(FormatError::Variant { format: JSON_FORMAT, rules: vec![Rule::KillerCages, Rule::Lines] }));
        let mut v: Value = serde_json::from_str(&to_json(&g)).unwrap();
        v["regions"][0][0] = json!([3, 3]);
        assert_eq!(from_json(&v), Err(FormatError::Variant { format: JSON_FORMAT, rules: vec![Rule::IrregularRegions] }));
    }
}
