//! `recruit sync`, `sync status`, `sync purge`: the recruiting data mirrored into SQLite or
//! PostgreSQL (see `crate::sync`).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use crate::api::Stage;
use crate::context::Ctx;
use crate::error::{Error, ExitKind};
use crate::output::Kind;
use crate::sync::{Access, PurgeRule, Store, SyncJob, SyncReport, Target};

/// Examples under `recruit sync --help`.
pub const EXAMPLES: &str = "\
Examples:
  recruit sync                                   # into recruit.db in the data directory
  recruit sync --db ~/recruiting.db --events     # also mark candidates named by the relay's events
  RECRUIT_SYNC_DB=postgres://bi@db.internal/recruiting recruit sync
  recruit sync --stage interview --stage offer   # fetch memos and submissions of these stages only
  recruit sync --full                            # fetch every candidate's memos and submissions again
  recruit sync status
  recruit sync purge --stage fail --older-than 30d --yes
  sqlite3 ~/.local/share/recruit/recruit.db 'SELECT stage_kind, count(*) FROM candidates GROUP BY 1'

Every run walks the whole candidate list (100 per request) and fetches memos and submissions
only for candidates that are new, whose stage or evaluation changed, that a relay event named
(--events), that were fetched longer ago than --refresh-after, or all of them with --full.";

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SyncArgs {
    #[command(subcommand)]
    pub command: Option<SyncCmd>,

    /// The mirror: an SQLite file, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (prefer the
    /// env var for a password) [default: recruit.db in the data directory]
    #[arg(
        long,
        global = true,
        env = "RECRUIT_SYNC_DB",
        hide_env_values = true,
        value_name = "TARGET"
    )]
    pub db: Option<String>,

    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// Fetch memos and submissions only of candidates at stage S (repeatable); the candidate
    /// list is still walked whole
    #[arg(long, value_enum, value_name = "S")]
    pub stage: Vec<Stage>,

    /// Fetch the memos and submissions of every candidate again (a full run that is stopped
    /// is finished by the next one)
    #[arg(long)]
    pub full: bool,

    /// Fetch again the memos and submissions of candidates fetched longer ago than this
    /// (e.g. 7d, 12h)
    #[arg(long, value_name = "DURATION", default_value = "7d", value_parser = crate::commands::webhooks::events::parse_duration)]
    pub refresh_after: Duration,

    /// Also fetch the candidates named by events the relay stored since the last run
    /// (`webhooks listen --store`) [default FILE: events.db in the data directory]
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub events: Option<Option<PathBuf>>,

    /// Requests in flight at most, 1-64 (lowered automatically while the service answers 429)
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
}

#[derive(Debug, Subcommand)]
pub enum SyncCmd {
    /// The last runs, rows per table, and how old the mirrored data is
    #[command(after_help = "Examples:
  recruit sync status
  recruit sync status --runs 20 -o json
  recruit sync status --db postgres://bi@db.internal/recruiting")]
    Status(StatusArgs),

    /// Remove the personal data of candidates at a stage whose stage changed long ago
    ///
    /// Nulls name, email, phone, birth, resume_path and profile_img_path (in the columns and
    /// in `data`), deletes their memos and submissions, and records each purge in the
    /// `purges` table; later syncs keep them purged and never fetch them again. Asks on a
    /// terminal; elsewhere it needs --yes (without it: exit 2, nothing changed).
    #[command(after_help = "Examples:
  recruit sync purge --stage fail --older-than 30d --dry-run
  recruit sync purge --stage fail --older-than 30d --yes
  recruit sync purge --stage fail --older-than 180d --db postgres://bi@db.internal/recruiting --yes")]
    Purge(PurgeArgs),
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// How many of the last runs to show
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub runs: usize,
}

#[derive(Debug, Args)]
pub struct PurgeArgs {
    /// Candidates at this stage (e.g. fail: rejected or withdrawn)
    #[arg(long, value_enum, value_name = "S")]
    pub stage: Stage,

    /// ... whose stage changed longer ago than this (e.g. 30d)
    #[arg(long, value_name = "DURATION", value_parser = crate::commands::webhooks::events::parse_duration)]
    pub older_than: Duration,

    /// Purge without asking
    #[arg(long)]
    pub yes: bool,

    /// Only count the candidates it would purge
    #[arg(long)]
    pub dry_run: bool,
}

pub async fn run(ctx: &mut Ctx, a: SyncArgs) -> Result<(), Error> {
    let target = Target::parse(a.db.as_deref());
    match a.command {
        None => run_sync(ctx, target, a.run).await,
        Some(SyncCmd::Status(s)) => status(ctx, target, s).await,
        Some(SyncCmd::Purge(p)) => purge(ctx, target, p).await,
    }
}

