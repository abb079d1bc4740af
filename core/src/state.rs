//! The app's state: the engine's game (what Undo restores) plus what the app keeps beside it.
//!
//! Following the engine's split, nothing here is undoable: settings, the game's metadata
//! (level, seed, time), and UI state (selection, input mode, open dialog, hint on show). These
//! domain types hold no signals; the app's `Store` wraps them in signals for the components.

pub mod pen;
pub mod zoom;

use crate::i18n::{Lang, Ui};
use inkdoku_engine::game::{Check, Game};
use inkdoku_engine::generator::{Options, Symmetry};
use inkdoku_engine::protocol::{HintWords, Task};
use inkdoku_engine::rating::Level;
use inkdoku_engine::step::Step;
use inkdoku_engine::variant::Constraint;
use inkdoku_engine::{Cell, Digit, Grid, Size};
use serde::{Deserialize, Serialize};

/// What the player can set. Saved with the game; every field has a default so older saved
/// settings keep loading when fields are added.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Mark digits that break a rule (duplicates in a house).
    pub show_conflicts: bool,
    /// Mark player digits that differ from the solution.
    pub show_incorrect: bool,
    /// Highlight every cell holding the selected digit.
    pub highlight_same: bool,
    /// Show every candidate of every empty cell, coloured (Delphi's "bookkeeping").
    pub show_candidates: bool,
    /// Show a cell's candidates when the mouse rests on it or a finger or pen presses it long.
    /// Off until asked for: a player who wants no help sees none.
    pub peek_candidates: bool,
    /// Placing a digit removes it from the notes of its row, column and box.
    pub auto_clear_notes: bool,
    /// Ask before a new game throws away the game in progress.
    pub confirm_new_game: bool,
    /// Controls on the left, for left-handed players.
    pub left_handed: bool,
    /// New game defaults: the kind of puzzle, its size (a killer is 9x9 whatever this says),
    /// level and symmetry (a classic puzzle's).
    pub kind: Kind,
    pub size: Size,
    pub level: Level,
    pub symmetry: Symmetry,
    /// The interface language; `None` follows the browser.
    pub language: Option<Lang>,
    /// The first-visit line "write digits right in the cells" has done its job (a digit was
    /// written by pen).
    pub pen_tip_done: bool,
    /// The relay for solving together (`ws://` or `wss://`, or an `http(s)://` address that
    /// serves one at `relay/v1/`); empty for this app's own.
    pub relay: String,
    /// The note on the candidate colours (red, blue), shown the first time "Show candidates" is
    /// on, was dismissed: it shows once (settings saved before it existed read `false`).
    pub candidate_note_seen: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            show_conflicts: true,
            show_incorrect: false,
            highlight_same: true,
            show_candidates: false,
            peek_candidates: false,
            auto_clear_notes: true,
            confirm_new_game: true,
            left_handed: false,
            kind: Kind::Classic,
            size: Size::Nine,
            level: Level::Easy,
            symmetry: Symmetry::Rotational,
            language: None,
            pen_tip_done: false,
            relay: String::new(),
            candidate_note_seen: false,
        }
    }
}

/// The kind of puzzle New game makes, and the daily puzzle's kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Givens only.
    #[default]
    Classic,
    /// A 9x9 killer: cages with their sums (and, at the easier levels, some givens), made by
    /// the engine's killer generator.
    Killer,
}

impl Kind {
    /// The kind of a game's puzzle: a killer when it has killer cages (made here or opened from
    /// a link), else classic. A daily game's kind tells the daily classic and the daily killer
    /// of a date apart.
    pub fn of(game: &Game) -> Kind {
        let killer = game.variant().is_some_and(|p| p.constraints.iter().any(|c| matches!(c, Constraint::Killer { .. })));
        if killer { Kind::Killer } else { Kind::Classic }
    }

    /// The engine worker's task that makes a puzzle of this kind (New game, the daily puzzle,
    /// a printed set).
    pub fn generate(self, options: Options) -> Task {
        match self {
            Kind::Classic => Task::Generate { options },
            Kind::Killer => Task::GenerateKiller { options },
        }
    }

