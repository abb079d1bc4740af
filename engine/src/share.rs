//! Share links: a compact, versioned encoding of a puzzle (and, if the player chooses, their
//! progress and notes) for the fragment of a URL, and a reader for every link or pasted text
//! inkdoku accepts.
//!
//! ## inkdoku's own fragment: `#p=<base64url>`
//! ```text
//!  byte 0      format version: 4 when a variant section travels, else 3 when corner or centre
//!              marks or colours travel, else 2 (so that such links still open in an app from
//!              before them); version 1 links, without eliminations, still open
//!  byte 1      grid side: 4, 6, 9 or 16
//!  byte 2      flags: bit 0 = progress follows; bit 1 = eliminations follow the progress;
//!              bit 2 = corner marks follow; bit 3 = centre marks follow; bit 4 = cell colours
//!              follow; bit 5 = candidate colours follow (version 3); bit 6 = the variant
//!              section follows (version 4)
//!  bits …      givens, one value per cell in reading order (0 = blank), each in
//!              b = ceil(log2(side + 1)) bits: 3 for 4x4 and 6x6, 4 for 9x9, 5 for 16x16
//!  [bits …]    with progress: the player's digits, b bits per cell (0 on givens), then the notes
//!              of every cell without a digit, `side` bits each (bit d-1 = digit d)
//!  [bits …]    with eliminations: the candidates hints removed, for every cell without a
//!              digit, `side` bits each
//!  [bits …]    with corner marks, then with centre marks: likewise, `side` bits per cell
//!              without a digit
//!  [bits …]    with cell colours: 9 bits for every cell, givens included (bit n-1 = colour n)
//!  [bits …]    with candidate colours: their count in 12 bits, then each as its cell's index
//!              (ceil(log2(cells)) bits), its digit (b bits) and its colour (4 bits)
//!  [bits …]    with a variant section (flag bit 6, version 4): see below
//!  last byte   checksum: the sum of all earlier bytes, modulo 256
//! ```
//! Version 4 (`encode_puzzle`) is written only for a puzzle with constraints or irregular
//! regions; a classic puzzle's link stays byte for byte what `encode` writes. Its section, in
//! the same bit stream (a *number* is its bit length in 5 bits, then its bits: 0 takes 5
//! bits, 17 takes 10; *cells* are a number, the count, then each cell's index in
//! ceil(log2(cells)) bits):
//! ```text
//!  1 bit       irregular regions follow: each cell's region, 2 bits on 4x4, 3 on 6x6, 4 on 9x9 and 16x16
//!  number      how many constraints, then each: its kind in 5 bits and its fields
//!               0 killer: cells, 1 bit "has a sum", [number sum]
//!               1 little killer: cells, number sum, clue row + 1 and column + 1 (8 bits each)
//!               2 sandwich: 1 bit column, number index, number sum, 1 bit clue at the start
//!               3 arrow: cells (circle), cells (shaft)      4 thermometer: cells
//!               5 kropki: cells (2), 1 bit black            6 XV: cells (2), number sum
//!               7 negative dots: 1 bit white, 1 bit black   8 negative XV
//!               9 whispers, 10 renban, 11 palindrome: cells 12 diagonal: 1 bit anti
//!              13 anti-knight, 14 anti-king, 15 non-consecutive, 17 disjoint groups: nothing
//!              16 extra region: cells                      18 odd/even: cells (1), 1 bit even
//!  number      bytes of title, author and rules (lz-string `compressToUint8Array` of the JSON
//!              `[title, author, rules]`; 0 when all are empty; at most 4,000), then the bytes
//! ```
//! The reader validates the puzzle (`variant::validate`). A 9x9 pure killer of 45 cages (81
//! cells, sums given) takes 318 characters (its f-puzzles payload 773). `decode` and `parse`
//! (what the app calls today) refuse a version 4 link naming its rules, as they refuse an
//! f-puzzles variant; `decode_puzzle` and `parse_puzzle` read it.
//! A 9x9 puzzle takes 44 bytes (60 characters); with progress and notes about 140 characters,
//! with eliminations about 60 more.
//!
//! ## Also accepted (in a link or pasted)
//! Plain 16/36/81/256-character lines, Solo game IDs, SudokuPad/SudokuExchange compressed strings
//! (`?s=…`, `scf…`, `classic…`), SudokuExchange's comma-separated digits (`?s=4,0,0,…`; `&d=`
//! and other keys ignored), f-puzzles payloads (`?load=…`, `?puzzleid=fpuzzles…`, a bare
//! `fpuzzles…` or `N4Ig…`), SudokuPad's `scl…` puzzles (`?puzzleid=scl…`,
//! `sudokupad.app/scl…`), and anything `format::parse_any` reads. A link is taken apart (query
//! `s=`/`p=`/`puzzle=`/`puzzleid=`/`load=`, fragment, a SudokuPad path), percent-decoding
//! included. `parse` refuses puzzles with variant rules, naming the rules; `parse_puzzle`
//! reads them (f-puzzles, SudokuPad and version 4 links). Every failure is a
//! `ShareError` that says what is wrong; nothing here panics (see `tests/fuzz_links.rs`).
//!
//! ## Out: SudokuPad and f-puzzles
//! `sudokupad_link` makes `https://sudokupad.app/?puzzleid=fpuzzles<payload>`: the f-puzzles
//! JSON of the puzzle with its constraints (`format::fpuzzles`), which SudokuPad opens, and
//! `parse_puzzle` reads back to the same puzzle (`parse` too, for a classic one).
//! `fpuzzles_link` makes `https://www.f-puzzles.com/?load=<payload>` of a variant puzzle (every
//! constraint, regions, title, author, rules; `+`, `/`, `=` percent-encoded), which
//! `parse_puzzle` reads back to the same puzzle.

use crate::format::{self, FormatError, fpuzzles};
use crate::game::{Action, Board, CandidateColour, PALETTE, Paint, Pencil};
use crate::geometry::{Digit, DigitSet, Size};
use crate::grid::Grid;
use crate::variant::Puzzle;
use crate::variant::validate::VariantError;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use thiserror::Error;

/// The newest version this app reads and writes.
const VERSION: u8 = 4;
/// The version written when no constraint or irregular region travels.
const VERSION_WITHOUT_VARIANTS: u8 = 3;
/// The version written when no corner or centre marks travel.
const VERSION_WITHOUT_PENCIL: u8 = 2;

