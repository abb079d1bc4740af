//! The store: the core's values (`inkdoku_core::state`: the game's metadata, settings, dialogs,
//! the pen's state) in signals for the components, with the game itself.
//! Nothing here is undoable but the game (the engine's split). The play of the game (the game,
//! the selection, the picked digit, the entry mode) is the core's `Session`, which the store
//! holds; its signals of those are the session's mirror, written in one place (`Store::mirror`).
//! The engine errands (hints, check, solve, puzzles made: the highlights, the wait, the
//! progress, the log) are the core's `Errands`, which the store holds and shows through
//! read-only `Shown` parts (`Store::errand` alone tells them of a change). A game solved
//! together is the core's `Together`, whose room view the store mirrors read-only in `room`
//! (`Store::together_input` alone writes it). The games beside the session (the game's
//! metadata, the play time, the phase, the game before a typed-in puzzle) are the core's `Games`, mirrored in one place too (`Store::games`); saving's memory
//! (autosave's count of changes, whether a full storage was told) is the core's `Saving`. What
//! covers the board (the open dialog and menu, the note kept for after an open) is the core's
//! `Screen`, mirrored read-only in `dialog` and `menu` (`Store::screen` alone writes them).

pub mod tabs;
pub mod zoom;

use crate::i18n::{Lang, Ui, ui};
use crate::ports::{Handwriting, Ports};
use inkdoku_core::errands::{self, Errands};
use inkdoku_core::games::{self, Games};
use inkdoku_core::ink::chip::ChipMemory;
use inkdoku_core::pen::{self as flow, Pen};
use inkdoku_core::saving::Saving;
pub use inkdoku_core::screen::Input as ScreenInput;
use inkdoku_core::screen::{self, Screen};
use inkdoku_core::session::{self, Changed, Context, Input, Session};
pub use inkdoku_core::state::*;
use inkdoku_core::together::{self, Together};
use inkdoku_engine::game::Game;
use inkdoku_engine::{Cell, Digit, Size};
use leptos::prelude::*;
use pen::LastWritten;
use std::rc::Rc;

/// The ink's UI state (not undoable: scratchpad strokes are in the game, pending ink isn't).
#[derive(Clone, Copy)]
pub struct Ink {
    /// The pen's flow from ink to a digit (`inkdoku_core::pen`): changed only through
    /// `Store::pen`, which copies what changed into the two signals below.
    pub pen: StoredValue<Pen, LocalStorage>,
    /// The recognizer's state, mirrored.
    pub state: Mirrored<InkState>,
    /// The ink waiting to be read, mirrored.
    pub pending: Mirrored<Option<Pending>>,
    /// The stroke being drawn right now.
    pub live: RwSignal<Vec<[f32; 3]>>,
    /// The eraser mode (for fingers and mice; a pen's eraser end works in any mode).
    pub eraser: RwSignal<bool>,
    /// The correction chip beside the cell the pen just wrote in.
    pub chip: RwSignal<Option<Chip>>,
    /// The player's corrected drawings, which the recognizer learns from.
    pub hand: RwSignal<Handwriting>,
    /// What the pen last wrote, so that a quick rewrite of the cell teaches the recognizer.
    pub last_written: RwSignal<Option<LastWritten>>,
    /// What the chip remembers from one offer to the next (`ink::chip`).
    pub chip_memory: StoredValue<ChipMemory, LocalStorage>,
}

impl Ink {
    /// The game on the board was replaced (a new game, the daily puzzle, a previous game, a link,
    /// another tab's game): ink, its answers, the chip and what the pen last wrote belong to the
    /// game they were written in, and go with it.
    pub fn game_changed(&self) {
        let changed = self.pen.try_update_value(Pen::game_changed).unwrap_or_default();
        self.mirror(changed);
        self.chip.set(None);
        self.last_written.set(None);
    }

    /// The one place that writes the pen's mirror: the signals of what `changed`.
    fn mirror(&self, changed: flow::Changed) {
        let (state, pending) =
            self.pen.with_value(|p| (changed.state.then(|| p.state().clone()), changed.pending.then(|| p.pending().cloned())));
        if let Some(state) = state {
            self.state.0.set(state);
        }
        if let Some(pending) = pending {
            self.pending.0.set(pending);
        }
    }
}

