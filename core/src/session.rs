//! The play of one game, as Tatham's midend has it: the game (the engine's `Game`: placements,
//! notes, colours, undo), the selected cell, the digit picked first and the entry mode, owned
//! here in plain Rust. An input (a key's command from the key map, a cell tapped, a digit on the
//! pad, an action) changes them and says what changed (`Changed`, for the screen to copy) and
//! what the app must do about it (`Effect`s, carried out through the ports). The app's store
//! mirrors a `Session` (its `game`, `selected`, `active_digit` and `mode` signals are copied
//! from it in one place, `Store::mirror`), so every rule of entering digits is tested here
//! natively.
//!
//! What the session does not own comes in with each input as a `Context` (whether this tab may
//! write, whether the game is a room's, the phase, the settings, the colour brush): those are
//! the app's, and a shared game's moves are the room's to merge (`Effect::Share`).

use crate::controller::keys::KeyCommand;
use crate::state::{Brush, InputMode};
use inkdoku_engine::game::{Action, ActionError, Game, PALETTE, PencilMark};
use inkdoku_engine::{Cell, Digit};
use std::rc::Rc;

/// The play state of one game.
#[derive(Clone, Debug)]
pub struct Session {
    /// Shared with the screen's mirror (`shared_game`): a change copies it only while the
    /// mirror holds it too (`Rc::make_mut`), so the app's store lets go of it for an input.
    game: Rc<Game>,
    selected: Option<Cell>,
    /// The digit picked first on the pad: tapping cells then places it.
    picked: Option<Digit>,
    mode: InputMode,
    /// What changed since the screen last copied the session (`take_changed`).
    changed: Changed,
}

/// Which of the session's parts an input changed (the screen copies only those).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Changed {
    pub game: bool,
    pub selected: bool,
    pub picked: bool,
    pub mode: bool,
}

/// What the session is told of the app around it with each input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Context {
    /// This tab may change the game (it doesn't while another tab plays).
    pub may_write: bool,
    /// The game is a room's (solved together): its moves go to the room (`Effect::Share`).
    pub shared: bool,
    /// A game is played (not a puzzle being typed in: there digits are givens to be).
    pub playing: bool,
    /// The game was won already (the win is said once).
    pub won: bool,
    /// The setting: a placed digit clears itself from its peers' notes.
    pub auto_clear_notes: bool,
    /// The colour mode's choices.
    pub brush: Brush,
}

/// Something happened to a cell, a digit or the game that the session cannot act on alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// The board changed (a move, an undo, a redo): what spoke of the board before (hint and
    /// check marks, the status line, the pen's chip) goes, and the game is saved and told to
    /// the other tabs (the app's autosave follows the game).
    BoardChanged,
    /// That change solved the puzzle: the game is over (the selection went with it).
    Won,
    /// This tab follows another: nothing changed, and the player is told why.
    ReadOnly,
    /// The game refused the action: why, in the player's words.
    Refused(ActionError),
    /// A given cannot be written over (colours can).
    GivenCannotChange,
    /// A shared game's move: the room merges it and the board follows (the app's `together`).
    Share(Action),
    /// A shared game's undo or redo of this player's own moves, likewise.
    ShareUndo { redo: bool },
    /// A digit went in by hand (when the move before it changed the board): a quick rewrite
    /// of what the pen just wrote there teaches the recognizer.
    Written { cell: Cell, digit: Digit },
    /// The colour mode took this colour up: the brush paints with it now.
    Colour(u8),
}

/// An input to the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A key's command (`controller::keys::interpret_key`); the commands that are not about
    /// the game (dialogs, menus, the focus view, copying) are the app's and change nothing here.
    Key(KeyCommand),
    /// A tap or click on a cell: it is selected, and the picked digit goes in.
    Tap(Cell),
    /// A digit on the pad: written in the selected cell, or picked (dropped, picked again).
    Pad(Digit),
    /// A colour picked on the palette: painted on the selected cell (when painting cells).
    PickColour(u8),
    /// An action on the game (the game commands: fill notes, mark the position, …).
    Apply(Action),
    /// The game's last step replaced by this action, as that one step (the pen's lone 1 grown
    /// into a 4).
    ReplaceLast(Action),
    /// The game's last step taken back for good, Redo included (the pen's ink read as no digit).
    Withdraw,
}

