//! Grid geometry: sizes, cells, digits, candidate sets and houses.
//!
//! inkdoku plays on square grids; the boxes are square except on 6x6, where they are wide:
//!
//! ```text
//!   Size::Four   Size::Six     Size::Nine   Size::Sixteen
//!   2x2 boxes    2x3 boxes     3x3 boxes    4x4 boxes
//!   4 digits     6 digits      9 digits     16 digits (shown 1-9 then A-G)
//!   16 cells     36 cells      81 cells     256 cells
//! ```
//!
//! A box is `box_rows()` tall and `box_cols()` wide; nothing may assume they are equal.
//!
//! Cells are numbered in reading order (`row * side + col`). Everything that crosses a module
//! boundary is typed (`Cell`, `Digit`, `DigitSet`, `House`) so that a digit can never be
//! mistaken for an index. The tables of houses and peers are built once per size and shared.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU8;
use std::sync::OnceLock;

/// One of the supported grid sizes. The serialized names are the sides, so adding a size
/// leaves every stored encoding of the others as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Size {
    /// 4x4 grid, 2x2 boxes.
    #[serde(rename = "4")]
    Four,
    /// 6x6 grid, boxes of 2 rows by 3 columns.
    #[serde(rename = "6")]
    Six,
    /// 9x9 grid, 3x3 boxes.
    #[serde(rename = "9")]
    Nine,
    /// 16x16 grid, 4x4 boxes.
    #[serde(rename = "16")]
    Sixteen,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 4] = [Size::Four, Size::Six, Size::Nine, Size::Sixteen];

    /// Rows of a box (2, 2, 3 or 4).
    pub const fn box_rows(self) -> usize {
        match self {
            Size::Four | Size::Six => 2,
            Size::Nine => 3,
            Size::Sixteen => 4,
        }
    }

    /// Columns of a box (2, 3, 3 or 4).
    pub const fn box_cols(self) -> usize {
        match self {
            Size::Four => 2,
            Size::Six | Size::Nine => 3,
            Size::Sixteen => 4,
        }
    }

    /// Whether boxes are square (every size but 6x6): techniques built on the symmetry of
    /// bands and stacks ask this.
    pub const fn square_boxes(self) -> bool {
        self.box_rows() == self.box_cols()
    }

    /// Position of this size in `ALL`, for per-size tables.
    pub const fn ordinal(self) -> usize {
        self as usize
    }

    /// Side of the grid, which is also the number of digits (4, 6, 9 or 16).
    pub const fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Number of cells (16, 36, 81 or 256).
    pub const fn cell_count(self) -> usize {
        self.side() * self.side()
    }

    /// Number of houses: rows, then columns, then boxes.
    pub const fn house_count(self) -> usize {
        3 * self.side()
    }

    /// The size whose grid has `side` rows, if any.
    pub fn from_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.side() == side)
    }

    /// The size whose grid has `cells` cells, if any.
    pub fn from_cell_count(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.cell_count() == cells)
    }

    /// All digits of this size as a set.
    pub const fn all_digits(self) -> DigitSet {
        DigitSet(((1u32 << self.side()) - 1) as u16)
    }

    /// The cells in reading order.
    pub fn cells(self) -> impl Iterator<Item = Cell> + Clone {
        (0..self.cell_count() as u16).map(Cell)
    }

    /// The digits 1..=side.
    pub fn digits(self) -> impl Iterator<Item = Digit> + Clone {
        (0..self.side()).map(Digit::from_index)
    }

    /// The houses: rows, columns, boxes.
    pub fn houses(self) -> impl Iterator<Item = House> + Clone {
        let n = self.side() as u8;
        (0..n).map(House::Row).chain((0..n).map(House::Col)).chain((0..n).map(House::Box))
    }

    /// The cell at `row`, `col` (0-based). Panics if out of range: callers hold typed indices.
    pub fn cell(self, row: usize, col: usize) -> Cell {
        assert!(row < self.side() && col < self.side(), "cell out of range");
        Cell((row * self.side() + col) as u16)
    }

    /// Row (0-based) of a cell.
    pub fn row_of(self, cell: Cell) -> usize {
        cell.index() / self.side()
    }

    /// Column (0-based) of a cell.
    pub fn col_of(self, cell: Cell) -> usize {
        cell.index() % self.side()
    }

    /// Box (0-based, reading order) of a cell.
    pub fn box_of(self, cell: Cell) -> usize {
        let (h, w) = (self.box_rows(), self.box_cols());
        // A band of boxes holds side / w boxes side by side.
        (self.row_of(cell) / h) * (self.side() / w) + self.col_of(cell) / w
    }

    /// Top-left cell's row and column of box `bx`.
    pub fn box_origin(self, bx: usize) -> (usize, usize) {
        let (h, w) = (self.box_rows(), self.box_cols());
        let across = self.side() / w;
        ((bx / across) * h, (bx % across) * w)
    }

    /// The row, column and box that contain a cell.
    pub fn houses_of(self, cell: Cell) -> [House; 3] {
        [House::Row(self.row_of(cell) as u8), House::Col(self.col_of(cell) as u8), House::Box(self.box_of(cell) as u8)]
    }

    /// The cells of a house, in reading order.
    pub fn house_cells(self, house: House) -> &'static [Cell] {
        let t = self.tables();
        let n = self.side();
        let i = house.index(self);
        &t.house_cells[i * n..(i + 1) * n]
    }

    /// The cells that share a house with `cell` (not `cell` itself), in reading order.
    pub fn peers(self, cell: Cell) -> &'static [Cell] {
        let t = self.tables();
        let p = t.peer_count;
        &t.peers[cell.index() * p..(cell.index() + 1) * p]
    }

    /// Per cell in reading order, the houses that contain it as bits of `House::index` (a
    /// size has at most 48 houses): lets a search mark the houses a change touches in one OR.
    pub fn house_masks(self) -> &'static [u64] {
        &self.tables().house_masks
    }

    /// Whether two distinct cells share a house.
    pub fn sees(self, a: Cell, b: Cell) -> bool {
        a != b && (self.row_of(a) == self.row_of(b) || self.col_of(a) == self.col_of(b) || self.box_of(a) == self.box_of(b))
    }

    /// The character that shows a digit: 1-9, then A-G for 16x16.
    pub fn digit_char(self, digit: Digit) -> char {
        let v = digit.get();
        if v <= 9 { (b'0' + v) as char } else { (b'A' + v - 10) as char }
    }

    /// Reads a digit character of this size (A-G case-insensitive for 16x16).
    pub fn digit_from_char(self, c: char) -> Option<Digit> {
        let v = match c {
            '1'..='9' => c as u8 - b'0',
            'A'..='G' => c as u8 - b'A' + 10,
            'a'..='g' => c as u8 - b'a' + 10,
            _ => return None,
        };
        Digit::new(v).filter(|d| d.fits(self))
    }

    /// A short name: "4x4", "6x6", "9x9", "16x16".
    pub fn name(self) -> &'static str {
        match self {
            Size::Four => "4x4",
            Size::Six => "6x6",
            Size::Nine => "9x9",
            Size::Sixteen => "16x16",
        }
    }

    fn tables(self) -> &'static Tables {
        static TABLES: [OnceLock<Tables>; Size::ALL.len()] = [const { OnceLock::new() }; Size::ALL.len()];
        TABLES[self.ordinal()].get_or_init(|| Tables::build(self))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Precomputed house and peer lists for one size, flattened for cache-friendly slices.
