//! The relay's store in PostgreSQL (`webhooks listen --store postgres://...`), shared by any
//! number of listeners: the events, and a lease per forward target (`relay_lanes`), so that
//! one listener at a time forwards a target's events, in the order they were stored.
//!
//! Ids are the order of storing: each listener's inserts take a transaction-level advisory
//! lock before their ids are drawn, so ids commit in increasing order and a lane reading
//! "the first pending event after the last one I finished" never passes one committed later
//! with a smaller id. Leases expire by the database's clock (`now()`), never a listener's,
//! so clock skew between machines does not matter.
//!
//! Leases are fenced: each carries a token that grows by one with every new holder (a lane's
//! row is never deleted, so the count never starts again). A lane forwards while the local
//! deadline its renewals give it is ahead, and once it has passed confirms its lease and token
//! with one indexed read ([`Conn::confirm`]) before it forwards again; its marks change an
//! event only while the lease still carries the token they were made under. So a listener
//! paused past its lease (SIGSTOP, a frozen VM) forwards nothing more once it resumes, beyond
//! the one request it had started, and its late "delivered" cannot skip an event the new
//! holder owes. Every connection ends a transaction left waiting on its client (a listener
//! stopped mid-transaction), so its locks never hold up the listener that took over.
//!
//! The client is `postgres` (blocking, with a runtime of its own inside): every connection
//! lives on a thread of its own ([`Conn`]) or the writer's thread, never on an async worker.
//! A connection that breaks (the server restarted, the network dropped) is opened again on
//! the next call.

use std::sync::mpsc;
use std::time::Duration;

use postgres::types::ToSql;
use postgres::Client;
use tokio::sync::oneshot;

mod erase;
mod reconcile;

use super::writer::{self, Health, Mark, Op};
use super::{Event, Filter, NewEvent, Open, Prune, Pruned, Status, TargetCount};
use crate::error::{Error, ExitKind};
use crate::mirror::pg::{config, connect, pg_error};
use recruit_core::clock::Clock;

/// The schema this recruit writes (in `relay_meta`).
pub const VERSION: i64 = 1;

/// The advisory lock (with the schema's hash) taken while ids are drawn and while the
/// schema is created: one key of recruit's own.
const LOCK_KEY: i64 = 1_919_251_315;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS relay_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE IF NOT EXISTS relay_events (
    id bigserial PRIMARY KEY,
    action text,
    received_at text NOT NULL,
    received_unix double precision NOT NULL,
    status text NOT NULL DEFAULT 'pending',
    attempts bigint NOT NULL DEFAULT 0,
    last_error text,
    payload bytea NOT NULL,
    target text,
    content_type text,
    signature_name text,
    signature_value text,
    next_attempt_unix double precision,
    delivered_at text
);
CREATE INDEX IF NOT EXISTS relay_events_lane ON relay_events (target, id) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS relay_events_received ON relay_events (received_unix);
CREATE TABLE IF NOT EXISTS relay_lanes (
    target text PRIMARY KEY,
    holder text NOT NULL,
    expires_at timestamptz NOT NULL,
    taken_at timestamptz NOT NULL DEFAULT now(),
    token bigint NOT NULL DEFAULT 1
);
INSERT INTO relay_meta (key, value) VALUES ('kind', 'event-store'), ('schema_version', '1')
    ON CONFLICT (key) DO NOTHING;";

/// A store made before fencing: its lanes get their token (no new schema version: a listener
/// that predates fencing still works beside these, it only fences nothing itself).
const FENCING: &str =
    "ALTER TABLE relay_lanes ADD COLUMN IF NOT EXISTS token bigint NOT NULL DEFAULT 1";

/// How long the server lets a transaction of the relay wait on its client before ending it,
/// and its locks with it. A listener stopped (SIGSTOP, a frozen VM) between a statement and
/// its commit otherwise keeps the events it marked locked until it resumes: the listener that
/// took its lanes over then waits on those rows with all its marks, and its lanes stall (seen
/// under load, where that window is wider). Between two statements of the relay's
/// transactions there is only the network, never seconds.
const IDLE_IN_TRANSACTION: &str = "5s";

/// Most events a lane reads ahead in one query, and most payload bytes.
const AHEAD: i64 = 200;
const AHEAD_BYTES: i64 = 4 << 20;

