//! Hostile input: services that answer with redirects or terminal escapes, and local input that
//! is out of range. Each case: a clear error with the documented exit code, never a panic, a
//! hang, or a silent wrong result.

use crate::common::*;

const KEY: &str = "test-key-7f3a9c21";

fn run(home: &Home, stub: &Stub, args: &[&str]) -> std::process::Output {
    home.cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", KEY)
        .env("RECRUIT_RETRIES", "0")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_huge_timeout_is_a_usage_error_not_a_panic() {
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[]}"#));
    let home = Home::new();
    for args in [
        vec!["--timeout", "1e20", "forms", "list"],
        vec!["--timeout", "1e300", "forms", "list"],
    ] {
        let out = run(&home, &s, &args);
        assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
        assert!(stderr_of(&out).contains("--timeout"), "{}", stderr_of(&out));
    }
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", s.base())
        .env("RECRUIT_API_KEY", KEY)
        .env("RECRUIT_TIMEOUT", "1e20")
        .args(["forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(s.seen().is_empty(), "no request with a bad timeout");
}

#[test]
fn trigger_does_not_follow_a_redirect() {
    let s = stub(|seen, _| {
        if seen.uri.starts_with("/moved") {
            Reply::json(200, "{}")
        } else {
            Reply::json(301, "{}").with_header("location", "/moved")
        }
    });
    let home = Home::new();
    let to = format!("http://{}/hooks", s.addr);
    let out = home
        .cmd()
        .args([
            "webhooks",
            "trigger",
            "candidate_pass",
            "--to",
            &to,
            "--signing-key",
            "whsec-test",
            "--retry-delays",
            "0.01",
        ])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    // A redirect is not a delivery: not delivered is 7.
    assert_eq!(out.status.code(), Some(7), "{err}");
    assert!(err.contains("HTTP 301"), "{err}");
    assert!(
        s.seen()
            .iter()
            .all(|r| r.method == "POST" && r.uri == "/hooks"),
        "{:?}",
        s.seen()
    );
}

#[test]
fn export_refuses_dot_and_dotdot_as_codes_before_any_request() {
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[]}"#));
    let home = Home::new();
    for bad in [".\n", "..\n", "C1\n..\n"] {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", s.base())
            .env("RECRUIT_API_KEY", KEY)
            .args(["export", "submissions", "--candidates", "-"])
            .write_stdin(bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains("is not a candidate code"),
            "{}",
            stderr_of(&out)
        );
    }
    assert!(s.seen().is_empty(), "{:?}", s.seen());
}

const EVIL: &str = "hi \u{1b}]52;c;SGVsbG8=\u{7} \u{1b}[2J \u{9b}31m \u{202e}gpj.exe\tend";

#[test]
fn terminal_escapes_from_the_service_are_shown_escaped_in_tables_and_errors() {
    let memo = serde_json::json!({"collection": [{
        "id": 7, "content": EVIL, "user": {"name": "Eve\u{1b}[31m"},
        "created_at": "2026-11-02T09:15:00Z"
    }], "pagination": {}});
    let body = memo.to_string();
    let s = stub(move |seen, _| {
        if seen.uri.contains("bad") {
            Reply::json(
                422,
                &serde_json::json!({"error": "invalid", "message": EVIL}).to_string(),
            )
        } else {
            Reply::json(200, &body)
        }
    });
    let home = Home::new();
    let out = run(&home, &s, &["memos", "list", "C1001", "-o", "table"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    for bad in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\t'] {
        assert!(!text.contains(bad), "{bad:?} reached the table: {text:?}");
    }
    assert!(text.contains("\\x1b]52;c;"), "{text}");
    assert!(text.contains("\\u{202e}gpj.exe"), "{text}");

    // -o json stays byte-exact.
    let out = run(&home, &s, &["memos", "list", "C1001", "-o", "json"]);
    assert!(
        stdout_of(&out).contains("\\u001b]52;c;"),
        "{}",
        stdout_of(&out)
    );

    let out = run(&home, &s, &["memos", "list", "bad", "-o", "table"]);
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        !err.contains('\u{1b}') && !err.contains('\u{202e}'),
        "{err:?}"
    );
    assert!(err.contains("\\x1b[2J"), "{err}");
}

#[test]
fn a_huge_unbroken_word_renders_quickly_cut_with_a_note() {
    let word = "x".repeat(2_000_000);
    let body = serde_json::json!({"collection": [{"id": 1, "content": word}], "pagination": {}})
        .to_string();
    let s = stub(move |_, _| Reply::json(200, &body));
    let home = Home::new();
    let t0 = std::time::Instant::now();
    let out = run(&home, &s, &["memos", "list", "C1001", "-o", "table"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(t0.elapsed() < std::time::Duration::from_secs(30));
    assert!(stdout_of(&out).contains('…'));
    assert!(stdout_of(&out).len() < 20_000);
    assert!(stderr_of(&out).contains("-o json"), "{}", stderr_of(&out));
}

#[test]
fn narrow_and_wide_tables_fit_columns_and_keep_identifiers_whole() {
    let body = serde_json::json!({"collection": [
        {"code": "SUB-000123456", "kind": "multiple_choice_long", "form_title": "A rather long form title that should wrap around in narrow terminals for sure", "submitted_at": "2026-11-02T09:15:00Z"}
    ], "pagination": {}})
    .to_string();
    let s = stub(move |_, _| Reply::json(200, &body));
    let home = Home::new();
    for cols in [60usize, 200] {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", s.base())
            .env("RECRUIT_API_KEY", KEY)
            .env("COLUMNS", cols.to_string())
            .args(["submissions", "list", "C1001", "-o", "table"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let text = stdout_of(&out);
        for line in text.lines() {
            assert!(line.chars().count() <= cols, "{cols}: {line:?}");
        }
        assert!(text.contains("SUB-000123456"), "{text}");
        assert!(text.contains("multiple_choice_long"), "{text}");
    }
}

#[cfg(unix)]
#[test]
fn export_output_is_readable_by_the_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[{"code":"S1"}],"pagination":{}}"#));
    let home = Home::new();
    let dest = home.dir.path().join("out.ndjson");
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", s.base())
        .env("RECRUIT_API_KEY", KEY)
        .args(["export", "submissions", "--candidates", "-", "--out"])
        .arg(&dest)
        .write_stdin("C1001\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let mode = std::fs::metadata(&dest).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
}

#[test]
fn credentials_in_the_base_url_are_refused_and_never_printed() {
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[]}"#));
    let home = Home::new();
    let base = format!("http://bob:PW-s3cret@{}/v1", s.addr);
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", &base)
        .env("RECRUIT_API_KEY", KEY)
        .args(["-v", "forms", "list"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("user name or password"), "{err}");
    assert!(!err.contains("PW-s3cret") && !stdout_of(&out).contains("PW-s3cret"));
    assert!(s.seen().is_empty());
}

#[test]
fn endless_empty_pages_with_new_tokens_stop_the_walk() {
    let s = stub(|seen, _| {
        let n = seen.uri.len();
        Reply::json(
            200,
            &format!(
                r#"{{"collection":[],"pagination":{{"next_page":"t{n}x{}"}}}}"#,
                seen.uri
            ),
        )
    });
    let home = Home::new();
    let out = run(&home, &s, &["forms", "list", "--all"]);
    let err = stderr_of(&out);
    // As for a repeated page token: the service misbehaves, exit 1.
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("empty pages in a row"), "{err}");
    assert!(s.seen().len() <= 10, "{} requests", s.seen().len());
}

/// Local input is capped at 16 MiB: an endless pipe or /dev/zero is exit 2 naming the limit,
/// quickly, and nothing is sent.
#[test]
fn local_reads_are_capped_at_16_mib() {
    let home = Home::new();
    let big = vec![b'y'; 17 * 1024 * 1024];
    for args in [
        vec!["--sandbox", "memos", "create", "C1001", "--content", "-"],
        vec![
            "--sandbox",
            "forms",
            "apply",
            "FORM-1002",
            "--answers",
            "-",
            "--dry-run",
        ],
        vec!["--sandbox", "api", "POST", "/v1/webhooks", "--input", "-"],
    ] {
        let out = home
            .cmd()
            .args(&args)
            .write_stdin(big.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("16 MiB limit"), "{args:?}: {err}");
    }
    let out = home
        .cmd()
        .args([
            "webhooks",
            "verify",
            "--signing-key",
            "k",
            "--signature",
            "t=1,v1=ab",
        ])
        .args(["--payload", "/dev/zero"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("16 MiB limit"));
}

/// A sandbox state file of another version is never replaced silently: a newer one is an
/// error naming the file (left as it was); an older one is kept as FILE.bak with a warning.
#[test]
fn sandbox_state_of_another_version_is_never_overwritten_silently() {
    let home = Home::new();
    let state = home.data_dir().join("sandbox.json");
    std::fs::create_dir_all(home.data_dir()).unwrap();
    let newer = r#"{"version": 2, "memos": [{"id": 1}], "something_new": true}"#;
    std::fs::write(&state, newer).unwrap();
    let out = home.sandbox().args(["forms", "list"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("sandbox.json") && err.contains("newer"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&state).unwrap(), newer);

    let older = r#"{"version": 0, "memos": []}"#;
    std::fs::write(&state, older).unwrap();
    let out = home
        .sandbox()
        .args(["forms", "list", "--limit", "1", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sandbox.json.bak"), "{err}");
    let bak = home.data_dir().join("sandbox.json.bak");
    assert_eq!(std::fs::read_to_string(bak).unwrap(), older);
}

/// An answers file with a thousand bad items lists the first 50 problems and a count.
#[test]
fn a_runaway_answers_file_lists_50_problems_and_a_count() {
    let home = Home::new();
    let items: Vec<String> = (0..1000)
        .map(|i| format!(r#"{{"order": {}, "answer": {{"value": "x"}}}}"#, 10_000 + i))
        .collect();
    let file = format!(r#"{{"privacy": true, "questions": [{}]}}"#, items.join(","));
    let out = home
        .sandbox()
        .args(["forms", "apply", "FORM-1002", "--answers", "-", "--dry-run"])
        .write_stdin(file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.lines().count() < 60, "{} lines", err.lines().count());
    assert!(err.contains("more problems"), "{err}");
}

/// A key from api_key_command that can't be sent is a local error: no request, no retry.
/// A command that hangs is stopped (the limit is 30 s; here it exits at once with a bad key).
#[test]
fn a_bad_key_from_api_key_command_is_not_retried() {
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[],"pagination":{}}"#));
    let home = Home::new();
    let set = |k: &str, v: &str| {
        let out = home.cmd().args(["config", "set", k, v]).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
    };
    set("base_url", &s.base());
    set("api_key_command", "printf 'bad\\nkey'");
    let started = std::time::Instant::now();
    let out = home
        .cmd()
        .args(["--retries", "3", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(3),
        "retried with backoff"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("not allowed in an HTTP header"));
    assert_eq!(s.seen().len(), 0);
}

#[test]
fn a_field_of_an_unexpected_type_blanks_only_that_field_with_one_warning() {
    // The spec leaves some types open: a number as a string, a boolean as "Y".
    let body = r#"{"collection":[
        {"code":"F1","title":"Designer","status":"in_progress","open_status":"Y","career_start":"3"},
        {"code":"F2","title":"Engineer","status":"closed","open_status":"N"}
    ],"pagination":{}}"#;
    let s = stub(move |_, _| Reply::json(200, body));
    let home = Home::new();
    let out = run(&home, &s, &["forms", "list", "-o", "table"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let table = stdout_of(&out);
    for shown in ["F1", "Designer", "in_progress", "F2", "Engineer", "closed"] {
        assert!(table.contains(shown), "{shown} missing:\n{table}");
    }
    let err = stderr_of(&out);
    assert_eq!(err.matches("unexpected type").count(), 1, "{err}");
    assert!(err.contains("-o json shows the answer as sent"), "{err}");
    // JSON stays as the service sent it.
    let out = run(&home, &s, &["forms", "list", "-o", "json"]);
    assert!(stdout_of(&out).contains(r#""open_status":"Y""#));
}

#[test]
fn all_stops_when_pages_outrun_the_total_count() {
    // Every page full, always a new token, but total_count says 4 items.
    let s = stub(|_, n| {
        let body = serde_json::json!({
            "collection": [{"code": format!("F{n}a")}, {"code": format!("F{n}b")}],
            "pagination": {"total_count": 4, "next_page": format!("p{}", n + 1)}
        });
        Reply::json(200, &body.to_string())
    });
    let home = Home::new();
    let out = run(&home, &s, &["forms", "list", "--all", "-o", "ndjson"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("more pages than its total_count allows"),
        "{}",
        stderr_of(&out)
    );
    // 4 items in pages of 2, and two pages of slack: 4 requests, not thousands.
    assert_eq!(s.seen().len(), 4);
    assert_eq!(
        stdout_of(&out).lines().count(),
        8,
        "the items so far were printed"
    );
}

#[test]
fn export_stops_when_pages_outrun_the_total_count() {
    let s = stub(|seen, n| {
        let next = format!("/v1/candidates/C1/form_submissions?page_token=t{n}");
        let body = serde_json::json!({
            "collection": [{"code": format!("S{n}a")}, {"code": format!("S{n}b")}],
            "pagination": {"total_count": 4, "next_url": next}
        });
        let _ = seen;
        Reply::json(200, &body.to_string())
    });
    let home = Home::new();
    let codes = home.dir.path().join("codes.txt");
    std::fs::write(&codes, "C1\n").unwrap();
    let out = run(
        &home,
        &s,
        &[
            "export",
            "submissions",
            "--candidates",
            codes.to_str().unwrap(),
        ],
    );
    // The candidate failed ("any other failure"): the export exits with its code.
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("more pages than its total_count allows"),
        "{}",
        stderr_of(&out)
    );
    assert!(s.seen().len() <= 8, "{} requests", s.seen().len());
}
