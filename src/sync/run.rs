//! One incremental run of `recruit sync`.
//!
//! 1. The form list (100 per page): each form stored as listed; its detail (questions) read
//!    again only when the item's `updated_at` changed. The job list likewise.
//! 2. The candidate list, every page (100 per request), always: the list has no
//!    `updated_at`, so each item is compared with the mirror (its stage and `feedback_*`
//!    fields). Candidates that are new, changed, marked by a relay event or `--full`, never
//!    fetched, or fetched longer ago than `--refresh-after` are handed to workers, which
//!    fetch their memos (one request) and submissions (pages of 100) while the walk goes on,
//!    with the same client, pacer and adaptive concurrency as the exports.
//! 3. A complete walk whose count agrees with the list's `pagination.total` marks the
//!    candidates it did not meet as deleted; any other walk deletes nothing.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

use super::actor::MirrorActor;
use super::mirror::{Counts, Policy, Reason, RunRecord, Seen, Verdict};
use super::records::{self, CandidateRow, FormRow};
use crate::api::http::Stats;
use crate::api::limiter::Limiter;
use crate::api::pagination::{PageStyle, Pager};
use crate::api::records::MAX_PER;
use crate::api::{Client, FormListQuery, RequestSpec, Stage};
use crate::error::{Error, ExitKind};
use crate::export::progress::{Counters, Progress};
use crate::export::walk::RawBody;

/// A run's settings.
pub struct SyncJob {
    pub client: Client,
    pub store: MirrorActor,
    pub refetch: Refetch,
    /// The relay's store (`--events FILE`).
    pub events: Option<PathBuf>,
    /// Most requests in flight.
    pub concurrency: usize,
    /// A progress bar, drawn on this stream (the front end's stderr), when true.
    pub progress: (bool, crate::io::ErrStream),
    /// Stop cleanly on Ctrl-C / SIGTERM.
    pub handle_signals: bool,
    /// What "now" is for `--refresh-after` and the run's times.
    pub clock: crate::clock::SharedClock,
    /// The access log ([`crate::audit`]): each page of candidates is logged before the mirror
    /// commits its rows (the mirror is an output).
    pub(crate) audit: crate::audit::Stream,
}

/// Which candidates' memos and submissions a run fetches (besides new and changed ones).
pub struct Refetch {
    /// `--stage`: only candidates at these stages.
    pub stages: Vec<Stage>,
    /// `--full`: every candidate, and every form's detail.
    pub full: bool,
    /// `--refresh-after`: those fetched longer ago than this.
    pub after: Duration,
}

/// A note of the run: in English in the report's `notes` (JSON, the runs table), and in the
/// language in use for the summary.
macro_rules! note {
    ($report:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        let (en, people) = crate::t_both!($id $(, $name = $value)*);
        $report.notes.push(en);
        $report.notes_for_people.push(people);
    }};
}

/// How a run ended.
#[derive(Debug, Default)]
pub struct SyncReport {
    /// The run's id in `sync_runs`.
    pub run: i64,
    /// The database written, as shown to people (a PostgreSQL password masked).
    pub database: String,
    /// `complete`, `partial` (some candidates could not be fetched), `incomplete` (a walk
    /// stopped, or met another count than its list's total: nothing was marked deleted),
    /// `interrupted`.
    pub status: String,
    pub counts: Counts,
    /// Purged candidates seen in the list again (kept purged, not fetched).
    pub purged_listed: u64,
    /// Why candidates were fetched (new, stage changed, evaluation changed, ...), each counted.
    pub reasons: Vec<(Reason, u64)>,
    /// Candidates the list named whose memos or submissions answered 404.
    pub not_found: Vec<String>,
    /// Candidates whose fetch failed, with the error.
    pub failed: Vec<(String, String)>,
    /// The exit kind of each of those failures (the batch rule picks the exit from them).
    pub failed_kinds: Vec<ExitKind>,
    /// List items without a code (skipped).
    pub without_code: u64,
    /// `pagination.total` of the candidate list's first page.
    pub list_total: Option<u64>,
    /// Forms listed, form details read, forms gone from the list.
    pub forms: u64,
    pub form_details: u64,
    pub forms_deleted: u64,
    /// Jobs listed, jobs gone from the list.
    pub jobs: u64,
    pub jobs_deleted: u64,
    /// A walk (candidates, forms or jobs) met another count than its list's `total`, so it
    /// marked nothing deleted.
    pub walk_disagreed: bool,
    /// Values stored with U+FFFD in place of U+0000, which the database cannot hold
    /// (PostgreSQL).
    pub nul_replaced: u64,
    /// What `--events` read from the relay's store.
    pub events: Option<super::events::EventsRead>,
    /// Said to the user (list totals that disagree, deletions not marked, ...), in English:
    /// the JSON report and the mirror's runs table keep them so whatever the language.
    pub notes: Vec<String>,
    /// The same notes in the language in use, for the summary on a terminal.
    pub notes_for_people: Vec<String>,
    /// Rows written (memos and submissions).
    pub records: u64,
    /// Requests sent, retries among them, answers 429.
    pub traffic: Stats,
    /// The pace the run settled at (`paced at 98.2 req/s after 429s`).
    pub pace: Option<recruit_client::msg::Msg>,
    pub elapsed: Duration,
    /// Stopped by Ctrl-C or SIGTERM.
    pub interrupted: bool,
    /// What stopped the run (the walk failed, the key was refused).
    pub fatal: Option<Error>,
}

