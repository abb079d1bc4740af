//! The controller natively, on in-memory fakes of the outside world (`crate::ports::fakes`):
//! the engine worker answered by the engine's own protocol handler (or by hand, to test
//! timing), storage in a map, a clock moved by hand.

use super::*;
use crate::ports::fakes::{StoreOn as _, World};
use crate::ports::{Clock as _, KeyValue as _};
use crate::state::pen::LastWritten;
use crate::storage::{BEST_KEY, GAME_KEY, GAMES_KEY, Loaded, PREVIOUS_KEY, StoredGame};
use inkdoku_engine::DigitSet;
use inkdoku_engine::lang::Lang;

/// Easy 9x9 (seed 7), as the e2e tests open it.
const PUZZLE: &str = "#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";
/// Another puzzle (the first of sudoku17 in tests/data would do; this one is Easy too).
const OTHER: &str = "#4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn store_in(world: &World, lang: Lang) -> (Owner, Store) {
    world.store(lang)
}

/// Opens a link and lets the engine check it.
fn open(world: &World, store: Store, link: &str) {
    assert!(open_text(store, link, "the link"));
    world.engine.answer_truly(world.engine.last_id());
}

/// Places a digit the solution has in the first empty cell.
fn play_one(store: Store) -> Cell {
    let (cell, digit) = store.game.with_untracked(|g| {
        let solution = g.solution().cloned().expect("a solution");
        let cell = (0..81).map(Cell::new).find(|&c| g.digit(c).is_none()).expect("an empty cell");
        (cell, solution.get(cell).expect("solved"))
    });
    write(store, cell, digit);
    cell
}

/// Presses Hint and Apply hint until the game is won, each hint answered by the engine's own
/// protocol handler: every hint is new and every Apply changes the board. Returns how many hints
/// were applied and how many of them only removed candidates.
fn follow_hints_to_the_win(world: &World, store: Store) -> (usize, usize) {
    let (mut steps, mut eliminations) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    while !store.game.with_untracked(|g| g.is_solved()) {
        hint(store);
        world.engine.answer_truly(world.engine.last_id());
        let Some(step) = store.highlights.with_untracked(|m| m.hint.clone()) else {
            panic!("a step after {steps} steps: {}", store.status.get_untracked());
        };
        assert!(seen.insert(format!("{step:?}")), "the same hint came back after {steps} steps");
        eliminations += usize::from(step.placements.is_empty());
        let before = store.game.with_untracked(|g| (g.grid(), g.candidates()));
        apply_hint(store);
        assert_ne!(store.game.with_untracked(|g| (g.grid(), g.candidates())), before, "applying changed the board");
        steps += 1;
        assert!(steps < 400);
    }
    assert!(matches!(store.dialog.get_untracked(), Some(Dialog::Won { new_best: false, .. })));
    assert!(store.meta.with_untracked(|m| m.won));
    // Solved with help: no best time.
    assert_eq!(world.storage.get(BEST_KEY), None);
    (steps, eliminations)
}

#[test]
fn hints_followed_and_applied_win_the_game_and_record_no_best_time() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    assert_eq!(store.game.with_untracked(|g| g.givens().filled_count()), 32);
    follow_hints_to_the_win(&world, store);
}

#[test]
fn the_hint_card_closes_by_its_button_and_by_a_tap_outside_its_cells() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let shown = |store: Store| store.highlights.with_untracked(|m| m.hint.clone());
    hint(store);
    world.engine.answer_truly(world.engine.last_id());
    let step = shown(store).expect("a hint");
    let board = store.game.with_untracked(|g| (g.grid(), g.candidates()));
    // A tap on one of its cells looks at it: the card stays.
    let inside = step.cells.first().or(step.placements.first().map(|c| &c.cell)).copied().expect("a cell");
    tap(store, inside);
    assert_eq!(shown(store), Some(step.clone()));
    // A tap elsewhere closes it, and only selects.
    let outside = (0..81).map(Cell::new).find(|&c| !in_hint(&step, c)).expect("a cell outside the hint");
    tap(store, outside);
    assert_eq!(shown(store), None);
    assert_eq!(store.status.get_untracked(), "");
    assert_eq!(store.selected.get_untracked(), Some(outside));
    // The button closes it too; neither changes the board.
    hint(store);
    world.engine.answer_truly(world.engine.last_id());
    assert!(shown(store).is_some());
    close_hint(store);
    assert_eq!(shown(store), None);
    assert_eq!(store.game.with_untracked(|g| (g.grid(), g.candidates())), board);
}

#[test]
fn a_slow_answer_shows_its_wait_with_cancel_and_cancel_stops_it() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    hint(store);
    world.clock.advance(f64::from(WAIT_SHOWN_MS) - 1.0);
    assert!(store.waiting.with_untracked(|w| w.as_ref().is_some_and(|w| !w.shown)), "quick answers never flash a wait");
    world.clock.advance(2.0);
    assert!(store.waiting.with_untracked(|w| w.as_ref().is_some_and(|w| w.shown)));
    cancel_waiting(store);
    assert_eq!(world.engine.cancelled.get(), 1);
    assert_eq!(store.waiting.get_untracked(), None);
    assert_eq!(store.status.get_untracked(), "Cancelled.");
    // The stopped worker's answer never lands.
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.highlights.with_untracked(|m| m.hint.clone()), None);
}

