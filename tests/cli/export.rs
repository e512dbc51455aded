//! `recruit export` end to end, for correctness: the binary against the sandbox (in this
//! process, over real HTTP on an ephemeral port) or a stub server; what every format holds,
//! the order, failures and exit codes, interruption and `--resume`. What it costs (memory,
//! concurrency, rates) is measured in `tests/timing/`.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::*;
use recruit::sandbox::SandboxOptions;
use serde_json::Value;

const KEY: &str = "sbx-export-key-5d81c0";

/// The shared test sandbox (tests/common), with this file's key; each test points homes of its
/// own at it.
struct Sb {
    sb: TestSandbox,
}

fn sandbox(tweak: impl FnOnce(&mut SandboxOptions)) -> Sb {
    Sb {
        sb: TestSandbox::with(|opts| {
            opts.api_key = KEY.to_string();
            tweak(opts);
        }),
    }
}

impl Sb {
    /// `recruit` pointed at this sandbox.
    fn cmd(&self, home: &Home) -> assert_cmd::Command {
        let mut c = home.cmd();
        c.env("RECRUIT_BASE_URL", self.sb.base_url())
            .env("RECRUIT_API_KEY", KEY);
        c
    }

    /// The same as a std command, to spawn and kill.
    fn spawn_cmd(&self, home: &Home, args: &[&str]) -> StdCommand {
        let mut c = StdCommand::new(assert_cmd::cargo::cargo_bin("recruit"));
        for (k, _) in std::env::vars() {
            if k.starts_with("RECRUIT_") {
                c.env_remove(k);
            }
        }
        c.env("RECRUIT_CONFIG_DIR", home.config_dir())
            .env("RECRUIT_DATA_DIR", home.data_dir())
            .env("RECRUIT_BASE_URL", self.sb.base_url())
            .env("RECRUIT_API_KEY", KEY)
            .args(args)
            .stdin(Stdio::null());
        c
    }
}

/// Number of submissions of synthetic candidate `i` (documented in the sandbox).
fn synthetic_count(i: usize) -> usize {
    1 + (i * 37 % 130)
}