impl SyncReport {
    pub fn to_json(&self) -> Value {
        let reasons: serde_json::Map<String, Value> = self
            .reasons
            .iter()
            .map(|(r, n)| (r.name().to_string(), json!(n)))
            .collect();
        json!({
            "run": self.run,
            "status": self.status,
            "database": self.database,
            "candidates": {
                "listed": self.counts.listed,
                "list_total": self.list_total,
                "new": self.counts.new,
                "changed": self.counts.changed,
                "unchanged": self.counts.unchanged,
                "deleted": self.counts.deleted,
                "purged": self.purged_listed,
                "fetched": self.counts.fetched,
                "fetched_because": reasons,
                "not_found": self.not_found,
                "failed": self.failed.iter().map(|(c, e)| json!({"code": c, "error": e})).collect::<Vec<_>>(),
            },
            "forms": {"listed": self.forms, "details_read": self.form_details, "deleted": self.forms_deleted},
            "jobs": {"listed": self.jobs, "deleted": self.jobs_deleted},
            "events": self.events.map(|e| json!({"read": e.events, "candidates_marked": e.marked})),
            "rows_written": self.records,
            "nul_replaced": self.nul_replaced,
            "requests": self.traffic.requests,
            "retries": self.traffic.retries,
            "rate_limited": self.traffic.rate_limited,
            "pace": self.pace.as_ref().map(|p| p.for_programs()),
            "seconds": (self.elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
            "notes": self.notes,
        })
    }
}

/// The items of a page, as slices of its body, and its `pagination`.
struct RawPage {
    body: RawBody,
}

/// Pages of a list walked with the [`Pager`] (same-origin next pages, loop guards), each
/// kept as it came.
struct Walk {
    pager: Pager,
}

impl Walk {
    fn new(client: &Client, first: url::Url, style: PageStyle) -> Walk {
        Walk {
            pager: Pager::new(client.clone(), first, style),
        }
    }

    /// One of the service's whole lists (forms, jobs, candidates), the most a page holds.
    fn list(client: &Client, list: &str) -> Walk {
        // No filter: the forms' query is any list's.
        let all = FormListQuery {
            per: Some(MAX_PER),
            ..FormListQuery::default()
        };
        Walk::new(client, client.list_url(&[list], &all), PageStyle::Tokens)
    }

    /// The next page, none once the run is stopped, even while it was fetched (the caller
    /// then leaves deletions unmarked: it checks `stopped` again).
    async fn next_unless(&mut self, sh: &Shared) -> Result<Option<RawPage>, Error> {
        let page = self.next().await?;
        Ok(page.filter(|_| !sh.stopped()))
    }

    async fn next(&mut self) -> Result<Option<RawPage>, Error> {
        match self.pager.fetch().await? {
            None => Ok(None),
            Some((url, resp)) => Ok(Some(RawPage {
                body: RawBody {
                    body: resp.body,
                    url,
                },
            })),
        }
    }