struct Tables {
    house_cells: Vec<Cell>,
    peers: Vec<Cell>,
    peer_count: usize,
    /// Per cell, its row, column and box as bits of `House::index`.
    house_masks: Vec<u64>,
}

impl Tables {
    fn build(size: Size) -> Tables {
        let n = size.side();
        let (h, w) = (size.box_rows(), size.box_cols());
        let mut house_cells = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            house_cells.extend((0..n).map(|c| size.cell(r, c)));
        }
        for c in 0..n {
            house_cells.extend((0..n).map(|r| size.cell(r, c)));
        }
        for bx in 0..n {
            let (r0, c0) = size.box_origin(bx);
            for i in 0..n {
                house_cells.push(size.cell(r0 + i / w, c0 + i % w));
            }
        }
        // Peers: the row (n-1), the column (n-1), and the box cells outside both
        // (n-1)-(h-1)-(w-1).
        let peer_count = 3 * (n - 1) - (h - 1) - (w - 1);
        let mut peers = Vec::with_capacity(size.cell_count() * peer_count);
        for cell in size.cells() {
            let before = peers.len();
            peers.extend(size.cells().filter(|&other| size.sees(cell, other)));
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let house_masks = size.cells().map(|cell| size.houses_of(cell).iter().fold(0u64, |m, h| m | 1 << h.index(size))).collect();
        Tables { house_cells, peers, peer_count, house_masks }
    }
}

/// A cell of a grid: its index in reading order. Row and column come from the `Size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cell(u16);

