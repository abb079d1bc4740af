//! Solving together: the game's board is shared with the players of a room (`Room` port). Each
//! move is made by the game's reducer on the shared board, becomes an operation of this
//! player's replica (`inkdoku_engine::together`), and is sent; the others' operations merge
//! into the replica, and the board on show is the replica's. Undo takes back this player's own
//! last move. Offline, moves are kept in the replica (saved with the game) and sent when the
//! connection is back; a reload rejoins.

use super::*;
use crate::ports::RoomEvent;
use crate::state::together::Together;
use crate::state::{Peer, RoomView, SavedTogether, Trouble};
use inkdoku_engine::together::link::{RoomKey, with_room};
use inkdoku_engine::together::{Field, Op, Presence, Replica, Said};

/// The first wait before connecting again, and the longest.
const RETRY_MS: (u32, u32) = (1_000, 30_000);

/// Who counts as a player, and who is away. The relay's count (`RoomEvent::Players`) is of
/// connections: anyone who knows the room's path (its id is in every request) is one, with the
/// key or without, and the relay cannot tell, since it can open no frame. So the players shown
/// are counted here, by the clients, who can: a player is counted once a presence of theirs (the
/// hello every player sends on arriving, and then every `BEAT_MS` while their page is shown)
/// opened with the room's key, which AES-GCM allows only to a frame sealed with it. A bare
/// socket or a wrong key sends nothing that opens, so it is never shown. A player is away when
/// nothing of theirs came for `AWAY_MS` (their tab hidden, which stops their beat, or asleep,
/// or their line gone quietly), or at once when the relay's count drops and they do not answer
/// the roll call within `ROLL_MS`; anything they say live brings them back.
pub const BEAT_MS: u32 = 10_000;
/// Silent this long (two beats and a half): away.
pub const AWAY_MS: u32 = 25_000;
/// After the relay's count drops, how long the players still here have to answer.
pub const ROLL_MS: u32 = 3_000;

/// How long a player who opened a link may be alone in the room before the app says that
/// nobody is there (a mistyped link joins an empty room of its own).
pub const ALONE_MS: u32 = 6_000;

/// The relay setting, checked: empty (this app's own), or a `ws:`, `wss:`, `http:` or `https:`
/// address. Else the player's words for why not.
pub fn set_relay(store: Store, text: &str) {
    let text = text.trim();
    let scheme = text.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
    let fine = text.is_empty() || scheme.is_some_and(|s| ["ws", "wss", "http", "https"].contains(&s.as_str()));
    if !fine {
        store.status.set(store.t().relay_bad.into());
        return;
    }
    store.settings.update(|s| s.relay = text.to_owned());
    store.status.set(String::new());
    // A game solved together moves to the new relay at once.
    if is_together(store) {
        connect(store);
    }
}

/// Whether the game on show is shared.
pub fn is_together(store: Store) -> bool {
    store.together.with_value(Option::is_some)
}

/// 32 bytes from the randomness port (the browser's crypto source).
fn random_key(store: Store) -> RoomKey {
    let random = store.ports().random;
    let mut key = [0u8; 32];
    for chunk in key.chunks_mut(8) {
        chunk.copy_from_slice(&random.seed().to_le_bytes());
    }
    RoomKey(key)
}

/// "Solve together" (Share dialog): the game on show becomes a room's, and its link (the
/// puzzle, with the room's key in the fragment) goes out by the share sheet or the clipboard.
pub fn solve_together(store: Store) {
    if !writable(store) {
        return;
    }
    if !is_together(store) {
        let key = random_key(store);
        let me = store.ports().random.seed() as u32;
        let (givens, board, helped) = store.game.with_untracked(|g| (g.givens().clone(), g.board().clone(), g.helped()));
        let mut replica = Replica::new(me, givens.clone());
        // What is on the board already is the room's starting point, not a move to undo (and
        // help used before the room began is the room's help too).
        let empty = Game::new(givens, None).board().clone();
        replica.share_board(&empty, &board, helped);
        store.change_game(|g| g.rebase(board));
        begin(store, Together::new(key, replica, 1, false, RETRY_MS.0));
    }
    share_live(store);
}

/// The room's live link (the puzzle, with the room's key in the fragment), when in a room.
pub fn live_link(store: Store) -> Option<String> {
    let key = store.together.with_value(|t| t.as_ref().map(|t| t.key))?;
    Some(with_room(&share_url(store, false), &key))
}

