//! The durable event store behind `recruit webhooks listen --store` and `webhooks events`:
//! one SQLite file (bundled SQLite, WAL mode, full sync), so an event the listener answered
//! 200 for survives `kill -9` and a power cut, and readers (`events list`, the relay's lanes)
//! never block the writer.
//!
//! A file that is not SQLite, is SQLite but not an event store, was written by a newer
//! recruit, or fails SQLite's integrity check is refused by name and never touched. One
//! listener serves a store at a time: it holds an advisory lock on the database file itself,
//! so a second path to the same file (a symlink, a hard link) is refused too. The `events`
//! commands read and write it beside a running listener.
//!
//! Writes of a running listener go through [`writer::Writer`] (one connection, grouped
//! commits); lanes read with connections of their own ([`Reader`]).

pub mod erase;
#[cfg(feature = "postgres")]
pub mod pg;
pub mod reconcile;
pub mod writer;

pub use erase::ErasedEvents;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};

use crate::error::Error;
use crate::sqlite_file::Role;
use recruit_core::clock::SharedClock;
use recruit_core::msg::Arg;

/// The schema of the stores this recruit writes. 1: the first; 2: an index per lane (status,
/// target, id), so a lane finds its next event without reading anyone else's; 3: the version
/// kept in `recruit_meta` as the mirror keeps its own ([`crate::sqlite_file::meta`]), where
/// 1 and 2 were `PRAGMA user_version` (read once, to migrate such a store).
pub const VERSION: i64 = 3;

/// `PRAGMA user_version` a store keeps from version 3 on, never read again: a recruit of the
/// older scheme finds a store newer than its own and refuses it by name.
const LAST_USER_VERSION: i64 = 3;

/// Default file name in the data directory.
pub const DEFAULT_FILE: &str = "events.db";

named! {
    /// Where an event is in its life.
    pub enum Status {
        /// Stored, not yet delivered to the app (or no forward target yet).
        Pending = "pending",
        /// The app answered 2xx.
        Delivered = "delivered",
        /// Given up: refused for good by the app (a 4xx), or older than --max-age.
        Failed = "failed",
    }
}

impl rusqlite::types::FromSql for Status {
    fn column_result(v: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        let s = v.as_str()?;
        Status::parse(s).ok_or_else(|| rusqlite::types::FromSqlError::Other(s.into()))
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
    pub status: Status,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub payload: Vec<u8>,
    /// The app this event is forwarded to: set when it is stored (from the listener's routes)
    /// and again when a listener with other routes starts.
    pub target: Option<String>,
    pub content_type: Option<String>,
    /// The signature header as received: (name, value).
    pub signature: Option<(String, String)>,
    pub delivered_at: Option<String>,
}

impl Event {
    /// The target's one shown name (`slack+hooks.slack.com#3fa9c1`): its address may be a
    /// secret (a chat channel's, a token in a query).
    pub fn target_name(&self) -> Option<String> {
        self.target
            .as_deref()
            .map(recruit_core::redact::target_name)
    }

    /// The last error with any address in it shown by its name: a row stored by an earlier
    /// version may hold the library's "error sending request for url (...)".
    pub fn last_error_shown(&self) -> Option<String> {
        self.last_error
            .as_deref()
            .map(|e| recruit_core::redact::hide_addresses(e).into_owned())
    }

    /// The record of `webhooks events list -o json`: the payload as JSON when it is JSON,
    /// else as text.
    pub fn record(&self) -> Value {
        let payload = serde_json::from_slice::<Value>(&self.payload)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&self.payload).into()));
        json!({
            "id": self.id,
            "action": self.action,
            "received_at": self.received_at,
            "status": self.status.as_str(),
            "attempts": self.attempts,
            "target": self.target_name(),
            "last_error": self.last_error_shown(),
            "payload": payload,
            "synthesized": recruit_core::payload::is_synthesized(&self.payload),
        })
    }
}

/// An event as the listener received it, before it has an id.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub action: Option<String>,
    pub payload: bytes::Bytes,
    pub content_type: Option<String>,
    pub signature: Option<(String, String)>,
    pub target: Option<String>,
}

/// What `events list` asks for.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub status: Option<Status>,
    pub action: Option<String>,
    pub target: Option<String>,
    /// Received at or after this Unix time.
    pub since_unix: Option<f64>,
}

/// Events of one target in one state: `events list`'s summary and the relay's metrics.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetCount {
    pub target: Option<String>,
    pub status: Status,
    pub count: u64,
    /// Unix time the oldest of them was received.
    pub oldest_unix: f64,
}

/// What `events prune` deletes: events received before `before_unix`, delivered or failed;
/// pending ones only when asked.
#[derive(Debug, Clone, Copy)]
pub struct Prune {
    pub before_unix: f64,
    pub include_pending: bool,
}

/// How many events of each state a prune deleted (or would delete).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruned {
    pub delivered: u64,
    pub failed: u64,
    pub pending: u64,
}

impl Pruned {
    pub fn total(&self) -> u64 {
        self.delivered + self.failed + self.pending
    }
}

pub struct EventStore {
    conn: Mutex<Connection>,
    pub path: PathBuf,
    /// What "now" is for the events it records (the listener's clock).
    pub clock: SharedClock,
}

/// The listener's hold on a store: an advisory lock on the database file itself, released
/// on drop or when the process dies.
pub struct ListenerLock {
    _file: File,
}

/// The columns an [`Event`] is read from, in the order [`event_from_row`] reads them (the
/// same in both databases).
const COLUMNS: &str = "id, action, received_at, received_unix, status, attempts, last_error, \
     payload, target, content_type, signature_name, signature_value, next_attempt_unix, delivered_at";

/// How a store is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Open {
    /// The `events` commands: the file must exist.
    Existing,
    /// The listener: created (with its directory) when missing, and checked page by page.
    Listener,
}

