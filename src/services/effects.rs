//! The app's long-lived side effects, each installed once with its cleanup: autosave, the
//! timer, page visibility, and the keyboard.

use crate::controller::{self, game_changed, save_now};
use crate::i18n::fill;
use crate::state::Store;
use crate::storage::{self, SETTINGS_KEY};
use gloo_timers::callback::Interval;
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// Saves after every change, debounced; settings are saved at once.
fn autosave(store: Store) {
    Effect::new(move |_| {
        store.game.track();
        store.meta.track();
        game_changed(store);
    });
    Effect::new(move |_| {
        let settings = store.settings.get();
        if let Err(e) = storage::save(&store.ports(), SETTINGS_KEY, &settings) {
            store.status.set(fill(store.t().cannot_save_settings, &[("e", &storage::describe(store.t(), &e))]));
        }
        // The page's language follows the interface's (screen readers, hyphenation, the crash text).
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", store.lang_now().code());
        }
    });
}

/// Ticks the play clock every 250 ms with the time since the last tick; the core's rule
/// (`controller::clock_ticked`) says whether it counts and when it is saved.
fn timer(store: Store) {
    let clock = store.ports().clock;
    let last = StoredValue::new_local(clock.now_ms());
    let interval = Interval::new(250, move || {
        let now = clock.now_ms();
        let delta = (now - last.get_value()).max(0.0) as u64;
        last.set_value(now);
        controller::clock_ticked(store, delta);
    });
    let interval = StoredValue::new_local(Some(interval));
    on_cleanup(move || interval.set_value(None));
}

/// Page hidden or closed: stop the timer and save at once (the web's "standby").
fn visibility(store: Store) {
    let document = document();
    let on_change = window_event_listener(ev::visibilitychange, move |_| {
        let hidden = document.hidden();
        store.visible.set(!hidden);
        if hidden {
            save_now(store);
        } else {
            // Back on screen: a room's players see this one here again at once (a hidden page
            // sends no beat, and shows as away after a while).
            controller::tell_presence(store);
        }
    });
    let on_hide = window_event_listener(ev::pagehide, move |_| save_now(store));
    // Page Lifecycle: a frozen page may be discarded without another event.
    let on_freeze = Closure::<dyn FnMut()>::new(move || save_now(store));
    let _ = leptos::prelude::document().add_event_listener_with_callback("freeze", on_freeze.as_ref().unchecked_ref());
    on_freeze.forget();
    on_cleanup(move || {
        on_change.remove();
        on_hide.remove();
    });
}

