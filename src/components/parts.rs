//! The parts every view repeats, each kind built by one function: plain buttons (a word for a
//! name, one action), toggles, the interface's words, and parts shown while a condition holds.
//!
//! Written out in each `view!`, every such button was a type of its own (its closures'), so
//! the wasm held one copy of the code that builds and updates it per button, inlined into the
//! view around it (issue 48: the view tree was the app's largest function). Built here, from a
//! word and an action given as plain function pointers and returned type-erased, there is one
//! copy for them all. What the page gets is the same element: `type="button"`, its class, its
//! name in the player's language (updated when the language changes) and its action.
//!
//! The parts whose action or state needs more than the store (a button that opens the puzzle
//! of its dialog, a dialog's lists, radio buttons and checkboxes, the steppers, the changing
//! texts) take boxed closures (`Name`, `Act`, `Chosen`): still one copy of the part's code for
//! every place, for an allocation when the part is built.

// An attribute's value is a closure of the part's own over the boxed one (`move || on()`), not
// the box itself: 174 bytes gzipped less on the app's wasm (issue 48).
#![allow(clippy::redundant_closure)]

use crate::i18n::Ui;
use crate::state::Store;
use leptos::prelude::*;

/// A button's name: one of the interface's words, read again when the language changes.
pub type Word = fn(&'static Ui) -> &'static str;

/// The interface's word `w` in the player's language, as a view's text or an attribute's value
/// that follows the language: one closure type for every word of every view, so one copy of the
/// code that shows and updates one (a `move || store.ui().x` written out was a type, and a copy,
/// per place).
pub fn word(store: Store, w: Word) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    move || w(store.ui())
}

/// An `aria-pressed` or `aria-expanded` value.
pub fn pressed(on: bool) -> &'static str {
    if on { "true" } else { "false" }
}

/// `<button type="button" class=…>word</button>` doing `act` (`class` "" for none).
pub fn button(store: Store, class: &'static str, word: Word, act: fn(Store)) -> AnyView {
    build(store, class, false, word, act)
}

/// The same, focused when its dialog opens (`autofocus`).
pub fn focused(store: Store, class: &'static str, word: Word, act: fn(Store)) -> AnyView {
    build(store, class, true, word, act)
}

#[inline(never)]
fn build(store: Store, class: &'static str, autofocus: bool, word: Word, act: fn(Store)) -> AnyView {
    view! {
        <button type="button" class=(!class.is_empty()).then_some(class) autofocus=autofocus
                on:click=move |_| act(store)>{self::word(store, word)}</button>
    }
    .into_any()
}

/// A tool that is on or off (`aria-pressed`, and the class `active` while on).
#[inline(never)]
pub fn toggle(store: Store, word: Word, on: fn(Store) -> bool, act: fn(Store)) -> AnyView {
    view! {
        <button type="button" class="tool" aria-pressed=move || pressed(on(store)) class:active=move || on(store)
                on:click=move |_| act(store)>{self::word(store, word)}</button>
    }
    .into_any()
}

/// `<Show>` of a part built from the store alone, while `when` holds: one copy of `Show`'s code
/// (its memo of the condition, its children) for every such part.
#[inline(never)]
pub fn shown(store: Store, when: fn(Store) -> bool, part: fn(Store) -> AnyView) -> AnyView {
    view! { <Show when=move || when(store)>{part(store)}</Show> }.into_any()
}

/// A button's name that is more than one word (a word filled in with a time or a count): read
/// again when what it reads changes.
pub type Name = Box<dyn Fn() -> String + Send + Sync>;

/// What a button does when its action needs more than the store (the puzzle it opens, a choice
/// made in its dialog, the kept game it resumes).
pub type Act = Box<dyn Fn() + Send + Sync>;

/// `<button type="button" class=…>word</button>` doing `act`, which may capture more than the
/// store: one copy of the button's code however many closures call it.
pub fn doing(store: Store, class: &'static str, word: Word, act: impl Fn() + Send + Sync + 'static) -> AnyView {
    named(class, Box::new(move || word(store.ui()).to_string()), Box::new(act))
}

