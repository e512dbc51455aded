//! The local receiver behind `recruit webhooks listen`: an axum server that answers POST on
//! any path, verifies signatures, prints events and relays them to local apps, and with
//! `--store` keeps each event in the event store before its 200 (the relay forwards from
//! there). With `--metrics-addr` it also serves `/healthz` and `/metrics` on another port.

use std::future::Future;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderName, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};

use super::chat::{Chat, Destination};
use super::delivery::{self, Signing};
use super::log::{Level, Log, Record};
use super::shared::clock;
pub use super::shared::{Signatures, Stats};
use super::signature::{self, Malformed, Rejection};
use super::store::{NewEvent, Queue, Store};
use super::writer::Writer;
use crate::clock::SharedClock;
use crate::error::{Error, ExitKind};
use crate::output::Format;

/// Largest body accepted; larger ones get 413.
pub(crate) const MAX_BODY: usize = 1024 * 1024;

/// Default port of the listener.
pub(crate) const DEFAULT_PORT: u16 = 4242;

#[derive(Debug, Clone)]
pub struct ListenConfig {
    pub addr: SocketAddr,
    pub signatures: Signatures,
    /// Only these actions are printed and forwarded (None = all).
    pub events: Option<Vec<String>>,
    pub forward_to: Option<Destination>,
    /// Per-action forward targets (`--forward ACTION=URL`, repeatable for one action): an
    /// action with any goes to each of them, every other to `forward_to`.
    pub forward: Vec<(String, Destination)>,
    /// How chat destinations (`FORMAT+URL`) are written to.
    pub chat: super::chat::Options,
    /// How events are printed: as they came (json), one compact line each (ndjson), or a
    /// line for people (table; csv too: events have no columns).
    pub format: Format,
    /// Timeout of one forward request.
    pub forward_timeout: Duration,
    /// Trusted authorities for an https app (`--ca-cert`).
    pub net: crate::api::NetSettings,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout: Duration,
    /// `--store`: events are committed here before the 200 and forwarded from it.
    pub durable: Option<Durable>,
    /// `--metrics-addr`: where `/healthz` and `/metrics` are served.
    pub metrics_addr: Option<SocketAddr>,
    /// What "now" is: signatures' age, events' receipt, retry times, the metrics' ages.
    pub clock: SharedClock,
    /// `--reconcile` (with `--store`): walk the candidate list for changes the service gave
    /// up on.
    pub reconcile: Option<super::reconcile::Reconcile>,
}

impl ListenConfig {
    /// Every app events are forwarded to, each once.
    pub(crate) fn targets(&self) -> Vec<String> {
        let mut targets: Vec<String> = self.forward.iter().map(|(_, d)| d.target()).collect();
        targets.extend(self.forward_to.iter().map(Destination::target));
        targets.sort();
        targets.dedup();
        targets
    }
}

/// The durable relay's settings (`--store`, `--max-age`).
#[derive(Clone)]
pub struct Durable {
    pub store: Arc<Store>,
    /// Stop the listener (exit 1) once the store has been failing this long, so a supervisor
    /// restarts it and someone notices.
    pub fail_after: Duration,
    /// When the relay tries an event again, and when it gives up (`--max-age` is in it).
    pub policy: super::delivery::Policy,
    /// `--forward-rate`: forwards per second per target.
    pub rate: Option<f64>,
    /// `--lease`: how long a lane stays this listener's on a shared store unless renewed.
    pub lease: Duration,
}

impl std::fmt::Debug for Durable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Durable")
            .field("store", &self.store.shown())
            .field("fail_after", &self.fail_after)
            .finish()
    }
}

/// Where the listener writes: events on `stdout`, its log on `stderr`.
pub struct ListenIo {
    pub stdout: Box<dyn Write + Send>,
    pub log: Log,
}

/// How a listener ended.
pub struct Ended {
    pub stats: Arc<Stats>,
    /// Set when it stopped on its own because the store kept failing.
    pub fatal: Option<Error>,
}

struct Shared {
    cfg: ListenConfig,
    client: reqwest::Client,
    chat: Arc<Chat>,
    stats: Arc<Stats>,
    log: Log,
    printer: Printer,
    /// The access log: an event holding a personal value is logged (`via: "listen"`) before
    /// it is printed or stored.
    audit: crate::audit::Stream,
    /// `--store`: the writer of the event store.
    writer: Option<Writer>,
    /// Counts stored events, waking the relay's lanes (a watch never misses a change).
    wake: watch::Sender<u64>,
    /// Relay lanes running, and how many there should be.
    lanes_alive: Arc<AtomicUsize>,
    lanes: usize,
    /// A connection for `/metrics`' pending counts.
    metrics_reader: Mutex<Option<Arc<Mutex<Queue>>>>,
    /// The targets this listener forwards now (its leases on a shared store).
    held: Arc<Mutex<Vec<String>>>,
    /// Who this listener is in the leases (and in `/metrics`).
    holder: String,
}

