//! recruit at the bound where recruit itself is the cost, each row a ratio from one run:
//!
//!     cargo bench --bench perf          # a few minutes, most of it the release build
//!
//! 1. one request: `recruit forms get CODE -o json` against `curl -s` for the same answer from
//!    the same server (`recruit sandbox`), 200 runs each, one after another.
//! 2. an export to a file: `export submissions --out F` against the same export to standard
//!    output, 20,000 candidates x 3 records from a local server that answers at once, medians
//!    of alternating pairs; CPU time per record with 100 records per request (the request's
//!    own cost shared), and per request with 3.
//! 3. a merged list: `forms list --all -o json` over 20,000 and 100,000 forms, peak RSS
//!    against `jq -s` reading the same items (ndjson and csv for comparison).
//! 4. the size of the release binary.
//!
//! The rate-limited rows (R = 40, 150, 200 req/s) are in `ONLY=rate bash benches/run.sh`.
//! Knobs: PERF_RUNS (200), PERF_CANDIDATES (20000), PERF_PAIRS (5). PERF_SERVE=1 starts only
//! the stub server and prints its base URL (to profile recruit against it). The table is
//! written into benches/README.md between the perf-results markers.

#[path = "common/sandbox.rs"]
mod shared_sandbox;
use shared_sandbox::sandbox;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn main() {
    let runs: usize = env("PERF_RUNS", 200);
    let candidates: usize = env("PERF_CANDIDATES", 20_000);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    if std::env::var_os("PERF_SERVE").is_some() {
        // The stub alone, for a profiler: `PERF_SERVE=1 cargo bench --bench perf`.
        let base = rt.block_on(stub_server(candidates));
        println!("{base}");
        rt.block_on(std::future::pending::<()>());
    }
    let mut rows = Vec::new();

    // 1. one request against curl
    let (sandbox, base) = sandbox(bin, work.path());
    let url = format!("{base}/application_forms/FORM-1001");
    let curl = timed(runs, || {
        Command::new("curl")
            .args([
                "-s",
                "-o",
                "/dev/null",
                "-H",
                "Authorization: Bearer sandbox-key",
                &url,
            ])
            .status()
            .unwrap()
            .success()
    });
    let ours = timed(runs, || {
        Command::new(bin)
            .args(["--base-url", &base, "forms", "get", "FORM-1001"])
            .args(["-o", "json"])
            .env("RECRUIT_CONFIG_DIR", work.path().join("config"))
            .env("RECRUIT_API_KEY", "sandbox-key")
            .stdout(Stdio::null())
            .status()
            .unwrap()
            .success()
    });
    drop(sandbox);
    rows.push(format!(
        "| `forms get CODE -o json` vs `curl -s` ({runs} runs each) | {:.2} ms vs {:.2} ms | **{:.2}x** curl | ≤ 0.75x: {} |",
        ours.as_secs_f64() * 1000.0 / runs as f64,
        curl.as_secs_f64() * 1000.0 / runs as f64,
        ours.as_secs_f64() / curl.as_secs_f64(),
        met(ours.as_secs_f64() / curl.as_secs_f64() <= 0.75),
    ));

    // 2. export to a file against standard output
    let stub = rt.block_on(stub_server(0));
    let codes = work.path().join("codes.txt");
    let list: String = (0..candidates).map(|i| format!("P{i:06}\n")).collect();
    std::fs::write(&codes, list).unwrap();
    let export = |out: Option<&std::path::Path>, codes: &std::path::Path| {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%e %U %S %M", bin, "--base-url", &stub])
            .args(["export", "submissions", "--candidates"])
            .arg(codes)
            .env("RECRUIT_CONFIG_DIR", work.path().join("config"))
            .env("RECRUIT_API_KEY", "k")
            .stdout(Stdio::null());
        if let Some(o) = out {
            c.arg("--out").arg(o);
        }
        measured(c)
    };
    // Paired runs, alternating, the median of each side: on a shared machine one pair is
    // noise (the same command varies by 1.5x from run to run).
    let pairs: usize = env("PERF_PAIRS", 5);
    let file = work.path().join("out.ndjson");
    let (mut to_stdout, mut to_file) = (Vec::new(), Vec::new());
    for _ in 0..pairs {
        to_stdout.push(export(None, &codes));
        let _ = std::fs::remove_file(&file);
        to_file.push(export(Some(&file), &codes));
    }
    let records = std::fs::read_to_string(&file).unwrap().lines().count();
    assert_eq!(records, candidates * 3, "every record written once");
    let wall = |m: &[Measured]| median(m.iter().map(|m| m.wall).collect());
    let ratio = wall(&to_file) / wall(&to_stdout);
    rows.push(format!(
        "| export of {candidates} candidates x 3 records, `--out F` vs stdout (median of {pairs} alternating pairs) | {:.2} s vs {:.2} s | **{ratio:.2}x** | ≤ 1.25x: {} |",
        wall(&to_file),
        wall(&to_stdout),
        met(ratio <= 1.25),
    ));
    let cpu = |m: &[Measured]| median(m.iter().map(|m| m.user + m.sys).collect());
    let per_request = cpu(&to_stdout) * 1e6 / candidates as f64;
    // The same export with 100 records per request: what a record costs (parse, encode,
    // write) once the request around it is shared by many.
    let wide_n = (candidates / 20).max(1);
    let wide = work.path().join("wide.txt");
    let list: String = (0..wide_n).map(|i| format!("W{i:06}\n")).collect();
    std::fs::write(&wide, list).unwrap();
    let wide_runs: Vec<Measured> = (0..pairs).map(|_| export(None, &wide)).collect();
    let cpu_us = cpu(&wide_runs) * 1e6 / (wide_n * 100) as f64;
    rows.push(format!(
        "| CPU per record (parse, encode, write), {wide_n} candidates x 100 records to stdout | {cpu_us:.2} µs | | note: under 3 µs: {} |",
        met(cpu_us < 3.0),
    ));
    rows.push(format!(
        "| CPU per request (one candidate's page of 3), the stdout export above | {per_request:.1} µs | | note only |",
    ));

    // 3. merged lists against jq -s
    for n in [20_000usize, 100_000] {
        let forms = rt.block_on(stub_server(n));
        let items = work.path().join(format!("forms-{n}.ndjson"));
        let fetch = |format: &str| {
            let mut c = Command::new("/usr/bin/time");
            c.args(["-f", "%e %U %S %M", bin, "--base-url", &forms])
                .args(["forms", "list", "--all", "-o", format])
                .env("RECRUIT_CONFIG_DIR", work.path().join("config"))
                .env("RECRUIT_API_KEY", "k");
            c
        };
        let json = measured_to(fetch("json"), &work.path().join("all.json"));
        let ndjson = measured_to(fetch("ndjson"), &items);
        let csv = measured_to(fetch("csv"), &work.path().join("all.csv"));
        let mut jq = Command::new("/usr/bin/time");
        jq.args(["-f", "%e %U %S %M", "jq", "-s", "."]).arg(&items);
        let jq = measured(jq);
        let ratio = json.peak_kb as f64 / jq.peak_kb as f64;
        rows.push(format!(
            "| `forms list --all -o json`, {n} forms: peak RSS vs `jq -s` | {} MB vs {} MB (ndjson {} MB, csv {} MB) | **{ratio:.2}x** | ≤ 1x: {} |",
            json.peak_kb / 1024,
            jq.peak_kb / 1024,
            ndjson.peak_kb / 1024,
            csv.peak_kb / 1024,
            met(ratio <= 1.0),
        ));
    }

    // 4. the binary
    let size = std::fs::metadata(bin).map(|m| m.len()).unwrap_or(0);
    rows.push(format!(
        "| release binary (LTO, stripped) | {:.1} MiB | | stated in the README |",
        size as f64 / 1048576.0
    ));

    let table = format!(
        "Run: {}, {} cores (shared), release build.\n\n| measure | result | ratio | goal |\n|---|---:|---:|---|\n{}\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%MZ"),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        rows.join("\n")
    );
    println!("{table}");
    write_results(&table);
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn met(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**not met**"
    }
}

