//! `recruit report pipeline`: the hiring pipeline from the mirror alone (no request to the
//! service): per stage kind, candidates now there, moved on, failed, and days in the stage,
//! as a table, JSON, CSV or a self-contained HTML page with charts ([`html`]).

pub(crate) mod html;
pub(crate) mod workbook;

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use crate::context::Ctx;
use crate::error::Error;
use crate::ops::report::{self, By};
use crate::output::{Format, Kind, ListPrinter};
use crate::sync::mirror::report::{MirrorAge, Pipeline, PipelineGroup};
use crate::sync::{Access, MirrorActor, Target};

/// Examples under `recruit report --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit report pipeline
  recruit report pipeline --by job --since 2026-01-01
  recruit report pipeline --html pipeline.html --lang ko";

#[derive(Debug, Subcommand)]
pub enum ReportCmd {
    /// Per stage: candidates now there, moved on, failed, and median and 90th-percentile days in it
    ///
    /// Read from the mirror alone (`recruit sync` keeps it): no request goes to the service.
    /// Days in a stage come from the mirror's stage history; the output says since when it
    /// holds history and how candidates already in the pipeline at the first sync count.
    #[command(after_help = "Examples:
  recruit report pipeline
  recruit report pipeline --job JOB-1001
  recruit report pipeline --by job --since 2026-01-01 -o csv
  recruit report pipeline --html pipeline.html
  recruit --lang ko report pipeline --html pipeline-ko.html
  recruit --lang ko report pipeline --to \"jandi+$JANDI_WEBHOOK_URL\"")]
    Pipeline(PipelineArgs),
    /// Per ISO week (Monday to Sunday, +09:00): the candidates that entered each stage
    ///
    /// Read from the mirror alone. A candidate enters Applied when it applied, and another
    /// stage when the mirror's stage history has its stay there begin; the oldest week
    /// comes first.
    #[command(after_help = "Examples:
  recruit report trend
  recruit report trend --weeks 12 --job JOB-1001
  recruit report trend -o json")]
    Trend(TrendArgs),
}

#[derive(Debug, Args)]
pub struct TrendArgs {
    #[command(flatten)]
    pub mirror: MirrorArg,

    /// How many weeks, up to the current one
    #[arg(long, value_name = "N", default_value_t = report::TREND_WEEKS,
          value_parser = clap::value_parser!(u32).range(1..=520))]
    pub weeks: u32,

    /// Only candidates of this job (its code)
    #[arg(long, value_name = "CODE")]
    pub job: Option<String>,
}

/// `--db`: the mirror a command reads or changes (reports, search, the MCP server's report
/// tools, erasure).
#[derive(Debug, Args, Default)]
pub struct MirrorArg {
    /// The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE [default:
    /// recruit.db in the data directory]
    #[arg(
        long,
        env = "RECRUIT_SYNC_DB",
        hide_env_values = true,
        value_name = "TARGET"
    )]
    pub db: Option<String>,
}

#[derive(Debug, Args)]
pub struct PipelineArgs {
    #[command(flatten)]
    pub mirror: MirrorArg,

    /// Only candidates of this job (its code)
    #[arg(long, value_name = "CODE")]
    pub job: Option<String>,

    /// One table per job
    #[arg(long, value_parser = crate::commands::named::<By>(), value_name = "WHAT")]
    pub by: Option<By>,

    /// Only candidates who applied on or after DATE (2026-01-31, local time; or an RFC 3339 time)
    #[arg(long, value_name = "DATE", value_parser = since_arg)]
    pub since: Option<f64>,

    /// Also write the report as one self-contained HTML page with charts (no network)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// Also post the summary (no candidate named) to a chat tool: slack+URL, teams+URL,
    /// googlechat+URL or jandi+URL
    #[arg(long, value_name = "FORMAT+URL", hide_env_values = true)]
    pub to: Option<String>,
    /// Also write the report as an Excel workbook: its tables as sheets, with a bar chart of
    /// the funnel (a password to open: --password, --password-file or RECRUIT_XLSX_PASSWORD)
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: ReportCmd) -> Result<(), Error> {
    match cmd {
        ReportCmd::Pipeline(a) => pipeline(ctx, a).await,
        ReportCmd::Trend(a) => trend(ctx, a).await,
    }
}

/// `--since` as the parser of the command line takes it: an error in words.
fn since_arg(s: &str) -> Result<f64, String> {
    report::parse_since(s).map_err(|m| m.said())
}