#[test]
fn print_prints_the_whole_board_alone_once_the_dialog_has_closed() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    // In the focus view, with a set laid out from an earlier "Print puzzles".
    store.view.window.set(Some(crate::state::zoom::Window { row: 0, col: 0, boxes: 2 }));
    store.print_set.set(Some(PrintSet { per_page: 2, puzzles: Vec::new() }));
    print_current(store);
    assert_eq!(store.print_set.get_untracked(), None, "the board, not the set");
    assert_eq!(store.view.window.get_untracked(), None, "the whole board, not the focus view");
    world.clock.advance(49.0);
    assert_eq!(world.files.printed.get(), 0, "not while the dialog is closing");
    world.clock.advance(1.0);
    assert_eq!(world.files.printed.get(), 1, "the print dialog once it has");
}

#[test]
fn the_sudokupad_link_opens_the_same_puzzle() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let link = sudokupad_url(store);
    assert!(link.starts_with("https://sudokupad.app/?puzzleid=fpuzzles"), "{link}");
    let givens = store.game.with_untracked(|g| g.givens().clone());
    assert_eq!(inkdoku_engine::share::parse(&link).map(|s| s.givens), Ok(givens));
}

#[test]
fn puzzles_without_one_solution_or_too_hard_to_check_are_refused_with_a_reason() {
    // The refusals' words are the core's (`inkdoku_core::sharing`'s tests); here, that they
    // reach the screen and a puzzle is made over an empty board.
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    let t = crate::i18n::ui(Lang::En);
    assert!(open_text(store, OTHER, "the link"));
    world.engine.answer(world.engine.last_id(), Reply::TooHard { id: 0 });
    assert!(matches!(store.dialog.get_untracked(), Some(Dialog::Message { text, .. }) if text.starts_with(t.too_hard)));
    // Nothing was on the board to keep: a new puzzle is made instead (not answered here).
    assert_eq!(store.game.with_untracked(|g| g.givens().filled_count()), 0);
    assert!(matches!(world.engine.last_task(), Some(Task::Generate { .. })));
}

#[test]
fn a_link_over_a_game_in_progress_asks_first_and_the_replaced_game_can_come_back() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let played = play_one(store);
    let first = store.game.get_untracked();
    assert!(kept_games(store).is_empty());

    assert!(open_text(store, OTHER, "the link"));
    let Some(Dialog::ConfirmOpen(shared)) = store.dialog.get_untracked() else { panic!("asks before replacing the game") };
    load_shared(store, shared);
    world.engine.answer_truly(world.engine.last_id());
    assert_ne!(store.game.get_untracked(), first, "the new puzzle is on");
    // The game it replaced is kept, whole, and comes back on "Previous game".
    let kept: storage::KeptGames = serde_json::from_str(&world.storage.get(GAMES_KEY).unwrap()).unwrap();
    assert_eq!(kept.games[0].game, first);
    assert!(!kept_games(store).is_empty());
    resume_kept(store, 0);
    assert_eq!(store.game.get_untracked(), first);
    assert!(store.game.with_untracked(|g| g.digit(played).is_some()));
    assert_eq!(store.status.get_untracked(), "Back to your previous game.");
}

#[test]
fn a_full_storage_is_said_not_ignored() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    play_one(store);
    world.storage.full.set(true);
    assert!(open_text(store, OTHER, "the link"));
    let Some(Dialog::ConfirmOpen(shared)) = store.dialog.get_untracked() else { panic!("asks first") };
    load_shared(store, shared);
    world.engine.answer_truly(world.engine.last_id());
    // The game it replaced could not be kept: the player is told why, in plain words, in a
    // message that the "Opened" status does not hide.
    match store.dialog.get_untracked() {
        Some(Dialog::Message { text, .. }) => {
            assert!(text.contains("could not be saved") && text.contains("storage for this site is full"), "{text}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_record_that_does_not_read_is_kept_aside_with_its_reason() {
    let world = World::default();
    world.storage.set(GAME_KEY, "{\"version\":1,\"game\":").unwrap();
    let Loaded::Corrupt { reason, kept_as } = storage::load::<StoredGame>(&world.ports(), GAME_KEY) else { panic!() };
    assert!(reason.contains("EOF"), "{reason}");
    let kept_as = kept_as.expect("kept");
    assert!(kept_as.starts_with("inkdoku.kept.inkdoku.game.v1."));
    assert_eq!(world.storage.get(&kept_as).as_deref(), Some("{\"version\":1,\"game\":"));
    assert_eq!(world.storage.get(GAME_KEY), None, "moved, not copied: the next start is clean");
    assert!(matches!(storage::load::<StoredGame>(&world.ports(), GAME_KEY), Loaded::Missing));
}

#[test]
fn a_following_tab_changes_nothing_and_says_why() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    store.role.set(TabRole::Follower);
    let before = store.game.get_untracked();
    play_one(store);
    assert_eq!(store.game.get_untracked(), before);
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).read_only);
}

