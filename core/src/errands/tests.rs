//! The errands natively: each request answered by the engine's own protocol handler (as the
//! worker runs it), or by hand to test staleness, Cancel and failures; the effects carried out
//! on a core `Session` as the app's controller carries them out on its store.

use super::*;
use crate::i18n::{fill, ui};
use crate::session::{self, Session};
use crate::state::Brush;
use inkdoku_engine::Size;
use inkdoku_engine::format::line;
use inkdoku_engine::game::Check;

/// Easy 9x9 (seed 7), as the app's tests and the e2e tests open it.
const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

/// The app around the errands, as far as they need one: the session's game, the meta, the
/// settings, the dialog and the status line, and the requests sent and not yet answered.
struct Desk {
    errands: Errands,
    session: Session,
    meta: GameMeta,
    settings: Settings,
    dialog: Option<Dialog>,
    playing: bool,
    lang: Lang,
    status: String,
    console: Vec<String>,
    asked: Vec<(u32, Task)>,
    cancelled: usize,
    /// The print set laid out, once made.
    printed: Option<crate::state::PrintSet>,
    /// The puzzles a reading gave the app to open, with their notes (`Effect::Open`).
    opened: Vec<(SharedPuzzle, Option<Dialog>)>,
    /// Premade first puzzles asked for (`Effect::FirstPuzzle`).
    premade: usize,
}

impl Desk {
    fn new(game: Game, lang: Lang) -> Desk {
        Desk {
            errands: Errands::default(),
            session: Session::new(game),
            meta: GameMeta::new(None, None),
            settings: Settings::default(),
            dialog: None,
            playing: true,
            lang,
            status: String::new(),
            console: Vec::new(),
            asked: Vec::new(),
            cancelled: 0,
            printed: None,
            opened: Vec::new(),
            premade: 0,
        }
    }

    /// A classic puzzle with its solution.
    fn classic(puzzle: &str, lang: Lang) -> Desk {
        let grid = line::parse(puzzle).unwrap();
        let solution = inkdoku_engine::solver::solutions(&grid, 2).remove(0);
        Desk::new(Game::new(grid, Some(solution)), lang)
    }

    /// Takes an input and carries out its effects as `controller::errand` does.
    fn input(&mut self, input: Input) -> Vec<Effect> {
        let ctx = Context {
            game: self.session.game(),
            meta: &self.meta,
            settings: &self.settings,
            selected: self.session.selected(),
            dialog: self.dialog.as_ref(),
            playing: self.playing,
            lang: self.lang,
        };
        let effects = self.errands.input(input, &ctx).effects;
        for effect in effects.clone() {
            self.carry_out(effect);
        }
        effects
    }

    fn carry_out(&mut self, effect: Effect) {
        match effect {
            Effect::Ask { token, task } => self.asked.push((token, task)),
            Effect::ShowWaitLater { .. } | Effect::ResumeKept(_) | Effect::Entered | Effect::LinkOpened | Effect::MakeInstead => {}
            Effect::Graded(level) => self.meta.level = Some(level),
            Effect::Print(set) => self.printed = Some(set),
            Effect::Open { shared, note } => self.opened.push((*shared, note)),
            Effect::FirstPuzzle => self.premade += 1,
            Effect::CancelAll => {
                self.cancelled += 1;
                self.asked.clear();
            }
            Effect::Say(text) => self.status = text,
            Effect::Console(text) => self.console.push(text),
            Effect::Apply { action, said } => {
                if self.apply(action)
                    && !self.session.game().is_solved()
                    && let Some(said) = said
                {
                    self.status = said;
                }
            }
            Effect::StartGame { game, meta } => {
                self.session.set_game(*game);
                self.session.deselect();
                self.meta = meta;
                self.input(Input::GameStarted);
            }
            Effect::Dialog(dialog) => self.dialog = dialog,
            Effect::CloseNewGame => {
                if self.dialog == Some(Dialog::NewGame) {
                    self.dialog = None;
                }
            }
        }
    }

    /// An action on the session's game, as the app's `controller::apply`: a changed board takes
    /// the marks and the status line away.
    fn apply(&mut self, action: Action) -> bool {
        let ctx = session::Context {
            may_write: true,
            shared: false,
            playing: self.playing,
            won: self.meta.won,
            auto_clear_notes: true,
            brush: Brush { colour: 1, candidates: false },
        };
        let outcome = self.session.input(session::Input::Apply(action), &ctx);
        if outcome.effects.contains(&session::Effect::Won) {
            self.meta.won = true;
        }
        let changed = outcome.board_changed();
        if changed {
            self.input(Input::ClearHighlights);
            self.status.clear();
        }
        changed
    }

    /// The request sent last.
    fn last(&self) -> u32 {
        self.asked.last().expect("a request").0
    }

    /// Answers request `token` as the engine worker does (progress messages included).
    fn answer_truly(&mut self, token: u32) {
        let at = self.asked.iter().position(|(t, _)| *t == token).expect("the request is out");
        let (_, task) = self.asked.remove(at);
        let text = inkdoku_engine::protocol::encode(&inkdoku_engine::protocol::Request { id: token, task });
        let mut replies = Vec::new();
        let last = inkdoku_engine::protocol::handle(&text, &mut |r| replies.push(r));
        replies.push(last);
        for reply in replies {
            self.input(Input::Replied { token, reply });
        }
    }

    fn hint(&self) -> Option<inkdoku_engine::step::Step> {
        self.errands.highlights().hint.clone()
    }

