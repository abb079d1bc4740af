//! SadMan Software's `.sdk` puzzle files.
//!
//! ```text
//! #A Author            optional header lines: #A author, #D description, #C comment,
//! #D Description       #B date, #S source, #L level, #U address; other # lines are comments
//! [Puzzle]             optional section header
//! 4.....8.5            the grid: one row per line (9 lines of 9 for 9x9; inkdoku also
//! .3.......            writes and reads 4x4 and 16x16 the same way), `.` or `0` blank
//! ...
//! ```
//!
//! Reading stops at a blank line or a later `[Section]` after the grid (files may carry a
//! `[State]` or `[PencilMarks]` section, which inkdoku does not use). The grid itself is read by
//! `text_grid`, so boxed `.ss` grids and inkdoku's pretty grids open as `.sdk` too.

use super::{FormatError, text_grid};
use crate::grid::Grid;

/// The optional header fields of a `.sdk` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SdkHeader {
    /// `#A`
    pub author: Option<String>,
    /// `#D`
    pub description: Option<String>,
    /// `#C`
    pub comment: Option<String>,
    /// `#B`
    pub date: Option<String>,
    /// `#S`
    pub source: Option<String>,
    /// `#L`
    pub level: Option<String>,
    /// `#U`
    pub url: Option<String>,
}

/// A parsed `.sdk` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SdkFile {
    /// The puzzle's givens.
    pub grid: Grid,
    /// Header fields found.
    pub header: SdkHeader,
}

/// Reads a `.sdk` (or `.ss`, or any text grid) file.
#[inline]
pub fn parse(text: &str) -> Result<SdkFile, FormatError> {
    let mut header = SdkHeader::default();
    let mut grid_lines: Vec<&str> = Vec::new();
    let mut first_grid_line = 1;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        let started = !grid_lines.is_empty();
        if trimmed.is_empty() || trimmed.starts_with('[') {
            if started {
                break;
            }
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('#') {
            if started {
                break;
            }
            let mut chars = rest.chars();
            let key = chars.next().map(|c| c.to_ascii_uppercase());
            let value = chars.as_str().trim().to_string();
            let slot = match key {
                Some('A') => &mut header.author,
                Some('D') => &mut header.description,
                Some('C') => &mut header.comment,
                Some('B') => &mut header.date,
                Some('S') => &mut header.source,
                Some('L') => &mut header.level,
                Some('U') => &mut header.url,
                _ => continue,
            };
            if !value.is_empty() {
                *slot = Some(value);
            }
            continue;
        }
        if !started {
            first_grid_line = i + 1;
        }
        grid_lines.push(line);
    }
    if grid_lines.is_empty() {
        return Err(FormatError::Empty);
    }
    let grid = text_grid::parse(&grid_lines.join("\n"), first_grid_line)?;
    Ok(SdkFile { grid, header })
}

/// Writes a `.sdk` file: the header fields present, `[Puzzle]`, then one row per line.
#[inline]
pub fn write(grid: &Grid, header: &SdkHeader) -> String {
    let mut out = String::new();
    let fields = [
        ('A', &header.author),
        ('D', &header.description),
        ('C', &header.comment),
        ('B', &header.date),
        ('S', &header.source),
        ('L', &header.level),
        ('U', &header.url),
    ];
    for (key, value) in fields {
        if let Some(v) = value {
            // A header value is one line: fold any line break a caller let through.
            let v: String = v.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
            out.push_str(&format!("#{key} {v}\n"));
        }
    }
    out.push_str("[Puzzle]\n");
    let line = grid.to_line();
    let side = grid.size().side();
    let chars: Vec<char> = line.chars().collect();
    for row in chars.chunks(side) {
        out.extend(row);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "#A Jane Doe\r\n#D A nice one\r\n#L Hard\r\n[Puzzle]\r\n\
4.....8.5\r\n.3.......\r\n...7.....\r\n.2.....6.\r\n....8.4..\r\n....1....\r\n\
...6.3.7.\r\n5..2.....\r\n1.4......\r\n\r\n[State]\r\n123456789\r\n";

    #[test]
    fn reads_header_and_grid() {
        let f = parse(FILE).unwrap();
        assert_eq!(f.header.author.as_deref(), Some("Jane Doe"));
        assert_eq!(f.header.level.as_deref(), Some("Hard"));
        assert_eq!(f.grid.filled_count(), 17);
    }

    #[test]
    fn round_trips() {
        let f = parse(FILE).unwrap();
        let again = parse(&write(&f.grid, &f.header)).unwrap();
        assert_eq!(again, f);
    }

    #[test]
    fn reports_bad_rows_by_file_line() {
        let bad = FILE.replace("....8.4..", "....8.4.");
        assert_eq!(parse(&bad), Err(FormatError::RowLength { line: 9, found: 8, expected: 9 }));
        assert_eq!(parse("#A only a header\n"), Err(FormatError::Empty));
    }
}
