//! The durable relay: `recruit webhooks listen --store` in front of an app that is down, then
//! up; a `kill -9` with events pending; `webhooks events list|show|replay|prune`; refused
//! signatures not stored; foreign store files refused and untouched; one listener per store.

use crate::common::*;

use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const KEY: &str = "whsec_relay_test";

struct Listener {
    child: Child,
    _stderr: mpsc::Receiver<String>,
    url: String,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `webhooks listen --store STORE` with `args`, its stderr read in the background.
fn listen_stored(home: &Home, store: &std::path::Path, args: &[&str]) -> Listener {
    let mut child = recruit(home)
        .args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .arg("--store")
        .arg(store)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = lines(child.stderr.take().unwrap());
    let url = listening_url(&stderr);
    Listener {
        child,
        _stderr: stderr,
        url,
    }
}

fn recruit(home: &Home) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
    cmd.env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env_remove("RECRUIT_SIGNING_KEY");
    cmd
}

/// `webhooks listen --store FILE --forward-to APP`, once it prints its address.
fn listen(home: &Home, store: &std::path::Path, app: &str) -> Listener {
    listen_stored(home, store, &["--forward-to", app, "-o", "ndjson"])
}

/// An app that answers 503 while `up` is false and records what it accepted.
struct App {
    stub: Stub,
    up: Arc<AtomicBool>,
    got: Arc<Mutex<Vec<Value>>>,
}

fn app() -> App {
    let up = Arc::new(AtomicBool::new(false));
    let got = Arc::new(Mutex::new(Vec::new()));
    let (up2, got2) = (up.clone(), got.clone());
    let stub = stub(move |seen, _| {
        if !up2.load(Ordering::SeqCst) {
            return Reply::json(503, r#"{"error":"deploying"}"#);
        }
        // The relay passes the signature on as received.
        let sig = seen.header("service-webhook-signature").unwrap_or("");
        let ok = recruit::webhook::signature::verify(
            Some(sig),
            &seen.body,
            &[KEY.as_bytes()],
            None,
            recruit::webhook::signature::now_unix(),
        )
        .is_ok();
        got2.lock()
            .unwrap()
            .push(json!({"signed": ok, "body": serde_json::from_slice::<Value>(&seen.body).unwrap_or(Value::Null)}));
        Reply::json(200, "{}")
    });
    App { stub, up, got }
}

/// POST `n`-th event, signed (or with a bad signature); the listener's status.
fn send(url: &str, n: usize, good: bool) -> u16 {
    send_action(url, "candidate_pass", n, good)
}

fn send_action(url: &str, action: &str, n: usize, good: bool) -> u16 {
    let body =
        json!({"action": action, "seq": n, "candidate": {"code": format!("C{n}")}}).to_string();
    let sig = recruit::webhook::signature::sign(
        if good { KEY.as_bytes() } else { b"wrong key" },
        recruit::webhook::signature::now_unix(),
        body.as_bytes(),
    );
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
            .body(body)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    })
}

fn wait_for(what: &str, secs: u64, mut f: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if f() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("timed out waiting for {what}");
}

fn seqs(got: &Mutex<Vec<Value>>) -> Vec<u64> {
    got.lock()
        .unwrap()
        .iter()
        .map(|v| {
            assert_eq!(v["signed"], json!(true), "{v}");
            v["body"]["seq"].as_u64().unwrap()
        })
        .collect()
}

fn events_json(home: &Home, store: &std::path::Path, extra: &[&str]) -> Vec<Value> {
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
    wait_for("all five delivered", 20, || {
        app.got.lock().unwrap().len() >= 5
    });
    std::thread::sleep(Duration::from_millis(500)); // nothing more may come
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
            7,
            "id, action, received_at, status, attempts, last_error, payload: {e}"
        );
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
    wait_for("the pending events forwarded", 20, || {
        app.got.lock().unwrap().len() >= 3
    });
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(seqs(&app.got), [1, 2, 3]);
    assert_eq!(send(&l.url, 4, true), 200);
    wait_for("the next one", 10, || app.got.lock().unwrap().len() >= 4);
    assert_eq!(seqs(&app.got), [1, 2, 3, 4]);
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
fn events_show_replay_and_prune() {
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
        (recruit::webhook::signature::now_unix() - t).abs() < 30,
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
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("HTTP 503"), "{}", stderr_of(&out));

    // prune: nothing before a time in the past, everything before the future.
    let prune = |before: &str| {
        let out = recruit(&home)
            .args([
                "webhooks", "events", "prune", "--before", before, "-o", "json", "--store",
            ])
            .arg(&store)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        serde_json::from_str::<Value>(&stdout_of(&out)).unwrap()["deleted"].clone()
    };
    assert_eq!(prune("2020-01-01"), json!(0));
    assert_eq!(prune("2100-01-01"), json!(2));
    assert!(events_json(&home, &store, &[]).is_empty());
}

fn app_up() -> App {
    let a = app();
    a.up.store(true, Ordering::SeqCst);
    a
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
    let out = recruit(&home)
        .args(["webhooks", "listen", "--port", "0", "--store"])
        .arg(&store)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("another `recruit webhooks listen` is using the event store"),
        "{}",
        stderr_of(&out)
    );
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
    let l = Listener {
        child,
        _stderr: stderr,
        url,
    };
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
    let held = std::thread::spawn(move || {
        let mut conns = Vec::new();
        while let Ok((c, _)) = hang.accept() {
            conns.push(c);
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
    std::thread::sleep(std::time::Duration::from_millis(300));
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
        _stderr: stderr,
        url: url.clone(),
    };
    // Valid signature, hostile text: a clear-screen in the action, a clipboard write and a
    // bidi override in the candidate's name.
    let body = json!({"action": "candidate_pass\u{1b}[2J",
        "payload": {"candidate": {"code": "C1", "name": "Jane\u{1b}]52;c;QUFB\u{7}\u{202e}exe"}}})
    .to_string();
    let sig = recruit::webhook::signature::sign(
        KEY.as_bytes(),
        recruit::webhook::signature::now_unix(),
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
