//! The keyboard, as Tatham's midend has it (`interpret_key`): which command a key press is,
//! decided by one pure function of the key and what the app shows (here), then carried out on
//! the store (the app's `controller::keys`). The browser only binds: `services::effects` reads
//! the DOM event, calls `key_pressed` and prevents the browser's default when the key was the
//! app's (the dialog's Tab trap, `services::focus::keep_tab_inside`, stays there: it moves the
//! DOM's focus).
//!
//! Keys: arrows move, 1-9 (A-G on 16x16) write in the current mode (or pick the digit with no
//! cell selected), Backspace/Delete clear, N toggles notes, X corner and C centre marks, V
//! colours (Z back to digits), Shift+digit a corner mark in any mode, Ctrl+Z undo, Ctrl+Y /
//! Ctrl+Shift+Z redo, Ctrl+C copies the puzzle (unless text is selected), Escape closes a
//! dialog (not while a puzzle is being made), then an open menu, then leaves the focus view
//! (small screens), then clears the selection.

use crate::state::InputMode;
use inkdoku_engine::{Cell, Digit, Size};

/// A key press as the browser reports it.
#[derive(Clone, Copy, Debug)]
pub struct KeyPress<'a> {
    /// The character or name of the key (`KeyboardEvent.key`: "a", "A", "ArrowUp", "Escape").
    pub key: &'a str,
    /// The key's place on the keyboard (`KeyboardEvent.code`: "Digit4", "Numpad4", "KeyC").
    pub code: &'a str,
    /// Ctrl, or Cmd on a Mac.
    pub ctrl: bool,
    pub shift: bool,
}

/// What the key map needs to know of the app when a key is pressed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeyContext {
    /// A dialog is open (it has the keys but Escape and Tab).
    pub dialog: bool,
    /// A puzzle is being made (its dialog shows the progress and stays until it is done).
    pub making: bool,
    /// A menu of the game's commands is open.
    pub menu: bool,
    /// The focus view (small screens) magnifies part of the board.
    pub zoomed: bool,
    pub size: Size,
    pub selected: Option<Cell>,
    pub mode: InputMode,
    /// The page has text selected (Ctrl+C then copies it, as the browser does).
    pub text_selected: bool,
}

/// What a key press does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KeyCommand {
    CloseDialog,
    CloseMenu,
    /// Back from the focus view to the whole board (the selection stays).
    WholeBoard,
    /// The selection (and a picked digit, and hint or check marks) goes.
    Deselect,
    /// Moves the selection by rows and columns, wrapping (the first move selects the centre).
    Move {
        rows: isize,
        cols: isize,
    },
    Clear,
    Undo,
    Redo,
    /// Toggles a mode (Notes, Corner, Centre, Colour): pressed again, back to digits.
    ToggleMode(InputMode),
    /// Back to writing digits.
    DigitMode,
    /// Writes `digit` in `cell` as `mode` does.
    WriteDigit {
        cell: Cell,
        digit: Digit,
        mode: InputMode,
    },
    /// No cell selected: picks the digit (or drops it, picked again) for the taps that follow.
    PickDigit(Digit),
    CopyPuzzle,
    /// The app's key, with nothing to do now (Shift+digit with no cell selected): the browser
    /// must not act on it either.
    Nothing,
}

/// The command a key press is, or `None` when the key is not the app's (the browser keeps it).
pub fn interpret_key(press: &KeyPress, ctx: &KeyContext) -> Option<KeyCommand> {
    use KeyCommand::*;
    let KeyPress { key, code, ctrl, shift } = *press;
    if ctx.dialog {
        // A dialog has the keys; Escape closes it, unless it shows a puzzle being made.
        return (key == "Escape" && !ctx.making).then_some(CloseDialog);
    }
    // Shift and a digit key (by its place, since Shift changes the character).
    let shifted = if shift && !ctrl { shifted_digit(ctx.size, code) } else { None };
    let command = match key {
        "ArrowUp" => Move { rows: -1, cols: 0 },
        "ArrowDown" => Move { rows: 1, cols: 0 },
        "ArrowLeft" => Move { rows: 0, cols: -1 },
        "ArrowRight" => Move { rows: 0, cols: 1 },
        "Backspace" | "Delete" => Clear,
        // An open menu closes first; then back from the focus view to the whole board (the
        // selection stays); then the selection goes.
        "Escape" if ctx.menu => CloseMenu,
        "Escape" if ctx.zoomed => WholeBoard,
        "Escape" => Deselect,
        "z" | "Z" if ctrl && shift => Redo,
        "z" | "Z" if ctrl => Undo,
        "y" | "Y" if ctrl => Redo,
        "n" | "N" if !ctrl => ToggleMode(InputMode::Notes),
        // SudokuPad's keys: X corner marks, C centre marks, Z back to digits (C is a digit on
        // 16x16: there the Centre button does it).
        "x" | "X" if !ctrl => ToggleMode(InputMode::Corner),
        "c" | "C" if !ctrl && ctx.size != Size::Sixteen => ToggleMode(InputMode::Centre),
        "v" | "V" if !ctrl => ToggleMode(InputMode::Colour),
        "z" | "Z" if !ctrl => DigitMode,
        // Shift and a digit: a corner mark, whatever the mode (by the key's place, since Shift
        // changes the character).
        _ if shifted.is_some() => {
            shifted.zip(ctx.selected).map_or(Nothing, |(digit, cell)| WriteDigit { cell, digit, mode: InputMode::Corner })
        }
        "c" | "C" if ctrl && !ctx.text_selected => CopyPuzzle,
        _ if ctrl => return None,
        _ => {
            let digit = key_digit(ctx.size, key)?;
            match ctx.selected {
                Some(cell) => WriteDigit { cell, digit, mode: ctx.mode },
                None => PickDigit(digit),
            }
        }
    };
    Some(command)
}

