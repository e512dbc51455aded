//! Under `--lang ko` an error never ends in a library's English ("expected closing bracket at
//! end of input", "relative URL without a base", "Connection refused (os error 111)"): a bad
//! `--jq`, a bad URL, a refused connection, an unreadable file and a TLS failure each exit with
//! their code and a message with no English prose, while `--verbose` and the JSON envelope
//! still carry the library's own words.

use crate::common::*;

/// Two English words in a row, outside machine words: quoted values ('...', `...`), URLs,
/// paths, option names, environment variables and setting names. Returns the first such pair.
fn english_prose(line: &str) -> Option<String> {
    english_prose_beside(line, &Default::default())
}

/// [`english_prose`], with the words of `service` (the service's own text, shown as sent)
/// counted as machine words.
fn english_prose_beside(line: &str, service: &std::collections::HashSet<String>) -> Option<String> {
    let mut plain = String::new();
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '`' => quote = Some(c),
            None => plain.push(c),
        }
    }
    let machine = |t: &str| {
        t.contains("://")
            || t.contains('/')
            || t.starts_with('-')
            || t.contains('_')
            || t.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    };
    let words: Vec<&str> = plain
        .split(|c: char| c.is_whitespace() || "():;,".contains(c))
        .filter(|t| !t.is_empty())
        .collect();
    let english = |t: &str| {
        !machine(t)
            && !service.contains(t)
            && t.len() > 1
            && t.chars().all(|c| c.is_ascii_alphabetic())
    };
    words
        .windows(2)
        .find(|w| english(w[0]) && english(w[1]))
        .map(|w| format!("{} {}", w[0], w[1]))
}

#[test]
fn the_prose_check_finds_english_and_passes_machine_words() {
    assert_eq!(
        english_prose("오류: 잘못된 --jq 식 '.[': expected closing bracket at end of input"),
        Some("expected closing".into())
    );
    assert_eq!(
        english_prose("연결할 수 없습니다: Connection refused (os error 111)"),
        Some("Connection refused".into())
    );
    assert_eq!(
        english_prose("오류: CA 파일 '/x/ca.pem' (--ca-cert / RECRUIT_CA_CERT / ca_cert): 없습니다; 예: https://api.example.com/v1"),
        None
    );
}

/// One failure under `--lang ko`: its exit code, a text error line without English prose,
/// and the library's `words` in `-v` and in the JSON envelope.
fn check(home: &Home, args: &[&str], code: i32, words: &str) {
    let run = |extra: &[&str]| {
        home.cmd()
            .env("RECRUIT_API_KEY", "words-test-key-1a2b3c")
            .args(["--lang", "ko", "--retries", "0"])
            .args(extra)
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[]);
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("오류:"))
        .unwrap_or_else(|| panic!("{args:?}: no error line in {err}"));
    assert_eq!(
        english_prose(line),
        None,
        "{args:?}: English prose in {line}"
    );
    assert!(!line.contains(words), "{args:?}: {line}");

    let verbose = stderr_of(&run(&["-v"]));
    assert!(
        verbose
            .lines()
            .any(|l| !l.starts_with("오류:") && l.contains(words)),
        "{args:?}: -v does not carry '{words}': {verbose}"
    );
    let json = run(&["-o", "json"]);
    let last = stderr_of(&json);
    let envelope: serde_json::Value = serde_json::from_str(last.lines().last().unwrap_or(""))
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {last}"));
    let mut keys: Vec<&String> = envelope["error"].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        ["code", "exit_code", "http_status", "message", "retryable"],
        "the contract's keys only"
    );
    assert_eq!(envelope["error"]["exit_code"], code);
    let message = envelope["error"]["message"].as_str().unwrap();
    assert!(message.contains(words), "{args:?}: {message}");
}

#[test]
fn a_bad_jq_is_said_in_korean_with_jaqs_words_in_verbose_and_json() {
    let home = Home::new();
    check(
        &home,
        &["--sandbox", "forms", "get", "FORM-1001", "--jq", ".["],
        2,
        "expected closing bracket at end of input",
    );
    check(
        &home,
        &[
            "--sandbox",
            "forms",
            "get",
            "FORM-1001",
            "--jq",
            ".foo | nope",
        ],
        2,
        "undefined filter",
    );
}

#[test]
fn a_bad_url_is_said_in_korean_from_the_flag_and_the_profile() {
    let home = Home::new();
    check(
        &home,
        &["--base-url", "not-a-url", "forms", "list"],
        2,
        "relative URL without a base",
    );
    check(
        &home,
        &["--base-url", "http://[::1", "forms", "list"],
        2,
        "invalid IPv6 address",
    );
    std::fs::create_dir_all(home.config_dir()).unwrap();
    std::fs::write(
        home.config_dir().join("config.toml"),
        "[default]\nbase_url = \"nope\"\n",
    )
    .unwrap();
    check(&home, &["forms", "list"], 2, "relative URL without a base");
}

#[test]
fn a_refused_connection_is_said_in_korean_with_the_systems_words_kept() {
    let home = Home::new();
    let (port, _held) = refusing_port();
    let base = format!("http://127.0.0.1:{port}/v1");
    check(
        &home,
        &["--base-url", &base, "forms", "list"],
        7,
        "Connection refused",
    );
}

#[test]
fn an_unreadable_file_is_said_in_korean_with_the_systems_words_kept() {
    let home = Home::new();
    let missing = home.dir.path().join("no-such-ca.pem");
    check(
        &home,
        &[
            "--ca-cert",
            missing.to_str().unwrap(),
            "--base-url",
            "https://127.0.0.1:9/v1",
            "forms",
            "list",
        ],
        2,
        "No such file or directory",
    );
}

