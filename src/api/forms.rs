//! Application forms.

use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use url::Url;

use super::pagination::{PageStyle, PageWalker};
use super::{Client, Collection, Fetched, Resource};
use crate::error::Error;

/// A form, as a list item or a detail (either detail variant): every field optional.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ApplicationForm {
    pub uri: Option<String>,
    pub code: Option<String>,
    pub title: Option<String>,
    pub status: Option<String>,
    pub career_kind: Option<String>,
    pub career_start: Option<i64>,
    pub career_end: Option<i64>,
    pub employment_type: Option<String>,
    pub address: Option<String>,
    pub address2: Option<String>,
    /// HTML.
    pub content: Option<String>,
    pub open_status: Option<bool>,
    pub resume_required: Option<bool>,
    pub end_at: Option<String>,
    pub expired: Option<bool>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    // The second detail variant carries these HTML fields instead of title/address/content.
    pub intro_content: Option<String>,
    pub main_task_content: Option<String>,
    pub requirement_content: Option<String>,
    pub preferred_point_content: Option<String>,
    pub benefit_content: Option<String>,
    /// Only in the detail.
    pub questions: Option<Vec<Question>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A question of a form. `id` is not shown by the spec and may be absent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Question {
    pub id: Option<i64>,
    pub kind: Option<String>,
    pub title: Option<String>,
    pub order: Option<i64>,
    pub required: Option<bool>,
    pub show_description: Option<bool>,
    pub description: Option<String>,
    pub answer_options: Option<Vec<String>>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Question {
    pub fn kind(&self) -> &str {
        self.kind.as_deref().unwrap_or("")
    }
    pub fn title(&self) -> &str {
        self.title.as_deref().unwrap_or("")
    }
    pub fn required(&self) -> bool {
        self.required.unwrap_or(false)
    }
}

/// `pagination` of the form list.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct FormPagination {
    pub total: Option<i64>,
    pub previous_page: Option<String>,
    pub previous_page_token: Option<String>,
    pub next_page: Option<String>,
    pub next_page_token: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The answer of apply.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Application {
    pub code: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub duplicate: Option<bool>,
    pub birth: Option<String>,
    pub privacy: Option<bool>,
    pub resume_path: Option<String>,
    pub applied_at: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default)]
pub struct FormListQuery {
    pub title: Option<String>,
    pub page_token: Option<String>,
    pub per: Option<u32>,
}

pub type FormList = Collection<ApplicationForm, FormPagination>;

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
