//! Webhook delivery (spec section 6): POST `{"action", "payload"}` to every active webhook
//! that subscribes to the action, signed when it has a signing key; success only on status
//! 200 exactly; otherwise retry after the service's delays (`SERVICE_RETRY_DELAYS`:
//! 10, 30, 90, 270 s, × `retry_scale`), at most 5 attempts.
//! Each attempt is recorded in the state (`GET /_sandbox/deliveries`).
//!
//! Deliveries run in background tasks so a slow receiver never delays an API answer.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Map, Value};

use super::routes::Shared;
use super::state::{now_ts, push_capped};
use recruit_client::delivery;
use recruit_client::redact::Secret;

pub const MAX_ATTEMPTS: u32 = delivery::SERVICE_MAX_ATTEMPTS as u32;
/// Delays before the 2nd..5th attempt, in seconds.
pub use delivery::SERVICE_RETRY_DELAYS as RETRY_DELAYS;
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Deliveries {
    client: reqwest::Client,
    tasks: Mutex<Vec<tokio::task::AbortHandle>>,
    /// Deliveries whose first attempt has not finished yet (shutdown lets them finish).
    first_pending: AtomicUsize,
    first_done: tokio::sync::Notify,
}

impl Deliveries {
    pub fn new() -> anyhow::Result<Deliveries> {
        // Callbacks are usually local receivers; never route them through a proxy.
        let client = delivery::client(
            &recruit_client::api::NetSettings::default(),
            false,
            ATTEMPT_TIMEOUT,
            concat!("recruit-sandbox/", env!("CARGO_PKG_VERSION")).to_string(),
        )?;
        Ok(Deliveries {
            client,
            tasks: Mutex::new(Vec::new()),
            first_pending: AtomicUsize::new(0),
            first_done: tokio::sync::Notify::new(),
        })
    }

    /// Let first attempts already under way finish (up to `grace`), then stop all retries.
    pub async fn shutdown(&self, grace: Duration) {
        let deadline = tokio::time::Instant::now() + grace;
        while self.first_pending.load(Ordering::SeqCst) > 0 {
            let notified = self.first_done.notified();
            if self.first_pending.load(Ordering::SeqCst) == 0 {
                break;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                break;
            }
        }
        let tasks = std::mem::take(&mut *self.tasks.lock().unwrap_or_else(|p| p.into_inner()));
        for t in tasks {
            t.abort();
        }
    }

    fn first_attempt_finished(&self) {
        self.first_pending.fetch_sub(1, Ordering::SeqCst);
        self.first_done.notify_waiters();
    }
}

/// Whether webhook record `hook` wants `action`: active (absent = active) and `events`
/// naming it (absent or empty = every event).
pub fn subscribes(hook: &Map<String, Value>, action: &str) -> bool {
    let active = hook.get("active").and_then(Value::as_bool).unwrap_or(true);
    let wants = match hook.get("events") {
        Some(Value::Array(events)) if !events.is_empty() => {
            events.iter().any(|e| e.as_str() == Some(action))
        }
        _ => true,
    };
    active && wants
}

/// Start delivering `action` to every subscribed webhook. Returns (delivery id, webhook
/// code) of each delivery started.
pub async fn fire(app: &Shared, action: &str, payload: Value) -> Vec<(String, String)> {
    let wanted = action.to_string();
    let hooks = app
        .store
        .read_async(move |db| {
            Ok(db
                .webhooks
                .iter()
                .filter(|h| subscribes(h, &wanted))
                .cloned()
                .collect::<Vec<_>>())
        })
        .await
        .unwrap_or_default();
    // serde_json keeps insertion order: `action` comes first, as in the spec's table.
    let body = match serde_json::to_vec(&json!({"action": action, "payload": payload})) {
        Ok(b) => b,
        Err(_) => return Vec::new(),
    };
    let mut started = Vec::new();
    for hook in hooks {
        let Some(url) = hook.get("callback_url").and_then(Value::as_str) else {
            continue;
        };
        let code = hook
            .get("code")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let key = hook
            .get("signing_key")
            .and_then(Value::as_str)
            .filter(|k| !k.is_empty())
            .map(str::to_string);
        let id = format!("D{}", hex::encode(rand::random::<[u8; 6]>()));
        app.delivery.first_pending.fetch_add(1, Ordering::SeqCst);
        let job = Job {
            app: app.clone(),
            id: id.clone(),
            code: code.clone(),
            url: url.to_string(),
            key,
            action: action.to_string(),
            body: body.clone(),
        };
        let handle = tokio::spawn(job.run());
        let mut tasks = app.delivery.tasks.lock().unwrap_or_else(|p| p.into_inner());
        tasks.retain(|t| !t.is_finished());
        tasks.push(handle.abort_handle());
        started.push((id, code));
    }
    started
}

