//! What the listener, its log, its metrics and its relay all use: the counters, the signing
//! settings and the log's time of day. Here, below all of them, so each imports it downward.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::http::HeaderName;

use crate::i18n::Lang;
use crate::redact::Secret;

/// How requests are signed: checked on arrival and signed again for the apps.
#[derive(Debug, Clone)]
pub struct Signatures {
    /// Accepted signing keys; empty = no verification.
    pub keys: Vec<Secret>,
    pub header: HeaderName,
    /// Oldest accepted signature time, from now (None: any).
    pub tolerance: Option<Duration>,
}

/// Counters for the summary line at shutdown and for `/metrics`.
#[derive(Debug, Default)]
pub struct Stats {
    /// Requests on the listener's port.
    pub received: AtomicU64,
    /// Verified (signature valid, or no key to check).
    pub accepted: AtomicU64,
    pub rejected: AtomicU64,
    /// Accepted but filtered out by `--events`.
    pub skipped: AtomicU64,
    /// `--store`: committed, then answered 200.
    pub stored: AtomicU64,
    /// `--store`: the commit failed, answered 503.
    pub store_failed: AtomicU64,
    /// Forwards the app answered 2xx.
    pub forwarded: AtomicU64,
    /// Forward attempts that failed or did not answer 2xx.
    pub forward_failed: AtomicU64,
    /// `--store`: events given up for good (`failed`).
    pub failed: AtomicU64,
    /// `--reconcile`: events made from stage changes no received event covered.
    pub synthesized: AtomicU64,
}

/// Stats as a test sets them: received, accepted, rejected and skipped.
#[cfg(test)]
impl Stats {
    pub(crate) fn counted(received: u64, accepted: u64, rejected: u64, skipped: u64) -> Stats {
        let stats = Stats::default();
        for (c, n) in [
            (&stats.received, received),
            (&stats.accepted, accepted),
            (&stats.rejected, rejected),
            (&stats.skipped, skipped),
        ] {
            c.store(n, Ordering::Relaxed);
        }
        stats
    }
}

fn get(c: &AtomicU64) -> u64 {
    c.load(Ordering::Relaxed)
}

impl Stats {
    /// In `lang`: English for the JSON log's `message`, the language in use for people.
    pub(crate) fn summary(&self, forwarding: bool, durable: bool, lang: Lang) -> String {
        let mut s = crate::t_in!(
            lang,
            "listen-sum-received",
            received = get(&self.received),
            accepted = get(&self.accepted)
        );
        let mut inner = Vec::new();
        if durable {
            inner.push(crate::t_in!(
                lang,
                "listen-sum-stored",
                count = get(&self.stored)
            ));
            if get(&self.store_failed) > 0 {
                inner.push(crate::t_in!(
                    lang,
                    "listen-sum-store-failed",
                    count = get(&self.store_failed)
                ));
            }
        }
        if get(&self.skipped) > 0 {
            inner.push(crate::t_in!(
                lang,
                "listen-sum-skipped",
                count = get(&self.skipped)
            ));
        }
        if !inner.is_empty() {
            s.push_str(&format!(" ({})", inner.join(", ")));
        }
        s.push_str(&crate::t_in!(
            lang,
            "listen-sum-rejected",
            count = get(&self.rejected)
        ));
        if forwarding && durable {
            s.push_str(&crate::t_in!(
                lang,
                "listen-sum-relay",
                forwarded = get(&self.forwarded),
                failed = get(&self.failed),
                attempts = get(&self.forward_failed)
            ));
        } else if forwarding {
            s.push_str(&crate::t_in!(
                lang,
                "listen-sum-forwards-failed",
                count = get(&self.forward_failed)
            ));
        }
        s
    }
}

/// Local wall-clock time for log lines.
pub(crate) fn clock() -> String {
    chrono::Local::now().format("%H:%M:%S").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_what_the_listener_did() {
        let stats = Stats::counted(3, 2, 1, 1);
        assert_eq!(
            stats.summary(false, false, Lang::En),
            "3 received, 2 accepted (1 skipped by --events), 1 rejected"
        );
        stats.stored.store(1, Ordering::Relaxed);
        stats.store_failed.store(1, Ordering::Relaxed);
        stats.forwarded.store(1, Ordering::Relaxed);
        assert_eq!(
            stats.summary(true, true, Lang::En),
            "3 received, 2 accepted (1 stored, 1 answered 503, not stored, 1 skipped by --events), \
             1 rejected; 1 forwarded, 0 failed for good, 0 forward attempts failed"
        );
    }
}