impl EventStore {
    /// Open the store at `path`.
    pub fn open(path: &Path, how: Open) -> Result<EventStore, Error> {
        let conn = connect(path, how)?;
        Ok(EventStore {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
            clock: recruit_core::clock::system(),
        })
    }

    /// The same store, recording times read from `clock`.
    pub fn with_clock(self, clock: SharedClock) -> EventStore {
        EventStore { clock, ..self }
    }

    /// Open `path` for a listener: create it (and its directory, 0700) when missing, take the
    /// one-listener lock, check every page, bring the schema up to date.
    pub fn open_for_listener(path: &Path) -> Result<(EventStore, ListenerLock), Error> {
        recruit_core::files::create_private(path, &crate::msg!("what-event-store"))?;
        let lock = lock_for_listener(path)?;
        let store = EventStore::open(path, Open::Listener)?;
        Ok((store, lock))
    }

    /// The default store: `events.db` in the data directory.
    pub fn default_path() -> PathBuf {
        recruit_core::files::data_dir().join(DEFAULT_FILE)
    }

    /// A connection of its own for reading beside the writer (a lane, the metrics).
    pub fn reader(&self) -> Result<Reader, Error> {
        Reader::open(&self.path)
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, Error> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut conn).map_err(|e| store_error(&self.path, e))
    }

    /// Commit one received event (pending) on its own; its id. The listener groups its
    /// inserts through the writer instead; this is for tests.
    pub fn insert(&self, ev: &NewEvent) -> Result<i64, Error> {
        self.with(|c| insert(c, ev, self.clock.utc()))
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
        self.with(|c| {
            let mut stmt = c.prepare(&format!(
                "SELECT {COLUMNS} FROM events
                 WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR action = ?2)
                   AND (?3 IS NULL OR received_unix >= ?3) AND (?4 IS NULL OR target = ?4)
                 ORDER BY id"
            ))?;
            let rows = stmt.query_map(
                params![
                    filter.status.map(Status::as_str),
                    filter.action,
                    filter.since_unix,
                    filter.target
                ],
                row_event,
            )?;
            rows.collect()
        })
    }

    /// Events per target and state.
    pub fn counts(&self) -> Result<Vec<TargetCount>, Error> {
        self.with(|c| counts(c, None))
    }

    /// Route the pending events as a listener with these routes would: an event of an action
    /// in `routes` goes to its URL, any other to `default` (none: it waits for a listener that
    /// has one). An action may have several routes (one row per route): a row already bound
    /// for one of its action's routes stays, any other goes to the action's first route.
    /// Returns how many events changed target.
    pub fn reroute(
        &self,
        routes: &[(String, String)],
        default: Option<&str>,
    ) -> Result<usize, Error> {
        let mut values: Vec<&str> = Vec::new();
        let mut whens = String::new();
        let mut kept = String::new();
        for (i, (action, url)) in routes.iter().enumerate() {
            values.push(action);
            values.push(url);
            let (a, u) = (values.len() - 1, values.len());
            kept.push_str(&format!(" OR (action IS ?{a} AND target IS ?{u})"));
            // The first route of an action is where others of its rows go.
            if routes[..i].iter().all(|(earlier, _)| earlier != action) {
                whens.push_str(&format!(" WHEN action = ?{a} THEN ?{u}"));
            }
        }
        values.push(default.unwrap_or(""));
        let fallback = format!("NULLIF(?{}, '')", values.len());
        let case = if whens.is_empty() {
            fallback
        } else {
            format!("CASE{whens} ELSE {fallback} END")
        };
        self.with(|c| {
            c.execute(
                &format!(
                    "UPDATE events SET target = {case}
                     WHERE status = 'pending' AND target IS NOT ({case}) AND NOT (0{kept})"
                ),
                rusqlite::params_from_iter(values.iter()),
            )
        })
    }

    /// Count (and, unless `dry`, delete) what `rule` selects, in one transaction.
    pub fn prune(&self, rule: Prune, dry: bool) -> Result<Pruned, Error> {
        self.with(|c| {
            // The write lock from the start: a read snapshot can't be upgraded once the
            // listener has committed since (SQLite would answer "locked" at once).
            let behavior = if dry {
                rusqlite::TransactionBehavior::Deferred
            } else {
                rusqlite::TransactionBehavior::Immediate
            };
            let tx = c.transaction_with_behavior(behavior)?;
            let mut n = Pruned::default();
            {
                let mut stmt = tx.prepare(
                    "SELECT status, count(*) FROM events
                     WHERE received_unix < ?1 AND (status != 'pending' OR ?2)
                     GROUP BY status",
                )?;
                let rows = stmt
                    .query_map(params![rule.before_unix, rule.include_pending], |r| {
                        Ok((r.get::<_, Status>(0)?, r.get::<_, i64>(1)?))
                    })?;
                for row in rows {
                    let (status, count) = row?;
                    let count = count.max(0) as u64;
                    match status {
                        Status::Pending => n.pending = count,
                        Status::Delivered => n.delivered = count,
                        Status::Failed => n.failed = count,
                    }
                }
            }
            if !dry {
                tx.execute(
                    "DELETE FROM events WHERE received_unix < ?1 AND (status != 'pending' OR ?2)",
                    params![rule.before_unix, rule.include_pending],
                )?;
            }
            tx.commit()?;
            Ok(n)
        })
    }
}

pub use crate::mirror::Target;

/// `--store` as given: a `postgres://` address, a file, or (none, or empty) `events.db` in
/// the data directory. An address is never taken for a file name.
pub fn target(given: Option<&str>) -> Target {
    match given {
        Some(s) if !s.is_empty() => Target::parse(Some(s)),
        _ => Target::Sqlite(EventStore::default_path()),
    }
}

