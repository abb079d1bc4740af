//! f-puzzles puzzles: the JSON f-puzzles exports, lz-string compressed (`compressed.rs`), in
//! f-puzzles' own links (`?load=<payload>`) and in SudokuPad's (`?puzzleid=fpuzzles<payload>`).
//!
//! The JSON, as f-puzzles describes it: `size` (the grid's side), `grid` (rows of cell objects:
//! `{"value": 5, "given": true}` for a given, `{}` for an empty cell; a value without `given` is
//! a solver's entry; `region` when a cell was moved to another region; marks and colours),
//! optional `title`, `author`, `ruleset`, `solution`, and one key per kind of constraint
//! (`killercage`, `thermometer`, `arrow`, … arrays; `diagonal+`, `antiknight`, … booleans).
//!
//! Two readers: `parse`/`from_json` read a classic grid and refuse any constraint with its
//! name (what the app calls today); `parse_puzzle`/`from_json_puzzle` read a variant
//! `Puzzle`, and `write_puzzle`/`to_json_puzzle` write one back. Cells are `"R3C4"` (1-based;
//! row or column 0 or `size + 1` is the ring outside the grid). The keys read:
//!
//! | key | entries | constraint |
//! |-----|---------|------------|
//! | `killercage` | `{cells, value?}` (value a string or number; none = no sum) | `Killer` |
//! | `littlekillersum` | `{cell, direction: "UL"/"UR"/"DL"/"DR", value}`; cells follow from the clue | `LittleKiller` |
//! | `sandwichsum` | `{cell: "R0C3" / "R4C0" (or side + 1), value}` | `Sandwich` |
//! | `arrow` | `{cells: circle, lines: [[circle cell, shaft…], …]}`: one arrow per line, circle cells left out of the shaft | `Arrow` |
//! | `thermometer` | `{lines: [[bulb, …], …]}`: one per line | `Thermometer` |
//! | `difference` / `ratio` | `{cells: [a, b], value?}`: value 1 / 2 or none (others refused) | `Kropki` white / black |
//! | `xv` | `{cells: [a, b], value: "X" / "V"}` | `Xv` 10 / 5 |
//! | `negative` | `["difference", "ratio", "xv"]` (any other name refused) | `KropkiNegative`, `XvNegative` |
//! | `whispers` / `renban` / `palindrome` | `{lines, value?}` (whispers: the default difference only) | `Whispers` / `Renban` / `Palindrome` |
//! | `diagonal-` / `diagonal+` | `true` | `Diagonal` main / anti |
//! | `antiknight`, `antiking`, `nonconsecutive`, `disjointgroups` | `true` | the rule |
//! | `extraregion` | `{cells}` | `ExtraRegion` |
//! | `odd` / `even` | `{cell}` | `Parity` |
//! | a cell's `region` | 0-based region index (cells without one stay in their box) | `Puzzle::regions` |
//!
//! `title`, `author` and `ruleset` become `About`. Every other key with content is refused,
//! named by its `Rule` (minimum/maximum, quadruples, clones, between and other lines, x-sums
//! and other outside clues, slow thermometers, drawings: `text`, `line`, `cage`, `rectangle`,
//! `circle`, which setters use for rules of their own), except a drawing whose every entry
//! has a `fromConstraint` naming a key of the puzzle (f-puzzles' export repeats lines so).
//! The puzzle read is validated (`variant::validate`): a bad one is a `BadConstraint`.

use super::{FormatError, Rule};
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use crate::variant::validate::validate;
use crate::variant::{About, Constraint, Diagonal, Dot, Line, Puzzle};
use serde_json::{Map, Value, json};

pub(crate) const FORMAT: &str = "f-puzzles";

/// Keys that carry no rule (metadata, the solution, display settings).
pub(crate) const HARMLESS: &[&str] = &[
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
    // inkdoku's own: the player's progress in a saved file (`sdk_progress::JSON_KEY`).
    "inkdoku-progress",
];

