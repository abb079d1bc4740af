//! The app's start, as core functions: what storage holds is read before the store exists
//! (`open_store`), then, once this tab knows whether it plays (`tabs::when_settled`), the first
//! screen is decided (`begin`): a link's puzzle, the restored game (greeted when "where you
//! left it" is worth saying), or a first visit's premade puzzle; a following tab offers to play
//! the link here. Whatever could not be read (the game, the settings, the learned drawings) is
//! said in one dialog, every part of it.

use super::*;
use crate::i18n::Lang;
use crate::ports::Ports;
use crate::storage::Loaded;

/// Something kept that could not be read at start, with the reader's reason.
#[derive(Clone, Debug, PartialEq)]
pub enum Unreadable {
    /// The saved game; `kept_as` is where its text was kept (if it could be).
    Game {
        reason: String,
        kept_as: Option<String>,
    },
    Settings {
        reason: String,
    },
    LearnedDrawings {
        reason: String,
    },
}

/// The store of a starting tab, on what storage holds (the newer of the stored game and the
/// tab's spare copy: both answer at once; the lasting spare store answers later, `tabs::found`),
/// and what could not be read.
pub fn open_store(ports: Ports, browser_lang: Lang) -> (Store, Vec<Unreadable>) {
    let mut unreadable = Vec::new();
    let (settings, settings_note) = storage::load_settings(&ports);
    let (game, meta) = match storage::load_game(&ports).loaded {
        Loaded::Found(s) => (s.game, s.meta),
        Loaded::Missing => (crate::state::blank_game(), GameMeta::new(None, None)),
        Loaded::Corrupt { reason, kept_as } => {
            unreadable.push(Unreadable::Game { reason, kept_as });
            (crate::state::blank_game(), GameMeta::new(None, None))
        }
    };
    unreadable.extend(settings_note.map(|reason| Unreadable::Settings { reason }));
    let (hand, hand_note) = super::hand::load(&ports);
    unreadable.extend(hand_note.map(|reason| Unreadable::LearnedDrawings { reason }));
    let store = Store::new(game, meta, settings, ports, browser_lang);
    store.ink.hand.set(hand);
    (store, unreadable)
}

/// The dialog that says what could not be read: each part's sentence, and every reason under
/// Details. None when everything read.
pub fn unreadable_dialog(store: Store, unreadable: &[Unreadable]) -> Option<Dialog> {
    let t = store.t();
    let (texts, reasons): (Vec<String>, Vec<String>) = unreadable
        .iter()
        .map(|u| match u {
            Unreadable::Game { reason, kept_as } => {
                let kept = kept_as.as_ref().map_or(t.not_kept.to_string(), |k| fill(t.kept_as, &[("key", k)]));
                (fill(t.save_corrupt, &[("kept", &kept)]), reason.clone())
            }
            Unreadable::Settings { reason } => (t.settings_corrupt.to_string(), reason.clone()),
            Unreadable::LearnedDrawings { reason } => (t.hand_corrupt.to_string(), reason.clone()),
        })
        .unzip();
    (!texts.is_empty()).then(|| Dialog::Message { title: t.saved_data.into(), text: texts.join(" "), details: Some(reasons.join("\n")) })
}

/// Starts the tab (it asks to play: `tabs::start`), says what could not be read, and decides
/// the first screen once the tab knows whether it plays. `link` is the puzzle text from the
/// page's address, if any (the caller has taken it out of the address).
pub fn begin(store: Store, unreadable: &[Unreadable], link: Option<String>) {
    tabs::start(store);
    if let Some(dialog) = unreadable_dialog(store, unreadable) {
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
