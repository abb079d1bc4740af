//! The pen's flow natively: strokes in, the fake ink worker (`ports::fakes::Ink`) read by hand,
//! the clock moved by hand; what lands on the board, the chip, the status line and the learned
//! drawings is checked. `App` stands in for the app around the flow: it carries the flow's
//! effects out as the app's wiring does (`ink::writing`, `controller::play`, `ink::chip`,
//! `controller::hand`), on the session and the fakes.

use super::*;
use crate::controller::keys::KeyCommand;
use crate::i18n::{Lang, ui};
use crate::ink::chip::{ChipMemory, SHOW_MS};
use crate::ports::fakes::{World, stroke_in};
use crate::ports::{Handwriting, Ports};
use crate::state::{Brush, Chip, Settings};
use inkdoku_engine::game::Game;
use std::cell::RefCell;
use std::rc::Rc;

/// Easy 9x9 (seed 7), as the e2e tests open it: r1c1 is empty, r1c2 holds a given 7.
const PUZZLE: &str = "#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

/// What the app keeps around the pen: the session and the pen, the status line, the chip, the
/// player's corrected drawings, what the pen last wrote, the settings, whether the game is won.
struct Screen {
    session: Session,
    pen: Pen,
    status: String,
    chip: Option<Chip>,
    chip_memory: ChipMemory,
    hand: Handwriting,
    last_written: Option<LastWritten>,
    settings: Settings,
    won: bool,
}

/// The app on the fakes of one world (a tab).
#[derive(Clone)]
struct App {
    screen: Rc<RefCell<Screen>>,
    ports: Ports,
}

impl App {
    fn context(&self) -> Context {
        let s = self.screen.borrow();
        Context {
            may_write: true,
            shared: false,
            playing: true,
            won: s.won,
            auto_clear_notes: s.settings.auto_clear_notes,
            brush: Brush { colour: 1, candidates: false },
        }
    }

    fn t(&self) -> &'static Ui {
        ui(Lang::En)
    }

    fn game<R>(&self, f: impl FnOnce(&Game) -> R) -> R {
        f(self.screen.borrow().session.game())
    }

    fn pending(&self) -> Option<Pending> {
        self.screen.borrow().pen.pending().cloned()
    }

    fn with_pending<R>(&self, f: impl FnOnce(&Option<Pending>) -> R) -> R {
        f(&self.pending())
    }

    fn state(&self) -> InkState {
        self.screen.borrow().pen.state().clone()
    }

    fn chip(&self) -> Option<Chip> {
        self.screen.borrow().chip.clone()
    }

    fn status(&self) -> String {
        self.screen.borrow().status.clone()
    }

    fn set_status(&self, text: String) {
        self.screen.borrow_mut().status = text;
    }

    fn hand<R>(&self, f: impl FnOnce(&Handwriting) -> R) -> R {
        f(&self.screen.borrow().hand)
    }

    fn selected(&self) -> Option<Cell> {
        self.screen.borrow().session.selected()
    }

    fn session_mut(&self, change: impl FnOnce(&mut Session)) {
        change(&mut self.screen.borrow_mut().session);
    }

    fn settings_mut(&self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.screen.borrow_mut().settings);
    }
}

/// Takes `input` into the pen's flow and carries out its effects.
fn pen(app: &App, input: Input) {
    let ctx = app.context();
    let effects = {
        let mut s = app.screen.borrow_mut();
        let (now, online) = (app.ports.clock.now_ms(), app.ports.device.online());
        let around = Around { now, ui: app.t(), play: &ctx, show_candidates: s.settings.show_candidates, online };
        let Screen { session, pen, .. } = &mut *s;
        pen.input(input, session, &around).effects
    };
    for effect in effects {
        carry_out(app, effect);
    }
}

fn carry_out(app: &App, effect: Effect) {
    match effect {
        Effect::Start => {
            let again = app.clone();
            match app.ports.ink.start(Box::new(move |status| pen(&again, Input::Status(status)))) {
                Ok(()) => app.ports.ink.teach(&app.screen.borrow().hand),
                Err(e) => pen(app, Input::StartFailed(e)),
            }
        }
        Effect::Recognize { ask, strokes, max_digit } => {
            let again = app.clone();
            app.ports.ink.recognize(strokes, max_digit, Box::new(move |answer| pen(&again, Input::Answer { ask, answer })));
        }
        Effect::After { ms, tick } => {
            let again = app.clone();
            app.ports.clock.after(ms, Box::new(move || pen(&again, Input::Grown(tick))));
        }
        Effect::Played(effects) => played(app, effects),
        Effect::Tap(cell) => play(app, session::Input::Tap(cell)),
        Effect::Noticed { cell, digit } => noticed(app, cell, digit),
        Effect::Remember(written) => app.screen.borrow_mut().last_written = Some(written),
        Effect::Forget => app.screen.borrow_mut().last_written = None,
        Effect::Chip { cell, choices, written } => offer(app, cell, &choices, written),
        Effect::Status(text) => app.set_status(text),
        Effect::Warn(_) => {}
        Effect::PenTipDone => app.settings_mut(|s| s.pen_tip_done = true),
    }
}

/// A move through the session, and its effects carried out.
fn play(app: &App, input: session::Input) {
    let ctx = app.context();
    let effects = app.screen.borrow_mut().session.input(input, &ctx).effects;
    played(app, effects);
}

