//! `recruit export submissions|memos|candidates|forms`: batch export (see `crate::export`).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::api::Stage;
use crate::context::Ctx;
use crate::error::{Error, ExitKind};
use crate::export::{CandidateList, Candidates, Report, Subject};
use crate::ops::export::{out_path, Asked, CandidateOptions, ExportWith, Resume, SheetAsked};
use crate::output::Format;
use recruit_client::batch::{batch_exit, severity, BatchExit};

/// Names listed in the summary line before "and N more".
const LIST_AT_MOST: usize = 10;

/// Examples under `recruit export --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit export submissions --candidates codes.txt --out subs.ndjson
  recruit export submissions --stage interview -o csv --out interview-answers.csv
  recruit export memos --candidates codes.txt -o csv --out memos.csv
  recruit export submissions --candidates codes.txt --out subs.ndjson --resume
  recruit export candidates --stage applied --detail --out applied.ndjson
  recruit export forms --with-questions --out forms.ndjson";

#[derive(Debug, Subcommand)]
pub enum ExportCmd {
    /// Export the form submissions of many candidates
    ///
    /// Reads candidate codes (one per line), or with --stage S takes every candidate at stage S
    /// from the candidate list (every page, 100 per request, read while the export runs), and
    /// writes every form submission of each, following every page (100 per request), as ndjson
    /// (default), csv or one json array. Each record gets
    /// a `candidate_code` field, first. Candidates are fetched concurrently; a candidate's records
    /// are written together as soon as it is complete. A candidate that is not found, or still
    /// fails after retries, doesn't stop the others: the summary on stderr lists them, --failed
    /// writes them to a file, and the exit code is 3 (only not found) or 7.
    ///
    /// With --out FILE the export is written to FILE.partial with a journal FILE.progress and
    /// renamed to FILE only when complete; after a crash, kill or Ctrl-C, run the same command
    /// with --resume to continue where it stopped (every record ends up in FILE exactly once).
    ///
    /// Submissions name their candidate (candidate_name, candidate_email): they are logged in
    /// the access log (`recruit audit list`) as for `export candidates`.
    #[command(after_help = "Examples:
  recruit export submissions --candidates codes.txt --out subs.ndjson
  recruit export submissions --stage interview -o csv --out interview-answers.csv
  recruit export submissions --candidates codes.txt --out subs.ndjson --resume
  recruit export submissions --candidates codes.txt -o csv --out subs.csv --failed retry.txt
  tail -n +2 candidates.csv | cut -d, -f1 | recruit export submissions --candidates - > subs.ndjson
  recruit export submissions --candidates codes.txt --jq 'select(.kind == \"message\") | .form_title'

Candidates file: one code per line; blank lines and # comments are ignored, whitespace is
trimmed, a code listed twice is exported once.")]
    Submissions(CandidatesArgs),

    /// Export the memos (with their replies) of many candidates
    ///
    /// Reads candidate codes (one per line), or with --stage S every candidate at stage S from the
    /// candidate list, and writes the memos of each as ndjson (default), csv or one json array,
    /// with a `candidate_code` field first: one record per top-level memo, its `replies` nested
    /// as the service sent them (in csv, a cell of JSON text).
    ///
    /// Failures, --failed, exit codes, --out and --resume work as for `export submissions`.
    #[command(after_help = "Examples:
  recruit export memos --candidates codes.txt --out memos.ndjson
  recruit export memos --stage offer -o csv --out offer-memos.csv
  recruit export memos --candidates codes.txt --out memos.ndjson --resume
  recruit export memos --candidates codes.txt --concurrency 4 --failed missing.txt > memos.ndjson")]
    Memos(CandidatesArgs),

    /// Export every candidate (or those at one stage), optionally each one's detail
    ///
    /// Walks every page of the candidate list (100 per request) and writes each candidate as the
    /// list gave it, as ndjson (default), csv or one json array. With --stage S only the
    /// candidates at stage S; with --detail each candidate's detail (with desired_salary,
    /// current_salary and expected_fee) is fetched, concurrently and paced, and written instead,
    /// in list order.
    ///
    /// Failures, --failed, exit codes, --out and --resume work as for `export submissions`; a
    /// resumed export walks the list again and skips the candidates already written.
    ///
    /// The access log (`recruit audit list`) gets a record of each next 1,000 candidates (in
    /// the order they are written) and the reason given with --reason TEXT or RECRUIT_REASON,
    /// synced to disk before the first of them is written: a run killed at any moment has
    /// logged every candidate in its output. With `recruit config set require_reason true`
    /// every export needs a reason: without one it stops with exit 2 before anything is
    /// fetched or written.
    #[command(after_help = "Examples:
  recruit --reason 'monthly review' export candidates --out candidates.ndjson
  recruit export candidates --out candidates.ndjson
  recruit export candidates --stage applied -o csv --out applied.csv
  recruit export candidates --stage offer --detail -o json --out offers.json
  recruit export candidates --detail --out details.ndjson --resume")]
    Candidates(CandidateListArgs),

