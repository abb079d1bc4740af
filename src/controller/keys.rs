//! The keyboard on the store: the key map is the core's (`inkdoku_core::controller::keys`,
//! `interpret_key`); here the app's state is read for it and its command carried out.

use super::*;
pub use inkdoku_core::controller::keys::*;

/// The app as the key map sees it now; `text_selected` is the page's (the browser's to say).
pub fn key_context(store: Store, text_selected: bool) -> KeyContext {
    KeyContext {
        dialog: store.dialog.with_untracked(Option::is_some),
        making: store.making.with_untracked(Option::is_some),
        menu: store.menu.with_untracked(Option::is_some),
        zoomed: untrack(|| crate::state::zoom::shown(store).is_some()),
        size: untrack(|| store.size()),
        selected: store.selected.get_untracked(),
        mode: store.mode.get_untracked(),
        text_selected,
    }
}

/// Carries out a key's command: the game's are the session's (`play`), the rest the screen's.
pub fn perform(store: Store, command: KeyCommand) {
    match command {
        // The key map chose the top one to close: the screen's Escape closes the same.
        KeyCommand::CloseDialog | KeyCommand::CloseMenu => store.screen(ScreenInput::Escape),
        KeyCommand::WholeBoard => {
            crate::state::zoom::whole_board(store);
        }
        KeyCommand::Deselect => {
            crate::state::zoom::whole_board(store);
            clear_highlights(store);
            play(store, Input::Key(command));
        }
        KeyCommand::CopyPuzzle => copy_puzzle(store),
        KeyCommand::Nothing => {}
        _ => {
            play(store, Input::Key(command));
        }
    }
}

/// A key pressed: interprets and carries it out. Returns whether the key was the app's (the
/// browser's default action must not follow).
pub fn key_pressed(store: Store, press: &KeyPress, text_selected: bool) -> bool {
    match interpret_key(press, &key_context(store, text_selected)) {
        Some(command) => {
            perform(store, command);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::fakes::{StoreOn as _, World};

    #[test]
    fn keys_pressed_play_on_the_store_and_undo_and_escape_as_the_map_says() {
        let world = World::default();
        let (_owner, store) = world.store(crate::i18n::Lang::En);
        let givens =
            inkdoku_engine::format::line::parse(".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.")
                .unwrap();
        store.session_mut(|s| s.set_game(Game::new(givens, None)));
        // The key map's own cases are the core's tests; these are carried out on the store.
        let with = |key: &str, ctrl: bool, shift: bool| key_pressed(store, &KeyPress { key, code: "", ctrl, shift }, false);
        let key = |k: &str| with(k, false, false);
        let d = |v| Digit::new(v).unwrap();
        // The first arrow selects the centre; then up and left to r4c4 (empty).
        assert!(key("ArrowRight") && key("ArrowUp") && key("ArrowLeft"));
        let r4c4 = Size::Nine.cell(3, 3);
        assert_eq!(store.selected.get_untracked(), Some(r4c4));
        assert!(key("4"));
        assert_eq!(store.game.with_untracked(|g| g.digit(r4c4)), Some(d(4)));
        assert!(with("z", true, false));
        assert_eq!(store.game.with_untracked(|g| g.digit(r4c4)), None, "undone");
        assert!(with("Z", true, true));
        assert_eq!(store.game.with_untracked(|g| g.digit(r4c4)), Some(d(4)), "redone");
        assert!(key("Delete"));
        assert_eq!(store.game.with_untracked(|g| g.digit(r4c4)), None);
        // In Notes mode the digit is a note.
        assert!(key("n") && key("2"));
        assert_eq!(store.mode.get_untracked(), InputMode::Notes);
        assert!(store.game.with_untracked(|g| g.digit(r4c4).is_none() && g.board().pencil.notes[r4c4.index()].contains(d(2))));
        assert!(!key("Tab"), "the browser's");
        assert!(key("Escape"));
        assert_eq!(store.selected.get_untracked(), None);
    }
}
