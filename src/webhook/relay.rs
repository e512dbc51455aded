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
//!
//! On a store shared by several listeners (PostgreSQL) a lane forwards only while this
//! listener holds its target's lease: [`Relay::keep_leases`] takes free or expired leases and
//! renews its own every quarter of `--lease`, each renewal giving the lane a local deadline
//! ([`Deadline`]) before which it forwards without asking the store; a lane that gains a lease
//! starts from its target's first undelivered event, one that loses one abandons its forward
//! in flight. Events other listeners stored wake nobody here, so an idle lane on a shared
//! store looks again every [`SHARED_POLL`]. `--forward-rate` paces each lane ([`Pacer`]);
//! `--retry-schedule` replaces the backoff.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::OptionFuture;
use tokio::sync::{oneshot, watch};

use super::delivery::{self, Next, Outcome, Policy, Retries, Signing, Success, Verdict};
use super::log::{Level, Log, Record};
use super::shared::Stats;
use super::store::{Event, Queue, Store};
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
/// How often an idle lane on a shared store looks for events other listeners stored.
pub(crate) const SHARED_POLL: Duration = Duration::from_millis(200);
/// `--lease`'s default.
pub(crate) const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// The relay's rules: any 2xx is delivered; failures that may pass are retried with
/// backoff (or after `schedule`'s delays, its last repeated) until `max_age`; a refusal for
/// good is tried again after [`REFUSAL_DELAYS`], then the event fails.
pub(crate) fn policy(max_age: Option<Duration>, schedule: Option<Vec<Duration>>) -> Policy {
    let retries = match schedule.filter(|s| !s.is_empty()) {
        Some(delays) => Retries::Schedule { delays, max_age },
        None => Retries::Backoff {
            first: FIRST_BACKOFF,
            max: MAX_BACKOFF,
            max_age,
        },
    };
    Policy {
        success: Success::Any2xx,
        retries,
        refusals: Some(REFUSAL_DELAYS.to_vec()),
    }
}

/// `--forward-rate`: a lane's forwards on a fixed grid of `1/rate` apart, read on the
/// relay's clock. A forward late for its slot by less than a gap (the lane was not scheduled
/// at once on a loaded machine) goes at once and keeps the grid, so jitter costs no rate; one
/// later than that (a slow app, an idle lane) starts the grid again from now, so no burst is
/// saved. Forwards never precede their slots: any second holds at most `rate + 1` of them.
#[derive(Debug)]
pub(crate) struct Pacer {
    gap: Option<Duration>,
    next: Option<std::time::Instant>,
}

impl Pacer {
    pub(crate) fn new(rate: Option<f64>) -> Pacer {
        Pacer {
            gap: rate
                .filter(|r| *r > 0.0)
                .map(|r| Duration::from_secs_f64(1.0 / r)),
            next: None,
        }
    }

    /// How long to wait, from `now`, before the next forward; its slot is taken.
    pub(crate) fn book(&mut self, now: std::time::Instant) -> Duration {
        let Some(gap) = self.gap else {
            return Duration::ZERO;
        };
        let (at, slot) = match self.next {
            Some(n) if n > now => (n, n),
            // Late by less than a gap: at once, on the grid still.
            Some(n) if n + gap > now => (now, n),
            _ => (now, now),
        };
        self.next = Some(slot + gap);
        at - now
    }
}

pub(crate) struct Relay {
    pub store: Arc<Store>,
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
    /// Events' ages, retry times, signing times and the pacing are read from it.
    pub clock: SharedClock,
    /// `--forward-rate`: forwards per second per target (None: as fast as the app answers).
    pub rate: Option<f64>,
    /// `--lease`: how long a lane's lease on a shared store lasts unless renewed.
    pub lease: Duration,
    /// Who this listener is in the leases.
    pub holder: String,
    /// The targets this listener forwards now (all of them on a file), for `/metrics`.
    pub held: Arc<Mutex<Vec<String>>>,
}

/// The fencing token of the lane's lease while this listener holds it, per target (the
/// sending side; None while another listener does), and the lane's local deadline.
type Leases = Vec<(String, watch::Sender<Option<i64>>, Arc<Deadline>)>;

