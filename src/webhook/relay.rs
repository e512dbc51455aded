//! Forwarding from the event store (`webhooks listen --store`): one lane per target app, each
//! forwarding its own events in order of receipt.
//!
//! A lane asks the store for its next event after the last one it finished (one indexed
//! lookup, one payload in memory), so another app's backlog never hides its events and memory
//! stays bounded by what is in flight, not by what is pending. Each event is retried until
//! the app answers 2xx: connection errors, timeouts and 5xx with backoff (1 s doubling to
//! 60 s) until `--max-age`; a refusal for good (a 4xx other than 408 and 429) a few times
//! within about half a minute, then the event is `failed` with the app's answer and the lane
//! goes on. Delays are measured on the monotonic clock, so a clock step changes nothing.
//!
//! Delivery is at least once: the "delivered" marks are committed in groups behind the
//! forwards, so a `kill -9` may cost a repeat of the last few events forwarded; the
//! `X-Recruit-Event-Id` and `X-Recruit-Dedup-Key` headers let the app drop it.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{oneshot, watch};

use super::delivery::{self, Next, Outcome, Policy, Retries, Signing, Success, Verdict};
use super::log::{Log, Record};
use super::shared::Stats;
use super::store::{Event, EventStore, Reader};
use super::writer::{Mark, Writer};
use crate::clock::SharedClock;
use crate::error::Error;

/// First retry delay; doubled per failed attempt up to [`MAX_BACKOFF`].
pub(crate) const FIRST_BACKOFF: Duration = Duration::from_secs(1);
pub(crate) const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// Delays before trying again an event the app refused for good: 30 s in all, then it fails.
pub(crate) const REFUSAL_DELAYS: [Duration; 4] = [
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
    Duration::from_secs(16),
];
/// "Delivered" marks a lane may have waiting for their commit while it forwards on.
const MARKS_IN_FLIGHT: usize = 64;

/// The relay's rules: any 2xx is delivered; failures that may pass are retried with
/// backoff until `max_age`; a refusal for good is tried again after [`REFUSAL_DELAYS`], then
/// the event fails.
pub(crate) fn policy(max_age: Option<Duration>) -> Policy {
    Policy {
        success: Success::Any2xx,
        retries: Retries::Backoff {
            first: FIRST_BACKOFF,
            max: MAX_BACKOFF,
            max_age,
        },
        refusals: Some(REFUSAL_DELAYS.to_vec()),
    }
}

pub(crate) struct Relay {
    pub store: Arc<EventStore>,
    pub writer: Writer,
    /// The lanes' target apps.
    pub targets: Vec<String>,
    /// Sign forwards afresh with the listener's keys and header.
    pub resign: Option<super::shared::Signatures>,
    pub client: reqwest::Client,
    /// Writes the messages of chat targets (`slack+https://...`).
    pub chat: Arc<super::chat::Chat>,
    pub policy: Policy,
    /// Changed by the listener after each stored event.
    pub wake: watch::Receiver<u64>,
    /// Becomes true when the listener stops.
    pub stop: watch::Receiver<bool>,
    pub stats: Arc<Stats>,
    pub log: Log,
    /// Lanes running now (for `/healthz`).
    pub alive: Arc<AtomicUsize>,
    /// Events' ages, retry times and signing times are read from it.
    pub clock: SharedClock,
}

/// Why a lane stopped working on an event.
enum Done {
    /// Delivered, failed for good, or gone from the store: on to the next one.
    Next,
    /// The listener is stopping.
    Stopped,
}

/// Counts a lane as alive while it runs.
struct Alive(Arc<AtomicUsize>);

impl Alive {
    fn new(n: &Arc<AtomicUsize>) -> Alive {
        n.fetch_add(1, Ordering::SeqCst);
        Alive(n.clone())
    }
}

impl Drop for Alive {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Relay {
    /// Start one lane per target app, counted alive from here (so `/healthz` never sees them
    /// missing at start); forward until the listener stops. The task ends when every lane has
    /// finished or abandoned its forward in flight and its marks are committed.
    pub(crate) fn start(self) -> tokio::task::JoinHandle<()> {
        let relay = Arc::new(self);
        let mut lanes = tokio::task::JoinSet::new();
        for url in relay.targets.clone() {
            let alive = Alive::new(&relay.alive);
            lanes.spawn(relay.clone().lane(url, alive));
        }
        tokio::spawn(relay.join(lanes))
    }