    /// The grid's size, and the kind when it is not classic: "9x9", "9x9 Killer" (the status
    /// bar, a kept game's button, a printed puzzle's caption).
    pub fn with_size(self, ui: &Ui, size: Size) -> String {
        match self {
            Kind::Classic => size.name().to_string(),
            Kind::Killer => format!("{} {}", size.name(), ui.kinds[1]),
        }
    }
}

/// Where the current puzzle came from and how it is going: saved with the game (read and
/// written by hand: `storage::json`; `daily` and `together` left out when none).
#[derive(Clone, Debug, PartialEq)]
pub struct GameMeta {
    /// The grade, when known.
    pub level: Option<Level>,
    /// The generator seed, for generated puzzles.
    pub seed: Option<u64>,
    /// Play time so far, in milliseconds.
    pub elapsed_ms: u64,
    /// Whether the win was already celebrated (so a reload doesn't celebrate again).
    pub won: bool,
    /// The date (YYYY-MM-DD) whose daily puzzle this is.
    pub daily: Option<String>,
    /// The room, when the game is solved together (`together::Together`, saved).
    pub together: Option<SavedTogether>,
}

/// A shared game's room as saved with the game: its key, this player's number in it, and the
/// replica (every operation seen, this player's Undo and Redo).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SavedTogether {
    pub key: String,
    pub number: u8,
    pub replica: inkdoku_engine::together::SavedReplica,
}

/// Why the moves do not go out now, until the room is really back (its kept frames in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// The relay cannot be reached (or the connection dropped): the app tries again.
    Offline,
    /// The room has as many players as it can take.
    Full,
    /// The page cannot seal frames (no WebCrypto: not https): trying again will not help.
    Insecure,
}

/// The room as the interface shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomView {
    pub online: bool,
    /// Set when the connection is lost or refused; cleared only when the room is back.
    pub trouble: Option<Trouble>,
    /// Connections to the room now, this one included (the relay's count). Not what the header
    /// says: anyone who knows the room's path counts here, key or not; the players shown are
    /// the `peers` who proved the key.
    pub players: usize,
    /// This player's number ("Player 2"); 0 until known.
    pub number: u8,
    /// The other players who proved the room's key (a presence sealed with it, opened here),
    /// connected or away, by number.
    pub peers: Vec<Peer>,
    /// Every player's number heard of, kept while they are away (to name them in a notice).
    pub numbers: std::collections::BTreeMap<inkdoku_engine::together::PlayerId, u8>,
}

/// Another player of the room: where they are, and whether they are still with us.
#[derive(Clone, Debug, PartialEq)]
pub struct Peer {
    pub player: inkdoku_engine::together::PlayerId,
    pub number: u8,
    pub cell: Option<Cell>,
    pub ink: Vec<[f32; 2]>,
    /// When they last said anything live (the clock port's ms).
    pub heard_ms: f64,
    /// Silent for too long, or gone at a roll call: shown as away until they speak again.
    pub away: bool,
}

impl GameMeta {
    pub fn new(level: Option<Level>, seed: Option<u64>) -> GameMeta {
        GameMeta { level, seed, elapsed_ms: 0, won: false, daily: None, together: None }
    }
}

/// How a digit key or pad button acts on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputMode {
    /// Write the digit.
    Digit,
    /// Toggle the digit as a candidate mark (keys, pad, and the pen's recognized digits).
    Notes,
    /// Toggle the digit as a corner mark (SudokuPad's "corner" marks), likewise.
    Corner,
    /// Toggle the digit as a centre mark, likewise.
    Centre,
    /// Digits paint colours: colour N on the cell, or (painting candidates) the chosen colour
    /// on candidate N (`Brush`).
    Colour,
    /// The pen draws free scratchpad ink, kept with the game and never recognized; keys and
    /// the pad still write digits.
    Scratchpad,
}

impl InputMode {
    /// Whether digits become pencil marks (candidate notes, corner or centre marks).
    pub fn marks(self) -> bool {
        matches!(self, InputMode::Notes | InputMode::Corner | InputMode::Centre)
    }
}

/// The colour mode's brush: the colour a candidate is painted with, and whether digits paint
/// candidates rather than cells. (The colours on the board are the engine's `game::Paint`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brush {
    pub colour: u8,
    pub candidates: bool,
}

