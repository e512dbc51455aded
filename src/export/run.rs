//! The export of many candidates: workers fetch candidates concurrently (under the adaptive
//! limit), each candidate's records are encoded into a segment, and one writer thread appends
//! complete segments to the output through a bounded channel and journals them.
//!
//! Candidates are written in the order of the candidates file (or of the candidate list,
//! walked as the export runs: [`super::feed`]): the writer holds a candidate that finished
//! early until those before it are written, and workers never run more than [`window`]
//! candidates ahead of the writer, so what is held stays bounded.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::api::http::Stats;
use tokio::sync::{mpsc, watch};

use super::feed::{Candidates, Counted, Entry, Feed};
use super::journal::JournalHeader;
use super::progress::{Counters, Progress};
use super::segment::{Segment, SPILL_AT};
use super::sink::{parent_dir, Sink};
use super::walk::RawBody;
use super::Setup;
use crate::api::limiter::{Limiter, LimiterReport};
use crate::api::pagination::{PageStyle, Pager};
use crate::api::Client;
use crate::api::MAX_PER;
use crate::error::{Error, ExitKind};
use crate::output::encode::Encoder;
use serde_json::Value;

/// What is exported for each candidate (named in the journal by [`Subject::name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub(crate) enum Subject {
    #[serde(rename = "submissions")]
    Submissions,
    #[serde(rename = "memos")]
    Memos,
    /// The candidate itself, as the candidate list gave it (a detail when it gave none).
    #[serde(rename = "candidates")]
    Candidates,
    /// The candidate's detail (with the salary fields), one request each.
    #[serde(rename = "candidate details")]
    CandidateDetails,
}

impl Subject {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Subject::Submissions => "submissions",
            Subject::Memos => "memos",
            Subject::Candidates => "candidates",
            Subject::CandidateDetails => "candidate details",
        }
    }
}

/// An export of many candidates.
pub(crate) struct CandidateExport {
    pub setup: Setup,
    pub subject: Subject,
    pub candidates: Candidates,
    pub resume: bool,
    /// Wait before a candidate's second attempt.
    pub candidate_retry_delay: Duration,
    /// The `--jq` expression of `encoder.jq`, recorded in the resume journal.
    pub jq_text: Option<String>,
    /// The access log ([`crate::audit`]): each next chunk of up to 1,000 candidates, in the
    /// order they will be written, logged before the first of them is written.
    pub audit: crate::audit::Stream,
    /// `--fields` (csv's columns): the personal fields outside them are not in the output.
    pub shown: Option<Vec<String>>,
}

/// How an export ended.
#[derive(Debug)]
pub(crate) struct Report {
    pub total: usize,
    /// Done by an earlier run (resume).
    pub skipped: usize,
    /// Done by this run.
    pub exported: usize,
    /// Records in the output (including an earlier run's).
    pub records: u64,
    pub not_found: Vec<(String, String)>,
    /// Candidates that failed, each with its error (its kind decides the exit code).
    pub failed: Vec<(String, Error)>,
    /// Stopped by Ctrl-C / SIGTERM.
    pub interrupted: bool,
    /// Stopped at once by a second Ctrl-C / SIGTERM (what was fetched was not all written).
    pub quit_at_once: bool,
    /// An error that stopped every worker (e.g. the API key was refused).
    pub fatal: Option<Error>,
    /// Writing the output failed (its reader went away, the disk is full): the export stopped.
    pub write_error: Option<Error>,
    /// The output is complete (`FILE` exists, or stdout was closed with its epilogue).
    pub completed: bool,
    /// `FILE.partial` and `FILE.progress` were kept for `--resume`.
    pub resumable: bool,
    pub destination: String,
    pub traffic: Stats,
    pub limiter: LimiterReport,
    /// The rate requests were paced at, at the end.
    pub pace: crate::api::pacer::PaceReport,
    pub elapsed: Duration,
}

