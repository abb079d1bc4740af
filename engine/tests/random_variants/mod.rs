//! Shared by the link tests: random variant puzzles whose constraints are all valid
//! (`variant::validate` passes), for round trips and for fuzzing the readers from valid
//! payloads.

// Each test binary that includes this module uses part of it.
#![allow(dead_code)]

use inkdoku_engine::random::Rng;
use inkdoku_engine::variant::{About, Constraint, Diagonal, Dot, Line, Puzzle};
use inkdoku_engine::{Cell, Digit, Grid, Size};

fn rc(size: Size, cell: Cell) -> (i64, i64) {
    (size.row_of(cell) as i64, size.col_of(cell) as i64)
}

fn at(size: Size, r: i64, c: i64) -> Option<Cell> {
    let side = size.side() as i64;
    ((0..side).contains(&r) && (0..side).contains(&c)).then(|| size.cell(r as usize, c as usize))
}

fn random_cell(rng: &mut Rng, size: Size) -> Cell {
    Cell::new(rng.below(size.cell_count()))
}

/// A walk of distinct cells, each a king's move (`diagonal`) or a step to the side from the
/// last, of up to `len` cells (fewer where it gets stuck), avoiding `avoid`.
fn walk(rng: &mut Rng, size: Size, start: Cell, len: usize, diagonal: bool, avoid: &[Cell]) -> Vec<Cell> {
    let mut cells = vec![start];
    while cells.len() < len {
        let (r, c) = rc(size, *cells.last().unwrap());
        let steps: Vec<Cell> = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
            .into_iter()
            .filter(|(dr, dc)| diagonal || dr * dc == 0)
            .filter_map(|(dr, dc)| at(size, r + dr, c + dc))
            .filter(|c| !cells.contains(c) && !avoid.contains(c))
            .collect();
        if steps.is_empty() {
            break;
        }
        cells.push(steps[rng.below(steps.len())]);
    }
    cells
}

fn distinct_cells(rng: &mut Rng, size: Size, len: usize) -> Vec<Cell> {
    let mut all: Vec<Cell> = size.cells().collect();
    rng.shuffle(&mut all);
    all.truncate(len);
    all
}

fn between(rng: &mut Rng, low: u16, high: u16) -> u16 {
    low + rng.below(usize::from(high - low) + 1) as u16
}

/// A random constraint of kind `kind` (0-18, as many as `Constraint` has), valid on an empty
/// grid of the size with the usual boxes.
pub fn constraint(rng: &mut Rng, size: Size, kind: usize) -> Constraint {
    let side = size.side();
    let neighbour = |rng: &mut Rng| loop {
        let a = random_cell(rng, size);
        let pair = walk(rng, size, a, 2, false, &[]);
        if pair.len() == 2 {
            return [pair[0], pair[1]];
        }
    };
    match kind {
        0 => {
            let n = 1 + rng.below(side.min(5));
            let cells = distinct_cells(rng, size, n);
            let (n, s) = (n as u16, side as u16);
            let sum = (rng.below(4) > 0).then(|| between(rng, n * (n + 1) / 2, n * (2 * s + 1 - n) / 2));
            Constraint::Killer { cells, sum }
        }
        1 => loop {
            // A clue on the ring, pointing diagonally into the grid.
            let s = side as i64;
            let edge = rng.below(side) as i64;
            let (clue, (dr, dc)) = match rng.below(4) {
                0 => ((-1, edge), (1, if rng.below(2) == 0 { 1 } else { -1 })),
                1 => ((s, edge), (-1, if rng.below(2) == 0 { 1 } else { -1 })),
                2 => ((edge, -1), (if rng.below(2) == 0 { 1 } else { -1 }, 1)),
                _ => ((edge, s), (if rng.below(2) == 0 { 1 } else { -1 }, -1)),
            };
            let cells: Vec<Cell> = (1..).map_while(|i| at(size, clue.0 + dr * i, clue.1 + dc * i)).collect();
            if !cells.is_empty() {
                let n = cells.len() as u16;
                let sum = between(rng, n, n * side as u16);
                break Constraint::LittleKiller { cells, sum, clue: (clue.0 as i8, clue.1 as i8) };
            }
        },
        2 => {
            let index = rng.below(side) as u8;
            let line = if rng.below(2) == 0 { Line::Row(index) } else { Line::Col(index) };
            let most: u16 = (2..side as u16).sum();
            Constraint::Sandwich { line, sum: between(rng, 0, most), start: rng.below(2) == 0 }
        }
        3 => loop {
            let start = random_cell(rng, size);
            let circle = if rng.below(3) == 0 { walk(rng, size, start, 2, false, &[]) } else { vec![start] };
            let (end, len) = (*circle.last().unwrap(), 2 + rng.below(3));
            let walked = walk(rng, size, end, len, true, &circle[..circle.len() - 1]);
            let line = walked[1..].to_vec();
            if !line.is_empty() {
                // A pill reads left to right, top to bottom.
                let mut circle = circle;
                circle.sort();
                break Constraint::Arrow { circle, line };
            }
        },
        4 | 9 | 10 | 11 => loop {
            let (start, len) = (random_cell(rng, size), 2 + rng.below(side.min(6) - 1));
            let cells = walk(rng, size, start, len, true, &[]);
            if cells.len() >= 2 {
                break match kind {
                    4 => Constraint::Thermometer { cells },
                    9 => Constraint::Whispers { cells },
                    10 => Constraint::Renban { cells },
                    _ => Constraint::Palindrome { cells },
                };
            }
        },
        5 => Constraint::Kropki { cells: neighbour(rng), dot: if rng.below(2) == 0 { Dot::White } else { Dot::Black } },
        6 => Constraint::Xv { cells: neighbour(rng), sum: if rng.below(2) == 0 { 5 } else { 10 } },
        7 => {
            let white = rng.below(2) == 0;
            Constraint::KropkiNegative { white, black: !white || rng.below(2) == 0 }
        }
        8 => Constraint::XvNegative,
        12 => Constraint::Diagonal { diagonal: if rng.below(2) == 0 { Diagonal::Main } else { Diagonal::Anti } },
        13 => Constraint::AntiKnight,
        14 => Constraint::AntiKing,
        15 => Constraint::NonConsecutive,
        16 => {
            let len = 2 + rng.below(side - 1);
            Constraint::ExtraRegion { cells: distinct_cells(rng, size, len) }
        }
        17 => Constraint::DisjointGroups,
        _ => Constraint::Parity { cell: random_cell(rng, size), even: rng.below(2) == 0 },
    }
}

