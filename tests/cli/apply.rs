//! `recruit forms apply` and `recruit files upload`.
//!
//! 1. Table-driven checks of every answer kind of spec 4.3 (valid and invalid), through the
//!    library (`recruit::apply`).
//! 2. `prepare`: resolution by order/question_id, every problem at once, both body variants,
//!    path handling, the id-less form.
//! 3. The binary against stub servers: what the service receives, exit codes, messages.

#[allow(unused_imports)]
use crate::common::*;

use recruit::api::Question;
use recruit::apply::{check_answer, prepare, Subject, Variant};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// 1. Every kind, valid and invalid.

fn question(kind: &str, required: bool, options: Option<&[&str]>) -> Question {
    Question {
        id: Some(1),
        kind: Some(kind.to_string()),
        title: Some(format!("The {kind} question")),
        order: Some(1),
        required: Some(required),
        answer_options: options.map(|o| o.iter().map(|s| s.to_string()).collect()),
        ..Default::default()
    }
}

/// (kind, required, answer_options, answer, expected: Ok or Err(substring of a problem's field))
type Case = (
    &'static str,
    bool,
    Option<&'static [&'static str]>,
    Value,
    Result<(), &'static str>,
);

const OPTS: Option<&[&str]> = Some(&["Seoul", "Busan", "Remote"]);

#[rustfmt::skip]
fn cases() -> Vec<Case> {
    vec![
        // name
        ("name", true, None, json!({"name": "Jane Doe"}), Ok(())),
        ("name", true, None, json!({"name": "김지원"}), Ok(())),
        ("name", true, None, json!({"name": ""}), Err("answer.name")),
        ("name", true, None, json!({"name": "   "}), Err("answer.name")),
        ("name", true, None, json!({}), Err("answer.name")),
        ("name", true, None, json!({"name": 7}), Err("answer.name")),
        ("name", true, None, json!("Jane"), Err("answer")),
        // email
        ("email", true, None, json!({"email": "jane@example.com"}), Ok(())),
        ("email", true, None, json!({"email": "jane"}), Err("answer.email")),
        ("email", true, None, json!({"email": "jane@example"}), Err("answer.email")),
        ("email", true, None, json!({"email": "ja ne@example.com"}), Err("answer.email")),
        ("email", true, None, json!({"email": ""}), Err("answer.email")),
        ("email", false, None, json!({"email": ""}), Err("answer.email")),
        // phone
        ("phone", true, None, json!({"phone": "010-1234-5678"}), Ok(())),
        ("phone", true, None, json!({"phone": "+82 10 1234 5678"}), Ok(())),
        ("phone", true, None, json!({"phone": ""}), Err("answer.phone")),
        ("phone", true, None, json!({"phone": "call me"}), Err("answer.phone")),
        ("phone", true, None, json!({"phone": 1012345678}), Err("answer.phone")),
        // resume
        ("resume", true, None, json!({"resume_path": "/upload/candidate/file/1/cv.pdf"}), Ok(())),
        ("resume", true, None, json!({"resume_path": "https://files.example/upload/my%20cv.pdf?sig=1"}), Ok(())),
        ("resume", true, None, json!({"resume_path": "cv.pdf"}), Err("answer.resume_path")),
        ("resume", true, None, json!({"resume_path": ""}), Err("answer.resume_path")),
        ("resume", true, None, json!({"resume_path": "ftp://files.example/cv.pdf"}), Err("answer.resume_path")),
        ("resume", true, None, json!({"resume": "/upload/cv.pdf"}), Err("answer.resume_path")),
        // experience_total
        ("experience_total", true, None, json!({"experience_total_period": 36}), Ok(())),
        ("experience_total", true, None, json!({"experience_total_period": 0}), Ok(())),
        ("experience_total", true, None, json!({"experience_total_period": "36"}), Err("answer.experience_total_period")),
        ("experience_total", true, None, json!({"experience_total_period": 1.5}), Err("answer.experience_total_period")),
        ("experience_total", true, None, json!({"experience_total_period": -1}), Err("answer.experience_total_period")),
        ("experience_total", true, None, json!({}), Err("answer.experience_total_period")),
        // desired_salary
        ("desired_salary", true, None, json!({"desired_salary": 50000000}), Ok(())),
        ("desired_salary", true, None, json!({"desired_salary": "50,000,000"}), Err("answer.desired_salary")),
        ("desired_salary", false, None, json!({"desired_salary": null}), Err("answer.desired_salary")),
        // current_salary
        ("current_salary", true, None, json!({"current_salary": 0}), Ok(())),
        ("current_salary", true, None, json!({"current_salary": 4.2e7}), Err("answer.current_salary")),
        ("current_salary", true, None, json!({"current_salary": true}), Err("answer.current_salary")),
        // gender
        ("gender", true, None, json!({"gender": "male"}), Ok(())),
        ("gender", true, None, json!({"gender": "female"}), Ok(())),
        ("gender", true, None, json!({"gender": "Female"}), Err("answer.gender")),
        ("gender", true, None, json!({"gender": "other"}), Err("answer.gender")),
        ("gender", true, None, json!({}), Err("answer.gender")),
        // birth
        ("birth", true, None, json!({"birth": "1990-02-28"}), Ok(())),
        ("birth", true, None, json!({"birth": "2000-02-29"}), Ok(())),
        ("birth", true, None, json!({"birth": "1990-02-30"}), Err("answer.birth")),
        ("birth", true, None, json!({"birth": "1999-02-29"}), Err("answer.birth")),
        ("birth", true, None, json!({"birth": "1990/02/28"}), Err("answer.birth")),
        ("birth", true, None, json!({"birth": "1990-2-28"}), Err("answer.birth")),
        ("birth", true, None, json!({"birth": "19900228"}), Err("answer.birth")),
        ("birth", true, None, json!({"birth": "2999-01-01"}), Err("answer.birth")),
        ("birth", true, None, json!({"birth": 19900228}), Err("answer.birth")),
        // profile_img
        ("profile_img", true, None, json!({"profile_img_path": "/upload/p/me.jpg"}), Ok(())),
        ("profile_img", true, None, json!({"profile_img_path": "http://files.example/upload/me.jpg"}), Ok(())),
        ("profile_img", true, None, json!({"profile_img_path": "me.jpg"}), Err("answer.profile_img_path")),
        ("profile_img", true, None, json!({"profile_img_path": ["/upload/me.jpg"]}), Err("answer.profile_img_path")),
        // address
        ("address", true, None, json!({"address": "1 Main St, Seoul"}), Ok(())),
        ("address", false, None, json!({"address": ""}), Ok(())),
        ("address", true, None, json!({"address": ""}), Err("answer.address")),
        ("address", true, None, json!({"address": {"city": "Seoul"}}), Err("answer.address")),
        // experience
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme"}]}), Ok(())),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "start_at": "2019-03", "end_at": null, "currently_employed": true, "employment_type": "full_time", "position": "Senior", "department": "R&D", "title": "Engineer"}]}), Ok(())),
        ("experience", false, None, json!({"experiences": []}), Ok(())),
        ("experience", true, None, json!({"experiences": []}), Err("answer.experiences")),
        ("experience", true, None, json!({"experiences": [{"position": "Senior"}]}), Err("answer.experiences[0].company_name")),
        ("experience", true, None, json!({"experiences": [{"company_name": ""}]}), Err("answer.experiences[0].company_name")),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "currently_employed": "yes"}]}), Err("answer.experiences[0].currently_employed")),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme"}, "Beta"]}), Err("answer.experiences[1]")),
        ("experience", true, None, json!({"experiences": "Acme"}), Err("answer.experiences")),
        // education
        ("education", true, None, json!({"educations": [{"school_name": "KAIST", "enter_at": "2010-03", "graduate_at": "2014-02", "graduate": true, "major": "CS"}]}), Ok(())),
        ("education", true, None, json!({"educations": [{"major": "CS"}]}), Err("answer.educations[0].school_name")),
        ("education", true, None, json!({"educations": [{"school_name": "KAIST", "graduate": "yes"}]}), Err("answer.educations[0].graduate")),
        ("education", true, None, json!({}), Err("answer.educations")),
        // qualification
        ("qualification", true, None, json!({"qualifications": [{"kind": "award", "name": "AWS SA", "institution_name": "AWS", "grade": "pass", "date": "2021-05-01"}]}), Ok(())),
        ("qualification", true, None, json!({"qualifications": [{"kind": "certificate", "name": "Hackathon", "institution_name": "X", "grade": "1st", "date": "2020-01-01", "content": "won"}]}), Ok(())),
        ("qualification", true, None, json!({"qualifications": [{"kind": "license", "name": "AWS SA", "institution_name": "AWS", "grade": "pass", "date": "2021-05-01"}]}), Err("answer.qualifications[0].kind")),
        ("qualification", true, None, json!({"qualifications": [{"kind": "award", "name": "AWS SA", "institution_name": "AWS", "date": "2021-05-01"}]}), Err("answer.qualifications[0].grade")),
        ("qualification", true, None, json!({"qualifications": [{"name": "AWS SA", "institution_name": "AWS", "grade": "pass", "date": "2021-05-01"}]}), Err("answer.qualifications[0].kind")),
        // training
        ("training", true, None, json!({"trainings": [{"name": "Bootcamp", "institution_name": "Camp", "start_date": "2020-01-01", "end_date": "2020-06-30"}]}), Ok(())),
        ("training", true, None, json!({"trainings": [{"name": "Bootcamp", "institution_name": "Camp", "start_date": "2020-01-01"}]}), Err("answer.trainings[0].end_date")),
        ("training", true, None, json!({"trainings": [{"name": "Bootcamp", "institution_name": "Camp", "start_date": "2020-01-01", "end_date": "2020-06-30", "content": 5}]}), Err("answer.trainings[0].content")),
        // language
        ("language", true, None, json!({"languages": [{"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": "950", "date": "2022-08-01"}]}), Ok(())),
        ("language", true, None, json!({"languages": [{"kind": "English", "institution_name": "ETS", "grade": "950", "date": "2022-08-01"}]}), Err("answer.languages[0].test_name")),
        ("language", true, None, json!({"languages": [{"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": 950, "date": "2022-08-01"}]}), Err("answer.languages[0].grade")),
        // military_service
        ("military_service", true, None, json!({"checked": false}), Ok(())),
        ("military_service", true, None, json!({"checked": true}), Ok(())),
        ("military_service", true, None, json!({"checked": true, "military_service_status": "complete"}), Ok(())),
        ("military_service", true, None, json!({"checked": true, "military_service_status": "in_service"}), Ok(())),
        ("military_service", true, None, json!({"checked": true, "military_service_status": "done"}), Err("answer.military_service_status")),
        ("military_service", true, None, json!({"checked": false, "military_service_status": "exemption"}), Err("answer.military_service_status")),
        ("military_service", true, None, json!({"military_service_status": "complete"}), Err("answer.checked")),
        ("military_service", true, None, json!({"checked": "false"}), Err("answer.checked")),
        // veteran_affair
        ("veteran_affair", true, None, json!({"checked": false}), Ok(())),
        ("veteran_affair", true, None, json!({"checked": true, "veteran_affair_code": "12-345678"}), Ok(())),
        ("veteran_affair", true, None, json!({"checked": true, "veteran_affair_code": "12345678"}), Err("answer.veteran_affair_code")),
        ("veteran_affair", true, None, json!({"checked": true, "veteran_affair_code": "1-2345678"}), Err("answer.veteran_affair_code")),
        ("veteran_affair", true, None, json!({"checked": true, "veteran_affair_code": "ab-cdefgh"}), Err("answer.veteran_affair_code")),
        ("veteran_affair", true, None, json!({"veteran_affair_code": "12-345678"}), Err("answer.checked")),
        // disability
        ("disability", true, None, json!({"checked": false}), Ok(())),
        ("disability", true, None, json!({"checked": true, "disability_type": "visual", "disability_severity": "mild"}), Ok(())),
        ("disability", true, None, json!({"checked": true, "disability_severity": "serious"}), Ok(())),
        ("disability", true, None, json!({"checked": true, "disability_severity": "severe"}), Err("answer.disability_severity")),
        ("disability", true, None, json!({"checked": true, "disability_type": 3}), Err("answer.disability_type")),
        ("disability", true, None, json!({}), Err("answer.checked")),
        // text, textarea, date_type
        ("text", true, None, json!({"value": "hello"}), Ok(())),
        ("text", false, None, json!({"value": ""}), Ok(())),
        ("text", true, None, json!({"value": ""}), Err("answer.value")),
        ("text", true, None, json!({"value": 5}), Err("answer.value")),
        ("text", true, None, json!({"text": "hello"}), Err("answer.value")),
        ("textarea", true, None, json!({"value": "line 1\nline 2"}), Ok(())),
        ("textarea", true, None, json!({"value": ["a"]}), Err("answer.value")),
        ("date_type", true, None, json!({"value": "2025-01-31"}), Ok(())),
        ("date_type", true, None, json!({}), Err("answer.value")),
        ("date_type", true, None, json!({"value": "2025.01.31"}), Ok(())),
        ("date_type", true, None, json!({"value": "2025/01/31"}), Ok(())),
        ("date_type", true, None, json!({"value": "31/01/2025"}), Err("answer.value")),
        ("date_type", true, None, json!({"value": "2025-02-30"}), Err("answer.value")),
        ("date_type", true, None, json!({"value": "next week"}), Err("answer.value")),
        // year-month and date fields of repeated groups
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "start_at": "2019.03", "end_at": "2021/11"}]}), Ok(())),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "start_at": "March 2019"}]}), Err("answer.experiences[0].start_at")),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "start_at": "2019-13"}]}), Err("answer.experiences[0].start_at")),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "start_at": "2019-03-01"}]}), Err("answer.experiences[0].start_at")),
        ("experience", true, None, json!({"experiences": [{"company_name": "Acme", "start_at": "2021-03", "end_at": "2019-03"}]}), Err("answer.experiences[0].end_at")),
        ("education", true, None, json!({"educations": [{"school_name": "KAIST", "enter_at": "2014-03", "graduate_at": "2010-02"}]}), Err("answer.educations[0].graduate_at")),
        ("training", true, None, json!({"trainings": [{"name": "Bootcamp", "institution_name": "Camp", "start_date": "2020-06-30", "end_date": "2020-01-01"}]}), Err("answer.trainings[0].end_date")),
        ("qualification", true, None, json!({"qualifications": [{"kind": "award", "name": "AWS SA", "institution_name": "AWS", "grade": "pass", "date": "May 2021"}]}), Err("answer.qualifications[0].date")),
        ("language", true, None, json!({"languages": [{"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": "900", "date": "2021-5-1"}]}), Err("answer.languages[0].date")),
        // dropdown, radio
        ("dropdown", true, OPTS, json!({"value": "Busan"}), Ok(())),
        ("dropdown", true, OPTS, json!({"value": "Daegu"}), Err("answer.value")),
        ("dropdown", true, OPTS, json!({"value": "busan"}), Err("answer.value")),
        ("dropdown", true, None, json!({"value": "anything"}), Ok(())),
        ("dropdown", true, Some(&[]), json!({"value": "anything"}), Ok(())),
        ("radio", true, OPTS, json!({"value": "Remote"}), Ok(())),
        ("radio", true, OPTS, json!({"value": ""}), Err("answer.value")),
        ("radio", true, OPTS, json!({"values": ["Remote"]}), Err("answer.value")),
        // checkbox
        ("checkbox", true, OPTS, json!({"values": ["Seoul", "Remote"]}), Ok(())),
        ("checkbox", false, OPTS, json!({"values": []}), Ok(())),
        ("checkbox", true, OPTS, json!({"values": []}), Err("answer.values")),
        ("checkbox", true, OPTS, json!({"values": ["Daegu"]}), Err("answer.values[0]")),
        ("checkbox", true, OPTS, json!({"values": ["Seoul", "Seoul"]}), Err("answer.values[1]")),
        ("checkbox", true, OPTS, json!({"values": "Seoul"}), Err("answer.values")),
        ("checkbox", true, None, json!({"values": ["free text"]}), Ok(())),
        ("checkbox", true, None, json!({"values": [1]}), Err("answer.values[0]")),
        // link
        ("link", true, None, json!({"links": ["https://github.com/jane"]}), Ok(())),
        ("link", true, None, json!({"links": []}), Err("answer.links")),
        ("link", true, None, json!({"links": [""]}), Err("answer.links[0]")),
        ("link", true, None, json!({"links": "https://github.com/jane"}), Err("answer.links")),
        // file_upload
        ("file_upload", true, None, json!({"links": ["/upload/a.pdf", "https://files.example/upload/b%20c.pdf"]}), Ok(())),
        ("file_upload", true, None, json!({"links": ["a.pdf"]}), Err("answer.links[0]")),
        ("file_upload", true, None, json!({"links": []}), Err("answer.links")),
        ("file_upload", true, None, json!({"links": [{"path": "/upload/a.pdf"}]}), Err("answer.links[0]")),
    ]
}