/// Every signal of the app, `Copy` so components and handlers can capture it freely.
#[derive(Clone, Copy)]
pub struct Store {
    /// The outside world: storage, the engine worker, the clock (`crate::ports`).
    pub ports: StoredValue<Ports, LocalStorage>,
    /// This tab's part in the election of the playing tab (`controller::tabs`).
    pub tab: StoredValue<tabs::TabState, LocalStorage>,
    /// The play of the game (`inkdoku_core::session`): changed only through `play` (an input)
    /// and `session_mut`, which copy what changed into the signals below.
    pub session: StoredValue<Session, LocalStorage>,
    /// The session's game, mirrored.
    pub game: MirroredGame,
    /// The games beside the session (`inkdoku_core::games`): changed only through `games`,
    /// which copies what changed into the three mirrors below (the game before a typed-in
    /// puzzle, which no view shows, is read from the games themselves).
    pub games: StoredValue<Games, LocalStorage>,
    /// The game's metadata; its `elapsed_ms` is only written when saving (see `elapsed`).
    pub meta: Mirrored<GameMeta>,
    /// Play time in ms, live. Kept apart from `meta` so the clock ticking doesn't count as a
    /// change of the game (which would keep postponing the debounced autosave).
    pub elapsed: Mirrored<u64>,
    pub settings: RwSignal<Settings>,
    /// Playing, or typing a puzzle in (the games', mirrored).
    pub phase: Mirrored<Phase>,
    /// The session's selected cell, mirrored.
    pub selected: Mirrored<Option<Cell>>,
    /// Digit picked first on the pad: tapping cells then places it (the session's, mirrored).
    pub active_digit: Mirrored<Option<Digit>>,
    /// The session's entry mode, mirrored.
    pub mode: Mirrored<InputMode>,
    /// What covers the board (`inkdoku_core::screen`: the dialog, the menu, the note kept for
    /// after an open): changed only through `screen` (and `show`, `close_dialog`), which copies
    /// what changed into the two mirrors below.
    screen: StoredValue<Screen, LocalStorage>,
    /// The open dialog, mirrored.
    pub dialog: Mirrored<Option<Dialog>>,
    /// The game commands' menu that is open (Solve, or the marked positions), mirrored.
    pub menu: Mirrored<Option<Menu>>,
    /// The engine errands (`inkdoku_core::errands`: hints, check, solve, puzzles made or typed
    /// in): changed only through `errand`, which tells the parts below that changed.
    pub errands: StoredValue<Errands, LocalStorage>,
    /// The hint's or the check's marks (the errands').
    pub highlights: Shown<Highlights>,
    /// A puzzle is being made (progress), for the New game dialog (the errands').
    pub making: Shown<Option<Making>>,
    /// The status line (the core's `StatusLine`, announced to screen readers): said through
    /// `Store::say` alone, shown read-only.
    pub status: Status,
    /// The engine request the player waits for, if any (the errands').
    pub waiting: Shown<Option<Waiting>>,
    /// Steps taken by hints, for the log (the errands').
    pub log: Shown<Vec<String>>,
    /// Whether the page is visible (the timer stops when hidden).
    pub visible: RwSignal<bool>,
    /// Puzzles laid out for printing, while they are.
    pub print_set: RwSignal<Option<PrintSet>>,
    /// A new version of the app is installed and waiting.
    pub update_ready: RwSignal<bool>,
    /// Whether this tab plays or follows another.
    pub role: RwSignal<TabRole>,
    /// The browser's language (used when the settings don't choose one).
    pub browser_lang: Lang,
    pub ink: Ink,
    /// Which part of the board is on show (the focus view of small screens).
    pub view: zoom::BoardView,
    /// The colour mode's choices.
    pub brush: RwSignal<Brush>,
    /// The room of a game solved together (`inkdoku_core::together`; `None`: not shared):
    /// changed only through `together_input`, which copies its view into `room` …
    pub together: StoredValue<Option<Together>, LocalStorage>,
    /// … what the interface shows of it, mirrored.
    pub room: Mirrored<Option<RoomView>>,
    /// The room key of the link being opened, to join once its puzzle is on the board; `Err`
    /// when the key is damaged (the puzzle then opens to play alone, and says so).
    pub joining: StoredValue<Option<Result<inkdoku_engine::together::link::RoomKey, ()>>, LocalStorage>,
    /// When to save and what storage answered (`inkdoku_core::saving`: autosave's count of
    /// changes, a full storage told once): one per store, so another store's changes (another
    /// tab in a native test) never postpone this one's save.
    pub saving: StoredValue<Saving, LocalStorage>,
}

