//! `inkdoku-relay [--address 127.0.0.1] [--port 8080] [--dist dist]`: the relay for solving
//! together, serving the built app from `--dist` on the same port when given.

use inkdoku_relay::{Limits, rooms::Rooms};
use std::sync::Arc;

#[tokio::main]
async fn main() {
    let mut args = pico_args::Arguments::from_env();
    let address: String = args.opt_value_from_str("--address").ok().flatten().unwrap_or_else(|| "127.0.0.1".to_owned());
    let port: u16 = match args.opt_value_from_str("--port") {
        Ok(port) => port.unwrap_or(8080),
        Err(e) => fail(&format!("--port: {e}")),
    };
    let dist: Option<std::path::PathBuf> = args.opt_value_from_str("--dist").ok().flatten();
    if let Some(extra) = args.finish().first() {
        fail(&format!("unexpected argument {extra:?}"));
    }
    let listener = match tokio::net::TcpListener::bind((address.as_str(), port)).await {
        Ok(l) => l,
        Err(e) => fail(&format!("cannot listen on {address}:{port}: {e}")),
    };
    let bound = listener.local_addr().map_or_else(|_| format!("{address}:{port}"), |a| a.to_string());
    match &dist {
        Some(dir) => println!("inkdoku: http://{bound}/ (the app from {}; the relay at /relay/v1/)", dir.display()),
        None => println!("inkdoku relay: ws://{bound}/relay/v1/"),
    }
    if let Err(e) = inkdoku_relay::serve(listener, Arc::new(Rooms::new(Limits::default())), dist).await {
        fail(&e.to_string());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("inkdoku-relay: {message}");
    std::process::exit(2);
}
