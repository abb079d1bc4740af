//! The games, as the core keeps them: which game is on the board beside its session (its
//! metadata, its play time, whether a puzzle is being typed in, and the game to go back to if
//! that is cancelled), a game started, restarted or resumed, a puzzle typed in and cancelled,
//! the win with its best time, and what the room and the worker tell of the game (the room kept
//! with it, the room's play time, a variant's grade). Inputs in (`Input`, with what the app
//! knows around them: `Context`), what changed and the effects out (`Outcome`), as the session
//! has it; the app's store mirrors `meta`, `elapsed`, `phase` and `before_enter` read-only,
//! written in one place (`Store::games`), and its controller carries the effects out.
//!
//! Storage's part is the core's too, on the ports: a game in progress that another replaces is
//! kept (`storage::KeptGames`), a kept game is taken out to resume it (`take_kept`), a best
//! time is recorded (`storage::record_time`).

use crate::controller::timer::{ClockState, Tick, tick};
use crate::i18n::{Ui, fill};
use crate::ports::Ports;
use crate::session::Session;
use crate::state::{Dialog, GameMeta, Kind, Phase, SavedTogether, Settings, has_puzzle};
use crate::storage::{self, StoredGame};
use inkdoku_engine::game::Game;
use inkdoku_engine::rating::Level;
use inkdoku_engine::{Grid, Size};

/// The games beside the session: what the board's game is, its time and the phase.
#[derive(Clone, Debug)]
pub struct Games {
    meta: GameMeta,
    /// Play time in ms, live: kept apart from `meta` (whose `elapsed_ms` is written when the
    /// game is saved) so that the clock ticking is no change of the game for autosave.
    elapsed_ms: u64,
    phase: Phase,
    /// The game to go back to if typing a puzzle in is cancelled.
    before_enter: Option<(Game, GameMeta)>,
    changed: Changed,
}

/// Which of the games' parts an input changed (the screen copies only those).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Changed {
    pub meta: bool,
    pub elapsed: bool,
    pub phase: bool,
    pub before_enter: bool,
}

/// What the games are told of the app around them with each input.
pub struct Context<'a> {
    /// Storage, for the kept games and the best times.
    pub ports: &'a Ports,
    /// The player's words.
    pub ui: &'static Ui,
}

/// An input to the games.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// The game on the board is about to be replaced: kept among the kept games if it is in
    /// progress (never lost silently). A room is left after this, before `Start` (the room's
    /// saved part stays with the kept game).
    Leave,
    /// A game goes on the board (new, made, the daily puzzle, a kept one, a link's): played
    /// from its meta's time, nothing selected.
    Start { game: Game, meta: GameMeta },
    /// "Enter a puzzle": an empty board of `size` whose digits become the givens on "Done";
    /// the game on the board is kept to go back to.
    StartEntering { size: Size },
    /// "Done" found the typed-in puzzle good: it is played (`Start`), the game before is let go.
    Entered,
    /// "Cancel" while typing a puzzle in: the game before is back, as it was.
    CancelEntering,
    /// The board is solved: the win, with the best time when it counts (alone, without help,
    /// of a known level). `together`: in a room, whether someone in it used help.
    Won { together: Option<bool> },
    /// The play clock's tick, `delta_ms` after the last; whether the page is on show and a
    /// dialog covers the board.
    Tick { delta_ms: u64, visible: bool, dialog: bool },
    /// The stored game a reload found (a tab starting, a following tab keeping up, a tab taking
    /// over): on the board as stored, the selection left alone.
    Reloaded(StoredGame),
    /// The room kept with the game (`together::Effect::Save`: joined, a move merged, left:
    /// `None`).
    Room(Option<SavedTogether>),
    /// The play time is the room's longest: this (`together::Effect::PlayTime`).
    PlayTime(u64),
    /// The worker graded the variant just opened (`errands::Effect::Graded`).
    Graded(Level),
}

/// What the app must do about an input.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Another game is on the board: what belonged to the one before (the pen's ink, the chip,
    /// hint marks) goes.
    Replaced,
    /// Open this dialog (the win; the kept games that could not be written).
    Dialog(Box<Dialog>),
    /// The play time passed a mark with nothing else changed: save the game.
    Save,
    /// The game's record changed (another game, its metadata): autosave's trigger
    /// (`saving::Input::GameChanged`), as a move's is the session's `BoardChanged`. The play
    /// time alone is no change (it ticks: `Save` keeps it).
    Changed,
}

