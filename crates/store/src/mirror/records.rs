//! From records as the service sent them to the mirror's rows: `data` is the record's own
//! text (its bytes as they came in the body), the typed columns are read from it. Every
//! field may be missing or of an unexpected type: a column is then NULL, `data` keeps all.

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use super::db::Val;
use crate::error::Error;

/// The personal fields of a candidate (the one list, `recruit_client::personal`): nulled by a
/// purge, in the columns and in `data`.
pub fn personal() -> impl Iterator<Item = &'static str> {
    recruit_client::personal::of(recruit_client::personal::Record::Candidate)
}

/// A text column: a string as it is, another JSON value as its JSON text, null or missing
/// as NULL.
fn text(v: Option<&Value>) -> Val {
    match v {
        None | Some(Value::Null) => Val::Null,
        Some(Value::String(s)) => Val::Text(s.clone()),
        Some(other) => Val::Text(other.to_string()),
    }
}

fn int(v: Option<&Value>) -> Val {
    match v {
        Some(Value::Number(n)) => n
            .as_i64()
            .map(Val::Int)
            .unwrap_or_else(|| n.as_f64().map_or(Val::Null, |f| Val::Int(f as i64))),
        Some(Value::String(s)) => s.trim().parse().map_or(Val::Null, Val::Int),
        _ => Val::Null,
    }
}

fn real(v: Option<&Value>) -> Val {
    match v {
        Some(Value::Number(n)) => n.as_f64().map_or(Val::Null, Val::Real),
        Some(Value::String(s)) => s.trim().parse().map_or(Val::Null, Val::Real),
        _ => Val::Null,
    }
}

fn boolean(v: Option<&Value>) -> Val {
    match v {
        Some(Value::Bool(b)) => Val::Bool(*b),
        _ => Val::Null,
    }
}

/// A timestamp column: the time as sent when it is RFC 3339 (what both databases read),
/// else NULL (the text stays in `data`).
pub fn time(v: Option<&Value>) -> Val {
    match v.and_then(Value::as_str) {
        Some(s) if chrono::DateTime::parse_from_rfc3339(s).is_ok() => Val::Text(s.to_string()),
        _ => Val::Null,
    }
}

/// Unix seconds of a timestamp as sent.
pub fn unix(v: Option<&Value>) -> Option<f64> {
    let s = v.and_then(Value::as_str)?;
    chrono::DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|t| t.timestamp_millis() as f64 / 1000.0)
}

/// `now` as the mirror writes its own times: RFC 3339, UTC.
pub fn now_text() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

pub fn now_unix() -> f64 {
    chrono::Utc::now().timestamp_millis() as f64 / 1000.0
}

fn at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    let mut cur = v;
    for k in path {
        cur = cur.get(*k)?;
    }
    Some(cur)
}

fn parse(raw: &str, what: &crate::msg::Msg) -> Result<Value, Error> {
    serde_json::from_str(raw).map_err(|e| {
        Error::other(crate::msg!(
            "record-not-json",
            what = what.clone(),
            error = e.to_string()
        ))
    })
}

/// A candidate of the list, ready to store.
#[derive(Debug, Clone)]
pub struct CandidateRow {
    pub code: String,
    pub stage_kind: Option<String>,
    /// What tells a change: the stage (kind, title, `updated_at`) and the `feedback_*` fields.
    pub fingerprint: String,
    pub stage_unix: Option<f64>,
    /// `(stage_key, kind, title, entered_at)` of the stage the candidate is at.
    pub stage: Option<(String, Val, Val, Val)>,
    pub value: Value,
    pub data: String,
}

/// The candidate columns written from a list item, in order (see [`CandidateRow::values`]).
pub const CANDIDATE_COLS: &[&str] = &[
    "code ?",
    "name ?",
    "email ?",
    "phone ?",
    "birth ?",
    "resume_path ?",
    "profile_img_path ?",
    "stage_kind ?",
    "stage_title ?",
    "stage_created_at ?t",
    "stage_updated_at ?t",
    "job_code ?",
    "job_title ?",
    "applied_at ?t",
    "created_at ?t",
    "feedback_kind ?",
    "feedback_status ?",
    "feedback_result ?",
    "feedback_score ?",
    "synced_at ?t",
    "seen_run ?",
    "fingerprint ?",
    "stage_unix ?",
    "data ?j",
];

