//! Reports from the mirror at 10,000 candidates (issue 39: "`report pipeline` and a search each
//! answer in under 100 ms"):
//!
//!     cargo bench --bench report --profile bench-fast   # without LTO, quicker to build
//!     cargo bench --bench report                        # the release build (LTO)
//!
//! Builds an SQLite mirror of REPORT_CANDIDATES (10,000) candidates over 5 jobs, each with a
//! stage history of one to six stays (as syncs every 12 hours would have seen them), then runs
//! each command REPORT_RUNS (15) times as a user would, a whole process each (start-up, opening
//! the mirror, the query, the output, and for searches the access log's record), and gives the
//! median and the slowest wall time against the 100 ms goal; `recruit --version` alone shows
//! what start-up costs.

use std::process::{Command, Stdio};
use std::time::Instant;

const GOAL_MS: f64 = 100.0;
const DAY: i64 = 86_400;
const T0: i64 = 1_780_000_000;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

fn at(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0)
        .unwrap()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The mirror: `n` candidates with Korean names (so that Hangul searches have work to do),
/// their stage history, and the sync runs that wrote it. The number of history rows.
fn build(path: &std::path::Path, n: usize) -> usize {
    let mut b = recruit::sync::sqlite::Sqlite::open(path, true).unwrap();
    recruit::sync::schema::migrate_to(&mut b, 0, recruit::sync::schema::VERSION).unwrap();
    drop(b);
    let mut db = rusqlite::Connection::open(path).unwrap();
    let tx = db.transaction().unwrap();
    for k in 0..60 {
        let t = T0 + 10 * DAY + k * 12 * 3600;
        tx.execute(
            "INSERT INTO sync_runs (started_at, finished_at, status, full_run, started_unix, finished_unix)
             VALUES (?1, ?1, 'complete', 0, ?2, ?2)",
            rusqlite::params![at(t), t as f64],
        )
        .unwrap();
    }
    const SURNAMES: [&str; 8] = ["김", "이", "박", "최", "정", "강", "조", "윤"];
    const GIVEN: [&str; 12] = [
        "하늘", "민준", "서연", "지호", "하은", "도윤", "서준", "예린", "수빈", "지훈", "유진",
        "민재",
    ];
    const KINDS: [&str; 5] = ["applied", "review", "interview", "offer", "pass"];
    let mut rng = Rng(7);
    let mut history = 0;
    for i in 0..n {
        let code = format!("C{i:06}");
        let name = format!(
            "{}{}",
            SURNAMES[rng.below(8) as usize],
            GIVEN[rng.below(12) as usize]
        );
        let email = format!("cand{i}@example.kr");
        let job = format!("JOB-{}", i % 5);
        let mut t = T0 + rng.below(30 * DAY as u64) as i64;
        let applied = t;
        let mut stays = vec![("applied", t)];
        for kind in &KINDS[1..] {
            t += DAY / 2 + rng.below(6 * DAY as u64) as i64;
            if rng.below(4) == 0 {
                stays.push(("fail", t));
                break;
            }
            stays.push((kind, t));
            if rng.below(3) == 0 {
                break;
            }
        }
        let (kind, since) = *stays.last().unwrap();
        let data = serde_json::json!({
            "code": code, "name": name, "email": email, "phone": "010-1234-5678",
            "applied_at": at(applied), "job": {"code": job, "title": format!("Job {}", i % 5)},
            "job_stage": {"stage_kind": kind, "title": kind, "created_at": at(since), "updated_at": at(since)},
        });
        tx.execute(
            "INSERT INTO candidates (code, name, email, phone, stage_kind, stage_title, job_code,
                 job_title, applied_at, created_at, data)
             VALUES (?1, ?2, ?3, '010-1234-5678', ?4, ?4, ?5, ?6, ?7, ?7, ?8)",
            rusqlite::params![
                code,
                name,
                email,
                kind,
                job,
                format!("Job {}", i % 5),
                at(applied),
                data.to_string()
            ],
        )
        .unwrap();
        for (kind, start) in stays {
            tx.execute(
                "INSERT INTO stage_history (candidate_code, stage_key, stage_kind, stage_title,
                     entered_at, first_seen_at)
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
                rusqlite::params![
                    code,
                    format!("[\"{kind}\",\"{kind}\",\"{}\"]", at(start)),
                    kind,
                    at(start),
                    at(start + 3600)
                ],
            )
            .unwrap();
            history += 1;
        }
    }
    tx.commit().unwrap();
    history
}

fn main() {
    let n = env("REPORT_CANDIDATES", 10_000);
    let runs = env("REPORT_RUNS", 15);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("mirror.db");
    let history = build(&db, n);
    let page = work.path().join("pipeline.html");
    let db_arg = db.display().to_string();
    let page_arg = page.display().to_string();
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("`recruit --version` (start-up alone)", vec!["--version"]),
        (
            "`report pipeline -o json`",
            vec!["report", "pipeline", "-o", "json", "--db", &db_arg],
        ),
        (
            "`report pipeline --by job -o json`",
            vec![
                "report", "pipeline", "--by", "job", "-o", "json", "--db", &db_arg,
            ],
        ),
        (
            "`report pipeline --html FILE`",
            vec![
                "report", "pipeline", "--html", &page_arg, "-o", "json", "--db", &db_arg,
            ],
        ),
        (
            "`candidates search 하늘`",
            vec![
                "candidates",
                "search",
                "하늘",
                "-o",
                "json",
                "--db",
                &db_arg,
            ],
        ),
        (
            "`candidates search ㄱㅎㄴ`",
            vec![
                "candidates",
                "search",
                "ㄱㅎㄴ",
                "-o",
                "json",
                "--db",
                &db_arg,
            ],
        ),
        (
            "`candidates search cand1234@`",
            vec![
                "candidates",
                "search",
                "cand1234@",
                "-o",
                "json",
                "--db",
                &db_arg,
            ],
        ),
    ];
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
                .env("RECRUIT_DATA_DIR", work.path().join("data"))
                .env("RECRUIT_CONFIG_DIR", work.path().join("config"))
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