#[test]
fn a_quick_rewrite_of_an_unsure_pen_reading_is_learned_once() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let cell = Cell::new(0);
    let stroke = vec![vec![[0.6f32, 0.2, 0.5], [0.3, 0.2, 0.5], [0.3, 0.8, 0.5], [0.6, 0.8, 0.5]]];
    let digit = |d| Digit::new(d).unwrap();
    let written = |read| LastWritten {
        cell,
        strokes: stroke.clone(),
        note: false,
        read: Some(digit(read)),
        confidence: 0.93,
        second: Some(digit(6)),
        at: world.clock.now_ms(),
    };
    // The pen wrote 5 (runner-up 6); two seconds later the player writes 6 there: learned.
    write(store, cell, digit(5));
    crate::controller::hand::remember(store, written(5));
    world.clock.advance(2000.0);
    write(store, cell, digit(6));
    assert_eq!(store.ink.hand.with_untracked(|h| h.samples.iter().map(|s| s.value).collect::<Vec<_>>()), vec![6]);
    assert!(store.status.get_untracked().starts_with("Learned"));
    // Once only: writing 7 there next is not another lesson about that drawing.
    write(store, cell, digit(7));
    assert_eq!(store.ink.hand.with_untracked(|h| h.samples.len()), 1);
    // Too late: 10 s after the pen, a rewrite is a change of mind.
    let other = Cell::new(2);
    write(store, other, digit(5));
    crate::controller::hand::remember(store, LastWritten { cell: other, ..written(5) });
    world.clock.advance(10_000.0);
    write(store, other, digit(6));
    assert_eq!(store.ink.hand.with_untracked(|h| h.samples.len()), 1);
}

#[test]
fn a_marked_position_is_there_to_go_back_to_after_a_branch_and_survives_a_reload() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    play_one(store);
    games::games(store, inkdoku_core::games::Input::PlayTime(125_000));
    mark_position(store);
    assert_eq!(store.status.get_untracked(), "Position marked at 2:05: try a branch, then go back to it from Marks.");
    let marked = store.game.with_untracked(|g| g.grid());
    // The branch.
    let (a, b) = (play_one(store), play_one(store));
    back_to_mark(store, 0);
    assert_eq!(store.game.with_untracked(|g| g.grid()), marked);
    assert_eq!(store.status.get_untracked(), "Back at the position marked at 2:05. Undo returns to where you were.");
    back_to_mark(store, 0);
    assert_eq!(store.status.get_untracked(), "The board is already as marked at 2:05.");
    back_to_mark(store, 3);
    assert_eq!(store.status.get_untracked(), "That marked position no longer exists.");
    // The mark is kept with the game: saved, and there after a reload.
    crate::controller::save_now(store);
    let saved: StoredGame = serde_json::from_str(&world.storage.get(GAME_KEY).unwrap()).unwrap();
    assert_eq!(saved.game.board().savepoints.len(), 1);
    assert_eq!(saved.game.board().savepoints[0].play_ms, 125_000);
    // Undo returns to the branch.
    undo(store);
    assert!(store.game.with_untracked(|g| g.digit(a).is_some() && g.digit(b).is_some()));
}

#[test]
fn corner_and_centre_marks_by_mode_and_shift_travel_in_a_link_with_progress() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let (a, b) = (Size::Nine.cell(0, 0), Size::Nine.cell(0, 2));
    let d = |v| Digit::new(v).unwrap();
    toggle_corner(store);
    write(store, a, d(1));
    write(store, a, d(2));
    toggle_centre(store);
    assert_eq!(store.mode.get_untracked(), InputMode::Centre, "one mode at a time");
    write(store, b, d(3));
    write(store, b, d(4));
    write(store, b, d(3));
    write_as(store, b, d(9), InputMode::Corner);
    let board = store.game.with_untracked(|g| g.board().clone());
    assert_eq!(board.pencil.corner[a.index()], DigitSet::from_iter([d(1), d(2)]));
    assert_eq!(board.pencil.centre[b.index()], DigitSet::from_iter([d(4)]));
    assert_eq!(board.pencil.corner[b.index()], DigitSet::from_iter([d(9)]));
    assert!(store.game.with_untracked(|g| g.grid().get(a).is_none() && g.board().pencil.notes.iter().all(|n| n.is_empty())));
    undo(store);
    assert!(store.game.with_untracked(|g| g.board().pencil.corner[b.index()].is_empty()));
    redo(store);
    // A link with progress carries them to another player.
    let link = format!("https://inkdoku.example/{}", share_fragment(store, true));
    let friend = World::default();
    let (_owner2, other) = store_in(&friend, Lang::En);
    open(&friend, other, &link);
    assert_eq!(other.game.with_untracked(|g| g.board().pencil.corner.clone()), board.pencil.corner);
    assert_eq!(other.game.with_untracked(|g| g.board().pencil.centre.clone()), board.pencil.centre);
}

#[test]
fn colour_mode_paints_cells_with_digits_and_candidates_with_the_chosen_colour_and_links_carry_them() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let (given, empty) = (Size::Nine.cell(0, 1), Size::Nine.cell(0, 0));
    let d = |v| Digit::new(v).unwrap();
    toggle_colour(store);
    write(store, given, d(3));
    write(store, empty, d(3));
    write(store, empty, d(7));
    let colours = store.game.with_untracked(|g| g.board().paint.colours.clone());
    assert_eq!((colours[given.index()], colours[empty.index()]), (0b100, 0b100_0100), "givens take colours too");
    // Candidates: pick a colour on the palette, then digits paint that colour on candidates.
    store.brush.update(|p| p.candidates = true);
    store.session_mut(|s| s.select(None));
    pick_colour(store, 5);
    write(store, empty, d(4));
    let painted = store.game.with_untracked(|g| g.board().paint.candidate_colours.clone());
    assert_eq!(painted.iter().map(|p| (p.cell, p.digit.get(), p.colour)).collect::<Vec<_>>(), vec![(empty, 4, 5)]);
    // A link with progress carries them; Clear colours is one undo step.
    let link = format!("https://inkdoku.example/{}", share_fragment(store, true));
    let friend = World::default();
    let (_owner2, other) = store_in(&friend, Lang::En);
    open(&friend, other, &link);
    assert_eq!(other.game.with_untracked(|g| g.board().paint.colours.clone()), colours);
    assert_eq!(other.game.with_untracked(|g| g.board().paint.candidate_colours.clone()), painted);
    clear_colours(store);
    assert!(store.game.with_untracked(|g| g.board().paint.colours.iter().all(|&c| c == 0)));
    undo(store);
    assert_eq!(store.game.with_untracked(|g| g.board().paint.colours.clone()), colours);
}