/// A part of the errands on show (`inkdoku_core::errands::Shown`): read like a signal (a view
/// or an effect that reads it re-runs when `Store::errand` says it changed), never written here.
/// The errands' own value is read, not a copy of it: one trigger per part, no signal per type.
pub struct Shown<T: 'static> {
    errands: StoredValue<Errands, LocalStorage>,
    changed: Trigger,
    part: fn(&errands::Shown) -> &T,
}

impl<T: 'static> Clone for Shown<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Shown<T> {}

impl<T: 'static> Shown<T> {
    fn new(errands: StoredValue<Errands, LocalStorage>, part: fn(&errands::Shown) -> &T) -> Self {
        Shown { errands, changed: Trigger::new(), part }
    }

    /// Reads the value (tracked: a view or effect re-runs when it changes).
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.changed.track();
        self.with_untracked(f)
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.errands.with_value(|e| f((self.part)(e.shown())))
    }

    pub fn get(&self) -> T
    where
        T: Clone,
    {
        self.with(T::clone)
    }

    pub fn get_untracked(&self) -> T
    where
        T: Clone,
    {
        self.with_untracked(T::clone)
    }
}

/// The status line on show: the core's `StatusLine`, read like a signal (a view that reads it
/// re-runs when it changes), written only through `Store::say`.
#[derive(Clone, Copy)]
pub struct Status {
    line: StoredValue<StatusLine, LocalStorage>,
    changed: Trigger,
}

impl Status {
    /// Reads the line (tracked: a view or effect re-runs when it changes).
    pub fn with<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        self.changed.track();
        self.with_untracked(f)
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        self.line.with_value(|l| f(l.line()))
    }

    pub fn get(&self) -> String {
        self.with(str::to_string)
    }

    pub fn get_untracked(&self) -> String {
        self.with_untracked(str::to_string)
    }

    /// The one place that writes the line, and tells the screen when it changed.
    fn say(&self, text: String) {
        if self.line.try_update_value(|l| l.say(text)).unwrap_or(false) {
            self.changed.notify();
        }
    }
}

/// A signal that mirrors a part of the core: read anywhere, written only here (its signal is
/// private to this module): the session's parts by `Store::mirror`, the pen's by `Ink::mirror`,
/// the room's view by `Store::together_input`, the games' (the metadata, the play time, the
/// phase) by `Store::games`, the dialog and the menu by `Store::screen`.
pub struct Mirrored<T: 'static>(RwSignal<T>);

impl<T: 'static> Clone for Mirrored<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Mirrored<T> {}

impl<T: Send + Sync + 'static> Mirrored<T> {
    fn new(value: T) -> Self {
        Mirrored(RwSignal::new(value))
    }

    /// The running effect or view re-runs when the value changes.
    pub fn track(&self) {
        self.0.track();
    }

    /// Reads the value (tracked: a view or effect re-runs when it changes).
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.0.with(f)
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.0.with_untracked(f)
    }

    pub fn get(&self) -> T
    where
        T: Clone,
    {
        self.0.get()
    }

    pub fn get_untracked(&self) -> T
    where
        T: Clone,
    {
        self.0.get_untracked()
    }
}

/// The session's game, mirrored as `Mirrored` mirrors the rest, without a copy: its signal
/// holds the session's own game (one `Rc`). Empty only inside `Store::play`, `Store::pen` and
/// `Store::change_game`, which lend the game back to the session so that a move changes it in
/// place (no reader runs there).
#[derive(Clone, Copy)]
pub struct MirroredGame(RwSignal<Option<Rc<Game>>, LocalStorage>);

impl MirroredGame {
    /// The running effect or view re-runs when the game changes.
    pub fn track(&self) {
        self.0.track();
    }

    /// Reads the game (tracked: a view or effect re-runs when it changes).
    pub fn with<R>(&self, f: impl FnOnce(&Game) -> R) -> R {
        self.0.with(|g| f(g.as_deref().expect(LENT)))
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&Game) -> R) -> R {
        self.0.with_untracked(|g| f(g.as_deref().expect(LENT)))
    }

    /// A copy of the game (tracked).
    pub fn get(&self) -> Game {
        self.with(Game::clone)
    }

    pub fn get_untracked(&self) -> Game {
        self.with_untracked(Game::clone)
    }
}

