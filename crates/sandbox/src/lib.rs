//! The built-in sandbox: an emulator of the whole service (axum), with demo data and state
//! persisted in a JSON file.
//!
//! Interface used by the rest of the crate (keep it): `SandboxOptions::new(state_path)`,
//! `start(addr, opts) -> Sandbox`, `Sandbox::{addr, api_key, base_url(), shutdown()}`,
//! `DEFAULT_API_KEY`.
//!
//! # Behaviour
//!
//! Every request except the upload addresses needs `Authorization: Bearer <api_key>`
//! (401 `{"error":"unauthorized","message":"Invalid or missing API key"}` otherwise).
//! Unknown routes and resources answer 404 `{"error":"not_found","message":"Resource not
//! found"}`; every error body is `{error, message}` (400 `invalid_json` / `invalid_parameter`,
//! 422 `validation_failed`, 405 `method_not_allowed`, and with `fail_rate` 503
//! `service_unavailable` / 429 `rate_limited`, both with `Retry-After: 1`).
//!
//! Applying is refused (422) for forms that have expired or whose `open_status` is false.
//! Variant B of the apply body is recognised by any of the top-level fields `name`,
//! `email`, `phone`, `resume_path`; its questions use `id`, variant A's use `question_id`.
//! A successful application creates (or, same e-mail, reuses: `duplicate` true) a candidate
//! `C1007`, `C1008`, … at stage `applied` of the form's job and fires `candidate_stage_changed`
//! with payload `{candidate: {code, name, email}, job: {code, title}, application_form: {code,
//! title}, job_stage: {stage_kind: "applied", title, created_at, updated_at},
//! previous_job_stage: null, changed_at}` (a stage shaped as the candidate list's `job_stage`,
//! in every event, as in `webhooks trigger`'s samples).
//!
//! The hiring pipeline ([`pipeline`]): `GET /v1/candidates` (stored candidates, then the
//! synthetic ones; `stage_kind` filter; paged like the form list, a token carrying the filter),
//! `GET /v1/candidates/{code}` (adds `desired_salary`, `current_salary`, `expected_fee`),
//! `GET /v1/jobs` (`title` matches a job's or its job group's title),
//! `GET /v1/feedback/candidate_scores/{code}` and `GET /v1/interviews/{code}`. A candidate's
//! `feedback_*` fields come from its latest evaluation; stored paths (resume, photo) are shown
//! as full addresses on the sandbox's origin.
//!
//! # Demo data (stable codes)
//!
//! Application forms (26, so the default page size of 20 gives two pages):
//! - `FORM-ALLKINDS` "Platform Engineer (full application form)": one question of each of
//!   the 27 documented kinds, in the documentation's order, ids 9001..=9027 (order 1..=27).
//! - `FORM-1001` … `FORM-1024`: realistic postings with 5-9 questions (name, email, phone,
//!   resume first), question ids `10000 + 100 × position + order` (position 1 = FORM-1001).
//!   Detail variant 2 (the five HTML sections instead of address/content/open_status/
//!   resume_required): FORM-1002, 1004, 1007, 1010, 1012, 1014, 1017, 1019, 1022; the rest
//!   variant 1. Expired: FORM-1009, FORM-1012, FORM-1016. `open_status` false: FORM-1006,
//!   FORM-1016. Dates are set relative to when the state file was created (or reset); the
//!   open forms close at least 200 days after that.
//! - `FORM-NOIDS` "Store Operations Associate (Seongsu)": questions without `id` (apply with
//!   variant B: name, email, phone, resume_path; its other questions are optional).
//!
//! Candidates (with the number of form submissions of both kinds, `message` and
//! `reference_check`, and their stage): `C1001` Kim Min-jun (45, `1차 면접`), `C1002` Lee
//! Seo-yeon (6, `서류 검토`), `C1003` Park Ji-ho (3, `지원 접수`, the talent pool's job, which has
//! no code), `C1004` Jordan Avery (8, `처우 협의`), `C1005` Choi Yu-na (2, `불합격`), `C1006` Sam
//! Rivera (12, `최종 합격`), and `C/2001` Han Da-eun (2, `서류 검토`), whose code contains a slash
//! and must be sent percent-encoded as one path segment (`C%2F2001`); then `C3001` … `C3016`
//! with Korean and English names, so every stage kind has at least two candidates (23 in all,
//! two pages at the default size).
//!
//! Jobs: one per form, `JOB-1001` for `FORM-1001` and so on, with a Korean job group
//! (`백엔드 개발`) and one or two managers; the talent pool's (`FORM-1024`) has a null code.
//! Evaluations `EV-1001` … `EV-1006` (C1001's ongoing, 2 of 3 scored; C1004's complete, `A`)
//! and interviews `IV-1001` … `IV-1006` (`IV-1001`: C1001, 2026-09-10 14:00-15:00 KST).
//! A state file from before the pipeline is completed when read ([`demo::upgrade`]).
//!
//! Memos (ids are unique across the sandbox; new ones continue from 120):
//! - C1001: 101 (pinned, job_manager, mentions U1002) with replies 102, 103; 104 (member,
//!   with `file_url`); 105 (job_admin)
//! - C1002: 106 with reply 107; 108 (pinned, job_admin)
//! - C1003: 109 with reply 110
//! - C1004: 111 (mentions U1002, U1004) with reply 112; 113 (pinned)
//! - C1005: 114 with reply 115
//! - C1006: 116 with reply 118; 117 (job_admin)
//! - C/2001: 119
//!
//! Memo authors are U1001..U1004; memos created through the API are written by the API
//! key's user `{"code":"U1000","name":"Sandbox Admin","email":"admin@sandbox.example"}`.
//!
//! Webhooks: `WH10000001` (active, events candidate_pass / interview_scheduled /
//! feedback_completed, callback on the discard port 127.0.0.1:9) and `WH10000002`
//! (inactive, all events).
//!
//! Synthetic candidates (`synthetic_candidates` N): `S000001` … (`S` + 6-digit index), each
//! with `1 + (i × 37 mod 130)` generated submissions (1 to 130) and no memos, at a stage drawn
//! from the index (every kind occurs) and listed after the stored candidates; one moved to
//! another stage is stored from then on. Submissions of
//! every candidate are generated from the code and index, identical in every run.
//!
//! # Sandbox-only endpoints (same bearer key, outside /v1)
//!
//! - `GET /_sandbox/requests`: recorded apply requests, newest last:
//!   `[{method, path, body, received_at, status}]`
//! - `GET /_sandbox/uploads`: presigned uploads: `[{token, filename, presigned_url, file_url,
//!   file_path, created_at, uploaded, size, sha256, had_authorization, content_type,
//!   uploaded_at}]`
//! - `POST /_sandbox/events` `{"action": "...", "payload": {...}}`: deliver that event now
//!   to every active webhook subscribed to it; answers the deliveries started
//! - `GET /_sandbox/deliveries`: every delivery attempt, newest last: `[{delivery_id,
//!   webhook_code, action, attempt, max_attempts, url, status, error, delivered, final,
//!   next_attempt_in_ms, at}]`
//! - `POST /_sandbox/reset`: restore the demo data and clear the recorded lists
//! - `GET /_sandbox/stats`: `{answered, rate_limited}`, counts of `/v1` answers since start
//!   and of those refused by `rate_limit` (429)
//! - `POST /_sandbox/candidates/{code}/stage` `{"stage": "...", "title": "..."}`: move a
//!   candidate to that stage (title optional: the kind's usual one), updating its `job_stage`,
//!   and deliver `candidate_stage_changed` (and `candidate_pass` for `pass`) with the
//!   candidate's code; answers `{resource: candidate, changed, deliveries}`
//!
//! Without the key: `PUT /_sandbox/upload/{token}` (the presigned address, given with host
//! `localhost` so it is another origin than the API on `127.0.0.1`) and `GET` of a
//! `file_url` (`/upload/candidate/file/1/temp/<unix>/<name>`).
//!
//! # State
//!
//! One JSON file (`state_path`), created with demo data when missing, replaced atomically
//! on every change under an exclusive lock of `<state>.lock`, and re-read whenever another
//! process changed it; uploaded bytes live in `<state>.uploads/`. The recorded lists keep
//! their last 1000 entries.

