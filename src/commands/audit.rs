//! `recruit audit list|verify|report`: the access log of personal data shown (cli.md,
//! "Personal data: one list, an access log, erasure and retention"). The log itself is
//! `recruit_audit`'s; these commands only read it.

use clap::{Args, Subcommand};
use recruit_audit::{Break, Damage, Log, Record, Verdict, Via};
use serde_json::{json, Value};

use crate::context::Ctx;

mod prune;
use crate::error::Error;
use crate::ops::audit::Review;
use crate::output::text::{local_time, one_line, safe_line};
use crate::output::{Format, Kind, ListPrinter, Output};
use crate::time::{parse_month, Month};

pub const EXAMPLES: &str = "\
Examples:
  recruit audit list --since 7d
  recruit audit list --candidate C1001 -o json
  recruit audit verify
  recruit audit report --month 2026-03
  recruit audit report --month 2026-03 -o csv --bom > audit-2026-03.csv
  recruit audit prune --before 2024-03 --yes";

#[derive(Debug, Subcommand)]
pub enum AuditCmd {
    /// The records of the access log, oldest first
    #[command(
        long_about = "The records of the access log, oldest first: when, who (OS user@profile), \
through what (cli, mcp, export, sync, wizard, erase), which candidates (a record names at most \
1,000 codes and counts those; more candidates are more records), which personal fields, and the reason given. -o json gives one \
array of the records as they are in the file.",
        after_help = "Examples:
  recruit audit list
  recruit audit list --since 7d
  recruit audit list --since 2026-03-01 --via export
  recruit audit list --candidate C1001 -o json"
    )]
    List(ListArgs),
    /// Check that no record was changed, removed or inserted (exit 1 naming the first)
    #[command(
        long_about = "Check the access log's chain: each record holds the hash of the one before \
and its own, and an anchor file next to the log (audit.log.head) holds the last one's. Exit 0 \
when every record chains to the one before and the last is the anchor's; exit 1 naming the \
first record that was changed, removed or inserted (its seq and line), a line that is not a \
record, a log whose last records were cut, or a log that holds records but whose anchor is \
missing or names a record the log no longer holds (-o json: `anchor_missing`, `anchor_gone`). \
After `audit prune` the chain starts at its checkpoint (audit.log.checkpoint). Empty lines are \
no records and no error. There is no secret key: this finds edits, not \
someone who rewrites the whole chain and its anchor; keep a copy of the log (or its last \
hash) where its users cannot write to prove that.",
        after_help = "Examples:
  recruit audit verify
  recruit audit verify -o json"
    )]
    Verify,
    /// The monthly review: records and candidates per actor and via, every export and sync with its reason
    #[command(
        long_about = "The monthly review of the access log: for the month (in local time), the \
records and the candidates shown per actor and via, and every export and sync with its reason \
(or \"no reason given\"). It also says whether the log verifies. -o json for programs, -o csv \
(with --bom for Excel) for a spreadsheet.",
        after_help = "Examples:
  recruit audit report --month 2026-03
  recruit audit report --month 2026-03 -o json
  recruit audit report --month 2026-03 -o csv --bom > audit-2026-03.csv"
    )]
    Report(ReportArgs),
    /// Remove the records of months before YYYY-MM, keeping a checkpoint so verify still proves the rest
    #[command(
        long_about = "Remove the access log's records of the months before YYYY-MM (in local \
time), and the destruction register's rows of the same months. The log keeps a checkpoint \
(audit.log.checkpoint: the last removed record's seq and hash), so `audit verify` still proves \
every record that remains. A month younger than `audit_keep` months (config, default 24, at \
least 12) is refused (exit 2). A log that does not verify is not pruned (exit 1). Asks first; \
without a terminal, --yes is needed (exit 2 otherwise, nothing changed).",
        after_help = "Examples:
  recruit audit prune --before 2024-03   # asks on a terminal
  recruit audit prune --before 2024-03 --yes -o json
  recruit config set audit_keep 36"
    )]
    Prune(prune::PruneArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only records since T: a time (2026-03-01, 2026-03-01T09:00:00+09:00) or an age (2h, 7d)
    #[arg(long, value_name = "T", value_parser = crate::time::parse_time)]
    pub since: Option<f64>,
    /// Only records naming this candidate (among the codes a record keeps)
    #[arg(long, value_name = "CODE")]
    pub candidate: Option<String>,
    /// Only records made through this
    #[arg(long, value_name = "V", value_parser = via_parser())]
    pub via: Option<Via>,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The month to review, YYYY-MM (in local time)
    #[arg(long, value_name = "YYYY-MM", value_parser = parse_month, required = true)]
    pub month: Month,
}

