//! Killers made here, natively on the fakes: New game → Killer at every level, the engine's
//! answer at another level said to the player, Cancel, the daily killer, the kind remembered,
//! a killer kept, saved and restored.

use super::*;
use crate::ports::fakes::{StoreOn as _, World};
use crate::storage::SETTINGS_KEY;
use inkdoku_engine::generator::Symmetry;
use inkdoku_engine::killer_generator::{self, KillerGenerated};
use inkdoku_engine::lang::Lang;
use inkdoku_engine::rating::Level;
use inkdoku_engine::variant::Constraint;

/// A store whose New game makes killers, without asking before it replaces a game.
fn killer_store(world: &World) -> (Owner, Store) {
    let (owner, store) = world.store(Lang::En);
    store.settings.update(|s| (s.confirm_new_game, s.kind) = (false, Kind::Killer));
    (owner, store)
}

/// New game → Start, with the random port's next seed set to `seed`: the request it sent.
fn start_seeded(world: &World, store: Store, seed: u64) -> Options {
    world.random.next.set(seed);
    new_game_clicked(store);
    start_clicked(store);
    match world.engine.last_task() {
        Some(Task::GenerateKiller { options }) => options,
        other => panic!("a killer is asked for, not {other:?}"),
    }
}

/// The killer cages of the game on the board.
fn cages(store: Store) -> usize {
    store
        .game
        .with_untracked(|g| g.variant().map_or(0, |p| p.constraints.iter().filter(|c| matches!(c, Constraint::Killer { .. })).count()))
}

/// A killer the engine makes at Easy from `seed` (quick), as the worker would send it.
fn easy_killer(seed: u64) -> KillerGenerated {
    let options = Options { size: Size::Nine, level: Level::Easy, symmetry: Symmetry::None, seed };
    killer_generator::generate(&options, &mut |_| true).expect("a killer")
}

#[test]
fn new_game_killer_asks_the_worker_for_a_9x9_killer_of_the_level_picked_and_plays_it_rated() {
    let world = World::default();
    let (_owner, store) = killer_store(&world);
    // A classic size the player left at 4x4: a killer is 9x9 all the same.
    store.settings.update(|s| s.size = Size::Four);
    for &level in &killer_generator::LEVELS {
        store.settings.update(|s| s.level = level);
        let options = start_seeded(&world, store, 5);
        assert_eq!((options.size, options.level, options.seed), (Size::Nine, level, 5), "asked for the level picked");
        assert_eq!(store.making.get_untracked(), Some(Making { done: 0, total: 1 }), "the progress shows");
        assert_eq!(store.status.get_untracked(), "Making a puzzle…");
        // The quick levels are made here by the engine's own handler (the others take seconds
        // to a minute natively: their requests are what this test holds).
        if matches!(level, Level::Easy | Level::Medium) {
            let before = world.engine.last_id();
            world.engine.answer_truly(before);
            assert!(cages(store) > 0, "a killer with its cages on the board");
            assert_eq!(store.game.with_untracked(Kind::of), Kind::Killer);
            assert!(store.game.with_untracked(|g| g.solution().is_some() && g.size() == Size::Nine));
            assert_eq!(store.meta.with_untracked(|m| (m.level, m.seed)), (Some(level), Some(5)), "rated as made");
            assert_eq!(store.status.get_untracked(), format!("New {} killer.", level.name()));
            assert_eq!(store.dialog.get_untracked(), None, "the New game dialog closes");
            assert_eq!(store.making.get_untracked(), None);
        } else {
            cancel_making(store);
        }
    }
    // Classic again: a classic puzzle of the size remembered, as before killers.
    store.settings.update(|s| (s.kind, s.level) = (Kind::Classic, Level::Easy));
    new_game_clicked(store);
    start_clicked(store);
    assert!(matches!(world.engine.last_task(), Some(Task::Generate { options }) if options.size == Size::Four));
}

