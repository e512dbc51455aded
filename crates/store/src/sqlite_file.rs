//! Every SQLite file recruit keeps (the sync's mirror, the relay's event store) is opened
//! here, with the settings of who opens it, and carries its schema version the same way.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

/// Who opens an SQLite file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `sync` and its purge and status. A run waits for a BI tool's read rather than fail.
    Mirror,
    /// A running listener's connections (its writer, its lanes, `/healthz`): it answers the
    /// service, which gives up on a delivery after 10 s.
    Listener,
    /// The `events` commands and an erasure, beside a running listener or not.
    Events,
}

impl Role {
    /// How long a statement waits for a lock another connection holds before it fails.
    pub fn busy_timeout(self) -> Duration {
        match self {
            // A purge checkpoints the WAL, which waits for readers in the middle of a query
            // (a BI tool's long one): worth half a minute before saying so.
            Role::Mirror => Duration::from_secs(30),
            // The service waits 10 s for an answer, then counts the delivery failed (and
            // retries it later). A listener whose store stays locked must answer 503 within
            // that, with time left for the commit's own fsync: half of it.
            Role::Listener => Duration::from_secs(5),
            // A person or a script waits; the listener's commits that hold the lock are short.
            Role::Events => Duration::from_secs(10),
        }
    }

    /// `PRAGMA synchronous` once the file is written (WAL mode).
    fn synchronous(self) -> &'static str {
        match self {
            // A commit survives the process being killed; only a power cut may lose the last
            // ones (the next sync fetches them again), never consistency.
            Role::Mirror => "NORMAL",
            // Committed means on disk: the listener's 200 promises the service the event is
            // kept, a power cut included.
            Role::Listener | Role::Events => "FULL",
        }
    }
}

/// Open the existing file at `path` (created beforehand by
/// [`recruit_core::files::create_private`] where it may be new) for `role`: its busy
/// timeout, and secure deletion: a row deleted or rewritten is overwritten with zeros, so no
/// old personal value stays in free pages or in the unused space of a page. Both are
/// settings of the connection: nothing is written to the file.
pub fn open(path: &Path, role: Role) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(role.busy_timeout())?;
    conn.pragma_update(None, "secure_delete", "ON")?;
    Ok(conn)
}

/// The settings for writing, once the file is known to be ours (or new): a file that is
/// not recruit's is never changed, and `journal_mode` is written into the file. WAL: readers
/// (a BI tool, `events list`, the lanes) beside the writer, neither blocking the other.
pub fn prepare_for_writes(conn: &Connection, role: Role) -> rusqlite::Result<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", role.synchronous())?;
    if role == Role::Mirror {
        conn.pragma_update(None, "foreign_keys", "ON")?;
    }
    Ok(())
}

/// Leave no readable copy of deleted or rewritten values in the file or its WAL. With
/// `vacuum`, rebuild the file: copies written before secure_delete was on (by an older
/// recruit, or another program) may still sit in free pages or unused page space. Then fold
/// the WAL, which keeps the old pages, into the file and truncate it. A reader in the middle
/// of a query holds the WAL past the busy timeout: that is `busy` (retryable: the
/// same run finishes it once the reader is done); `fail` words SQLite's errors.
pub fn scrub(
    conn: &Connection,
    vacuum: bool,
    busy: recruit_core::Msg,
    fail: impl Fn(rusqlite::Error) -> crate::error::Error,
) -> Result<(), crate::error::Error> {
    if vacuum {
        conn.pragma_update(None, "secure_delete", "ON")
            .and_then(|()| conn.execute_batch("VACUUM"))
            .map_err(&fail)?;
    }
    let held: i64 = conn
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))
        .map_err(&fail)?;
    match held {
        0 => Ok(()),
        _ => Err(crate::error::Error::new(crate::ExitKind::Busy, busy)),
    }
}

/// The one schema-version scheme of recruit's databases (SQLite and PostgreSQL): a table
/// `recruit_meta (key, value)` (declared as [`crate::mirror::tables::META`]) with the
/// version under `schema_version` and what the database is under `kind`, so that neither
/// is taken for the other.
pub mod meta {
    pub const TABLE: &str = "recruit_meta";
    pub const VERSION: &str = "schema_version";
    pub const KIND: &str = "kind";

    /// `kind` of the sync's mirror (a mirror made before `kind` was written has none).
    pub const MIRROR: &str = "mirror";
    /// `kind` of the relay's event store.
    pub const EVENT_STORE: &str = "event-store";
}

/// A value of `recruit_meta` in an SQLite file; `None` where the table or the key is missing.
pub fn meta_get(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    if !has_table(conn, meta::TABLE)? {
        return Ok(None);
    }
    conn.query_row(
        "SELECT value FROM recruit_meta WHERE key = ?1",
        [key],
        |r| r.get(0),
    )
    .optional()
    .map(Option::flatten)
}

pub fn has_table(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
        [name],
        |r| r.get::<_, i64>(0),
    )
    .map(|n| n > 0)
}
