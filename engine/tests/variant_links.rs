//! Variant puzzles through links (issue 43): f-puzzles and SudokuPad in, f-puzzles and
//! inkdoku's own link (version 4) out; ill-made puzzles refused with a reason; the classic
//! readers the app calls still refuse variants, naming their rules.
//!
//! The f-puzzles and SudokuPad fixtures are written by hand after the formats' descriptions
//! (`docs/formats-variants.md`).

mod random_variants;

use inkdoku_engine::format::{self, FormatError, Rule, compressed, fpuzzles, sudokupad};
use inkdoku_engine::random::Rng;
use inkdoku_engine::share::{self, Progress, ShareError, SharedPuzzle};
use inkdoku_engine::together::link::{RoomKey, split_room, with_room};
use inkdoku_engine::variant::{About, Constraint, Diagonal, Dot, Line, Puzzle};
use inkdoku_engine::{Cell, Digit, DigitSet, Grid, Size};
use proptest::prelude::*;
use serde_json::{Value, json};

fn cell(r: usize, c: usize) -> Cell {
    Size::Nine.cell(r - 1, c - 1)
}

fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| cell(r, c)).collect()
}

/// f-puzzles' grid of a 9x9 with givens at (row, column, digit), 1-based.
fn fgrid(givens: &[(usize, usize, u8)]) -> Value {
    let rows: Vec<Value> = (1..=9)
        .map(|r| {
            let row: Vec<Value> = (1..=9)
                .map(|c| match givens.iter().find(|g| g.0 == r && g.1 == c) {
                    Some(g) => json!({"value": g.2, "given": true}),
                    None => json!({}),
                })
                .collect();
            Value::Array(row)
        })
        .collect();
    Value::Array(rows)
}

/// A hand-made f-puzzles JSON with every constraint key inkdoku plays.
fn every_constraint() -> Value {
    json!({
        "size": 9,
        "title": "Every rule",
        "author": "inkdoku's tests",
        "ruleset": "Normal sudoku rules apply.",
        "grid": fgrid(&[(5, 5, 5), (9, 9, 1)]),
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "17"}, {"cells": ["R9C8"]}],
        "littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "40", "cells": []}],
        "sandwichsum": [{"cell": "R0C3", "value": "12"}, {"cell": "R4C0", "value": 0}],
        "arrow": [
            {"cells": ["R2C2"], "lines": [["R2C2", "R3C3", "R4C3"]]},
            {"cells": ["R6C1", "R6C2"], "lines": [["R6C2", "R7C3"]]}
        ],
        "thermometer": [{"lines": [["R3C5", "R3C6", "R2C7"], ["R3C5", "R4C5"]]}],
        "difference": [{"cells": ["R7C7", "R7C8"]}],
        "ratio": [{"cells": ["R8C7", "R8C8"], "value": "2"}],
        "xv": [{"cells": ["R9C1", "R9C2"], "value": "X"}, {"cells": ["R9C3", "R9C4"], "value": "V"}],
        "negative": ["ratio", "xv"],
        "whispers": [{"lines": [["R5C7", "R6C8"]]}],
        "renban": [{"lines": [["R1C5", "R1C6", "R1C7"]]}],
        "palindrome": [{"lines": [["R4C7", "R4C8", "R4C9"]]}],
        "diagonal+": true,
        "diagonal-": false,
        "antiknight": true,
        "antiking": false,
        "nonconsecutive": true,
        "disjointgroups": true,
        "odd": [{"cell": "R5C5"}],
        "even": [{"cell": "R5C6"}],
        "extraregion": [{"cells": ["R7C1", "R7C2", "R8C1", "R8C2"]}],
        // f-puzzles' export for other apps repeats a line as a drawing, naming it.
        "line": [{"lines": [["R1C5", "R1C6", "R1C7"]], "outlineC": "#F067F0", "width": 0.4, "fromConstraint": "Renban"}],
        "highlightConflicts": true
    })
}