    fn write(&mut self, cell: inkdoku_engine::Cell, digit: inkdoku_engine::Digit) {
        self.apply(Action::Place { cell, digit, clear_peer_notes: true });
    }

    /// Places a digit the solution has in the first empty cell.
    fn play_one(&mut self) {
        let g = self.session.game();
        let cell = g.size().cells().find(|&c| g.digit(c).is_none()).expect("an empty cell");
        let digit = g.solution().and_then(|s| s.get(cell)).expect("solved");
        self.write(cell, digit);
    }
}

/// Presses Hint and Apply until the game is won, each hint answered by the engine's own protocol
/// handler: every hint is new and every Apply changes the board and logs its sentence. Returns
/// how many hints were applied and how many of them only removed candidates.
fn follow_hints_to_the_win(desk: &mut Desk) -> (usize, usize) {
    let (mut steps, mut eliminations) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    while !desk.session.game().is_solved() {
        desk.input(Input::Hint);
        assert_eq!(desk.status, ui(desk.lang).looking_for_hint);
        assert!(desk.errands.waiting().is_some(), "the player waits");
        desk.answer_truly(desk.last());
        assert_eq!(desk.errands.waiting(), None, "answered: the wait is over");
        let Some(step) = desk.hint() else { panic!("a step after {steps} steps: {}", desk.status) };
        // Its words came with it, made in the worker in the player's language: said, then logged.
        let words = desk.errands.highlights().hint_words.clone().expect("the step's words");
        assert!(!words.sentence.is_empty());
        assert_eq!(desk.status, words.sentence, "the step is said");
        assert!(seen.insert(format!("{step:?}")), "the same hint came back after {steps} steps");
        eliminations += usize::from(step.placements.is_empty());
        let before = (desk.session.game().grid(), desk.session.game().candidates());
        desk.input(Input::ApplyHint);
        assert_ne!((desk.session.game().grid(), desk.session.game().candidates()), before, "applying changed the board");
        assert_eq!(desk.hint(), None, "the applied hint's card goes");
        steps += 1;
        assert_eq!(desk.errands.log().len(), steps, "each applied hint is logged");
        assert_eq!(desk.errands.log().last(), Some(&words.sentence), "with its sentence");
        assert!(steps < 400);
    }
    assert!(desk.meta.won && desk.session.game().helped(), "won, with help");
    (steps, eliminations)
}

#[test]
fn hints_asked_answered_and_applied_win_the_game_and_are_logged() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let (steps, _) = follow_hints_to_the_win(&mut desk);
    assert!(steps >= 5, "{steps} hints");
    // Solved: Hint asks nothing.
    assert_eq!(desk.input(Input::Hint), vec![]);
    // In German the same steps are said and logged in German: the request names the language.
    let mut german = Desk::classic(PUZZLE, Lang::De);
    german.input(Input::Hint);
    let Some((_, Task::Hint { lang, .. })) = german.asked.last() else { panic!() };
    assert_eq!(*lang, Some(Lang::De));
    german.input(Input::CancelWait);
    assert_eq!(follow_hints_to_the_win(&mut german).0, steps);
    assert_ne!(german.errands.log(), desk.errands.log());
    assert!(german.errands.log().iter().any(|line| line.contains("Zeile") || line.contains("Spalte") || line.contains("Block")));
}

#[test]
fn a_hint_card_on_show_is_asked_again_in_the_language_chosen() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    // No card: nothing asked.
    assert_eq!(desk.input(Input::LanguageChanged), vec![]);
    desk.input(Input::Hint);
    desk.answer_truly(desk.last());
    let (step, english) = (desk.hint().unwrap(), desk.status.clone());
    desk.lang = Lang::Es;
    desk.input(Input::LanguageChanged);
    desk.answer_truly(desk.last());
    // The same step, its card and the status line now in Spanish.
    assert_eq!(desk.hint(), Some(step));
    let words = desk.errands.highlights().hint_words.clone().unwrap();
    assert_ne!(words.sentence, english);
    assert_eq!(desk.status, words.sentence);
}

/// The puzzles `tests/e2e/help.test.mjs` once followed to the win in the browser, level by level
/// and size by size (the e2e file keeps one 9x9 walk, the 4x4 to the win and the first hints of
/// the 16x16, which check the wiring and the drawing).
#[test]
fn hints_followed_and_applied_win_every_level_and_size_the_help_e2e_tests_open() {
    const MEDIUM: &str = ".7.5.....59.7.2..6.4.69....3.4......9.8...3.7......1.5....58.7.2..1.7.39.....9.8.";
    const HARD: &str = "82..5..43...8..1.9....1..2...95...82.........24...89...6..8....4.8..2...73..9..16";
    const EXPERT: &str = ".9.1...7....7....38.75..6......314.5..42.73..9.348......8..27.94....5....1...9.6.";
    const FOUR: &str = "..4114....1331..";
    const SIXTEEN: &str = "C.D..1E...B8.5AG..A9..84.2F..E....EB...2D1G.9....7...6...3....2.5B..6....9..F13..81DB5......A6......7.2.......G......E1...A.598D3CF7.B...D6......D.......B.C......5A......1F28E..EB8..7....9..1C.A....6...3...F....E.DBF7...8C....8..4A.FC..72..B2G.97...4D..3.E";
    for (name, puzzle, cells) in
        [("medium", MEDIUM, 81), ("hard", HARD, 81), ("expert", EXPERT, 81), ("4x4", FOUR, 16), ("16x16", SIXTEEN, 256)]
    {
        let mut desk = Desk::classic(puzzle, Lang::En);
        assert_eq!(desk.session.game().grid().cells().len(), cells, "{name}");
        let (steps, eliminations) = follow_hints_to_the_win(&mut desk);
        assert!(steps >= 5, "{name}: {steps} hints");
        if cells == 81 {
            assert!(eliminations > 0, "{name}: a step that only removes candidates was applied");
        }
    }
}

