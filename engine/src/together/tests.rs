//! Replicas converge: property tests over random moves of three players, delivered in random
//! orders, some twice, some lost and sent again; and the cases a person would try by hand.

use super::*;
use crate::format::line;
use crate::game::{Action, Board, Game, PencilMark, Stroke};
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use crate::solver;
use proptest::prelude::*;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn puzzle() -> Game {
    let g = line::parse(PUZZLE).unwrap();
    let sol = solver::unique_solution(&g);
    Game::new(g, sol)
}

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

/// A player: their replica and the board their app shows.
struct Player {
    replica: Replica,
    game: Game,
    board: Board,
}

impl Player {
    fn new(me: PlayerId) -> Player {
        let game = puzzle();
        let board = game.board().clone();
        Player { replica: Replica::new(me, game.givens().clone()), game, board }
    }

    /// The player makes a move on the shared board; the operation to send, if it changed it.
    fn play(&mut self, action: &Action) -> Option<Op> {
        let before = self.replica.board(&self.board);
        let after = self.game.next_board(&before, action).ok()?;
        let op = self.replica.local(&before, &after, action.is_help());
        self.board = self.replica.board(&self.board);
        if op.is_some() {
            assert_eq!(strip(&self.board), strip(&after), "the shared board is the reducer's board after our move");
        }
        op
    }

    fn receive(&mut self, op: Op) {
        self.replica.receive(op).expect("a peer's operation is valid");
        self.board = self.replica.board(&self.board);
    }
}

/// A board without its stroke numbering (each replica numbers strokes its own way).
fn strip(b: &Board) -> Board {
    let mut b = b.clone();
    b.ink.iter_mut().for_each(|s| s.id = 0);
    b.next_stroke_id = 0;
    b
}

/// A move from four random numbers, on a player's current board.
fn action(board: &Board, kind: u8, a: u8, b: u8, c: u16) -> Option<Action> {
    let size = Size::Nine;
    let cell = Cell::new(usize::from(c) % size.cell_count());
    let digit = d(a % 9 + 1);
    Some(match kind % 12 {
        0 | 1 => Action::Place { cell, digit, clear_peer_notes: b.is_multiple_of(2) },
        2 => Action::Clear { cell },
        3 | 4 => Action::ToggleNote { cell, digit },
        5 => Action::TogglePencil {
            cell,
            digits: vec![digit],
            mark: if b.is_multiple_of(2) { PencilMark::Corner } else { PencilMark::Centre },
        },
        6 => Action::PaintCells { cells: vec![cell, Cell::new((usize::from(c) + 1) % 81)], colour: b % 9 + 1 },
        7 => Action::PaintCandidate { cell, digit, colour: b % 9 + 1 },
        8 => Action::AddStroke {
            stroke: Stroke { id: 0, cell: Some(cell), points: vec![[f32::from(a) / 255.0, f32::from(b) / 255.0, 0.5]; 2] },
        },
        9 => Action::EraseStrokes { ids: board.ink.iter().map(|s| s.id).filter(|id| id % 2 == u32::from(a % 2)).collect() },
        10 => Action::SolveCell { cell },
        _ => match a % 3 {
            0 => Action::FillNotes,
            1 => Action::ClearNotes,
            _ => Action::ApplyStep { placements: vec![], eliminations: vec![crate::geometry::Candidate::new(cell, digit)] },
        },
    })
}

