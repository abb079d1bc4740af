//! The board: an SVG grid that follows the accessibility contract of DESIGN.md.
//!
//! `role="grid"` on the SVG, `role="row"` groups, and one `role="gridcell"` per cell with
//! `aria-rowindex`/`aria-colindex` (1-based) and a label such as "Row 3, column 5, 7, given" or
//! "Row 3, column 5, empty, notes 1 4 9". One cell is 100 units, so a 9x9 board is a 900x900
//! viewBox (plus a margin for the outer border); the SVG scales to the largest square that fits.
//!
//! What each cell shows is computed once per change into a `CellView` (a pure function of the
//! game, settings and UI state), and each cell re-renders only when its own view changes.

use crate::components::zoom;
use crate::i18n::{Ui, fill};
use crate::state::{Phase, Store};
use gloo_timers::callback::Timeout;
use inkdoku_engine::step::Step;
use inkdoku_engine::{Cell, Digit, DigitSet, Grid, House, Size};
use leptos::prelude::*;

pub const CELL: f64 = 100.0;
/// Where corner marks go, in the order they fill (fractions of a cell), as SudokuPad players
/// expect: the four corners, then the middles of the top and bottom, then of the sides.
const CORNERS: [(f64, f64); 9] =
    [(0.17, 0.17), (0.83, 0.17), (0.17, 0.83), (0.83, 0.83), (0.5, 0.17), (0.5, 0.83), (0.17, 0.5), (0.83, 0.5), (0.5, 0.5)];
/// Room around the grid so the outer border isn't clipped.
pub const MARGIN: f64 = 4.0;

/// Everything a cell shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellView {
    pub digit: Option<Digit>,
    pub given: bool,
    /// Marks shown small: the player's notes, or the game's candidate state in candidate display.
    pub notes: DigitSet,
    /// The marks are the candidate state (candidate display), not the player's notes.
    pub computed: bool,
    /// The player's corner marks (drawn in the corners, in order) and centre marks (a small
    /// centred row), when the cell has no digit.
    pub corner: DigitSet,
    pub centre: DigitSet,
    /// Candidates that are the only place for their digit in the cell, row, column or box.
    pub red: DigitSet,
    /// Candidates with exactly two places in their box.
    pub blue: DigitSet,
    pub selected: bool,
    /// Shares a house with the selected cell.
    pub peer: bool,
    /// Holds the highlighted digit.
    pub same: bool,
    pub conflict: bool,
    pub incorrect: bool,
    /// Pointed at by a check or a message.
    pub marked: bool,
    /// Part of the hint's pattern / in one of its houses.
    pub hint_cell: bool,
    pub hint_house: bool,
    /// The hint places this digit here.
    pub hint_place: Option<Digit>,
    /// The hint removes these candidates here.
    pub hint_remove: DigitSet,
}

/// The accessible label of a cell, e.g. "Row 3, column 5, 7, given".
pub fn cell_label(t: &Ui, size: Size, cell: Cell, v: &CellView) -> String {
    let (r, c) = ((size.row_of(cell) + 1).to_string(), (size.col_of(cell) + 1).to_string());
    let mut label = match v.digit {
        Some(d) if v.given => fill(t.cell_given, &[("r", &r), ("c", &c), ("d", &size.digit_char(d).to_string())]),
        Some(d) => fill(t.cell_digit, &[("r", &r), ("c", &c), ("d", &size.digit_char(d).to_string())]),
        None if !v.notes.is_empty() => {
            let notes: Vec<String> = v.notes.iter().map(|d| size.digit_char(d).to_string()).collect();
            let template = if v.computed { t.cell_candidates } else { t.cell_notes };
            fill(template, &[("r", &r), ("c", &c), ("n", &notes.join(" "))])
        }
        None => fill(t.cell_empty, &[("r", &r), ("c", &c)]),
    };
    for (marks, template) in [(v.corner, t.cell_corner), (v.centre, t.cell_centre)] {
        if !marks.is_empty() {
            let digits: Vec<String> = marks.iter().map(|d| size.digit_char(d).to_string()).collect();
            label.push_str(", ");
            label.push_str(&fill(template, &[("n", &digits.join(" "))]));
        }
    }
    if v.conflict {
        label.push_str(", ");
        label.push_str(t.conflict);
    }
    if v.incorrect {
        label.push_str(", ");
        label.push_str(t.incorrect);
    }
    label
}

