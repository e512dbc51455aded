//! Candidates: the list (filtered by stage, paged like the form list) and one candidate's
//! detail. Not in the spec; documented by the hosted service.

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListFilter, ListQuery};
use super::Client;

pub use super::types::Stage;

impl ListFilter for Stage {
    const PARAM: &'static str = "stage_kind";
    fn value(&self) -> &str {
        self.as_str()
    }
    fn parse(value: &str) -> Option<Self> {
        Stage::parse(value)
    }
}

/// The query of `GET /v1/candidates` (the kind of their stage).
pub type CandidateListQuery = ListQuery<Stage>;

impl Client {
    /// The candidate list, page by page.
    pub fn candidate_pages(&self, q: &CandidateListQuery) -> PageWalker {
        self.fixed_list_pages(&["candidates"], q, PageStyle::Tokens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_urls_carry_the_filter_and_page() {
        let c = Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9/v1", None)).unwrap();
        let url = |q: &CandidateListQuery| c.list_url(&["candidates"], q);
        assert_eq!(
            url(&CandidateListQuery::default()).as_str(),
            "http://127.0.0.1:9/v1/candidates"
        );
        let q = CandidateListQuery {
            filter: Some(Stage::Interview),
            per: Some(100),
            page_token: Some("a b".into()),
        };
        assert_eq!(
            url(&q).as_str(),
            "http://127.0.0.1:9/v1/candidates?stage_kind=interview&per=100&page_token=a+b"
        );
        assert_eq!(Stage::parse("pass"), Some(Stage::Pass));
        assert_eq!(Stage::parse("Pass"), None);
        assert_eq!(Stage::names()[0], "applied");
    }
}
