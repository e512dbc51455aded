//! Smaller wrong results and messages: `--jq` on missing paths as jq does, ids that are not
//! numbers and codes too long to be codes said in words (exit 2, nothing sent), and every config
//! key in the help of `config get/set/unset` and their man pages, and through `config set`/`get`.

use crate::common::*;

/// `.foo.bar` on an object without `foo` is null, as in jq (it used to fail with "cannot use
/// null as iterable").
#[test]
fn jq_gives_null_for_missing_paths() {
    let home = Home::new();
    for (expr, want) in [
        (".foo.bar", "null"),
        (".resource.nope.deeper[0]", "null"),
        (".resource.code", "FORM-1001"),
        (".foo.bar // \"none\"", "none"),
    ] {
        let out = home
            .sandbox()
            .args(["forms", "get", "FORM-1001", "-o", "json", "--jq", expr])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{expr}: {}", stderr_of(&out));
        assert_eq!(stdout_of(&out).trim(), want, "{expr}");
    }
}

/// `memos get C1001 abc` says the id must be a number (it said "invalid digit found in string").
#[test]
fn a_memo_id_that_is_not_a_number_is_said_so() {
    let home = Home::new();
    for args in [
        vec!["memos", "get", "C1001", "abc"],
        vec!["memos", "delete", "C1001", "12x", "--yes"],
        vec![
            "memos",
            "create",
            "C1001",
            "--content",
            "x",
            "--reply-to",
            "one",
        ],
    ] {
        let out = home.sandbox().args(&args).output().unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("the memo id must be a whole number"), "{err}");
        assert!(!err.contains("invalid digit"), "{err}");
    }
}

/// A 1 MB candidate code is refused before any request (it was retried as a network error)
/// and never echoed whole.
#[test]
fn a_code_too_long_to_be_a_code_is_refused_locally() {
    let stub = stub(|_, _| Reply::json(500, r#"{"error":"server_error"}"#));
    let home = Home::new();
    // A megabyte in a candidates file; on the command line, as much as one argument may hold.
    let huge = "C".repeat(1 << 20);
    let long_arg = "C".repeat(100_000);
    let codes = home.dir.path().join("codes.txt");
    std::fs::write(&codes, format!("C1001\n{huge}\n")).unwrap();
    let runs: Vec<(Vec<std::ffi::OsString>, usize)> = vec![
        (
            vec!["memos".into(), "list".into(), long_arg.clone().into()],
            100_000,
        ),
        (
            vec!["forms".into(), "get".into(), long_arg.clone().into()],
            100_000,
        ),
        (
            vec![
                "export".into(),
                "memos".into(),
                "--candidates".into(),
                codes.clone().into(),
            ],
            1 << 20,
        ),
    ];
    for (args, len) in runs {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", stub.base())
            .env("RECRUIT_API_KEY", "k-long-1234")
            .args(&args)
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{err:.300}");
        assert!(
            err.contains(&format!("({len} bytes) is too long to be a code")),
            "{err:.300}"
        );
        assert!(err.len() < 1000, "not echoed whole: {} bytes", err.len());
    }
    assert!(stub.seen().is_empty(), "nothing was sent");
}

/// Every config key is listed in `config get/set/unset --help` and their man pages, from the
/// one list of keys (ca_cert and max_rate were missing).
#[test]
fn every_config_key_is_in_the_help_and_the_man_pages() {
    let home = Home::new();
    let man_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    for sub in ["get", "set", "unset"] {
        let out = home.cmd().args(["config", sub, "--help"]).output().unwrap();
        let help = stdout_of(&out);
        let man = std::fs::read_to_string(man_dir.join(format!("recruit-config-{sub}.1"))).unwrap();
        for key in recruit::settings::Key::names() {
            assert!(help.contains(key), "config {sub} --help lacks {key}");
            // roff escapes underscores in some renderings: compare without them.
            let bare = key.replace('_', "");
            assert!(
                man.replace("\\_", "_").replace('_', "").contains(&bare),
                "man page of config {sub} lacks {key}"
            );
        }
    }
}

/// Every config key goes through the commands: `config set KEY VALUE` (checked as commands read
/// it), then `config get KEY` prints it back (a secret in full with `--reveal`), and `config
/// list -o json` shows it in effect from the file. A new key without a value here fails.
#[test]
fn every_config_key_round_trips_through_config_set_and_get() {
    let home = Home::new();
    let ca = home.dir.path().join("company-ca.pem");
    let key = rcgen::KeyPair::generate().unwrap();
    let pem = rcgen::CertificateParams::new(vec!["ca.example".to_string()])
        .unwrap()
        .self_signed(&key)
        .unwrap()
        .pem();
    std::fs::write(&ca, pem).unwrap();
    let ca = ca.to_string_lossy().into_owned();
    for key in recruit::settings::Key::names() {
        let value = match key {
            "base_url" => "https://api.example.com/v1",
            "api_key" => "sk-roundtrip-1234",
            "api_key_command" => "pass show recruit",
            "output" => "csv",
            "timeout" => "12.5",
            "retries" => "5",
            "ca_cert" => ca.as_str(),
            "max_rate" => "20",
            "max_wait" => "300",
            "variant" => "b",
            "signing_key" => "whsec_roundtrip",
            "lang" => "ko",
            "audit_log" => "/srv/recruit/audit.log",
            "audit" => "off",
            "require_reason" => "true",
            "audit_keep" => "36",
            other => panic!("no value to try for the new key {other}"),
        };
        let set = home
            .cmd()
            .args(["config", "set", key, value])
            .output()
            .unwrap();
        assert_eq!(set.status.code(), Some(0), "{key}: {}", stderr_of(&set));
        let got = home
            .cmd()
            .args(["config", "get", key, "--reveal"])
            .output()
            .unwrap();
        assert_eq!(got.status.code(), Some(0), "{key}: {}", stderr_of(&got));
        assert_eq!(stdout_of(&got).trim_end(), value, "{key}");
    }
    let list = home
        .cmd()
        .args(["config", "list", "-o", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    for key in recruit::settings::Key::names() {
        // This very command's -o wins over the file's output.
        let from = if key == "output" {
            "flag --output"
        } else {
            "config file"
        };
        assert_eq!(
            v["effective"][key]["source"], from,
            "{key}: {}",
            v["effective"][key]
        );
    }
    assert_eq!(v["effective"]["api_key"]["value"], "••••1234");
    assert_eq!(v["effective"]["timeout"]["value"], 12.5);
}
