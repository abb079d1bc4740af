//! The room's key in a link: `…#p=<puzzle>&together=<key>`. The key is 32 random bytes in
//! base64url; it stays in the fragment (browsers never send a fragment to a server), seals
//! every frame (AES-GCM), and names the room by its hash, so the relay never learns it.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use thiserror::Error;

/// The fragment parameter that carries the key.
pub const PARAMETER: &str = "together";

/// A room's secret key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RoomKey(pub [u8; 32]);

/// Not shown in logs: whoever has it can read and write the room.
impl std::fmt::Debug for RoomKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RoomKey(…)")
    }
}

/// Why a link's room key cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RoomKeyError {
    #[error("the link's room key is damaged: {0}")]
    Damaged(String),
    #[error("the link's room key has {0} bytes, not 32")]
    Length(usize),
}

impl RoomKey {
    /// As the link carries it.
    pub fn to_text(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.0)
    }

    pub fn parse(text: &str) -> Result<RoomKey, RoomKeyError> {
        let bytes = URL_SAFE_NO_PAD.decode(text.trim()).map_err(|e| RoomKeyError::Damaged(e.to_string()))?;
        let bytes: [u8; 32] = bytes.as_slice().try_into().map_err(|_| RoomKeyError::Length(bytes.len()))?;
        Ok(RoomKey(bytes))
    }
}

/// The room's id on the relay, from the SHA-256 digest of its key (computed by the browser's
/// WebCrypto): base64url, as the relay's room ids are.
pub fn room_id(digest: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(digest)
}

/// A link or pasted text, without its room key, and the key if it had one (or why it is
/// damaged). Text with no key comes back unchanged.
pub fn split_room(text: &str) -> (String, Option<Result<RoomKey, RoomKeyError>>) {
    let Some((before, fragment)) = text.split_once('#') else { return (text.to_owned(), None) };
    let mut key = None;
    let kept: Vec<&str> = fragment
        .split('&')
        .filter(|part| match part.strip_prefix(PARAMETER).and_then(|rest| rest.strip_prefix('=')) {
            Some(value) => {
                key = Some(RoomKey::parse(value));
                false
            }
            None => true,
        })
        .collect();
    match key {
        Some(key) => (format!("{before}#{}", kept.join("&")), Some(key)),
        None => (text.to_owned(), None),
    }
}

/// `link` (the puzzle's, with its fragment) with the room's key added.
pub fn with_room(link: &str, key: &RoomKey) -> String {
    let joint = if link.contains('#') { '&' } else { '#' };
    format!("{link}{joint}{PARAMETER}={}", key.to_text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_goes_into_a_link_and_comes_out_whole() {
        let key = RoomKey([7; 32]);
        let link = with_room("https://x.example/inkdoku/#p=abc", &key);
        assert_eq!(link, format!("https://x.example/inkdoku/#p=abc&together={}", key.to_text()));
        assert_eq!(split_room(&link), ("https://x.example/inkdoku/#p=abc".to_owned(), Some(Ok(key))));
        assert_eq!(split_room("https://x.example/#p=abc"), ("https://x.example/#p=abc".to_owned(), None));
        assert_eq!(format!("{key:?}"), "RoomKey(…)");
    }

    #[test]
    fn a_damaged_key_says_why() {
        let (rest, key) = split_room("#p=abc&together=shor");
        assert_eq!(rest, "#p=abc");
        assert_eq!(key, Some(Err(RoomKeyError::Length(3))));
        assert!(matches!(split_room("#p=abc&together=!!").1, Some(Err(RoomKeyError::Damaged(_)))));
    }
}