fn via_parser() -> impl clap::builder::TypedValueParser<Value = Via> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Via::ALL.map(Via::as_str)).map(|s| {
        s.parse::<Via>()
            .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-clap-value")))
    })
}

/// The access log of this run: RECRUIT_AUDIT_LOG, the profile's `audit_log`, or the default.
fn log(ctx: &Ctx) -> Log {
    Log::new(ctx.settings().audit_log(), crate::clock::system())
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: AuditCmd) -> Result<(), Error> {
    match cmd {
        AuditCmd::List(a) => list(ctx, a),
        AuditCmd::Verify => verify(ctx),
        AuditCmd::Report(a) => report(ctx, a),
        AuditCmd::Prune(a) => prune::prune(ctx, a),
    }
}

fn list(ctx: &mut Ctx, a: ListArgs) -> Result<(), Error> {
    let log = log(ctx);
    let filter = crate::ops::audit::ListFilter {
        since: a.since,
        via: a.via,
        candidate: a.candidate,
    };
    let records = crate::ops::audit::list(&log, &filter)?;
    let mut out = ctx.output()?;
    if out.is_table() && out.opts.jq.is_none() && out.opts.fields.is_none() {
        if records.is_empty() {
            if log.path().exists() {
                crate::tell!(ctx.io, "audit-list-none");
            } else {
                let path = log.path().display().to_string();
                crate::tell!(ctx.io, "audit-no-log", path = path);
            }
            return Ok(());
        }
        return out.write_str(&table(&out.opts, &LIST_TABLE, &records));
    }
    if out.format() == Format::Csv && out.opts.jq.is_none() && out.opts.fields.is_none() {
        return write_csv(&mut out, &LIST_COLUMNS, records.iter().map(csv_row));
    }
    let values: Vec<Value> = records.iter().map(record_json).collect();
    let mut printer = ListPrinter::new(Kind::Other, true);
    printer.items(&mut out, &values)?;
    printer.finish(&mut out)
}

/// A record as it is in the file.
fn record_json(r: &Record) -> Value {
    serde_json::to_value(r).unwrap_or_else(|_| crate::error::bug(crate::t!("bug-json-encode")))
}

/// How a record's `via` reads in a table: `cli`, or `cli (sandbox)`.
fn via_cell(via: Via, sandbox: bool) -> String {
    if sandbox {
        crate::t!("audit-via-sandbox", via = via.as_str())
    } else {
        via.as_str().to_string()
    }
}

/// `3: C1, C2, C3`, the codes cut after a few.
fn candidates_cell(count: u64, codes: &[String]) -> String {
    const SHOWN: usize = 3;
    let mut shown: Vec<String> = codes
        .iter()
        .take(SHOWN)
        .map(|c| safe_line(c).into_owned())
        .collect();
    if count as usize > shown.len() {
        shown.push("…".to_string());
    }
    match shown.is_empty() {
        true => count.to_string(),
        false => format!("{count}: {}", shown.join(", ")),
    }
}

fn reason_cell(reason: Option<&str>) -> String {
    match reason {
        Some(r) => one_line(r, 40),
        None => crate::t!("audit-no-reason"),
    }
}

/// A column of a table of records: `audit list`'s, and the report's downloads.
#[derive(Debug, Clone, Copy)]
enum Col {
    Seq,
    At,
    Actor,
    Via,
    /// The count and the first codes.
    Candidates,
    /// The count alone, under the same title.
    Count,
    Fields,
    /// A dash where none was given: a list to scan.
    Reason,
    /// "no reason given" where none was: the review names what is missing.
    ReasonDue,
    Command,
}

