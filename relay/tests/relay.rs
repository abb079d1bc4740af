//! The relay over real WebSockets: players in a room hear each other, a late joiner gets the
//! kept moves, and every kind of bad input ends in a clean close with its reason — never a
//! panic (the relay goes on serving the others).

use futures_util::{SinkExt, StreamExt};
use inkdoku_relay::Limits;
use inkdoku_relay::rooms::Rooms;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

const ROOM: &str = "room-id-from-a-key-hash-0123456789";

/// A relay on a free port with `limits`; its address.
async fn relay(limits: Limits) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(inkdoku_relay::serve(listener, Arc::new(Rooms::new(limits)), None));
    format!("ws://{address}/relay/v1/")
}

async fn join(base: &str, room: &str) -> Socket {
    tokio_tungstenite::connect_async(format!("{base}{room}")).await.unwrap().0
}

/// The next message, or a failure after 5 s.
async fn next(s: &mut Socket) -> Message {
    tokio::time::timeout(Duration::from_secs(5), s.next()).await.expect("a message within 5 s").expect("open").expect("readable")
}

/// The next binary frame, skipping the player counts.
async fn next_frame(s: &mut Socket) -> Vec<u8> {
    loop {
        match next(s).await {
            Message::Binary(b) => return b.to_vec(),
            Message::Text(_) => continue,
            other => panic!("expected a frame, got {other:?}"),
        }
    }
}

/// The close the relay sent: its code and reason.
async fn closed(s: &mut Socket) -> (CloseCode, String) {
    loop {
        match next(s).await {
            Message::Close(Some(f)) => return (f.code, f.reason.to_string()),
            Message::Close(None) => panic!("closed without a reason"),
            _ => continue,
        }
    }
}

