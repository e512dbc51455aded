//! The service's JSON, as types: every model a resource's endpoints send or answer.
//!
//! Models are tolerant: every field is optional (missing and `null` are `None`) and fields this
//! version does not know are kept in `extra`, so nothing the service sends is lost or rejected.
//! The endpoints are methods on [`Client`](super::Client) in each resource's module.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

// Envelopes: every answer is a resource, a collection or an error.

/// `{ "resource": T }`
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Resource<T: Default> {
    pub resource: T,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `{ "collection": [T], "pagination": P }`
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Collection<T, P: Default> {
    pub collection: Vec<T>,
    pub pagination: Option<P>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The service's error body `{ error, message }`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ErrorBody {
    pub error: Option<String>,
    pub message: Option<String>,
}

// Application forms, their questions, and the answer of apply.

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

pub type FormList = Collection<ApplicationForm, FormPagination>;

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

// A candidate's form submissions (cursor pagination).

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

// Candidate memos.

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Memo {
    pub id: Option<i64>,
    pub parent_id: Option<i64>,
    pub content: Option<String>,
    pub accessible_role: Option<String>,
    pub file_url: Option<String>,
    pub mentions: Option<Vec<String>>,
    pub pinned: Option<bool>,
    pub fixed_at: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    /// Absent in the delete answer.
    pub user: Option<MemoUser>,
    /// Only in the list answer.
    pub replies: Option<Vec<Memo>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MemoUser {
    pub code: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Body of create and edit; `None` fields are not sent.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MemoInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accessible_role: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mentions: Option<Vec<String>>,
}

impl MemoInput {
    /// Nothing to send: an edit with it would change nothing (refused before asking).
    pub fn is_empty(&self) -> bool {
        self.content.is_none()
            && self.parent_id.is_none()
            && self.file_url.is_none()
            && self.accessible_role.is_none()
            && self.mentions.is_none()
    }
}

pub type MemoList = Collection<Memo, Value>;

// Webhook registrations (the hosted service's documentation). Their bodies are only partly
// documented: any extra field may be sent and is kept.

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Webhook {
    pub code: Option<String>,
    pub active: Option<bool>,
    pub provider: Option<String>,
    pub callback_url: Option<String>,
    /// May come back masked or absent.
    pub signing_key: Option<String>,
    pub events: Option<Vec<String>>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A create/edit body: the documented fields plus anything the user adds.
pub type WebhookInput = Map<String, Value>;

pub type WebhookList = Collection<Webhook, Value>;

// File upload: the presign answer.

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Presign {
    pub presigned_url: Option<String>,
    pub file_url: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
