//! The pen's flow from ink to the board, in plain Rust: strokes already read from pointer events,
//! the recognizer's answers and the grow timer's ticks come in (`Input`); what changed and what
//! the app must do come out (`Outcome`: ask the recognizer, set a timer, the session's effects of
//! the moves the pen made through it, show the chip, the status line, what the recognizer learns
//! from). The app's store mirrors its state (`Pen::state`, `Pen::pending`) and carries out its
//! effects (`ink::writing` in the app); its bookkeeping is `state::pen::Writing`.
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

use crate::controller::keys::KeyCommand;
use crate::i18n::{Ui, fill};
use crate::ink::geometry::{self, Point};
use crate::ports::{CellStrokes, InkStatus, Recognition};
use crate::session::{self, Context, Session};
use crate::state::pen::{LastWritten, Placed, UNSURE, Writing};
use crate::state::{InkState, InputMode, Pending};
use inkdoku_engine::game::{Action, Game, Stroke};
use inkdoku_engine::{Cell, Digit, DigitSet, Size};

/// The longest ink that could still grow into another digit waits for its next stroke after
/// the pen lifts (a person's pause between the two strokes of a 4 is a few hundred ms).
pub const GROW_MS: u32 = 1000;
/// How soon after a digit was placed from ink a stroke in the same cell still belongs to it.
pub const CONTINUE_MS: f64 = 1500.0;
/// Below this, the picture of the ink alone does not back the recognizer's answer (the pen's
/// path made it), so the ink may be unfinished and waits for more.
pub const PICTURE_BACKS: f32 = 0.5;
/// How long after the first puzzle shows the recognizer starts loading, unasked.
pub const WARM_UP_MS: u32 = 3000;

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
pub fn shown_while_it_may_grow(mode: InputMode, answer: &Recognition, strokes: usize) -> Option<Digit> {
    match *answer {
        Recognition::Digit { digit: 1, confidence, picture, .. }
            if strokes == 1 && confidence >= UNSURE && picture >= PICTURE_BACKS && mode == InputMode::Digit =>
        {
            Digit::new(1)
        }
        _ => None,
    }
}

/// The move that puts `digit` where the pen wrote `written` in `cell`, as one undo step: a
/// Place over the written digit replaces it; in the marks modes the wrong mark is toggled back
/// and the right one toggled. (The chip's correction, and a stroke that finishes a drawing.)
pub fn rewrite(mode: InputMode, cell: Cell, written: Option<Digit>, digit: Digit) -> session::Input {
    let digits = written.into_iter().chain([digit]).collect();
    match session::toggle_marks(mode, cell, digits) {
        Some(marks) => session::Input::Apply(marks),
        None => session::Input::Key(KeyCommand::WriteDigit { cell, digit, mode }),
    }
}

/// An input to the pen's flow.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Start the recognizer if it isn't (on first use, or `WARM_UP_MS` after the first puzzle).
    WarmUp,
    /// The ink worker could not be started (the reason, for the console).
    StartFailed(String),
    /// What the ink worker said of itself.
    Status(InkStatus),
    /// The pen comes down at this point (grid coordinates) to write.
    Begins(Point),
    /// A hovering pen moved here.
    Hovers(Point),
    /// The pen moved on to another cell (the focus view picked a cell to magnify): ink waiting
    /// is placed now.
    Flush,
    /// A stroke was drawn (grid coordinates).
    Drawn(Vec<Point>),
    /// The eraser passed along this path.
    Erased(Vec<Point>),
    /// The recognizer's answer to the request `ask` (`Effect::Recognize`).
    Answer { ask: u32, answer: Result<Recognition, String> },
    /// The grow timer `tick` (`Effect::After`) is due.
    Grown(u32),
    /// The game on the board was replaced: its ink, answers and timers go with it.
    GameChanged,
    /// The board changed (a move, Undo, Erase; the pen's own too).
    BoardChanged,
    /// The player picked a digit on the chip of declined ink: that ink is read now.
    ChipPicked,
}

/// What the app must do for the pen.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Start the ink worker (its answers of itself come back as `Input::Status`, a failure to
    /// start as `Input::StartFailed`) and hand it the player's corrected drawings.
    Start,
    /// Ask the ink worker to read `strokes` (cell coordinates), up to `max_digit`; its answer
    /// comes back as `Input::Answer` with `ask`.
    Recognize { ask: u32, strokes: CellStrokes, max_digit: u8 },
    /// After `ms`, `Input::Grown(tick)`.
    After { ms: u32, tick: u32 },
    /// The session's effects of a move the pen made through it (`controller::play` carries
    /// them out, as for any move).
    Played(Vec<session::Effect>),
    /// A tap on a cell (the app's: it may close the hint card too).
    Tap(Cell),
    /// A digit went in from the pen, final: if it corrects what the pen wrote there before, the
    /// recognizer learns the drawing (`controller::hand::noticed`).
    Noticed { cell: Cell, digit: Digit },
    /// What the pen wrote, remembered for a quick rewrite (`controller::hand::remember`).
    Remember(LastWritten),
    /// What the pen wrote before is no misread to learn from (a half drawing finished since).
    Forget,
    /// Offer the correction chip at `cell` (`ink::chip::offer`).
    Chip { cell: Cell, choices: Vec<u8>, written: Option<Digit> },
    /// The status line says this.
    Status(String),
    /// The console says this.
    Warn(String),
    /// The pen wrote its first digit: the first visit's tip goes for good (a setting).
    PenTipDone,
}

