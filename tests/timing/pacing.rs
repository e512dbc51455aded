//! Pacing under a rate limit, measured: `recruit export` against the sandbox's `--rate-limit`
//! (with and without rate-limit headers), `--max-rate` on every command, and a `Retry-After`
//! waited exactly. What they print and their exit codes are tested in `tests/cli/waits.rs`.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::common::*;
use serde_json::Value;

use crate::serial;

/// Submissions of synthetic candidate `i` (documented by the sandbox).
fn synthetic_count(i: usize) -> usize {
    1 + (i * 37) % 130
}

fn stats(sb: &TestSandbox) -> (u64, u64) {
    let v = sb.admin_value("/_sandbox/stats");
    (
        v["answered"].as_u64().unwrap(),
        v["rate_limited"].as_u64().unwrap(),
    )
}

struct Outcome {
    /// Accepted requests per second over the export's wall time.
    rate: f64,
    answered: u64,
    rate_limited: u64,
    stderr: String,
}

/// Export `n` synthetic candidates against a sandbox limited to `rate` requests per second.
/// `latency_ms` is added to every answer.
fn export_under_limit(n: usize, rate: Option<f64>, headers: bool, latency_ms: u64) -> Outcome {
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = n;
        o.rate_limit = rate;
        o.rate_limit_headers = headers;
        o.faults.latency = Duration::from_millis(latency_ms);
    });
    let codes: Vec<String> = (1..=n).map(recruit::sandbox::synthetic_code).collect();
    let file = sb.home.dir.path().join("codes.txt");
    std::fs::write(&file, codes.join("\n")).unwrap();
    let started = Instant::now();
    let out = sb
        .cmd()
        .args(["export", "submissions", "--candidates"])
        .arg(&file)
        .output()
        .unwrap();
    let wall = started.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    // Every record exactly once.
    let mut pairs = HashSet::new();
    let mut lines = 0;
    for line in stdout_of(&out).lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        pairs.insert((
            v["candidate_code"].as_str().unwrap().to_string(),
            v["code"].as_str().unwrap().to_string(),
        ));
        lines += 1;
    }
    let want: usize = (1..=n).map(synthetic_count).sum();
    assert_eq!((lines, pairs.len()), (want, want));
    let (answered, rate_limited) = stats(&sb);
    Outcome {
        rate: (answered - rate_limited) as f64 / wall,
        answered,
        rate_limited,
        stderr: stderr_of(&out),
    }
}

/// The issue's targets are 0.9 of R and at most 5% 429s (benches/README.md measures them on a
/// release build: 1.0 of R, under 3%). A debug build on a loaded CI machine gets some slack
/// on the rate, none on the 429s.
fn assert_settles(o: &Outcome, rate: f64, bound: f64) {
    let share = o.rate_limited as f64 / o.answered as f64;
    // Shown with --nocapture, for tuning.
    eprintln!(
        "R = {rate}: {:.2} of R, {:.2} of the bound {bound:.1}, {} of {} answered 429",
        o.rate / rate,
        o.rate / bound,
        o.rate_limited,
        o.answered
    );
    assert!(
        o.rate >= 0.85 * bound,
        "achieved {:.1} req/s, bound {bound:.1} (R = {rate}): {}",
        o.rate,
        o.stderr
    );
    assert!(
        share <= 0.05,
        "{} of {} answered 429: {}",
        o.rate_limited,
        o.answered,
        o.stderr
    );
    if o.rate_limited > 0 {
        assert!(o.stderr.contains("req/s after 429s"), "{}", o.stderr);
    }
}

#[test]
fn export_settles_near_the_rate_limit_with_few_429s() {
    let _serial = serial();
    // 300 candidates: about 370 requests, 9 s at 40/s.
    let o = export_under_limit(300, Some(40.0), false, 0);
    assert_settles(&o, 40.0, 40.0);
}

#[test]
fn export_settles_near_a_fast_rate_limit_with_latency() {
    let _serial = serial();
    // The same kind of export at 100/s with 20 ms per answer. 500 candidates (about 6 s):
    // shorter, and one 429 near the end (its request held a whole Retry-After second) weighs
    // more than the pacing itself on a debug build.
    // A debug build on a busy machine may not reach 100/s at all: the bound is R or what the
    // same export reaches without a limit, whichever is lower.
    let free = export_under_limit(500, None, false, 20);
    let o = export_under_limit(500, Some(100.0), false, 20);
    assert_settles(&o, 100.0, free.rate.min(100.0));
}

#[test]
fn export_with_rate_limit_headers_gets_no_429() {
    let _serial = serial();
    let o = export_under_limit(150, Some(40.0), true, 0);
    assert_eq!(o.rate_limited, 0, "{}", o.stderr);
    assert!(o.rate >= 0.8 * 40.0, "achieved {:.1} req/s", o.rate);
    assert!(
        o.stderr.contains("by the service's rate-limit headers"),
        "{}",
        o.stderr
    );
}

#[test]
fn max_rate_caps_every_command() {
    let _serial = serial();
    let sb = TestSandbox::new();
    // 5 pages of 5 forms at 4 req/s: the first at once, then one every 250 ms.
    let started = Instant::now();
    let out = sb
        .cmd()
        .env("RECRUIT_MAX_RATE", "4")
        .args(["forms", "list", "--all", "--per", "5", "-o", "json"])
        .output()
        .unwrap();
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(took >= Duration::from_millis(950), "{took:?}");
    // The flag wins over the variable.
    let started = Instant::now();
    let out = sb
        .cmd()
        .env("RECRUIT_MAX_RATE", "0.5")
        .args(["--max-rate", "100", "forms", "list", "--all", "--per", "5"])
        .args(["-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(started.elapsed() < Duration::from_secs(8));
}

#[test]
fn retry_after_is_waited_exactly() {
    let stub = stub(|_, n| {
        if n == 1 {
            Reply::json(429, r#"{"error":"rate_limited"}"#).with_header("retry-after", "2")
        } else {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        }
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
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stub.seen().len(), 2);
    // Two seconds, not a backoff of its own (at most 0.5 s) nor more.
    assert!(took >= Duration::from_secs(2), "{took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}
