//! Dialogs: new game, settings, confirmation, messages, welcome back, and the win.
//!
//! Each is a `role="dialog"` with `aria-modal` and a heading that names it; it covers the board
//! (which pauses the timer). Escape closes the one on show (see `app`).

use crate::controller;
use crate::state::{Dialog, Settings, Store};
use inkdoku_engine::generator::Symmetry;
use inkdoku_engine::rating::Level;
use inkdoku_engine::Size;
use leptos::prelude::*;

fn close(store: Store) {
    store.dialog.set(None);
}

/// Whichever dialog is open.
#[component]
pub fn Dialogs(store: Store) -> impl IntoView {
    move || {
        store.dialog.get().map(|d| {
            let body = match d {
                Dialog::Welcome => welcome(store).into_any(),
                Dialog::NewGame => new_game(store).into_any(),
                Dialog::ConfirmDiscard => confirm_discard(store).into_any(),
                Dialog::Settings => settings(store).into_any(),
                Dialog::Message { title, text } => message(store, title, text).into_any(),
                Dialog::Won { time_ms, best_ms, new_best } => won(store, time_ms, best_ms, new_best).into_any(),
                Dialog::Share => share(store).into_any(),
                Dialog::ConfirmOpen(shared) => confirm_open(store, shared).into_any(),
                Dialog::PrintSet => print_set(store).into_any(),
                Dialog::OtherTab => other_tab(store).into_any(),
            };
            view! { <div class="backdrop">{body}</div> }
        })
    }
}

fn welcome(store: Store) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="welcome-title">
            <h2 id="welcome-title">"Welcome back"</h2>
            <p>"Your game is where you left it."</p>
            <div class="buttons">
                <button type="button" class="primary" autofocus on:click=move |_| close(store)>"Continue"</button>
                <button type="button" on:click=move |_| store.dialog.set(Some(Dialog::NewGame))>"New game"</button>
            </div>
        </div>
    }
}

fn new_game(store: Store) -> impl IntoView {
    let set = move |f: fn(&mut Settings, &str), value: String| store.settings.update(|s| f(s, &value));
    let size_radio = move |size: Size| {
        view! {
            <label class="choice">
                <input type="radio" name="size" value=size.name()
                       prop:checked=move || store.settings.with(|s| s.size == size)
                       on:change=move |_| store.settings.update(|s| s.size = size) />
                {size.name()}
            </label>
        }
    };
    let making = move || store.making.get();
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="new-title">
            <h2 id="new-title">"New game"</h2>
            <fieldset>
                <legend>"Size"</legend>
                {size_radio(Size::Four)}{size_radio(Size::Nine)}{size_radio(Size::Sixteen)}
            </fieldset>
            <label class="field">"Level"
                <select on:change=move |ev| set(|s, v| s.level = level_named(v), event_target_value(&ev))>
                    {[Level::Easy, Level::Medium, Level::Hard, Level::Expert].into_iter().map(|l| view! {
                        <option value=l.name() selected=move || store.settings.with(|s| s.level == l)>{l.name()}</option>
                    }).collect_view()}
                </select>
            </label>
            <label class="field">"Symmetry"
                <select on:change=move |ev| set(|s, v| s.symmetry = Symmetry::from_name(v).unwrap_or_default(), event_target_value(&ev))>
                    {Symmetry::ALL.into_iter().map(|sym| view! {
                        <option value=sym.name() selected=move || store.settings.with(|s| s.symmetry == sym)>{symmetry_label(sym)}</option>
                    }).collect_view()}
                </select>
            </label>
            <Show when=move || making().is_some() fallback=move || view! {
                <div class="buttons">
                    <button type="button" class="primary" on:click=move |_| controller::start_clicked(store)>"Start"</button>
                    <button type="button" on:click=move |_| controller::daily(store)>"Daily puzzle"</button>
                    <button type="button" on:click=move |_| controller::start_entering(store)>"Enter a puzzle"</button>
                    <button type="button" on:click=move |_| controller::paste_puzzle(store)>"Paste puzzle"</button>
                    <button type="button" on:click=move |_| controller::open_file(store)>"Open file"</button>
                    <button type="button" on:click=move |_| store.dialog.set(Some(Dialog::PrintSet))>"Print puzzles…"</button>
                    <button type="button" on:click=move |_| close(store)>"Close"</button>
                </div>
            }>
                <div class="making">
                    <p>"Making a puzzle…"</p>
                    <progress aria-label="Making a puzzle" max=move || making().map_or(1, |m| m.total)
                              value=move || making().map_or(0, |m| m.done)></progress>
                    <button type="button" on:click=move |_| controller::cancel_making(store)>"Cancel"</button>
                </div>
            </Show>
        </div>
    }
}