/// A jigsaw the engine made (`engine/tests/jigsaw_hints.rs`, seed 1, 36 givens kept): its
/// regions (the boxes with a cell swapped across five borders) and givens.
const JIGSAW_REGIONS: &str = "000111222000111222003114225033144255333444555333444558666677588666777888667777888";
const JIGSAW_GIVENS: &str = "1.3..6789.5..89.2.7.9......9.23..6.83...7.9..8.....3.5.....4..7.749628.....51.294";

#[test]
fn a_jigsaw_gets_hints_on_its_regions_and_applying_them_wins() {
    let puzzle = inkdoku_engine::variant::Puzzle {
        givens: line::parse(JIGSAW_GIVENS).unwrap(),
        regions: Some(JIGSAW_REGIONS.bytes().map(|b| b - b'0').collect()),
        constraints: Vec::new(),
        about: Default::default(),
    };
    // Its solution as the worker finds it when the link opens.
    let text = inkdoku_engine::protocol::encode(&inkdoku_engine::protocol::Request {
        id: 1,
        task: Task::Analyze { puzzle: puzzle.givens.clone(), variant: Some(puzzle.clone()) },
    });
    let Reply::Analyzed { count: 1, solution, .. } = inkdoku_engine::protocol::handle(&text, &mut |_| {}) else { panic!("one solution") };
    let mut desk = Desk::new(Game::of_puzzle(puzzle, solution).unwrap(), Lang::En);
    // The first hint: a region's single, named as a region (not refused, not a box).
    desk.input(Input::Hint);
    desk.answer_truly(desk.last());
    let step = desk.hint().expect("a hint on a jigsaw");
    assert!(step.houses.iter().all(|h| !matches!(h, inkdoku_engine::geometry::House::Box(_))), "{step:?}");
    desk.input(Input::CloseHint);
    assert_eq!((desk.hint(), desk.status.as_str()), (None, ""), "closed: its drawing and its sentence go");
    let (steps, _) = follow_hints_to_the_win(&mut desk);
    assert!(steps >= 5, "{steps} hints");
}

#[test]
fn a_hint_for_a_position_that_has_changed_is_dropped() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    desk.input(Input::Hint);
    let asked = desk.last();
    desk.play_one(); // the player moves on before the answer comes
    desk.answer_truly(asked);
    assert_eq!(desk.hint(), None);
    assert_eq!(desk.errands.waiting(), None, "the wait is over all the same");
    assert_eq!(desk.status, "", "nothing is said of the old position");
}

#[test]
fn a_wait_shows_late_and_cancel_stops_the_worker_and_its_reply_is_stale() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let effects = desk.input(Input::Hint);
    let token = desk.last();
    assert!(effects.contains(&Effect::ShowWaitLater { token }));
    assert!(desk.errands.waiting().is_some_and(|w| !w.shown), "quick answers never flash a wait");
    desk.input(Input::WaitShown(token + 1));
    assert!(desk.errands.waiting().is_some_and(|w| !w.shown), "another request's time changes nothing");
    desk.input(Input::WaitShown(token));
    assert!(desk.errands.waiting().is_some_and(|w| w.shown && w.what == ui(Lang::En).looking_for_hint));
    let task = desk.asked[0].1.clone();
    desk.input(Input::CancelWait);
    assert_eq!(desk.cancelled, 1);
    assert_eq!(desk.errands.waiting(), None);
    assert_eq!(desk.status, "Cancelled.");
    // The stopped worker's answer, had it come, is stale: nothing changes.
    desk.asked.push((token, task));
    desk.answer_truly(token);
    assert_eq!(desk.hint(), None);
    assert_eq!(desk.status, "Cancelled.");
    // Cancel while a puzzle is made: its progress goes, and so does its answer.
    desk.input(Input::MakePuzzle { seed: 1 });
    let making = desk.last();
    assert_eq!(desk.errands.making(), Some(Making { done: 0, total: 1 }));
    let task = desk.asked[0].1.clone();
    desk.input(Input::CancelMaking);
    assert_eq!((desk.cancelled, desk.errands.making(), desk.status.as_str()), (2, None, "Cancelled."));
    let board = desk.session.game().grid();
    desk.asked.push((making, task));
    desk.answer_truly(making);
    assert_eq!(desk.session.game().grid(), board, "the cancelled puzzle never lands");
}

#[test]
fn a_worker_failure_is_said_in_the_players_language_and_the_wait_ends() {
    let mut desk = Desk::classic(PUZZLE, Lang::De);
    desk.input(Input::Hint);
    desk.input(Input::Replied { token: desk.last(), reply: Reply::Error { id: None, message: "RuntimeError: unreachable".into() } });
    assert_eq!(desk.status, ui(Lang::De).worker_failed);
    assert_eq!(desk.console, vec!["inkdoku worker: RuntimeError: unreachable".to_string()], "the detail for the console");
    assert_eq!(desk.errands.waiting(), None);
    // A puzzle that cannot be asked for (the worker could not start): said, its progress gone.
    desk.input(Input::MakePuzzle { seed: 1 });
    desk.input(Input::NotSent { token: desk.last(), why: "no worker".into() });
    assert_eq!((desk.status.as_str(), desk.errands.making()), (ui(Lang::De).worker_failed, None));
}