use super::COLUMNS;

/// One connection, opened (again) when needed.
pub struct Session {
    config: postgres::Config,
    net: recruit_core::tls::NetSettings,
    shown: crate::msg::Msg,
    client: Option<Client>,
}

impl Session {
    fn new(url: &str, net: &recruit_core::tls::NetSettings) -> Result<Session, Error> {
        let (mut config, shown) = config(url)?;
        if config.get_connect_timeout().is_none() {
            // A listener must notice a server that is gone rather than wait on it.
            config.connect_timeout(Duration::from_secs(5));
        }
        Ok(Session {
            config,
            net: net.clone(),
            shown,
            client: None,
        })
    }

    /// Run `f` on the connection, opening it first when there is none or it broke.
    fn run<R>(
        &mut self,
        f: impl FnOnce(&mut Client) -> Result<R, postgres::Error>,
    ) -> Result<R, Error> {
        if self.client.as_ref().is_none_or(Client::is_closed) {
            self.client = None;
            let c = connect(&self.config, &self.net).map_err(|e| {
                if let Some(refused) = crate::mirror::pg::tls_refused(&self.config, &e) {
                    return refused;
                }
                if e.as_db_error().is_some() {
                    // The server answered: refused the user, no such database...
                    return pg_error(&self.shown, &e);
                }
                // With its cause: "invalid configuration: password missing".
                let mut text = e.to_string();
                if let Some(cause) = std::error::Error::source(&e) {
                    text = format!("{text}: {cause}");
                }
                let error = recruit_core::text::one_line(&text, 300).to_string();
                Error::new(
                    ExitKind::Network,
                    crate::msg!(
                        "store-pg-unreachable",
                        store = self.shown.clone(),
                        error = error
                    ),
                )
            })?;
            let mut c = c;
            // On every connection of the relay, before it is used.
            c.batch_execute(&format!(
                "SET idle_in_transaction_session_timeout = '{IDLE_IN_TRANSACTION}'"
            ))
            .map_err(|e| pg_error(&self.shown, &e))?;
            self.client = Some(c);
        }
        let c = self.client.as_mut().expect("opened above");
        let result = f(c);
        let closed = c.is_closed();
        result.map_err(|e| {
            // Not the server's answer: the connection itself failed; a new one next time.
            if closed || e.as_db_error().is_none() {
                self.client = None;
            }
            pg_error(&self.shown, &e)
        })
    }
}

type Job = Box<dyn FnOnce(&mut Session) + Send>;

/// A connection on a thread of its own; calls block the caller (run them off the async
/// workers). The thread, and the connection, end when the handle is dropped.
pub struct Conn {
    tx: mpsc::Sender<Job>,
}

