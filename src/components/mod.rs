//! The visible parts of the app.
pub mod board;
pub mod chain;
pub mod controls;
pub mod dialogs;
pub mod print;
pub mod status;
pub mod together;
pub mod win;
pub mod zoom;