#[test]
fn check_marks_a_wrong_digit_then_counts_the_cells_left_then_says_solved() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let (cell, wrong) = crate::ports::fakes::wrong_but_allowed(desk.session.game());
    desk.write(cell, wrong);
    desk.input(Input::Check);
    assert_eq!(desk.errands.highlights().cells, vec![cell]);
    assert!(matches!(desk.errands.highlights().check, Some(Check::WrongDigits { .. })));
    let name = inkdoku_engine::geometry::cell_name(Size::Nine, cell);
    assert_eq!(desk.status, i18n::fill(ui(Lang::En).checked_wrong_one, &[("cells", &name)]));
    // The mistake fixed: nothing wrong, the cells left are counted; the marks go with the move.
    desk.apply(Action::Clear { cell });
    assert!(desk.errands.highlights().cells.is_empty());
    desk.play_one();
    desk.input(Input::Check);
    assert_eq!(desk.status, "No mistakes so far; 48 cells to go.");
    assert!(desk.errands.highlights().cells.is_empty());
    desk.input(Input::Solve(SolveScope::All));
    desk.input(Input::Check);
    assert_eq!(desk.errands.highlights().check, Some(Check::Solved));
}

#[test]
fn solve_fills_the_selected_cell_its_row_then_everything() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let solution = desk.session.game().solution().cloned().unwrap();
    desk.input(Input::Solve(SolveScope::Cell));
    assert_eq!(desk.status, "Select a cell first.");
    let r1c1 = Size::Nine.cell(0, 0);
    desk.session.select(Some(r1c1));
    desk.input(Input::Solve(SolveScope::Cell));
    assert_eq!(desk.session.game().digit(r1c1), solution.get(r1c1));
    assert_eq!(desk.status, "Filled r1c1 from the solution.");
    let r5c1 = Size::Nine.cell(4, 0);
    desk.session.select(Some(r5c1));
    desk.input(Input::Solve(SolveScope::Row));
    assert!((0..9).all(|c| desk.session.game().digit(Size::Nine.cell(4, c)) == solution.get(Size::Nine.cell(4, c))));
    assert!(desk.session.game().digit(Size::Nine.cell(5, 0)).is_none(), "the row alone");
    assert_eq!(desk.status, "Filled row 5 from the solution.");
    let effects = desk.input(Input::Solve(SolveScope::All));
    assert_eq!(effects, vec![Effect::Apply { action: Action::SolveAll, said: Some(ui(Lang::En).filled_all.into()) }]);
    assert_eq!(desk.session.game().grid(), solution);
    assert!(desk.meta.won);
    assert_eq!(desk.status, "", "the win says itself");
    // A puzzle without a known solution has nothing to fill from.
    let mut typed = Desk::new(Game::new(line::parse(PUZZLE).unwrap(), None), Lang::En);
    assert_eq!(typed.input(Input::Solve(SolveScope::All)), vec![Effect::Say(ui(Lang::En).no_solution_to_use.into())]);
}

/// New game at a level: the worker asked for that size and level, its progress shown, the
/// puzzle on the board with its level and seed, the dialog closed, what it is said.
fn new_game(desk: &mut Desk, seed: u64) {
    desk.dialog = Some(Dialog::NewGame);
    desk.input(Input::MakePuzzle { seed });
    assert_eq!(desk.errands.making(), Some(Making { done: 0, total: 1 }));
    assert_eq!(desk.status, ui(Lang::En).making_puzzle);
    desk.answer_truly(desk.last());
}

#[test]
fn a_new_game_at_every_level_of_every_size_is_made_at_the_level_picked() {
    use inkdoku_engine::rating::Level;
    let mut desk = Desk::new(crate::state::blank_game(), Lang::En);
    for size in Size::ALL {
        for &level in inkdoku_engine::generator::levels(size) {
            (desk.settings.size, desk.settings.level) = (size, level);
            // Seeds that fit at the first attempts (16x16 Expert's first fit is seed 2's).
            let seed = if (size, level) == (Size::Sixteen, Level::Expert) { 2 } else { 1 };
            desk.input(Input::MakePuzzle { seed });
            let Some((_, Task::Generate { options })) = desk.asked.last().cloned() else { panic!("a puzzle is asked for") };
            assert_eq!((options.size, options.level, options.seed), (size, level, seed), "asked for the level picked");
            desk.dialog = Some(Dialog::NewGame);
            desk.answer_truly(desk.last());
            assert_eq!((desk.meta.level, desk.meta.seed), (Some(level), Some(seed)), "{size:?} {level:?}");
            let game = desk.session.game();
            assert!(game.size() == size && game.givens().filled_count() > 0 && game.solution().is_some());
            assert_eq!(desk.status, format!("New {} {} puzzle.", size.name(), level.name()));
            assert_eq!(desk.dialog, None, "the New game dialog closes");
            assert_eq!(desk.errands.making(), None);
        }
    }
}

