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

use super::{reload_saved, save_now};
use crate::ports::TabLock;
use crate::state::tabs::Step;
use crate::state::{Dialog, Store, TabRole};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

pub const HOLDER_KEY: &str = "inkdoku.holder.v1";
/// How long "Play here" waits for the playing tab to save and hand over before stealing.
pub const HANDOVER_MS: u32 = 600;

/// Written as serde's internally tagged form (`{"kind":"handed-over","from":1,"to":2}`), read
/// through `MessageFields`: the same JSON, without the derive's reader for an enum tagged
/// inside, which buffers each message into serde's `Content` tree first (issue 48).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", try_from = "MessageFields")]
enum Message {
    TakeOver { from: u64 },
    HandedOver { from: u64, to: u64 },
    Saved { from: u64 },
}

/// Every field a message may have; which ones it needs is its kind's.
#[derive(Deserialize)]
struct MessageFields {
    kind: String,
    from: u64,
    to: Option<u64>,
}

impl TryFrom<MessageFields> for Message {
    type Error = String;
    fn try_from(f: MessageFields) -> Result<Message, String> {
        match (f.kind.as_str(), f.to) {
            ("take-over", _) => Ok(Message::TakeOver { from: f.from }),
            ("handed-over", Some(to)) => Ok(Message::HandedOver { from: f.from, to }),
            ("handed-over", None) => Err("missing field `to`".into()),
            ("saved", _) => Ok(Message::Saved { from: f.from }),
            (other, _) => Err(format!("unknown kind of message `{other}`")),
        }
    }
}

fn me(store: Store) -> u64 {
    store.tab.with_value(|t| t.me)
}

fn post(store: Store, message: &Message) {
    if let Ok(text) = serde_json::to_string(message) {
        store.ports().channel.post(&text);
    }
}

/// Whether this tab is still the one allowed to write the game (see "Fencing" above).
pub fn may_save(store: Store) -> bool {
    let me = me(store).to_string();
    store.ports().storage.get(HOLDER_KEY).is_none_or(|holder| holder == me)
}

/// Tells the following tabs that the stored game changed.
pub fn announce_saved(store: Store) {
    post(store, &Message::Saved { from: me(store) });
}

/// Runs `step` once this tab knows whether it plays or follows (at once if it knows already).
pub fn when_settled(store: Store, step: impl FnOnce(Store) + 'static) {
    if store.role.get_untracked() == TabRole::Pending {
        store.tab.update_value(|t| t.on_settled.push(Box::new(step)));
    } else {
        step(store);
    }
}

fn settled(store: Store) {
    let steps: Vec<Step> = store.tab.try_update_value(|t| std::mem::take(&mut t.on_settled)).unwrap_or_default();
    for step in steps {
        step(store);
    }
}

/// What this tab found stored when it became the playing one: None without a stored game,
/// else whether it is the player's newest ("where you left it" only then).
pub fn found(store: Store) -> Option<bool> {
    store.tab.with_value(|t| t.found)
}

fn become_active(store: Store, announce: bool) {
    // In a full storage the id can't be written: the key goes (a removal always works), or the
    // previous holder's id would forbid this tab every save, the spare store's included.
    if store.ports().storage.set(HOLDER_KEY, &me(store).to_string()).is_err() {
        store.ports().storage.remove(HOLDER_KEY);
    }
    // It plays (and saves) only once the newest stored game is on the board: a save before the
    // lasting store answered would write an older game over its copy.
    reload_saved(store, move |found| {
        store.tab.update_value(|t| t.found = found);
        play(store, announce);
    });
}

fn play(store: Store, announce: bool) {
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
    reload_saved(store, |_| {});
    store.dialog.set(Some(Dialog::OtherTab));
    if was == TabRole::Pending {
        settled(store);
    }
}

/// Asks for the lock; plays if it is free, else follows.
fn claim(store: Store, lock: &dyn TabLock) {
    lock.request(
        false,
        Box::new(move |granted| if granted { become_active(store, false) } else { become_follower(store) }),
        Box::new(move || become_follower(store)),
    );
}