/// The open dialog, if any (a dialog covers the board and pauses the timer).
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Start screen when a saved game exists.
    Welcome,
    NewGame,
    /// Asking before a new game replaces the game in progress.
    ConfirmDiscard,
    /// Ask before the daily puzzle (classic or killer) replaces a game in progress.
    ConfirmDaily(Kind),
    Settings,
    /// A message with an OK button (errors, check results, solver answers); a technical
    /// detail, if any, is folded away under the text.
    Message {
        title: String,
        text: String,
        details: Option<String>,
    },
    /// Share the puzzle: link, text, file, print.
    Share,
    /// A variant's title, author and rules text.
    Rules,
    /// Asking before a shared or opened puzzle replaces the game in progress.
    ConfirmOpen(inkdoku_engine::share::SharedPuzzle),
    /// Print a set of new puzzles.
    PrintSet,
    /// The game is played in another tab.
    OtherTab,
    /// A link was opened in a tab that follows another: play it here?
    OpenHere(inkdoku_engine::share::SharedPuzzle),
    /// A save failed for lack of space: said, with what can go to make room; `kept`: where
    /// the game is meanwhile.
    StorageFull {
        kept: Spare,
    },
    /// Start screen when the saved game is older than the player's last moves (a save failed).
    WelcomeOlder,
    /// Won: congratulations, time and best time; a game solved together (`together`: whether
    /// anyone in the room used help) says so instead and records no best time, the time being
    /// the room's.
    Won {
        time_ms: u64,
        best_ms: Option<u64>,
        new_best: bool,
        together: Option<bool>,
    },
}

/// Where the game is kept while the main store refuses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spare {
    /// In the lasting spare store (IndexedDB): closing the tab keeps it.
    Lasting,
    /// Only in the tab's spare store (sessionStorage): a reload keeps it, closing the tab not.
    Tab,
    /// Nowhere: only on the page.
    Nowhere,
}

/// This tab's part when the app is open in several tabs (see `controller::tabs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TabRole {
    /// Just opened: asking whether another tab plays.
    Pending,
    /// Plays and saves.
    Active,
    /// Another tab plays: this one shows the game read-only.
    Follower,
}

/// Whether the board takes digits for play or for entering a puzzle's givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Play,
    /// Typing in a puzzle: digits typed become the givens on "Done".
    Enter,
}

/// What is highlighted by a hint or a check (not the player's pencil marks, nor the marked
/// positions of `Menu::Savepoints`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Highlights {
    /// The step shown by "Hint".
    pub hint: Option<Step>,
    /// Its words in the player's language, made with it in the engine worker: the sentence,
    /// the whole proof, a forcing step's pages (`errands::hint`).
    pub hint_words: Option<HintWords>,
    /// The last "Check" result, while it is on show.
    pub check: Option<Check>,
    /// Cells the last message points at (e.g. a wrong digit).
    pub cells: Vec<Cell>,
    /// How many of the hint's chain links are drawn, when stepping through them (`None`: all).
    pub links_shown: Option<usize>,
    /// The page of a forcing hint's proof on show, stepping branch by branch
    /// (`errands::hint::pages`; `None`: the whole proof drawn).
    pub page: Option<usize>,
}

/// The status line: the last sentence the app said (announced to screen readers). Each part of
/// the core says its line as an effect (the session's refusals, the pen's, the errands', a
/// share's or a file's answer); the app hands every one to `say` in one place (`Store::say`),
/// and the screen shows this value read-only.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatusLine {
    line: String,
}

impl StatusLine {
    /// Says `text` (empty: nothing); returns whether the line changed, for the screen to redraw.
    pub fn say(&mut self, text: String) -> bool {
        let changed = self.line != text;
        self.line = text;
        changed
    }

    pub fn line(&self) -> &str {
        &self.line
    }
}

/// A request to the engine worker that the player waits for (a hint, a puzzle being checked).
/// After `errands::WAIT_SHOWN_MS` it is shown with a Cancel button.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    /// Which request (a newer one replaces it).
    pub token: u32,
    /// What is being done, in the player's words.
    pub what: String,
    /// Whether it has lasted long enough to be shown.
    pub shown: bool,
}

/// Progress of a puzzle being made in the worker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Making {
    pub done: u32,
    pub total: u32,
}

