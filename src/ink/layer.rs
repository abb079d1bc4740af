//! The ink surface: the board square takes the pointer events (cells stay the hit targets, so
//! taps and clicks reach them too) and an overlay draws the ink above the grid.

use super::chip;
use super::geometry::{self, Point};
use super::hand::{self, LastWritten};
use super::recognition::{self, Recognition};
use crate::components::board::CELL;
use crate::components::zoom::{self, ViewBox};
use crate::controller;
use crate::i18n::fill;
use crate::state::{InkState, InputMode, Pending, Store};
use gloo_timers::callback::Timeout;
use inkdoku_engine::game::{Action, Stroke};
use inkdoku_engine::{Cell, Size};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

/// How long after the last stroke a cell's ink is read.
const IDLE_MS: u32 = 500;
/// How long after the pen was last seen (down, or hovering in range) a touch still counts as
/// the palm.
const PALM_MS: f64 = 1000.0;
/// A contact wider or taller than this (CSS px) is a palm or a wrist, never a finger writing.
const LARGE_CONTACT_PX: i32 = 36;

#[derive(Default)]
enum Gesture {
    #[default]
    Idle,
    Drawing(Vec<Point>),
    Erasing(Vec<Point>),
}

/// The state of one pointer gesture and its timers (not reactive: nothing renders from it).
/// One pointer at a time draws: `pointer` is its id and whether it is a pen. Every other
/// pointer's events are ignored, so a palm that rests or moves on the glass while the pen
/// writes never joins the pen's stroke.
#[derive(Default)]
struct Surface {
    gesture: Gesture,
    pointer: Option<(i32, bool)>,
    pen_down: bool,
    pen_until: f64,
    idle: Option<Timeout>,
    /// The ink's idle time passed while the recognizer was still loading: read it once ready.
    /// (Only then: reading as soon as the recognizer is ready would split a digit whose first
    /// stroke is written while it loads.)
    waiting_for_recognizer: bool,
    seq: u32,
}

impl Surface {
    /// Whether the pen is down, in range, or lifted less than `PALM_MS` ago.
    fn pen_near(&self) -> bool {
        self.pen_down || now() < self.pen_until
    }

    fn is_active(&self, ev: &PointerEvent) -> bool {
        self.pointer.is_some_and(|(id, _)| id == ev.pointer_id())
    }
}

