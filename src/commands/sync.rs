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
use crate::sync::{Access, MirrorActor, PurgeRule, Refetch, SyncJob, SyncReport, Target};
use recruit_client::batch::{batch_exit, BatchExit};

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

/// A PostgreSQL mirror in a build without PostgreSQL (`postgres`: whether it has it): refused
/// by name with exit 2 before anything is opened, not taken for a file called `postgres:...`.
fn refused_unless(target: &Target, postgres: bool) -> Result<(), Error> {
    match target {
        Target::Postgres(url) if !postgres => Err(Error::usage(crate::msg!(
            "sync-no-postgres-in-build",
            db = crate::sync::mirror::redact_url(url)
        ))),
        _ => Ok(()),
    }
}

async fn run_sync(ctx: &mut Ctx, target: Target, a: RunArgs) -> Result<(), Error> {
    if ctx.globals.limit.is_some() || ctx.globals.all {
        return Err(Error::usage(crate::msg!("sync-no-limit")));
    }
    // Copying every candidate: with `require_reason = true` it needs a reason, asked for
    // before anything is fetched or written.
    ctx.require_reason("sync")?;
    let events = match a.events {
        None => None,
        Some(Some(p)) => Some(p),
        Some(None) => Some(crate::webhook::store::EventStore::default_path()),
    };
    if let Some(p) = &events {
        if !p.exists() {
            return Err(Error::usage(crate::msg!(
                "sync-no-event-store",
                path = p.display().to_string()
            )));
        }
    }
    let format = ctx.format()?;
    let client = ctx.client().await?;
    let clock = crate::clock::system();
    let store =
        MirrorActor::open_with_clock(target, ctx.net()?, Access::Sync, clock.clone()).await?;
    let report = crate::sync::sync(SyncJob {
        client,
        store,
        refetch: Refetch {
            stages: a.stage,
            full: a.full,
            after: a.refresh_after,
        },
        events,
        concurrency: a.concurrency as usize,
        progress: (ctx.io.term.stderr_tty, ctx.io.err_stream()),
        handle_signals: true,
        clock,
        audit: crate::audit::Stream::new(ctx.audit()?, recruit_audit::Via::Sync),
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

/// The first `n` codes, for a line that names some and counts all.
fn first<'a>(codes: impl Iterator<Item = &'a String>, n: usize) -> String {
    codes
        .take(n)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The run's result as the command's: its fatal error, an interruption, or failed candidates
/// (the batch rule: the most severe kind among them; 7 for the network and 5xx alone).
fn outcome(r: SyncReport) -> Result<(), Error> {
    match batch_exit(r.fatal.is_some(), r.interrupted, r.failed_kinds.clone()) {
        BatchExit::Fatal => Err(r.fatal.expect("fatal")),
        BatchExit::Interrupted => Err(Error::new(
            ExitKind::Interrupted,
            crate::msg!("sync-interrupted"),
        )),
        BatchExit::Failed(kind) => Err(Error::new(
            kind,
            crate::msg!(
                "sync-records-failed",
                count = r.failed.len(),
                codes = first(r.failed.iter().map(|(c, _)| c), 5)
            ),
        )),
        BatchExit::Done => Ok(()),
    }
}

async fn status(ctx: &mut Ctx, target: Target, a: StatusArgs) -> Result<(), Error> {
    let store = MirrorActor::open(target, ctx.net()?, Access::Read).await?;
    let runs = a.runs.max(1);
    let st = store.call(move |m| m.status(runs)).await?;
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

/// Who a purge or a retention run takes: candidates at `stage` whose stage changed longer
/// ago than `older_than` (zero: every one). With the cut-off in local time, for people.
pub(crate) fn purge_rule(stage: Stage, older_than: Duration) -> Result<(PurgeRule, String), Error> {
    let before = crate::clock::system().utc()
        - chrono::Duration::from_std(older_than)
            .map_err(|_| Error::usage(crate::msg!("sync-older-than-too-long")))?;
    let before_text = before.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let every = older_than.is_zero();
    let rule = PurgeRule {
        stage: stage.as_str().to_string(),
        // 0: every one, those whose stage has no time (or one ahead of our clock) too.
        before_unix: (!every).then(|| before.timestamp_millis() as f64 / 1000.0),
        text: if every {
            format!("stage {stage}, every one (--older-than 0)")
        } else {
            format!(
                "stage {stage} with its stage changed before {before_text} (--older-than {})",
                humantime(older_than)
            )
        },
    };
    let local = before
        .with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string();
    Ok((rule, local))
}

/// `sync purge`: `privacy retention` on the mirror alone, through the same erasure (see
/// `crate::commands::privacy::erase`), its register rows and access-log record included.
async fn purge(ctx: &mut Ctx, target: Target, a: PurgeArgs) -> Result<(), Error> {
    use crate::commands::privacy::erase::{carry_out, nothing_erased, preview, Place, Stores};
    let (rule, local) = purge_rule(a.stage, a.older_than)?;
    // With the one-sync lock (never beside a sync that could write the data back), counted
    // and confirmed before anything is written: a refusal changes nothing.
    let store =
        MirrorActor::open_with_clock(target, ctx.net()?, Access::Purge, crate::clock::system())
            .await?;
    let preview = preview(&store, &rule, a.dry_run).await?;
    let mut out = ctx.output()?;
    if preview.is_empty() || a.dry_run {
        if out.is_table() {
            let line = crate::t!(
                "sync-purge-preview",
                dry_run = if a.dry_run { "yes" } else { "no" },
                count = preview.len(),
                stage = a.stage.to_string(),
                before = local.clone()
            );
            crate::say!(ctx.io, "{line}");
            return Ok(());
        }
        let v = nothing_erased("purged", "would_purge", a.dry_run, preview, &rule);
        return out.value(Kind::Other, &v);
    }
    ctx.confirm_destructive(
        &crate::t!(
            "sync-purge-confirm",
            count = preview.len(),
            stage = a.stage.to_string(),
            before = local.clone()
        ),
        a.yes,
    )?;
    let stores = Stores {
        mirror: Place::Here(store),
        relay: Place::NotAsked,
        exports: false,
    };
    let done = carry_out(ctx, &preview, &rule.text, &stores, None).await?;
    let done = match done.mirror.outcome {
        Some(r) => r?,
        None => unreachable!("the mirror is the store of sync purge"),
    };
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
            "rule": rule.text,
        }),
    )
}

/// `--older-than`: a duration as elsewhere (`30d`), or zero (`0`, `0s`, `0d`): every
/// candidate at the stage.
pub(crate) fn parse_age(s: &str) -> Result<Duration, String> {
    use crate::commands::webhooks::events::{number_and_unit, parse_duration};
    let (num, unit) = number_and_unit(s);
    // The unit must be one a duration may have (`0x` is refused as `1x` would be).
    if num.parse::<f64>() == Ok(0.0) && parse_duration(&format!("1{unit}")).is_ok() {
        return Ok(Duration::ZERO);
    }
    parse_duration(s)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn older_than_zero_is_every_one_and_other_ages_read_as_durations() {
        for zero in ["0", "0s", "0d", "0.0h", " 0 "] {
            assert_eq!(parse_age(zero), Ok(Duration::ZERO), "{zero}");
        }
        assert_eq!(parse_age("30d"), Ok(Duration::from_secs(30 * 86_400)));
        for bad in ["0x", "-1d", "", "d"] {
            assert!(parse_age(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_build_without_postgres_refuses_a_postgres_mirror_and_no_file() {
        let pg = Target::parse(Some("postgres://sync:secret-pw@db.example/recruit"));
        let file = Target::parse(Some("mirror.db"));
        for built in [true, false] {
            assert!(refused_unless(&file, built).is_ok());
        }
        assert!(refused_unless(&pg, true).is_ok());
        let e =
            crate::i18n::in_lang(crate::i18n::Lang::En, || refused_unless(&pg, false)).unwrap_err();
        assert_eq!(e.kind, crate::ExitKind::Usage);
        assert!(
            e.message
                .contains("this recruit was built without PostgreSQL"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("secret-pw"), "{}", e.message);
    }
}
