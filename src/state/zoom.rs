//! The focus view in the store: the window on show and the board square's width, as signals,
//! and what the board shows of the store's game. The model (windows, view boxes, clue echoes)
//! is the core's (`inkdoku_core::state::zoom`).

use crate::state::Store;
pub use inkdoku_core::state::zoom::*;
use inkdoku_engine::Cell;
use leptos::prelude::*;

/// The view's state: the focus window (none: the whole board) and the board square's width.
#[derive(Clone, Copy)]
pub struct BoardView {
    pub window: RwSignal<Option<Window>>,
    /// The board square's width in CSS px (measured; 0 before the first layout).
    pub square_px: RwSignal<f64>,
}

impl BoardView {
    pub fn new() -> BoardView {
        BoardView { window: RwSignal::new(None), square_px: RwSignal::new(0.0) }
    }
}

impl Default for BoardView {
    fn default() -> BoardView {
        BoardView::new()
    }
}

/// How many boxes the focus window shows, or `None` when there is no focus view (reactive).
pub fn available(store: Store) -> Option<usize> {
    focus_boxes(store.size(), outside_sides(store), store.view.square_px.get())
}

/// The sides of the game's grid with clues outside it (reactive).
pub fn outside_sides(store: Store) -> Sides {
    store.game.with(|g| g.variant().map_or_else(Sides::default, |p| Sides::of(g.size(), &p.shapes())))
}

/// The focus window on show, if any (reactive).
pub fn shown(store: Store) -> Option<Window> {
    let boxes = available(store)?;
    store.view.window.get().map(|w| w.resized(store.size(), boxes))
}

/// What the board shows (reactive).
pub fn view_box(store: Store) -> ViewBox {
    shown(store).map_or_else(|| ViewBox::whole(store.size(), outside_sides(store)), |w| w.view_box(store.size()))
}

/// What the board shows now (for event handlers).
pub fn view_box_now(store: Store) -> ViewBox {
    untrack(|| view_box(store))
}

/// Whether the board shows the whole of a board too small to write in: the pen then picks
/// the cell to magnify instead of writing.
pub fn overview_too_small(store: Store) -> bool {
    untrack(|| available(store).is_some() && shown(store).is_none())
}

/// Back to the whole board ("Whole board", Escape). Returns whether it was magnified.
pub fn whole_board(store: Store) -> bool {
    let zoomed = untrack(|| shown(store).is_some());
    store.view.window.set(None);
    zoomed
}

/// Magnifies the window around `cell` (or keeps it, moved as little as needed to hold it).
pub fn focus_on(store: Store, cell: Cell) {
    let Some(boxes) = untrack(|| available(store)) else { return };
    let size = store.size();
    let current = untrack(|| shown(store));
    store.view.window.set(Some(match current {
        Some(w) => w.follow(size, cell),
        None => Window::around(size, boxes, cell),
    }));
}

/// The bar's arrows: the window moves a box, and the selection with it if it would leave the
/// window (it keeps its place on the screen).
pub fn pan(store: Store, d_row: isize, d_col: isize) {
    let size = store.size();
    let Some(now) = untrack(|| shown(store)) else { return };
    let Some(next) = now.pan(size, d_row, d_col) else { return };
    store.view.window.set(Some(next));
    if let Some(cell) = store.selected.get_untracked()
        && !next.contains(size, cell)
    {
        let b = box_side(size) as isize;
        let (r, c) = (size.row_of(cell) as isize + d_row * b, size.col_of(cell) as isize + d_col * b);
        store.session_mut(|s| s.select(Some(size.cell(r as usize, c as usize))));
    }
}
