//! What a writer shows of candidates' personal data (cli.md, "Personal data"): the judgement
//! the printer hands its caller's [`super::Ledger`] before the bytes, so the access log (the
//! caller's, above output) records it first. Decided by the kind of record printed ([`see`]),
//! or, for answers of any shape, by their content ([`scan`]).

use recruit_audit::Seen;
use recruit_client::personal::{self, Record};
use serde_json::{Map, Value};

use super::Kind;

/// The names of the candidate's personal fields whose bits ([`held`]) are set, in the list's
/// order.
pub(crate) fn field_names(bits: u8) -> Vec<String> {
    personal::of(Record::Candidate)
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, f)| f.to_string())
        .collect()
}

/// Add to `seen` what printing `item` (a record of `kind`) shows: with `fields` (`--fields`),
/// only the personal fields those paths cover; the candidate's code is always taken (it says
/// whose data it was, even when the code itself is not printed).
pub(crate) fn see(seen: &mut Seen, kind: Kind, item: &Value, fields: Option<&[String]>) {
    match kind {
        Kind::Candidate | Kind::Application => candidate(seen, item, "", fields),
        Kind::Submission => submission(seen, item, None, fields),
        Kind::Interview => {
            if let Some(c) = item.get("candidate") {
                candidate(seen, c, "candidate.", fields);
            }
        }
        Kind::Evaluation => {
            if let Some(c) = item.get("candidate") {
                candidate(seen, c, "candidate.", fields);
            }
            if shows(fields, "member_scores.*.user.phone") {
                members(seen, item);
            }
        }
        _ => {}
    }
}

/// Answers and payloads of any shape (`recruit api`, the listener's printed events, stored
/// events: their shapes are undocumented): every object holding a personal value of the one
/// list is counted, named by the candidate code it holds (`code`, `candidate_code`) or, for
/// an object inside a record (`applicant.contact.email`), by the nearest code around it;
/// with none it is counted, not named. A `name` counts on an object with a code or another
/// personal value, or inside one. Below a thing's key (a job, a stage, a form:
/// [`personal::THING_KEYS`]) a `code` is the thing's, not a candidate's. Evaluations'
/// members are taken as members; members elsewhere (`user`, `managers`, `mentions`) are no
/// candidates and their fields are not on the list.
pub(crate) fn scan(seen: &mut Seen, v: &Value) {
    scan_in(seen, v, None, false)
}

/// [`scan`] of `v`, inside a record with the candidate code `around` (if any), below a
/// thing's key when `thing`.
fn scan_in(seen: &mut Seen, v: &Value, around: Option<&str>, thing: bool) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| scan_in(seen, i, around, thing)),
        Value::Object(m) => {
            let text = |k: &str| m.get(k).and_then(Value::as_str);
            let own = text("candidate_code").or(if thing { None } else { text("code") });
            let code = own.or(around);
            let mut view = Map::new();
            let held = |k: &str| m.get(k).filter(|x| holds(x)).cloned();
            for f in personal::of(Record::Candidate).filter(|f| *f != "name") {
                if let Some(x) = held(f) {
                    view.insert(f.into(), x);
                }
            }
            for (key, f) in personal::IN_SUBMISSION {
                if let Some(x) = held(key) {
                    view.insert((*f).into(), x);
                }
            }
            if let Some(x) = held("name").filter(|_| code.is_some() || !view.is_empty()) {
                view.insert("name".into(), x);
            }
            if !view.is_empty() {
                if let Some(c) = code {
                    view.insert("code".into(), Value::String(c.to_string()));
                }
                seen.candidate(&Value::Object(view));
            }
            if m.contains_key("member_scores") {
                members(seen, v);
            }
            for (k, child) in m {
                if personal::MEMBER_KEYS.contains(&k.as_str()) {
                    continue;
                }
                let under_thing = personal::THING_KEYS.contains(&k.as_str());
                scan_in(seen, child, code.filter(|_| !under_thing), under_thing);
            }
        }
        _ => {}
    }
}

/// A value the log counts: not null, not empty text.
fn holds(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::String(s) => !s.trim().is_empty(),
        _ => true,
    }
}