    /// Export every application form, optionally with its questions
    ///
    /// Walks every page of the form list and writes each form as ndjson (default), csv or one json
    /// array. With --with-questions, each form's detail (with its `questions`) is fetched
    /// concurrently and written instead of the list item, in list order.
    #[command(after_help = "Examples:
  recruit export forms > forms.ndjson
  recruit export forms --with-questions --out forms.json -o json
  recruit export forms -o csv --out forms.csv")]
    Forms(FormsArgs),
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["candidates", "stage"])))]
pub struct CandidatesArgs {
    /// File of candidate codes, one per line ('-' for standard input)
    #[arg(long, value_name = "FILE|-")]
    pub candidates: Option<String>,

    /// Instead of --candidates: every candidate at stage S, from every page of the candidate list
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
    pub stage: Option<Stage>,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct CandidateListArgs {
    /// Only the candidates at stage S
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
    pub stage: Option<Stage>,

    /// Write each candidate's detail (one request each) instead of the list item
    #[arg(long)]
    pub detail: bool,

    #[command(flatten)]
    pub run: RunArgs,
}

/// How a candidate export runs and where it writes.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Write to FILE (through FILE.partial, renamed when complete) instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Requests in flight at most, 1-64 (lowered automatically while the service answers 429)
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,

    /// Continue an interrupted export to --out FILE (same arguments as the first run)
    #[arg(long)]
    pub resume: bool,

