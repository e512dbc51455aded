//! The durable relay: `recruit webhooks listen --store` in front of an app that is down, then
//! up; a `kill -9` with events pending; `webhooks events list|show|replay`; refused
//! signatures not stored; lanes under a backlog; forwards an app can verify and deduplicate;
//! refusals for good. The store's faults and prune are in `store.rs`, running it as a service
//! (metrics, health, logs, shutdown) in `service.rs`.

use crate::common::*;

use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

mod service;
mod shared;
mod store;

pub(crate) const KEY: &str = "whsec_relay_test";

pub(crate) struct Listener {
    pub child: Child,
    pub stderr: mpsc::Receiver<String>,
    pub url: String,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Listener {
    /// SIGTERM, then the exit code and the rest of stderr.
    pub fn terminate(mut self) -> (Option<i32>, Vec<String>) {
        send_signal(&self.child, "TERM");
        let status = self.child.wait().unwrap();
        let rest = drain(&self.stderr);
        (status.code(), rest)
    }

    /// The next stderr line that contains `what`, within `secs`.
    pub fn wait_line(&self, what: &str, secs: u64) -> String {
        let end = Instant::now() + Duration::from_secs(secs);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.stderr.recv_timeout(left) {
                Ok(line) if line.contains(what) => return line,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        panic!("no stderr line with {what:?} within {secs} s");
    }
}

/// `webhooks listen --store STORE` with `args`, its stderr read in the background.
pub(crate) fn listen_stored(home: &Home, store: &std::path::Path, args: &[&str]) -> Listener {
    let mut cmd = recruit(home);
    cmd.args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .arg("--store")
        .arg(store)
        .args(args);
    spawn_listener(cmd)
}

pub(crate) fn spawn_listener(cmd: std::process::Command) -> Listener {
    spawn_listener_to(cmd, Stdio::null())
}

/// A listener whose printed events go to `stdout`.
pub(crate) fn spawn_listener_to(mut cmd: std::process::Command, stdout: Stdio) -> Listener {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = lines(child.stderr.take().unwrap());
    let url = listening_url(&stderr);
    Listener { child, stderr, url }
}

pub(crate) fn recruit(home: &Home) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
    cmd.env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env("RECRUIT_TEST_CLOCK", clock_file(home))
        .env_remove("RECRUIT_SIGNING_KEY");
    cmd
}

/// The clock every recruit of this home runs on (a test build honours RECRUIT_TEST_CLOCK):
/// seconds ahead of the system's, read at each reading.
fn clock_file(home: &Home) -> std::path::PathBuf {
    home.dir.path().join("clock-ahead")
}

/// Move the clock of this home's recruits (a listener running too) forward by `by`, instead
/// of sleeping until that much time has passed. Written whole, then renamed: a reading never
/// sees half a number.
pub(crate) fn advance(home: &Home, by: Duration) {
    let path = clock_file(home);
    let ahead: f64 = std::fs::read_to_string(&path)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0.0);
    let next = path.with_extension("next");
    std::fs::write(&next, (ahead + by.as_secs_f64()).to_string()).unwrap();
    std::fs::rename(&next, &path).unwrap();
}

/// `webhooks listen --store FILE --forward-to APP`, once it prints its address.
pub(crate) fn listen(home: &Home, store: &std::path::Path, app: &str) -> Listener {
    listen_stored(home, store, &["--forward-to", app, "-o", "ndjson"])
}

/// An app that answers 503 while `up` is false and records what it accepted: the body, and
/// whether the signature verifies (with the relay's key, within `tolerance`).
pub(crate) struct App {
    pub stub: Stub,
    pub up: Arc<AtomicBool>,
    pub got: Arc<Mutex<Vec<Value>>>,
}

pub(crate) fn app() -> App {
    app_checking(None)
}

/// An app that checks signatures' age too, as the docs tell integrators (300 s there).
pub(crate) fn app_checking(tolerance: Option<Duration>) -> App {
    let up = Arc::new(AtomicBool::new(false));
    let got = Arc::new(Mutex::new(Vec::new()));
    let (up2, got2) = (up.clone(), got.clone());
    let stub = stub(move |seen, _| {
        if !up2.load(Ordering::SeqCst) {
            return Reply::json(503, r#"{"error":"deploying"}"#);
        }
        let sig = seen.header("service-webhook-signature").unwrap_or("");
        let ok = recruit::webhook::signature::verify(
            Some(sig),
            &seen.body,
            &[KEY.as_bytes()],
            tolerance,
            recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
        )
        .is_ok();
        if tolerance.is_some() && !ok {
            return Reply::json(401, r#"{"error":"signature too old"}"#);
        }
        got2.lock().unwrap().push(json!({
            "signed": ok,
            "body": serde_json::from_slice::<Value>(&seen.body).unwrap_or(Value::Null),
            "event_id": seen.header("x-recruit-event-id"),
            "dedup_key": seen.header("x-recruit-dedup-key"),
            "original": seen.header("x-recruit-original-signature"),
            "signature": sig,
        }));
        Reply::json(200, "{}")
    });
    App { stub, up, got }
}

pub(crate) fn app_up() -> App {
    let a = app();
    a.up.store(true, Ordering::SeqCst);
    a
}

/// POST `n`-th event, signed (or with a bad signature); the listener's status.
pub(crate) fn send(url: &str, n: usize, good: bool) -> u16 {
    send_action(url, "candidate_pass", n, good)
}

pub(crate) fn event_body(action: &str, n: usize) -> String {
    json!({"action": action, "seq": n, "candidate": {"code": format!("C{n}")}}).to_string()
}

pub(crate) fn send_action(url: &str, action: &str, n: usize, good: bool) -> u16 {
    send_signed(url, &event_body(action, n), good).0
}

/// POST `body` signed now (or with a wrong key): the status and the signature sent.
pub(crate) fn send_signed(url: &str, body: &str, good: bool) -> (u16, String) {
    let sig = recruit::webhook::signature::sign(
        if good { KEY.as_bytes() } else { b"wrong key" },
        recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
        body.as_bytes(),
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let status = rt.block_on(async {
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .post(url)
            .header("content-type", "application/json")
            .header("service-webhook-signature", &sig)
            .body(body.to_string())
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    });
    (status, sig)
}

/// POST `body` with the signature header `sig`; the listener's status.
pub(crate) fn post_with_signature(url: &str, body: &str, sig: &str) -> u16 {
    post_signed(url, body, sig).expect("the listener answers")
}

/// POST `body` signed now; the status, or None when the listener is gone.
pub(crate) fn try_send_signed(url: &str, body: &str) -> Option<u16> {
    let sig = recruit::webhook::signature::sign(
        KEY.as_bytes(),
        recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
        body.as_bytes(),
    );
    post_signed(url, body, &sig)
}

/// POST `body` with the signature header `sig`; the status, or None when nothing answered.
fn post_signed(url: &str, body: &str, sig: &str) -> Option<u16> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .post(url)
            .header("content-type", "application/json")
            .header("service-webhook-signature", sig)
            .body(body.to_string())
            .send()
            .await
            .ok()
            .map(|r| r.status().as_u16())
    })
}