/// A contact the size of a palm (browsers report the contact's width and height in CSS px).
fn is_large_contact(ev: &PointerEvent) -> bool {
    ev.pointer_type() == "touch" && (ev.width() > LARGE_CONTACT_PX || ev.height() > LARGE_CONTACT_PX)
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The grid position of a pointer event over `el` (the board square), which shows `view`
/// (the whole board, or the focus view's magnified window).
fn grid_point(size: Size, view: &ViewBox, el: &Element, x: i32, y: i32, pressure: f32) -> Point {
    let rect = el.get_bounding_client_rect();
    let (fx, fy) = ((x as f64 - rect.left()) / rect.width().max(1.0), (y as f64 - rect.top()) / rect.height().max(1.0));
    let (gx, gy) = view.to_grid(size, fx, fy);
    [gx as f32, gy as f32, pressure]
}

fn pressure(ev: &PointerEvent) -> f32 {
    if ev.pointer_type() == "pen" { ev.pressure().clamp(0.01, 1.0) } else { 0.0 }
}

/// The points of a move, with the coalesced ones between frames (smooth lines).
fn move_points(size: Size, view: &ViewBox, el: &Element, ev: &PointerEvent) -> Vec<Point> {
    let coalesced: Vec<PointerEvent> = ev.get_coalesced_events().iter().filter_map(|e| e.dyn_into().ok()).collect();
    let events = if coalesced.is_empty() { vec![ev.clone()] } else { coalesced };
    events.iter().map(|e| grid_point(size, view, el, e.client_x(), e.client_y(), pressure(e))).collect()
}

/// The highest digit the recognizer may answer: 4 on 4x4, 9 on 9x9, and on 16x16 16 (the
/// letters A-G stand for 10-16 there, and the recognizer reads them only when asked for 16).
fn max_digit(size: Size) -> u8 {
    size.side() as u8
}

/// Whether the pen writes digits to be recognized (digit and notes modes) rather than
/// scratchpad ink.
fn recognizes(mode: InputMode) -> bool {
    mode != InputMode::Scratchpad
}

/// Handwriting can't be read in this browser: plain words for the player (the pad and keys
/// work), the technical reason for the console.
fn writing_off(store: Store, why: &str) {
    web_sys::console::warn_1(&format!("inkdoku: handwriting is off: {why}").into());
    store.status.set(store.t().ink_unavailable.into());
}

/// Reads the pending ink now (the pen moved on, or it rested long enough).
fn flush(store: Store, surface: StoredValue<Surface, LocalStorage>) {
    surface.update_value(|s| s.idle = None);
    let Some(pending) = store.ink.pending.get_untracked() else { return };
    if pending.declined {
        return;
    }
    match store.ink.state.get_untracked() {
        InkState::Ready => {}
        // Read when the recognizer is ready (an effect watches for it).
        InkState::Loading | InkState::Unloaded => {
            surface.update_value(|s| s.waiting_for_recognizer = true);
            return;
        }
        InkState::Unavailable(e) => {
            store.ink.pending.set(None);
            writing_off(store, &e);
            return;
        }
    }
    let size = store.size();
    let seq = surface.with_value(|s| s.seq);
    let strokes: Vec<Vec<[f64; 3]>> = pending.strokes.iter().map(|s| geometry::in_cell(size, pending.cell, s)).collect();
    let drawing = strokes.iter().map(|s| s.iter().map(|p| p.map(|v| v as f32)).collect()).collect();
    let note = store.mode.get_untracked() == InputMode::Notes;
    let remember = move |read: Option<inkdoku_engine::Digit>, confidence: f32, second: u8| {
        let second = inkdoku_engine::Digit::new(second);
        let at = store.ports().clock.now_ms();
        hand::remember(store, LastWritten { cell: pending.cell, strokes: drawing, note, read, confidence, second, at });
    };
    recognition::recognize(strokes, max_digit(size), move |answer| {
        // A newer drawing supersedes this answer.
        if surface.with_value(|s| s.seq) != seq {
            return;
        }
        match answer {
            Ok(Recognition::Digit { digit, confidence, second }) => {
                store.ink.pending.set(None);
                if let Some(d) = inkdoku_engine::Digit::new(digit).filter(|d| d.fits(size)) {
                    controller::write(store, pending.cell, d);
                    remember(Some(d), confidence, second);
                    chip::offer(store, pending.cell, &[second], Some(d));
                    store.settings.update(|s| s.pen_tip_done = true);
                }
            }
            Ok(Recognition::Declined { best, second, confidence, .. }) => {
                remember(None, confidence, second);
                store.ink.pending.update(|p| {
                    if let Some(p) = p {
                        p.declined = true;
                    }
                });
                store.status.set(store.t().ink_declined.into());
                chip::offer(store, pending.cell, &[best, second], None);
            }
            Err(e) => {
                // The ink worker failed (it starts afresh with the next stroke).
                web_sys::console::warn_1(&format!("inkdoku: handwriting: {e}").into());
                store.ink.pending.set(None);
                store.status.set(store.t().ink_failed.into());
            }
        }
    });
}

fn finish_drawing(store: Store, surface: StoredValue<Surface, LocalStorage>, points: Vec<Point>) {
    let size = store.size();
    if geometry::is_tap(size, &points) {
        if let Some(cell) = geometry::cell_at(size, points[0][0], points[0][1]) {
            controller::tap(store, cell);
        }
        return;
    }
    let Some(cell) = geometry::cell_of(size, &points) else { return };
    let mode = store.mode.get_untracked();
    if geometry::is_scratch_out(size, &points) {
        scratch_out(store, cell, &points, mode);
        return;
    }
    if !recognizes(mode) {
        // A stroke that overshoots the board's edge is kept, clipped to it.
        let points = points.into_iter().map(|[x, y, p]| [x.clamp(0.0, 1.0), y.clamp(0.0, 1.0), p]).collect();
        controller::apply(store, Action::AddStroke { stroke: Stroke { id: 0, cell: Some(cell), points } });
        return;
    }
    if store.game.with_untracked(|g| g.givens().get(cell).is_some()) {
        store.status.set(store.t().given_cannot_change.into());
        return;
    }
    if let InkState::Unavailable(e) = store.ink.state.get_untracked() {
        writing_off(store, &e);
        return;
    }
    surface.update_value(|s| s.seq += 1);
    let same_cell = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell));
    if !same_cell {
        flush(store, surface);
    }
    store.ink.pending.update(|p| match p {
        Some(p) if p.cell == cell => {
            p.strokes.push(points);
            p.declined = false;
        }
        _ => *p = Some(Pending { cell, strokes: vec![points], declined: false }),
    });
    let timer = Timeout::new(IDLE_MS, move || flush(store, surface));
    surface.update_value(|s| s.idle = Some(timer));
}

