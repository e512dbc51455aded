//! Application forms.

use reqwest::Method;
use serde_json::Value;

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListQuery, Title};
use super::types::{Application, ApplicationForm};
use super::{Client, RecordResult};

/// The query of `GET /v1/application_forms`.
pub type FormListQuery = ListQuery<Title>;

impl Client {
    /// The form list, page by page.
    pub fn form_pages(&self, q: &FormListQuery) -> PageWalker {
        self.fixed_list_pages(&["application_forms"], q, PageStyle::Tokens)
    }

    /// `GET /v1/application_forms/{code}`.
    pub async fn get_form(&self, code: &str) -> RecordResult<ApplicationForm> {
        self.get_record("application form", &["application_forms", code])
            .await
    }

    /// `POST /v1/application_forms/{code}/apply` with a body of either variant.
    pub async fn apply(&self, code: &str, body: &Value) -> RecordResult<Application> {
        let path = ["application_forms", code, "apply"];
        let named = || format!("application form '{code}' not found");
        self.send_record(Method::POST, &path, Some(body), named)
            .await
    }
}
