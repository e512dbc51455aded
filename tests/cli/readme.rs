//! The README cannot go stale: every `$ ` command in its ```console blocks runs here, in order,
//! in one bash session against the sandbox (RECRUIT_SANDBOX=1), with the exit code it documents
//! (0 unless the line ends in `# exit N`; `# runs until Ctrl-C` must still be running after 3 s)
//! and the output its text describes ([`checks`]: one for every command, so a command added to
//! the README without one fails here). A `--port N` runs as `--port 0` and the closed port of the
//! trigger example is a freshly freed one: the test binds no fixed port.

use std::path::Path;

use serde_json::Value;

use crate::common::*;

/// What a command printed, and where it ran.
struct Ran<'a> {
    stdout: &'a str,
    stderr: &'a str,
    work: &'a Path,
}

impl Ran<'_> {
    fn json(&self) -> Result<Value, String> {
        serde_json::from_str(self.stdout).map_err(|e| format!("stdout is not JSON ({e})"))
    }

    fn file(&self, name: &str) -> Result<String, String> {
        std::fs::read_to_string(self.work.join(name)).map_err(|e| format!("{name}: {e}"))
    }

    /// Nothing on stdout (it went to a file or a variable), and `says` on stderr.
    fn quiet_saying(&self, says: &str) -> Result<(), String> {
        ensure(self.stdout.is_empty(), "stdout should be empty")?;
        ensure(
            self.stderr.contains(says),
            &format!("stderr should say '{says}'"),
        )
    }

    /// `exported N candidates, R records to FILE`, and FILE holds R records in `format`.
    fn exported(&self, n: usize, file: &str, format: &str) -> Result<Vec<Value>, String> {
        let first = self.stderr.lines().next().unwrap_or("");
        // Under -o json/ndjson the summary is a JSON note (stderr is read by a program).
        let note = serde_json::from_str::<Value>(first).ok();
        let line = match note.as_ref().and_then(|v| v["note"].as_str()) {
            Some(text) => text,
            None => first,
        };
        let prefix = format!("exported {n} candidates, ");
        let rest = line
            .strip_prefix(&prefix)
            .ok_or(format!("stderr should start with '{prefix}'"))?;
        let (records, to) = rest.split_once(" records to ").ok_or("no record count")?;
        let records: usize = records.parse().map_err(|_| "a record count")?;
        ensure(to.starts_with(&format!("{file} in ")), "the file named")?;
        let text = self.file(file)?;
        let rows: Vec<Value> = match format {
            "ndjson" => text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect(),
            "json" => serde_json::from_str::<Vec<Value>>(&text).map_err(|e| e.to_string())?,
            _ => csv::Reader::from_reader(text.as_bytes())
                .records()
                .map(|r| Value::from(r.unwrap().iter().collect::<Vec<_>>()))
                .collect(),
        };
        ensure(
            rows.len() == records,
            &format!("{file} holds {} records", rows.len()),
        )?;
        Ok(rows)
    }
}

fn ensure(ok: bool, what: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(what.to_string())
    }
}

type Check = fn(&Ran) -> Result<(), String>;

