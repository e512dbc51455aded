//! HTTP for the whole client: base URL joining, auth and headers, timeouts, retries with
//! backoff, the shared rate-limit gate, `-v` lines (reported to the front end's observer, see
//! [`super::events`]), and mapping of answers to errors.

use crate::api::ClientBuilderExt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use bytes::Bytes;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use url::Url;

use super::events::{ClientEvent, Reporter, Retry};
use super::{ErrorBody, Fetched};
use crate::error::{Error, ExitKind};
use crate::redact::Secret;

pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
pub const DEFAULT_RETRIES: u32 = 3;
/// How long a command waits at most for a rate-limit reset or a `Retry-After`.
pub const DEFAULT_MAX_WAIT: Duration = Duration::from_secs(60);

/// Characters encoded in a path segment: controls, space, delimiters, and `/` and `%` so a
/// value can never become two segments or a premature escape.
const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'/')
    .add(b'%')
    .add(b'\\')
    .add(b'^')
    .add(b'|')
    .add(b'[')
    .add(b']');

/// Longest code or id accepted in a URL path: real ones are a few dozen characters.
pub const MAX_CODE: usize = 256;

/// A value too long to be a code: its start and size, never the whole of it.
pub fn too_long_code(value: &str) -> Error {
    let start: String = value.chars().take(24).collect();
    Error::usage(crate::msg!(
        "code-too-long",
        start = crate::text::safe_line(&start),
        bytes = value.len(),
        max = MAX_CODE
    ))
}

/// Largest response body read into memory; a larger one is refused with a clear error.
pub const MAX_BODY: usize = 64 * 1024 * 1024;
// The pacer owns when a wait is announced; named here too, where callers have always found it.
pub use super::pacer::NOTE_WAITS_OVER;
/// A `Retry-After` up to this, while the pacer paces, delays only the request that got it:
/// the pacer already slows the others. A longer one closes the gate for every worker.
const PACED_RETRY_AFTER: Duration = Duration::from_secs(2);

#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// Service root, with or without a trailing `/v1`.
    pub base_url: String,
    pub api_key: Option<Secret>,
    pub timeout: Duration,
    /// Retries of idempotent requests on 429, 5xx and connection errors.
    pub retries: u32,
    /// Report each request and response line ([`ClientEvent::Verbose`]).
    pub verbose: bool,
    /// Allow plain http to a non-loopback host.
    pub allow_insecure_http: bool,
    /// Trusted certificate authorities (the system's, plus `--ca-cert`).
    pub net: super::tls::NetSettings,
    /// Honour HTTPS_PROXY / HTTP_PROXY / NO_PROXY: on for the service, off for the built-in
    /// sandbox (an in-process server on loopback that no proxy could reach).
    pub env_proxy: bool,
    /// At most this many requests per second, across every clone of the client.
    pub max_rate: Option<f64>,
    /// Longest wait for a rate-limit reset or a `Retry-After`; a longer one is an error at
    /// once (exit 6) naming when the quota resets.
    pub max_wait: Duration,
    /// Where retries, waits, warnings, `-v` lines and upload progress are reported: the
    /// client itself never prints.
    pub reporter: Reporter,
    /// The wall time a `Retry-After` date and a rate-limit reset are read against.
    pub clock: crate::clock::SharedClock,
}

impl ClientConfig {
    pub fn new(base_url: impl Into<String>, api_key: Option<Secret>) -> Self {
        ClientConfig {
            base_url: base_url.into(),
            api_key,
            timeout: DEFAULT_TIMEOUT,
            retries: DEFAULT_RETRIES,
            verbose: false,
            allow_insecure_http: false,
            net: super::tls::NetSettings::system(),
            env_proxy: true,
            max_rate: None,
            max_wait: DEFAULT_MAX_WAIT,
            reporter: Reporter::none(),
            clock: crate::clock::system(),
        }
    }
}

/// A cheap-to-clone handle; clones share the connection pool and the rate-limit gate.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
    /// Bounds the attempts in flight of this handle and its clones ([`Client::with_limiter`]).
    limiter: Option<Arc<super::limiter::Limiter>>,
}

struct Inner {
    http: reqwest::Client,
    /// Always ends in `/v1/` so relative joins stay under it.
    base: Url,
    key: Option<Secret>,
    retries: u32,
    verbose: bool,
    net: super::tls::NetSettings,
    env_proxy: bool,
    max_wait: Duration,
    reporter: Reporter,
    clock: crate::clock::SharedClock,
    /// No request is sent before this instant: set by a 429's `Retry-After`, so one worker's
    /// rate limit slows every worker sharing the client.
    gate: Mutex<Option<Instant>>,
    stats: Mutex<Stats>,
    /// Spaces requests under the service's rate limit, for every clone and limiter handle.
    pacer: Arc<super::pacer::Pacer>,
}

/// Counters for progress displays and benchmarks.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    pub requests: u64,
    pub retries: u64,
    pub rate_limited: u64,
}

impl Stats {
    /// What was counted since `earlier` (a run's own requests on a shared client).
    pub fn since(self, earlier: Stats) -> Stats {
        Stats {
            requests: self.requests - earlier.requests,
            retries: self.retries - earlier.retries,
            rate_limited: self.rate_limited - earlier.rate_limited,
        }
    }
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("base", &self.inner.base.as_str())
            .field("key", &self.inner.key)
            .finish()
    }
}