/// Until when a lane's lease is surely still this listener's, on [`Clock::boot`]: the start
/// of the renewal (or of the read) that last found it held, plus what was left of the lease
/// then, less [`Relay::margin`]. The store's lease began no earlier than that start, so it
/// lasts at least `margin` past the deadline: a lane that finds its deadline ahead forwards
/// without asking the store, one that finds it passed asks first. The clock counts the time
/// the process was stopped and the machine suspended, so a listener resumed past its lease
/// finds its deadline passed, asks, and learns that the token has moved on.
///
/// [`Clock::boot`]: crate::clock::Clock::boot
#[derive(Debug, Default)]
struct Deadline(Mutex<Option<(i64, Duration)>>);

impl Deadline {
    /// The lease with `token` is held until `until` (a later deadline of the same token stays).
    fn held_until(&self, token: i64, until: Duration) {
        let mut d = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match *d {
            Some((t, u)) if t == token && u >= until => {}
            _ => *d = Some((token, until)),
        }
    }

    fn lost(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// Whether the lease with `token` is surely held at `now`.
    fn holds(&self, token: i64, now: Duration) -> bool {
        matches!(*self.0.lock().unwrap_or_else(|e| e.into_inner()), Some((t, u)) if t == token && now < u)
    }
}

/// A lane's lease on a shared store, checked before each forward: its connection, fencing
/// token and local deadline.
#[derive(Clone)]
struct Fence {
    queue: Arc<Mutex<Queue>>,
    token: i64,
    deadline: Arc<Deadline>,
}

/// Why a lane stopped working on an event.
enum Done {
    /// Delivered, failed for good, or gone from the store: on to the next one.
    Next,
    /// The listener is stopping, or told the lease was lost.
    Stopped,
    /// The lease was not confirmed before a forward (another listener took it while this
    /// one was paused, or the store did not answer): nothing was sent.
    Fenced,
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
        let mut leases = Vec::new();
        // A file's lanes are all this listener's from the start.
        let shared = relay.store.shared();
        for url in relay.targets.clone() {
            let (tx, held) = watch::channel((!shared).then_some(0));
            let deadline = Arc::new(Deadline::default());
            // The store knows a target by its stored form (a secret address by its name).
            leases.push((crate::redact::stored_target(&url), tx, deadline.clone()));
            let alive = Alive::new(&relay.alive);
            lanes.spawn(relay.clone().lane(url, held, deadline, alive));
        }
        let keeper = tokio::spawn(relay.clone().keep_leases(leases));
        tokio::spawn(relay.join(lanes, keeper))
    }

    async fn join(
        self: Arc<Self>,
        mut lanes: tokio::task::JoinSet<()>,
        keeper: tokio::task::JoinHandle<()>,
    ) {
        let relay = self;
        while let Some(joined) = lanes.join_next().await {
            if let Err(e) = joined {
                if e.is_panic() {
                    let m = crate::msg!("relay-lane-stopped", error = crate::error::cause_of(&e));
                    relay.log.write(Record::of(Level::Error, "lane_died", &m));
                }
            }
        }
        relay.writer.flush().await;
        let _ = keeper.await;
        if relay.store.shared() {
            // Every mark committed: another listener may take over at once, from the first
            // event this one did not finish.
            let holder = relay.holder.clone();
            let mut queue = None;
            if let Err(e) = relay
                .blocking(&mut queue, move |q| q.release(&holder))
                .await
            {
                relay.store_failed("", &e);
            }
        }
    }

    /// How long before its lease ends a lane stops trusting its local deadline and asks the
    /// store: more than the time from a lane's check to its request leaving, and the renewal
    /// period ([`Relay::keep_leases`]) is shorter than the lease less this, so a lane that
    /// keeps its lease never has to ask.
    fn margin(&self) -> Duration {
        self.lease / 4
    }