const LENT: &str = "the mirror holds the session's game outside an input";

impl Store {
    /// The store over a game; `browser_lang` is the language the browser asks for (the
    /// interface's unless Settings say otherwise).
    pub fn new(game: Game, meta: GameMeta, settings: Settings, ports: Ports, browser_lang: Lang) -> Store {
        let session = Session::new(game);
        let errands = StoredValue::new_local(Errands::default());
        let (games, shown) = (StoredValue::new_local(Games::new(meta.clone())), meta);
        let (game, selected, active_digit, mode) = (
            MirroredGame(RwSignal::new_local(Some(session.shared_game()))),
            Mirrored::new(session.selected()),
            Mirrored::new(session.picked()),
            Mirrored::new(session.mode()),
        );
        Store {
            ports: StoredValue::new_local(ports),
            tab: StoredValue::new_local(Default::default()),
            session: StoredValue::new_local(session),
            game,
            games,
            elapsed: Mirrored::new(shown.elapsed_ms),
            meta: Mirrored::new(shown),
            settings: RwSignal::new(settings),
            phase: Mirrored::new(Phase::Play),
            selected,
            active_digit,
            mode,
            screen: StoredValue::new_local(Screen::default()),
            dialog: Mirrored::new(None),
            menu: Mirrored::new(None),
            errands,
            highlights: Shown::new(errands, |e| &e.highlights),
            making: Shown::new(errands, |e| &e.making),
            status: Status { line: StoredValue::new_local(StatusLine::default()), changed: Trigger::new() },
            waiting: Shown::new(errands, |e| &e.waiting),
            log: Shown::new(errands, |e| &e.log),
            visible: RwSignal::new(true),
            print_set: RwSignal::new(None),
            update_ready: RwSignal::new(false),
            role: RwSignal::new(TabRole::Pending),
            browser_lang,
            ink: Ink {
                pen: StoredValue::new_local(Pen::default()),
                state: Mirrored::new(InkState::Unloaded),
                pending: Mirrored::new(None),
                live: RwSignal::new(Vec::new()),
                eraser: RwSignal::new(false),
                chip: RwSignal::new(None),
                hand: RwSignal::new(Handwriting::new()),
                last_written: RwSignal::new(None),
                chip_memory: StoredValue::new_local(Default::default()),
            },
            view: zoom::BoardView::new(),
            brush: RwSignal::new(Brush { colour: 1, candidates: false }),
            together: StoredValue::new_local(None),
            room: Mirrored::new(None),
            joining: StoredValue::new_local(None),
            saving: StoredValue::new_local(Saving::default()),
        }
    }

    /// Changes the session (a new game on the board, a room's board merged in, the selection
    /// moved by the focus view) and mirrors what changed.
    pub fn session_mut<R>(&self, change: impl FnOnce(&mut Session) -> R) -> R {
        let (result, changed) = self
            .session
            .try_update_value(|s| {
                let result = change(s);
                (result, s.take_changed())
            })
            .expect("the store's session lives as long as the store");
        self.mirror(changed);
        result
    }

    /// Changes the session's game in place (a room's board merged in, undo to solvable) and
    /// mirrors it. `session_mut` copies a game it changes (the mirror holds it, and its closure
    /// may read the mirror); `change` here sees only the game, so the game is lent.
    pub fn change_game<R>(&self, change: impl FnOnce(&mut Game) -> R) -> R {
        let (result, changed) = self.lending_game(|| {
            self.session
                .try_update_value(|s| {
                    let result = s.change_game(change);
                    (result, s.take_changed())
                })
                .expect("the store's session lives as long as the store")
        });
        self.mirror(changed);
        result
    }

    /// Runs `change` with the game lent back to the session, so that a move changes it in place:
    /// the session's `Rc::make_mut` would copy a game the mirror still held (the whole game, its
    /// undo history included, per move). `change` is the core's alone (plain Rust, no reader of
    /// the mirror runs), and `mirror`, which must follow, hands the game back.
    fn lending_game<R>(&self, change: impl FnOnce() -> R) -> R {
        self.game.0.update_untracked(|g| *g = None);
        change()
    }

