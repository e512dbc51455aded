//! Application forms.

use reqwest::Method;
use serde_json::Value;

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListQuery, Title};
use super::types::Application;
use super::{Client, Planned, RecordResult};
use crate::error::Error;

/// The query of `GET /v1/application_forms`.
pub type FormListQuery = ListQuery<Title>;

impl Client {
    /// The form list, page by page.
    pub fn form_pages(&self, q: &FormListQuery) -> PageWalker {
        self.fixed_list_pages(&["application_forms"], q, PageStyle::Tokens)
    }

    /// The request of `POST /v1/application_forms/{code}/apply`.
    pub fn apply_request(&self, code: &str, body: &Value) -> Result<Planned, Error> {
        let path = ["application_forms", code, "apply"];
        self.plan(Method::POST, &path, Some(body.clone()))
    }

    /// `POST /v1/application_forms/{code}/apply` with a body of either variant.
    pub async fn apply(&self, code: &str, body: &Value) -> RecordResult<Application> {
        let planned = self.apply_request(code, body)?;
        let named = || crate::msg!("form-not-found", code = code.to_string());
        self.send_planned_json(&planned, named).await
    }
}
