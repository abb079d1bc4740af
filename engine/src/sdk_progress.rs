//! The player's progress in a `.sdk` file: inkdoku's extension, which other programs skip.
//!
//! ```text
//! #S inkdoku
//! #L Hard
//! #inkdoku-progress AwkDUABwAH…      the `#p=` payload of a link with progress (`share`),
//! #inkdoku-progress …gQgAAAA4x       cut into lines of 64 characters, before `[Puzzle]`
//! [Puzzle]
//! 53..7....
//! ...
//! ```
//!
//! The progress lines are `#` comment lines, which SadMan-style readers (and inkdoku's own
//! `format::sdk`) skip: such a file opens everywhere as the plain puzzle. The payload is the one
//! a link carries (`share::encode`: digits, notes, eliminations, corner and centre marks,
//! colours, versioned and checksummed), so there is one encoding of progress, not two. It
//! repeats the givens, so progress copied into another puzzle's file is recognised and refused.
//! Reading is total: lines that are damaged, cut short, or belong to another puzzle give a
//! `ProgressError` saying why (and which line), never a panic; the caller opens the givens.

use crate::format::sdk::{self, SdkHeader};
use crate::grid::Grid;
use crate::share::{self, Progress, ShareError};
use thiserror::Error;

/// The start of a progress line.
pub const PREFIX: &str = "#inkdoku-progress";

/// Characters of payload per line (a line stays readable and short for any reader).
const LINE_WIDTH: usize = 64;

/// Why the progress lines of a file were not used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProgressError {
    /// The payload doesn't decode (cut short, a changed character, a newer inkdoku's format).
    #[error("line {line}: the progress is damaged: {reason}")]
    Damaged {
        /// The first progress line, 1-based.
        line: usize,
        /// What the decoder found.
        reason: ShareError,
    },
    /// The payload is another puzzle's (its givens differ from the file's grid).
    #[error("line {line}: the progress belongs to another puzzle")]
    OtherPuzzle {
        /// The first progress line, 1-based.
        line: usize,
    },
    /// The payload holds a puzzle but no progress.
    #[error("line {line}: the progress lines hold no progress")]
    NoProgress {
        /// The first progress line, 1-based.
        line: usize,
    },
}

