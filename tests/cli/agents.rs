//! recruit for programs and agents (issue 28): the JSON error envelope and JSON messages on
//! stderr, dry runs that send nothing.

use crate::common::*;

use serde_json::Value;

/// Every line of stderr as JSON (the test fails on a line that is not).
fn json_lines(out: &std::process::Output) -> Vec<Value> {
    stderr_of(out)
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("stderr line {l:?} is not JSON: {e}"))
        })
        .collect()
}

/// The one error envelope of a failed run, checked against its exit code.
fn envelope(out: &std::process::Output) -> Value {
    let lines = json_lines(out);
    let errors: Vec<&Value> = lines.iter().filter(|l| l.get("error").is_some()).collect();
    assert_eq!(errors.len(), 1, "one error line: {lines:?}");
    let e = errors[0]["error"].clone();
    assert_eq!(
        e["exit_code"].as_i64(),
        out.status.code().map(i64::from),
        "the envelope's exit code is the process's: {e}"
    );
    let keys: Vec<&str> = e.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    let mut keys = keys;
    keys.sort();
    assert_eq!(
        keys,
        ["code", "exit_code", "http_status", "message", "retryable"]
    );
    e
}

#[test]
fn a_404_is_one_json_error_line_with_exit_3() {
    let sb = TestSandbox::new();
    let out = sb.run(&["-o", "json", "memos", "get", "C1001", "999"]);
    assert_eq!(out.status.code(), Some(3));
    let e = envelope(&out);
    assert_eq!(e["code"], "not_found");
    assert_eq!(e["http_status"], 404);
    assert_eq!(e["retryable"], false);
    let msg = e["message"].as_str().unwrap();
    assert!(
        msg.contains("memo 999 not found on candidate C1001"),
        "{msg}"
    );
    assert!(stdout_of(&out).is_empty());
    // -o table: the same failure as text, for people.
    let out = sb.run(&["-o", "table", "memos", "get", "C1001", "999"]);
    assert_eq!(out.status.code(), Some(3));
    let text = stderr_of(&out);
    assert!(
        text.starts_with("error: memo 999 not found on candidate C1001"),
        "{text}"
    );
}