/// `audit list`'s columns.
const LIST_TABLE: [Col; 8] = [
    Col::Seq,
    Col::At,
    Col::Actor,
    Col::Via,
    Col::Candidates,
    Col::Fields,
    Col::Reason,
    Col::Command,
];

/// The report's downloads (every export and sync).
const DOWNLOADS_TABLE: [Col; 7] = [
    Col::Seq,
    Col::At,
    Col::Actor,
    Col::Via,
    Col::Count,
    Col::ReasonDue,
    Col::Command,
];

impl Col {
    fn title(self) -> String {
        match self {
            Col::Seq => crate::t!("audit-col-seq"),
            Col::At => crate::t!("audit-col-at"),
            Col::Actor => crate::t!("audit-col-actor"),
            Col::Via => crate::t!("audit-col-via"),
            Col::Candidates | Col::Count => crate::t!("audit-col-candidates"),
            Col::Fields => crate::t!("audit-col-fields"),
            Col::Reason | Col::ReasonDue => crate::t!("audit-col-reason"),
            Col::Command => crate::t!("audit-col-command"),
        }
    }

    fn cell(self, r: &Record) -> String {
        match self {
            Col::Seq => r.seq.to_string(),
            Col::At => local_time(Some(&r.at)),
            Col::Actor => safe_line(&r.actor).into_owned(),
            Col::Via => via_cell(r.via, r.sandbox),
            Col::Candidates => candidates_cell(r.count, &r.candidates),
            Col::Count => r.count.to_string(),
            Col::Fields => r.fields.join(", "),
            Col::Reason => r.reason.as_deref().map_or("-".into(), |r| one_line(r, 40)),
            Col::ReasonDue => reason_cell(r.reason.as_deref()),
            Col::Command => one_line(&r.command, 60),
        }
    }
}

fn table<'a>(
    opts: &crate::output::OutputOptions,
    cols: &[Col],
    records: impl IntoIterator<Item = &'a Record>,
) -> String {
    let rows = records
        .into_iter()
        .map(|r| cols.iter().map(|c| c.cell(r)).collect())
        .collect();
    let header: Vec<String> = cols.iter().map(|c| c.title()).collect();
    titled_rows(opts, &header, rows)
}

/// A table of `rows` under the titles `header`.
fn titled_rows(
    opts: &crate::output::OutputOptions,
    header: &[String],
    rows: Vec<Vec<String>>,
) -> String {
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    crate::output::table::rows(opts, &header, rows)
}

/// The CSV columns of `audit list -o csv`: the record's keys, lists as space-separated text.
const LIST_COLUMNS: [&str; 12] = [
    "seq",
    "at",
    "actor",
    "via",
    "sandbox",
    "command",
    "candidates",
    "count",
    "fields",
    "reason",
    "prev",
    "hash",
];

fn csv_row(r: &Record) -> Vec<String> {
    vec![
        r.seq.to_string(),
        r.at.clone(),
        r.actor.clone(),
        r.via.as_str().to_string(),
        r.sandbox.to_string(),
        r.command.clone(),
        r.candidates.join(" "),
        r.count.to_string(),
        r.fields.join(" "),
        r.reason.clone().unwrap_or_default(),
        r.prev.clone().unwrap_or_default(),
        r.hash.clone(),
    ]
}

/// A CSV (RFC 4180, header first) as `--bom` and `--encoding` want it.
fn write_csv(
    out: &mut Output,
    header: &[&str],
    rows: impl Iterator<Item = Vec<String>>,
) -> Result<(), Error> {
    let sheet = out.opts.sheet();
    let mut w = csv::Writer::from_writer(Vec::new());
    let failed =
        |e: csv::Error| Error::caused(crate::ExitKind::Other, crate::msg!("csv-cannot-write"), e);
    w.write_record(header).map_err(failed)?;
    for row in rows {
        // A reason or a command line is text a spreadsheet must not run.
        w.write_record(row.iter().map(|c| sheet.text_cell(c).into_owned()))
            .map_err(failed)?;
    }
    let text = w.into_inner().map_err(|e| {
        Error::caused(
            crate::ExitKind::Other,
            crate::msg!("csv-cannot-write"),
            e.into_error(),
        )
    })?;
    let mut bytes = sheet.start().to_vec();
    bytes.extend(sheet.encode(&String::from_utf8_lossy(&text)));
    out.write_bytes(&bytes)
}

