//! What a player opens — a link, a paste, a file — read into a puzzle (with the progress it
//! carries), or the reason it holds none, in a form the app says in the player's language.
//!
//! This runs in the engine worker (`protocol::Task::Read`), not in the app: the readers of
//! other apps' formats (f-puzzles' JSON, SudokuPad, the compressed payloads, text grids,
//! `format::parse_any`) were about 41 KB of the app's gzipped wasm, and a first visit's first
//! puzzle needs none of them (issue 48). inkdoku's own links (`#p=`) are still read in the app
//! (`share::parse_own`), at once, and so is a file's progress (`ProgressLines::decode`); every
//! other text goes to the worker, which checks the puzzle next anyway (`Task::Analyze`).

use crate::format::{self, FormatError, Rule};
use crate::grid::Grid;
use crate::sdk_progress::{self, ProgressError};
use crate::share::{self, Progress, ShareError};
use crate::variant::Puzzle;
use serde::{Deserialize, Serialize};

/// Why a text holds no puzzle, or a file's progress was not used, as the app tells the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// Another app's puzzle with rules inkdoku does not play: these.
    Rules(Vec<Rule>),
    /// A link or progress made by a newer inkdoku.
    Newer,
    /// Nothing that reads as a puzzle.
    NoPuzzle,
    /// inkdoku's own data, damaged.
    Damaged,
    /// A file's progress saved with another puzzle.
    OtherPuzzle,
}

/// A text refused (or a file's progress not used): why, for the player, and the reader's own
/// words, which the app folds away under Details.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub why: Why,
    pub details: String,
}

impl Refusal {
    /// A link or text refused by `share`'s readers.
    #[inline]
    pub fn of(e: &ShareError) -> Refusal {
        let why = match e {
            ShareError::Format(FormatError::Variant { rules, .. }) => Why::Rules(rules.clone()),
            ShareError::NewerVersion(_) => Why::Newer,
            ShareError::Empty | ShareError::Format(_) => Why::NoPuzzle,
            _ => Why::Damaged,
        };
        Refusal { why, details: e.to_string() }
    }

    /// A file's progress lines that could not be used.
    #[inline]
    pub fn of_progress(e: &ProgressError) -> Refusal {
        let why = match e {
            ProgressError::OtherPuzzle { .. } => Why::OtherPuzzle,
            _ if matches!(e.share_error(), Some(ShareError::NewerVersion(_))) => Why::Newer,
            _ => Why::Damaged,
        };
        Refusal { why, details: e.to_string() }
    }
}

/// The progress lines a file carries, found in the engine worker and decoded in the app
/// (`sdk_progress::checked`, on inkdoku's own link decoder, which the worker does without).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgressLines {
    /// The payload, as `sdk_progress::progress_lines` or `json_progress` found it.
    pub payload: String,
    /// The first progress line, 1-based (1 in a JSON file).
    pub line: usize,
}

impl ProgressLines {
    /// The progress, checked against the puzzle it was saved with (`givens`), or why it can't
    /// be used.
    pub fn decode(&self, givens: &Grid) -> Result<Progress, Refusal> {
        sdk_progress::checked(&self.payload, givens, self.line).map_err(|e| Refusal::of_progress(&e))
    }
}

