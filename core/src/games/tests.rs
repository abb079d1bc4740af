//! The games natively, on the ports' fakes: a game started and won with its best time, a kept
//! game resumed, a puzzle typed in and cancelled, the play clock, a reload.

use super::*;
use crate::i18n::{Lang, ui};
use crate::ports::KeyValue as _;
use crate::ports::fakes::World;
use crate::session::{self, Input as Play};
use crate::storage::{BEST_KEY, BestTimes, GAMES_KEPT};
use inkdoku_engine::format::line;
use inkdoku_engine::rating::Level;
use inkdoku_engine::{Cell, Digit};

/// Easy 9x9 (seed 7), as the app's tests and the e2e tests open it.
const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";
/// Another Easy puzzle.
const OTHER: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The games, the session beside them and the dialog the app would show.
struct Table {
    world: World,
    ports: Ports,
    games: Games,
    session: Session,
    dialog: Option<Dialog>,
}

impl Table {
    fn new() -> Table {
        let world = World::default();
        let ports = world.ports();
        Table { world, ports, games: Games::new(GameMeta::new(None, None)), session: Session::new(blank()), dialog: None }
    }

    fn input(&mut self, input: Input) -> Outcome {
        let ctx = Context { ports: &self.ports, ui: ui(Lang::En) };
        let out = self.games.input(input, &mut self.session, &ctx);
        for effect in &out.effects {
            if let Effect::Dialog(d) = effect {
                self.dialog = Some(*d.clone());
            }
        }
        out
    }

    /// A game goes on the board as the app starts one: the one before kept aside first.
    fn start(&mut self, puzzle: &str, meta: GameMeta) {
        self.input(Input::Leave);
        self.input(Input::Start { game: game(puzzle), meta });
    }

    /// Places the solution's digit in the first empty cell; the session's effects.
    fn play_one(&mut self) -> Vec<session::Effect> {
        let g = self.session.game();
        let solution = g.solution().cloned().expect("a solution");
        let cell = (0..81).map(Cell::new).find(|&c| g.digit(c).is_none()).expect("an empty cell");
        let ctx = session::Context { won: self.games.meta().won, ..session::Context::alone() };
        self.session.select(Some(cell));
        self.session.input(Play::Pad(solution.get(cell).unwrap()), &ctx).effects
    }

    /// Plays to the win as the app does: the session's `Won` is the games' input.
    fn play_to_the_win(&mut self) {
        loop {
            if self.play_one().contains(&session::Effect::Won) {
                self.input(Input::Won { together: None });
                return;
            }
        }
    }

    fn kept(&self) -> Vec<Game> {
        storage::load_kept(&self.ports).games.into_iter().map(|g| g.game).collect()
    }
}

fn blank() -> Game {
    Game::new(Grid::new(Size::Nine), None)
}

fn game(puzzle: &str) -> Game {
    let givens = line::parse(puzzle).unwrap();
    let solution = inkdoku_engine::solver::solutions(&givens, 2).remove(0);
    Game::new(givens, Some(solution))
}

fn easy() -> GameMeta {
    GameMeta::new(Some(Level::Easy), Some(7))
}

#[test]
fn a_game_started_and_won_by_hand_keeps_its_best_time_and_only_a_faster_one_beats_it() {
    let mut t = Table::new();
    for (time, best_before, new_best, best) in
        [(90_000, None, true, 90_000), (120_000, Some(90_000), false, 90_000), (60_000, Some(90_000), true, 60_000)]
    {
        let out = t.input(Input::Start { game: game(PUZZLE), meta: GameMeta { elapsed_ms: time, ..easy() } });
        assert!(out.changed.meta && out.changed.elapsed && out.effects == vec![Effect::Replaced, Effect::Changed]);
        assert_eq!(*t.games.elapsed_ms(), time, "played from the meta's time");
        t.play_to_the_win();
        assert_eq!(t.dialog, Some(Dialog::Won { time_ms: time, best_ms: best_before, new_best, together: None }));
        assert!(t.games.meta().won, "said once");
        assert_eq!(t.session.selected(), None, "nothing to write in");
        let stored: BestTimes = serde_json::from_str(&t.world.storage.get(BEST_KEY).unwrap()).unwrap();
        assert_eq!(stored.values().copied().collect::<Vec<_>>(), vec![best]);
    }
    // Solved together: no best time (the time is the room's).
    t.world.storage.remove(BEST_KEY);
    t.input(Input::Start { game: game(PUZZLE), meta: easy() });
    t.input(Input::Won { together: Some(false) });
    assert_eq!(t.dialog, Some(Dialog::Won { time_ms: 0, best_ms: None, new_best: false, together: Some(false) }));
    assert_eq!(t.world.storage.get(BEST_KEY), None, "a room's solve is no best time");
}

