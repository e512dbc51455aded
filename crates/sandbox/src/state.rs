//! The sandbox's data model (its persistence in one JSON file is [`crate::store`]).
//!
//! Several processes may share the file (`recruit --sandbox …` starts an in-process sandbox
//! per invocation, and `recruit sandbox` may run beside them), so every access goes through
//! [`crate::store::StateFile`]: it holds an exclusive lock on a sidecar `<state>.lock` file, reloads the JSON
//! when the file changed since it was last read (identity + size + times), runs the access,
//! and for writes replaces the file atomically (temp file in the same directory + rename).

use std::path::{Path, PathBuf};

use chrono::{DateTime, FixedOffset, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// Version of the state file layout. A newer file is refused; an older one is kept as
/// `FILE.bak` (with a warning) and the sandbox starts again from demo data.
pub const STATE_VERSION: u32 = 1;

/// Recorded requests, uploads and deliveries kept in the state file (oldest dropped first).
pub const LOG_CAP: usize = 1000;

/// "Now" as the API shows it: ISO 8601 with a numeric offset (`+00:00`).
pub fn now_ts() -> String {
    Utc::now()
        .fixed_offset()
        .to_rfc3339_opts(SecondsFormat::Secs, false)
}

/// "Now" in the service's own offset (`+09:00`), for the records it stamps in KST (the
/// hiring pipeline's, memos).
pub fn now_kst() -> String {
    let kst = FixedOffset::east_opt(9 * 3600).expect("valid offset");
    ts(Utc::now().with_timezone(&kst))
}

/// A timestamp with a numeric offset.
pub fn ts(dt: DateTime<FixedOffset>) -> String {
    dt.to_rfc3339_opts(SecondsFormat::Secs, false)
}

/// Whether a stored timestamp lies in the past (unparsable ones count as not past).
pub fn is_past(stamp: &str) -> bool {
    DateTime::parse_from_rfc3339(stamp)
        .map(|t| t < Utc::now())
        .unwrap_or(false)
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Db {
    pub version: u32,
    /// Bumped on every write; handy when reading the file by hand.
    #[serde(default)]
    pub generation: u64,
    pub next_memo_id: i64,
    pub next_candidate_seq: u64,
    pub forms: Vec<Form>,
    pub candidates: Vec<Candidate>,
    pub memos: Vec<Memo>,
    /// Webhook records exactly as the API shows them (extra fields kept).
    pub webhooks: Vec<Map<String, Value>>,
    #[serde(default)]
    pub applications: Vec<Value>,
    #[serde(default)]
    pub uploads: Vec<Upload>,
    /// Recorded apply requests, newest last.
    #[serde(default)]
    pub requests: Vec<Value>,
    /// Every webhook delivery attempt, newest last.
    #[serde(default)]
    pub deliveries: Vec<Value>,
    /// Jobs, one per form that has one. A state file written before the sandbox had jobs has
    /// none: [`super::demo::upgrade`] fills in the hiring pipeline when it is read.
    #[serde(default)]
    pub jobs: Vec<Job>,
    #[serde(default)]
    pub evaluations: Vec<Evaluation>,
    #[serde(default)]
    pub interviews: Vec<Interview>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Form {
    pub code: String,
    pub title: String,
    pub status: String,
    pub career_kind: String,
    pub career_start: i64,
    pub career_end: i64,
    pub employment_type: String,
    /// Which of the two documented form details: 1 = title/address/content…, 2 = the five HTML sections.
    pub variant: u8,
    pub address: Option<String>,
    pub address2: Option<String>,
    pub content: Option<String>,
    pub open_status: Option<bool>,
    pub resume_required: Option<bool>,
    pub intro_content: Option<String>,
    pub main_task_content: Option<String>,
    pub requirement_content: Option<String>,
    pub preferred_point_content: Option<String>,
    pub benefit_content: Option<String>,
    pub end_at: String,
    pub created_at: String,
    pub updated_at: String,
    pub questions: Vec<Question>,
}

impl Form {
    pub fn expired(&self) -> bool {
        is_past(&self.end_at)
    }

    /// The API view: list item (no `questions`) or detail. Absent optional fields are left
    /// out, as each detail variant carries only its own.
    pub fn to_api(&self, origin: &str, detail: bool) -> Value {
        let uri = format!(
            "{origin}/v1/application_forms/{}",
            super::answer::enc(&self.code)
        );
        let mut m = Map::from_iter([("uri".to_string(), json!(uri))]);
        for (k, v) in api_view(self, &["variant"]) {
            if v.is_null() || (k == "questions" && !detail) {
                continue;
            }
            let at_end = k == "end_at";
            m.insert(k, v);
            if at_end {
                m.insert("expired".into(), json!(self.expired()));
            }
        }
        Value::Object(m)
    }
}

/// A record as the API shows it: its fields in order, without the `hidden` ones (the sandbox's
/// own bookkeeping).
fn api_view(record: &impl Serialize, hidden: &[&str]) -> Map<String, Value> {
    match serde_json::to_value(record) {
        Ok(Value::Object(mut m)) => {
            m.retain(|k, _| !hidden.contains(&k.as_str()));
            m
        }
        // Records are structs of plain fields: they always serialize to an object.
        _ => unreachable!("a sandbox record serializes to a JSON object"),
    }
}

/// A question of a form; serialized as the API shows it (`id` omitted when the form's
/// questions carry none, see the service's documentation, "Question identifiers").
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Question {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    pub kind: String,
    pub title: String,
    pub order: i64,
    pub required: bool,
    pub show_description: bool,
    pub description: Option<String>,
    pub answer_options: Option<Vec<String>>,
    pub created_at: String,
    pub updated_at: String,
}

/// A candidate. The fields after `submissions` came with the hiring pipeline (the candidate
/// list); a state file from before has none of them, hence the defaults.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Candidate {
    pub code: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    #[serde(default)]
    pub birth: Option<String>,
    pub created_at: String,
    /// Number of generated form submissions (see `synthetic::submission`).
    #[serde(default)]
    pub submissions: usize,
    /// Code of the form applied to; the job is the one of that form.
    #[serde(default)]
    pub form: Option<String>,
    /// `None` only in a state file from before stages (read as `applied`).
    #[serde(default)]
    pub stage: Option<CandidateStage>,
    #[serde(default)]
    pub applied_at: Option<String>,
    /// The path sent when applying; the API shows it as a full address.
    #[serde(default)]
    pub resume_path: Option<String>,
    #[serde(default)]
    pub profile_img_path: Option<String>,
    #[serde(default)]
    pub privacy: Option<bool>,
    /// Applied again with the same e-mail.
    #[serde(default)]
    pub duplicate: bool,
    #[serde(default)]
    pub education_final_kind: Option<String>,
    /// Months.
    #[serde(default)]
    pub experience_total_period: Option<i64>,
    /// KRW 10,000 a year.
    #[serde(default)]
    pub desired_salary: Option<i64>,
    #[serde(default)]
    pub current_salary: Option<i64>,
    #[serde(default)]
    pub expected_fee: Option<i64>,
}

/// A candidate's place in the pipeline: a kind (`applied`, `review`, `interview`, `offer`,
/// `pass`, `fail`) and the organization's own title for the step (`1차 면접`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CandidateStage {
    pub kind: String,
    pub title: String,
    pub created_at: String,
    pub updated_at: String,
}

/// A job: a posting (its form) in a job group, with its managers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    /// The service may send none.
    pub code: Option<String>,
    pub title: String,
    /// Code of the job's application form.
    pub form: String,
    /// The job group's title.
    pub position: String,
    /// User codes of the job's managers.
    pub managers: Vec<String>,
    pub deleted: bool,
    pub created_at: String,
    pub updated_at: String,
}

