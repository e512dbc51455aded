//! Webhook registrations (fields from the hosted service's documentation; bodies not fully documented, so any
//! extra field may be sent and is kept).

use reqwest::Method;
use serde_json::{Map, Value};
use url::Url;

use super::pagination::{PageStyle, PageWalker};
use super::records::{ListQuery, NoFilter};
use super::types::{Webhook, WebhookInput};
use super::{Client, Planned, RecordResult};
use crate::error::Error;
use crate::msg::Msg;

/// When the service sends an event, as a message.
pub type EventWhen = fn() -> Msg;

/// The service's events (spec section 6), with when it sends them (a message: the front end
/// says it in the person's language): the one list that registrations, the listener's
/// `--events`, `trigger`'s samples and the MCP schemas read. Unknown names are passed through
/// unchanged where the service may know more.
pub const EVENTS: &[(&str, EventWhen)] = &[
    ("candidate_stage_changed", || {
        crate::msg!("event-candidate-stage-changed")
    }),
    ("candidate_pass", || crate::msg!("event-candidate-pass")),
    ("feedback_created", || crate::msg!("event-feedback-created")),
    ("feedback_completed", || {
        crate::msg!("event-feedback-completed")
    }),
    ("interview_scheduled", || {
        crate::msg!("event-interview-scheduled")
    }),
    ("form_submitted", || crate::msg!("event-form-submitted")),
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

/// The one check of an address something is sent to (a registration's `callback_url`,
/// `trigger --to`, the listener's forwards, a presigned upload address): an http:// or
/// https:// URL, else exit 2. `what` names it as the user gave it (`--to`, `callback_url`).
pub fn http_url(what: &str, text: &str) -> Result<Url, Error> {
    let url = Error::explained(Url::parse(text.trim()), |why| {
        Error::usage(crate::msg!(
            "url-not-a-url",
            what = what,
            value = text,
            why = why
        ))
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Error::usage(crate::msg!(
            "url-not-http",
            what = what,
            value = text
        )));
    }
    Ok(url)
}

/// How a front end names a registration's fields in its messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// The command's flags (`--callback-url`).
    Flags,
    /// The MCP tools' arguments (`callback_url`).
    Arguments,
}

impl Naming {
    fn callback_url(self) -> &'static str {
        match self {
            Naming::Flags => "--callback-url",
            Naming::Arguments => "callback_url",
        }
    }

    fn nothing_to_change(self) -> Msg {
        let by = match self {
            Naming::Flags => "flags",
            Naming::Arguments => "arguments",
        };
        crate::msg!("webhook-nothing-to-change", by = by)
    }
}

/// A registration's fields as a user gives them, through flags or a tool's arguments: one
/// reading of them for both front ends ([`WebhookFields::check`]).
#[derive(Debug, Clone, Default)]
pub struct WebhookFields {
    pub callback_url: Option<String>,
    pub signing_key: Option<String>,
    pub events: Option<Vec<String>>,
    pub active: Option<bool>,
    /// Any other body field, sent as given (the body is not fully documented).
    pub extra: Map<String, Value>,
}

/// A registration's body, ready to send, and what the user should be told about it.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedWebhook {
    pub body: WebhookInput,
    /// What to tell, as data: the front end words it.
    pub warnings: Vec<Msg>,
}

impl WebhookFields {
    /// Nothing given at all.
    fn is_empty(&self) -> bool {
        self.callback_url.is_none()
            && self.signing_key.is_none()
            && self.events.is_none()
            && self.active.is_none()
            && self.extra.is_empty()
    }

    /// The body of a create (`creating`: `callback_url` required; active unless said) or an
    /// edit (something to change), with a warning for each event the service does not
    /// document (it is sent unchanged: the service may know more); or every problem found.
    pub fn check(self, creating: bool, naming: Naming) -> Result<CheckedWebhook, Vec<Msg>> {
        if !creating && self.is_empty() {
            return Err(vec![naming.nothing_to_change()]);
        }
        let mut problems = Vec::new();
        let mut warnings = Vec::new();
        let mut body = WebhookInput::new();
        match &self.callback_url {
            Some(u) => match http_url(naming.callback_url(), u) {
                Ok(_) => {
                    body.insert("callback_url".into(), Value::String(u.clone()));
                }
                // `http_url` always says why with a message.
                Err(e) => problems.push(e.said.unwrap_or_else(|| {
                    crate::msg!("url-not-http", what = naming.callback_url(), value = u)
                })),
            },
            None if creating => problems.push(crate::msg!(
                "webhook-callback-required",
                name = naming.callback_url()
            )),
            None => {}
        }
        if let Some(k) = self.signing_key {
            // A key on its way to the service is scrubbed from any text from now on.
            crate::redact::register(&k);
            body.insert("signing_key".into(), Value::String(k));
        }
        if let Some(events) = self.events {
            for e in events.iter().filter(|e| !is_event(e)) {
                warnings.push(crate::msg!(
                    "webhook-event-unknown",
                    event = e,
                    events = event_names()
                ));
            }
            body.insert(
                "events".into(),
                Value::Array(events.into_iter().map(Value::String).collect()),
            );
        }
        if let Some(a) = self.active {
            body.insert("active".into(), Value::Bool(a));
        }
        body.extend(self.extra);
        if creating && !body.contains_key("active") {
            body.insert("active".into(), Value::Bool(true));
        }
        if problems.is_empty() {
            Ok(CheckedWebhook { body, warnings })
        } else {
            Err(problems)
        }
    }
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

