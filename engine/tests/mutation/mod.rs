//! Shared by the fuzz tests: how a valid input is damaged.

use inkdoku_engine::random::Rng;

/// `text` with one to `at_most` edits: a byte replaced by one of `alphabet`, a byte dropped, or
/// one of `alphabet` inserted — the damage a hand, a truncation or a bad copy does.
pub fn mutate(rng: &mut Rng, text: &str, alphabet: &[u8], at_most: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(at_most) {
        let pos = if bytes.is_empty() { 0 } else { rng.below(bytes.len()) };
        match rng.below(3) {
            0 if !bytes.is_empty() => bytes[pos] = alphabet[rng.below(alphabet.len())],
            1 if !bytes.is_empty() => {
                bytes.remove(pos);
            }
            _ => bytes.insert(pos, alphabet[rng.below(alphabet.len())]),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}
