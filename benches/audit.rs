//! The access log's cost to an export (issue 36: "an export of 20,000 candidates is no more
//! than 2% slower with the log on than off"):
//!
//!     cargo bench --bench audit --profile bench-fast   # without LTO, quicker to build
//!     cargo bench --bench audit                        # the release build (LTO)
//!
//! `recruit export candidates --out F` of the sandbox's 20,000 synthetic candidates (each with
//! a name, an email and a phone), with the log on (the default: a record of the next candidates
//! read ahead, at most 1,000, synced before the first of them is written) against `audit = off`, in alternating
//! pairs (the first of the two alternating from pair to pair, so neither always meets a cold
//! cache or a busy neighbour first). The ratio is the median wall time with the log on over
//! the median with it off. Each run's file is checked: every candidate once; each run with the
//! log on adds records of at most 1,000 codes that name every candidate written.
//!
//! Knobs: AUDIT_CANDIDATES (20000), AUDIT_PAIRS (21: the runs of one command vary by 20% on a
//! shared machine, so fewer pairs leave the 2% goal inside the noise).

#[path = "common/sandbox.rs"]
mod shared_sandbox;
use shared_sandbox::sandbox_with;
use std::process::{Command, Stdio};
use std::time::Instant;

const GOAL: f64 = 1.02;

fn main() {
    let candidates = env("AUDIT_CANDIDATES", 20_000);
    let pairs = env("AUDIT_PAIRS", 21);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir().unwrap();
    let n = candidates.to_string();
    let (sandbox, base) = sandbox_with(bin, work.path(), &["--synthetic-candidates", &n]);
    // The stored demo candidates come first, then the synthetic ones.
    let on_config = work.path().join("config-on");
    let off_config = work.path().join("config-off");
    std::fs::create_dir_all(&on_config).unwrap();
    std::fs::create_dir_all(&off_config).unwrap();
    std::fs::write(
        off_config.join("config.toml"),
        "[default]\naudit = \"off\"\n",
    )
    .unwrap();
    let log = work.path().join("audit.log");
    let out = work.path().join("candidates.ndjson");

    // Wall time, and the CPU time (user + system) of recruit itself from /usr/bin/time: the
    // sandbox shares the machine, so the CPU side is the steadier measure of what the log adds.
    let export = |config: &std::path::Path| {
        let _ = std::fs::remove_file(&out);
        let started = Instant::now();
        let run = Command::new("/usr/bin/time")
            .args(["-f", "%U %S", bin])
            .args(["--base-url", &base, "export", "candidates", "--out"])
            .arg(&out)
            .args(["--reason", "bench"])
            .env("RECRUIT_CONFIG_DIR", config)
            .env("RECRUIT_DATA_DIR", work.path().join("data"))
            .env("RECRUIT_AUDIT_LOG", &log)
            .env("RECRUIT_API_KEY", "sandbox-key")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let wall = started.elapsed().as_secs_f64();
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "the export failed: {err}");
        let cpu: f64 = err
            .lines()
            .last()
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|x| x.parse::<f64>().ok())
            .sum();
        let written = std::fs::read_to_string(&out).unwrap().lines().count();
        assert!(
            written >= candidates,
            "{written} records for {candidates} candidates"
        );
        (Measured { wall, cpu }, written)
    };
    let records = || {
        std::fs::read_to_string(&log)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    // The codes the records after the first `skip` name, each record at most 1,000.
    let named = |skip: usize| {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let mut n = 0;
        for line in text.lines().skip(skip) {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            let codes = r["candidates"].as_array().map_or(0, Vec::len);
            assert!(codes <= 1_000 && r["count"] == codes, "{line}");
            n += codes;
        }
        n
    };

    // One of each first, unmeasured: the sandbox's pages and the disk cache warm up.
    export(&on_config);
    export(&off_config);
    let (mut on, mut off) = (Vec::new(), Vec::new());
    let mut exported = 0;
    for i in 0..pairs {
        let before = records();
        let run_on = || {
            let (wall, n) = export(&on_config);
            assert!(named(before) >= n, "every candidate written is in a record");
            (wall, n)
        };
        if i % 2 == 0 {
            let (w, n) = run_on();
            on.push(w);
            off.push(export(&off_config).0);
            exported = n;
        } else {
            off.push(export(&off_config).0);
            let (w, n) = run_on();
            on.push(w);
            exported = n;
        }
    }
    drop(sandbox);
    println!(
        "export candidates --out F, {exported} candidates, median of {pairs} alternating pairs:"
    );
    for (what, pick) in [
        ("wall", (|m: &Measured| m.wall) as fn(&Measured) -> f64),
        ("cpu ", |m: &Measured| m.cpu),
    ] {
        let on: Vec<f64> = on.iter().map(pick).collect();
        let off: Vec<f64> = off.iter().map(pick).collect();
        let (on_m, off_m) = (median(on.clone()), median(off.clone()));
        let ratio = on_m / off_m;
        println!("  {what} log on:  {on_m:.3} s  (runs: {})", list(&on));
        println!("  {what} log off: {off_m:.3} s  (runs: {})", list(&off));
        println!(
            "  {what} ratio on/off: {ratio:.3}x (goal <= {GOAL}x: {})",
            if ratio <= GOAL { "met" } else { "NOT met" }
        );
    }
}

struct Measured {
    wall: f64,
    cpu: f64,
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn list(v: &[f64]) -> String {
    v.iter()
        .map(|w| format!("{w:.3}"))
        .collect::<Vec<_>>()
        .join(", ")
}
