//! Running the relay as a service: `/healthz` and `/metrics` on their own port, a listener
//! that stops (exit 1) when its store stays unusable, JSON logs, a quiet shutdown, and the
//! README's systemd unit.

use super::*;

pub(super) use crate::common::http_get as get;

/// The metrics address announced on stderr: `health and metrics on http://ADDR/healthz ...`.
pub(super) fn metrics_base(l: &Listener) -> String {
    let line = l.wait_line("health and metrics on", 10);
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap();
    url.trim_end_matches("/healthz").to_string()
}

fn scrape(base: &str) -> prometheus_parse::Scrape {
    let (status, text) = get(&format!("{base}/metrics"));
    assert_eq!(status, 200, "{text}");
    prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).unwrap()
}

fn sample(s: &prometheus_parse::Scrape, name: &str, target: Option<&str>) -> f64 {
    let found = s
        .samples
        .iter()
        .find(|x| x.metric == name && target.is_none_or(|t| x.labels.get("target") == Some(t)))
        .unwrap_or_else(|| panic!("no sample {name} {target:?}"));
    match found.value {
        prometheus_parse::Value::Counter(v)
        | prometheus_parse::Value::Gauge(v)
        | prometheus_parse::Value::Untyped(v) => v,
        ref other => panic!("{name}: {other:?}"),
    }
}