#[test]
fn every_kind_of_spec_4_3_has_valid_and_invalid_cases() {
    let cases = cases();
    for kind in recruit::apply::kinds::KNOWN_KINDS {
        let valid = cases.iter().any(|c| c.0 == *kind && c.4.is_ok());
        let invalid = cases.iter().any(|c| c.0 == *kind && c.4.is_err());
        assert!(
            valid && invalid,
            "kind {kind} lacks a valid or an invalid case"
        );
    }
}

#[test]
fn answers_are_checked_by_kind_table() {
    let mut failures = Vec::new();
    for (kind, required, options, answer, expected) in cases() {
        let q = question(kind, required, options);
        let checked = check_answer(&q, &answer);
        match expected {
            Ok(()) if !checked.problems.is_empty() => failures.push(format!(
                "{kind} {answer}: expected valid, got {:?}",
                checked.problems
            )),
            // Exactly the field named, and only it: a check that found the wrong thing (or
            // more than it should) fails too.
            Err(field)
                if checked.problems.is_empty()
                    || checked.problems.iter().any(|p| p.field != field) =>
            {
                failures.push(format!(
                    "{kind} {answer}: expected a problem at {field} only, got {:?}",
                    checked.problems
                ))
            }
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unknown_answer_fields_and_kinds_are_warnings_not_problems() {
    let q = question("name", true, None);
    let c = check_answer(&q, &json!({"name": "Jane", "nickname": "J"}));
    assert!(c.problems.is_empty());
    assert_eq!(c.warnings.len(), 1);
    assert_eq!(c.warnings[0].field, "answer.nickname");

    let q = question("signature", true, None);
    let c = check_answer(&q, &json!({"whatever": 1}));
    assert!(c.problems.is_empty());
    assert!(c.warnings[0].message.contains("signature"));
}

// ---------------------------------------------------------------------------------------------
// 2. prepare(): resolution, all problems at once, the two variants, paths, id-less forms.

fn q(id: Option<i64>, order: i64, kind: &str, title: &str, required: bool) -> Question {
    Question {
        id,
        kind: Some(kind.into()),
        title: Some(title.into()),
        order: Some(order),
        required: Some(required),
        ..Default::default()
    }
}

/// A form with ids: name, email, phone, resume, desired salary, portfolio (file upload, optional),
/// location (radio), profile image (optional).
fn form_with_ids() -> Vec<Question> {
    let mut radio = q(Some(107), 7, "radio", "Location", false);
    radio.answer_options = Some(vec!["Seoul".into(), "Remote".into()]);
    vec![
        q(Some(101), 1, "name", "Name", true),
        q(Some(102), 2, "email", "Email", true),
        q(Some(103), 3, "phone", "Phone", true),
        q(Some(104), 4, "resume", "Resume", true),
        q(Some(105), 5, "desired_salary", "Desired salary", false),
        q(Some(106), 6, "file_upload", "Portfolio", false),
        radio,
        q(Some(108), 8, "profile_img", "Photo", false),
    ]
}

fn basics_by_order() -> Vec<Value> {
    vec![
        json!({"order": 1, "answer": {"name": "Jane Doe"}}),
        json!({"order": 2, "kind": "email", "answer": {"email": "jane@example.com"}}),
        json!({"order": 3, "answer": {"phone": "010-1234-5678"}}),
        json!({"order": 4, "answer": {"resume_path": "https://files.example/upload/candidate/my%20cv.pdf?X-Sig=abc"}}),
    ]
}

fn file_of(items: Vec<Value>) -> Value {
    json!({"privacy": true, "questions": items})
}

#[test]
fn variant_a_body_names_questions_by_question_id_and_decodes_paths() {
    let mut items = basics_by_order();
    items.push(json!({"question_id": 107, "answer": {"value": "Remote"}}));
    items.push(json!({"question_id": 106, "answer": {"links": ["https://files.example/upload/a%2Bb.pdf", "/upload/plain.pdf"]}}));
    let p = prepare(&form_with_ids(), &file_of(items), Variant::A).expect("valid");
    assert_eq!(p.variant, Variant::A);
    assert!(p.remarks.notes.is_empty());
    assert_eq!(
        p.body,
        json!({
            "privacy": true,
            "questions": [
                {"question_id": 101, "kind": "name", "answer": {"name": "Jane Doe"}},
                {"question_id": 102, "kind": "email", "answer": {"email": "jane@example.com"}},
                {"question_id": 103, "kind": "phone", "answer": {"phone": "010-1234-5678"}},
                {"question_id": 104, "kind": "resume", "answer": {"resume_path": "/upload/candidate/my cv.pdf"}},
                {"question_id": 106, "kind": "file_upload", "answer": {"links": ["/upload/a+b.pdf", "/upload/plain.pdf"]}},
                {"question_id": 107, "kind": "radio", "answer": {"value": "Remote"}},
            ]
        })
    );
}

#[test]
fn dates_are_sent_in_one_shape_and_bad_ones_name_the_field_and_shape() {
    let mut form = form_with_ids();
    form.push(q(Some(109), 9, "experience", "Experience", false));
    form.push(q(Some(110), 10, "date_type", "Start date", false));
    let mut items = basics_by_order();
    items.push(json!({"order": 9, "answer": {"experiences": [{"company_name": "Acme", "start_at": "2019.03", "end_at": "2021/11"}]}}));
    items.push(json!({"order": 10, "answer": {"value": "2026/01/05"}}));
    let p = prepare(&form, &file_of(items), Variant::A).expect("valid");
    let qs = p.body["questions"].as_array().unwrap();
    let exp = qs.iter().find(|q| q["question_id"] == 109).unwrap();
    assert_eq!(exp["answer"]["experiences"][0]["start_at"], "2019-03");
    assert_eq!(exp["answer"]["experiences"][0]["end_at"], "2021-11");
    let date = qs.iter().find(|q| q["question_id"] == 110).unwrap();
    assert_eq!(date["answer"]["value"], "2026-01-05");

    let mut items = basics_by_order();
    items.push(json!({"order": 9, "answer": {"experiences": [{"company_name": "Acme", "start_at": "spring 2019"}]}}));
    let report = prepare(&form, &file_of(items), Variant::A).expect_err("a bad year-month");
    let text = format!("{:?}", report.problems);
    assert!(text.contains("start_at"), "{text}");
    assert!(text.contains("YYYY-MM"), "{text}");
}

#[test]
fn variant_b_body_puts_the_basics_on_top_and_keeps_paths_encoded() {
    let mut items = basics_by_order();
    items.push(json!({"order": 7, "answer": {"value": "Seoul"}}));
    items.push(json!({"order": 8, "answer": {"profile_img_path": "https://files.example/upload/me%20too.jpg"}}));
    let mut file = file_of(items);
    file.as_object_mut().unwrap().remove("privacy");
    let p = prepare(&form_with_ids(), &file, Variant::B).expect("valid");
    assert_eq!(
        p.body,
        json!({
            "name": "Jane Doe",
            "email": "jane@example.com",
            "phone": "010-1234-5678",
            "resume_path": "/upload/candidate/my%20cv.pdf",
            "questions": [
                {"id": 107, "kind": "radio", "answer": {"value": "Seoul"}},
                {"id": 108, "kind": "profile_img", "answer": {"profile_img_path": "/upload/me%20too.jpg"}},
            ]
        })
    );
    // Field order of the body is the documented one.
    let keys: Vec<&String> = p.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["name", "email", "phone", "resume_path", "questions"]);
}

#[test]
fn variant_b_keeps_privacy_when_given() {
    let p = prepare(&form_with_ids(), &file_of(basics_by_order()), Variant::B).unwrap();
    assert_eq!(p.body["privacy"], json!(true));
    assert!(
        p.body.get("questions").is_none(),
        "no other answers: no questions"
    );
}

#[test]
fn every_problem_is_reported_at_once_with_question_and_field() {
    let file = json!({
        "questions": [
            {"order": 1, "answer": {"name": ""}},
            {"order": 2, "kind": "phone", "answer": {"email": "jane@example.com"}},
            {"order": 5, "answer": {"desired_salary": "5000"}},
            {"order": 7, "answer": {"value": "Mars"}},
            {"order": 42, "answer": {"value": "x"}},
            {"question_id": 999, "answer": {"value": "x"}},
            {"answer": {"value": "x"}},
            {"order": 1, "answer": {"name": "Again"}},
            "not an item"
        ]
    });
    let report = prepare(&form_with_ids(), &file, Variant::A).unwrap_err();
    let lines: Vec<String> = report.problems.iter().map(|p| p.to_string()).collect();
    let text = lines.join("\n");
    let expect = [
        r#"question 1 "Name" (name): answer.name: must not be empty"#,
        r#"question 2 "Email" (email): kind: "phone" does not match the form's kind "email""#,
        r#"question 5 "Desired salary" (desired_salary): answer.desired_salary: must be a whole number, got string "5000" (write the number without quotes)"#,
        r#"question 7 "Location" (radio): answer.value: "Mars" is not one of the choices: "Seoul", "Remote""#,
        "questions[4]: order: the form has no question with order 42 (orders: 1 to 8)",
        "questions[5]: question_id: the form has no question with id 999",
        "questions[6]: names no question",
        r#"question 1 "Name" (name): answered twice (questions[0] and questions[7])"#,
        "questions[8]: must be an object",
        r#"question 3 "Phone" (phone): required but not answered"#,
        r#"question 4 "Resume" (resume): required but not answered"#,
        "privacy: missing: request variant A requires",
    ];
    for e in expect {
        assert!(text.contains(e), "missing {e:?} in:\n{text}");
    }
    // The email question was named with a wrong kind: reported once, as such.
    assert_eq!(
        report
            .problems
            .iter()
            .filter(|p| matches!(&p.subject, Subject::Question { order: 2, .. }))
            .count(),
        1,
        "{text}"
    );
    assert_eq!(lines.len(), expect.len(), "{text}");
}

#[test]
fn privacy_must_be_a_boolean() {
    let mut file = file_of(basics_by_order());
    file["privacy"] = json!("yes");
    let report = prepare(&form_with_ids(), &file, Variant::A).unwrap_err();
    assert_eq!(report.problems.len(), 1);
    assert_eq!(
        report.problems[0].to_string(),
        r#"privacy: must be true or false, got string "yes""#
    );
}

#[test]
fn the_file_must_be_an_object_with_a_questions_array() {
    let r = prepare(&form_with_ids(), &json!([1, 2]), Variant::A).unwrap_err();
    assert!(r.problems[0].to_string().contains("must be a JSON object"));
    let r = prepare(
        &form_with_ids(),
        &json!({"privacy": true, "questions": {}}),
        Variant::A,
    )
    .unwrap_err();
    assert!(r.problems[0]
        .to_string()
        .starts_with("questions: must be an array"));
}

#[test]
fn order_and_question_id_must_agree() {
    let mut items = basics_by_order();
    items.push(json!({"order": 5, "question_id": 107, "answer": {"desired_salary": 1}}));
    let r = prepare(&form_with_ids(), &file_of(items), Variant::A).unwrap_err();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert!(r.problems[0]
        .to_string()
        .contains("question_id 107 is question 7"));
}

#[test]
fn orders_default_to_positions_when_absent() {
    let mut qs = form_with_ids();
    for q in &mut qs {
        q.order = None;
    }
    let p = prepare(&qs, &file_of(basics_by_order()), Variant::A).unwrap();
    assert_eq!(p.body["questions"][3]["question_id"], json!(104));
}

fn idless_form() -> Vec<Question> {
    vec![
        q(None, 1, "name", "Name", true),
        q(None, 2, "email", "Email", true),
        q(None, 3, "phone", "Phone", true),
        q(None, 4, "resume", "Resume", true),
        q(None, 5, "text", "Why us?", false),
        q(None, 6, "experience", "Experience", true),
    ]
}

#[test]
fn idless_form_switches_to_variant_b_with_a_note() {
    let p = prepare(&idless_form(), &file_of(basics_by_order()), Variant::A).unwrap();
    assert_eq!(p.variant, Variant::B);
    assert!(
        p.remarks.notes[0].contains("carry no ids"),
        "{:?}",
        p.remarks.notes
    );
    assert!(
        p.remarks
            .warnings
            .iter()
            .any(|w| w.contains(r#"question 6 "Experience""#)),
        "required but unaddressable question is a warning: {:?}",
        p.remarks.warnings
    );
    assert_eq!(
        p.body,
        json!({
            "name": "Jane Doe",
            "email": "jane@example.com",
            "phone": "010-1234-5678",
            "resume_path": "/upload/candidate/my%20cv.pdf",
            "privacy": true
        })
    );
}

#[test]
fn idless_form_refuses_other_answers_by_name() {
    let mut items = basics_by_order();
    items.push(json!({"order": 5, "answer": {"value": "Because"}}));
    let r = prepare(&idless_form(), &file_of(items), Variant::A).unwrap_err();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    let line = r.problems[0].to_string();
    assert!(
        line.starts_with(r#"question 5 "Why us?" (text): cannot be sent"#),
        "{line}"
    );
    assert!(line.contains("questions[4]"), "{line}");
}

#[test]
fn idless_form_questions_can_only_be_named_by_order() {
    let mut items = basics_by_order();
    items[0] = json!({"question_id": 1, "answer": {"name": "Jane"}});
    let r = prepare(&idless_form(), &file_of(items), Variant::B).unwrap_err();
    let text: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
    assert!(
        text[0].starts_with("questions[0]: question_id: the form's questions carry no ids"),
        "{text:?}"
    );
}

#[test]
fn variant_b_requires_the_four_basic_fields() {
    let mut qs = form_with_ids();
    qs[3].required = Some(false); // resume optional in the form, but B needs resume_path
    let items: Vec<Value> = basics_by_order().into_iter().take(3).collect();
    let r = prepare(&qs, &file_of(items.clone()), Variant::B).unwrap_err();
    assert_eq!(r.problems.len(), 1);
    assert!(r.problems[0]
        .to_string()
        .contains("request variant B requires `resume_path`"));
    // Variant A is fine without it.
    assert!(prepare(&qs, &file_of(items), Variant::A).is_ok());
}

#[test]
fn answers_file_round_trips_through_prepare() {
    let qs = form_with_ids();
    let p = prepare(&qs, &file_of(basics_by_order()), Variant::A).unwrap();
    let file = recruit::apply::answers_file(&qs, &p.answers, Some(true));
    assert_eq!(
        file["questions"][0],
        json!({"question_id": 101, "kind": "name", "answer": {"name": "Jane Doe"}})
    );
    let again = prepare(&qs, &file, Variant::A).unwrap();
    assert_eq!(again.body, p.body);

    let idless = idless_form();
    let p = prepare(&idless, &file_of(basics_by_order()), Variant::B).unwrap();
    let file = recruit::apply::answers_file(&idless, &p.answers, Some(true));
    assert_eq!(file["questions"][0]["order"], json!(1));
    assert!(file["questions"][0].get("question_id").is_none());
    assert_eq!(prepare(&idless, &file, Variant::B).unwrap().body, p.body);
}

#[test]
fn path_values_follow_the_variant() {
    use recruit::apply::answer_path;
    let url =
        "https://files.example/upload/candidate/file/1/temp/1622473200/my%20cv%2B1.pdf?sig=x#f";
    assert_eq!(
        answer_path(url, Variant::A),
        "/upload/candidate/file/1/temp/1622473200/my cv+1.pdf"
    );
    assert_eq!(
        answer_path(url, Variant::B),
        "/upload/candidate/file/1/temp/1622473200/my%20cv%2B1.pdf"
    );
    // A path is sent as given in both.
    assert_eq!(
        answer_path("/upload/a%20b.pdf", Variant::A),
        "/upload/a%20b.pdf"
    );
    assert_eq!(
        answer_path("/upload/a b.pdf", Variant::B),
        "/upload/a b.pdf"
    );
}

// The request bodies of spec 4.3 as answers files: variant B's top-level fields, `id`, items
// named by kind, question ids of the basic kinds on a form without ids.

/// A variant-B body: the basics at the top level, other answers by `id`.
fn variant_b_file() -> Value {
    json!({
        "name": "Jane Doe",
        "email": "jane@example.com",
        "phone": "010-1234-5678",
        "resume_path": "https://files.example/upload/candidate/my%20cv.pdf?X-Sig=abc",
        "privacy": true,
        "questions": [{"id": 107, "kind": "radio", "answer": {"value": "Remote"}}]
    })
}

#[test]
fn variant_b_body_as_the_file_goes_as_variant_a_with_question_ids() {
    let p = prepare(&form_with_ids(), &variant_b_file(), Variant::A).expect("valid");
    assert_eq!(p.variant, Variant::A);
    assert!(p.remarks.notes.is_empty(), "{:?}", p.remarks.notes);
    assert!(p.remarks.warnings.is_empty(), "{:?}", p.remarks.warnings);
    assert_eq!(
        p.body,
        json!({
            "privacy": true,
            "questions": [
                {"question_id": 101, "kind": "name", "answer": {"name": "Jane Doe"}},
                {"question_id": 102, "kind": "email", "answer": {"email": "jane@example.com"}},
                {"question_id": 103, "kind": "phone", "answer": {"phone": "010-1234-5678"}},
                {"question_id": 104, "kind": "resume", "answer": {"resume_path": "/upload/candidate/my cv.pdf"}},
                {"question_id": 107, "kind": "radio", "answer": {"value": "Remote"}},
            ]
        })
    );
    // The same as the variant A file naming every question.
    let mut items = basics_by_order();
    items.push(json!({"question_id": 107, "answer": {"value": "Remote"}}));
    let a = prepare(&form_with_ids(), &file_of(items), Variant::A).unwrap();
    assert_eq!(a.body, p.body);
}

#[test]
fn variant_b_body_as_the_file_goes_as_variant_b_unchanged() {
    let p = prepare(&form_with_ids(), &variant_b_file(), Variant::B).expect("valid");
    assert_eq!(
        p.body,
        json!({
            "name": "Jane Doe",
            "email": "jane@example.com",
            "phone": "010-1234-5678",
            "resume_path": "/upload/candidate/my%20cv.pdf",
            "privacy": true,
            "questions": [{"id": 107, "kind": "radio", "answer": {"value": "Remote"}}]
        })
    );
    // `questions` and `privacy` are optional in variant B.
    let mut file = variant_b_file();
    file.as_object_mut().unwrap().remove("questions");
    file.as_object_mut().unwrap().remove("privacy");
    let p = prepare(&form_with_ids(), &file, Variant::B).unwrap();
    let keys: Vec<&String> = p.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["name", "email", "phone", "resume_path"]);
}

#[test]
fn variant_b_body_without_privacy_goes_as_variant_a_with_privacy_false_and_a_warning() {
    let mut file = variant_b_file();
    file.as_object_mut().unwrap().remove("privacy");
    file.as_object_mut().unwrap().remove("questions");
    let p = prepare(&form_with_ids(), &file, Variant::A).expect("valid");
    assert_eq!(p.body["privacy"], json!(false));
    assert_eq!(p.privacy, Some(false));
    assert_eq!(p.body["questions"].as_array().unwrap().len(), 4);
    assert!(
        p.remarks
            .warnings
            .iter()
            .any(|w| w.contains("no `privacy`") && w.contains("\"privacy\": false")),
        "{:?}",
        p.remarks.warnings
    );
    // A variant A file still needs both.
    let r = prepare(&form_with_ids(), &json!({"privacy": true}), Variant::A).unwrap_err();
    assert!(
        r.problems[0].to_string().starts_with("questions: missing"),
        "{:?}",
        r.problems
    );
}

#[test]
fn top_level_fields_are_checked_like_answers() {
    let mut file = variant_b_file();
    file["email"] = json!("jane@");
    file["phone"] = json!(1012345678);
    file["resume_path"] = json!("cv.pdf");
    file["questions"] = json!([{"order": 1, "answer": {"name": "Jane again"}}]);
    let r = prepare(&form_with_ids(), &file, Variant::A).unwrap_err();
    let text: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
    let expect = [
        r#"question 2 "Email" (email): email: "jane@" does not look like an e-mail address"#,
        r#"question 3 "Phone" (phone): phone: must be a string"#,
        r#"question 4 "Resume" (resume): resume_path: "#,
        r#"question 1 "Name" (name): answered twice (top-level `name` and questions[0])"#,
    ];
    for e in expect {
        assert!(
            text.iter().any(|t| t.starts_with(e)),
            "missing {e:?} in {text:#?}"
        );
    }
    assert_eq!(text.len(), expect.len(), "{text:#?}");
}

#[test]
fn top_level_field_without_a_question_stays_a_top_level_field() {
    // The form has no phone question.
    let qs: Vec<Question> = form_with_ids()
        .into_iter()
        .filter(|q| q.kind() != "phone")
        .collect();
    let p = prepare(&qs, &variant_b_file(), Variant::A).expect("valid");
    assert_eq!(p.body["phone"], json!("010-1234-5678"));
    let ids: Vec<i64> = p.body["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["question_id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [101, 102, 104, 107]);
    assert!(
        p.remarks
            .notes
            .iter()
            .any(|n| n.contains("no question of kind phone")),
        "{:?}",
        p.remarks.notes
    );
    let p = prepare(&qs, &variant_b_file(), Variant::B).expect("valid");
    assert_eq!(p.body["phone"], json!("010-1234-5678"));
    // ...and is checked all the same.
    let mut file = variant_b_file();
    file["phone"] = json!("call me");
    let r = prepare(&qs, &file, Variant::A).unwrap_err();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert_eq!(
        r.problems[0].to_string(),
        r#"phone: "call me" has no digits"#
    );
}

#[test]
fn top_level_field_with_several_questions_of_its_kind_is_a_problem() {
    let mut qs = form_with_ids();
    qs.push(q(Some(109), 9, "email", "Work email", false));
    let r = prepare(&qs, &variant_b_file(), Variant::A).unwrap_err();
    let text: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        text,
        [
            r#"email: the form has 2 questions of kind email (orders 2 and 9); answer each in "questions" and name the question by "question_id" or "order""#,
            r#"question 2 "Email" (email): required but not answered"#,
        ]
    );
}

#[test]
fn items_may_name_their_question_by_kind_alone() {
    let file = json!({"privacy": true, "questions": [
        {"kind": "name", "answer": {"name": "Jane Doe"}},
        {"kind": "email", "answer": {"email": "jane@example.com"}},
        {"kind": "phone", "answer": {"phone": "010-1234-5678"}},
        {"kind": "resume", "answer": {"resume_path": "/upload/cv.pdf"}},
        {"kind": "radio", "answer": {"value": "Seoul"}},
    ]});
    let p = prepare(&form_with_ids(), &file, Variant::A).expect("valid");
    let ids: Vec<(i64, &str)> = p.body["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["question_id"].as_i64().unwrap(),
                q["kind"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        ids,
        [
            (101, "name"),
            (102, "email"),
            (103, "phone"),
            (104, "resume"),
            (107, "radio")
        ]
    );
    assert_eq!(p.body["questions"][4]["answer"], json!({"value": "Seoul"}));
}

#[test]
fn an_ambiguous_or_unknown_kind_asks_for_question_id_or_order() {
    let mut qs = form_with_ids();
    qs.push(q(Some(109), 9, "text", "Current company", false));
    qs.push(q(Some(110), 10, "text", "Job title", false));
    let mut items = basics_by_order();
    items.push(json!({"kind": "text", "answer": {"value": "Acme"}}));
    items.push(json!({"kind": "gender", "answer": {"gender": "female"}}));
    items.push(json!({"kind": null, "order": null, "answer": {"value": "x"}}));
    let r = prepare(&qs, &file_of(items), Variant::A).unwrap_err();
    let text: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        text,
        [
            r#"questions[4]: kind: the form has 2 questions of kind "text" (orders 9 and 10); name the question by "question_id" or "order" instead"#,
            r#"questions[5]: kind: the form has no question of kind "gender""#,
            r#"questions[6]: names no question: give "question_id" or "order" (or "kind" alone, when the form has one question of that kind)"#,
        ]
    );
    // On a form without ids, only the order can tell them apart.
    let mut qs = idless_form();
    qs.push(q(None, 7, "text", "Job title", false));
    let mut items = basics_by_order();
    items.push(json!({"kind": "text", "answer": {"value": "Acme"}}));
    let r = prepare(&qs, &file_of(items), Variant::A).unwrap_err();
    assert_eq!(
        r.problems[0].to_string(),
        r#"questions[4]: kind: the form has 2 questions of kind "text" (orders 5 and 7); name the question by "order" instead"#
    );
}

#[test]
fn idless_form_resolves_question_ids_of_the_basic_kinds_by_kind() {
    let file = json!({"privacy": true, "questions": [
        {"question_id": 11, "kind": "name", "answer": {"name": "Jane Doe"}},
        {"question_id": 12, "kind": "email", "answer": {"email": "jane@example.com"}},
        {"id": 13, "kind": "phone", "answer": {"phone": "010-1234-5678"}},
        {"question_id": 14, "order": 4, "kind": "resume", "answer": {"resume_path": "/upload/cv.pdf"}},
    ]});
    let p = prepare(&idless_form(), &file, Variant::A).expect("valid");
    assert_eq!(p.variant, Variant::B);
    assert_eq!(
        p.body,
        json!({"name": "Jane Doe", "email": "jane@example.com", "phone": "010-1234-5678",
               "resume_path": "/upload/cv.pdf", "privacy": true})
    );
    let unchecked: Vec<&String> = p
        .remarks
        .warnings
        .iter()
        .filter(|w| w.contains("cannot be checked"))
        .collect();
    assert_eq!(unchecked.len(), 4, "{:?}", p.remarks.warnings);
    assert_eq!(
        unchecked[0],
        r#"questions[0]: question_id 11 cannot be checked, as the form's questions carry no ids; answering question 1 "Name" (name) by its kind"#
    );
    assert!(unchecked[3].ends_with("by its order"), "{}", unchecked[3]);

    // Other kinds still cannot be addressed: named, never dropped.
    let mut with_text = file.clone();
    with_text["questions"]
        .as_array_mut()
        .unwrap()
        .push(json!({"question_id": 15, "kind": "text", "answer": {"value": "Because"}}));
    let r = prepare(&idless_form(), &with_text, Variant::A).unwrap_err();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert!(r.problems[0]
        .to_string()
        .starts_with("questions[4]: question_id: the form's questions carry no ids"));
    // A basic kind that does not match the order it gives is still refused.
    let mut wrong = file;
    wrong["questions"][0]["order"] = json!(2);
    let r = prepare(&idless_form(), &wrong, Variant::A).unwrap_err();
    assert!(r.problems[0]
        .to_string()
        .contains(r#"kind: "name" does not match the form's kind "email""#));
}

#[test]
fn question_id_and_id_must_agree() {
    let mut items = basics_by_order();
    items.push(json!({"question_id": 107, "id": 108, "answer": {"value": "Seoul"}}));
    let r = prepare(&form_with_ids(), &file_of(items), Variant::A).unwrap_err();
    assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
    assert_eq!(
        r.problems[0].to_string(),
        "questions[4]: id: question_id 107 and id 108 name different questions; give one of them"
    );
}

// ---------------------------------------------------------------------------------------------
// 3. The binary against a stub service.

const KEY: &str = "test-key-5b1e0c77";

fn form_json(code: &str, with_ids: bool, expired: bool) -> String {
    let id = |n: i64| if with_ids { json!(n) } else { Value::Null };
    let mut qs = vec![
        json!({"id": id(11), "kind": "name", "title": "Name", "order": 1, "required": true}),
        json!({"id": id(12), "kind": "email", "title": "Email", "order": 2, "required": true}),
        json!({"id": id(13), "kind": "phone", "title": "Phone", "order": 3, "required": true}),
        json!({"id": id(14), "kind": "resume", "title": "Resume", "order": 4, "required": true}),
        json!({"id": id(15), "kind": "desired_salary", "title": "Desired salary", "order": 5, "required": false}),
        json!({"id": id(16), "kind": "radio", "title": "Location", "order": 6, "required": false, "answer_options": ["Seoul", "Remote"]}),
    ];
    if !with_ids {
        for q in &mut qs {
            q.as_object_mut().unwrap().remove("id");
        }
    }
    json!({"resource": {
        "code": code, "title": format!("Backend engineer {code}"), "status": "in_progress",
        "open_status": !expired, "expired": expired, "end_at": "2030-01-01T00:00:00+09:00",
        "questions": qs
    }})
    .to_string()
}

const APPLICATION: &str = r#"{"resource":{"code":"AP-1","name":"Jane Doe","email":"jane@example.com","phone":"010-1234-5678","duplicate":false,"birth":null,"privacy":true,"resume_path":"/upload/cv.pdf","applied_at":"2026-01-01T00:00:00+09:00"}}"#;

/// The stub service: F1 (ids), F2 (no ids), F3 (apply answers 422), F4 (expired), uploads.
fn service() -> Stub {
    stub(|seen, _| {
        let path = seen.uri.split('?').next().unwrap_or("").to_string();
        let host = seen.header("host").unwrap_or("127.0.0.1").to_string();
        match (seen.method.as_str(), path.as_str()) {
            ("GET", "/v1/application_forms/F1") => Reply::json(200, &form_json("F1", true, false)),
            ("GET", "/v1/application_forms/F2") => Reply::json(200, &form_json("F2", false, false)),
            ("GET", "/v1/application_forms/F3") => Reply::json(200, &form_json("F3", true, false)),
            ("GET", "/v1/application_forms/F4") => Reply::json(200, &form_json("F4", true, true)),
            ("POST", "/v1/application_forms/F3/apply") => Reply::json(
                422,
                r#"{"error":"unprocessable_entity","message":"This e-mail has already applied to this posting"}"#,
            ),
            ("POST", p) if p.ends_with("/apply") => Reply::json(200, APPLICATION),
            ("POST", "/v1/upload/presign") => {
                let body: Value = serde_json::from_slice(&seen.body).unwrap_or_default();
                let name = body["filename"].as_str().unwrap_or("").replace(' ', "%20");
                Reply::json(
                    200,
                    &json!({"resource": {
                        "presigned_url": format!("http://{host}/bucket/{name}?X-Signature=s3cr3t"),
                        "file_url": format!("http://{host}/upload/candidate/file/1/temp/1622473200/{name}")
                    }})
                    .to_string(),
                )
            }
            ("PUT", p) if p.starts_with("/bucket/deny") => {
                Reply::json(403, "<Error>AccessDenied</Error>")
            }
            ("PUT", _) => Reply::json(200, ""),
            _ => Reply::json(
                404,
                r#"{"error":"not_found","message":"Resource not found"}"#,
            ),
        }
    })
}

fn run_with(home: &Home, s: &Stub, args: &[&str], stdin: Option<&str>) -> std::process::Output {
    let mut c = home.cmd();
    c.env("RECRUIT_BASE_URL", s.base())
        .env("RECRUIT_API_KEY", KEY)
        .args(args);
    if let Some(input) = stdin {
        c.write_stdin(input);
    }
    c.output().unwrap()
}

fn answers_path(home: &Home, v: &Value) -> String {
    let p = home.dir.path().join("answers.json");
    std::fs::write(&p, serde_json::to_string_pretty(v).unwrap()).unwrap();
    p.to_string_lossy().into_owned()
}

fn good_answers() -> Value {
    json!({"privacy": true, "questions": [
        {"order": 1, "answer": {"name": "Jane Doe"}},
        {"order": 2, "answer": {"email": "jane@example.com"}},
        {"order": 3, "answer": {"phone": "010-1234-5678"}},
        {"order": 4, "kind": "resume", "answer": {"resume_path": "https://files.example/upload/my%20cv.pdf"}},
        {"order": 6, "answer": {"value": "Remote"}}
    ]})
}

fn applies(s: &Stub) -> Vec<Value> {
    s.seen()
        .iter()
        .filter(|r| r.method == "POST" && r.uri.ends_with("/apply"))
        .map(|r| serde_json::from_slice(&r.body).expect("JSON body"))
        .collect()
}

#[test]
fn stub_answers_file_is_sent_as_variant_a() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &["-o", "json", "forms", "apply", "F1", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out).trim(), APPLICATION);
    let sent = applies(&s);
    assert_eq!(sent.len(), 1);
    assert_eq!(
        sent[0],
        json!({"privacy": true, "questions": [
            {"question_id": 11, "kind": "name", "answer": {"name": "Jane Doe"}},
            {"question_id": 12, "kind": "email", "answer": {"email": "jane@example.com"}},
            {"question_id": 13, "kind": "phone", "answer": {"phone": "010-1234-5678"}},
            {"question_id": 14, "kind": "resume", "answer": {"resume_path": "/upload/my cv.pdf"}},
            {"question_id": 16, "kind": "radio", "answer": {"value": "Remote"}}
        ]})
    );
    let req = s.seen().into_iter().find(|r| r.method == "POST").unwrap();
    assert_eq!(req.header("content-type"), Some("application/json"));
    assert!(!stdout_of(&out).contains(KEY) && !stderr_of(&out).contains(KEY));
}

#[test]
fn stub_variant_b_from_flag_and_from_profile() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F1", "--answers", &file, "--variant", "b"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let expected = json!({
        "name": "Jane Doe", "email": "jane@example.com", "phone": "010-1234-5678",
        "resume_path": "/upload/my%20cv.pdf", "privacy": true,
        "questions": [{"id": 16, "kind": "radio", "answer": {"value": "Remote"}}]
    });
    assert_eq!(applies(&s)[0], expected);

    let set = home
        .cmd()
        .args(["config", "set", "variant", "b"])
        .output()
        .unwrap();
    assert_eq!(set.status.code(), Some(0), "{}", stderr_of(&set));
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F1", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(applies(&s)[1], expected);
    // The flag wins over the profile.
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F1", "--answers", &file, "--variant", "a"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(applies(&s)[2].get("questions").unwrap()[0]
        .get("question_id")
        .is_some());
}

