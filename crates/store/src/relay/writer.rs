//! The listener's one writer to its event store: a thread that owns the write connection and
//! commits whatever was asked of it since its last commit in one transaction (group commit).
//! An insert is answered only once its commit is on disk, so the listener's 200 still means
//! "kept"; when events arrive or drain faster than one commit each, one fsync serves many.
//!
//! Each inserted event is read back after its commit, on a connection of its own that reads
//! the file rather than the writer's page cache: pages damaged under a running listener would
//! otherwise let it answer 200 for events nobody can read or forward.
//!
//! The writer also keeps the store's health: since when writes (or the lanes' reads) have
//! been failing, and whether the store was found damaged, which `/healthz` reports and which
//! stops the listener when it lasts.

use std::path::Path;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rusqlite::{params, Connection, TransactionBehavior};
use tokio::sync::oneshot;

use super::{NewEvent, Reader, Status};
use crate::error::Error;
use recruit_core::clock::{Clock, SharedClock};

/// Most operations in one transaction, and most payload bytes: a commit stays short.
const MAX_BATCH: usize = 1000;
const MAX_BATCH_BYTES: usize = 32 * 1024 * 1024;

/// What happened to one attempt at forwarding an event.
#[derive(Debug, Clone)]
pub enum Mark {
    Delivered,
    /// Will be tried again (`next_unix` is shown to people).
    Retry {
        error: String,
        next_unix: f64,
    },
    /// Given up: the event becomes `failed`.
    GiveUp {
        error: String,
    },
}

pub(crate) enum Op {
    /// One received event's rows, one per target: committed together or not at all (an op
    /// is never split between two transactions).
    Insert(Vec<NewEvent>, oneshot::Sender<Result<Vec<i64>, Error>>),
    Mark {
        id: i64,
        target: String,
        mark: Mark,
        /// The fencing token of the lane's lease on a shared store: the mark changes nothing
        /// unless the lease still carries it (None on a file: one listener).
        token: Option<i64>,
        /// Whether the event was still there to mark.
        done: oneshot::Sender<Result<bool, Error>>,
    },
    /// Answered once everything sent before it is committed.
    Flush(oneshot::Sender<()>),
}

impl Op {
    fn bytes(&self) -> usize {
        match self {
            Op::Insert(evs, _) => evs.iter().map(|e| e.payload.len()).sum(),
            _ => 64,
        }
    }
}

/// Since when the store has been failing, if it is; shared by the writer, the lanes and the
/// health check.
#[derive(Debug, Default)]
pub struct Health {
    writes_failing: Mutex<Option<(Instant, String)>>,
    reads_failing: Mutex<Option<(Instant, String)>>,
    /// Sticky: damaged pages do not heal, so new events are refused (503) until the listener
    /// is restarted on a sound store (its start-up check refuses a damaged one by name).
    damaged: Mutex<Option<(Instant, String)>>,
    /// The same damage as the error it is (its message kept as data), for the writes refused.
    damage: Mutex<Option<Error>>,
}

