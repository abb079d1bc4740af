//! The binary form (`codec`): every value travels and comes back the same (a property test with
//! a fixed seed), random and cut-short bytes are refused with a reason and never panic, and
//! frames and saves of the JSON form that came before (fixtures written by that version, never
//! regenerated) are read to the same operations.

use super::codec::In;
use super::replica::Undoable;
use super::*;
use crate::format::line;
use crate::geometry::{Cell, Digit, Size};
use crate::grid::Grid;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Frames as the JSON version sent them (one a line), and a replica it saved: written by that
/// version's serde derives (main at 9d5dca6) from a scripted game of player 3000000001.
const OLD_FRAMES: &str = include_str!("../../tests/fixtures/together-json/frames.jsonl");
const OLD_SAVED: &str = include_str!("../../tests/fixtures/together-json/saved-replica.json");

fn givens() -> Grid {
    line::parse(PUZZLE).unwrap()
}

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

/// Every field a 16x16 grid has (the largest set of codes).
fn fields() -> Vec<Field> {
    Field::all(Size::Sixteen).collect()
}

/// A point coordinate: any f32 but NaN (NaN is not equal to itself; the bits still travel).
fn coord() -> impl Strategy<Value = f32> {
    any::<u32>().prop_map(f32::from_bits).prop_filter("not NaN", |v| !v.is_nan())
}

fn cell() -> impl Strategy<Value = Cell> {
    any::<u16>().prop_map(|i| Cell::new(usize::from(i)))
}

fn write() -> impl Strategy<Value = Write> {
    (cell(), proptest::sample::select(fields()), any::<u8>()).prop_map(|(c, f, v)| Write(c, f, v))
}

fn stroke() -> impl Strategy<Value = SharedStroke> {
    (any::<(u32, u32)>(), proptest::option::of(cell()), proptest::collection::vec([coord(), coord(), coord()], 0..6))
        .prop_map(|(key, cell, points)| SharedStroke { key, cell, points })
}

fn stamp() -> impl Strategy<Value = Stamp> {
    (any::<u64>(), any::<u32>()).prop_map(|(clock, player)| Stamp { clock, player })
}

fn op() -> impl Strategy<Value = Op> {
    (
        stamp(),
        proptest::collection::vec(write(), 0..6),
        proptest::collection::vec(stroke(), 0..3),
        proptest::collection::vec(any::<(u32, u32)>(), 0..4),
        any::<bool>(),
    )
        .prop_map(|(stamp, writes, strokes, erased, help)| Op { stamp, writes, strokes, erased, help })
}

fn said() -> impl Strategy<Value = Said> {
    let presence =
        (any::<u32>(), any::<u8>(), proptest::option::of(cell()), any::<u64>(), proptest::collection::vec([coord(), coord()], 0..5))
            .prop_map(|(player, number, cell, play_ms, ink)| Said::Presence(Presence { player, number, cell, play_ms, ink }));
    prop_oneof![op().prop_map(Said::Op), presence]
}

fn undoable() -> impl Strategy<Value = Undoable> {
    (
        stamp(),
        proptest::collection::vec(write(), 0..4),
        proptest::collection::vec(any::<(u32, u32)>(), 0..3),
        proptest::collection::vec(stroke(), 0..2),
    )
        .prop_map(|(stamp, replaced, added, erased)| Undoable { stamp, replaced, added, erased })
}

fn saved() -> impl Strategy<Value = SavedReplica> {
    (
        any::<u32>(),
        proptest::collection::vec(op(), 0..5),
        proptest::collection::vec(undoable(), 0..3),
        proptest::collection::vec(undoable(), 0..3),
    )
        .prop_map(|(me, log, undo, redo)| SavedReplica { me, log, undo, redo })
}

/// What the frame says, read without the puzzle's checks (random values fit no puzzle).
fn read(bytes: &[u8]) -> Result<Said, String> {
    In::new(bytes).and_then(In::said)
}

proptest! {
    // A fixed seed: the same cases on every run, so CI fails only on a real change.
    #![proptest_config(ProptestConfig { cases: 2000, rng_seed: RngSeed::Fixed(46), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_frame_travels_and_comes_back_the_same(said in said()) {
        let bytes = said.to_bytes();
        prop_assert_eq!(bytes[0], WIRE_VERSION);
        prop_assert_eq!(read(&bytes), Ok(said));
    }

    #[test]
    fn every_saved_replica_reads_back_the_same(saved in saved()) {
        prop_assert_eq!(SavedReplica::from_bytes(&saved.to_bytes()), Ok(saved.clone()));
        // And through the game's JSON record, where it is one string.
        let json = serde_json::to_string(&saved).unwrap();
        prop_assert!(json.starts_with('"'), "{}", json);
        prop_assert_eq!(serde_json::from_str::<SavedReplica>(&json).unwrap(), saved);
    }

    #[test]
    fn every_frame_cut_short_is_refused_with_a_reason(said in said(), cut in any::<prop::sample::Index>()) {
        let bytes = said.to_bytes();
        let at = cut.index(bytes.len());
        let why = read(&bytes[..at]).unwrap_err();
        prop_assert!(!why.is_empty());
        let why = Said::from_bytes(&bytes[..at], &givens()).unwrap_err();
        prop_assert!(matches!(why, OpError::Unreadable(_)), "{:?}", why);
    }
}