/// What an input changed and what the app must do about it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub changed: Changed,
    pub effects: Vec<Effect>,
}

impl Context {
    /// A game played alone in the playing tab, with the default settings (the tests' context).
    pub fn alone() -> Context {
        Context {
            may_write: true,
            shared: false,
            playing: true,
            won: false,
            auto_clear_notes: true,
            brush: Brush { colour: 1, candidates: false },
        }
    }
}

impl Outcome {
    /// Whether the board changed (before any shared move, which the room decides).
    pub fn board_changed(&self) -> bool {
        self.effects.contains(&Effect::BoardChanged)
    }
}

/// The action that toggles `digits` as the marks of `mode` (candidate notes, corner or centre
/// marks) in a cell, if the mode writes marks.
pub fn toggle_marks(mode: InputMode, cell: Cell, digits: Vec<Digit>) -> Option<Action> {
    match mode {
        InputMode::Notes => Some(match digits[..] {
            [digit] => Action::ToggleNote { cell, digit },
            _ => Action::ToggleNotes { cell, digits },
        }),
        InputMode::Corner => Some(Action::TogglePencil { cell, digits, mark: PencilMark::Corner }),
        InputMode::Centre => Some(Action::TogglePencil { cell, digits, mark: PencilMark::Centre }),
        InputMode::Digit | InputMode::Colour | InputMode::Scratchpad => None,
    }
}

/// Placing `digit` in `cell`: the digit clears itself from its peers' notes when the setting
/// says so (not while a puzzle is typed in).
pub fn place(cell: Cell, digit: Digit, ctx: &Context) -> Action {
    Action::Place { cell, digit, clear_peer_notes: ctx.auto_clear_notes && ctx.playing }
}

impl Session {
    /// A session over `game`: nothing selected or picked, digits written as digits.
    pub fn new(game: Game) -> Session {
        Session { game: Rc::new(game), selected: None, picked: None, mode: InputMode::Digit, changed: Changed::default() }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game itself, shared (no copy): for the screen's mirror of it.
    pub fn shared_game(&self) -> Rc<Game> {
        Rc::clone(&self.game)
    }

    pub fn selected(&self) -> Option<Cell> {
        self.selected
    }

    pub fn picked(&self) -> Option<Digit> {
        self.picked
    }

    pub fn mode(&self) -> InputMode {
        self.mode
    }

    /// What changed since the last call (for the screen to copy).
    pub fn take_changed(&mut self) -> Changed {
        std::mem::take(&mut self.changed)
    }

    /// Another game on the board (a new one, a saved one, another tab's); the selection stays
    /// unless the caller takes it away (`deselect`).
    pub fn set_game(&mut self, game: Game) {
        self.game = Rc::new(game);
        self.changed.game = true;
    }

    /// Changes the game outside an input (a room's board merged in, undo back to solvable).
    pub fn change_game<R>(&mut self, change: impl FnOnce(&mut Game) -> R) -> R {
        self.changed.game = true;
        change(Rc::make_mut(&mut self.game))
    }

    pub fn select(&mut self, cell: Option<Cell>) {
        if self.selected != cell {
            self.selected = cell;
            self.changed.selected = true;
        }
    }

    /// The selection and the picked digit go.
    pub fn deselect(&mut self) {
        self.select(None);
        self.pick(None);
    }

    pub fn set_mode(&mut self, mode: InputMode) {
        if self.mode != mode {
            self.mode = mode;
            self.changed.mode = true;
        }
    }

    fn pick(&mut self, digit: Option<Digit>) {
        if self.picked != digit {
            self.picked = digit;
            self.changed.picked = true;
        }
    }

    /// Takes one input; says what changed and what the app must do.
    pub fn input(&mut self, input: Input, ctx: &Context) -> Outcome {
        let mut effects = Vec::new();
        let mut run = Run { session: self, ctx, effects: &mut effects };
        match input {
            Input::Key(command) => run.key(command),
            Input::Tap(cell) => run.tap(cell),
            Input::Pad(digit) => run.pad(digit),
            Input::PickColour(colour) => run.pick_colour(colour),
            Input::Apply(action) => {
                run.apply(action);
            }
            Input::ReplaceLast(action) => {
                run.change(|g| g.replace_last(action));
            }
            Input::Withdraw => {
                run.change(|g| g.withdraw().map(|()| true));
            }
        }
        Outcome { changed: self.take_changed(), effects }
    }
}

/// One input being taken: the session, what it was told, and the effects so far.
struct Run<'a> {
    session: &'a mut Session,
    ctx: &'a Context,
    effects: &'a mut Vec<Effect>,
}