/// The player's progress carried by a link: the same shapes as a board's (`game::Pencil`,
/// `game::Paint`), so it passes to and from a game whole (`Progress::of`, `Progress::action`).
/// The lists a link leaves out (before version 3, or without eliminations) are there and empty
/// of marks: one entry per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The player's digits (none on givens).
    pub entries: Grid,
    /// Notes, eliminations (none in a version 1 link), corner and centre marks (none before
    /// version 3).
    pub pencil: Pencil,
    /// Colours on cells and candidates (none before version 3).
    pub paint: Paint,
}

impl Progress {
    /// Digits and candidate notes, and none of the other marks.
    #[inline]
    pub fn new(entries: Grid, notes: Vec<DigitSet>) -> Progress {
        let paint = Paint::empty(entries.size());
        Progress { entries, pencil: Pencil::with_notes(notes), paint }
    }

    /// The player's digits and marks on `board`, as links and files carry them.
    #[inline]
    pub fn of(board: &Board) -> Progress {
        Progress { entries: board.entries.clone(), pencil: board.pencil.clone(), paint: board.paint.clone() }
    }

    /// The action that sets a game's board to this progress.
    #[inline]
    pub fn action(self) -> Action {
        Action::SetBoard { entries: self.entries, pencil: self.pencil, paint: self.paint }
    }
}

/// What a link holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    pub givens: Grid,
    pub progress: Option<Progress>,
}

/// What a link holds, variant puzzles included (`parse_puzzle`, `decode_puzzle`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedPuzzle {
    /// The puzzle: givens, regions, constraints, title, author and rules.
    pub puzzle: Puzzle,
    /// The player's progress, if the link carries it.
    pub progress: Option<Progress>,
}

/// The name of inkdoku's own links in messages.
const LINK_FORMAT: &str = "inkdoku link";

