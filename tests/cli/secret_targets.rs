//! Forward targets whose addresses are secrets (#49, cli.md "Secrets"): a chat channel's
//! address, and an app's URL with a user, a password and a token in its query, appear nowhere:
//! not on the listener's stderr, in `/metrics`, in `events list|show` (table and JSON) nor in
//! any row or file of the store (SQLite and PostgreSQL); each target is shown by one name
//! everywhere; a row written by an earlier version (the address stored whole, the library's
//! error naming it) is shown redacted. And TLS to PostgreSQL: `sslmode=require` with the
//! server's CA works, with another CA it is refused naming the fix.

use crate::common::pg::Pg;
use crate::common::*;
use crate::relay::{events_json, recruit, send, spawn_listener, Listener, KEY};

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

/// In every secret part of the targets' addresses: found nowhere.
const MARKER: &str = "MARKER";

struct Targets {
    chat: Stub,
    app: Stub,
    _refusing: tokio::net::TcpSocket,
    /// The chat channel's, the app's, and a channel whose port refuses every connection.
    urls: [String; 3],
}

impl Targets {
    fn names(&self) -> Vec<String> {
        self.urls
            .iter()
            .map(|u| recruit::redact::target_name(u))
            .collect()
    }
}

/// The channel and the app each fail once, then take the event.
fn targets() -> Targets {
    let chat = stub(|_, n| {
        if n == 1 {
            Reply::json(500, r#"{"error":"busy"}"#)
        } else {
            Reply::json(200, "{}")
        }
    });
    let app = stub(|_, n| {
        if n == 1 {
            Reply::json(503, r#"{"error":"deploying"}"#)
        } else {
            Reply::json(200, "{}")
        }
    });
    let (port, refusing) = refusing_port();
    let urls = [
        format!("slack+http://{}/services/T000/B000/{MARKER}xyz", chat.addr),
        format!(
            "http://hook:{MARKER}pw@{}/hooks?token={MARKER}tok",
            app.addr
        ),
        format!("slack+http://127.0.0.1:{port}/services/T000/B000/{MARKER}ref"),
    ];
    Targets {
        chat,
        app,
        _refusing: refusing,
        urls,
    }
}

fn listen(home: &Home, store: &str, t: &Targets, extra: &[&str]) -> Listener {
    let mut cmd = recruit(home);
    cmd.args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .args(["--store", store, "--retry-schedule", "0.2s"])
        .args(["--metrics-addr", "127.0.0.1:0"]);
    for u in &t.urls {
        cmd.arg("--forward").arg(format!("candidate_pass={u}"));
    }
    cmd.args(extra);
    spawn_listener(cmd)
}

/// Read the listener's stderr into `lines` until one holds `what`.
fn read_until(l: &Listener, lines: &mut Vec<String>, what: &str) -> String {
    let end = Instant::now() + Duration::from_secs(20);
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        if let Ok(line) = l.stderr.recv_timeout(left) {
            lines.push(line.clone());
            if line.contains(what) {
                return line;
            }
        }
    }
    panic!("no stderr line with {what:?}: {lines:?}");
}

/// `recruit webhooks events ARGS --store STORE`: stdout and stderr, after exit 0.
fn events(home: &Home, store: &str, args: &[&str]) -> String {
    let out = recruit(home)
        .env("COLUMNS", "400")
        .args(["webhooks", "events"])
        .args(args)
        .args(["--store", store])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
    format!("{}{}", stdout_of(&out), stderr_of(&out))
}

/// Every view of the store's events: list and each show, as a table and as JSON.
fn views(home: &Home, store: &str) -> Vec<String> {
    let mut shown = vec![
        events(home, store, &["list", "-o", "json"]),
        events(home, store, &["list", "-o", "table"]),
    ];
    for e in events_json(home, Path::new(store), &[]) {
        let id = e["id"].to_string();
        shown.push(events(home, store, &["show", &id, "-o", "json"]));
        shown.push(events(home, store, &["show", &id, "-o", "table"]));
    }
    shown
}

fn assert_no_marker(what: &str, texts: &[String]) {
    for t in texts {
        assert!(!t.contains(MARKER), "{what} shows a secret address: {t}");
    }
}

/// One event to the three targets, until the channel and the app took it and the refused
/// channel was tried twice; then every output is free of the marker and names each target
/// the same way. The listener's stderr lines are returned.
fn run_relay(home: &Home, store: &str, t: &Targets, extra: &[&str]) -> Vec<String> {
    let l = listen(home, store, t, extra);
    let mut lines = Vec::new();
    let line = read_until(&l, &mut lines, "health and metrics on");
    let at = line.find("http://").unwrap();
    let base = line[at..].split("/healthz").next().unwrap().to_string();
    assert_eq!(send(&l.url, 1, true), 200);
    let refused_name = &t.names()[2];
    wait_for("both delivered, the refused one tried twice", 30, || {
        let rows = events_json(home, Path::new(store), &[]);
        let status = |name: &str| {
            rows.iter()
                .find(|r| r["target"] == name)
                .map(|r| (r["status"].clone(), r["attempts"].as_i64().unwrap_or(0)))
        };
        status(&t.names()[0]).is_some_and(|s| s.0 == "delivered")
            && status(&t.names()[1]).is_some_and(|s| s.0 == "delivered")
            && status(refused_name).is_some_and(|s| s.1 >= 2)
    });
    assert_eq!(t.chat.seen().len(), 2, "failed once, then delivered");
    assert_eq!(t.app.seen().len(), 2);
    // The app got the user and password it was given (they are its, not ours to drop).
    assert!(t.app.seen()[0].header("authorization").is_some());
    let (_, metrics) = crate::common::http_get(&format!("{base}/metrics"));
    let shown = views(home, store);
    let (_, rest) = l.terminate();
    lines.extend(rest);
    assert_no_marker("/metrics", std::slice::from_ref(&metrics));
    assert_no_marker("events list|show", &shown);
    assert_no_marker("the listener's stderr", &lines);
    // One name per target, the same in each place.
    for name in t.names() {
        assert!(
            metrics.contains(&format!("recruit_relay_lane_held{{target=\"{name}\"")),
            "{name}: {metrics}"
        );
        for (i, view) in shown[..2].iter().enumerate() {
            assert!(view.contains(&name), "list {i} lacks {name}: {view}");
        }
    }
    for view in &shown[2..] {
        assert!(
            t.names().iter().any(|n| view.contains(n.as_str())),
            "{view}"
        );
    }
    let stderr = lines.join("\n");
    for name in [&t.names()[0], refused_name] {
        assert!(stderr.contains(name.as_str()), "{name}: {stderr}");
    }
    let rows = events_json(home, Path::new(store), &[]);
    let mut stored: Vec<String> = rows
        .iter()
        .map(|r| r["target"].as_str().unwrap().to_string())
        .collect();
    stored.sort();
    let mut names = t.names();
    names.sort();
    assert_eq!(stored, names);
    let refused = rows.iter().find(|r| r["target"] == *refused_name).unwrap();
    assert!(
        refused["last_error"]
            .as_str()
            .is_some_and(|e| !e.is_empty()),
        "{refused}"
    );
    lines
}

/// A row as an earlier version wrote it: the address whole, the library's words naming it.
const OLD_ERROR: &str = "error sending request for url";

fn old_row(target: &str) -> (String, String) {
    (
        target.to_string(),
        format!("{OLD_ERROR} ({target}): client error (Connect)"),
    )
}

fn assert_old_row_redacted(home: &Home, store: &str, name: &str) {
    let shown = views(home, store);
    assert_no_marker("a row written the old way", &shown);
    assert!(shown[0].contains(OLD_ERROR), "{}", shown[0]);
    assert!(shown[0].contains(name) && shown[1].contains(name));
}

#[test]
fn secret_addresses_appear_nowhere_on_a_file_store() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.db");
    let store = path.to_str().unwrap();
    let t = targets();
    run_relay(&home, store, &t, &[]);
    let files = markers_in(dir.path(), MARKER);
    assert!(files.is_empty(), "the store's files hold it: {files:?}");

    let (target, error) = old_row(&t.urls[2]);
    let db = rusqlite::Connection::open(&path).unwrap();
    let changed = db
        .execute(
            "UPDATE events SET target = ?1, last_error = ?2 WHERE target = ?3",
            rusqlite::params![target, error, t.names()[2]],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(db);
    assert_old_row_redacted(&home, store, &t.names()[2]);
}

#[test]
fn secret_addresses_appear_nowhere_on_a_postgres_store() {
    let Some(pg) = Pg::start("secret_addresses_appear_nowhere_on_a_postgres_store") else {
        return;
    };
    let home = Home::new();
    let t = targets();
    let lines = run_relay(&home, &pg.url, &t, &["--log-format", "json"]);
    // JSON log lines name a forward's target by its name too.
    let forwarded: Vec<Value> = lines
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["outcome"] == "forwarded")
        .collect();
    assert!(!forwarded.is_empty(), "{lines:?}");
    for v in &forwarded {
        let target = v["target"].as_str().unwrap();
        assert!(t.names().iter().any(|n| n == target), "{v}");
    }
    let mut c = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    let tables: Vec<String> = c
        .query(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public'",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(tables.iter().any(|t| t == "relay_events"), "{tables:?}");
    for table in &tables {
        for row in c
            .query(&format!("SELECT t::text FROM {table} t"), &[])
            .unwrap()
        {
            let text: String = row.get(0);
            assert!(!text.contains(MARKER), "{table}: {text}");
        }
    }
    let (target, error) = old_row(&t.urls[2]);
    let changed = c
        .execute(
            "UPDATE relay_events SET target = $1, last_error = $2 WHERE target = $3",
            &[&target, &error, &t.names()[2]],
        )
        .unwrap();
    assert_eq!(changed, 1);
    assert_old_row_redacted(&home, &pg.url, &t.names()[2]);
}

/// A CA, and a certificate it issued for 127.0.0.1 and localhost with its key: PEM texts.
fn pki() -> (String, String, String) {
    let p = crate::common::pki::company("Example Corp Database CA");
    (p.ca_pem, p.cert_pem, p.key_pem)
}

#[test]
fn postgres_over_tls_is_verified_against_the_ca_given() {
    let Some(pg) = Pg::start("postgres_over_tls_is_verified_against_the_ca_given") else {
        return;
    };
    let (ca, cert, key) = pki();
    let (other_ca, _, _) = pki();
    let url = pg.serve_tls(&cert, &key);
    let dir = tempfile::tempdir().unwrap();
    let (ca_file, other_file) = (dir.path().join("ca.pem"), dir.path().join("other.pem"));
    std::fs::write(&ca_file, ca).unwrap();
    std::fs::write(&other_file, other_ca).unwrap();
    let password = "Zq9-pw-never-shown";
    let db = format!("{url}?sslmode=require").replacen(
        "postgres://recruit@",
        &format!("postgres://recruit:{password}@"),
        1,
    );
    let ts = TestSandbox::new();
    let sync = |ca: &Path| {
        ts.run(&[
            "--ca-cert",
            ca.to_str().unwrap(),
            "-o",
            "json",
            "sync",
            "--db",
            &db,
        ])
    };
    let ok = sync(&ca_file);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr_of(&ok));
    // It was over TLS: the server takes no other connection on TCP.
    let plain = postgres::Client::connect(&format!("{url}?sslmode=disable"), postgres::NoTls);
    assert!(plain.is_err(), "a plain TCP connection was taken");

    let refused = sync(&other_file);
    let said = stderr_of(&refused);
    assert_eq!(refused.status.code(), Some(7), "{said}");
    assert!(said.contains("unknown authority"), "{said}");
    assert!(said.contains("--ca-cert"), "names the fix: {said}");
    assert!(!said.contains(password) && !stdout_of(&refused).contains(password));
}
