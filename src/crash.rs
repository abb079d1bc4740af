//! When the app panics: save the game, tell the player in plain words, offer Reload.
//!
//! The panic hook runs with the app in an unknown state (a signal may be mid-update, and the
//! wasm module stops right after), so it touches no app state: it writes the game record that
//! the app handed over at its last change (`keep`, already serialized) straight to storage —
//! synchronously, before anything is shown — and builds its message straight into the DOM.
//! Autosave is debounced; this is what keeps the moves of the last moments. "Reload" is a plain
//! link (no wasm needed to follow it) to the app without the address's query.

use std::cell::RefCell;

thread_local! {
    /// The game record (JSON) as of the last change, for the panic hook to save.
    static KEPT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Hands the current game record (JSON) over for a crash to save.
pub fn keep(record: String) {
    KEPT.with(|k| {
        if let Ok(mut slot) = k.try_borrow_mut() {
            *slot = Some(record);
        }
    });
}

/// Writes the kept record to storage. Nothing here may panic (a panic in the hook aborts).
fn rescue() {
    let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else { return };
    KEPT.with(|k| {
        if let Ok(slot) = k.try_borrow()
            && let Some(text) = slot.as_deref()
        {
            let _ = storage.set_item(crate::storage::GAME_KEY, text);
        }
    });
}

/// The message in the page's language (the `lang` attribute, set from the settings; see
/// `effects`). The words are `i18n`'s like every other (plain static data: reading them touches
/// no app state, so they are safe in the hook); only the DOM is built by hand here, as the
/// reactive app may be mid-update. (A browser too old to run the wasm at all is told so by
/// `static/compat.js`, which has its own words for want of the wasm.)
fn words(lang: &str) -> [&'static str; 4] {
    let t = crate::i18n::ui(crate::i18n::Lang::from_tag(lang).unwrap_or(crate::i18n::Lang::En));
    [t.crash_title, t.crash_text, t.crash_reload, t.crash_details]
}

/// Saves the game and shows the crash message (once).
pub fn show(details: &str) {
    rescue();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let lang = document.document_element().and_then(|e| e.get_attribute("lang")).unwrap_or_default();
    let [title_text, body_text, reload_text, details_text] = words(&lang);
    if document.get_element_by_id("crash").is_some() {
        return;
    }
    let Some(body) = document.body() else { return };
    let build = || -> Option<web_sys::Element> {
        let root = document.create_element("div").ok()?;
        root.set_id("crash");
        root.set_attribute("role", "alertdialog").ok()?;
        root.set_attribute("aria-labelledby", "crash-title").ok()?;
        root.set_attribute("aria-describedby", "crash-text").ok()?;
        let title = document.create_element("h2").ok()?;
        title.set_id("crash-title");
        title.set_text_content(Some(title_text));
        let text = document.create_element("p").ok()?;
        text.set_id("crash-text");
        text.set_text_content(Some(body_text));
        let reload = document.create_element("a").ok()?;
        reload.set_attribute("href", "./").ok()?;
        reload.set_attribute("class", "crash-reload").ok()?;
        reload.set_text_content(Some(reload_text));
        let more = document.create_element("details").ok()?;
        let summary = document.create_element("summary").ok()?;
        summary.set_text_content(Some(details_text));
        let pre = document.create_element("pre").ok()?;
        pre.set_text_content(Some(details));
        more.append_child(&summary).ok()?;
        more.append_child(&pre).ok()?;
        for child in [&title, &text, &reload, &more] {
            root.append_child(child).ok()?;
        }
        Some(root)
    };
    if let Some(root) = build() {
        let _ = body.append_child(&root);
    }
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn the_crash_message_is_in_the_pages_language_and_english_otherwise() {
        assert_eq!(words("de")[2], "Neu laden");
        assert_eq!(words("ko")[0], "문제가 발생했습니다");
        assert_eq!(words("es-MX")[2], "Recargar");
        for page in ["", "fr", "en"] {
            assert_eq!(words(page)[0], "Something went wrong", "{page:?}");
        }
    }
}
