//! The browser's Web Storage areas (localStorage, sessionStorage) as `ports::KeyValue`s.

use crate::ports::{KeyValue, SaveError};

/// One of the browser's Web Storage areas as a `KeyValue`: a page without it (private modes,
/// policies) reads nothing and refuses every write.
pub struct WebStore {
    area: fn(&web_sys::Window) -> Result<Option<web_sys::Storage>, wasm_bindgen::JsValue>,
}

/// localStorage: the game, settings, kept games and learned drawings.
pub const LOCAL: WebStore = WebStore { area: web_sys::Window::local_storage };
/// sessionStorage: the spare store of the game when localStorage is full (its own quota, kept
/// across reloads of the tab, gone with the tab).
pub const SESSION: WebStore = WebStore { area: web_sys::Window::session_storage };

impl WebStore {
    fn storage(&self) -> Option<web_sys::Storage> {
        (self.area)(&web_sys::window()?).ok().flatten()
    }
}

impl KeyValue for WebStore {
    fn get(&self, key: &str) -> Option<String> {
        self.storage()?.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), SaveError> {
        let store = self.storage().ok_or(SaveError::NoStorage)?;
        store
            .set_item(key, value)
            .map_err(|e| {
                let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
                if name == "QuotaExceededError" { SaveError::Full } else { SaveError::Refused(name) }
            })
            .inspect_err(|e| {
                if let SaveError::Refused(detail) = e {
                    web_sys::console::warn_1(&format!("inkdoku: storing {key} refused: {detail}").into());
                }
            })
    }

    fn remove(&self, key: &str) {
        if let Some(store) = self.storage() {
            let _ = store.remove_item(key);
        }
    }
}
