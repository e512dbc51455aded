//! The service's read surface beyond the spec: `candidates list|get`, `jobs list`,
//! `evaluations get`, `interviews get`, exports that take their candidates from the candidate
//! list (`--stage`, `export candidates`), the MCP read tools, and the sandbox's pipeline (stage
//! moves that deliver signed events, applications that create candidates, old state files).
//! The binary against the sandbox over HTTP; requests counted by the sandbox's stats route.

use crate::common::*;
use crate::mcp::{block_on, start_with};

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The demo candidates at stage `interview`, in list order.
const INTERVIEW: [&str; 5] = ["C1001", "C3004", "C3005", "C3009", "C3013"];
/// Demo candidates (without synthetic ones).
const DEMO_CANDIDATES: usize = 23;

fn ok(sb: &TestSandbox, args: &[&str]) -> std::process::Output {
    let out = sb.run(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}\nstderr: {}",
        stderr_of(&out)
    );
    out
}

fn json(sb: &TestSandbox, args: &[&str]) -> Value {
    let out = ok(sb, &[&["-o", "json"], args].concat());
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout_of(&out)))
}

fn table(sb: &TestSandbox, args: &[&str]) -> String {
    stdout_of(&ok(sb, &[&["-o", "table"], args].concat()))
}

fn codes(items: &Value) -> Vec<String> {
    items
        .as_array()
        .expect("an array")
        .iter()
        .map(|c| c["code"].as_str().expect("a code").to_string())
        .collect()
}

/// `/v1` requests the sandbox answered so far.
fn answered(sb: &TestSandbox) -> u64 {
    sb.admin_value("/_sandbox/stats")["answered"]
        .as_u64()
        .unwrap()
}

fn ndjson(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn the_list_pages_and_filters_by_stage() {
    let sb = TestSandbox::new();
    let first = json(&sb, &["candidates", "list"]);
    let page = first["collection"].as_array().unwrap();
    assert_eq!(page.len(), 20, "the service's default page");
    assert_eq!(first["pagination"]["total"], json!(DEMO_CANDIDATES));
    let next = first["pagination"]["next_page_token"].as_str().unwrap();
    let second = json(&sb, &["candidates", "list", "--page-token", next]);
    let mut all = codes(&first["collection"]);
    all.extend(codes(&second["collection"]));
    assert_eq!(all.len(), DEMO_CANDIDATES);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), DEMO_CANDIDATES);
    // The memo and submission candidates are candidates of the list.
    for c in [
        "C1001", "C1002", "C1003", "C1004", "C1005", "C1006", "C/2001",
    ] {
        assert!(all.contains(&c.to_string()), "{c}");
    }

    let interview = json(&sb, &["candidates", "list", "--stage", "interview"]);
    assert_eq!(codes(&interview["collection"]), INTERVIEW);
    for c in interview["collection"].as_array().unwrap() {
        assert_eq!(c["job_stage"]["stage_kind"], "interview");
        let title = c["job_stage"]["title"].as_str().unwrap();
        assert!(["1차 면접", "2차 면접"].contains(&title), "{title}");
    }
    // Every stage has candidates, and the stages split the list.
    let mut per_stage = 0;
    for s in ["applied", "review", "interview", "offer", "pass", "fail"] {
        let got = json(&sb, &["--all", "candidates", "list", "--stage", s]);
        let n = got.as_array().unwrap().len();
        assert!(n >= 2, "{s}: {n}");
        per_stage += n;
    }
    assert_eq!(per_stage, DEMO_CANDIDATES);

    // The table says a page is not the whole list.
    let out = ok(&sb, &["-o", "table", "candidates", "list"]);
    assert!(
        stderr_of(&out).contains("showing 20 of 23; --all for every page"),
        "{}",
        stderr_of(&out)
    );
    let text = stdout_of(&out);
    for want in [
        "CODE",
        "STAGE",
        "C1001",
        "Kim Min-jun",
        "1차 면접",
        "Backend Engineer (Rust)",
        "2/3",
    ] {
        assert!(text.contains(want), "{want} in\n{text}");
    }

    let bad = sb.run(&["candidates", "list", "--stage", "hired"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr_of(&bad).contains("interview"), "{}", stderr_of(&bad));
}

