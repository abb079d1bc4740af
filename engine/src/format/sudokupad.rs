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
//! `true`/`false` become `t`/`f` and colours lose their `#`. `unzip` reads that form.
//!
//! `from_json` reads a classic grid and refuses anything drawn (what the app calls today).
//! `from_json_puzzle`/`parse_puzzle` read a variant `Puzzle`. SudokuPad has no constraint
//! types: it draws them, so they are recognised from their shapes, colours and the rules
//! text, as SudokuPad's own f-puzzles converter draws them (points are `[row, column]` in
//! cell units from the top-left corner; a cell's centre is `[r + 0.5, c + 0.5]`):
//! - `cages` with cells and a numeric `value`: killer cages; with cells and no value: killer
//!   cages when the rules speak of cages, extra regions when they speak of extra regions,
//!   else refused; without cells: `title: …`, `author: …`, `rules: …` lines (→ `About`);
//! - `regions`: irregular regions unless they are the usual boxes (each cell in one region);
//! - `lines` (`wayPoints` through cell centres, straight or diagonal between them): a
//!   thermometer when a big round shape of the line's colour (its bulb) sits on one end (and
//!   the rules do not speak of slow thermometers); else by colour — green: German whispers
//!   (not Dutch), pink/purple: renban, grey: palindrome (only when the rules say so);
//! - `arrows`: an arrow whose first point is in a big round shape (the circle, or a pill over
//!   2-3 cells), the shaft the cells after it;
//! - small round `overlays`/`underlays` on the midpoint of an edge: kropki dots, white or
//!   black by their fill; text `X` / `V` on an edge: XV clues;
//! - the rules text alone: anti-knight, anti-king, non-consecutive, disjoint groups, "all
//!   possible dots / X and V are given" (the negative rules), by their usual words.
//!
//! Where the rules text exists, a shape whose meaning it decides must be named in it (a green
//! line is whispers only if the rules mention whispers). Anything else — text in cells, other
//! colours, lines not along cells, a dot of another colour — is refused, naming it
//! (`Rule::Drawings`, `Rule::Lines`, …): never a silently different puzzle. The puzzle read
//! is validated (`variant::validate`).

use super::{FormatError, Rule};
use crate::geometry::cell_name;
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use crate::variant::validate::{VariantError, validate};
use crate::variant::{About, Constraint, Dot, Puzzle};
use serde_json::{Map, Number, Value, json};

const ALPHABET: &[u8; 60] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";
const FORMAT: &str = "a SudokuPad puzzle string";

#[inline]
fn value_of(c: char) -> Option<usize> {
    ALPHABET.iter().position(|&a| a as char == c)
}

/// If the text is a compressed string (optionally behind `scf` or `classic`), returns it.
#[inline]
pub fn strip_prefix(text: &str) -> Option<&str> {
    let body = text.strip_prefix("scf").or_else(|| text.strip_prefix("classic")).unwrap_or(text);
    (!body.is_empty() && body.chars().all(|c| value_of(c).is_some())).then_some(body)
}

/// Reads a compressed string (no prefix).
#[inline]
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
    let size = match Size::from_cell_count(cells.len()) {
        Some(size) if size != Size::Sixteen => size,
        _ => return Err(FormatError::CellCount { found: cells.len() }),
    };
    if let Some(pos) = cells.iter().position(|c| c.is_some_and(|d| !d.fits(size))) {
        let d = cells[pos].expect("checked");
        return Err(FormatError::BadCell { ch: size_char(d), row: pos / size.side() + 1, col: pos % size.side() + 1, size });
    }
    Ok(Grid::from_cells(size, cells).expect("checked"))
}

#[inline]
fn size_char(d: Digit) -> char {
    (b'0' + d.get()) as char
}

/// Writes a grid (4x4, 6x6 or 9x9) as a compressed string; `None` for 16x16 grids (the format has digits 1-9).
#[inline]
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

#[inline]
fn damaged(reason: &'static str) -> FormatError {
    FormatError::Damaged { format: JSON_FORMAT, reason }
}

/// A key of SudokuPad's JSON, by its full or its shortened name.
#[inline]
fn field<'a>(object: &'a Map<String, Value>, long: &str, short: &str) -> Option<&'a Value> {
    object.get(long).or_else(|| object.get(short))
}