/// The session's effects, as `controller::play` carries them out (no room in these tests).
fn played(app: &App, effects: Vec<session::Effect>) {
    let mut changed = false;
    for effect in effects {
        match effect {
            session::Effect::BoardChanged => {
                changed = true;
                app.set_status(String::new());
                app.screen.borrow_mut().chip = None;
                pen(app, Input::BoardChanged);
            }
            session::Effect::Won => app.screen.borrow_mut().won = true,
            session::Effect::GivenCannotChange => app.set_status(app.t().given_cannot_change.into()),
            session::Effect::Written { cell, digit } if changed => noticed(app, cell, digit),
            other => assert!(matches!(other, session::Effect::Written { .. }), "not expected here: {other:?}"),
        }
    }
}

/// A digit placed in `cell`: learned if it corrects what the pen just wrote there.
fn noticed(app: &App, cell: Cell, digit: Digit) {
    let now = app.ports.clock.now_ms();
    let corrects = app.screen.borrow().last_written.as_ref().is_some_and(|w| w.corrected_by(cell, digit, now));
    if corrects {
        learn(app, digit);
    }
}

fn learn(app: &App, digit: Digit) {
    let mut s = app.screen.borrow_mut();
    if let Some(written) = s.last_written.take() {
        s.hand.add(digit.get(), written.strokes);
    }
}

/// The chip offered, and taken away after `SHOW_MS` unless opened or offered again.
fn offer(app: &App, cell: Cell, choices: &[u8], written: Option<Digit>) {
    let size = app.game(|g| g.size());
    let Some((chip, shown)) = app.screen.borrow_mut().chip_memory.offer(size, cell, choices, written) else { return };
    app.screen.borrow_mut().chip = Some(chip);
    let screen = app.screen.clone();
    app.ports.clock.after(
        SHOW_MS,
        Box::new(move || {
            let mut s = screen.borrow_mut();
            if s.chip_memory.is_current(shown) && !s.chip.as_ref().is_some_and(|c| c.all) {
                s.chip = None;
            }
        }),
    );
}

/// The player picks `digit` on the chip: it replaces what the pen wrote, and is learned.
fn choose(app: &App, digit: Digit) {
    let Some(chip) = app.screen.borrow_mut().chip.take() else { return };
    if chip.written.is_none() {
        pen(app, Input::ChipPicked);
    }
    let mode = app.screen.borrow().session.mode();
    play(app, rewrite(mode, chip.cell, chip.written, digit));
    let learns = app.screen.borrow().last_written.as_ref().is_some_and(|w| w.cell == chip.cell && w.read != Some(digit));
    if learns {
        learn(app, digit);
    }
}

fn undo(app: &App) {
    play(app, session::Input::Key(KeyCommand::Undo));
}

fn apply(app: &App, action: Action) {
    play(app, session::Input::Apply(action));
}

fn write(app: &App, cell: Cell, digit: Digit) {
    let mode = app.screen.borrow().session.mode();
    play(app, session::Input::Key(KeyCommand::WriteDigit { cell, digit, mode }));
}

/// The puzzle, with its solution.
fn puzzle() -> Game {
    let puzzle = inkdoku_engine::share::parse_puzzle(PUZZLE).expect("the test's puzzle").puzzle;
    let solution = inkdoku_engine::solver::unique_solution(&puzzle.givens);
    Game::of_puzzle(puzzle, solution).expect("a game")
}

/// Another game on the board (the same puzzle again), as the app's `Ink::game_changed` and
/// `start_game` put it there.
fn new_game(app: &App) {
    let mut s = app.screen.borrow_mut();
    s.pen.game_changed();
    s.chip = None;
    s.last_written = None;
    s.session.set_game(puzzle());
}

fn start(world: &World) -> App {
    let settings = Settings { language: Some(Lang::En), ..Settings::default() };
    let screen = Screen {
        session: Session::new(puzzle()),
        pen: Pen::default(),
        status: String::new(),
        chip: None,
        chip_memory: ChipMemory::default(),
        hand: Handwriting::new(),
        last_written: None,
        settings,
        won: false,
    };
    App { screen: Rc::new(RefCell::new(screen)), ports: world.ports() }
}

// The pointer handlers' calls (`components::ink` through the app's `ink::writing`).

fn warm_up(app: &App) {
    pen(app, Input::WarmUp);
}

/// The first puzzle is on screen: the app's `ink::writing::warm_up_soon`.
fn warm_up_soon(app: &App) {
    let again = app.clone();
    app.ports.clock.after(WARM_UP_MS, Box::new(move || warm_up(&again)));
}

fn stroke_begins(app: &App, at: Point) {
    pen(app, Input::Begins(at));
}

fn pen_hovers(app: &App, at: Point) {
    pen(app, Input::Hovers(at));
}

fn finish_drawing(app: &App, points: Vec<Point>) {
    pen(app, Input::Drawn(points));
}

fn finish_erasing(app: &App, path: Vec<Point>) {
    pen(app, Input::Erased(path));
}

fn cell(row: usize, col: usize) -> Cell {
    Size::Nine.cell(row, col)
}

/// A zig-zag over a cell: six passes left and right, drifting down.
fn zigzag_in(c: Cell) -> Vec<Point> {
    let (row, col) = (c.index() / 9, c.index() % 9);
    (0..=12)
        .map(|i| {
            let x = if i % 2 == 0 { 0.15 } else { 0.85 };
            [(col as f32 + x) / 9.0, (row as f32 + 0.3 + i as f32 * 0.03) / 9.0, 0.5]
        })
        .collect()
}