/// The rule an f-puzzles key stands for.
#[inline]
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
#[inline]
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
#[inline]
pub(crate) fn number(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[inline]
fn damaged(reason: &'static str) -> FormatError {
    FormatError::Damaged { format: FORMAT, reason }
}

/// Reads f-puzzles' JSON (already decompressed and parsed) as a classic grid: a puzzle with
/// any constraint is refused, naming its rules (`from_json_puzzle` reads them).
#[inline]
pub fn from_json(value: &Value) -> Result<Grid, FormatError> {
    let object = value.as_object().ok_or(damaged("it is not a JSON object"))?;
    let rows = object.get("grid").and_then(Value::as_array).ok_or(damaged("it has no grid"))?;
    let side = side_of(object, rows)?;
    let mut rules: Vec<Rule> =
        object.iter().filter(|(k, v)| !HARMLESS.contains(&k.as_str()) && present(v)).map(|(k, _)| rule_of(k)).collect();
    Rule::sort(&mut rules);
    if !rules.is_empty() {
        return Err(FormatError::Variant { format: FORMAT, rules });
    }
    let (size, cell_objects) = grid_cells(rows, side)?;
    if regions_of(size, &cell_objects).is_some() {
        return Err(FormatError::Variant { format: FORMAT, rules: vec![Rule::IrregularRegions] });
    }
    givens(size, &cell_objects)
}

/// The grid's side: `size`, or the number of rows.
#[inline]
fn side_of(object: &Map<String, Value>, rows: &[Value]) -> Result<usize, FormatError> {
    match object.get("size") {
        Some(s) => number(s).and_then(|n| usize::try_from(n).ok()).ok_or(damaged("its size is not a number")),
        None => Ok(rows.len()),
    }
}

/// A cell of f-puzzles' grid: `{"value": 5, "given": true, "region": 0, …}`.
type CellObject = Map<String, Value>;

/// The grid's size and its cell objects in reading order.
#[inline]
fn grid_cells(rows: &[Value], side: usize) -> Result<(Size, Vec<&CellObject>), FormatError> {
    let size = Size::from_side(side).ok_or(FormatError::GridSide { format: FORMAT, side })?;
    if rows.len() != side || rows.iter().any(|r| r.as_array().is_none_or(|r| r.len() != side)) {
        return Err(damaged("its grid's rows do not match its size"));
    }
    let cell_objects: Vec<&CellObject> =
        rows.iter().flat_map(|r| r.as_array().into_iter().flatten()).filter_map(Value::as_object).collect();
    if cell_objects.len() != size.cell_count() {
        return Err(damaged("a cell of its grid is not an object"));
    }
    Ok((size, cell_objects))
}

/// The region of each cell when a cell was moved out of its box (`region`, 0-based; a cell
/// without one stays in its box); `None` for the usual boxes.
#[inline]
fn regions_of(size: Size, cells: &[&Map<String, Value>]) -> Option<Vec<u8>> {
    let box_of = |i: usize| size.box_of(Cell::new(i)) as i64;
    let region = |i: usize, c: &Map<String, Value>| c.get("region").filter(|r| r.is_number()).and_then(number).unwrap_or(box_of(i));
    let moved = cells.iter().enumerate().any(|(i, c)| region(i, c) != box_of(i));
    // A region out of range keeps its number (clamped): validation names it.
    moved.then(|| cells.iter().enumerate().map(|(i, c)| region(i, c).clamp(0, 255) as u8).collect())
}

/// The givens: the values marked `given`; a puzzle that marks none (made by hand) gives all.
#[inline]
fn givens(size: Size, cell_objects: &[&Map<String, Value>]) -> Result<Grid, FormatError> {
    let side = size.side();
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

/// The keys of the constraints inkdoku plays, in the order their constraints are read.
const PLAYED: &[&str] = &[
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "arrow",
    "thermometer",
    "difference",
    "ratio",
    "xv",
    "negative",
    "whispers",
    "renban",
    "palindrome",
    "diagonal-",
    "diagonal+",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "extraregion",
    "disjointgroups",
    "odd",
    "even",
];

/// Drawings that only repeat a constraint of the puzzle (f-puzzles' export for other apps
/// adds a coloured `line` with `fromConstraint: "Renban"` next to the `renban` it draws).
#[inline]
fn repeats_a_constraint(object: &Map<String, Value>, drawing: &Value) -> bool {
    let Some(items) = drawing.as_array() else { return false };
    items.iter().all(|item| {
        let name = item.get("fromConstraint").and_then(Value::as_str).unwrap_or_default();
        let key = name.to_ascii_lowercase().replace("german", "").replace(' ', "");
        PLAYED.contains(&key.as_str()) && object.get(&key).is_some_and(present)
    })
}

/// A clue's number, written as a number or a string; `None` when blank.
#[inline]
fn clue(item: &Map<String, Value>) -> Option<i64> {
    item.get("value").and_then(number)
}

/// A cell as f-puzzles writes it, `R3C4` (1-based; row or column 0 or `side + 1` outside the
/// grid), as 1-based (row, column).
#[inline]
fn row_col(v: &Value) -> Option<(i64, i64)> {
    let rest = v.as_str()?.trim().strip_prefix(['R', 'r'])?;
    let (r, c) = rest.split_once(['C', 'c'])?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// f-puzzles' name of a cell.
#[inline]
fn name(size: Size, cell: Cell) -> String {
    format!("R{}C{}", size.row_of(cell) + 1, size.col_of(cell) + 1)
}

/// Reads the constraint keys of f-puzzles' JSON.
struct Reader<'a> {
    object: &'a Map<String, Value>,
    size: Size,
    constraints: Vec<Constraint>,
    /// Rules found in keys inkdoku plays, in a form it does not (a ratio dot of 3).
    refused: Vec<Rule>,
}

impl<'a> Reader<'a> {
    /// The entries (objects) of a key's list.
    #[inline]
    fn items(&self, key: &str) -> Result<Vec<&'a Map<String, Value>>, FormatError> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items.iter().map(|i| i.as_object().ok_or(damaged("a constraint is not a JSON object"))).collect(),
            Some(_) => Err(damaged("a list of constraints is not a list")),
        }
    }

    #[inline]
    fn flag(&self, key: &str) -> bool {
        self.object.get(key).is_some_and(present)
    }

    #[inline]
    fn cell(&self, v: &Value) -> Result<Cell, FormatError> {
        let side = self.size.side() as i64;
        match row_col(v) {
            Some((r, c)) if (1..=side).contains(&r) && (1..=side).contains(&c) => Ok(self.size.cell(r as usize - 1, c as usize - 1)),
            _ => Err(damaged("a constraint's cell is not R<row>C<column> of the grid")),
        }
    }

    #[inline]
    fn cells(&self, v: Option<&Value>) -> Result<Vec<Cell>, FormatError> {
        let list = v.and_then(Value::as_array).ok_or(damaged("a constraint has no list of cells"))?;
        list.iter().map(|c| self.cell(c)).collect()
    }

    #[inline]
    fn pair(&self, item: &Map<String, Value>) -> Result<[Cell; 2], FormatError> {
        let cells = self.cells(item.get("cells"))?;
        <[Cell; 2]>::try_from(cells).map_err(|_| damaged("a dot is not between two cells"))
    }

    /// The cells of each of an entry's `lines`.
    #[inline]
    fn lines(&self, item: &Map<String, Value>) -> Result<Vec<Vec<Cell>>, FormatError> {
        let lines = item.get("lines").and_then(Value::as_array).ok_or(damaged("a line constraint has no lines"))?;
        lines.iter().map(|l| self.cells(Some(l))).collect()
    }

    #[inline]
    fn sum(&self, n: i64) -> Result<u16, FormatError> {
        u16::try_from(n).map_err(|_| damaged("a clue is not a sum"))
    }

    /// The rule's entries whose `value` is its default (or none), refusing the others.
    #[inline]
    fn with_default_value(&mut self, key: &str, default: i64, rule: Rule) -> Result<Vec<&'a Map<String, Value>>, FormatError> {
        let items = self.items(key)?;
        if items.iter().any(|i| clue(i).is_some_and(|v| v != default)) {
            self.refused.push(rule);
        }
        Ok(items)
    }

    #[inline]
    fn read(&mut self) -> Result<(), FormatError> {
        let size = self.size;
        let side = size.side() as i64;
        let mut out = Vec::new();
        for item in self.items("killercage")? {
            let sum = clue(item).map(|n| self.sum(n)).transpose()?;
            out.push(Constraint::Killer { cells: self.cells(item.get("cells"))?, sum });
        }
        for item in self.items("littlekillersum")? {
            let Some(sum) = clue(item) else { continue };
            let (r, c) = item.get("cell").and_then(row_col).ok_or(damaged("a little killer has no clue cell"))?;
            let (dr, dc) = match item.get("direction").and_then(Value::as_str) {
                Some("DR") => (1, 1),
                Some("DL") => (1, -1),
                Some("UR") => (-1, 1),
                Some("UL") => (-1, -1),
                _ => return Err(damaged("a little killer has no direction")),
            };
            let outside = |v: i64| v == 0 || v == side + 1;
            if !(outside(r) || outside(c)) || !(0..=side + 1).contains(&r) || !(0..=side + 1).contains(&c) {
                return Err(damaged("a little killer's clue is not outside the grid"));
            }
            let mut cells = Vec::new();
            let (mut rr, mut cc) = (r + dr, c + dc);
            while (1..=side).contains(&rr) && (1..=side).contains(&cc) {
                cells.push(size.cell(rr as usize - 1, cc as usize - 1));
                (rr, cc) = (rr + dr, cc + dc);
            }
            out.push(Constraint::LittleKiller { cells, sum: self.sum(sum)?, clue: ((r - 1) as i8, (c - 1) as i8) });
        }
        for item in self.items("sandwichsum")? {
            let Some(sum) = clue(item) else { continue };
            let (r, c) = item.get("cell").and_then(row_col).ok_or(damaged("a sandwich clue has no cell"))?;
            let inside = |v: i64| (1..=side).contains(&v);
            let (line, start) = match (r, c) {
                (0, c) if inside(c) => (Line::Col(c as u8 - 1), true),
                (r, c) if r == side + 1 && inside(c) => (Line::Col(c as u8 - 1), false),
                (r, 0) if inside(r) => (Line::Row(r as u8 - 1), true),
                (r, c) if c == side + 1 && inside(r) => (Line::Row(r as u8 - 1), false),
                _ => return Err(damaged("a sandwich clue is not outside the grid")),
            };
            out.push(Constraint::Sandwich { line, sum: self.sum(sum)?, start });
        }
        for item in self.items("arrow")? {
            // A pill reads left to right, top to bottom, however it was drawn.
            let mut circle = self.cells(item.get("cells"))?;
            crate::keyed_sort::sort_by_key(&mut circle, |c| c.index() as u64);
            for line in self.lines(item)? {
                let line: Vec<Cell> = line.into_iter().filter(|c| !circle.contains(c)).collect();
                if !line.is_empty() {
                    out.push(Constraint::Arrow { circle: circle.clone(), line });
                }
            }
        }
        for item in self.items("thermometer")? {
            out.extend(self.lines(item)?.into_iter().map(|cells| Constraint::Thermometer { cells }));
        }
        for (key, default, dot) in [("difference", 1, Dot::White), ("ratio", 2, Dot::Black)] {
            for item in self.with_default_value(key, default, Rule::Dots)? {
                out.push(Constraint::Kropki { cells: self.pair(item)?, dot });
            }
        }
        for item in self.items("xv")? {
            let sum = match item.get("value").and_then(Value::as_str).map(str::trim) {
                Some("X" | "x") => 10,
                Some("V" | "v") => 5,
                _ => return Err(damaged("an XV clue is neither X nor V")),
            };
            out.push(Constraint::Xv { cells: self.pair(item)?, sum });
        }
        if let Some(negative) = self.object.get("negative").and_then(Value::as_array) {
            let named = |n: &str| negative.iter().any(|v| v.as_str() == Some(n));
            let (white, black) = (named("difference"), named("ratio"));
            if white || black {
                out.push(Constraint::KropkiNegative { white, black });
            }
            if named("xv") {
                out.push(Constraint::XvNegative);
            }
            if negative.iter().any(|v| !matches!(v.as_str(), Some("difference" | "ratio" | "xv"))) {
                self.refused.push(Rule::Dots);
            }
        }
        let whisper = (size.side() as i64 + 1) / 2;
        for item in self.with_default_value("whispers", whisper, Rule::Lines)? {
            out.extend(self.lines(item)?.into_iter().map(|cells| Constraint::Whispers { cells }));
        }
        for item in self.items("renban")? {
            out.extend(self.lines(item)?.into_iter().map(|cells| Constraint::Renban { cells }));
        }
        for item in self.items("palindrome")? {
            out.extend(self.lines(item)?.into_iter().map(|cells| Constraint::Palindrome { cells }));
        }
        for (key, diagonal) in [("diagonal-", Diagonal::Main), ("diagonal+", Diagonal::Anti)] {
            if self.flag(key) {
                out.push(Constraint::Diagonal { diagonal });
            }
        }
        for (key, constraint) in
            [("antiknight", Constraint::AntiKnight), ("antiking", Constraint::AntiKing), ("nonconsecutive", Constraint::NonConsecutive)]
        {
            if self.flag(key) {
                out.push(constraint);
            }
        }
        for item in self.items("extraregion")? {
            out.push(Constraint::ExtraRegion { cells: self.cells(item.get("cells"))? });
        }
        if self.flag("disjointgroups") {
            out.push(Constraint::DisjointGroups);
        }
        for (key, even) in [("odd", false), ("even", true)] {
            for item in self.items(key)? {
                let cell = self.cell(item.get("cell").unwrap_or(&Value::Null))?;
                out.push(Constraint::Parity { cell, even });
            }
        }
        self.constraints = out;
        Ok(())
    }
}