/// A puzzle with many solutions: one row given.
const MANY_WAYS: &str = "#123456789........................................................................";

#[test]
fn an_unplayable_link_on_a_first_visit_ends_in_a_new_puzzle_and_over_a_game_keeps_it() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    // First visit: nothing on the board. The player is told why, and gets a playable board.
    open(&world, store, MANY_WAYS);
    let Some(Dialog::Message { text, .. }) = store.dialog.get_untracked() else { panic!("a message") };
    assert!(text.contains("more than one solution") && text.ends_with("A new puzzle is made instead."), "{text}");
    assert!(matches!(world.engine.last_task(), Some(Task::Generate { .. })), "a new puzzle is made");
    world.engine.answer_truly(world.engine.last_id());
    assert!(store.game.with_untracked(|g| g.givens().filled_count() > 0 && g.solution().is_some()));
    assert!(matches!(store.dialog.get_untracked(), Some(Dialog::Message { .. })), "the message stays to be read");
    // Over a game: the game stays, and the words say so.
    store.close_dialog();
    open(&world, store, PUZZLE);
    let before = store.game.get_untracked();
    let asked = world.engine.last_id();
    open(&world, store, MANY_WAYS);
    let Some(Dialog::Message { text, .. }) = store.dialog.get_untracked() else { panic!("a message") };
    assert!(text.ends_with("Your game is unchanged."), "{text}");
    assert_eq!(world.engine.last_id(), asked + 2, "its reading (another app's link) and its check: no new puzzle made");
    assert_eq!(store.game.get_untracked(), before);
}

/// Writes a digit the solution has in the first empty cell, `n` times.
fn play(store: Store, n: usize) {
    for _ in 0..n {
        play_one(store);
    }
}

#[test]
fn the_daily_puzzle_asks_before_it_replaces_a_game_and_its_moves_come_back_after_another_game() {
    let world = World::default();
    world.clock.now.set(1_764_028_800_000.0); // 2025-11-25, midnight UTC
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    play(store, 2);
    let linked = store.game.get_untracked();
    // "Ask before a new game" is on: the daily puzzle asks too.
    daily_clicked(store, Kind::Classic);
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::ConfirmDaily(Kind::Classic)));
    daily(store, Kind::Classic);
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.meta.with_untracked(|m| m.daily.clone()), Some("2025-11-25".to_string()));
    assert_eq!(store.status.get_untracked(), "Daily puzzle, 2025-11-25.");
    play(store, 3);
    let daily_game = store.game.get_untracked();
    // The linked game was kept: back to it (the daily is kept in its turn) ...
    assert_eq!(kept_games(store).len(), 1);
    resume_kept(store, 0);
    assert_eq!(store.game.get_untracked(), linked);
    // ... then the daily again: resumed with its three moves, not made afresh.
    let asked = world.engine.last_id();
    daily_clicked(store, Kind::Classic);
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::ConfirmDaily(Kind::Classic)));
    daily(store, Kind::Classic);
    assert_eq!(world.engine.last_id(), asked, "nothing made: the daily is resumed");
    assert_eq!(store.game.get_untracked(), daily_game);
    assert_eq!(kept_games(store).iter().map(|g| g.game.clone()).collect::<Vec<_>>(), vec![linked]);
    // Asked for while it is on: it stays as it is.
    daily_clicked(store, Kind::Classic);
    assert_eq!(store.dialog.get_untracked(), None);
    assert_eq!(store.game.get_untracked(), daily_game);
}

#[test]
fn new_games_keep_the_games_they_replace_and_the_old_single_record_is_read() {
    // The rule (the newest few, once each, resumed as they were) is the core's
    // (`inkdoku_core::games`' tests); here, New game and Resume on the store.
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    store.settings.update(|s| s.confirm_new_game = false);
    // An earlier version's one kept game.
    open(&world, store, OTHER);
    play(store, 1);
    let old = crate::controller::current_record(store);
    world.storage.set(PREVIOUS_KEY, &serde_json::to_string(&old).unwrap()).unwrap();
    store.session_mut(|s| s.set_game(inkdoku_engine::game::Game::new(inkdoku_engine::Grid::new(Size::Nine), None)));
    assert_eq!(kept_games(store).len(), 1, "the old record is read");
    // A new game over a game in progress keeps it.
    make_puzzle(store);
    world.engine.answer_truly(world.engine.last_id());
    play(store, 1);
    let replaced = store.game.get_untracked();
    make_puzzle(store);
    world.engine.answer_truly(world.engine.last_id());
    let kept: Vec<_> = kept_games(store).into_iter().map(|g| g.game).collect();
    assert_eq!(kept, vec![replaced.clone(), old.game.clone()], "newest first");
    assert_eq!(world.storage.get(PREVIOUS_KEY), None, "the old record is now part of the list");
    // Resumed from New game: on the board with its time, the dialog closed, said.
    play(store, 1);
    let on_board = store.game.get_untracked();
    store.show(Dialog::NewGame);
    resume_kept(store, 1);
    assert_eq!(store.game.get_untracked(), old.game);
    assert_eq!(store.elapsed.get_untracked(), old.meta.elapsed_ms);
    assert_eq!((store.dialog.get_untracked(), store.status.get_untracked()), (None, store.t().previous_restored.to_string()));
    let kept: Vec<_> = kept_games(store).into_iter().map(|g| g.game).collect();
    assert_eq!(kept, vec![on_board, replaced]);
}