/// Shares the live link again (Share in a shared game): by the share sheet or the clipboard;
/// when the browser refuses both, the Share dialog opens again with the link to copy by hand.
pub fn share_live(store: Store) {
    let Some(url) = live_link(store) else { return };
    let done = move |shared: Result<ports::Shared, ports::PlatformError>| match shared {
        Ok(ports::Shared::Sheet) => store.status.set(store.t().shared.into()),
        Ok(ports::Shared::Copied) => store.status.set(store.t().together_copied.into()),
        Err(e) => {
            ports::log_failure(&e);
            store.dialog.set(Some(Dialog::Share));
            store.status.set(store.t().together_by_hand.into());
        }
    };
    store.ports().sharing.share(store.t().share_title.into(), url, Box::new(done));
}

/// Joins the room of `key` with the game just opened from its link (its puzzle, no moves yet:
/// the room's come from the relay).
pub(super) fn join(store: Store, key: RoomKey) {
    let (givens, me) = (store.game.with_untracked(|g| g.givens().clone()), store.ports().random.seed() as u32);
    let replica = Replica::new(me, givens);
    begin(store, Together::new(key, replica, 0, false, RETRY_MS.0));
    // Still alone a little later, with nothing heard from anyone: the link may be wrong. Said
    // only while the room is reachable (otherwise the trouble line is what is true).
    store.ports().clock.after(
        ALONE_MS,
        Box::new(move || {
            let alone = store.together.with_value(|t| {
                t.as_ref().is_some_and(|t| t.key == key && t.replica.log().iter().all(|op| op.stamp.player == t.replica.me()))
            });
            // Nobody proved the key: a bare connection to the room's path is nobody either.
            let room_empty = store.room.with_untracked(|r| r.as_ref().is_some_and(|r| r.online && r.peers.is_empty()));
            if alone && room_empty {
                store.status.set(store.t().together_nobody.into());
            }
        }),
    );
}

/// Rejoins the room of the restored game (a reload, a returning player). A damaged record
/// leaves the game to play alone, and says why in the console.
pub fn resume(store: Store) {
    if is_together(store) {
        // The room's link followed again (it cleared the address bar): the live link goes back.
        if let Some(link) = live_link(store) {
            store.ports().sharing.show_address(&link);
        }
        return;
    }
    let Some(saved) = store.meta.with_untracked(|m| m.together.clone()) else { return };
    let givens = store.game.with_untracked(|g| g.givens().clone());
    // The room's key, then the replica: the first that can't be read says why.
    let restored = RoomKey::parse(&saved.key)
        .map_err(|e| e.to_string())
        .and_then(|key| Ok((key, Replica::restore(givens, saved.replica).map_err(|e| e.to_string())?)));
    match restored {
        Ok((key, replica)) => {
            store.change_game(|g| g.rebase(replica.board(g.board())));
            begin(store, Together::new(key, replica, saved.number, true, RETRY_MS.0));
        }
        Err(e) => {
            leptos::logging::warn!("inkdoku: the shared game's record: {e}");
            store.meta.update(|m| m.together = None);
        }
    }
}

/// Whether the game on show is the room of `key`'s (a link to the room opened again).
pub(super) fn in_room(store: Store, key: &RoomKey) -> bool {
    store.together.with_value(|t| t.as_ref().is_some_and(|t| t.key == *key))
        || store.meta.with_untracked(|m| m.together.as_ref().is_some_and(|s| s.key == key.to_text()))
}

fn begin(store: Store, together: Together) {
    store.together.set_value(Some(together));
    store.room.set(Some(RoomView::default()));
    keep(store);
    // The address bar holds the live link while in the room.
    if let Some(link) = live_link(store) {
        store.ports().sharing.show_address(&link);
    }
    connect(store);
}

/// "Play alone": this player leaves the room; the board stays as it is, theirs alone now.
pub fn leave(store: Store) {
    if !is_together(store) {
        return;
    }
    quit(store);
    store.status.set(store.t().together_left.into());
}

/// Leaves the room without a word (another game replaces the shared one).
pub(super) fn quit(store: Store) {
    if !is_together(store) {
        return;
    }
    store.ports().room.leave();
    store.together.set_value(None);
    store.room.set(None);
    store.meta.update(|m| m.together = None);
    let sharing = store.ports().sharing;
    sharing.show_address(&sharing.app_url());
}

