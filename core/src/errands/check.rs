//! Check and Solve: what is wrong with the grid, said and marked; a cell, a house or the whole
//! grid filled from the solution; and what undo back to a solvable position says.

use super::{Context, Effect, Errands, cell_names};
use crate::i18n::{self, Ui};
use crate::state::Highlights;
use inkdoku_engine::game::{Action, Check};
use inkdoku_engine::geometry::{House, cell_name};

/// Solve the selected cell, its row, its column, or everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveScope {
    Cell,
    Row,
    Column,
    All,
}

impl Errands {
    /// Checks the grid and says what is wrong, marking the cells.
    pub(super) fn check(&mut self, ctx: &Context, fx: &mut Vec<Effect>) {
        let (game, t) = (ctx.game, ctx.t());
        let (check, size) = (game.check(), game.size());
        let names = |cells: &[inkdoku_engine::Cell]| cell_names(size, cells);
        let (text, cells) = match &check {
            Check::Solved => (t.checked_solved.to_string(), Vec::new()),
            Check::Broken { violations } => {
                let text = match (game.variant(), violations.first()) {
                    (Some(p), Some(v)) => i18n::broken_constraint(t, p, &game.grid(), v),
                    _ => t.checked_solved.to_string(),
                };
                (text, violations.iter().flat_map(|v| v.cells.clone()).collect())
            }
            Check::WrongDigits { cells } => {
                let template = if cells.len() == 1 { t.checked_wrong_one } else { t.checked_wrong_many };
                (i18n::fill(template, &[("cells", &names(cells))]), cells.clone())
            }
            Check::LostAnswer { cells } => (i18n::fill(t.checked_lost, &[("cells", &names(cells))]), cells.clone()),
            Check::Duplicates { conflicts } => {
                let c = &conflicts[0];
                let values = [
                    ("d", size.digit_char(c.digit).to_string()),
                    ("house", i18n::house_name(t, c.house)),
                    ("cells", names(&c.cells)),
                    ("n", conflicts.len().to_string()),
                ];
                let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let template = if conflicts.len() > 1 { t.checked_more } else { t.checked_twice };
                (i18n::fill(template, &values), conflicts.iter().flat_map(|c| c.cells.clone()).collect())
            }
            Check::NoCandidate { cells } => (i18n::fill(t.checked_dead, &[("cells", &names(cells))]), cells.clone()),
            Check::Incomplete { empty } if empty.len() == 1 => (t.checked_so_far_one.to_string(), Vec::new()),
            Check::Incomplete { empty } => (i18n::fill(t.checked_so_far, &[("n", &empty.len().to_string())]), Vec::new()),
        };
        self.set_highlights(Highlights { check: Some(check), cells, ..Highlights::default() });
        fx.push(Effect::Say(text));
    }
}

/// Fills the selected cell, its row, its column or everything from the solution, and says so
/// (a puzzle without a known solution, or no cell selected for a cell's scope, says why not).
pub(super) fn solve(scope: SolveScope, ctx: &Context, fx: &mut Vec<Effect>) {
    let (t, size) = (ctx.t(), ctx.game.size());
    if ctx.game.solution().is_none() {
        fx.push(Effect::Say(t.no_solution_to_use.into()));
        return;
    }
    let house = |h: House| (Action::SolveHouse { house: h }, i18n::fill(t.filled_house, &[("house", &i18n::house_name(t, h))]));
    let (action, done) = match (scope, ctx.selected) {
        (SolveScope::All, _) => (Action::SolveAll, t.filled_all.to_string()),
        (SolveScope::Cell, Some(c)) => (Action::SolveCell { cell: c }, i18n::fill(t.filled_cell, &[("cell", &cell_name(size, c))])),
        (SolveScope::Row, Some(c)) => house(House::Row(size.row_of(c) as u8)),
        (SolveScope::Column, Some(c)) => house(House::Col(size.col_of(c) as u8)),
        _ => {
            fx.push(Effect::Say(t.select_cell.into()));
            return;
        }
    };
    fx.push(Effect::Apply { action, said: ctx.playing.then_some(done) });
}

/// What undo back to a solvable position says, having taken back `undone` moves.
pub fn undone_to_solvable(t: &Ui, undone: usize) -> String {
    match undone {
        0 => t.nothing_to_undo_right.into(),
        1 => i18n::fill(t.undid_one, &[("n", "1")]),
        n => i18n::fill(t.undid, &[("n", &n.to_string())]),
    }
}
