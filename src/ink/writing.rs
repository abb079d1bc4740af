//! The pen's flow from ink to the board, in plain Rust over the store and its ports, so that it
//! runs and is tested natively (`tests` below, on the fakes of `crate::ports`); `components::ink`
//! only turns pointer events into the calls here. Its bookkeeping is `state::pen::Writing`.
//!
//! A finished stroke in a cell joins that cell's pending ink, which is read at once. There is no
//! fixed wait, as on paper: a digit that is read confidently and cannot be the start of another
//! one is placed as soon as its answer comes (a few milliseconds). Only ink that could still grow
//! waits for the next stroke — a lone upright (half a 4, or a 1 before its base), ink the
//! recognizer is unsure of or declines — up to `GROW_MS` after the pen lifts, or until the pen
//! moves on to another cell. A lone upright read as a sure 1 does not wait to be in the game: it
//! is placed at once (`Pending::in_game`), signalling no conflict and learning nothing until
//! it is final; a second stroke grows it in place in the same undo step (`Game::replace_last`),
//! and ink that then reads as no digit, or is scratched out, takes it back (`Game::withdraw`).
//! In a game solved together it is only shown meanwhile: one final move is sent. A stroke in
//! the same cell soon after a digit was placed from ink
//! (`CONTINUE_MS`) is read together with that ink: a slow crossbar or second stroke finishes the
//! digit instead of starting another (and the half drawing is never learned as a digit); if the
//! two together don't read, the new ink is read on its own, as a rewrite.
//!
//! If the recognizer is still loading, ink is read as soon as it is ready (never before: that
//! would split a digit whose first stroke was written while it loaded). The answer places the
//! digit (digit mode) or toggles the note (notes mode) and offers the runner-up on the correction
//! chip; ink the recognizer declines stays, with its two best guesses on the chip. Each drawing
//! is read once; an answer for a cell the player has written more ink in since is dropped (the
//! newer drawing is read in its turn), and so is an answer for a game that has been replaced. A
//! zig-zag erases what the mode writes and says what went; a lone short dash across one pencil
//! mark, with no stroke after it, strikes that mark out.

use super::chip;
use super::geometry::{self, Point};
use crate::controller::{self, hand};
use crate::i18n::fill;
use crate::ports::{InkStatus, Recognition, warn};
use crate::state::pen::{LastWritten, Placed, UNSURE};
use crate::state::{InkState, InputMode, Pending, Store};
use inkdoku_engine::game::{Action, Stroke};
use inkdoku_engine::{Cell, Digit, DigitSet, Size};
use leptos::prelude::*;

/// The longest ink that could still grow into another digit waits for its next stroke after
/// the pen lifts (a person's pause between the two strokes of a 4 is a few hundred ms).
pub const GROW_MS: u32 = 1000;
/// How soon after a digit was placed from ink a stroke in the same cell still belongs to it.
pub const CONTINUE_MS: f64 = 1500.0;
/// Below this, the picture of the ink alone does not back the recognizer's answer (the pen's
/// path made it), so the ink may be unfinished and waits for more.
pub const PICTURE_BACKS: f32 = 0.5;

/// The highest value the recognizer may answer: 4 on 4x4, 9 on 9x9, and on 16x16 16 (the
/// letters A-G stand for 10-16 there, and the recognizer reads them only when asked for 16).
fn max_digit(size: Size) -> u8 {
    size.side() as u8
}

/// Whether the pen writes digits to be recognized (digit and notes modes) rather than
/// scratchpad ink.
pub fn recognizes(mode: InputMode) -> bool {
    mode != InputMode::Scratchpad
}