/// How far (in candidates) workers may run ahead of the oldest candidate not yet written.
/// Enough that one candidate waiting out a rate limit's `Retry-After` (a second, typically)
/// does not idle the others: at 100 requests/s about 80 candidates finish in that second.
/// Small enough that the segments held for ordering (each at most `SPILL_AT` in memory, the
/// rest spilled to disk) stay bounded, whatever the number of candidates.
fn window(concurrency: usize) -> usize {
    (2 * concurrency + 4).max(128)
}

/// A finished candidate, with its position in the list (its index in the feed).
struct Indexed {
    index: usize,
    msg: Msg,
}

enum Msg {
    Done { code: String, seg: Segment },
    NotFound { code: String, err: Error },
    Failed { code: String, err: Error },
}

struct Shared {
    client: Client,
    subject: Subject,
    encoder: Encoder,
    feed: Feed,
    spill_dir: Option<PathBuf>,
    retry_delay: Duration,
    fatal: Mutex<Option<Error>>,
    stop: AtomicBool,
    cancel: watch::Sender<bool>,
}

impl Shared {
    /// The first fatal error, if any. A worker that panicked holding the lock leaves what it
    /// held, which is still the run's first fatal error.
    fn fatal(&self) -> std::sync::MutexGuard<'_, Option<Error>> {
        self.fatal
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[derive(Default)]
struct Tally {
    exported: usize,
    not_found: Vec<(String, String)>,
    failed: Vec<(String, Error)>,
    /// The write that stopped the writer, if one did.
    write_error: Option<Error>,
}

/// How the wait for the workers ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    Done,
    /// First Ctrl-C / SIGTERM: the workers stopped taking candidates.
    Interrupted,
    /// Second one: the workers were dropped where they were.
    QuitAtOnce,
}

pub(crate) async fn export_candidates(mut job: CandidateExport) -> Result<Report, Error> {
    // Watched from the start: a Ctrl-C while the first candidates are fetched is seen, not
    // lost before a watcher exists.
    let stops = crate::signal::Stops::watching(job.setup.handle_signals);
    // An unwritable log stops the run before anything is fetched (each chunk's record would
    // fail before its first byte anyway).
    job.audit.check()?;
    let started = Instant::now();
    let stats0 = job.setup.client.stats();
    let (sink, done) = open_sink(&mut job)?;
    let destination = sink.describe();
    let counters = Arc::new(Counters::default());
    counters
        .records
        .store(sink.records, std::sync::atomic::Ordering::Relaxed);
    let concurrency = job.setup.concurrency.clamp(1, 64);
    let limiter = Limiter::new(concurrency);
    // Every attempt of every worker, retries included, goes through the limiter (and so does
    // the walk of the candidate list).
    let client = job.setup.client.with_limiter(limiter.clone());
    let counted = Arc::new(Counted::default());
    let cancel = watch::channel(false).0;
    // A file's length is known now; with the candidate list, the bar grows page by page.
    let (total0, skipped0) = match &job.candidates {
        Candidates::Codes(l) => (
            l.codes.len(),
            l.codes.iter().filter(|c| done.contains(*c)).count(),
        ),
        Candidates::Listed { .. } => (0, 0),
    };
    let mut progress = Progress::new(
        (job.setup.progress, job.setup.stderr.clone()),
        total0 as u64,
        skipped0 as u64,
        "candidates",
        job.setup.client.clone(),
        counters.clone(),
    );
    let (feed, producer) = super::feed::start(
        job.candidates.clone(),
        done,
        client.clone(),
        progress.handle(),
        counted.clone(),
        cancel.subscribe(),
        window(concurrency),
    );
    let shared = Arc::new(Shared {
        client,
        subject: job.subject,
        encoder: job.setup.encoder.clone(),
        feed,
        spill_dir: job.setup.out.as_deref().map(parent_dir),
        retry_delay: job.candidate_retry_delay,
        fatal: Mutex::new(None),
        stop: AtomicBool::new(false),
        cancel,
    });
    let producer = tokio::spawn(producer);

    let (tx, rx) = mpsc::channel::<Indexed>(concurrency);
    // The writer's position in the feed (everything before it is written), for the workers'
    // window.
    let (written_tx, written_rx) = watch::channel(0usize);
    let ahead = window(concurrency);
    let bar = progress.handle();
    let writer_counters = counters.clone();
    let chunks = Chunks::new(&job, &shared.feed);
    let writer = tokio::task::spawn_blocking(move || {
        writer_loop(rx, sink, bar, writer_counters, written_tx, chunks)
    });

    let workers = spawn_workers(&shared, tx, &written_rx, concurrency, ahead);

    let ending = wait_for_workers(workers, &shared, &mut progress, stops).await;
    // The workers end when the feed is done or the export stops; a walk still under way then
    // has nothing left to hand on. A page of the candidate list that failed stops the export
    // as a worker's fatal error does.
    producer.abort();
    if let Ok(Err(e)) = producer.await {
        shared.fatal().get_or_insert(e);
    }
    let (total, skipped) = (
        counted.total.load(Ordering::Relaxed),
        counted.skipped.load(Ordering::Relaxed),
    );
    let fatal = shared.fatal().take();

    let writer_done = if ending == Ending::QuitAtOnce {
        // Quit at once, but keep what was written resumable when the writer (whose senders
        // were just dropped) ends promptly; one stuck on a stalled output is left behind.
        tokio::time::timeout(Duration::from_secs(2), writer)
            .await
            .ok()
    } else {
        Some(writer.await)
    };
    progress.clear();
    let written = *written_rx.borrow();
    let (tally, end) = close_output(writer_done, ending, fatal.is_some(), written)?;
    let st = job.setup.client.stats();
    Ok(report(
        &job.setup.client,
        total,
        skipped,
        tally,
        &counters,
        ending,
        fatal,
        end,
        destination,
        stats0,
        st,
        &limiter,
        started,
    ))
}

