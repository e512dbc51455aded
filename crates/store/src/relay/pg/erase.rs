//! Erasure in the relay's PostgreSQL store, as in a file (see [`super::super::erase`]): every
//! event naming the candidates keeps its id, action, times and state, the personal values of
//! its payload become null; then the table is rewritten and its statistics rebuilt, so no
//! readable copy stays in its relation files (dead rows, TOAST, indexes) or in `pg_stats`.
//!
//! Listeners may be storing events meanwhile. Their inserts draw ids under the advisory lock
//! [`super::LOCK_KEY`] and hold it until they commit, so committed ids only ever grow: the
//! events are read in pages by id in a first transaction (listeners go on), and the events
//! stored after its last page are read in a second one that holds the lock (an insert in
//! flight commits first, the next ones wait): no event stored before the erasure ends is
//! missed. Two transactions, since one holding rows it changed while it waits for the lock
//! could deadlock with a writer that holds the lock and marks one of those rows.

use std::collections::HashSet;

use postgres::{Client, Transaction};
use serde_json::Value;

use super::{PgStore, LOCK_KEY};
use crate::error::Error;
use crate::relay::erase::scrub_event;
use crate::relay::ErasedEvents;

/// Events read at a time.
const PAGE: i64 = 500;

impl PgStore {
    /// Remove the personal data of the candidates `codes` from every stored event that names
    /// them (as [`crate::relay::EventStore::erase`]). The table is then rewritten (`VACUUM
    /// FULL`: new relation files for the table, its TOAST and its indexes, holding only the
    /// rows as they are now) and analyzed (`pg_stats` from those rows), whenever an event
    /// names one of them, so running the same erasure again finishes one whose rewrite
    /// failed.
    pub fn erase(&self, codes: &[String]) -> Result<ErasedEvents, Error> {
        let mut out = ErasedEvents::default();
        if codes.is_empty() {
            return Ok(out);
        }
        let wanted = codes.to_vec();
        let (events, found) = self.conn.call(move |s| s.run(|c| erase_rows(c, &wanted)))?;
        out.events = events;
        out.codes = codes
            .iter()
            .filter(|c| found.contains(c.as_str()))
            .cloned()
            .collect();
        if !out.codes.is_empty() {
            let skipped = self
                .conn
                .call(|s| s.run(|c| crate::mirror::pg::rewrite(c, &["relay_events"])))?;
            if let Some(table) = skipped {
                return Err(crate::mirror::pg::not_rewritten(&self.shown, &table));
            }
        }
        Ok(out)
    }
}

/// The two passes (see the module's comment): events changed, and the codes some event names.
fn erase_rows(c: &mut Client, codes: &[String]) -> Result<(u64, HashSet<String>), postgres::Error> {
    let wanted: HashSet<&str> = codes.iter().map(String::as_str).collect();
    let mut found = HashSet::new();
    let mut tx = c.transaction()?;
    let (mut changed, last) = scrub_after(&mut tx, 0, &wanted, &mut found)?;
    tx.commit()?;
    let mut tx = c.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])?;
    changed += scrub_after(&mut tx, last, &wanted, &mut found)?.0;
    tx.commit()?;
    Ok((changed, found))
}

/// Scrub the events after id `after`, a page at a time: how many changed, and the last id
/// read.
fn scrub_after(
    tx: &mut Transaction<'_>,
    after: i64,
    wanted: &HashSet<&str>,
    found: &mut HashSet<String>,
) -> Result<(u64, i64), postgres::Error> {
    let (mut changed, mut last) = (0, after);
    loop {
        let rows = tx.query(
            "SELECT id, payload FROM relay_events WHERE id > $1 ORDER BY id LIMIT $2",
            &[&last, &PAGE],
        )?;
        for r in &rows {
            let id: i64 = r.get(0);
            last = id;
            let payload: &[u8] = r.get(1);
            // A payload that is not JSON is left as it is, as in a file.
            let Ok(mut v) = serde_json::from_slice::<Value>(payload) else {
                continue;
            };
            let (named, differs) = scrub_event(&mut v, wanted);
            found.extend(named);
            if differs {
                // Only the payload: a lane marking the event meanwhile keeps its mark.
                tx.execute(
                    "UPDATE relay_events SET payload = $2 WHERE id = $1",
                    &[&id, &v.to_string().into_bytes()],
                )?;
                changed += 1;
            }
        }
        if (rows.len() as i64) < PAGE {
            return Ok((changed, last));
        }
    }
}
