//! `sync` and `sync status`: the mirror's runs, and who a purge takes. Typed options in, the
//! run's report (or the status) out; the CLI's `recruit sync` renders them.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use crate::api::{Client, Stage};
use crate::clock::SharedClock;
use crate::error::{Error, ExitKind};
use crate::sync::{MirrorActor, PurgeRule, Refetch, SyncJob, SyncReport, Target};
use recruit_client::batch::{batch_exit, BatchExit};

/// One run of `recruit sync`.
#[derive(Debug, Clone)]
pub struct SyncOptions {
    /// Fetch memos and submissions only of candidates at these stages.
    pub stages: Vec<Stage>,
    /// Fetch every candidate's memos and submissions again.
    pub full: bool,
    /// Fetch again those fetched longer ago than this.
    pub refresh_after: Duration,
    /// The relay's event store to read (`--events [FILE]`: `Some(None)` the default one).
    pub events: Option<Option<PathBuf>>,
    /// Requests in flight at most.
    pub concurrency: usize,
}

/// What a run uses besides its options: opened by the front end.
pub struct SyncWith {
    pub client: Client,
    pub store: MirrorActor,
    pub clock: SharedClock,
    /// Each page of candidates is logged here before the mirror commits it.
    pub(crate) audit: crate::audit::Stream,
    /// A progress bar on the front end's stderr (when true).
    pub progress: (bool, crate::io::ErrStream),
}

/// A run's options checked before anything is opened or fetched: the event store, found.
#[derive(Debug)]
pub struct SyncPlan {
    options: SyncOptions,
    events: Option<PathBuf>,
}

/// A PostgreSQL mirror in a build without PostgreSQL (`postgres`: whether it has it): refused
/// by name with exit 2 before anything is opened, not taken for a file called `postgres:...`.
pub fn refused_unless(target: &Target, postgres: bool) -> Result<(), Error> {
    match target {
        Target::Postgres(url) if !postgres => Err(Error::usage(msg!(
            "sync-no-postgres-in-build",
            db = crate::sync::mirror::redact_url(url)
        ))),
        _ => Ok(()),
    }
}

/// `options` checked: the event store it names (the default one for `--events` alone) must
/// be there (exit 2 naming it).
pub fn plan(options: SyncOptions) -> Result<SyncPlan, Error> {
    let events = match &options.events {
        None => None,
        Some(Some(p)) => Some(p.clone()),
        Some(None) => Some(crate::webhook::store::EventStore::default_path()),
    };
    if let Some(p) = &events {
        if !p.exists() {
            return Err(Error::usage(msg!(
                "sync-no-event-store",
                path = p.display().to_string()
            )));
        }
    }
    Ok(SyncPlan { options, events })
}

/// Run `plan` into the mirror: its report, whatever became of the run (see [`outcome`]).
pub async fn run(plan: SyncPlan, with: SyncWith) -> Result<SyncReport, Error> {
    let o = plan.options;
    crate::sync::sync(SyncJob {
        client: with.client,
        store: with.store,
        refetch: Refetch {
            stages: o.stages,
            full: o.full,
            after: o.refresh_after,
        },
        events: plan.events,
        concurrency: o.concurrency,
        progress: with.progress,
        handle_signals: true,
        clock: with.clock,
        audit: with.audit,
    })
    .await
}

/// The run's result as the command's: its fatal error, an interruption, or failed candidates
/// (the batch rule: the most severe kind among them; 7 for the network and 5xx alone).
pub fn outcome(r: SyncReport) -> Result<(), Error> {
    match batch_exit(r.fatal.is_some(), r.interrupted, r.failed_kinds.clone()) {
        BatchExit::Fatal => Err(r.fatal.expect("fatal")),
        BatchExit::Interrupted => Err(Error::new(ExitKind::Interrupted, msg!("sync-interrupted"))),
        BatchExit::Failed(kind) => Err(Error::new(
            kind,
            msg!(
                "sync-records-failed",
                count = r.failed.len(),
                codes = first(r.failed.iter().map(|(c, _)| c), 5)
            ),
        )),
        BatchExit::Done => Ok(()),
    }
}