/// The workers, as many as the feed can keep busy; they send to `tx`.
fn spawn_workers(
    shared: &Arc<Shared>,
    tx: mpsc::Sender<Indexed>,
    written_rx: &watch::Receiver<usize>,
    concurrency: usize,
    ahead: usize,
) -> tokio::task::JoinSet<()> {
    // More workers than requests in flight: one waiting out a 429's Retry-After (its
    // candidate held, its request slot freed) must not leave the service's rate unused.
    let mut workers = tokio::task::JoinSet::new();
    let workers_wanted = (concurrency * 4).min(ahead);
    for _ in 0..shared
        .feed
        .len
        .map_or(workers_wanted, |n| n.min(workers_wanted))
    {
        workers.spawn(worker(
            shared.clone(),
            tx.clone(),
            shared.cancel.subscribe(),
            written_rx.clone(),
            ahead,
        ));
    }
    workers
}

/// How the output ended: complete, or abandoned and (or not) resumable.
#[derive(Debug, Clone, Copy)]
struct OutputEnd {
    completed: bool,
    resumable: bool,
}

/// What the writer ended with (`None`: left behind after `written` candidates), the output
/// finished or abandoned: what was written, and whether the output is complete or can be
/// resumed.
#[allow(clippy::type_complexity)]
fn close_output(
    writer_done: Option<Result<Result<(Sink, Tally), Error>, tokio::task::JoinError>>,
    ending: Ending,
    fatal: bool,
    written: usize,
) -> Result<(Tally, OutputEnd), Error> {
    let end = |completed, resumable| OutputEnd {
        completed,
        resumable,
    };
    Ok(match writer_done {
        Some(Ok(Ok((sink, tally)))) => {
            let journaled = sink.journaled();
            let interrupted = ending != Ending::Done;
            let stopped = interrupted || fatal || tally.write_error.is_some();
            if stopped || (journaled && !tally.failed.is_empty()) {
                let r = sink.abandon();
                // The error already met (a closed output) says more than a second one from
                // closing.
                if tally.write_error.is_none() {
                    r?;
                }
                (tally, end(false, journaled))
            } else {
                sink.finish()?;
                (tally, end(true, false))
            }
        }
        Some(Ok(Err(e))) => return Err(e),
        Some(Err(e)) => return Err(super::writer_stopped(e)),
        // Nothing more is known than how far the writer got.
        None => {
            let tally = Tally {
                exported: written,
                ..Tally::default()
            };
            (tally, end(false, true))
        }
    })
}

