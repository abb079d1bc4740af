//! Sharing and opening, decided: what a link, a paste or a file holds (or the note that says,
//! in the player's words, why it holds no puzzle), what a checked puzzle starts (the game with
//! the link's progress, or the refusal and whether a new puzzle is made instead), the links and
//! the file text written, and the status line of a share, a copy or a save. The app's
//! `controller::sharing` gathers the browser's answers through the ports and carries these out;
//! the engine worker's reading of other apps' links and files and its check of the puzzle are
//! the errands' (`errands::Input::Read`, `errands::Input::CheckLink`).
//! Nothing here panics on what a player feeds in: every reader's error becomes a note.

use crate::i18n::{self, Lang, fill, level_name};
use crate::ports::{PlatformError, Shared};
use crate::state::{Dialog, GameMeta};
use inkdoku_engine::format::sdk::SdkHeader;
use inkdoku_engine::game::Game;
use inkdoku_engine::open::{Refusal, Why};
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::rating::Level;
use inkdoku_engine::sdk_progress;
use inkdoku_engine::share::{self, Progress, SharedPuzzle};
use inkdoku_engine::together::link::{RoomKey, split_room};
use inkdoku_engine::variant::Puzzle;

/// What a link or a paste holds: the room it names, if any, and its puzzle, the note that says
/// why there is none, or the text the engine worker reads.
#[derive(Debug)]
pub struct Read {
    /// The room key of a live link; `Err` with the reader's reason when it is damaged (the
    /// puzzle then opens to play alone, and says so).
    pub room: Option<Result<RoomKey, String>>,
    pub puzzle: Holds,
}

/// What a text holds, as far as the app reads it: inkdoku's own links are read here, at once;
/// other apps' links and formats are read in the engine worker (`errands::Input::Read`), so
/// that their readers are not in the app's wasm, which a first visit waits for (issue 48).
#[derive(Debug, PartialEq)]
pub enum Holds {
    /// inkdoku's own link: its puzzle.
    Puzzle(SharedPuzzle),
    /// inkdoku's own link, damaged (or no text at all): the note that says why.
    NoPuzzle(Dialog),
    /// Anything else: this text (its room key taken out), read in the engine worker.
    ReadInWorker(String),
}

/// Reads a link, a paste or any text the player opened; `source` names it in the note.
pub fn read_text(lang: Lang, text: &str, source: &str) -> Read {
    let (text, room) = split_room(text);
    let room = room.map(|key| key.map_err(|e| e.to_string()));
    let puzzle = match share::parse_own(&text) {
        Some(Ok(shared)) => Holds::Puzzle(shared),
        Some(Err(e)) => Holds::NoPuzzle(not_a_puzzle(lang, source, &Refusal::of(&e))),
        None => Holds::ReadInWorker(text),
    };
    Read { room, puzzle }
}

/// What a text read in the engine worker (`Task::Read`) is for.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading {
    /// A link or a paste (`source` names it in a note), opened on the board.
    Open { source: String },
    /// A link a following tab offers to play here (`Dialog::OpenHere`).
    OfferHere { source: String },
    /// The file `name`, with the progress it carries.
    File { name: String },
}

impl Reading {
    /// The worker's task that reads `text` for this.
    pub fn task(&self, text: String) -> Task {
        Task::Read { text, file: matches!(self, Reading::File { .. }) }
    }

    /// What the player opened, named in a note.
    fn source(&self, lang: Lang) -> String {
        match self {
            Reading::Open { source } | Reading::OfferHere { source } => source.clone(),
            Reading::File { name } => fill(i18n::ui(lang).the_file, &[("name", name)]),
        }
    }
}

/// The engine worker's reading of a text.
#[derive(Debug, PartialEq)]
pub enum Answered {
    /// Its puzzle, with the progress a file carries, and the note to show once the puzzle is on
    /// the board when a file's progress could not be used (the puzzle opens from its givens all
    /// the same).
    Puzzle { shared: Box<SharedPuzzle>, note: Option<Dialog> },
    /// No puzzle: the note that says why.
    NoPuzzle(Dialog),
    /// Not a reading's answer (the worker's error is the errands' to say).
    Other(Reply),
}

