//! `export forms`: every application form across all pages, optionally with the detail
//! (questions) of each, fetched concurrently and written in list order.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::StreamExt;
use serde_json::Value;
use tokio::sync::mpsc;

use super::progress::{Counters, Progress};
use super::segment::Segment;
use super::sink::Sink;
use super::Setup;
use crate::api::{Client, FormListQuery, RequestSpec};
use crate::error::{Error, ExitKind};

pub(crate) struct FormsExport {
    /// `concurrency` bounds the detail requests in flight.
    pub setup: Setup,
    pub with_questions: bool,
}

#[derive(Debug)]
pub(crate) struct FormsReport {
    pub forms: u64,
    /// Forms whose detail could not be read, each with its error.
    pub failed: Vec<(String, Error)>,
    pub not_found: Vec<(String, String)>,
    pub interrupted: bool,
    /// Writing the output failed (its reader went away, a full disk): the export stopped.
    pub write_error: Option<Error>,
    pub destination: String,
    pub traffic: crate::api::http::Stats,
    pub elapsed: Duration,
}

type Detail = (String, Result<Value, Error>);

pub(crate) async fn export_forms(job: FormsExport) -> Result<FormsReport, Error> {
    // Watched from the start, so a Ctrl-C during the first page is seen.
    let mut stops = crate::signal::Stops::watching(job.setup.handle_signals);
    let started = Instant::now();
    let stats0 = job.setup.client.stats();
    let sink = match &job.setup.out {
        Some(p) => Sink::create(p, job.setup.encoder.clone(), None)?,
        None => Sink::stdout(job.setup.encoder.clone(), job.setup.stdout)?,
    };
    let destination = sink.describe();
    let counters = Arc::new(Counters::default());
    let progress = Progress::new(
        (job.setup.progress, job.setup.stderr.clone()),
        0,
        0,
        "forms",
        job.setup.client.clone(),
        counters.clone(),
    );

    // The list is walked in its own task, handing items on through a small channel, so
    // details of this page are fetched while the next page is requested.
    let concurrency = job.setup.concurrency.clamp(1, 64);
    let (tx, rx) = mpsc::channel::<Value>(concurrency * 2);
    // The list walk and the detail fetches share one limiter, so 429s lower both.
    let limited = job
        .setup
        .client
        .with_limiter(crate::api::Limiter::new(concurrency + 1));
    let lister = spawn_lister(limited.clone(), progress.handle(), tx);

    let client = limited;
    let with_questions = job.with_questions;
    let items =
        futures::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|v| (v, rx)) });
    let mut details = items
        .map(move |item| {
            let client = client.clone();
            async move { detail(&client, item, with_questions).await }
        })
        .buffered(concurrency)
        .boxed();

    let mut report = FormsReport {
        forms: 0,
        failed: Vec::new(),
        not_found: Vec::new(),
        interrupted: false,
        write_error: None,
        destination,
        traffic: Default::default(),
        elapsed: Duration::ZERO,
    };
    let signal = stops.next();
    tokio::pin!(signal);
    // Encoding and writing (a slow reader of stdout, a disk) happen on a thread of their own,
    // never on an async worker.
    let (to_writer, from_loop) = mpsc::channel::<Value>(concurrency);
    let writer = {
        let (encoder, counters) = (job.setup.encoder.clone(), counters.clone());
        tokio::task::spawn_blocking(move || write_forms(from_loop, sink, &encoder, &counters))
    };
    loop {
        let next = tokio::select! {
            d = details.next() => d,
            _ = &mut signal => { report.interrupted = true; None }
        };
        let Some((code, result)) = next else { break };
        match result {
            Ok(v) => {
                if to_writer.send(v).await.is_err() {
                    // The writer stopped on an error, which it returns below.
                    break;
                }
            }
            Err(e) if e.kind == ExitKind::NotFound => report.not_found.push((code, e.message)),
            Err(e) => report.failed.push((code, e)),
        }
        progress.inc();
    }
    drop(details);
    drop(to_writer);
    let written = writer.await.map_err(super::writer_stopped)?;
    let (sink, forms, write_error) = match written {
        Ok(w) => w,
        Err(e) => {
            lister.abort();
            return Err(e);
        }
    };
    report.forms = forms;
    report.write_error = write_error;
    if report.write_error.is_some() {
        // The failures seen so far are reported with it; the output is left incomplete.
        lister.abort();
        let _ = off_runtime(move || sink.abandon()).await;
    } else {
        close(sink, lister, report.interrupted).await?;
    }
    drop(progress);
    report.traffic = job.setup.client.stats().since(stats0);
    report.elapsed = started.elapsed();
    Ok(report)
}

