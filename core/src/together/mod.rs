//! Solving together: the game's board shared with the players of a room, as a flow of inputs
//! and effects. Each move is made by the game's reducer on the shared board, becomes an
//! operation of this player's replica (`inkdoku_engine::together`), and is sent; the others'
//! operations merge into the replica, and the board on show is the replica's. Undo takes back
//! this player's own last move. Offline, moves are kept in the replica (saved with the game)
//! and sent when the connection is back; a reload rejoins.
//!
//! The room's live side (`Together`, `None` when the game is not shared) takes inputs: the
//! player's buttons (start, join from a link, resume after a reload, leave, share the live
//! link), the player's moves and live ink, what the room said (`RoomEvent`s: connected, a
//! frame, the relay's count, a drop) and the clock's ticks (`Tick`: the beat, the roll call,
//! the wait before a newcomer's number, the retry). Each input returns what changed (the room
//! as the screen shows it) and the effects for the app to carry out through its ports and
//! store (send this frame, join or leave the room, put the merged board on show, save the room
//! with the game, say this, set a timer). The app's store holds the live side and mirrors its
//! `view` read-only (`Store::together_input`), and its `controller::together` builds the
//! input and carries the effects out.
//!
//! ```text
//!  mod.rs       the live side, inputs and effects; the connection, moves in and out, the catch-up
//!  presence.rs  who is here and away (the beat, the roll call), the players' numbers, the room's line
//! ```

pub mod presence;

use crate::i18n::{Lang, Ui, fill, ui};
use crate::ports::{PlatformError, RoomEvent, Shared};
use crate::state::{Dialog, RoomView, SavedTogether, Trouble};
use inkdoku_engine::game::{Action, ActionError, Board, Game};
use inkdoku_engine::geometry::cell_name;
use inkdoku_engine::together::link::RoomKey;
use inkdoku_engine::together::{Field, Op, PlayerId, Replica, Said, Stamp};
use inkdoku_engine::{Cell, Digit};
use std::collections::BTreeSet;

pub use presence::{ALONE_MS, AWAY_MS, BEAT_MS, LIVE_INK_MS, ROLL_MS, live_ink_due, relay_address, room_line, trouble_line};

/// The first wait before connecting again, and the longest.
pub const RETRY_MS: (u32, u32) = (1_000, 30_000);

/// The live side of a shared game (its saved side is `GameMeta::together`).
pub struct Together {
    pub key: RoomKey,
    pub replica: Replica,
    /// This player's number in the room ("Player 2"); 0 until the room's history is known.
    pub number: u8,
    /// The kept frames have all come in since the last connect.
    pub caught_up: bool,
    /// Operations the relay replayed since the last connect: ours among them need no resend.
    pub replayed: BTreeSet<Stamp>,
    /// The wait before the next try to connect, grown on each failure.
    pub retry_ms: u32,
    /// Bumped on each connect: a retry or a timer of an older connection does nothing.
    pub generation: u32,
    /// The player was told they joined (once: a reconnect before their number is known says
    /// it again no more, nor covers a notice the reconnect brought).
    pub welcomed: bool,
    /// The room as the screen shows it (the store's `room` mirrors it).
    pub view: RoomView,
}

impl Together {
    /// A room's live side before its first connection: this player's `number` (0 until known)
    /// and whether they were already told they joined.
    pub fn new(key: RoomKey, replica: Replica, number: u8, welcomed: bool) -> Together {
        Together {
            key,
            replica,
            number,
            caught_up: false,
            replayed: BTreeSet::new(),
            retry_ms: RETRY_MS.0,
            generation: 0,
            welcomed,
            view: RoomView::default(),
        }
    }

    /// The room as saved with the game.
    pub fn saved(&self) -> SavedTogether {
        SavedTogether { key: self.key.to_text(), number: self.number, replica: self.replica.saved() }
    }
}

/// A timer's end, to come back as `Input::Tick` (`Effect::After`). Each names the connection
/// (`generation`) it belongs to: a tick of an older one does nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tick {
    /// Try to connect again after a drop.
    Retry { generation: u32 },
    /// This player's beat: a presence, and the players silent too long marked away.
    Beat { generation: u32 },
    /// The roll call called at `called` (the clock's ms) is over: whoever did not answer is away.
    RollCall { generation: u32, called: f64 },
    /// A newcomer's wait for the players here is over: it takes its number.
    TakeNumber { generation: u32 },
    /// A player who opened a link to the room of `key` may be alone in it.
    Alone { key: RoomKey },
}

