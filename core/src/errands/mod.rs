//! The engine errands: what the player asks of the engine worker (a hint, a new puzzle, a
//! puzzle typed in or opened from a link checked) and what its answers do, with Check and
//! Solve beside them. `Errands` owns what they show — the request the player waits for, the
//! puzzle being made, the hint's and the check's highlights, the log of applied hints — and
//! takes inputs: the player's (Hint, Apply, a page of the proof, Check, Solve, New game, the
//! daily puzzle, Done while typing a puzzle in, Cancel) and the worker's (a reply, a request
//! that could not be sent, the wait long enough to show), and another app's link or a file
//! read in the worker (`Input::Read`: its readers are not in the app's wasm). Each input says what changed
//! (`Changed`, for the screen to copy) and what the app must do (`Effect`s: send this task
//! through the `EngineWorker` port, say this on the status line, open this dialog, start this
//! game, apply this step to the session's game). The app's store mirrors `Errands` as it mirrors
//! the session (`Store::errand`), and its controller functions only build the input and carry
//! out the effects.
//!
//! A reply finds its request by the token the core gave it (`Effect::Ask`); a reply to a request
//! that is no longer out (cancelled: the worker was stopped) is stale and changes nothing, and a
//! hint's answer for a position the player has since changed is dropped: it speaks of another
//! board.
//!
//! ```text
//!  mod.rs     the errands' state, inputs and effects; the requests out and the one waited for
//!  hint.rs    a hint asked and answered, applied, its proof's pages and what the board draws
//!  check.rs   Check and Solve in words and marks, undo back to solvable said
//!  making.rs  a new puzzle made at a level, the daily puzzle, a puzzle typed in checked
//!  printing.rs a print set's puzzles made one after another, then printed
//! ```

pub mod check;
pub mod hint;
pub mod making;
pub mod printing;

use crate::i18n::{self, Lang, Ui};
use crate::sharing::Reading;
use crate::state::{Dialog, GameMeta, Highlights, Kind, Making, Settings, Waiting};
use crate::storage::StoredGame;
use inkdoku_engine::game::{Action, Game};
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::share::SharedPuzzle;
use inkdoku_engine::{Cell, DigitSet, Grid};

pub use check::SolveScope;

/// How long a wait for the engine worker goes unshown (most answers come sooner).
pub const WAIT_SHOWN_MS: u32 = 300;

/// The errands' state: what the screen shows of them, and the requests out.
#[derive(Clone, Debug, Default)]
pub struct Errands {
    shown: Shown,
    /// The requests sent and not yet answered, by token, with what each is for.
    out: Vec<(u32, Errand)>,
    /// The last token given.
    sent: u32,
    changed: Changed,
}

/// What the screen shows of the errands.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// The request the player waits for, if any.
    pub waiting: Option<Waiting>,
    /// The puzzle being made (progress), if one is.
    pub making: Option<Making>,
    /// The hint's or the check's marks.
    pub highlights: Highlights,
    /// The sentences of the hints applied.
    pub log: Vec<String>,
}

/// Which parts of the errands' state an input changed (the screen copies only those).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Changed {
    pub waiting: bool,
    pub making: bool,
    pub highlights: bool,
    pub log: bool,
}

/// What a request to the engine worker is for, kept until its answer.
#[derive(Clone, Debug)]
enum Errand {
    /// A hint for this position (digits and candidates), on a variant or not.
    Hint { asked: (Grid, Vec<DigitSet>), variant: bool },
    /// A new puzzle: `note` is said when it is on the board (else "New …"), `daily` is the date
    /// of the daily puzzle it is.
    Make { options: inkdoku_engine::generator::Options, note: String, daily: Option<String> },
    /// A puzzle typed in, checked for one solution.
    Enter { grid: Grid },
    /// A link's or a file's puzzle, checked for one solution: played or refused as
    /// `sharing::checked` decides.
    Link { shared: Box<SharedPuzzle> },
    /// Another app's link, a paste or a file, read (`sharing::read_answered`).
    Read { reading: Reading },
    /// A variant opened without a grade, graded (its walk can take a second, so nobody waits).
    Grade { puzzle: Box<inkdoku_engine::variant::Puzzle> },
    /// The next puzzle of a print set.
    Print(printing::PrintRun),
}

