//! Dialogs: new game, settings, confirmation, messages, welcome back, and the win.
//!
//! Each is a `role="dialog"` with `aria-modal` and a heading that names it; it covers the board
//! (which pauses the timer). Escape closes the one on show (see `app`).

use crate::components::parts::{Choice, button, checkbox, doing, field, focused, named, radio, unless_making, word};
use crate::controller;
use crate::i18n::{Lang, fill, level_name};
use crate::state::Spare;
use crate::state::{Dialog, Kind, Settings, Store};
use inkdoku_engine::Size;
use inkdoku_engine::generator::{Symmetry, levels, offered_level};
use inkdoku_engine::rating::Level;
use leptos::prelude::*;

fn close(store: Store) {
    store.close_dialog();
}

/// Whichever dialog is open.
#[component]
pub fn Dialogs(store: Store) -> impl IntoView {
    move || {
        store.dialog.get().map(|d| {
            let body = match d {
                Dialog::Welcome => welcome(store, true).into_any(),
                Dialog::WelcomeOlder => welcome(store, false).into_any(),
                Dialog::StorageFull { kept } => storage_full(store, kept).into_any(),
                Dialog::NewGame => new_game(store).into_any(),
                Dialog::ConfirmDiscard => confirm_replace(store, store.t().discard_title, None).into_any(),
                Dialog::ConfirmDaily(kind) => {
                    let title = if kind == Kind::Killer { store.t().daily_killer_title } else { store.t().daily_title };
                    confirm_replace(store, title, Some(kind)).into_any()
                }
                Dialog::Settings => settings(store).into_any(),
                Dialog::Message { title, text, details } => message(store, title, text, details).into_any(),
                Dialog::Won { time_ms, best_ms, new_best, together } => won(store, time_ms, best_ms, new_best, together).into_any(),
                Dialog::Share => share(store).into_any(),
                Dialog::Rules => rules(store).into_any(),
                Dialog::ConfirmOpen(shared) => confirm_open(store, shared).into_any(),
                Dialog::PrintSet => print_set(store).into_any(),
                Dialog::OtherTab => other_tab(store).into_any(),
                Dialog::OpenHere(shared) => open_here(store, shared).into_any(),
            };
            view! { <div class="backdrop">{body}</div> }
        })
    }
}

/// "Welcome back": the game is where the player left it — or, when a save failed since, it is
/// said to be the game as last saved.
fn welcome(store: Store, up_to_date: bool) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="welcome-title">
            <h2 id="welcome-title">{word(store, |t| t.welcome_back)}</h2>
            <p>{move || if up_to_date { store.ui().welcome_text } else { store.ui().welcome_older }}</p>
            <div class="buttons">
                {focused(store, "primary", |t| t.continue_, close)}
                {button(store, "", |t| t.new_game, |s| s.show(Dialog::NewGame))}
            </div>
        </div>
    }
}

/// A save failed for lack of space: said, where the game is meanwhile, and what can go to make
/// room (each removal saves again; the dialog closes once a save works).
fn storage_full(store: Store, kept: Spare) -> impl IntoView {
    let oldest = controller::oldest_kept(store);
    let drawings = store.ink.hand.with_untracked(|h| h.samples.len());
    let any = oldest.is_some() || drawings > 0;
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="full-title">
            <h2 id="full-title">{word(store, |t| t.storage_full_title)}</h2>
            <p>{word(store, |t| t.storage_full_text)}" "{move || match kept {
                Spare::Lasting => store.ui().storage_full_lasting,
                Spare::Tab => store.ui().storage_full_spare,
                Spare::Nowhere => store.ui().storage_full_nowhere,
            }}</p>
            {any.then(|| view! { <p>{word(store, |t| t.storage_full_free)}</p> })}
            <div class="buttons">
                {oldest.map(|when| named("", Box::new(move || fill(store.ui().remove_oldest_game, &[("when", &when)])),
                                         Box::new(move || controller::remove_oldest_kept(store))))}
                {(drawings > 0).then(|| named("", Box::new(move || fill(store.ui().remove_drawings, &[("n", &drawings.to_string())])),
                                              Box::new(move || controller::remove_drawings(store))))}
                {focused(store, "primary", |t| t.ok, close)}
            </div>
        </div>
    }
}