/// One request to send.
#[derive(Debug, Clone)]
pub struct RequestSpec {
    pub method: Method,
    pub url: Url,
    pub body: Option<Bytes>,
    pub headers: Vec<(String, String)>,
}

impl RequestSpec {
    pub fn get(url: Url) -> Self {
        RequestSpec {
            method: Method::GET,
            url,
            body: None,
            headers: Vec::new(),
        }
    }
    pub fn new(method: Method, url: Url) -> Self {
        RequestSpec {
            method,
            url,
            body: None,
            headers: Vec::new(),
        }
    }
    pub fn json(mut self, value: &serde_json::Value) -> Self {
        self.body = Some(Bytes::from(
            serde_json::to_vec(value).expect("a Value serializes"),
        ));
        self
    }
}

/// An answer as it came.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub url: Url,
    /// Retries it took.
    pub retries: u32,
}

impl ApiResponse {
    /// Parse the body as JSON, with a clear error when it isn't.
    pub fn value(&self) -> Result<serde_json::Value, Error> {
        parse_json_body(&self.body, &self.headers, self.status)
    }

    /// Raw body, JSON value and typed model at once.
    pub fn fetched<T: DeserializeOwned>(self) -> Result<Fetched<T>, Error> {
        let value = self.value()?;
        // Read from the tree in place: a page of thousands of items is not copied.
        let data = Error::explained(T::deserialize(&value), |why| {
            Error::other(crate::msg!(
                "answer-unexpected-shape",
                path = self.url.path(),
                why = why
            ))
        })?;
        Ok(Fetched {
            raw: self.body,
            value,
            data,
        })
    }
}

