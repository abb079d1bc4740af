//! The correction chip on screen (`ink::chip` offers it and takes the pick): at the cell the pen
//! wrote in, a tap picks a digit, a long press opens every digit, and a pointer that moves
//! further than a tap writes on the board.

use crate::components::parts::word;
use crate::ink::chip::{Horizontal, Vertical, choose, placement};
use crate::state::zoom;
use crate::state::{Chip, Store};
use inkdoku_core::controller::press::{self, CHIP_PRESS_MS, LongPress};
use inkdoku_engine::Digit;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent, PointerEventInit};

/// Where the chip sits (`ink::chip::placement`), as CSS over the board square.
fn placement_css(store: Store, chip: &Chip) -> String {
    let at = placement(store.size(), &zoom::view_box(store), chip);
    let vertical = match at.vertical {
        Vertical::Below(top) => format!("top:{top:.2}%"),
        Vertical::Above(bottom) => format!("bottom:{bottom:.2}%"),
    };
    let horizontal = match at.horizontal {
        Horizontal::Left(left) => format!("left:{left:.2}%"),
        Horizontal::Right(right) => format!("right:{right:.2}%"),
        Horizontal::Centred(centre) => format!("left:{centre:.2}%;transform:translateX(-50%)"),
    };
    format!("{vertical};{horizontal}")
}

/// A pointer that came down on the chip and moved beyond a tap: the stroke is the board's. The
/// board square (the chip's parent) is told that the pointer came down where it did, then where
/// it is now; it captures the pointer, so the rest of the stroke goes to it, and it takes the
/// chip away as any stroke does.
fn hand_to_board(chip: &Element, down: &PointerEvent, now: &PointerEvent) {
    let Some(board) = chip.parent_element() else { return };
    for (kind, ev) in [("pointerdown", down), ("pointermove", now)] {
        let init = PointerEventInit::new();
        init.set_bubbles(true);
        init.set_cancelable(true);
        init.set_pointer_id(ev.pointer_id());
        init.set_pointer_type(&ev.pointer_type());
        init.set_is_primary(ev.is_primary());
        init.set_client_x(ev.client_x());
        init.set_client_y(ev.client_y());
        init.set_pressure(ev.pressure());
        init.set_width(ev.width());
        init.set_height(ev.height());
        init.set_buttons(ev.buttons());
        init.set_button(if kind == "pointerdown" { 0 } else { -1 });
        if let Ok(synthetic) = PointerEvent::new_with_event_init_dict(kind, &init) {
            let _ = board.dispatch_event(&synthetic);
        }
    }
}

/// The chip, over the board square at its cell.
#[component]
pub fn CorrectionChip(store: Store) -> impl IntoView {
    // When a press is long, and when it moved beyond a tap, is the core's (`press`).
    let press = StoredValue::new_local(LongPress::default());
    let end_press = move || {
        let clock = store.ports().clock;
        press.update_value(|p| p.end(clock.as_ref()));
    };
    // The pointer down on the chip that may yet turn out to be a stroke.
    let down = StoredValue::new_local(None::<PointerEvent>);
    let open_all = move || store.ink.chip.update(|c| c.iter_mut().for_each(|c| c.all = true));
    move || {
        let chip = store.ink.chip.get()?;
        let size = store.size();
        let style = placement_css(store, &chip);
        let digits: Vec<Digit> = if chip.all { size.digits().filter(|&d| Some(d) != chip.written).collect() } else { chip.choices.clone() };
        let t = store.ui();
        let buttons = digits
            .into_iter()
            .map(|d| {
                let ch = size.digit_char(d).to_string();
                let name = crate::i18n::fill(t.change_to, &[("d", &ch)]);
                view! { <button type="button" aria-label=name on:click=move |_| choose(store, d)>{ch}</button> }
            })
            .collect_view();
        Some(view! {
            <div class="ink-chip" class:all=chip.all role="group" aria-label=t.correction style=style
                 // The board square draws on pointer events: the chip's own reach it only as a
                 // stroke (`hand_to_board`).
                 on:pointerdown=move |ev| {
                     ev.stop_propagation();
                     let clock = store.ports().clock;
                     press.update_value(|p| p.begin(clock.as_ref(), CHIP_PRESS_MS, Box::new(open_all)));
                     down.set_value((ev.pointer_type() != "mouse").then_some(ev));
                 }
                 on:pointermove=move |ev: PointerEvent| {
                     ev.stop_propagation();
                     let at = |e: &PointerEvent| (f64::from(e.client_x()), f64::from(e.client_y()));
                     let moved = down.with_value(|d| d.as_ref().filter(|d| d.pointer_id() == ev.pointer_id()).map(|d| press::beyond_tap(at(d), at(&ev))));
                     if moved == Some(true) && let Some(first) = down.try_update_value(Option::take).flatten() {
                         end_press();
                         if let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<Element>().ok()) {
                             hand_to_board(&el, &first, &ev);
                         }
                     }
                 }
                 on:pointerup=move |ev| { ev.stop_propagation(); end_press(); down.set_value(None); }
                 on:pointercancel=move |_| { end_press(); down.set_value(None); }
                 on:pointerleave=move |_| end_press()
                 on:contextmenu=move |ev| ev.prevent_default()>
                {buttons}
                <Show when=move || !store.ink.chip.with(|c| c.as_ref().is_some_and(|c| c.all))>
                    <button type="button" class="more" aria-label=word(store, |t| t.other_digits) on:click=move |_| open_all()>"…"</button>
                </Show>
            </div>
        })
    }
}