impl Conn {
    fn start(mut session: Session) -> Result<Conn, Error> {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("relay-pg".into())
            .spawn(move || {
                while let Ok(job) = rx.recv() {
                    job(&mut session);
                }
            })
            .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("store-writer-start"), e))?;
        Ok(Conn { tx })
    }

    fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Session) -> Result<R, Error> + Send + 'static,
    ) -> Result<R, Error> {
        let (tx, rx) = mpsc::channel();
        self.tx
            .send(Box::new(move |s| {
                let _ = tx.send(f(s));
            }))
            .map_err(|_| Error::other(crate::msg!("store-writer-stopped")))?;
        rx.recv()
            .map_err(|_| Error::other(crate::msg!("store-writer-stopped")))?
    }

    /// The oldest pending events for `target` after `after_id`, in order: at most
    /// [`AHEAD`], and no more payload bytes than [`AHEAD_BYTES`] past the first (one round
    /// trip serves many forwards; memory stays bounded).
    pub fn next_for(&self, target: &str, after_id: i64) -> Result<Vec<Event>, Error> {
        let target = target.to_string();
        self.call(move |s| {
            s.run(|c| {
                let sql = format!(
                    "SELECT {COLUMNS} FROM (
                        SELECT {COLUMNS}, sum(length(payload)) OVER (ORDER BY id) AS upto
                        FROM relay_events
                        WHERE status = 'pending' AND target = $1 AND id > $2
                        ORDER BY id LIMIT $3) ahead
                     WHERE upto - length(payload) < $4 ORDER BY id"
                );
                c.query(&sql, &[&target, &after_id, &AHEAD, &AHEAD_BYTES])?
                    .iter()
                    .map(row_event)
                    .collect()
            })
        })
    }

    /// Pending events per target: the shared queue's depth.
    pub fn pending(&self) -> Result<Vec<TargetCount>, Error> {
        self.call(|s| s.run(|c| counts(c, Some(Status::Pending))))
    }

    /// Take or renew the leases of `targets` for `holder`, for `lease` from the database's
    /// now; the targets it holds after this, each with its lease's fencing token. A lease is
    /// taken from another holder only once it has expired, and then its token grows by one.
    pub fn claim(
        &self,
        targets: &[String],
        holder: &str,
        lease: Duration,
    ) -> Result<Vec<(String, i64)>, Error> {
        let (targets, holder) = (targets.to_vec(), holder.to_string());
        let secs = lease.as_secs_f64();
        self.call(move |s| {
            s.run(|c| {
                let rows = c.query(
                    "INSERT INTO relay_lanes (target, holder, expires_at)
                     SELECT t, $2, now() + make_interval(secs => $3) FROM unnest($1::text[]) AS t
                     ON CONFLICT (target) DO UPDATE
                        SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
                            taken_at = CASE WHEN relay_lanes.holder = EXCLUDED.holder
                                       THEN relay_lanes.taken_at ELSE now() END,
                            token = CASE WHEN relay_lanes.holder = EXCLUDED.holder
                                    THEN relay_lanes.token ELSE relay_lanes.token + 1 END
                        WHERE relay_lanes.holder = EXCLUDED.holder OR relay_lanes.expires_at < now()
                     RETURNING target, token",
                    &[&targets, &holder, &secs],
                )?;
                Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
            })
        })
    }

    /// Give up `holder`'s leases at once (a listener that stops), so another takes over
    /// without waiting for them to expire. Expired, not deleted: the token counts on.
    pub fn release(&self, holder: &str) -> Result<(), Error> {
        let holder = holder.to_string();
        self.call(move |s| {
            s.run(|c| {
                c.execute(
                    "UPDATE relay_lanes SET expires_at = '-infinity' WHERE holder = $1",
                    &[&holder],
                )
                .map(drop)
            })
        })
    }

    /// How long `holder` still holds `target`'s lease with fencing `token`, by the database's
    /// clock (None: it does not): asked when a lane's local deadline has passed, so one
    /// primary-key read in one round trip (typed parameters: no prepare), answered on this
    /// connection's thread for an async caller.
    pub fn confirm(
        &self,
        target: &str,
        holder: &str,
        token: i64,
    ) -> oneshot::Receiver<Result<Option<Duration>, Error>> {
        use postgres::types::Type;
        let (target, holder) = (target.to_string(), holder.to_string());
        let (tx, rx) = oneshot::channel();
        // A connection thread that is gone drops `tx`: the caller hears an error.
        let _ = self.tx.send(Box::new(move |s: &mut Session| {
            let held = s.run(|c| {
                c.query_typed_opt(
                    "SELECT extract(epoch FROM expires_at - now())::float8 FROM relay_lanes
                     WHERE target = $1 AND holder = $2 AND token = $3 AND expires_at > now()",
                    &[
                        (&target, Type::TEXT),
                        (&holder, Type::TEXT),
                        (&token, Type::INT8),
                    ],
                )
            });
            let left = held.map(|row| {
                row.map(|r| Duration::from_secs_f64(r.get::<_, f64>(0).clamp(0.0, 1e9)))
            });
            let _ = tx.send(left);
        }));
        rx
    }
}

/// The store's handle for commands and the listener's start-up.
pub struct PgStore {
    url: recruit_core::redact::Secret,
    net: recruit_core::tls::NetSettings,
    pub shown: crate::msg::Msg,
    conn: Conn,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown.for_programs())
    }
}

