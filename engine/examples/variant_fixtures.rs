//! Prints the variant puzzles of the end-to-end tests (`tests/e2e/variants.test.mjs`), made by
//! inkdoku's own writers from puzzles of `tests/data/variants/set.jsonl`:
//!
//! - `KILLER`: the set's first killer with givens (line 9), with a title, author and rules, as
//!   an f-puzzles payload (`fpuzzles::write_puzzle`), and its solution;
//! - `SHOW`: the set's arrow + kropki puzzle (line 49) with a thermometer, a cage, an X and a
//!   parity mark added where its solution keeps them (true constraints keep it unique);
//! - `SUDOKUPAD`: the same arrow + kropki puzzle with the thermometer alone added, drawn as
//!   SudokuPad draws it, as an `scl` payload (lz-string of its JSON);
//! - `OUTSIDE`: the set's first sandwich puzzle (line 14: sums above and left of the grid) with
//!   four little killers added where its solution keeps them, their clues above and left too
//!   (one in the top-left corner), on lines free of sandwich sums, so no two clues share a place;
//! - `MINMAX`: a classic puzzle with an f-puzzles `minimum` cell, a rule inkdoku does not play.
//!
//! Run: `cargo run -p inkdoku-engine --example variant_fixtures`.

use inkdoku_engine::format::{compressed, fpuzzles, line};
use inkdoku_engine::variant::{About, Constraint, Puzzle};
use inkdoku_engine::{Cell, Grid, Size};

fn entry(n: usize) -> (Puzzle, Grid) {
    let set = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/variants/set.jsonl")).unwrap();
    let v: serde_json::Value = serde_json::from_str(set.lines().nth(n).unwrap()).unwrap();
    let puzzle: Puzzle = serde_json::from_value(v["puzzle"].clone()).unwrap();
    (puzzle, line::parse(v["solution"].as_str().unwrap()).unwrap())
}

/// SudokuPad's JSON of a puzzle of givens, thermometers, arrows (one-cell circles) and kropki
/// dots, drawn as SudokuPad's own f-puzzles converter draws them: a grey line with a grey bulb
/// under it, a grey arrow from a white circle, small white and black circles on edges, and the
/// rules text naming each (the reader wants the words where there are rules).
fn sudokupad_json(p: &Puzzle) -> serde_json::Value {
    use serde_json::json;
    let s = p.size();
    let at = |c: Cell| json!([s.row_of(c) as f64 + 0.5, s.col_of(c) as f64 + 0.5]);
    let rows: Vec<serde_json::Value> =
        (0..9).map(|r| (0..9).map(|c| p.givens.get(s.cell(r, c)).map_or(json!({}), |d| json!({"value": d.get()}))).collect()).collect();
    let (mut lines, mut arrows, mut underlays, mut overlays) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for c in &p.constraints {
        match c {
            Constraint::Thermometer { cells } => {
                underlays
                    .push(json!({"center": at(cells[0]), "width": 0.85, "height": 0.85, "rounded": true, "backgroundColor": "#CFCFCF"}));
                lines.push(json!({"wayPoints": cells.iter().map(|&c| at(c)).collect::<Vec<_>>(), "color": "#CFCFCF", "thickness": 9.6}));
            }
            Constraint::Arrow { circle, line } => {
                overlays.push(json!({"center": at(circle[0]), "width": 0.83, "height": 0.83, "rounded": true,
                    "backgroundColor": "#FFFFFF", "borderColor": "#A1A1A1", "thickness": 2}));
                let points: Vec<_> = circle.iter().take(1).chain(line).map(|&c| at(c)).collect();
                arrows.push(json!({"wayPoints": points, "color": "#A1A1A1", "thickness": 2, "headLength": 0.3}));
            }
            Constraint::Kropki { cells: [a, b], dot } => {
                let centre = |c: Cell| [s.row_of(c) as f64 + 0.5, s.col_of(c) as f64 + 0.5];
                let (pa, pb) = (centre(*a), centre(*b));
                let fill = if *dot == inkdoku_engine::variant::Dot::Black { "#000000" } else { "#FFFFFF" };
                overlays.push(json!({"center": [(pa[0] + pb[0]) / 2.0, (pa[1] + pb[1]) / 2.0], "width": 0.25, "height": 0.25,
                    "rounded": true, "backgroundColor": fill, "borderColor": "#000000", "thickness": 1}));
            }
            other => panic!("no SudokuPad drawing here for {other:?}"),
        }
    }
    let rules = "rules: Normal sudoku rules apply. Digits along a thermometer increase from the bulb. Digits along an arrow \
                 sum to the digit in its circle. Digits either side of a white dot are consecutive; of a black dot, one is \
                 double the other.";
    json!({"cells": rows, "cages": [{"value": "title: Arrows, dots and a thermometer"}, {"value": "author: inkdoku"}, {"value": rules}],
        "lines": lines, "arrows": arrows, "underlays": underlays, "overlays": overlays})
}