/// Keys: the core's key map (`controller::interpret_key`) decides and carries out what a key
/// does; here the DOM event is read, and the browser's default prevented when the key was the
/// app's. Tab and Shift+Tab in a dialog go round inside it (DOM focus: `focus::keep_tab_inside`).
fn keyboard(store: Store) {
    let handle = window_event_listener(ev::keydown, move |e| {
        let (key, code) = (e.key(), e.code());
        let ctrl = e.ctrl_key() || e.meta_key();
        let press = controller::KeyPress { key: &key, code: &code, ctrl, shift: e.shift_key() };
        // The page's selection matters to Ctrl+C alone (then the browser copies the text).
        let handled = controller::key_pressed(store, &press, ctrl && text_selected())
            || (store.dialog.with_untracked(Option::is_some) && crate::services::focus::keep_tab_inside(&e));
        if handled {
            e.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}

fn text_selected() -> bool {
    window().get_selection().ok().flatten().is_some_and(|s| !s.is_collapsed())
}

/// Ctrl+V (or the browser's Paste) anywhere outside a dialog loads a puzzle from the text.
fn paste(store: Store) {
    let handle = window_event_listener(ev::paste, move |e| {
        if store.dialog.with_untracked(Option::is_some) {
            return;
        }
        let text = e.clipboard_data().and_then(|d| d.get_data("text").ok()).unwrap_or_default();
        if !text.trim().is_empty() {
            e.prevent_default();
            controller::open_text(store, &text, store.t().the_pasted_text);
        }
    });
    on_cleanup(move || handle.remove());
}

/// A link followed inside the open app changes only the fragment: open its puzzle too.
fn links(store: Store) {
    let handle = window_event_listener(ev::hashchange, move |_| controller::address_changed(store));
    on_cleanup(move || handle.remove());
}

/// In a game solved together, the others see the cell this player selects, and the stroke they
/// are drawing (`controller::live_ink_changed` decides when it goes).
fn presence(store: Store) {
    Effect::new(move |_| {
        store.selected.track();
        controller::tell_presence(store);
    });
    let last_sent = StoredValue::new_local(0.0);
    Effect::new(move |_| {
        store.ink.live.with(|live| {
            let drawing = (!live.is_empty()).then_some(live.as_slice());
            last_sent.update_value(|last| controller::live_ink_changed(store, drawing, last));
        });
    });
}

/// Installs every effect.
pub fn install(store: Store) {
    autosave(store);
    presence(store);
    timer(store);
    visibility(store);
    keyboard(store);
    crate::services::focus::install(store);
    paste(store);
    links(store);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::reload_saved;
    use crate::i18n::Lang;
    use crate::ports::fakes::{StoreOn as _, World};
    use crate::ports::{Clock as _, KeyValue as _};
    use crate::state::{Phase, TabRole};
    use crate::storage::{GAME_KEY, StoredGame};
    use inkdoku_engine::game::{Action, Game};

    const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

    fn playing(world: &World) -> (Owner, Store) {
        let (owner, store) = world.store(Lang::En);
        let givens = inkdoku_engine::format::line::parse(PUZZLE).unwrap();
        store.session_mut(|s| s.set_game(Game::new(givens, None)));
        (owner, store)
    }

    fn stored(world: &World) -> Option<StoredGame> {
        world.storage.get(GAME_KEY).map(|t| serde_json::from_str(&t).unwrap())
    }

    fn place(store: Store, cell: usize, digit: u8) {
        let action = Action::Place {
            cell: inkdoku_engine::Cell::new(cell),
            digit: inkdoku_engine::Digit::new(digit).unwrap(),
            clear_peer_notes: true,
        };
        store.session_mut(|s| {
            s.change_game(|g| {
                g.apply(action).unwrap();
            })
        });
        game_changed(store);
    }

    // Autosave's one save per burst, per store, is the core's (`inkdoku_core::saving`'s tests,
    // on the fake clock); here, the save on the store: its play time, and who may write.
    #[test]
    fn a_burst_of_moves_is_saved_after_the_last_with_its_play_time() {
        let world = World::default();
        let (_owner, store) = playing(&world);
        place(store, 0, 1);
        world.clock.advance(300.0);
        place(store, 2, 3);
        store.elapsed.set(42_000);
        world.clock.advance(400.0);
        let saved = stored(&world).expect("saved after the burst");
        assert_eq!(saved.game.applied(), 2);
        assert_eq!(saved.meta.elapsed_ms, 42_000);
    }

    #[test]
    fn only_the_playing_tab_writes_and_never_over_a_newer_holder() {
        let world = World::default();
        let (_owner, store) = playing(&world);
        store.role.set(TabRole::Follower);
        place(store, 0, 1);
        world.clock.advance(500.0);
        assert_eq!(stored(&world), None, "a following tab never writes");
        // Another tab took the lock while this one was frozen: its id is the holder's now.
        store.role.set(TabRole::Active);
        world.storage.set(crate::controller::tabs::HOLDER_KEY, "someone else").unwrap();
        save_now(store);
        assert_eq!(stored(&world), None, "fenced: the new holder's game is not overwritten");
        world.storage.remove(crate::controller::tabs::HOLDER_KEY);
        save_now(store);
        assert!(stored(&world).is_some());
        // Typing a puzzle in is not a game to save.
        world.storage.remove(GAME_KEY);
        crate::controller::start_entering(store);
        assert_eq!(store.phase.get_untracked(), Phase::Enter);
        save_now(store);
        assert_eq!(stored(&world), None);
    }

    #[test]
    fn a_save_that_fails_is_said_in_the_players_language() {
        let world = World::default();
        let (_owner, store) = playing(&world);
        store.settings.update(|s| s.language = Some(Lang::De));
        world.storage.full.set(true);
        save_now(store);
        assert_eq!(
            store.status.get_untracked(),
            "Dein Spiel konnte nicht gespeichert werden: der Speicher des Browsers für diese Seite ist voll."
        );
    }

    #[test]
    fn a_following_tab_keeps_up_with_the_saved_game() {
        let world = World::default();
        let (_owner, player) = playing(&world);
        place(player, 0, 1);
        save_now(player);
        let (_other, follower) = world.store(Lang::En);
        follower.role.set(TabRole::Follower);
        reload_saved(follower, |_| {});
        assert_eq!(follower.game.get_untracked(), player.game.get_untracked());
        assert!(world.clock.now_ms() > 0.0);
    }
}
