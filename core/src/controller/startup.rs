//! The app's start, its core part: what storage holds is read before the store exists
//! (`read_start`); whatever could not be read (the game, the settings, the learned drawings)
//! is said in one dialog, every part of it (`unreadable_dialog`); and once the tab knows whether
//! it plays, the first screen is decided from what storage answered and the link in the address
//! (`first_screen`, then `greeting`). The app's `controller::startup` gathers those answers and
//! carries the decision out.

use crate::i18n::{Ui, fill};
use crate::ports::{Handwriting, Ports};
use crate::state::{Dialog, GameMeta, Settings, blank_game};
use crate::storage::{self, Loaded};
use inkdoku_engine::game::Game;
use inkdoku_engine::open::Refusal;
use inkdoku_engine::share::{self, SharedPuzzle};
use inkdoku_engine::together::link::split_room;

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

/// What a tab knows once its role settled, for its first screen.
#[derive(Clone, Copy, Debug)]
pub struct Settled<'a> {
    /// Another tab plays: this one follows it.
    pub following: bool,
    /// The link that was in the page's address (taken out of it at start).
    pub link: Option<&'a str>,
    /// What storage answered when the tab became the playing one: None without a stored game,
    /// else whether it is the player's newest ("where you left it" only then).
    pub found: Option<bool>,
}

/// What becomes of the link in the address.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkStep {
    /// A following tab offers to play the link's puzzle here.
    OfferHere(Box<SharedPuzzle>),
    /// A following tab says why the link holds no puzzle (the playing tab's game stays).
    NotAPuzzle(Refusal),
    /// A following tab has another app's link (this text, its room key taken out) read in the
    /// engine worker, then offers to play it here (`sharing::Reading::OfferHere`).
    ReadThenOffer(String),
    /// The playing tab opens the link (asking first over a game in progress, joining its room).
    Open(String),
}

/// A tab's first screen, in the order its steps are carried out.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstScreen {
    /// The restored game was solved together: it rejoins its room.
    pub resume: bool,
    pub link: Option<LinkStep>,
    /// Neither a restored game nor a link's puzzle: a first visit's premade puzzle.
    pub premade: bool,
    /// The restored game may be greeted (`greeting`), "where you left it" when this is true.
    pub greet: Option<bool>,
}

/// The first screen of a tab that knows its role. A following tab only offers to play a link
/// here, or says why the link holds no puzzle; the playing tab rejoins the restored game's
/// room, opens the link, and without a restored game nor a puzzle in the link plays a premade
/// one (a link that holds none still says why, to a new and a returning player alike).
pub fn first_screen(settled: Settled) -> FirstScreen {
    let Settled { following, link, found } = settled;
    if following {
        let link = link.map(|text| {
            let text = split_room(text).0;
            match share::parse_own(&text) {
                Some(Ok(shared)) => LinkStep::OfferHere(Box::new(shared)),
                Some(Err(e)) => LinkStep::NotAPuzzle(Refusal::of(&e)),
                None => LinkStep::ReadThenOffer(text),
            }
        });
        return FirstScreen { resume: false, link, premade: false, greet: None };
    }
    let restored = found.is_some();
    // Another app's link is read in the engine worker: it may hold a puzzle (if not, the
    // errands bring the premade one: `errands::Effect::FirstPuzzle`).
    let opens = link.is_some_and(|text| !matches!(share::parse_own(&split_room(text).0), Some(Err(_))));
    FirstScreen {
        resume: restored,
        link: link.map(|text| LinkStep::Open(text.to_string())),
        premade: !restored && !opens,
        // A link is the first screen's news: no greeting over it.
        greet: found.filter(|_| link.is_none()),
    }
}

