//! Delivering an event over HTTP, the one way every sender here does it: the listener's
//! forwards, the relay's re-sends from its store, `events replay`, `webhooks trigger` and the
//! sandbox's deliveries to registered webhooks.
//!
//! [`post`] makes one attempt: the raw bytes, their Content-Type, a signature (as received,
//! or made now), and the headers an app deduplicates by (`X-Recruit-Dedup-Key`,
//! `X-Recruit-Event-Id`); its [`Outcome`] says whether trying again can help. [`run`] makes
//! attempts until one is delivered or the caller's [`Policy`] gives up: what counts as
//! delivered (the service's exactly-200 for `trigger` and the sandbox, any 2xx for the relay),
//! the schedule of retries (fixed delays, or backoff until an age), and what a refusal for good
//! costs. Each caller watches the attempts through a callback (to print, record or mark them).

use crate::api::ClientBuilderExt;
use std::future::Future;
use std::time::Duration;

use reqwest::header::{HeaderName, HeaderValue, CONTENT_TYPE};
use sha2::{Digest, Sha256};

use crate::redact::Secret;

pub const EVENT_ID: &str = "x-recruit-event-id";
pub const DEDUP_KEY: &str = "x-recruit-dedup-key";
pub const ORIGINAL_SIGNATURE: &str = "x-recruit-original-signature";
/// On forwards of events the reconciler made (`"synthesized": true`): `1`.
pub const SYNTHESIZED: &str = "x-recruit-synthesized";

/// How much of a refusing app's answer is kept in `last_error`.
const BODY_EXCERPT: usize = 500;

/// The longest `Retry-After` a sender waits out: a chat tool that asks for more than an hour
/// is tried again after an hour (the relay's `--max-age` still bounds the whole).
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(3600);

/// How a forward is signed.
#[derive(Debug, Clone, Copy)]
pub enum Signing<'a> {
    /// The signature header as it came with the event (name, value), if any.
    AsReceived(Option<(&'a str, &'a str)>),
    /// Signed at `at` (Unix seconds) with these keys (one `v1` entry per key) in `header`;
    /// the received value, if any, is passed on as `X-Recruit-Original-Signature`.
    Fresh {
        header: &'a HeaderName,
        keys: &'a [Secret],
        original: Option<&'a str>,
        at: i64,
    },
}

/// One event to send.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub payload: &'a [u8],
    pub content_type: Option<&'a str>,
    pub signing: Signing<'a>,
    /// The stored event's id (a relay or replay), for `X-Recruit-Event-Id`.
    pub event_id: Option<i64>,
    /// Whether to add `X-Recruit-Dedup-Key`: forwards to an app do; `trigger` and the sandbox,
    /// which stand in for the service, send only what it sends.
    pub dedup_key: bool,
}

/// What the app made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// 2xx.
    Accepted(u16),
    /// Any other status, with the start of the answer's body and, on a 429 or 503, how long
    /// the app asked to be left alone (`Retry-After`, capped at [`MAX_RETRY_AFTER`]).
    Refused {
        status: u16,
        body: String,
        retry_after: Option<Duration>,
    },
    /// No answer: connection refused, timeout, TLS...
    Failed(String),
}

impl Outcome {
    pub fn accepted(&self) -> bool {
        matches!(self, Outcome::Accepted(_))
    }

    /// A 4xx other than 408 (timeout) and 429 (slow down): the app refuses this event as it
    /// is, and sending it again unchanged will not help.
    pub fn permanent(&self) -> bool {
        matches!(self, Outcome::Refused { status, .. } if refuses(*status))
    }

    /// The HTTP status of the answer, when one came.
    pub fn status(&self) -> Option<u16> {
        match self {
            Outcome::Accepted(s) | Outcome::Refused { status: s, .. } => Some(*s),
            Outcome::Failed(_) => None,
        }
    }

