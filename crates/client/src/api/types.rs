//! The service's JSON, as types: every model a resource's endpoints send or answer.
//!
//! Models are tolerant: every field is optional (missing and `null` are `None`) and fields this
//! version does not know are kept in `extra`, so nothing the service sends is lost or rejected.
//! The endpoints are methods on [`Client`](super::Client) in each resource's module.

use recruit_core::named;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Declares tolerant models, the one way every model of the service is written: each field
/// `name: T` becomes `pub name: Option<T>` (missing and `null` read as `None`, `None` written
/// as `null`), and fields this version does not know go to `extra` and back out unchanged.
macro_rules! models {
    ($(
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$field_meta:meta])* $field:ident: $ty:ty,)*
        }
    )*) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Default, Serialize, Deserialize)]
        #[serde(default)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: Option<$ty>,)*
            #[serde(flatten)]
            pub extra: Map<String, Value>,
        }
    )*};
}

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

models! {
    /// A form, as a list item or a detail (either detail variant): every field optional.
    pub struct ApplicationForm {
        uri: String,
        code: String,
        title: String,
        status: String,
        career_kind: String,
        career_start: i64,
        career_end: i64,
        employment_type: String,
        address: String,
        address2: String,
        /// HTML.
        content: String,
        open_status: bool,
        resume_required: bool,
        end_at: String,
        expired: bool,
        created_at: String,
        updated_at: String,
        // The second detail variant carries these HTML fields instead of title/address/content.
        intro_content: String,
        main_task_content: String,
        requirement_content: String,
        preferred_point_content: String,
        benefit_content: String,
        /// Only in the detail.
        questions: Vec<Question>,
    }

    /// A question of a form. `id` is not shown by the spec and may be absent.
    pub struct Question {
        id: i64,
        kind: String,
        title: String,
        order: i64,
        required: bool,
        show_description: bool,
        description: String,
        answer_options: Vec<String>,
        created_at: String,
        updated_at: String,
    }
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

models! {
    /// `pagination` of the form list.
    pub struct FormPagination {
        total: i64,
        previous_page: String,
        previous_page_token: String,
        next_page: String,
        next_page_token: String,
    }
}

pub type FormList = Collection<ApplicationForm, FormPagination>;

models! {
    /// The answer of apply.
    pub struct Application {
        code: String,
        name: String,
        email: String,
        phone: String,
        duplicate: bool,
        birth: String,
        privacy: bool,
        resume_path: String,
        applied_at: String,
        created_at: String,
        updated_at: String,
    }
}

// A candidate's form submissions (cursor pagination).

models! {
    pub struct FormSubmission {
        code: String,
        kind: String,
        form_title: String,
        form_description: String,
        candidate_name: String,
        candidate_email: String,
        submitted_at: String,
        created_at: String,
        form_template: FormTemplate,
        submission_answers: Vec<SubmissionAnswer>,
    }

    pub struct FormTemplate {
        id: i64,
        name: String,
    }

    pub struct SubmissionAnswer {
        id: i64,
        kind: String,
        sub_kind: String,
        order: i64,
        title: String,
        description: String,
        accessible: bool,
        answer_json_info: AnswerJsonInfo,
        question: Value,
    }

    pub struct AnswerJsonInfo {
        value: String,
        values: Vec<Value>,
        checked: bool,
        links: Vec<Value>,
        name: String,
        email: String,
        phone: String,
    }

    /// `pagination` of cursor lists.
    pub struct CursorPagination {
        next_url: String,
        prev_url: String,
        total_count: i64,
    }
}

pub type SubmissionList = Collection<FormSubmission, CursorPagination>;

// Candidate memos.

models! {
    pub struct Memo {
        id: i64,
        parent_id: i64,
        content: String,
        accessible_role: String,
        file_url: String,
        mentions: Vec<String>,
        pinned: bool,
        fixed_at: String,
        created_at: String,
        updated_at: String,
        /// Absent in the delete answer.
        user: MemoUser,
        /// Only in the list answer.
        replies: Vec<Memo>,
    }

    pub struct MemoUser {
        code: String,
        name: String,
        email: String,
    }
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

models! {
    pub struct Webhook {
        code: String,
        active: bool,
        provider: String,
        callback_url: String,
        /// May come back masked or absent.
        signing_key: String,
        events: Vec<String>,
        created_at: String,
        updated_at: String,
    }
}

/// A create/edit body: the documented fields plus anything the user adds.
pub type WebhookInput = Map<String, Value>;

pub type WebhookList = Collection<Webhook, Value>;

// File upload: the presign answer.

models! {
    pub struct Presign {
        presigned_url: String,
        file_url: String,
    }
}

// Candidates, jobs, evaluations and interviews: the hosted service's read endpoints beyond the
// spec. Their lists are paged like the application form list (`per`, `page_token`,
// `pagination.total`).

/// `pagination` of the candidate and job lists (the form list's shape).
pub type TokenPagination = FormPagination;

models! {
    /// A candidate, as a list item or a detail (the detail adds the salary fields).
    pub struct Candidate {
        code: String,
        name: String,
        email: String,
        phone: String,
        duplicate: bool,
        duplicate_job: bool,
        reapply: bool,
        feedback_kind: String,
        feedback_status: String,
        feedback_result: String,
        /// Numbers as sent (an integer in the documentation; a decimal is shown as it came).
        feedback_score: serde_json::Number,
        feedback_score_count: i64,
        feedback_score_total_count: i64,
        education_final_kind: String,
        /// Months.
        experience_total_period: i64,
        interest: Value,
        birth: String,
        privacy: bool,
        /// A full address here (the apply request takes only its path).
        resume_path: String,
        profile_img_path: String,
        applied_at: String,
        created_at: String,
        job: CandidateJob,
        job_stage: JobStage,
        /// Only in the detail; their type is not documented, so they are kept as sent.
        desired_salary: Value,
        current_salary: Value,
        expected_fee: Value,
    }

    /// The job a candidate applied to. `code` may be null.
    pub struct CandidateJob {
        code: String,
        title: String,
        url: String,
        deleted: bool,
        created_at: String,
        updated_at: String,
    }

    /// Where a candidate is in the hiring pipeline: `stage_kind` is one of the six kinds
    /// ([`crate::api::candidates::Stage`]), `title` the organization's own name for the step
    /// (`1차 면접`), sent as it is.
    pub struct JobStage {
        stage_kind: String,
        title: String,
        created_at: String,
        updated_at: String,
    }
}

pub type CandidateList = Collection<Candidate, TokenPagination>;

models! {
    /// A job (a posting and its job group) of the job list. `code` may be null.
    pub struct Job {
        code: String,
        title: String,
        /// The public posting.
        url: String,
        created_at: String,
        updated_at: String,
        position: JobPosition,
        application_form: ApplicationForm,
        managers: Vec<JobManager>,
    }

    /// A job group.
    pub struct JobPosition {
        title: String,
        created_at: String,
        updated_at: String,
    }

    pub struct JobManager {
        /// `job_admin`
        kind: String,
        created_at: String,
        updated_at: String,
        user: Member,
    }

    /// A member of the organization (a job's manager, an evaluator).
    pub struct Member {
        code: String,
        email: String,
        role: String,
        name: String,
        phone: String,
        position: String,
    }
}

pub type JobList = Collection<Job, TokenPagination>;

models! {
    /// An evaluation: a candidate's scores at one stage (`/v1/feedback/candidate_scores/{code}`).
    pub struct Evaluation {
        code: String,
        /// `complete`, ...
        status: String,
        feedback_kind: String,
        result: String,
        score: serde_json::Number,
        score_count: i64,
        total_score_count: i64,
        job_stage_title: String,
        created_at: String,
        updated_at: String,
        candidate: Candidate,
        member_scores: Vec<MemberScore>,
    }

    /// One evaluator's part of an evaluation.
    pub struct MemberScore {
        code: String,
        status: String,
        feedback_kind: String,
        /// Whether it was submitted (its type is not documented: kept as sent).
        submit: Value,
        final_result: String,
        final_score: serde_json::Number,
        final_comment: String,
        created_at: String,
        updated_at: String,
        user: Member,
    }

    /// An interview and its schedule.
    pub struct Interview {
        code: String,
        /// `individual`, ...
        kind: String,
        /// Which round (1 for the first interview).
        number: i64,
        /// `confirmed`, ...
        status: String,
        created_at: String,
        updated_at: String,
        candidate: Candidate,
        schedule: InterviewSchedule,
    }

    pub struct InterviewSchedule {
        code: String,
        status: String,
        start_at: String,
        end_at: String,
    }
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

pub use recruit_core::stage::Stage;

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// What `models!` promises: a field present keeps its value (a decimal as sent), `null` and
    /// absent both read as `None` and are written back as `null`, unknown fields come back as
    /// they were, nested models alike.
    #[test]
    fn a_model_round_trips_its_json() {
        let sent = json!({
            "code": "EV1",
            "status": null,
            "score": 4.5,
            "stage_color": "blue",
            "member_scores": [{
                "code": "MS1",
                "submit": "yes",
                "user": {"code": "U1", "phone": null, "team": {"id": 3}},
            }],
        });
        let evaluation: Evaluation = serde_json::from_value(sent).unwrap();
        assert_eq!(evaluation.status, None);
        assert_eq!(evaluation.feedback_kind, None);
        let back = serde_json::to_value(&evaluation).unwrap();
        let member = json!({
            "code": "U1", "email": null, "role": null, "name": null, "phone": null,
            "position": null, "team": {"id": 3},
        });
        let score = json!({
            "code": "MS1", "status": null, "feedback_kind": null, "submit": "yes",
            "final_result": null, "final_score": null, "final_comment": null,
            "created_at": null, "updated_at": null, "user": member,
        });
        let expected = json!({
            "code": "EV1", "status": null, "feedback_kind": null, "result": null, "score": 4.5,
            "score_count": null, "total_score_count": null, "job_stage_title": null,
            "created_at": null, "updated_at": null, "candidate": null,
            "member_scores": [score], "stage_color": "blue",
        });
        assert_eq!(back, expected);
    }
}
