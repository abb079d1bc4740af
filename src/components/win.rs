//! The winning animation: the cells fly off the board, rotating and flipping, over a faded
//! picture of the solved grid; then the Congratulations dialog (time, best time) fades in.
//!
//! The flying cells are HTML elements over the board square with a CSS animation each; their
//! directions, spins and delays come from a small hash of the cell index (no randomness needed).
//! The overlay removes itself when the animation is over, so nothing keeps running.

use crate::state::zoom::{CELL, ViewBox, outside_sides};
use crate::state::{Dialog, Store};
use leptos::prelude::*;
use std::time::Duration;

/// How long the cells fly before the overlay goes away, in milliseconds.
pub const FLIGHT_MS: u64 = 2600;

fn hash(i: usize, salt: u32) -> f64 {
    let mut x = (i as u32).wrapping_mul(2_654_435_761) ^ salt.wrapping_mul(40_503);
    x ^= x >> 15;
    x = x.wrapping_mul(2_246_822_519);
    x ^= x >> 13;
    (x % 10_000) as f64 / 10_000.0
}

#[component]
pub fn WinOverlay(store: Store) -> impl IntoView {
    let flying = RwSignal::new(false);
    // Start the flight each time the Won dialog opens; end it after FLIGHT_MS.
    Effect::new(move |_| {
        if matches!(store.dialog.get(), Some(Dialog::Won { .. })) {
            flying.set(true);
            set_timeout(move || flying.set(false), Duration::from_millis(FLIGHT_MS));
        } else {
            flying.set(false);
        }
    });
    move || {
        flying.get().then(|| {
            let (size, grid) = store.game.with_untracked(|g| (g.size(), g.grid()));
            let sides = untrack(|| outside_sides(store));
            let n = size.side();
            let pieces = size
                .cells()
                .filter_map(|cell| {
                    let d = grid.get(cell)?;
                    let i = cell.index();
                    let (r, c) = (size.row_of(cell), size.col_of(cell));
                    // f32 trigonometry, as the board's wedges (`board::wedges`) use.
                    let angle = hash(i, 1) as f32 * std::f32::consts::TAU;
                    let distance = 60.0 + 80.0 * hash(i, 2);
                    let style = format!(
                        "left:{:.3}%;top:{:.3}%;width:{:.3}%;height:{:.3}%;--dx:{:.1}vmax;--dy:{:.1}vmax;\
                         --spin:{:.0}deg;--flip:{:.0}deg;animation-delay:{:.0}ms;font-size:{:.2}cqmin",
                        c as f64 * 100.0 / n as f64,
                        r as f64 * 100.0 / n as f64,
                        100.0 / n as f64,
                        100.0 / n as f64,
                        distance * f64::from(angle.cos()),
                        distance * f64::from(angle.sin()),
                        (hash(i, 3) - 0.5) * 1080.0,
                        180.0 + 360.0 * hash(i, 4),
                        hash(i, 5) * 900.0,
                        60.0 / n as f64,
                    );
                    Some(view! { <div class="fly" style=style aria-hidden="true">{size.digit_char(d).to_string()}</div> })
                })
                .collect_view();
            // The overlay covers the grid itself: the board square minus the SVG's margins (and
            // the room for clues outside the grid).
            let whole = ViewBox::whole(size, sides);
            let (left, top) = whole.percent(0.0, 0.0);
            let (right, bottom) = whole.percent(n as f64 * CELL, n as f64 * CELL);
            let inset = format!("inset:{top:.3}% {:.3}% {:.3}% {left:.3}%", 100.0 - right, 100.0 - bottom);
            view! { <div class="win-overlay" style=inset aria-hidden="true">{pieces}</div> }
        })
    }
}