    /// Takes an input into the session and mirrors what changed; the effects are the
    /// controller's to carry out (`controller::play`).
    pub fn play(&self, input: Input, ctx: &Context) -> Vec<session::Effect> {
        let outcome = self.lending_game(|| {
            self.session.try_update_value(|s| s.input(input, ctx)).expect("the store's session lives as long as the store")
        });
        self.mirror(outcome.changed);
        outcome.effects
    }

    /// Takes an input into the pen's flow, which moves the game through the session where it
    /// writes (`play`: what the session is told with a move); mirrors what changed of both.
    /// The effects are `ink::writing`'s to carry out.
    pub fn pen(&self, input: flow::Input, play: &Context) -> Vec<flow::Effect> {
        let show_candidates = self.settings.with_untracked(|s| s.show_candidates);
        let ports = self.ports();
        let around = flow::Around { now: ports.clock.now_ms(), ui: self.t(), play, show_candidates, online: ports.device.online() };
        let outcome = self.lending_game(|| {
            self.session
                .try_update_value(|s| self.ink.pen.try_update_value(|p| p.input(input, s, &around)))
                .flatten()
                .expect("the store's session and pen live as long as the store")
        });
        self.mirror(outcome.session);
        self.ink.mirror(outcome.changed);
        outcome.effects
    }

    /// The one place that writes the session's mirror: the signals of what `changed` (the game
    /// shared, not copied), and the game handed back after `play` lent it.
    fn mirror(&self, changed: Changed) {
        let (g, sel, pick, m) = self.session.with_value(|s| (s.shared_game(), s.selected(), s.picked(), s.mode()));
        if changed.game {
            self.game.0.set(Some(g));
        } else if self.game.0.with_untracked(Option::is_none) {
            self.game.0.update_untracked(|lent| *lent = Some(g));
        }
        if changed.selected {
            self.selected.0.set(sel);
        }
        if changed.picked {
            self.active_digit.0.set(pick);
        }
        if changed.mode {
            self.mode.0.set(m);
        }
    }

    /// Takes an input into the games (a game started, kept aside, typed in, won, the clock's
    /// tick, a reload), which change the session's game and selection with it; mirrors what
    /// changed of both (the one place that writes the games' mirrors). The effects are the
    /// controller's to carry out (`controller::games`).
    pub fn games(&self, input: games::Input) -> Vec<games::Effect> {
        let ports = self.ports();
        let ctx = games::Context { ports: &ports, ui: self.t() };
        let (outcome, session) = self
            .session
            .try_update_value(|s| {
                let outcome = self.games.try_update_value(|g| g.input(input, s, &ctx));
                (outcome, s.take_changed())
            })
            .and_then(|(outcome, session)| Some((outcome?, session)))
            .expect("the store's session and games live as long as the store");
        self.mirror(session);
        let c = outcome.changed;
        let (meta, elapsed, phase) =
            self.games.with_value(|g| (c.meta.then(|| g.meta().clone()), c.elapsed.then(|| *g.elapsed_ms()), c.phase.then(|| *g.phase())));
        if let Some(meta) = meta {
            self.meta.0.set(meta);
        }
        if let Some(elapsed) = elapsed {
            self.elapsed.0.set(elapsed);
        }
        if let Some(phase) = phase {
            self.phase.0.set(phase);
        }
        outcome.effects
    }

    /// Takes an input into the engine errands and mirrors what changed; the effects are the
    /// controller's to carry out (`controller::errand`).
    pub fn errand(&self, input: errands::Input, ctx: &errands::Context) -> Vec<errands::Effect> {
        let outcome = self.errands.try_update_value(|e| e.input(input, ctx)).expect("the store's errands live as long as the store");
        // The one place that tells the screen the errands changed: the parts that did.
        let c = outcome.changed;
        for (changed, part) in [
            (c.waiting, self.waiting.changed),
            (c.making, self.making.changed),
            (c.highlights, self.highlights.changed),
            (c.log, self.log.changed),
        ] {
            if changed {
                part.notify();
            }
        }
        outcome.effects
    }

    /// Takes an input into the room of a game solved together and mirrors its view if it
    /// changed (the one place that writes `room`); the effects are the controller's to carry
    /// out (`controller::together`).
    pub fn together_input(&self, input: together::Input, ctx: &together::Context) -> Vec<together::Effect> {
        let outcome =
            self.together.try_update_value(|t| together::input(t, input, ctx)).expect("the store's room lives as long as the store");
        if outcome.changed.view {
            self.room.0.set(self.together.with_value(|t| t.as_ref().map(|t| t.view.clone())));
        }
        outcome.effects
    }