fn new_game(store: Store) -> impl IntoView {
    let size_radio = move |size: Size| {
        radio(
            "size",
            size.name(),
            Box::new(move || size.name().to_string()),
            Box::new(move || store.settings.with(|s| s.size == size)),
            Box::new(move || store.settings.update(|s| s.size = size)),
        )
    };
    let kind_radio = move |kind: Kind, i: usize| {
        radio(
            "kind",
            "",
            Box::new(move || store.ui().kinds[i].to_string()),
            Box::new(move || store.settings.with(|s| s.kind == kind)),
            Box::new(move || store.settings.update(|s| s.kind = kind)),
        )
    };
    // A killer is 9x9 with cages in no symmetry: its size and symmetry are not asked for (the
    // classic choices stay remembered for the next classic game).
    let killer = move || store.settings.with(|s| s.kind == Kind::Killer);
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="new-title">
            <h2 id="new-title">{word(store, |t| t.new_game)}</h2>
            <fieldset>
                <legend>{word(store, |t| t.kind)}</legend>
                {kind_radio(Kind::Classic, 0)}{kind_radio(Kind::Killer, 1)}
            </fieldset>
            <fieldset hidden=killer>
                <legend>{word(store, |t| t.size)}</legend>
                {Size::ALL.map(size_radio)}
            </fieldset>
            // Only the levels the chosen size has (a 4x4 grid has Easy alone; a killer is 9x9).
            {field(store, |t| t.level, Box::new(move || {
                let size = if killer() { Size::Nine } else { store.settings.with(|s| s.size) };
                let chosen = store.settings.with(|s| offered_level(size, s.level));
                levels(size).iter().map(|&l| Choice {
                    value: l.name().to_string(),
                    name: Box::new(move || level_name(store.lang_now(), l).to_string()),
                    chosen: Box::new(move || l == chosen),
                }).collect()
            }), Box::new(move |v| store.settings.update(|s| s.level = level_named(&v))))}
            // In a div: `.field`'s display would override `hidden` on the label itself.
            <div hidden=killer>
                {field(store, |t| t.symmetry, Box::new(move || Symmetry::ALL.into_iter().map(|sym| Choice {
                    value: sym.name().to_string(),
                    name: Box::new(move || symmetry_label(store, sym).to_string()),
                    chosen: Box::new(move || store.settings.with(|s| s.symmetry == sym)),
                }).collect()), Box::new(move |v| store.settings.update(|s| s.symmetry = Symmetry::from_name(&v).unwrap_or_default())))}
            </div>
            {unless_making(store, |t| t.making_puzzle, Box::new(move || view! {
                <div class="buttons">
                    {button(store, "primary", |t| t.start, controller::start_clicked)}
                    {button(store, "", |t| t.daily_puzzle, |s| controller::daily_clicked(s, Kind::Classic))}
                    {button(store, "", |t| t.daily_killer, |s| controller::daily_clicked(s, Kind::Killer))}
                    {button(store, "", |t| t.enter_puzzle, controller::start_entering)}
                    {button(store, "", |t| t.paste_puzzle, controller::paste_puzzle)}
                    {button(store, "", |t| t.open_file, controller::open_file)}
                    {kept_games(store)}
                    {button(store, "", |t| t.print_puzzles_button, |s| s.show(Dialog::PrintSet))}
                    {button(store, "", |t| t.close, close)}
                </div>
            }.into_any()))}
        </div>
    }
}

/// The level an option of a level list stands for (they are all `Level::name`s).
fn level_named(name: &str) -> Level {
    Level::from_name(name).unwrap_or(Level::Easy)
}

