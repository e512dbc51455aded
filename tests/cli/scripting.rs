//! Scripting features against small local servers: formats, --all/--limit, --jq, `recruit api`,
//! profiles and auth.

use crate::common::*;

const KEY: &str = "scripting-key-0a1b2c3d";

fn run(home: &Home, base: &str, args: &[&str]) -> std::process::Output {
    home.cmd()
        .env("RECRUIT_BASE_URL", base)
        .env("RECRUIT_API_KEY", KEY)
        .args(args)
        .output()
        .unwrap()
}

/// Three pages of forms: page tokens as absolute URLs on the first, a bare token on the second.
fn forms_server() -> Stub {
    stub(|seen, _| {
        let host = seen.header("host").unwrap().to_string();
        let body = if seen.uri.contains("page_token=p3") {
            r#"{"collection":[{"code":"F5","title":"Nurse, night"}],"pagination":{"total":5,"next_page":null,"next_page_token":null}}"#.to_string()
        } else if seen.uri.contains("page_token=p2") {
            r#"{"collection":[{"code":"F3","title":"Designer \"senior\""},{"code":"F4","title":"디자이너\nSeoul"}],"pagination":{"total":5,"next_page":"p3"}}"#.to_string()
        } else {
            format!(
                r#"{{"collection":[{{"code":"F1","title":"Designer, UX","open_status":true,"questions_count":3}},{{"code":"F2","title":"Engineer","open_status":false}}],"pagination":{{"total":5,"next_page":"p2","next_page_token":"http://{host}/v1/application_forms?page_token=p2"}}}}"#
            )
        };
        Reply::json(200, &body)
    })
}

