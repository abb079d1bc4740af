//! # inkdoku-engine
//!
//! The puzzle engine of inkdoku, pure Rust with no web dependency: it builds and tests
//! natively, and the app runs it in a Web Worker compiled to wasm.
//!
//! ```text
//!  geometry ── sizes, cells, digits, candidate sets, houses
//!  grid ────── a grid of digits (givens, entries, solutions)
//!  format ──── puzzle text in and out (lines, .sdk, .ss, Solo IDs, SudokuPad strings)
//!  sdk_progress the player's progress in a .sdk file (comment lines other readers skip)
//!  solver ──── count and list solutions (fast 9x9 bitboards; any size; a naive reference)
//!  step ────── one logical deduction as data (technique, placements, eliminations, reasons)
//!  position ── a grid with candidates: what logical techniques work on
//!  techniques  the human techniques, one file each, each finding a `Step`; `TABLE` has a row
//!              per technique: names, family, score, finder
//!  lang ────── the engine's words in its languages: houses, and the sentence of each step
//!  rating ──── a logical solve, its hardest step, a score and a level
//!  generator ─ seeded puzzles by size, level and symmetry
//!  killer_generator seeded killer sudokus by level, graded by their variant steps
//!  book ────── premade first puzzles: a few of each size and level, read and written as lines
//!  game ────── the game reducer: state + action → state, with undo and redo
//!  together ── a board shared by several players: operations, replicas that converge
//!  variant ─── variant puzzles: givens, regions and typed constraints (killer cages, arrows…);
//!              what each forbids, how it narrows, how it is drawn; their solver
//! ```
//!
//! The modules' imports form a DAG, roughly in this order (format builds on grid, position on
//! step, lang and rating on techniques, never the reverse): `scripts/check-engine-cycles`
//! fails on an import cycle, and CI runs it.

pub mod book;
pub mod cellset;
pub mod format;
pub mod game;
pub mod generator;
pub mod geometry;
pub mod grid;
pub mod hint;
pub mod json_value;
pub mod keyed_sort;
pub mod killer_generator;
pub mod lang;
pub mod layout;
pub mod object_reader;
pub mod open;
pub mod position;
pub mod protocol;
pub mod random;
pub mod rating;
pub mod sdk_progress;
pub mod share;
pub mod solver;
pub mod step;
pub mod techniques;
pub mod together;
pub mod variant;

pub use geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
pub use grid::Grid;
