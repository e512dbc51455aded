//! Sandbox-only endpoints under `/_sandbox` (documented in `crate::sandbox`).

use axum::extract::State;
use serde_json::{json, Value};

use super::{json_object, ok, ApiError, ApiResult, Body, Shared};
use crate::sandbox::state::Db;

/// One record list of the state, as JSON.
async fn dump(app: &Shared, list: fn(&Db) -> Value) -> ApiResult {
    ok(app.store.read_async(move |db| Ok(list(db))).await?)
}

/// Recorded apply request bodies, newest last.
pub async fn requests(State(app): State<Shared>) -> ApiResult {
    dump(&app, |db| Value::Array(db.requests.clone())).await
}

/// Presigned uploads and what was PUT to them.
pub async fn uploads(State(app): State<Shared>) -> ApiResult {
    dump(&app, |db| {
        serde_json::to_value(&db.uploads).unwrap_or(Value::Null)
    })
    .await
}

/// Every webhook delivery attempt, newest last.
pub async fn deliveries(State(app): State<Shared>) -> ApiResult {
    dump(&app, |db| Value::Array(db.deliveries.clone())).await
}

/// `{"action": "...", "payload": {...}}`: deliver now to every matching webhook.
pub async fn events(State(app): State<Shared>, Body(body): Body) -> ApiResult {
    let body = json_object(&body)?;
    let action = match body.get("action") {
        Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
        _ => return Err(ApiError::validation("action is required (an event name)")),
    };
    let payload = match body.get("payload") {
        None | Some(Value::Null) => json!({}),
        Some(v @ Value::Object(_)) => v.clone(),
        Some(_) => return Err(ApiError::validation("payload must be an object")),
    };
    let started = crate::sandbox::delivery::fire(&app, &action, payload).await;
    ok(json!({
        "resource": {
            "action": action,
            "deliveries": started
                .iter()
                .map(|(id, code)| json!({"delivery_id": id, "webhook_code": code}))
                .collect::<Vec<_>>(),
        }
    }))
}

/// Counts of `/v1` answers and of those refused by the rate limit.
pub async fn stats(State(app): State<Shared>) -> ApiResult {
    use std::sync::atomic::Ordering;
    ok(json!({
        "answered": app.answered.load(Ordering::Relaxed),
        "rate_limited": app.rate_limited.load(Ordering::Relaxed),
    }))
}

/// Restore the demo data and clear the recorded requests, uploads and deliveries.
pub async fn reset(State(app): State<Shared>) -> ApiResult {
    app.store
        .write_async(|db| {
            let generation = db.generation;
            *db = crate::sandbox::demo::demo_db();
            db.generation = generation;
            Ok(())
        })
        .await?;
    ok(json!({"resource": {"reset": true}}))
}
