//! Tests that measure rates, timing or memory (exports under rate limits and faults, peak
//! memory, concurrency), in a binary of their own and one at a time ([`serial`]): other tests
//! running on the same two cores would skew what they measure.

#[path = "../common/mod.rs"]
mod common;

mod export;
mod pacing;

/// One measuring test at a time across this binary.
pub fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}