    /// Write the codes that were not found or failed to FILE, one per line (a --candidates file)
    #[arg(long, value_name = "FILE")]
    pub failed: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct FormsArgs {
    /// Fetch each form's detail (with its questions)
    #[arg(long)]
    pub with_questions: bool,

    /// Write to FILE (through FILE.partial, renamed when complete) instead of standard output
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Detail requests in flight at most with --with-questions, 1-64
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: ExportCmd) -> Result<(), crate::Error> {
    // A download of many records: with `require_reason = true` it needs a reason, asked for
    // before anything is read, fetched or written.
    ctx.require_reason("export")?;
    match cmd {
        ExportCmd::Submissions(a) => run_candidates(ctx, Subject::Submissions, a).await,
        ExportCmd::Memos(a) => run_candidates(ctx, Subject::Memos, a).await,
        ExportCmd::Candidates(a) => {
            let subject = if a.detail {
                Subject::CandidateDetails
            } else {
                Subject::Candidates
            };
            run_export(ctx, subject, Source::Listed(a.stage), a.run).await
        }
        ExportCmd::Forms(a) => run_forms(ctx, a).await,
    }
}

/// The format of an export: `-o` (flag or RECRUIT_OUTPUT), else ndjson.
fn export_format(ctx: &Ctx) -> Result<Format, Error> {
    crate::ops::export::format_of(Asked {
        output: ctx.globals.output,
        limit: ctx.globals.limit.is_some(),
        jq: ctx.globals.jq.is_some(),
        fields: ctx.globals.fields.is_some(),
    })
}

async fn run_candidates(
    ctx: &mut Ctx,
    subject: Subject,
    a: CandidatesArgs,
) -> Result<(), crate::Error> {
    let source = match (a.candidates, a.stage) {
        (_, Some(stage)) => Source::Listed(Some(stage)),
        (Some(file), None) => Source::File(file),
        // clap requires one of them.
        (None, None) => return Err(Error::usage(crate::msg!("export-needs-candidates"))),
    };
    run_export(ctx, subject, source, a.run).await
}

/// Where a candidate export's candidates come from, as the command line says.
enum Source {
    /// `--candidates FILE` (`-`: standard input), read once the other options are checked.
    File(String),
    /// The candidate list, at a stage or whole.
    Listed(Option<Stage>),
}

/// The codes of a candidates file (`-`: standard input).
fn read_candidates(ctx: &Ctx, file: &str) -> Result<CandidateList, Error> {
    let what = if file == "-" {
        if ctx.io.term.stdin_tty {
            crate::tell!(ctx.io, "export-reading-stdin");
        }
        crate::t!("export-codes-stdin")
    } else {
        crate::t!("export-codes-file", file = file.to_string())
    };
    let text = crate::commands::user_text::read(&ctx.io, file, &crate::t!("what-candidates-file"))?;
    CandidateList::parse(&text, &what)
}

async fn run_export(
    ctx: &mut Ctx,
    subject: Subject,
    source: Source,
    a: RunArgs,
) -> Result<(), crate::Error> {
    let format = export_format(ctx)?;
    let jq = crate::ops::export::jq_filter(ctx.globals.jq.as_deref())?;
    let out = out_path(a.out);
    let password = xlsx_ready(ctx, format, out.as_deref())?;
    match crate::ops::export::resume_check(out.as_deref(), a.resume)? {
        Resume::Run => {}
        Resume::Finished { out, journal } => {
            crate::tell!(
                ctx.io,
                "export-nothing-to-resume",
                out = out.display().to_string(),
                journal = journal.display().to_string()
            );
            return Ok(());
        }
        Resume::Fresh { out, journal } => crate::tell!(
            ctx.io,
            "export-no-unfinished",
            out = out.display().to_string(),
            journal = journal.display().to_string()
        ),
    }
    let candidates = match source {
        Source::File(file) => Candidates::Codes(read_candidates(ctx, &file)?),
        Source::Listed(stage) => Candidates::Listed { stage },
    };
    let fields = ctx.globals.fields.clone();
    let mut encoder = crate::ops::export::candidate_encoder(
        subject,
        format,
        fields.as_deref(),
        export_sheet(ctx),
        jq,
    )?;
    encoder.password = password;
    let options = CandidateOptions {
        subject,
        candidates,
        encoder,
        out,
        resume: a.resume,
        concurrency: a.concurrency as usize,
        jq_text: ctx.globals.jq.clone(),
        fields,
    };
    let with = export_with(ctx, subject != Subject::Memos).await?;
    let report = crate::ops::export::candidates(options, with).await?;

    // "exported N candidates to FILE" only once FILE holds them: after a failed write the
    // error says what happened instead.
    if report.write_error.is_none() {
        crate::say!(ctx.io, "{}", summary(&report));
    }
    say_cut_short(ctx, report.write_error.as_ref(), report.records);
    if let Some(path) = &a.failed {
        crate::ops::export::write_failed(path, &report)?;
    }
    outcome(report, a.failed.is_some())
}

/// How a candidate export ended, as the command's result: the fatal error, an interruption,
/// the candidates that failed (the most severe kind among them decides the exit code: auth 4
/// over rejected 5 over rate limited 6 over network 7) or were not found (3), and only then a
/// closed output (141): a failure seen keeps its code however the output ended.
fn outcome(report: Report, failed_listed: bool) -> Result<(), Error> {
    let failures = report.failed.iter().map(|(_, e)| e.kind);
    let not_found = report.not_found.iter().map(|_| ExitKind::NotFound);
    let end = batch_exit(
        report.fatal.is_some(),
        report.interrupted,
        failures.chain(not_found),
    );
    if let Some(fatal) = report.fatal {
        let mut e = fatal;
        if report.resumable {
            e.message = format!(
                "{}; the export stopped (what was exported is kept: fix the cause and {})",
                e.message,
                resume_hint()
            );
        }
        return Err(e);
    }
    if end == BatchExit::Interrupted {
        let again = if report.quit_at_once {
            crate::t!("export-interrupted-again")
        } else {
            crate::t!("export-interrupted")
        };
        let msg = if report.resumable {
            crate::msg!(
                "export-interrupted-resume",
                again = again,
                hint = resume_hint()
            )
        } else {
            crate::msg!("export-interrupted-incomplete", again = again)
        };
        return Err(Error::new(crate::ExitKind::Interrupted, msg));
    }
    let worst = match end {
        BatchExit::Failed(kind) => kind,
        _ => {
            return match report.write_error {
                Some(e) => Err(e),
                None => Ok(()),
            }
        }
    };
    let listed = if failed_listed {
        crate::t!("export-listed-failed-file")
    } else {
        crate::t!("export-listed-add-failed")
    };
    if report.failed.is_empty() {
        return Err(Error::new(
            worst,
            crate::msg!(
                "export-not-found-of",
                count = report.not_found.len(),
                total = report.total,
                listed = listed
            ),
        ));
    }
    let tail = if report.resumable {
        crate::t!(
            "export-failed-tail",
            dest = report.destination.clone(),
            hint = resume_hint()
        )
    } else {
        String::new()
    };
    let notfound = if report.not_found.is_empty() {
        String::new()
    } else {
        crate::t!("export-failed-not-found", count = report.not_found.len())
    };
    Err(Error::new(
        worst,
        crate::msg!(
            "export-failed-of",
            count = report.failed.len(),
            total = report.total,
            kinds = kinds(&report.failed),
            notfound = notfound,
            listed = listed,
            tail = tail
        ),
    ))
}

/// A kind of failure as the summary names it.
fn kind_name(kind: ExitKind) -> String {
    match kind {
        ExitKind::Usage => crate::t!("export-kind-usage"),
        ExitKind::Auth => crate::t!("export-kind-auth"),
        ExitKind::Rejected => crate::t!("export-kind-rejected"),
        ExitKind::RateLimited => crate::t!("export-kind-rate-limited"),
        ExitKind::Network => crate::t!("export-kind-network"),
        ExitKind::NotFound => crate::t!("export-kind-not-found"),
        _ => crate::t!("export-kind-other"),
    }
}

/// `2 auth, 1 network`: the failures by kind, most severe first.
/// Each failure as `code`, `kind: message`.
fn failures(failed: &[(String, Error)]) -> Vec<(String, String)> {
    let line = |e: &Error| format!("{}: {}", kind_name(e.kind), e.message);
    failed.iter().map(|(c, e)| (c.clone(), line(e))).collect()
}

fn kinds(failed: &[(String, Error)]) -> String {
    let mut counts: Vec<(ExitKind, usize)> = Vec::new();
    for (_, e) in failed {
        match counts.iter_mut().find(|(k, _)| *k == e.kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((e.kind, 1)),
        }
    }
    counts.sort_by_key(|(k, _)| severity(*k));
    counts
        .iter()
        .map(|(k, n)| format!("{n} {}", kind_name(*k)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The client and output of an export run from the command line: a progress bar when stderr is
/// a terminal, and Ctrl-C stops it cleanly. `personal`: it may write personal data (the access
/// log is opened for it).
async fn export_with(ctx: &mut Ctx, personal: bool) -> Result<ExportWith, crate::Error> {
    let audit = if personal { ctx.audit()? } else { None };
    let client = ctx.client().await?;
    Ok(ExportWith {
        client,
        stdout: ctx.io.stdout(),
        progress: ctx.io.term.stderr_tty,
        stderr: ctx.io.err_stream(),
        audit,
    })
}

/// An export whose reader closed standard output early (`| head`) ends with exit 141, as a
/// program stopped by SIGPIPE does, and says so: it must not pass for a finished one.
/// `records` are those written before the pipe closed.
fn say_cut_short(ctx: &Ctx, write_error: Option<&Error>, records: u64) {
    if write_error.is_some_and(|e| e.kind == ExitKind::OutputClosed) {
        let warning = crate::t!("export-cut-short", records = records);
        crate::tell!(ctx.io, "warning-line", warning = warning);
    }
}

/// `-o xlsx`: never to a terminal (standard output without `--out`); its password, asked or
/// read now, before any request. Other formats: none (a password flag is refused).
fn xlsx_ready(
    ctx: &Ctx,
    format: Format,
    out: Option<&std::path::Path>,
) -> Result<Option<crate::output::xlsx::Password>, Error> {
    if format == Format::Xlsx {
        let to_terminal = out.is_none() && ctx.io.term.stdout_tty;
        crate::output::xlsx::writable(to_terminal, false)?;
    }
    ctx.xlsx_password(format)
}

/// `--bom` and `--encoding` as given.
fn export_sheet(ctx: &Ctx) -> SheetAsked {
    SheetAsked {
        bom: ctx.globals.bom,
        charset: ctx.globals.encoding.unwrap_or_default(),
    }
}

async fn run_forms(ctx: &mut Ctx, a: FormsArgs) -> Result<(), crate::Error> {
    let format = export_format(ctx)?;
    let (fields, jq) = (ctx.globals.fields.as_deref(), ctx.globals.jq.as_deref());
    let sheet = export_sheet(ctx);
    let mut encoder =
        crate::ops::export::forms_encoder(format, fields, sheet, jq, a.with_questions)?;
    let (out, n) = (out_path(a.out), a.concurrency as usize);
    encoder.password = xlsx_ready(ctx, format, out.as_deref())?;
    let with = export_with(ctx, false).await?;
    let report = crate::ops::export::forms(encoder, out, n, a.with_questions, with).await?;
    let mut line = crate::t!(
        "export-forms-done",
        forms = report.forms,
        dest = report.destination.clone(),
        secs = format!("{:.1}", report.elapsed.as_secs_f64()),
        requests = report.traffic.requests
    );
    push_list(
        &mut line,
        &crate::t!("export-list-not-found"),
        &report.not_found,
        false,
    );
    push_list(
        &mut line,
        &crate::t!("export-list-failed", kinds = kinds(&report.failed)),
        &failures(&report.failed),
        true,
    );
    let end = batch_exit(
        false,
        report.interrupted,
        report
            .failed
            .iter()
            .map(|(_, e)| e.kind)
            .chain(report.not_found.iter().map(|_| ExitKind::NotFound)),
    );
    if end == BatchExit::Interrupted {
        return Err(Error::new(
            crate::ExitKind::Interrupted,
            crate::msg!("export-forms-interrupted", line = line),
        ));
    }
    if report.write_error.is_none() {
        crate::say!(ctx.io, "{line}");
    }
    say_cut_short(ctx, report.write_error.as_ref(), report.forms);
    match end {
        BatchExit::Failed(worst) if !report.failed.is_empty() => Err(Error::new(
            worst,
            crate::msg!(
                "export-forms-failed",
                count = report.failed.len(),
                kinds = kinds(&report.failed)
            ),
        )),
        BatchExit::Failed(worst) => Err(Error::new(
            worst,
            crate::msg!("export-forms-not-found", count = report.not_found.len()),
        )),
        _ => match report.write_error {
            Some(e) => Err(e),
            None => Ok(()),
        },
    }
}

/// The end summary, e.g. `exported 1498 candidates, 73422 records to out.ndjson in 12.0 s
/// (1530 requests, 3 retries); 2 not found: X, Y; 1 failed: Z (…)`.
pub(crate) fn summary(r: &Report) -> String {
    let done = r.exported + r.skipped;
    let mut s = if r.interrupted {
        crate::t!("export-summary-interrupted", done = done, total = r.total)
    } else {
        crate::t!("export-summary-done", done = done)
    };
    if r.skipped > 0 {
        s.push_str(&crate::t!("export-summary-earlier", count = r.skipped));
    }
    let dest = r.destination.clone();
    s.push_str(&crate::t!(
        "export-summary-records",
        records = r.records,
        place = if r.resumable && !r.completed {
            crate::t!("export-summary-kept", dest = dest)
        } else {
            crate::t!("export-summary-to", dest = dest)
        },
        secs = format!("{:.1}", r.elapsed.as_secs_f64()),
        requests = r.traffic.requests
    ));
    if r.traffic.retries > 0 {
        s.push_str(&crate::t!(
            "export-summary-retries",
            count = r.traffic.retries
        ));
    }
    if r.traffic.rate_limited > 0 {
        s.push_str(&crate::t!(
            "export-summary-429",
            count = r.traffic.rate_limited
        ));
        if r.limiter.decreases > 0 {
            s.push_str(&crate::t!(
                "export-summary-lowered",
                lowest = r.limiter.lowest
            ));
        }
    }
    if let Some(pace) = r.pace.describe() {
        s.push_str(&format!(", {}", pace.said()));
    }
    s.push(')');
    push_list(
        &mut s,
        &crate::t!("export-list-not-found"),
        &r.not_found,
        false,
    );
    let failed = failures(&r.failed);
    push_list(
        &mut s,
        &crate::t!("export-list-failed", kinds = kinds(&r.failed)),
        &failed,
        true,
    );
    s
}

fn push_list(s: &mut String, label: &str, items: &[(String, String)], why: bool) {
    if items.is_empty() {
        return;
    }
    s.push_str(&format!("; {} {label}: ", items.len()));
    let shown: Vec<String> = items
        .iter()
        .take(LIST_AT_MOST)
        .map(|(code, msg)| {
            if why {
                format!("{code} ({msg})")
            } else {
                code.clone()
            }
        })
        .collect();
    s.push_str(&shown.join(", "));
    if items.len() > LIST_AT_MOST {
        s.push_str(&crate::t!(
            "export-list-more",
            count = items.len() - LIST_AT_MOST
        ));
    }
}

/// "rerun the same command with --resume: recruit export ... --resume" (the key left out).
fn resume_hint() -> String {
    let mut args: Vec<String> = Vec::new();
    let mut skip_next = false;
    for a in std::env::args().skip(1) {
        if skip_next {
            skip_next = false;
            continue;
        }
        if a == "--api-key" {
            skip_next = true;
            continue;
        }
        if a.starts_with("--api-key=") {
            continue;
        }
        args.push(a);
    }
    if !args.iter().any(|a| a == "--resume") {
        args.push("--resume".to_string());
    }
    let line: Vec<String> = std::iter::once("recruit".to_string())
        .chain(args.iter().map(|a| shell_quote(a)))
        .collect();
    crate::redact::scrub(&crate::t!("export-resume-hint", line = line.join(" ")))
}

fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,@%+".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}