    /// Takes an input into what covers the board (a dialog shown or closed, a menu, Escape, the
    /// note kept for after an open) and mirrors what changed: the one place that writes
    /// `dialog` and `menu`.
    pub fn screen(&self, input: screen::Input) {
        let changed = self.screen.try_update_value(|s| s.input(input)).expect("the store's screen lives as long as the store");
        let (dialog, menu) = self.screen.with_value(|s| (changed.dialog.then(|| s.dialog().cloned()), changed.menu.then(|| s.menu())));
        if let Some(dialog) = dialog {
            self.dialog.0.set(dialog);
        }
        if let Some(menu) = menu {
            self.menu.0.set(menu);
        }
    }

    /// Shows `dialog` in place of the one open.
    pub fn show(&self, dialog: Dialog) {
        self.screen(screen::Input::Show(dialog));
    }

    /// Closes the open dialog.
    pub fn close_dialog(&self) {
        self.screen(screen::Input::Close);
    }

    /// A core's dialog effect: shows the dialog, or (`None`) closes the one open.
    pub fn show_or_close(&self, dialog: Option<Dialog>) {
        self.screen(dialog.map_or(screen::Input::Close, screen::Input::Show));
    }

    /// Says `text` on the status line (empty: nothing): every part of the app and the core says
    /// its line through here.
    pub fn say(&self, text: impl Into<String>) {
        self.status.say(text.into());
    }

    /// The outside world (cheap: shared handles).
    pub fn ports(&self) -> Ports {
        self.ports.get_value()
    }

    /// The interface language (reactive: views re-render when it changes).
    pub fn lang(&self) -> Lang {
        self.settings.with(|s| s.language).unwrap_or(self.browser_lang)
    }

    /// The interface strings, reactive (for views).
    pub fn ui(&self) -> &'static Ui {
        ui(self.lang())
    }

    /// The interface strings, untracked (for event handlers and messages).
    pub fn t(&self) -> &'static Ui {
        ui(self.settings.with_untracked(|s| s.language).unwrap_or(self.browser_lang))
    }

    /// The interface language, untracked.
    pub fn lang_now(&self) -> Lang {
        self.settings.with_untracked(|s| s.language).unwrap_or(self.browser_lang)
    }

    /// The grid size of the current game.
    pub fn size(&self) -> Size {
        self.game.with(|g| g.size())
    }

    /// Whether the game has moves that a new game would throw away.
    pub fn in_progress(&self) -> bool {
        self.game.with(Games::in_progress)
    }

    /// Runs `then` once, as soon as a puzzle is on screen (at once if one is already): the
    /// blank board shown while the first puzzle is made has no givens. For what must not share
    /// a slow line with the first puzzle's download.
    pub fn once_a_puzzle_is_on_screen(self, then: impl FnOnce() + 'static) {
        once_when(move || self.game.with(has_puzzle), then);
    }
}