#[test]
fn all_asks_for_pages_of_100_and_limit_for_just_enough() {
    let sb = TestSandbox::with(|o| o.synthetic_candidates = 250);
    let total = DEMO_CANDIDATES + 250;

    let before = answered(&sb);
    let out = ok(&sb, &["--all", "-o", "ndjson", "candidates", "list"]);
    let items = ndjson(&stdout_of(&out));
    assert_eq!(items.len(), total);
    let unique: HashSet<&str> = items.iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(unique.len(), total);
    assert_eq!(answered(&sb) - before, 3, "273 candidates in pages of 100");

    let before = answered(&sb);
    let applied = json(&sb, &["--all", "candidates", "list", "--stage", "applied"]);
    let applied = applied.as_array().unwrap();
    assert!(applied
        .iter()
        .all(|c| c["job_stage"]["stage_kind"] == "applied"));
    assert!(applied
        .iter()
        .any(|c| c["code"].as_str().unwrap().starts_with('S')));
    assert_eq!(
        answered(&sb) - before,
        applied.len().div_ceil(100) as u64,
        "{} applied candidates",
        applied.len()
    );

    let before = answered(&sb);
    let five = json(&sb, &["--limit", "5", "candidates", "list"]);
    assert_eq!(five.as_array().unwrap().len(), 5);
    assert_eq!(answered(&sb) - before, 1);

    let before = answered(&sb);
    let jobs = json(&sb, &["--all", "jobs", "list"]);
    assert_eq!(jobs.as_array().unwrap().len(), 26, "a job per form");
    assert_eq!(answered(&sb) - before, 1);
    // Without --all the job list is paged like the form list.
    let page = json(&sb, &["jobs", "list"]);
    assert_eq!(page["collection"].as_array().unwrap().len(), 20);
    assert_eq!(page["pagination"]["total"], 26);
}