fn every_constraint_read() -> Puzzle {
    let mut givens = Grid::new(Size::Nine);
    givens.set(cell(5, 5), Digit::new(5));
    givens.set(cell(9, 9), Digit::new(1));
    let diagonal: Vec<Cell> = (1..=8).map(|r| cell(r, r + 1)).collect();
    Puzzle {
        givens,
        regions: None,
        constraints: vec![
            Constraint::Killer { cells: cells(&[(1, 1), (1, 2)]), sum: Some(17) },
            Constraint::Killer { cells: cells(&[(9, 8)]), sum: None },
            Constraint::LittleKiller { cells: diagonal, sum: 40, clue: (-1, 0) },
            Constraint::Sandwich { line: Line::Col(2), sum: 12, start: true },
            Constraint::Sandwich { line: Line::Row(3), sum: 0, start: true },
            Constraint::Arrow { circle: cells(&[(2, 2)]), line: cells(&[(3, 3), (4, 3)]) },
            Constraint::Arrow { circle: cells(&[(6, 1), (6, 2)]), line: cells(&[(7, 3)]) },
            Constraint::Thermometer { cells: cells(&[(3, 5), (3, 6), (2, 7)]) },
            Constraint::Thermometer { cells: cells(&[(3, 5), (4, 5)]) },
            Constraint::Kropki { cells: [cell(7, 7), cell(7, 8)], dot: Dot::White },
            Constraint::Kropki { cells: [cell(8, 7), cell(8, 8)], dot: Dot::Black },
            Constraint::Xv { cells: [cell(9, 1), cell(9, 2)], sum: 10 },
            Constraint::Xv { cells: [cell(9, 3), cell(9, 4)], sum: 5 },
            Constraint::KropkiNegative { white: false, black: true },
            Constraint::XvNegative,
            Constraint::Whispers { cells: cells(&[(5, 7), (6, 8)]) },
            Constraint::Renban { cells: cells(&[(1, 5), (1, 6), (1, 7)]) },
            Constraint::Palindrome { cells: cells(&[(4, 7), (4, 8), (4, 9)]) },
            Constraint::Diagonal { diagonal: Diagonal::Anti },
            Constraint::AntiKnight,
            Constraint::NonConsecutive,
            Constraint::ExtraRegion { cells: cells(&[(7, 1), (7, 2), (8, 1), (8, 2)]) },
            Constraint::DisjointGroups,
            Constraint::Parity { cell: cell(5, 5), even: false },
            Constraint::Parity { cell: cell(5, 6), even: true },
        ],
        about: About { title: "Every rule".into(), author: "inkdoku's tests".into(), rules: "Normal sudoku rules apply.".into() },
    }
}

#[test]
fn fpuzzles_reads_every_constraint() {
    let json = every_constraint();
    assert_eq!(fpuzzles::from_json_puzzle(&json), Ok(every_constraint_read()));
    let payload = compressed::compress(&json.to_string());
    assert_eq!(fpuzzles::parse_puzzle(&payload), Ok(every_constraint_read()));
    // Every way a link carries it.
    for link in [
        format!("https://www.f-puzzles.com/?load={payload}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{}", payload.replace('+', "%2B")),
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("fpuzzles{payload}"),
        payload.clone(),
    ] {
        assert_eq!(share::parse_puzzle(&link).map(|s| s.puzzle), Ok(every_constraint_read()), "{link}");
    }
    // The classic readers the app calls still refuse it, naming its rules.
    let e = share::parse(&format!("https://www.f-puzzles.com/?load={payload}")).unwrap_err();
    assert!(e.to_string().contains("rules inkdoku does not play: killer cages, little killer sums"), "{e}");
    assert!(matches!(fpuzzles::parse(&payload), Err(FormatError::Variant { .. })));
}