#[test]
fn stub_idless_form_goes_through_variant_b_and_says_so() {
    let s = service();
    let home = Home::new();
    let mut answers = good_answers();
    answers["questions"].as_array_mut().unwrap().pop(); // Location cannot be addressed
    let file = answers_path(&home, &answers);
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F2", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("note: the form's questions carry no ids"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(
        applies(&s)[0],
        json!({"name": "Jane Doe", "email": "jane@example.com", "phone": "010-1234-5678",
               "resume_path": "/upload/my%20cv.pdf", "privacy": true})
    );
}

#[test]
fn stub_idless_form_refuses_answers_it_cannot_address() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F2", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains(r#"question 6 "Location" (radio): cannot be sent"#),
        "{err}"
    );
    assert!(applies(&s).is_empty());
}

#[test]
fn stub_bad_answers_never_reach_the_service_and_are_all_listed() {
    let s = service();
    let home = Home::new();
    let file = answers_path(
        &home,
        &json!({"questions": [
            {"order": 1, "answer": {"name": ""}},
            {"order": 2, "answer": {"email": "not-an-email"}},
            {"order": 5, "answer": {"desired_salary": "lots"}},
            {"order": 6, "kind": "checkbox", "answer": {"values": ["Remote"]}},
            {"order": 9, "answer": {"value": "?"}}
        ]}),
    );
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F1", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    for line in [
        r#"question 1 "Name" (name): answer.name: must not be empty"#,
        r#"question 2 "Email" (email): answer.email: "not-an-email" does not look like an e-mail address"#,
        r#"question 5 "Desired salary" (desired_salary): answer.desired_salary: must be a whole number"#,
        r#"question 6 "Location" (radio): kind: "checkbox" does not match the form's kind "radio""#,
        "questions[4]: order: the form has no question with order 9",
        r#"question 3 "Phone" (phone): required but not answered"#,
        r#"question 4 "Resume" (resume): required but not answered"#,
        "privacy: missing",
        "error: the answers file has 8 problems (listed above); nothing was sent",
    ] {
        assert!(err.contains(line), "missing {line:?} in:\n{err}");
    }
    assert!(applies(&s).is_empty());
    assert!(stdout_of(&out).is_empty());
}

