//! The access log's anchor and its retention through the binary (issue #47, rows 8, 14 and
//! 16): `audit verify` fails when a log with records lost its anchor, and the next command
//! does not write a fresh one; an empty last line is no record; `audit prune` removes the
//! earlier months behind a checkpoint `verify` still proves (and the destruction register's
//! rows of those months); `privacy erase` names only the export files whose records name the
//! candidate.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, UNIX_EPOCH};

use recruit_audit::{Entry, Log, Via};
use recruit_client::clock::Manual;
use serde_json::{json, Value};

use crate::audit_hooks::ndjson_codes;
use crate::common::*;
use crate::privacy::{json_of, ok};

fn entry(code: &str) -> Entry {
    Entry {
        actor: "kim@work".into(),
        via: Via::Cli,
        agent: None,
        command: "recruit candidates get".into(),
        candidates: vec![code.into()],
        count: 1,
        fields: vec!["name".into()],
        reason: None,
        sandbox: false,
    }
}

/// A record at `when` (RFC 3339) appended to the log at `path`.
pub(crate) fn append_at(path: &Path, when: &str, code: &str) {
    let t = chrono::DateTime::parse_from_rfc3339(when).unwrap();
    let clock = Manual::at(UNIX_EPOCH + Duration::from_millis(t.timestamp_millis() as u64));
    Log::new(path.to_path_buf(), clock)
        .append(&entry(code))
        .unwrap();
}

fn run(home: &Home, args: &[&str]) -> Output {
    home.cmd().args(args).output().unwrap()
}

/// `verify`'s exit, its text (stdout and stderr) and its JSON.
fn verified(home: &Home) -> (Option<i32>, String, Value) {
    let out = run(home, &["audit", "verify", "-o", "table"]);
    let text = format!("{}{}", stdout_of(&out), stderr_of(&out));
    let json = run(home, &["audit", "verify", "-o", "json"]);
    assert_eq!(json.status.code(), out.status.code(), "{text}");
    (out.status.code(), text, json_of(&json))
}

fn anchor(home: &Home) -> PathBuf {
    home.data_dir().join("audit.log.head")
}

#[test]
fn verify_fails_when_the_log_lost_its_anchor_and_the_next_command_does_not_bring_it_back() {
    let ts = TestSandbox::new();
    let home = &ts.home;
    for _ in 0..3 {
        ok(ts.run(&["candidates", "list", "-o", "json"]));
    }
    let log = home.data_dir().join("audit.log");
    let (code, text, _) = verified(home);
    assert_eq!(code, Some(0), "{text}");
    // The attack: the last line cut and the anchor deleted.
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    lines.pop();
    std::fs::write(&log, lines.join("\n") + "\n").unwrap();
    std::fs::remove_file(anchor(home)).unwrap();
    let (code, text, v) = verified(home);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("anchor file"), "{text}");
    assert!(text.contains("is missing"), "{text}");
    assert_eq!(v["intact"], false, "{v}");
    assert_eq!(v["broken"]["what"], "anchor_missing", "{v}");
    let ko = run(home, &["--lang", "ko", "audit", "verify"]);
    assert!(
        stderr_of(&ko).contains("앵커 파일(마지막 기록의 번호와 해시, audit.log.head)이 없습니다"),
        "{}",
        stderr_of(&ko)
    );
    // The next command logs its record, but writes no fresh anchor over the cut.
    ok(ts.run(&["candidates", "list", "-o", "json"]));
    assert!(!anchor(home).exists());
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 3);
    let (code, _, v) = verified(home);
    assert_eq!(
        (code, v["broken"]["what"].clone()),
        (Some(1), json!("anchor_missing"))
    );
}

