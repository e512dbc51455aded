//! The local receiver behind `recruit webhooks listen`: an axum server that answers POST on
//! any path, verifies signatures, prints events and relays them to local apps.

use std::future::Future;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderName, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::signature::{self, Malformed, Rejection};
use crate::error::Error;
use crate::redact::Secret;

/// Largest body accepted; larger ones get 413.
pub const MAX_BODY: usize = 1024 * 1024;

/// Default port of the listener.
pub const DEFAULT_PORT: u16 = 4242;

/// How accepted events are printed on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventFormat {
    /// One human line: local time, action, short summary.
    Line,
    /// The body exactly as received.
    Json,
    /// The body as one compact line.
    Ndjson,
}

#[derive(Debug, Clone)]
pub struct ListenConfig {
    pub addr: SocketAddr,
    /// Accepted signing keys; empty = no verification.
    pub keys: Vec<Secret>,
    pub header: HeaderName,
    pub tolerance: Option<Duration>,
    /// Only these actions are printed and forwarded (None = all).
    pub events: Option<Vec<String>>,
    pub forward_to: Option<url::Url>,
    /// Per-action forward targets (`--forward ACTION=URL`), tried before `forward_to`.
    pub forward: Vec<(String, url::Url)>,
    pub format: EventFormat,
    /// Timeout of one forward request.
    pub forward_timeout: Duration,
    /// Trusted authorities for an https app (`--ca-cert`).
    pub net: crate::api::NetSettings,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout: Duration,
    /// `--store`: events are committed here before the 200 and forwarded from it.
    pub durable: Option<Durable>,
}

/// The durable relay's settings (`--store`, `--max-age`).
#[derive(Clone)]
pub struct Durable {
    pub store: Arc<super::store::Store>,
    /// Give an event up (status `failed`) once it is older than this and still not delivered.
    pub max_age: Option<Duration>,
}

impl std::fmt::Debug for Durable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Durable")
            .field("store", &self.store.path)
            .field("max_age", &self.max_age)
            .finish()
    }
}

/// Counters for the summary line at shutdown.
#[derive(Debug, Default)]
pub struct Stats {
    pub received: AtomicU64,
    pub accepted: AtomicU64,
    pub rejected: AtomicU64,
    /// Accepted but filtered out by `--events`.
    pub skipped: AtomicU64,
    /// Forwards that failed or did not answer 200.
    pub forward_failed: AtomicU64,
}

impl Stats {
    pub fn summary(&self, forwarding: bool) -> String {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let mut s = format!(
            "{} received, {} accepted",
            get(&self.received),
            get(&self.accepted)
        );
        if get(&self.skipped) > 0 {
            s.push_str(&format!(" ({} skipped by --events)", get(&self.skipped)));
        }
        s.push_str(&format!(", {} rejected", get(&self.rejected)));
        if forwarding {
            s.push_str(&format!(", {} forwards failed", get(&self.forward_failed)));
        }
        s
    }
}

struct Shared {
    cfg: ListenConfig,
    client: reqwest::Client,
    stats: Arc<Stats>,
    /// Counts stored events, waking the relay's lanes (a watch never misses a change).
    wake: tokio::sync::watch::Sender<u64>,
}