/// Reads a link or pasted text (`file` false: `share::parse_foreign`, any format but
/// inkdoku's own link, which the app reads), or the text of a file (`file` true: f-puzzles'
/// JSON with inkdoku's progress key, else any format `parse_any` reads, with inkdoku's
/// progress lines). `#[inline]`, as the readers it calls, so that the engine worker compiles
/// them in `worker-json`, at opt-level "z" (the engine's own level there is 3).
#[inline]
pub fn read(text: &str, file: bool) -> Result<(Puzzle, Option<ProgressLines>), Refusal> {
    if !file {
        return share::parse_foreign(text).map(|shared| (shared.puzzle, None)).map_err(|e| Refusal::of(&e));
    }
    let (puzzle, progress) = if text.trim_start().starts_with('{') {
        // f-puzzles' JSON (a variant saved by "Save file"), with its constraints.
        let json: serde_json::Value = serde_json::from_str(text).map_err(|_| Refusal::of(&ShareError::Empty))?;
        let puzzle = format::fpuzzles::from_json_puzzle(&json).map_err(|e| Refusal::of(&ShareError::Format(e)))?;
        (puzzle, sdk_progress::json_progress(&json))
    } else {
        let (givens, _) = format::parse_any(text).map_err(|e| Refusal::of(&ShareError::Format(e)))?;
        (Puzzle::classic(givens), sdk_progress::progress_lines(text))
    };
    Ok((puzzle, progress.map(|(payload, line)| ProgressLines { payload, line })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{line, sdk::SdkHeader};
    use crate::geometry::{Cell, Digit};
    use crate::protocol::{Reply, Request, Task, handle, read_reply};

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn progress() -> Progress {
        let mut entries = Grid::new(crate::geometry::Size::Nine);
        entries.set(Cell::new(2), Digit::new(4));
        Progress::new(entries, vec![crate::geometry::DigitSet::default(); 81])
    }

    /// The file as the app read it before reading moved here: its puzzle and progress.
    fn as_the_app_read_it(text: &str) -> (Puzzle, Option<Result<Progress, ProgressError>>) {
        if text.trim_start().starts_with('{') {
            let json: serde_json::Value = serde_json::from_str(text).unwrap();
            let puzzle = format::fpuzzles::from_json_puzzle(&json).unwrap();
            let progress = sdk_progress::read_json(&json, &puzzle.givens);
            (puzzle, progress)
        } else {
            let givens = format::parse_any(text).unwrap().0;
            let progress = sdk_progress::read(text, &givens);
            (Puzzle::classic(givens), progress)
        }
    }

    #[test]
    fn files_read_here_and_decoded_in_the_app_give_what_the_app_read_before() {
        let givens = line::parse(PUZZLE).unwrap();
        let other = line::parse(&PUZZLE.replacen('5', ".", 1)).unwrap();
        let sdk = sdk_progress::write(&givens, &SdkHeader::default(), Some(&progress()));
        let other_sdk = sdk_progress::write(&other, &SdkHeader::default(), Some(&progress()));
        // Another puzzle's progress lines under this puzzle's grid.
        let mixed =
            format!("{}\n{}", other_sdk.lines().filter(|l| l.starts_with(sdk_progress::PREFIX)).collect::<Vec<_>>().join("\n"), PUZZLE);
        let json = sdk_progress::write_json(&format::fpuzzles::to_json(&givens), &givens, &progress());
        for text in [sdk.as_str(), PUZZLE, mixed.as_str(), json.as_str(), &format::fpuzzles::to_json(&givens)] {
            let (puzzle, lines) = read(text, true).unwrap();
            let (expected, progress) = as_the_app_read_it(text);
            assert_eq!(puzzle, expected, "{text}");
            let decoded = lines.map(|l| l.decode(&puzzle.givens));
            assert_eq!(decoded, progress.map(|p| p.map_err(|e| Refusal::of_progress(&e))), "{text}");
        }
        let (_, lines) = read(&mixed, true).unwrap();
        assert_eq!(lines.unwrap().decode(&givens).unwrap_err().why, Why::OtherPuzzle);
        let (_, lines) = read(&sdk, true).unwrap();
        assert_eq!(lines.unwrap().decode(&givens), Ok(progress()));
    }

    #[test]
    fn texts_that_hold_no_puzzle_are_refused_with_the_readers_reason() {
        let refused = |text: &str, file| read(text, file).unwrap_err();
        let short = refused("?s=12345", false);
        assert_eq!(short.why, Why::NoPuzzle);
        assert_eq!(short.details, share::parse_puzzle("?s=12345").unwrap_err().to_string());
        assert_eq!(refused("{ not json", true).why, Why::NoPuzzle);
        assert_eq!(refused("", true).why, Why::NoPuzzle);
        // A rule inkdoku does not play is named.
        let mut json: serde_json::Value = serde_json::from_str(&format::fpuzzles::to_json(&line::parse(PUZZLE).unwrap())).unwrap();
        json["minimum"] = serde_json::json!([{"cell": "R1C3"}]);
        let link = format!("?puzzleid=fpuzzles{}", format::compressed::compress(&json.to_string()));
        assert!(matches!(refused(&link, false).why, Why::Rules(rules) if !rules.is_empty()));
        // inkdoku's own link is the app's to read: the worker reads no other's.
        assert_eq!(refused(&format!("#p={}", share::encode(&line::parse(PUZZLE).unwrap(), None)), false).why, Why::NoPuzzle);
    }

    #[test]
    fn the_worker_answers_a_read_and_the_app_reads_the_answer_back() {
        let sdk = sdk_progress::write(&line::parse(PUZZLE).unwrap(), &SdkHeader::default(), Some(&progress()));
        for (text, file) in [(sdk.as_str(), true), ("?s=12345", false), (&*format!("?s={PUZZLE}"), false)] {
            let request = Request { id: 4, task: Task::Read { text: text.to_string(), file } };
            let reply = handle(&crate::protocol::encode(&request), &mut |_| {});
            let expected = match read(text, file) {
                Ok((puzzle, progress)) => Reply::Read { id: 4, puzzle, progress },
                Err(refusal) => Reply::Unreadable { id: 4, refusal },
            };
            assert_eq!(reply, expected);
            assert_eq!(read_reply(&crate::protocol::encode(&reply)).unwrap(), reply);
        }
    }
}
