//! The board: an SVG grid that follows the accessibility contract of DESIGN.md.
//!
//! `role="grid"` on the SVG, `role="row"` groups, and one `role="gridcell"` per cell with
//! `aria-rowindex`/`aria-colindex` (1-based) and a label such as "Row 3, column 5, 7, given" or
//! "Row 3, column 5, empty, notes 1 4 9". One cell is 100 units, so a 9x9 board is a 900x900
//! viewBox (plus a margin for the outer border); the SVG scales to the largest square that fits.
//!
//! What each cell shows is computed once per change into a `CellView` (a pure function of the
//! game, settings and UI state), and each cell re-renders only when its own view changes.

use crate::components::parts::word;
use crate::i18n::{Ui, fill};
use crate::state::zoom::{self, CELL};
use crate::state::{Phase, Store};
use inkdoku_core::controller::press::{self, LongPress};
use inkdoku_engine::step::Step;
use inkdoku_engine::variant::Shape;
use inkdoku_engine::{Cell, Digit, DigitSet, Grid, House, Size};
use leptos::prelude::*;
use web_sys::PointerEvent;

/// The wedges of a cell painted with several colours (bit n-1 of `colours` = colour n): one
/// slice of the cell per colour, clockwise from the top, as polygons in fractions of the cell.
pub fn wedges(colours: u16) -> Vec<(u8, Vec<(f64, f64)>)> {
    let painted: Vec<u8> = (1..=16u8).filter(|n| colours & (1 << (n - 1)) != 0).collect();
    if painted.len() == 1 {
        return vec![(painted[0], vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])];
    }
    // The point of the cell's edge in the direction `turn` (0 = up, 0.25 = right, in turns).
    // In f32: the only f64 sine and cosine of the app would bring their own argument reduction
    // (5 KB of the app's wasm, issue 48); a cell's wedge needs no more precision.
    let edge = |turn: f64| {
        let angle = turn as f32 * std::f32::consts::TAU;
        let (dx, dy) = (f64::from(angle.sin()), -f64::from(angle.cos()));
        let scale = 0.5 / dx.abs().max(dy.abs());
        (0.5 + dx * scale, 0.5 + dy * scale)
    };
    let share = 1.0 / painted.len() as f64;
    painted
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let (from, to) = (i as f64 * share, (i + 1) as f64 * share);
            let mut points = vec![(0.5, 0.5), edge(from)];
            // The corners between (at 1/8, 3/8, 5/8 and 7/8 of a turn).
            points.extend([0.125, 0.375, 0.625, 0.875].into_iter().filter(|&c| c > from && c < to).map(edge));
            points.push(edge(to));
            (n, points)
        })
        .collect()
}

/// Where a candidate's pencil mark sits in a cell (board units): digits fill the cell in the
/// box's shape, as on paper (a 6x6 cell's marks in two rows of three).
pub fn candidate_centre(size: Size, cell: Cell, digit: Digit) -> (f64, f64) {
    let (k, rows) = (size.box_cols(), size.box_rows());
    let (x, y) = (size.col_of(cell) as f64 * CELL, size.row_of(cell) as f64 * CELL);
    let (i, across, down) = (digit.index(), CELL / k as f64, CELL / rows as f64);
    (x + (i % k) as f64 * across + across / 2.0, y + (i / k) as f64 * down + down / 2.0)
}

/// The nine paint patterns (one per colour, so colours are told apart by more than hue), as
/// SVG pattern definitions in board units.
fn patterns() -> impl IntoView {
    let lines = |n: u8, d: &'static str| {
        view! {
            <pattern id=format!("pattern-{n}") width="14" height="14" patternUnits="userSpaceOnUse">
                <path d=d class="pattern-ink" />
            </pattern>
        }
    };
    view! {
        <defs>
            {lines(1, "M-2 2l4-4M0 14l14-14M12 16l4-4")}
            {lines(2, "M-2 12l4 4M0 0l14 14M12 -2l4 4")}
            {lines(3, "M0 7h14")}
            {lines(4, "M7 0v14")}
            <pattern id="pattern-5" width="14" height="14" patternUnits="userSpaceOnUse">
                <circle cx="7" cy="7" r="2.2" class="pattern-dot" />
            </pattern>
            {lines(6, "M0 14l14-14M0 0l14 14")}
            {lines(7, "M0 7h14M7 0v14")}
            <pattern id="pattern-8" width="14" height="14" patternUnits="userSpaceOnUse">
                <circle cx="7" cy="7" r="4" class="pattern-ink" />
            </pattern>
            <pattern id="pattern-9" width="14" height="14" patternUnits="userSpaceOnUse">
                <path d="M0 10l3.5-6 3.5 6 3.5-6 3.5 6" class="pattern-ink" />
            </pattern>
        </defs>
    }
}
/// Where corner marks go, in the order they fill (fractions of a cell), as SudokuPad players
/// expect: the four corners, then the middles of the top and bottom, then of the sides.
const CORNERS: [(f64, f64); 9] =
    [(0.17, 0.17), (0.83, 0.17), (0.17, 0.83), (0.83, 0.83), (0.5, 0.17), (0.5, 0.83), (0.17, 0.5), (0.83, 0.5), (0.5, 0.5)];
