//! The whole webhook path: the sandbox delivers signed events to `recruit webhooks listen`,
//! registered with `recruit webhooks create`; the listener verifies and prints them, and the
//! sandbox records the attempts (retrying when the listener refuses a bad signature).

use crate::common::*;

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Proc {
    child: Child,
    stdout: mpsc::Receiver<String>,
    /// Kept open: a closed stderr pipe would make the listener's log writes fail.
    _stderr: mpsc::Receiver<String>,
    url: String,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn listen(home: &Home, key: &str) -> Proc {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
    cmd.env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env_remove("RECRUIT_SIGNING_KEY")
        .args([
            "webhooks",
            "listen",
            "--port",
            "0",
            "--signing-key",
            key,
            "-o",
            "ndjson",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let stdout = lines(child.stdout.take().unwrap());
    let stderr = lines(child.stderr.take().unwrap());
    let url = listening_url(&stderr);
    Proc {
        child,
        stdout,
        _stderr: stderr,
        url,
    }
}

#[test]
fn sandbox_delivers_signed_events_to_the_listener() {
    let home = Home::new();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut opts = recruit::sandbox::SandboxOptions::new(home.dir.path().join("sb.json"));
    opts.retry_scale = 0.001;
    let sb = rt
        .block_on(recruit::sandbox::start(([127, 0, 0, 1], 0).into(), opts))
        .unwrap();
    let base = sb.base_url();
    let key = recruit::sandbox::DEFAULT_API_KEY;
    let listener = listen(&home, "whsec_e2e_good");

    let create = |signing_key: &str, path: &str| -> String {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", &base)
            .env("RECRUIT_API_KEY", key)
            .args([
                "-o",
                "json",
                "webhooks",
                "create",
                "--callback-url",
                &format!("{}{path}", listener.url),
            ])
            .args(["--signing-key", signing_key, "--event", "candidate_pass"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        v["resource"]["code"].as_str().unwrap().to_string()
    };
    let good = create("whsec_e2e_good", "/hooks/good");
    let bad = create("whsec_e2e_WRONG", "/hooks/bad");

    let http = reqwest::Client::new();
    let payload = json!({"action": "candidate_pass", "payload": {"candidate": {"code": "C1004", "name": "Jordan Avery"}}});
    let resp = rt
        .block_on(
            http.post(format!("http://{}/_sandbox/events", sb.addr))
                .bearer_auth(key)
                .json(&payload)
                .send(),
        )
        .unwrap();
    assert!(resp.status().is_success(), "{:?}", resp.status());

    // The verified event is printed once, body as sent.
    let line = listener
        .stdout
        .recv_timeout(Duration::from_secs(20))
        .expect("an event on stdout");
    let event: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(event["action"], "candidate_pass");
    assert_eq!(event["payload"]["candidate"]["code"], "C1004");

    // The sandbox saw 200 for the good webhook, and five refused attempts for the bad one.
    let deadline = Instant::now() + Duration::from_secs(30);
    let (good_attempts, bad_attempts) = loop {
        let all: Value = rt
            .block_on(async {
                http.get(format!("http://{}/_sandbox/deliveries", sb.addr))
                    .bearer_auth(key)
                    .send()
                    .await?
                    .json()
                    .await
            })
            .unwrap();
        let of = |code: &str| -> Vec<Value> {
            all.as_array()
                .unwrap()
                .iter()
                .filter(|d| d["webhook_code"] == code)
                .cloned()
                .collect()
        };
        let (g, b) = (of(&good), of(&bad));
        if (b.len() >= 5 && !g.is_empty()) || Instant::now() > deadline {
            break (g, b);
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(good_attempts.len(), 1, "{good_attempts:?}");
    assert_eq!(good_attempts[0]["status"], 200);
    assert_eq!(good_attempts[0]["delivered"], true);
    assert_eq!(bad_attempts.len(), 5, "{bad_attempts:?}");
    assert!(
        bad_attempts
            .iter()
            .all(|a| a["status"] == 401 && a["delivered"] == false),
        "{bad_attempts:?}"
    );
    // Nothing unverified was printed.
    assert!(listener
        .stdout
        .recv_timeout(Duration::from_millis(300))
        .is_err());
    rt.block_on(sb.shutdown());
}

#[test]
fn the_listener_keeps_answering_when_its_stderr_is_closed() {
    let home = Home::new();
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
    cmd.env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env_remove("RECRUIT_SIGNING_KEY")
        .args([
            "webhooks",
            "listen",
            "--port",
            "0",
            "--signing-key",
            "whsec_closed",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    let url = first
        .strip_prefix("listening on ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .to_string();
    drop(stderr); // the reader goes away: every later log write hits a closed pipe
    let rt = tokio::runtime::Runtime::new().unwrap();
    let http = reqwest::Client::new();
    let body = r#"{"action":"candidate_pass","payload":{}}"#;
    // Unsigned requests are rejected, and each rejection is logged to the closed stderr.
    for _ in 0..3 {
        let status = rt
            .block_on(http.post(&url).body(body).send())
            .map(|r| r.status().as_u16());
        assert_eq!(status.ok(), Some(400));
    }
    // And a signed one is still accepted.
    let sig = recruit::webhook::signature::sign(
        b"whsec_closed",
        recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
        body.as_bytes(),
    );
    let status = rt
        .block_on(
            http.post(&url)
                .header("Service-Webhook-Signature", sig)
                .body(body)
                .send(),
        )
        .map(|r| r.status().as_u16());
    assert_eq!(status.ok(), Some(200));
    let _ = child.kill();
    let _ = child.wait();
}
