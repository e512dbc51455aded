//! `recruit sync` against `recruit sandbox` (release build), three measures:
//!
//!     cargo bench --bench sync           # a few minutes, most of it the release build
//!
//! 1. rate: a first sync of SYNC_RATE_N candidates (default 300) into SQLite against a sandbox
//!    limited to SYNC_RATE requests per second (default 100; 429 over it): requests sent
//!    against the minimum (list pages + each form's detail + one memo list per candidate +
//!    submission pages at per=100), and accepted requests per second against the limit.
//! 2. incremental: 1,000 candidates: a first sync, a second with nothing changed, a third
//!    after 1% of the candidates moved to another stage; requests of each against the first.
//! 3. memory: peak RSS of a full first sync of 1,000 candidates, of first syncs of 10,000 and
//!    100,000 candidates that fetch memos and submissions of one stage (`--stage pass`, a
//!    twentieth of them: the walk, the comparison and the writes of every candidate, fetches
//!    of 5,000 at 100,000), and of the second run at 100,000 (the whole list compared, nothing
//!    fetched).
//!
//! The table is written into benches/README.md between the sync-results markers.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const KEY: &str = "sandbox-key";

fn main() {
    let rate_n: usize = env("SYNC_RATE_N", 300);
    let rate: usize = env("SYNC_RATE", 100);
    let big: usize = env("SYNC_BIG_N", 100_000);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();

    // 1. under a rate limit
    let sb = Sandbox::start(
        bin,
        work.path(),
        rate_n - 23,
        &["--rate-limit", &rate.to_string()],
    );
    let db = work.path().join("rate.db");
    let run = sync(bin, work.path(), &sb.url, &db, &[]);
    let stats = rt.block_on(sb.get("/_sandbox/stats"));
    // `answered` counts every /v1 answer, the 429s too.
    let refused = stats["rate_limited"].as_u64().unwrap();
    let answered = stats["answered"].as_u64().unwrap() - refused;
    let minimum = rt.block_on(minimum_requests(&sb, rate_n));
    let accepted_rate = answered as f64 / run.secs;
    eprintln!(
        ">> rate: {} requests (minimum {minimum}), {answered} accepted in {:.2} s = {accepted_rate:.1}/s of {rate}/s, {refused} 429s",
        run.summary["requests"], run.secs
    );
    assert_eq!(run.summary["status"], "complete", "{}", run.summary);
    drop(sb);
    if std::env::var("SYNC_ONLY").as_deref() == Ok("rate") {
        return;
    }

    // 2. incremental, 1,000 candidates
    let sb = Sandbox::start(bin, work.path(), 977, &[]);
    let db = work.path().join("k.db");
    let first = sync(bin, work.path(), &sb.url, &db, &[]);
    let second = sync(bin, work.path(), &sb.url, &db, &[]);
    // 1%: ten candidates move to another stage.
    for i in 0..10 {
        let code = format!("S{:06}", 50 + i * 90);
        rt.block_on(sb.post(
            &format!("/_sandbox/candidates/{code}/stage"),
            serde_json::json!({"stage": "review", "title": "bench move"}),
        ));
    }
    let third = sync(bin, work.path(), &sb.url, &db, &[]);
    let req = |r: &Run| r.summary["requests"].as_u64().unwrap();
    let (r1, r2, r3) = (req(&first), req(&second), req(&third));
    eprintln!(">> incremental: first {r1}, unchanged {r2}, after 1% moved {r3}");
    assert_eq!(
        third.summary["candidates"]["changed"], 10,
        "{}",
        third.summary
    );
    drop(sb);

    // 3. memory
    let mut mem = vec![(
        1_000usize,
        "full first sync".to_string(),
        first.peak_kb,
        first.secs,
        r1,
    )];
    let mut second_big = None;
    for n in [10_000, big] {
        let sb = Sandbox::start(bin, work.path(), n - 23, &[]);
        let db = work.path().join(format!("m{n}.db"));
        let r = sync(bin, work.path(), &sb.url, &db, &["--stage", "pass"]);
        assert!(r.summary["candidates"]["fetched"].as_u64().unwrap() as usize <= n / 15);
        eprintln!(
            ">> memory: {n} candidates, --stage pass: {} kB in {:.1} s",
            r.peak_kb, r.secs
        );
        mem.push((
            n,
            "first sync, --stage pass".into(),
            r.peak_kb,
            r.secs,
            req(&r),
        ));
        if n == big {
            // The same run again: every candidate walked and compared, nothing fetched.
            let again = sync(bin, work.path(), &sb.url, &db, &["--stage", "pass"]);
            eprintln!(
                ">> memory: {n} candidates, second run: {} kB",
                again.peak_kb
            );
            second_big = Some((
                again.peak_kb,
                again.secs,
                req(&again),
                again.summary.clone(),
            ));
        }
        for ext in ["db", "db-wal", "db-shm"] {
            let _ = std::fs::remove_file(db.with_extension(ext));
        }
    }
    let (sb_kb, sb_secs, sb_req, sb_summary) = second_big.unwrap();
    mem.push((
        big,
        format!(
            "second run, --stage pass (fetched {})",
            sb_summary["candidates"]["fetched"]
        ),
        sb_kb,
        sb_secs,
        sb_req,
    ));
    let peak_big = mem
        .iter()
        .filter(|m| m.0 == big)
        .map(|m| m.2)
        .max()
        .unwrap();

    let mut table = format!(
        "Run: {}, {} cores (shared), release build, SQLite.\n\n\
         | measure | result | target |\n|---|---:|---|\n\
         | first sync of {rate_n} candidates, sandbox limited to {rate} req/s | {answered} requests accepted (the minimum: {minimum}) in {:.2} s = **{accepted_rate:.1} req/s = {:.2} of the limit**; {refused} more were answered 429 while the pacer learned the rate, and sent again ({} attempts in all) | the minimum: {}; ≥ 0.9 of the rate: {} |\n\
         | second run, nothing changed, 1,000 candidates | {r2} requests = **{:.2}%** of the first run's {r1} | ≤ 1%: {} |\n\
         | after 1% of candidates changed stage (10 of 1,000) | {r3} requests = **{:.2}%** of the first | ≤ 3%: {} |\n\
         | peak RSS at {big} candidates (largest below) | **{} MB** | < 60 MB: {} |\n\n\
         | candidates | run | requests | wall time | peak RSS |\n|---:|---|---:|---:|---:|\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%MZ"),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        run.secs,
        accepted_rate / rate as f64,
        run.summary["requests"],
        met(answered == minimum),
        met(accepted_rate >= 0.9 * rate as f64),
        100.0 * r2 as f64 / r1 as f64,
        met(r2 * 100 <= r1),
        100.0 * r3 as f64 / r1 as f64,
        met(r3 * 100 <= 3 * r1),
        peak_big / 1024,
        met(peak_big < 60 * 1024),
    );
    for (n, what, kb, secs, requests) in &mem {
        table.push_str(&format!(
            "| {n} | {what} | {requests} | {secs:.1} s | {} MB ({kb} kB) |\n",
            kb / 1024
        ));
    }
    println!("{table}");
    write_results(&table);
}