/// A zig-zag: erases what the mode writes — the digit (pen mode), the cell's notes (notes mode)
/// or the scratchpad strokes under it (scratchpad mode) — and says what went (Undo brings it
/// back). Over ink still waiting to be read, it just drops that ink.
fn scratch_out(store: Store, cell: Cell, path: &[Point], mode: InputMode) {
    if store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell)) {
        store.ink.pending.set(None);
        return;
    }
    let size = store.size();
    let t = store.t();
    let name = inkdoku_engine::geometry::cell_name(size, cell);
    match mode {
        InputMode::Scratchpad => {
            if erase_strokes(store, path) {
                store.status.set(t.scratched_ink.into());
            }
        }
        InputMode::Notes => {
            let had_notes =
                store.game.with_untracked(|g| g.board().entries.get(cell).is_none() && !g.board().notes[cell.index()].is_empty());
            if had_notes && controller::apply(store, Action::Clear { cell }) {
                store.status.set(fill(t.scratched_notes, &[("cell", &name)]));
            }
        }
        InputMode::Digit => {
            let Some(digit) = store.game.with_untracked(|g| g.board().entries.get(cell)) else { return };
            if controller::apply(store, Action::Clear { cell }) {
                store.status.set(fill(t.scratched_digit, &[("d", &size.digit_char(digit).to_string()), ("cell", &name)]));
            }
        }
    }
}

/// Erases the scratchpad strokes `path` passes near; whether any went.
fn erase_strokes(store: Store, path: &[Point]) -> bool {
    let radius = 0.3 / store.size().side() as f32;
    let ids: Vec<u32> =
        store.game.with_untracked(|g| g.board().ink.iter().filter(|s| geometry::touches(&s.points, path, radius)).map(|s| s.id).collect());
    !ids.is_empty() && controller::apply(store, Action::EraseStrokes { ids })
}

fn finish_erasing(store: Store, path: Vec<Point>) {
    let size = store.size();
    let cells = geometry::cells_touched(size, &path);
    if store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| cells.contains(&p.cell))) {
        store.ink.pending.set(None);
    }
    if store.mode.get_untracked() == InputMode::Scratchpad {
        erase_strokes(store, &path);
        return;
    }
    let filled: Vec<Cell> = store.game.with_untracked(|g| cells.into_iter().filter(|&c| g.board().entries.get(c).is_some()).collect());
    if !filled.is_empty() {
        controller::apply(store, Action::Erase { cells: filled });
    }
}

