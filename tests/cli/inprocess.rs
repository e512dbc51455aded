//! Commands run in-process through `Ctx::with` and `Io::captured`: stdin scripted, stdout and
//! stderr read back, against the sandbox served on loopback, with no process spawned.

use clap::Parser;
use recruit::cli::{dispatch, Cli};
use recruit::config::Config;
use recruit::context::{Ctx, Io, Term};
use recruit::output::Format;
use recruit::redact::Secret;
use recruit::sandbox::{Sandbox, SandboxOptions};
use serde_json::Value;

struct Run {
    stdout: String,
    /// Standard output byte for byte.
    bytes: Vec<u8>,
    stderr: String,
    /// The exit code the binary would return.
    code: i32,
}

/// The sandbox on a loopback port, with a directory for its state and the (empty) config.
struct Local {
    dir: tempfile::TempDir,
    sb: Sandbox,
}

impl Local {
    async fn start() -> Local {
        let dir = tempfile::tempdir().unwrap();
        let opts = SandboxOptions::new(dir.path().join("sandbox.json"));
        let sb = recruit::sandbox::start(([127, 0, 0, 1], 0).into(), opts)
            .await
            .expect("sandbox starts");
        Local { dir, sb }
    }

    /// `recruit ARGS` in this process, with `stdin` as standard input and json output.
    async fn run(&self, args: &[&str], stdin: &str) -> Run {
        self.run_on(args, stdin, Term::piped()).await
    }

    /// The same, on the terminal `term` describes.
    async fn run_on(&self, args: &[&str], stdin: &str, term: Term) -> Run {
        let config = self.dir.path().join("config.toml");
        let to = (
            self.sb.base_url(),
            self.sb.api_key.as_str(),
            config.as_path(),
        );
        run_against(to, args, stdin, term).await
    }

    async fn shutdown(self) {
        self.sb.shutdown().await;
    }
}

/// `recruit ARGS` in this process against the service at `base` with `key`, the config file
/// `config`, `stdin` as standard input, on the terminal `term` (json output unless asked).
async fn run_against(
    (base, key, config): (String, &str, &std::path::Path),
    args: &[&str],
    stdin: &str,
    term: Term,
) -> Run {
    let cli = Cli::try_parse_from(std::iter::once("recruit").chain(args.iter().copied()))
        .expect("arguments parse");
    let mut globals = cli.globals;
    globals.base_url = Some(base);
    globals.api_key = Some(Secret::new(key));
    // JSON results unless the arguments say otherwise, as into a pipe; messages stay text
    // unless -o was given (as a pipe's default json leaves them).
    let asked = globals.output.is_some();
    globals.output.get_or_insert(Format::Json);
    let config = Config::load_from(config).expect("a config");
    let (io, cap) = Io::captured(term, stdin);
    let mut ctx = Ctx::with(globals, config, io).expect("context");
    if !asked {
        ctx.io.set_json_messages(false);
    }
    let result = dispatch(&mut ctx, cli.command).await;
    ctx.finish().await;
    let code = match &result {
        Ok(()) => 0,
        Err(e) => e.exit_code(),
    };
    let mut stderr = cap.stderr.text();
    if let Err(e) = result {
        stderr.push_str(&format!("error: {e}\n"));
    }
    Run {
        stdout: cap.stdout.text(),
        bytes: cap.stdout.bytes(),
        stderr,
        code,
    }
}

/// `recruit ARGS` in-process against a stub server.
async fn run_on_stub(stub: &crate::common::Stub, args: &[&str], term: Term) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    run_against((stub.base(), "sk-stub", &config), args, "", term).await
}

fn json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"))
}

/// The record of a single-resource answer (`{"resource": {...}}`, printed as the service sent it).
fn resource(s: &str) -> Value {
    json(s)["resource"].clone()
}

