//! Honest exits through closed pipes: a command whose work failed keeps its exit code however
//! its output ends, and one whose reader went away never claims success (141, as for SIGPIPE).
//! Real pipes, closed early by the test, as `| head -1` closes them.

use crate::common::*;

use std::io::BufRead;
use std::process::Stdio;

/// Spawn `cmd` with stdout and stderr both into one pipe (`2>&1 |`), read its first line and
/// close the pipe, as `| head -1` does. Returns (the line, the exit code).
fn head_1(mut cmd: std::process::Command) -> (String, Option<i32>) {
    let (reader, writer) = std::io::pipe().unwrap();
    cmd.stdout(Stdio::from(writer.try_clone().unwrap()))
        .stderr(Stdio::from(writer));
    let mut child = cmd.spawn().unwrap();
    // The test's own copies of the writing end went to the child: only it holds them now.
    drop(cmd);
    let mut line = String::new();
    let mut reader = std::io::BufReader::new(reader);
    reader.read_line(&mut line).unwrap();
    drop(reader);
    let code = wait_at_most(&mut child, 60);
    (line, code)
}

/// `recruit webhooks trigger ... 2>&1 | head -1` used to exit 0 (a panic on the closed stderr
/// turned into success); the event was not delivered, which is 7.
#[test]
fn a_failed_delivery_exits_7_through_a_closed_pipe() {
    let home = Home::new();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port(); // nothing listens there once the listener is dropped
    let mut cmd = home.std_cmd();
    cmd.args(["webhooks", "trigger", "candidate_pass", "--to"])
        .arg(format!("http://127.0.0.1:{port}/hook"))
        .args(["--retry-delays", "0.1,0.1"]);
    let (line, code) = head_1(cmd);
    assert!(line.starts_with("sending candidate_pass"), "{line}");
    assert_eq!(
        code,
        Some(7),
        "not delivered is 7 whatever became of the output"
    );
}

/// A command that fails keeps its failure's code when nobody reads stdout or stderr.
#[test]
fn a_failure_keeps_its_exit_code_when_both_streams_are_closed() {
    let stub = stub(|_, _| Reply::json(404, r#"{"error":"not_found","message":"no such form"}"#));
    let home = Home::new();
    let out = home
        .std_cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-closed-1234")
        .args(["forms", "get", "FORM-NOPE", "-o", "json"])
        .stdout(closed_pipe())
        .stderr(closed_pipe())
        .status()
        .unwrap();
    assert_eq!(out.code(), Some(3));
}

/// A closed stdout is not success: the command stops quietly (no "internal error", no error
/// line) with 141, deterministically, whether it is a list, a completion script or help.
#[test]
fn a_closed_stdout_ends_quietly_with_141_never_0() {
    let home = Home::new();
    for args in [
        vec!["completions", "bash"],
        vec!["--sandbox", "forms", "list", "--all", "-o", "ndjson"],
        vec!["--sandbox", "forms", "get", "FORM-1001", "-o", "table"],
        vec!["--sandbox", "export", "forms"],
        vec!["--help"],
    ] {
        let out = home
            .std_cmd()
            .args(&args)
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {err}");
        assert!(!err.contains("internal error"), "{args:?}: {err}");
        assert!(!err.contains("error:"), "{args:?}: quietly: {err}");
    }
}

/// `recruit -v export forms --out F 2>&1 | head -1` used to exit 0 and leave no F: now it
/// either completes F (its log lines only lost) or does not exit 0.
#[test]
fn a_verbose_export_to_a_file_is_complete_or_not_successful() {
    let home = Home::new();
    let out = home.dir.path().join("forms.ndjson");
    let mut cmd = home.std_cmd();
    cmd.args(["--sandbox", "-v", "export", "forms", "--out"])
        .arg(&out);
    let (line, code) = head_1(cmd);
    assert!(line.starts_with("> GET"), "{line}");
    match code {
        Some(0) => {
            let text = std::fs::read_to_string(&out).expect("exit 0: the file is there");
            let forms: Vec<serde_json::Value> = text
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(forms.len(), 26, "every form of the sandbox");
        }
        other => {
            assert_ne!(other, None);
            assert!(!out.exists(), "no F unless complete");
        }
    }
}

/// An export to a closed stdout, whose first candidate was refused (403): the refusal's exit
/// code (4), not the closed pipe's, and never 0.
#[test]
fn an_export_keeps_a_candidates_failure_when_stdout_closes() {
    let stub = stub(|seen, _| {
        if seen.uri.contains("/candidates/C1/") {
            Reply::json(
                403,
                r#"{"error":"forbidden","message":"no access to this candidate"}"#,
            )
        } else {
            Reply::json(
                200,
                r#"{"collection":[{"code":"S1","kind":"message"}],"pagination":{}}"#,
            )
        }
    });
    let home = Home::new();
    let codes = home.dir.path().join("codes.txt");
    std::fs::write(&codes, "C1\nC2\nC3\n").unwrap();
    let out = home
        .std_cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-closed-1234")
        .args([
            "export",
            "submissions",
            "--concurrency",
            "1",
            "--candidates",
        ])
        .arg(&codes)
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert!(err.contains("1 auth"), "the kinds are listed: {err}");
}