/// Why a link or text holds no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShareError {
    #[error("the link holds no puzzle")]
    Empty,
    #[error("the link's puzzle data is damaged: '{ch}' at position {position} is not base64url")]
    NotBase64 { ch: char, position: usize },
    #[error("the link was made by a newer inkdoku (format {0}); update the app to open it")]
    NewerVersion(u8),
    #[error("the link's puzzle data names a grid of side {0}; inkdoku plays 4, 9 and 16")]
    BadSide(u8),
    #[error("the link's puzzle data is cut short (the link may have been truncated)")]
    Truncated,
    #[error("the link's puzzle data is damaged (checksum mismatch)")]
    Checksum,
    #[error("the link's puzzle data has an impossible digit in row {row}, column {col}")]
    BadDigit { row: usize, col: usize },
    #[error("the link's progress has an impossible colour in row {row}, column {col}")]
    BadColour { row: usize, col: usize },
    #[error("the link's progress writes over a given in row {row}, column {col}")]
    OverGiven { row: usize, col: usize },
    #[error("the link's puzzle data has {0} unexpected bytes at its end")]
    Trailing(usize),
    /// A version 4 link whose variant section is not what it should be (an unknown kind of
    /// constraint, a number out of range).
    #[error("the link's variant data is damaged: {0}")]
    BadVariant(&'static str),
    /// A version 4 link whose constraints make no sense on its grid (`variant::validate`).
    #[error("the link's puzzle cannot be played: {0}")]
    BadConstraint(VariantError),
    #[error("{0}")]
    Format(#[from] FormatError),
}

#[inline]
fn bits_per_value(size: Size) -> u32 {
    u32::BITS - (size.side() as u32).leading_zeros()
}

struct BitWriter {
    bytes: Vec<u8>,
    acc: u64,
    used: u32,
}

impl BitWriter {
    #[inline]
    fn put(&mut self, value: u32, bits: u32) {
        self.acc = (self.acc << bits) | u64::from(value);
        self.used += bits;
        while self.used >= 8 {
            self.used -= 8;
            self.bytes.push((self.acc >> self.used) as u8);
        }
    }

    #[inline]
    fn finish(mut self) -> Vec<u8> {
        if self.used > 0 {
            self.bytes.push((self.acc << (8 - self.used)) as u8);
        }
        self.bytes
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
    acc: u64,
    have: u32,
}

impl BitReader<'_> {
    #[inline]
    fn get(&mut self, bits: u32) -> Result<u32, ShareError> {
        while self.have < bits {
            let byte = *self.bytes.get(self.pos).ok_or(ShareError::Truncated)?;
            self.pos += 1;
            self.acc = (self.acc << 8) | u64::from(byte);
            self.have += 8;
        }
        self.have -= bits;
        Ok(((self.acc >> self.have) & ((1 << bits) - 1)) as u32)
    }
}

/// The most candidate colours a link carries (its count has 12 bits).
const MOST_PAINTED: usize = 4095;

/// Bits for a cell's index: 4 on 4x4, 7 on 9x9, 8 on 16x16.
#[inline]
fn cell_index_bits(size: Size) -> u32 {
    usize::BITS - (size.cell_count() - 1).leading_zeros()
}

/// Encodes a puzzle (and optionally the player's progress) as the payload of `#p=`.
#[inline]
pub fn encode(givens: &Grid, progress: Option<&Progress>) -> String {
    encode_with(givens, None, progress)
}

/// Encodes a variant puzzle (and optionally the player's progress) as the payload of `#p=`:
/// version 4 with its constraints, regions, title, author and rules when it has constraints
/// or irregular regions; else exactly `encode`'s link (a classic puzzle's title is left out).
#[inline]
pub fn encode_puzzle(puzzle: &Puzzle, progress: Option<&Progress>) -> String {
    encode_with(&puzzle.givens, (!puzzle.is_classic()).then_some(puzzle), progress)
}

#[inline]
fn encode_with(givens: &Grid, variant: Option<&Puzzle>, progress: Option<&Progress>) -> String {
    let size = givens.size();
    let b = bits_per_value(size);
    let open = |p: &Progress, cell| givens.get(cell).is_none() && p.entries.get(cell).is_none();
    let any = |marks: fn(&Progress) -> &Vec<DigitSet>| {
        progress.is_some_and(|p| size.cells().any(|c| open(p, c) && marks(p).get(c.index()).is_some_and(|e| !e.is_empty())))
    };
    let with_eliminations = any(|p| &p.pencil.eliminated);
    let (with_corner, with_centre) = (any(|p| &p.pencil.corner), any(|p| &p.pencil.centre));
    let with_colours = progress.is_some_and(|p| p.paint.colours.iter().any(|&c| c != 0));
    let painted: Vec<&CandidateColour> = progress.map_or(Vec::new(), |p| {
        p.paint.candidate_colours.iter().filter(|c| c.cell.index() < size.cell_count() && c.digit.fits(size)).take(MOST_PAINTED).collect()
    });
    let flags = u8::from(progress.is_some())
        | u8::from(with_eliminations) << 1
        | u8::from(with_corner) << 2
        | u8::from(with_centre) << 3
        | u8::from(with_colours) << 4
        | u8::from(!painted.is_empty()) << 5
        | u8::from(variant.is_some()) << 6;
    // Version 2 where nothing of version 3 travels, so older apps still open the link; 3 where
    // nothing of version 4 does.
    let version = match flags {
        0..=3 => VERSION_WITHOUT_PENCIL,
        4..=63 => VERSION_WITHOUT_VARIANTS,
        _ => VERSION,
    };
    let mut w = BitWriter { bytes: vec![version, size.side() as u8, flags], acc: 0, used: 0 };
    for c in givens.cells() {
        w.put(c.map_or(0, |d| u32::from(d.get())), b);
    }
    let put_marks = |w: &mut BitWriter, p: &Progress, marks: &[DigitSet]| {
        for cell in size.cells().filter(|&c| open(p, c)) {
            let set = marks.get(cell.index()).copied().unwrap_or_default();
            w.put(u32::from(set.bits()) & ((1 << size.side()) - 1), size.side() as u32);
        }
    };
    if let Some(p) = progress {
        for cell in size.cells() {
            let entry = if givens.get(cell).is_some() { None } else { p.entries.get(cell) };
            w.put(entry.map_or(0, |d| u32::from(d.get())), b);
        }
        let pencil = &p.pencil;
        put_marks(&mut w, p, &pencil.notes);
        for (with, marks) in [(with_eliminations, &pencil.eliminated), (with_corner, &pencil.corner), (with_centre, &pencil.centre)] {
            if with {
                put_marks(&mut w, p, marks);
            }
        }
        if with_colours {
            for cell in size.cells() {
                let colours = p.paint.colours.get(cell.index()).copied().unwrap_or(0);
                w.put(u32::from(colours) & ((1 << PALETTE) - 1), u32::from(PALETTE));
            }
        }
        if !painted.is_empty() {
            w.put(painted.len() as u32, 12);
            for c in painted {
                w.put(c.cell.index() as u32, cell_index_bits(size));
                w.put(u32::from(c.digit.get()), b);
                w.put(u32::from(c.colour), 4);
            }
        }
    }
    if let Some(puzzle) = variant {
        variant_section::write(&mut w, puzzle);
    }
    let mut bytes = w.finish();
    let sum = bytes.iter().fold(0u8, |s, &x| s.wrapping_add(x));
    bytes.push(sum);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Decodes the payload of `#p=` of a classic puzzle; a variant puzzle's (version 4) is refused,
/// naming its rules (`decode_puzzle` reads it).
pub fn decode(payload: &str) -> Result<Shared, ShareError> {
    classic(decode_puzzle(payload)?)
}

/// What a link holds as the classic readers take it: a variant puzzle is refused, naming its
/// rules.
fn classic(shared: SharedPuzzle) -> Result<Shared, ShareError> {
    if !shared.puzzle.is_classic() {
        let rules = format::rules_of(&shared.puzzle);
        return Err(ShareError::Format(FormatError::Variant { format: LINK_FORMAT, rules }));
    }
    Ok(Shared { givens: shared.puzzle.givens, progress: shared.progress })
}

/// Decodes the payload of `#p=`, a variant puzzle's (version 4) included.
pub fn decode_puzzle(payload: &str) -> Result<SharedPuzzle, ShareError> {
    let payload = payload.trim();
    if payload.is_empty() {
        return Err(ShareError::Empty);
    }
    if let Some((position, ch)) = payload.chars().enumerate().find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_')) {
        return Err(ShareError::NotBase64 { ch, position: position + 1 });
    }
    // Only a length of 1 mod 4 is impossible for unpadded base64: a lost character.
    let bytes = URL_SAFE_NO_PAD.decode(payload).map_err(|_| ShareError::Truncated)?;
    let (&sum, body) = bytes.split_last().ok_or(ShareError::Truncated)?;
    if body.len() < 3 {
        return Err(ShareError::Truncated);
    }
    if body[0] > VERSION || body[0] == 0 {
        return Err(ShareError::NewerVersion(body[0]));
    }
    let size = Size::from_side(body[1] as usize).ok_or(ShareError::BadSide(body[1]))?;
    let with_progress = body[2] & 1 == 1;
    let with_eliminations = with_progress && body[2] & 2 == 2;
    let (with_corner, with_centre) = (with_progress && body[2] & 4 == 4, with_progress && body[2] & 8 == 8);
    let (with_colours, with_painted) = (with_progress && body[2] & 16 == 16, with_progress && body[2] & 32 == 32);
    let with_variant = body[0] >= 4 && body[2] & 64 == 64;
    let b = bits_per_value(size);
    // Too short for the givens (or, with progress, for givens and entries): cut off.
    let cells_bits = size.cell_count() * b as usize * if with_progress { 2 } else { 1 };
    if (body.len() - 3) * 8 < cells_bits {
        return Err(ShareError::Truncated);
    }
    if body.iter().fold(0u8, |s, &x| s.wrapping_add(x)) != sum {
        return Err(ShareError::Checksum);
    }
    let mut r = BitReader { bytes: &body[3..], pos: 0, acc: 0, have: 0 };
    let side = size.side();
    let digit = |v: u32, i: usize| -> Result<Option<Digit>, ShareError> {
        if v == 0 {
            return Ok(None);
        }
        Digit::new(v as u8)
            .filter(|d| v <= 16 && d.fits(size))
            .map(Some)
            .ok_or(ShareError::BadDigit { row: i / side + 1, col: i % side + 1 })
    };
    let mut givens = Grid::new(size);
    for cell in size.cells() {
        givens.set(cell, digit(r.get(b)?, cell.index())?);
    }
    let progress = if with_progress {
        let mut entries = Grid::new(size);
        for cell in size.cells() {
            let d = digit(r.get(b)?, cell.index())?;
            if d.is_some() && givens.get(cell).is_some() {
                return Err(ShareError::OverGiven { row: size.row_of(cell) + 1, col: size.col_of(cell) + 1 });
            }
            entries.set(cell, d);
        }
        let read_marks = |r: &mut BitReader| -> Result<Vec<DigitSet>, ShareError> {
            let mut marks = vec![DigitSet::EMPTY; size.cell_count()];
            for cell in size.cells().filter(|&c| givens.get(c).is_none() && entries.get(c).is_none()) {
                marks[cell.index()] = DigitSet::from_bits(r.get(side as u32)? as u16);
            }
            Ok(marks)
        };
        let notes = read_marks(&mut r)?;
        let mut optional = |with: bool| if with { read_marks(&mut r) } else { Ok(vec![DigitSet::EMPTY; size.cell_count()]) };
        let eliminated = optional(with_eliminations)?;
        let corner = optional(with_corner)?;
        let centre = optional(with_centre)?;
        let mut colours = vec![0u16; size.cell_count()];
        if with_colours {
            for c in colours.iter_mut() {
                *c = r.get(u32::from(PALETTE))? as u16;
            }
        }
        let mut candidate_colours = Vec::new();
        if with_painted {
            let count = r.get(12)? as usize;
            for _ in 0..count {
                let index = r.get(cell_index_bits(size))? as usize;
                let (d, colour) = (r.get(b)?, r.get(4)? as u8);
                let (row, col) = (index / side + 1, index % side + 1);
                let digit = digit(d, index.min(size.cell_count() - 1))?.ok_or(ShareError::BadDigit { row, col })?;
                if index >= size.cell_count() || !(1..=PALETTE).contains(&colour) {
                    return Err(ShareError::BadColour { row, col });
                }
                candidate_colours.push(CandidateColour { cell: crate::geometry::Cell::new(index), digit, colour });
            }
            crate::keyed_sort::sort_by_key(&mut candidate_colours, CandidateColour::order);
        }
        Some(Progress { entries, pencil: Pencil { notes, eliminated, corner, centre }, paint: Paint { colours, candidate_colours } })
    } else {
        None
    };
    let puzzle = if with_variant { variant_section::read(&mut r, givens)? } else { Puzzle::classic(givens) };
    // Padding bits are fine; whole unused bytes mean the data isn't what it claims.
    let extra = body.len() - 3 - r.pos;
    if extra > 0 {
        return Err(ShareError::Trailing(extra));
    }
    Ok(SharedPuzzle { puzzle, progress })
}

/// Version 4's section: a variant puzzle's regions, constraints and words, in the bit stream
/// after the progress (see the module's description).
mod variant_section {
    use super::{BitReader, BitWriter, ShareError, cell_index_bits};
    use crate::geometry::{Cell, Size};
    use crate::grid::Grid;
    use crate::variant::validate::validate;
    use crate::variant::{About, Constraint, Diagonal, Dot, Line, Puzzle};

    /// The longest compressed title, author and rules a link carries (lz-string can unfold a
    /// few kilobytes into megabytes; a paragraph of rules compresses to a few hundred bytes).
    const MOST_WORD_BYTES: u32 = 4_000;

    /// A number: its bit length in 5 bits, then its bits (0 takes 5 bits, 15 takes 9).
    #[inline]
    fn put_number(w: &mut BitWriter, n: u32) {
        let bits = u32::BITS - n.leading_zeros();
        w.put(bits, 5);
        if bits > 0 {
            w.put(n, bits);
        }
    }

    #[inline]
    fn number(r: &mut BitReader) -> Result<u32, ShareError> {
        match r.get(5)? {
            0 => Ok(0),
            bits @ 1..=16 => r.get(bits),
            _ => Err(ShareError::BadVariant("a number is too long")),
        }
    }

    #[inline]
    fn small(r: &mut BitReader) -> Result<u16, ShareError> {
        number(r).map(|n| n as u16)
    }

    #[inline]
    fn put_cells(w: &mut BitWriter, size: Size, cells: &[Cell]) {
        put_number(w, cells.len() as u32);
        for c in cells {
            w.put(c.index() as u32 & ((1 << cell_index_bits(size)) - 1), cell_index_bits(size));
        }
    }

    #[inline]
    fn cell(r: &mut BitReader, size: Size) -> Result<Cell, ShareError> {
        Ok(Cell::new(r.get(cell_index_bits(size))? as usize))
    }

    #[inline]
    fn cells(r: &mut BitReader, size: Size) -> Result<Vec<Cell>, ShareError> {
        let n = number(r)? as usize;
        // Each cell takes at least 4 bits: a count beyond the data is damage, not an allocation.
        if n > r.bytes.len() * 2 {
            return Err(ShareError::Truncated);
        }
        (0..n).map(|_| cell(r, size)).collect()
    }

    #[inline]
    fn bit(r: &mut BitReader) -> Result<bool, ShareError> {
        Ok(r.get(1)? == 1)
    }

    /// Each kind's tag, 5 bits.
    #[inline]
    fn tag(c: &Constraint) -> u32 {
        c.kind_index() as u32
    }

    /// Bits for a region's index 0..side: 2 on 4x4, 3 on 6x6, 4 on 9x9 and 16x16.
    #[inline]
    fn region_bits(size: Size) -> u32 {
        u32::BITS - (size.side() as u32 - 1).leading_zeros()
    }

    #[inline]
    pub(super) fn write(w: &mut BitWriter, puzzle: &Puzzle) {
        let size = puzzle.size();
        w.put(u32::from(puzzle.regions.is_some()), 1);
        if let Some(regions) = &puzzle.regions {
            for cell in size.cells() {
                let region = regions.get(cell.index()).copied().unwrap_or(0);
                w.put(u32::from(region) & ((1 << region_bits(size)) - 1), region_bits(size));
            }
        }
        put_number(w, puzzle.constraints.len() as u32);
        for c in &puzzle.constraints {
            w.put(tag(c), 5);
            match c {
                Constraint::Killer { cells, sum } => {
                    put_cells(w, size, cells);
                    w.put(u32::from(sum.is_some()), 1);
                    if let Some(sum) = sum {
                        put_number(w, u32::from(*sum));
                    }
                }
                Constraint::LittleKiller { cells, sum, clue } => {
                    put_cells(w, size, cells);
                    put_number(w, u32::from(*sum));
                    // The clue's row and column, +1: 0 is the ring above or left of the grid.
                    w.put(u32::from((clue.0 as u8).wrapping_add(1)), 8);
                    w.put(u32::from((clue.1 as u8).wrapping_add(1)), 8);
                }
                Constraint::Sandwich { line, sum, start } => {
                    let (is_col, index) = match line {
                        Line::Row(r) => (0, r),
                        Line::Col(c) => (1, c),
                    };
                    w.put(is_col, 1);
                    put_number(w, u32::from(*index));
                    put_number(w, u32::from(*sum));
                    w.put(u32::from(*start), 1);
                }
                Constraint::Arrow { circle, line } => {
                    put_cells(w, size, circle);
                    put_cells(w, size, line);
                }
                Constraint::Thermometer { cells }
                | Constraint::Whispers { cells }
                | Constraint::Renban { cells }
                | Constraint::Palindrome { cells }
                | Constraint::ExtraRegion { cells } => put_cells(w, size, cells),
                Constraint::Kropki { cells, dot } => {
                    put_cells(w, size, cells);
                    w.put(u32::from(*dot == Dot::Black), 1);
                }
                Constraint::Xv { cells, sum } => {
                    put_cells(w, size, cells);
                    put_number(w, u32::from(*sum));
                }
                Constraint::KropkiNegative { white, black } => w.put(u32::from(*white) << 1 | u32::from(*black), 2),
                Constraint::Diagonal { diagonal } => w.put(u32::from(*diagonal == Diagonal::Anti), 1),
                Constraint::Parity { cell, even } => {
                    put_cells(w, size, std::slice::from_ref(cell));
                    w.put(u32::from(*even), 1);
                }
                Constraint::XvNegative
                | Constraint::AntiKnight
                | Constraint::AntiKing
                | Constraint::NonConsecutive
                | Constraint::DisjointGroups => {}
            }
        }
        // Title, author and rules: lz-string compressed JSON, byte-sized.
        let about = &puzzle.about;
        let words = if about.is_empty() {
            Vec::new()
        } else {
            lz_str::compress_to_uint8_array(serde_json::json!([about.title, about.author, about.rules]).to_string().as_str())
        };
        let words = if words.len() as u32 > MOST_WORD_BYTES { &[][..] } else { &words[..] };
        put_number(w, words.len() as u32);
        for &b in words {
            w.put(u32::from(b), 8);
        }
    }

    /// Reads the section into a puzzle with the givens, and validates it.
    pub(super) fn read(r: &mut BitReader, givens: Grid) -> Result<Puzzle, ShareError> {
        let size = givens.size();
        let regions = if bit(r)? {
            Some((0..size.cell_count()).map(|_| r.get(region_bits(size)).map(|v| v as u8)).collect::<Result<Vec<u8>, _>>()?)
        } else {
            None
        };
        let count = number(r)? as usize;
        let mut constraints = Vec::new();
        for _ in 0..count {
            let pair_of =
                |cells: Vec<Cell>| <[Cell; 2]>::try_from(cells).map_err(|_| ShareError::BadVariant("a dot is not between two cells"));
            let c = match r.get(5)? {
                0 => {
                    let cells = cells(r, size)?;
                    let sum = if bit(r)? { Some(small(r)?) } else { None };
                    Constraint::Killer { cells, sum }
                }
                1 => {
                    let cells = cells(r, size)?;
                    let sum = small(r)?;
                    let (row, col) = (r.get(8)? as u8, r.get(8)? as u8);
                    Constraint::LittleKiller { cells, sum, clue: (row.wrapping_sub(1) as i8, col.wrapping_sub(1) as i8) }
                }
                2 => {
                    let is_col = bit(r)?;
                    let index = u8::try_from(number(r)?).map_err(|_| ShareError::BadVariant("a sandwich names no row or column"))?;
                    let line = if is_col { Line::Col(index) } else { Line::Row(index) };
                    Constraint::Sandwich { line, sum: small(r)?, start: bit(r)? }
                }
                3 => Constraint::Arrow { circle: cells(r, size)?, line: cells(r, size)? },
                4 => Constraint::Thermometer { cells: cells(r, size)? },
                5 => Constraint::Kropki { cells: pair_of(cells(r, size)?)?, dot: if bit(r)? { Dot::Black } else { Dot::White } },
                6 => {
                    let cells = pair_of(cells(r, size)?)?;
                    let sum = u8::try_from(number(r)?).map_err(|_| ShareError::BadVariant("an XV sum is too large"))?;
                    Constraint::Xv { cells, sum }
                }
                7 => Constraint::KropkiNegative { white: bit(r)?, black: bit(r)? },
                8 => Constraint::XvNegative,
                9 => Constraint::Whispers { cells: cells(r, size)? },
                10 => Constraint::Renban { cells: cells(r, size)? },
                11 => Constraint::Palindrome { cells: cells(r, size)? },
                12 => Constraint::Diagonal { diagonal: if bit(r)? { Diagonal::Anti } else { Diagonal::Main } },
                13 => Constraint::AntiKnight,
                14 => Constraint::AntiKing,
                15 => Constraint::NonConsecutive,
                16 => Constraint::ExtraRegion { cells: cells(r, size)? },
                17 => Constraint::DisjointGroups,
                18 => {
                    let [cell] = <[Cell; 1]>::try_from(cells(r, size)?)
                        .map_err(|_| ShareError::BadVariant("an odd/even clue is not on one cell"))?;
                    Constraint::Parity { cell, even: bit(r)? }
                }
                _ => return Err(ShareError::BadVariant("a constraint of an unknown kind")),
            };
            constraints.push(c);
        }
        let length = number(r)?;
        if length > MOST_WORD_BYTES {
            return Err(ShareError::BadVariant("its title and rules are too long"));
        }
        let bytes = (0..length).map(|_| r.get(8).map(|b| b as u8)).collect::<Result<Vec<u8>, _>>()?;
        let about = if bytes.is_empty() {
            About::default()
        } else {
            let text = lz_str::decompress_from_uint8_array(&bytes)
                .and_then(|wide| String::from_utf16(&wide).ok())
                .ok_or(ShareError::BadVariant("its title and rules do not decompress"))?;
            let [title, author, rules]: [String; 3] =
                serde_json::from_str(&text).map_err(|_| ShareError::BadVariant("its title and rules are not what they should be"))?;
            About { title, author, rules }
        };
        let puzzle = Puzzle { givens, regions, constraints, about };
        validate(&puzzle).map_err(ShareError::BadConstraint)?;
        Ok(puzzle)
    }
}

/// Percent-decodes `%XX` escapes (and `+` as a space in query values); bad escapes stay as is.
#[inline]
fn percent_decode(s: &str, plus_is_space: bool) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(v) => {
                        out.push(v);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            other => {
                out.push(other);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The query keys that carry a puzzle (the app looks for them in its address).
pub const QUERY_KEYS: &[&str] = &["p", "s", "puzzle", "puzzleid", "load"];

/// Whether a `?query` names a puzzle by one of `QUERY_KEYS`.
#[inline]
fn query_has_puzzle(query: &str) -> bool {
    query.trim_start_matches('?').split('&').any(|pair| QUERY_KEYS.contains(&pair.split_once('=').map_or(pair, |(k, _)| k)))
}

/// The link in a page's whole address (`https://…/?s=…` or `…/#…`) that opens a puzzle: its
/// `#fragment` when there is one, else its `?query` when a key of it names a puzzle (other
/// queries, a campaign's `?utm=…`, are not links). With its `#` or `?`, as `parse` reads it.
#[inline]
pub fn link_in_address(address: &str) -> Option<String> {
    let (before, fragment) = address.split_once('#').map_or((address, ""), |(b, f)| (b, f));
    let query = before.split_once('?').map_or("", |(_, q)| q);
    if !fragment.is_empty() {
        Some(format!("#{fragment}"))
    } else if !query.is_empty() && query_has_puzzle(query) {
        Some(format!("?{query}"))
    } else {
        None
    }
}

/// Prefixes of a SudokuPad puzzle in a link's path (`sudokupad.app/scl…`).
const PATH_PREFIXES: &[&str] = &["scf", "classic", "scl", "ctc", "fpuzzles", "fpuz"];

/// Where a link or text keeps its puzzle.
enum Found {
    /// inkdoku's own payload (`p=`).
    Ours(String),
    /// Text in any format `format::parse_any` reads (`s=`, `puzzleid=`, a path, a paste).
    Text(String),
    /// An f-puzzles payload (`load=`).
    FPuzzles(String),
}

/// Takes a link (whole URL, `?query`, `#fragment`) or pasted text apart.
#[inline]
fn find(text: &str) -> Result<Found, ShareError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ShareError::Empty);
    }
    let looks_like_link = text.contains("://") || text.starts_with('#') || text.starts_with('?');
    if !looks_like_link {
        return Ok(Found::Text(text.to_string()));
    }
    let (before_hash, fragment) = match text.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (text, None),
    };
    let query = before_hash.split_once('?').map(|(_, q)| q);
    // Query parameters first (SudokuExchange `?s=`, ours `?p=`), then the fragment.
    if let Some(q) = query {
        for pair in q.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(value, true);
            match key {
                "p" => return Ok(Found::Ours(value)),
                "s" | "puzzle" | "puzzleid" => return Ok(Found::Text(value)),
                "load" => return Ok(Found::FPuzzles(value)),
                _ => {}
            }
        }
    }
    if let Some(f) = fragment.filter(|f| !f.is_empty()) {
        let f = percent_decode(f, false);
        if let Some(payload) = f.strip_prefix("p=") {
            return Ok(Found::Ours(payload.to_string()));
        }
        if let Some(payload) = f.strip_prefix("load=") {
            return Ok(Found::FPuzzles(payload.to_string()));
        }
        let keys = ["s=", "puzzle=", "puzzleid="];
        return Ok(Found::Text(keys.iter().find_map(|k| f.strip_prefix(k)).unwrap_or(&f).to_string()));
    }
    // A SudokuPad path: https://sudokupad.app/scf…, /classic…, /scl…, /fpuzzles… (an
    // f-puzzles payload has slashes of its own: the puzzle is everything after the prefix).
    let path = before_hash.split('?').next().unwrap_or_default();
    let path = path.split_once("://").map_or(path, |(_, rest)| rest);
    if let Some(puzzle) =
        path.match_indices('/').map(|(i, _)| &path[i + 1..]).find(|p| PATH_PREFIXES.iter().any(|prefix| p.starts_with(prefix)))
    {
        return Ok(Found::Text(percent_decode(puzzle, false)));
    }
    Err(ShareError::Empty)
}