/// What the errands are told of the app with each input.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The session's game (the board on show).
    pub game: &'a Game,
    pub meta: &'a GameMeta,
    pub settings: &'a Settings,
    /// The session's selected cell.
    pub selected: Option<Cell>,
    /// The dialog open, if any.
    pub dialog: Option<&'a Dialog>,
    /// A game is played (not a puzzle being typed in).
    pub playing: bool,
    /// The interface language.
    pub lang: Lang,
}

impl Context<'_> {
    fn t(&self) -> &'static Ui {
        i18n::ui(self.lang)
    }
}

/// An input to the errands.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// "Hint": advice on the player's position asked of the worker.
    Hint,
    /// "Apply" on the hint card: its step goes into the game, its sentence into the log.
    ApplyHint,
    /// The hint card closed by its button or a tap outside its cells.
    CloseHint,
    /// The player chose another language (its words at hand: `i18n::is_ready`): a hint card
    /// on show is asked for again, so that its words come in the new language (they are made
    /// in the engine worker, in the language asked in).
    LanguageChanged,
    /// The proof's stepper: the next page, the previous one, or how many links are drawn.
    NextPage,
    PreviousPage,
    ShowLinks(Option<usize>),
    /// "Check": what is wrong, said and marked.
    Check,
    /// "Solve" the selected cell, its row, its column or everything.
    Solve(SolveScope),
    /// The marks of a hint or check go: the board changed, Escape, another game reloaded.
    ClearHighlights,
    /// A new game is on the board: its highlights and log start empty.
    GameStarted,
    /// A new puzzle of the settings' kind, size, level and symmetry, from this seed.
    MakePuzzle {
        seed: u64,
    },
    /// "Daily puzzle" or "Daily killer" pressed (`today`: the date): asks first before it
    /// replaces a game in progress; `kept`: the games in progress kept, newest first.
    DailyClicked {
        kind: Kind,
        today: String,
        kept: Vec<StoredGame>,
    },
    /// The daily puzzle of a kind, asked for (or confirmed).
    Daily {
        kind: Kind,
        today: String,
        kept: Vec<StoredGame>,
    },
    /// "Done" while typing a puzzle in: checked for exactly one solution.
    FinishEntering,
    /// A text the app does not read itself (another app's link, a paste, a file: `sharing::Holds`)
    /// read in the worker while the player waits; a newer reading replaces one not yet answered.
    /// A worker still loading reads it once loaded (its requests wait), as it makes New game's.
    Read {
        reading: Reading,
        text: String,
    },
    /// A link's or a file's puzzle checked in the worker (`task`) while the player waits.
    CheckLink {
        shared: Box<SharedPuzzle>,
        task: Task,
    },
    /// The engine worker's reply to the request `token` (progress, answer or error).
    Replied {
        token: u32,
        reply: Reply,
    },
    /// The request `token` could not be sent (the worker could not start).
    NotSent {
        token: u32,
        why: String,
    },
    /// The wait for `token` lasted `WAIT_SHOWN_MS`: it shows, with Cancel.
    WaitShown(u32),
    /// Cancel on a shown wait: the worker is stopped.
    CancelWait,
    /// Cancel while a puzzle is made.
    CancelMaking,
    /// "Make and print": one new puzzle of the settings' kind and size per seed, at `level`,
    /// made one after another, then laid out `per_page` to a page and printed.
    PrintSet {
        level: inkdoku_engine::rating::Level,
        per_page: usize,
        seeds: Vec<u64>,
    },
}

