//! Shared by the tests that read benchmark sets: the project's own copy in `tests/data` (with
//! its sources and licences in tests/data/README.md), so that a clone alone passes its tests.
//! The large sets are gzipped there (`name.gz`); either form is read by the same name.

use flate2::read::GzDecoder;
use std::io::Read;
use std::path::PathBuf;

/// The text of a set, by its path under `tests/data` (e.g. `tdoku/magictour_top1465.txt`).
pub fn text(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
    let plain = dir.join(name);
    if plain.exists() {
        return std::fs::read_to_string(&plain).unwrap_or_else(|e| panic!("{}: {e}", plain.display()));
    }
    let gz = dir.join(format!("{name}.gz"));
    let file = std::fs::File::open(&gz).unwrap_or_else(|e| panic!("{} (nor {}): {e}", gz.display(), plain.display()));
    let mut text = String::new();
    GzDecoder::new(file).read_to_string(&mut text).unwrap_or_else(|e| panic!("{}: {e}", gz.display()));
    text
}
