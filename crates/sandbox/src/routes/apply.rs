//! POST /v1/application_forms/{code}/apply, validated like a strict server.
//!
//! Variant B is recognised by any of the top-level fields `name`, `email`, `phone`,
//! `resume_path`; anything else is variant A. Questions are addressed by `question_id` in
//! variant A and by `id` in variant B. Every request body received is recorded (see
//! `GET /_sandbox/requests`), accepted or not.

use serde_json::{json, Map, Value};

use super::{json_object, ok, ApiError, ApiResult, Body, Site, P};
use crate::state::{now_kst, now_ts, push_capped, Candidate, CandidateStage, Db, Form, Question};

pub async fn apply(site: Site, P(code): P<String>, Body(body): Body) -> ApiResult {
    let received_at = now_ts();
    let recorded_body = serde_json::from_slice::<Value>(&body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
    let Site { app, path, .. } = site;
    let parsed = json_object(&body);
    let outcome = app
        .store
        .write_async(move |db| {
            let result = parsed.and_then(|obj| process(db, &code, &obj));
            let status = match &result {
                Ok(_) => 200,
                Err(e) => e.status.as_u16(),
            };
            push_capped(
                &mut db.requests,
                json!({
                    "method": "POST",
                    "path": path,
                    "body": recorded_body,
                    "received_at": received_at,
                    "status": status,
                }),
            );
            Ok(result)
        })
        .await?;
    let (application, event) = outcome?;
    crate::delivery::fire(&app, "candidate_stage_changed", event).await;
    ok(json!({ "resource": application }))
}

/// Validate the body against form `code` and, when it is acceptable, create the applicant.
/// Returns the Application and the payload of the `candidate_stage_changed` event.
fn process(db: &mut Db, code: &str, body: &Map<String, Value>) -> Result<(Value, Value), ApiError> {
    let form = open_form(db, code)?;
    let variant_b = ["name", "email", "phone", "resume_path"]
        .iter()
        .any(|k| body.contains_key(*k));
    if !variant_b && form.questions.iter().all(|q| q.id.is_none()) {
        return Err(ApiError::validation(format!(
            "the questions of form {code} have no identifiers, so variant A cannot address them; send name, email, phone and resume_path as top-level fields (variant B)"
        )));
    }
    let privacy =
        match body.get("privacy") {
            Some(Value::Bool(b)) => *b,
            None | Some(Value::Null) if variant_b => false,
            None | Some(Value::Null) => return Err(ApiError::validation(
                "privacy is required (true or false: consent to collect optional personal items)",
            )),
            Some(_) => return Err(ApiError::validation("privacy must be true or false")),
        };
    let items: &[Value] = match body.get("questions") {
        Some(Value::Array(a)) => a,
        None | Some(Value::Null) if variant_b => &[],
        None | Some(Value::Null) => {
            return Err(ApiError::validation(
                "questions is required: an array of {question_id, kind, answer}",
            ))
        }
        Some(_) => return Err(ApiError::validation("questions must be an array")),
    };
    let mut answers: Vec<(&Question, &Map<String, Value>)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let answered = answered_item(db, &form, i, item, variant_b)?;
        if answers.iter().any(|(q, _)| q.id == answered.0.id) {
            return Err(ApiError::validation(format!(
                "questions[{i}]: question {} is answered more than once",
                answered.0.id.unwrap_or_default()
            )));
        }
        answers.push(answered);
    }
    let applicant = Applicant::of(body, &answers, variant_b)?;
    check_required(&form, &answers, variant_b)?;
    if !variant_b {
        for (kind, value) in [
            ("name", &applicant.name),
            ("email", &applicant.email),
            ("phone", &applicant.phone),
        ] {
            if value.trim().is_empty() {
                return Err(ApiError::validation(format!(
                    "the applicant's {kind} is required: answer the question of kind {kind}"
                )));
            }
        }
    }
    if !looks_like_email(&applicant.email) {
        return Err(ApiError::validation(format!(
            "email '{}' is not a valid e-mail address",
            applicant.email
        )));
    }
    Ok(admit(db, &form, applicant, privacy, variant_b, &answers))
}

