//! Streamed output and the access log (cli.md, "Personal data"): a record is on disk before
//! the first byte that holds its candidates, at most 1,000 codes a record with `count` its own
//! number of codes, so every code shown is in some record, whenever the run stops (even
//! `kill -9`); a listener's printed events are logged (`via: "listen"`); a table's record
//! names the fields its columns show. The real binary against the sandbox over HTTP.

use crate::audit_hooks::strings;
use crate::common::*;

use std::collections::HashSet;
use std::path::Path;
use std::process::Stdio;

use serde_json::{json, Value};

/// The log's records (each a JSON line; a line cut by a kill is not one).
fn records(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Every code the records name, after checking each names at most 1,000 codes and counts
/// exactly those it names.
fn logged_codes(records: &[Value]) -> HashSet<String> {
    let mut all = HashSet::new();
    for r in records {
        let codes = strings(&r["candidates"]);
        assert!(codes.len() <= 1_000, "{} codes in one record", codes.len());
        assert_eq!(r["count"], json!(codes.len()), "count is its own codes'");
        all.extend(codes);
    }
    all
}

/// The `key` of each whole JSON line of `text` (a last line cut short by a kill is skipped).
fn codes_in(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| v[key].as_str().map(str::to_string))
        .collect()
}

/// `kill -9` of an export writing to FILE.partial, after its first lines: every candidate in
/// the partial file is in a record already on disk (today's single record comes at the end).
#[test]
fn an_export_killed_with_sigkill_has_logged_every_candidate_it_wrote() {
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = 1_500;
        o.faults.latency = std::time::Duration::from_millis(30);
    });
    let dir = sb.home.dir.path();
    let log = dir.join("audit.log");
    let list = dir.join("codes.txt");
    let codes: Vec<String> = (1..=1_500).map(|i| format!("S{i:06}")).collect();
    std::fs::write(&list, codes.join("\n") + "\n").unwrap();
    let out = dir.join("subs.ndjson");
    let partial = dir.join("subs.ndjson.partial");
    let mut child = sb
        .home
        .std_cmd()
        .env("RECRUIT_BASE_URL", sb.base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .env("RECRUIT_AUDIT_LOG", &log)
        .args(["export", "submissions", "--candidates"])
        .arg(&list)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for("the first candidates written", 60, || {
        let text = std::fs::read_to_string(&partial).unwrap_or_default();
        codes_in(&text, "candidate_code")
            .into_iter()
            .collect::<HashSet<_>>()
            .len()
            >= 3
    });
    send_signal(&child, "KILL");
    assert_eq!(wait_at_most(&mut child, 30), None, "killed");
    assert!(!out.exists());
    let written = codes_in(
        &std::fs::read_to_string(&partial).unwrap(),
        "candidate_code",
    );
    let r = records(&log);
    let logged = logged_codes(&r);
    let missing: Vec<&String> = written.iter().filter(|c| !logged.contains(*c)).collect();
    assert!(missing.is_empty(), "written, in no record: {missing:?}");
    assert!(r.iter().all(|r| r["via"] == json!("export")), "{r:?}");
    assert_eq!(strings(&r[0]["fields"]), ["name", "email"]);
    // The next 1,000 in the file's order, logged before the first of them was written.
    assert_eq!(strings(&r[0]["candidates"]), codes[..1_000]);
}

