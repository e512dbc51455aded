//! `recruit webhooks listen|verify|trigger`, end to end: the real binary, real HTTP on
//! 127.0.0.1, small axum receivers standing in for the service and for local apps.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use assert_cmd::cargo::CommandCargoExt;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, Uri};
use recruit::webhook::signature;
use tokio::sync::mpsc;

const KEY: &str = "whsec_test";
const HEADER: &str = "Service-Webhook-Signature";
const WAIT: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------------------------------------
// Fixed vectors, computed outside the project with openssl (OpenSSL 3, C.UTF-8 shell):
//
// printf '%s' '1700000000.{"action":"candidate_pass"}' | openssl dgst -sha256 -hmac 'whsec_test'
const V_ASCII: &str = "1c18c04affb64b96016498744cedf1b44a45cc8fdf5e8d724a64a1c7797c24c7";
// printf '%s' '1700000000.' | openssl dgst -sha256 -hmac 'whsec_test'
const V_EMPTY: &str = "5967f3c560522fa40cf2876ebc3c3a08551dd6959aaade3b413460591895bdcc";
// printf '%s' '1712345678.{"action":"form_submitted","payload":{"candidate_name":"山田 太郎","note":"Grüße"}}' | openssl dgst -sha256 -hmac 'whsec_rotated_2'
const V_UTF8: &str = "1066686f469ca32ff55a27683da3068d8ecfdb78f3ba321a49a6ff14a07c284e";
const UTF8_BODY: &str =
    r#"{"action":"form_submitted","payload":{"candidate_name":"山田 太郎","note":"Grüße"}}"#;
// printf '1700000001.\xff\x00\xfe\n' | openssl dgst -sha256 -hmac 'whsec_test'
const V_BINARY: &str = "bce6cf60d62b4b2ef54dcb77ed41bbdfc653386846ebe3c174f2fc04d8578a7a";
// ---------------------------------------------------------------------------------------------

/// The binary, isolated from the developer's config, env and profile.
fn recruit(config_dir: &std::path::Path) -> std::process::Command {
    let mut cmd = std::process::Command::cargo_bin("recruit").expect("binary built");
    cmd.env("RECRUIT_CONFIG_DIR", config_dir)
        .env("RECRUIT_DATA_DIR", config_dir)
        .env_remove("RECRUIT_SIGNING_KEY")
        .env_remove("RECRUIT_OUTPUT")
        .env_remove("RECRUIT_PROFILE")
        .env_remove("RECRUIT_TIMEOUT")
        .env("NO_COLOR", "1");
    cmd
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Run the binary to completion off the async runtime (receivers run on it meanwhile).
async fn run(args: &[&str], stdin: Option<Vec<u8>>) -> Run {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = assert_cmd::Command::from_std(recruit(dir.path()));
        cmd.args(&args).timeout(Duration::from_secs(60));
        cmd.write_stdin(stdin.unwrap_or_default());
        let out = cmd.output().expect("ran recruit");
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    })
    .await
    .unwrap()
}

/// `recruit webhooks listen` as a child process, with its output read line by line.
struct Listener {
    child: Child,
    url: String,
    stdout: mpsc::UnboundedReceiver<String>,
    stderr: mpsc::UnboundedReceiver<String>,
    /// Every stderr line read so far.
    log: Vec<String>,
    _dir: tempfile::TempDir,
}

fn pipe_lines(r: impl std::io::Read + Send + 'static) -> mpsc::UnboundedReceiver<String> {
    let (tx, rx) = mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            match line {
                Ok(l) => {
                    if tx.send(l).is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    });
    rx
}

impl Listener {
    async fn start(args: &[&str], env: &[(&str, &str)]) -> Listener {
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = recruit(dir.path());
        cmd.args(["webhooks", "listen", "--port", "0"])
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("spawn listener");
        let stdout = pipe_lines(child.stdout.take().unwrap());
        let stderr = pipe_lines(child.stderr.take().unwrap());
        let mut l = Listener {
            child,
            url: String::new(),
            stdout,
            stderr,
            log: Vec::new(),
            _dir: dir,
        };
        let first = l.stderr_line().await.expect("listener printed its address");
        // A line for people, or (under -o json/ndjson, stderr piped) a JSON log line whose
        // message is that line.
        let url = first
            .find("listening on http://")
            .and_then(|at| {
                first[at + "listening on ".len()..]
                    .split_whitespace()
                    .next()
            })
            .map(|u| u.trim_end_matches('"'))
            .unwrap_or_else(|| panic!("unexpected first stderr line: {first}"));
        l.url = url.to_string();
        l
    }