#[test]
fn unknown_codes_exit_3_naming_the_code() {
    let sb = TestSandbox::new();
    for (args, want) in [
        (
            ["candidates", "get", "NOPE-404"],
            "candidate 'NOPE-404' not found",
        ),
        (
            ["evaluations", "get", "EV-0000"],
            "evaluation 'EV-0000' not found",
        ),
        (
            ["interviews", "get", "IV-0000"],
            "interview 'IV-0000' not found",
        ),
    ] {
        let out = sb.run(&args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        assert!(stderr_of(&out).contains(want), "{}", stderr_of(&out));
        assert!(stderr_of(&out).contains("404"), "{}", stderr_of(&out));
    }
    // A code with a slash is one path segment.
    let c = json(&sb, &["candidates", "get", "C/2001"]);
    assert_eq!(c["resource"]["code"], "C/2001");
    assert_eq!(c["resource"]["name"], "Han Da-eun");
}

#[test]
fn details_read_as_groups_with_scores_comments_and_local_times() {
    let sb = TestSandbox::new();
    let detail = json(&sb, &["candidates", "get", "C1001"]);
    assert_eq!(detail["resource"]["desired_salary"], 9500);
    assert!(detail["resource"]["resume_path"]
        .as_str()
        .unwrap()
        .starts_with("http://"));
    let text = table(&sb, &["candidates", "get", "C1001"]);
    let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} in\n{text}"));
    // Groups in order, each with its rows.
    assert!(at("Personal data") < at("Job and stage"));
    assert!(at("Job and stage") < at("Evaluation"));
    assert!(at("Evaluation") < at("Salary"));
    assert!(at("minjun.kim@example.com") < at("Job and stage"));
    for want in [
        "Backend Engineer (Rust) (JOB-1001)",
        "1차 면접 (interview)",
        "2 of 3 scored",
        "74 months (6 y 2 m)",
        "9,500 × KRW 10,000",
    ] {
        at(want);
    }

    let ev = json(&sb, &["evaluations", "get", "EV-1001"]);
    assert_eq!(ev["resource"]["candidate"]["code"], "C1001");
    assert_eq!(ev["resource"]["member_scores"].as_array().unwrap().len(), 3);
    let text = table(&sb, &["evaluations", "get", "EV-1001"]);
    for want in [
        "C1001 Kim Min-jun",
        "1차 면접",
        "2 of 3 scored",
        "Member scores (3)",
        "Deep Rust knowledge",
        "협업 경험이 풍부함",
    ] {
        assert!(text.contains(want), "{want} in\n{text}");
    }
    // Each member's row has their score and result.
    let row = |name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in\n{text}"))
            .to_string()
    };
    assert!(row("Lee Jun").contains(" 88 ") && row("Lee Jun").contains(" A "));
    assert!(row("Park Sora").contains(" 80 "));
    assert!(row("Dana Whitfield").contains("pending"));

    // The schedule in the local time zone: 14:00 in Seoul is 05:00 UTC.
    let iv = |tz: &str| {
        let out = sb
            .cmd()
            .env("TZ", tz)
            .args(["-o", "table", "interviews", "get", "IV-1001"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        stdout_of(&out)
    };
    let seoul = iv("KST-9");
    assert!(
        seoul.contains("2026-09-10 14:00 – 15:00 KST (confirmed)"),
        "{seoul}"
    );
    assert!(seoul.contains("C1001 Kim Min-jun"), "{seoul}");
    assert!(iv("UTC").contains("2026-09-10 05:00 – 06:00 UTC"));
}

#[test]
fn a_job_without_a_code_shows_in_tables_and_csv() {
    let sb = TestSandbox::new();
    let pool = json(&sb, &["jobs", "list", "--title", "인재"]);
    let job = &pool["collection"][0];
    assert!(job["code"].is_null(), "{job}");
    assert_eq!(job["position"]["title"], "인재풀");
    assert_eq!(job["application_form"]["code"], "FORM-1024");
    let text = table(&sb, &["jobs", "list", "--title", "인재"]);
    let row = text
        .lines()
        .find(|l| l.contains("Talent Pool"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.trim_start().starts_with("- "), "{row}");
    assert!(row.contains("인재풀") && row.contains("FORM-1024"), "{row}");

    let csv_out = stdout_of(&ok(
        &sb,
        &[
            "--all",
            "-o",
            "csv",
            "--fields",
            "code,title",
            "jobs",
            "list",
        ],
    ));
    assert!(
        csv_out.contains("\n,Talent Pool (general application)\n"),
        "{csv_out}"
    );
    // The candidate of that job: its title, and no code to show.
    let text = table(&sb, &["candidates", "get", "C1003"]);
    let line = text.lines().find(|l| l.contains("Job:")).unwrap();
    assert!(
        line.trim_end()
            .ends_with("Talent Pool (general application)"),
        "{line}"
    );
}

/// Columns a line takes on a terminal (a Hangul syllable takes two).
fn columns(line: &str) -> usize {
    console::measure_text_width(line)
}

#[test]
fn korean_titles_stay_whole_in_a_60_column_table() {
    let sb = TestSandbox::new();
    let narrow = |args: &[&str]| {
        let out = sb
            .cmd()
            .env("COLUMNS", "60")
            .args([&["-o", "table"], args].concat())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let text = stdout_of(&out);
        for line in text.lines() {
            assert!(
                columns(line) <= 60,
                "{} columns: {line}\n{text}",
                columns(line)
            );
        }
        text
    };
    let list = json(&sb, &["--all", "candidates", "list"]);
    let text = narrow(&["--all", "candidates", "list"]);
    // One line per candidate, with its code, name and stage title whole.
    for c in list.as_array().unwrap() {
        let code = c["code"].as_str().unwrap();
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(code))
            .unwrap_or_else(|| panic!("{code} in\n{text}"));
        for part in [
            c["name"].as_str().unwrap(),
            c["job_stage"]["title"].as_str().unwrap(),
        ] {
            assert!(line.contains(part), "{part} in {line}");
        }
    }
    assert_eq!(
        text.lines().count(),
        DEMO_CANDIDATES + 2,
        "header, rule, rows"
    );

    let jobs = narrow(&["--all", "jobs", "list"]);
    for group in ["프론트엔드 개발", "프로덕트 디자인", "머신러닝 개발"] {
        assert!(jobs.contains(group), "{group} whole in\n{jobs}");
    }
    narrow(&["candidates", "get", "C3004"]);
    narrow(&["evaluations", "get", "EV-1003"]);
}

#[test]
fn global_options_shape_the_output() {
    let sb = TestSandbox::new();
    let csv_text = stdout_of(&ok(&sb, &["--all", "-o", "csv", "candidates", "list"]));
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        &header[..6],
        ["code", "name", "email", "phone", "job", "job_stage"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), DEMO_CANDIDATES);
    let stage: Value = serde_json::from_str(&rows[0][5]).unwrap();
    assert_eq!(stage["title"], "1차 면접", "nested values as JSON text");

    let picked = stdout_of(&ok(
        &sb,
        &[
            "--all",
            "-o",
            "csv",
            "--fields",
            "code,name,job_stage.title",
            "candidates",
            "list",
        ],
    ));
    let mut lines = picked.lines();
    assert_eq!(lines.next(), Some("code,name,job_stage.title"));
    assert_eq!(lines.next(), Some("C1001,Kim Min-jun,1차 면접"));

    let offers = stdout_of(&ok(
        &sb,
        &[
            "--all",
            "--jq",
            "[.[] | select(.job_stage.stage_kind == \"offer\") | .code]",
            "candidates",
            "list",
        ],
    ));
    let offers: Value = serde_json::from_str(&offers).unwrap();
    assert_eq!(offers, json!(["C1004", "C3006", "C3015"]));

    let t = table(
        &sb,
        &[
            "--fields",
            "code,job.code",
            "candidates",
            "list",
            "--stage",
            "offer",
        ],
    );
    assert!(t.contains("JOB.CODE"), "{t}");
    assert!(t.contains("JOB-1005"), "{t}");

    let fields = stdout_of(&ok(&sb, &["candidates", "get", "C1001", "--fields"]));
    assert!(fields.lines().any(|l| l == "desired_salary"), "{fields}");
}