#[test]
fn all_merges_every_page_into_one_json_array() {
    let s = forms_server();
    let home = Home::new();
    let out = run(&home, &s.base(), &["--all", "-o", "json", "forms", "list"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["F1", "F2", "F3", "F4", "F5"]);
    assert_eq!(s.seen().len(), 3);
}

#[test]
fn without_all_json_is_the_first_page_exactly_as_sent() {
    let s = forms_server();
    let home = Home::new();
    let out = run(
        &home,
        &s.base(),
        &["-o", "json", "forms", "list", "--title", "designer"],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout_of(&out);
    // Key order and extra fields kept, as sent.
    assert!(text.starts_with(r#"{"collection":[{"code":"F1","title":"Designer, UX","open_status":true,"questions_count":3}"#), "{text}");
    assert_eq!(s.seen().len(), 1);
    assert!(s.seen()[0].uri.contains("title=designer"));
}

#[test]
fn limit_stops_across_pages() {
    let s = forms_server();
    let home = Home::new();
    let out = run(
        &home,
        &s.base(),
        &["--limit", "3", "-o", "ndjson", "forms", "list"],
    );
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[2].contains("\"F3\""));
    assert_eq!(s.seen().len(), 2, "the third page is never asked for");
}

#[test]
fn jq_applies_to_merged_pages_and_prints_strings_raw() {
    let s = forms_server();
    let home = Home::new();
    let out = run(
        &home,
        &s.base(),
        &["--all", "--jq", "map(.code) | join(\",\")", "forms", "list"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "F1,F2,F3,F4,F5\n");
    let out = run(
        &home,
        &s.base(),
        &["--all", "-o", "ndjson", "--jq", ".code", "forms", "list"],
    );
    assert_eq!(stdout_of(&out), "F1\nF2\nF3\nF4\nF5\n");
    let out = run(
        &home,
        &s.base(),
        &[
            "--jq",
            ".collection[0] | {code, open_status}",
            "forms",
            "list",
        ],
    );
    assert_eq!(stdout_of(&out), "{\"code\":\"F1\",\"open_status\":true}\n");
}

#[test]
fn a_bad_jq_expression_is_exit_2_before_any_request() {
    let s = forms_server();
    let home = Home::new();
    let out = run(&home, &s.base(), &["--jq", ".[", "forms", "list"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("invalid --jq expression"),
        "{}",
        stderr_of(&out)
    );
    assert!(s.seen().is_empty());
}

#[test]
fn csv_quotes_commas_quotes_newlines_and_keeps_unicode() {
    let s = forms_server();
    let home = Home::new();
    let out = run(
        &home,
        &s.base(),
        &[
            "--all",
            "-o",
            "csv",
            "--fields",
            "code,title,open_status",
            "forms",
            "list",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let expected = "code,title,open_status\nF1,\"Designer, UX\",true\nF2,Engineer,false\nF3,\"Designer \"\"senior\"\"\",\nF4,\"디자이너\nSeoul\",\nF5,\"Nurse, night\",\n";
    assert_eq!(text, expected);
    // And a CSV reader gets the same cells back.
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = r.records().map(|r| r.unwrap()).collect();
    assert_eq!(&rows[3][1], "디자이너\nSeoul");
    assert_eq!(&rows[2][1], "Designer \"senior\"");
}

#[test]
fn csv_is_one_row_per_item_with_nested_values_as_json_and_extra_fields_kept() {
    let s = stub(|_, _| {
        Reply::json(
            200,
            r#"{"collection":[{"id":1,"content":"top","pinned":true,"mentions":["U1","U2"],"user":{"code":"U9","name":"Kim"},"replies":[{"id":2,"parent_id":1,"content":"re","mentions":[]}],"color":"red"},{"id":3,"content":"second","pinned":false}]}"#,
        )
    });
    let home = Home::new();
    let out = run(&home, &s.base(), &["-o", "csv", "memos", "list", "C1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let mut lines = text.lines();
    // The spec's fields first, then what the service added.
    assert_eq!(
        lines.next().unwrap(),
        "id,parent_id,pinned,fixed_at,accessible_role,user,content,mentions,file_url,created_at,updated_at,replies,color"
    );
    assert_eq!(
        lines.next().unwrap(),
        r#"1,,true,,,"{""code"":""U9"",""name"":""Kim""}",top,"[""U1"",""U2""]",,,,"[{""id"":2,""parent_id"":1,""content"":""re"",""mentions"":[]}]",red"#
    );
    // One row per item: the reply stays inside its memo's row.
    assert_eq!(lines.next().unwrap(), "3,,false,,,,second,,,,,,");
    assert_eq!(lines.next(), None);
    // A CSV reader gets JSON back from the nested cells.
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = r.records().map(|r| r.unwrap()).collect();
    let replies: serde_json::Value = serde_json::from_str(&rows[0][11]).unwrap();
    assert_eq!(replies[0]["content"], "re");
}

#[test]
fn api_sends_typed_fields_headers_and_prints_the_body_as_it_came() {
    let s = stub(|seen, _| {
        if seen.method == "POST" {
            Reply::json(200, "{\"resource\": {\"id\": 7}}\n")
        } else {
            Reply::json(
                404,
                r#"{"error":"not_found","message":"Resource not found"}"#,
            )
        }
    });
    let home = Home::new();
    let out = run(
        &home,
        &s.base(),
        &[
            "api",
            "POST",
            "/v1/candidates/C1/memos",
            "-f",
            "content=hi",
            "-F",
            "parent_id=42",
            "-F",
            "pinned=true",
            "-H",
            "X-Trace: abc",
            "-i",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    assert!(text.starts_with("HTTP/1.1 200 OK\n"), "{text}");
    assert!(text.ends_with("{\"resource\": {\"id\": 7}}\n"), "{text}");
    let seen = &s.seen()[0];
    assert_eq!(seen.uri, "/v1/candidates/C1/memos");
    assert_eq!(seen.header("x-trace"), Some("abc"));
    let body: serde_json::Value = serde_json::from_slice(&seen.body).unwrap();
    assert_eq!(
        body,
        serde_json::json!({"content": "hi", "parent_id": 42, "pinned": true})
    );
    // A 404 prints the body and exits 3.
    let out = run(&home, &s.base(), &["api", "GET", "memos/9", "-f", "x=1"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(stdout_of(&out).contains("not_found"));
    assert_eq!(s.seen()[1].uri, "/v1/memos/9?x=1");
}

#[test]
fn api_input_sends_the_file_raw() {
    let s = stub(|_, _| Reply::json(200, "{}"));
    let home = Home::new();
    let f = home.dir.path().join("body.json");
    std::fs::write(&f, "{\"filename\":\"cv.pdf\"}").unwrap();
    let out = run(
        &home,
        &s.base(),
        &[
            "api",
            "POST",
            "upload/presign",
            "--input",
            f.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(s.seen()[0].body, b"{\"filename\":\"cv.pdf\"}");
}

#[test]
fn profiles_config_file_mode_and_precedence() {
    let s = stub(|seen, _| {
        if seen.header("authorization") == Some("Bearer from-profile-key-123")
            || seen.header("authorization") == Some("Bearer from-command-key-456")
        {
            Reply::json(
                200,
                r#"{"collection":[{"code":"F1","title":"A"}],"pagination":{}}"#,
            )
        } else {
            Reply::json(401, r#"{"error":"unauthorized","message":"bad key"}"#)
        }
    });
    let home = Home::new();
    let set = |args: &[&str]| {
        let out = home.cmd().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    };
    set(&["--profile", "work", "config", "set", "base_url", &s.base()]);
    set(&[
        "--profile",
        "work",
        "config",
        "set",
        "api_key",
        "from-profile-key-123",
    ]);
    set(&["--profile", "work", "config", "set", "output", "ndjson"]);
    // Values read back as they were given.
    for (key, value) in [("timeout", "30"), ("timeout", "2.5"), ("retries", "4")] {
        set(&["--profile", "work", "config", "set", key, value]);
        let out = home
            .cmd()
            .args(["--profile", "work", "config", "get", key])
            .output()
            .unwrap();
        assert_eq!(stdout_of(&out).trim(), value, "config get {key}");
    }
    let path = home.config_dir().join("config.toml");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let out = home.cmd().args(["config", "path"]).output().unwrap();
    assert_eq!(stdout_of(&out).trim(), path.to_str().unwrap());
    let keys_sent = || -> Vec<String> {
        s.seen()
            .iter()
            .map(|r| r.header("authorization").unwrap_or("").to_string())
            .collect()
    };
    // The profile's key, base URL and output format are used (ndjson: one line per item, where
    // the default for a pipe would be the whole body).
    let out = home
        .cmd()
        .args(["--profile", "work", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "{\"code\":\"F1\",\"title\":\"A\"}\n");
    assert_eq!(keys_sent(), ["Bearer from-profile-key-123"]);
    // An env var beats the profile.
    let out = home
        .cmd()
        .env("RECRUIT_API_KEY", "wrong-key-999")
        .args(["--profile", "work", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(
        stderr_of(&out).contains("the service refused the API key: bad key (HTTP 401)"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(keys_sent()[1], "Bearer wrong-key-999");
    // api_key_command supplies the key.
    set(&["--profile", "cmd", "config", "set", "base_url", &s.base()]);
    set(&[
        "--profile",
        "cmd",
        "config",
        "set",
        "api_key_command",
        "echo from-command-key-456",
    ]);
    let out = home
        .cmd()
        .args(["--profile", "cmd", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(keys_sent()[2], "Bearer from-command-key-456");
    // The profile `cmd` has no output setting: json, the body as sent, to a pipe.
    assert_eq!(
        stdout_of(&out),
        "{\"collection\":[{\"code\":\"F1\",\"title\":\"A\"}],\"pagination\":{}}\n"
    );
    // `auth status` names where each profile's key comes from.
    for (profile, source) in [("cmd", "command"), ("work", "config file (insecure)")] {
        let out = home
            .cmd()
            .args(["--profile", profile, "auth", "status", "-o", "json"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(&stdout_of(&out)).unwrap();
        assert_eq!(v["key_source"], source, "{profile}: {v}");
    }
    // Listing redacts the key.
    let out = home
        .cmd()
        .args(["--profile", "work", "-o", "json", "config", "list"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(!text.contains("from-profile-key-123"), "{text}");
    assert!(text.contains("••••-123"), "{text}");
    // A value that would break the file is refused.
    let before = std::fs::read_to_string(&path).unwrap();
    let out = home
        .cmd()
        .args(["config", "set", "output", "yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("yaml"), "{}", stderr_of(&out));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
}

#[test]
fn a_config_readable_by_others_warns_and_a_broken_one_names_the_line() {
    let home = Home::new();
    std::fs::create_dir_all(home.config_dir()).unwrap();
    let path = home.config_dir().join("config.toml");
    std::fs::write(
        &path,
        "[default]\nbase_url = \"https://x.example\"\noutput = \n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let out = home.cmd().args(["forms", "list"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("readable by other users"), "{err}");
    assert!(err.contains("line 3"), "{err}");
}

#[test]
fn auth_login_checks_stores_0600_and_status_redacts() {
    let s = stub(|seen, _| {
        if seen.header("authorization") == Some("Bearer good-key-abcd1234") {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        } else {
            Reply::json(401, r#"{"error":"unauthorized","message":"bad key"}"#)
        }
    });
    let home = Home::new();
    let out = home
        .cmd()
        .args(["--base-url", &s.base(), "auth", "login", "--with-token"])
        .arg("--insecure-storage")
        .write_stdin("wrong-key-00000000\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(
        !home.config_dir().join("config.toml").exists(),
        "a bad key is not stored"
    );
    let out = home
        .cmd()
        .args(["--base-url", &s.base(), "auth", "login", "--with-token"])
        .arg("--insecure-storage")
        .write_stdin("good-key-abcd1234\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let out = home.cmd().args(["auth", "status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["api_key"], "••••1234");
    assert_eq!(v["key_works"], true);
    assert_eq!(v["profile"], "default");
    assert!(!stdout_of(&out).contains("good-key"));
    let out = home.cmd().args(["auth", "logout"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let out = home.cmd().args(["auth", "status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
}

/// `config set`, `auth login` and `auth logout` change only their value: the user's comments
/// (at the top, inside a profile, after a value) and layout stay byte for byte, mode 0600.
#[test]
fn config_writers_keep_the_files_comments_and_layout() {
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[],"pagination":{}}"#));
    let home = Home::new();
    let path = home.config_dir().join("config.toml");
    let file = |timeout: &str, key: &str| {
        format!(
            "# recruit's profiles: keep this comment\n\n[default]\n# the service we talk to\n\
             base_url = \"{}\"   # a local stub\ntimeout   =  {timeout}  # seconds, aligned by hand\n\
             {key}\n[work]  # the other account\n    output = 'json'\n",
            s.base()
        )
    };
    std::fs::create_dir_all(home.config_dir()).unwrap();
    std::fs::write(&path, file("30", "")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    let run = |args: &[&str], stdin: &str| {
        let out = home.cmd().args(args).write_stdin(stdin).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        std::fs::read_to_string(&path).unwrap()
    };
    assert_eq!(run(&["config", "set", "timeout", "45"], ""), file("45", ""));
    assert_eq!(
        run(
            &["auth", "login", "--with-token", "--insecure-storage"],
            "good-key-abcd1234\n"
        ),
        file("45", "api_key = \"good-key-abcd1234\"\n")
    );
    assert!(
        s.seen()
            .iter()
            .any(|r| r.header("authorization") == Some("Bearer good-key-abcd1234")),
        "the key was checked against the profile's service"
    );
    assert_eq!(run(&["auth", "logout"], ""), file("45", ""));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
    }
}

#[test]
fn auth_login_reads_a_piped_key_and_stores_it_unchecked_without_a_service_address() {
    let home = Home::new();
    // No --with-token: stdin is a pipe, so the key is read from it.
    let out = home
        .cmd()
        .args(["auth", "login", "--insecure-storage"])
        .write_stdin("piped-key-5678\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    assert!(err.contains("not checked against the service"), "{err}");
    assert!(!err.contains("piped-key"), "{err}");
    let out = home
        .cmd()
        .args(["config", "get", "api_key"])
        .output()
        .unwrap();
    assert_eq!(
        stdout_of(&out).trim(),
        "••••5678",
        "redacted unless --reveal"
    );
    let out = home
        .cmd()
        .args(["config", "get", "api_key", "--reveal"])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out).trim(), "piped-key-5678");
    // Once there is an address, the stored key is what is sent.
    let s = stub(|seen, _| {
        if seen.header("authorization") == Some("Bearer piped-key-5678") {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        } else {
            Reply::json(401, r#"{"error":"unauthorized","message":"bad key"}"#)
        }
    });
    let out = home
        .cmd()
        .args(["--base-url", &s.base(), "auth", "status"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["key_works"], true);
    assert_eq!(v["api_key"], "••••5678");
}

#[test]
fn verbose_logs_requests_with_the_key_redacted() {
    let s = forms_server();
    let home = Home::new();
    let out = run(&home, &s.base(), &["-v", "--all", "forms", "list"]);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr_of(&out);
    assert_eq!(err.matches("> GET ").count(), 3, "{err}");
    assert!(err.contains("< 200 OK"), "{err}");
    assert!(!err.contains(KEY));
}

#[test]
fn flag_values_are_checked_before_any_request() {
    let s = forms_server();
    let home = Home::new();
    for args in [
        vec!["submissions", "list", "C1", "--per", "101"],
        vec!["submissions", "list", "C1", "--per", "0"],
        vec!["memos", "get", "C1", "forty-two"],
        vec!["memos", "create", "C1", "--content", "  "],
        vec!["memos", "create", "C1", "--content", "x", "--role", "boss"],
        vec!["-o", "yaml", "forms", "list"],
        vec!["memos", "edit", "C1", "4"],
    ] {
        let out = run(&home, &s.base(), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr_of(&out));
    }
    assert!(s.seen().is_empty());
}

#[test]
fn jq_applies_to_the_json_of_tool_commands_too() {
    let home = Home::new();
    let payload = home.dir.path().join("event.json");
    std::fs::write(&payload, r#"{"action":"candidate_pass"}"#).unwrap();
    // Vector: printf '%s' '1700000000.{"action":"candidate_pass"}' | openssl dgst -sha256 -hmac 'whsec_test'
    let sig = "t=1700000000,v1=1c18c04affb64b96016498744cedf1b44a45cc8fdf5e8d724a64a1c7797c24c7";
    let out = home
        .cmd()
        .args([
            "webhooks",
            "verify",
            "--signing-key",
            "whsec_test",
            "--signature",
            sig,
            "--now",
            "1700000000",
            "--jq",
            ".signed_at",
        ])
        .arg("--payload")
        .arg(&payload)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "2023-11-14T22:13:20Z\n");
    let out = home
        .cmd()
        .args(["--profile", "ops", "config", "list", "--jq", ".profile"])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out), "ops\n");
}

#[test]
fn json_to_a_pipe_is_one_compact_line_but_api_prints_the_body_as_it_came() {
    let pretty = "{\n  \"resource\": {\n    \"code\": \"F1\",\n    \"zeta\": 1,\n    \"alpha\": [1, 2]\n  }\n}\n";
    let s = stub(move |_, _| Reply::json(200, pretty));
    let home = Home::new();
    let out = run(&home, &s.base(), &["-o", "json", "forms", "get", "F1"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    // Key order as sent, no whitespace, one line.
    assert_eq!(
        stdout_of(&out),
        "{\"resource\":{\"code\":\"F1\",\"zeta\":1,\"alpha\":[1,2]}}\n"
    );
    let out = run(
        &home,
        &s.base(),
        &["api", "GET", "/v1/application_forms/F1"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), pretty);
}

#[test]
fn jq_sees_the_same_json_whatever_the_output_format() {
    let s = stub(|_, _| {
        Reply::json(
            200,
            r#"{"collection":[{"code":"F1","title":"A"},{"code":"F2","title":"B"}],"pagination":{"next_page_token":null}}"#,
        )
    });
    let home = Home::new();
    for format in ["json", "csv", "table"] {
        let out = run(
            &home,
            &s.base(),
            &["-o", format, "--jq", ".collection[1].code", "forms", "list"],
        );
        assert_eq!(out.status.code(), Some(0), "{format}: {}", stderr_of(&out));
        assert_eq!(stdout_of(&out), "F2\n", "-o {format}");
    }
    // With --all the merged array, in every format.
    for format in ["json", "csv", "table"] {
        let out = run(
            &home,
            &s.base(),
            &["-o", format, "--all", "--jq", "length", "forms", "list"],
        );
        assert_eq!(stdout_of(&out), "2\n", "-o {format} --all");
    }
}

/// Flag > env: an explicit `--base-url` is never replaced by an exported RECRUIT_SANDBOX=1,
/// and two contradictory choices at the same level are refused, naming both.
#[test]
fn sandbox_and_base_url_follow_flag_over_env() {
    let s = stub(|_, _| {
        Reply::json(
            200,
            r#"{"collection":[{"code":"FROM-STUB"}],"pagination":{}}"#,
        )
    });
    let home = Home::new();
    // The flag wins over the env var: the stub answers, not the emulator.
    let out = home
        .cmd()
        .env("RECRUIT_SANDBOX", "1")
        .env("RECRUIT_API_KEY", "k-123456")
        .args(["--base-url", &s.base(), "forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("FROM-STUB"));
    assert_eq!(s.seen().len(), 1);

    // Both env vars: exit 2 naming both, before any request.
    let out = home
        .cmd()
        .env("RECRUIT_SANDBOX", "1")
        .env("RECRUIT_BASE_URL", s.base())
        .args(["forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("RECRUIT_SANDBOX") && err.contains("RECRUIT_BASE_URL"),
        "{err}"
    );

    // Both flags: exit 2.
    let out = home
        .cmd()
        .args(["--sandbox", "--base-url", &s.base(), "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("--sandbox and --base-url"));
    assert_eq!(s.seen().len(), 1, "no request for refused combinations");

    // The --sandbox flag wins over an exported RECRUIT_BASE_URL.
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", s.base())
        .args(["--sandbox", "forms", "list", "--limit", "1", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("FORM-"));
    assert!(!stdout_of(&out).contains("FROM-STUB"));
    // `auth status` reports the address given by the flag, not the sandbox.
    let out = home
        .cmd()
        .env("RECRUIT_SANDBOX", "1")
        .env("RECRUIT_API_KEY", "k-123456")
        .args(["--base-url", &s.base(), "auth", "status", "-o", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(v["base_url"], serde_json::json!(s.base()));
    assert_eq!(v["base_url_source"], "flag --base-url");
    assert_eq!(v["key_source"], "environment");
}

/// One page of a longer list says so on stderr; --all and a met --limit don't.
#[test]
fn a_single_page_says_how_many_there_are() {
    let home = Home::new();
    let out = home
        .sandbox()
        .args(["forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let shown = serde_json::from_str::<serde_json::Value>(&stdout_of(&out)).unwrap()["collection"]
        .as_array()
        .unwrap()
        .len();
    assert!(
        stderr_of(&out).contains(&format!(
            "showing {shown} of 26; --all for every page, --limit N for fewer"
        )),
        "{}",
        stderr_of(&out)
    );
    let out = home
        .sandbox()
        .args(["forms", "list", "--all", "-o", "json"])
        .output()
        .unwrap();
    assert!(!stderr_of(&out).contains("showing"), "{}", stderr_of(&out));
}

/// A reply without --role takes its parent's role, read first; --role still wins.
#[test]
fn a_reply_takes_its_parents_role() {
    let home = Home::new();
    let parent = home
        .sandbox()
        .args([
            "memos",
            "get",
            "C1001",
            "105",
            "--jq",
            ".resource.accessible_role",
        ])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&parent).trim(), "job_admin");
    let out = home
        .sandbox()
        .args([
            "memos",
            "create",
            "C1001",
            "--reply-to",
            "105",
            "--content",
            "agreed",
        ])
        .args(["--jq", ".resource.accessible_role"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out).trim(), "job_admin");
    let out = home
        .sandbox()
        .args([
            "memos",
            "create",
            "C1001",
            "--reply-to",
            "105",
            "--content",
            "fyi",
        ])
        .args(["--role", "member", "--jq", ".resource.accessible_role"])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&out).trim(), "member");
}

/// A 404 where no path parameter could be missing points at the base URL; a --jq runtime
/// error shows an excerpt, not the whole input.
#[test]
fn errors_point_at_the_cause() {
    let s = stub(|_, _| {
        Reply::json(
            404,
            r#"{"error":"not_found","message":"Resource not found"}"#,
        )
    });
    let home = Home::new();
    let base = format!("{}/wrong/v1", s.base().trim_end_matches("/v1"));
    for args in [vec!["forms", "list"], vec!["webhooks", "list"]] {
        let out = home
            .cmd()
            .env("RECRUIT_API_KEY", "k-123456")
            .args(["--base-url", &base])
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains("the base URL"), "{args:?}: {err}");
        assert!(err.contains("/wrong/v1"), "{args:?}: {err}");
    }
    let out = home
        .sandbox()
        .args(["forms", "list", "--all", "--jq", ".[] | .code + 1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("--jq failed"), "{err}");
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
}

/// `auth status` with no key says "not set" (nothing was tried); tables show mentions as
/// @CODE.
#[test]
fn status_without_a_key_says_not_set_and_mentions_render_as_tags() {
    let home = Home::new();
    let out = home.cmd().args(["auth", "status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    let err = stderr_of(&out);
    assert!(err.contains("not set"), "{err}");
    assert!(!err.contains("cannot reach"), "{err}");
    let out = home
        .sandbox()
        .args(["memos", "list", "C1001", "-o", "table"])
        .output()
        .unwrap();
    assert!(stdout_of(&out).contains("@U1002"), "{}", stdout_of(&out));
}

/// `webhooks trigger` shows what a receiver answered when it was not 200; a 4xx refusal is the
/// app rejecting the event (5), as for `events replay`.
#[test]
fn trigger_shows_the_receivers_answer_when_not_200() {
    let s = stub(|_, _| {
        Reply::json(
            422,
            r#"{"error":"unknown_event","message":"we do not handle candidate_pass"}"#,
        )
    });
    let home = Home::new();
    let out = home
        .cmd()
        .args(["webhooks", "trigger", "candidate_pass", "--to"])
        .arg(format!("{}/hooks", s.base()))
        .args(["--retry-delays", ""])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("attempt 1/1: HTTP 422"), "{err}");
    assert!(
        err.contains("the receiver answered: {\"error\":\"unknown_event\",\"message\":\"we do not handle candidate_pass\"}"),
        "{err}"
    );
}

/// `config get` and `config list` say what a run would use and from where: an env var over the
/// file, the default when nothing is set.
#[test]
fn config_get_and_list_show_where_the_values_in_effect_come_from() {
    let home = Home::new();
    let out = home
        .cmd()
        .args(["config", "set", "timeout", "60"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let out = home
        .cmd()
        .env("RECRUIT_TIMEOUT", "5")
        .args(["config", "get", "timeout"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout_of(&out).trim(), "60");
    assert!(
        stderr_of(&out)
            .contains("note: env RECRUIT_TIMEOUT overrides this in commands run now (timeout = 5)"),
        "{}",
        stderr_of(&out)
    );
    let out = home
        .cmd()
        .args(["config", "get", "retries"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr_of(&out).contains("commands run now use 3 from default"),
        "{}",
        stderr_of(&out)
    );
    let out = home
        .cmd()
        .env("RECRUIT_MAX_RATE", "7")
        .args(["-o", "json", "config", "list"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(
        v["effective"]["max_rate"],
        serde_json::json!({"value": 7, "source": "env RECRUIT_MAX_RATE"})
    );
    assert_eq!(
        v["effective"]["timeout"],
        serde_json::json!({"value": 60, "source": "config file"})
    );
    // The table lists the file's values, then what comes from elsewhere, by its source.
    let out = home
        .cmd()
        .env("RECRUIT_MAX_RATE", "7")
        .args(["-o", "table", "config", "list"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let (file_part, elsewhere) = text
        .split_once("# in effect from elsewhere:\n")
        .unwrap_or_else(|| panic!("no 'elsewhere' part: {text}"));
    assert!(file_part.contains("timeout = 60"), "{text}");
    assert!(
        elsewhere.contains("max_rate = 7 (env RECRUIT_MAX_RATE)"),
        "{text}"
    );
    assert!(elsewhere.contains("retries = 3 (default)"), "{text}");
    assert!(!elsewhere.contains("timeout"), "{text}");
    // A bad value is refused by the parser commands read it with.
    let out = home
        .cmd()
        .args(["config", "set", "max_rate", "fast"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("not a valid max_rate"),
        "{}",
        stderr_of(&out)
    );
}
