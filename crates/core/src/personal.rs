//! Personal data: the one list of the contract (cli.md, "Personal data: one list"), from which
//! the MCP server's policy, the mirror's purge and the tool descriptions are derived.

use serde_json::Value;

/// A kind of record that holds personal data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    /// An applicant: a candidate list item or detail (also an evaluation's or interview's
    /// `candidate`).
    Candidate,
    /// A member of the organization: the `user` of an evaluation's `member_scores`.
    Member,
}

/// One personal field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub record: Record,
    pub name: &'static str,
    /// Given to a model by `recruit mcp --personal-data basic`: a candidate's name and
    /// contact are what a recruiter's assistant works with; the rest a model rarely needs.
    pub basic: bool,
}

const fn field(record: Record, name: &'static str, basic: bool) -> Field {
    Field {
        record,
        name,
        basic,
    }
}

/// Every personal field, in the contract's order.
pub const FIELDS: &[Field] = &[
    field(Record::Candidate, "name", true),
    field(Record::Candidate, "email", true),
    field(Record::Candidate, "phone", true),
    field(Record::Candidate, "birth", false),
    field(Record::Candidate, "resume_path", false),
    field(Record::Candidate, "profile_img_path", false),
    field(Record::Member, "phone", false),
];

/// The personal fields of a record.
pub fn of(record: Record) -> impl Iterator<Item = &'static str> {
    FIELDS
        .iter()
        .filter(move |f| f.record == record)
        .map(|f| f.name)
}

/// The personal fields of a record that `--personal-data basic` leaves out.
pub fn hidden_at_basic(record: Record) -> impl Iterator<Item = &'static str> {
    FIELDS
        .iter()
        .filter(move |f| f.record == record && !f.basic)
        .map(|f| f.name)
}

/// A candidate's personal fields as a form submission carries them (spec 2.5): the
/// submission names its candidate `candidate_name` and `candidate_email`. Each pair is the
/// submission's key and the list's field it is.
pub const IN_SUBMISSION: &[(&str, &str)] =
    &[("candidate_name", "name"), ("candidate_email", "email")];

/// The candidate a form submission shows, as a candidate record (`{"name", "email"}` under
/// the list's names, and `code` when given): what the access log counts of it.
pub fn candidate_of_submission(submission: &Value, code: Option<&str>) -> Value {
    let mut m = serde_json::Map::new();
    if let Some(code) = code {
        m.insert("code".into(), Value::String(code.to_string()));
    }
    for (key, field) in IN_SUBMISSION {
        if let Some(v) = submission.get(*key) {
            m.insert((*field).into(), v.clone());
        }
    }
    Value::Object(m)
}

/// Keys a payload (webhook payloads are undocumented) hangs a thing under, not a person: a
/// job, a stage, a form. Below them a `code` is the thing's and a `name` is its title, the
/// words a message needs; a personal field there is still personal. The access log, chat
/// forwards and erasure read payloads with it.
pub const THING_KEYS: &[&str] = &[
    "job",
    "jobs",
    "job_stage",
    "current_stage",
    "previous_stage",
    "stage",
    "stages",
    "form",
    "forms",
    "application_form",
];

/// Keys under which a payload hangs members of the organization (no candidates: only a
/// member's phone is on the list, taken from an evaluation's `member_scores`).
pub const MEMBER_KEYS: &[&str] = &["user", "users", "managers", "mentions", "member_scores"];

/// Names in a sentence: "a, b and c" (the tool descriptions' lists).
pub fn words(names: impl Iterator<Item = &'static str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Removes these fields from a record (an object; anything else is left as it is).
pub fn remove(v: &mut Value, names: impl Iterator<Item = &'static str>) {
    if let Value::Object(m) = v {
        for k in names {
            m.remove(k);
        }
    }
}

/// Sets these fields of a record to null where it has them (the mirror's purge keeps the
/// keys, as the contract says the fields "become null").
pub fn null(v: &mut Value, names: impl Iterator<Item = &'static str>) {
    if let Value::Object(m) = v {
        for k in names {
            if let Some(x) = m.get_mut(k) {
                *x = Value::Null;
            }
        }
    }
}

/// The members inside an evaluation (`member_scores[].user`), to apply the member rule to.
pub fn members_of_evaluation(evaluation: &mut Value) -> impl Iterator<Item = &mut Value> {
    evaluation
        .get_mut("member_scores")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
        .filter_map(|s| s.get_mut("user"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The contract's list, stated once here: "a candidate's `name`, `email`, `phone`,
    /// `birth`, `resume_path`, `profile_img_path`, and a service member's `phone` (the `user`
    /// of evaluations' `member_scores`)".
    #[test]
    fn the_list_is_the_contracts() {
        assert_eq!(
            of(Record::Candidate).collect::<Vec<_>>(),
            [
                "name",
                "email",
                "phone",
                "birth",
                "resume_path",
                "profile_img_path"
            ]
        );
        assert_eq!(of(Record::Member).collect::<Vec<_>>(), ["phone"]);
        assert_eq!(
            words(hidden_at_basic(Record::Candidate)),
            "birth, resume_path and profile_img_path"
        );
        assert_eq!(
            hidden_at_basic(Record::Member).collect::<Vec<_>>(),
            ["phone"]
        );
    }

    #[test]
    fn a_submission_names_its_candidates_name_and_email() {
        let sub = json!({"code": "S1", "form_title": "Message", "candidate_name": "Kim",
            "candidate_email": "kim@example.com", "submitted_at": "2026-01-01"});
        assert_eq!(
            candidate_of_submission(&sub, Some("C1")),
            json!({"code": "C1", "name": "Kim", "email": "kim@example.com"})
        );
        // Every field it names is on the list, as a candidate's.
        for (_, field) in IN_SUBMISSION {
            assert!(of(Record::Candidate).any(|f| f == *field), "{field}");
        }
        assert_eq!(
            candidate_of_submission(&json!({"code": "S2"}), None),
            json!({})
        );
    }

    #[test]
    fn members_of_an_evaluation() {
        let mut ev = json!({"member_scores": [
            {"user": {"name": "Kim", "phone": "010-1"}, "final_score": 3},
            {"user": {"name": "Lee"}},
        ]});
        for m in members_of_evaluation(&mut ev) {
            remove(m, of(Record::Member));
        }
        assert_eq!(
            ev,
            json!({"member_scores": [
                {"user": {"name": "Kim"}, "final_score": 3},
                {"user": {"name": "Lee"}},
            ]})
        );
        let mut c = json!({"name": "A", "code": "C1"});
        null(&mut c, of(Record::Candidate));
        assert_eq!(c, json!({"name": null, "code": "C1"}));
    }
}
