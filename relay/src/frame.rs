//! What the relay reads of a player's message: nothing but its size and its first byte. The
//! rest is sealed by the players (AES-GCM with the room's key, which never reaches the relay).
//!
//! A frame is binary: its first byte says what to do with it, the rest is opaque.
//! - `KEEP` (0): an operation on the board. Passed to the room's other players and kept for
//!   players who join later or come back.
//! - `PASS` (1): something of the moment (where a player is, their ink while it is drawn).
//!   Passed on, not kept.

/// First byte of a frame to pass on and keep.
pub const KEEP: u8 = 0;
/// First byte of a frame to pass on only.
pub const PASS: u8 = 1;

/// What the relay does with one message from a player.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Pass it on, and keep it when `keep`.
    Relay { keep: bool },
    /// Close the connection with this WebSocket close code and reason.
    Close { code: u16, reason: &'static str },
}

/// Close code: the message is of a type the relay does not take (RFC 6455, 1003).
pub const UNSUPPORTED: u16 = 1003;
/// Close code: the message breaks a rule (1008).
pub const POLICY: u16 = 1008;
/// Close code: the message is too big (1009).
pub const TOO_BIG: u16 = 1009;
/// Close code: the room is full; try later (1013).
pub const TRY_LATER: u16 = 1013;

/// The verdict on a binary message of `frame`, at most `max_len` bytes long.
pub fn judge(frame: &[u8], max_len: usize) -> Verdict {
    if frame.len() > max_len {
        return Verdict::Close { code: TOO_BIG, reason: "frame too big" };
    }
    match frame.first() {
        None => Verdict::Close { code: UNSUPPORTED, reason: "empty frame" },
        Some(&KEEP) if frame.len() > 1 => Verdict::Relay { keep: true },
        Some(&PASS) if frame.len() > 1 => Verdict::Relay { keep: false },
        Some(&KEEP | &PASS) => Verdict::Close { code: UNSUPPORTED, reason: "frame with nothing in it" },
        Some(_) => Verdict::Close { code: UNSUPPORTED, reason: "unknown kind of frame" },
    }
}

/// Whether a room id is one the app makes: 22 to 64 characters of base64url (a hash of the
/// room's key, so it says nothing of the key).
pub fn is_room_id(id: &str) -> bool {
    (22..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn frames_by_their_first_byte() {
        assert_eq!(judge(&[KEEP, 9, 9], 10), Verdict::Relay { keep: true });
        assert_eq!(judge(&[PASS, 9], 10), Verdict::Relay { keep: false });
        assert_eq!(judge(&[], 10), Verdict::Close { code: UNSUPPORTED, reason: "empty frame" });
        assert_eq!(judge(&[KEEP], 10), Verdict::Close { code: UNSUPPORTED, reason: "frame with nothing in it" });
        assert_eq!(judge(&[7, 1], 10), Verdict::Close { code: UNSUPPORTED, reason: "unknown kind of frame" });
        assert_eq!(judge(&[KEEP; 11], 10), Verdict::Close { code: TOO_BIG, reason: "frame too big" });
    }

    #[test]
    fn room_ids() {
        assert!(is_room_id("abcdefghijklmnopqrstuv"));
        assert!(is_room_id(&"A-_9".repeat(16)));
        assert!(!is_room_id("short"));
        assert!(!is_room_id(&"a".repeat(65)));
        assert!(!is_room_id("abcdefghijklmnopqrstu/"));
        assert!(!is_room_id("abcdefghijklmnopqrstuü"));
    }

    proptest! {
        #[test]
        fn any_bytes_get_a_verdict(frame in proptest::collection::vec(any::<u8>(), 0..300), max in 0usize..400) {
            match judge(&frame, max) {
                Verdict::Relay { keep } => prop_assert!(frame.len() > 1 && frame.len() <= max && keep == (frame[0] == KEEP)),
                Verdict::Close { code, .. } => prop_assert!([UNSUPPORTED, TOO_BIG].contains(&code)),
            }
        }

        #[test]
        fn any_text_is_judged_as_a_room_id(id in ".{0,80}") {
            let _ = is_room_id(&id);
        }
    }
}
