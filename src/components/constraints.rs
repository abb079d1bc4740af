//! A variant's constraints drawn on the board (`Puzzle::shapes`): cages, thermometers, arrows,
//! dots, XV, lines, diagonals, parity marks, extra regions, irregular region borders and the
//! clues outside the grid. The layer lies over the cells' backgrounds and under their digits
//! and marks (the board draws it between the two), and takes no pointer: the cells do.
//!
//! Colours come from the theme's variables (`static/style.css`, `.cst-*`), so light and dark
//! both work; kinds differ by form as well as hue (hollow and filled dots, circle and square
//! parity, solid and dashed lines), for colour-blind players.

use crate::state::Store;
use crate::state::zoom::CELL;
use inkdoku_engine::variant::{ARROW_RADIUS, Dot, LineKind, Point, Shape};
use inkdoku_engine::{Cell, Size};
use leptos::prelude::*;

/// How far a cage's dashed outline stands inside its cells' edges (cell units).
const CAGE_INSET: f64 = 0.07;

fn xy(p: Point) -> (f64, f64) {
    (f64::from(p.x) * CELL, f64::from(p.y) * CELL)
}

fn polyline(points: &[Point]) -> String {
    points.iter().map(|&p| xy(p)).map(|(x, y)| format!("{x:.1},{y:.1}")).collect::<Vec<_>>().join(" ")
}

/// The inset outline of a cage as one path: each cell's edges on the cage's border, moved
/// `CAGE_INSET` inwards, their ends running on where the outline goes on (straight or round
/// an inner corner) and stopping short at an outer corner.
pub fn cage_path(size: Size, cells: &[Cell]) -> String {
    let side = size.side() as i32;
    let inside = |r: i32, c: i32| (0..side).contains(&r) && (0..side).contains(&c) && cells.contains(&size.cell(r as usize, c as usize));
    let d = CAGE_INSET;
    let mut path = String::new();
    for &cell in cells {
        let (r, c) = (size.row_of(cell) as i32, size.col_of(cell) as i32);
        // Each side: the step outwards (dr, dc) and the direction along the edge (ar, ac).
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if inside(r + dr, c + dc) {
                continue;
            }
            let (ar, ac) = (dc.abs(), dr.abs());
            // How far each end runs past the cell's corner: on (d) round an inner corner, flush
            // (0) along a straight border, short (-d) at an outer corner.
            let end = |s: i32| {
                if !inside(r + s * ar, c + s * ac) {
                    -d
                } else if inside(r + s * ar + dr, c + s * ac + dc) {
                    d
                } else {
                    0.0
                }
            };
            let (cx, cy) = (f64::from(c) + 0.5, f64::from(r) + 0.5);
            // The edge's line, inset: 0.5 - d from the centre towards the outside.
            let (ox, oy) = (f64::from(dc) * (0.5 - d), f64::from(dr) * (0.5 - d));
            let (ax, ay) = (f64::from(ac), f64::from(ar));
            let (a0, a1) = (-0.5 - end(-1), 0.5 + end(1));
            let (x0, y0) = ((cx + ox + ax * a0) * CELL, (cy + oy + ay * a0) * CELL);
            let (x1, y1) = ((cx + ox + ax * a1) * CELL, (cy + oy + ay * a1) * CELL);
            path.push_str(&format!("M{x0:.1} {y0:.1}L{x1:.1} {y1:.1}"));
        }
    }
    path
}

/// An arrowhead at the last point of `line`, pointing away from the point before.
fn arrowhead(line: &[Point]) -> Option<String> {
    let [.., a, b] = line else { return None };
    let ((ax, ay), (bx, by)) = (xy(*a), xy(*b));
    let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1e-6);
    let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
    let (back, wide) = (0.22 * CELL, 0.16 * CELL);
    let (lx, ly) = (bx - ux * back - uy * wide, by - uy * back + ux * wide);
    let (rx, ry) = (bx - ux * back + uy * wide, by - uy * back - ux * wide);
    Some(format!("M{lx:.1} {ly:.1}L{bx:.1} {by:.1}L{rx:.1} {ry:.1}"))
}

