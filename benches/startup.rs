//! Start-up: one `recruit forms get CODE -o json` against `curl -s` for the same answer from the
//! same fast local server (`recruit sandbox`, no added latency), in alternating pairs:
//!
//!     cargo bench --bench startup --profile bench-fast   # about a minute without LTO
//!     cargo bench --bench startup                        # the release build (LTO): slower to build
//!
//! Each pair runs both commands one after the other, the first of the two alternating from
//! pair to pair (so neither always meets a cold cache or a busy neighbour first); the ratio is
//! recruit's wall time over curl's, the median over the pairs (one pair on a shared machine is
//! noise). Goal: at most 0.5x. The same convention as the first row of `perf.rs` (recruit's
//! time / curl's), so the numbers compare. `recruit --version` alone (no request, no runtime)
//! is timed too, for the share of start-up.
//!
//! recruit is timed as installed: a copy of the build's binary (as `cargo install`, a package or a
//! release archive puts it). The linker's own output file, written out of order, sits in the page
//! cache in small pieces, so the kernel maps fewer of its pages per fault (about 675 page faults a
//! run against 605 for a copy of the same bytes): it is timed in the same rounds too, as a note.
//!
//! Knobs: STARTUP_PAIRS (200). The table is written into benches/README.md between the
//! startup-results markers.

#[path = "common/sandbox.rs"]
mod shared_sandbox;
use shared_sandbox::sandbox;
use std::process::{Command, Stdio};
use std::time::Instant;

const GOAL: f64 = 0.5;

fn main() {
    let pairs: usize = std::env::var("STARTUP_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir().unwrap();
    let (sandbox, base) = sandbox(bin, work.path());
    let url = format!("{base}/application_forms/FORM-1001");
    let config = work.path().join("config");

    let curl = || {
        let mut c = Command::new("curl");
        c.args(["-s", "-H", "Authorization: Bearer sandbox-key", &url])
            .stdout(Stdio::null());
        c
    };
    // The binary as installed (see the top of this file).
    let installed = work.path().join("recruit");
    std::fs::copy(bin, &installed).unwrap();
    let ours_at = |path: &std::path::Path| {
        let mut c = Command::new(path);
        c.args([
            "--base-url",
            &base,
            "forms",
            "get",
            "FORM-1001",
            "-o",
            "json",
        ])
        .env("RECRUIT_CONFIG_DIR", &config)
        .env("RECRUIT_API_KEY", "sandbox-key")
        .stdout(Stdio::null());
        c
    };
    let ours = || ours_at(&installed);
    let linked = || ours_at(std::path::Path::new(bin));
    let version = || {
        let mut c = Command::new(&installed);
        c.arg("--version")
            .env("RECRUIT_CONFIG_DIR", &config)
            .stdout(Stdio::null());
        c
    };
    // Both answer the same (and warm the page cache and the sandbox).
    let a = ours().stdout(Stdio::piped()).output().unwrap();
    let b = curl().stdout(Stdio::piped()).output().unwrap();
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_slice(&a.stdout).unwrap(),
        serde_json::from_slice(&b.stdout).unwrap(),
    );
    assert_eq!(
        a["code"], b["code"],
        "recruit and curl read different forms"
    );
    for _ in 0..5 {
        time(ours());
        time(curl());
    }

    let (mut t_ours, mut t_curl, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut t_linked, mut linked_ratios) = (Vec::new(), Vec::new());
    for i in 0..pairs {
        let (o, c) = if i % 2 == 0 {
            let o = time(ours());
            (o, time(curl()))
        } else {
            let c = time(curl());
            (time(ours()), c)
        };
        ratios.push(o / c);
        t_ours.push(o);
        t_curl.push(c);
        // The linker's file, right after the pair, against the pair's curl.
        let l = time(linked());
        linked_ratios.push(l / c);
        t_linked.push(l);
    }
    let t_version: Vec<f64> = (0..pairs.min(100)).map(|_| time(version())).collect();
    drop(sandbox);

    let ratio = median(ratios);
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into());
    let profile = if bin.contains("/release/") {
        "release build (LTO)"
    } else if bin.contains("/bench-fast/") {
        "`bench-fast` build (release without LTO)"
    } else {
        "debug build"
    };
    let table = format!(
        "Run: {}, {} cores (shared; load average after the run: {load}), {profile}, {pairs} pairs, recruit timed as installed (a copy of the build's binary).\n\n\
         | measure | median wall time | ratio (median of pairs) | goal |\n\
         |---|---:|---:|---|\n\
         | `recruit forms get CODE -o json` vs `curl -s` | {:.2} ms vs {:.2} ms | **{ratio:.2}x** curl | ≤ {GOAL}x: {} |\n\
         | the same, the build's own file (`target/...`, as the linker wrote it) | {:.2} ms | {:.2}x curl | note only |\n\
         | `recruit --version` (start-up alone, no request) | {:.2} ms | | note only |\n",
        utc_now(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        median(t_ours) * 1e3,
        median(t_curl) * 1e3,
        if ratio <= GOAL { "met" } else { "**not met**" },
        median(t_linked) * 1e3,
        median(linked_ratios),
        median(t_version) * 1e3,
    );
    println!("{table}");
    write_results(&table);
}

/// Wall time of one run, in seconds; the run must succeed.
fn time(mut c: Command) -> f64 {
    let started = Instant::now();
    let status = c.status().unwrap();
    let took = started.elapsed().as_secs_f64();
    assert!(status.success(), "{c:?} failed");
    took
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn utc_now() -> String {
    let out = Command::new("date")
        .args(["-u", "+%Y-%m-%dT%H:%MZ"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    out.unwrap_or_default()
}

fn write_results(table: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/README.md");
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let (start, end) = (
        "<!-- startup-results:start -->",
        "<!-- startup-results:end -->",
    );
    if let (Some(a), Some(b)) = (text.find(start), text.find(end)) {
        let new = format!("{}{start}\n\n{table}\n{}", &text[..a], &text[b..]);
        let _ = std::fs::write(path, new);
    }
}
