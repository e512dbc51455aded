//! The clock the binary runs on: the system's. Debug builds (what `cargo test` runs; never a
//! release or `cargo install`) honour `RECRUIT_TEST_CLOCK=FILE`: the clocks run ahead by the seconds written in
//! FILE, read at each reading, so a test advances a running listener's or a sync's time by
//! writing the file instead of sleeping.

pub use recruit_client::clock::{Clock, Manual, SharedClock};

/// The clock for this process.
pub fn system() -> SharedClock {
    #[cfg(debug_assertions)]
    if let Some(path) = std::env::var_os("RECRUIT_TEST_CLOCK") {
        return std::sync::Arc::new(recruit_client::clock::Ahead(move || ahead(&path)));
    }
    recruit_client::clock::system()
}

/// The seconds in `path` (missing or unreadable: none).
#[cfg(debug_assertions)]
fn ahead(path: &std::ffi::OsStr) -> std::time::Duration {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok())
        .unwrap_or_default()
}
