//! GET /v1/candidates (filtered by `stage_kind`, paged like the form list) and
//! GET /v1/candidates/{code}.

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use serde_json::{json, Value};

use super::{ok, origin, query_get, query_pairs, ApiError, ApiResult, PageRequest, Shared, P};
use crate::api::Stage;
use crate::sandbox::pipeline;

/// The list: stored candidates, then synthetic ones; `stage_kind` filters (a page token
/// carries it on), `per` (default 20, max 100) and `page_token` page.
pub async fn list(
    State(app): State<Shared>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let pairs = query_pairs(raw.as_deref());
    if let Some(s) = query_get(&pairs, "stage_kind").filter(|s| !s.is_empty()) {
        if Stage::parse(s).is_none() {
            return Err(ApiError::invalid_parameter(format!(
                "stage_kind must be one of {}, got '{s}'",
                Stage::names().join(", ")
            )));
        }
    }
    let req = PageRequest::tokens(&pairs, Some("stage_kind"))?;
    let base = origin(&app, &headers);
    let list_url = format!("{base}/v1/candidates");
    let synthetic = app.opts.synthetic_candidates;
    let page = req.clone();
    let (items, total) = app
        .store
        .read_async(move |db| {
            let stage = Some(page.scope.as_str()).filter(|s| !s.is_empty());
            let (entries, total) = page.page(pipeline::listed(db, synthetic, stage));
            let items: Vec<Value> = entries
                .iter()
                .map(|e| e.view(db, synthetic, &base))
                .collect();
            Ok((items, total))
        })
        .await?;
    req.token_answer(items, total, &list_url)
}

pub async fn detail(
    State(app): State<Shared>,
    headers: HeaderMap,
    P(code): P<String>,
) -> ApiResult {
    let base = origin(&app, &headers);
    let synthetic = app.opts.synthetic_candidates;
    let candidate = app
        .store
        .read_async(move |db| {
            pipeline::find(db, synthetic, &code)
                .map(|c| pipeline::candidate_view(db, &c, &base, true))
                .ok_or_else(ApiError::not_found)
        })
        .await?;
    ok(json!({ "resource": candidate }))
}