/// The form, if it exists and takes applications.
fn open_form(db: &Db, code: &str) -> Result<Form, ApiError> {
    let form = db
        .forms
        .iter()
        .find(|f| f.code == code)
        .cloned()
        .ok_or_else(ApiError::not_found)?;
    if form.expired() {
        return Err(ApiError::validation(format!(
            "application form {code} has expired (end_at {}); it no longer accepts applications",
            form.end_at
        )));
    }
    if form.open_status == Some(false) {
        return Err(ApiError::validation(format!(
            "application form {code} is not open (open_status false); it does not accept applications"
        )));
    }
    Ok(form)
}

/// Item `i` of `questions`: the form question it names (by `question_id` in variant A, `id` in
/// B), its kind matching, its answer valid.
fn answered_item<'a>(
    db: &Db,
    form: &'a Form,
    i: usize,
    item: &'a Value,
    variant_b: bool,
) -> Result<(&'a Question, &'a Map<String, Value>), ApiError> {
    let id_field = if variant_b { "id" } else { "question_id" };
    let code = &form.code;
    let item = item
        .as_object()
        .ok_or_else(|| ApiError::validation(format!("questions[{i}] must be an object")))?;
    let id = match item.get(id_field) {
        Some(v) => v.as_i64().ok_or_else(|| {
            ApiError::validation(format!("questions[{i}].{id_field} must be an integer"))
        })?,
        None => {
            let hint = if !variant_b && item.contains_key("id") {
                " (variant A names it question_id; `id` is the variant B name)"
            } else if variant_b && item.contains_key("question_id") {
                " (variant B names it id; `question_id` is the variant A name)"
            } else {
                ""
            };
            return Err(ApiError::validation(format!(
                "questions[{i}].{id_field} is required{hint}"
            )));
        }
    };
    let question = form
        .questions
        .iter()
        .find(|q| q.id == Some(id))
        .ok_or_else(|| {
            if form.questions.iter().all(|q| q.id.is_none()) {
                ApiError::validation(format!(
                    "questions[{i}]: unknown question id {id}: the questions of form {code} have no identifiers; send name, email, phone and resume_path as top-level fields (variant B)"
                ))
            } else {
                ApiError::validation(format!(
                    "questions[{i}]: unknown question id {id} for form {code}"
                ))
            }
        })?;
    let kind = item.get("kind").and_then(Value::as_str).ok_or_else(|| {
        ApiError::validation(format!("questions[{i}].kind is required (a string)"))
    })?;
    if kind != question.kind {
        return Err(ApiError::validation(format!(
            "questions[{i}]: kind '{kind}' does not match question {id}, whose kind is '{}'",
            question.kind
        )));
    }
    let answer = item
        .get("answer")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            ApiError::validation(format!("questions[{i}].answer is required (an object)"))
        })?;
    validate_answer(question, answer).map_err(|m| {
        ApiError::validation(format!(
            "questions[{i}] (question {id}, \"{}\"): {m}",
            question.title
        ))
    })?;
    if !variant_b {
        check_not_encoded(db, question, answer)
            .map_err(|m| ApiError::validation(format!("questions[{i}] (question {id}): {m}")))?;
    }
    Ok((question, answer))
}

/// Who applies: the top-level fields in variant B, the basic answers in A.
struct Applicant {
    name: String,
    email: String,
    phone: String,
    resume_path: String,
    birth: Option<String>,
}