#[test]
fn stub_malformed_json_is_exit_2_with_line_and_column_before_any_request() {
    let s = service();
    let home = Home::new();
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F1", "--answers", "-"],
        Some("{\"privacy\": true,\n  \"questions\": [\n    {\"order\": 1,}\n  ]}"),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("line 3, column"), "{err}");
    assert!(err.contains("answers file"), "{err}");
    assert!(s.seen().is_empty(), "nothing may be requested");
}

#[test]
fn stub_missing_answers_file_is_exit_2() {
    let s = service();
    let home = Home::new();
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F1", "--answers", "/nonexistent/a.json"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("/nonexistent/a.json"));
    assert!(s.seen().is_empty());
}

#[test]
fn stub_dry_run_prints_the_body_and_sends_nothing() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &[
            "forms",
            "apply",
            "F1",
            "--answers",
            &file,
            "--dry-run",
            "--variant",
            "b",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let request: Value = serde_json::from_str(stdout_of(&out).trim()).expect("JSON on stdout");
    // The request as it would be sent: method, the whole URL, the body.
    assert_eq!(request["method"], "POST");
    assert_eq!(
        request["url"],
        format!("{}/application_forms/F1/apply", s.base())
    );
    let printed = &request["body"];
    assert_eq!(printed["resume_path"], json!("/upload/my%20cv.pdf"));
    assert_eq!(printed["questions"][0]["id"], json!(16));
    assert!(applies(&s).is_empty());
    assert!(stderr_of(&out).contains("nothing was sent"));
}

