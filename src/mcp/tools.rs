//! The MCP tools: one per endpoint, with the names, arguments and access levels of
//! ../shared/cli.md, descriptions written for a model, input schemas and annotations.

use recruit_client::personal::{self, hidden_at_basic, Record};
use serde_json::{json, Map, Value};

use super::calls::run::*;
use super::calls::Run;

named! {
    /// What `recruit mcp --access` allows; each level includes the ones before it.
    #[derive(PartialOrd, Ord)]
    pub enum Access {
        /// Read tools only: forms, candidates, jobs, evaluations, interviews, memos, submissions, webhooks
        Read = "read",
        /// Also create, edit, pin and unpin memos
        Comment = "comment",
        /// Also delete memos, apply to forms, and create, edit and delete webhooks
        Write = "write",
    }
}

named! {
    /// What `recruit mcp --personal-data` lets through: candidates' `birth`, `resume_path` and
    /// `profile_img_path` are personal data a model rarely needs, so they are left out unless
    /// the user asks for them.
    pub enum PersonalData {
        /// Leave candidates' birth, resume_path and profile_img_path out of results
        Basic = "basic",
        /// Give candidates as the service sends them
        Full = "full",
    }
    default Basic;
}

/// Where a tool's result holds candidates whose personal keys `--personal-data basic` leaves
/// out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Personal {
    /// Nowhere.
    None,
    /// Each item of `collection` is a candidate.
    Items,
    /// `resource` is a candidate.
    Resource,
    /// `resource.candidate` is a candidate.
    ResourceCandidate,
    /// An evaluation: `resource.candidate` is a candidate, each `member_scores[].user` a
    /// member.
    Evaluation,
    /// Each item of `collection` is a form submission naming its candidate's name and email
    /// (both let through at basic: nothing to leave out, but logged).
    Submissions,
}

impl Personal {
    /// Leave out of a tool's result what `--personal-data basic` does not let through
    /// (the personal list's fields hidden at basic), where this says the records are.
    pub(crate) fn omit(self, body: &mut Value) {
        let candidate = |v: &mut Value| personal::remove(v, hidden_at_basic(Record::Candidate));
        let resource_candidate = |body: &mut Value| {
            if let Some(c) = body
                .get_mut("resource")
                .and_then(|r| r.get_mut("candidate"))
            {
                candidate(c);
            }
        };
        match self {
            Personal::Items => {
                if let Some(Value::Array(items)) = body.get_mut("collection") {
                    items.iter_mut().for_each(candidate);
                }
            }
            Personal::Resource => {
                if let Some(r) = body.get_mut("resource") {
                    candidate(r);
                }
            }
            Personal::ResourceCandidate => resource_candidate(body),
            Personal::Evaluation => {
                resource_candidate(body);
                if let Some(r) = body.get_mut("resource") {
                    for m in personal::members_of_evaluation(r) {
                        personal::remove(m, hidden_at_basic(Record::Member));
                    }
                }
            }
            Personal::None | Personal::Submissions => {}
        }
    }

    /// Add what a tool's result holds of personal data to `seen`, as the access log counts it
    /// ([`crate::audit::see`], by the kind of record at each place).
    /// `about` is the candidate the call was about (its `candidate` argument).
    pub(crate) fn see(self, seen: &mut recruit_audit::Seen, body: &Value, about: Option<&str>) {
        use crate::output::Kind;
        let resource = body.get("resource");
        let (kind, items): (Kind, Vec<&Value>) = match self {
            Personal::None => return,
            Personal::Submissions => {
                let items = body.get("collection").and_then(Value::as_array);
                for item in items.into_iter().flatten() {
                    crate::audit::submission(seen, item, about, None);
                }
                return;
            }
            Personal::Items => (
                Kind::Candidate,
                body.get("collection")
                    .and_then(Value::as_array)
                    .map(|a| a.iter().collect())
                    .unwrap_or_default(),
            ),
            Personal::Resource => (Kind::Candidate, resource.into_iter().collect()),
            Personal::ResourceCandidate => (Kind::Interview, resource.into_iter().collect()),
            Personal::Evaluation => (Kind::Evaluation, resource.into_iter().collect()),
        };
        for item in items {
            crate::audit::see(seen, kind, item, None);
        }
    }

