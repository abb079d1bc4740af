//! What covers the board: the open dialog, the open menu of the game's commands, and the note
//! kept for when the puzzle being opened is on the board. Inputs in, what changed out: the
//! app's store holds a `Screen` and mirrors its dialog and menu for the components
//! (`Store::screen`, the one writer), as it shows the status line.
//!
//! The rules, each a test below:
//! - one dialog at a time: a dialog shown (by the player or by the core: a message, the win, a
//!   full storage) takes the place of the one open, the newest being what the player answers;
//! - the core's end of a dialog it opened (`CloseIf`: the New game dialog once its puzzle is on
//!   the board, the other tab's note once this tab plays) leaves a dialog opened since;
//! - one menu at a time: opening a menu closes the other, opening the open one closes it; a
//!   dialog leaves the menu as it is (it shows again when the dialog closes);
//! - Escape closes the top one: the dialog if one is open, else the menu;
//! - a note kept for after an open (what of a file could not be restored) waits behind the
//!   dialogs (the one that asks before the game in progress is replaced included) and shows
//!   once the puzzle is on the board; the next open replaces it, so a refused or cancelled open
//!   never shows it.

use crate::state::{Dialog, Menu};
use std::mem::discriminant;

/// The dialog and the menu on show, and the note kept for after an open.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Screen {
    dialog: Option<Dialog>,
    menu: Option<Menu>,
    note: Option<Dialog>,
}

/// An input to the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A dialog opens, in place of the one open (if any).
    Show(Dialog),
    /// The open dialog closes (its OK, Close or Cancel, or a choice that ends it).
    Close,
    /// The open dialog closes if it is of this kind (its values aside), else stays.
    CloseIf(Dialog),
    /// A menu button: opens this menu (closing the other), or closes it if it is open.
    ToggleMenu(Menu),
    /// The open menu closes (one of its commands was chosen).
    CloseMenu,
    /// The Escape key, with something to close (the key map's `CloseDialog` or `CloseMenu`).
    Escape,
    /// A puzzle is being opened: the note to show once it is on the board (`None`: none; an
    /// older note goes either way).
    NoteForAfter(Option<Dialog>),
    /// The puzzle being opened is on the board: its note, if one waits, shows.
    Opened,
}

/// What changed, for the store's mirror.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    pub dialog: bool,
    pub menu: bool,
}

impl Screen {
    /// The open dialog, if any (a dialog covers the board and pauses the timer).
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// The open menu, if any.
    pub fn menu(&self) -> Option<Menu> {
        self.menu
    }

    /// The note waiting for the puzzle being opened, if any.
    pub fn note(&self) -> Option<&Dialog> {
        self.note.as_ref()
    }

