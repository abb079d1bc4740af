//! Entry point: install the panic hook, read the player's language, and mount the app.
fn main() {
    std::panic::set_hook(Box::new(|info| {
        // Logs the error (with its location) to the console, then tells the player.
        console_error_panic_hook::hook(info);
        inkdoku_app::crash::show(&info.to_string());
    }));
    // A player whose language is not English reads its file first (the first screen speaks it).
    let lang = inkdoku_app::services::lang_files::wanted();
    inkdoku_app::services::lang_files::then(lang, || leptos::mount::mount_to_body(inkdoku_app::app::App));
}
