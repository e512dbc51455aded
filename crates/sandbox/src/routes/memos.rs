//! Memos of a candidate.

use axum::extract::State;
use serde_json::{json, Map, Value};

use super::{find_candidate, json_object, ok, ApiError, ApiResult, Body, Shared, P};
use crate::state::{now_kst, Db, Memo};

/// A memo's path: the candidate's code and the memo's id, as written.
type MemoPath = P<(String, String)>;

const ROLES: [&str; 3] = ["job_admin", "job_manager", "member"];

fn require_candidate(db: &Db, synthetic: usize, code: &str) -> Result<(), ApiError> {
    find_candidate(db, synthetic, code)
        .map(drop)
        .ok_or_else(ApiError::not_found)
}

/// The memo id of a memo path, once its candidate is known to exist; an id that is not an
/// integer names no memo.
fn memo_id(db: &Db, synthetic: usize, candidate: &str, raw: &str) -> Result<i64, ApiError> {
    require_candidate(db, synthetic, candidate)?;
    raw.parse().map_err(|_| ApiError::not_found())
}

fn find<'a>(db: &'a mut Db, candidate: &str, id: i64) -> Result<&'a mut Memo, ApiError> {
    db.memos
        .iter_mut()
        .find(|m| m.id == id && m.candidate == candidate)
        .ok_or_else(ApiError::not_found)
}

/// Top-level memos with their `replies`; replies never appear as top-level items.
pub async fn list(State(app): State<Shared>, P(candidate): P<String>) -> ApiResult {
    let synthetic = app.opts.synthetic_candidates;
    let items = app
        .store
        .read_async(move |db| {
            require_candidate(db, synthetic, &candidate)?;
            let mine: Vec<&Memo> = db
                .memos
                .iter()
                .filter(|m| m.candidate == candidate)
                .collect();
            let items: Vec<Value> = mine
                .iter()
                .filter(|m| m.parent_id.is_none())
                .map(|top| {
                    let mut v = top.to_api(true);
                    let replies: Vec<Value> = mine
                        .iter()
                        .filter(|r| r.parent_id == Some(top.id))
                        .map(|r| Value::Object(r.to_api(true)))
                        .collect();
                    v.insert("replies".into(), Value::Array(replies));
                    Value::Object(v)
                })
                .collect();
            Ok(items)
        })
        .await?;
    ok(json!({ "collection": items }))
}

pub async fn detail(State(app): State<Shared>, P((candidate, id)): MemoPath) -> ApiResult {
    let synthetic = app.opts.synthetic_candidates;
    let memo = app
        .store
        .read_async(move |db| {
            let id = memo_id(db, synthetic, &candidate, &id)?;
            db.memos
                .iter()
                .find(|m| m.id == id && m.candidate == candidate)
                .map(|m| m.to_api(true))
                .ok_or_else(ApiError::not_found)
        })
        .await?;
    ok(json!({ "resource": memo }))
}

fn content_of(body: &Map<String, Value>, required: bool) -> Result<Option<String>, ApiError> {
    match body.get("content") {
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(Some(s.clone())),
        Some(Value::String(_)) => Err(ApiError::validation("content must not be empty")),
        None | Some(Value::Null) if required => Err(ApiError::validation(
            "content is required (a non-empty string)",
        )),
        None | Some(Value::Null) => Ok(None),
        Some(_) => Err(ApiError::validation("content must be a string")),
    }
}

fn role_of(body: &Map<String, Value>) -> Result<Option<String>, ApiError> {
    match body.get("accessible_role") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if ROLES.contains(&s.as_str()) => Ok(Some(s.clone())),
        Some(other) => Err(ApiError::validation(format!(
            "accessible_role must be one of job_admin, job_manager, member; got {other}"
        ))),
    }
}

