//! A hint's chain drawn on the board: its nodes circled on their candidates (a grouped node
//! outlined around all its cells), its links as arrows — strong links solid, weak links dashed,
//! so they differ by more than colour — and the first node of each branch ringed twice. Each
//! node shows its digit (the board may show no notes). A colouring step (3D Medusa) draws its two
//! colours as its sentence names them: one as blue circles, the other as orange rounded squares,
//! so that they differ by shape too. The hint panel steps through long proofs link by link
//! (`Highlights::links_shown`), and forcing steps branch by branch (`Highlights::page`): the overlay draws
//! the links shown so far, or the page's branch alone with its premise ringed twice. The step's
//! removals are crossed out in red over it all.

use crate::components::board::candidate_centre;
use crate::controller;
use crate::state::Store;
use crate::state::zoom::CELL;
use inkdoku_engine::geometry::{Cell, Digit, Size};
use inkdoku_engine::step::{Link, Node, Step, Technique};
use leptos::prelude::*;

/// A colouring step's two colours: which nodes are the second colour. Its links are strong
/// (conjugate pairs and two-candidate cells), so the colour flips along each; `None` for a step
/// that is not a colouring.
fn second_colour(step: &Step) -> Option<Vec<(Cell, Digit)>> {
    if step.technique != Technique::Medusa3D {
        return None;
    }
    let key = |n: &Node| (n.cells[0], n.digit);
    let mut colour: Vec<((Cell, Digit), bool)> = Vec::new();
    let all = links(step);
    if let Some((_, first)) = all.first() {
        colour.push((key(&first.from), false));
    }
    // The links come in any order: spread the colours until nothing changes.
    loop {
        let mut grew = false;
        for (_, l) in &all {
            let known = |n: &Node| colour.iter().find(|(k, _)| *k == key(n)).map(|&(_, c)| c);
            match (known(&l.from), known(&l.to)) {
                (Some(c), None) => colour.push((key(&l.to), !c)),
                (None, Some(c)) => colour.push((key(&l.from), !c)),
                _ => continue,
            }
            grew = true;
        }
        if !grew {
            break;
        }
    }
    Some(colour.into_iter().filter(|&(_, second)| second).map(|(k, _)| k).collect())
}

/// The links of a step in walking order, with their branch.
pub fn links(step: &Step) -> Vec<(usize, &Link)> {
    step.chains.iter().enumerate().flat_map(|(b, chain)| chain.iter().map(move |l| (b, l))).collect()
}