/// Whether ink read as `answer` could still be the start of another digit, so it waits for the
/// next stroke: a lone upright read as 1 (the first stroke of a 4, or a 1 before its base), ink
/// the recognizer is unsure of or declines (a 0-like loop may become an 8 or a 9), and ink read
/// from the pen's path that its picture does not back (below `PICTURE_BACKS`: the first stroke
/// of a two-stroke 4 runs as a 2's foot does). Anything else read confidently is complete: if a
/// stroke still follows, it continues the placed digit.
pub fn may_grow(answer: &Recognition, strokes: usize) -> bool {
    match *answer {
        Recognition::Digit { digit, confidence, picture, .. } => {
            confidence < UNSURE || picture < PICTURE_BACKS || (digit == 1 && strokes == 1)
        }
        Recognition::Declined { .. } => true,
    }
}

/// What held ink shows while it may grow: a lone upright read confidently as 1 (picture and
/// path agree), in digit mode, shows as the 1 at once, so a 1 lifted away never waits
/// `GROW_MS` to be seen; everything else that waits stays ink.
pub fn shown_while_it_may_grow(store: Store, answer: &Recognition, strokes: usize) -> Option<Digit> {
    match *answer {
        Recognition::Digit { digit: 1, confidence, picture, .. }
            if strokes == 1 && confidence >= UNSURE && picture >= PICTURE_BACKS && store.mode.get_untracked() == InputMode::Digit =>
        {
            Digit::new(1)
        }
        _ => None,
    }
}

/// How long after the first puzzle shows the recognizer starts loading, unasked.
pub const WARM_UP_MS: u32 = 3000;

/// The first puzzle is on screen: the recognizer loads `WARM_UP_MS` later (the Clock port's
/// timer), so that the first stroke is quick, and its megabyte does not share a slow line
/// with what the puzzle needed. A pen-down before then loads it at once.
pub fn warm_up_soon(store: Store) {
    store.ports().clock.after(WARM_UP_MS, Box::new(move || warm_up(store)));
}

/// Starts the ink worker if it isn't started (on first use, or when the page is idle). The
/// player's corrected drawings go to it first, ahead of any drawing to read.
pub fn warm_up(store: Store) {
    if store.ink.state.get_untracked() != InkState::Unloaded {
        return;
    }
    store.ink.state.set(InkState::Loading);
    match store.ports().ink.start(Box::new(move |status| status_changed(store, status))) {
        Ok(()) => hand::teach(store),
        Err(e) => store.ink.state.set(InkState::Unavailable(e)),
    }
}

fn status_changed(store: Store, status: InkStatus) {
    match status {
        InkStatus::Ready => store.ink.state.set(InkState::Ready),
        InkStatus::Unavailable(why) => store.ink.state.set(InkState::Unavailable(why)),
        // It was working: the next stroke starts a fresh one (what it was reading is answered
        // with an error by the worker's client).
        InkStatus::Crashed => {
            store.ink.state.set(InkState::Unloaded);
            return;
        }
    }
    // Ink written while it loaded is read now (or the player is told writing is off).
    if store.ink.writing.try_update_value(|w| std::mem::take(&mut w.waiting_for_recognizer)).unwrap_or(false) {
        ask(store);
    }
}

/// Handwriting can't be read in this browser: plain words for the player (the pad and keys
/// work), the technical reason for the console.
fn writing_off(store: Store, why: &str) {
    warn(&format!("inkdoku: handwriting is off: {why}"));
    store.status.set(store.t().ink_unavailable.into());
}

/// Whether ink waits to be read in a cell other than the one under `at`.
fn pending_elsewhere(store: Store, at: Point) -> bool {
    let cell = geometry::cell_at(store.size(), at[0], at[1]);
    store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| Some(p.cell) != cell))
}

/// The pen comes down at `at` to write: the grow timer stops, and ink waiting in another cell
/// is placed now.
pub fn stroke_begins(store: Store, at: Point) {
    warm_up(store);
    let now = store.ports().clock.now_ms();
    store.ink.writing.update_value(|w| {
        w.idle = w.idle.wrapping_add(1);
        w.waiting_for_recognizer = false;
        w.down_at = Some(now);
    });
    if pending_elsewhere(store, at) {
        flush(store);
    }
}