#[test]
fn an_anchor_naming_a_record_the_log_no_longer_holds_fails() {
    let home = Home::new();
    let log = home.data_dir().join("audit.log");
    for (i, m) in ["01", "02", "03"].iter().enumerate() {
        append_at(&log, &format!("2020-{m}-10T00:00:00Z"), &format!("C{i}"));
    }
    ok(run(
        &home,
        &["audit", "prune", "--before", "2020-03", "--yes"],
    ));
    // An anchor put back from before the prune.
    std::fs::write(
        anchor(&home),
        format!("{{\"seq\":1,\"hash\":\"{}\"}}", "0".repeat(64)),
    )
    .unwrap();
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("names record 1, which the log no longer holds"),
        "{text}"
    );
    assert_eq!(v["broken"]["what"], "anchor_gone", "{v}");
}

#[test]
fn a_trailing_empty_line_is_no_record_and_no_error() {
    let home = Home::new();
    let log = home.data_dir().join("audit.log");
    append_at(&log, "2026-03-02T01:00:00Z", "C1");
    append_at(&log, "2026-03-03T01:00:00Z", "C2");
    let text = std::fs::read_to_string(&log).unwrap();
    for tail in ["\n", "   \n", " "] {
        std::fs::write(&log, format!("{text}{tail}")).unwrap();
        let (code, out, v) = verified(&home);
        assert_eq!(code, Some(0), "{tail:?}: {out}");
        assert!(out.starts_with("intact: 2 records (1 to 2)"), "{out}");
        assert_eq!(
            (v["records"].clone(), v["intact"].clone()),
            (json!(2), json!(true))
        );
    }
    let list = json_of(&ok(run(&home, &["audit", "list", "-o", "json"])));
    assert_eq!(list.as_array().unwrap().len(), 2);
}

/// Four records in 2020 (January to April) and a register with a row in January and one in
/// April; the log's and the register's paths.
fn old_log(home: &Home) -> (PathBuf, PathBuf) {
    let log = home.data_dir().join("audit.log");
    for (i, m) in ["01", "02", "03", "04"].iter().enumerate() {
        append_at(
            &log,
            &format!("2020-{m}-10T00:00:00Z"),
            &format!("C{}", i + 1),
        );
    }
    let register = home.data_dir().join("erasures.jsonl");
    let row = |at: &str, code: &str| {
        json!({"at": at, "actor": "kim@work", "candidate": code, "stage": null,
               "fields": ["name"], "stores": ["mirror"], "reason": null})
        .to_string()
    };
    std::fs::write(
        &register,
        format!(
            "{}\n{}\n",
            row("2020-01-20T00:00:00Z", "C1"),
            row("2020-04-20T00:00:00Z", "C4")
        ),
    )
    .unwrap();
    (log, register)
}

/// This month minus `back` months, YYYY-MM (the tests run with TZ=UTC).
fn months_ago(back: u32) -> String {
    use chrono::Datelike;
    let today = chrono::Utc::now().date_naive().with_day(1).unwrap();
    (today - chrono::Months::new(back))
        .format("%Y-%m")
        .to_string()
}

