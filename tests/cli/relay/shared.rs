//! The relay on several machines: listeners sharing one PostgreSQL store (started by each
//! test), killed with `kill -9` under load, the server stopped and started under load; and,
//! on both stores, `--forward-rate` and `--retry-schedule`. Every output is checked for the
//! store address's password.

use super::*;
use crate::common::pg::Pg;

use std::collections::{BTreeMap, HashMap};
use std::io::Write as _;

mod fencing;

/// The password in every test's store address: it must never be shown.
const PASSWORD: &str = "Zq9-pw-never-shown";

/// `webhooks listen --store URL -o ndjson` with `args`.
fn listener(home: &Home, store: &str, args: &[&str]) -> Listener {
    let mut cmd = recruit(home);
    cmd.args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .args(["--store", store, "-o", "ndjson"])
        .args(args);
    spawn_listener(cmd)
}

/// Say `what` past the test harness's capture, so it shows in the CI log even on success.
fn report(what: &str) {
    let _ = std::io::stderr().write_all(format!("\n*** {what}\n").as_bytes());
}

/// One forward as the app got it: (path, event id, seq, when).
type Forward = (String, i64, u64, Instant);

/// An app that records every forward in order of arrival.
struct Recorder {
    stub: Stub,
    got: Arc<Mutex<Vec<Forward>>>,
}