/// The games in progress other puzzles replaced, newest first, each resumable: "Daily puzzle
/// 2026-11-25 · 4:05", "9x9 Hard · 12:40".
fn kept_games(store: Store) -> impl IntoView {
    let kept = controller::kept_games(store);
    (!kept.is_empty()).then(|| {
        let t = store.t();
        let buttons = kept
            .into_iter()
            .enumerate()
            .map(|(i, g)| {
                let kind = Kind::of(&g.game);
                let what = match (&g.meta.daily, g.meta.level) {
                    (Some(date), _) => format!("{} {date}", if kind == Kind::Killer { t.daily_killer } else { t.daily_puzzle }),
                    (None, level) => {
                        let size = kind.with_size(store.ui(), g.game.size());
                        level.map_or(size.clone(), |level| format!("{size} {}", level_name(store.lang_now(), level)))
                    }
                };
                let label = fill(t.resume_game, &[("what", &what), ("time", &controller::clock(g.meta.elapsed_ms))]);
                named("", Box::new(move || label.clone()), Box::new(move || controller::resume_kept(store, i)))
            })
            .collect_view();
        view! {
            <div class="kept-games" role="group" aria-label=t.games_in_progress>
                <p class="kept-title">{t.games_in_progress}</p>
                {buttons}
            </div>
        }
    })
}

fn symmetry_label(store: Store, s: Symmetry) -> &'static str {
    let i = Symmetry::ALL.iter().position(|&x| x == s).unwrap_or(0);
    store.t().symmetries[i]
}

/// Asking before a new puzzle (New game's, or the daily puzzle of a kind) replaces the game in
/// progress, which is kept. (A kind, not a callback: one copy of this view in the wasm.)
fn confirm_replace(store: Store, title: &'static str, daily: Option<Kind>) -> impl IntoView {
    let start = move |store| match daily {
        None => controller::make_puzzle(store),
        Some(kind) => controller::daily(store, kind),
    };
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="discard-title">
            <h2 id="discard-title">{title}</h2>
            <p>{word(store, |t| t.discard_text)}</p>
            <div class="buttons">
                {doing(store, "primary", |t| t.start_new_game, move || start(store))}
                {focused(store, "", |t| t.keep_playing, close)}
            </div>
        </div>
    }
}

fn settings(store: Store) -> impl IntoView {
    let toggle = move |i: usize, get: fn(&Settings) -> bool, put: fn(&mut Settings, bool)| {
        checkbox(
            Box::new(move || store.ui().toggles[i].to_string()),
            Box::new(move || store.settings.with(get)),
            Box::new(move |on| store.settings.update(|s| put(s, on))),
        )
    };
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="settings-title">
            <h2 id="settings-title">{word(store, |t| t.settings)}</h2>
            {toggle(0, |s| s.show_conflicts, |s, v| s.show_conflicts = v)}
            {toggle(1, |s| s.show_incorrect, |s, v| s.show_incorrect = v)}
            {toggle(2, |s| s.highlight_same, |s, v| s.highlight_same = v)}
            {toggle(3, |s| s.show_candidates, |s, v| s.show_candidates = v)}
            <ul class="candidate-legend">
                <li><span class="swatch candidate-red" aria-hidden="true">"5"</span>{word(store, |t| t.candidate_legend[0])}</li>
                <li><span class="swatch candidate-blue" aria-hidden="true">"5"</span>{word(store, |t| t.candidate_legend[1])}</li>
            </ul>
            {toggle(7, |s| s.peek_candidates, |s, v| s.peek_candidates = v)}
            {toggle(4, |s| s.auto_clear_notes, |s, v| s.auto_clear_notes = v)}
            {toggle(5, |s| s.confirm_new_game, |s, v| s.confirm_new_game = v)}
            {toggle(6, |s| s.left_handed, |s, v| s.left_handed = v)}
            {field(store, |t| t.language, Box::new(move || {
                let auto = Choice {
                    value: "auto".to_string(),
                    name: Box::new(move || store.ui().language_auto.to_string()),
                    chosen: Box::new(move || store.settings.with(|s| s.language.is_none())),
                };
                std::iter::once(auto).chain(Lang::ALL.into_iter().map(|l| Choice {
                    value: l.code().to_string(),
                    name: Box::new(move || l.native_name().to_string()),
                    chosen: Box::new(move || store.settings.with(|s| s.language == Some(l))),
                })).collect()
            }), Box::new(move |code| {
                let chosen = Lang::ALL.into_iter().find(|l| l.code() == code);
                // Its words read first, when not at hand (`lang_files`).
                crate::services::lang_files::then(chosen.unwrap_or(store.browser_lang), move || {
                    store.settings.update(|s| s.language = chosen);
                    // The status line speaks the new language at once (its last message was in the old one).
                    store.say(format!("{}: {}", store.t().language, store.lang_now().native_name()));
                    controller::language_changed(store);
                });
            }))}
            <label class="field">{word(store, |t| t.relay_setting)}
                <input type="url" placeholder=word(store, |t| t.relay_own) prop:value=move || store.settings.with(|s| s.relay.clone())
                       on:change=move |ev| controller::set_relay(store, &event_target_value(&ev)) />
            </label>
            {handwriting(store)}
            <div class="buttons">
                {button(store, "primary", |t| t.close, close)}
            </div>
        </div>
    }
}