/// Bind, announce the address on stderr, and serve until `shutdown` resolves (or, with a
/// store, until the store has failed for `fail_after`). Nothing is logged in the access log
/// (library use); the command's listener is [`run_logged`].
pub async fn run(
    cfg: ListenConfig,
    io: ListenIo,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<Ended, Error> {
    let off = crate::audit::Stream::new(None, recruit_audit::Via::Listen);
    run_logged(cfg, io, off, shutdown).await
}

/// [`run`], each printed event holding a personal value logged in `audit` first.
pub(crate) async fn run_logged(
    cfg: ListenConfig,
    io: ListenIo,
    audit: crate::audit::Stream,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<Ended, Error> {
    // The client's and the store's messages in this front end's words, however it was started.
    crate::i18n::install();
    let (listener, addr, metrics) = bind(&cfg).await?;
    let log = io.log;

    let common = Common::new(&cfg, &log)?;
    let (stop_tx, stop) = watch::channel(false);
    let (wake, woken) = watch::channel(0u64);
    let targets = cfg.targets();
    let (relay_lanes, writer_thread, rerouted) = match &cfg.durable {
        Some(d) => {
            let (relay, thread, rerouted) =
                open_relay(&cfg, d, &targets, &common, woken, stop.clone())?;
            (Some(relay), Some(thread), rerouted)
        }
        None => (None, None, 0),
    };
    let writer = relay_lanes.as_ref().map(|r| r.writer.clone());
    // First line on stderr, always: scripts and tests read the port from it. So the relay's
    // lanes start after it: a stored backlog's first failed forward must not come first.
    log.write(said!(
        Record::info,
        "listening",
        "listen-listening",
        addr = addr.to_string()
    ));
    let relay = relay_lanes.map(|r| r.start());
    describe(
        &cfg,
        addr,
        metrics.as_ref().and_then(|m| m.local_addr().ok()),
        &log,
    );
    if rerouted > 0 {
        log.write(said!(
            Record::info,
            "rerouted",
            "listen-rerouted",
            count = rerouted
        ));
    }
    let idle = idle_limit(&cfg, &targets);
    let (printer, printed) = Printer::start(io.stdout, log.clone());
    let fatal: Arc<Mutex<Option<Error>>> = Arc::default();
    let watchdog = cfg.durable.as_ref().zip(writer.as_ref()).map(|(d, w)| {
        watch_store(
            w.clone(),
            d.fail_after,
            d.store.shown(),
            fatal.clone(),
            log.clone(),
        )
    });
    let shared = Arc::new(Shared {
        lanes: if cfg.durable.is_some() {
            targets.len()
        } else {
            0
        },
        cfg,
        client: common.client,
        chat: common.chat,
        stats: common.stats.clone(),
        log: log.clone(),
        printer,
        audit,
        writer,
        wake,
        lanes_alive: common.lanes_alive,
        metrics_reader: Mutex::new(None),
        held: common.held,
        holder: common.holder,
    });
    let listener =
        super::guard::GuardedListener::new(listener, super::guard::MAX_CONNECTIONS, idle);
    let walker = walker(&shared).map(super::reconcile::Walker::start);
    let served = serve(shared.clone(), listener, metrics, stop, shutdown, watchdog).await;
    if let Some(w) = walker {
        // A walk's transaction, once begun, finishes on its own thread.
        w.abort();
    }
    wind_down(stop_tx, relay, shared, printed, writer_thread).await;
    served.map_err(|e| Error::caused(ExitKind::Other, crate::msg!("listen-task-stopped"), e))?;
    let fatal = fatal.lock().unwrap_or_else(|e| e.into_inner()).take();
    Ok(Ended {
        stats: common.stats,
        fatal,
    })
}

/// `--reconcile`'s walker, sharing the store, the lanes' wake-up and the counters.
fn walker(st: &Arc<Shared>) -> Option<super::reconcile::Walker> {
    let (reconcile, durable) = st.cfg.reconcile.clone().zip(st.cfg.durable.as_ref())?;
    let mut routes = std::collections::HashMap::new();
    for action in ["candidate_stage_changed", "candidate_pass"] {
        if let Some(wanted) = &st.cfg.events {
            if !wanted.iter().any(|w| w == action) {
                continue;
            }
        }
        let targets: Vec<Option<String>> = match forward_targets(&st.cfg, Some(action)) {
            t if t.is_empty() => vec![None],
            t => t.into_iter().map(|d| Some(d.target())).collect(),
        };
        routes.insert(action, targets);
    }
    let woken = st.clone();
    Some(super::reconcile::Walker {
        store: durable.store.clone(),
        reconcile,
        routes,
        stats: st.stats.clone(),
        log: st.log.clone(),
        clock: st.cfg.clock.clone(),
        holder: st.holder.clone(),
        lease: durable.lease,
        wake: Arc::new(move || woken.wake.send_modify(|n| *n += 1)),
    })
}

/// What the listener and the relay's lanes both hold.
struct Common {
    client: reqwest::Client,
    chat: Arc<Chat>,
    stats: Arc<Stats>,
    log: Log,
    lanes_alive: Arc<AtomicUsize>,
    holder: String,
    held: Arc<Mutex<Vec<String>>>,
}

impl Common {
    /// The clients forwards are posted with, and a listener's fresh counters and identity.
    fn new(cfg: &ListenConfig, log: &Log) -> Result<Common, Error> {
        // Forward targets are local apps: a proxy from the environment must not catch them.
        let agent = delivery::user_agent("webhooks listen");
        Ok(Common {
            client: delivery::client(&cfg.net, false, cfg.forward_timeout, agent)?,
            chat: Arc::new(Chat::new(
                cfg.chat.clone(),
                &cfg.net,
                cfg.forward_timeout,
                "webhooks listen",
            )?),
            stats: Arc::new(Stats::default()),
            log: log.clone(),
            lanes_alive: Arc::new(AtomicUsize::new(0)),
            holder: holder_id(),
            held: Arc::new(Mutex::new(Vec::new())),
        })
    }
}

/// With a store: its events moved to the current targets, its writer of marks started, and
/// the relay's lanes made (started once the address is out). Returns the relay, the writer's
/// thread, and how many events were rerouted.
fn open_relay(
    cfg: &ListenConfig,
    d: &Durable,
    targets: &[String],
    common: &Common,
    wake: watch::Receiver<u64>,
    stop: watch::Receiver<bool>,
) -> Result<(super::relay::Relay, std::thread::JoinHandle<()>, usize), Error> {
    let rerouted = reroute(cfg, d, targets)?;
    let (writer, thread) = d.store.writer(cfg.clock.clone())?;
    let resign = (!cfg.signatures.keys.is_empty()).then(|| cfg.signatures.clone());
    let relay = super::relay::Relay {
        store: d.store.clone(),
        writer,
        targets: targets.to_vec(),
        resign,
        client: common.client.clone(),
        chat: common.chat.clone(),
        policy: d.policy.clone(),
        wake,
        stop,
        stats: common.stats.clone(),
        log: common.log.clone(),
        alive: common.lanes_alive.clone(),
        clock: cfg.clock.clone(),
        rate: d.rate,
        lease: d.lease,
        holder: common.holder.clone(),
        held: common.held.clone(),
    };
    if !d.store.shared() {
        *common.held.lock().unwrap_or_else(|e| e.into_inner()) = targets
            .iter()
            .map(|t| crate::redact::stored_target(t))
            .collect();
    }
    Ok((relay, thread, rerouted))
}

/// Once serving has stopped: the lanes finish or abandon their forward in flight, their marks
/// are committed, and the printer and the writer's thread end.
async fn wind_down(
    stop_tx: watch::Sender<bool>,
    relay: Option<tokio::task::JoinHandle<()>>,
    shared: Arc<Shared>,
    printed: tokio::task::JoinHandle<()>,
    writer_thread: Option<std::thread::JoinHandle<()>>,
) {
    let _ = stop_tx.send(true);
    if let Some(relay) = relay {
        let _ = relay.await;
    }
    if let Some(w) = &shared.writer {
        w.flush().await;
    }
    drop(shared);
    // A stdout nobody reads (a full pipe) must not keep the process from stopping.
    let _ = tokio::time::timeout(Duration::from_secs(2), printed).await;
    if let Some(thread) = writer_thread {
        // The thread ends once every writer handle is gone (the relay's and the listener's).
        let _ = tokio::task::spawn_blocking(move || thread.join()).await;
    }
}

/// The listener's port, its address, and the metrics' port when asked for.
async fn bind(
    cfg: &ListenConfig,
) -> Result<
    (
        tokio::net::TcpListener,
        SocketAddr,
        Option<tokio::net::TcpListener>,
    ),
    Error,
> {
    let listener = tokio::net::TcpListener::bind(cfg.addr).await.map_err(|e| {
        Error::caused(
            ExitKind::Other,
            crate::msg!("listen-cannot-bind", addr = cfg.addr.to_string()),
            e,
        )
    })?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("listen-no-bound-address"), e))?;
    let metrics = match cfg.metrics_addr {
        Some(m) => Some(bind_metrics(m, addr).await?),
        None => None,
    };
    Ok((listener, addr, metrics))
}