/// A hovering pen moved to `at`: ink it left in another cell is placed now (unless declined:
/// that ink waits for the player).
pub fn pen_hovers(store: Store, at: Point) {
    let declined = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.declined));
    if !declined && pending_elsewhere(store, at) {
        flush(store);
    }
}

/// Places the pending ink now, as the pen moved on to another cell: with the answer already in,
/// or as soon as it comes (even if the recognizer is still loading: the ink is whole).
pub fn flush(store: Store) {
    place_pending(store, true);
}

/// Places the pending ink (`moved_on`: the pen went to another cell; else the ink waited long
/// enough to grow, and while the recognizer loads it waits on, so a slow second stroke written
/// meanwhile is still read with it).
fn place_pending(store: Store, moved_on: bool) {
    let Some(pending) = store.ink.pending.get_untracked() else { return };
    if pending.declined {
        return;
    }
    let held = store
        .ink
        .writing
        .try_update_value(|w| {
            w.idle = w.idle.wrapping_add(1);
            w.place_when_read(w.version);
            let version = w.version;
            w.held.take_if(|(v, _)| *v == version).map(|(_, answer)| answer)
        })
        .flatten();
    match held {
        Some(answer) => answered(store, Drawing::of(store, &pending), Ok(answer)),
        None if moved_on => ask_whole(store),
        None => ask(store),
    }
}

/// Reads the pending ink now (a stroke just ended) and starts its grow timer.
fn read(store: Store) {
    let ticket = store.ink.writing.try_update_value(|w| {
        w.idle = w.idle.wrapping_add(1);
        w.idle
    });
    store.ports().clock.after(
        GROW_MS,
        Box::new(move || {
            if ticket.is_some() && store.ink.writing.try_with_value(|w| w.idle) == ticket {
                place_pending(store, false);
            }
        }),
    );
    ask(store);
}

/// A drawing as it was asked for: its cell, strokes, and the digit it may finish.
#[derive(Clone)]
struct Drawing {
    cell: Cell,
    /// Grid coordinates, the placed digit's strokes first.
    strokes: Vec<Vec<[f32; 3]>>,
    /// The strokes written since the digit was placed, when it continues one.
    new_strokes: usize,
    continues: Option<Digit>,
    /// The digit its first stroke put in the game while it could grow (`Pending::in_game`).
    in_game: Option<Digit>,
    version: u32,
    game: u32,
}

impl Drawing {
    fn of(store: Store, pending: &Pending) -> Drawing {
        let (version, game) = store.ink.writing.with_value(|w| (w.version, w.game));
        let mut strokes = pending.continues.as_ref().map(|(_, s)| s.clone()).unwrap_or_default();
        strokes.extend(pending.strokes.iter().cloned());
        Drawing {
            cell: pending.cell,
            strokes,
            new_strokes: pending.strokes.len(),
            continues: pending.continues.as_ref().map(|c| c.0),
            in_game: pending.in_game,
            version,
            game,
        }
    }

    /// Cell-relative strokes, as the recognizer reads them.
    fn in_cell(&self, size: Size) -> Vec<Vec<[f32; 3]>> {
        self.strokes.iter().map(|s| geometry::in_cell(size, self.cell, s).into_iter().map(|p| p.map(|v| v as f32)).collect()).collect()
    }
}

/// Hands `drawing` to the ink worker (cell-relative strokes); `then` gets its answer.
fn recognize(store: Store, drawing: &Drawing, then: impl FnOnce(Result<Recognition, String>) + 'static) {
    let size = store.size();
    let strokes = drawing.strokes.iter().map(|s| geometry::in_cell(size, drawing.cell, s)).collect();
    store.ports().ink.recognize(strokes, max_digit(size), Box::new(then));
}

/// Asks the recognizer to read the pending ink, once per drawing, when it is ready.
fn ask(store: Store) {
    ask_for(store, false);
}

