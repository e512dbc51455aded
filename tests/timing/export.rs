//! What `recruit export` costs, measured: peak memory against the number of candidates, and
//! requests in flight against `--concurrency` and 429 answers (a small counting server sees
//! them). Its correctness is tested in `tests/cli/export.rs`.

use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::*;
use recruit::sandbox::SandboxOptions;

const KEY: &str = "sbx-export-key-5d81c0";

use crate::serial;

/// The shared test sandbox (tests/common), with this file's key; each test points homes of its
/// own at it.
struct Sb {
    sb: TestSandbox,
}

fn sandbox(tweak: impl FnOnce(&mut SandboxOptions)) -> Sb {
    Sb {
        sb: TestSandbox::with(|opts| {
            opts.api_key = KEY.to_string();
            tweak(opts);
        }),
    }
}

impl Sb {
    /// The same as a std command, to spawn and kill.
    fn spawn_cmd(&self, home: &Home, args: &[&str]) -> StdCommand {
        let mut c = StdCommand::new(assert_cmd::cargo::cargo_bin("recruit"));
        for (k, _) in std::env::vars() {
            if k.starts_with("RECRUIT_") {
                c.env_remove(k);
            }
        }
        c.env("RECRUIT_CONFIG_DIR", home.config_dir())
            .env("RECRUIT_DATA_DIR", home.data_dir())
            .env("RECRUIT_BASE_URL", self.sb.base_url())
            .env("RECRUIT_API_KEY", KEY)
            .args(args)
            .stdin(Stdio::null());
        c
    }
}

/// Number of submissions of synthetic candidate `i` (documented in the sandbox).
fn synthetic_count(i: usize) -> usize {
    1 + (i * 37 % 130)
}

fn synthetic(i: usize) -> String {
    format!("S{i:06}")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Peak resident memory (VmHWM, kB) of a command, polled from /proc while it runs.
#[cfg(target_os = "linux")]
fn peak_rss_kb(mut cmd: StdCommand) -> u64 {
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(text) = std::fs::read_to_string(&status_path) {
            if let Some(kb) = text
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<u64>().ok())
            {
                peak = peak.max(kb);
            }
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    peak
}

#[cfg(target_os = "linux")]
#[test]
fn peak_memory_does_not_grow_with_the_number_of_candidates() {
    let _serial = serial();
    // Candidates with at most 20 submissions (about 2 kB each), so 1,500 of them stay quick:
    // holding every record would add some 30 MB to the larger run.
    let small: Vec<String> = (1..)
        .filter(|i| synthetic_count(*i) <= 20)
        .take(1500)
        .map(synthetic)
        .collect();
    let last: usize = small.last().unwrap()[1..].parse().unwrap();
    let sb = sandbox(|o| {
        o.synthetic_candidates = last;
        o.faults.latency = Duration::from_millis(2);
    });
    let home = Home::new();
    let dir = home.dir.path();
    let measure = |n: usize| {
        let file = write(dir, &format!("c{n}.txt"), &small[..n].join("\n"));
        let out = dir.join(format!("o{n}.ndjson"));
        let args = [
            "export",
            "submissions",
            "--concurrency",
            "16",
            "--candidates",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        let kb = peak_rss_kb(sb.spawn_cmd(&home, &args));
        let records = std::fs::read_to_string(&out).unwrap().lines().count();
        (kb, records)
    };
    let (small_kb, small_records) = measure(100);
    let (large_kb, large_records) = measure(1500);
    eprintln!("peak RSS: {small_kb} kB for 100 candidates ({small_records} records), {large_kb} kB for 1500 ({large_records} records)");
    assert!(large_records > 10 * small_records);
    assert!(
        (large_kb as f64) <= small_kb as f64 * 1.3,
        "peak RSS {large_kb} kB for 1500 candidates vs {small_kb} kB for 100"
    );
}

/// A server that answers one page per candidate after `delay`, counting requests in flight;
/// the first `n429` requests get 429 with `Retry-After: 1`.
struct Counting {
    base: String,
    /// (in flight when the request arrived, including it; status)
    log: Arc<Mutex<Vec<(usize, u16)>>>,
}

fn counting_server(delay: Duration, n429: usize) -> Counting {
    use axum::response::IntoResponse;
    let log: Arc<Mutex<Vec<(usize, u16)>>> = Arc::default();
    let in_flight = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = std::sync::mpsc::channel();
    let log2 = log.clone();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            let app = axum::Router::new().fallback(move || {
                let log = log2.clone();
                let in_flight = in_flight.clone();
                async move {
                    struct Guard(Arc<AtomicUsize>);
                    impl Drop for Guard {
                        fn drop(&mut self) {
                            self.0.fetch_sub(1, Ordering::SeqCst);
                        }
                    }
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    let _g = Guard(in_flight.clone());
                    let nth = {
                        let mut l = log.lock().unwrap();
                        let status = if l.len() < n429 { 429 } else { 200 };
                        l.push((now, status));
                        l.len()
                    };
                    if nth <= n429 {
                        // Answered after the same delay as the others, so the first round of
                        // requests is all in flight before any 429 closes the gate.
                        tokio::time::sleep(delay).await;
                        return (
                            axum::http::StatusCode::TOO_MANY_REQUESTS,
                            [("retry-after", "1"), ("content-type", "application/json")],
                            r#"{"error":"rate_limited","message":"slow down"}"#,
                        )
                            .into_response();
                    }
                    tokio::time::sleep(delay).await;
                    (
                        [("content-type", "application/json")],
                        r#"{"collection":[{"code":"X"}],"pagination":{"next_url":null}}"#,
                    )
                        .into_response()
                }
            });
            axum::serve(listener, app).await.unwrap();
        });
    });
    let addr = rx.recv().unwrap();
    Counting {
        base: format!("http://{addr}/v1"),
        log,
    }
}

