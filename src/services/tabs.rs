//! One game per browser profile: tabs agree over a BroadcastChannel which one plays.
//!
//! ```text
//!  new tab ── hello ──▶ other tabs        (the new tab is Pending: it neither saves nor plays)
//!  new tab ◀─ active ── the playing tab   → the new tab follows, read-only, and offers "Play here"
//!          (no answer in 300 ms)          → the new tab plays
//!  "Play here": take-over ──▶ playing tab saves, follows, answers handed-over
//!               ◀── handed-over ──        → the new tab loads the saved game and plays
//!  playing tab saves ── saved ──▶ followers reload the saved game (they follow the play)
//! ```
//! A tab that only follows never writes the stored game, so a second tab can never overwrite
//! the first one's progress.

use crate::services::effects::{reload_saved, save_now};
use crate::state::{Dialog, Store, TabRole};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent};

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum Message {
    Hello { from: u64 },
    Active { from: u64 },
    TakeOver { from: u64 },
    HandedOver { from: u64, to: u64 },
    Saved { from: u64 },
}

thread_local! {
    static CHANNEL: RefCell<Option<BroadcastChannel>> = const { RefCell::new(None) };
    static ME: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn post(message: &Message) {
    CHANNEL.with_borrow(|c| {
        if let (Some(c), Ok(text)) = (c, serde_json::to_string(message)) {
            let _ = c.post_message(&JsValue::from_str(&text));
        }
    });
}

/// Tells the following tabs that the stored game changed.
pub fn announce_saved() {
    post(&Message::Saved { from: ME.get() });
}

/// "Play here" in a following tab.
pub fn take_over(store: Store) {
    store.role.set(TabRole::Pending);
    post(&Message::TakeOver { from: ME.get() });
    // If the playing tab is gone (closed meanwhile), play after a moment anyway.
    let fallback = Timeout::new(800, move || {
        if store.role.get_untracked() == TabRole::Pending {
            become_active(store);
        }
    });
    fallback.forget();
}

fn become_active(store: Store) {
    reload_saved(store);
    store.role.set(TabRole::Active);
    if matches!(store.dialog.get_untracked(), Some(Dialog::OtherTab)) {
        store.dialog.set(None);
    }
    store.status.set(store.t().play_here_now.into());
}

fn become_follower(store: Store) {
    store.role.set(TabRole::Follower);
    store.dialog.set(Some(Dialog::OtherTab));
}

/// Joins the channel and settles this tab's role.
pub fn start(store: Store) {
    let me = crate::controller::random_seed().max(1);
    ME.set(me);
    let Ok(channel) = BroadcastChannel::new("inkdoku-game") else {
        // No BroadcastChannel: a single tab is all we can promise.
        store.role.set(TabRole::Active);
        return;
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Some(text) = e.data().as_string() else { return };
        let Ok(message) = serde_json::from_str::<Message>(&text) else { return };
        let role = store.role.get_untracked();
        match message {
            Message::Hello { .. } if role == TabRole::Active => post(&Message::Active { from: me }),
            Message::Active { .. } if role == TabRole::Pending => become_follower(store),
            Message::TakeOver { from } if role == TabRole::Active => {
                save_now(store);
                become_follower(store);
                post(&Message::HandedOver { from: me, to: from });
            }
            Message::HandedOver { to, .. } if to == me => become_active(store),
            Message::Saved { .. } if role == TabRole::Follower => reload_saved(store),
            _ => {}
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    CHANNEL.with_borrow_mut(|c| *c = Some(channel));
    post(&Message::Hello { from: me });
    let settle = Timeout::new(300, move || {
        if store.role.get_untracked() == TabRole::Pending {
            store.role.set(TabRole::Active);
            save_now(store);
        }
    });
    settle.forget();
}