#[test]
fn metrics_and_health_tell_what_the_relay_is_doing() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let down = app();
    let up = app_up();
    let args = [
        "--forward".to_string(),
        format!("candidate_pass={}", down.stub.base()),
        "--forward-to".to_string(),
        up.stub.base(),
        "--metrics-addr".to_string(),
        "127.0.0.1:0".to_string(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let l = listen_stored(&home, &store, &args);
    let base = metrics_base(&l);
    for n in 1..=3 {
        assert_eq!(send_action(&l.url, "candidate_pass", n, true), 200);
    }
    for n in 4..=5 {
        assert_eq!(send_action(&l.url, "feedback_created", n, true), 200);
    }
    assert_eq!(send(&l.url, 6, false), 401);
    settled_for(&up, 2);
    wait_for("a failed attempt to the down app", 10, || {
        !down.stub.seen().is_empty()
    });
    // The oldest pending event ages by the listener's clock: moved on, not slept through.
    advance(&home, Duration::from_secs(2));
    // Targets are labelled by their one shown name.
    let up_t = recruit::redact::target_name(&up.stub.base());
    // "Delivered" marks are committed in groups behind the forwards.
    wait_for("the up app's deliveries committed", 10, || {
        sample(&scrape(&base), "recruit_relay_events_pending", Some(&up_t)) == 0.0
    });
    let s = scrape(&base);
    assert_eq!(sample(&s, "recruit_relay_events_received_total", None), 6.0);
    assert_eq!(sample(&s, "recruit_relay_events_rejected_total", None), 1.0);
    assert_eq!(sample(&s, "recruit_relay_events_stored_total", None), 5.0);
    assert_eq!(
        sample(&s, "recruit_relay_events_forwarded_total", None),
        2.0
    );
    assert_eq!(sample(&s, "recruit_relay_events_failed_total", None), 0.0);
    let down_t = recruit::redact::target_name(&down.stub.base());
    assert_eq!(
        sample(&s, "recruit_relay_events_pending", Some(&down_t)),
        3.0
    );
    assert_eq!(sample(&s, "recruit_relay_events_pending", Some(&up_t)), 0.0);
    let age = sample(
        &s,
        "recruit_relay_oldest_pending_age_seconds",
        Some(&down_t),
    );
    assert!((1.0..60.0).contains(&age), "{age}");
    assert_eq!(
        sample(&s, "recruit_relay_oldest_pending_age_seconds", Some(&up_t)),
        0.0
    );
    let (status, body) = get(&format!("{base}/healthz"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["status"],
        "ok"
    );
    // Never on the listener's own port, which faces the service.
    let (status, _) = get(&format!("{}/metrics", l.url.trim_end_matches('/')));
    assert_eq!(status, 405, "the listener's port answers only POST");
}

fn settled_for(app: &App, n: usize) {
    wait_for("the app's events", 10, || {
        app.got.lock().unwrap().len() >= n
    });
}

/// A store that stops working: each event answered 503 (never 200), `/healthz` says why, and
/// after `--store-fail-after` the listener exits 1 naming the store, for a supervisor.
#[test]
fn a_store_that_stays_unusable_stops_the_listener_with_exit_1() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app_up();
    let args = [
        "--forward-to",
        &app.stub.base(),
        "--metrics-addr",
        "127.0.0.1:0",
        "--store-fail-after",
        "3s",
    ];
    let l = listen_stored(&home, &store, &args);
    let base = metrics_base(&l);
    assert_eq!(send(&l.url, 1, true), 200);
    settled(&home, &store, &app.got, 1);
    let conn = rusqlite::Connection::open(&store).unwrap();
    conn.busy_timeout(Duration::from_secs(10)).unwrap();
    conn.execute_batch("DROP TABLE events;").unwrap();
    assert_eq!(send(&l.url, 2, true), 503);
    let (status, body) = get(&format!("{base}/healthz"));
    assert_eq!(status, 503, "{body}");
    let reason = serde_json::from_str::<Value>(&body).unwrap()["reason"].clone();
    assert!(reason.as_str().unwrap().contains("event store"), "{body}");
    let s = scrape(&base);
    assert_eq!(
        sample(&s, "recruit_relay_events_store_failed_total", None),
        1.0
    );
    let mut l = l;
    let started = Instant::now();
    let status = loop {
        if let Some(st) = l.child.try_wait().unwrap() {
            break st;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "still running on a broken store"
        );
        // Events keep coming, and keep being refused with 503.
        if let Some(code) = try_send_signed(&l.url, &event_body("candidate_pass", 3)) {
            assert_eq!(code, 503);
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(status.code(), Some(1));
    let rest = drain(&l.stderr);
    let text = rest.join("\n");
    assert!(text.contains("has been failing for"), "{text}");
    assert!(text.contains(&store.display().to_string()), "{text}");
    assert!(text.contains("answered 503, not stored"), "{text}");
}

/// Pages of the store damaged while the listener runs: `/healthz` answers 503 naming the
/// damage and what to do (as `/metrics` says the store is unreadable), and new events are
/// answered 503 while it lasts: the relay could not forward from a store it cannot read.
#[test]
fn healthz_is_503_while_the_stores_pages_cannot_be_read() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    super::store::fill_store(&store);
    let l = listen_stored(
        &home,
        &store,
        &["--metrics-addr", "127.0.0.1:0", "--store-fail-after", "1h"],
    );
    let base = metrics_base(&l);
    let (status, body) = get(&format!("{base}/healthz"));
    assert_eq!(status, 200, "{body}");
    super::store::damage_pages(&store, &[21, 22, 41]);
    let (status, body) = get(&format!("{base}/healthz"));
    assert_eq!(status, 503, "{body}");
    let reason = serde_json::from_str::<Value>(&body).unwrap()["reason"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(reason.contains("is damaged"), "{reason}");
    assert!(reason.contains("malformed"), "{reason}");
    assert!(reason.contains(&store.display().to_string()), "{reason}");
    assert!(reason.contains("move it away"), "what to do: {reason}");
    let s = scrape(&base);
    assert_eq!(sample(&s, "recruit_relay_store_readable", None), 0.0);
    assert_eq!(send(&l.url, 1, true), 503, "no 200 into a damaged store");
    let (status, _) = get(&format!("{base}/healthz"));
    assert_eq!(status, 503, "still");
}

#[test]
fn json_logs_are_one_object_per_line_and_shutdown_is_quiet() {
    let home = Home::new();
    let store = home.dir.path().join("relay.db");
    let app = app_up();
    let hang = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let hang_url = format!("http://{}/hooks", hang.local_addr().unwrap());
    let (accepted, in_flight) = std::sync::mpsc::channel();
    let _held = std::thread::spawn(move || {
        let mut conns = Vec::new();
        while let Ok((c, _)) = hang.accept() {
            conns.push(c);
            let _ = accepted.send(());
        }
    });
    let args = [
        "--forward-to",
        &app.stub.base(),
        "--forward",
        &format!("feedback_created={hang_url}"),
        "--log-format",
        "json",
        "--timeout",
        "30",
    ];
    let l = listen_stored(&home, &store, &args);
    assert_eq!(send(&l.url, 1, true), 200);
    assert_eq!(send_action(&l.url, "feedback_created", 2, true), 200);
    assert_eq!(send(&l.url, 3, false), 401);
    settled_for(&app, 1);
    in_flight
        .recv_timeout(Duration::from_secs(10))
        .expect("the forward to the hanging app is in flight");
    let started = Instant::now();
    let (code, rest) = l.terminate();
    assert_eq!(code, Some(0));
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "a forward in flight is abandoned, not waited for"
    );
    let mut outcomes = Vec::new();
    for line in &rest {
        let v: Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
        for key in [
            "time", "level", "outcome", "event_id", "action", "target", "message",
        ] {
            assert!(v.get(key).is_some(), "{key} missing: {line}");
        }
        outcomes.push(v);
    }
    let stored = outcomes
        .iter()
        .find(|v| v["outcome"] == "stored" && v["action"] == "candidate_pass")
        .expect("a stored line");
    assert!(stored["event_id"].as_i64().is_some());
    let forwarded = outcomes
        .iter()
        .find(|v| v["outcome"] == "forwarded")
        .expect("a forwarded line");
    assert_eq!(
        forwarded["target"],
        json!(recruit::redact::target_name(&app.stub.base()))
    );
    assert_eq!(forwarded["event_id"], stored["event_id"]);
    assert!(outcomes
        .iter()
        .any(|v| v["outcome"] == "rejected" && v["level"] == "warn"));
    let last = outcomes.last().unwrap();
    assert_eq!(last["outcome"], "stopped");
    assert!(
        last["message"]
            .as_str()
            .unwrap()
            .contains("3 received, 2 accepted (2 stored), 1 rejected; 1 forwarded"),
        "{last}"
    );
    assert!(
        !rest.iter().any(|l| l.contains("cancelled")),
        "no task noise at shutdown: {rest:?}"
    );
    // The abandoned forward is still pending, for the next run.
    let pending = events_json(&home, &store, &["--status", "pending"]);
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0]["payload"]["seq"], json!(2));
}

