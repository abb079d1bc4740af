//! The room's flow natively: players (each a `Player`: the live side, the game, a set clock)
//! whose frames are handed over by hand in place of a relay. The app's wiring over the ports'
//! fakes (a `Hub` for the relay, storage, the Share dialog) is `src/controller/tests_together.rs`.

use super::*;
use crate::state::Peer;
use inkdoku_engine::format::line;
use inkdoku_engine::together::Write;

const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";
const KEY: RoomKey = RoomKey([7; 32]);

/// One player's app as `controller::together` carries the effects out, without a browser.
struct Player {
    room: Option<Together>,
    game: Game,
    now: f64,
    visible: bool,
    elapsed: u64,
    status: String,
    /// Frames sent and not yet handed to the others, with whether the relay keeps them.
    sent: Vec<(bool, Vec<u8>)>,
    /// Timers set: when they end (the clock's ms) and what comes back.
    timers: Vec<(f64, Tick)>,
    saved: Option<SavedTogether>,
    console: Vec<String>,
    /// The connections asked for.
    joins: u32,
    lang: Lang,
}

impl Player {
    fn new() -> Player {
        let grid = line::parse(PUZZLE).unwrap();
        let solution = inkdoku_engine::solver::solutions(&grid, 2).remove(0);
        Player {
            room: None,
            game: Game::new(grid, Some(solution)),
            now: 1_000.0,
            visible: true,
            elapsed: 0,
            status: String::new(),
            sent: Vec::new(),
            timers: Vec::new(),
            saved: None,
            console: Vec::new(),
            joins: 0,
            lang: Lang::En,
        }
    }

    fn input(&mut self, input: Input) -> Outcome {
        let ctx = Context {
            game: &self.game,
            now_ms: self.now,
            visible: self.visible,
            elapsed_ms: self.elapsed,
            selected: None,
            lang: self.lang,
        };
        let outcome = super::input(&mut self.room, input, &ctx);
        // A board put on show is kept with the game after it: the app's autosave takes the
        // room's merge from that `Save` (the games' `Room` input), as a move's from the session.
        if let Some(rebased) = outcome.effects.iter().position(|e| matches!(e, Effect::Rebase(_))) {
            assert!(
                outcome.effects[rebased..].iter().any(|e| matches!(e, Effect::Save(Some(_)))),
                "a Rebase without the room saved after it: {:?}",
                outcome.effects
            );
        }
        for effect in &outcome.effects {
            match effect {
                Effect::Join { .. } => self.joins += 1,
                Effect::Send { keep, frame } => self.sent.push((*keep, frame.clone())),
                Effect::After { ms, tick } => self.timers.push((self.now + f64::from(*ms), *tick)),
                Effect::Rebase(board) => self.game.rebase(board.clone()),
                Effect::Save(saved) => self.saved = saved.clone(),
                Effect::PlayTime(ms) => self.elapsed = *ms,
                Effect::Say(line) => self.status = line.clone(),
                Effect::Unsay(line) if *line == self.status => self.status.clear(),
                Effect::Warn(why) => self.console.push(why.clone()),
                _ => {}
            }
        }
        outcome
    }

    /// What the room says on the connection now.
    fn hear(&mut self, event: RoomEvent) -> Outcome {
        let generation = self.room.as_ref().expect("in a room").generation;
        self.input(Input::Heard { generation, event })
    }

    /// Connected, the kept frames in, and the relay's count: `players`.
    fn connected(&mut self, kept: &[Vec<u8>], players: usize) {
        self.hear(RoomEvent::Connected);
        for frame in kept {
            self.hear(RoomEvent::Said(frame.clone()));
        }
        self.hear(RoomEvent::Players(players));
    }

    /// The set clock moves on; the timers due end, in order.
    fn advance(&mut self, ms: f64) {
        self.now += ms;
        loop {
            let due = self.timers.iter().enumerate().filter(|(_, (at, _))| *at <= self.now).min_by(|a, b| a.1.0.total_cmp(&b.1.0));
            let Some((i, _)) = due else { break };
            let (_, tick) = self.timers.remove(i);
            self.input(Input::Tick(tick));
        }
    }

    fn view(&self) -> &RoomView {
        &self.room.as_ref().expect("in a room").view
    }

    fn line(&self) -> String {
        self.line_in(self.lang)
    }

    fn line_in(&self, lang: Lang) -> String {
        room_line(self.view(), ui(lang)).0
    }

    fn number(&self) -> u8 {
        self.view().number
    }