/// The fields whose change means the candidate's memos and submissions may have changed.
const FINGERPRINT: &[&[&str]] = &[
    &["job_stage", "stage_kind"],
    &["job_stage", "title"],
    &["job_stage", "updated_at"],
    &["feedback_kind"],
    &["feedback_status"],
    &["feedback_result"],
    &["feedback_score"],
    &["feedback_score_count"],
    &["feedback_score_total_count"],
];

impl CandidateRow {
    /// `None` for an item without a `code` (it cannot be kept apart from the others).
    pub fn from_raw(raw: &str) -> Result<Option<CandidateRow>, Error> {
        let value = parse(raw, &crate::msg!("record-candidate"))?;
        let code = match value.get("code").and_then(Value::as_str) {
            Some(c) if !c.is_empty() => c.to_string(),
            _ => return Ok(None),
        };
        let fp: Vec<Value> = FINGERPRINT
            .iter()
            .map(|p| at(&value, p).cloned().unwrap_or(Value::Null))
            .collect();
        let stage = value.get("job_stage").filter(|s| s.is_object()).map(|s| {
            let key = Value::Array(vec![
                s.get("stage_kind").cloned().unwrap_or(Value::Null),
                s.get("title").cloned().unwrap_or(Value::Null),
                s.get("created_at").cloned().unwrap_or(Value::Null),
            ])
            .to_string();
            (
                key,
                text(s.get("stage_kind")),
                text(s.get("title")),
                time(s.get("created_at")),
            )
        });
        Ok(Some(CandidateRow {
            code,
            stage_kind: at(&value, &["job_stage", "stage_kind"])
                .and_then(Value::as_str)
                .map(str::to_string),
            fingerprint: Value::Array(fp).to_string(),
            stage_unix: unix(at(&value, &["job_stage", "updated_at"])),
            stage,
            data: raw.to_string(),
            value,
        }))
    }

    /// Null the personal fields, in `data` too: the row of a purged candidate.
    pub fn scrub(&mut self) {
        recruit_client::personal::null(&mut self.value, personal());
        self.data = self.value.to_string();
    }

    /// The values of [`CANDIDATE_COLS`].
    pub fn values(&self, run: i64, now: &str) -> Vec<Val> {
        let v = &self.value;
        let g = |k: &str| v.get(k);
        vec![
            Val::text(&self.code),
            text(g("name")),
            text(g("email")),
            text(g("phone")),
            text(g("birth")),
            text(g("resume_path")),
            text(g("profile_img_path")),
            text(at(v, &["job_stage", "stage_kind"])),
            text(at(v, &["job_stage", "title"])),
            time(at(v, &["job_stage", "created_at"])),
            time(at(v, &["job_stage", "updated_at"])),
            text(at(v, &["job", "code"])),
            text(at(v, &["job", "title"])),
            time(g("applied_at")),
            time(g("created_at")),
            text(g("feedback_kind")),
            text(g("feedback_status")),
            text(g("feedback_result")),
            real(g("feedback_score")),
            Val::text(now),
            Val::Int(run),
            Val::text(&self.fingerprint),
            self.stage_unix.map_or(Val::Null, Val::Real),
            Val::text(&self.data),
        ]
    }
}

/// A memo of a candidate's memo list: each top-level memo as sent (with its `replies`), and
/// each reply again as a row of its own with its `parent_id`.
pub const MEMO_COLS: &[&str] = &[
    "candidate_code ?",
    "seq ?",
    "id ?",
    "parent_id ?",
    "content ?",
    "accessible_role ?",
    "pinned ?",
    "user_code ?",
    "user_name ?",
    "created_at ?t",
    "updated_at ?t",
    "data ?j",
];

#[derive(Deserialize)]
struct WithReplies<'a> {
    #[serde(borrow, default)]
    replies: Option<Vec<&'a RawValue>>,
}