/// How a value is written: 1-9, and A-G for 10-16.
fn value_char(value: u8) -> char {
    if value <= 9 { char::from(b'0' + value) } else { char::from(b'A' + value - 10) }
}

/// The drawings the pen learned from, each as a small picture with its value, to forget one by
/// one or all at once (`crate::controller::hand`).
fn handwriting(store: Store) -> impl IntoView {
    let list = move || {
        let t = store.ui();
        let samples = store.ink.hand.with(|h| h.samples.clone());
        if samples.is_empty() {
            return view! { <p class="hand-none">{t.hand_none}</p> }.into_any();
        }
        let count = fill(t.hand_count, &[("n", &samples.len().to_string())]);
        let items = samples
            .into_iter()
            .enumerate()
            .map(|(i, sample)| {
                let shown = value_char(sample.value).to_string();
                let name = fill(t.hand_forget_one, &[("d", &shown)]);
                let lines = sample
                    .strokes
                    .iter()
                    .map(|s| {
                        let points = s.iter().map(|p| format!("{:.3},{:.3}", p[0], p[1])).collect::<Vec<_>>().join(" ");
                        view! { <polyline points=points /> }
                    })
                    .collect_view();
                view! {
                    <li>
                        <svg viewBox="-0.1 -0.1 1.2 1.2" aria-hidden="true">{lines}</svg>
                        <span class="value">{shown}</span>
                        <button type="button" class="forget" aria-label=name
                                on:click=move |_| store.ink.hand.update(|h| h.remove(i))>"×"</button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <p>{count}</p>
            <ul class="hand-list">{items}</ul>
            <button type="button" on:click=move |_| store.ink.hand.update(|h| h.samples.clear())>{t.hand_forget_all}</button>
        }
        .into_any()
    };
    view! {
        <section class="hand" aria-labelledby="hand-title">
            <h3 id="hand-title">{word(store, |t| t.hand_title)}</h3>
            <p class="hint-text">{word(store, |t| t.hand_explain)}</p>
            {list}
        </section>
    }
}

fn message(store: Store, title: String, text: String, details: Option<String>) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="message-title">
            <h2 id="message-title">{title}</h2>
            <p>{text}</p>
            {details.map(|d| view! {
                <details class="details"><summary>{word(store, |t| t.details)}</summary><p>{word(store, |t| t.details_lead)}</p><pre>{d}</pre></details>
            })}
            <div class="buttons">
                {focused(store, "primary", |t| t.ok, close)}
            </div>
        </div>
    }
}

fn won(store: Store, time_ms: u64, best_ms: Option<u64>, new_best: bool, together: Option<bool>) -> impl IntoView {
    let t = store.t();
    let time = controller::clock(time_ms);
    let best = match (new_best, best_ms) {
        (true, Some(before)) => fill(t.best_new_before, &[("t", &controller::clock(before))]),
        (true, None) => t.best_first.to_string(),
        (false, Some(b)) => fill(t.best_time, &[("t", &controller::clock(b))]),
        (false, None) => t.best_helped.to_string(),
    };
    // A shared solve says so in one line: the time is the room's, no best time is kept.
    let (time_line, best) = match together {
        Some(helped) => (fill(if helped { t.won_together_helped } else { t.won_together }, &[("t", &time)]), None),
        None => (fill(t.time_label, &[("t", &time)]), Some(best)),
    };
    view! {
        <div class="dialog won" role="dialog" aria-modal="true" aria-labelledby="won-title">
            <h2 id="won-title">{word(store, |t| t.congratulations)}</h2>
            <p class="time">{time_line}</p>
            {best.map(|best| view! { <p>{best}</p> })}
            <div class="buttons">
                {button(store, "primary", |t| t.new_game, controller::new_game_clicked)}
                {button(store, "", |t| t.close, close)}
            </div>
        </div>
    }
}