/// Reads SudokuPad's JSON (already decompressed and parsed, or unzipped).
#[inline]
pub fn from_json(value: &Value) -> Result<Grid, FormatError> {
    let object = value.as_object().ok_or(damaged("it is not a JSON object"))?;
    let (size, rows) = grid_rows(object)?;
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
        Rule::sort(&mut rules);
        return Err(FormatError::Variant { format: JSON_FORMAT, rules });
    }
    givens(size, rows)
}

/// The grid's size and its rows of cells.
#[inline]
fn grid_rows(object: &Map<String, Value>) -> Result<(Size, &[Value]), FormatError> {
    let rows = field(object, "cells", "ce").and_then(Value::as_array).ok_or(damaged("it has no cells"))?;
    let side = rows.len();
    let size = Size::from_side(side).ok_or(FormatError::GridSide { format: JSON_FORMAT, side })?;
    if rows.iter().any(|r| r.as_array().is_none_or(|r| r.len() != side)) {
        return Err(damaged("its rows of cells are not square"));
    }
    Ok((size, rows))
}

/// The givens: each cell's `value`.
#[inline]
fn givens(size: Size, rows: &[Value]) -> Result<Grid, FormatError> {
    let side = size.side();
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
#[inline]
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
#[inline]
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
#[inline]
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
    #[inline]
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    #[inline]
    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    #[inline]
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

    #[inline]
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

    #[inline]
    fn entry(&mut self, map: &mut Map<String, Value>, key: String) -> Option<()> {
        self.skip_space();
        (self.peek()? == ':').then_some(())?;
        self.pos += 1;
        let v = self.value()?;
        map.insert(key, v);
        Some(())
    }

    /// A list; a missing element (`[,` `,,` `,]`, and `[]`) is an empty object.
    #[inline]
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

    #[inline]
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

    #[inline]
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

// ---- Variant puzzles -------------------------------------------------------------------------

/// A colour as red, green, blue; `None` for none or a transparent one.
#[inline]
fn colour(v: Option<&Value>) -> Option<(u8, u8, u8)> {
    let text = v?.as_str()?.trim().to_ascii_lowercase();
    match text.as_str() {
        "white" => return Some((255, 255, 255)),
        "black" => return Some((0, 0, 0)),
        _ => {}
    }
    let hex = text.strip_prefix('#').filter(|h| h.is_ascii())?;
    let channel = |s: &str| u8::from_str_radix(s, 16).ok();
    let (rgb, alpha) = match hex.len() {
        3 | 4 => {
            let d: Vec<u8> = hex.chars().map(|c| c.to_digit(16).map(|d| d as u8 * 17)).collect::<Option<_>>()?;
            ((d[0], d[1], d[2]), d.get(3).copied().unwrap_or(255))
        }
        6 | 8 => ((channel(&hex[0..2])?, channel(&hex[2..4])?, channel(&hex[4..6])?), hex.get(6..8).map_or(Some(255), channel)?),
        _ => return None,
    };
    (alpha > 0).then_some(rgb)
}

/// The families of colours SudokuPad's constraints are drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hue {
    White,
    Black,
    Grey,
    Green,
    Pink,
    Other,
}

#[inline]
fn hue((r, g, b): (u8, u8, u8)) -> Hue {
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    match () {
        _ if min >= 0xF0 => Hue::White,
        _ if max <= 0x30 => Hue::Black,
        _ if max - min <= 0x18 => Hue::Grey,
        _ if g > r.saturating_add(0x40) && g > b.saturating_add(0x40) => Hue::Green,
        _ if r > g.saturating_add(0x40) && b > g.saturating_add(0x40) => Hue::Pink,
        _ => Hue::Other,
    }
}

/// A point in grid units as SudokuPad writes it: `[row, column]`, 0 at the top-left corner.
#[inline]
fn point(v: &Value) -> Option<(f64, f64)> {
    let pair = v.as_array()?;
    let (r, c) = (pair.first()?.as_f64()?, pair.get(1)?.as_f64()?);
    (pair.len() == 2 && r.is_finite() && c.is_finite()).then_some((r, c))
}

/// Whether `x` is within a hundredth of `to`.
#[inline]
fn near(x: f64, to: f64) -> bool {
    (x - to).abs() < 0.01
}

