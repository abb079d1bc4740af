//! The engine's integration tests, compiled and linked as one test binary.
//!
//! Each file of `engine/tests/` used to be a test binary of its own: each linked the engine and
//! its dependencies again at the dev profile's opt-level 2, 15 links of about the same work on
//! CI's two cores. Here they are modules of one binary, so CI builds and links once, and their
//! tests share one pool of test threads (the long ones, the hint walks and one million fuzzed
//! links, no longer wait for each other binary by binary). The files stay where they are, each
//! a module by `#[path]`, so they are edited as before.
//!
//! Each file is also declared in `engine/Cargo.toml` with `test = false`: `cargo test --test
//! hint_walk` still builds and runs that file alone, while CI's `cargo test --all-targets`
//! builds it only here. A new test file: add its module below and a `[[test]]` with
//! `test = false` to `engine/Cargo.toml` (the test at the end of this file fails until both are done).

// The helper modules (`sets`, `variant_set`, `mutation`, `random_variants`) are declared by each
// file that uses them, so that each file still builds alone (`--test NAME`); here that loads
// them once per such file, which is what the separate binaries compiled too.
#![allow(clippy::duplicate_mod)]

#[path = "book.rs"]
mod book;
#[path = "compat_before_pencil.rs"]
mod compat_before_pencil;
#[path = "compiled_variant.rs"]
mod compiled_variant;
#[path = "formats.rs"]
mod formats;
#[path = "fuzz_links.rs"]
mod fuzz_links;
#[path = "fuzz_saves.rs"]
mod fuzz_saves;
#[path = "hint_walk.rs"]
mod hint_walk;
#[path = "jigsaw_hints.rs"]
mod jigsaw_hints;
#[path = "killer_generator.rs"]
mod killer_generator;
#[path = "reglib.rs"]
mod reglib;
#[path = "solvers.rs"]
mod solvers;
#[path = "soundness.rs"]
mod soundness;
#[path = "variant_hints.rs"]
mod variant_hints;
#[path = "variant_links.rs"]
mod variant_links;
#[path = "variants.rs"]
mod variants;

/// Every test file of `engine/tests/` is a module above and a `test = false` target in the
/// manifest: a file only in the manifest would never run in CI, a file only here would run twice,
/// and a file in neither would be linked as a binary of its own again.
#[test]
fn every_test_file_is_folded_in_once() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("all.rs");
    let manifest = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("engine/Cargo.toml");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("engine/tests")
        .map(|e| e.expect("a directory entry").file_name().to_string_lossy().into_owned())
        .filter_map(|f| f.strip_suffix(".rs").map(str::to_owned))
        .filter(|f| f != "all")
        .collect();
    files.sort();
    assert!(files.len() >= 15, "engine/tests/ holds the test files: {files:?}");
    for f in &files {
        assert!(
            this.contains(&format!("#[path = \"{f}.rs\"]\nmod {f};")),
            "engine/tests/{f}.rs is not folded into engine/tests/all.rs: add `#[path = \"{f}.rs\"] mod {f};` there"
        );
        assert!(
            manifest.contains(&format!("[[test]]\nname = \"{f}\"\ntest = false\n")),
            "engine/tests/{f}.rs is not declared in engine/Cargo.toml: add `[[test]] name = \"{f}\" test = false` there (three lines)"
        );
    }
    let folded = this.matches("#[path = \"").count();
    assert_eq!(folded, files.len(), "a module above names a file that engine/tests/ does not hold");
    let declared = manifest.matches("\ntest = false\n").count();
    assert_eq!(declared, files.len(), "engine/Cargo.toml declares a test file that engine/tests/ does not hold");
}