/// Send stored events of changed routes to their new targets; how many moved.
fn reroute(cfg: &ListenConfig, d: &Durable, targets: &[String]) -> Result<usize, Error> {
    if targets.is_empty() {
        return Ok(0);
    }
    let routes: Vec<(String, String)> = cfg
        .forward
        .iter()
        .map(|(a, d)| (a.clone(), crate::redact::stored_target(&d.target())))
        .collect();
    let default = cfg
        .forward_to
        .as_ref()
        .map(|d| crate::redact::stored_target(&d.target()));
    d.store.reroute(&routes, default.as_deref())
}

/// How long a connection may stay silent: never shorter than a forward can take, since the
/// connection waits on it without reading (with --store nothing waits on the app).
fn idle_limit(cfg: &ListenConfig, targets: &[String]) -> Duration {
    let forwards = cfg.durable.is_none() && !targets.is_empty();
    if forwards {
        cfg.idle_timeout
            .max(cfg.forward_timeout + Duration::from_secs(5))
    } else {
        cfg.idle_timeout
    }
}

/// Serve the metrics (when asked for) and the listener until `shutdown` resolves or the
/// store's watchdog stops it.
async fn serve(
    shared: Arc<Shared>,
    listener: super::guard::GuardedListener,
    metrics: Option<tokio::net::TcpListener>,
    stop: watch::Receiver<bool>,
    shutdown: impl Future<Output = ()> + Send + 'static,
    watchdog: Option<tokio::task::JoinHandle<()>>,
) -> std::io::Result<()> {
    if let Some(m) = metrics {
        let app = axum::Router::new()
            .route("/healthz", axum::routing::get(healthz))
            .route("/metrics", axum::routing::get(metrics_text))
            .with_state(shared.clone());
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _ = axum::serve(m, app)
                .with_graceful_shutdown(async move {
                    let _ = stop.wait_for(|s| *s).await;
                })
                .await;
        });
    }
    let app = axum::Router::new()
        .fallback(handle)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared);
    let watchdog_abort = watchdog.as_ref().map(|w| w.abort_handle());
    let stopped_by_store = async move {
        match watchdog {
            Some(w) => {
                let _ = w.await;
            }
            None => std::future::pending::<()>().await,
        }
    };
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            tokio::select! {
                _ = shutdown => {}
                _ = stopped_by_store => {}
            }
        })
        .await;
    if let Some(w) = &watchdog_abort {
        w.abort();
    }
    served
}

async fn bind_metrics(
    m: SocketAddr,
    listener: SocketAddr,
) -> Result<tokio::net::TcpListener, Error> {
    if m.port() != 0
        && m.port() == listener.port()
        && (m.ip() == listener.ip() || m.ip().is_unspecified())
    {
        return Err(Error::usage(crate::msg!(
            "listen-metrics-own-port",
            addr = m.to_string()
        )));
    }
    tokio::net::TcpListener::bind(m).await.map_err(|e| {
        Error::caused(
            ExitKind::Usage,
            crate::msg!("listen-metrics-cannot-serve", addr = m.to_string()),
            e,
        )
    })
}

/// Resolves when the store has been failing for `fail_after`, with the reason kept in
/// `fatal`.
fn watch_store(
    writer: Writer,
    fail_after: Duration,
    shown: String,
    fatal: Arc<Mutex<Option<Error>>>,
    log: Log,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_millis(250)).await;
            let Some((since, why)) = writer.health.failing() else {
                continue;
            };
            if since.elapsed() < fail_after {
                continue;
            }
            let (en, people) = crate::t_both!(
                "listen-store-failing",
                path = shown.clone(),
                duration = crate::output::text::human_duration(since.elapsed().as_secs().max(1)),
                why = crate::output::text::one_line(&why, 300).to_string()
            );
            let line = crate::t!("listen-error-line", message = people.as_str());
            let en = crate::t_in!(crate::i18n::Lang::En, "listen-error-line", message = en);
            log.write(Record::error("stopped", en).for_people(line));
            *fatal.lock().unwrap_or_else(|e| e.into_inner()) =
                Some(Error::other(crate::error::Verbatim::composed(people)));
            return;
        }
    })
}

