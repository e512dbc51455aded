//! The mirror's logic over one [`Backend`]: what a run writes, page by page and candidate by
//! candidate, each in one transaction, so a run stopped at any point (`kill -9` included)
//! leaves a consistent database and the next run finishes the work.
//!
//! Bookkeeping columns of `candidates` carry that: `fingerprint` (the stage and `feedback_*`
//! fields of the list item last seen), `fetched_fingerprint` (the same, when the memos and
//! submissions were last replaced: written in the same transaction as them), `refetch` (a
//! `--full` run or a relay event asked for the candidate, kept until it is fetched),
//! `seen_run` (the run that last saw it in the list: a complete walk marks the others
//! deleted).

pub mod actor;
pub mod db;
pub mod events;
#[cfg(feature = "postgres")]
pub mod pg;
pub mod records;
pub mod report;
pub mod schema;
pub mod sqlite;
pub mod tables;

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::{json, Value};

use self::db::{in_tx, insert_rows, marks, Backend, Dialect, Val};
use self::records::{CandidateRow, FormRow};
use self::tables::{
    CANDIDATES, FORMS, JOBS, MEMOS, STAGE_HISTORY, SUBMISSIONS, SUBMISSION_ANSWERS,
};
use crate::error::Error;
use recruit_core::clock::SharedClock;

/// Where the mirror is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Sqlite(PathBuf),
    /// A `postgres://` or `postgresql://` address.
    Postgres(String),
}

/// Default file name in the data directory.
pub const DEFAULT_FILE: &str = "recruit.db";

impl Target {
    /// `--db` as given (none: `recruit.db` in the data directory).
    pub fn parse(db: Option<&str>) -> Target {
        match db {
            Some(s) if s.starts_with("postgres://") || s.starts_with("postgresql://") => {
                Target::Postgres(s.to_string())
            }
            Some(s) => Target::Sqlite(PathBuf::from(s)),
            None => Target::Sqlite(recruit_core::files::data_dir().join(DEFAULT_FILE)),
        }
    }

    /// For messages: the file, or the address without its password.
    pub fn shown(&self) -> String {
        match self {
            Target::Sqlite(p) => p.display().to_string(),
            Target::Postgres(u) => redact_url(u),
        }
    }
}

/// A database address as shown: its password replaced.
pub fn redact_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        Ok(u) => u.to_string(),
        Err(_) => "(the address given)".to_string(),
    }
}

/// What a command does with the mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// `sync`: create or migrate, and hold the one-sync lock.
    Sync,
    /// `sync purge`: an existing mirror, with the lock (migrated when the purge runs).
    Purge,
    /// `sync status`: read an existing mirror as it is.
    Read,
}

pub struct Mirror {
    db: Box<dyn Backend>,
    pub version: i64,
    /// What "now" is for the times the mirror writes (runs, rows synced, purges).
    clock: SharedClock,
}

/// Why a candidate's memos and submissions are fetched in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Not in the mirror before.
    New,
    /// Its stage or `feedback_*` fields changed since they were fetched.
    Changed,
    /// Never fetched yet (a run stopped before it, or `--stage` left it out).
    Pending,
    /// A stored relay event named it.
    Event,
    /// `--full`.
    Full,
    /// Fetched longer ago than `--refresh-after`.
    Stale,
}

impl Reason {
    pub const ALL: [Reason; 6] = [
        Reason::New,
        Reason::Changed,
        Reason::Pending,
        Reason::Event,
        Reason::Full,
        Reason::Stale,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::New => "new",
            Reason::Changed => "changed",
            Reason::Pending => "pending",
            Reason::Event => "event",
            Reason::Full => "full",
            Reason::Stale => "stale",
        }
    }
}

/// How a listed candidate compares with the mirror.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    New,
    Changed,
    Unchanged,
    /// Met a second time in this walk (the list shifted while it was read).
    Again,
}

#[derive(Debug, Clone)]
pub struct Verdict {
    pub code: String,
    pub seen: Seen,
    pub fetch: Option<Reason>,
    pub fingerprint: String,
    pub purged: bool,
}

/// Which candidates a run fetches.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Only candidates at these stages (`--stage`); empty: all.
    pub stages: Vec<String>,
    /// Fetched before this Unix time: fetched again.
    pub stale_before: f64,
}

/// What a run did to the candidates: counted by the run, reported to the user and recorded in
/// `sync_runs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counts {
    /// Candidates of the list (with a code).
    pub listed: u64,
    pub new: u64,
    pub changed: u64,
    pub unchanged: u64,
    /// Gone from the list since the last run.
    pub deleted: u64,
    /// Whose memos and submissions were fetched.
    pub fetched: u64,
}