/// Saves the replica with the game.
fn keep(store: Store) {
    let saved = store
        .together
        .with_value(|t| t.as_ref().map(|t| SavedTogether { key: t.key.to_text(), number: t.number, replica: t.replica.saved() }));
    store.meta.update(|m| m.together = saved);
}

fn with_together<R>(store: Store, f: impl FnOnce(&mut Together) -> R) -> Option<R> {
    let mut out = None;
    store.together.update_value(|t| out = t.as_mut().map(f));
    out
}

fn connect(store: Store) {
    let Some((key, generation)) = with_together(store, |t| {
        t.generation += 1;
        t.caught_up = false;
        t.replayed.clear();
        (t.key, t.generation)
    }) else {
        return;
    };
    let relay = store.settings.with_untracked(|s| s.relay.clone());
    store.ports().room.join(&relay, key, Box::new(move |event| heard(store, generation, event)));
}

fn heard(store: Store, generation: u32, event: RoomEvent) {
    if with_together(store, |t| t.generation) != Some(generation) {
        return;
    }
    match event {
        RoomEvent::Connected => update_view(store, |v| v.online = true),
        RoomEvent::Insecure => {
            // No retry: the page will not gain WebCrypto by waiting.
            update_view(store, |v| {
                v.online = false;
                v.trouble = Some(Trouble::Insecure);
            });
            say_trouble(store);
        }
        RoomEvent::Said(frame) => said(store, &frame),
        RoomEvent::Players(n) => {
            let before = store.room.with_untracked(|r| r.as_ref().map_or(0, |r| r.players));
            update_view(store, |v| v.players = n);
            if with_together(store, |t| !std::mem::replace(&mut t.caught_up, true)) == Some(true) {
                caught_up(store, generation);
                beat(store, generation);
            } else if n > before {
                // Someone came: they learn who we are (and where) without waiting for our next step.
                tell_presence(store);
            } else if n < before {
                roll_call(store, generation);
            }
        }
        RoomEvent::Unreadable(why) => leptos::logging::warn!("inkdoku: a shared frame: {why}"),
        RoomEvent::Disconnected(why) => {
            update_view(store, |v| {
                v.online = false;
                v.peers.clear();
                v.trouble = Some(if why == "room full" { Trouble::Full } else { Trouble::Offline });
            });
            say_trouble(store);
            let retry = with_together(store, |t| {
                let wait = t.retry_ms;
                t.retry_ms = (wait * 2).min(RETRY_MS.1);
                wait
            })
            .unwrap_or(RETRY_MS.0);
            store.ports().clock.after(
                retry,
                Box::new(move || {
                    if with_together(store, |t| t.generation) == Some(generation) {
                        connect(store);
                    }
                }),
            );
        }
    }
}

/// The line that says why the moves do not go out now, if they do not.
fn trouble_line(store: Store) -> Option<&'static str> {
    let t = store.t();
    store.room.with_untracked(|r| r.as_ref().and_then(|r| r.trouble)).map(|trouble| match trouble {
        Trouble::Offline => t.together_offline,
        Trouble::Full => t.together_full,
        Trouble::Insecure => t.together_insecure,
    })
}

/// Shows the trouble line (again: a move clears the status line, but the trouble stays until
/// the room is back).
pub(super) fn say_trouble(store: Store) {
    if let Some(line) = trouble_line(store) {
        store.status.set(line.into());
    }
}

/// The room's line in the header: how many play (only while connected: a count from before
/// the line dropped is not true any more), who this player is, each other player here or away;
/// and whether it is offline.
pub fn room_line(store: Store) -> Option<(String, bool)> {
    store.room.with(|room| {
        room.as_ref().map(|r| {
            let t = store.ui();
            // Counted: this player and the others who proved the key and are here (not the
            // relay's count of connections; see `BEAT_MS`).
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
            // The players' list: each other player who proved the key, here or away (plain
            // words, no markup of their own: the line is one accessible note).
            for p in r.peers.iter().filter(|_| r.trouble.is_none()) {
                let who = fill(t.player_n, &[("n", &p.number.to_string())]);
                let state = if p.away { fill(t.peer_away, &[("who", &who)]) } else { fill(t.peer_here, &[("who", &who)]) };
                text = format!("{text} · {state}");
            }
            (text, r.online)
        })
    })
}