/// The members of an evaluation (`member_scores[].user`).
fn members(seen: &mut Seen, evaluation: &Value) {
    let scores = evaluation.get("member_scores").and_then(Value::as_array);
    for user in scores.into_iter().flatten().filter_map(|s| s.get("user")) {
        seen.member(user);
    }
}

/// Which of a candidate's personal fields writing `c` shows (with `fields`, only those they
/// cover), one bit per field of the list in its order, for a sync's page ([`field_names`]):
/// no text is copied, so a mirror's 20,000 candidates cost the log a few lookups each.
pub(crate) fn held(c: &Value, fields: Option<&[String]>) -> u8 {
    let mut mask = 0;
    for (i, f) in personal::of(Record::Candidate).enumerate() {
        if c.get(f).is_some_and(holds) && shows(fields, f) {
            mask |= 1 << i;
        }
    }
    mask
}

/// What the wizard's application shows: the personal fields answered (each answer is an
/// object keyed by the API's field names, `{"email": ...}`) and the new candidate's `code`
/// when the service's answer has one.
pub(crate) fn application(answers: &[&Value], answer: Option<&Value>) -> Seen {
    let mut merged = Map::new();
    let code = answer
        .map(|a| a.get("resource").unwrap_or(a))
        .and_then(|r| r.get("code"));
    if let Some(code) = code {
        merged.insert("code".into(), code.clone());
    }
    for a in answers.iter().filter_map(|a| a.as_object()) {
        for f in personal::of(Record::Candidate) {
            if let Some(v) = a.get(f).filter(|v| holds(v)) {
                merged.insert(f.into(), v.clone());
            }
        }
    }
    let mut seen = Seen::default();
    if merged.len() > usize::from(code.is_some()) {
        seen.candidate(&Value::Object(merged));
    }
    seen
}

/// A form submission: it names its candidate's `name` and `email` (`candidate_name`,
/// `candidate_email`, [`personal::IN_SUBMISSION`]); `code` is the candidate's when the
/// command knows it (`submissions list C1`, an export), else the submission's own
/// `candidate_code` if the service sent one.
pub(crate) fn submission(
    seen: &mut Seen,
    item: &Value,
    code: Option<&str>,
    fields: Option<&[String]>,
) {
    let code = code.or_else(|| item.get("candidate_code").and_then(Value::as_str));
    let mut c = personal::candidate_of_submission(item, code);
    if let Value::Object(m) = &mut c {
        // `--fields` names the submission's keys, not the list's.
        m.retain(|k, _| {
            k == "code"
                || personal::IN_SUBMISSION
                    .iter()
                    .any(|(key, field)| field == k && shows(fields, key))
        });
    }
    if c.as_object().is_some_and(|m| m.keys().any(|k| k != "code")) {
        seen.candidate(&c);
    }
}

/// The list's fields a form submission can show under `--fields` (none: every one).
pub(crate) fn submission_fields(fields: Option<&[String]>) -> Vec<String> {
    personal::IN_SUBMISSION
        .iter()
        .filter(|(key, _)| shows(fields, key))
        .map(|(_, field)| field.to_string())
        .collect()
}

/// The list's fields a candidate record can show under `--fields` (none: every one).
pub(crate) fn candidate_fields(fields: Option<&[String]>) -> Vec<String> {
    personal::of(Record::Candidate)
        .filter(|f| shows(fields, f))
        .map(str::to_string)
        .collect()
}

/// A candidate object at `prefix` of the printed item.
fn candidate(seen: &mut Seen, c: &Value, prefix: &str, fields: Option<&[String]>) {
    if fields.is_none() {
        seen.candidate(c);
        return;
    }
    // What the output holds of it: its code, and the personal fields the paths cover.
    let mut view = Map::new();
    if let Some(code) = c.get("code") {
        view.insert("code".into(), code.clone());
    }
    for f in personal::of(Record::Candidate) {
        if shows(fields, &format!("{prefix}{f}")) {
            if let Some(v) = c.get(f) {
                view.insert(f.into(), v.clone());
            }
        }
    }
    seen.candidate(&Value::Object(view));
}