/// A closed stdout in-process is an error the caller gets back (141 by `Ending`), not the end of
/// this test's process: nothing below `main` exits, and the context still finishes.
#[tokio::test(flavor = "multi_thread")]
async fn a_closed_stdout_is_returned_not_exited() {
    let sb = Local::start().await;
    for args in [
        vec!["forms", "list", "--all", "-o", "ndjson"],
        vec!["export", "forms"],
        vec!["config", "path"],
    ] {
        let cli = Cli::try_parse_from(std::iter::once("recruit").chain(args.iter().copied()))
            .expect("arguments parse");
        let mut globals = cli.globals;
        globals.base_url = Some(sb.sb.base_url());
        globals.api_key = Some(Secret::new(sb.sb.api_key.clone()));
        let config = Config::load_from(&sb.dir.path().join("config.toml")).unwrap();
        let (io, stderr) = Io::closed_stdout(Term::piped(), "");
        let mut ctx = Ctx::with(globals, config, io).expect("context");
        let result = dispatch(&mut ctx, cli.command).await;
        ctx.finish().await;
        let ending = recruit::cli::Ending::of(result, &ctx.io);
        assert_eq!(ending.code(), 141, "{args:?}: {ending:?}");
        assert!(!stderr.text().contains("error"), "{}", stderr.text());
    }
    sb.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn memo_content_from_stdin_and_pin_twice_say_what_changed() {
    let sb = Local::start().await;
    let created = sb
        .run(
            &[
                "memos",
                "create",
                "C1001",
                "--content",
                "-",
                "--role",
                "member",
            ],
            "Called back: available from March\n",
        )
        .await;
    assert_eq!(created.code, 0, "{}", created.stderr);
    let memo = resource(&created.stdout);
    assert_eq!(memo["content"], "Called back: available from March");
    let id = memo["id"].as_i64().expect("memo id").to_string();

    let first = sb.run(&["memos", "pin", "C1001", &id], "").await;
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(resource(&first.stdout)["pinned"], true);
    assert!(
        !first.stderr.contains("nothing changed"),
        "{}",
        first.stderr
    );

    let again = sb.run(&["memos", "pin", "C1001", &id], "").await;
    assert_eq!(again.code, 0);
    assert_eq!(resource(&again.stdout)["pinned"], true);
    assert!(
        again.stderr.contains(&format!(
            "Memo {id} on candidate C1001 is already pinned; nothing changed."
        )),
        "{}",
        again.stderr
    );
    sb.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn export_reads_candidate_codes_from_stdin_and_reports_on_stderr() {
    let sb = Local::start().await;
    let r = sb
        .run(
            &["export", "submissions", "--candidates", "-", "-o", "ndjson"],
            "C1001\nC1002\nC9999\n",
        )
        .await;
    // One candidate is unknown: exit 3, the others exported.
    assert_eq!(r.code, 3, "{}", r.stderr);
    let records: Vec<Value> = r.stdout.lines().map(json).collect();
    assert!(!records.is_empty());
    let codes: std::collections::BTreeSet<&str> = records
        .iter()
        .map(|v| v["candidate_code"].as_str().expect("candidate_code"))
        .collect();
    assert_eq!(codes.into_iter().collect::<Vec<_>>(), ["C1001", "C1002"]);
    assert!(
        r.stderr.contains("1 of 3 candidates not found"),
        "{}",
        r.stderr
    );
    sb.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_typed_field_from_stdin_goes_into_the_webhook_body() {
    let sb = Local::start().await;
    let r = sb
        .run(
            &[
                "webhooks",
                "create",
                "--callback-url",
                "https://hooks.example.com/recruit",
                "--event",
                "candidate_pass",
                "-F",
                "active=@-",
            ],
            "false\n",
        )
        .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    let hook = resource(&r.stdout);
    assert_eq!(hook["active"], false, "{hook}");
    assert_eq!(hook["callback_url"], "https://hooks.example.com/recruit");

    let missing = sb.run(&["memos", "get", "C1001", "999999"], "").await;
    assert_eq!(missing.code, 3);
    assert!(
        missing
            .stderr
            .contains("memo 999999 not found on candidate C1001"),
        "{}",
        missing.stderr
    );
    assert!(missing.stdout.is_empty());
    sb.shutdown().await;
}

/// A list streamed as ndjson or csv and the export of the same records go through one encoder:
/// the export's records are the list's lines with `candidate_code` in front.
#[tokio::test(flavor = "multi_thread")]
async fn a_list_and_the_export_write_the_same_records() {
    let sb = Local::start().await;
    let listed = sb
        .run(
            &["submissions", "list", "C1001", "--all", "-o", "ndjson"],
            "",
        )
        .await;
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    let exported = sb
        .run(
            &["export", "submissions", "--candidates", "-", "-o", "ndjson"],
            "C1001\n",
        )
        .await;
    assert_eq!(exported.code, 0, "{}", exported.stderr);
    let from_list: Vec<Value> = listed.stdout.lines().map(json).collect();
    let from_export: Vec<Value> = exported
        .stdout
        .lines()
        .map(|l| {
            let mut v = json(l);
            assert_eq!(v["candidate_code"], "C1001");
            v.as_object_mut().unwrap().remove("candidate_code");
            v
        })
        .collect();
    assert!(from_list.len() > 1);
    assert_eq!(from_list, from_export);

    let csv_list = sb
        .run(
            &[
                "submissions",
                "list",
                "C1001",
                "--all",
                "-o",
                "csv",
                "--fields",
                "code,kind",
            ],
            "",
        )
        .await;
    let csv_export = sb
        .run(
            &[
                "export",
                "submissions",
                "--candidates",
                "-",
                "-o",
                "csv",
                "--fields",
                "code,kind",
            ],
            "C1001\n",
        )
        .await;
    let list_rows: Vec<&str> = csv_list.stdout.lines().collect();
    let export_rows: Vec<String> = csv_export
        .stdout
        .lines()
        .map(|l| l.split_once(',').unwrap().1.to_string())
        .collect();
    assert_eq!(list_rows[0], "code,kind");
    assert_eq!(list_rows, export_rows);
    sb.shutdown().await;
}

/// A table fits the width the context's terminal reports.
#[tokio::test(flavor = "multi_thread")]
async fn a_table_fits_the_terminal_width_of_the_context() {
    let sb = Local::start().await;
    for width in [60u16, 140] {
        let term = Term {
            width: Some(width),
            ..Term::piped()
        };
        let r = sb.run_on(&["forms", "list", "-o", "table"], "", term).await;
        assert_eq!(r.code, 0, "{}", r.stderr);
        let widest = r.stdout.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(
            widest <= width as usize,
            "{widest} > {width}:\n{}",
            r.stdout
        );
        assert!(r.stdout.contains("FORM-1001"));
    }
    sb.shutdown().await;
}

/// `recruit api` prints a body as it came: to a pipe byte for byte (binary and escape
/// sequences included, no newline added); to a terminal as text whose escape sequences are
/// shown, not obeyed.
#[tokio::test(flavor = "multi_thread")]
async fn api_writes_the_body_raw_to_a_pipe_and_safe_to_a_terminal() {
    use crate::common::{stub, Reply};
    let body: &[u8] = b"\xff\xfe raw \x1b[2J\x1b]52;c;cGF3bmVk\x07 end";
    let s = stub(move |_, _| Reply {
        status: 200,
        headers: vec![("content-type".into(), "application/octet-stream".into())],
        body: body.to_vec(),
        delay_ms: 0,
    });
    let piped = run_on_stub(&s, &["api", "GET", "/v1/blob"], Term::piped()).await;
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    assert_eq!(piped.bytes, body);

    let tty = Term {
        stdout_tty: true,
        ..Term::piped()
    };
    let shown = run_on_stub(&s, &["api", "GET", "/v1/blob"], tty).await;
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    assert!(
        !shown.bytes.iter().any(|b| *b == 0x1b || *b == 0x07),
        "{:?}",
        shown.stdout
    );
    assert_eq!(
        shown.stdout,
        "\u{fffd}\u{fffd} raw \\x1b[2J\\x1b]52;c;cGF3bmVk\\x07 end\n"
    );
    // A JSON body keeps its own bytes to a pipe, several lines and all.
    let pretty = "{\n  \"a\": \"\\u001b[31m\"\n}";
    let j = stub(move |_, _| Reply::json(200, pretty));
    let piped = run_on_stub(&j, &["api", "GET", "/v1/x"], Term::piped()).await;
    assert_eq!(piped.bytes, pretty.as_bytes());
}

/// The client's retries are told through the context's standard error (a captured one here),
/// never on standard output: a note on a terminal, and with -v the request lines too.
#[tokio::test(flavor = "multi_thread")]
async fn the_clients_reports_go_to_the_contexts_stderr() {
    use crate::common::{stub, Reply};
    let s = stub(|_, n| {
        if n == 1 {
            Reply::json(503, r#"{"error":"busy"}"#)
        } else {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        }
    });
    let tty = Term {
        stderr_tty: true,
        ..Term::piped()
    };
    let r = run_on_stub(&s, &["forms", "list"], tty).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("retrying in ") && r.stderr.contains(" (503), attempt 2 of 4\n"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("* retry"), "no -v: {}", r.stderr);
    assert!(!r.stdout.contains("retrying"), "{}", r.stdout);

    let s = stub(|_, n| {
        if n == 1 {
            Reply::json(503, r#"{"error":"busy"}"#)
        } else {
            Reply::json(200, r#"{"collection":[],"pagination":{}}"#)
        }
    });
    let r = run_on_stub(&s, &["-v", "forms", "list"], Term::piped()).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 6, "{}", r.stderr);
    assert!(lines[0].starts_with("> GET http://"), "{}", r.stderr);
    assert!(
        lines[1].starts_with("< 503 Service Unavailable ("),
        "{}",
        r.stderr
    );
    assert!(lines[2].starts_with("retrying in "), "{}", r.stderr);
    assert!(lines[3].starts_with("* retry 1/3 in "), "{}", r.stderr);
    assert!(lines[3].ends_with("s: HTTP 503"), "{}", r.stderr);
    assert!(lines[5].starts_with("< 200 OK ("), "{}", r.stderr);
    assert!(!r.stderr.contains("sk-stub"), "{}", r.stderr);
    assert_eq!(r.stdout, "{\"collection\":[],\"pagination\":{}}\n");
}

/// A large upload draws its bar where the context's terminal is (a captured one here), and
/// none without a terminal.
#[tokio::test(flavor = "multi_thread")]
async fn an_upload_shows_its_progress_on_the_contexts_terminal_only() {
    let sb = Local::start().await;
    let file = sb.dir.path().join("big.bin");
    std::fs::write(&file, vec![7u8; 3 << 20]).unwrap();
    let path = file.to_str().unwrap();
    let tty = Term {
        stderr_tty: true,
        width: Some(100),
        ..Term::piped()
    };
    let r = sb.run_on(&["files", "upload", path], "", tty).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("uploading big.bin ["), "{:?}", r.stderr);
    assert!(r.stderr.contains("/3.00 MiB"), "{:?}", r.stderr);
    assert!(r.stdout.contains("/big.bin"), "{}", r.stdout);
    assert!(
        r.stderr.contains('\x1b'),
        "a bar redraws with escapes: {:?}",
        r.stderr
    );
    let r = sb.run(&["files", "upload", path], "").await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
    // NO_COLOR or --color never: no escape sequence at all, so no bar on the terminal either.
    let plain = Term {
        no_color: true,
        ..tty
    };
    let r = sb.run_on(&["files", "upload", path], "", plain).await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stderr.contains('\x1b'), "{:?}", r.stderr);
    assert!(!r.stderr.contains("uploading big.bin ["), "{:?}", r.stderr);
    sb.shutdown().await;
}

/// What a table leaves out is said on the context's stderr, for every table drawn (a second
/// run in the same process too).
#[tokio::test(flavor = "multi_thread")]
async fn a_cut_table_cell_is_noted_on_stderr_each_run() {
    use crate::common::{stub, Reply};
    let long = "x".repeat(5000);
    let body = serde_json::json!({"collection": [{"code": "F1", "title": long, "open_status": true}], "pagination": {}});
    let s = stub(move |_, _| Reply::json(200, &body.to_string()));
    for _ in 0..2 {
        let r = run_on_stub(&s, &["-o", "table", "forms", "list"], Term::piped()).await;
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(
            r.stderr,
            "note: values longer than 4000 characters are cut in tables (…); -o json shows them in full\n"
        );
        assert!(r.stdout.contains('…') && !r.stdout.contains(&long));
    }
}
