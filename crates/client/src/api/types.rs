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
    pub accessible_role: Option<Role>,
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

// Candidates, jobs, evaluations and interviews: the hosted service's read endpoints beyond the
// spec. Their lists are paged like the application form list (`per`, `page_token`,
// `pagination.total`).

/// `pagination` of the candidate and job lists (the form list's shape).
pub type TokenPagination = FormPagination;

/// A candidate, as a list item or a detail (the detail adds the salary fields).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Candidate {
    pub code: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub duplicate: Option<bool>,
    pub duplicate_job: Option<bool>,
    pub reapply: Option<bool>,
    pub feedback_kind: Option<String>,
    pub feedback_status: Option<String>,
    pub feedback_result: Option<String>,
    /// Numbers as sent (an integer in the documentation; a decimal is shown as it came).
    pub feedback_score: Option<serde_json::Number>,
    pub feedback_score_count: Option<i64>,
    pub feedback_score_total_count: Option<i64>,
    pub education_final_kind: Option<String>,
    /// Months.
    pub experience_total_period: Option<i64>,
    pub interest: Option<Value>,
    pub birth: Option<String>,
    pub privacy: Option<bool>,
    /// A full address here (the apply request takes only its path).
    pub resume_path: Option<String>,
    pub profile_img_path: Option<String>,
    pub applied_at: Option<String>,
    pub created_at: Option<String>,
    pub job: Option<CandidateJob>,
    pub job_stage: Option<JobStage>,
    /// Only in the detail; their type is not documented, so they are kept as sent.
    pub desired_salary: Option<Value>,
    pub current_salary: Option<Value>,
    pub expected_fee: Option<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The job a candidate applied to. `code` may be null.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CandidateJob {
    pub code: Option<String>,
    pub title: Option<String>,
    pub url: Option<String>,
    pub deleted: Option<bool>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Where a candidate is in the hiring pipeline: `stage_kind` is one of the six kinds
/// ([`crate::api::candidates::Stage`]), `title` the organization's own name for the step
/// (`1차 면접`), sent as it is.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct JobStage {
    pub stage_kind: Option<String>,
    pub title: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

pub type CandidateList = Collection<Candidate, TokenPagination>;

/// A job (a posting and its job group) of the job list. `code` may be null.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Job {
    pub code: Option<String>,
    pub title: Option<String>,
    /// The public posting.
    pub url: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub position: Option<JobPosition>,
    pub application_form: Option<ApplicationForm>,
    pub managers: Option<Vec<JobManager>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A job group.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct JobPosition {
    pub title: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct JobManager {
    /// `job_admin`
    pub kind: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub user: Option<Member>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A member of the organization (a job's manager, an evaluator).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Member {
    pub code: Option<String>,
    pub email: Option<String>,
    pub role: Option<String>,
    pub name: Option<String>,
    pub phone: Option<String>,
    pub position: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

pub type JobList = Collection<Job, TokenPagination>;

/// An evaluation: a candidate's scores at one stage (`/v1/feedback/candidate_scores/{code}`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Evaluation {
    pub code: Option<String>,
    /// `complete`, ...
    pub status: Option<String>,
    pub feedback_kind: Option<String>,
    pub result: Option<String>,
    pub score: Option<serde_json::Number>,
    pub score_count: Option<i64>,
    pub total_score_count: Option<i64>,
    pub job_stage_title: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub candidate: Option<Candidate>,
    pub member_scores: Option<Vec<MemberScore>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One evaluator's part of an evaluation.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MemberScore {
    pub code: Option<String>,
    pub status: Option<String>,
    pub feedback_kind: Option<String>,
    /// Whether it was submitted (its type is not documented: kept as sent).
    pub submit: Option<Value>,
    pub final_result: Option<String>,
    pub final_score: Option<serde_json::Number>,
    pub final_comment: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub user: Option<Member>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// An interview and its schedule.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Interview {
    pub code: Option<String>,
    /// `individual`, ...
    pub kind: Option<String>,
    /// Which round (1 for the first interview).
    pub number: Option<i64>,
    /// `confirmed`, ...
    pub status: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub candidate: Option<Candidate>,
    pub schedule: Option<InterviewSchedule>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct InterviewSchedule {
    pub code: Option<String>,
    pub status: Option<String>,
    pub start_at: Option<String>,
    pub end_at: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

named! {
    /// Who may read a memo (`accessible_role`), named as the API names it.
    #[derive(serde::Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Role {
        /// Readable only by the posting administrator
        JobAdmin = "job_admin" | "job-admin",
        /// Readable by posting managers and above
        JobManager = "job_manager" | "job-manager",
        /// Readable by all members
        Member = "member",
    }
}

named! {
    /// The kind of a hiring stage (`job_stage.stage_kind`, the list's `stage_kind` filter). An
    /// organization names its own steps (`1차 면접`, `2차 면접`); each step is of one kind.
    #[derive(Hash)]
    pub enum Stage {
        /// Applied, not looked at yet
        Applied = "applied",
        /// Documents under review
        Review = "review",
        /// In interviews
        Interview = "interview",
        /// Offer being discussed
        Offer = "offer",
        /// Hired
        Pass = "pass",
        /// Rejected or withdrawn
        Fail = "fail",
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
/// Every kind of question the spec lists, in the order of its table.
pub const KNOWN_KINDS: &[&str] = &[
    "name",
    "email",
    "phone",
    "resume",
    "experience_total",
    "desired_salary",
    "current_salary",
    "gender",
    "birth",
    "profile_img",
    "address",
    "experience",
    "education",
    "qualification",
    "training",
    "language",
    "military_service",
    "veteran_affair",
    "disability",
    "text",
    "textarea",
    "dropdown",
    "radio",
    "date_type",
    "checkbox",
    "link",
    "file_upload",
];