    /// The first empty cell and its answer.
    fn next_answer(&self) -> (Cell, Digit) {
        let solution = self.game.solution().cloned().unwrap();
        let cell = (0..81).map(Cell::new).find(|&c| self.game.digit(c).is_none()).unwrap();
        (cell, solution.get(cell).unwrap())
    }

    fn place(&mut self, cell: Cell, digit: Digit) -> Outcome {
        self.input(Input::Move(Action::Place { cell, digit, clear_peer_notes: true }))
    }
}

/// Hands what `from` sent to each of `to` (as the relay does, live).
fn pass(from: &mut Player, to: &mut [&mut Player]) {
    for (_, frame) in std::mem::take(&mut from.sent) {
        for p in to.iter_mut() {
            p.hear(RoomEvent::Said(frame.clone()));
        }
    }
}

/// `from` writes the first empty cell's answer, and `to` hears it. Returns the cell and digit.
fn answer(from: &mut Player, to: &mut Player) -> (Cell, Digit) {
    let (cell, digit) = from.next_answer();
    from.place(cell, digit);
    pass(from, &mut [to]);
    (cell, digit)
}

/// A starts a room with a digit on the board; B joins from the link: the kept frames, then the
/// relay's count, A's answer to B's arrival, and B's number after the roll call's time.
/// Returns both, and the room's kept frames.
fn two_players() -> (Player, Player, Vec<Vec<u8>>) {
    let (mut a, mut b) = (Player::new(), Player::new());
    let (cell, digit) = a.next_answer();
    a.game.apply(Action::Place { cell, digit, clear_peer_notes: true }).unwrap();
    a.input(Input::Start { key: KEY, me: 10 });
    a.connected(&[], 1);
    let kept: Vec<Vec<u8>> = std::mem::take(&mut a.sent).into_iter().filter(|(keep, _)| *keep).map(|(_, frame)| frame).collect();
    assert_eq!(kept.len(), 1, "the board as the room began: one kept move");
    b.input(Input::Join { key: KEY, me: 20 });
    b.connected(&kept, 2);
    assert_eq!(b.game.digit(cell), Some(digit), "B has the board A had when the room began");
    assert_eq!(b.status, ui(Lang::En).together_joined);
    a.hear(RoomEvent::Players(2));
    pass(&mut a, &mut [&mut b]);
    b.advance(f64::from(ROLL_MS));
    pass(&mut b, &mut [&mut a]);
    assert_eq!((a.number(), b.number()), (1, 2));
    (a, b, kept)
}

#[test]
fn two_players_moves_merge_on_both_boards_and_a_note_each_in_one_cell_both_stay() {
    let (mut a, mut b, _) = two_players();
    let (cell, digit) = a.next_answer();
    assert!(a.place(cell, digit).effects.contains(&Effect::Moved));
    pass(&mut a, &mut [&mut b]);
    assert_eq!(b.game.digit(cell), Some(digit));
    // Two notes written at once in one cell, each before the other's arrives.
    let (note_cell, _) = a.next_answer();
    let [three, five] = [3, 5].map(|d| Digit::new(d).unwrap());
    a.input(Input::Move(Action::ToggleNote { cell: note_cell, digit: three }));
    b.input(Input::Move(Action::ToggleNote { cell: note_cell, digit: five }));
    pass(&mut a, &mut [&mut b]);
    pass(&mut b, &mut [&mut a]);
    for p in [&a, &b] {
        assert!(p.game.board().pencil.notes[note_cell.index()].contains(three));
        assert!(p.game.board().pencil.notes[note_cell.index()].contains(five));
    }
    assert_eq!(a.game.board(), b.game.board());
    // A peer's move is told as one (hint marks go, a win is looked for); it is no move of ours.
    let solution = b.game.solution().cloned().unwrap();
    let cell = (0..81).map(Cell::new).find(|&c| b.game.digit(c).is_none() && c != note_cell).unwrap();
    let digit = solution.get(cell).unwrap();
    b.place(cell, digit);
    let (_, frame) = b.sent.pop().unwrap();
    let heard = a.hear(RoomEvent::Said(frame));
    assert!(heard.effects.contains(&Effect::PeerMoved) && !heard.effects.contains(&Effect::Moved));
    // Undo takes back A's own last move only, as a new operation.
    let undone = a.input(Input::Undo { redo: false });
    assert!(undone.effects.contains(&Effect::Moved));
    pass(&mut a, &mut [&mut b]);
    assert!(!b.game.board().pencil.notes[note_cell.index()].contains(three), "A's note undone");
    assert!(b.game.board().pencil.notes[note_cell.index()].contains(five), "B's note stays");
    assert_eq!(b.game.digit(cell), Some(digit), "B's digit stays");
}