/// The pen writes one stroke in `c`, as the pointer handlers call the flow.
fn write_stroke(store: &App, c: Cell) {
    let points = stroke_in(c);
    stroke_begins(store, points[0]);
    finish_drawing(store, points);
}

fn digit_at(store: &App, c: Cell) -> Option<u8> {
    store.game(|g| g.digit(c)).map(Digit::get)
}

/// A store on a puzzle with the recognizer loaded.
fn ready(world: &World) -> App {
    let store = start(world);
    warm_up(&store);
    world.ink.ready();
    assert_eq!(store.state(), InkState::Ready);
    store
}

#[test]
fn the_recognizer_loads_unasked_three_seconds_after_the_first_puzzle_shows_and_a_pen_down_does_not_wait() {
    let world = World::default();
    let app = start(&world);
    let store = &app;
    warm_up_soon(store);
    world.clock.advance(f64::from(WARM_UP_MS) - 1.0);
    assert_eq!((world.ink.starts.get(), store.state()), (0, InkState::Unloaded), "not yet");
    world.clock.advance(1.0);
    assert_eq!((world.ink.starts.get(), store.state()), (1, InkState::Loading));

    // A pen on the board first: it loads then, once.
    let other = World::default();
    let app2 = start(&other);
    let store = &app2;
    warm_up_soon(store);
    stroke_begins(store, stroke_in(cell(0, 0))[0]);
    assert_eq!(other.ink.starts.get(), 1, "at the pen-down");
    other.clock.advance(f64::from(WARM_UP_MS));
    assert_eq!(other.ink.starts.get(), 1, "and not again");
}

#[test]
fn a_digit_is_read_as_the_pen_lifts_and_placed_at_once_with_the_runner_up_on_the_chip() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    {
        let asked = world.ink.asked.borrow();
        assert_eq!(asked.len(), 1, "read as soon as the pen lifts");
        let (strokes, max, _) = &asked[0];
        assert_eq!(*max, 9);
        // Cell coordinates: the stroke runs down the middle of its cell.
        assert!(strokes[0].iter().all(|p| (0.45..0.6).contains(&p[0]) && (0.0..=1.0).contains(&p[1])), "{strokes:?}");
    }
    // A confident 4 cannot grow into another digit: no wait.
    world.ink.read_as(4, 9);
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
    assert_eq!(store.pending(), None);
    let chip = store.chip().expect("a chip");
    assert_eq!(chip, Chip { cell: cell(0, 0), choices: vec![Digit::new(9).unwrap()], written: Digit::new(4), all: false, going_up: false });
    assert!(store.screen.borrow().settings.pen_tip_done);
    // The chip goes by itself after a few seconds.
    world.clock.advance(4999.0);
    assert!(store.chip().is_some());
    world.clock.advance(1.0);
    assert_eq!(store.chip(), None);
}

/// How many steps Undo has to take back.
fn steps(store: &App) -> usize {
    store.game(|g| g.applied())
}

#[test]
fn a_lone_1_is_in_the_game_at_once_and_a_second_stroke_grows_it_in_place_in_one_undo_step() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.ink.read_as(1, 4);
    assert_eq!((digit_at(store, cell(0, 0)), steps(store)), (Some(1), 1), "in the game as soon as it is read");
    assert_eq!(store.chip(), None, "no chip while it may grow");
    // The second stroke, slowly: 900 ms after the first lifted. Read with the first; the 4
    // takes the 1's place and undo step.
    world.clock.advance(900.0);
    write_stroke(store, cell(0, 0));
    assert_eq!(world.ink.asked.borrow()[1].0.len(), 2, "both strokes in one drawing");
    world.ink.read_as(4, 1);
    assert_eq!((digit_at(store, cell(0, 0)), steps(store)), (Some(4), 1));
    assert_eq!(store.pending(), None);
    undo(store);
    assert_eq!((digit_at(store, cell(0, 0)), steps(store)), (None, 0), "one Undo back to the empty cell");
    assert!(store.hand(|h| h.samples.is_empty()), "nothing learned from the half digit");
    // Lifted away with nothing after it: in the game at once, final (its chip out) after GROW_MS.
    write_stroke(store, cell(0, 2));
    world.ink.read_as(1, 7);
    assert_eq!(digit_at(store, cell(0, 2)), Some(1));
    world.clock.advance(GROW_MS as f64);
    assert_eq!((digit_at(store, cell(0, 2)), steps(store)), (Some(1), 1));
    assert_eq!(store.pending(), None);
    assert_eq!(store.chip().map(|c| c.written), Some(Digit::new(1)));
    // After the window, a stroke in the cell is a new digit: read alone, a step of its own.
    world.clock.advance(CONTINUE_MS + 1.0);
    write_stroke(store, cell(0, 2));
    assert_eq!(world.ink.asked.borrow().last().map(|a| a.0.len()), Some(1), "read on its own");
    world.ink.read_as(7, 1);
    assert_eq!((digit_at(store, cell(0, 2)), steps(store)), (Some(7), 2));
    undo(store);
    assert_eq!(digit_at(store, cell(0, 2)), Some(1));
    // A 1 only the pen's path reads stays ink while it waits (it may be a 4's first stroke).
    write_stroke(store, cell(0, 4));
    world.ink.read_by_path(1, 7, 0.1);
    assert_eq!(digit_at(store, cell(0, 4)), None);
}