/// What a run did, as `sync_runs` records it.
#[derive(Debug, Clone, Default)]
pub struct RunRecord {
    pub status: String,
    pub counts: Counts,
    /// Candidates whose fetch failed.
    pub failed: u64,
    /// Values stored with U+FFFD in place of U+0000 (PostgreSQL).
    pub nul_replaced: u64,
    /// `pagination.total` of the candidate list.
    pub list_total: Option<u64>,
    pub requests: u64,
    pub seconds: f64,
    /// What stopped the run, or the notes said to the user.
    pub message: Option<String>,
}

/// Who a purge takes: candidates at `stage` whose stage changed before `before_unix` (none:
/// every one at the stage, `--older-than 0`).
#[derive(Debug, Clone)]
pub struct PurgeRule {
    pub stage: String,
    pub before_unix: Option<f64>,
    /// In words, recorded with each purge.
    pub text: String,
}

#[derive(Debug, Clone, Default)]
pub struct Purged {
    pub codes: Vec<String>,
    pub memos: u64,
    pub submissions: u64,
    /// Each candidate purged, in the order of `codes`: what the destruction register records.
    pub erased: Vec<ErasedCandidate>,
}

/// One candidate whose personal data a purge removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErasedCandidate {
    pub code: String,
    /// Its stage kind when purged (kept in the row).
    pub stage: Option<String>,
    /// The personal fields (the one list's names, in its order) that held a value before.
    pub fields: Vec<&'static str>,
}

impl Mirror {
    /// Open the mirror for `access`: a newer or foreign database is refused before anything
    /// is written; `Sync` and `Purge` take the one-sync lock (refused while another sync
    /// runs) and bring the schema up to date.
    pub fn open(
        target: &Target,
        net: &recruit_core::tls::NetSettings,
        access: Access,
    ) -> Result<Mirror, Error> {
        let mut db: Box<dyn Backend> = match target {
            Target::Sqlite(p) => Box::new(sqlite::Sqlite::open(p, access == Access::Sync)?),
            #[cfg(feature = "postgres")]
            Target::Postgres(u) => Box::new(pg::Postgres::connect(u, net)?),
            // Refused by name, not taken for a file called `postgres:...`.
            #[cfg(not(feature = "postgres"))]
            Target::Postgres(u) => {
                let _ = net;
                return Err(Error::usage(crate::msg!(
                    "sync-no-postgres-in-build",
                    db = redact_url(u)
                )));
            }
        };
        let version = schema::check(db.as_mut())?;
        let shown = db.describe();
        if version == 0 && access != Access::Sync {
            return Err(Error::usage(crate::msg!(
                "sync-no-mirror-yet",
                db = shown.clone()
            )));
        }
        if access == Access::Read {
            return Ok(Mirror {
                db,
                version,
                clock: recruit_core::clock::system(),
            });
        }
        if !db.try_lock()? {
            // Exit 1 but retryable: nothing is wrong with the command, it runs once the
            // other sync ends.
            return Err(Error::new(
                crate::ExitKind::Busy,
                crate::msg!("sync-busy", db = shown.clone()),
            ));
        }
        if access == Access::Purge {
            // Changed only once the purge is confirmed (see `purge`).
            return Ok(Mirror {
                db,
                version,
                clock: recruit_core::clock::system(),
            });
        }
        // Only now that the database is known to be a mirror (or empty) is it changed.
        db.prepare_for_writes()?;
        schema::migrate(db.as_mut(), version)?;
        Ok(Mirror {
            db,
            version: schema::VERSION,
            clock: recruit_core::clock::system(),
        })
    }

    /// The same mirror, writing times read from `clock` (the system's unless given).
    pub fn with_clock(self, clock: SharedClock) -> Mirror {
        Mirror { clock, ..self }
    }

    /// Now on the mirror's clock, as text and as Unix seconds (see [`records::now_text`]).
    pub fn now(&self) -> (String, f64) {
        (
            records::now_text(&*self.clock),
            records::now_unix(&*self.clock),
        )
    }

    /// What the mirror is (see [`Backend::describe`]).
    pub fn describe(&self) -> crate::msg::Msg {
        self.db.describe()
    }

    /// Values stored with U+FFFD in place of U+0000 since the last call (see
    /// [`Backend::take_replaced`]).
    pub fn take_replaced(&mut self) -> u64 {
        self.db.take_replaced()
    }

    pub fn dialect(&self) -> Dialect {
        self.db.dialect()
    }

    fn db(&mut self) -> &mut dyn Backend {
        self.db.as_mut()
    }

