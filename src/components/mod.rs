//! The visible parts of the app: views over the store that call the controller and the pen.
pub mod board;
pub mod chain;
pub mod chip;
pub mod constraints;
pub mod controls;
pub mod dialogs;
pub mod ink;
pub mod parts;
pub mod print;
pub mod status;
pub mod together;
pub mod win;
pub mod zoom;