    /// What a tool's description says about it (derived from the personal list, so the
    /// words cannot drift from what is left out).
    fn sentence(self) -> Option<String> {
        let candidate = personal::words(hidden_at_basic(Record::Candidate));
        let member = personal::words(hidden_at_basic(Record::Member));
        let unless = "unless the server runs with `recruit mcp --personal-data full`";
        match self {
            Personal::None | Personal::Submissions => None,
            Personal::Items | Personal::Resource => {
                Some(format!("Candidates' {candidate} are left out {unless}."))
            }
            Personal::ResourceCandidate => Some(format!(
                "The candidate's {candidate} are left out {unless}."
            )),
            Personal::Evaluation => Some(format!(
                "The candidate's {candidate} and the evaluators' {member} are left out {unless}."
            )),
        }
    }
}

/// One tool's definition: what a model is told about it, and what it does.
pub(crate) struct ToolDef {
    pub name: &'static str,
    pub title: &'static str,
    pub access: Access,
    pub description: &'static str,
    /// Properties of the input schema, and the required ones.
    pub properties: fn() -> Props,
    pub required: &'static [&'static str],
    pub destructive: bool,
    pub idempotent: bool,
    /// The answer's shape: `collection` (a list) or `resource` (one object).
    pub output: Option<&'static str>,
    /// What the tool does.
    pub run: Run,
    pub personal: Personal,
}

impl ToolDef {
    /// The description a model reads: the tool's own, then what is left out of its result.
    pub(crate) fn described(&self) -> String {
        match self.personal.sentence() {
            Some(more) => format!("{} {more}", self.description),
            None => self.description.to_string(),
        }
    }
}