async fn run_sync(ctx: &mut Ctx, target: Target, a: RunArgs) -> Result<(), Error> {
    if ctx.globals.limit.is_some() || ctx.globals.all {
        return Err(Error::usage(
            "--all and --limit do not apply to sync, which always walks every page",
        ));
    }
    let events = match a.events {
        None => None,
        Some(Some(p)) => Some(p),
        Some(None) => Some(crate::webhook::store::Store::default_path()),
    };
    if let Some(p) = &events {
        if !p.exists() {
            return Err(Error::usage(format!(
                "no relay event store at {}; `recruit webhooks listen --store` creates it (or pass --events FILE)",
                p.display()
            )));
        }
    }
    let format = ctx.format()?;
    let client = ctx.client().await?;
    let store = Store::open(target, ctx.net()?, Access::Sync).await?;
    let report = crate::sync::sync(SyncJob {
        client,
        store,
        stages: a.stage,
        full: a.full,
        refresh_after: a.refresh_after,
        events,
        concurrency: a.concurrency as usize,
        progress: (ctx.io.term.stderr_tty, ctx.io.err_stream()),
        handle_signals: true,
    })
    .await?;
    if format == crate::output::Format::Table {
        for line in summary(&report) {
            crate::say!(ctx.io, "{line}");
        }
    } else {
        ctx.output()?.value(Kind::Other, &report.to_json())?;
    }
    outcome(report)
}

