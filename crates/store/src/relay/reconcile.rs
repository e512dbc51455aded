//! The store's part of `webhooks listen --reconcile` (cli.md, "Events the service gave up
//! on"): what each candidate's `job_stage` was at the last walk, the dedup key of every change
//! made into events, and (on a shared store) who walks.
//!
//! A walk is one transaction that holds off the listener's own inserts (SQLite's write lock;
//! in PostgreSQL the advisory lock under which inserts draw their ids): a received event is
//! either committed before it, and then covers its change, or after it. A change's dedup key
//! (code, stage kind, `job_stage.updated_at`) is unique in the store, so however many
//! listeners walk and however often they restart, a change becomes events once.

use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use super::{EventStore, NewEvent, Store};
use crate::error::Error;

/// One candidate as a walk saw it.
#[derive(Debug, Clone)]
pub struct Observed {
    pub code: String,
    /// `job_stage.stage_kind`.
    pub kind: String,
    /// `job_stage.updated_at` as sent.
    pub updated_at: String,
    /// The same as a Unix time, when it reads as RFC 3339.
    pub updated_unix: Option<f64>,
    /// The list item as sent.
    pub item: serde_json::Value,
}

impl Observed {
    /// The change's dedup key: unique in the store.
    pub fn dedup_key(&self) -> String {
        format!("{}\u{1f}{}\u{1f}{}", self.code, self.kind, self.updated_at)
    }
}

/// What the listener decides for the store: the events a change becomes (one row per target),
/// and the candidate a received event is about (the one reading of a payload).
#[derive(Clone)]
pub struct Rules {
    pub events: EventsOf,
    pub code_of: CodeOf,
}

/// The rows a change is stored as.
pub type EventsOf = Arc<dyn Fn(&Observed) -> Vec<NewEvent> + Send + Sync>;
/// The candidate a received event's body is about.
pub type CodeOf = Arc<dyn Fn(&[u8]) -> Option<String> + Send + Sync>;

/// What one walk did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reconciled {
    /// The store's first walk: it only recorded.
    pub first: bool,
    /// Candidates whose stage changed since the last walk.
    pub changed: usize,
    /// Changes a received event covered.
    pub covered: usize,
    /// Changes made into events by this walk (not by another listener before).
    pub synthesized: usize,
    /// Events made (a move to `pass` is two), each stored once per target.
    pub events: usize,
    /// The ids of the rows stored.
    pub ids: Vec<i64>,
}

/// The changes of `walk` against `seen` (code -> kind, updated_at).
pub(crate) fn changes<'a>(
    seen: &HashMap<String, (String, String)>,
    walk: &'a [Observed],
) -> Vec<&'a Observed> {
    walk.iter()
        .filter(|o| {
            seen.get(&o.code)
                .is_some_and(|(k, u)| (*k != o.kind || *u != o.updated_at) && !older(o, u))
        })
        .collect()
}

/// Whether `o` is older than what was seen (`seen_at`): a list read before another
/// listener's later walk. It is neither a change nor recorded.
pub(crate) fn older(o: &Observed, seen_at: &str) -> bool {
    let before = chrono::DateTime::parse_from_rfc3339(seen_at)
        .ok()
        .map(|t| t.timestamp_millis() as f64 / 1000.0);
    matches!((o.updated_unix, before), (Some(now), Some(then)) if now < then)
}

/// The latest receipt (Unix time) of a received `candidate_stage_changed` per candidate,
/// from `(payload, received_unix)` rows; synthesized events do not count.
pub(crate) fn received_by_code(
    rows: impl IntoIterator<Item = (Vec<u8>, f64)>,
    rules: &Rules,
) -> HashMap<String, f64> {
    let mut latest: HashMap<String, f64> = HashMap::new();
    for (payload, at) in rows {
        if recruit_core::payload::is_synthesized(&payload) {
            continue;
        }
        if let Some(code) = (rules.code_of)(&payload) {
            let e = latest.entry(code).or_insert(at);
            *e = e.max(at);
        }
    }
    latest
}