/// The relay's store as the listener and the `events` commands use it: a file that one
/// listener holds, or a PostgreSQL database any number of listeners share (their lanes
/// leased, see [`pg`]). The relay's logic is written once over it.
pub enum Store {
    Sqlite {
        store: EventStore,
        /// A listener's hold on the file.
        lock: Option<ListenerLock>,
    },
    #[cfg(feature = "postgres")]
    Postgres { store: pg::PgStore },
}

/// The same call on either store.
macro_rules! on_store {
    ($self:expr, $s:ident => $e:expr) => {
        match $self {
            Store::Sqlite { store: $s, .. } => $e,
            #[cfg(feature = "postgres")]
            Store::Postgres { store: $s, .. } => $e,
        }
    };
}

impl Store {
    /// Open the store at `target`: a listener creates it when missing (and holds a file);
    /// the `events` commands need it to exist.
    pub fn open(
        target: &Target,
        how: Open,
        net: &recruit_core::tls::NetSettings,
    ) -> Result<Store, Error> {
        match target {
            Target::Sqlite(p) if how == Open::Listener => {
                let (store, lock) = EventStore::open_for_listener(p)?;
                Ok(Store::Sqlite {
                    store,
                    lock: Some(lock),
                })
            }
            Target::Sqlite(p) => Ok(Store::Sqlite {
                store: EventStore::open(p, how)?,
                lock: None,
            }),
            #[cfg(feature = "postgres")]
            Target::Postgres(u) => Ok(Store::Postgres {
                store: pg::PgStore::open(u, how, net)?,
            }),
            #[cfg(not(feature = "postgres"))]
            Target::Postgres(u) => {
                let _ = net;
                Err(Error::usage(crate::msg!(
                    "store-no-postgres-in-build",
                    store = crate::mirror::redact_url(u)
                )))
            }
        }
    }

    /// Open the store at `target` for an erasure: `None` where there is none (a file that
    /// does not exist, a database without the relay's tables).
    pub fn open_if_there(
        target: &Target,
        net: &recruit_core::tls::NetSettings,
    ) -> Result<Option<Store>, Error> {
        match target {
            Target::Sqlite(p) if !p.exists() => Ok(None),
            #[cfg(feature = "postgres")]
            Target::Postgres(u) => {
                Ok(pg::PgStore::open_if_there(u, net)?.map(|store| Store::Postgres { store }))
            }
            _ => Store::open(target, Open::Existing, net).map(Some),
        }
    }

    /// Erase the candidates `codes` from every stored event (see [`EventStore::erase`]).
    pub fn erase(&self, codes: &[String]) -> Result<ErasedEvents, Error> {
        on_store!(self, s => s.erase(codes))
    }

    /// The same store, recording times read from `clock`.
    pub fn with_clock(self, clock: SharedClock) -> Store {
        match self {
            Store::Sqlite { store, lock } => Store::Sqlite {
                store: store.with_clock(clock),
                lock,
            },
            #[cfg(feature = "postgres")]
            Store::Postgres { store } => {
                let _ = clock;
                Store::Postgres { store }
            }
        }
    }

    /// Whether several listeners share it (their lanes are leased).
    pub fn shared(&self) -> bool {
        !matches!(self, Store::Sqlite { .. })
    }

    /// What the store is, for messages: the file, or the database by host, port, name and
    /// user (never the password).
    pub fn shown(&self) -> String {
        match self {
            Store::Sqlite { store, .. } => store.path.display().to_string(),
            #[cfg(feature = "postgres")]
            Store::Postgres { store, .. } => store.shown.said(),
        }
    }

    /// The file, for reports of damaged pages (which only a file has); empty otherwise.
    pub fn path(&self) -> &Path {
        match self {
            Store::Sqlite { store, .. } => &store.path,
            #[cfg(feature = "postgres")]
            Store::Postgres { .. } => Path::new(""),
        }
    }

    pub fn get(&self, id: i64) -> Result<Option<Event>, Error> {
        on_store!(self, s => s.get(id))
    }

    pub fn list(&self, filter: &Filter) -> Result<Vec<Event>, Error> {
        on_store!(self, s => s.list(filter))
    }

    pub fn counts(&self) -> Result<Vec<TargetCount>, Error> {
        on_store!(self, s => s.counts())
    }

    pub fn reroute(
        &self,
        routes: &[(String, String)],
        default: Option<&str>,
    ) -> Result<usize, Error> {
        on_store!(self, s => s.reroute(routes, default))
    }

    pub fn prune(&self, rule: Prune, dry: bool) -> Result<Pruned, Error> {
        on_store!(self, s => s.prune(rule, dry))
    }

    /// Start the listener's writer, recording times read from `clock`.
    pub fn writer(
        &self,
        clock: SharedClock,
    ) -> Result<(writer::Writer, std::thread::JoinHandle<()>), Error> {
        match self {
            Store::Sqlite { store, .. } => writer::Writer::start(&store.path, clock),
            #[cfg(feature = "postgres")]
            Store::Postgres { store } => store.writer(clock),
        }
    }

    /// A connection of its own for a lane, the leases or the metrics.
    pub fn queue(&self) -> Result<Queue, Error> {
        match self {
            Store::Sqlite { store, .. } => store.reader().map(Queue::Sqlite),
            #[cfg(feature = "postgres")]
            Store::Postgres { store, .. } => store.conn().map(Queue::Postgres),
        }
    }

    /// Read the store now (the health check): a file on a connection opened for it (one
    /// kept open could answer from pages cached before they were damaged), a database on
    /// the store's own connection (opened again if it broke).
    pub fn probe(&self) -> Result<Vec<TargetCount>, Error> {
        match self {
            Store::Sqlite { store, .. } => Reader::open(&store.path)?.pending(),
            #[cfg(feature = "postgres")]
            Store::Postgres { store, .. } => store.main().pending(),
        }
    }
}

