//! Jobs: the postings with their job group, form and managers.

use super::Pages;
use crate::api::{Client, PageWalker, Title};

/// Which jobs to list.
#[derive(Debug, Clone, Default)]
pub struct ListOptions {
    /// Only jobs whose posting or job group title matches.
    pub title: Option<String>,
    pub pages: Pages,
}

/// The pages of the job list; the front end walks them.
pub fn list(client: &Client, o: &ListOptions) -> PageWalker {
    client.job_pages(&o.pages.query(o.title.clone().map(Title)))
}