impl Client {
    pub fn new(cfg: ClientConfig) -> Result<Client, Error> {
        let base = normalize_base_url(&cfg.base_url)?;
        if base.scheme() == "http" && !is_loopback(&base) && !cfg.allow_insecure_http {
            if is_local_network(&base) {
                // A test server or gateway on this network: allowed, but never silently.
                cfg.reporter.report(ClientEvent::Warning(crate::msg!(
                    "http-local-unencrypted",
                    host = base.host_str().unwrap_or("")
                )));
            } else {
                return Err(Error::usage(crate::msg!(
                    "http-refused",
                    host = base.host_str().unwrap_or("")
                )));
            }
        }
        let origin = base.clone();
        // Follow a redirect only within the base URL's origin: the key must never travel to
        // another host. A cross-origin redirect surfaces as a 3xx error instead.
        let policy = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= 5 {
                attempt.error("too many redirects")
            } else if same_origin(&origin, attempt.url()) {
                attempt.follow()
            } else {
                attempt.stop()
            }
        });
        let http = cfg
            .net
            .client_builder(cfg.env_proxy)
            .user_agent(concat!("recruit/", env!("CARGO_PKG_VERSION")))
            .timeout(cfg.timeout)
            .connect_timeout(cfg.timeout.min(Duration::from_secs(10)))
            .redirect(policy)
            .pool_max_idle_per_host(64)
            .build()
            .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("http-client-build"), e))?;
        Ok(Client {
            limiter: None,
            inner: Arc::new(Inner {
                http,
                base,
                key: cfg.api_key,
                retries: cfg.retries,
                verbose: cfg.verbose,
                net: cfg.net,
                env_proxy: cfg.env_proxy,
                max_wait: cfg.max_wait,
                gate: Mutex::new(None),
                stats: Mutex::new(Stats::default()),
                pacer: super::pacer::Pacer::on_clock(
                    cfg.max_rate,
                    Some(cfg.max_wait),
                    cfg.reporter.clone(),
                    cfg.clock.clone(),
                ),
                reporter: cfg.reporter,
                clock: cfg.clock,
            }),
        })
    }

    /// A builder with this client's trust and proxy settings, for requests that must not go
    /// through the API client (presigned uploads to another origin: no key, no retries).
    pub fn http_builder(&self) -> reqwest::ClientBuilder {
        self.inner.net.client_builder(self.inner.env_proxy)
    }

    /// The base URL, ending in `/v1/`.
    pub fn base_url(&self) -> &Url {
        &self.inner.base
    }

    pub fn stats(&self) -> Stats {
        *self.inner.stats.lock().expect("stats lock")
    }

    /// The rate the pacer settled at (for summaries).
    pub fn pace(&self) -> super::pacer::PaceReport {
        self.inner.pacer.report()
    }

    /// A handle (sharing pool, gate and stats with this one) whose attempts, retries
    /// included, each take a slot of `limiter`: for many workers on one service.
    pub fn with_limiter(&self, limiter: Arc<super::limiter::Limiter>) -> Client {
        Client {
            inner: self.inner.clone(),
            limiter: Some(limiter),
        }
    }

    /// `base/v1/` + segments, each percent-encoded as ONE segment (`a/b` stays one).
    /// `.` and `..` can't be sent as a segment at all (URLs resolve them, even encoded): use
    /// [`Client::checked_endpoint`] for values that come from users.
    pub fn endpoint(&self, segments: &[&str]) -> Url {
        let mut url = self.inner.base.clone();
        let mut path = url.path().trim_end_matches('/').to_string();
        for seg in segments {
            path.push('/');
            path.extend(percent_encoding::utf8_percent_encode(seg, SEGMENT));
        }
        url.set_path(&path);
        url
    }

    /// [`Client::endpoint`], refusing segments that a URL would resolve away (`.`, `..`, empty)
    /// and values too long to be a code or an id ([`MAX_CODE`] bytes): refused here, with
    /// exit 2, rather than sent and retried as a network error.
    pub fn checked_endpoint(&self, segments: &[&str]) -> Result<Url, Error> {
        if let Some(bad) = segments.iter().find(|s| matches!(**s, "" | "." | "..")) {
            return Err(Error::usage(crate::msg!(
                "path-segment-unusable",
                value = *bad
            )));
        }
        if let Some(long) = segments.iter().find(|s| s.len() > MAX_CODE) {
            return Err(too_long_code(long));
        }
        Ok(self.endpoint(segments))
    }

    /// Resolve a path given by a user (`/v1/forms`, `v1/forms`, `/forms`, or a full URL of
    /// the same origin) against the base URL.
    pub fn resolve_path(&self, path: &str) -> Result<Url, Error> {
        if path.starts_with("http://") || path.starts_with("https://") {
            let url = Url::parse(path).map_err(|e| {
                Error::caused(
                    ExitKind::Usage,
                    crate::msg!("path-not-a-url", path = path),
                    e,
                )
            })?;
            if !self.same_origin(&url) {
                return Err(Error::usage(crate::msg!(
                    "path-other-origin",
                    path = path,
                    base = self.inner.base.to_string()
                )));
            }
            return Ok(url);
        }
        let trimmed = path.trim_start_matches('/');
        let rel = trimmed
            .strip_prefix("v1/")
            .unwrap_or(if trimmed == "v1" { "" } else { trimmed });
        self.inner.base.join(rel).map_err(|e| {
            Error::caused(
                ExitKind::Usage,
                crate::msg!("path-not-valid", path = path),
                e,
            )
        })
    }

    /// A 404 from `url`, an address that names no record (a list, file presigning): nothing
    /// there could be missing, so the address itself is wrong whatever the body says. The
    /// endpoints with such addresses say so (this layer knows no resource paths).
    pub fn at_fixed_address(&self, mut e: Error, url: &Url) -> Error {
        if e.kind == ExitKind::NotFound {
            let said = crate::msg!(
                "http-wrong-base-url",
                path = url.path(),
                base = self.inner.base.as_str().trim_end_matches('/')
            );
            e.message = said.said();
            e.said = Some(said);
        }
        e
    }

    /// Whether `url` has the scheme, host and port of the base URL.
    pub fn same_origin(&self, url: &Url) -> bool {
        same_origin(&self.inner.base, url)
    }

    /// GET `url` and parse the answer.
    pub async fn get<T: DeserializeOwned>(&self, url: Url) -> Result<Fetched<T>, Error> {
        self.send(RequestSpec::get(url)).await?.fetched()
    }

    /// Send with a JSON body and parse the answer.
    pub async fn send_json<T: DeserializeOwned>(
        &self,
        method: Method,
        url: Url,
        body: Option<&serde_json::Value>,
    ) -> Result<Fetched<T>, Error> {
        let mut spec = RequestSpec::new(method, url);
        if let Some(b) = body {
            spec = spec.json(b);
        }
        self.send(spec).await?.fetched()
    }

    /// Send a request; a non-2xx answer becomes an [`Error`] with its exit kind.
    pub async fn send(&self, spec: RequestSpec) -> Result<ApiResponse, Error> {
        let resp = self.send_raw(spec).await?;
        if resp.status.is_success() {
            Ok(resp)
        } else {
            Err(error_from_response(&resp))
        }
    }

    /// Send a request with retries; any HTTP status is returned as is.
    pub async fn send_raw(&self, spec: RequestSpec) -> Result<ApiResponse, Error> {
        // Only idempotent requests are retried once they may have reached the server.
        let idempotent = matches!(spec.method, Method::GET | Method::HEAD | Method::OPTIONS);
        let max_retries = self.inner.retries;
        let mut attempt: u32 = 0;
        loop {
            let (outcome, elapsed) = self.attempt(&spec).await;
            let may_retry = attempt < max_retries;
            let (retry_reason, wait) = match outcome {
                Ok(resp) => {
                    self.log(format!(
                        "< {} {} ({} ms, {} bytes)",
                        resp.status.as_u16(),
                        resp.status.canonical_reason().unwrap_or(""),
                        elapsed.as_millis(),
                        resp.body.len()
                    ));
                    match self.after_response(resp, attempt, idempotent && may_retry)? {
                        Next::Done(resp) => return Ok(resp),
                        Next::Retry(reason, wait) => (reason, wait),
                    }
                }
                Err(SendError {
                    error,
                    connect,
                    fatal,
                }) => {
                    self.log(format!(
                        "< error after {} ms: {}",
                        elapsed.as_millis(),
                        error
                    ));
                    // A connection that never opened can't have delivered anything, so even a
                    // POST may be retried then.
                    // A certificate the client does not trust won't become trusted by asking
                    // again: fail at once with the fix.
                    if fatal || !(may_retry && (idempotent || connect)) {
                        return Err(error);
                    }
                    (error.message.clone(), backoff(attempt))
                }
            };
            attempt += 1;
            self.bump(|s| s.retries += 1);
            self.inner.reporter.report(ClientEvent::Retry(Retry {
                reason: crate::redact::scrub(&retry_reason),
                wait,
                retry: attempt,
                retries: max_retries,
            }));
            tokio::time::sleep(wait).await;
        }
    }

    /// One attempt through the limiter's slot, the Retry-After gate and the pacer, each told
    /// how it went. Returns the outcome and how long the exchange took.
    async fn attempt(
        &self,
        spec: &RequestSpec,
    ) -> (Result<ApiResponse, SendError>, std::time::Duration) {
        // The slot first, then the gate: a worker let in by the limiter still waits out a
        // Retry-After that arrived while it queued.
        let slot = match &self.limiter {
            Some(l) => Some(l.acquire().await),
            None => None,
        };
        self.wait_gate().await;
        let ticket = match self.inner.pacer.acquire().await {
            Ok(t) => t,
            // The service's quota resets later than --max-wait: no point in asking.
            Err(error) => {
                let e = SendError {
                    error,
                    connect: false,
                    fatal: true,
                };
                return (Err(e), Duration::ZERO);
            }
        };
        let started = Instant::now();
        self.log(format!("> {} {}", spec.method, spec.url));
        self.bump(|s| s.requests += 1);
        let outcome = self.send_once(spec).await;
        let elapsed = started.elapsed();
        match &outcome {
            Ok(resp) => {
                let status = resp.status.as_u16();
                if let Some(note) = self.inner.pacer.observe(ticket, status, &resp.headers) {
                    self.log(note.said());
                }
            }
            Err(_) => drop(ticket),
        }
        if let (Some(l), Ok(resp)) = (&self.limiter, &outcome) {
            // A 429 the pacer now paces for is its business: halving the concurrency too
            // would hold a fast service's answers under the rate the pacer estimated.
            let rate_limited = resp.status.as_u16() == 429 && !self.inner.pacer.pacing();
            l.observe(rate_limited);
        }
        // Not held through a backoff sleep: others may use the slot meanwhile.
        drop(slot);
        (outcome, elapsed)
    }

    /// Whether an answer is final or worth another attempt (429/5xx when `retryable`), and
    /// after how long: the service's Retry-After (capped; too long a wait is an error at once),
    /// else the backoff. A 429 closes the gate for all requests unless the pacer paces them.
    fn after_response(
        &self,
        resp: ApiResponse,
        attempt: u32,
        retryable: bool,
    ) -> Result<Next, Error> {
        let status = resp.status.as_u16();
        let retryable = retryable && (status == 429 || (500..=599).contains(&status));
        if !retryable {
            if status == 429 {
                self.bump(|s| s.rate_limited += 1);
            }
            return Ok(Next::Done(ApiResponse {
                retries: attempt,
                ..resp
            }));
        }
        let now = self.inner.clock.now();
        let asked = retry_after_header_at(&resp.headers, now);
        let retry_after = match asked {
            Some(asked) => match asked.wait.filter(|w| *w <= self.inner.max_wait) {
                Some(w) => Some(w),
                None => {
                    if status == 429 {
                        self.bump(|s| s.rate_limited += 1);
                    }
                    return Err(too_long_retry_after(
                        status,
                        &asked,
                        self.inner.max_wait,
                        now,
                    ));
                }
            },
            None => None,
        };
        let wait = retry_after.unwrap_or_else(|| backoff(attempt));
        if status == 429 {
            self.bump(|s| s.rate_limited += 1);
            // The pacer slows the others when it paces; only a long wait stops all.
            if !self.inner.pacer.pacing() || wait > PACED_RETRY_AFTER {
                self.close_gate(wait);
            }
        }
        Ok(Next::Retry(format!("HTTP {status}"), wait))
    }

    async fn send_once(&self, spec: &RequestSpec) -> Result<ApiResponse, SendError> {
        let mut req = self
            .inner
            .http
            .request(spec.method.clone(), spec.url.clone())
            .header(ACCEPT, "application/json");
        // The key goes only to the base URL's origin.
        if let Some(key) = &self.inner.key {
            if self.same_origin(&spec.url) {
                let mut v =
                    HeaderValue::from_str(&format!("Bearer {}", key.expose())).map_err(|_| {
                        SendError {
                            error: Error::usage(crate::msg!("key-not-header-safe")),
                            connect: false,
                            // A local configuration error: asking again can't fix it.
                            fatal: true,
                        }
                    })?;
                v.set_sensitive(true);
                req = req.header(AUTHORIZATION, v);
            }
        }
        if let Some(body) = &spec.body {
            req = req
                .header(CONTENT_TYPE, "application/json")
                .body(body.clone());
        }
        for (name, value) in &spec.headers {
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| SendError {
                error: Error::usage(crate::msg!("header-name-invalid", name = name.to_string())),
                connect: false,
                fatal: true,
            })?;
            let value = HeaderValue::from_str(value).map_err(|_| SendError {
                error: Error::usage(crate::msg!("header-value-invalid", name = name.to_string())),
                connect: false,
                fatal: true,
            })?;
            req = req.header(name, value);
        }
        let mut resp = req.send().await.map_err(|e| SendError {
            connect: e.is_connect(),
            fatal: super::tls::is_tls_error(&e),
            error: network_error(&e, &spec.url).with_source(e),
        })?;
        let status = resp.status();
        let headers = resp.headers().clone();
        let url = resp.url().clone();
        if let Some(len) = resp.content_length() {
            if len as usize > MAX_BODY {
                return Err(too_large(&url, Some(len)));
            }
        }
        let mut body = Vec::new();
        loop {
            match resp.chunk().await {
                Ok(Some(chunk)) => {
                    if body.len() + chunk.len() > MAX_BODY {
                        return Err(too_large(&url, None));
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(None) => break,
                Err(e) => {
                    return Err(SendError {
                        connect: false,
                        fatal: false,
                        error: network_error(&e, &spec.url),
                    })
                }
            }
        }
        Ok(ApiResponse {
            status,
            headers,
            body: Bytes::from(body),
            url,
            retries: 0,
        })
    }

    async fn wait_gate(&self) {
        let until = *self.inner.gate.lock().expect("gate lock");
        if let Some(until) = until {
            let now = Instant::now();
            if until > now {
                tokio::time::sleep(until - now).await;
            }
        }
    }

    fn close_gate(&self, wait: Duration) {
        let until = Instant::now() + wait;
        let mut gate = self.inner.gate.lock().expect("gate lock");
        if gate.is_none_or(|g| g < until) {
            *gate = Some(until);
        }
    }

    fn bump(&self, f: impl FnOnce(&mut Stats)) {
        f(&mut self.inner.stats.lock().expect("stats lock"));
    }

    /// A `-v` line, scrubbed of secrets, when verbose.
    pub fn log(&self, line: String) {
        if self.inner.verbose {
            self.report(ClientEvent::Verbose(crate::redact::scrub(&line)));
        }
    }

    /// Hand an event to the front end's observer.
    pub fn report(&self, event: ClientEvent) {
        self.inner.reporter.report(event);
    }
}