/// Say on stderr what the listener will do with requests.
fn describe(cfg: &ListenConfig, addr: SocketAddr, metrics: Option<SocketAddr>, log: &Log) {
    // Each line an info record of the "config" kind.
    macro_rules! config {
        ($($arg:tt)*) => {
            log.write(said!(Record::info, "config", $($arg)*))
        };
    }
    if let Some(d) = &cfg.durable {
        config!("listen-storing", store = d.store.shown());
        if d.store.shared() {
            config!("listen-sharing", lease = d.lease.as_secs().to_string());
        }
    }
    if let Some(m) = metrics {
        config!("listen-metrics", addr = m.to_string());
    }
    if !addr.ip().is_loopback() {
        log.write(said!(Record::warn, "config", "listen-not-loopback"));
    }
    if cfg.signatures.keys.is_empty() {
        config!("listen-no-key");
    } else {
        let tolerance = cfg
            .signatures
            .tolerance
            .map_or("none".to_string(), |t| t.as_secs().to_string());
        config!(
            "listen-verifying",
            header = header_label(&cfg.signatures.header).to_string(),
            count = cfg.signatures.keys.len(),
            tolerance = tolerance.as_str()
        );
    }
    if let Some(events) = &cfg.events {
        config!("listen-only-events", events = events.join(", "));
    }
    for (action, url) in &cfg.forward {
        config!(
            "listen-forwarding-action",
            action = action.to_string(),
            url = url.to_string()
        );
    }
    if let Some(url) = &cfg.forward_to {
        config!(
            "listen-forwarding-rest",
            other = if cfg.forward.is_empty() { "no" } else { "yes" },
            url = url.to_string()
        );
    }
    if cfg.durable.is_some()
        && !cfg.signatures.keys.is_empty()
        && (cfg.forward_to.is_some() || !cfg.forward.is_empty())
    {
        config!(
            "listen-resigned",
            header = header_label(&cfg.signatures.header).to_string()
        );
    }
}

async fn handle(
    State(st): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    st.stats.received.fetch_add(1, Ordering::Relaxed);
    let path = clean(uri.path(), 100);
    if method != Method::POST {
        return reject(
            &st,
            &method,
            &path,
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            crate::t_both!("listen-only-post"),
        );
    }
    let body = match body {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return reject(
                &st,
                &method,
                &path,
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                crate::t_both!("listen-body-too-large", most = MAX_BODY),
            );
        }
        Err(e) => {
            let msg = crate::t_both!("listen-bad-body", error = e.body_text());
            return reject(&st, &method, &path, e.status(), "bad_body", msg);
        }
    };

    if let Err((status, code, reason)) = check_signature(&st, &headers, &body) {
        return reject(&st, &method, &path, status, code, reason);
    }

    st.stats.accepted.fetch_add(1, Ordering::Relaxed);
    let head = Head::read(&body);
    let action = head.action.as_deref();
    if let Some(filter) = &st.cfg.events {
        if !action.is_some_and(|a| filter.iter().any(|f| f == a)) {
            st.stats.skipped.fetch_add(1, Ordering::Relaxed);
            st.log.write(
                said!(
                    Record::info,
                    "skipped",
                    "listen-skipped",
                    has = if action.is_some() { "yes" } else { "no" },
                    action = action.map_or_else(String::new, |a| clean(a, 60))
                )
                .action(action),
            );
            return ok();
        }
    }
    // Printed (and so logged) before it is stored or forwarded: a record that cannot be
    // written answers 503, nothing printed nor stored, and the service retries.
    if let Err(e) = log_event(&st, &body, head.json).await {
        st.log.write(
            said!(
                Record::error,
                "audit_failed",
                "listen-audit-failed-503",
                error = e.message.as_str()
            )
            .action(action),
        );
        return refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "audit_failed",
            "the event could not be recorded in the listener's access log; retry later",
        );
    }
    if let Some(writer) = &st.writer {
        return store_event(&st, writer, action, &headers, &body, head.json).await;
    }
    let targets = forward_targets(&st.cfg, action);
    // Printing is this event's only way on when it is not forwarded: a 200 would make the
    // service drop it, a 503 makes it retry.
    let printed = st
        .printer
        .print(&st.cfg, &body, head.json, &st.log, targets.is_empty())
        .await;
    if let (Printed::Failed(error), true) = (&printed, targets.is_empty()) {
        let m = crate::msg!("listen-print-failed-503", error = error.clone());
        st.log
            .write(Record::of(Level::Error, "print_failed", &m).action(action));
        return refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "output_failed",
            "the event could not be written to the listener's output; retry later",
        );
    }
    // Each target at once: one slow app does not hold up the others' answers.
    let forwards = targets.iter().map(|d| forward(&st, d, &headers, &body));
    let outcomes = futures::future::join_all(forwards).await;
    if let Some((failed, _)) = targets.iter().zip(&outcomes).find(|(_, ok)| !**ok) {
        // Nothing stores the event here: a 200 would make the service drop it for good,
        // a 502 makes it retry later (the targets that took it get it again: at least once).
        st.log
            .write(said!(Record::warn, "answered_502", "listen-answered-502"));
        return refused(
            StatusCode::BAD_GATEWAY,
            "forward_failed",
            &format!("forward to {} failed; retry later", failed.url),
        );
    }
    ok()
}

