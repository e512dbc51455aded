//! Application forms.

use reqwest::Method;
use serde_json::Value;
use url::Url;

use super::pagination::{PageStyle, PageWalker};
use super::types::{Application, ApplicationForm, FormList, Resource};
use super::{Client, Fetched};
use crate::error::Error;

#[derive(Debug, Clone, Default)]
pub struct FormListQuery {
    pub title: Option<String>,
    pub page_token: Option<String>,
    pub per: Option<u32>,
}

impl Client {
    /// The URL of `GET /v1/application_forms` with its query.
    pub fn forms_url(&self, q: &FormListQuery) -> Url {
        let mut url = self.endpoint(&["application_forms"]);
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

    /// `GET /v1/application_forms` (one page).
    pub async fn list_forms(&self, q: &FormListQuery) -> Result<Fetched<FormList>, Error> {
        self.get(self.forms_url(q)).await
    }

    /// The form list page by page from `first` (a [`Client::forms_url`]).
    pub fn form_pages(&self, first: Url) -> PageWalker {
        PageWalker::new(self.clone(), first, PageStyle::Tokens)
    }

    /// `GET /v1/application_forms/{code}`.
    pub async fn get_form(&self, code: &str) -> Result<Fetched<Resource<ApplicationForm>>, Error> {
        self.get(self.checked_endpoint(&["application_forms", code])?)
            .await
            .map_err(|e| not_found_as(e, || format!("application form '{code}' not found")))
    }

    /// `POST /v1/application_forms/{code}/apply` with a body of either variant.
    pub async fn apply(
        &self,
        code: &str,
        body: &Value,
    ) -> Result<Fetched<Resource<Application>>, Error> {
        self.send_json(
            Method::POST,
            self.checked_endpoint(&["application_forms", code, "apply"])?,
            Some(body),
        )
        .await
        .map_err(|e| not_found_as(e, || format!("application form '{code}' not found")))
    }
}

/// Give a 404 a message that names what was not found, keeping the service's words.
pub fn not_found_as(mut e: Error, what: impl FnOnce() -> String) -> Error {
    if e.kind == crate::error::ExitKind::NotFound {
        let detail = e.message.trim_start_matches("not found: ").to_string();
        e.message = format!("{}: {detail}", what());
    }
    e
}