    /// The wait the app asked for with its refusal, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            Outcome::Refused { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// `HTTP 200`, `HTTP 400: {"error":...}`, or the connection error.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Accepted(s) => format!("HTTP {s}"),
            Outcome::Refused { status, body, .. } if body.is_empty() => format!("HTTP {status}"),
            Outcome::Refused { status, body, .. } => format!("HTTP {status}: {body}"),
            Outcome::Failed(e) => e.clone(),
        }
    }
}

/// Whether an app's answer `status` refuses the event as it is ([`Outcome::permanent`]).
fn refuses(status: u16) -> bool {
    (400..500).contains(&status) && !matches!(status, 408 | 429)
}

/// The failure of a command whose event was not delivered (`webhooks trigger`, `webhooks
/// events replay`), by the app's last answer: a refusal ([`Outcome::permanent`]) is the app
/// rejecting the event (exit 5, not retryable: sent again unchanged it is refused again); no
/// answer, a timeout, 429, 5xx or any other status is the network's (exit 7, retryable). The
/// status is kept for the JSON envelope's `http_status`.
pub fn not_delivered(message: crate::Msg, last_status: Option<u16>) -> crate::Error {
    let kind = match last_status {
        Some(s) if refuses(s) => crate::ExitKind::Rejected,
        _ => crate::ExitKind::Network,
    };
    let mut e = crate::Error::new(kind, message);
    e.status = last_status;
    e
}

/// A client for deliveries: no redirects followed (a 3xx is not a delivery, and following one
/// would turn the POST into a GET that may answer 200), the environment's proxy only when
/// `env_proxy` (never for local apps), `--ca-cert` trusted for https.
pub fn client(
    net: &crate::api::NetSettings,
    env_proxy: bool,
    timeout: Duration,
    user_agent: String,
) -> Result<reqwest::Client, crate::Error> {
    net.client_builder(env_proxy)
        .timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(user_agent)
        .build()
        .map_err(|e| {
            crate::Error::caused(crate::ExitKind::Other, crate::msg!("http-client-build"), e)
        })
}

/// `recruit/VERSION (what)`: who sends, for the receiver's logs.
pub fn user_agent(what: &str) -> String {
    format!("recruit/{} ({what})", env!("CARGO_PKG_VERSION"))
}

/// `sha256:<hex>` of the raw body: equal for the service's retries of one event.
pub fn dedup_key(payload: &[u8]) -> String {
    format!("sha256:{}", hex::encode(Sha256::digest(payload)))
}

/// Send `req` to `url`.
pub async fn post(client: &reqwest::Client, url: &str, req: Request<'_>) -> Outcome {
    post_with(client, url, req, &[]).await
}

