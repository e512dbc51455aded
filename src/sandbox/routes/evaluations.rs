//! GET /v1/feedback/candidate_scores/{code}: one evaluation.

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
    let evaluation = app
        .store
        .read_async(move |db| {
            db.evaluations
                .iter()
                .find(|e| e.code == code)
                .map(|e| pipeline::evaluation_view(db, synthetic, e, &base))
                .ok_or_else(ApiError::not_found)
        })
        .await?;
    ok(json!({ "resource": evaluation }))
}