/// The access log's records of an event about to be printed, on disk: the payload judged by
/// `recruit api`'s scanner ([`crate::audit::scan`]: payload shapes are undocumented), so only
/// an event holding a candidate's personal value is logged.
async fn log_event(st: &Shared, body: &Bytes, json: bool) -> Result<(), Error> {
    if !json || !st.audit.is_on() {
        return Ok(());
    }
    let Ok(v) = serde_json::from_slice::<Value>(body) else {
        return Ok(());
    };
    let mut seen = recruit_audit::Seen::default();
    crate::audit::scan(&mut seen, &v);
    if seen.is_empty() {
        return Ok(());
    }
    // Appending syncs a file: off the runtime's threads.
    let stream = st.audit.clone();
    tokio::task::spawn_blocking(move || stream.seen(&seen))
        .await
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("audit-seen-stopped"), e))?
}

/// The request's signature checked against the keys (none: every request passes), at the
/// listener's clock's time; why it is refused: the status, the code, the reason (English and
/// for people).
fn check_signature(
    st: &Shared,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(), (StatusCode, &'static str, (String, String))> {
    if st.cfg.signatures.keys.is_empty() {
        return Ok(());
    }
    let keys: Vec<&[u8]> = st
        .cfg
        .signatures
        .keys
        .iter()
        .map(|k| k.expose().as_bytes())
        .collect();
    let result = match headers.get(&st.cfg.signatures.header).map(|v| v.to_str()) {
        Some(Err(_)) => Err(Rejection::Malformed(Malformed::NotText)),
        value => signature::verify(
            value.and_then(Result::ok),
            body,
            &keys,
            st.cfg.signatures.tolerance,
            st.cfg.clock.unix_secs(),
        ),
    };
    let Err(rejection) = result else {
        return Ok(());
    };
    let mut reason = (rejection.to_string(), rejection.said());
    if rejection == Rejection::MissingHeader {
        let (en, people) = crate::t_both!(
            "listen-expected-header",
            header = header_label(&st.cfg.signatures.header)
        );
        reason.0.push_str(&format!(" {en}"));
        reason.1.push_str(&format!(" {people}"));
    }
    let status = StatusCode::from_u16(rejection.http_status()).unwrap_or(StatusCode::UNAUTHORIZED);
    Err((status, rejection.code(), reason))
}

/// `--store`: commit the event, then answer 200; the relay forwards it. A failed commit (a
/// full disk, a broken file) answers 503, so the service retries instead of dropping it.
async fn store_event(
    st: &Shared,
    writer: &Writer,
    action: Option<&str>,
    headers: &HeaderMap,
    body: &Bytes,
    json: bool,
) -> Response {
    let ev = |target: Option<String>| NewEvent {
        action: action.map(str::to_string),
        payload: body.clone(),
        content_type: headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        signature: headers
            .get(&st.cfg.signatures.header)
            .and_then(|v| v.to_str().ok())
            .map(|v| (st.cfg.signatures.header.as_str().to_string(), v.to_string())),
        target,
    };
    // One row per target, each forwarded by its own lane; one row without a target when
    // there is none yet. They are committed in one transaction, all or none, before the 200:
    // a 503 leaves none behind for the service's retry to duplicate.
    let targets: Vec<Option<String>> = match forward_targets(&st.cfg, action) {
        t if t.is_empty() => vec![None],
        // A secret address is stored by its name only (the lanes know the address).
        t => t
            .into_iter()
            .map(|d| Some(crate::redact::stored_target(&d.target())))
            .collect(),
    };
    let stored = writer
        .insert_all(targets.into_iter().map(ev).collect())
        .await;
    match stored {
        Ok(ids) => {
            let id = ids[0];
            st.stats.stored.fetch_add(1, Ordering::Relaxed);
            // Stored: a stdout that cannot be written is said (by the printer), the 200 stands.
            st.printer.print(&st.cfg, body, json, &st.log, false).await;
            st.log.write(
                said!(Record::info, "stored", "listen-stored", id = id)
                    .event(id)
                    .action(action),
            );
            st.wake.send_modify(|n| *n += 1);
            ok()
        }
        Err(e) => {
            st.stats.store_failed.fetch_add(1, Ordering::Relaxed);
            st.log.write(
                said!(
                    Record::error,
                    "store_failed",
                    "listen-store-failed",
                    error = e.message.as_str()
                )
                .action(action),
            );
            refused(
                StatusCode::SERVICE_UNAVAILABLE,
                "store_failed",
                "the event could not be stored; retry later",
            )
        }
    }
}

/// An event not taken: `{"error", "message"}` for the sender, which retries it later.
fn refused(status: StatusCode, error: &str, message: &str) -> Response {
    let body = serde_json::json!({"error": error, "message": message}).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Exactly 200: the service counts nothing else as delivered.
fn ok() -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"ok":true}"#,
    )
        .into_response()
}

fn reject(
    st: &Shared,
    method: &Method,
    path: &str,
    status: StatusCode,
    code: &str,
    // The reason in English (the answer's and the JSON log's) and for people.
    (message, people): (String, String),
) -> Response {
    st.stats.rejected.fetch_add(1, Ordering::Relaxed);
    // The reason may quote the sender's header: escaped like every line from outside.
    let line = |lang, reason: &str| {
        crate::t_in!(
            lang,
            "listen-rejected",
            method = method.to_string(),
            path = path,
            reason = crate::output::text::safe_line(reason),
            status = status.as_u16()
        )
    };
    st.log.write(
        Record::warn("rejected", line(crate::i18n::Lang::En, &message))
            .for_people(line(crate::i18n::lang(), &people)),
    );
    let mut resp = refused(status, code, &message);
    if status == StatusCode::METHOD_NOT_ALLOWED {
        resp.headers_mut()
            .insert(header::ALLOW, header::HeaderValue::from_static("POST"));
    }
    resp
}

/// What the listener reads of a body: its action, and whether it is JSON at all. The rest is
/// skipped, not built, so a large payload costs no copy.
struct Head {
    action: Option<String>,
    json: bool,
}