/// Reads f-puzzles' JSON (already decompressed and parsed) as a variant puzzle: givens,
/// irregular regions, every constraint key inkdoku plays, title, author and rules. Keys of
/// rules it does not play are refused, naming them; the puzzle is validated
/// (`variant::validate`).
#[inline]
pub fn from_json_puzzle(value: &Value) -> Result<Puzzle, FormatError> {
    let object = value.as_object().ok_or(damaged("it is not a JSON object"))?;
    let rows = object.get("grid").and_then(Value::as_array).ok_or(damaged("it has no grid"))?;
    let side = side_of(object, rows)?;
    let mut rules: Vec<Rule> = object
        .iter()
        .filter(|(k, v)| !HARMLESS.contains(&k.as_str()) && !PLAYED.contains(&k.as_str()) && present(v) && !repeats_a_constraint(object, v))
        .map(|(k, _)| rule_of(k))
        .collect();
    let (size, cell_objects) = grid_cells(rows, side)?;
    let mut reader = Reader { object, size, constraints: Vec::new(), refused: Vec::new() };
    let read = reader.read();
    rules.append(&mut reader.refused);
    if !rules.is_empty() {
        Rule::sort(&mut rules);
        return Err(FormatError::Variant { format: FORMAT, rules });
    }
    read?;
    let text = |key: &str| object.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
    let puzzle = Puzzle {
        givens: givens(size, &cell_objects)?,
        regions: regions_of(size, &cell_objects),
        constraints: reader.constraints,
        about: About { title: text("title"), author: text("author"), rules: text("ruleset") },
    };
    validate(&puzzle).map_err(|reason| FormatError::BadConstraint { format: FORMAT, reason })?;
    Ok(puzzle)
}