/// A repeated little killer's arrow to the corner where its diagonal enters the focus window:
/// its tip just past the box line, short of where a corner mark goes; a shaft from the sum
/// when the sum sits along the strip.
fn echo_arrow(at: crate::state::zoom::Entry) -> String {
    let (dx, dy) = (f64::from(at.dx), f64::from(at.dy));
    let (ux, uy) = (dx * std::f64::consts::FRAC_1_SQRT_2, dy * std::f64::consts::FRAC_1_SQRT_2);
    let (tx, ty) = (at.x + ux * 0.06 * CELL, at.y + uy * 0.06 * CELL);
    let (back, wide) = (0.13 * CELL, 0.08 * CELL);
    let (lx, ly) = (tx - ux * back - uy * wide, ty - uy * back + ux * wide);
    let (rx, ry) = (tx - ux * back + uy * wide, ty - uy * back - ux * wide);
    let shaft =
        if at.shaft { format!("M{:.1} {:.1}L{tx:.1} {ty:.1}", at.x - dx * 0.12 * CELL, at.y - dy * 0.12 * CELL) } else { String::new() };
    format!("{shaft}M{lx:.1} {ly:.1}L{tx:.1} {ty:.1}L{rx:.1} {ry:.1}")
}

/// One shape as SVG (on the board, and on paper: `print.rs`).
pub fn shape_view(size: Size, shape: Shape) -> AnyView {
    match shape {
        Shape::Cage { cells, sum, label_cell, .. } => {
            let (x, y) = ((size.col_of(label_cell) as f64 + 0.04) * CELL, (size.row_of(label_cell) as f64 + 0.03) * CELL);
            let label = sum.map(|s| {
                view! { <text x=x y=y class="cst-cage-sum" font-size=CELL * 0.2 dominant-baseline="hanging">{s.to_string()}</text> }
            });
            view! { <path class="cst-cage" d=cage_path(size, &cells) />{label} }.into_any()
        }
        Shape::Thermometer { bulb, line } => {
            let (bx, by) = xy(bulb);
            view! {
                <circle class="cst-thermo" cx=bx cy=by r=CELL * 0.3 />
                <polyline class="cst-thermo-line" points=polyline(&line) stroke-width=CELL * 0.18 />
            }
            .into_any()
        }
        Shape::Arrow { circle, line } => {
            // The engine's radius: the shaft it gives starts on this circle's edge.
            let r = CELL * f64::from(ARROW_RADIUS);
            let round = if circle.len() > 1 {
                // A pill round the circle's cells.
                let (xs, ys): (Vec<f64>, Vec<f64>) = circle.iter().map(|&p| xy(p)).unzip();
                let (x0, x1) = (xs.iter().copied().fold(f64::MAX, f64::min) - r, xs.iter().copied().fold(f64::MIN, f64::max) + r);
                let (y0, y1) = (ys.iter().copied().fold(f64::MAX, f64::min) - r, ys.iter().copied().fold(f64::MIN, f64::max) + r);
                view! { <rect class="cst-arrow-circle" x=x0 y=y0 width=x1 - x0 height=y1 - y0 rx=r ry=r /> }.into_any()
            } else {
                let (cx, cy) = circle.first().map_or((0.0, 0.0), |&p| xy(p));
                view! { <circle class="cst-arrow-circle" cx=cx cy=cy r=r /> }.into_any()
            };
            let head = arrowhead(&line).map(|d| view! { <path class="cst-arrow" d=d /> });
            view! { {round}<polyline class="cst-arrow" points=polyline(&line) />{head} }.into_any()
        }
        Shape::Dot { at, dot } => {
            let (x, y) = xy(at);
            let class = match dot {
                Dot::White => "cst-dot cst-dot-white",
                Dot::Black => "cst-dot cst-dot-black",
            };
            view! { <circle class=class cx=x cy=y r=CELL * 0.11 /> }.into_any()
        }
        Shape::Edge { at, text } => {
            let (x, y) = xy(at);
            view! {
                <text class="cst-edge" x=x y=y + 1.0 font-size=CELL * 0.3 dominant-baseline="central" text-anchor="middle">{text}</text>
            }
            .into_any()
        }
        Shape::Line { kind, points } => {
            let class = match kind {
                LineKind::Whispers => "cst-line cst-whispers",
                LineKind::Renban => "cst-line cst-renban",
                LineKind::Palindrome => "cst-line cst-palindrome",
            };
            view! { <polyline class=class points=polyline(&points) /> }.into_any()
        }
        Shape::Diagonal { from, to } => {
            let ((x1, y1), (x2, y2)) = (xy(from), xy(to));
            view! { <line class="cst-diagonal" x1=x1 y1=y1 x2=x2 y2=y2 /> }.into_any()
        }
        Shape::Parity { at, even } => {
            let (x, y) = xy(at);
            // The engine's radius: the shaft it gives starts on this circle's edge.
            let r = CELL * f64::from(ARROW_RADIUS);
            if even {
                view! { <rect class="cst-parity" x=x - r y=y - r width=2.0 * r height=2.0 * r /> }.into_any()
            } else {
                view! { <circle class="cst-parity" cx=x cy=y r=r /> }.into_any()
            }
        }
        Shape::Shaded { cells } => cells
            .into_iter()
            .map(|c| {
                let (x, y) = (size.col_of(c) as f64 * CELL, size.row_of(c) as f64 * CELL);
                view! { <rect class="cst-shaded" x=x y=y width=CELL height=CELL /> }
            })
            .collect_view()
            .into_any(),
        Shape::LittleKiller { at, sum, dx, dy } => {
            let (x, y) = xy(at);
            let (tx, ty) = (x - f64::from(dx) * CELL * 0.12, y - f64::from(dy) * CELL * 0.12);
            let tip = Point { x: at.x + f32::from(dx) * 0.42, y: at.y + f32::from(dy) * 0.42 };
            let tail = Point { x: at.x + f32::from(dx) * 0.22, y: at.y + f32::from(dy) * 0.22 };
            let line = [tail, tip];
            let head = arrowhead(&line).map(|d| view! { <path class="cst-arrow" d=d /> });
            view! {
                <text class="cst-outside" x=tx y=ty + 1.0 font-size=CELL * 0.3 dominant-baseline="central" text-anchor="middle">{sum.to_string()}</text>
                <polyline class="cst-arrow" points=polyline(&line) />{head}
            }
            .into_any()
        }
        Shape::Outside { at, value } => {
            let (x, y) = xy(at);
            view! {
                <text class="cst-outside" x=x y=y + 1.0 font-size=CELL * 0.4 dominant-baseline="central" text-anchor="middle">{value.to_string()}</text>
            }
            .into_any()
        }
        Shape::RegionBorders { segments } => {
            let d: String = segments
                .iter()
                .map(|[a, b]| {
                    let ((x1, y1), (x2, y2)) = (xy(*a), xy(*b));
                    format!("M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}")
                })
                .collect();
            view! { <path class="lines-box" d=d /> }.into_any()
        }
    }
}