    /// The page's items and `pagination`; the walk moves on to the next page.
    fn items<'a>(
        &mut self,
        page: &'a RawPage,
    ) -> Result<(Vec<&'a RawValue>, Option<Value>), Error> {
        let (items, pagination) = page.body.parse()?;
        self.pager
            .after_page(&page.body.url, pagination.as_ref(), items.len())?;
        Ok((items, pagination))
    }

    /// The page's items, its `pagination` counted in `tally`.
    fn tallied_items<'a>(
        &mut self,
        page: &'a RawPage,
        tally: &mut Tally,
    ) -> Result<Vec<&'a RawValue>, Error> {
        let (items, pagination) = self.items(page)?;
        tally.page(pagination.as_ref());
        Ok(items)
    }
}

/// `pagination.total` (or `total_count`) of a page.
fn total_of(p: Option<&Value>) -> Option<u64> {
    let p = p?;
    ["total", "total_count"]
        .iter()
        .find_map(|k| p.get(*k).and_then(Value::as_u64))
}

/// Things shared by the candidate walk and its workers.
struct Shared {
    /// The run's id in `sync_runs`.
    run: i64,
    /// Most requests in flight.
    concurrency: usize,
    client: Client,
    store: MirrorActor,
    stop: AtomicBool,
    cancel: watch::Sender<bool>,
    fatal: Mutex<Option<Error>>,
    /// Counted on the mirror's thread with the write itself: a worker stopped while its
    /// write is queued still has it committed, and counted.
    fetched: Arc<AtomicU64>,
    records: Arc<Counters>,
    failed: Mutex<Vec<(String, String)>>,
    failed_kinds: Mutex<Vec<ExitKind>>,
    not_found: Mutex<Vec<String>>,
    bar: Option<indicatif::ProgressBar>,
    /// The access log the candidates written to the mirror go to first.
    audit: crate::audit::Stream,
}

/// What a run's workers share, as the run sets it up (named, not packed in tuples).
struct Setup {
    run: i64,
    concurrency: usize,
    client: Client,
    store: MirrorActor,
    records: Arc<Counters>,
    bar: Option<indicatif::ProgressBar>,
    audit: crate::audit::Stream,
}

impl Shared {
    fn new(setup: Setup) -> Shared {
        let Setup {
            run,
            concurrency,
            client,
            store,
            records,
            bar,
            audit,
        } = setup;
        Shared {
            run,
            concurrency,
            client,
            store,
            stop: AtomicBool::new(false),
            cancel: watch::channel(false).0,
            fatal: Mutex::new(None),
            fetched: Arc::default(),
            records,
            failed: Mutex::new(Vec::new()),
            failed_kinds: Mutex::new(Vec::new()),
            not_found: Mutex::new(Vec::new()),
            bar,
            audit,
        }
    }

    fn halt(&self, e: Error) {
        self.fatal
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get_or_insert(e);
        self.stop.store(true, Ordering::SeqCst);
        self.cancel.send_replace(true);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// A record the service did not give (the next run fetches it again); the run's exit
    /// follows the failures' kind (7 only for the network and 5xx).
    fn failed(&self, what: String, e: Error) {
        self.failed_kinds
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(e.kind);
        self.failed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((what, e.message));
    }
}

/// Why a step of the run did not store what it read.
enum Failure {
    /// The service's answer (a request, its body): that record alone.
    Service(Error),
    /// The mirror refused a write (damaged, full, gone): every later write would fail too,
    /// so the run stops, with the mirror's own error (exit 1, not retryable).
    Mirror(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Service(e)
    }
}

/// A mirror call's error as such.
fn mirror(e: Error) -> Failure {
    Failure::Mirror(e)
}

/// The total of a list (first and last page's) the walk disagrees with, if any: the list
/// changed while it was read (a page-numbered list shifts), or the service miscounts.
fn disagreement(first: Option<u64>, last: Option<u64>, walked: u64) -> Option<u64> {
    [first, last].into_iter().flatten().find(|t| *t != walked)
}

/// What a walk of the form or job list met, told against the list's own `total` before
/// anything missing from it is marked deleted.
#[derive(Default)]
struct Tally {
    pages: u64,
    first_total: Option<u64>,
    last_total: Option<u64>,
    seen: std::collections::HashSet<String>,
    without_key: u64,
}

impl Tally {
    fn page(&mut self, pagination: Option<&Value>) {
        self.pages += 1;
        self.last_total = total_of(pagination);
        if self.pages == 1 {
            self.first_total = self.last_total;
        }
    }