#[test]
fn ctrl_c_copies_the_puzzle_and_paste_puzzle_opens_it_in_another_browser() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let press = KeyPress { key: "c", code: "KeyC", ctrl: true, shift: false };
    assert!(key_pressed(store, &press, false));
    let copied = world.clipboard.text.borrow().clone().expect("copied");
    assert!(copied.starts_with(&PUZZLE[1..]), "{copied}");
    assert_eq!(store.status.get_untracked(), "Puzzle copied to the clipboard.");
    // With text selected on the page, Ctrl+C is the browser's.
    world.clipboard.text.replace(None);
    assert!(!key_pressed(store, &press, true));
    assert_eq!(world.clipboard.text.borrow().clone(), None);
    // A friend pastes it: the same puzzle, checked and opened.
    let friend = World::default();
    friend.clipboard.text.replace(Some(copied));
    let (_owner2, other) = store_in(&friend, Lang::En);
    paste_puzzle(other);
    friend.engine.answer_truly(friend.engine.last_id());
    assert_eq!(other.game.with_untracked(|g| g.givens().clone()), store.game.with_untracked(|g| g.givens().clone()));
}

#[test]
fn a_clipboard_the_browser_refuses_is_said_in_the_players_language_and_nothing_changes() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::De);
    open(&world, store, PUZZLE);
    let before = store.game.get_untracked();
    world.clipboard.refuse.replace(Some(crate::ports::PlatformError::from_name("NotAllowedError", "denied".into())));
    copy_puzzle(store);
    let t = crate::i18n::ui(Lang::De);
    assert_eq!(store.status.get_untracked(), fill(t.cannot_copy, &[("e", t.browser_refused)]));
    paste_puzzle(store);
    assert_eq!(store.status.get_untracked(), fill(t.cannot_read_clipboard, &[("e", t.browser_refused)]));
    assert_eq!(store.game.get_untracked(), before);
    assert_eq!(store.dialog.get_untracked(), None);
}

#[test]
fn a_shared_link_with_progress_opens_the_game_as_it_is_and_the_status_says_how_it_went() {
    use crate::ports::{PlatformError, Shared};
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let played = play_one(store);
    share(store, true);
    assert_eq!(store.status.get_untracked(), "Shared.");
    let (title, url) = world.sharing.shared.borrow().last().cloned().expect("shared");
    assert_eq!(title, crate::i18n::ui(Lang::En).share_title);
    assert!(url.starts_with("https://inkdoku.example/#"), "{url}");
    // The friend's board: the same puzzle, with the move.
    let friend = World::default();
    let (_owner2, other) = store_in(&friend, Lang::En);
    open(&friend, other, &url);
    assert_eq!(other.game.with_untracked(|g| g.grid()), store.game.with_untracked(|g| g.grid()));
    assert!(other.game.with_untracked(|g| g.digit(played).is_some() && g.givens().get(played).is_none()));
    // Without progress, the givens alone; no share sheet: copied; refused: said.
    *world.sharing.answer.borrow_mut() = Ok(Shared::Copied);
    share(store, false);
    assert_eq!(store.status.get_untracked(), "Link copied to the clipboard.");
    let (_, bare) = world.sharing.shared.borrow().last().cloned().unwrap();
    assert_eq!(inkdoku_engine::share::parse(&bare).map(|s| s.progress), Ok(None));
    *world.sharing.answer.borrow_mut() = Err(PlatformError::missing("no clipboard"));
    share(store, true);
    let t = crate::i18n::ui(Lang::En);
    assert_eq!(store.status.get_untracked(), fill(t.cannot_share, &[("e", t.browser_lacks)]));
}

/// New game → Start with the random port's next seed set to `seed`, the puzzle made as the
/// engine worker makes it.
fn new_game_seeded(world: &World, store: Store, seed: u64) {
    world.random.next.set(seed);
    new_game_clicked(store);
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::NewGame));
    start_clicked(store);
    world.engine.answer_truly(world.engine.last_id());
}

#[test]
fn a_new_game_is_the_puzzle_its_seed_makes_and_only_the_seed_decides_it() {
    use inkdoku_engine::generator::{Options, Symmetry, generate};
    use inkdoku_engine::rating::Level;
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    store.settings.update(|s| (s.confirm_new_game, s.size, s.level, s.symmetry) = (false, Size::Nine, Level::Easy, Symmetry::Rotational));
    let made = |seed: u64| {
        new_game_seeded(&world, store, seed);
        assert_eq!(store.meta.with_untracked(|m| m.seed), Some(seed), "the game keeps its seed");
        store.game.with_untracked(|g| g.givens().clone())
    };
    let engine_makes = |seed: u64| {
        let options = Options { size: Size::Nine, level: Level::Easy, symmetry: Symmetry::Rotational, seed };
        generate(&options, &mut |_| true).expect("a puzzle").puzzle
    };
    let (a, b, again) = (made(11), made(12), made(11));
    assert_eq!(a, engine_makes(11), "the puzzle seed 11 makes");
    assert_eq!(b, engine_makes(12));
    assert_ne!(a, b, "another seed, another puzzle");
    assert_eq!(again, a, "the same seed, the same puzzle");
}

