//! The control panel: number pad, input modes and the game's commands.
//!
//! Every control is a real `<button>` whose accessible name is the plain word (DESIGN.md's
//! contract: "1".."9", "Notes", "Erase", "Undo", "Redo", "Hint", "New game", "Check", "Solve",
//! "Settings"). Toggles expose their state with `aria-pressed`.

use crate::components::parts::{button, named, pressed, shown, stepper, text, toggle, word};
use crate::controller::{self, SolveScope};
use crate::i18n::fill;
use crate::state::{Dialog, InputMode, Menu, Phase, ScreenInput, Store};
use inkdoku_engine::Size;
use leptos::prelude::*;

/// Digit buttons (1-9, then A-G on 16x16), laid out like the box they fill.
#[component]
pub fn NumberPad(store: Store, size: Size) -> impl IntoView {
    let buttons = size
        .digits()
        .map(|d| {
            let label = size.digit_char(d).to_string();
            // All of this digit placed: the button is greyed out.
            let complete = Memo::new(move |_| store.game.with(|g| size.cells().filter(|&c| g.digit(c) == Some(d)).count() >= size.side()));
            view! {
                <button class="pad-digit" type="button"
                        class:active=move || store.active_digit.get() == Some(d)
                        class:complete=complete
                        aria-pressed=move || pressed(store.active_digit.get() == Some(d))
                        on:click=move |_| controller::digit(store, d)>
                    {label}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class=format!("pad pad-{}", size.box_cols()) role="group" aria-label=word(store, |t| t.digits)>{buttons}</div>
    }
}

/// Notes mode, erase, undo/redo.
#[component]
pub fn EditTools(store: Store) -> impl IntoView {
    view! {
        <div class="tools" role="group" aria-label=word(store, |t| t.editing)>
            {toggle(store, |t| t.notes, |s| s.mode.get() == InputMode::Notes, controller::toggle_notes)}
            {toggle(store, |t| t.corner_mode, |s| s.mode.get() == InputMode::Corner, controller::toggle_corner)}
            {toggle(store, |t| t.centre_mode, |s| s.mode.get() == InputMode::Centre, controller::toggle_centre)}
            {toggle(store, |t| t.colour_mode, |s| s.mode.get() == InputMode::Colour, controller::toggle_colour)}
            {button(store, "tool", |t| t.erase, controller::clear)}
            {toggle(store, |t| t.eraser, |s| s.ink.eraser.get(), |s| s.ink.eraser.update(|e| *e = !*e))}
            {toggle(store, |t| t.scratchpad, |s| s.mode.get() == InputMode::Scratchpad, controller::toggle_scratchpad)}
            {stepper(store, "tool", None, Box::new(move || store.ui().undo.to_string()), Box::new(move || !controller::can_undo(store)),
                     Box::new(move || controller::undo(store)))}
            {stepper(store, "tool", None, Box::new(move || store.ui().redo.to_string()), Box::new(move || !controller::can_redo(store)),
                     Box::new(move || controller::redo(store)))}
        </div>
    }
}

/// The colour mode's palette: nine colours, each with its own pattern and number as well as its
/// hue (told apart without colour vision too), painting candidates or cells, clearing.
#[component]
pub fn Palette(store: Store) -> impl IntoView {
    view! {
        {shown(store, |store| store.mode.get() == InputMode::Colour, |store| {
            view! {
                <div class="palette" role="group" aria-label=word(store, |t| t.palette)>
                    {swatches(store)}
                    {toggle(store, |t| t.paint_candidates, |s| s.brush.get().candidates, |s| s.brush.update(|p| p.candidates = !p.candidates))}
                    {button(store, "tool", |t| t.clear_colours, controller::clear_colours)}
                </div>
            }
            .into_any()
        })}
    }
}

/// The palette's colours, built each time it shows (a function, not a view cloned: a
/// type-erased view, `--cfg erase_components`, cannot be cloned).
fn swatches(store: Store) -> impl IntoView {
    (1..=inkdoku_engine::game::PALETTE)
        .map(|n| {
            let name =
                move || fill(store.ui().colour_swatch, &[("n", &n.to_string()), ("name", store.ui().colour_names[usize::from(n) - 1])]);
            view! {
                <button type="button" class="swatch" aria-label=name title=name
                        class:active=move || store.brush.get().colour == n
                        aria-pressed=move || pressed(store.brush.get().colour == n)
                        on:click=move |_| controller::pick_colour(store, n)>
                    <svg viewBox="0 0 40 40" aria-hidden="true">
                        <rect width="40" height="40" class=format!("paint paint-{n}") />
                        <rect width="40" height="40" fill=format!("url(#pattern-{n})") class="paint-pattern" />
                        <text x="20" y="21" class="swatch-number" dominant-baseline="central" text-anchor="middle">{n}</text>
                    </svg>
                </button>
            }
        })
        .collect_view()
}

/// Help and game commands.
#[component]
pub fn GameTools(store: Store) -> impl IntoView {
    view! {
        <div class="tools game-tools" role="group" aria-label=word(store, |t| t.game)>
            // Entering a puzzle: its two commands in place of the game's.
            {shown(store, |store| store.phase.get() == Phase::Enter, |store| {
                view! {
                    {button(store, "tool wide primary", |t| t.done, controller::finish_entering)}
                    {button(store, "tool wide", |t| t.cancel, controller::cancel_entering)}
                }
                .into_any()
            })}
            {shown(store, |store| store.phase.get() != Phase::Enter, game_commands)}
        </div>
        // The menus open below the whole group, as siblings in the panel: there a menu that
        // would open below the fold can rise over the controls to the panel's bottom edge
        // (a sheet, `style.css`), which it could not from inside the group's grid.
        {shown(store, |store| store.menu.get() == Some(Menu::Solve), |store| {
            view! {
                <div class="solve-menu" id="solve-menu" role="group" aria-label=word(store, |t| t.solve)>
                    // Each closes the menu first.
                    {button(store, "tool", |t| t.solve_cell, |s| { s.screen(ScreenInput::CloseMenu); controller::solve(s, SolveScope::Cell) })}
                    {button(store, "tool", |t| t.solve_row, |s| { s.screen(ScreenInput::CloseMenu); controller::solve(s, SolveScope::Row) })}
                    {button(store, "tool", |t| t.solve_column, |s| { s.screen(ScreenInput::CloseMenu); controller::solve(s, SolveScope::Column) })}
                    {button(store, "tool", |t| t.solve_all, |s| { s.screen(ScreenInput::CloseMenu); controller::solve(s, SolveScope::All) })}
                    {button(store, "tool", |t| t.undo_mistakes, |s| { s.screen(ScreenInput::CloseMenu); controller::undo_to_solvable(s) })}
                    {button(store, "tool", |t| t.fill_notes, |s| { s.screen(ScreenInput::CloseMenu); controller::fill_notes(s) })}
                    {button(store, "tool", |t| t.clear_notes, |s| { s.screen(ScreenInput::CloseMenu); controller::clear_notes(s) })}
                    {button(store, "tool", |t| t.restart, |s| { s.screen(ScreenInput::CloseMenu); controller::restart(s) })}
                </div>
            }
            .into_any()
        })}
        {shown(store, |store| store.menu.get() == Some(Menu::Savepoints), |store| {
            view! {
                <MarksMenu store=store />
            }
            .into_any()
        })}
    }
}

/// The game's commands (while no puzzle is being entered). Which menu is open is the store's
/// (the core's `Screen`; Escape closes it: `controller::keys`).
fn game_commands(store: Store) -> AnyView {
    let open = move |menu: Menu| store.menu.get() == Some(menu);
    let toggle = move |menu: Menu| store.screen(ScreenInput::ToggleMenu(menu));
    view! {
        {button(store, "tool", |t| t.hint, controller::hint)}
        {button(store, "tool", |t| t.check, controller::check)}
        <button type="button" class="tool" aria-expanded=move || pressed(open(Menu::Solve)) aria-controls="solve-menu"
                on:click=move |_| toggle(Menu::Solve)>{word(store, |t| t.solve)}</button>
        <button type="button" class="tool" aria-expanded=move || pressed(open(Menu::Savepoints)) aria-controls="marks-menu"
                on:click=move |_| toggle(Menu::Savepoints)>{word(store, |t| t.marks)}</button>
        {button(store, "tool", |t| t.new_game, controller::new_game_clicked)}
        {button(store, "tool", |t| t.share, |s| s.show(Dialog::Share))}
        // A variant's rules (its setter's text): only on a variant.
        {shown(store, |store| store.game.with(|g| g.variant().is_some()), |store| {
            button(store, "tool", |t| t.rules_title, |s| s.show(Dialog::Rules))
        })}
        {button(store, "tool", |t| t.settings, |s| s.show(Dialog::Settings))}
    }
    .into_any()
}

/// Marked positions: mark this one, or go back to one (newest first, named by play time).
#[component]
fn MarksMenu(store: Store) -> impl IntoView {
    let marks = move || {
        store
            .game
            .with(|g| g.board().savepoints.iter().enumerate().rev().map(|(i, m)| (i, controller::clock(m.play_ms))).collect::<Vec<_>>())
    };
    view! {
        <div class="solve-menu" id="marks-menu" role="group" aria-label=word(store, |t| t.marks)>
            {button(store, "tool", |t| t.mark_position, |s| { s.screen(ScreenInput::CloseMenu); controller::mark_position(s) })}
            {move || marks().into_iter().map(|(i, t)| {
                let label = fill(store.ui().back_to_mark, &[("t", &t)]);
                named("tool", Box::new(move || label.clone()), Box::new(move || { store.screen(ScreenInput::CloseMenu); controller::back_to_mark(store, i) }))
            }).collect_view()}
        </div>
    }
}

/// A chain hint's links in words, and the buttons that step the board's drawing through them
/// one link at a time (a long proof is easier to follow that way).
#[component]
fn ChainSteps(store: Store) -> impl IntoView {
    let size = store.size();
    let texts = Memo::new(move |_| {
        store.highlights.with(|m| {
            m.hint
                .as_ref()
                .map_or_else(Vec::new, |h| crate::components::chain::links(h).iter().map(|(_, l)| l.implication(size)).collect::<Vec<_>>())
        })
    });
    let total = move || texts.with(Vec::len);
    let shown = move || store.highlights.with(|m| m.links_shown);
    let set = move |n: Option<usize>| controller::show_links(store, n);
    view! {
        <Show when=move || { total() > 0 }>
            <details class="chain-steps">
                <summary>{word(store, |t| t.chain_links)}</summary>
                <div class="buttons" role="group" aria-label=word(store, |t| t.chain_links)>
                    {stepper(store, "", Some(|t| t.previous_link), Box::new(|| "◀".to_string()), Box::new(move || shown() == Some(1)),
                             Box::new(move || set(Some(shown().map_or(1, |n| n.saturating_sub(1).max(1))))))}
                    <span class="link-count" aria-live="polite">{text(Box::new(move || match shown() {
                        Some(n) => crate::i18n::fill(store.ui().link_of, &[("n", &n.to_string()), ("total", &total().to_string())]),
                        None => crate::i18n::fill(store.ui().link_of, &[("n", &total().to_string()), ("total", &total().to_string())]),
                    }))}</span>
                    {stepper(store, "", Some(|t| t.next_link), Box::new(|| "▶".to_string()), Box::new(move || shown().is_none()),
                             Box::new(move || set(shown().map(|n| n + 1).filter(|&n| n < total()))))}
                    {stepper(store, "", None, Box::new(move || store.ui().all_links.to_string()), Box::new(move || shown().is_none()),
                             Box::new(move || set(None)))}
                </div>
                <ol class="chain-links">
                    {move || texts.get().into_iter().enumerate().map(|(i, t)| {
                        let current = move || shown().is_some_and(|n| n == i + 1);
                        let hidden = move || shown().is_some_and(|n| i >= n);
                        view! { <li class:current=current class:later=hidden aria-current=move || current().then_some("step")>{t}</li> }
                    }).collect_view()}
                </ol>
            </details>
        </Show>
    }
}

/// A forcing hint's proof page by page (`controller::hint_pages`): each branch from its premise
/// to what it shows, with its links in notation, then the conclusion; the board draws the page's
/// links alone. Before the first page the whole proof is drawn.
#[component]
fn NetSteps(store: Store) -> impl IntoView {
    let pages = Memo::new(move |_| controller::hint_pages(store));
    let page = move || store.highlights.with(|m| m.page);
    let current = move || page().and_then(|p| pages.with(|ps| ps.get(p).cloned()));
    view! {
        <Show when=move || pages.with(|p| !p.is_empty())>
            <div class="net-steps" role="group" aria-label=word(store, |t| t.branches)>
                <div class="buttons">
                    {stepper(store, "", Some(|t| t.previous_branch), Box::new(|| "◀".to_string()), Box::new(move || page().is_none()),
                             Box::new(move || controller::previous_page(store)))}
                    <span class="page-count">{move || page().map(|p| format!("{} / {}", p + 1, pages.with(Vec::len)))}</span>
                    {stepper(store, "", Some(|t| t.next_branch), Box::new(|| "▶".to_string()),
                             Box::new(move || page().is_some_and(|p| p + 1 >= pages.with(Vec::len))), Box::new(move || controller::next_page(store)))}
                </div>
                <div class="page" aria-live="polite">
                    {move || match current() {
                        Some(p) => view! {
                            <p class="page-text">{p.text}</p>
                            {(!p.walk.is_empty()).then(|| view! { <p class="page-walk">{p.walk}</p> })}
                        }.into_any(),
                        None => view! {
                            <p class="page-text">{fill(store.ui().branches_intro, &[("total", &pages.with(Vec::len).to_string())])}</p>
                        }.into_any(),
                    }}
                </div>
            </div>
        </Show>
    }
}

/// How the board draws a hint's links, for a step that has them: strong solid, weak dashed
/// (only the kinds the step uses).
#[component]
fn LinkLegend(store: Store) -> impl IntoView {
    view! {
        {shown(store, |store| { let (strong, weak) = link_kinds(store); strong || weak }, |store| {
            view! {
                <ul class="link-legend" aria-label=word(store, |t| t.link_legend)>
                    {shown(store, |store| link_kinds(store).0, |store| {
                        view! { <li>{legend_line("chain-link link-strong")}{word(store, |t| t.strong_link)}</li> }.into_any()
                    })}
                    {shown(store, |store| link_kinds(store).1, |store| {
                        view! { <li>{legend_line("chain-link link-weak")}{word(store, |t| t.weak_link)}</li> }.into_any()
                    })}
                </ul>
            }
            .into_any()
        })}
    }
}

/// Whether the hint on show has strong links, and weak ones. (Read by each `Show` of the
/// legend, which keeps its own answer: no memo of its own needed.)
fn link_kinds(store: Store) -> (bool, bool) {
    store.highlights.with(|m| {
        let any = |strong: bool| m.hint.iter().flat_map(|h| h.chains.iter().flatten()).any(|l| l.strong == strong);
        (any(true), any(false))
    })
}

/// A line drawn as the board draws a link of a kind.
fn legend_line(class: &'static str) -> impl IntoView {
    view! {
        <svg class="legend-line" viewBox="0 0 40 10" aria-hidden="true">
            <line class=class x1="2" y1="5" x2="38" y2="5" />
        </svg>
    }
}

/// The note on the candidate colours, the first time "Show candidates" is on (outside dialogs):
/// what red and blue mean, until the player dismisses it.
#[component]
pub fn CandidateNote(store: Store) -> impl IntoView {
    view! {
        {shown(store, |store| store.settings.with(controller::candidate_note_shown) && store.dialog.with(Option::is_none), |store| {
            view! {
                <section class="candidate-note" aria-label=word(store, |t| t.candidate_note)>
                    <ul class="candidate-legend">
                        <li><span class="swatch candidate-red" aria-hidden="true">"5"</span>{word(store, |t| t.candidate_legend[0])}</li>
                        <li><span class="swatch candidate-blue" aria-hidden="true">"5"</span>{word(store, |t| t.candidate_legend[1])}</li>
                    </ul>
                    {button(store, "", |t| t.got_it, controller::dismiss_candidate_note)}
                </section>
            }
            .into_any()
        })}
    }
}

/// The hint on show, in full, with a button to apply it; and the log of applied hints.
#[component]
pub fn HintPanel(store: Store) -> impl IntoView {
    // The sentence, and the whole proof when the sentence had to leave details out (chains in
    // notation, every removal named): that one waits, folded, under the sentence. Both come
    // with the step from the engine worker, in the player's language (`protocol::HintWords`);
    // apart from the step, so stepping through its links (also in `Highlights`) doesn't
    // rebuild the card.
    let explanation = Memo::new(move |_| store.highlights.with(|m| m.hint_words.as_ref().map(|w| (w.sentence.clone(), w.proof.clone()))));
    view! {
        {move || explanation.get().map(|(text, proof)| view! {
            <section class="hint-card" aria-label=word(store, |t| t.hint)>
                <p>{text}</p>
                {proof.map(|proof| view! {
                    <details class="proof">
                        <summary>{word(store, |t| t.whole_proof)}</summary>
                        <p>{proof}</p>
                    </details>
                })}
                <LinkLegend store=store />
                <NetSteps store=store />
                <ChainSteps store=store />
                {button(store, "primary", |t| t.apply_hint, controller::apply_hint)}
                // Closed by touch too (a tap on the board outside the hint's cells closes it as
                // well: `controller::tap`).
                <button type="button" class="hint-close" aria-label=word(store, |t| t.close_hint)
                        on:click=move |_| controller::close_hint(store)>{word(store, |t| t.close)}</button>
            </section>
        })}
        {shown(store, |store| store.log.with(|l| !l.is_empty()), |store| {
            view! {
                <details class="log">
                    <summary>{word(store, |t| t.steps_taken)}</summary>
                    <ol>{move || store.log.get().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}</ol>
                </details>
            }
            .into_any()
        })}
    }
}