/// The mirror a report reads: `--db`, else RECRUIT_SYNC_DB, else the default one.
pub(crate) async fn open_mirror(ctx: &Ctx, db: Option<&str>) -> Result<MirrorActor, Error> {
    MirrorActor::open(Target::parse(db), ctx.net()?, Access::Read).await
}

impl PipelineArgs {
    /// The report's options from the flags.
    fn options(&self) -> report::PipelineOptions {
        report::PipelineOptions {
            job: self.job.clone(),
            by: self.by,
            since: self.since,
        }
    }
}

async fn pipeline(ctx: &mut Ctx, a: PipelineArgs) -> Result<(), Error> {
    let o = a.options();
    // A wrong destination is refused before the mirror is read.
    let to =
        a.to.as_deref()
            .map(crate::webhook::summary::destination)
            .transpose()?;
    let password = match &a.xlsx {
        Some(_) => {
            let p = ctx.password_given()?;
            // Taken for the workbook: not for the output below (which refuses it without -o xlsx).
            (ctx.globals.password, ctx.globals.password_file) = (false, None);
            p
        }
        None => None,
    };
    let store = open_mirror(ctx, a.mirror.db.as_deref()).await?;
    let database = store.shown.clone();
    // For people: in their language.
    let said = store.described.said();
    let counted = report::pipeline(&store, &o).await?;
    let value = report::to_json(&database, &counted, &o);
    if let Some(path) = &a.html {
        let page = html::page(&counted, &said, &o);
        recruit_client::files::write_private(path, page.as_bytes())?;
        crate::tell!(
            ctx.io,
            "report-html-written",
            path = path.display().to_string()
        );
    }
    if let Some((format, dest)) = &to {
        post_summary(ctx, *format, dest, &counted).await?;
    }
    if let Some(path) = &a.xlsx {
        let mut bytes = Vec::new();
        let tables = workbook::tables(&counted);
        crate::output::xlsx::write_tables(&tables, &mut bytes, password.as_ref())?;
        recruit_client::files::write_private(path, &bytes)?;
        crate::tell!(
            ctx.io,
            "xlsx-report-written",
            path = path.display().to_string()
        );
    }
    let mut out = ctx.output()?;
    match out.format() {
        Format::Table if out.is_table() => out.write_str(&table(&out.opts, &said, &counted)),
        // The report's workbook, as --xlsx writes it, to standard output.
        Format::Xlsx => {
            let mut bytes = Vec::new();
            let tables = workbook::tables(&counted);
            crate::output::xlsx::write_tables(&tables, &mut bytes, out.opts.password.as_ref())?;
            out.write_bytes(&bytes)
        }
        Format::Csv if out.opts.jq.is_none() => {
            let rows = csv_rows(&counted);
            let mut printer = ListPrinter::new(Kind::Other, true);
            printer.items(&mut out, &rows)?;
            printer.finish(&mut out)
        }
        _ => out.value(Kind::Other, &value),
    }
}

/// The report's summary for a chat channel: per group its funnel and figures, no candidate.
fn summary(r: &Pipeline) -> crate::webhook::summary::Summary {
    let mut lines = Vec::new();
    for g in &r.groups {
        let funnel: Vec<String> = g
            .stages
            .iter()
            .map(|s| {
                crate::t!(
                    "report-chat-stage",
                    stage = crate::i18n::words::stage(s.stage),
                    count = s.now
                )
            })
            .collect();
        let mut text = vec![funnel.join(" · ")];
        text.extend(figure_lines(g));
        lines.push((group_title(g), text.join("\n")));
    }
    crate::webhook::summary::Summary {
        title: crate::t!(
            "report-chat-title",
            last = report::local(r.age.last_sync),
            ago = report::age(r.age.age_seconds).said()
        ),
        lines,
    }
}