mod answer;
mod delivery;
mod demo;
mod pipeline;
mod ratelimit;
mod routes;
mod state;
mod store;
mod synthetic;

pub use synthetic::synthetic_code;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The key the sandbox accepts unless told otherwise.
pub const DEFAULT_API_KEY: &str = "sandbox-key";

/// Codes of the demo data, for tests.
pub mod codes {
    /// The form with a question of every kind.
    pub const FORM_ALL_KINDS: &str = "FORM-ALLKINDS";
    /// The form whose questions carry no `id`.
    pub const FORM_NO_IDS: &str = "FORM-NOIDS";
    /// An ordinary open form (variant 1).
    pub const FORM_OPEN: &str = "FORM-1001";
    /// A variant-2 form.
    pub const FORM_VARIANT2: &str = "FORM-1002";
    /// An expired form.
    pub const FORM_EXPIRED: &str = "FORM-1009";
    /// The candidate with 45 form submissions.
    pub const CANDIDATE_MANY: &str = "C1001";
    /// The candidate whose code needs percent-encoding.
    pub const CANDIDATE_SLASH: &str = "C/2001";
    /// Every documented kind of question.
    pub const QUESTION_KINDS: &[&str] = super::demo::ALL_KINDS;
}

#[derive(Debug, Clone)]
pub struct SandboxOptions {
    /// JSON file holding the state (created with demo data when missing).
    pub state_path: PathBuf,
    pub api_key: String,
    pub faults: Faults,
    /// Extra synthetic candidates with varied numbers of submissions.
    pub synthetic_candidates: usize,
    /// Multiplier of webhook retry delays (10/30/90/270 s) for tests.
    pub retry_scale: f64,
    /// Allow this many `/v1` requests per second (token bucket, burst a quarter of it, at
    /// least 1); over it, 429 with `Retry-After: 1`.
    pub rate_limit: Option<f64>,
    /// With `rate_limit`: send `RateLimit`/`RateLimit-Policy` and `X-RateLimit-*` headers on
    /// every `/v1` answer.
    pub rate_limit_headers: bool,
}