/// The views of every cell (pure: easy to reason about, recomputed on any change).
pub fn cell_views(store: &Store) -> Vec<CellView> {
    let settings = store.settings.get();
    let selected = store.selected.get();
    let active = store.active_digit.get();
    let marks = store.marks.get();
    let phase = store.phase.get();
    store.game.with(|game| {
        let size = game.size();
        let grid = game.grid();
        let board = game.board();
        let conflicts: Vec<Cell> = if settings.show_conflicts || phase == Phase::Enter {
            grid.conflicts().into_iter().flat_map(|c| c.cells).collect()
        } else {
            Vec::new()
        };
        let incorrect = if settings.show_incorrect { game.incorrect_cells() } else { Vec::new() };
        let highlight = active.or_else(|| selected.and_then(|c| grid.get(c)));
        let candidates = if settings.show_candidates { game.candidates() } else { Vec::new() };
        let (red, blue) = if settings.show_candidates { candidate_colours(&grid, &candidates) } else { (Vec::new(), Vec::new()) };
        size.cells()
            .map(|cell| {
                let digit = grid.get(cell);
                let given = game.givens().get(cell).is_some();
                let (notes, computed) = if digit.is_some() {
                    (DigitSet::EMPTY, false)
                } else if settings.show_candidates {
                    (candidates[cell.index()], true)
                } else {
                    (board.notes[cell.index()], false)
                };
                let hint = marks.hint.as_ref();
                let pencil = |m: &Vec<DigitSet>| if digit.is_some() { DigitSet::EMPTY } else { m[cell.index()] };
                CellView {
                    digit,
                    given,
                    notes,
                    computed,
                    corner: pencil(&board.corner),
                    centre: pencil(&board.centre),
                    red: red.get(cell.index()).copied().unwrap_or_default(),
                    blue: blue.get(cell.index()).copied().unwrap_or_default(),
                    selected: selected == Some(cell),
                    peer: selected.is_some_and(|s| size.sees(s, cell)),
                    same: settings.highlight_same && highlight.is_some() && digit == highlight,
                    conflict: conflicts.contains(&cell),
                    incorrect: incorrect.contains(&cell),
                    marked: marks.cells.contains(&cell),
                    hint_cell: hint.is_some_and(|h| h.cells.contains(&cell)),
                    hint_house: hint.is_some_and(|h| in_houses(size, &h.houses, cell)),
                    hint_place: hint.and_then(|h| placement(h, cell)),
                    hint_remove: hint.map_or(DigitSet::EMPTY, |h| removals(h, cell)),
                }
            })
            .collect()
    })
}

fn in_houses(size: Size, houses: &[House], cell: Cell) -> bool {
    houses.iter().any(|h| size.houses_of(cell).contains(h))
}

fn placement(step: &Step, cell: Cell) -> Option<Digit> {
    step.placements.iter().find(|p| p.cell == cell).map(|p| p.digit)
}

fn removals(step: &Step, cell: Cell) -> DigitSet {
    step.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect()
}

/// Delphi's bookkeeping colours of the game's candidate state (engine: `hint`).
fn candidate_colours(grid: &Grid, candidates: &[DigitSet]) -> (Vec<DigitSet>, Vec<DigitSet>) {
    let c = inkdoku_engine::hint::candidate_colours(&inkdoku_engine::position::Position::with_candidates(grid, candidates));
    (c.red, c.blue)
}

