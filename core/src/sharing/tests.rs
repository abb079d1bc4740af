//! What a link, a paste or a file holds, natively: inkdoku's own links read here, other apps'
//! read by the engine worker (its reply, made by the engine's own handler, is the input), the
//! notes of what holds no puzzle in the player's language, and a checked puzzle refused. (A link with progress and a file saved and
//! opened again, checked by the engine's own handler, are in `errands/tests.rs`.)

use super::*;

/// Easy 9x9 (seed 7), as the e2e tests open it.
const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

/// The engine worker's answer to a reading (its own protocol handler, as the worker runs it).
fn worker_reads(reading: &Reading, text: &str) -> Reply {
    let request = inkdoku_engine::protocol::Request { id: 1, task: reading.task(text.to_string()) };
    inkdoku_engine::protocol::handle(&inkdoku_engine::protocol::encode(&request), &mut |_| {})
}

/// Another app's text, read by the worker: its note, or a panic.
fn refused(lang: Lang, reading: &Reading, text: &str) -> Dialog {
    match read_answered(lang, reading, worker_reads(reading, text)) {
        Answered::NoPuzzle(note) => note,
        other => panic!("{other:?}"),
    }
}

#[test]
fn inkdokus_own_broken_link_is_refused_here_with_its_reason_in_plain_words() {
    let t = i18n::ui(Lang::Es);
    let read = read_text(Lang::Es, "#p=AAAA", "el enlace");
    assert!(read.room.is_none());
    match read.puzzle {
        Holds::NoPuzzle(Dialog::Message { title, text, details }) => {
            assert_eq!(title, t.not_a_puzzle);
            assert!(text.ends_with(t.unchanged), "{text}");
            assert!(details.is_some_and(|d| !d.is_empty()), "the reader's reason, folded away");
        }
        other => panic!("{other:?}"),
    }
    // inkdoku's own link holds its puzzle at once.
    let own = share::fragment(&inkdoku_engine::format::line::parse(PUZZLE).unwrap(), None);
    assert!(matches!(read_text(Lang::En, &own, "the link").puzzle, Holds::Puzzle(s) if s.puzzle.givens.to_line() == PUZZLE));
}

#[test]
fn another_apps_broken_link_goes_to_the_worker_and_its_refusal_is_said_in_plain_words() {
    let t = i18n::ui(Lang::Es);
    let read = read_text(Lang::Es, "#s=2AAAAAAA", "el enlace");
    assert_eq!(read.puzzle, Holds::ReadInWorker("#s=2AAAAAAA".into()), "not read in the app");
    let reading = Reading::Open { source: "el enlace".into() };
    let Dialog::Message { title, text, details } = refused(Lang::Es, &reading, "#s=2AAAAAAA") else { panic!("a message") };
    assert_eq!(title, t.not_a_puzzle);
    assert!(text.starts_with(&fill(t.no_text_puzzle, &[("source", "el enlace")])), "{text}");
    assert!(text.ends_with(t.unchanged), "{text}");
    assert!(details.is_some_and(|d| !d.is_empty()), "the reader's reason, folded away");
    // A text with no puzzle at all names where it came from; a file, by its name.
    let Dialog::Message { text, .. } = refused(Lang::En, &Reading::Open { source: "the clipboard".into() }, "hello") else { panic!() };
    assert!(text.starts_with(&fill(i18n::ui(Lang::En).no_text_puzzle, &[("source", "the clipboard")])), "{text}");
    let Dialog::Message { text, .. } = refused(Lang::En, &Reading::File { name: "x.sdk".into() }, "hello") else { panic!() };
    assert!(text.contains("x.sdk"), "{text}");
    // The worker's error is not a reading's answer: the errands say it.
    let error = Reply::Error { id: Some(1), message: "crashed".into() };
    assert_eq!(read_answered(Lang::En, &reading, error.clone()), Answered::Other(error));
}