/// Wall time of `n` runs of `f`, one after another.
fn timed(n: usize, mut f: impl FnMut() -> bool) -> Duration {
    let started = Instant::now();
    for _ in 0..n {
        assert!(f(), "a run failed");
    }
    started.elapsed()
}

struct Measured {
    wall: f64,
    user: f64,
    sys: f64,
    peak_kb: u64,
}

/// `/usr/bin/time -f "%e %U %S %M"` of a command (its last stderr line).
fn measured(mut c: Command) -> Measured {
    let out = c.stderr(Stdio::piped()).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let last = err.lines().last().unwrap_or("");
    let f: Vec<f64> = last
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    assert_eq!(f.len(), 4, "{err}");
    Measured {
        wall: f[0],
        user: f[1],
        sys: f[2],
        peak_kb: f[3] as u64,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn measured_to(mut c: Command, out: &std::path::Path) -> Measured {
    c.stdout(std::fs::File::create(out).unwrap());
    measured(c)
}

/// A local service that answers at once: every candidate has 3 form submissions; the form
/// list holds `forms` forms, in pages of 100.
async fn stub_server(forms: usize) -> String {
    use axum::extract::{Path, Query, State};
    use std::collections::HashMap;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    let b = base.clone();
    // A candidate whose code starts with "W" (wide) has 100 submissions, one page: the CPU a
    // record costs without the request around it. Others have 3.
    let submissions = |Path(code): Path<String>| async move {
        let n = if code.starts_with('W') { 100 } else { 3 };
        let items: Vec<Value> = (0..n)
            .map(|k| {
                json!({"code": format!("{code}-{k}"), "kind": "message", "form_title": "사전 질문",
                "candidate_name": "김하나", "submitted_at": "2026-11-20T09:00:00+09:00",
                "submission_answers": [{"id": k, "kind": "textarea", "title": "지원 동기",
                "answer_json_info": {"value": "러스트로 채용 도구를 만들고 싶습니다."}}]})
            })
            .collect();
        axum::Json(
            json!({"collection": items, "pagination": {"next_url": null, "prev_url": null, "total_count": n}}),
        )
    };
    let list = move |State(total): State<usize>, Query(q): Query<HashMap<String, String>>| {
        let b = b.clone();
        async move {
            let start: usize = q
                .get("page_token")
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            let end = (start + 100).min(total);
            let items: Vec<Value> = (start..end)
                .map(|i| json!({"uri": format!("{b}/application_forms/F{i:06}"), "code": format!("F{i:06}"),
                    "title": format!("Backend Engineer {i}"), "status": "in_progress", "career_kind": "not_required",
                    "employment_type": "full_time", "address": "서울특별시 강남구 테헤란로 1",
                    "content": "<p>우리는 러스트로 채용 도구를 만듭니다. We build recruiting tools in Rust.</p>",
                    "open_status": true, "resume_required": true, "end_at": "2027-01-31T18:00:00+09:00",
                    "expired": false, "created_at": "2026-01-01T09:00:00+09:00", "updated_at": "2026-11-01T09:00:00+09:00"}))
                .collect();
            let next = (end < total).then(|| end.to_string());
            axum::Json(json!({"collection": items, "pagination": {"total": total,
                "next_page": next, "next_page_token": next.as_ref().map(|t| format!("{b}/application_forms?page_token={t}"))}}))
        }
    };
    let app = axum::Router::new()
        .route(
            "/v1/candidates/{code}/form_submissions",
            axum::routing::get(submissions),
        )
        .route("/v1/application_forms", axum::routing::get(list))
        .with_state(forms);
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

fn write_results(table: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/README.md");
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let (start, end) = ("<!-- perf-results:start -->", "<!-- perf-results:end -->");
    if let (Some(a), Some(b)) = (text.find(start), text.find(end)) {
        let new = format!("{}{start}\n\n{table}\n{}", &text[..a], &text[b..]);
        let _ = std::fs::write(path, new);
    }
}
