//! `recruit mcp` driven as a child process by rmcp's client, against the sandbox: the tools
//! per access level and their annotations, every tool called once, refusals, error results
//! the server survives, an invalid application, and no API key in anything it wrote.

use crate::common::*;

use std::process::Stdio;

use recruit::sandbox::codes;
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Map, Value};
use tokio::io::AsyncReadExt;

pub(crate) struct Mcp {
    client: RunningService<RoleClient, ()>,
    stderr: tokio::process::ChildStderr,
    /// Everything the server answered, for the key check.
    seen: String,
}

async fn start(sb: &TestSandbox, access: &str) -> Mcp {
    start_with(sb, &["mcp", "--access", access]).await
}

/// `recruit ARGS` (an `mcp` command line) as a child process, pointed at `sb`.
pub(crate) async fn start_with(sb: &TestSandbox, args: &[&str]) -> Mcp {
    start_at(
        &sb.home,
        &sb.sandbox().base_url(),
        &sb.sandbox().api_key,
        args,
    )
    .await
}

/// `recruit ARGS` (an `mcp` command line) in `home`, on the service at `base` with `key`.
pub(crate) async fn start_at(home: &Home, base: &str, key: &str, args: &[&str]) -> Mcp {
    let mut cmd = tokio::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
    for (k, _) in std::env::vars() {
        if k.starts_with("RECRUIT_") {
            cmd.env_remove(k);
        }
    }
    cmd.env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env("RECRUIT_BASE_URL", base)
        .env("RECRUIT_API_KEY", key)
        .args(args);
    let (transport, stderr) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn recruit mcp");
    let client = ().serve(transport).await.expect("MCP handshake");
    Mcp {
        client,
        stderr: stderr.expect("stderr"),
        seen: String::new(),
    }
}

impl Mcp {
    pub(crate) async fn tools(&mut self) -> Vec<Tool> {
        let tools = self.client.list_all_tools().await.unwrap();
        self.seen.push_str(&serde_json::to_string(&tools).unwrap());
        tools
    }

    pub(crate) async fn call(&mut self, name: &str, args: Value) -> CallToolResult {
        let args: Map<String, Value> = args.as_object().cloned().unwrap_or_default();
        let r = self
            .client
            .call_tool(CallToolRequestParams::new(name.to_string()).with_arguments(args))
            .await
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        self.seen.push_str(&serde_json::to_string(&r).unwrap());
        r
    }

    /// A successful call's structured content (which is also its first text block).
    pub(crate) async fn ok(&mut self, name: &str, args: Value) -> Value {
        let r = self.call(name, args).await;
        assert_ne!(r.is_error, Some(true), "{name} failed: {}", text(&r));
        let body = r.structured_content.clone().expect("structuredContent");
        let first: Value = serde_json::from_str(&text(&r)).expect("a JSON text block");
        assert_eq!(
            first, body,
            "{name}: the text block is the structured content"
        );
        body
    }

    pub(crate) async fn err(&mut self, name: &str, args: Value) -> String {
        let r = self.call(name, args).await;
        assert_eq!(r.is_error, Some(true), "{name} should fail: {}", text(&r));
        text(&r)
    }

    /// Stop the server; what it wrote on stderr.
    pub(crate) async fn stop(mut self) -> String {
        self.client.cancel().await.unwrap();
        let mut err = String::new();
        let _ = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            self.stderr.read_to_string(&mut err),
        )
        .await;
        err + &self.seen
    }
}

