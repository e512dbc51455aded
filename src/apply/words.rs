//! Answers in words for people, in the language in use: the enumerated values the API sends
//! (`male`, `in_service`, `award`...) as an applicant would say them, the fields of the
//! repeatable answers' entries, and one-line summaries of answers for reviews. The values sent
//! never change: only what is shown does.

use serde_json::Value;

use super::kinds::AnswerKind;
use crate::t;

/// A value of an enumerated field in words: `gender` `male` is "Male" (남성), a
/// qualification's `kind` `award` is "Certification" (자격증), `certificate` "Prize" (수상).
/// A value the API does not list is shown as it is.
pub fn value_word(field: &str, value: &str) -> String {
    match (field, value) {
        ("gender", "male") => t!("value-gender-male"),
        ("gender", "female") => t!("value-gender-female"),
        ("military_service_status", "complete") => t!("value-military-complete"),
        ("military_service_status", "incomplete") => t!("value-military-incomplete"),
        ("military_service_status", "exemption") => t!("value-military-exemption"),
        ("military_service_status", "in_service") => t!("value-military-in-service"),
        ("disability_severity", "mild") => t!("value-disability-mild"),
        ("disability_severity", "serious") => t!("value-disability-serious"),
        // The API's names are the other way round from their meaning.
        ("kind", "award") => t!("value-qualification-award"),
        ("kind", "certificate") => t!("value-qualification-certificate"),
        _ => value.to_string(),
    }
}

/// Yes or no in words.
pub fn yes_no(b: bool) -> String {
    if b {
        t!("word-yes")
    } else {
        t!("word-no")
    }
}

/// What one entry of a repeatable answer is called: "experience" (경력), "certificate or
/// prize" (자격증·수상)...
pub fn entry_noun(kind: &AnswerKind) -> String {
    match kind {
        AnswerKind::Experience => t!("noun-experience"),
        AnswerKind::Education => t!("noun-education"),
        AnswerKind::Qualification => t!("noun-qualification"),
        AnswerKind::Training => t!("noun-training"),
        _ => t!("noun-language"),
    }
}

/// The label of field `name` of an entry of a repeatable answer of `kind` (a yes/no field's
/// label is its question).
pub fn field_label(kind: &AnswerKind, name: &str) -> String {
    use AnswerKind::*;
    match (kind, name) {
        (Experience, "company_name") => t!("field-experience-company"),
        (Experience, "start_at") => t!("field-experience-start"),
        (Experience, "end_at") => t!("field-experience-end"),
        (Experience, "currently_employed") => t!("field-experience-current"),
        (Experience, "employment_type") => t!("field-experience-type"),
        (Experience, "position") => t!("field-experience-position"),
        (Experience, "department") => t!("field-experience-department"),
        (Experience, "title") => t!("field-experience-role"),
        (Education, "school_name") => t!("field-education-school"),
        (Education, "enter_at") => t!("field-education-entered"),
        (Education, "graduate_at") => t!("field-education-graduated-at"),
        (Education, "graduate") => t!("field-education-graduated"),
        (Education, "major") => t!("field-education-major"),
        (Qualification, "kind") => t!("field-qualification-kind"),
        (Qualification, "name") => t!("field-qualification-name"),
        (Qualification, "institution_name") => t!("field-qualification-institution"),
        (Qualification, "grade") => t!("field-grade"),
        (Qualification, "date") => t!("field-qualification-date"),
        (Training, "name") => t!("field-training-name"),
        (Training, "institution_name") => t!("field-training-institution"),
        (Training, "start_date") => t!("field-training-start"),
        (Training, "end_date") => t!("field-training-end"),
        (Language, "kind") => t!("field-language-language"),
        (Language, "test_name") => t!("field-language-test"),
        (Language, "institution_name") => t!("field-language-institution"),
        (Language, "grade") => t!("field-grade"),
        (Language, "date") => t!("field-language-date"),
        (_, "content") => t!("field-details"),
        (_, other) => other.to_string(),
    }
}

fn text_of(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| {
                x.as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| x.to_string())
            })
            .collect::<Vec<_>>()
            .join(", "),
        Some(other) => other.to_string(),
    }
}