/// What the sandbox does to answers, for tests of timeouts, retries and pacing.
#[derive(Debug, Clone, Default)]
pub struct Faults {
    /// Added to every answer.
    pub latency: Duration,
    /// Probability of a random 503 or 429 (with Retry-After) per request.
    pub fail_rate: f64,
    /// Seed of the fault draws, so a sequential run fails the same requests every time;
    /// `None` seeds from the OS.
    pub fail_seed: Option<u64>,
}

impl SandboxOptions {
    /// Refuses values the sandbox cannot serve with, naming the flag that sets each.
    pub fn check(&self) -> Result<(), OptionOutOfRange> {
        let rate = self.faults.fail_rate;
        if !(0.0..=1.0).contains(&rate) {
            return Err(OptionOutOfRange::FailRate(rate));
        }
        let scale = self.retry_scale;
        if !(scale.is_finite() && scale > 0.0) {
            return Err(OptionOutOfRange::RetryScale(scale));
        }
        match self.rate_limit {
            Some(r) if !(r.is_finite() && r > 0.0) => Err(OptionOutOfRange::RateLimit(r)),
            _ => Ok(()),
        }
    }

    pub fn new(state_path: PathBuf) -> Self {
        SandboxOptions {
            state_path,
            api_key: DEFAULT_API_KEY.to_string(),
            faults: Faults::default(),
            synthetic_candidates: 0,
            retry_scale: 1.0,
            rate_limit: None,
            rate_limit_headers: false,
        }
    }
}

