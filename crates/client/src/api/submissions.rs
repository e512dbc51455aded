//! A candidate's form submissions, with cursor pagination.

use url::Url;

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListQuery, NoFilter};
use super::Client;

impl Client {
    /// A candidate's submissions, page by page from `first` (a [`Client::submissions_url`]).
    pub fn submission_pages(&self, first: Url) -> PageWalker {
        PageWalker::new(self.clone(), first, PageStyle::Cursor)
    }

    /// The URL of `GET /v1/candidates/{c}/form_submissions`.
    pub fn submissions_url(
        &self,
        candidate: &str,
        per: Option<u32>,
        page_token: Option<&str>,
    ) -> Url {
        let q = ListQuery::<NoFilter> {
            filter: None,
            per,
            page_token: page_token.map(str::to_string),
        };
        self.list_url(&["candidates", candidate, "form_submissions"], &q)
    }
}
