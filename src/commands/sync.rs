//! `recruit sync`, `sync status`, `sync purge`: the recruiting data mirrored into SQLite or
//! PostgreSQL (see `crate::sync`).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use crate::api::Stage;
use crate::context::Ctx;
use crate::error::Error;
use crate::ops::sync::{first, refused_unless, SyncOptions, SyncWith};
use crate::output::Kind;
use crate::sync::{Access, MirrorActor, SyncReport, Target};

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
(--events), that were fetched longer ago than --refresh-after, or all of them with --full.

The access log (`recruit audit list`) gets a record of each page of candidates written to the
mirror, with --reason TEXT or RECRUIT_REASON, synced to disk before the mirror commits the page.
With `recruit config set require_reason true` a run without
a reason stops with exit 2 before anything is fetched or written.";

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
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
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
    /// `purges` table; later syncs keep them purged and never fetch them again. No readable
    /// copy stays: an SQLite file is rebuilt and its WAL emptied, PostgreSQL's tables are
    /// vacuumed. Each candidate purged is a row of the destruction register (`recruit
    /// privacy register`); `recruit privacy retention` does the same in every store, the
    /// relay's and unfinished exports' too. Asks on a terminal; elsewhere it needs --yes
    /// (without it: exit 2, nothing changed).
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
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
    pub stage: Stage,

    /// ... whose stage changed longer ago than this (e.g. 30d; 0: every one at the stage)
    #[arg(long, value_name = "DURATION", value_parser = parse_age)]
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
    refused_unless(
        &target,
        crate::commands::built("postgres", cfg!(feature = "postgres")),
    )?;
    match a.command {
        None => run_sync(ctx, target, a.run).await,
        Some(SyncCmd::Status(s)) => status(ctx, target, s).await,
        Some(SyncCmd::Purge(p)) => purge(ctx, target, p).await,
    }
}

async fn run_sync(ctx: &mut Ctx, target: Target, a: RunArgs) -> Result<(), Error> {
    if ctx.globals.limit.is_some() || ctx.globals.all {
        return Err(Error::usage(crate::msg!("sync-no-limit")));
    }
    // Copying every candidate: with `require_reason = true` it needs a reason, asked for
    // before anything is fetched or written.
    ctx.require_reason("sync")?;
    let plan = crate::ops::sync::plan(SyncOptions {
        stages: a.stage,
        full: a.full,
        refresh_after: a.refresh_after,
        events: a.events,
        concurrency: a.concurrency as usize,
    })?;
    let format = ctx.format()?;
    let client = ctx.client().await?;
    let clock = crate::clock::system();
    let store =
        MirrorActor::open_with_clock(target, ctx.net()?, Access::Sync, clock.clone()).await?;
    let with = SyncWith {
        client,
        store,
        clock,
        audit: crate::audit::Stream::new(ctx.audit()?, recruit_audit::Via::Sync),
        progress: (ctx.io.term.stderr_tty, ctx.io.err_stream()),
    };
    let report = crate::ops::sync::run(plan, with).await?;
    if format == crate::output::Format::Table {
        for line in summary(&report) {
            crate::say!(ctx.io, "{line}");
        }
    } else {
        ctx.output()?.value(Kind::Other, &report.to_json())?;
    }
    crate::ops::sync::outcome(report)
}

/// The summary for people, a line per part.
pub fn summary(r: &SyncReport) -> Vec<String> {
    let mut lines = Vec::new();
    let mut extra = String::new();
    if r.traffic.retries > 0 {
        extra.push_str(&crate::t!("sync-retries", count = r.traffic.retries));
    }
    match (&r.pace, r.traffic.rate_limited) {
        (Some(p), _) => extra.push_str(&format!(", {}", p.said())),
        (None, n) if n > 0 => extra.push_str(&crate::t!("sync-answered-429", count = n)),
        _ => {}
    }
    lines.push(crate::t!(
        "sync-summary",
        status = r.status.as_str(),
        listed = r.counts.listed,
        database = r.database.to_string(),
        seconds = format!("{:.1}", r.elapsed.as_secs_f64()),
        new = r.counts.new,
        changed = r.counts.changed,
        deleted = r.counts.deleted,
        unchanged = r.counts.unchanged,
        requests = r.traffic.requests,
        extra = extra
    ));
    let because: Vec<String> = r
        .reasons
        .iter()
        .map(|(reason, n)| format!("{n} {}", reason.name()))
        .collect();
    lines.push(crate::t!(
        "sync-fetched",
        count = r.counts.fetched,
        because = if because.is_empty() {
            String::new()
        } else {
            format!(" ({})", because.join(", "))
        },
        forms = r.forms,
        details = r.form_details,
        jobs = r.jobs
    ));
    if let Some(e) = &r.events {
        lines.push(crate::t!(
            "sync-relay-events",
            events = e.events,
            marked = e.marked
        ));
    }
    if r.purged_listed > 0 {
        lines.push(crate::t!("sync-purged-kept", count = r.purged_listed));
    }
    if !r.not_found.is_empty() {
        lines.push(crate::t!(
            "sync-gone",
            count = r.not_found.len(),
            codes = first(r.not_found.iter(), 10)
        ));
    }
    for n in &r.notes_for_people {
        lines.push(crate::t!("sync-note", note = n.to_string()));
    }
    for (code, why) in r.failed.iter().take(10) {
        lines.push(crate::t!(
            "sync-failed-line",
            code = code.to_string(),
            why = crate::output::text::safe_line(why).to_string()
        ));
    }
    lines
}