impl Applicant {
    fn of(
        body: &Map<String, Value>,
        answers: &[(&Question, &Map<String, Value>)],
        variant_b: bool,
    ) -> Result<Applicant, ApiError> {
        let top = |field: &str| -> Result<String, ApiError> {
            match body.get(field) {
                Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.clone()),
                Some(Value::String(_)) | None | Some(Value::Null) => Err(ApiError::validation(
                    format!("{field} is required (variant B)"),
                )),
                Some(_) => Err(ApiError::validation(format!("{field} must be a string"))),
            }
        };
        let from_answer = |kind: &str, field: &str| -> Option<String> {
            answers
                .iter()
                .find(|(q, _)| q.kind == kind)
                .and_then(|(_, a)| a.get(field))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        let birth = from_answer("birth", "birth");
        if variant_b {
            let resume_path = top("resume_path")?;
            path_only(&resume_path)
                .map_err(|m| ApiError::validation(format!("resume_path {m}")))?;
            Ok(Applicant {
                name: top("name")?,
                email: top("email")?,
                phone: top("phone")?,
                resume_path,
                birth,
            })
        } else {
            Ok(Applicant {
                name: from_answer("name", "name").unwrap_or_default(),
                email: from_answer("email", "email").unwrap_or_default(),
                phone: from_answer("phone", "phone").unwrap_or_default(),
                resume_path: from_answer("resume", "resume_path").unwrap_or_default(),
                birth,
            })
        }
    }
}

/// Every required question answered (in variant B the basic ones through the top level).
fn check_required(
    form: &Form,
    answers: &[(&Question, &Map<String, Value>)],
    variant_b: bool,
) -> Result<(), ApiError> {
    let basic_kinds = ["name", "email", "phone", "resume"];
    for q in form.questions.iter().filter(|q| q.required) {
        let given_top_level = variant_b && basic_kinds.contains(&q.kind.as_str());
        if !given_top_level && !answers.iter().any(|(a, _)| a.order == q.order) {
            let how = match q.id {
                Some(id) => format!("question {id}"),
                None => "a question without identifier".to_string(),
            };
            return Err(ApiError::validation(format!(
                "required question missing: {how} \"{}\" (kind {})",
                q.title, q.kind
            )));
        }
    }
    Ok(())
}

/// Record the application (a new candidate, or a duplicate of one with the same e-mail).
/// Returns the Application and the stage event's payload.
fn admit(
    db: &mut Db,
    form: &Form,
    applicant: Applicant,
    privacy: bool,
    variant_b: bool,
    answers: &[(&Question, &Map<String, Value>)],
) -> (Value, Value) {
    let Applicant {
        name,
        email,
        phone,
        resume_path,
        birth,
    } = applicant;
    // The service's own offset (+09:00), as the rest of the pipeline's times.
    let now = now_kst();
    let existing = db
        .candidates
        .iter()
        .find(|c| c.email.eq_ignore_ascii_case(&email))
        .cloned();
    let duplicate = existing.is_some();
    let candidate = match existing {
        Some(c) => {
            // Same person again: the record says so (`duplicate`); their stage stays.
            if let Some(stored) = db.candidates.iter_mut().find(|s| s.code == c.code) {
                stored.duplicate = true;
            }
            c
        }
        None => {
            // A new candidate at the start of the form's job pipeline. Codes already taken
            // (a demo code, a stored synthetic one) are skipped.
            let mut code = format!("C{}", db.next_candidate_seq);
            while db.candidates.iter().any(|c| c.code == code) {
                db.next_candidate_seq += 1;
                code = format!("C{}", db.next_candidate_seq);
            }
            let c = Candidate {
                code,
                name: name.clone(),
                email: email.clone(),
                phone: phone.clone(),
                birth: birth.clone(),
                created_at: now.clone(),
                submissions: 0,
                form: Some(form.code.clone()),
                stage: Some(CandidateStage {
                    kind: "applied".into(),
                    title: crate::demo::stage_title("applied").into(),
                    created_at: now.clone(),
                    updated_at: now.clone(),
                }),
                applied_at: Some(now.clone()),
                resume_path: Some(resume_path.clone()).filter(|p| !p.is_empty()),
                privacy: Some(privacy),
                ..Candidate::default()
            };
            db.next_candidate_seq += 1;
            db.candidates.push(c.clone());
            c
        }
    };
    let application = json!({
        "code": candidate.code,
        "name": name,
        "email": email,
        "phone": phone,
        "duplicate": duplicate,
        "birth": birth,
        "privacy": privacy,
        "resume_path": resume_path,
        "applied_at": now,
        "created_at": if duplicate { candidate.created_at.clone() } else { now.clone() },
        "updated_at": now,
    });
    let mut stored = application.clone();
    if let Value::Object(m) = &mut stored {
        m.insert("application_form_code".into(), json!(form.code));
        m.insert("variant".into(), json!(if variant_b { "b" } else { "a" }));
        m.insert(
            "answers".into(),
            Value::Array(
                answers
                    .iter()
                    .map(|(q, a)| json!({"question_id": q.id, "kind": q.kind, "answer": a}))
                    .collect(),
            ),
        );
    }
    push_capped(&mut db.applications, stored);
    let event = stage_event(db, &candidate, form, &name, &email, &now);
    (application, event)
}