/// Whether an event received at `received` (latest for the candidate) covers `change`: it came
/// at or after the change. A time that does not read covers with any received event.
pub(crate) fn covered(change: &Observed, received: Option<f64>) -> bool {
    match (received, change.updated_unix) {
        (Some(at), Some(changed)) => at >= changed.floor(),
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// How many events `rows` are (rows of one action are its targets').
pub(crate) fn actions(rows: &[NewEvent]) -> usize {
    let mut names: Vec<&Option<String>> = rows.iter().map(|r| &r.action).collect();
    names.dedup();
    names.len()
}

/// The earliest change's time, from which received events are read.
pub(crate) fn since(changes: &[&Observed]) -> f64 {
    changes
        .iter()
        .map(|c| c.updated_unix.unwrap_or(0.0).floor())
        .fold(f64::INFINITY, f64::min)
}

const SQLITE_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS reconcile_seen (
    code TEXT PRIMARY KEY, kind TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reconcile_synthesized (
    dedup_key TEXT PRIMARY KEY, made_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reconcile_walks (
    id INTEGER PRIMARY KEY CHECK (id = 1), walked_at TEXT NOT NULL);";

impl EventStore {
    /// One walk against the file (see the module's comment).
    pub fn reconcile(
        &self,
        walk: &[Observed],
        rules: &Rules,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reconciled, Error> {
        self.with(|c| reconcile_sqlite(c, walk, rules, now))
    }
}

/// What a walk asks of a store, inside the walk's one transaction: the file and PostgreSQL
/// differ only in their SQL, and [`walk_in`] is the walk's one owner.
pub(crate) trait WalkTx {
    type Fail;
    /// Whether a walk was recorded before (else this one only records).
    fn walked_before(&mut self) -> Result<bool, Self::Fail>;
    /// What was seen last: code -> (kind, updated_at).
    fn seen(&mut self) -> Result<HashMap<String, (String, String)>, Self::Fail>;
    /// `(payload, received_unix)` of the `candidate_stage_changed` events received since.
    fn received_since(&mut self, since: f64) -> Result<Vec<(Vec<u8>, f64)>, Self::Fail>;
    /// Record a change's dedup key; whether it was new.
    fn made(&mut self, dedup_key: &str, at: &str) -> Result<bool, Self::Fail>;
    fn insert(
        &mut self,
        ev: &NewEvent,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<i64, Self::Fail>;
    fn record_seen(&mut self, newer: &[&Observed]) -> Result<(), Self::Fail>;
    fn record_walk(&mut self, at: &str) -> Result<(), Self::Fail>;
}

/// One walk in `tx` (the caller commits): compare `walk` with what was seen, store the events
/// of each change no received event covered and no walk made before, record what was seen.
pub(crate) fn walk_in<T: WalkTx>(
    tx: &mut T,
    walk: &[Observed],
    rules: &Rules,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Reconciled, T::Fail> {
    let at = now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let first = !tx.walked_before()?;
    let mut out = Reconciled {
        first,
        ..Reconciled::default()
    };
    let seen = tx.seen()?;
    let changed = if first {
        Vec::new()
    } else {
        changes(&seen, walk)
    };
    out.changed = changed.len();
    if !changed.is_empty() {
        let received = received_by_code(tx.received_since(since(&changed))?, rules);
        for change in changed {
            if covered(change, received.get(&change.code).copied()) {
                out.covered += 1;
                continue;
            }
            if !tx.made(&change.dedup_key(), &at)? {
                continue;
            }
            out.synthesized += 1;
            let rows = (rules.events)(change);
            out.events += actions(&rows);
            for ev in rows {
                out.ids.push(tx.insert(&stored(ev), now)?);
            }
        }
    }
    let newer: Vec<&Observed> = walk
        .iter()
        .filter(|o| !seen.get(&o.code).is_some_and(|(_, u)| older(o, u)))
        .collect();
    tx.record_seen(&newer)?;
    tx.record_walk(&at)?;
    Ok(out)
}

fn reconcile_sqlite(
    c: &mut Connection,
    walk: &[Observed],
    rules: &Rules,
    now: chrono::DateTime<chrono::Utc>,
) -> rusqlite::Result<Reconciled> {
    c.execute_batch(SQLITE_SCHEMA)?;
    let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let out = walk_in(&mut SqliteWalk(&tx), walk, rules, now)?;
    tx.commit()?;
    Ok(out)
}

/// A walk's transaction on the file.
struct SqliteWalk<'a>(&'a rusqlite::Transaction<'a>);

impl WalkTx for SqliteWalk<'_> {
    type Fail = rusqlite::Error;

    fn walked_before(&mut self) -> rusqlite::Result<bool> {
        let row = self
            .0
            .query_row("SELECT 1 FROM reconcile_walks WHERE id = 1", [], |_| Ok(()))
            .optional()?;
        Ok(row.is_some())
    }

    fn seen(&mut self) -> rusqlite::Result<HashMap<String, (String, String)>> {
        self.0
            .prepare("SELECT code, kind, updated_at FROM reconcile_seen")?
            .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
            .collect()
    }

    fn received_since(&mut self, since: f64) -> rusqlite::Result<Vec<(Vec<u8>, f64)>> {
        self.0
            .prepare(
                "SELECT payload, received_unix FROM events
                 WHERE action = 'candidate_stage_changed' AND received_unix >= ?1",
            )?
            .query_map(params![since], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
    }

    fn made(&mut self, dedup_key: &str, at: &str) -> rusqlite::Result<bool> {
        let fresh = self.0.execute(
            "INSERT INTO reconcile_synthesized (dedup_key, made_at) VALUES (?1, ?2)
             ON CONFLICT (dedup_key) DO NOTHING",
            params![dedup_key, at],
        )?;
        Ok(fresh > 0)
    }

    fn insert(
        &mut self,
        ev: &NewEvent,
        now: chrono::DateTime<chrono::Utc>,
    ) -> rusqlite::Result<i64> {
        super::insert(self.0, ev, now)
    }

    fn record_seen(&mut self, newer: &[&Observed]) -> rusqlite::Result<()> {
        let mut upsert = self.0.prepare(
            "INSERT INTO reconcile_seen (code, kind, updated_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (code) DO UPDATE SET kind = excluded.kind, updated_at = excluded.updated_at",
        )?;
        for o in newer {
            upsert.execute(params![o.code, o.kind, o.updated_at])?;
        }
        Ok(())
    }

    fn record_walk(&mut self, at: &str) -> rusqlite::Result<()> {
        self.0.execute(
            "INSERT INTO reconcile_walks (id, walked_at) VALUES (1, ?1)
             ON CONFLICT (id) DO UPDATE SET walked_at = excluded.walked_at",
            params![at],
        )?;
        Ok(())
    }
}

/// `ev` as the store keeps it: a secret target (a chat address, one with a user, password or
/// query) by its shown name only, as the writer keeps a received event's.
pub(crate) fn stored(mut ev: NewEvent) -> NewEvent {
    ev.target = ev.target.map(|t| recruit_core::redact::stored_target(&t));
    ev
}

impl Store {
    /// One walk: compare `walk` with what the store saw last and store the events of every
    /// change no received event covered (at most once per change, whoever walks).
    pub fn reconcile(
        &self,
        walk: Vec<Observed>,
        rules: &Rules,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reconciled, Error> {
        match self {
            Store::Sqlite { store, .. } => store.reconcile(&walk, rules, now),
            #[cfg(feature = "postgres")]
            Store::Postgres { store } => store.reconcile(walk, rules.clone(), now),
        }
    }

    /// Whether `holder` may walk now: on a shared store, the walk's lease taken or renewed
    /// for `lease` (one listener walks at a time); a file has one listener.
    pub fn walk_lease(&self, holder: &str, lease: std::time::Duration) -> Result<bool, Error> {
        match self {
            Store::Sqlite { .. } => Ok(true),
            #[cfg(feature = "postgres")]
            Store::Postgres { store } => store.walk_lease(holder, lease),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn seen(code: &str, kind: &str, at: &str) -> Observed {
        Observed {
            code: code.into(),
            kind: kind.into(),
            updated_at: at.into(),
            updated_unix: chrono::DateTime::parse_from_rfc3339(at)
                .ok()
                .map(|t| t.timestamp() as f64),
            item: json!({"code": code, "job_stage": {"stage_kind": kind, "updated_at": at}}),
        }
    }

    fn rules() -> Rules {
        Rules {
            events: Arc::new(|o: &Observed| {
                vec![NewEvent {
                    action: Some("candidate_stage_changed".into()),
                    payload: serde_json::to_vec(&json!({
                        "action": "candidate_stage_changed",
                        "payload": {"candidate": o.item},
                        "synthesized": true,
                    }))
                    .unwrap()
                    .into(),
                    content_type: Some("application/json".into()),
                    signature: None,
                    target: Some("http://app".into()),
                }]
            }),
            code_of: Arc::new(|b: &[u8]| {
                let v: serde_json::Value = serde_json::from_slice(b).ok()?;
                recruit_core::payload::candidate_code(recruit_core::payload::of_event(&v))
            }),
        }
    }

    #[test]
    fn the_first_walk_records_and_each_change_is_made_once() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _lock) = EventStore::open_for_listener(&dir.path().join("e.db")).unwrap();
        let now = chrono::Utc::now();
        let r = rules();
        let a = seen("C1", "review", "2026-01-01T00:00:00Z");
        let first = store.reconcile(std::slice::from_ref(&a), &r, now).unwrap();
        assert!(first.first && first.ids.is_empty());
        let b = seen("C1", "pass", "2026-01-02T00:00:00Z");
        let made = store.reconcile(std::slice::from_ref(&b), &r, now).unwrap();
        assert_eq!((made.changed, made.synthesized, made.ids.len()), (1, 1, 1));
        // An older list (read before that walk) is no change, and changes nothing.
        let stale = store.reconcile(&[a], &r, now).unwrap();
        assert_eq!((stale.changed, stale.ids.len()), (0, 0));
        // Another listener that saw the same change: its key is taken, nothing is made.
        store
            .with(|c| c.execute("UPDATE reconcile_seen SET kind = 'review'", []))
            .unwrap();
        let again = store.reconcile(&[b], &r, now).unwrap();
        assert_eq!((again.changed, again.synthesized), (1, 0));
    }

    #[test]
    fn a_received_event_at_or_after_the_change_covers_it() {
        let dir = tempfile::tempdir().unwrap();
        let (store, _lock) = EventStore::open_for_listener(&dir.path().join("e.db")).unwrap();
        let r = rules();
        let now = chrono::Utc::now();
        store
            .reconcile(&[seen("C1", "review", "2026-01-01T00:00:00Z")], &r, now)
            .unwrap();
        store
            .insert(&NewEvent {
                action: Some("candidate_stage_changed".into()),
                payload:
                    br#"{"action":"candidate_stage_changed","payload":{"candidate":{"code":"C1"}}}"#
                        .to_vec()
                        .into(),
                content_type: None,
                signature: None,
                target: None,
            })
            .unwrap();
        let changed_at = (now - chrono::Duration::seconds(5)).to_rfc3339();
        let out = store
            .reconcile(&[seen("C1", "pass", &changed_at)], &r, now)
            .unwrap();
        assert_eq!((out.changed, out.covered, out.synthesized), (1, 1, 0));
    }
}
