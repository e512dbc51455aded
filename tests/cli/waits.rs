//! Waits a user can see and bound: a rate-limit reset or Retry-After longer than --max-wait
//! ends at once with exit 6 naming when (local time); a shorter one over 2 s is announced on
//! stderr even without -v; nonsense rates and waits are usage errors. And an api_key_command
//! whose child keeps its output open returns when the command itself exits.

use crate::common::*;

use std::time::{Duration, Instant};

/// Two pages of forms; every answer says the quota is used up until `reset` (headers `h`).
fn quota_server(headers: Vec<(&'static str, String)>) -> Stub {
    stub(move |seen, _| {
        let body = if seen.uri.contains("page_token=p2") {
            r#"{"collection":[{"code":"F2","title":"Two"}],"pagination":{}}"#
        } else {
            r#"{"collection":[{"code":"F1","title":"One"}],"pagination":{"next_page_token":"p2"}}"#
        };
        let mut r = Reply::json(200, body);
        for (k, v) in &headers {
            r = r.with_header(k, v);
        }
        r
    })
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn list_all(home: &Home, stub: &Stub, extra: &[&str]) -> (std::process::Output, Duration) {
    let started = Instant::now();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-waits-1234")
        .args(extra)
        .args(["forms", "list", "--all", "-o", "json"])
        .output()
        .unwrap();
    (out, started.elapsed())
}

/// A quota reset hours away, however the service says it (seconds, a Unix time, a policy
/// window of a day), ends at once with exit 6 naming the reset in local time; it used to
/// sleep until then with nothing printed.
#[test]
fn a_reset_hours_away_ends_at_once_with_exit_6_naming_when() {
    let home = Home::new();
    let cases: Vec<Vec<(&str, String)>> = vec![
        vec![
            ("X-RateLimit-Remaining", "0".into()),
            ("X-RateLimit-Reset", "7200".into()),
        ],
        vec![
            ("X-RateLimit-Limit", "5000".into()),
            ("X-RateLimit-Remaining", "0".into()),
            ("X-RateLimit-Reset", (unix_now() + 3 * 3600).to_string()),
        ],
        vec![
            ("RateLimit-Policy", "1;w=86400".into()),
            ("RateLimit-Remaining", "0".into()),
        ],
    ];
    for headers in cases {
        let stub = quota_server(headers.clone());
        let (out, took) = list_all(&home, &stub, &[]);
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(6), "{headers:?}: {err}");
        assert!(
            took < Duration::from_secs(20),
            "{headers:?}: at once, {took:?}"
        );
        assert_eq!(stub.seen().len(), 1, "{headers:?}: no second request");
        assert!(err.contains("longer than --max-wait 60 s"), "{err}");
        // Local time (the tests run with TZ=UTC), and the headers as sent.
        assert!(err.contains("+00:00"), "{err}");
        assert!(err.contains(headers[0].0), "{err}");
        assert!(err.contains("raise --max-wait"), "{err}");
    }
}

/// A wait under --max-wait but over 2 s is announced once on stderr, without -v, and then
/// waited for; --max-wait (flag, variable, config key) bounds it.
#[test]
fn a_short_wait_is_announced_and_max_wait_bounds_it() {
    let home = Home::new();
    let stub = quota_server(vec![
        ("X-RateLimit-Remaining", "0".into()),
        ("X-RateLimit-Reset", "3".into()),
    ]);
    let (out, took) = list_all(&home, &stub, &[]);
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        took >= Duration::from_millis(2500),
        "the reset was waited for: {took:?}"
    );
    assert_eq!(err.matches("note: waiting").count(), 1, "{err}");
    assert!(err.contains("for the service's rate limit"), "{err}");
    assert!(err.contains("until "), "{err}");
    assert_eq!(stub.seen().len(), 2);

    // The same wait is refused under a smaller bound, from each place it can be set.
    let (out, _) = list_all(&home, &stub, &["--max-wait", "1"]);
    assert_eq!(out.status.code(), Some(6), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("--max-wait 1 s"),
        "{}",
        stderr_of(&out)
    );
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-waits-1234")
        .env("RECRUIT_MAX_WAIT", "1")
        .args(["forms", "list", "--all", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(6), "{}", stderr_of(&out));
    let set = home
        .cmd()
        .args(["config", "set", "max_wait", "1"])
        .output()
        .unwrap();
    assert_eq!(set.status.code(), Some(0), "{}", stderr_of(&set));
    let (out, _) = list_all(&home, &stub, &[]);
    assert_eq!(out.status.code(), Some(6), "{}", stderr_of(&out));
    let list = home
        .cmd()
        .args(["config", "list", "-o", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert_eq!(v["effective"]["max_wait"]["value"], 1);
}

/// A Retry-After far away is reported as the service sent it (it used to read 31536000 s).
#[test]
fn a_huge_retry_after_is_reported_as_sent() {
    let stub = stub(|_, _| {
        Reply::json(429, r#"{"error":"rate_limited"}"#).with_header("retry-after", "99999999")
    });
    let home = Home::new();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-waits-1234")
        .args(["forms", "list", "-o", "json"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(6), "{err}");
    assert!(err.contains("wait 99999999 s"), "{err}");
    assert!(err.contains("Retry-After: 99999999"), "{err}");
    assert!(!err.contains("31536000"), "{err}");
    assert!(err.contains("try again after 20"), "{err}");
    assert!(err.contains("+00:00"), "in local time: {err}");
    assert_eq!(stub.seen().len(), 1);
}

/// Nonsense rates and waits are usage errors, as flags, variables and config values.
#[test]
fn nonsense_rates_and_waits_are_usage_errors() {
    let home = Home::new();
    for (flag, bad) in [
        ("--max-rate", "1e-300"),
        ("--max-rate", "1e300"),
        ("--max-rate", "inf"),
        ("--max-wait", "-1"),
        ("--max-wait", "1e20"),
        ("--max-wait", "NaN"),
    ] {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", "http://127.0.0.1:9/v1")
            .env("RECRUIT_API_KEY", "k")
            .arg(format!("{flag}={bad}"))
            .args(["forms", "list"])
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{flag} {bad}: {err}");
        assert!(err.contains(flag), "{err}");
    }
    let out = home
        .cmd()
        .args(["config", "set", "max_rate", "1e-300"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
}

/// `api_key_command` = `sleep 45 & echo KEY`: the key is what the command printed when its
/// own process exited; the child holding the pipe is not waited for (it used to take 45 s).
#[test]
fn a_key_command_with_a_background_child_returns_at_once() {
    let stub = stub(|seen, _| {
        if seen.header("authorization") == Some("Bearer sk-from-command-77") {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        } else {
            Reply::json(401, r#"{"error":"unauthorized"}"#)
        }
    });
    let home = Home::new();
    let set = home
        .cmd()
        .args([
            "config",
            "set",
            "api_key_command",
            "sleep 45 & echo sk-from-command-77",
        ])
        .output()
        .unwrap();
    assert_eq!(set.status.code(), Some(0), "{}", stderr_of(&set));
    // stderr to a file: the background `sleep` inherits it, and a pipe there would keep
    // this test (not recruit) waiting for its end.
    let log = home.dir.path().join("stderr.log");
    let started = Instant::now();
    let mut child = home
        .std_cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .args(["forms", "list", "-o", "json"])
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let code = wait_at_most(&mut child, 40);
    let took = started.elapsed();
    let err = std::fs::read_to_string(&log).unwrap();
    assert_eq!(code, Some(0), "{err}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert_eq!(stub.seen().len(), 1, "the key from the command was sent");
}

/// A key command that prints far too much is told so, not "exit status 141".
#[test]
fn a_key_command_printing_too_much_says_so() {
    let home = Home::new();
    let set = home
        .cmd()
        .args(["config", "set", "api_key_command", "yes sk-key-line"])
        .output()
        .unwrap();
    assert_eq!(set.status.code(), Some(0), "{}", stderr_of(&set));
    let started = Instant::now();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", "http://127.0.0.1:9/v1")
        .args(["forms", "list"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "a configuration to fix: {err}");
    assert!(err.contains("printed more than 64 KiB"), "{err}");
    assert!(!err.contains("141"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
}