/// POST many signed events, `concurrency` at a time; their statuses in the order given.
pub(crate) fn send_many(url: &str, bodies: Vec<String>, concurrency: usize) -> Vec<u16> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(crate::common::signed::post_all(
        url,
        KEY,
        bodies,
        concurrency,
    ))
}

pub(crate) fn seqs(got: &Mutex<Vec<Value>>) -> Vec<u64> {
    got.lock()
        .unwrap()
        .iter()
        .map(|v| {
            assert_eq!(v["signed"], json!(true), "{v}");
            v["body"]["seq"].as_u64().unwrap()
        })
        .collect()
}

pub(crate) fn events_json(home: &Home, store: &std::path::Path, extra: &[&str]) -> Vec<Value> {
    let out = recruit(home)
        .args(["webhooks", "events", "list", "-o", "json", "--store"])
        .arg(store)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    serde_json::from_str::<Value>(&stdout_of(&out))
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// "Exactly once": the relay has nothing left to send (no pending event in the store) and
/// the app has seen `n`: a retry can't come later.
pub(crate) fn settled(home: &Home, store: &std::path::Path, got: &Mutex<Vec<Value>>, n: usize) {
    wait_for("every event delivered and marked", 20, || {
        got.lock().unwrap().len() >= n
            && events_json(home, store, &["--status", "pending"]).is_empty()
    });
}

#[test]
fn an_app_down_for_a_while_gets_every_event_in_order_exactly_once() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app();
    let l = listen(&home, &store, &format!("{}/hooks", app.stub.base()));
    // The service is answered 200 at once although the app is down: the events are stored.
    for n in 1..=5 {
        assert_eq!(send(&l.url, n, true), 200);
    }
    // While it is down they are pending, and retried.
    wait_for("a few failed attempts", 10, || app.stub.seen().len() >= 2);
    let pending = events_json(&home, &store, &["--status", "pending"]);
    assert_eq!(pending.len(), 5);
    assert!(pending[0]["attempts"].as_i64().unwrap() >= 1);
    assert!(pending[0]["last_error"].as_str().unwrap().contains("503"));
    assert!(app.got.lock().unwrap().is_empty());
    app.up.store(true, Ordering::SeqCst);
    settled(&home, &store, &app.got, 5);
    assert_eq!(seqs(&app.got), [1, 2, 3, 4, 5]);
    let all = events_json(&home, &store, &[]);
    assert_eq!(all.len(), 5);
    for (i, e) in all.iter().enumerate() {
        assert_eq!(e["status"], json!("delivered"), "{e}");
        assert_eq!(e["payload"]["seq"], json!(i + 1));
        assert_eq!(e["action"], json!("candidate_pass"));
        let keys: Vec<&String> = e.as_object().unwrap().keys().collect();
        assert_eq!(
            keys.len(),
            9,
            "id, action, received_at, status, attempts, target, last_error, payload, synthesized: {e}"
        );
        assert_eq!(e["synthesized"], json!(false));
    }
}

#[test]
fn kill_9_with_events_pending_loses_nothing() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app();
    let target = format!("{}/hooks", app.stub.base());
    let mut l = listen(&home, &store, &target);
    for n in 1..=3 {
        assert_eq!(send(&l.url, n, true), 200);
    }
    // SIGKILL: no chance to flush anything that was not committed before the 200.
    l.child.kill().unwrap();
    l.child.wait().unwrap();
    drop(l);
    app.up.store(true, Ordering::SeqCst);
    let l = listen(&home, &store, &target);
    settled(&home, &store, &app.got, 3);
    // A retry the killed listener had sent may still be answered after the app is up (the
    // stub reads it, the sender is gone): at least once, so that one may come twice, under
    // the same event id. Nothing else repeats, and the order holds.
    assert_eq!(first_seen(&app.got), [1, 2, 3], "{:?}", app.got);
    let before = app.got.lock().unwrap().len();
    assert!(before <= 4, "{:?}", app.got);
    assert_eq!(send(&l.url, 4, true), 200);
    wait_for("the next one", 10, || {
        app.got.lock().unwrap().len() > before
    });
    assert_eq!(first_seen(&app.got), [1, 2, 3, 4], "{:?}", app.got);
    assert_eq!(app.got.lock().unwrap().len(), before + 1, "{:?}", app.got);
}

