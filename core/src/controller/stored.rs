//! Storage's answers about games, and what the app does with them: the stored game a reload
//! found (`reloaded`: a tab starting, a following tab keeping up, a tab taking over), and the
//! kept games, the oldest of which goes to make room in a full storage (`remove_oldest_kept`).

use crate::ports::Ports;
use crate::storage::{self, GAMES_KEY, Loaded, LoadedGame, StoredGame};

/// What a reload shows of storage's answer (`storage::load_newest`): the stored game and
/// whether it is the player's newest. None when there is nothing to show: no stored game, or one
/// that does not read (the board stays; the playing tab said so at start, `read_start`).
pub fn reloaded(answer: LoadedGame) -> Option<(StoredGame, bool)> {
    match answer.loaded {
        Loaded::Found(saved) => Some((saved, answer.up_to_date)),
        Loaded::Missing | Loaded::Corrupt { .. } => None,
    }
}

/// Removes the oldest kept game to make room (the player asked, from the full storage's
/// dialog); whether there was one. A shorter list that still does not fit goes whole: it is what
/// was asked to go first, and the rest is older than the game on the board.
pub fn remove_oldest_kept(ports: &Ports) -> bool {
    let mut kept = storage::load_kept(ports);
    let removed = kept.games.pop().is_some();
    if removed && storage::save_kept(ports, &kept).is_err() {
        storage::remove(ports, GAMES_KEY);
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::KeyValue as _;
    use crate::ports::fakes::World;
    use crate::state::GameMeta;
    use crate::storage::{GAME_KEY, KeptGames};
    use inkdoku_engine::game::Game;

    const PUZZLES: [&str; 2] = [
        ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ];

    fn record(puzzle: &str) -> StoredGame {
        let game = Game::new(inkdoku_engine::format::line::parse(puzzle).unwrap(), None);
        StoredGame { version: 1, game, meta: GameMeta::new(None, None), saved_at: Some(1.0) }
    }

    #[test]
    fn a_reload_shows_the_stored_game_and_leaves_the_board_for_a_record_that_does_not_read() {
        let world = World::default();
        let answer = |world: &World| {
            let found = std::rc::Rc::new(std::cell::RefCell::new(None));
            let slot = found.clone();
            storage::load_newest(&world.ports(), move |answer| *slot.borrow_mut() = Some(reloaded(answer)));
            found.take().expect("the main store answers at once")
        };
        assert_eq!(answer(&world), None, "nothing stored");
        let mut saved = record(PUZZLES[0]);
        storage::save_game(&world.ports(), &mut saved, |_| {}).unwrap();
        assert_eq!(answer(&world), Some((saved.clone(), true)));
        // An older game (a save failed since): shown, and said to be older.
        assert_eq!(reloaded(LoadedGame { loaded: Loaded::Found(saved.clone()), up_to_date: false }), Some((saved, false)));
        world.storage.set(GAME_KEY, "{").unwrap();
        assert_eq!(answer(&world), None, "a damaged record is shown as nothing");
    }

    #[test]
    fn the_oldest_kept_game_goes_and_a_list_that_still_does_not_fit_goes_whole() {
        let world = World::default();
        let ports = world.ports();
        assert!(!remove_oldest_kept(&ports), "nothing kept");
        let mut kept = KeptGames { version: 1, games: Vec::new() };
        for puzzle in PUZZLES {
            kept.keep(record(puzzle));
        }
        storage::save_kept(&ports, &kept).unwrap();
        assert!(remove_oldest_kept(&ports));
        let left = storage::load_kept(&ports);
        assert_eq!(left.games.len(), 1);
        assert_eq!(left.games[0].game.givens().to_line(), PUZZLES[1], "the newest stays");
        // Storage full: the shorter list can't be written, so the record goes.
        storage::save_kept(&ports, &kept).unwrap();
        world.storage.full.set(true);
        assert!(remove_oldest_kept(&ports));
        assert_eq!(world.storage.get(GAMES_KEY), None);
    }
}