/// What the app must do after an input.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send `task` to the engine worker; its replies come back as `Input::Replied { token, .. }`
    /// (or `Input::NotSent` if it cannot go).
    Ask { token: u32, task: Task },
    /// After `WAIT_SHOWN_MS`, `Input::WaitShown(token)` (the port's clock).
    ShowWaitLater { token: u32 },
    /// Stop the engine worker: what it was doing never answers.
    CancelAll,
    /// This on the status line.
    Say(String),
    /// A detail for the developer console (a worker's error).
    Console(String),
    /// Apply this action to the session's game; `said` goes on the status line if the board
    /// changed and the game goes on (a win says itself).
    Apply { action: Action, said: Option<String> },
    /// Start this game (the game before, if in progress, is kept).
    StartGame { game: Box<Game>, meta: GameMeta },
    /// Open this dialog, or close the one open.
    Dialog(Option<Dialog>),
    /// Close the New game dialog if it is still the one open (not a message that opened since).
    CloseNewGame,
    /// The puzzle typed in is played: there is no game to go back to any more.
    Entered,
    /// Resume kept game number `index` (newest first).
    ResumeKept(usize),
    /// Open this puzzle read in the worker (asking first over a game in progress, then checking
    /// it: `Input::CheckLink`); `note` shows once it is on the board (a file's progress not
    /// restored).
    Open { shared: Box<SharedPuzzle>, note: Option<Dialog> },
    /// A first visit's link held no puzzle, and nothing is on the board: the premade first
    /// puzzle comes, as when the link is inkdoku's own and damaged.
    FirstPuzzle,
    /// A link's puzzle is on the board (after `StartGame`): the app joins the room its link
    /// named and shows the note kept for it (a file's progress not restored).
    LinkOpened,
    /// A link's puzzle was refused with nothing on the board to keep: a new puzzle is made
    /// (the app draws its seed: `Input::MakePuzzle`).
    MakeInstead,
    /// The variant on the board was graded: its level shows beside its size.
    Graded(inkdoku_engine::rating::Level),
    /// The print set is made: lay it out and print it (after the layout is drawn).
    Print(crate::state::PrintSet),
}

/// What an input changed and what the app must do about it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    pub changed: Changed,
    pub effects: Vec<Effect>,
}

impl Errands {
    pub fn shown(&self) -> &Shown {
        &self.shown
    }

    pub fn waiting(&self) -> Option<&Waiting> {
        self.shown.waiting.as_ref()
    }

    pub fn making(&self) -> Option<Making> {
        self.shown.making
    }

    pub fn highlights(&self) -> &Highlights {
        &self.shown.highlights
    }

    pub fn log(&self) -> &[String] {
        &self.shown.log
    }

    /// Takes one input; says what changed and what the app must do.
    pub fn input(&mut self, input: Input, ctx: &Context) -> Outcome {
        let mut fx = Vec::new();
        match input {
            Input::Hint => self.hint(ctx, &mut fx),
            Input::ApplyHint => self.apply_hint(&mut fx),
            Input::LanguageChanged if self.shown.highlights.hint.is_some() => self.hint(ctx, &mut fx),
            Input::LanguageChanged => {}
            Input::CloseHint => {
                self.set_highlights(Highlights::default());
                fx.push(Effect::Say(String::new()));
            }
            Input::NextPage => self.next_page(),
            Input::PreviousPage => self.previous_page(),
            Input::ShowLinks(shown) => self.show_links(shown),
            Input::Check => self.check(ctx, &mut fx),
            Input::Solve(scope) => check::solve(scope, ctx, &mut fx),
            Input::ClearHighlights => self.set_highlights(Highlights::default()),
            Input::GameStarted => {
                self.set_highlights(Highlights::default());
                self.set_log(Vec::new());
            }
            Input::MakePuzzle { seed } => self.make_puzzle(seed, ctx, &mut fx),
            Input::DailyClicked { kind, today, kept } => self.daily_clicked(kind, &today, &kept, ctx, &mut fx),
            Input::Daily { kind, today, kept } => self.daily(kind, &today, &kept, ctx, &mut fx),
            Input::FinishEntering => self.finish_entering(ctx, &mut fx),
            Input::Read { reading, text } => {
                // The reading asked before is no longer wanted: its answer will be stale.
                self.out.retain(|(_, e)| !matches!(e, Errand::Read { .. }));
                let task = reading.task(text);
                self.ask_waiting(ctx.t().checking, Errand::Read { reading }, task, &mut fx);
            }
            Input::CheckLink { shared, task } => self.ask_waiting(ctx.t().checking, Errand::Link { shared }, task, &mut fx),
            Input::Replied { token, reply } => self.replied(token, reply, ctx, &mut fx),
            Input::NotSent { token, why } => self.not_sent(token, why, ctx, &mut fx),
            Input::WaitShown(token) => {
                if let Some(w) = self.shown.waiting.as_mut().filter(|w| w.token == token && !w.shown) {
                    w.shown = true;
                    self.changed.waiting = true;
                }
            }
            Input::CancelWait => {
                fx.push(Effect::CancelAll);
                self.out.clear();
                self.set_waiting(None);
                fx.push(Effect::Say(ctx.t().cancelled.into()));
            }
            Input::CancelMaking => {
                fx.push(Effect::CancelAll);
                self.out.clear();
                self.set_making(None);
                fx.push(Effect::Say(ctx.t().cancelled.into()));
            }
            Input::PrintSet { level, per_page, seeds } => self.print_set(level, per_page, seeds, ctx, &mut fx),
        }
        Outcome { changed: std::mem::take(&mut self.changed), effects: fx }
    }

