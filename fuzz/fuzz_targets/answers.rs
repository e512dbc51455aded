//! The answers file: `parse_user_json` (as `forms apply --answers` reads it), then `prepare`
//! (resolution, `check_answer` per kind, the variant A/B bodies) against a realistic form with
//! one question of every kind (ids 9001.., answer options on radio, dropdown and checkbox, plus
//! one kind this tool does not know), and against the same form without ids.
//!
//! Input: the answers file's bytes.
//!
//! Checks, besides "no panic":
//! - `Err` always lists at least one problem, and every problem and warning prints;
//! - `Ok` is a body of the variant it says: A has a boolean `privacy` and items whose
//!   `question_id` is one of the form's ids; B has no `question_id`; answers are in form order,
//!   each question at most once;
//! - the answers file rebuilt from an `Ok` (`answers_file`, what the wizard saves) prepares to
//!   the same body, and its review table renders;
//! - `check_answer` of any JSON value against any question does not panic.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use recruit::api::Question;
use recruit::apply::kinds::KNOWN_KINDS;
use recruit::apply::{
    answers_file, check_answer, normalize_answer, prepare, summarize, AnswerKind, Prepared, Variant,
};
use serde_json::Value;

fn form(with_ids: bool) -> Vec<Question> {
    let mut kinds: Vec<&str> = KNOWN_KINDS.to_vec();
    kinds.push("signature_pad"); // a kind the service may add: passed through with a warning
    kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let options: Option<&[&str]> = match *kind {
                "dropdown" => Some(&["LinkedIn", "Referral", "Job board"]),
                "radio" => Some(&["Yes", "No"]),
                "checkbox" => Some(&["Rust", "Go", "Python"]),
                _ => None,
            };
            let basic = matches!(*kind, "name" | "email" | "phone" | "resume");
            Question {
                id: with_ids.then_some(9001 + i as i64),
                kind: Some(kind.to_string()),
                title: Some(format!("Question {} ({kind})", i + 1)),
                order: Some(i as i64 + 1),
                // The basics and every third question are required.
                required: Some(basic || i % 3 == 0),
                answer_options: options.map(|o| o.iter().map(|s| s.to_string()).collect()),
                ..Default::default()
            }
        })
        .collect()
}

fn forms() -> &'static [Vec<Question>; 2] {
    static FORMS: OnceLock<[Vec<Question>; 2]> = OnceLock::new();
    FORMS.get_or_init(|| [form(true), form(false)])
}

fn check_prepared(questions: &[Question], file: &Value, requested: Variant, p: &Prepared) {
    let body = p.body.as_object().expect("the body is an object");
    let ids: Vec<i64> = questions.iter().filter_map(|q| q.id).collect();
    let items = body.get("questions").and_then(Value::as_array);
    match p.variant {
        Variant::A => {
            assert_eq!(requested, Variant::A, "B is never turned into A");
            assert!(body.get("privacy").is_some_and(Value::is_boolean));
            for item in items.expect("variant A always has questions") {
                let id = item["question_id"].as_i64().expect("question_id");
                assert!(ids.contains(&id), "unknown id {id}");
            }
        }
        Variant::B => {
            for item in items.into_iter().flatten() {
                assert!(item.get("question_id").is_none());
            }
        }
    }
    // Each question at most once, in form order.
    let idx: Vec<usize> = p.answers.iter().map(|a| a.index).collect();
    assert!(idx.windows(2).all(|w| w[0] < w[1]), "{idx:?}");
    assert!(idx.iter().all(|&i| i < questions.len()));
    for a in &p.answers {
        let kind = AnswerKind::parse(questions[a.index].kind());
        let _ = summarize(&kind, &a.answer);
        let _ = normalize_answer(&kind, &a.answer, p.variant);
    }
    // What the wizard would save prepares to the same request.
    let saved = answers_file(questions, &p.answers, p.privacy);
    let again = prepare(questions, &saved, requested)
        .unwrap_or_else(|r| panic!("saved file refused: {:?}\nfrom {file}", r.problems));
    assert_eq!(again.variant, p.variant);
    assert_eq!(again.body, p.body, "from {file}");
    let _ = recruit::wizard::review(questions, &p.answers, p.privacy, 80);
}

fuzz_target!(|data: &[u8]| {
    let Ok(file) = recruit::commands::parse_user_json(data, "the answers file") else {
        return;
    };
    let [with_ids, idless] = forms();
    for (questions, requested) in [
        (with_ids, Variant::A),
        (with_ids, Variant::B),
        (idless, Variant::A),
    ] {
        match prepare(questions, &file, requested) {
            Ok(p) => {
                for w in p.warnings.iter().chain(&p.notes) {
                    let _ = w.len();
                }
                check_prepared(questions, &file, requested, &p);
            }
            Err(report) => {
                assert!(!report.problems.is_empty(), "Err without a problem");
                for p in &report.problems {
                    let _ = p.to_string();
                }
            }
        }
    }
    // Any value as the answer to any question (the wizard's path into check_answer).
    let answers: Vec<&Value> = match file.get("questions").and_then(Value::as_array) {
        Some(items) => items.iter().filter_map(|i| i.get("answer")).collect(),
        None => vec![&file],
    };
    for answer in answers.into_iter().take(4) {
        for q in with_ids {
            let c = check_answer(q, answer);
            for issue in c.problems.iter().chain(&c.warnings) {
                let _ = issue.to_string();
            }
        }
    }
});