/// `candidate_stage_changed` of an application: the pipeline's payload, about this form, with
/// the name and e-mail as given now, at `applied` since now (a duplicate keeps its stage).
fn stage_event(db: &Db, c: &Candidate, form: &Form, name: &str, email: &str, now: &str) -> Value {
    let mut event = crate::pipeline::stage_changed_event(db, c, None);
    if let Value::Object(m) = &mut event {
        m.insert(
            "candidate".into(),
            json!({"code": c.code, "name": name, "email": email}),
        );
        m.insert(
            "application_form".into(),
            json!({"code": form.code, "title": form.title}),
        );
        let job = crate::pipeline::job_of(db, Some(&form.code));
        m.insert(
            "job".into(),
            job.map(|j| json!({"code": j.code, "title": j.title}))
                .unwrap_or(Value::Null),
        );
        let applied = crate::state::CandidateStage {
            kind: "applied".into(),
            title: crate::demo::stage_title("applied").into(),
            created_at: now.to_string(),
            updated_at: now.to_string(),
        };
        m.insert("job_stage".into(), crate::pipeline::job_stage(&applied));
        m.insert("changed_at".into(), json!(now));
    }
    event
}

fn looks_like_email(s: &str) -> bool {
    match s.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !s.contains(char::is_whitespace)
                && !domain.contains('@')
        }
        None => false,
    }
}

/// Paths in answers are the path part of a `file_url`, never a full address.
fn path_only(s: &str) -> Result<(), String> {
    if s.contains("://") {
        return Err(format!(
            "must be a path (the path part of the uploaded file_url), not a full address: '{s}'"
        ));
    }
    if !s.is_empty() && !s.starts_with('/') {
        return Err(format!("must be a path starting with '/': '{s}'"));
    }
    Ok(())
}

