//! Entry point: read the player's language, hand the crash rescue its words, and mount the app.
fn main() {
    // The release build's panics abort at once (scripts/wasm-toolchain: `immediate-abort`, no
    // hook runs); `static/crash.js` rescues the game from the trap (see `inkdoku_app::crash`).
    // A build whose panics still run a hook (a plain stable `trunk build`, or
    // CARGO_PROFILE_APP_PANIC=abort) logs the panic's message and stack to the console first,
    // for a developer; the trap that follows is rescued the same way.
    #[cfg(not(panic = "immediate-abort"))]
    std::panic::set_hook(Box::new(console_error_panic_hook::hook));
    // A player whose language is not English reads its file first (the first screen speaks it).
    let lang = inkdoku_app::services::lang_files::wanted();
    inkdoku_app::services::lang_files::then(lang, move || {
        inkdoku_app::crash::speak(lang);
        leptos::mount::mount_to_body(inkdoku_app::app::App)
    });
}