    /// Whether `key` is met for the first time in this walk (a shifting page-numbered list
    /// can show an item twice).
    fn first_time(&mut self, key: &str) -> bool {
        self.seen.insert(key.to_owned())
    }

    /// `(total, walked)` when the walk's count is not the list's.
    fn disagreement(&self) -> Option<(u64, u64)> {
        let walked = self.seen.len() as u64 + self.without_key;
        disagreement(self.first_total, self.last_total, walked).map(|t| (t, walked))
    }
}

/// After a walk of `table` (forms or jobs): mark what the list no longer has deleted, unless
/// the walk stopped, or its count disagrees with the list's total (then say so and mark
/// nothing). The number marked.
async fn mark_unseen(
    sh: &Arc<Shared>,
    report: &mut SyncReport,
    tally: &Tally,
    table: &'static str,
) -> Result<u64, Error> {
    if sh.stopped() {
        return Ok(0);
    }
    if let Some((total, walked)) = tally.disagreement() {
        report.walk_disagreed = true;
        if table == "forms" {
            note!(
                report,
                "sync-forms-count-disagrees",
                total = total,
                walked = walked
            );
        } else {
            note!(
                report,
                "sync-jobs-count-disagrees",
                total = total,
                walked = walked
            );
        }
        return Ok(0);
    }
    let run = sh.run;
    sh.store.call(move |m| m.mark_deleted(table, run)).await
}

/// A candidate to fetch.
struct Task {
    code: String,
    fingerprint: String,
}

pub async fn sync(job: SyncJob) -> Result<SyncReport, Error> {
    // Each page is logged before the mirror commits it: an unwritable log stops the run
    // before anything is fetched.
    job.audit.check()?;
    let started = Instant::now();
    let stats0 = job.client.stats();
    let stages: Vec<String> = job
        .refetch
        .stages
        .iter()
        .map(|s| s.as_str().to_string())
        .collect();
    let full = job.refetch.full;
    let stage_text = stages.join(",");
    let run = job
        .store
        .call(move |m| m.begin_run(full, &stage_text))
        .await?;
    let mut report = SyncReport {
        run,
        database: job.store.shown.clone(),
        ..SyncReport::default()
    };

    let concurrency = job.concurrency.clamp(1, 64);
    let limiter = Limiter::new(concurrency);
    let client = job.client.with_limiter(limiter.clone());
    let counters = Arc::new(Counters::default());
    let stderr = job.progress.1.clone();
    let mut progress = Progress::new(
        job.progress,
        0,
        0,
        "candidates",
        job.client.clone(),
        counters.clone(),
    );
    let shared = Arc::new(Shared::new(Setup {
        run,
        concurrency,
        client: client.clone(),
        store: job.store.clone(),
        records: counters.clone(),
        bar: progress.handle(),
        audit: job.audit.clone(),
    }));
    let interrupted = Arc::new(AtomicBool::new(false));
    // A second Ctrl-C quits at once: the run below is dropped where it is (every committed
    // candidate is kept) and `main` turns the cancellation into exit 130.
    let quit = Arc::new(tokio::sync::Notify::new());
    let signals = job.handle_signals.then(|| {
        watch_signals(
            shared.clone(),
            interrupted.clone(),
            quit.clone(),
            progress.handle(),
            stderr.clone(),
        )
    });

    let outcome = async {
        if let Some(path) = &job.events {
            report.events = Some(super::events::apply(&job.store, path).await?);
        }
        if job.refetch.full {
            job.store.call(|m| m.mark_full()).await?;
        }
        let policy = Policy {
            stages,
            stale_before: job.clock.unix() - job.refetch.after.as_secs_f64(),
        };
        // Candidates first: a form detail waiting out a Retry-After while the pacer learns
        // the service's rate would hold up everything behind it; by the time of the small
        // form and job lists, requests are paced.
        sync_candidates(&shared, policy, &mut report).await?;
        if !shared.stopped() {
            sync_forms(&shared, job.refetch.full, &mut report).await?;
            sync_jobs(&shared, &mut report).await?;
        }
        Ok(())
    };
    let outcome = tokio::select! {
        r = outcome => r,
        _ = quit.notified() => {
            progress.clear();
            stderr.line(&crate::t!("sync-quitting"));
            let _ = job
                .store
                .call(move |m| m.abandon_run(run))
                .await;
            return Err(Error::new(
                crate::error::ExitKind::Interrupted,
                crate::msg!("sync-quit"),
            ));
        }
    };
    if let Some(s) = signals {
        s.abort();
    }
    progress.clear();
    report.interrupted = interrupted.load(Ordering::SeqCst);
    if let Err(e) = outcome {
        if !report.interrupted {
            // The first failure is kept (`halt` keeps the first it is given).
            shared.halt(e);
        }
    }
    collect(&shared, &job.store, &counters, &mut report).await;
    let st = job.client.stats();
    report.traffic = st.since(stats0);
    report.pace = job.client.pace().describe();
    report.elapsed = started.elapsed();
    let record = run_record(&report);
    job.store.call(move |m| m.finish_run(run, &record)).await?;
    Ok(report)
}

/// On the first Ctrl-C/SIGTERM, stop taking candidates (what was fetched is written); on the
/// second, `quit`.
fn watch_signals(
    shared: Arc<Shared>,
    interrupted: Arc<AtomicBool>,
    quit: Arc<tokio::sync::Notify>,
    bar: Option<indicatif::ProgressBar>,
    stderr: crate::io::ErrStream,
) -> tokio::task::JoinHandle<()> {
    let mut stops = crate::signal::Stops::new();
    tokio::spawn(async move {
        stops.next().await;
        let line = crate::t!("sync-stopping");
        match &bar {
            Some(b) => b.println(&line),
            None => stderr.line(&line),
        }
        interrupted.store(true, Ordering::SeqCst);
        shared.stop.store(true, Ordering::SeqCst);
        shared.cancel.send_replace(true);
        stops.next().await;
        quit.notify_one();
    })
}

/// What the workers and walks left in `shared`, into the report, and the run's status.
async fn collect(
    shared: &Shared,
    store: &MirrorActor,
    counters: &Counters,
    report: &mut SyncReport,
) {
    report.fatal = shared
        .fatal
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take();
    report.failed = std::mem::take(
        &mut *shared
            .failed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    report.failed_kinds = std::mem::take(
        &mut *shared
            .failed_kinds
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    report.not_found = std::mem::take(
        &mut *shared
            .not_found
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    // The writes of workers stopped mid-call are queued before this call on the mirror's one
    // thread: once it answers, every commit is counted.
    report.nul_replaced = store.call(|m| Ok(m.take_replaced())).await.unwrap_or(0);
    if report.nul_replaced > 0 {
        note!(report, "sync-nul-replaced", count = report.nul_replaced);
    }
    report.counts.fetched = shared.fetched.load(Ordering::Relaxed);
    report.records = counters.records.load(Ordering::Relaxed);
    report.status = if report.interrupted {
        "interrupted"
    } else if report.fatal.is_some() || report.walk_disagreed {
        "incomplete"
    } else if !report.failed.is_empty() {
        "partial"
    } else {
        "complete"
    }
    .to_string();
}

/// The run's row in `sync_runs`.
fn run_record(report: &SyncReport) -> RunRecord {
    RunRecord {
        status: report.status.clone(),
        counts: report.counts,
        nul_replaced: report.nul_replaced,
        failed: report.failed.len() as u64,
        list_total: report.list_total,
        requests: report.traffic.requests,
        seconds: report.elapsed.as_secs_f64(),
        message: report
            .fatal
            .as_ref()
            .map(|e| e.message.clone())
            .or_else(|| (!report.notes.is_empty()).then(|| report.notes.join("; "))),
    }
}

#[derive(Deserialize)]
struct Detail<'a> {
    #[serde(borrow)]
    resource: Option<&'a RawValue>,
}

/// Every form of the form list; details read again only for forms whose `updated_at`
/// changed, several at once.
async fn sync_forms(sh: &Arc<Shared>, full: bool, report: &mut SyncReport) -> Result<(), Error> {
    let run = sh.run;
    let mut walk = Walk::list(&sh.client, "application_forms");
    let mut tally = Tally::default();
    while let Some(page) = walk.next_unless(sh).await? {
        let items = walk.tallied_items(&page, &mut tally)?;
        let mut rows = Vec::new();
        for item in &items {
            match FormRow::from_raw(item.get())? {
                Some(r) => {
                    if tally.first_time(&r.code) {
                        rows.push(r);
                    }
                }
                None => {
                    tally.without_key += 1;
                    note!(report, "sync-form-without-code");
                }
            }
        }
        report.forms += rows.len() as u64;
        let updated: std::collections::HashMap<String, Option<String>> = rows
            .iter()
            .map(|r| (r.code.clone(), r.updated_at.clone()))
            .collect();
        let want = sh
            .store
            .call(move |m| m.forms_page(run, &rows, full))
            .await?;
        use futures::StreamExt;
        let mut details = futures::stream::iter(want.into_iter().map(|code| {
            let client = sh.client.clone();
            async move {
                let url = client.checked_endpoint(&["application_forms", &code]);
                let resp = match url {
                    Ok(u) => client.send(RequestSpec::get(u)).await,
                    Err(e) => Err(e),
                };
                (code, resp)
            }
        }))
        .buffer_unordered(sh.concurrency);
        while let Some((code, resp)) = details.next().await {
            let body = match resp {
                Ok(r) => r.body,
                Err(e) if e.kind == ExitKind::NotFound => continue,
                Err(e) if is_fatal(&e) => return Err(e),
                Err(e) => {
                    sh.failed(format!("form {code}"), e);
                    continue;
                }
            };
            let detail = match serde_json::from_slice::<Detail>(&body)
                .ok()
                .and_then(|d| d.resource)
            {
                Some(r) => r.get().to_string(),
                None => {
                    sh.failed(
                        format!("form {code}"),
                        Error::other(crate::msg!("sync-form-no-resource")),
                    );
                    continue;
                }
            };
            let at = updated.get(&code).cloned().flatten();
            sh.store
                .call(move |m| m.form_detail(&code, &detail, at.as_deref()))
                .await?;
            report.form_details += 1;
        }
    }
    report.forms_deleted = mark_unseen(sh, report, &tally, "forms").await?;
    Ok(())
}

/// Every job of the job list.
async fn sync_jobs(sh: &Arc<Shared>, report: &mut SyncReport) -> Result<(), Error> {
    let run = sh.run;
    let mut walk = Walk::list(&sh.client, "jobs");
    // The mirror's clock, as for the rows it writes itself.
    let now = sh.store.call(|m| Ok(m.now().0)).await?;
    let mut tally = Tally::default();
    while let Some(page) = walk.next_unless(sh).await? {
        let items = walk.tallied_items(&page, &mut tally)?;
        let mut rows = Vec::new();
        for item in &items {
            match records::job_row(item.get(), run, &now)? {
                Some(row) if tally.first_time(&row.0) => rows.push(row),
                Some(_) => {}
                None => tally.without_key += 1,
            }
        }
        report.jobs += rows.len() as u64;
        sh.store.call(move |m| m.jobs_page(&rows)).await?;
    }
    report.jobs_deleted = mark_unseen(sh, report, &tally, "jobs").await?;
    Ok(())
}

/// Walk the candidate list; fetch what must be fetched while walking; mark deletions after
/// a complete walk that agrees with the list's total.
async fn sync_candidates(
    sh: &Arc<Shared>,
    policy: Policy,
    report: &mut SyncReport,
) -> Result<(), Error> {
    let (run, concurrency) = (sh.run, sh.concurrency);
    // Workers wait on a bounded queue: the walk runs at most this far ahead of the fetches.
    let (tx, rx) = mpsc::channel::<Task>(concurrency * 16);
    let rx = Arc::new(tokio::sync::Mutex::new(rx));
    let mut workers = tokio::task::JoinSet::new();
    // More workers than requests in flight: one waiting out a Retry-After must not leave
    // the service's rate unused (as in the exports).
    for _ in 0..concurrency * 4 {
        workers.spawn(worker(sh.clone(), rx.clone()));
    }
    let mut walk = Walk::list(&sh.client, "candidates");
    let mut first_total = None;
    let mut last_total = None;
    let mut pages = 0;
    let walked: Result<bool, Failure> = async {
        loop {
            if sh.stopped() {
                return Ok(false);
            }
            let mut cancel = sh.cancel.subscribe();
            let page = tokio::select! {
                p = walk.next() => p?,
                _ = cancel.wait_for(|c| *c) => return Ok(false),
            };
            let Some(page) = page else { return Ok(true) };
            pages += 1;
            let (items, pagination) = walk.items(&page)?;
            let total = total_of(pagination.as_ref());
            if pages == 1 {
                first_total = total;
                if let (Some(b), Some(t)) = (&sh.bar, total) {
                    b.set_length(t);
                }
            }
            last_total = total;
            let mut rows = Vec::with_capacity(items.len());
            // The page's candidates that hold a personal value, and the fields they hold.
            let (mut shown, mut held) = (Vec::new(), 0u8);
            for item in &items {
                match CandidateRow::from_raw(item.get())? {
                    Some(r) => {
                        if sh.audit.is_on() {
                            if let Ok(v) = serde_json::from_str::<Value>(item.get()) {
                                let h = crate::audit::held(&v, None);
                                if h != 0 {
                                    shown.push(r.code.clone());
                                    held |= h;
                                }
                            }
                        }
                        rows.push(r)
                    }
                    None => report.without_code += 1,
                }
            }
            // Logged before the mirror commits the rows (a purged candidate or one met again
            // is named too: over-logging is safe); a log that cannot take it stops the run
            // before they are written.
            sh.audit
                .codes(&shown, &crate::audit::field_names(held))
                .map_err(mirror)?;
            let policy = policy.clone();
            let verdicts: Vec<Verdict> = sh
                .store
                .call(move |m| m.candidates_page(run, rows, &policy))
                .await
                .map_err(mirror)?;
            // The whole page is written: every row is counted before any is handed to a
            // worker, so a run stopped while it waits for one still counts what it wrote.
            for task in count_page(sh, verdicts, report) {
                let mut cancel = sh.cancel.subscribe();
                tokio::select! {
                    r = tx.send(task) => if r.is_err() { return Ok(false) },
                    _ = cancel.wait_for(|c| *c) => return Ok(false),
                }
            }
        }
    }
    .await;
    drop(tx);
    let complete = walk_ended(sh, walked, report);
    while workers.join_next().await.is_some() {}
    report.list_total = last_total.or(first_total);
    if report.without_code > 0 {
        note!(
            report,
            "sync-candidates-without-code",
            count = report.without_code
        );
    }
    if !complete || sh.stopped() {
        return Ok(());
    }
    let walked = report.counts.listed + report.without_code;
    if let Some(total) = disagreement(first_total, last_total, walked) {
        report.walk_disagreed = true;
        note!(
            report,
            "sync-count-disagrees",
            total = total,
            walked = walked
        );
        return Ok(());
    }
    report.counts.deleted = sh
        .store
        .call(move |m| m.mark_deleted("candidates", run))
        .await?;
    Ok(())
}

/// Counts a page's verdicts in the report; the candidates to fetch, as tasks.
fn count_page(sh: &Shared, verdicts: Vec<Verdict>, report: &mut SyncReport) -> Vec<Task> {
    let mut tasks = Vec::new();
    for v in verdicts {
        match v.seen {
            Seen::Again => continue,
            Seen::New => report.counts.new += 1,
            Seen::Changed => report.counts.changed += 1,
            Seen::Unchanged => report.counts.unchanged += 1,
        }
        report.counts.listed += 1;
        if v.purged {
            report.purged_listed += 1;
        }
        match v.fetch {
            Some(reason) => {
                match report.reasons.iter_mut().find(|(r, _)| *r == reason) {
                    Some((_, n)) => *n += 1,
                    None => report.reasons.push((reason, 1)),
                }
                tasks.push(Task {
                    code: v.code,
                    fingerprint: v.fingerprint,
                });
            }
            None => {
                if let Some(b) = &sh.bar {
                    b.inc(1);
                }
            }
        }
    }
    tasks
}

/// Whether the walk of the candidate list went to its end; a walk that failed stops the run.
fn walk_ended(sh: &Shared, walked: Result<bool, Failure>, report: &SyncReport) -> bool {
    match walked {
        Ok(done) => done,
        Err(Failure::Mirror(e)) => {
            sh.halt(e);
            false
        }
        Err(Failure::Service(e)) => {
            if is_fatal(&e) || !sh.stopped() {
                sh.halt(Error {
                    message: format!(
                        "{}; the walk of the candidate list stopped after {} candidates, so no candidate was marked deleted (the next run walks it again)",
                        e.message, report.counts.listed
                    ),
                    ..e
                });
            }
            false
        }
    }
}

/// Fetches candidates from the queue until it is empty or the run stops.
async fn worker(sh: Arc<Shared>, rx: Arc<tokio::sync::Mutex<mpsc::Receiver<Task>>>) {
    let mut cancel = sh.cancel.subscribe();
    loop {
        if sh.stopped() {
            return;
        }
        let task = tokio::select! {
            t = async { rx.lock().await.recv().await } => t,
            _ = cancel.wait_for(|c| *c) => return,
        };
        let Some(task) = task else { return };
        let done = tokio::select! {
            d = fetch_one(&sh, &task) => d,
            // Stopped mid-fetch: nothing was written, unless the write was already queued on
            // the mirror's thread (then it is committed and counted); the next run fetches
            // what was not.
            _ = cancel.wait_for(|c| *c) => return,
        };
        if let Some(b) = &sh.bar {
            b.inc(1);
        }
        match done {
            Ok(()) => {}
            Err(Failure::Service(e)) if e.kind == ExitKind::NotFound => {
                // Gone since the list was read: the next complete walk marks it deleted.
                sh.not_found
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(task.code);
            }
            Err(Failure::Service(e)) if is_fatal(&e) => {
                sh.halt(e);
                return;
            }
            Err(Failure::Mirror(e)) => {
                sh.halt(e);
                return;
            }
            Err(Failure::Service(e)) => sh.failed(task.code, e),
        }
    }
}

/// One candidate: fetch, then replace its rows. A transient failure is tried once more.
async fn fetch_one(sh: &Shared, task: &Task) -> Result<(), Failure> {
    let mut attempt = 0;
    loop {
        match fetch_candidate(sh, task).await {
            Err(Failure::Service(e))
                if attempt == 0
                    && !sh.stopped()
                    && matches!(e.kind, ExitKind::Network | ExitKind::RateLimited) =>
            {
                attempt += 1;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            other => return other,
        }
    }
}

async fn fetch_candidate(sh: &Shared, task: &Task) -> Result<(), Failure> {
    let code = task.code.as_str();
    let not_found =
        |e: Error| e.not_found_as(|| crate::msg!("candidate-not-found", code = code.to_string()));
    // Memos: one list with the replies inside.
    let memos_url = sh.client.checked_endpoint(&["candidates", code, "memos"])?;
    let mut walk = Walk::new(&sh.client, memos_url, PageStyle::Cursor);
    let mut memo_rows = Vec::new();
    while let Some(page) = walk.next().await.map_err(not_found)? {
        let (items, _) = walk.items(&page)?;
        memo_rows.extend(records::memo_rows(code, &items)?);
    }
    // Submissions: pages of 100, the fewest requests.
    sh.client.checked_endpoint(&["candidates", code])?;
    let subs_url = sh.client.submissions_url(code, Some(MAX_PER), None);
    let mut walk = Walk::new(&sh.client, subs_url, PageStyle::Cursor);
    let mut subs = Vec::new();
    let mut answers = Vec::new();
    let mut seq = 0;
    while let Some(page) = walk.next().await.map_err(not_found)? {
        let (items, _) = walk.items(&page)?;
        for item in items {
            seq += 1;
            records::submission_rows(code, seq, item.get(), &mut subs, &mut answers)?;
        }
    }
    let written = (memo_rows.len() + subs.len()) as u64;
    let (c, fp) = (task.code.clone(), task.fingerprint.clone());
    let (fetched, records) = (sh.fetched.clone(), sh.records.clone());
    sh.store
        .call(move |m| {
            if m.replace_candidate(&c, &fp, &memo_rows, &subs, &answers)? {
                fetched.fetch_add(1, Ordering::Relaxed);
                records.records.fetch_add(written, Ordering::Relaxed);
            }
            Ok(())
        })
        .await
        .map_err(mirror)
}

/// A failure every other request would meet too: the key refused, bad local settings.
fn is_fatal(e: &Error) -> bool {
    e.kind == ExitKind::Auth || e.kind == ExitKind::Usage
}
