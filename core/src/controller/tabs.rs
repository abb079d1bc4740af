//! One game per browser profile: the election of the playing tab, as a state machine of the
//! browser's answers. The tab that holds the Web Lock `inkdoku-game` plays and saves; every
//! other tab follows it read-only, and can take over at any time ("Play here").
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
//! first checks that the id is still its own (`may_save`), so a tab that was frozen while
//! another stole the lock can never write over the new holder's game, even before it learns it
//! lost the lock. Without the Web Locks API (old browsers) a tab simply plays.
//!
//! `Election::input` takes what the browser answered (the lock granted or lost, a message on
//! the channel, the stored game reloaded, the hand-over's wait over) with the tab's role as the
//! app shows it, and returns the effects for the app to carry out (`controller::tabs`), in order.

use crate::state::TabRole;
use serde::{Deserialize, Serialize};

/// Where the playing tab writes its id (see "Fencing" above).
pub const HOLDER_KEY: &str = "inkdoku.holder.v1";
/// How long "Play here" waits for the playing tab to save and hand over before stealing.
pub const HANDOVER_MS: u32 = 600;

/// A message between the tabs. Written as serde's internally tagged form
/// (`{"kind":"handed-over","from":1,"to":2}`), read through `MessageFields`: the same JSON,
/// without the derive's reader for an enum tagged inside, which buffers each message into
/// serde's `Content` tree first (issue 48).
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

fn text(message: &Message) -> String {
    serde_json::to_string(message).unwrap_or_default()
}

/// What the election is told: the browser's answers, and the player's "Play here".
#[derive(Clone, Debug, PartialEq)]
pub enum TabInput<'a> {
    /// The tab starts, as tab `me` (random, not 0); `locks`: the browser has Web Locks.
    Start { me: u64, locks: bool },
    /// The lock's answer to this tab's request (`steal`: "Play here"'s, which always plays).
    Granted { steal: bool, granted: bool },
    /// A later steal took the lock away.
    Lost,
    /// The stored game was reloaded to play (`TabEffect::Reload { play: Some(announce) }`):
    /// None without a stored game, else whether it is the player's newest.
    Reloaded { found: Option<bool>, announce: bool },
    /// "Play here" in a following tab.
    PlayHere { locks: bool },
    /// The wait for the playing tab's hand-over ran out (`TabEffect::WaitForHandover`).
    HandoverDue,
    /// A message from another tab, as the channel delivered it.
    Heard(&'a str),
}

/// What the app does for the election, in the order given.
#[derive(Clone, Debug, PartialEq)]
pub enum TabEffect {
    /// This tab's role from now on.
    Role(TabRole),
    /// This tab's id written as the holder's (`HOLDER_KEY`; where storage refuses it, the key
    /// goes, or the previous holder's id would forbid this tab every save).
    ClaimHolder,
    /// Ask for the lock (with `steal`: take it from its holder); the answer comes back as
    /// `Granted`, and a later loss as `Lost`.
    RequestLock { steal: bool },
    /// The stored game (the newest of the stores) on the board; with `play`, what was found
    /// comes back as `Reloaded` (the tab plays, and saves, only once it is on the board: a save
    /// before the lasting store answered would write an older game over its copy).
    Reload { play: Option<bool> },
    /// A message for the other tabs.
    Post(String),
    /// The dialog that says another tab plays.
    ShowFollowing,
    /// That dialog closes, if it is open.
    CloseFollowing,
    /// The status line: this tab plays now.
    PlayingHere,
    /// The game saved now (the playing tab's, before it hands over).
    SaveNow,
    /// `HandoverDue` after `HANDOVER_MS`.
    WaitForHandover,
    /// The role is settled for the first time (or "Play here" got its answer): the steps that
    /// waited for it run.
    Settled,
}

/// This tab's part in the election (one per tab).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Election {
    me: u64,
    /// A "Play here" waits to steal the lock (once: the hand-over and the timer both ask).
    stealing: bool,
    /// What this tab found stored when it last became the playing one.
    found: Option<bool>,
}

impl Election {
    /// This tab's id (0 before it starts).
    pub fn me(&self) -> u64 {
        self.me
    }

    /// What this tab found stored when it last became the playing one: None without a stored
    /// game, else whether it is the player's newest ("where you left it" only then).
    pub fn found(&self) -> Option<bool> {
        self.found
    }