/// Variant A sends paths URL-decoded: catch a path that is exactly the still-encoded path
/// of a file uploaded to this sandbox (no false positives on names that contain '%').
fn check_not_encoded(db: &Db, q: &Question, answer: &Map<String, Value>) -> Result<(), String> {
    let paths: Vec<&str> = match q.kind.as_str() {
        "resume" => answer
            .get("resume_path")
            .and_then(Value::as_str)
            .into_iter()
            .collect(),
        "profile_img" => answer
            .get("profile_img_path")
            .and_then(Value::as_str)
            .into_iter()
            .collect(),
        "file_upload" => answer
            .get("links")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    for p in paths {
        for u in &db.uploads {
            let encoded_path = url::Url::parse(&u.file_url)
                .map(|url| url.path().to_string())
                .unwrap_or_default();
            if p == encoded_path && encoded_path != u.file_path {
                return Err(format!(
                    "path '{p}' is URL-encoded; variant A expects it decoded: '{}'",
                    u.file_path
                ));
            }
        }
    }
    Ok(())
}

/// Check `answer` against the shape the apply endpoint documents for the question's kind. A required
/// question also needs a non-empty answer.
fn validate_answer(q: &Question, a: &Map<String, Value>) -> Result<(), String> {
    let required = q.required;
    let options: &[String] = q.answer_options.as_deref().unwrap_or(&[]);
    match q.kind.as_str() {
        "name" => string(a, "name", required).map(drop),
        "email" => {
            let s = string(a, "email", required)?;
            if !s.is_empty() && !looks_like_email(s) {
                return Err(format!("email '{s}' is not a valid e-mail address"));
            }
            Ok(())
        }
        "phone" => string(a, "phone", required).map(drop),
        "resume" => {
            path_only(string(a, "resume_path", required)?).map_err(|m| format!("resume_path {m}"))
        }
        "profile_img" => path_only(string(a, "profile_img_path", required)?)
            .map_err(|m| format!("profile_img_path {m}")),
        "address" => string(a, "address", required).map(drop),
        "experience_total" => non_negative(a, "experience_total_period"),
        "desired_salary" => non_negative(a, "desired_salary"),
        "current_salary" => non_negative(a, "current_salary"),
        "gender" => {
            let s = string(a, "gender", required)?;
            one_of(s, "gender", &["male", "female"], !required)
        }
        "birth" => validate_birth(a, required),
        "experience" | "education" | "qualification" | "training" | "language" => {
            validate_group(&q.kind, a, required)
        }
        "military_service" | "veteran_affair" | "disability" => validate_flag(&q.kind, a),
        "text" | "textarea" | "date_type" => string(a, "value", required).map(drop),
        "dropdown" | "radio" | "checkbox" => validate_choice(&q.kind, a, required, options),
        "link" => strings(a, "links", required).map(drop),
        "file_upload" => {
            for l in strings(a, "links", required)? {
                path_only(l).map_err(|m| format!("links entry {m}"))?;
            }
            Ok(())
        }
        // A kind this sandbox does not know: accept any answer object.
        _ => Ok(()),
    }
}

/// The repeatable kinds: an array of element objects, each with its required fields.
fn validate_group(kind: &str, a: &Map<String, Value>, required: bool) -> Result<(), String> {
    match kind {
        "experience" => objects(a, "experiences", required, |o| {
            string(o, "company_name", true)?;
            opt_strings(
                o,
                &[
                    "start_at",
                    "end_at",
                    "employment_type",
                    "position",
                    "department",
                    "title",
                ],
            )?;
            opt_bool(o, "currently_employed")
        }),
        "education" => objects(a, "educations", required, |o| {
            string(o, "school_name", true)?;
            opt_strings(o, &["enter_at", "graduate_at", "major"])?;
            opt_bool(o, "graduate")
        }),
        "qualification" => objects(a, "qualifications", required, |o| {
            let kind = string(o, "kind", true)?;
            one_of(kind, "kind", &["award", "certificate"], false)?;
            for f in ["name", "institution_name", "grade", "date"] {
                string(o, f, true)?;
            }
            opt_strings(o, &["content"])
        }),
        "training" => objects(a, "trainings", required, |o| {
            for f in ["name", "institution_name", "start_date", "end_date"] {
                string(o, f, true)?;
            }
            opt_strings(o, &["content"])
        }),
        "language" => objects(a, "languages", required, |o| {
            for f in ["kind", "test_name", "institution_name", "grade", "date"] {
                string(o, f, true)?;
            }
            Ok(())
        }),
        _ => Ok(()),
    }
}

/// The yes/no kinds with optional details.
fn validate_flag(kind: &str, a: &Map<String, Value>) -> Result<(), String> {
    match kind {
        "military_service" => {
            boolean(a, "checked")?;
            if let Some(s) = opt_string(a, "military_service_status")? {
                one_of(
                    s,
                    "military_service_status",
                    &["complete", "incomplete", "exemption", "in_service"],
                    false,
                )?;
            }
            Ok(())
        }
        "veteran_affair" => {
            boolean(a, "checked")?;
            if let Some(s) = opt_string(a, "veteran_affair_code")? {
                let b = s.as_bytes();
                let ok = b.len() == 9
                    && b[2] == b'-'
                    && b.iter()
                        .enumerate()
                        .all(|(i, c)| i == 2 || c.is_ascii_digit());
                if !ok {
                    return Err(format!(
                        "veteran_affair_code must look like 00-000000, got '{s}'"
                    ));
                }
            }
            Ok(())
        }
        "disability" => {
            boolean(a, "checked")?;
            opt_string(a, "disability_type")?;
            if let Some(s) = opt_string(a, "disability_severity")? {
                one_of(s, "disability_severity", &["mild", "serious"], false)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// One value among the question's options (radio, dropdown), or several (checkbox).
fn validate_choice(
    kind: &str,
    a: &Map<String, Value>,
    required: bool,
    options: &[String],
) -> Result<(), String> {
    match kind {
        "dropdown" | "radio" => {
            let s = string(a, "value", required)?;
            if !options.is_empty() && (required || !s.is_empty()) && !options.iter().any(|o| o == s)
            {
                return Err(format!(
                    "value '{s}' is not one of the answer options {options:?}"
                ));
            }
            Ok(())
        }
        "checkbox" => {
            let values = strings(a, "values", required)?;
            if let Some(bad) = values
                .iter()
                .find(|v| !options.is_empty() && !options.iter().any(|o| o == *v))
            {
                return Err(format!(
                    "value '{bad}' is not one of the answer options {options:?}"
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn validate_birth(a: &Map<String, Value>, required: bool) -> Result<(), String> {
    let s = string(a, "birth", required)?;
    if s.is_empty() && !required {
        return Ok(());
    }
    if s.len() != 10 || chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").is_err() {
        return Err(format!("birth must be a date YYYY-MM-DD, got '{s}'"));
    }
    Ok(())
}

fn string<'a>(a: &'a Map<String, Value>, field: &str, non_empty: bool) -> Result<&'a str, String> {
    match a.get(field) {
        Some(Value::String(s)) => {
            if non_empty && s.trim().is_empty() {
                Err(format!("{field} must not be empty"))
            } else {
                Ok(s)
            }
        }
        Some(Value::Null) | None => Err(format!("{field} is required")),
        Some(_) => Err(format!("{field} must be a string")),
    }
}

fn opt_string<'a>(a: &'a Map<String, Value>, field: &str) -> Result<Option<&'a str>, String> {
    match a.get(field) {
        Some(Value::String(s)) => Ok(Some(s)),
        Some(Value::Null) | None => Ok(None),
        Some(_) => Err(format!("{field} must be a string")),
    }
}

fn opt_strings(a: &Map<String, Value>, fields: &[&str]) -> Result<(), String> {
    for f in fields {
        opt_string(a, f)?;
    }
    Ok(())
}

fn opt_bool(a: &Map<String, Value>, field: &str) -> Result<(), String> {
    match a.get(field) {
        Some(Value::Bool(_)) | Some(Value::Null) | None => Ok(()),
        Some(_) => Err(format!("{field} must be true or false")),
    }
}

fn boolean(a: &Map<String, Value>, field: &str) -> Result<bool, String> {
    match a.get(field) {
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::Null) | None => Err(format!("{field} is required (true or false)")),
        Some(_) => Err(format!("{field} must be true or false")),
    }
}

fn non_negative(a: &Map<String, Value>, field: &str) -> Result<(), String> {
    match a.get(field) {
        Some(v) if v.as_i64().is_some_and(|n| n >= 0) => Ok(()),
        Some(Value::Null) | None => Err(format!("{field} is required (an integer)")),
        Some(v) => Err(format!("{field} must be a non-negative integer, got {v}")),
    }
}

fn one_of(s: &str, field: &str, allowed: &[&str], empty_ok: bool) -> Result<(), String> {
    if (empty_ok && s.is_empty()) || allowed.contains(&s) {
        Ok(())
    } else {
        Err(format!("{field} must be one of {allowed:?}, got '{s}'"))
    }
}

/// The array `field` of `a`, each item turned into `T` by `item` (`what` names the items in
/// messages: "strings", "objects").
fn array_of<'a, T>(
    a: &'a Map<String, Value>,
    field: &str,
    what: &str,
    non_empty: bool,
    item: impl Fn(&'a Value) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let arr = match a.get(field) {
        Some(Value::Array(arr)) => arr,
        Some(Value::Null) | None => {
            return Err(format!("{field} is required (an array of {what})"))
        }
        Some(_) => return Err(format!("{field} must be an array of {what}")),
    };
    if non_empty && arr.is_empty() {
        return Err(format!("{field} must not be empty"));
    }
    arr.iter()
        .enumerate()
        .map(|(i, v)| item(v).map_err(|m| format!("{field}[{i}]{m}")))
        .collect()
}

fn strings<'a>(
    a: &'a Map<String, Value>,
    field: &str,
    non_empty: bool,
) -> Result<Vec<&'a str>, String> {
    array_of(a, field, "strings", non_empty, |v| {
        v.as_str().ok_or_else(|| " must be a string".to_string())
    })
}

fn objects(
    a: &Map<String, Value>,
    field: &str,
    non_empty: bool,
    check: impl Fn(&Map<String, Value>) -> Result<(), String>,
) -> Result<(), String> {
    array_of(a, field, "objects", non_empty, |v| {
        let o = v
            .as_object()
            .ok_or_else(|| " must be an object".to_string())?;
        check(o).map_err(|m| format!(".{m}"))
    })
    .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(kind: &str, required: bool, options: Option<Vec<&str>>) -> Question {
        Question {
            id: Some(1),
            kind: kind.into(),
            title: "t".into(),
            order: 1,
            required,
            show_description: false,
            description: None,
            answer_options: options.map(|o| o.into_iter().map(String::from).collect()),
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn check(question: &Question, answer: Value) -> Result<(), String> {
        validate_answer(question, answer.as_object().unwrap())
    }

    #[test]
    fn answers_follow_the_spec_shapes() {
        let vet = q("veteran_affair", false, None);
        assert!(check(
            &vet,
            json!({"checked": true, "veteran_affair_code": "12-345678"})
        )
        .is_ok());
        assert!(check(
            &vet,
            json!({"checked": true, "veteran_affair_code": "12345678"})
        )
        .is_err());
        assert!(check(&vet, json!({"veteran_affair_code": "12-345678"})).is_err());

        let birth = q("birth", true, None);
        assert!(check(&birth, json!({"birth": "1990-02-28"})).is_ok());
        assert!(check(&birth, json!({"birth": "1990-02-30"})).is_err());
        assert!(check(&birth, json!({"birth": "90-2-3"})).is_err());

        let radio = q("radio", true, Some(vec!["Yes", "No"]));
        assert!(check(&radio, json!({"value": "Yes"})).is_ok());
        assert!(check(&radio, json!({"value": "Maybe"})).is_err());

        let qual = q("qualification", true, None);
        let good = json!({"qualifications": [{"kind": "certificate", "name": "n", "institution_name": "i", "grade": "A", "date": "2020-01-01"}]});
        assert!(check(&qual, good).is_ok());
        let err = check(
            &qual,
            json!({"qualifications": [{"kind": "prize", "name": "n"}]}),
        )
        .unwrap_err();
        assert!(err.starts_with("qualifications[0].kind"), "{err}");

        let files = q("file_upload", false, None);
        assert!(check(&files, json!({"links": ["/upload/a.pdf"]})).is_ok());
        assert!(check(&files, json!({"links": ["https://x.io/upload/a.pdf"]})).is_err());

        let salary = q("desired_salary", false, None);
        assert!(check(&salary, json!({"desired_salary": 5000})).is_ok());
        assert!(check(&salary, json!({"desired_salary": "5000"})).is_err());

        // Optional text may be empty; required text may not.
        assert!(check(&q("text", false, None), json!({"value": ""})).is_ok());
        assert!(check(&q("text", true, None), json!({"value": " "})).is_err());
    }

    #[test]
    fn emails() {
        assert!(looks_like_email("a.b@example.com"));
        assert!(!looks_like_email("a.b@example"));
        assert!(!looks_like_email("@example.com"));
        assert!(!looks_like_email("a b@example.com"));
    }
}