#[test]
fn a_growing_1_that_turns_out_no_digit_or_is_scratched_or_undone_leaves_no_step() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    // With a second stroke the ink reads as no digit: the 1 goes (Redo too), the ink stays.
    write_stroke(store, cell(0, 0));
    world.ink.read_as(1, 4);
    world.clock.advance(300.0);
    write_stroke(store, cell(0, 0));
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.3, best: 4, second: 7 }));
    world.clock.advance(GROW_MS as f64);
    assert_eq!((digit_at(store, cell(0, 0)), steps(store)), (None, 0));
    assert!(!store.game(|g| g.can_redo()));
    assert_eq!(store.pending().map(|p| (p.strokes.len(), p.declined)), Some((2, true)));
    // Scratched out while it may grow: the 1 and its ink go, no step left.
    write_stroke(store, cell(0, 2));
    world.ink.read_as(1, 4);
    draw(store, zigzag_in(cell(0, 2)));
    assert_eq!((digit_at(store, cell(0, 2)), steps(store)), (None, 0));
    assert_eq!(store.pending(), None);
    // Undone while it may grow: the ink goes with it, and nothing comes back when the wait ends.
    write_stroke(store, cell(0, 4));
    world.ink.read_as(1, 4);
    undo(store);
    assert_eq!(store.pending(), None, "its ink went with it");
    world.clock.advance(GROW_MS as f64);
    assert_eq!((digit_at(store, cell(0, 4)), store.pending()), (None, None));
}

#[test]
fn only_the_grow_timer_of_the_last_stroke_counts() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.clock.advance(900.0);
    write_stroke(store, cell(0, 0));
    world.ink.read_as(1, 7); // the first stroke alone: stale
    world.ink.read(Ok(Recognition::Digit { digit: 4, confidence: UNSURE - 0.1, second: 1, picture: 0.9 }));
    // The first stroke's timer falls due: the unsure 4 still waits for more.
    world.clock.advance(100.0);
    assert_eq!((digit_at(store, cell(0, 0)), store.pending().map(|p| p.strokes.len())), (None, Some(2)));
    world.clock.advance(f64::from(GROW_MS) - 100.0);
    assert_eq!((digit_at(store, cell(0, 0)), store.pending()), (Some(4), None), "placed when the last stroke's wait ends");
}

#[test]
fn a_stroke_only_its_path_reads_waits_for_the_next_one() {
    // The first stroke of a two-stroke 4 (down-left, then across) runs as a 2's foot: the path
    // reads a 2 with confidence, the picture does not back it. It waits; the second stroke makes
    // the 4, and no 2 was ever placed.
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.ink.read_by_path(2, 4, 0.05);
    assert_eq!(digit_at(store, cell(0, 0)), None, "a reading only the path backs may be half a digit");
    world.clock.advance(600.0);
    write_stroke(store, cell(0, 0));
    world.ink.read_as(4, 1);
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
    undo(store);
    assert_eq!(digit_at(store, cell(0, 0)), None, "one digit, one undo step");
    // With nothing after it, it is placed after GROW_MS, as the path read it.
    write_stroke(store, cell(0, 2));
    world.ink.read_by_path(8, 7, 0.1);
    assert_eq!(digit_at(store, cell(0, 2)), None);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(digit_at(store, cell(0, 2)), Some(8));
}

#[test]
fn a_lone_upright_is_placed_when_nothing_follows_or_the_pen_moves_on() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    let waiting = |c: Cell| store.with_pending(|p| p.as_ref().is_some_and(|p| p.cell == c));
    write_stroke(store, cell(0, 0));
    world.ink.read_as(1, 7);
    world.clock.advance(GROW_MS as f64 - 1.0);
    assert!(waiting(cell(0, 0)));
    world.clock.advance(1.0);
    assert!(!waiting(cell(0, 0)), "final once it could no longer grow");
    assert_eq!(digit_at(store, cell(0, 0)), Some(1));
    // The pen moving on makes it final at once, whether its answer is in or not.
    write_stroke(store, cell(0, 2));
    world.ink.read_as(1, 7);
    write_stroke(store, cell(0, 4));
    assert!(!waiting(cell(0, 2)));
    assert_eq!(digit_at(store, cell(0, 2)), Some(1));
    write_stroke(store, cell(0, 6));
    assert_eq!(digit_at(store, cell(0, 4)), None);
    world.ink.read_as(1, 7);
    assert_eq!(digit_at(store, cell(0, 4)), Some(1), "placed as soon as it was read");
}

#[test]
fn a_slow_stroke_after_the_digit_was_placed_finishes_it_instead_of_starting_another() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    // A 7, then its crossbar 700 ms later: read with the 7's stroke, still a 7, no new step.
    write_stroke(store, cell(0, 0));
    world.ink.read_as(7, 1);
    assert_eq!(digit_at(store, cell(0, 0)), Some(7));
    world.clock.advance(700.0);
    write_stroke(store, cell(0, 0));
    assert_eq!(world.ink.asked.borrow()[1].0.len(), 2, "read with the placed 7's stroke");
    assert_eq!(store.pending().map(|p| p.strokes.len()), Some(1), "only the new stroke is pending");
    world.ink.read_as(7, 2);
    assert_eq!(digit_at(store, cell(0, 0)), Some(7));
    assert_eq!(store.pending(), None);
    assert!(store.chip().is_some(), "the runner-up of the whole drawing offered");
    undo(store);
    assert_eq!(digit_at(store, cell(0, 0)), None);
    // A 3 read too early, and the stroke that makes it an 8: the 8 replaces it, nothing learned.
    write_stroke(store, cell(0, 2));
    world.ink.read_as(3, 5);
    world.clock.advance(600.0);
    write_stroke(store, cell(0, 2));
    world.ink.read_as(8, 3);
    assert_eq!(digit_at(store, cell(0, 2)), Some(8));
    assert!(store.hand(|h| h.samples.is_empty()), "the half drawing is not learned as a digit");
    undo(store);
    assert_eq!(digit_at(store, cell(0, 2)), None, "the 8 took the 3's undo step");
}

