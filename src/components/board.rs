//! The board: an SVG grid that follows the accessibility contract of DESIGN.md.
//!
//! `role="grid"` on the SVG, `role="row"` groups, and one `role="gridcell"` per cell with
//! `aria-rowindex`/`aria-colindex` (1-based) and a label such as "Row 3, column 5, 7, given".
//! Coordinates: one cell is 100 units, so a 9x9 board is a 900x900 viewBox.

use inkdoku_engine::{Grid, Size};
use leptos::prelude::*;

const CELL: usize = 100;

/// The accessible label of a cell.
pub fn cell_label(row: usize, col: usize, digit: Option<char>, given: bool) -> String {
    match digit {
        Some(d) if given => format!("Row {}, column {}, {d}, given", row + 1, col + 1),
        Some(d) => format!("Row {}, column {}, {d}", row + 1, col + 1),
        None => format!("Row {}, column {}, empty", row + 1, col + 1),
    }
}

fn grid_lines(size: Size) -> (String, String) {
    let (n, b) = (size.side(), size.box_side());
    let full = n * CELL;
    let (mut thin, mut thick) = (String::new(), String::new());
    for i in 0..=n {
        let p = i * CELL;
        let target = if i % b == 0 { &mut thick } else { &mut thin };
        target.push_str(&format!("M{p} 0V{full}M0 {p}H{full}"));
    }
    (thin, thick)
}

/// The board for a puzzle's givens.
#[component]
pub fn Board(givens: Grid) -> impl IntoView {
    let size = givens.size();
    let n = size.side();
    let full = n * CELL;
    let (thin, thick) = grid_lines(size);
    let rows = (0..n)
        .map(|r| {
            let cells = (0..n)
                .map(|c| {
                    let digit = givens.get(size.cell(r, c)).map(|d| size.digit_char(d));
                    let label = cell_label(r, c, digit, digit.is_some());
                    let (x, y) = (c * CELL, r * CELL);
                    view! {
                        <g role="gridcell" aria-rowindex=r + 1 aria-colindex=c + 1 aria-label=label class="cell">
                            <rect x=x y=y width=CELL height=CELL class="cell-bg" />
                            {digit.map(|d| view! {
                                <text x=x + CELL / 2 y=y + CELL / 2 class="digit given" dominant-baseline="central" text-anchor="middle">
                                    {d.to_string()}
                                </text>
                            })}
                        </g>
                    }
                })
                .collect_view();
            view! { <g role="row" aria-rowindex=r + 1>{cells}</g> }
        })
        .collect_view();
    view! {
        <svg class="board" viewBox=format!("0 0 {full} {full}") role="grid" aria-label="Sudoku grid"
             aria-rowcount=n aria-colcount=n>
            {rows}
            <path d=thin class="lines-thin" aria-hidden="true" />
            <path d=thick class="lines-box" aria-hidden="true" />
        </svg>
    }
}