fn mentions_of(body: &Map<String, Value>) -> Result<Option<Vec<String>>, ApiError> {
    match body.get("mentions") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_str().map(str::to_string).ok_or_else(|| {
                    ApiError::validation("mentions must be an array of user code strings")
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(ApiError::validation(
            "mentions must be an array of user code strings",
        )),
    }
}

/// `Some(None)` = clear the attachment, `None` = leave it.
fn file_url_of(body: &Map<String, Value>) -> Result<Option<Option<String>>, ApiError> {
    match body.get("file_url") {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(Value::String(s)) if s.is_empty() => Ok(Some(None)),
        Some(Value::String(s)) => Ok(Some(Some(s.clone()))),
        Some(_) => Err(ApiError::validation("file_url must be a string or null")),
    }
}

pub async fn create(
    State(app): State<Shared>,
    P(candidate): P<String>,
    Body(body): Body,
) -> ApiResult {
    let synthetic = app.opts.synthetic_candidates;
    let user = app.user.clone();
    let body = json_object(&body)?;
    let memo = app
        .store
        .write_async(move |db| {
            require_candidate(db, synthetic, &candidate)?;
            let content = content_of(&body, true)?.unwrap_or_default();
            let parent_id = match body.get("parent_id") {
                None | Some(Value::Null) => None,
                Some(v) => {
                    let pid = v.as_i64().ok_or_else(|| {
                        ApiError::validation("parent_id must be an integer (the id of a memo)")
                    })?;
                    let parent = db
                        .memos
                        .iter()
                        .find(|m| m.id == pid && m.candidate == candidate)
                        .ok_or_else(|| {
                            ApiError::validation(format!(
                                "parent_id {pid}: no such memo on candidate {candidate}"
                            ))
                        })?;
                    if let Some(root) = parent.parent_id {
                        return Err(ApiError::validation(format!(
                            "parent_id {pid} is itself a reply (to memo {root}); reply to the top-level memo {root} instead"
                        )));
                    }
                    Some(pid)
                }
            };
            let role = role_of(&body)?.unwrap_or_else(|| "member".into());
            let mentions = mentions_of(&body)?.unwrap_or_default();
            let file_url = file_url_of(&body)?.flatten();
            let now = now_kst();
            let memo = Memo {
                id: db.next_memo_id,
                candidate: candidate.clone(),
                parent_id,
                content,
                accessible_role: role,
                file_url,
                mentions,
                pinned: false,
                fixed_at: None,
                created_at: now.clone(),
                updated_at: now,
                user,
            };
            db.next_memo_id += 1;
            let view = memo.to_api(true);
            db.memos.push(memo);
            Ok(view)
        })
        .await?;
    ok(json!({ "resource": memo }))
}

pub async fn edit(
    State(app): State<Shared>,
    P((candidate, id)): MemoPath,
    Body(body): Body,
) -> ApiResult {
    let body = json_object(&body)?;
    change_memo(&app, candidate, id, move |db, candidate, id| {
        find(db, candidate, id)?;
        let content = content_of(&body, false)?;
        let role = role_of(&body)?;
        let mentions = mentions_of(&body)?;
        let file_url = file_url_of(&body)?;
        let memo = find(db, candidate, id)?;
        if let Some(c) = content {
            memo.content = c;
        }
        if let Some(r) = role {
            memo.accessible_role = r;
        }
        if let Some(m) = mentions {
            memo.mentions = m;
        }
        if let Some(f) = file_url {
            memo.file_url = f;
        }
        memo.updated_at = now_kst();
        Ok(memo.to_api(true))
    })
    .await
}

/// Deletes the memo and its replies; answers the deleted memo without `user`.
pub async fn delete(State(app): State<Shared>, P((candidate, id)): MemoPath) -> ApiResult {
    change_memo(&app, candidate, id, |db, candidate, id| {
        let view = find(db, candidate, id)?.to_api(false);
        db.memos
            .retain(|m| !(m.candidate == candidate && (m.id == id || m.parent_id == Some(id))));
        Ok(view)
    })
    .await
}

/// Toggles `pinned`; `fixed_at` is the pin time, null when unpinned.
pub async fn pin(State(app): State<Shared>, P((candidate, id)): MemoPath) -> ApiResult {
    change_memo(&app, candidate, id, |db, candidate, id| {
        let memo = find(db, candidate, id)?;
        memo.pinned = !memo.pinned;
        memo.fixed_at = memo.pinned.then(now_kst);
        Ok(memo.to_api(true))
    })
    .await
}

/// Change memo `id` of `candidate` (both checked first) with `f`; answers its `resource`.
async fn change_memo(
    app: &Shared,
    candidate: String,
    id: String,
    f: impl FnOnce(&mut Db, &str, i64) -> Result<Map<String, Value>, ApiError> + Send + 'static,
) -> ApiResult {
    let synthetic = app.opts.synthetic_candidates;
    let memo = app
        .store
        .write_async(move |db| {
            let id = memo_id(db, synthetic, &candidate, &id)?;
            f(db, &candidate, id)
        })
        .await?;
    ok(json!({ "resource": memo }))
}