impl Head {
    fn read(body: &[u8]) -> Head {
        #[derive(serde::Deserialize)]
        struct Action<'a> {
            #[serde(borrow, default)]
            action: Option<&'a serde_json::value::RawValue>,
        }
        let is_object = body
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| *b == b'{');
        if is_object {
            if let Ok(a) = serde_json::from_slice::<Action>(body) {
                let action = a
                    .action
                    .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok());
                return Head { action, json: true };
            }
        }
        Head {
            action: None,
            json: !is_object && serde_json::from_slice::<serde::de::IgnoredAny>(body).is_ok(),
        }
    }
}

/// Accepted events on stdout, written by a thread of their own so a slow reader never blocks
/// the runtime; a full queue holds up the answer to the sender (nothing is dropped).
#[derive(Clone)]
struct Printer(mpsc::Sender<Line>);

/// A line to write, and who waits to learn whether it was written (None: nobody).
type Line = (Vec<u8>, Option<oneshot::Sender<std::io::Result<()>>>);

/// What became of an event on stdout.
enum Printed {
    /// Written, or (when the caller does not wait) handed to the printer.
    Yes,
    /// Not meant to be printed (a body that is not JSON under `-o ndjson`).
    Skipped,
    /// The write failed (a full disk, a closed pipe): the error.
    Failed(crate::msg::Msg),
}

impl Printer {
    fn start(mut out: Box<dyn Write + Send>, log: Log) -> (Printer, tokio::task::JoinHandle<()>) {
        let (tx, mut rx) = mpsc::channel::<Line>(1024);
        let done = tokio::task::spawn_blocking(move || {
            // Every line is tried, even after a failure: a disk that was full may have room
            // again. A sender that waits learns whether its line was written; for the others
            // (the event is stored or forwarded) a failure is said once, until it works again.
            let mut failing = false;
            while let Some((line, written)) = rx.blocking_recv() {
                let result = out.write_all(&line).and_then(|_| out.flush());
                let ok = result.is_ok();
                let unheard = match written {
                    Some(w) => w.send(result).err(),
                    None => Some(result),
                };
                if let Some(Err(e)) = unheard {
                    if !failing {
                        let m =
                            crate::msg!("listen-print-failed", error = crate::error::cause_of(&e));
                        log.write(Record::of(Level::Warn, "print_failed", &m));
                    }
                }
                failing = !ok;
            }
        });
        (Printer(tx), done)
    }

    /// Print one event. With `wait`, once it is written (or failed to be); else once it is
    /// queued, so a stdout nobody reads never holds up an event kept elsewhere.
    async fn print(
        &self,
        cfg: &ListenConfig,
        body: &[u8],
        json: bool,
        log: &Log,
        wait: bool,
    ) -> Printed {
        // Parsed only for the views that need it: a 1 MiB body is not built into a tree twice.
        let value = || serde_json::from_slice::<Value>(body).ok();
        let json = match (cfg.format, json) {
            (Format::Table | Format::Csv, true) => value(),
            (Format::Ndjson, true) if body.iter().any(|b| matches!(b, b'\n' | b'\r')) => value(),
            (_, true) => Some(Value::Null),
            (_, false) => None,
        };
        let json = json.as_ref();
        let mut line: Vec<u8> = match (cfg.format, json) {
            (Format::Table | Format::Csv, Some(v)) => {
                format!("{}  {}", clock(), summarize(v)).into_bytes()
            }
            (Format::Table | Format::Csv, None) => {
                let bytes = body.len().to_string();
                format!(
                    "{}  {}",
                    clock(),
                    crate::t!("listen-line-not-json", bytes = bytes)
                )
                .into_bytes()
            }
            // (xlsx is refused before the listener starts: events have no end to write a
            // workbook at.)
            (Format::Json | Format::Xlsx, _) => body.to_vec(),
            // Already one line: keep the bytes as they came.
            (Format::Ndjson, Some(_)) if !body.iter().any(|b| matches!(b, b'\n' | b'\r')) => {
                body.to_vec()
            }
            (Format::Ndjson, Some(v)) => v.to_string().into_bytes(),
            (Format::Ndjson, None) => {
                log.write(said!(
                    Record::warn,
                    "not_printed",
                    "listen-not-printed",
                    bytes = body.len().to_string()
                ));
                return Printed::Skipped;
            }
        };
        if line.last() != Some(&b'\n') {
            line.push(b'\n');
        }
        if !wait {
            return match self.0.send((line, None)).await {
                Ok(()) => Printed::Yes,
                Err(_) => Printed::Failed(crate::msg!("listen-printer-stopped")),
            };
        }
        let (written, result) = oneshot::channel();
        if self.0.send((line, Some(written))).await.is_err() {
            return Printed::Failed(crate::msg!("listen-printer-stopped"));
        }
        match result.await {
            Ok(Ok(())) => Printed::Yes,
            Ok(Err(e)) => Printed::Failed(crate::error::cause_of(&e)),
            Err(_) => Printed::Failed(crate::msg!("listen-printer-stopped")),
        }
    }
}

/// Every target of an event of `action`: each `--forward` entry for it (in the order given,
/// each once), or else `--forward-to`.
pub(crate) fn forward_targets<'a>(
    cfg: &'a ListenConfig,
    action: Option<&str>,
) -> Vec<&'a Destination> {
    let mut targets: Vec<&Destination> = Vec::new();
    for (name, d) in &cfg.forward {
        if Some(name.as_str()) == action && !targets.contains(&d) {
            targets.push(d);
        }
    }
    if targets.is_empty() {
        targets.extend(cfg.forward_to.as_ref());
    }
    targets
}

