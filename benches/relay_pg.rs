//! The relay on a shared PostgreSQL store (`webhooks listen --store postgres://...`): how fast
//! a backlog drains with one listener, and with three sharing the store.
//!
//!     cargo bench --bench relay_pg       # the release build, then about a minute
//!
//! A PostgreSQL server is started for the run (Debian's initdb/pg_ctl, a Unix socket, as the
//! tests do). For each of 1 and 3 listeners: N signed events are stored by a listener with no
//! forward target (the backlog), then the listeners are started with `--forward-to` a local app
//! that answers at once, and the time until the app has them all is measured. A target's
//! events go through one listener at a time (its lease keeps them in order), so three
//! listeners drain one target no faster than one: they are there to take over when one dies.
//! Leases are fenced (always, on PostgreSQL): before each forward a lane checks its lease's
//! local deadline (set by each renewal) and reads the lease back from the store only when the
//! deadline has passed, so the figures include the renewals, not a read per forward. Goal:
//! ≥ 5,000 forwards/s with 1 and with 3 listeners.
//!
//! Knobs: RELAY_PG_N (events, 10000), RELAY_SENDERS (16). The table is written into
//! benches/README.md between the relay-pg-results markers.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[path = "common/relay.rs"]
mod common;
use common::*;

#[path = "../tests/common/pg.rs"]
#[allow(dead_code)]
mod pg;

fn main() {
    let n: usize = env("RELAY_PG_N", 10_000);
    let senders: usize = env("RELAY_SENDERS", 16);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let pg = pg::Pg::start("the relay_pg bench").expect("PostgreSQL's initdb and pg_ctl");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (app_url, got) = rt.block_on(app());
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("events.db");
    let file = file.to_str().unwrap();
    let mut rows = Vec::new();
    // The file store first, on the same machine at the same time: the ratio to compare.
    for (store, listeners) in [(file, 1usize), (pg.url.as_str(), 1), (pg.url.as_str(), 3)] {
        // The backlog: stored, no forward target yet.
        let mut l = Listener::start(bin, store, &[]);
        let bodies: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    r#"{{"action":"candidate_stage_changed","payload":{{"candidate":{{"code":"C{i:06}"}},"stage":{{"name":"1차 면접"}}}}}}"#
                )
            })
            .collect();
        let started = Instant::now();
        let statuses = rt.block_on(send_all(&l.url, bodies, senders));
        let accept_rate = n as f64 / started.elapsed().as_secs_f64();
        assert!(
            statuses.iter().all(|s| *s == 200),
            "not every event was answered 200"
        );
        l.stop();
        let before = got.load(Ordering::SeqCst);
        let started = Instant::now();
        let mut running: Vec<Listener> = (0..listeners)
            .map(|_| Listener::start(bin, store, &["--forward-to", &app_url, "--lease", "2"]))
            .collect();
        while got.load(Ordering::SeqCst) < before + n as u64 {
            assert!(
                started.elapsed() < Duration::from_secs(600),
                "drain stalled"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        let drain_rate = n as f64 / started.elapsed().as_secs_f64();
        for l in &mut running {
            l.stop();
        }
        let what = if store == file {
            "an SQLite file".to_string()
        } else {
            format!("PostgreSQL, {listeners} listener(s)")
        };
        eprintln!(">> {what}: accept {accept_rate:.0}/s, drain {drain_rate:.0}/s");
        rows.push((what, listeners, accept_rate, drain_rate));
    }
    let file_rate = rows[0].3;
    let mut table = format!(
        "Run: {}, {} cores (shared; load average {}), {} build, {n} events of ~150 bytes, \
         {senders} concurrent senders, one PostgreSQL on the same machine (Unix socket), one \
         forward target, fenced leases (a local deadline checked before each forward, the store read once it has passed).\n\n\
         | store | accept into the backlog (one listener) | drain the backlog | vs the SQLite file | target |\n|---|---:|---:|---:|---|\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%MZ"),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .split(' ')
            .next()
            .unwrap_or("?"),
        // `cargo test --bench relay_pg` runs it on the debug build, in a fraction of the time.
        if cfg!(debug_assertions) { "debug" } else { "release" },
    );
    for (i, (what, _, accept, drain)) in rows.iter().enumerate() {
        let target = if i >= 1 {
            format!(
                "≥ 5,000/s: {}",
                if *drain >= 5000.0 {
                    "met"
                } else {
                    "**not met**"
                }
            )
        } else {
            String::new()
        };
        table.push_str(&format!(
            "| {what} | {accept:.0} events/s | {drain:.0} forwards/s | {:.2}x | {target} |\n",
            drain / file_rate
        ));
    }
    println!("{table}");
    write_results("relay-pg-results", &table);
}
