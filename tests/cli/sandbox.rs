//! The sandbox over real HTTP: `recruit::sandbox::start` on an ephemeral port with a
//! temporary state file, driven with reqwest.

use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use recruit::sandbox::{codes, start, Sandbox, SandboxOptions};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

struct Env {
    sb: Sandbox,
    http: reqwest::Client,
    _dir: Option<tempfile::TempDir>,
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

async fn boot_at(path: std::path::PathBuf, tweak: impl FnOnce(&mut SandboxOptions)) -> Env {
    let mut opts = SandboxOptions::new(path);
    tweak(&mut opts);
    let sb = start(([127, 0, 0, 1], 0).into(), opts).await.unwrap();
    Env {
        sb,
        http: client(),
        _dir: None,
    }
}

async fn boot_with(tweak: impl FnOnce(&mut SandboxOptions)) -> Env {
    let dir = tempfile::tempdir().unwrap();
    let mut env = boot_at(dir.path().join("state.json"), tweak).await;
    env._dir = Some(dir);
    env
}

async fn boot() -> Env {
    boot_with(|_| {}).await
}

impl Env {
    /// `path` relative to the base URL (`/application_forms`), or absolute (`http://…`),
    /// or outside /v1 when it starts with `/_`.
    fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_string()
        } else if path.starts_with("/_") {
            format!("http://{}{path}", self.sb.addr)
        } else {
            format!("{}{path}", self.sb.base_url())
        }
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> (StatusCode, Value) {
        let mut req = self
            .http
            .request(method, self.url(path))
            .bearer_auth(&self.sb.api_key)
            .header("Accept", "application/json");
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status();
        let text = resp.text().await.unwrap();
        let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, v)
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.call(Method::GET, path, None).await
    }
    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, Some(body)).await
    }
    async fn ok(&self, method: Method, path: &str, body: Option<Value>) -> Value {
        let (s, v) = self.call(method.clone(), path, body).await;
        assert_eq!(s, StatusCode::OK, "{method} {path}: {v}");
        v
    }
}

fn not_found_body() -> Value {
    json!({"error": "not_found", "message": "Resource not found"})
}

// ---------------------------------------------------------------- auth and routing

#[tokio::test]
async fn wrong_or_missing_key_is_401() {
    let env = boot().await;
    for auth in [Some("Bearer wrong-key"), Some("sandbox-key"), None] {
        let mut req = env.http.get(env.url("/application_forms"));
        if let Some(a) = auth {
            req = req.header("Authorization", a);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::UNAUTHORIZED, "{auth:?}");
        let body: Value = resp.json().await.unwrap();
        assert_eq!(
            body,
            json!({"error": "unauthorized", "message": "Invalid or missing API key"})
        );
    }
    // The sandbox-only endpoints need the key too.
    let resp = env
        .http
        .get(env.url("/_sandbox/requests"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
    env.sb.shutdown().await;
}

#[tokio::test]
async fn unknown_route_and_bad_json() {
    let env = boot().await;
    let (s, v) = env.get("/no_such_thing").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(v, not_found_body());
    let resp = env
        .http
        .post(env.url("/candidates/C1001/memos"))
        .bearer_auth("sandbox-key")
        .header("Content-Type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let v: Value = resp.json().await.unwrap();
    assert_eq!(v["error"], "invalid_json");
    assert!(v["message"].as_str().unwrap().contains("not valid JSON"));
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- application forms

#[tokio::test]
async fn forms_pagination_follows_absolute_next_url() {
    let env = boot().await;
    let first = env.ok(Method::GET, "/application_forms", None).await;
    let p = &first["pagination"];
    let total = p["total"].as_u64().unwrap() as usize;
    assert!(
        total > 20,
        "demo data needs more than one page, total {total}"
    );
    assert_eq!(first["collection"].as_array().unwrap().len(), 20);
    assert!(p["previous_page"].is_null() && p["previous_page_token"].is_null());
    assert!(p["next_page"].is_string());

    let mut seen = Vec::new();
    let mut page = first.clone();
    let mut pages = 0;
    loop {
        pages += 1;
        for item in page["collection"].as_array().unwrap() {
            assert!(
                item.get("questions").is_none(),
                "list items carry no questions"
            );
            let code = item["code"].as_str().unwrap().to_string();
            assert_eq!(
                item["uri"],
                json!(format!("{}/application_forms/{code}", env.sb.base_url()))
            );
            assert!(item["title"].is_string());
            seen.push(code);
        }
        let next = page["pagination"]["next_page_token"].clone();
        if next.is_null() {
            break;
        }
        let next = next.as_str().unwrap();
        assert!(next.starts_with(&format!("http://{}/v1/application_forms?", env.sb.addr)));
        assert!(next.contains("page_token="));
        page = env.ok(Method::GET, next, None).await;
        assert!(page["pagination"]["previous_page_token"].is_string());
    }
    assert_eq!(pages, 2);
    let unique: HashSet<_> = seen.iter().collect();
    assert_eq!(seen.len(), total);
    assert_eq!(unique.len(), total, "every form seen exactly once");

    // A filtered, smaller-paged query keeps its filter when following the token URL.
    let q = env
        .ok(Method::GET, "/application_forms?title=ENGINEER&per=3", None)
        .await;
    let filtered_total = q["pagination"]["total"].as_u64().unwrap() as usize;
    assert!(filtered_total > 3 && filtered_total < total);
    let mut titles = Vec::new();
    let mut page = q;
    loop {
        for item in page["collection"].as_array().unwrap() {
            titles.push(item["title"].as_str().unwrap().to_string());
        }
        match page["pagination"]["next_page_token"].as_str() {
            Some(next) => page = env.ok(Method::GET, next, None).await,
            None => break,
        }
    }
    assert_eq!(titles.len(), filtered_total);
    assert!(titles.iter().all(|t| t.to_lowercase().contains("engineer")));
    env.sb.shutdown().await;
}

#[tokio::test]
async fn form_detail_has_two_variants() {
    let env = boot().await;
    let v1 = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_OPEN),
            None,
        )
        .await["resource"]
        .clone();
    for f in [
        "title",
        "address",
        "address2",
        "content",
        "open_status",
        "resume_required",
    ] {
        assert!(v1.get(f).is_some(), "variant 1 carries {f}");
    }
    assert!(v1.get("intro_content").is_none());
    assert!(!v1["questions"].as_array().unwrap().is_empty());
    assert_eq!(v1["expired"], false);

    let v2 = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_VARIANT2),
            None,
        )
        .await["resource"]
        .clone();
    for f in [
        "intro_content",
        "main_task_content",
        "requirement_content",
        "preferred_point_content",
        "benefit_content",
    ] {
        assert!(
            v2[f].as_str().unwrap().starts_with('<'),
            "variant 2 carries HTML {f}"
        );
    }
    for f in [
        "address",
        "address2",
        "content",
        "open_status",
        "resume_required",
    ] {
        assert!(v2.get(f).is_none(), "variant 2 has no {f}");
    }

    let expired = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_EXPIRED),
            None,
        )
        .await["resource"]
        .clone();
    assert_eq!(expired["expired"], true);
    let end = chrono::DateTime::parse_from_rfc3339(expired["end_at"].as_str().unwrap()).unwrap();
    assert!(end < chrono::Utc::now());

    let (s, v) = env.get("/application_forms/NOPE").await;
    assert_eq!((s, v), (StatusCode::NOT_FOUND, not_found_body()));
    env.sb.shutdown().await;
}