/// `--to`: post the summary; an answer other than 2xx, or none, fails the command.
async fn post_summary(
    ctx: &mut Ctx,
    format: crate::webhook::chat::Format,
    dest: &crate::webhook::chat::Destination,
    r: &Pipeline,
) -> Result<(), Error> {
    use crate::webhook::delivery::Outcome;
    let shown = crate::webhook::chat::hide_secrets(&dest.target()).into_owned();
    let outcome = crate::webhook::summary::post(&ctx.net()?, format, dest, &summary(r)).await?;
    match outcome {
        Outcome::Accepted(_) => {
            crate::tell!(ctx.io, "report-to-sent", target = shown);
            Ok(())
        }
        Outcome::Refused { status, .. } => Err(Error::new(
            crate::error::ExitKind::from_status(status),
            crate::msg!("report-to-refused", target = shown, status = status),
        )),
        // The cause is left out: a library's words may hold the address.
        Outcome::Failed(_) => Err(Error::network(crate::msg!(
            "report-to-failed",
            target = shown
        ))),
    }
}

async fn trend(ctx: &mut Ctx, a: TrendArgs) -> Result<(), Error> {
    let o = report::TrendOptions {
        weeks: a.weeks,
        job: a.job,
    };
    let store = open_mirror(ctx, a.mirror.db.as_deref()).await?;
    let weeks = report::trend(&store, &o).await?;
    let rows: Vec<Value> = weeks.iter().map(|w| w.to_json()).collect();
    let mut out = ctx.output()?;
    match out.format() {
        Format::Table if out.is_table() => {
            let mut heads = vec![crate::t!("report-col-week")];
            heads.extend(
                crate::sync::mirror::report::stages()
                    .iter()
                    .map(|s| crate::i18n::words::stage(s.as_str())),
            );
            let header: Vec<&str> = heads.iter().map(String::as_str).collect();
            let body = weeks
                .iter()
                .map(|w| {
                    let mut row = vec![w.week.clone()];
                    row.extend(w.entered.iter().map(u64::to_string));
                    row
                })
                .collect();
            out.write_str(&crate::output::table::rows(&out.opts, &header, body))
        }
        Format::Csv if out.opts.jq.is_none() => {
            // Flat for a spreadsheet: a column per stage.
            let flat: Vec<Value> = weeks
                .iter()
                .map(|w| {
                    let mut m = serde_json::Map::new();
                    m.insert("week".into(), json!(w.week));
                    for (s, n) in crate::sync::mirror::report::stages().iter().zip(&w.entered) {
                        m.insert(s.as_str().into(), json!(n));
                    }
                    Value::Object(m)
                })
                .collect();
            let mut printer = ListPrinter::new(Kind::Other, true);
            printer.items(&mut out, &flat)?;
            printer.finish(&mut out)
        }
        _ => out.value(Kind::Other, &Value::Array(rows)),
    }
}

/// One CSV row per group and stage, with the figures as `-o json` gives them, flat for a
/// spreadsheet under their JSON paths: the stage's conversion to the next (`conversion.*`,
/// empty on `pass` and `fail`) and the group's `time_to_hire.*` and `offer_acceptance.*`
/// on each of its rows.
fn csv_rows(r: &Pipeline) -> Vec<Value> {
    let mut rows = Vec::new();
    for g in &r.groups {
        let (code, title) = g.job.clone().unwrap_or_default();
        let figures = g.to_json();
        for s in &g.stages {
            let mut row = json!({"job_code": code, "job_title": title});
            let Some(row_map) = row.as_object_mut() else {
                continue;
            };
            if let Value::Object(m) = s.to_json() {
                row_map.extend(m);
            }
            let step = figures["conversion"]
                .as_array()
                .and_then(|c| c.iter().find(|c| c["from"] == s.stage));
            let step = |key: &str| step.map_or(Value::Null, |c| c[key].clone());
            let flat = [
                ("conversion.to", step("to")),
                ("conversion.share", step("share")),
                ("conversion.candidates", step("candidates")),
                (
                    "time_to_hire.median_days",
                    figures["time_to_hire"]["median_days"].clone(),
                ),
                (
                    "time_to_hire.p90_days",
                    figures["time_to_hire"]["p90_days"].clone(),
                ),
                (
                    "time_to_hire.candidates",
                    figures["time_to_hire"]["candidates"].clone(),
                ),
                (
                    "offer_acceptance.share",
                    figures["offer_acceptance"]["share"].clone(),
                ),
                (
                    "offer_acceptance.candidates",
                    figures["offer_acceptance"]["candidates"].clone(),
                ),
            ];
            row_map.extend(flat.into_iter().map(|(k, v)| (k.to_string(), v)));
            rows.push(row);
        }
    }
    rows
}

/// Days as a table shows them (one decimal), or `-`.
pub(crate) fn days(d: Option<f64>) -> String {
    d.map_or_else(|| "-".to_string(), |d| format!("{d:.1}"))
}

