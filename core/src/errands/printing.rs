//! A print set: new puzzles of the settings' kind and size made in the engine worker one after
//! another (one seed each; a killer is 9x9 with its cages drawn), the count made shown as New
//! game's progress, then laid out and printed. Cancel stops it as it stops any puzzle being
//! made (`Input::CancelMaking`): the request goes, and a reply that comes anyway is stale.

use super::{Context, Effect, Errand, Errands};
use crate::i18n::{fill, level_name};
use crate::state::{Kind, Making, PrintSet, Printed};
use inkdoku_engine::Size;
use inkdoku_engine::generator::{Options, Symmetry};
use inkdoku_engine::protocol::Reply;
use inkdoku_engine::rating::Level;

/// A print set being made: what each puzzle is asked as, the seeds left, the puzzles made.
#[derive(Clone, Debug)]
pub struct PrintRun {
    kind: Kind,
    size: Size,
    symmetry: Symmetry,
    level: Level,
    per_page: usize,
    /// The seeds of the puzzles still to make, the next first.
    seeds: Vec<u64>,
    made: Vec<Printed>,
}

impl PrintRun {
    fn total(&self) -> u32 {
        (self.made.len() + self.seeds.len()) as u32
    }
}

impl Errands {
    /// Starts a print set of one puzzle per seed, of the settings' kind, size and symmetry.
    pub(super) fn print_set(&mut self, level: Level, per_page: usize, seeds: Vec<u64>, ctx: &Context, fx: &mut Vec<Effect>) {
        let s = ctx.settings;
        let size = if s.kind == Kind::Killer { Size::Nine } else { s.size };
        let run = PrintRun { kind: s.kind, size, symmetry: s.symmetry, level, per_page, seeds, made: Vec::new() };
        self.print_next(run, ctx, fx);
    }

    /// Asks for the set's next puzzle, or prints the set when none is left.
    fn print_next(&mut self, run: PrintRun, ctx: &Context, fx: &mut Vec<Effect>) {
        let done = run.made.len() as u32;
        if run.seeds.is_empty() {
            self.set_making(None);
            let count = run.made.len().to_string();
            fx.push(Effect::Print(PrintSet { per_page: run.per_page, puzzles: run.made }));
            fx.push(Effect::Dialog(None));
            fx.push(Effect::Say(fill(ctx.t().print_ready, &[("n", &count)])));
            return;
        }
        self.set_making(Some(Making { done, total: run.total() }));
        // The seed stays first until its puzzle comes back: the caption names it.
        let options = Options { size: run.size, level: run.level, symmetry: run.symmetry, seed: run.seeds[0] };
        let task = run.kind.generate(options);
        self.ask(Errand::Print(run), task, fx);
    }

    /// A puzzle of the set made: captioned ("Medium · 9x9 Killer · seed 7", as the status bar
    /// names it) and kept; the next is asked for.
    pub(super) fn printed(&mut self, mut run: PrintRun, reply: Reply, ctx: &Context, fx: &mut Vec<Effect>) {
        let (givens, shapes, made) = match reply {
            Reply::Generated { generated, .. } => (generated.puzzle, Vec::new(), generated.rating.level),
            Reply::GeneratedKiller { generated, .. } => {
                (generated.puzzle.givens.clone(), generated.puzzle.shapes(), generated.rating.level)
            }
            Reply::Error { message, .. } => return self.making_failed(message, ctx, fx),
            _ => return,
        };
        let seed = run.seeds.remove(0);
        let size_name = run.kind.with_size(ctx.t(), run.size);
        let caption = fill(ctx.t().caption, &[("level", level_name(ctx.lang, made)), ("size", &size_name), ("seed", &seed.to_string())]);
        run.made.push(Printed { givens, shapes, caption });
        self.print_next(run, ctx, fx);
    }
}
