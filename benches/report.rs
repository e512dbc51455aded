//! Reports from the mirror at 10,000 candidates (issue 39: "`report pipeline` and a search each
//! answer in under 100 ms"):
//!
//!     cargo bench --bench report --profile bench-fast   # without LTO, quicker to build
//!     cargo bench --bench report                        # the release build (LTO)
//!
//! Builds an SQLite mirror of REPORT_CANDIDATES (10,000) candidates over 3 jobs with the
//! synthetic history of the report tests (tests/common/synthetic.rs: stage moves over 45 days
//! as syncs every 12 hours saw them, Korean names), then runs
//! each command REPORT_RUNS (15) times as a user would, a whole process each (start-up, opening
//! the mirror, the query, the output, and for searches the access log's record), and gives the
//! median and the slowest wall time against the 100 ms goal; `recruit --version` alone shows
//! what start-up costs.

use std::process::{Command, Stdio};
use std::time::Instant;

const GOAL_MS: f64 = 100.0;

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let n = env("REPORT_CANDIDATES", 10_000);
    let runs = env("REPORT_RUNS", 15);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir().unwrap();
    // REPORT_KEEP=1 leaves the mirror behind (its folder is printed), for profiling a command.
    let root = if std::env::var_os("REPORT_KEEP").is_some() {
        let kept = work.keep();
        println!("kept: {}", kept.display());
        kept
    } else {
        work.path().to_path_buf()
    };
    let db = root.join("mirror.db");
    synthetic::pipeline_mirror(&db, &synthetic::history(n));
    let history: i64 = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT count(*) FROM stage_history", [], |r| r.get(0))
        .unwrap();
    let page = root.join("pipeline.html");
    let db_arg = db.display().to_string();
    let page_arg = page.display().to_string();
    // Each command as typed, then `--db` with the mirror (all but the first).
    let typed = [
        "--version",
        "report pipeline -o json",
        "report pipeline --by job -o json",
        "report pipeline -o json --html",
        "candidates search 하늘 -o json",
        "candidates search ㄱㅎㄴ -o json",
        "candidates search p1234@ -o json",
    ];
    let cases: Vec<(String, Vec<&str>)> = typed
        .iter()
        .map(|line| {
            let mut args: Vec<&str> = line.split_whitespace().collect();
            if line.ends_with("--html") {
                args.push(&page_arg);
            }
            if args[0] != "--version" {
                args.extend(["--db", &db_arg]);
            }
            (format!("`recruit {line}`"), args)
        })
        .collect();
    println!(
        "mirror: {n} candidates, {history} stage history rows, {:.1} MB; {runs} runs of each command",
        std::fs::metadata(&db).unwrap().len() as f64 / 1e6
    );
    println!();
    println!("| command | median | slowest | under {GOAL_MS} ms |");
    println!("|---|---:|---:|---|");
    for (what, args) in &cases {
        let once = || {
            let started = Instant::now();
            let out = Command::new(bin)
                .args(args)
                .env("RECRUIT_DATA_DIR", root.join("data"))
                .env("RECRUIT_CONFIG_DIR", root.join("config"))
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .unwrap();
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            assert!(
                out.status.success(),
                "{what}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ms
        };
        once(); // a warm page cache, as a second report would have
        let mut times: Vec<f64> = (0..runs).map(|_| once()).collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let slowest = *times.last().unwrap();
        let verdict = if args[0] == "--version" {
            "(baseline)"
        } else if slowest < GOAL_MS {
            "yes"
        } else if median < GOAL_MS {
            "median yes, slowest no"
        } else {
            "no"
        };
        println!("| {what} | {median:.1} ms | {slowest:.1} ms | {verdict} |");
    }
}
