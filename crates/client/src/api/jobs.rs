//! Jobs (postings with their job group, form and managers): the list, paged like the form list.

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListQuery, Title};
use super::Client;

/// The query of `GET /v1/jobs` (the title of a posting or of its job group).
pub type JobListQuery = ListQuery<Title>;

impl Client {
    /// The job list, page by page.
    pub fn job_pages(&self, q: &JobListQuery) -> PageWalker {
        self.fixed_list_pages(&["jobs"], q, PageStyle::Tokens)
    }
}