    /// On a shared store: take free or expired leases and renew this listener's, every
    /// quarter of `--lease` from the start of the last renewal (whatever the lanes are
    /// doing: a task of its own, on a connection of its own), telling each lane whether it
    /// is its to forward and until when it surely is ([`Deadline`]). Leases that could not
    /// be renewed for a whole `--lease` are taken as lost (another listener may have them by
    /// now). On a file: hold every lane until the listener stops.
    async fn keep_leases(self: Arc<Self>, leases: Leases) {
        let mut stop = self.stop.clone();
        if !self.store.shared() {
            let _ = stop.wait_for(|s| *s).await;
            return;
        }
        let tick = (self.lease / 4).max(Duration::from_millis(100));
        let mut queue = None;
        let mut renewed = tokio::time::Instant::now();
        while !self.stopping() {
            let asked = tokio::time::Instant::now();
            // Before the claim: the store's lease starts after this.
            let asked_boot = self.clock.boot();
            let targets: Vec<String> = self
                .targets
                .iter()
                .map(|t| crate::redact::stored_target(t))
                .collect();
            let (holder, lease) = (self.holder.clone(), self.lease);
            let held = match self
                .blocking(&mut queue, move |q| q.claim(&targets, &holder, lease))
                .await
            {
                Ok(held) => {
                    renewed = asked;
                    self.writer.health.write_ok();
                    self.writer.health.read_ok();
                    Some(held)
                }
                Err(e) => {
                    self.writer.health.write_failed(&e.message);
                    self.store_failed("", &e);
                    queue = None;
                    (asked.duration_since(renewed) >= self.lease).then(Vec::new)
                }
            };
            if let Some(held) = held {
                let until = asked_boot + self.lease.saturating_sub(self.margin());
                for (url, tx, deadline) in &leases {
                    let mine = held.iter().find(|(t, _)| t == url).map(|(_, token)| *token);
                    match mine {
                        Some(token) => deadline.held_until(token, until),
                        None => deadline.lost(),
                    }
                    tx.send_if_modified(|h| std::mem::replace(h, mine) != mine);
                }
                *self.held.lock().unwrap_or_else(|e| e.into_inner()) =
                    held.into_iter().map(|(t, _)| t).collect();
            }
            // A period from the claim's start: a slow round trip does not stretch it.
            tokio::select! {
                _ = tokio::time::sleep_until(asked + tick) => {}
                _ = stop.changed() => {}
            }
        }
    }

    /// Say that the store failed (a lane's read, a lease), naming the target if any.
    fn store_failed(&self, url: &str, e: &Error) {
        self.writer.health.saw(self.store.path(), e);
        self.writer.health.read_failed(&e.message);
        self.log.write(
            said!(
                Record::error,
                "store_failed",
                "relay-store-failed",
                url = shown_name(url),
                error = e.message.as_str()
            )
            .target(url),
        );
    }

    fn stopping(&self) -> bool {
        *self.stop.borrow()
    }