impl Health {
    pub fn write_ok(&self) {
        *self
            .writes_failing
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = None;
    }
    pub fn write_failed(&self, why: &str) {
        let mut w = self
            .writes_failing
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        match w.as_mut() {
            Some((_, last)) => *last = why.to_string(),
            None => *w = Some((Instant::now(), why.to_string())),
        }
    }
    pub fn read_ok(&self) {
        *self.reads_failing.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
    pub fn read_failed(&self, why: &str) {
        let mut r = self.reads_failing.lock().unwrap_or_else(|e| e.into_inner());
        match r.as_mut() {
            Some((_, last)) => *last = why.to_string(),
            None => *r = Some((Instant::now(), why.to_string())),
        }
    }
    /// Record `e` if it says the store is damaged (any connection: the writer, a lane, a
    /// scrape, the health check); the first such error is kept, with what to do.
    pub fn saw(&self, path: &Path, e: &Error) {
        if !super::is_damage(e) {
            return;
        }
        // SQLite's own words ("database disk image is malformed"): the message around them
        // is said again by `damaged_message`.
        let why = e
            .source
            .as_ref()
            .map_or(e.message.clone(), |s| s.to_string());
        self.found_damage(path, why);
    }
    fn found_damage(&self, path: &Path, why: impl Into<recruit_core::msg::Arg>) {
        let mut d = self.damaged.lock().unwrap_or_else(|e| e.into_inner());
        if d.is_none() {
            let e = super::damaged(path, why);
            *d = Some((Instant::now(), e.message.clone()));
            *self.damage.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
        }
    }
    /// Why the store was found damaged, if it was.
    pub fn damaged(&self) -> Option<String> {
        self.damaged
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .map(|(_, why)| why.clone())
    }
    /// The failure that has lasted longest (damage counts): since when, and its latest error.
    pub fn failing(&self) -> Option<(Instant, String)> {
        let slots = [&self.writes_failing, &self.reads_failing, &self.damaged];
        slots
            .into_iter()
            .filter_map(|m| m.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .min_by_key(|(since, _)| *since)
    }
}

/// A handle on the writer thread; cheap to clone. The thread ends when every handle is gone,
/// after committing what it was given.
#[derive(Clone)]
pub struct Writer {
    tx: mpsc::Sender<Op>,
    pub health: Arc<Health>,
}

impl Writer {
    /// Open a write connection to the (already opened and checked) store at `path` and start
    /// its thread.
    pub fn start(
        path: &Path,
        clock: SharedClock,
    ) -> Result<(Writer, std::thread::JoinHandle<()>), Error> {
        use crate::sqlite_file::{open, prepare_for_writes, Role};
        let conn = open(path, Role::Listener)
            .and_then(|c| prepare_for_writes(&c, Role::Listener).map(|_| c))
            .map_err(|e| super::store_error(path, e))?;
        let check = Reader::open(path)?;
        let path = path.to_path_buf();
        Writer::spawn(move |rx, h| run(conn, check, &path, rx, h, &*clock))
    }

    /// Start a writer thread running `body` over the operations sent to it (each store's
    /// own commits).
    pub(crate) fn spawn(
        body: impl FnOnce(mpsc::Receiver<Op>, &Health) + Send + 'static,
    ) -> Result<(Writer, std::thread::JoinHandle<()>), Error> {
        let (tx, rx) = mpsc::channel();
        let health = Arc::new(Health::default());
        let h = health.clone();
        let thread = std::thread::Builder::new()
            .name("event-store-writer".into())
            .spawn(move || body(rx, &h))
            .map_err(|e| {
                Error::caused(crate::ExitKind::Other, crate::msg!("store-writer-start"), e)
            })?;
        Ok((Writer { tx, health }, thread))
    }

    /// Commit one received event; its id, once it is on disk and reads back. A store found
    /// damaged takes no more events.
    pub async fn insert(&self, ev: NewEvent) -> Result<i64, Error> {
        let ids = self.insert_all(vec![ev]).await?;
        ids.first().copied().ok_or_else(stopped)
    }

    /// Commit one received event's rows (one per forward target) in one transaction, all or
    /// none: their ids, once on disk and read back. A failure leaves none of them stored, so
    /// the service's retry does not duplicate the ones that were.
    pub async fn insert_all(&self, evs: Vec<NewEvent>) -> Result<Vec<i64>, Error> {
        let damage = self.health.damage.lock().map(|d| d.clone());
        if let Some(mut e) = damage.unwrap_or_else(|e| e.into_inner().clone()) {
            // Refused as any failure (exit 1), whatever `damaged` says of the store itself.
            e.kind = recruit_core::ExitKind::Other;
            return Err(e);
        }
        // A secret address (a chat channel's, one with a token) is kept by its name only,
        // whoever stores the event.
        let evs = evs
            .into_iter()
            .map(|mut ev| {
                ev.target = ev.target.map(|t| recruit_core::redact::stored_target(&t));
                ev
            })
            .collect();
        let (tx, rx) = oneshot::channel();
        self.send(Op::Insert(evs, tx))?;
        rx.await.unwrap_or_else(|_| Err(stopped()))
    }

    /// Record an attempt's outcome. The answer comes when it is committed; a lane need not
    /// wait for it before its next forward (it keeps a bounded number in flight).
    pub fn mark(
        &self,
        id: i64,
        target: &str,
        mark: Mark,
    ) -> oneshot::Receiver<Result<bool, Error>> {
        self.mark_fenced(id, target, None, mark)
    }

    /// As [`Writer::mark`], by the holder of `target`'s lease with fencing `token`: on a
    /// shared store the mark changes nothing (answered false) once another listener has taken
    /// the lease since.
    pub fn mark_fenced(
        &self,
        id: i64,
        target: &str,
        token: Option<i64>,
        mark: Mark,
    ) -> oneshot::Receiver<Result<bool, Error>> {
        let (done, rx) = oneshot::channel();
        let op = Op::Mark {
            id,
            target: recruit_core::redact::stored_target(target),
            mark,
            token,
            done,
        };
        if let Err(mpsc::SendError(Op::Mark { done, .. })) = self.tx.send(op) {
            let _ = done.send(Err(stopped()));
        }
        rx
    }

    /// Wait until everything sent before is committed (or failed).
    pub async fn flush(&self) {
        let (tx, rx) = oneshot::channel();
        if self.tx.send(Op::Flush(tx)).is_ok() {
            let _ = rx.await;
        }
    }

    fn send(&self, op: Op) -> Result<(), Error> {
        self.tx.send(op).map_err(|_| stopped())
    }
}

fn stopped() -> Error {
    Error::other(crate::msg!("store-writer-stopped"))
}

fn run(
    mut conn: Connection,
    mut check: Reader,
    path: &Path,
    rx: mpsc::Receiver<Op>,
    health: &Health,
    clock: &dyn Clock,
) {
    while let Some(batch) = next_batch(&rx) {
        commit(&mut conn, &mut check, path, batch, health, clock);
    }
}

/// What was asked since the last commit (waiting for the first): one transaction's worth.
/// None once every handle is gone.
pub(crate) fn next_batch(rx: &mpsc::Receiver<Op>) -> Option<Vec<Op>> {
    let first = rx.recv().ok()?;
    let mut bytes = first.bytes();
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH && bytes < MAX_BATCH_BYTES {
        match rx.try_recv() {
            Ok(op) => {
                bytes += op.bytes();
                batch.push(op);
            }
            Err(_) => break,
        }
    }
    Some(batch)
}

/// One transaction for the whole batch; each operation answered after the commit, with its
/// own result (or the commit's error). Inserts are answered only once read back.
fn commit(
    conn: &mut Connection,
    check: &mut Reader,
    path: &Path,
    batch: Vec<Op>,
    health: &Health,
    clock: &dyn Clock,
) {
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => {
            let err = super::store_error(path, e);
            health.saw(path, &err);
            health.write_failed(&err.message);
            return answer(batch, Vec::new(), Some(err));
        }
    };
    let mut results = Vec::with_capacity(batch.len());
    for op in &batch {
        results.push(match op {
            Op::Insert(evs, _) => insert_group(&tx, evs, clock.utc()),
            Op::Mark {
                id, target, mark, ..
            } => apply_mark(&tx, *id, target, mark, clock.utc()).map(|n| vec![n as i64]),
            Op::Flush(_) => Ok(Vec::new()),
        });
    }
    let outcome = tx.commit().map_err(|e| super::store_error(path, e));
    match &outcome {
        Ok(()) if results.iter().all(Result::is_ok) => health.write_ok(),
        Ok(()) => {
            if let Some(Err(e)) = results.iter().find(|r| r.is_err()) {
                health.write_failed(&e.to_string());
            }
        }
        Err(e) => health.write_failed(&e.message),
    }
    let mut results: Vec<Result<Vec<i64>, Error>> = results
        .into_iter()
        .map(|r| r.map_err(|e| super::store_error(path, e)))
        .collect();
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        health.saw(path, e);
    }
    if let Err(e) = &outcome {
        health.saw(path, e);
    } else {
        read_back(check, path, &batch, &mut results, health);
    }
    answer(batch, results, outcome.err());
}

