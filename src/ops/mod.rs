//! The operations: what each command does, below both front ends. An operation takes typed
//! options and what it needs (a client, a clock, the policy, an access-log sink), and returns
//! a typed result; it prints nothing and knows no `Ctx`. `commands/` (the CLI) and `mcp/` (the
//! assistant's tools) each put the same result in their own form.

pub mod api;
pub mod audit;
pub mod auth;
pub mod candidates;
pub(crate) mod config;
pub mod evaluations;
pub(crate) mod export;
pub mod files;
pub mod forms;
pub mod interviews;
pub mod jobs;
pub mod memos;
pub(crate) mod privacy;
pub mod report;
pub mod submissions;
pub mod sync;
pub mod webhooks;

use crate::api::records::{ListFilter, ListQuery};
use crate::api::{Planned, MAX_PER};

/// Which pages of a list to read, as both front ends take them: a page token (or a page's
/// address), a page size, and whether every page (`all`) or the first `limit` items are walked.
#[derive(Debug, Clone, Default)]
pub struct Pages {
    pub page_token: Option<String>,
    pub per: Option<u32>,
    pub all: bool,
    pub limit: Option<usize>,
}

impl Pages {
    /// The query of a list with `filter` ([`crate::api::records::list_query`]).
    pub(crate) fn query<F: ListFilter>(&self, filter: Option<F>) -> ListQuery<F> {
        crate::api::records::list_query(
            filter,
            self.page_token.as_deref(),
            self.per,
            self.all,
            self.limit,
            MAX_PER,
        )
    }
}

/// What a change did: sent (its answer), or, on a dry run, the request it would send.
#[derive(Debug)]
pub enum Sent<T> {
    Planned(Planned),
    Done(T),
}
