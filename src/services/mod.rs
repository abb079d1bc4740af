//! Side effects, each behind a small API so components stay declarative.
pub mod effects;
pub mod platform;
pub mod pwa;
pub mod tabs;
pub mod storage;
pub mod worker;