fn update_view(store: Store, f: impl FnOnce(&mut RoomView)) {
    store.room.update(|v| {
        if let Some(v) = v.as_mut() {
            f(v)
        }
    });
}

/// A peer's words: an operation merged into the board, or where they are.
fn said(store: Store, frame: &[u8]) {
    let givens = store.game.with_untracked(|g| g.givens().clone());
    match Said::from_bytes(frame, &givens) {
        Ok(Said::Op(op)) => {
            let stamp = op.stamp;
            // A move made now (not one of the kept frames replayed on connecting) says its
            // player is here.
            if with_together(store, |t| t.caught_up) == Some(true) {
                heard_from(store, stamp.player);
            }
            let mut lost = Vec::new();
            let new = with_together(store, |t| {
                if !t.caught_up {
                    t.replayed.insert(stamp);
                }
                // Our digits this move overrides: a partner's earlier move that wins the cell
                // (it was made while we were apart, with a later stamp).
                let me = t.replica.me();
                let ours: Vec<_> = op
                    .writes
                    .iter()
                    .filter(|w| w.1 == Field::Digit && stamp.player != me)
                    .filter(|w| t.replica.holder(w.key()).is_some_and(|(s, v)| s.player == me && v != 0 && v != w.2))
                    .map(|w| (w.0, w.2))
                    .collect();
                let new = t.replica.receive(op);
                lost =
                    ours.into_iter().filter(|&(cell, _)| t.replica.holder((cell, Field::Digit)).is_some_and(|(s, _)| s == stamp)).collect();
                new
            });
            match new {
                Some(Ok(true)) => {
                    show_shared_board(store);
                    keep(store);
                    if let Some(&(cell, value)) = lost.first() {
                        kept_notice(store, stamp.player, cell, value);
                    }
                }
                Some(Err(e)) => leptos::logging::warn!("inkdoku: a shared move refused: {e}"),
                _ => {}
            }
        }
        Ok(Said::Presence(p)) => {
            if p.play_ms > store.elapsed.get_untracked() {
                store.elapsed.set(p.play_ms);
            }
            // Opened with the room's key (`RoomEvent::Said`): this player is counted, and here.
            let heard_ms = store.ports().clock.now_ms();
            update_view(store, |v| {
                v.numbers.insert(p.player, p.number);
                v.peers.retain(|peer| peer.player != p.player);
                v.peers.push(Peer { player: p.player, number: p.number, cell: p.cell, ink: p.ink, heard_ms, away: false });
                inkdoku_engine::keyed_sort::sort_by_key(&mut v.peers, |peer| u64::from(peer.number));
            });
            take_number(store, Some((p.player, p.number)));
        }
        Err(e) => leptos::logging::warn!("inkdoku: a shared frame refused: {e}"),
    }
}

/// A player who proved the key spoke live: here (again).
fn heard_from(store: Store, player: inkdoku_engine::together::PlayerId) {
    let now = store.ports().clock.now_ms();
    update_view(store, |v| {
        if let Some(peer) = v.peers.iter_mut().find(|p| p.player == player) {
            peer.heard_ms = now;
            peer.away = false;
        }
    });
}

/// Marks away the players silent since `since` (the clock's ms); the view changes only if one
/// of them was here.
fn mark_silent(store: Store, since: f64) {
    let changed = store.room.with_untracked(|r| r.as_ref().is_some_and(|r| r.peers.iter().any(|p| !p.away && p.heard_ms < since)));
    if changed {
        update_view(store, |v| {
            for p in v.peers.iter_mut().filter(|p| p.heard_ms < since) {
                p.away = true;
                p.ink.clear();
            }
        });
    }
}

/// This player's beat while connected (`generation`): a presence every `BEAT_MS` while the page
/// is shown (a hidden page's silence is how the others learn it is away), and the players
/// silent for `AWAY_MS` marked away. Ends with the connection.
fn beat(store: Store, generation: u32) {
    store.ports().clock.after(
        BEAT_MS,
        Box::new(move || {
            if with_together(store, |t| t.generation) != Some(generation)
                || !store.room.with_untracked(|r| r.as_ref().is_some_and(|r| r.online))
            {
                return;
            }
            if store.visible.get_untracked() {
                tell_presence(store);
            }
            mark_silent(store, store.ports().clock.now_ms() - f64::from(AWAY_MS));
            beat(store, generation);
        }),
    );
}