impl PgStore {
    /// Connect; a listener creates the schema when missing, the `events` commands need it.
    pub fn open(
        url: &str,
        how: Open,
        net: &recruit_core::tls::NetSettings,
    ) -> Result<PgStore, Error> {
        let session = Session::new(url, net)?;
        let shown = session.shown.clone();
        let conn = Conn::start(session)?;
        let store = PgStore {
            url: recruit_core::redact::Secret::new(url.to_string()),
            net: net.clone(),
            shown: shown.clone(),
            conn,
        };
        let version = store.conn.call(|s| s.run(stored_version))?;
        let shown_text = shown.for_programs();
        match version {
            Some(v) if v > VERSION => return Err(super::newer_store(&shown_text, v, VERSION)),
            None if how == Open::Existing => {
                return Err(Error::usage(crate::msg!(
                    "events-no-store",
                    store = shown_text
                )))
            }
            Some(_) if how == Open::Existing => {}
            Some(_) => store.conn.call(|s| s.run(|c| c.batch_execute(FENCING)))?,
            None => store.conn.call(|s| {
                s.run(|c| {
                    let mut tx = c.transaction()?;
                    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])?;
                    tx.batch_execute(SCHEMA)?;
                    tx.commit()
                })
            })?,
        }
        Ok(store)
    }

    /// Connect to a store that is there: `None` where the database holds no relay store
    /// (erasure skips it, as a file that does not exist).
    pub fn open_if_there(
        url: &str,
        net: &recruit_core::tls::NetSettings,
    ) -> Result<Option<PgStore>, Error> {
        let session = Session::new(url, net)?;
        let shown = session.shown.clone();
        let store = PgStore {
            url: recruit_core::redact::Secret::new(url.to_string()),
            net: net.clone(),
            shown: shown.clone(),
            conn: Conn::start(session)?,
        };
        match store.conn.call(|s| s.run(stored_version))? {
            None => Ok(None),
            Some(v) if v > VERSION => Err(super::newer_store(&shown.for_programs(), v, VERSION)),
            Some(_) => Ok(Some(store)),
        }
    }

    /// A connection of its own (a lane, the leases, the metrics).
    pub fn conn(&self) -> Result<Conn, Error> {
        Conn::start(Session::new(self.url.expose(), &self.net)?)
    }

    /// The store's own connection (commands, the health probe).
    pub fn main(&self) -> &Conn {
        &self.conn
    }

    /// Start the listener's writer: a thread with a connection of its own, committing what
    /// it is given in groups.
    pub fn writer(
        &self,
        clock: recruit_core::clock::SharedClock,
    ) -> Result<(writer::Writer, std::thread::JoinHandle<()>), Error> {
        let mut session = Session::new(self.url.expose(), &self.net)?;
        writer::Writer::spawn(move |rx, health| {
            while let Some(batch) = writer::next_batch(&rx) {
                commit(&mut session, batch, health, &*clock);
            }
        })
    }

    pub fn get(&self, id: i64) -> Result<Option<Event>, Error> {
        self.conn.call(move |s| {
            s.run(|c| {
                let sql = format!("SELECT {COLUMNS} FROM relay_events WHERE id = $1");
                c.query_opt(&sql, &[&id])?
                    .map(|r| row_event(&r))
                    .transpose()
            })
        })
    }

    pub fn list(&self, filter: &Filter) -> Result<Vec<Event>, Error> {
        let f = filter.clone();
        self.conn.call(move |s| {
            s.run(|c| {
                let sql = format!(
                    "SELECT {COLUMNS} FROM relay_events
                     WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR action = $2)
                       AND ($3::float8 IS NULL OR received_unix >= $3)
                       AND ($4::text IS NULL OR target = $4)
                     ORDER BY id"
                );
                let status = f.status.map(Status::as_str);
                c.query(&sql, &[&status, &f.action, &f.since_unix, &f.target])?
                    .iter()
                    .map(row_event)
                    .collect()
            })
        })
    }

    pub fn counts(&self) -> Result<Vec<TargetCount>, Error> {
        self.conn.call(|s| s.run(|c| counts(c, None)))
    }

    /// As [`super::EventStore::reroute`].
    pub fn reroute(
        &self,
        routes: &[(String, String)],
        default: Option<&str>,
    ) -> Result<usize, Error> {
        let mut values: Vec<String> = Vec::new();
        let mut whens = String::new();
        for (action, url) in routes {
            values.push(action.clone());
            values.push(url.clone());
            let n = values.len();
            whens.push_str(&format!(" WHEN action = ${} THEN ${n}", n - 1));
        }
        values.push(default.unwrap_or("").to_string());
        let fallback = format!("NULLIF(${}, '')", values.len());
        let case = if whens.is_empty() {
            fallback
        } else {
            format!("CASE{whens} ELSE {fallback} END")
        };
        self.conn.call(move |s| {
            s.run(|c| {
                let params: Vec<&(dyn ToSql + Sync)> =
                    values.iter().map(|v| v as &(dyn ToSql + Sync)).collect();
                let sql = format!(
                    "UPDATE relay_events SET target = {case}
                     WHERE status = 'pending' AND target IS DISTINCT FROM ({case})"
                );
                c.execute(&sql, &params).map(|n| n as usize)
            })
        })
    }

    pub fn prune(&self, rule: Prune, dry: bool) -> Result<Pruned, Error> {
        self.conn.call(move |s| {
            s.run(|c| {
                let mut tx = c.transaction()?;
                let before = rule.before_unix;
                let pending = rule.include_pending;
                let mut n = Pruned::default();
                for r in tx.query(
                    "SELECT status, count(*) FROM relay_events
                     WHERE received_unix < $1 AND (status <> 'pending' OR $2) GROUP BY status",
                    &[&before, &pending],
                )? {
                    let count = r.get::<_, i64>(1).max(0) as u64;
                    match Status::parse(r.get(0)) {
                        Some(Status::Pending) => n.pending = count,
                        Some(Status::Delivered) => n.delivered = count,
                        Some(Status::Failed) => n.failed = count,
                        None => {}
                    }
                }
                if !dry {
                    tx.execute(
                        "DELETE FROM relay_events
                         WHERE received_unix < $1 AND (status <> 'pending' OR $2)",
                        &[&before, &pending],
                    )?;
                }
                tx.commit()?;
                Ok(n)
            })
        })
    }
}