#[test]
fn a_game_in_progress_is_kept_when_another_replaces_it_and_comes_back_as_it_was() {
    let mut t = Table::new();
    t.start(PUZZLE, easy());
    t.input(Input::Leave);
    assert!(t.kept().is_empty(), "no move yet: nothing to keep");
    t.play_one();
    t.play_one();
    t.input(Input::Tick { delta_ms: 250, visible: true, dialog: false });
    let left = t.session.game().clone();
    t.start(OTHER, easy());
    assert_eq!(t.kept(), vec![left.clone()]);
    t.play_one();
    let other = t.session.game().clone();
    // Resumed from New game: it leaves the list, the game on the board (in progress) joins it.
    let (chosen, written) = take_kept(&t.ports, 0).expect("kept");
    assert!(written);
    t.start_kept(chosen);
    assert_eq!(*t.session.game(), left, "its moves are back");
    assert_eq!(*t.games.elapsed_ms(), 250, "and its time");
    assert_eq!(t.kept(), vec![other]);
    assert_eq!(take_kept(&t.ports, 1), None, "no such game");
    // A puzzle is kept once, as last played; the newest few only.
    t.play_one();
    t.start(OTHER, easy());
    t.start(PUZZLE, easy());
    assert_eq!(t.kept().iter().filter(|g| g.givens() == left.givens()).map(|g| g.applied()).collect::<Vec<_>>(), vec![3]);
    let mut puzzles = vec![];
    for seed in 0..GAMES_KEPT as u64 + 1 {
        let shifted: String =
            PUZZLE.chars().map(|c| if c == '.' { c } else { char::from(b'1' + (c as u8 - b'1' + seed as u8 + 1) % 9) }).collect();
        t.start(&shifted, easy());
        t.play_one();
        puzzles.insert(0, t.session.game().clone());
    }
    t.input(Input::Leave);
    assert_eq!(t.kept(), puzzles[..GAMES_KEPT].to_vec(), "the newest, newest first");
}

impl Table {
    fn start_kept(&mut self, chosen: StoredGame) {
        self.input(Input::Leave);
        self.input(Input::Start { game: chosen.game, meta: chosen.meta });
    }
}

#[test]
fn a_game_that_cannot_be_kept_is_said_in_a_dialog() {
    let mut t = Table::new();
    t.start(PUZZLE, easy());
    t.play_one();
    t.world.storage.full.set(true);
    let out = t.input(Input::Leave);
    let Some(Effect::Dialog(dialog)) = out.effects.first() else { panic!("{out:?}") };
    let Dialog::Message { text, .. } = &**dialog else { panic!("{dialog:?}") };
    assert!(text.contains("could not be saved") && text.contains("storage for this site is full"), "{text}");
}