fn export_against(server: &Counting, home: &Home, n: usize, concurrency: &str) -> String {
    let codes: Vec<String> = (1..=n).map(|i| format!("K{i}")).collect();
    let file = write(home.dir.path(), "codes.txt", &codes.join("\n"));
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", &server.base)
        .env("RECRUIT_API_KEY", KEY)
        .args([
            "export",
            "submissions",
            "--concurrency",
            concurrency,
            "--candidates",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out).lines().count(), n);
    stderr_of(&out)
}

#[test]
fn concurrency_limit_is_respected_and_used() {
    let _serial = serial();
    let server = counting_server(Duration::from_millis(40), 0);
    let home = Home::new();
    export_against(&server, &home, 60, "5");
    let log = server.log.lock().unwrap();
    let max = log.iter().map(|(n, _)| *n).max().unwrap();
    assert_eq!(log.len(), 60);
    assert_eq!(
        max, 5,
        "at most --concurrency requests in flight, and that many used"
    );
}

#[test]
fn answers_429_lower_the_concurrency_for_every_worker() {
    let _serial = serial();
    // Of the first 8 requests (one per worker), 4 get 429: afterwards the limit is halved, so
    // the next requests don't all go at once when the Retry-After gate opens.
    let server = counting_server(Duration::from_millis(40), 4);
    let home = Home::new();
    let err = export_against(&server, &home, 40, "8");
    // Halved at least once (twice when a slow machine sends one of the first requests only
    // after the Retry-After, where its 429 is a new signal). Or, when the four accepted
    // answers arrived before the first 429, the pacer took over instead (the limiter leaves
    // 429s it paces for to it): either way the requests after the 429s are held back.
    let lowered: Option<usize> = err
        .split("concurrency lowered to ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok());
    match lowered {
        Some(n) => assert!((1..=4).contains(&n), "{err}"),
        None => assert!(
            err.contains("req/s after 429s"),
            "neither lowered nor paced: {err}"
        ),
    }
    let log = server.log.lock().unwrap();
    let after: Vec<usize> = log[8..16].iter().map(|(n, _)| *n).collect();
    assert!(
        after.iter().all(|n| *n <= 5),
        "in flight after the 429s: {after:?}"
    );
    assert_eq!(log.iter().filter(|(_, s)| *s == 429).count(), 4);
}