#[test]
fn stub_422_is_exit_5_with_the_service_message() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F3", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(5));
    let err = stderr_of(&out);
    assert!(
        err.contains("This e-mail has already applied to this posting"),
        "{err}"
    );
    assert!(err.contains("422"), "{err}");
    assert_eq!(applies(&s).len(), 1);
}

#[test]
fn stub_expired_form_is_warned_about_but_sent() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "F4", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(err.contains("warning: form F4 has expired"), "{err}");
    assert!(err.contains("warning: form F4 is not open"), "{err}");
    assert_eq!(applies(&s).len(), 1);
}

#[test]
fn stub_unknown_form_is_exit_3() {
    let s = service();
    let home = Home::new();
    let file = answers_path(&home, &good_answers());
    let out = run_with(
        &home,
        &s,
        &["forms", "apply", "NOPE", "--answers", &file],
        None,
    );
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
    assert!(applies(&s).is_empty());
}

#[test]
fn no_terminal_and_no_answers_is_exit_2_saying_how() {
    let s = service();
    let home = Home::new();
    let out = run_with(&home, &s, &["forms", "apply", "F1"], Some(""));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("--answers FILE"), "{err}");
    assert!(err.contains("recruit forms get F1"), "{err}");
    assert!(s.seen().is_empty());
}