/// Asks the recognizer to read the pending ink as a whole drawing (the pen moved on to another
/// cell; it is marked to be placed when read). Whole ink needs no waiting for the recognizer to
/// be ready (the worker's channel holds the request until it is): the pen may write in other
/// cells meanwhile, and their ink takes the pending place.
fn ask_whole(store: Store) {
    ask_for(store, true);
}

fn ask_for(store: Store, whole: bool) {
    let Some(pending) = store.ink.pending.get_untracked() else { return };
    if pending.declined {
        return;
    }
    match store.ink.state.get_untracked() {
        InkState::Ready => {}
        InkState::Loading if whole => {}
        InkState::Loading | InkState::Unloaded => {
            store.ink.writing.update_value(|w| w.waiting_for_recognizer = true);
            return;
        }
        InkState::Unavailable(e) => {
            store.ink.pending.set(None);
            writing_off(store, &e);
            return;
        }
    }
    // Asked once per drawing (the pen coming down elsewhere and the stroke ending both ask).
    let fresh = store.ink.writing.try_update_value(|w| {
        let fresh = w.asked != Some(w.version);
        w.asked = Some(w.version);
        fresh
    });
    if fresh == Some(true) {
        let drawing = Drawing::of(store, &pending);
        recognize(store, &drawing.clone(), move |answer| answered(store, drawing, answer));
    }
}

/// The recognizer's answer for `drawing`: dropped if stale, held while the ink may grow, else
/// placed.
fn answered(store: Store, drawing: Drawing, answer: Result<Recognition, String>) {
    let Some((version, game, place_now)) =
        store.ink.writing.try_with_value(|w| (w.version, w.game, w.place_when_read.contains(&drawing.version)))
    else {
        return;
    };
    // A game replaced since: its ink went with it.
    if game != drawing.game {
        return;
    }
    let still_pending = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == drawing.cell));
    // More ink written in this cell since: that drawing is read in its turn, not this one.
    if still_pending && version != drawing.version {
        return;
    }
    // Ink that left the board before its answer came (scratched out, erased) is not placed.
    if !still_pending && !place_now {
        return;
    }
    if let Some(previous) = drawing.continues {
        continued(store, drawing, previous, answer, still_pending);
        return;
    }
    match answer {
        // A lone dash over a pencil mark is a strike-through only if no second stroke follows
        // (it may be a 7's or a 5's bar).
        Ok(answer) if still_pending && !place_now && (may_grow(&answer, drawing.strokes.len()) || struck(store, &drawing).is_some()) => {
            let shown = shown_while_it_may_grow(store, &answer, drawing.strokes.len());
            // The lone 1 goes into the game at once (not a strike-through of a mark).
            let in_game = shown.filter(|&d| struck(store, &drawing).is_none() && controller::place_growing(store, drawing.cell, d));
            store.ink.pending.update(|p| {
                if let Some(p) = p.as_mut().filter(|p| p.cell == drawing.cell) {
                    p.shown = shown;
                    p.in_game = p.in_game.or(in_game);
                }
            });
            store.ink.writing.update_value(|w| w.held = Some((drawing.version, answer)));
        }
        answer => place(store, drawing, answer, still_pending),
    }
}

