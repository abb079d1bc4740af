//! The root component.

use crate::components::board::Board;
use crate::services::worker;
use inkdoku_engine::generator::{Options, Symmetry};
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::rating::Level;
use inkdoku_engine::{Grid, Size};
use leptos::prelude::*;

/// The app: asks the worker for a puzzle and shows it.
#[component]
pub fn App() -> impl IntoView {
    let (puzzle, set_puzzle) = signal(None::<Grid>);
    let (status, set_status) = signal(String::from("Making a puzzle…"));
    let seed = js_sys::Date::now() as u64;
    let options = Options { size: Size::Nine, level: Level::Medium, symmetry: Symmetry::Rotational, seed };
    let sent = worker::request(Task::Generate { options }, move |reply| match reply {
        Reply::Progress { done, total, .. } => set_status.set(format!("Making a puzzle… {done}/{total}")),
        Reply::Generated { generated, .. } => {
            set_status.set(format!("{} puzzle", generated.rating.level.name()));
            set_puzzle.set(Some(generated.puzzle));
        }
        Reply::Error { message, .. } => set_status.set(message),
        _ => {}
    });
    if let Err(e) = sent {
        set_status.set(e);
    }
    view! {
        <main class="app">
            <h1 class="title">"inkdoku"</h1>
            <p class="status" role="status">{move || status.get()}</p>
            {move || puzzle.get().map(|givens| view! { <Board givens=givens /> })}
        </main>
    }
}