/// An evaluation of a candidate at a stage, by several members.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Evaluation {
    pub code: String,
    pub candidate: String,
    pub status: String,
    pub feedback_kind: String,
    pub result: Option<String>,
    pub job_stage_title: String,
    pub created_at: String,
    pub updated_at: String,
    pub members: Vec<MemberScore>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MemberScore {
    pub code: String,
    /// User code of the evaluator.
    pub user: String,
    pub submit: bool,
    pub final_result: Option<String>,
    pub final_score: Option<i64>,
    pub final_comment: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Interview {
    pub code: String,
    pub candidate: String,
    pub kind: String,
    pub number: i64,
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
    pub schedule_code: String,
    pub schedule_status: String,
    pub start_at: String,
    pub end_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct User {
    pub code: String,
    pub name: String,
    pub email: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Memo {
    pub id: i64,
    /// Code of the candidate the memo belongs to (not part of the API view).
    pub candidate: String,
    pub parent_id: Option<i64>,
    pub content: String,
    pub accessible_role: String,
    pub file_url: Option<String>,
    pub mentions: Vec<String>,
    pub pinned: bool,
    pub fixed_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub user: User,
}

impl Memo {
    pub fn to_api(&self, with_user: bool) -> Map<String, Value> {
        let hidden: &[&str] = if with_user {
            &["candidate"]
        } else {
            &["candidate", "user"]
        };
        api_view(self, hidden)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Upload {
    pub token: String,
    pub filename: String,
    pub presigned_url: String,
    pub file_url: String,
    /// URL-decoded path part of `file_url`, the value clients put in answers.
    pub file_path: String,
    pub created_at: String,
    pub uploaded: bool,
    pub size: Option<u64>,
    pub sha256: Option<String>,
    pub had_authorization: Option<bool>,
    pub content_type: Option<String>,
    pub uploaded_at: Option<String>,
}

/// Append to a recorded log, dropping the oldest entries beyond [`LOG_CAP`].
pub fn push_capped<T>(log: &mut Vec<T>, item: T) {
    log.push(item);
    if log.len() > LOG_CAP {
        let extra = log.len() - LOG_CAP;
        log.drain(..extra);
    }
}

/// `sandbox.json` → `sandbox.json.<ext>` beside it.
pub fn sidecar(path: &Path, ext: &str) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| "sandbox".into());
    name.push(".");
    name.push(ext);
    path.with_file_name(name)
}
