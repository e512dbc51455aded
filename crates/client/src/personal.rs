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
