//! The control panel: number pad, input modes and the game's commands.
//!
//! Every control is a real `<button>` whose accessible name is the plain word (DESIGN.md's
//! contract: "1".."9", "Notes", "Erase", "Undo", "Redo", "Hint", "New game", "Check", "Solve",
//! "Settings"). Toggles expose their state with `aria-pressed`.

use crate::controller::{self, SolveScope};
use crate::state::{Dialog, InputMode, Phase, Store};
use inkdoku_engine::Size;
use leptos::prelude::*;

fn pressed(on: bool) -> &'static str {
    if on { "true" } else { "false" }
}

/// Digit buttons (1-9, then A-G on 16x16), laid out like the box they fill.
#[component]
pub fn NumberPad(store: Store, size: Size) -> impl IntoView {
    let buttons = size
        .digits()
        .map(|d| {
            let label = size.digit_char(d).to_string();
            // All of this digit placed: the button is greyed out.
            let complete = Memo::new(move |_| {
                store.game.with(|g| size.cells().filter(|&c| g.digit(c) == Some(d)).count() >= size.side())
            });
            view! {
                <button class="pad-digit" type="button"
                        class:active=move || store.active_digit.get() == Some(d)
                        class:complete=complete
                        aria-pressed=move || pressed(store.active_digit.get() == Some(d))
                        on:click=move |_| controller::digit(store, d)>
                    {label}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class=format!("pad pad-{}", size.box_side()) role="group" aria-label="Digits">{buttons}</div>
    }
}

/// Notes mode, erase, undo/redo.
#[component]
pub fn EditTools(store: Store) -> impl IntoView {
    view! {
        <div class="tools" role="group" aria-label="Editing">
            <button type="button" class="tool" aria-pressed=move || pressed(store.mode.get() == InputMode::Notes)
                    class:active=move || store.mode.get() == InputMode::Notes
                    on:click=move |_| controller::toggle_notes(store)>"Notes"</button>
            <button type="button" class="tool" on:click=move |_| controller::clear(store)>"Erase"</button>
            <button type="button" class="tool" disabled=move || !store.game.with(|g| g.can_undo())
                    on:click=move |_| controller::undo(store)>"Undo"</button>
            <button type="button" class="tool" disabled=move || !store.game.with(|g| g.can_redo())
                    on:click=move |_| controller::redo(store)>"Redo"</button>
        </div>
    }
}

/// Help and game commands.
#[component]
pub fn GameTools(store: Store) -> impl IntoView {
    let solve_open = RwSignal::new(false);
    let entering = move || store.phase.get() == Phase::Enter;
    view! {
        <div class="tools game-tools" role="group" aria-label="Game">
            <Show when=move || !entering() fallback=move || view! {
                <button type="button" class="tool primary" on:click=move |_| controller::finish_entering(store)>"Done"</button>
                <button type="button" class="tool" on:click=move |_| controller::cancel_entering(store)>"Cancel"</button>
            }>
                <button type="button" class="tool" on:click=move |_| controller::hint(store)>"Hint"</button>
                <button type="button" class="tool" on:click=move |_| controller::check(store)>"Check"</button>
                <button type="button" class="tool" aria-expanded=move || pressed(solve_open.get())
                        on:click=move |_| solve_open.update(|o| *o = !*o)>"Solve"</button>
                <Show when=move || solve_open.get()>
                    <div class="solve-menu" role="group" aria-label="Solve">
                        <button type="button" class="tool" on:click=move |_| { solve_open.set(false); controller::solve(store, SolveScope::Cell) }>"Solve cell"</button>
                        <button type="button" class="tool" on:click=move |_| { solve_open.set(false); controller::solve(store, SolveScope::Row) }>"Solve row"</button>
                        <button type="button" class="tool" on:click=move |_| { solve_open.set(false); controller::solve(store, SolveScope::Column) }>"Solve column"</button>
                        <button type="button" class="tool" on:click=move |_| { solve_open.set(false); controller::solve(store, SolveScope::All) }>"Solve all"</button>
                        <button type="button" class="tool" on:click=move |_| { solve_open.set(false); controller::undo_to_solvable(store) }>"Undo mistakes"</button>
                        <button type="button" class="tool" on:click=move |_| { solve_open.set(false); controller::restart(store) }>"Restart"</button>
                    </div>
                </Show>
                <button type="button" class="tool" on:click=move |_| controller::new_game_clicked(store)>"New game"</button>
                <button type="button" class="tool" on:click=move |_| store.dialog.set(Some(Dialog::Share))>"Share"</button>
                <button type="button" class="tool" on:click=move |_| store.dialog.set(Some(Dialog::Settings))>"Settings"</button>
            </Show>
        </div>
    }
}

/// The hint on show, in full, with a button to apply it; and the log of applied hints.
#[component]
pub fn HintPanel(store: Store) -> impl IntoView {
    let explanation = move || {
        let size = store.size();
        store.marks.with(|m| m.hint.as_ref().map(|h| h.explanation(size)))
    };
    view! {
        {move || explanation().map(|text| view! {
            <section class="hint-card" aria-label="Hint">
                <p>{text}</p>
                <button type="button" class="primary" on:click=move |_| controller::apply_hint(store)>"Apply hint"</button>
            </section>
        })}
        <Show when=move || store.log.with(|l| !l.is_empty())>
            <details class="log">
                <summary>"Steps taken"</summary>
                <ol>{move || store.log.get().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}</ol>
            </details>
        </Show>
    }
}