/// An input schema's properties, in order.
pub(crate) type Props = Vec<(&'static str, Value)>;

/// What most tools of a level are like, doing `run`; each entry in [`TOOLS`] says how it
/// differs.
const fn read(run: Run) -> ToolDef {
    ToolDef {
        name: "",
        title: "",
        access: Access::Read,
        description: "",
        properties: Vec::new,
        required: &[],
        destructive: false,
        idempotent: true,
        output: Some("resource"),
        run,
        personal: Personal::None,
    }
}

const fn comment(run: Run) -> ToolDef {
    ToolDef {
        access: Access::Comment,
        ..read(run)
    }
}

const fn write(run: Run) -> ToolDef {
    ToolDef {
        access: Access::Write,
        ..read(run)
    }
}

/// A tool on one memo, named by `candidate` and `id`, that can be a dry run; `base` says at what
/// level and what it does.
const fn on_memo(base: ToolDef) -> ToolDef {
    ToolDef {
        properties: || with_dry_run(memo_ref()),
        required: &["candidate", "id"],
        ..base
    }
}

fn s(desc: &str) -> Value {
    json!({"type": "string", "minLength": 1, "description": desc})
}

fn candidate() -> (&'static str, Value) {
    ("candidate", s("Candidate code, e.g. C1001"))
}

fn form_code() -> (&'static str, Value) {
    ("code", s("Form code, e.g. FORM-1001"))
}

fn webhook_code() -> (&'static str, Value) {
    ("code", s("Webhook code, e.g. WH10000001"))
}

fn memo_id() -> (&'static str, Value) {
    (
        "id",
        json!({"type": "integer", "minimum": 1, "description": "Memo id (from memos_list)"}),
    )
}

/// A memo by candidate and id.
fn memo_ref() -> Props {
    vec![candidate(), memo_id()]
}

fn paging() -> Props {
    vec![
        (
            "page_token",
            s("Start at this page: the next_page_token / next_url value of an earlier answer"),
        ),
        (
            "all",
            json!({"type": "boolean", "description": "Walk every page and return {\"collection\": [every item]}"}),
        ),
        (
            "limit",
            json!({"type": "integer", "minimum": 1, "description": "Walk pages until this many items and return {\"collection\": [...]}"}),
        ),
        (
            "full",
            json!({"type": "boolean", "description": "With all or limit: items as the service sent them (by default they are compact: forms' HTML sections as plain text cut short)"}),
        ),
    ]
}

/// `dry_run`, on every write tool.
fn dry_run() -> (&'static str, Value) {
    (
        "dry_run",
        json!({"type": "boolean", "description": "Return the exact request that would be sent ({\"method\", \"url\", \"body\"}) and send nothing (reads it needs, such as a memo's pin state, are made)"}),
    )
}

/// A write tool's properties: its own, then `dry_run`.
fn with_dry_run(mut props: Props) -> Props {
    props.push(dry_run());
    props
}

fn stage() -> (&'static str, Value) {
    (
        "stage",
        json!({"type": "string", "enum": crate::api::Stage::names(), "description": "Only candidates at this stage of the hiring pipeline: applied (new), review (documents being reviewed), interview, offer (offer being discussed), pass (hired), fail (rejected or withdrawn)"}),
    )
}

fn per() -> (&'static str, Value) {
    (
        "per",
        json!({"type": "integer", "minimum": 1, "maximum": 100, "description": "Items per page (1-100)"}),
    )
}

fn memo_fields() -> Props {
    vec![
        (
            "role",
            json!({"type": "string", "enum": crate::api::memos::Role::names(), "description": "Who may read the memo: job_admin (admins only), job_manager (admins and the posting's managers), member (everyone). A reply takes its parent's role when omitted"}),
        ),
        (
            "mentions",
            json!({"type": "array", "items": {"type": "string", "minLength": 1}, "description": "User codes to notify, e.g. [\"U1002\"]"}),
        ),
        (
            "file_url",
            s("An attachment's path or address (from a file upload)"),
        ),
    ]
}

fn webhook_fields() -> Props {
    let events: Vec<&str> = crate::api::webhooks::EVENTS
        .iter()
        .map(|(a, _)| *a)
        .collect();
    vec![
        (
            "callback_url",
            json!({"type": "string", "format": "uri", "description": "HTTPS address the service POSTs signed events to"}),
        ),
        (
            "signing_key",
            s("Secret the service signs deliveries with (HMAC-SHA256)"),
        ),
        (
            "events",
            // No enum: a name the service knows and this list does not is passed through, with
            // a warning in the result.
            json!({"type": "array", "items": {"type": "string", "minLength": 1}, "description": format!("Events to deliver (all when omitted): {}", events.join(", "))}),
        ),
        (
            "active",
            json!({"type": "boolean", "description": "Whether deliveries are made"}),
        ),
    ]
}

pub(crate) const TOOLS: &[ToolDef] = &[
    ToolDef {
        name: "forms_list",
        title: "List application forms",
        description: "List application forms (job postings), newest first, one page of 20 by default. Use it to find a posting's code by its title. Each form has code, title, status (in_progress, closed...), open_status (accepting applications), expired, end_at (deadline, ISO 8601), employment_type and career range. Pass all: true (or limit) to get every form as {\"collection\": [...]}; otherwise the page as the service sent it, whose pagination.next_page_token can be passed back as page_token.",
        properties: || [vec![("title", s("Only forms whose title contains this text"))], paging()].concat(),
        output: Some("collection"),
        ..read(forms_list)
    },
    ToolDef {
        name: "forms_get",
        title: "Read one application form",
        description: "Read one application form with its questions (id, kind, title, required, order, answer_options). Use it before forms_apply to see what the answers must contain.",
        properties: || vec![form_code()],
        required: &["code"],
        ..read(forms_get)
    },
    ToolDef {
        name: "memos_list",
        title: "List a candidate's memos",
        description: "List the memos (recruiters' notes) on a candidate, top-level memos with their replies. Each memo has id, content, author, accessible_role (who may read it), pinned, mentions, created_at.",
        properties: || vec![candidate()],
        required: &["candidate"],
        output: Some("collection"),
        ..read(memos_list)
    },
    ToolDef {
        name: "memos_get",
        title: "Read one memo",
        description: "Read one memo on a candidate by its id (ids come from memos_list): content, author, accessible_role, pinned, mentions, replies.",
        properties: memo_ref,
        required: &["candidate", "id"],
        ..read(memos_get)
    },
    ToolDef {
        name: "submissions_list",
        title: "List a candidate's form submissions",
        description: "List the form submissions of a candidate (the answers they gave on application forms), one page by default. Pass all: true to get every submission as {\"collection\": [...]}; per sets the page size (1-100).",
        properties: || [vec![candidate(), per()], paging()].concat(),
        required: &["candidate"],
        output: Some("collection"),
        personal: Personal::Submissions,
        ..read(submissions_list)
    },
    ToolDef {
        name: "candidates_list",
        title: "List candidates",
        description: "List candidates (applicants), one page of 20 by default, optionally only those at one stage. Use it to find who is at a stage (e.g. stage: interview) and to get candidates' codes for candidates_get, memos_list and submissions_list. Each candidate has code, name, email, phone, applied_at, job {code (may be null), title}, job_stage {stage_kind, title: the organization's own name for the step, often Korean (1차 면접 = first interview, 서류 검토 = document review, 최종 합격 = final pass), updated_at: when the candidate reached it}, and the latest evaluation: feedback_status, feedback_result, feedback_score, feedback_score_count of feedback_score_total_count evaluators. Pass all: true (or limit) to get every candidate as {\"collection\": [...]} (100 per request); otherwise the page as the service sent it, whose pagination.total is the number of candidates and pagination.next_page_token can be passed back as page_token.",
        properties: || [vec![stage(), per()], paging()].concat(),
        output: Some("collection"),
        personal: Personal::Items,
        ..read(candidates_list)
    },
    ToolDef {
        name: "candidates_get",
        title: "Read one candidate",
        description: "Read one candidate by code (from candidates_list): the list's fields (job, job_stage, the latest evaluation's feedback_*, education_final_kind, experience_total_period in months, privacy consent) plus desired_salary, current_salary and expected_fee.",
        properties: || vec![("code", s("Candidate code, e.g. C1001"))],
        required: &["code"],
        personal: Personal::Resource,
        ..read(candidates_get)
    },
    ToolDef {
        name: "jobs_list",
        title: "List jobs",
        description: "List jobs (postings), one page of 20 by default: code (may be null), title, url (the public posting), position.title (the job group, often Korean, e.g. 백엔드 개발 = backend development), application_form (the form candidates apply with; its code works with forms_get), managers[].user (name, email). title filters by a posting's or job group's title. Pass all: true (or limit) to get every job as {\"collection\": [...]}.",
        properties: || [vec![("title", s("Only jobs whose posting or job group title contains this text"))], paging()].concat(),
        output: Some("collection"),
        ..read(jobs_list)
    },
    ToolDef {
        name: "evaluations_get",
        title: "Read one evaluation",
        description: "Read one evaluation (a candidate's scores at one stage) by its code, as given by feedback_created / feedback_completed events (e.g. EV-1001): status (ongoing, complete), result, score, score_count of total_score_count evaluators, job_stage_title, the candidate, and member_scores: each evaluator's user, final_score, final_result and final_comment. The candidate's",
        properties: || vec![("code", s("Evaluation code, e.g. EV-1001"))],
        required: &["code"],
        personal: Personal::Evaluation,
        ..read(evaluations_get)
    },
    ToolDef {
        name: "interviews_get",
        title: "Read one interview",
        description: "Read one interview by its code, as given by interview_scheduled events (e.g. IV-1001): kind, number (the round), status, the candidate (with job and job_stage), and schedule {start_at, end_at: ISO 8601 with the service's offset, status}. The candidate's",
        properties: || vec![("code", s("Interview code, e.g. IV-1001"))],
        required: &["code"],
        personal: Personal::ResourceCandidate,
        ..read(interviews_get)
    },
    ToolDef {
        name: "candidates_search",
        title: "Search candidates in the mirror",
        description: "Find candidates by part of a name, code or email in the local mirror that `recruit sync` keeps (no request to the service; the list endpoint has no search). query may be Hangul syllables (하늘 finds 김하늘), Hangul initial consonants (ㄱㅎㄴ finds 김하늘) or Latin text, case-insensitive. Best matches first; at most limit (20 by default). Answers {\"collection\": [candidates as the list sent them], \"total\": every match, \"mirror\": {first_sync, last_sync, age_seconds}}: say how old the mirror is when it matters.",
        properties: || {
            vec![
                ("query", s("Part of a name (Hangul, initial consonants or Latin), a code or an email")),
                stage(),
                ("limit", json!({"type": "integer", "minimum": 1, "maximum": 1000, "description": "At most this many candidates (default 20)"})),
            ]
        },
        required: &["query"],
        output: Some("collection"),
        personal: Personal::Items,
        ..read(candidates_search)
    },
    ToolDef {
        name: "pipeline_report",
        title: "Hiring pipeline report from the mirror",
        description: "The hiring pipeline from the local mirror that `recruit sync` keeps (no request to the service), the same numbers as `recruit report pipeline -o json`: per stage kind (applied, review, interview, offer, pass, fail) the candidates now there, how many moved on, how many failed from it, and median_days and p90_days spent in it; per group also conversion [{from, to, share, candidates}] from each stage to the next, time_to_hire {median_days, p90_days, candidates} and offer_acceptance {share, candidates} (a share is a fraction, 0.625 = 62.5%; a figure resting on no candidate is null, not 0); groups is one table, or one per job with by_job. mirror says since when the history runs (first_sync) and how old it is (age_seconds); rule says how candidates already in the pipeline at the first sync count.",
        properties: || {
            vec![
                ("job", s("Only candidates of this job (its code)")),
                ("by_job", json!({"type": "boolean", "description": "One table per job"})),
                ("since", s("Only candidates who applied on or after this date (2026-01-31) or RFC 3339 time")),
            ]
        },
        ..read(pipeline_report)
    },
    ToolDef {
        name: "webhooks_list",
        title: "List webhook registrations",
        description: "List the webhook registrations: code, callback_url, events delivered, active.",
        output: Some("collection"),
        ..read(webhooks_list)
    },
    ToolDef {
        name: "webhooks_get",
        title: "Read one webhook registration",
        description: "Read one webhook registration by its code (from webhooks_list): callback_url, events, active.",
        properties: || vec![webhook_code()],
        required: &["code"],
        ..read(webhooks_get)
    },
    ToolDef {
        name: "memos_create",
        title: "Add a memo to a candidate",
        description: "Add a memo (a note for the hiring team) to a candidate, or a reply to one with reply_to. A reply keeps its thread's role unless role is given. Mention colleagues with their user codes.",
        properties: || {
            let reply_to = json!({"type": "integer", "minimum": 1, "description": "Id of the memo this replies to"});
            let own = vec![candidate(), ("content", s("The memo's text")), ("reply_to", reply_to)];
            with_dry_run([own, memo_fields()].concat())
        },
        required: &["candidate", "content"],
        idempotent: false,
        ..comment(memos_create)
    },
    ToolDef {
        name: "memos_edit",
        title: "Change a memo",
        description: "Change a memo's content, role, mentions or attachment; fields not given stay as they are.",
        properties: || with_dry_run([memo_ref(), vec![("content", s("The new text"))], memo_fields()].concat()),
        ..on_memo(comment(memos_edit))
    },
    ToolDef {
        name: "memos_pin",
        title: "Pin a memo",
        description: "Pin a memo to the top of the candidate's memos. It is read first: a memo already pinned stays pinned, and the result says \"already pinned\" (the service's endpoint toggles). dry_run: true says whether a toggle would be sent.",
        ..on_memo(comment(memos_pin))
    },
    ToolDef {
        name: "memos_unpin",
        title: "Unpin a memo",
        description: "Unpin a memo. It is read first: a memo that is not pinned stays unpinned, and the result says \"already unpinned\". dry_run: true says whether a toggle would be sent.",
        ..on_memo(comment(memos_unpin))
    },
    ToolDef {
        name: "memos_delete",
        title: "Delete a memo",
        description: "Delete a memo on a candidate, with its replies. This cannot be undone: confirm with the user first (dry_run: true shows the request without sending it).",
        destructive: true,
        output: None,
        ..on_memo(write(memos_delete))
    },
    ToolDef {
        name: "forms_apply",
        title: "Apply to a form",
        description: "Submit an application to a form. answers is an answers object: {\"privacy\": true, \"questions\": [{\"question_id\": 9001, \"answer\": {\"name\": \"Jane Doe\"}}, ...]} (items may name the question by \"order\" instead). The answers are checked against the form's questions first (every problem is listed, nothing is sent); dry_run: true returns the exact request ({\"method\", \"url\", \"body\"}) without sending. Read the form with forms_get first.",
        properties: || {
            vec![
                form_code(),
                ("answers", json!({"type": "object", "description": "The answers object, as for `recruit forms apply --answers`"})),
                ("variant", json!({"type": "string", "enum": ["A", "B"], "description": "Request body variant: A (question ids) or B (name, email, phone, resume at the top level). A form without question ids always goes as B"})),
                dry_run(),
            ]
        },
        required: &["code", "answers"],
        idempotent: false,
        output: None,
        // The application answered is the new candidate.
        personal: Personal::Resource,
        ..write(forms_apply)
    },
    ToolDef {
        name: "webhooks_create",
        title: "Register a webhook",
        description: "Register a callback address that the service delivers signed events to.",
        properties: || with_dry_run(webhook_fields()),
        required: &["callback_url"],
        idempotent: false,
        ..write(webhooks_create)
    },
    ToolDef {
        name: "webhooks_edit",
        title: "Change a webhook registration",
        description: "Change a webhook registration's address, key, events or active state; fields not given stay.",
        properties: || with_dry_run([vec![webhook_code()], webhook_fields()].concat()),
        required: &["code"],
        ..write(webhooks_edit)
    },
    ToolDef {
        name: "webhooks_delete",
        title: "Delete a webhook registration",
        description: "Delete a webhook registration: its deliveries stop. This cannot be undone: confirm with the user first (dry_run: true shows the request without sending it).",
        properties: || with_dry_run(vec![webhook_code()]),
        required: &["code"],
        destructive: true,
        output: None,
        ..write(webhooks_delete)
    },
];

pub(crate) fn find(name: &str) -> Option<&'static ToolDef> {
    TOOLS.iter().find(|t| t.name == name)
}

