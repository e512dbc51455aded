//! `webhooks listen --reconcile` (cli.md, "Events the service gave up on"): the service drops a
//! webhook after 5 attempts in about 7 minutes, so at start and every `--reconcile-every` the
//! listener walks the candidate list (list pages only, through the client and its rate
//! limiter) and hands what it saw to the store, which compares each candidate's `job_stage`
//! with the last walk's and stores a `candidate_stage_changed` (and `candidate_pass`) for each
//! change no received event covered: flagged `"synthesized": true`, forwarded through the same
//! lanes (with `X-Recruit-Synthesized: 1`), signed like any forward.
//!
//! What it cannot see: a stage entered and left between two walks (only the last is listed).

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};

use super::log::{Log, Record};
use super::shared::Stats;
use super::store::reconcile::{Observed, Reconciled, Rules};
use super::store::{NewEvent, Store};
use crate::api::{CandidateListQuery, Client};
use crate::clock::SharedClock;
use crate::error::Error;

/// `--reconcile-every`'s default.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(300);

/// Largest page the candidate list gives: the fewest requests per walk.
const PER_PAGE: u32 = 100;

/// The actions a change becomes.
const STAGE_CHANGED: &str = "candidate_stage_changed";
const PASS: &str = "candidate_pass";

/// `--reconcile`: the client the walks go through, and how often they run.
#[derive(Clone)]
pub struct Reconcile {
    pub client: Client,
    pub every: Duration,
}

impl std::fmt::Debug for Reconcile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reconcile")
            .field("every", &self.every)
            .finish()
    }
}

/// The walker of one listener.
pub(crate) struct Walker {
    pub store: Arc<Store>,
    pub reconcile: Reconcile,
    /// Per action, the rows an event of it is stored as (one per target; `None`: no target).
    /// An action missing is not wanted (`--events`).
    pub routes: HashMap<&'static str, Vec<Option<String>>>,
    pub stats: Arc<Stats>,
    pub log: Log,
    pub clock: SharedClock,
    /// Who walks, in the walk's lease on a shared store, and how long the lease lasts.
    pub holder: String,
    pub lease: Duration,
    /// Wakes the relay's lanes.
    pub wake: Arc<dyn Fn() + Send + Sync>,
}

impl Walker {
    /// Walk now and every period, until the task is aborted.
    pub(crate) fn start(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let walker = Arc::new(self);
            loop {
                walker.walk_once().await;
                tokio::time::sleep(walker.reconcile.every).await;
            }
        })
    }

    async fn walk_once(self: &Arc<Self>) {
        // The lease outlives a period, so the holder keeps it from walk to walk and another
        // listener takes over only once it stopped walking.
        let lease = self.reconcile.every + self.lease.max(Duration::from_secs(10));
        let me = self.clone();
        let mine = tokio::task::spawn_blocking(move || me.store.walk_lease(&me.holder, lease))
            .await
            .unwrap_or(Ok(false));
        match mine {
            Ok(true) => {}
            Ok(false) => {
                self.log.write(said!(
                    Record::info,
                    "reconcile_elsewhere",
                    "listen-reconcile-elsewhere"
                ));
                return;
            }
            Err(e) => return self.failed(&e),
        }
        let observed = match walk(&self.reconcile.client).await {
            Ok(o) => o,
            Err(e) => return self.failed(&e),
        };
        let seen = observed.len();
        let me = self.clone();
        let rules = self.rules();
        let now = self.clock.utc();
        let done =
            tokio::task::spawn_blocking(move || me.store.reconcile(observed, &rules, now)).await;
        match done {
            Ok(Ok(r)) => self.walked(seen, &r),
            Ok(Err(e)) => self.failed(&e),
            Err(e) => self.failed(&Error::caused(
                crate::error::ExitKind::Other,
                crate::msg!("listen-task-stopped"),
                e,
            )),
        }
    }

    fn walked(&self, seen: usize, r: &Reconciled) {
        if r.first {
            self.log.write(said!(
                Record::info,
                "reconciled",
                "listen-reconcile-first",
                count = seen
            ));
            return;
        }
        self.stats
            .synthesized
            .fetch_add(r.events as u64, Ordering::Relaxed);
        self.log.write(said!(
            Record::info,
            "reconciled",
            "listen-reconciled",
            count = seen,
            changed = r.changed,
            covered = r.covered,
            synthesized = r.events
        ));
        if !r.ids.is_empty() {
            (self.wake)();
        }
    }

    fn failed(&self, e: &Error) {
        self.log.write(said!(
            Record::warn,
            "reconcile_failed",
            "listen-reconcile-failed",
            error = e.message.as_str()
        ));
    }

    /// What the store needs: the rows of a change's events, and the candidate of a
    /// received event.
    fn rules(&self) -> Rules {
        let routes = self.routes.clone();
        Rules {
            events: Arc::new(move |o: &Observed| synthesize(o, &routes)),
            code_of: Arc::new(|body: &[u8]| {
                let v: Value = serde_json::from_slice(body).ok()?;
                recruit_core::payload::candidate_code(recruit_core::payload::of_event(&v))
            }),
        }
    }
}