/// Bind, announce the address on stderr, and serve until `shutdown` resolves. Returns the
/// counters.
pub async fn run(
    cfg: ListenConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<Arc<Stats>> {
    let listener = tokio::net::TcpListener::bind(cfg.addr)
        .await
        .map_err(|e| Error::other(format!("cannot listen on {}: {e}", cfg.addr)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::other(format!("cannot read the bound address: {e}")))?;
    // First line on stderr, always: scripts and tests read the port from it.
    crate::elog!("listening on http://{addr} (Ctrl-C to stop)");
    describe(&cfg, addr);

    // Forward targets are local apps: a proxy from the environment must not catch them.
    let client = cfg
        .net
        .client_builder(false)
        .timeout(cfg.forward_timeout)
        .user_agent(concat!(
            "recruit/",
            env!("CARGO_PKG_VERSION"),
            " (webhooks listen)"
        ))
        .build()
        .map_err(|e| Error::other(format!("cannot build the HTTP client: {e}")))?;
    let stats = Arc::new(Stats::default());
    let (wake, woken) = tokio::sync::watch::channel(0u64);
    if let Some(d) = &cfg.durable {
        let relay = super::relay::Relay {
            store: d.store.clone(),
            cfg: Arc::new(cfg.clone()),
            client: client.clone(),
            max_age: d.max_age,
            wake: woken,
            stats: stats.clone(),
        };
        tokio::spawn(relay.run());
    }
    // Never shorter than a forward can take: the connection waits on it without reading
    // (with --store nothing waits on the app).
    let forwards = cfg.durable.is_none() && (cfg.forward_to.is_some() || !cfg.forward.is_empty());
    let idle = if forwards {
        cfg.idle_timeout
            .max(cfg.forward_timeout + Duration::from_secs(5))
    } else {
        cfg.idle_timeout
    };
    let shared = Arc::new(Shared {
        cfg,
        client,
        stats: stats.clone(),
        wake,
    });
    let app = axum::Router::new()
        .fallback(handle)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared);
    let listener =
        super::guard::GuardedListener::new(listener, super::guard::MAX_CONNECTIONS, idle);
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
        .map_err(|e| Error::other(format!("the listener stopped: {e}")))?;
    Ok(stats)
}

/// Say on stderr what the listener will do with requests.
fn describe(cfg: &ListenConfig, addr: SocketAddr) {
    if let Some(d) = &cfg.durable {
        crate::elog!(
            "storing events in {} before answering; forwarding from there with retries",
            d.store.path.display()
        );
    }
    if !addr.ip().is_loopback() {
        crate::elog!(
            "warning: listening on a non-loopback address: anyone who can reach it can send events"
        );
    }
    if cfg.keys.is_empty() {
        crate::elog!("no signing key: accepting every request without verifying it");
    } else {
        let tolerance = match cfg.tolerance {
            Some(t) => format!("tolerance {} s", t.as_secs()),
            None => "no time check".to_string(),
        };
        crate::elog!(
            "verifying the {} header with {} signing {} ({tolerance})",
            header_label(&cfg.header),
            cfg.keys.len(),
            if cfg.keys.len() == 1 { "key" } else { "keys" }
        );
    }
    if let Some(events) = &cfg.events {
        crate::elog!("printing and forwarding only: {}", events.join(", "));
    }
    for (action, url) in &cfg.forward {
        crate::elog!("forwarding {action} to {url}");
    }
    if let Some(url) = &cfg.forward_to {
        let what = if cfg.forward.is_empty() {
            "events"
        } else {
            "other events"
        };
        crate::elog!("forwarding {what} to {url}");
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
            "only POST is accepted",
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
                &format!("body larger than {MAX_BODY} bytes"),
            );
        }
        Err(e) => {
            let msg = format!("cannot read the body: {}", e.body_text());
            return reject(&st, &method, &path, e.status(), "bad_body", &msg);
        }
    };

    let sig_header = headers.get(&st.cfg.header);
    if !st.cfg.keys.is_empty() {
        let keys: Vec<&[u8]> = st.cfg.keys.iter().map(|k| k.expose().as_bytes()).collect();
        let result = match sig_header.map(|v| v.to_str()) {
            Some(Err(_)) => Err(Rejection::Malformed(Malformed::NotText)),
            value => signature::verify(
                value.and_then(Result::ok),
                &body,
                &keys,
                st.cfg.tolerance,
                signature::now_unix(),
            ),
        };
        if let Err(rejection) = result {
            let mut reason = rejection.to_string();
            if rejection == Rejection::MissingHeader {
                reason.push_str(&format!(" (expected {})", header_label(&st.cfg.header)));
            }
            let status =
                StatusCode::from_u16(rejection.http_status()).unwrap_or(StatusCode::UNAUTHORIZED);
            return reject(&st, &method, &path, status, rejection.code(), &reason);
        }
    }

    st.stats.accepted.fetch_add(1, Ordering::Relaxed);
    let json: Option<Value> = serde_json::from_slice(&body).ok();
    let action = json
        .as_ref()
        .and_then(|v| v.get("action"))
        .and_then(Value::as_str);
    if let Some(filter) = &st.cfg.events {
        if !action.is_some_and(|a| filter.iter().any(|f| f == a)) {
            st.stats.skipped.fetch_add(1, Ordering::Relaxed);
            crate::elog!(
                "{} skipped {} (not in --events)",
                clock(),
                action.map_or_else(|| "an event without action".to_string(), |a| clean(a, 60))
            );
            return ok();
        }
    }
    if let Some(d) = &st.cfg.durable {
        return store_event(&st, d, action, &headers, &body, json.as_ref()).await;
    }
    print_event(&st.cfg, &body, json.as_ref());
    if let Some(url) = forward_target(&st.cfg, action) {
        if !forward(&st, url, &headers, body).await {
            // Nothing stores the event here: a 200 would make the service drop it for good,
            // a 502 makes it retry later.
            crate::elog!(
                "{} answered 502 so the service retries this event later",
                clock()
            );
            let body = serde_json::json!({
                "error": "forward_failed",
                "message": format!("forward to {url} failed; retry later"),
            })
            .to_string();
            return (
                StatusCode::BAD_GATEWAY,
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response();
        }
    }
    ok()
}

