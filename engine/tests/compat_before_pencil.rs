//! What players kept before `Pencil` and `Paint` still reads, to the same board.
//!
//! The fixtures in `tests/fixtures/before-pencil/` were written by the code of commit 982eea3
//! (before the board's marks and colours became `Pencil` and `Paint`), not by this code:
//! - `save.json`: a saved game exactly as the app keeps it in localStorage (inside its record),
//!   with an action of every kind, a `set_board` with every mark and one as older links give
//!   (without corner, centre and colour fields), and two actions undone;
//! - `expected.json`: the boards that save gave then (as JSON), share links of 4x4, 9x9 and
//!   16x16 grids with every kind of mark, a version 2 link and one without progress, each with
//!   the board its progress gave a new game, and a `.sdk` file with `#inkdoku-progress` lines.
//!
//! Never regenerate them: they stand for what is already in players' hands.

use inkdoku_engine::format::{self, sdk};
use inkdoku_engine::game::Game;
use inkdoku_engine::share::{self, Progress};
use inkdoku_engine::{Grid, sdk_progress};
use serde_json::Value;

const SAVE: &str = include_str!("fixtures/before-pencil/save.json");
const EXPECTED: &str = include_str!("fixtures/before-pencil/expected.json");

fn expected() -> Value {
    serde_json::from_str(EXPECTED).unwrap()
}

fn board(game: &Game) -> Value {
    serde_json::to_value(game.board()).unwrap()
}

/// Whether `board` holds everything `then` held, as it was (the board may have gained fields;
/// a list it leaves out of its JSON is empty).
#[track_caller]
fn same_board(board: &Value, then: &Value) {
    let then = then.as_object().expect("a board");
    assert!(then.len() >= 10, "entries, 4 kinds of marks, 2 of colours, ink, stroke ids, savepoints");
    let none = Value::Array(Vec::new());
    for (field, was) in then {
        assert_eq!(board.get(field).unwrap_or(&none), was, "{field}");
    }
}

/// The board a link's or file's progress gives a new game of `givens`, as the app opens it.
fn board_from(givens: &Grid, p: Progress) -> Value {
    let mut g = Game::new(givens.clone(), None);
    g.apply(p.action()).unwrap();
    board(&g)
}

#[test]
fn a_saved_game_reads_to_the_same_board_and_writes_the_same_text() {
    let expected = expected();
    let game: Game = serde_json::from_str(SAVE).unwrap();
    assert_eq!(game.applied(), game.actions().len() - 2);
    same_board(&board(&game), &expected["board_at_applied"]);
    // Written back, the save is the same text: nothing a player keeps changes form.
    assert_eq!(serde_json::to_string(&game).unwrap(), SAVE.trim_end());
    let mut redone = game.clone();
    redone.redo().unwrap();
    redone.redo().unwrap();
    same_board(&board(&redone), &expected["board_redone"]);
    let earlier = Game::restore(game.givens().clone(), game.solution().cloned(), game.actions().to_vec(), 17).unwrap();
    same_board(&board(&earlier), &expected["board_after_17"]);
    // The marked position there holds pencil marks, and colours are on the board.
    assert!(expected["board_after_17"]["savepoints"][0]["notes"].as_array().unwrap().iter().any(|n| n != 0));
    assert!(expected["board_after_17"]["colours"].as_array().unwrap().iter().any(|n| n != 0));
}

#[test]
fn links_read_to_the_same_board_and_encode_to_the_same_text() {
    let expected = expected();
    let links = expected["links"].as_array().unwrap();
    assert_eq!(links.len(), 5);
    for link in links {
        let payload = link["payload"].as_str().unwrap();
        let shared = share::decode(payload).unwrap();
        assert_eq!(share::parse(&format!("https://inkdoku.example/#p={payload}")).unwrap(), shared);
        assert_eq!(share::encode(&shared.givens, shared.progress.as_ref()), payload, "the same link is made again");
        match shared.progress {
            Some(p) => same_board(&board_from(&shared.givens, p), &link["board"]),
            None => assert!(link["board"].is_null()),
        }
    }
}

#[test]
fn a_file_with_progress_reads_to_the_same_board_and_writes_the_same_text() {
    let expected = expected();
    let text = expected["sdk"]["text"].as_str().unwrap();
    let (givens, _) = format::parse_any(text).unwrap();
    let progress = sdk_progress::read(text, &givens).unwrap().unwrap();
    let header = sdk::parse(text).unwrap().header;
    assert_eq!(sdk_progress::write(&givens, &header, Some(&progress)), text);
    same_board(&board_from(&givens, progress), &expected["sdk"]["board"]);
}