impl Cell {
    /// The cell with this reading-order index. Callers check the index against the size.
    pub const fn new(index: usize) -> Cell {
        Cell(index as u16)
    }

    /// Reading-order index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A digit 1..=16. Whether it fits a grid is checked against the `Size` where it matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Digit(NonZeroU8); // non-zero, so an `Option<Digit>` is one byte, 0 for none

impl Digit {
    /// A digit from its value, if it is 1..=16.
    pub const fn new(value: u8) -> Option<Digit> {
        match NonZeroU8::new(value) {
            Some(v) if value <= 16 => Some(Digit(v)),
            _ => None,
        }
    }

    /// The digit's value, 1..=16.
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// Zero-based index (value - 1), for bit positions and arrays.
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The digit with zero-based index `i` (0..16).
    pub const fn from_index(i: usize) -> Digit {
        Digit(NonZeroU8::MIN.saturating_add(i as u8))
    }

    /// Whether the digit is used on grids of this size.
    pub const fn fits(self, size: Size) -> bool {
        (self.0.get() as usize) <= size.side()
    }
}

impl TryFrom<u8> for Digit {
    type Error = String;
    fn try_from(v: u8) -> Result<Digit, String> {
        Digit::new(v).ok_or_else(|| format!("{v} is not a digit (1-16)"))
    }
}

impl From<Digit> for u8 {
    fn from(d: Digit) -> u8 {
        d.0.get()
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of digits as a bitmask: bit `i` holds digit `i + 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DigitSet(u16);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// A set from its raw bits.
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits)
    }

    /// The raw bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding one digit.
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }

    /// Whether the set holds `d`.
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// Adds a digit.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }

    /// Removes a digit; returns whether it was there.
    pub fn remove(&mut self, d: Digit) -> bool {
        let had = self.contains(d);
        self.0 &= !(1 << d.index());
        had
    }

    /// Number of digits in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit if the set holds exactly one.
    pub const fn single_digit(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 { Some(Digit::from_index(self.0.trailing_zeros() as usize)) } else { None }
    }

    /// The smallest digit in the set.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 { None } else { Some(Digit::from_index(self.0.trailing_zeros() as usize)) }
    }

    /// The digits, smallest first.
    pub fn iter(self) -> DigitIter {
        DigitIter(self.0)
    }

    /// Union.
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Intersection.
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// The digits of `self` not in `other`.
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        self.intersection(rhs)
    }
}

impl std::ops::BitOrAssign for DigitSet {
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAndAssign for DigitSet {
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut s = DigitSet::EMPTY;
        for d in iter {
            s.insert(d);
        }
        s
    }
}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitIter;
    fn into_iter(self) -> DigitIter {
        self.iter()
    }
}

/// Iterator over the digits of a `DigitSet`, smallest first.
#[derive(Clone, Debug)]
pub struct DigitIter(u16);

impl Iterator for DigitIter {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Digit::from_index(i as usize))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitIter {}

/// A house (also called unit): a row, a column or a box, each numbered from 0.
///
/// Written as serde's adjacently tagged form (`{"kind":"row","index":3}`), read through
/// `KindAndIndex`: the derive's reader buffers the index into serde's `Content` tree when it
/// comes before the kind (issue 48).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "index", rename_all = "lowercase", try_from = "KindAndIndex")]
pub enum House {
    /// A row, 0 = top.
    Row(u8),
    /// A column, 0 = left.
    Col(u8),
    /// A box, numbered in reading order.
    Box(u8),
    /// An irregular (jigsaw) region, numbered as the puzzle numbers its regions; it takes the
    /// place of the box of the same number (`crate::layout::Layout`).
    Region(u8),
}

/// The JSON of a `House` or a `variant::Line`: a kind and a number, in either order.
#[derive(Deserialize)]
pub(crate) struct KindAndIndex {
    pub kind: String,
    pub index: u8,
}

impl KindAndIndex {
    /// The error for a kind that is none of `kinds`, in the derive's words.
    pub fn unknown(&self, kinds: &'static [&'static str]) -> String {
        use serde::de::Error as _;
        serde_json::Error::unknown_variant(&self.kind, kinds).to_string()
    }
}

impl TryFrom<KindAndIndex> for House {
    type Error = String;
    fn try_from(k: KindAndIndex) -> Result<House, String> {
        Ok(match k.kind.as_str() {
            "row" => House::Row(k.index),
            "col" => House::Col(k.index),
            "box" => House::Box(k.index),
            "region" => House::Region(k.index),
            _ => return Err(k.unknown(&["row", "col", "box", "region"])),
        })
    }
}

impl House {
    /// The derived order (rows, columns, boxes, regions, each by number) as one number, for
    /// `keyed_sort`.
    pub const fn order(&self) -> u64 {
        match *self {
            House::Row(i) => i as u64,
            House::Col(i) => 1 << 8 | i as u64,
            House::Box(i) => 2 << 8 | i as u64,
            House::Region(i) => 3 << 8 | i as u64,
        }
    }

    /// Index among all houses of a size: rows first, then columns, then boxes.
    pub fn index(self, size: Size) -> usize {
        let n = size.side();
        match self {
            House::Row(i) => i as usize,
            House::Col(i) => n + i as usize,
            House::Box(i) | House::Region(i) => 2 * n + i as usize,
        }
    }

    /// The house with the given index among all houses of a size.
    pub fn from_index(size: Size, i: usize) -> House {
        let n = size.side();
        match i / n {
            0 => House::Row(i as u8),
            1 => House::Col((i - n) as u8),
            _ => House::Box((i - 2 * n) as u8),
        }
    }

    /// The number within its kind, 0-based.
    pub fn number(self) -> usize {
        match self {
            House::Row(i) | House::Col(i) | House::Box(i) | House::Region(i) => i as usize,
        }
    }

    /// Whether the house is a line (row or column) rather than a box or region.
    pub fn is_line(self) -> bool {
        matches!(self, House::Row(_) | House::Col(_))
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Region(i) => write!(f, "region {}", i + 1),
        }
    }
}

/// A candidate: a digit in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// A candidate from its parts.
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// The derived order (by cell, then digit) as one number, for `keyed_sort`.
    pub const fn order(&self) -> u64 {
        (self.cell.index() as u64) << 8 | self.digit.index() as u64
    }
}

/// Writes a cell as `r3c5` (1-based), the notation of Sudoku forums and HoDoKu.
pub fn cell_name(size: Size, cell: Cell) -> String {
    format!("r{}c{}", size.row_of(cell) + 1, size.col_of(cell) + 1)
}

/// Cells as players write a group: `r3c45` (one row), `r45c3` (one column), else listed. On
/// 16x16, where numbers have two digits, always listed.
pub fn cells_compact(size: Size, cells: &[Cell]) -> String {
    let rows: Vec<usize> = cells.iter().map(|&c| size.row_of(c) + 1).collect();
    let cols: Vec<usize> = cells.iter().map(|&c| size.col_of(c) + 1).collect();
    let join = |v: &[usize]| v.iter().map(|n| n.to_string()).collect::<String>();
    if cells.len() > 1 && size.side() <= 9 && rows.iter().all(|&r| r == rows[0]) {
        format!("r{}c{}", rows[0], join(&cols))
    } else if cells.len() > 1 && size.side() <= 9 && cols.iter().all(|&c| c == cols[0]) {
        format!("r{}c{}", join(&rows), cols[0])
    } else if cells.len() > 1 && size.side() <= 9 {
        // Cells across boxes and lines (an almost locked set's): row by row, "r8c1,r9c12".
        let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
        for (&r, &c) in rows.iter().zip(&cols) {
            match parts.iter_mut().find(|p| p.0 == r) {
                Some(p) => p.1.push(c),
                None => parts.push((r, vec![c])),
            }
        }
        parts.iter().map(|(r, cs)| format!("r{r}c{}", join(cs))).collect::<Vec<_>>().join(",")
    } else {
        cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `order` is what the engine sorts candidates and houses by (`keyed_sort`, one sort for
    /// every type): it must order them as their derived `Ord` does, or steps would list their
    /// eliminations and houses in another order than before.
    #[test]
    fn the_order_numbers_sort_as_the_derived_order() {
        let size = Size::Sixteen;
        let candidates: Vec<Candidate> = size.cells().flat_map(|c| size.digits().map(move |d| Candidate::new(c, d))).collect();
        let houses: Vec<House> = size.houses().chain((0..16).map(House::Region)).collect();
        for pair in candidates.windows(2) {
            assert_eq!(pair[0].cmp(&pair[1]), pair[0].order().cmp(&pair[1].order()), "{pair:?}");
        }
        for a in &houses {
            for b in &houses {
                assert_eq!(a.cmp(b), a.order().cmp(&b.order()), "{a:?} {b:?}");
            }
        }
        for a in candidates.iter().step_by(37) {
            for b in candidates.iter().step_by(41) {
                assert_eq!(a.cmp(b), a.order().cmp(&b.order()), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_house_reads_back_from_its_json_in_either_order_and_bad_ones_are_refused() {
        for house in [House::Row(0), House::Col(8), House::Box(4), House::Region(15)] {
            let text = serde_json::to_string(&house).unwrap();
            assert_eq!(serde_json::from_str::<House>(&text).unwrap(), house, "{text}");
        }
        assert_eq!(serde_json::to_string(&House::Box(4)).unwrap(), r#"{"kind":"box","index":4}"#);
        assert_eq!(serde_json::from_str::<House>(r#"{"index":2,"kind":"col"}"#).unwrap(), House::Col(2));
        for (text, reason) in [
            (r#"{"kind":"diagonal","index":1}"#, "unknown variant `diagonal`"),
            (r#"{"kind":"row"}"#, "missing field `index`"),
            (r#"{"index":1}"#, "missing field `kind`"),
            (r#"{"kind":"row","index":256}"#, "256"),
            (r#"{"kind":"row","index":"1"}"#, "invalid type"),
            ("[1]", "invalid type"),
        ] {
            let e = serde_json::from_str::<House>(text).expect_err(text).to_string();
            assert!(e.contains(reason), "{text}: {e}");
        }
    }

    #[test]
    fn houses_partition_the_grid() {
        for size in Size::ALL {
            let mut seen = vec![0u8; size.cell_count()];
            for house in size.houses() {
                assert_eq!(size.house_cells(house).len(), size.side());
                for &c in size.house_cells(house) {
                    seen[c.index()] += 1;
                    assert!(size.houses_of(c).contains(&house), "{house} of {c:?}");
                }
            }
            assert!(seen.iter().all(|&k| k == 3));
        }
    }

    #[test]
    fn peers_are_symmetric_and_counted() {
        let expected = [7usize, 12, 20, 39];
        for (size, &count) in Size::ALL.iter().zip(&expected) {
            for cell in size.cells() {
                let peers = size.peers(cell);
                assert_eq!(peers.len(), count);
                for &p in peers {
                    assert!(size.peers(p).contains(&cell));
                }
            }
        }
    }

    #[test]
    fn six_by_six_boxes_are_two_rows_by_three_columns() {
        let six = Size::Six;
        assert_eq!((six.side(), six.cell_count(), six.house_count()), (6, 36, 18));
        // Box 0 is r1c1-r2c3; box 1 is r1c4-r2c6; box 5 is r5c4-r6c6.
        let cells = |bx: u8| six.house_cells(House::Box(bx)).iter().map(|&c| (six.row_of(c), six.col_of(c))).collect::<Vec<_>>();
        assert_eq!(cells(0), vec![(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
        assert_eq!(cells(1), vec![(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5)]);
        assert_eq!(cells(5), vec![(4, 3), (4, 4), (4, 5), (5, 3), (5, 4), (5, 5)]);
        assert_eq!(six.box_of(six.cell(3, 2)), 2);
        assert!(six.sees(six.cell(0, 0), six.cell(1, 2)) && !six.sees(six.cell(0, 0), six.cell(2, 1)));
        assert!(!six.square_boxes() && Size::Nine.square_boxes());
        assert_eq!(Size::from_side(6), Some(six));
        assert_eq!(six.digit_from_char('7'), None);
    }

    #[test]
    fn digit_chars_round_trip() {
        for size in Size::ALL {
            for d in size.digits() {
                assert_eq!(size.digit_from_char(size.digit_char(d)), Some(d));
            }
        }
        assert_eq!(Size::Nine.digit_from_char('A'), None);
        assert_eq!(Size::Four.digit_from_char('5'), None);
        assert_eq!(Size::Sixteen.digit_char(Digit::new(16).unwrap()), 'G');
    }

    #[test]
    fn digit_set_operations() {
        let mut s = DigitSet::EMPTY;
        for v in [1, 5, 9] {
            s.insert(Digit::new(v).unwrap());
        }
        assert_eq!(s.len(), 3);
        assert_eq!(s.iter().map(|d| d.get()).collect::<Vec<_>>(), vec![1, 5, 9]);
        assert!(s.remove(Digit::new(5).unwrap()));
        assert!(!s.remove(Digit::new(5).unwrap()));
        assert_eq!(s.single_digit(), None);
        assert_eq!(DigitSet::single(Digit::new(7).unwrap()).single_digit(), Digit::new(7));
        assert_eq!(Size::Sixteen.all_digits().len(), 16);
    }
}
