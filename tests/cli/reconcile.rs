//! `webhooks listen --reconcile` against the sandbox (cli.md, "Events the service gave up
//! on"): candidates moved in the sandbox's state without a webhook (as when the service gave
//! the event up) are synthesized once, forwarded signed with `X-Recruit-Synthesized: 1`; a move
//! whose webhook arrived is not; the first walk only records; a restart during downtime
//! synthesizes what happened meanwhile, once; an unchanged walk costs list pages only, paced
//! under `--max-rate`; two listeners on one PostgreSQL store synthesize each change once.

use crate::common::pg::Pg;
use crate::common::*;
use crate::relay::{spawn_listener, Listener, KEY};

use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// An app that takes everything (200) and keeps what it got.
pub(crate) fn app() -> Stub {
    stub(|_, _| Reply::json(200, "{}"))
}

/// A forward as the app got it: the body, whether it was flagged synthesized, whether its
/// signature verifies with the relay's key now.
pub(crate) struct Got {
    pub(crate) body: Value,
    pub(crate) flagged: bool,
    pub(crate) signed: bool,
}

pub(crate) fn got(app: &Stub) -> Vec<Got> {
    app.seen()
        .into_iter()
        .map(|s| Got {
            body: serde_json::from_slice(&s.body).unwrap_or(Value::Null),
            flagged: s.header("x-recruit-synthesized") == Some("1"),
            signed: recruit::webhook::signature::verify(
                s.header("service-webhook-signature"),
                &s.body,
                &[KEY.as_bytes()],
                Some(Duration::from_secs(300)),
                recruit::webhook::signature::now_unix(recruit::clock::system().as_ref()),
            )
            .is_ok(),
        })
        .collect()
}

