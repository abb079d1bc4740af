//! Help: hints (asked of the engine worker for the position on show), Check, Solve, and undo
//! back to a solvable position.

use super::*;

/// Undo back to the last position from which the puzzle can still be solved.
pub fn undo_to_solvable(store: Store) {
    let mut undone = Ok(0);
    store.game.update(|g| undone = g.undo_to_solvable());
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
    let (size, digits, givens, candidates, solution) =
        store.game.with_untracked(|g| (g.size(), g.grid(), g.givens().clone(), g.candidates(), g.solution().cloned()));
    let asked = (digits.clone(), candidates.clone());
    let task = Task::Hint { digits, givens: Some(givens), candidates: Some(candidates), solution };
    ask_waiting(store, store.t().looking_for_hint, task, move |reply| {
        let current = store.game.with_untracked(|g| (g.grid(), g.candidates()));
        if current != asked {
            return;
        }
        let names = |cells: &[Cell]| cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ");
        match reply {
            Reply::Hint { advice: Advice::Step { step }, .. } => {
                let text = inkdoku_engine::lang::explain(&step, size, store.lang_now());
                store.marks.set(Marks { hint: Some(step), ..Marks::default() });
                store.status.set(text);
            }
            Reply::Hint { advice: Advice::WrongDigits { cells }, .. } => {
                store.status.set(fill(store.t().wrong_digits, &[("cells", &names(&cells))]));
                store.marks.set(Marks { cells, ..Marks::default() });
            }
            Reply::Hint { advice: Advice::LostAnswer { cells }, .. } => {
                store.status.set(fill(store.t().checked_lost, &[("cells", &names(&cells))]));
                store.marks.set(Marks { cells, ..Marks::default() });
            }
            Reply::Hint { advice: Advice::Nothing, .. } => store.status.set(store.t().no_hint.into()),
            Reply::Error { message, .. } => worker_failed(store, &message),
            _ => {}
        }
    });
}

/// Applies the hint on show.
pub fn apply_hint(store: Store) {
    let Some(step) = store.marks.with_untracked(|m| m.hint.clone()) else { return };
    let size = store.size();
    let line = inkdoku_engine::lang::explain(&step, size, store.lang_now());
    apply(store, Action::ApplyStep { placements: step.placements.clone(), eliminations: step.eliminations.clone() });
    store.log.update(|l| l.push(line));
}

/// Checks the grid and says what is wrong, marking the cells.
pub fn check(store: Store) {
    let (check, size) = store.game.with_untracked(|g| (g.check(), g.size()));
    let t = store.t();
    let names = |cells: &[Cell]| cells.iter().map(|&c| cell_name(size, c)).collect::<Vec<_>>().join(", ");
    let (text, cells) = match &check {
        Check::Solved => (t.checked_solved.to_string(), Vec::new()),
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
    store.marks.set(Marks { check: Some(check), cells, ..Marks::default() });
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