impl ProgressError {
    /// The decoder's reason, when the payload did not decode.
    #[inline]
    pub fn share_error(&self) -> Option<&ShareError> {
        match self {
            ProgressError::Damaged { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

/// Writes a `.sdk` file (`format::sdk::write`), with the player's progress lines when given.
#[inline]
pub fn write(givens: &Grid, header: &SdkHeader, progress: Option<&Progress>) -> String {
    let plain = sdk::write(givens, header);
    let Some(progress) = progress else { return plain };
    let payload = share::encode(givens, Some(progress));
    let mut lines = String::new();
    // base64url is ASCII: cutting by bytes cuts by characters.
    for chunk in payload.as_bytes().chunks(LINE_WIDTH) {
        lines.push_str(PREFIX);
        lines.push(' ');
        lines.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        lines.push('\n');
    }
    // Before `[Puzzle]`, among the header's comment lines, where every reader expects `#`.
    let at = plain.find("[Puzzle]").unwrap_or(0);
    format!("{}{lines}{}", &plain[..at], &plain[at..])
}

/// Reads the progress lines of a file whose puzzle is `givens`: `None` when it has none (any
/// other program's file), else the progress or why it can't be used.
#[inline]
pub fn read(text: &str, givens: &Grid) -> Option<Result<Progress, ProgressError>> {
    let (payload, line) = progress_lines(text)?;
    Some(checked(&payload, givens, line))
}

/// The payload of a file's progress lines and the first line's number (1-based), not yet
/// decoded (`checked`): the engine worker finds them, the app decodes them (`open::read`).
#[inline]
pub fn progress_lines(text: &str) -> Option<(String, usize)> {
    let mut first = None;
    let mut payload = String::new();
    for (i, raw) in text.lines().enumerate() {
        let Some(rest) = raw.trim().strip_prefix(PREFIX) else { continue };
        // `#inkdoku-progressive` is someone else's comment.
        if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
            continue;
        }
        first.get_or_insert(i + 1);
        payload.push_str(rest.trim());
    }
    Some((payload, first?))
}

/// The key of the progress in a variant's file (f-puzzles' JSON, which f-puzzles and SudokuPad
/// open as the puzzle, skipping keys they do not know): the same payload as a `.sdk` file's
/// progress lines, in one string.
pub const JSON_KEY: &str = "inkdoku-progress";

/// Adds the player's progress to a variant's file (f-puzzles' JSON text of the puzzle whose
/// givens are `givens`). Text that is not a JSON object is returned as it was.
#[inline]
pub fn write_json(json: &str, givens: &Grid, progress: &Progress) -> String {
    let Ok(serde_json::Value::Object(mut object)) = serde_json::from_str::<serde_json::Value>(json) else { return json.to_string() };
    object.insert(JSON_KEY.into(), share::encode(givens, Some(progress)).into());
    serde_json::Value::Object(object).to_string()
}

/// Reads the progress of a variant's file (its JSON already parsed): `None` when it has none
/// (f-puzzles' own files), else the progress or why it can't be used (`line` is then 1: the
/// JSON has no lines to point at).
#[inline]
pub fn read_json(json: &serde_json::Value, givens: &Grid) -> Option<Result<Progress, ProgressError>> {
    let (payload, line) = json_progress(json)?;
    Some(checked(&payload, givens, line))
}

/// The progress payload of a variant's file, not yet decoded (`checked`), and its line (1);
/// a value that is not a string reads as an empty payload, which `checked` refuses as empty.
#[inline]
pub fn json_progress(json: &serde_json::Value) -> Option<(String, usize)> {
    let payload = json.get(JSON_KEY)?;
    Some((payload.as_str().unwrap_or_default().to_string(), 1))
}

/// A progress payload (`progress_lines`, `json_progress`), decoded and checked against the
/// puzzle it was saved with, starting at `line`. (The error is
/// the readers' own, which they return in an `Option`; boxing it here alone would buy nothing.)
#[allow(clippy::result_large_err)]
pub fn checked(payload: &str, givens: &Grid, line: usize) -> Result<Progress, ProgressError> {
    match share::decode(payload) {
        Err(reason) => Err(ProgressError::Damaged { line, reason }),
        Ok(shared) if &shared.givens != givens => Err(ProgressError::OtherPuzzle { line }),
        Ok(shared) => shared.progress.ok_or(ProgressError::NoProgress { line }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{self, line};
    use crate::game::CandidateColour;
    use crate::geometry::{Cell, Digit, DigitSet, Size};

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn digits(ds: &[u8]) -> DigitSet {
        ds.iter().copied().filter_map(Digit::new).collect()
    }

    /// Progress with every kind of mark a game has.
    fn progress(givens: &Grid) -> Progress {
        let size = givens.size();
        let mut entries = Grid::new(size);
        entries.set(size.cell(0, 2), Digit::new(4));
        entries.set(size.cell(8, 0), Digit::new(3));
        let mut p = Progress::new(entries, vec![DigitSet::EMPTY; size.cell_count()]);
        p.pencil.notes[3] = digits(&[2, 6]);
        p.pencil.eliminated[5] = digits(&[3, 8]);
        p.pencil.corner[6] = digits(&[1, 9]);
        p.pencil.centre[7] = digits(&[2, 4]);
        p.paint.colours[0] = 0b101;
        p.paint.candidate_colours = vec![CandidateColour { cell: Cell::new(3), digit: Digit::new(2).unwrap(), colour: 4 }];
        p
    }

    fn header() -> SdkHeader {
        SdkHeader { source: Some("inkdoku".into()), level: Some("Hard".into()), ..SdkHeader::default() }
    }

    #[test]
    fn progress_round_trips_and_other_readers_see_the_plain_puzzle() {
        let g = line::parse(PUZZLE).unwrap();
        let p = progress(&g);
        let text = write(&g, &header(), Some(&p));
        // The lines are comments, before the grid, none longer than a header's.
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with(PREFIX)).collect();
        assert!(lines.len() >= 2, "{text}");
        assert!(lines.iter().all(|l| l.len() <= PREFIX.len() + 1 + LINE_WIDTH));
        assert!(text.find(PREFIX).unwrap() < text.find("[Puzzle]").unwrap());
        // Read back: the same puzzle and the same progress.
        let (givens, _) = format::parse_any(&text).unwrap();
        assert_eq!(givens, g);
        assert_eq!(read(&text, &givens), Some(Ok(p)));
        // inkdoku's .sdk reader (as a SadMan-style one) sees the header and the grid only.
        let plain = write(&g, &header(), None);
        let file = sdk::parse(&text).unwrap();
        assert_eq!(file, sdk::parse(&plain).unwrap());
        assert_eq!(file.header, header());
    }

    #[test]
    fn files_without_progress_read_as_before() {
        let g = line::parse(PUZZLE).unwrap();
        let plain = write(&g, &header(), None);
        assert_eq!(plain, sdk::write(&g, &header()));
        assert_eq!(read(&plain, &g), None);
        for other in ["#A someone\n#inkdoku-progressive rock\n[Puzzle]\n", PUZZLE, &g.to_pretty()] {
            let (givens, _) = format::parse_any(other).unwrap_or((g.clone(), format::Format::Line));
            assert_eq!(read(other, &givens), None, "{other}");
        }
        // 4x4, 6x6 and 16x16 files carry progress too.
        for size in [Size::Four, Size::Six, Size::Sixteen] {
            let mut g = Grid::new(size);
            g.set(size.cell(0, 0), Digit::new(size.side() as u8));
            let mut entries = Grid::new(size);
            entries.set(size.cell(1, 1), Digit::new(1));
            let p = Progress::new(entries, vec![digits(&[2, 3]); size.cell_count()]);
            let text = write(&g, &SdkHeader::default(), Some(&p));
            assert_eq!(format::parse_any(&text).unwrap().0, g);
            let mut expected = p.clone();
            // Notes travel only where no digit is.
            expected.pencil.notes[0] = DigitSet::EMPTY;
            expected.pencil.notes[size.cell(1, 1).index()] = DigitSet::EMPTY;
            assert_eq!(read(&text, &g), Some(Ok(expected)), "{size:?}");
        }
    }

    #[test]
    fn damaged_progress_lines_are_refused_with_a_reason() {
        let g = line::parse(PUZZLE).unwrap();
        let text = write(&g, &header(), Some(&progress(&g)));
        let first = text.lines().position(|l| l.starts_with(PREFIX)).unwrap() + 1;
        // A line lost: cut short, or its checksum fails.
        // (0-based `first` is the second progress line.)
        let lost: String = text.lines().enumerate().filter(|&(i, _)| i != first).map(|(_, l)| format!("{l}\n")).collect();
        let e = read(&lost, &g).unwrap().unwrap_err();
        assert!(matches!(e, ProgressError::Damaged { line, .. } if line == first), "{e}");
        assert!(e.to_string().starts_with(&format!("line {first}: the progress is damaged")), "{e}");
        // A character changed.
        let changed = text.replacen(&format!("{PREFIX} "), &format!("{PREFIX} A"), 1);
        assert!(matches!(read(&changed, &g), Some(Err(ProgressError::Damaged { .. }))));
        // Not base64 at all.
        let junk = text.replacen(&format!("{PREFIX} "), &format!("{PREFIX} !!"), 1);
        let e = read(&junk, &g).unwrap().unwrap_err();
        assert!(matches!(e.share_error(), Some(ShareError::NotBase64 { ch: '!', .. })), "{e}");
        // Empty.
        assert!(matches!(read(&format!("{PREFIX}\n{PUZZLE}"), &g), Some(Err(ProgressError::Damaged { reason: ShareError::Empty, .. }))));
        // Another puzzle's progress pasted into this file.
        let mut other = g.clone();
        other.set(Size::Nine.cell(0, 2), Digit::new(1));
        let moved = write(&other, &header(), Some(&progress(&other)));
        let lines: String = moved.lines().filter(|l| l.starts_with(PREFIX)).map(|l| format!("{l}\n")).collect();
        let mixed = format!("{lines}{}", write(&g, &header(), None));
        assert_eq!(read(&mixed, &g), Some(Err(ProgressError::OtherPuzzle { line: 1 })));
        // A link's payload without progress.
        let bare = format!("{PREFIX} {}\n{}", share::encode(&g, None), write(&g, &header(), None));
        assert_eq!(read(&bare, &g), Some(Err(ProgressError::NoProgress { line: 1 })));
        // And the grid still opens from each of them.
        for text in [lost, changed, junk, mixed, bare] {
            assert_eq!(format::parse_any(&text).unwrap().0, g);
        }
    }

    #[test]
    fn a_variants_file_keeps_its_progress_and_refuses_another_puzzles() {
        let givens = line::parse(PUZZLE).unwrap();
        let mut puzzle = crate::variant::Puzzle::classic(givens.clone());
        puzzle.constraints.push(crate::variant::Constraint::AntiKnight);
        let json = crate::format::fpuzzles::to_json_puzzle(&puzzle);
        let p = progress(&givens);
        let saved = write_json(&json, &givens, &p);
        let value: serde_json::Value = serde_json::from_str(&saved).unwrap();
        // Still f-puzzles' puzzle, constraints and all, and the progress read back whole.
        assert_eq!(crate::format::fpuzzles::from_json_puzzle(&value), Ok(puzzle));
        assert_eq!(read_json(&value, &givens), Some(Ok(p)));
        // f-puzzles' own file: no progress, no complaint.
        assert_eq!(read_json(&serde_json::from_str(&json).unwrap(), &givens), None);
        assert!(crate::format::fpuzzles::HARMLESS.contains(&JSON_KEY), "the reader skips it");
        // Another puzzle's progress, a damaged payload, a payload that is not text: refused.
        let other = Grid::new(givens.size());
        assert!(matches!(read_json(&value, &other), Some(Err(ProgressError::OtherPuzzle { line: 1 }))));
        let mut damaged = value.clone();
        damaged[JSON_KEY] = "AwkDUAB".into();
        assert!(matches!(read_json(&damaged, &givens), Some(Err(ProgressError::Damaged { .. }))));
        damaged[JSON_KEY] = 5.into();
        assert!(matches!(read_json(&damaged, &givens), Some(Err(ProgressError::Damaged { .. }))));
        // Not JSON: left as it was.
        assert_eq!(write_json("not json", &givens, &progress(&givens)), "not json");
    }
}