#[test]
fn a_frame_that_cannot_be_read_is_said_in_the_console_and_changes_nothing() {
    let (mut a, _b, kept) = two_players();
    let (board, view) = (a.game.board().clone(), a.view().clone());
    // Garbage, empty, cut short, a digit off the grid, and random bytes from a fixed seed.
    let mut frames: Vec<Vec<u8>> = vec![Vec::new(), b"not a frame".to_vec(), kept[0][..kept[0].len() / 2].to_vec()];
    let off_grid = Said::Op(Op {
        stamp: Stamp { clock: 99, player: 30 },
        writes: vec![Write(Cell::new(200), Field::Digit, 4)],
        strokes: Vec::new(),
        erased: Vec::new(),
        help: false,
    });
    frames.push(off_grid.to_bytes());
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..300 {
        let frame: Vec<u8> = (0..(seed % 40) as usize)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        frames.push(frame);
    }
    for frame in frames {
        let warned = a.console.len();
        let heard = a.hear(RoomEvent::Said(frame.clone()));
        let changed = heard.effects.iter().any(|e| matches!(e, Effect::Rebase(_)));
        if !changed {
            continue;
        }
        // A random frame may read as a valid move (the binary form has no checksum: the seal
        // is the check); then it is one, and says nothing.
        assert_eq!(a.console.len(), warned, "{frame:?}");
        a.game.rebase(board.clone());
    }
    assert!(a.console.iter().any(|w| w.starts_with("a shared frame refused")), "{:?}", a.console);
    assert!(a.console.iter().any(|w| w.contains("outside the grid")), "the move off the grid: {:?}", a.console);
    assert_eq!(a.game.board(), &board);
    assert_eq!(a.view().players, view.players);
    assert_eq!(a.status, "", "said in the console, not to the player");
}

#[test]
fn a_partner_is_here_while_their_beat_comes_and_away_after_25_s_of_silence() {
    let (mut a, mut b, _) = two_players();
    let here = |p: &Player| p.view().peers.iter().map(|peer: &Peer| (peer.number, !peer.away)).collect::<Vec<_>>();
    // Both pages shown: each beat keeps the other here.
    for _ in 0..4 {
        a.advance(f64::from(BEAT_MS));
        b.advance(f64::from(BEAT_MS));
        pass(&mut a, &mut [&mut b]);
        pass(&mut b, &mut [&mut a]);
    }
    assert_eq!((here(&a), here(&b)), (vec![(2, true)], vec![(1, true)]));
    // B's page hidden: its beat stops; two beats on it is still here, the third it is away.
    b.visible = false;
    for beat in 0..3 {
        a.advance(f64::from(BEAT_MS));
        b.advance(f64::from(BEAT_MS));
        pass(&mut a, &mut [&mut b]);
        pass(&mut b, &mut [&mut a]);
        assert_eq!(here(&a), vec![(2, beat < 2)], "beat {beat}");
    }
    assert_eq!(a.line(), "Together: only you are here · You are Player 1 · Player 2: away");
    assert!(a.line_in(Lang::De).ends_with("Spieler 2: weg"), "{}", a.line_in(Lang::De));
    assert_eq!(here(&b), vec![(1, true)], "B still hears A");
    // A move of B's brings B back.
    b.visible = true;
    let (cell, digit) = b.next_answer();
    b.place(cell, digit);
    pass(&mut b, &mut [&mut a]);
    assert_eq!(a.line(), "Together: 2 players · You are Player 1 · Player 2: here");
}

#[test]
fn when_the_relay_s_count_drops_whoever_misses_the_roll_call_is_away() {
    let (mut a, mut b, _) = two_players();
    a.advance(1_000.0);
    a.hear(RoomEvent::Players(1));
    a.advance(f64::from(ROLL_MS) - 1.0);
    assert_eq!(a.line(), "Together: 2 players · You are Player 1 · Player 2: here", "not before the roll call's time");
    a.advance(1.0);
    assert_eq!(a.line(), "Together: only you are here · You are Player 1 · Player 2: away");
    // B's line comes back: its hello (once caught up) brings it back.
    b.hear(RoomEvent::Disconnected("gone".into()));
    assert_eq!(b.status, ui(Lang::En).together_offline);
    assert_eq!(b.line(), "Together: offline · You are Player 2", "no count from before the drop");
    b.advance(f64::from(RETRY_MS.0));
    assert_eq!(b.joins, 2, "tried again after a second");
    b.connected(&[], 2);
    assert_eq!(b.status, "", "back: the line goes");
    pass(&mut b, &mut [&mut a]);
    assert_eq!(a.line(), "Together: 2 players · You are Player 1 · Player 2: here");
}