/// What each command's output must show, by a part of its text that names it alone: what the
/// README shows or says about it (JSON here, as stdout is a file).
fn checks() -> Vec<(&'static str, Check)> {
    vec![
        ("recruit config set base_url", |r| {
            r.quiet_saying("Set base_url = https://api.example.com/v1 in profile 'default' (")
        }),
        ("auth login --with-token", |r| {
            r.quiet_saying("Stored the API key ••••0000 for profile 'default' in the OS keyring")?;
            ensure(
                !r.stderr.contains("readme-token-0000"),
                "the key is never shown",
            )
        }),
        ("recruit auth status", |r| {
            let v = r.json()?;
            ensure(v["profile"] == "default", "the profile")?;
            ensure(
                v["api_key"].as_str().is_some_and(|k| k.starts_with("••••")),
                "a redacted key",
            )?;
            ensure(
                v["base_url_source"].is_string() && v["key_source"].is_string(),
                "sources",
            )?;
            ensure(v["key_works"] == true, "whether the key works")
        }),
        ("--profile work config set base_url", |r| {
            r.quiet_saying("Set base_url = https://api.example.com/v1 in profile 'work' (")
        }),
        ("config set api_key_command", |r| {
            r.quiet_saying("Set api_key_command = echo $RECRUIT_TOKEN in profile 'work' (")
        }),
        ("--profile work config list", |r| {
            let v = r.json()?;
            ensure(v["profile"] == "work", "the profile")?;
            let base = &v["effective"]["base_url"];
            ensure(
                base["value"] == "https://api.example.com/v1",
                "the base URL",
            )?;
            ensure(base["source"] == "config file", "where it comes from")
        }),
        ("--reason 'reference call' candidates get C1006", |r| {
            ensure(r.json()?["resource"]["code"] == "C1006", "the candidate")
        }),
        ("recruit audit list --candidate C1006", |r| {
            let v = r.json()?;
            let last = v.as_array().and_then(|a| a.last()).ok_or("no record")?;
            ensure(last["reason"] == "reference call", "the reason")?;
            ensure(last["via"] == "cli", "via cli")?;
            ensure(last["candidates"] == serde_json::json!(["C1006"]), "whose")?;
            ensure(
                last["fields"]
                    .as_array()
                    .is_some_and(|f| f.iter().any(|x| x == "name")),
                "the fields shown",
            )
        }),
        ("recruit audit verify", |r| {
            let v = r.json()?;
            ensure(
                v["intact"] == true && v["broken"].is_null(),
                "an intact chain",
            )?;
            ensure(v["records"].as_u64().is_some_and(|n| n > 1), "records")
        }),
        ("privacy erase C1006 --yes", |r| {
            let v = r.json()?;
            let c = v["candidates"]
                .as_array()
                .and_then(|a| a.iter().find(|c| c["candidate"] == "C1006"))
                .ok_or("C1006 not erased")?;
            ensure(
                c["stores"]
                    .as_array()
                    .is_some_and(|s| s.iter().any(|x| x == "mirror")),
                "erased from the mirror",
            )
        }),
        ("recruit privacy register", |r| {
            let v = r.json()?;
            let row = v
                .as_array()
                .and_then(|a| a.iter().find(|x| x["candidate"] == "C1006"))
                .ok_or("no register row")?;
            ensure(
                row["reason"] == "applicant asked, ticket 4411",
                "the reason",
            )
        }),
        ("recruit sync\n", |r| {
            let v = r.json()?;
            ensure(v["status"] == "complete", "a complete run")?;
            let c = &v["candidates"];
            ensure(
                c["listed"] == c["list_total"] && c["new"] == c["listed"],
                "every candidate of the list, new on the first run",
            )?;
            ensure(v["forms"]["listed"] == 26, "the sandbox's forms")
        }),
        ("recruit sync status", |r| {
            let v = r.json()?;
            ensure(
                v["runs"].as_array().is_some_and(|r| !r.is_empty()),
                "the runs",
            )?;
            ensure(
                v["rows"]["candidates"].as_u64().is_some_and(|n| n > 0),
                "rows per table",
            )
        }),
        ("recruit sync --stage interview --stage offer", |r| {
            let v = r.json()?;
            ensure(v["status"] == "complete", "a complete run")?;
            ensure(
                v["candidates"]["fetched"].as_u64() < v["candidates"]["listed"].as_u64(),
                "only what changed, in those stages, fetched again",
            )
        }),
        (
            "recruit sync purge --stage fail --older-than 30d --dry-run",
            |r| {
                let v = r.json()?;
                ensure(v["purged"] == 0, "a dry run purges nothing")?;
                ensure(v["would_purge"].is_u64(), "what it would purge")
            },
        ),
        ("recruit config path", |r| {
            ensure(
                r.stdout.trim_end().ends_with("/config/config.toml"),
                "the config file",
            )
        }),
        ("recruit forms list\n", |r| {
            ensure(
                r.json()?["collection"].as_array().map(Vec::len) == Some(20),
                "a page of 20",
            )?;
            ensure(
                r.stderr == "showing 20 of 26; --all for every page, --limit N for fewer\n",
                "the note",
            )
        }),
        ("forms list --title engineer", |r| {
            let v = r.json()?;
            let titles: Vec<&str> = v["collection"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|f| f["title"].as_str())
                .collect();
            ensure(!titles.is_empty(), "some forms")?;
            ensure(
                titles.iter().all(|t| t.to_lowercase().contains("engineer")),
                "only engineers",
            )
        }),
        ("submissions list C1002 --answers", |r| {
            ensure(r.stdout.contains("QUESTION"), "a question column")?;
            ensure(
                r.stdout.contains("Reference check for Lee Seo-yeon"),
                "each submission's form",
            )?;
            ensure(r.stdout.contains("Yes, definitely"), "the answers in words")
        }),
        ("--lang ko memos pin", |r| {
            ensure(
                r.stdout.contains("지원자 C1001의 메모 101"),
                "a sentence in Korean",
            )
        }),
        ("--bom > candidates-excel.csv", |r| {
            let bytes = std::fs::read(r.work.join("candidates-excel.csv"))
                .map_err(|e| format!("candidates-excel.csv: {e}"))?;
            ensure(
                bytes.starts_with(b"\xEF\xBB\xBFcode,"),
                "a BOM, then the header",
            )
        }),
        ("[.code, .name, .feedback_score] | @csv'", |r| {
            ensure(
                r.stdout.starts_with("\"C1001\",\"Kim Min-jun\",84\n"),
                "one CSV line per candidate, as jq writes it",
            )
        }),
        ("@sh \"open-cv", |r| {
            ensure(
                r.stdout == "open-cv 'C1001' 'Kim Min-jun'\n",
                "each value quoted for the shell",
            )
        }),
        ("--encoding cp949 > candidates-cp949.csv", |r| {
            let bytes = std::fs::read(r.work.join("candidates-cp949.csv"))
                .map_err(|e| format!("candidates-cp949.csv: {e}"))?;
            let (text, _, bad) = encoding_rs::EUC_KR.decode(&bytes);
            ensure(!bad && bytes.starts_with(b"code,"), "CP949, no BOM")?;
            ensure(text.contains(",김지우,"), "Korean names read back")
        }),
        ("> forms.csv", |r| {
            ensure(r.stdout.is_empty(), "into the file")?;
            ensure(
                r.file("forms.csv")?.starts_with("code,title,end_at\n"),
                "the chosen columns",
            )
        }),
        ("recruit forms get FORM-1001", |r| {
            let v = r.json()?;
            ensure(v["resource"]["code"] == "FORM-1001", "the form")?;
            ensure(
                v["resource"]["questions"]
                    .as_array()
                    .is_some_and(|q| !q.is_empty()),
                "its questions",
            )
        }),
        ("forms get FORM-ALLKINDS --jq", |r| {
            let lines: Vec<&str> = r.stdout.lines().collect();
            ensure(lines.len() > 20, "one line per question")?;
            ensure(lines[0] == "1 name Full name", "order, kind and title")
        }),
        ("recruit candidates list\n", |r| {
            ensure(
                r.json()?["collection"].as_array().map(Vec::len) == Some(20),
                "a page of 20",
            )?;
            ensure(r.stderr.starts_with("showing 20 of 23;"), "the note")
        }),
        ("candidates list --stage interview", |r| {
            let v = r.json()?;
            let kinds: Vec<&Value> = v["collection"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| &c["job_stage"]["stage_kind"])
                .collect();
            ensure(
                !kinds.is_empty() && kinds.iter().all(|k| *k == "interview"),
                "only interviews",
            )
        }),
        ("> applied.csv", |r| {
            let text = r.file("applied.csv")?;
            ensure(
                text.starts_with("code,name,email,job.title,applied_at\n"),
                "the columns",
            )?;
            ensure(text.lines().count() > 1, "rows")
        }),
        ("recruit candidates get C1001", |r| {
            let c = r.json()?["resource"].clone();
            ensure(c["code"] == "C1001", "the candidate")?;
            ensure(
                c.get("desired_salary").is_some() && c["job_stage"].is_object(),
                "salary and stage",
            )
        }),
        ("jobs list --title 개발", |r| {
            let v = r.json()?;
            let jobs = v["collection"].as_array().unwrap();
            ensure(
                !jobs.is_empty() && jobs.iter().all(|j| j.to_string().contains("개발")),
                "jobs titled 개발",
            )
        }),
        ("evaluations get EV-1001", |r| {
            let e = r.json()?["resource"].clone();
            ensure(
                e["code"] == "EV-1001" && e["member_scores"].is_array(),
                "each evaluator's score",
            )
        }),
        ("interviews get IV-1001", |r| {
            let i = r.json()?["resource"].clone();
            ensure(
                i["code"] == "IV-1001" && i["schedule"].is_object(),
                "the schedule",
            )
        }),
        (
            "--stage interview -o csv --out interview-answers.csv",
            |r| {
                r.exported(5, "interview-answers.csv", "csv")?;
                ensure(
                    r.file("interview-answers.csv")?
                        .starts_with("candidate_code,"),
                    "candidate_code first",
                )
            },
        ),
        ("--stage offer --out offer-memos.ndjson", |r| {
            r.exported(3, "offer-memos.ndjson", "ndjson").map(drop)
        }),
        ("--stage applied --detail --out applied.ndjson", |r| {
            let rows = r.exported(6, "applied.ndjson", "ndjson")?;
            ensure(
                rows.iter()
                    .all(|c| c.get("desired_salary").is_some() && c.get("expected_fee").is_some()),
                "details",
            )
        }),
        ("> new-applicants.txt", |r| {
            let codes = r.file("new-applicants.txt")?;
            ensure(
                !codes.is_empty() && codes.lines().all(|c| c.starts_with('C')),
                "candidate codes",
            )
        }),
        ("--candidates new-applicants.txt", |r| {
            let wanted = r.file("new-applicants.txt")?;
            let rows = r.exported(wanted.lines().count(), "new-answers.ndjson", "ndjson")?;
            ensure(
                rows.iter()
                    .all(|s| wanted.lines().any(|c| s["candidate_code"] == c)),
                "theirs only",
            )
        }),
        ("recruit memos list C1001", |r| {
            let v = r.json()?;
            let first = &v["collection"][0];
            ensure(
                first["id"] == 101 && first["replies"].is_array(),
                "memos with their replies",
            )
        }),
        ("recruit memos get C1001 101", |r| {
            ensure(r.json()?["resource"]["id"] == 101, "memo 101")
        }),
        ("id=$(recruit memos create", |r| {
            ensure(
                r.stdout.is_empty() && r.stderr.is_empty(),
                "the id went to $id",
            )
        }),
        ("--reply-to \"$id\"", |r| {
            let m = r.json()?["resource"].clone();
            ensure(
                m["parent_id"].is_u64() && m["mentions"] == serde_json::json!(["U1002"]),
                "a reply with a mention",
            )
        }),
        ("recruit memos edit C1001", |r| {
            ensure(
                r.json()?["resource"]["content"]
                    == "Phone screen done; strong on systems design and Rust",
                "the new text",
            )
        }),
        ("recruit memos pin C1001", |r| {
            ensure(r.json()?["resource"]["pinned"] == true, "pinned")
        }),
        ("recruit memos unpin C1001", |r| {
            ensure(r.json()?["resource"]["pinned"] == false, "unpinned")
        }),
        ("| recruit memos create C1001 --content -", |r| {
            ensure(
                r.json()?["resource"]["content"] == "Offer approved by finance",
                "the text from stdin",
            )
        }),
        ("recruit memos delete C1001", |r| {
            ensure(
                r.json()?["resource"]["content"]
                    == "Phone screen done; strong on systems design and Rust",
                "the memo deleted",
            )
        }),
        ("recruit submissions list C1001\n", |r| {
            ensure(
                r.json()?["collection"].as_array().map(Vec::len) == Some(20),
                "a page of 20",
            )?;
            ensure(r.stderr.starts_with("showing 20 of 45;"), "the note")
        }),
        ("> c1001.ndjson", |r| {
            ensure(
                r.file("c1001.ndjson")?.lines().count() == 45,
                "every submission",
            )
        }),
        ("select(.kind == \"reference_check\")] | length", |r| {
            let all = r.file("c1001.ndjson")?;
            let n = all
                .lines()
                .filter(|l| l.contains("\"kind\":\"reference_check\""))
                .count();
            ensure(
                r.stdout == format!("{n}\n"),
                "the number of reference checks",
            )
        }),
        ("cat > answers.json", |r| {
            ensure(
                r.file("answers.json")?.contains("Jamie Lee"),
                "the answers file",
            )
        }),
        ("--answers answers.json --dry-run", |r| {
            let body = r.json()?["body"].clone();
            ensure(
                body["privacy"] == true
                    && body["questions"].as_array().is_some_and(|q| q.len() == 5),
                "the body",
            )?;
            ensure(
                r.stderr.contains("dry run: nothing was sent"),
                "nothing sent",
            )
        }),
        ("--answers answers.json --yes", |r| {
            let a = r.json()?["resource"].clone();
            ensure(
                a["name"] == "Jamie Lee" && a["code"].is_string(),
                "the application",
            )
        }),
        ("> cv.txt", |r| {
            ensure(r.file("cv.txt")?.starts_with("Jamie Lee\n"), "the file")
        }),
        ("recruit files upload cv.txt", |r| {
            let path = r.stdout.trim_end();
            ensure(
                path.starts_with("/upload/") && path.ends_with("/cv.txt"),
                "the path to answer with",
            )
        }),
        ("> candidates.txt", |r| {
            ensure(
                r.file("candidates.txt")?.starts_with("# shortlist\n"),
                "the file",
            )
        }),
        (
            "--candidates candidates.txt --out submissions.ndjson",
            |r| r.exported(3, "submissions.ndjson", "ndjson").map(drop),
        ),
        ("-o csv --out submissions.csv", |r| {
            r.exported(3, "submissions.csv", "csv").map(drop)
        }),
        ("-o json --out memos.json", |r| {
            r.exported(3, "memos.json", "json").map(drop)
        }),
        ("export forms --with-questions", |r| {
            ensure(
                r.stderr.starts_with("exported 26 forms to forms.ndjson"),
                "26 forms",
            )?;
            let forms = r.file("forms.ndjson")?;
            ensure(
                forms.lines().count() == 26 && forms.lines().all(|l| l.contains("\"questions\":")),
                "with questions",
            )
        }),
        ("@tsv", |r| {
            let subs = r.file("submissions.ndjson")?;
            let n = subs
                .lines()
                .filter(|l| l.contains("\"kind\":\"reference_check\""))
                .count();
            let rows: Vec<Vec<&str>> = r.stdout.lines().map(|l| l.split('\t').collect()).collect();
            ensure(
                rows.len() == n
                    && rows
                        .iter()
                        .all(|c| c.len() == 3 && c[0].starts_with("C100")),
                "code, submission, time",
            )
        }),
        ("group_by(.candidate_code)", |r| {
            let v = r.json()?;
            ensure(
                v == serde_json::json!([{"candidate": "C1001", "submissions": 45}, {"candidate": "C1002", "submissions": 6}, {"candidate": "C1003", "submissions": 3}]),
                "per candidate",
            )
        }),
        ("--jq 'select(.kind == \"message\") | .form_title'", |r| {
            let n = r.stdout.lines().count();
            ensure(n > 0 && !r.stdout.contains('{'), "titles only")?;
            ensure(
                r.stderr.starts_with(&format!(
                    "exported 3 candidates, {n} records to standard output"
                )),
                "the summary",
            )
        }),
        ("recruit webhooks create", |r| {
            let w = r.json()?["resource"].clone();
            ensure(
                w["callback_url"] == "https://hooks.example.com/recruit",
                "the address",
            )?;
            ensure(
                w["events"] == serde_json::json!(["candidate_stage_changed", "form_submitted"]),
                "the events",
            )
        }),
        ("recruit webhooks list\n", |r| {
            ensure(
                r.json()?["collection"]
                    .as_array()
                    .is_some_and(|w| w.iter().any(|w| w["code"] == "WH10000001")),
                "the webhooks",
            )
        }),
        ("recruit webhooks get WH10000001", |r| {
            ensure(r.json()?["resource"]["code"] == "WH10000001", "the webhook")
        }),
        ("edit WH10000001 --inactive", |r| {
            ensure(r.json()?["resource"]["active"] == false, "inactive")
        }),
        ("recruit webhooks listen", |r| {
            ensure(
                r.stderr.starts_with("listening on http://127.0.0.1:"),
                "where it listens",
            )?;
            // The target by its one shown name (its address may hold a secret).
            let name = recruit::redact::target_name("http://127.0.0.1:3000/webhooks");
            ensure(
                r.stderr.contains(&format!("forwarding events to {name}")),
                "where it forwards",
            )
        }),
        ("> event.json", |r| {
            ensure(
                r.file("event.json")? == r#"{"action":"candidate_pass"}"#,
                "the payload",
            )
        }),
        ("--signing-key whsec_test", |r| {
            ensure(
                r.stdout
                    .starts_with("valid (signed at 2023-11-14T22:13:20Z"),
                "valid, with when",
            )
        }),
        ("--signing-key whsec_other", |r| {
            ensure(
                r.stderr
                    .starts_with("error: signature invalid: no matching signature"),
                "why not",
            )
        }),
        ("recruit webhooks trigger", |r| {
            ensure(
                r.stderr.starts_with("sending candidate_pass ("),
                "what it sends",
            )?;
            ensure(
                r.stderr.contains("attempt 3/3"),
                "every attempt of the schedule",
            )
        }),
        ("recruit sandbox --port", |r| {
            ensure(
                r.stdout.starts_with("base_url: http://127.0.0.1:"),
                "the address",
            )?;
            ensure(r.stdout.contains("\napi_key: sandbox-key\n"), "the key")?;
            ensure(
                r.stderr
                    .starts_with("sandbox: serving on http://127.0.0.1:"),
                "serving",
            )
        }),
        ("sandbox move C3001 --stage review", |r| {
            ensure(r.json()?["resource"]["code"] == "C3001", "the candidate")?;
            ensure(
                r.stderr
                    .starts_with("Moved candidate C3001 to 서류 검토 (review)"),
                "where to",
            )
        }),
        ("sandbox move C3002 --stage review --at 2d", |r| {
            let at = r.json()?["resource"]["job_stage"]["created_at"]
                .as_str()
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
                .ok_or("no job_stage.created_at")?;
            let ago = chrono::Utc::now().signed_duration_since(at);
            ensure(
                ago > chrono::Duration::hours(47) && ago < chrono::Duration::hours(49),
                "the move dated two days back",
            )
        }),
        ("sandbox move C1004 --stage pass", |r| {
            ensure(
                r.stdout == "candidate_stage_changed\n",
                "the delivery's event",
            )
        }),
        ("api GET /v1/application_forms -f title=designer", |r| {
            let v = r.json()?;
            let forms = v["collection"].as_array().unwrap();
            ensure(
                !forms.is_empty()
                    && forms.iter().all(|f| {
                        f["title"]
                            .as_str()
                            .unwrap()
                            .to_lowercase()
                            .contains("designer")
                    }),
                "designers",
            )
        }),
        ("form_submissions --all -o ndjson --jq .code", |r| {
            let codes: Vec<String> = r
                .file("c1001.ndjson")?
                .lines()
                .map(|l| {
                    serde_json::from_str::<Value>(l).unwrap()["code"]
                        .as_str()
                        .unwrap()
                        .to_string()
                })
                .collect();
            ensure(
                r.stdout.lines().collect::<Vec<_>>() == codes,
                "every submission's code, in order",
            )
        }),
        ("api POST /v1/candidates/C1002/memos", |r| {
            ensure(r.stdout.starts_with("HTTP/1.1 200 OK\n"), "the status line")?;
            let (_, body) = r
                .stdout
                .split_once("\n\n")
                .ok_or("headers, then the body")?;
            let v: Value = serde_json::from_str(body).map_err(|e| e.to_string())?;
            ensure(
                v["resource"]["content"] == "Reference check sent",
                "the memo",
            )
        }),
        ("--max-rate 20", |r| {
            r.exported(3, "paced.ndjson", "ndjson")?;
            ensure(
                r.stderr.contains("paced at 20.0 req/s by --max-rate"),
                "the pace",
            )
        }),
    ]
}

