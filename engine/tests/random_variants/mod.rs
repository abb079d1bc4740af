//! Shared by the link tests: random variant puzzles whose constraints are all valid
//! (`variant::validate` passes), for round trips and for fuzzing the readers from valid
//! payloads.

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
/// by kind (f-puzzles' JSON has one key per kind).
pub fn canonical(mut puzzle: Puzzle) -> Puzzle {
    puzzle.constraints.sort_by_cached_key(|c| serde_json::to_string(c).unwrap());
    puzzle
}
