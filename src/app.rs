//! The root component: restores the saved game, installs the effects, lays out the parts.
//!
//! ```text
//!  ┌ status bar: inkdoku · level · timer · message ────────────┐
//!  │ ┌ board (square, as large as fits) ┐ ┌ controls (~1/3) ┐  │   landscape; the controls
//!  │ │                                  │ │ pad, tools      │  │   move left for left-handed
//!  │ └──────────────────────────────────┘ └─────────────────┘  │   players, below in portrait
//!  └───────────────────────────────────────────────────────────┘
//! ```

use crate::components::board::Board;
use crate::components::controls::{CandidateNote, EditTools, GameTools, HintPanel, NumberPad, Palette};
use crate::components::dialogs::Dialogs;
use crate::components::ink::InkSurface;
use crate::components::parts::{button, shown, text, word};
use crate::components::print::PrintSheet;
use crate::components::status::StatusBar;
use crate::components::win::WinOverlay;
use crate::components::zoom::{self, ZoomBar};
use crate::controller;
use crate::controller::tabs;
use crate::services::{effects, platform, pwa};
use crate::state::TabRole;
use crate::state::zoom::available;
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    // What storage holds, read before the store exists; what could not be read is said once
    // the tab has started (`controller::startup`).
    let (store, unreadable) = controller::startup::open_store(crate::services::browser_ports(), platform::browser_lang());
    effects::install(store);
    crate::controller::hand::install(store);
    zoom::install(store);
    pwa::register(store);
    // Hooks for the end-to-end tests: only under a test driver that asks (src/test_hooks.rs).
    crate::test_hooks::install(store);
    // A puzzle in the address (a shared link) opens once the tab knows whether it plays.
    controller::startup::begin(store, &unreadable);

    // The board and pad are rebuilt only when the grid size changes (a memo), not on every move.
    let size = Memo::new(move |_| store.size());
    let board = move || view! { <Board store=store size=size.get() /> };
    let controls = move || view! { <NumberPad store=store size=size.get() /> };
    view! {
        <div class="app" class:left-handed=move || store.settings.with(|s| s.left_handed)
             class:has-print-set=move || store.print_set.with(Option::is_some)
             class:pen-mode=move || store.mode.get() != crate::state::InputMode::Scratchpad
             class:covered=move || store.dialog.with(Option::is_some)>
            <StatusBar store=store />
            // A following tab can take over at any time, not only from the dialog.
            {shown(store, |store| store.role.get() == TabRole::Follower && store.dialog.with(Option::is_none), |store| {
                view! {
                    <div class="update-banner follow-banner" role="region" aria-label=word(store, |t| t.following)>
                        {word(store, |t| t.following)}
                        {button(store, "primary", |t| t.play_here, |s| tabs::take_over(s, |_| {}))}
                    </div>
                }
                .into_any()
            })}
            // A wait for the engine over 300 ms shows itself, with Cancel.
            {shown(store, |store| store.waiting.with(|w| w.as_ref().is_some_and(|w| w.shown)), |store| {
                view! {
                    <div class="update-banner waiting" role="group"
                         aria-label=move || store.waiting.with(|w| w.as_ref().map(|w| w.what.clone()).unwrap_or_default())>
                        <progress></progress>
                        {text(Box::new(move || store.waiting.with(|w| w.as_ref().map(|w| w.what.clone()).unwrap_or_default())))}
                        {button(store, "", |t| t.cancel, controller::cancel_waiting)}
                    </div>
                }
                .into_any()
            })}
            {shown(store, |store| store.update_ready.get(), |store| {
                view! {
                    <div class="update-banner" role="alert">
                        {word(store, |t| t.update_ready)}
                        {button(store, "primary", |t| t.reload, |_| pwa::apply_update())}
                    </div>
                }
                .into_any()
            })}
            <main class="board-wrap" class:zoomable=move || available(store).is_some()>
                <InkSurface store=store>
                    {board}
                    <WinOverlay store=store />
                </InkSurface>
                // Where the whole board's cells are too small to write in: the focus view's bar.
                {shown(store, |store| available(store).is_some(), |store| {
                    view! {
                        <ZoomBar store=store />
                    }
                    .into_any()
                })}
            </main>
            <aside class="controls" aria-label=word(store, |t| t.controls)>
                {controls}
                <EditTools store=store />
                <GameTools store=store />
                <Palette store=store />
                <CandidateNote store=store />
                <HintPanel store=store />
            </aside>
            <Dialogs store=store />
        </div>
        <PrintSheet store=store />
    }
}
