//! The app's outside world: the ports (traits, the values that cross them, the test fakes) are
//! the core's (`inkdoku_core::ports`); here is what needs the browser or the store: the
//! developer console, and a store on the fakes for the native tests.

pub use inkdoku_core::ports::*;

/// A note for the developer console (natively, standard error: where the tests run).
pub fn warn(text: &str) {
    #[cfg(target_arch = "wasm32")]
    web_sys::console::warn_1(&text.into());
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("{text}");
}

/// Writes why the browser could not do something to the console (where a developer looks).
pub fn log_failure(e: &PlatformError) {
    warn(&format!("inkdoku: the browser could not do it ({:?}): {}", e.failure, e.detail));
}

/// The core's in-memory stand-ins, and a store on them.
#[cfg(test)]
pub mod fakes {
    pub use inkdoku_core::ports::fakes::*;

    use crate::i18n::Lang;
    use crate::state::{GameMeta, Settings, Store, TabRole, blank_game};
    use leptos::prelude::*;

    /// A tab's store on a `World`'s fakes.
    pub trait StoreOn {
        /// A store on these fakes (a playing tab, a blank board, the interface in `lang`), and
        /// the reactive owner that keeps its signals alive.
        fn store(&self, lang: Lang) -> (Owner, Store);
    }

    impl StoreOn for World {
        fn store(&self, lang: Lang) -> (Owner, Store) {
            let owner = Owner::new();
            owner.set();
            let settings = Settings { language: Some(lang), ..Settings::default() };
            let store = Store::new(blank_game(), GameMeta::new(None, None), settings, self.ports(), Lang::En);
            store.role.set(TabRole::Active);
            (owner, store)
        }
    }
}
