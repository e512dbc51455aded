//! GET /v1/candidates/{candidate_code}/form_submissions: cursor pagination.

use axum::extract::RawQuery;
use axum::response::IntoResponse;
use serde::Serialize;

use super::{enc, find_candidate, query_pairs, ApiError, ApiResult, PageRequest, Site, P};
use crate::synthetic::{submission_record, Submission};

#[derive(Serialize)]
struct Page<'a> {
    collection: Vec<Submission<'a>>,
    pagination: Pagination,
}

#[derive(Serialize)]
struct Pagination {
    next_url: Option<String>,
    prev_url: Option<String>,
    total_count: usize,
}

pub async fn list(site: Site, P(code): P<String>, RawQuery(raw): RawQuery) -> ApiResult {
    let Site { app, base, .. } = site;
    let req = PageRequest::cursor(&query_pairs(raw.as_deref()), &code)?;
    let (offset, per) = (req.offset, req.per);
    let synthetic = app.opts.synthetic_candidates;
    let lookup = code.clone();
    let candidate = app
        .store
        .read_async(move |db| {
            find_candidate(db, synthetic, &lookup).ok_or_else(ApiError::not_found)
        })
        .await?;
    let total = candidate.submissions;
    let items: Vec<Submission> = (offset..total.min(offset.saturating_add(per)))
        .map(|i| submission_record(&candidate.code, &candidate.name, &candidate.email, i))
        .collect();
    let url = |o: usize| {
        format!(
            "{base}/v1/candidates/{}/form_submissions?page_token={}&per={per}",
            enc(&code),
            req.token_at(o)
        )
    };
    let page = req.window(total);
    let next_url = page.next().map(url);
    let prev_url = page.prev().map(url);
    // Serialized straight from the records: no intermediate `Value` tree.
    Ok((
        axum::http::StatusCode::OK,
        axum::Json(Page {
            collection: items,
            pagination: Pagination {
                next_url,
                prev_url,
                total_count: total,
            },
        }),
    )
        .into_response())
}
