//! A candidate's form submissions (cursor pagination).

use super::Pages;
use crate::api::{Client, PageWalker};
use crate::error::Error;

/// Whose submissions, which pages. Walking every page asks for the largest pages; a limit
/// does not change the page size.
#[derive(Debug, Clone, Default)]
pub struct ListOptions {
    pub candidate: String,
    pub pages: Pages,
}

/// The pages of a candidate's submissions; the front end walks them.
pub fn list(client: &Client, o: &ListOptions) -> Result<PageWalker, Error> {
    let p = &o.pages;
    let first = crate::api::records::submissions_url(
        client,
        &o.candidate,
        p.per,
        p.page_token.as_deref(),
        p.all,
    )?;
    Ok(client.submission_pages(first))
}