/// The rows of one candidate's memo list (the items of its `collection`).
pub fn memo_rows(code: &str, items: &[&RawValue]) -> Result<Vec<Vec<Val>>, Error> {
    let mut rows = Vec::new();
    let mut seq = 0i64;
    for item in items {
        let raw = item.get();
        let value = parse(raw, &crate::msg!("record-memo"))?;
        rows.push(memo_row(code, &mut seq, raw, &value, None));
        // Replies as they sit in the item's text: no re-serialization.
        let replies = serde_json::from_str::<WithReplies>(raw)
            .ok()
            .and_then(|w| w.replies)
            .unwrap_or_default();
        let parent = value.get("id").and_then(Value::as_i64);
        for r in replies {
            let rv = parse(r.get(), &crate::msg!("record-memo-reply"))?;
            if rv.is_object() {
                rows.push(memo_row(code, &mut seq, r.get(), &rv, parent));
            }
        }
    }
    Ok(rows)
}

fn memo_row(code: &str, seq: &mut i64, raw: &str, v: &Value, parent: Option<i64>) -> Vec<Val> {
    *seq += 1;
    let parent_id = match v.get("parent_id") {
        Some(p) if !p.is_null() => int(Some(p)),
        _ => parent.map_or(Val::Null, Val::Int),
    };
    vec![
        Val::text(code),
        Val::Int(*seq),
        int(v.get("id")),
        parent_id,
        text(v.get("content")),
        text(v.get("accessible_role")),
        boolean(v.get("pinned")),
        text(at(v, &["user", "code"])),
        text(at(v, &["user", "name"])),
        time(v.get("created_at")),
        time(v.get("updated_at")),
        Val::text(raw),
    ]
}

pub const SUBMISSION_COLS: &[&str] = &[
    "candidate_code ?",
    "seq ?",
    "code ?",
    "kind ?",
    "form_title ?",
    "form_template_id ?",
    "form_template_name ?",
    "submitted_at ?t",
    "created_at ?t",
    "data ?j",
];

pub const ANSWER_COLS: &[&str] = &[
    "candidate_code ?",
    "submission_seq ?",
    "seq ?",
    "submission_code ?",
    "answer_id ?",
    "question_id ?",
    "question_title ?",
    "kind ?",
    "value ?",
    "answer ?j",
];

#[derive(Deserialize)]
struct WithAnswers<'a> {
    #[serde(borrow, default)]
    submission_answers: Option<Vec<&'a RawValue>>,
}

#[derive(Deserialize)]
struct AnswerInfo<'a> {
    #[serde(borrow, default)]
    answer_json_info: Option<&'a RawValue>,
}

/// Rows of one submission (number `seq` of the candidate's list) and of its answers, added
/// to `subs` and `answers`.
pub fn submission_rows(
    code: &str,
    seq: i64,
    raw: &str,
    subs: &mut Vec<Vec<Val>>,
    answers: &mut Vec<Vec<Val>>,
) -> Result<(), Error> {
    let v = parse(raw, &crate::msg!("record-submission"))?;
    subs.push(vec![
        Val::text(code),
        Val::Int(seq),
        text(v.get("code")),
        text(v.get("kind")),
        text(v.get("form_title")),
        int(at(&v, &["form_template", "id"])),
        text(at(&v, &["form_template", "name"])),
        time(v.get("submitted_at")),
        time(v.get("created_at")),
        Val::text(raw),
    ]);
    let items = serde_json::from_str::<WithAnswers>(raw)
        .ok()
        .and_then(|w| w.submission_answers)
        .unwrap_or_default();
    for (i, a) in items.iter().enumerate() {
        let av = parse(a.get(), &crate::msg!("record-answer"))?;
        if !av.is_object() {
            continue;
        }
        let title = match av.get("title") {
            Some(Value::String(t)) => Val::text(t),
            _ => text(at(&av, &["question", "title"])),
        };
        answers.push(vec![
            Val::text(code),
            Val::Int(seq),
            Val::Int(i as i64 + 1),
            text(v.get("code")),
            int(av.get("id")),
            int(at(&av, &["question", "id"])),
            title,
            text(av.get("kind")),
            answer_text(av.get("answer_json_info")),
            // The answer as sent; the whole item is in the submission's `data`.
            serde_json::from_str::<AnswerInfo>(a.get())
                .ok()
                .and_then(|i| i.answer_json_info)
                .map_or(Val::Null, |r| Val::text(r.get())),
        ]);
    }
    Ok(())
}