/// What the pen's state changed (the store copies only those).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Changed {
    pub state: bool,
    pub pending: bool,
}

/// What an input changed and what the app must do about it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub changed: Changed,
    /// What the moves the pen made through the session changed of it.
    pub session: session::Changed,
    pub effects: Vec<Effect>,
}

/// What the app knows around the pen with each input.
#[derive(Clone, Copy)]
pub struct Around<'a> {
    /// The clock's time (ms).
    pub now: f64,
    /// The player's words.
    pub ui: &'static Ui,
    /// What the session is told with a move.
    pub play: &'a Context,
    /// The setting: every cell shows its candidate state.
    pub show_candidates: bool,
    /// The device is online, as far as the browser knows (`ports::Device`).
    pub online: bool,
}

/// A drawing as it was asked for: its cell, strokes, and the digit it may finish.
#[derive(Clone, Debug)]
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
    /// Cell-relative strokes, as the recognizer reads them.
    fn in_cell(&self, size: Size) -> Vec<Vec<[f32; 3]>> {
        self.strokes.iter().map(|s| geometry::in_cell(size, self.cell, s).into_iter().map(|p| p.map(|v| v as f32)).collect()).collect()
    }
}

/// A request to the recognizer whose answer is awaited, and what the answer is for.
#[derive(Clone, Debug)]
struct Asked {
    ask: u32,
    drawing: Drawing,
    /// The new strokes of a continued digit, read alone as the pen moved on: placed as read.
    alone: bool,
}

/// The pen's state: the recognizer's, the ink waiting to be read, the flow's bookkeeping.
pub struct Pen {
    state: InkState,
    pending: Option<Pending>,
    writing: Writing,
    asked: Vec<Asked>,
    next_ask: u32,
}

impl Default for Pen {
    fn default() -> Pen {
        Pen { state: InkState::Unloaded, pending: None, writing: Writing::default(), asked: Vec::new(), next_ask: 0 }
    }
}

impl Pen {
    /// The recognizer's state (mirrored by the app: the pen tip, writing off, the precache).
    pub fn state(&self) -> &InkState {
        &self.state
    }

    /// The ink waiting to be read (mirrored by the app, which draws it).
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// The game on the board was replaced: its ink, answers and timers go with it.
    pub fn game_changed(&mut self) -> Changed {
        self.writing.game_changed();
        self.pending = None;
        Changed { state: false, pending: true }
    }

    /// Takes one input, moving the game through `session` where the pen writes.
    pub fn input(&mut self, input: Input, session: &mut Session, around: &Around) -> Outcome {
        let mut run = Run { pen: self, session, around, out: Outcome::default() };
        match input {
            Input::WarmUp => run.warm_up(),
            Input::StartFailed(e) => run.set_state(InkState::Unavailable(e)),
            Input::Status(status) => run.status_changed(status),
            Input::Begins(at) => run.stroke_begins(at),
            Input::Hovers(at) => run.pen_hovers(at),
            Input::Flush => run.place_pending(true),
            Input::Drawn(points) => run.finish_drawing(points),
            Input::Erased(path) => run.finish_erasing(path),
            Input::Answer { ask, answer } => run.answer(ask, answer),
            Input::Grown(tick) => {
                if run.pen.writing.idle == tick {
                    run.place_pending(false);
                }
            }
            Input::GameChanged => run.out.changed = run.pen.game_changed(),
            Input::BoardChanged => run.board_changed(),
            Input::ChipPicked => run.set_pending(None),
        }
        run.out
    }
}

/// One input being taken: the pen, the session it writes through, what it was told, and the
/// outcome so far.
struct Run<'a> {
    pen: &'a mut Pen,
    session: &'a mut Session,
    around: &'a Around<'a>,
    out: Outcome,
}