fn synthetic(i: usize) -> String {
    format!("S{i:06}")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn ndjson(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad line {l}: {e}")))
        .collect()
}

fn first_key(v: &Value) -> &str {
    v.as_object()
        .and_then(|m| m.keys().next())
        .map(String::as_str)
        .unwrap_or("")
}

/// The record without `candidate_code`, and the code.
fn split_code(v: &Value) -> (String, Value) {
    let mut v = v.clone();
    let code = v
        .as_object_mut()
        .unwrap()
        .shift_remove("candidate_code")
        .unwrap();
    (code.as_str().unwrap().to_string(), v)
}

/// Records per candidate, in output order.
fn by_candidate(records: &[Value]) -> BTreeMap<String, Vec<Value>> {
    let mut m: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for r in records {
        assert_eq!(first_key(r), "candidate_code", "{r}");
        let (code, rest) = split_code(r);
        m.entry(code).or_default().push(rest);
    }
    m
}

/// `recruit submissions list C --all -o <fmt>` as text.
fn list_all(sb: &Sb, home: &Home, noun: &str, code: &str, fmt: &str) -> String {
    let mut args = vec![noun, "list", code, "-o", fmt];
    if noun == "submissions" {
        args.push("--all");
    }
    let out = sb.cmd(home).args(&args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out)
}

#[test]
fn candidate_file_comments_blanks_duplicates_and_order() {
    let sb = sandbox(|_| {});
    let home = Home::new();
    let file = write(
        home.dir.path(),
        "codes.txt",
        "# candidates for the Q3 review\n\n   C1003  \r\nC1005 # note after a code\n\n#C1002\nC1003\n\tC1004\nC1005\n",
    );
    let out = sb
        .cmd(&home)
        .args([
            "export",
            "submissions",
            "--concurrency",
            "1",
            "--candidates",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let records = ndjson(&stdout_of(&out));
    // With one worker the output follows the file: first occurrences, each code once.
    let mut order: Vec<String> = Vec::new();
    for r in &records {
        let (c, _) = split_code(r);
        if order.last() != Some(&c) {
            order.push(c);
        }
    }
    assert_eq!(order, vec!["C1003", "C1005", "C1004"]);
    // C1003: 3 submissions, C1005: 2, C1004: 8 (sandbox demo data), nothing twice.
    assert_eq!(records.len(), 3 + 2 + 8);
    let codes: HashSet<String> = records
        .iter()
        .map(|r| r["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), records.len());
    assert!(stderr_of(&out).contains("exported 3 candidates, 13 records"));

    // The same list on standard input.
    let out = sb
        .cmd(&home)
        .args(["export", "submissions", "--candidates", "-"])
        .write_stdin("C1005\n# x\nC1005\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(ndjson(&stdout_of(&out)).len(), 2);

    // Two codes on one line, or nothing at all: bad input, exit 2, nothing fetched.
    for bad in ["C1001 C1002\n", "# nothing\n\n"] {
        let f = write(home.dir.path(), "bad.txt", bad);
        let out = sb
            .cmd(&home)
            .args(["export", "submissions", "--candidates"])
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", stderr_of(&out));
        assert!(stdout_of(&out).is_empty());
    }
}

#[test]
fn ndjson_csv_and_json_hold_exactly_the_listed_submissions() {
    let sb = sandbox(|o| o.synthetic_candidates = 10);
    let home = Home::new();
    // C1001 has 45, C/2001 a slash in its code, S000003 112 (two pages of 100).
    let codes = ["C1001", "C/2001", "S000003", "C1002"];
    let file = write(home.dir.path(), "codes.txt", &codes.join("\n"));
    let expected: BTreeMap<String, Vec<Value>> = codes
        .iter()
        .map(|c| {
            (
                c.to_string(),
                ndjson(&list_all(&sb, &home, "submissions", c, "ndjson")),
            )
        })
        .collect();
    assert_eq!(expected["S000003"].len(), synthetic_count(3));

    // ndjson (the default)
    let out = sb
        .cmd(&home)
        .args(["export", "submissions", "--candidates"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(by_candidate(&ndjson(&stdout_of(&out))), expected);
    // The fewest requests: 1 + 1 + 2 + 1 pages.
    assert!(
        stderr_of(&out).contains("(5 requests)"),
        "{}",
        stderr_of(&out)
    );

    // --jq runs on each record, candidate_code included.
    let out = sb
        .cmd(&home)
        .args([
            "export",
            "submissions",
            "--concurrency",
            "1",
            "--candidates",
        ])
        .arg(&file)
        .args([
            "--jq",
            r#"select(.candidate_code == "C/2001") | "\(.candidate_code) \(.code)""#,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let want: Vec<String> = expected["C/2001"]
        .iter()
        .map(|r| format!("C/2001 {}", r["code"].as_str().unwrap()))
        .collect();
    assert_eq!(stdout_of(&out).lines().collect::<Vec<_>>(), want);

    // json: one array
    let json_out = home.dir.path().join("subs.json");
    let out = sb
        .cmd(&home)
        .args(["export", "submissions", "-o", "json", "--candidates"])
        .arg(&file)
        .arg("--out")
        .arg(&json_out)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let array: Vec<Value> = serde_json::from_slice(&std::fs::read(&json_out).unwrap()).unwrap();
    assert_eq!(by_candidate(&array), expected);

    // csv: candidate_code, then the documented columns; rows as `submissions list -o csv`
    let out = sb
        .cmd(&home)
        .args(["export", "submissions", "-o", "csv", "--candidates"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let mut r = csv::Reader::from_reader(out.stdout.as_slice());
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let mut want_header = vec!["candidate_code".to_string()];
    want_header.extend(
        recruit::output::Kind::Submission
            .csv_columns()
            .iter()
            .map(|s| s.to_string()),
    );
    assert_eq!(header, want_header);
    let mut got: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for rec in r.records() {
        let rec = rec.unwrap();
        let row: Vec<String> = rec.iter().map(String::from).collect();
        got.entry(row[0].clone())
            .or_default()
            .push(row[1..].to_vec());
    }
    for c in codes {
        let text = list_all(&sb, &home, "submissions", c, "csv");
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let want: Vec<Vec<String>> = r
            .records()
            .map(|x| x.unwrap().iter().map(String::from).collect())
            .collect();
        assert_eq!(got[c], want, "{c}");
    }
}

#[test]
fn memos_keep_replies_nested_in_ndjson_and_csv() {
    let sb = sandbox(|_| {});
    let home = Home::new();
    let file = write(home.dir.path(), "codes.txt", "C1001\nC1002\n");
    let out = sb
        .cmd(&home)
        .args(["export", "memos", "--candidates"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let got = by_candidate(&ndjson(&stdout_of(&out)));
    for c in ["C1001", "C1002"] {
        assert_eq!(got[c], ndjson(&list_all(&sb, &home, "memos", c, "ndjson")));
    }
    // C1001: memos 101 (replies 102, 103), 104, 105: three records, replies nested.
    assert_eq!(got["C1001"].len(), 3);
    assert_eq!(got["C1001"][0]["replies"].as_array().unwrap().len(), 2);

    let out = sb
        .cmd(&home)
        .args([
            "export",
            "memos",
            "-o",
            "csv",
            "--concurrency",
            "1",
            "--candidates",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let mut r = csv::Reader::from_reader(out.stdout.as_slice());
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header[0], "candidate_code");
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    // One row per memo the service listed; replies are a JSON cell of their memo's row.
    let ids: Vec<(&str, &str, usize)> = rows
        .iter()
        .map(|x| {
            let replies: Value = serde_json::from_str(&x[col("replies")]).unwrap_or(Value::Null);
            (&x[0], &x[col("id")], replies.as_array().map_or(0, Vec::len))
        })
        .collect();
    assert_eq!(
        ids,
        vec![
            ("C1001", "101", 2),
            ("C1001", "104", 0),
            ("C1001", "105", 0),
            ("C1002", "106", 1),
            ("C1002", "108", 0),
        ]
    );
    let user: Value = serde_json::from_str(&rows[0][col("user")]).unwrap();
    assert_eq!(user, got["C1001"][0]["user"]);
}

#[test]
fn candidates_are_written_in_the_files_order_whatever_finishes_first() {
    let sb = sandbox(|o| {
        o.synthetic_candidates = 200;
        o.faults.latency = Duration::from_millis(15);
    });
    let home = Home::new();
    // Two-page candidates first, then one-page ones: with 8 workers the small ones finish
    // long before the first ones.
    let big: Vec<usize> = (1..=200)
        .filter(|&i| synthetic_count(i) > 100)
        .take(3)
        .collect();
    let small: Vec<usize> = (1..=200)
        .filter(|&i| synthetic_count(i) <= 5)
        .take(25)
        .collect();
    let order: Vec<String> = big.iter().chain(&small).map(|&i| synthetic(i)).collect();
    let file = write(home.dir.path(), "codes.txt", &order.join("\n"));
    let out = sb
        .cmd(&home)
        .args([
            "export",
            "submissions",
            "--concurrency",
            "8",
            "--candidates",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let records = ndjson(&stdout_of(&out));
    let mut seen: Vec<String> = Vec::new();
    for r in &records {
        let code = r["candidate_code"].as_str().unwrap().to_string();
        if seen.last() != Some(&code) {
            seen.push(code);
        }
    }
    assert_eq!(seen, order, "each candidate once, in the file's order");
    let want: usize = big.iter().chain(&small).map(|&i| synthetic_count(i)).sum();
    assert_eq!(records.len(), want);
}

#[test]
fn export_through_random_503_and_429_equals_a_clean_export() {
    let codes: Vec<String> = (1..=24).map(synthetic).collect();
    let run = |fail_rate: f64| -> (Vec<String>, String) {
        let sb = sandbox(|o| {
            o.synthetic_candidates = 30;
            o.faults.fail_rate = fail_rate;
            o.faults.fail_seed = Some(11);
        });
        let home = Home::new();
        let file = write(home.dir.path(), "codes.txt", &codes.join("\n"));
        let out = sb
            .cmd(&home)
            .args(["--retries", "10", "export", "submissions", "--candidates"])
            .arg(&file)
            .timeout(Duration::from_secs(90))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let mut lines: Vec<String> = stdout_of(&out).lines().map(String::from).collect();
        lines.sort();
        (lines, stderr_of(&out))
    };
    let (clean, _) = run(0.0);
    let (flaky, summary) = run(0.3);
    let want: usize = (1..=24).map(synthetic_count).sum();
    assert_eq!(clean.len(), want);
    assert!(flaky == clean, "the records differ from a clean export");
    assert!(summary.contains("retries"), "{summary}");
}

#[test]
fn not_found_candidates_are_listed_written_to_failed_and_exit_3() {
    let sb = sandbox(|_| {});
    let home = Home::new();
    let dir = home.dir.path();
    let file = write(dir, "codes.txt", "C1002\nNOPE-1\nC1003\nNOPE-2\n");
    let out_file = dir.join("subs.ndjson");
    let failed = dir.join("failed.txt");
    let out = sb
        .cmd(&home)
        .args(["-v", "export", "submissions", "--candidates"])
        .arg(&file)
        .arg("--out")
        .arg(&out_file)
        .arg("--failed")
        .arg(&failed)
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("2 not found: NOPE-"), "{err}");
    assert!(err.contains("NOPE-1") && err.contains("NOPE-2"), "{err}");
    assert!(!err.contains(KEY), "the API key leaked into stderr");
    let listed: HashSet<String> = std::fs::read_to_string(&failed)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        listed,
        HashSet::from(["NOPE-1".to_string(), "NOPE-2".to_string()])
    );
    // The others are complete in the final file (not-found is final: nothing to resume).
    let records = ndjson(&std::fs::read_to_string(&out_file).unwrap());
    assert_eq!(records.len(), 6 + 3);
    assert!(!dir.join("subs.ndjson.partial").exists());
    assert!(!dir.join("subs.ndjson.progress").exists());

    // The --failed file is a --candidates file.
    let out = sb
        .cmd(&home)
        .args(["export", "submissions", "--candidates"])
        .arg(&failed)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(stdout_of(&out).is_empty());
}

#[test]
fn a_failing_candidate_keeps_the_partial_file_exit_7_and_resume_completes_it() {
    // C2 answers 503 until `healthy` is set; the others work.
    let healthy = Arc::new(AtomicBool::new(false));
    let h = healthy.clone();
    let s = stub(move |seen, _| {
        if seen.uri.contains("/C2/") && !h.load(Ordering::SeqCst) {
            return Reply::json(503, r#"{"error":"unavailable","message":"down for C2"}"#);
        }
        let code = seen.uri.split('/').nth(3).unwrap_or("?").to_string();
        Reply::json(
            200,
            &format!(
                r#"{{"collection":[{{"code":"{code}-a"}},{{"code":"{code}-b"}}],"pagination":{{"next_url":null}}}}"#
            ),
        )
    });
    let home = Home::new();
    let dir = home.dir.path();
    let file = write(dir, "codes.txt", "C1\nC2\nC3\n");
    let out_file = dir.join("out.ndjson");
    let run = |resume: bool| {
        let mut c = home.cmd();
        c.env("RECRUIT_BASE_URL", s.base())
            .env("RECRUIT_API_KEY", KEY)
            .args(["--retries", "0", "export", "submissions", "--candidates"])
            .arg(&file)
            .arg("--out")
            .arg(&out_file);
        if resume {
            c.arg("--resume");
        }
        c.output().unwrap()
    };
    let out = run(false);
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(7), "{err}");
    assert!(err.contains("1 failed (1 network): C2 (network: "), "{err}");
    assert!(err.contains("--resume"), "{err}");
    // Retried once at the candidate level: two requests for C2.
    let c2 = s.seen().iter().filter(|x| x.uri.contains("/C2/")).count();
    assert_eq!(c2, 2);
    assert!(
        !out_file.exists(),
        "an incomplete export must not look complete"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("out.ndjson.partial"))
            .unwrap()
            .lines()
            .count(),
        4
    );

    healthy.store(true, Ordering::SeqCst);
    let before = s.seen().len();
    let out = run(true);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    // Only C2 was asked again.
    let again: Vec<String> = s.seen()[before..].iter().map(|x| x.uri.clone()).collect();
    assert_eq!(again.len(), 1, "{again:?}");
    let mut codes: Vec<String> = ndjson(&std::fs::read_to_string(&out_file).unwrap())
        .iter()
        .map(|r| r["code"].as_str().unwrap().to_string())
        .collect();
    codes.sort();
    assert_eq!(codes, ["C1-a", "C1-b", "C2-a", "C2-b", "C3-a", "C3-b"]);
    assert!(!dir.join("out.ndjson.partial").exists());
    assert!(!dir.join("out.ndjson.progress").exists());
}

#[test]
fn a_next_url_on_another_origin_is_asked_of_the_base_url_with_the_key_kept_home() {
    let s = stub(|seen, _| {
        if seen.uri.contains("page_token=p2") {
            return Reply::json(
                200,
                r#"{"collection":[{"code":"F2"}],"pagination":{"next_url":null}}"#,
            );
        }
        Reply::json(
            200,
            r#"{"collection":[{"code":"F1"}],"pagination":{"next_url":"http://evil.invalid:9/v1/candidates/C1/form_submissions?per=100&page_token=p2"}}"#,
        )
    });
    let home = Home::new();
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", s.base())
        .env("RECRUIT_API_KEY", KEY)
        .args(["export", "submissions", "--candidates", "-"])
        .write_stdin("C1\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let codes: Vec<String> = ndjson(&stdout_of(&out))
        .iter()
        .map(|r| r["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes, ["F1", "F2"]);
    let seen = s.seen();
    assert_eq!(seen.len(), 2);
    assert!(seen[1]
        .uri
        .starts_with("/v1/candidates/C1/form_submissions?"));
    assert!(seen[1].uri.contains("page_token=p2"), "{}", seen[1].uri);
}

/// Candidates the journal records as done (a commit may cover several: the writer commits
/// every candidate that became contiguous at once).
fn commits(journal: &Path) -> usize {
    std::fs::read_to_string(journal)
        .map(|t| {
            t.lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter_map(|v| v["done"].as_array().map(|d| d.len()))
                .sum()
        })
        .unwrap_or(0)
}

fn wait_for_commits(journal: &Path, n: usize, child: &mut std::process::Child) {
    let until = Instant::now() + Duration::from_secs(60);
    while commits(journal) < n {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the export ended before it could be interrupted"
        );
        assert!(Instant::now() < until, "no progress");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Each candidate's submissions exactly once: (candidate_code, code) unique, counts as generated.
fn assert_every_record_once(records: &[Value], n: usize) {
    let mut seen = HashSet::new();
    let mut per: HashMap<String, usize> = HashMap::new();
    for r in records {
        assert_eq!(first_key(r), "candidate_code");
        let c = r["candidate_code"].as_str().unwrap().to_string();
        let code = r["code"].as_str().unwrap().to_string();
        assert!(
            seen.insert((c.clone(), code)),
            "a record appears twice: {r}"
        );
        *per.entry(c).or_default() += 1;
    }
    for i in 1..=n {
        assert_eq!(
            per.get(&synthetic(i)).copied(),
            Some(synthetic_count(i)),
            "{i}"
        );
    }
    assert_eq!(per.len(), n);
}

#[test]
fn kill_9_midway_then_resume_holds_every_record_exactly_once() {
    let n = 160;
    let sb = sandbox(|o| {
        o.synthetic_candidates = n;
        o.faults.latency = Duration::from_millis(25);
    });
    let home = Home::new();
    let dir = home.dir.path();
    let codes: Vec<String> = (1..=n).map(synthetic).collect();
    let file = write(dir, "codes.txt", &codes.join("\n"));
    let out_file = dir.join("subs.ndjson");
    let journal = dir.join("subs.ndjson.progress");
    let args = [
        "export",
        "submissions",
        "--concurrency",
        "2",
        "--candidates",
        file.to_str().unwrap(),
        "--out",
        out_file.to_str().unwrap(),
    ];
    let mut child = sb
        .spawn_cmd(&home, &args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_commits(&journal, 15, &mut child);
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert!(
        !out_file.exists(),
        "no final file before the export is complete"
    );
    assert!(dir.join("subs.ndjson.partial").exists());

    // Without --resume, the unfinished export is not silently overwritten.
    let out = sb.cmd(&home).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("--resume"));

    // Resumed with more workers: the concurrency is not part of what must match.
    let mut resume_args = args.to_vec();
    resume_args[3] = "8";
    resume_args.push("--resume");
    let out = sb
        .cmd(&home)
        .args(&resume_args)
        .timeout(Duration::from_secs(90))
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("in an earlier run"), "{err}");
    let records = ndjson(&std::fs::read_to_string(&out_file).unwrap());
    assert_every_record_once(&records, n);
    assert!(!dir.join("subs.ndjson.partial").exists());
    assert!(!journal.exists());
}

#[test]
fn ctrl_c_stops_cleanly_and_resume_completes_a_json_array() {
    let n = 120;
    let sb = sandbox(|o| {
        o.synthetic_candidates = n;
        o.faults.latency = Duration::from_millis(25);
    });
    let home = Home::new();
    let dir = home.dir.path();
    let codes: Vec<String> = (1..=n).map(synthetic).collect();
    let file = write(dir, "codes.txt", &codes.join("\n"));
    let out_file = dir.join("subs.json");
    let journal = dir.join("subs.json.progress");
    let args = [
        "-o",
        "json",
        "export",
        "submissions",
        "--concurrency",
        "2",
        "--candidates",
        file.to_str().unwrap(),
        "--out",
        out_file.to_str().unwrap(),
    ];
    let mut child = sb
        .spawn_cmd(&home, &args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_commits(&journal, 10, &mut child);
    send_signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("--resume"), "{err}");
    assert!(!out_file.exists());

    // Resuming with another format is refused: the journal records the arguments.
    let mut other = args.to_vec();
    other[1] = "ndjson";
    other.push("--resume");
    let out = sb.cmd(&home).args(&other).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));

    let mut resume_args = args.to_vec();
    resume_args.push("--resume");
    let out = sb
        .cmd(&home)
        .args(&resume_args)
        .timeout(Duration::from_secs(90))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let array: Vec<Value> =
        serde_json::from_slice(&std::fs::read(&out_file).unwrap()).expect("one valid JSON array");
    assert_every_record_once(&array, n);
}

#[test]
fn export_forms_in_list_order_with_questions() {
    let sb = sandbox(|_| {});
    let home = Home::new();
    let list = ndjson(&stdout_of(
        &sb.cmd(&home)
            .args(["forms", "list", "--all", "-o", "ndjson"])
            .output()
            .unwrap(),
    ));
    assert_eq!(list.len(), 26, "every page of the demo forms");

    let out = sb.cmd(&home).args(["export", "forms"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(ndjson(&stdout_of(&out)), list);

    let out = sb
        .cmd(&home)
        .args(["-o", "json", "export", "forms", "--with-questions"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let details: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let order: Vec<&Value> = details.iter().map(|d| &d["code"]).collect();
    let want: Vec<&Value> = list.iter().map(|d| &d["code"]).collect();
    assert_eq!(order, want, "list order kept");
    assert!(details.iter().all(|d| d["questions"].is_array()));
    let one: Value = serde_json::from_slice(
        &sb.cmd(&home)
            .args(["-o", "json", "forms", "get", "FORM-ALLKINDS"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let got = details
        .iter()
        .find(|d| d["code"] == "FORM-ALLKINDS")
        .unwrap();
    assert_eq!(got, &one["resource"]);
}

#[test]
fn bad_usage_is_exit_2_with_a_reason() {
    let sb = sandbox(|_| {});
    let home = Home::new();
    let file = write(home.dir.path(), "codes.txt", "C1001\n");
    let f = file.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["-o", "table", "export", "submissions", "--candidates", f],
            "table",
        ),
        (&["export", "memos", "--candidates", f, "--resume"], "--out"),
        (
            &[
                "-o",
                "csv",
                "--jq",
                ".code",
                "export",
                "submissions",
                "--candidates",
                f,
            ],
            "--jq",
        ),
        (
            &[
                "--jq",
                ".code |",
                "export",
                "submissions",
                "--candidates",
                f,
            ],
            "--jq",
        ),
        (
            &[
                "export",
                "submissions",
                "--candidates",
                f,
                "--concurrency",
                "0",
            ],
            "concurrency",
        ),
        (
            &[
                "export",
                "submissions",
                "--candidates",
                f,
                "--concurrency",
                "65",
            ],
            "concurrency",
        ),
        (
            &[
                "export",
                "submissions",
                "--candidates",
                "/nonexistent/codes.txt",
            ],
            "codes.txt",
        ),
    ];
    let answered = || sb.sb.admin_value("/_sandbox/stats")["answered"].clone();
    let before = answered();
    for (args, says) in cases {
        let out = sb.cmd(&home).args(*args).output().unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        // One line that names the problem, and nothing else (no report of a crash, no
        // summary of an export that never started) but clap's pointer to --help.
        let said: Vec<&str> = err
            .lines()
            .filter(|l| !l.is_empty() && *l != "For more information, try '--help'.")
            .collect();
        assert_eq!(said.len(), 1, "{args:?}: {err}");
        assert!(said[0].starts_with("error: "), "{args:?}: {err}");
        assert!(said[0].contains(says), "{args:?}: {err}");
        assert_eq!(stdout_of(&out), "", "{args:?}");
    }
    assert_eq!(answered(), before, "bad usage sends no request");
    for sub in ["submissions", "memos", "forms"] {
        let out = sb
            .cmd(&home)
            .args(["export", sub, "--help"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert!(stdout_of(&out).contains("Examples:"), "{sub}");
    }
}

/// `--bom` on a CSV export to a file: one byte-order mark at the start, kept through a resume
/// (which appends to the partial file and never writes a second one), the header once.
#[test]
fn a_resumed_csv_export_keeps_one_bom() {
    let healthy = Arc::new(AtomicBool::new(false));
    let h = healthy.clone();
    let s = stub(move |seen, _| {
        if seen.uri.contains("/C2/") && !h.load(Ordering::SeqCst) {
            return Reply::json(503, r#"{"error":"unavailable","message":"down for C2"}"#);
        }
        let code = seen.uri.split('/').nth(3).unwrap_or("?").to_string();
        Reply::json(
            200,
            &format!(
                r#"{{"collection":[{{"code":"{code}-a","form_title":"사전 질문"}}],"pagination":{{"next_url":null}}}}"#
            ),
        )
    });
    let home = Home::new();
    let dir = home.dir.path();
    let file = write(dir, "codes.txt", "C1\nC2\nC3\n");
    let out_file = dir.join("out.csv");
    let run = |resume: bool| {
        let mut c = home.cmd();
        c.env("RECRUIT_BASE_URL", s.base())
            .env("RECRUIT_API_KEY", KEY)
            .args([
                "--retries",
                "0",
                "-o",
                "csv",
                "--bom",
                "export",
                "submissions",
            ])
            .arg("--candidates")
            .arg(&file)
            .arg("--out")
            .arg(&out_file);
        if resume {
            c.arg("--resume");
        }
        c.output().unwrap()
    };
    let out = run(false);
    assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
    let partial = std::fs::read(dir.join("out.csv.partial")).unwrap();
    assert!(
        partial.starts_with(b"\xEF\xBB\xBFcandidate_code,"),
        "{partial:?}"
    );
    healthy.store(true, Ordering::SeqCst);
    let out = run(true);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let done = std::fs::read(&out_file).unwrap();
    assert!(done.starts_with(b"\xEF\xBB\xBFcandidate_code,"));
    assert_eq!(done.windows(3).filter(|w| *w == b"\xEF\xBB\xBF").count(), 1);
    let text = String::from_utf8(done[3..].to_vec()).unwrap();
    assert_eq!(text.matches("candidate_code,").count(), 1, "{text}");
    assert_eq!(
        text.lines().count(),
        4,
        "a header and three candidates: {text}"
    );
    assert!(
        text.contains("C2,C2-a,") && text.contains("사전 질문"),
        "{text}"
    );
}

/// An export whose output cannot be written (a full device, as `--out` or as stdout) says so
/// and exits 1, and never first says "exported 1 candidate ... to /dev/full" (it did).
#[test]
fn an_export_to_a_full_device_fails_without_claiming_it_exported() {
    let sb = sandbox(|_| {});
    let home = Home::new();
    let list = write(home.dir.path(), "codes.txt", "C1001\nC1002\n");
    let list = list.to_str().unwrap();
    let cases: [(&[&str], bool); 4] = [
        (
            &[
                "export",
                "memos",
                "--candidates",
                list,
                "--out",
                "/dev/full",
            ],
            false,
        ),
        (&["export", "candidates", "--out", "/dev/full"], false),
        (&["export", "forms", "--out", "/dev/full"], false),
        (&["export", "submissions", "--candidates", list], true),
    ];
    for (args, to_stdout) in cases {
        let mut cmd = sb.spawn_cmd(&home, args);
        if to_stdout {
            cmd.stdout(std::fs::File::create("/dev/full").unwrap());
        }
        let out = cmd.stderr(Stdio::piped()).output().unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("exported"), "{args:?}: {err}");
        let dest = if to_stdout {
            "standard output"
        } else {
            "/dev/full"
        };
        assert!(
            err.contains(&format!("cannot write to {dest}")),
            "{args:?}: {err}"
        );
    }
}