/// Send `req` to `url` with these headers besides (a chat tool's `Accept`).
pub async fn post_with(
    client: &reqwest::Client,
    url: &str,
    req: Request<'_>,
    extra: &[(&str, &str)],
) -> Outcome {
    let content_type = req
        .content_type
        .and_then(|c| HeaderValue::from_str(c).ok())
        .unwrap_or_else(|| HeaderValue::from_static("application/json"));
    let mut builder = client
        .post(url)
        .header(CONTENT_TYPE, content_type)
        .body(req.payload.to_vec());
    for (name, value) in extra {
        builder = builder.header(*name, *value);
    }
    if req.dedup_key {
        builder = builder.header(DEDUP_KEY, dedup_key(req.payload));
    }
    if let Some(id) = req.event_id {
        builder = builder.header(EVENT_ID, id);
    }
    if req.dedup_key && recruit_core::payload::is_synthesized(req.payload) {
        builder = builder.header(SYNTHESIZED, "1");
    }
    match req.signing {
        Signing::AsReceived(Some((name, value))) => {
            if let (Ok(n), Ok(v)) = (
                HeaderName::from_bytes(name.as_bytes()),
                HeaderValue::from_str(value),
            ) {
                builder = builder.header(n, v);
            }
        }
        Signing::AsReceived(None) => {}
        Signing::Fresh {
            header,
            keys,
            original,
            at,
        } => {
            let keys: Vec<&[u8]> = keys.iter().map(|k| k.expose().as_bytes()).collect();
            let value = crate::signature::sign_all(&keys, at, req.payload);
            builder = builder.header(header.clone(), value);
            if let Some(v) = original.and_then(|o| HeaderValue::from_str(o).ok()) {
                builder = builder.header(ORIGINAL_SIGNATURE, v);
            }
        }
    }
    let resp = match builder.send().await {
        Ok(r) => r,
        Err(e) => {
            // Never the address: reqwest's words name it whole ("error sending request for url
            // (...)"), and a forward target's path and query may be secrets.
            let e = e.without_url();
            let why = url::Url::parse(url)
                .ok()
                .and_then(|u| crate::api::tls::describe_tls_error(&e, &u))
                .map(|m| m.for_programs())
                .unwrap_or_else(|| crate::api::http::error_chain(&e));
            return Outcome::Failed(
                crate::redact::hide_addresses(&crate::redact::scrub(&why)).into_owned(),
            );
        }
    };
    let status = resp.status().as_u16();
    if (200..300).contains(&status) {
        return Outcome::Accepted(status);
    }
    let retry_after = matches!(status, 429 | 503)
        .then(|| crate::api::http::retry_after(resp.headers()))
        .flatten()
        .map(|d| d.min(MAX_RETRY_AFTER));
    Outcome::Refused {
        status,
        body: excerpt(resp).await,
        retry_after,
    }
}

/// What counts as delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Success {
    /// Only 200: the service's rule (201 and 204 are failures it retries).
    Exactly200,
    /// Any 2xx: what an app behind the relay means by "got it".
    Any2xx,
}

impl Success {
    pub fn accepts(self, o: &Outcome) -> bool {
        match (self, o) {
            (Success::Exactly200, Outcome::Accepted(s)) => *s == 200,
            (Success::Any2xx, Outcome::Accepted(_)) => true,
            _ => false,
        }
    }
}

/// When to try again after a failure that may pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Retries {
    /// These delays, one per retry, then give up (the service: [`SERVICE_RETRY_DELAYS`]).
    Fixed(Vec<Duration>),
    /// `first`, doubled per attempt up to `max`, until the event is `max_age` old (if set).
    Backoff {
        first: Duration,
        max: Duration,
        max_age: Option<Duration>,
    },
    /// These delays, one per retry, the last repeated, until the event is `max_age` old
    /// (if set): the relay's `--retry-schedule`.
    Schedule {
        delays: Vec<Duration>,
        max_age: Option<Duration>,
    },
}

/// The service's delays before its 2nd..5th attempt, in seconds (spec sections 6 and 8): the
/// one copy the sandbox and `webhooks trigger` both use.
pub const SERVICE_RETRY_DELAYS: [u64; 4] = [10, 30, 90, 270];

/// The service makes at most this many attempts, the first included.
pub const SERVICE_MAX_ATTEMPTS: usize = SERVICE_RETRY_DELAYS.len() + 1;

/// [`SERVICE_RETRY_DELAYS`] as `--retry-delays` writes them: "10,30,90,270".
pub fn service_retry_delays_text() -> String {
    SERVICE_RETRY_DELAYS
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A sender's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    pub success: Success,
    pub retries: Retries,
    /// A refusal for good ([`Outcome::permanent`]) is tried again after these delays, then
    /// given up; `None`: it is retried like any failure.
    pub refusals: Option<Vec<Duration>>,
}

impl Policy {
    /// The service's delivery rules, with its delays (or a test's): exactly 200, at most
    /// `delays.len() + 1` attempts.
    pub fn service(delays: Vec<Duration>) -> Policy {
        Policy {
            success: Success::Exactly200,
            retries: Retries::Fixed(delays),
            refusals: None,
        }
    }

