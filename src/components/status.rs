//! The status bar: level, timer, and the last message (a live region for screen readers).

use crate::components::parts::{text, word};
use crate::controller;
use crate::state::{Kind, Phase, Store};
use leptos::prelude::*;

#[component]
pub fn StatusBar(store: Store) -> impl IntoView {
    let level = move || match store.phase.get() {
        Phase::Enter => store.ui().entering.to_string(),
        Phase::Play => {
            // "9x9 · Hard", or for a killer (made here or opened) "9x9 Killer · Hard".
            let size = store.game.with(Kind::of).with_size(store.ui(), store.size());
            match store.meta.with(|m| m.level) {
                Some(l) => format!("{size} · {}", crate::i18n::level_name(store.lang(), l)),
                None => size,
            }
        }
    };
    view! {
        <header class="status-bar">
            <span class="brand">"inkdoku"</span>
            <span class="level">{text(Box::new(level))}</span>
            <crate::components::together::RoomLine store=store />
            <span class="timer" role="timer" aria-label=word(store, |t| t.time)>{text(Box::new(move || controller::clock(store.elapsed.get())))}</span>
            <p class="status" role="status" aria-live="polite">{text(Box::new(move || store.status.get()))}</p>
            <crate::components::ink::PenTip store=store />
        </header>
    }
}