    /// Takes an input; says what changed. A dialog shown counts as a change even when it is the
    /// one open (the screen draws it afresh, as it did before the store mirrored the core): two
    /// dialogs are never compared whole, which would bring a puzzle's comparison into the
    /// app's wasm for nothing.
    pub fn input(&mut self, input: Input) -> Changed {
        let menu = self.menu;
        let dialog = match input {
            Input::Show(shown) => {
                self.dialog = Some(shown);
                true
            }
            Input::Close => self.dialog.take().is_some(),
            Input::CloseIf(which) => {
                let open = self.dialog.as_ref().is_some_and(|open| discriminant(open) == discriminant(&which));
                open && self.dialog.take().is_some()
            }
            Input::ToggleMenu(toggled) => {
                self.menu = if self.menu == Some(toggled) { None } else { Some(toggled) };
                false
            }
            Input::CloseMenu => {
                self.menu = None;
                false
            }
            Input::Escape => {
                let closed = self.dialog.take().is_some();
                if !closed {
                    self.menu = None;
                }
                closed
            }
            Input::NoteForAfter(note) => {
                self.note = note;
                false
            }
            Input::Opened => self.note.take().map(|note| self.dialog = Some(note)).is_some(),
        };
        Changed { dialog, menu: self.menu != menu }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> Dialog {
        Dialog::Message { title: "Opened".into(), text: text.into(), details: None }
    }

    fn after(inputs: impl IntoIterator<Item = Input>) -> Screen {
        let mut screen = Screen::default();
        for input in inputs {
            screen.input(input);
        }
        screen
    }

    #[test]
    fn a_dialog_shown_takes_the_place_of_the_open_one_and_says_so() {
        let mut screen = after([Input::Show(Dialog::Settings)]);
        let won = Dialog::Won { time_ms: 1000, best_ms: None, new_best: true, together: None };
        assert_eq!(screen.input(Input::Show(won.clone())), Changed { dialog: true, menu: false });
        assert_eq!(screen.dialog(), Some(&won), "the newest is the one to answer");
        assert_eq!(screen.input(Input::Show(won.clone())), Changed { dialog: true, menu: false }, "shown afresh");
        assert_eq!(screen.input(Input::Close), Changed { dialog: true, menu: false });
        assert_eq!(screen.dialog(), None, "closed, not back to the one it replaced");
    }

    #[test]
    fn the_cores_end_of_its_dialog_leaves_a_dialog_opened_since() {
        let mut screen = after([Input::Show(Dialog::NewGame)]);
        screen.input(Input::CloseIf(Dialog::NewGame));
        assert_eq!(screen.dialog(), None, "its puzzle is on the board: the New game dialog closes");
        // The player opened Settings while the puzzle was made: it stays.
        let mut screen = after([Input::Show(Dialog::NewGame), Input::Show(Dialog::Settings)]);
        assert_eq!(screen.input(Input::CloseIf(Dialog::NewGame)), Changed::default());
        assert_eq!(screen.dialog(), Some(&Dialog::Settings));
        // Kinds, not values: any message closes for a message.
        let mut screen = after([Input::Show(message("a"))]);
        screen.input(Input::CloseIf(message("b")));
        assert_eq!(screen.dialog(), None);
    }

    #[test]
    fn opening_a_menu_closes_the_other_and_opening_the_open_one_closes_it() {
        let mut screen = after([Input::ToggleMenu(Menu::Solve)]);
        assert_eq!(screen.menu(), Some(Menu::Solve));
        assert_eq!(screen.input(Input::ToggleMenu(Menu::Savepoints)), Changed { dialog: false, menu: true });
        assert_eq!(screen.menu(), Some(Menu::Savepoints), "one menu at a time");
        screen.input(Input::ToggleMenu(Menu::Savepoints));
        assert_eq!(screen.menu(), None, "its own button closes it");
        let mut screen = after([Input::ToggleMenu(Menu::Solve), Input::Show(Dialog::Share)]);
        assert_eq!(screen.menu(), Some(Menu::Solve), "a dialog leaves the menu as it is");
        assert_eq!(screen.input(Input::CloseMenu), Changed { dialog: false, menu: true });
        assert_eq!((screen.menu(), screen.dialog()), (None, Some(&Dialog::Share)));
    }

    #[test]
    fn escape_closes_the_top_one_the_dialog_then_the_menu() {
        let mut screen = after([Input::ToggleMenu(Menu::Solve), Input::Show(Dialog::Rules)]);
        assert_eq!(screen.input(Input::Escape), Changed { dialog: true, menu: false });
        assert_eq!((screen.dialog(), screen.menu()), (None, Some(Menu::Solve)), "the dialog first, the menu stays");
        assert_eq!(screen.input(Input::Escape), Changed { dialog: false, menu: true });
        assert_eq!(screen.menu(), None);
    }

    #[test]
    fn a_note_kept_for_after_an_open_waits_behind_the_dialogs_and_shows_once_the_puzzle_is_on_the_board() {
        let note = message("Your progress could not be restored.");
        // A game in progress: the open asks first; the note waits behind that dialog.
        let mut screen = after([Input::NoteForAfter(Some(note.clone())), Input::Show(Dialog::ConfirmOpen(shared()))]);
        assert!(matches!(screen.dialog(), Some(Dialog::ConfirmOpen(_))));
        // "Open": the dialog closes while the worker checks the puzzle; the note still waits.
        screen.input(Input::Close);
        assert_eq!((screen.dialog(), screen.note()), (None, Some(&note)));
        assert_eq!(screen.input(Input::Opened), Changed { dialog: true, menu: false });
        assert_eq!((screen.dialog(), screen.note()), (Some(&note), None), "shown once, then gone");
        screen.input(Input::Close);
        assert_eq!(screen.input(Input::Opened), Changed::default(), "nothing waits: a later open shows nothing");
        // "Keep playing": the dialog closes, the note stays unseen; the next open replaces it.
        let mut screen = after([Input::NoteForAfter(Some(note.clone())), Input::Show(Dialog::ConfirmOpen(shared())), Input::Close]);
        assert_eq!(screen.dialog(), None, "a cancelled open shows no note");
        screen.input(Input::NoteForAfter(None));
        screen.input(Input::Opened);
        assert_eq!(screen.dialog(), None, "the next open dropped it");
    }

    fn shared() -> inkdoku_engine::share::SharedPuzzle {
        let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens = inkdoku_engine::format::line::parse(text).unwrap();
        let puzzle = inkdoku_engine::variant::Puzzle { givens, regions: None, constraints: Vec::new(), about: Default::default() };
        inkdoku_engine::share::SharedPuzzle { puzzle, progress: None }
    }
}