/// `--store`: commit the event, then answer 200; the relay forwards it. A failed commit (a
/// full disk, a broken file) answers 503, so the service retries instead of dropping it.
async fn store_event(
    st: &Shared,
    d: &Durable,
    action: Option<&str>,
    headers: &HeaderMap,
    body: &Bytes,
    json: Option<&Value>,
) -> Response {
    let store = d.store.clone();
    let action_s = action.map(str::to_string);
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let sig = headers
        .get(&st.cfg.header)
        .and_then(|v| v.to_str().ok())
        .map(|v| (st.cfg.header.as_str().to_string(), v.to_string()));
    let payload = body.to_vec();
    let stored = tokio::task::spawn_blocking(move || {
        store.insert(
            action_s.as_deref(),
            &payload,
            content_type.as_deref(),
            sig.as_ref().map(|(n, v)| (n.as_str(), v.as_str())),
        )
    })
    .await
    .map_err(|e| Error::other(format!("the store task failed: {e}")))
    .and_then(|r| r);
    match stored {
        Ok(id) => {
            print_event(&st.cfg, body, json);
            crate::elog!("{}   stored as event {id}", clock());
            st.wake.send_modify(|n| *n += 1);
            ok()
        }
        Err(e) => {
            crate::elog!(
                "{} error: could not store the event ({}); answered 503 so the service retries it",
                clock(),
                e.message
            );
            let body = serde_json::json!({
                "error": "store_failed",
                "message": "the event could not be stored; retry later",
            })
            .to_string();
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response()
        }
    }
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
    message: &str,
) -> Response {
    st.stats.rejected.fetch_add(1, Ordering::Relaxed);
    // The reason may quote the sender's header: escaped like every line from outside.
    crate::elog!(
        "{} rejected {method} {path}: {} (answered {})",
        clock(),
        crate::output::text::safe_line(message),
        status.as_u16()
    );
    let body = serde_json::json!({ "error": code, "message": message }).to_string();
    let mut resp = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    if status == StatusCode::METHOD_NOT_ALLOWED {
        resp.headers_mut()
            .insert(header::ALLOW, header::HeaderValue::from_static("POST"));
    }
    resp
}

/// Print one accepted event on stdout and flush (readers are often pipes).
fn print_event(cfg: &ListenConfig, body: &[u8], json: Option<&Value>) {
    let mut line: Vec<u8> = match (cfg.format, json) {
        (EventFormat::Line, Some(v)) => format!("{}  {}", clock(), summarize(v)).into_bytes(),
        (EventFormat::Line, None) => {
            format!("{}  (not JSON, {} bytes)", clock(), body.len()).into_bytes()
        }
        (EventFormat::Json, _) => body.to_vec(),
        // Already one line: keep the bytes as they came.
        (EventFormat::Ndjson, Some(_)) if !body.iter().any(|b| matches!(b, b'\n' | b'\r')) => {
            body.to_vec()
        }
        (EventFormat::Ndjson, Some(v)) => v.to_string().into_bytes(),
        (EventFormat::Ndjson, None) => {
            crate::elog!(
                "{} accepted a body that is not JSON ({} bytes): not printed as ndjson",
                clock(),
                body.len()
            );
            return;
        }
    };
    if line.last() != Some(&b'\n') {
        line.push(b'\n');
    }
    let mut out = std::io::stdout().lock();
    // A closed stdout must not stop the listener from answering the sender.
    let _ = out.write_all(&line).and_then(|_| out.flush());
}

pub(crate) fn forward_target<'a>(
    cfg: &'a ListenConfig,
    action: Option<&str>,
) -> Option<&'a url::Url> {
    action
        .and_then(|a| cfg.forward.iter().find(|(name, _)| name == a))
        .map(|(_, url)| url)
        .or(cfg.forward_to.as_ref())
}