/// `recruit` pointed at `sb`, as a std command to spawn and kill.
fn spawn_cmd(sb: &TestSandbox, args: &[&str]) -> StdCommand {
    let mut c = StdCommand::new(assert_cmd::cargo::cargo_bin("recruit"));
    for (k, _) in std::env::vars() {
        if k.starts_with("RECRUIT_") {
            c.env_remove(k);
        }
    }
    c.env("RECRUIT_CONFIG_DIR", sb.home.config_dir())
        .env("RECRUIT_DATA_DIR", sb.home.data_dir())
        .env("RECRUIT_BASE_URL", sb.base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .args(args)
        .stdin(Stdio::null());
    c
}

#[test]
fn exports_by_stage_hold_exactly_that_stages_records() {
    let sb = TestSandbox::with(|o| o.synthetic_candidates = 40);
    let dir = sb.home.dir.path();
    let interview = codes(&json(
        &sb,
        &["--all", "candidates", "list", "--stage", "interview"],
    ));
    assert!(interview.len() > INTERVIEW.len(), "synthetic ones too");

    let out_file = dir.join("interview.ndjson");
    let out = ok(
        &sb,
        &[
            "export",
            "submissions",
            "--stage",
            "interview",
            "--out",
            out_file.to_str().unwrap(),
        ],
    );
    assert!(stderr_of(&out).contains(&format!("exported {} candidates", interview.len())));
    let records = ndjson(&std::fs::read_to_string(&out_file).unwrap());
    let mut per: HashMap<String, Vec<String>> = HashMap::new();
    for r in &records {
        per.entry(r["candidate_code"].as_str().unwrap().to_string())
            .or_default()
            .push(r["code"].as_str().unwrap().to_string());
    }
    assert_eq!(
        per.keys().collect::<HashSet<_>>(),
        interview.iter().collect::<HashSet<_>>(),
        "every candidate at the stage, and no other"
    );
    for code in &interview {
        let listed = codes(&json(&sb, &["--all", "submissions", "list", code]));
        assert_eq!(
            per[code], listed,
            "{code}: every submission, once, in order"
        );
    }
    // Candidates stay in list order.
    let order: Vec<String> = records
        .iter()
        .map(|r| r["candidate_code"].as_str().unwrap().to_string())
        .fold(Vec::new(), |mut v, c| {
            if v.last() != Some(&c) {
                v.push(c);
            }
            v
        });
    assert_eq!(order, interview);

    // Memos of the review stage as CSV: the demo memos of C1002 and C/2001, and nobody else's.
    let memos = dir.join("review-memos.csv");
    ok(
        &sb,
        &[
            "export",
            "memos",
            "--stage",
            "review",
            "-o",
            "csv",
            "--out",
            memos.to_str().unwrap(),
        ],
    );
    let mut reader = csv::Reader::from_path(&memos).unwrap();
    let rows: Vec<(String, String)> = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_string(), r[1].to_string())
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("C1002".to_string(), "106".to_string()),
            ("C1002".into(), "108".into()),
            ("C/2001".into(), "119".into())
        ]
    );

    // `export candidates --stage`: the list items of exactly that stage.
    let offers = dir.join("offers.csv");
    ok(
        &sb,
        &[
            "export",
            "candidates",
            "--stage",
            "offer",
            "-o",
            "csv",
            "--out",
            offers.to_str().unwrap(),
        ],
    );
    let want = codes(&json(
        &sb,
        &["--all", "candidates", "list", "--stage", "offer"],
    ));
    let mut reader = csv::Reader::from_path(&offers).unwrap();
    assert_eq!(reader.headers().unwrap().get(0), Some("code"));
    let got: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[0].to_string())
        .collect();
    assert_eq!(got, want);

    // One source of candidates at a time.
    let both = sb.run(&[
        "export",
        "memos",
        "--stage",
        "review",
        "--candidates",
        "x.txt",
    ]);
    assert_eq!(both.status.code(), Some(2));
    let neither = sb.run(&["export", "memos"]);
    assert_eq!(neither.status.code(), Some(2));
    assert!(
        stderr_of(&neither).contains("--stage"),
        "{}",
        stderr_of(&neither)
    );
}

/// Candidates the journal records as done.
fn journaled(journal: &Path) -> usize {
    std::fs::read_to_string(journal)
        .map(|t| {
            t.lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter_map(|v| v["done"].as_array().map(|d| d.len()))
                .sum()
        })
        .unwrap_or(0)
}