#[test]
fn stub_files_upload_puts_without_authorization_and_prints_the_path() {
    let s = service();
    let home = Home::new();
    let path = home.dir.path().join("my cv.pdf");
    std::fs::write(&path, b"%PDF-1.4 test").unwrap();
    let out = run_with(
        &home,
        &s,
        &["files", "upload", path.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(
        stdout_of(&out),
        "/upload/candidate/file/1/temp/1622473200/my cv.pdf\n"
    );
    let seen = s.seen();
    let presign = seen.iter().find(|r| r.uri == "/v1/upload/presign").unwrap();
    assert_eq!(
        presign.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(
        String::from_utf8_lossy(&presign.body),
        r#"{"filename":"my cv.pdf"}"#
    );
    let put = seen.iter().find(|r| r.method == "PUT").unwrap();
    assert_eq!(put.uri, "/bucket/my%20cv.pdf?X-Signature=s3cr3t");
    assert_eq!(put.header("authorization"), None);
    assert_eq!(put.body, b"%PDF-1.4 test");

    let out = run_with(
        &home,
        &s,
        &["-o", "json", "files", "upload", path.to_str().unwrap()],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(
        v["path"],
        json!("/upload/candidate/file/1/temp/1622473200/my cv.pdf")
    );
    assert!(v["file_url"].as_str().unwrap().ends_with("/my%20cv.pdf"));
}

#[test]
fn stub_files_upload_missing_file_is_exit_2_and_a_refusing_target_is_exit_4() {
    let s = service();
    let home = Home::new();
    let out = run_with(&home, &s, &["files", "upload", "/nonexistent/cv.pdf"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("/nonexistent/cv.pdf"));
    assert!(s.seen().is_empty());

    let path = home.dir.path().join("deny.pdf");
    std::fs::write(&path, b"x").unwrap();
    let out = run_with(
        &home,
        &s,
        &["files", "upload", path.to_str().unwrap()],
        None,
    );
    // 403 from the upload target maps as the service's would (cli.md: 401/403 are exit 4).
    assert_eq!(out.status.code(), Some(4));
    let err = stderr_of(&out);
    assert!(err.contains("HTTP 403"), "{err}");
    assert!(
        !err.contains("s3cr3t"),
        "the upload signature stays out of messages: {err}"
    );
    assert!(stdout_of(&out).is_empty());
}

// ---------------------------------------------------------------------------------------------
// 4. The binary against the built-in sandbox (started in the test), checking what it received
//    through GET /_sandbox/requests and GET /_sandbox/uploads.

use recruit::sandbox::codes;

/// Answers to every question of FORM-ALLKINDS (orders 1..=27, ids 9001..=9027), by order.
fn all_kinds_answers(resume_url: &str, photo_path: &str, doc_url: &str) -> Value {
    json!({"privacy": true, "questions": [
        {"order": 1, "answer": {"name": "Jane Doe"}},
        {"order": 2, "answer": {"email": "jane.allkinds@example.com"}},
        {"order": 3, "answer": {"phone": "010-1234-5678"}},
        {"order": 4, "answer": {"resume_path": resume_url}},
        {"order": 5, "answer": {"experience_total_period": 36}},
        {"order": 6, "answer": {"desired_salary": 6000}},
        {"order": 7, "answer": {"current_salary": 5000}},
        {"order": 8, "answer": {"gender": "female"}},
        {"order": 9, "answer": {"birth": "1990-02-28"}},
        {"order": 10, "answer": {"profile_img_path": photo_path}},
        {"order": 11, "answer": {"address": "1 Main St, Seoul"}},
        {"order": 12, "answer": {"experiences": [{"company_name": "Acme", "start_at": "2019-03", "currently_employed": true, "title": "Engineer"}]}},
        {"order": 13, "answer": {"educations": [{"school_name": "KAIST", "graduate": true, "major": "CS"}]}},
        {"order": 14, "answer": {"qualifications": [{"kind": "award", "name": "AWS SA", "institution_name": "AWS", "grade": "pass", "date": "2021-05-01"}]}},
        {"order": 15, "answer": {"trainings": [{"name": "Bootcamp", "institution_name": "Camp", "start_date": "2020-01-01", "end_date": "2020-06-30"}]}},
        {"order": 16, "answer": {"languages": [{"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": "950", "date": "2022-08-01"}]}},
        {"order": 17, "answer": {"checked": true, "military_service_status": "complete"}},
        {"order": 18, "answer": {"checked": true, "veteran_affair_code": "12-345678"}},
        {"order": 19, "answer": {"checked": false}},
        {"order": 20, "answer": {"value": "Acme, Engineer"}},
        {"order": 21, "answer": {"value": "Because."}},
        {"order": 22, "answer": {"value": "LinkedIn"}},
        {"order": 23, "answer": {"value": "Yes"}},
        {"order": 24, "answer": {"value": "2026-03-01"}},
        {"order": 25, "answer": {"values": ["Rust", "Go"]}},
        {"order": 26, "answer": {"links": ["https://github.com/jane"]}},
        {"order": 27, "answer": {"links": [doc_url]}}
    ]})
}

#[test]
fn sandbox_every_kind_through_variant_a() {
    let s = TestSandbox::new();
    let (resume_path, resume_url) = s.upload("my cv.pdf", b"%PDF-1.4 resume");
    assert!(resume_url.contains("my%20cv.pdf"), "{resume_url}");
    let (photo_path, _) = s.upload("me.png", b"\x89PNG");
    let (doc_path, doc_url) = s.upload("cert+1.pdf", b"doc");
    let file = s.file(
        "answers.json",
        &all_kinds_answers(&resume_url, &photo_path, &doc_url),
    );
    let out = s.run(&[
        "-o",
        "json",
        "forms",
        "apply",
        codes::FORM_ALL_KINDS,
        "--answers",
        &file,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let app: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(app["resource"]["email"], json!("jane.allkinds@example.com"));

    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200));
    assert_eq!(
        reqs[0]["path"],
        json!(format!(
            "/v1/application_forms/{}/apply",
            codes::FORM_ALL_KINDS
        ))
    );
    let body = &reqs[0]["body"];
    assert_eq!(body["privacy"], json!(true));
    let items = body["questions"].as_array().unwrap();
    assert_eq!(items.len(), 27);
    for (i, item) in items.iter().enumerate() {
        assert_eq!(item["question_id"], json!(9001 + i as i64), "{item}");
        assert_eq!(item["kind"], json!(codes::QUESTION_KINDS[i]), "{item}");
    }
    // Paths: decoded path parts in variant A.
    assert!(resume_path.starts_with("/upload/candidate/file/1/temp/"));
    assert!(resume_path.ends_with("/my cv.pdf"));
    assert_eq!(items[3]["answer"], json!({"resume_path": resume_path}));
    assert_eq!(items[9]["answer"], json!({"profile_img_path": photo_path}));
    assert_eq!(items[26]["answer"], json!({"links": [doc_path]}));
    // Everything else exactly as written in the file.
    let file: Value = serde_json::from_str(
        &std::fs::read_to_string(s.home.dir.path().join("answers.json")).unwrap(),
    )
    .unwrap();
    for i in [
        0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    ] {
        assert_eq!(
            items[i]["answer"],
            file["questions"][i]["answer"],
            "question {}",
            i + 1
        );
    }
}

#[test]
fn sandbox_variant_b_sends_basics_on_top_and_other_answers_by_id() {
    let s = TestSandbox::new();
    let (_, resume_url) = s.upload("my cv.pdf", b"%PDF");
    let file = s.file(
        "answers.json",
        &json!({"questions": [
            {"order": 1, "answer": {"name": "Jane Doe"}},
            {"order": 2, "answer": {"email": "jane.b@example.com"}},
            {"order": 3, "answer": {"phone": "010-1234-5678"}},
            {"order": 4, "answer": {"resume_path": resume_url}},
            {"order": 5, "answer": {"experience_total_period": 12}},
            {"order": 12, "answer": {"experiences": [{"company_name": "Acme"}]}},
            {"order": 13, "answer": {"educations": [{"school_name": "KAIST"}]}},
            {"order": 21, "answer": {"value": "Because."}},
            {"order": 22, "answer": {"value": "Other"}},
            {"order": 23, "answer": {"value": "No"}}
        ]}),
    );
    let out = s.run(&[
        "forms",
        "apply",
        codes::FORM_ALL_KINDS,
        "--answers",
        &file,
        "--variant",
        "b",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let reqs = s.requests();
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    let body = &reqs[0]["body"];
    let encoded_path = url::Url::parse(&resume_url).unwrap().path().to_string();
    assert!(encoded_path.ends_with("/my%20cv.pdf"));
    assert_eq!(body["name"], json!("Jane Doe"));
    assert_eq!(body["email"], json!("jane.b@example.com"));
    assert_eq!(body["phone"], json!("010-1234-5678"));
    assert_eq!(
        body["resume_path"],
        json!(encoded_path),
        "variant B: the path part as is"
    );
    assert!(body.get("privacy").is_none());
    let ids: Vec<i64> = body["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [9005, 9012, 9013, 9021, 9022, 9023]);
    assert!(body["questions"][0].get("question_id").is_none());
}

fn noids_basics(email: &str) -> Vec<Value> {
    vec![
        json!({"order": 1, "answer": {"name": "Min Park"}}),
        json!({"order": 2, "answer": {"email": email}}),
        json!({"order": 3, "answer": {"phone": "010-9999-0000"}}),
        json!({"order": 4, "answer": {"resume_path": "/upload/candidate/file/1/temp/1/cv.pdf"}}),
    ]
}

#[test]
fn sandbox_idless_form_sends_the_basics_through_variant_b() {
    let s = TestSandbox::new();
    let file = s.file(
        "answers.json",
        &json!({"privacy": true, "questions": noids_basics("min@example.com")}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("variant B"), "{}", stderr_of(&out));
    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    assert_eq!(
        reqs[0]["body"],
        json!({"name": "Min Park", "email": "min@example.com", "phone": "010-9999-0000",
               "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf", "privacy": true})
    );
}

#[test]
fn sandbox_idless_form_refuses_other_answers_by_name_and_sends_nothing() {
    let s = TestSandbox::new();
    let mut items = noids_basics("min@example.com");
    items.push(json!({"order": 5, "answer": {"value": "Hello, I am Min."}}));
    let file = s.file(
        "answers.json",
        &json!({"privacy": true, "questions": items}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains(r#"question 5 "Introduce yourself briefly" (textarea): cannot be sent"#),
        "{err}"
    );
    // Named by question_id: impossible without ids.
    let mut items = noids_basics("min@example.com");
    items[0] = json!({"question_id": 1, "answer": {"name": "Min Park"}});
    let file = s.file(
        "answers2.json",
        &json!({"privacy": true, "questions": items}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("name the question by \"order\""),
        "{}",
        stderr_of(&out)
    );
    assert!(s.requests().is_empty());
}

#[test]
fn sandbox_bad_answers_never_reach_the_service() {
    let s = TestSandbox::new();
    let file = s.file(
        "answers.json",
        &json!({"privacy": "yes", "questions": [
            {"order": 1, "answer": {"name": "Jane"}},
            {"order": 2, "answer": {"email": "jane@"}},
            {"order": 4, "answer": {"resume_path": "cv.pdf"}},
            {"order": 5, "answer": {"experience_total_period": "3 years"}},
            {"order": 8, "answer": {"gender": "f"}},
            {"order": 9, "answer": {"birth": "1990-13-01"}},
            {"order": 17, "answer": {"checked": true, "military_service_status": "done"}},
            {"order": 18, "answer": {"checked": true, "veteran_affair_code": "12345678"}},
            {"order": 19, "answer": {"checked": true, "disability_severity": "severe"}},
            {"order": 22, "answer": {"value": "Billboard"}},
            {"order": 25, "answer": {"values": ["Cobol"]}},
            {"order": 14, "answer": {"qualifications": [{"kind": "license"}]}}
        ]}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_ALL_KINDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    for needle in [
        "question 2 \"Email address\" (email): answer.email",
        "question 4 \"Resume / CV\" (resume): answer.resume_path",
        "question 5 \"Total work experience\" (experience_total): answer.experience_total_period",
        "question 8 \"Gender\" (gender): answer.gender",
        "question 9 \"Date of birth\" (birth): answer.birth",
        "answer.military_service_status",
        "answer.veteran_affair_code",
        "answer.disability_severity",
        "question 22 \"Where did you hear about this position?\" (dropdown): answer.value",
        "answer.values[0]",
        "answer.qualifications[0].kind",
        "answer.qualifications[0].name: missing",
        "question 3 \"Mobile phone number\" (phone): required but not answered",
        "question 12 \"Work experience\" (experience): required but not answered",
        "privacy: must be true or false",
        "nothing was sent",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in:\n{err}");
    }
    assert!(
        s.requests().is_empty(),
        "bad answers must not reach the service"
    );
}

#[test]
fn sandbox_malformed_json_and_dry_run_send_nothing() {
    let s = TestSandbox::new();
    let p = s.home.dir.path().join("broken.json");
    std::fs::write(&p, "{\n  \"privacy\": true\n  \"questions\": []\n}\n").unwrap();
    let out = s.run(&[
        "forms",
        "apply",
        codes::FORM_ALL_KINDS,
        "--answers",
        p.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("line 3, column 3"),
        "{}",
        stderr_of(&out)
    );

    let file = s.file(
        "answers.json",
        &json!({"privacy": false, "questions": noids_basics("dry@example.com")}),
    );
    let out = s.run(&[
        "forms",
        "apply",
        codes::FORM_NO_IDS,
        "--answers",
        &file,
        "--dry-run",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let request: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    let printed = &request["body"];
    assert_eq!(printed["email"], json!("dry@example.com"));
    assert_eq!(printed["privacy"], json!(false));
    assert!(s.requests().is_empty());
}

#[test]
fn sandbox_rejection_is_exit_5_with_the_service_message() {
    let s = TestSandbox::new();
    // FORM-1009 has expired: the sandbox answers 422.
    let form = s.run(&["-o", "json", "forms", "get", codes::FORM_EXPIRED]);
    let form: Value = serde_json::from_slice(&form.stdout).unwrap();
    let items: Vec<Value> = form["resource"]["questions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|q| q["required"] == json!(true))
        .map(|q| {
            let answer = match q["kind"].as_str().unwrap() {
                "name" => json!({"name": "Jane"}),
                "email" => json!({"email": "late@example.com"}),
                "phone" => json!({"phone": "010-1"}),
                "resume" => json!({"resume_path": "/upload/cv.pdf"}),
                "experience_total" => json!({"experience_total_period": 1}),
                "experience" => json!({"experiences": [{"company_name": "A"}]}),
                "radio" | "dropdown" => json!({"value": q["answer_options"][0]}),
                "checkbox" => json!({"values": [q["answer_options"][0]]}),
                "link" => json!({"links": ["https://x.example"]}),
                _ => json!({"value": "x"}),
            };
            json!({"question_id": q["id"], "answer": answer})
        })
        .collect();
    let file = s.file(
        "answers.json",
        &json!({"privacy": true, "questions": items}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_EXPIRED, "--answers", &file]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(err.contains("warning: form FORM-1009 has expired"), "{err}");
    assert!(
        err.contains("has expired (end_at"),
        "the service's own message: {err}"
    );
    assert!(err.contains("422"), "{err}");
    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(422));
    assert!(!err.contains(&s.sandbox().api_key));
}

#[test]
fn sandbox_files_upload_sends_no_authorization_and_prints_the_path() {
    let s = TestSandbox::new();
    let p = s.home.dir.path().join("résumé 2024.pdf");
    std::fs::write(&p, vec![7u8; 3000]).unwrap();
    let out = s.run(&["files", "upload", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let printed = stdout_of(&out);
    assert!(printed.ends_with("/résumé 2024.pdf\n"), "{printed:?}");
    assert_eq!(printed.lines().count(), 1);
    let ups = s.uploads();
    assert_eq!(ups.len(), 1);
    assert_eq!(ups[0]["had_authorization"], json!(false));
    assert_eq!(ups[0]["uploaded"], json!(true));
    assert_eq!(ups[0]["size"], json!(3000));
    assert_eq!(ups[0]["file_path"], json!(printed.trim_end()));
    assert!(!stderr_of(&out).contains(&s.sandbox().api_key));
}

#[test]
fn sandbox_large_upload_streams_with_progress_and_content_length() {
    let s = TestSandbox::new();
    let p = s.home.dir.path().join("big.bin");
    let data: Vec<u8> = (0..(3u32 << 20)).map(|i| (i % 251) as u8).collect();
    std::fs::write(&p, &data).unwrap();
    let client = recruit::api::Client::new(recruit::api::ClientConfig::new(
        s.sandbox().base_url(),
        Some(recruit::redact::Secret::new(s.sandbox().api_key.clone())),
    ))
    .unwrap();
    let opts = recruit::api::uploads::UploadOptions {
        progress: true,
        timeout: std::time::Duration::from_secs(30),
    };
    let up =
        s.rt.block_on(client.upload_file(&p, Some("renamed.bin"), opts))
            .expect("upload");
    assert!(up.path.ends_with("/renamed.bin"), "{up:?}");
    let ups = s.uploads();
    assert_eq!(ups[0]["size"], json!(data.len()));
    assert_eq!(ups[0]["had_authorization"], json!(false));
    use sha2::Digest;
    assert_eq!(
        ups[0]["sha256"],
        json!(hex::encode(sha2::Sha256::digest(&data)))
    );
}

// The request bodies of the apply endpoint as answers files, against the sandbox.

/// The id of the one question of `kind`.
fn id_of(questions: &[Value], kind: &str) -> i64 {
    let ids: Vec<i64> = questions
        .iter()
        .filter(|q| q["kind"] == json!(kind))
        .map(|q| q["id"].as_i64().expect("an id"))
        .collect();
    assert_eq!(ids.len(), 1, "one question of kind {kind}");
    ids[0]
}

#[test]
fn sandbox_variant_b_body_goes_as_variant_a_by_default_and_as_b_with_the_flag() {
    let s = TestSandbox::new();
    let (resume_path, resume_url) = s.upload("my cv.pdf", b"%PDF");
    let qs = s.questions(codes::FORM_OPEN);
    let (total, why) = (id_of(&qs, "experience_total"), id_of(&qs, "textarea"));
    let body_file = |email: &str| {
        json!({
            "name": "Jamie Lee", "email": email, "phone": "010-5555-0101",
            "resume_path": resume_url, "privacy": true,
            "questions": [
                {"id": why, "kind": "textarea", "answer": {"value": "I like Rust."}},
                {"id": total, "kind": "experience_total", "answer": {"experience_total_period": 48}}
            ]
        })
    };

    let file = s.file("b-body.json", &body_file("jamie.a@example.com"));
    let out = s.run(&["forms", "apply", codes::FORM_OPEN, "--answers", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("warning"), "{}", stderr_of(&out));
    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    assert_eq!(
        reqs[0]["body"],
        json!({"privacy": true, "questions": [
            {"question_id": id_of(&qs, "name"), "kind": "name", "answer": {"name": "Jamie Lee"}},
            {"question_id": id_of(&qs, "email"), "kind": "email", "answer": {"email": "jamie.a@example.com"}},
            {"question_id": id_of(&qs, "phone"), "kind": "phone", "answer": {"phone": "010-5555-0101"}},
            {"question_id": id_of(&qs, "resume"), "kind": "resume", "answer": {"resume_path": resume_path}},
            {"question_id": total, "kind": "experience_total", "answer": {"experience_total_period": 48}},
            {"question_id": why, "kind": "textarea", "answer": {"value": "I like Rust."}}
        ]})
    );

    let file = s.file("b-body2.json", &body_file("jamie.b@example.com"));
    let out = s.run(&[
        "forms",
        "apply",
        codes::FORM_OPEN,
        "--answers",
        &file,
        "--variant",
        "b",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let reqs = s.requests();
    assert_eq!(reqs.len(), 2);
    assert_eq!(reqs[1]["status"], json!(200), "{}", reqs[1]);
    let encoded_path = url::Url::parse(&resume_url).unwrap().path().to_string();
    assert!(encoded_path.ends_with("/my%20cv.pdf"), "{encoded_path}");
    assert_eq!(
        reqs[1]["body"],
        json!({
            "name": "Jamie Lee", "email": "jamie.b@example.com", "phone": "010-5555-0101",
            "resume_path": encoded_path, "privacy": true,
            "questions": [
                {"id": total, "kind": "experience_total", "answer": {"experience_total_period": 48}},
                {"id": why, "kind": "textarea", "answer": {"value": "I like Rust."}}
            ]
        })
    );
}

#[test]
fn sandbox_variant_b_body_on_the_idless_form_is_sent_as_written() {
    let s = TestSandbox::new();
    let file = s.file(
        "b-body.json",
        &json!({"name": "Min Park", "email": "min.b@example.com", "phone": "010-9999-0000",
                "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf"}),
    );
    let expected = json!({"name": "Min Park", "email": "min.b@example.com",
        "phone": "010-9999-0000", "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf"});
    // --dry-run prints the exact body that is then sent.
    let out = s.run(&[
        "forms",
        "apply",
        codes::FORM_NO_IDS,
        "--answers",
        &file,
        "--dry-run",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let printed: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(printed["body"], expected);
    assert!(s.requests().is_empty());

    let out = s.run(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(
        err.contains("note: the form's questions carry no ids"),
        "{err}"
    );
    assert!(!err.contains("warning"), "{err}");
    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    assert_eq!(reqs[0]["body"], printed["body"]);
    // Same key order as printed: the documented one.
    let keys: Vec<&String> = reqs[0]["body"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["name", "email", "phone", "resume_path"]);
}

#[test]
fn sandbox_items_named_by_kind_go_by_the_form_question_ids() {
    let s = TestSandbox::new();
    let qs = s.questions(codes::FORM_OPEN);
    let file = s.file(
        "answers.json",
        &json!({"privacy": false, "questions": [
            {"kind": "name", "answer": {"name": "Kim Ara"}},
            {"kind": "email", "answer": {"email": "ara@example.com"}},
            {"kind": "phone", "answer": {"phone": "010-2222-3333"}},
            {"kind": "resume", "answer": {"resume_path": "/upload/candidate/file/1/temp/1/ara.pdf"}},
            {"kind": "textarea", "answer": {"value": "Because."}},
            {"kind": "experience_total", "answer": {"experience_total_period": 6}},
            {"kind": "checkbox", "answer": {"values": ["Rust"]}}
        ]}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_OPEN, "--answers", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    let body = &reqs[0]["body"];
    assert_eq!(body["privacy"], json!(false));
    let sent: Vec<(i64, String)> = body["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["question_id"].as_i64().unwrap(),
                q["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let kinds = [
        "name",
        "email",
        "phone",
        "resume",
        "experience_total",
        "textarea",
        "checkbox",
    ];
    let expected: Vec<(i64, String)> = kinds
        .iter()
        .map(|k| (id_of(&qs, k), k.to_string()))
        .collect();
    assert_eq!(sent, expected, "form order, by the form's ids");
    assert_eq!(body["questions"][6]["answer"], json!({"values": ["Rust"]}));
}

#[test]
fn sandbox_an_ambiguous_kind_is_exit_2_naming_the_kind() {
    let s = TestSandbox::new();
    // A second textarea question on FORM-1001.
    s.edit_form(codes::FORM_OPEN, |form| {
        let qs = form["questions"].as_array_mut().unwrap();
        let mut extra = qs
            .iter()
            .find(|q| q["kind"] == json!("textarea"))
            .unwrap()
            .clone();
        extra["id"] = json!(99_001);
        extra["order"] = json!(qs.len() as i64 + 1);
        extra["title"] = json!("Anything else?");
        extra["required"] = json!(false);
        qs.push(extra);
    });
    let qs = s.questions(codes::FORM_OPEN);
    let orders: Vec<i64> = qs
        .iter()
        .filter(|q| q["kind"] == json!("textarea"))
        .map(|q| q["order"].as_i64().unwrap())
        .collect();
    assert_eq!(orders.len(), 2, "the edited form is served");
    let file = s.file(
        "answers.json",
        &json!({"name": "Kim Ara", "email": "ara@example.com", "phone": "010-2222-3333",
        "resume_path": "/upload/cv.pdf", "privacy": true,
        "questions": [
            {"kind": "experience_total", "answer": {"experience_total_period": 6}},
            {"kind": "textarea", "answer": {"value": "Because."}}
        ]}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_OPEN, "--answers", &file]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    let line = format!(
        r#"questions[1]: kind: the form has 2 questions of kind "textarea" (orders {} and {}); name the question by "question_id" or "order" instead"#,
        orders[0], orders[1]
    );
    assert!(err.contains(&line), "missing {line:?} in:\n{err}");
    assert!(
        err.contains("error: the answers file has 2 problems"),
        "the required textarea question stays unanswered too:\n{err}"
    );
    assert!(s.requests().is_empty(), "nothing may be sent");
}

#[test]
fn sandbox_idless_form_takes_question_ids_of_basic_kinds_as_top_level_fields() {
    let s = TestSandbox::new();
    let items = vec![
        json!({"question_id": 1, "kind": "name", "answer": {"name": "Min Park"}}),
        json!({"question_id": 2, "kind": "email", "answer": {"email": "min.ids@example.com"}}),
        json!({"question_id": 3, "kind": "phone", "answer": {"phone": "010-9999-0000"}}),
        json!({"question_id": 4, "kind": "resume", "answer": {"resume_path": "/upload/candidate/file/1/temp/1/cv.pdf"}}),
    ];
    // An answer to another question cannot be addressed: named, exit 2, nothing sent.
    let mut with_other = items.clone();
    with_other.push(json!({"question_id": 5, "kind": "textarea", "answer": {"value": "Hi"}}));
    let file = s.file(
        "answers.json",
        &json!({"privacy": true, "questions": with_other}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(
        err.contains("questions[4]: question_id: the form's questions carry no ids"),
        "{err}"
    );
    assert!(
        err.contains("error: the answers file has 1 problem (listed above)"),
        "{err}"
    );
    assert!(s.requests().is_empty());

    let file = s.file(
        "answers2.json",
        &json!({"privacy": true, "questions": items}),
    );
    let out = s.run(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(
        err.contains(r#"warning: questions[0]: question_id 1 cannot be checked, as the form's questions carry no ids; answering question 1 "Full name" (name) by its kind"#),
        "{err}"
    );
    assert_eq!(err.matches("cannot be checked").count(), 4, "{err}");
    let reqs = s.requests();
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    assert_eq!(
        reqs[0]["body"],
        json!({"name": "Min Park", "email": "min.ids@example.com", "phone": "010-9999-0000",
               "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf", "privacy": true})
    );
}