/// The cell whose centre is at the point.
#[inline]
fn centre_cell(size: Size, (r, c): (f64, f64)) -> Option<Cell> {
    let side = size.side() as f64;
    let on = |x: f64| near(x.fract(), 0.5) && x > 0.0 && x < side;
    (on(r) && on(c)).then(|| size.cell(r as usize, c as usize))
}

/// The two cells either side of the midpoint of an edge at the point.
#[inline]
fn edge_cells(size: Size, (r, c): (f64, f64)) -> Option<[Cell; 2]> {
    let side = size.side() as f64;
    let half = |x: f64| near(x.fract(), 0.5) && x > 0.0 && x < side;
    let inner_edge = |x: f64| near(x, x.round()) && x.round() >= 1.0 && x.round() < side;
    if half(r) && inner_edge(c) {
        let (r, c) = (r as usize, c.round() as usize);
        Some([size.cell(r, c - 1), size.cell(r, c)])
    } else if inner_edge(r) && half(c) {
        let (r, c) = (r.round() as usize, c as usize);
        Some([size.cell(r - 1, c), size.cell(r, c)])
    } else {
        None
    }
}

/// The cells a line through the points passes, each a king's move from the last (points in
/// cells, straight or diagonal between them); `None` for any other path.
#[inline]
fn path_cells(size: Size, points: &[(f64, f64)]) -> Option<Vec<Cell>> {
    let side = size.side() as i64;
    let mut cells: Vec<(i64, i64)> = Vec::new();
    for &(r, c) in points {
        let (r, c) = (r.floor() as i64, c.floor() as i64);
        if !(0..side).contains(&r) || !(0..side).contains(&c) {
            return None;
        }
        match cells.last().copied() {
            Some(last) if last == (r, c) => {}
            Some((lr, lc)) => {
                let (dr, dc) = (r - lr, c - lc);
                if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
                    return None;
                }
                let steps = dr.abs().max(dc.abs());
                cells.extend((1..=steps).map(|i| (lr + dr.signum() * i, lc + dc.signum() * i)));
            }
            None => cells.push((r, c)),
        }
    }
    Some(cells.into_iter().map(|(r, c)| size.cell(r as usize, c as usize)).collect())
}

/// An overlay or underlay: a rectangle or circle, maybe with text.
struct Shape {
    centre: (f64, f64),
    width: f64,
    height: f64,
    rounded: bool,
    fill: Option<(u8, u8, u8)>,
    text: String,
    /// Whether a constraint was read from it (a thermometer's bulb, an arrow's circle).
    used: bool,
    /// Whether it is a thermometer's bulb (not an arrow's circle).
    bulb: bool,
}

impl Shape {
    #[inline]
    fn read(v: &Value) -> Option<Shape> {
        let o = v.as_object()?;
        let num = |long, short, default| field(o, long, short).map_or(Some(default), Value::as_f64);
        let text = field(o, "text", "te").map(|t| t.as_str().map_or_else(|| t.to_string(), str::to_string)).unwrap_or_default();
        Some(Shape {
            centre: point(field(o, "center", "ct")?)?,
            width: num("width", "w", 1.0)?,
            height: num("height", "h", 1.0)?,
            rounded: field(o, "rounded", "r").is_some_and(|r| r.as_bool() == Some(true)),
            fill: colour(field(o, "backgroundColor", "c2")),
            text: text.trim().to_string(),
            used: false,
            bulb: false,
        })
    }

    /// Whether the cell's centre is inside the shape.
    #[inline]
    fn covers(&self, size: Size, cell: Cell) -> bool {
        let (r, c) = (size.row_of(cell) as f64 + 0.5, size.col_of(cell) as f64 + 0.5);
        (r - self.centre.0).abs() < self.height / 2.0 && (c - self.centre.1).abs() < self.width / 2.0
    }

    /// A circle (or pill) big enough to hold a digit: a bulb or an arrow's circle.
    #[inline]
    fn is_big_round(&self) -> bool {
        self.rounded && self.width >= 0.6 && self.height >= 0.6
    }
}

/// Words of rules that speak of XV clues.
const XV_WORDS: &[&str] = &["xv", "x and v", "x or v", "x-v", "sum 10", "sum of 10", "sum to 10", "add up to 10", "sum 5", "sum to 5"];

