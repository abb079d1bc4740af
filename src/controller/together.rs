//! Solving together, wired: the room's flow is the core's (`inkdoku_core::together`: moves
//! merged with the room's, presence, numbers, the catch-up, the trouble line); here the player's
//! buttons, moves and live ink, the `Room` port's events and the clock's ticks become its
//! inputs, and its effects are carried out through the ports and the store.

use super::*;
use inkdoku_core::games::Input as GamesInput;
use inkdoku_core::together::{self as room, Effect, Tick, relay_address, trouble_line};
use inkdoku_engine::together::link::{RoomKey, with_room};

pub use room::{ALONE_MS, AWAY_MS, BEAT_MS, ROLL_MS};

/// An input to the core's room: the store mirrors its view, and its effects are carried out
/// here. Returns whether this player's move changed the board (`Effect::Moved`).
fn input(store: Store, input: room::Input) -> bool {
    let effects = {
        // The session's own game (one `Rc`), let go before the effects change it in place.
        let game = store.session.with_value(|s| s.shared_game());
        let ctx = room::Context {
            game: &game,
            now_ms: store.ports().clock.now_ms(),
            visible: store.visible.get_untracked(),
            elapsed_ms: store.elapsed.get_untracked(),
            selected: store.selected.get_untracked(),
            lang: store.lang_now(),
        };
        store.together_input(input, &ctx)
    };
    carry_out(store, effects)
}

fn carry_out(store: Store, effects: Vec<Effect>) -> bool {
    let ports = store.ports();
    let mut moved = false;
    for effect in effects {
        match effect {
            Effect::Join { key, generation } => {
                let relay = store.settings.with_untracked(|s| s.relay.clone());
                ports.room.join(&relay, key, Box::new(move |event| _ = input(store, room::Input::Heard { generation, event })));
            }
            Effect::LeaveRoom => ports.room.leave(),
            Effect::Send { keep, frame } => _ = ports.room.send(keep, frame),
            Effect::After { ms, tick } => ticks_after(store, ms, tick),
            Effect::Rebase(board) => store.change_game(|g| g.rebase(board)),
            Effect::PeerMoved => {
                clear_highlights(store);
                after_change(store);
            }
            Effect::Moved => moved = true,
            // The room kept with the game: the games' input, which saves it (every `Rebase`
            // comes with one: a room's merge is saved as a move is).
            Effect::Save(saved) => games::games(store, GamesInput::Room(saved)),
            Effect::ShowLiveLink => {
                if let Some(link) = live_link(store) {
                    ports.sharing.show_address(&link);
                }
            }
            Effect::ShowAppAddress => ports.sharing.show_address(&ports.sharing.app_url()),
            Effect::PlayTime(ms) => games::games(store, GamesInput::PlayTime(ms)),
            Effect::Say(line) => store.say(line),
            Effect::Unsay(line) => {
                if store.status.with_untracked(|s| *s == line) {
                    store.say(String::new());
                }
            }
            Effect::Dialog(dialog) => store.show(dialog),
            Effect::Refused(e) => refused(store, &e),
            Effect::Failed(e) => ports::log_failure(&e),
            Effect::Warn(why) => leptos::logging::warn!("inkdoku: {why}"),
        }
    }
    moved
}

fn ticks_after(store: Store, ms: u32, tick: Tick) {
    store.ports().clock.after(ms, Box::new(move || _ = input(store, room::Input::Tick(tick))));
}

/// The relay setting, checked: empty (this app's own), or a `ws:`, `wss:`, `http:` or `https:`
/// address. Else the player's words for why not.
pub fn set_relay(store: Store, text: &str) {
    let Some(text) = relay_address(text) else {
        store.say(store.t().relay_bad);
        return;
    };
    store.settings.update(|s| s.relay = text.to_owned());
    store.say(String::new());
    input(store, room::Input::RelayChanged);
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
        input(store, room::Input::Start { key, me });
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
    let done = move |shared| _ = input(store, room::Input::Shared(shared));
    store.ports().sharing.share(store.t().share_title.into(), url, Box::new(done));
}

/// Joins the room of `key` with the game just opened from its link.
pub(super) fn join(store: Store, key: RoomKey) {
    let me = store.ports().random.seed() as u32;
    input(store, room::Input::Join { key, me });
}

/// Rejoins the room of the restored game (a reload, a returning player), or puts the live link
/// back in the address bar when the room's link is followed again.
pub fn resume(store: Store) {
    let saved = store.meta.with_untracked(|m| m.together.clone());
    input(store, room::Input::Resume { saved });
}

/// Whether the game on show is the room of `key`'s (a link to the room opened again).
pub(super) fn in_room(store: Store, key: &RoomKey) -> bool {
    store.together.with_value(|t| t.as_ref().is_some_and(|t| t.key == *key))
        || store.meta.with_untracked(|m| m.together.as_ref().is_some_and(|s| s.key == key.to_text()))
}

/// "Play alone": this player leaves the room; the board stays as it is, theirs alone now.
pub fn leave(store: Store) {
    input(store, room::Input::Leave { said: true });
}

/// Leaves the room without a word (another game replaces the shared one).
pub(super) fn quit(store: Store) {
    input(store, room::Input::Leave { said: false });
}

/// Shows the trouble line (again: a move clears the status line, but the trouble stays until
/// the room is back).
pub(super) fn say_trouble(store: Store) {
    if let Some(line) = store.room.with_untracked(|r| r.as_ref().and_then(|r| trouble_line(r, store.t()))) {
        store.say(line);
    }
}

/// The room's line in the header (`inkdoku_core::together::room_line`), and whether online.
pub fn room_line(store: Store) -> Option<(String, bool)> {
    store.room.with(|r| r.as_ref().map(|r| room::room_line(r, store.ui())))
}

/// Tells the room where this player is (their selected cell) and their play time.
pub fn tell_presence(store: Store) {
    if is_together(store) {
        input(store, room::Input::Tell { ink: Vec::new() });
    }
}

/// The stroke being drawn changed (`None`: the pen is up). In a game solved together the others
/// see it, every `LIVE_INK_MS` at most (on the Clock port's time), and see it go when it ends.
/// `last_sent` is when a stroke last went (0: none since the last one ended), kept by the caller.
pub fn live_ink_changed(store: Store, drawing: Option<&[[f32; 3]]>, last_sent: &mut f64) {
    if is_together(store) && room::live_ink_due(drawing.is_some(), store.ports().clock.now_ms(), last_sent) {
        input(store, room::Input::Tell { ink: drawing.map(<[_]>::to_vec).unwrap_or_default() });
    }
}

/// A move of ours on the shared board (`controller::apply` when the game is shared). Returns
/// whether the board changed.
pub(super) fn play(store: Store, action: Action) -> bool {
    input(store, room::Input::Move(action))
}

/// Whether this player has a move of their own to undo (or, with `redo`, to redo).
pub(super) fn can(store: Store, redo: bool) -> bool {
    store.together.with_value(|t| t.as_ref().is_some_and(|t| if redo { t.replica.can_redo() } else { t.replica.can_undo() }))
}

/// Undo or Redo of this player's own moves.
pub(super) fn undo_redo(store: Store, redo: bool) -> bool {
    input(store, room::Input::Undo { redo })
}
