//! The durable event store behind `recruit webhooks listen --store` and `webhooks events`:
//! one SQLite file (bundled SQLite, WAL mode, full sync), so an event the listener answered
//! 200 for survives `kill -9` and a power cut, and readers (`events list`) never block the
//! listener.
//!
//! A file that is not SQLite, is SQLite but not an event store, or was written by a newer
//! recruit is refused by name and never touched. Only one listener serves a store at a time
//! (an advisory lock on `FILE.lock`); the `events` commands read and write it beside it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use serde_json::{json, Value};

use crate::error::Error;

/// `PRAGMA user_version` of the stores this recruit writes.
pub const VERSION: i64 = 1;

/// Default file name in the data directory.
pub const DEFAULT_FILE: &str = "events.db";

/// Where an event is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Status {
    /// Stored, not yet delivered to the app (or no forward target yet).
    Pending,
    /// The app answered 2xx.
    Delivered,
    /// Given up after --max-age.
    Failed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Delivered => "delivered",
            Status::Failed => "failed",
        }
    }
}

/// One stored event.
#[derive(Debug, Clone)]
pub struct Event {
    pub id: i64,
    pub action: Option<String>,
    /// RFC 3339, UTC, milliseconds.
    pub received_at: String,
    pub received_unix: f64,
    pub status: String,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub payload: Vec<u8>,
    /// The forward target of the last attempt.
    pub target: Option<String>,
    pub content_type: Option<String>,
    /// The signature header as received: (name, value).
    pub signature: Option<(String, String)>,
    /// Unix time before which no new attempt is made.
    pub next_attempt_unix: Option<f64>,
    pub delivered_at: Option<String>,
}

impl Event {
    /// The record of `webhooks events list -o json`: the payload as JSON when it is JSON,
    /// else as text.
    pub fn record(&self) -> Value {
        let payload = serde_json::from_slice::<Value>(&self.payload)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&self.payload).into()));
        json!({
            "id": self.id,
            "action": self.action,
            "received_at": self.received_at,
            "status": self.status,
            "attempts": self.attempts,
            "last_error": self.last_error,
            "payload": payload,
        })
    }
}

/// What `events list` asks for.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub status: Option<Status>,
    pub action: Option<String>,
    /// Received at or after this Unix time.
    pub since_unix: Option<f64>,
}

pub struct Store {
    conn: Mutex<Connection>,
    pub path: PathBuf,
}

/// The listener's hold on a store; released on drop (or when the process dies).
pub struct ListenerLock {
    _file: File,
}

const COLUMNS: &str = "id, action, received_at, received_unix, status, attempts, last_error, \
     payload, target, content_type, signature_name, signature_value, next_attempt_unix, delivered_at";

