//! The mirror's tables, the same on both databases (types rendered per dialect by
//! [`super::db::ddl`]), and their version: `recruit_meta.schema_version`, migrated forward
//! step by step in one transaction each; a database of a newer version is refused before
//! anything is written to it.

use super::db::{self, Backend, Dialect, Val};
use crate::error::Error;

/// The schema this recruit writes. 1: the first mirror; 2: indexes for the README's
/// queries (answers by question, stage history by stage); 3: each run's count of values
/// stored with U+FFFD in place of U+0000.
pub const VERSION: i64 = 3;

/// The tables of a mirror, in the order people read about them.
pub const TABLES: &[&str] = &[
    "forms",
    "jobs",
    "candidates",
    "stage_history",
    "memos",
    "submissions",
    "submission_answers",
    "sync_runs",
    "purges",
];

/// Each version's statements (the template of [`db::ddl`]); step `i` brings a database at
/// version `i` to `i + 1`.
const STEPS: &[&str] = &[
    // 1
    "CREATE TABLE recruit_meta (
         key TEXT PRIMARY KEY,
         value TEXT
     );
     CREATE TABLE forms (
         code TEXT PRIMARY KEY,
         title TEXT,
         status TEXT,
         end_at {ts},
         created_at {ts},
         updated_at {ts},
         detail {json},
         detail_updated_at TEXT,
         seen_run {int},
         synced_at {ts},
         deleted_at {ts},
         data {json} NOT NULL
     );
     CREATE TABLE jobs (
         key TEXT PRIMARY KEY,
         code TEXT,
         title TEXT,
         url TEXT,
         form_code TEXT,
         position_title TEXT,
         created_at {ts},
         updated_at {ts},
         seen_run {int},
         synced_at {ts},
         deleted_at {ts},
         data {json} NOT NULL
     );
     CREATE INDEX jobs_code ON jobs (code);
     CREATE INDEX jobs_form_code ON jobs (form_code);
     CREATE TABLE candidates (
         code TEXT PRIMARY KEY,
         name TEXT,
         email TEXT,
         phone TEXT,
         birth TEXT,
         resume_path TEXT,
         profile_img_path TEXT,
         stage_kind TEXT,
         stage_title TEXT,
         stage_created_at {ts},
         stage_updated_at {ts},
         job_code TEXT,
         job_title TEXT,
         applied_at {ts},
         created_at {ts},
         feedback_kind TEXT,
         feedback_status TEXT,
         feedback_result TEXT,
         feedback_score {real},
         synced_at {ts},
         fetched_at {ts},
         deleted_at {ts},
         purged_at {ts},
         seen_run {int},
         fingerprint TEXT,
         fetched_fingerprint TEXT,
         fetched_unix {real},
         stage_unix {real},
         refetch TEXT,
         data {json} NOT NULL
     );
     CREATE INDEX candidates_stage ON candidates (stage_kind);
     CREATE INDEX candidates_job ON candidates (job_code);
     CREATE TABLE stage_history (
         candidate_code TEXT NOT NULL REFERENCES candidates (code),
         stage_key TEXT NOT NULL,
         stage_kind TEXT,
         stage_title TEXT,
         entered_at {ts},
         first_seen_at {ts},
         PRIMARY KEY (candidate_code, stage_key)
     );
     CREATE TABLE memos (
         candidate_code TEXT NOT NULL REFERENCES candidates (code),
         seq {int} NOT NULL,
         id {int},
         parent_id {int},
         content TEXT,
         accessible_role TEXT,
         pinned {bool},
         user_code TEXT,
         user_name TEXT,
         created_at {ts},
         updated_at {ts},
         data {json} NOT NULL,
         PRIMARY KEY (candidate_code, seq)
     );
     CREATE INDEX memos_id ON memos (id);
     CREATE TABLE submissions (
         candidate_code TEXT NOT NULL REFERENCES candidates (code),
         seq {int} NOT NULL,
         code TEXT,
         kind TEXT,
         form_title TEXT,
         form_template_id {int},
         form_template_name TEXT,
         submitted_at {ts},
         created_at {ts},
         data {json} NOT NULL,
         PRIMARY KEY (candidate_code, seq)
     );
     CREATE INDEX submissions_code ON submissions (code);
     CREATE TABLE submission_answers (
         candidate_code TEXT NOT NULL,
         submission_seq {int} NOT NULL,
         seq {int} NOT NULL,
         submission_code TEXT,
         answer_id {int},
         question_id {int},
         question_title TEXT,
         kind TEXT,
         value TEXT,
         answer {json},
         PRIMARY KEY (candidate_code, submission_seq, seq),
         FOREIGN KEY (candidate_code, submission_seq) REFERENCES submissions (candidate_code, seq)
     );
     CREATE TABLE sync_runs (
         id {serial},
         started_at {ts} NOT NULL,
         finished_at {ts},
         status TEXT NOT NULL,
         full_run {bool} NOT NULL,
         stages TEXT,
         candidates_listed {int},
         candidates_new {int},
         candidates_changed {int},
         candidates_unchanged {int},
         candidates_deleted {int},
         candidates_fetched {int},
         candidates_failed {int},
         list_total {int},
         requests {int},
         seconds {real},
         started_unix {real} NOT NULL,
         finished_unix {real},
         message TEXT
     );
     CREATE TABLE purges (
         candidate_code TEXT NOT NULL REFERENCES candidates (code),
         purged_at {ts} NOT NULL,
         rule TEXT NOT NULL,
         stage_kind TEXT,
         stage_updated_at {ts},
         memos {int},
         submissions {int}
     );
     CREATE INDEX purges_code ON purges (candidate_code);",
    // 2
    "CREATE INDEX submission_answers_question ON submission_answers (question_title);
     CREATE INDEX stage_history_stage ON stage_history (stage_kind);",
    // 3
    "ALTER TABLE sync_runs ADD COLUMN nul_replaced {int};",
];

