//! The app's start, its core part: what storage holds is read before the store exists
//! (`read_start`), and whatever could not be read (the game, the settings, the learned drawings)
//! is said in one dialog, every part of it (`unreadable_dialog`). The app's
//! `controller::startup` builds the store on it and decides the first screen.

use crate::i18n::{Ui, fill};
use crate::ports::{Handwriting, Ports};
use crate::state::{Dialog, GameMeta, Settings, blank_game};
use crate::storage::{self, Loaded};
use inkdoku_engine::game::Game;

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

/// What a starting tab found in storage: the game to show (the newer of the stored game and
/// the tab's spare copy: both answer at once; the lasting spare store answers later, the app's
/// `tabs::found`), the settings, the learned drawings, and what could not be read. What could
/// not be read starts afresh (a blank board, default settings, no drawings).
pub struct Start {
    pub game: Game,
    pub meta: GameMeta,
    pub settings: Settings,
    pub hand: Handwriting,
    pub unreadable: Vec<Unreadable>,
}

/// Reads what a starting tab needs from storage. (`#[inline]`, as `storage`'s functions are:
/// its JSON code is then the app's.)
#[inline]
pub fn read_start(ports: &Ports) -> Start {
    let mut unreadable = Vec::new();
    let (settings, settings_note) = storage::load_settings(ports);
    let (game, meta) = match storage::load_game(ports).loaded {
        Loaded::Found(s) => (s.game, s.meta),
        Loaded::Missing => (blank_game(), GameMeta::new(None, None)),
        Loaded::Corrupt { reason, kept_as } => {
            unreadable.push(Unreadable::Game { reason, kept_as });
            (blank_game(), GameMeta::new(None, None))
        }
    };
    unreadable.extend(settings_note.map(|reason| Unreadable::Settings { reason }));
    let (hand, hand_note) = storage::load_hand(ports);
    unreadable.extend(hand_note.map(|reason| Unreadable::LearnedDrawings { reason }));
    Start { game, meta, settings, hand, unreadable }
}

/// The dialog that says what could not be read, in `t`'s words: each part's sentence, and every
/// reason under Details. None when everything read.
#[inline]
pub fn unreadable_dialog(t: &Ui, unreadable: &[Unreadable]) -> Option<Dialog> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, ui};
    use crate::ports::KeyValue as _;
    use crate::ports::fakes::World;
    use crate::storage::{GAME_KEY, HAND_KEY, SETTINGS_KEY};

    #[test]
    fn a_first_visit_reads_nothing_and_says_nothing() {
        let world = World::default();
        let start = read_start(&world.ports());
        assert!(start.unreadable.is_empty());
        assert_eq!((start.game, start.settings), (blank_game(), Settings::default()));
        assert_eq!(unreadable_dialog(ui(Lang::En), &start.unreadable), None);
    }

    #[test]
    fn each_record_that_does_not_read_is_kept_aside_and_said_with_its_reason_and_the_rest_still_loads() {
        let world = World::default();
        let settings = Settings { show_candidates: true, ..Settings::default() };
        world.storage.set(SETTINGS_KEY, &serde_json::to_string(&settings).unwrap()).unwrap();
        world.storage.set(GAME_KEY, "{not a game").unwrap();
        world.storage.set(HAND_KEY, "drawings?").unwrap();
        let start = read_start(&world.ports());
        assert_eq!(start.settings, settings, "the settings that read are kept");
        assert_eq!(start.game, blank_game());
        let [Unreadable::Game { kept_as: Some(kept), .. }, Unreadable::LearnedDrawings { .. }] = &start.unreadable[..] else {
            panic!("the game (kept aside) and the drawings: {:?}", start.unreadable);
        };
        assert_eq!(world.storage.get(kept).as_deref(), Some("{not a game"), "the game's text is kept as the dialog says");
        for lang in Lang::ALL {
            let t = ui(lang);
            let Some(Dialog::Message { text, details: Some(details), .. }) = unreadable_dialog(t, &start.unreadable) else {
                panic!("{lang:?}: a message");
            };
            assert!(text.contains(kept.as_str()) && text.contains(t.hand_corrupt), "{lang:?}: {text}");
            assert_eq!(details.lines().count(), 2, "{lang:?}: each reason: {details}");
        }
        // Settings that do not read: said too, and defaulted.
        world.storage.set(SETTINGS_KEY, "[1,2,3]").unwrap();
        let start = read_start(&world.ports());
        assert_eq!(start.settings, Settings::default());
        assert!(start.unreadable.iter().any(|u| matches!(u, Unreadable::Settings { .. })), "{:?}", start.unreadable);
    }
}