    /// Whether a retry waits at least what the app asked for (`Retry-After` on a 429 or 503):
    /// every sender but the service's stand-ins, since the service follows its own delays.
    pub fn honours_retry_after(&self) -> bool {
        self.success != Success::Exactly200
    }

    /// The delay after the `attempts`-th failed attempt of a schedule: its delay of that
    /// rank, the last one once they are used up.
    pub fn scheduled(delays: &[Duration], attempts: i64) -> Duration {
        let i = (attempts.max(1) - 1) as usize;
        delays
            .get(i)
            .or(delays.last())
            .copied()
            .unwrap_or(Duration::from_secs(1))
    }

    /// The delay after the `attempts`-th failed attempt of a backoff: first, 2 first, ... max.
    pub fn backoff(first: Duration, max: Duration, attempts: i64) -> Duration {
        let exp = attempts.saturating_sub(1).clamp(0, 16) as u32;
        first.saturating_mul(2u32.saturating_pow(exp)).min(max)
    }
}

/// Retry after `delay` unless the event is `max_age` old.
fn until_max_age(
    max_age: Option<Duration>,
    age: &impl Fn() -> Duration,
    attempts: i64,
    delay: impl FnOnce() -> Duration,
) -> Next {
    match max_age.filter(|m| age() >= *m) {
        Some(_) => Next::GiveUp(crate::msg!("delivery-too-old", attempts = attempts)),
        None => Next::RetryIn(delay()),
    }
}

/// What follows an attempt.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// Delivered.
    Done,
    /// Tried again after this long.
    RetryIn(Duration),
    /// No more attempts, and why.
    GiveUp(crate::msg::Msg),
}

/// One attempt, as the caller's callback sees it.
#[derive(Debug)]
pub struct Attempted<'a> {
    /// 1 for the first attempt of this run.
    pub n: usize,
    /// Attempts in all, those of earlier runs included (the relay's stored count).
    pub attempts: i64,
    pub outcome: &'a Outcome,
    pub next: Next,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Delivered,
    GaveUp(crate::msg::Msg),
    /// The caller's callback said to stop (the event went away).
    Dropped,
    /// `stop` resolved: the attempt in flight was abandoned.
    Stopped,
}