/// `relay_meta`'s schema version; None when there is no store here yet.
fn stored_version(c: &mut Client) -> Result<Option<i64>, postgres::Error> {
    let exists: bool = c
        .query_one("SELECT to_regclass('relay_meta') IS NOT NULL", &[])?
        .get(0);
    if !exists {
        return Ok(None);
    }
    let v: Option<String> = c
        .query_opt(
            "SELECT value FROM relay_meta WHERE key = 'schema_version'",
            &[],
        )?
        .map(|r| r.get(0));
    Ok(Some(v.and_then(|v| v.parse().ok()).unwrap_or(0)))
}

fn counts(c: &mut Client, only: Option<Status>) -> Result<Vec<TargetCount>, postgres::Error> {
    let only = only.map(Status::as_str);
    c.query(
        "SELECT target, status, count(*), min(received_unix) FROM relay_events
         WHERE ($1::text IS NULL OR status = $1) GROUP BY target, status ORDER BY target, status",
        &[&only],
    )?
    .iter()
    .map(|r| {
        Ok(TargetCount {
            target: r.get(0),
            status: Status::parse(r.get(1)).unwrap_or(Status::Pending),
            count: r.get::<_, i64>(2).max(0) as u64,
            oldest_unix: r.get(3),
        })
    })
    .collect()
}

fn row_event(r: &postgres::Row) -> Result<Event, postgres::Error> {
    let status = |s: &str| Status::parse(s).unwrap_or(Status::Pending);
    Ok(super::event_from_row!(r.try_get, status))
}

/// One transaction for the batch, answered after its commit. Inserts draw their ids under
/// the advisory lock, so ids commit in order across listeners.
fn commit(session: &mut Session, batch: Vec<Op>, health: &Health, clock: &dyn Clock) {
    let now = clock.utc();
    let result = session.run(|c| {
        let mut tx = c.transaction()?;
        if batch.iter().any(|op| matches!(op, Op::Insert(..))) {
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])?;
        }
        let mut results = Vec::with_capacity(batch.len());
        for op in &batch {
            results.push(match op {
                // One event's rows in the one transaction of the batch: all or none.
                Op::Insert(evs, _) => evs
                    .iter()
                    .map(|ev| insert(&mut tx, ev, now))
                    .collect::<Result<Vec<i64>, _>>()?,
                // All of them in one statement, below.
                Op::Mark {
                    mark: Mark::Delivered,
                    ..
                } => vec![0],
                Op::Mark {
                    id,
                    target,
                    mark,
                    token,
                    ..
                } => vec![apply_mark(&mut tx, *id, target, *token, mark)? as i64],
                Op::Flush(_) => Vec::new(),
            });
        }
        let marked = delivered(&mut tx, &batch, now)?;
        for (op, r) in batch.iter().zip(results.iter_mut()) {
            if let Op::Mark {
                id,
                mark: Mark::Delivered,
                ..
            } = op
            {
                *r = vec![i64::from(marked.contains(id))];
            }
        }
        tx.commit()?;
        Ok(results)
    });
    match result {
        Ok(results) => {
            health.write_ok();
            writer::answer(batch, results.into_iter().map(Ok).collect(), None);
        }
        Err(e) => {
            health.write_failed(&e.message);
            writer::answer(batch, Vec::new(), Some(e));
        }
    }
}

