//! A candidate's form submissions, with cursor pagination.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use url::Url;

use super::forms::not_found_as;
use super::pagination::{PageStyle, PageWalker};
use super::{Client, Collection, Fetched};
use crate::error::Error;

/// Largest page the service serves.
pub const MAX_PER: u32 = 100;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct FormSubmission {
    pub code: Option<String>,
    pub kind: Option<String>,
    pub form_title: Option<String>,
    pub form_description: Option<String>,
    pub candidate_name: Option<String>,
    pub candidate_email: Option<String>,
    pub submitted_at: Option<String>,
    pub created_at: Option<String>,
    pub form_template: Option<FormTemplate>,
    pub submission_answers: Option<Vec<SubmissionAnswer>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct FormTemplate {
    pub id: Option<i64>,
    pub name: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SubmissionAnswer {
    pub id: Option<i64>,
    pub kind: Option<String>,
    pub sub_kind: Option<String>,
    pub order: Option<i64>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub accessible: Option<bool>,
    pub answer_json_info: Option<AnswerJsonInfo>,
    pub question: Option<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AnswerJsonInfo {
    pub value: Option<String>,
    pub values: Option<Vec<Value>>,
    pub checked: Option<bool>,
    pub links: Option<Vec<Value>>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `pagination` of cursor lists.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CursorPagination {
    pub next_url: Option<String>,
    pub prev_url: Option<String>,
    pub total_count: Option<i64>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

pub type SubmissionList = Collection<FormSubmission, CursorPagination>;

impl Client {
    /// The URL of `GET /v1/candidates/{c}/form_submissions`.
    pub fn submissions_url(
        &self,
        candidate: &str,
        per: Option<u32>,
        page_token: Option<&str>,
    ) -> Url {
        let mut url = self.endpoint(&["candidates", candidate, "form_submissions"]);
        if per.is_some() || page_token.is_some() {
            let mut q = url.query_pairs_mut();
            if let Some(p) = per {
                q.append_pair("per", &p.to_string());
            }
            if let Some(t) = page_token {
                q.append_pair("page_token", t);
            }
        }
        url
    }

    /// A candidate's submissions page by page from `first` (a [`Client::submissions_url`]).
    pub fn submission_pages(&self, first: Url) -> PageWalker {
        PageWalker::new(self.clone(), first, PageStyle::Cursor)
    }

    /// One page of a candidate's form submissions.
    pub async fn list_submissions(
        &self,
        candidate: &str,
        per: Option<u32>,
        page_token: Option<&str>,
    ) -> Result<Fetched<SubmissionList>, Error> {
        self.checked_endpoint(&["candidates", candidate])?;
        self.get(self.submissions_url(candidate, per, page_token))
            .await
            .map_err(|e| not_found_as(e, || format!("candidate '{candidate}' not found")))
    }
}
