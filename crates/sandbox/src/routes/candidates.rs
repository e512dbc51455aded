//! The hosted service's pipeline: GET /v1/candidates (filtered by `stage_kind`, paged like the
//! form list), GET /v1/candidates/{code}, GET /v1/jobs (filtered by title), and one evaluation
//! (GET /v1/feedback/candidate_scores/{code}) or interview (GET /v1/interviews/{code}).

use serde_json::Value;

use super::{ApiError, PageRequest};
use crate::pipeline;
use crate::state::Db;
use recruit_client::api::Stage;

/// A page of the candidate list: stored candidates, then synthetic ones, at the stage
/// `stage_kind` names (a page token carries it on).
pub fn page(
    db: &Db,
    req: &PageRequest,
    synthetic: usize,
    base: &str,
) -> Result<(Vec<Value>, usize), ApiError> {
    let stage = Some(req.scope.as_str()).filter(|s| !s.is_empty());
    if let Some(s) = stage.filter(|s| Stage::parse(s).is_none()) {
        return Err(ApiError::invalid_parameter(format!(
            "stage_kind must be one of {}, got '{s}'",
            Stage::names().join(", ")
        )));
    }
    let listed = pipeline::listed(db, synthetic, stage);
    Ok(req.page_of(listed, |e| e.view(db, synthetic, base)))
}

/// A page of the job list: `title` matches a posting's or its job group's.
pub fn jobs(
    db: &Db,
    req: &PageRequest,
    _: usize,
    base: &str,
) -> Result<(Vec<Value>, usize), ApiError> {
    let matching = db
        .jobs
        .iter()
        .filter(|j| pipeline::job_matches(j, &req.scope));
    Ok(req.page_of(matching, |j| pipeline::job_view(db, j, base)))
}

/// One candidate's detail (with the salary fields).
pub fn find(db: &Db, synthetic: usize, code: &str, base: &str) -> Option<Value> {
    let c = pipeline::find(db, synthetic, code)?;
    Some(pipeline::candidate_view(db, &c, base, true))
}

/// One evaluation, with its candidate.
pub fn evaluation(db: &Db, synthetic: usize, code: &str, base: &str) -> Option<Value> {
    let e = db.evaluations.iter().find(|e| e.code == code)?;
    Some(pipeline::evaluation_view(db, synthetic, e, base))
}

/// One interview, with its candidate and schedule.
pub fn interview(db: &Db, synthetic: usize, code: &str, base: &str) -> Option<Value> {
    let i = db.interviews.iter().find(|i| i.code == code)?;
    Some(pipeline::interview_view(db, synthetic, i, base))
}
