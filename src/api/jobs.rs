//! Jobs (postings with their job group, form and managers): the list, paged like the form list.

use url::Url;

use super::pagination::{PageStyle, PageWalker};
use super::types::JobList;
use super::{Client, Fetched};
use crate::error::Error;

/// The query of `GET /v1/jobs`.
#[derive(Debug, Clone, Default)]
pub struct JobListQuery {
    /// A posting's or job group's title.
    pub title: Option<String>,
    pub per: Option<u32>,
    pub page_token: Option<String>,
}

impl Client {
    /// The URL of `GET /v1/jobs` with its query.
    pub fn jobs_url(&self, q: &JobListQuery) -> Url {
        let mut url = self.endpoint(&["jobs"]);
        {
            let mut pairs = url.query_pairs_mut();
            if let Some(t) = &q.title {
                pairs.append_pair("title", t);
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

    /// The job list page by page from `first` (a [`Client::jobs_url`]).
    pub fn job_pages(&self, first: Url) -> PageWalker {
        PageWalker::new(self.clone(), first, PageStyle::Tokens)
    }

    /// `GET /v1/jobs` (one page).
    pub async fn list_jobs(&self, q: &JobListQuery) -> Result<Fetched<JobList>, Error> {
        self.get(self.jobs_url(q)).await
    }
}