/// Everything a cell shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellView {
    pub digit: Option<Digit>,
    /// Its digit is under pen ink being read (`Pending::covers_digit`): the ink shows instead.
    pub under_ink: bool,
    pub given: bool,
    /// Marks shown small: the player's notes, or the game's candidate state in candidate display.
    pub notes: DigitSet,
    /// The marks are the candidate state (candidate display), not the player's notes.
    pub computed: bool,
    /// The player's corner marks (drawn in the corners, in order) and centre marks (a small
    /// centred row), when the cell has no digit.
    pub corner: DigitSet,
    pub centre: DigitSet,
    /// Colours painted on the cell (bit n-1 = colour n) and on its candidates (digit, colour).
    pub colours: u16,
    pub candidate_colours: Vec<(Digit, u8)>,
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
    /// A variant's cage sum is written in the top-left corner: corner marks start elsewhere.
    pub cage_label: bool,
    /// What a variant's constraints say about the cell, in the player's words (its name).
    pub about: Vec<String>,
}

impl CellView {
    /// The digit drawn in the cell: none while pen ink being read covers it (its label still
    /// names it: it is in the game).
    pub fn shown_digit(&self) -> Option<Digit> {
        self.digit.filter(|_| !self.under_ink)
    }
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
    for note in &v.about {
        label.push_str(", ");
        label.push_str(note);
    }
    for (marks, template) in [(v.corner, t.cell_corner), (v.centre, t.cell_centre)] {
        if !marks.is_empty() {
            let digits: Vec<String> = marks.iter().map(|d| size.digit_char(d).to_string()).collect();
            label.push_str(", ");
            label.push_str(&fill(template, &[("n", &digits.join(" "))]));
        }
    }
    if v.colours != 0 {
        let numbers: Vec<String> = (1..=16u8).filter(|n| v.colours & (1 << (n - 1)) != 0).map(|n| n.to_string()).collect();
        label.push_str(", ");
        label.push_str(&fill(t.cell_colours, &[("n", &numbers.join(" "))]));
    }
    for &(d, colour) in &v.candidate_colours {
        label.push_str(", ");
        label.push_str(&fill(t.cell_candidate_colour, &[("d", &size.digit_char(d).to_string()), ("c", &colour.to_string())]));
    }
    // The hint's digit shows in the cell: its name says it too ("…, empty, Hint 8").
    if let Some(d) = v.hint_place {
        label.push_str(&format!(", {} {}", t.hint, size.digit_char(d)));
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
    let highlights = store.highlights.get();
    let phase = store.phase.get();
    store.game.with(|game| {
        let size = game.size();
        let grid = game.grid();
        let board = game.board();
        // A lone 1 the pen placed that may still grow into a 4 signals no conflict until final.
        let growing = store.ink.pending.with(|p| p.as_ref().and_then(|p| p.in_game.map(|_| p.cell)));
        let mode = store.mode.get();
        let under_ink = store.ink.pending.with(|p| p.as_ref().filter(|p| p.covers_digit(mode)).map(|p| p.cell));
        let conflicts: Vec<Cell> = match growing {
            _ if !settings.show_conflicts && phase != Phase::Enter => Vec::new(),
            Some(cell) => game.conflict_cells_but(cell),
            None => game.conflict_cells(),
        };
        let incorrect = if settings.show_incorrect { game.incorrect_cells() } else { Vec::new() };
        let highlight = active.or_else(|| selected.and_then(|c| grid.get(c)));
        let candidates = if settings.show_candidates { game.candidates() } else { Vec::new() };
        let (red, blue) = if settings.show_candidates { candidate_colours(&grid, &candidates) } else { (Vec::new(), Vec::new()) };
        let t = store.ui();
        let variant = game.variant();
        let labels: Vec<Cell> = variant.map_or_else(Vec::new, |p| {
            p.shapes()
                .into_iter()
                .filter_map(|s| match s {
                    Shape::Cage { sum: Some(_), label_cell, .. } => Some(label_cell),
                    _ => None,
                })
                .collect()
        });
        size.cells()
            .map(|cell| {
                let digit = grid.get(cell);
                let given = game.givens().get(cell).is_some();
                let (notes, computed) = if digit.is_some() {
                    (DigitSet::EMPTY, false)
                } else if settings.show_candidates {
                    (candidates[cell.index()], true)
                } else {
                    (board.pencil.notes[cell.index()], false)
                };
                let hint = highlights.hint.as_ref();
                let pencil = |m: &Vec<DigitSet>| if digit.is_some() { DigitSet::EMPTY } else { m[cell.index()] };
                CellView {
                    digit,
                    under_ink: under_ink == Some(cell),
                    given,
                    notes,
                    computed,
                    corner: pencil(&board.pencil.corner),
                    centre: pencil(&board.pencil.centre),
                    colours: board.paint.colours[cell.index()],
                    candidate_colours: if digit.is_some() {
                        Vec::new()
                    } else {
                        board.paint.candidate_colours.iter().filter(|p| p.cell == cell).map(|p| (p.digit, p.colour)).collect()
                    },
                    red: red.get(cell.index()).copied().unwrap_or_default(),
                    blue: blue.get(cell.index()).copied().unwrap_or_default(),
                    selected: selected == Some(cell),
                    peer: selected.is_some_and(|s| size.sees(s, cell)),
                    same: settings.highlight_same && highlight.is_some() && digit == highlight,
                    conflict: conflicts.contains(&cell),
                    incorrect: incorrect.contains(&cell),
                    marked: highlights.cells.contains(&cell),
                    hint_cell: hint.is_some_and(|h| h.cells.contains(&cell)),
                    hint_house: hint.is_some_and(|h| in_houses(size, variant.and_then(|p| p.regions.as_deref()), &h.houses, cell)),
                    hint_place: hint.and_then(|h| placement(h, cell)),
                    hint_remove: hint.map_or(DigitSet::EMPTY, |h| removals(h, cell)),
                    cage_label: labels.contains(&cell),
                    about: variant
                        .map_or_else(Vec::new, |p| p.cell_notes(cell).iter().map(|n| crate::i18n::cell_note(t, size, n)).collect()),
                }
            })
            .collect()
    })
}

/// Whether a cell is in one of a hint's houses: a row, column or box, or a jigsaw's region
/// (`regions`: each cell's region).
fn in_houses(size: Size, regions: Option<&[u8]>, houses: &[House], cell: Cell) -> bool {
    let region = regions.and_then(|r| r.get(cell.index())).map(|&r| House::Region(r));
    houses.iter().any(|h| size.houses_of(cell).contains(h) || Some(*h) == region)
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
    let n = size.side();
    let full = n as f64 * CELL;
    let (mut thin, mut thick) = (String::new(), String::new());
    for i in 0..=n {
        let p = i as f64 * CELL;
        // Boxes may be wider than high (6x6): the verticals and the horizontals apart.
        let target = if i % size.box_cols() == 0 { &mut thick } else { &mut thin };
        target.push_str(&format!("M{p} 0V{full}"));
        let target = if i % size.box_rows() == 0 { &mut thick } else { &mut thin };
        target.push_str(&format!("M0 {p}H{full}"));
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
    let k = size.box_cols();
    let (thin, thick) = grid_lines(size);
    // Irregular regions: every inner line thin (the regions' borders are the constraint
    // layer's), the outer border thick.
    let full = n as f64 * CELL;
    let (all_thin, border) = (format!("{thin}{thick}"), format!("M0 0H{full}V{full}H0Z"));
    let irregular = Memo::new(move |_| store.game.with(|g| g.variant().is_some_and(|p| p.regions.is_some())));
    let views = Memo::new(move |_| cell_views(&store));
    // The focus view (small screens): what the board shows, and which cells are outside the
    // magnified window (dimmed, still cells of the grid).
    let window = Memo::new(move |_| zoom::shown(store));
    let view_box = Memo::new(move |_| zoom::view_box(store));
    // Hover (mouse) or long-press (touch, pen) on an empty cell shows its candidates, for a
    // player who asked for it in the settings.
    let peek = RwSignal::new(None::<Cell>);
    // When a press is long is the core's (`press`), on the Clock port's timers.
    let press = StoredValue::new_local(LongPress::default());
    let start_peek = move |cell: Cell, ev: &PointerEvent, down: bool| {
        let wait = press::peek_wait(ev.pointer_type() == "mouse", down);
        if let Some(ms) = wait.filter(|_| store.settings.with_untracked(|s| s.peek_candidates)) {
            let clock = store.ports().clock;
            press.update_value(|p| p.begin(clock.as_ref(), ms, Box::new(move || _ = peek.try_set(Some(cell)))));
        }
    };
    let stop_peek = move || {
        let clock = store.ports().clock;
        press.update_value(|p| p.end(clock.as_ref()));
    };
    let memos: Vec<Memo<CellView>> =
        size.cells().map(|cell| Memo::new(move |_| views.with(|v| v.get(cell.index()).cloned().unwrap_or_default()))).collect();
    // The cells' backgrounds and paint, under a variant's constraints (`ConstraintLayer`),
    // which lie under the digits and marks of the cells themselves (the grid's rows below).
    let backs = size
        .cells()
        .map(|cell| {
            let view_of = memos[cell.index()];
            let (x, y) = (size.col_of(cell) as f64 * CELL, size.row_of(cell) as f64 * CELL);
            view! {
                <g aria-hidden="true" class=move || cell_class(&view_of.get())
                   class:outside=move || window.get().is_some_and(|w| !w.contains(size, cell))>
                    <rect x=x y=y width=CELL height=CELL class="cell-bg" />
                    {move || {
                        let v = view_of.get();
                        wedges(v.colours).into_iter().map(|(n, points)| {
                            let points: String = points.iter().map(|(px, py)| format!("{:.1},{:.1} ", x + px * CELL, y + py * CELL)).collect();
                            view! {
                                <polygon points=points.clone() class=format!("paint paint-{n}") />
                                <polygon points=points fill=format!("url(#pattern-{n})") class="paint-pattern" />
                            }
                        }).collect_view()
                    }}
                </g>
            }
        })
        .collect_view();
    let rows = (0..n)
        .map(|r| {
            let cells = (0..n)
                .map(|c| {
                    let cell = size.cell(r, c);
                    let view_of = memos[cell.index()];
                    let (x, y) = (c as f64 * CELL, r as f64 * CELL);
                    let note_size = CELL / k as f64;
                    view! {
                        <g role="gridcell" id=cell_id(r, c) aria-rowindex=r + 1 aria-colindex=c + 1
                           aria-selected=move || if view_of.get().selected { "true" } else { "false" }
                           aria-label=move || cell_label(store.ui(), size, cell, &view_of.get())
                           class=move || cell_class(&view_of.get())
                           class:outside=move || window.get().is_some_and(|w| !w.contains(size, cell))
                           on:pointerdown=move |ev| {
                               // Taps and strokes are the ink surface's (crate::ink); a touch or
                               // pen resting on a cell shows its candidates.
                               peek.set(None);
                               start_peek(cell, &ev, true);
                           }
                           on:pointermove=move |ev| {
                               if ev.buttons() != 0 { stop_peek(); }
                           }
                           on:pointerup=move |_| stop_peek()
                           on:pointercancel=move |_| stop_peek()
                           on:pointerenter=move |ev| start_peek(cell, &ev, false)
                           on:pointerleave=move |_| { stop_peek(); peek.set(None); }
                        >
                            <rect x=x y=y width=CELL height=CELL class="cell-hit" />
                            <path class="incorrect-flag" d=format!("M{} {}h-22l22 22z", x + CELL, y) />
                            {move || {
                                let v = view_of.get();
                                v.shown_digit().map(|d| view! {
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
                                    let (nx, ny) = candidate_centre(size, cell, d);
                                    let mut class = String::from("note");
                                    if v.computed { class.push_str(" computed"); }
                                    if v.red.contains(d) { class.push_str(" red"); }
                                    if v.blue.contains(d) { class.push_str(" blue"); }
                                    if v.hint_remove.contains(d) { class.push_str(" removed"); }
                                    let painted = v.candidate_colours.iter().find(|(pd, _)| *pd == d).map(|&(_, colour)| view! {
                                        <circle cx=nx cy=ny r=note_size * 0.42 class=format!("paint candidate-paint paint-{colour}") />
                                    });
                                    view! {
                                        {painted}
                                        <text x=nx y=ny + 1.0 class=class font-size=note_size * 0.62
                                              dominant-baseline="central" text-anchor="middle">
                                            {size.digit_char(d).to_string()}
                                        </text>
                                    }
                                }).collect_view()
                            }}
                            {move || {
                                let v = view_of.get();
                                // A cage's sum has the top-left corner: the marks start at the next.
                                let slots = if v.cage_label { &CORNERS[1..] } else { &CORNERS[..] };
                                let corner = v.corner.iter().enumerate().map(|(i, d)| {
                                    let (fx, fy) = slots[i % slots.len()];
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
        // One Tab stop: the keys move the selection (services::effects), and the grid names the
        // selected cell as its active descendant, so a screen reader says each cell as it moves.
        <svg class=format!("board size-{n}") viewBox=move || view_box.get().svg() role="grid" aria-label=word(store, |t| t.grid)
             aria-rowcount=n aria-colcount=n preserveAspectRatio="xMidYMid meet" tabindex="0"
             aria-activedescendant=move || store.selected.get().map(|cell| cell_id(size.row_of(cell), size.col_of(cell)))>
            {patterns()}
            {backs}
            <path d=move || if irregular.get() { all_thin.clone() } else { thin.clone() } class="lines-thin" aria-hidden="true" />
            <crate::components::constraints::ConstraintLayer store=store size=size />
            {rows}
            <path d=move || if irregular.get() { border.clone() } else { thick.clone() } class="lines-box" aria-hidden="true" />
            <crate::components::chain::ChainOverlay store=store size=size />
            <crate::components::together::PeersOverlay store=store size=size />
        </svg>
        {popover}
    }
}

/// The element id of the cell at (0-based) `row`, `col`.
fn cell_id(row: usize, col: usize) -> String {
    format!("cell-{}-{}", row + 1, col + 1)
}

#[cfg(test)]
mod tests {
    use super::wedges;

    #[test]
    fn wedges_split_the_cell_evenly_clockwise_from_the_top() {
        assert_eq!(wedges(0), vec![]);
        assert_eq!(wedges(0b100), vec![(3, vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])]);
        let two = wedges(0b1_0000_0001);
        assert_eq!(two.iter().map(|w| w.0).collect::<Vec<_>>(), vec![1, 9]);
        // The right half, then the left half: from the top edge's middle round to the bottom's.
        // Within a millionth of the cell: the angles are f32 (see `wedges`).
        let right = &two[0].1;
        assert_eq!(right.first(), Some(&(0.5, 0.5)));
        assert!((right[1].0 - 0.5).abs() < 1e-6 && right[1].1.abs() < 1e-6);
        let near = |p: &(f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-6 && (p.1 - q.1).abs() < 1e-6;
        assert!(right.iter().any(|p| near(p, (1.0, 0.0))) && right.iter().any(|p| near(p, (1.0, 1.0))));
        let last = right.last().unwrap();
        assert!((last.0 - 0.5).abs() < 1e-6 && (last.1 - 1.0).abs() < 1e-6);
        // Four colours: one corner each.
        assert!(wedges(0b1111).iter().all(|(_, points)| points.len() == 4));
    }

    #[test]
    fn a_cells_label_fills_every_placeholder_in_every_language() {
        use super::{CellView, cell_label};
        use crate::i18n::{Lang, ui};
        use inkdoku_engine::{Cell, Digit, DigitSet, Size};
        use std::collections::BTreeSet;
        let d = |n: u8| Digit::new(n).unwrap();
        let set = |ds: &[u8]| ds.iter().map(|&n| d(n)).collect::<DigitSet>();
        let views = [
            CellView { digit: Some(d(7)), given: true, ..CellView::default() },
            CellView { digit: Some(d(3)), colours: 0b101, ..CellView::default() },
            CellView { notes: set(&[1, 2]), corner: set(&[4]), centre: set(&[5, 6]), ..CellView::default() },
            CellView { notes: set(&[8]), computed: true, candidate_colours: vec![(d(8), 2)], ..CellView::default() },
            CellView { hint_place: Some(d(9)), ..CellView::default() },
        ];
        for lang in Lang::ALL {
            let mut labels = BTreeSet::new();
            for v in &views {
                let label = cell_label(ui(lang), Size::Nine, Cell::new(20), v);
                assert!(!label.contains('{') && !label.contains('}'), "{lang:?}: {label}");
                assert!(label.contains('3'), "row 3, column 3: {label}");
                labels.insert(label);
            }
            assert_eq!(labels.len(), views.len(), "{lang:?}");
        }
    }
}