/// Runs `then` once, the first time `now` (which reads signals) holds: at once if it holds
/// already. Once `then` has run, the effect reads no signal, so it never runs again.
pub fn once_when(now: impl Fn() -> bool + 'static, then: impl FnOnce() + 'static) {
    let mut then = Some(then);
    Effect::new(move |_| {
        if then.is_some()
            && now()
            && let Some(then) = then.take()
        {
            then();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::fakes::{StoreOn as _, World};
    use inkdoku_engine::game::Action;

    #[test]
    fn the_mirror_shares_the_sessions_game_and_a_move_changes_it_in_place() {
        let world = World::default();
        let (_owner, store) = world.store(Lang::En);
        let puzzle = ".7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.";
        store.session_mut(|s| s.set_game(Game::new(inkdoku_engine::format::line::parse(puzzle).unwrap(), None)));
        let mirrored = || store.game.with_untracked(|g| g as *const Game);
        let before = mirrored();
        assert_eq!(before, store.session.with_value(|s| s.game() as *const Game), "one game, shared");
        let ctx = Context::alone();
        let note = Action::ToggleNote { cell: Cell::new(0), digit: Digit::new(1).unwrap() };
        let effects = store.play(Input::Apply(note.clone()), &ctx);
        assert_eq!(effects, vec![session::Effect::BoardChanged]);
        assert!(store.game.with_untracked(|g| g.board().pencil.notes[0].contains(Digit::new(1).unwrap())), "the screen shows the move");
        assert_eq!(mirrored(), before, "changed in place, not copied");
        // A refused input hands the game back too.
        store.play(Input::Apply(Action::Place { cell: Cell::new(1), digit: Digit::new(1).unwrap(), clear_peer_notes: true }), &ctx);
        assert_eq!(mirrored(), before);
        // A change of the game itself (a room's board merged in, undo to solvable) too.
        store.change_game(|g| g.apply(note).unwrap());
        assert!(store.game.with_untracked(|g| !g.board().pencil.notes[0].contains(Digit::new(1).unwrap())), "the screen shows it");
        assert_eq!(mirrored(), before, "changed in place, not copied");
    }

    #[test]
    fn the_dialog_and_the_menu_are_the_screens_mirrored_and_redraw_only_when_they_change() {
        use std::sync::{Arc, atomic::AtomicUsize, atomic::Ordering::Relaxed};
        let world = World::default();
        let (_owner, store) = world.store(Lang::En);
        // The screen's view, as `components::dialogs` and the menus read it, and its redraws.
        let redraws = Arc::new(AtomicUsize::new(0));
        let shown = {
            let redraws = redraws.clone();
            Memo::new(move |_| (redraws.fetch_add(1, Relaxed), store.dialog.get(), store.menu.get()))
        };
        let seen = move || shown.with_untracked(|(_, dialog, menu)| (dialog.clone(), *menu, redraws.load(Relaxed)));
        assert_eq!(seen(), (None, None, 1));
        store.screen(ScreenInput::ToggleMenu(Menu::Solve));
        assert_eq!(seen(), (None, Some(Menu::Solve), 2));
        store.show(Dialog::Settings);
        assert_eq!(seen(), (Some(Dialog::Settings), Some(Menu::Solve), 3));
        store.show(Dialog::Settings);
        assert_eq!(seen(), (Some(Dialog::Settings), Some(Menu::Solve), 4), "shown again: drawn afresh");
        store.screen(ScreenInput::CloseIf(Dialog::NewGame));
        assert_eq!(seen(), (Some(Dialog::Settings), Some(Menu::Solve), 4), "another's end: the dialog stays, no redraw");
        store.screen(ScreenInput::CloseMenu);
        assert_eq!(seen(), (Some(Dialog::Settings), None, 5));
        store.screen(ScreenInput::CloseMenu);
        assert_eq!(seen(), (Some(Dialog::Settings), None, 5), "closed already: no redraw");
        store.screen(ScreenInput::Escape);
        assert_eq!(seen(), (None, None, 6), "Escape");
        store.screen(ScreenInput::Escape);
        store.screen(ScreenInput::Opened);
        store.screen(ScreenInput::CloseIf(Dialog::NewGame));
        assert_eq!(seen(), (None, None, 6), "nothing open, no note: no redraw");
        store.show_or_close(Some(Dialog::Share));
        assert_eq!(seen(), (Some(Dialog::Share), None, 7));
        store.show_or_close(None);
        assert_eq!(seen(), (None, None, 8));
    }

    #[test]
    fn the_status_line_is_said_in_one_place_and_the_screen_redraws_only_when_it_changes() {
        let world = World::default();
        let (_owner, store) = world.store(Lang::En);
        let runs = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = runs.clone();
        // The screen's view of the line, as `components::status` reads it.
        let shown = Memo::new(move |_| {
            counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            store.status.get()
        });
        assert_eq!(shown.get_untracked(), "");
        store.say("Saved as a.sdk.");
        assert_eq!((shown.get_untracked(), runs.load(std::sync::atomic::Ordering::Relaxed)), ("Saved as a.sdk.".to_string(), 2));
        store.say("Shared.");
        assert_eq!((shown.get_untracked(), runs.load(std::sync::atomic::Ordering::Relaxed)), ("Shared.".to_string(), 3));
        store.say("Shared.");
        assert_eq!(
            (shown.get_untracked(), runs.load(std::sync::atomic::Ordering::Relaxed)),
            ("Shared.".to_string(), 3),
            "the same line: no redraw"
        );
    }
}