fn verify(ctx: &mut Ctx) -> Result<(), Error> {
    let log = log(ctx);
    let verdict = log.verify()?;
    let path = log.path().display().to_string();
    let mut out = ctx.output()?;
    if !out.is_table() {
        out.value(Kind::Other, &verdict_json(&log, &verdict))?;
    }
    match verdict {
        Verdict::Empty => {
            if out.is_table() {
                out.write_str(&format!(
                    "{}\n",
                    crate::t!("audit-verify-nothing", path = path)
                ))?;
            }
            Ok(())
        }
        Verdict::Intact {
            records,
            last,
            anchored,
        } => {
            if out.is_table() {
                let line = if let Some(checkpoint) = log.checkpoint() {
                    crate::t!(
                        "audit-verify-intact-pruned",
                        records = records,
                        first = checkpoint + 1,
                        last = last,
                        checkpoint = checkpoint,
                        path = path
                    )
                } else if anchored {
                    crate::t!(
                        "audit-verify-intact",
                        records = records,
                        last = last,
                        path = path
                    )
                } else {
                    let anchor = log.anchor_path().display().to_string();
                    crate::t!(
                        "audit-verify-intact-unanchored",
                        records = records,
                        last = last,
                        path = path,
                        anchor = anchor
                    )
                };
                out.write_str(&format!("{line}\n"))?;
            }
            Ok(())
        }
        Verdict::Broken(b) => Err(Error::other(crate::msg!(
            "audit-verify-broken",
            path = path,
            what = b.said().said()
        ))),
    }
}

/// `verify -o json`: `{"path", "exists", "intact", "records", "last_seq", "anchored",
/// "broken"}`, `broken` null or `{"seq", "line", "what", "message", ...}`.
fn verdict_json(log: &Log, verdict: &Verdict) -> Value {
    let path = log.path().display().to_string();
    match verdict {
        Verdict::Empty => json!({
            "path": path, "exists": false, "intact": true, "records": 0, "last_seq": 0,
            "anchored": false, "broken": null,
        }),
        Verdict::Intact {
            records,
            last,
            anchored,
        } => json!({
            "path": path, "exists": true, "intact": true, "records": records, "last_seq": last,
            "anchored": anchored, "checkpoint_seq": log.checkpoint(), "broken": null,
        }),
        Verdict::Broken(b) => json!({
            "path": path, "exists": log.path().exists(), "intact": false,
            "records": b.intact, "broken": break_json(b),
        }),
    }
}

fn break_json(b: &Break) -> Value {
    let mut v = json!({
        "seq": b.seq,
        "line": b.line,
        "what": b.damage.name(),
        "message": b.said().said(),
    });
    match b.damage {
        Damage::Removed { from, to } => {
            v["missing_from"] = json!(from);
            v["missing_to"] = json!(to);
        }
        Damage::Cut { last, anchored } => {
            v["last_seq"] = json!(last);
            v["anchored_seq"] = json!(anchored);
        }
        _ => {}
    }
    v
}

fn report(ctx: &mut Ctx, a: ReportArgs) -> Result<(), Error> {
    let review = crate::ops::audit::review(log(ctx), a.month)?;
    let mut out = ctx.output()?;
    match out.format() {
        Format::Table if out.opts.jq.is_none() => report_table(&mut out, &review),
        Format::Csv if out.opts.jq.is_none() => report_csv(&mut out, &review),
        _ => out.value(Kind::Other, &report_json(&review)),
    }
}

