//! What the resources' endpoints share: one record by its code (a 404 names it), and a list:
//! its query (one filter, the page size, the page token) and its pages.

use reqwest::Method;
use serde::de::DeserializeOwned;
use serde_json::Value;
use url::Url;

use super::pagination::{user_page_token_opt, PageStyle, PageWalker};
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

/// What a record read by code is, to name it when it is not found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Form,
    Candidate,
    Evaluation,
    Interview,
    Webhook,
}

impl Kind {
    /// Where the records of this kind are, below `/v1`: a record's code follows.
    pub fn collection(self) -> &'static [&'static str] {
        match self {
            Kind::Form => &["application_forms"],
            Kind::Candidate => &["candidates"],
            Kind::Evaluation => &["feedback", "candidate_scores"],
            Kind::Interview => &["interviews"],
            Kind::Webhook => &["webhooks"],
        }
    }
}

/// The typed `get` of each kind, `get_form` to `get_webhook`: one line a kind, as they differ
/// only in the kind and the type its record is read as.
macro_rules! typed_gets {
    ($($(#[$doc:meta])* $name:ident: $kind:ident => $ty:ident;)*) => {
        impl Client {$(
            $(#[$doc])*
            pub async fn $name(&self, code: &str) -> super::RecordResult<super::types::$ty> {
                self.get_record(Kind::$kind, code).await
            }
        )*}
    };
}

typed_gets! {
    /// `GET /v1/application_forms/{code}`.
    get_form: Form => ApplicationForm;
    /// `GET /v1/candidates/{code}`: the list item's fields and the salary fields.
    get_candidate: Candidate => Candidate;
    /// `GET /v1/feedback/candidate_scores/{code}`.
    get_evaluation: Evaluation => Evaluation;
    /// `GET /v1/interviews/{code}`.
    get_interview: Interview => Interview;
    /// `GET /v1/webhooks/{code}`.
    get_webhook: Webhook => Webhook;
}

impl Client {
    /// `GET` the record of kind `what` with `code` (segments checked); a 404 names it:
    /// `{what} '{code}' not found: ...`.
    pub async fn get_record<T: DeserializeOwned>(
        &self,
        what: Kind,
        code: &str,
    ) -> Result<Fetched<T>, Error> {
        let mut path = what.collection().to_vec();
        path.push(code);
        let named = || {
            let code = code.to_string();
            match what {
                Kind::Form => crate::msg!("form-not-found", code = code),
                Kind::Candidate => crate::msg!("candidate-not-found", code = code),
                Kind::Evaluation => crate::msg!("evaluation-not-found", code = code),
                Kind::Interview => crate::msg!("interview-not-found", code = code),
                Kind::Webhook => crate::msg!("webhook-not-found", code = code),
            }
        };
        self.send_record(Method::GET, &path, None, named).await
    }

    /// `method` with a JSON `body` to the record at `path` (segments checked); a 404 says what
    /// was not found in the words `named` gives.
    pub async fn send_record<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &[&str],
        body: Option<&Value>,
        named: impl FnOnce() -> crate::msg::Msg,
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
    pub fn fixed_list_pages<F: ListFilter>(
        &self,
        path: &[&str],
        q: &ListQuery<F>,
        style: PageStyle,
    ) -> PageWalker {
        PageWalker::new(self.clone(), self.list_url(path, q), style).at_fixed_address()
    }
}

/// The query of a list from what a user gave (a command's flags, a tool's arguments): a page
/// token may be the `next_page_token` / `next_url` address of an earlier answer, which brings
/// its own filter and page size along; walking every page (`all`, `limit`) asks for the largest
/// pages, `max`, or for just the limit when that is smaller.
pub fn list_query<F: ListFilter>(
    filter: Option<F>,
    page_token: Option<&str>,
    per: Option<u32>,
    all: bool,
    limit: Option<usize>,
    max: u32,
) -> ListQuery<F> {
    let (page_token, carried) = user_page_token_opt(page_token);
    let carried_per = carried("per")
        .and_then(|p| p.parse::<u32>().ok())
        .filter(|p| (1..=max).contains(p));
    ListQuery {
        filter: filter.or_else(|| carried(F::PARAM).and_then(|v| F::parse(&v))),
        page_token,
        per: walk_per(per.or(carried_per), all, limit, max),
    }
}

/// The page size of a list that is walked for `--all` / `--limit` (the tools' `all` /
/// `limit`) when none was asked for: the largest (fewest requests), or the limit when that is
/// smaller (one request of just what is wanted).
pub fn walk_per(per: Option<u32>, all: bool, limit: Option<usize>, max: u32) -> Option<u32> {
    per.or(match (all, limit) {
        (_, Some(l)) => Some(l.clamp(1, max as usize) as u32),
        (true, None) => Some(max),
        (false, None) => None,
    })
}

/// `GET /v1/candidates/{c}/form_submissions`, as [`list_query`] (walking every page asks for
/// the largest pages; `--limit` does not change the page size).
pub fn submissions_url(
    client: &Client,
    candidate: &str,
    per: Option<u32>,
    page_token: Option<&str>,
    all: bool,
) -> Result<Url, Error> {
    client.checked_endpoint(&["candidates", candidate])?;
    let q = list_query::<NoFilter>(None, page_token, per, all, None, MAX_PER);
    Ok(client.submissions_url(candidate, q.per, q.page_token.as_deref()))
}

/// Every item of every page the walker gives (its limit applied): the merged list of `--all` /
/// `--limit` and of the tools' `all` / `limit`.
pub async fn collect_pages(mut walker: PageWalker) -> Result<Vec<Value>, Error> {
    let mut items = Vec::new();
    while let Some(page) = walker.next_page().await? {
        items.extend(page.into_items());
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_ask_for_the_fewest_pages() {
        assert_eq!(
            walk_per(None, false, None, 100),
            None,
            "the service's default"
        );
        assert_eq!(walk_per(None, true, None, 100), Some(100));
        assert_eq!(walk_per(None, false, Some(5), 100), Some(5));
        assert_eq!(walk_per(None, true, Some(250), 100), Some(100));
        assert_eq!(walk_per(Some(7), true, None, 100), Some(7), "--per wins");
    }

    #[test]
    fn a_next_page_address_brings_its_filter_and_size() {
        use crate::api::{Stage, Title};
        let c = Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9/v1", None)).unwrap();
        let q = list_query::<Stage>(
            None,
            Some("http://127.0.0.1:9/v1/candidates?stage_kind=offer&per=3&page_token=abc"),
            None,
            false,
            None,
            100,
        );
        assert_eq!(
            c.list_url(&["candidates"], &q).as_str(),
            "http://127.0.0.1:9/v1/candidates?stage_kind=offer&per=3&page_token=abc"
        );
        let q = list_query(Some(Title("개발".into())), None, None, true, None, 100);
        assert_eq!(
            c.list_url(&["jobs"], &q).as_str(),
            "http://127.0.0.1:9/v1/jobs?title=%EA%B0%9C%EB%B0%9C&per=100"
        );
        // A size the list does not serve is not carried; the filter given wins.
        let q = list_query(
            Some(Title("design".into())),
            Some("/v1/jobs?title=dev&per=500&page_token=t"),
            None,
            false,
            None,
            100,
        );
        assert_eq!((q.filter, q.per), (Some(Title("design".into())), None));
        assert_eq!(q.page_token.as_deref(), Some("t"));
    }
}