/// The relay's count dropped: someone's line is gone, but the relay cannot say whose. Everyone
/// still here answers with a presence; whoever has not answered `ROLL_MS` later is away.
fn roll_call(store: Store, generation: u32) {
    let called = store.ports().clock.now_ms();
    tell_presence(store);
    store.ports().clock.after(
        ROLL_MS,
        Box::new(move || {
            if with_together(store, |t| t.generation) == Some(generation) {
                mark_silent(store, called);
            }
        }),
    );
}

/// Says that a partner's digit won a cell this player had written ("Player 1's 7 kept in
/// r3c7"): the board changed under them, and Undo goes on with their other moves.
fn kept_notice(store: Store, player: inkdoku_engine::together::PlayerId, cell: Cell, value: u8) {
    let t = store.t();
    let number = store.room.with_untracked(|r| r.as_ref().and_then(|r| r.numbers.get(&player).copied()));
    let who = number.map_or_else(|| t.together_partner.to_string(), |n| fill(t.player_n, &[("n", &n.to_string())]));
    let digit = Digit::new(value).map_or_else(|| value.to_string(), |d| store.size().digit_char(d).to_string());
    store.status.set(fill(t.together_kept, &[("who", &who), ("d", &digit), ("cell", &cell_name(store.size(), cell))]));
}

/// The replica's board on show (after a peer's move): hint marks go, a win is celebrated.
fn show_shared_board(store: Store) {
    let Some(board) = store.together.with_value(|t| t.as_ref().map(|t| store.game.with_untracked(|g| t.replica.board(g.board())))) else {
        return;
    };
    store.change_game(|g| g.rebase(board));
    clear_highlights(store);
    after_change(store);
}

/// Every kept frame is in: our moves the relay did not have go out now (made offline, or lost
/// on the way), and everyone learns where we are. A newcomer takes a number only once the
/// players here have said theirs (`take_number`).
fn caught_up(store: Store, generation: u32) {
    let joined = with_together(store, |t| {
        t.retry_ms = RETRY_MS.0;
        let me = t.replica.me();
        let missing: Vec<Op> =
            t.replica.log().iter().filter(|op| op.stamp.player == me && !t.replayed.contains(&op.stamp)).cloned().collect();
        (missing, t.number == 0, !std::mem::replace(&mut t.welcomed, true))
    });
    let Some((missing, newcomer, welcome)) = joined else { return };
    let room = store.ports().room;
    for op in missing {
        room.send(true, Said::Op(op).to_bytes());
    }
    keep(store);
    // Really back: the trouble line goes (only now, not at the next move).
    let trouble = trouble_line(store);
    update_view(store, |v| {
        v.number = store.together.with_value(|t| t.as_ref().map_or(0, |t| t.number));
        v.trouble = None;
    });
    if newcomer && welcome {
        store.status.set(store.t().together_joined.into());
    } else if trouble.is_some_and(|line| store.status.with_untracked(|s| s == line)) {
        store.status.set(String::new());
    }
    if newcomer {
        // The players here answer a newcomer's arrival with their presence at once (`n >
        // before` above); a roll call's time is theirs to be heard.
        store.ports().clock.after(
            ROLL_MS,
            Box::new(move || {
                if with_together(store, |t| t.generation) == Some(generation) {
                    take_number(store, None);
                }
            }),
        );
    } else {
        tell_presence(store);
    }
}

/// A newcomer's number (`clash` none), or a new one for a player who shares theirs with
/// `clash`'s (two newcomers at once, or one who came back to a number a newcomer took while
/// they were away: the higher player id moves on, so both settle it without a word). The next
/// after every number heard and every player whose moves are in the log (one who left keeps
/// theirs); not the relay's count, which counts every connection to the room's path, a bare
/// socket too (`BEAT_MS`).
fn take_number(store: Store, clash: Option<(inkdoku_engine::together::PlayerId, u8)>) {
    let taken = store.room.with_untracked(|room| {
        let numbers = room.as_ref().map(|r| &r.numbers);
        with_together(store, |t| {
            let me = t.replica.me();
            if clash.map_or(t.number != 0, |(other, number)| number == 0 || t.number != number || me <= other) {
                return None;
            }
            let heard = numbers.into_iter().flat_map(|n| n.keys().copied());
            // The distinct players, in a list (a room has few): no sort compiled for this alone.
            let mut players: Vec<u32> = Vec::new();
            for p in t.replica.log().iter().map(|op| op.stamp.player).chain(heard).filter(|&p| p != me) {
                if !players.contains(&p) {
                    players.push(p);
                }
            }
            let highest = numbers.and_then(|n| n.values().copied().max()).unwrap_or(0);
            t.number = highest.max(u8::try_from(players.len()).unwrap_or(u8::MAX)).saturating_add(1);
            Some(t.number)
        })
    });
    if let Some(Some(number)) = taken {
        keep(store);
        update_view(store, |v| v.number = number);
        tell_presence(store);
    }
}

