//! The client against servers that misbehave: retries, error pages, broken bodies, foreign
//! page URLs. Each case: the documented exit code and a clear message, never a panic or a hang.

use crate::common::*;

const KEY: &str = "test-key-7f3a9c21";

fn run(home: &Home, stub: &Stub, args: &[&str]) -> std::process::Output {
    home.cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", KEY)
        .env("RECRUIT_RETRIES", "3")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn get_is_retried_through_503_and_429_then_succeeds() {
    let s = stub(|_, n| match n {
        1 => Reply::json(503, r#"{"error":"unavailable","message":"try later"}"#),
        2 => Reply::json(429, r#"{"error":"rate_limited","message":"slow down"}"#)
            .with_header("retry-after", "1"),
        _ => Reply::json(
            200,
            r#"{"resource":{"id":42,"content":"hello","pinned":false}}"#,
        ),
    });
    let home = Home::new();
    let started = std::time::Instant::now();
    let out = run(&home, &s, &["-o", "json", "memos", "get", "C1", "42"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(
        stdout_of(&out).trim(),
        r#"{"resource":{"id":42,"content":"hello","pinned":false}}"#
    );
    assert_eq!(s.seen().len(), 3);
    // Retry-After: 1 was honoured.
    assert!(started.elapsed() >= std::time::Duration::from_millis(1000));
}

#[test]
fn every_request_carries_auth_accept_and_user_agent() {
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[]}"#));
    let home = Home::new();
    let out = run(&home, &s, &["-o", "json", "memos", "list", "a/b c"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let seen = s.seen();
    assert_eq!(seen[0].uri, "/v1/candidates/a%2Fb%20c/memos");
    assert_eq!(
        seen[0].header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(seen[0].header("accept"), Some("application/json"));
    assert!(seen[0]
        .header("user-agent")
        .unwrap()
        .starts_with("recruit/"));
}

#[test]
fn post_is_never_retried_after_a_503() {
    let s = stub(|_, _| Reply::json(503, r#"{"error":"unavailable","message":"down"}"#));
    let home = Home::new();
    let out = run(&home, &s, &["memos", "create", "C1", "--content", "x"]);
    assert_eq!(out.status.code(), Some(7));
    assert_eq!(s.seen().len(), 1, "a POST must not be re-sent");
    let seen = &s.seen()[0];
    assert_eq!(seen.header("content-type"), Some("application/json"));
    assert_eq!(String::from_utf8_lossy(&seen.body), r#"{"content":"x"}"#);
}

#[test]
fn html_502_from_a_proxy_is_exit_7_naming_the_status() {
    let s = stub(|_, _| Reply {
        status: 502,
        headers: vec![("content-type".into(), "text/html".into())],
        body:
            b"<html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1></body></html>"
                .to_vec(),
        delay_ms: 0,
    });
    let home = Home::new();
    let out = run(&home, &s, &["--retries", "1", "forms", "list"]);
    assert_eq!(out.status.code(), Some(7));
    let err = stderr_of(&out);
    assert!(err.contains("HTTP 502"), "{err}");
    assert!(err.contains("502 Bad Gateway"), "{err}");
    assert!(!err.contains("<html>"), "{err}");
    assert_eq!(s.seen().len(), 2, "one try and one retry");
}

#[test]
fn unknown_memo_is_exit_3_with_the_service_message() {
    let s = stub(|_, _| {
        Reply::json(
            404,
            r#"{"error":"not_found","message":"Resource not found"}"#,
        )
    });
    let home = Home::new();
    let out = run(&home, &s, &["memos", "get", "C123", "42"]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr_of(&out);
    assert!(err.contains("memo 42 not found on candidate C123"), "{err}");
    assert!(err.contains("Resource not found"), "{err}");
    assert!(err.contains("HTTP 404"), "{err}");
    assert!(stdout_of(&out).is_empty());
}

#[test]
fn wrong_key_is_exit_4_and_the_key_never_appears() {
    let s = stub(|_, _| {
        Reply::json(
            401,
            r#"{"error":"unauthorized","message":"Invalid API key"}"#,
        )
    });
    let home = Home::new();
    let out = run(&home, &s, &["-v", "forms", "list"]);
    assert_eq!(out.status.code(), Some(4));
    let all = format!("{}{}", stdout_of(&out), stderr_of(&out));
    assert!(all.contains("Invalid API key"), "{all}");
    assert!(!all.contains(KEY), "the key leaked: {all}");
    // -v logged the request line.
    assert!(all.contains("> GET http://"), "{all}");
}

#[test]
fn other_4xx_is_exit_5_and_429_after_retries_is_6() {
    let s = stub(|seen, _| {
        if seen.uri.contains("memos") {
            Reply::json(
                422,
                r#"{"error":"validation_failed","message":"content is too long"}"#,
            )
        } else {
            Reply::json(429, r#"{"error":"rate_limited","message":"slow down"}"#)
                .with_header("retry-after", "0")
        }
    });
    let home = Home::new();
    let out = run(&home, &s, &["memos", "create", "C1", "--content", "x"]);
    assert_eq!(out.status.code(), Some(5));
    assert!(stderr_of(&out).contains("content is too long"));
    let out = run(&home, &s, &["--retries", "2", "forms", "list"]);
    assert_eq!(out.status.code(), Some(6));
    assert_eq!(
        s.seen()
            .iter()
            .filter(|r| r.uri.contains("application_forms"))
            .count(),
        3
    );
}

#[test]
fn truncated_and_non_json_bodies_are_clear_errors() {
    let s = stub(|seen, _| {
        if seen.uri.contains("memos/1") {
            Reply::json(200, r#"{"resource":{"id":1,"content":"cut"#)
        } else if seen.uri.contains("memos/2") {
            Reply {
                status: 200,
                headers: vec![("content-type".into(), "text/plain".into())],
                body: b"OK, all good".to_vec(),
                delay_ms: 0,
            }
        } else {
            // Valid JSON of an unexpected shape.
            Reply::json(200, r#"{"resource":{"id":"not-a-number"}}"#)
        }
    });
    let home = Home::new();
    let out = run(&home, &s, &["-o", "table", "memos", "get", "C1", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_of(&out);
    assert!(
        err.contains("not valid JSON") && err.contains("truncated"),
        "{err}"
    );
    let out = run(&home, &s, &["memos", "get", "C1", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr_of(&out).contains("not valid JSON (text/plain)"),
        "{}",
        stderr_of(&out)
    );
    let out = run(&home, &s, &["memos", "get", "C1", "3"]);
    assert_eq!(out.status.code(), Some(1));
    // One line naming the cause and where the answer came from, not a crash report.
    assert_eq!(
        stderr_of(&out),
        "error: the service's answer from /v1/candidates/C1/memos/3 has an unexpected shape: invalid type: string \"not-a-number\", expected i64; use -o json to see it as sent\n"
    );
    assert_eq!(stdout_of(&out), "");
}

#[test]
fn a_server_that_never_answers_times_out_with_exit_7() {
    let s = stub(|_, _| Reply {
        delay_ms: 30_000,
        ..Reply::json(200, "{}")
    });
    let home = Home::new();
    let started = std::time::Instant::now();
    let out = run(
        &home,
        &s,
        &["--timeout", "0.5", "--retries", "0", "forms", "list"],
    );
    assert_eq!(out.status.code(), Some(7));
    assert!(stderr_of(&out).contains("timed out"), "{}", stderr_of(&out));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

#[test]
fn cross_origin_page_urls_never_get_the_key() {
    // The foreign server records what it receives.
    let foreign =
        stub(|_, _| Reply::json(200, r#"{"collection":[{"code":"EVIL"}],"pagination":{}}"#));
    let foreign_url = format!(
        "http://{}/v1/candidates/C1/form_submissions?page_token=tok2",
        foreign.addr
    );
    let s = stub(move |seen, _| {
        if seen.uri.contains("page_token=tok2") {
            Reply::json(
                200,
                r#"{"collection":[{"code":"S2"}],"pagination":{"next_url":null,"total_count":2}}"#,
            )
        } else {
            Reply::json(
                200,
                &format!(
                    r#"{{"collection":[{{"code":"S1"}}],"pagination":{{"next_url":"{foreign_url}","total_count":2}}}}"#
                ),
            )
        }
    });
    let home = Home::new();
    let out = run(
        &home,
        &s,
        &["--all", "-o", "ndjson", "submissions", "list", "C1"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "{\"code\":\"S1\"}\n{\"code\":\"S2\"}\n");
    assert!(
        foreign.seen().is_empty(),
        "nothing may be sent to the foreign origin"
    );
    let seen = s.seen();
    assert!(
        seen[0].uri.contains("per=100"),
        "--all asks for the largest pages: {}",
        seen[0].uri
    );
    assert!(seen[1].uri.contains("page_token=tok2"));
}

#[test]
fn a_repeating_page_token_stops_the_walk() {
    let s = stub(|seen, _| {
        let base = format!("http://{}", seen.header("host").unwrap());
        Reply::json(
            200,
            &format!(
                r#"{{"collection":[{{"code":"F"}}],"pagination":{{"next_page_token":"{base}/v1/application_forms?page_token=same","next_page":"same"}}}}"#
            ),
        )
    });
    let home = Home::new();
    let out = run(&home, &s, &["--all", "-o", "json", "forms", "list"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr_of(&out).contains("second time"),
        "{}",
        stderr_of(&out)
    );
    assert!(s.seen().len() <= 3);
}

#[test]
fn redirect_to_another_origin_is_not_followed() {
    let foreign = stub(|_, _| Reply::json(200, r#"{"collection":[]}"#));
    let target = format!("http://{}/v1/application_forms", foreign.addr);
    let s = stub(move |_, _| Reply {
        status: 302,
        headers: vec![("location".into(), target.clone())],
        body: vec![],
        delay_ms: 0,
    });
    let home = Home::new();
    let out = run(&home, &s, &["forms", "list"]);
    // Neither a 404 nor a network failure: "any other failure" (1), with the reason.
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("another origin; not followed so the API key is not sent there"),
        "{}",
        stderr_of(&out)
    );
    assert!(foreign.seen().is_empty());
}

#[test]
fn plain_http_to_a_remote_host_is_refused() {
    let home = Home::new();
    let out = home
        .cmd()
        .args([
            "--base-url",
            "http://api.example.com/v1",
            "--api-key",
            KEY,
            "forms",
            "list",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("https"), "{err}");
    assert!(err.contains("visible to other local users"), "{err}");
    assert!(!err.contains(KEY));
}

#[test]
fn plain_http_on_a_local_network_is_allowed_with_a_warning() {
    let home = Home::new();
    let out = home
        .cmd()
        .args([
            "--base-url",
            "http://10.255.255.1:9/v1",
            "--api-key",
            KEY,
            "--retries",
            "0",
            "--timeout",
            "1",
            "forms",
            "list",
        ])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    // Sent, not refused as bad usage (what answers, if anything, depends on the network).
    assert_ne!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("refusing"), "{err}");
    assert!(
        err.contains("warning: the API key travels unencrypted"),
        "{err}"
    );
    assert!(!err.contains(KEY));
}

#[test]
fn a_body_of_tens_of_megabytes_is_refused_clearly() {
    // 80 MB of valid JSON: over the 64 MiB cap, refused with a message, not read forever.
    let big = {
        let mut s = String::from("{\"collection\":[\"");
        s.push_str(&"x".repeat(80 * 1024 * 1024));
        s.push_str("\"]}");
        s
    };
    let s = stub(move |_, _| Reply::json(200, &big));
    let home = Home::new();
    let out = run(&home, &s, &["--retries", "0", "forms", "list"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("over the 64 MiB limit"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn lists_of_undocumented_shape_and_bodyless_deletes_are_accepted() {
    let s = stub(|seen, _| match (seen.method.as_str(), seen.uri.as_str()) {
        ("GET", "/v1/webhooks") => Reply::json(
            200,
            r#"[{"code":"WH1","active":true,"callback_url":"https://h.example/x"}]"#,
        ),
        ("DELETE", _) => Reply {
            status: 204,
            headers: vec![],
            body: vec![],
            delay_ms: 0,
        },
        _ => Reply::json(
            404,
            r#"{"error":"not_found","message":"Resource not found"}"#,
        ),
    });
    let home = Home::new();
    let out = run(&home, &s, &["-o", "ndjson", "webhooks", "list"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(
        stdout_of(&out),
        "{\"code\":\"WH1\",\"active\":true,\"callback_url\":\"https://h.example/x\"}\n"
    );
    let out = run(
        &home,
        &s,
        &["-o", "json", "memos", "delete", "C1", "5", "--yes"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("Deleted memo 5"),
        "{}",
        stderr_of(&out)
    );
    let out = run(&home, &s, &["webhooks", "delete", "WH1", "--yes"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(
        stderr_of(&out),
        "Deleted webhook WH1 (the service sent no body).\n"
    );
    assert_eq!(stdout_of(&out), "", "no body, nothing to print");
    let deletes: Vec<String> = s
        .seen()
        .iter()
        .filter(|r| r.method == "DELETE")
        .map(|r| r.uri.clone())
        .collect();
    assert_eq!(deletes, ["/v1/candidates/C1/memos/5", "/v1/webhooks/WH1"]);
    let sent = s.seen().len();
    let out = run(&home, &s, &["--limit", "0", "webhooks", "list"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("--limit must be at least 1"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(s.seen().len(), sent, "refused before any request");
}

#[test]
fn a_bare_token_in_next_page_token_is_followed_as_a_token() {
    let s = stub(|seen, _| {
        if seen.uri.contains("page_token=tok-2") {
            Reply::json(
                200,
                r#"{"collection":[{"code":"F2"}],"pagination":{"total":2}}"#,
            )
        } else {
            Reply::json(
                200,
                r#"{"collection":[{"code":"F1"}],"pagination":{"total":2,"next_page_token":"tok-2"}}"#,
            )
        }
    });
    let home = Home::new();
    let out = run(
        &home,
        &s,
        &[
            "--all", "-o", "ndjson", "--jq", ".code", "forms", "list", "--title", "x",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "F1\nF2\n");
    assert_eq!(
        s.seen()[1].uri,
        "/v1/application_forms?title=x&page_token=tok-2"
    );
}
