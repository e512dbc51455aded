//! A candidate's form submissions, with cursor pagination.

use url::Url;

use super::forms::not_found_as;
use super::pagination::{PageStyle, PageWalker};
use super::types::SubmissionList;
use super::{Client, Fetched};
use crate::error::Error;

/// Largest page the service serves.
pub const MAX_PER: u32 = 100;

impl Client {
    /// The URL of `GET /v1/candidates/{c}/form_submissions`.
    pub fn submissions_url(
        &self,
        candidate: &str,
        per: Option<u32>,
        page_token: Option<&str>,
    ) -> Url {
        let mut url = self.endpoint(&["candidates", candidate, "form_submissions"]);
        if per.is_some() || page_token.is_some() {
            let mut q = url.query_pairs_mut();
            if let Some(p) = per {
                q.append_pair("per", &p.to_string());
            }
            if let Some(t) = page_token {
                q.append_pair("page_token", t);
            }
        }
        url
    }

    /// A candidate's submissions page by page from `first` (a [`Client::submissions_url`]).
    pub fn submission_pages(&self, first: Url) -> PageWalker {
        PageWalker::new(self.clone(), first, PageStyle::Cursor)
    }

    /// One page of a candidate's form submissions.
    pub async fn list_submissions(
        &self,
        candidate: &str,
        per: Option<u32>,
        page_token: Option<&str>,
    ) -> Result<Fetched<SubmissionList>, Error> {
        self.checked_endpoint(&["candidates", candidate])?;
        self.get(self.submissions_url(candidate, per, page_token))
            .await
            .map_err(|e| not_found_as(e, || format!("candidate '{candidate}' not found")))
    }
}
