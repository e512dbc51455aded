//! The durable relay (`recruit webhooks listen --store`) at volume, against the machine's
//! bound: how many fsyncs per second the disk under the store takes.
//!
//!     cargo bench --bench relay          # a few minutes, most of it the release build
//!
//! 1. accept: N signed events from 16 concurrent senders into a listener that only stores
//!    them; every 200 means committed. Events per second, against the fsync rate (one commit
//!    per event would cap it there; grouped commits go past it).
//! 2. drain: a listener started on that backlog forwards it into a local app that answers at
//!    once. Events per second, against the fsync rate.
//! 3. memory: 250 events of ~1 MB pending for an app that is down; the listener's peak RSS
//!    (receiving them, then retrying).
//!
//! Knobs: RELAY_N (events, 5000), RELAY_SENDERS (16). The table is written into
//! benches/README.md between the relay-results markers.

use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[path = "common/relay.rs"]
mod common;
use common::*;

fn main() {
    let n: usize = env("RELAY_N", 5000);
    let senders: usize = env("RELAY_SENDERS", 16);
    let bin = env!("CARGO_BIN_EXE_recruit");
    let work = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();

    let fsyncs = fsync_rate(work.path());
    eprintln!(">> fsync rate of {}: {fsyncs:.0}/s", work.path().display());

    // 1. accept
    let store = work.path().join("events.db");
    let mut l = Listener::start(bin, &store, &[]);
    let bodies: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"action":"candidate_stage_changed","payload":{{"candidate":{{"code":"C{i:06}","name":"Hana Sato"}},"stage":{{"name":"1차 면접"}}}}}}"#
            )
        })
        .collect();
    let started = Instant::now();
    let statuses = rt.block_on(send_all(&l.url, bodies, senders));
    let accept_secs = started.elapsed().as_secs_f64();
    assert!(
        statuses.iter().all(|s| *s == 200),
        "not every event was answered 200"
    );
    l.stop();
    let accept_rate = n as f64 / accept_secs;
    eprintln!(">> accept: {n} events in {accept_secs:.2} s = {accept_rate:.0}/s");

    // 2. drain into an app that answers at once
    let (app_url, got) = rt.block_on(app());
    let started = Instant::now();
    let mut l = Listener::start(bin, &store, &["--forward-to", &app_url]);
    while got.load(Ordering::SeqCst) < n as u64 {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "drain stalled at {}",
            got.load(Ordering::SeqCst)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let drain_secs = started.elapsed().as_secs_f64();
    l.stop();
    let drain_rate = n as f64 / drain_secs;
    eprintln!(">> drain: {n} events in {drain_secs:.2} s = {drain_rate:.0}/s");

    // 3. memory with 250 events of ~1 MB for an app that is down
    let big_store = work.path().join("big.db");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let down = format!("http://{}/hooks", closed.local_addr().unwrap());
    drop(closed);
    let mut l = Listener::start(bin, &big_store, &["--forward-to", &down]);
    let pad = "r".repeat(1_000_000);
    let big: Vec<String> = (0..250)
        .map(|i| format!(r#"{{"action":"candidate_pass","seq":{i},"resume":"{pad}"}}"#))
        .collect();
    let statuses = rt.block_on(send_all(&l.url, big, senders));
    assert!(statuses.iter().all(|s| *s == 200));
    std::thread::sleep(Duration::from_secs(4)); // a few retries of the head event
    let peak_kb = l.peak_kb();
    l.stop();
    eprintln!(">> memory: peak RSS {} MB", peak_kb / 1024);

    let table = format!(
        "Run: {}, {} cores (shared), {n} events of ~200 bytes, {senders} concurrent senders, \
         release build. The store's disk took **{fsyncs:.0} fsyncs/s** (4 kB write + fdatasync, \
         one after another): one commit per event could not go faster.\n\n\
         | measure | result | vs the fsync bound | target |\n|---|---:|---:|---|\n\
         | accept (stored before each 200) | {accept_rate:.0} events/s | {:.2}x | ≥ 3,000/s: {} |\n\
         | drain a backlog into an app that answers at once | {drain_rate:.0} events/s | {:.2}x | ≥ 1,200/s: {} |\n\
         | peak RSS, 250 events of ~1 MB pending for a down app | {} MB | | < 150 MB: {} |\n",
        chrono::Utc::now().format("%Y-%m-%dT%H:%MZ"),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        accept_rate / fsyncs,
        met(accept_rate >= 3000.0),
        drain_rate / fsyncs,
        met(drain_rate >= 1200.0),
        peak_kb / 1024,
        met(peak_kb < 150 * 1024),
    );
    println!("{table}");
    write_results("relay-results", &table);
}

fn met(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**not met**"
    }
}

/// 4 kB appended and fdatasync'd, one after another, for 2 s: the rate a commit-per-event
/// store is held to on this disk.
fn fsync_rate(dir: &std::path::Path) -> f64 {
    let mut f = std::fs::File::create(dir.join("fsync-probe")).unwrap();
    let block = [7u8; 4096];
    let started = Instant::now();
    let mut n = 0u64;
    while started.elapsed() < Duration::from_secs(2) {
        f.write_all(&block).unwrap();
        f.sync_data().unwrap();
        n += 1;
    }
    n as f64 / started.elapsed().as_secs_f64()
}