/// Reads an f-puzzles payload (no prefix) as a variant puzzle (`from_json_puzzle`).
#[inline]
pub fn parse_puzzle(payload: &str) -> Result<Puzzle, FormatError> {
    from_json_puzzle(&payload_json(payload, super::compressed::MAX_VARIANT_PAYLOAD)?)
}

/// The JSON of a payload, refusing one longer than `max` before decompressing it.
#[inline]
fn payload_json(payload: &str, max: usize) -> Result<Value, FormatError> {
    let json = super::compressed::decompress_at_most(payload, FORMAT, max)?;
    serde_json::from_str(&json).map_err(|_| damaged("its contents are not JSON"))
}

/// f-puzzles' JSON of a puzzle: its size, grid of givens (with each cell's `region` when the
/// regions are irregular), title, author, rules and one key per kind of constraint. A classic
/// puzzle without title, author or rules gives `to_json`'s text.
#[inline]
pub fn to_json_puzzle(puzzle: &Puzzle) -> String {
    if puzzle.is_classic() && puzzle.about.is_empty() {
        return to_json(&puzzle.givens);
    }
    let size = puzzle.size();
    let side = size.side();
    let rows: Vec<Value> = size
        .cells()
        .collect::<Vec<_>>()
        .chunks(side)
        .map(|row| {
            let cells = row.iter().map(|&cell| {
                let mut c = Map::new();
                if let Some(d) = puzzle.givens.get(cell) {
                    c.insert("value".into(), json!(d.get()));
                    c.insert("given".into(), json!(true));
                }
                if let Some(region) = puzzle.regions.as_ref().and_then(|r| r.get(cell.index())) {
                    c.insert("region".into(), json!(region));
                }
                Value::Object(c)
            });
            Value::Array(cells.collect())
        })
        .collect();
    let mut object = Map::new();
    object.insert("size".into(), json!(side));
    object.insert("grid".into(), Value::Array(rows));
    for (key, text) in [("title", &puzzle.about.title), ("author", &puzzle.about.author), ("ruleset", &puzzle.about.rules)] {
        if !text.is_empty() {
            object.insert(key.into(), json!(text));
        }
    }
    let names = |cells: &[Cell]| Value::Array(cells.iter().map(|&c| json!(name(size, c))).collect());
    let mut push = |key: &str, item: Value| {
        if let Value::Array(list) = object.entry(key).or_insert_with(|| json!([])) {
            list.push(item);
        }
    };
    let mut flags: Vec<&str> = Vec::new();
    let mut negative: Vec<&str> = Vec::new();
    for constraint in &puzzle.constraints {
        match constraint {
            Constraint::Killer { cells, sum } => {
                let mut item = json!({"cells": names(cells)});
                if let Some(sum) = sum {
                    item["value"] = json!(sum.to_string());
                }
                push("killercage", item);
            }
            Constraint::LittleKiller { cells, sum, clue } => {
                let first = cells.first().map_or((0, 0), |&c| (size.row_of(c) as i64, size.col_of(c) as i64));
                let (dr, dc) = (first.0 - i64::from(clue.0), first.1 - i64::from(clue.1));
                let direction = format!("{}{}", if dr < 0 { 'U' } else { 'D' }, if dc < 0 { 'L' } else { 'R' });
                let cell = format!("R{}C{}", i64::from(clue.0) + 1, i64::from(clue.1) + 1);
                push("littlekillersum", json!({"cell": cell, "direction": direction, "value": sum.to_string(), "cells": names(cells)}));
            }
            Constraint::Sandwich { line, sum, start } => {
                let outside = if *start { 0 } else { side + 1 };
                let cell = match *line {
                    Line::Row(r) => format!("R{}C{outside}", usize::from(r) + 1),
                    Line::Col(c) => format!("R{outside}C{}", usize::from(c) + 1),
                };
                push("sandwichsum", json!({"cell": cell, "value": sum.to_string()}));
            }
            Constraint::Arrow { circle, line } => {
                // f-puzzles' lines start in the circle: at the circle cell next to the shaft.
                let touches = |&&c: &&Cell| {
                    line.first().is_some_and(|&l| size.row_of(c).abs_diff(size.row_of(l)).max(size.col_of(c).abs_diff(size.col_of(l))) == 1)
                };
                let start = circle.iter().find(touches).or(circle.first());
                let shaft: Vec<Cell> = start.into_iter().chain(line).copied().collect();
                push("arrow", json!({"cells": names(circle), "lines": [names(&shaft)]}));
            }
            Constraint::Thermometer { cells } => push("thermometer", json!({"lines": [names(cells)]})),
            Constraint::Kropki { cells, dot } => {
                push(if *dot == Dot::White { "difference" } else { "ratio" }, json!({"cells": names(cells)}))
            }
            Constraint::Xv { cells, sum } => push("xv", json!({"cells": names(cells), "value": if *sum == 10 { "X" } else { "V" }})),
            Constraint::KropkiNegative { white, black } => {
                negative.extend(white.then_some("difference"));
                negative.extend(black.then_some("ratio"));
            }
            Constraint::XvNegative => negative.push("xv"),
            Constraint::Whispers { cells } => push("whispers", json!({"lines": [names(cells)]})),
            Constraint::Renban { cells } => push("renban", json!({"lines": [names(cells)]})),
            Constraint::Palindrome { cells } => push("palindrome", json!({"lines": [names(cells)]})),
            Constraint::Diagonal { diagonal: Diagonal::Main } => flags.push("diagonal-"),
            Constraint::Diagonal { diagonal: Diagonal::Anti } => flags.push("diagonal+"),
            Constraint::AntiKnight => flags.push("antiknight"),
            Constraint::AntiKing => flags.push("antiking"),
            Constraint::NonConsecutive => flags.push("nonconsecutive"),
            Constraint::DisjointGroups => flags.push("disjointgroups"),
            Constraint::ExtraRegion { cells } => push("extraregion", json!({"cells": names(cells)})),
            Constraint::Parity { cell, even } => push(if *even { "even" } else { "odd" }, json!({"cell": name(size, *cell)})),
        }
    }
    for flag in flags {
        object.insert(flag.into(), json!(true));
    }
    negative.sort_unstable();
    negative.dedup();
    if !negative.is_empty() {
        object.insert("negative".into(), json!(negative));
    }
    Value::Object(object).to_string()
}