async fn status(ctx: &mut Ctx, target: Target, a: StatusArgs) -> Result<(), Error> {
    let store = MirrorActor::open(target, ctx.net()?, Access::Read).await?;
    let st = crate::ops::sync::status(store, a.runs).await?;
    let mut out = ctx.output()?;
    if !out.is_table() {
        return out.value(Kind::Other, &st);
    }
    // Local times with their zone, as every table shows them.
    let local = |v: &Value| {
        v.as_str()
            .filter(|s| chrono::DateTime::parse_from_rfc3339(s).is_ok())
            .map(|s| crate::output::text::local_time(Some(s)))
            .unwrap_or_else(|| "-".to_string())
    };
    let mut text = format!(
        "{}\n",
        crate::t!(
            "sync-status-database",
            db = st["database"].as_str().unwrap_or(""),
            version = st["schema_version"].to_string()
        )
    );
    text.push_str(&format!("{}\n", crate::t!("sync-status-last-runs")));
    let runs = st["runs"].as_array().cloned().unwrap_or_default();
    if runs.is_empty() {
        text.push_str(&format!("  {}\n", crate::t!("sync-status-none-yet")));
    }
    for r in &runs {
        let c = &r["candidates"];
        let n = |k: &str| c[k].as_i64().map_or("-".to_string(), |v| v.to_string());
        text.push_str(&crate::t!(
            "sync-status-run",
            id = r["id"].to_string(),
            started = local(&r["started_at"]),
            status = crate::i18n::words::run_status(r["status"].as_str().unwrap_or("")),
            full = if r["full"].as_bool() == Some(true) {
                " (--full)"
            } else {
                ""
            },
            listed = n("listed"),
            new = n("new"),
            changed = n("changed"),
            deleted = n("deleted"),
            unchanged = n("unchanged"),
            fetched = n("fetched"),
            requests = r["requests"]
                .as_i64()
                .map_or("-".to_string(), |v| v.to_string()),
        ));
        if let Some(s) = r["seconds"].as_f64() {
            text.push_str(&crate::t!(
                "sync-status-seconds",
                seconds = format!("{s:.1}")
            ));
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
    text.push_str(&format!(
        "{}\n",
        crate::t!("sync-status-rows", rows = rows.join(", "))
    ));
    let c = &st["candidates"];
    text.push_str(&format!(
        "{}\n",
        crate::t!(
            "sync-status-candidates",
            deleted = c["deleted"].to_string(),
            purged = c["purged"].to_string(),
            unfetched = c["never_fetched"].to_string()
        )
    ));
    let oldest = &st["oldest_fetch"];
    match oldest["candidate"].as_str() {
        Some(code) => text.push_str(&format!(
            "{}\n",
            crate::t!(
                "sync-status-oldest",
                code = code.to_string(),
                at = local(&oldest["fetched_at"])
            )
        )),
        None => text.push_str(&format!("{}\n", crate::t!("sync-status-oldest-none"))),
    }
    text.push_str(&format!(
        "{}\n",
        crate::t!(
            "sync-status-last-walk",
            at = local(&st["last_complete_walk"])
        )
    ));
    out.write_str(&text)
}

/// `sync purge`: `privacy retention` on the mirror alone, through the same erasure (see
/// `crate::commands::privacy::erase`), its register rows and access-log record included.
async fn purge(ctx: &mut Ctx, target: Target, a: PurgeArgs) -> Result<(), Error> {
    let clock = crate::clock::system();
    let cut = crate::ops::sync::purge_rule(a.stage, a.older_than, clock.utc())?;
    let local = cut.before_local.clone();
    // Counted and confirmed before anything is written: a refusal changes nothing.
    let plan = crate::ops::sync::purge_plan(target, ctx.net()?, cut, a.dry_run, clock).await?;
    let mut out = ctx.output()?;
    if plan.codes.is_empty() || a.dry_run {
        if out.is_table() {
            let line = crate::t!(
                "sync-purge-preview",
                dry_run = if a.dry_run { "yes" } else { "no" },
                count = plan.codes.len(),
                stage = a.stage.to_string(),
                before = local.clone()
            );
            crate::say!(ctx.io, "{line}");
            return Ok(());
        }
        let v = crate::ops::privacy::erase::nothing_erased(
            "purged",
            "would_purge",
            a.dry_run,
            plan.codes,
            &plan.cut.rule,
        );
        return out.value(Kind::Other, &v);
    }
    ctx.confirm_destructive(
        &crate::t!(
            "sync-purge-confirm",
            count = plan.codes.len(),
            stage = a.stage.to_string(),
            before = local.clone()
        ),
        a.yes,
    )?;
    let rule = plan.cut.rule.text.clone();
    let with = crate::commands::privacy::erase_with(ctx);
    let done = crate::ops::sync::purge(plan, &with).await?;
    if out.is_table() {
        let line = crate::t!(
            "sync-purged",
            count = done.codes.len(),
            stage = a.stage.to_string(),
            memos = done.memos,
            submissions = done.submissions
        );
        crate::say!(ctx.io, "{line}");
        return Ok(());
    }
    out.value(
        Kind::Other,
        &json!({
            "purged": done.codes.len(),
            "candidates": done.codes,
            "memos_deleted": done.memos,
            "submissions_deleted": done.submissions,
            "rule": rule,
        }),
    )
}

// What a DATE and a DURATION mean is the time module's.
pub(crate) use crate::time::parse_age;