#[test]
fn a_killer_of_another_level_than_asked_is_said_in_the_players_language() {
    for (lang, said) in [
        (Lang::En, "No Expert killer could be made in time; this one, the nearest made, is Easy."),
        (
            Lang::De,
            "Kein Killer-Sudoku der Stufe „Experte“ ließ sich rechtzeitig erstellen; dieses, das nächstliegende, hat die Stufe „Leicht“.",
        ),
    ] {
        let world = World::default();
        let (_owner, store) = killer_store(&world);
        store.settings.update(|s| (s.level, s.language) = (Level::Expert, Some(lang)));
        start_seeded(&world, store, 9);
        // The generator's answer when no Expert killer came within its attempts: the nearest
        // it made, which says its own level.
        let mut nearest = easy_killer(9);
        nearest.options.level = Level::Expert;
        assert!(!nearest.fits());
        world.engine.answer(world.engine.last_id(), Reply::GeneratedKiller { id: world.engine.last_id(), generated: nearest.clone() });
        assert_eq!(store.status.get_untracked(), said);
        assert_eq!(store.meta.with_untracked(|m| m.level), Some(Level::Easy), "rated as it is, not as asked");
        assert_eq!(store.game.with_untracked(|g| g.variant().cloned()), Some(nearest.puzzle));
    }
    // One that fits says no more than that it is new.
    let world = World::default();
    let (_owner, store) = killer_store(&world);
    start_seeded(&world, store, 9);
    let made = easy_killer(9);
    assert!(made.fits());
    world.engine.answer(world.engine.last_id(), Reply::GeneratedKiller { id: world.engine.last_id(), generated: made });
    assert_eq!(store.status.get_untracked(), "New Easy killer.");
}

#[test]
fn cancel_stops_a_killer_being_made_and_its_answer_never_lands() {
    let world = World::default();
    let (_owner, store) = killer_store(&world);
    store.settings.update(|s| s.level = Level::Expert);
    let board = store.game.get_untracked();
    start_seeded(&world, store, 3);
    let id = world.engine.last_id();
    world.engine.answer(id, Reply::Progress { id, done: 4, total: 60 });
    assert_eq!(store.making.get_untracked(), Some(Making { done: 4, total: 60 }), "the attempts made so far");
    cancel_making(store);
    assert_eq!(world.engine.cancelled.get(), 1, "the worker is stopped");
    assert_eq!(store.making.get_untracked(), None);
    assert_eq!(store.status.get_untracked(), "Cancelled.");
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::NewGame), "back to the choices");
    // What the stopped worker would have sent changes nothing.
    world.engine.answer(id, Reply::GeneratedKiller { id, generated: easy_killer(3) });
    assert_eq!(store.game.get_untracked(), board);
    assert_eq!(store.status.get_untracked(), "Cancelled.");
}

/// The daily killer of the world's date, made by the engine's handler: its request's seed and
/// the puzzle on the board.
fn daily_killer(world: &World, store: Store) -> (u64, inkdoku_engine::variant::Puzzle) {
    daily_clicked(store, Kind::Killer);
    let Some(Task::GenerateKiller { options }) = world.engine.last_task() else { panic!("a killer is made") };
    assert_eq!(options.level, Level::Medium);
    world.engine.answer_truly(world.engine.last_id());
    (options.seed, store.game.with_untracked(|g| g.variant().cloned().expect("a killer")))
}

#[test]
fn the_daily_killer_is_the_same_for_a_date_everywhere_and_another_the_next_day() {
    let world = World::default();
    world.clock.now.set(1_764_028_800_000.0); // 2025-11-25, midnight UTC
    let (_owner, store) = killer_store(&world);
    store.settings.update(|s| s.level = Level::Expert); // New game's level: not the daily's
    let (seed, puzzle) = daily_killer(&world, store);
    assert_eq!(store.meta.with_untracked(|m| m.daily.clone()), Some("2025-11-25".to_string()));
    assert_eq!(store.status.get_untracked(), "Daily killer, 2025-11-25.");
    // Another browser on the same date, with other random seeds: the same killer.
    let other = world.beside();
    other.clock.now.set(1_764_028_800_000.0 + 3_600_000.0);
    let (_owner2, store2) = killer_store(&other);
    assert_eq!(daily_killer(&other, store2), (seed, puzzle.clone()));
    // The next day: another seed, another killer.
    world.clock.now.set(1_764_028_800_000.0 + 86_400_000.0);
    let (next_seed, next) = daily_killer(&world, store);
    assert_ne!(next_seed, seed);
    assert_ne!(next, puzzle);
    // The daily classic of the same date is another puzzle, from another seed, and asking
    // for it while the daily killer is on makes it (it is not "the daily puzzle, on already").
    daily_clicked(store, Kind::Classic);
    let Some(Task::Generate { options }) = world.engine.last_task() else { panic!("the daily classic is made") };
    assert_ne!(options.seed, next_seed);
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.game.with_untracked(Kind::of), Kind::Classic);
    assert_eq!(store.status.get_untracked(), "Daily puzzle, 2025-11-26.");
}