#[test]
fn export_candidates_detail_resumes_after_kill_9_with_no_duplicate_and_no_gap() {
    let n = 300;
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = n;
        o.faults.latency = Duration::from_millis(20);
    });
    let dir = sb.home.dir.path();
    let out_file = dir.join("details.ndjson");
    let journal = dir.join("details.ndjson.progress");
    let args = [
        "export",
        "candidates",
        "--detail",
        "--concurrency",
        "2",
        "--out",
        out_file.to_str().unwrap(),
    ];
    let mut child = spawn_cmd(&sb, &args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    while journaled(&journal) < 40 {
        assert!(child.try_wait().unwrap().is_none(), "ended before the kill");
        assert!(Instant::now() < until, "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert!(
        !out_file.exists(),
        "no final file before the export is complete"
    );
    let done_before = journaled(&journal);
    assert!(done_before < DEMO_CANDIDATES + n, "killed midway");

    // A plain rerun refuses to overwrite the unfinished export.
    let again = sb.run(&args);
    assert_eq!(again.status.code(), Some(2), "{}", stderr_of(&again));
    // Resumed with other options (the source and shape must match, not the concurrency).
    let mut resume = args.to_vec();
    resume[4] = "8";
    resume.push("--resume");
    let out = ok(&sb, &resume);
    let err = stderr_of(&out);
    assert!(err.contains("in an earlier run"), "{err}");
    let records = ndjson(&std::fs::read_to_string(&out_file).unwrap());
    let want = codes(&json(&sb, &["--all", "candidates", "list"]));
    assert_eq!(want.len(), DEMO_CANDIDATES + n);
    assert_eq!(
        codes(&Value::Array(records.clone())),
        want,
        "every candidate exactly once, in list order"
    );
    assert!(
        records.iter().all(|r| r.get("desired_salary").is_some()),
        "details"
    );
    // The resumed run read the list again (4 pages of 100) and only the details not written.
    // (Counted by the run itself: the killed run's last requests may still be answered.)
    let details = DEMO_CANDIDATES + n - done_before;
    assert!(
        err.contains(&format!("({} requests)", details + 4)),
        "{details} details: {err}"
    );
    assert!(!journal.exists());

    // A resume of another export is refused, naming the difference.
    let other = dir.join("other.ndjson");
    let mut first = spawn_cmd(
        &sb,
        &[
            "export",
            "candidates",
            "--detail",
            "--concurrency",
            "1",
            "--out",
            other.to_str().unwrap(),
        ],
    )
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let other_journal = dir.join("other.ndjson.progress");
    let until = Instant::now() + Duration::from_secs(60);
    while journaled(&other_journal) < 2 {
        assert!(first.try_wait().unwrap().is_none(), "ended before the kill");
        assert!(Instant::now() < until, "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let wrong = sb.run(&[
        "export",
        "candidates",
        "--detail",
        "--stage",
        "offer",
        "--out",
        other.to_str().unwrap(),
        "--resume",
    ]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr_of(&wrong).contains("it exports every candidate, not the candidates at stage offer"),
        "{}",
        stderr_of(&wrong)
    );
}

/// A local receiver answering 200 to every POST; what it got: (headers, body).
type Got = Arc<Mutex<Vec<(HashMap<String, String>, Vec<u8>)>>>;

fn receiver(sb: &TestSandbox) -> (String, Got) {
    let got: Got = Default::default();
    let store = got.clone();
    let addr = sb.rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = axum::Router::new().fallback(move |req: axum::extract::Request| {
            let store = store.clone();
            async move {
                let (parts, body) = req.into_parts();
                let body = axum::body::to_bytes(body, 1 << 20).await.unwrap();
                let headers = parts
                    .headers
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or("").to_string()))
                    .collect();
                store.lock().unwrap().push((headers, body.to_vec()));
                "ok"
            }
        });
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        addr
    });
    (format!("http://{addr}/hooks/recruit"), got)
}

/// Check a delivery's signature the way a receiver would: HMAC-SHA256 of `<t>.<body>` under
/// the key, in `t=<unix>,v1=<hex>`, sent within the last five minutes.
fn assert_signed(headers: &HashMap<String, String>, body: &[u8], key: &str) {
    use hmac::{Hmac, Mac};
    let header = headers
        .get("service-webhook-signature")
        .unwrap_or_else(|| panic!("no signature header: {headers:?}"));
    let mut t = None;
    let mut v1 = None;
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", x)) => t = x.parse::<i64>().ok(),
            Some(("v1", x)) => v1 = Some(x.to_string()),
            _ => {}
        }
    }
    let (t, v1) = (t.expect("t="), v1.expect("v1="));
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    assert_eq!(hex::encode(mac.finalize().into_bytes()), v1, "signature");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    assert!((now - t).abs() < 300, "signed now: t={t}");
}