/// What the worker's reply to a reading (`Reply::Read`, `Reply::Unreadable`) gives: a file's
/// progress lines are decoded here, on inkdoku's own link decoder, which the worker does without.
pub fn read_answered(lang: Lang, reading: &Reading, reply: Reply) -> Answered {
    match reply {
        Reply::Read { puzzle, progress, .. } => {
            let (progress, note) = match (progress.map(|lines| lines.decode(&puzzle.givens)), reading) {
                (None, _) => (None, None),
                (Some(Ok(progress)), _) => (Some(progress), None),
                (Some(Err(refusal)), Reading::File { name }) => (None, Some(file_progress_note(lang, name, &refusal))),
                // Only a file's reading carries progress lines.
                (Some(Err(_)), _) => (None, None),
            };
            Answered::Puzzle { shared: Box::new(SharedPuzzle { puzzle, progress }), note }
        }
        Reply::Unreadable { refusal, .. } => Answered::NoPuzzle(not_a_puzzle(lang, &reading.source(lang), &refusal)),
        other => Answered::Other(other),
    }
}

/// The note for a link, paste or file (`source` names it) that holds no puzzle, in plain words
/// of the player's language — a damaged link, one from a newer inkdoku, another app's rules, or
/// nothing readable — with the reader's exact reason folded away under Details.
pub fn not_a_puzzle(lang: Lang, source: &str, refusal: &Refusal) -> Dialog {
    let t = i18n::ui(lang);
    let summary = match &refusal.why {
        // Another app's puzzle with rules inkdoku does not play: name them.
        Why::Rules(rules) => fill(t.link_variant, &[("source", source), ("rules", &i18n::rule_names(lang, rules))]),
        Why::Newer => t.link_newer.to_string(),
        Why::NoPuzzle => fill(t.no_text_puzzle, &[("source", source)]),
        Why::Damaged | Why::OtherPuzzle => t.link_damaged.to_string(),
    };
    Dialog::Message { title: t.not_a_puzzle.into(), text: format!("{summary} {}", t.unchanged), details: Some(refusal.details.clone()) }
}

/// Why a file's progress was not restored, in the player's words (the reader's own under
/// Details).
fn file_progress_note(lang: Lang, name: &str, refusal: &Refusal) -> Dialog {
    let t = i18n::ui(lang);
    let why = match refusal.why {
        Why::OtherPuzzle => t.file_progress_other,
        Why::Newer => t.file_progress_newer,
        _ => t.file_progress_damaged,
    };
    Dialog::Message { title: t.file_progress_title.into(), text: fill(why, &[("name", name)]), details: Some(refusal.details.clone()) }
}

/// What the engine worker's check of a shared puzzle starts.
#[derive(Debug, PartialEq)]
pub enum Checked {
    /// Play it: the game (with the link's progress), its meta, the line to say, and the
    /// variant to grade in the worker when the check gave no grade.
    Play { game: Box<Game>, meta: GameMeta, said: String, grade: Option<Box<Puzzle>>, console: Option<String> },
    /// Refused, said in this note; `make_instead` when there is no game to keep (a first visit
    /// by such a link), so a new puzzle is made rather than a board that waits forever.
    Refused { note: Dialog, make_instead: bool },
    /// Not an answer to a check (progress): nothing yet.
    Pending,
}

/// The worker's answer about a shared puzzle: play it (its progress applied; progress the game
/// refuses is dropped and said), or say why not. `nothing_kept`: no puzzle is on the board.
pub fn checked(lang: Lang, shared: &SharedPuzzle, reply: Reply, nothing_kept: bool) -> Checked {
    let t = i18n::ui(lang);
    let why = match reply {
        Reply::Analyzed { count: 1, solution, rating, .. } => {
            // The worker's solution solves the puzzle; a game that refused it would be a bug of
            // the solver, said as a puzzle without solution rather than a board that can't be won.
            let Ok(mut game) = Game::of_puzzle(shared.puzzle.clone(), solution) else {
                return refused(lang, t.no_solution_long, nothing_kept);
            };
            let console = match &shared.progress {
                Some(progress) => game.apply(progress.clone().action()).err().map(|e| format!("inkdoku: the link's progress: {e}")),
                None => None,
            };
            let level = rating.map(|r| r.level);
            let rated = level.map_or(String::new(), |l| format!(" ({})", level_name(lang, l)));
            let mut said = fill(t.opened, &[("size", shared.puzzle.givens.size().name()), ("rated", &rated)]);
            if console.is_some() {
                said = format!("{said} {}", t.progress_unusable);
            }
            let grade = (level.is_none() && !shared.puzzle.is_classic()).then(|| Box::new(shared.puzzle.clone()));
            return Checked::Play { game: Box::new(game), meta: GameMeta::new(level, None), said, grade, console };
        }
        Reply::Analyzed { count: 0, .. } => t.no_solution_long,
        Reply::Analyzed { .. } => t.many_solutions_long,
        Reply::TooHard { .. } => t.too_hard,
        _ => return Checked::Pending,
    };
    refused(lang, why, nothing_kept)
}