/// One event's rows inside the batch's transaction, under a savepoint: a row that fails takes
/// the others of its event back out, while the rest of the batch commits.
fn insert_group(
    tx: &Connection,
    evs: &[NewEvent],
    now: chrono::DateTime<chrono::Utc>,
) -> rusqlite::Result<Vec<i64>> {
    tx.execute_batch("SAVEPOINT event")?;
    let ids: rusqlite::Result<Vec<i64>> = evs.iter().map(|ev| super::insert(tx, ev, now)).collect();
    match ids {
        Ok(ids) => {
            tx.execute_batch("RELEASE event")?;
            Ok(ids)
        }
        Err(e) => {
            tx.execute_batch("ROLLBACK TO event; RELEASE event")?;
            Err(e)
        }
    }
}

/// Turn each committed insert that does not read back (an error, or not there as written)
/// into an error: the listener answers 503 for it, never 200.
fn read_back(
    check: &mut Reader,
    path: &Path,
    batch: &[Op],
    results: &mut [Result<Vec<i64>, Error>],
    health: &Health,
) {
    // Where each inserted row's event is in the batch, and what it should read back as.
    let mut at = Vec::new();
    let mut events = Vec::new();
    for (i, (op, r)) in batch.iter().zip(results.iter()).enumerate() {
        if let (Op::Insert(evs, _), Ok(ids)) = (op, r) {
            for (ev, id) in evs.iter().zip(ids) {
                at.push(i);
                events.push((*id, ev.target.as_deref(), &ev.payload[..]));
            }
        }
    }
    if events.is_empty() {
        return;
    }
    match check.read_back(&events) {
        Ok(found) => {
            for ((i, (id, _, _)), ok) in at.iter().zip(&events).zip(found) {
                if !ok {
                    let why = crate::msg!("store-event-unreadable", id = *id);
                    health.found_damage(path, why.clone());
                    let mut e = super::damaged(path, why);
                    e.kind = recruit_core::ExitKind::Other;
                    results[*i] = Err(e);
                }
            }
        }
        Err(e) => {
            health.saw(path, &e);
            health.write_failed(&e.message);
            for i in &at {
                results[*i] = Err(e.clone());
            }
        }
    }
}

