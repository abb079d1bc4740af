//! The recognizer's integration tests, compiled and linked as one test binary.
//!
//! Each file of `recognizer/tests/` used to be a test binary of its own, each linking tract
//! again; here they are modules of one binary (one build and link in CI, one pool of test
//! threads). The files stay where they are, each a module by `#[path]`, and are edited as before.
//!
//! Each file is also declared in `recognizer/Cargo.toml` with `test = false`: `cargo test -p
//! inkdoku-recognizer --test hand` still builds and runs that file alone, while CI's `cargo test
//! --all-targets` builds it only here. A new test file: add its module below and a `[[test]]` with
//! `test = false` to `recognizer/Cargo.toml` (the test at the end of this file fails until both
//! are done).

#[path = "decline.rs"]
mod decline;
#[path = "fixtures.rs"]
mod fixtures;
#[path = "hand.rs"]
mod hand;
#[path = "similarity.rs"]
mod similarity;
#[path = "trajectory.rs"]
mod trajectory;

/// Every test file of `recognizer/tests/` is a module above and a `test = false` target in the
/// manifest: a file only in the manifest would never run in CI, a file only here would run twice,
/// and a file in neither would be linked as a binary of its own again.
#[test]
fn every_test_file_is_folded_in_once() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("all.rs");
    let manifest =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("recognizer/Cargo.toml");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("recognizer/tests")
        .map(|e| e.expect("a directory entry").file_name().to_string_lossy().into_owned())
        .filter_map(|f| f.strip_suffix(".rs").map(str::to_owned))
        .filter(|f| f != "all")
        .collect();
    files.sort();
    assert!(files.len() >= 5, "recognizer/tests/ holds the test files: {files:?}");
    for f in &files {
        assert!(
            this.contains(&format!("#[path = \"{f}.rs\"]\nmod {f};")),
            "recognizer/tests/{f}.rs is not folded into recognizer/tests/all.rs: add `#[path = \"{f}.rs\"] mod {f};` there"
        );
        assert!(
            manifest.contains(&format!("[[test]]\nname = \"{f}\"\ntest = false\n")),
            "recognizer/tests/{f}.rs is not declared in recognizer/Cargo.toml: add `[[test]] name = \"{f}\" test = false` there (three lines)"
        );
    }
    let folded = this.matches("#[path = \"").count();
    assert_eq!(folded, files.len(), "a module above names a file that recognizer/tests/ does not hold");
    let declared = manifest.matches("\ntest = false\n").count();
    assert_eq!(declared, files.len(), "recognizer/Cargo.toml declares a test file that recognizer/tests/ does not hold");
}