#[test]
fn the_daily_killer_asks_before_it_replaces_a_game_and_comes_back_with_its_moves() {
    let world = World::default();
    world.clock.now.set(1_764_028_800_000.0);
    let (_owner, store) = world.store(Lang::En);
    store.settings.update(|s| s.confirm_new_game = true);
    daily_clicked(store, Kind::Classic);
    world.engine.answer_truly(world.engine.last_id());
    write_one(store);
    let classic = store.game.get_untracked();
    daily_clicked(store, Kind::Killer);
    assert_eq!(store.dialog.get_untracked(), Some(Dialog::ConfirmDaily(Kind::Killer)), "asked first");
    daily(store, Kind::Killer);
    world.engine.answer_truly(world.engine.last_id());
    assert_eq!(store.game.with_untracked(Kind::of), Kind::Killer);
    write_one(store);
    let killer = store.game.get_untracked();
    // The daily classic of the date is resumed from the kept games, then the killer likewise:
    // each with its move, neither made afresh.
    let asked = world.engine.last_id();
    daily(store, Kind::Classic);
    assert_eq!(store.game.get_untracked(), classic);
    daily(store, Kind::Killer);
    assert_eq!(store.game.get_untracked(), killer);
    assert_eq!(world.engine.last_id(), asked, "nothing made");
    assert_eq!(store.status.get_untracked(), "Daily killer, 2025-11-25.");
}

/// Writes the solution's digit in the first empty cell.
fn write_one(store: Store) {
    let (cell, digit) = store.game.with_untracked(|g| {
        let solution = g.solution().cloned().expect("a solution");
        let cell = (0..81).map(Cell::new).find(|&c| g.digit(c).is_none()).expect("an empty cell");
        (cell, solution.get(cell).expect("solved"))
    });
    write(store, cell, digit);
}

#[test]
fn the_kind_chosen_is_remembered_by_the_settings_and_older_settings_read_classic() {
    let world = World::default();
    let (_owner, store) = world.store(Lang::En);
    // The New game dialog's Killer choice, saved as the settings effect saves it.
    store.settings.update(|s| (s.kind, s.level, s.confirm_new_game) = (Kind::Killer, Level::Medium, false));
    storage::save(&store.ports(), SETTINGS_KEY, &store.settings.get_untracked()).unwrap();
    // The next visit reads it, and its New game makes a killer.
    let (settings, problem) = storage::load_settings(&world.ports());
    assert_eq!(problem, None);
    assert_eq!((settings.kind, settings.level), (Kind::Killer, Level::Medium));
    let (_owner2, next) = world.store(Lang::En);
    next.settings.set(settings);
    new_game_clicked(next);
    start_clicked(next);
    assert!(matches!(world.engine.last_task(), Some(Task::GenerateKiller { options }) if options.level == Level::Medium));
    // Settings saved before killers (no kind) read as classic.
    let stored = r#"{"size":"9","level":"Hard","symmetry":"rotational"}"#;
    crate::ports::KeyValue::set(&*world.storage, SETTINGS_KEY, stored).unwrap();
    let (settings, problem) = storage::load_settings(&world.ports());
    assert_eq!((settings.kind, settings.level, problem), (Kind::Classic, Level::Hard, None));
}