/// The first `n` codes, for a line that names some and counts all.
pub fn first<'a>(codes: impl Iterator<Item = &'a String>, n: usize) -> String {
    codes
        .take(n)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `sync status`: the last `runs` runs (at least one), rows per table, and how old the
/// mirrored data is, as the mirror reports them.
pub async fn status(store: MirrorActor, runs: usize) -> Result<Value, Error> {
    let runs = runs.max(1);
    store.call(move |m| m.status(runs)).await
}

/// Who a purge or a retention run takes, and its cut-off in local time (for people).
#[derive(Debug, Clone)]
pub struct PurgeCut {
    pub rule: PurgeRule,
    /// The cut-off, local, `YYYY-MM-DD HH:MM`.
    pub before_local: String,
}

/// Candidates at `stage` whose stage changed longer ago than `older_than` (zero: every one),
/// counted back from `now`.
pub fn purge_rule(
    stage: Stage,
    older_than: Duration,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<PurgeCut, Error> {
    let before = now
        - chrono::Duration::from_std(older_than)
            .map_err(|_| Error::usage(msg!("sync-older-than-too-long")))?;
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
    let before_local = before
        .with_timezone(&chrono::Local)
        .format("%Y-%m-%d %H:%M")
        .to_string();
    Ok(PurgeCut { rule, before_local })
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

/// `sync purge`'s first step: the mirror opened for purging (with the one-sync lock, so no
/// sync can write the data back) and the candidates its rule takes. Nothing is written yet:
/// the front end shows the count and asks before [`purge`].
pub struct PurgePlan {
    pub store: MirrorActor,
    pub cut: PurgeCut,
    /// The codes the rule takes.
    pub codes: Vec<String>,
}

pub async fn purge_plan(
    target: Target,
    net: crate::api::NetSettings,
    cut: PurgeCut,
    dry_run: bool,
    clock: SharedClock,
) -> Result<PurgePlan, Error> {
    let store =
        MirrorActor::open_with_clock(target, net, crate::sync::Access::Purge, clock).await?;
    let codes = crate::ops::privacy::erase::preview(&store, &cut.rule, dry_run).await?;
    Ok(PurgePlan { store, cut, codes })
}

/// Remove what `plan` found from the mirror and record it (the register, the access log).
pub(crate) async fn purge(
    plan: PurgePlan,
    with: &crate::ops::privacy::erase::EraseWith,
) -> Result<crate::sync::Purged, Error> {
    use crate::ops::privacy::erase::{carry_out, Place, Stores};
    let stores = Stores {
        mirror: Place::Here(plan.store),
        relay: Place::NotAsked,
        exports: false,
    };
    let done = carry_out(with, &plan.codes, &plan.cut.rule.text, &stores, None).await?;
    match done.mirror.outcome {
        Some(r) => r,
        None => unreachable!("the mirror is the store of sync purge"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_without_postgres_refuses_a_postgres_mirror_and_no_file() {
        crate::i18n::install(); // the errors' words are read
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

    #[test]
    fn a_purge_rule_counts_back_from_the_clock_it_is_given() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-03-31T00:00:00Z")
            .unwrap()
            .with_timezone(&chrono::Utc);
        let cut = purge_rule(Stage::Fail, Duration::from_secs(30 * 86_400), now).unwrap();
        assert_eq!(cut.rule.before_unix, Some(1_772_323_200.0));
        assert!(cut
            .rule
            .text
            .contains("before 2026-03-01T00:00:00Z (--older-than 30d)"));
        let every = purge_rule(Stage::Fail, Duration::ZERO, now).unwrap();
        assert_eq!(every.rule.before_unix, None);
    }
}
