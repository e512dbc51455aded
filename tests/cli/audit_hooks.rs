//! The access log's hooks (cli.md, "Personal data"): each command, export, sync and MCP tool
//! call whose output holds a candidate's personal value appends one record, against the
//! sandbox over HTTP with RECRUIT_AUDIT_LOG in a temporary directory; what holds none appends
//! nothing; an unwritable log stops the command before its output; and the chain verifies.

use crate::common::*;

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

const KEY: &str = "secret123";

/// A sandbox whose key is [`KEY`], and the log its commands write.
fn audited() -> (TestSandbox, PathBuf) {
    let sb = TestSandbox::with(|o| o.api_key = KEY.to_string());
    let log = sb.home.dir.path().join("logs").join("audit.log");
    (sb, log)
}

fn run(sb: &TestSandbox, log: &Path, args: &[&str]) -> std::process::Output {
    sb.cmd()
        .env("RECRUIT_AUDIT_LOG", log)
        .args(args)
        .output()
        .unwrap()
}

fn ok(sb: &TestSandbox, log: &Path, args: &[&str]) -> String {
    let out = run(sb, log, args);
    assert!(out.status.success(), "{args:?}: {}", stderr_of(&out));
    stdout_of(&out)
}

/// The log's records, after checking that its chain verifies (recruit-audit's own check).
fn records(log: &Path) -> Vec<Value> {
    if !log.exists() {
        return Vec::new();
    }
    let text = std::fs::read_to_string(log).unwrap();
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let verdict = recruit_audit::Log::new(log.to_path_buf(), recruit::clock::system())
        .verify()
        .unwrap();
    match verdict {
        recruit_audit::Verdict::Intact { records: n, .. } => {
            assert_eq!(n as usize, records.len(), "{text}")
        }
        other => panic!("the chain does not verify: {other:?}\n{text}"),
    }
    records
}

pub(crate) fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

