//! The ink surface: the board square takes the pointer events (cells stay the hit targets, so
//! taps and clicks reach them too) and an overlay draws the ink above the grid.

use crate::components::chip::CorrectionChip;
use crate::components::parts::word;
use crate::components::zoom;
use crate::controller;
use crate::ink::chip;
use crate::ink::geometry::{self, Point};
use crate::ink::pointers::{Contact, Kind, Moved, Pointers};
use crate::ink::writing;
use crate::state::zoom::{CELL, ViewBox, overview_too_small, view_box, view_box_now};
use crate::state::{InkState, Store, pen};
use inkdoku_engine::Size;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};

#[derive(Default)]
enum Gesture {
    #[default]
    Idle,
    Drawing(Vec<Point>),
    Erasing(Vec<Point>),
}

/// The gesture under way and the pointers' rule (`ink::pointers`: one pointer draws, the
/// palm is ignored). Not reactive: nothing renders from it.
#[derive(Default)]
struct Surface {
    gesture: Gesture,
    pointers: Pointers,
}

/// A pointer event as the pointers' rule reads it.
fn contact(ev: &PointerEvent) -> Contact {
    let kind = Kind::of(&ev.pointer_type());
    Contact { id: ev.pointer_id(), kind, width: ev.width(), height: ev.height(), primary: kind != Kind::Mouse || ev.button() == 0 }
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

/// The board square with the ink surface: pointer handling on the square, ink drawn above.
#[component]
pub fn InkSurface(store: Store, children: Children) -> impl IntoView {
    let surface = StoredValue::new_local(Surface::default());
    // The recognizer loads a while after the first puzzle is on screen, not before (the blank
    // board shows while the puzzle is made): `writing::warm_up_soon`.
    store.once_a_puzzle_is_on_screen(move || writing::warm_up_soon(store));

    let now = move || store.ports().clock.now_ms();
    let on_down = move |ev: PointerEvent| {
        if !surface.try_update_value(|s| s.pointers.down(contact(&ev), now())).unwrap_or(false) {
            return;
        }
        let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        // Synthetic or already-released pointers can't be captured; drawing works without.
        let _ = el.set_pointer_capture(ev.pointer_id());
        ev.prevent_default();
        chip::dismiss(store);
        let size = store.size();
        let p = grid_point(size, &view_box_now(store), &el, ev.client_x(), ev.client_y(), pressure(&ev));
        let erasing = store.ink.eraser.get_untracked() || ev.buttons() & 32 != 0 || ev.button() == 5;
        if erasing {
            surface.update_value(|s| s.gesture = Gesture::Erasing(vec![p]));
            return;
        }
        if writing::recognizes(store.mode.get_untracked()) && overview_too_small(store) {
            // The whole board's cells are too small to write in: the pen picks the cell, and
            // the focus view magnifies it (the rest of this stroke is ignored).
            if let Some(cell) = geometry::cell_at(size, p[0], p[1]) {
                writing::flush(store);
                controller::tap(store, cell);
            }
            return;
        }
        surface.update_value(|s| s.gesture = Gesture::Drawing(vec![p]));
        writing::stroke_begins(store, p);
        store.ink.live.set(vec![p]);
    };

    let on_move = move |ev: PointerEvent| {
        let moved = surface.try_update_value(|s| s.pointers.moved(contact(&ev), ev.buttons() != 0, now())).unwrap_or(Moved::Ignored);
        let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        let size = store.size();
        let view = view_box_now(store);
        match moved {
            Moved::Draws => {}
            // A hovering pen that moves on to another cell reads the ink it left.
            Moved::Hovers => {
                if let Some(&p) = move_points(size, &view, &el, &ev).last() {
                    writing::pen_hovers(store, p);
                }
                return;
            }
            // The finger that was drawing turned out to be a palm coming down: its stroke goes.
            Moved::Dropped => {
                surface.update_value(|s| s.gesture = Gesture::Idle);
                store.ink.live.set(Vec::new());
                return;
            }
            Moved::Ignored => return,
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
        let ended = surface.try_update_value(|s| s.pointers.up(contact(&ev), now()).then(|| std::mem::take(&mut s.gesture)));
        let Some(Some(gesture)) = ended else { return };
        store.ink.live.set(Vec::new());
        match gesture {
            Gesture::Drawing(points) => writing::finish_drawing(store, points),
            Gesture::Erasing(points) => writing::finish_erasing(store, points),
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
            <CorrectionChip store=store />
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
    let view_box = move || view_box(store).svg();
    let scratch = move || {
        let (full, cell) = geometry_of();
        store.game.with(|g| {
            g.board().ink.iter().map(|s| view! { <path class="ink scratch" d=geometry::outline(&s.points, full, cell) /> }).collect_view()
        })
    };
    let pending = move || {
        let (full, cell) = geometry_of();
        store.ink.pending.get().map(|p| {
            // A lone 1 that may still grow shows as the digit, where the board shows digits (the
            // board shows it itself once it is in the game; while strokes written after it are
            // read, the board hides it and its stroke is drawn with them: `Pending::covers_digit`).
            let provisional = p.shown.filter(|_| p.in_game.is_none()).map(|digit| {
                let side = store.size().side();
                let (row, col) = (p.cell.index() / side, p.cell.index() % side);
                let (x, y) = ((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell + 2.0);
                let text = store.size().digit_char(digit).to_string();
                view! { <text class="digit ink pending provisional" x=x y=y dominant-baseline="central" text-anchor="middle">{text}</text> }
            });
            let class = if p.declined { "ink pending declined" } else { "ink pending" };
            let drawn = p.drawn_strokes(store.mode.get());
            let strokes = drawn.into_iter().map(|s| view! { <path class=class d=geometry::outline(s, full, cell) /> }).collect_view();
            (provisional, strokes)
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

/// First visit on a pen or touch device: one line says that digits are written right in the
/// cells. It sits in the status bar, where it covers no cell (over the board it hid the bottom
/// row until the player wrote once), and goes for good after the first digit the pen writes.
/// Going, it fades and leaves its place empty, so the board below never moves under the pen
/// (it jumped 29 px up at 390x844 as the first digit went in, and the next strokes landed a
/// row off); the place is given back when a dialog covers the board.
#[component]
pub fn PenTip(store: Store) -> impl IntoView {
    let touch_screen = store.ports().device.touch_screen();
    let shown = move || {
        pen::pen_tip_shown(
            touch_screen,
            store.settings.with(|s| s.pen_tip_done),
            store.phase.get() == crate::state::Phase::Play,
            matches!(store.ink.state.get(), InkState::Unavailable(_)),
        )
    };
    let placed =
        Memo::new(move |before: Option<&bool>| shown() || (before.copied().unwrap_or(false) && store.dialog.with(Option::is_none)));
    move || {
        placed.get().then(|| {
            view! {
                <p class="pen-tip" class:gone=move || !shown() role=move || shown().then_some("note")
                   aria-hidden=move || (!shown()).then_some("true")>{word(store, |t| t.pen_tip)}</p>
            }
        })
    }
}