/// Relay the raw bytes with the signature header and Content-Type to an app, or the event as
/// a message to a chat tool. The outcome is logged; true when the target answered 2xx.
async fn forward(st: &Shared, to: &Destination, headers: &HeaderMap, body: &Bytes) -> bool {
    let outcome = match to.format {
        Some(format) => st.chat.post(format, to.url.as_str(), body).await,
        None => {
            let content_type = headers
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok());
            let signature = headers
                .get(&st.cfg.signatures.header)
                .and_then(|v| v.to_str().ok())
                .map(|v| (st.cfg.signatures.header.as_str(), v));
            delivery::post(
                &st.client,
                to.url.as_str(),
                delivery::Request {
                    payload: body,
                    content_type,
                    signing: Signing::AsReceived(signature),
                    event_id: None,
                    dedup_key: true,
                },
            )
            .await
        }
    };
    if outcome.accepted() {
        st.stats.forwarded.fetch_add(1, Ordering::Relaxed);
        st.log.write(
            said!(
                Record::info,
                "forwarded",
                "listen-forwarded",
                url = to.to_string(),
                outcome = outcome.describe()
            )
            .target(&to.target()),
        );
        return true;
    }
    st.stats.forward_failed.fetch_add(1, Ordering::Relaxed);
    let (what_en, what) = match &outcome {
        delivery::Outcome::Failed(e) => crate::t_both!("listen-forward-error", error = e.as_str()),
        other => crate::t_both!("listen-forward-answered", outcome = other.describe()),
    };
    let en = crate::t_in!(
        crate::i18n::Lang::En,
        "listen-forward-failed",
        url = to.to_string(),
        what = what_en
    );
    let people = crate::t!("listen-forward-failed", url = to.to_string(), what = what);
    st.log.write(
        Record::warn("forward_failed", en)
            .for_people(people)
            .target(&to.target()),
    );
    false
}

/// `GET /healthz`: 200 while the store can be read and written and every lane runs, else
/// 503 with why.
async fn healthz(State(st): State<Arc<Shared>>) -> Response {
    let mut problems = Vec::new();
    if let (Some(d), Some(w)) = (&st.cfg.durable, &st.writer) {
        let store = d.store.clone();
        let probe = tokio::task::spawn_blocking(move || store.probe())
            .await
            .unwrap_or_else(|e| {
                Err(Error::caused(
                    ExitKind::Other,
                    crate::msg!("store-read-stopped"),
                    e,
                ))
            });
        if let Err(e) = &probe {
            w.health.saw(d.store.path(), e);
        }
        if let Some(why) = w.health.damaged() {
            problems.push(crate::output::text::one_line(&why, 400));
        } else if let Err(e) = &probe {
            problems.push(format!(
                "the event store cannot be read: {}",
                crate::output::text::one_line(&e.message, 200)
            ));
        }
        match w.health.failing() {
            Some((since, why)) if w.health.damaged().as_ref() != Some(&why) => {
                problems.push(format!(
                    "the event store has been failing for {} s: {}",
                    since.elapsed().as_secs(),
                    crate::output::text::one_line(&why, 200)
                ));
            }
            _ => {}
        }
    }
    let alive = st.lanes_alive.load(Ordering::SeqCst);
    if alive < st.lanes {
        problems.push(format!(
            "{} of {} relay lanes have stopped",
            st.lanes - alive,
            st.lanes
        ));
    }
    let (status, body) = if problems.is_empty() {
        (
            StatusCode::OK,
            serde_json::json!({"status": "ok", "store": st.writer.is_some(), "lanes": alive}),
        )
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            serde_json::json!({"status": "unhealthy", "reason": problems.join("; ")}),
        )
    };
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// `GET /metrics`: the counters, and the pending events per target from the store.
async fn metrics_text(State(st): State<Arc<Shared>>) -> Response {
    let pending = match (&st.cfg.durable, pending_counts(&st).await) {
        (None, _) => Some(Vec::new()),
        (Some(_), Ok(p)) => Some(p),
        (Some(d), Err(e)) => {
            if let Some(w) = &st.writer {
                w.health.saw(d.store.path(), &e);
            }
            None
        }
    };
    let mut text = super::metrics::exposition(
        &st.stats,
        pending.as_deref(),
        &st.cfg.targets(),
        st.cfg.clock.unix(),
    );
    if st.cfg.durable.is_some() {
        let held = st.held.lock().unwrap_or_else(|e| e.into_inner()).clone();
        super::metrics::lanes_held(&mut text, &st.holder, &st.cfg.targets(), &held);
    }
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, super::metrics::CONTENT_TYPE)],
        text,
    )
        .into_response()
}

async fn pending_counts(st: &Shared) -> Result<Vec<super::store::TargetCount>, Error> {
    let Some(d) = &st.cfg.durable else {
        return Ok(Vec::new());
    };
    let reader = {
        let mut slot = st.metrics_reader.lock().unwrap_or_else(|e| e.into_inner());
        match &*slot {
            Some(r) => r.clone(),
            None => {
                let r = Arc::new(Mutex::new(d.store.queue()?));
                *slot = Some(r.clone());
                r
            }
        }
    };
    tokio::task::spawn_blocking(move || reader.lock().unwrap_or_else(|e| e.into_inner()).pending())
        .await
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("store-read-stopped"), e))?
}

/// This listener's name in the leases of a shared store: the machine, the process and a
/// random part (a restarted process on the same machine is another listener).
fn holder_id() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".to_string());
    format!(
        "{host}:{}:{:08x}",
        std::process::id(),
        rand::random::<u32>()
    )
}