/// `fail_first`: the number of attempts answered 503 before the app takes events.
fn recorder(fail_first: usize) -> Recorder {
    let got = Arc::new(Mutex::new(Vec::new()));
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let got2 = got.clone();
    let stub = stub(move |seen, _| {
        let at = Instant::now();
        let path = seen.uri.split('?').next().unwrap_or("").to_string();
        let id = seen
            .header("x-recruit-event-id")
            .and_then(|v| v.parse().ok())
            .unwrap_or(-1);
        let seq = serde_json::from_slice::<Value>(&seen.body)
            .ok()
            .and_then(|v| v["seq"].as_u64())
            .unwrap_or(u64::MAX);
        got2.lock().unwrap().push((path, id, seq, at));
        if calls.fetch_add(1, Ordering::SeqCst) < fail_first {
            return Reply::json(503, r#"{"error":"starting"}"#);
        }
        Reply::json(200, "{}")
    });
    Recorder { stub, got }
}

impl Recorder {
    fn url(&self, path: &str) -> String {
        format!("http://{}/{path}", self.stub.addr)
    }

    fn seqs(&self) -> Vec<u64> {
        self.got.lock().unwrap().iter().map(|g| g.2).collect()
    }
}

/// Post each of `bodies` as the service does: signed, to one of the listeners `urls` holds
/// now, again (to another) until one answers 200. The 503s seen on the way.
fn deliver_all(
    urls: &Mutex<Vec<String>>,
    bodies: Vec<String>,
    concurrency: usize,
    accepted: &std::sync::atomic::AtomicUsize,
) -> usize {
    use futures::StreamExt;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let refused = std::sync::atomic::AtomicUsize::new(0);
    rt.block_on(async {
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap();
        futures::stream::iter(bodies.into_iter().enumerate())
            .map(|(n, body)| {
                let (client, refused) = (client.clone(), &refused);
                async move {
                    for attempt in 0.. {
                        assert!(attempt < 2000, "event {n} never accepted");
                        let url = {
                            let u = urls.lock().unwrap();
                            u[(n + attempt) % u.len()].clone()
                        };
                        let sig = recruit::webhook::signature::sign(
                            KEY.as_bytes(),
                            recruit::webhook::signature::now_unix(
                                recruit::clock::system().as_ref(),
                            ),
                            body.as_bytes(),
                        );
                        let status = client
                            .post(&url)
                            .header("content-type", "application/json")
                            .header("service-webhook-signature", sig)
                            .body(body.clone())
                            .send()
                            .await
                            .map(|r| r.status().as_u16());
                        match status {
                            Ok(200) => {
                                accepted.fetch_add(1, Ordering::SeqCst);
                                return;
                            }
                            Ok(503) => {
                                refused.fetch_add(1, Ordering::SeqCst);
                            }
                            _ => {}
                        }
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
            })
            .buffer_unordered(concurrency)
            .collect::<Vec<()>>()
            .await;
    });
    refused.load(Ordering::SeqCst)
}

/// When each duplicate (a delivery after the first) arrived. Panics on an event never
/// delivered, or (per target) one first delivered before an event stored earlier.
fn check_deliveries(app: &Recorder, sent: usize) -> Vec<Instant> {
    let got = app.got.lock().unwrap().clone();
    let mut times: HashMap<u64, usize> = HashMap::new();
    let mut first_ids: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    let mut seen_ids = std::collections::HashSet::new();
    let mut dups = Vec::new();
    for (path, id, seq, at) in &got {
        let n = times.entry(*seq).or_default();
        *n += 1;
        if *n > 1 {
            dups.push(*at);
        }
        if seen_ids.insert(*id) {
            first_ids.entry(path.clone()).or_default().push(*id);
        }
    }
    let lost: Vec<usize> = (0..sent)
        .filter(|n| !times.contains_key(&(*n as u64)))
        .collect();
    assert!(lost.is_empty(), "accepted, never forwarded: {lost:?}");
    for (path, ids) in &first_ids {
        let out_of_order: Vec<_> = ids.windows(2).filter(|w| w[0] >= w[1]).collect();
        assert!(
            out_of_order.is_empty(),
            "{path}: first forwards out of stored order: {out_of_order:?}"
        );
    }
    dups
}

fn pg_or_skip(test: &str) -> Option<Pg> {
    Pg::start(test)
}

/// A server for `test` (None where PostgreSQL is not installed), a home, the store's address
/// with the password, and an app.
fn pg_setup(test: &str) -> Option<(Pg, Home, String, Recorder)> {
    let pg = pg_or_skip(test)?;
    let store = pg.url_with_password(PASSWORD);
    Some((pg, Home::new(), store, recorder(0)))
}

/// Stored events that are still pending (read with PostgreSQL's own client).
fn pending_in(pg: &Pg) -> i64 {
    let mut c = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    c.query_one(
        "SELECT count(*) FROM relay_events WHERE status = 'pending'",
        &[],
    )
    .unwrap()
    .get(0)
}

#[test]
fn three_listeners_share_one_queue_through_kill_9s_and_lose_nothing() {
    let Some((pg, home, store, app)) = pg_setup("three_listeners_share_one_queue") else {
        return;
    };
    let (hired, rest) = (app.url("hired"), app.url("rest"));
    let route = format!("candidate_hired={hired}");
    let args = [
        "--forward",
        route.as_str(),
        "--forward-to",
        rest.as_str(),
        "--lease",
        "2",
    ];
    let start = || listener(&home, &store, &args);
    let mut listeners: Vec<Listener> = (0..3).map(|_| start()).collect();
    let urls = Mutex::new(listeners.iter().map(|l| l.url.clone()).collect::<Vec<_>>());
    const EVENTS: usize = 5000;
    let bodies: Vec<String> = (0..EVENTS)
        .map(|n| {
            let action = if n % 3 == 0 {
                "candidate_hired"
            } else {
                "candidate_pass"
            };
            event_body(action, n)
        })
        .collect();
    let done = AtomicBool::new(false);
    let accepted = std::sync::atomic::AtomicUsize::new(0);
    let (kills, mut outputs, listeners, first_kill) = std::thread::scope(|s| {
        let killer = s.spawn(|| {
            // One listener killed with kill -9 and started again, in turn, each time another
            // fifth of the events has been accepted: by progress, not by the clock, so a fast
            // machine that sends everything in two seconds still kills during the sending.
            let mut kills = 0;
            let mut outputs = Vec::new();
            let mut first_kill = None;
            while !done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(5));
                if accepted.load(Ordering::SeqCst) < EVENTS * (kills + 1) / 5 {
                    continue;
                }
                let i = kills % 3;
                let mut dead = std::mem::replace(&mut listeners[i], start());
                dead.child.kill().unwrap();
                first_kill.get_or_insert_with(Instant::now);
                dead.child.wait().unwrap();
                outputs.extend(drain(&dead.stderr));
                urls.lock().unwrap()[i] = listeners[i].url.clone();
                kills += 1;
            }
            (kills, outputs, listeners, first_kill)
        });
        deliver_all(&urls, bodies, 24, &accepted);
        done.store(true, Ordering::SeqCst);
        killer.join().unwrap()
    });
    assert!(kills >= 2, "the sending outlasted two kills: {kills}");
    let start_wait = Instant::now();
    wait_for("every accepted event forwarded", 60, || {
        pending_in(&pg) == 0 && app.seqs().len() >= EVENTS
    });
    let drained = start_wait.elapsed();
    let dups = check_deliveries(&app, EVENTS);
    let first_kill = first_kill.unwrap();
    let early: Vec<_> = dups.iter().filter(|at| **at < first_kill).collect();
    assert!(
        early.is_empty(),
        "{} duplicates before any kill",
        early.len()
    );
    let dups = dups.len();
    report(&format!(
        "three listeners, {EVENTS} events, {kills} kill -9s: {} forwards, {dups} duplicates (events in flight at a kill), drained {:.1} s after the last was accepted",
        app.seqs().len(),
        drained.as_secs_f64()
    ));
    // Duplicates only from kills: each kill may repeat what one listener had in flight
    // (its uncommitted marks, and the service's retry of an event stored but not answered).
    assert!(dups <= kills * 300, "{dups} duplicates for {kills} kills");
    for l in listeners {
        let (_, rest) = l.terminate();
        outputs.extend(rest);
    }
    let text = outputs.join("\n");
    assert!(!text.contains(PASSWORD), "{text}");
    assert!(text.contains("PostgreSQL database"), "{text}");
}

#[test]
fn postgresql_stopped_under_load_answers_503_then_recovers_and_loses_nothing() {
    let Some((pg, home, store, app)) = pg_setup("postgresql_stopped_under_load") else {
        return;
    };
    let rest = app.url("rest");
    let metrics = ["--metrics-addr", "127.0.0.1:0", "--store-fail-after", "5m"];
    let l = listener(
        &home,
        &store,
        &[&["--forward-to", &rest][..], &metrics].concat(),
    );
    let base = super::service::metrics_base(&l);
    let health = || super::service::get(&format!("{base}/healthz"));
    assert_eq!(health().0, 200);
    // The service's way: each event posted until it is answered 200, the next after it,
    // until the server has been down and back.
    let done = AtomicBool::new(false);
    let (sent, refused, down_health) = std::thread::scope(|s| {
        let sender = s.spawn(|| {
            let (mut n, mut refused) = (0, 0);
            while !done.load(Ordering::SeqCst) {
                let body = event_body("candidate_pass", n);
                match try_send_signed(&l.url, &body) {
                    Some(200) => n += 1,
                    Some(503) => refused += 1,
                    other => panic!("event {n}: {other:?}"),
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            (n, refused)
        });
        wait_for("some events forwarded", 30, || app.seqs().len() >= 100);
        pg.stop_server();
        wait_for("/healthz says the store is down", 15, || health().0 == 503);
        let down = health();
        std::thread::sleep(Duration::from_millis(200));
        pg.start_server();
        wait_for("/healthz well again", 30, || health().0 == 200);
        let back = app.seqs().len();
        wait_for("events forwarded after the restart", 30, || {
            app.seqs().len() >= back + 100
        });
        done.store(true, Ordering::SeqCst);
        let (sent, refused) = sender.join().unwrap();
        (sent, refused, down)
    });
    assert!(
        refused > 0,
        "events posted while the server was down got 503"
    );
    assert!(down_health.1.contains("store"), "{}", down_health.1);
    assert!(!down_health.1.contains(PASSWORD), "{}", down_health.1);
    wait_for("every accepted event forwarded", 60, || {
        pending_in(&pg) == 0 && app.seqs().len() >= sent
    });
    let dups = check_deliveries(&app, sent).len();
    report(&format!(
        "PostgreSQL stopped under load: {refused} posts answered 503, {sent} events accepted and forwarded, {dups} duplicates"
    ));
    let (_, lines) = l.terminate();
    let text = lines.join("\n");
    assert!(!text.contains(PASSWORD), "{text}");
}

/// `--store` for this test on either store: a file, or the test's PostgreSQL with a
/// password in the address.
fn stores(test: &str) -> Vec<(String, Option<Pg>, tempfile::TempDir)> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("events.db").to_string_lossy().into_owned();
    let mut out = vec![(file, None, dir)];
    if let Some(pg) = pg_or_skip(test) {
        out.push((
            pg.url_with_password(PASSWORD),
            Some(pg),
            tempfile::tempdir().unwrap(),
        ));
    }
    out
}

#[test]
fn the_forward_rate_is_held_within_five_percent_on_either_store() {
    const EVENTS: usize = 151;
    const RATE: f64 = 50.0;
    for (store, _pg, _dir) in stores("the_forward_rate_is_held_within_five_percent") {
        let home = Home::new();
        // A backlog first (no forward target yet), then a listener that forwards it.
        let l = listener(&home, &store, &[]);
        let statuses = send_many(
            &l.url,
            (0..EVENTS)
                .map(|n| event_body("candidate_pass", n))
                .collect(),
            8,
        );
        assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
        l.terminate();
        let app = recorder(0);
        let to = app.url("paced");
        let l = listener(
            &home,
            &store,
            &["--forward-to", &to, "--forward-rate", "50"],
        );
        wait_for("the backlog forwarded", 30, || app.seqs().len() >= EVENTS);
        let got = app.got.lock().unwrap().clone();
        let span = got[EVENTS - 1].3 - got[0].3;
        let rate = (EVENTS - 1) as f64 / span.as_secs_f64();
        report(&format!(
            "--forward-rate 50 on {}: {rate:.2} forwards/s",
            if _pg.is_some() {
                "PostgreSQL"
            } else {
                "a file"
            }
        ));
        assert!(
            (rate - RATE).abs() / RATE <= 0.05,
            "{rate:.2} forwards/s for --forward-rate 50"
        );
        let (_, lines) = l.terminate();
        assert!(!lines.join("\n").contains(PASSWORD));
    }
}

#[test]
fn a_retry_schedule_spaces_attempts_and_repeats_its_last_delay_on_either_store() {
    for (store, _pg, _dir) in stores("a_retry_schedule_spaces_attempts") {
        let home = Home::new();
        let app = recorder(4);
        let to = app.url("flaky");
        let schedule = ["--retry-schedule", "0.3s,0.6s"];
        let l = listener(
            &home,
            &store,
            &[&["--forward-to", &to][..], &schedule].concat(),
        );
        assert_eq!(send(&l.url, 1, true), 200);
        wait_for("five attempts, the last delivered", 20, || {
            app.seqs().len() >= 5
        });
        let got = app.got.lock().unwrap().clone();
        let gaps: Vec<f64> = got
            .windows(2)
            .map(|w| (w[1].3 - w[0].3).as_secs_f64())
            .collect();
        for (gap, want) in gaps.iter().zip([0.3, 0.6, 0.6, 0.6]) {
            assert!(
                (want..want + 0.3).contains(gap),
                "gaps {gaps:?} for --retry-schedule 0.3s,0.6s"
            );
        }
        let (_, lines) = l.terminate();
        assert!(!lines.join("\n").contains(PASSWORD));
    }
}

#[test]
fn a_postgres_store_is_never_a_file_and_its_password_is_never_shown() {
    let Some((pg, home, store, app)) = pg_setup("a_postgres_store_is_never_a_file") else {
        return;
    };
    let cwd = tempfile::tempdir().unwrap();
    let to = app.url("app");
    // Shown by its name, in /metrics as everywhere.
    let name = recruit::redact::target_name(&to);
    let mut cmd = recruit(&home);
    cmd.current_dir(cwd.path())
        .args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .args(["--store", &store, "--forward-to", &to])
        .args(["--metrics-addr", "127.0.0.1:0", "-o", "ndjson"]);
    let l = spawn_listener(cmd);
    let metrics = super::service::metrics_base(&l);
    assert_eq!(send(&l.url, 7, true), 200);
    wait_for("forwarded", 20, || app.seqs() == [7]);
    let (status, scrape) = super::service::get(&format!("{metrics}/metrics"));
    assert_eq!(status, 200, "{scrape}");
    // This listener's own lane, and the shared queue's depth for its target.
    assert!(
        scrape.contains(&format!(
            "recruit_relay_lane_held{{target=\"{name}\",listener=\""
        )),
        "{scrape}"
    );
    assert!(
        scrape.contains(&format!(
            "recruit_relay_events_pending{{target=\"{name}\"}} 0"
        )),
        "{scrape}"
    );
    let mut shown = vec![scrape.clone()];
    let run = |args: &[&str]| {
        let out = recruit(&home)
            .current_dir(cwd.path())
            .args(["webhooks", "events"])
            .args(args)
            .args(["--store", &store])
            .output()
            .unwrap();
        (out.status.code(), stdout_of(&out), stderr_of(&out))
    };
    let list_json = || {
        let (code, list, err) = run(&["list", "-o", "json"]);
        assert_eq!(code, Some(0), "{err}");
        (serde_json::from_str::<Value>(&list).unwrap(), list)
    };
    wait_for("marked delivered", 10, || {
        list_json().0[0]["status"] == "delivered"
    });
    let (events, list) = list_json();
    assert_eq!(events[0]["payload"]["seq"], 7);
    let id = events[0]["id"].to_string();
    let (code, show, err) = run(&["show", &id, "-o", "json"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        serde_json::from_str::<Value>(&show).unwrap()["id"],
        events[0]["id"]
    );
    let (code, replay, err) = run(&["replay", &id]);
    assert_eq!(code, Some(0), "{err}");
    wait_for("replayed", 10, || app.seqs() == [7, 7]);
    // Two days on (the recruits' clock): the delivered event is older than a day.
    advance(&home, Duration::from_secs(2 * 86_400));
    let (code, pruned, err) = run(&["prune", "--before", "1d", "--yes", "-o", "json"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        serde_json::from_str::<Value>(&pruned).unwrap()["deleted"],
        1,
        "{pruned}"
    );
    assert_eq!(list_json().0, json!([]));
    shown.extend([list, show, replay, pruned, err]);
    let (_, lines) = l.terminate();
    shown.extend(lines);

    // The server gone: every command says which database, how to fix it, and never the
    // password; the listener refuses to start.
    pg.stop_server();
    let (code, _, err) = run(&["list"]);
    assert_eq!(code, Some(7), "{err}");
    assert!(
        err.contains("cannot reach the event store") && err.contains("--store"),
        "{err}"
    );
    shown.push(err);
    let out = recruit(&home)
        .current_dir(cwd.path())
        .args(["webhooks", "listen", "--port", "0", "--store", &store])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    shown.push(stderr_of(&out));
    // sync's messages too.
    let out = recruit(&home)
        .current_dir(cwd.path())
        .args(["--sandbox", "sync", "--db", &store])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    shown.push(stderr_of(&out) + &stdout_of(&out));

    let all = shown.join("\n");
    assert!(!all.contains(PASSWORD), "{all}");
    // Nothing was created where a file name would have been taken from the address.
    let left: Vec<_> = std::fs::read_dir(cwd.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    let found = password_in_tree(home.dir.path());
    assert!(found.is_empty(), "{found:?}");
}

/// Files under `dir` whose name or content holds the password.
fn password_in_tree(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.to_string_lossy().contains(PASSWORD) {
            found.push(path.display().to_string());
        }
        if path.is_dir() {
            found.extend(password_in_tree(&path));
        } else if let Ok(bytes) = std::fs::read(&path) {
            if bytes
                .windows(PASSWORD.len())
                .any(|w| w == PASSWORD.as_bytes())
            {
                found.push(path.display().to_string());
            }
        }
    }
    found
}

#[test]
fn the_password_can_come_from_pgpassword() {
    let Some(pg) = pg_or_skip("the_password_can_come_from_pgpassword") else {
        return;
    };
    pg.require_password(PASSWORD);
    let home = Home::new();
    let list = |password: Option<&str>| {
        let mut cmd = recruit(&home);
        cmd.args(["webhooks", "events", "list", "--store", &pg.url]);
        match password {
            Some(p) => cmd.env("PGPASSWORD", p),
            None => cmd.env_remove("PGPASSWORD"),
        };
        let out = cmd.output().unwrap();
        (out.status.code(), stderr_of(&out))
    };
    // Let in: no store there yet, said by name (exit 2).
    let (code, err) = list(Some(PASSWORD));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no event store"), "{err}");
    // Without it, or with another, the server refuses, and says so.
    let (code, err) = list(Some("not-the-password"));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("password authentication failed"), "{err}");
    let (code, missing) = list(None);
    assert_eq!(code, Some(7), "{missing}");
    assert!(missing.contains("password missing"), "{missing}");
    assert!(!format!("{err}{missing}").contains(PASSWORD));
}

/// An event for two `--forward` targets is stored as two rows, all or none, on either store:
/// with the second row refused (a trigger the test adds), the listener answers 503 and keeps
/// neither, so the service's retry duplicates nothing; once rows are taken again, both are.
#[test]
fn an_events_rows_for_several_targets_are_stored_all_or_none_on_either_store() {
    for (store, pg, _dir) in stores("an_events_rows_for_several_targets") {
        let home = Home::new();
        let app = recorder(0);
        // The listener creates the store's tables; the trigger goes in once they are there.
        let (_, lines) = listener(&home, &store, &[]).terminate();
        assert!(!lines.join("\n").contains(PASSWORD));
        let refuse = |on: bool| match &pg {
            Some(pg) => {
                let mut c = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
                c.batch_execute(if on {
                    "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
                     BEGIN IF NEW.target LIKE '%/refused' THEN RAISE EXCEPTION 'refused'; END IF;
                     RETURN NEW; END $$;
                     CREATE TRIGGER refuse BEFORE INSERT ON relay_events
                     FOR EACH ROW EXECUTE FUNCTION refuse();"
                } else {
                    "DROP TRIGGER refuse ON relay_events"
                })
                .unwrap();
            }
            None => rusqlite::Connection::open(&store)
                .unwrap()
                .execute_batch(if on {
                    "CREATE TRIGGER refuse BEFORE INSERT ON events
                     WHEN NEW.target LIKE '%/refused'
                     BEGIN SELECT RAISE(ABORT, 'refused'); END;"
                } else {
                    "DROP TRIGGER refuse"
                })
                .unwrap(),
        };
        let seqs = |store: &str| -> Vec<(i64, String)> {
            let sql = "SELECT payload, target FROM {t} ORDER BY id";
            let rows: Vec<(Vec<u8>, String)> = match &pg {
                Some(pg) => postgres::Client::connect(&pg.url, postgres::NoTls)
                    .unwrap()
                    .query(&sql.replace("{t}", "relay_events"), &[])
                    .unwrap()
                    .iter()
                    .map(|r| (r.get(0), r.get(1)))
                    .collect(),
                None => {
                    let c = rusqlite::Connection::open(store).unwrap();
                    let mut st = c.prepare(&sql.replace("{t}", "events")).unwrap();
                    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                        .unwrap()
                        .map(Result::unwrap)
                        .collect()
                }
            };
            rows.into_iter()
                .map(|(p, t)| {
                    let v: Value = serde_json::from_slice(&p).unwrap();
                    (
                        v["seq"].as_i64().unwrap(),
                        t.rsplit('/').next().unwrap().to_string(),
                    )
                })
                .collect()
        };
        refuse(true);
        let forwards = [
            "--forward".to_string(),
            format!("candidate_pass={}", app.url("kept")),
            "--forward".to_string(),
            format!("candidate_pass={}", app.url("refused")),
        ];
        let args: Vec<&str> = forwards.iter().map(String::as_str).collect();
        let l = listener(&home, &store, &args);
        assert_eq!(send(&l.url, 1, true), 503, "one of its rows was refused");
        assert_eq!(seqs(&store), [], "neither row stays");
        refuse(false);
        assert_eq!(send(&l.url, 2, true), 200);
        assert_eq!(
            seqs(&store),
            [(2, "kept".to_string()), (2, "refused".to_string())]
        );
        wait_for("event 2 forwarded to both targets", 20, || {
            app.seqs().len() >= 2
        });
        assert!(app.seqs().iter().all(|s| *s == 2), "{:?}", app.seqs());
        let (_, lines) = l.terminate();
        assert!(!lines.join("\n").contains(PASSWORD));
    }
}
