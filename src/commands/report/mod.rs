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
  recruit --lang ko report pipeline --html pipeline-ko.html")]
    Pipeline(PipelineArgs),
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

    /// Also write the report as an Excel workbook: its tables as sheets, with a bar chart of
    /// the funnel (a password to open: --password, --password-file or RECRUIT_XLSX_PASSWORD)
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: ReportCmd) -> Result<(), Error> {
    match cmd {
        ReportCmd::Pipeline(a) => pipeline(ctx, a).await,
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

/// One CSV row per group and stage.
fn csv_rows(r: &Pipeline) -> Vec<Value> {
    let mut rows = Vec::new();
    for g in &r.groups {
        let (code, title) = g.job.clone().unwrap_or_default();
        for s in &g.stages {
            let mut row = json!({"job_code": code, "job_title": title});
            if let (Some(row), Value::Object(m)) = (row.as_object_mut(), s.to_json()) {
                row.extend(m);
            }
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
        text.push('\n');
    }
    for line in about_lines(database, &r.age) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}