#[test]
fn a_puzzle_typed_in_then_cancelled_brings_back_the_game_before_as_it_was() {
    let mut t = Table::new();
    t.start(PUZZLE, GameMeta { elapsed_ms: 5_000, ..easy() });
    t.play_one();
    let before = t.session.game().clone();
    t.session.select(Some(Cell::new(3)));
    let out = t.input(Input::StartEntering { size: Size::Nine });
    assert_eq!(*t.games.phase(), Phase::Enter);
    assert!(out.changed.phase && out.changed.before_enter);
    assert_eq!(t.session.game().grid().filled_count(), 0, "an empty board to type on");
    assert_eq!(t.games.meta().level, None);
    // Digits typed, then Cancel.
    t.session.select(Some(Cell::new(0)));
    t.session.input(Play::Pad(Digit::new(1).unwrap()), &session::Context { playing: false, ..session::Context::alone() });
    t.input(Input::Tick { delta_ms: 250, visible: true, dialog: false });
    assert_eq!(*t.games.elapsed_ms(), 0, "no play clock while typing in");
    let out = t.input(Input::CancelEntering);
    assert_eq!(out.effects, vec![Effect::Replaced, Effect::Changed]);
    assert_eq!(*t.games.phase(), Phase::Play);
    assert_eq!(*t.session.game(), before, "the game before, its moves and all");
    assert_eq!((*t.games.elapsed_ms(), t.games.meta().level), (5_000, Some(Level::Easy)), "and its meta");
    assert_eq!(*t.games.before_enter(), None);
    assert!(t.kept().is_empty(), "typing in kept nothing aside: the game came back");
    // Done instead of Cancel: the typed-in puzzle is played, the game before let go.
    t.input(Input::StartEntering { size: Size::Nine });
    t.start(OTHER, easy());
    t.input(Input::Entered);
    assert_eq!((*t.games.phase(), t.games.before_enter().is_none()), (Phase::Play, true));
}

#[test]
fn the_play_clock_counts_only_while_the_game_is_on_show_and_asks_for_a_save_when_due() {
    let mut t = Table::new();
    let tick = |t: &mut Table, dialog| t.input(Input::Tick { delta_ms: 250, visible: true, dialog });
    assert!(!tick(&mut t, false).changed.elapsed, "no puzzle yet");
    t.start(PUZZLE, easy());
    for _ in 0..59 {
        assert!(tick(&mut t, false).effects.is_empty());
    }
    assert_eq!(*t.games.elapsed_ms(), 14_750);
    tick(&mut t, true);
    assert_eq!(*t.games.elapsed_ms(), 14_750, "stands under a dialog");
    assert_eq!(tick(&mut t, false).effects, vec![Effect::Save], "15 s: saved");
    assert_eq!(t.games.record(t.session.game()).meta.elapsed_ms, 15_000, "the record has the live time");
    assert_eq!(t.games.meta().elapsed_ms, 0, "the meta's time is the saved one");
}

#[test]
fn a_reload_shows_the_stored_game_and_keeps_the_selection() {
    let mut t = Table::new();
    t.start(PUZZLE, easy());
    t.session.select(Some(Cell::new(4)));
    t.play_one();
    let record = t.games.record(t.session.game());
    t.start(OTHER, easy());
    t.session.select(Some(Cell::new(4)));
    let out = t.input(Input::Reloaded(record.clone()));
    assert_eq!(out.effects, vec![Effect::Replaced, Effect::Changed]);
    assert_eq!((t.session.game(), t.games.meta()), (&record.game, &record.meta));
    assert_eq!(t.session.selected(), Some(Cell::new(4)));
}

#[test]
fn a_room_s_record_and_a_grade_change_the_game_for_autosave_and_the_room_s_play_time_does_not() {
    let mut t = Table::new();
    t.start(PUZZLE, easy());
    let replica = inkdoku_engine::together::Replica::new(2, t.session.game().givens().clone()).saved();
    let saved = SavedTogether { key: "k".into(), number: 2, replica };
    let out = t.input(Input::Room(Some(saved.clone())));
    assert_eq!((out.changed.meta, &out.effects[..]), (true, &[Effect::Changed][..]));
    assert_eq!(t.games.meta().together, Some(saved));
    assert_eq!(t.games.record(t.session.game()).meta.together.map(|s| s.number), Some(2), "saved with the game");
    let out = t.input(Input::Graded(Level::Hard));
    assert_eq!((t.games.meta().level, &out.effects[..]), (Some(Level::Hard), &[Effect::Changed][..]));
    // The room's longest play time: on show and in the record, but no change to save at once
    // (the clock's ticks are none either: its marks save).
    let out = t.input(Input::PlayTime(80_000));
    assert_eq!((out.changed.elapsed, out.changed.meta, out.effects.is_empty()), (true, false, true));
    assert_eq!(t.games.record(t.session.game()).meta.elapsed_ms, 80_000);
    let out = t.input(Input::Room(None));
    assert_eq!((t.games.meta().together.is_none(), &out.effects[..]), (true, &[Effect::Changed][..]));
    // The win changes the record too (it is saved won).
    while !t.session.game().is_solved() {
        t.play_one();
    }
    let out = t.input(Input::Won { together: None });
    assert!(out.effects.contains(&Effect::Changed), "{out:?}");
}

