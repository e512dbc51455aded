//! Fenced leases on a PostgreSQL relay store (a server of this test, as the binary's tests
//! start one): a lease's token grows with every new holder, and a mark made under an older
//! token changes nothing.

#![cfg(feature = "postgres")]

#[path = "../../../tests/common/pg.rs"]
#[allow(dead_code)]
mod pg;

use std::time::{Duration, Instant};

use recruit_store::relay::pg::PgStore;
use recruit_store::relay::writer::Mark;
use recruit_store::relay::{NewEvent, Open, Status};

const APP: &str = "http://app.example/hook";

fn event(n: usize) -> NewEvent {
    NewEvent {
        action: Some("candidate_pass".into()),
        payload: format!("{{\"seq\":{n}}}").into_bytes().into(),
        content_type: None,
        signature: None,
        target: Some(APP.into()),
    }
}

/// Claim `APP` for `holder` until it is granted (the other holder's lease has expired): its
/// token.
fn take(q: &recruit_store::relay::pg::Conn, holder: &str, lease: Duration) -> i64 {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let held = q.claim(&[APP.to_string()], holder, lease).unwrap();
        if let Some((_, token)) = held.into_iter().find(|(t, _)| t == APP) {
            return token;
        }
        assert!(Instant::now() < end, "{holder} never got the lease");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn confirm(q: &recruit_store::relay::pg::Conn, holder: &str, token: i64) -> bool {
    left(q, holder, token).is_some()
}

/// What is left of `holder`'s lease with `token`, by the database's clock.
fn left(q: &recruit_store::relay::pg::Conn, holder: &str, token: i64) -> Option<Duration> {
    q.confirm(APP, holder, token)
        .blocking_recv()
        .unwrap()
        .unwrap()
}

#[test]
fn a_mark_under_an_older_token_changes_nothing() {
    let Some(server) = pg::Pg::start("a_mark_under_an_older_token_changes_nothing") else {
        return;
    };
    let net = Default::default();
    let store = PgStore::open(&server.url, Open::Listener, &net).unwrap();
    let q = store.conn().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (w, thread) = store.writer(recruit_core::clock::system()).unwrap();
    let ids: Vec<i64> = (0..3)
        .map(|n| rt.block_on(w.insert(event(n))).unwrap())
        .collect();

    // A holds the lane; its lease runs out (a pause) and B takes it: a new token.
    let short = Duration::from_millis(200);
    let old = take(&q, "A", short);
    assert!(confirm(&q, "A", old), "A holds its lease");
    let new = take(&q, "B", Duration::from_secs(60));
    assert!(new > old, "a new holder's token grows: {old} then {new}");
    assert!(!confirm(&q, "A", old), "A's lease is gone");
    // What is left of it: a lane's local deadline is set from this.
    let after = left(&q, "B", new).expect("B holds its lease");
    assert!(
        after > Duration::from_secs(50) && after <= Duration::from_secs(60),
        "{after:?}"
    );
    // B renewing keeps its token.
    assert_eq!(take(&q, "B", Duration::from_secs(60)), new);

    // A comes back and marks what it had in flight: nothing changes.
    let late = [
        w.mark_fenced(ids[0], APP, Some(old), Mark::Delivered),
        w.mark_fenced(
            ids[1],
            APP,
            Some(old),
            Mark::Retry {
                error: "HTTP 503".into(),
                next_unix: 0.0,
            },
        ),
        w.mark_fenced(
            ids[2],
            APP,
            Some(old),
            Mark::GiveUp {
                error: "HTTP 400".into(),
            },
        ),
    ];
    rt.block_on(w.flush());
    for done in late {
        assert!(
            !rt.block_on(done).unwrap().unwrap(),
            "a stale mark was applied"
        );
    }
    for id in &ids {
        let e = store.get(*id).unwrap().unwrap();
        assert_eq!((e.status, e.attempts), (Status::Pending, 0), "event {id}");
    }

    // The holder's own mark goes through.
    let done = w.mark_fenced(ids[0], APP, Some(new), Mark::Delivered);
    rt.block_on(w.flush());
    assert!(rt.block_on(done).unwrap().unwrap());
    assert_eq!(
        store.get(ids[0]).unwrap().unwrap().status,
        Status::Delivered
    );

    // Released, the lease is free at once and the next holder's token still grows (the row
    // is kept, so the count never starts again).
    q.release("B").unwrap();
    assert!(!confirm(&q, "B", new));
    let next = take(&q, "C", Duration::from_secs(60));
    assert!(next > new, "after a release: {new} then {next}");

    drop(w);
    thread.join().unwrap();
}