    /// The message that tells the following tabs the stored game changed.
    pub fn saved(&self) -> String {
        text(&Message::Saved { from: self.me })
    }

    /// Whether this tab may still write the game, given the holder's id in storage (see
    /// "Fencing" above): a missing id (a full storage removed it) forbids nobody.
    pub fn may_save(&self, holder: Option<&str>) -> bool {
        holder.is_none_or(|holder| holder == self.me.to_string())
    }

    /// Takes one answer, with the tab's `role` now; returns what the app must do.
    pub fn input(&mut self, role: TabRole, input: TabInput) -> Vec<TabEffect> {
        match input {
            TabInput::Start { me, locks } => {
                self.me = me;
                if locks { vec![TabEffect::RequestLock { steal: false }] } else { become_active(false) }
            }
            TabInput::Granted { steal: false, granted: false } | TabInput::Lost => become_follower(role),
            TabInput::Granted { steal, .. } => become_active(steal),
            TabInput::Reloaded { found, announce } => {
                self.found = found;
                play(role, announce)
            }
            TabInput::PlayHere { locks: false } => {
                // Nothing to take over from: this tab plays, and what waited for it runs now.
                let mut effects = become_active(true);
                effects.push(TabEffect::Settled);
                effects
            }
            TabInput::PlayHere { locks: true } => {
                self.stealing = true;
                vec![
                    TabEffect::Role(TabRole::Pending),
                    TabEffect::WaitForHandover,
                    TabEffect::Post(text(&Message::TakeOver { from: self.me })),
                ]
            }
            TabInput::HandoverDue => self.steal(),
            TabInput::Heard(text) => self.heard(role, text),
        }
    }

    /// Steals the lock for a pending "Play here", once.
    fn steal(&mut self) -> Vec<TabEffect> {
        if std::mem::take(&mut self.stealing) { vec![TabEffect::RequestLock { steal: true }] } else { Vec::new() }
    }

    /// A message from another tab; one that does not read is none of this app's.
    fn heard(&mut self, role: TabRole, message: &str) -> Vec<TabEffect> {
        let Ok(message) = serde_json::from_str::<Message>(message) else { return Vec::new() };
        match message {
            Message::TakeOver { from } if role == TabRole::Active => {
                vec![TabEffect::SaveNow, TabEffect::Post(text(&Message::HandedOver { from: self.me, to: from }))]
            }
            // The playing tab saved: steal now instead of waiting out the timer.
            Message::HandedOver { to, .. } if to == self.me => self.steal(),
            Message::Saved { .. } if role == TabRole::Follower => vec![TabEffect::Reload { play: None }],
            _ => Vec::new(),
        }
    }
}

/// The tab is to play: its id is the holder's, and it plays once the newest stored game is on
/// the board (`Reloaded`).
fn become_active(announce: bool) -> Vec<TabEffect> {
    vec![TabEffect::ClaimHolder, TabEffect::Reload { play: Some(announce) }]
}

/// The newest stored game is on the board: the tab plays (and saves).
fn play(was: TabRole, announce: bool) -> Vec<TabEffect> {
    let mut effects = vec![TabEffect::Role(TabRole::Active), TabEffect::CloseFollowing];
    if announce {
        effects.push(TabEffect::PlayingHere);
    }
    effects.push(TabEffect::SaveNow);
    if was == TabRole::Pending {
        effects.push(TabEffect::Settled);
    }
    effects
}

fn become_follower(was: TabRole) -> Vec<TabEffect> {
    let mut effects = vec![TabEffect::Role(TabRole::Follower), TabEffect::Reload { play: None }, TabEffect::ShowFollowing];
    if was == TabRole::Pending {
        effects.push(TabEffect::Settled);
    }
    effects
}

#[cfg(test)]
mod tests {
    use super::*;
    use TabEffect::*;
    use TabRole::{Active, Follower, Pending};

    /// A tab started as tab `me`, with Web Locks.
    fn started(me: u64) -> Election {
        let mut tab = Election::default();
        assert_eq!(tab.input(Pending, TabInput::Start { me, locks: true }), [RequestLock { steal: false }]);
        tab
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
        // And a message that does not read changes nothing.
        assert_eq!(started(1).input(Active, TabInput::Heard("hello")), []);
    }