/// An input to the room's flow.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// "Solve together": the game on show becomes the room of `key`, with this player as `me`.
    Start { key: RoomKey, me: PlayerId },
    /// The game just opened from a room's link (its puzzle, no moves yet) joins the room.
    Join { key: RoomKey, me: PlayerId },
    /// The restored game rejoins its room (`saved`: the room as saved with it, if any), or the
    /// room's link was followed again while in it.
    Resume { saved: Option<SavedTogether> },
    /// "Play alone" (`said`), or another game replaces the shared one (without a word).
    Leave { said: bool },
    /// The relay setting changed: a shared game moves to the new relay at once.
    RelayChanged,
    /// What the share sheet or the clipboard did with the live link.
    Shared(Result<Shared, PlatformError>),
    /// What the room said on the connection `generation`.
    Heard { generation: u32, event: RoomEvent },
    /// A timer set by `Effect::After` ended.
    Tick(Tick),
    /// A move of this player's on the shared board.
    Move(Action),
    /// Undo (or Redo) of this player's own moves.
    Undo { redo: bool },
    /// Tell the room where this player is, with the stroke they are drawing now (`[x, y,
    /// pressure]` in 0..1 of the grid; empty when the pen is up).
    Tell { ink: Vec<[f32; 3]> },
}

/// What the room's flow is told of the app with each input.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The game on show.
    pub game: &'a Game,
    /// The Clock port's time (ms).
    pub now_ms: f64,
    /// The page is shown (a hidden page sends no beat).
    pub visible: bool,
    /// The play time so far (ms).
    pub elapsed_ms: u64,
    /// The selected cell, told to the others.
    pub selected: Option<Cell>,
    /// The interface language.
    pub lang: Lang,
}

impl Context<'_> {
    fn t(&self) -> &'static Ui {
        ui(self.lang)
    }
}

/// What the app must do (in this order).
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Connect to the room of `key` (on the relay the settings name), reporting as `generation`.
    Join { key: RoomKey, generation: u32 },
    /// Leave the room's connection.
    LeaveRoom,
    /// Seal and send a frame (`Said::to_bytes`), kept by the relay for later joiners when `keep`.
    Send { keep: bool, frame: Vec<u8> },
    /// Set a timer: `tick` comes back as `Input::Tick` after `ms`.
    After { ms: u32, tick: Tick },
    /// The game's board becomes this (the shared board: `Game::rebase`). Always followed by
    /// `Save` (the room kept with the game), which is what the app's autosave is told of a
    /// room's merge (the games' `Room` input).
    Rebase(Board),
    /// A peer's move changed the board: hint marks go, a win is celebrated.
    PeerMoved,
    /// This player's move went to the room and changed the board: what every change of the board does.
    Moved,
    /// Save the room with the game (`GameMeta::together`; `None`: the game is no room's now).
    Save(Option<SavedTogether>),
    /// The address bar shows the live link (while in the room).
    ShowLiveLink,
    /// The address bar shows the app's plain address.
    ShowAppAddress,
    /// The play time is the room's longest: this.
    PlayTime(u64),
    /// Say this on the status line.
    Say(String),
    /// Clear the status line if it still says this.
    Unsay(String),
    /// Open this dialog.
    Dialog(Dialog),
    /// The game refused a move: said in the player's words.
    Refused(ActionError),
    /// The browser refused to share (for the console).
    Failed(PlatformError),
    /// For the console: what could not be read, and why.
    Warn(String),
}

/// Which parts an input changed (the screen copies only those).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Changed {
    /// The room as the screen shows it (`Together::view`, or whether there is a room).
    pub view: bool,
}

/// What an input changed and what the app must do.
#[derive(Debug, Default)]
pub struct Outcome {
    pub changed: Changed,
    pub effects: Vec<Effect>,
}

/// One input's work: the context, the play time as this input leaves it (a presence heard
/// makes it the room's longest before ours goes out), and what came of it.
struct Turn<'a> {
    ctx: &'a Context<'a>,
    elapsed_ms: u64,
    out: Outcome,
}