impl Run<'_> {
    fn size(&self) -> Size {
        self.session.game().size()
    }

    fn game(&self) -> &Game {
        self.session.game()
    }

    fn mode(&self) -> InputMode {
        self.session.mode()
    }

    fn t(&self) -> &'static Ui {
        self.around.ui
    }

    fn effect(&mut self, effect: Effect) {
        self.out.effects.push(effect);
    }

    fn say(&mut self, text: impl Into<String>) {
        self.effect(Effect::Status(text.into()));
    }

    fn set_state(&mut self, state: InkState) {
        self.pen.state = state;
        self.out.changed.state = true;
    }

    fn set_pending(&mut self, pending: Option<Pending>) {
        self.pen.pending = pending;
        self.out.changed.pending = true;
    }

    fn update_pending(&mut self, change: impl FnOnce(&mut Option<Pending>)) {
        change(&mut self.pen.pending);
        self.out.changed.pending = true;
    }

    // ------------------------------------------------------------ moves through the session

    /// A move through the session: its effects for the app; whether the board changed (a shared
    /// game's move is the room's to merge, and counts as made).
    fn play(&mut self, input: session::Input) -> bool {
        let outcome = self.session.input(input, self.around.play);
        let changed = outcome
            .effects
            .iter()
            .any(|e| matches!(e, session::Effect::BoardChanged | session::Effect::Share(_) | session::Effect::ShareUndo { .. }));
        let c = outcome.changed;
        let s = &mut self.out.session;
        (s.game, s.selected, s.picked, s.mode) = (s.game || c.game, s.selected || c.selected, s.picked || c.picked, s.mode || c.mode);
        if !outcome.effects.is_empty() {
            self.effect(Effect::Played(outcome.effects));
        }
        if changed {
            self.board_changed();
        }
        changed
    }

    fn apply(&mut self, action: Action) -> bool {
        self.play(session::Input::Apply(action))
    }

    /// Writes a digit in a cell, or toggles it as a mark in the notes, corner and centre modes.
    fn write(&mut self, cell: Cell, digit: Digit) {
        let mode = self.mode();
        self.play(session::Input::Key(KeyCommand::WriteDigit { cell, digit, mode }));
    }

    /// Writes `digit` in place of what the pen wrote (`written`).
    fn rewrite(&mut self, cell: Cell, written: Option<Digit>, digit: Digit) {
        self.play(rewrite(self.mode(), cell, written, digit));
    }

    /// Places a digit the pen read that may still grow into another (a lone 1 that may be half a
    /// 4): in the game at once, but nothing is learned from it (`Effect::Noticed` follows once
    /// the digit is final), and only where a written digit would go. Whether it went in.
    fn place_growing(&mut self, cell: Cell, digit: Digit) -> bool {
        let ctx = self.around.play;
        let fits = ctx.playing && self.mode() == InputMode::Digit && !ctx.shared && self.game().givens().get(cell).is_none();
        fits && self.apply(session::place(cell, digit, ctx))
    }

    /// Whether the game's last step placed `digit` in `cell` and shows it still (alone: a shared
    /// game's steps are the room's), so that the pen may replace or withdraw it as that step.
    fn last_placed(&self, cell: Cell, digit: Digit) -> bool {
        let g = self.game();
        let last = g.applied().checked_sub(1).and_then(|i| g.actions().get(i));
        !self.around.play.shared
            && g.digit(cell) == Some(digit)
            && matches!(last, Some(Action::Place { cell: c, digit: d, .. }) if *c == cell && *d == digit)
    }

    /// Puts `digit` in `cell` in place of the last step (`last_placed`), as that one step.
    fn replace_placed(&mut self, cell: Cell, digit: Digit) -> bool {
        let action = session::place(cell, digit, self.around.play);
        self.play(session::Input::ReplaceLast(action))
    }

    /// Takes the last step (`last_placed`) back for good, Redo included.
    fn withdraw_placed(&mut self) -> bool {
        self.play(session::Input::Withdraw)
    }

    /// The board changed: ink whose digit went into the game while it could still grow goes
    /// with that digit when it was taken away (Undo, Erase): it is not placed again when its
    /// wait ends.
    fn board_changed(&mut self) {
        let taken_away = self.pen.pending.as_ref().is_some_and(|p| p.in_game.is_some_and(|d| self.game().digit(p.cell) != Some(d)));
        if taken_away {
            self.set_pending(None);
        }
    }

    // ------------------------------------------------------------ the recognizer

    /// Starts the ink worker if it isn't started (on first use, or when the page is idle).
    fn warm_up(&mut self) {
        if self.pen.state != InkState::Unloaded {
            return;
        }
        self.set_state(InkState::Loading);
        self.effect(Effect::Start);
    }

    fn status_changed(&mut self, status: InkStatus) {
        match status {
            InkStatus::Ready => self.set_state(InkState::Ready),
            InkStatus::Unavailable(why) => self.set_state(InkState::Unavailable(why)),
            // It was working: the next stroke starts a fresh one (what it was reading is answered
            // with an error by the worker's client).
            InkStatus::Crashed => {
                self.set_state(InkState::Unloaded);
                return;
            }
        }
        // Ink written while it loaded is read now (or the player is told writing is off).
        if std::mem::take(&mut self.pen.writing.waiting_for_recognizer) {
            self.ask(false);
        }
    }

    /// Handwriting can't be read in this browser: plain words for the player (the pad and keys
    /// work), the technical reason for the console.
    fn writing_off(&mut self, why: &str) {
        self.effect(Effect::Warn(format!("inkdoku: handwriting is off: {why}")));
        self.say(self.t().ink_unavailable);
    }

    /// Hands `drawing` to the ink worker (cell-relative strokes); its answer is placed as read
    /// (`alone`) or goes through `answered`.
    fn recognize(&mut self, drawing: Drawing, alone: bool) {
        let size = self.size();
        let strokes = drawing.strokes.iter().map(|s| geometry::in_cell(size, drawing.cell, s)).collect();
        let ask = self.pen.next_ask;
        self.pen.next_ask = ask.wrapping_add(1);
        self.pen.asked.push(Asked { ask, drawing, alone });
        self.effect(Effect::Recognize { ask, strokes, max_digit: max_digit(size) });
    }

    /// The drawing of the pending ink as it is now.
    fn drawing(&self, pending: &Pending) -> Drawing {
        let w = &self.pen.writing;
        let mut strokes = pending.continues.as_ref().map(|(_, s)| s.clone()).unwrap_or_default();
        strokes.extend(pending.strokes.iter().cloned());
        Drawing {
            cell: pending.cell,
            strokes,
            new_strokes: pending.strokes.len(),
            continues: pending.continues.as_ref().map(|c| c.0),
            in_game: pending.in_game,
            version: w.version,
            game: w.game,
        }
    }

    /// Asks the recognizer to read the pending ink, once per drawing, when it is ready; `whole`:
    /// as a whole drawing (the pen moved on to another cell; it is marked to be placed when
    /// read). Whole ink needs no waiting for the recognizer to be ready (the worker's channel
    /// holds the request until it is): the pen may write in other cells meanwhile, and their ink
    /// takes the pending place.
    fn ask(&mut self, whole: bool) {
        let Some(pending) = self.pen.pending.clone() else { return };
        if pending.declined {
            return;
        }
        match self.pen.state.clone() {
            InkState::Ready => {}
            InkState::Loading if whole => {}
            InkState::Loading | InkState::Unloaded => {
                self.pen.writing.waiting_for_recognizer = true;
                return;
            }
            InkState::Unavailable(e) => {
                self.set_pending(None);
                self.writing_off(&e);
                return;
            }
        }
        // Asked once per drawing (the pen coming down elsewhere and the stroke ending both ask).
        let w = &mut self.pen.writing;
        let fresh = w.asked != Some(w.version);
        w.asked = Some(w.version);
        if fresh {
            let drawing = self.drawing(&pending);
            self.recognize(drawing, false);
        }
    }

    /// The answer to the request `ask`: for the drawing it was asked for.
    fn answer(&mut self, ask: u32, answer: Result<Recognition, String>) {
        // (An answer for a replaced game is dropped by the drawing's game number.)
        let Some(at) = self.pen.asked.iter().position(|a| a.ask == ask) else { return };
        let asked = self.pen.asked.remove(at);
        if asked.alone {
            self.place(asked.drawing, answer, false);
        } else {
            self.answered(asked.drawing, answer);
        }
    }

    // ------------------------------------------------------------ the pen on the board

    /// Whether ink waits to be read in a cell other than the one under `at`.
    fn pending_elsewhere(&self, at: Point) -> bool {
        let cell = geometry::cell_at(self.size(), at[0], at[1]);
        self.pen.pending.as_ref().is_some_and(|p| Some(p.cell) != cell)
    }

    /// The pen comes down at `at` to write: the grow timer stops, and ink waiting in another cell
    /// is placed now. A recognizer that could not load (a line that dropped as it downloaded) is
    /// tried again once the device is online.
    fn stroke_begins(&mut self, at: Point) {
        if matches!(self.pen.state, InkState::Unavailable(_)) && self.around.online {
            self.set_state(InkState::Unloaded);
        }
        self.warm_up();
        let w = &mut self.pen.writing;
        w.idle = w.idle.wrapping_add(1);
        w.waiting_for_recognizer = false;
        w.down_at = Some(self.around.now);
        if self.pending_elsewhere(at) {
            self.place_pending(true);
        }
    }

    /// A hovering pen moved to `at`: ink it left in another cell is placed now (unless declined:
    /// that ink waits for the player).
    fn pen_hovers(&mut self, at: Point) {
        let declined = self.pen.pending.as_ref().is_some_and(|p| p.declined);
        if !declined && self.pending_elsewhere(at) {
            self.place_pending(true);
        }
    }

    /// Places the pending ink (`moved_on`: the pen went to another cell, and the ink is placed
    /// with the answer already in, or as soon as it comes, even if the recognizer is still
    /// loading: the ink is whole; else the ink waited long enough to grow, and while the
    /// recognizer loads it waits on, so a slow second stroke written meanwhile is still read
    /// with it).
    fn place_pending(&mut self, moved_on: bool) {
        let Some(pending) = self.pen.pending.clone() else { return };
        if pending.declined {
            return;
        }
        let w = &mut self.pen.writing;
        w.idle = w.idle.wrapping_add(1);
        w.place_when_read(w.version);
        let version = w.version;
        let held = w.held.take_if(|(v, _)| *v == version).map(|(_, answer)| answer);
        match held {
            Some(answer) => {
                let drawing = self.drawing(&pending);
                self.answered(drawing, Ok(answer));
            }
            None => self.ask(moved_on),
        }
    }

    /// Reads the pending ink now (a stroke just ended) and starts its grow timer.
    fn read(&mut self) {
        let w = &mut self.pen.writing;
        w.idle = w.idle.wrapping_add(1);
        let tick = w.idle;
        self.effect(Effect::After { ms: GROW_MS, tick });
        self.ask(false);
    }

    /// The recognizer's answer for `drawing`: dropped if stale, held while the ink may grow, else
    /// placed.
    fn answered(&mut self, drawing: Drawing, answer: Result<Recognition, String>) {
        let w = &self.pen.writing;
        let (version, game, place_now) = (w.version, w.game, w.place_when_read.contains(&drawing.version));
        // A game replaced since: its ink went with it.
        if game != drawing.game {
            return;
        }
        let still_pending = self.pen.pending.as_ref().is_some_and(|p| p.cell == drawing.cell);
        // More ink written in this cell since: that drawing is read in its turn, not this one.
        if still_pending && version != drawing.version {
            return;
        }
        // Ink that left the board before its answer came (scratched out, erased) is not placed.
        if !still_pending && !place_now {
            return;
        }
        if let Some(previous) = drawing.continues {
            self.continued(drawing, previous, answer, still_pending);
            return;
        }
        match answer {
            // A lone dash over a pencil mark is a strike-through only if no second stroke
            // follows (it may be a 7's or a 5's bar).
            Ok(answer) if still_pending && !place_now && (may_grow(&answer, drawing.strokes.len()) || self.struck(&drawing).is_some()) => {
                let shown = shown_while_it_may_grow(self.mode(), &answer, drawing.strokes.len());
                // The lone 1 goes into the game at once (not a strike-through of a mark).
                let in_game = shown.filter(|&d| self.struck(&drawing).is_none() && self.place_growing(drawing.cell, d));
                self.update_pending(|p| {
                    if let Some(p) = p.as_mut().filter(|p| p.cell == drawing.cell) {
                        p.shown = shown;
                        p.in_game = p.in_game.or(in_game);
                    }
                });
                self.pen.writing.held = Some((drawing.version, answer));
            }
            answer => self.place(drawing, answer, still_pending),
        }
    }

    /// The answer for a placed digit's ink with strokes written since: if the whole reads
    /// confidently it is the digit (placed over the earlier reading if it differs); else the new
    /// strokes are read on their own, as a rewrite of the cell.
    fn continued(&mut self, drawing: Drawing, previous: Digit, answer: Result<Recognition, String>, still_pending: bool) {
        let whole = match answer {
            Ok(Recognition::Digit { digit, confidence, second, .. }) if confidence >= UNSURE => Some((digit, confidence, second)),
            _ => None,
        };
        let size = self.size();
        match whole.and_then(|(digit, confidence, second)| Some((Digit::new(digit).filter(|d| d.fits(size))?, confidence, second))) {
            Some((digit, confidence, second)) => {
                if still_pending {
                    self.set_pending(None);
                }
                // The half drawing read before is not a misread the new digit corrects.
                self.effect(Effect::Forget);
                // In the placed digit's undo step while that is the game's last (one Undo
                // empties the cell); else, or for a mark, as a rewrite.
                if digit != previous && !(self.last_placed(drawing.cell, previous) && self.replace_placed(drawing.cell, digit)) {
                    self.rewrite(drawing.cell, Some(previous), digit);
                }
                self.placed(&drawing, digit, confidence, second);
            }
            None if still_pending => {
                let w = &mut self.pen.writing;
                let place_now = w.place_when_read.contains(&drawing.version);
                w.version = w.version.wrapping_add(1);
                if place_now {
                    w.place_when_read(w.version);
                }
                self.update_pending(|p| {
                    if let Some(p) = p.as_mut() {
                        p.continues = None;
                    }
                });
                self.ask(false);
            }
            None => {
                // The pen has moved on: the new strokes alone are read and placed.
                let new = drawing.strokes.len() - drawing.new_strokes;
                let alone =
                    Drawing { strokes: drawing.strokes[new..].to_vec(), new_strokes: drawing.new_strokes, continues: None, ..drawing };
                self.recognize(alone, true);
            }
        }
    }

    /// Places what the pen wrote: the digit (or mark, or colour) with its runner-up on the chip;
    /// declined ink stays with its two best guesses; a failed worker drops the ink.
    fn place(&mut self, drawing: Drawing, answer: Result<Recognition, String>, still_pending: bool) {
        if self.pen.writing.game != drawing.game {
            return;
        }
        let size = self.size();
        let cell = drawing.cell;
        if let Some(digit) = self.struck(&drawing) {
            // The ink just read leaves the board (ink since written in another cell stays).
            if still_pending {
                self.set_pending(None);
            }
            self.strike(cell, digit);
            return;
        }
        match answer {
            Ok(Recognition::Digit { digit, confidence, second, .. }) => {
                if still_pending {
                    self.set_pending(None);
                }
                if let Some(d) = Digit::new(digit).filter(|d| d.fits(size)) {
                    match drawing.in_game {
                        // Its lone 1 was taken away meanwhile (the answer came after the pen moved on).
                        Some(was) if self.game().digit(cell) != Some(was) => return,
                        // The 1 it was: in the game already, and now final (learned from, if it
                        // corrects what the pen wrote there before).
                        Some(was) if was == d => self.effect(Effect::Noticed { cell, digit: d }),
                        // Grown into another digit: in the 1's place and undo step.
                        Some(was) if self.last_placed(cell, was) => {
                            if self.replace_placed(cell, d) {
                                self.effect(Effect::Noticed { cell, digit: d });
                            }
                        }
                        _ => self.write(cell, d),
                    }
                    self.placed(&drawing, d, confidence, second);
                }
            }
            Ok(Recognition::Declined { best, second, confidence, .. }) => {
                self.remember(&drawing, None, confidence, second);
                self.update_pending(|p| {
                    if let Some(p) = p.as_mut().filter(|p| p.cell == cell) {
                        p.declined = true;
                        p.in_game = None;
                    }
                });
                // Its lone 1 with the strokes after it reads as no digit: the 1 goes, the ink stays.
                if drawing.in_game.is_some_and(|was| self.last_placed(cell, was)) {
                    self.withdraw_placed();
                }
                self.say(self.t().ink_declined);
                self.effect(Effect::Chip { cell, choices: vec![best, second], written: None });
            }
            Err(e) => {
                // The ink worker failed (it starts afresh with the next stroke).
                self.effect(Effect::Warn(format!("inkdoku: handwriting: {e}")));
                if still_pending {
                    self.set_pending(None);
                }
                self.say(self.t().ink_failed);
            }
        }
    }

    /// The pen placed `digit` from `drawing`: remembered (for a quick rewrite, and for a stroke
    /// that finishes it), the runner-up offered on the chip.
    fn placed(&mut self, drawing: &Drawing, digit: Digit, confidence: f32, second: u8) {
        self.remember(drawing, Some(digit), confidence, second);
        let mode = self.mode();
        if mode == InputMode::Digit || mode.marks() {
            let at = self.around.now;
            self.pen.writing.placed = Some(Placed { cell: drawing.cell, digit, mode, strokes: drawing.strokes.clone(), at });
        }
        // No chip for a colour painted by pen (Undo takes it off), nor over the board of a game
        // this digit just won.
        let won = self.around.play.won
            || self.out.effects.iter().any(|e| matches!(e, Effect::Played(p) if p.iter().any(|e| matches!(e, session::Effect::Won))));
        if mode != InputMode::Colour && !won {
            self.effect(Effect::Chip { cell: drawing.cell, choices: vec![second], written: Some(digit) });
        }
        self.effect(Effect::PenTipDone);
    }

    /// The pencil mark a drawing strikes through, if it is one: a single stroke, in digit or
    /// notes mode, across the place of a mark the cell shows (`geometry::struck_place`).
    fn struck(&self, drawing: &Drawing) -> Option<Digit> {
        let mode = self.mode();
        if drawing.continues.is_some() || drawing.strokes.len() != 1 || !matches!(mode, InputMode::Digit | InputMode::Notes) {
            return None;
        }
        let size = self.size();
        let stroke = geometry::in_cell(size, drawing.cell, &drawing.strokes[0]);
        let digit = Digit::new(geometry::struck_place(size, &stroke)? as u8 + 1).filter(|d| d.fits(size))?;
        self.shown_marks(drawing.cell).contains(digit).then_some(digit)
    }

    /// The small marks a cell shows: the candidate state with "Show candidates", else the
    /// player's notes (none in a cell with a digit).
    fn shown_marks(&self, cell: Cell) -> DigitSet {
        let g = self.game();
        match g.digit(cell) {
            Some(_) => DigitSet::EMPTY,
            None if self.around.show_candidates => g.candidates()[cell.index()],
            None => g.board().pencil.notes[cell.index()],
        }
    }

    /// Takes the mark `digit` off `cell` (one undo step) and says so. A shown candidate of a
    /// cell without notes goes by noting the others (the candidate state is narrowed to a
    /// cell's notes).
    fn strike(&mut self, cell: Cell, digit: Digit) {
        let notes = self.game().board().pencil.notes[cell.index()];
        let action = if notes.is_empty() {
            Action::ToggleNotes { cell, digits: self.shown_marks(cell).iter().filter(|&d| d != digit).collect() }
        } else {
            Action::ToggleNote { cell, digit }
        };
        if self.apply(action) {
            let size = self.size();
            let name = inkdoku_engine::geometry::cell_name(size, cell);
            let shown = size.digit_char(digit).to_string();
            self.say(fill(self.t().struck_note, &[("d", &shown), ("cell", &name)]));
        }
    }

    fn remember(&mut self, drawing: &Drawing, read: Option<Digit>, confidence: f32, second: u8) {
        let note = self.mode().marks();
        let strokes = drawing.in_cell(self.size());
        let at = self.around.now;
        self.effect(Effect::Remember(LastWritten { cell: drawing.cell, strokes, note, read, confidence, second: Digit::new(second), at }));
    }

    /// The digit (or mark) the pen placed in `cell` a moment ago, while it shows and the mode is
    /// the same, for a stroke that finishes it. (A second mark written in a cell soon after is
    /// read with the first, and on its own when the two don't read as one.)
    fn placed_in(&self, cell: Cell, stroke: &[Point]) -> Option<Placed> {
        let now = self.around.now;
        let placed = self.pen.writing.placed.clone()?;
        let mode = self.mode();
        let g = self.game();
        let b = g.board();
        let i = cell.index();
        let shows = match mode {
            InputMode::Digit => g.digit(cell) == Some(placed.digit),
            InputMode::Notes => b.pencil.notes[i].contains(placed.digit),
            InputMode::Corner => b.pencil.corner[i].contains(placed.digit),
            InputMode::Centre => b.pencil.centre[i].contains(placed.digit),
            InputMode::Colour | InputMode::Scratchpad => false,
        };
        let soon = now >= placed.at && now - placed.at <= CONTINUE_MS;
        // Marks are small and written side by side: a stroke beside the last one is a mark of
        // its own. (A digit fills the cell: any stroke in it may finish it.)
        let over = mode == InputMode::Digit || overlaps(&placed.strokes, stroke, 0.1 / self.size().side() as f32);
        (placed.cell == cell && placed.mode == mode && shows && soon && over).then_some(placed)
    }

    /// A stroke was drawn (grid coordinates): a tap selects, a zig-zag scratches out, scratchpad
    /// ink is kept, and anything else joins the cell's pending ink, read at once.
    fn finish_drawing(&mut self, points: Vec<Point>) {
        let size = self.size();
        if points.is_empty() {
            return;
        }
        // How long the pen was down, for telling a tap from a small loop (`geometry::is_tap`).
        let held = self.pen.writing.down_at.take().map(|t| self.around.now - t);
        if geometry::is_tap(size, &points, held) && !self.joins_pending_ink(&points) {
            if let Some(cell) = geometry::cell_at(size, points[0][0], points[0][1]) {
                self.effect(Effect::Tap(cell));
            }
            // The pen coming down stopped the grow timer: ink still waiting is placed in its time.
            if self.pen.pending.is_some() {
                self.read();
            }
            return;
        }
        let Some(cell) = geometry::cell_of(size, &points) else { return };
        let mode = self.mode();
        if geometry::is_scratch_out(size, &points) {
            self.scratch_out(cell, &points, mode);
            return;
        }
        if !recognizes(mode) {
            // A stroke that overshoots the board's edge is kept, clipped to it.
            let points = points.into_iter().map(|[x, y, p]| [x.clamp(0.0, 1.0), y.clamp(0.0, 1.0), p]).collect();
            self.apply(Action::AddStroke { stroke: Stroke { id: 0, cell: Some(cell), points } });
            return;
        }
        if mode != InputMode::Colour && self.game().givens().get(cell).is_some() {
            self.say(self.t().given_cannot_change);
            return;
        }
        if let InkState::Unavailable(e) = self.pen.state.clone() {
            self.writing_off(&e);
            return;
        }
        let same_cell = self.pen.pending.as_ref().is_some_and(|p| p.cell == cell);
        if !same_cell {
            self.place_pending(true);
        }
        // A stroke soon after the pen placed a digit here may finish it: read with its ink.
        let continues = if same_cell { None } else { self.placed_in(cell, &points).map(|p| (p.digit, p.strokes)) };
        let w = &mut self.pen.writing;
        w.version = w.version.wrapping_add(1);
        w.placed = None;
        self.update_pending(|p| match p {
            Some(p) if p.cell == cell => {
                p.strokes.push(points);
                p.declined = false;
                p.shown = None;
            }
            _ => *p = Some(Pending { cell, strokes: vec![points], declined: false, continues, shown: None, in_game: None }),
        });
        self.read();
    }

    /// A short stroke in a cell whose ink waits to be read, or whose digit the pen just placed,
    /// is part of that digit (the base of a 1, a 7's crossbar), not a tap — unless it is a dot.
    fn joins_pending_ink(&self, points: &[Point]) -> bool {
        let size = self.size();
        let (x0, y0, x1, y1) = geometry::bounds(points);
        let dot = (x1 - x0).max(y1 - y0) < 0.05 / size.side() as f32;
        let Some(here) = geometry::cell_of(size, points) else { return false };
        let waiting = self.pen.pending.as_ref().is_some_and(|p| p.cell == here && !p.declined);
        !dot && (waiting || self.placed_in(here, points).is_some())
    }

    /// A zig-zag: erases what the mode writes — the digit (pen mode), the cell's notes (notes
    /// mode) or the scratchpad strokes under it (scratchpad mode) — and says what went (Undo
    /// brings it back). Over ink still waiting to be read, it just drops that ink.
    fn scratch_out(&mut self, cell: Cell, path: &[Point], mode: InputMode) {
        if self.pen.pending.as_ref().is_some_and(|p| p.cell == cell) {
            self.drop_pending();
            return;
        }
        let size = self.size();
        let t = self.t();
        let name = inkdoku_engine::geometry::cell_name(size, cell);
        match mode {
            InputMode::Scratchpad => {
                if self.erase_strokes(path) {
                    self.say(t.scratched_ink);
                }
            }
            // Colours are taken off by painting again (or Clear colours), not scratched out.
            InputMode::Colour => {}
            InputMode::Notes | InputMode::Corner | InputMode::Centre => {
                let b = self.game().board();
                let had_notes = b.entries.get(cell).is_none() && b.pencil.any_written(cell);
                if had_notes && self.apply(Action::Clear { cell }) {
                    self.say(fill(t.scratched_notes, &[("cell", &name)]));
                }
            }
            InputMode::Digit => {
                let Some(digit) = self.game().board().entries.get(cell) else { return };
                if self.apply(Action::Clear { cell }) {
                    self.say(fill(t.scratched_digit, &[("d", &size.digit_char(digit).to_string()), ("cell", &name)]));
                }
            }
        }
    }

    /// Drops the pending ink, and the lone 1 it put in the game while it could grow (taken back
    /// for good: the player scratched or erased what showed, before it was final).
    fn drop_pending(&mut self) {
        let Some(pending) = self.pen.pending.clone() else { return };
        self.set_pending(None);
        if pending.in_game.is_some_and(|was| self.last_placed(pending.cell, was)) {
            self.withdraw_placed();
        }
    }

    /// Erases the scratchpad strokes `path` passes near; whether any went.
    fn erase_strokes(&mut self, path: &[Point]) -> bool {
        let radius = 0.3 / self.size().side() as f32;
        let ids: Vec<u32> = self.game().board().ink.iter().filter(|s| geometry::touches(&s.points, path, radius)).map(|s| s.id).collect();
        !ids.is_empty() && self.apply(Action::EraseStrokes { ids })
    }

    /// The eraser passed along `path`: it erases the digits it crossed (scratchpad ink in
    /// scratchpad mode) and drops pending ink under it.
    fn finish_erasing(&mut self, path: Vec<Point>) {
        let size = self.size();
        let cells = geometry::cells_touched(size, &path);
        if self.pen.pending.as_ref().is_some_and(|p| cells.contains(&p.cell)) {
            self.drop_pending();
        }
        if self.mode() == InputMode::Scratchpad {
            self.erase_strokes(&path);
            return;
        }
        let filled: Vec<Cell> = cells.into_iter().filter(|&c| self.game().board().entries.get(c).is_some()).collect();
        if !filled.is_empty() {
            self.apply(Action::Erase { cells: filled });
        }
    }
}

/// Whether a stroke's bounding box meets the bounding box of some ink (grown by `margin`).
fn overlaps(ink: &[Vec<Point>], stroke: &[Point], margin: f32) -> bool {
    let all: Vec<Point> = ink.iter().flatten().copied().collect();
    let (a0, b0, a1, b1) = geometry::bounds(&all);
    let (x0, y0, x1, y1) = geometry::bounds(stroke);
    x0 <= a1 + margin && a0 - margin <= x1 && y0 <= b1 + margin && b0 - margin <= y1
}

#[cfg(test)]
mod tests;