/// What an input changed and what the app must do about it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub changed: Changed,
    pub effects: Vec<Effect>,
}

impl Games {
    /// The games with `meta`'s game on the board (the session's), played.
    pub fn new(meta: GameMeta) -> Games {
        Games { elapsed_ms: meta.elapsed_ms, meta, phase: Phase::Play, before_enter: None, changed: Changed::default() }
    }

    pub fn meta(&self) -> &GameMeta {
        &self.meta
    }

    pub fn elapsed_ms(&self) -> &u64 {
        &self.elapsed_ms
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn before_enter(&self) -> &Option<(Game, GameMeta)> {
        &self.before_enter
    }

    /// What changed since the last call (for the screen to copy).
    pub fn take_changed(&mut self) -> Changed {
        std::mem::take(&mut self.changed)
    }

    /// The game on show as a record to store, its play time up to date.
    pub fn record(&self, game: &Game) -> StoredGame {
        let mut meta = self.meta.clone();
        meta.elapsed_ms = self.elapsed_ms;
        StoredGame { version: 1, game: game.clone(), meta, saved_at: None }
    }

    /// Whether the game on the board has moves that another game would throw away.
    pub fn in_progress(game: &Game) -> bool {
        game.applied() > 0 && !game.is_solved()
    }

    /// Takes an input; the session's game and selection change with it.
    pub fn input(&mut self, input: Input, session: &mut Session, ctx: &Context) -> Outcome {
        let mut effects = Vec::new();
        match input {
            Input::Leave => {
                if let Some(dialog) = self.keep_aside(session.game(), ctx) {
                    effects.push(Effect::Dialog(Box::new(dialog)));
                }
            }
            Input::Start { game, meta } => {
                self.set_phase(Phase::Play);
                self.show(game, meta, session);
                session.deselect();
                effects.push(Effect::Replaced);
            }
            Input::StartEntering { size } => {
                self.before_enter = Some((session.game().clone(), self.meta.clone()));
                self.changed.before_enter = true;
                self.show(Game::new(Grid::new(size), None), GameMeta::new(None, None), session);
                session.deselect();
                self.set_phase(Phase::Enter);
                effects.push(Effect::Replaced);
            }
            Input::Entered => self.forget_before_enter(),
            Input::CancelEntering => {
                if let Some((game, meta)) = self.before_enter.take() {
                    self.show(game, meta, session);
                    session.deselect();
                    effects.push(Effect::Replaced);
                }
                self.changed.before_enter = true;
                self.set_phase(Phase::Play);
            }
            Input::Won { together } => effects.push(Effect::Dialog(Box::new(self.won(together, session, ctx)))),
            Input::Tick { delta_ms, visible, dialog } => {
                let game = session.game();
                let state = ClockState { visible, dialog, phase: self.phase, has_puzzle: has_puzzle(game), solved: game.is_solved() };
                if let Tick::Counts { elapsed_ms, save } = tick(&state, self.elapsed_ms, delta_ms) {
                    self.elapsed_ms = elapsed_ms;
                    self.changed.elapsed = true;
                    if save {
                        effects.push(Effect::Save);
                    }
                }
            }
            Input::Reloaded(saved) => {
                self.show(saved.game, saved.meta, session);
                effects.push(Effect::Replaced);
            }
            Input::Room(saved) => {
                self.meta.together = saved;
                self.changed.meta = true;
            }
            Input::PlayTime(ms) => {
                self.elapsed_ms = ms;
                self.changed.elapsed = true;
            }
            Input::Graded(level) => {
                self.meta.level = Some(level);
                self.changed.meta = true;
            }
        }
        let changed = self.take_changed();
        if changed.meta {
            effects.push(Effect::Changed);
        }
        Outcome { changed, effects }
    }

    fn show(&mut self, game: Game, meta: GameMeta, session: &mut Session) {
        session.set_game(game);
        self.elapsed_ms = meta.elapsed_ms;
        self.meta = meta;
        self.changed.elapsed = true;
        self.changed.meta = true;
    }

    fn set_phase(&mut self, phase: Phase) {
        if self.phase != phase {
            self.phase = phase;
            self.changed.phase = true;
        }
    }

    fn forget_before_enter(&mut self) {
        if self.before_enter.take().is_some() {
            self.changed.before_enter = true;
        }
    }

    /// A game in progress that another puzzle replaces is kept (`storage::KeptGames`: the
    /// newest few, one per puzzle), resumable from New game. When that cannot be written, a
    /// dialog, not the status line: the next status ("Opened …") would hide it, and the player
    /// must know the game they left is not kept.
    fn keep_aside(&self, game: &Game, ctx: &Context) -> Option<Dialog> {
        if self.phase != Phase::Play || !Games::in_progress(game) {
            return None;
        }
        let mut kept = storage::load_kept(ctx.ports);
        kept.keep(self.record(game));
        let error = storage::save_kept(ctx.ports, &kept).err()?;
        let t = ctx.ui;
        let text = fill(t.cannot_save, &[("e", &storage::describe(t, &error))]);
        Some(Dialog::Message { title: t.saved_data.into(), text, details: None })
    }

    /// The win: the time, and the best time of its kind, size and level when it counts. A game
    /// solved together is a shared solve: no best time (the time is the room's), and with help
    /// only when someone in the room used help (the local game's history is empty then: the
    /// moves are the replica's).
    fn won(&mut self, together: Option<bool>, session: &mut Session, ctx: &Context) -> Dialog {
        let game = session.game();
        let (kind, size) = (Kind::of(game), game.size());
        let assisted = game.helped() || together.is_some();
        let time_ms = self.elapsed_ms;
        self.meta.won = true;
        self.changed.meta = true;
        let (best_ms, new_best) = match (assisted, self.meta.level) {
            (false, Some(level)) => storage::record_time(ctx.ports, kind, size, level, time_ms),
            _ => (None, false),
        };
        session.deselect();
        Dialog::Won { time_ms, best_ms, new_best, together }
    }
}

/// Whether a game that replaces the one on the board asks first: the one on the board is in
/// progress and the settings say to ask (New game's Start, the daily puzzle, a link or a file).
pub fn asks_first(game: &Game, settings: &Settings) -> bool {
    Games::in_progress(game) && settings.confirm_new_game
}

/// "Start" in the New game dialog: the dialog that asks before the game in progress goes, or
/// `None`: the puzzle is made at once.
pub fn start_clicked(game: &Game, settings: &Settings) -> Option<Dialog> {
    asks_first(game, settings).then_some(Dialog::ConfirmDiscard)
}

/// Takes kept game number `index` (newest first) out of the kept games, to resume it; None when
/// there is no such game. The second value says whether the shorter list was written (if not,
/// the game stays kept and is resumed all the same: a full storage is said by the next save).
pub fn take_kept(ports: &Ports, index: usize) -> Option<(StoredGame, bool)> {
    let mut kept = storage::load_kept(ports);
    if index >= kept.games.len() {
        return None;
    }
    let chosen = kept.games.remove(index);
    let written = storage::save_kept(ports, &kept).is_ok();
    Some((chosen, written))
}

/// What a first visit's first puzzle is, once the premade book (`inkdoku_engine::book`, beside
/// the page) answered: one of its puzzles of the size and level asked for, so that it shows
/// without waiting for the engine worker's download; or the worker makes it, as before the book
/// (the book could not be fetched or read, or lacks that size and level: the reason is for the
/// console only); or nothing, when the player began something meanwhile (New game, a typed-in
/// puzzle, a puzzle opened or already made), which is not replaced.
#[derive(Clone, Debug, PartialEq)]
pub enum FirstPuzzle {
    /// The player began something: nothing replaces it.
    Began,
    /// This premade puzzle, with its level and seed.
    Premade { game: Box<Game>, meta: GameMeta },
    /// The engine worker makes it; why the book gave none.
    Make(String),
}

/// The first puzzle, from the book's `text` (or why it could not be had), the size and level
/// asked for and a random draw (drawn only when the book is read). `began`: the board has a
/// puzzle or a move, a puzzle is being made, or one is being typed in.
pub fn first_puzzle(text: Result<String, String>, began: bool, size: Size, level: Level, draw: impl FnOnce() -> u64) -> FirstPuzzle {
    if began {
        return FirstPuzzle::Began;
    }
    let chosen = text.and_then(|text| {
        let book = inkdoku_engine::book::parse(&text)?;
        let entry = inkdoku_engine::book::pick(&book, size, level, draw());
        entry.cloned().ok_or_else(|| format!("no {} {} puzzle in it", size.name(), level.name()))
    });
    match chosen {
        Ok(entry) => FirstPuzzle::Premade {
            game: Box::new(Game::new(entry.puzzle, Some(entry.solution))),
            meta: GameMeta::new(Some(entry.level), Some(entry.seed)),
        },
        Err(why) => FirstPuzzle::Make(why),
    }
}

#[cfg(test)]
mod tests;
