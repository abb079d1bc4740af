//! Fuzzing the other untrusted inputs: saved games (a `Game` is restored from JSON that may have
//! been damaged or edited by hand) and worker messages (the engine worker's requests).
//!
//! Inputs are valid saves and requests with characters flipped, dropped or inserted, values
//! swapped for others of the JSON grammar, and random text. Nothing may panic; a restored game
//! must be consistent (its board is what replaying its actions gives; undo and redo work); a
//! request that parses is answered, and cheap ones (hints and analyses of 4x4 and 9x9 grids —
//! 16x16 analyses are bounded by `ANALYZE_BUDGET`, generation by node budgets, both tested
//! elsewhere) are carried out, so a hang would stop the test.
//!
//! `cargo test -p inkdoku-engine --test fuzz_saves` runs one million inputs; `INKDOKU_FUZZ=<n>`
//! changes the count (and the seed with it): `INKDOKU_FUZZ=10000000` is the long run.

mod mutation;

use inkdoku_engine::game::{Action, Game, Paint, Pencil, PencilMark, Stroke};
use inkdoku_engine::geometry::Candidate;
use inkdoku_engine::lang::Lang;
use inkdoku_engine::protocol::{self, Reply, Request, Task};
use inkdoku_engine::random::Rng;
use inkdoku_engine::{Digit, DigitSet, Grid, House, Size, solver};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const JSON: &[u8] = b"0123456789-.,:{}[]\"truefalsnul eE+abcdefghijklmnopqrstuvwxyz_\\";

fn d(v: u8) -> Digit {
    Digit::new(v).unwrap()
}

/// A save with one action of every kind, some undone.
fn valid_save(rng: &mut Rng) -> String {
    let givens: Grid = PUZZLE.to_string().try_into().unwrap();
    let solution = solver::unique_solution(&givens);
    let mut g = Game::new(givens, solution);
    let size = Size::Nine;
    let free: Vec<_> = size.cells().filter(|&c| g.givens().get(c).is_none()).collect();
    for _ in 0..1 + rng.below(12) {
        let cell = free[rng.below(free.len())];
        let digit = d(1 + rng.below(9) as u8);
        let action = match rng.below(14) {
            0 => Action::Place { cell, digit, clear_peer_notes: rng.below(2) == 0 },
            1 => Action::ToggleNote { cell, digit },
            2 => Action::Clear { cell },
            3 => Action::FillNotes,
            4 => Action::ApplyStep { placements: vec![], eliminations: vec![Candidate::new(cell, digit)] },
            5 => Action::SolveHouse { house: House::Row(rng.below(9) as u8) },
            6 => Action::AddStroke { stroke: Stroke { id: 0, cell: Some(cell), points: vec![[0.1, 0.2, 0.5], [0.3, 0.4, 0.6]] } },
            7 => Action::Erase { cells: vec![cell] },
            8 => Action::TogglePencil {
                cell,
                digits: vec![digit],
                mark: if rng.below(2) == 0 { PencilMark::Corner } else { PencilMark::Centre },
            },
            9 => Action::MarkPosition { play_ms: rng.below(1 << 20) as u64 },
            10 => Action::BackToMark { mark: rng.below(3) },
            11 => Action::PaintCells { cells: vec![cell], colour: rng.below(11) as u8 },
            12 => Action::PaintCandidate { cell, digit, colour: rng.below(11) as u8 },
            _ => {
                let mut eliminated = vec![DigitSet::EMPTY; 81];
                eliminated[cell.index()] = DigitSet::single(digit);
                let mut corner = vec![DigitSet::EMPTY; 81];
                corner[cell.index()] = DigitSet::single(digit);
                Action::SetBoard {
                    entries: Grid::new(size),
                    pencil: Pencil { notes: vec![DigitSet::EMPTY; 81], eliminated, corner, centre: vec![] },
                    paint: Paint::default(),
                }
            }
        };
        let _ = g.apply(action);
    }
    if rng.below(3) == 0 && g.can_undo() {
        g.undo().unwrap();
    }
    serde_json::to_string(&g).unwrap()
}