/// An answer over [`MAX_BODY`] (`size`: its announced size, when known).
fn too_large(url: &Url, size: Option<u64>) -> SendError {
    let (path, mib) = (url.path(), MAX_BODY / 1024 / 1024);
    SendError {
        error: Error::other(match size {
            Some(bytes) => crate::msg!(
                "answer-too-large-sized",
                path = path,
                bytes = bytes,
                mib = mib
            ),
            None => crate::msg!("answer-too-large", path = path, mib = mib),
        }),
        connect: false,
        fatal: false,
    }
}

struct SendError {
    error: Error,
    /// The connection was never established, so nothing reached the server.
    connect: bool,
    /// Retrying cannot help (a TLS handshake the client refused).
    fatal: bool,
}

pub fn network_error(e: &reqwest::Error, url: &Url) -> Error {
    if let Some(why) = super::tls::describe_tls_error(e, url) {
        // rustls's own words, for --verbose and the JSON envelope; not where they are a Rust
        // debug dump (`Other(OtherError(SelfSigned))`) that says less than the message.
        let mut err = Error::network(why);
        let words = root_cause(e);
        err.detail = (!words.contains("Other(")).then(|| words.into());
        return err;
    }
    let target = format!(
        "{}://{}{}",
        url.scheme(),
        url.host_str().unwrap_or(""),
        url.port().map(|p| format!(":{p}")).unwrap_or_default()
    );
    // The innermost words, as today in English; ours in another language (the library's kept
    // as the error's detail).
    let cause = crate::error::cause_with(e, root_cause(e));
    Error::network(if e.is_timeout() {
        crate::msg!("net-timed-out", target = target)
    } else if e.is_connect() {
        crate::msg!("net-cannot-connect", target = target, cause = cause.clone())
    } else if e.is_redirect() {
        crate::msg!(
            "net-redirect-failed",
            target = target,
            cause = cause.clone()
        )
    } else {
        crate::msg!("net-failed", target = target, cause = cause.clone())
    })
}