    /// Forward `url`'s events until the listener stops, while `held` says they are this
    /// listener's to forward.
    async fn lane(
        self: Arc<Self>,
        url: String,
        mut held: watch::Receiver<Option<i64>>,
        deadline: Arc<Deadline>,
        _alive: Alive,
    ) {
        let mut stop = self.stop.clone();
        let mut wake = self.wake.clone();
        let mut marks = Marks::default();
        let mut queue: Option<Arc<Mutex<Queue>>> = None;
        let pacer = Mutex::new(Pacer::new(self.rate));
        // The last event this lane finished: the next is the first pending one after it.
        let mut cursor = 0i64;
        // Events read and not yet finished, in order.
        let mut ahead: VecDeque<Event> = VecDeque::new();
        // The lease (its fencing token) the cursor and `ahead` were read under.
        let mut token = None;
        let shared = self.store.shared();
        while !self.stopping() {
            if let Some(ev) = ahead.pop_front() {
                let fence = match (shared, &queue, token) {
                    (true, Some(q), Some(t)) => Some(Fence {
                        queue: q.clone(),
                        token: t,
                        deadline: deadline.clone(),
                    }),
                    _ => None,
                };
                match self
                    .deliver(&url, &ev, &mut marks, &pacer, &held, fence)
                    .await
                {
                    Done::Next => cursor = ev.id,
                    // The listener stops, or the lease was lost (said below).
                    Done::Stopped => ahead.clear(),
                    Done::Fenced => {
                        // Not ours any more, or not known to be: read again from the first
                        // undelivered event once the lease is confirmed again.
                        ahead.clear();
                        marks.drain(&self.log).await;
                        cursor = 0;
                        tokio::select! {
                            _ = held.changed() => {}
                            _ = stop.changed() => {}
                            _ = tokio::time::sleep(SHARED_POLL) => {}
                        }
                    }
                }
                continue;
            }
            let now = *held.borrow_and_update();
            if now != token {
                // Lost, or taken again (a new token: another listener may have forwarded in
                // between): from the first undelivered event, after this lane's own outcomes
                // are committed.
                marks.drain(&self.log).await;
                cursor = 0;
                token = now;
            }
            if token.is_none() {
                tokio::select! {
                    _ = held.changed() => {}
                    _ = stop.changed() => {}
                }
                continue;
            }
            if marks.lost_one() {
                // An event forwarded but not recorded (the store failed) is still pending,
                // behind the cursor: read again from the first undelivered one (it is sent
                // again: at least once).
                marks.drain(&self.log).await;
                marks.lost_one();
                cursor = 0;
            }
            wake.mark_unchanged();
            let (target, after) = (crate::redact::stored_target(&url), cursor);
            let next = match self
                .blocking(&mut queue, move |q| q.next_for(&target, after))
                .await
            {
                Ok(next) => VecDeque::from(next),
                Err(e) => {
                    self.store_failed(&url, &e);
                    queue = None;
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = stop.changed() => {}
                    }
                    continue;
                }
            };
            self.writer.health.read_ok();
            if next.is_empty() {
                tokio::select! {
                    _ = wake.changed() => {}
                    _ = stop.changed() => {}
                    _ = held.changed() => {}
                    _ = tokio::time::sleep(SHARED_POLL), if shared => {}
                }
            }
            ahead = next;
        }
        marks.drain(&self.log).await;
    }

    /// Run `f` on this task's queue connection (opened when there is none), off the async
    /// workers.
    async fn blocking<T: Send + 'static>(
        &self,
        queue: &mut Option<Arc<Mutex<Queue>>>,
        f: impl FnOnce(&Queue) -> Result<T, Error> + Send + 'static,
    ) -> Result<T, Error> {
        let q = match queue {
            Some(q) => q.clone(),
            None => {
                let q = Arc::new(Mutex::new(self.store.queue()?));
                *queue = Some(q.clone());
                q
            }
        };
        tokio::task::spawn_blocking(move || f(&q.lock().unwrap_or_else(|e| e.into_inner())))
            .await
            .map_err(|e| {
                Error::caused(crate::ExitKind::Other, crate::msg!("store-read-stopped"), e)
            })?
    }

    /// Try one event until it is delivered, failed for good, or the listener stops. On a
    /// shared store each attempt is sent only once `fence` (the lane's lease) is confirmed.
    async fn deliver(
        &self,
        url: &str,
        ev: &Event,
        marks: &mut Marks,
        pacer: &Mutex<Pacer>,
        held: &watch::Receiver<Option<i64>>,
        fence: Option<Fence>,
    ) -> Done {
        let shared = self.store.shared();
        if shared && fence.is_none() {
            return Done::Fenced;
        }
        let token = fence.as_ref().map(|f| f.token);
        // The lease as the lane began the event: a change (lost, or taken again) stops it.
        let began = *held.borrow();
        let (fenced_tx, mut fenced) = watch::channel(false);
        // Its age, on the monotonic clock from here on: a clock step can't age it.
        let seen = self.clock.instant();
        let age_then = Duration::from_secs_f64(
            (self.clock.unix() - ev.received_unix).clamp(0.0, 100.0 * 365.0 * 86_400.0),
        );
        let what = ev.action.clone().unwrap_or_else(|| "event".into());
        let finished = Mutex::new(Vec::new());
        let mut stop = self.stop.clone();
        let mut lost = held.clone();
        let verdict = delivery::run(
            &self.policy,
            ev.attempts,
            || age_then + self.clock.instant().saturating_duration_since(seen),
            |_| {
                let wait = pacer
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .book(self.clock.instant());
                let post = self.post(url, ev);
                let confirm = fence.clone().map(|f| self.confirm(url, f));
                let again = fence.clone().map(|f| self.confirm(url, f));
                let fenced_tx = &fenced_tx;
                async move {
                    // Not sleep(0): tokio rounds a timer up to its next 1 ms tick, which
                    // capped an unpaced lane at ~700 forwards/s.
                    let slept = async {
                        if !wait.is_zero() {
                            tokio::time::sleep(wait).await;
                        }
                    };
                    // The lease is confirmed while the lane waits for its slot: the read's
                    // round trip stays off a paced lane's grid (at --forward-rate 50 it made
                    // forwards late for their slots, and the grid restart lost 7%).
                    let ((), held) = tokio::join!(slept, OptionFuture::from(confirm));
                    // Once more after the wait for the slot, which may have outlasted the
                    // deadline (or the process was stopped in it): a local check, unless
                    // the deadline has passed since.
                    let held =
                        held != Some(false) && OptionFuture::from(again).await != Some(false);
                    if !held {
                        // Stops the run (below) before anything is sent.
                        let _ = fenced_tx.send(true);
                        std::future::pending::<()>().await;
                    }
                    post.await
                }
            },
            |a| {
                let mark = self.judge(url, ev, &what, &a);
                let retry = matches!(mark, Mark::Retry { .. });
                let done =
                    self.writer
                        .mark_fenced(ev.id, &crate::redact::stored_target(url), token, mark);
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
                                let _ = check(other, &log);
                                true
                            }
                        },
                        None => true,
                    }
                }
            },
            async move {
                tokio::select! {
                    _ = stop.wait_for(|stopped| *stopped) => {}
                    _ = lost.wait_for(|held| *held != began) => {}
                    _ = fenced.wait_for(|f| *f) => {}
                }
            },
        )
        .await;
        for done in finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
            marks.push(done, &self.log).await;
        }
        match verdict {
            Verdict::Stopped if *fenced_tx.borrow() => Done::Fenced,
            Verdict::Stopped => Done::Stopped,
            Verdict::Delivered | Verdict::GaveUp(_) | Verdict::Dropped => Done::Next,
        }
    }

    /// What one attempt comes to (delivered, failed for good, or tried again later): counted
    /// in the stats, said in the log, and the mark to store for the event.
    fn judge(&self, url: &str, ev: &Event, what: &str, a: &delivery::Attempted<'_>) -> Mark {
        let say = |r: Record| {
            let r = r.event(ev.id).action(ev.action.as_deref()).target(url);
            self.log.write(r);
        };
        // The app's answer or the library's words, any address in them shown by its name: it
        // goes to the log and is stored as the event's last error.
        let error = crate::redact::hide_addresses(&a.outcome.describe()).into_owned();
        let name = shown_name(url);
        match &a.next {
            Next::Done => {
                self.stats.forwarded.fetch_add(1, Ordering::Relaxed);
                let what = crate::output::text::safe_line(what);
                say(said!(
                    Record::info,
                    "forwarded",
                    "relay-forwarded",
                    id = ev.id,
                    what = what.as_ref(),
                    url = name.as_str(),
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
                    url = name.as_str(),
                    error = error.as_str(),
                    attempt = attempt,
                    next = next.as_str()
                ));
                let next_unix = self.clock.unix() + delay.as_secs_f64();
                Mark::Retry { error, next_unix }
            }
        }
    }

    /// Whether the lane still holds its lease, just before a forward: by its local deadline
    /// while that is ahead, else asked of the store (one read), which sets the deadline
    /// again. A store that does not answer confirms nothing: said, and nothing is sent.
    async fn confirm(&self, url: &str, fence: Fence) -> bool {
        let now = self.clock.boot();
        if fence.deadline.holds(fence.token, now) {
            return true;
        }
        let asked = fence
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .confirm(
                &crate::redact::stored_target(url),
                &self.holder,
                fence.token,
            );
        let asked = asked
            .await
            .map_err(|e| {
                Error::caused(crate::ExitKind::Other, crate::msg!("store-read-stopped"), e)
            })
            .and_then(|r| r);
        match asked {
            Ok(Some(left)) => {
                let until = (now + left).saturating_sub(self.margin());
                fence.deadline.held_until(fence.token, until);
                true
            }
            Ok(None) => false,
            Err(e) => {
                self.store_failed(url, &e);
                false
            }
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

/// How a target is named in a message: its one shown name (nothing when there is none).
fn shown_name(url: &str) -> String {
    if url.is_empty() {
        String::new()
    } else {
        crate::redact::target_name(url)
    }
}

/// A lane's "delivered" marks waiting for their commit; at most [`MARKS_IN_FLIGHT`]. Whether
/// one failed since asked (the event stays pending in the store, behind the lane's cursor).
#[derive(Default)]
struct Marks(VecDeque<oneshot::Receiver<Result<bool, Error>>>, bool);

impl Marks {
    async fn push(&mut self, done: oneshot::Receiver<Result<bool, Error>>, log: &Log) {
        self.0.push_back(done);
        while self.0.len() > MARKS_IN_FLIGHT {
            if let Some(oldest) = self.0.pop_front() {
                self.1 |= check(oldest.await, log);
            }
        }
        // Collect what is already committed, so errors are reported soon.
        while let Some(front) = self.0.front_mut() {
            match front.try_recv() {
                Ok(r) => {
                    self.1 |= check(Ok(r), log);
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
            self.1 |= check(done.await, log);
        }
    }

    /// Whether an outcome failed to be recorded since the last call.
    fn lost_one(&mut self) -> bool {
        std::mem::take(&mut self.1)
    }
}

/// Say a failed mark; whether it failed.
fn check(r: Result<Result<bool, Error>, oneshot::error::RecvError>, log: &Log) -> bool {
    if let Ok(Err(e)) = r {
        log.write(said!(
            Record::error,
            "store_failed",
            "relay-outcome-not-recorded",
            error = e.message.as_str()
        ));
        return true;
    }
    false
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
    fn a_retry_schedule_repeats_its_last_delay() {
        let d = |s| Duration::from_secs(s);
        let schedule = [d(10), d(60), d(600)];
        let secs: Vec<u64> = (1..=5)
            .map(|a| Policy::scheduled(&schedule, a).as_secs())
            .collect();
        assert_eq!(secs, [10, 60, 600, 600, 600]);
        let p = policy(Some(d(3600)), Some(schedule.to_vec()));
        assert_eq!(
            p.retries,
            Retries::Schedule {
                delays: schedule.to_vec(),
                max_age: Some(d(3600))
            }
        );
    }

    #[test]
    fn the_pacer_keeps_a_grid_on_the_relays_clock_and_saves_no_burst() {
        use crate::clock::Clock;
        let clock = crate::clock::Manual::new();
        let mut p = Pacer::new(Some(50.0));
        let ms = |n| Duration::from_millis(n);
        assert_eq!(p.book(clock.instant()), ms(0));
        assert_eq!(p.book(clock.instant()), ms(20));
        clock.advance(ms(5));
        assert_eq!(
            p.book(clock.instant()),
            ms(35),
            "on the grid, not 20 ms from now"
        );
        // 1,000 forwards booked back to back span 999 gaps: 50 a second exactly.
        let mut p = Pacer::new(Some(50.0));
        let start = clock.instant();
        let mut last = Duration::ZERO;
        for _ in 0..1000 {
            last = p.book(start);
        }
        assert_eq!(last, ms(20 * 999));
        // Late by less than a gap (5 ms past its slot): at once, and the grid holds.
        let mut p = Pacer::new(Some(50.0));
        assert_eq!(p.book(clock.instant()), ms(0));
        clock.advance(ms(25));
        assert_eq!(p.book(clock.instant()), ms(0));
        assert_eq!(p.book(clock.instant()), ms(15), "the slot at 40 ms");
        // Idle for a while: the next forward goes at once, the one after a gap later.
        clock.advance(Duration::from_secs(60));
        assert_eq!(p.book(clock.instant()), ms(0));
        assert_eq!(p.book(clock.instant()), ms(20));
        assert_eq!(Pacer::new(None).book(clock.instant()), ms(0));
    }

    #[test]
    fn a_lease_deadline_holds_for_its_token_until_it_passes() {
        let d = Deadline::default();
        let s = Duration::from_secs;
        assert!(!d.holds(1, s(0)), "nothing known: ask the store");
        d.held_until(1, s(10));
        assert!(d.holds(1, s(9)));
        assert!(!d.holds(1, s(10)), "passed: ask the store");
        assert!(!d.holds(2, s(5)), "another token's lease is not this one");
        // A later answer about an older renewal does not shorten it.
        d.held_until(1, s(8));
        assert!(d.holds(1, s(9)));
        // A new token replaces it, whatever its deadline.
        d.held_until(2, s(4));
        assert!(!d.holds(1, s(3)));
        assert!(d.holds(2, s(3)));
        d.lost();
        assert!(!d.holds(2, s(3)));
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
