//! GET /v1/candidates/{candidate_code}/form_submissions: cursor pagination.

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use serde::Serialize;

use super::{
    decode_token, enc, encode_token, find_candidate, origin, parse_per, query_get, query_pairs,
    token_usize, ApiError, ApiResult, Shared, Window, P,
};
use crate::sandbox::synthetic::{submission_record, Submission};

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

pub async fn list(
    State(app): State<Shared>,
    headers: HeaderMap,
    P(code): P<String>,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let pairs = query_pairs(raw.as_deref());
    let per = parse_per(&pairs, 20)?;
    let offset = match query_get(&pairs, "page_token") {
        Some(t) if !t.is_empty() => {
            let fields = decode_token(t)?;
            // A cursor belongs to one candidate's list.
            if query_get(&fields, "c") != Some(code.as_str()) {
                return Err(ApiError::invalid_parameter(
                    "page_token belongs to another candidate's list",
                ));
            }
            token_usize(&fields, "o")?
        }
        _ => 0,
    };
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
    let base = origin(&app, &headers);
    let url = |o: usize| {
        let token = encode_token(&[("c", code.clone()), ("o", o.to_string())]);
        format!(
            "{base}/v1/candidates/{}/form_submissions?page_token={token}&per={per}",
            enc(&code)
        )
    };
    let page = Window { offset, per, total };
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
