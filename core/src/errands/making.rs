//! Making a puzzle: a new one of the settings' kind, size, level and symmetry made in the
//! engine worker (its progress shown, the level it came out at said), the daily puzzle (the
//! same seeded puzzle for everyone on a date, resumed where it was left when it was kept), and
//! a puzzle typed in checked for exactly one solution before it is played.

use super::{Context, Effect, Errand, Errands, worker_failed};
use crate::i18n::{fill, level_name};
use crate::state::{Dialog, GameMeta, Kind, Making};
use crate::storage::StoredGame;
use inkdoku_engine::game::Game;
use inkdoku_engine::generator::{Options, Symmetry};
use inkdoku_engine::protocol::{Reply, Task};
use inkdoku_engine::rating::Level;
use inkdoku_engine::{Grid, Size};

impl Errands {
    /// A puzzle of the settings' kind, size, level and symmetry (a killer is 9x9, at any of its
    /// levels; its cages have no symmetry), from `seed`.
    pub(super) fn make_puzzle(&mut self, seed: u64, ctx: &Context, fx: &mut Vec<Effect>) {
        let s = ctx.settings;
        let size = if s.kind == Kind::Killer { Size::Nine } else { s.size };
        let level = inkdoku_engine::generator::offered_level(size, s.level);
        self.make(s.kind, Options { size, level, symmetry: s.symmetry, seed }, String::new(), None, ctx, fx);
    }

    /// Makes a puzzle of `kind` in the worker; `note` is said when it's ready (else "New …", or,
    /// for a killer of another level than asked, that and why); `daily` is the date of the
    /// daily puzzle it is. A question about replacing the game gives way to New game's dialog,
    /// which shows the progress.
    fn make(&mut self, kind: Kind, options: Options, note: String, daily: Option<String>, ctx: &Context, fx: &mut Vec<Effect>) {
        if matches!(ctx.dialog, Some(Dialog::ConfirmDiscard | Dialog::ConfirmDaily(_))) {
            fx.push(Effect::Dialog(Some(Dialog::NewGame)));
        }
        self.set_making(Some(Making { done: 0, total: 1 }));
        fx.push(Effect::Say(ctx.t().making_puzzle.into()));
        self.ask(Errand::Make { options, note, daily }, kind.generate(options), fx);
    }

    /// The worker's puzzle goes on the board (the New game dialog closes), and what it is is said.
    pub(super) fn made(&mut self, options: Options, note: &str, daily: Option<String>, reply: Reply, ctx: &Context, fx: &mut Vec<Effect>) {
        let (t, lang) = (ctx.t(), ctx.lang);
        let (game, level, said) = match reply {
            Reply::Generated { generated, .. } => {
                let level = generated.rating.level;
                let said = fill(t.new_puzzle, &[("size", options.size.name()), ("level", level_name(lang, level))]);
                (Game::new(generated.puzzle, Some(generated.solution)), level, said)
            }
            Reply::GeneratedKiller { generated, .. } => {
                let (level, fits) = (generated.rating.level, generated.fits());
                // The engine checked the solution against the cages; a game that refused it
                // would be the engine's bug, said as a failed generation rather than a board
                // never won.
                let game = match Game::of_puzzle(generated.puzzle, Some(generated.solution)) {
                    Ok(game) => game,
                    Err(e) => return self.making_failed(format!("the killer made does not take its solution: {e}"), ctx, fx),
                };
                let said = if fits {
                    fill(t.new_killer, &[("level", level_name(lang, level))])
                } else {
                    // None of the level asked for within the generator's attempts: the nearest
                    // made is played, and the player is told it is not what they asked for.
                    fill(t.killer_nearer, &[("asked", level_name(lang, options.level)), ("level", level_name(lang, level))])
                };
                (game, level, said)
            }
            Reply::Error { message, .. } => return self.making_failed(message, ctx, fx),
            _ => return,
        };
        self.set_making(None);
        let meta = GameMeta { daily, ..GameMeta::new(Some(level), Some(options.seed)) };
        fx.push(Effect::StartGame { game: Box::new(game), meta });
        fx.push(Effect::CloseNewGame);
        fx.push(Effect::Say(if note.is_empty() { said } else { note.to_string() }));
    }

