//! From records as the service sent them to the mirror's rows: `data` is the record's own
//! text (its bytes as they came in the body), the typed columns are read from it. Every
//! field may be missing or of an unexpected type: a column is then NULL, `data` keeps all.

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use super::db::Val;
use crate::error::Error;
use recruit_core::clock::Clock;

/// The personal fields of a candidate (the one list, `recruit_core::personal`): nulled by a
/// purge, in the columns and in `data`.
pub fn personal() -> impl Iterator<Item = &'static str> {
    recruit_core::personal::of(recruit_core::personal::Record::Candidate)
}

pub use super::tables::time;
use super::tables::{int, text, Table};
use super::tables::{
    CANDIDATES, FORMS, JOBS, MEMOS, STAGE_HISTORY, SUBMISSIONS, SUBMISSION_ANSWERS,
};

/// `name mark` of the columns a row of `table` sets (see [`Table::written`]).
fn cols(table: &Table) -> Vec<String> {
    table.written()
}

/// Unix seconds of a timestamp as sent.
pub fn unix(v: Option<&Value>) -> Option<f64> {
    unix_of(v.and_then(Value::as_str)?)
}

/// Unix seconds (to the millisecond) of an RFC 3339 time, as sent or as the mirror keeps it.
pub fn unix_of(s: &str) -> Option<f64> {
    chrono::DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|t| t.timestamp_millis() as f64 / 1000.0)
}

/// Now on `clock`, as the mirror writes its own times: RFC 3339, UTC.
pub fn now_text(clock: &dyn Clock) -> String {
    utc_text(clock.utc())
}

/// A time as the mirror writes its own: RFC 3339 in UTC, whole seconds (`...:SSZ`, which sort
/// as text).
pub fn utc_text(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Now on `clock`, in Unix seconds (to the millisecond).
pub fn now_unix(clock: &dyn Clock) -> f64 {
    clock.unix()
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
            error = crate::error::cause_of(&e)
        ))
    })
}

/// `raw` parsed, with its `code`; `None` for an item without one (it cannot be kept apart
/// from the others).
fn parse_coded(raw: &str, what: &crate::msg::Msg) -> Result<Option<(Value, String)>, Error> {
    let value = parse(raw, what)?;
    let code = match value.get("code").and_then(Value::as_str) {
        Some(c) if !c.is_empty() => c.to_string(),
        _ => return Ok(None),
    };
    Ok(Some((value, code)))
}

/// A candidate of the list, ready to store.
#[derive(Debug, Clone)]
pub struct CandidateRow {
    pub code: String,
    pub stage_kind: Option<String>,
    /// What tells a change: the stage (kind, title, `updated_at`) and the `feedback_*` fields.
    pub fingerprint: String,
    pub stage_unix: Option<f64>,
    /// The key of the stage the candidate is at (its kind, title and start), when its
    /// `job_stage` is there: a row of `stage_history`.
    pub stage_key: Option<String>,
    pub value: Value,
    pub data: String,
}

/// The candidate columns written from a list item, in order (see [`CandidateRow::values`]).
pub fn candidate_cols() -> Vec<String> {
    cols(&CANDIDATES)
}