/// `audit report` as text: the title and the chain's state, then the table by actor and the
/// downloads.
fn report_table(out: &mut Output, review: &Review) -> Result<(), Error> {
    let mut text = String::new();
    text.push_str(&crate::t!(
        "audit-report-title",
        month = review.month.name(),
        zone = crate::output::text::zone(review.from.offset().local_minus_utc()),
        records = review.records.len(),
        candidates = review.candidates,
        distinct = review.distinct
    ));
    text.push('\n');
    text.push_str(&match review.broken() {
        None => crate::t!("audit-report-intact"),
        Some(b) => crate::t!("audit-report-broken", what = b.said().said()),
    });
    text.push_str("\n\n");
    if review.groups.is_empty() {
        text.push_str(&crate::t!("audit-report-empty"));
        text.push('\n');
        return out.write_str(&text);
    }
    text.push_str(&crate::t!("audit-report-by-actor"));
    text.push('\n');
    let header = [
        crate::t!("audit-col-actor"),
        crate::t!("audit-col-via"),
        crate::t!("audit-col-records"),
        crate::t!("audit-col-candidates"),
        crate::t!("audit-col-distinct"),
        crate::t!("audit-col-fields"),
    ];
    let rows = review
        .groups
        .iter()
        .map(|g| {
            vec![
                safe_line(&g.actor).into_owned(),
                via_cell(g.via, g.sandbox),
                g.records.to_string(),
                g.candidates.to_string(),
                g.distinct.len().to_string(),
                g.fields.join(", "),
            ]
        })
        .collect();
    text.push_str(&titled_rows(&out.opts, &header, rows));
    text.push('\n');
    text.push_str(&crate::t!("audit-report-downloads"));
    text.push('\n');
    if review.downloads().is_empty() {
        text.push_str(&crate::t!("audit-report-no-downloads"));
        text.push('\n');
    } else {
        let downloads = review.downloads().into_iter();
        text.push_str(&table(&out.opts, &DOWNLOADS_TABLE, downloads));
    }
    out.write_str(&text)
}

/// `audit report -o csv`: a row per actor and via, then one per download (`REPORT_COLUMNS`).
fn report_csv(out: &mut Output, review: &Review) -> Result<(), Error> {
    let no_reason = crate::t!("audit-no-reason");
    let by_actor = review.groups.iter().map(|g| {
        vec![
            "actor".to_string(),
            g.actor.clone(),
            g.via.as_str().to_string(),
            g.sandbox.to_string(),
            g.records.to_string(),
            g.candidates.to_string(),
            g.distinct.len().to_string(),
            g.fields.join(" "),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ]
    });
    let rows: Vec<Vec<String>> = by_actor
        .chain(review.downloads().iter().map(|r| {
            vec![
                "download".to_string(),
                r.actor.clone(),
                r.via.as_str().to_string(),
                r.sandbox.to_string(),
                "1".to_string(),
                r.count.to_string(),
                String::new(),
                r.fields.join(" "),
                r.seq.to_string(),
                r.at.clone(),
                r.command.clone(),
                r.reason.clone().unwrap_or_else(|| no_reason.clone()),
            ]
        }))
        .collect();
    write_csv(out, &REPORT_COLUMNS, rows.into_iter())
}

/// `audit report -o json` (and `--jq`'s input).
fn report_json(review: &Review) -> Value {
    json!({
        "month": review.month.name(),
        "from": review.from.to_rfc3339(),
        "to": review.to.to_rfc3339(),
        "log": review.log.path().display().to_string(),
        "intact": review.broken().is_none(),
        "broken": review.broken().map(break_json),
        "records": review.records.len(),
        "candidates": review.candidates,
        "distinct_candidates": review.distinct,
        "by_actor": review.groups.iter().map(|g| json!({
            "actor": g.actor,
            "via": g.via,
            "sandbox": g.sandbox,
            "records": g.records,
            "candidates": g.candidates,
            "distinct_candidates": g.distinct.len(),
            "fields": g.fields,
        })).collect::<Vec<_>>(),
        "downloads": review.downloads().iter().map(|r| json!({
            "seq": r.seq,
            "at": r.at,
            "actor": r.actor,
            "via": r.via,
            "sandbox": r.sandbox,
            "command": r.command,
            "count": r.count,
            "fields": r.fields,
            "reason": r.reason,
        })).collect::<Vec<_>>(),
    })
}

/// The CSV columns of `audit report -o csv`: one row per actor and via (`section` = `actor`),
/// then one per export or sync (`download`).
const REPORT_COLUMNS: [&str; 12] = [
    "section",
    "actor",
    "via",
    "sandbox",
    "records",
    "candidates",
    "distinct_candidates",
    "fields",
    "seq",
    "at",
    "command",
    "reason",
];