/// Where a lane reads its next event, and (on a shared store) takes its lease.
pub enum Queue {
    Sqlite(Reader),
    #[cfg(feature = "postgres")]
    Postgres(pg::Conn),
}

impl Queue {
    /// The next pending events for `target` after `after_id`, oldest first: one from a file
    /// (a lookup there costs no round trip), a bounded batch from a database.
    pub fn next_for(&self, target: &str, after_id: i64) -> Result<Vec<Event>, Error> {
        match self {
            Queue::Sqlite(r) => Ok(r.next_for(target, after_id)?.into_iter().collect()),
            #[cfg(feature = "postgres")]
            Queue::Postgres(c) => c.next_for(target, after_id),
        }
    }

    pub fn pending(&self) -> Result<Vec<TargetCount>, Error> {
        match self {
            Queue::Sqlite(r) => r.pending(),
            #[cfg(feature = "postgres")]
            Queue::Postgres(c) => c.pending(),
        }
    }

    /// Take or renew `holder`'s leases on `targets`; the targets it holds, each with its
    /// lease's fencing token. A file has one listener: it holds them all (token 0).
    pub fn claim(
        &self,
        targets: &[String],
        holder: &str,
        lease: std::time::Duration,
    ) -> Result<Vec<(String, i64)>, Error> {
        match self {
            Queue::Sqlite(_) => Ok(targets.iter().map(|t| (t.clone(), 0)).collect()),
            #[cfg(feature = "postgres")]
            Queue::Postgres(c) => c.claim(targets, holder, lease),
        }
    }

    /// How long `holder` still holds `target`'s lease with fencing `token` (None: it does
    /// not), answered without blocking the caller. A file's one listener always does.
    pub fn confirm(
        &self,
        target: &str,
        holder: &str,
        token: i64,
    ) -> tokio::sync::oneshot::Receiver<Result<Option<std::time::Duration>, Error>> {
        match self {
            Queue::Sqlite(_) => {
                let (tx, rx) = tokio::sync::oneshot::channel();
                let _ = (
                    tx.send(Ok(Some(std::time::Duration::MAX))),
                    target,
                    holder,
                    token,
                );
                rx
            }
            #[cfg(feature = "postgres")]
            Queue::Postgres(c) => c.confirm(target, holder, token),
        }
    }

    /// Give `holder`'s leases up.
    pub fn release(&self, holder: &str) -> Result<(), Error> {
        match self {
            Queue::Sqlite(_) => Ok(()),
            #[cfg(feature = "postgres")]
            Queue::Postgres(c) => c.release(holder),
        }
    }
}

/// A connection that only reads, for one lane or the metrics.
pub struct Reader {
    conn: Connection,
    pub path: PathBuf,
}

impl Reader {
    pub fn open(path: &Path) -> Result<Reader, Error> {
        let conn = crate::sqlite_file::open(path, Role::Listener)
            .and_then(|c| c.pragma_update(None, "query_only", true).map(|_| c))
            .map_err(|e| store_error(path, e))?;
        Ok(Reader {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// Read just-committed events back the way a lane finds them (through the lane index,
    /// then the row): for each `(id, target, payload)`, whether it is there with that payload.
    /// One read transaction for all; it reads the file as it is now, not the writer's cache.
    pub fn read_back(&mut self, events: &[(i64, Option<&str>, &[u8])]) -> Result<Vec<bool>, Error> {
        let path = self.path.clone();
        let tx = self.conn.transaction().map_err(|e| store_error(&path, e))?;
        let mut found = Vec::with_capacity(events.len());
        {
            let mut stmt = tx
                .prepare_cached(
                    "SELECT payload FROM events INDEXED BY events_lane
                     WHERE status = 'pending' AND target IS ?2 AND id = ?1",
                )
                .map_err(|e| store_error(&path, e))?;
            for (id, target, payload) in events {
                let back: Option<Vec<u8>> = stmt
                    .query_row(params![id, target], |r| r.get(0))
                    .optional()
                    .map_err(|e| store_error(&path, e))?;
                found.push(back.as_deref() == Some(*payload));
            }
        }
        tx.commit().map_err(|e| store_error(&path, e))?;
        Ok(found)
    }

    /// The oldest pending event for `target` after `after_id`: one row, one payload. The
    /// (status, target, id) index makes it one lookup however many events other lanes hold.
    pub fn next_for(&self, target: &str, after_id: i64) -> Result<Option<Event>, Error> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {COLUMNS} FROM events
                 WHERE status = 'pending' AND target = ?1 AND id > ?2
                 ORDER BY id LIMIT 1"
            ))
            .and_then(|mut s| s.query_row(params![target, after_id], row_event).optional())
            .map_err(|e| store_error(&self.path, e))
    }

    /// Pending events per target, with the oldest's age (the metrics).
    pub fn pending(&self) -> Result<Vec<TargetCount>, Error> {
        counts(&self.conn, Some(Status::Pending)).map_err(|e| store_error(&self.path, e))
    }
}

/// Record `ev` as received at `now`.
pub fn insert(
    c: &Connection,
    ev: &NewEvent,
    now: chrono::DateTime<chrono::Utc>,
) -> rusqlite::Result<i64> {
    let at = now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let unix = now.timestamp_millis() as f64 / 1000.0;
    let (sig_name, sig_value) = match &ev.signature {
        Some((n, v)) => (Some(n.as_str()), Some(v.as_str())),
        None => (None, None),
    };
    c.prepare_cached(
        "INSERT INTO events (action, received_at, received_unix, payload, content_type,
             signature_name, signature_value, target)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        ev.action,
        at,
        unix,
        &ev.payload[..],
        ev.content_type,
        sig_name,
        sig_value,
        ev.target
    ])?;
    Ok(c.last_insert_rowid())
}

