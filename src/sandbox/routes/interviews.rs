//! GET /v1/interviews/{code}: one interview.

use axum::extract::State;
use axum::http::HeaderMap;
use serde_json::json;

use super::{ok, origin, ApiError, ApiResult, Shared, P};
use crate::sandbox::pipeline;

pub async fn detail(
    State(app): State<Shared>,
    headers: HeaderMap,
    P(code): P<String>,
) -> ApiResult {
    let base = origin(&app, &headers);
    let synthetic = app.opts.synthetic_candidates;
    let interview = app
        .store
        .read_async(move |db| {
            db.interviews
                .iter()
                .find(|i| i.code == code)
                .map(|i| pipeline::interview_view(db, synthetic, i, &base))
                .ok_or_else(ApiError::not_found)
        })
        .await?;
    ok(json!({ "resource": interview }))
}