#[test]
fn fpuzzles_irregular_regions_and_their_mistakes() {
    // Two cells of neighbouring boxes trade regions: a jigsaw.
    let mut json =
        json!({"size": 4, "grid": [[{}, {}, {}, {}], [{}, {"region": 1}, {"region": 0}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]});
    let p = fpuzzles::from_json_puzzle(&json).unwrap();
    assert_eq!(p.regions, Some(vec![0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
    let written: Value = serde_json::from_str(&fpuzzles::to_json_puzzle(&p)).unwrap();
    assert_eq!(fpuzzles::from_json_puzzle(&written), Ok(p));
    json["grid"][1][2] = json!({"region": 1});
    let e = fpuzzles::from_json_puzzle(&json).unwrap_err();
    assert_eq!(e.to_string(), "the f-puzzles puzzle cannot be played: the regions are wrong: region 1 has 3 cells; each region needs 4");
}

#[test]
fn fpuzzles_refuses_what_inkdoku_does_not_play_by_name() {
    let base = || json!({"size": 9, "grid": fgrid(&[])});
    let cases: Vec<(&str, Value, Rule)> = vec![
        ("minimum", json!([{"cell": "R1C1"}]), Rule::MinMax),
        ("quadruple", json!([{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]}]), Rule::Quadruples),
        ("clone", json!([{"cells": ["R1C1"], "cloneCells": ["R2C2"]}]), Rule::Clones),
        ("betweenline", json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]), Rule::Lines),
        ("xsum", json!([{"cell": "R0C1", "value": "10"}]), Rule::OutsideClues),
        ("slowthermometer", json!([{"lines": [["R1C1", "R1C2"]]}]), Rule::Thermometers),
        ("text", json!([{"cells": ["R1C1"], "value": "!"}]), Rule::Drawings),
        ("line", json!([{"lines": [["R1C1", "R1C2"]], "outlineC": "#FF0000"}]), Rule::Drawings),
        ("cage", json!([{"cells": ["R1C1", "R1C2"], "value": "?"}]), Rule::Drawings),
        ("difference", json!([{"cells": ["R1C1", "R1C2"], "value": "3"}]), Rule::Dots),
        ("ratio", json!([{"cells": ["R1C1", "R1C2"], "value": 3}]), Rule::Dots),
        ("whispers", json!([{"lines": [["R1C1", "R1C2"]], "value": 4}]), Rule::Lines),
        ("negative", json!(["sandwichsum"]), Rule::Dots),
        ("futurekey", json!(true), Rule::Other),
    ];
    for (key, value, rule) in cases {
        let mut json = base();
        json[key] = value;
        json["killercage"] = json!([{"cells": ["R1C1", "R1C2"], "value": "3"}]);
        assert_eq!(fpuzzles::from_json_puzzle(&json), Err(FormatError::Variant { format: "f-puzzles", rules: vec![rule] }), "{key}");
    }
    let e =
        fpuzzles::from_json_puzzle(&json!({"size": 9, "grid": fgrid(&[]), "quadruple": [{"cells": []}], "minimum": [{"cell": "R1C1"}]}));
    assert_eq!(e.unwrap_err().to_string(), "this f-puzzles puzzle has rules inkdoku does not play: minimum/maximum cells, quadruples");
}

#[test]
fn fpuzzles_bad_input_says_why() {
    let with = |key: &str, value: Value| {
        let mut json = json!({"size": 9, "grid": fgrid(&[(1, 3, 4)])});
        json[key] = value;
        fpuzzles::from_json_puzzle(&json).unwrap_err().to_string()
    };
    assert_eq!(
        with("killercage", json!([{"cells": ["R1C1", "R1C2"], "value": "46"}])),
        "the f-puzzles puzzle cannot be played: the killer cage at r1c1,r1c2 has the sum 46, but its digits add up to between 3 and 17"
    );
    assert!(with("killercage", json!([{"cells": ["R1C1", "R1C1"], "value": "4"}])).contains("passes through r1c1 twice"));
    assert!(
        with("thermometer", json!([{"lines": [["R1C1", "R1C2", "R2C2", "R1C1"]]}]))
            .contains("thermometer at r1c1,r1c2,r2c2,r1c1 passes through r1c1 twice")
    );
    assert!(with("thermometer", json!([{"lines": [["R1C1", "R3C3"]]}])).contains("not neighbours"));
    assert!(with("xv", json!([{"cells": ["R1C1", "R2C2"], "value": "X"}])).contains("not side by side"));
    assert!(with("odd", json!([{"cell": "R1C3"}])).contains("r1c3 must hold an odd digit, but its given is 4"));
    let ten: Vec<String> = (1..=9).map(|c| format!("R1C{c}")).chain(["R2C1".to_string()]).collect();
    assert!(with("extraregion", json!([{"cells": ten}])).contains("has 10 cells, but its digits must differ"));
    assert!(with("killercage", json!([{"cells": ["R1C10"], "value": "4"}])).contains("not R<row>C<column> of the grid"));
    assert!(with("killercage", json!({"cells": []})).contains("damaged"));
    assert!(with("xv", json!([{"cells": ["R1C1", "R1C2"], "value": "Y"}])).contains("neither X nor V"));
    assert!(with("littlekillersum", json!([{"cell": "R3C3", "direction": "DR", "value": "5"}])).contains("not outside the grid"));
    assert!(with("sandwichsum", json!([{"cell": "R0C3", "value": "36"}])).contains("column 3 has the sum 36"));
    let seven = json!({"size": 7, "grid": [], "killercage": []});
    assert_eq!(fpuzzles::from_json_puzzle(&seven), Err(FormatError::GridSide { format: "f-puzzles", side: 7 }));
    assert!(matches!(fpuzzles::parse_puzzle("N4Ig!"), Err(FormatError::BadCharacter { .. })));
    assert!(matches!(fpuzzles::parse_puzzle(&compressed::compress("{\"size\":9")), Err(FormatError::Damaged { .. })));
}

/// Every kind of constraint alone on an empty grid of every size, 20 of each from a pinned seed.
fn each_single_constraint(mut check: impl FnMut(Puzzle)) {
    let mut rng = Rng::seeded(43);
    for kind in 0..random_variants::KINDS {
        for size in Size::ALL {
            for _ in 0..20 {
                let mut p = Puzzle::classic(Grid::new(size));
                p.constraints.push(random_variants::constraint(&mut rng, size, kind));
                check(p);
            }
        }
    }
}

#[test]
fn fpuzzles_round_trips_each_constraint() {
    each_single_constraint(|p| {
        let payload = fpuzzles::write_puzzle(&p);
        assert_eq!(fpuzzles::parse_puzzle(&payload), Ok(p.clone()), "{}", fpuzzles::to_json_puzzle(&p));
    });
    // A classic puzzle's JSON is the classic writer's, byte for byte.
    let g = format::line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
    assert_eq!(fpuzzles::to_json_puzzle(&Puzzle::classic(g.clone())), fpuzzles::to_json(&g));
    assert_eq!(fpuzzles::write_puzzle(&Puzzle::classic(g.clone())), fpuzzles::write(&g));
}

#[test]
fn the_fpuzzles_link_opens_the_same_puzzle() {
    let p = every_constraint_read();
    let link = share::fpuzzles_link(&p);
    assert!(link.starts_with("https://www.f-puzzles.com/?load=N4Ig"), "{link}");
    let payload = link.split_once("?load=").unwrap().1;
    assert!(!payload.contains(['+', '/', '=']), "{link}");
    assert_eq!(share::parse_puzzle(&link).map(|s| s.puzzle), Ok(p));
}

#[test]
fn the_sudokupad_link_carries_every_constraint_and_reads_back_to_the_same_puzzle() {
    // Our SudokuPad link, read back by our reader of SudokuPad links (`share::parse_puzzle`
    // takes `?puzzleid=fpuzzles…` to the f-puzzles reader, as SudokuPad does): every kind of
    // constraint the f-puzzles writer writes, at every size, 20 of each from a pinned seed.
    let back = |p: &Puzzle| {
        let link = share::sudokupad_link(p);
        assert!(link.starts_with("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig"), "{link}");
        assert!(!link.split_once("fpuzzles").unwrap().1.contains(['+', '/', '=']), "{link}");
        share::parse_puzzle(&link).map(|s| s.puzzle)
    };
    each_single_constraint(|p| assert_eq!(back(&p), Ok(p.clone()), "{}", fpuzzles::to_json_puzzle(&p)));
    // Every rule at once, with givens, title, author and rules text.
    let every = every_constraint_read();
    assert_eq!(back(&every), Ok(every.clone()));
    // Irregular regions (the boxes with r1c3 and r1c4 swapped) travel too.
    let mut regions: Vec<u8> = (0..81).map(|i| ((i / 27) * 3 + (i % 9) / 3) as u8).collect();
    regions.swap(2, 3);
    let jigsaw = Puzzle { regions: Some(regions), ..every_constraint_read() };
    let jigsaw = Puzzle { constraints: jigsaw.constraints.into_iter().filter(|c| *c != Constraint::DisjointGroups).collect(), ..jigsaw };
    assert_eq!(back(&jigsaw), Ok(jigsaw.clone()));
    // The same link in SudokuPad's path form (`sudokupad.app/fpuzzles…`) reads the same.
    let path = share::sudokupad_link(&every).replace("?puzzleid=", "").replace("%2B", "+").replace("%2F", "/").replace("%3D", "=");
    assert_eq!(share::parse_puzzle(&path).map(|s| s.puzzle), Ok(every));
}

/// A 9x9 with all 81 cells in 45 cages: each row four pairs and a single.
fn pure_killer() -> Puzzle {
    let mut constraints = Vec::new();
    for r in 1..=9 {
        for pair in 0..4 {
            constraints
                .push(Constraint::Killer { cells: cells(&[(r, 2 * pair + 1), (r, 2 * pair + 2)]), sum: Some(3 + (r + pair) as u16 % 15) });
        }
        constraints.push(Constraint::Killer { cells: cells(&[(r, 9)]), sum: Some(r as u16) });
    }
    Puzzle { constraints, ..Puzzle::classic(Grid::new(Size::Nine)) }
}

#[test]
fn the_share_link_carries_constraints_and_progress() {
    let p = every_constraint_read();
    let mut entries = Grid::new(Size::Nine);
    entries.set(cell(1, 1), Digit::new(8));
    let mut notes = vec![DigitSet::EMPTY; 81];
    notes[1] = [9u8].into_iter().filter_map(Digit::new).collect();
    let progress = Progress::new(entries, notes);
    for with in [None, Some(&progress)] {
        let fragment = share::fragment_puzzle(&p, with);
        let link = format!("https://inkdoku.example/{fragment}");
        assert_eq!(share::parse_puzzle(&link), Ok(SharedPuzzle { puzzle: p.clone(), progress: with.cloned() }));
        // The classic reader refuses it, naming its rules, as the app expects.
        let e = share::parse(&link).unwrap_err();
        assert!(matches!(&e, ShareError::Format(FormatError::Variant { rules, .. }) if rules[0] == Rule::KillerCages));
        assert!(e.to_string().contains("rules inkdoku does not play: killer cages"), "{e}");
        // The together link: the room's key after the puzzle.
        let key = RoomKey([7; 32]);
        let (without, found) = split_room(&with_room(&link, &key));
        assert_eq!(found, Some(Ok(key)));
        assert_eq!(share::parse_puzzle(&without).unwrap().puzzle, p);
    }
    // A classic puzzle's link is the classic one, byte for byte (version 2 or 3).
    let classic = Puzzle::classic(p.givens.clone());
    assert_eq!(share::encode_puzzle(&classic, Some(&progress)), share::encode(&p.givens, Some(&progress)));
    assert_eq!(share::parse_puzzle(&share::fragment(&p.givens, None)).unwrap().puzzle, classic);
    // A pure killer's link.
    let killer = pure_killer();
    let payload = share::encode_puzzle(&killer, None);
    eprintln!("45-cage killer: #p= payload of {} characters (f-puzzles: {})", payload.len(), fpuzzles::write_puzzle(&killer).len());
    assert!(payload.len() < 400, "{}", payload.len());
    assert_eq!(share::decode_puzzle(&payload).unwrap().puzzle, killer);
}

#[test]
fn damaged_share_links_say_why() {
    let payload = share::encode_puzzle(&pure_killer(), None);
    assert!(share::decode_puzzle(&payload[..payload.len() - 8]).is_err());
    let mut bad = pure_killer();
    bad.constraints[0] = Constraint::Killer { cells: cells(&[(1, 1), (1, 2)]), sum: Some(18) };
    let e = share::decode_puzzle(&share::encode_puzzle(&bad, None)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the link's puzzle cannot be played: the killer cage at r1c1,r1c2 has the sum 18, but its digits add up to between 3 and 17"
    );
}

/// SudokuPad's JSON of a puzzle made in SudokuPad: cages with sums and words, and the
/// constraints as it draws them.
fn drawn() -> Value {
    let mut cells = vec![vec![json!({}); 9]; 9];
    cells[4][4] = json!({"value": 5});
    json!({
        "cellSize": 64,
        "cells": cells,
        "cages": [
            {"value": "title: Drawn"},
            {"value": "author: Someone"},
            {"value": "rules: Normal sudoku rules apply. Digits along a thermometer increase from the bulb. Digits in a cage sum to its clue. Digits on an arrow sum to the digit in its circle. Digits either side of a white dot are consecutive, of a black dot in a 1:2 ratio. X: sum 10, V: sum 5. Green lines: German whispers. Pink lines: renban. Grey lines: palindromes."},
            {"cells": [[0, 0], [0, 1]], "value": 17, "borderColor": "#000000"}
        ],
        "underlays": [
            {"center": [2.5, 4.5], "width": 0.85, "height": 0.85, "rounded": true, "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"}
        ],
        "overlays": [
            {"center": [1.5, 1.5], "width": 0.83, "height": 0.83, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#A1A1A1", "thickness": 2},
            {"center": [6.5, 7], "width": 0.34, "height": 0.34, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#000000"},
            {"center": [7, 6.5], "width": 0.34, "height": 0.34, "rounded": true, "backgroundColor": "#000000", "borderColor": "#000000"},
            {"center": [8.5, 1], "width": 0.5, "height": 0.5, "text": "X", "fontSize": 28},
            {"center": [8, 3.5], "width": 0.5, "height": 0.5, "text": "V", "fontSize": 28}
        ],
        "lines": [
            {"wayPoints": [[2.5, 4.5], [2.5, 5.5], [1.5, 6.5]], "color": "#CFCFCF", "thickness": 21},
            {"wayPoints": [[4.5, 6.5], [5.5, 7.5]], "color": "#67F067", "thickness": 9.6},
            {"wayPoints": [[0.5, 4.5], [0.5, 6.5]], "color": "#f067f0ff", "thickness": 9.6},
            {"wayPoints": [[3.5, 6.5], [3.5, 8.5]], "color": "#C0C0C0", "thickness": 8}
        ],
        "arrows": [
            {"wayPoints": [[1.85, 1.85], [2.5, 2.5], [3.5, 2.5]], "color": "#A1A1A1", "thickness": 2, "headLength": 0.3}
        ]
    })
}

fn drawn_read() -> Vec<Constraint> {
    vec![
        Constraint::Killer { cells: cells(&[(1, 1), (1, 2)]), sum: Some(17) },
        Constraint::Thermometer { cells: cells(&[(3, 5), (3, 6), (2, 7)]) },
        Constraint::Whispers { cells: cells(&[(5, 7), (6, 8)]) },
        Constraint::Renban { cells: cells(&[(1, 5), (1, 6), (1, 7)]) },
        Constraint::Palindrome { cells: cells(&[(4, 7), (4, 8), (4, 9)]) },
        Constraint::Arrow { circle: cells(&[(2, 2)]), line: cells(&[(3, 3), (4, 3)]) },
        Constraint::Kropki { cells: [cell(7, 7), cell(7, 8)], dot: Dot::White },
        Constraint::Kropki { cells: [cell(7, 7), cell(8, 7)], dot: Dot::Black },
        Constraint::Xv { cells: [cell(9, 1), cell(9, 2)], sum: 10 },
        Constraint::Xv { cells: [cell(8, 4), cell(9, 4)], sum: 5 },
    ]
}

#[test]
fn sudokupad_recognises_drawn_constraints() {
    let p = sudokupad::from_json_puzzle(&drawn()).unwrap();
    assert_eq!(p.constraints, drawn_read());
    assert_eq!((p.about.title.as_str(), p.about.author.as_str()), ("Drawn", "Someone"));
    assert!(p.about.rules.starts_with("Normal sudoku rules apply."));
    assert_eq!(p.givens.get(cell(5, 5)), Digit::new(5));
    let payload = compressed::compress(&drawn().to_string());
    for link in
        [format!("https://sudokupad.app/scl{payload}"), format!("?puzzleid=ctc{}", payload.replace('+', "%2B")), format!("scl{payload}")]
    {
        assert_eq!(share::parse_puzzle(&link).map(|s| s.puzzle.constraints), Ok(drawn_read()), "{link}");
    }
    assert_eq!(sudokupad::parse_puzzle(&payload).map(|p| p.constraints), Ok(drawn_read()));
    // The classic reader still refuses it.
    assert!(matches!(share::parse(&format!("scl{payload}")), Err(ShareError::Format(FormatError::Variant { .. }))));
}

#[test]
fn sudokupad_shortened_json_cages_and_regions() {
    // The shortened form, by hand: a 4x4 killer with irregular regions (r2c2 and r1c3 trade).
    let zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,1],[1,1]],v:'5'},{v:'rules: Killer cages: digits sum to the clue.'}],\
                  re:[[[0,0],[0,1],[1,0],[0,2]],[[1,1],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}";
    let v = sudokupad::unzip(zipped).unwrap();
    let p = sudokupad::from_json_puzzle(&v).unwrap();
    let four = |r, c| Size::Four.cell(r, c);
    assert_eq!(p.constraints, vec![Constraint::Killer { cells: vec![four(0, 1), four(1, 1)], sum: Some(5) }]);
    assert_eq!(p.regions, Some(vec![0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]));
    assert_eq!(p.about.rules, "Killer cages: digits sum to the clue.");
    // A cage without a sum is a killer cage where the rules speak of cages.
    let bare = sudokupad::unzip("{ce:[[,,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,1],[1,1]]},{v:'rules: No repeats in cages.'}]}").unwrap();
    assert_eq!(
        sudokupad::from_json_puzzle(&bare).unwrap().constraints,
        vec![Constraint::Killer { cells: vec![four(0, 1), four(1, 1)], sum: None }]
    );
}