#[test]
fn a_stroke_that_does_not_finish_the_placed_digit_is_read_alone_as_a_rewrite() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.ink.read_as(5, 6);
    world.clock.advance(800.0);
    write_stroke(store, cell(0, 0));
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.3, best: 8, second: 6 }));
    assert_eq!(world.ink.asked.borrow()[2].0.len(), 1, "the new stroke read on its own");
    world.ink.read_as(6, 5);
    assert_eq!(digit_at(store, cell(0, 0)), Some(6));
    // Long after, a stroke in the cell is a drawing of its own.
    world.clock.advance(CONTINUE_MS + 1.0);
    write_stroke(store, cell(0, 0));
    assert_eq!(world.ink.asked.borrow()[3].0.len(), 1);
}

#[test]
fn ink_the_chip_and_late_answers_belong_to_their_game() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.ink.read_as(4, 9);
    assert!(store.chip().is_some());
    write_stroke(store, cell(0, 2));
    // Another game before r1c3's answer comes (the player said yes to replacing this one).
    new_game(store);
    assert_eq!(store.chip(), None, "the chip went with its game");
    assert_eq!(store.pending(), None);
    world.ink.read_as(6, 5);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(digit_at(store, cell(0, 2)), None, "an answer for the game before is dropped");
    // A rewrite in the new game is nobody's correction.
    write_stroke(store, cell(0, 0));
    world.ink.read_as(9, 4);
    assert!(store.hand(|h| h.samples.is_empty()));
}

#[test]
fn a_pick_on_the_chip_replaces_the_digit_in_one_undo_step_and_is_learned() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    world.ink.read_as(7, 1);
    choose(store, Digit::new(1).unwrap());
    assert_eq!(digit_at(store, cell(0, 0)), Some(1));
    assert_eq!(store.hand(|h| h.samples.iter().map(|s| s.value).collect::<Vec<_>>()), vec![1]);
    undo(store);
    assert_eq!(digit_at(store, cell(0, 0)), Some(7), "the pick is one undo step");
    undo(store);
    assert_eq!(digit_at(store, cell(0, 0)), None);
}

#[test]
fn ink_written_while_the_recognizer_loads_is_read_once_ready_in_one_piece() {
    let world = World::default();
    let app = start(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    assert_eq!(world.ink.starts.get(), 1, "the first stroke starts the recognizer");
    assert_eq!(store.state(), InkState::Loading);
    world.clock.advance(GROW_MS as f64);
    // The second stroke of the same digit, after the first one's idle time.
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    assert_eq!(world.ink.asked.borrow().len(), 0, "nothing is read before the recognizer is ready");
    world.ink.ready();
    assert_eq!(world.ink.asked.borrow().len(), 1, "read once, as soon as it is ready");
    assert_eq!(world.ink.asked.borrow()[0].0.len(), 2, "both strokes in one drawing");
    world.ink.read_as(4, 1);
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
}

#[test]
fn digits_written_on_along_a_row_while_the_recognizer_loads_are_all_placed() {
    // A player who writes at once after the page opens: three cells before the recognizer is
    // ready. Each cell's ink is whole when the pen moves on; none may be lost.
    let world = World::default();
    let app = start(&world);
    let store = &app;
    for col in [0, 2, 4] {
        write_stroke(store, cell(0, col));
    }
    assert_eq!(store.state(), InkState::Loading);
    assert_eq!(world.ink.asked.borrow().len(), 2, "the ink the pen moved on from is asked for at once");
    world.ink.ready();
    assert_eq!(world.ink.asked.borrow().len(), 3, "the last cell's ink is read once the recognizer is ready");
    world.ink.read_as(4, 1);
    world.ink.read_as(8, 3);
    world.ink.read_as(6, 5);
    assert_eq!([0, 2, 4].map(|col| digit_at(store, cell(0, col))), [Some(4), Some(8), Some(6)]);
}

#[test]
fn ink_the_pen_moved_on_from_twice_before_any_answer_came_is_all_placed() {
    // A busy recognizer: three cells written before the first answer comes. Each drawing the pen
    // moved on from is placed when its answer comes, the earlier ones too.
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    for col in [0, 2, 4] {
        write_stroke(store, cell(0, col));
    }
    pen_hovers(store, stroke_in(cell(0, 6))[0]);
    world.ink.read_as(4, 1);
    world.ink.read_as(8, 3);
    world.ink.read_as(6, 5);
    assert_eq!([0, 2, 4].map(|col| digit_at(store, cell(0, col))), [Some(4), Some(8), Some(6)]);
}

#[test]
fn the_pen_moving_on_to_another_cell_places_the_ink_it_left_at_once() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    write_stroke(store, cell(0, 2));
    assert_eq!(world.ink.asked.borrow().len(), 2, "each cell's ink read once");
    // r1c1's answer comes after r1c3's stroke ended: r1c1 is written, r1c3's ink stays to be read.
    world.ink.read_as(4, 1);
    assert_eq!(store.pending().map(|p| p.cell), Some(cell(0, 2)));
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
    world.ink.read_as(8, 3);
    assert_eq!(digit_at(store, cell(0, 2)), Some(8));
    // A hovering pen places ink that is waiting to grow.
    write_stroke(store, cell(0, 4));
    world.ink.read_as(1, 7);
    assert!(store.pending().is_some());
    pen_hovers(store, stroke_in(cell(0, 6))[0]);
    assert_eq!(store.pending(), None);
    assert_eq!(digit_at(store, cell(0, 4)), Some(1));
}

