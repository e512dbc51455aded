//! Application forms: list, read, apply.

use crate::api::types::{Application, ApplicationForm, Resource};
use crate::api::{Client, Fetched, PageWalker, RecordResult, Title, MAX_PER};
use crate::apply::Prepared;
use crate::error::Error;

use super::Sent;

/// Which forms to list. The page size is the service's unless asked, also when every page
/// is walked (the service's form list caps it), so walking does not change the query.
#[derive(Debug, Clone, Default)]
pub struct ListOptions {
    /// Only forms whose title (or job group) matches.
    pub title: Option<String>,
    pub page_token: Option<String>,
    pub per: Option<u32>,
}

/// The pages of the form list; the front end walks them (one page, every page, a limit).
pub fn list(client: &Client, o: &ListOptions) -> PageWalker {
    let q = crate::api::records::list_query(
        o.title.clone().map(Title),
        o.page_token.as_deref(),
        o.per,
        false,
        None,
        MAX_PER,
    );
    client.form_pages(&q)
}

pub async fn get(client: &Client, code: &str) -> RecordResult<ApplicationForm> {
    client.get_form(code).await
}

/// An application from answers given whole (an answers file's JSON, a tool's `answers`).
#[cfg(feature = "mcp")]
#[derive(Debug, Clone)]
pub struct PrepareOptions {
    pub code: String,
    pub answers: serde_json::Value,
    pub variant: crate::apply::Variant,
}

#[cfg(feature = "mcp")]
pub(crate) use crate::apply::submit::ApplyRefused;

/// Read the form and check the answers against it: the exact body to send (with its remarks
/// for people), or every problem at once. Nothing is sent.
#[cfg(feature = "mcp")]
pub(crate) async fn prepare(
    client: &Client,
    o: &PrepareOptions,
) -> Result<(ApplicationForm, Prepared), ApplyRefused> {
    crate::apply::submit::prepare_application(client, &o.code, &o.answers, o.variant).await
}

/// Send a prepared application to form `code`, or on a dry run the request it would send.
pub(crate) async fn submit(
    client: &Client,
    code: &str,
    prepared: &Prepared,
    dry_run: bool,
) -> Result<Sent<Fetched<Resource<Application>>>, Error> {
    if dry_run {
        return Ok(Sent::Planned(client.apply_request(code, &prepared.body)?));
    }
    Ok(Sent::Done(client.apply(code, &prepared.body).await?))
}
