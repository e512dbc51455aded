//! What the client has to tell while it works (retries, waits, warnings, `-v` lines, upload
//! progress). The client never prints: it hands each [`ClientEvent`] to the [`Observer`] its
//! front end installed ([`ClientConfig::reporter`](super::ClientConfig)), which decides how
//! (and whether) it is shown. Without one, events go nowhere, as a library should.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// One thing the client reports.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientEvent {
    /// Something the user should know, whatever the verbosity (`warning: ...` on stderr), as
    /// data: the front end words it.
    Warning(crate::msg::Msg),
    /// A `-v` line (a request, an answer, a change of pace), secrets already scrubbed. Only
    /// sent when the client is verbose.
    Verbose(String),
    /// A request is tried again after `wait`.
    Retry(Retry),
    /// Every request waits for the service's rate limit until `until` (announced once for all
    /// the workers waiting, and only when over [`super::pacer::NOTE_WAITS_OVER`]).
    QuotaWait {
        wait: Duration,
        /// When it ends (`None`: too far to tell).
        until: Option<SystemTime>,
        /// The rate-limit headers as sent (`limit=100, remaining=0, reset=30`).
        quota: String,
    },
    /// How an upload ([`super::Client::upload_file`] with `progress`) is going.
    Upload(Upload),
}

/// A retry to come.
#[derive(Debug, Clone, PartialEq)]
pub struct Retry {
    /// What went wrong: `HTTP 503`, or the network error's message.
    pub reason: String,
    pub wait: Duration,
    /// This retry's number (1 for the first) and how many are allowed.
    pub retry: u32,
    pub retries: u32,
}

impl Retry {
    /// The cause in a word: the status (`503`) or `network error`.
    pub fn cause(&self) -> &str {
        self.reason.strip_prefix("HTTP ").unwrap_or("network error")
    }
}

/// Progress of one upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upload {
    Started {
        name: String,
        size: u64,
    },
    /// `bytes` more were sent.
    Sent {
        bytes: u64,
    },
    /// The upload ended (done or failed).
    Finished,
}

/// Receives the client's events; clones of a client share one.
pub trait Observer: Send + Sync {
    fn event(&self, event: &ClientEvent);
}

impl<F: Fn(&ClientEvent) + Send + Sync> Observer for F {
    fn event(&self, event: &ClientEvent) {
        self(event)
    }
}

/// The installed observer, if any (cheap to clone; `Debug` for the config that holds it).
#[derive(Clone, Default)]
pub struct Reporter(Option<Arc<dyn Observer>>);

impl Reporter {
    pub fn new(observer: Arc<dyn Observer>) -> Reporter {
        Reporter(Some(observer))
    }

    /// Events go nowhere.
    pub fn none() -> Reporter {
        Reporter(None)
    }

    pub fn report(&self, event: ClientEvent) {
        if let Some(o) = &self.0 {
            o.event(&event);
        }
    }
}

impl std::fmt::Debug for Reporter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Reporter(installed)"
        } else {
            "Reporter(none)"
        })
    }
}