pub fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cur: &dyn std::error::Error = e;
    while let Some(next) = cur.source() {
        cur = next;
    }
    cur.to_string()
}

/// Map a non-2xx answer to an error that names the status and the service's message.
pub fn error_from_response(resp: &ApiResponse) -> Error {
    let status = resp.status.as_u16();
    let kind = ExitKind::from_status(status);
    let body: Option<ErrorBody> = serde_json::from_slice(&resp.body).ok();
    let code = body.as_ref().and_then(|b| b.error.clone());
    // The service's own words as sent, else what its body looks like.
    let service_msg: crate::msg::Arg = body
        .as_ref()
        .and_then(|b| b.message.clone().or_else(|| b.error.clone()))
        .map(crate::msg::Arg::Text)
        .unwrap_or_else(|| excerpt(&resp.body, &resp.headers));
    let reason = resp.status.canonical_reason().unwrap_or("");
    let retried = if resp.retries > 0 {
        crate::msg!("http-after-retries", count = resp.retries).into()
    } else {
        crate::msg::Arg::Text(String::new())
    };
    let detail: crate::msg::Arg = if service_msg.to_string().is_empty() {
        format!("HTTP {status} {reason}").into()
    } else {
        crate::msg!("http-detail", said = service_msg, status = status).into()
    };
    use crate::error::Said as _;
    let (message, said) = match kind {
        ExitKind::Auth => crate::msg!("http-auth", detail = detail).into_said(),
        ExitKind::RateLimited => {
            crate::msg!("http-rate-limited", retried = retried, detail = detail).into_said()
        }
        ExitKind::Network => {
            crate::msg!("http-failed", retried = retried, detail = detail).into_said()
        }
        ExitKind::NotFound => crate::msg!("http-not-found", detail = detail).into_said(),
        _ if (300..400).contains(&status) => {
            let loc = resp
                .headers
                .get("location")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("?");
            crate::msg!("http-redirected", location = loc, status = status).into_said()
        }
        _ => crate::msg!("http-rejected", detail = detail).into_said(),
    };
    Error {
        kind: if (300..400).contains(&status) {
            ExitKind::Other
        } else {
            kind
        },
        message,
        said,
        status: Some(status),
        error_code: code.map(String::into_boxed_str),
        // The service's words are in the message as sent: no library words behind them.
        detail: None,
        source: None,
    }
}