/// Reads a classic puzzle from a link (whole URL, `?query`, `#fragment`) or from pasted text;
/// a variant puzzle is refused, naming its rules (`parse_puzzle` reads it).
#[inline]
pub fn parse(text: &str) -> Result<Shared, ShareError> {
    match find(text)? {
        Found::Ours(payload) => decode(&payload),
        Found::Text(text) => from_text(&text),
        Found::FPuzzles(payload) => from_payload(&payload),
    }
}

/// Reads inkdoku's own link (`p=`, in a query or a fragment) at once: `None` when the text is
/// anything else, which `parse_puzzle` reads in the engine worker (`open::read`: the readers of
/// other apps' formats are not in the app's wasm, issue 48). An empty text is refused here.
#[inline]
pub fn parse_own(text: &str) -> Option<Result<SharedPuzzle, ShareError>> {
    match find(text) {
        Ok(Found::Ours(payload)) => Some(decode_puzzle(&payload)),
        Ok(_) => None,
        Err(e) => Some(Err(e)),
    }
}

/// Reads a puzzle from a link or pasted text as `parse` does, variant puzzles included:
/// inkdoku's version 4 links, f-puzzles payloads and SudokuPad's `scl`/`ctc`/`fpuzzles`
/// puzzles with their constraints (`format::fpuzzles`, `format::sudokupad`).
#[inline]
pub fn parse_puzzle(text: &str) -> Result<SharedPuzzle, ShareError> {
    parse_own(text).unwrap_or_else(|| parse_foreign(text))
}