fn counts(c: &Connection, only: Option<Status>) -> rusqlite::Result<Vec<TargetCount>> {
    let mut stmt = c.prepare_cached(
        "SELECT target, status, count(*), min(received_unix) FROM events
         WHERE (?1 IS NULL OR status = ?1) GROUP BY target, status ORDER BY target, status",
    )?;
    let rows = stmt.query_map(params![only.map(Status::as_str)], |r| {
        Ok(TargetCount {
            target: r.get(0)?,
            status: r.get(1)?,
            count: r.get::<_, i64>(2)?.max(0) as u64,
            oldest_unix: r.get(3)?,
        })
    })?;
    rows.collect()
}

/// The lock is on the database file itself (its inode), not on a name: a symlink or a second
/// path to the same file finds it taken.
fn lock_for_listener(path: &Path) -> Result<ListenerLock, Error> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .open(path)
        .map_err(|e| {
            Error::usage(crate::msg!(
                "store-cannot-open",
                store = path.display().to_string(),
                error = crate::error::cause_of(&e)
            ))
            .with_source(e)
        })?;
    match file.try_lock() {
        Ok(()) => Ok(ListenerLock { _file: file }),
        Err(_) => {
            let same = std::fs::canonicalize(path)
                .ok()
                .filter(|c| c != path)
                .map(|c| crate::msg!("store-same-file", file = c.display().to_string()).into())
                .unwrap_or(Arg::Text(String::new()));
            Err(Error::usage(crate::msg!(
                "store-taken",
                store = path.display().to_string(),
                same = same
            )))
        }
    }
}

/// An event store, SQLite or PostgreSQL, written by a newer recruit (its schema `version`
/// above the `known` one of its kind): it is left as it is, and `--store` names another.
pub(crate) fn newer_store(shown: &str, version: i64, known: i64) -> Error {
    Error::written_by_newer(
        shown,
        &crate::msg!("store-version"),
        version,
        known,
        "--store",
    )
}

/// Open a connection, refuse what is not a healthy store of a version we read, and create or
/// migrate the schema.
fn connect(path: &Path, how: Open) -> Result<Connection, Error> {
    let shown = path.display();
    if how == Open::Existing && !path.exists() {
        return Err(Error::usage(crate::msg!(
            "events-no-store",
            store = shown.to_string()
        )));
    }
    let existed = std::fs::metadata(path)
        .map(|m| m.len() > 0)
        .unwrap_or(false);
    let role = match how {
        Open::Listener => Role::Listener,
        Open::Existing => Role::Events,
    };
    let conn = crate::sqlite_file::open(path, role).map_err(|e| match &e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::CannotOpen => {
            Error::usage(crate::msg!(
                "store-cannot-open",
                store = shown.to_string(),
                error = crate::error::cause_of(&e)
            ))
            .with_source(e)
        }
        _ => not_a_store(path, e),
    })?;
    let version = stored_version(&conn, path)?;
    if version > VERSION {
        return Err(newer_store(&shown.to_string(), version, VERSION));
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
    if version == 0 && (has_events || tables > 0 || existed && how == Open::Existing) {
        return Err(Error::usage(crate::msg!(
            "store-not-a-store",
            store = shown.to_string()
        )));
    }
    if version > 0 && !has_events {
        return Err(damaged(path, crate::msg!("store-no-events-table")));
    }
    if how == Open::Listener && version > 0 {
        integrity_check(&conn, path)?;
    }
    crate::sqlite_file::prepare_for_writes(&conn, role).map_err(|e| store_error(path, e))?;
    migrate(&conn, version).map_err(|e| store_error(path, e))?;
    Ok(conn)
}

/// The store's schema version (0: none yet): `recruit_meta`'s, or, in a store of the older
/// scheme (versions 1 and 2), `PRAGMA user_version`. A `recruit_meta` of another kind (a
/// mirror given as `--store`) is not a store.
fn stored_version(conn: &Connection, path: &Path) -> Result<i64, Error> {
    use crate::sqlite_file::{has_table, meta, meta_get};
    let read = || -> rusqlite::Result<_> {
        if !has_table(conn, meta::TABLE)? {
            let legacy: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            return Ok((None, Some(legacy), None));
        }
        Ok((
            Some(meta_get(conn, meta::KIND)?),
            None,
            meta_get(conn, meta::VERSION)?,
        ))
    };
    match read().map_err(|e| not_a_store(path, e))? {
        // The older scheme's versions: 1 and 2; a later one is a newer recruit's.
        (None, Some(v), _) if v < LAST_USER_VERSION || v > VERSION => Ok(v),
        (None, _, _) => Err(damaged(path, crate::msg!("store-no-meta-version"))),
        (Some(kind), _, version) => {
            if kind.as_deref() != Some(meta::EVENT_STORE) {
                return Err(Error::usage(crate::msg!(
                    "store-not-a-store",
                    store = path.display().to_string()
                )));
            }
            version
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| damaged(path, crate::msg!("store-no-meta-version")))
        }
    }
}

/// SQLite's quick check reads every page once (seconds for a large store) and finds the
/// damage that would otherwise surface as events answered 200 and never readable.
fn integrity_check(conn: &Connection, path: &Path) -> Result<(), Error> {
    let problems: Vec<String> = conn
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .map_err(|e| match &e {
            rusqlite::Error::SqliteFailure(f, _)
                if matches!(
                    f.code,
                    rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase
                ) =>
            {
                damaged(path, e.to_string())
            }
            _ => store_error(path, e),
        })?;
    if problems.len() == 1 && problems[0] == "ok" {
        return Ok(());
    }
    Err(damaged(path, problems.join("; ")))
}