/// A short, readable excerpt of a non-JSON body (the `<title>` of an HTML page, or its start).
fn excerpt(body: &[u8], headers: &HeaderMap) -> crate::msg::Arg {
    let text = String::from_utf8_lossy(body);
    let is_html = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.contains("html"))
        || text.trim_start().starts_with('<');
    if is_html {
        let lower = text.to_ascii_lowercase();
        if let (Some(a), Some(b)) = (lower.find("<title>"), lower.find("</title>")) {
            if a + 7 <= b {
                let title = text[a + 7..b].trim().to_string();
                return crate::msg!("answer-html-page-titled", title = title).into();
            }
        }
        return crate::msg!("answer-html-page").into();
    }
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut s: String = one_line.chars().take(200).collect();
    if one_line.chars().count() > 200 {
        s.push('…');
    }
    s.into()
}

/// Parse a 2xx body as JSON, explaining what was wrong when it isn't.
pub fn parse_json_body(
    body: &[u8],
    headers: &HeaderMap,
    status: StatusCode,
) -> Result<serde_json::Value, Error> {
    if body.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Error::other(crate::msg!(
            "answer-empty-body",
            status = status.as_u16()
        )));
    }
    serde_json::from_slice(body).map_err(|e| {
        let why: crate::msg::Arg = if e.is_eof() {
            crate::msg!("json-ends-early", line = e.line(), column = e.column()).into()
        } else {
            crate::error::cause_of(&e).into()
        };
        let ct: crate::msg::Arg = headers
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|ct| ct.into())
            .unwrap_or_else(|| crate::msg!("answer-no-content-type").into());
        Error::other(crate::msg!(
            "answer-not-json",
            status = status.as_u16(),
            content_type = ct,
            why = why,
            start = excerpt(body, headers)
        ))
        .with_source(e)
    })
}

/// What a `Retry-After` header asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryAfter {
    /// The header's value as sent (for messages: `99999999`, an HTTP date).
    pub sent: String,
    /// The wait it asks for from now; `None` when too long to represent (centuries).
    pub wait: Option<Duration>,
}

/// `Retry-After` as seconds or an HTTP date, as the service sent it, read against the
/// system's clock.
pub fn retry_after_header(headers: &HeaderMap) -> Option<RetryAfter> {
    retry_after_header_at(headers, SystemTime::now())
}

/// [`retry_after_header`], an HTTP date read against `now` (the client's clock).
pub fn retry_after_header_at(headers: &HeaderMap, now: SystemTime) -> Option<RetryAfter> {
    let v = headers.get("retry-after")?.to_str().ok()?.trim();
    let wait = if let Ok(secs) = v.parse::<f64>() {
        if !secs.is_finite() || secs < 0.0 {
            return None;
        }
        // try_from: 1e300 must not panic; it is simply too long.
        Duration::try_from_secs_f64(secs).ok()
    } else {
        let when = httpdate::parse_http_date(v).ok()?;
        Some(when.duration_since(now).unwrap_or(Duration::ZERO))
    };
    Some(RetryAfter {
        sent: v.to_string(),
        wait,
    })
}

/// `Retry-After` as a wait from now (`None` without one, or one too long to represent).
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    retry_after_header(headers).and_then(|r| r.wait)
}

/// The error for a `Retry-After` longer than `--max-wait`: the wait as the service sent it,
/// and when it ends in local time.
fn too_long_retry_after(
    status: u16,
    asked: &RetryAfter,
    max_wait: Duration,
    now: SystemTime,
) -> Error {
    let when = asked
        .wait
        .and_then(|w| now.checked_add(w))
        .and_then(crate::text::local_clock)
        .map(|t| crate::msg!("retry-try-after", time = t))
        .unwrap_or_else(|| crate::msg!("retry-too-far"));
    let asked_for: crate::msg::Arg = match asked.sent.parse::<f64>() {
        Ok(_) => format!("{} s", asked.sent).into(),
        Err(_) => crate::msg!("retry-until", time = asked.sent.as_str()).into(),
    };
    let mut e = Error::new(
        ExitKind::RateLimited,
        crate::msg!(
            "retry-after-too-long",
            asked = asked_for,
            status = status,
            sent = asked.sent.as_str(),
            max = seconds(max_wait),
            when = when
        ),
    );
    e.status = Some(status);
    e
}

/// `2 s`, `0.7 s`.
pub fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if (s - s.round()).abs() < 0.05 {
        format!("{} s", s.round())
    } else {
        format!("{s:.1} s")
    }
}

/// Exponential backoff with full jitter: up to 0.5 s, 1 s, 2 s, ... capped at 8 s.
fn backoff(attempt: u32) -> Duration {
    use rand::Rng;
    let cap = 0.5 * 2f64.powi(attempt.min(4) as i32);
    let secs = rand::thread_rng().gen_range(cap / 2.0..=cap);
    Duration::from_secs_f64(secs)
}

