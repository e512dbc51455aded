//! GET /v1/application_forms and GET /v1/application_forms/{code}.

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use serde_json::{json, Value};

use super::{ok, origin, query_pairs, ApiError, ApiResult, PageRequest, Shared, P};

/// The list: `title` filter (case-insensitive substring), `per` (default 20, max 100) and
/// `page_token`. A token carries the offset and the query it belongs to, so following
/// `next_page_token` alone continues the same query.
pub async fn list(
    State(app): State<Shared>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let req = PageRequest::tokens(&query_pairs(raw.as_deref()), Some("title"))?;
    let needle = req.scope.to_lowercase();
    let base = origin(&app, &headers);
    let list_url = format!("{base}/v1/application_forms");
    let page = req.clone();
    let (items, total) = app
        .store
        .read_async(move |db| {
            let matching = db
                .forms
                .iter()
                .filter(|f| needle.is_empty() || f.title.to_lowercase().contains(&needle));
            let (forms, total) = page.page(matching);
            let items: Vec<Value> = forms.iter().map(|f| f.to_api(&base, false)).collect();
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
    let form = app
        .store
        .read_async(move |db| {
            db.forms
                .iter()
                .find(|f| f.code == code)
                .map(|f| f.to_api(&base, true))
                .ok_or_else(ApiError::not_found)
        })
        .await?;
    ok(json!({ "resource": form }))
}