/// `candidates list --all` over more than 1,000 candidates: each page is logged before it is
/// printed, every code printed is in a record, and each record counts its own codes.
#[test]
fn a_list_of_1305_candidates_names_every_code_it_prints() {
    let sb = TestSandbox::with(|o| o.synthetic_candidates = 1_305);
    let log = sb.home.dir.path().join("audit.log");
    let out = sb
        .cmd()
        .env("RECRUIT_AUDIT_LOG", &log)
        .args(["candidates", "list", "--all", "-o", "ndjson"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let printed = codes_in(&stdout_of(&out), "code");
    assert!(printed.len() >= 1_305, "{}", printed.len());
    let r = records(&log);
    assert!(r.len() >= 2, "{} records", r.len());
    let logged = logged_codes(&r);
    let missing: Vec<&String> = printed.iter().filter(|c| !logged.contains(*c)).collect();
    assert!(missing.is_empty(), "{} printed in no record", missing.len());
    // `audit list --candidate` finds one past the first 1,000.
    let found = sb
        .cmd()
        .env("RECRUIT_AUDIT_LOG", &log)
        .args(["audit", "list", "--candidate", "S001300", "-o", "json"])
        .output()
        .unwrap();
    let found: Value = serde_json::from_slice(&found.stdout).unwrap();
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
}

/// A table of candidates shows their names and no other personal field: its record names
/// `name` only; the same list as JSON holds every field it has.
#[test]
fn a_tables_record_names_only_the_fields_its_columns_show() {
    let sb = TestSandbox::new();
    let log = sb.home.dir.path().join("audit.log");
    let list = |args: &[&str]| {
        let before = records(&log).len();
        let out = sb
            .cmd()
            .env("RECRUIT_AUDIT_LOG", &log)
            .args(["candidates", "list"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        let r = records(&log);
        assert_eq!(r.len(), before + 1, "{args:?}: {r:?}");
        strings(&r[before]["fields"])
    };
    assert_eq!(list(&["-o", "table"]), ["name"]);
    let json = list(&["-o", "json"]);
    assert!(
        json.len() > 1 && json.contains(&"email".to_string()),
        "{json:?}"
    );
    assert_eq!(list(&["-o", "table", "--fields", "code,email"]), ["email"]);
}

const KEY: &str = "whsec_stream";

/// `webhooks listen` (no store) as a child printing ndjson: the relay tests' launcher, and its
/// stdout lines.
struct Listener {
    l: crate::relay::Listener,
    stdout: std::sync::mpsc::Receiver<String>,
}

impl Listener {
    fn start(home: &Home, log: &Path) -> Listener {
        let mut cmd = home.std_cmd();
        cmd.env("RECRUIT_AUDIT_LOG", log)
            .args(["webhooks", "listen", "--port", "0", "-o", "ndjson"])
            .args(["--signing-key", KEY]);
        let mut l = crate::relay::spawn_listener_to(cmd, Stdio::piped());
        let stdout = lines(l.child.stdout.take().unwrap());
        Listener { l, stdout }
    }

    /// POST `body` signed: the status.
    fn post(&self, body: &Value) -> u16 {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(signed::post_all(
            &self.l.url,
            KEY,
            vec![body.to_string()],
            1,
        ))[0]
    }

    fn line(&self) -> String {
        self.stdout
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("a line on stdout")
    }
}

/// A listener printing events: one holding a candidate's name is logged (`via: "listen"`)
/// before its line appears; one without personal values is not logged.
#[test]
fn a_listener_logs_a_printed_event_with_a_name_before_printing_it() {
    let home = Home::new();
    let log = home.dir.path().join("audit.log");
    let l = Listener::start(&home, &log);
    let named = json!({"action": "candidate_pass",
        "payload": {"candidate": {"code": "C77", "name": "Hana Sato"}}});
    assert_eq!(l.post(&named), 200);
    let line = l.line();
    assert!(line.contains("Hana Sato"), "{line}");
    // Read as soon as the line is out: the record was on disk before it.
    let r = records(&log);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0]["via"], json!("listen"));
    assert_eq!(strings(&r[0]["candidates"]), ["C77"]);
    assert_eq!(strings(&r[0]["fields"]), ["name"]);
    assert_eq!(r[0]["count"], json!(1));
    let plain = json!({"action": "job_updated", "payload": {"job": {"code": "J1"}}});
    assert_eq!(l.post(&plain), 200);
    assert!(l.line().contains("job_updated"));
    assert_eq!(records(&log).len(), 1, "an event without personal values");
    // Payload shapes are undocumented: a code under any key, an email deeper inside it.
    let nested = json!({"action": "candidate_pass", "payload": {"applicant":
        {"code": "C78", "contact": {"email": "mio@example.com"}}, "stage": {"code": "S1", "name": "서류"}}});
    assert_eq!(l.post(&nested), 200);
    assert!(l.line().contains("mio@example.com"));
    let r = records(&log);
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(strings(&r[1]["candidates"]), ["C78"]);
    assert_eq!(strings(&r[1]["fields"]), ["email"]);
}

/// A record that cannot be appended: the event is answered 503 (the service retries) and
/// not printed; an event without personal values still goes through.
#[test]
fn a_listener_that_cannot_log_answers_503_and_prints_nothing() {
    let home = Home::new();
    // A log under a regular file cannot be created.
    let blocker = home.dir.path().join("not-a-dir");
    std::fs::write(&blocker, "x").unwrap();
    let l = Listener::start(&home, &blocker.join("audit.log"));
    let named = json!({"action": "candidate_pass",
        "payload": {"candidate": {"code": "C77", "email": "hana@example.com"}}});
    assert_eq!(l.post(&named), 503);
    let plain = json!({"action": "job_updated", "payload": {"job": {"code": "J1"}}});
    assert_eq!(l.post(&plain), 200);
    let next = l.line();
    assert!(
        next.contains("job_updated"),
        "the refused event was printed: {next}"
    );
}

/// An MCP tool result holding more than 1,000 candidates (`candidates_list` with `all`) is
/// several records, each of at most 1,000 codes counting its own, naming every candidate.
#[test]
fn an_mcp_result_of_1305_candidates_is_a_record_per_thousand() {
    let sb = TestSandbox::with(|o| o.synthetic_candidates = 1_305);
    // The MCP harness clears RECRUIT_*: the log is the data directory's.
    let log = sb.home.data_dir().join("audit.log");
    let got = crate::mcp::block_on(async {
        let mut mcp = crate::mcp::start_with(&sb, &["mcp"]).await;
        let got = mcp.ok("candidates_list", json!({"all": true})).await;
        mcp.stop().await;
        got
    });
    let shown: Vec<String> = got["collection"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["code"].as_str().map(str::to_string))
        .collect();
    assert!(shown.len() >= 1_305, "{}", shown.len());
    let r = records(&log);
    assert!(r.len() >= 2, "{r:?}");
    assert!(r.iter().all(|r| r["via"] == json!("mcp")));
    let logged = logged_codes(&r);
    assert!(shown.iter().all(|c| logged.contains(c)));
}