/// How many kinds `constraint` makes.
pub const KINDS: usize = 19;

/// Whether a kind is a rule of the whole grid (at most one of each in a puzzle).
pub fn global(kind: usize) -> bool {
    matches!(kind, 7 | 8 | 12 | 13 | 14 | 15 | 17)
}

/// A random valid puzzle: a few givens off the constrained cells, maybe irregular regions,
/// up to `most` constraints (each rule of the whole grid at most once), maybe words.
pub fn puzzle(rng: &mut Rng, size: Size, most: usize) -> Puzzle {
    let mut constraints = Vec::new();
    let mut globals = Vec::new();
    let irregular = rng.below(4) == 0;
    for _ in 0..rng.below(most + 1) {
        let kind = rng.below(KINDS);
        if (global(kind) && globals.contains(&kind)) || (irregular && kind == 17) {
            continue;
        }
        if global(kind) {
            globals.push(kind);
        }
        constraints.push(constraint(rng, size, kind));
    }
    let regions = irregular.then(|| {
        // Two cells of different boxes trade places: still `side` regions of `side` cells.
        let mut regions: Vec<u8> = size.cells().map(|c| size.box_of(c) as u8).collect();
        loop {
            let (a, b) = (rng.below(size.cell_count()), rng.below(size.cell_count()));
            if regions[a] != regions[b] {
                regions.swap(a, b);
                break regions;
            }
        }
    });
    // A given or two where no odd/even clue stands.
    let mut givens = Grid::new(size);
    for _ in 0..rng.below(3) {
        let cell = random_cell(rng, size);
        if !constraints.iter().any(|c| matches!(c, Constraint::Parity { cell: p, .. } if *p == cell)) {
            givens.set(cell, Digit::new(1 + rng.below(size.side()) as u8));
        }
    }
    let words = ["", "Killer", "Über-thermo ✓", "a \"quoted\" rule\nand a second line"];
    let about = About {
        title: words[rng.below(words.len())].to_string(),
        author: words[rng.below(2)].to_string(),
        rules: words[rng.below(words.len())].to_string(),
    };
    Puzzle { givens, regions, constraints, about }
}

/// The constraints in a fixed order, for comparing puzzles whose formats group constraints
/// by kind (f-puzzles' JSON has one key per kind), and the two cells of a dot in reading order
/// (a drawn dot has no order).
pub fn canonical(mut puzzle: Puzzle) -> Puzzle {
    for c in &mut puzzle.constraints {
        if let Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } = c {
            cells.sort();
        }
    }
    puzzle.constraints.sort_by_cached_key(|c| serde_json::to_string(c).unwrap());
    puzzle
}

