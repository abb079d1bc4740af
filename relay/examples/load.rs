//! How much one relay carries: `cargo run --release -p inkdoku-relay --example load [rooms] [frames]`.
//! Starts a relay on this machine, fills `rooms` rooms (default 200) with two players each, and
//! has every player send `frames` frames (default 200) of 300 bytes — a sealed move's size — as
//! fast as the relay takes them, the rate limit lifted. Prints the frames delivered per second
//! and the time the last one took.

use futures_util::{SinkExt, StreamExt};
use inkdoku_relay::Limits;
use inkdoku_relay::rooms::Rooms;
use std::sync::Arc;
use std::time::Instant;
use tokio_tungstenite::tungstenite::Message;

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("numbers"));
    let rooms = args.next().unwrap_or(200);
    let frames = args.next().unwrap_or(200);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let limits = Limits { burst: 1e9, connections_per_address: usize::MAX, ..Limits::default() };
    let relay = Arc::new(Rooms::new(limits));
    tokio::spawn(inkdoku_relay::serve(listener, Arc::clone(&relay), None));

    let mut players = Vec::new();
    for r in 0..rooms {
        for _ in 0..2 {
            let url = format!("ws://{address}/relay/v1/load-test-room-{r:08}-abcdefgh");
            players.push(tokio_tungstenite::connect_async(url).await.unwrap().0);
        }
    }
    let start = Instant::now();
    let mut tasks = Vec::new();
    for player in players {
        tasks.push(tokio::spawn(async move {
            let (mut tx, mut rx) = player.split();
            let send = async {
                for i in 0..frames {
                    let mut frame = vec![0u8; 300];
                    frame[1..9].copy_from_slice(&(i as u64).to_le_bytes());
                    tx.send(Message::Binary(frame.into())).await.unwrap();
                }
            };
            let receive = async {
                let mut got = 0;
                while got < frames {
                    match rx.next().await {
                        Some(Ok(Message::Binary(_))) => got += 1,
                        Some(Ok(_)) => {}
                        other => panic!("the relay stopped: {other:?}"),
                    }
                }
            };
            tokio::join!(send, receive);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let seconds = start.elapsed().as_secs_f64();
    let delivered = rooms * 2 * frames;
    let (held, kept) = relay.census();
    println!(
        "{rooms} rooms x 2 players x {frames} frames of 300 bytes: {delivered} delivered in {seconds:.2} s = {:.0} frames/s ({held} rooms, {kept} frames kept)",
        delivered as f64 / seconds
    );
}
