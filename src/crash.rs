//! When the app crashes: save the game, tell the player in plain words, offer Reload.
//!
//! The app's wasm is built with the panic strategy `immediate-abort` (scripts/wasm-toolchain:
//! 17.8 KB gzipped less), so a panic runs no hook: it is a bare `unreachable` trap, a
//! `WebAssembly.RuntimeError` thrown into the JavaScript that called into the wasm (an event
//! listener, a timer, a promise's callback), the module's state left as the panic found it.
//! The rescue is therefore `static/crash.js`, outside the wasm, listening for that error
//! (`error` and `unhandledrejection`); it touches nothing of the app's. This module hands it what
//! it needs beforehand:
//! - the game record at each change (`keep`, already serialized as it is stored). Autosave is
//!   debounced, and the trap may leave the game locked (nothing runs a save afterwards): on the
//!   first trap the script writes this record to localStorage, synchronously, before anything
//!   is shown. It keeps nothing handed over after a trap (the module's state is not to be trusted).
//! - the crash message's words in the page's language (`speak`, at start and whenever the
//!   language is set); `i18n`'s like every other. The script builds the message into the DOM (the
//!   ids, roles and aria of DESIGN's contract); "Reload" is a plain link to the app without the
//!   address's query. A trap before the app handed its words over shows nothing (nor was a game
//!   handed over to save).
//!
//! A later trap (the module is dead, other listeners still call into it) shows no second
//! message. The details are what the browser gives: the error's message ("unreachable" in
//! Chromium) and its stack, whose wasm frames are function indices (the names are stripped;
//! docs/architecture.md says how a developer maps them to names). The panic's own message is
//! gone (docs/known-gaps.md). The browser logs the uncaught error with its stack to the
//! console; the script does not prevent that.
//!
//! (A browser too old to run the wasm at all is told so by `static/compat.js`, which has its own
//! words for want of the wasm.)

use crate::i18n::Lang;

/// `static/crash.js`'s `window.inkdokuRescue` (a classic script that runs before the wasm).
#[cfg(target_arch = "wasm32")]
mod rescue {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = inkdokuRescue)]
        pub fn keep(record: &str);
        #[wasm_bindgen(js_namespace = inkdokuRescue)]
        pub fn words(title: &str, text: &str, reload: &str, details: &str);
    }
}

/// Hands the current game record (JSON) over for a crash to save.
pub fn keep(record: String) {
    #[cfg(target_arch = "wasm32")]
    rescue::keep(&record);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = record;
}

/// The crash message's words in `lang`: title, text, Reload, the details' summary.
fn words(lang: Lang) -> [&'static str; 4] {
    let t = crate::i18n::ui(lang);
    [t.crash_title, t.crash_text, t.crash_reload, t.crash_details]
}

/// Hands the crash message's words in `lang` over (at start and whenever the language is set).
pub fn speak(lang: Lang) {
    let _words = words(lang);
    #[cfg(target_arch = "wasm32")]
    {
        let [title, text, reload, details] = _words;
        rescue::words(title, text, reload, details);
    }
}

#[cfg(test)]
mod tests {
    use super::words;
    use crate::i18n::Lang;

    #[test]
    fn the_crash_message_speaks_each_language() {
        assert_eq!(words(Lang::De)[2], "Neu laden");
        assert_eq!(words(Lang::Ko)[0], "문제가 발생했습니다");
        assert_eq!(words(Lang::Es)[2], "Recargar");
        assert_eq!(words(Lang::En), ["Something went wrong", crate::i18n::ui(Lang::En).crash_text, "Reload", "Details for the developers"]);
    }

    /// The rescue script writes the record under the key the app reads the game from.
    #[test]
    fn the_rescue_script_saves_under_the_games_key() {
        let script = include_str!("../static/crash.js");
        assert!(script.contains(&format!("const GAME_KEY = '{}';", crate::storage::GAME_KEY)), "static/crash.js's GAME_KEY");
    }
}