impl ToolDef {
    /// The first of `args` the tool does not take.
    pub(crate) fn unknown_arg<'a>(
        &self,
        mut args: impl Iterator<Item = &'a String>,
    ) -> Option<&'a String> {
        let props = (self.properties)();
        args.find(|arg| !props.iter().any(|(k, _)| k == arg))
    }

    /// The names of the arguments the tool takes, in order.
    pub(crate) fn arg_names(&self) -> Vec<&'static str> {
        (self.properties)().into_iter().map(|(k, _)| k).collect()
    }

    pub(crate) fn input_schema(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("type".into(), json!("object"));
        let props: Map<String, Value> = (self.properties)()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        m.insert("properties".into(), Value::Object(props));
        m.insert("required".into(), json!(self.required));
        m.insert("additionalProperties".into(), json!(false));
        m
    }

    pub(crate) fn output_schema(&self) -> Option<Map<String, Value>> {
        // A dry run answers with the request instead: no one shape to promise.
        if self.arg_names().contains(&"dry_run") {
            return None;
        }
        let key = self.output?;
        let inner = if key == "collection" {
            json!({"type": "array", "items": {"type": "object"}})
        } else {
            json!({"type": "object"})
        };
        let mut m = Map::new();
        m.insert("type".into(), json!("object"));
        m.insert("properties".into(), json!({ key: inner }));
        m.insert("required".into(), json!([key]));
        Some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tool whose result holds personal data says what is left out, in the personal
    /// list's words; the evaluation's also names the members' field.
    #[test]
    fn descriptions_name_what_basic_leaves_out() {
        let candidate = personal::words(hidden_at_basic(Record::Candidate));
        for def in TOOLS {
            let text = def.described();
            // Submissions name only the candidate's name and email, which basic lets through.
            assert_eq!(
                text.contains(&candidate),
                !matches!(def.personal, Personal::None | Personal::Submissions),
                "{}: {text}",
                def.name
            );
        }
        let ev = find("evaluations_get").expect("evaluations_get");
        assert!(
            ev.described().contains("the evaluators' phone"),
            "{}",
            ev.described()
        );
    }
}
