//! Solving together on screen: where the other players are (their selected cell outlined in
//! their colour, with their number in a shape of their own, so colour is never the only sign),
//! and the room's line in the header (players, this player's number, each other player here or
//! away, offline).

use crate::components::parts::{shown, text};
use crate::controller;
use crate::i18n::fill;
use crate::state::Store;
use crate::state::zoom::CELL;
use inkdoku_engine::Size;
use leptos::prelude::*;

/// The shape of player n's badge: circle, square, triangle, diamond, then again.
fn badge(number: u8, x: f64, y: f64) -> String {
    let r = 14.0;
    match number % 4 {
        1 => format!("M{} {y} a{r} {r} 0 1 0 {} 0 a{r} {r} 0 1 0 -{} 0", x - r, 2.0 * r, 2.0 * r),
        2 => format!("M{} {} h{} v{} h-{} z", x - r, y - r, 2.0 * r, 2.0 * r, 2.0 * r),
        3 => format!("M{x} {} L{} {} L{} {} z", y - r - 2.0, x + r + 2.0, y + r, x - r - 2.0, y + r),
        _ => format!("M{x} {} L{} {y} L{x} {} L{} {y} z", y - r - 3.0, x + r + 3.0, y + r + 3.0, x - r - 3.0),
    }
}

/// The other players' selected cells, and the strokes they are drawing, over the board.
#[component]
pub fn PeersOverlay(store: Store, size: Size) -> impl IntoView {
    // An away player's last cell is not where they are now.
    let peers = move || {
        store.room.with(|r| r.as_ref().map(|r| r.peers.iter().filter(|p| !p.away).cloned().collect::<Vec<_>>()).unwrap_or_default())
    };
    let side = size.side() as f64 * CELL;
    let drawing = move || {
        peers()
            .into_iter()
            .filter(|p| !p.ink.is_empty())
            .map(|p| {
                let points: Vec<String> = p.ink.iter().map(|q| format!("{:.1},{:.1}", f64::from(q[0]) * side, f64::from(q[1]) * side)).collect();
                view! { <polyline class=format!("other-player player-{} player-ink", (p.number.max(1) - 1) % 4 + 1) data-player=p.number points=points.join(" ") /> }
            })
            .collect_view()
    };
    view! {
        <g class="other-players">
            {drawing}
            <For each=peers key=|p| (p.player, p.number, p.cell) let:peer>
                {peer.cell.map(|cell| {
                    let (x, y) = (size.col_of(cell) as f64 * CELL, size.row_of(cell) as f64 * CELL);
                    let name = fill(store.ui().player_n, &[("n", &peer.number.to_string())]);
                    let at = inkdoku_engine::geometry::cell_name(size, cell);
                    view! {
                        <g class=format!("other-player player-{}", (peer.number.max(1) - 1) % 4 + 1) data-player=peer.number data-cell=at.clone()
                           role="img" aria-label=format!("{name}: {at}")>
                            <rect x=x + 4.0 y=y + 4.0 width=CELL - 8.0 height=CELL - 8.0 class="player-outline" />
                            <path d=badge(peer.number, x + CELL - 18.0, y + 18.0) class="player-badge" />
                            <text x=x + CELL - 18.0 y=y + 23.0 class="player-number">{peer.number}</text>
                        </g>
                    }
                })}
            </For>
        </g>
    }
}

/// The room's line in the header: how many play, who this player is, and whether the moves go
/// out now.
#[component]
pub fn RoomLine(store: Store) -> impl IntoView {
    view! {
        {shown(store, |store| store.room.with(Option::is_some), |store| {
            let line = move || controller::room_line(store);
            view! {
                <span class="room" class:offline=move || line().is_some_and(|(_, online)| !online) role="note"
                      aria-label=move || line().map(|(text, _)| text).unwrap_or_default()>
                    {text(Box::new(move || line().map(|(text, _)| text).unwrap_or_default()))}
                </span>
            }
            .into_any()
        })}
    }
}