/// `parse_puzzle` of any link or text but inkdoku's own (`parse_own` reads those; here they
/// are refused as empty): what the engine worker reads for the app (`open::read`), without
/// inkdoku's own decoder, which the app has.
#[inline]
pub fn parse_foreign(text: &str) -> Result<SharedPuzzle, ShareError> {
    let found = find(text)?;
    let (payload, expected) = match &found {
        Found::Ours(_) => return Err(ShareError::Empty),
        Found::FPuzzles(payload) => (payload.trim(), Some(format::Format::FPuzzles)),
        Found::Text(text) => match format::compressed::parse_prefixed_puzzle(text) {
            Some(read) => return Ok(SharedPuzzle { puzzle: read?.0, progress: None }),
            None => return from_text(text).map(|s| SharedPuzzle { puzzle: Puzzle::classic(s.givens), progress: None }),
        },
    };
    if payload.is_empty() {
        return Err(ShareError::Empty);
    }
    let (puzzle, _) = format::compressed::parse_payload_puzzle(payload, expected)?;
    Ok(SharedPuzzle { puzzle, progress: None })
}

#[inline]
fn from_text(text: &str) -> Result<Shared, ShareError> {
    let (givens, _) = format::parse_any(text)?;
    Ok(Shared { givens, progress: None })
}