/// The drawing (inside the board's SVG; the panel carries the words, so it is hidden from
/// assistive technology).
#[component]
pub fn ChainOverlay(store: Store, size: Size) -> impl IntoView {
    let note = CELL / size.box_cols() as f64;
    let radius = note * 0.46;
    let drawing = move || {
        store.highlights.with(|m| {
            let step = m.hint.as_ref()?;
            if step.chains.iter().all(Vec::is_empty) {
                return None;
            }
            // The page on show when stepping a forcing step branch by branch (its premise
            // marked), the first links when stepping link by link, else all of them.
            let (drawn, premise) = controller::hint_drawing(m, size);
            let shown: Vec<(usize, &Link)> = drawn.iter().filter_map(|&(b, i)| step.chains.get(b)?.get(i).map(|l| (b, l))).collect();
            let colours = second_colour(step);
            let starts: Vec<(Cell, Digit)> = match (m.page, premise) {
                (Some(_), Some(p)) => vec![(p.cell, p.digit)],
                (Some(_), None) => Vec::new(),
                _ => step.chains.iter().filter_map(|c| c.first()).map(|l| (l.from.cells[0], l.from.digit)).collect(),
            };
            let mut nodes: Vec<&Node> = Vec::new();
            // A premise no drawn link starts from (a branch that needs none) is drawn alone.
            let premise_node = premise.map(|p| Node::cell(p.cell, p.digit));
            if let Some(n) = &premise_node {
                nodes.push(n);
            }
            for (_, l) in &shown {
                for n in [&l.from, &l.to] {
                    if !nodes.contains(&n) {
                        nodes.push(n);
                    }
                }
            }
            let node_views = nodes
                .into_iter()
                .map(|n| {
                    let centres: Vec<(f64, f64)> = n.cells.iter().map(|&c| candidate_centre(size, c, n.digit)).collect();
                    let start = starts.contains(&(n.cells[0], n.digit));
                    if n.is_group() {
                        // A box-line group is one outline around its cells; a set's cells spread
                        // over a house are outlined one by one, so no other cell looks included.
                        let parts: Vec<Vec<(f64, f64)>> =
                            if box_line(size, &n.cells) { vec![centres] } else { centres.iter().map(|&c| vec![c]).collect() };
                        parts
                            .into_iter()
                            .map(|part| {
                                let (x0, y0, x1, y1) = bounds(&part);
                                let digits = part
                                    .iter()
                                    .map(|&(x, y)| {
                                        view! { <text class="chain-digit" x=x y=y font-size=radius * 1.45>{size.digit_char(n.digit).to_string()}</text> }
                                    })
                                    .collect_view();
                                view! {
                                    <rect class="chain-node chain-group" x=x0 - radius y=y0 - radius width=x1 - x0 + 2.0 * radius
                                          height=y1 - y0 + 2.0 * radius rx=radius />
                                    {digits}
                                }
                            })
                            .collect_view()
                            .into_any()
                    } else {
                        let (cx, cy) = centres[0];
                        let digit = size.digit_char(n.digit).to_string();
                        let ring = match &colours {
                            Some(second) if second.contains(&(n.cells[0], n.digit)) => view! {
                                <rect class="chain-node colour-b" x=cx - radius y=cy - radius width=2.0 * radius
                                      height=2.0 * radius rx=radius * 0.35 />
                            }
                            .into_any(),
                            Some(_) => view! { <circle class="chain-node colour-a" cx=cx cy=cy r=radius /> }.into_any(),
                            None => view! { <circle class="chain-node" class:chain-start=start cx=cx cy=cy r=radius /> }.into_any(),
                        };
                        view! {
                            {ring}
                            <text class="chain-digit" x=cx y=cy font-size=radius * 1.45>{digit}</text>
                            {start.then(|| view! { <circle class="chain-node chain-start-ring" cx=cx cy=cy r=radius + 5.0 /> })}
                        }
                        .into_any()
                    }
                })
                .collect_view();
            let link_views = shown
                .iter()
                .map(|(branch, l)| {
                    let (a, b) = (centre(size, &l.from), centre(size, &l.to));
                    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                    let len = (dx * dx + dy * dy).sqrt().max(1.0);
                    let trim = (radius + 2.0).min(len / 3.0);
                    let (ux, uy) = (dx / len, dy / len);
                    let class = format!("chain-link branch-{} {}", branch % 4, if l.strong { "link-strong" } else { "link-weak" });
                    view! {
                        <line class=class x1=a.0 + ux * trim y1=a.1 + uy * trim x2=b.0 - ux * trim y2=b.1 - uy * trim
                              marker-end="url(#chain-arrow)" />
                    }
                })
                .collect_view();
            // The removals, drawn over everything as red crosses: among many nodes (a 3D
            // Medusa colours dozens) a struck-through note alone is lost, and a removed node's
            // note is under its circle.
            let arm = radius * 0.8;
            let removal_views = step
                .eliminations
                .iter()
                .map(|e| {
                    let (x, y) = candidate_centre(size, e.cell, e.digit);
                    let d = format!("M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}", x - arm, y - arm, x + arm, y + arm, x - arm, y + arm, x + arm, y - arm);
                    // Its digit too: the board may show no notes.
                    let digit = size.digit_char(e.digit).to_string();
                    view! {
                        <text class="chain-digit chain-removal-digit" x=x y=y font-size=radius * 1.45>{digit}</text>
                        <path class="chain-removal" d=d />
                    }
                })
                .collect_view();
            Some(view! { <g class="chain" aria-hidden="true">{node_views}{link_views}{removal_views}</g> })
        })
    };
    view! {
        <defs>
            <marker id="chain-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
                <path d="M0 0L10 5L0 10z" class="chain-arrow" />
            </marker>
        </defs>
        {drawing}
    }
}

fn centre(size: Size, n: &Node) -> (f64, f64) {
    let cs: Vec<(f64, f64)> = n.cells.iter().map(|&c| candidate_centre(size, c, n.digit)).collect();
    let (x0, y0, x1, y1) = bounds(&cs);
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

fn bounds(points: &[(f64, f64)]) -> (f64, f64, f64, f64) {
    points.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)))
}

/// Whether cells lie in one box and one row or column (a grouped node's usual shape).
fn box_line(size: Size, cells: &[Cell]) -> bool {
    let same = |f: &dyn Fn(Cell) -> usize| cells.iter().all(|&c| f(c) == f(cells[0]));
    same(&|c| size.box_of(c)) && (same(&|c| size.row_of(c)) || same(&|c| size.col_of(c)))
}