#[tokio::test]
async fn every_kind_form_and_id_less_form() {
    let env = boot().await;
    let form = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_ALL_KINDS),
            None,
        )
        .await["resource"]
        .clone();
    let qs = form["questions"].as_array().unwrap();
    let kinds: BTreeSet<&str> = qs.iter().map(|q| q["kind"].as_str().unwrap()).collect();
    let expected: BTreeSet<&str> = codes::QUESTION_KINDS.iter().copied().collect();
    assert_eq!(kinds, expected);
    assert_eq!(qs.len(), 27);
    for (i, q) in qs.iter().enumerate() {
        assert_eq!(q["order"], json!(i + 1));
        assert!(q["id"].is_i64());
        for f in [
            "title",
            "required",
            "show_description",
            "created_at",
            "updated_at",
        ] {
            assert!(q.get(f).is_some(), "question field {f}");
        }
        if matches!(q["kind"].as_str(), Some("radio" | "dropdown" | "checkbox")) {
            assert!(!q["answer_options"].as_array().unwrap().is_empty());
        }
    }
    assert!(qs.iter().any(|q| q["required"] == true) && qs.iter().any(|q| q["required"] == false));
    assert!(qs.iter().any(|q| q["show_description"] == true
        && q["description"].as_str().is_some_and(|d| !d.is_empty())));

    let noids = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_NO_IDS),
            None,
        )
        .await["resource"]
        .clone();
    let qs = noids["questions"].as_array().unwrap();
    assert!(!qs.is_empty());
    assert!(
        qs.iter().all(|q| q.get("id").is_none()),
        "no question carries an id"
    );
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- apply

fn answer_for(kind: &str, options: &[Value]) -> Value {
    let first = options.first().cloned().unwrap_or(json!("x"));
    match kind {
        "name" => json!({"name": "Yoon Ha-rin"}),
        "email" => json!({"email": "harin.yoon@example.com"}),
        "phone" => json!({"phone": "010-1111-2222"}),
        "resume" => json!({"resume_path": "/upload/candidate/file/1/temp/1622473200/cv.pdf"}),
        "experience_total" => json!({"experience_total_period": 52}),
        "desired_salary" => json!({"desired_salary": 7200}),
        "current_salary" => json!({"current_salary": 6100}),
        "gender" => json!({"gender": "female"}),
        "birth" => json!({"birth": "1994-05-06"}),
        "profile_img" => {
            json!({"profile_img_path": "/upload/candidate/file/1/temp/1622473200/me.png"})
        }
        "address" => json!({"address": "22 Yeoksam-ro, Gangnam-gu, Seoul"}),
        "experience" => {
            json!({"experiences": [{"company_name": "Nimbus Labs", "start_at": "2019-03", "currently_employed": true, "position": "Senior", "title": "Backend engineer"}]})
        }
        "education" => {
            json!({"educations": [{"school_name": "KAIST", "enter_at": "2012-03", "graduate_at": "2018-02", "graduate": true, "major": "Computer Science"}]})
        }
        "qualification" => {
            json!({"qualifications": [{"kind": "award", "name": "Engineer Information Processing", "institution_name": "HRD Korea", "grade": "Pass", "date": "2017-11-24"}]})
        }
        "training" => {
            json!({"trainings": [{"name": "Cloud native bootcamp", "institution_name": "Acme Academy", "start_date": "2020-01-06", "end_date": "2020-02-28"}]})
        }
        "language" => {
            json!({"languages": [{"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": "955", "date": "2023-04-01"}]})
        }
        "military_service" => json!({"checked": true, "military_service_status": "complete"}),
        "veteran_affair" => json!({"checked": true, "veteran_affair_code": "12-345678"}),
        "disability" => json!({"checked": false}),
        "date_type" => json!({"value": "2027-01-04"}),
        "text" | "textarea" => json!({"value": "I like building reliable systems."}),
        "dropdown" | "radio" => json!({"value": first}),
        "checkbox" => json!({"values": [first]}),
        "link" => json!({"links": ["https://github.com/harin"]}),
        "file_upload" => json!({"links": ["/upload/candidate/file/1/temp/1622473200/extra.pdf"]}),
        other => panic!("no sample answer for kind {other}"),
    }
}

/// Variant A answers to every question of `form`.
fn variant_a_answers(form: &Value) -> Vec<Value> {
    form["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            let opts = q["answer_options"].as_array().cloned().unwrap_or_default();
            json!({
                "question_id": q["id"],
                "kind": q["kind"],
                "answer": answer_for(q["kind"].as_str().unwrap(), &opts),
            })
        })
        .collect()
}