/// What the rules text says, for the shapes whose meaning it decides.
struct RulesText(String);

impl RulesText {
    /// Whether the rules mention any of the words (lowercase); with no rules at all, the
    /// shape's usual meaning stands.
    #[inline]
    fn allows(&self, words: &[&str]) -> bool {
        self.0.trim().is_empty() || self.mentions(words)
    }

    #[inline]
    fn mentions(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.0.contains(w))
    }
}

/// The list under a key of SudokuPad's JSON (full or shortened name).
#[inline]
fn list<'a>(object: &'a Map<String, Value>, long: &str, short: &str) -> &'a [Value] {
    field(object, long, short).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// Cells written as `[row, column]` pairs (0-based).
#[inline]
fn pair_cells(size: Size, v: Option<&Value>) -> Option<Vec<Cell>> {
    let side = size.side() as u64;
    v?.as_array()?
        .iter()
        .map(|rc| {
            let pair = rc.as_array()?;
            let (r, c) = (pair.first()?.as_u64()?, pair.get(1)?.as_u64()?);
            (pair.len() == 2 && r < side && c < side).then(|| size.cell(r as usize, c as usize))
        })
        .collect()
}

/// The region of each cell from SudokuPad's `regions`; `None` when they are the usual boxes.
#[inline]
fn irregular_regions(size: Size, regions: &Value) -> Result<Option<Vec<u8>>, FormatError> {
    if standard_regions(size, regions) {
        return Ok(None);
    }
    let list = regions.as_array().ok_or(damaged("its regions are not a list"))?;
    if list.len() > size.side() {
        return Err(damaged("it has more regions than the grid's side"));
    }
    let mut of = vec![u8::MAX; size.cell_count()];
    for (i, region) in list.iter().enumerate() {
        for cell in pair_cells(size, Some(region)).ok_or(damaged("a region's cell is not [row, column] of the grid"))? {
            of[cell.index()] = i as u8;
        }
    }
    if let Some(cell) = of.iter().position(|&r| r == u8::MAX) {
        let reason = VariantError::Regions { reason: format!("{} is in no region", cell_name(size, Cell::new(cell))) };
        return Err(FormatError::BadConstraint { format: JSON_FORMAT, reason });
    }
    Ok(Some(of))
}