    /// Record a new run (`running`); a run still `running` is one whose process died (we
    /// hold the lock), so it becomes `killed`.
    pub fn begin_run(&mut self, full: bool, stages: &str) -> Result<i64, Error> {
        let (now, unix) = self.now();
        in_tx(self.db(), |db| {
            db::exec(
                db,
                "UPDATE sync_runs SET status = 'killed' WHERE status = 'running'",
                &[],
            )?;
            let rows = db::query(
                db,
                "INSERT INTO sync_runs (started_at, started_unix, status, full_run, stages)
                 VALUES (?t, ?, 'running', ?, ?) RETURNING id",
                &[
                    Val::text(&now),
                    Val::Real(unix),
                    Val::Bool(full),
                    Val::opt_text((!stages.is_empty()).then_some(stages)),
                ],
            )?;
            rows.first()
                .and_then(|r| r.first())
                .and_then(Val::as_i64)
                .ok_or_else(|| Error::other(crate::msg!("mirror-run-no-id")))
        })
    }

    /// A run quit at once (a second Ctrl-C): `interrupted`, with no counts.
    pub fn abandon_run(&mut self, id: i64) -> Result<(), Error> {
        let (now, unix) = self.now();
        in_tx(self.db(), |db| {
            db::exec(
                db,
                "UPDATE sync_runs SET finished_at = ?t, finished_unix = ?, status = 'interrupted',
                     message = 'quit at once' WHERE id = ?",
                &[Val::text(&now), Val::Real(unix), Val::Int(id)],
            )?;
            Ok(())
        })
    }

    pub fn finish_run(&mut self, id: i64, r: &RunRecord) -> Result<(), Error> {
        let (now, unix) = self.now();
        let n = |x: u64| Val::Int(x as i64);
        in_tx(self.db(), |db| {
            db::exec(
                db,
                "UPDATE sync_runs SET finished_at = ?t, finished_unix = ?, status = ?,
                     candidates_listed = ?, candidates_new = ?, candidates_changed = ?,
                     candidates_unchanged = ?, candidates_deleted = ?, candidates_fetched = ?,
                     candidates_failed = ?, list_total = ?, requests = ?, seconds = ?, message = ?,
                     nul_replaced = ?
                 WHERE id = ?",
                &[
                    Val::text(&now),
                    Val::Real(unix),
                    Val::text(&r.status),
                    n(r.counts.listed),
                    n(r.counts.new),
                    n(r.counts.changed),
                    n(r.counts.unchanged),
                    n(r.counts.deleted),
                    n(r.counts.fetched),
                    n(r.failed),
                    r.list_total.map_or(Val::Null, |t| Val::Int(t as i64)),
                    n(r.requests),
                    Val::Real(r.seconds),
                    Val::opt_text(r.message.clone()),
                    n(r.nul_replaced),
                    Val::Int(id),
                ],
            )?;
            Ok(())
        })
    }

    /// Where reading the relay's events stopped: (Unix time, id) of the last one read.
    pub fn events_cursor(&mut self) -> Result<Option<(f64, i64)>, Error> {
        let v = schema::meta_get(self.db(), "events_cursor")?;
        Ok(v.and_then(|s| {
            let (t, id) = s.split_once(' ')?;
            Some((t.parse().ok()?, id.parse().ok()?))
        }))
    }

    /// Ask for the candidates `codes` to be fetched, and move the events cursor, at once.
    pub fn mark_for_events(&mut self, codes: &[String], cursor: (f64, i64)) -> Result<u64, Error> {
        in_tx(self.db(), |db| {
            let mut marked = 0;
            for chunk in codes.chunks(500) {
                let mut params: Vec<Val> = chunk.iter().map(Val::text).collect();
                params.dedup();
                marked += db::exec(
                    db,
                    &format!(
                        "UPDATE candidates SET refetch = COALESCE(refetch, 'event')
                         WHERE purged_at IS NULL AND code IN ({})",
                        marks(params.len())
                    ),
                    &params,
                )?;
            }
            schema::meta_set(db, "events_cursor", &format!("{} {}", cursor.0, cursor.1))?;
            Ok(marked)
        })
    }

    /// `--full`: every candidate (not purged) is to be fetched; kept until it is, so a full
    /// run that is stopped is finished by the next run.
    pub fn mark_full(&mut self) -> Result<u64, Error> {
        in_tx(self.db(), |db| {
            db::exec(
                db,
                "UPDATE candidates SET refetch = 'full' WHERE purged_at IS NULL",
                &[],
            )
        })
    }