#[test]
fn an_answer_for_a_cell_written_in_since_is_dropped() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    // The player adds a stroke before the answer comes: the first answer no longer counts.
    write_stroke(store, cell(0, 0));
    world.ink.read_as(1, 7);
    assert_eq!(digit_at(store, cell(0, 0)), None);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(world.ink.asked.borrow()[1].0.len(), 2);
    world.ink.read_as(4, 1);
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
}

#[test]
fn declined_ink_stays_with_its_two_best_guesses_and_a_pick_writes_and_learns_it() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.4, best: 7, second: 1 }));
    // Unreadable ink may be unfinished: it waits for more before it is called declined.
    assert!(store.pending().is_some_and(|p| !p.declined));
    assert_eq!(store.chip(), None);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(digit_at(store, cell(0, 0)), None);
    assert!(store.pending().is_some_and(|p| p.declined), "the ink stays");
    assert_eq!(store.status(), store.t().ink_declined);
    let chip = store.chip().expect("a chip");
    assert_eq!(chip.choices, vec![Digit::new(7).unwrap(), Digit::new(1).unwrap()]);
    // Declined ink isn't read again when the pen hovers away.
    pen_hovers(store, stroke_in(cell(4, 4))[0]);
    assert_eq!(world.ink.waiting(), 0);
    choose(store, Digit::new(1).unwrap());
    assert_eq!(digit_at(store, cell(0, 0)), Some(1));
    assert_eq!(store.pending(), None);
    assert_eq!(store.hand(|h| h.samples.len()), 1);
}

#[test]
fn in_notes_mode_the_pen_toggles_the_note() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    store.session_mut(|s| s.set_mode(InputMode::Notes));
    for expected in [true, false] {
        world.clock.advance(CONTINUE_MS + 1.0);
        write_stroke(store, cell(0, 0));
        world.ink.read_as(3, 8);
        let noted = store.game(|g| g.board().pencil.notes[cell(0, 0).index()].contains(Digit::new(3).unwrap()));
        assert_eq!(noted, expected);
        assert_eq!(digit_at(store, cell(0, 0)), None);
    }
}

#[test]
fn in_notes_mode_a_slow_stroke_finishes_the_note_and_another_note_soon_after_is_its_own() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    store.session_mut(|s| s.set_mode(InputMode::Notes));
    // A 4's first stroke read as a confident 4, then its second stroke: still one note, 4.
    write_stroke(store, cell(0, 0));
    world.ink.read_as(4, 1);
    world.clock.advance(500.0);
    write_stroke(store, cell(0, 0));
    world.ink.read_as(4, 9);
    assert_eq!(notes_at(store, cell(0, 0)), vec![4]);
    // A 3's ink read as 8 once a stroke joined it: the 3 goes back and the 8 is noted, one step.
    write_stroke(store, cell(0, 2));
    world.ink.read_as(3, 8);
    write_stroke(store, cell(0, 2));
    world.ink.read_as(8, 3);
    assert_eq!(notes_at(store, cell(0, 2)), vec![8]);
    undo(store);
    assert_eq!(notes_at(store, cell(0, 2)), vec![3]);
    // Another note soon after, beside the first: noted on its own, never read with it.
    write_stroke(store, cell(0, 6));
    world.ink.read_as(2, 7);
    draw(store, stroke_in(cell(0, 6)).into_iter().map(|[x, y, p]| [x + 0.3 / 9.0, y, p]).collect());
    assert_eq!(world.ink.asked.borrow().last().unwrap().0.len(), 1);
    world.ink.read_as(5, 6);
    assert_eq!(notes_at(store, cell(0, 6)), vec![2, 5]);
    // Another note soon after, over the first, which doesn't read with it: noted on its own.
    write_stroke(store, cell(0, 4));
    world.ink.read_as(2, 7);
    world.clock.advance(300.0);
    write_stroke(store, cell(0, 4));
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.4, best: 2, second: 7 }));
    world.ink.read_as(7, 2);
    assert_eq!(notes_at(store, cell(0, 4)), vec![2, 7]);
}

#[test]
fn a_failing_ink_worker_drops_the_ink_and_says_so_and_a_restarted_one_is_taught_again() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    assert_eq!(*world.ink.taught.borrow(), vec![0], "taught the (empty) hand when it started");
    // A correction is kept, then the worker crashes while reading.
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    world.ink.read_as(7, 1);
    choose(store, Digit::new(1).unwrap());
    write_stroke(store, cell(0, 2));
    world.clock.advance(GROW_MS as f64);
    world.ink.read(Err("the ink worker stopped".into()));
    world.ink.status(InkStatus::Crashed);
    assert_eq!(store.status(), store.t().ink_failed);
    assert_eq!(store.pending(), None);
    assert_eq!(digit_at(store, cell(0, 2)), None);
    assert_eq!(store.state(), InkState::Unloaded);
    // The next stroke starts it again, with the player's drawing.
    write_stroke(store, cell(0, 2));
    assert_eq!(world.ink.starts.get(), 2);
    assert_eq!(*world.ink.taught.borrow(), vec![0, 1]);
}