    /// The request of `POST /v1/webhooks`.
    pub fn create_webhook_request(&self, body: &WebhookInput) -> Result<Planned, Error> {
        self.plan(
            Method::POST,
            &["webhooks"],
            Some(Value::Object(body.clone())),
        )
    }

    /// `POST /v1/webhooks` (its address names no record: a 404 means the base URL is wrong).
    pub async fn create_webhook(&self, body: &WebhookInput) -> RecordResult<Webhook> {
        let planned = self.create_webhook_request(body)?;
        let sent = self
            .send_planned_json(&planned, super::http::at_fixed_address_named)
            .await;
        sent.map_err(|e| self.at_fixed_address(e, &planned.url))
    }

    /// The request of `PATCH /v1/webhooks/{code}`.
    pub fn edit_webhook_request(&self, code: &str, body: &WebhookInput) -> Result<Planned, Error> {
        let body = Value::Object(body.clone());
        self.plan(Method::PATCH, &["webhooks", code], Some(body))
    }

    pub async fn edit_webhook(&self, code: &str, body: &WebhookInput) -> RecordResult<Webhook> {
        let planned = self.edit_webhook_request(code, body)?;
        let named = || crate::msg!("webhook-not-found", code = code.to_string());
        self.send_planned_json(&planned, named).await
    }

    /// The request of `DELETE /v1/webhooks/{code}`.
    pub fn delete_webhook_request(&self, code: &str) -> Result<Planned, Error> {
        self.plan(Method::DELETE, &["webhooks", code], None)
    }

    /// `DELETE /v1/webhooks/{code}`. The answer's shape is not documented: it is returned as
    /// it came (possibly empty).
    pub async fn delete_webhook(&self, code: &str) -> Result<super::ApiResponse, Error> {
        let planned = self.delete_webhook_request(code)?;
        self.send_planned(&planned, || {
            crate::msg!("webhook-not-found", code = code.to_string())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(url: Option<&str>, events: &[&str]) -> WebhookFields {
        WebhookFields {
            callback_url: url.map(str::to_string),
            events: (!events.is_empty()).then(|| events.iter().map(|e| e.to_string()).collect()),
            ..WebhookFields::default()
        }
    }

    #[test]
    fn an_unknown_event_is_sent_unchanged_with_a_warning() {
        let checked = fields(Some("https://h.example/r"), &["candidate_pass", "hired"])
            .check(true, Naming::Arguments)
            .unwrap();
        assert_eq!(
            Value::Object(checked.body),
            json!({"callback_url": "https://h.example/r", "events": ["candidate_pass", "hired"], "active": true})
        );
        assert_eq!(checked.warnings.len(), 1, "{:?}", checked.warnings);
        assert_eq!(checked.warnings[0].id, "webhook-event-unknown");
        assert_eq!(checked.warnings[0].get("event"), Some(&"hired".into()));
        // The same words whichever front end reads the fields.
        let by_flags = fields(Some("https://h.example/r"), &["hired"])
            .check(true, Naming::Flags)
            .unwrap();
        assert_eq!(by_flags.warnings, checked.warnings);
    }

    #[test]
    fn problems_name_the_field_as_the_front_end_does() {
        let e = fields(Some("ftp://h.example/r"), &[])
            .check(true, Naming::Flags)
            .unwrap_err();
        assert_eq!(
            e,
            [crate::msg!(
                "url-not-http",
                what = "--callback-url",
                value = "ftp://h.example/r"
            )]
        );
        let e = fields(Some("not a url"), &[])
            .check(false, Naming::Arguments)
            .unwrap_err();
        assert_eq!(e[0].id, "url-not-a-url", "{e:?}");
        assert_eq!(e[0].get("what"), Some(&"callback_url".into()));
        let e = fields(None, &[])
            .check(true, Naming::Arguments)
            .unwrap_err();
        assert_eq!(
            e,
            [crate::msg!(
                "webhook-callback-required",
                name = "callback_url"
            )]
        );
        let e = fields(None, &[]).check(false, Naming::Flags).unwrap_err();
        assert_eq!(e, [crate::msg!("webhook-nothing-to-change", by = "flags")]);
    }

    #[test]
    fn a_new_registration_is_active_unless_said_and_extra_fields_win() {
        let mut f = fields(Some("https://h.example/r"), &[]);
        f.active = Some(false);
        let body = f.clone().check(true, Naming::Flags).unwrap().body;
        assert_eq!(body["active"], json!(false));
        f.active = None;
        f.extra.insert("active".into(), json!(false));
        f.extra.insert("provider".into(), json!("round"));
        let body = f.check(true, Naming::Flags).unwrap().body;
        assert_eq!(
            (&body["active"], &body["provider"]),
            (&json!(false), &json!("round"))
        );
        // An edit sends only what was given.
        let f = WebhookFields {
            active: Some(true),
            ..WebhookFields::default()
        };
        let body = f.check(false, Naming::Arguments).unwrap().body;
        assert_eq!(Value::Object(body), json!({"active": true}));
    }
}
