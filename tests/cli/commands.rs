//! Every endpoint command, as a user runs it: the binary against the built-in sandbox over
//! real HTTP (`--sandbox`, state in a temp data dir), in table and JSON output. Tables are
//! compared with golden files in tests/golden (timestamps normalized; `UPDATE_GOLDEN=1`
//! rewrites them).

use crate::common::*;
use serde_json::Value;

fn ok(home: &Home, args: &[&str]) -> String {
    let out = home.sandbox().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}\nstderr: {}",
        stderr_of(&out)
    );
    stdout_of(&out)
}

fn json(home: &Home, args: &[&str]) -> Value {
    let mut full = vec!["-o", "json"];
    full.extend_from_slice(args);
    let text = ok(home, &full);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {text}"))
}

/// Replace local timestamps (`2026-11-02 09:15`) and dates (deadlines are days from the
/// sandbox's start) so golden files don't depend on the clock.
fn normalize(text: &str) -> String {
    // Each shape ('d' a digit) and what stands for it; the longer first.
    const SHAPES: [(&str, &str); 2] = [
        ("dddd-dd-dd dd:dd", "YYYY-MM-DD hh:mm"),
        ("dddd-dd-dd", "YYYY-MM-DD"),
    ];
    let chars: Vec<char> = text.chars().collect();
    let fits = |at: usize, shape: &str| {
        shape.chars().enumerate().all(|(j, m)| {
            chars
                .get(at + j)
                .is_some_and(|&c| if m == 'd' { c.is_ascii_digit() } else { c == m })
        })
    };
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        match SHAPES.iter().find(|(shape, _)| fits(i, shape)) {
            Some((shape, placeholder)) => {
                out.push_str(placeholder);
                i += shape.len();
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

pub(crate) fn golden(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let mut actual = normalize(actual);
    // The sandbox's port is random.
    while let Some(at) = actual.find("127.0.0.1:") {
        let digits = actual[at + 10..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 {
            break;
        }
        actual.replace_range(at..at + 10 + digits, "HOST:PORT");
    }
    if std::env::var_os("UPDATE_GOLDEN").is_some() || !path.exists() {
        std::fs::write(&path, &actual).unwrap();
        if std::env::var_os("UPDATE_GOLDEN").is_none() {
            panic!("golden file {name} was missing and has been written; check it and rerun");
        }
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        actual, expected,
        "table differs from tests/golden/{name} (UPDATE_GOLDEN=1 to accept)"
    );
}

#[test]
fn forms_list_pages_with_absolute_token_urls() {
    let home = Home::new();
    let first = json(&home, &["forms", "list"]);
    let items = first["collection"].as_array().unwrap();
    assert_eq!(items.len(), 20);
    let next = first["pagination"]["next_page_token"].as_str().unwrap();
    assert!(
        next.starts_with("http://127.0.0.1:") && next.contains("page_token="),
        "{next}"
    );
    assert!(items.iter().all(|f| f.get("questions").is_none()));
    let all = json(&home, &["--all", "forms", "list"]);
    let codes: Vec<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes.len(), 26);
    let unique: std::collections::HashSet<_> = codes.iter().collect();
    assert_eq!(unique.len(), 26);
    assert!(codes.contains(&"FORM-ALLKINDS") && codes.contains(&"FORM-NOIDS"));
    // --page-token takes the next_page_token address as the answer gave it, or its bare token.
    let token = next
        .split("page_token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    for given in [next, token] {
        let second = json(&home, &["forms", "list", "--page-token", given]);
        let got: Vec<&str> = second["collection"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap())
            .collect();
        assert_eq!(got, codes[20..], "page 2 from --page-token {given}");
    }
    golden(
        "forms_list.txt",
        &ok(&home, &["-o", "table", "forms", "list", "--limit", "6"]),
    );
}

#[test]
fn forms_list_filters_by_title() {
    let home = Home::new();
    let all = json(&home, &["--all", "forms", "list"]);
    let first_title = all[0]["title"].as_str().unwrap().to_string();
    let word = first_title
        .split_whitespace()
        .next()
        .unwrap()
        .to_lowercase();
    let filtered = json(&home, &["--all", "forms", "list", "--title", &word]);
    let arr = filtered.as_array().unwrap();
    assert!(!arr.is_empty() && arr.len() < 26);
    assert!(arr
        .iter()
        .all(|f| f["title"].as_str().unwrap().to_lowercase().contains(&word)));
}

#[test]
fn form_detail_shows_fields_then_questions_by_order() {
    let home = Home::new();
    let detail = json(&home, &["forms", "get", "FORM-ALLKINDS"]);
    let qs = detail["resource"]["questions"].as_array().unwrap();
    assert_eq!(qs.len(), 27);
    let table = ok(&home, &["-o", "table", "forms", "get", "FORM-ALLKINDS"]);
    golden("form_allkinds.txt", &table);
    // Questions appear sorted by order: kinds in the table follow the spec's list.
    let name_at = table.find(" name ").unwrap();
    let file_upload_at = table.find("file_upload").unwrap();
    assert!(name_at < file_upload_at);
}

#[test]
fn second_detail_variant_renders_html_as_text() {
    let home = Home::new();
    let detail = json(&home, &["forms", "get", "FORM-1002"]);
    let r = &detail["resource"];
    assert!(r.get("intro_content").is_some() && r.get("content").is_none());
    let table = ok(&home, &["-o", "table", "forms", "get", "FORM-1002"]);
    assert!(table.contains("Introduction"));
    assert!(
        !table.contains("<p>") && !table.contains("<li>") && !table.contains("</"),
        "{table}"
    );
    golden("form_variant2.txt", &table);
}

#[test]
fn idless_form_says_only_basic_answers_can_be_sent() {
    let home = Home::new();
    let detail = json(&home, &["forms", "get", "FORM-NOIDS"]);
    assert!(detail["resource"]["questions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|q| q.get("id").is_none()));
    let table = ok(&home, &["-o", "table", "forms", "get", "FORM-NOIDS"]);
    assert!(table.contains("carry no ids"), "{table}");
}

#[test]
fn unknown_form_is_exit_3() {
    let home = Home::new();
    let out = home
        .sandbox()
        .args(["forms", "get", "NOPE"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr_of(&out).contains("application form 'NOPE' not found"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn memos_list_is_threads_with_replies_under_parents() {
    let home = Home::new();
    let list = json(&home, &["memos", "list", "C1001"]);
    let top: Vec<i64> = list["collection"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert!(
        top.contains(&101) && !top.contains(&102),
        "replies are nested, not top-level: {top:?}"
    );
    let m101 = list["collection"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == 101)
        .unwrap();
    let replies: Vec<i64> = m101["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(replies, [102, 103]);
    let table = ok(&home, &["-o", "table", "memos", "list", "C1001"]);
    assert!(table.contains("↳ 102"), "{table}");
    assert!(table.contains("📌"));
    golden("memos_c1001.txt", &table);
}

#[test]
fn memo_detail_and_the_404_body() {
    let home = Home::new();
    let m = json(&home, &["memos", "get", "C1001", "101"]);
    assert_eq!(m["resource"]["id"], 101);
    assert!(m["resource"].get("replies").is_none());
    golden(
        "memo_101.txt",
        &ok(&home, &["-o", "table", "memos", "get", "C1001", "101"]),
    );
    let out = home
        .sandbox()
        .args(["memos", "get", "C1001", "99999"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = stderr_of(&out);
    assert!(
        err.contains("memo 99999 not found on candidate C1001: Resource not found (HTTP 404)"),
        "{err}"
    );
}

#[test]
fn memo_lifecycle_persists_between_invocations() {
    let home = Home::new();
    // Create from stdin, as a reply, with role and mentions.
    let out = home
        .sandbox()
        .args([
            "-o",
            "json",
            "memos",
            "create",
            "C1002",
            "--content",
            "-",
            "--role",
            "job_manager",
            "--mention",
            "U1003",
            "--reply-to",
            "106",
        ])
        .write_stdin("Second interview went well.\nRecommend an offer.\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = &created["resource"];
    assert_eq!(
        r["content"],
        "Second interview went well.\nRecommend an offer."
    );
    assert_eq!(r["parent_id"], 106);
    assert_eq!(r["accessible_role"], "job_manager");
    assert_eq!(r["mentions"], serde_json::json!(["U1003"]));
    assert_eq!(r["pinned"], false);
    assert!(r["fixed_at"].is_null());
    let id = r["id"].as_i64().unwrap().to_string();

    // A separate process sees it, nested under its parent.
    let list = json(&home, &["memos", "list", "C1002"]);
    let parent = list["collection"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == 106)
        .unwrap();
    assert!(parent["replies"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"].as_i64().map(|i| i.to_string()) == Some(id.clone())));

    // Edit.
    let edited = json(
        &home,
        &[
            "memos",
            "edit",
            "C1002",
            &id,
            "--content",
            "Offer approved",
            "--role",
            "member",
        ],
    );
    assert_eq!(edited["resource"]["content"], "Offer approved");
    assert_eq!(edited["resource"]["accessible_role"], "member");

    // Pin is idempotent; unpin clears fixed_at.
    let pinned = json(&home, &["memos", "pin", "C1002", &id]);
    assert_eq!(pinned["resource"]["pinned"], true);
    let fixed_at = pinned["resource"]["fixed_at"].as_str().unwrap().to_string();
    let out = home
        .sandbox()
        .args(["-o", "json", "memos", "pin", "C1002", &id])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr_of(&out).contains("already pinned"),
        "{}",
        stderr_of(&out)
    );
    let again: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        again["resource"]["pinned"], true,
        "pin on a pinned memo must not toggle it off"
    );
    assert_eq!(again["resource"]["fixed_at"].as_str().unwrap(), fixed_at);
    let unpinned = json(&home, &["memos", "unpin", "C1002", &id]);
    assert_eq!(unpinned["resource"]["pinned"], false);
    assert!(unpinned["resource"]["fixed_at"].is_null());
    let out = home
        .sandbox()
        .args(["memos", "unpin", "C1002", &id])
        .output()
        .unwrap();
    assert!(stderr_of(&out).contains("already unpinned"));
    assert_eq!(
        json(&home, &["memos", "get", "C1002", &id])["resource"]["pinned"],
        false
    );

    // Delete answers without `user`, and the memo is gone.
    let deleted = json(&home, &["memos", "delete", "C1002", &id, "--yes"]);
    assert_eq!(deleted["resource"]["id"].to_string(), id);
    assert!(deleted["resource"].get("user").is_none());
    let out = home
        .sandbox()
        .args(["memos", "get", "C1002", &id])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn table_output_of_writes_is_a_readable_sentence_or_view() {
    let home = Home::new();
    let out = ok(
        &home,
        &[
            "-o",
            "table",
            "memos",
            "create",
            "C1003",
            "--content",
            "Called; no answer",
        ],
    );
    assert!(
        out.contains("Called; no answer") && out.contains("Sandbox Admin"),
        "{out}"
    );
    let id = json(&home, &["memos", "list", "C1003"])["collection"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["content"] == "Called; no answer")
        .unwrap()["id"]
        .to_string();
    let out = ok(&home, &["-o", "table", "memos", "pin", "C1003", &id]);
    assert_eq!(
        out,
        format!("Memo {id} on candidate C1003 is now pinned.\n")
    );
    // The same shape when nothing changes: one line on stdout.
    let out = ok(&home, &["-o", "table", "memos", "pin", "C1003", &id]);
    assert_eq!(
        out,
        format!("Memo {id} on candidate C1003 is already pinned; nothing changed.\n")
    );
    // Without a terminal and without --yes nothing is deleted (exit 2, naming --yes).
    for args in [
        vec!["memos", "delete", "C1003", id.as_str()],
        vec!["webhooks", "delete", "WH00000001"],
    ] {
        let out = home.sandbox().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("pass --yes to delete without a prompt"),
            "{args:?}"
        );
    }
    let still = json(&home, &["memos", "get", "C1003", &id]);
    assert_eq!(still["resource"]["id"].to_string(), id);
    let out = ok(
        &home,
        &["-o", "table", "memos", "delete", "C1003", &id, "--yes"],
    );
    assert_eq!(out, format!("Deleted memo {id} on candidate C1003.\n"));
}

#[test]
fn submissions_cursor_pages_and_slash_codes() {
    let home = Home::new();
    let first = json(&home, &["submissions", "list", "C1001"]);
    assert_eq!(first["collection"].as_array().unwrap().len(), 20);
    assert_eq!(first["pagination"]["total_count"], 45);
    let all = json(&home, &["--all", "submissions", "list", "C1001"]);
    let codes: std::collections::HashSet<String> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["code"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), 45);
    let kinds: std::collections::HashSet<&str> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains("message") && kinds.contains("reference_check"));
    let nd = ok(
        &home,
        &[
            "--all",
            "-o",
            "ndjson",
            "submissions",
            "list",
            "C1001",
            "--per",
            "7",
        ],
    );
    assert_eq!(nd.lines().count(), 45);
    // A next_url as --page-token: its token and its per (7) both carry over.
    let first7 = json(&home, &["submissions", "list", "C1001", "--per", "7"]);
    let next_url = first7["pagination"]["next_url"].as_str().unwrap();
    let second = json(
        &home,
        &["submissions", "list", "C1001", "--page-token", next_url],
    );
    let got: Vec<&Value> = second["collection"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["code"])
        .collect();
    let want: Vec<&Value> = all.as_array().unwrap()[7..14]
        .iter()
        .map(|s| &s["code"])
        .collect();
    assert_eq!(got, want);
    let slash = json(&home, &["submissions", "list", "C/2001"]);
    assert_eq!(slash["collection"].as_array().unwrap().len(), 2);
    golden(
        "submissions_c1002.txt",
        &ok(&home, &["-o", "table", "submissions", "list", "C1002"]),
    );
    let out = home
        .sandbox()
        .args(["submissions", "list", "NOBODY"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stderr_of(&out).contains("candidate 'NOBODY' not found"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn webhooks_crud() {
    let home = Home::new();
    let list = json(&home, &["webhooks", "list"]);
    assert!(list["collection"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w["code"] == "WH10000001"));
    golden(
        "webhooks.txt",
        &ok(&home, &["-o", "table", "webhooks", "list"]),
    );
    let created = json(
        &home,
        &[
            "webhooks",
            "create",
            "--callback-url",
            "http://127.0.0.1:9/hook",
            "--signing-key",
            "whsec_abc123",
            "--event",
            "candidate_pass",
            "--event",
            "form_submitted",
            "-f",
            "note=from test",
        ],
    );
    let r = &created["resource"];
    assert_eq!(r["callback_url"], "http://127.0.0.1:9/hook");
    assert_eq!(
        r["events"],
        serde_json::json!(["candidate_pass", "form_submitted"])
    );
    assert_eq!(r["active"], true);
    let code = r["code"].as_str().unwrap().to_string();
    // -f is a body field, never the output's --fields: csv keeps its usual columns.
    let csv = ok(
        &home,
        &["-o", "csv", "webhooks", "edit", &code, "-f", "note=csv"],
    );
    let header = csv.lines().next().unwrap();
    assert!(
        header.starts_with("code,active,provider,callback_url"),
        "{csv}"
    );
    assert!(csv.lines().nth(1).unwrap().starts_with(&code), "{csv}");
    let got = json(&home, &["webhooks", "get", &code]);
    assert_eq!(got["resource"]["code"], code.as_str());
    let edited = json(&home, &["webhooks", "edit", &code, "--inactive"]);
    assert_eq!(edited["resource"]["active"], false);
    let table = ok(&home, &["-o", "table", "webhooks", "get", &code]);
    assert!(
        table.contains("http://127.0.0.1:9/hook") && !table.contains("whsec_abc123"),
        "{table}"
    );
    let out = home
        .sandbox()
        .args(["webhooks", "delete", &code, "--yes"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let out = home
        .sandbox()
        .args(["webhooks", "get", &code])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn a_wrong_key_against_a_sandbox_server_is_exit_4() {
    let home = Home::new();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let sb = rt
        .block_on(recruit::sandbox::start(
            ([127, 0, 0, 1], 0).into(),
            recruit::sandbox::SandboxOptions::new(home.dir.path().join("sb.json")),
        ))
        .unwrap();
    let base = sb.base_url();
    let out = home
        .cmd()
        .args(["--base-url", &base, "forms", "list"])
        .env("RECRUIT_API_KEY", "not-the-key")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let out = home
        .cmd()
        .args(["--base-url", &base, "-o", "json", "forms", "list"])
        .env("RECRUIT_API_KEY", recruit::sandbox::DEFAULT_API_KEY)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Base URL without /v1 works too.
    let root = base.trim_end_matches("/v1");
    let out = home
        .cmd()
        .args(["--base-url", root, "forms", "get", "FORM-1001"])
        .env("RECRUIT_API_KEY", recruit::sandbox::DEFAULT_API_KEY)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    rt.block_on(sb.shutdown());
}

#[test]
fn fields_select_keys_in_json_and_ndjson_list_themselves_and_refuse_unknown_names() {
    let home = Home::new();
    // json and ndjson keep exactly the fields asked for, in that order (nested as a.b).
    let forms = json(
        &home,
        &["forms", "list", "--limit", "2", "--fields", "title,code"],
    );
    let first = forms[0].as_object().unwrap();
    assert_eq!(first.keys().collect::<Vec<_>>(), ["title", "code"]);
    assert_eq!(forms.as_array().unwrap().len(), 2);
    let one = json(&home, &["forms", "get", "FORM-1001", "--fields", "code"]);
    assert_eq!(one, serde_json::json!({"code": "FORM-1001"}));
    let memos = ok(
        &home,
        &[
            "memos",
            "list",
            "C1001",
            "-o",
            "ndjson",
            "--fields",
            "id,user.name",
        ],
    );
    let line: Value = serde_json::from_str(memos.lines().next().unwrap()).unwrap();
    assert_eq!(line.as_object().unwrap().len(), 2, "{line}");
    assert!(line["user.name"].is_string(), "{line}");

    // A name the resource does not have: exit 2, naming the ones it has; nothing on stdout.
    let out = home
        .sandbox()
        .args(["forms", "list", "-o", "csv", "--fields", "code,titel"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("no field 'titel'"),
        "{}",
        stderr_of(&out)
    );
    assert!(
        stderr_of(&out).contains("code, title, status"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(stdout_of(&out), "");

    // Alone, --fields lists them.
    let listed = ok(&home, &["webhooks", "list", "--fields"]);
    let names: Vec<&str> = listed.lines().collect();
    assert_eq!(
        &names[..5],
        ["code", "active", "provider", "callback_url", "events"]
    );
}

#[test]
fn narrow_tables_keep_codes_whole_and_wrap_prose_wide_ones_use_one_line_per_row() {
    let home = Home::new();
    let at = |cols: &str, args: &[&str]| {
        let out = home
            .sandbox()
            .env("COLUMNS", cols)
            .args(args)
            .args(["-o", "table"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        stdout_of(&out)
    };
    let narrow = at("60", &["forms", "list", "--limit", "3"]);
    for code in ["FORM-ALLKINDS", "FORM-1001", "FORM-1002"] {
        assert!(narrow.contains(code), "{code} split:\n{narrow}");
    }
    // The status gives way (--fields shows it) so that the title has room to read.
    assert!(!narrow.contains("in_progress"), "{narrow}");
    assert!(
        !narrow.contains("Platform Engineer (full application form)"),
        "prose wraps:\n{narrow}"
    );
    let hooks = at("60", &["webhooks", "list"]);
    assert!(
        hooks.contains("WH10000001") && hooks.contains("WH10000002"),
        "{hooks}"
    );
    assert!(
        hooks.contains("http://") && hooks.contains("https://"),
        "a scheme split:\n{hooks}"
    );
    assert!(hooks.lines().all(|l| l.chars().count() <= 62), "{hooks}");

    let wide = at("200", &["forms", "list", "--limit", "3"]);
    let row = wide.lines().find(|l| l.contains("FORM-ALLKINDS")).unwrap();
    assert!(
        row.contains("Platform Engineer (full application form)"),
        "{wide}"
    );
    assert_eq!(
        wide.lines().count(),
        2 + 3,
        "header, rule, one line per form:\n{wide}"
    );
}

/// Tables read at 60 and at 120 columns: every line fits; no word that fits its column is
/// split (each word of the cells is found whole on one line, unless it is wider than any
/// column could be); addresses are whole or cut in the middle with `…`, never wrapped; times
/// carry their zone. Golden files show the layouts.
#[test]
fn tables_fit_60_and_120_columns_without_splitting_words() {
    let home = Home::new();
    let views: &[(&str, &[&str])] = &[
        ("memos_c1001", &["memos", "list", "C1001"]),
        ("forms_list", &["forms", "list", "--limit", "6"]),
        ("webhooks", &["webhooks", "list"]),
        ("candidates", &["candidates", "list", "--limit", "8"]),
        (
            "submissions_answers_c1002",
            &["submissions", "list", "C1002", "--answers"],
        ),
        ("form_1001", &["forms", "get", "FORM-1001"]),
    ];
    for (name, args) in views {
        // The words of the view as JSON gives them: what the table must keep whole.
        for width in [60usize, 120] {
            let out = home
                .sandbox()
                .env("COLUMNS", width.to_string())
                .args(["-o", "table"])
                .args(*args)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
            let table = stdout_of(&out);
            for line in table.lines() {
                let w = console::measure_text_width(line);
                assert!(
                    w <= width,
                    "{args:?} at {width}: {w} columns: {line}\n{table}"
                );
            }
            // No word is split across lines: a line never ends inside a word that continues
            // on the next (a fragment of a word is not a word of the cells).
            let words: std::collections::HashSet<&str> = table.split_whitespace().collect();
            for word in &words {
                assert!(
                    !matches!(
                        *word,
                        "Platfo" | "AUTHO" | "backgrou" | "includin" | "applicat"
                    ),
                    "{args:?} at {width}: a word split: {word}\n{table}"
                );
            }
            // Addresses: whole, or shortened in the middle; never wrapped onto a next line.
            for line in table.lines() {
                if let Some(at) = line.find("http") {
                    let url = line[at..].split_whitespace().next().unwrap();
                    assert!(
                        url.contains('…') || url.ends_with('/') || url.contains('.'),
                        "{url}"
                    );
                }
            }
            golden(&format!("{name}_{width}.txt"), &table);
        }
    }
    // Times show their zone (TZ=UTC in tests).
    let memos = ok(&home, &["-o", "table", "memos", "list", "C1001"]);
    assert!(memos.contains(" UTC"), "{memos}");
}

/// `submissions list` and `webhooks events list` at 60 columns give way as the other lists do
/// (the time of day, then the least needed columns) before any word or date is split; an empty
/// events list says so; `--fields` shows times in local time, whole, and leaves out the last
/// columns (with a note) rather than cut them mid-way.
#[test]
fn submissions_and_events_tables_at_60_columns_split_no_word_or_date() {
    let home = Home::new();
    let narrow = |args: &[&str]| {
        let mut cmd = home.sandbox();
        let out = cmd.env("COLUMNS", "60").args(["-o", "table"]).args(args);
        let out = out.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        (stdout_of(&out), stderr_of(&out))
    };
    // Whole words and dates: each line fits, and every date is YYYY-MM-DD whole.
    let whole = |table: &str| {
        for line in table.lines() {
            assert!(console::measure_text_width(line) <= 60, "{line}\n{table}");
            assert!(!line.contains('…'), "cut: {line}\n{table}");
        }
        let dates = table
            .split_whitespace()
            .filter(|w| w.len() == 10 && w.chars().filter(|c| *c == '-').count() == 2)
            .count();
        assert!(dates > 0, "no whole date:\n{table}");
    };
    let (subs, _) = narrow(&["submissions", "list", "C1001", "--limit", "8"]);
    whole(&subs);
    for fragment in ["SUBMIT\n", "ANSWER\n", "Pre-…"] {
        assert!(!subs.contains(fragment), "{subs}");
    }
    golden("submissions_c1001_60.txt", &subs);

    let store_path = home.dir.path().join("events.db");
    {
        let (store, _lock) =
            recruit::webhook::store::EventStore::open_for_listener(&store_path).unwrap();
        for action in [
            "candidate_stage_changed",
            "form_submitted",
            "candidate_pass",
        ] {
            let payload =
                serde_json::json!({"action": action, "payload": {"candidate": {"code": "C1001"}}});
            store
                .insert(&recruit::webhook::store::NewEvent {
                    action: Some(action.to_string()),
                    payload: bytes::Bytes::from(payload.to_string()),
                    content_type: Some("application/json".into()),
                    signature: None,
                    target: Some("http://127.0.0.1:9/webhooks/recruit".into()),
                })
                .unwrap();
        }
    }
    let store = store_path.to_str().unwrap();
    let (events, _) = narrow(&["webhooks", "events", "list", "--store", store]);
    whole(&events);
    assert!(events.contains("candidate_stage_changed"), "{events}");
    assert!(!events.contains("RECEIV\n"), "{events}");
    golden("webhook_events_60.txt", &events);
    // In Korean the states are words, as every table's codes are.
    let (ko, _) = narrow(&[
        "--lang", "ko", "webhooks", "events", "list", "--store", store,
    ]);
    whole(&ko);
    assert!(ko.contains("대기 중") && !ko.contains("pending"), "{ko}");
    let (none, _) = narrow(&[
        "webhooks",
        "events",
        "list",
        "--store",
        store,
        "--action",
        "nothing_such",
    ]);
    assert_eq!(none, "(no events)\n");

    let chosen = "code,submitted_at,created_at,form_title,candidate_name,candidate_email";
    let (fields, note) = narrow(&["submissions", "list", "C1001", "--fields", chosen]);
    whole(&fields);
    assert!(!fields.contains("+09:00"), "raw ISO text:\n{fields}");
    assert!(
        fields.contains(" UTC"),
        "local times with their zone:\n{fields}"
    );
    assert!(
        note.contains("columns left out at this width: ") && note.contains("CANDIDATE_EMAIL"),
        "{note}"
    );
}