fn share(store: Store) -> impl IntoView {
    let with_progress = RwSignal::new(false);
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="share-title">
            <h2 id="share-title">{word(store, |t| t.share)}</h2>
            // In a shared game, the live link first: to send again, or to copy by hand.
            {controller::live_link(store).map(|link| view! {
                <div class="live">
                    <label for="live-link">{word(store, |t| t.together_live)}</label>
                    <input id="live-link" class="live-link" type="text" readonly=true prop:value=link.clone()
                           on:focus=move |ev| { event_target::<web_sys::HtmlInputElement>(&ev).select() } />
                    {controller::qr::qr_path(&link).map(|(side, path)| view! {
                        <svg class="qr" viewBox=format!("0 0 {side} {side}") role="img" aria-label=word(store, |t| t.together_qr)
                             shape-rendering="crispEdges">
                            <rect width=side height=side fill="#fff" />
                            <path d=path fill="#000" />
                        </svg>
                    })}
                    {button(store, "primary", |t| t.together_share_live, |s| { close(s); controller::share_live(s) })}
                </div>
            })}
            {checkbox(
                Box::new(move || store.ui().share_progress.to_string()),
                Box::new(move || with_progress.get()),
                Box::new(move |on| with_progress.set(on)),
            )}
            <div class="buttons">
                // One primary action: in a shared game it is the live link's, above.
                <button type="button" class:primary=move || !controller::is_together(store)
                        on:click=move |_| { close(store); controller::share(store, with_progress.get_untracked()) }>{word(store, |t| t.share_link)}</button>
                {button(store, "", |t| t.copy_text, |s| { close(s); controller::copy_puzzle(s) })}
                {doing(store, "", |t| t.save_file, move || { close(store); controller::save_file(store, with_progress.get_untracked()) })}
                {button(store, "", |t| t.print, |s| { close(s); controller::print_current(s) })}
                // A live link: whoever opens it plays this board with this player.
                {move || if controller::is_together(store) {
                    button(store, "", |t| t.play_alone, |s| { close(s); controller::play_alone(s) })
                } else {
                    button(store, "", |t| t.together, |s| { close(s); controller::solve_together(s) })
                }}
                {button(store, "", |t| t.close, close)}
            </div>
            // The puzzle for SudokuPad's players (its givens as an f-puzzles payload), and for
            // f-puzzles' (with every constraint, which f-puzzles reads back).
            <p class="other-apps">
                <a href=controller::sudokupad_url(store) target="_blank" rel="noopener noreferrer">{word(store, |t| t.open_in_sudokupad)}</a>
                " "
                <a href=controller::fpuzzles_url(store) target="_blank" rel="noopener noreferrer">{word(store, |t| t.open_fpuzzles)}</a>
            </p>
        </div>
    }
}

/// A variant's title, author and rules, as its setter wrote them.
fn rules(store: Store) -> impl IntoView {
    let about = store.game.with_untracked(|g| g.variant().map(|p| p.about.clone()).unwrap_or_default());
    let title = (!about.title.is_empty()).then(|| about.title.clone());
    let author = (!about.author.is_empty()).then(|| fill(store.t().rules_by, &[("author", &about.author)]));
    let text = store.game.with_untracked(|g| crate::i18n::rules_text(store.lang_now(), g.variant()));
    view! {
        <div class="dialog rules" role="dialog" aria-modal="true" aria-labelledby="rules-title">
            <h2 id="rules-title">{word(store, |t| t.rules_title)}</h2>
            {title.map(|t| view! { <p class="rules-puzzle">{t}</p> })}
            {author.map(|a| view! { <p class="rules-author">{a}</p> })}
            <p class="rules-text">{text}</p>
            <div class="buttons">
                {focused(store, "primary", |t| t.close, close)}
            </div>
        </div>
    }
}

