//! Hostile input: services that answer with redirects or terminal escapes, and local input that
//! is out of range. Each case: a clear error with the documented exit code, never a panic, a
//! hang, or a silent wrong result.

mod common;
use common::*;

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
    assert_ne!(out.status.code(), Some(0), "{err}");
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