#[test]
fn a_stage_move_delivers_signed_events_with_the_candidates_code() {
    let sb = TestSandbox::with(|o| {
        o.retry_scale = 0.001;
        o.synthetic_candidates = 10;
    });
    let (url, got) = receiver(&sb);
    ok(
        &sb,
        &[
            "webhooks",
            "create",
            "--callback-url",
            &url,
            "--signing-key",
            "whsec_move_1",
            "--event",
            "candidate_stage_changed",
            "--event",
            "candidate_pass",
        ],
    );
    let before = json(&sb, &["candidates", "get", "C1004"])["resource"]["job_stage"].clone();
    assert_eq!(before["stage_kind"], "offer");

    let out = ok(
        &sb,
        &["-o", "json", "sandbox", "move", "C1004", "--stage", "pass"],
    );
    assert!(
        stderr_of(&out).contains("Moved candidate C1004 to 최종 합격 (pass)"),
        "{}",
        stderr_of(&out)
    );
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["resource"]["job_stage"]["stage_kind"], "pass");

    let until = Instant::now() + Duration::from_secs(20);
    while got.lock().unwrap().len() < 2 {
        assert!(
            Instant::now() < until,
            "deliveries: {:?}",
            got.lock().unwrap().len()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let calls = got.lock().unwrap().clone();
    let mut actions = HashMap::new();
    for (headers, body) in &calls {
        assert_signed(headers, body, "whsec_move_1");
        let v: Value = serde_json::from_slice(body).unwrap();
        assert_eq!(v["payload"]["candidate"]["code"], "C1004", "{v}");
        actions.insert(
            v["action"].as_str().unwrap().to_string(),
            v["payload"].clone(),
        );
    }
    let changed = &actions["candidate_stage_changed"];
    assert_eq!(changed["job_stage"]["stage_kind"], "pass");
    assert_eq!(changed["job_stage"]["title"], "최종 합격");
    assert_eq!(changed["previous_job_stage"]["stage_kind"], "offer");
    assert_eq!(changed["job"]["code"], "JOB-1005");
    assert!(actions.contains_key("candidate_pass"));

    // The list and the detail show the move, with a later job_stage.updated_at.
    let after = json(&sb, &["candidates", "get", "C1004"])["resource"]["job_stage"].clone();
    let t = |v: &Value| chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap()).unwrap();
    assert!(
        t(&after["updated_at"]) > t(&before["updated_at"]),
        "{before} -> {after}"
    );
    assert_eq!(changed["changed_at"], after["updated_at"]);
    let pass = codes(&json(
        &sb,
        &["--all", "candidates", "list", "--stage", "pass"],
    ));
    assert!(pass.contains(&"C1004".to_string()));
    let offer = codes(&json(
        &sb,
        &["--all", "candidates", "list", "--stage", "offer"],
    ));
    assert!(!offer.contains(&"C1004".to_string()));

    // Moving again to the same stage changes nothing and sends nothing.
    let same = ok(&sb, &["sandbox", "move", "C1004", "--stage", "pass"]);
    assert!(
        stderr_of(&same).contains("nothing changed"),
        "{}",
        stderr_of(&same)
    );
    // Another step of the same kind is a change: only candidate_stage_changed.
    ok(
        &sb,
        &[
            "sandbox",
            "move",
            "C3005",
            "--stage",
            "interview",
            "--title",
            "2차 면접",
        ],
    );
    let until = Instant::now() + Duration::from_secs(20);
    while got.lock().unwrap().len() < 3 {
        assert!(Instant::now() < until, "the title change was not delivered");
        std::thread::sleep(Duration::from_millis(20));
    }
    let v: Value = serde_json::from_slice(&got.lock().unwrap()[2].1).unwrap();
    assert_eq!(v["action"], "candidate_stage_changed");
    assert_eq!(v["payload"]["candidate"]["code"], "C3005");
    assert_eq!(v["payload"]["job_stage"]["title"], "2차 면접");
    assert_eq!(v["payload"]["previous_job_stage"]["title"], "1차 면접");

    // A synthetic candidate moves too, and is listed once. Its event, sent after every
    // other, bounds the wait for one the move that changed nothing should not have sent.
    ok(&sb, &["sandbox", "move", "S000004", "--stage", "fail"]);
    let until = Instant::now() + Duration::from_secs(20);
    while got.lock().unwrap().len() < 4 {
        assert!(
            Instant::now() < until,
            "the synthetic move was not delivered"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let calls = got.lock().unwrap().clone();
    assert_eq!(calls.len(), 4, "nothing for the move that changed nothing");
    let v: Value = serde_json::from_slice(&calls[3].1).unwrap();
    assert_eq!(v["payload"]["candidate"]["code"], "S000004", "{v}");
    let all = codes(&json(&sb, &["--all", "candidates", "list"]));
    assert_eq!(all.iter().filter(|c| *c == "S000004").count(), 1);
    assert_eq!(all.len(), DEMO_CANDIDATES + 10);
    let fail = codes(&json(
        &sb,
        &["--all", "candidates", "list", "--stage", "fail"],
    ));
    assert!(fail.contains(&"S000004".to_string()));

    let missing = sb.run(&["sandbox", "move", "C9999", "--stage", "pass"]);
    assert_eq!(missing.status.code(), Some(3));
    assert!(stderr_of(&missing).contains("candidate 'C9999' not found"));
}

#[test]
fn applying_creates_a_candidate_at_applied() {
    let sb = TestSandbox::new();
    let answers = sb.file(
        "answers.json",
        &json!({"name": "정하늘", "email": "haneul.jung@example.kr", "phone": "010-5555-0101",
                "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf", "privacy": true}),
    );
    let applied = json(
        &sb,
        &[
            "forms",
            "apply",
            "FORM-NOIDS",
            "--answers",
            &answers,
            "--yes",
        ],
    );
    let code = applied["resource"]["code"].as_str().unwrap().to_string();
    let list = json(&sb, &["--all", "candidates", "list", "--stage", "applied"]);
    let c = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == json!(code))
        .unwrap_or_else(|| panic!("{code} not at applied: {list}"));
    assert_eq!(c["name"], "정하늘");
    assert_eq!(c["job"]["code"], "JOB-NOIDS");
    assert_eq!(c["job_stage"]["title"], "지원 접수");
    assert_eq!(c["applied_at"], applied["resource"]["applied_at"]);
    // The path sent when applying comes back as a full address.
    let resume = c["resume_path"].as_str().unwrap();
    assert!(
        resume.starts_with("http://") && resume.ends_with("/upload/candidate/file/1/temp/1/cv.pdf"),
        "{resume}"
    );
}

#[test]
fn a_state_file_from_before_candidates_had_stages_still_loads() {
    // A state file as an older recruit wrote it: no jobs, evaluations or interviews; candidates
    // with only their first fields; an applicant and a memo of its own.
    let old = {
        let sb = TestSandbox::new();
        let text = std::fs::read_to_string(sb.sandbox().state_path()).unwrap();
        let mut state: Value = serde_json::from_str(&text).unwrap();
        let m = state.as_object_mut().unwrap();
        for k in ["jobs", "evaluations", "interviews"] {
            assert!(m.remove(k).is_some(), "{k}");
        }
        let keep = [
            "code",
            "name",
            "email",
            "phone",
            "birth",
            "created_at",
            "submissions",
        ];
        let mut candidates: Vec<Value> = m["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c["code"].as_str().unwrap().starts_with("C3"))
            .map(|c| {
                let mut c = c.as_object().unwrap().clone();
                c.retain(|k, _| keep.contains(&k.as_str()));
                Value::Object(c)
            })
            .collect();
        candidates.push(json!({"code": "C1007", "name": "Old Applicant", "email": "old@example.com",
            "phone": "010-0000-0000", "birth": null, "created_at": "2026-10-01T09:00:00+09:00", "submissions": 0}));
        m.insert("candidates".into(), Value::Array(candidates));
        let memos = m["memos"].as_array_mut().unwrap();
        let mut memo = memos[0].clone();
        memo["id"] = json!(500);
        memo["candidate"] = json!("C1007");
        memo["parent_id"] = Value::Null;
        memo["content"] = json!("kept from the old file");
        memos.push(memo);
        serde_json::to_string_pretty(&state).unwrap()
    };
    let sb = TestSandbox::with(|o| std::fs::write(&o.state_path, &old).unwrap());
    let all = json(&sb, &["--all", "candidates", "list"]);
    let find = |code: &str| {
        all.as_array()
            .unwrap()
            .iter()
            .find(|c| c["code"] == json!(code))
            .unwrap_or_else(|| panic!("{code} in {all}"))
            .clone()
    };
    assert_eq!(find("C1001")["job_stage"]["title"], "1차 면접");
    assert_eq!(find("C1007")["job_stage"]["stage_kind"], "applied");
    assert_eq!(find("C1007")["name"], "Old Applicant");
    assert_eq!(find("C3001")["name"], "김지우");
    let memos = json(&sb, &["memos", "list", "C1007"]);
    assert_eq!(memos["collection"][0]["content"], "kept from the old file");
    json(&sb, &["evaluations", "get", "EV-1001"]);
    // The next change writes the completed state.
    ok(&sb, &["sandbox", "move", "C1007", "--stage", "review"]);
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(sb.sandbox().state_path()).unwrap()).unwrap();
    assert!(!saved["jobs"].as_array().unwrap().is_empty());
    let c1007 = saved["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "C1007")
        .unwrap();
    assert_eq!(c1007["stage"]["kind"], "review");
}

#[test]
fn mcp_read_tools_find_candidates_and_leave_personal_data_out() {
    let sb = TestSandbox::new();
    let key = sb.sandbox().api_key.clone();
    let logged = block_on(async {
        let mut m = start_with(&sb, &["mcp"]).await;
        let tools = m.tools().await;
        for name in [
            "candidates_list",
            "candidates_get",
            "jobs_list",
            "evaluations_get",
            "interviews_get",
        ] {
            let t = tools
                .iter()
                .find(|t| t.name == name)
                .unwrap_or_else(|| panic!("{name} listed at --access read"));
            let a = t.annotations.as_ref().unwrap();
            assert_eq!(a.read_only_hint, Some(true), "{name}");
            assert_eq!(a.destructive_hint, Some(false), "{name}");
            assert_eq!(a.idempotent_hint, Some(true), "{name}");
            let d = t.description.as_deref().unwrap();
            if name != "jobs_list" {
                assert!(d.contains("--personal-data full"), "{name}: {d}");
            }
        }
        let list = tools.iter().find(|t| t.name == "candidates_list").unwrap();
        assert_eq!(
            list.input_schema["properties"]["stage"]["enum"],
            json!(["applied", "review", "interview", "offer", "pass", "fail"])
        );

        let page = m.ok("candidates_list", json!({"stage": "interview"})).await;
        assert_eq!(codes(&page["collection"]), INTERVIEW);
        assert_eq!(page["pagination"]["total"], 5);
        let personal = ["birth", "resume_path", "profile_img_path"];
        let all = m.ok("candidates_list", json!({"all": true})).await;
        assert_eq!(all["collection"].as_array().unwrap().len(), DEMO_CANDIDATES);
        for c in all["collection"].as_array().unwrap() {
            for k in personal {
                assert!(c.get(k).is_none(), "{k} in {c}");
            }
        }
        let two = m
            .ok("candidates_list", json!({"limit": 2, "stage": "offer"}))
            .await;
        assert_eq!(codes(&two["collection"]), ["C1004", "C3006"]);

        let c = m.ok("candidates_get", json!({"code": "C1001"})).await;
        assert_eq!(c["resource"]["desired_salary"], 9500);
        assert_eq!(c["resource"]["job_stage"]["title"], "1차 면접");
        for k in personal {
            assert!(c["resource"].get(k).is_none(), "{k}");
        }
        let jobs = m.ok("jobs_list", json!({"title": "인재"})).await;
        assert!(jobs["collection"][0]["code"].is_null());
        let ev = m.ok("evaluations_get", json!({"code": "EV-1002"})).await;
        assert_eq!(ev["resource"]["result"], "A");
        assert_eq!(ev["resource"]["member_scores"].as_array().unwrap().len(), 3);
        assert!(ev["resource"]["candidate"].get("resume_path").is_none());
        assert_eq!(ev["resource"]["candidate"]["code"], "C1004");
        let iv = m.ok("interviews_get", json!({"code": "IV-1001"})).await;
        assert_eq!(
            iv["resource"]["schedule"]["start_at"],
            "2026-09-10T14:00:00+09:00"
        );
        assert!(iv["resource"]["candidate"].get("birth").is_none());

        let missing = m.err("interviews_get", json!({"code": "IV-0000"})).await;
        assert!(
            missing.contains("interview 'IV-0000' not found"),
            "{missing}"
        );
        let stage = m.err("candidates_list", json!({"stage": "hired"})).await;
        assert!(stage.contains("stage 'hired' is not one of"), "{stage}");
        let per = m.err("candidates_list", json!({"per": 101})).await;
        assert!(per.contains("from 1 to 100, got 101"), "{per}");
        let mut seen = m.stop().await;

        let mut full = start_with(&sb, &["mcp", "--personal-data", "full"]).await;
        let c = full.ok("candidates_get", json!({"code": "C1001"})).await;
        assert_eq!(c["resource"]["birth"], "1993-04-17");
        assert!(c["resource"]["resume_path"]
            .as_str()
            .unwrap()
            .starts_with("http://"));
        let page = full.ok("candidates_list", json!({})).await;
        assert!(page["collection"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c.get("profile_img_path").is_some()));
        seen.push_str(&full.stop().await);
        seen
    });
    assert!(!logged.contains(&key), "the API key leaked");
}

#[test]
fn help_examples_of_the_new_commands_run_against_the_sandbox() {
    let bin = assert_cmd::cargo::cargo_bin("recruit");
    let mut lines = Vec::new();
    for path in [
        &["candidates", "list"][..],
        &["candidates", "get"],
        &["jobs", "list"],
        &["evaluations", "get"],
        &["interviews", "get"],
        &["export", "candidates"],
        &["sandbox", "move"],
    ] {
        let out = StdCommand::new(&bin)
            .args(path)
            .arg("--help")
            .output()
            .unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let examples = help
            .split("Examples:")
            .nth(1)
            .unwrap_or_else(|| panic!("{path:?}"));
        let found: Vec<String> = examples
            .lines()
            .filter_map(|l| l.strip_prefix("  recruit "))
            .map(|l| format!("recruit {l}"))
            .collect();
        assert!(!found.is_empty(), "{path:?} has examples");
        lines.extend(found);
    }
    let home = Home::new();
    let work = home.dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let mut script = String::new();
    for (i, l) in lines.iter().enumerate() {
        script.push_str(&format!(
            "{{ {l}\n}} >/dev/null 2>.err.{i} </dev/null; echo \"@@{i} $?\"\n"
        ));
    }
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = StdCommand::new("bash");
    for (k, _) in std::env::vars() {
        if k.starts_with("RECRUIT_") {
            cmd.env_remove(k);
        }
    }
    let out = cmd
        .arg("-c")
        .arg(&script)
        .current_dir(&work)
        .env("PATH", path)
        .env("RECRUIT_SANDBOX", "1")
        .env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut failures = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if !stdout.contains(&format!("@@{i} 0\n")) {
            let err = std::fs::read_to_string(work.join(format!(".err.{i}"))).unwrap_or_default();
            failures.push(format!("{l}\n  {err}"));
        }
    }
    assert!(
        failures.is_empty(),
        "examples that fail:\n{}",
        failures.join("\n")
    );
    assert!(lines.len() >= 15, "{lines:?}");
}