    async fn join(self: Arc<Self>, mut lanes: tokio::task::JoinSet<()>) {
        let relay = self;
        while let Some(joined) = lanes.join_next().await {
            if let Err(e) = joined {
                if e.is_panic() {
                    relay.log.write(said!(
                        Record::error,
                        "lane_died",
                        "relay-lane-stopped",
                        error = e.to_string()
                    ));
                }
            }
        }
        relay.writer.flush().await;
    }

    fn stopping(&self) -> bool {
        *self.stop.borrow()
    }

    /// Forward `url`'s events until the listener stops.
    async fn lane(self: Arc<Self>, url: String, _alive: Alive) {
        let mut stop = self.stop.clone();
        let mut wake = self.wake.clone();
        let mut marks = Marks::default();
        let mut reader: Option<Arc<Mutex<Reader>>> = None;
        // The last event this lane finished: the next is the first pending one after it.
        let mut cursor = 0i64;
        while !self.stopping() {
            wake.mark_unchanged();
            let next = match self.next(&mut reader, &url, cursor).await {
                Ok(next) => next,
                Err(e) => {
                    self.writer.health.saw(&self.store.path, &e);
                    self.writer.health.read_failed(&e.message);
                    self.log.write(
                        said!(
                            Record::error,
                            "store_failed",
                            "relay-store-failed",
                            url = url.as_str(),
                            error = e.message.as_str()
                        )
                        .target(&url),
                    );
                    reader = None;
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = stop.changed() => {}
                    }
                    continue;
                }
            };
            self.writer.health.read_ok();
            let Some(ev) = next else {
                tokio::select! {
                    _ = wake.changed() => {}
                    _ = stop.changed() => {}
                }
                continue;
            };
            match self.deliver(&url, &ev, &mut marks).await {
                Done::Next => cursor = ev.id,
                Done::Stopped => break,
            }
        }
        marks.drain(&self.log).await;
    }

    /// The lane's next event, read off the async workers.
    async fn next(
        &self,
        reader: &mut Option<Arc<Mutex<Reader>>>,
        url: &str,
        cursor: i64,
    ) -> Result<Option<Event>, Error> {
        let r = match reader {
            Some(r) => r.clone(),
            None => {
                let r = Arc::new(Mutex::new(self.store.reader()?));
                *reader = Some(r.clone());
                r
            }
        };
        let url = url.to_string();
        tokio::task::spawn_blocking(move || {
            r.lock()
                .unwrap_or_else(|e| e.into_inner())
                .next_for(&url, cursor)
        })
        .await
        .map_err(|e| Error::caused(crate::ExitKind::Other, crate::t!("store-read-stopped"), e))?
    }