#[test]
fn a_tls_failure_is_said_in_korean_with_rustls_words_kept() {
    let home = Home::new();
    // A plain-HTTP server asked for https: the handshake fails.
    let server = stub(|_, _| Reply::json(200, "{}"));
    let base = format!("https://{}/v1", server.addr);
    check(
        &home,
        &["--base-url", &base, "forms", "list"],
        7,
        "corrupt message",
    );
}

#[test]
fn a_config_file_that_is_not_toml_is_said_in_korean_with_the_parsers_words_kept() {
    let home = Home::new();
    std::fs::create_dir_all(home.config_dir()).unwrap();
    std::fs::write(
        home.config_dir().join("config.toml"),
        "[default\nbase_url = \"x\"\n",
    )
    .unwrap();
    check(&home, &["forms", "list"], 2, "invalid table header");
}

/// A base URL with a password in it is echoed in its error without it: in the text line,
/// under `-v` and in the JSON envelope.
#[test]
fn a_bad_base_url_is_echoed_without_its_password() {
    let home = Home::new();
    let marker = "pw-marker-5e7c";
    let url = format!("http://kim:{marker}@[::1/v1");
    for extra in [
        &[][..],
        &["-v"][..],
        &["-o", "json"][..],
        &["--lang", "ko"][..],
    ] {
        let out = home
            .cmd()
            .env("RECRUIT_API_KEY", "words-test-key-1a2b3c")
            .args(extra)
            .args(["--base-url", &url, "forms", "list"])
            .output()
            .unwrap();
        let all = format!("{}{}", stdout_of(&out), stderr_of(&out));
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {all}");
        assert!(!all.contains(marker), "{extra:?}: {all}");
        assert!(all.contains("kim:***@[::1/v1"), "{extra:?}: {all}");
    }
}

/// Every word of every string in a JSON document (or NDJSON lines): the service's own text.
fn words_of(json: &str) -> std::collections::HashSet<String> {
    fn walk(v: &serde_json::Value, out: &mut std::collections::HashSet<String>) {
        match v {
            serde_json::Value::String(s) => out.extend(
                s.split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| !w.is_empty())
                    .map(str::to_string),
            ),
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(o) => o.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = std::collections::HashSet::new();
    for v in serde_json::Deserializer::from_str(json).into_iter::<serde_json::Value>() {
        walk(&v.unwrap_or_default(), &mut out);
    }
    out
}

/// Every line of a run's stdout and stderr without English prose (beside the `service`'s own
/// words), the run's exit code checked.
fn korean_only(
    what: &str,
    out: &std::process::Output,
    code: i32,
    service: &std::collections::HashSet<String>,
) -> String {
    let (stdout, stderr) = (stdout_of(out), stderr_of(out));
    assert_eq!(out.status.code(), Some(code), "{what}: {stderr}");
    for line in stdout.lines().chain(stderr.lines()) {
        assert_eq!(
            english_prose_beside(line, service),
            None,
            "{what}: English prose in {line:?}"
        );
    }
    stdout
}

#[test]
fn a_sandbox_option_out_of_range_is_said_in_korean_naming_the_option_and_value() {
    let home = Home::new();
    for (flag, value) in [
        ("--fail-rate", "2"),
        ("--retry-scale", "0"),
        ("--rate-limit", "-1"),
    ] {
        let out = home
            .cmd()
            .args(["--lang", "ko", "sandbox", "--port", "0"])
            .arg(format!("{flag}={value}"))
            .output()
            .unwrap();
        korean_only(flag, &out, 2, &Default::default());
        let err = stderr_of(&out);
        assert!(err.contains(flag) && err.contains(value), "{err}");
    }
}

/// The outputs people read, walked under `--lang ko`: lists, the sync, the report, the
/// register, the access log, the settings. Tables keep machine words (codes, field names,
/// dates) and the service's own text (the same run's JSON says which words those are); any
/// sentence of ours is Korean.
#[test]
fn the_outputs_people_read_have_no_english_prose_under_lang_ko() {
    let sb = TestSandbox::new();
    let db = sb.home.dir.path().join("mirror.db");
    let db = db.to_str().unwrap();
    let run = |format: &str, args: &[&str]| {
        let mut c = sb.cmd();
        c.args(["--lang", "ko", "-o", format]).args(args);
        c.output().unwrap()
    };
    let month = chrono::Local::now().format("%Y-%m").to_string();
    let runs: &[&[&str]] = &[
        &["forms", "list"],
        &["candidates", "list", "--limit", "5"],
        &["jobs", "list"],
        &["sync", "--db", db],
        &["sync", "status", "--db", db],
        &["report", "pipeline", "--db", db],
        &["report", "pipeline", "--db", db, "--by", "job"],
        &["report", "trend", "--db", db],
        &["audit", "list"],
        &["audit", "verify"],
        &["audit", "report", "--month", &month],
        &["audit", "report", "--month", "2001-01"],
        &["privacy", "register"],
        &["config", "list"],
        &["auth", "status"],
        &["memos", "list", "C1001"],
        &["candidates", "get", "C1001"],
        &["submissions", "list", "C1001"],
    ];
    let mut shown = 0;
    for args in runs {
        let what = args.join(" ");
        let json = run("json", args);
        assert_eq!(json.status.code(), Some(0), "{what}: {}", stderr_of(&json));
        let service = words_of(&stdout_of(&json));
        shown += korean_only(&what, &run("table", args), 0, &service)
            .lines()
            .count();
    }
    assert!(
        shown > 40,
        "the walk showed too little to judge: {shown} lines"
    );
}