#[inline]
fn from_payload(payload: &str) -> Result<Shared, ShareError> {
    let payload = payload.trim();
    if payload.is_empty() {
        return Err(ShareError::Empty);
    }
    let (givens, _) = format::compressed::parse_payload(payload, Some(format::Format::FPuzzles))?;
    Ok(Shared { givens, progress: None })
}

/// An f-puzzles payload escaped for a link's query (`+`, `/` and `=` percent-encoded).
#[inline]
fn query_escaped(payload: &str) -> String {
    payload.replace('+', "%2B").replace('/', "%2F").replace('=', "%3D")
}

/// A link that opens the puzzle in f-puzzles (`https://www.f-puzzles.com/?load=<payload>`):
/// its f-puzzles JSON with every constraint, its regions, title, author and rules
/// (`fpuzzles::write_puzzle`), which f-puzzles reads back to the same puzzle, and so does
/// `parse_puzzle`.
#[inline]
pub fn fpuzzles_link(puzzle: &Puzzle) -> String {
    format!("https://www.f-puzzles.com/?load={}", query_escaped(&fpuzzles::write_puzzle(puzzle)))
}

/// The `#p=` fragment of a link to a variant puzzle (`encode_puzzle`).
#[inline]
pub fn fragment_puzzle(puzzle: &Puzzle, progress: Option<&Progress>) -> String {
    format!("#p={}", encode_puzzle(puzzle, progress))
}

