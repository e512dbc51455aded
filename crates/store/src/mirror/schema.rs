//! The mirror's schema version: `recruit_meta.schema_version`, migrated forward step by step
//! in one transaction each, each step's statements made from the tables' declarations
//! ([`super::tables`]); a database of a newer version is refused before anything is written
//! to it.

use super::db::{self, Backend, Dialect, Val};
use super::tables;
use crate::error::Error;
use crate::sqlite_file::meta;

/// The schema this recruit writes. 1: the first mirror; 2: indexes for the README's
/// queries (answers by question, stage history by stage); 3: each run's count of values
/// stored with U+FFFD in place of U+0000.
pub const VERSION: i64 = 3;

/// The tables of a mirror (all but `recruit_meta`), in the order people read about them.
pub fn tables() -> impl Iterator<Item = &'static str> {
    tables::ALL
        .iter()
        .filter(|t| t.name != tables::META.name)
        .map(|t| t.name)
}

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
    if has_table(db, meta::TABLE)? {
        // recruit's other databases keep the same table: the relay's event store says so.
        if let Some(kind) = meta_get(db, meta::KIND)?.filter(|k| k != meta::MIRROR) {
            return Err(Error::usage(crate::msg!(
                "sync-other-kind",
                db = shown.clone(),
                kind = kind
            )));
        }
        let version = meta_get(db, meta::VERSION)?
            .and_then(|s| s.parse::<i64>().ok())
            .ok_or_else(|| Error::usage(crate::msg!("sync-meta-no-version", db = shown.clone())))?;
        if version > VERSION {
            let what = crate::msg!("sync-schema-version");
            return Err(Error::written_by_newer(
                &shown.said(),
                &what,
                version,
                VERSION,
                "--db",
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
                db = shown.clone(),
                table = name.to_string()
            )));
        }
    }
    for t in tables() {
        if has_table(db, t)? {
            return Err(Error::usage(crate::msg!(
                "sync-foreign-table",
                db = shown.clone(),
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
        let step = tables::step(v + 1, db.dialect());
        db::in_tx(db, |db| {
            db.batch(&step)?;
            if v == 0 {
                meta_set(db, meta::KIND, meta::MIRROR)?;
            }
            meta_set(db, meta::VERSION, &(v + 1).to_string())?;
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
