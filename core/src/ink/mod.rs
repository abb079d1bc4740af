//! The pen on the board, in plain Rust: pointer positions to grid coordinates through what the
//! board shows (`geometry`), which pointer draws and which contacts are a palm (`pointers`, on
//! the Clock port's time), and where the correction chip sits (`chip`). The app's `ink` module
//! runs the pen's flow over the store with these.

pub mod chip;
pub mod geometry;
pub mod pointers;
