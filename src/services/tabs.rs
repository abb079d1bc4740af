//! One game per browser profile: the tab that holds the Web Lock `inkdoku-game` plays and
//! saves; every other tab follows it read-only, and can take over at any time ("Play here").
//!
//! ```text
//!  new tab ── locks.request(ifAvailable) ─▶ granted: plays       (atomic: two tabs opened at
//!                                         └ refused: follows      once never both play)
//!  "Play here": take-over ──▶ playing tab saves, answers handed-over (BroadcastChannel)
//!               (or no answer in 600 ms: the playing tab is frozen or gone)
//!             locks.request(steal) ─▶ this tab loads the saved game and plays;
//!                                     the old tab's lock is aborted → it follows
//!  playing tab saves ── saved ──▶ followers reload the saved game (they follow the play)
//! ```
//! Fencing: each holder writes its id to `inkdoku.holder.v1` when it gets the lock, and a save
//! first checks that the id is still its own, so a tab that was frozen while another stole the
//! lock can never write over the new holder's game, even before it learns it lost the lock.
//! Without the Web Locks API (old browsers) a tab simply plays.

use crate::ports::Ports;
use crate::services::effects::{reload_saved, save_now};
use crate::state::{Dialog, Store, TabRole};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent};

const LOCK: &str = "inkdoku-game";
pub const HOLDER_KEY: &str = "inkdoku.holder.v1";
/// How long "Play here" waits for the playing tab to save and hand over before stealing.
const HANDOVER_MS: u32 = 600;

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum Message {
    TakeOver { from: u64 },
    HandedOver { from: u64, to: u64 },
    Saved { from: u64 },
}

/// A step waiting for the tab's role to settle.
type Step = Box<dyn FnOnce(Store)>;

thread_local! {
    static CHANNEL: RefCell<Option<BroadcastChannel>> = const { RefCell::new(None) };
    static ME: Cell<u64> = const { Cell::new(0) };
    /// Steps to run once the tab's role is first settled (e.g. a link waiting to be offered).
    static ON_SETTLED: RefCell<Vec<Step>> = const { RefCell::new(Vec::new()) };
    /// The pending "Play here": the steal, run when the playing tab hands over or the timer
    /// runs out, whichever comes first.
    static STEAL: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
    static STEAL_TIMER: RefCell<Option<Timeout>> = const { RefCell::new(None) };
}

fn post(message: &Message) {
    CHANNEL.with_borrow(|c| {
        if let (Some(c), Ok(text)) = (c, serde_json::to_string(message)) {
            let _ = c.post_message(&JsValue::from_str(&text));
        }
    });
}

/// Whether this tab is still the one allowed to write the game (see "Fencing" above).
pub fn may_save(ports: &Ports) -> bool {
    let me = ME.get().to_string();
    ports.storage.get(HOLDER_KEY).is_none_or(|holder| holder == me)
}

/// Tells the following tabs that the stored game changed.
pub fn announce_saved() {
    post(&Message::Saved { from: ME.get() });
}

/// Runs `step` once this tab knows whether it plays or follows (at once if it knows already).
pub fn when_settled(store: Store, step: impl FnOnce(Store) + 'static) {
    if store.role.get_untracked() == TabRole::Pending {
        ON_SETTLED.with_borrow_mut(|s| s.push(Box::new(step)));
    } else {
        step(store);
    }
}

fn settled(store: Store) {
    let steps: Vec<Step> = ON_SETTLED.with_borrow_mut(std::mem::take);
    for step in steps {
        step(store);
    }
}

/// `navigator.locks`, where the browser has the Web Locks API.
fn lock_manager() -> Option<JsValue> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::get(&navigator, &"locks".into()).ok().filter(|l| !l.is_undefined() && !l.is_null())
}