/// A set of new puzzles laid out for printing, with a caption (level, size, seed) each.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintSet {
    pub per_page: usize,
    pub puzzles: Vec<Printed>,
}

/// One puzzle of a print set: its givens, its constraints as drawn (none for a classic
/// puzzle, the cages for a killer) and its caption.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    pub givens: Grid,
    pub shapes: Vec<inkdoku_engine::variant::Shape>,
    pub caption: String,
}

/// Whether handwriting can be recognized.
#[derive(Clone, Debug, PartialEq)]
pub enum InkState {
    /// The recognizer isn't loaded yet (it loads on first use, or when the page is idle).
    Unloaded,
    Loading,
    Ready,
    /// It could not load: writing is off, the pad and keyboard work.
    Unavailable(String),
}

/// The game commands' menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    Solve,
    /// "Marks": mark this position, or go back to a marked one (the engine's `Savepoint`s).
    Savepoints,
}

/// Ink waiting to be recognized: the strokes written in one cell, in grid coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub cell: Cell,
    pub strokes: Vec<Vec<[f32; 3]>>,
    /// The recognizer declined it: it stays, shown as such, until fixed or erased.
    pub declined: bool,
    /// The digit the pen placed in this cell a moment ago, and the strokes it was read from:
    /// these strokes may finish it (a slow crossbar, a 4's second stroke), so they are read
    /// together with it (`pen`). Its strokes are not drawn again: the digit shows.
    pub continues: Option<(Digit, Vec<Vec<[f32; 3]>>)>,
    /// A lone stroke read as a 1 that may still be half a 4 or a 7: shown as that digit at once,
    /// in place of its ink, while it waits for a second stroke.
    pub shown: Option<Digit>,
    /// That 1, placed in the game as soon as it was read (`controller::place_growing`; not in a
    /// shared game, where one final move is sent): a second stroke grows it in place, in the
    /// same undo step (`controller::replace_placed`). While it may grow it signals no conflict
    /// and nothing is learned from it.
    pub in_game: Option<Digit>,
}

impl Pending {
    /// Whether this ink is being read (or waits) over a digit the game already holds in its
    /// cell: the lone 1 it put in the game, or, in digit mode, the digit its new strokes may
    /// finish. Then the ink shows whole and that digit does not (a "1" under the stroke that
    /// may make it a 4 would show two things at once), until the answer places the digit.
    pub fn covers_digit(&self, mode: InputMode) -> bool {
        self.shown.is_none() && (self.in_game.is_some() || (mode == InputMode::Digit && self.continues.is_some()))
    }

    /// The strokes drawn as ink: none while a digit shows in their place (`shown`); over a
    /// digit it covers, that digit's strokes too; else the strokes not yet read into a digit.
    pub fn drawn_strokes(&self, mode: InputMode) -> Vec<&Vec<[f32; 3]>> {
        if self.shown.is_some() {
            return Vec::new();
        }
        let under = self.continues.as_ref().filter(|_| self.covers_digit(mode)).map(|(_, s)| s.iter());
        under.into_iter().flatten().chain(self.strokes.iter()).collect()
    }
}

/// The one-tap correction offered after the pen writes: the recognizer's runner-up (or, for
/// ink it declined, its two best guesses), and on a long press every digit.
#[derive(Clone, Debug, PartialEq)]
pub struct Chip {
    pub cell: Cell,
    /// The digits offered first.
    pub choices: Vec<Digit>,
    /// The digit the pen wrote (none when the ink was declined).
    pub written: Option<Digit>,
    /// Every digit of the grid is offered (after a long press, or "Other digits").
    pub all: bool,
    /// The pen wrote the cell below this one just before: it is going up a column, so the chip
    /// sits below the cell (over the digit just written), not over the next cell.
    pub going_up: bool,
}

/// Whether a game holds a puzzle, not the blank board shown while the first one is made: it
/// has givens, or constraints (a killer of cages only has no givens at all).
pub fn has_puzzle(game: &Game) -> bool {
    game.givens().filled_count() > 0 || game.variant().is_some()
}

/// An empty 9x9 game, shown while the first puzzle is being made.
pub fn blank_game() -> Game {
    Game::new(Grid::new(Size::Nine), None)
}
