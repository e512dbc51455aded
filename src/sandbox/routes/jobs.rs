//! GET /v1/jobs: `title` filter (a posting's or job group's title), paged like the form list.

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use serde_json::Value;

use super::{origin, query_pairs, ApiResult, PageRequest, Shared};
use crate::sandbox::pipeline;

pub async fn list(
    State(app): State<Shared>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let req = PageRequest::tokens(&query_pairs(raw.as_deref()), Some("title"))?;
    let base = origin(&app, &headers);
    let list_url = format!("{base}/v1/jobs");
    let page = req.clone();
    let (items, total) = app
        .store
        .read_async(move |db| {
            let matching = db
                .jobs
                .iter()
                .filter(|j| pipeline::job_matches(j, &page.scope));
            let (jobs, total) = page.page(matching);
            let items: Vec<Value> = jobs
                .iter()
                .map(|j| pipeline::job_view(db, j, &base))
                .collect();
            Ok((items, total))
        })
        .await?;
    req.token_answer(items, total, &list_url)
}
