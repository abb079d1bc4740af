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
            let _ = storage.set_item(crate::services::storage::GAME_KEY, text);
        }
    });
}

/// The message in the page's language (set from the settings; see `effects`): title, text,
/// the Reload link, and the details' heading.
fn words(lang: &str) -> [&'static str; 4] {
    match lang {
        "de" => [
            "Etwas ist schiefgegangen",
            "inkdoku ist auf einen Fehler gestoßen, von dem es sich nicht erholen kann. Dein Spiel ist gespeichert: lade neu, um dort weiterzumachen, wo du warst.",
            "Neu laden",
            "Einzelheiten für die Entwickler",
        ],
        "es" => [
            "Algo ha fallado",
            "inkdoku ha tenido un error del que no puede recuperarse. Tu partida está guardada: recarga para seguir donde estabas.",
            "Recargar",
            "Detalles para los desarrolladores",
        ],
        "ko" => [
            "문제가 발생했습니다",
            "inkdoku에 복구할 수 없는 오류가 생겼습니다. 게임은 저장되어 있으니 새로고침하면 하던 곳에서 이어집니다.",
            "새로고침",
            "개발자를 위한 자세한 정보",
        ],
        _ => [
            "Something went wrong",
            "inkdoku ran into an error it cannot recover from. Your game is saved: reload to continue where you were.",
            "Reload",
            "Details for the developers",
        ],
    }
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
