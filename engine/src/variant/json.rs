//! How a `Constraint` is read from its JSON (saved games, the worker's messages): the form
//! serde's derive writes for an enum tagged by a field inside it (`{"kind":"killer","cells":
//! [0,1],"sum":3}`), read through one flat struct of every constraint's fields and built by its
//! kind (`TryFrom<Fields>`). Serde's derived reader of such an enum buffers each object into a
//! tree of its own first and has a reader per variant for that tree: with the stored game's
//! vector of constraints, 33 KB of the app's wasm (issue 48). The JSON is the same both ways:
//! the derive still writes it.

use super::{Constraint, Diagonal, Dot, Line};
use crate::geometry::Cell;
use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, MapAccess, SeqAccess, Visitor};

crate::object_reader! {
    /// Every field a constraint's JSON may have, each read by its type's own reader; which ones a
    /// constraint needs is its kind's. A field another kind has is read and left; one no kind has
    /// is ignored, as serde's derive did.
    pub(super) struct Fields {
        kind: String,
        cells: Option<Vec<Cell>> = None,
        /// A cage's sum (`null` or absent when not given), a little killer's, a sandwich's, an XV's.
        sum: Option<u16> = None,
        clue: Option<(i8, i8)> = None,
        /// A sandwich's row or column, or an arrow's shaft.
        line: Option<LineField> = None,
        start: Option<bool> = None,
        circle: Option<Vec<Cell>> = None,
        dot: Option<Dot> = None,
        white: Option<bool> = None,
        black: Option<bool> = None,
        diagonal: Option<Diagonal> = None,
        cell: Option<Cell> = None,
        even: Option<bool> = None,
    }
}

/// The `line` field: a sandwich's row or column (`{"kind":"row","index":3}`) or an arrow's
/// cells (a list).
enum LineField {
    Line(Line),
    Cells(Vec<Cell>),
}

impl<'de> Deserialize<'de> for LineField {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<LineField, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = LineField;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a row or column ({\"kind\":\"row\",\"index\":0}) or a list of cells")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<LineField, A::Error> {
                Vec::deserialize(SeqAccessDeserializer::new(seq)).map(LineField::Cells)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<LineField, A::Error> {
                Line::deserialize(MapAccessDeserializer::new(map)).map(LineField::Line)
            }
        }
        deserializer.deserialize_any(Either)
    }
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

impl TryFrom<Fields> for Constraint {
    type Error = String;
    fn try_from(f: Fields) -> Result<Constraint, String> {
        use serde::de::Error as _;
        // The derive's own words for a field the constraint lacks or a kind it doesn't know.
        let missing = |name: &'static str| serde_json::Error::missing_field(name).to_string();
        macro_rules! need {
            ($field:ident) => {
                f.$field.ok_or_else(|| missing(stringify!($field)))?
            };
        }
        let pair = |cells: Vec<Cell>| -> Result<[Cell; 2], String> {
            <[Cell; 2]>::try_from(cells).map_err(|c| format!("invalid length {}, expected an array of length 2", c.len()))
        };
        let shaft = |line: LineField| match line {
            LineField::Cells(cells) => Ok(cells),
            LineField::Line(_) => Err("invalid type: map, expected a sequence of cells".to_string()),
        };
        Ok(match f.kind.as_str() {
            "killer" => Constraint::Killer { cells: need!(cells), sum: f.sum },
            "little_killer" => Constraint::LittleKiller { cells: need!(cells), sum: need!(sum), clue: need!(clue) },
            "sandwich" => match need!(line) {
                LineField::Line(line) => Constraint::Sandwich { line, sum: need!(sum), start: need!(start) },
                LineField::Cells(_) => return Err("invalid type: sequence, expected a row or column".into()),
            },
            "arrow" => Constraint::Arrow { circle: need!(circle), line: shaft(need!(line))? },
            "thermometer" => Constraint::Thermometer { cells: need!(cells) },
            "kropki" => Constraint::Kropki { cells: pair(need!(cells))?, dot: need!(dot) },
            "xv" => {
                let sum = need!(sum);
                let sum = u8::try_from(sum).map_err(|_| format!("invalid value: integer `{sum}`, expected u8"))?;
                Constraint::Xv { cells: pair(need!(cells))?, sum }
            }
            "kropki_negative" => Constraint::KropkiNegative { white: need!(white), black: need!(black) },
            "xv_negative" => Constraint::XvNegative,
            "whispers" => Constraint::Whispers { cells: need!(cells) },
            "renban" => Constraint::Renban { cells: need!(cells) },
            "palindrome" => Constraint::Palindrome { cells: need!(cells) },
            "diagonal" => Constraint::Diagonal { diagonal: need!(diagonal) },
            "anti_knight" => Constraint::AntiKnight,
            "anti_king" => Constraint::AntiKing,
            "non_consecutive" => Constraint::NonConsecutive,
            "extra_region" => Constraint::ExtraRegion { cells: need!(cells) },
            "disjoint_groups" => Constraint::DisjointGroups,
            "parity" => Constraint::Parity { cell: need!(cell), even: need!(even) },
            other => return Err(serde_json::Error::unknown_variant(other, KINDS).to_string()),
        })
    }
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