/// The board square with the ink surface: pointer handling on the square, ink drawn above.
#[component]
pub fn InkSurface(store: Store, children: Children) -> impl IntoView {
    let surface = StoredValue::new_local(Surface::default());
    // Ink written while the recognizer was loading is read as soon as it is ready (or, if it
    // can't load, the player is told).
    Effect::new(move |_| {
        if matches!(store.ink.state.get(), InkState::Ready | InkState::Unavailable(_))
            && surface.try_update_value(|s| std::mem::take(&mut s.waiting_for_recognizer)).unwrap_or(false)
        {
            flush(store, surface);
        }
    });
    // Load the recognizer when the page has been idle a while, so the first stroke is quick.
    let warm = Timeout::new(3000, move || recognition::warm_up(store));
    let warm = StoredValue::new_local(Some(warm));
    on_cleanup(move || warm.set_value(None));

    let on_down = move |ev: PointerEvent| {
        let kind = ev.pointer_type();
        let pen = kind == "pen";
        if pen {
            surface.update_value(|s| {
                s.pen_down = true;
                s.pen_until = now() + PALM_MS;
            });
        }
        if kind == "touch" && (surface.with_value(Surface::pen_near) || is_large_contact(&ev)) {
            return; // the palm, while a pen is in use; or a contact too large to be a finger
        }
        if kind == "mouse" && ev.button() != 0 {
            return;
        }
        // One pointer draws at a time. A pen coming down takes over from a touch already down
        // (that touch was the palm landing first); anything else waits for the drawer to lift.
        match surface.with_value(|s| s.pointer) {
            Some((_, true)) => return,
            Some(_) if !pen => return,
            _ => {}
        }
        let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        // Synthetic or already-released pointers can't be captured; drawing works without.
        let _ = el.set_pointer_capture(ev.pointer_id());
        ev.prevent_default();
        chip::dismiss(store);
        let size = store.size();
        let p = grid_point(size, &zoom::view_box_now(store), &el, ev.client_x(), ev.client_y(), pressure(&ev));
        let erasing = store.ink.eraser.get_untracked() || ev.buttons() & 32 != 0 || ev.button() == 5;
        surface.update_value(|s| s.pointer = Some((ev.pointer_id(), pen)));
        if erasing {
            surface.update_value(|s| s.gesture = Gesture::Erasing(vec![p]));
            return;
        }
        if recognizes(store.mode.get_untracked()) && zoom::overview_too_small(store) {
            // The whole board's cells are too small to write in: the pen picks the cell, and
            // the focus view magnifies it (the rest of this stroke is ignored).
            if let Some(cell) = geometry::cell_at(size, p[0], p[1]) {
                flush(store, surface);
                controller::tap(store, cell);
            }
            return;
        }
        recognition::warm_up(store);
        surface.update_value(|s| {
            s.idle = None;
            s.waiting_for_recognizer = false;
            s.gesture = Gesture::Drawing(vec![p]);
        });
        let elsewhere = store
            .ink
            .pending
            .with_untracked(|pending| pending.as_ref().is_some_and(|pd| Some(pd.cell) != geometry::cell_at(size, p[0], p[1])));
        if elsewhere {
            flush(store, surface);
        }
        store.ink.live.set(vec![p]);
    };

    let on_move = move |ev: PointerEvent| {
        let kind = ev.pointer_type();
        if kind == "pen" {
            surface.update_value(|s| s.pen_until = now() + PALM_MS);
        }
        let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let size = store.size();
        let view = zoom::view_box_now(store);
        if !surface.with_value(|s| s.is_active(&ev)) {
            // Not the drawing pointer: a palm's moves are ignored. A hovering pen that moves on
            // to another cell reads the ink it left.
            if kind == "pen" && ev.buttons() == 0 && surface.with_value(|s| s.pointer.is_none()) {
                let points = move_points(size, &view, &el, &ev);
                let p = points[points.len() - 1];
                let elsewhere = store.ink.pending.with_untracked(|pending| {
                    pending.as_ref().is_some_and(|pd| !pd.declined && Some(pd.cell) != geometry::cell_at(size, p[0], p[1]))
                });
                if elsewhere {
                    flush(store, surface);
                }
            }
            return;
        }
        if is_large_contact(&ev) {
            // The finger that was drawing turned out to be a palm coming down: drop its stroke.
            surface.update_value(|s| {
                s.gesture = Gesture::Idle;
                s.pointer = None;
            });
            store.ink.live.set(Vec::new());
            return;
        }
        let points = move_points(size, &view, &el, &ev);
        let mut live = Vec::new();
        surface.update_value(|s| match &mut s.gesture {
            Gesture::Drawing(pts) => {
                pts.extend(points.iter().copied());
                live = pts.clone();
            }
            Gesture::Erasing(pts) => pts.extend(points.iter().copied()),
            Gesture::Idle => {}
        });
        if !live.is_empty() {
            // Drawn in this event's frame: the ink follows the pen.
            store.ink.live.set(live);
        }
    };

    let on_up = move |ev: PointerEvent| {
        if ev.pointer_type() == "pen" {
            surface.update_value(|s| {
                s.pen_down = false;
                s.pen_until = now() + PALM_MS;
            });
        }
        if !surface.with_value(|s| s.is_active(&ev)) {
            return;
        }
        let gesture = surface
            .try_update_value(|s| {
                s.pointer = None;
                std::mem::take(&mut s.gesture)
            })
            .unwrap_or_default();
        store.ink.live.set(Vec::new());
        match gesture {
            Gesture::Drawing(points) => finish_drawing(store, surface, points),
            Gesture::Erasing(points) => finish_erasing(store, points),
            Gesture::Idle => {}
        }
    };

    // The board square's size decides whether the focus view is needed (components::zoom).
    let square = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = square.get() {
            zoom::measure(store, el.into());
        }
    });

    view! {
        <div class="board-square" node_ref=square
             class:celebrating=move || matches!(store.dialog.get(), Some(crate::state::Dialog::Won { .. }))
             on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up
             on:contextmenu=move |ev| ev.prevent_default()>
            {children()}
            <InkLayer store=store />
            <chip::CorrectionChip store=store />
            <PenTip store=store />
        </div>
    }
}