#[test]
fn a_recognizer_that_cannot_load_turns_writing_off_in_plain_words() {
    let world = World::default();
    let app = start(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    world.ink.unavailable("WebAssembly is off");
    assert_eq!(store.pending(), None);
    assert_eq!(store.status(), store.t().ink_unavailable);
    store.set_status(String::new());
    // Offline (the line that dropped is still down): writing stays off, and it is not tried.
    world.device.offline.set(true);
    write_stroke(store, cell(0, 2));
    assert_eq!(store.status(), store.t().ink_unavailable);
    assert_eq!((world.ink.asked.borrow().len(), world.ink.starts.get()), (0, 1));
}

#[test]
fn after_a_dropped_line_the_recognizer_is_tried_again_at_the_next_pen_down_once_online() {
    let world = World::default();
    let app = start(&world);
    let store = &app;
    world.device.offline.set(true);
    write_stroke(store, cell(0, 0));
    world.ink.unavailable("Failed to fetch");
    assert_eq!((store.state(), store.pending()), (InkState::Unavailable("Failed to fetch".into()), None));
    // Back online: the next pen-down loads it again, and what the pen writes then is read.
    world.device.offline.set(false);
    write_stroke(store, cell(0, 2));
    assert_eq!((world.ink.starts.get(), store.state()), (2, InkState::Loading));
    world.ink.ready();
    world.ink.read_as(4, 9);
    assert_eq!(digit_at(store, cell(0, 2)), Some(4));
    // Failing again, it says so again, and the ink goes.
    write_stroke(store, cell(0, 4));
    world.ink.status(InkStatus::Crashed);
    write_stroke(store, cell(0, 6));
    world.ink.unavailable("Failed to fetch");
    assert_eq!((store.status(), store.pending()), (store.t().ink_unavailable.to_string(), None));
}

#[test]
fn a_given_cannot_be_written_over() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 1));
    world.clock.advance(GROW_MS as f64);
    assert_eq!(world.ink.asked.borrow().len(), 0);
    assert_eq!(store.status(), store.t().given_cannot_change);
}

#[test]
fn a_scratch_out_erases_the_digit_says_which_and_undo_brings_it_back() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    world.ink.read_as(4, 9);
    let zigzag = zigzag_in(cell(0, 0));
    assert!(geometry::is_scratch_out(Size::Nine, &zigzag));
    stroke_begins(store, zigzag[0]);
    finish_drawing(store, zigzag);
    assert_eq!(digit_at(store, cell(0, 0)), None);
    assert_eq!(store.status(), "Scratched out 4 in r1c1: Undo brings it back.");
    assert_eq!(world.ink.asked.borrow().len(), 1, "a scratch-out is never read as a digit");
    undo(store);
    assert_eq!(digit_at(store, cell(0, 0)), Some(4));
}

#[test]
fn the_eraser_erases_the_digits_it_crosses() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    for (c, d) in [(cell(0, 0), 4), (cell(0, 2), 8)] {
        write_stroke(store, c);
        world.clock.advance(GROW_MS as f64);
        world.ink.read_as(d, 1);
    }
    let row = 0.5 / 9.0;
    finish_erasing(store, (0..30).map(|i| [i as f32 / 90.0, row, 0.5]).collect());
    assert_eq!((digit_at(store, cell(0, 0)), digit_at(store, cell(0, 2))), (None, None));
    undo(store);
    assert_eq!((digit_at(store, cell(0, 0)), digit_at(store, cell(0, 2))), (Some(4), Some(8)));
}

#[test]
fn scratchpad_ink_is_kept_clipped_to_the_board_and_never_read() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    store.session_mut(|s| s.set_mode(InputMode::Scratchpad));
    let mut points = stroke_in(cell(8, 8));
    points.push([1.02, 0.99, 0.5]);
    finish_drawing(store, points);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(world.ink.asked.borrow().len(), 0);
    let ink = store.game(|g| g.board().ink.clone());
    assert_eq!(ink.len(), 1);
    assert!(ink[0].points.iter().all(|p| p[0] <= 1.0 && p[1] <= 1.0));
}

#[test]
fn a_short_last_stroke_joins_the_digit_and_a_tap_never_leaves_ink_unread() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    // A 1 with a base: the base is shorter than a tap's limit (a fifth of a cell).
    write_stroke(store, cell(0, 0));
    let base: Vec<Point> = (0..5).map(|i| [(0.42 + i as f32 * 0.04) / 9.0, 0.9 / 9.0, 0.5]).collect();
    assert!(geometry::is_tap(Size::Nine, &base, Some(100.0)));
    stroke_begins(store, base[0]);
    finish_drawing(store, base);
    assert_eq!(world.ink.asked.borrow().len(), 2);
    assert_eq!(world.ink.asked.borrow()[1].0.len(), 2, "the base is part of the drawing");
    world.ink.read_as(1, 7); // the upright alone: stale
    assert_eq!(digit_at(store, cell(0, 0)), None);
    world.ink.read_as(1, 7);
    assert_eq!(digit_at(store, cell(0, 0)), Some(1), "a 1 with its base is complete");
    // A real tap (a dot) in a cell whose ink waits: it selects, and the ink is still placed.
    write_stroke(store, cell(0, 2));
    world.ink.read_as(1, 7);
    let dot = vec![[2.5 / 9.0, 0.5 / 9.0, 0.5]; 3];
    stroke_begins(store, dot[0]);
    finish_drawing(store, dot);
    assert_eq!(store.selected(), Some(cell(0, 2)));
    assert!(store.pending().is_some(), "the 1 may still grow");
    world.clock.advance(GROW_MS as f64);
    assert_eq!(store.pending(), None, "final once it could no longer grow");
    assert_eq!(digit_at(store, cell(0, 2)), Some(1));
}