/// A puzzle that can't be played (no solution, several, or too hard to check): the player is
/// told why, and keeps their game — or, with none, gets a new puzzle.
fn refused(lang: Lang, why: &str, nothing_kept: bool) -> Checked {
    let t = i18n::ui(lang);
    let then = if nothing_kept { t.made_instead } else { t.unchanged };
    Checked::Refused {
        note: Dialog::Message { title: t.not_playable.into(), text: format!("{why} {then}"), details: None },
        make_instead: nothing_kept,
    }
}

/// The `#p=` fragment of a link to the game's puzzle (with the player's progress and notes if
/// asked): a variant's carries its constraints (version 4); a classic one stays as it was.
pub fn fragment(game: &Game, with_progress: bool) -> String {
    let progress = with_progress.then(|| Progress::of(game.board()));
    match game.variant() {
        Some(puzzle) => share::fragment_puzzle(puzzle, progress.as_ref()),
        None => share::fragment(game.givens(), progress.as_ref()),
    }
}

/// The puzzle as text: its line, then a grid for people.
pub fn puzzle_text(game: &Game) -> String {
    format!("{}\n\n{}", game.givens().to_line(), game.givens().to_pretty())
}

/// The file of the game's puzzle: its name and text, with the player's progress (digits,
/// notes, eliminations, marks, colours) when `with_progress` (`inkdoku_engine::sdk_progress`).
pub fn file_to_save(game: &Game, level: Option<Level>, with_progress: bool) -> (String, String) {
    let progress = with_progress.then(|| Progress::of(game.board()));
    // A variant is kept as f-puzzles' JSON, an open format with every constraint, its title,
    // author and rules, which f-puzzles, SudokuPad and inkdoku read back; the progress goes
    // under a key of inkdoku's own (`sdk_progress::JSON_KEY`), which they skip.
    if let Some(variant) = game.variant() {
        let json = inkdoku_engine::format::fpuzzles::to_json_puzzle(variant);
        let json = match &progress {
            Some(progress) => sdk_progress::write_json(&json, game.givens(), progress),
            None => json,
        };
        return ("inkdoku-variant.json".to_string(), json);
    }
    let header = SdkHeader { source: Some("inkdoku".into()), level: level.map(|l| l.name().to_string()), ..SdkHeader::default() };
    let text = sdk_progress::write(game.givens(), &header, progress.as_ref());
    let name = format!("inkdoku-{}.sdk", level.map_or("puzzle", |l| l.name()).to_ascii_lowercase().replace(' ', "-"));
    (name, text)
}

/// What the status line says once the browser answered a share, a copy or a save: `done` when
/// it worked, else `failed` (a template with the reason as `{e}`, a file's name as `{name}`).
pub fn answered<T>(lang: Lang, answer: &Result<T, PlatformError>, done: &str, failed: &str, name: &str) -> String {
    match answer {
        Ok(_) => done.to_string(),
        Err(e) => browser_failed(lang, failed, name, e),
    }
}

/// The status line of a link shared: through the share sheet, or copied where there is none.
pub fn link_shared(lang: Lang, answer: &Result<Shared, PlatformError>) -> String {
    let t = i18n::ui(lang);
    let done = match answer {
        Ok(Shared::Copied) => t.link_copied,
        _ => t.shared,
    };
    answered(lang, answer, done, t.cannot_share, "")
}

/// The browser could not do something: `template` says what, in the player's words.
pub fn browser_failed(lang: Lang, template: &str, name: &str, e: &PlatformError) -> String {
    fill(template, &[("name", name), ("e", i18n::browser_reason(i18n::ui(lang), e))])
}

#[cfg(test)]
mod tests;