#[test]
fn a_new_puzzle_shows_its_progress_and_replaces_the_hint_and_the_log() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    desk.input(Input::Hint);
    desk.answer_truly(desk.last());
    desk.input(Input::ApplyHint);
    desk.input(Input::Hint);
    desk.answer_truly(desk.last());
    assert!(desk.hint().is_some() && desk.errands.log().len() == 1);
    // Asked while the question "discard your game?" is open: New game's dialog shows the progress.
    desk.dialog = Some(Dialog::ConfirmDiscard);
    desk.settings.level = inkdoku_engine::rating::Level::Hard;
    desk.input(Input::MakePuzzle { seed: 3 });
    assert_eq!(desk.dialog, Some(Dialog::NewGame));
    let token = desk.last();
    desk.input(Input::Replied { token, reply: Reply::Progress { id: token, done: 2, total: 5 } });
    assert_eq!(desk.errands.making(), Some(Making { done: 2, total: 5 }));
    desk.answer_truly(token);
    assert_eq!(desk.status, "New 9x9 Hard puzzle.");
    assert_eq!((desk.hint(), desk.errands.log().len()), (None, 0), "the new game starts clean");
    // A message that opened meanwhile is not closed with New game's dialog.
    let message = Dialog::Message { title: "t".into(), text: "x".into(), details: None };
    new_game(&mut desk, 4);
    desk.dialog = Some(message.clone());
    desk.input(Input::MakePuzzle { seed: 5 });
    desk.answer_truly(desk.last());
    assert_eq!(desk.dialog, Some(message));
}

#[test]
fn the_daily_puzzle_is_made_from_the_date_or_resumed_and_asks_before_it_replaces_a_game() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let today = "2026-03-14".to_string();
    desk.play_one();
    desk.input(Input::DailyClicked { kind: Kind::Classic, today: today.clone(), kept: Vec::new() });
    assert_eq!(desk.dialog, Some(Dialog::ConfirmDaily(Kind::Classic)), "a game in progress: asked first");
    assert!(desk.asked.is_empty());
    desk.input(Input::Daily { kind: Kind::Classic, today: today.clone(), kept: Vec::new() });
    let Some((_, Task::Generate { options })) = desk.asked.last().cloned() else { panic!("made") };
    assert_eq!(options.seed, inkdoku_engine::generator::daily_seed(&today));
    desk.answer_truly(desk.last());
    assert_eq!(desk.meta.daily.as_deref(), Some(today.as_str()));
    assert_eq!(desk.status, "Daily puzzle, 2026-03-14.");
    assert_eq!(desk.dialog, None);
    // On the board already: said, not made again.
    desk.status.clear();
    desk.input(Input::DailyClicked { kind: Kind::Classic, today: today.clone(), kept: Vec::new() });
    assert_eq!((desk.status.as_str(), desk.asked.len()), ("Daily puzzle, 2026-03-14.", 0));
    // Kept among the games in progress: resumed.
    let kept = StoredGame { version: 1, game: desk.session.game().clone(), meta: desk.meta.clone(), saved_at: None };
    let mut other = Desk::classic(PUZZLE, Lang::En);
    let effects = other.input(Input::Daily { kind: Kind::Classic, today, kept: vec![kept.clone(), kept] });
    assert_eq!(effects, vec![Effect::ResumeKept(0), Effect::Say("Daily puzzle, 2026-03-14.".into())]);
}

#[test]
fn a_typed_in_puzzle_is_checked_and_played_rated_and_a_bad_one_is_refused_while_typing_goes_on() {
    let mut desk = Desk::new(Game::new(inkdoku_engine::Grid::new(Size::Nine), None), Lang::En);
    desk.playing = false;
    desk.input(Input::FinishEntering);
    assert_eq!(desk.status, ui(Lang::En).grid_empty);
    assert!(desk.asked.is_empty());
    let givens = line::parse(PUZZLE).unwrap();
    let type_in = |desk: &mut Desk, cells: std::ops::Range<usize>| {
        for cell in cells.map(inkdoku_engine::Cell::new) {
            if let Some(d) = givens.get(cell) {
                desk.write(cell, d);
            }
        }
    };
    type_in(&mut desk, 0..9);
    desk.input(Input::FinishEntering);
    assert_eq!(desk.status, ui(Lang::En).checking);
    desk.answer_truly(desk.last());
    assert_eq!(desk.status, ui(Lang::En).many_solutions);
    type_in(&mut desk, 9..81);
    desk.input(Input::FinishEntering);
    let token = desk.last();
    let task = desk.asked[0].1.clone();
    let effects = {
        let text = inkdoku_engine::protocol::encode(&inkdoku_engine::protocol::Request { id: token, task });
        let reply = inkdoku_engine::protocol::handle(&text, &mut |_| {});
        desk.input(Input::Replied { token, reply })
    };
    assert!(effects.contains(&Effect::Entered));
    assert_eq!(desk.session.game().givens(), &givens);
    assert!(desk.session.game().solution().is_some());
    assert_eq!(desk.meta.level, Some(inkdoku_engine::rating::Level::Easy));
    assert_eq!(desk.status, "The puzzle has exactly one solution. It rates Easy. Have fun!");
}

/// magictour top1465, rated Master: its logical solve meets a unit forcing chain (1 in row 4).
const MASTER: &str = "3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......";