/// Relay the raw bytes with the signature header and Content-Type. The outcome is reported on
/// stderr; true when the app answered 2xx.
async fn forward(st: &Shared, url: &url::Url, headers: &HeaderMap, body: Bytes) -> bool {
    let content_type = headers.get(header::CONTENT_TYPE).cloned();
    let signature = headers
        .get(&st.cfg.header)
        .map(|v| (st.cfg.header.clone(), v.clone()));
    let outcome =
        super::relay::deliver(&st.client, url.as_str(), body, content_type, signature).await;
    match outcome {
        Ok(status) if (200..300).contains(&status) => {
            crate::elog!("{}   forwarded to {url}: HTTP {status}", clock());
            true
        }
        Ok(status) => {
            st.stats.forward_failed.fetch_add(1, Ordering::Relaxed);
            crate::elog!(
                "{} warning: forward to {url} answered HTTP {status}; answering the service 502",
                clock()
            );
            false
        }
        Err(e) => {
            st.stats.forward_failed.fetch_add(1, Ordering::Relaxed);
            crate::elog!(
                "{} warning: forward to {url} failed: {e}; answering the service 502",
                clock()
            );
            false
        }
    }
}

/// `service-webhook-signature` as `Service-Webhook-Signature`: `HeaderName` keeps names in
/// lowercase, messages read better in the usual spelling.
pub fn header_label(name: &HeaderName) -> String {
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

/// Local wall-clock time for log lines.
pub(crate) fn clock() -> String {
    chrono::Local::now().format("%H:%M:%S").to_string()
}

/// One line describing an event: action, candidate, and the detail the event is about.
/// The text comes from the network: control characters are replaced and pieces are cut short,
/// so a body cannot move the cursor or rewrite the terminal.
pub fn summarize(event: &Value) -> String {
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
    let code = text("/candidate/code").or_else(|| text("/candidate_code"));
    let name = text("/candidate/name").or_else(|| text("/candidate_name"));
    let candidate: Vec<String> = code.into_iter().chain(name).collect();
    if !candidate.is_empty() {
        parts.push(candidate.join(" "));
    }
    const DETAILS: &[(&str, &str)] = &[
        ("/current_stage/name", "stage: "),
        ("/stage/name", "stage: "),
        ("/feedback/status", "feedback "),
        ("/interview/starts_at", "interview at "),
        ("/form_submission/form_title", "form: "),
        ("/form_title", "form: "),
    ];
    if let Some((label, value)) = DETAILS
        .iter()
        .find_map(|(ptr, label)| text(ptr).map(|v| (label, v)))
    {
        parts.push(format!("{label}{value}"));
    }
    if parts.len() == 1 {
        match payload.as_object() {
            Some(map) if !map.is_empty() => {
                let keys: Vec<String> = map.keys().take(6).map(|k| clean(k, 30)).collect();
                parts.push(format!("payload keys: {}", keys.join(", ")));
            }
            _ => parts.push("(no payload)".to_string()),
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
        for (name, _) in crate::webhook::samples::ACTIONS {
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
    fn forward_routes_fall_back_to_forward_to() {
        let u = |s: &str| url::Url::parse(s).unwrap();
        let cfg = ListenConfig {
            addr: ([127, 0, 0, 1], 0).into(),
            keys: vec![],
            header: HeaderName::from_static("x-sig"),
            tolerance: None,
            events: None,
            forward_to: Some(u("http://127.0.0.1:1/all")),
            forward: vec![("candidate_pass".into(), u("http://127.0.0.1:1/pass"))],
            format: EventFormat::Line,
            forward_timeout: Duration::from_secs(1),
            net: Default::default(),
            idle_timeout: Duration::from_secs(30),
            durable: None,
        };
        assert_eq!(
            forward_target(&cfg, Some("candidate_pass")).unwrap().path(),
            "/pass"
        );
        assert_eq!(
            forward_target(&cfg, Some("feedback_created"))
                .unwrap()
                .path(),
            "/all"
        );
        assert_eq!(forward_target(&cfg, None).unwrap().path(), "/all");
        let stats = Stats::default();
        stats.received.store(3, Ordering::Relaxed);
        stats.accepted.store(2, Ordering::Relaxed);
        stats.skipped.store(1, Ordering::Relaxed);
        stats.rejected.store(1, Ordering::Relaxed);
        assert_eq!(
            stats.summary(false),
            "3 received, 2 accepted (1 skipped by --events), 1 rejected"
        );
    }
}