/// The columns of a `stage_history` row (see [`CandidateRow::history`]).
pub fn history_cols() -> Vec<String> {
    cols(&STAGE_HISTORY)
}

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
        let Some((value, code)) = parse_coded(raw, &crate::msg!("record-candidate"))? else {
            return Ok(None);
        };
        let fp: Vec<Value> = FINGERPRINT
            .iter()
            .map(|p| at(&value, p).cloned().unwrap_or(Value::Null))
            .collect();
        let stage_key = value.get("job_stage").filter(|s| s.is_object()).map(|s| {
            Value::Array(vec![
                s.get("stage_kind").cloned().unwrap_or(Value::Null),
                s.get("title").cloned().unwrap_or(Value::Null),
                s.get("created_at").cloned().unwrap_or(Value::Null),
            ])
            .to_string()
        });
        Ok(Some(CandidateRow {
            code,
            stage_kind: at(&value, &["job_stage", "stage_kind"])
                .and_then(Value::as_str)
                .map(str::to_string),
            fingerprint: Value::Array(fp).to_string(),
            stage_unix: unix(at(&value, &["job_stage", "updated_at"])),
            stage_key,
            data: raw.to_string(),
            value,
        }))
    }

    /// Null the personal fields, in `data` too: the row of a purged candidate.
    pub fn scrub(&mut self) {
        recruit_core::personal::null(&mut self.value, personal());
        self.data = self.value.to_string();
    }

    /// The values of [`candidate_cols`].
    pub fn values(&self, run: i64, now: &str) -> Vec<Val> {
        CANDIDATES.values(&self.value, &self.data, |c| match c {
            "synced_at" => Val::text(now),
            "seen_run" => Val::Int(run),
            "fingerprint" => Val::text(&self.fingerprint),
            "stage_unix" => self.stage_unix.map_or(Val::Null, Val::Real),
            _ => unreachable!("candidates.{c} is not given"),
        })
    }

    /// The `stage_history` row of the stage it is at (see [`history_cols`]), first seen `now`.
    pub fn history(&self, now: &str) -> Option<Vec<Val>> {
        let key = self.stage_key.as_ref()?;
        Some(STAGE_HISTORY.values(&self.value, &self.data, |c| match c {
            "stage_key" => Val::text(key),
            "first_seen_at" => Val::text(now),
            _ => unreachable!("stage_history.{c} is not given"),
        }))
    }
}

/// A memo of a candidate's memo list: each top-level memo as sent (with its `replies`), and
/// each reply again as a row of its own with its `parent_id`.
pub fn memo_cols() -> Vec<String> {
    cols(&MEMOS)
}

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
    MEMOS.values(v, raw, |c| match c {
        "candidate_code" => Val::text(code),
        "seq" => Val::Int(*seq),
        "parent_id" => parent_id.clone(),
        _ => unreachable!("memos.{c} is not given"),
    })
}

pub fn submission_cols() -> Vec<String> {
    cols(&SUBMISSIONS)
}

pub fn answer_cols() -> Vec<String> {
    cols(&SUBMISSION_ANSWERS)
}

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
    subs.push(SUBMISSIONS.values(&v, raw, |c| match c {
        "candidate_code" => Val::text(code),
        "seq" => Val::Int(seq),
        _ => unreachable!("submissions.{c} is not given"),
    }));
    let items = serde_json::from_str::<WithAnswers>(raw)
        .ok()
        .and_then(|w| w.submission_answers)
        .unwrap_or_default();
    for (i, a) in items.iter().enumerate() {
        let av = parse(a.get(), &crate::msg!("record-answer"))?;
        if !av.is_object() {
            continue;
        }
        answers.push(SUBMISSION_ANSWERS.values(&av, a.get(), |c| {
            match c {
                "candidate_code" => Val::text(code),
                "submission_seq" => Val::Int(seq),
                "seq" => Val::Int(i as i64 + 1),
                "submission_code" => text(v.get("code")),
                // The answer as sent; the whole item is in the submission's `data`.
                "answer" => serde_json::from_str::<AnswerInfo>(a.get())
                    .ok()
                    .and_then(|i| i.answer_json_info)
                    .map_or(Val::Null, |r| Val::text(r.get())),
                _ => unreachable!("submission_answers.{c} is not given"),
            }
        }));
    }
    Ok(())
}

pub fn form_cols() -> Vec<String> {
    cols(&FORMS)
}

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
        let Some((value, code)) = parse_coded(raw, &crate::msg!("record-form"))? else {
            return Ok(None);
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
        FORMS.values(&self.value, &self.data, |c| match c {
            "seen_run" => Val::Int(run),
            "synced_at" => Val::text(now),
            _ => unreachable!("forms.{c} is not given"),
        })
    }
}

pub fn job_cols() -> Vec<String> {
    cols(&JOBS)
}

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
    let row = JOBS.values(&v, raw, |c| match c {
        "key" => Val::text(&key),
        "seen_run" => Val::Int(run),
        "synced_at" => Val::text(now),
        _ => unreachable!("jobs.{c} is not given"),
    });
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