/// The seqs in the order each first arrived; a repeat must carry its first's event id.
fn first_seen(got: &Mutex<Vec<Value>>) -> Vec<u64> {
    let mut ids = std::collections::HashMap::new();
    let mut order = Vec::new();
    for (seq, v) in seqs(got).into_iter().zip(got.lock().unwrap().iter()) {
        match ids.get(&seq) {
            Some(id) => assert_eq!(&v["event_id"], id, "a repeat under another id: {v}"),
            None => {
                ids.insert(seq, v["event_id"].clone());
                order.push(seq);
            }
        }
    }
    order
}

#[test]
fn a_refused_signature_is_not_stored() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app();
    app.up.store(true, Ordering::SeqCst);
    let l = listen(&home, &store, &app.stub.base());
    assert_eq!(send(&l.url, 1, false), 401);
    assert_eq!(send(&l.url, 2, true), 200);
    wait_for("the good one delivered", 10, || {
        !app.got.lock().unwrap().is_empty()
    });
    let all = events_json(&home, &store, &[]);
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0]["payload"]["seq"], json!(2));
    assert_eq!(seqs(&app.got), [2]);
}

#[test]
fn events_show_and_replay() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app();
    app.up.store(true, Ordering::SeqCst);
    let l = listen(&home, &store, &format!("{}/hooks", app.stub.base()));
    for n in 1..=2 {
        assert_eq!(send(&l.url, n, true), 200);
    }
    wait_for("both delivered", 10, || app.got.lock().unwrap().len() >= 2);
    drop(l);
    let ids: Vec<i64> = events_json(&home, &store, &[])
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();

    // show: the record, and a table with the payload.
    let out = recruit(&home)
        .args([
            "webhooks",
            "events",
            "show",
            &ids[1].to_string(),
            "-o",
            "json",
            "--store",
        ])
        .arg(&store)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let shown: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(shown["payload"]["seq"], json!(2));
    let out = recruit(&home)
        .args(["webhooks", "events", "show", "999", "--store"])
        .arg(&store)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));

    // replay: to the stored target with the original signature, then elsewhere re-signed.
    let out = recruit(&home)
        .args([
            "webhooks",
            "events",
            "replay",
            &ids[0].to_string(),
            "--store",
        ])
        .arg(&store)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(seqs(&app.got), [1, 2, 1]);
    let other = app_up();
    let out = recruit(&home)
        .args(["webhooks", "events", "replay"])
        .args(ids.iter().map(|i| i.to_string()))
        .args(["--to", &other.stub.base(), "--signing-key", KEY, "--store"])
        .arg(&store)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(seqs(&other.got), [1, 2]);
    let sig = other.stub.seen()[0]
        .header("service-webhook-signature")
        .unwrap()
        .to_string();
    let t: i64 = sig[2..sig.find(',').unwrap()].parse().unwrap();
    assert!(
        (recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()) - t).abs() < 30,
        "{sig}"
    );

    // A replay the app refuses is an error.
    app.up.store(false, Ordering::SeqCst);
    let out = recruit(&home)
        .args([
            "webhooks",
            "events",
            "replay",
            &ids[0].to_string(),
            "--store",
        ])
        .arg(&store)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(7),
        "not delivered: exit 7 as for every delivery\n{}",
        stderr_of(&out)
    );
    assert!(stderr_of(&out).contains("HTTP 503"), "{}", stderr_of(&out));

    // The replays carried the stored id and the dedup key.
    let seen = other.got.lock().unwrap().clone();
    assert_eq!(seen[0]["event_id"], json!(ids[0].to_string()));
    assert_eq!(seen[1]["event_id"], json!(ids[1].to_string()));
    assert!(seen[0]["dedup_key"]
        .as_str()
        .unwrap()
        .starts_with("sha256:"));
}