/// One entry of a repeatable answer on one line, for the list a changed group shows and the
/// review: `Acme, 2019-03 – now`, `Prize: Hackathon (Acme, 2021-05-01)`.
pub fn entry_line(kind: &AnswerKind, entry: &Value) -> String {
    let get = |k: &str| text_of(entry.get(k));
    let span = |from: &str, to: &str, now: bool| -> String {
        let (a, b) = (get(from), get(to));
        match (a.is_empty(), b.is_empty(), now) {
            (true, true, false) => String::new(),
            (_, true, true) => t!("entry-span-now", start = a),
            _ => t!("entry-span", start = a, end = b),
        }
    };
    let join = |parts: Vec<String>| -> String {
        parts
            .into_iter()
            .filter(|p| !p.trim().is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    };
    use AnswerKind::*;
    match kind {
        Experience => {
            let now = entry.get("currently_employed") == Some(&Value::Bool(true));
            join(vec![
                get("company_name"),
                get("title"),
                span("start_at", "end_at", now),
            ])
        }
        Education => join(vec![
            get("school_name"),
            get("major"),
            span("enter_at", "graduate_at", false),
        ]),
        Qualification => {
            let what = value_word("kind", &get("kind"));
            let rest = join(vec![get("institution_name"), get("grade"), get("date")]);
            let name = get("name");
            match (what.is_empty(), rest.is_empty()) {
                (true, true) => name,
                (true, false) => format!("{name} ({rest})"),
                (false, true) => format!("{what}: {name}"),
                (false, false) => format!("{what}: {name} ({rest})"),
            }
        }
        Training => join(vec![
            get("name"),
            get("institution_name"),
            span("start_date", "end_date", false),
        ]),
        _ => join(vec![get("kind"), get("test_name"), get("grade")]),
    }
}

/// A one-line summary of an answer for people, for review tables: enumerated values in words,
/// entries of a repeatable answer counted and named.
pub fn summarize(kind: &AnswerKind, answer: &Value) -> String {
    let get = |k: &str| answer.get(k);
    if let Some((field, _)) = kind.group() {
        let items = get(field)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if items.is_empty() {
            return t!("summary-no-entries");
        }
        let lines: Vec<String> = items.iter().map(|it| entry_line(kind, it)).collect();
        return t!(
            "summary-entries",
            count = items.len(),
            entries = lines.join("; ")
        );
    }
    use AnswerKind::*;
    match kind {
        MilitaryService | VeteranAffair | Disability => {
            let details: Vec<String> = [
                "military_service_status",
                "veteran_affair_code",
                "disability_type",
                "disability_severity",
            ]
            .iter()
            .map(|k| value_word(k, &text_of(get(k))))
            .filter(|x| !x.is_empty())
            .collect();
            let yn = match get("checked").and_then(Value::as_bool) {
                Some(b) => yes_no(b),
                None => "?".to_string(),
            };
            if details.is_empty() {
                yn
            } else {
                format!("{yn} ({})", details.join(", "))
            }
        }
        Gender => value_word("gender", &text_of(get("gender"))),
        Other(_) => answer.to_string(),
        _ => match kind.answer_fields() {
            Some(fields) if fields.len() == 1 => text_of(get(fields[0])),
            _ => answer.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{in_lang, Lang};
    use serde_json::json;

    #[test]
    fn enumerated_values_are_words_in_either_language_and_unknown_ones_stay() {
        in_lang(Lang::En, || {
            assert_eq!(value_word("kind", "award"), "Certification");
            assert_eq!(value_word("kind", "certificate"), "Prize");
            assert_eq!(value_word("gender", "female"), "Female");
            assert_eq!(value_word("gender", "other"), "other");
        });
        in_lang(Lang::Ko, || {
            assert_eq!(value_word("kind", "award"), "자격증");
            assert_eq!(value_word("kind", "certificate"), "수상");
            assert_eq!(value_word("military_service_status", "complete"), "군필");
            assert_eq!(value_word("disability_severity", "serious"), "중증");
        });
    }

    #[test]
    fn every_entry_field_has_a_label_in_both_languages() {
        for kind in [
            "experience",
            "education",
            "qualification",
            "training",
            "language",
        ] {
            let kind = AnswerKind::parse(kind);
            let (_, spec) = kind.group().unwrap();
            for fs in spec {
                for lang in Lang::ALL {
                    let label = in_lang(lang, || field_label(&kind, fs.name));
                    assert_ne!(label, fs.name, "{kind} {} has no label", fs.name);
                }
            }
        }
    }

    #[test]
    fn summaries_use_words_not_api_values() {
        let q = json!({"qualifications": [
            {"kind": "award", "name": "정보처리기사", "institution_name": "한국산업인력공단", "grade": "합격", "date": "2020-06-01"},
            {"kind": "certificate", "name": "Hackathon"}]});
        let en = in_lang(Lang::En, || summarize(&AnswerKind::Qualification, &q));
        assert!(en.starts_with("2: Certification: 정보처리기사"), "{en}");
        assert!(en.contains("Prize: Hackathon"), "{en}");
        assert!(!en.contains("award") && !en.contains("certificate"), "{en}");
        let ko = in_lang(Lang::Ko, || summarize(&AnswerKind::Qualification, &q));
        assert!(
            ko.contains("자격증: 정보처리기사") && ko.contains("수상: Hackathon"),
            "{ko}"
        );
        let m = json!({"checked": true, "military_service_status": "in_service"});
        assert_eq!(
            in_lang(Lang::En, || summarize(&AnswerKind::MilitaryService, &m)),
            "Yes (Serving now)"
        );
        assert_eq!(
            in_lang(Lang::Ko, || summarize(&AnswerKind::MilitaryService, &m)),
            "예 (복무 중)"
        );
        let e = json!({"experiences": [{"company_name": "Acme", "start_at": "2019-03", "currently_employed": true}]});
        assert_eq!(
            in_lang(Lang::En, || summarize(&AnswerKind::Experience, &e)),
            "1: Acme, 2019-03 – now"
        );
    }
}
