//! What a link, a paste or a file holds, natively: the notes of what holds no puzzle, in the
//! player's language, and a checked puzzle refused. (A link with progress and a file saved and
//! opened again, checked by the engine's own handler, are in `errands/tests.rs`.)

use super::*;

/// Easy 9x9 (seed 7), as the e2e tests open it.
const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

#[test]
fn a_broken_link_is_refused_with_its_reason_in_plain_words_and_nothing_to_check() {
    let t = i18n::ui(Lang::Es);
    let read = read_text(Lang::Es, "#s=2AAAAAAA", "el enlace");
    assert!(read.room.is_none());
    match read.puzzle {
        Err(Dialog::Message { title, text, details }) => {
            assert_eq!(title, t.not_a_puzzle);
            assert!(text.ends_with(t.unchanged), "{text}");
            assert!(details.is_some_and(|d| !d.is_empty()), "the reader's reason, folded away");
        }
        other => panic!("{other:?}"),
    }
    // A text with no puzzle at all names where it came from.
    let Err(Dialog::Message { text, .. }) = read_text(Lang::En, "hello", "the clipboard").puzzle else { panic!("refused") };
    assert!(text.starts_with(&fill(i18n::ui(Lang::En).no_text_puzzle, &[("source", "the clipboard")])), "{text}");
}

#[test]
fn a_variant_puzzle_is_refused_naming_its_rules_in_the_players_language() {
    // Minimum cells: a rule inkdoku does not play (killer cages and thermometers it plays).
    let grid = inkdoku_engine::format::line::parse(PUZZLE).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&inkdoku_engine::format::fpuzzles::to_json(&grid)).unwrap();
    json["minimum"] = serde_json::json!([{"cell": "R1C3"}]);
    let link = format!("?puzzleid=fpuzzles{}", inkdoku_engine::format::compressed::compress(&json.to_string()));
    match read_text(Lang::De, &link, "Der Link").puzzle {
        Err(Dialog::Message { text, details, .. }) => {
            assert!(text.starts_with("Der Link enthält ein Rätsel mit Regeln, die inkdoku nicht spielt: "), "{text}");
            assert!(text.ends_with(i18n::ui(Lang::De).unchanged), "{text}");
            assert!(details.is_some_and(|d| d.contains("minimum/maximum cells")), "the engine's English reason, folded away");
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
    assert!(read.puzzle.is_ok(), "the puzzle opens to play alone");
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