/// A replay the app refuses with a 4xx is the app rejecting the event: exit 5 `rejected` with
/// its status, not retryable (it was 7 `network`, as for a 5xx); `webhooks trigger` says the
/// same for the same answer, and a 5xx stays 7 for both.
#[test]
fn a_replay_or_trigger_the_app_refuses_with_a_4xx_is_rejected() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app_up();
    let l = listen(&home, &store, &app.stub.base());
    assert_eq!(send(&l.url, 1, true), 200);
    wait_for("delivered", 10, || !app.got.lock().unwrap().is_empty());
    drop(l);
    let id = events_json(&home, &store, &[])[0]["id"].as_i64().unwrap();
    let refusing = stub(|_, _| Reply::json(400, r#"{"error":"bad_event"}"#));
    let failing = stub(|_, _| Reply::json(503, r#"{"error":"busy"}"#));
    for (to, code, name) in [
        (refusing.base(), 5, "rejected"),
        (failing.base(), 7, "network"),
    ] {
        let status = if code == 5 { 400 } else { 503 };
        let replay = recruit(&home)
            .args(["webhooks", "events", "replay", &id.to_string()])
            .args(["--to", &to, "-o", "json", "--store"])
            .arg(&store)
            .output()
            .unwrap();
        let trigger = recruit(&home)
            .args(["webhooks", "trigger", "candidate_pass", "--to", &to])
            .args(["--retry-delays", "0.01", "-o", "json"])
            .output()
            .unwrap();
        for (what, out) in [("replay", replay), ("trigger", trigger)] {
            let err = stderr_of(&out);
            assert_eq!(out.status.code(), Some(code), "{what} to {status}: {err}");
            let envelope: Value = err
                .lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .find(|v| v["error"]["code"].is_string())
                .unwrap_or_else(|| panic!("{what}: an error envelope: {err}"));
            let e = &envelope["error"];
            assert_eq!(e["code"], name, "{what}: {envelope}");
            assert_eq!(e["exit_code"], code, "{what}: {envelope}");
            assert_eq!(e["http_status"], status, "{what}: {envelope}");
            assert_eq!(e["retryable"], code == 7, "{what}: {envelope}");
        }
    }
}

#[test]
fn a_foreign_or_newer_store_is_refused_and_left_alone() {
    let home = Home::new();
    let junk = home.dir.path().join("notes.db");
    std::fs::write(&junk, "my notes, not a database\n").unwrap();
    for args in [
        vec!["webhooks", "listen", "--port", "0", "--store"],
        vec!["webhooks", "events", "list", "--store"],
    ] {
        let out = recruit(&home).args(&args).arg(&junk).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains("not an event store"),
            "{}",
            stderr_of(&out)
        );
    }
    assert_eq!(
        std::fs::read_to_string(&junk).unwrap(),
        "my notes, not a database\n"
    );
}

#[test]
fn a_second_listener_on_the_same_store_stops_with_a_clear_error() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app_up();
    let _first = listen(&home, &store, &app.stub.base());
    // The same file by its own name, and through a symlink: the lock is on the file.
    let link = home.dir.path().join("also-relay.db");
    std::os::unix::fs::symlink(&store, &link).unwrap();
    for path in [&store, &link] {
        let out = recruit(&home)
            .args(["webhooks", "listen", "--port", "0", "--store"])
            .arg(path)
            .args(["--forward-to", &app.stub.base()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains("another `recruit webhooks listen` is using the event store")
                && stderr_of(&out).contains("a listener already runs on it"),
            "{}",
            stderr_of(&out)
        );
    }
    // The events commands work beside it.
    assert!(events_json(&home, &link, &[]).is_empty());
}

#[test]
fn max_age_gives_up_on_an_event_the_app_never_takes() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app(); // down for good
    let mut child = recruit(&home)
        .args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .arg("--store")
        .arg(&store)
        .args(["--max-age", "2s", "--forward-to", &app.stub.base()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = lines(child.stderr.take().unwrap());
    let url = listening_url(&stderr);
    let l = Listener { child, stderr, url };
    assert_eq!(send(&l.url, 1, true), 200);
    wait_for("the event marked failed", 15, || {
        events_json(&home, &store, &["--status", "failed"]).len() == 1
    });
    let e = &events_json(&home, &store, &[])[0];
    assert!(e["attempts"].as_i64().unwrap() >= 2, "{e}");
}

#[test]
fn a_failed_commit_answers_503_so_the_service_retries() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app_up();
    let l = listen(&home, &store, &app.stub.base());
    assert_eq!(send(&l.url, 1, true), 200);
    wait_for("the first event delivered", 10, || {
        !app.got.lock().unwrap().is_empty()
    });
    // Break the store under the running listener: its next commit fails.
    let conn = rusqlite::Connection::open(&store).unwrap();
    conn.busy_timeout(Duration::from_secs(10)).unwrap();
    conn.execute_batch("DROP TABLE events;").unwrap();
    assert_eq!(
        send(&l.url, 2, true),
        503,
        "not a 200 for an event that was not stored"
    );
    assert_eq!(seqs(&app.got), [1]);
}

#[test]
fn per_action_routes_are_relayed_from_the_store_too() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let hired = app(); // down at first
    let rest = app_up();
    let listener = listen_stored(
        &home,
        &store,
        &[
            "--forward",
            &format!("candidate_pass={}", hired.stub.base()),
            "--forward-to",
            &rest.stub.base(),
        ],
    );
    let url = listener.url.clone();
    assert_eq!(send_action(&url, "candidate_pass", 1, true), 200);
    assert_eq!(send_action(&url, "feedback_created", 2, true), 200);
    assert_eq!(send_action(&url, "candidate_pass", 3, true), 200);
    // The other route is not held up by the one that is down.
    wait_for("feedback_created relayed", 10, || {
        rest.got.lock().unwrap().len() == 1
    });
    assert_eq!(seqs(&rest.got), [2]);
    hired.up.store(true, Ordering::SeqCst);
    wait_for("both candidate_pass relayed", 15, || {
        hired.got.lock().unwrap().len() == 2
    });
    assert_eq!(seqs(&hired.got), [1, 3]);
}

/// Each target app has its own lane: one that accepts and never answers (held until the
/// forward timeout, 20 s here) does not delay another app's events.
#[test]
fn an_app_that_hangs_holds_up_only_its_own_events() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    // Accepts connections and reads nothing back: every forward to it hangs.
    let hang = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let hang_url = format!("http://{}/hooks", hang.local_addr().unwrap());
    let (accepted, in_flight) = std::sync::mpsc::channel();
    let held = std::thread::spawn(move || {
        let mut conns = Vec::new();
        while let Ok((c, _)) = hang.accept() {
            conns.push(c);
            let _ = accepted.send(());
            if conns.len() >= 4 {
                break;
            }
        }
        conns
    });
    let rest = app_up();
    let listener = listen_stored(
        &home,
        &store,
        &[
            "--timeout",
            "20",
            "--forward",
            &format!("candidate_pass={hang_url}"),
            "--forward-to",
            &rest.stub.base(),
        ],
    );
    let url = listener.url.clone();
    assert_eq!(send_action(&url, "candidate_pass", 1, true), 200);
    // Its forward is held by the hanging app before the next event comes.
    in_flight
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the forward to the hanging app started");
    let started = std::time::Instant::now();
    assert_eq!(send_action(&url, "feedback_created", 2, true), 200);
    wait_for("feedback_created relayed past the hanging app", 8, || {
        rest.got.lock().unwrap().len() == 1
    });
    assert!(
        started.elapsed() < std::time::Duration::from_secs(8),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(seqs(&rest.got), [2]);
    drop(held);
}

#[test]
fn a_signed_hostile_event_reaches_the_listeners_terminal_lines_escaped() {
    let home = Home::new();
    let mut child = recruit(&home)
        .args([
            "webhooks",
            "listen",
            "--port",
            "0",
            "--signing-key",
            KEY,
            "-o",
            "table",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = lines(child.stdout.take().unwrap());
    let stderr = lines(child.stderr.take().unwrap());
    let url = listening_url(&stderr);
    let _l = Listener {
        child,
        stderr,
        url: url.clone(),
    };
    // Valid signature, hostile text: a clear-screen in the action, a clipboard write and a
    // bidi override in the candidate's name.
    let body = json!({"action": "candidate_pass\u{1b}[2J",
        "payload": {"candidate": {"code": "C1", "name": "Jane\u{1b}]52;c;QUFB\u{7}\u{202e}exe"}}})
    .to_string();
    let sig = recruit::webhook::signature::sign(
        KEY.as_bytes(),
        recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
        body.as_bytes(),
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let status = rt.block_on(async {
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .post(&url)
            .header("content-type", "application/json")
            .header("service-webhook-signature", sig)
            .body(body)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    });
    assert_eq!(status, 200);
    let line = stdout
        .recv_timeout(Duration::from_secs(10))
        .expect("the event's line");
    for raw in ['\u{1b}', '\u{7}', '\u{202e}'] {
        assert!(
            !line.contains(raw),
            "{raw:?} reached the terminal: {line:?}"
        );
    }
    assert!(line.contains("candidate_pass\\x1b[2J"), "{line:?}");
    assert!(line.contains("\\u{202e}exe"), "{line:?}");
}

/// 600 events for an app that is down and 600 that no target takes: another app's events
/// still go out at once (each lane reads only its own events), and after a restart too.
#[test]
fn a_backlog_for_one_app_never_holds_up_another() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let down = app(); // down for good
    let other = app_up();
    let args = [
        "--forward".to_string(),
        format!("candidate_pass={}", down.stub.base()),
        "--forward".to_string(),
        format!("form_submitted={}", other.stub.base()),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let l = listen_stored(&home, &store, &args);
    let backlog: Vec<String> = (0..600)
        .map(|n| event_body("candidate_pass", n))
        .chain((600..1200).map(|n| event_body("feedback_created", n)))
        .collect();
    let statuses = send_many(&l.url, backlog, 16);
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let started = Instant::now();
    for n in 2000..2005 {
        assert_eq!(send_action(&l.url, "form_submitted", n, true), 200);
    }
    // Held up behind the down app's 600, the five would wait minutes (its retries back off
    // from 1 s to 60 s); 30 s leaves room for a loaded machine.
    wait_for("the other app's five events", 30, || {
        other.got.lock().unwrap().len() == 5
    });
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(seqs(&other.got), [2000, 2001, 2002, 2003, 2004]);

    // Restarted on the same backlog: the lane still finds its new events at once.
    drop(l);
    let l = listen_stored(&home, &store, &args);
    for n in 3000..3003 {
        assert_eq!(send_action(&l.url, "form_submitted", n, true), 200);
    }
    // The kill above may cost repeats of the last forwards (delivery is at least once, the
    // marks are committed behind the forwards): the new three are counted by their seq.
    wait_for("three more after the restart", 30, || {
        let got = seqs(&other.got);
        (3000..3003).all(|n| got.contains(&n))
    });
    // The marks of those forwards are committed behind them: what stays pending, once they are,
    // is the down app's 600 and the 600 no route takes.
    wait_for(
        "the down app's and the unrouted events alone pending",
        30,
        || events_json(&home, &store, &["--status", "pending"]).len() == 1200,
    );
    let got = seqs(&other.got);
    assert!(
        got.iter()
            .all(|n| (2000..2005).contains(n) || (3000..3003).contains(n)),
        "{got:?}"
    );
    assert!(
        other
            .got
            .lock()
            .unwrap()
            .iter()
            .all(|v| v["body"]["action"] == "form_submitted"),
        "nothing of another lane reached this app"
    );
}

/// Memory follows what is in flight, not what is pending: a listener started on 60 events of
/// ~900 KB pending for a down app (54 MB) holds one of them while it retries.
#[test]
fn a_backlog_of_large_events_is_not_loaded_into_memory() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let down = app();
    let l = listen(&home, &store, &down.stub.base());
    let filler = "x".repeat(900 * 1024);
    let bodies: Vec<String> = (0..60)
        .map(|n| json!({"action": "candidate_pass", "seq": n, "resume": filler}).to_string())
        .collect();
    assert!(send_many(&l.url, bodies, 4).iter().all(|s| *s == 200));
    drop(l);
    let l = listen(&home, &store, &down.stub.base());
    let before = down.stub.seen().len();
    wait_for("several attempts", 15, || {
        down.stub.seen().len() >= before + 3
    });
    let status = std::fs::read_to_string(format!("/proc/{}/status", l.child.id())).unwrap();
    let hwm_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    // An idle listener (debug build) peaks near 22 MB and one event in flight, retried, adds a
    // few copies of its 900 KB; the backlog alone is 54 MB, so a listener that read it would
    // pass 76 MB. 48 MB leaves room for the allocator's spread and still tells them apart.
    assert!(
        hwm_kb < 48 * 1024,
        "peak RSS {hwm_kb} kB with 54 MB pending: the backlog was read into memory"
    );
    assert_eq!(
        events_json(&home, &store, &["--status", "pending"]).len(),
        60
    );
}

/// An app that checks the signature's age (2 s here, 300 s in the docs) accepts events kept
/// longer than that (an outage, a slow delivery): each forward is signed when it is sent. It
/// gets the received signature, the stored id and the dedup key beside it.
#[test]
fn forwards_are_signed_afresh_with_event_id_and_dedup_key() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let strict = app_checking(Some(Duration::from_secs(2)));
    let l = listen(&home, &store, &strict.stub.base());
    let body = event_body("candidate_pass", 1);
    // Signed 4 s ago: past the app's window, within the listener's 300 s.
    let then = recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()) - 4;
    let original = recruit::webhook::signature::sign(KEY.as_bytes(), then, body.as_bytes());
    assert_eq!(post_with_signature(&l.url, &body, &original), 200);
    assert!(
        recruit::webhook::signature::verify(
            Some(&original),
            body.as_bytes(),
            &[KEY.as_bytes()],
            Some(Duration::from_secs(2)),
            recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
        )
        .is_err(),
        "the app itself would refuse the received signature"
    );
    strict.up.store(true, Ordering::SeqCst);
    settled(&home, &store, &strict.got, 1);
    let got = strict.got.lock().unwrap()[0].clone();
    assert_eq!(got["signed"], json!(true), "{got}");
    assert_eq!(got["original"], json!(original));
    assert_ne!(
        got["signature"],
        json!(original),
        "signed again at the forward"
    );
    let id = events_json(&home, &store, &[])[0]["id"].as_i64().unwrap();
    assert_eq!(got["event_id"], json!(id.to_string()));
    use sha2::Digest;
    let expected = format!(
        "sha256:{}",
        hex::encode(sha2::Sha256::digest(body.as_bytes()))
    );
    assert_eq!(got["dedup_key"], json!(expected));

    // Without a signing key the relay has nothing to sign with: the header goes as received.
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let plain = app_up();
    let mut cmd = recruit(&home);
    cmd.args(["webhooks", "listen", "--port", "0", "--store"])
        .arg(&store)
        .args(["--forward-to", &plain.stub.base()]);
    let l = spawn_listener(cmd);
    let (status, original) = send_signed(&l.url, &body, true);
    assert_eq!(status, 200);
    settled(&home, &store, &plain.got, 1);
    let got = plain.got.lock().unwrap()[0].clone();
    assert_eq!(got["signature"], json!(original));
    assert_eq!(got["original"], Value::Null);
    assert_eq!(got["dedup_key"], json!(expected));
}

/// The relay in-process with short delays: `listen::run` with a policy of 50 ms retries.
struct InProcess {
    url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    done: Option<std::thread::JoinHandle<String>>,
}

impl InProcess {
    fn start(
        store: &std::path::Path,
        forward_to: &str,
        policy: recruit::webhook::delivery::Policy,
        clock: recruit::clock::SharedClock,
    ) -> InProcess {
        use recruit::webhook::{listen, log, store::EventStore};
        let (st, lock) = EventStore::open_for_listener(store).unwrap();
        let cfg = listen::ListenConfig {
            addr: ([127, 0, 0, 1], 0).into(),
            signatures: listen::Signatures {
                keys: vec![recruit::redact::Secret::new(KEY)],
                header: axum::http::HeaderName::from_static("service-webhook-signature"),
                tolerance: None,
            },
            events: None,
            forward_to: Some(
                recruit::webhook::chat::Destination::parse("--forward-to", forward_to).unwrap(),
            ),
            forward: vec![],
            chat: Default::default(),
            format: recruit::output::Format::Ndjson,
            forward_timeout: Duration::from_secs(5),
            net: Default::default(),
            idle_timeout: Duration::from_secs(30),
            durable: Some(listen::Durable {
                store: Arc::new(recruit::webhook::store::Store::Sqlite {
                    store: st,
                    lock: None,
                }),
                fail_after: Duration::from_secs(60),
                policy,
                rate: None,
                lease: Duration::from_secs(10),
            }),
            metrics_addr: None,
            clock,
            reconcile: None,
        };
        let (io, cap) = recruit::io::Io::captured(recruit::io::Term::piped(), "");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let stderr = cap.stderr.clone();
        let done = std::thread::spawn(move || {
            let _lock = lock;
            let rt = tokio::runtime::Runtime::new().unwrap();
            let log = log::Log::new(log::LogFormat::Text, io.stderr());
            let ended = rt.block_on(listen::run(
                cfg,
                listen::ListenIo {
                    stdout: io.stdout(),
                    log: log.clone(),
                },
                async {
                    let _ = stopped.await;
                },
            ));
            log.flush();
            assert!(ended.unwrap().fatal.is_none());
            stderr.text()
        });
        let mut url = None;
        wait_for("the in-process listener", 10, || {
            url = cap
                .stderr
                .text()
                .lines()
                .find_map(|l| l.strip_prefix("listening on "))
                .and_then(|r| r.split_whitespace().next())
                .map(str::to_string);
            url.is_some()
        });
        InProcess {
            url: url.unwrap(),
            stop: Some(stop),
            done: Some(done),
        }
    }

    /// Stop it; its stderr.
    fn stop(mut self) -> String {
        let _ = self.stop.take().unwrap().send(());
        self.done.take().unwrap().join().unwrap()
    }
}

/// An app that refuses one event for good (400) gets it a few times, then the event is
/// `failed` with the app's answer and the lane goes on to the next, in order.
#[test]
fn an_event_the_app_refuses_for_good_fails_and_the_lane_goes_on() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let got: Arc<Mutex<Vec<u64>>> = Arc::default();
    let g = got.clone();
    let picky = stub(move |seen, _| {
        let v: Value = serde_json::from_slice(&seen.body).unwrap();
        let seq = v["seq"].as_u64().unwrap();
        if seq == 2 {
            return Reply::json(400, r#"{"error":"invalid","message":"no such candidate"}"#);
        }
        g.lock().unwrap().push(seq);
        Reply::json(200, "{}")
    });
    use recruit::webhook::delivery::{Policy, Retries, Success};
    let policy = Policy {
        success: Success::Any2xx,
        retries: Retries::Backoff {
            first: Duration::from_millis(50),
            max: Duration::from_millis(200),
            max_age: None,
        },
        refusals: Some(vec![Duration::from_millis(50); 4]),
    };
    let l = InProcess::start(&store, &picky.base(), policy, recruit::clock::system());
    for n in 1..=3 {
        assert_eq!(send(&l.url, n, true), 200);
    }
    wait_for("events 1 and 3 delivered", 10, || {
        got.lock().unwrap().len() == 2
    });
    assert_eq!(
        *got.lock().unwrap(),
        [1, 3],
        "in order, past the refused one"
    );
    let log = l.stop();
    let events = events_json(&home, &store, &[]);
    let refused = &events[1];
    assert_eq!(refused["status"], json!("failed"), "{refused}");
    assert_eq!(refused["attempts"], json!(5), "{refused}");
    assert_eq!(
        refused["last_error"],
        json!(r#"HTTP 400: {"error":"invalid","message":"no such candidate"}"#)
    );
    assert_eq!(events[2]["status"], json!("delivered"));
    let tries = picky
        .seen()
        .iter()
        .filter(|s| serde_json::from_slice::<Value>(&s.body).unwrap()["seq"] == 2)
        .count();
    assert_eq!(tries, 5);
    assert!(log.contains("failed for good"), "{log}");
    assert!(log.contains("events replay"), "{log}");
}

/// `--max-age` is measured on the relay's clock: an event kept past it while the app is down
/// fails, and the test moves the clock on instead of waiting out the age.
#[test]
fn an_event_older_than_max_age_by_the_relays_clock_fails() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let down = app();
    use recruit::webhook::delivery::{Policy, Retries, Success};
    let policy = Policy {
        success: Success::Any2xx,
        retries: Retries::Backoff {
            first: Duration::from_millis(50),
            max: Duration::from_millis(50),
            max_age: Some(Duration::from_secs(60)),
        },
        refusals: None,
    };
    let clock = recruit::clock::Manual::new();
    let l = InProcess::start(&store, &down.stub.base(), policy, clock.clone());
    assert_eq!(send(&l.url, 1, true), 200);
    wait_for("a few attempts", 10, || down.stub.seen().len() >= 3);
    assert_eq!(
        events_json(&home, &store, &[])[0]["status"],
        json!("pending"),
        "younger than --max-age by the relay's clock"
    );
    clock.advance(Duration::from_secs(61));
    wait_for("the event given up", 10, || {
        events_json(&home, &store, &["--status", "failed"]).len() == 1
    });
    let log = l.stop();
    assert!(log.contains("--max-age"), "{log}");
}

/// A retry waits on the monotonic clock. An event whose stored schedule and receipt are a
/// day ahead (what a wall clock stepped back a day leaves behind) goes out at once.
#[test]
fn clock_steps_do_not_stall_a_lane() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app_up();
    // A store as a listener left it, then the clock went back a day.
    drop(recruit::webhook::store::EventStore::open_for_listener(&store).unwrap());
    let tomorrow = chrono::Utc::now().timestamp() as f64 + 86_400.0;
    let body = event_body("candidate_pass", 7);
    let conn = rusqlite::Connection::open(&store).unwrap();
    conn.execute(
        "INSERT INTO events (action, received_at, received_unix, payload, target, attempts,
             next_attempt_unix, signature_name, signature_value)
         VALUES ('candidate_pass', '2026-01-01T00:00:00.000Z', ?1, ?2, ?3, 3, ?1,
             'service-webhook-signature', 't=1,v1=00')",
        rusqlite::params![tomorrow, body.as_bytes(), app.stub.base()],
    )
    .unwrap();
    drop(conn);
    let started = Instant::now();
    let _l = listen_stored(
        &home,
        &store,
        &["--forward-to", &app.stub.base(), "--max-age", "1h"],
    );
    settled(&home, &store, &app.got, 1);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert_eq!(seqs(&app.got), [7]);
}

