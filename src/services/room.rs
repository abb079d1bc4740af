//! The room port in the browser: a WebSocket to the relay, every frame sealed under the room's
//! key with AES-GCM (WebCrypto), the room named by a hash of the key, so that the relay sees
//! neither the key nor the moves.
//!
//! A frame is `[kind, 12-byte nonce, ciphertext]`: the kind (`KEEP` for moves, `PASS` for
//! presence) is the one byte the relay reads, and it is bound to the ciphertext as additional
//! data, so a relay that flips it breaks the seal. Incoming frames are opened one at a time,
//! in the order they came: the first player count after the kept frames then really follows
//! them (`RoomEvent::Players`).

use crate::ports::{Room, RoomEvent};
use futures::StreamExt;
use futures::channel::mpsc;
use inkdoku_engine::together::link::{RoomKey, room_id};
use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{BinaryType, CloseEvent, CryptoKey, MessageEvent, SubtleCrypto, WebSocket};

/// First byte of a frame the relay keeps for later joiners (a move) …
const KEEP: u8 = 0;
/// … or only passes on (where a player is).
const PASS: u8 = 1;
const NONCE: usize = 12;

type Events = Rc<RefCell<Box<dyn FnMut(RoomEvent)>>>;

/// The connection, when there is one: its socket and key.
struct Open {
    socket: WebSocket,
    key: CryptoKey,
}

/// The relay at this app's own address (`relay/v1/` beside the page).
#[derive(Default)]
pub struct Relay {
    open: Rc<RefCell<Option<Open>>>,
    /// Bumped by every join and leave: what an older connection still reports is dropped.
    generation: Rc<RefCell<u32>>,
}

fn subtle() -> Result<SubtleCrypto, JsValue> {
    Ok(web_sys::window().ok_or("no window")?.crypto()?.subtle())
}

/// Whether this page has WebCrypto's `crypto.subtle`: browsers give it only to secure pages
/// (https, or a local name such as localhost).
fn sealing_possible() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let subtle = window.crypto().ok().and_then(|c| Reflect::get(&c, &"subtle".into()).ok());
    window.is_secure_context() && subtle.is_some_and(|s| !s.is_undefined() && !s.is_null())
}

fn reason(e: &JsValue) -> String {
    e.as_string().or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()))).unwrap_or_else(|| format!("{e:?}"))
}

/// AES-GCM's parameters for one frame.
fn params(nonce: &[u8], kind: u8) -> Result<Object, JsValue> {
    let p = Object::new();
    Reflect::set(&p, &"name".into(), &"AES-GCM".into())?;
    Reflect::set(&p, &"iv".into(), &Uint8Array::from(nonce))?;
    Reflect::set(&p, &"additionalData".into(), &Uint8Array::from(&[kind][..]))?;
    Ok(p)
}

/// The relay's address for a room: `relay/v1/` beside the page, or under the relay the
/// settings name; ws: or wss: as the address is http: or https:.
fn address(relay: &str, room: &str) -> Result<String, JsValue> {
    let base = if relay.is_empty() {
        web_sys::window().ok_or("no window")?.document().ok_or("no document")?.base_uri()?.ok_or("no base")?
    } else if relay.ends_with('/') {
        relay.to_owned()
    } else {
        format!("{relay}/")
    };
    let url = web_sys::Url::new_with_base(&format!("relay/v1/{room}"), &base)?;
    match url.protocol().as_str() {
        "https:" => url.set_protocol("wss:"),
        "http:" => url.set_protocol("ws:"),
        _ => {}
    }
    Ok(url.href())
}

async fn connect(relay: &str, key: RoomKey) -> Result<(String, CryptoKey), JsValue> {
    let subtle = subtle()?;
    let mut named = b"inkdoku room v1 ".to_vec();
    named.extend_from_slice(&key.0);
    let digest: ArrayBuffer = JsFuture::from(subtle.digest_with_str_and_u8_array("SHA-256", &named)?).await?.dyn_into()?;
    let id = room_id(&Uint8Array::new(&digest).to_vec());
    let usages = Array::of2(&"encrypt".into(), &"decrypt".into());
    let sealing = JsFuture::from(subtle.import_key_with_str("raw", &Uint8Array::from(&key.0[..]), "AES-GCM", false, &usages)?).await?;
    Ok((address(relay, &id)?, sealing.dyn_into()?))
}

/// Opens a frame: the bytes inside (`Said::from_bytes` reads them), or why it cannot be read.
async fn unseal(key: &CryptoKey, frame: &[u8]) -> Result<Vec<u8>, String> {
    if frame.len() < 1 + NONCE {
        return Err("a frame too short to hold a move".into());
    }
    let (kind, nonce, sealed) = (frame[0], &frame[1..1 + NONCE], &frame[1 + NONCE..]);
    let open = async {
        let promise = subtle()?.decrypt_with_object_and_u8_array(&params(nonce, kind)?, key, sealed)?;
        let plain: ArrayBuffer = JsFuture::from(promise).await?.dyn_into()?;
        Ok::<_, JsValue>(Uint8Array::new(&plain).to_vec())
    };
    open.await.map_err(|e| format!("a frame not sealed with this room's key ({})", reason(&e)))
}