impl Turn<'_> {
    fn say(&mut self, line: impl Into<String>) {
        self.out.effects.push(Effect::Say(line.into()));
    }

    fn effect(&mut self, effect: Effect) {
        self.out.effects.push(effect);
    }

    fn view_changed(&mut self) {
        self.out.changed.view = true;
    }
}

/// Takes an input into the room's live side (`room`: `None` when the game is not shared).
pub fn input(room: &mut Option<Together>, input: Input, ctx: &Context) -> Outcome {
    let mut turn = Turn { ctx, elapsed_ms: ctx.elapsed_ms, out: Outcome::default() };
    match input {
        Input::Start { key, me } => start(room, &mut turn, key, me),
        Input::Join { key, me } => {
            let replica = Replica::new(me, ctx.game.givens().clone());
            begin(room, &mut turn, Together::new(key, replica, 0, false));
            // Still alone a little later, with nothing heard from anyone: the link may be wrong.
            turn.effect(Effect::After { ms: ALONE_MS, tick: Tick::Alone { key } });
        }
        Input::Resume { saved } => resume(room, &mut turn, saved),
        Input::Leave { said } => {
            if room.take().is_some() {
                turn.view_changed();
                turn.effect(Effect::LeaveRoom);
                turn.effect(Effect::Save(None));
                turn.effect(Effect::ShowAppAddress);
                if said {
                    turn.say(ctx.t().together_left);
                }
            }
        }
        Input::RelayChanged => {
            if let Some(t) = room {
                connect(t, &mut turn);
            }
        }
        Input::Shared(shared) => match shared {
            Ok(Shared::Sheet) => turn.say(ctx.t().shared),
            Ok(Shared::Copied) => turn.say(ctx.t().together_copied),
            Err(e) => {
                turn.effect(Effect::Failed(e));
                turn.effect(Effect::Dialog(Dialog::Share));
                turn.say(ctx.t().together_by_hand);
            }
        },
        Input::Heard { generation, event } => {
            if let Some(t) = room.as_mut().filter(|t| t.generation == generation) {
                heard(t, &mut turn, event);
            }
        }
        Input::Tick(tick) => {
            if let Some(t) = room {
                ticked(t, &mut turn, tick);
            }
        }
        Input::Move(action) => {
            if let Some(t) = room {
                play(t, &mut turn, &action);
            }
        }
        Input::Undo { redo } => {
            if let Some(t) = room {
                let op = if redo { t.replica.redo() } else { t.replica.undo() };
                share_move(t, &mut turn, op, ctx.game.board());
            }
        }
        Input::Tell { ink } => {
            if let Some(t) = room {
                presence::tell(t, &mut turn, &ink);
            }
        }
    }
    turn.out
}

/// The game on show becomes a room's: what is on the board already is the room's starting
/// point, not a move to undo (and help used before the room began is the room's help too).
fn start(room: &mut Option<Together>, turn: &mut Turn, key: RoomKey, me: PlayerId) {
    if room.is_some() {
        return;
    }
    let game = turn.ctx.game;
    let givens = game.givens().clone();
    let mut replica = Replica::new(me, givens.clone());
    let empty = Game::new(givens, None).board().clone();
    replica.share_board(&empty, game.board(), game.helped());
    turn.effect(Effect::Rebase(game.board().clone()));
    begin(room, turn, Together::new(key, replica, 1, false));
}

/// Rejoins the room of the restored game; a damaged record leaves the game to play alone, and
/// says why in the console.
fn resume(room: &mut Option<Together>, turn: &mut Turn, saved: Option<SavedTogether>) {
    if room.is_some() {
        // The room's link followed again (it cleared the address bar): the live link goes back.
        turn.effect(Effect::ShowLiveLink);
        return;
    }
    let Some(saved) = saved else { return };
    let game = turn.ctx.game;
    // The room's key, then the replica: the first that can't be read says why.
    let restored = RoomKey::parse(&saved.key)
        .map_err(|e| e.to_string())
        .and_then(|key| Ok((key, Replica::restore(game.givens().clone(), saved.replica).map_err(|e| e.to_string())?)));
    match restored {
        Ok((key, replica)) => {
            turn.effect(Effect::Rebase(replica.board(game.board())));
            begin(room, turn, Together::new(key, replica, saved.number, true));
        }
        Err(e) => {
            turn.effect(Effect::Warn(format!("the shared game's record: {e}")));
            turn.effect(Effect::Save(None));
        }
    }
}

