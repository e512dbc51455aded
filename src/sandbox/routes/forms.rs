//! GET /v1/application_forms and GET /v1/application_forms/{code}.

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use serde_json::{json, Value};

use super::{
    decode_token, encode_token, ok, origin, parse_per, query_get, query_pairs, token_usize,
    ApiError, ApiResult, Shared, Window, P,
};

/// The list: `title` filter (case-insensitive substring), `per` (default 20, max 100) and
/// `page_token`. A token carries the offset and the query it belongs to, so following
/// `next_page_token` alone continues the same query.
pub async fn list(
    State(app): State<Shared>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let pairs = query_pairs(raw.as_deref());
    let (title, offset, token_per) = match query_get(&pairs, "page_token") {
        Some(t) if !t.is_empty() => {
            let fields = decode_token(t)?;
            (
                query_get(&fields, "t").unwrap_or("").to_string(),
                token_usize(&fields, "o")?,
                Some(token_usize(&fields, "p")?),
            )
        }
        _ => (
            query_get(&pairs, "title").unwrap_or("").to_string(),
            0,
            None,
        ),
    };
    let per = parse_per(&pairs, token_per.unwrap_or(20))?;
    let base = origin(&app, &headers);
    let needle = title.to_lowercase();
    let (items, total) = app
        .store
        .read_async(move |db| {
            let matching: Vec<_> = db
                .forms
                .iter()
                .filter(|f| needle.is_empty() || f.title.to_lowercase().contains(&needle))
                .collect();
            let total = matching.len();
            let items: Vec<Value> = matching
                .iter()
                .skip(offset)
                .take(per)
                .map(|f| f.to_api(&base, false))
                .collect();
            Ok((items, total))
        })
        .await?;
    let base = origin(&app, &headers);
    let token_at = |o: usize| {
        encode_token(&[
            ("o", o.to_string()),
            ("p", per.to_string()),
            ("t", title.clone()),
        ])
    };
    let page = Window { offset, per, total };
    ok(json!({
        "collection": items,
        "pagination": page.token_pagination(&format!("{base}/v1/application_forms"), token_at),
    }))
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