fn insert(
    tx: &mut postgres::Transaction<'_>,
    ev: &NewEvent,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<i64, postgres::Error> {
    let at = now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let unix = now.timestamp_millis() as f64 / 1000.0;
    let (name, value) = ev
        .signature
        .as_ref()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .unzip();
    let row = tx.query_one(
        "INSERT INTO relay_events (action, received_at, received_unix, payload, content_type,
             signature_name, signature_value, target)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        &[
            &ev.action,
            &at,
            &unix,
            &&ev.payload[..],
            &ev.content_type,
            &name,
            &value,
            &ev.target,
        ],
    )?;
    Ok(row.get(0))
}

/// Mark every delivered event of the batch in one statement (a lane's forwards come faster
/// than one round trip each); the ids that were still there.
fn delivered(
    tx: &mut postgres::Transaction<'_>,
    batch: &[Op],
    now: chrono::DateTime<chrono::Utc>,
) -> Result<std::collections::HashSet<i64>, postgres::Error> {
    let (mut ids, mut targets, mut tokens) = (Vec::new(), Vec::new(), Vec::new());
    for op in batch {
        if let Op::Mark {
            id,
            target,
            mark: Mark::Delivered,
            token,
            ..
        } = op
        {
            ids.push(*id);
            targets.push(target.as_str());
            tokens.push(*token);
        }
    }
    if ids.is_empty() {
        return Ok(Default::default());
    }
    let at = now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let rows = tx.query(
        "UPDATE relay_events e SET status = 'delivered', attempts = e.attempts + 1,
             target = m.target, last_error = NULL, next_attempt_unix = NULL, delivered_at = $3
         FROM unnest($1::bigint[], $2::text[], $4::bigint[]) AS m(id, target, token)
         WHERE e.id = m.id AND (m.token IS NULL OR EXISTS (
             SELECT 1 FROM relay_lanes l WHERE l.target = m.target AND l.token = m.token))
         RETURNING e.id",
        &[&ids, &targets, &at, &tokens],
    )?;
    Ok(rows.iter().map(|r| r.get(0)).collect())
}

/// A retry's or a failure's outcome (delivered ones are marked together by [`delivered`]),
/// fenced as they are.
fn apply_mark(
    tx: &mut postgres::Transaction<'_>,
    id: i64,
    target: &str,
    token: Option<i64>,
    mark: &Mark,
) -> Result<u64, postgres::Error> {
    // Only while the lane's lease still carries the token (None: not fenced).
    let held = |n: u8| {
        format!(
            "(${n}::bigint IS NULL OR EXISTS (
                SELECT 1 FROM relay_lanes l WHERE l.target = $2 AND l.token = ${n}))"
        )
    };
    match mark {
        Mark::Delivered => Ok(0),
        Mark::Retry { error, next_unix } => tx.execute(
            &format!(
                "UPDATE relay_events SET attempts = attempts + 1, target = $2, last_error = $3,
                 next_attempt_unix = $4 WHERE id = $1 AND {}",
                held(5)
            ),
            &[&id, &target, error, next_unix, &token],
        ),
        Mark::GiveUp { error } => tx.execute(
            &format!(
                "UPDATE relay_events SET status = 'failed', attempts = attempts + 1,
                 target = $2, last_error = $3, next_attempt_unix = NULL WHERE id = $1 AND {}",
                held(4)
            ),
            &[&id, &target, error, &token],
        ),
    }
}
