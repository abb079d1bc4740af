//! Who is in the room, and who is away. The relay's count (`RoomEvent::Players`) is of
//! connections: anyone who knows the room's path (its id is in every request) is one, with the
//! key or without, and the relay cannot tell, since it can open no frame. So the players shown
//! are counted here, by the clients, who can: a player is counted once a presence of theirs (the
//! hello every player sends on arriving, and then every `BEAT_MS` while their page is shown)
//! opened with the room's key, which AES-GCM allows only to a frame sealed with it. A bare
//! socket or a wrong key sends nothing that opens, so it is never shown. A player is away when
//! nothing of theirs came for `AWAY_MS` (their tab hidden, which stops their beat, or asleep,
//! or their line gone quietly), or at once when the relay's count drops and they do not answer
//! the roll call within `ROLL_MS`; anything they say live brings them back.

use super::{Effect, Tick, Together, Turn};
use crate::i18n::{Ui, fill};
use crate::state::{Peer, RoomView, Trouble};
use inkdoku_engine::together::{MAX_LIVE_POINTS, PlayerId, Presence, Said};

/// A presence every this often while the page is shown.
pub const BEAT_MS: u32 = 10_000;
/// Silent this long (two beats and a half): away.
pub const AWAY_MS: u32 = 25_000;
/// After the relay's count drops, how long the players still here have to answer.
pub const ROLL_MS: u32 = 3_000;
/// How long a player who opened a link may be alone in the room before the app says that
/// nobody is there (a mistyped link joins an empty room of its own).
pub const ALONE_MS: u32 = 6_000;
/// How often the stroke being drawn goes to the other players.
pub const LIVE_INK_MS: f64 = 100.0;

/// A presence heard (opened with the room's key): this player is counted, and here; the play
/// time is the room's longest; a number shared with theirs is settled.
pub(super) fn heard(t: &mut Together, turn: &mut Turn, p: Presence) {
    if p.play_ms > turn.elapsed_ms {
        turn.elapsed_ms = p.play_ms;
        turn.effect(Effect::PlayTime(p.play_ms));
    }
    let v = &mut t.view;
    v.numbers.insert(p.player, p.number);
    v.peers.retain(|peer| peer.player != p.player);
    v.peers.push(Peer { player: p.player, number: p.number, cell: p.cell, ink: p.ink, heard_ms: turn.ctx.now_ms, away: false });
    inkdoku_engine::keyed_sort::sort_by_key(&mut v.peers, |peer| u64::from(peer.number));
    turn.view_changed();
    take_number(t, turn, Some((p.player, p.number)));
}

/// A player who proved the key spoke live: here (again).
pub(super) fn heard_from(t: &mut Together, turn: &mut Turn, player: PlayerId) {
    if let Some(peer) = t.view.peers.iter_mut().find(|p| p.player == player) {
        peer.heard_ms = turn.ctx.now_ms;
        peer.away = false;
        turn.view_changed();
    }
}

/// Marks away the players silent since `since` (the clock's ms); the view changes only if one
/// of them was here.
pub(super) fn mark_silent(t: &mut Together, turn: &mut Turn, since: f64) {
    if t.view.peers.iter().any(|p| !p.away && p.heard_ms < since) {
        for p in t.view.peers.iter_mut().filter(|p| p.heard_ms < since) {
            p.away = true;
            p.ink.clear();
        }
        turn.view_changed();
    }
}

/// This player's beat while connected: a presence while the page is shown (a hidden page's
/// silence is how the others learn it is away), the players silent for `AWAY_MS` marked away,
/// and the next beat. Ends with the connection.
pub(super) fn beat(t: &mut Together, turn: &mut Turn) {
    if turn.ctx.visible {
        tell(t, turn, &[]);
    }
    mark_silent(t, turn, turn.ctx.now_ms - f64::from(AWAY_MS));
    turn.effect(Effect::After { ms: BEAT_MS, tick: Tick::Beat { generation: t.generation } });
}

/// The relay's count dropped: someone's line is gone, but the relay cannot say whose. Everyone
/// still here answers with a presence; whoever has not answered `ROLL_MS` later is away.
pub(super) fn roll_call(t: &mut Together, turn: &mut Turn) {
    let called = turn.ctx.now_ms;
    tell(t, turn, &[]);
    turn.effect(Effect::After { ms: ROLL_MS, tick: Tick::RollCall { generation: t.generation, called } });
}

