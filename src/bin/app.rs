//! Entry point: read the player's language, hand the crash rescue its words, and mount the app.
//! (No panic hook: the app's wasm aborts on a panic without one, and `static/crash.js` rescues
//! the game; see `inkdoku_app::crash`.)
fn main() {
    // A player whose language is not English reads its file first (the first screen speaks it).
    let lang = inkdoku_app::services::lang_files::wanted();
    inkdoku_app::services::lang_files::then(lang, move || {
        inkdoku_app::crash::speak(lang);
        leptos::mount::mount_to_body(inkdoku_app::app::App)
    });
}