#[test]
fn two_newcomers_at_once_take_the_same_number_and_the_higher_player_id_moves_on() {
    let (mut a, mut b, kept) = two_players();
    let (mut c, mut d) = (Player::new(), Player::new());
    c.input(Input::Join { key: KEY, me: 40 });
    d.input(Input::Join { key: KEY, me: 30 });
    // The relay also counts a bare connection to the room's path (one more than the players):
    // the numbers never come from its count.
    c.connected(&kept, 4);
    d.connected(&kept, 5);
    // The players here answer each arrival; C and D, not yet numbered, say nothing.
    for p in [&mut a, &mut b] {
        p.hear(RoomEvent::Players(4));
        p.hear(RoomEvent::Players(5));
    }
    pass(&mut a, &mut [&mut c, &mut d]);
    pass(&mut b, &mut [&mut c, &mut d]);
    assert_eq!((c.number(), d.number()), (0, 0), "no number before the roll call's time");
    c.advance(f64::from(ROLL_MS));
    d.advance(f64::from(ROLL_MS));
    assert_eq!((c.number(), d.number()), (3, 3), "the same heard, the same taken");
    pass(&mut c, &mut [&mut a, &mut b, &mut d]);
    pass(&mut d, &mut [&mut a, &mut b, &mut c]);
    assert_eq!((c.number(), d.number()), (4, 3), "C (player 40) moves on; D (30) keeps 3");
    assert_eq!(c.saved.as_ref().map(|s| s.number), Some(4), "the new number saved with the game");
    pass(&mut c, &mut [&mut a, &mut b, &mut d]);
    assert_eq!(a.line(), "Together: 4 players · You are Player 1 · Player 2: here · Player 3: here · Player 4: here");
}

#[test]
fn leaving_keeps_the_board_saves_no_room_and_says_so_once() {
    let (mut a, _b, _) = two_players();
    let (cell, digit) = a.next_answer();
    a.place(cell, digit);
    let board = a.game.board().clone();
    let left = a.input(Input::Leave { said: true });
    assert!(left.changed.view);
    assert_eq!(
        left.effects,
        vec![Effect::LeaveRoom, Effect::Save(None), Effect::ShowAppAddress, Effect::Say(ui(Lang::En).together_left.into())]
    );
    assert!(a.room.is_none() && a.saved.is_none());
    assert_eq!(a.game.board(), &board);
    // Nothing more to leave; a move is no room's now, and a late timer does nothing.
    assert!(a.input(Input::Leave { said: true }).effects.is_empty());
    assert!(a.input(Input::Move(Action::Place { cell, digit, clear_peer_notes: true })).effects.is_empty());
    let sent = a.sent.len();
    a.advance(f64::from(BEAT_MS) * 3.0);
    assert_eq!(a.sent.len(), sent, "no beat after leaving");
    assert!(a.console.is_empty());
}

#[test]
fn a_reload_resumes_as_the_same_player_with_the_board_and_undo_and_a_damaged_record_plays_alone() {
    let (mut a, mut b, kept) = two_players();
    let (cell, digit) = answer(&mut b, &mut a);
    let (mine, my_digit) = answer(&mut a, &mut b);
    let saved = a.saved.clone().expect("the room saved with the game");
    let stored = a.game.clone();
    // The reloaded tab: the stored game, then its room again.
    let mut again = Player::new();
    again.game = stored.clone();
    again.input(Input::Resume { saved: Some(saved.clone()) });
    again.connected(&kept, 2);
    assert_eq!(again.number(), 1, "the same player as before");
    assert_eq!(again.status, "", "no welcome: A was in the room already");
    assert_eq!((again.game.digit(cell), again.game.digit(mine)), (Some(digit), Some(my_digit)));
    // Its move the relay did not keep goes out again (the one it replayed does not), and its
    // Undo knows the move before the reload.
    assert_eq!(again.sent.iter().filter(|(keep, _)| *keep).count(), 1);
    again.input(Input::Undo { redo: false });
    pass(&mut again, &mut [&mut b]);
    assert_eq!(b.game.digit(mine), None);
    assert_eq!(b.game.digit(cell), Some(digit));
    // A link to the room followed again while in it: the live link goes back, nothing else.
    assert_eq!(again.input(Input::Resume { saved: Some(saved.clone()) }).effects, vec![Effect::ShowLiveLink]);
    // A damaged key, or a replica whose move is off the grid: no room, said in the console.
    let damaged_key = |t: &mut SavedTogether| t.key = "not a key".into();
    let damaged_replica = |t: &mut SavedTogether| t.replica.log.iter_mut().find_map(|op| op.writes.first_mut()).unwrap().0 = Cell::new(200);
    for damage in [damaged_key as fn(&mut SavedTogether), damaged_replica] {
        let mut damaged = saved.clone();
        damage(&mut damaged);
        let mut reloaded = Player::new();
        reloaded.game = stored.clone();
        reloaded.saved = Some(saved.clone());
        reloaded.input(Input::Resume { saved: Some(damaged) });
        assert!(reloaded.room.is_none() && reloaded.saved.is_none(), "the unreadable room is dropped");
        assert!(reloaded.console[0].starts_with("the shared game's record: "), "{:?}", reloaded.console);
        assert_eq!(reloaded.game.board(), stored.board(), "the stored board stays");
    }
}

