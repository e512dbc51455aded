//! Candidates: the list (filtered by stage, paged like the form list) and one candidate's
//! detail. Not in the spec; documented by the hosted service.

use url::Url;

use super::forms::not_found_as;
use super::pagination::{PageStyle, PageWalker};
use super::types::{Candidate, CandidateList, Resource};
use super::{Client, Fetched};
use crate::error::Error;

/// Largest page the candidate list serves.
pub const MAX_PER: u32 = 100;

/// The kind of a hiring stage (`job_stage.stage_kind`, the list's `stage_kind` filter). An
/// organization names its own steps (`1차 면접`, `2차 면접`); each step is of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Stage {
    /// Applied, not looked at yet
    Applied,
    /// Documents under review
    Review,
    /// In interviews
    Interview,
    /// Offer being discussed
    Offer,
    /// Hired
    Pass,
    /// Rejected or withdrawn
    Fail,
}

impl Stage {
    pub const ALL: [Stage; 6] = [
        Stage::Applied,
        Stage::Review,
        Stage::Interview,
        Stage::Offer,
        Stage::Pass,
        Stage::Fail,
    ];

    /// The name the service uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Applied => "applied",
            Stage::Review => "review",
            Stage::Interview => "interview",
            Stage::Offer => "offer",
            Stage::Pass => "pass",
            Stage::Fail => "fail",
        }
    }

    /// The stage named exactly as the service spells it.
    pub fn parse(s: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The service's names, in pipeline order (for schemas and messages).
    pub fn names() -> [&'static str; 6] {
        Stage::ALL.map(Stage::as_str)
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The query of `GET /v1/candidates`.
#[derive(Debug, Clone, Default)]
pub struct CandidateListQuery {
    pub stage: Option<Stage>,
    pub per: Option<u32>,
    pub page_token: Option<String>,
}

impl Client {
    /// The URL of `GET /v1/candidates` with its query.
    pub fn candidates_url(&self, q: &CandidateListQuery) -> Url {
        let mut url = self.endpoint(&["candidates"]);
        {
            let mut pairs = url.query_pairs_mut();
            if let Some(s) = q.stage {
                pairs.append_pair("stage_kind", s.as_str());
            }
            if let Some(p) = q.per {
                pairs.append_pair("per", &p.to_string());
            }
            if let Some(t) = &q.page_token {
                pairs.append_pair("page_token", t);
            }
        }
        if url.query() == Some("") {
            url.set_query(None);
        }
        url
    }

    /// The candidate list page by page from `first` (a [`Client::candidates_url`]).
    pub fn candidate_pages(&self, first: Url) -> PageWalker {
        PageWalker::new(self.clone(), first, PageStyle::Tokens)
    }

    /// `GET /v1/candidates` (one page).
    pub async fn list_candidates(
        &self,
        q: &CandidateListQuery,
    ) -> Result<Fetched<CandidateList>, Error> {
        self.get(self.candidates_url(q)).await
    }

    /// `GET /v1/candidates/{code}`: the list item's fields and the salary fields.
    pub async fn get_candidate(&self, code: &str) -> Result<Fetched<Resource<Candidate>>, Error> {
        self.get(self.checked_endpoint(&["candidates", code])?)
            .await
            .map_err(|e| not_found_as(e, || format!("candidate '{code}' not found")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_urls_carry_the_filter_and_page() {
        let c = Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9/v1", None)).unwrap();
        assert_eq!(
            c.candidates_url(&CandidateListQuery::default()).as_str(),
            "http://127.0.0.1:9/v1/candidates"
        );
        let q = CandidateListQuery {
            stage: Some(Stage::Interview),
            per: Some(100),
            page_token: Some("a b".into()),
        };
        assert_eq!(
            c.candidates_url(&q).as_str(),
            "http://127.0.0.1:9/v1/candidates?stage_kind=interview&per=100&page_token=a+b"
        );
        assert_eq!(Stage::parse("pass"), Some(Stage::Pass));
        assert_eq!(Stage::parse("Pass"), None);
        assert_eq!(Stage::names()[0], "applied");
    }
}