fn grid_lines(size: Size) -> (String, String) {
    let (n, b) = (size.side(), size.box_side());
    let full = n as f64 * CELL;
    let (mut thin, mut thick) = (String::new(), String::new());
    for i in 0..=n {
        let p = i as f64 * CELL;
        let target = if i % b == 0 { &mut thick } else { &mut thin };
        target.push_str(&format!("M{p} 0V{full}M0 {p}H{full}"));
    }
    (thin, thick)
}

fn cell_class(v: &CellView) -> String {
    let mut c = String::from("cell");
    for (on, name) in [
        (v.selected, " selected"),
        (v.peer, " peer"),
        (v.same, " same"),
        (v.conflict, " conflict"),
        (v.incorrect, " incorrect"),
        (v.marked, " marked"),
        (v.hint_cell, " hint-cell"),
        (v.hint_house, " hint-house"),
        (v.given, " given"),
    ] {
        if on {
            c.push_str(name);
        }
    }
    c
}

/// The board of the current game. Rebuilt when the size changes.
#[component]
pub fn Board(store: Store, size: Size) -> impl IntoView {
    let n = size.side();
    let k = size.box_side();
    let (thin, thick) = grid_lines(size);
    let views = Memo::new(move |_| cell_views(&store));
    // The focus view (small screens): what the board shows, and which cells are outside the
    // magnified window (dimmed, still cells of the grid).
    let window = Memo::new(move |_| zoom::shown(store));
    let view_box = Memo::new(move |_| zoom::view_box(store));
    // Hover (mouse) or long-press (touch, pen) on an empty cell shows its candidates.
    let peek = RwSignal::new(None::<Cell>);
    let peek_timer = StoredValue::new_local(None::<Timeout>);
    let start_peek = move |cell: Cell, ms: u32| {
        peek_timer.set_value(Some(Timeout::new(ms, move || peek.set(Some(cell)))));
    };
    let stop_peek = move || peek_timer.set_value(None);
    let rows = (0..n)
        .map(|r| {
            let cells = (0..n)
                .map(|c| {
                    let cell = size.cell(r, c);
                    let view_of = Memo::new(move |_| views.with(|v| v.get(cell.index()).cloned().unwrap_or_default()));
                    let (x, y) = (c as f64 * CELL, r as f64 * CELL);
                    let note_size = CELL / k as f64;
                    view! {
                        <g role="gridcell" aria-rowindex=r + 1 aria-colindex=c + 1
                           aria-selected=move || if view_of.get().selected { "true" } else { "false" }
                           aria-label=move || cell_label(store.ui(), size, cell, &view_of.get())
                           class=move || cell_class(&view_of.get())
                           class:outside=move || window.get().is_some_and(|w| !w.contains(size, cell))
                           on:pointerdown=move |ev| {
                               // Taps and strokes are the ink surface's (crate::ink); a touch or
                               // pen resting on a cell shows its candidates.
                               peek.set(None);
                               if ev.pointer_type() != "mouse" { start_peek(cell, 550); }
                           }
                           on:pointermove=move |ev| {
                               if ev.buttons() != 0 { stop_peek(); }
                           }
                           on:pointerup=move |_| stop_peek()
                           on:pointercancel=move |_| stop_peek()
                           on:pointerenter=move |ev| {
                               if ev.pointer_type() == "mouse" { start_peek(cell, 600); }
                           }
                           on:pointerleave=move |_| { stop_peek(); peek.set(None); }
                        >
                            <rect x=x y=y width=CELL height=CELL class="cell-bg" />
                            <path class="incorrect-flag" d=format!("M{} {}h-22l22 22z", x + CELL, y) />
                            {move || {
                                let v = view_of.get();
                                v.digit.map(|d| view! {
                                    <text x=x + CELL / 2.0 y=y + CELL / 2.0 + 2.0 class="digit"
                                          dominant-baseline="central" text-anchor="middle">
                                        {size.digit_char(d).to_string()}
                                    </text>
                                })
                            }}
                            {move || {
                                let v = view_of.get();
                                v.hint_place.map(|d| view! {
                                    <text x=x + CELL / 2.0 y=y + CELL / 2.0 + 2.0 class="digit hint-digit"
                                          dominant-baseline="central" text-anchor="middle">
                                        {size.digit_char(d).to_string()}
                                    </text>
                                })
                            }}
                            {move || {
                                let v = view_of.get();
                                let shown = v.notes.union(v.hint_remove);
                                shown.iter().map(|d| {
                                    let i = d.index();
                                    let (nx, ny) = (x + (i % k) as f64 * note_size + note_size / 2.0,
                                                    y + (i / k) as f64 * note_size + note_size / 2.0);
                                    let mut class = String::from("note");
                                    if v.computed { class.push_str(" computed"); }
                                    if v.red.contains(d) { class.push_str(" red"); }
                                    if v.blue.contains(d) { class.push_str(" blue"); }
                                    if v.hint_remove.contains(d) { class.push_str(" removed"); }
                                    view! {
                                        <text x=nx y=ny + 1.0 class=class font-size=note_size * 0.62
                                              dominant-baseline="central" text-anchor="middle">
                                            {size.digit_char(d).to_string()}
                                        </text>
                                    }
                                }).collect_view()
                            }}
                            {move || {
                                let v = view_of.get();
                                let corner = v.corner.iter().enumerate().map(|(i, d)| {
                                    let (fx, fy) = CORNERS[i % CORNERS.len()];
                                    view! {
                                        <text x=x + fx * CELL y=y + fy * CELL + 1.0 class="corner-mark" font-size=CELL * 0.24
                                              dominant-baseline="central" text-anchor="middle">
                                            {size.digit_char(d).to_string()}
                                        </text>
                                    }
                                }).collect_view();
                                let centre = (!v.centre.is_empty()).then(|| {
                                    let text: String = v.centre.iter().map(|d| size.digit_char(d)).collect();
                                    // Smaller as the row grows, so it stays inside the cell.
                                    let font = (CELL * 1.3 / text.len().max(4) as f64).min(CELL * 0.3);
                                    view! {
                                        <text x=x + CELL / 2.0 y=y + CELL / 2.0 + 1.0 class="centre-mark" font-size=font
                                              dominant-baseline="central" text-anchor="middle">
                                            {text}
                                        </text>
                                    }
                                });
                                view! { {corner}{centre} }
                            }}
                        </g>
                    }
                })
                .collect_view();
            view! { <g role="row" aria-rowindex=r + 1>{cells}</g> }
        })
        .collect_view();
    let popover = move || {
        let cell = peek.get()?;
        let open = store.game.with(|g| g.digit(cell).is_none().then(|| g.candidates()[cell.index()]))?;
        let digits: Vec<String> = open.iter().map(|d| size.digit_char(d).to_string()).collect();
        let text = if digits.is_empty() { store.ui().no_candidate_left.to_string() } else { digits.join(" ") };
        // Place it above the cell (below for the top row shown), in percent of the board square.
        let vb = view_box.get();
        let (r, c) = (size.row_of(cell) as f64, size.col_of(cell) as f64);
        let (left, above) = vb.percent((c + 0.5) * CELL, r * CELL);
        let (edge, top) =
            if above < 100.0 * CELL / vb.span { ("top", vb.percent(0.0, (r + 1.0) * CELL).1) } else { ("bottom", 100.0 - above) };
        let style = format!("left:{left:.2}%;{edge}:{top:.2}%");
        Some(view! {
            <div class="peek" role="tooltip" style=style>
                <span class="peek-cell">{inkdoku_engine::geometry::cell_name(size, cell)}</span>" "{text}
            </div>
        })
    };
    view! {
        <svg class=format!("board size-{n}") viewBox=move || view_box.get().svg() role="grid" aria-label=move || store.ui().grid
             aria-rowcount=n aria-colcount=n preserveAspectRatio="xMidYMid meet">
            {rows}
            <path d=thin class="lines-thin" aria-hidden="true" />
            <path d=thick class="lines-box" aria-hidden="true" />
        </svg>
        {popover}
    }
}