#[test]
fn a_401_is_auth_exit_4_and_the_key_is_not_in_it() {
    let sb = TestSandbox::new();
    let out = sb
        .cmd()
        .env("RECRUIT_API_KEY", "wrong-key-4242")
        .env("RECRUIT_OUTPUT", "ndjson")
        .args(["forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let e = envelope(&out);
    assert_eq!(e["code"], "auth");
    assert_eq!(e["http_status"], 401);
    assert_eq!(e["retryable"], false);
    assert!(!stderr_of(&out).contains("wrong-key-4242"));
}

#[test]
fn a_usage_error_from_the_argument_parser_is_json_too() {
    let home = Home::new();
    for args in [
        &["-o", "json", "forms", "list", "--bogus"][..],
        &["forms", "list", "--output=ndjson", "--bogus"],
    ] {
        let out = home.cmd().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let e = envelope(&out);
        assert_eq!(e["code"], "usage");
        assert_eq!(e["http_status"], Value::Null);
        let msg = e["message"].as_str().unwrap();
        assert!(msg.contains("--bogus"), "{msg}");
        assert!(!msg.starts_with("error:"), "{msg}");
    }
    // The variable asks for it too; a bad value of a flag is a usage error like any.
    let out = home
        .cmd()
        .env("RECRUIT_OUTPUT", "json")
        .args(["memos", "get", "C1001", "abc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = envelope(&out);
    assert!(e["message"].as_str().unwrap().contains("memo id"), "{e}");
    // Without -o json: clap's own text, usage lines and all.
    let out = home
        .cmd()
        .args(["forms", "list", "--bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).starts_with("error: unexpected argument '--bogus'"));
}

#[test]
fn a_network_failure_is_retryable_exit_7() {
    let home = Home::new();
    let (port, _refusing) = refusing_port();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", format!("http://127.0.0.1:{port}/v1"))
        .env("RECRUIT_API_KEY", "k-net-1234")
        .args(["--retries", "0", "-o", "json", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7));
    let e = envelope(&out);
    assert_eq!(e["code"], "network");
    assert_eq!(e["retryable"], true);
    assert_eq!(e["http_status"], Value::Null);
}

#[test]
fn the_profiles_output_asks_for_json_errors_too() {
    let sb = TestSandbox::new();
    let set = sb.run(&["config", "set", "output", "json"]);
    assert_eq!(set.status.code(), Some(0), "{}", stderr_of(&set));
    let out = sb.run(&["forms", "get", "FORM-NOPE"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(envelope(&out)["code"], "not_found");
}

#[test]
fn notes_and_warnings_are_json_lines() {
    let sb = TestSandbox::new();
    // A note (the list was cut to a page) and a warning (the key on the command line).
    let key = sb.sandbox().api_key.clone();
    let out = sb.run(&["-o", "json", "--api-key", &key, "forms", "list"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let lines = json_lines(&out);
    assert!(
        lines.iter().any(|l| l["warning"]
            .as_str()
            .is_some_and(|w| w.starts_with("--api-key on the command line"))),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l["note"]
            .as_str()
            .is_some_and(|n| n.starts_with("showing 20 of"))),
        "{lines:?}"
    );
    // The same run for people: text lines.
    let out = sb.run(&["-o", "table", "--api-key", &key, "forms", "list"]);
    let text = stderr_of(&out);
    assert!(
        text.lines()
            .any(|l| l.starts_with("warning: --api-key on the command line")),
        "{text}"
    );
}

/// `/v1` answers the sandbox has given so far.
fn answered(sb: &TestSandbox) -> u64 {
    sb.admin_value("/_sandbox/stats")["answered"]
        .as_u64()
        .expect("a count")
}

/// Every mutation's `--dry-run` prints the exact request (the whole URL, the body as it would
/// be sent) and sends nothing: the sandbox answers only the reads a dry run may make (a
/// reply's parent, a memo's pin state), and the data is unchanged.
#[test]
fn every_mutations_dry_run_prints_the_request_and_sends_nothing() {
    let sb = TestSandbox::new();
    let base = sb.base_url();
    let file = sb.home.dir.path().join("cv.pdf");
    std::fs::write(&file, b"%PDF-1.4 four").unwrap();
    let file = file.to_str().unwrap().to_string();
    let answers = sb.file(
        "answers.json",
        &serde_json::json!({"privacy": true, "questions": [
            {"order": 1, "answer": {"name": "Min Park"}},
            {"order": 2, "answer": {"email": "min.dry@example.com"}},
            {"order": 3, "answer": {"phone": "010-1111-2222"}},
            {"order": 4, "answer": {"resume_path": "/upload/candidate/file/1/temp/7/cv.pdf"}}
        ]}),
    );
    let memos_before = sb.run(&["-o", "json", "memos", "list", "C1001"]).stdout;
    let hooks_before = sb.run(&["-o", "json", "webhooks", "list"]).stdout;
    // (arguments, reads allowed, method, path, body)
    let cases: Vec<(Vec<&str>, u64, Value, &str, Value)> = vec![
        (
            vec![
                "memos",
                "create",
                "C1001",
                "--content",
                "Strong portfolio",
                "--role",
                "member",
            ],
            0,
            "POST".into(),
            "/candidates/C1001/memos",
            serde_json::json!({"content": "Strong portfolio", "accessible_role": "member"}),
        ),
        (
            // A reply takes its parent's role: read first, as the real run does.
            vec![
                "memos",
                "create",
                "C1001",
                "--reply-to",
                "101",
                "--content",
                "Agreed",
            ],
            1,
            "POST".into(),
            "/candidates/C1001/memos",
            serde_json::json!({"content": "Agreed", "parent_id": 101, "accessible_role": "job_manager"}),
        ),
        (
            vec!["memos", "edit", "C1001", "101", "--content", "Updated"],
            0,
            "PATCH".into(),
            "/candidates/C1001/memos/101",
            serde_json::json!({"content": "Updated"}),
        ),
        (
            // No --yes: a dry run deletes nothing, so it asks nothing.
            vec!["memos", "delete", "C1001", "101"],
            0,
            "DELETE".into(),
            "/candidates/C1001/memos/101",
            Value::Null,
        ),
        (
            vec!["memos", "unpin", "C1001", "101"],
            1,
            "POST".into(),
            "/candidates/C1001/memos/101/pin",
            Value::Null,
        ),
        (
            vec![
                "webhooks",
                "create",
                "--callback-url",
                "https://hooks.example.com/r",
                "--event",
                "candidate_pass",
                "--signing-key",
                "sk-dry-1234",
            ],
            0,
            "POST".into(),
            "/webhooks",
            serde_json::json!({"callback_url": "https://hooks.example.com/r",
                "events": ["candidate_pass"], "signing_key": "sk-dry-1234", "active": true}),
        ),
        (
            vec!["webhooks", "edit", "WH10000001", "--inactive"],
            0,
            "PATCH".into(),
            "/webhooks/WH10000001",
            serde_json::json!({"active": false}),
        ),
        (
            vec!["webhooks", "delete", "WH10000001"],
            0,
            "DELETE".into(),
            "/webhooks/WH10000001",
            Value::Null,
        ),
        (
            vec!["files", "upload", &file],
            0,
            "POST".into(),
            "/upload/presign",
            serde_json::json!({"filename": "cv.pdf"}),
        ),
        (
            // The form is read to check the answers; the application is not sent.
            vec!["forms", "apply", "FORM-NOIDS", "--answers", &answers],
            1,
            "POST".into(),
            "/application_forms/FORM-NOIDS/apply",
            Value::Null,
        ),
    ];
    for (args, reads, method, path, body) in cases {
        let before = answered(&sb);
        let out = sb
            .cmd()
            .args(["-o", "json"])
            .args(&args)
            .arg("--dry-run")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        assert_eq!(
            answered(&sb) - before,
            reads,
            "{args:?}: only the reads a dry run needs were sent"
        );
        let printed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(printed["method"], method, "{args:?}");
        assert_eq!(printed["url"], format!("{base}{path}"), "{args:?}");
        if args[0] == "forms" {
            // The body as sent: variant A, the answers as the service takes them.
            assert_eq!(printed["body"]["email"], "min.dry@example.com", "{printed}");
        } else {
            assert_eq!(printed["body"], body, "{args:?}");
        }
        assert!(
            json_lines(&out).contains(&serde_json::json!({"note": "dry run: nothing was sent"})),
            "{args:?}: {}",
            stderr_of(&out)
        );
    }
    assert!(sb.requests().is_empty(), "no application received");
    assert!(sb.uploads().is_empty(), "no upload received");
    assert_eq!(
        sb.run(&["-o", "json", "memos", "list", "C1001"]).stdout,
        memos_before
    );
    assert_eq!(
        sb.run(&["-o", "json", "webhooks", "list"]).stdout,
        hooks_before
    );
}

/// A pin's dry run reads the memo and says whether a toggle would be needed.
#[test]
fn a_pin_dry_run_says_whether_a_toggle_is_needed() {
    let sb = TestSandbox::new();
    let pinned = |id: &str| -> bool {
        let out = sb.run(&["-o", "json", "memos", "get", "C1001", id]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["resource"]["pinned"].as_bool().unwrap_or(false)
    };
    assert!(pinned("101"), "the demo's memo 101 is pinned");
    let out = sb.run(&["-o", "json", "memos", "pin", "C1001", "101", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["toggle_needed"], false);
    assert_eq!(v["method"], Value::Null);
    assert!(
        stderr_of(&out).contains("already pinned"),
        "{}",
        stderr_of(&out)
    );
    let out = sb.run(&["-o", "table", "memos", "unpin", "C1001", "101", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    assert!(
        text.starts_with(&format!(
            "Would send POST {}/candidates/C1001/memos/101/pin",
            sb.base_url()
        )),
        "{text}"
    );
    assert!(pinned("101"), "still pinned: nothing was sent");
}

/// An answers file the form refuses: under `-o json` its problems are inside the one error
/// line (no text lines around it), under `-o table` each is a line of its own; nothing is sent.
#[test]
fn a_refused_answers_file_is_one_json_error_with_every_problem() {
    let sb = TestSandbox::new();
    let answers = sb.file(
        "bad.json",
        &serde_json::json!({"questions": [{"id": 999999, "answer": {"value": "x"}}]}),
    );
    let run = |o: &str| {
        sb.run(&[
            "-o",
            o,
            "forms",
            "apply",
            "FORM-1001",
            "--answers",
            &answers,
            "--yes",
        ])
    };
    let out = run("json");
    assert_eq!(out.status.code(), Some(2));
    let e = envelope(&out);
    assert_eq!(e["code"], "usage");
    let msg = e["message"].as_str().unwrap();
    assert!(
        msg.contains("999999"),
        "the problem is in the message: {msg}"
    );
    let text = run("table");
    assert_eq!(text.status.code(), Some(2));
    let err = stderr_of(&text);
    assert!(err.lines().count() >= 2, "problems, then the error: {err}");
    assert!(err.contains("999999"), "{err}");
    // Two runs, each reading the form once and sending no application (every apply body
    // the sandbox receives is recorded, accepted or not).
    assert_eq!(sb.admin_value("/_sandbox/stats")["answered"], 2);
    assert_eq!(sb.admin("/_sandbox/requests"), Vec::<Value>::new());
}