fn begin(room: &mut Option<Together>, turn: &mut Turn, together: Together) {
    let t = room.insert(together);
    turn.view_changed();
    keep(t, turn);
    // The address bar holds the live link while in the room.
    turn.effect(Effect::ShowLiveLink);
    connect(t, turn);
}

/// Saves the replica with the game.
fn keep(t: &Together, turn: &mut Turn) {
    turn.effect(Effect::Save(Some(t.saved())));
}

fn connect(t: &mut Together, turn: &mut Turn) {
    t.generation += 1;
    t.caught_up = false;
    t.replayed.clear();
    turn.effect(Effect::Join { key: t.key, generation: t.generation });
}

fn heard(t: &mut Together, turn: &mut Turn, event: RoomEvent) {
    match event {
        RoomEvent::Connected => {
            t.view.online = true;
            turn.view_changed();
        }
        RoomEvent::Insecure => {
            // No retry: the page will not gain WebCrypto by waiting.
            t.view.online = false;
            t.view.trouble = Some(Trouble::Insecure);
            turn.view_changed();
            say_trouble(t, turn);
        }
        RoomEvent::Said(frame) => said(t, turn, &frame),
        RoomEvent::Players(n) => {
            let before = t.view.players;
            t.view.players = n;
            turn.view_changed();
            if !std::mem::replace(&mut t.caught_up, true) {
                caught_up(t, turn);
                turn.effect(Effect::After { ms: BEAT_MS, tick: Tick::Beat { generation: t.generation } });
            } else if n > before {
                // Someone came: they learn who we are (and where) without waiting for our next step.
                presence::tell(t, turn, &[]);
            } else if n < before {
                presence::roll_call(t, turn);
            }
        }
        RoomEvent::Unreadable(why) => turn.effect(Effect::Warn(format!("a shared frame: {why}"))),
        RoomEvent::Disconnected(why) => {
            t.view.online = false;
            t.view.peers.clear();
            t.view.trouble = Some(if why == "room full" { Trouble::Full } else { Trouble::Offline });
            turn.view_changed();
            say_trouble(t, turn);
            let wait = t.retry_ms;
            t.retry_ms = (wait * 2).min(RETRY_MS.1);
            turn.effect(Effect::After { ms: wait, tick: Tick::Retry { generation: t.generation } });
        }
    }
}

fn ticked(t: &mut Together, turn: &mut Turn, tick: Tick) {
    match tick {
        Tick::Retry { generation } if generation == t.generation => connect(t, turn),
        Tick::Beat { generation } if generation == t.generation && t.view.online => presence::beat(t, turn),
        Tick::RollCall { generation, called } if generation == t.generation => presence::mark_silent(t, turn, called),
        Tick::TakeNumber { generation } if generation == t.generation => presence::take_number(t, turn, None),
        Tick::Alone { key } => {
            // Said only while the room is reachable (otherwise the trouble line is what is
            // true); nobody proved the key: a bare connection to the room's path is nobody either.
            let me = t.replica.me();
            let alone = t.key == key && t.replica.log().iter().all(|op| op.stamp.player == me);
            if alone && t.view.online && t.view.peers.is_empty() {
                turn.say(turn.ctx.t().together_nobody);
            }
        }
        _ => {}
    }
}

/// Shows the trouble line (again: a move clears the status line, but the trouble stays until
/// the room is back).
fn say_trouble(t: &Together, turn: &mut Turn) {
    if let Some(line) = trouble_line(&t.view, turn.ctx.t()) {
        turn.say(line);
    }
}