/// The ink itself, drawn over the grid (it takes no events), through the same view as the board.
#[component]
pub fn InkLayer(store: Store) -> impl IntoView {
    let geometry_of = move || {
        let n = store.size().side() as f32;
        let full = n * CELL as f32;
        (full, CELL as f32)
    };
    let view_box = move || zoom::view_box(store).svg();
    let scratch = move || {
        let (full, cell) = geometry_of();
        store.game.with(|g| {
            g.board().ink.iter().map(|s| view! { <path class="ink scratch" d=geometry::outline(&s.points, full, cell) /> }).collect_view()
        })
    };
    let pending = move || {
        let (full, cell) = geometry_of();
        store.ink.pending.get().map(|p| {
            let class = if p.declined { "ink pending declined" } else { "ink pending" };
            p.strokes.iter().map(|s| view! { <path class=class d=geometry::outline(s, full, cell) /> }).collect_view()
        })
    };
    let live = move || {
        let (full, cell) = geometry_of();
        let pts = store.ink.live.get();
        (!pts.is_empty()).then(|| view! { <path class="ink live" d=geometry::outline(&pts, full, cell) /> })
    };
    view! {
        <svg class="ink-layer" viewBox=view_box aria-hidden="true" preserveAspectRatio="xMidYMid meet">
            <g class="scratchpad">{scratch}</g>
            <g>{pending}</g>
            <g>{live}</g>
        </svg>
    }
}

/// First visit on a pen or touch device: one line on the board says that digits are written
/// right in the cells. It goes for good after the first digit the pen writes.
#[component]
fn PenTip(store: Store) -> impl IntoView {
    let touch_device = web_sys::window().is_some_and(|w| w.navigator().max_touch_points() > 0);
    let shown = move || {
        touch_device
            && !store.settings.with(|s| s.pen_tip_done)
            && store.phase.get() == crate::state::Phase::Play
            && !matches!(store.ink.state.get(), InkState::Unavailable(_))
    };
    move || shown().then(|| view! { <p class="pen-tip" role="note">{store.ui().pen_tip}</p> })
}
