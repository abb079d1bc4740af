//! Saving natively, its effects carried out on the ports' fakes as the app carries them out:
//! the waits on the fake clock, the saves through `storage::save_game`.

use super::*;
use crate::i18n::{Lang, ui};
use crate::ports::fakes::World;
use crate::ports::{KeyValue as _, Ports};
use crate::state::GameMeta;
use crate::storage::{GAME_KEY, GAME_OK_KEY, Loaded, StoredGame};
use inkdoku_engine::format::line;
use inkdoku_engine::game::{Action, Game};
use inkdoku_engine::{Cell, Digit};
use std::cell::RefCell;
use std::rc::Rc;

const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

/// The app around saving: the game, the dialog, the status line, what the panic hook holds.
struct Desk {
    ports: Ports,
    saving: Saving,
    game: Game,
    dialog: Option<Dialog>,
    status: String,
    rescued: usize,
}

type Shared = Rc<RefCell<Desk>>;

fn desk(world: &World) -> Shared {
    let game = Game::new(line::parse(PUZZLE).unwrap(), None);
    let ports = world.ports();
    Rc::new(RefCell::new(Desk { ports, saving: Saving::default(), game, dialog: None, status: String::new(), rescued: 0 }))
}

/// An input, its effects carried out as `controller::saving` does.
fn input(desk: &Shared, input: Input) {
    let effects = {
        let mut d = desk.borrow_mut();
        let Desk { saving, dialog, .. } = &mut *d;
        saving.input(input, &Context { ui: ui(Lang::En), dialog: dialog.as_ref() })
    };
    for effect in effects {
        let ports = desk.borrow().ports.clone();
        match effect {
            Effect::KeepForRescue => desk.borrow_mut().rescued += 1,
            Effect::Wait { ms, change } => {
                let desk = desk.clone();
                ports.clock.after(ms, Box::new(move || self::input(&desk, Input::Waited { change })));
            }
            Effect::Save => {
                let mut record =
                    StoredGame { version: 1, game: desk.borrow().game.clone(), meta: GameMeta::new(None, None), saved_at: None };
                let later = desk.clone();
                let saved = storage::save_game(&ports, &mut record, move |not_saved| self::input(&later, Input::KeptAside(not_saved)));
                self::input(desk, Input::Saved(saved));
            }
            Effect::Say(text) => desk.borrow_mut().status = text,
            Effect::Dialog(dialog) => desk.borrow_mut().dialog = dialog.map(|d| *d),
            Effect::TellFullSoon(kept) => {
                let (desk, storage) = (desk.clone(), ports.storage.clone());
                ports.clock.after(
                    0,
                    Box::new(move || self::input(&desk, Input::TellFull { kept, still_full: storage.get(GAME_OK_KEY).is_none() })),
                );
            }
        }
    }
}

/// A move on the game (a note in the `n`th empty cell), and autosave told of it.
fn play(desk: &Shared, n: usize) {
    let cell = PUZZLE.char_indices().filter(|(_, c)| *c == '.').nth(n).unwrap().0;
    let action = Action::ToggleNote { cell: Cell::new(cell), digit: Digit::new(1).unwrap() };
    desk.borrow_mut().game.apply(action).unwrap();
    input(desk, Input::GameChanged);
}

fn stored(world: &World) -> Option<StoredGame> {
    world.storage.get(GAME_KEY).map(|text| serde_json::from_str(&text).unwrap())
}

#[test]
fn a_burst_of_moves_is_saved_once_after_the_last_and_the_panic_hook_has_each() {
    let world = World::default();
    let desk = desk(&world);
    for cell in 0..5 {
        play(&desk, cell);
        world.clock.advance(300.0);
    }
    assert_eq!(stored(&world), None, "not while the moves keep coming");
    assert_eq!(desk.borrow().rescued, 5, "the panic hook has every move at once");
    world.clock.advance(100.0);
    assert_eq!(stored(&world).map(|s| s.game.applied()), Some(5), "saved after the burst");
    let at = world.storage.get(GAME_KEY);
    world.storage.remove(GAME_KEY);
    world.clock.advance(5_000.0);
    assert_eq!(stored(&world), None, "once: the earlier waits saved nothing");
    assert!(at.is_some());
    // Two stores, two autosaves: a change in one never postpones the other's save.
    let other = self::desk(&world);
    play(&desk, 10);
    world.clock.advance(200.0);
    play(&other, 20);
    world.clock.advance(200.0);
    assert_eq!(stored(&world).map(|s| s.game.applied()), Some(6), "the first store's burst is over: saved");
}

#[test]
fn a_full_storage_is_said_to_the_player_once_and_the_game_is_not_lost() {
    let world = World::default();
    let desk = desk(&world);
    play(&desk, 0);
    world.clock.advance(SAVE_AFTER_MS.into());
    world.storage.full.set(true);
    play(&desk, 1);
    world.clock.advance(SAVE_AFTER_MS.into());
    assert_eq!(desk.borrow().status, "Your game could not be saved: the browser's storage for this site is full.");
    world.clock.advance(storage::LASTING_WAIT_MS.into());
    assert_eq!(desk.borrow().dialog, Some(Dialog::StorageFull { kept: Spare::Lasting }), "a dialog says where it is kept");
    // The game is not lost: a reload finds the newest, with both moves.
    let found = Rc::new(RefCell::new(None));
    let slot = found.clone();
    storage::load_newest(&world.ports(), move |answer| *slot.borrow_mut() = Some(answer));
    world.clock.advance(storage::LASTING_WAIT_MS.into());
    let answer = found.take().expect("answered");
    let Loaded::Found(saved) = answer.loaded else { panic!("the game is lost") };
    assert_eq!(saved.game.applied(), 2);
    // Closed, the dialog does not come back after every move; the status line says it.
    desk.borrow_mut().dialog = None;
    play(&desk, 2);
    world.clock.advance((SAVE_AFTER_MS + storage::LASTING_WAIT_MS).into());
    assert_eq!(desk.borrow().dialog, None);
    assert_eq!(desk.borrow().status, ui(Lang::En).storage_still_full);
    // Room again: the next save works and says so.
    world.storage.full.set(false);
    desk.borrow_mut().dialog = Some(Dialog::StorageFull { kept: Spare::Lasting });
    play(&desk, 3);
    world.clock.advance(SAVE_AFTER_MS.into());
    assert_eq!((desk.borrow().dialog.clone(), desk.borrow().status.clone()), (None, ui(Lang::En).storage_freed.to_string()));
    assert!(!desk.borrow().saving.full_told());
}