#[derive(Debug)]
struct Step {
    text: String,
    expect: Option<i32>,
    long_running: bool,
}

fn steps(readme: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ ") else {
            continue;
        };
        let mut text = cmd.to_string();
        // A here-document runs until its terminator line.
        if let Some(at) = text.find("<<'") {
            let term: String = text[at + 3..].chars().take_while(|c| *c != '\'').collect();
            for more in lines.by_ref() {
                text.push('\n');
                text.push_str(more);
                if more == term {
                    break;
                }
            }
        }
        let long_running = text.contains("# runs until Ctrl-C");
        let expect = if long_running {
            None
        } else if let Some(at) = text.rfind("# exit ") {
            Some(
                text[at + 7..]
                    .trim()
                    .parse()
                    .expect("a number after '# exit'"),
            )
        } else {
            Some(0)
        };
        out.push(Step {
            text,
            expect,
            long_running,
        });
    }
    out
}

#[test]
fn every_readme_command_runs_as_documented() {
    assert!(
        std::process::Command::new("jq")
            .arg("--version")
            .output()
            .is_ok(),
        "the README's recipes use jq: install it (apt-get install jq)"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let steps = steps(&readme);
    assert!(
        steps.len() > 40,
        "found only {} commands in the README",
        steps.len()
    );
    let home = Home::new();
    let work = home.dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();

    // No fixed port: a listener asks for any free one, and the trigger example's closed
    // port is one that refuses.
    let (closed, _refusing) = refusing_port();
    let mut script = String::from("set -u\n");
    for (i, s) in steps.iter().enumerate() {
        let text = any_free_port(&s.text).replace("127.0.0.1:9/", &format!("127.0.0.1:{closed}/"));
        let body = if s.long_running {
            format!("timeout 3 {text}")
        } else {
            text
        };
        script.push_str(&format!(
            "{{\n{body}\n}} >.out.{i} 2>.err.{i} </dev/null\necho \"@@{i} $?\"\n"
        ));
    }
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_recruit"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = std::process::Command::new("bash");
    for (k, _) in std::env::vars() {
        if k.starts_with("RECRUIT_") || k == "NO_COLOR" {
            cmd.env_remove(k);
        }
    }
    // `auth login` stores the key in a keyring of the test's own (none under CI is a failure).
    let keyring = crate::common::keyring::Keyring::start("every_readme_command_runs_as_documented");
    let bus = match &keyring {
        Some(k) => k.address.clone(),
        None => format!("unix:path={}", home.dir.path().join("no-bus").display()),
    };
    let out = cmd
        .env("DBUS_SESSION_BUS_ADDRESS", bus)
        .env_remove("CREDENTIALS_DIRECTORY")
        .arg("-c")
        .arg(&script)
        .current_dir(&work)
        .env("PATH", path)
        .env("RECRUIT_SANDBOX", "1")
        .env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env("RECRUIT_TOKEN", "readme-token-0000")
        .env("TZ", "UTC")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut failures = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        let code: Option<i32> = stdout
            .lines()
            .find_map(|l| l.strip_prefix(&format!("@@{i} ")))
            .and_then(|c| c.trim().parse().ok());
        let want = if s.long_running { Some(124) } else { s.expect };
        if code != want {
            let o = std::fs::read_to_string(work.join(format!(".out.{i}"))).unwrap_or_default();
            let e = std::fs::read_to_string(work.join(format!(".err.{i}"))).unwrap_or_default();
            failures.push(format!(
                "$ {}\n  exit {code:?}, documented {want:?}\n  stdout: {o}\n  stderr: {e}",
                s.text
            ));
        }
    }
    // What each printed: every command has its check, and every check its command.
    let checks = checks();
    for (i, s) in steps.iter().enumerate() {
        let matching: Vec<&(&str, Check)> = checks
            .iter()
            .filter(|(key, _)| format!("{}\n", s.text).contains(key))
            .collect();
        if matching.len() != 1 {
            failures.push(format!(
                "$ {}\n  {} output checks name it: give each README command one (tests/cli/readme.rs)",
                s.text,
                matching.len()
            ));
            continue;
        }
        let o = std::fs::read_to_string(work.join(format!(".out.{i}"))).unwrap_or_default();
        let e = std::fs::read_to_string(work.join(format!(".err.{i}"))).unwrap_or_default();
        let ran = Ran {
            stdout: &o,
            stderr: &e,
            work: &work,
        };
        if let Err(why) = (matching[0].1)(&ran) {
            failures.push(format!(
                "$ {}\n  output not as documented: {why}\n  stdout: {o}\n  stderr: {e}",
                s.text
            ));
        }
    }
    for (key, _) in &checks {
        if !steps.iter().any(|s| format!("{}\n", s.text).contains(key)) {
            failures.push(format!("the check '{key}' names no README command"));
        }
    }
    assert!(
        failures.is_empty(),
        "README commands that don't behave as documented:\n{}",
        failures.join("\n")
    );

    // Spot checks of what the commands wrote.
    let read =
        |f: &str| std::fs::read_to_string(work.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert!(read("forms.csv").starts_with("code,title,end_at\n"));
    assert_eq!(
        read("forms.csv").lines().count(),
        27,
        "26 forms and a header"
    );
    let first = read(".out.0");
    assert!(first.is_empty() || first.contains("export"), "{first}");
    let nd = read("c1001.ndjson");
    assert_eq!(nd.lines().count(), 45);
    let subs = read("submissions.ndjson");
    assert!(
        subs.lines().all(|l| l.starts_with("{\"candidate_code\":")),
        "{subs}"
    );
    assert_eq!(
        subs.lines().count(),
        45 + 6 + 3,
        "C1001, C1002 and C1003 once each"
    );
    assert!(read("submissions.csv").starts_with("candidate_code,"));
    let memos: serde_json::Value = serde_json::from_str(&read("memos.json")).unwrap();
    assert!(memos
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["candidate_code"].is_string()));
}

/// `--port N` as `--port 0`: any free port.
fn any_free_port(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("--port ") {
        out.push_str(&rest[..at + 7]);
        rest = &rest[at + 7..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 {
            out.push('0');
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}