impl Run<'_> {
    fn key(&mut self, command: KeyCommand) {
        match command {
            KeyCommand::Deselect => self.session.deselect(),
            KeyCommand::Move { rows, cols } => self.move_selection(rows, cols),
            KeyCommand::Clear => self.clear(),
            KeyCommand::Undo => self.undo_redo(false),
            KeyCommand::Redo => self.undo_redo(true),
            KeyCommand::ToggleMode(mode) => {
                let next = if self.session.mode == mode { InputMode::Digit } else { mode };
                self.session.set_mode(next);
            }
            KeyCommand::DigitMode => self.session.set_mode(InputMode::Digit),
            KeyCommand::WriteDigit { cell, digit, mode } => self.write(cell, digit, mode),
            KeyCommand::PickDigit(digit) => self.pad(digit),
            KeyCommand::CloseDialog | KeyCommand::CloseMenu | KeyCommand::WholeBoard | KeyCommand::CopyPuzzle | KeyCommand::Nothing => {}
        }
    }

    /// Digit first: picked (or dropped if picked again), and taps on cells then place it;
    /// with a cell selected and none picked, written there.
    fn pad(&mut self, digit: Digit) {
        if !digit.fits(self.session.game.size()) {
            return;
        }
        match self.session.selected {
            Some(cell) if self.session.picked.is_none() => self.write(cell, digit, self.session.mode),
            _ => {
                let next = if self.session.picked == Some(digit) { None } else { Some(digit) };
                self.session.pick(next);
            }
        }
    }

    fn tap(&mut self, cell: Cell) {
        self.session.select(Some(cell));
        if let Some(digit) = self.session.picked {
            self.write(cell, digit, self.session.mode);
        }
    }

    /// Writes `digit` in `cell` as `mode` does: a digit, a mark toggled, or a colour painted.
    fn write(&mut self, cell: Cell, digit: Digit, mode: InputMode) {
        if self.session.game.givens().get(cell).is_some() && mode != InputMode::Colour {
            self.effects.push(Effect::GivenCannotChange);
            return;
        }
        if mode == InputMode::Colour && self.ctx.playing {
            self.paint(cell, digit);
        } else if let Some(action) = toggle_marks(mode, cell, vec![digit]).filter(|_| self.ctx.playing) {
            self.apply(action);
        } else {
            if self.apply(place(cell, digit, self.ctx)) {
                self.effects.push(Effect::Written { cell, digit });
            }
        }
    }

    /// Colour mode: digit N paints colour N on the cell (givens too), or, when painting
    /// candidates, the brush's colour on candidate N.
    fn paint(&mut self, cell: Cell, digit: Digit) {
        let brush = self.ctx.brush;
        if brush.candidates {
            if self.session.game.digit(cell).is_none() {
                self.apply(Action::PaintCandidate { cell, digit, colour: brush.colour });
            }
        } else if digit.get() <= PALETTE {
            self.effects.push(Effect::Colour(digit.get()));
            self.apply(Action::PaintCells { cells: vec![cell], colour: digit.get() });
        }
    }

    fn pick_colour(&mut self, colour: u8) {
        self.effects.push(Effect::Colour(colour));
        if let Some(cell) = self.session.selected
            && !self.ctx.brush.candidates
        {
            self.apply(Action::PaintCells { cells: vec![cell], colour });
        }
    }

    fn clear(&mut self) {
        if let Some(cell) = self.session.selected
            && self.session.game.givens().get(cell).is_none()
        {
            self.apply(Action::Clear { cell });
        }
    }

    /// Moves the selection by rows and columns, wrapping at the edges; the first move selects
    /// the centre.
    fn move_selection(&mut self, rows: isize, cols: isize) {
        let size = self.session.game.size();
        let n = size.side() as isize;
        let next = match self.session.selected {
            None => size.cell(size.side() / 2, size.side() / 2),
            Some(c) => {
                let r = (size.row_of(c) as isize + rows).rem_euclid(n) as usize;
                let col = (size.col_of(c) as isize + cols).rem_euclid(n) as usize;
                size.cell(r, col)
            }
        };
        self.session.select(Some(next));
    }

    /// Applies an action, or hands it to the room in a shared game. Returns whether the board
    /// changed (a shared move: whether it went to the room).
    fn apply(&mut self, action: Action) -> bool {
        if !self.writable() {
            return false;
        }
        if self.ctx.shared {
            self.effects.push(Effect::Share(action));
            return true;
        }
        self.change(|g| g.apply(action))
    }

    fn undo_redo(&mut self, redo: bool) {
        if !self.writable() {
            return;
        }
        if self.ctx.shared {
            self.effects.push(Effect::ShareUndo { redo });
            return;
        }
        let game = Rc::make_mut(&mut self.session.game);
        let done = if redo { game.redo() } else { game.undo() };
        if done.is_ok() {
            self.board_changed();
        }
    }

    /// Changes the game alone (not in a room); says so, or why it was refused.
    fn change(&mut self, change: impl FnOnce(&mut Game) -> Result<bool, ActionError>) -> bool {
        if !self.writable() {
            return false;
        }
        match change(Rc::make_mut(&mut self.session.game)) {
            Ok(true) => {
                self.board_changed();
                true
            }
            Ok(false) => false,
            Err(e) => {
                self.effects.push(Effect::Refused(e));
                false
            }
        }
    }

    fn board_changed(&mut self) {
        self.session.changed.game = true;
        self.effects.push(Effect::BoardChanged);
        if self.session.game.is_solved() && self.ctx.playing && !self.ctx.won {
            // The game is over: nothing stays selected or picked to write with.
            self.session.deselect();
            self.effects.push(Effect::Won);
        }
    }

    fn writable(&mut self) -> bool {
        if !self.ctx.may_write && !self.effects.iter().any(|e| matches!(e, Effect::ReadOnly)) {
            self.effects.push(Effect::ReadOnly);
        }
        self.ctx.may_write
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkdoku_engine::Size;
    use inkdoku_engine::format::line;

    const PUZZLE: &str = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";

    fn alone() -> Context {
        Context::alone()
    }

    fn session() -> Session {
        Session::new(Game::new(line::parse(PUZZLE).unwrap(), None))
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    fn cell(r: usize, c: usize) -> Cell {
        Size::Nine.cell(r, c)
    }

    fn key(s: &mut Session, command: KeyCommand) -> Outcome {
        s.input(Input::Key(command), &alone())
    }

    #[test]
    fn keys_move_write_clear_and_undo_and_redo_restore_the_board() {
        let mut s = session();
        // The first arrow selects the centre, then up and left: r4c4 (empty).
        key(&mut s, KeyCommand::Move { rows: 0, cols: 1 });
        key(&mut s, KeyCommand::Move { rows: -1, cols: 0 });
        let out = key(&mut s, KeyCommand::Move { rows: 0, cols: -1 });
        assert_eq!(s.selected(), Some(cell(3, 3)));
        assert_eq!(out.changed, Changed { selected: true, ..Changed::default() });
        let before = s.game().board().clone();
        let out = key(&mut s, KeyCommand::WriteDigit { cell: cell(3, 3), digit: d(9), mode: InputMode::Digit });
        assert_eq!(s.game().digit(cell(3, 3)), Some(d(9)));
        assert_eq!(out.effects, vec![Effect::BoardChanged, Effect::Written { cell: cell(3, 3), digit: d(9) }]);
        assert!(out.changed.game);
        let out = key(&mut s, KeyCommand::Undo);
        assert_eq!(s.game().board(), &before, "undo restores the board");
        assert_eq!(out.effects, vec![Effect::BoardChanged]);
        key(&mut s, KeyCommand::Redo);
        assert_eq!(s.game().digit(cell(3, 3)), Some(d(9)), "redone");
        key(&mut s, KeyCommand::Clear);
        assert_eq!(s.game().digit(cell(3, 3)), None, "cleared");
        // Wrapping at the edges: up from the top row is the bottom row.
        s.select(Some(cell(0, 3)));
        key(&mut s, KeyCommand::Move { rows: -1, cols: 0 });
        assert_eq!(s.selected(), Some(cell(8, 3)));
        // A given stays, and says so.
        let out = key(&mut s, KeyCommand::WriteDigit { cell: cell(0, 1), digit: d(1), mode: InputMode::Digit });
        assert_eq!(out.effects, vec![Effect::GivenCannotChange]);
        assert_eq!(s.game().digit(cell(0, 1)), Some(d(7)));
    }

    #[test]
    fn notes_mode_toggles_notes_and_picked_digits_go_where_tapped() {
        let mut s = session();
        key(&mut s, KeyCommand::ToggleMode(InputMode::Notes));
        assert_eq!(s.mode(), InputMode::Notes);
        s.input(Input::Tap(cell(3, 3)), &alone());
        s.input(Input::Pad(d(2)), &alone());
        assert!(s.game().digit(cell(3, 3)).is_none() && s.game().board().pencil.notes[cell(3, 3).index()].contains(d(2)));
        s.input(Input::Pad(d(2)), &alone());
        assert!(!s.game().board().pencil.notes[cell(3, 3).index()].contains(d(2)), "toggled off");
        key(&mut s, KeyCommand::ToggleMode(InputMode::Notes));
        assert_eq!(s.mode(), InputMode::Digit, "pressed again: back to digits");
        // Digit first: with nothing selected the pad picks; taps then place it.
        key(&mut s, KeyCommand::Deselect);
        s.input(Input::Pad(d(1)), &alone());
        assert_eq!(s.picked(), Some(d(1)));
        s.input(Input::Tap(cell(0, 0)), &alone());
        s.input(Input::Tap(cell(3, 3)), &alone());
        assert_eq!((s.game().digit(cell(0, 0)), s.game().digit(cell(3, 3))), (Some(d(1)), Some(d(1))));
        s.input(Input::Pad(d(1)), &alone());
        assert_eq!(s.picked(), None, "picked again: dropped");
        // Placing cleared the 1 from the peers' notes (the setting).
        let mut noted = session();
        noted.input(Input::Apply(Action::ToggleNote { cell: cell(0, 2), digit: d(1) }), &alone());
        noted.input(Input::Key(KeyCommand::WriteDigit { cell: cell(0, 0), digit: d(1), mode: InputMode::Digit }), &alone());
        assert!(!noted.game().board().pencil.notes[cell(0, 2).index()].contains(d(1)));
    }

    #[test]
    fn the_winning_move_ends_the_game_once() {
        let solution = inkdoku_engine::solver::solutions(&line::parse(PUZZLE).unwrap(), 2).remove(0);
        let mut s = session();
        let empty: Vec<Cell> = Size::Nine.cells().filter(|&c| s.game().digit(c).is_none()).collect();
        let (last, rest) = empty.split_last().unwrap();
        for &c in rest {
            let out =
                s.input(Input::Key(KeyCommand::WriteDigit { cell: c, digit: solution.get(c).unwrap(), mode: InputMode::Digit }), &alone());
            assert!(!out.effects.contains(&Effect::Won));
        }
        s.select(Some(*last));
        let out = s.input(Input::Pad(solution.get(*last).unwrap()), &alone());
        assert!(s.game().is_solved());
        assert_eq!(
            out.effects,
            vec![Effect::BoardChanged, Effect::Won, Effect::Written { cell: *last, digit: solution.get(*last).unwrap() }]
        );
        assert_eq!((s.selected(), s.picked()), (None, None), "the game is over: nothing to write with");
        // Undone and redone after the win was said, the win is not said again.
        let said = Context { won: true, ..alone() };
        s.input(Input::Key(KeyCommand::Undo), &said);
        let out = s.input(Input::Key(KeyCommand::Redo), &said);
        assert_eq!(out.effects, vec![Effect::BoardChanged]);
    }

    #[test]
    fn a_following_tab_changes_nothing_and_a_shared_game_hands_its_moves_to_the_room() {
        let mut s = session();
        s.select(Some(cell(3, 3)));
        let follower = Context { may_write: false, ..alone() };
        s.take_changed();
        let out = s.input(Input::Pad(d(9)), &follower);
        assert_eq!(out, Outcome { changed: Changed::default(), effects: vec![Effect::ReadOnly] });
        assert_eq!(s.game().digit(cell(3, 3)), None);
        let shared = Context { shared: true, ..alone() };
        let out = s.input(Input::Pad(d(9)), &shared);
        let place = Action::Place { cell: cell(3, 3), digit: d(9), clear_peer_notes: true };
        assert_eq!(out.effects, vec![Effect::Share(place), Effect::Written { cell: cell(3, 3), digit: d(9) }]);
        assert_eq!(s.game().digit(cell(3, 3)), None, "the room's to merge");
        assert_eq!(s.input(Input::Key(KeyCommand::Undo), &shared).effects, vec![Effect::ShareUndo { redo: false }]);
    }

    #[test]
    fn colour_mode_paints_givens_too_and_takes_the_colour_up() {
        let mut s = session();
        key(&mut s, KeyCommand::ToggleMode(InputMode::Colour));
        let out = key(&mut s, KeyCommand::WriteDigit { cell: cell(0, 1), digit: d(3), mode: InputMode::Colour });
        assert_eq!(out.effects, vec![Effect::Colour(3), Effect::BoardChanged]);
        assert_eq!(s.game().board().paint.colours[cell(0, 1).index()], 1 << 2, "colour 3");
    }

    #[test]
    fn the_pens_last_step_is_replaced_or_withdrawn_as_one_step() {
        let mut s = session();
        let place = |digit| Action::Place { cell: cell(3, 3), digit: d(digit), clear_peer_notes: false };
        s.input(Input::Apply(place(1)), &alone());
        s.input(Input::ReplaceLast(place(4)), &alone());
        assert_eq!(s.game().digit(cell(3, 3)), Some(d(4)));
        s.input(Input::Key(KeyCommand::Undo), &alone());
        assert_eq!(s.game().digit(cell(3, 3)), None, "one undo goes back to before the 1");
        s.input(Input::Key(KeyCommand::Redo), &alone());
        let out = s.input(Input::Withdraw, &alone());
        assert_eq!(out.effects, vec![Effect::BoardChanged]);
        assert_eq!(s.game().digit(cell(3, 3)), None);
        assert!(!s.game().can_redo(), "withdrawn for good");
    }
}
