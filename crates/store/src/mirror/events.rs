//! `--events FILE`: the relay's store (`webhooks listen --store`) tells which candidates
//! changed since the last run. Each event received after the mirror's cursor that names a
//! candidate (`candidate.code` or `candidate_code` anywhere in it) marks that candidate to be
//! fetched; the marks and the new cursor are written in one transaction, so an event is
//! never lost between two runs, whatever stops them.

use std::path::Path;

use super::actor::MirrorActor;
use super::records::codes_in_event;
use crate::error::Error;
use crate::relay::{EventStore, Filter, Open};

/// What reading the events did.
#[derive(Debug, Clone, Copy, Default)]
pub struct EventsRead {
    /// Events received since the last run.
    pub events: u64,
    /// Candidates of the mirror they marked.
    pub marked: u64,
}

pub async fn apply(store: &MirrorActor, path: &Path) -> Result<EventsRead, Error> {
    let cursor = store.call(|m| m.events_cursor()).await?;
    let path = path.to_path_buf();
    // The relay's store is SQLite too: read it off the async threads.
    let (events, codes, last) = tokio::task::spawn_blocking(move || {
        let events = EventStore::open(&path, Open::Existing)?;
        let since = cursor.map(|c| c.0);
        let list = events.list(&Filter {
            since_unix: since,
            ..Filter::default()
        })?;
        let mut codes = Vec::new();
        let mut n = 0u64;
        let mut last = cursor.unwrap_or((0.0, 0));
        for ev in list {
            // Received after the cursor; at the cursor's very time, only a later id (ids
            // grow with time in one store; a new store file starts them again).
            let after = match cursor {
                None => true,
                Some((t, id)) => ev.received_unix > t || ev.id > id,
            };
            if !after {
                continue;
            }
            n += 1;
            if let Ok(v) = serde_json::from_slice::<serde_json::Value>(&ev.payload) {
                codes_in_event(&v, &mut codes);
            }
            if (ev.received_unix, ev.id) > last {
                last = (ev.received_unix, ev.id);
            }
        }
        codes.sort();
        codes.dedup();
        Ok::<_, Error>((n, codes, last))
    })
    .await
    .map_err(|e| {
        Error::caused(
            crate::ExitKind::Other,
            crate::msg!("sync-relay-read-stopped"),
            e,
        )
    })??;
    let marked = store.call(move |m| m.mark_for_events(&codes, last)).await?;
    Ok(EventsRead { events, marked })
}