fn level_named(name: &str) -> Level {
    [Level::Easy, Level::Medium, Level::Hard, Level::Expert].into_iter().find(|l| l.name() == name).unwrap_or(Level::Easy)
}

fn symmetry_label(s: Symmetry) -> &'static str {
    match s {
        Symmetry::None => "None",
        Symmetry::Rotational => "Rotational (180°)",
        Symmetry::Mirror => "Mirror",
        Symmetry::Diagonal => "Diagonal",
    }
}

fn confirm_discard(store: Store) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="discard-title">
            <h2 id="discard-title">"Start a new game?"</h2>
            <p>"The game in progress will be lost."</p>
            <div class="buttons">
                <button type="button" class="primary" on:click=move |_| controller::make_puzzle(store)>"Start new game"</button>
                <button type="button" autofocus on:click=move |_| close(store)>"Keep playing"</button>
            </div>
        </div>
    }
}

fn settings(store: Store) -> impl IntoView {
    let toggle = move |label: &'static str, get: fn(&Settings) -> bool, put: fn(&mut Settings, bool)| {
        view! {
            <label class="check">
                <input type="checkbox" prop:checked=move || store.settings.with(get)
                       on:change=move |ev| store.settings.update(|s| put(s, event_target_checked(&ev))) />
                {label}
            </label>
        }
    };
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="settings-title">
            <h2 id="settings-title">"Settings"</h2>
            {toggle("Show conflicts", |s| s.show_conflicts, |s, v| s.show_conflicts = v)}
            {toggle("Show incorrect numbers", |s| s.show_incorrect, |s, v| s.show_incorrect = v)}
            {toggle("Highlight same digits", |s| s.highlight_same, |s, v| s.highlight_same = v)}
            {toggle("Show candidates", |s| s.show_candidates, |s, v| s.show_candidates = v)}
            {toggle("Remove notes when a digit is placed", |s| s.auto_clear_notes, |s, v| s.auto_clear_notes = v)}
            {toggle("Ask before a new game", |s| s.confirm_new_game, |s, v| s.confirm_new_game = v)}
            {toggle("Left-handed layout", |s| s.left_handed, |s, v| s.left_handed = v)}
            <div class="buttons">
                <button type="button" class="primary" on:click=move |_| close(store)>"Close"</button>
            </div>
        </div>
    }
}

fn message(store: Store, title: String, text: String) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="message-title">
            <h2 id="message-title">{title}</h2>
            <p>{text}</p>
            <div class="buttons">
                <button type="button" class="primary" autofocus on:click=move |_| close(store)>"OK"</button>
            </div>
        </div>
    }
}

fn won(store: Store, time_ms: u64, best_ms: Option<u64>, new_best: bool) -> impl IntoView {
    let best = match (new_best, best_ms) {
        (true, Some(before)) => format!("A new best time! (before: {})", controller::clock(before)),
        (true, None) => "Your first time at this level.".to_string(),
        (false, Some(b)) => format!("Best time: {}", controller::clock(b)),
        (false, None) => "Solved with help: no best time recorded.".to_string(),
    };
    view! {
        <div class="dialog won" role="dialog" aria-modal="true" aria-labelledby="won-title">
            <h2 id="won-title">"Congratulations!"</h2>
            <p class="time">"Time: " {controller::clock(time_ms)}</p>
            <p>{best}</p>
            <div class="buttons">
                <button type="button" class="primary" on:click=move |_| controller::new_game_clicked(store)>"New game"</button>
                <button type="button" on:click=move |_| close(store)>"Close"</button>
            </div>
        </div>
    }
}

