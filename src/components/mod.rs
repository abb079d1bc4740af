//! The visible parts of the app.
pub mod board;