/// `webhooks listen` with only stdout to keep events in: when stdout cannot be written (a
/// full disk, a reader gone), each event is answered 503 (the service retries it) with an
/// error on stderr, and the listener keeps running and answering; never a 200 for an event
/// that went nowhere. With a forward target the app's answer decides instead, and with
/// `--store` the commit: stdout's failure is then a warning.
#[test]
fn an_unwritable_stdout_answers_503_instead_of_dropping_events() {
    let full = || {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
    };
    let closed = || Stdio::from(closed_pipe());
    let outputs: [(&str, &dyn Fn() -> Stdio); 2] = [("/dev/full", &full), ("closed pipe", &closed)];
    for (what, stdout) in outputs {
        let home = Home::new();
        let listen = |args: &[&std::ffi::OsStr]| {
            let mut cmd = recruit(&home);
            cmd.args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
                .args(args);
            spawn_listener_to(cmd, stdout())
        };
        let l = listen(&[]);
        for n in 1..=3 {
            assert_eq!(
                send(&l.url, n, true),
                503,
                "{what}: event {n} was printed nowhere"
            );
        }
        let said = l.wait_line("could not write the event to standard output", 10);
        assert!(said.contains("answered 503"), "{what}: {said}");
        let mut l = l;
        assert!(
            l.child.try_wait().unwrap().is_none(),
            "{what}: the listener keeps running"
        );
        assert_eq!(send(&l.url, 4, true), 503, "{what}: and keeps answering");

        // Forwarded events do not depend on stdout: the app's 2xx is the answer.
        let app = app_up();
        let base = app.stub.base();
        let f = listen(&["--forward-to".as_ref(), base.as_ref()]);
        assert_eq!(send(&f.url, 5, true), 200, "{what}: forwarded");
        assert_eq!(seqs(&app.got), [5]);
        let said = f.wait_line("could not write the event to standard output", 10);
        assert!(said.contains("goes on"), "{what}: {said}");

        // Stored events do not either: committed, then 200, and stdout's failure said.
        let store = home.dir.path().join("relay.db");
        let s = listen(&["--store".as_ref(), store.as_os_str()]);
        assert_eq!(send(&s.url, 6, true), 200, "{what}: stored");
        let said = s.wait_line("could not write the event to standard output", 10);
        assert!(said.contains("goes on"), "{what}: {said}");
    }
}