/// Each operation's answer: an insert's ids, a mark's rows changed (one number).
pub(crate) fn answer(batch: Vec<Op>, results: Vec<Result<Vec<i64>, Error>>, failed: Option<Error>) {
    let mut results = results.into_iter();
    for op in batch {
        let result = match (&failed, results.next()) {
            (Some(e), _) => Err(e.clone()),
            (None, Some(r)) => r,
            (None, None) => Err(stopped()),
        };
        match op {
            Op::Insert(_, reply) => {
                let _ = reply.send(result);
            }
            Op::Mark { done, .. } => {
                let _ = done.send(result.map(|n| n.first().is_some_and(|n| *n > 0)));
            }
            Op::Flush(reply) => {
                let _ = reply.send(());
            }
        }
    }
}

/// Rows changed: 0 when the event is gone (pruned under the relay).
fn apply_mark(
    c: &Connection,
    id: i64,
    target: &str,
    mark: &Mark,
    now: chrono::DateTime<chrono::Utc>,
) -> rusqlite::Result<usize> {
    Ok(match mark {
        Mark::Delivered => {
            let at = now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
            c.prepare_cached(
                "UPDATE events SET status = 'delivered', attempts = attempts + 1, target = ?2,
                 last_error = NULL, next_attempt_unix = NULL, delivered_at = ?3 WHERE id = ?1",
            )?
            .execute(params![id, target, at])?
        }
        Mark::Retry { error, next_unix } => c
            .prepare_cached(
                "UPDATE events SET attempts = attempts + 1, target = ?2, last_error = ?3,
                 next_attempt_unix = ?4 WHERE id = ?1",
            )?
            .execute(params![id, target, error, next_unix])?,
        Mark::GiveUp { error } => c
            .prepare_cached(
                "UPDATE events SET status = ?4, attempts = attempts + 1, target = ?2,
                 last_error = ?3, next_attempt_unix = NULL WHERE id = ?1",
            )?
            .execute(params![id, target, error, Status::Failed.as_str()])?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::relay::{EventStore, Filter};

    fn event(n: usize) -> NewEvent {
        NewEvent {
            action: Some("candidate_pass".into()),
            payload: format!("{{\"seq\":{n}}}").into_bytes().into(),
            content_type: None,
            signature: None,
            target: Some("http://app/".into()),
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_inserts_share_commits_and_every_one_is_answered_with_its_id() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let (store, _lock) = EventStore::open_for_listener(&path).unwrap();
        let (w, thread) = Writer::start(&path, recruit_core::clock::system()).unwrap();
        let mut tasks = tokio::task::JoinSet::new();
        for n in 0..300 {
            let w = w.clone();
            tasks.spawn(async move { (n, w.insert(event(n)).await.unwrap()) });
        }
        let mut ids = Vec::new();
        while let Some(r) = tasks.join_next().await {
            ids.push(r.unwrap());
        }
        let stored = store.list(&Filter::default()).unwrap();
        assert_eq!(stored.len(), 300);
        for (n, id) in ids {
            let e = stored.iter().find(|e| e.id == id).unwrap();
            assert_eq!(e.payload, format!("{{\"seq\":{n}}}").into_bytes());
        }
        // Marks, then a flush: all committed, with their outcomes.
        let first = stored[0].id;
        let d = w.mark(first, "http://app/", Mark::Delivered);
        let g = w.mark(
            stored[1].id,
            "http://app/",
            Mark::GiveUp {
                error: "HTTP 400: {}".into(),
            },
        );
        w.flush().await;
        assert!(d.await.unwrap().unwrap());
        assert!(g.await.unwrap().unwrap());
        let gone = w.mark(99_999, "http://app/", Mark::Delivered);
        assert!(
            !gone.await.unwrap().unwrap(),
            "no such event: nothing marked"
        );
        assert_eq!(store.get(first).unwrap().unwrap().status, Status::Delivered);
        let failed = store.get(stored[1].id).unwrap().unwrap();
        assert_eq!(
            (failed.status, failed.last_error.as_deref()),
            (Status::Failed, Some("HTTP 400: {}"))
        );
        assert!(w.health.failing().is_none());
        drop(w);
        thread.join().unwrap();
    }

    /// An event with several forward targets is stored as one row per target, all or none: a
    /// row refused takes its event's other rows with it, and leaves the rest of the batch.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_events_rows_for_several_targets_are_stored_all_or_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let (store, _lock) = EventStore::open_for_listener(&path).unwrap();
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.target = 'http://refused/'
                 BEGIN SELECT RAISE(ABORT, 'refused'); END;",
            )
            .unwrap();
        let (w, _thread) = Writer::start(&path, recruit_core::clock::system()).unwrap();
        let to = |n: usize, target: &str| NewEvent {
            target: Some(target.into()),
            ..event(n)
        };
        let ids = w
            .insert_all(vec![
                to(1, "http://a/"),
                to(1, "http://b/"),
                to(1, "http://c/"),
            ])
            .await
            .unwrap();
        assert_eq!(ids.len(), 3);
        assert!(ids.windows(2).all(|p| p[0] < p[1]), "{ids:?}");
        // Sent together, so most likely in one batch: the refused event's rows go, the other
        // event stays.
        let (refused, other) = tokio::join!(
            w.insert_all(vec![to(2, "http://a/"), to(2, "http://refused/")]),
            w.insert(to(3, "http://a/"))
        );
        assert!(refused.unwrap_err().message.contains("refused"));
        other.unwrap();
        let seqs: Vec<(String, Option<String>)> = store
            .list(&Filter::default())
            .unwrap()
            .into_iter()
            .map(|e| (String::from_utf8(e.payload.to_vec()).unwrap(), e.target))
            .collect();
        let row = |n: usize, t: &str| (format!("{{\"seq\":{n}}}"), Some(t.to_string()));
        assert_eq!(
            seqs,
            [
                row(1, "http://a/"),
                row(1, "http://b/"),
                row(1, "http://c/"),
                row(3, "http://a/")
            ]
        );
    }

    #[tokio::test]
    async fn a_broken_store_answers_errors_and_says_since_when() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let (_store, _lock) = EventStore::open_for_listener(&path).unwrap();
        let (w, _thread) = Writer::start(&path, recruit_core::clock::system()).unwrap();
        w.insert(event(1)).await.unwrap();
        Connection::open(&path)
            .unwrap()
            .execute_batch("DROP TABLE events;")
            .unwrap();
        let e = w.insert(event(2)).await.unwrap_err();
        assert!(e.message.contains("no such table"), "{}", e.message);
        let (since, why) = w.health.failing().unwrap();
        assert!(
            since.elapsed().as_secs() < 5 && why.contains("events"),
            "{why}"
        );
    }
}
