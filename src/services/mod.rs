//! Side effects, each behind a small API so components stay declarative.
pub mod effects;
pub mod focus;
pub mod idb;
pub mod platform;
pub mod pwa;
pub mod room;
pub mod storage;
pub mod tabs;
pub mod worker;