/// The premade book served beside the page.
const BOOK: &str = include_str!("../../../static/first-puzzles.txt");

#[test]
fn a_first_visits_puzzle_is_the_books_of_the_level_asked_for_drawn_among_them_else_the_worker_makes_it() {
    let first = |text: Result<&str, &str>, began, size, level, draw| {
        first_puzzle(text.map(str::to_string).map_err(str::to_string), began, size, level, || draw)
    };
    let book = inkdoku_engine::book::parse(BOOK).unwrap();
    for level in [Level::Easy, Level::Hard] {
        let FirstPuzzle::Premade { game, meta } = first(Ok(BOOK), false, Size::Nine, level, 0) else { panic!("{level:?}") };
        let entry = book.iter().find(|e| e.puzzle == *game.givens()).expect("a puzzle of the book");
        assert_eq!((entry.puzzle.size(), entry.level, game.solution()), (Size::Nine, level, Some(&entry.solution)));
        assert_eq!((meta.level, meta.seed), (Some(level), Some(entry.seed)));
    }
    // The draw picks among the book's puzzles of that size and level.
    let drawn: std::collections::BTreeSet<_> = (0..3)
        .map(|draw| match first(Ok(BOOK), false, Size::Nine, Level::Easy, draw) {
            FirstPuzzle::Premade { game, .. } => game.givens().to_line(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(drawn.len(), 3, "three draws, the book's three 9x9 Easy puzzles");
    // Without a readable book, or without that size and level, the worker makes it.
    let only_4x4: String = BOOK.lines().filter(|l| l.starts_with('#') || l.len() < 40).collect::<Vec<_>>().join("\n");
    let damaged = BOOK.replacen(" Easy ", " Easiest ", 1);
    for text in [Err("first-puzzles.txt: status 404"), Ok("<!DOCTYPE html>"), Ok(&damaged[..]), Ok(&only_4x4[..])] {
        assert!(matches!(first(text, false, Size::Nine, Level::Medium, 0), FirstPuzzle::Make(why) if !why.is_empty()), "{text:?}");
    }
    assert!(matches!(first(Ok(BOOK), false, Size::Six, Level::Easy, 0), FirstPuzzle::Make(_)), "no 6x6 in the book");
    // The player began something meanwhile: nothing replaces it, nothing is drawn.
    let began = first_puzzle(Ok(BOOK.into()), true, Size::Nine, Level::Easy, || panic!("drawn"));
    assert_eq!(began, FirstPuzzle::Began);
}

#[test]
fn start_asks_before_a_game_in_progress_goes_when_the_settings_say_so_else_makes_the_puzzle() {
    let asking = Settings::default();
    assert!(asking.confirm_new_game, "asking is the default");
    let mut played = game(PUZZLE);
    assert_eq!(start_clicked(&played, &asking), None, "no move yet: nothing to lose");
    played
        .apply(inkdoku_engine::game::Action::Place { cell: Cell::new(0), digit: Digit::new(1).unwrap(), clear_peer_notes: true })
        .unwrap();
    assert_eq!(start_clicked(&played, &asking), Some(Dialog::ConfirmDiscard), "a move would be lost: asked first");
    let trusting = Settings { confirm_new_game: false, ..asking.clone() };
    assert_eq!(start_clicked(&played, &trusting), None, "the player said not to ask");
}