/// An option outside its bounds, with the value given: the front end words it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OptionOutOfRange {
    /// `--fail-rate`, not between 0 and 1.
    FailRate(f64),
    /// `--retry-scale`, not a positive number.
    RetryScale(f64),
    /// `--rate-limit`, not a positive number of requests per second.
    RateLimit(f64),
}

/// What the handlers share.
pub struct App {
    pub opts: SandboxOptions,
    pub addr: SocketAddr,
    pub store: Arc<store::StateFile>,
    pub delivery: delivery::Deliveries,
    /// The user the API key acts as.
    pub user: state::User,
    /// Log each request and delivery attempt to stderr (`recruit sandbox`).
    pub log: bool,
    /// Draws for `fail_rate`; one generator so a seed makes the fault pattern repeatable.
    pub faults: std::sync::Mutex<rand::rngs::StdRng>,
    /// `rate_limit`'s bucket.
    pub bucket: Option<ratelimit::TokenBucket>,
    /// `/v1` answers, and those refused by `rate_limit` (`GET /_sandbox/stats`).
    pub answered: std::sync::atomic::AtomicU64,
    pub rate_limited: std::sync::atomic::AtomicU64,
}

/// A running sandbox server.
pub struct Sandbox {
    pub addr: SocketAddr,
    pub api_key: String,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
    app: Arc<App>,
}

impl Sandbox {
    /// `http://127.0.0.1:PORT/v1`
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// Where the state is kept.
    pub fn state_path(&self) -> &std::path::Path {
        &self.app.opts.state_path
    }

    /// Stop serving; webhook first attempts under way get a moment to finish, pending
    /// retries are dropped.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(());
        let _ = self.task.await;
        self.app.delivery.shutdown(Duration::from_secs(3)).await;
    }
}

/// Bind `addr` (port 0 for an ephemeral one) and serve the emulator in a background task.
pub async fn start(addr: SocketAddr, opts: SandboxOptions) -> anyhow::Result<Sandbox> {
    start_inner(addr, opts, false).await
}

/// [`start`], logging each request and each webhook delivery attempt as a line to stderr.
pub async fn start_with_logging(addr: SocketAddr, opts: SandboxOptions) -> anyhow::Result<Sandbox> {
    start_inner(addr, opts, true).await
}

async fn start_inner(addr: SocketAddr, opts: SandboxOptions, log: bool) -> anyhow::Result<Sandbox> {
    // For a program starting the sandbox itself; `recruit sandbox` checks first, in words.
    opts.check()
        .map_err(|bad| anyhow::anyhow!("sandbox option out of range: {bad:?}"))?;
    let path = opts.state_path.clone();
    let store = tokio::task::spawn_blocking(move || store::StateFile::open(&path)).await??;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::Error::new(e).context(format!("cannot listen on {addr}")))?;
    let addr = listener.local_addr()?;
    let opts_seed = opts.faults.fail_seed;
    let bucket = opts.rate_limit.map(ratelimit::TokenBucket::new);
    let app = Arc::new(App {
        opts,
        addr,
        store: Arc::new(store),
        delivery: delivery::Deliveries::new()?,
        user: demo::api_user(),
        log,
        faults: std::sync::Mutex::new(match opts_seed {
            Some(seed) => rand::SeedableRng::seed_from_u64(seed),
            None => rand::SeedableRng::from_entropy(),
        }),
        bucket,
        answered: Default::default(),
        rate_limited: Default::default(),
    });
    let router = routes::router(app.clone());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, router)
            .with_graceful_shutdown(async {
                let _ = rx.await;
            })
            .await;
    });
    Ok(Sandbox {
        addr,
        api_key: app.opts.api_key.clone(),
        shutdown: tx,
        task,
        app,
    })
}