pub(crate) fn ndjson_codes(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["code"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn candidates_get_logs_one_record_with_its_code_fields_and_the_key_redacted() {
    let (sb, log) = audited();
    let out = ok(
        &sb,
        &log,
        &["--api-key", KEY, "candidates", "get", "C1001", "-o", "json"],
    );
    let shown: Value = serde_json::from_str(&out).unwrap();
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    let r = &r[0];
    assert_eq!(r["seq"], json!(1));
    assert_eq!(r["via"], json!("cli"));
    assert_eq!(strings(&r["candidates"]), ["C1001"]);
    assert_eq!(r["count"], json!(1));
    // Every personal field the answer held a value for, in the list's order.
    let held: Vec<&str> = [
        "name",
        "email",
        "phone",
        "birth",
        "resume_path",
        "profile_img_path",
    ]
    .into_iter()
    .filter(|f| shown["resource"][f].as_str().is_some_and(|s| !s.is_empty()))
    .collect();
    assert!(held.len() >= 3, "{shown}");
    assert_eq!(strings(&r["fields"]), held);
    assert_eq!(r["reason"], Value::Null);
    assert!(r.get("sandbox").is_none(), "not a --sandbox run: {r}");
    assert!(
        r["actor"].as_str().unwrap().ends_with("@default"),
        "{}",
        r["actor"]
    );
    assert_eq!(
        r["command"],
        json!("recruit --api-key *** candidates get C1001 -o json")
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains(KEY), "the key is in the log: {text}");

    // `--api-key=KEY`, a profile and a reason: the actor names the profile.
    let arg = format!("--api-key={KEY}");
    ok(
        &sb,
        &log,
        &[
            &arg,
            "--profile",
            "work",
            "--reason",
            "a check",
            "candidates",
            "get",
            "C1002",
        ],
    );
    let r = records(&log);
    assert_eq!(r.len(), 2);
    assert!(r[1]["actor"].as_str().unwrap().ends_with("@work"));
    assert_eq!(r[1]["reason"], json!("a check"));
    assert_eq!(r[1]["prev"], r[0]["hash"]);
    assert!(r[1]["command"]
        .as_str()
        .unwrap()
        .contains("--api-key *** --profile work"));
    assert!(!std::fs::read_to_string(&log).unwrap().contains(KEY));
}

#[test]
fn output_without_a_personal_value_logs_nothing() {
    let (sb, log) = audited();
    ok(&sb, &log, &["forms", "list"]);
    ok(&sb, &log, &["forms", "list", "--all", "-o", "ndjson"]);
    ok(&sb, &log, &["jobs", "list"]);
    ok(
        &sb,
        &log,
        &["candidates", "get", "C1001", "--fields", "code"],
    );
    ok(
        &sb,
        &log,
        &[
            "candidates",
            "list",
            "--fields",
            "code,job_stage.title",
            "-o",
            "csv",
        ],
    );
    // `--fields` alone lists the field names, no value.
    ok(&sb, &log, &["candidates", "list", "--fields"]);
    assert!(records(&log).is_empty(), "{:?}", records(&log));

    // The same list with a personal field among the columns is logged, with that field alone.
    ok(
        &sb,
        &log,
        &["candidates", "list", "--fields", "code,email", "-o", "csv"],
    );
    let r = records(&log);
    assert_eq!(r.len(), 1);
    assert_eq!(strings(&r[0]["fields"]), ["email"]);
    assert_eq!(r[0]["count"], json!(20), "one page");
}

/// `--jq` is judged by the items before the filter: what it prints may be only codes, but
/// the command read personal data (over-logging is safe, under-logging is not).
#[test]
fn jq_is_judged_by_the_items_before_the_filter() {
    let (sb, log) = audited();
    let out = ok(
        &sb,
        &log,
        &["candidates", "list", "--all", "--jq", ".[].code"],
    );
    let r = records(&log);
    assert_eq!(r.len(), 1);
    assert_eq!(
        strings(&r[0]["candidates"]),
        out.lines().map(String::from).collect::<Vec<_>>()
    );
    assert!(strings(&r[0]["fields"]).contains(&"name".to_string()));
}

#[test]
fn a_merged_ndjson_list_logs_one_record_with_every_code_and_the_count() {
    let (sb, log) = audited();
    let out = ok(&sb, &log, &["candidates", "list", "--all", "-o", "ndjson"]);
    let codes = ndjson_codes(&out);
    assert!(codes.len() > 20, "more than one page: {}", codes.len());
    let r = records(&log);
    assert_eq!(r.len(), 1, "one record for the whole run: {r:?}");
    assert_eq!(strings(&r[0]["candidates"]), codes);
    assert_eq!(r[0]["count"], json!(codes.len()));
    assert_eq!(r[0]["via"], json!("cli"));
}

/// Evaluations: the candidate inside, and the members' phones (`member.phone`).
#[test]
fn an_evaluation_logs_its_candidate_and_its_members_phones() {
    let (sb, log) = audited();
    let out = ok(&sb, &log, &["evaluations", "get", "EV-1001", "-o", "json"]);
    let ev: Value = serde_json::from_str(&out).unwrap();
    let r = records(&log);
    assert_eq!(r.len(), 1);
    let code = ev["resource"]["candidate"]["code"].as_str().unwrap();
    assert_eq!(strings(&r[0]["candidates"]), [code]);
    assert!(
        strings(&r[0]["fields"]).contains(&"member.phone".to_string()),
        "{}",
        r[0]
    );
}

#[test]
fn export_logs_one_record_with_the_count_and_the_reason() {
    let (sb, log) = audited();
    let file = sb.home.dir.path().join("candidates.ndjson");
    let f = file.to_str().unwrap();
    let out = run(
        &sb,
        &log,
        &[
            "export",
            "candidates",
            "--out",
            f,
            "--reason",
            "monthly review",
        ],
    );
    assert!(out.status.success(), "{}", stderr_of(&out));
    let codes = ndjson_codes(&std::fs::read_to_string(&file).unwrap());
    let r = records(&log);
    export_records_cover(&r, &codes, "monthly review");

    // To standard output, the reason from RECRUIT_REASON.
    let out = sb
        .cmd()
        .env("RECRUIT_AUDIT_LOG", &log)
        .env("RECRUIT_REASON", "from the env")
        .args(["export", "candidates", "--stage", "applied"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let codes = ndjson_codes(&stdout_of(&out));
    let before = r.len();
    let r = records(&log);
    export_records_cover(&r[before..], &codes, "from the env");
}

/// An export's records name every candidate it wrote once, in order, with `count` its own
/// and the reason: records of what the walk has read ahead (how many depends on pacing, a
/// page's worth at most), never one per candidate.
fn export_records_cover(r: &[Value], codes: &[String], reason: &str) {
    assert!(!r.is_empty());
    assert!(
        codes.len() < 10 || r.len() < codes.len() / 2,
        "one per candidate? {r:?}"
    );
    let mut named = Vec::new();
    for e in r {
        assert_eq!(e["via"], json!("export"), "{e}");
        assert_eq!(e["reason"], json!(reason), "{e}");
        let these = strings(&e["candidates"]);
        assert_eq!(e["count"], json!(these.len()), "{e}");
        named.extend(these);
    }
    assert_eq!(named, codes);
}

#[test]
fn sync_logs_one_record_of_the_candidates_it_mirrors() {
    let (sb, log) = audited();
    let db = sb.home.dir.path().join("mirror.db");
    let out = ok(
        &sb,
        &log,
        &[
            "sync",
            "--db",
            db.to_str().unwrap(),
            "--reason",
            "BI",
            "-o",
            "json",
        ],
    );
    let report: Value = serde_json::from_str(&out).unwrap();
    let listed = report["candidates"]["listed"].as_u64().unwrap();
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0]["via"], json!("sync"));
    assert_eq!(r[0]["count"], json!(listed));
    assert_eq!(r[0]["reason"], json!("BI"));
    assert!(strings(&r[0]["fields"]).contains(&"email".to_string()));
}

#[test]
fn require_reason_refuses_export_and_sync_with_exit_2_and_writes_nothing() {
    let (sb, log) = audited();
    ok(&sb, &log, &["config", "set", "require_reason", "true"]);
    let file = sb.home.dir.path().join("out.ndjson");
    let db = sb.home.dir.path().join("mirror.db");
    for args in [
        vec!["export", "candidates", "--out", file.to_str().unwrap()],
        vec!["export", "candidates"],
        vec!["sync", "--db", db.to_str().unwrap()],
    ] {
        let out = run(&sb, &log, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr_of(&out);
        assert!(
            err.contains("--reason") && err.contains("RECRUIT_REASON"),
            "{args:?}: {err}"
        );
        assert!(stdout_of(&out).is_empty(), "{args:?}");
    }
    let left: Vec<_> = std::fs::read_dir(sb.home.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("out.ndjson") || n.starts_with("mirror.db"))
        .collect();
    assert!(left.is_empty(), "written: {left:?}");
    // Only the setting's own record (via config).
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0]["via"], json!("config"));
    // With a reason it runs, and the reason is recorded; other commands need none.
    ok(
        &sb,
        &log,
        &[
            "export",
            "candidates",
            "--reason",
            "audit",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    ok(&sb, &log, &["candidates", "get", "C1001"]);
    // The export logs what it has read ahead of its writer, so it may take more than one
    // record (how many depends on pacing): each carries the reason; the get after it needs none.
    let r = records(&log);
    assert!(r.len() >= 3, "{r:?}");
    let (export, get) = (&r[1..r.len() - 1], &r[r.len() - 1]);
    for e in export {
        assert_eq!(e["reason"], json!("audit"), "{e}");
        assert!(e["command"].as_str().unwrap().contains("export"), "{e}");
    }
    assert!(
        get["command"].as_str().unwrap().contains("candidates get"),
        "{get}"
    );
}

#[test]
fn audit_off_logs_nothing() {
    let (sb, log) = audited();
    ok(&sb, &log, &["config", "set", "audit", "off"]);
    ok(&sb, &log, &["candidates", "get", "C1001"]);
    ok(&sb, &log, &["candidates", "list", "--all", "-o", "ndjson"]);
    let file = sb.home.dir.path().join("c.ndjson");
    ok(
        &sb,
        &log,
        &["export", "candidates", "--out", file.to_str().unwrap()],
    );
    // Turning the log off is itself a record, in the log being turned off; then nothing.
    let r = records(&log);
    assert_eq!(r.len(), 1, "audit = off wrote {r:?}");
    assert_eq!(r[0]["via"], json!("config"));
    let bad = run(&sb, &log, &["config", "set", "audit", "maybe"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr_of(&bad).contains("on or off"), "{}", stderr_of(&bad));
}

#[test]
fn sandbox_runs_are_logged_as_such() {
    let (sb, log) = audited();
    let out = sb
        .home
        .sandbox()
        .env("RECRUIT_AUDIT_LOG", &log)
        .args(["candidates", "get", "C1001"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let r = records(&log);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["sandbox"], json!(true));
}

#[test]
fn an_mcp_tool_call_logs_via_mcp_what_the_policy_let_through() {
    let (sb, _) = audited();
    // The MCP harness clears RECRUIT_*: the log is the data directory's.
    let log = sb.home.data_dir().join("audit.log");
    crate::mcp::block_on(async {
        let mut mcp = crate::mcp::start_with(&sb, &["mcp"]).await;
        mcp.ok("forms_list", json!({})).await;
        let got = mcp.ok("candidates_get", json!({"code": "C1001"})).await;
        assert!(got["resource"].get("birth").is_none(), "basic: {got}");
        mcp.ok("evaluations_get", json!({"code": "EV-1001"})).await;
        mcp.ok("submissions_list", json!({"candidate": "C1001"}))
            .await;
        mcp.stop().await;
    });
    let r = records(&log);
    assert_eq!(r.len(), 3, "forms_list logs nothing: {r:?}");
    assert_eq!(r[0]["via"], json!("mcp"));
    assert_eq!(r[0]["command"], json!("candidates_get code=C1001"));
    assert_eq!(strings(&r[0]["candidates"]), ["C1001"]);
    let fields = strings(&r[0]["fields"]);
    assert!(fields.contains(&"email".to_string()), "{fields:?}");
    // Left out by `--personal-data basic`: not in the result, so not logged.
    assert!(!fields.contains(&"birth".to_string()), "{fields:?}");
    assert_eq!(r[1]["command"], json!("evaluations_get code=EV-1001"));
    assert!(!strings(&r[1]["fields"]).contains(&"member.phone".to_string()));
    // Submissions name the candidate's name and email; the call's `candidate` is whose.
    assert_eq!(r[2]["command"], json!("submissions_list candidate=C1001"));
    assert_eq!(strings(&r[2]["candidates"]), ["C1001"]);
    assert!(
        strings(&r[2]["fields"]).contains(&"name".to_string()),
        "{}",
        r[2]
    );
}

#[test]
fn an_unwritable_log_fails_with_exit_1_before_any_output() {
    let (sb, _) = audited();
    // A directory where the log should be: no one, root included, can append to it.
    let log = sb.home.dir.path().join("not-a-file");
    std::fs::create_dir_all(&log).unwrap();
    let file = sb.home.dir.path().join("c.ndjson");
    for args in [
        vec!["candidates", "get", "C1001"],
        vec!["candidates", "list", "--all", "-o", "ndjson"],
        vec!["candidates", "list", "-o", "csv"],
        vec!["export", "candidates", "--out", file.to_str().unwrap()],
        vec!["export", "candidates"],
    ] {
        let out = run(&sb, &log, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr_of(&out));
        assert!(stdout_of(&out).is_empty(), "{args:?}: {}", stdout_of(&out));
        let err = stderr_of(&out);
        assert!(
            err.contains(log.to_str().unwrap()) && err.contains("audit off"),
            "{args:?}: {err}"
        );
    }
    assert!(!file.exists());
    // Output without personal data does not need the log.
    ok(&sb, &log, &["forms", "list"]);
}

/// `recruit api`: any answer is scanned for candidate-shaped objects (a code and a personal
/// field); an answer holding none logs nothing.
#[test]
fn a_raw_api_answer_is_scanned_for_candidates() {
    let (sb, log) = audited();
    ok(&sb, &log, &["api", "GET", "/application_forms"]);
    assert!(records(&log).is_empty());
    let out = ok(&sb, &log, &["api", "GET", "/candidates/C1002"]);
    assert!(out.contains("C1002"));
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(strings(&r[0]["candidates"]), ["C1002"]);
    assert!(strings(&r[0]["fields"]).contains(&"email".to_string()));
}

/// A list walked with `--all` and stopped by Ctrl-C: one record of what it printed.
#[test]
fn a_merged_list_stopped_by_ctrl_c_logs_what_it_printed() {
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = 300;
        o.faults.latency = std::time::Duration::from_millis(150);
    });
    let log = sb.home.dir.path().join("audit.log");
    let mut cmd = sb.home.std_cmd();
    let mut child = cmd
        .env("RECRUIT_BASE_URL", sb.base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .env("RECRUIT_AUDIT_LOG", &log)
        .args(["candidates", "list", "--all", "--per", "10", "-o", "ndjson"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lines = lines(child.stdout.take().unwrap());
    let first = lines
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("a first line");
    send_signal(&child, "INT");
    assert_eq!(wait_at_most(&mut child, 20), Some(130));
    let mut printed = vec![first];
    printed.extend(drain(&lines));
    let codes = ndjson_codes(&printed.join("\n"));
    assert!(codes.len() < 323, "stopped early: {}", codes.len());
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(strings(&r[0]["candidates"]), codes);
    assert_eq!(r[0]["count"], json!(codes.len()));
}

/// An export stopped by Ctrl-C: its records (the next 1,000 candidates, logged before the
/// first of them was written) name what FILE.partial holds, in the order written.
#[test]
fn an_export_stopped_by_ctrl_c_logs_what_it_wrote() {
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = 200;
        o.faults.latency = std::time::Duration::from_millis(40);
    });
    let log = sb.home.dir.path().join("audit.log");
    let out = sb.home.dir.path().join("details.ndjson");
    let partial = sb.home.dir.path().join("details.ndjson.partial");
    let mut child = sb
        .home
        .std_cmd()
        .env("RECRUIT_BASE_URL", sb.base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .env("RECRUIT_AUDIT_LOG", &log)
        .args([
            "export",
            "candidates",
            "--detail",
            "--concurrency",
            "2",
            "--out",
        ])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    wait_for("some candidates written", 30, || {
        std::fs::read_to_string(&partial).is_ok_and(|t| t.lines().count() >= 5)
    });
    send_signal(&child, "INT");
    assert_eq!(wait_at_most(&mut child, 30), Some(130));
    assert!(!out.exists());
    let codes = ndjson_codes(&std::fs::read_to_string(&partial).unwrap());
    assert!(codes.len() >= 5 && codes.len() < 223, "{}", codes.len());
    let r = records(&log);
    let mut logged = Vec::new();
    for record in &r {
        assert_eq!(record["via"], json!("export"));
        let named = strings(&record["candidates"]);
        assert_eq!(record["count"], json!(named.len()));
        logged.extend(named);
    }
    assert!(logged.len() >= codes.len(), "{r:?}");
    assert_eq!(
        logged[..codes.len()],
        codes[..],
        "written in the order logged"
    );
}

/// A form submission names its candidate's `name` and `email` (`candidate_name`,
/// `candidate_email`): listing or exporting submissions logs them as that candidate's, under
/// the list's names; `--fields` without them logs nothing.
#[test]
fn submissions_are_logged_as_their_candidates_name_and_email() {
    let (sb, log) = audited();
    let out = ok(&sb, &log, &["submissions", "list", "C1001", "-o", "json"]);
    let shown: Value = serde_json::from_str(&out).unwrap();
    let subs = shown["collection"].as_array().expect("a page").clone();
    let held: Vec<&str> = [("candidate_name", "name"), ("candidate_email", "email")]
        .into_iter()
        .filter(|(k, _)| {
            subs.iter()
                .any(|s| s[k].as_str().is_some_and(|v| !v.is_empty()))
        })
        .map(|(_, f)| f)
        .collect();
    assert!(
        !held.is_empty(),
        "the sandbox's submissions name their candidate: {shown}"
    );
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(strings(&r[0]["candidates"]), ["C1001"]);
    assert_eq!(strings(&r[0]["fields"]), held);

    ok(
        &sb,
        &log,
        &[
            "submissions",
            "list",
            "C1001",
            "--fields",
            "code,form_title",
        ],
    );
    assert_eq!(
        records(&log).len(),
        1,
        "no personal field shown, nothing logged"
    );

    // An export of every candidate's submissions: one record naming the candidates whose
    // submissions were written.
    let file = sb.home.dir.path().join("subs.ndjson");
    let f = file.to_str().unwrap();
    ok(
        &sb,
        &log,
        &["export", "submissions", "--stage", "applied", "--out", f],
    );
    let written: std::collections::BTreeSet<String> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["candidate_code"]
                .as_str()
                .expect("candidate_code")
                .to_string()
        })
        .collect();
    assert!(!written.is_empty());
    let r = records(&log);
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(r[1]["via"], json!("export"));
    let logged: std::collections::BTreeSet<String> =
        strings(&r[1]["candidates"]).into_iter().collect();
    assert_eq!(logged, written);
    assert_eq!(r[1]["count"], json!(written.len()));
    assert!(strings(&r[1]["fields"]).contains(&"name".to_string()));
}

/// Stored webhook events carry the service's payloads, which name candidates: `events show`
/// (any format) and `events list -o json` log them; the list's table (no payload) does not.
#[test]
fn stored_events_payloads_are_logged_when_printed() {
    let (sb, log) = audited();
    let store_path = sb.home.dir.path().join("events.db");
    {
        let (store, _lock) =
            recruit::webhook::store::EventStore::open_for_listener(&store_path).unwrap();
        let payloads = [
            json!({"action": "candidate_stage_changed",
                   "payload": {"candidate": {"code": "C1002", "name": "Kim Minji", "email": "m@example.com"}}}),
            json!({"action": "form_submitted",
                   "payload": {"candidate_code": "C3010", "candidate_name": "Lee Jun", "form_title": "Message"}}),
            json!({"action": "candidate_stage_changed", "payload": {"candidate": {"code": "C1003"}}}),
        ];
        for p in payloads {
            store
                .insert(&recruit::webhook::store::NewEvent {
                    action: p["action"].as_str().map(String::from),
                    payload: bytes::Bytes::from(p.to_string()),
                    content_type: Some("application/json".into()),
                    signature: None,
                    target: None,
                })
                .unwrap();
        }
    }
    let store = store_path.to_str().unwrap();
    ok(
        &sb,
        &log,
        &[
            "webhooks", "events", "list", "-o", "table", "--store", store,
        ],
    );
    assert!(records(&log).is_empty(), "the table shows no payload");

    ok(
        &sb,
        &log,
        &["webhooks", "events", "list", "-o", "json", "--store", store],
    );
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    let mut codes = strings(&r[0]["candidates"]);
    codes.sort();
    assert_eq!(
        codes,
        ["C1002", "C3010"],
        "C1003's event holds no personal value"
    );
    assert_eq!(strings(&r[0]["fields"]), ["name", "email"]);

    // `show` of the event without a personal value logs nothing; of one with, one record.
    ok(
        &sb,
        &log,
        &["webhooks", "events", "show", "3", "--store", store],
    );
    assert_eq!(records(&log).len(), 1);
    let out = ok(
        &sb,
        &log,
        &["webhooks", "events", "show", "2", "--store", store],
    );
    assert!(out.contains("Lee Jun"), "{out}");
    let r = records(&log);
    assert_eq!(r.len(), 2);
    assert_eq!(strings(&r[1]["candidates"]), ["C3010"]);
    assert_eq!(strings(&r[1]["fields"]), ["name"]);
}

/// `forms apply --answers FILE --dry-run` prints the request, the applicant's personal answers
/// in it: logged via cli before it is printed (the wizard's own run logs via wizard).
#[test]
fn an_application_dry_run_from_a_file_is_logged() {
    let (sb, log) = audited();
    let file = sb.file(
        "b-body.json",
        &json!({"name": "Min Park", "email": "min.b@example.com", "phone": "010-9999-0000",
                "resume_path": "/upload/candidate/file/1/temp/1/cv.pdf"}),
    );
    let out = ok(
        &sb,
        &log,
        &[
            "forms",
            "apply",
            recruit::sandbox::codes::FORM_NO_IDS,
            "--answers",
            &file,
            "--dry-run",
        ],
    );
    assert!(out.contains("min.b@example.com"), "{out}");
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0]["via"], json!("cli"));
    assert_eq!(
        strings(&r[0]["fields"]),
        ["name", "email", "phone", "resume_path"]
    );
    assert_eq!(r[0]["count"], json!(1), "one applicant, no code yet");
}
