//! One game per browser profile, carried out: the core's election of the playing tab
//! (`inkdoku_core::controller::tabs`, where the diagram and the fencing are) takes the answers
//! of the `TabLock` and `TabChannel` ports and of storage, and what it says is done here on the
//! store. The steps that wait for the tab's role (a link to open) run once it settles.

use super::{reload_saved, save_now};
use crate::state::tabs::Step;
use crate::state::{Dialog, ScreenInput, Store, TabRole};
pub use inkdoku_core::controller::tabs::{HANDOVER_MS, HOLDER_KEY};
use inkdoku_core::controller::tabs::{TabEffect, TabInput};
use leptos::prelude::*;

/// Gives the election an answer, with the tab's role as the store shows it, and carries out
/// what it says, in order.
fn answer(store: Store, input: TabInput) {
    let role = store.role.get_untracked();
    let effects = store.tab.try_update_value(|t| t.election.input(role, input)).unwrap_or_default();
    for effect in effects {
        carry_out(store, effect);
    }
}

fn carry_out(store: Store, effect: TabEffect) {
    let ports = store.ports();
    match effect {
        TabEffect::Role(role) => store.role.set(role),
        TabEffect::ClaimHolder => {
            let me = store.tab.with_value(|t| t.election.me()).to_string();
            // In a full storage the id can't be written: the key goes (a removal always works).
            if ports.storage.set(HOLDER_KEY, &me).is_err() {
                ports.storage.remove(HOLDER_KEY);
            }
        }
        TabEffect::RequestLock { steal } => {
            if let Some(lock) = ports.lock {
                let granted = Box::new(move |granted| answer(store, TabInput::Granted { steal, granted }));
                lock.request(steal, granted, Box::new(move || answer(store, TabInput::Lost)));
            }
        }
        TabEffect::Reload { play } => reload_saved(store, move |found| {
            if let Some(announce) = play {
                answer(store, TabInput::Reloaded { found, announce });
            }
        }),
        TabEffect::Post(text) => ports.channel.post(&text),
        TabEffect::ShowFollowing => store.show(Dialog::OtherTab),
        TabEffect::CloseFollowing => store.screen(ScreenInput::CloseIf(Dialog::OtherTab)),
        TabEffect::PlayingHere => store.say(store.t().play_here_now),
        TabEffect::SaveNow => save_now(store),
        TabEffect::WaitForHandover => {
            // Never called off: the election ignores a hand-over's wait that is no longer due.
            ports.clock.after(HANDOVER_MS, Box::new(move || answer(store, TabInput::HandoverDue)));
        }
        TabEffect::Settled => settled(store),
    }
}

/// Whether this tab is still the one allowed to write the game (the core's fencing).
pub fn may_save(store: Store) -> bool {
    let holder = store.ports().storage.get(HOLDER_KEY);
    store.tab.with_value(|t| t.election.may_save(holder.as_deref()))
}

/// Tells the following tabs that the stored game changed.
pub fn announce_saved(store: Store) {
    let message = store.tab.with_value(|t| t.election.saved());
    store.ports().channel.post(&message);
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
    store.tab.with_value(|t| t.election.found())
}

/// "Play here" in a following tab: the playing tab saves and hands over, or (frozen, gone) is
/// overruled after `HANDOVER_MS`; then this tab steals the lock and plays. `then` runs once it
/// plays (e.g. opening the link that asked for it).
pub fn take_over(store: Store, then: impl FnOnce(Store) + 'static) {
    store.tab.update_value(|t| t.on_settled.push(Box::new(then)));
    answer(store, TabInput::PlayHere { locks: store.ports().lock.is_some() });
}

/// Joins the channel and settles this tab's role.
pub fn start(store: Store) {
    let ports = store.ports();
    let me = ports.random.seed().max(1);
    ports.channel.listen(Box::new(move |text| answer(store, TabInput::Heard(&text))));
    // Without Web Locks a single tab is all we can promise: it plays.
    answer(store, TabInput::Start { me, locks: ports.lock.is_some() });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::ports::KeyValue as _;
    use crate::ports::fakes::{StoreOn as _, World};
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
}