/// Plays a random script: each step a player's move, Undo or Redo, or a delivery from the
/// network (some delivered twice, some lost). Then every player sends the others what they
/// missed. Returns the players.
fn run(script: &[(u8, u8, u8, u16)]) -> Vec<Player> {
    let mut players: Vec<Player> = [11, 22, 33].into_iter().map(Player::new).collect();
    // In flight: (to, operation).
    let mut network: Vec<(usize, Op)> = Vec::new();
    for &(kind, a, b, c) in script {
        let who = usize::from(a) % players.len();
        let sent = match kind % 8 {
            // A delivery: the operation chosen by `c`; `b` says whether it stays in flight
            // (delivered again later) or is lost on the way.
            0..=2 if !network.is_empty() => {
                let i = usize::from(c) % network.len();
                let (to, op) = if b % 4 == 0 { network[i].clone() } else { network.remove(i) };
                if b % 4 != 1 {
                    players[to].receive(op);
                }
                None
            }
            3 => players[who].replica.undo(),
            4 => players[who].replica.redo(),
            _ => action(&players[who].board, b, a / 3, c as u8, c).and_then(|m| players[who].play(&m)),
        };
        if matches!(kind % 8, 3 | 4) {
            let p = &mut players[who];
            p.board = p.replica.board(&p.board);
        }
        if let Some(op) = sent {
            network.extend((0..players.len()).filter(|&to| to != who).map(|to| (to, op.clone())));
        }
    }
    // The link comes back: each player resends what the others have not seen.
    for from in 0..players.len() {
        for to in 0..players.len() {
            let missing: Vec<Op> = players[from].replica.missing_from(players[to].replica.seen()).cloned().collect();
            for op in missing {
                players[to].receive(op);
            }
        }
    }
    players
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_replica_ends_with_the_same_board(script in proptest::collection::vec(any::<(u8, u8, u8, u16)>(), 1..120)) {
        let players = run(&script);
        let first = &players[0];
        for p in &players[1..] {
            prop_assert_eq!(p.replica.converged(), first.replica.converged());
            prop_assert_eq!(strip(&p.board), strip(&first.board));
            prop_assert_eq!(p.replica.seen(), first.replica.seen());
        }
    }

    #[test]
    fn a_saved_replica_restores_to_the_same_board(script in proptest::collection::vec(any::<(u8, u8, u8, u16)>(), 1..60)) {
        let players = run(&script);
        for p in &players {
            let json = serde_json::to_string(&p.replica.saved()).unwrap();
            let saved: SavedReplica = serde_json::from_str(&json).unwrap();
            let back = Replica::restore(p.game.givens().clone(), saved).unwrap();
            prop_assert_eq!(back.converged(), p.replica.converged());
            prop_assert_eq!(back.board(&p.board), p.replica.board(&p.board));
        }
    }

    #[test]
    fn no_text_makes_the_reader_panic(text in ".{0,200}") {
        // Text is what frames of the JSON form were (`legacy`); `tests_codec` fuzzes the binary.
        let givens = puzzle().givens().clone();
        let _ = Said::from_bytes(text.as_bytes(), &givens);
        let _ = Said::from_bytes(format!("{{{text}").as_bytes(), &givens);
    }
}

fn place(cell: usize, digit: u8) -> Action {
    Action::Place { cell: Cell::new(cell), digit: d(digit), clear_peer_notes: false }
}

fn note(cell: usize, digit: u8) -> Action {
    Action::ToggleNote { cell: Cell::new(cell), digit: d(digit) }
}

#[test]
fn two_notes_written_at_once_in_one_cell_both_stay() {
    let (mut a, mut b) = (Player::new(1), Player::new(2));
    let from_a = a.play(&note(2, 1)).unwrap();
    let from_b = b.play(&note(2, 4)).unwrap();
    a.receive(from_b);
    b.receive(from_a);
    for p in [&a, &b] {
        assert_eq!(p.board.pencil.notes[2].iter().map(Digit::get).collect::<Vec<_>>(), [1, 4]);
    }
}

#[test]
fn two_digits_written_at_once_in_one_cell_end_as_the_same_on_both() {
    let (mut a, mut b) = (Player::new(1), Player::new(2));
    let from_a = a.play(&place(2, 1)).unwrap();
    let from_b = b.play(&place(2, 4)).unwrap();
    a.receive(from_b);
    b.receive(from_a);
    // Same clock: the higher player id wins, on both sides.
    assert_eq!(a.board.entries.get(Cell::new(2)), Some(d(4)));
    assert_eq!(b.board.entries.get(Cell::new(2)), Some(d(4)));
}

#[test]
fn undo_takes_back_only_my_move_and_leaves_what_others_wrote_since() {
    let (mut a, mut b) = (Player::new(1), Player::new(2));
    let mine = a.play(&place(2, 1)).unwrap();
    let also_mine = a.play(&place(3, 2)).unwrap();
    b.receive(mine);
    b.receive(also_mine);
    // The other player then writes over my first digit.
    let theirs = b.play(&place(2, 4)).unwrap();
    a.receive(theirs);
    // My Undo takes back my last move (cell 3), then my first: cell 2 is theirs now, and stays.
    let undo = a.replica.undo().unwrap();
    assert_eq!(undo.writes, vec![Write(Cell::new(3), Field::Digit, 0)]);
    b.receive(undo);
    assert!(a.replica.undo().is_none(), "nothing of mine is left to take back");
    a.board = a.replica.board(&a.board);
    for p in [&a, &b] {
        assert_eq!(p.board.entries.get(Cell::new(3)), None);
        assert_eq!(p.board.entries.get(Cell::new(2)), Some(d(4)));
    }
    // Redo brings my digit back.
    let redo = a.replica.redo().unwrap();
    b.receive(redo);
    assert_eq!(b.replica.board(&b.board).entries.get(Cell::new(3)), Some(d(2)));
}