/// The report of a candidate export, from what each part knows.
#[allow(clippy::too_many_arguments)]
fn report(
    client: &Client,
    total: usize,
    skipped: usize,
    tally: Tally,
    counters: &Counters,
    ending: Ending,
    fatal: Option<Error>,
    end: OutputEnd,
    destination: String,
    stats0: crate::api::http::Stats,
    st: crate::api::http::Stats,
    limiter: &Limiter,
    started: Instant,
) -> Report {
    Report {
        total,
        skipped,
        exported: tally.exported,
        records: counters.records.load(Ordering::Relaxed),
        not_found: tally.not_found,
        failed: tally.failed,
        interrupted: ending != Ending::Done,
        quit_at_once: ending == Ending::QuitAtOnce,
        fatal,
        write_error: tally.write_error,
        completed: end.completed,
        resumable: end.resumable,
        destination,
        traffic: st.since(stats0),
        limiter: limiter.report(),
        pace: client.pace(),
        elapsed: started.elapsed(),
    }
}

/// The destination (stdout, a new file, or a file to resume) and the candidates it already holds.
fn open_sink(job: &mut CandidateExport) -> Result<(Sink, HashSet<String>), Error> {
    let identity = job.candidates.identity();
    let header = JournalHeader {
        subject: job.subject,
        format: job.setup.encoder.format(),
        columns: (job.setup.encoder.format() == crate::output::Format::Csv)
            .then(|| job.setup.encoder.header()),
        jq: job.jq_text.clone(),
        candidates_sha256: identity.0,
        candidates: identity.1,
        source: identity.2,
    };
    match (&job.setup.out, job.resume) {
        (None, true) => Err(Error::usage(crate::msg!("export-resume-needs-out"))),
        (None, false) => {
            let out = std::mem::replace(&mut job.setup.stdout, Box::new(std::io::sink()));
            Ok((
                Sink::stdout(job.setup.encoder.clone(), out)?,
                HashSet::new(),
            ))
        }
        (Some(p), false) => Ok((
            Sink::create(p, job.setup.encoder.clone(), Some(&header))?,
            HashSet::new(),
        )),
        (Some(p), true) => {
            let (s, st) = Sink::resume(p, job.setup.encoder.clone(), &header)?;
            Ok((s, st.done))
        }
    }
}

/// Wait for the workers to finish; on Ctrl-C/SIGTERM (when `stops` watches) stop them taking
/// new candidates and let the fetched ones be written; on a second signal, drop them where they
/// are (the caller reports it, and `main` exits 130).
async fn wait_for_workers(
    mut workers: tokio::task::JoinSet<()>,
    shared: &Shared,
    progress: &mut Progress,
    mut stops: crate::signal::Stops,
) -> Ending {
    {
        let all_done = async { while workers.join_next().await.is_some() {} };
        tokio::select! {
            _ = all_done => return Ending::Done,
            _ = stops.next() => {}
        }
    }
    progress.println(
        "interrupted: finishing the records already fetched (Ctrl-C again to quit at once)",
    );
    shared.stop.store(true, Ordering::SeqCst);
    shared.cancel.send_replace(true);
    let all_done = async { while workers.join_next().await.is_some() {} };
    tokio::select! {
        _ = all_done => Ending::Interrupted,
        _ = stops.next() => {
            progress.println("interrupted again: quitting now");
            workers.abort_all();
            Ending::QuitAtOnce
        }
    }
}