/// Whether a table of the current schema is there.
fn has_table(db: &mut dyn Backend, name: &str) -> Result<bool, Error> {
    let sql = match db.dialect() {
        Dialect::Sqlite => "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
        Dialect::Postgres => {
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
        }
    };
    Ok(db::query(db, sql, &[Val::text(name)])?
        .first()
        .and_then(|r| r.first())
        .and_then(Val::as_i64)
        .unwrap_or(0)
        > 0)
}

/// The version of the mirror in `db` (0: none yet), refusing a database that is not a
/// mirror or is a newer one. Nothing is written.
pub fn check(db: &mut dyn Backend) -> Result<i64, Error> {
    let shown = db.describe();
    if has_table(db, "recruit_meta")? {
        let version = db::query(
            db,
            "SELECT value FROM recruit_meta WHERE key = 'schema_version'",
            &[],
        )?
        .first()
        .and_then(|r| r.first())
        .and_then(|v| v.as_str().and_then(|s| s.parse::<i64>().ok()))
        .ok_or_else(|| Error::usage(crate::msg!("sync-meta-no-version", db = shown.to_string())))?;
        if version > VERSION {
            let what = crate::msg!("sync-schema-version");
            return Err(Error::written_by_newer(
                &shown, &what, version, VERSION, "--db",
            ));
        }
        return Ok(version);
    }
    // Not a mirror yet: it must hold nothing of ours (and, for a file, nothing at all).
    if db.dialect() == Dialect::Sqlite {
        let tables = db::query(
            db,
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 1",
            &[],
        )?;
        if let Some(name) = tables.first().and_then(|r| r.first()).and_then(Val::as_str) {
            return Err(Error::usage(crate::msg!(
                "sync-not-a-mirror",
                db = shown.to_string(),
                table = name.to_string()
            )));
        }
    }
    for t in TABLES {
        if has_table(db, t)? {
            return Err(Error::usage(crate::msg!(
                "sync-foreign-table",
                db = shown.to_string(),
                table = t.to_string()
            )));
        }
    }
    Ok(0)
}

/// Bring the mirror from `from` to [`VERSION`], one step per transaction.
pub fn migrate(db: &mut dyn Backend, from: i64) -> Result<(), Error> {
    migrate_to(db, from, VERSION)
}

/// Bring the mirror from `from` to `to` (tests build older mirrors with it).
pub fn migrate_to(db: &mut dyn Backend, from: i64, to: i64) -> Result<(), Error> {
    for v in from..to {
        let step = STEPS[v as usize];
        let dialect = db.dialect();
        db::in_tx(db, |db| {
            db.batch(&db::ddl(step, dialect))?;
            let sql = if v == 0 {
                "INSERT INTO recruit_meta (key, value) VALUES ('schema_version', ?)"
            } else {
                "UPDATE recruit_meta SET value = ? WHERE key = 'schema_version'"
            };
            db::exec(db, sql, &[Val::Text((v + 1).to_string())])?;
            Ok(())
        })?;
    }
    Ok(())
}

/// A value of `recruit_meta`.
pub fn meta_get(db: &mut dyn Backend, key: &str) -> Result<Option<String>, Error> {
    Ok(db::query(
        db,
        "SELECT value FROM recruit_meta WHERE key = ?",
        &[Val::text(key)],
    )?
    .first()
    .and_then(|r| r.first())
    .and_then(|v| v.as_str().map(str::to_string)))
}

/// Set a value of `recruit_meta` (inside the caller's transaction).
pub fn meta_set(db: &mut dyn Backend, key: &str, value: &str) -> Result<(), Error> {
    let n = db::exec(
        db,
        "UPDATE recruit_meta SET value = ? WHERE key = ?",
        &[Val::text(value), Val::text(key)],
    )?;
    if n == 0 {
        db::exec(
            db,
            "INSERT INTO recruit_meta (key, value) VALUES (?, ?)",
            &[Val::text(key), Val::text(value)],
        )?;
    }
    Ok(())
}