#[test]
fn erasure_nulls_a_candidates_personal_values_in_stored_events_and_leaves_no_copy() {
    let ts = TestSandbox::new();
    let home = &ts.home;
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("relay.db");
    let app = app_up();
    let l = listen(home, &store, &format!("{}/hooks", app.stub.base()));
    // The sandbox delivers its own events (candidate_stage_changed, candidate_pass) here.
    let out = ts.run(&[
        "webhooks",
        "create",
        "--callback-url",
        &l.url,
        "--signing-key",
        KEY,
        "--event",
        "candidate_stage_changed",
        "--event",
        "candidate_pass",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    for (code, stage) in [("C1001", "pass"), ("C1002", "fail")] {
        let out = ts.run(&["sandbox", "move", code, "--stage", stage]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    }
    // And an evaluation naming C1001, with a member's phone (not the candidate's).
    let evaluation = json!({"action": "feedback_created", "payload": {
        "code": "EV1", "candidate": {"code": "C1001", "name": "zqx Name Of C1001",
            "phone": "010-zqx-1001", "email": null},
        "member_scores": [{"user": {"name": "Member", "phone": "010-member-1"}}],
        "contact": {"phone": "010-zqx-1001"},
    }});
    assert_eq!(send_signed(&l.url, &evaluation.to_string(), true).0, 200);
    wait_for("the sandbox's events stored and delivered", 20, || {
        let all = events_json(home, &store, &[]);
        all.len() >= 4 && all.iter().all(|e| e["status"] == "delivered")
    });
    let before = events_json(home, &store, &[]);
    let of = |events: &[Value], code: &str| -> Vec<Value> {
        events
            .iter()
            .filter(|e| e["payload"]["payload"]["candidate"]["code"] == code)
            .cloned()
            .collect()
    };
    let erased_before = of(&before, "C1001");
    assert_eq!(erased_before.len(), 3, "{before:#?}");
    let kept_before = of(&before, "C1002");
    assert!(!kept_before.is_empty(), "{before:#?}");
    let sandbox_candidate = &erased_before[0]["payload"]["payload"]["candidate"];
    let mut values: Vec<String> = ["name", "email"]
        .iter()
        .map(|k| sandbox_candidate[k].as_str().unwrap().to_string())
        .collect();
    values.extend(["zqx Name Of C1001".to_string(), "010-zqx-1001".to_string()]);
    for v in &values {
        assert!(
            !markers_in(dir.path(), v).is_empty(),
            "{v} is in the files first"
        );
    }

    // Beside the running listener, as `privacy erase` does it.
    let s = recruit_store::relay::EventStore::open(&store, recruit_store::relay::Open::Existing)
        .unwrap();
    let done = s
        .erase(&["C1001".to_string(), "C9999".to_string()])
        .unwrap();
    assert_eq!(done.events, 3);
    assert_eq!(done.codes, ["C1001"], "C9999 is named by no event");
    for v in &values {
        let found = markers_in(dir.path(), v);
        assert!(found.is_empty(), "{v} is still in {found:?}");
    }
    let after = events_json(home, &store, &[]);
    assert_eq!(after.len(), before.len());
    for (b, a) in before.iter().zip(&after) {
        for k in ["id", "action", "received_at", "status", "attempts"] {
            assert_eq!(a[k], b[k], "{k} kept");
        }
    }
    for e in of(&after, "C1001") {
        let c = &e["payload"]["payload"]["candidate"];
        for k in ["name", "email", "phone"] {
            assert!(c.get(k).is_none_or(Value::is_null), "{k} of {c}");
        }
        assert_eq!(e["payload"]["action"], e["action"]);
    }
    let ev = after
        .iter()
        .find(|e| e["action"] == "feedback_created")
        .unwrap();
    assert_eq!(
        ev["payload"]["payload"]["member_scores"][0]["user"]["phone"], "010-member-1",
        "a member's phone is not the candidate's"
    );
    assert_eq!(
        ev["payload"]["payload"]["contact"]["phone"],
        Value::Null,
        "the candidate's value elsewhere in the event"
    );
    assert_eq!(of(&after, "C1002"), kept_before, "other events untouched");
    // Erased already: nothing more to change; the listener goes on storing.
    assert_eq!(s.erase(&["C1001".to_string()]).unwrap().events, 0);
    assert_eq!(send(&l.url, 9, true), 200);
    wait_for("the next event stored", 10, || {
        events_json(home, &store, &[]).len() == before.len() + 1
    });
}
