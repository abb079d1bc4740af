//! The hint: advice asked of the engine worker for the position on show (the next step, or the
//! cells whose mistake must be fixed first), its answer shown (the step drawn, its sentence
//! said), applied (the step into the game, its sentence into the log), and a forcing step's
//! proof stepped through page by page or link by link. A step's words come with it from the
//! worker, made there in the player's language (`protocol::HintWords`, issue 48): the app
//! shows and logs them, and makes none.

use super::{Context, Effect, Errand, Errands, cell_names, worker_failed};
use crate::i18n;
use crate::state::Highlights;
use inkdoku_engine::game::{Action, Game};
use inkdoku_engine::geometry::Candidate;
use inkdoku_engine::hint::Advice;
use inkdoku_engine::protocol::{PageWords, Reply, Task};
use inkdoku_engine::step::{PageKind, Technique};
use inkdoku_engine::{DigitSet, Grid, Size};

/// The position a hint reasons from: the digits and the candidates the player sees. On a
/// variant these already respect every constraint (Show candidates, Fill notes: issue 43), so a
/// step is never about a candidate the board no longer shows, and every Apply changes what is on
/// screen.
fn position(game: &Game) -> (Grid, Vec<DigitSet>) {
    (game.grid(), game.candidates())
}

impl Errands {
    /// Asks the worker for advice on the player's position (nothing once the puzzle is solved).
    /// The puzzle goes along for its constraints (the 45 rule, a cage's confinement, a trial by
    /// every rule), and on irregular regions the engine reasons on the puzzle's regions.
    pub(super) fn hint(&mut self, ctx: &Context, fx: &mut Vec<Effect>) {
        let game = ctx.game;
        if game.is_solved() {
            return;
        }
        let asked = position(game);
        let (digits, candidates) = asked.clone();
        let task = Task::Hint {
            digits,
            givens: Some(game.givens().clone()),
            candidates: Some(candidates),
            solution: game.solution().cloned(),
            variant: game.variant().cloned(),
            // The words are made in the player's language, from its file's engine part.
            lang: Some(ctx.lang),
            words: i18n::hint_words(ctx.lang).map(str::to_string),
        };
        let errand = Errand::Hint { asked, variant: game.variant().is_some() };
        self.ask_waiting(ctx.t().looking_for_hint, errand, task, fx);
    }

    /// The worker's advice, shown: unless the board changed since it was asked (then it speaks
    /// of another position, and is dropped).
    pub(super) fn hint_answered(
        &mut self,
        asked: &(Grid, Vec<DigitSet>),
        variant: bool,
        reply: Reply,
        ctx: &Context,
        fx: &mut Vec<Effect>,
    ) {
        if position(ctx.game) != *asked {
            return;
        }
        let (t, size) = (ctx.t(), ctx.game.size());
        let Reply::Hint { advice, words, .. } = reply else {
            if let Reply::Error { message, .. } = reply {
                worker_failed(&message, ctx, fx);
            }
            return;
        };
        match advice {
            // On a variant, a step from the solution (the engine found no step) is not a reason
            // the player can follow; nor is a uniqueness argument, which the engine never offers
            // there (kept as a guard).
            Advice::Step { step } if variant && needs_variant_logic(step.technique) => fx.push(Effect::Say(t.hint_variant.into())),
            Advice::Nothing if variant => fx.push(Effect::Say(t.hint_variant.into())),
            Advice::Step { step } => {
                let Some(words) = words else { return worker_failed("a hint's step came without its words", ctx, fx) };
                if let Some(why) = &words.refused {
                    fx.push(Effect::Console(format!(
                        "inkdoku: {}'s hint words were refused ({why}); hints are in English",
                        i18n::path(ctx.lang)
                    )));
                }
                fx.push(Effect::Say(words.sentence.clone()));
                self.set_highlights(Highlights { hint: Some(step), hint_words: Some(words), ..Highlights::default() });
            }
            Advice::WrongDigits { cells } => {
                fx.push(Effect::Say(i18n::fill(t.wrong_digits, &[("cells", &cell_names(size, &cells))])));
                self.set_highlights(Highlights { cells, ..Highlights::default() });
            }
            Advice::LostAnswer { cells } => {
                fx.push(Effect::Say(i18n::fill(t.checked_lost, &[("cells", &cell_names(size, &cells))])));
                self.set_highlights(Highlights { cells, ..Highlights::default() });
            }
            Advice::Nothing => fx.push(Effect::Say(t.no_hint.into())),
        }
    }

