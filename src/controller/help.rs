//! Help: hints (asked of the engine worker for the position on show), Check, Solve, and undo
//! back to a solvable position.

use super::*;
use inkdoku_engine::geometry::Candidate;
use inkdoku_engine::lang::PageText;
use inkdoku_engine::step::{PageKind, Technique};

/// Undo back to the last position from which the puzzle can still be solved.
pub fn undo_to_solvable(store: Store) {
    let mut undone = Ok(0);
    store.session_mut(|s| undone = s.change_game(|g| g.undo_to_solvable()));
    match undone {
        Ok(0) => store.status.set(store.t().nothing_to_undo_right.into()),
        Ok(n) => {
            board_changed(store);
            let template = if n == 1 { store.t().undid_one } else { store.t().undid };
            store.status.set(fill(template, &[("n", &n.to_string())]));
        }
        Err(e) => refused(store, &e),
    }
}

/// Asks the worker for advice on the player's position (digits and candidate state) and shows
/// it: the next step, or the cells whose mistake must be fixed first. A reply that comes after
/// the board changed is dropped: it speaks of another position.
pub fn hint(store: Store) {
    if store.game.with_untracked(|g| g.is_solved()) {
        return;
    }
    // On irregular regions the engine reasons on the puzzle's regions (it gets the puzzle).
    let variant = store.game.with_untracked(|g| g.variant().is_some());
    // The hint reasons from the candidates the player sees. On a variant these already respect
    // every constraint (Show candidates, Fill notes: issue 43), so a step is never about a
    // candidate the board no longer shows, and every Apply changes what is on screen; the puzzle
    // goes along for its constraints (the 45 rule, a cage's confinement, a trial by every rule).
    let state = |g: &inkdoku_engine::game::Game| (g.grid(), g.candidates());
    let (size, givens, solution, puzzle) =
        store.game.with_untracked(|g| (g.size(), g.givens().clone(), g.solution().cloned(), g.variant().cloned()));
    let asked = store.game.with_untracked(state);
    let (digits, candidates) = asked.clone();
    let task = Task::Hint { digits, givens: Some(givens), candidates: Some(candidates), solution, variant: puzzle };
    ask_waiting(store, store.t().looking_for_hint, task, move |reply| {
        let current = store.game.with_untracked(state);
        if current != asked {
            return;
        }
        let names = |cells: &[Cell]| cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ");
        match reply {
            // On a variant, a step from the solution (the engine found no step) is not a reason
            // the player can follow; nor is a uniqueness argument, which the engine never
            // offers there (kept as a guard).
            Reply::Hint { advice: Advice::Step { step }, .. } if variant && needs_variant_logic(step.technique) => {
                store.status.set(store.t().hint_variant.into());
            }
            Reply::Hint { advice: Advice::Nothing, .. } if variant => store.status.set(store.t().hint_variant.into()),
            Reply::Hint { advice: Advice::Step { step }, .. } => {
                let text = inkdoku_engine::lang::explain(&step, size, store.lang_now());
                store.highlights.set(Highlights { hint: Some(step), ..Highlights::default() });
                store.status.set(text);
            }
            Reply::Hint { advice: Advice::WrongDigits { cells }, .. } => {
                store.status.set(fill(store.t().wrong_digits, &[("cells", &names(&cells))]));
                store.highlights.set(Highlights { cells, ..Highlights::default() });
            }
            Reply::Hint { advice: Advice::LostAnswer { cells }, .. } => {
                store.status.set(fill(store.t().checked_lost, &[("cells", &names(&cells))]));
                store.highlights.set(Highlights { cells, ..Highlights::default() });
            }
            Reply::Hint { advice: Advice::Nothing, .. } => store.status.set(store.t().no_hint.into()),
            Reply::Error { message, .. } => worker_failed(store, &message),
            _ => {}
        }
    });
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

/// Applies the hint on show.
pub fn apply_hint(store: Store) {
    let Some(step) = store.highlights.with_untracked(|m| m.hint.clone()) else { return };
    let size = store.size();
    let line = inkdoku_engine::lang::explain(&step, size, store.lang_now());
    apply(store, Action::ApplyStep { placements: step.placements.clone(), eliminations: step.eliminations.clone() });
    store.log.update(|l| l.push(line));
}

/// The pages of the hint's proof, branch by branch, in the player's language (empty unless the
/// hint is a forcing step).
pub fn hint_pages(store: Store) -> Vec<PageText> {
    let (size, lang) = (store.size(), store.lang_now());
    store.highlights.with(|m| m.hint.as_ref().map_or_else(Vec::new, |h| inkdoku_engine::lang::proof_pages(h, size, lang)))
}

/// The branch stepper's Next: from the whole drawing to the first branch, then on to the
/// conclusion (the last page), where it stays. The link stepper steps aside.
pub fn next_page(store: Store) {
    let count = hint_pages(store).len();
    if count == 0 {
        return;
    }
    store.highlights.update(|m| {
        m.page = Some(m.page.map_or(0, |p| (p + 1).min(count - 1)));
        m.links_shown = None;
    });
}

/// The branch stepper's Previous: back a page, and from the first back to the whole drawing.
pub fn previous_page(store: Store) {
    store.highlights.update(|m| {
        m.page = m.page.and_then(|p| p.checked_sub(1));
        m.links_shown = None;
    });
}

/// The link stepper: how many of the hint's links are drawn (`None`: all). The branch stepper
/// steps aside.
pub fn show_links(store: Store, shown: Option<usize>) {
    store.highlights.update(|m| {
        m.links_shown = shown;
        m.page = None;
    });
}

/// What the board draws of the hint's chains: its links as (branch, link) indices into
/// `Step::chains`, and the premise to mark. The page on show when stepping branch by branch,
/// the first links when stepping link by link, else everything.
pub fn hint_drawing(highlights: &Highlights, size: Size) -> (Vec<(usize, usize)>, Option<Candidate>) {
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

/// Whether the note on the candidate colours shows: candidates are on and it was never
/// dismissed.
pub fn candidate_note_shown(settings: &crate::state::Settings) -> bool {
    settings.show_candidates && !settings.candidate_note_seen
}

/// The note on the candidate colours is read: it never shows again (the settings are saved).
pub fn dismiss_candidate_note(store: Store) {
    store.settings.update(|s| s.candidate_note_seen = true);
}

/// Checks the grid and says what is wrong, marking the cells.
pub fn check(store: Store) {
    let (check, size) = store.game.with_untracked(|g| (g.check(), g.size()));
    let t = store.t();
    let names = |cells: &[Cell]| cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ");
    let (text, cells) = match &check {
        Check::Solved => (t.checked_solved.to_string(), Vec::new()),
        Check::Broken { violations } => store.game.with_untracked(|g| {
            let text = match (g.variant(), violations.first()) {
                (Some(p), Some(v)) => crate::i18n::broken_constraint(t, p, &g.grid(), v),
                _ => t.checked_solved.to_string(),
            };
            (text, violations.iter().flat_map(|v| v.cells.clone()).collect())
        }),
        Check::WrongDigits { cells } => {
            let template = if cells.len() == 1 { t.checked_wrong_one } else { t.checked_wrong_many };
            (fill(template, &[("cells", &names(cells))]), cells.clone())
        }
        Check::LostAnswer { cells } => (fill(t.checked_lost, &[("cells", &names(cells))]), cells.clone()),
        Check::Duplicates { conflicts } => {
            let c = &conflicts[0];
            let values = [
                ("d", size.digit_char(c.digit).to_string()),
                ("house", inkdoku_engine::lang::house_name(c.house, store.lang_now())),
                ("cells", names(&c.cells)),
                ("n", conflicts.len().to_string()),
            ];
            let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let template = if conflicts.len() > 1 { t.checked_more } else { t.checked_twice };
            (fill(template, &values), conflicts.iter().flat_map(|c| c.cells.clone()).collect())
        }
        Check::NoCandidate { cells } => (fill(t.checked_dead, &[("cells", &names(cells))]), cells.clone()),
        Check::Incomplete { empty } if empty.len() == 1 => (t.checked_so_far_one.to_string(), Vec::new()),
        Check::Incomplete { empty } => (fill(t.checked_so_far, &[("n", &empty.len().to_string())]), Vec::new()),
    };
    store.highlights.set(Highlights { check: Some(check), cells, ..Highlights::default() });
    store.status.set(text);
}

/// Solve the selected cell, its row, its column, or everything.
pub enum SolveScope {
    Cell,
    Row,
    Column,
    All,
}

pub fn solve(store: Store, scope: SolveScope) {
    if store.game.with_untracked(|g| g.solution().is_none()) {
        store.status.set(store.t().no_solution_to_use.into());
        return;
    }
    let size = store.size();
    let selected = store.selected.get_untracked();
    let t = store.t();
    let house = |h: House| {
        (Action::SolveHouse { house: h }, fill(t.filled_house, &[("house", &inkdoku_engine::lang::house_name(h, store.lang_now()))]))
    };
    let (action, done) = match (scope, selected) {
        (SolveScope::All, _) => (Action::SolveAll, t.filled_all.to_string()),
        (SolveScope::Cell, Some(c)) => (Action::SolveCell { cell: c }, fill(t.filled_cell, &[("cell", &cell_name(size, c))])),
        (SolveScope::Row, Some(c)) => house(House::Row(size.row_of(c) as u8)),
        (SolveScope::Column, Some(c)) => house(House::Col(size.col_of(c) as u8)),
        _ => {
            store.status.set(t.select_cell.into());
            return;
        }
    };
    if apply(store, action) && store.phase.get_untracked() == Phase::Play && !store.game.with_untracked(|g| g.is_solved()) {
        store.status.set(done);
    }
}