/// `https://h/v1`, `https://h/v1/`, `https://h` all become `https://h/v1/`.
pub fn normalize_base_url(input: &str) -> Result<Url, Error> {
    let trimmed = input.trim();
    // Echoed in its errors: never with a password.
    let shown = crate::redact::url_password(trimmed);
    let mut url = Error::explained(Url::parse(trimmed), |why| {
        Error::usage(crate::msg!(
            "base-url-invalid",
            url = shown.as_str(),
            why = why
        ))
    })?;
    if url.scheme() != "http" && url.scheme() != "https" {
        return Err(Error::usage(crate::msg!(
            "base-url-scheme",
            url = shown.as_str()
        )));
    }
    if url.host_str().is_none_or(|h| h.is_empty()) {
        return Err(Error::usage(crate::msg!(
            "base-url-no-host",
            url = shown.as_str()
        )));
    }
    if !url.username().is_empty() || url.password().is_some() {
        // reqwest would send them as Basic auth instead of the key, and -v would log them.
        // The URL is not echoed: it holds a password.
        return Err(Error::usage(crate::msg!("base-url-credentials")));
    }
    url.set_query(None);
    url.set_fragment(None);
    let path = url.path().trim_end_matches('/').to_string();
    let path = if path.ends_with("/v1") {
        format!("{path}/")
    } else {
        format!("{path}/v1/")
    };
    url.set_path(&path);
    Ok(url)
}

pub fn same_origin(a: &Url, b: &Url) -> bool {
    // A URL carrying credentials is never "ours": they would replace the key as Basic auth.
    b.username().is_empty()
        && b.password().is_none()
        && a.scheme() == b.scheme()
        && a.host_str().map(|h| h.to_ascii_lowercase())
            == b.host_str().map(|h| h.to_ascii_lowercase())
        && a.port_or_known_default() == b.port_or_known_default()
}

/// Whether a URL points at this machine (localhost, 127.0.0.0/8, ::1).
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => {
            d.eq_ignore_ascii_case("localhost") || d.ends_with(".localhost")
        }
        // The unspecified address reaches this host when connected to.
        Some(url::Host::Ipv4(ip)) => ip.is_loopback() || ip.is_unspecified(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback() || ip.is_unspecified(),
        None => false,
    }
}

/// A host on a private network: RFC 1918 and link-local IPv4, unique-local and link-local
/// IPv6, or a single-label name (`mock`, `api-gateway`) that only resolves locally.
pub fn is_local_network(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => !d.trim_end_matches('.').contains('.'),
        Some(url::Host::Ipv4(ip)) => ip.is_private() || ip.is_link_local(),
        Some(url::Host::Ipv6(ip)) => {
            let first = ip.segments()[0];
            (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
        }
        None => false,
    }
}

/// What to do after an answer: return it, or try again after a wait (with the reason, for logs).
enum Next {
    Done(ApiResponse),
    Retry(String, std::time::Duration),
}

/// An error and its sources on one line: `reqwest` keeps the useful part (e.g. "connection
/// refused") in the source chain.
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        let t = c.to_string();
        if !s.contains(&t) {
            s.push_str(": ");
            s.push_str(&t);
        }
        cur = c.source();
    }
    s
}