/// The heading of a group: every candidate, or one job's.
pub(crate) fn group_title(g: &PipelineGroup) -> String {
    match &g.job {
        None => crate::t!("report-all-candidates", count = g.candidates),
        Some((None, None)) => crate::t!("report-no-job", count = g.candidates),
        // A job the service sent without a code (a talent pool).
        Some((None, Some(title))) => crate::t!(
            "report-job-no-code",
            title = title.as_str(),
            count = g.candidates
        ),
        Some((Some(code), title)) => crate::t!(
            "report-job",
            title = title.clone().unwrap_or_else(|| code.clone()),
            code = code.as_str(),
            count = g.candidates
        ),
    }
}

/// The column headings, in the language in use.
pub(crate) fn headings() -> [String; 6] {
    [
        crate::t!("report-col-stage"),
        crate::t!("report-col-now"),
        crate::t!("report-col-moved-on"),
        crate::t!("report-col-failed"),
        crate::t!("report-col-median"),
        crate::t!("report-col-p90"),
    ]
}

/// A group's rows as the table and the page show them.
pub(crate) fn group_rows(g: &PipelineGroup) -> Vec<Vec<String>> {
    g.stages
        .iter()
        .map(|s| {
            vec![
                crate::i18n::words::stage(s.stage),
                s.now.to_string(),
                s.moved_on.to_string(),
                s.failed.to_string(),
                days(s.median_days()),
                days(s.p90_days()),
            ]
        })
        .collect()
}

/// What the mirror holds, in lines for people: which database, since when, how old, and the
/// rule for the first sync's candidates.
pub(crate) fn about_lines(database: &str, age: &MirrorAge) -> Vec<String> {
    vec![
        crate::t!(
            "report-mirror",
            db = database,
            first = report::local(age.first_sync),
            last = report::local(age.last_sync),
            ago = report::age(age.age_seconds).said()
        ),
        crate::t!(
            "report-rule",
            first = report::local(age.first_sync),
            count = age.at_first_sync
        ),
    ]
}

fn table(opts: &crate::output::OutputOptions, database: &str, r: &Pipeline) -> String {
    let heads = headings();
    let header: Vec<&str> = heads.iter().map(String::as_str).collect();
    let mut text = String::new();
    for g in &r.groups {
        text.push_str(&group_title(g));
        text.push('\n');
        text.push_str(&crate::output::table::rows(opts, &header, group_rows(g)));
        for line in figure_lines(g) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push('\n');
    }
    for line in about_lines(database, &r.age) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// A share as people read it: `62.5%`.
pub(crate) fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// The figures of a group for people: conversion from stage to stage, time to hire and offer
/// acceptance, each with how many candidates it rests on, or why it has no value.
pub(crate) fn figure_lines(g: &PipelineGroup) -> Vec<String> {
    let steps: Vec<String> = g
        .conversion()
        .iter()
        .map(|c| {
            let (from, to) = (
                crate::i18n::words::stage(c.from),
                crate::i18n::words::stage(c.to),
            );
            match c.share {
                Some(share) => crate::t!(
                    "report-conversion-step",
                    from = from,
                    to = to,
                    share = percent(share),
                    count = c.candidates
                ),
                None => crate::t!("report-conversion-none", from = from, to = to),
            }
        })
        .collect();
    let mut lines = vec![
        crate::t!("report-conversion", steps = steps.join("; ")),
        time_to_hire_line(g),
        offer_acceptance_line(g),
    ];
    if g.stages.iter().all(|s| s.days.is_empty()) {
        lines.push(crate::t!("report-days-none"));
    }
    lines
}

pub(crate) fn time_to_hire_line(g: &PipelineGroup) -> String {
    match (g.hire_median_days(), g.hire_p90_days()) {
        (Some(median), Some(p90)) => crate::t!(
            "report-time-to-hire",
            median = days(Some(median)),
            p90 = days(Some(p90)),
            count = g.hire_days.len()
        ),
        _ => crate::t!("report-time-to-hire-none"),
    }
}

pub(crate) fn offer_acceptance_line(g: &PipelineGroup) -> String {
    match g.offer_acceptance() {
        (n, Some(share)) => crate::t!("report-offer-acceptance", share = percent(share), count = n),
        _ => crate::t!("report-offer-acceptance-none"),
    }
}