impl Store {
    /// Open `path`; `create` makes a new store when the file does not exist (the listener),
    /// otherwise a missing file is an error naming it (the `events` commands).
    pub fn open(path: &Path, create: bool) -> Result<Store, Error> {
        let shown = path.display();
        if !path.exists() && !create {
            return Err(Error::usage(format!(
                "no event store at {shown}; `recruit webhooks listen --store` creates it (or pass --store FILE)"
            )));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if create {
                std::fs::create_dir_all(dir).map_err(|e| {
                    Error::usage(format!(
                        "cannot create the directory {}: {e}",
                        dir.display()
                    ))
                })?;
            }
        }
        if create && !path.exists() {
            // Events are personal data: the file is the owner's alone from its first byte, and
            // SQLite gives its -wal and -shm files the same permissions.
            if let Err(e) = crate::export::private_file()
                .write(true)
                .create_new(true)
                .open(path)
            {
                if e.kind() != std::io::ErrorKind::AlreadyExists {
                    return Err(Error::usage(format!(
                        "cannot create the event store {shown}: {e}"
                    )));
                }
            }
        }
        let existed = path.exists()
            && std::fs::metadata(path)
                .map(|m| m.len() > 0)
                .unwrap_or(false);
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)
            .map_err(|e| Error::usage(format!("cannot open the event store {shown}: {e}")))?;
        // Readers (events list) and the listener work at once; a busy writer waits, not fails.
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(|e| store_error(path, e))?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| not_a_store(path, e))?;
        if version > VERSION {
            return Err(Error::usage(format!(
                "{shown} was written by a newer recruit (event store version {version}; this one reads {VERSION}); use that version or another --store FILE"
            )));
        }
        let has_events: bool = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map_err(|e| not_a_store(path, e))?
            > 0;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(|e| not_a_store(path, e))?;
        if version == 0 && (has_events || tables > 0 || existed && !create) {
            return Err(Error::usage(format!(
                "{shown} is an SQLite database but not a recruit event store; pass another --store FILE"
            )));
        }
        if version == VERSION && !has_events {
            return Err(Error::usage(format!(
                "{shown} is damaged (its events table is missing); move it away or pass another --store FILE"
            )));
        }
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| store_error(path, e))?;
        // Committed means on disk: the 200 to the service promises the event is kept.
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(|e| store_error(path, e))?;
        if version == 0 {
            conn.execute_batch(
                "BEGIN;
                 CREATE TABLE events (
                     id INTEGER PRIMARY KEY AUTOINCREMENT,
                     action TEXT,
                     received_at TEXT NOT NULL,
                     received_unix REAL NOT NULL,
                     status TEXT NOT NULL DEFAULT 'pending',
                     attempts INTEGER NOT NULL DEFAULT 0,
                     last_error TEXT,
                     payload BLOB NOT NULL,
                     target TEXT,
                     content_type TEXT,
                     signature_name TEXT,
                     signature_value TEXT,
                     next_attempt_unix REAL,
                     delivered_at TEXT
                 );
                 CREATE INDEX events_status ON events (status, id);
                 PRAGMA user_version = 1;
                 COMMIT;",
            )
            .map_err(|e| store_error(path, e))?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
        })
    }

    /// The default store: `events.db` in the data directory.
    pub fn default_path() -> PathBuf {
        crate::config::data_dir().join(DEFAULT_FILE)
    }

    /// Take the one-listener lock of the store at `path`.
    pub fn lock_for_listener(path: &Path) -> Result<ListenerLock, Error> {
        use fs4::fs_std::FileExt;
        let lock_path = lock_path(path);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| {
                Error::usage(format!(
                    "cannot open the lock file {}: {e}",
                    lock_path.display()
                ))
            })?;
        match FileExt::try_lock_exclusive(&file) {
            Ok(true) => Ok(ListenerLock { _file: file }),
            Ok(false) | Err(_) => Err(Error::usage(format!(
                "another `recruit webhooks listen` is using the event store {}; stop it first or pass another --store FILE",
                path.display()
            ))),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, Error> {
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        f(&conn).map_err(|e| store_error(&self.path, e))
    }

    /// Commit one received event (pending); its id.
    pub fn insert(
        &self,
        action: Option<&str>,
        payload: &[u8],
        content_type: Option<&str>,
        signature: Option<(&str, &str)>,
    ) -> Result<i64, Error> {
        let now = chrono::Utc::now();
        let at = now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let unix = now.timestamp_millis() as f64 / 1000.0;
        self.with(|c| {
            c.execute(
                "INSERT INTO events (action, received_at, received_unix, payload, content_type, signature_name, signature_value)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    action,
                    at,
                    unix,
                    payload,
                    content_type,
                    signature.map(|s| s.0),
                    signature.map(|s| s.1)
                ],
            )?;
            Ok(c.last_insert_rowid())
        })
    }

    /// Pending events, oldest first, at most `limit`.
    pub fn pending(&self, limit: usize) -> Result<Vec<Event>, Error> {
        self.query(
            &format!("SELECT {COLUMNS} FROM events WHERE status = 'pending' ORDER BY id LIMIT ?1"),
            params![limit as i64],
        )
    }

    pub fn get(&self, id: i64) -> Result<Option<Event>, Error> {
        self.with(|c| {
            c.query_row(
                &format!("SELECT {COLUMNS} FROM events WHERE id = ?1"),
                params![id],
                row_event,
            )
            .optional()
        })
    }

    /// Events matching `filter`, oldest first.
    pub fn list(&self, filter: &Filter) -> Result<Vec<Event>, Error> {
        self.query(
            &format!(
                "SELECT {COLUMNS} FROM events
                 WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR action = ?2)
                   AND (?3 IS NULL OR received_unix >= ?3)
                 ORDER BY id"
            ),
            params![
                filter.status.map(Status::as_str),
                filter.action,
                filter.since_unix
            ],
        )
    }

    fn query(&self, sql: &str, p: impl rusqlite::Params) -> Result<Vec<Event>, Error> {
        self.with(|c| {
            let mut stmt = c.prepare(sql)?;
            let rows = stmt.query_map(p, row_event)?;
            rows.collect()
        })
    }

    pub fn mark_delivered(&self, id: i64, target: &str) -> Result<(), Error> {
        let at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        self.with(|c| {
            c.execute(
                "UPDATE events SET status = 'delivered', attempts = attempts + 1, target = ?2,
                 last_error = NULL, next_attempt_unix = NULL, delivered_at = ?3 WHERE id = ?1",
                params![id, target, at],
            )
            .map(|_| ())
        })
    }

    /// A failed attempt: retried after `next_unix`, or `failed` for good.
    pub fn mark_attempt_failed(
        &self,
        id: i64,
        target: &str,
        error: &str,
        next_unix: Option<f64>,
    ) -> Result<(), Error> {
        let status = if next_unix.is_some() {
            "pending"
        } else {
            "failed"
        };
        self.with(|c| {
            c.execute(
                "UPDATE events SET status = ?2, attempts = attempts + 1, target = ?3,
                 last_error = ?4, next_attempt_unix = ?5 WHERE id = ?1",
                params![id, status, target, error, next_unix],
            )
            .map(|_| ())
        })
    }

    /// Delete the events received before `before_unix`; how many.
    pub fn prune(&self, before_unix: f64) -> Result<usize, Error> {
        self.with(|c| {
            c.execute(
                "DELETE FROM events WHERE received_unix < ?1",
                params![before_unix],
            )
        })
    }
}