#[tokio::test]
async fn apply_variant_a_and_b_are_accepted_and_recorded() {
    let env = boot().await;
    let path_a = format!("/application_forms/{}/apply", codes::FORM_ALL_KINDS);
    let form = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_ALL_KINDS),
            None,
        )
        .await["resource"]
        .clone();
    let body_a = json!({"privacy": true, "questions": variant_a_answers(&form)});
    let app = env.ok(Method::POST, &path_a, Some(body_a.clone())).await["resource"].clone();
    for f in [
        "code",
        "name",
        "email",
        "phone",
        "duplicate",
        "birth",
        "privacy",
        "resume_path",
        "applied_at",
        "created_at",
        "updated_at",
    ] {
        assert!(app.get(f).is_some(), "Application field {f}");
    }
    assert_eq!(app["name"], "Yoon Ha-rin");
    assert_eq!(app["duplicate"], false);
    assert_eq!(app["privacy"], true);
    assert_eq!(app["birth"], "1994-05-06");
    assert_eq!(
        app["resume_path"],
        "/upload/candidate/file/1/temp/1622473200/cv.pdf"
    );

    // The applicant is now a candidate: memos can be written about them.
    let code = app["code"].as_str().unwrap();
    env.ok(Method::GET, &format!("/candidates/{code}/memos"), None)
        .await;

    let path_b = format!("/application_forms/{}/apply", codes::FORM_NO_IDS);
    let body_b = json!({
        "name": "Ahn Jae-min",
        "email": "jaemin.ahn@example.com",
        "phone": "010-9999-0000",
        "resume_path": "/upload/candidate/file/1/temp/1622473200/resume.pdf",
    });
    let app_b = env.ok(Method::POST, &path_b, Some(body_b.clone())).await["resource"].clone();
    assert_eq!(app_b["email"], "jaemin.ahn@example.com");
    assert_eq!(app_b["privacy"], false);

    // Applying again with the same e-mail is flagged as a duplicate.
    let again = env.ok(Method::POST, &path_b, Some(body_b.clone())).await["resource"].clone();
    assert_eq!(again["duplicate"], true);
    assert_eq!(again["code"], app_b["code"]);

    let recorded = env.ok(Method::GET, "/_sandbox/requests", None).await;
    let recorded = recorded.as_array().unwrap();
    assert_eq!(recorded.len(), 3);
    assert_eq!(recorded[0]["method"], "POST");
    assert_eq!(recorded[0]["path"], format!("/v1{path_a}"));
    assert_eq!(recorded[0]["body"], body_a);
    assert_eq!(recorded[1]["body"], body_b);
    assert!(recorded[1]["received_at"].is_string());
    env.sb.shutdown().await;
}