/// Reads SudokuPad's JSON as a variant puzzle: givens; `cages` with cells as killer cages (the
/// others are the title, author and rules); `regions` as irregular regions when they are not
/// the boxes; and the constraints SudokuPad draws, recognised by their shapes, colours and the
/// rules text (see the module's description). Anything else is refused, naming it; the puzzle
/// is validated (`variant::validate`).
#[inline]
pub fn from_json_puzzle(value: &Value) -> Result<Puzzle, FormatError> {
    let object = value.as_object().ok_or(damaged("it is not a JSON object"))?;
    let (size, rows) = grid_rows(object)?;
    let mut about = About::default();
    let mut refused = Vec::new();
    let mut constraints = Vec::new();
    let cages = list(object, "cages", "ca");
    for cage in cages.iter().filter_map(Value::as_object).filter(|c| field(c, "cells", "ce").is_none()) {
        let text = field(cage, "value", "v").and_then(Value::as_str).unwrap_or_default();
        let Some((key, rest)) = text.split_once(':') else { continue };
        let slot = match key.trim() {
            "title" => &mut about.title,
            "author" => &mut about.author,
            "rules" => &mut about.rules,
            _ => continue,
        };
        if !slot.is_empty() {
            slot.push('\n');
        }
        slot.push_str(rest.trim());
    }
    // ASCII's lower case is enough for the English words looked for, and keeps Unicode's case
    // tables out of the app's wasm (17 KB with the two other uses, issue 48).
    let rules = RulesText(about.rules.to_ascii_lowercase());
    for cage in cages.iter().filter_map(Value::as_object) {
        let Some(cells) = field(cage, "cells", "ce") else { continue };
        let cells = pair_cells(size, Some(cells)).ok_or(damaged("a cage's cell is not [row, column] of the grid"))?;
        if cells.is_empty() {
            continue;
        }
        let clue = field(cage, "value", "v").filter(|v| !v.is_null() && *v != "");
        match clue.map(super::fpuzzles::number) {
            Some(Some(sum)) => {
                let sum = u16::try_from(sum).map_err(|_| damaged("a cage's sum is not a number"))?;
                constraints.push(Constraint::Killer { cells, sum: Some(sum) });
            }
            // A cage without a sum: a killer cage when the rules speak of cages.
            None if rules.mentions(&["cage", "killer"]) => constraints.push(Constraint::Killer { cells, sum: None }),
            None if rules.mentions(&["extra region"]) => constraints.push(Constraint::ExtraRegion { cells }),
            _ => refused.push(Rule::KillerCages),
        }
    }
    let regions = match field(object, "regions", "re") {
        Some(r) => irregular_regions(size, r)?,
        None => None,
    };
    let mut shapes: Vec<Shape> = Vec::new();
    for shape in list(object, "underlays", "u").iter().chain(list(object, "overlays", "o")) {
        shapes.push(Shape::read(shape).ok_or(damaged("a drawn shape has no centre"))?);
    }
    let points =
        |line: &Map<String, Value>| -> Option<Vec<(f64, f64)>> { field(line, "wayPoints", "wp")?.as_array()?.iter().map(point).collect() };
    for line in list(object, "lines", "l") {
        let line = line.as_object().ok_or(damaged("a line is not a JSON object"))?;
        let cells = points(line).and_then(|p| path_cells(size, &p)).filter(|c| c.len() >= 2);
        let Some(mut cells) = cells else {
            refused.push(Rule::Drawings);
            continue;
        };
        // A thermometer: a big circle of the line's colour (its bulb) on one end.
        let line_colour = colour(field(line, "color", "c"));
        let bulb = |cells: &[Cell], shapes: &[Shape]| {
            shapes.iter().position(|s| s.is_big_round() && s.fill == line_colour && centre_cell(size, s.centre) == Some(cells[0]))
        };
        let bulb = match bulb(&cells, &shapes) {
            Some(b) => Some(b),
            None => {
                cells.reverse();
                let b = bulb(&cells, &shapes);
                if b.is_none() {
                    cells.reverse();
                }
                b
            }
        };
        let line_hue = line_colour.map_or(Hue::Other, hue);
        if let Some(b) = bulb {
            // The bulb is the thermometer's, read or refused with it. Thermometers that branch
            // from one bulb may each draw it again at the same place: every such copy is that
            // bulb (not a drawing left unread).
            let (fill, at) = (shapes[b].fill, centre_cell(size, shapes[b].centre));
            for s in shapes.iter_mut().filter(|s| s.is_big_round() && s.fill == fill && centre_cell(size, s.centre) == at) {
                s.used = true;
                s.bulb = true;
            }
            if rules.allows(&["thermo"]) && !rules.mentions(&["slow"]) {
                constraints.push(Constraint::Thermometer { cells });
            } else {
                refused.push(Rule::Thermometers);
            }
            continue;
        }
        match line_hue {
            Hue::Green if rules.allows(&["whisper"]) && !rules.mentions(&["dutch"]) => constraints.push(Constraint::Whispers { cells }),
            Hue::Pink if rules.allows(&["renban", "consecutive"]) => constraints.push(Constraint::Renban { cells }),
            Hue::Grey if rules.mentions(&["palindrome"]) => constraints.push(Constraint::Palindrome { cells }),
            _ => refused.push(Rule::Lines),
        }
    }
    for arrow in list(object, "arrows", "a") {
        let arrow = arrow.as_object().ok_or(damaged("an arrow is not a JSON object"))?;
        let Some(cells) = points(arrow).and_then(|p| path_cells(size, &p)).filter(|c| !c.is_empty()) else {
            refused.push(Rule::Arrows);
            continue;
        };
        let circle = shapes.iter().position(|s| s.is_big_round() && !s.bulb && s.covers(size, cells[0]));
        if let Some(i) = circle {
            shapes[i].used = true;
        }
        match circle {
            Some(i) if rules.allows(&["arrow"]) => {
                let circle: Vec<Cell> = size.cells().filter(|&c| shapes[i].covers(size, c)).collect();
                let line: Vec<Cell> = cells.into_iter().filter(|c| !circle.contains(c)).collect();
                constraints.push(Constraint::Arrow { circle, line });
            }
            _ => refused.push(Rule::Arrows),
        }
    }
    // Dots and XV on edges; any other shape is a drawing inkdoku cannot read.
    for shape in shapes.iter().filter(|s| !s.used) {
        let edge = edge_cells(size, shape.centre);
        let small_circle = shape.rounded && shape.width <= 0.5 && shape.height <= 0.5 && shape.text.is_empty();
        match (edge, shape.text.to_ascii_uppercase().as_str()) {
            (Some(cells), "X" | "V") if rules.allows(XV_WORDS) => {
                constraints.push(Constraint::Xv { cells, sum: if shape.text.eq_ignore_ascii_case("x") { 10 } else { 5 } });
            }
            (Some(cells), _) if small_circle && rules.allows(&["dot", "kropki"]) => match shape.fill.map(hue) {
                Some(Hue::White) => constraints.push(Constraint::Kropki { cells, dot: Dot::White }),
                Some(Hue::Black) => constraints.push(Constraint::Kropki { cells, dot: Dot::Black }),
                _ => refused.push(Rule::Dots),
            },
            _ => refused.push(Rule::Drawings),
        }
    }
    constraints.extend(global_rules(&rules));
    if !refused.is_empty() {
        Rule::sort(&mut refused);
        return Err(FormatError::Variant { format: JSON_FORMAT, rules: refused });
    }
    let puzzle = Puzzle { givens: givens(size, rows)?, regions, constraints, about };
    validate(&puzzle).map_err(|reason| FormatError::BadConstraint { format: JSON_FORMAT, reason })?;
    Ok(puzzle)
}