#[test]
fn a_forcing_hint_is_stepped_branch_by_branch_each_page_drawing_its_own_links() {
    let grid = line::parse(MASTER).unwrap();
    let solve = inkdoku_engine::rating::solve_logically(&grid);
    let step = solve.steps.into_iter().find(|s| s.technique == inkdoku_engine::step::Technique::UnitForcingChain).unwrap();
    let branches = step.forcing.as_ref().unwrap().assumptions.clone();
    let total: usize = step.chains.iter().map(Vec::len).sum();
    // The step on show with its words, as the worker makes them.
    let words = inkdoku_engine::protocol::HintWords::of(&step, &grid, Lang::En, None);
    let proof = step.proof_pages(Size::Nine);
    let mut desk = Desk::new(Game::new(grid, None), Lang::En);
    desk.errands.shown.highlights = Highlights { hint: Some(step), hint_words: Some(words), ..Highlights::default() };
    let drawing = |desk: &Desk| hint::drawing(desk.errands.highlights(), Size::Nine);
    let page = |desk: &Desk| desk.errands.highlights().page;
    // Before the first page, the whole proof is drawn.
    assert_eq!(drawing(&desk).0.len(), total);
    let pages = hint::pages(desk.errands.highlights()).to_vec();
    assert_eq!(pages.len(), branches.len() + 1);
    let mut seen = Vec::new();
    for (k, &(premise, _)) in branches.iter().enumerate() {
        desk.input(Input::NextPage);
        assert_eq!(page(&desk), Some(k));
        let (links, marked) = drawing(&desk);
        // Only branch k's links, its premise marked, and not what another page drew.
        assert!(links.iter().all(|&(b, _)| b == k), "{links:?}");
        assert_eq!(marked, Some(premise));
        assert_eq!(links, proof[k].links);
        assert!(!seen.contains(&links), "page {k} draws what another did");
        assert!(pages[k].text.starts_with(&format!("Branch {} of {}", k + 1, branches.len())), "{}", pages[k].text);
        seen.push(links);
    }
    // The conclusion draws everything, and Next stays there.
    desk.input(Input::NextPage);
    let last = pages.len() - 1;
    assert_eq!(page(&desk), Some(last));
    assert_eq!(drawing(&desk), (proof[last].links.clone(), None));
    assert_eq!(drawing(&desk).0.len(), total);
    assert!(pages[last].text.contains("so r"), "{}", pages[last].text);
    desk.input(Input::NextPage);
    assert_eq!(page(&desk), Some(last));
    // Previous goes back a page; stepping link by link takes over from the pages.
    desk.input(Input::PreviousPage);
    assert_eq!(drawing(&desk).0, proof[last - 1].links);
    desk.input(Input::ShowLinks(Some(1)));
    assert_eq!(page(&desk), None);
    assert_eq!(drawing(&desk).0.len(), 1);
    desk.input(Input::NextPage);
    assert_eq!(desk.errands.highlights().page.zip(Some(desk.errands.highlights().links_shown)), Some((0, None)));
    desk.input(Input::PreviousPage);
    assert_eq!(drawing(&desk).0.len(), total);
}

#[test]
fn a_links_puzzle_is_checked_while_the_player_waits_and_refused_with_its_reason() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let givens = line::parse(PUZZLE).unwrap();
    let puzzle = inkdoku_engine::variant::Puzzle { givens, regions: None, constraints: Vec::new(), about: Default::default() };
    let shared = inkdoku_engine::share::SharedPuzzle { puzzle, progress: None };
    let task = Task::Analyze { puzzle: shared.puzzle.givens.clone(), variant: None };
    desk.input(Input::CheckLink { shared: Box::new(shared.clone()), task });
    assert_eq!(desk.status, ui(Lang::En).checking);
    let token = desk.last();
    let effects = desk.input(Input::Replied { token, reply: Reply::TooHard { id: token } });
    let t = ui(Lang::En);
    let note = Dialog::Message { title: t.not_playable.into(), text: format!("{} {}", t.too_hard, t.unchanged), details: None };
    assert_eq!(effects, vec![Effect::Dialog(Some(note))], "refused, and the game on the board kept");
    assert_eq!(desk.errands.waiting(), None);
    // A worker that fails meanwhile is said here; the app is not asked to open anything.
    let task = Task::Analyze { puzzle: shared.puzzle.givens.clone(), variant: None };
    desk.input(Input::CheckLink { shared: Box::new(shared), task });
    let effects = desk.input(Input::NotSent { token: desk.last(), why: "no worker".into() });
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartGame { .. } | Effect::Dialog(_))));
    assert_eq!(desk.status, ui(Lang::En).worker_failed);
}

/// Checks a shared puzzle as the app does (`controller::load_shared`) and answers the check as
/// the engine worker would.
fn open_checked(desk: &mut Desk, shared: SharedPuzzle) -> Vec<Effect> {
    let puzzle = &shared.puzzle;
    let task = Task::Analyze { puzzle: puzzle.givens.clone(), variant: (!puzzle.is_classic()).then(|| puzzle.clone()) };
    desk.input(Input::CheckLink { shared: Box::new(shared), task });
    let token = desk.last();
    let at = desk.asked.iter().position(|(t, _)| *t == token).unwrap();
    let (_, task) = desk.asked.remove(at);
    let text = inkdoku_engine::protocol::encode(&inkdoku_engine::protocol::Request { id: token, task });
    let reply = inkdoku_engine::protocol::handle(&text, &mut |_| {});
    desk.input(Input::Replied { token, reply })
}

/// A digit, notes and a colour on the board of `desk`.
fn play_marks(desk: &mut Desk) {
    desk.play_one();
    let g = desk.session.game();
    let empty = g.size().cells().find(|&c| g.digit(c).is_none()).unwrap();
    for digit in [1, 2] {
        desk.apply(Action::ToggleNote { cell: empty, digit: inkdoku_engine::Digit::new(digit).unwrap() });
    }
}

