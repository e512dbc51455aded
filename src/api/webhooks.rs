//! Webhook registrations (fields from the hosted service's documentation; bodies not fully documented, so any
//! extra field may be sent and is kept).

use reqwest::Method;
use serde_json::Value;

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListQuery, NoFilter};
use super::types::{Resource, Webhook, WebhookInput};
use super::{Client, Fetched};
use crate::error::Error;

/// The service's events (spec section 6), with when it sends them: the one list that
/// registrations, the listener's `--events`, `trigger`'s samples and the MCP schemas read.
/// Unknown names are passed through unchanged where the service may know more.
pub const EVENTS: &[(&str, &str)] = &[
    (
        "candidate_stage_changed",
        "a candidate's recruiting stage changes",
    ),
    ("candidate_pass", "a candidate moves to the passing stage"),
    ("feedback_created", "an evaluation is created"),
    ("feedback_completed", "an evaluation is completed"),
    ("interview_scheduled", "an interview schedule is confirmed"),
    ("form_submitted", "a candidate submits a form"),
];

/// Whether `name` is one of [`EVENTS`].
pub fn is_event(name: &str) -> bool {
    EVENTS.iter().any(|(e, _)| *e == name)
}

/// The event names, comma-separated (for messages).
pub fn event_names() -> String {
    EVENTS
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Client {
    /// The registrations page by page (their paging is undocumented: either style is read).
    pub fn webhook_pages(&self) -> PageWalker {
        self.fixed_list_pages(
            &["webhooks"],
            &ListQuery::<NoFilter>::default(),
            PageStyle::Cursor,
        )
    }

    pub async fn get_webhook(&self, code: &str) -> Result<Fetched<Resource<Webhook>>, Error> {
        self.get_record("webhook", &["webhooks", code]).await
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
    e.not_found_as(|| format!("webhook '{code}' not found"))
}