/// `navigator.locks.request(LOCK, options, callback)`: the callback gets the lock (or null with
/// `ifAvailable`) and returns a promise that never settles, so the lock is held until the tab
/// closes or another tab steals it; `on_lost` runs then.
fn request_lock(locks: &JsValue, options: &[(&str, bool)], on_granted: impl FnOnce(bool) + 'static, on_lost: impl FnOnce() + 'static) {
    let opts = js_sys::Object::new();
    for (k, v) in options {
        let _ = js_sys::Reflect::set(&opts, &(*k).into(), &(*v).into());
    }
    let mut on_granted = Some(on_granted);
    let callback = Closure::<dyn FnMut(JsValue) -> js_sys::Promise>::new(move |lock: JsValue| {
        let granted = !lock.is_null() && !lock.is_undefined();
        if let Some(f) = on_granted.take() {
            f(granted);
        }
        if granted { js_sys::Promise::new(&mut |_, _| {}) } else { js_sys::Promise::resolve(&JsValue::UNDEFINED) }
    });
    let request = js_sys::Reflect::get(locks, &"request".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(request) = request else { return };
    let promise = request.call3(locks, &LOCK.into(), &opts, callback.as_ref().unchecked_ref());
    callback.forget();
    if let Ok(promise) = promise.and_then(|p| p.dyn_into::<js_sys::Promise>()) {
        let lost = Closure::once(move |_: JsValue| on_lost());
        let _ = promise.catch(&lost);
        lost.forget();
    }
}

fn become_active(store: Store, announce: bool) {
    let _ = store.ports().storage.set(HOLDER_KEY, &ME.get().to_string());
    reload_saved(store);
    let was = store.role.get_untracked();
    store.role.set(TabRole::Active);
    if matches!(store.dialog.get_untracked(), Some(Dialog::OtherTab)) {
        store.dialog.set(None);
    }
    if announce {
        store.status.set(store.t().play_here_now.into());
    }
    save_now(store);
    if was == TabRole::Pending {
        settled(store);
    }
}

fn become_follower(store: Store) {
    let was = store.role.get_untracked();
    store.role.set(TabRole::Follower);
    reload_saved(store);
    store.dialog.set(Some(Dialog::OtherTab));
    if was == TabRole::Pending {
        settled(store);
    }
}

/// Asks for the lock; plays if it is free, else follows.
fn claim(store: Store, locks: &JsValue) {
    request_lock(
        locks,
        &[("ifAvailable", true)],
        move |granted| if granted { become_active(store, false) } else { become_follower(store) },
        move || become_follower(store),
    );
}

/// "Play here" in a following tab: the playing tab saves and hands over, or (frozen, gone) is
/// overruled after `HANDOVER_MS`; then this tab steals the lock and plays. `then` runs once it
/// plays (e.g. opening the link that asked for it).
pub fn take_over(store: Store, then: impl FnOnce(Store) + 'static) {
    let Some(locks) = lock_manager() else {
        become_active(store, true);
        then(store);
        return;
    };
    store.role.set(TabRole::Pending);
    ON_SETTLED.with_borrow_mut(|s| s.push(Box::new(then)));
    let steal = move || request_lock(&locks, &[("steal", true)], move |_| become_active(store, true), move || become_follower(store));
    STEAL.with_borrow_mut(|s| *s = Some(Box::new(steal)));
    STEAL_TIMER.with_borrow_mut(|t| *t = Some(Timeout::new(HANDOVER_MS, steal_now)));
    post(&Message::TakeOver { from: ME.get() });
}

fn steal_now() {
    STEAL_TIMER.with_borrow_mut(|t| *t = None);
    if let Some(steal) = STEAL.with_borrow_mut(Option::take) {
        steal();
    }
}

/// Joins the channel and settles this tab's role.
pub fn start(store: Store) {
    let me = crate::controller::random_seed().max(1);
    ME.set(me);
    if let Ok(channel) = BroadcastChannel::new("inkdoku-game") {
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else { return };
            let Ok(message) = serde_json::from_str::<Message>(&text) else { return };
            match message {
                Message::TakeOver { from } if store.role.get_untracked() == TabRole::Active => {
                    save_now(store);
                    post(&Message::HandedOver { from: me, to: from });
                }
                // The playing tab saved: steal now instead of waiting out the timer.
                Message::HandedOver { to, .. } if to == me => steal_now(),
                Message::Saved { .. } if store.role.get_untracked() == TabRole::Follower => reload_saved(store),
                _ => {}
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        CHANNEL.with_borrow_mut(|c| *c = Some(channel));
    }
    match lock_manager() {
        Some(locks) => claim(store, &locks),
        // No Web Locks: a single tab is all we can promise.
        None => become_active(store, false),
    }
}