/// An answer as one text, for queries: `value`, the `values` or `links` joined with ", ",
/// `checked` as true/false, a contact as `name <email> phone`.
fn answer_text(info: Option<&Value>) -> Val {
    let Some(Value::Object(m)) = info else {
        return Val::Null;
    };
    let join = |a: &Vec<Value>| {
        a.iter()
            .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(v) = m.get("value") {
        return text(Some(v));
    }
    if let Some(Value::Array(a)) = m.get("values") {
        return Val::Text(join(a));
    }
    if let Some(Value::Array(a)) = m.get("links") {
        return Val::Text(join(a));
    }
    if let Some(Value::Bool(b)) = m.get("checked") {
        return Val::text(b.to_string());
    }
    let parts: Vec<String> = [("name", "{}"), ("email", "<{}>"), ("phone", "{}")]
        .iter()
        .filter_map(|(k, f)| {
            m.get(*k)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
                .map(|s| f.replace("{}", s))
        })
        .collect();
    if parts.is_empty() {
        Val::Null
    } else {
        Val::Text(parts.join(" "))
    }
}

pub const FORM_COLS: &[&str] = &[
    "code ?",
    "title ?",
    "status ?",
    "end_at ?t",
    "created_at ?t",
    "updated_at ?t",
    "seen_run ?",
    "synced_at ?t",
    "data ?j",
];

/// A form of the form list.
pub struct FormRow {
    pub code: String,
    /// `updated_at` as sent: the detail is read again when it changes.
    pub updated_at: Option<String>,
    pub value: Value,
    pub data: String,
}

impl FormRow {
    pub fn from_raw(raw: &str) -> Result<Option<FormRow>, Error> {
        let value = parse(raw, &crate::msg!("record-form"))?;
        let code = match value.get("code").and_then(Value::as_str) {
            Some(c) if !c.is_empty() => c.to_string(),
            _ => return Ok(None),
        };
        Ok(Some(FormRow {
            code,
            updated_at: value
                .get("updated_at")
                .map(|u| u.as_str().map_or_else(|| u.to_string(), str::to_string)),
            data: raw.to_string(),
            value,
        }))
    }

    pub fn values(&self, run: i64, now: &str) -> Vec<Val> {
        let v = &self.value;
        vec![
            Val::text(&self.code),
            text(v.get("title")),
            text(v.get("status")),
            time(v.get("end_at")),
            time(v.get("created_at")),
            time(v.get("updated_at")),
            Val::Int(run),
            Val::text(now),
            Val::text(&self.data),
        ]
    }
}

pub const JOB_COLS: &[&str] = &[
    "key ?",
    "code ?",
    "title ?",
    "url ?",
    "form_code ?",
    "position_title ?",
    "created_at ?t",
    "updated_at ?t",
    "seen_run ?",
    "synced_at ?t",
    "data ?j",
];

/// A job of the job list. Its `code` may be null (the service sends none for some
/// postings), so rows are keyed by the code, else the posting's address, else its form.
pub fn job_row(raw: &str, run: i64, now: &str) -> Result<Option<(String, Vec<Val>)>, Error> {
    let v = parse(raw, &crate::msg!("record-job"))?;
    let s = |p: &[&str]| {
        at(&v, p)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let key = match (
        s(&["code"]),
        s(&["url"]),
        s(&["application_form", "code"]),
        s(&["title"]),
    ) {
        (Some(c), _, _, _) => c,
        (None, Some(u), _, _) => format!("url:{u}"),
        (None, None, Some(f), _) => format!("form:{f}"),
        (None, None, None, Some(t)) => format!("title:{t}"),
        _ => return Ok(None),
    };
    let row = vec![
        Val::text(&key),
        text(v.get("code")),
        text(v.get("title")),
        text(v.get("url")),
        text(at(&v, &["application_form", "code"])),
        text(at(&v, &["position", "title"])),
        time(v.get("created_at")),
        time(v.get("updated_at")),
        Val::Int(run),
        Val::text(now),
        Val::text(raw),
    ];
    Ok(Some((key, row)))
}

/// The candidate codes an event names: `candidate.code` and `candidate_code` anywhere in it.
pub fn codes_in_event(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("candidate_code", Value::String(c)) if !c.is_empty() => out.push(c.clone()),
                    ("candidate", Value::Object(c)) => {
                        if let Some(Value::String(code)) = c.get("code") {
                            if !code.is_empty() {
                                out.push(code.clone());
                            }
                        }
                        codes_in_event(x, out);
                    }
                    _ => codes_in_event(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| codes_in_event(x, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_keeps_its_text_and_tells_its_changes() {
        let raw = r#"{"code":"C1","name":"Kim","email":"k@x","job_stage":{"stage_kind":"review","title":"서류 검토","created_at":"2026-06-01T09:00:00+09:00","updated_at":"2026-06-02T09:00:00+09:00"},"feedback_score":3,"extra":{"a":1}}"#;
        let mut c = CandidateRow::from_raw(raw).unwrap().unwrap();
        assert_eq!(c.data, raw);
        assert_eq!(c.stage_kind.as_deref(), Some("review"));
        let moved = raw.replace("2026-06-02T09", "2026-06-03T09");
        assert_ne!(
            c.fingerprint,
            CandidateRow::from_raw(&moved).unwrap().unwrap().fingerprint
        );
        let renamed = raw.replace("Kim", "Lee");
        assert_eq!(
            c.fingerprint,
            CandidateRow::from_raw(&renamed)
                .unwrap()
                .unwrap()
                .fingerprint
        );
        c.scrub();
        let v: Value = serde_json::from_str(&c.data).unwrap();
        assert_eq!(v["name"], Value::Null);
        assert_eq!(v["email"], Value::Null);
        assert_eq!(v["extra"]["a"], 1);
        assert!(
            v.get("birth").is_none(),
            "a field that was not there stays absent"
        );
        assert!(CandidateRow::from_raw(r#"{"name":"no code"}"#)
            .unwrap()
            .is_none());
    }

    #[test]
    fn replies_get_rows_of_their_own() {
        let body =
            r#"[{"id":1,"content":"a","replies":[{"id":2, "content":"b"}]},{"id":3,"replies":[]}]"#;
        let items: Vec<&RawValue> = serde_json::from_str(body).unwrap();
        let rows = memo_rows("C1", &items).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[1][2], Val::Int(2));
        assert_eq!(
            rows[1][3],
            Val::Int(1),
            "parent_id from the memo it sits under"
        );
        assert_eq!(rows[1][11], Val::text(r#"{"id":2, "content":"b"}"#));
    }

    #[test]
    fn answers_read_as_text() {
        let mut subs = Vec::new();
        let mut answers = Vec::new();
        let raw = r#"{"code":"FS1","submission_answers":[{"id":7,"title":"Why?","answer_json_info":{"value":"Because"},"question":{"id":70}},{"id":8,"question":{"title":"Days"},"answer_json_info":{"values":["Mon","Tue"]}},{"id":9,"answer_json_info":{"name":"Oh","email":"o@x"}}]}"#;
        submission_rows("C1", 1, raw, &mut subs, &mut answers).unwrap();
        assert_eq!(subs.len(), 1);
        assert_eq!(answers[0][6], Val::text("Why?"));
        assert_eq!(answers[0][5], Val::Int(70));
        assert_eq!(answers[0][8], Val::text("Because"));
        assert_eq!(answers[1][6], Val::text("Days"));
        assert_eq!(answers[1][8], Val::text("Mon, Tue"));
        assert_eq!(answers[2][8], Val::text("Oh <o@x>"));
    }

    #[test]
    fn events_name_candidates_anywhere() {
        let v: Value = serde_json::from_str(
            r#"{"action":"x","payload":{"candidate":{"code":"C1"},"list":[{"candidate_code":"C2"}],"candidate_code":""}}"#,
        )
        .unwrap();
        let mut out = Vec::new();
        codes_in_event(&v, &mut out);
        assert_eq!(out, ["C1", "C2"]);
    }
}