/// A newcomer's number (`clash` none), or a new one for a player who shares theirs with
/// `clash`'s (two newcomers at once, or one who came back to a number a newcomer took while
/// they were away: the higher player id moves on, so both settle it without a word). The next
/// after every number heard and every player whose moves are in the log (one who left keeps
/// theirs); not the relay's count, which counts every connection to the room's path, a bare
/// socket too.
pub(super) fn take_number(t: &mut Together, turn: &mut Turn, clash: Option<(PlayerId, u8)>) {
    let me = t.replica.me();
    if clash.map_or(t.number != 0, |(other, number)| number == 0 || t.number != number || me <= other) {
        return;
    }
    let numbers = &t.view.numbers;
    // The distinct players, in a list (a room has few): no sort compiled for this alone.
    let mut players: Vec<PlayerId> = Vec::new();
    for p in t.replica.log().iter().map(|op| op.stamp.player).chain(numbers.keys().copied()).filter(|&p| p != me) {
        if !players.contains(&p) {
            players.push(p);
        }
    }
    let highest = numbers.values().copied().max().unwrap_or(0);
    t.number = highest.max(u8::try_from(players.len()).unwrap_or(u8::MAX)).saturating_add(1);
    super::keep(t, turn);
    t.view.number = t.number;
    turn.view_changed();
    tell(t, turn, &[]);
}

/// Tells the room where this player is (their selected cell), their play time and the stroke
/// they are drawing now (`[x, y, pressure]` in 0..1 of the grid), thinned to what a presence
/// carries. Only once caught up and numbered: before, the others would count a nameless player.
pub(super) fn tell(t: &Together, turn: &mut Turn, ink: &[[f32; 3]]) {
    if !t.caught_up || t.number == 0 {
        return;
    }
    let step = ink.len().div_ceil(MAX_LIVE_POINTS).max(1);
    let ink = ink.iter().step_by(step).map(|p| [p[0].clamp(0.0, 1.0), p[1].clamp(0.0, 1.0)]).collect();
    let presence = Presence { player: t.replica.me(), number: t.number, cell: turn.ctx.selected, play_ms: turn.elapsed_ms, ink };
    turn.effect(Effect::Send { keep: false, frame: Said::Presence(presence).to_bytes() });
}

/// Whether the stroke being drawn (`drawing`; `None`: the pen is up) goes to the others now:
/// every `LIVE_INK_MS` at most (`now`, the clock's ms), and once more when it ends.
/// `last_sent` is when a stroke last went (0: none since the last one ended), kept by the caller.
pub fn live_ink_due(drawing: bool, now: f64, last_sent: &mut f64) -> bool {
    if drawing && now - *last_sent >= LIVE_INK_MS {
        *last_sent = now;
        true
    } else if !drawing && *last_sent > 0.0 {
        *last_sent = 0.0;
        true
    } else {
        false
    }
}

/// The relay setting, checked: empty (this app's own), or a `ws:`, `wss:`, `http:` or `https:`
/// address, trimmed. `None` for anything else.
pub fn relay_address(text: &str) -> Option<&str> {
    let text = text.trim();
    let scheme = text.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
    let fine = text.is_empty() || scheme.is_some_and(|s| ["ws", "wss", "http", "https"].contains(&s.as_str()));
    fine.then_some(text)
}

/// The line that says why the moves do not go out now, if they do not.
pub fn trouble_line(view: &RoomView, t: &Ui) -> Option<&'static str> {
    view.trouble.map(|trouble| match trouble {
        Trouble::Offline => t.together_offline,
        Trouble::Full => t.together_full,
        Trouble::Insecure => t.together_insecure,
    })
}

/// The room's line in the header: how many play (only while connected: a count from before the
/// line dropped is not true any more), who this player is, each other player here or away; and
/// whether it is online.
pub fn room_line(r: &RoomView, t: &Ui) -> (String, bool) {
    // Counted: this player and the others who proved the key and are here (not the relay's
    // count of connections; see the module's note).
    let here = 1 + r.peers.iter().filter(|p| !p.away).count();
    // Offline from a drop until the room is back (not in the moment before the first
    // connection is made).
    let mut text = if r.trouble.is_some() {
        t.together_away.to_string()
    } else if here > 1 {
        fill(t.together_players, &[("n", &here.to_string())])
    } else if r.peers.is_empty() {
        t.together_alone.to_string()
    } else {
        t.together_only_you.to_string()
    };
    if r.number > 0 {
        text = format!("{text} · {}", fill(t.together_you, &[("n", &r.number.to_string())]));
    }
    // The players' list: each other player who proved the key, here or away (plain words, no
    // markup of their own: the line is one accessible note).
    for p in r.peers.iter().filter(|_| r.trouble.is_none()) {
        let who = fill(t.player_n, &[("n", &p.number.to_string())]);
        let state = if p.away { fill(t.peer_away, &[("who", &who)]) } else { fill(t.peer_here, &[("who", &who)]) };
        text = format!("{text} · {state}");
    }
    (text, r.online)
}