    /// Sends a task the worker answers for `errand`.
    fn ask(&mut self, errand: Errand, task: Task, fx: &mut Vec<Effect>) -> u32 {
        self.sent = self.sent.wrapping_add(1);
        let token = self.sent;
        self.out.push((token, errand));
        fx.push(Effect::Ask { token, task });
        token
    }

    /// Sends a task the player waits for: `what` is said at once, and the wait shows (with
    /// Cancel) after `WAIT_SHOWN_MS` unless the answer came first. A newer wait replaces it.
    fn ask_waiting(&mut self, what: &str, errand: Errand, task: Task, fx: &mut Vec<Effect>) {
        fx.push(Effect::Say(what.to_string()));
        let token = self.ask(errand, task, fx);
        self.set_waiting(Some(Waiting { token, what: what.to_string(), shown: false }));
        fx.push(Effect::ShowWaitLater { token });
    }

    /// A reply: progress for a puzzle being made, else the answer, which ends its request (and
    /// the wait for it). A reply for a request no longer out is stale: nothing changes.
    fn replied(&mut self, token: u32, reply: Reply, ctx: &Context, fx: &mut Vec<Effect>) {
        let Some(at) = self.out.iter().position(|(t, _)| *t == token) else { return };
        if let Reply::Progress { done, total, .. } = reply {
            // A print set shows its own count (puzzles made), not each puzzle's progress.
            if matches!(self.out[at].1, Errand::Make { .. }) {
                self.set_making(Some(Making { done, total }));
            }
            return;
        }
        let (_, errand) = self.out.remove(at);
        if self.shown.waiting.as_ref().is_some_and(|w| w.token == token) {
            self.set_waiting(None);
        }
        match errand {
            Errand::Hint { asked, variant } => self.hint_answered(&asked, variant, reply, ctx, fx),
            Errand::Make { options, note, daily } => self.made(options, &note, daily, reply, ctx, fx),
            Errand::Enter { grid } => making::entered(grid, reply, ctx, fx),
            Errand::Link { shared } => match reply {
                Reply::Error { message, .. } => worker_failed(&message, ctx, fx),
                reply => self.link_checked(&shared, reply, ctx, fx),
            },
            Errand::Read { reading } => read_answered(&reading, reply, ctx, fx),
            Errand::Grade { puzzle } => match reply {
                // Only if the same puzzle is still on the board, ungraded.
                Reply::Rated { rating, .. } if ctx.game.variant() == Some(&*puzzle) && ctx.meta.level.is_none() => {
                    fx.push(Effect::Graded(rating.level))
                }
                // A failed grading leaves it ungraded, as before.
                Reply::Error { message, .. } => fx.push(Effect::Console(format!("inkdoku: the variant's grade: {message}"))),
                _ => {}
            },
            Errand::Print(run) => self.printed(run, reply, ctx, fx),
        }
    }

    /// The worker's check of a link's puzzle: it starts (its progress applied, a variant
    /// without a grade sent to be graded), or is refused with its reason.
    fn link_checked(&mut self, shared: &SharedPuzzle, reply: Reply, ctx: &Context, fx: &mut Vec<Effect>) {
        let nothing_kept = ctx.playing && !crate::state::has_puzzle(ctx.game);
        match crate::sharing::checked(ctx.lang, shared, reply, nothing_kept) {
            crate::sharing::Checked::Play { game, meta, said, grade, console } => {
                fx.extend(console.map(Effect::Console));
                fx.push(Effect::StartGame { game, meta });
                if let Some(puzzle) = grade {
                    let task = Task::RateVariant { variant: (*puzzle).clone() };
                    self.ask(Errand::Grade { puzzle }, task, fx);
                }
                fx.push(Effect::Say(said));
                fx.push(Effect::LinkOpened);
            }
            crate::sharing::Checked::Refused { note, make_instead } => {
                fx.push(Effect::Dialog(Some(note)));
                if make_instead {
                    fx.push(Effect::MakeInstead);
                }
            }
            crate::sharing::Checked::Pending => {}
        }
    }

