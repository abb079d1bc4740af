//! One player's copy of the shared board: the registers with the stamp of the write that holds
//! each, the strokes, and every operation seen (to send again to a player who missed some, and
//! to save).

use super::codec::{In, Out, Reason};
use super::legacy;
use super::op::{Field, Key, Op, OpError, PlayerId, SharedStroke, Stamp, StrokeKey, Write};
use crate::game::{Board, CandidateColour, PALETTE, Paint, Pencil, Stroke};
use crate::geometry::{Cell, Digit, DigitSet, Size};
use crate::grid::Grid;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A stroke on the shared board, with the stamp that added it (strokes are drawn oldest first).
#[derive(Clone, Debug, PartialEq)]
struct Drawn {
    added: Stamp,
    cell: Option<Cell>,
    points: Vec<[f32; 3]>,
}

/// What one of this player's operations changed, so that Undo can take it back: the values it
/// replaced, the strokes it added and the strokes it erased.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Undoable {
    pub(super) stamp: Stamp,
    pub(super) replaced: Vec<Write>,
    pub(super) added: Vec<StrokeKey>,
    pub(super) erased: Vec<SharedStroke>,
}

/// One player's replica of a room's board. Every replica that has applied the same operations,
/// in any order and any number of times, holds the same registers and strokes (`converged`).
#[derive(Clone, Debug)]
pub struct Replica {
    me: PlayerId,
    givens: Grid,
    clock: u64,
    registers: BTreeMap<Key, (Stamp, u8)>,
    strokes: BTreeMap<StrokeKey, Drawn>,
    erased: BTreeSet<StrokeKey>,
    seen: BTreeSet<Stamp>,
    log: Vec<Op>,
    /// The board's own stroke ids (`Stroke::id`) for the room's strokes: the local board numbers
    /// strokes itself, and the eraser names them by that number.
    local_ids: BTreeMap<StrokeKey, u32>,
    next_local_id: u32,
    undo: Vec<Undoable>,
    redo: Vec<Undoable>,
}

/// The saved form of a replica: who this player is, every operation seen (the state is their
/// replay) and this player's Undo and Redo.
///
/// Saved with the game (JSON) as one string: the binary form (`codec`) in URL-safe base64, so
/// the app carries no JSON reader for operations. A replica saved before, as a JSON object, is
/// still read (`legacy`).
#[derive(Clone, Debug, PartialEq)]
pub struct SavedReplica {
    pub me: PlayerId,
    pub log: Vec<Op>,
    pub(super) undo: Vec<Undoable>,
    pub(super) redo: Vec<Undoable>,
}

impl SavedReplica {
    /// The binary form: the version, who, the log, Undo, Redo.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Out::new();
        out.uint(u64::from(self.me));
        out.uint(self.log.len() as u64);
        self.log.iter().for_each(|op| out.op(op));
        out.undoables(&self.undo);
        out.undoables(&self.redo);
        out.0
    }

    /// Reads the binary form, or says why it does not read. The operations are checked against
    /// the puzzle when the replica is restored (`Replica::restore`).
    pub fn from_bytes(bytes: &[u8]) -> Result<SavedReplica, Reason> {
        let mut read = In::new(bytes)?;
        let me = read.player()?;
        let log = read.vec_op()?;
        let (undo, redo) = (read.undoables()?, read.undoables()?);
        read.end()?;
        Ok(SavedReplica { me, log, undo, redo })
    }

    /// From its text as saved: the binary form in base64, or the JSON object of before.
    pub fn from_saved(v: &serde_json::Value) -> Result<SavedReplica, Reason> {
        match v {
            serde_json::Value::String(text) => {
                SavedReplica::from_bytes(&URL_SAFE_NO_PAD.decode(text).map_err(|e| format!("the saved replica's text: {e}"))?)
            }
            old => legacy::saved(old),
        }
    }
}

impl Serialize for SavedReplica {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&URL_SAFE_NO_PAD.encode(self.to_bytes()))
    }
}

impl<'de> Deserialize<'de> for SavedReplica {
    /// Through a `Value`, whose reader the app has anyway: the old form is a JSON object.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SavedReplica, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        SavedReplica::from_saved(&v).map_err(serde::de::Error::custom)
    }
}