#[test]
fn prune_refuses_young_months_bad_settings_and_no_confirmation_and_changes_nothing() {
    let home = Home::new();
    let (log, register) = old_log(&home);
    let before = (
        std::fs::read(&log).unwrap(),
        std::fs::read(&register).unwrap(),
    );
    let unchanged = || {
        assert_eq!(std::fs::read(&log).unwrap(), before.0);
        assert_eq!(std::fs::read(&register).unwrap(), before.1);
        assert!(!home.data_dir().join("audit.log.checkpoint").exists());
    };
    // Younger than the default 24 months.
    let young = months_ago(23);
    let out = run(&home, &["audit", "prune", "--before", &young, "--yes"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("keeps at least 24 months"),
        "{}",
        stderr_of(&out)
    );
    assert!(
        stderr_of(&out).contains(&months_ago(24)),
        "{}",
        stderr_of(&out)
    );
    unchanged();
    // audit_keep below 12 is refused; 12 lets a year-old month go.
    let out = run(&home, &["config", "set", "audit_keep", "6"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("at least 12"),
        "{}",
        stderr_of(&out)
    );
    ok(run(&home, &["config", "set", "audit_keep", "12"]));
    let out = run(
        &home,
        &["audit", "prune", "--before", &months_ago(11), "--yes"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    unchanged();
    // Not a month.
    let out = run(&home, &["audit", "prune", "--before", "2020-13", "--yes"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    // Without --yes and no terminal.
    let out = run(&home, &["audit", "prune", "--before", &months_ago(12)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("--yes"), "{}", stderr_of(&out));
    unchanged();
    let ko = run(
        &home,
        &[
            "--lang",
            "ko",
            "audit",
            "prune",
            "--before",
            &months_ago(11),
            "--yes",
        ],
    );
    assert!(
        stderr_of(&ko).contains("이전을 정리할 수 없습니다"),
        "{}",
        stderr_of(&ko)
    );
}

#[test]
fn prune_removes_the_earlier_months_from_the_log_and_the_register_and_verify_still_proves_the_rest()
{
    let home = Home::new();
    let (log, register) = old_log(&home);
    let kept_lines: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .skip(2)
        .map(str::to_string)
        .collect();
    let out = ok(run(
        &home,
        &[
            "audit", "prune", "--before", "2020-03", "--yes", "-o", "json",
        ],
    ));
    let v = json_of(&out);
    assert_eq!(v["records_removed"], 2, "{v}");
    assert_eq!(v["records_kept"], 2, "{v}");
    assert_eq!(v["checkpoint_seq"], 2, "{v}");
    assert_eq!(v["register_rows_removed"], 1, "{v}");
    // The records kept are as they were, byte for byte.
    let now: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(now, kept_lines);
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("intact: 2 records (3 to 4)"), "{text}");
    assert_eq!(
        (v["checkpoint_seq"].clone(), v["last_seq"].clone()),
        (json!(2), json!(4))
    );
    // list and report read the pruned log.
    let list = json_of(&ok(run(&home, &["audit", "list", "-o", "json"])));
    let seqs: Vec<u64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, [3, 4]);
    let report = json_of(&ok(run(
        &home,
        &["audit", "report", "--month", "2020-03", "-o", "json"],
    )));
    assert_eq!(
        (report["intact"].clone(), report["records"].clone()),
        (json!(true), json!(1))
    );
    let rows = json_of(&ok(run(&home, &["privacy", "register", "-o", "json"])));
    let codes: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["candidate"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["C4"]);
    assert_eq!(
        std::fs::read_to_string(&register).unwrap().lines().count(),
        1
    );
    // The chain goes on from the records kept.
    append_at(&log, "2020-05-10T00:00:00Z", "C5");
    let (code, text, _) = verified(&home);
    assert_eq!(code, Some(0), "{text}");
    // For people: how many of each went.
    let out = ok(run(
        &home,
        &[
            "-o", "table", "audit", "prune", "--before", "2020-04", "--yes",
        ],
    ));
    let said = stdout_of(&out);
    assert!(
        said.contains("1 record removed from the access log"),
        "{said}"
    );
    assert!(
        said.contains("0 rows removed from the destruction register"),
        "{said}"
    );
}

#[test]
fn tampering_after_a_prune_is_still_found() {
    let home = Home::new();
    let (log, _) = old_log(&home);
    ok(run(
        &home,
        &["audit", "prune", "--before", "2020-03", "--yes"],
    ));
    let kept = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = kept.lines().collect();
    let checkpoint = home.data_dir().join("audit.log.checkpoint");
    let cp = std::fs::read_to_string(&checkpoint).unwrap();
    // A record kept, edited.
    std::fs::write(&log, kept.replace("\"C4\"", "\"C9\"")).unwrap();
    let (code, text, v) = verified(&home);
    assert_eq!(
        (
            code,
            v["broken"]["what"].clone(),
            v["broken"]["seq"].clone()
        ),
        (Some(1), json!("changed"), json!(4)),
        "{text}"
    );
    // The first record kept, removed.
    std::fs::write(&log, format!("{}\n", lines[1])).unwrap();
    let (code, _, v) = verified(&home);
    assert_eq!(
        (
            code,
            v["broken"]["what"].clone(),
            v["broken"]["missing_from"].clone()
        ),
        (Some(1), json!("removed"), json!(3))
    );
    std::fs::write(&log, &kept).unwrap();
    assert_eq!(verified(&home).0, Some(0));
    // The checkpoint edited.
    let edited = cp.replacen("\"hash\":\"", "\"hash\":\"f", 1);
    std::fs::write(&checkpoint, edited).unwrap();
    let (code, text, v) = verified(&home);
    assert_eq!(
        (code, v["broken"]["what"].clone()),
        (Some(1), json!("checkpoint")),
        "{text}"
    );
    assert!(text.contains("checkpoint"), "{text}");
    // The checkpoint removed: the log starts at record 3.
    std::fs::remove_file(&checkpoint).unwrap();
    let (code, _, v) = verified(&home);
    assert_eq!(
        (code, v["broken"]["what"].clone()),
        (Some(1), json!("removed"))
    );
    // A broken log is not pruned.
    std::fs::write(&checkpoint, &cp).unwrap();
    std::fs::write(&log, kept.replace("\"C4\"", "\"C9\"")).unwrap();
    let out = run(&home, &["audit", "prune", "--before", "2020-04", "--yes"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("was not pruned"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(std::fs::read_to_string(&checkpoint).unwrap(), cp);
}

/// The codes of the candidates an ndjson export wrote.
fn codes_in(file: &Path) -> Vec<String> {
    ndjson_codes(&std::fs::read_to_string(file).unwrap())
}

fn files_listed(v: &Value) -> Vec<String> {
    serde_json::from_value(v["files_not_touched"].clone()).unwrap()
}

#[test]
fn erase_lists_only_the_export_files_whose_records_name_the_candidate() {
    let ts = TestSandbox::new();
    let work = ts.home.dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let (a, b) = (work.join("applied.ndjson"), work.join("interview.ndjson"));
    for (stage, out) in [("applied", &a), ("interview", &b)] {
        let mut c = ts.cmd();
        c.args(["export", "candidates", "--stage", stage, "--out"])
            .arg(out);
        ok(c.output().unwrap());
    }
    let (in_a, in_b) = (codes_in(&a), codes_in(&b));
    let only_a = in_a
        .iter()
        .find(|c| !in_b.contains(c))
        .expect("a candidate of a only")
        .clone();
    let only_b = in_b
        .iter()
        .find(|c| !in_a.contains(c))
        .expect("a candidate of b only")
        .clone();
    let erase = |code: &str| {
        json_of(&ok(
            ts.run(&["-o", "json", "privacy", "erase", code, "--yes"])
        ))
    };
    let v = erase(&only_a);
    let (sa, sb) = (a.display().to_string(), b.display().to_string());
    let listed = files_listed(&v);
    assert!(listed.iter().any(|f| f.ends_with("applied.ndjson")), "{v}");
    assert!(
        !listed.iter().any(|f| f.ends_with("interview.ndjson")),
        "{v}"
    );
    let v = erase(&only_b);
    let listed = files_listed(&v);
    assert!(
        listed.iter().any(|f| f.ends_with("interview.ndjson")),
        "{v}"
    );
    assert!(!listed.iter().any(|f| f.ends_with("applied.ndjson")), "{v}");
    // The case: a candidate found nowhere is in no export file.
    let v = erase("C9999");
    assert!(files_listed(&v).is_empty(), "{v}");
    let text = stdout_of(&ok(
        ts.run(&["-o", "table", "privacy", "erase", &only_a, "--yes"])
    ));
    assert!(
        text.contains("holds their data (access-log records"),
        "{text}"
    );
    assert!(text.contains("applied.ndjson"), "{text}");
    assert!(!text.contains("interview.ndjson"), "{text}");
    // A log started anew (moved away): its seqs are not the exports' records, so it cannot
    // tell, and the files may hold them.
    let data = ts.home.data_dir();
    std::fs::rename(data.join("audit.log"), data.join("audit-old.log")).unwrap();
    std::fs::remove_file(data.join("audit.log.head")).unwrap();
    for _ in 0..2 {
        ok(ts.run(&["-o", "json", "candidates", "get", &only_b]));
    }
    let v = erase(&only_a);
    assert_eq!(files_listed(&v).len(), 2, "{v}");
    let holds: Vec<&Value> = v["stores"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["store"] == "export")
        .map(|s| &s["holds"])
        .collect();
    assert_eq!(holds, [&json!("unknown"), &json!("unknown")], "{v}");
    // With the log off it cannot tell: every file is listed, and it says so.
    ok(ts.run(&["config", "set", "audit", "off"]));
    let v = erase("C9999");
    assert_eq!(files_listed(&v).len(), 2, "{v}");
    assert_eq!(v["audit_log_off"], true, "{v}");
    let text = stdout_of(&ok(
        ts.run(&["-o", "table", "privacy", "erase", "C9999", "--yes"])
    ));
    assert!(text.contains("the access log is off"), "{text}");
    assert!(text.contains(&sa) && text.contains(&sb), "{text}");
}

/// Three records and their anchor as the version before this change wrote them (`recruit
/// --sandbox candidates get C1001`, three times).
const OLD_LOG: [&str; 3] = [
    "{\"seq\":1,\"at\":\"2026-11-29T05:34:34.614Z\",\"actor\":\"0@default\",\"via\":\"cli\",\"agent\":null,\"command\":\"recruit --sandbox candidates get C1001 -o json\",\"candidates\":[\"C1001\"],\"count\":1,\"fields\":[\"name\",\"email\",\"phone\",\"birth\",\"resume_path\",\"profile_img_path\"],\"reason\":null,\"sandbox\":true,\"prev\":null,\"hash\":\"55af7d827a26e35f4c39a3a71e975c71a9cf0de87cf79a0b87852e986b95092d\"}\n",
    "{\"seq\":2,\"at\":\"2026-11-29T05:34:34.641Z\",\"actor\":\"0@default\",\"via\":\"cli\",\"agent\":null,\"command\":\"recruit --sandbox candidates get C1001 -o json\",\"candidates\":[\"C1001\"],\"count\":1,\"fields\":[\"name\",\"email\",\"phone\",\"birth\",\"resume_path\",\"profile_img_path\"],\"reason\":null,\"sandbox\":true,\"prev\":\"55af7d827a26e35f4c39a3a71e975c71a9cf0de87cf79a0b87852e986b95092d\",\"hash\":\"7d979205c40da4c68a7ee906ebe3fb01439e968dc8131b73acdb1b88a533effe\"}\n",
    "{\"seq\":3,\"at\":\"2026-11-29T05:34:34.690Z\",\"actor\":\"0@default\",\"via\":\"cli\",\"agent\":null,\"command\":\"recruit --sandbox candidates get C1001 -o json\",\"candidates\":[\"C1001\"],\"count\":1,\"fields\":[\"name\",\"email\",\"phone\",\"birth\",\"resume_path\",\"profile_img_path\"],\"reason\":null,\"sandbox\":true,\"prev\":\"7d979205c40da4c68a7ee906ebe3fb01439e968dc8131b73acdb1b88a533effe\",\"hash\":\"031a67ff65f5a5366ae44b133f6435766162296c57e96ca8c1fcf56919ccacdc\"}\n",
];
const OLD_ANCHOR: &str =
    "{\"seq\":3,\"hash\":\"031a67ff65f5a5366ae44b133f6435766162296c57e96ca8c1fcf56919ccacdc\"}";

#[test]
fn a_log_written_by_the_version_before_still_verifies_and_goes_on() {
    let home = Home::new();
    let log = home.data_dir().join("audit.log");
    std::fs::create_dir_all(home.data_dir()).unwrap();
    std::fs::write(&log, OLD_LOG.concat()).unwrap();
    std::fs::write(anchor(&home), format!("{OLD_ANCHOR:<127}\n")).unwrap();
    let (code, text, v) = verified(&home);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(
        (v["records"].clone(), v["anchored"].clone()),
        (json!(3), json!(true))
    );
    append_at(&log, "2026-11-29T06:00:00Z", "C2");
    let (code, text, v) = verified(&home);
    assert_eq!((code, v["last_seq"].clone()), (Some(0), json!(4)), "{text}");
}