/// The answer for a placed digit's ink with strokes written since: if the whole reads
/// confidently it is the digit (placed over the earlier reading if it differs); else the new
/// strokes are read on their own, as a rewrite of the cell.
fn continued(store: Store, drawing: Drawing, previous: Digit, answer: Result<Recognition, String>, still_pending: bool) {
    let whole = match answer {
        Ok(Recognition::Digit { digit, confidence, second, .. }) if confidence >= UNSURE => Some((digit, confidence, second)),
        _ => None,
    };
    let size = store.size();
    match whole.and_then(|(digit, confidence, second)| Some((Digit::new(digit).filter(|d| d.fits(size))?, confidence, second))) {
        Some((digit, confidence, second)) => {
            if still_pending {
                store.ink.pending.set(None);
            }
            // The half drawing read before is not a misread the new digit corrects.
            store.ink.last_written.set(None);
            // In the placed digit's undo step while that is the game's last (one Undo empties
            // the cell); else, or for a mark, as a rewrite.
            if digit != previous
                && !(controller::last_placed(store, drawing.cell, previous) && controller::replace_placed(store, drawing.cell, digit))
            {
                controller::rewrite(store, drawing.cell, Some(previous), digit);
            }
            placed(store, &drawing, digit, confidence, second);
        }
        None if still_pending => {
            let place_now = store.ink.writing.with_value(|w| w.place_when_read.contains(&drawing.version));
            store.ink.pending.update(|p| {
                if let Some(p) = p.as_mut() {
                    p.continues = None;
                }
            });
            store.ink.writing.update_value(|w| {
                w.version = w.version.wrapping_add(1);
                if place_now {
                    w.place_when_read(w.version);
                }
            });
            ask(store);
        }
        None => {
            // The pen has moved on: the new strokes alone are read and placed.
            let new = drawing.strokes.len() - drawing.new_strokes;
            let alone = Drawing { strokes: drawing.strokes[new..].to_vec(), new_strokes: drawing.new_strokes, continues: None, ..drawing };
            recognize(store, &alone.clone(), move |answer| place(store, alone, answer, false));
        }
    }
}

/// Places what the pen wrote: the digit (or mark, or colour) with its runner-up on the chip;
/// declined ink stays with its two best guesses; a failed worker drops the ink.
fn place(store: Store, drawing: Drawing, answer: Result<Recognition, String>, still_pending: bool) {
    if store.ink.writing.try_with_value(|w| w.game) != Some(drawing.game) {
        return;
    }
    let size = store.size();
    let cell = drawing.cell;
    // The ink just read leaves the board (ink since written in another cell stays).
    let drop_read_ink = move || {
        if still_pending {
            store.ink.pending.set(None);
        }
    };
    if let Some(digit) = struck(store, &drawing) {
        drop_read_ink();
        strike(store, cell, digit);
        return;
    }
    match answer {
        Ok(Recognition::Digit { digit, confidence, second, .. }) => {
            drop_read_ink();
            if let Some(d) = Digit::new(digit).filter(|d| d.fits(size)) {
                match drawing.in_game {
                    // Its lone 1 was taken away meanwhile (the answer came after the pen moved on).
                    Some(was) if store.game.with_untracked(|g| g.digit(cell)) != Some(was) => return,
                    // The 1 it was: in the game already, and now final (learned from, if it
                    // corrects what the pen wrote there before).
                    Some(was) if was == d => hand::noticed(store, cell, d),
                    // Grown into another digit: in the 1's place and undo step.
                    Some(was) if controller::last_placed(store, cell, was) => {
                        if controller::replace_placed(store, cell, d) {
                            hand::noticed(store, cell, d);
                        }
                    }
                    _ => controller::write(store, cell, d),
                }
                placed(store, &drawing, d, confidence, second);
            }
        }
        Ok(Recognition::Declined { best, second, confidence, .. }) => {
            remember(store, &drawing, None, confidence, second);
            store.ink.pending.update(|p| {
                if let Some(p) = p.as_mut().filter(|p| p.cell == cell) {
                    p.declined = true;
                    p.in_game = None;
                }
            });
            // Its lone 1 with the strokes after it reads as no digit: the 1 goes, the ink stays.
            if drawing.in_game.is_some_and(|was| controller::last_placed(store, cell, was)) {
                controller::withdraw_placed(store);
            }
            store.status.set(store.t().ink_declined.into());
            chip::offer(store, cell, &[best, second], None);
        }
        Err(e) => {
            // The ink worker failed (it starts afresh with the next stroke).
            warn(&format!("inkdoku: handwriting: {e}"));
            drop_read_ink();
            store.status.set(store.t().ink_failed.into());
        }
    }
}

