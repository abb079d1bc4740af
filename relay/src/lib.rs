//! inkdoku's relay: players who solve one puzzle together meet in a room, named by a hash of
//! the room's key; each player's frames go to the others, and the frames that carry moves are
//! kept for whoever joins later or comes back. The frames are sealed by the players (the key is
//! in the link's fragment and never sent), so the relay reads only their size and first byte
//! (`frame`). It also serves the built app, so that one port serves both (`scripts/run`).
//!
//! `GET /relay/v1/{room}` opens a WebSocket. The relay sends the room's kept frames, then every
//! other player's frames as they come (binary), and `{"players":N}` (text) when someone joins
//! or leaves. It closes a connection that sends text, an empty or unknown frame, a frame over
//! the size limit or frames faster than the limit, with the reason; it refuses a full room, a
//! full relay and an address with too many connections.

pub mod frame;
pub mod rooms;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use rooms::{Bucket, Out, Refusal, Rooms};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower_http::services::ServeDir;

pub use rooms::Limits;

/// The relay's routes, and the app's files from `dist` when given.
pub fn app(rooms: Arc<Rooms>, dist: Option<PathBuf>) -> Router {
    let router = Router::new().route("/relay/v1/{room}", get(open)).with_state(rooms);
    match dist {
        Some(dir) => {
            let files = ServeDir::new(dir);
            router.fallback(move |request: Request| serve_file(files.clone(), request))
        }
        None => router,
    }
}

/// One of the app's files. Every file is revalidated on each load, as Trunk's server does: the
/// service worker, not the HTTP cache, decides what a returning player runs.
///
/// A path the file system cannot even look up is a file the relay does not serve: 404, as for a
/// missing file. `ServeDir` itself answers 404 only for "not found", "permission denied" and
/// "not a directory", and 500 for any other error of the lookup, so that a path segment of 256
/// bytes or more (the file system's name limit: "file name too long") used to get a 500.
async fn serve_file(mut files: ServeDir, request: Request) -> Response {
    let mut response = match files.try_call(request).await {
        Ok(response) => response.into_response(),
        Err(error) if not_a_lookup(&error) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            eprintln!("inkdoku-relay: reading a file of the app failed: {error}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// Whether a file system error says the path names no file it could hold (a name too long, a
/// loop of links, a name it refuses), rather than that reading a file failed.
fn not_a_lookup(error: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    // ELOOP has no stable `ErrorKind` yet; 40 on Linux.
    const ELOOP: i32 = 40;
    matches!(error.kind(), ErrorKind::InvalidFilename | ErrorKind::InvalidInput | ErrorKind::NotFound)
        || (cfg!(target_os = "linux") && error.raw_os_error() == Some(ELOOP))
}

/// Serves `app` on `listener` until the process ends, forgetting idle rooms once a minute.
pub async fn serve(listener: tokio::net::TcpListener, rooms: Arc<Rooms>, dist: Option<PathBuf>) -> std::io::Result<()> {
    let sweeper = Arc::clone(&rooms);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            sweeper.sweep(Instant::now());
        }
    });
    axum::serve(listener, app(rooms, dist).into_make_service_with_connect_info::<SocketAddr>()).await
}

/// A connection counted against its address until it ends (or its upgrade never happens).
struct Counted {
    rooms: Arc<Rooms>,
    address: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.rooms.release(self.address);
    }
}

async fn open(
    ws: WebSocketUpgrade,
    Path(room): Path<String>,
    State(rooms): State<Arc<Rooms>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    if !frame::is_room_id(&room) {
        return (StatusCode::BAD_REQUEST, "not a room id").into_response();
    }
    if !rooms.admit(peer.ip()) {
        return (StatusCode::TOO_MANY_REQUESTS, "too many connections from this address").into_response();
    }
    let counted = Counted { rooms: Arc::clone(&rooms), address: peer.ip() };
    // The library's own limit is above ours, so that an oversized frame gets our close reason.
    ws.max_message_size(rooms.limits.max_frame * 2).on_upgrade(move |socket| async move {
        play(socket, &counted.rooms, &room).await;
        drop(counted);
    })
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code, reason: reason.into() }))
}

/// One player's connection, from joining to leaving.
async fn play(socket: WebSocket, rooms: &Rooms, room: &str) {
    let (mut to_player, mut from_player) = socket.split();
    let mut joined = match rooms.join(room, Instant::now()) {
        Ok(joined) => joined,
        Err(refusal) => {
            let reason = match refusal {
                Refusal::RoomFull => "room full",
                Refusal::RelayFull => "relay full",
            };
            let _ = to_player.send(close(frame::TRY_LATER, reason)).await;
            return;
        }
    };
    let limits = &rooms.limits;
    let mut bucket = Bucket::new(limits.frames_per_second, limits.burst, Instant::now());
    let mut sent_ok = true;
    for kept in std::mem::take(&mut joined.kept) {
        sent_ok &= to_player.send(Message::Binary(kept)).await.is_ok();
    }
    while sent_ok {
        tokio::select! {
            message = from_player.next() => {
                let bytes = match message {
                    Some(Ok(Message::Binary(bytes))) => bytes,
                    Some(Ok(Message::Text(_))) => {
                        let _ = to_player.send(close(frame::UNSUPPORTED, "frames are binary")).await;
                        break;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    // Closed, or broken (including a message past the library's limit).
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                if !bucket.take(Instant::now()) {
                    let _ = to_player.send(close(frame::POLICY, "too many frames")).await;
                    break;
                }
                match frame::judge(&bytes, limits.max_frame) {
                    frame::Verdict::Relay { keep } => rooms.relay(room, joined.player, bytes, keep, Instant::now()),
                    frame::Verdict::Close { code, reason } => {
                        let _ = to_player.send(close(code, reason)).await;
                        break;
                    }
                }
            }
            out = joined.inbox.recv() => {
                let message = match out {
                    Some(Out::Frame(bytes)) => Message::Binary(bytes),
                    Some(Out::Players(n)) => Message::Text(format!("{{\"players\":{n}}}").into()),
                    None => {
                        let _ = to_player.send(close(frame::POLICY, "too slow to read")).await;
                        break;
                    }
                };
                sent_ok = to_player.send(message).await.is_ok();
            }
        }
    }
    rooms.leave(room, joined.player, Instant::now());
}
