//! `recruit audit list|verify|report` on real log files, written through the access log's own
//! API (as the commands that log will write them), then edited as text to break the chain.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use recruit_audit::{Entry, Log, Via};
use recruit_client::clock::Manual;
use serde_json::Value;

use crate::common::*;

fn entry(actor: &str, via: Via, command: &str, codes: &[&str], fields: &[&str]) -> Entry {
    Entry {
        actor: actor.into(),
        via,
        agent: None,
        command: command.into(),
        candidates: codes.iter().map(|c| c.to_string()).collect(),
        count: codes.len() as u64,
        fields: fields.iter().map(|f| f.to_string()).collect(),
        reason: None,
        sandbox: false,
    }
}

/// Five records, March and April 2026:
/// 1 `2026-03-02T01:00Z` kim@work cli C1001 C1002 (name, email)
/// 2 `2026-03-05T02:00Z` kim@work export C1001-C1004, reason "채용 검토"
/// 3 `2026-03-06T03:00Z` lee@default sync C1001, no reason
/// 4 `2026-03-31T16:00Z` lee@default mcp C1005, sandbox (April 1st in Seoul)
/// 5 `2026-04-01T00:00Z` kim@work cli C1001
fn five(path: &Path) -> Vec<String> {
    let at = |s: &str| {
        let t = chrono::DateTime::parse_from_rfc3339(s).unwrap();
        UNIX_EPOCH + Duration::from_millis(t.timestamp_millis() as u64)
    };
    let write = |when: &str, e: Entry| {
        Log::new(path.to_path_buf(), Manual::at(at(when)))
            .append(&e)
            .unwrap();
    };
    write(
        "2026-03-02T01:00:00Z",
        entry(
            "kim@work",
            Via::Cli,
            "recruit candidates list",
            &["C1001", "C1002"],
            &["name", "email"],
        ),
    );
    let mut export = entry(
        "kim@work",
        Via::Export,
        "recruit export candidates --out all.csv",
        &["C1001", "C1002", "C1003", "C1004"],
        &["name", "email", "phone"],
    );
    export.reason = Some("채용 검토".into());
    write("2026-03-05T02:00:00Z", export);
    write(
        "2026-03-06T03:00:00Z",
        entry(
            "lee@default",
            Via::Sync,
            "recruit sync",
            &["C1001"],
            &["name"],
        ),
    );
    let mut mcp = entry(
        "lee@default",
        Via::Mcp,
        "candidates_get",
        &["C1005"],
        &["name", "member.phone"],
    );
    mcp.sandbox = true;
    write("2026-03-31T16:00:00Z", mcp);
    write(
        "2026-04-01T00:00:00Z",
        entry(
            "kim@work",
            Via::Cli,
            "recruit candidates get C1001",
            &["C1001"],
            &["name"],
        ),
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A home whose access log (at the default place, the data directory) holds [`five`].
fn home_with_five() -> (Home, PathBuf, Vec<String>) {
    let home = Home::new();
    let path = home.data_dir().join("audit.log");
    let lines = five(&path);
    (home, path, lines)
}

fn run(home: &Home, args: &[&str]) -> std::process::Output {
    home.cmd().args(args).output().unwrap()
}

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout_of(out), stderr_of(out)))
}

fn seqs(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| r["seq"].as_u64().unwrap())
        .collect()
}