/// Whether `--fields` (none: every field) shows the value at `location` (`*` for any index):
/// a path names it or one of the objects it is in.
fn shows(fields: Option<&[String]>, location: &str) -> bool {
    let Some(paths) = fields else { return true };
    let at: Vec<&str> = location.split('.').collect();
    paths.iter().any(|p| {
        let parts: Vec<&str> = p.trim().split('.').collect();
        parts.len() <= at.len()
            && parts
                .iter()
                .zip(&at)
                .all(|(a, b)| a == b || (*b == "*" && a.parse::<usize>().is_ok()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use recruit_audit::Via;
    use serde_json::json;

    #[test]
    fn an_exports_fields_are_those_it_can_show() {
        assert_eq!(submission_fields(None), ["name", "email"]);
        let only = ["code".to_string(), "candidate_name".to_string()];
        assert_eq!(submission_fields(Some(&only)), ["name"]);
        assert_eq!(candidate_fields(Some(&only)), Vec::<String>::new());
        let only = ["code".to_string(), "phone".to_string()];
        assert_eq!(candidate_fields(Some(&only)), ["phone"]);
        assert_eq!(candidate_fields(None).len(), 6);
        assert_eq!(field_names(0b101), ["name", "phone"]);
    }

    #[test]
    fn the_kind_decides_and_fields_narrow_it() {
        let c = json!({"code": "C1", "name": "김", "email": "", "phone": null, "stage": "x"});
        let mut s = Seen::default();
        see(&mut s, Kind::Candidate, &c, None);
        assert_eq!(s.fields(), ["name"]);
        let mut s = Seen::default();
        let only = vec!["code".to_string(), "stage".to_string()];
        see(&mut s, Kind::Candidate, &c, Some(&only));
        assert!(s.is_empty());
        assert_eq!(s.count(), 1);
        let ev = json!({"code": "E1", "candidate": c,
            "member_scores": [{"user": {"name": "Lee", "phone": "010"}}]});
        let mut s = Seen::default();
        see(&mut s, Kind::Evaluation, &ev, None);
        assert_eq!(s.fields(), ["name", "member.phone"]);
        let mut s = Seen::default();
        let only = vec!["candidate.name".to_string()];
        see(&mut s, Kind::Evaluation, &ev, Some(&only));
        assert_eq!(s.fields(), ["name"]);
        let mut s = Seen::default();
        see(&mut s, Kind::Form, &c, None);
        assert!(s.is_empty());
    }

    #[test]
    fn a_raw_answer_is_scanned_for_candidates() {
        let body = json!({"collection": [
            {"code": "J1", "title": "Designer", "managers": [{"code": "M1", "name": "Kim", "phone": "1"}]},
            {"code": "C9", "email": "a@b", "job": {"code": "J1"}},
        ]});
        let mut s = Seen::default();
        scan(&mut s, &body);
        assert_eq!(s.fields(), ["email"]);
        assert_eq!(s.count(), 1);
        // Payloads of any shape: a code under any key, personal values deeper inside, a
        // submission's flat keys, and a stage's name (a thing's) that is no one's.
        let event = json!({"action": "candidate_stage_changed", "payload": {
            "applicant": {"code": "C7", "name": "Kim", "contact": {"email": "k@x", "phone": ""}},
            "current_stage": {"code": "S2", "name": "1차 면접"},
            "rows": [{"candidate_code": "C8", "candidate_name": "Lee"}, {"birth": "1990-01-01"}],
        }});
        let mut s = Seen::default();
        scan(&mut s, &event);
        assert_eq!(s.fields(), ["name", "email", "birth"]);
        let e = s.entries("a@default", Via::Listen, "listen", None, false);
        assert_eq!(e[0].candidates, ["C7", "C8"]);
        assert_eq!(
            e[0].count, 3,
            "the birth with no code is counted, not named"
        );
        let mut s = Seen::default();
        scan(
            &mut s,
            &json!({"stage": {"code": "S1", "name": "서류"}, "job": {"code": "J1"}}),
        );
        assert!(s.is_empty());
    }
}