/// A peer's words: an operation merged into the board, or where they are. A frame that cannot
/// be read is said in the console and changes nothing.
fn said(t: &mut Together, turn: &mut Turn, frame: &[u8]) {
    let game = turn.ctx.game;
    match Said::from_bytes(frame, game.givens()) {
        Ok(Said::Op(op)) => {
            let stamp = op.stamp;
            // A move made now (not one of the kept frames replayed on connecting) says its
            // player is here.
            if t.caught_up {
                presence::heard_from(t, turn, stamp.player);
            } else {
                t.replayed.insert(stamp);
            }
            // Our digits this move overrides: a partner's earlier move that wins the cell (it
            // was made while we were apart, with a later stamp).
            let me = t.replica.me();
            let ours: Vec<_> = op
                .writes
                .iter()
                .filter(|w| w.1 == Field::Digit && stamp.player != me)
                .filter(|w| t.replica.holder(w.key()).is_some_and(|(s, v)| s.player == me && v != 0 && v != w.2))
                .map(|w| (w.0, w.2))
                .collect();
            match t.replica.receive(op) {
                Ok(true) => {
                    let lost = ours.into_iter().find(|&(cell, _)| t.replica.holder((cell, Field::Digit)).is_some_and(|(s, _)| s == stamp));
                    turn.effect(Effect::Rebase(t.replica.board(game.board())));
                    turn.effect(Effect::PeerMoved);
                    keep(t, turn);
                    if let Some((cell, value)) = lost {
                        kept_notice(t, turn, stamp.player, cell, value);
                    }
                }
                Ok(false) => {}
                Err(e) => turn.effect(Effect::Warn(format!("a shared move refused: {e}"))),
            }
        }
        Ok(Said::Presence(p)) => presence::heard(t, turn, p),
        Err(e) => turn.effect(Effect::Warn(format!("a shared frame refused: {e}"))),
    }
}

/// Says that a partner's digit won a cell this player had written ("Player 1's 7 kept in
/// r3c7"): the board changed under them, and Undo goes on with their other moves.
fn kept_notice(t: &Together, turn: &mut Turn, player: PlayerId, cell: Cell, value: u8) {
    let ui = turn.ctx.t();
    let size = turn.ctx.game.size();
    let who = t.view.numbers.get(&player).map_or_else(|| ui.together_partner.to_string(), |n| fill(ui.player_n, &[("n", &n.to_string())]));
    let digit = Digit::new(value).map_or_else(|| value.to_string(), |d| size.digit_char(d).to_string());
    turn.say(fill(ui.together_kept, &[("who", &who), ("d", &digit), ("cell", &cell_name(size, cell))]));
}

/// Every kept frame is in: our moves the relay did not have go out now (made offline, or lost
/// on the way), and everyone learns where we are. A newcomer takes a number only once the
/// players here have said theirs (`presence::take_number`).
fn caught_up(t: &mut Together, turn: &mut Turn) {
    t.retry_ms = RETRY_MS.0;
    let me = t.replica.me();
    for op in t.replica.log().iter().filter(|op| op.stamp.player == me && !t.replayed.contains(&op.stamp)) {
        turn.effect(Effect::Send { keep: true, frame: Said::Op(op.clone()).to_bytes() });
    }
    let newcomer = t.number == 0;
    let welcome = !std::mem::replace(&mut t.welcomed, true);
    keep(t, turn);
    // Really back: the trouble line goes (only now, not at the next move).
    let trouble = trouble_line(&t.view, turn.ctx.t());
    t.view.number = t.number;
    t.view.trouble = None;
    turn.view_changed();
    if newcomer && welcome {
        turn.say(turn.ctx.t().together_joined);
    } else if let Some(line) = trouble {
        turn.effect(Effect::Unsay(line.into()));
    }
    if newcomer {
        // The players here answer a newcomer's arrival with their presence at once (`n >
        // before` in `heard`); a roll call's time is theirs to be heard.
        turn.effect(Effect::After { ms: ROLL_MS, tick: Tick::TakeNumber { generation: t.generation } });
    } else {
        presence::tell(t, turn, &[]);
    }
}

/// A move of ours on the shared board: made by the game's reducer, merged as an operation, sent.
fn play(t: &mut Together, turn: &mut Turn, action: &Action) {
    let game = turn.ctx.game;
    match game.next_board(game.board(), action) {
        Ok(after) => {
            let op = t.replica.local(game.board(), &after, action.is_help());
            share_move(t, turn, op, &after);
        }
        Err(e) => turn.effect(Effect::Refused(e)),
    }
}

/// Shows the replica's board after our operation, keeps it, and sends it.
fn share_move(t: &Together, turn: &mut Turn, op: Option<Op>, local: &Board) {
    let Some(op) = op else { return };
    turn.effect(Effect::Rebase(t.replica.board(local)));
    keep(t, turn);
    turn.effect(Effect::Send { keep: true, frame: Said::Op(op).to_bytes() });
    turn.effect(Effect::Moved);
}

#[cfg(test)]
mod tests;