/// Takes candidates from the feed until none is left or the export stops; candidate `i` is
/// started only once the writer is less than `ahead` candidates behind it.
async fn worker(
    sh: Arc<Shared>,
    tx: mpsc::Sender<Indexed>,
    mut cancel: watch::Receiver<bool>,
    mut written: watch::Receiver<usize>,
    ahead: usize,
) {
    loop {
        if sh.stop.load(Ordering::SeqCst) {
            return;
        }
        let taken = tokio::select! {
            t = sh.feed.take() => t,
            _ = cancel.wait_for(|c| *c) => return,
        };
        let Some((i, entry)) = taken else {
            return;
        };
        // Never deadlocks: the oldest unwritten candidate is always inside the window, and
        // the candidates before `i` were all taken by workers already.
        tokio::select! {
            r = written.wait_for(|w| i < w + ahead) => {
                if r.is_err() {
                    return; // the writer stopped
                }
            }
            _ = cancel.wait_for(|c| *c) => return,
        }
        let msg = tokio::select! {
            m = export_one(&sh, &entry) => m,
            _ = cancel.wait_for(|c| *c) => return,
        };
        let Some(msg) = msg else {
            return;
        };
        if tx.send(Indexed { index: i, msg }).await.is_err() {
            // The writer stopped (its error is reported); nothing more can be written.
            sh.stop.store(true, Ordering::SeqCst);
            return;
        }
    }
}

/// One candidate, with one more attempt at the candidate level after a transient failure.
/// `None` when the export must stop (the failure applies to every candidate).
async fn export_one(sh: &Shared, entry: &Entry) -> Option<Msg> {
    let code = entry.code.as_str();
    if code.is_empty() {
        return Some(Msg::Failed {
            code: "(a candidate without a code)".to_string(),
            err: Error::other(crate::msg!("export-candidate-without-code")),
        });
    }
    let mut attempt = 0;
    loop {
        match fetch_candidate(sh, entry).await {
            Ok(seg) => {
                return Some(Msg::Done {
                    code: code.to_string(),
                    seg,
                })
            }
            Err((err, first_page)) => {
                if err.kind == ExitKind::NotFound && first_page {
                    return Some(Msg::NotFound {
                        code: code.to_string(),
                        err,
                    });
                }
                if is_fatal(&err) {
                    let mut f = sh.fatal();
                    if f.is_none() {
                        *f = Some(err);
                    }
                    sh.stop.store(true, Ordering::SeqCst);
                    sh.cancel.send_replace(true);
                    return None;
                }
                let transient = matches!(
                    err.kind,
                    ExitKind::Network | ExitKind::RateLimited | ExitKind::Other
                );
                if transient && attempt == 0 && !sh.stop.load(Ordering::SeqCst) {
                    attempt += 1;
                    sh.client.log(format!(
                        "* candidate {code}: {}; trying it once more",
                        err.message
                    ));
                    tokio::time::sleep(sh.retry_delay).await;
                    continue;
                }
                return Some(Msg::Failed {
                    code: code.to_string(),
                    err,
                });
            }
        }
    }
}

/// A failure no other candidate would escape: the key is refused, or bad local settings.
fn is_fatal(e: &Error) -> bool {
    (e.kind == ExitKind::Auth && e.status == Some(401)) || e.kind == ExitKind::Usage
}