/// A link that opens the puzzle in SudokuPad: its f-puzzles payload with every constraint,
/// its regions, title, author and rules (`fpuzzles::write_puzzle`, which SudokuPad converts
/// as it converts f-puzzles' own), escaped for a query. A classic puzzle's link is what it
/// was, byte for byte.
#[inline]
pub fn sudokupad_link(puzzle: &Puzzle) -> String {
    format!("https://sudokupad.app/?puzzleid=fpuzzles{}", query_escaped(&fpuzzles::write_puzzle(puzzle)))
}

/// The `#p=` fragment of a link to a puzzle.
#[inline]
pub fn fragment(givens: &Grid, progress: Option<&Progress>) -> String {
    format!("#p={}", encode(givens, progress))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    fn puzzle() -> Grid {
        line::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").unwrap()
    }

    #[test]
    fn round_trips_with_and_without_progress() {
        let g = puzzle();
        let payload = encode(&g, None);
        assert_eq!(payload.len(), 60);
        assert_eq!(decode(&payload).unwrap(), Shared { givens: g.clone(), progress: None });
        let mut entries = Grid::new(Size::Nine);
        entries.set(Size::Nine.cell(0, 2), Digit::new(4));
        let mut notes = vec![DigitSet::EMPTY; 81];
        notes[3] = [1u8, 2, 6].into_iter().filter_map(Digit::new).collect();
        let progress = Progress::new(entries, notes);
        let link = format!("https://example.org/inkdoku/{}", fragment(&g, Some(&progress)));
        assert_eq!(parse(&link).unwrap(), Shared { givens: g.clone(), progress: Some(progress.clone()) });
        // Eliminations travel too (flag bit 1), and only when there are some.
        let mut with = progress.clone();
        with.pencil.eliminated[5] = [3u8, 8].into_iter().filter_map(Digit::new).collect();
        let longer = encode(&g, Some(&with));
        assert!(longer.len() > encode(&g, Some(&progress)).len());
        assert_eq!(decode(&longer).unwrap(), Shared { givens: g.clone(), progress: Some(with.clone()) });
        // Corner and centre marks travel in version 3 (flag bits 2 and 3); without them a link
        // stays version 2, which apps from before them open.
        assert_eq!(URL_SAFE_NO_PAD.decode(&longer).unwrap()[0], 2);
        let mut marked = with.clone();
        marked.pencil.corner[3] = [1u8, 9].into_iter().filter_map(Digit::new).collect();
        let payload = encode(&g, Some(&marked));
        assert_eq!(URL_SAFE_NO_PAD.decode(&payload).unwrap()[..3], [3, 9, 0b0111]);
        assert_eq!(decode(&payload).unwrap(), Shared { givens: g.clone(), progress: Some(marked.clone()) });
        marked.pencil.centre[80] = [5u8].into_iter().filter_map(Digit::new).collect();
        marked.pencil.centre[5] = [2u8, 3, 4].into_iter().filter_map(Digit::new).collect();
        let payload = encode(&g, Some(&marked));
        assert_eq!(URL_SAFE_NO_PAD.decode(&payload).unwrap()[2], 0b1111);
        // (r9c9 holds a given: its centre mark does not travel.)
        marked.pencil.centre[80] = DigitSet::EMPTY;
        assert_eq!(decode(&payload).unwrap(), Shared { givens: g.clone(), progress: Some(marked.clone()) });
        // Colours on cells (givens too) and candidates: flag bits 4 and 5.
        marked.paint.colours[0] = 0b1_0000_0001;
        marked.paint.colours[80] = 0b10;
        let d = |v| Digit::new(v).unwrap();
        marked.paint.candidate_colours = vec![
            CandidateColour { cell: crate::geometry::Cell::new(2), digit: d(4), colour: 9 },
            CandidateColour { cell: crate::geometry::Cell::new(5), digit: d(2), colour: 1 },
        ];
        let payload = encode(&g, Some(&marked));
        assert_eq!(URL_SAFE_NO_PAD.decode(&payload).unwrap()[..3], [3, 9, 0b11_1111]);
        assert_eq!(decode(&payload).unwrap(), Shared { givens: g, progress: Some(marked) });
    }

    #[test]
    fn version_one_links_still_open() {
        // A version 1 link is today's encoding without eliminations, with byte 0 = 1.
        let g = puzzle();
        let mut entries = Grid::new(Size::Nine);
        entries.set(Size::Nine.cell(0, 2), Digit::new(4));
        let mut notes = vec![DigitSet::EMPTY; 81];
        notes[3] = [1u8, 2].into_iter().filter_map(Digit::new).collect();
        let progress = Progress::new(entries, notes);
        for p in [None, Some(&progress)] {
            let mut bytes = URL_SAFE_NO_PAD.decode(encode(&g, p)).unwrap();
            bytes[0] = 1;
            let n = bytes.len() - 1;
            bytes[n] = bytes[..n].iter().fold(0u8, |s, &x| s.wrapping_add(x));
            let old = decode(&URL_SAFE_NO_PAD.encode(&bytes)).unwrap();
            assert_eq!(old, Shared { givens: g.clone(), progress: p.cloned() });
        }
    }

    #[test]
    fn sixteen_six_and_four() {
        for size in [Size::Four, Size::Six, Size::Sixteen] {
            let mut g = Grid::new(size);
            g.set(size.cell(0, 0), Digit::new(size.side() as u8));
            assert_eq!(decode(&encode(&g, None)).unwrap().givens, g);
        }
    }

    #[test]
    fn other_formats_in_links_and_pastes() {
        let g = puzzle();
        let line = g.to_line();
        assert_eq!(parse(&line).unwrap().givens, g);
        assert_eq!(parse(&format!("https://x.org/#{line}")).unwrap().givens, g);
        let solo = format::solo::write(&g);
        assert_eq!(parse(&format!("https://x.org/#{}", solo.replace(':', "%3A"))).unwrap().givens, g);
        let packed = format::sudokupad::write(&g).unwrap();
        assert_eq!(parse(&format!("https://sudokuexchange.com/play/?s={packed}")).unwrap().givens, g);
        assert_eq!(parse(&format!("https://sudokupad.app/scf{packed}")).unwrap().givens, g);
        assert_eq!(parse(&format!("scf{packed}")).unwrap().givens, g);
    }

    #[test]
    fn links_of_fpuzzles_sudokupad_and_sudokuexchange() {
        let g = puzzle();
        let payload = fpuzzles::write(&g);
        let scl = format::compressed::compress(&format::sudokupad::to_json(&g));
        let commas = format::comma::write(&g);
        let forms = [
            format!("https://sudokupad.app/?puzzleid=fpuzzles{payload}"),
            format!("https://sudokupad.app/fpuzzles{payload}"),
            format!("https://f-puzzles.com/?load={payload}"),
            format!("https://x.org/#fpuzzles{payload}"),
            format!("https://x.org/#load={payload}"),
            format!("?puzzleid=fpuz{}", payload.replace('+', "%2B")),
            format!("fpuzzles{payload}"),
            payload.clone(),
            format!("https://sudokupad.app/?puzzleid=scl{scl}"),
            format!("https://sudokupad.app/scl{scl}"),
            format!("https://x.org/#puzzleid=scl{scl}"),
            format!("scl{scl}"),
            format!("ctc{scl}"),
            format!("https://sudokuexchange.com/play/?s={commas}&d=Hard"),
            format!("https://sudokuexchange.com/play/?d=Hard&s={}", commas.replace(',', "%2C")),
            format!("https://x.org/#s={commas}"),
            format!("?s={}", g.to_line().replace('.', "0")),
            commas.clone(),
        ];
        for link in forms {
            assert_eq!(parse(&link).map(|s| s.givens), Ok(g.clone()), "{link}");
        }
        // A query with '+' read as spaces still decodes.
        assert_eq!(parse(&format!("?load={}", payload.replace('+', " "))).unwrap().givens, g);
        let at = |address: &str| link_in_address(address);
        assert_eq!(at("https://x.org/app/?puzzleid=x"), Some("?puzzleid=x".into()));
        assert_eq!(at("https://x.org/?a=1&load=x#"), Some("?a=1&load=x".into()), "an empty fragment is none");
        assert_eq!(at("https://x.org/?s=1#p=2?q"), Some("#p=2?q".into()), "the fragment first, '?' and all");
        assert_eq!(at("https://x.org/?utm=x"), None, "a query that names no puzzle");
        assert_eq!(at("https://x.org/?"), None);
        assert_eq!(at("https://x.org/"), None);
    }

    #[test]
    fn the_sudokupad_link_decodes_back() {
        for text in ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "1...2...3...4..."] {
            let g = line::parse(text).unwrap();
            let link = sudokupad_link(&Puzzle::classic(g.clone()));
            assert!(link.starts_with("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig"), "{link}");
            // The classic writer's payload, as before the link carried constraints.
            assert_eq!(link, format!("https://sudokupad.app/?puzzleid=fpuzzles{}", query_escaped(&fpuzzles::write(&g))));
            assert!(!link.contains('+') && !link[8..].contains("//"), "{link}");
            assert_eq!(parse(&link).unwrap(), Shared { givens: g, progress: None });
        }
    }

    #[test]
    fn variant_and_damaged_payloads_say_why() {
        let killer = r#"{"size":9,"grid":[],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
        let link = format!("https://sudokupad.app/?puzzleid=fpuzzles{}", format::compressed::compress(killer));
        let e = parse(&link).unwrap_err();
        assert!(matches!(&e, ShareError::Format(FormatError::Variant { rules, .. }) if rules == &[format::Rule::KillerCages]));
        assert!(e.to_string().contains("killer cages"), "{e}");
        let payload = fpuzzles::write(&puzzle());
        assert!(matches!(parse(&format!("?load={}", &payload[..payload.len() - 9])), Err(ShareError::Format(FormatError::Damaged { .. }))));
        assert!(matches!(parse("?puzzleid=fpuzzles"), Err(ShareError::Format(FormatError::Empty))));
        assert_eq!(parse("?load="), Err(ShareError::Empty));
    }

    #[test]
    fn damaged_links_say_why() {
        let payload = encode(&puzzle(), None);
        assert_eq!(decode(&payload[..40]), Err(ShareError::Truncated));
        let mut chars: Vec<char> = payload.chars().collect();
        chars[10] = if chars[10] == 'A' { 'B' } else { 'A' };
        let flipped: String = chars.into_iter().collect();
        assert_eq!(decode(&flipped), Err(ShareError::Checksum));
        assert_eq!(decode("AQk!"), Err(ShareError::NotBase64 { ch: '!', position: 4 }));
        assert_eq!(decode(&URL_SAFE_NO_PAD.encode([9, 9, 0, 18])), Err(ShareError::NewerVersion(9)));
        assert_eq!(decode(&URL_SAFE_NO_PAD.encode([1, 7, 0, 8])), Err(ShareError::BadSide(7)));
        assert_eq!(parse("https://x.org/"), Err(ShareError::Empty));
        assert!(matches!(parse("https://x.org/#hello"), Err(ShareError::Format(_))));
        assert_eq!(parse("https://x.org/#p=").unwrap_err().to_string(), "the link holds no puzzle");
    }
}