#[tokio::test]
async fn players_hear_each_other_and_a_late_joiner_gets_the_kept_moves() {
    let base = relay(Limits::default()).await;
    let mut a = join(&base, ROOM).await;
    let mut b = join(&base, ROOM).await;
    assert_eq!(next(&mut a).await, Message::Text(r#"{"players":1}"#.into()));
    assert_eq!(next(&mut a).await, Message::Text(r#"{"players":2}"#.into()));
    a.send(Message::Binary(vec![0, 1, 2, 3].into())).await.unwrap();
    a.send(Message::Binary(vec![1, 9].into())).await.unwrap(); // of the moment: not kept
    assert_eq!(next_frame(&mut b).await, [0, 1, 2, 3]);
    assert_eq!(next_frame(&mut b).await, [1, 9]);
    b.send(Message::Binary(vec![0, 4].into())).await.unwrap();
    assert_eq!(next_frame(&mut a).await, [0, 4], "the sender does not hear its own frame back");
    // Another room hears nothing of this one.
    let mut other = join(&base, "another-room-id-0123456789").await;
    other.send(Message::Binary(vec![0, 7].into())).await.unwrap();
    // A late joiner gets the kept moves, in order, and not the passing frame.
    let mut late = join(&base, ROOM).await;
    assert_eq!(next_frame(&mut late).await, [0, 1, 2, 3]);
    assert_eq!(next_frame(&mut late).await, [0, 4]);
    // Then what comes next.
    a.send(Message::Binary(vec![0, 5].into())).await.unwrap();
    assert_eq!(next_frame(&mut late).await, [0, 5]);
    assert_eq!(next_frame(&mut b).await, [0, 5]);
}

#[tokio::test]
async fn bad_input_closes_that_connection_with_its_reason_and_the_room_goes_on() {
    let base = relay(Limits { max_frame: 100, ..Limits::default() }).await;
    let mut steady = join(&base, ROOM).await;
    for (bad, code, reason) in [
        (Message::Text("hello".into()), CloseCode::Unsupported, "frames are binary"),
        (Message::Binary(vec![].into()), CloseCode::Unsupported, "empty frame"),
        (Message::Binary(vec![0].into()), CloseCode::Unsupported, "frame with nothing in it"),
        (Message::Binary(vec![42, 1].into()), CloseCode::Unsupported, "unknown kind of frame"),
        (Message::Binary(vec![0; 101].into()), CloseCode::Size, "frame too big"),
    ] {
        let mut s = join(&base, ROOM).await;
        s.send(bad).await.unwrap();
        assert_eq!(closed(&mut s).await, (code, reason.to_owned()));
    }
    // Far past the library's own limit: the connection just ends.
    let mut huge = join(&base, ROOM).await;
    let _ = huge.send(Message::Binary(vec![0; 100_000].into())).await;
    assert!(tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = huge.next().await {} }).await.is_ok());
    // The room still works.
    let mut b = join(&base, ROOM).await;
    b.send(Message::Binary(vec![0, 1].into())).await.unwrap();
    assert_eq!(next_frame(&mut steady).await, [0, 1]);
}

#[tokio::test]
async fn limits_on_rooms_players_addresses_and_rate() {
    let base =
        relay(Limits { players_per_room: 2, connections_per_address: 3, burst: 5.0, frames_per_second: 1.0, ..Limits::default() }).await;
    // A bad room id is refused before any WebSocket.
    assert!(tokio_tungstenite::connect_async(format!("{base}short")).await.is_err());
    let mut a = join(&base, ROOM).await;
    let _b = join(&base, ROOM).await;
    let mut third = join(&base, ROOM).await;
    assert_eq!(closed(&mut third).await, (CloseCode::Again, "room full".to_owned()));
    // The refused connection stops counting against the address once the relay has let it go.
    drop(third);
    let again = async {
        loop {
            if let Ok((c, _)) = tokio_tungstenite::connect_async(format!("{base}second-room-id-0123456789")).await {
                return c;
            }
        }
    };
    let _c = tokio::time::timeout(Duration::from_secs(5), again).await.expect("the third connection's place is free again");
    assert!(
        tokio_tungstenite::connect_async(format!("{base}third-room-id-0123456789a")).await.is_err(),
        "a fourth connection from one address is refused"
    );
    // Frames faster than the limit: the burst passes, then the connection is closed.
    for i in 0..6u8 {
        let _ = a.send(Message::Binary(vec![1, i].into())).await;
    }
    assert_eq!(closed(&mut a).await, (CloseCode::Policy, "too many frames".to_owned()));
}

#[tokio::test]
async fn random_frames_never_stop_the_relay() {
    let base = relay(Limits { max_frame: 200, burst: 1e9, ..Limits::default() }).await;
    let mut listener = join(&base, ROOM).await;
    let mut s = join(&base, ROOM).await;
    // Seeded noise: lengths 0 to 299, any first byte (mostly unknown kinds).
    let mut x: u32 = 0x9e37_79b9;
    let mut noise = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let (mut closes, mut relayed) = (0, 0);
    for _ in 0..300 {
        let len = (noise() % 300) as usize;
        let frame: Vec<u8> = (0..len).map(|_| (noise() % 4) as u8).collect();
        let passes = len > 1 && len <= 200 && frame[0] <= 1;
        s.send(Message::Binary(frame.clone().into())).await.unwrap();
        if passes {
            assert_eq!(next_frame(&mut listener).await, frame);
            relayed += 1;
        } else {
            closed(&mut s).await;
            closes += 1;
            s = join(&base, ROOM).await;
        }
    }
    assert!(closes > 50 && relayed > 50, "both kinds were tried: {closes} closes, {relayed} relayed");
}

#[tokio::test]
async fn one_port_serves_the_app_beside_the_relay() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dist = std::env::temp_dir().join(format!("inkdoku-relay-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<title>inkdoku</title>").unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(inkdoku_relay::serve(listener, Arc::new(Rooms::new(Limits::default())), Some(dist.clone())));
    let mut http = TcpStream::connect(address).await.unwrap();
    http.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut response = String::new();
    http.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.to_ascii_lowercase().contains("cache-control: no-cache"), "{response}");
    assert!(response.ends_with("<title>inkdoku</title>"), "{response}");
    let mut a = join(&format!("ws://{address}/relay/v1/"), ROOM).await;
    assert_eq!(next(&mut a).await, Message::Text(r#"{"players":1}"#.into()));
    std::fs::remove_dir_all(dist).unwrap();
}

/// A relay that serves a small app from a temporary folder; its address and the folder.
async fn relay_with_files() -> (std::net::SocketAddr, std::path::PathBuf) {
    let dist = std::env::temp_dir().join(format!("inkdoku-relay-routes-{}", std::process::id()));
    std::fs::create_dir_all(dist.join("sub")).unwrap();
    std::fs::write(dist.join("index.html"), "<title>inkdoku</title>").unwrap();
    std::fs::write(dist.join("sub/a.js"), "1").unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(inkdoku_relay::serve(listener, Arc::new(Rooms::new(Limits::default())), Some(dist.clone())));
    (address, dist)
}

/// The status code of a raw `GET <target>` (the bytes as given, so that odd and non-UTF-8
/// paths reach the server unchanged); `None` when the server closed without an answer.
async fn status_of(address: std::net::SocketAddr, target: &[u8]) -> Option<u16> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut http = TcpStream::connect(address).await.unwrap();
    let mut request = b"GET ".to_vec();
    request.extend_from_slice(target);
    request.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    http.write_all(&request).await.unwrap();
    let mut response = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), http.read_to_end(&mut response)).await.expect("an answer within 5 s");
    let head = String::from_utf8_lossy(&response[..response.len().min(12)]).to_string();
    head.strip_prefix("HTTP/1.1 ").and_then(|rest| rest.get(..3)).and_then(|code| code.parse().ok())
}