#[tokio::test]
async fn apply_is_validated_strictly() {
    let env = boot().await;
    let form = env
        .ok(
            Method::GET,
            &format!("/application_forms/{}", codes::FORM_ALL_KINDS),
            None,
        )
        .await["resource"]
        .clone();
    let path = format!("/application_forms/{}/apply", codes::FORM_ALL_KINDS);
    let all = variant_a_answers(&form);
    let required_textarea = form["questions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["kind"] == "textarea" && q["required"] == true)
        .unwrap()
        .clone();

    let expect_422 = |v: &Value, needle: &str| {
        assert_eq!(v["error"], "validation_failed", "{v}");
        let m = v["message"].as_str().unwrap();
        assert!(
            m.contains(needle),
            "message {m:?} should mention {needle:?}"
        );
    };

    // Missing required question.
    let without: Vec<Value> = all
        .iter()
        .filter(|a| a["question_id"] != required_textarea["id"])
        .cloned()
        .collect();
    let (s, v) = env
        .post(&path, json!({"privacy": true, "questions": without}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "required question missing");

    // Required answer field missing (textarea without value).
    let mut broken = all.clone();
    for a in broken.iter_mut() {
        if a["question_id"] == required_textarea["id"] {
            a["answer"] = json!({});
        }
    }
    let (s, v) = env
        .post(&path, json!({"privacy": true, "questions": broken}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "value is required");

    // Kind mismatch.
    let mut wrong_kind = all.clone();
    wrong_kind[0]["kind"] = json!("email");
    let (s, v) = env
        .post(&path, json!({"privacy": true, "questions": wrong_kind}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "does not match");

    // Unknown question id.
    let mut unknown = all.clone();
    unknown.push(json!({"question_id": 424242, "kind": "text", "answer": {"value": "x"}}));
    let (s, v) = env
        .post(&path, json!({"privacy": true, "questions": unknown}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "unknown question id 424242");

    // Bad enumerated value.
    let mut bad_gender = all.clone();
    for a in bad_gender.iter_mut() {
        if a["kind"] == "gender" {
            a["answer"] = json!({"gender": "robot"});
        }
    }
    let (s, v) = env
        .post(&path, json!({"privacy": true, "questions": bad_gender}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "gender");

    // Variant A needs privacy.
    let (s, v) = env.post(&path, json!({"questions": all})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "privacy");

    // Variant A cannot address the questions of the id-less form.
    let (s, v) = env
        .post(
            &format!("/application_forms/{}/apply", codes::FORM_NO_IDS),
            json!({"privacy": true, "questions": []}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "variant B");

    // Variant B needs its four basic fields.
    let (s, v) = env
        .post(
            &format!("/application_forms/{}/apply", codes::FORM_NO_IDS),
            json!({"name": "A", "email": "a@example.com", "phone": "010"}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "resume_path");

    // Expired forms take no applications; unknown forms are 404.
    let (s, v) = env
        .post(
            &format!("/application_forms/{}/apply", codes::FORM_EXPIRED),
            json!({"privacy": true, "questions": []}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    expect_422(&v, "expired");
    let (s, v) = env
        .post(
            "/application_forms/NOPE/apply",
            json!({"privacy": true, "questions": []}),
        )
        .await;
    assert_eq!((s, v), (StatusCode::NOT_FOUND, not_found_body()));

    // Rejected requests are recorded too, with their status.
    let recorded = env.ok(Method::GET, "/_sandbox/requests", None).await;
    let statuses: Vec<u64> = recorded
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses.len(), 10);
    assert!(statuses[..9].iter().all(|s| *s == 422));
    assert_eq!(statuses[9], 404);
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- memos

#[tokio::test]
async fn memo_lifecycle() {
    let env = boot().await;
    let base = "/candidates/C1002/memos";
    let before = env.ok(Method::GET, base, None).await["collection"]
        .as_array()
        .unwrap()
        .len();

    let top = env
        .ok(
            Method::POST,
            base,
            Some(json!({"content": "Portfolio looks great.", "accessible_role": "job_manager", "mentions": ["U1001"]})),
        )
        .await["resource"]
        .clone();
    assert_eq!(top["pinned"], false);
    assert!(top["fixed_at"].is_null());
    assert_eq!(top["accessible_role"], "job_manager");
    assert_eq!(top["mentions"], json!(["U1001"]));
    assert_eq!(top["user"]["code"], "U1000");
    assert!(top.get("replies").is_none());
    let top_id = top["id"].as_i64().unwrap();
    assert!(top_id > 119, "ids continue after the demo memos");

    let reply = env
        .ok(
            Method::POST,
            base,
            Some(json!({"content": "Agreed.", "parent_id": top_id})),
        )
        .await["resource"]
        .clone();
    let reply_id = reply["id"].as_i64().unwrap();
    assert_eq!(reply["parent_id"], json!(top_id));
    assert_eq!(reply["accessible_role"], "member");

    let list = env.ok(Method::GET, base, None).await["collection"].clone();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), before + 1, "the reply is not a top-level item");
    assert!(list.iter().all(|m| m["id"] != json!(reply_id)));
    let listed = list.iter().find(|m| m["id"] == json!(top_id)).unwrap();
    let replies = listed["replies"].as_array().unwrap();
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0]["id"], json!(reply_id));
    assert!(list.iter().all(|m| m["replies"].is_array()));

    let item = format!("{base}/{top_id}");
    let detail = env.ok(Method::GET, &item, None).await["resource"].clone();
    assert!(detail.get("replies").is_none(), "detail has no replies");
    assert_eq!(detail["content"], "Portfolio looks great.");

    let edited = env
        .ok(
            Method::PATCH,
            &item,
            Some(json!({"content": "Portfolio looks excellent.", "accessible_role": "job_admin"})),
        )
        .await["resource"]
        .clone();
    assert_eq!(edited["content"], "Portfolio looks excellent.");
    assert_eq!(edited["accessible_role"], "job_admin");
    assert_eq!(
        edited["mentions"],
        json!(["U1001"]),
        "fields not given are kept"
    );
    assert!(edited["updated_at"].is_string());

    let pinned = env.ok(Method::POST, &format!("{item}/pin"), None).await["resource"].clone();
    assert_eq!(pinned["pinned"], true);
    assert!(chrono::DateTime::parse_from_rfc3339(pinned["fixed_at"].as_str().unwrap()).is_ok());
    let unpinned = env.ok(Method::POST, &format!("{item}/pin"), None).await["resource"].clone();
    assert_eq!(unpinned["pinned"], false);
    assert!(unpinned["fixed_at"].is_null());

    let deleted = env.ok(Method::DELETE, &item, None).await["resource"].clone();
    assert_eq!(deleted["id"], json!(top_id));
    assert!(deleted.get("user").is_none(), "delete answer has no user");

    let (s, v) = env.get(&item).await;
    assert_eq!((s, v), (StatusCode::NOT_FOUND, not_found_body()));
    let (s, _) = env.get(&format!("{base}/{reply_id}")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "replies go with their parent");
    let after = env.ok(Method::GET, base, None).await["collection"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(after, before);
    env.sb.shutdown().await;
}

/// Memos the sandbox writes are stamped in the service's offset (`+09:00`), as its seed
/// memos are, and at the time of the request.
#[tokio::test]
async fn memo_stamps_are_in_kst_like_the_seed_data() {
    let env = boot().await;
    let base = "/candidates/C1002/memos";
    let kst = |v: &Value| {
        let stamp = v.as_str().unwrap_or_else(|| panic!("a stamp: {v}"));
        assert!(stamp.ends_with("+09:00"), "{stamp}");
        let at = chrono::DateTime::parse_from_rfc3339(stamp).unwrap();
        let off = (chrono::Utc::now() - at.with_timezone(&chrono::Utc)).num_seconds();
        assert!((0..60).contains(&off), "{stamp} is now");
    };
    let seed = env.ok(Method::GET, base, None).await["collection"][0].clone();
    assert!(
        seed["created_at"].as_str().unwrap().ends_with("+09:00"),
        "{seed}"
    );

    let memo = env
        .ok(
            Method::POST,
            base,
            Some(json!({"content": "Stamped in KST."})),
        )
        .await["resource"]
        .clone();
    kst(&memo["created_at"]);
    kst(&memo["updated_at"]);
    let item = format!("{base}/{}", memo["id"]);
    let edited = env
        .ok(Method::PATCH, &item, Some(json!({"content": "Edited."})))
        .await["resource"]
        .clone();
    kst(&edited["updated_at"]);
    let pinned = env.ok(Method::POST, &format!("{item}/pin"), None).await["resource"].clone();
    kst(&pinned["fixed_at"]);
    env.sb.shutdown().await;
}

#[tokio::test]
async fn memo_validation_and_not_found() {
    let env = boot().await;
    let base = "/candidates/C1001/memos";
    for (body, needle) in [
        (json!({}), "content"),
        (json!({"content": "  "}), "content"),
        (
            json!({"content": "x", "accessible_role": "boss"}),
            "accessible_role",
        ),
        (json!({"content": "x", "parent_id": 999999}), "parent_id"),
        // 106 belongs to another candidate.
        (json!({"content": "x", "parent_id": 106}), "parent_id"),
        (json!({"content": "x", "mentions": "U1001"}), "mentions"),
    ] {
        let (s, v) = env.post(base, body.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(v["error"], "validation_failed");
        assert!(v["message"].as_str().unwrap().contains(needle), "{v}");
    }
    for path in [
        "/candidates/C1001/memos/999999",
        "/candidates/C1001/memos/106",
        "/candidates/C1001/memos/abc",
        "/candidates/NOBODY/memos",
        // One segment: the candidate "a/b", which does not exist.
        "/candidates/a%2Fb/memos",
    ] {
        let (s, v) = env.get(path).await;
        assert_eq!((s, v), (StatusCode::NOT_FOUND, not_found_body()), "{path}");
    }
    // The demo candidate whose code contains a slash, sent percent-encoded.
    let list = env
        .ok(Method::GET, "/candidates/C%2F2001/memos", None)
        .await;
    assert_eq!(list["collection"][0]["id"], 119);
    let created = env
        .ok(
            Method::POST,
            "/candidates/C%2F2001/memos",
            Some(json!({"content": "hello"})),
        )
        .await;
    let id = created["resource"]["id"].as_i64().unwrap();
    env.ok(
        Method::GET,
        &format!("/candidates/C%2F2001/memos/{id}"),
        None,
    )
    .await;
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- form submissions

#[tokio::test]
async fn submissions_cursor_paging() {
    let env = boot().await;
    let first = env
        .ok(
            Method::GET,
            &format!("/candidates/{}/form_submissions", codes::CANDIDATE_MANY),
            None,
        )
        .await;
    assert_eq!(first["collection"].as_array().unwrap().len(), 20);
    assert_eq!(first["pagination"]["total_count"], 45);
    assert!(first["pagination"]["prev_url"].is_null());

    let mut seen = Vec::new();
    let mut kinds = HashSet::new();
    let mut page = first;
    let mut sizes = Vec::new();
    loop {
        let items = page["collection"].as_array().unwrap();
        sizes.push(items.len());
        for s in items {
            seen.push(s["code"].as_str().unwrap().to_string());
            kinds.insert(s["kind"].as_str().unwrap().to_string());
            assert!(s["form_template"]["id"].is_i64());
            for a in s["submission_answers"].as_array().unwrap() {
                assert!(a["answer_json_info"].is_object());
                assert!(a["question"]["id"].is_i64());
            }
        }
        match page["pagination"]["next_url"].as_str() {
            Some(next) => {
                assert!(next.starts_with(&format!(
                    "http://{}/v1/candidates/C1001/form_submissions?",
                    env.sb.addr
                )));
                assert!(next.contains("page_token="));
                page = env.ok(Method::GET, next, None).await;
                assert!(page["pagination"]["prev_url"].is_string());
            }
            None => break,
        }
    }
    assert_eq!(sizes, vec![20, 20, 5]);
    assert_eq!(seen.len(), 45);
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), 45);
    assert!(kinds.contains("message") && kinds.contains("reference_check"));

    let big = env
        .ok(
            Method::GET,
            "/candidates/C1001/form_submissions?per=100",
            None,
        )
        .await;
    assert_eq!(big["collection"].as_array().unwrap().len(), 45);
    assert!(big["pagination"]["next_url"].is_null());

    for bad in ["101", "0", "-1", "ten"] {
        let (s, v) = env
            .get(&format!("/candidates/C1001/form_submissions?per={bad}"))
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "per={bad}");
        assert_eq!(v["error"], "invalid_parameter");
    }
    let (s, v) = env.get("/candidates/NOBODY/form_submissions").await;
    assert_eq!((s, v), (StatusCode::NOT_FOUND, not_found_body()));
    let slash = env
        .ok(Method::GET, "/candidates/C%2F2001/form_submissions", None)
        .await;
    assert_eq!(slash["pagination"]["total_count"], 2);
    env.sb.shutdown().await;
}

#[tokio::test]
async fn synthetic_candidates_are_deterministic() {
    let a = boot_with(|o| o.synthetic_candidates = 200).await;
    let b = boot_with(|o| o.synthetic_candidates = 200).await;
    let mut max = 0;
    for i in [1usize, 3, 57, 200] {
        let code = format!("S{i:06}");
        let path = format!("/candidates/{code}/form_submissions?per=100");
        let pa = a.ok(Method::GET, &path, None).await;
        let pb = b.ok(Method::GET, &path, None).await;
        // Identical apart from the host-specific URLs.
        assert_eq!(pa["collection"], pb["collection"], "{code}");
        let total = pa["pagination"]["total_count"].as_u64().unwrap() as usize;
        assert_eq!(total, 1 + (i * 37 % 130), "{code}");
        max = max.max(total);
        assert_eq!(
            pa["collection"][0]["candidate_email"],
            format!("{}@synthetic.example", code.to_lowercase())
        );
        let memos = a
            .ok(Method::GET, &format!("/candidates/{code}/memos"), None)
            .await;
        assert_eq!(memos["collection"], json!([]));
    }
    assert!(
        max > 100,
        "some synthetic candidates have more than 100 submissions"
    );

    // S000003 has 112: walk them all with per=100.
    let mut page = a
        .ok(
            Method::GET,
            "/candidates/S000003/form_submissions?per=100",
            None,
        )
        .await;
    let mut n = page["collection"].as_array().unwrap().len();
    while let Some(next) = page["pagination"]["next_url"].as_str() {
        page = a.ok(Method::GET, next, None).await;
        n += page["collection"].as_array().unwrap().len();
    }
    assert_eq!(n, 112);

    for missing in ["S000201", "S000000", "S0000001"] {
        let (s, _) = a
            .get(&format!("/candidates/{missing}/form_submissions"))
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{missing}");
    }
    // Not stored: the state file stays small.
    let size = std::fs::metadata(a.sb.state_path()).unwrap().len();
    assert!(size < 400_000, "state file is {size} bytes");
    a.sb.shutdown().await;
    b.sb.shutdown().await;
}

// ---------------------------------------------------------------- options

#[tokio::test]
async fn a_fail_seed_repeats_the_same_faults_on_the_same_requests() {
    async fn pattern(seed: u64) -> Vec<u16> {
        let env = boot_with(|o| {
            o.faults.fail_rate = 0.3;
            o.faults.fail_seed = Some(seed);
        })
        .await;
        let mut codes = Vec::new();
        for _ in 0..40 {
            let resp = env
                .http
                .get(env.url("/application_forms"))
                .bearer_auth("sandbox-key")
                .send()
                .await
                .unwrap();
            codes.push(resp.status().as_u16());
        }
        env.sb.shutdown().await;
        codes
    }
    let a = pattern(42).await;
    assert_eq!(a, pattern(42).await, "same seed, same faults");
    let failed = a.iter().filter(|&&c| c != 200).count();
    assert!(
        (3..=25).contains(&failed),
        "{failed} of 40 failed at rate 0.3"
    );
    assert!(a.iter().all(|c| [200, 429, 503].contains(c)), "{a:?}");
    assert_ne!(a, pattern(43).await, "another seed, another pattern");
}

#[tokio::test]
async fn fail_rate_one_always_fails_without_acting() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.json");
    let env = boot_at(path.clone(), |o| o.faults.fail_rate = 1.0).await;
    let mut seen = HashSet::new();
    for _ in 0..30 {
        let resp = env
            .http
            .post(env.url("/candidates/C1003/memos"))
            .bearer_auth("sandbox-key")
            .json(&json!({"content": "should never be stored"}))
            .send()
            .await
            .unwrap();
        let status = resp.status();
        assert!(
            status == StatusCode::SERVICE_UNAVAILABLE || status == StatusCode::TOO_MANY_REQUESTS,
            "{status}"
        );
        assert_eq!(resp.headers()["retry-after"], "1");
        let v: Value = resp.json().await.unwrap();
        let expected = if status == StatusCode::TOO_MANY_REQUESTS {
            "rate_limited"
        } else {
            "service_unavailable"
        };
        assert_eq!(v["error"], expected);
        assert!(v["message"].is_string());
        seen.insert(status);
    }
    assert_eq!(seen.len(), 2, "both 503 and 429 occur");
    env.sb.shutdown().await;

    let calm = boot_at(path, |_| {}).await;
    let list = calm.ok(Method::GET, "/candidates/C1003/memos", None).await;
    let text = list.to_string();
    assert!(!text.contains("should never be stored"));
    calm.sb.shutdown().await;
}

#[tokio::test]
async fn latency_is_added() {
    let env = boot_with(|o| o.faults.latency = Duration::from_millis(150)).await;
    let t = std::time::Instant::now();
    env.ok(Method::GET, "/webhooks", None).await;
    assert!(t.elapsed() >= Duration::from_millis(150));
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- uploads

#[tokio::test]
async fn presign_and_upload_are_recorded() {
    let env = boot().await;
    let pre = env
        .ok(
            Method::POST,
            "/upload/presign",
            Some(json!({"filename": "my cv.pdf"})),
        )
        .await["resource"]
        .clone();
    let presigned = url::Url::parse(pre["presigned_url"].as_str().unwrap()).unwrap();
    let file_url = url::Url::parse(pre["file_url"].as_str().unwrap()).unwrap();
    let base = url::Url::parse(&env.sb.base_url()).unwrap();
    assert_ne!(
        presigned.origin(),
        base.origin(),
        "upload address is another origin"
    );
    assert_eq!(file_url.origin(), base.origin());
    assert!(file_url
        .path()
        .starts_with("/upload/candidate/file/1/temp/"));
    assert!(file_url.path().ends_with("/my%20cv.pdf"));

    let bytes = b"%PDF-1.4 pretend resume".to_vec();
    let resp = env
        .http
        .put(presigned.as_str())
        .body(bytes.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);

    let uploads = env.ok(Method::GET, "/_sandbox/uploads", None).await;
    let up = &uploads.as_array().unwrap()[0];
    assert_eq!(up["filename"], "my cv.pdf");
    assert_eq!(up["uploaded"], true);
    assert_eq!(up["size"], json!(bytes.len()));
    assert_eq!(up["had_authorization"], false);
    let decoded = percent_encoding::percent_decode_str(file_url.path())
        .decode_utf8()
        .unwrap();
    assert_eq!(up["file_path"], json!(decoded));

    let back = env.http.get(file_url.as_str()).send().await.unwrap();
    assert_eq!(back.status(), StatusCode::OK);
    assert_eq!(back.bytes().await.unwrap().to_vec(), bytes);

    // Sending the key to the upload address is noticed.
    let pre2 = env
        .ok(
            Method::POST,
            "/upload/presign",
            Some(json!({"filename": "b.txt"})),
        )
        .await["resource"]
        .clone();
    env.http
        .put(pre2["presigned_url"].as_str().unwrap())
        .bearer_auth("sandbox-key")
        .body("x")
        .send()
        .await
        .unwrap();
    let uploads = env.ok(Method::GET, "/_sandbox/uploads", None).await;
    assert_eq!(uploads[1]["had_authorization"], true);

    let (s, v) = env.post("/upload/presign", json!({})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"], "validation_failed");
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- webhooks CRUD

#[tokio::test]
async fn webhook_crud_keeps_extra_fields() {
    let env = boot().await;
    let list = env.ok(Method::GET, "/webhooks", None).await;
    assert_eq!(list["collection"].as_array().unwrap().len(), 2);
    let created = env
        .ok(
            Method::POST,
            "/webhooks",
            Some(json!({"callback_url": "https://example.org/hook", "events": ["candidate_pass", "brand_new_event"], "signing_key": "k1", "team": "platform"})),
        )
        .await["resource"]
        .clone();
    let code = created["code"].as_str().unwrap().to_string();
    assert!(code.starts_with("WH") && code.len() == 10, "{code}");
    assert_eq!(created["active"], true);
    assert_eq!(created["provider"], "round");
    assert_eq!(
        created["events"],
        json!(["candidate_pass", "brand_new_event"])
    );
    assert_eq!(created["team"], "platform");
    assert!(created["created_at"].is_string() && created["updated_at"].is_string());

    let edited = env
        .ok(
            Method::PATCH,
            &format!("/webhooks/{code}"),
            Some(json!({"active": false})),
        )
        .await["resource"]
        .clone();
    assert_eq!(edited["active"], false);
    assert_eq!(edited["callback_url"], "https://example.org/hook");
    let got = env
        .ok(Method::GET, &format!("/webhooks/{code}"), None)
        .await;
    assert_eq!(got["resource"]["active"], false);

    let (s, v) = env.post("/webhooks", json!({"events": []})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["message"].as_str().unwrap().contains("callback_url"));

    env.ok(Method::DELETE, &format!("/webhooks/{code}"), None)
        .await;
    let (s, v) = env.get(&format!("/webhooks/{code}")).await;
    assert_eq!((s, v), (StatusCode::NOT_FOUND, not_found_body()));
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- persistence

#[tokio::test]
async fn state_persists_across_starts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("state.json");
    let a = boot_at(path.clone(), |_| {}).await;
    let id = a
        .ok(
            Method::POST,
            "/candidates/C1004/memos",
            Some(json!({"content": "persist me"})),
        )
        .await["resource"]["id"]
        .clone();
    a.sb.shutdown().await;

    let b = boot_at(path.clone(), |_| {}).await;
    let got = b
        .ok(Method::GET, &format!("/candidates/C1004/memos/{id}"), None)
        .await;
    assert_eq!(got["resource"]["content"], "persist me");
    // Reset brings the demo data back.
    b.ok(Method::POST, "/_sandbox/reset", None).await;
    let (s, _) = b.get(&format!("/candidates/C1004/memos/{id}")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    b.sb.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_sandboxes_on_one_file_lose_no_update() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.json");
    let a = Arc::new(boot_at(path.clone(), |_| {}).await);
    let b = Arc::new(boot_at(path.clone(), |_| {}).await);
    let before = a.ok(Method::GET, "/candidates/C1005/memos", None).await["collection"]
        .as_array()
        .unwrap()
        .len();
    let mut tasks = Vec::new();
    for (name, env) in [("a", a.clone()), ("b", b.clone())] {
        for i in 0..20 {
            let env = env.clone();
            tasks.push(tokio::spawn(async move {
                env.ok(
                    Method::POST,
                    "/candidates/C1005/memos",
                    Some(json!({"content": format!("from {name} #{i}")})),
                )
                .await["resource"]["id"]
                    .as_i64()
                    .unwrap()
            }));
        }
    }
    let mut ids = HashSet::new();
    for t in tasks {
        ids.insert(t.await.unwrap());
    }
    assert_eq!(ids.len(), 40, "memo ids are unique across both servers");
    for env in [&a, &b] {
        let list = env.ok(Method::GET, "/candidates/C1005/memos", None).await;
        let list = list["collection"].as_array().unwrap();
        assert_eq!(list.len(), before + 40);
        for name in ["a", "b"] {
            for i in 0..20 {
                let content = format!("from {name} #{i}");
                assert!(
                    list.iter().any(|m| m["content"] == json!(content)),
                    "{content}"
                );
            }
        }
    }
    let a = Arc::try_unwrap(a).ok().unwrap();
    let b = Arc::try_unwrap(b).ok().unwrap();
    a.sb.shutdown().await;
    b.sb.shutdown().await;
}

// ---------------------------------------------------------------- webhook delivery

/// Headers and body of each call a receiver got.
type Calls = Vec<(axum::http::HeaderMap, Vec<u8>)>;

#[derive(Clone, Default)]
struct Received {
    calls: Arc<Mutex<Calls>>,
}

/// A receiver answering `statuses[n]` to its n-th call (the last one after that).
async fn receiver(statuses: Vec<u16>) -> (String, Received, tokio::task::JoinHandle<()>) {
    let got = Received::default();
    let state = (got.clone(), Arc::new(statuses));
    let app = axum::Router::new()
        .route(
            "/hook",
            axum::routing::post(
                |axum::extract::State((got, statuses)): axum::extract::State<(
                    Received,
                    Arc<Vec<u16>>,
                )>,
                 headers: axum::http::HeaderMap,
                 body: axum::body::Bytes| async move {
                    let n = {
                        let mut calls = got.calls.lock().unwrap();
                        calls.push((headers, body.to_vec()));
                        calls.len()
                    };
                    let code = statuses[(n - 1).min(statuses.len() - 1)];
                    axum::http::StatusCode::from_u16(code).unwrap()
                },
            ),
        )
        .with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let task = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    (url, got, task)
}

async fn attempts_of(env: &Env, code: &str, want_final: bool) -> Vec<Value> {
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    loop {
        let all = env.ok(Method::GET, "/_sandbox/deliveries", None).await;
        let mine: Vec<Value> = all
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["webhook_code"] == code)
            .cloned()
            .collect();
        if !want_final || mine.iter().any(|d| d["final"] == true) {
            return mine;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "deliveries never finished: {mine:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn webhook_retries_until_200_and_signs() {
    let env = boot_with(|o| o.retry_scale = 0.001).await;
    let (url, got, server) = receiver(vec![500, 500, 200]).await;
    let key = "whsec_test_key";
    let hook = env
        .ok(
            Method::POST,
            "/webhooks",
            Some(json!({"callback_url": url, "signing_key": key, "events": ["candidate_pass"]})),
        )
        .await["resource"]
        .clone();
    let code = hook["code"].as_str().unwrap();
    let payload = json!({"candidate": {"code": "C1001", "name": "Kim Min-jun"}, "stage": "passed"});
    let fired = env
        .ok(
            Method::POST,
            "/_sandbox/events",
            Some(json!({"action": "candidate_pass", "payload": payload})),
        )
        .await;
    let started = fired["resource"]["deliveries"].as_array().unwrap();
    assert!(started.iter().any(|d| d["webhook_code"] == code));

    let attempts = attempts_of(&env, code, true).await;
    let statuses: Vec<Value> = attempts.iter().map(|a| a["status"].clone()).collect();
    assert_eq!(statuses, vec![json!(500), json!(500), json!(200)]);
    assert_eq!(
        attempts
            .iter()
            .map(|a| a["attempt"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(attempts[2]["delivered"], true);
    assert_eq!(attempts[0]["delivered"], false);
    assert_eq!(attempts[0]["url"], json!(url));

    let calls = got.calls.lock().unwrap().clone();
    assert_eq!(calls.len(), 3);
    for (headers, body) in &calls {
        let v: Value = serde_json::from_slice(body).unwrap();
        assert_eq!(v, json!({"action": "candidate_pass", "payload": payload}));
        assert_eq!(headers["content-type"], "application/json");
        assert!(headers["user-agent"]
            .to_str()
            .unwrap()
            .starts_with("recruit-sandbox/"));
        let sig = headers["service-webhook-signature"].to_str().unwrap();
        let (t, v1) = sig.split_once(',').unwrap();
        let t: i64 = t.strip_prefix("t=").unwrap().parse().unwrap();
        let v1 = v1.strip_prefix("v1=").unwrap();
        assert_eq!(
            v1,
            recruit::webhook::signature::compute(key.as_bytes(), t, body)
        );
        assert!((chrono::Utc::now().timestamp() - t).abs() < 60);
    }
    server.abort();
    env.sb.shutdown().await;
}

#[tokio::test]
async fn webhook_answering_204_is_retried_five_times_then_dropped() {
    let env = boot_with(|o| o.retry_scale = 0.001).await;
    let (url, got, server) = receiver(vec![204]).await;
    let hook = env
        .ok(
            Method::POST,
            "/webhooks",
            Some(json!({"callback_url": url})),
        )
        .await["resource"]
        .clone();
    let code = hook["code"].as_str().unwrap();
    env.ok(
        Method::POST,
        "/_sandbox/events",
        Some(json!({"action": "feedback_created", "payload": {"feedback": {"id": 1}}})),
    )
    .await;
    let attempts = attempts_of(&env, code, true).await;
    assert_eq!(attempts.len(), 5);
    assert!(attempts
        .iter()
        .all(|a| a["status"] == 204 && a["delivered"] == false));
    assert_eq!(attempts[4]["final"], true);
    assert!(attempts[..4].iter().all(|a| a["final"] == false));
    assert_eq!(got.calls.lock().unwrap().len(), 5);
    // No signing key: no signature header.
    assert!(got.calls.lock().unwrap()[0]
        .0
        .get("service-webhook-signature")
        .is_none());
    server.abort();
    env.sb.shutdown().await;
}

#[tokio::test]
async fn applying_fires_candidate_stage_changed() {
    let env = boot_with(|o| o.retry_scale = 0.001).await;
    let (url, got, server) = receiver(vec![200]).await;
    let hook = env
        .ok(
            Method::POST,
            "/webhooks",
            Some(json!({"callback_url": url, "events": ["candidate_stage_changed"], "signing_key": "s"})),
        )
        .await["resource"]
        .clone();
    // An inactive hook and one for other events get nothing.
    env.ok(
        Method::POST,
        "/webhooks",
        Some(json!({"callback_url": url, "active": false})),
    )
    .await;
    env.ok(
        Method::POST,
        "/webhooks",
        Some(json!({"callback_url": url, "events": ["candidate_pass"]})),
    )
    .await;

    let app = env
        .ok(
            Method::POST,
            &format!("/application_forms/{}/apply", codes::FORM_NO_IDS),
            Some(json!({"name": "Seo Yu-jin", "email": "yujin.seo@example.com", "phone": "010-1234-0000", "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf"})),
        )
        .await["resource"]
        .clone();
    let attempts = attempts_of(&env, hook["code"].as_str().unwrap(), true).await;
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0]["action"], "candidate_stage_changed");
    let calls = got.calls.lock().unwrap().clone();
    assert_eq!(calls.len(), 1, "only the subscribed, active hook is called");
    let v: Value = serde_json::from_slice(&calls[0].1).unwrap();
    assert_eq!(v["action"], "candidate_stage_changed");
    assert_eq!(v["payload"]["candidate"]["code"], app["code"]);
    assert_eq!(v["payload"]["application_form"]["code"], codes::FORM_NO_IDS);
    assert_eq!(v["payload"]["job_stage"]["stage_kind"], "applied");
    server.abort();
    env.sb.shutdown().await;
}

// ---------------------------------------------------------------- `recruit sandbox`

#[test]
fn sandbox_command_rejects_bad_flags() {
    for args in [
        vec!["sandbox", "--fail-rate", "1.5"],
        vec!["sandbox", "--retry-scale", "0"],
    ] {
        let out = assert_cmd::Command::cargo_bin("recruit")
            .unwrap()
            .args(&args)
            .env(
                "RECRUIT_CONFIG_DIR",
                std::env::temp_dir().join("recruit-sandbox-test-cfg"),
            )
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(args[1]), "{err}");
    }
}

/// `recruit sandbox` on a free port with its state in `home`, and the lines of its stdout.
fn sandbox_command(
    home: &crate::common::Home,
    stderr: std::process::Stdio,
) -> (
    std::process::Child,
    std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
) {
    use std::io::BufRead;
    let mut child = home
        .std_cmd()
        .args(["sandbox", "--port", "0", "--state"])
        .arg(home.dir.path().join("s.json"))
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    (child, lines)
}

#[test]
fn sandbox_command_serves_and_names_a_busy_port() {
    let home = crate::common::Home::new();
    let (mut child, mut lines) = sandbox_command(&home, std::process::Stdio::null());
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
    let base = first.strip_prefix("base_url: ").unwrap().to_string();
    assert_eq!(second, "api_key: sandbox-key");
    let port: u16 = base
        .trim_end_matches("/v1")
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();

    let rt = tokio::runtime::Runtime::new().unwrap();
    let status = rt.block_on(async {
        client()
            .get(format!("{base}/application_forms"))
            .bearer_auth("sandbox-key")
            .send()
            .await
            .unwrap()
            .status()
    });
    assert_eq!(status, StatusCode::OK);

    let out = home
        .cmd()
        .args(["sandbox", "--port", &port.to_string(), "--state"])
        .arg(home.dir.path().join("other.json"))
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    // Not bad usage (the flag is well formed) but a failure to start: 1, naming the fix.
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "port {port} is already in use on 127.0.0.1; choose another with --port P"
        )),
        "{err}"
    );

    child.kill().unwrap();
    child.wait().unwrap();
}

/// A script that stops the sandbox as soon as it has read the address gets the orderly stop
/// (exit 0, "stopping" said), never the default kill of a signal nothing watched yet.
#[test]
fn sandbox_command_stopped_as_soon_as_it_speaks_stops_in_order() {
    let home = crate::common::Home::new();
    // stdout stays open (read to its end below): a closed one would end the sandbox with 141.
    let (mut child, mut stdout) = sandbox_command(&home, std::process::Stdio::piped());
    let first = stdout.next().unwrap().unwrap();
    assert!(first.starts_with("base_url: http://127.0.0.1:"), "{first}");
    crate::common::send_signal(&child, "TERM");
    let rest: Vec<String> = stdout.map_while(Result::ok).collect();
    let code = crate::common::wait_at_most(&mut child, 20);
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("stopping"), "{err}");
    assert!(rest.iter().any(|l| l.starts_with("api_key: ")), "{rest:?}");
}

#[tokio::test]
async fn hostile_page_tokens_are_400_not_crashes() {
    let env = boot().await;
    // Offsets at the edge of usize, and tokens that are not tokens.
    let huge = hex_token(&format!("o={}&p=20&t=", usize::MAX));
    // A well-formed token past the end of the list is an empty page; one that is not a token
    // is a 400 saying so.
    for (path, ok) in [
        (format!("/application_forms?page_token={huge}"), true),
        (format!("/webhooks?page_token={huge}"), true),
        (
            "/application_forms?page_token=not-a-token".to_string(),
            false,
        ),
        (
            "/candidates/C1001/form_submissions?page_token=zz".to_string(),
            false,
        ),
    ] {
        let (s, v) = env.get(&path).await;
        if ok {
            assert_eq!(s, StatusCode::OK, "{path}: {v}");
            assert_eq!(v["collection"], json!([]), "{path}");
        } else {
            assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {v}");
            assert_eq!(v["error"], "invalid_parameter", "{path}");
            assert_eq!(v["message"], "page_token is not valid", "{path}");
        }
    }
    // A cursor of another candidate's list is refused.
    let page = env
        .ok(Method::GET, "/candidates/C1001/form_submissions", None)
        .await;
    let next = page["pagination"]["next_url"].as_str().unwrap();
    let token = next
        .split("page_token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    let (s, _) = env
        .get(&format!(
            "/candidates/C1006/form_submissions?page_token={token}"
        ))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    env.sb.shutdown().await;
}

fn hex_token(text: &str) -> String {
    text.bytes().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn sandbox_command_fail_seed_repeats_its_faults() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("recruit");
    let rt = tokio::runtime::Runtime::new().unwrap();
    let statuses = |run: &str| -> Vec<u16> {
        let mut child = std::process::Command::new(&bin)
            .args([
                "sandbox",
                "--port",
                "0",
                "--fail-rate",
                "0.5",
                "--fail-seed",
                "5",
            ])
            .arg("--state")
            .arg(dir.path().join(format!("{run}.json")))
            .env("RECRUIT_CONFIG_DIR", dir.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let base = first.strip_prefix("base_url: ").unwrap().to_string();
        let codes = rt.block_on(async {
            let http = client();
            let mut codes = Vec::new();
            for _ in 0..24 {
                let resp = http
                    .get(format!("{base}/application_forms"))
                    .bearer_auth("sandbox-key")
                    .send()
                    .await
                    .unwrap();
                codes.push(resp.status().as_u16());
            }
            codes
        });
        child.kill().unwrap();
        child.wait().unwrap();
        codes
    };
    let a = statuses("a");
    assert!(a.iter().any(|&c| c != 200), "no fault at rate 0.5: {a:?}");
    assert!(a.contains(&200), "every request failed at rate 0.5: {a:?}");
    assert_eq!(a, statuses("b"), "the same seed failed other requests");
}