    /// Store a page of the form list; the codes whose detail must be read (new, changed
    /// `updated_at`, never read, or `full`).
    pub fn forms_page(
        &mut self,
        run: i64,
        rows: &[FormRow],
        full: bool,
    ) -> Result<Vec<String>, Error> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let (now, _) = self.now();
        in_tx(self.db(), |db| {
            let prior = by_code(
                db,
                "SELECT code, detail_updated_at, CASE WHEN detail IS NULL THEN 0 ELSE 1 END
                 FROM forms",
                rows.iter().map(|r| r.code.as_str()),
                |r| (r[1].as_str().map(str::to_string), r[2].truthy()),
            )?;
            let mut seen = std::collections::HashSet::new();
            let mut values = Vec::new();
            let mut want = Vec::new();
            for r in rows {
                if !seen.insert(r.code.clone()) {
                    continue;
                }
                let stale = match prior.get(&r.code) {
                    None => true,
                    Some((at, has)) => full || !has || at.as_deref() != r.updated_at.as_deref(),
                };
                if stale {
                    want.push(r.code.clone());
                }
                values.push(r.values(run, &now));
            }
            // Seen again: no longer deleted (a form hidden for a run comes back).
            let cols = FORMS.written();
            let mut tail = upsert_tail("code", &cols);
            tail.push_str(", deleted_at = NULL");
            insert_rows(db, FORMS.name, &cols, &values, &tail)?;
            Ok(want)
        })
    }

    /// The detail of form `code` (its `resource` as sent), read for the list item's
    /// `updated_at`.
    pub fn form_detail(
        &mut self,
        code: &str,
        detail: &str,
        updated_at: Option<&str>,
    ) -> Result<(), Error> {
        in_tx(self.db(), |db| {
            db::exec(
                db,
                "UPDATE forms SET detail = ?j, detail_updated_at = ? WHERE code = ?",
                &[
                    Val::text(detail),
                    Val::opt_text(updated_at),
                    Val::text(code),
                ],
            )?;
            Ok(())
        })
    }

    pub fn jobs_page(&mut self, rows: &[(String, Vec<Val>)]) -> Result<(), Error> {
        let mut seen = std::collections::HashSet::new();
        let values: Vec<Vec<Val>> = rows
            .iter()
            .filter(|(k, _)| seen.insert(k.clone()))
            .map(|(_, v)| v.clone())
            .collect();
        in_tx(self.db(), |db| {
            let cols = JOBS.written();
            let mut tail = upsert_tail("key", &cols);
            tail.push_str(", deleted_at = NULL");
            insert_rows(db, JOBS.name, &cols, &values, &tail)?;
            Ok(())
        })
    }

    /// Store a page of the candidate list (each row replaced by the list item, personal
    /// fields kept null for a purged candidate) and tell, for each, whether it is new or
    /// changed and whether its memos and submissions are to be fetched.
    pub fn candidates_page(
        &mut self,
        run: i64,
        mut rows: Vec<CandidateRow>,
        policy: &Policy,
    ) -> Result<Vec<Verdict>, Error> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let (now, _) = self.now();
        in_tx(self.db(), |db| {
            struct Prior {
                fingerprint: Option<String>,
                fetched: Option<String>,
                fetched_unix: Option<f64>,
                refetch: Option<String>,
                purged: bool,
                seen_run: Option<i64>,
            }
            let prior = by_code(
                db,
                "SELECT code, fingerprint, fetched_fingerprint, fetched_unix, refetch,
                        CASE WHEN purged_at IS NULL THEN 0 ELSE 1 END, seen_run
                 FROM candidates",
                rows.iter().map(|r| r.code.as_str()),
                |r| Prior {
                    fingerprint: r[1].as_str().map(str::to_string),
                    fetched: r[2].as_str().map(str::to_string),
                    fetched_unix: r[3].as_f64(),
                    refetch: r[4].as_str().map(str::to_string),
                    purged: r[5].truthy(),
                    seen_run: r[6].as_i64(),
                },
            )?;
            let mut verdicts = Vec::with_capacity(rows.len());
            let mut values = Vec::with_capacity(rows.len());
            let mut history = Vec::new();
            let mut in_page = std::collections::HashSet::new();
            for row in rows.iter_mut() {
                let p = prior.get(&row.code);
                if p.is_some_and(|p| p.seen_run == Some(run)) || !in_page.insert(row.code.clone()) {
                    verdicts.push(Verdict {
                        code: row.code.clone(),
                        seen: Seen::Again,
                        fetch: None,
                        fingerprint: row.fingerprint.clone(),
                        purged: false,
                    });
                    continue;
                }
                let purged = p.is_some_and(|p| p.purged);
                if purged {
                    row.scrub();
                }
                let seen = match p {
                    None => Seen::New,
                    Some(p) if p.fingerprint.as_deref() != Some(row.fingerprint.as_str()) => {
                        Seen::Changed
                    }
                    Some(_) => Seen::Unchanged,
                };
                let at_stage = policy.stages.is_empty()
                    || row
                        .stage_kind
                        .as_ref()
                        .is_some_and(|s| policy.stages.contains(s));
                let fetch = match p {
                    _ if purged || !at_stage => None,
                    None => Some(Reason::New),
                    Some(p) => match (p.refetch.as_deref(), &p.fetched) {
                        (Some("full"), _) => Some(Reason::Full),
                        (Some(_), _) => Some(Reason::Event),
                        (None, None) => Some(Reason::Pending),
                        (None, Some(f)) if *f != row.fingerprint => Some(Reason::Changed),
                        _ if p.fetched_unix.is_none_or(|t| t < policy.stale_before) => {
                            Some(Reason::Stale)
                        }
                        _ => None,
                    },
                };
                values.push(row.values(run, &now));
                history.extend(row.history(&now));
                verdicts.push(Verdict {
                    code: row.code.clone(),
                    seen,
                    fetch,
                    fingerprint: row.fingerprint.clone(),
                    purged,
                });
            }
            let cols = CANDIDATES.written();
            let mut tail = upsert_tail("code", &cols);
            tail.push_str(", deleted_at = NULL");
            insert_rows(db, CANDIDATES.name, &cols, &values, &tail)?;
            insert_rows(
                db,
                STAGE_HISTORY.name,
                &STAGE_HISTORY.written(),
                &history,
                "ON CONFLICT DO NOTHING",
            )?;
            Ok(verdicts)
        })
    }

    /// Replace candidate `code`'s memos and submissions (with their answers) by those just
    /// fetched, and record what they were fetched for, in one transaction. A candidate
    /// purged meanwhile is left as it is (`false`).
    pub fn replace_candidate(
        &mut self,
        code: &str,
        fingerprint: &str,
        memos: &[Vec<Val>],
        submissions: &[Vec<Val>],
        answers: &[Vec<Val>],
    ) -> Result<bool, Error> {
        let (now, unix) = self.now();
        in_tx(self.db(), |db| {
            let purged = db::query(
                db,
                "SELECT CASE WHEN purged_at IS NULL THEN 0 ELSE 1 END FROM candidates WHERE code = ?",
                &[Val::text(code)],
            )?;
            match purged.first().and_then(|r| r.first()) {
                Some(v) if !v.truthy() => {}
                _ => return Ok(false),
            }
            delete_fetched(db, code)?;
            insert_rows(db, MEMOS.name, &MEMOS.written(), memos, "")?;
            insert_rows(
                db,
                SUBMISSIONS.name,
                &SUBMISSIONS.written(),
                submissions,
                "",
            )?;
            insert_rows(
                db,
                SUBMISSION_ANSWERS.name,
                &SUBMISSION_ANSWERS.written(),
                answers,
                "",
            )?;
            db::exec(
                db,
                "UPDATE candidates SET fetched_fingerprint = ?, fetched_unix = ?, fetched_at = ?t,
                     refetch = NULL
                 WHERE code = ?",
                &[
                    Val::text(fingerprint),
                    Val::Real(unix),
                    Val::text(&now),
                    Val::text(code),
                ],
            )?;
            Ok(true)
        })
    }

    /// After a complete walk: rows of `table` not seen by run `run` get `deleted_at` (they
    /// are kept). The number newly marked.
    pub fn mark_deleted(&mut self, table: &str, run: i64) -> Result<u64, Error> {
        let (now, _) = self.now();
        in_tx(self.db(), |db| {
            db::exec(
                db,
                &format!(
                    "UPDATE {table} SET deleted_at = ?t
                     WHERE deleted_at IS NULL AND (seen_run IS NULL OR seen_run <> ?)"
                ),
                &[Val::text(&now), Val::Int(run)],
            )
        })
    }

    /// The candidates a purge would take (not purged yet), by code.
    pub fn purge_preview(&mut self, rule: &PurgeRule) -> Result<Vec<String>, Error> {
        let mut sql =
            "SELECT code FROM candidates WHERE purged_at IS NULL AND stage_kind = ?".to_string();
        let mut params = vec![Val::text(&rule.stage)];
        if let Some(before) = rule.before_unix {
            sql.push_str(" AND stage_unix < ?");
            params.push(Val::Real(before));
        }
        sql.push_str(" ORDER BY code");
        Ok(db::query(self.db(), &sql, &params)?
            .into_iter()
            .filter_map(|r| r.first().and_then(Val::as_str).map(str::to_string))
            .collect())
    }

    /// Purge the candidates `rule` takes (see [`Mirror::purge_codes`]).
    pub fn purge(&mut self, rule: &PurgeRule) -> Result<Purged, Error> {
        let codes = self.purge_preview(rule)?;
        self.purge_codes(&codes, &rule.text)
    }

    /// Remove the personal data of the candidates `codes` (those not purged yet; the others
    /// are skipped): null their personal fields (columns and `data`), delete their memos and
    /// submissions and record each in `purges` with `why`, in one transaction; then leave
    /// no readable copy of the old values in the database (see [`Backend::scrub`]). No
    /// codes: only finish an earlier purge's scrub.
    pub fn purge_codes(&mut self, codes: &[String], why: &str) -> Result<Purged, Error> {
        let mut out = Purged::default();
        if codes.is_empty() {
            self.db().scrub(&[])?;
            return Ok(out);
        }
        if self.version < schema::VERSION {
            self.db().prepare_for_writes()?;
            let from = self.version;
            schema::migrate(self.db(), from)?;
            self.version = schema::VERSION;
        }
        let (now, _) = self.now();
        let mut again = false;
        in_tx(self.db(), |db| {
            for code in codes {
                let personal = tables::personal_columns();
                let columns: Vec<&str> = personal.iter().map(|(c, _)| *c).collect();
                let rows = db::query(
                    db,
                    &format!(
                        "SELECT data, stage_kind, {} FROM candidates WHERE code = ? AND purged_at IS NULL",
                        columns.join(", ")
                    ),
                    &[Val::text(code)],
                )?;
                let Some(r) = rows.first() else {
                    // Purged before: its tables are rewritten again, so running an erasure
                    // again finishes one whose rewrite failed (a PostgreSQL role that does
                    // not own the tables).
                    let held = "SELECT 1 FROM candidates WHERE code = ?";
                    again |= !db::query(db, held, &[Val::text(code)])?.is_empty();
                    continue;
                };
                let count = |db: &mut dyn Backend, table: &str| -> Result<u64, Error> {
                    Ok(db::query(
                        db,
                        &format!("SELECT count(*) FROM {table} WHERE candidate_code = ?"),
                        &[Val::text(code)],
                    )?
                    .first()
                    .and_then(|r| r.first())
                    .and_then(Val::as_i64)
                    .unwrap_or(0) as u64)
                };
                let memos = count(db, "memos")?;
                let subs = count(db, "submissions")?;
                let mut data: Value = r[0]
                    .as_str()
                    .and_then(|d| serde_json::from_str(d).ok())
                    .unwrap_or(Value::Null);
                // A value in its column or in `data` (a column is read from `data`, but a
                // value of an odd type may sit in `data` alone).
                // In the one list's order; a field without a column is looked for in `data`.
                let held = records::personal()
                    .filter(|f| {
                        let column = personal.iter().position(|(_, pf)| pf == f);
                        column.is_some_and(|i| !r[2 + i].is_null())
                            || data.get(*f).is_some_and(|v| !v.is_null())
                    })
                    .collect();
                out.erased.push(ErasedCandidate {
                    code: code.clone(),
                    stage: r[1].as_str().map(str::to_string),
                    fields: held,
                });
                recruit_core::personal::null(&mut data, records::personal());
                delete_fetched(db, code)?;
                // The columns that hold a personal field (the candidates table's declaration).
                let nulled: Vec<String> = columns.iter().map(|c| format!("{c} = NULL")).collect();
                db::exec(
                    db,
                    &format!(
                        "UPDATE candidates SET {}, data = ?j, purged_at = ?t, refetch = NULL
                         WHERE code = ?",
                        nulled.join(", ")
                    ),
                    &[
                        Val::Text(data.to_string()),
                        Val::text(&now),
                        Val::text(code),
                    ],
                )?;
                db::exec(
                    db,
                    "INSERT INTO purges (candidate_code, purged_at, rule, stage_kind, stage_updated_at, memos, submissions)
                     SELECT code, ?t, ?, stage_kind, stage_updated_at, ?, ? FROM candidates WHERE code = ?",
                    &[
                        Val::text(&now),
                        Val::text(why),
                        Val::Int(memos as i64),
                        Val::Int(subs as i64),
                        Val::text(code),
                    ],
                )?;
                out.memos += memos;
                out.submissions += subs;
                out.codes.push(code.clone());
            }
            Ok(())
        })?;
        let touched: &[&str] = if out.codes.is_empty() && !again {
            &[]
        } else {
            &["candidates", "memos", "submissions", "submission_answers"]
        };
        self.db().scrub(touched)?;
        Ok(out)
    }

    /// `sync status`: the last runs, rows per table, how old the data is.
    pub fn status(&mut self, runs: usize) -> Result<Value, Error> {
        let shown = self.describe();
        let version = self.version;
        let db = self.db();
        let time = |v: &Val| {
            v.as_f64()
                .and_then(|t| chrono::DateTime::from_timestamp_millis((t * 1000.0) as i64))
                .map(|t| Value::String(t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)))
                .unwrap_or(Value::Null)
        };
        let mut last = Vec::new();
        // `sync status` reads a mirror as it is: an older one may not have the column yet.
        let nul_since = tables::SYNC_RUNS
            .column("nul_replaced")
            .map_or(1, |c| c.since);
        let nul = if version >= nul_since {
            "nul_replaced"
        } else {
            "NULL"
        };
        // The run's candidate counts, `candidates_listed`…, under `candidates` by their names.
        const COUNTS: [&str; 7] = [
            "listed",
            "new",
            "changed",
            "unchanged",
            "deleted",
            "fetched",
            "failed",
        ];
        let counts = COUNTS.map(|c| format!("candidates_{c}")).join(", ");
        for r in db::query(
            db,
            &format!(
                "SELECT id, started_unix, finished_unix, status, full_run, stages, {counts},
                    list_total, requests, seconds, message, {nul}
             FROM sync_runs ORDER BY id DESC LIMIT ?"
            ),
            &[Val::Int(runs as i64)],
        )? {
            let candidates: serde_json::Map<String, Value> = COUNTS
                .iter()
                .zip(&r[6..13])
                .map(|(name, v)| (name.to_string(), v.to_json()))
                .collect();
            last.push(json!({
                "id": r[0].to_json(),
                "started_at": time(&r[1]),
                "finished_at": time(&r[2]),
                "status": r[3].to_json(),
                "full": r[4].truthy(),
                "stages": r[5].to_json(),
                "candidates": candidates,
                "list_total": r[13].to_json(),
                "requests": r[14].to_json(),
                "seconds": r[15].to_json(),
                "message": r[16].to_json(),
                "nul_replaced": r[17].to_json(),
            }));
        }
        let mut rows = serde_json::Map::new();
        for t in schema::tables() {
            let n = db::query(db, &format!("SELECT count(*) FROM {t}"), &[])?
                .first()
                .and_then(|r| r.first())
                .and_then(Val::as_i64)
                .unwrap_or(0);
            rows.insert(t.to_string(), n.into());
        }
        let one = |db: &mut dyn Backend, sql: &str| -> Result<Vec<Val>, Error> {
            Ok(db::query(db, sql, &[])?
                .into_iter()
                .next()
                .unwrap_or_default())
        };
        let c = one(
            db,
            "SELECT
                 sum(CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END),
                 sum(CASE WHEN purged_at IS NULL THEN 0 ELSE 1 END),
                 sum(CASE WHEN fetched_unix IS NULL AND purged_at IS NULL AND deleted_at IS NULL THEN 1 ELSE 0 END)
             FROM candidates",
        )?;
        let count = |i: usize| c.get(i).and_then(Val::as_f64).unwrap_or(0.0) as i64;
        let oldest = one(
            db,
            "SELECT code, fetched_unix FROM candidates
             WHERE deleted_at IS NULL AND purged_at IS NULL AND fetched_unix IS NOT NULL
             ORDER BY fetched_unix, code LIMIT 1",
        )?;
        let walk = one(
            db,
            "SELECT max(started_unix) FROM sync_runs WHERE status IN ('complete', 'partial')",
        )?;
        Ok(json!({
            // For programs: JSON does not change with the language.
            "database": shown.for_programs(),
            "schema_version": version,
            "runs": last,
            "rows": rows,
            "candidates": {
                "deleted": count(0),
                "purged": count(1),
                "never_fetched": count(2),
            },
            "oldest_fetch": {
                "candidate": oldest.first().map_or(Value::Null, Val::to_json),
                "fetched_at": oldest.get(1).map_or(Value::Null, time),
            },
            "last_complete_walk": walk.first().map_or(Value::Null, time),
        }))
    }
}