/// The pen placed `digit` from `drawing`: remembered (for a quick rewrite, and for a stroke
/// that finishes it), the runner-up offered on the chip.
fn placed(store: Store, drawing: &Drawing, digit: Digit, confidence: f32, second: u8) {
    remember(store, drawing, Some(digit), confidence, second);
    let mode = store.mode.get_untracked();
    if mode == InputMode::Digit || mode.marks() {
        let at = store.ports().clock.now_ms();
        let placed = Placed { cell: drawing.cell, digit, mode, strokes: drawing.strokes.clone(), at };
        store.ink.writing.update_value(|w| w.placed = Some(placed));
    }
    // No chip for a colour painted by pen (Undo takes it off), nor over the board of a game
    // this digit just won.
    let won = store.meta.with_untracked(|m| m.won);
    if mode != InputMode::Colour && !won {
        chip::offer(store, drawing.cell, &[second], Some(digit));
    }
    store.settings.update(|s| s.pen_tip_done = true);
}

/// The pencil mark a drawing strikes through, if it is one: a single stroke, in digit or notes
/// mode, across the place of a mark the cell shows (`geometry::struck_place`).
fn struck(store: Store, drawing: &Drawing) -> Option<Digit> {
    let mode = store.mode.get_untracked();
    if drawing.continues.is_some() || drawing.strokes.len() != 1 || !matches!(mode, InputMode::Digit | InputMode::Notes) {
        return None;
    }
    let size = store.size();
    let stroke = geometry::in_cell(size, drawing.cell, &drawing.strokes[0]);
    let digit = Digit::new(geometry::struck_place(size, &stroke)? as u8 + 1).filter(|d| d.fits(size))?;
    shown_marks(store, drawing.cell).contains(digit).then_some(digit)
}

/// The small marks a cell shows: the candidate state with "Show candidates", else the player's
/// notes (none in a cell with a digit).
fn shown_marks(store: Store, cell: Cell) -> DigitSet {
    let candidates = store.settings.with_untracked(|s| s.show_candidates);
    store.game.with_untracked(|g| match g.digit(cell) {
        Some(_) => DigitSet::EMPTY,
        None if candidates => g.candidates()[cell.index()],
        None => g.board().pencil.notes[cell.index()],
    })
}

/// Takes the mark `digit` off `cell` (one undo step) and says so. A shown candidate of a cell
/// without notes goes by noting the others (the candidate state is narrowed to a cell's notes).
fn strike(store: Store, cell: Cell, digit: Digit) {
    let notes = store.game.with_untracked(|g| g.board().pencil.notes[cell.index()]);
    let action = if notes.is_empty() {
        Action::ToggleNotes { cell, digits: shown_marks(store, cell).iter().filter(|&d| d != digit).collect() }
    } else {
        Action::ToggleNote { cell, digit }
    };
    if controller::apply(store, action) {
        let size = store.size();
        let name = inkdoku_engine::geometry::cell_name(size, cell);
        let shown = size.digit_char(digit).to_string();
        store.status.set(fill(store.t().struck_note, &[("d", &shown), ("cell", &name)]));
    }
}

fn remember(store: Store, drawing: &Drawing, read: Option<Digit>, confidence: f32, second: u8) {
    let at = store.ports().clock.now_ms();
    let note = store.mode.get_untracked().marks();
    let strokes = drawing.in_cell(store.size());
    hand::remember(store, LastWritten { cell: drawing.cell, strokes, note, read, confidence, second: Digit::new(second), at });
}