    #[test]
    fn a_tab_granted_the_lock_plays_once_the_newest_game_is_on_the_board_and_says_nothing() {
        let mut tab = started(7);
        assert_eq!(tab.input(Pending, TabInput::Granted { steal: false, granted: true }), [ClaimHolder, Reload { play: Some(false) }]);
        assert_eq!(tab.found(), None, "nothing found before storage answered");
        let played = tab.input(Pending, TabInput::Reloaded { found: Some(false), announce: false });
        assert_eq!(played, [Role(Active), CloseFollowing, SaveNow, Settled]);
        assert_eq!(tab.found(), Some(false), "the first screen says the game is older");
        assert!(tab.may_save(Some("7")) && tab.may_save(None));
        assert!(!tab.may_save(Some("8")), "another tab holds the lock now: fenced off");
    }

    #[test]
    fn a_tab_refused_the_lock_follows_shows_the_playing_tabs_game_and_keeps_up() {
        let mut tab = started(7);
        let followed = tab.input(Pending, TabInput::Granted { steal: false, granted: false });
        assert_eq!(followed, [Role(Follower), Reload { play: None }, ShowFollowing, Settled]);
        // The playing tab saved: the follower shows it; the playing tab itself reloads nothing.
        let saved = Election { me: 3, ..Election::default() }.saved();
        assert_eq!(tab.input(Follower, TabInput::Heard(&saved)), [Reload { play: None }]);
        assert_eq!(started(9).input(Active, TabInput::Heard(&saved)), []);
        // A lock lost later (stolen): the tab follows, and nothing waits to settle again.
        let mut player = started(4);
        assert_eq!(player.input(Active, TabInput::Lost), [Role(Follower), Reload { play: None }, ShowFollowing]);
    }

    #[test]
    fn play_here_asks_the_playing_tab_to_hand_over_and_steals_once_either_way() {
        let (mut playing, mut following) = (started(1), started(2));
        let asked = following.input(Follower, TabInput::PlayHere { locks: true });
        let [Role(Pending), WaitForHandover, Post(take_over)] = &asked[..] else { panic!("{asked:?}") };
        // The playing tab saves, then hands over to the asking tab; a follower does not answer.
        let answer = playing.input(Active, TabInput::Heard(take_over));
        let [SaveNow, Post(handed_over)] = &answer[..] else { panic!("{answer:?}") };
        assert_eq!(started(3).input(Follower, TabInput::Heard(take_over)), []);
        // A hand-over to another tab (one that asks too) is not this one's.
        let mut other = started(5);
        other.input(Follower, TabInput::PlayHere { locks: true });
        assert_eq!(other.input(Pending, TabInput::Heard(handed_over)), []);
        assert_eq!(following.input(Pending, TabInput::Heard(handed_over)), [RequestLock { steal: true }]);
        assert_eq!(following.input(Pending, TabInput::HandoverDue), [], "the timer then steals nothing more");
        // The stolen lock: the tab plays, says so, and what waited (a link) runs.
        assert_eq!(following.input(Pending, TabInput::Granted { steal: true, granted: true }), [ClaimHolder, Reload { play: Some(true) }]);
        let played = following.input(Pending, TabInput::Reloaded { found: Some(true), announce: true });
        assert_eq!(played, [Role(Active), CloseFollowing, PlayingHere, SaveNow, Settled]);
    }

    #[test]
    fn a_frozen_playing_tab_is_overruled_when_the_wait_runs_out() {
        let mut following = started(2);
        following.input(Follower, TabInput::PlayHere { locks: true });
        assert_eq!(following.input(Pending, TabInput::HandoverDue), [RequestLock { steal: true }]);
        assert_eq!(following.input(Pending, TabInput::HandoverDue), []);
    }

    #[test]
    fn without_web_locks_a_tab_simply_plays() {
        let mut tab = Election::default();
        assert_eq!(tab.input(Pending, TabInput::Start { me: 7, locks: false }), [ClaimHolder, Reload { play: Some(false) }]);
        assert_eq!(
            tab.input(Pending, TabInput::Reloaded { found: None, announce: false }),
            [Role(Active), CloseFollowing, SaveNow, Settled]
        );
        // "Play here" there plays at once, and runs what waited for it.
        let here = tab.input(Active, TabInput::PlayHere { locks: false });
        assert_eq!(here, [ClaimHolder, Reload { play: Some(true) }, Settled]);
        assert_eq!(
            tab.input(Active, TabInput::Reloaded { found: Some(true), announce: true }),
            [Role(Active), CloseFollowing, PlayingHere, SaveNow]
        );
    }
}