#[test]
fn random_bytes_never_panic_the_reader_and_each_refusal_has_a_reason() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let givens = givens();
    let (mut refused, mut read_ok) = (0, 0);
    for round in 0..200_000 {
        let len = rng.random_range(0..48);
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        // Most rounds look like a frame of this version, so the reader goes past the first byte;
        // small numbers make counts and kinds that exist, so it goes deeper still.
        if round % 4 != 0 && !bytes.is_empty() {
            bytes[0] = WIRE_VERSION;
            if round % 2 == 0 {
                bytes.iter_mut().skip(1).for_each(|b| *b %= 4);
            }
        }
        match Said::from_bytes(&bytes, &givens) {
            Ok(_) => read_ok += 1,
            Err(OpError::Unreadable(why)) => {
                assert!(!why.is_empty());
                refused += 1;
            }
            Err(_) => refused += 1,
        }
        match SavedReplica::from_bytes(&bytes) {
            Ok(_) => read_ok += 1,
            Err(why) => assert!(!why.is_empty()),
        }
    }
    // The reader was exercised beyond its first byte: some random frames are real ones.
    assert!(read_ok > 100, "{read_ok} read, {refused} refused");
    assert!(refused > 100_000, "{read_ok} read, {refused} refused");
}

#[test]
fn a_frame_with_one_byte_changed_never_panics_the_reader() {
    let mut rng = ChaCha8Rng::seed_from_u64(4646);
    let op = Op {
        stamp: Stamp { clock: 300, player: 3_000_000_001 },
        writes: vec![Write(Cell::new(2), Field::Digit, 4), Write(Cell::new(3), Field::Note(d(9)), 1)],
        strokes: vec![SharedStroke { key: (3_000_000_001, 7), cell: Some(Cell::new(5)), points: vec![[0.5, 0.25, 1.0]; 3] }],
        erased: vec![(3_000_000_001, 6)],
        help: true,
    };
    let bytes = Said::Op(op.clone()).to_bytes();
    assert_eq!(Said::from_bytes(&bytes, &givens()), Ok(Said::Op(op)));
    for _ in 0..50_000 {
        let mut changed = bytes.clone();
        let at = rng.random_range(0..changed.len());
        changed[at] = rng.random();
        if let Err(OpError::Unreadable(why)) = Said::from_bytes(&changed, &givens()) {
            assert!(!why.is_empty());
        }
    }
}

#[test]
fn the_reader_says_why_it_refuses() {
    let why = |bytes: &[u8]| match Said::from_bytes(bytes, &givens()) {
        Err(OpError::Unreadable(why)) => why,
        other => panic!("{bytes:?} read as {other:?}"),
    };
    assert_eq!(why(&[]), "empty");
    assert!(why(&[2, 0]).contains("version 2"), "{}", why(&[2, 0]));
    assert!(why(&[0]).contains("version 0"));
    assert!(why(&[WIRE_VERSION]).contains("ends inside the kind"));
    assert!(why(&[WIRE_VERSION, 9]).contains("kind 9"));
    assert!(why(&[WIRE_VERSION, 0, 1]).contains("ends inside a stamp's player"));
    let good =
        Said::Op(Op { stamp: Stamp { clock: 1, player: 1 }, writes: vec![], strokes: vec![], erased: vec![], help: false }).to_bytes();
    let mut longer = good.clone();
    longer.push(0);
    assert!(why(&longer).contains("1 bytes left over"));
    let mut flags = good.clone();
    flags[4] = 2;
    assert!(why(&flags).contains("flags"), "{}", why(&flags));
    // A count larger than the frame could hold is refused before anything is reserved.
    let mut huge = good[..5].to_vec();
    huge.extend([0xff, 0xff, 0xff, 0xff, 0x0f]);
    assert!(why(&huge).contains("more than the 0 the bytes left can hold"), "{}", why(&huge));
    // A number of more than 64 bits.
    let mut long = vec![WIRE_VERSION, 0];
    long.extend([0xff; 10]);
    assert!(why(&long).contains("too large"), "{}", why(&long));
    // A field code that names nothing.
    let mut field = good[..5].to_vec();
    field.extend([1, 2, 0xff, 0x01, 1, 0, 0]);
    assert!(why(&field).contains("255 names no field"), "{}", why(&field));
    // Read, then checked against the puzzle as before: cell 81 is off a 9x9 grid.
    let off = Said::Op(Op {
        stamp: Stamp { clock: 1, player: 1 },
        writes: vec![Write(Cell::new(81), Field::Digit, 1)],
        strokes: vec![],
        erased: vec![],
        help: false,
    });
    assert_eq!(Said::from_bytes(&off.to_bytes(), &givens()), Err(OpError::CellOutside(81)));
    assert!(SavedReplica::from_bytes(&[3]).unwrap_err().contains("version 3"));
}