/// The summary for people, a line per part.
pub fn summary(r: &SyncReport) -> Vec<String> {
    let mut lines = Vec::new();
    let verb = match r.status.as_str() {
        "interrupted" => "interrupted",
        "incomplete" => "stopped",
        _ => "synced",
    };
    lines.push(format!(
        "{verb} {} candidates into {} in {:.1} s: {} new, {} changed, {} deleted, {} unchanged ({} requests{}{})",
        r.listed,
        r.database,
        r.elapsed.as_secs_f64(),
        r.new,
        r.changed,
        r.deleted,
        r.unchanged,
        r.requests,
        if r.retries > 0 { format!(", {} retries", r.retries) } else { String::new() },
        match (&r.pace, r.rate_limited) {
            (Some(p), _) => format!(", {p}"),
            (None, n) if n > 0 => format!(", {n} answered 429"),
            _ => String::new(),
        }
    ));
    let because: Vec<String> = r
        .reasons
        .iter()
        .map(|(reason, n)| format!("{n} {}", reason.name()))
        .collect();
    lines.push(format!(
        "memos and submissions fetched for {} candidate{}{}; {} forms ({} details read), {} jobs",
        r.fetched,
        if r.fetched == 1 { "" } else { "s" },
        if because.is_empty() {
            String::new()
        } else {
            format!(" ({})", because.join(", "))
        },
        r.forms,
        r.form_details,
        r.jobs
    ));
    if let Some(e) = &r.events {
        lines.push(format!(
            "relay events: {} since the last run, {} candidates marked",
            e.events, e.marked
        ));
    }
    if r.purged_listed > 0 {
        lines.push(format!(
            "{} purged candidates kept purged (not fetched)",
            r.purged_listed
        ));
    }
    if !r.not_found.is_empty() {
        lines.push(format!(
            "{} candidates were gone when their memos were read (the next run marks them deleted): {}",
            r.not_found.len(),
            r.not_found.iter().take(10).cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    for n in &r.notes {
        lines.push(format!("note: {n}"));
    }
    for (code, why) in r.failed.iter().take(10) {
        lines.push(format!(
            "failed: {code}: {}",
            crate::output::text::safe_line(why)
        ));
    }
    lines
}

/// The run's result as the command's: its fatal error, an interruption, or failed candidates.
fn outcome(r: SyncReport) -> Result<(), Error> {
    if r.interrupted {
        return Err(Error::new(
            ExitKind::Interrupted,
            "interrupted: every candidate fetched so far is in the mirror; run `recruit sync` again to finish (nothing was marked deleted)",
        ));
    }
    if let Some(e) = r.fatal {
        return Err(e);
    }
    if !r.failed.is_empty() {
        return Err(Error::network(format!(
            "{} of the records to fetch could not be read ({}); they are fetched again by the next run",
            r.failed.len(),
            r.failed
                .iter()
                .take(5)
                .map(|(c, _)| c.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(())
}

async fn status(ctx: &mut Ctx, target: Target, a: StatusArgs) -> Result<(), Error> {
    let store = Store::open(target, ctx.net()?, Access::Read).await?;
    let runs = a.runs.max(1);
    let st = store.call(move |m| m.status(runs)).await?;
    let mut out = ctx.output()?;
    if !out.is_table() {
        return out.value(Kind::Other, &st);
    }
    let local = |v: &Value| {
        v.as_str()
            .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
            .map(|t| {
                t.with_timezone(&chrono::Local)
                    .format("%Y-%m-%d %H:%M")
                    .to_string()
            })
            .unwrap_or_else(|| "-".to_string())
    };
    let mut text = format!(
        "{} (schema {})\n",
        st["database"].as_str().unwrap_or(""),
        st["schema_version"]
    );
    text.push_str("last runs:\n");
    let runs = st["runs"].as_array().cloned().unwrap_or_default();
    if runs.is_empty() {
        text.push_str("  none yet\n");
    }
    for r in &runs {
        let c = &r["candidates"];
        let n = |k: &str| c[k].as_i64().map_or("-".to_string(), |v| v.to_string());
        text.push_str(&format!(
            "  #{} {} {}{}: {} listed, {} new, {} changed, {} deleted, {} unchanged, {} fetched, {} requests",
            r["id"],
            local(&r["started_at"]),
            r["status"].as_str().unwrap_or(""),
            if r["full"].as_bool() == Some(true) { " (--full)" } else { "" },
            n("listed"),
            n("new"),
            n("changed"),
            n("deleted"),
            n("unchanged"),
            n("fetched"),
            r["requests"].as_i64().map_or("-".to_string(), |v| v.to_string()),
        ));
        if let Some(s) = r["seconds"].as_f64() {
            text.push_str(&format!(", {s:.1} s"));
        }
        if let Some(m) = r["message"].as_str() {
            text.push_str(&format!("\n    {}", crate::output::text::safe_line(m)));
        }
        text.push('\n');
    }
    let rows: Vec<String> = st["rows"]
        .as_object()
        .map(|m| m.iter().map(|(k, v)| format!("{k} {v}")).collect())
        .unwrap_or_default();
    text.push_str(&format!("rows: {}\n", rows.join(", ")));
    let c = &st["candidates"];
    text.push_str(&format!(
        "candidates: {} deleted on the service, {} purged, {} not fetched yet\n",
        c["deleted"], c["purged"], c["never_fetched"]
    ));
    let oldest = &st["oldest_fetch"];
    match oldest["candidate"].as_str() {
        Some(code) => text.push_str(&format!(
            "oldest data: memos and submissions of {code}, fetched {}\n",
            local(&oldest["fetched_at"])
        )),
        None => text.push_str("oldest data: no memos or submissions fetched yet\n"),
    }
    text.push_str(&format!(
        "last complete walk of the candidate list: {}\n",
        local(&st["last_complete_walk"])
    ));
    out.write_str(&text)
}

async fn purge(ctx: &mut Ctx, target: Target, a: PurgeArgs) -> Result<(), Error> {
    let before = chrono::Utc::now()
        - chrono::Duration::from_std(a.older_than)
            .map_err(|_| Error::usage("--older-than is too long"))?;
    let before_text = before.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let rule = PurgeRule {
        stage: a.stage.as_str().to_string(),
        before_unix: before.timestamp_millis() as f64 / 1000.0,
        text: format!(
            "stage {} with its stage changed before {before_text} (--older-than {})",
            a.stage,
            humantime(a.older_than)
        ),
    };
    // With the one-sync lock (never beside a sync that could write the data back), counted
    // and confirmed before anything is written: a refusal changes nothing.
    let store = Store::open(target, ctx.net()?, Access::Purge).await?;
    let r = rule.clone();
    let preview = store.call(move |m| m.purge_preview(&r)).await?;
    let mut out = ctx.output()?;
    let local = before
        .with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string();
    if preview.is_empty() || a.dry_run {
        if out.is_table() {
            crate::say!(
                ctx.io,
                "{} {} candidate{} at stage {} whose stage changed before {local}",
                if a.dry_run {
                    "would purge"
                } else {
                    "nothing to purge:"
                },
                preview.len(),
                if preview.len() == 1 { "" } else { "s" },
                a.stage
            );
            return Ok(());
        }
        return out.value(
            Kind::Other,
            &json!({
                "purged": 0,
                "would_purge": if a.dry_run { Some(preview.len()) } else { None },
                "candidates": if a.dry_run { preview } else { Vec::new() },
                "rule": rule.text,
            }),
        );
    }
    ctx.confirm_destructive(
        &format!(
            "Purge the personal data of {} candidate{} at stage {} whose stage changed before {local} (their memos and submissions are deleted)?",
            preview.len(),
            if preview.len() == 1 { "" } else { "s" },
            a.stage
        ),
        a.yes,
    )?;
    let r = rule.clone();
    let done = store.call(move |m| m.purge(&r)).await?;
    if out.is_table() {
        crate::say!(
            ctx.io,
            "purged the personal data of {} candidate{} at stage {} ({} memos and {} submissions deleted); recorded in the purges table",
            done.codes.len(),
            if done.codes.len() == 1 { "" } else { "s" },
            a.stage,
            done.memos,
            done.submissions
        );
        return Ok(());
    }
    out.value(
        Kind::Other,
        &json!({
            "purged": done.codes.len(),
            "candidates": done.codes,
            "memos_deleted": done.memos,
            "submissions_deleted": done.submissions,
            "rule": rule.text,
        }),
    )
}

/// `30d`, `12h`, `90s` for a rule's text.
fn humantime(d: Duration) -> String {
    let s = d.as_secs();
    if s.is_multiple_of(86_400) {
        format!("{}d", s / 86_400)
    } else if s.is_multiple_of(3600) {
        format!("{}h", s / 3600)
    } else if s.is_multiple_of(60) {
        format!("{}m", s / 60)
    } else {
        format!("{s}s")
    }
}