/// Every page of one candidate, encoded into a segment. The error says whether it came on the
/// first page (a 404 there means the candidate doesn't exist).
async fn fetch_candidate(sh: &Shared, entry: &Entry) -> Result<Segment, (Error, bool)> {
    let code = entry.code.as_str();
    let url = match sh.subject {
        // The largest pages make the fewest requests.
        Subject::Submissions => sh.client.submissions_url(code, Some(MAX_PER), None),
        Subject::Memos => sh.client.endpoint(&["candidates", code, "memos"]),
        Subject::Candidates | Subject::CandidateDetails => {
            return candidate_record(sh, entry).await
        }
    };
    let mut pager = Pager::new(sh.client.clone(), url, PageStyle::Cursor);
    let mut seg = Segment::new(sh.spill_dir.clone(), SPILL_AT);
    let mut buf = Vec::new();
    loop {
        let page = match pager.fetch().await {
            Ok(Some((url, resp))) => RawBody {
                body: resp.body,
                url,
            },
            Ok(None) => break,
            Err(e) => return Err((e, pager.pages == 0)),
        };
        let (items, pagination) = page.parse().map_err(|e| (e, false))?;
        // About what the encoded page takes, in one allocation.
        buf.clear();
        buf.reserve(page.body.len() + items.len() * (code.len() + 24));
        let mut n = 0;
        for item in &items {
            let is_first = seg.records + n == 0;
            n += sh
                .encoder
                .encode_raw(Some(code), item, is_first, &mut buf)
                .map_err(|e| (e, false))?;
        }
        pager
            .after_page(&page.url, pagination.as_ref(), items.len())
            .map_err(|e| (e, false))?;
        (seg, buf) = seg.push_page(buf, n).await.map_err(|e| (e, false))?;
    }
    Ok(seg)
}

/// The candidate as one record: the list's item as it came, or (for details, or a code from a
/// file) the candidate's detail.
async fn candidate_record(sh: &Shared, entry: &Entry) -> Result<Segment, (Error, bool)> {
    let item = match (&entry.item, sh.subject) {
        (Some(item), Subject::Candidates) => item.clone(),
        _ => {
            // As sent: read as JSON only, so a field of an unexpected type is exported as it is.
            let code = &entry.code;
            let url = sh
                .client
                .checked_endpoint(&["candidates", code])
                .map_err(|e| (e, true))?;
            let mut detail = sh
                .client
                .send(crate::api::RequestSpec::get(url))
                .await
                .and_then(|r| r.value())
                .map_err(|e| {
                    let e =
                        e.not_found_as(|| crate::msg!("candidate-not-found", code = code.as_str()));
                    (e, true)
                })?;
            match detail.get_mut("resource").map(Value::take) {
                Some(r @ Value::Object(_)) => r,
                _ => {
                    return Err((
                        Error::other(crate::msg!(
                            "export-candidate-no-resource",
                            code = entry.code.to_string()
                        )),
                        false,
                    ))
                }
            }
        }
    };
    let mut buf = Vec::new();
    let n = sh
        .encoder
        .encode(Some(&entry.code), &item, true, &mut buf)
        .map_err(|e| (e, false))?;
    let seg = Segment::new(sh.spill_dir.clone(), SPILL_AT);
    let (seg, _) = seg.push_page(buf, n).await.map_err(|e| (e, false))?;
    Ok(seg)
}

/// The personal fields an export of `subject` can show (`--fields`: those it names), for its
/// records: submissions name their candidate's name and email, a candidate record holds every
/// field of the list, memos none. `--jq` only narrows what is written: over-logging is safe.
fn shown_fields(subject: Subject, shown: Option<&[String]>) -> Vec<String> {
    match subject {
        Subject::Submissions => crate::audit::submission_fields(shown),
        Subject::Candidates | Subject::CandidateDetails => crate::audit::candidate_fields(shown),
        Subject::Memos => Vec::new(),
    }
}

/// The writer's side of the access log: before the candidate at index `i` is written, the
/// next up to 1,000 candidates from `i` on, as the feed will hand them out ([`Feed::ahead`]),
/// are logged (one fsync for a thousand candidates, not one per batch), unless an earlier
/// chunk already named it.
struct Chunks {
    stream: crate::audit::Stream,
    fields: Vec<String>,
    ahead: Arc<super::feed::Ahead>,
    /// Every index below this one is logged.
    logged_until: usize,
}