#[test]
fn a_stroke_erased_before_it_arrives_stays_erased() {
    let (mut a, mut b, mut c) = (Player::new(1), Player::new(2), Player::new(3));
    let stroke = Stroke { id: 0, cell: None, points: vec![[0.1, 0.1, 0.5], [0.2, 0.2, 0.5]] };
    let drawn = a.play(&Action::AddStroke { stroke }).unwrap();
    b.receive(drawn.clone());
    let id = b.board.ink[0].id;
    let erased = b.play(&Action::EraseStrokes { ids: vec![id] }).unwrap();
    assert_eq!(erased.erased, vec![drawn.strokes[0].key]);
    // C hears of the erasing first.
    c.receive(erased.clone());
    c.receive(drawn);
    a.receive(erased);
    for p in [&a, &b, &c] {
        assert!(p.board.ink.is_empty());
    }
}

#[test]
fn an_operation_seen_twice_changes_nothing_the_second_time() {
    let (mut a, mut b) = (Player::new(1), Player::new(2));
    let op = a.play(&place(2, 1)).unwrap();
    assert!(b.replica.receive(op.clone()).unwrap());
    assert!(!b.replica.receive(op).unwrap());
    assert_eq!(b.replica.log().len(), 1);
}

#[test]
fn a_bad_operation_is_refused_with_its_reason_and_changes_nothing() {
    let givens: Grid = puzzle().givens().clone();
    // Written as frames of the JSON form (`legacy`), which are read and checked as the binary.
    let frame = |json: &str| json.replacen('{', r#"{"kind":"op","#, 1);
    let refused = |json: &str| Said::from_bytes(frame(json).as_bytes(), &givens).unwrap_err().to_string();
    let stamp = r#""stamp":{"clock":1,"player":7}"#;
    assert!(refused("{").starts_with("the shared move could not be read"));
    assert_eq!(refused(&format!(r#"{{{stamp},"writes":[[81,0,1]]}}"#)), "the shared move names cell 81, outside the grid");
    // Cell 0 holds the given 5.
    assert_eq!(refused(&format!(r#"{{{stamp},"writes":[[0,0,1]]}}"#)), "the shared move writes into a given");
    assert_eq!(
        refused(&format!(r#"{{{stamp},"writes":[[2,0,10]]}}"#)),
        "the shared move sets a cell's field to 10, more than it can hold (9)"
    );
    assert!(refused(&format!(r#"{{{stamp},"writes":[[2,224,1]]}}"#)).contains("224 names no field"));
    assert_eq!(refused(r#"{"stamp":{"clock":0,"player":7}}"#), "the shared move has no valid stamp");
    let stroke = |key: &str, point: &str| format!(r#"{{{stamp},"strokes":[{{"key":{key},"cell":null,"points":[{point}]}}]}}"#);
    assert_eq!(refused(&stroke("[7,1]", "[1.5,0,0]")), "the shared move has a stroke with no points or a point off the grid");
    assert_eq!(refused(&stroke("[8,1]", "[0.5,0,0]")), "the shared move's stroke (8, 1) belongs to another player");
    // A 9x9 move on a 4x4 puzzle names a digit the grid has not.
    let small = line::parse("1234341221434321").unwrap();
    let nine = frame(&format!(r#"{{{stamp},"writes":[[5,41,1]]}}"#));
    assert!(Said::from_bytes(nine.as_bytes(), &small).unwrap_err().to_string().contains("digit 9"));
    // Refused by a replica: nothing applied.
    let mut r = Replica::new(1, givens.clone());
    let bad = Op {
        stamp: Stamp { clock: 1, player: 7 },
        writes: vec![Write(Cell::new(0), Field::Digit, 1)],
        strokes: vec![],
        erased: vec![],
        help: false,
    };
    assert!(r.receive(bad).is_err());
    assert!(r.log().is_empty() && r.converged().0.is_empty());
}

#[test]
fn a_shared_game_saves_its_board_and_an_older_save_still_reads() {
    let mut p = Player::new(1);
    p.play(&place(2, 1)).unwrap();
    p.play(&Action::AddStroke { stroke: Stroke { id: 0, cell: None, points: vec![[0.5, 0.5, 0.5]] } }).unwrap();
    let mut game = puzzle();
    game.rebase(p.board.clone());
    assert!(!game.can_undo(), "a shared game's history is its replica's");
    // A move on top of the shared board undoes back to it, not to the empty board.
    game.apply(note(3, 4)).unwrap();
    game.undo().unwrap();
    assert_eq!(game.board(), &p.board);
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.board(), &p.board);
    assert_eq!(
        json,
        serde_json::to_string(&crate::game::SavedGame::from(game.clone())).unwrap(),
        "its base written as the derive wrote it"
    );
    // A save from before shared games has no base: it reads as before.
    let older = serde_json::json!({"givens": serde_json::to_value(puzzle().givens()).unwrap(), "solution": null, "actions": [{"type": "place", "cell": 2, "digit": 1}], "applied": 1});
    let older: Game = serde_json::from_value(older).unwrap();
    assert_eq!(older.board().entries.get(Cell::new(2)), Some(d(1)));
    // A damaged base (a digit on a given, lists of the wrong length) is refused, not played.
    let mut bad = serde_json::to_value(&game).unwrap();
    bad["base"]["notes"] = serde_json::json!([1, 2]);
    assert!(serde_json::from_value::<Game>(bad).unwrap_err().to_string().contains("does not fit"));
    let mut on_given = p.board.clone();
    on_given.entries.set(Cell::new(0), Some(d(5)));
    let mut bad = serde_json::to_value(&game).unwrap();
    bad["base"] = serde_json::to_value(&on_given).unwrap();
    assert!(serde_json::from_value::<Game>(bad).unwrap_err().to_string().contains("given"));
}

#[test]
fn what_players_say_travels_and_bad_words_are_refused() {
    let givens = puzzle().givens().clone();
    let mut a = Player::new(1);
    let op = a.play(&place(2, 1)).unwrap();
    let said = Said::Op(op);
    assert_eq!(Said::from_bytes(&said.to_bytes(), &givens).unwrap(), said);
    let here = Said::Presence(Presence { player: 1, number: 2, cell: Some(Cell::new(80)), play_ms: 5, ink: vec![[0.5, 0.25]] });
    assert_eq!(Said::from_bytes(&here.to_bytes(), &givens).unwrap(), here);
    let far = r#"{"kind":"presence","player":1,"number":2,"cell":81,"play_ms":0}"#;
    assert_eq!(Said::from_bytes(far.as_bytes(), &givens).unwrap_err(), OpError::CellOutside(81));
    let off = r#"{"kind":"presence","player":1,"number":2,"cell":null,"play_ms":0,"ink":[[2,0]]}"#;
    assert_eq!(Said::from_bytes(off.as_bytes(), &givens).unwrap_err(), OpError::BadStroke);
    assert!(matches!(Said::from_bytes(br#"{"kind":"shout"}"#, &givens), Err(OpError::Unreadable(_))));
}

#[test]
fn help_used_by_anyone_travels_with_the_move_and_marks_the_room() {
    let (mut a, mut b) = (Player::new(1), Player::new(2));
    // Moves of one's own are no help, on either replica, nor are their undos.
    let own = a.play(&place(2, 1)).unwrap();
    assert!(!own.help);
    b.receive(own);
    let undo = a.replica.undo().unwrap();
    assert!(!undo.help);
    b.receive(undo);
    assert!(!a.replica.helped() && !b.replica.helped(), "no hint, no solve: no help");
    // Player 2 fills a cell from the solution: the move says so, and both rooms know it.
    let solved = b.play(&Action::SolveCell { cell: Cell::new(2) }).unwrap();
    assert!(solved.help);
    let frame = Said::Op(solved.clone()).to_bytes();
    let Said::Op(back) = Said::from_bytes(&frame, a.replica.givens()).unwrap() else { panic!("an op") };
    assert!(back.help);
    a.receive(back);
    assert!(a.replica.helped() && b.replica.helped());
    // Saved and restored, the room still won with help.
    let restored = Replica::restore(puzzle().givens().clone(), a.replica.saved()).unwrap();
    assert!(restored.helped());
    // A frame from before help was sent reads as no help, and a move without help says nothing.
    let old = r#"{"kind":"op","stamp":{"clock":9,"player":3},"writes":[[3,0,2]]}"#;
    let Said::Op(old) = Said::from_bytes(old.as_bytes(), a.replica.givens()).unwrap() else { panic!("an op") };
    assert!(!old.help);
    let Said::Op(again) = Said::from_bytes(&Said::Op(old).to_bytes(), a.replica.givens()).unwrap() else { panic!("an op") };
    assert!(!again.help);
}
