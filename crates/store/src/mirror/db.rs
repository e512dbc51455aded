//! The storage interface of the mirror: [`Backend`], one SQL connection that the mirror's
//! logic ([`super::mirror::Mirror`]) drives the same way on both databases. SQLite
//! ([`super::sqlite`]) and PostgreSQL ([`super::pg`]) implement it; everything above it is
//! written once, so the two behave the same by construction.
//!
//! Statements are written once with `?` placeholders; `?j` marks a JSON value (stored as
//! `jsonb` in PostgreSQL, text in SQLite) and `?t` a timestamp (`timestamptz` / RFC 3339
//! text). [`render`] turns them into each dialect's form.

use crate::error::Error;

/// A value bound to or read from a statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Bool(bool),
}

impl Val {
    pub fn text(s: impl Into<String>) -> Val {
        Val::Text(s.into())
    }

    /// `Some` text as a value, `None` as NULL.
    pub fn opt_text(s: Option<impl Into<String>>) -> Val {
        s.map_or(Val::Null, |s| Val::Text(s.into()))
    }

    pub fn opt_int(i: Option<i64>) -> Val {
        i.map_or(Val::Null, Val::Int)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Val::Text(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Real(r) => Some(*r as i64),
            Val::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Val::Real(r) => Some(*r),
            Val::Int(i) => Some(*i as f64),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Val::Null)
    }

    /// Whether the value is true (SQLite keeps booleans as integers).
    pub fn truthy(&self) -> bool {
        match self {
            Val::Bool(b) => *b,
            Val::Int(i) => *i != 0,
            _ => false,
        }
    }