async fn seal(key: &CryptoKey, kind: u8, plain: &[u8]) -> Result<Vec<u8>, JsValue> {
    let mut nonce = [0u8; NONCE];
    web_sys::window().ok_or("no window")?.crypto()?.get_random_values_with_u8_array(&mut nonce)?;
    let promise = subtle()?.encrypt_with_object_and_u8_array(&params(&nonce, kind)?, key, plain)?;
    let sealed: ArrayBuffer = JsFuture::from(promise).await?.dyn_into()?;
    let mut frame = vec![kind];
    frame.extend_from_slice(&nonce);
    frame.extend(Uint8Array::new(&sealed).to_vec());
    Ok(frame)
}

/// What the socket said, to be handled in order.
enum Incoming {
    Opened,
    Text(String),
    Frame(Vec<u8>),
    Closed(String),
}

impl Room for Relay {
    fn join(&self, relay: &str, key: RoomKey, on_event: Box<dyn FnMut(RoomEvent)>) {
        self.leave();
        let relay = relay.to_owned();
        let generation = *self.generation.borrow();
        let events: Events = Rc::new(RefCell::new(on_event));
        let (open, current) = (self.open.clone(), self.generation.clone());
        let live = move || *current.borrow() == generation;
        spawn_local(async move {
            let tell = |event| (events.borrow_mut())(event);
            if !sealing_possible() {
                return tell(RoomEvent::Insecure);
            }
            let (url, sealing) = match connect(&relay, key).await {
                Ok(found) => found,
                Err(e) => return tell(RoomEvent::Disconnected(reason(&e))),
            };
            let socket = match WebSocket::new(&url) {
                Ok(s) => s,
                Err(e) => return tell(RoomEvent::Disconnected(reason(&e))),
            };
            if !live() {
                let _ = socket.close();
                return;
            }
            socket.set_binary_type(BinaryType::Arraybuffer);
            let (sender, mut inbox) = mpsc::unbounded::<Incoming>();
            let received = sender.clone();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let data = e.data();
                let incoming = match data.as_string() {
                    Some(text) => Incoming::Text(text),
                    None => Incoming::Frame(Uint8Array::new(&data).to_vec()),
                };
                let _ = received.unbounded_send(incoming);
            });
            let opened = sender.clone();
            let on_open = Closure::<dyn FnMut()>::new(move || {
                let _ = opened.unbounded_send(Incoming::Opened);
            });
            let closed = sender.clone();
            let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |e: CloseEvent| {
                let why = if e.reason().is_empty() { format!("closed ({})", e.code()) } else { e.reason() };
                let _ = closed.unbounded_send(Incoming::Closed(why));
            });
            socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
            socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
            *open.borrow_mut() = Some(Open { socket: socket.clone(), key: sealing.clone() });
            drop(sender);
            // The handlers live as long as the connection: until it closes (or is left).
            while let Some(incoming) = inbox.next().await {
                if !live() {
                    break;
                }
                let event = match incoming {
                    Incoming::Opened => RoomEvent::Connected,
                    Incoming::Closed(why) => {
                        tell(RoomEvent::Disconnected(why));
                        break;
                    }
                    Incoming::Text(text) => match players(&text) {
                        Some(n) => RoomEvent::Players(n),
                        None => continue,
                    },
                    Incoming::Frame(frame) => match unseal(&sealing, &frame).await {
                        Ok(plain) => RoomEvent::Said(plain),
                        Err(why) => RoomEvent::Unreadable(why),
                    },
                };
                if live() {
                    tell(event);
                }
            }
            drop((on_message, on_open, on_close));
        });
    }

    fn send(&self, keep: bool, plain: Vec<u8>) -> bool {
        let Some((socket, key)) = self.open.borrow().as_ref().map(|o| (o.socket.clone(), o.key.clone())) else { return false };
        if socket.ready_state() != WebSocket::OPEN {
            return false;
        }
        let generation = *self.generation.borrow();
        let current = self.generation.clone();
        spawn_local(async move {
            match seal(&key, if keep { KEEP } else { PASS }, &plain).await {
                Ok(frame) if *current.borrow() == generation => {
                    let _ = socket.send_with_u8_array(&frame);
                }
                Ok(_) => {}
                Err(e) => leptos::logging::warn!("inkdoku: a move could not be sealed: {}", reason(&e)),
            }
        });
        true
    }

    fn leave(&self) {
        *self.generation.borrow_mut() += 1;
        // Its close still ends the reading task (`live` is false from now on).
        if let Some(open) = self.open.borrow_mut().take() {
            let _ = open.socket.close();
        }
    }
}

/// The relay's count of players: `{"players":N}`.
fn players(text: &str) -> Option<usize> {
    text.strip_prefix("{\"players\":")?.strip_suffix('}')?.parse().ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_relay_s_player_count() {
        assert_eq!(super::players(r#"{"players":3}"#), Some(3));
        assert_eq!(super::players(r#"{"players":x}"#), None);
        assert_eq!(super::players("hello"), None);
    }
}
