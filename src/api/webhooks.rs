//! Webhook registrations (fields from the hosted service's documentation; bodies not fully documented, so any
//! extra field may be sent and is kept).

use reqwest::Method;
use serde_json::Value;

use super::forms::not_found_as;
use super::pagination::{PageStyle, PageWalker};
use super::types::{Resource, Webhook, WebhookInput, WebhookList};
use super::{Client, Fetched};
use crate::error::Error;

/// Event names of spec section 6. Unknown names are passed through unchanged.
pub const EVENTS: &[&str] = &[
    "candidate_stage_changed",
    "candidate_pass",
    "feedback_created",
    "feedback_completed",
    "interview_scheduled",
    "form_submitted",
];

impl Client {
    /// The registrations page by page (their paging is undocumented: either style is read).
    pub fn webhook_pages(&self) -> PageWalker {
        PageWalker::new(
            self.clone(),
            self.endpoint(&["webhooks"]),
            PageStyle::Cursor,
        )
    }

    pub async fn list_webhooks(&self) -> Result<Fetched<WebhookList>, Error> {
        self.get(self.checked_endpoint(&["webhooks"])?).await
    }

    pub async fn get_webhook(&self, code: &str) -> Result<Fetched<Resource<Webhook>>, Error> {
        self.get(self.checked_endpoint(&["webhooks", code])?)
            .await
            .map_err(|e| webhook_not_found(e, code))
    }

    pub async fn create_webhook(
        &self,
        body: &WebhookInput,
    ) -> Result<Fetched<Resource<Webhook>>, Error> {
        self.send_json(
            Method::POST,
            self.checked_endpoint(&["webhooks"])?,
            Some(&Value::Object(body.clone())),
        )
        .await
    }

    pub async fn edit_webhook(
        &self,
        code: &str,
        body: &WebhookInput,
    ) -> Result<Fetched<Resource<Webhook>>, Error> {
        self.send_json(
            Method::PATCH,
            self.checked_endpoint(&["webhooks", code])?,
            Some(&Value::Object(body.clone())),
        )
        .await
        .map_err(|e| webhook_not_found(e, code))
    }

    /// `DELETE /v1/webhooks/{code}`. The answer's shape is not documented: it is returned as
    /// it came (possibly empty).
    pub async fn delete_webhook(&self, code: &str) -> Result<super::ApiResponse, Error> {
        self.send(super::RequestSpec::new(
            Method::DELETE,
            self.checked_endpoint(&["webhooks", code])?,
        ))
        .await
        .map_err(|e| webhook_not_found(e, code))
    }
}

fn webhook_not_found(e: Error, code: &str) -> Error {
    not_found_as(e, || format!("webhook '{code}' not found"))
}