#[test]
fn restart_goes_back_to_the_givens_keeping_the_marked_positions_and_undo_brings_the_moves_back() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    play(store, 2);
    mark_position(store);
    play(store, 1);
    let before = store.game.with_untracked(|g| g.grid());
    restart(store);
    assert_eq!(store.game.with_untracked(|g| g.grid()), store.game.with_untracked(|g| g.givens().clone()));
    assert_eq!(store.game.with_untracked(|g| g.board().savepoints.len()), 1, "the marks stay");
    undo(store);
    assert_eq!(store.game.with_untracked(|g| g.grid()), before);
}

#[test]
fn a_typed_in_puzzle_is_played_the_game_before_kept_and_cancel_goes_back_to_it() {
    // What the worker's answers say (one solution, many, none) is the core's to test
    // (`inkdoku_core::errands`); here, the phase, the board and the game before.
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, OTHER);
    play(store, 1);
    let playing = store.game.get_untracked();
    start_entering(store);
    assert_eq!(store.phase.get_untracked(), Phase::Enter);
    assert_eq!(store.game.with_untracked(|g| g.grid().filled_count()), 0);
    let givens = inkdoku_engine::format::line::parse(&PUZZLE[1..]).unwrap();
    let type_in = |cells: &mut dyn Iterator<Item = Cell>| {
        for cell in cells {
            if let Some(d) = givens.get(cell) {
                write(store, cell, d);
            }
        }
    };
    type_in(&mut (0..9).map(Cell::new));
    finish_entering(store);
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.phase.get_untracked(), Phase::Enter, "many solutions: typing goes on");
    type_in(&mut (9..81).map(Cell::new));
    finish_entering(store);
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.phase.get_untracked(), Phase::Play);
    assert_eq!(store.game.with_untracked(|g| g.givens().clone()), givens);
    assert!(store.game.with_untracked(|g| g.solution().is_some()));
    assert_eq!(store.meta.with_untracked(|m| m.level), Some(inkdoku_engine::rating::Level::Easy));
    assert_eq!(store.status.get_untracked(), "The puzzle has exactly one solution. It rates Easy. Have fun!");
    // The game typing replaced is kept, whole.
    assert_eq!(kept_games(store).first().map(|g| g.game.clone()), Some(playing.clone()));
    // Cancel while typing: back to the game before.
    start_entering(store);
    write(store, Cell::new(0), Digit::new(1).unwrap());
    cancel_entering(store);
    assert_eq!(store.phase.get_untracked(), Phase::Play);
    assert_eq!(store.game.with_untracked(|g| g.givens().clone()), givens);
}

#[test]
fn undo_to_solvable_takes_back_the_wrong_moves_and_the_right_ones_after_them() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    undo_to_solvable(store);
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).nothing_to_undo_right);
    play(store, 2);
    let solvable = store.game.with_untracked(|g| g.grid());
    let (cell, wrong) = store.game.with_untracked(crate::ports::fakes::wrong_but_allowed);
    write(store, cell, wrong);
    play(store, 2);
    world.clock.advance(f64::from(inkdoku_core::saving::SAVE_AFTER_MS));
    undo_to_solvable(store);
    assert_eq!(store.game.with_untracked(|g| g.grid()), solvable);
    assert_eq!(store.status.get_untracked(), "Undid 3 moves, back to the last position that can still be solved.");
    // Saved as undone, after autosave's wait (the moves' save came before it).
    let saved = || serde_json::from_str::<StoredGame>(&world.storage.get(GAME_KEY).unwrap()).unwrap().game.grid();
    assert_ne!(saved(), solvable);
    world.clock.advance(f64::from(inkdoku_core::saving::SAVE_AFTER_MS));
    assert_eq!(saved(), solvable);
    undo_to_solvable(store);
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).nothing_to_undo_right);
    // Redo brings them back, the wrong digit too.
    redo(store);
    assert_eq!(store.game.with_untracked(|g| g.digit(cell)), Some(wrong));
}

#[test]
fn fill_notes_writes_every_empty_cells_candidates_and_clear_notes_takes_them_off_each_one_undo_step() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    open(&world, store, PUZZLE);
    let notes = || store.game.with_untracked(|g| g.board().pencil.notes.clone());
    let candidates = store.game.with_untracked(|g| g.candidates());
    fill_notes(store);
    assert_eq!(notes(), candidates);
    assert!(notes().iter().filter(|n| !n.is_empty()).count() == 49, "every empty cell");
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).notes_filled);
    clear_notes(store);
    assert!(notes().iter().all(|n| n.is_empty()));
    assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).notes_cleared);
    undo(store);
    assert_eq!(notes(), candidates);
    undo(store);
    assert!(notes().iter().all(|n| n.is_empty()));
}