fn confirm_open(store: Store, shared: inkdoku_engine::share::SharedPuzzle) -> impl IntoView {
    let shared = StoredValue::new(shared);
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="open-title">
            <h2 id="open-title">{word(store, |t| t.open_title)}</h2>
            <p>{word(store, |t| t.open_text)}</p>
            <div class="buttons">
                {doing(store, "primary", |t| t.open_puzzle, move || controller::load_shared(store, shared.get_value()))}
                {focused(store, "", |t| t.keep_playing, close)}
            </div>
        </div>
    }
}

/// A link opened in a tab that follows another: take over and play it here, or just watch.
fn open_here(store: Store, shared: inkdoku_engine::share::SharedPuzzle) -> impl IntoView {
    let shared = StoredValue::new(shared);
    let open = move || {
        store.close_dialog();
        let shared = shared.get_value();
        crate::controller::tabs::take_over(store, move |store| controller::load_shared(store, shared));
    };
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="open-here-title">
            <h2 id="open-here-title">{word(store, |t| t.open_here_title)}</h2>
            <p>{word(store, |t| t.open_here_text)}</p>
            <div class="buttons">
                {doing(store, "primary", |t| t.open_here, open)}
                {button(store, "", |t| t.just_watch, close)}
            </div>
        </div>
    }
}

fn print_set(store: Store) -> impl IntoView {
    let count = RwSignal::new(4usize);
    let per_page = RwSignal::new(2usize);
    let level = RwSignal::new(Level::Medium);
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="print-title">
            <h2 id="print-title">{word(store, |t| t.print_title)}</h2>
            {field(store, |t| t.puzzles, Box::new(move || [2usize, 4, 6, 8, 12].into_iter().map(|n| Choice {
                value: n.to_string(),
                name: Box::new(move || n.to_string()),
                chosen: Box::new(move || count.get() == n),
            }).collect()), Box::new(move |v| count.set(v.parse().unwrap_or(4))))}
            {field(store, |t| t.level, Box::new(move || [Level::Easy, Level::Medium, Level::Hard, Level::Expert].into_iter().map(|l| Choice {
                value: l.name().to_string(),
                name: Box::new(move || level_name(store.lang_now(), l).to_string()),
                chosen: Box::new(move || level.get() == l),
            }).collect()), Box::new(move |v| level.set(level_named(&v))))}
            <fieldset>
                <legend>{word(store, |t| t.per_page)}</legend>
                {[2usize, 4].into_iter().map(|n| radio(
                    "per-page",
                    "",
                    Box::new(move || n.to_string()),
                    Box::new(move || per_page.get() == n),
                    Box::new(move || per_page.set(n)),
                )).collect_view()}
            </fieldset>
            {unless_making(store, |t| t.making_puzzles, Box::new(move || view! {
                <div class="buttons">
                    {doing(store, "primary", |t| t.make_and_print,
                           move || controller::print_set(store, count.get_untracked(), level.get_untracked(), per_page.get_untracked()))}
                    {button(store, "", |t| t.close, close)}
                </div>
            }.into_any()))}
        </div>
    }
}

fn other_tab(store: Store) -> impl IntoView {
    view! {
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="tab-title">
            <h2 id="tab-title">{word(store, |t| t.other_tab_title)}</h2>
            <p>{word(store, |t| t.other_tab_text)}</p>
            <div class="buttons">
                {button(store, "primary", |t| t.play_here, |s| crate::controller::tabs::take_over(s, |_| {}))}
                {button(store, "", |t| t.just_watch, close)}
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level a size offers comes back from its option as itself (Extreme and Master came
    /// back as Easy when the list of names stopped at Expert).
    #[test]
    fn every_offered_level_is_the_level_picked() {
        for size in Size::ALL {
            for &level in levels(size) {
                assert_eq!(level_named(level.name()), level, "{size:?} {level:?}");
            }
        }
    }
}