#[test]
fn the_binary_form_is_smaller_than_the_json_one() {
    let (mut json, mut binary) = (0, 0);
    for line in OLD_FRAMES.lines() {
        json += line.len();
        binary += Said::from_bytes(line.as_bytes(), &givens()).unwrap().to_bytes().len();
    }
    assert!(binary * 3 < json, "{binary} bytes against JSON's {json}");
}

#[test]
fn frames_of_the_json_form_are_still_read() {
    let frames: Vec<Said> = OLD_FRAMES.lines().map(|l| Said::from_bytes(l.as_bytes(), &givens()).unwrap()).collect();
    assert_eq!(frames.len(), 16);
    let me = 3_000_000_001;
    assert_eq!(
        frames[0],
        Said::Op(Op {
            stamp: Stamp { clock: 1, player: me },
            writes: vec![Write(Cell::new(2), Field::Digit, 1)],
            strokes: vec![],
            erased: vec![],
            help: false
        })
    );
    assert_eq!(
        frames[2],
        Said::Op(Op {
            stamp: Stamp { clock: 3, player: me },
            writes: vec![Write(Cell::new(5), Field::Corner(d(2)), 1), Write(Cell::new(5), Field::Corner(d(9)), 1)],
            strokes: vec![],
            erased: vec![],
            help: false,
        })
    );
    assert_eq!(
        frames[6],
        Said::Op(Op {
            stamp: Stamp { clock: 7, player: me },
            writes: vec![],
            strokes: vec![SharedStroke { key: (me, 1), cell: Some(Cell::new(7)), points: vec![[0.125, 0.5, 0.75], [0.3, 0.1, 1.0]] }],
            erased: vec![],
            help: false,
        })
    );
    assert!(matches!(&frames[8], Said::Op(op) if op.help && op.writes == [Write(Cell::new(10), Field::Digit, 7)]));
    assert!(matches!(&frames[10], Said::Op(op) if op.erased == [(me, 1)]));
    assert_eq!(
        frames[14],
        Said::Presence(Presence {
            player: me,
            number: 2,
            cell: Some(Cell::new(40)),
            play_ms: 123_456_789_012,
            ink: vec![[0.0, 1.0], [0.333, 0.667]]
        })
    );
    assert_eq!(frames[15], Said::Presence(Presence { player: 7, number: 1, cell: None, play_ms: 0, ink: vec![] }));
    // Each travels on in the binary form and comes back the same.
    for said in &frames {
        assert_eq!(Said::from_bytes(&said.to_bytes(), &givens()).as_ref(), Ok(said));
    }
    // An old frame that is wrong is refused with the reason, as before.
    let bad = br#"{"kind":"op","stamp":{"clock":1,"player":2},"writes":[[2,999,1]]}"#;
    assert_eq!(Said::from_bytes(bad, &givens()), Err(OpError::Unreadable("999 names no field of a cell".into())));
    let bad = br#"{"kind":"chat"}"#;
    assert!(matches!(Said::from_bytes(bad, &givens()), Err(OpError::Unreadable(_))));
}

#[test]
fn a_replica_saved_in_the_json_form_is_restored_and_saved_again_in_the_binary_one() {
    let old: SavedReplica = serde_json::from_str(OLD_SAVED).unwrap();
    let ops: Vec<Op> = OLD_FRAMES
        .lines()
        .filter_map(|l| match Said::from_bytes(l.as_bytes(), &givens()).unwrap() {
            Said::Op(op) => Some(op),
            Said::Presence(_) => None,
        })
        .collect();
    assert_eq!(old.me, 3_000_000_001);
    assert_eq!(old.log, ops, "the saved log holds the operations the frames carried");
    let replica = Replica::restore(givens(), old.clone()).unwrap();
    let board = replica.board(&crate::game::Game::new(givens(), None).board().clone());
    assert_eq!(board.entries.get(Cell::new(2)), Some(d(1)));
    assert_eq!(board.entries.get(Cell::new(10)), Some(d(7)));
    assert!(board.pencil.notes[3].contains(d(4)));
    assert!(board.pencil.corner[5].contains(d(9)));
    assert!(board.pencil.eliminated[11].contains(d(5)));
    assert_eq!(board.paint.colours[80], 1 << 8);
    // The last move was undone: Redo has it, Undo the ones before.
    assert!(replica.can_redo() && replica.can_undo());
    // Saved again, it is one string of the binary form, and reads back to the same.
    let json = serde_json::to_string(&replica.saved()).unwrap();
    assert!(json.starts_with('"') && json.len() * 2 < OLD_SAVED.len(), "{json}");
    assert_eq!(serde_json::from_str::<SavedReplica>(&json).unwrap(), old);
    // A damaged save is refused with the reason.
    let damaged = OLD_SAVED.replacen("\"clock\":1,", "\"clock\":-1,", 1);
    assert!(serde_json::from_str::<SavedReplica>(&damaged).unwrap_err().to_string().contains("a stamp's clock is not a whole number"));
    assert!(serde_json::from_str::<SavedReplica>("\"AQ\"").unwrap_err().to_string().contains("ends inside the player"));
}