/// How a request to a fixed address names a 404 until [`Client::at_fixed_address`] says
/// what it means (the base URL is wrong).
pub fn at_fixed_address_named() -> crate::msg::Msg {
    crate::msg!("http-wrong-base-url", path = "", base = "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_forms() {
        for input in [
            "https://api.example.com",
            "https://api.example.com/",
            "https://api.example.com/v1",
            "https://api.example.com/v1/",
        ] {
            assert_eq!(
                normalize_base_url(input).unwrap().as_str(),
                "https://api.example.com/v1/"
            );
        }
        assert_eq!(
            normalize_base_url("http://127.0.0.1:9/prefix")
                .unwrap()
                .as_str(),
            "http://127.0.0.1:9/prefix/v1/"
        );
        assert!(normalize_base_url("ftp://x").is_err());
        assert!(normalize_base_url("not a url").is_err());
    }

    fn client(base: &str) -> Client {
        Client::new(ClientConfig::new(base, None)).unwrap()
    }

    #[tokio::test]
    async fn a_connection_error_keeps_its_cause_as_the_source() {
        // A port nothing listens on: refused at once.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut cfg = ClientConfig::new(format!("http://127.0.0.1:{port}/v1"), None);
        cfg.retries = 0;
        cfg.env_proxy = false;
        let c = Client::new(cfg).unwrap();
        let url = c.endpoint(&["application_forms"]);
        let err = c.send_raw(RequestSpec::get(url)).await.unwrap_err();
        assert_eq!(err.exit_code(), 7);
        assert_eq!(err.said.as_ref().map(|m| m.id), Some("net-cannot-connect"));
        let source = std::error::Error::source(&err).expect("the reqwest error is kept");
        assert!(
            source.to_string().contains("error sending request"),
            "{source}"
        );
    }

    #[test]
    fn segments_are_encoded_as_one() {
        let c = client("https://h.example/v1");
        let u = c.endpoint(&["candidates", "a/b c", "memos"]);
        assert_eq!(
            u.as_str(),
            "https://h.example/v1/candidates/a%2Fb%20c/memos"
        );
        assert!(c.checked_endpoint(&["candidates", "..", "memos"]).is_err());
        assert!(c.checked_endpoint(&["candidates", "", "memos"]).is_err());
        let huge = "C".repeat(1 << 20);
        let e = c
            .checked_endpoint(&["candidates", &huge, "memos"])
            .unwrap_err();
        assert_eq!(e.exit_code(), 2);
        let said = e.said.as_ref().expect("a message");
        assert_eq!(
            (said.id, said.get("bytes")),
            ("code-too-long", Some(&crate::msg::Arg::Number(1048576.0)))
        );
        assert!(e.message.len() < 200, "not echoed whole");
        let u = c.endpoint(&["candidates", "50%?#", "memos"]);
        assert_eq!(
            u.as_str(),
            "https://h.example/v1/candidates/50%25%3F%23/memos"
        );
    }

    #[test]
    fn plain_http_to_remote_host_is_refused() {
        let err = Client::new(ClientConfig::new("http://api.example.com", None)).unwrap_err();
        assert_eq!(err.kind, ExitKind::Usage);
        assert_eq!(
            err.said,
            Some(crate::msg!("http-refused", host = "api.example.com"))
        );
        assert!(Client::new(ClientConfig::new("http://localhost:8080", None)).is_ok());
        assert!(Client::new(ClientConfig::new("http://[::1]:8080", None)).is_ok());
    }

    #[test]
    fn plain_http_on_the_local_network_warns_with_a_message_not_words() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let into = seen.clone();
        let mut cfg = ClientConfig::new("http://192.168.1.20:8080", None);
        cfg.reporter = Reporter::new(Arc::new(move |e: &ClientEvent| {
            into.lock().unwrap().push(e.clone())
        }));
        assert!(Client::new(cfg).is_ok());
        assert_eq!(
            *seen.lock().unwrap(),
            vec![ClientEvent::Warning(crate::msg!(
                "http-local-unencrypted",
                host = "192.168.1.20"
            ))]
        );
    }

    #[test]
    fn resolve_user_paths() {
        let c = client("https://h.example");
        for p in ["/v1/webhooks", "v1/webhooks", "/webhooks", "webhooks"] {
            assert_eq!(
                c.resolve_path(p).unwrap().as_str(),
                "https://h.example/v1/webhooks"
            );
        }
        assert!(c.resolve_path("https://evil.example/v1/webhooks").is_err());
    }

    /// An HTTP-date `Retry-After` is a wait from the client's clock's now, not the system's:
    /// on a manual clock stopped in 2027 the wait shrinks only as that clock advances.
    #[test]
    fn a_retry_after_date_is_read_on_the_clients_clock() {
        use crate::clock::Clock as _;
        let clock =
            crate::clock::Manual::at(std::time::UNIX_EPOCH + Duration::from_secs(1_800_000_000));
        let mut h = HeaderMap::new();
        let at = clock.now() + Duration::from_secs(90);
        h.insert(
            "retry-after",
            HeaderValue::from_str(&httpdate::fmt_http_date(at)).unwrap(),
        );
        let wait = |now| retry_after_header_at(&h, now).unwrap().wait;
        assert_eq!(wait(clock.now()), Some(Duration::from_secs(90)));
        clock.advance(Duration::from_secs(60));
        assert_eq!(wait(clock.now()), Some(Duration::from_secs(30)));
        clock.advance(Duration::from_secs(600));
        assert_eq!(wait(clock.now()), Some(Duration::ZERO));
    }

    #[test]
    fn retry_after_forms() {
        let mut h = HeaderMap::new();
        h.insert("retry-after", HeaderValue::from_static("2"));
        assert_eq!(retry_after(&h), Some(Duration::from_secs(2)));
        let later = SystemTime::now() + Duration::from_secs(30);
        h.insert(
            "retry-after",
            HeaderValue::from_str(&httpdate::fmt_http_date(later)).unwrap(),
        );
        let d = retry_after(&h).unwrap();
        assert!(d > Duration::from_secs(25) && d <= Duration::from_secs(30));
        h.insert("retry-after", HeaderValue::from_static("soon"));
        assert_eq!(retry_after(&h), None);
        // Huge values are kept as sent, never clamped into another number.
        h.insert("retry-after", HeaderValue::from_static("99999999"));
        let r = retry_after_header(&h).unwrap();
        assert_eq!(r.sent, "99999999");
        assert_eq!(r.wait, Some(Duration::from_secs(99_999_999)));
        let e = too_long_retry_after(429, &r, Duration::from_secs(60), SystemTime::now());
        assert_eq!(e.exit_code(), 6);
        let said = e.said.as_ref().expect("a message");
        assert_eq!(
            said.get("asked"),
            Some(&crate::msg::Arg::Text("99999999 s".into()))
        );
        assert_eq!(said.get("max"), Some(&crate::msg::Arg::Text("60 s".into())));
        h.insert("retry-after", HeaderValue::from_static("1e300"));
        let r = retry_after_header(&h).unwrap();
        assert_eq!(r.wait, None);
        let e = too_long_retry_after(429, &r, Duration::from_secs(60), SystemTime::now());
        assert_eq!(
            e.said.as_ref().and_then(|m| m.get("asked")),
            Some(&crate::msg::Arg::Text("1e300 s".into()))
        );
    }
}