fn row_event(r: &rusqlite::Row<'_>) -> rusqlite::Result<Event> {
    let name: Option<String> = r.get(10)?;
    let value: Option<String> = r.get(11)?;
    Ok(Event {
        id: r.get(0)?,
        action: r.get(1)?,
        received_at: r.get(2)?,
        received_unix: r.get(3)?,
        status: r.get(4)?,
        attempts: r.get(5)?,
        last_error: r.get(6)?,
        payload: r.get(7)?,
        target: r.get(8)?,
        content_type: r.get(9)?,
        signature: name.zip(value),
        next_attempt_unix: r.get(12)?,
        delivered_at: r.get(13)?,
    })
}

fn lock_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".lock");
    PathBuf::from(s)
}

fn not_a_store(path: &Path, e: rusqlite::Error) -> Error {
    if let rusqlite::Error::SqliteFailure(f, _) = &e {
        if f.code == rusqlite::ErrorCode::NotADatabase {
            return Error::usage(format!(
                "{} is not an event store (not an SQLite database); it was left as it is: pass another --store FILE",
                path.display()
            ));
        }
    }
    store_error(path, e)
}

fn store_error(path: &Path, e: rusqlite::Error) -> Error {
    if let rusqlite::Error::SqliteFailure(f, _) = &e {
        match f.code {
            rusqlite::ErrorCode::NotADatabase => {
                return Error::usage(format!(
                    "{} is not an event store (not an SQLite database); pass another --store FILE",
                    path.display()
                ))
            }
            rusqlite::ErrorCode::DiskFull => {
                return Error::other(format!(
                    "the disk holding the event store {} is full",
                    path.display()
                ))
            }
            _ => {}
        }
    }
    Error::other(format!("event store {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_round_trip_in_order_with_their_outcomes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let s = Store::open(&path, true).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the store is the owner's alone");
        }
        let a = s
            .insert(
                Some("candidate_pass"),
                br#"{"a":1}"#,
                Some("application/json"),
                Some(("sig", "t=1,v1=x")),
            )
            .unwrap();
        let b = s.insert(None, b"not json", None, None).unwrap();
        assert!(b > a);
        assert_eq!(
            s.pending(10)
                .unwrap()
                .iter()
                .map(|e| e.id)
                .collect::<Vec<_>>(),
            [a, b]
        );
        s.mark_attempt_failed(a, "http://x/", "connection refused", Some(1.0))
            .unwrap();
        s.mark_delivered(a, "http://x/").unwrap();
        s.mark_attempt_failed(b, "http://x/", "HTTP 500", None)
            .unwrap();
        let e = s.get(a).unwrap().unwrap();
        assert_eq!((e.status.as_str(), e.attempts), ("delivered", 2));
        assert_eq!(e.signature, Some(("sig".into(), "t=1,v1=x".into())));
        assert_eq!(e.record()["payload"], json!({"a": 1}));
        let f = s.get(b).unwrap().unwrap();
        assert_eq!(
            (f.status.as_str(), f.last_error.as_deref()),
            ("failed", Some("HTTP 500"))
        );
        assert_eq!(f.record()["payload"], json!("not json"));
        let only_failed = s
            .list(&Filter {
                status: Some(Status::Failed),
                ..Filter::default()
            })
            .unwrap();
        assert_eq!(only_failed.len(), 1);
        drop(s);
        // Reopened: everything is still there.
        let s = Store::open(&path, false).unwrap();
        assert_eq!(s.list(&Filter::default()).unwrap().len(), 2);
        assert_eq!(s.prune(f64::MAX).unwrap(), 2);
    }

    #[test]
    fn foreign_files_are_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk.db");
        std::fs::write(&junk, b"these are my notes, not a database at all").unwrap();
        let e = Store::open(&junk, true).err().unwrap();
        assert!(e.message.contains("not an event store"), "{}", e.message);
        assert_eq!(
            std::fs::read(&junk).unwrap(),
            b"these are my notes, not a database at all"
        );

        // SQLite databases that are not ours, or are a later version of ours.
        for (name, sql, says) in [
            (
                "newer.db",
                "CREATE TABLE events (id INTEGER); PRAGMA user_version = 7;",
                "newer recruit",
            ),
            (
                "other.db",
                "CREATE TABLE recipes (name TEXT);",
                "not a recruit event store",
            ),
        ] {
            let path = dir.path().join(name);
            Connection::open(&path).unwrap().execute_batch(sql).unwrap();
            let e = Store::open(&path, true).err().unwrap();
            assert!(e.message.contains(says), "{name}: {}", e.message);
        }

        let missing = dir.path().join("missing.db");
        let e = Store::open(&missing, false).err().unwrap();
        assert!(e.message.contains("no event store at"), "{}", e.message);
        assert!(!missing.exists());
    }

    #[test]
    fn one_listener_per_store() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let first = Store::lock_for_listener(&path).unwrap();
        let e = Store::lock_for_listener(&path).err().unwrap();
        assert!(
            e.message.contains("another `recruit webhooks listen`"),
            "{}",
            e.message
        );
        drop(first);
        Store::lock_for_listener(&path).unwrap();
    }
}