/// Whether `e` says the store's pages are damaged (SQLite found them malformed), as opposed
/// to a failure that passes (a full disk, a lock held too long).
pub fn is_damage(e: &Error) -> bool {
    let Some(source) = e.source.as_ref() else {
        return false;
    };
    matches!(
        (**source).downcast_ref::<rusqlite::Error>(),
        Some(rusqlite::Error::SqliteFailure(f, _))
            if matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase
            )
    )
}

/// What a listener says of a store found damaged while it runs: what, and what to do.
pub fn damaged_message(path: &Path, why: impl Into<Arg>) -> String {
    damaged(path, why).message
}

/// `why`: SQLite's own words (cut to a line), or a message of ours.
pub(crate) fn damaged(path: &Path, why: impl Into<Arg>) -> Error {
    let why = match why.into() {
        Arg::Text(t) => Arg::Text(recruit_core::text::one_line(&t, 200).to_string()),
        other => other,
    };
    Error::usage(crate::msg!(
        "store-damaged",
        store = path.display().to_string(),
        why = why
    ))
}

/// The events table as version 1 made it (later versions add to it).
const EVENTS_V1: &str = "CREATE TABLE events (
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
 CREATE INDEX events_status ON events (status, id);";

fn migrate(conn: &Connection, from: i64) -> rusqlite::Result<()> {
    if from == 0 {
        conn.execute_batch(&format!(
            "BEGIN;
             {EVENTS_V1}
             PRAGMA user_version = 1;
             COMMIT;"
        ))?;
    }
    if from < 2 {
        conn.execute_batch(
            "BEGIN;
             CREATE INDEX IF NOT EXISTS events_lane ON events (status, target, id);
             PRAGMA user_version = 2;
             COMMIT;",
        )?;
    }
    if from < 3 {
        use crate::sqlite_file::meta;
        let tx = conn.unchecked_transaction()?;
        tx.execute_batch(&crate::mirror::tables::META.create(crate::mirror::db::Dialect::Sqlite))?;
        tx.execute(
            "INSERT INTO recruit_meta (key, value) VALUES (?1, ?2), (?3, ?4)",
            params![meta::KIND, meta::EVENT_STORE, meta::VERSION, "3"],
        )?;
        tx.pragma_update(None, "user_version", LAST_USER_VERSION)?;
        tx.commit()?;
    }
    Ok(())
}

/// An [`Event`] from a row of [`COLUMNS`], each read with `$get` (each database's getter);
/// the status from `$status`, given the text read.
macro_rules! event_from_row {
    ($r:ident . $get:ident, $status:expr) => {{
        let name: Option<String> = $r.$get(10)?;
        let value: Option<String> = $r.$get(11)?;
        Event {
            id: $r.$get(0)?,
            action: $r.$get(1)?,
            received_at: $r.$get(2)?,
            received_unix: $r.$get(3)?,
            status: $status($r.$get(4)?),
            attempts: $r.$get(5)?,
            last_error: $r.$get(6)?,
            payload: $r.$get(7)?,
            target: $r.$get(8)?,
            content_type: $r.$get(9)?,
            signature: name.zip(value),
            delivered_at: $r.$get(13)?,
        }
    }};
}
pub(crate) use event_from_row;

pub fn row_event(r: &rusqlite::Row<'_>) -> rusqlite::Result<Event> {
    Ok(event_from_row!(r.get, |s: Status| s))
}

fn not_a_store(path: &Path, e: rusqlite::Error) -> Error {
    if let rusqlite::Error::SqliteFailure(f, _) = &e {
        if f.code == rusqlite::ErrorCode::NotADatabase {
            return Error::usage(crate::msg!(
                "store-not-sqlite",
                store = path.display().to_string()
            ))
            .with_source(e);
        }
        if f.code == rusqlite::ErrorCode::DatabaseCorrupt {
            return damaged(path, e.to_string());
        }
    }
    store_error(path, e)
}

