//! The print layout of a set of new puzzles: 2 or 4 to a page, each with its level, size and
//! seed underneath. Invisible on screen; the print style sheet shows it instead of the app.

use crate::components::constraints::shape_view;
use crate::state::Store;
use inkdoku_engine::Grid;
use inkdoku_engine::variant::Shape;
use leptos::prelude::*;

/// A plain SVG of a puzzle's givens and constraints (a killer's cages), for paper: the print
/// style sheet gives the constraints the light theme's colours and black ink in any theme.
pub fn paper_grid(grid: &Grid, shapes: Vec<Shape>, label: String) -> impl IntoView + use<> {
    let size = grid.size();
    let n = size.side();
    let full = n * 100;
    let mut thin = String::new();
    let mut thick = String::new();
    for i in 0..=n {
        let p = i * 100;
        let target = if i % size.box_cols() == 0 { &mut thick } else { &mut thin };
        target.push_str(&format!("M{p} 0V{full}"));
        let target = if i % size.box_rows() == 0 { &mut thick } else { &mut thin };
        target.push_str(&format!("M0 {p}H{full}"));
    }
    let digits = size
        .cells()
        .filter_map(|c| {
            let d = grid.get(c)?;
            let (x, y) = (size.col_of(c) * 100 + 50, size.row_of(c) * 100 + 52);
            Some(view! { <text x=x y=y dominant-baseline="central" text-anchor="middle">{size.digit_char(d).to_string()}</text> })
        })
        .collect_view();
    view! {
        <svg class="paper-grid" viewBox=format!("-4 -4 {} {}", full + 8, full + 8) role="img"
             aria-label=label>
            <path d=thin class="paper-thin" />
            <g class="constraints paper-constraints">{shapes.into_iter().map(|s| shape_view(size, s)).collect_view()}</g>
            <path d=thick class="paper-thick" />
            <g class="paper-digits">{digits}</g>
        </svg>
    }
}

#[component]
pub fn PrintSheet(store: Store) -> impl IntoView {
    move || {
        store.print_set.get().map(|set| {
            let pages = set
                .puzzles
                .chunks(set.per_page.max(1))
                .map(|page| {
                    let items = page
                        .iter()
                        .map(|printed| {
                            let grid = &printed.givens;
                            view! {
                                <figure class="print-item">
                                    {paper_grid(grid, printed.shapes.clone(), crate::i18n::fill(store.t().puzzle_image, &[("size", grid.size().name())]))}
                                    <figcaption>{printed.caption.clone()}</figcaption>
                                </figure>
                            }
                        })
                        .collect_view();
                    view! { <section class=format!("print-page per-{}", set.per_page)>{items}</section> }
                })
                .collect_view();
            view! { <div class="print-set" aria-hidden="true">{pages}</div> }
        })
    }
}
