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
use crate::components::print::PrintSheet;
use crate::components::status::StatusBar;
use crate::components::win::WinOverlay;
use crate::components::zoom::{self, ZoomBar};
use crate::controller;
use crate::controller::tabs;
use crate::i18n::fill;
use crate::services::{effects, platform, pwa};
use crate::state::zoom::available;
use crate::state::{Dialog, GameMeta, Store, TabRole, blank_game};
use crate::storage::{self, Loaded};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    let ports = crate::services::browser_ports();
    let (settings, settings_note) = storage::load_settings(&ports);
    // The first paint: the newer of the stored game and the tab's spare copy (both answer at
    // once). The lasting spare store (IndexedDB) answers later: the tab plays, and says where
    // the game is, once it did (`tabs::start`, `tabs::found`).
    let (game, meta, corrupt) = match storage::load_game(&ports).loaded {
        Loaded::Found(s) => (s.game, s.meta, None),
        Loaded::Missing => (blank_game(), GameMeta::new(None, None), None),
        Loaded::Corrupt { reason, kept_as } => (blank_game(), GameMeta::new(None, None), Some((reason, kept_as))),
    };
    let store = Store::new(game, meta, settings, ports, crate::i18n::browser_lang());
    let t = store.t();
    let note = corrupt.map(|(reason, kept_as)| {
        let kept = kept_as.map_or(t.not_kept.to_string(), |k| fill(t.kept_as, &[("key", &k)]));
        (fill(t.save_corrupt, &[("kept", &kept)]), reason)
    });
    let settings_note = settings_note.map(|reason| (t.settings_corrupt.to_string(), reason));
    let (hand, hand_note) = crate::controller::hand::load(&store.ports());
    store.ink.hand.set(hand);
    let hand_note = hand_note.map(|reason| (t.hand_corrupt.to_string(), reason));
    effects::install(store);
    crate::controller::hand::install(store);
    zoom::install(store);
    pwa::register(store);
    tabs::start(store);

    let problem = note.or(settings_note).or(hand_note);
    if let Some((text, reason)) = problem {
        store.dialog.set(Some(Dialog::Message { title: t.saved_data.into(), text, details: Some(reason) }));
    }
    // Hooks for the end-to-end tests: only under a test driver that asks (src/test_hooks.rs).
    crate::test_hooks::install(store);

    // A puzzle in the address (a shared link) is opened once the tab knows whether it plays:
    // a playing tab opens it (asking before it replaces a game in progress), a following tab
    // offers to take over and play it here. A link that can't be read says why, to a new and
    // to a returning player alike, and the game stays.
    let link = platform::location_puzzle();
    if link.is_some() {
        platform::clear_location();
    }
    tabs::when_settled(store, move |store| {
        let t = store.t();
        if store.role.get_untracked() == TabRole::Follower {
            if let Some(text) = link {
                match inkdoku_engine::share::parse_puzzle(&inkdoku_engine::together::link::split_room(&text).0) {
                    Ok(shared) => store.dialog.set(Some(Dialog::OpenHere(shared))),
                    Err(e) => controller::not_a_puzzle(store, t.the_link, &e),
                }
            }
            return;
        }
        // The newest stored game, found when the tab became the playing one.
        let (restored, up_to_date) = tabs::found(store).map_or((false, true), |up_to_date| (true, up_to_date));
        // A game solved together rejoins its room (unless the link opens another puzzle).
        if restored {
            controller::resume_together(store);
        }
        let opened = link.as_ref().is_some_and(|text| controller::open_text(store, text, t.the_link));
        if !restored && !opened {
            // A first visit: a premade puzzle, so that the engine worker is not waited for.
            controller::first_puzzle(store);
        } else if restored && link.is_none() && (store.in_progress() || !up_to_date) && store.dialog.get_untracked().is_none() {
            store.dialog.set(Some(controller::welcome(up_to_date)));
        }
    });

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
            <Show when=move || store.role.get() == TabRole::Follower && store.dialog.with(Option::is_none)>
                <div class="update-banner follow-banner" role="region" aria-label=move || store.ui().following>
                    {move || store.ui().following}
                    <button type="button" class="primary" on:click=move |_| tabs::take_over(store, |_| {})>{move || store.ui().play_here}</button>
                </div>
            </Show>
            // A wait for the engine over 300 ms shows itself, with Cancel.
            <Show when=move || store.waiting.with(|w| w.as_ref().is_some_and(|w| w.shown))>
                <div class="update-banner waiting" role="group"
                     aria-label=move || store.waiting.with(|w| w.as_ref().map(|w| w.what.clone()).unwrap_or_default())>
                    <progress></progress>
                    {move || store.waiting.with(|w| w.as_ref().map(|w| w.what.clone()).unwrap_or_default())}
                    <button type="button" on:click=move |_| controller::cancel_waiting(store)>{move || store.ui().cancel}</button>
                </div>
            </Show>
            <Show when=move || store.update_ready.get()>
                <div class="update-banner" role="alert">
                    {move || store.ui().update_ready}
                    <button type="button" class="primary" on:click=move |_| pwa::apply_update()>{move || store.ui().reload}</button>
                </div>
            </Show>
            <main class="board-wrap" class:zoomable=move || available(store).is_some()>
                <InkSurface store=store>
                    {board}
                    <WinOverlay store=store />
                </InkSurface>
                // Where the whole board's cells are too small to write in: the focus view's bar.
                <Show when=move || available(store).is_some()>
                    <ZoomBar store=store />
                </Show>
            </main>
            <aside class="controls" aria-label=move || store.ui().controls>
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