/// The greeting of a restored game (`FirstScreen::greet`), once the steps before it are done:
/// said when there is something to say — moves to come back to (`in_progress`), or that the
/// last moves were lost (not up to date) — and never over a dialog (`dialog_open`).
pub fn greeting(greet: Option<bool>, in_progress: bool, dialog_open: bool) -> Option<Dialog> {
    let up_to_date = greet?;
    ((in_progress || !up_to_date) && !dialog_open).then_some(if up_to_date { Dialog::Welcome } else { Dialog::WelcomeOlder })
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

    /// Easy 9x9 (seed 7), as the e2e tests open it.
    const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

    fn playing(link: Option<&str>, found: Option<bool>) -> FirstScreen {
        first_screen(Settled { following: false, link, found })
    }

    #[test]
    fn a_first_visit_plays_a_premade_puzzle_and_asks_nothing() {
        assert_eq!(playing(None, None), FirstScreen { resume: false, link: None, premade: true, greet: None });
    }

    #[test]
    fn a_returning_player_gets_the_game_back_and_is_greeted_when_there_is_something_to_say() {
        let screen = playing(None, Some(true));
        assert_eq!(screen, FirstScreen { resume: true, link: None, premade: false, greet: Some(true) });
        assert_eq!(greeting(screen.greet, true, false), Some(Dialog::Welcome));
        assert_eq!(greeting(screen.greet, false, false), None, "a finished or empty game: nothing to come back to");
        assert_eq!(greeting(screen.greet, true, true), None, "never over another dialog");
        // The last moves were lost: said even without moves to come back to.
        let older = playing(None, Some(false));
        assert_eq!(greeting(older.greet, false, false), Some(Dialog::WelcomeOlder));
        assert_eq!(greeting(None, true, false), None, "nothing restored, nobody greeted");
    }

    #[test]
    fn a_link_opens_over_a_restored_game_without_a_greeting_and_a_bad_one_still_starts_a_first_visit() {
        let link = format!("#{PUZZLE}");
        let screen = playing(Some(&link), Some(true));
        assert_eq!(screen, FirstScreen { resume: true, link: Some(LinkStep::Open(link.clone())), premade: false, greet: None });
        assert!(!playing(Some(&link), None).premade, "the link's puzzle is the first puzzle");
        // A link that holds no puzzle is opened (to say why), and a first visit gets a puzzle anyway.
        let bad = playing(Some("#p=not-a-puzzle"), None);
        assert_eq!((bad.link, bad.premade), (Some(LinkStep::Open("#p=not-a-puzzle".into())), true));
        assert!(!playing(Some("#p=not-a-puzzle"), Some(true)).premade, "the restored game stays");
        // Another app's link is read in the engine worker: no premade puzzle under it (the
        // errands bring one if it holds none).
        let foreign = format!("?s={PUZZLE}");
        assert!(!playing(Some(&foreign), None).premade);
        assert_eq!(playing(Some("?s=12345"), None).link, Some(LinkStep::Open("?s=12345".into())));
    }

    #[test]
    fn a_following_tab_offers_to_play_the_link_here_and_a_bad_link_says_why() {
        let follow = |link, found| first_screen(Settled { following: true, link, found });
        let link = share::fragment(&inkdoku_engine::format::line::parse(PUZZLE).unwrap(), None);
        let Some(LinkStep::OfferHere(shared)) = follow(Some(&link), None).link else { panic!("offered") };
        assert_eq!(shared.puzzle.givens.to_line(), PUZZLE);
        assert!(matches!(follow(Some("#p=not-a-puzzle"), Some(true)).link, Some(LinkStep::NotAPuzzle(_))));
        // Another app's link: read in the engine worker first, then offered.
        let foreign = format!("#{PUZZLE}");
        assert_eq!(follow(Some(&foreign), None).link, Some(LinkStep::ReadThenOffer(foreign.clone())));
        // Nothing else: the playing tab's game is on show, and its tab greets.
        assert_eq!(follow(None, Some(true)), FirstScreen { resume: false, link: None, premade: false, greet: None });
    }
}
