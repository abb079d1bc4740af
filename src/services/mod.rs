//! Side effects, each behind a small API so components stay declarative.
pub mod effects;
pub mod platform;
pub mod storage;
pub mod worker;