#[test]
fn a_link_with_progress_opens_the_game_as_it_was_and_says_so() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    play_marks(&mut desk);
    let board = desk.session.game().board().clone();
    let link = crate::sharing::fragment(desk.session.game(), true);
    // A friend's board, with a game of their own on it.
    let mut friend = Desk::classic("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", Lang::En);
    let shared = inkdoku_engine::share::parse_puzzle(&link).unwrap();
    let effects = open_checked(&mut friend, shared);
    assert!(effects.contains(&Effect::LinkOpened), "the app joins the room and shows the note after: {effects:?}");
    assert_eq!(friend.session.game().board(), &board, "digits and notes as they were");
    assert_eq!(friend.meta.level, Some(inkdoku_engine::rating::Level::Easy), "rated by the check");
    assert_eq!(friend.status, fill(ui(Lang::En).opened, &[("size", "9x9"), ("rated", " (Easy)")]));
    // Without progress: the givens alone.
    let bare = inkdoku_engine::share::parse_puzzle(&crate::sharing::fragment(desk.session.game(), false)).unwrap();
    open_checked(&mut friend, bare);
    assert_eq!(friend.session.game().applied(), 0);
}

#[test]
fn a_file_saved_then_opened_is_the_same_game_and_a_damaged_progress_opens_the_givens_with_a_note() {
    for (lang, variant) in [(Lang::En, false), (Lang::De, true)] {
        let mut desk = Desk::classic(PUZZLE, lang);
        if variant {
            // A killer of the variant set, opened by its link.
            let set = include_str!("../../../tests/data/variants/set.jsonl");
            let entry: serde_json::Value = serde_json::from_str(set.lines().nth(8).unwrap()).unwrap();
            let puzzle: inkdoku_engine::variant::Puzzle = serde_json::from_value(entry["puzzle"].clone()).unwrap();
            open_checked(&mut desk, SharedPuzzle { puzzle, progress: None });
            assert!(desk.session.game().variant().is_some());
        }
        play_marks(&mut desk);
        let (name, text) = crate::sharing::file_to_save(desk.session.game(), Some(inkdoku_engine::rating::Level::Easy), true);
        assert_eq!(name, if variant { "inkdoku-variant.json" } else { "inkdoku-easy.sdk" });
        let (shared, note) = read_file(&mut desk, &name, &text);
        assert_eq!(note, None, "nothing to report");
        let mut friend = Desk::classic(PUZZLE, lang);
        open_checked(&mut friend, shared);
        assert_eq!(friend.session.game().variant(), desk.session.game().variant(), "the constraints come back");
        assert_eq!(friend.session.game().board(), desk.session.game().board(), "and the progress");

        // One character of the progress changed: its checksum no longer holds.
        let at = text.find("inkdoku-progress").unwrap() + 60;
        let flipped = if &text[at..=at] == "A" { "B" } else { "A" };
        let damaged = format!("{}{flipped}{}", &text[..at], &text[at + 1..]);
        let (shared, note) = read_file(&mut desk, &name, &damaged);
        let Some(Dialog::Message { title, text, details }) = note else { panic!("a note") };
        assert_eq!(title, ui(lang).file_progress_title);
        assert!(text.contains(&name), "{text}");
        assert!(details.is_some_and(|d| d.contains("damaged")), "the reader's reason under Details");
        open_checked(&mut friend, shared);
        assert_eq!(friend.session.game().applied(), 0, "from its givens");
    }
}

/// A file opened as the app opens it (`controller::open_file_text`): read in the worker, as
/// the engine's own handler reads it; the puzzle and note it gives the app to open.
fn read_file(desk: &mut Desk, name: &str, text: &str) -> (SharedPuzzle, Option<Dialog>) {
    desk.input(Input::Read { reading: Reading::File { name: name.into() }, text: text.into() });
    assert!(matches!(&desk.asked.last().unwrap().1, Task::Read { file: true, .. }));
    desk.answer_truly(desk.last());
    desk.opened.pop().expect("a puzzle")
}

/// A link read in the worker on a first visit (an empty board): the wait is the player's
/// (Cancel shows as for a check), the puzzle goes to be opened; a text with no puzzle is said,
/// and the premade first puzzle comes; a worker that could not be sent to or crashed is said in
/// the player's words, and opens nothing (as a failed check).
#[test]
fn another_apps_link_is_read_in_the_worker_and_a_first_visit_gets_the_premade_puzzle_if_it_holds_none() {
    let first_visit = || Desk::new(crate::state::blank_game(), Lang::De);
    let reading = Reading::Open { source: "Der Link".into() };
    let read = |desk: &mut Desk, text: &str| desk.input(Input::Read { reading: reading.clone(), text: text.into() });

    let mut desk = first_visit();
    let link = format!("?s={PUZZLE}");
    read(&mut desk, &link);
    assert_eq!(desk.asked.last().map(|(_, t)| t.clone()), Some(Task::Read { text: link.clone(), file: false }));
    assert_eq!((desk.status.as_str(), desk.errands.waiting().map(|w| w.token)), (ui(Lang::De).checking, Some(desk.last())));
    desk.answer_truly(desk.last());
    assert_eq!(desk.errands.waiting(), None);
    let [(shared, None)] = &desk.opened[..] else { panic!("{:?}", desk.opened) };
    assert_eq!(shared.puzzle.givens.to_line(), PUZZLE);
    assert_eq!(desk.premade, 0);

    let mut desk = first_visit();
    read(&mut desk, "?s=12345");
    desk.answer_truly(desk.last());
    let Some(Dialog::Message { text, .. }) = &desk.dialog else { panic!("a note") };
    assert!(text.starts_with(&fill(ui(Lang::De).no_text_puzzle, &[("source", "Der Link")])), "{text}");
    assert_eq!((desk.opened.len(), desk.premade), (0, 1), "the premade first puzzle instead");

    // Over a game, a refused text changes nothing and brings no puzzle.
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    read(&mut desk, "?s=12345");
    desk.answer_truly(desk.last());
    assert!(desk.dialog.is_some());
    assert_eq!(desk.premade, 0);

    // The worker could not be sent to (it cannot load), or crashed: said in the player's words.
    for failure in [true, false] {
        let mut desk = first_visit();
        read(&mut desk, &link);
        let token = desk.last();
        if failure {
            desk.input(Input::NotSent { token, why: "no worker".into() });
        } else {
            desk.input(Input::Replied { token, reply: Reply::Error { id: Some(token), message: "crashed".into() } });
        }
        assert_eq!(desk.status, ui(Lang::De).worker_failed);
        assert_eq!((desk.errands.waiting(), desk.opened.len(), desk.premade, desk.dialog.clone()), (None, 0, 0, None));
    }
}