fn main() {
    let s = Size::Nine;
    let (mut killer, solution) = entry(8);
    killer.about = About {
        title: "A killer to test".into(),
        author: "inkdoku".into(),
        rules: "Normal Sudoku rules apply.\nDigits in a cage add up to its sum and do not repeat.".into(),
    };
    println!("KILLER {}", fpuzzles::write_puzzle(&killer));
    println!("KILLER_SOLUTION {}", solution.to_line());

    let (mut show, solution) = entry(48);
    let digit = |c: Cell| solution.get(c).unwrap().get();
    let used: Vec<Cell> = show
        .constraints
        .iter()
        .flat_map(|c| match c {
            Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Constraint::Kropki { cells, .. } => cells.to_vec(),
            _ => Vec::new(),
        })
        .collect();
    let free = |c: Cell, taken: &[Cell]| !used.contains(&c) && !taken.contains(&c) && show.givens.get(c).is_none();
    let mut taken = Vec::new();
    // A thermometer of 3 cells rising along a row or column, somewhere free.
    'thermo: for r in 0..9 {
        for c in 0..7 {
            for cells in [(0..3).map(|i| s.cell(r, c + i)).collect::<Vec<_>>(), (0..3).map(|i| s.cell(c + i, r)).collect()] {
                if cells.iter().all(|&x| free(x, &taken)) && cells.windows(2).all(|w| digit(w[0]) < digit(w[1])) {
                    taken.extend(&cells);
                    show.constraints.push(Constraint::Thermometer { cells });
                    break 'thermo;
                }
            }
        }
    }
    // The same arrows, dots and thermometer drawn as SudokuPad draws them (it has no
    // constraint types: shapes, colours and the rules' words), for its `scl` link.
    println!("SUDOKUPAD scl{}", compressed::compress(&sudokupad_json(&show).to_string()));

    // A cage of three cells in an L, an X on two neighbours adding up to 10, an even cell.
    'cage: for r in 0..8 {
        for c in 0..8 {
            let cells = vec![s.cell(r, c), s.cell(r, c + 1), s.cell(r + 1, c)];
            if cells.iter().all(|&x| free(x, &taken)) {
                let sum = cells.iter().map(|&x| u16::from(digit(x))).sum();
                taken.extend(&cells);
                show.constraints.push(Constraint::Killer { cells, sum: Some(sum) });
                break 'cage;
            }
        }
    }
    'x: for r in 0..9 {
        for c in 0..8 {
            let (a, b) = (s.cell(r, c), s.cell(r, c + 1));
            if free(a, &taken) && free(b, &taken) && digit(a) + digit(b) == 10 {
                taken.extend([a, b]);
                show.constraints.push(Constraint::Xv { cells: [a, b], sum: 10 });
                break 'x;
            }
        }
    }
    if let Some(c) = s.cells().filter(|&c| free(c, &taken) && digit(c) % 2 == 0).last() {
        show.constraints.push(Constraint::Parity { cell: c, even: true });
    }
    assert!(show.constraints.iter().any(|c| matches!(c, Constraint::Thermometer { .. })), "a thermometer");
    show.about.title = "Arrows, dots and a thermometer".into();
    assert_eq!(inkdoku_engine::variant::solve(&show, 2, 1).unwrap().count, 1, "still unique");
    println!("SHOW {}", fpuzzles::write_puzzle(&show));
    println!("SHOW_SOLUTION {}", solution.to_line());

    let (mut outside, solution) = entry(13);
    let digit = |c: Cell| u16::from(solution.get(c).unwrap().get());
    // Clue (row, column) outside the grid, 0-based (-1: above or left), and the step inwards.
    for (clue, (dr, dc)) in [((-1i8, -1i8), (1i8, 1i8)), ((-1, 2), (1, -1)), ((3, -1), (-1, 1)), ((4, -1), (1, 1))] {
        let mut cells = Vec::new();
        let (mut r, mut c) = (clue.0 + dr, clue.1 + dc);
        while (0..9).contains(&r) && (0..9).contains(&c) {
            cells.push(s.cell(r as usize, c as usize));
            (r, c) = (r + dr, c + dc);
        }
        let sum = cells.iter().map(|&x| digit(x)).sum();
        outside.constraints.push(Constraint::LittleKiller { cells, sum, clue });
    }
    outside.about.title = "Sandwiches and little killers".into();
    assert_eq!(inkdoku_engine::variant::solve(&outside, 2, 1).unwrap().count, 1, "still unique");
    println!("OUTSIDE {}", fpuzzles::write_puzzle(&outside));
    println!("OUTSIDE_SOLUTION {}", solution.to_line());

    let nine = line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&fpuzzles::to_json(&nine)).unwrap();
    v["minimum"] = serde_json::json!([{"cell": "R1C3"}]);
    println!("MINMAX {}", compressed::compress(&v.to_string()));
}