/// The digit (or mark) the pen placed in `cell` a moment ago, while it shows and the mode is
/// the same, for a stroke that finishes it. (A second mark written in a cell soon after is
/// read with the first, and on its own when the two don't read as one.)
fn placed_in(store: Store, cell: Cell, stroke: &[Point]) -> Option<Placed> {
    let now = store.ports().clock.now_ms();
    let placed = store.ink.writing.with_value(|w| w.placed.clone())?;
    let mode = store.mode.get_untracked();
    let shows = store.game.with_untracked(|g| {
        let b = g.board();
        let i = cell.index();
        match mode {
            InputMode::Digit => g.digit(cell) == Some(placed.digit),
            InputMode::Notes => b.pencil.notes[i].contains(placed.digit),
            InputMode::Corner => b.pencil.corner[i].contains(placed.digit),
            InputMode::Centre => b.pencil.centre[i].contains(placed.digit),
            InputMode::Colour | InputMode::Scratchpad => false,
        }
    });
    let soon = now >= placed.at && now - placed.at <= CONTINUE_MS;
    // Marks are small and written side by side: a stroke beside the last one is a mark of
    // its own. (A digit fills the cell: any stroke in it may finish it.)
    let over = mode == InputMode::Digit || overlaps(&placed.strokes, stroke, 0.1 / store.size().side() as f32);
    (placed.cell == cell && placed.mode == mode && shows && soon && over).then_some(placed)
}

/// Whether a stroke's bounding box meets the bounding box of some ink (grown by `margin`).
fn overlaps(ink: &[Vec<Point>], stroke: &[Point], margin: f32) -> bool {
    let all: Vec<Point> = ink.iter().flatten().copied().collect();
    let (a0, b0, a1, b1) = geometry::bounds(&all);
    let (x0, y0, x1, y1) = geometry::bounds(stroke);
    x0 <= a1 + margin && a0 - margin <= x1 && y0 <= b1 + margin && b0 - margin <= y1
}

/// A stroke was drawn (grid coordinates): a tap selects, a zig-zag scratches out, scratchpad
/// ink is kept, and anything else joins the cell's pending ink, read at once.
pub fn finish_drawing(store: Store, points: Vec<Point>) {
    let size = store.size();
    if points.is_empty() {
        return;
    }
    // How long the pen was down, for telling a tap from a small loop (`geometry::is_tap`).
    let now = store.ports().clock.now_ms();
    let held = store.ink.writing.try_update_value(|w| w.down_at.take()).flatten().map(|t| now - t);
    if geometry::is_tap(size, &points, held) && !joins_pending_ink(store, &points) {
        if let Some(cell) = geometry::cell_at(size, points[0][0], points[0][1]) {
            controller::tap(store, cell);
        }
        // The pen coming down stopped the grow timer: ink still waiting is placed in its time.
        if store.ink.pending.with_untracked(Option::is_some) {
            read(store);
        }
        return;
    }
    let Some(cell) = geometry::cell_of(size, &points) else { return };
    let mode = store.mode.get_untracked();
    if geometry::is_scratch_out(size, &points) {
        scratch_out(store, cell, &points, mode);
        return;
    }
    if !recognizes(mode) {
        // A stroke that overshoots the board's edge is kept, clipped to it.
        let points = points.into_iter().map(|[x, y, p]| [x.clamp(0.0, 1.0), y.clamp(0.0, 1.0), p]).collect();
        controller::apply(store, Action::AddStroke { stroke: Stroke { id: 0, cell: Some(cell), points } });
        return;
    }
    if mode != InputMode::Colour && store.game.with_untracked(|g| g.givens().get(cell).is_some()) {
        store.status.set(store.t().given_cannot_change.into());
        return;
    }
    if let InkState::Unavailable(e) = store.ink.state.get_untracked() {
        writing_off(store, &e);
        return;
    }
    let same_cell = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell));
    if !same_cell {
        flush(store);
    }
    // A stroke soon after the pen placed a digit here may finish it: read with its ink.
    let continues = if same_cell { None } else { placed_in(store, cell, &points).map(|p| (p.digit, p.strokes)) };
    store.ink.writing.update_value(|w| {
        w.version = w.version.wrapping_add(1);
        w.placed = None;
    });
    store.ink.pending.update(|p| match p {
        Some(p) if p.cell == cell => {
            p.strokes.push(points);
            p.declined = false;
            p.shown = None;
        }
        _ => *p = Some(Pending { cell, strokes: vec![points], declined: false, continues, shown: None, in_game: None }),
    });
    read(store);
}