    /// Applies the hint on show: its step into the session's game, its sentence into the log.
    pub(super) fn apply_hint(&mut self, fx: &mut Vec<Effect>) {
        let (Some(step), Some(words)) = (self.shown.highlights.hint.clone(), &self.shown.highlights.hint_words) else { return };
        let line = words.sentence.clone();
        fx.push(Effect::Apply { action: Action::ApplyStep { placements: step.placements, eliminations: step.eliminations }, said: None });
        let mut log = self.shown.log.clone();
        log.push(line);
        self.set_log(log);
    }

    /// The branch stepper's Next: from the whole drawing to the first branch, then on to the
    /// conclusion (the last page), where it stays. The link stepper steps aside.
    pub(super) fn next_page(&mut self) {
        let count = pages(&self.shown.highlights).len();
        if count == 0 {
            return;
        }
        self.change_highlights(|m| {
            m.page = Some(m.page.map_or(0, |p| (p + 1).min(count - 1)));
            m.links_shown = None;
        });
    }

    /// The branch stepper's Previous: back a page, and from the first back to the whole drawing.
    pub(super) fn previous_page(&mut self) {
        self.change_highlights(|m| {
            m.page = m.page.and_then(|p| p.checked_sub(1));
            m.links_shown = None;
        });
    }

    /// The link stepper: how many of the hint's links are drawn (`None`: all). The branch
    /// stepper steps aside.
    pub(super) fn show_links(&mut self, shown: Option<usize>) {
        self.change_highlights(|m| {
            m.links_shown = shown;
            m.page = None;
        });
    }
}

/// Whether a step is no reason on a variant: a reveal from the solution (the techniques found
/// nothing), or a uniqueness argument (a deadly pattern of the classic rules may break a
/// constraint, so it proves nothing there).
fn needs_variant_logic(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        Reveal
            | UniqueRectangle1
            | UniqueRectangle2
            | UniqueRectangle3
            | UniqueRectangle4
            | UniqueRectangle5
            | UniqueRectangle6
            | HiddenRectangle
            | Bug1
            | AvoidableRectangle1
            | AvoidableRectangle2
    )
}

/// The pages of the hint's proof, branch by branch, in the player's language (empty unless the
/// hint is a forcing step).
pub fn pages(highlights: &Highlights) -> &[PageWords] {
    highlights.hint_words.as_ref().map_or(&[], |w| &w.pages)
}

/// What the board draws of the hint's chains: its links as (branch, link) indices into
/// `Step::chains`, and the premise to mark. The page on show when stepping branch by branch,
/// the first links when stepping link by link, else everything.
pub fn drawing(highlights: &Highlights, size: Size) -> (Vec<(usize, usize)>, Option<Candidate>) {
    let Some(step) = &highlights.hint else { return (Vec::new(), None) };
    if let Some(page) = highlights.page
        && let Some(page) = step.proof_pages(size).into_iter().nth(page)
    {
        let premise = match page.kind {
            PageKind::Branch { assumption, .. } => Some(assumption.0),
            PageKind::Conclusion => None,
        };
        return (page.links, premise);
    }
    let all: Vec<(usize, usize)> = step.chains.iter().enumerate().flat_map(|(b, c)| (0..c.len()).map(move |i| (b, i))).collect();
    let shown = highlights.links_shown.unwrap_or(all.len()).min(all.len());
    (all[..shown].to_vec(), None)
}