#[test]
fn a_variant_puzzle_is_refused_naming_its_rules_in_the_players_language() {
    // Minimum cells: a rule inkdoku does not play (killer cages and thermometers it plays).
    let grid = inkdoku_engine::format::line::parse(PUZZLE).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&inkdoku_engine::format::fpuzzles::to_json(&grid)).unwrap();
    json["minimum"] = serde_json::json!([{"cell": "R1C3"}]);
    let link = format!("?puzzleid=fpuzzles{}", inkdoku_engine::format::compressed::compress(&json.to_string()));
    assert!(matches!(read_text(Lang::De, &link, "Der Link").puzzle, Holds::ReadInWorker(_)));
    match refused(Lang::De, &Reading::Open { source: "Der Link".into() }, &link) {
        Dialog::Message { text, details, .. } => {
            assert!(text.starts_with("Der Link enthält ein Rätsel mit Regeln, die inkdoku nicht spielt: "), "{text}");
            assert!(text.ends_with(i18n::ui(Lang::De).unchanged), "{text}");
            assert!(details.is_some_and(|d| d.contains("minimum/maximum cells")), "the engine's English reason, folded away");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn another_apps_link_read_by_the_worker_holds_its_puzzle() {
    let reading = Reading::OfferHere { source: "the link".into() };
    assert_eq!(reading.task("?s=1".into()), Task::Read { text: "?s=1".into(), file: false });
    let link = format!("?s={PUZZLE}");
    match read_answered(Lang::En, &reading, worker_reads(&reading, &link)) {
        Answered::Puzzle { shared, note: None } => {
            assert_eq!(shared.puzzle.givens.to_line(), PUZZLE);
            assert!(shared.progress.is_none());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_live_link_names_its_room_and_a_damaged_key_is_said_not_fatal() {
    let link = format!(
        "https://inkdoku.example/#p={}&together=AAAA",
        &share::fragment(&inkdoku_engine::format::line::parse(PUZZLE).unwrap(), None)[3..]
    );
    let read = read_text(Lang::En, &link, "the link");
    assert!(matches!(read.puzzle, Holds::Puzzle(_)), "the puzzle opens to play alone");
    assert!(matches!(read.room, Some(Err(why)) if !why.is_empty()), "with the key's reason for the console");
}

#[test]
fn a_puzzle_without_one_solution_or_too_hard_is_refused_and_a_new_one_made_only_over_an_empty_board() {
    let t = i18n::ui(Lang::En);
    let shared = share::parse_puzzle(PUZZLE).unwrap();
    let refused = |reply, nothing_kept| match checked(Lang::En, &shared, reply, nothing_kept) {
        Checked::Refused { note: Dialog::Message { text, .. }, make_instead } => (text, make_instead),
        other => panic!("{other:?}"),
    };
    let none = Reply::Analyzed { id: 1, count: 0, solution: None, rating: None };
    assert_eq!(refused(none, false), (format!("{} {}", t.no_solution_long, t.unchanged), false));
    let many = Reply::Analyzed { id: 1, count: 2, solution: None, rating: None };
    assert_eq!(refused(many, true), (format!("{} {}", t.many_solutions_long, t.made_instead), true));
    assert!(refused(Reply::TooHard { id: 1 }, true).1);
    // Progress is not an answer yet.
    assert_eq!(checked(Lang::En, &shared, Reply::Progress { id: 1, done: 1, total: 2 }, false), Checked::Pending);
}

#[test]
fn the_browsers_answer_is_said_in_the_players_words() {
    let t = i18n::ui(Lang::En);
    assert_eq!(link_shared(Lang::En, &Ok(Shared::Sheet)), t.shared);
    assert_eq!(link_shared(Lang::En, &Ok(Shared::Copied)), t.link_copied);
    let refused = Err(PlatformError::missing("no clipboard"));
    assert_eq!(link_shared(Lang::En, &refused), fill(t.cannot_share, &[("e", t.browser_lacks)]));
}
