//! Waits a user can see and bound: a rate-limit reset or Retry-After longer than --max-wait
//! ends at once with exit 6 naming when (local time); a shorter one over 2 s is announced on
//! stderr even without -v; retries are announced; nonsense rates and waits are usage errors;
//! the sandbox's own rate limit answers as a service does. And an api_key_command whose child
//! keeps its output open returns when the command itself exits. (How fast pacing goes is
//! measured in `tests/timing/pacing.rs`.)

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
    // -o json: the note is a JSON line.
    assert_eq!(err.matches("{\"note\":\"waiting").count(), 1, "{err}");
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

fn stats(sb: &TestSandbox) -> (u64, u64) {
    let v = sb.admin_value("/_sandbox/stats");
    (
        v["answered"].as_u64().unwrap(),
        v["rate_limited"].as_u64().unwrap(),
    )
}
#[test]
fn max_rate_must_be_a_positive_number() {
    let home = Home::new();
    for bad in ["0", "-3", "fast", "NaN"] {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", "http://127.0.0.1:9/v1")
            .env("RECRUIT_API_KEY", "k")
            .arg(format!("--max-rate={bad}"))
            .args(["forms", "list"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr_of(&out));
        assert!(stderr_of(&out).contains("max-rate"), "{}", stderr_of(&out));
    }
    // `config set` refuses it with the parser commands read it with...
    let out = home
        .cmd()
        .args(["config", "set", "max_rate", "none"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("not a valid max_rate"),
        "{}",
        stderr_of(&out)
    );
    // ...and a file edited by hand is refused when read, naming the profile.
    std::fs::create_dir_all(home.config_dir()).unwrap();
    let config = home.config_dir().join("config.toml");
    std::fs::write(&config, "[default]\nmax_rate = \"none\"\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", "http://127.0.0.1:9/v1")
        .env("RECRUIT_API_KEY", "k")
        .args(["forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("max_rate"), "{}", stderr_of(&out));
}
/// Two GETs of `/v1/application_forms` back to back: (status, headers, body) of each.
type Answer = (u16, reqwest::header::HeaderMap, String);
fn two_gets(sb: &TestSandbox) -> (Answer, Answer) {
    let url = format!("{}/application_forms", sb.base_url());
    let key = sb.sandbox().api_key.clone();
    sb.rt.block_on(async move {
        let c = reqwest::Client::builder().no_proxy().build().unwrap();
        let mut out = Vec::new();
        for _ in 0..2 {
            let r = c.get(&url).bearer_auth(&key).send().await.unwrap();
            let status = r.status().as_u16();
            let headers = r.headers().clone();
            out.push((status, headers, r.text().await.unwrap()));
        }
        let second = out.pop().unwrap();
        (out.pop().unwrap(), second)
    })
}
#[test]
fn sandbox_rate_limit_answers_429_with_retry_after() {
    // 2 per second: a burst of 1, then one every 500 ms.
    let sb = TestSandbox::with(|o| o.rate_limit = Some(2.0));
    let (first, second) = two_gets(&sb);
    assert_eq!(first.0, 200);
    assert_eq!(second.0, 429);
    assert_eq!(second.1["retry-after"], "1");
    assert!(first.1.get("ratelimit").is_none());
    let body: serde_json::Value = serde_json::from_str(&second.2).unwrap();
    assert_eq!(body["error"], "rate_limited");
    assert_eq!(stats(&sb), (2, 1));
}
#[test]
fn sandbox_rate_limit_headers_on_every_answer() {
    let sb = TestSandbox::with(|o| {
        o.rate_limit = Some(2.0);
        o.rate_limit_headers = true;
    });
    let (first, second) = two_gets(&sb);
    for (resp, status) in [(&first, 200), (&second, 429)] {
        let h = &resp.1;
        assert_eq!(resp.0, status);
        assert_eq!(h["ratelimit-policy"], "2;w=1");
        assert_eq!(h["x-ratelimit-limit"], "2");
        assert_eq!(h["x-ratelimit-remaining"], "0");
        assert!(
            h["ratelimit"]
                .to_str()
                .unwrap()
                .starts_with("limit=2, remaining=0, reset="),
            "{:?}",
            h["ratelimit"]
        );
    }
}
#[test]
fn sandbox_command_checks_the_rate_limit() {
    let home = Home::new();
    let out = home
        .cmd()
        .args(["sandbox", "--port", "0", "--rate-limit=0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("--rate-limit"));
    // Headers only come with a limit.
    let out = home
        .cmd()
        .args(["sandbox", "--port", "0", "--rate-limit-headers"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
}
#[test]
fn retries_are_announced_with_the_wait_and_attempt() {
    let stub = stub(|_, n| {
        if n == 1 {
            Reply::json(503, r#"{"error":"busy"}"#).with_header("retry-after", "1")
        } else {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        }
    });
    let home = Home::new();
    let run = |verbose: bool| {
        let mut c = home.cmd();
        c.env("RECRUIT_BASE_URL", stub.base())
            .env("RECRUIT_API_KEY", "k")
            .args(["forms", "list", "-o", "json"]);
        if verbose {
            c.arg("-v");
        }
        c.output().unwrap()
    };
    // A pipe: no retry line unless -v.
    let out = run(false);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("retrying"), "{}", stderr_of(&out));
    let stub2 = stub_retry_once();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", stub2.base())
        .env("RECRUIT_API_KEY", "k")
        .args(["-v", "forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(
        err.contains("retrying in 1 s (503), attempt 2 of 4"),
        "{err}"
    );
    // -v keeps its own log lines.
    assert!(err.contains("* retry 1/3"), "{err}");
}
fn stub_retry_once() -> Stub {
    stub(|_, n| {
        if n == 1 {
            Reply::json(503, r#"{"error":"busy"}"#).with_header("retry-after", "1")
        } else {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        }
    })
}
#[test]
fn a_retry_after_of_ten_minutes_stops_at_once_with_exit_6() {
    let stub = stub(|_, _| {
        Reply::json(429, r#"{"error":"rate_limited"}"#).with_header("retry-after", "600")
    });
    let home = Home::new();
    let started = Instant::now();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k")
        .args(["forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(6), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(err.contains("600 s"), "{err}");
    assert!(err.contains("try again after"), "{err}");
    assert_eq!(stub.seen().len(), 1, "no retry");
}