/// An SQLite failure in words, keeping the SQLite error as the source.
pub fn store_error(path: &Path, e: rusqlite::Error) -> Error {
    let shown = path.display().to_string();
    let message = match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => {
            crate::msg!("store-not-sqlite-db", store = shown)
        }
        Some(rusqlite::ErrorCode::DiskFull) => crate::msg!("store-disk-full", store = shown),
        Some(rusqlite::ErrorCode::DatabaseCorrupt) => {
            crate::msg!(
                "store-corrupt",
                store = shown,
                why = crate::error::cause_of(&e)
            )
        }
        _ => crate::msg!(
            "store-failed",
            store = shown,
            why = crate::error::cause_of(&e)
        ),
    };
    Error::other(message).with_source(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_event(action: Option<&str>, payload: &[u8], target: Option<&str>) -> NewEvent {
        NewEvent {
            action: action.map(str::to_string),
            payload: bytes::Bytes::copy_from_slice(payload),
            content_type: Some("application/json".into()),
            signature: Some(("sig".into(), "t=1,v1=x".into())),
            target: target.map(str::to_string),
        }
    }

    #[test]
    fn events_round_trip_in_order_with_their_outcomes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let (s, _lock) = EventStore::open_for_listener(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the store is the owner's alone");
        }
        let a = s
            .insert(&new_event(
                Some("candidate_pass"),
                br#"{"a":1}"#,
                Some("http://x/"),
            ))
            .unwrap();
        let b = s
            .insert(&new_event(None, b"not json", Some("http://x/")))
            .unwrap();
        let other = s
            .insert(&new_event(Some("x"), b"{}", Some("http://y/")))
            .unwrap();
        assert!(b > a);
        let r = s.reader().unwrap();
        assert_eq!(r.next_for("http://x/", 0).unwrap().unwrap().id, a);
        assert_eq!(r.next_for("http://x/", a).unwrap().unwrap().id, b);
        assert!(r.next_for("http://x/", b).unwrap().is_none());
        assert_eq!(r.next_for("http://y/", 0).unwrap().unwrap().id, other);
        let e = s.get(a).unwrap().unwrap();
        assert_eq!(e.status, Status::Pending);
        assert_eq!(e.signature, Some(("sig".into(), "t=1,v1=x".into())));
        assert_eq!(e.record()["payload"], json!({"a": 1}));
        assert_eq!(
            s.get(b).unwrap().unwrap().record()["payload"],
            json!("not json")
        );
        let pending = r.pending().unwrap();
        assert_eq!(
            pending
                .iter()
                .map(|c| (c.target.as_deref(), c.count))
                .collect::<Vec<_>>(),
            [(Some("http://x/"), 2), (Some("http://y/"), 1)]
        );
        drop((r, s, _lock));
        // Reopened: everything is still there.
        let s = EventStore::open(&path, Open::Existing).unwrap();
        assert_eq!(s.list(&Filter::default()).unwrap().len(), 3);
        let only_y = s
            .list(&Filter {
                target: Some("http://y/".into()),
                ..Filter::default()
            })
            .unwrap();
        assert_eq!(only_y.len(), 1);
    }

    #[test]
    fn reroute_sends_pending_events_where_the_current_routes_say() {
        let dir = tempfile::tempdir().unwrap();
        let (s, _lock) = EventStore::open_for_listener(&dir.path().join("e.db")).unwrap();
        let pass = s
            .insert(&new_event(Some("candidate_pass"), b"{}", None))
            .unwrap();
        let other = s
            .insert(&new_event(
                Some("feedback_created"),
                b"{}",
                Some("http://old/"),
            ))
            .unwrap();
        let none = s.insert(&new_event(None, b"{}", None)).unwrap();
        let routes = [("candidate_pass".to_string(), "http://hired/".to_string())];
        assert_eq!(s.reroute(&routes, Some("http://all/")).unwrap(), 3);
        let target = |id| s.get(id).unwrap().unwrap().target;
        assert_eq!(target(pass).as_deref(), Some("http://hired/"));
        assert_eq!(target(other).as_deref(), Some("http://all/"));
        assert_eq!(target(none).as_deref(), Some("http://all/"));
        // Nothing to change the second time.
        assert_eq!(s.reroute(&routes, Some("http://all/")).unwrap(), 0);
        // Without a default route, unrouted events wait with no target.
        assert_eq!(s.reroute(&routes, None).unwrap(), 2);
        assert_eq!(target(other), None);
        // Only a default route: everything goes there.
        assert_eq!(s.reroute(&[], Some("http://all/")).unwrap(), 3);
        assert_eq!(target(pass).as_deref(), Some("http://all/"));
    }

    /// Two routes for one action: a row bound for either stays; any other row of the action
    /// goes to its first route.
    #[test]
    fn reroute_keeps_each_row_of_an_action_with_several_routes() {
        let dir = tempfile::tempdir().unwrap();
        let (s, _lock) = EventStore::open_for_listener(&dir.path().join("e.db")).unwrap();
        let pass = Some("candidate_pass");
        let app = s
            .insert(&new_event(pass, b"{}", Some("http://app/")))
            .unwrap();
        let chat = s
            .insert(&new_event(pass, b"{}", Some("slack+https://hooks/x")))
            .unwrap();
        let old = s
            .insert(&new_event(pass, b"{}", Some("http://old/")))
            .unwrap();
        let unrouted = s.insert(&new_event(pass, b"{}", None)).unwrap();
        let routes = [
            ("candidate_pass".to_string(), "http://app/".to_string()),
            (
                "candidate_pass".to_string(),
                "slack+https://hooks/x".to_string(),
            ),
        ];
        assert_eq!(s.reroute(&routes, Some("http://all/")).unwrap(), 2);
        let target = |id| s.get(id).unwrap().unwrap().target;
        assert_eq!(target(app).as_deref(), Some("http://app/"));
        assert_eq!(target(chat).as_deref(), Some("slack+https://hooks/x"));
        assert_eq!(target(old).as_deref(), Some("http://app/"));
        assert_eq!(target(unrouted).as_deref(), Some("http://app/"));
    }

    #[test]
    fn prune_keeps_pending_events_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        let (s, _lock) = EventStore::open_for_listener(&dir.path().join("e.db")).unwrap();
        for _ in 0..3 {
            s.insert(&new_event(Some("a"), b"{}", Some("http://x/")))
                .unwrap();
        }
        s.with(|c| {
            c.execute("UPDATE events SET status = 'delivered' WHERE id = 1", [])?;
            c.execute("UPDATE events SET status = 'failed' WHERE id = 2", [])
        })
        .unwrap();
        let rule = |include_pending| Prune {
            before_unix: f64::MAX,
            include_pending,
        };
        let would = s.prune(rule(false), true).unwrap();
        assert_eq!(
            would,
            Pruned {
                delivered: 1,
                failed: 1,
                pending: 0
            }
        );
        assert_eq!(s.list(&Filter::default()).unwrap().len(), 3, "a dry run");
        assert_eq!(s.prune(rule(false), false).unwrap().total(), 2);
        let left = s.list(&Filter::default()).unwrap();
        assert_eq!(
            left.iter().map(|e| e.status).collect::<Vec<_>>(),
            [Status::Pending]
        );
        assert_eq!(s.prune(rule(true), false).unwrap().pending, 1);
        assert!(s.list(&Filter::default()).unwrap().is_empty());
    }

    /// A store as recruit wrote it before version 3 (frozen: the version in
    /// `PRAGMA user_version`), at `version` (1 or 2), holding one event.
    fn legacy_store(path: &Path, version: i64) {
        let c = Connection::open(path).unwrap();
        c.execute_batch(
            &(format!("PRAGMA journal_mode = WAL; {EVENTS_V1}") + "
             INSERT INTO events (action, received_at, received_unix, payload, target)
             VALUES ('candidate_pass', '2026-01-01T00:00:00.000Z', 1767225600, X'7b7d', 'http://x/');
             PRAGMA user_version = 1;"),
        )
        .unwrap();
        if version >= 2 {
            c.execute_batch(
                "CREATE INDEX events_lane ON events (status, target, id); PRAGMA user_version = 2;",
            )
            .unwrap();
        }
    }

    fn scheme(s: &EventStore) -> (Option<String>, Option<String>, i64, i64) {
        use crate::sqlite_file::{meta, meta_get};
        s.with(|c| {
            Ok((
                meta_get(c, meta::KIND)?,
                meta_get(c, meta::VERSION)?,
                c.query_row("PRAGMA user_version", [], |r| r.get(0))?,
                c.query_row(
                    "SELECT count(*) FROM sqlite_master WHERE name = 'events_lane'",
                    [],
                    |r| r.get(0),
                )?,
            ))
        })
        .unwrap()
    }

    #[test]
    fn a_store_of_the_older_version_scheme_is_migrated_to_recruit_meta_once() {
        let dir = tempfile::tempdir().unwrap();
        for (old, how) in [
            (1, Open::Existing),
            (2, Open::Existing),
            (2, Open::Listener),
        ] {
            let path = dir.path().join(format!("v{old}-{how:?}.db"));
            legacy_store(&path, old);
            let s = EventStore::open(&path, how).unwrap();
            let expected = (
                Some("event-store".to_string()),
                Some(VERSION.to_string()),
                LAST_USER_VERSION,
                1,
            );
            assert_eq!(scheme(&s), expected, "from version {old}");
            let events = s.list(&Filter::default()).unwrap();
            assert_eq!(events.len(), 1, "its events are kept");
            assert_eq!(events[0].action.as_deref(), Some("candidate_pass"));
            drop(s);
            // Opened again: read from recruit_meta, nothing more to do.
            let s = EventStore::open(&path, Open::Existing).unwrap();
            assert_eq!(scheme(&s), expected);
        }
        // A new store starts in the new scheme.
        let (s, _lock) = EventStore::open_for_listener(&dir.path().join("new.db")).unwrap();
        assert_eq!(scheme(&s).1, Some(VERSION.to_string()));
        // recruit_meta's version, not the pragma, is the one read: a newer one is refused.
        s.with(|c| {
            c.execute(
                "UPDATE recruit_meta SET value = '9' WHERE key = 'schema_version'",
                [],
            )
        })
        .unwrap();
        drop((s, _lock));
        let e = EventStore::open(&dir.path().join("new.db"), Open::Existing)
            .err()
            .unwrap();
        assert_eq!(said(&e), "written-by-newer", "{}", e.message);
    }

    #[test]
    fn a_mirror_is_not_an_event_store_nor_an_event_store_a_mirror() {
        let dir = tempfile::tempdir().unwrap();
        let mirror = dir.path().join("mirror.db");
        let m = crate::mirror::Mirror::open(
            &crate::mirror::Target::Sqlite(mirror.clone()),
            &recruit_core::tls::NetSettings::system(),
            crate::mirror::Access::Sync,
        )
        .unwrap();
        drop(m);
        let e = EventStore::open(&mirror, Open::Existing).err().unwrap();
        assert_eq!(said(&e), "store-not-a-store", "{}", e.message);
        let store = dir.path().join("events.db");
        drop(EventStore::open_for_listener(&store).unwrap());
        let before = std::fs::read(&store).unwrap();
        let e = crate::mirror::Mirror::open(
            &crate::mirror::Target::Sqlite(store.clone()),
            &recruit_core::tls::NetSettings::system(),
            crate::mirror::Access::Sync,
        )
        .err()
        .unwrap();
        assert_eq!(said(&e), "sync-other-kind", "{}", e.message);
        assert!(std::fs::read(&store).unwrap() == before, "left as it was");
    }

    /// The id of what an error says (this crate words nothing: the front end does).
    fn said(e: &Error) -> &'static str {
        e.said.as_ref().map_or("", |m| m.id)
    }

    #[test]
    fn foreign_files_are_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk.db");
        std::fs::write(&junk, b"these are my notes, not a database at all").unwrap();
        let e = EventStore::open_for_listener(&junk).err().unwrap();
        assert_eq!(said(&e), "store-not-sqlite", "{}", e.message);
        assert_eq!(
            std::fs::read(&junk).unwrap(),
            b"these are my notes, not a database at all"
        );

        // SQLite databases that are not ours, or are a later version of ours.
        for (name, sql, says) in [
            (
                "newer.db",
                "CREATE TABLE events (id INTEGER); PRAGMA user_version = 7;",
                "written-by-newer",
            ),
            (
                "other.db",
                "CREATE TABLE recipes (name TEXT);",
                "store-not-a-store",
            ),
        ] {
            let path = dir.path().join(name);
            Connection::open(&path).unwrap().execute_batch(sql).unwrap();
            let e = EventStore::open_for_listener(&path).err().unwrap();
            assert_eq!(said(&e), says, "{name}: {}", e.message);
        }

        let missing = dir.path().join("missing.db");
        let e = EventStore::open(&missing, Open::Existing).err().unwrap();
        assert_eq!(said(&e), "events-no-store", "{}", e.message);
        assert!(!missing.exists());
    }

    #[test]
    fn one_listener_per_store_whatever_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let (_store, first) = EventStore::open_for_listener(&path).unwrap();
        let link = dir.path().join("link.db");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&path, &link).unwrap();
        #[cfg(not(unix))]
        let link = path.clone();
        for p in [&path, &link] {
            let e = EventStore::open_for_listener(p).err().unwrap();
            assert_eq!(said(&e), "store-taken", "{}", e.message);
        }
        drop(first);
        EventStore::open_for_listener(&link).unwrap();
    }
}
