//! /v1/webhooks: registration records of the service's documentation, "Webhook registration record".
//! Records are kept as JSON objects so extra fields a client sends survive as they are.

use axum::extract::State;
use serde_json::{json, Map, Value};

use super::{json_object, ok, ApiError, ApiResult, Body, PageRequest, Shared, P};
use crate::state::{now_ts, Db};

/// Fields the server owns; a client cannot set them.
const SERVER_FIELDS: [&str; 3] = ["code", "created_at", "updated_at"];

/// A page of the list, paged like the service's other lists (`per`, `page_token`).
pub fn page(
    db: &Db,
    req: &PageRequest,
    _: usize,
    _: &str,
) -> Result<(Vec<Value>, usize), ApiError> {
    Ok(req.page_of(db.webhooks.iter(), |w| Value::Object(w.clone())))
}

/// Where the registration `code` is in the list (404 when there is none).
fn position(db: &Db, code: &str) -> Result<usize, ApiError> {
    db.webhooks
        .iter()
        .position(|w| w.get("code").and_then(Value::as_str) == Some(code))
        .ok_or_else(ApiError::not_found)
}

pub async fn detail(State(app): State<Shared>, P(code): P<String>) -> ApiResult {
    let hook = app
        .store
        .read_async(move |db| Ok(db.webhooks[position(db, &code)?].clone()))
        .await?;
    ok(json!({ "resource": hook }))
}

/// Check the known fields of a create/edit body. `creating` makes `callback_url` required.
fn validate(body: &Map<String, Value>, creating: bool) -> Result<(), ApiError> {
    match body.get("callback_url") {
        Some(Value::String(s)) => {
            let parsed = url::Url::parse(s).map_err(|_| {
                ApiError::validation(format!("callback_url '{s}' is not a valid URL"))
            })?;
            if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
                return Err(ApiError::validation(format!(
                    "callback_url '{s}' must be an http or https URL"
                )));
            }
        }
        None | Some(Value::Null) if !creating => {}
        None | Some(Value::Null) => {
            return Err(ApiError::validation(
                "callback_url is required: the address events are POSTed to",
            ))
        }
        Some(_) => return Err(ApiError::validation("callback_url must be a string")),
    }
    if body.get("callback_url") == Some(&Value::Null) {
        return Err(ApiError::validation("callback_url cannot be null"));
    }
    match body.get("signing_key") {
        None | Some(Value::Null) | Some(Value::String(_)) => {}
        Some(_) => return Err(ApiError::validation("signing_key must be a string")),
    }
    match body.get("events") {
        None | Some(Value::Null) => {}
        Some(Value::Array(a)) if a.iter().all(Value::is_string) => {}
        Some(_) => {
            return Err(ApiError::validation(
                "events must be an array of event names (strings)",
            ))
        }
    }
    match body.get("active") {
        None | Some(Value::Null) | Some(Value::Bool(_)) => {}
        Some(_) => return Err(ApiError::validation("active must be true or false")),
    }
    Ok(())
}

pub async fn create(State(app): State<Shared>, Body(body): Body) -> ApiResult {
    let body = json_object(&body)?;
    validate(&body, true)?;
    let hook = app
        .store
        .write_async(move |db| {
            let code = loop {
                let n: u32 = rand::random::<u32>() % 90_000_000 + 10_000_000;
                let code = format!("WH{n}");
                if position(db, &code).is_err() {
                    break code;
                }
            };
            let now = now_ts();
            let mut m = Map::new();
            m.insert("code".into(), json!(code));
            m.insert(
                "active".into(),
                body.get("active")
                    .filter(|v| v.is_boolean())
                    .cloned()
                    .unwrap_or(json!(true)),
            );
            m.insert(
                "provider".into(),
                body.get("provider")
                    .filter(|v| !v.is_null())
                    .cloned()
                    .unwrap_or(json!("round")),
            );
            m.insert(
                "callback_url".into(),
                body.get("callback_url").cloned().unwrap_or(Value::Null),
            );
            m.insert(
                "signing_key".into(),
                body.get("signing_key").cloned().unwrap_or(Value::Null),
            );
            m.insert(
                "events".into(),
                body.get("events")
                    .filter(|v| v.is_array())
                    .cloned()
                    .unwrap_or(json!([])),
            );
            for (k, v) in &body {
                if !m.contains_key(k) && !SERVER_FIELDS.contains(&k.as_str()) {
                    m.insert(k.clone(), v.clone());
                }
            }
            m.insert("created_at".into(), json!(now));
            m.insert("updated_at".into(), json!(now));
            db.webhooks.push(m.clone());
            Ok(m)
        })
        .await?;
    ok(json!({ "resource": hook }))
}

pub async fn edit(State(app): State<Shared>, P(code): P<String>, Body(body): Body) -> ApiResult {
    let body = json_object(&body)?;
    validate(&body, false)?;
    let hook = app
        .store
        .write_async(move |db| {
            let at = position(db, &code)?;
            let hook = &mut db.webhooks[at];
            for (k, v) in &body {
                if SERVER_FIELDS.contains(&k.as_str()) {
                    continue;
                }
                let v = match (k.as_str(), v) {
                    // null for these means "back to the default"
                    ("events", Value::Null) => json!([]),
                    ("active", Value::Null) => json!(true),
                    _ => v.clone(),
                };
                hook.insert(k.clone(), v);
            }
            hook.insert("updated_at".into(), json!(now_ts()));
            Ok(hook.clone())
        })
        .await?;
    ok(json!({ "resource": hook }))
}

pub async fn delete(State(app): State<Shared>, P(code): P<String>) -> ApiResult {
    let hook = app
        .store
        .write_async(move |db| {
            let at = position(db, &code)?;
            Ok(db.webhooks.remove(at))
        })
        .await?;
    ok(json!({ "resource": hook }))
}