/// SudokuPad's JSON of a puzzle, drawn as SudokuPad draws the constraints (cages with sums,
/// thermometers with bulbs, arrows with circles, dots, X and V, coloured lines, the rules of
/// the whole grid in words); `None` when it has a constraint SudokuPad only writes in ways
/// inkdoku does not read (little killers, sandwiches, diagonals, extra regions, odd/even,
/// a negative rule for one kind of dot).
pub fn sudokupad_json(p: &Puzzle) -> Option<serde_json::Value> {
    use serde_json::{Value, json};
    let size = p.size();
    let side = size.side();
    let rc = |c: &Cell| json!([size.row_of(*c), size.col_of(*c)]);
    let centre = |c: &Cell| json!([size.row_of(*c) as f64 + 0.5, size.col_of(*c) as f64 + 0.5]);
    let path = |cells: &[Cell]| Value::Array(cells.iter().map(centre).collect());
    let mid = |a: &Cell, b: &Cell| {
        json!([(size.row_of(*a) + size.row_of(*b)) as f64 / 2.0 + 0.5, (size.col_of(*a) + size.col_of(*b)) as f64 / 2.0 + 0.5])
    };
    // Arrows whose different circles share a cell: which circle an arrow starts in is lost.
    let circles: Vec<&Vec<Cell>> =
        p.constraints.iter().filter_map(|c| if let Constraint::Arrow { circle, .. } = c { Some(circle) } else { None }).collect();
    if circles.iter().any(|a| circles.iter().any(|b| a != b && a.iter().any(|c| b.contains(c)))) {
        return None;
    }
    let mut words =
        vec!["Normal sudoku rules apply. Thermometers, cages, arrows, dots, X and V, whispers, renban, palindromes.".to_string()];
    let (mut cages, mut lines, mut arrows, mut overlays, mut underlays) = (vec![], vec![], vec![], vec![], vec![]);
    for c in &p.constraints {
        match c {
            Constraint::Killer { cells, sum } => {
                let mut cage = json!({"cells": cells.iter().map(rc).collect::<Vec<_>>()});
                if let Some(sum) = sum {
                    cage["value"] = json!(sum);
                }
                cages.push(cage);
            }
            Constraint::Thermometer { cells } => {
                underlays.push(
                    json!({"center": centre(&cells[0]), "width": 0.85, "height": 0.85, "rounded": true, "backgroundColor": "#CFCFCF"}),
                );
                lines.push(json!({"wayPoints": path(cells), "color": "#CFCFCF", "thickness": 21}));
            }
            Constraint::Arrow { circle, line } => {
                let (rows, cols): (Vec<usize>, Vec<usize>) = circle.iter().map(|c| (size.row_of(*c), size.col_of(*c))).unzip();
                let (r0, r1) = (*rows.iter().min()?, *rows.iter().max()?);
                let (c0, c1) = (*cols.iter().min()?, *cols.iter().max()?);
                let centre = json!([(r0 + r1) as f64 / 2.0 + 0.5, (c0 + c1) as f64 / 2.0 + 0.5]);
                overlays.push(json!({"center": centre, "width": (c1 - c0) as f64 + 0.8, "height": (r1 - r0) as f64 + 0.8, "rounded": true, "backgroundColor": "#FFFFFF", "borderColor": "#A1A1A1"}));
                let start = circle.iter().find(|c| {
                    let (a, b) = (size.row_of(**c).abs_diff(size.row_of(line[0])), size.col_of(**c).abs_diff(size.col_of(line[0])));
                    a.max(b) == 1
                })?;
                let shaft: Vec<Cell> = std::iter::once(*start).chain(line.iter().copied()).collect();
                arrows.push(json!({"wayPoints": path(&shaft), "color": "#A1A1A1", "thickness": 2, "headLength": 0.3}));
            }
            Constraint::Kropki { cells: [a, b], dot } => {
                let fill = if *dot == Dot::White { "#FFFFFF" } else { "#000000" };
                overlays.push(json!({"center": mid(a, b), "width": 0.34, "height": 0.34, "rounded": true, "backgroundColor": fill, "borderColor": "#000000"}));
            }
            Constraint::Xv { cells: [a, b], sum } => {
                overlays.push(json!({"center": mid(a, b), "width": 0.5, "height": 0.5, "text": if *sum == 10 { "X" } else { "V" }}));
            }
            Constraint::Whispers { cells } => lines.push(json!({"wayPoints": path(cells), "color": "#67F067", "thickness": 9.6})),
            Constraint::Renban { cells } => lines.push(json!({"wayPoints": path(cells), "color": "#F067F0", "thickness": 9.6})),
            Constraint::Palindrome { cells } => lines.push(json!({"wayPoints": path(cells), "color": "#C0C0C0", "thickness": 8})),
            Constraint::AntiKnight => words.push("Anti-knight.".into()),
            Constraint::AntiKing => words.push("Anti-king.".into()),
            Constraint::NonConsecutive => words.push("Non-consecutive.".into()),
            Constraint::DisjointGroups => words.push("Disjoint groups.".into()),
            Constraint::KropkiNegative { white: true, black: true } => words.push("All possible dots are given.".into()),
            Constraint::XvNegative => words.push("All possible X and V are given.".into()),
            _ => return None,
        }
    }
    cages.push(json!({"value": format!("rules: {}", words.join(" "))}));
    if !p.about.title.is_empty() {
        cages.push(json!({"value": format!("title: {}", p.about.title)}));
    }
    let cells: Vec<Value> = (0..side)
        .map(|r| Value::Array((0..side).map(|c| p.givens.get(size.cell(r, c)).map_or(json!({}), |d| json!({"value": d.get()}))).collect()))
        .collect();
    let mut regions = vec![Vec::new(); side];
    for cell in size.cells() {
        let region = p.regions.as_ref().map_or(size.box_of(cell), |r| usize::from(r[cell.index()]));
        regions[region].push(rc(&cell));
    }
    Some(
        json!({"cells": cells, "regions": regions, "cages": cages, "lines": lines, "arrows": arrows, "overlays": overlays, "underlays": underlays}),
    )
}