/// The f-puzzles payload of a puzzle (lz-string base64 of `to_json_puzzle`).
#[inline]
pub fn write_puzzle(puzzle: &Puzzle) -> String {
    super::compressed::compress(&to_json_puzzle(puzzle))
}

/// f-puzzles' JSON of a classic puzzle: its size and grid of givens.
#[inline]
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
#[inline]
pub fn write(grid: &Grid) -> String {
    super::compressed::compress(&to_json(grid))
}

/// Reads an f-puzzles payload (no prefix).
#[inline]
pub fn parse(payload: &str) -> Result<Grid, FormatError> {
    from_json(&payload_json(payload, super::compressed::MAX_PAYLOAD)?)
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
        let seven = r#"{"size":7,"grid":[]}"#;
        assert_eq!(parse(&super::super::compressed::compress(seven)), Err(FormatError::GridSide { format: FORMAT, side: 7 }));
        // A 6x6 grid with a 7 in row 2, column 3.
        let row = |r: usize| {
            format!(
                "[{}]",
                (0..6).map(|c| if (r, c) == (1, 2) { r#"{"value":7,"given":true}"# } else { "{}" }).collect::<Vec<_>>().join(",")
            )
        };
        let six = format!(r#"{{"size":6,"grid":[{}]}}"#, (0..6).map(row).collect::<Vec<_>>().join(","));
        assert!(matches!(
            parse(&super::super::compressed::compress(&six)),
            Err(FormatError::BadCell { ch: '7', row: 2, col: 3, size: Size::Six })
        ));
        let bad = r#"{"size":4,"grid":[[{"value":7,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        assert!(matches!(parse(&super::super::compressed::compress(bad)), Err(FormatError::BadCell { ch: '7', row: 1, col: 1, .. })));
    }
}
