//! Game IDs of Simon Tatham's Solo (from the Portable Puzzle Collection).
//!
//! A game ID is `<params>:<description>`. Params `CxR` give the box shape, C columns by R rows
//! (inkdoku plays `2x2`, `3x2` for 6x6, `3x3`, `4x4`); letters after them name variants (`x` diagonals, `j` jigsaw,
//! `k` killer), which inkdoku does not play, or generation settings (`a`/`m`/`r` symmetry,
//! `d` difficulty), which don't change the puzzle and are ignored.
//!
//! The description lists the cells in reading order: a letter `a`..`z` is a run of 1..26 blank
//! cells, a decimal number is a given, and `_` separates two numbers that would otherwise run
//! together (`3_12` is 3 then 12).

use super::FormatError;
use crate::geometry::{Digit, Size};
use crate::grid::Grid;

const FORMAT: &str = "a Solo game ID";

/// Whether the text starts like a Solo game ID (`digits` [`x` `digits`] letters `:`).
#[inline]
pub fn looks_like(text: &str) -> bool {
    match text.split_once(':') {
        Some((params, _)) => params.starts_with(|c: char| c.is_ascii_digit()) && params.chars().all(|c| c.is_ascii_alphanumeric()),
        None => false,
    }
}

#[inline]
fn parse_params(params: &str) -> Result<Size, FormatError> {
    let err = |reason| FormatError::SoloParams { params: params.to_string(), reason };
    let digits_end = params.find(|c: char| !c.is_ascii_digit()).unwrap_or(params.len());
    let c: usize = params[..digits_end].parse().map_err(|_| err("they must start with the box width"))?;
    let mut rest = &params[digits_end..];
    let mut r = c;
    if let Some(after_x) = rest.strip_prefix('x') {
        if after_x.starts_with(|ch: char| ch.is_ascii_digit()) {
            let end = after_x.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(after_x.len());
            r = after_x[..end].parse().map_err(|_| err("the box height is not a number"))?;
            rest = &after_x[end..];
        }
    } else if rest.starts_with('j') {
        return Err(err("jigsaw Sudoku is not supported"));
    }
    let mut chars = rest.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            'x' => return Err(err("X-Sudoku (diagonals) is not supported")),
            'j' => return Err(err("jigsaw Sudoku is not supported")),
            'k' => return Err(err("killer Sudoku is not supported")),
            // Symmetry (`a`, `m`, `r2`…) and difficulty (`dt`, `du`…) only steer generation.
            'a' | 'm' | 'r' => {
                while chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                    chars.next();
                }
            }
            'd' => {
                chars.next();
            }
            _ => return Err(err("unknown parameter letter")),
        }
    }
    Size::ALL.into_iter().find(|s| (s.box_cols(), s.box_rows()) == (c, r)).ok_or_else(|| err("inkdoku plays 2x2, 3x2, 3x3 and 4x4 boxes"))
}

/// Reads a Solo game ID.
#[inline]
pub fn parse(text: &str) -> Result<Grid, FormatError> {
    let text = text.trim();
    let (params, desc) = text.split_once(':').ok_or(FormatError::Unrecognized { reason: "a Solo game ID has the form 3x3:description" })?;
    let size = parse_params(params)?;
    let offset = params.chars().count() + 1; // positions count from the start of the whole ID
    let total = size.cell_count();
    let mut cells: Vec<Option<Digit>> = Vec::with_capacity(total);
    let chars: Vec<char> = desc.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        let position = offset + i + 1;
        match ch {
            'a'..='z' => {
                let run = (ch as u8 - b'a' + 1) as usize;
                cells.extend(std::iter::repeat_n(None, run));
                i += 1;
            }
            '_' => i += 1,
            '1'..='9' => {
                let start = i;
                let mut value: u32 = 0;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    value = value.saturating_mul(10).saturating_add(chars[i] as u32 - '0' as u32);
                    i += 1;
                }
                let digit = u8::try_from(value).ok().and_then(Digit::new).filter(|d| d.fits(size)).ok_or(FormatError::NumberRange {
                    value,
                    position: offset + start + 1,
                    size,
                })?;
                cells.push(Some(digit));
            }
            _ => return Err(FormatError::BadCharacter { ch, position, format: FORMAT }),
        }
        if cells.len() > total {
            break;
        }
    }
    if cells.len() != total {
        return Err(FormatError::CellTotal { found: cells.len(), expected: total, size });
    }
    Ok(Grid::from_cells(size, cells).expect("digits checked against the size"))
}

/// Writes a grid as a Solo game ID.
#[inline]
pub fn write(grid: &Grid) -> String {
    let size = grid.size();
    let mut out = format!("{}x{}:", size.box_cols(), size.box_rows());
    let mut run = 0usize;
    let mut last_was_number = false;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let n = (*run).min(26);
            out.push((b'a' + n as u8 - 1) as char);
            *run -= n;
        }
    };
    for cell in grid.cells() {
        match cell {
            None => run += 1,
            Some(d) => {
                if run > 0 {
                    flush(&mut out, &mut run);
                } else if last_was_number {
                    out.push('_');
                }
                out.push_str(&d.get().to_string());
                last_was_number = true;
                continue;
            }
        }
        last_was_number = false;
    }
    flush(&mut out, &mut run);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    #[test]
    fn reads_and_writes_ids() {
        let g = line::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let id = write(&g);
        assert_eq!(id, "3x3:4e8a5a3j7f2e6e8a4f1g6a3a7a5b2e1a4f");
        assert_eq!(parse(&id).unwrap(), g);
        let adjacent = line::parse("12..34..........").unwrap();
        assert_eq!(write(&adjacent), "2x2:1_2b3_4j");
        assert_eq!(parse("2x2:1_2b3_4j").unwrap(), adjacent);
    }

    #[test]
    fn sixteen_uses_decimal_numbers() {
        let mut cells = vec![None; 256];
        cells[0] = Digit::new(16);
        cells[1] = Digit::new(3);
        let g = Grid::from_cells(Size::Sixteen, cells).unwrap();
        let id = write(&g);
        assert!(id.starts_with("4x4:16_3z"), "{id}");
        assert_eq!(parse(&id).unwrap(), g);
    }

    #[test]
    fn explains_what_it_cannot_play() {
        assert!(matches!(parse("3x3x:z"), Err(FormatError::SoloParams { reason, .. }) if reason.contains("X-Sudoku")));
        // 6x6 boxes are 3 wide and 2 tall; tall ones are no grid inkdoku plays.
        assert!(matches!(parse("2x3:z"), Err(FormatError::SoloParams { reason, .. }) if reason.contains("3x2")));
        assert_eq!(parse("3x2:1zi").map(|g| g.size()), Ok(Size::Six));
        assert!(matches!(parse("9j:z"), Err(FormatError::SoloParams { .. })));
        assert_eq!(parse("2x2:a5o"), Err(FormatError::NumberRange { value: 5, position: 6, size: Size::Four }));
        assert_eq!(parse("2x2:o"), Err(FormatError::CellTotal { found: 15, expected: 16, size: Size::Four }));
        assert_eq!(parse("2x2:o!"), Err(FormatError::BadCharacter { ch: '!', position: 6, format: FORMAT }));
        assert!(parse("3x3dt:4e8a5a3j7f2e6e8a4f1g6a3a7a5b2e1a4f").is_ok());
        // Found by fuzzing: huge box sizes must not overflow.
        assert!(matches!(parse("4294967296x4294967296:a"), Err(FormatError::SoloParams { .. })));
    }
}