pub(crate) fn code_of(g: &Got) -> String {
    g.body["payload"]["candidate"]["code"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// `webhooks listen --reconcile` on `store`, forwarding to `app`, pointed at the sandbox.
pub(crate) fn listener(sb: &TestSandbox, store: &str, app: &Stub, args: &[&str]) -> Listener {
    let mut cmd = sb.home.std_cmd();
    cmd.env("RECRUIT_BASE_URL", sb.base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .args(["--store", store, "--reconcile", "--log-format", "json"])
        .args(["--forward-to", &format!("http://{}/hooks", app.addr)])
        .args(args);
    spawn_listener(cmd)
}

/// Move `code` to `kind` in the sandbox's state file: no webhook, as when the service gave
/// the event up.
pub(crate) fn move_quietly(sb: &TestSandbox, code: &str, kind: &str) {
    let at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    sb.edit_state(|s| {
        let c = s["candidates"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|c| c["code"] == json!(code))
            .expect("candidate in the state");
        c["stage"] = json!({"kind": kind, "title": format!("{kind} step"),
            "created_at": at, "updated_at": at});
    });
}

/// POST to a sandbox-only endpoint.
fn admin_post(sb: &TestSandbox, path: &str, body: Value) {
    let url = format!("http://{}{path}", sb.sandbox().addr);
    let key = sb.sandbox().api_key.clone();
    let status = sb.rt.block_on(async move {
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .post(url)
            .bearer_auth(key)
            .json(&body)
            .send()
            .await
            .unwrap()
            .status()
    });
    assert!(status.is_success(), "{path}: {status}");
}

pub(crate) fn wait_until(what: &str, secs: u64, mut f: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if f() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("not within {secs} s: {what}");
}

/// The events of a file store as `events list -o json` shows them.
pub(crate) fn events(sb: &TestSandbox, store: &str) -> Vec<Value> {
    let out = sb.run(&["-o", "json", "webhooks", "events", "list", "--store", store]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn moves_the_service_gave_up_are_synthesized_once_and_moves_that_arrived_never() {
    let sb = TestSandbox::with(|o| o.retry_scale = 0.001);
    let app = app();
    let store = sb.home.dir.path().join("events.db");
    let store = store.to_str().unwrap();
    let hour = ["--reconcile-every", "1h"];

    // First walk: it only records, whatever the stages.
    move_quietly(&sb, "C1004", "review");
    let a = listener(&sb, store, &app, &hour);
    a.wait_line("\"outcome\":\"reconciled\"", 30);

    // A move whose webhook reaches the listener: forwarded as received, never synthesized.
    let out = sb.run(&[
        "webhooks",
        "create",
        "--callback-url",
        &format!("{}/hooks", a.url),
        "--signing-key",
        KEY,
        "--event",
        "candidate_stage_changed",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    admin_post(
        &sb,
        "/_sandbox/candidates/C1001/stage",
        json!({"stage": "offer", "title": "Offer (reconcile test)"}),
    );
    wait_until("the received move forwarded", 30, || {
        got(&app).iter().any(|g| code_of(g) == "C1001")
    });
    let (code, _) = a.terminate();
    assert_eq!(code, Some(0));

    // Downtime: two moves without a webhook (one to pass).
    move_quietly(&sb, "C1002", "interview");
    move_quietly(&sb, "C1003", "pass");
    let b = listener(&sb, store, &app, &hour);
    b.wait_line("\"outcome\":\"reconciled\"", 30);
    wait_until("three synthesized forwards", 30, || {
        got(&app).iter().filter(|g| g.flagged).count() >= 3
    });
    b.terminate();
    // Started again: the same changes are not made twice.
    let c = listener(&sb, store, &app, &hour);
    c.wait_line("\"outcome\":\"reconciled\"", 30);
    c.terminate();

    let all = got(&app);
    let synthesized: Vec<&Got> = all.iter().filter(|g| g.flagged).collect();
    let mut made: Vec<(String, String)> = synthesized
        .iter()
        .map(|g| (code_of(g), g.body["action"].as_str().unwrap().to_string()))
        .collect();
    made.sort();
    assert_eq!(
        made,
        [
            ("C1002".to_string(), "candidate_stage_changed".to_string()),
            ("C1003".to_string(), "candidate_pass".to_string()),
            ("C1003".to_string(), "candidate_stage_changed".to_string()),
        ]
    );
    for g in &synthesized {
        assert!(g.signed, "a synthesized forward is signed: {}", g.body);
        assert_eq!(g.body["synthesized"], true);
        assert!(g.body["payload"]["candidate"]["job_stage"]["updated_at"].is_string());
    }
    // The received move arrived once, unflagged, and C1004 (moved before the first walk)
    // was never made into an event.
    let received: Vec<&Got> = all.iter().filter(|g| code_of(g) == "C1001").collect();
    assert_eq!(received.len(), 1);
    assert!(!received[0].flagged);
    assert!(all.iter().all(|g| code_of(g) != "C1004"));

    // `events list` says which were synthesized.
    let listed = events(&sb, store);
    let flagged = listed.iter().filter(|e| e["synthesized"] == true).count();
    assert_eq!(flagged, 3, "{listed:?}");
    assert_eq!(listed.len(), 4, "{listed:?}");
    let table = sb.run(&[
        "-o", "table", "webhooks", "events", "list", "--store", store,
    ]);
    assert!(
        stdout_of(&table).contains("(synthesized)"),
        "{}",
        stdout_of(&table)
    );
}

#[test]
fn an_unchanged_walk_reads_list_pages_only_and_keeps_under_max_rate() {
    // The service allows 4 requests a second (burst 1); --max-rate 1 keeps every page under it
    // (with room for a busy machine's jitter).
    const SYNTHETIC: usize = 430;
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = SYNTHETIC;
        o.rate_limit = Some(4.0);
    });
    let app = app();
    let store = sb.home.dir.path().join("events.db");
    let store = store.to_str().unwrap();
    // The list's length from the state file: no request before the walks.
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(sb.sandbox().state_path()).unwrap()).unwrap();
    let total = state["candidates"].as_array().unwrap().len() + SYNTHETIC;
    let pages = total.div_ceil(100) as u64;
    assert!(pages >= 5, "{total}");
    let stats = || sb.admin_value("/_sandbox/stats");
    let every = 3;
    let listener = listener(
        &sb,
        store,
        &app,
        &["--reconcile-every", &format!("{every}s"), "--max-rate", "1"],
    );
    listener.wait_line("\"outcome\":\"reconciled\"", 60);
    let first = stats();
    let started = Instant::now();
    // Nothing changed: the next walk reads the list's pages, nothing else.
    listener.wait_line("\"outcome\":\"reconciled\"", 60);
    let took = started.elapsed();
    let second = stats();
    listener.terminate();
    let answered = |s: &Value| s["answered"].as_u64().unwrap();
    assert_eq!(answered(&first), pages, "{first}");
    assert_eq!(
        answered(&second) - answered(&first),
        pages,
        "{first} {second}"
    );
    assert_eq!(second["rate_limited"], 0, "{second}");
    // Paced: after the period, `pages` requests at 1 a second take at least pages - 1 s.
    let least = every as f64 + (pages - 1) as f64 * 0.9;
    assert!(
        took >= Duration::from_secs_f64(least),
        "{took:?} for {pages} pages"
    );
    assert!(app.seen().is_empty());
}

#[test]
fn two_listeners_on_one_postgresql_store_synthesize_each_change_once() {
    let Some(pg) = Pg::start("two_listeners_synthesize_each_change_once") else {
        return;
    };
    let sb = TestSandbox::new();
    let app = app();
    let args = ["--reconcile-every", "1s", "--lease", "2"];
    let a = listener(&sb, &pg.url, &app, &args);
    let b = listener(&sb, &pg.url, &app, &args);
    // Someone has walked (and recorded) before anything moves.
    a.wait_line("\"outcome\":\"reconcile", 30);
    b.wait_line("\"outcome\":\"reconcile", 30);
    move_quietly(&sb, "C1002", "interview");
    move_quietly(&sb, "C1003", "pass");
    wait_until("three synthesized forwards", 60, || {
        got(&app).iter().filter(|g| g.flagged).count() >= 3
    });
    // A few more walks of both: nothing is made again.
    for _ in 0..3 {
        a.wait_line("\"outcome\":\"reconcile", 30);
        b.wait_line("\"outcome\":\"reconcile", 30);
    }
    // The walker dies: the other one takes the walk over, and makes nothing twice either.
    let (a, b) = (a.terminate(), b);
    assert_eq!(a.0, Some(0));
    b.wait_line("\"outcome\":\"reconciled\"", 60);
    b.wait_line("\"outcome\":\"reconciled\"", 30);
    b.terminate();
    let synthesized: Vec<(String, String)> = got(&app)
        .iter()
        .filter(|g| g.flagged)
        .map(|g| (code_of(g), g.body["action"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(synthesized.len(), 3, "{synthesized:?}");
    let mut c = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    let keys: i64 = c
        .query_one("SELECT count(*) FROM relay_reconcile_synthesized", &[])
        .unwrap()
        .get(0);
    assert_eq!(keys, 2);
}

#[test]
fn a_listener_killed_in_the_middle_of_a_walk_synthesizes_each_change_once_after_a_restart() {
    // Many candidates and a slow list: a walk reads 5 pages at 2 a second, so a kill -9 lands
    // in the middle of one.
    let sb = TestSandbox::with(|o| {
        o.synthetic_candidates = 430;
        o.rate_limit = Some(4.0);
    });
    let app = app();
    let store = sb.home.dir.path().join("events.db");
    let store = store.to_str().unwrap();
    let args = ["--reconcile-every", "1s", "--max-rate", "2"];
    let answered = || {
        sb.admin_value("/_sandbox/stats")["answered"]
            .as_u64()
            .unwrap()
    };
    let mut a = listener(&sb, store, &app, &args);
    a.wait_line("\"outcome\":\"reconciled\"", 60);
    let walked = answered();
    move_quietly(&sb, "C1002", "interview");
    move_quietly(&sb, "C1003", "pass");
    // Two pages into the next walk (of 5): killed, nothing of that walk stored.
    wait_until("the next walk under way", 60, || answered() >= walked + 2);
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    let when = answered() - walked;
    assert!(when < 5, "the walk was over before the kill: {when} pages");
    drop(a);
    let b = listener(&sb, store, &app, &args);
    wait_until("the changes synthesized", 60, || {
        events(&sb, store)
            .iter()
            .filter(|e| e["synthesized"] == true)
            .count()
            >= 3
    });
    // More walks after the restart make nothing again.
    for _ in 0..2 {
        b.wait_line("\"outcome\":\"reconciled\"", 60);
    }
    let (code, _) = b.terminate();
    assert_eq!(code, Some(0));
    let mut made: Vec<String> = events(&sb, store)
        .iter()
        .filter(|e| e["synthesized"] == true)
        .map(|e| e["action"].as_str().unwrap_or("").to_string())
        .collect();
    made.sort();
    assert_eq!(
        made,
        [
            "candidate_pass",
            "candidate_stage_changed",
            "candidate_stage_changed"
        ],
        "each change synthesized once"
    );
    let mut codes: Vec<String> = got(&app)
        .iter()
        .filter(|g| g.flagged && g.body["action"] == "candidate_stage_changed")
        .map(code_of)
        .collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes, ["C1002", "C1003"]);
}