/// Attempt until delivered or given up. `attempt(n)` sends the n-th attempt (signed afresh
/// by the caller if it signs); `watch` sees each attempt with what comes next and returns
/// false to stop there; `age` is how old the event is (for `max_age`); `prior` counts earlier
/// attempts; `stop` abandons the run (an attempt in flight, or a wait).
pub async fn run<A, AF, W, WF>(
    policy: &Policy,
    prior: i64,
    age: impl Fn() -> Duration,
    mut attempt: A,
    mut watch: W,
    stop: impl Future<Output = ()>,
) -> Verdict
where
    A: FnMut(usize) -> AF,
    AF: Future<Output = Outcome>,
    W: FnMut(Attempted<'_>) -> WF,
    WF: Future<Output = bool>,
{
    tokio::pin!(stop);
    let mut attempts = prior;
    let mut refusals = 0usize;
    for n in 1.. {
        let outcome = tokio::select! {
            o = attempt(n) => o,
            _ = &mut stop => return Verdict::Stopped,
        };
        attempts += 1;
        let next = if policy.success.accepts(&outcome) {
            Next::Done
        } else if let (true, Some(delays)) = (outcome.permanent(), &policy.refusals) {
            refusals += 1;
            match delays.get(refusals - 1) {
                Some(d) => Next::RetryIn(*d),
                None => Next::GiveUp(crate::msg!("delivery-refused-times", times = refusals)),
            }
        } else {
            match &policy.retries {
                Retries::Fixed(delays) => match delays.get(n - 1) {
                    Some(d) => Next::RetryIn(*d),
                    None if outcome.accepted() => Next::GiveUp(crate::msg!("delivery-only-200")),
                    None => Next::GiveUp(crate::msg!("delivery-no-retries")),
                },
                Retries::Backoff {
                    first,
                    max,
                    max_age,
                } => until_max_age(*max_age, &age, attempts, || {
                    Policy::backoff(*first, *max, attempts)
                }),
                Retries::Schedule { delays, max_age } => {
                    until_max_age(*max_age, &age, attempts, || {
                        Policy::scheduled(delays, attempts)
                    })
                }
            }
        };
        // A rate limit is honoured per sender: this run waits, others go on.
        let next = match (next, outcome.retry_after()) {
            (Next::RetryIn(d), Some(asked)) if policy.honours_retry_after() => {
                Next::RetryIn(d.max(asked))
            }
            (next, _) => next,
        };
        let go_on = watch(Attempted {
            n,
            attempts,
            outcome: &outcome,
            next: next.clone(),
        })
        .await;
        match next {
            Next::Done => return Verdict::Delivered,
            Next::GiveUp(why) => return Verdict::GaveUp(why),
            Next::RetryIn(_) if !go_on => return Verdict::Dropped,
            Next::RetryIn(d) => tokio::select! {
                _ = tokio::time::sleep(d) => {}
                _ = &mut stop => return Verdict::Stopped,
            },
        }
    }
    unreachable!("attempts are counted without end")
}

/// The start of a refusal's body, on one line, for `last_error` and the log.
async fn excerpt(mut resp: reqwest::Response) -> String {
    let mut bytes = Vec::new();
    while bytes.len() < BODY_EXCERPT {
        match resp.chunk().await {
            Ok(Some(c)) => bytes.extend_from_slice(&c),
            _ => break,
        }
    }
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(BODY_EXCERPT)]).into_owned();
    crate::text::one_line(text.trim(), 300)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_refusals_are_permanent() {
        let refused = |status| Outcome::Refused {
            status,
            body: String::new(),
            retry_after: None,
        };
        for s in [400, 401, 403, 404, 410, 413, 422] {
            assert!(refused(s).permanent(), "{s}");
        }
        for s in [408, 429, 500, 502, 503] {
            assert!(!refused(s).permanent(), "{s}");
        }
        assert!(!Outcome::Failed("connection refused".into()).permanent());
        assert!(!Outcome::Accepted(204).permanent());
        assert_eq!(
            Outcome::Refused {
                status: 400,
                body: r#"{"error":"bad"}"#.into(),
                retry_after: None,
            }
            .describe(),
            r#"HTTP 400: {"error":"bad"}"#
        );
    }

    fn refused(status: u16) -> Outcome {
        Outcome::Refused {
            status,
            body: String::new(),
            retry_after: None,
        }
    }

    /// The relay's kind of rules: any 2xx, backoff from 1 s up to `max`, these refusal delays.
    fn relay_policy(max: Duration, refusals: Vec<Duration>) -> Policy {
        Policy {
            success: Success::Any2xx,
            retries: Retries::Backoff {
                first: Duration::from_secs(1),
                max,
                max_age: None,
            },
            refusals: Some(refusals),
        }
    }

    fn slow_down(secs: u64) -> Outcome {
        Outcome::Refused {
            status: 429,
            body: String::new(),
            retry_after: Some(Duration::from_secs(secs)),
        }
    }

    /// A 429's Retry-After lengthens the relay's wait (never shortens it); the service's
    /// rules keep their own delays, as the service does.
    #[tokio::test(start_paused = true)]
    async fn retry_after_is_waited_out_by_the_relay_not_by_the_service() {
        let s = Duration::from_secs;
        let relay = relay_policy(s(60), vec![s(2)]);
        let started = tokio::time::Instant::now();
        let (v, n, waits) = script(&relay, vec![slow_down(30), slow_down(0), refused(503)]).await;
        assert_eq!((v, n), (Verdict::Delivered, 4));
        assert_eq!(waits, [s(30), s(2), s(4)], "max(backoff, Retry-After)");
        assert_eq!(started.elapsed(), s(36), "the waits were slept");
        let service = Policy::service(vec![s(10)]);
        let (_, _, waits) = script(&service, vec![slow_down(300)]).await;
        assert_eq!(waits, [s(10)]);
    }

    /// Runs `policy` against scripted outcomes on tokio's paused clock: the verdict, the
    /// attempts made, and the delays waited between them.
    async fn script(policy: &Policy, outcomes: Vec<Outcome>) -> (Verdict, usize, Vec<Duration>) {
        let outcomes = std::cell::RefCell::new(outcomes.into_iter());
        let waits = std::cell::RefCell::new(Vec::new());
        let made = std::cell::Cell::new(0);
        let verdict = run(
            policy,
            0,
            || Duration::ZERO,
            |_| {
                made.set(made.get() + 1);
                let o = outcomes
                    .borrow_mut()
                    .next()
                    .unwrap_or(Outcome::Accepted(200));
                async move { o }
            },
            |a| {
                if let Next::RetryIn(d) = a.next {
                    waits.borrow_mut().push(d);
                }
                async { true }
            },
            std::future::pending(),
        )
        .await;
        (verdict, made.get(), waits.into_inner())
    }

    #[tokio::test(start_paused = true)]
    async fn the_service_policy_counts_only_200_and_stops_after_its_delays() {
        let s = Duration::from_secs;
        let policy = Policy::service(vec![s(10), s(30), s(90), s(270)]);
        let (v, n, waits) = script(&policy, vec![Outcome::Accepted(204); 5]).await;
        assert_eq!(n, 5);
        assert_eq!(waits, [s(10), s(30), s(90), s(270)]);
        assert_eq!(v, Verdict::GaveUp(crate::msg!("delivery-only-200")));
        let (v, n, _) = script(&policy, vec![refused(503), Outcome::Accepted(200)]).await;
        assert_eq!((v, n), (Verdict::Delivered, 2));
    }

    #[tokio::test(start_paused = true)]
    async fn the_relay_policy_backs_off_and_gives_refusals_up() {
        let s = Duration::from_secs;
        let policy = relay_policy(s(4), vec![s(2), s(2)]);
        let failed = Outcome::Failed("connection refused".into());
        let (v, n, waits) = script(
            &policy,
            vec![
                failed.clone(),
                failed.clone(),
                failed.clone(),
                failed,
                Outcome::Accepted(204),
            ],
        )
        .await;
        assert_eq!((v, n), (Verdict::Delivered, 5));
        assert_eq!(waits, [s(1), s(2), s(4), s(4)]);
        let (v, n, waits) = script(&policy, vec![refused(400); 3]).await;
        assert_eq!(n, 3);
        assert_eq!(waits, [s(2), s(2)]);
        assert_eq!(
            v,
            Verdict::GaveUp(crate::msg!("delivery-refused-times", times = 3))
        );
    }

    #[tokio::test(start_paused = true)]
    async fn max_age_and_stop_end_a_run() {
        let policy = Policy {
            success: Success::Any2xx,
            retries: Retries::Backoff {
                first: Duration::from_secs(1),
                max: Duration::from_secs(60),
                max_age: Some(Duration::from_secs(3600)),
            },
            refusals: None,
        };
        let v = run(
            &policy,
            7,
            || Duration::from_secs(7200),
            |_| async { Outcome::Failed("timed out".into()) },
            |a| {
                assert_eq!(a.attempts, 8);
                async { true }
            },
            std::future::pending(),
        )
        .await;
        assert_eq!(
            v,
            Verdict::GaveUp(crate::msg!("delivery-too-old", attempts = 8))
        );
        let v = run(
            &policy,
            0,
            || Duration::ZERO,
            |_| async { Outcome::Failed("timed out".into()) },
            |_| async { true },
            tokio::time::sleep(Duration::from_millis(1500)),
        )
        .await;
        assert_eq!(v, Verdict::Stopped, "stopped during the second wait");
    }

    #[test]
    fn the_dedup_key_is_the_bodys_sha256() {
        assert_eq!(
            dedup_key(b""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