#[test]
fn metrics_are_never_served_on_the_listeners_own_port() {
    let home = Home::new();
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port().to_string();
    drop(free);
    let out = recruit(&home)
        .args(["webhooks", "listen", "--port", &port, "--metrics-addr"])
        .arg(format!("127.0.0.1:{port}"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("own port"), "{}", stderr_of(&out));
}

/// The README's systemd unit, with this build's binary, passes `systemd-analyze verify`.
#[test]
fn the_packaged_relay_unit_verifies() {
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/pkg/systemd/recruit-relay.service"
    ))
    .unwrap();
    assert!(unit.contains("Restart=on-failure"), "{unit}");
    assert!(unit.contains("--store"), "{unit}");
    // The README points at the packaged unit rather than a copy of it.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains("recruit-relay.service"),
        "the README names the unit"
    );
    let Ok(analyze) = which("systemd-analyze") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "systemd-analyze is missing under CI"
        );
        eprintln!("SKIPPED the_packaged_relay_unit_verifies: systemd-analyze is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("recruit");
    let unit = unit.replace("/usr/bin/recruit", &bin.display().to_string());
    let path = dir.path().join("recruit-relay.service");
    std::fs::write(&path, unit).unwrap();
    // The units' Documentation= names the checked-in man pages: found as installed.
    let man1 = dir.path().join("man").join("man1");
    std::fs::create_dir_all(&man1).unwrap();
    for page in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/man")).unwrap() {
        let page = page.unwrap().path();
        std::fs::copy(&page, man1.join(page.file_name().unwrap())).unwrap();
    }
    let out = std::process::Command::new(analyze)
        .arg("verify")
        .arg(&path)
        .env("MANPATH", dir.path().join("man"))
        .env("SYSTEMD_LOG_LEVEL", "warning")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    // Complaints about the machine's own units are not ours; any about this file are.
    let ours: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("recruit-relay.service"))
        .collect();
    assert!(ours.is_empty(), "{said}");
}

fn which(name: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|p| p.join(name))
                .find(|p| p.is_file())
        })
        .ok_or(())
}

/// Under `-o ndjson` with stderr read by a program, the log is JSON lines without
/// `--log-format` (cli.md: every line on stderr is JSON then); `--log-format text` still wins.
#[test]
fn under_o_ndjson_the_log_is_json_unless_text_is_asked_for() {
    for (extra, json) in [(&[][..], true), (&["--log-format", "text"][..], false)] {
        let home = Home::new();
        let store = home.dir.path().join("relay.db");
        let mut args = vec!["-o", "ndjson"];
        args.extend_from_slice(extra);
        let l = listen_stored(&home, &store, &args);
        assert_eq!(send(&l.url, 1, true), 200);
        assert_eq!(send(&l.url, 2, false), 401);
        let (code, rest) = l.terminate();
        assert_eq!(code, Some(0));
        assert!(rest.len() >= 3, "stored, rejected, stopped: {rest:?}");
        for line in &rest {
            let parsed = serde_json::from_str::<Value>(line);
            assert_eq!(parsed.is_ok(), json, "{extra:?}: {line}");
        }
    }
}
