//! The compact binary form of what travels and is saved in a shared game: a frame's content
//! (`Said`: an operation or a presence) and a saved replica.
//!
//! Why not JSON: the app's wasm carried a JSON reader and writer for every type here (serde's
//! derives, monomorphized for `serde_json`), about as large as the merge itself; this form is a
//! few hundred bytes of code and a third of the bytes on the wire.
//!
//! The form, version 1 (every number an unsigned LEB128 varint unless said; `f32` four bytes,
//! little-endian, so a point travels exactly):
//!
//! ```text
//! said     = VERSION kind(byte: 0 op, 1 presence) (op | presence)
//! op       = clock player flags(byte: 1 help) n write* n stroke* n strokekey*
//! write    = cell field-code value(byte)
//! stroke   = strokekey cell+1 (0: none) n (f32 f32 f32)*
//! strokekey= player id
//! presence = player number(byte) cell+1 play_ms n (f32 f32)*
//! saved    = VERSION me n op* n undoable* n undoable*
//! undoable = clock player n write* n strokekey* n stroke*
//! ```
//!
//! A version-1 frame begins with byte 1; a frame of the JSON form that came before begins with
//! `{`, which no version will take (`legacy` reads those). The reader refuses anything else, a
//! frame that ends early and bytes left over, with the reason; it never panics and never
//! allocates more than the frame's own length can fill (a count is checked against the bytes
//! left before anything is reserved).

use super::op::{Field, Op, SharedStroke, Stamp, StrokeKey, Write};
use super::replica::Undoable;
use super::wire::{Presence, Said};
use crate::geometry::Cell;

/// The form's version: the first byte of every frame and saved replica.
pub const VERSION: u8 = 1;

const OP: u8 = 0;
const PRESENCE: u8 = 1;
const HELP: u8 = 1;

/// Why bytes do not read: where the reader stopped and what was wrong.
pub type Reason = String;

/// The writer: bytes appended in the form's order.
#[derive(Default)]
pub(super) struct Out(pub(super) Vec<u8>);

impl Out {
    pub(super) fn new() -> Out {
        Out(vec![VERSION])
    }

