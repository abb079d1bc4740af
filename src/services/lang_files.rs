//! The player's language read from its file before its words are shown (issue 48): the app's
//! wasm has English built in, the others are files beside the page (`i18n::file`), which the
//! service worker keeps for offline play. A file that cannot be had or read leaves the words in
//! English, with a note in the console.

use crate::i18n::{self, Lang};
use crate::ports::KeyValue;

/// The language the first screen speaks: the one chosen in Settings, else the browser's.
pub fn wanted() -> Lang {
    let stored = super::web_storage::LOCAL.get(inkdoku_core::storage::SETTINGS_KEY);
    i18n::stored_language(stored.as_deref()).unwrap_or_else(super::platform::browser_lang)
}

/// Reads `lang`'s file unless its words are at hand already.
pub async fn load(lang: Lang) {
    if i18n::is_ready(lang) {
        return;
    }
    let path = i18n::path(lang);
    let read = super::platform::fetch_text(&path).await.and_then(|text| i18n::install(lang, text));
    if let Err(e) = read {
        web_sys::console::warn_1(&format!("inkdoku: {path} could not be read ({e}); the words stay in English").into());
    }
}

/// Runs `then` once `lang`'s words are at hand: at once when they are, else after its file is
/// read (or has failed to be: then in English).
pub fn then(lang: Lang, then: impl FnOnce() + 'static) {
    if i18n::is_ready(lang) {
        then();
    } else {
        wasm_bindgen_futures::spawn_local(async move {
            load(lang).await;
            then();
        });
    }
}
