//! Puzzles as lz-string compressed JSON, the way f-puzzles and SudokuPad pass them around:
//! `fpuzzles<payload>` or `fpuz<payload>` (f-puzzles' JSON), `scl<payload>` or `ctc<payload>`
//! (SudokuPad's JSON), or a bare payload. A payload is lz-string's `compressToBase64` of the
//! JSON text (the `lz-str` crate decompresses it); JSON text always starts with `{"`, which
//! compresses to `N4Ig`, so a bare payload is recognized by that. Which JSON it is shows in
//! its keys: f-puzzles has `grid`, SudokuPad `cells` (or `ce` once SudokuPad has shortened it).

use super::{Format, FormatError, fpuzzles, sudokupad};
use crate::grid::Grid;
use crate::variant::Puzzle;

/// Longer payloads are refused before decompressing: lz-string can expand a payload about
/// quadratically (6,000 characters of a repeated letter unfold to ~5.7 million, ~45 MB and ~0.1 s
/// while decompressing natively), and classic puzzles stay far below this: inkdoku's own 9x9
/// f-puzzles payload is ~350 characters, a 16x16 one under 800; with a solution and marks a
/// few times that.
pub const MAX_PAYLOAD: usize = 6_000;

/// The longest payload the variant readers (`parse_payload_puzzle`, `fpuzzles::parse_puzzle`)
/// decompress: SudokuPad puzzles with many drawn constraints run to several thousand
/// characters (with a 45-cage killer's f-puzzles JSON at ~1,300). At worst this unfolds to
/// ~25 million characters (~0.4 s natively), which only the player's own paste can ask for.
pub const MAX_VARIANT_PAYLOAD: usize = 16_000;

/// If the text carries a compressed JSON payload (with or without a prefix), reads it.
#[inline]
pub fn parse_prefixed(text: &str) -> Option<Result<(Grid, Format), FormatError>> {
    let (payload, expected) = split_prefix(text)?;
    Some(parse_payload(payload, expected))
}

/// The payload and the format its prefix names, if the text is a compressed JSON payload.
#[inline]
fn split_prefix(text: &str) -> Option<(&str, Option<Format>)> {
    let text = text.trim();
    if let Some(p) = text.strip_prefix("fpuzzles").or_else(|| text.strip_prefix("fpuz")) {
        Some((p, Some(Format::FPuzzles)))
    } else if let Some(p) = text.strip_prefix("scl").or_else(|| text.strip_prefix("ctc")) {
        Some((p, Some(Format::SudokuPadJson)))
    } else {
        text.starts_with("N4Ig").then_some((text, None))
    }
}

/// Reads a payload; `expected` is the format its prefix named (a JSON of the other kind is
/// read anyway: SudokuPad itself is that lenient).
#[inline]
pub fn parse_payload(payload: &str, expected: Option<Format>) -> Result<(Grid, Format), FormatError> {
    read_payload(payload, expected, MAX_PAYLOAD, fpuzzles::from_json, sudokupad::from_json)
}

/// A payload's JSON read by the f-puzzles reader (it has a `grid`) or SudokuPad's (`cells`).
#[inline]
fn read_payload<T>(
    payload: &str,
    expected: Option<Format>,
    max: usize,
    fpuzzles: fn(&serde_json::Value) -> Result<T, FormatError>,
    sudokupad: fn(&serde_json::Value) -> Result<T, FormatError>,
) -> Result<(T, Format), FormatError> {
    let (value, format) = payload_value(payload, expected, max)?;
    if value.get("grid").is_some() {
        fpuzzles(&value).map(|g| (g, Format::FPuzzles))
    } else if value.get("cells").is_some() || value.get("ce").is_some() {
        sudokupad(&value).map(|g| (g, Format::SudokuPadJson))
    } else {
        Err(FormatError::Damaged { format, reason: "it has neither a grid nor cells" })
    }
}

/// The JSON of a payload (SudokuPad's shortened form too) and the name of the format expected.
#[inline]
fn payload_value(payload: &str, expected: Option<Format>, max: usize) -> Result<(serde_json::Value, &'static str), FormatError> {
    let format = match expected {
        Some(Format::SudokuPadJson) => sudokupad::JSON_FORMAT,
        _ => fpuzzles::FORMAT,
    };
    let json = decompress_at_most(payload, format, max)?;
    let text = json.trim_start();
    // SudokuPad also takes its JSON uncompressed, and shortened ("zipped": `{ce:[[{v:5},,…`).
    let value = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => v,
        Err(_) => sudokupad::unzip(text).ok_or(FormatError::Damaged { format, reason: "its contents are not JSON" })?,
    };
    Ok((value, format))
}

/// If the text carries a compressed JSON payload (with or without a prefix), reads it as a
/// variant puzzle (`parse_payload_puzzle`).
#[inline]
pub fn parse_prefixed_puzzle(text: &str) -> Option<Result<(Puzzle, Format), FormatError>> {
    let (payload, expected) = split_prefix(text)?;
    Some(parse_payload_puzzle(payload, expected))
}

/// `parse_payload` for variant puzzles: f-puzzles' or SudokuPad's JSON read with its
/// constraints (`fpuzzles::from_json_puzzle`, `sudokupad::from_json_puzzle`).
#[inline]
pub fn parse_payload_puzzle(payload: &str, expected: Option<Format>) -> Result<(Puzzle, Format), FormatError> {
    read_payload(payload, expected, MAX_VARIANT_PAYLOAD, fpuzzles::from_json_puzzle, sudokupad::from_json_puzzle)
}

/// Decompresses lz-string base64 (spaces read as `+`, as a link's query may have turned them);
/// data that does not decompress is taken as it is when it looks like JSON already.
#[inline]
pub fn decompress(payload: &str, format: &'static str) -> Result<String, FormatError> {
    decompress_at_most(payload, format, MAX_PAYLOAD)
}

/// `decompress`, refusing payloads longer than `max` characters (`MAX_PAYLOAD` for classic
/// readers, `MAX_VARIANT_PAYLOAD` for variant ones).
#[inline]
pub fn decompress_at_most(payload: &str, format: &'static str, max: usize) -> Result<String, FormatError> {
    let payload = payload.trim();
    if payload.is_empty() {
        return Err(FormatError::Empty);
    }
    if payload.starts_with('{') {
        return Ok(payload.to_string());
    }
    if payload.len() > max {
        let reason = if max <= MAX_PAYLOAD { "it is longer than any classic puzzle" } else { "it is longer than any puzzle inkdoku reads" };
        return Err(FormatError::Damaged { format, reason });
    }
    let cleaned: String = payload.chars().map(|c| if c == ' ' { '+' } else { c }).collect();
    if let Some((i, ch)) = cleaned.char_indices().find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))) {
        return Err(FormatError::BadCharacter { ch, position: i + 1, format });
    }
    let wide = lz_str::decompress_from_base64(&cleaned).ok_or(FormatError::Damaged { format, reason: "it does not decompress" })?;
    let text = String::from_utf16(&wide).map_err(|_| FormatError::Damaged { format, reason: "it does not decompress to text" })?;
    if text.trim().is_empty() {
        return Err(FormatError::Damaged { format, reason: "it decompresses to nothing" });
    }
    Ok(text)
}

/// Compresses text as lz-string base64.
#[inline]
pub fn compress(text: &str) -> String {
    lz_str::compress_to_base64(text)
}
