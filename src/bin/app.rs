//! Entry point: install the panic hook and mount the app.
fn main() {
    std::panic::set_hook(Box::new(|info| {
        // Logs the error (with its location) to the console, then tells the player.
        console_error_panic_hook::hook(info);
        inkdoku_app::crash::show(&info.to_string());
    }));
    leptos::mount::mount_to_body(inkdoku_app::app::App);
}