struct Job {
    app: Shared,
    id: String,
    code: String,
    url: String,
    key: Option<String>,
    action: String,
    body: Vec<u8>,
}

impl Job {
    async fn run(self) {
        // Decrements the pending-first-attempt count even if the task is aborted mid-way.
        struct FirstGuard(Option<Arc<super::App>>);
        impl Drop for FirstGuard {
            fn drop(&mut self) {
                if let Some(app) = self.0.take() {
                    app.delivery.first_attempt_finished();
                }
            }
        }
        let first = Mutex::new(FirstGuard(Some(self.app.clone())));
        let scale = self.app.opts.retry_scale;
        let policy = delivery::Policy::service(
            RETRY_DELAYS
                .iter()
                .map(|d| Duration::from_secs_f64(*d as f64 * scale))
                .collect(),
        );
        let header = axum::http::HeaderName::from_static("service-webhook-signature");
        let keys: Vec<Secret> = self.key.iter().map(|k| Secret::new(k.clone())).collect();
        let job = &self;
        delivery::run(
            &policy,
            0,
            || Duration::ZERO,
            |_| {
                delivery::post(
                    &self.app.delivery.client,
                    &self.url,
                    delivery::Request {
                        payload: &self.body,
                        content_type: Some("application/json"),
                        // Signed per attempt: `t` is the time of sending, the body the same bytes.
                        signing: if keys.is_empty() {
                            delivery::Signing::AsReceived(None)
                        } else {
                            delivery::Signing::Fresh {
                                header: &header,
                                keys: &keys,
                                original: None,
                                at: chrono::Utc::now().timestamp(),
                            }
                        },
                        event_id: None,
                        dedup_key: false,
                    },
                )
            },
            |a| {
                let (status, error) = match a.outcome {
                    delivery::Outcome::Accepted(s)
                    | delivery::Outcome::Refused { status: s, .. } => (Some(*s), None),
                    delivery::Outcome::Failed(e) => (None, Some(e.clone())),
                };
                let delay = match a.next {
                    delivery::Next::RetryIn(d) => Some(d),
                    _ => None,
                };
                let delivered = a.next == delivery::Next::Done;
                let n = a.n as u32;
                let first = first.lock().unwrap_or_else(|p| p.into_inner()).0.take();
                async move {
                    job.record(
                        n,
                        status,
                        error.as_deref(),
                        delivered,
                        delay.is_none(),
                        delay,
                    )
                    .await;
                    if let Some(app) = first {
                        app.delivery.first_attempt_finished();
                    }
                    true
                }
            },
            std::future::pending(),
        )
        .await;
    }

    async fn record(
        &self,
        attempt: u32,
        status: Option<u16>,
        error: Option<&str>,
        delivered: bool,
        last: bool,
        delay: Option<Duration>,
    ) {
        let entry = json!({
            "delivery_id": self.id,
            "webhook_code": self.code,
            "action": self.action,
            "attempt": attempt,
            "max_attempts": MAX_ATTEMPTS,
            "url": self.url,
            "status": status,
            "error": error,
            "delivered": delivered,
            "final": last,
            "next_attempt_in_ms": delay.map(|d| d.as_millis() as u64),
            "at": now_ts(),
        });
        if self.app.log {
            let outcome = match (status, error) {
                (Some(s), _) => format!("status {s}"),
                (None, Some(e)) => e.to_string(),
                (None, None) => "no answer".to_string(),
            };
            let next = if delivered {
                "delivered".to_string()
            } else if last {
                "giving up: not delivered".to_string()
            } else {
                format!(
                    "retry in {:.1}s",
                    delay.map(|d| d.as_secs_f64()).unwrap_or(0.0)
                )
            };
            recruit_client::elog!(
                "{} delivery {} {} {} attempt {attempt}/{MAX_ATTEMPTS} -> {}: {outcome}; {next}",
                now_ts(),
                self.id,
                self.code,
                self.action,
                self.url
            );
        }
        let result = self
            .app
            .store
            .write_async(move |db| {
                push_capped(&mut db.deliveries, entry);
                Ok(())
            })
            .await;
        if let Err(e) = result {
            if self.app.log {
                recruit_client::elog!("warning: cannot record a delivery attempt: {}", e.message);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hook(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn subscription_rules() {
        assert!(subscribes(&hook(json!({})), "form_submitted"));
        assert!(subscribes(&hook(json!({"events": []})), "x"));
        assert!(subscribes(
            &hook(json!({"events": null, "active": true})),
            "x"
        ));
        assert!(!subscribes(&hook(json!({"active": false})), "x"));
        assert!(subscribes(&hook(json!({"events": ["a", "b"]})), "b"));
        assert!(!subscribes(&hook(json!({"events": ["a"]})), "b"));
    }
}