/// Rules SudokuPad does not draw, only writes: anti-knight, anti-king, non-consecutive,
/// disjoint groups and the negative rules of dots, recognised by their usual words.
#[inline]
fn global_rules(rules: &RulesText) -> Vec<Constraint> {
    let mut out = Vec::new();
    if rules.mentions(&["anti-knight", "antiknight", "knight's move", "knight’s move", "chess knight"]) {
        out.push(Constraint::AntiKnight);
    }
    if rules.mentions(&["anti-king", "antiking", "king's move", "king’s move", "chess king"]) {
        out.push(Constraint::AntiKing);
    }
    if rules.mentions(&["non-consecutive", "nonconsecutive", "anti-consecutive"]) {
        out.push(Constraint::NonConsecutive);
    }
    if rules.mentions(&["disjoint"]) {
        out.push(Constraint::DisjointGroups);
    }
    if rules.mentions(&["all possible dots", "all dots are given", "all kropki dots are given"]) {
        out.push(Constraint::KropkiNegative { white: true, black: true });
    }
    if rules.mentions(&["all possible x", "all xs and vs are given", "all x and v"]) {
        out.push(Constraint::XvNegative);
    }
    out
}

/// Reads a SudokuPad `scl`/`ctc` payload (no prefix) as a variant puzzle: lz-string
/// compressed JSON, plain or shortened.
#[inline]
pub fn parse_puzzle(payload: &str) -> Result<Puzzle, FormatError> {
    super::compressed::parse_payload_puzzle(payload, Some(super::Format::SudokuPadJson)).map(|(p, _)| p)
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
    fn colours_of_every_form_and_none() {
        assert_eq!(colour(Some(&json!("#F067F0"))), Some((0xF0, 0x67, 0xF0)));
        assert_eq!(colour(Some(&json!("#f067f0ff"))), Some((0xF0, 0x67, 0xF0)));
        assert_eq!(colour(Some(&json!("#fff"))), Some((255, 255, 255)));
        assert_eq!(colour(Some(&json!("#12345600"))), None);
        assert_eq!(colour(Some(&json!("Black"))), Some((0, 0, 0)));
        // Not hex: nothing, and no panic on a multi-byte character.
        for bad in ["#aééb", "#zzzzzz", "#12", "red", ""] {
            assert_eq!(colour(Some(&json!(bad))), None, "{bad}");
        }
        assert_eq!((hue((0x67, 0xF0, 0x67)), hue((0xC0, 0xC0, 0xC0)), hue((0xFF, 0, 0))), (Hue::Green, Hue::Grey, Hue::Other));
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