#[test]
fn the_candidate_colours_note_shows_once_and_settings_stored_before_it_still_load() {
    // Settings as today's version stores them (no word of the note): they load as they were,
    // the note not yet seen.
    let world = World::default();
    let stored = r#"{"show_conflicts":true,"show_incorrect":false,"highlight_same":true,"show_candidates":true,"peek_candidates":false,"auto_clear_notes":true,"confirm_new_game":false,"left_handed":true,"size":"9","level":"Master","symmetry":"rotational","language":"de","pen_tip_done":true}"#;
    world.storage.set(crate::storage::SETTINGS_KEY, stored).unwrap();
    let (settings, problem) = crate::storage::load_settings(&world.ports());
    assert_eq!(problem, None);
    assert!(settings.show_candidates && settings.left_handed && settings.pen_tip_done && !settings.confirm_new_game);
    assert!(!settings.candidate_note_seen);
    assert!(candidate_note_shown(&settings), "candidates on and the note never dismissed");

    let (_owner, store) = store_in(&world, Lang::En);
    assert!(!store.settings.with_untracked(candidate_note_shown), "candidates off: no note");
    store.settings.update(|s| s.show_candidates = true);
    assert!(store.settings.with_untracked(candidate_note_shown));
    dismiss_candidate_note(store);
    assert!(!store.settings.with_untracked(candidate_note_shown));
    // Off and on again: it does not come back, and the saved settings say so.
    store.settings.update(|s| s.show_candidates = false);
    store.settings.update(|s| s.show_candidates = true);
    assert!(!store.settings.with_untracked(candidate_note_shown));
    let saved: crate::state::Settings = serde_json::from_str(&serde_json::to_string(&store.settings.get_untracked()).unwrap()).unwrap();
    assert!(saved.candidate_note_seen);
}

#[test]
fn a_variant_link_opens_is_won_by_its_cages_and_shares_its_constraints() {
    use inkdoku_engine::variant::{Constraint, Puzzle};
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    // A killer of the variant set (tests/data/variants/set.jsonl) as an f-puzzles link.
    let set = include_str!("../../tests/data/variants/set.jsonl");
    let entry: serde_json::Value = serde_json::from_str(set.lines().nth(8).unwrap()).unwrap();
    let puzzle: Puzzle = serde_json::from_value(entry["puzzle"].clone()).unwrap();
    open(&world, store, &format!("?load={}", inkdoku_engine::format::fpuzzles::write_puzzle(&puzzle)));
    assert_eq!(store.game.with_untracked(|g| g.variant().cloned()), Some(puzzle.clone()));
    assert!(store.status.get_untracked().starts_with("Opened a 9x9 puzzle"), "{}", store.status.get_untracked());
    // Graded after it opened, by its steps, in the worker (nobody waited on it).
    assert_eq!(store.meta.with_untracked(|m| m.level), None, "not graded yet");
    assert!(matches!(world.engine.last_task(), Some(Task::RateVariant { .. })));
    world.engine.answer_truly(world.engine.last_id());
    let level = inkdoku_engine::rating::rate_variant(&puzzle).level;
    assert_eq!(store.meta.with_untracked(|m| m.level), Some(level), "the grade shown beside the size");
    // The share link carries the constraints, and so does the Share dialog's SudokuPad link.
    let shared = inkdoku_engine::share::parse_puzzle(&share_fragment(store, true)).unwrap();
    assert_eq!(shared.puzzle, puzzle);
    let sudokupad = sudokupad_url(store);
    assert!(sudokupad.starts_with("https://sudokupad.app/?puzzleid=fpuzzles"), "{sudokupad}");
    assert_eq!(inkdoku_engine::share::parse_puzzle(&sudokupad).map(|s| s.puzzle), Ok(puzzle.clone()));
    // A cage over its sum: named by Check.
    let Some(Constraint::Killer { cells, sum: Some(sum) }) = puzzle
        .constraints
        .iter()
        .find(|c| matches!(c, Constraint::Killer { cells, sum: Some(_) } if cells.iter().all(|&x| puzzle.givens.get(x).is_none())))
    else {
        panic!("a cage without givens")
    };
    let solution = store.game.with_untracked(|g| g.solution().cloned().unwrap());
    let mut cells = cells.clone();
    cells.sort_by_key(|c| c.index());
    let (last, rest) = cells.split_last().unwrap();
    let right: Vec<u8> = rest.iter().map(|&c| solution.get(c).unwrap().get()).collect();
    let wrong = (1..=9u8).find(|d| !right.contains(d) && Some(*d) != solution.get(*last).map(|x| x.get())).unwrap();
    for &c in rest {
        write(store, c, solution.get(c).unwrap());
    }
    write(store, *last, inkdoku_engine::Digit::new(wrong).unwrap());
    check(store);
    let got: u16 = right.iter().map(|&d| u16::from(d)).sum::<u16>() + u16::from(wrong);
    let first = inkdoku_engine::geometry::cell_name(Size::Nine, cells[0]);
    assert_eq!(store.status.get_untracked(), format!("The cage at {first} adds up to {got}, not {sum}."));
}

#[test]
fn a_variants_grade_that_arrives_after_another_puzzle_opened_is_dropped() {
    use inkdoku_engine::variant::Puzzle;
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    store.settings.update(|s| s.confirm_new_game = false);
    let set = include_str!("../../tests/data/variants/set.jsonl");
    let puzzle: Puzzle =
        serde_json::from_value(serde_json::from_str::<serde_json::Value>(set.lines().nth(8).unwrap()).unwrap()["puzzle"].clone()).unwrap();
    open(&world, store, &format!("?load={}", inkdoku_engine::format::fpuzzles::write_puzzle(&puzzle)));
    let rating = world.engine.last_id();
    // Another puzzle (classic, rated Easy by its own analysis) opens before the grade comes.
    open(&world, store, PUZZLE);
    let classic_level = store.meta.with_untracked(|m| m.level);
    world.engine.answer_truly(rating);
    assert_eq!(store.meta.with_untracked(|m| m.level), classic_level, "the old grade is not put on the new puzzle");
}