    pub(super) fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    pub(super) fn uint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }

    fn count(&mut self, n: usize) {
        self.uint(n as u64);
    }

    fn f32s(&mut self, values: &[f32]) {
        for v in values {
            self.0.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn cell(&mut self, cell: Option<Cell>) {
        self.uint(cell.map_or(0, |c| c.index() as u64 + 1));
    }

    fn stamp(&mut self, s: Stamp) {
        self.uint(s.clock);
        self.uint(u64::from(s.player));
    }

    fn key(&mut self, k: StrokeKey) {
        self.uint(u64::from(k.0));
        self.uint(u64::from(k.1));
    }

    fn writes(&mut self, writes: &[Write]) {
        self.count(writes.len());
        for w in writes {
            self.uint(w.0.index() as u64);
            self.uint(u64::from(w.1.code()));
            self.byte(w.2);
        }
    }

    fn keys(&mut self, keys: &[StrokeKey]) {
        self.count(keys.len());
        keys.iter().for_each(|k| self.key(*k));
    }

    fn strokes(&mut self, strokes: &[SharedStroke]) {
        self.count(strokes.len());
        for s in strokes {
            self.key(s.key);
            self.cell(s.cell);
            self.count(s.points.len());
            s.points.iter().for_each(|p| self.f32s(p));
        }
    }

    pub(super) fn op(&mut self, op: &Op) {
        self.stamp(op.stamp);
        self.byte(if op.help { HELP } else { 0 });
        self.writes(&op.writes);
        self.strokes(&op.strokes);
        self.keys(&op.erased);
    }

    pub(super) fn presence(&mut self, p: &Presence) {
        self.uint(u64::from(p.player));
        self.byte(p.number);
        self.cell(p.cell);
        self.uint(p.play_ms);
        self.count(p.ink.len());
        p.ink.iter().for_each(|q| self.f32s(q));
    }

    pub(super) fn undoables(&mut self, list: &[Undoable]) {
        self.count(list.len());
        for u in list {
            self.stamp(u.stamp);
            self.writes(&u.replaced);
            self.keys(&u.added);
            self.strokes(&u.erased);
        }
    }

    pub(super) fn said_op(op: &Op) -> Vec<u8> {
        let mut out = Out::new();
        out.byte(OP);
        out.op(op);
        out.0
    }

    pub(super) fn said_presence(p: &Presence) -> Vec<u8> {
        let mut out = Out::new();
        out.byte(PRESENCE);
        out.presence(p);
        out.0
    }
}

/// The reader: every read says what it was reading when the bytes ran out or were wrong.
pub(super) struct In<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> In<'a> {
    /// A reader past the version byte, which must be this form's.
    pub(super) fn new(bytes: &'a [u8]) -> Result<In<'a>, Reason> {
        match bytes.first() {
            None => Err("empty".into()),
            Some(&VERSION) => Ok(In { bytes, at: 1 }),
            Some(&v) => Err(format!("version {v}, which this app does not know (it reads {VERSION})")),
        }
    }

    fn byte(&mut self, what: &str) -> Result<u8, Reason> {
        let b = *self.bytes.get(self.at).ok_or_else(|| format!("it ends inside {what} (at byte {})", self.at))?;
        self.at += 1;
        Ok(b)
    }

    fn uint(&mut self, what: &str) -> Result<u64, Reason> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte(what)?;
            let bits = u64::from(b & 0x7f);
            if shift == 63 && bits > 1 {
                break;
            }
            v |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(format!("{what} is a number too large (at byte {})", self.at))
    }

    fn u32(&mut self, what: &str) -> Result<u32, Reason> {
        let v = self.uint(what)?;
        u32::try_from(v).map_err(|_| format!("{what} is {v}, more than 32 bits"))
    }

    /// A count of items, each at least `least` bytes long: never more than the bytes left hold.
    fn count(&mut self, what: &str, least: usize) -> Result<usize, Reason> {
        let n = self.uint(what)?;
        let left = (self.bytes.len() - self.at) / least;
        match usize::try_from(n) {
            Ok(n) if n <= left => Ok(n),
            _ => Err(format!("{n} {what}, more than the {left} the bytes left can hold")),
        }
    }

    fn f32(&mut self, what: &str) -> Result<f32, Reason> {
        let end = self.at + 4;
        let bytes = self.bytes.get(self.at..end).ok_or_else(|| format!("it ends inside {what} (at byte {})", self.at))?;
        self.at = end;
        Ok(f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }

    fn cell(&mut self, what: &str) -> Result<Cell, Reason> {
        let v = self.uint(what)?;
        // The grid's own bound is checked with the puzzle (`Op::check`); this keeps the index a
        // cell can hold.
        u16::try_from(v).map(|i| Cell::new(usize::from(i))).map_err(|_| format!("{what} {v} is no cell"))
    }

    fn maybe_cell(&mut self, what: &str) -> Result<Option<Cell>, Reason> {
        let v = self.uint(what)?;
        match v.checked_sub(1).map(u16::try_from) {
            None => Ok(None),
            Some(Ok(i)) => Ok(Some(Cell::new(usize::from(i)))),
            Some(Err(_)) => Err(format!("{what} {v} is no cell")),
        }
    }

    fn stamp(&mut self) -> Result<Stamp, Reason> {
        Ok(Stamp { clock: self.uint("a stamp's clock")?, player: self.u32("a stamp's player")? })
    }

    fn key(&mut self) -> Result<StrokeKey, Reason> {
        Ok((self.u32("a stroke's player")?, self.u32("a stroke's number")?))
    }

    fn writes(&mut self) -> Result<Vec<Write>, Reason> {
        let n = self.count("writes", 3)?;
        (0..n)
            .map(|_| {
                let cell = self.cell("a write's cell")?;
                let code = self.uint("a write's field")?;
                let field =
                    u16::try_from(code).ok().and_then(Field::from_code).ok_or_else(|| format!("{code} names no field of a cell"))?;
                Ok(Write(cell, field, self.byte("a write's value")?))
            })
            .collect()
    }

    fn keys(&mut self) -> Result<Vec<StrokeKey>, Reason> {
        let n = self.count("stroke keys", 2)?;
        (0..n).map(|_| self.key()).collect()
    }

    fn strokes(&mut self) -> Result<Vec<SharedStroke>, Reason> {
        let n = self.count("strokes", 4)?;
        (0..n)
            .map(|_| {
                let key = self.key()?;
                let cell = self.maybe_cell("a stroke's cell")?;
                let points = self.count("stroke points", 12)?;
                let points = (0..points)
                    .map(|_| Ok([self.f32("a stroke's point")?, self.f32("a stroke's point")?, self.f32("a stroke's point")?]))
                    .collect::<Result<_, Reason>>()?;
                Ok(SharedStroke { key, cell, points })
            })
            .collect()
    }

    pub(super) fn op(&mut self) -> Result<Op, Reason> {
        let stamp = self.stamp()?;
        let flags = self.byte("an operation's flags")?;
        if flags & !HELP != 0 {
            return Err(format!("an operation's flags {flags:#04x} name something unknown"));
        }
        Ok(Op { stamp, help: flags & HELP != 0, writes: self.writes()?, strokes: self.strokes()?, erased: self.keys()? })
    }

    fn presence(&mut self) -> Result<Presence, Reason> {
        let player = self.u32("a presence's player")?;
        let number = self.byte("a presence's number")?;
        let cell = self.maybe_cell("a presence's cell")?;
        let play_ms = self.uint("a presence's play time")?;
        let n = self.count("ink points", 8)?;
        let ink = (0..n).map(|_| Ok([self.f32("an ink point")?, self.f32("an ink point")?])).collect::<Result<_, Reason>>()?;
        Ok(Presence { player, number, cell, play_ms, ink })
    }

    pub(super) fn undoables(&mut self) -> Result<Vec<Undoable>, Reason> {
        let n = self.count("undo entries", 5)?;
        (0..n)
            .map(|_| Ok(Undoable { stamp: self.stamp()?, replaced: self.writes()?, added: self.keys()?, erased: self.strokes()? }))
            .collect()
    }

    pub(super) fn vec_op(&mut self) -> Result<Vec<Op>, Reason> {
        let n = self.count("operations", 6)?;
        (0..n).map(|_| self.op()).collect()
    }

    pub(super) fn player(&mut self) -> Result<u32, Reason> {
        self.u32("the player")
    }

    /// The whole of a frame's content: its kind, its body, and nothing after.
    pub(super) fn said(mut self) -> Result<Said, Reason> {
        let content = match self.byte("the kind of frame")? {
            OP => Said::Op(self.op()?),
            PRESENCE => Said::Presence(self.presence()?),
            k => return Err(format!("kind {k}, which this app does not know")),
        };
        self.end()?;
        Ok(content)
    }

    /// Nothing may follow what was read: bytes left over mean the frame is not what it says.
    pub(super) fn end(self) -> Result<(), Reason> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            n => Err(format!("{n} bytes left over after the end")),
        }
    }
}