/// `<button type="button" class=…>name</button>` doing `act` (`class` "" for none).
#[inline(never)]
pub fn named(class: &'static str, name: Name, act: Act) -> AnyView {
    view! {
        <button type="button" class=(!class.is_empty()).then_some(class) on:click=move |_| act()>{move || name()}</button>
    }
    .into_any()
}

/// While a puzzle (or a set to print) is being made: `making`'s words, its progress and Cancel;
/// otherwise what `otherwise` builds (the dialog's buttons). One `Show` with a fallback for
/// New game and Print puzzles.
#[inline(never)]
pub fn unless_making(store: Store, making: Word, otherwise: Box<dyn Fn() -> AnyView + Send + Sync>) -> AnyView {
    let now = move || store.making.get();
    view! {
        <Show when=move || now().is_some() fallback=move || otherwise()>
            <div class="making">
                <p>{word(store, making)}</p>
                <progress aria-label=making(store.t()).trim_end_matches('…') max=move || now().map_or(1, |m| m.total)
                          value=move || now().map_or(0, |m| m.done)></progress>
                {button(store, "", |t| t.cancel, crate::controller::cancel_making)}
            </div>
        </Show>
    }
    .into_any()
}

/// Whether an option, a radio button or a checkbox is the one chosen (read again when what it
/// reads changes).
pub type Chosen = Box<dyn Fn() -> bool + Send + Sync>;

/// One option of a list: its value, its name, whether it is the one chosen.
pub struct Choice {
    pub value: String,
    pub name: Name,
    pub chosen: Chosen,
}

/// `<label class="field">word<select>…</select></label>`: the options `options` gives (built
/// again when what it reads changes), `pick` given the value chosen. One copy of the code for
/// every list of every dialog.
#[inline(never)]
pub fn field(
    store: Store,
    word: Word,
    options: Box<dyn Fn() -> Vec<Choice> + Send + Sync>,
    pick: Box<dyn Fn(String) + Send + Sync>,
) -> AnyView {
    view! {
        <label class="field">{self::word(store, word)}
            <select on:change=move |ev| pick(event_target_value(&ev))>
                {move || options().into_iter().map(|o| {
                    let (name, chosen) = (o.name, o.chosen);
                    view! { <option value=o.value selected=move || chosen()>{move || name()}</option> }
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

/// `<label class="choice"><input type="radio" name=… value=…>name</label>` (no `value` for
/// `""`), checked while `chosen`, `pick` when picked.
#[inline(never)]
pub fn radio(group: &'static str, value: &'static str, name: Name, chosen: Chosen, pick: Act) -> AnyView {
    view! {
        <label class="choice">
            <input type="radio" name=group value=(!value.is_empty()).then_some(value) prop:checked=move || chosen()
                   on:change=move |_| pick() />
            {move || name()}
        </label>
    }
    .into_any()
}

/// `<label class="check"><input type="checkbox">name</label>`, checked while `on`, `set` given
/// the new state.
#[inline(never)]
pub fn checkbox(name: Name, on: Chosen, set: Box<dyn Fn(bool) + Send + Sync>) -> AnyView {
    view! {
        <label class="check">
            <input type="checkbox" prop:checked=move || on() on:change=move |ev| set(event_target_checked(&ev)) />
            {move || name()}
        </label>
    }
    .into_any()
}

/// A button that is disabled at times (`off`): Undo, Redo, the hint's steppers. Its text is
/// `text`; its name, when `label` is given, that word (a stepper's text is an arrow).
#[inline(never)]
pub fn stepper(store: Store, class: &'static str, label: Option<Word>, text: Name, off: Chosen, act: Act) -> AnyView {
    view! {
        <button type="button" class=(!class.is_empty()).then_some(class) aria-label=move || label.map(|w| w(store.ui()))
                disabled=move || off() on:click=move |_| act()>{move || text()}</button>
    }
    .into_any()
}

/// A text that changes (a time, the status line, a count): one copy of the code that shows and
/// updates a changing text for every such place.
#[inline(never)]
pub fn text(text: Name) -> AnyView {
    (move || text()).into_any()
}