/// `service-webhook-signature` as `Service-Webhook-Signature`: `HeaderName` keeps names in
/// lowercase, messages read better in the usual spelling.
pub(crate) fn header_label(name: &HeaderName) -> String {
    name.as_str()
        .split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// One line describing an event: action, candidate, and the detail the event is about.
/// The text comes from the network: control characters are replaced and pieces are cut short,
/// so a body cannot move the cursor or rewrite the terminal.
pub(crate) fn summarize(event: &Value) -> String {
    let action = match event.get("action").and_then(Value::as_str) {
        Some(a) => clean(a, 60),
        None => "(no action)".to_string(),
    };
    let payload = event.get("payload").unwrap_or(&Value::Null);
    let text = |ptr: &str| {
        payload
            .pointer(ptr)
            .and_then(Value::as_str)
            .map(|s| clean(s, 60))
    };
    let mut parts = vec![action];
    let code = recruit_core::payload::candidate_code(payload).map(|c| clean(&c, 60));
    let name = text("/candidate/name").or_else(|| text("/candidate_name"));
    let candidate: Vec<String> = code.into_iter().chain(name).collect();
    if !candidate.is_empty() {
        parts.push(candidate.join(" "));
    }
    // The stage (the one reading of a payload), else the first of these the payload has,
    // labelled by its message.
    const DETAILS: &[(&str, &str)] = &[
        ("/stage/name", "stage"),
        ("/feedback/status", "feedback"),
        ("/interview/starts_at", "interview"),
        ("/form_submission/form_title", "form"),
        ("/form_title", "form"),
    ];
    let stage = recruit_core::payload::stage_title(payload).map(|s| ("stage", clean(&s, 60)));
    if let Some((label, value)) = stage.or_else(|| {
        DETAILS
            .iter()
            .find_map(|(ptr, label)| text(ptr).map(|v| (*label, v)))
    }) {
        parts.push(match label {
            "stage" => crate::t!("listen-summary-stage", value = value),
            "feedback" => crate::t!("listen-summary-feedback", value = value),
            "interview" => crate::t!("listen-summary-interview", value = value),
            _ => crate::t!("listen-summary-form", value = value),
        });
    }
    if parts.len() == 1 {
        match payload.as_object() {
            Some(map) if !map.is_empty() => {
                let keys: Vec<String> = map.keys().take(6).map(|k| clean(k, 30)).collect();
                parts.push(crate::t!("listen-summary-keys", keys = keys.join(", ")));
            }
            _ => parts.push(crate::t!("listen-summary-no-payload")),
        }
    }
    parts.join("  ")
}

/// Replace control characters and cut to `max` characters.
fn clean(s: &str, max: usize) -> String {
    // Control characters, C1 and bidi overrides shown as visible escapes, as everywhere.
    let cut: String = s.chars().take(max).collect();
    let mut out = crate::output::text::safe_line(&cut).into_owned();
    if s.chars().count() > max {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn summaries_name_the_candidate_and_the_detail() {
        let ev = crate::webhook::samples::event("candidate_stage_changed").unwrap();
        assert_eq!(
            summarize(&ev),
            "candidate_stage_changed  CA7Q2M9X Hana Sato  stage: First interview"
        );
        for (name, _) in crate::api::webhooks::EVENTS {
            let s = summarize(&crate::webhook::samples::event(name).unwrap());
            assert!(
                s.starts_with(name) && s.contains("CA7Q2M9X Hana Sato"),
                "{s}"
            );
        }
        let flat = json!({"action": "form_submitted", "payload": {"candidate_name": "Jo", "form_title": "Message"}});
        assert_eq!(summarize(&flat), "form_submitted  Jo  form: Message");
        assert_eq!(
            summarize(&json!({"action": "x", "payload": {"a": 1, "b": 2}})),
            "x  payload keys: a, b"
        );
        assert_eq!(summarize(&json!([1])), "(no action)  (no payload)");
    }

    #[test]
    fn summaries_cannot_inject_terminal_escapes() {
        let ev =
            json!({"action": "a\u{1b}[2J", "payload": {"candidate": {"name": "x\u{202e}y\u{9b}"}}});
        let s = summarize(&ev);
        assert!(!s.chars().any(char::is_control), "{s:?}");
        assert!(
            !s.contains('\u{202e}'),
            "bidi override shown escaped: {s:?}"
        );
        assert!(s.contains("a\\x1b[2J"), "{s:?}");
        assert_eq!(clean(&"é".repeat(70), 60).chars().count(), 61);
    }

    #[test]
    fn header_labels() {
        let label = |s: &str| header_label(&HeaderName::from_bytes(s.as_bytes()).unwrap());
        assert_eq!(
            label("Service-Webhook-Signature"),
            "Service-Webhook-Signature"
        );
        assert_eq!(label("x-sig"), "X-Sig");
    }

    #[test]
    fn forward_routes_fall_back_to_forward_to_and_every_route_of_an_action_gets_it() {
        let d = |s: &str| Destination::parse("--forward", s).unwrap();
        let cfg = ListenConfig {
            addr: ([127, 0, 0, 1], 0).into(),
            signatures: Signatures {
                keys: vec![],
                header: HeaderName::from_static("x-sig"),
                tolerance: None,
            },
            events: None,
            forward_to: Some(d("http://127.0.0.1:1/all")),
            forward: vec![
                ("candidate_pass".into(), d("http://127.0.0.1:1/pass")),
                ("candidate_pass".into(), d("slack+http://127.0.0.1:1/chat")),
                ("candidate_pass".into(), d("http://127.0.0.1:1/pass")),
            ],
            chat: Default::default(),
            format: Format::Table,
            forward_timeout: Duration::from_secs(1),
            net: Default::default(),
            idle_timeout: Duration::from_secs(30),
            durable: None,
            metrics_addr: None,
            clock: crate::clock::system(),
            reconcile: None,
        };
        assert_eq!(
            cfg.targets(),
            [
                "http://127.0.0.1:1/all",
                "http://127.0.0.1:1/pass",
                "slack+http://127.0.0.1:1/chat"
            ]
        );
        let targets = |a| -> Vec<String> {
            forward_targets(&cfg, a)
                .iter()
                .map(|d| d.target())
                .collect()
        };
        assert_eq!(
            targets(Some("candidate_pass")),
            ["http://127.0.0.1:1/pass", "slack+http://127.0.0.1:1/chat"],
            "each route once, in the order given"
        );
        assert_eq!(
            targets(Some("feedback_created")),
            ["http://127.0.0.1:1/all"]
        );
        assert_eq!(targets(None), ["http://127.0.0.1:1/all"]);
    }
}
