//! The app's start: what storage holds is read before the store exists (`open_store`, on the
//! core's `read_start`), then, once this tab knows whether it plays (`tabs::when_settled`), the first
//! screen is decided (`begin`): a link's puzzle, the restored game (greeted when "where you
//! left it" is worth saying), or a first visit's premade puzzle; a following tab offers to play
//! the link here. Whatever could not be read (the game, the settings, the learned drawings) is
//! said in one dialog, every part of it (the core's `unreadable_dialog`).

use super::*;
use crate::i18n::Lang;
use crate::ports::Ports;
pub use inkdoku_core::controller::startup::*;

/// The store of a starting tab, on what storage holds (`read_start`), and what could not be
/// read.
pub fn open_store(ports: Ports, browser_lang: Lang) -> (Store, Vec<Unreadable>) {
    let Start { game, meta, settings, hand, unreadable } = read_start(&ports);
    let store = Store::new(game, meta, settings, ports, browser_lang);
    store.ink.hand.set(hand);
    (store, unreadable)
}

/// Starts the tab (it asks to play: `tabs::start`), says what could not be read, and decides
/// the first screen once the tab knows whether it plays. A puzzle in the page's address (a
/// shared link) is taken out of it at once (`take_link`), and opened then.
pub fn begin(store: Store, unreadable: &[Unreadable]) {
    let link = take_link(store);
    tabs::start(store);
    if let Some(dialog) = unreadable_dialog(store.t(), unreadable) {
        store.dialog.set(Some(dialog));
    }
    tabs::when_settled(store, move |store| first_screen(store, link));
}

/// The first screen of a tab that knows its role. A following tab only offers to play a link
/// here; a link that cannot be read says why, to a new and a returning player alike, and the
/// game stays.
fn first_screen(store: Store, link: Option<String>) {
    let t = store.t();
    if store.role.get_untracked() == TabRole::Follower {
        if let Some(text) = link {
            match share::parse_puzzle(&inkdoku_engine::together::link::split_room(&text).0) {
                Ok(shared) => store.dialog.set(Some(Dialog::OpenHere(shared))),
                Err(e) => not_a_puzzle(store, t.the_link, &e),
            }
        }
        return;
    }
    // The newest stored game, found when the tab became the playing one.
    let (restored, up_to_date) = tabs::found(store).map_or((false, true), |up_to_date| (true, up_to_date));
    // A game solved together rejoins its room (unless the link opens another puzzle).
    if restored {
        resume_together(store);
    }
    let opened = link.as_ref().is_some_and(|text| open_text(store, text, t.the_link));
    if !restored && !opened {
        // A first visit: a premade puzzle, so that the engine worker is not waited for.
        first_puzzle(store);
    } else if restored && link.is_none() && (store.in_progress() || !up_to_date) && store.dialog.get_untracked().is_none() {
        store.dialog.set(Some(welcome(up_to_date)));
    }
}
