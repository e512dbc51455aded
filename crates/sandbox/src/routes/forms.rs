//! GET /v1/application_forms and GET /v1/application_forms/{code}.

use serde_json::Value;

use super::{ApiError, PageRequest};
use crate::state::Db;

/// A page of the list: `title` filters (case-insensitive part of it). A token carries the
/// offset and the query it belongs to, so following `next_page_token` alone continues the
/// same query.
pub fn page(
    db: &Db,
    req: &PageRequest,
    _: usize,
    base: &str,
) -> Result<(Vec<Value>, usize), ApiError> {
    let needle = req.scope.to_lowercase();
    let matching = db
        .forms
        .iter()
        .filter(|f| needle.is_empty() || f.title.to_lowercase().contains(&needle));
    Ok(req.page_of(matching, |f| f.to_api(base, false)))
}

/// One form with its questions.
pub fn find(db: &Db, _: usize, code: &str, base: &str) -> Option<Value> {
    Some(db.forms.iter().find(|f| f.code == code)?.to_api(base, true))
}