/// The writer: each form is encoded, appended and committed in list order. A failed write
/// stops it (returned third, with the forms written before it); an encoding error (`--jq`)
/// ends the export.
fn write_forms(
    mut rx: mpsc::Receiver<Value>,
    mut sink: Sink,
    encoder: &super::Encoder,
    counters: &Counters,
) -> Result<(Sink, u64, Option<Error>), Error> {
    let mut buf = Vec::new();
    let mut forms = 0;
    while let Some(v) = rx.blocking_recv() {
        buf.clear();
        // One element per segment: the sink puts separators between segments.
        let n = encoder.encode(None, &v, true, &mut buf)?;
        let mut seg = Segment::new(None, usize::MAX);
        seg.push(&buf, n)?;
        if let Err(e) = sink.append(None, seg).and_then(|_| sink.commit()) {
            return Ok((sink, forms, Some(e)));
        }
        forms += 1;
        counters
            .records
            .store(sink.records, std::sync::atomic::Ordering::Relaxed);
    }
    Ok((sink, forms, None))
}

/// Run file work (renaming, syncing, removing) on the blocking pool.
async fn off_runtime(f: impl FnOnce() -> Result<(), Error> + Send + 'static) -> Result<(), Error> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(super::writer_stopped)?
}

/// Walk the form list in its own task, handing items on through `tx` (so details of this page
/// are fetched while the next page is requested), growing the bar by each page.
fn spawn_lister(
    client: Client,
    bar: Option<indicatif::ProgressBar>,
    tx: mpsc::Sender<Value>,
) -> tokio::task::JoinHandle<Result<(), Error>> {
    tokio::spawn(async move {
        let mut walker = client.form_pages(&FormListQuery::default());
        while let Some(page) = walker.next_page().await? {
            if let Some(b) = &bar {
                b.inc_length(page.items().len() as u64);
            }
            for item in page.into_items() {
                if tx.send(item).await.is_err() {
                    return Ok(());
                }
            }
        }
        Ok(())
    })
}

/// Complete the output, or on an interruption or a failed list walk leave it abandoned.
async fn close(
    sink: Sink,
    lister: tokio::task::JoinHandle<Result<(), Error>>,
    interrupted: bool,
) -> Result<(), Error> {
    if interrupted {
        lister.abort();
        return off_runtime(move || sink.abandon()).await;
    }
    match lister.await {
        Ok(Ok(())) => off_runtime(move || sink.finish()).await,
        Ok(Err(e)) => {
            off_runtime(move || sink.abandon()).await?;
            Err(e)
        }
        Err(e) => {
            off_runtime(move || sink.abandon()).await?;
            Err(Error::caused(
                ExitKind::Other,
                crate::msg!("export-forms-stopped"),
                e,
            ))
        }
    }
}

/// The list item as it is, or with `--with-questions` the form's detail (`resource`).
async fn detail(client: &Client, item: Value, with_questions: bool) -> Detail {
    let code = item
        .get("code")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if !with_questions {
        return (code, Ok(item));
    }
    if code.is_empty() {
        return (
            "(a form without a code)".to_string(),
            Err(Error::other(crate::msg!("export-form-without-code"))),
        );
    }
    let url = client.endpoint(&["application_forms", &code]);
    let result = async {
        let resp = client.send(RequestSpec::get(url)).await?;
        let mut v = resp.value()?;
        match v.get_mut("resource").map(Value::take) {
            Some(r @ Value::Object(_)) => Ok(r),
            _ => Err(Error::other(crate::msg!(
                "export-form-no-resource",
                code = code.to_string()
            ))),
        }
    }
    .await
    .map_err(|e| e.not_found_as(|| crate::msg!("form-not-found", code = code.as_str())));
    (code, result)
}