fn text(r: &CallToolResult) -> String {
    r.content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

/// The lines for the model after the body (notes, warnings): the second text block.
pub(crate) fn notes(r: &CallToolResult) -> String {
    r.content
        .get(1)
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

fn names(tools: &[Tool]) -> Vec<String> {
    let mut n: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    n.sort();
    n
}

pub(crate) fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

const READ: [&str; 14] = [
    "candidates_get",
    "candidates_list",
    "candidates_search",
    "evaluations_get",
    "forms_get",
    "forms_list",
    "interviews_get",
    "jobs_list",
    "memos_get",
    "memos_list",
    "pipeline_report",
    "submissions_list",
    "webhooks_get",
    "webhooks_list",
];
const COMMENT: [&str; 4] = ["memos_create", "memos_edit", "memos_pin", "memos_unpin"];
const WRITE: [&str; 5] = [
    "forms_apply",
    "memos_delete",
    "webhooks_create",
    "webhooks_delete",
    "webhooks_edit",
];

#[test]
fn each_access_level_lists_its_tools_with_annotations() {
    let sb = TestSandbox::new();
    block_on(async {
        for (level, want) in [
            ("read", READ.to_vec()),
            ("comment", [READ.to_vec(), COMMENT.to_vec()].concat()),
            (
                "write",
                [READ.to_vec(), COMMENT.to_vec(), WRITE.to_vec()].concat(),
            ),
        ] {
            let mut m = start(&sb, level).await;
            let tools = m.tools().await;
            let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
            want.sort();
            assert_eq!(names(&tools), want, "--access {level}");
            for t in &tools {
                let a = t.annotations.as_ref().expect("annotations");
                let read = READ.contains(&t.name.as_ref());
                assert_eq!(a.read_only_hint, Some(read), "{}", t.name);
                let deletes = t.name.ends_with("_delete");
                assert_eq!(a.destructive_hint, Some(deletes), "{}", t.name);
                assert!(
                    t.description.as_deref().unwrap_or("").len() > 40,
                    "{}",
                    t.name
                );
                assert_eq!(t.input_schema.get("type"), Some(&json!("object")));
            }
            let get = |n: &str| tools.iter().find(|t| t.name == n).cloned();
            if level == "write" {
                let create = get("memos_create").unwrap();
                let role = &create.input_schema["properties"]["role"];
                assert_eq!(role["enum"], json!(["job_admin", "job_manager", "member"]));
                assert_eq!(
                    create.input_schema["properties"]["reply_to"]["type"],
                    json!("integer")
                );
                let apply = get("forms_apply").unwrap();
                assert_eq!(
                    apply.input_schema["properties"]["variant"]["enum"],
                    json!(["A", "B"])
                );
                assert_eq!(apply.input_schema["required"], json!(["code", "answers"]));
                let pin = get("memos_pin").unwrap();
                assert_eq!(pin.annotations.unwrap().idempotent_hint, Some(true));
            }
            m.stop().await;
        }
    });
}

#[test]
fn every_tool_works_once_and_errors_leave_the_server_serving() {
    let sb = TestSandbox::new();
    let key = sb.sandbox().api_key.clone();
    let logged = block_on(async {
        let mut m = start(&sb, "write").await;
        let c = codes::CANDIDATE_MANY;

        let forms = m.ok("forms_list", json!({})).await;
        assert!(forms["collection"].as_array().unwrap().len() <= 20);
        let all = m.ok("forms_list", json!({"all": true})).await;
        let every = all["collection"].as_array().unwrap().len();
        assert!(every > 20, "all pages merged: {every}");
        let two = m.ok("forms_list", json!({"limit": 2})).await;
        assert_eq!(two["collection"].as_array().unwrap().len(), 2);
        let form = m.ok("forms_get", json!({"code": codes::FORM_NO_IDS})).await;
        assert_eq!(form["resource"]["code"], json!(codes::FORM_NO_IDS));

        let memos = m.ok("memos_list", json!({"candidate": c})).await;
        let first = memos["collection"][0]["id"].as_i64().unwrap();
        let memo = m
            .ok("memos_get", json!({"candidate": c, "id": first}))
            .await;
        assert_eq!(memo["resource"]["id"], json!(first));

        // An error result, then the server keeps serving.
        let missing = m
            .err("memos_get", json!({"candidate": c, "id": 987654}))
            .await;
        assert!(
            missing.contains("memo 987654 not found on candidate C1001"),
            "{missing}"
        );
        assert!(missing.contains("404"), "{missing}");
        // An argument the tool does not take is refused, naming it; nothing is sent.
        let odd = m
            .err(
                "memos_get",
                json!({"candidate": c, "id": first, "colour": "red"}),
            )
            .await;
        assert!(
            odd.contains("memos_get takes no argument 'colour'"),
            "{odd}"
        );
        let subs = m
            .ok("submissions_list", json!({"candidate": c, "all": true}))
            .await;
        assert!(!subs["collection"].as_array().unwrap().is_empty());

        let created = m
            .ok(
                "memos_create",
                json!({"candidate": c, "content": "From the assistant", "role": "job_manager", "mentions": ["U1002"]}),
            )
            .await;
        let id = created["resource"]["id"].as_i64().unwrap();
        assert_eq!(created["resource"]["accessible_role"], json!("job_manager"));
        // A reply keeps its thread's role.
        let reply = m
            .ok(
                "memos_create",
                json!({"candidate": c, "content": "Agreed", "reply_to": id}),
            )
            .await;
        assert_eq!(reply["resource"]["accessible_role"], json!("job_manager"));
        let edited = m
            .ok(
                "memos_edit",
                json!({"candidate": c, "id": id, "content": "Edited"}),
            )
            .await;
        assert_eq!(edited["resource"]["content"], json!("Edited"));
        // Pin twice: still pinned (read first, not a blind toggle); unpin twice: unpinned.
        for _ in 0..2 {
            let p = m.ok("memos_pin", json!({"candidate": c, "id": id})).await;
            assert_eq!(p["resource"]["pinned"], json!(true));
        }
        for _ in 0..2 {
            let p = m.ok("memos_unpin", json!({"candidate": c, "id": id})).await;
            assert_eq!(p["resource"]["pinned"], json!(false));
        }
        m.ok("memos_delete", json!({"candidate": c, "id": id}))
            .await;
        let gone = m.err("memos_get", json!({"candidate": c, "id": id})).await;
        assert!(gone.contains("not found"), "{gone}");

        let hook = m
            .ok(
                "webhooks_create",
                json!({"callback_url": "https://hooks.example.com/r", "events": ["candidate_pass"], "signing_key": "whsec_mcp"}),
            )
            .await;
        let code = hook["resource"]["code"].as_str().unwrap().to_string();
        assert!(!m.ok("webhooks_list", json!({})).await["collection"]
            .as_array()
            .unwrap()
            .is_empty());
        m.ok("webhooks_get", json!({"code": code})).await;
        let off = m
            .ok("webhooks_edit", json!({"code": code, "active": false}))
            .await;
        assert_eq!(off["resource"]["active"], json!(false));
        m.ok("webhooks_delete", json!({"code": code})).await;
        // An event the service does not document is sent unchanged, with a warning.
        let r = m
            .call(
                "webhooks_create",
                json!({"callback_url": "https://x.example/", "events": ["hired"]}),
            )
            .await;
        assert_ne!(r.is_error, Some(true), "{}", text(&r));
        let created = r.structured_content.clone().expect("structuredContent");
        assert_eq!(created["resource"]["events"], json!(["hired"]));
        assert!(notes(&r).contains("'hired' is not one of"), "{r:?}");
        let bad_url = m
            .err(
                "webhooks_create",
                json!({"callback_url": "ftp://x.example/"}),
            )
            .await;
        assert!(
            bad_url.contains("callback_url 'ftp://x.example/' must be an http"),
            "{bad_url}"
        );

        // forms_apply: invalid answers list the problems and send nothing; dry_run returns the
        // request; a valid one is sent.
        let answers = json!({"privacy": true, "questions": [
            {"order": 1, "answer": {"name": "Min Park"}},
            {"order": 2, "answer": {"email": "not-an-email"}},
            {"order": 3, "answer": {"phone": "010-1111-2222"}},
            {"order": 4, "answer": {"resume_path": "/upload/candidate/file/1/temp/7/cv.pdf"}}
        ]});
        let invalid = m
            .err(
                "forms_apply",
                json!({"code": codes::FORM_NO_IDS, "answers": answers}),
            )
            .await;
        assert!(invalid.contains("e-mail"), "{invalid}");
        assert!(invalid.contains("nothing was sent"), "{invalid}");
        let mut good = answers.clone();
        good["questions"][1]["answer"]["email"] = json!("min.mcp@example.com");
        let body = m
            .ok(
                "forms_apply",
                json!({"code": codes::FORM_NO_IDS, "answers": good, "dry_run": true}),
            )
            .await;
        // The request as it would be sent: method, the whole URL, the body.
        assert_eq!(body["method"], "POST");
        assert_eq!(
            body["url"],
            format!(
                "{}/application_forms/{}/apply",
                sb.base_url(),
                codes::FORM_NO_IDS
            )
        );
        assert_eq!(body["body"]["email"], json!("min.mcp@example.com"));
        assert_eq!(
            body["body"]["resume_path"],
            json!("/upload/candidate/file/1/temp/7/cv.pdf")
        );
        let applied = m
            .ok(
                "forms_apply",
                json!({"code": codes::FORM_NO_IDS, "answers": good}),
            )
            .await;
        assert_eq!(applied["resource"]["email"], json!("min.mcp@example.com"));

        // Bad arguments are results too.
        let typed = m
            .err("memos_get", json!({"candidate": c, "id": "seven"}))
            .await;
        assert!(
            typed.contains("argument 'id' must be a whole number"),
            "{typed}"
        );
        m.stop().await
    });
    assert!(!logged.contains(&key), "the API key leaked: {logged}");
    let applies = sb.admin("/_sandbox/requests");
    assert_eq!(
        applies.len(),
        1,
        "only the valid application was sent: {applies:?}"
    );
}

/// The application forms_apply answers with is a candidate: at `--personal-data basic` (the
/// default) its birth, resume_path and profile_img_path are left out, as from candidates_get
/// (they came back as the service sent them); `full` gives them.
#[test]
fn forms_apply_answers_by_the_personal_data_policy() {
    let sb = TestSandbox::new();
    let answers = |email: &str| {
        json!({"privacy": true, "questions": [
            {"order": 1, "answer": {"name": "Min Park"}},
            {"order": 2, "answer": {"email": email}},
            {"order": 3, "answer": {"phone": "010-1111-2222"}},
            {"order": 4, "answer": {"resume_path": "/upload/candidate/file/1/temp/7/cv.pdf"}}
        ]})
    };
    block_on(async {
        let mut basic = start(&sb, "write").await;
        let r = basic
            .call(
                "forms_apply",
                json!({"code": codes::FORM_NO_IDS, "answers": answers("basic@example.com")}),
            )
            .await;
        assert_ne!(r.is_error, Some(true), "{}", text(&r));
        // Nowhere in the result: not the structured content, not a text block.
        let whole = serde_json::to_string(&r).unwrap();
        assert!(!whole.contains("cv.pdf"), "{whole}");
        let app = &r.structured_content.as_ref().unwrap()["resource"];
        assert_eq!(app["email"], "basic@example.com", "{app}");
        for k in ["birth", "resume_path", "profile_img_path"] {
            assert!(app.get(k).is_none(), "{k} in {app}");
        }
        basic.stop().await;

        let mut full = start_with(
            &sb,
            &["mcp", "--access", "write", "--personal-data", "full"],
        )
        .await;
        let app = full
            .ok(
                "forms_apply",
                json!({"code": codes::FORM_NO_IDS, "answers": answers("full@example.com")}),
            )
            .await;
        assert_eq!(
            app["resource"]["resume_path"],
            "/upload/candidate/file/1/temp/7/cv.pdf"
        );
        assert!(app["resource"].get("birth").is_some(), "{app}");
        full.stop().await;
    });
}

/// An evaluation's members are personal data too (their `phone`, the personal list's member
/// field): left out at `--personal-data basic`, given at `full`; the rest of a member stays.
#[test]
fn evaluations_get_leaves_out_members_phones_at_basic() {
    let sb = TestSandbox::new();
    block_on(async {
        let mut basic = start(&sb, "read").await;
        let ev = basic
            .ok("evaluations_get", json!({"code": "EV-1001"}))
            .await;
        let members = ev["resource"]["member_scores"].as_array().expect("members");
        assert!(!members.is_empty(), "{ev}");
        for m in members {
            assert!(m["user"].get("phone").is_none(), "{m}");
            assert!(m["user"].get("code").is_some(), "{m}");
        }
        basic.stop().await;

        let mut full = start_with(&sb, &["mcp", "--personal-data", "full"]).await;
        let ev = full.ok("evaluations_get", json!({"code": "EV-1001"})).await;
        let members = ev["resource"]["member_scores"].as_array().expect("members");
        assert!(
            members.iter().any(|m| m["user"]["phone"].is_string()),
            "{ev}"
        );
        full.stop().await;
    });
}

#[test]
fn a_write_is_refused_at_read_and_comment_and_not_sent() {
    let sb = TestSandbox::new();
    block_on(async {
        let mut m = start(&sb, "read").await;
        let memos = |v: Value| v["collection"].as_array().expect("a memo list").clone();
        let before = memos(m.ok("memos_list", json!({"candidate": "C1001"})).await);
        assert!(!before.is_empty());
        let refused = m
            .err(
                "memos_create",
                json!({"candidate": "C1001", "content": "refused memo"}),
            )
            .await;
        assert!(refused.contains("needs --access comment"), "{refused}");
        // Not sent: the candidate's memos are the same ones.
        let after = memos(m.ok("memos_list", json!({"candidate": "C1001"})).await);
        assert_eq!(after, before);
        m.stop().await;
        let mut m = start(&sb, "comment").await;
        let refused = m
            .err("memos_delete", json!({"candidate": "C1001", "id": 101}))
            .await;
        assert!(refused.contains("needs --access write"), "{refused}");
        // Still there.
        m.ok("memos_get", json!({"candidate": "C1001", "id": 101}))
            .await;
        m.stop().await;
    });
}

/// An event the service does not document: both front ends send it unchanged and say the same
/// words (the command on stderr, the tool in its result).
#[test]
fn the_command_and_the_tool_warn_alike_about_an_unknown_event_and_send_it() {
    let sb = TestSandbox::new();
    let out = sb.run(&[
        "webhooks",
        "create",
        "--callback-url",
        "https://hooks.example.com/cli",
        "--event",
        "offer_signed",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let cli_warning = stderr_of(&out)
        .lines()
        .find(|l| l.starts_with("warning: "))
        .unwrap_or_else(|| panic!("no warning: {}", stderr_of(&out)))
        .to_string();
    let tool_warning = block_on(async {
        let mut m = start(&sb, "write").await;
        let r = m
            .call(
                "webhooks_create",
                json!({"callback_url": "https://hooks.example.com/mcp", "events": ["offer_signed"]}),
            )
            .await;
        assert_ne!(r.is_error, Some(true), "{}", text(&r));
        m.stop().await;
        notes(&r)
    });
    assert!(
        cli_warning.contains("'offer_signed' is not one of the documented events"),
        "{cli_warning}"
    );
    assert_eq!(tool_warning, cli_warning);
    let hooks = sb.run(&["webhooks", "list", "-o", "json"]);
    let listed: Value = serde_json::from_slice(&hooks.stdout).unwrap();
    let sent: Vec<&Value> = listed["collection"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["events"] == json!(["offer_signed"]))
        .collect();
    assert_eq!(
        sent.len(),
        2,
        "both registrations were sent as given: {listed}"
    );
}

/// `recruit mcp` with no base URL and no key: it starts, lists its tools, and each call that
/// needs the service answers with what to set.
#[test]
fn mcp_starts_without_configuration_and_says_what_to_set() {
    let home = Home::new();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut cmd = tokio::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
        for (k, _) in std::env::vars() {
            if k.starts_with("RECRUIT_") {
                cmd.env_remove(k);
            }
        }
        cmd.env("RECRUIT_CONFIG_DIR", home.config_dir())
            .env("RECRUIT_DATA_DIR", home.data_dir())
            .args(["mcp", "--access", "write"]);
        let (transport, stderr) = TokioChildProcess::builder(cmd)
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn recruit mcp");
        let client = ().serve(transport).await.expect("the handshake, unconfigured");
        let mut m = Mcp {
            client,
            stderr: stderr.expect("stderr"),
            seen: String::new(),
        };
        assert!(names(&m.tools().await).contains(&"forms_list".to_string()));
        for (tool, args) in [
            ("forms_list", json!({})),
            ("memos_get", json!({"candidate": "C1001", "id": "101"})),
            (
                "memos_delete",
                json!({"candidate": "C1001", "id": 101, "dry_run": true}),
            ),
        ] {
            let e = m.err(tool, args).await;
            for fix in [
                "recruit auth login",
                "RECRUIT_BASE_URL",
                "RECRUIT_API_KEY",
                "--sandbox",
            ] {
                assert!(e.contains(fix), "{tool}: {e} should name {fix}");
            }
        }
        // Resources need the service too: no forms to list (an empty list, not -32602 "invalid
        // params" for a request that had none), and reading one names the fix, not a crash.
        let listed = m.client.list_all_resources().await.expect("an empty list");
        assert!(listed.is_empty(), "{listed:?}");
        let form = rmcp::model::ReadResourceRequestParams::new("recruit://forms/FORM-1001");
        let e = m.client.read_resource(form).await.unwrap_err();
        assert!(e.to_string().contains("RECRUIT_BASE_URL"), "{e}");
        // Still serving.
        assert!(!m.tools().await.is_empty());
        let err = m.stop().await;
        assert!(err.contains("starts unconfigured"), "{err}");
    });
}

/// What an assistant relies on: string ids, the valid arguments named, pins that say when
/// nothing changed, dry runs of every write tool that send nothing.
#[test]
fn mcp_string_ids_argument_lists_pins_and_dry_runs() {
    let sb = TestSandbox::new();
    block_on(async {
        let mut m = start(&sb, "write").await;
        let memo = m
            .ok("memos_get", json!({"candidate": "C1001", "id": "101"}))
            .await;
        assert_eq!(memo["resource"]["id"], 101);
        let e = m
            .err(
                "memos_get",
                json!({"candidate": "C1001", "id": 101, "memo": 1}),
            )
            .await;
        assert!(
            e.contains("memos_get takes no argument 'memo'; its arguments are: candidate, id"),
            "{e}"
        );
        let e = m.err("webhooks_list", json!({"x": 1})).await;
        assert!(
            e.contains("its arguments are: page_token, all, limit, full")
                || e.contains("it takes no arguments"),
            "{e}"
        );

        // Memo 101 is pinned: a pin is a no-op that says so; an unpin then a second unpin.
        let r = m
            .call("memos_pin", json!({"candidate": "C1001", "id": 101}))
            .await;
        assert_ne!(r.is_error, Some(true));
        assert!(notes(&r).contains("already pinned"), "{r:?}");
        let r = m
            .call("memos_unpin", json!({"candidate": "C1001", "id": 101}))
            .await;
        assert!(!notes(&r).contains("already"), "{r:?}");
        let r = m
            .call("memos_unpin", json!({"candidate": "C1001", "id": 101}))
            .await;
        assert!(notes(&r).contains("already unpinned"), "{r:?}");

        let base = sb.base_url();
        // The sandbox's own runtime answers the stats, from a thread outside this one.
        let answered = || {
            std::thread::scope(|t| {
                t.spawn(|| {
                    sb.admin_value("/_sandbox/stats")["answered"]
                        .as_u64()
                        .unwrap()
                })
                .join()
                .unwrap()
            })
        };
        let before = answered();
        let cases = [
            (
                "memos_create",
                json!({"candidate": "C1001", "content": "dry", "role": "member", "dry_run": true}),
                "POST",
                "/candidates/C1001/memos".to_string(),
                0,
            ),
            (
                "memos_edit",
                json!({"candidate": "C1001", "id": "102", "content": "dry", "dry_run": true}),
                "PATCH",
                "/candidates/C1001/memos/102".to_string(),
                0,
            ),
            (
                "memos_delete",
                json!({"candidate": "C1001", "id": 102, "dry_run": true}),
                "DELETE",
                "/candidates/C1001/memos/102".to_string(),
                0,
            ),
            (
                "memos_pin",
                json!({"candidate": "C1001", "id": 101, "dry_run": true}),
                "POST",
                "/candidates/C1001/memos/101/pin".to_string(),
                1,
            ),
            (
                "webhooks_create",
                json!({"callback_url": "https://hooks.example.com/d", "signing_key": "sk-mcp-dry-9876", "dry_run": true}),
                "POST",
                "/webhooks".to_string(),
                0,
            ),
            (
                "webhooks_edit",
                json!({"code": "WH10000001", "active": false, "dry_run": true}),
                "PATCH",
                "/webhooks/WH10000001".to_string(),
                0,
            ),
            (
                "webhooks_delete",
                json!({"code": "WH10000001", "dry_run": true}),
                "DELETE",
                "/webhooks/WH10000001".to_string(),
                0,
            ),
        ];
        let mut reads = 0;
        for (tool, args, method, path, read) in cases {
            let r = m.call(tool, args).await;
            assert_ne!(r.is_error, Some(true), "{tool}: {}", text(&r));
            let v = r.structured_content.clone().expect("structuredContent");
            assert_eq!(v["method"], method, "{tool}: {v}");
            assert_eq!(v["url"], format!("{base}{path}"), "{tool}: {v}");
            assert!(
                notes(&r).contains("dry run: nothing was sent"),
                "{tool}: {r:?}"
            );
            reads += read;
        }
        let after = answered();
        assert_eq!(after - before, reads, "only the pin's read was sent");
        // The signing key is masked even in a dry run's body.
        let r = m
            .ok("webhooks_create", json!({"callback_url": "https://hooks.example.com/d", "signing_key": "sk-mcp-dry-9876", "dry_run": true}))
            .await;
        assert_eq!(r["body"]["callback_url"], "https://hooks.example.com/d");
        assert_ne!(r["body"]["signing_key"], "sk-mcp-dry-9876");
        let seen = m.stop().await;
        assert!(!seen.contains("sk-mcp-dry-9876"), "the key leaked");
    });
}

/// Forms as resources (listed, and read through the template's address: text and JSON),
/// prompts listed and filled, compact lists with a note, the protocol version negotiated.
#[test]
fn mcp_resources_prompts_and_compact_lists() {
    let sb = TestSandbox::new();
    block_on(async {
        let mut m = start(&sb, "read").await;
        let info = m.client.peer_info().expect("server info");
        assert_eq!(
            info.protocol_version,
            rmcp::model::ProtocolVersion::LATEST_WITH_INITIALIZE,
            "rmcp's client asks for the newest revision with a handshake and gets it"
        );
        assert!(info.capabilities.resources.is_some() && info.capabilities.prompts.is_some());

        let resources = m.client.list_all_resources().await.unwrap();
        let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
        assert!(uris.contains(&"recruit://forms/FORM-1001"), "{uris:?}");
        assert!(uris.len() > 20, "every form, not a page: {}", uris.len());
        let templates = m.client.list_all_resource_templates().await.unwrap();
        assert_eq!(templates[0].uri_template, "recruit://forms/{code}");
        let read = m
            .client
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "recruit://forms/FORM-ALLKINDS",
            ))
            .await
            .unwrap();
        let texts: Vec<(Option<String>, String)> = read
            .contents
            .iter()
            .map(|c| match c {
                rmcp::model::ResourceContents::TextResourceContents {
                    mime_type, text, ..
                } => (mime_type.clone(), text.clone()),
                other => panic!("not text: {other:?}"),
            })
            .collect();
        assert_eq!(texts.len(), 2);
        assert_eq!(texts[0].0.as_deref(), Some("text/plain"));
        assert!(texts[0].1.contains("Questions ("), "{}", texts[0].1);
        assert!(!texts[0].1.contains("<h2>"), "the HTML as text");
        assert_eq!(texts[1].0.as_deref(), Some("application/json"));
        let form: Value = serde_json::from_str(&texts[1].1).unwrap();
        assert_eq!(form["resource"]["code"], "FORM-ALLKINDS");
        let missing = m
            .client
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "recruit://forms/FORM-NOPE",
            ))
            .await
            .unwrap_err()
            .to_string();
        assert!(missing.contains("FORM-NOPE"), "{missing}");

        let prompts = m.client.list_all_prompts().await.unwrap();
        let pnames: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(pnames, ["screen_candidate", "draft_memo_reply"]);
        let mut args = Map::new();
        args.insert("candidate".into(), json!("C1001"));
        args.insert("form".into(), json!("FORM-1001"));
        let p = m
            .client
            .get_prompt(
                rmcp::model::GetPromptRequestParams::new("screen_candidate").with_arguments(args),
            )
            .await
            .unwrap();
        let text = serde_json::to_string(&p.messages).unwrap();
        assert!(
            text.contains("submissions_list")
                && text.contains("C1001")
                && text.contains("FORM-1001"),
            "{text}"
        );
        let e = m
            .client
            .get_prompt(rmcp::model::GetPromptRequestParams::new("draft_memo_reply"))
            .await
            .unwrap_err()
            .to_string();
        assert!(e.contains("needs the argument 'candidate'"), "{e}");

        // A list with all: compact items and a note; full: true the items as sent.
        let r = m.call("forms_list", json!({"all": true})).await;
        let compact = r.structured_content.clone().unwrap();
        assert!(notes(&r).contains("forms_get"), "{r:?}");
        let full = m.ok("forms_list", json!({"all": true, "full": true})).await;
        let (c, f) = (compact.to_string(), full.to_string());
        assert!(!c.contains("<li>") && f.contains("<li>"));
        assert!(c.len() < f.len(), "compact {} vs full {}", c.len(), f.len());
        for item in compact["collection"].as_array().unwrap() {
            for key in ["content", "requirement_content", "benefit_content"] {
                if let Some(t) = item[key].as_str() {
                    assert!(t.chars().count() <= 280, "{key} cut short: {t}");
                }
            }
        }
        assert_eq!(
            compact["collection"].as_array().unwrap().len(),
            full["collection"].as_array().unwrap().len()
        );
        m.stop().await;
    });
}