/// Tells the room where this player is (their selected cell) and their play time.
pub fn tell_presence(store: Store) {
    tell_presence_drawing(store, &[]);
}

/// How often the stroke being drawn goes to the other players of a game solved together.
const LIVE_INK_MS: f64 = 100.0;

/// The stroke being drawn changed (`None`: the pen is up). In a game solved together the others
/// see it, every `LIVE_INK_MS` at most (on the Clock port's time), and see it go when it ends.
/// `last_sent` is when a stroke last went (0: none since the last one ended), kept by the caller.
pub fn live_ink_changed(store: Store, drawing: Option<&[[f32; 3]]>, last_sent: &mut f64) {
    if !is_together(store) {
        return;
    }
    let now = store.ports().clock.now_ms();
    match drawing {
        Some(ink) if now - *last_sent >= LIVE_INK_MS => {
            *last_sent = now;
            tell_presence_drawing(store, ink);
        }
        None if *last_sent > 0.0 => {
            *last_sent = 0.0;
            tell_presence(store);
        }
        _ => {}
    }
}

/// `tell_presence`, with the stroke this player is drawing now (`[x, y, pressure]` in 0..1 of
/// the grid), thinned to what a presence message carries.
fn tell_presence_drawing(store: Store, ink: &[[f32; 3]]) {
    let step = ink.len().div_ceil(inkdoku_engine::together::MAX_LIVE_POINTS).max(1);
    let ink: Vec<[f32; 2]> = ink.iter().step_by(step).map(|p| [p[0].clamp(0.0, 1.0), p[1].clamp(0.0, 1.0)]).collect();
    let presence = store.together.with_value(|t| {
        t.as_ref().filter(|t| t.caught_up && t.number > 0).map(|t| Presence {
            player: t.replica.me(),
            number: t.number,
            cell: store.selected.get_untracked(),
            play_ms: store.elapsed.get_untracked(),
            ink,
        })
    });
    if let Some(p) = presence {
        store.ports().room.send(false, Said::Presence(p).to_bytes());
    }
}

/// A move of ours on the shared board (`controller::apply` when the game is shared): made by
/// the game's reducer, merged as an operation, sent. Returns whether the board changed.
pub(super) fn play(store: Store, action: Action) -> bool {
    let before = store.game.with_untracked(|g| g.board().clone());
    let after = match store.game.with_untracked(|g| g.next_board(&before, &action)) {
        Ok(after) => after,
        Err(e) => {
            refused(store, &e);
            return false;
        }
    };
    let op = with_together(store, |t| t.replica.local(&before, &after, action.is_help())).flatten();
    share_move(store, op, &after)
}

/// Whether this player has a move of their own to undo (or, with `redo`, to redo).
pub(super) fn can(store: Store, redo: bool) -> bool {
    store.together.with_value(|t| t.as_ref().is_some_and(|t| if redo { t.replica.can_redo() } else { t.replica.can_undo() }))
}

/// Undo or Redo of this player's own moves.
pub(super) fn undo_redo(store: Store, redo: bool) -> bool {
    let op = with_together(store, |t| if redo { t.replica.redo() } else { t.replica.undo() }).flatten();
    let local = store.game.with_untracked(|g| g.board().clone());
    share_move(store, op, &local)
}

/// Shows the replica's board after our operation, keeps it, and sends it.
fn share_move(store: Store, op: Option<Op>, local: &inkdoku_engine::game::Board) -> bool {
    let Some(op) = op else { return false };
    let board = store.together.with_value(|t| t.as_ref().map(|t| t.replica.board(local)));
    if let Some(board) = board {
        store.change_game(|g| g.rebase(board));
    }
    keep(store);
    store.ports().room.send(true, Said::Op(op).to_bytes());
    true
}