/// A reading's answer is found by its token: one for a reading replaced by a newer one, or
/// cancelled, is stale and opens nothing; a following tab's reading offers the puzzle here.
#[test]
fn a_stale_readings_answer_opens_nothing_and_a_following_tab_offers_the_puzzle_here() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    let open = Reading::Open { source: "the link".into() };
    desk.input(Input::Read { reading: open.clone(), text: format!("?s={PUZZLE}") });
    let first = desk.last();
    desk.input(Input::Read { reading: open.clone(), text: "?s=12345".into() });
    desk.answer_truly(first);
    assert!(desk.opened.is_empty() && desk.dialog.is_none(), "the older reading is no longer wanted");
    desk.answer_truly(desk.last());
    assert!(matches!(desk.dialog, Some(Dialog::Message { .. })), "the newer one is said");

    desk.dialog = None;
    desk.input(Input::Read { reading: open, text: format!("?s={PUZZLE}") });
    let (token, task) = desk.asked.last().cloned().unwrap();
    desk.input(Input::CancelWait);
    desk.asked.push((token, task));
    desk.answer_truly(token);
    assert!(desk.opened.is_empty() && desk.dialog.is_none(), "cancelled: stale");

    let mut follower = Desk::new(crate::state::blank_game(), Lang::En);
    follower.input(Input::Read { reading: Reading::OfferHere { source: "the link".into() }, text: format!("?s={PUZZLE}") });
    follower.answer_truly(follower.last());
    let Some(Dialog::OpenHere(shared)) = &follower.dialog else { panic!("{:?}", follower.dialog) };
    assert_eq!(shared.puzzle.givens.to_line(), PUZZLE);
    assert_eq!((follower.opened.len(), follower.premade), (0, 0));
}

/// Answers the print set's request with the puzzle the engine makes for it.
fn answer_print(desk: &mut Desk) -> u64 {
    let (token, task) = desk.asked.last().cloned().expect("a puzzle asked for");
    let seed = match &task {
        Task::Generate { options } | Task::GenerateKiller { options } => options.seed,
        other => panic!("{other:?}"),
    };
    desk.answer_truly(token);
    seed
}

#[test]
fn a_print_set_is_made_one_puzzle_after_another_then_printed_and_cancel_stops_it() {
    let mut desk = Desk::classic(PUZZLE, Lang::En);
    desk.dialog = Some(Dialog::PrintSet);
    let level = inkdoku_engine::rating::Level::Easy;
    desk.input(Input::PrintSet { level, per_page: 2, seeds: vec![11, 12, 13] });
    for done in 0..3 {
        assert_eq!(desk.errands.making(), Some(Making { done, total: 3 }));
        assert_eq!(desk.asked.len(), 1, "one puzzle at a time");
        assert_eq!(answer_print(&mut desk), 11 + u64::from(done), "each puzzle of its own seed");
    }
    let set = desk.printed.take().expect("printed once the last is made");
    assert_eq!((set.per_page, set.puzzles.len()), (2, 3));
    assert_eq!(set.puzzles[1].caption, "Easy · 9x9 · seed 12");
    assert!(set.puzzles.iter().all(|p| p.givens.filled_count() > 0 && p.shapes.is_empty()));
    assert_eq!(desk.errands.making(), None);
    assert_eq!((desk.dialog.clone(), desk.status.as_str()), (None, "3 puzzles ready to print."));

    // Cancelled half way: the worker is stopped, and a reply that comes anyway prints nothing.
    desk.settings.kind = Kind::Killer;
    desk.input(Input::PrintSet { level, per_page: 1, seeds: vec![21, 22, 23, 24] });
    answer_print(&mut desk);
    answer_print(&mut desk);
    assert_eq!(desk.errands.making(), Some(Making { done: 2, total: 4 }));
    let (token, task) = desk.asked.last().cloned().unwrap();
    assert!(matches!(task, Task::GenerateKiller { .. }), "killers when Killer is picked");
    desk.input(Input::CancelMaking);
    assert_eq!((desk.cancelled, desk.errands.making()), (1, None));
    desk.asked.push((token, task));
    answer_print(&mut desk);
    assert_eq!(desk.printed, None, "the stale reply is dropped");
    assert!(desk.asked.is_empty(), "and asks for nothing more");
    assert_eq!(desk.status, ui(Lang::En).cancelled);
}