/// The tools' argument errors are messages: in Korean under `--lang ko` (the tool names,
/// argument names and values as given), in English by default (the tests above).
#[test]
fn argument_errors_speak_the_servers_language() {
    let sb = TestSandbox::new();
    block_on(async {
        let mut m = start_with(&sb, &["--lang", "ko", "mcp", "--access", "read"]).await;
        let e = m
            .err("memos_get", json!({"candidate": "C1001", "id": "seven"}))
            .await;
        assert_eq!(
            e,
            "오류: 인자 'id'은(는) 1 이상의 정수여야 합니다(받은 값: \"seven\")"
        );
        let e = m
            .err(
                "memos_get",
                json!({"candidate": "C1001", "id": 101, "memo": 1}),
            )
            .await;
        assert_eq!(
            e,
            "memos_get에는 'memo' 인자가 없습니다; 인자는 candidate, id입니다"
        );
        let e = m.err("memos_create", json!({"candidate": "C1001"})).await;
        assert!(
            e.starts_with("memos_create에는 --access comment가 필요합니다"),
            "{e}"
        );
        m.stop().await
    });
}

/// A build without the `mcp` feature refuses `recruit mcp` with exit 2 and serves nothing.
/// The test build stands in for one through `RECRUIT_TEST_WITHOUT` (no second build).
#[test]
fn a_build_without_mcp_refuses_it_with_exit_2() {
    let home = Home::new();
    let out = home
        .sandbox()
        .env("RECRUIT_TEST_WITHOUT", "mcp")
        .args(["mcp", "--access", "write"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "");
    let err = stderr_of(&out);
    assert!(
        err.contains("this recruit was built without the MCP server (the `mcp` feature)"),
        "{err}"
    );
    assert!(!err.contains("serving on stdio"), "{err}");
    // Without PostgreSQL only, the server is there: it starts, and stops at the end of stdin.
    let out = home
        .sandbox()
        .env("RECRUIT_TEST_WITHOUT", "postgres")
        .args(["mcp"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(
        stderr_of(&out).contains("serving on stdio"),
        "{}",
        stderr_of(&out)
    );
}