/// "Play here" in a following tab: the playing tab saves and hands over, or (frozen, gone) is
/// overruled after `HANDOVER_MS`; then this tab steals the lock and plays. `then` runs once it
/// plays (e.g. opening the link that asked for it).
pub fn take_over(store: Store, then: impl FnOnce(Store) + 'static) {
    let ports = store.ports();
    let Some(lock) = ports.lock.clone() else {
        become_active(store, true);
        then(store);
        return;
    };
    store.role.set(TabRole::Pending);
    let steal = move || lock.request(true, Box::new(move |_| become_active(store, true)), Box::new(move || become_follower(store)));
    store.tab.update_value(|t| {
        t.on_settled.push(Box::new(then));
        t.steal = Some(Box::new(steal));
    });
    ports.clock.after(HANDOVER_MS, Box::new(move || steal_now(store)));
    post(store, &Message::TakeOver { from: me(store) });
}

/// Steals the lock for a pending "Play here" (once: the hand-over and the timer both call it).
fn steal_now(store: Store) {
    if let Some(steal) = store.tab.try_update_value(|t| t.steal.take()).flatten() {
        steal();
    }
}

/// A message from another tab.
fn heard(store: Store, text: &str) {
    let Ok(message) = serde_json::from_str::<Message>(text) else { return };
    let me = me(store);
    match message {
        Message::TakeOver { from } if store.role.get_untracked() == TabRole::Active => {
            save_now(store);
            post(store, &Message::HandedOver { from: me, to: from });
        }
        // The playing tab saved: steal now instead of waiting out the timer.
        Message::HandedOver { to, .. } if to == me => steal_now(store),
        Message::Saved { .. } if store.role.get_untracked() == TabRole::Follower => reload_saved(store, |_| {}),
        _ => {}
    }
}