    /// Try one event until it is delivered, failed for good, or the listener stops.
    async fn deliver(&self, url: &str, ev: &Event, marks: &mut Marks) -> Done {
        // Its age, on the monotonic clock from here on: a clock step can't age it.
        let seen = self.clock.instant();
        let age_then = Duration::from_secs_f64(
            (self.clock.unix() - ev.received_unix).clamp(0.0, 100.0 * 365.0 * 86_400.0),
        );
        let what = ev.action.clone().unwrap_or_else(|| "event".into());
        let say = |r: Record| {
            let r = r.event(ev.id).action(ev.action.as_deref()).target(url);
            self.log.write(r);
        };
        let finished = Mutex::new(Vec::new());
        let mut stop = self.stop.clone();
        let verdict = delivery::run(
            &self.policy,
            ev.attempts,
            || age_then + self.clock.instant().saturating_duration_since(seen),
            |_| self.post(url, ev),
            |a| {
                let error = a.outcome.describe();
                let mark = match &a.next {
                    Next::Done => {
                        self.stats.forwarded.fetch_add(1, Ordering::Relaxed);
                        let what = crate::output::text::safe_line(&what);
                        say(said!(
                            Record::info,
                            "forwarded",
                            "relay-forwarded",
                            id = ev.id,
                            what = what.as_ref(),
                            url = url,
                            outcome = error.as_str()
                        ));
                        Mark::Delivered
                    }
                    Next::GiveUp(why) => {
                        self.stats.forward_failed.fetch_add(1, Ordering::Relaxed);
                        self.stats.failed.fetch_add(1, Ordering::Relaxed);
                        let id = ev.id;
                        // The why in each audience's words: English in the log, the reader's on screen.
                        let en = crate::t_in!(
                            crate::i18n::Lang::En,
                            "relay-failed",
                            id = id,
                            why = why.for_programs(),
                            error = error.as_str()
                        );
                        let people = crate::t!(
                            "relay-failed",
                            id = id,
                            why = why.said(),
                            error = error.as_str()
                        );
                        say(Record::warn("failed", en).for_people(people));
                        Mark::GiveUp { error }
                    }
                    Next::RetryIn(delay) => {
                        self.stats.forward_failed.fetch_add(1, Ordering::Relaxed);
                        let next = crate::output::text::human_duration(delay.as_secs().max(1));
                        let (id, attempt) = (ev.id, a.attempts);
                        say(said!(
                            Record::warn,
                            "retry",
                            "relay-retry",
                            id = id,
                            url = url,
                            error = error.as_str(),
                            attempt = attempt,
                            next = next.as_str()
                        ));
                        let next_unix = self.clock.unix() + delay.as_secs_f64();
                        Mark::Retry { error, next_unix }
                    }
                };
                let retry = matches!(mark, Mark::Retry { .. });
                let done = self.writer.mark(ev.id, url, mark);
                let log = self.log.clone();
                // The final mark is committed behind the next forwards; a retry's is awaited
                // (the lane waits anyway), and an event deleted under the lane
                // (`events prune --include-pending`) is dropped.
                let pending = if retry {
                    Some(done)
                } else {
                    finished
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(done);
                    None
                };
                async move {
                    match pending {
                        Some(done) => match done.await {
                            Ok(Ok(still_there)) => still_there,
                            other => {
                                check(other, &log);
                                true
                            }
                        },
                        None => true,
                    }
                }
            },
            async move {
                let _ = stop.wait_for(|stopped| *stopped).await;
            },
        )
        .await;
        for done in finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
            marks.push(done, &self.log).await;
        }
        match verdict {
            Verdict::Stopped => Done::Stopped,
            Verdict::Delivered | Verdict::GaveUp(_) | Verdict::Dropped => Done::Next,
        }
    }

    async fn post(&self, url: &str, ev: &Event) -> Outcome {
        // A chat target gets a message made from the event: unsigned, no X-Recruit-* headers.
        if let Some((format, chat_url)) = super::chat::Destination::chat_target(url) {
            return self.chat.post(format, chat_url, &ev.payload).await;
        }
        let received = ev.signature.as_ref().map(|(n, v)| (n.as_str(), v.as_str()));
        let signing = match &self.resign {
            Some(r) => Signing::Fresh {
                header: &r.header,
                keys: &r.keys,
                original: received.map(|(_, v)| v),
                at: self.clock.unix_secs(),
            },
            None => Signing::AsReceived(received),
        };
        delivery::post(
            &self.client,
            url,
            delivery::Request {
                payload: &ev.payload,
                content_type: ev.content_type.as_deref(),
                signing,
                event_id: Some(ev.id),
                dedup_key: true,
            },
        )
        .await
    }
}

/// A lane's "delivered" marks waiting for their commit; at most [`MARKS_IN_FLIGHT`].
#[derive(Default)]
struct Marks(VecDeque<oneshot::Receiver<Result<bool, Error>>>);

impl Marks {
    async fn push(&mut self, done: oneshot::Receiver<Result<bool, Error>>, log: &Log) {
        self.0.push_back(done);
        while self.0.len() > MARKS_IN_FLIGHT {
            if let Some(oldest) = self.0.pop_front() {
                check(oldest.await, log);
            }
        }
        // Collect what is already committed, so errors are reported soon.
        while let Some(front) = self.0.front_mut() {
            match front.try_recv() {
                Ok(r) => {
                    check(Ok(r), log);
                    self.0.pop_front();
                }
                Err(oneshot::error::TryRecvError::Empty) => break,
                Err(oneshot::error::TryRecvError::Closed) => {
                    self.0.pop_front();
                }
            }
        }
    }

    async fn drain(&mut self, log: &Log) {
        while let Some(done) = self.0.pop_front() {
            check(done.await, log);
        }
    }
}

fn check(r: Result<Result<bool, Error>, oneshot::error::RecvError>, log: &Log) {
    if let Ok(Err(e)) = r {
        log.write(said!(
            Record::error,
            "store_failed",
            "relay-outcome-not-recorded",
            error = e.message.as_str()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_one_second_up_to_a_minute() {
        let backoff = |a| Policy::backoff(FIRST_BACKOFF, MAX_BACKOFF, a);
        let secs: Vec<u64> = (1..=9).map(|a| backoff(a).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(backoff(i64::MAX), MAX_BACKOFF);
    }

    #[test]
    fn refusals_are_given_up_within_about_half_a_minute() {
        let total: Duration = REFUSAL_DELAYS.iter().sum();
        assert!(
            (Duration::from_secs(20)..=Duration::from_secs(40)).contains(&total),
            "{total:?}"
        );
    }
}
