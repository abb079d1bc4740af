//! When the app panics: keep the saved game, tell the player in plain words, offer Reload.
//!
//! The panic hook runs with the app in an unknown state (a signal may be mid-update, and the
//! wasm module stops right after), so this builds its message straight into the DOM and touches
//! no app state. The saved game is whatever was saved before — autosave runs after every
//! change, so at most the last move is lost, never the game. "Reload" is a plain link (no wasm
//! needed to follow it) to the app without the address's query.

/// Shows the crash message (once).
pub fn show(details: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
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
        title.set_text_content(Some("Something went wrong"));
        let text = document.create_element("p").ok()?;
        text.set_id("crash-text");
        text.set_text_content(Some(
            "inkdoku ran into an error it cannot recover from. Your game is saved: reload to continue where you were.",
        ));
        let reload = document.create_element("a").ok()?;
        reload.set_attribute("href", "./").ok()?;
        reload.set_attribute("class", "crash-reload").ok()?;
        reload.set_text_content(Some("Reload"));
        let more = document.create_element("details").ok()?;
        let summary = document.create_element("summary").ok()?;
        summary.set_text_content(Some("Details for the developers"));
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