fn valid_request(rng: &mut Rng) -> String {
    let givens: Grid = PUZZLE.to_string().try_into().unwrap();
    let task = match rng.below(3) {
        0 => Task::Analyze { puzzle: givens, variant: None },
        1 => Task::Hint {
            digits: givens.clone(),
            givens: Some(givens.clone()),
            candidates: None,
            solution: solver::unique_solution(&givens),
            variant: None,
            // The words of a language as the app hands them on: their reader is fuzzed too.
            lang: Some(Lang::Es),
            words: Some(inkdoku_engine::lang::part(Lang::Es)),
        },
        _ => Task::Hint {
            digits: "..4114....1331..".to_string().try_into().unwrap(),
            givens: None,
            candidates: Some(vec![DigitSet::EMPTY; 16]),
            solution: None,
            variant: None,
            lang: None,
            words: None,
        },
    };
    protocol::encode(&Request { id: rng.below(1000) as u32, task })
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    mutation::mutate(rng, text, JSON, 3)
}

/// A restored game must be what it says: replaying its actions gives its board, and undo and
/// redo move through them without error.
fn consistent(game: &Game) {
    let again = Game::restore(game.givens().clone(), game.solution().cloned(), game.actions().to_vec(), game.applied()).unwrap();
    assert_eq!(again.board(), game.board());
    let mut walk = game.clone();
    while walk.can_undo() {
        walk.undo().unwrap();
    }
    while walk.can_redo() {
        walk.redo().unwrap();
    }
    assert_eq!(walk.candidates().len(), game.size().cell_count());
}

#[test]
fn saves_and_worker_messages_never_panic() {
    let count: u64 = std::env::var("INKDOKU_FUZZ").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let mut rng = Rng::seeded(0x5A7E ^ count);
    let saves: Vec<String> = (0..64).map(|_| valid_save(&mut rng)).collect();
    let requests: Vec<String> = (0..16).map(|_| valid_request(&mut rng)).collect();
    let (mut restored, mut refused, mut answered) = (0u64, 0u64, 0u64);
    for i in 0..count {
        if i % 100 == 0 {
            // A worker message: parsed always, carried out when it is cheap.
            let text = if rng.below(4) == 0 {
                (0..rng.below(200)).map(|_| JSON[rng.below(JSON.len())] as char).collect()
            } else {
                let k = rng.below(requests.len());
                mutate(&mut rng, &requests[k])
            };
            let cheap = serde_json::from_str::<Request>(&text).is_ok_and(|r| match &r.task {
                Task::Analyze { puzzle, .. } | Task::Hint { digits: puzzle, .. } => puzzle.size() != Size::Sixteen,
                // Reading is cheap: any text, refused with a reason or read (`open::read`).
                Task::Read { .. } => true,
                Task::Generate { .. } | Task::GenerateKiller { .. } | Task::RateVariant { .. } => false,
            });
            if cheap || serde_json::from_str::<Request>(&text).is_err() {
                let reply = protocol::handle(&text, &mut |_| {});
                if let Reply::Error { message, .. } = &reply {
                    assert!(!message.is_empty());
                }
                answered += 1;
            }
            continue;
        }
        let text = if rng.below(20) == 0 {
            (0..rng.below(300)).map(|_| JSON[rng.below(JSON.len())] as char).collect()
        } else {
            let k = rng.below(saves.len());
            mutate(&mut rng, &saves[k])
        };
        match serde_json::from_str::<Game>(&text) {
            Ok(game) => {
                consistent(&game);
                restored += 1;
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
        }
    }
    // Both outcomes must be reached, or the generator is not testing much.
    assert!(restored > count / 100 && refused > count / 100, "restored {restored}, refused {refused}");
    eprintln!("{count} inputs: {restored} saves restored, {refused} refused, {answered} worker messages answered, no panic");
}