/// Joins the channel and settles this tab's role.
pub fn start(store: Store) {
    let id = store.ports().random.seed().max(1);
    store.tab.update_value(|t| t.me = id);
    let ports = store.ports();
    ports.channel.listen(Box::new(move |text| heard(store, &text)));
    match ports.lock {
        Some(lock) => claim(store, lock.as_ref()),
        // No Web Locks: a single tab is all we can promise.
        None => become_active(store, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::ports::fakes::{StoreOn as _, World};
    use crate::ports::{Clock as _, KeyValue as _};
    use crate::storage::{GAME_KEY, StoredGame};
    use inkdoku_engine::game::{Action, Game};
    use inkdoku_engine::{Cell, Digit};

    const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

    /// A tab of `world`, started (it joins the channel and asks for the lock).
    fn open_tab(world: &World) -> (Owner, Store) {
        let (owner, store) = world.store(Lang::En);
        store.role.set(TabRole::Pending);
        start(store);
        (owner, store)
    }

    fn play(store: Store, cell: usize, digit: u8) {
        let action = Action::Place { cell: Cell::new(cell), digit: Digit::new(digit).unwrap(), clear_peer_notes: true };
        assert!(crate::controller::apply(store, action));
        save_now(store);
    }

    /// Two tabs of `world`: the first plays a puzzle (one move made and saved), the second follows.
    fn playing_and_following(world: &World) -> ((Owner, Store), (Owner, Store)) {
        let (owner_a, a) = open_tab(world);
        a.session_mut(|s| s.set_game(Game::new(inkdoku_engine::format::line::parse(PUZZLE).unwrap(), None)));
        let (owner_b, b) = open_tab(world);
        settle(world);
        play(a, 0, 1);
        ((owner_a, a), (owner_b, b))
    }

    fn settle(world: &World) {
        world.clock.advance(0.0);
    }

    #[test]
    fn messages_read_back_and_bad_ones_are_refused() {
        for message in [Message::TakeOver { from: 3 }, Message::HandedOver { from: 3, to: 9 }, Message::Saved { from: 9 }] {
            let text = serde_json::to_string(&message).unwrap();
            assert_eq!(serde_json::from_str::<Message>(&text).unwrap(), message, "{text}");
        }
        assert_eq!(serde_json::to_string(&Message::HandedOver { from: 3, to: 9 }).unwrap(), r#"{"kind":"handed-over","from":3,"to":9}"#);
        for (text, reason) in [
            (r#"{"kind":"handed-over","from":3}"#, "missing field `to`"),
            (r#"{"kind":"saved"}"#, "missing field `from`"),
            (r#"{"kind":"shout","from":3}"#, "shout"),
            (r#"{"kind":"saved","from":-3}"#, "-3"),
            ("hello", "expected"),
        ] {
            let e = serde_json::from_str::<Message>(text).expect_err(text).to_string();
            assert!(e.contains(reason), "{text}: {e}");
        }
    }

    #[test]
    fn of_two_tabs_opened_at_once_exactly_one_plays() {
        let world = World::default();
        let (_a, a) = open_tab(&world);
        let (_b, b) = open_tab(&world);
        assert_eq!((a.role.get_untracked(), b.role.get_untracked()), (TabRole::Pending, TabRole::Pending));
        settle(&world);
        assert_eq!(a.role.get_untracked(), TabRole::Active);
        assert_eq!(b.role.get_untracked(), TabRole::Follower);
        assert_eq!(b.dialog.get_untracked(), Some(Dialog::OtherTab));
        assert_eq!(world.locks.holder(), Some(0));
    }

    #[test]
    fn the_follower_keeps_up_and_play_here_hands_the_game_over_whole() {
        let world = World::default();
        let ((_a, a), (_b, b)) = playing_and_following(&world);
        settle(&world); // "saved" reaches the follower
        assert_eq!(b.game.get_untracked(), a.game.get_untracked(), "the follower shows the play");
        // A last move, not yet saved by the debounce, then "Play here" in the other tab.
        assert!(crate::controller::apply(a, Action::Place { cell: Cell::new(2), digit: Digit::new(3).unwrap(), clear_peer_notes: true }));
        let opened = std::rc::Rc::new(std::cell::Cell::new(false));
        let then = opened.clone();
        take_over(b, move |_| then.set(true));
        world.clock.advance(10.0); // the holder saves and hands over; no need to wait 600 ms
        assert_eq!(b.role.get_untracked(), TabRole::Active);
        assert_eq!(a.role.get_untracked(), TabRole::Follower);
        assert!(opened.get(), "what was waiting for the take-over runs");
        assert_eq!(b.game.with_untracked(|g| g.applied()), 2, "the last move came along");
        assert_eq!(b.status.get_untracked(), crate::i18n::ui(Lang::En).play_here_now);
        assert_eq!(world.locks.holder(), Some(1));
        // The old tab now only follows: its moves change nothing.
        let before = a.game.get_untracked();
        assert!(!crate::controller::apply(a, Action::Place { cell: Cell::new(4), digit: Digit::new(5).unwrap(), clear_peer_notes: true }));
        assert_eq!(a.game.get_untracked(), before);
    }

    #[test]
    fn a_frozen_holder_is_overruled_and_can_never_write_over_the_new_game() {
        let world = World::default();
        let ((_a, a), (_b, b)) = playing_and_following(&world);
        settle(&world);
        world.bus.frozen.borrow_mut().push(0); // tab A stops answering
        take_over(b, |_| {});
        world.clock.advance(f64::from(HANDOVER_MS) - 1.0);
        assert_eq!(b.role.get_untracked(), TabRole::Pending, "waits for the hand-over ...");
        world.clock.advance(2.0);
        assert_eq!(b.role.get_untracked(), TabRole::Active, "... then overrules the frozen tab");
        play(b, 2, 3);
        let saved = world.storage.get(GAME_KEY).unwrap();
        // The frozen tab wakes up before it learns it lost the lock, and saves: fenced off.
        a.role.set(TabRole::Active);
        a.session_mut(|s| {
            s.change_game(|g| {
                g.apply(Action::Place { cell: Cell::new(4), digit: Digit::new(5).unwrap(), clear_peer_notes: true }).unwrap();
            })
        });
        save_now(a);
        assert_eq!(world.storage.get(GAME_KEY).unwrap(), saved, "the new holder's game stands");
        let stored: StoredGame = serde_json::from_str(&saved).unwrap();
        assert_eq!(stored.game.applied(), 2);
    }

    #[test]
    fn without_web_locks_a_tab_simply_plays() {
        let world = World::default();
        let (_owner, store) = world.store(Lang::En);
        store.ports.update_value(|p| p.lock = None);
        store.role.set(TabRole::Pending);
        let ran = std::rc::Rc::new(std::cell::Cell::new(false));
        let flag = ran.clone();
        when_settled(store, move |_| flag.set(true));
        start(store);
        assert_eq!(store.role.get_untracked(), TabRole::Active);
        assert!(ran.get());
        assert!(world.clock.now_ms() > 0.0);
    }
}