#[test]
fn a_killer_is_saved_and_restored_and_two_killers_without_givens_are_kept_apart() {
    let world = World::default();
    let (_owner, store) = killer_store(&world);
    store.settings.update(|s| s.level = Level::Easy);
    start_seeded(&world, store, 21);
    world.engine.answer_truly(world.engine.last_id());
    write_one(store);
    save_now(store);
    let (game, meta) = (store.game.get_untracked(), store.meta.get_untracked());
    // A reload: the stored game is the killer, cages, move, level and all.
    let (_owner2, reloaded) = world.store(Lang::En);
    reload_saved(reloaded, |found| assert_eq!(found, Some(true)));
    assert_eq!(reloaded.game.get_untracked(), game);
    assert_eq!(reloaded.meta.with_untracked(|m| m.level), meta.level);
    assert_eq!(reloaded.game.with_untracked(Kind::of), Kind::Killer);
    // Killers with cages only have no givens: two in progress are two games kept, not one.
    let cages_only = |seed: u64| {
        let made = easy_killer(seed);
        let mut puzzle = made.puzzle;
        puzzle.givens = inkdoku_engine::Grid::new(Size::Nine);
        inkdoku_engine::game::Game::of_puzzle(puzzle, Some(made.solution)).unwrap()
    };
    for seed in [31, 32, 33] {
        start_game(store, cages_only(seed), GameMeta::new(Some(Level::Hard), Some(seed)));
        write_one(store);
    }
    let kept = kept_games(store);
    assert_eq!(kept.len(), 3, "the killer made first and the first two without givens");
    assert_eq!(kept[0].game.givens(), kept[1].game.givens(), "both without givens");
    assert_ne!(kept[0].game.variant(), kept[1].game.variant());
    // The one on the board, without a given, is a puzzle all the same: saved, and its clock
    // runs (both once took a board without givens for the blank one before the first puzzle).
    save_now(store);
    let (_owner3, again) = world.store(Lang::En);
    reload_saved(again, |found| assert_eq!(found, Some(true)));
    assert_eq!(again.game.get_untracked(), store.game.get_untracked());
    assert!(store.game.with_untracked(crate::state::has_puzzle));
}

#[test]
fn a_killer_won_by_hand_has_a_best_time_of_its_own() {
    let world = World::default();
    let (_owner, store) = killer_store(&world);
    store.settings.update(|s| s.level = Level::Easy);
    start_seeded(&world, store, 4);
    world.engine.answer_truly(world.engine.last_id());
    games::games(store, inkdoku_core::games::Input::PlayTime(200_000));
    while !store.game.with_untracked(|g| g.is_solved()) {
        write_one(store);
    }
    assert!(matches!(store.dialog.get_untracked(), Some(Dialog::Won { new_best: true, .. })));
    // Kept apart from a classic Easy 9x9's best time.
    let best: storage::BestTimes = serde_json::from_str(&crate::ports::KeyValue::get(&*world.storage, storage::BEST_KEY).unwrap()).unwrap();
    assert_eq!(best.into_iter().collect::<Vec<_>>(), vec![("killer 9x9/Easy".to_string(), 200_000)]);
}

#[test]
fn print_puzzles_with_killer_picked_makes_killers_and_lays_out_their_cages() {
    let world = World::default();
    let (_owner, store) = killer_store(&world);
    world.random.next.set(3);
    print_set(store, 2, Level::Easy, 2);
    for done in 0..2 {
        let options = match world.engine.last_task() {
            Some(Task::GenerateKiller { options }) => options,
            other => panic!("a killer is asked for, not {other:?}"),
        };
        assert_eq!((options.size, options.level), (Size::Nine, Level::Easy));
        assert_eq!(store.making.get_untracked(), Some(Making { done, total: 2 }));
        world.engine.answer_truly(world.engine.last_id());
    }
    let set = store.print_set.get_untracked().expect("the set laid out");
    assert_eq!(set.puzzles.len(), 2);
    for printed in &set.puzzles {
        let cages = printed.shapes.iter().filter(|s| matches!(s, inkdoku_engine::variant::Shape::Cage { sum: Some(_), .. })).count();
        assert!(cages >= 10, "the cages with their sums go on paper: {cages}");
        assert!(printed.caption.starts_with("Easy · 9x9 Killer · seed "), "{}", printed.caption);
    }
    assert_eq!(store.making.get_untracked(), None);
    assert_eq!(world.files.printed.get(), 0, "printed once the layout is drawn");
    world.clock.advance(100.0);
    assert_eq!(world.files.printed.get(), 1);

    // Classic picked: classic puzzles, nothing drawn over their grids.
    store.settings.update(|s| s.kind = Kind::Classic);
    print_set(store, 1, Level::Easy, 2);
    assert!(matches!(world.engine.last_task(), Some(Task::Generate { .. })));
    world.engine.answer_truly(world.engine.last_id());
    let set = store.print_set.get_untracked().expect("the set laid out");
    assert!(set.puzzles[0].shapes.is_empty());
    assert!(set.puzzles[0].caption.starts_with("Easy · 9x9 · seed "), "{}", set.puzzles[0].caption);
}
