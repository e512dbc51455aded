//! Candidates: list and read them from the service, search them in the mirror.

use super::Pages;
use crate::api::types::Candidate;
use crate::api::{Client, PageWalker, RecordResult, Stage};
use crate::error::Error;
use crate::sync::mirror::report::Found;
use crate::sync::MirrorActor;

/// Which candidates to list.
#[derive(Debug, Clone, Default)]
pub struct ListOptions {
    /// Only candidates at this stage.
    pub stage: Option<Stage>,
    pub pages: Pages,
}

/// The pages of the candidate list; the front end walks them.
pub fn list(client: &Client, o: &ListOptions) -> PageWalker {
    client.candidate_pages(&o.pages.query(o.stage))
}

pub async fn get(client: &Client, code: &str) -> RecordResult<Candidate> {
    client.get_candidate(code).await
}

/// How many candidates a search shows unless asked for another number.
pub const SEARCH_LIMIT: usize = 20;

/// A search of the mirror by part of a name, code or email.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    pub query: String,
    /// Only candidates at this stage.
    pub stage: Option<Stage>,
    /// At most this many ([`SEARCH_LIMIT`] unless asked).
    pub limit: usize,
}

/// The candidates found in the mirror `store`, best first, with how many matched and how old
/// the mirror is. No request goes to the service.
pub async fn search(store: &MirrorActor, o: &SearchOptions) -> Result<Found, Error> {
    let (query, stage, limit) = (o.query.clone(), o.stage, o.limit);
    store
        .call(move |m| m.search(&query, stage.map(|s| s.as_str()), limit))
        .await
}
