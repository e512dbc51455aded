//! What the resources' endpoints share: one record by its code (a 404 names it), and a list:
//! its query (one filter, the page size, the page token) and its pages.

use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;
use url::Url;

use super::pagination::{PageStyle, PageWalker};
use super::{Client, Fetched};
use crate::error::Error;

/// Largest page the service's lists serve (`per` is 1 to 100).
pub const MAX_PER: u32 = 100;

/// A list's filter: the query parameter it is sent as, and its value.
pub trait ListFilter {
    /// The query parameter (`title`, `stage_kind`).
    const PARAM: &'static str;
    fn value(&self) -> &str;
    /// The filter a next-page address carries as its parameter.
    fn parse(value: &str) -> Option<Self>
    where
        Self: Sized;
}

/// A title filter (forms, jobs): a case-insensitive part of a posting's or job group's title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Title(pub String);

impl ListFilter for Title {
    const PARAM: &'static str = "title";
    fn value(&self) -> &str {
        &self.0
    }
    fn parse(value: &str) -> Option<Self> {
        Some(Title(value.to_string()))
    }
}

/// No filter (a candidate's submissions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoFilter {}

impl ListFilter for NoFilter {
    const PARAM: &'static str = "";
    fn value(&self) -> &str {
        match *self {}
    }
    fn parse(_: &str) -> Option<Self> {
        None
    }
}

/// The query every list of the service takes, each part sent only when given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery<F> {
    pub filter: Option<F>,
    /// Page size.
    pub per: Option<u32>,
    pub page_token: Option<String>,
}

impl<F> Default for ListQuery<F> {
    fn default() -> Self {
        ListQuery {
            filter: None,
            per: None,
            page_token: None,
        }
    }
}

impl Client {
    /// `GET` the record at `path` (segments checked); a 404 names it: `{what} '{code}' not
    /// found: ...`, `code` being the path's last segment.
    pub(crate) async fn get_record<T: DeserializeOwned>(
        &self,
        what: &str,
        path: &[&str],
    ) -> Result<Fetched<T>, Error> {
        let code = path.last().copied().unwrap_or_default();
        let named = || format!("{what} '{code}' not found");
        self.send_record(Method::GET, path, None, named).await
    }

    /// `method` with a JSON `body` to the record at `path` (segments checked); a 404 says what
    /// was not found in the words `named` gives.
    pub(crate) async fn send_record<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &[&str],
        body: Option<&Value>,
        named: impl FnOnce() -> String,
    ) -> Result<Fetched<T>, Error> {
        let url = self.checked_endpoint(path)?;
        let sent = self.send_json(method, url, body).await;
        sent.map_err(|e| e.not_found_as(named))
    }

    /// The address of the list at `path` with query `q`.
    pub fn list_url<F: ListFilter>(&self, path: &[&str], q: &ListQuery<F>) -> Url {
        let mut url = self.endpoint(path);
        {
            let mut pairs = url.query_pairs_mut();
            if let Some(f) = &q.filter {
                pairs.append_pair(F::PARAM, f.value());
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

    /// The pages of a list whose address names no record (`/v1/jobs`, not
    /// `/v1/candidates/C1/form_submissions`): a 404 from it means the base URL is wrong.
    pub(crate) fn fixed_list_pages<F: ListFilter>(
        &self,
        path: &[&str],
        q: &ListQuery<F>,
        style: PageStyle,
    ) -> PageWalker {
        PageWalker::new(self.clone(), self.list_url(path, q), style).at_fixed_address()
    }
}