    async fn stderr_line(&mut self) -> Option<String> {
        let line = tokio::time::timeout(WAIT, self.stderr.recv())
            .await
            .ok()
            .flatten()?;
        self.log.push(line.clone());
        Some(line)
    }

    /// Read stderr until a line contains `needle`; panic with the log otherwise.
    async fn expect_stderr(&mut self, needle: &str) -> String {
        if let Some(l) = self.log.iter().find(|l| l.contains(needle)) {
            return l.clone();
        }
        while let Some(line) = self.stderr_line().await {
            if line.contains(needle) {
                return line;
            }
        }
        panic!(
            "no stderr line with {needle:?}; stderr so far:\n{}",
            self.log.join("\n")
        );
    }

    async fn stdout_line(&mut self) -> String {
        tokio::time::timeout(WAIT, self.stdout.recv())
            .await
            .ok()
            .flatten()
            .expect("an event line on stdout")
    }

    /// No stdout line within a short wait.
    async fn no_stdout(&mut self) {
        let got = tokio::time::timeout(Duration::from_millis(200), self.stdout.recv()).await;
        if let Ok(Some(line)) = got {
            panic!("unexpected stdout line: {line}");
        }
    }

    /// SIGTERM; expect a clean exit with `summary` as the last word, and no key in the log.
    async fn stop_expecting(mut self, summary: &str) {
        crate::common::send_signal(&self.child, "TERM");
        // stderr closes when the process exits.
        while self.stderr_line().await.is_some() {}
        let code = self.child.wait().unwrap().code();
        let log = &self.log;
        assert_eq!(code, Some(0), "{log:?}");
        assert_eq!(
            log.last().map(String::as_str),
            Some(&*format!("stopped: {summary}"))
        );
        assert!(!log.iter().any(|l| l.contains(KEY)), "{log:?}");
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

/// POST `body` with an optional signature header value; returns (status, body).
async fn post(url: &str, body: impl Into<Vec<u8>>, sig: Option<&str>) -> (u16, String) {
    let mut req = client()
        .post(url)
        .header("Content-Type", "application/json")
        .body(body.into());
    if let Some(s) = sig {
        req = req.header(HEADER, s);
    }
    let resp = req.send().await.expect("request sent");
    let status = resp.status().as_u16();
    (status, resp.text().await.unwrap_or_default())
}

fn now() -> i64 {
    signature::now_unix(recruit::clock::system().as_ref())
}

/// A request a receiver got.
#[derive(Debug, Clone)]
struct Received {
    path: String,
    headers: HeaderMap,
    body: Bytes,
}

/// A receiver on 127.0.0.1:0 that records requests and answers the statuses of its script in
/// turn (the last one repeats).
struct Receiver {
    url: String,
    got: Arc<Mutex<Vec<Received>>>,
    script: Arc<Mutex<VecDeque<u16>>>,
}

impl Receiver {
    async fn start(script: &[u16]) -> Receiver {
        let got = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::new(Mutex::new(
            script.iter().copied().collect::<VecDeque<u16>>(),
        ));
        let (g, s) = (got.clone(), script.clone());
        let app = axum::Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: Bytes| {
            let (g, s) = (g.clone(), s.clone());
            async move {
                g.lock().unwrap().push(Received {
                    path: uri.path().to_string(),
                    headers,
                    body,
                });
                let mut script = s.lock().unwrap();
                let code = if script.len() > 1 {
                    script.pop_front().unwrap()
                } else {
                    script[0]
                };
                StatusCode::from_u16(code).unwrap()
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Receiver { url, got, script }
    }

    fn requests(&self) -> Vec<Received> {
        self.got.lock().unwrap().clone()
    }

    fn answer_from_now_on(&self, code: u16) {
        *self.script.lock().unwrap() = VecDeque::from([code]);
    }
}

/// The request's signature verifies with `key` (within the default tolerance, now).
fn assert_signed(r: &Received, key: &str) -> i64 {
    let header = r
        .headers
        .get(HEADER)
        .expect("signature header present")
        .to_str()
        .unwrap();
    signature::verify(
        Some(header),
        &r.body,
        &[key.as_bytes()],
        Some(Duration::from_secs(300)),
        now(),
    )
    .unwrap_or_else(|e| panic!("signature {header} does not verify: {e}"))
    .timestamp
}

fn sample(action: &str) -> Vec<u8> {
    recruit::webhook::samples::event(action)
        .unwrap()
        .to_string()
        .into_bytes()
}

#[test]
fn signature_matches_the_openssl_vectors() {
    use signature::compute;
    assert_eq!(
        compute(
            KEY.as_bytes(),
            1_700_000_000,
            br#"{"action":"candidate_pass"}"#
        ),
        V_ASCII
    );
    assert_eq!(compute(KEY.as_bytes(), 1_700_000_000, b""), V_EMPTY);
    assert_eq!(
        compute(b"whsec_rotated_2", 1_712_345_678, UTF8_BODY.as_bytes()),
        V_UTF8
    );
    assert_eq!(
        compute(KEY.as_bytes(), 1_700_000_001, b"\xff\x00\xfe\n"),
        V_BINARY
    );
    assert_eq!(
        signature::sign(
            KEY.as_bytes(),
            1_700_000_000,
            br#"{"action":"candidate_pass"}"#
        ),
        format!("t=1700000000,v1={V_ASCII}")
    );
}

// ---------------------------------------------------------------------------------------------
// verify

#[tokio::test]
async fn verify_accepts_the_openssl_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[u8], i64, &str)] = &[
        (
            KEY,
            br#"{"action":"candidate_pass"}"#,
            1_700_000_000,
            V_ASCII,
        ),
        (KEY, b"", 1_700_000_000, V_EMPTY),
        (
            "whsec_rotated_2",
            UTF8_BODY.as_bytes(),
            1_712_345_678,
            V_UTF8,
        ),
        (KEY, b"\xff\x00\xfe\n", 1_700_000_001, V_BINARY),
    ];
    for (i, (key, body, t, v1)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("body{i}"));
        std::fs::write(&file, body).unwrap();
        let sig = format!("t={t},v1={v1}");
        let now = (t + 10).to_string();
        let r = run(
            &[
                "webhooks",
                "verify",
                "--signing-key",
                key,
                "--signature",
                &sig,
                "--payload",
                file.to_str().unwrap(),
                "--now",
                &now,
            ],
            None,
        )
        .await;
        assert_eq!(r.code, 0, "vector {i}: {}", r.stderr);
        assert!(r.stdout.starts_with("valid (signed at "), "{}", r.stdout);
        // The same bytes on standard input.
        let r = run(
            &[
                "webhooks",
                "verify",
                "--signing-key",
                key,
                "--signature",
                &sig,
                "--now",
                &now,
            ],
            Some(body.to_vec()),
        )
        .await;
        assert_eq!(r.code, 0, "vector {i} on stdin: {}", r.stderr);
    }
    let r = run(
        &[
            "webhooks",
            "verify",
            "--signing-key",
            KEY,
            "--signature",
            &format!("t=1700000000,v1={V_ASCII}"),
            "--payload",
            "-",
            "--now",
            "1700000000",
        ],
        Some(br#"{"action":"candidate_pass"}"#.to_vec()),
    )
    .await;
    assert_eq!(
        r.stdout.trim(),
        "valid (signed at 2023-11-14T22:13:20Z, just now)"
    );
}

#[tokio::test]
async fn verify_rejects_tampered_and_old_with_exit_8() {
    let sig = format!("t=1700000000,v1={V_ASCII}");
    let base = [
        "webhooks",
        "verify",
        "--signing-key",
        KEY,
        "--signature",
        &sig,
    ];

    let mut args = base.to_vec();
    args.extend(["--now", "1700000000"]);
    let r = run(&args, Some(br#"{"action":"candidate_pass" }"#.to_vec())).await;
    assert_eq!(r.code, 8, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("error: signature invalid: no matching signature"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains(KEY) && !r.stdout.contains(KEY));

    let mut args = base.to_vec();
    args.extend(["--now", "1700000400"]);
    let r = run(&args, Some(br#"{"action":"candidate_pass"}"#.to_vec())).await;
    assert_eq!(r.code, 8, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "signature invalid: too old: signed 6 min 40 s ago, 1 min 40 s beyond the 5 min tolerance"
        ),
        "{}",
        r.stderr
    );
    // --tolerance 0 disables the age check.
    args.extend(["--tolerance", "0"]);
    let r = run(&args, Some(br#"{"action":"candidate_pass"}"#.to_vec())).await;
    assert_eq!(r.code, 0, "{}", r.stderr);

    let mut args = base.to_vec();
    args.extend(["--now", "1699999000"]);
    let r = run(&args, Some(br#"{"action":"candidate_pass"}"#.to_vec())).await;
    assert_eq!(r.code, 8);
    assert!(r.stderr.contains("in the future"), "{}", r.stderr);

    let r = run(
        &[
            "webhooks",
            "verify",
            "--signing-key",
            KEY,
            "--signature",
            &format!("v1={V_ASCII}"),
        ],
        Some(Vec::new()),
    )
    .await;
    assert_eq!(r.code, 8);
    assert!(
        r.stderr.contains("malformed signature header: no t="),
        "{}",
        r.stderr
    );
}

#[tokio::test]
async fn verify_missing_payload_file_or_key_is_exit_2() {
    let sig = format!("t=1700000000,v1={V_ASCII}");
    let r = run(
        &[
            "webhooks",
            "verify",
            "--signing-key",
            KEY,
            "--signature",
            &sig,
            "--payload",
            "/nonexistent/body.json",
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r
        .stderr
        .contains("cannot read payload file /nonexistent/body.json"));
    let r = run(
        &["webhooks", "verify", "--signature", &sig],
        Some(Vec::new()),
    )
    .await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("no signing key"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------------------------
// listen

#[tokio::test]
async fn listen_accepts_a_valid_event_and_prints_it() {
    // -o table: the line for people (a terminal's default).
    let mut l = Listener::start(&["-o", "table", "--signing-key", KEY], &[]).await;
    let body = sample("candidate_stage_changed");
    let sig = signature::sign(KEY.as_bytes(), now(), &body);
    let (status, _) = post(&format!("{}/any/path?x=1", l.url), body, Some(&sig)).await;
    assert_eq!(status, 200);
    let line = l.stdout_line().await;
    assert!(
        line.ends_with("candidate_stage_changed  CA7Q2M9X Hana Sato  stage: First interview"),
        "{line}"
    );
    l.stop_expecting("1 received, 1 accepted, 0 rejected").await;
}

/// (what, body, signature header, expected status, expected error code)
type Rejected<'a> = (&'a str, &'a Vec<u8>, Option<&'a String>, u16, &'a str);

#[tokio::test]
async fn listen_rejects_each_bad_signature_with_its_reason() {
    let mut l = Listener::start(&["--signing-key", KEY], &[]).await;
    let url = format!("{}/webhooks", l.url);
    let body = sample("candidate_pass");
    let t = now();
    let good = signature::sign(KEY.as_bytes(), t, &body);

    let mut tampered = body.clone();
    let at = tampered.len() - 3;
    tampered[at] = b'X';
    let stale = signature::sign(KEY.as_bytes(), t - 400, &body);
    let future = signature::sign(KEY.as_bytes(), t + 400, &body);
    let wrong_key = signature::sign(b"whsec_other", t, &body);
    let malformed = format!("t=abc,{}", &good[good.find("v1=").unwrap()..]);
    let cases: [Rejected; 6] = [
        (
            "tampered body",
            &tampered,
            Some(&good),
            401,
            "no_matching_signature",
        ),
        (
            "wrong key",
            &body,
            Some(&wrong_key),
            401,
            "no_matching_signature",
        ),
        ("stale", &body, Some(&stale), 401, "too_old"),
        ("future", &body, Some(&future), 401, "in_future"),
        (
            "malformed",
            &body,
            Some(&malformed),
            400,
            "malformed_header",
        ),
        ("missing", &body, None, 400, "missing_header"),
    ];
    for (what, b, sig, want, code) in cases {
        let (status, text) = post(&url, b.clone(), sig.map(String::as_str)).await;
        assert_eq!(status, want, "{what}: {text}");
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["error"], code, "{what}: {text}");
        assert!(
            json["message"].as_str().unwrap().len() > 5,
            "{what}: {text}"
        );
    }
    l.expect_stderr("rejected POST /webhooks: no matching signature")
        .await;
    l.expect_stderr("too old: signed 6 min").await;
    l.expect_stderr("timestamp in the future: 6 min").await;
    l.expect_stderr("malformed signature header: t='abc'").await;
    l.expect_stderr("missing signature header (expected Service-Webhook-Signature)")
        .await;
    l.no_stdout().await;
    l.stop_expecting("6 received, 0 accepted, 6 rejected").await;
}

#[tokio::test]
async fn listen_accepts_rotated_keys_on_both_sides() {
    // The receiver knows two keys: either signature passes.
    let mut l = Listener::start(
        &["--signing-key", "whsec_old", "--signing-key", "whsec_new"],
        &[],
    )
    .await;
    let body = sample("feedback_created");
    for key in ["whsec_old", "whsec_new"] {
        let sig = signature::sign(key.as_bytes(), now(), &body);
        assert_eq!(post(&l.url, body.clone(), Some(&sig)).await.0, 200, "{key}");
        assert!(l.stdout_line().await.contains("feedback_created"));
    }
    let sig = signature::sign(b"whsec_retired", now(), &body);
    assert_eq!(post(&l.url, body.clone(), Some(&sig)).await.0, 401);
    l.expect_stderr("checked against 2 keys").await;
    drop(l);

    // The sender signs with two keys (two v1 entries); the receiver knows one, from the env.
    let mut l = Listener::start(&[], &[("RECRUIT_SIGNING_KEY", "whsec_new")]).await;
    let t = now();
    let sig = format!(
        "t={t},v1={},v1={},v0=ignored",
        signature::compute(b"whsec_old", t, &body),
        signature::compute(b"whsec_new", t, &body)
    );
    assert_eq!(post(&l.url, body.clone(), Some(&sig)).await.0, 200);
    assert!(l.stdout_line().await.contains("feedback_created"));
}

/// Stopped as soon as it says where it listens (a supervisor's quick restart): an orderly stop
/// with its summary and exit 0, not the default kill of a signal nothing watched yet.
#[tokio::test]
async fn listen_stopped_as_soon_as_it_speaks_stops_in_order() {
    let l = Listener::start(&["--signing-key", KEY], &[]).await;
    l.stop_expecting("0 received, 0 accepted, 0 rejected").await;
}

#[tokio::test]
async fn listen_into_a_pipe_prints_each_event_as_one_json_line() {
    // No -o: stdout is a pipe here, so events come as JSON lines a script can parse.
    let mut l = Listener::start(&[], &[]).await;
    let pretty = serde_json::to_vec_pretty(&serde_json::json!({
        "action": "candidate_pass",
        "payload": {"candidate": {"code": "C77"}}
    }))
    .unwrap();
    assert_eq!(post(&l.url, pretty, None).await.0, 200);
    let line = l.stdout_line().await;
    let event: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(event["action"], "candidate_pass");
    assert_eq!(event["payload"]["candidate"]["code"], "C77");
    assert!(!line.contains('\n'));
    assert_eq!(post(&l.url, sample("form_submitted"), None).await.0, 200);
    let next: serde_json::Value = serde_json::from_str(&l.stdout_line().await).unwrap();
    assert_eq!(next["action"], "form_submitted");
}

#[tokio::test]
async fn listen_answers_413_above_one_mebibyte() {
    let mut l = Listener::start(&["-o", "ndjson"], &[]).await;
    let mut exact = br#"{"action":"form_submitted","pad":""#.to_vec();
    exact.resize(1024 * 1024 - 2, b'a');
    exact.extend_from_slice(br#""}"#);
    assert_eq!(exact.len(), 1024 * 1024);
    assert_eq!(post(&l.url, exact.clone(), None).await.0, 200);
    assert_eq!(l.stdout_line().await.len(), exact.len());

    let mut over = exact.clone();
    over.insert(over.len() - 2, b'a');
    let (status, text) = post(&l.url, over, None).await;
    assert_eq!(status, 413, "{text}");
    l.expect_stderr("body larger than 1048576 bytes (answered 413)")
        .await;
}

#[tokio::test]
async fn listen_without_key_accepts_everything_and_filters_events() {
    // -o table: the human line, which a pipe gets only when asked for.
    let mut l = Listener::start(
        &["-o", "table", "--events", "candidate_pass,form_submitted"],
        &[],
    )
    .await;
    assert!(l
        .expect_stderr("no signing key")
        .await
        .contains("without verifying"));
    let (status, text) = post(&l.url, sample("candidate_pass"), None).await;
    assert_eq!((status, text.as_str()), (200, r#"{"ok":true}"#));
    assert!(l.stdout_line().await.contains("candidate_pass  CA7Q2M9X"));
    // Bad signatures are not checked without a key; filtered actions still get 200.
    assert_eq!(
        post(&l.url, sample("feedback_created"), Some("garbage"))
            .await
            .0,
        200
    );
    l.expect_stderr("skipped feedback_created (not in --events)")
        .await;
    assert_eq!(post(&l.url, b"not json".to_vec(), None).await.0, 200);
    l.expect_stderr("skipped an event without action").await;
    assert_eq!(post(&l.url, sample("form_submitted"), None).await.0, 200);
    assert!(l
        .stdout_line()
        .await
        .contains("form_submitted  CA7Q2M9X Hana Sato  form: Reference check"));
    // Only POST.
    let resp = client().get(&l.url).send().await.unwrap();
    assert_eq!(resp.status().as_u16(), 405);
    l.no_stdout().await;
    l.stop_expecting("5 received, 4 accepted (2 skipped by --events), 1 rejected")
        .await;
}

#[tokio::test]
async fn listen_json_output_prints_the_body_as_received() {
    let mut l = Listener::start(&["-o", "json", "--signing-key", KEY], &[]).await;
    let body = UTF8_BODY.as_bytes().to_vec();
    let sig = signature::sign(KEY.as_bytes(), now(), &body);
    assert_eq!(post(&l.url, body, Some(&sig)).await.0, 200);
    assert_eq!(l.stdout_line().await, UTF8_BODY);
}

#[tokio::test]
async fn listen_forwards_exact_bytes_and_warns_on_non_200() {
    let app = Receiver::start(&[200]).await;
    let all = format!("{}/all", app.url);
    let feedback = format!("feedback_created={}/feedback", app.url);
    let mut l = Listener::start(
        &[
            "--signing-key",
            KEY,
            "--forward-to",
            &all,
            "--forward",
            &feedback,
            "--header",
            "X-Sig",
        ],
        &[],
    )
    .await;
    // Odd spacing and non-ASCII: a re-serialization would change these bytes.
    let body = "{ \"action\": \"candidate_pass\",\n  \"payload\": {\"candidate\": {\"code\": \"C1\", \"name\": \"Zoë 山田\"}} }"
        .as_bytes()
        .to_vec();
    let sig = signature::sign(KEY.as_bytes(), now(), &body);
    let resp = client()
        .post(&l.url)
        .header("Content-Type", "application/json; charset=utf-8")
        .header("X-Sig", &sig)
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    l.expect_stderr(&format!(
        "forwarded to {}: HTTP 200",
        recruit::redact::target_name(&all)
    ))
    .await;
    let got = app.requests();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].path, "/all");
    assert_eq!(got[0].body.as_ref(), body.as_slice());
    assert_eq!(got[0].headers["x-sig"].to_str().unwrap(), sig);
    assert_eq!(
        got[0].headers["content-type"].to_str().unwrap(),
        "application/json; charset=utf-8"
    );
    let header = got[0].headers["x-sig"].to_str().unwrap();
    signature::verify(Some(header), &got[0].body, &[KEY.as_bytes()], None, now()).unwrap();

    // Per-action route.
    let body2 = sample("feedback_created");
    let sig2 = signature::sign(KEY.as_bytes(), now(), &body2);
    let resp = client()
        .post(&l.url)
        .header("X-Sig", &sig2)
        .body(body2.clone())
        .send()
        .await;
    assert_eq!(resp.unwrap().status().as_u16(), 200);
    // The target by its one shown name.
    l.expect_stderr(&format!(
        "{}: HTTP 200",
        recruit::redact::target_name(&feedback["feedback_created=".len()..])
    ))
    .await;
    assert_eq!(app.requests()[1].path, "/feedback");
    assert_eq!(app.requests()[1].body.as_ref(), body2.as_slice());

    // The app fails: without a store nothing keeps the event, so the sender gets 502 and
    // retries later instead of counting it delivered.
    app.answer_from_now_on(500);
    let resp = client()
        .post(&l.url)
        .header("X-Sig", &sig)
        .body(body.clone())
        .send()
        .await;
    assert_eq!(resp.unwrap().status().as_u16(), 502);
    let warning = l.expect_stderr("warning: forward to").await;
    assert!(warning.contains("answered HTTP 500"), "{warning}");
    assert!(warning.contains("answering the service 502"), "{warning}");
    assert_eq!(app.requests().len(), 3);
    l.stop_expecting("3 received, 3 accepted, 0 rejected, 1 forwards failed")
        .await;
}

// ---------------------------------------------------------------------------------------------
// trigger

#[tokio::test]
async fn trigger_retries_until_200() {
    let rx = Receiver::start(&[500, 503, 200, 200]).await;
    let to = format!("{}/hooks", rx.url);
    let r = run(
        &[
            "webhooks",
            "trigger",
            "candidate_pass",
            "--to",
            &to,
            "--signing-key",
            KEY,
            "--retry-delays",
            "0.05,0.05,0.05,0.05",
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    let got = rx.requests();
    assert_eq!(got.len(), 3, "exactly three attempts");
    for req in &got {
        assert_signed(req, KEY);
        assert_eq!(req.body.as_ref(), sample("candidate_pass").as_slice());
        assert_eq!(req.headers["content-type"], "application/json");
    }
    assert!(
        r.stderr
            .contains("attempt 1/5: HTTP 500 (retrying in 0.05s)"),
        "{}",
        r.stderr
    );
    assert!(r
        .stderr
        .contains("attempt 2/5: HTTP 503 (retrying in 0.05s)"));
    assert!(r.stderr.contains("attempt 3/5: HTTP 200 (delivered)"));
    assert!(!r.stderr.contains("attempt 4/5"));
    assert_eq!(r.stdout.trim(), "delivered after 3 attempts (HTTP 200)");
    assert!(!r.stderr.contains(KEY) && !r.stdout.contains(KEY));
}

#[tokio::test]
async fn trigger_204_is_not_delivered_after_five_attempts() {
    let rx = Receiver::start(&[204]).await;
    let r = run(
        &[
            "webhooks",
            "trigger",
            "interview_scheduled",
            "--to",
            &rx.url,
            "--signing-key",
            KEY,
            "--retry-delays",
            "0.01,0.01,0.01,0.01",
            "-o",
            "json",
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 7, "{}", r.stderr);
    let got = rx.requests();
    assert_eq!(got.len(), 5);
    for req in &got {
        assert_signed(req, KEY);
    }
    assert!(
        r.stderr
            .contains("attempt 5/5: HTTP 204 (only 200 counts as delivered"),
        "{}",
        r.stderr
    );
    // -o json: the failure is the JSON envelope.
    assert!(
        r.stderr
            .contains(r#"{"error":{"code":"network","message":"not delivered"#),
        "{}",
        r.stderr
    );
    let summary: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(summary["delivered"], false);
    assert_eq!(summary["attempts"].as_array().unwrap().len(), 5);
    assert_eq!(summary["attempts"][4]["status"], 204);
}

#[tokio::test]
async fn trigger_fewer_delays_mean_fewer_attempts_and_unreachable_is_exit_7() {
    let rx = Receiver::start(&[500]).await;
    let r = run(
        &[
            "webhooks",
            "trigger",
            "form_submitted",
            "--to",
            &rx.url,
            "--retry-delays",
            "0.01",
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 7);
    assert_eq!(rx.requests().len(), 2);
    // Unsigned without a key.
    assert!(rx.requests()[0].headers.get(HEADER).is_none());

    // Nothing listens on port 9 of loopback: connection refused, retried, exit 7.
    let r = run(
        &[
            "webhooks",
            "trigger",
            "form_submitted",
            "--to",
            "http://127.0.0.1:9/",
            "--retry-delays",
            "",
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 7, "{}", r.stderr);
    assert!(r.stderr.contains("attempt 1/1: "), "{}", r.stderr);
}

#[tokio::test]
async fn trigger_payload_files() {
    let rx = Receiver::start(&[200]).await;
    let dir = tempfile::tempdir().unwrap();
    let bare = dir.path().join("bare.json");
    std::fs::write(&bare, br#"{"candidate": {"code": "C9"}}"#).unwrap();
    let r = run(
        &[
            "webhooks",
            "trigger",
            "candidate_hired",
            "--to",
            &rx.url,
            "--payload",
            bare.to_str().unwrap(),
            "--signing-key",
            KEY,
            "--header",
            "X-Other",
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 0, "{}", r.stderr);
    let got = rx.requests();
    assert_eq!(
        got[0].body.as_ref(),
        br#"{"action":"candidate_hired","payload":{"candidate":{"code":"C9"}}}"#
    );
    assert!(got[0].headers.get("x-other").is_some());

    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, b"{\n  \"action\": \"candidate_pass\",,\n}").unwrap();
    let r = run(
        &[
            "webhooks",
            "trigger",
            "candidate_pass",
            "--to",
            &rx.url,
            "--payload",
            broken.to_str().unwrap(),
        ],
        None,
    )
    .await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("is not valid JSON") && r.stderr.contains("line 2 column"),
        "{}",
        r.stderr
    );

    let r = run(
        &["webhooks", "trigger", "candidate_hired", "--to", &rx.url],
        None,
    )
    .await;
    assert_eq!(r.code, 2, "{}", r.stderr);
    for (action, _) in recruit::api::webhooks::EVENTS {
        assert!(r.stderr.contains(action), "{}", r.stderr);
    }
    assert_eq!(rx.requests().len(), 1, "nothing sent on bad input");
}

#[tokio::test]
async fn help_has_descriptions_and_examples() {
    for cmd in ["listen", "verify", "trigger"] {
        let r = run(&["webhooks", cmd, "--help"], None).await;
        assert_eq!(r.code, 0);
        assert!(
            r.stdout.contains("\nExamples:\n  recruit webhooks "),
            "{cmd}: {}",
            r.stdout
        );
    }
    let r = run(&["webhooks", "trigger", "--help"], None).await;
    for (action, _) in recruit::api::webhooks::EVENTS {
        assert!(r.stdout.contains(action), "{action}");
    }
    let r = run(&["webhooks", "listen", "--help"], None).await;
    assert!(r.stdout.contains("401  no v1 signature matches"));
    // Without a store a failed forward is answered 502, so the service retries.
    assert!(r.stdout.contains("502  (without --store)"), "{}", r.stdout);
    assert!(
        !r.stdout.contains("stays 200 whatever the app did"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("X-Recruit-Dedup-Key"), "{}", r.stdout);
}

/// Idle and half-sent connections are closed after --idle-timeout; a request still works.
#[tokio::test]
async fn listen_closes_idle_and_half_sent_connections() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let l = Listener::start(&["--idle-timeout", "1"], &[]).await;
    let addr = l.url.trim_start_matches("http://").to_string();
    let idle = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let mut half = tokio::net::TcpStream::connect(&addr).await.unwrap();
    half.write_all(b"POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Le")
        .await
        .unwrap();
    for mut conn in [idle, half] {
        let mut buf = [0u8; 256];
        // Closed by the listener (EOF or reset) well before this generous bound.
        let read = tokio::time::timeout(Duration::from_secs(15), conn.read(&mut buf)).await;
        let closed = matches!(read, Ok(Ok(_)) | Ok(Err(_)));
        assert!(closed, "connection still open after 15 s");
    }
    let resp = reqwest::Client::new()
        .post(format!("{}/hooks", l.url))
        .body(r#"{"action":"candidate_pass","payload":{}}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
}
