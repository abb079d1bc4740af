//! The engine worker's messages, read and written (issue 48: the worker's size).
//!
//! `inkdoku_engine::protocol::handle` does the work; this crate only calls it and encodes its
//! replies, and is a crate of its own so that its code is compiled for size (`opt-level = "z"`,
//! the workspace's Cargo.toml) while the worker crate, and with it the engine's searches, is
//! compiled for speed. Generic code is compiled where it is instantiated, and `handle`,
//! `encode` and the hint's words are `#[inline]`: so the JSON readers and writers of every
//! message (serde's derives, monomorphized for `serde_json`) and the hint sentences of four
//! languages are made here, small, instead of in the engine at `opt-level = 3`. None of it is
//! on a search's path: a request is read once, a reply written once.

use inkdoku_engine::protocol::{self, Reply};

/// Reads a request, does the work, and returns the reply's JSON text; each progress report's
/// text goes to `progress`.
#[inline(never)]
pub fn handle(text: &str, progress: &mut dyn FnMut(String)) -> String {
    let reply = protocol::handle(text, &mut |p| progress(protocol::encode(&p)));
    protocol::encode(&reply)
}

/// The JSON text of a reply the worker sends on its own (ready, an unreadable message).
#[inline(never)]
pub fn encode(reply: &Reply) -> String {
    protocol::encode(reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkdoku_engine::generator::{Options, Symmetry};
    use inkdoku_engine::geometry::Size;
    use inkdoku_engine::protocol::{Request, Task};
    use inkdoku_engine::rating::Level;

    /// The worker's round trip as text: progress reports, then the answer, each the engine's
    /// own encoding of its reply.
    #[test]
    fn a_request_is_answered_in_text_with_its_progress_first() {
        let options = Options { size: Size::Four, level: Level::Easy, symmetry: Symmetry::None, seed: 5 };
        let text = protocol::encode(&Request { id: 3, task: Task::Generate { options } });
        let mut seen = Vec::new();
        let answer = handle(&text, &mut |p| seen.push(p));
        let mut direct = Vec::new();
        let reply = protocol::handle(&text, &mut |p| direct.push(protocol::encode(&p)));
        assert_eq!(answer, protocol::encode(&reply));
        assert_eq!(seen, direct);
        assert!(seen[0].contains(r#""kind":"progress""#), "{}", seen[0]);
        assert!(answer.contains(r#""kind":"generated""#) && answer.contains(r#""id":3"#));
        // Text that is no request is answered with an error that keeps the id it could read.
        let error = handle(r#"{"id":9,"task":{"kind":"nonsense"}}"#, &mut |_| unreachable!());
        assert!(error.contains(r#""kind":"error""#) && error.contains(r#""id":9"#), "{error}");
        assert_eq!(encode(&Reply::Ready), r#"{"kind":"ready"}"#);
    }
}