fn met(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**not met**"
    }
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Sandbox {
    child: Child,
    url: String,
    _state: tempfile::TempDir,
}

impl Sandbox {
    fn start(bin: &str, work: &std::path::Path, synthetic: usize, extra: &[&str]) -> Sandbox {
        let state = tempfile::tempdir_in(work).unwrap();
        let mut child = Command::new(bin)
            .args(["sandbox", "--port", "0", "--synthetic-candidates"])
            .arg(synthetic.to_string())
            .arg("--state")
            .arg(state.path().join("state.json"))
            .args(extra)
            .env("RECRUIT_DATA_DIR", state.path())
            .env("RECRUIT_CONFIG_DIR", state.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let url = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| l.strip_prefix("base_url: ").map(str::to_string))
            .expect("the sandbox prints its base URL");
        std::thread::spawn(move || for _ in lines {});
        Sandbox {
            child,
            url,
            _state: state,
        }
    }

    fn root(&self) -> String {
        self.url.trim_end_matches("/v1").to_string()
    }

    async fn get(&self, path: &str) -> Value {
        loop {
            let resp = reqwest::Client::builder()
                .no_proxy()
                .build()
                .unwrap()
                .get(format!("{}{path}", self.root()))
                .bearer_auth(KEY)
                .send()
                .await
                .unwrap();
            if resp.status() == 429 {
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            return resp.json().await.unwrap();
        }
    }

    async fn post(&self, path: &str, body: Value) {
        let resp = reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .post(format!("{}{path}", self.root()))
            .bearer_auth(KEY)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(resp.status().is_success(), "{path}: {}", resp.status());
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The fewest requests a first sync of the sandbox's `n` candidates can make: the three
/// lists (forms, jobs: one page each; candidates: ceil(n/100)), each form's detail, one memo
/// list per candidate, and ceil(submissions/100) submission pages (at least one).
async fn minimum_requests(sb: &Sandbox, n: usize) -> u64 {
    let forms = sb.get("/v1/application_forms?per=100").await["pagination"]["total"]
        .as_u64()
        .unwrap();
    let mut pages = 0u64;
    let mut path = "/v1/candidates?per=100".to_string();
    let mut codes = Vec::new();
    loop {
        let page = sb.get(&path).await;
        for c in page["collection"].as_array().unwrap() {
            codes.push(c["code"].as_str().unwrap().replace('/', "%2F"));
        }
        match page["pagination"]["next_page"].as_str() {
            Some(t) if !t.is_empty() => path = format!("/v1/candidates?per=100&page_token={t}"),
            _ => break,
        }
    }
    assert_eq!(codes.len(), n);
    for code in &codes {
        let total = sb
            .get(&format!("/v1/candidates/{code}/form_submissions?per=1"))
            .await["pagination"]["total_count"]
            .as_u64()
            .unwrap();
        pages += total.div_ceil(100).max(1);
    }
    2 + (n as u64).div_ceil(100) + forms + n as u64 + pages
}

struct Run {
    summary: Value,
    secs: f64,
    peak_kb: u64,
}

/// `recruit -o json sync --db DB` against `url`, its peak RSS sampled while it runs.
fn sync(bin: &str, work: &std::path::Path, url: &str, db: &std::path::Path, extra: &[&str]) -> Run {
    let home = tempfile::tempdir_in(work).unwrap();
    let started = Instant::now();
    let mut child = Command::new(bin)
        .args(["-o", "json", "sync", "--db"])
        .arg(db)
        .args(extra)
        .env("RECRUIT_BASE_URL", url)
        .env("RECRUIT_API_KEY", KEY)
        .env("RECRUIT_DATA_DIR", home.path())
        .env("RECRUIT_CONFIG_DIR", home.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut BufReader::new(out), &mut s).unwrap();
        s
    });
    let mut peak = 0;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{}/status", child.id())) {
            if let Some(kb) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse().ok())
            {
                peak = peak.max(kb);
            }
        }
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let secs = started.elapsed().as_secs_f64();
    assert!(status.success(), "sync {extra:?} failed");
    let text = reader.join().unwrap();
    Run {
        summary: serde_json::from_str(text.trim()).unwrap(),
        secs,
        peak_kb: peak,
    }
}

fn write_results(table: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/README.md");
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let (start, end) = ("<!-- sync-results:start -->", "<!-- sync-results:end -->");
    if let (Some(a), Some(b)) = (text.find(start), text.find(end)) {
        let new = format!("{}{start}\n\n{table}\n{}", &text[..a], &text[b..]);
        let _ = std::fs::write(path, new);
    }
}