impl Replica {
    /// An empty shared board of the puzzle `givens`, for player `me`.
    pub fn new(me: PlayerId, givens: Grid) -> Replica {
        Replica {
            me,
            givens,
            clock: 0,
            registers: BTreeMap::new(),
            strokes: BTreeMap::new(),
            erased: BTreeSet::new(),
            seen: BTreeSet::new(),
            log: Vec::new(),
            local_ids: BTreeMap::new(),
            next_local_id: 1,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// A replica from its saved form, every operation checked again (a damaged save is refused
    /// with the reason, not half read).
    pub fn restore(givens: Grid, saved: SavedReplica) -> Result<Replica, OpError> {
        let mut r = Replica::new(saved.me, givens);
        for op in saved.log {
            r.receive(op)?;
        }
        r.undo = saved.undo;
        r.redo = saved.redo;
        Ok(r)
    }

    /// What to save.
    pub fn saved(&self) -> SavedReplica {
        SavedReplica { me: self.me, log: self.log.clone(), undo: self.undo.clone(), redo: self.redo.clone() }
    }

    pub fn me(&self) -> PlayerId {
        self.me
    }

    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Every operation applied, in the order this replica got them.
    pub fn log(&self) -> &[Op] {
        &self.log
    }

    /// The operations this replica has that a peer who has seen `their` lacks (a resend).
    pub fn missing_from<'a>(&'a self, their: &'a BTreeSet<Stamp>) -> impl Iterator<Item = &'a Op> + 'a {
        self.log.iter().filter(move |op| !their.contains(&op.stamp))
    }

    /// The stamps of every operation seen.
    pub fn seen(&self) -> &BTreeSet<Stamp> {
        &self.seen
    }

    /// Applies a peer's operation (or one of ours coming back). Returns whether it was new: an
    /// operation seen before changes nothing. A refused one changes nothing either.
    pub fn receive(&mut self, op: Op) -> Result<bool, OpError> {
        if self.seen.contains(&op.stamp) {
            return Ok(false);
        }
        op.check(&self.givens)?;
        self.apply(op);
        Ok(true)
    }

    fn apply(&mut self, op: Op) {
        let stamp = op.stamp;
        for w in &op.writes {
            let slot = self.registers.entry(w.key()).or_insert((Stamp { clock: 0, player: 0 }, 0));
            if stamp > slot.0 {
                *slot = (stamp, w.2);
            }
        }
        for key in &op.erased {
            self.erased.insert(*key);
            self.strokes.remove(key);
        }
        for s in &op.strokes {
            if !self.erased.contains(&s.key) {
                self.strokes.entry(s.key).or_insert_with(|| Drawn { added: stamp, cell: s.cell, points: s.points.clone() });
            }
            if !self.local_ids.contains_key(&s.key) {
                // Our own strokes keep the number our board gave them; others' get the next free.
                let taken = self.local_ids.values().any(|&v| v == s.key.1);
                let id = if s.key.0 == self.me && !taken { s.key.1 } else { self.next_local_id };
                self.local_ids.insert(s.key, id);
                self.next_local_id = self.next_local_id.max(id + 1);
            }
        }
        self.clock = self.clock.max(stamp.clock);
        self.seen.insert(stamp);
        self.log.push(op);
    }

    /// A register's value (0 when never written).
    /// The stamp of the write that holds `key` and its value (`None`: never written).
    pub fn holder(&self, key: Key) -> Option<(Stamp, u8)> {
        self.registers.get(&key).copied()
    }

    fn value(&self, key: Key) -> u8 {
        self.registers.get(&key).map_or(0, |r| r.1)
    }

    /// The next stamp of ours.
    fn next_stamp(&mut self) -> Stamp {
        self.clock += 1;
        Stamp { clock: self.clock, player: self.me }
    }

    /// The board as this replica has it: digits, marks, colours and strokes from the registers;
    /// `local` gives what is this player's alone (their marked positions).
    pub fn board(&self, local: &Board) -> Board {
        let size = self.givens.size();
        let mut b = local.clone();
        b.entries = Grid::new(size);
        b.pencil = Pencil::empty(size);
        b.paint = Paint::empty(size);
        for (&(cell, field), &(_, v)) in &self.registers {
            let i = cell.index();
            let digit_set = |list: &mut Vec<DigitSet>, d: Digit| {
                if v == 1 {
                    list[i].insert(d);
                }
            };
            match field {
                Field::Digit => b.entries.set(cell, Digit::new(v)),
                Field::Note(d) => digit_set(&mut b.pencil.notes, d),
                Field::Eliminated(d) => digit_set(&mut b.pencil.eliminated, d),
                Field::Corner(d) => digit_set(&mut b.pencil.corner, d),
                Field::Centre(d) => digit_set(&mut b.pencil.centre, d),
                Field::Colour(n) if v == 1 => b.paint.colours[i] |= 1 << (n - 1),
                Field::CandidateColour(digit) if v > 0 => b.paint.candidate_colours.push(CandidateColour { cell, digit, colour: v }),
                Field::Colour(_) | Field::CandidateColour(_) => {}
            }
        }
        let strokes = self.strokes_in_drawing_order();
        b.ink = strokes.into_iter().map(|(key, d)| Stroke { id: self.local_ids[key], cell: d.cell, points: d.points.clone() }).collect();
        b.next_stroke_id = self.next_local_id;
        b
    }

    /// Our move: the change from `before` to `after` (two boards as `board` makes them, the
    /// second with the move applied by the game's reducer), as an operation, applied here and
    /// to send; `help` when the move was help (`Action::is_help`). `None` when nothing shared
    /// changed. Clears Redo.
    pub fn local(&mut self, before: &Board, after: &Board, help: bool) -> Option<Op> {
        let writes = diff(&self.givens, before, after);
        let before_ids: BTreeMap<u32, &Stroke> = before.ink.iter().map(|s| (s.id, s)).collect();
        let after_ids: BTreeSet<u32> = after.ink.iter().map(|s| s.id).collect();
        let by_local: BTreeMap<u32, StrokeKey> = self.local_ids.iter().map(|(k, &id)| (id, *k)).collect();
        let erased: Vec<StrokeKey> =
            before_ids.keys().filter(|id| !after_ids.contains(id)).filter_map(|id| by_local.get(id).copied()).collect();
        let strokes: Vec<SharedStroke> = after
            .ink
            .iter()
            .filter(|s| !before_ids.contains_key(&s.id))
            .map(|s| SharedStroke { key: (self.me, self.fresh_stroke_id(s.id)), cell: s.cell, points: s.points.clone() })
            .collect();
        let op = self.make(writes, strokes, erased, help)?;
        self.redo.clear();
        Some(op)
    }

    /// The board as it was when the room began (`after`, from the empty `before`): an
    /// operation like `local`'s, but nobody's move to undo; `help` when that board owes
    /// something to help (`Game::helped`).
    pub fn share_board(&mut self, before: &Board, after: &Board, help: bool) -> Option<Op> {
        let op = self.local(before, after, help);
        self.undo.clear();
        op
    }

    /// A stroke id of ours for a new stroke the board numbered `id` (the board's numbering is
    /// ours, so it is used when it is still free).
    fn fresh_stroke_id(&mut self, id: u32) -> u32 {
        let taken = self.local_ids.values().any(|&v| v == id);
        if taken { self.next_local_id } else { id }
    }

    /// An operation of ours from its parts, applied here and recorded for Undo.
    fn make(&mut self, writes: Vec<Write>, strokes: Vec<SharedStroke>, erased: Vec<StrokeKey>, help: bool) -> Option<Op> {
        if writes.is_empty() && strokes.is_empty() && erased.is_empty() {
            return None;
        }
        let stamp = self.next_stamp();
        let undoable = Undoable {
            stamp,
            replaced: writes.iter().map(|w| Write(w.0, w.1, self.value(w.key()))).collect(),
            added: strokes.iter().map(|s| s.key).collect(),
            erased: erased
                .iter()
                .filter_map(|k| self.strokes.get(k).map(|d| SharedStroke { key: *k, cell: d.cell, points: d.points.clone() }))
                .collect(),
        };
        let op = Op { stamp, writes, strokes, erased, help };
        self.apply(op.clone());
        self.undo.push(undoable);
        Some(op)
    }

    /// Whether anyone in the room has used help on this board (an applied hint, a solved cell),
    /// undone since or not: a win is then a win with help, for every player alike.
    pub fn helped(&self) -> bool {
        self.log.iter().any(|op| op.help)
    }

    /// Whether this player has a move of their own to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Undoes our own last move, as a new operation: each register it wrote goes back to what it
    /// replaced unless another player has written it since (theirs stays); its strokes are
    /// erased, and strokes it erased come back (as new strokes of ours). A move of ours that
    /// others have since changed entirely is passed over. `None` when there is nothing of ours
    /// to undo.
    pub fn undo(&mut self) -> Option<Op> {
        while let Some(last) = self.undo.pop() {
            if let Some(op) = self.revert(&last) {
                // `make` recorded the reversal for Undo: it belongs to Redo.
                let reversal = self.undo.pop().expect("make records the operation it makes");
                self.redo.push(reversal);
                return Some(op);
            }
        }
        None
    }

    /// Redoes our last undone move, as a new operation (the reversal of the undo, which
    /// `make` records for Undo again).
    pub fn redo(&mut self) -> Option<Op> {
        while let Some(last) = self.redo.pop() {
            if let Some(op) = self.revert(&last) {
                return Some(op);
            }
        }
        None
    }

    /// The operation that takes back `done` where nobody else has changed it since.
    fn revert(&mut self, done: &Undoable) -> Option<Op> {
        let ours = |r: &Replica, w: &Write| r.registers.get(&w.key()).is_some_and(|(s, _)| *s == done.stamp);
        let writes: Vec<Write> = done.replaced.iter().filter(|w| ours(self, w)).copied().collect();
        let erased: Vec<StrokeKey> = done.added.iter().filter(|k| self.strokes.contains_key(k)).copied().collect();
        let strokes: Vec<SharedStroke> = done
            .erased
            .iter()
            .map(|s| {
                let id = self.next_local_id;
                self.next_local_id += 1;
                SharedStroke { key: (self.me, id), cell: s.cell, points: s.points.clone() }
            })
            .collect();
        // Taking a move back is nobody's help, even when the move was.
        self.make(writes, strokes, erased, false)
    }

    /// The strokes in drawing order (by when they were added, then by key). One function for
    /// its two callers, so the app's wasm has one copy of the sort, not two.
    fn strokes_in_drawing_order(&self) -> Vec<(&StrokeKey, &Drawn)> {
        let mut strokes: Vec<(&StrokeKey, &Drawn)> = self.strokes.iter().collect();
        strokes.sort_by_key(|(key, d)| (d.added, **key));
        strokes
    }

    /// The shared state, for comparing replicas: the registers that hold something, and the
    /// strokes in drawing order.
    pub fn converged(&self) -> (Vec<(Key, u8)>, Vec<SharedStroke>) {
        let registers = self.registers.iter().map(|(k, (_, v))| (*k, *v)).filter(|(_, v)| *v != 0).collect();
        let strokes = self.strokes_in_drawing_order();
        (registers, strokes.into_iter().map(|(key, d)| SharedStroke { key: *key, cell: d.cell, points: d.points.clone() }).collect())
    }
}

/// The writes that make `before`'s registers `after`'s, in the order of `Key`.
fn diff(givens: &Grid, before: &Board, after: &Board) -> Vec<Write> {
    let size = givens.size();
    let (a, b) = (registers(size, before), registers(size, after));
    let keys: BTreeSet<&Key> = a.keys().chain(b.keys()).collect();
    let value = |registers: &BTreeMap<Key, u8>, key: &Key| registers.get(key).copied().unwrap_or(0);
    keys.into_iter().filter(|k| value(&a, k) != value(&b, k)).map(|&(cell, field)| Write(cell, field, value(&b, &(cell, field)))).collect()
}

/// The registers a board holds that are not 0, by key: the board's own fields, each taken to
/// its registers. The board is taken apart field by field, so a field added to `Board`,
/// `Pencil` or `Paint` does not compile here until it is shared (as registers, or as strokes)
/// or said to stay each player's own.
fn registers(size: Size, board: &Board) -> BTreeMap<Key, u8> {
    let Board {
        entries,
        pencil: Pencil { notes, eliminated, corner, centre },
        paint: Paint { colours, candidate_colours },
        // Shared as strokes, a set with removals (`Replica::local`).
        ink: _,
        // Each replica numbers the strokes it shows.
        next_stroke_id: _,
        // Each player's own (a shared game's marked positions stay local).
        savepoints: _,
    } = board;
    let mut out = BTreeMap::new();
    let mut put = |cell: Cell, field: Field, value: u8| {
        if value != 0 {
            out.insert((cell, field), value);
        }
    };
    let marks =
        [(notes, Field::Note as fn(Digit) -> Field), (eliminated, Field::Eliminated), (corner, Field::Corner), (centre, Field::Centre)];
    for cell in size.cells() {
        let i = cell.index();
        put(cell, Field::Digit, entries.get(cell).map_or(0, Digit::get));
        for (list, field) in marks {
            for d in list.get(i).copied().unwrap_or(DigitSet::EMPTY).iter().filter(|d| d.fits(size)) {
                put(cell, field(d), 1);
            }
        }
        let painted = colours.get(i).copied().unwrap_or(0);
        for n in (1..=PALETTE).filter(|n| painted & (1 << (n - 1)) != 0) {
            put(cell, Field::Colour(n), 1);
        }
    }
    // One colour per candidate; should a list hold two, the first counts.
    let mut seen = BTreeSet::new();
    for p in candidate_colours {
        if p.cell.index() < size.cell_count() && p.digit.fits(size) && seen.insert((p.cell, p.digit)) {
            put(p.cell, Field::CandidateColour(p.digit), p.colour);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The value a board holds in one register, asked register by register: the specification
    /// `registers` is held to (it is how `diff` read a board before).
    fn register(b: &Board, cell: Cell, field: Field) -> u8 {
        let i = cell.index();
        let has = |list: &Vec<DigitSet>, d: Digit| u8::from(list.get(i).is_some_and(|s| s.contains(d)));
        match field {
            Field::Digit => b.entries.get(cell).map_or(0, Digit::get),
            Field::Note(d) => has(&b.pencil.notes, d),
            Field::Eliminated(d) => has(&b.pencil.eliminated, d),
            Field::Corner(d) => has(&b.pencil.corner, d),
            Field::Centre(d) => has(&b.pencil.centre, d),
            Field::Colour(n) => u8::from(b.paint.colours.get(i).is_some_and(|c| c & (1 << (n - 1)) != 0)),
            Field::CandidateColour(d) => b.paint.candidate_colours.iter().find(|p| p.cell == cell && p.digit == d).map_or(0, |p| p.colour),
        }
    }

    /// Every register of every cell, asked one by one.
    fn diff_register_by_register(size: Size, before: &Board, after: &Board) -> Vec<Write> {
        let mut writes = Vec::new();
        for cell in size.cells() {
            for field in Field::all(size) {
                let (a, b) = (register(before, cell, field), register(after, cell, field));
                if a != b {
                    writes.push(Write(cell, field, b));
                }
            }
        }
        writes
    }

    /// A board of random digits, marks and colours from `seed` (marks and colours where a
    /// board of this size has none too, and a candidate with two colours, or colour 0).
    fn random_board(size: Size, seed: u64) -> Board {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let n = size.cell_count();
        let mut entries = Grid::new(size);
        for cell in size.cells() {
            if next() % 3 == 0 {
                entries.set(cell, Digit::new((next() % size.side() as u64 + 1) as u8));
            }
        }
        let mut list = |density: u64| (0..n).map(|_| DigitSet::from_bits(if next() % density == 0 { next() as u16 } else { 0 })).collect();
        let pencil = Pencil { notes: list(2), eliminated: list(5), corner: list(5), centre: list(5) };
        let colours = (0..n).map(|_| if next() % 4 == 0 { next() as u16 } else { 0 }).collect();
        let candidate_colours = (0..next() % 12)
            .map(|_| CandidateColour {
                cell: Cell::new((next() % n as u64) as usize),
                digit: Digit::new((next() % 16 + 1) as u8).unwrap(),
                colour: (next() % (u64::from(PALETTE) + 1)) as u8,
            })
            .collect();
        Board { entries, pencil, paint: Paint { colours, candidate_colours }, ink: Vec::new(), next_stroke_id: 1, savepoints: Vec::new() }
    }

    proptest! {
        #[test]
        fn the_registers_taken_from_the_board_are_every_register_asked_one_by_one(a in any::<u64>(), b in any::<u64>()) {
            for size in Size::ALL {
                let (before, after) = (random_board(size, a), random_board(size, b));
                let givens = Grid::new(size);
                prop_assert_eq!(diff(&givens, &before, &after), diff_register_by_register(size, &before, &after));
                prop_assert_eq!(diff(&givens, &after, &after), Vec::new());
            }
        }
    }
}