/// The book of premade first puzzles as the page serves it.
const BOOK: &str = include_str!("../../static/first-puzzles.txt");

#[test]
fn a_first_visit_plays_a_premade_puzzle_of_the_level_asked_for_and_only_then_starts_the_engine() {
    use inkdoku_engine::rating::Level;
    let book = inkdoku_engine::book::parse(BOOK).unwrap();
    // 6x6 is not in the book (`book::per_level`): the worker makes it, as without a book.
    for size in [Size::Four, Size::Nine, Size::Sixteen] {
        for &level in inkdoku_engine::generator::levels(size) {
            let world = World::default();
            let (_owner, store) = store_in(&world, Lang::En);
            store.settings.update(|s| (s.size, s.level) = (size, level));
            first_puzzle(store);
            assert_eq!(world.engine.started.get(), 0, "no engine worker before the puzzle shows");
            world.premade.answer(Ok(BOOK));
            let (givens, solution) = store.game.with_untracked(|g| (g.givens().clone(), g.solution().cloned()));
            let entry = book.iter().find(|e| e.puzzle == givens).expect("a puzzle of the book");
            assert_eq!((entry.puzzle.size(), entry.level), (size, level));
            assert_eq!(solution.as_ref(), Some(&entry.solution));
            assert_eq!(store.meta.with_untracked(|m| (m.level, m.seed)), (Some(level), Some(entry.seed)));
            assert_eq!(
                store.status.get_untracked(),
                fill(crate::i18n::ui(Lang::En).new_puzzle, &[("size", size.name()), ("level", level.name())])
            );
            assert!(world.engine.asked.borrow().is_empty(), "the engine made nothing");
            assert_eq!(world.engine.started.get(), 1, "the engine worker starts once the puzzle is on the board");
            if size != Size::Nine || level != Level::Hard {
                continue;
            }
            // It plays, and New game then has the engine worker make a fresh one.
            let cell = play_one(store);
            assert_eq!(store.game.with_untracked(|g| g.digit(cell)), entry.solution.get(cell));
            store.settings.update(|s| s.confirm_new_game = false);
            new_game_seeded(&world, store, 1);
            assert!(matches!(world.engine.last_task(), Some(Task::Generate { options }) if options.size == size && options.level == level));
            let fresh = store.game.with_untracked(|g| g.givens().clone());
            assert!(fresh.filled_count() > 0 && fresh != givens, "a fresh puzzle: {fresh}");
        }
    }
}

#[test]
fn without_a_readable_book_the_engine_worker_makes_the_first_puzzle_and_nothing_is_said() {
    use inkdoku_engine::rating::Level;
    let only_4x4: String = BOOK.lines().filter(|l| l.starts_with('#') || l.len() < 40).collect::<Vec<_>>().join("\n");
    let damaged = BOOK.replacen(" Easy ", " Easiest ", 1);
    let cases: [Result<&str, &str>; 4] = [Err("first-puzzles.txt: status 404"), Ok("<!DOCTYPE html>"), Ok(&damaged), Ok(&only_4x4)];
    for book in cases {
        let world = World::default();
        let (_owner, store) = store_in(&world, Lang::En);
        store.settings.update(|s| s.level = Level::Medium);
        first_puzzle(store);
        world.premade.answer(book);
        assert!(
            matches!(world.engine.last_task(), Some(Task::Generate { options }) if options.size == Size::Nine && options.level == Level::Medium),
            "{book:?}: the worker is asked"
        );
        assert_eq!(store.status.get_untracked(), crate::i18n::ui(Lang::En).making_puzzle, "{book:?}");
        world.engine.answer_truly(world.engine.last_id());
        assert!(store.game.with_untracked(|g| g.givens().filled_count()) > 0, "{book:?}: a puzzle is on the board");
        assert_eq!(store.meta.with_untracked(|m| m.level), Some(Level::Medium));
        assert_eq!(store.dialog.get_untracked(), None, "{book:?}: no message for the player");
    }
}

#[test]
fn a_book_that_comes_after_the_player_began_replaces_nothing() {
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    first_puzzle(store);
    // New game → Start while the book is on its way: the engine makes that one.
    start_clicked(store);
    world.premade.answer(Ok(BOOK));
    assert!(store.making.get_untracked().is_some(), "still making the one asked for");
    assert_eq!(store.game.with_untracked(|g| g.givens().filled_count()), 0);
    world.engine.answer_truly(world.engine.last_id());
    let made = store.game.with_untracked(|g| g.givens().clone());
    assert!(made.filled_count() > 0);
    // A puzzle opened by hand, then the book: the opened one stays.
    let world = World::default();
    let (_owner, store) = store_in(&world, Lang::En);
    first_puzzle(store);
    open(&world, store, PUZZLE);
    let opened = store.game.with_untracked(|g| g.givens().clone());
    world.premade.answer(Ok(BOOK));
    assert_eq!(store.game.with_untracked(|g| g.givens().clone()), opened);
    assert_eq!(world.engine.started.get(), 0);
}