/// Delete what was fetched for candidate `code` (answers, then submissions, then memos).
/// The rows `select` reads (`code` first) of these codes, each read by `read`, by code.
fn by_code<'a, T>(
    db: &mut dyn Backend,
    select: &str,
    codes: impl Iterator<Item = &'a str>,
    read: impl Fn(&[Val]) -> T,
) -> Result<HashMap<String, T>, Error> {
    let codes: Vec<Val> = codes.map(Val::text).collect();
    let sql = format!("{select} WHERE code IN ({})", marks(codes.len()));
    Ok(db::query(db, &sql, &codes)?
        .into_iter()
        .filter_map(|r| Some((r.first()?.as_str()?.to_string(), read(&r))))
        .collect())
}

fn delete_fetched(db: &mut dyn Backend, code: &str) -> Result<(), Error> {
    for t in ["submission_answers", "submissions", "memos"] {
        db::exec(
            db,
            &format!("DELETE FROM {t} WHERE candidate_code = ?"),
            &[Val::text(code)],
        )?;
    }
    Ok(())
}

/// `ON CONFLICT (key) DO UPDATE SET col = excluded.col, ...` for every column but the key.
fn upsert_tail(key: &str, cols: &[String]) -> String {
    let sets: Vec<String> = cols
        .iter()
        .map(|c| c.split_whitespace().next().unwrap_or(c))
        .filter(|c| *c != key)
        .map(|c| format!("{c} = excluded.{c}"))
        .collect();
    format!("ON CONFLICT ({key}) DO UPDATE SET {}", sets.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(path: &std::path::Path) -> Mirror {
        Mirror::open(
            &Target::Sqlite(path.to_path_buf()),
            &recruit_core::tls::NetSettings::system(),
            Access::Sync,
        )
        .unwrap()
    }

    fn candidate(raw: &str) -> CandidateRow {
        CandidateRow::from_raw(raw).unwrap().unwrap()
    }

    #[test]
    fn the_mirror_writes_the_times_of_the_clock_it_is_given_and_says_what_it_is_as_data() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.db");
        // 2031-05-05T07:08:09Z: nowhere near the system's time.
        let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_935_731_289);
        let clock = recruit_core::clock::Manual::at(at);
        let mut m = open(&path).with_clock(clock.clone());
        let d = m.describe();
        assert_eq!(d.id, "mirror-sqlite-file");
        assert_eq!(
            d.get("path"),
            Some(&crate::msg::Arg::Text(path.display().to_string()))
        );
        let run = m.begin_run(false, "").unwrap();
        clock.advance(std::time::Duration::from_secs(90));
        m.finish_run(
            run,
            &RunRecord {
                status: "complete".into(),
                ..RunRecord::default()
            },
        )
        .unwrap();
        m.candidates_page(
            run,
            vec![candidate(r#"{"code":"C1","name":"Kim"}"#)],
            &Policy {
                stages: Vec::new(),
                stale_before: 0.0,
            },
        )
        .unwrap();
        m.purge_codes(&["C1".to_string()], "test").unwrap();
        drop(m);
        let c = rusqlite::Connection::open(&path).unwrap();
        let row: (String, f64, String, f64, String, String) = c
            .query_row(
                "SELECT started_at, started_unix, finished_at, finished_unix,
                        (SELECT synced_at FROM candidates), (SELECT purged_at FROM purges)
                 FROM sync_runs",
                [],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                },
            )
            .unwrap();
        assert_eq!(
            row,
            (
                "2031-05-05T07:08:09Z".to_string(),
                1_935_731_289.0,
                "2031-05-05T07:09:39Z".to_string(),
                1_935_731_379.0,
                "2031-05-05T07:09:39Z".to_string(),
                "2031-05-05T07:09:39Z".to_string(),
            )
        );
    }

    #[test]
    fn a_purge_tells_each_candidate_its_stage_and_the_fields_that_held_a_value() {
        let dir = tempfile::tempdir().unwrap();
        let mut m = open(&dir.path().join("m.db"));
        let run = m.begin_run(false, "").unwrap();
        let policy = Policy {
            stages: Vec::new(),
            stale_before: 0.0,
        };
        m.candidates_page(
            run,
            vec![
                candidate(
                    r#"{"code":"C1","name":"Kim","email":"k@x","phone":null,"birth":"1990-01-01","job_stage":{"stage_kind":"fail"}}"#,
                ),
                candidate(r#"{"code":"C2","phone":"010","job_stage":{"stage_kind":"review"}}"#),
                candidate(r#"{"code":"C3","name":"Lee"}"#),
            ],
            &policy,
        )
        .unwrap();
        let codes: Vec<String> = ["C1", "C2", "C3", "C9"].map(String::from).to_vec();
        let done = m.purge_codes(&codes, "test").unwrap();
        assert_eq!(done.codes, ["C1", "C2", "C3"], "C9 is not in the mirror");
        assert_eq!(
            done.erased,
            [
                ErasedCandidate {
                    code: "C1".into(),
                    stage: Some("fail".into()),
                    fields: vec!["name", "email", "birth"],
                },
                ErasedCandidate {
                    code: "C2".into(),
                    stage: Some("review".into()),
                    fields: vec!["phone"],
                },
                ErasedCandidate {
                    code: "C3".into(),
                    stage: None,
                    fields: vec!["name"],
                },
            ]
        );
        // Purged already: a second purge takes none of them.
        let again = m.purge_codes(&codes, "test").unwrap();
        assert!(again.codes.is_empty() && again.erased.is_empty());
    }
}
