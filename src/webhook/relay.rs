//! Forwarding from the event store (`webhooks listen --store`): one lane per target app, each
//! forwarding its events in order of receipt, each event retried with exponential backoff
//! (1 s, doubling, at most 60 s) until the app answers 2xx, or marked failed once older than
//! `--max-age`. The lanes are independent, so an app that hangs until the forward timeout
//! holds up only its own events. The listener only stores and answers; the lanes forward, so
//! an app that is down for an hour loses nothing and the service never sees it.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{HeaderName, HeaderValue};
use tokio::sync::watch;

use super::listen::{clock, forward_target, ListenConfig, Stats};
use super::store::{Event, Store};

/// First retry delay; doubled per failed attempt up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::from_secs(1);
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// Pending events read per round.
const BATCH: usize = 500;

/// The delay after `attempts` failed attempts: 1, 2, 4, ... 60 s.
pub fn backoff(attempts: i64) -> Duration {
    let exp = attempts.saturating_sub(1).clamp(0, 16) as u32;
    FIRST_BACKOFF
        .saturating_mul(2u32.saturating_pow(exp))
        .min(MAX_BACKOFF)
}

pub struct Relay {
    pub store: Arc<Store>,
    pub cfg: Arc<ListenConfig>,
    pub client: reqwest::Client,
    pub max_age: Option<Duration>,
    /// Changed by the listener after each stored event.
    pub wake: watch::Receiver<u64>,
    pub stats: Arc<Stats>,
}

/// POST an event's bytes to an app with its Content-Type (JSON when it had none) and its
/// signature header, as the listener forwards and the relay and `events replay` resend. The
/// status, or why there was none.
pub async fn deliver(
    client: &reqwest::Client,
    url: &str,
    payload: impl Into<reqwest::Body>,
    content_type: Option<HeaderValue>,
    signature: Option<(HeaderName, HeaderValue)>,
) -> Result<u16, String> {
    let content_type = content_type.unwrap_or_else(|| HeaderValue::from_static("application/json"));
    let mut req = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, content_type)
        .body(payload);
    if let Some((name, value)) = signature {
        req = req.header(name, value);
    }
    match req.send().await {
        Ok(resp) => Ok(resp.status().as_u16()),
        Err(e) => Err(crate::redact::scrub(&super::error_chain(&e))),
    }
}

/// A stored event's headers, back as header values (they were stored from valid ones).
pub fn stored_headers(
    content_type: Option<&str>,
    signature: Option<(&str, &str)>,
) -> (Option<HeaderValue>, Option<(HeaderName, HeaderValue)>) {
    let ct = content_type.and_then(|c| HeaderValue::from_str(c).ok());
    let sig = signature.and_then(|(n, v)| {
        Some((
            HeaderName::from_bytes(n.as_bytes()).ok()?,
            HeaderValue::from_str(v).ok()?,
        ))
    });
    (ct, sig)
}

fn now_unix() -> f64 {
    chrono::Utc::now().timestamp_millis() as f64 / 1000.0
}

impl Relay {
    /// Forward until the process stops: one lane per target app.
    pub async fn run(self) {
        let mut targets: Vec<String> = self
            .cfg
            .forward
            .iter()
            .map(|(_, u)| u.to_string())
            .collect();
        targets.extend(self.cfg.forward_to.iter().map(|u| u.to_string()));
        targets.sort();
        targets.dedup();
        let relay = Arc::new(self);
        let mut lanes = tokio::task::JoinSet::new();
        for url in targets {
            lanes.spawn(relay.clone().lane(url));
        }
        while lanes.join_next().await.is_some() {}
    }

    /// Forward `url`'s events until the process stops. Store errors are reported and retried:
    /// the events are safe on disk either way.
    async fn lane(self: Arc<Self>, url: String) {
        let mut wake = self.wake.clone();
        loop {
            wake.mark_unchanged();
            let wait = match self.step(&url).await {
                Ok(Some(wait)) => wait,
                Ok(None) => continue,
                Err(e) => {
                    crate::elog!("{} warning: {}", clock(), e.message);
                    Duration::from_secs(5)
                }
            };
            tokio::select! {
                _ = wake.changed() => {}
                _ = tokio::time::sleep(wait) => {}
            }
        }
    }

    /// The oldest pending event for `url`, tried when it is due. `None` when it was tried (go
    /// again at once), else how long to wait.
    async fn step(&self, url: &str) -> Result<Option<Duration>, crate::error::Error> {
        let store = self.store.clone();
        let pending = tokio::task::spawn_blocking(move || store.pending(BATCH))
            .await
            .map_err(|e| crate::error::Error::other(e.to_string()))??;
        // An event with no target here waits for a listener that has one.
        let head = pending.into_iter().find(|ev| {
            forward_target(&self.cfg, ev.action.as_deref()).is_some_and(|u| u.as_str() == url)
        });
        let Some(ev) = head else {
            return Ok(Some(Duration::from_secs(3600)));
        };
        let now = now_unix();
        if let Some(due) = ev.next_attempt_unix.filter(|d| *d > now) {
            return Ok(Some(Duration::from_secs_f64(
                (due - now).clamp(0.0, 3600.0),
            )));
        }
        self.attempt(&ev, url).await?;
        Ok(None)
    }

    /// Try one event: delivered, retried later, or failed for good past --max-age.
    async fn attempt(&self, ev: &Event, url: &str) -> Result<(), crate::error::Error> {
        let sig = ev.signature.as_ref().map(|(n, v)| (n.as_str(), v.as_str()));
        let (content_type, sig) = stored_headers(ev.content_type.as_deref(), sig);
        let outcome = deliver(&self.client, url, ev.payload.clone(), content_type, sig).await;
        let store = self.store.clone();
        let (id, url_s) = (ev.id, url.to_string());
        let what = ev.action.clone().unwrap_or_else(|| "event".into());
        match outcome {
            Ok(status) if (200..300).contains(&status) => {
                tokio::task::spawn_blocking(move || store.mark_delivered(id, &url_s))
                    .await
                    .map_err(|e| crate::error::Error::other(e.to_string()))??;
                crate::elog!(
                    "{}   forwarded event {id} ({}) to {url}: HTTP {status}",
                    clock(),
                    crate::output::text::safe_line(&what)
                );
                Ok(())
            }
            other => {
                self.stats.forward_failed.fetch_add(1, Ordering::Relaxed);
                let error = match other {
                    Ok(status) => format!("HTTP {status}"),
                    Err(e) => e,
                };
                let attempts = ev.attempts + 1;
                let too_old = self
                    .max_age
                    .is_some_and(|age| now_unix() - ev.received_unix >= age.as_secs_f64());
                let next = (!too_old).then(|| now_unix() + backoff(attempts).as_secs_f64());
                let err = error.clone();
                tokio::task::spawn_blocking(move || {
                    store.mark_attempt_failed(id, &url_s, &err, next)
                })
                .await
                .map_err(|e| crate::error::Error::other(e.to_string()))??;
                if too_old {
                    crate::elog!(
                        "{} warning: event {id} failed for good after {attempts} attempts (older than --max-age): {error}",
                        clock()
                    );
                } else {
                    crate::elog!(
                        "{} warning: forward of event {id} to {url} failed ({error}); attempt {attempts}, next in {} s",
                        clock(),
                        backoff(attempts).as_secs()
                    );
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_one_second_up_to_a_minute() {
        let secs: Vec<u64> = (1..=9).map(|a| backoff(a).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(backoff(i64::MAX), MAX_BACKOFF);
    }
}