/// The digits a keyboard key stands for on a grid of this size (1-9, then A-G for 16x16).
pub fn key_digit(size: Size, key: &str) -> Option<Digit> {
    let mut chars = key.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    size.digit_from_char(c)
}

/// The digit of a digit key by its place on the keyboard (`Digit4`, `Numpad4`).
fn shifted_digit(size: Size, code: &str) -> Option<Digit> {
    let key = code.strip_prefix("Digit").or_else(|| code.strip_prefix("Numpad"))?;
    key_digit(size, key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyCommand::*;

    fn ctx() -> KeyContext {
        KeyContext {
            dialog: false,
            making: false,
            menu: false,
            zoomed: false,
            size: Size::Nine,
            selected: Some(Cell::new(40)),
            mode: InputMode::Digit,
            text_selected: false,
        }
    }

    fn press(key: &str) -> KeyPress<'_> {
        KeyPress { key, code: "", ctrl: false, shift: false }
    }

    fn ctrl(key: &str) -> KeyPress<'_> {
        KeyPress { ctrl: true, ..press(key) }
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn arrows_move_and_backspace_and_delete_clear() {
        let c = ctx();
        assert_eq!(interpret_key(&press("ArrowUp"), &c), Some(Move { rows: -1, cols: 0 }));
        assert_eq!(interpret_key(&press("ArrowDown"), &c), Some(Move { rows: 1, cols: 0 }));
        assert_eq!(interpret_key(&press("ArrowLeft"), &c), Some(Move { rows: 0, cols: -1 }));
        assert_eq!(interpret_key(&press("ArrowRight"), &c), Some(Move { rows: 0, cols: 1 }));
        assert_eq!(interpret_key(&press("Backspace"), &c), Some(Clear));
        assert_eq!(interpret_key(&press("Delete"), &c), Some(Clear));
    }

    #[test]
    fn digits_write_in_the_current_mode_or_are_picked_with_no_cell_selected() {
        let cell = Cell::new(40);
        for mode in [InputMode::Digit, InputMode::Notes, InputMode::Corner, InputMode::Centre, InputMode::Colour] {
            let c = KeyContext { mode, ..ctx() };
            assert_eq!(interpret_key(&press("7"), &c), Some(WriteDigit { cell, digit: d(7), mode }));
        }
        let none = KeyContext { selected: None, ..ctx() };
        assert_eq!(interpret_key(&press("7"), &none), Some(PickDigit(d(7))));
        // 0 and letters are no digits on 9x9; on 16x16, A-G are 10-16 (either case).
        assert_eq!(interpret_key(&press("0"), &ctx()), None);
        assert_eq!(interpret_key(&press("a"), &ctx()), None);
        // 6x6 has 1-6 only.
        let six = KeyContext { size: Size::Six, ..ctx() };
        assert_eq!(interpret_key(&press("6"), &six), Some(WriteDigit { cell, digit: d(6), mode: InputMode::Digit }));
        assert_eq!(interpret_key(&press("7"), &six), None);
        let big = KeyContext { size: Size::Sixteen, ..ctx() };
        assert_eq!(interpret_key(&press("a"), &big), Some(WriteDigit { cell, digit: d(10), mode: InputMode::Digit }));
        assert_eq!(interpret_key(&press("G"), &big), Some(WriteDigit { cell, digit: d(16), mode: InputMode::Digit }));
        // A digit with Ctrl is the browser's (Ctrl+1 switches tabs).
        assert_eq!(interpret_key(&ctrl("1"), &ctx()), None);
    }

    #[test]
    fn shift_and_a_digit_key_write_a_corner_mark_whatever_the_mode() {
        let shifted = |code| KeyPress { key: "!", code, ctrl: false, shift: true };
        let c = KeyContext { mode: InputMode::Centre, ..ctx() };
        let corner = |v| Some(WriteDigit { cell: Cell::new(40), digit: d(v), mode: InputMode::Corner });
        assert_eq!(interpret_key(&shifted("Digit1"), &c), corner(1));
        assert_eq!(interpret_key(&shifted("Numpad9"), &c), corner(9));
        assert_eq!(interpret_key(&shifted("Digit0"), &c), None, "not a digit of 9x9");
        // With no cell selected, the key is still the app's, and does nothing.
        assert_eq!(interpret_key(&shifted("Digit1"), &KeyContext { selected: None, ..c }), Some(Nothing));
        // Shift and a mode letter is still the mode.
        assert_eq!(interpret_key(&KeyPress { key: "N", code: "KeyN", ctrl: false, shift: true }, &c), Some(ToggleMode(InputMode::Notes)));
    }

    #[test]
    fn ctrl_z_undoes_ctrl_y_and_ctrl_shift_z_redo_ctrl_c_copies_unless_text_is_selected() {
        let c = ctx();
        assert_eq!(interpret_key(&ctrl("z"), &c), Some(Undo));
        assert_eq!(interpret_key(&ctrl("Z"), &c), Some(Undo));
        assert_eq!(interpret_key(&ctrl("y"), &c), Some(Redo));
        assert_eq!(interpret_key(&KeyPress { shift: true, ..ctrl("Z") }, &c), Some(Redo));
        assert_eq!(interpret_key(&ctrl("c"), &c), Some(CopyPuzzle));
        assert_eq!(interpret_key(&ctrl("c"), &KeyContext { text_selected: true, ..c }), None, "the browser copies the text");
        assert_eq!(interpret_key(&ctrl("v"), &c), None, "Ctrl+V is the paste event's");
        assert_eq!(interpret_key(&ctrl("n"), &c), None);
    }

    #[test]
    fn mode_keys_toggle_their_mode_and_z_goes_back_to_digits() {
        let c = ctx();
        assert_eq!(interpret_key(&press("n"), &c), Some(ToggleMode(InputMode::Notes)));
        assert_eq!(interpret_key(&press("x"), &c), Some(ToggleMode(InputMode::Corner)));
        assert_eq!(interpret_key(&press("c"), &c), Some(ToggleMode(InputMode::Centre)));
        assert_eq!(interpret_key(&press("V"), &c), Some(ToggleMode(InputMode::Colour)));
        assert_eq!(interpret_key(&press("z"), &c), Some(DigitMode));
        // On 16x16, C is the digit 12.
        let big = KeyContext { size: Size::Sixteen, ..c };
        assert_eq!(interpret_key(&press("c"), &big), Some(WriteDigit { cell: Cell::new(40), digit: d(12), mode: InputMode::Digit }));
    }

    #[test]
    fn escape_closes_a_dialog_then_a_menu_then_the_focus_view_then_the_selection() {
        let dialog = KeyContext { dialog: true, menu: true, zoomed: true, ..ctx() };
        assert_eq!(interpret_key(&press("Escape"), &dialog), Some(CloseDialog));
        assert_eq!(interpret_key(&press("Escape"), &KeyContext { making: true, ..dialog }), None, "a puzzle being made");
        assert_eq!(interpret_key(&press("Escape"), &KeyContext { dialog: false, ..dialog }), Some(CloseMenu));
        assert_eq!(interpret_key(&press("Escape"), &KeyContext { dialog: false, menu: false, ..dialog }), Some(WholeBoard));
        assert_eq!(interpret_key(&press("Escape"), &ctx()), Some(Deselect));
    }

    #[test]
    fn a_dialog_keeps_every_other_key_from_the_board() {
        let dialog = KeyContext { dialog: true, ..ctx() };
        for key in ["1", "ArrowUp", "Backspace", "n", "Tab", "Enter"] {
            assert_eq!(interpret_key(&press(key), &dialog), None, "{key}");
        }
        assert_eq!(interpret_key(&ctrl("z"), &dialog), None);
    }

    #[test]
    fn every_other_key_is_the_browsers() {
        for key in ["Tab", "Enter", " ", "F5", "Shift", "é", "q"] {
            assert_eq!(interpret_key(&press(key), &ctx()), None, "{key}");
        }
    }
}