fn share(store: Store) -> impl IntoView {
    let with_progress = RwSignal::new(false);
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="share-title">
            <h2 id="share-title">"Share"</h2>
            <label class="check">
                <input type="checkbox" prop:checked=move || with_progress.get()
                       on:change=move |ev| with_progress.set(event_target_checked(&ev)) />
                "Include my progress and notes"
            </label>
            <div class="buttons">
                <button type="button" class="primary" on:click=move |_| { close(store); controller::share(store, with_progress.get_untracked()) }>"Share link"</button>
                <button type="button" on:click=move |_| { close(store); controller::copy_puzzle(store) }>"Copy as text"</button>
                <button type="button" on:click=move |_| { close(store); controller::save_file(store) }>"Save file"</button>
                <button type="button" on:click=move |_| { close(store); controller::print_current(store) }>"Print"</button>
                <button type="button" on:click=move |_| close(store)>"Close"</button>
            </div>
        </div>
    }
}

fn confirm_open(store: Store, shared: inkdoku_engine::share::Shared) -> impl IntoView {
    let shared = StoredValue::new(shared);
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="open-title">
            <h2 id="open-title">"Open this puzzle?"</h2>
            <p>"The game in progress will be replaced."</p>
            <div class="buttons">
                <button type="button" class="primary" on:click=move |_| controller::load_shared(store, shared.get_value())>"Open puzzle"</button>
                <button type="button" autofocus on:click=move |_| close(store)>"Keep playing"</button>
            </div>
        </div>
    }
}

fn print_set(store: Store) -> impl IntoView {
    let count = RwSignal::new(4usize);
    let per_page = RwSignal::new(2usize);
    let level = RwSignal::new(Level::Medium);
    let making = move || store.making.get();
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="print-title">
            <h2 id="print-title">"Print puzzles"</h2>
            <label class="field">"Puzzles"
                <select on:change=move |ev| count.set(event_target_value(&ev).parse().unwrap_or(4))>
                    {[2usize, 4, 6, 8, 12].into_iter().map(|n| view! { <option value=n.to_string() selected=move || count.get() == n>{n.to_string()}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">"Level"
                <select on:change=move |ev| level.set(level_named(&event_target_value(&ev)))>
                    {[Level::Easy, Level::Medium, Level::Hard, Level::Expert].into_iter().map(|l| view! {
                        <option value=l.name() selected=move || level.get() == l>{l.name()}</option>
                    }).collect_view()}
                </select>
            </label>
            <fieldset>
                <legend>"Per page"</legend>
                {[2usize, 4].into_iter().map(|n| view! {
                    <label class="choice">
                        <input type="radio" name="per-page" prop:checked=move || per_page.get() == n on:change=move |_| per_page.set(n) />
                        {n.to_string()}
                    </label>
                }).collect_view()}
            </fieldset>
            <Show when=move || making().is_some() fallback=move || view! {
                <div class="buttons">
                    <button type="button" class="primary" on:click=move |_| controller::print_set(store, count.get_untracked(), level.get_untracked(), per_page.get_untracked())>"Make and print"</button>
                    <button type="button" on:click=move |_| close(store)>"Close"</button>
                </div>
            }>
                <div class="making">
                    <p>"Making puzzles…"</p>
                    <progress aria-label="Making puzzles" max=move || making().map_or(1, |m| m.total)
                              value=move || making().map_or(0, |m| m.done)></progress>
                    <button type="button" on:click=move |_| controller::cancel_making(store)>"Cancel"</button>
                </div>
            </Show>
        </div>
    }
}

fn other_tab(store: Store) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="tab-title">
            <h2 id="tab-title">"inkdoku is open in another tab"</h2>
            <p>"The game is played there. This tab follows it, read-only, so neither overwrites the other."</p>
            <div class="buttons">
                <button type="button" class="primary" on:click=move |_| crate::services::tabs::take_over(store)>"Play here"</button>
                <button type="button" on:click=move |_| close(store)>"Just watch"</button>
            </div>
        </div>
    }
}