/// The game's constraints, drawn (nothing for a classic puzzle); in the focus view, the sums
/// outside the grid of the window's rows and columns, and of the little killers crossing it,
/// repeated at its edges (`clue_echoes`).
#[component]
pub fn ConstraintLayer(store: Store, size: Size) -> impl IntoView {
    let shapes = Memo::new(move |_| store.game.with(|g| g.variant().map(|p| p.shapes()).unwrap_or_default()));
    let echoes = move || {
        // Smaller than the clues themselves: two digits fit the strip (`zoom::CONTEXT`, 0.35
        // of a cell) beside the window's cells.
        let window = crate::state::zoom::shown(store)?;
        let echoes = shapes.with(|s| crate::state::zoom::clue_echoes(size, s, window));
        Some(
            echoes
                .into_iter()
                .map(|e| {
                    let head = e.enters.map(|at| view! { <path class="cst-arrow cst-echo-head" d=echo_arrow(at) /> });
                    view! {
                        <text class="cst-outside cst-echo" x=e.x y=e.y + 1.0 font-size=CELL * 0.22 dominant-baseline="central"
                              text-anchor="middle">{e.value.to_string()}</text>
                        {head}
                    }
                })
                .collect_view(),
        )
    };
    view! {
        <g class="constraints" aria-hidden="true">
            {move || shapes.get().into_iter().map(|s| shape_view(size, s)).collect_view()}
            {echoes}
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::cage_path;
    use inkdoku_engine::Size;

    #[test]
    fn a_cage_outline_is_inset_and_meets_round_corners() {
        let s = Size::Nine;
        // One cell: four edges, each stopping short at both corners.
        assert_eq!(cage_path(s, &[s.cell(0, 0)]), "M7.0 7.0L93.0 7.0M7.0 93.0L93.0 93.0M7.0 7.0L7.0 93.0M93.0 7.0L93.0 93.0");
        // An L of three cells: the inner corner at (100, 100) is met from both sides at 107.
        let l = cage_path(s, &[s.cell(0, 1), s.cell(1, 0), s.cell(1, 1)]);
        assert!(l.contains("M7.0 107.0L107.0 107.0"), "{l}");
        assert!(l.contains("M107.0 7.0L107.0 107.0"), "{l}");
    }
}