    /// "Daily puzzle" and "Daily killer": the one on the board is said; another asks first
    /// before it replaces a game in progress (the setting), like New game.
    pub(super) fn daily_clicked(&mut self, kind: Kind, today: &str, kept: &[StoredGame], ctx: &Context, fx: &mut Vec<Effect>) {
        let playing_it = ctx.meta.daily.as_deref() == Some(today) && Kind::of(ctx.game) == kind;
        if playing_it {
            fx.push(Effect::Dialog(None));
            fx.push(Effect::Say(daily_note(ctx, kind, today)));
        } else if crate::games::asks_first(ctx.game, ctx.settings) {
            fx.push(Effect::Dialog(Some(Dialog::ConfirmDaily(kind))));
        } else {
            self.daily(kind, today, kept, ctx, fx);
        }
    }

    /// The daily puzzle of a kind: the same seeded 9x9 Medium puzzle for everyone on a date,
    /// made offline (the killer from its own seed, `killer_generator::daily_seed`, so the two of
    /// a date differ). Started before today (and replaced since), it is resumed where it was
    /// left.
    pub(super) fn daily(&mut self, kind: Kind, today: &str, kept: &[StoredGame], ctx: &Context, fx: &mut Vec<Effect>) {
        let note = daily_note(ctx, kind, today);
        if let Some(i) = kept.iter().position(|g| g.meta.daily.as_deref() == Some(today) && Kind::of(&g.game) == kind) {
            fx.push(Effect::ResumeKept(i));
            fx.push(Effect::Say(note));
            return;
        }
        let seed = match kind {
            Kind::Classic => inkdoku_engine::generator::daily_seed(today),
            Kind::Killer => inkdoku_engine::killer_generator::daily_seed(today),
        };
        let options = Options { size: Size::Nine, level: Level::Medium, symmetry: Symmetry::Rotational, seed };
        self.make(kind, options, note, Some(today.to_string()), ctx, fx);
    }

    /// "Done" while typing a puzzle in: checked in the worker for exactly one solution.
    pub(super) fn finish_entering(&mut self, ctx: &Context, fx: &mut Vec<Effect>) {
        let puzzle = ctx.game.grid();
        if puzzle.filled_count() == 0 {
            fx.push(Effect::Say(ctx.t().grid_empty.into()));
            return;
        }
        let task = Task::Analyze { puzzle: puzzle.clone(), variant: None };
        self.ask_waiting(ctx.t().checking, Errand::Enter { grid: puzzle }, task, fx);
    }
}

/// "Daily puzzle, 2026-03-14." or "Daily killer, 2026-03-14."
fn daily_note(ctx: &Context, kind: Kind, date: &str) -> String {
    let t = ctx.t();
    match kind {
        Kind::Classic => fill(t.daily_ready, &[("date", date)]),
        Kind::Killer => fill(t.daily_killer_ready, &[("date", date)]),
    }
}

/// The worker's answer to a puzzle typed in: played (rated) with exactly one solution, else
/// why not (typing goes on).
pub(super) fn entered(grid: Grid, reply: Reply, ctx: &Context, fx: &mut Vec<Effect>) {
    let t = ctx.t();
    match reply {
        Reply::Analyzed { count: 1, solution, rating, .. } => {
            let level = rating.map(|r| r.level);
            fx.push(Effect::StartGame { game: Box::new(Game::new(grid, solution)), meta: GameMeta::new(level, None) });
            fx.push(Effect::Entered);
            let rated = level.map_or(String::new(), |l| fill(t.rated, &[("level", level_name(ctx.lang, l))]));
            fx.push(Effect::Say(fill(t.one_solution, &[("rated", &rated)])));
        }
        Reply::Analyzed { count: 0, .. } => fx.push(Effect::Say(t.no_solution.into())),
        Reply::Analyzed { .. } => fx.push(Effect::Say(t.many_solutions.into())),
        Reply::TooHard { .. } => fx.push(Effect::Say(t.too_hard.into())),
        Reply::Error { message, .. } => worker_failed(&message, ctx, fx),
        _ => {}
    }
}