#[test]
fn sudokupad_refuses_what_it_cannot_recognise() {
    let refused = |edit: &dyn Fn(&mut Value)| {
        let mut v = drawn();
        edit(&mut v);
        match sudokupad::from_json_puzzle(&v) {
            Err(FormatError::Variant { rules, .. }) => rules,
            other => panic!("{other:?}"),
        }
    };
    // A digit written in a cell, a red line, a line not along cells, an arrow without its
    // circle, a grey dot, a slow thermometer.
    assert_eq!(refused(&|v| v["overlays"].as_array_mut().unwrap().push(json!({"center": [4.5, 0.5], "text": "7"}))), vec![Rule::Drawings]);
    assert_eq!(refused(&|v| v["lines"][1]["color"] = json!("#FF0000")), vec![Rule::Lines]);
    assert_eq!(refused(&|v| v["lines"][1]["wayPoints"] = json!([[0.5, 0.5], [1.5, 2.5]])), vec![Rule::Drawings]);
    // (Its circle is left over: a drawing too.)
    assert_eq!(refused(&|v| v["arrows"][0]["wayPoints"] = json!([[5.5, 0.5], [6.5, 0.5]])), vec![Rule::Arrows, Rule::Drawings]);
    assert_eq!(refused(&|v| v["overlays"][1]["backgroundColor"] = json!("#888888")), vec![Rule::Dots]);
    assert_eq!(
        refused(
            &|v| v["cages"][2]["value"] = json!("rules: Slow thermometers, dots, cages, arrows, X and V, whispers, renban, palindrome.")
        ),
        vec![Rule::Thermometers]
    );
    // What the rules say decides the ambiguous shapes: rules without palindromes.
    assert_eq!(
        refused(&|v| v["cages"][2]["value"] = json!("rules: Thermo, cage, arrow, dot, X and V, whispers, renban.")),
        vec![Rule::Lines]
    );
    // Bad input: a cage over 45, a bad region.
    let mut v = drawn();
    v["cages"][3]["value"] = json!(46);
    assert!(sudokupad::from_json_puzzle(&v).unwrap_err().to_string().contains("has the sum 46"));
    v["cages"][3]["value"] = json!(17);
    v["regions"] = json!([[[0, 0]]]);
    assert_eq!(
        sudokupad::from_json_puzzle(&v).unwrap_err().to_string(),
        "the SudokuPad puzzle cannot be played: the regions are wrong: r1c2 is in no region"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Random valid puzzles come back whole through inkdoku's link (in order) and through
    /// f-puzzles' JSON (grouped by kind).
    #[test]
    fn random_puzzles_round_trip(seed in any::<u64>(), size in 0..Size::ALL.len()) {
        let mut rng = Rng::seeded(seed);
        let p = random_variants::puzzle(&mut rng, Size::ALL[size], 12);
        prop_assert_eq!(inkdoku_engine::variant::validate::validate(&p), Ok(()));
        let back = share::decode_puzzle(&share::encode_puzzle(&p, None)).unwrap().puzzle;
        if p.is_classic() {
            prop_assert_eq!(back, Puzzle::classic(p.givens.clone()));
        } else {
            prop_assert_eq!(&back, &p);
        }
        let back = fpuzzles::parse_puzzle(&fpuzzles::write_puzzle(&p)).unwrap();
        prop_assert_eq!(random_variants::canonical(back), random_variants::canonical(p.clone()));
        // SudokuPad's drawings of the constraints it draws are recognised back.
        if let Some(json) = random_variants::sudokupad_json(&p) {
            let back = sudokupad::from_json_puzzle(&json).unwrap();
            prop_assert_eq!((&back.givens, &back.regions), (&p.givens, &p.regions));
            let (back, p) = (random_variants::canonical(back), random_variants::canonical(p));
            prop_assert_eq!(back.constraints, p.constraints, "{}", json);
        }
    }
}

/// Two thermometers from one bulb, each drawing the bulb (as a random puzzle of the property
/// test below once did, seed 1628698150617052292 on 4x4): both are read, no drawing is left.
#[test]
fn thermometers_branching_from_one_bulb_drawn_twice_are_read() {
    let mut rng = Rng::seeded(1628698150617052292);
    let p = random_variants::puzzle(&mut rng, Size::ALL[0], 12);
    let json = random_variants::sudokupad_json(&p).expect("drawn");
    let back = sudokupad::from_json_puzzle(&json).expect("read back");
    assert_eq!(random_variants::canonical(back).constraints, random_variants::canonical(p).constraints);
}

/// The solution of the hand-made 6x6 killer below, written by hand: each row is the one two
/// above shifted by one, each band's second row its first shifted by a box's width.
const SIX_SOLUTION: &str = "123456456123231564564231312645645312";

/// Its givens: what the engine's variant solver left of the whole solution, removing givens in
/// a fixed order while the solution stayed unique.
const SIX_GIVENS: &str = ".2....................3......56.....";

/// A hand-made 6x6 killer (boxes of 2 rows by 3 columns): every row cut into three dominoes
/// whose sums the solution gives, and four givens.
fn six_killer() -> Puzzle {
    let six = Size::Six;
    let solution = format::line::parse(SIX_SOLUTION).unwrap();
    let mut constraints = Vec::new();
    for r in 0..6 {
        for pair in 0..3 {
            let cells = vec![six.cell(r, 2 * pair), six.cell(r, 2 * pair + 1)];
            let sum = cells.iter().map(|&c| u16::from(solution.get(c).unwrap().get())).sum();
            constraints.push(Constraint::Killer { cells, sum: Some(sum) });
        }
    }
    Puzzle { constraints, ..Puzzle::classic(format::line::parse(SIX_GIVENS).unwrap()) }
}

#[test]
fn a_six_by_six_killer_solves_uniquely_and_its_fpuzzles_link_round_trips() {
    let p = six_killer();
    let solution = format::line::parse(SIX_SOLUTION).unwrap();
    let report = inkdoku_engine::variant::solve(&p, 2, 1).unwrap();
    assert_eq!((report.count, report.solutions.first()), (1, Some(&solution)));
    // Without a given it has two solutions: the givens are needed, and counting stops at two.
    let mut fewer = p.clone();
    fewer.givens.set(Size::Six.cell(0, 1), None);
    assert_eq!(inkdoku_engine::variant::solve(&fewer, 2, 0).unwrap().count, 2);
    let link = share::fpuzzles_link(&p);
    let payload = fpuzzles::write_puzzle(&p);
    let json: Value = serde_json::from_str(&compressed::decompress(&payload, "f").unwrap()).unwrap();
    assert_eq!((json["size"].as_u64(), json["grid"][5].as_array().map(Vec::len)), (Some(6), Some(6)));
    assert_eq!(json["killercage"].as_array().map(Vec::len), Some(18));
    assert_eq!(share::parse_puzzle(&link).unwrap().puzzle, p);
    // A cage of a whole row sums to 21 on 6x6, never more.
    let row: Vec<String> = (1..=6).map(|c| format!("R1C{c}")).collect();
    let mut whole = json.clone();
    whole["killercage"] = json!([{"cells": row, "value": "21"}]);
    assert!(fpuzzles::from_json_puzzle(&whole).is_ok());
    whole["killercage"][0]["value"] = json!("22");
    assert_eq!(
        fpuzzles::from_json_puzzle(&whole).unwrap_err().to_string(),
        "the f-puzzles puzzle cannot be played: the killer cage at r1c1,r1c2,r1c3,r1c4,r1c5,r1c6 has the sum 22, but its digits add up to between 21 and 21"
    );
    // A cell of box 1 moved to box 2: a region of 5 cells and one of 7.
    let mut moved = json.clone();
    moved["grid"][0][0]["region"] = json!(1);
    assert_eq!(
        fpuzzles::from_json_puzzle(&moved).unwrap_err().to_string(),
        "the f-puzzles puzzle cannot be played: the regions are wrong: region 1 has 5 cells; each region needs 6"
    );
    // A 7 in a 6x6 grid.
    let mut seven = json.clone();
    seven["grid"][2][3] = json!({"value": 7, "given": true});
    assert_eq!(fpuzzles::from_json_puzzle(&seven), Err(FormatError::BadCell { ch: '7', row: 3, col: 4, size: Size::Six }));
    // The givens alone travel as SudokuPad's compressed 36 cells, and back.
    let packed = sudokupad::write(&p.givens).unwrap();
    assert_eq!(share::parse(&format!("https://sudokupad.app/scf{packed}")).unwrap().givens, p.givens);
    println!("{payload}");
}