impl Chunks {
    fn new(job: &CandidateExport, feed: &Feed) -> Chunks {
        Chunks {
            stream: job.audit.clone(),
            fields: shown_fields(job.subject, job.shown.as_deref()),
            ahead: feed.ahead.clone(),
            logged_until: 0,
        }
    }

    fn before_writing(&mut self, index: usize) -> Result<(), Error> {
        if index < self.logged_until || !self.stream.is_on() {
            return Ok(());
        }
        let codes = self.ahead.from(index, recruit_audit::MAX_CODES);
        // The writer only meets candidates the feed handed out, so they are known; a code
        // missing here would be a bug, and logging at least its index keeps the promise.
        self.logged_until = index + codes.len().max(1);
        let named: Vec<String> = codes.into_iter().filter(|c| !c.is_empty()).collect();
        self.stream.codes(&named, &self.fields)
    }
}

/// The single writer: appends complete candidates in list order, committing after each batch
/// of messages that were ready together (one fsync per batch, not per candidate). A candidate
/// that finished before those ahead of it waits in `held`; whatever is held when the workers
/// stop (Ctrl-C, a fatal error) is not written, and `--resume` fetches it again. Each chunk of
/// candidates is logged before the first of them is written ([`Chunks`]).
fn writer_loop(
    mut rx: mpsc::Receiver<Indexed>,
    mut sink: Sink,
    bar: Option<indicatif::ProgressBar>,
    counters: Arc<Counters>,
    written: watch::Sender<usize>,
    mut chunks: Chunks,
) -> Result<(Sink, Tally), Error> {
    let mut tally = Tally::default();
    // A failed write (the reader of stdout went away, a full disk, a log that cannot take a
    // record) stops the writer; what the workers found so far stays in the tally, so a
    // failure seen keeps its exit code.
    let to = (&mut sink, &mut chunks);
    if let Err(e) = write_in_order(&mut rx, to, bar, &counters, &written, &mut tally) {
        // The records handed to the output before it failed, for the cut-short warning.
        counters.records.store(sink.records, Ordering::Relaxed);
        tally.write_error = Some(e);
    }
    Ok((sink, tally))
}

fn write_in_order(
    rx: &mut mpsc::Receiver<Indexed>,
    (sink, chunks): (&mut Sink, &mut Chunks),
    bar: Option<indicatif::ProgressBar>,
    counters: &Counters,
    written: &watch::Sender<usize>,
    tally: &mut Tally,
) -> Result<(), Error> {
    let mut held: std::collections::BTreeMap<usize, Msg> = std::collections::BTreeMap::new();
    let mut next_index = 0usize;
    while let Some(first) = rx.blocking_recv() {
        let mut next = Some(first);
        let mut batch = 0;
        let before = next_index;
        while let Some(Indexed { index, msg }) = next.take() {
            held.insert(index, msg);
            batch += 1;
            if batch < 256 {
                next = rx.try_recv().ok();
            }
        }
        while let Some(msg) = held.remove(&next_index) {
            let index = next_index;
            next_index += 1;
            match msg {
                Msg::Done { code, seg } => {
                    chunks.before_writing(index)?;
                    sink.append(Some(&code), seg)?;
                    tally.exported += 1;
                }
                Msg::NotFound { code, err } => {
                    if let Some(b) = &bar {
                        b.println(crate::t!("export-not-found-line", code = code.as_str()));
                    }
                    tally.not_found.push((code, err.message));
                }
                Msg::Failed { code, err } => {
                    if let Some(b) = &bar {
                        b.println(format!(
                            "failed: {code}: {}",
                            crate::output::text::safe_line(&err.message)
                        ));
                    }
                    tally.failed.push((code, err));
                }
            }
            if let Some(b) = &bar {
                b.inc(1);
            }
        }
        if next_index > before {
            sink.checkpoint()?;
            counters.records.store(sink.records, Ordering::Relaxed);
            written.send_replace(next_index);
        }
    }
    Ok(())
}