/// The rows of a change: `candidate_stage_changed`, and `candidate_pass` for a move to
/// `pass`, each `{"action", "payload": {"candidate": <the list item>}, "synthesized": true}`,
/// once per target of its action.
fn synthesize(o: &Observed, routes: &HashMap<&'static str, Vec<Option<String>>>) -> Vec<NewEvent> {
    let mut actions = vec![STAGE_CHANGED];
    if o.kind == "pass" {
        actions.push(PASS);
    }
    let mut rows = Vec::new();
    for action in actions {
        let Some(targets) = routes.get(action) else {
            continue;
        };
        let body = json!({
            "action": action,
            "payload": {"candidate": o.item},
            "synthesized": true,
        });
        let payload = bytes::Bytes::from(body.to_string());
        for target in targets {
            rows.push(NewEvent {
                action: Some(action.to_string()),
                payload: payload.clone(),
                content_type: Some("application/json".into()),
                signature: None,
                target: target.clone(),
            });
        }
    }
    rows
}

/// One walk of the candidate list: each candidate with a code and a `job_stage`, once.
async fn walk(client: &Client) -> Result<Vec<Observed>, Error> {
    let mut pages = client
        .candidate_pages(&CandidateListQuery {
            filter: None,
            per: Some(PER_PAGE),
            page_token: None,
        })
        .at_fixed_address();
    let mut by_code: HashMap<String, Observed> = HashMap::new();
    while let Some(page) = pages.next_page().await? {
        for item in page.into_items() {
            if let Some(o) = observed(item) {
                by_code.insert(o.code.clone(), o);
            }
        }
    }
    Ok(by_code.into_values().collect())
}

/// A list item as the store compares it: its code, `job_stage.stage_kind` and `updated_at`.
fn observed(item: Value) -> Option<Observed> {
    let text = |p: &str| {
        item.pointer(p)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let code = text("/code")?;
    let kind = text("/job_stage/stage_kind")?;
    let updated_at = text("/job_stage/updated_at").unwrap_or_default();
    let updated_unix = chrono::DateTime::parse_from_rfc3339(&updated_at)
        .ok()
        .map(|t| t.timestamp_millis() as f64 / 1000.0);
    Some(Observed {
        code,
        kind,
        updated_at,
        updated_unix,
        item,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_to_pass_is_two_events_per_target_and_unwanted_actions_none() {
        let o = observed(json!({"code": "C1", "job_stage": {"stage_kind": "pass",
            "updated_at": "2026-01-01T00:00:00Z"}}))
        .unwrap();
        let mut routes = HashMap::new();
        routes.insert(
            STAGE_CHANGED,
            vec![Some("a".to_string()), Some("b".to_string())],
        );
        routes.insert(PASS, vec![Some("a".to_string())]);
        let rows = synthesize(&o, &routes);
        assert_eq!(rows.len(), 3);
        let body: Value = serde_json::from_slice(&rows[2].payload).unwrap();
        assert_eq!(body["action"], "candidate_pass");
        assert_eq!(body["synthesized"], true);
        assert_eq!(body["payload"]["candidate"]["code"], "C1");
        routes.remove(PASS);
        assert_eq!(synthesize(&o, &routes).len(), 2);
        assert!(observed(json!({"code": "C2"})).is_none());
    }
}
