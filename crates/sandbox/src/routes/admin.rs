//! Sandbox-only endpoints under `/_sandbox` (documented in `crate::sandbox`).

use axum::extract::State;
use serde_json::{json, Value};

use super::{json_object, ok, ApiError, ApiResult, Body, Shared, Site, P};
use crate::pipeline;
use crate::state::{now_kst, Db};

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
    let started = crate::delivery::fire(&app, &action, payload).await;
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
            *db = crate::demo::demo_db();
            db.generation = generation;
            Ok(())
        })
        .await?;
    ok(json!({"resource": {"reset": true}}))
}

/// `at` of a move: an RFC 3339 time not in the future, as the service writes times (+09:00).
fn backdated(at: &str) -> Result<String, ApiError> {
    let t = chrono::DateTime::parse_from_rfc3339(at).map_err(|_| {
        ApiError::validation(format!(
            "at must be an RFC 3339 time (2026-11-01T10:00:00+09:00), not '{at}'"
        ))
    })?;
    if t.timestamp() > chrono::Utc::now().timestamp() {
        return Err(ApiError::validation(format!(
            "at must not be in the future: '{at}'"
        )));
    }
    let kst = chrono::FixedOffset::east_opt(9 * 3600).expect("valid offset");
    Ok(crate::state::ts(t.with_timezone(&kst)))
}

/// `{"stage": "interview", "title": "2차 면접", "at": "2026-11-01T10:00:00+09:00"}` (title
/// optional; `at`, a time in the past the move is dated to, optional; `stage_kind` also taken):
/// move a candidate to that stage. Its `job_stage` gets the new kind, title and times, and
/// `candidate_stage_changed` (and `candidate_pass` for `pass`) goes to every subscribed
/// webhook. Answers the candidate's detail, whether anything changed, and the deliveries
/// started; moving to the stage a candidate is at changes nothing and fires nothing.
pub async fn move_stage(site: Site, P(code): P<String>, Body(body): Body) -> ApiResult {
    let Site { app, base, .. } = site;
    let body = json_object(&body)?;
    let text = |k: &str| match body.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.trim().to_string())),
        Some(_) => Err(ApiError::validation(format!("{k} must be a string"))),
    };
    let stage = match (text("stage")?, text("stage_kind")?) {
        (Some(s), _) | (None, Some(s)) if !s.is_empty() => s,
        _ => {
            return Err(ApiError::validation(format!(
                "stage is required: one of {}",
                recruit_client::api::Stage::names().join(", ")
            )))
        }
    };
    let title = text("title")?;
    let at = match text("at")? {
        None => None,
        Some(at) => Some(backdated(&at)?),
    };
    let synthetic = app.opts.synthetic_candidates;
    let (view, events, changed) = app
        .store
        .write_async(move |db| {
            let now = at.unwrap_or_else(now_kst);
            let moved = pipeline::move_stage(db, synthetic, &code, &stage, title.as_deref(), &now)?;
            let c = &moved.candidate;
            let mut events = Vec::new();
            if moved.changed {
                events.push((
                    "candidate_stage_changed",
                    pipeline::stage_changed_event(db, c, Some(&moved.previous)),
                ));
                if pipeline::stage_of(c).kind == "pass" && moved.previous.kind != "pass" {
                    events.push(("candidate_pass", pipeline::pass_event(db, c)));
                }
            }
            Ok((
                pipeline::candidate_view(db, c, &base, true),
                events,
                moved.changed,
            ))
        })
        .await?;
    let mut deliveries = Vec::new();
    for (action, payload) in events {
        for (id, hook) in crate::delivery::fire(&app, action, payload).await {
            deliveries.push(json!({"action": action, "delivery_id": id, "webhook_code": hook}));
        }
    }
    ok(json!({
        "resource": view,
        "changed": changed,
        "deliveries": deliveries,
    }))
}