    /// A request that could not be sent fails as the worker's error would.
    fn not_sent(&mut self, token: u32, why: String, ctx: &Context, fx: &mut Vec<Effect>) {
        let Some(at) = self.out.iter().position(|(t, _)| *t == token) else { return };
        let (_, errand) = self.out.remove(at);
        if self.shown.waiting.as_ref().is_some_and(|w| w.token == token) {
            self.set_waiting(None);
        }
        match errand {
            Errand::Make { .. } | Errand::Print(_) => self.making_failed(why, ctx, fx),
            Errand::Grade { .. } => fx.push(Effect::Console(format!("inkdoku: the variant's grade was not asked for: {why}"))),
            _ => worker_failed(&why, ctx, fx),
        }
    }

    /// Ends a generation that failed: the progress goes, the reason shows.
    fn making_failed(&mut self, why: String, ctx: &Context, fx: &mut Vec<Effect>) {
        self.set_making(None);
        worker_failed(&why, ctx, fx);
    }

    fn set_waiting(&mut self, waiting: Option<Waiting>) {
        if self.shown.waiting != waiting {
            self.shown.waiting = waiting;
            self.changed.waiting = true;
        }
    }

    fn set_making(&mut self, making: Option<Making>) {
        if self.shown.making != making {
            self.shown.making = making;
            self.changed.making = true;
        }
    }

    /// (Set without comparing: a step's comparison is large code in the app's wasm, and the
    /// screen redrew the marks at every board change before the errands were the core's too.)
    fn set_highlights(&mut self, highlights: Highlights) {
        self.shown.highlights = highlights;
        self.changed.highlights = true;
    }

    fn change_highlights(&mut self, change: impl FnOnce(&mut Highlights)) {
        let mut next = self.shown.highlights.clone();
        change(&mut next);
        self.set_highlights(next);
    }

    fn set_log(&mut self, log: Vec<String>) {
        if self.shown.log != log {
            self.shown.log = log;
            self.changed.log = true;
        }
    }
}

/// The worker's reading of a link, a paste or a file: the puzzle opens (or is offered here,
/// in a following tab), or the note says why there is none; with nothing on the board (a first
/// visit by such a link) the premade first puzzle comes.
fn read_answered(reading: &Reading, reply: Reply, ctx: &Context, fx: &mut Vec<Effect>) {
    match crate::sharing::read_answered(ctx.lang, reading, reply) {
        crate::sharing::Answered::Puzzle { shared, .. } if matches!(reading, Reading::OfferHere { .. }) => {
            fx.push(Effect::Dialog(Some(Dialog::OpenHere(*shared))));
        }
        crate::sharing::Answered::Puzzle { shared, note } => {
            if let Some(Dialog::Message { details: Some(why), .. }) = &note {
                fx.push(Effect::Console(format!("inkdoku: {why}")));
            }
            fx.push(Effect::Open { shared, note });
        }
        crate::sharing::Answered::NoPuzzle(note) => {
            fx.push(Effect::Dialog(Some(note)));
            first_puzzle_if_nothing_kept(reading, ctx, fx);
        }
        // The worker crashed or could not load: said as a failed check is, nothing opened
        // (the next request starts a fresh worker).
        crate::sharing::Answered::Other(Reply::Error { message, .. }) => worker_failed(&message, ctx, fx),
        crate::sharing::Answered::Other(_) => {}
    }
}

/// The premade first puzzle, when a link opened on a playing tab left its board empty.
fn first_puzzle_if_nothing_kept(reading: &Reading, ctx: &Context, fx: &mut Vec<Effect>) {
    let nothing_kept = ctx.playing && !crate::state::has_puzzle(ctx.game);
    if nothing_kept && !matches!(reading, Reading::OfferHere { .. }) {
        fx.push(Effect::FirstPuzzle);
    }
}

/// A worker request failed (the worker crashed or could not start; the app's worker channel
/// restarts it for the next request): plain words for the player, the detail on the console.
fn worker_failed(detail: &str, ctx: &Context, fx: &mut Vec<Effect>) {
    fx.push(Effect::Console(format!("inkdoku worker: {detail}")));
    fx.push(Effect::Say(ctx.t().worker_failed.into()));
}

/// The cells named for the player: "r1c2, r3c4".
fn cell_names(size: inkdoku_engine::Size, cells: &[Cell]) -> String {
    cells.iter().map(|&c| inkdoku_engine::geometry::cell_name(size, c)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests;