#[test]
fn the_digit_that_wins_the_game_gets_no_chip() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    // Every cell but r1c1 from the solution; the pen writes the last one.
    let solution = store.game(|g| g.solution().cloned().expect("a solution"));
    for c in Size::Nine.cells().filter(|&c| c != cell(0, 0)) {
        if store.game(|g| g.digit(c).is_none()) {
            write(store, c, solution.get(c).unwrap());
        }
    }
    write_stroke(store, cell(0, 0));
    world.clock.advance(GROW_MS as f64);
    world.ink.read_as(solution.get(cell(0, 0)).unwrap().get(), 1);
    assert!(store.game(|g| g.is_solved()));
    assert_eq!(store.chip(), None);
}

/// A dash across mark place `place` (0 = top left of 3x3) of `c`, grid coordinates.
fn dash_in(c: Cell, place: usize) -> Vec<Point> {
    let (row, col) = ((c.index() / 9) as f32, (c.index() % 9) as f32);
    let (px, py) = ((place % 3) as f32 / 3.0, (place / 3) as f32 / 3.0 + 1.0 / 6.0);
    (0..8).map(|i| [(col + px + 0.03 + i as f32 * 0.04) / 9.0, (row + py + i as f32 * 0.002) / 9.0, 0.5]).collect()
}

fn draw(store: &App, points: Vec<Point>) {
    stroke_begins(store, points[0]);
    finish_drawing(store, points);
}

fn notes_at(store: &App, c: Cell) -> Vec<u8> {
    store.game(|g| g.board().pencil.notes[c.index()].iter().map(Digit::get).collect())
}

#[test]
fn a_dash_across_a_note_strikes_it_out_in_one_undo_step_and_says_so() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    for d in [2, 5, 8] {
        apply(store, Action::ToggleNote { cell: cell(0, 0), digit: Digit::new(d).unwrap() });
    }
    draw(store, dash_in(cell(0, 0), 4));
    // The recognizer declines a dash; whatever it says, a lone dash waits for a second stroke.
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.3, best: 1, second: 7 }));
    assert_eq!(notes_at(store, cell(0, 0)), vec![2, 5, 8]);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(notes_at(store, cell(0, 0)), vec![2, 8]);
    assert_eq!(store.status(), "Struck out 5 in r1c1: Undo brings it back.");
    assert_eq!(store.pending(), None);
    assert_eq!(store.chip(), None);
    undo(store);
    assert_eq!(notes_at(store, cell(0, 0)), vec![2, 5, 8]);
    // A dash over a place with no mark is not a strike: it stays ink for the player to fix.
    draw(store, dash_in(cell(0, 0), 0));
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.3, best: 1, second: 7 }));
    world.clock.advance(GROW_MS as f64);
    assert_eq!(notes_at(store, cell(0, 0)), vec![2, 5, 8]);
    assert!(store.pending().is_some_and(|p| p.declined));
}

#[test]
fn a_shown_candidate_is_struck_out_too_and_digits_over_notes_are_still_digits() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    store.settings_mut(|s| s.show_candidates = true);
    let shown = store.game(|g| g.candidates()[cell(0, 0).index()]);
    let first = shown.iter().next().unwrap();
    draw(store, dash_in(cell(0, 0), first.index()));
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.3, best: 1, second: 7 }));
    world.clock.advance(GROW_MS as f64);
    let after = store.game(|g| g.candidates()[cell(0, 0).index()]);
    assert!(!after.contains(first) && after.len() + 1 == shown.len(), "{shown:?} -> {after:?}");
    // A 7 written as its bar first, then the stem: one digit, no strike.
    let left = store.game(|g| g.candidates()[cell(0, 2).index()]);
    let bar = dash_in(cell(0, 2), left.iter().next().unwrap().index());
    draw(store, bar);
    world.ink.read(Ok(Recognition::Declined { declined: true, confidence: 0.3, best: 1, second: 7 }));
    world.clock.advance(400.0);
    write_stroke(store, cell(0, 2));
    world.ink.read_as(7, 1);
    assert_eq!(digit_at(store, cell(0, 2)), Some(7));
    assert_eq!(store.game(|g| g.candidates()[cell(0, 2).index()]), DigitSet::EMPTY);
    // A 1 over notes is a 1.
    apply(store, Action::ToggleNote { cell: cell(0, 4), digit: Digit::new(1).unwrap() });
    write_stroke(store, cell(0, 4));
    world.ink.read_as(1, 7);
    world.clock.advance(GROW_MS as f64);
    assert_eq!(digit_at(store, cell(0, 4)), Some(1));
}

#[test]
fn going_up_a_column_the_chip_sits_below_the_cell_over_the_digit_just_written() {
    let world = World::default();
    let app = ready(&world);
    let store = &app;
    let going_up = || store.chip().expect("a chip").going_up;
    // r6c5, then r5c5 and r4c5 above it: going up; then r4c6 beside it: not.
    write_stroke(store, cell(5, 4));
    world.ink.read_as(4, 9);
    assert!(!going_up(), "the first digit");
    for (row, col, up) in [(4, 4, true), (3, 4, true), (3, 5, false), (4, 5, false)] {
        write_stroke(store, cell(row, col));
        world.ink.read_as(4, 9);
        assert_eq!(digit_at(store, cell(row, col)), Some(4));
        assert_eq!(going_up(), up, "r{}c{}", row + 1, col + 1);
    }
}
