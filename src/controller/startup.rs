//! The app's start: what storage holds is read before the store exists (`open_store`, on the
//! core's `read_start`), then, once this tab knows whether it plays (`tabs::when_settled`), the
//! core decides the first screen (`first_screen`, `greeting`) from what storage answered and the
//! link, and `begin` carries it out: a link's puzzle, the restored game (greeted when "where
//! you left it" is worth saying), or a first visit's premade puzzle; a following tab offers to
//! play the link here. Whatever could not be read (the game, the settings, the learned drawings) is
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
        store.show(dialog);
    }
    tabs::when_settled(store, move |store| show_first_screen(store, link));
}

/// The first screen of a tab that knows its role: the core's decision (`first_screen`, on
/// what storage answered and the link), carried out.
fn show_first_screen(store: Store, link: Option<String>) {
    let t = store.t();
    let following = store.role.get_untracked() == TabRole::Follower;
    let screen = first_screen(Settled { following, link: link.as_deref(), found: tabs::found(store) });
    if screen.resume {
        resume_together(store);
    }
    match screen.link {
        Some(LinkStep::OfferHere(shared)) => store.show(Dialog::OpenHere(*shared)),
        Some(LinkStep::NotAPuzzle(refusal)) => not_a_puzzle(store, t.the_link, &refusal),
        Some(LinkStep::ReadThenOffer(text)) => {
            errand(store, errands::Input::Read { reading: inkdoku_core::sharing::Reading::OfferHere { source: t.the_link.into() }, text });
        }
        Some(LinkStep::Open(text)) => {
            open_text(store, &text, t.the_link);
        }
        None => {}
    }
    if screen.premade {
        first_puzzle(store);
    }
    if let Some(dialog) = greeting(screen.greet, store.in_progress(), store.dialog.with_untracked(Option::is_some)) {
        store.show(dialog);
    }
}
