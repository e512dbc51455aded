//! The SQLite backend: one file (bundled SQLite, nothing to install), created 0600 with its
//! directory 0700, in WAL mode so readers (a BI tool, `sync status`) never block a sync nor
//! are blocked by it. One sync at a time holds an advisory lock on the file itself, released
//! by the kernel when the process ends however it ends.

use std::fs::File;
use std::path::{Path, PathBuf};

use rusqlite::types::ValueRef;
use rusqlite::Connection;

use super::db::{Backend, Dialect, RowFn, Val};
use crate::error::Error;
use crate::sqlite_file::Role;

pub struct Sqlite {
    conn: Connection,
    path: PathBuf,
    lock: Option<File>,
}

impl Sqlite {
    /// Open (creating when `create`) the database at `path`.
    pub fn open(path: &Path, create: bool) -> Result<Sqlite, Error> {
        if create {
            recruit_core::files::create_private(path, &crate::msg!("what-mirror"))?;
        } else if !path.exists() {
            return Err(Error::usage(crate::msg!(
                "sync-no-mirror",
                path = path.display().to_string()
            )));
        }
        let conn =
            crate::sqlite_file::open(path, Role::Mirror).map_err(|e| sqlite_error(path, e))?;
        Ok(Sqlite {
            conn,
            path: path.to_path_buf(),
            lock: None,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn err(&self, e: rusqlite::Error) -> Error {
        sqlite_error(&self.path, e)
    }
}

impl Backend for Sqlite {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn describe(&self) -> crate::msg::Msg {
        crate::msg!("mirror-sqlite-file", path = self.path.display().to_string())
    }

    fn batch(&mut self, sql: &str) -> Result<(), Error> {
        self.conn.execute_batch(sql).map_err(|e| self.err(e))
    }

    fn execute(&mut self, sql: &str, params: &[Val]) -> Result<u64, Error> {
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| sqlite_error(&self.path, e))?;
        stmt.execute(rusqlite::params_from_iter(params.iter().map(to_sql)))
            .map(|n| n as u64)
            .map_err(|e| sqlite_error(&self.path, e))
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Vec<Val>>, Error> {
        let mut out = Vec::new();
        self.each(sql, params, &mut |row| {
            out.push(row.to_vec());
            Ok(())
        })?;
        Ok(out)
    }

    fn each(&mut self, sql: &str, params: &[Val], f: &mut RowFn<'_>) -> Result<(), Error> {
        let path = self.path.clone();
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| sqlite_error(&path, e))?;
        let mut vals = vec![Val::Null; stmt.column_count()];
        let mut rows = stmt
            .query(rusqlite::params_from_iter(params.iter().map(to_sql)))
            .map_err(|e| sqlite_error(&path, e))?;
        while let Some(row) = rows.next().map_err(|e| sqlite_error(&path, e))? {
            read_row(row, &mut vals).map_err(|e| sqlite_error(&path, e))?;
            f(&vals)?;
        }
        Ok(())
    }

    fn begin(&mut self) -> Result<(), Error> {
        self.batch("BEGIN IMMEDIATE")
    }

    fn try_lock(&mut self) -> Result<bool, Error> {
        // On the file itself (its inode), so a second path to it finds it taken too.
        let file = File::open(&self.path).map_err(|e| {
            Error::caused(
                crate::ExitKind::Usage,
                crate::msg!("file-cannot-open", path = self.path.display().to_string()),
                e,
            )
        })?;
        match file.try_lock() {
            Ok(()) => {
                self.lock = Some(file);
                Ok(true)
            }
            Err(_) => Ok(false),
        }
    }

    fn prepare_for_writes(&mut self) -> Result<(), Error> {
        crate::sqlite_file::prepare_for_writes(&self.conn, Role::Mirror)
            .map_err(|e| sqlite_error(&self.path, e))
    }

    fn scrub(&mut self, tables: &[&str]) -> Result<(), Error> {
        // A purge that touched no table wrote nothing a VACUUM would rebuild.
        let busy = crate::msg!(
            "sync-purge-wal-busy",
            path = self.path.display().to_string()
        );
        crate::sqlite_file::scrub(&self.conn, !tables.is_empty(), busy, |e| self.err(e))
    }

    fn max_params(&self) -> usize {
        // SQLite's limit is 32,766 since 3.32; a smaller statement is as fast.
        2000
    }
}

fn to_sql(v: &Val) -> rusqlite::types::Value {
    use rusqlite::types::Value as V;
    match v {
        Val::Null => V::Null,
        Val::Int(i) => V::Integer(*i),
        Val::Real(r) => V::Real(*r),
        Val::Text(s) => V::Text(s.clone()),
        Val::Bool(b) => V::Integer(*b as i64),
    }
}

/// Whether the file starts as every SQLite database does.
fn has_sqlite_magic(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && &head == b"SQLite format 3\0"
}

/// A row's values into `vals` (one per column), text written over the text already there so
/// that a scan reusing `vals` allocates nothing per row.
fn read_row(row: &rusqlite::Row<'_>, vals: &mut [Val]) -> rusqlite::Result<()> {
    for (i, slot) in vals.iter_mut().enumerate() {
        match row.get_ref(i)? {
            ValueRef::Null => *slot = Val::Null,
            ValueRef::Integer(n) => *slot = Val::Int(n),
            ValueRef::Real(r) => *slot = Val::Real(r),
            ValueRef::Text(t) | ValueRef::Blob(t) => {
                let text = String::from_utf8_lossy(t);
                match slot {
                    Val::Text(s) => {
                        s.clear();
                        s.push_str(&text);
                    }
                    _ => *slot = Val::Text(text.into_owned()),
                }
            }
        }
    }
    Ok(())
}

/// An SQLite failure in words.
fn sqlite_error(path: &Path, e: rusqlite::Error) -> Error {
    let shown = path.display();
    use rusqlite::ErrorCode::*;
    let message = match e.sqlite_error_code() {
        // SQLite says the same of a file that never was a database (the wrong --db: bad
        // input) and of a mirror whose first page is damaged (exit 1, as other damage):
        // the file's own header tells them apart.
        Some(NotADatabase) if !has_sqlite_magic(path) => {
            return Error::usage(crate::msg!("sync-not-sqlite", path = shown.to_string()))
                .with_source(e)
        }
        Some(DiskFull) => crate::msg!("sync-disk-full", path = shown.to_string()),
        Some(NotADatabase | DatabaseCorrupt) => crate::msg!(
            "sync-mirror-damaged",
            path = shown.to_string(),
            error = crate::error::cause_of(&e)
        ),
        Some(DatabaseBusy) => crate::msg!(
            "sync-mirror-locked",
            path = shown.to_string(),
            error = crate::error::cause_of(&e)
        ),
        _ => crate::msg!(
            "sync-mirror-error",
            path = shown.to_string(),
            error = crate::error::cause_of(&e)
        ),
    };
    Error::other(message).with_source(e)
}