#[tokio::test]
async fn a_path_it_does_not_serve_gets_404_whatever_its_length() {
    let (address, dist) = relay_with_files().await;
    assert_eq!(status_of(address, b"/sub/a.js").await, Some(200));
    for len in [1, 200, 255, 256, 300, 1000, 4000, 5000] {
        let name = "a".repeat(len);
        assert_eq!(status_of(address, format!("/{name}").as_bytes()).await, Some(404), "a segment of {len}");
        assert_eq!(status_of(address, format!("/sub/{name}/x.js").as_bytes()).await, Some(404), "a segment of {len}");
    }
    for odd in [&b"/index.html/x"[..], b"/%00", b"/%ff%fe", b"/..%2f..%2fetc%2fpasswd", b"/sub/../../x", b"/%2e%2e/x", b"/a%2"] {
        let status = status_of(address, odd).await;
        assert!(matches!(status, Some(400 | 404)), "{} -> {status:?}", String::from_utf8_lossy(odd));
    }
    std::fs::remove_dir_all(dist).unwrap();
}

#[tokio::test]
async fn random_paths_never_get_a_server_error() {
    let (address, dist) = relay_with_files().await;
    // Seeded paths: segments of 0 to 599 bytes from an alphabet with percent escapes (of any
    // byte, non-UTF-8 included), dots, slashes and the served names.
    let mut x: u32 = 0x2545_f491;
    let mut noise = move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let pieces: [&[u8]; 10] = [b"a", b"/", b".", b"..", b"%", b"sub", b"index.html", b"~", b"%2F", b"%C3%28"];
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..400 {
        let mut target = b"/".to_vec();
        let parts = noise() % 12;
        for _ in 0..parts {
            match noise() % 4 {
                0 => target.extend(std::iter::repeat_n(b'b', (noise() % 600) as usize)),
                1 => target.extend_from_slice(format!("%{:02X}", noise() % 256).as_bytes()),
                _ => target.extend_from_slice(pieces[(noise() % pieces.len() as u32) as usize]),
            }
        }
        let status = status_of(address, &target).await;
        assert!(status.is_some_and(|s| s < 500), "{} -> {status:?}", String::from_utf8_lossy(&target));
        *counts.entry(status).or_insert(0) += 1;
    }
    assert!(counts.len() >= 2, "several answers were tried: {counts:?}");
    assert_eq!(status_of(address, b"/").await, Some(200), "and the app is still served");
    std::fs::remove_dir_all(dist).unwrap();
}