#[test]
fn a_partner_s_digit_that_wins_my_cell_while_apart_is_said_with_their_number() {
    let (mut a, mut b, _) = two_players();
    // B has a move of its own to undo later.
    let (first, _) = answer(&mut b, &mut a);
    let (cell, answer) = a.next_answer();
    let wrong = Digit::new(if answer.get() == 8 { 9 } else { 8 }).unwrap();
    b.place(cell, wrong);
    // A writes there later (two moves: a later stamp), while apart.
    a.place(cell, Digit::new(if answer.get() == 1 { 2 } else { 1 }).unwrap());
    a.place(cell, answer);
    pass(&mut a, &mut [&mut b]);
    assert_eq!(b.game.digit(cell), Some(answer));
    let name = cell_name(inkdoku_engine::Size::Nine, cell);
    assert_eq!(b.status, format!("Player 1's {answer} kept in {name}."));
    // B's Undo passes over the lost move and takes back B's earlier one.
    b.input(Input::Undo { redo: false });
    pass(&mut b, &mut [&mut a]);
    assert_eq!((a.game.digit(first), b.game.digit(first)), (None, None));
    assert_eq!(b.game.digit(cell), Some(answer));
}

#[test]
fn the_stroke_being_drawn_goes_ten_times_a_second_at_most_and_once_more_as_the_pen_lifts() {
    let mut last = 0.0;
    assert!(live_ink_due(true, 5_000.0, &mut last), "the stroke's start goes at once");
    assert!(!live_ink_due(true, 5_060.0, &mut last), "not again within 100 ms");
    assert!(live_ink_due(true, 5_100.0, &mut last), "100 ms on");
    assert!(live_ink_due(false, 5_120.0, &mut last), "the pen is up: said");
    assert!(!live_ink_due(false, 5_130.0, &mut last), "once");
    // What goes: the stroke thinned to what a presence carries, inside the grid.
    let (mut a, mut b, _) = two_players();
    let stroke: Vec<[f32; 3]> = (0..200).map(|i| [i as f32 / 100.0, 0.5, 0.5]).collect();
    b.input(Input::Tell { ink: stroke });
    pass(&mut b, &mut [&mut a]);
    let ink = &a.view().peers[0].ink;
    assert!(!ink.is_empty() && ink.len() <= inkdoku_engine::together::MAX_LIVE_POINTS, "{}", ink.len());
    assert!(ink.iter().all(|p| (0.0..=1.0).contains(&p[0])));
    b.input(Input::Tell { ink: Vec::new() });
    pass(&mut b, &mut [&mut a]);
    assert!(a.view().peers[0].ink.is_empty(), "the stroke goes from A's board");
}

#[test]
fn the_relay_setting_takes_a_relay_address_and_refuses_anything_else() {
    assert_eq!(relay_address("ftp://relay.example"), None);
    assert_eq!(relay_address("relay.example"), None);
    assert_eq!(relay_address(" wss://relay.example/inkdoku "), Some("wss://relay.example/inkdoku"));
    assert_eq!(relay_address("HTTPS://relay.example"), Some("HTTPS://relay.example"));
    assert_eq!(relay_address(""), Some(""));
    // Settings saved before the relay existed still read.
    let older: crate::state::Settings = serde_json::from_str(r#"{"show_conflicts":false}"#).unwrap();
    assert_eq!((older.show_conflicts, older.relay.as_str()), (false, ""));
}