    /// As JSON, for `sync status -o json`.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Val::Null => serde_json::Value::Null,
            Val::Int(i) => (*i).into(),
            Val::Real(r) => {
                serde_json::Number::from_f64(*r).map_or(serde_json::Value::Null, Into::into)
            }
            Val::Text(s) => s.clone().into(),
            Val::Bool(b) => (*b).into(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// One connection to the mirror's database.
pub trait Backend: Send {
    fn dialect(&self) -> Dialect;

    /// What the database is, for messages (`SQLite file /x/recruit.db`, a PostgreSQL
    /// database by host, port, name and user, never the password), as a message the front
    /// end words.
    fn describe(&self) -> crate::msg::Msg;

    /// Run statements without parameters (schema, `BEGIN`, `COMMIT`).
    fn batch(&mut self, sql: &str) -> Result<(), Error>;

    /// Run one statement (already [`render`]ed); the number of rows it changed.
    fn execute(&mut self, sql: &str, params: &[Val]) -> Result<u64, Error>;

    /// Run one query (already [`render`]ed); its rows.
    fn query(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Vec<Val>>, Error>;

    /// Run one query (already [`render`]ed), giving each row to `f` in turn, none kept: for
    /// a read of a whole table, whose rows held at once would be most of a report's time
    /// (allocations and fresh pages). This default reads them all first.
    fn each(&mut self, sql: &str, params: &[Val], f: &mut RowFn<'_>) -> Result<(), Error> {
        for row in self.query(sql, params)? {
            f(&row)?;
        }
        Ok(())
    }

    /// Start a transaction that writes (SQLite takes the write lock at once, so a reader
    /// beside it never makes it fail half-way).
    fn begin(&mut self) -> Result<(), Error>;

    /// Take the one-sync-at-a-time lock, held until the connection closes (the process
    /// ends, however it ends). `false`: another sync holds it.
    fn try_lock(&mut self) -> Result<bool, Error>;

    /// Settings for a sync or purge, once the database is known to be a mirror or empty
    /// (a database that is not ours is never changed).
    fn prepare_for_writes(&mut self) -> Result<(), Error>;

    /// After personal values were deleted from `tables` (committed): leave no readable
    /// copy of them where the database keeps its data (old row versions, free space, the
    /// write-ahead log). No tables: only finish what an earlier scrub could not (the WAL).
    fn scrub(&mut self, tables: &[&str]) -> Result<(), Error>;

    /// Most parameters one statement may bind.
    fn max_params(&self) -> usize;

    /// Values written with U+FFFD in place of U+0000 since the last call: a database that
    /// cannot hold U+0000 (PostgreSQL, in `text` and `jsonb`) stores the rest of the value
    /// rather than refuse the row (and stop every later run at it).
    fn take_replaced(&mut self) -> u64 {
        0
    }
}

/// `sql` with `?`, `?j` and `?t` placeholders in the dialect's form.
pub fn render(sql: &str, dialect: Dialect) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut n = 0;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '?' {
            out.push(c);
            continue;
        }
        n += 1;
        let kind = match chars.peek() {
            Some('j') | Some('t') => chars.next(),
            _ => None,
        };
        match (dialect, kind) {
            (Dialect::Sqlite, _) => out.push('?'),
            // Bound as text, then cast: the client sends every JSON and time as text.
            (Dialect::Postgres, Some('j')) => out.push_str(&format!("${n}::text::jsonb")),
            (Dialect::Postgres, Some('t')) => out.push_str(&format!("${n}::text::timestamptz")),
            (Dialect::Postgres, _) => out.push_str(&format!("${n}")),
        }
    }
    out
}

/// A column's type in the schema, rendered per dialect by [`ddl`].
pub fn ddl(template: &str, dialect: Dialect) -> String {
    let pairs: &[(&str, &str, &str)] = &[
        ("{json}", "TEXT", "jsonb"),
        ("{ts}", "TEXT", "timestamptz"),
        ("{bool}", "INTEGER", "boolean"),
        ("{real}", "REAL", "double precision"),
        ("{int}", "INTEGER", "bigint"),
        (
            "{serial}",
            "INTEGER PRIMARY KEY AUTOINCREMENT",
            "bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
        ),
    ];
    let mut s = template.to_string();
    for (k, lite, pg) in pairs {
        s = s.replace(
            k,
            match dialect {
                Dialect::Sqlite => lite,
                Dialect::Postgres => pg,
            },
        );
    }
    s
}

/// Run `f` in a write transaction: committed when it returns `Ok`, rolled back otherwise.
pub fn in_tx<T>(
    db: &mut dyn Backend,
    f: impl FnOnce(&mut dyn Backend) -> Result<T, Error>,
) -> Result<T, Error> {
    db.begin()?;
    match f(db) {
        Ok(v) => {
            db.batch("COMMIT")?;
            Ok(v)
        }
        Err(e) => {
            // The first error is the one worth telling; a failed rollback leaves the
            // transaction to the database (closed with the connection).
            let _ = db.batch("ROLLBACK");
            Err(e)
        }
    }
}

/// Run a statement written with `?` placeholders.
pub fn exec(db: &mut dyn Backend, sql: &str, params: &[Val]) -> Result<u64, Error> {
    let sql = render(sql, db.dialect());
    db.execute(&sql, params)
}

/// Run a query written with `?` placeholders.
pub fn query(db: &mut dyn Backend, sql: &str, params: &[Val]) -> Result<Vec<Vec<Val>>, Error> {
    let sql = render(sql, db.dialect());
    db.query(&sql, params)
}

/// What [`each`] gives each row to.
pub type RowFn<'a> = dyn FnMut(&[Val]) -> Result<(), Error> + 'a;

/// [`Backend::each`] of `sql` written with `?` placeholders.
pub fn each(
    db: &mut dyn Backend,
    sql: &str,
    params: &[Val],
    f: &mut RowFn<'_>,
) -> Result<(), Error> {
    let sql = render(sql, db.dialect());
    db.each(&sql, params, f)
}

/// Insert `rows` into `table` in as few statements as the parameter limit allows. `cols`
/// names each column with its placeholder (`"data ?j"`, `"code ?"`); `tail` is added to
/// each statement (`ON CONFLICT ...`).
pub fn insert_rows(
    db: &mut dyn Backend,
    table: &str,
    cols: &[impl AsRef<str>],
    rows: &[Vec<Val>],
    tail: &str,
) -> Result<u64, Error> {
    if rows.is_empty() {
        return Ok(0);
    }
    let names: Vec<&str> = cols
        .iter()
        .map(|c| c.as_ref().split_whitespace().next().unwrap_or(c.as_ref()))
        .collect();
    let marks: Vec<&str> = cols
        .iter()
        .map(|c| c.as_ref().split_whitespace().nth(1).unwrap_or("?"))
        .collect();
    let tuple = format!("({})", marks.join(", "));
    let per_stmt = (db.max_params() / cols.len()).clamp(1, 500);
    let mut changed = 0;
    for chunk in rows.chunks(per_stmt) {
        let values = vec![tuple.as_str(); chunk.len()].join(", ");
        let sql = format!(
            "INSERT INTO {table} ({}) VALUES {values} {tail}",
            names.join(", ")
        );
        let params: Vec<Val> = chunk.iter().flat_map(|r| r.iter().cloned()).collect();
        changed += exec(db, &sql, &params)?;
    }
    Ok(changed)
}

/// `?, ?, ?` for an `IN (...)` of `n` values.
pub fn marks(n: usize) -> String {
    vec!["?"; n].join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_per_dialect() {
        let sql = "UPDATE t SET data = ?j, at = ?t WHERE code = ? AND n = ?";
        assert_eq!(
            render(sql, Dialect::Sqlite),
            "UPDATE t SET data = ?, at = ? WHERE code = ? AND n = ?"
        );
        assert_eq!(
            render(sql, Dialect::Postgres),
            "UPDATE t SET data = $1::text::jsonb, at = $2::text::timestamptz WHERE code = $3 AND n = $4"
        );
        assert_eq!(
            ddl("a {json}, b {ts}", Dialect::Postgres),
            "a jsonb, b timestamptz"
        );
        assert_eq!(ddl("a {json}, b {ts}", Dialect::Sqlite), "a TEXT, b TEXT");
    }
}