/// A short stroke in a cell whose ink waits to be read, or whose digit the pen just placed, is
/// part of that digit (the base of a 1, a 7's crossbar), not a tap — unless it is a dot.
fn joins_pending_ink(store: Store, points: &[Point]) -> bool {
    let size = store.size();
    let (x0, y0, x1, y1) = geometry::bounds(points);
    let dot = (x1 - x0).max(y1 - y0) < 0.05 / size.side() as f32;
    let Some(here) = geometry::cell_of(size, points) else { return false };
    let waiting = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == here && !p.declined));
    !dot && (waiting || placed_in(store, here, points).is_some())
}

/// A zig-zag: erases what the mode writes — the digit (pen mode), the cell's notes (notes mode)
/// or the scratchpad strokes under it (scratchpad mode) — and says what went (Undo brings it
/// back). Over ink still waiting to be read, it just drops that ink.
fn scratch_out(store: Store, cell: Cell, path: &[Point], mode: InputMode) {
    if store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell)) {
        drop_pending(store);
        return;
    }
    let size = store.size();
    let t = store.t();
    let name = inkdoku_engine::geometry::cell_name(size, cell);
    match mode {
        InputMode::Scratchpad => {
            if erase_strokes(store, path) {
                store.status.set(t.scratched_ink.into());
            }
        }
        // Colours are taken off by painting again (or Clear colours), not scratched out.
        InputMode::Colour => {}
        InputMode::Notes | InputMode::Corner | InputMode::Centre => {
            let had_notes = store.game.with_untracked(|g| {
                let b = g.board();
                b.entries.get(cell).is_none() && b.pencil.any_written(cell)
            });
            if had_notes && controller::apply(store, Action::Clear { cell }) {
                store.status.set(fill(t.scratched_notes, &[("cell", &name)]));
            }
        }
        InputMode::Digit => {
            let Some(digit) = store.game.with_untracked(|g| g.board().entries.get(cell)) else { return };
            if controller::apply(store, Action::Clear { cell }) {
                store.status.set(fill(t.scratched_digit, &[("d", &size.digit_char(digit).to_string()), ("cell", &name)]));
            }
        }
    }
}

/// Drops the pending ink, and the lone 1 it put in the game while it could grow (taken back for
/// good: the player scratched or erased what showed, before it was final).
fn drop_pending(store: Store) {
    let Some(pending) = store.ink.pending.get_untracked() else { return };
    store.ink.pending.set(None);
    if pending.in_game.is_some_and(|was| controller::last_placed(store, pending.cell, was)) {
        controller::withdraw_placed(store);
    }
}

/// Erases the scratchpad strokes `path` passes near; whether any went.
fn erase_strokes(store: Store, path: &[Point]) -> bool {
    let radius = 0.3 / store.size().side() as f32;
    let ids: Vec<u32> =
        store.game.with_untracked(|g| g.board().ink.iter().filter(|s| geometry::touches(&s.points, path, radius)).map(|s| s.id).collect());
    !ids.is_empty() && controller::apply(store, Action::EraseStrokes { ids })
}

/// The eraser passed along `path`: it erases the digits it crossed (scratchpad ink in
/// scratchpad mode) and drops pending ink under it.
pub fn finish_erasing(store: Store, path: Vec<Point>) {
    let size = store.size();
    let cells = geometry::cells_touched(size, &path);
    if store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| cells.contains(&p.cell))) {
        drop_pending(store);
    }
    if store.mode.get_untracked() == InputMode::Scratchpad {
        erase_strokes(store, &path);
        return;
    }
    let filled: Vec<Cell> = store.game.with_untracked(|g| cells.into_iter().filter(|&c| g.board().entries.get(c).is_some()).collect());
    if !filled.is_empty() {
        controller::apply(store, Action::Erase { cells: filled });
    }
}

#[cfg(test)]
mod tests;
