//! What a record says, and a policy no profile escapes (cli.md, "Personal data", issue #47
//! rows 5, 6, 7, 9, 12, 13), against the sandbox over HTTP: the machine's policy file
//! (RECRUIT_POLICY_FILE here, `/etc/recruit/policy.toml` in one test) over every profile,
//! variable and flag; a broken policy stopping every command; a reason that must be visible;
//! the log's own settings logged before they take effect; a command text with no typed data;
//! the MCP client named as `agent`; the actor's user without USER and LOGNAME.

use crate::common::*;
use crate::mcp_wire::Wire;

use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::{json, Value};

const KEY: &str = "sk-policy-test-7f3a9c";

/// A sandbox whose key is [`KEY`].
fn sandbox() -> TestSandbox {
    TestSandbox::with(|o| o.api_key = KEY.to_string())
}

/// The records of the log at `path` (none when it is not there).
fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn run(cmd: &mut assert_cmd::Command, args: &[&str]) -> std::process::Output {
    cmd.args(args).output().unwrap()
}

/// Exit 2, the message naming `path` and each of `says`; nothing on stdout.
fn refused(out: &std::process::Output, path: &Path, says: &[&str], what: &str) {
    let err = stderr_of(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(
        err.contains(&path.display().to_string()),
        "{what}: names the policy file: {err}"
    );
    for s in says {
        assert!(err.contains(s), "{what}: says {s:?}: {err}");
    }
    assert!(stdout_of(out).is_empty(), "{what}: {}", stdout_of(out));
}

/// The policy file of every command of this home: audit required, a reason required, one log.
fn strict_policy(sb: &TestSandbox) -> PathBuf {
    let log = sb.home.dir.path().join("central").join("audit.log");
    std::fs::create_dir_all(log.parent().unwrap()).unwrap();
    std::fs::write(
        sb.home.policy_path(),
        format!(
            "# the company's rule\naudit = \"required\"\nrequire_reason = true\naudit_log = \"{}\"\n",
            log.display()
        ),
    )
    .unwrap();
    log
}

#[test]
fn a_policy_applies_to_every_profile_variable_and_flag() {
    let sb = sandbox();
    let log = strict_policy(&sb);
    let policy = sb.home.policy_path();
    let out = sb.home.dir.path().join("out.ndjson");
    let out = out.to_str().unwrap();
    // Profiles that would say otherwise, written before the policy could refuse them.
    let config = sb.home.config_dir().join("config.toml");
    std::fs::create_dir_all(sb.home.config_dir()).unwrap();
    std::fs::write(
        &config,
        "[lax]\nrequire_reason = false\n\n[quiet]\naudit = \"off\"\n\n[elsewhere]\naudit_log = \"/tmp/elsewhere.log\"\n",
    )
    .unwrap();

    // An unknown profile, by flag or variable: the policy's reason rule all the same.
    for (how, mut cmd) in [
        ("--profile ghost", {
            let mut c = sb.cmd();
            c.args(["--profile", "ghost"]);
            c
        }),
        ("RECRUIT_PROFILE=ghost", {
            let mut c = sb.cmd();
            c.env("RECRUIT_PROFILE", "ghost");
            c
        }),
    ] {
        let o = run(&mut cmd, &["export", "candidates", "--out", out]);
        assert_eq!(o.status.code(), Some(2), "{how}: {}", stderr_of(&o));
        assert!(
            stderr_of(&o).contains("--reason"),
            "{how}: {}",
            stderr_of(&o)
        );
    }
    assert!(!Path::new(out).exists(), "nothing written");

    // A profile that contradicts the policy runs nothing, naming the file and the rule.
    let o = run(
        sb.cmd().args(["--profile", "lax", "--reason", "r"]),
        &["export", "candidates", "--out", out],
    );
    refused(&o, &policy, &["require_reason"], "require_reason = false");
    let o = run(
        sb.cmd().args(["--profile", "quiet"]),
        &["candidates", "get", "C1001"],
    );
    refused(&o, &policy, &["audit"], "audit = off");
    let o = run(
        sb.cmd().args(["--profile", "elsewhere"]),
        &["candidates", "get", "C1001"],
    );
    refused(&o, &policy, &["audit_log"], "audit_log elsewhere");
    let o = run(
        sb.cmd()
            .env("RECRUIT_AUDIT_LOG", sb.home.dir.path().join("mine.log")),
        &["candidates", "get", "C1001"],
    );
    refused(&o, &policy, &["RECRUIT_AUDIT_LOG"], "RECRUIT_AUDIT_LOG");

    // `config set` refuses a contradicting value in any profile, and writes nothing.
    let before = std::fs::read_to_string(&config).unwrap();
    for (profile, key, value) in [
        ("default", "audit", "off"),
        ("work", "audit", "OFF"),
        ("ghost", "require_reason", "false"),
        ("default", "audit_log", "/tmp/other.log"),
    ] {
        let o = run(
            sb.cmd().args(["--profile", profile]),
            &["config", "set", key, value],
        );
        refused(&o, &policy, &[key], &format!("config set {key} {value}"));
    }
    assert_eq!(std::fs::read_to_string(&config).unwrap(), before);
    assert!(
        !sb.home.data_dir().join("audit.log").exists(),
        "nothing logged in the data directory"
    );

    // With a reason, an unknown profile runs, logged in the policy's log.
    let o = run(
        sb.cmd()
            .args(["--profile", "ghost", "--reason", "quarterly review"]),
        &["export", "candidates", "--out", out],
    );
    assert!(o.status.success(), "{}", stderr_of(&o));
    // An export logs what its walk has read ahead: one record, or more when the walk ran
    // ahead of the writer; each is the export's, as the unknown profile, with the reason.
    let r = records(&log);
    assert!(!r.is_empty(), "no record of the export");
    for rec in &r {
        assert_eq!(rec["via"], "export", "{rec}");
        assert!(rec["actor"].as_str().unwrap().ends_with("@ghost"), "{rec}");
        assert_eq!(rec["reason"], "quarterly review", "{rec}");
    }
    let named: Vec<&str> = r
        .iter()
        .flat_map(|rec| rec["candidates"].as_array().unwrap())
        .map(|c| c.as_str().unwrap())
        .collect();
    let unique: std::collections::HashSet<&&str> = named.iter().collect();
    assert_eq!(
        unique.len(),
        named.len(),
        "a candidate named twice: {named:?}"
    );
    assert!(named.contains(&"C1001"), "{named:?}");
    assert!(!sb.home.data_dir().join("audit.log").exists());

    // `config list` says where the rule comes from.
    let o = run(&mut sb.cmd(), &["config", "list", "-o", "json"]);
    assert!(o.status.success(), "{}", stderr_of(&o));
    let list: Value = serde_json::from_str(&stdout_of(&o)).unwrap();
    assert_eq!(
        list["effective"]["audit"]["source"], "policy file",
        "{list}"
    );
    assert_eq!(list["effective"]["require_reason"]["value"], true, "{list}");
}

#[test]
fn a_broken_policy_stops_every_command() {
    let sb = sandbox();
    let policy = sb.home.policy_path();
    let cases: &[(&str, &[u8], &[&str])] = &[
        ("not TOML", b"audit = required\n", &["TOML", "line 1"]),
        (
            "an unknown key",
            b"audit = \"required\"\naudti_log = \"/x\"\n",
            &["audti_log"],
        ),
        (
            "a wrong type",
            b"require_reason = \"yes\"\n",
            &["require_reason", "true or false"],
        ),
        ("a wrong value", b"audit = \"on\"\n", &["audit", "required"]),
        ("not UTF-8", b"audit = \"\xff\"\n", &["cannot read"]),
    ];
    for (what, text, says) in cases {
        std::fs::write(&policy, text).unwrap();
        for args in [
            &["candidates", "get", "C1001"][..],
            &["forms", "list"],
            &["config", "set", "audit", "on"],
            &["config", "list"],
            &["audit", "list"],
            &["completions", "bash"],
        ] {
            let o = run(&mut sb.cmd(), args);
            refused(&o, &policy, says, &format!("{what}: {args:?}"));
        }
    }
    // Unreadable: a directory where the file should be.
    std::fs::remove_file(&policy).unwrap();
    std::fs::create_dir(&policy).unwrap();
    let o = run(&mut sb.cmd(), &["forms", "list"]);
    refused(&o, &policy, &["cannot read"], "a directory");
    assert!(!sb.home.data_dir().join("audit.log").exists());
}

/// The one test of the real path, `/etc/recruit/policy.toml`: the policy is written there
/// and removed, even when the test fails. Every other test's commands read their home's
/// policy (RECRUIT_POLICY_FILE, set by the common launcher), so the file never reaches them;
/// where a private mount namespace can be had (`unshare`, as root), the file is written in
/// one and no other process on the machine sees it at all.
#[test]
fn the_machines_policy_file_applies() {
    const DIR: &str = "/etc/recruit";
    let sb = sandbox();
    let bin = assert_cmd::cargo::cargo_bin("recruit");
    let policy_text = "require_reason = true\n";
    let out = sb.home.dir.path().join("out.ndjson");
    // Whether this machine lets a test mount in a namespace of its own (a container may not).
    let scratch = sb.home.dir.path().join("mnt");
    std::fs::create_dir(&scratch).unwrap();
    let probe = std::process::Command::new("unshare")
        .args([
            "--mount",
            "--propagation",
            "private",
            "mount",
            "-t",
            "tmpfs",
            "tmpfs",
        ])
        .arg(&scratch)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    // The directory to mount over (or write into); removed after if this test made it.
    let made_dir = !Path::new(DIR).exists();
    struct Cleanup {
        made_dir: bool,
        wrote_file: bool,
    }
    impl Drop for Cleanup {
        fn drop(&mut self) {
            if self.wrote_file {
                let _ = std::fs::remove_file("/etc/recruit/policy.toml");
            }
            if self.made_dir {
                let _ = std::fs::remove_dir("/etc/recruit");
            }
        }
    }
    let mut cleanup = Cleanup {
        made_dir,
        wrote_file: false,
    };
    if made_dir {
        std::fs::create_dir_all(DIR).unwrap();
    }
    let recruit_line = format!(
        "{} --profile ghost export candidates --out {}",
        bin.display(),
        out.display()
    );
    let mut cmd = if probe {
        // A tmpfs over /etc/recruit in a private namespace: the policy is at the real path
        // for this one process tree.
        let mut c = std::process::Command::new("unshare");
        c.args(["--mount", "--propagation", "private", "sh", "-c"])
            .arg(format!(
            "mount -t tmpfs tmpfs {DIR} && printf '{}' > {DIR}/policy.toml && exec {recruit_line}",
            policy_text.replace('\n', "\\n")
        ));
        c
    } else {
        assert!(
            !Path::new("/etc/recruit/policy.toml").exists(),
            "a policy is already installed on this machine"
        );
        std::fs::write("/etc/recruit/policy.toml", policy_text).unwrap();
        cleanup.wrote_file = true;
        let mut c = std::process::Command::new("sh");
        c.args(["-c", &format!("exec {recruit_line}")]);
        c
    };
    let o = cmd
        .env_remove("RECRUIT_POLICY_FILE")
        .env_remove("RECRUIT_PROFILE")
        .env_remove("RECRUIT_REASON")
        .env("RECRUIT_CONFIG_DIR", sb.home.config_dir())
        .env("RECRUIT_DATA_DIR", sb.home.data_dir())
        .env("RECRUIT_BASE_URL", sb.base_url())
        .env("RECRUIT_API_KEY", KEY)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    drop(cleanup);
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--reason"), "{err}");
    assert!(!out.exists());
    if made_dir {
        assert!(!Path::new(DIR).exists(), "{DIR} left behind");
    }
    // Without the file, the same command runs (the rule was the policy's).
    let o = sb
        .cmd()
        .args(["--profile", "ghost", "export", "candidates", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr_of(&o));
}

#[test]
fn a_reason_needs_a_visible_character() {
    let sb = sandbox();
    let out = sb.home.dir.path().join("out.ndjson");
    let log = sb.home.data_dir().join("audit.log");
    assert!(sb
        .run(&["config", "set", "require_reason", "true"])
        .status
        .success());
    for blank in [
        "\u{200b}",
        " \u{200c}\u{200d} ",
        "\u{feff}",
        "\u{2060}",
        "\u{200e}\u{200f}\u{202a}",
        "\u{3000}",
    ] {
        let o = sb
            .cmd()
            .args(["export", "candidates", "--reason", blank, "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{blank:?}: {}", stderr_of(&o));
        assert!(stderr_of(&o).contains("--reason"), "{}", stderr_of(&o));
        let o = sb
            .cmd()
            .env("RECRUIT_REASON", blank)
            .args(["export", "candidates", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "RECRUIT_REASON={blank:?}");
    }
    assert!(!out.exists());
    // A visible character among them counts, and is the reason recorded.
    let o = sb
        .cmd()
        .args([
            "export",
            "candidates",
            "--reason",
            "\u{200b}티켓 4411",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr_of(&o));
    let r = records(&log);
    assert_eq!(r.last().unwrap()["reason"], "\u{200b}티켓 4411");
}

#[test]
fn changes_of_the_logs_settings_are_records_written_before_they_take_effect() {
    let sb = sandbox();
    let log = sb.home.data_dir().join("audit.log");
    let ok = |args: &[&str]| {
        let o = sb.run(args);
        assert!(o.status.success(), "{args:?}: {}", stderr_of(&o));
    };
    ok(&["candidates", "get", "C1001"]);
    ok(&[
        "--profile",
        "work",
        "config",
        "set",
        "require_reason",
        "true",
    ]);
    ok(&["config", "set", "audit", "off"]);
    // Off: the record of turning it off is the last the log holds.
    ok(&["candidates", "get", "C1002"]);
    ok(&["config", "unset", "audit"]);
    let r = records(&log);
    let said: Vec<(&str, &str, &str)> = r
        .iter()
        .map(|r| {
            (
                r["via"].as_str().unwrap(),
                r["command"].as_str().unwrap(),
                r["actor"].as_str().unwrap().rsplit('@').next().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            ("cli", "recruit candidates get C1001", "default"),
            ("config", "recruit config set require_reason true", "work"),
            ("config", "recruit config set audit off", "default"),
            ("config", "recruit config unset audit (now on)", "default"),
        ],
        "{r:?}"
    );
    assert_eq!(r[1]["candidates"], json!([]));
    assert_eq!(r[1]["count"], 0);
    // The chain holds across them.
    let v = sb.run(&["audit", "verify"]);
    assert!(v.status.success(), "{}", stderr_of(&v));

    // A record that cannot be written refuses the change: the setting stays as it was.
    let blocked = sb.home.dir.path().join("a-directory");
    std::fs::create_dir(&blocked).unwrap();
    let o = sb
        .cmd()
        .env("RECRUIT_AUDIT_LOG", &blocked)
        .args(["config", "set", "audit", "off"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr_of(&o));
    assert!(stderr_of(&o).contains(&blocked.display().to_string()));
    let get = sb.run(&["config", "get", "audit"]);
    assert!(!get.status.success(), "audit was set: {}", stdout_of(&get));
}

#[test]
fn a_record_keeps_no_typed_data_and_no_secret() {
    let sb = sandbox();
    let log = sb.home.data_dir().join("audit.log");
    let email = "kim.typed@example.com";
    let ok = |args: &[&str]| {
        let o = sb.run(args);
        assert!(o.status.success(), "{args:?}: {}", stderr_of(&o));
    };
    let jq = format!("select(.email == \"{email}\") | .code");
    ok(&[
        "candidates",
        "list",
        "--stage",
        "applied",
        "--jq",
        &jq,
        "-o",
        "json",
    ]);
    let reason = format!("ticket 4411 with key {KEY}");
    ok(&["--reason", &reason, "candidates", "get", "C1001"]);
    ok(&["api", "GET", &format!("/v1/candidates/C1001?note={email}")]);
    let db = sb.home.dir.path().join("mirror.db");
    let db = db.to_str().unwrap();
    ok(&["sync", "--db", db, "-o", "json"]);
    ok(&["candidates", "search", "@", "--db", db, "-o", "json"]);
    ok(&[
        "api",
        "POST",
        "/v1/candidates/C1001/memos",
        "-f",
        &format!("content=call {email}"),
    ]);
    let text = std::fs::read_to_string(&log).unwrap();
    for secret in [email, KEY, "4411 with"] {
        let found: Vec<&str> = text.lines().filter(|l| l.contains(secret)).collect();
        if secret == "4411 with" {
            // The reason stays, the key in it redacted.
            assert_eq!(found.len(), 1, "{text}");
            assert!(found[0].contains("<redacted>"), "{}", found[0]);
            continue;
        }
        assert!(found.is_empty(), "{secret} in the log: {found:?}");
    }
    let commands: Vec<String> = records(&log)
        .iter()
        .map(|r| r["command"].as_str().unwrap().to_string())
        .collect();
    let has = |c: &str| commands.iter().any(|x| x == c);
    assert!(
        has("recruit candidates list --stage applied --jq … -o json"),
        "{commands:#?}"
    );
    assert!(
        has("recruit --reason … candidates get C1001"),
        "{commands:#?}"
    );
    assert!(
        has("recruit api GET /v1/candidates/C1001?…"),
        "{commands:#?}"
    );
    assert!(
        has(&format!("recruit sync --db {db} -o json")),
        "{commands:#?}"
    );
    assert!(
        has(&format!("recruit candidates search … --db {db} -o json")),
        "{commands:#?}"
    );
}

/// `recruit mcp` over stdio as an assistant naming itself `client` drives it; each call's
/// result must not be an error.
fn session(sb: &TestSandbox, client: Value) -> Session {
    Session(Wire::start_as(
        &sb.home,
        &sb.base_url(),
        KEY,
        "read",
        client,
    ))
}

struct Session(Wire);

impl Session {
    fn call(&mut self, id: i64, tool: &str, args: Value) -> Value {
        let result = self.0.call(id, tool, args);
        assert_eq!(result["isError"], json!(false), "{tool}: {result}");
        result
    }
}

#[test]
fn an_mcp_call_names_its_assistant_and_no_typed_data() {
    let sb = sandbox();
    let log = sb.home.data_dir().join("audit.log");
    let db = sb.home.dir.path().join("mirror.db");
    let o = sb.run(&["sync", "--db", db.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr_of(&o));
    {
        let mut s = session(&sb, json!({"name": "claude-desktop", "version": "0.9.2"}));
        s.call(1, "candidates_get", json!({"code": "C1001"}));
        s.call(
            2,
            "candidates_list",
            json!({"stage": "applied", "limit": 3}),
        );
    }
    let r = records(&log);
    let mcp: Vec<&Value> = r.iter().filter(|r| r["via"] == "mcp").collect();
    assert_eq!(mcp.len(), 2, "{r:?}");
    for m in &mcp {
        assert_eq!(
            m["agent"],
            json!({"name": "claude-desktop", "version": "0.9.2"}),
            "{m}"
        );
    }
    assert_eq!(mcp[0]["command"], "candidates_get code=C1001");
    assert_eq!(mcp[1]["command"], "candidates_list stage=applied limit=3");
    // Other vias name no agent.
    let sync = r.iter().find(|r| r["via"] == "sync").unwrap();
    assert_eq!(sync["agent"], Value::Null);
}

#[test]
fn an_mcp_search_query_is_not_logged() {
    let sb = sandbox();
    let log = sb.home.data_dir().join("audit.log");
    let o = sb.run(&["sync"]);
    assert!(o.status.success(), "{}", stderr_of(&o));
    // A query for an email the mirror holds: the result names the candidate, the log only
    // the code, never the query.
    let c: Value = serde_json::from_str(&stdout_of(&sb.run(&[
        "candidates",
        "get",
        "C1001",
        "-o",
        "json",
    ])))
    .unwrap();
    let email = c["resource"]["email"].as_str().unwrap().to_string();
    {
        let mut s = session(&sb, json!({"name": "an-assistant", "version": "1"}));
        let a = s.call(1, "candidates_search", json!({"query": email, "limit": 5}));
        assert!(a.to_string().contains("C1001"), "{a}");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains(&email), "{text}");
    let r = records(&log);
    let search = r.iter().find(|r| r["via"] == "mcp").expect("a record");
    assert_eq!(search["command"], "candidates_search query=… limit=5");
    assert_eq!(search["candidates"], json!(["C1001"]));
}

#[test]
fn without_user_or_logname_the_actor_is_the_uids_account() {
    let sb = sandbox();
    let log = sb.home.data_dir().join("audit.log");
    let o = sb
        .cmd()
        .env_remove("USER")
        .env_remove("LOGNAME")
        .args(["candidates", "get", "C1001"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr_of(&o));
    let me = std::process::Command::new("id")
        .arg("-un")
        .output()
        .unwrap();
    let me = String::from_utf8_lossy(&me.stdout).trim().to_string();
    assert!(!me.is_empty() && me.parse::<u32>().is_err(), "{me}");
    let r = records(&log);
    assert_eq!(r[0]["actor"], format!("{me}@default"));
}