#[test]
fn list_gives_the_records_as_in_the_file_and_filters_them() {
    let (home, _, lines) = home_with_five();
    let out = run(&home, &["audit", "list", "-o", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let all = json_of(&out);
    let on_disk: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(all, Value::Array(on_disk));
    assert_eq!(all[3]["sandbox"], true);

    for (args, want) in [
        (vec!["--via", "export"], vec![2]),
        (vec!["--candidate", "C1001"], vec![1, 2, 3, 5]),
        (vec!["--candidate", "C1005"], vec![4]),
        (vec!["--candidate", "C9999"], vec![]),
        (vec!["--since", "2026-03-06"], vec![3, 4, 5]),
        (vec!["--since", "2026-03-06T04:00:00+01:00"], vec![3, 4, 5]),
        (vec!["--since", "2026-03-06T03:00:01Z"], vec![4, 5]),
        (
            vec![
                "--since",
                "2026-03-01",
                "--via",
                "cli",
                "--candidate",
                "C1002",
            ],
            vec![1],
        ),
    ] {
        let mut a = vec!["audit", "list", "-o", "json"];
        a.extend(&args);
        let out = run(&home, &a);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        assert_eq!(seqs(&json_of(&out)), want, "{args:?}");
    }

    let out = run(&home, &["audit", "list", "-o", "ndjson", "--via", "cli"]);
    let text = stdout_of(&out);
    let nd: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        nd.iter()
            .map(|r| r["seq"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 5]
    );

    let out = run(&home, &["audit", "list", "-o", "csv", "--via", "export"]);
    let csv = stdout_of(&out);
    let mut rows = csv.lines();
    assert_eq!(
        rows.next(),
        Some("seq,at,actor,via,sandbox,command,candidates,count,fields,reason,prev,hash")
    );
    let row = rows.next().unwrap();
    assert!(
        row.starts_with(
            "2,2026-03-05T02:00:00.000Z,kim@work,export,false,recruit export candidates --out all.csv,\
             C1001 C1002 C1003 C1004,4,name email phone,채용 검토,"
        ),
        "{row}"
    );
    assert_eq!(rows.next(), None);

    let out = run(&home, &["audit", "list", "-o", "table"]);
    let table = stdout_of(&out);
    for want in [
        "kim@work",
        "lee@default",
        "채용 검토",
        "(sandbox)",
        "C1003",
        "2026-03-05",
    ] {
        assert!(table.contains(want), "{want} not in\n{table}");
    }
    // `--via` takes only the log's ways.
    let out = run(&home, &["audit", "list", "--via", "email"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("export"), "{}", stderr_of(&out));
}

/// `--since 7d` is an age, counted back from now.
#[test]
fn list_since_an_age() {
    let home = Home::new();
    let path = home.data_dir().join("audit.log");
    let clock = Manual::at(SystemTime::now() - Duration::from_secs(10 * 86_400));
    let log = Log::new(path, clock.clone());
    log.append(&entry("a@default", Via::Cli, "old", &["C1"], &["name"]))
        .unwrap();
    clock.advance(Duration::from_secs(10 * 86_400 - 7200));
    log.append(&entry("a@default", Via::Cli, "new", &["C2"], &["name"]))
        .unwrap();
    let out = run(&home, &["audit", "list", "--since", "7d", "-o", "json"]);
    let v = json_of(&out);
    assert_eq!(seqs(&v), [2]);
    assert_eq!(v[0]["command"], "new");
}

/// RECRUIT_AUDIT_LOG, else the profile's `audit_log`, else the data directory.
#[test]
fn the_log_is_found_where_the_variable_or_the_config_says() {
    let home = Home::new();
    let elsewhere = home.dir.path().join("logs/recruit-audit.log");
    five(&elsewhere);
    let out = run(&home, &["audit", "list", "-o", "json"]);
    assert_eq!(json_of(&out), serde_json::json!([]));
    let out = home
        .cmd()
        .args(["audit", "list", "-o", "json"])
        .env("RECRUIT_AUDIT_LOG", &elsewhere)
        .output()
        .unwrap();
    assert_eq!(seqs(&json_of(&out)).len(), 5);
    let out = run(
        &home,
        &["config", "set", "audit_log", elsewhere.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let out = run(&home, &["audit", "verify", "-o", "json"]);
    let v = json_of(&out);
    assert_eq!(v["path"], elsewhere.to_str().unwrap());
    assert_eq!(v["records"], 5);
    let out = run(&home, &["config", "get", "audit_log", "-o", "json"]);
    assert!(
        stdout_of(&out).contains("recruit-audit.log"),
        "{}",
        stdout_of(&out)
    );
}

#[test]
fn a_missing_log_lists_nothing_and_has_nothing_to_verify() {
    let home = Home::new();
    let out = run(&home, &["audit", "list", "-o", "json"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out).trim(), "[]");
    let out = run(&home, &["audit", "list", "-o", "table"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out), "");
    assert!(
        stderr_of(&out).contains("no access log at"),
        "{}",
        stderr_of(&out)
    );
    let out = run(&home, &["audit", "list", "-o", "ndjson"]);
    assert_eq!(stdout_of(&out), "");
    let out = run(&home, &["audit", "verify", "-o", "table"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).starts_with("nothing to verify"),
        "{}",
        stdout_of(&out)
    );
    let v = json_of(&run(&home, &["audit", "verify", "-o", "json"]));
    assert_eq!(
        (v["exists"].clone(), v["intact"].clone()),
        (false.into(), true.into())
    );
    let out = run(
        &home,
        &["audit", "report", "--month", "2026-03", "-o", "table"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout_of(&out).contains("No records this month."),
        "{}",
        stdout_of(&out)
    );
    // Reading created nothing.
    assert!(!home.data_dir().join("audit.log").exists());
}

fn write_lines(path: &Path, lines: &[String]) {
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// `verify`'s exit and the first broken record it names, for people (stderr) and programs.
fn verified(home: &Home) -> (Option<i32>, String, Value) {
    let out = run(home, &["audit", "verify", "-o", "table"]);
    let text = format!("{}{}", stdout_of(&out), stderr_of(&out));
    let json = run(home, &["audit", "verify", "-o", "json"]);
    assert_eq!(json.status.code(), out.status.code());
    (out.status.code(), text, json_of(&json))
}

#[test]
fn verify_names_the_first_broken_record_and_exits_1() {
    let (home, path, lines) = home_with_five();
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("intact: 5 records (1 to 5)"), "{text}");
    assert_eq!(
        (v["intact"].clone(), v["anchored"].clone()),
        (true.into(), true.into())
    );

    // A text edit: a code changed in record 2.
    let mut edited = lines.clone();
    edited[1] = edited[1].replace("C1003", "C1009");
    write_lines(&path, &edited);
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(1));
    assert!(text.contains("record 2 (line 2) was changed"), "{text}");
    assert_eq!(v["broken"]["seq"], 2);
    assert_eq!(v["broken"]["line"], 2);
    assert_eq!(v["broken"]["what"], "changed");
    assert_eq!(v["intact"], false);
    let out = run(&home, &["--lang", "ko", "audit", "verify", "-o", "table"]);
    assert!(
        stderr_of(&out).contains("기록 2번(2번째 줄)이 기록된 뒤에 바뀌었습니다"),
        "{}",
        stderr_of(&out)
    );

    // Record 3 deleted.
    let mut cut = lines.clone();
    cut.remove(2);
    write_lines(&path, &cut);
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("record 3 was removed just before record 4 (line 3)"),
        "{text}"
    );
    assert_eq!(
        (
            v["broken"]["what"].clone(),
            v["broken"]["seq"].clone(),
            v["broken"]["missing_from"].clone()
        ),
        ("removed".into(), 4.into(), 3.into())
    );

    // The last two records deleted: the anchor says the log went further.
    write_lines(&path, &lines[..3]);
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("the log ends at record 3, but its anchor file says it reached record 5"),
        "{text}"
    );
    assert_eq!(v["broken"]["what"], "cut");

    // A copy of record 1 put after record 2.
    let mut with = lines.clone();
    with.insert(2, lines[0].clone());
    write_lines(&path, &with);
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(1));
    assert!(text.contains("record 1 (line 3) was inserted"), "{text}");
    assert_eq!(
        (v["broken"]["what"].clone(), v["broken"]["line"].clone()),
        ("inserted".into(), 3.into())
    );

    // A line that is not a record.
    let mut with = lines.clone();
    with[3] = "not json".into();
    write_lines(&path, &with);
    let (code, text, _) = verified(&home);
    assert_eq!(code, Some(1));
    assert!(text.contains("line 4 is not a record"), "{text}");

    // The monthly review says so too, and still reports.
    let out = run(
        &home,
        &["audit", "report", "--month", "2026-03", "-o", "json"],
    );
    assert_eq!(out.status.code(), Some(0));
    let r = json_of(&out);
    assert_eq!(r["intact"], false);
    assert_eq!(r["broken"]["line"], 4);
}

#[test]
fn the_monthly_report_per_actor_and_via_with_every_download_and_its_reason() {
    let (home, _, _) = home_with_five();
    // In UTC, March holds records 1 to 4.
    let out = run(
        &home,
        &["audit", "report", "--month", "2026-03", "-o", "json"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let r = json_of(&out);
    assert_eq!(r["month"], "2026-03");
    assert_eq!(r["from"], "2026-03-01T00:00:00+00:00");
    assert_eq!(r["to"], "2026-04-01T00:00:00+00:00");
    assert_eq!(r["intact"], true);
    assert_eq!(
        (r["records"].clone(), r["candidates"].clone()),
        (4.into(), 8.into())
    );
    assert_eq!(r["distinct_candidates"], 5);
    let groups: Vec<(String, String, bool, u64, u64)> = r["by_actor"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["actor"].as_str().unwrap().to_string(),
                g["via"].as_str().unwrap().to_string(),
                g["sandbox"].as_bool().unwrap(),
                g["records"].as_u64().unwrap(),
                g["candidates"].as_u64().unwrap(),
            )
        })
        .collect();
    let g = |a: &str, v: &str, s: bool, n: u64, c: u64| (a.to_string(), v.to_string(), s, n, c);
    assert_eq!(
        groups,
        [
            g("kim@work", "cli", false, 1, 2),
            g("kim@work", "export", false, 1, 4),
            g("lee@default", "mcp", true, 1, 1),
            g("lee@default", "sync", false, 1, 1),
        ]
    );
    assert_eq!(
        r["by_actor"][2]["fields"],
        serde_json::json!(["name", "member.phone"])
    );
    let downloads = r["downloads"].as_array().unwrap();
    assert_eq!(downloads.len(), 2);
    assert_eq!(
        (downloads[0]["seq"].clone(), downloads[0]["reason"].clone()),
        (2.into(), "채용 검토".into())
    );
    assert_eq!(
        (downloads[1]["seq"].clone(), downloads[1]["reason"].clone()),
        (3.into(), Value::Null)
    );

    // In Seoul, record 4 falls in April.
    let out = home
        .cmd()
        .args(["audit", "report", "--month", "2026-03", "-o", "json"])
        .env("TZ", "Asia/Seoul")
        .output()
        .unwrap();
    let r = json_of(&out);
    assert_eq!(r["from"], "2026-03-01T00:00:00+09:00");
    assert_eq!(r["records"], 3);
    let out = home
        .cmd()
        .args(["audit", "report", "--month", "2026-04", "-o", "json"])
        .env("TZ", "Asia/Seoul")
        .output()
        .unwrap();
    assert_eq!(json_of(&out)["records"], 2);

    let out = run(
        &home,
        &["audit", "report", "--month", "2026-03", "-o", "table"],
    );
    let text = stdout_of(&out);
    assert!(
        text.starts_with("Access log, 2026-03 (UTC): 4 records, 8 candidates shown (5 different)"),
        "{text}"
    );
    assert!(text.contains("The log verifies"), "{text}");
    let sync_row = text
        .lines()
        .find(|l| l.contains("recruit sync"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(sync_row.contains("no reason given"), "{sync_row}");
    assert!(text.contains("채용 검토"), "{text}");

    let out = run(
        &home,
        &[
            "audit", "report", "--month", "2026-03", "-o", "csv", "--bom",
        ],
    );
    let csv = stdout_of(&out);
    let csv = csv
        .strip_prefix('\u{feff}')
        .unwrap_or_else(|| panic!("no BOM: {csv}"));
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "section,actor,via,sandbox,records,candidates,distinct_candidates,fields,seq,at,command,reason"
    );
    assert!(
        rows.contains(&"actor,kim@work,export,false,1,4,4,name email phone,,,,"),
        "{csv}"
    );
    assert!(
        rows.contains(&"download,lee@default,sync,false,1,1,,name,3,2026-03-06T03:00:00.000Z,recruit sync,no reason given"),
        "{csv}"
    );
    assert_eq!(rows.len(), 1 + 4 + 2, "{csv}");

    let out = run(
        &home,
        &[
            "--lang", "ko", "audit", "report", "--month", "2026-03", "-o", "table",
        ],
    );
    let text = stdout_of(&out);
    assert!(
        text.contains("사유 없음") && text.contains("내보내기와 동기화"),
        "{text}"
    );

    for bad in ["2026-13", "March", "2026-3", "2026-03-01"] {
        let out = run(&home, &["audit", "report", "--month", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            stderr_of(&out).contains("is not a month"),
            "{bad}: {}",
            stderr_of(&out)
        );
    }
}

#[test]
fn audit_help_has_examples_in_both_languages() {
    let home = Home::new();
    let out = run(&home, &["audit", "verify", "--help"]);
    let text = stdout_of(&out);
    assert!(text.contains("recruit audit verify -o json"), "{text}");
    assert!(
        text.contains("not someone who rewrites the whole chain"),
        "{text}"
    );
    let out = run(&home, &["--lang", "ko", "audit", "report", "--help"]);
    let text = stdout_of(&out);
    assert!(text.contains("월간 점검 보고서"), "{text}");
    assert!(
        text.contains("recruit audit report --month 2026-03 -o csv --bom"),
        "{text}"
    );
}
