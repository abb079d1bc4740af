//! The status bar: level, timer, and the last message (a live region for screen readers).

use crate::controller;
use crate::state::{Phase, Store};
use leptos::prelude::*;

#[component]
pub fn StatusBar(store: Store) -> impl IntoView {
    let level = move || match store.phase.get() {
        Phase::Enter => "Entering a puzzle".to_string(),
        Phase::Play => {
            let size = store.size().name();
            match store.meta.with(|m| m.level) {
                Some(l) => format!("{size} · {}", l.name()),
                None => size.to_string(),
            }
        }
    };
    view! {
        <header class="status-bar">
            <span class="brand">"inkdoku"</span>
            <span class="level">{level}</span>
            <span class="timer" role="timer" aria-label="Time">{move || controller::clock(store.elapsed.get())}</span>
            <p class="status" role="status" aria-live="polite">{move || store.status.get()}</p>
        </header>
    }
}
