//! The operations (src/ops) as a library, against the sandbox: typed options in, a typed
//! result out, with no command line, no `Ctx` and nothing printed. Both front ends render
//! these results, so what they promise is checked here once.

use recruit::api::{Client, ClientConfig, MemoInput};
use recruit::ops::memos::{self, CreateOptions, MemoRef, PinOptions, Pinned};
use recruit::ops::Sent;
use serde_json::json;

use crate::common::*;

fn client(s: &TestSandbox) -> Client {
    Client::new(ClientConfig::new(
        s.sandbox().base_url(),
        Some(recruit::redact::Secret::new(s.sandbox().api_key.clone())),
    ))
    .unwrap()
}

/// Whether memo `m` is pinned, as the service says now.
fn pinned_now(s: &TestSandbox, c: &Client, m: &MemoRef) -> bool {
    let memo = s.rt.block_on(memos::get(c, m)).unwrap();
    memo.data.resource.pinned.unwrap_or(false)
}

fn pin(s: &TestSandbox, c: &Client, m: &MemoRef, pinned: bool, dry_run: bool) -> Pinned {
    let o = PinOptions {
        memo: m.clone(),
        pinned,
        dry_run,
    };
    s.rt.block_on(memos::set_pinned(c, &o)).unwrap()
}

#[test]
fn the_pin_operation_reads_first_toggles_only_when_needed_and_a_dry_run_changes_nothing() {
    let s = TestSandbox::new();
    let c = client(&s);
    let o = CreateOptions {
        candidate: "C1002".into(),
        input: MemoInput {
            content: Some("ops test".into()),
            ..Default::default()
        },
        dry_run: false,
    };
    let Sent::Done(created) = s.rt.block_on(memos::create(&c, &o)).unwrap() else {
        panic!("a create that is not a dry run is sent");
    };
    let m = MemoRef {
        candidate: "C1002".into(),
        memo: created.data.resource.id.unwrap(),
    };
    assert!(!pinned_now(&s, &c, &m));

    // A dry run plans the toggle and sends nothing.
    let Pinned::Planned(plan) = pin(&s, &c, &m, true, true) else {
        panic!("a dry run is planned");
    };
    let toggle = plan.toggle.as_ref().expect("a toggle is needed");
    assert_eq!(toggle.method.as_str(), "POST");
    assert!(
        toggle
            .url
            .path()
            .ends_with(&format!("/memos/{}/pin", m.memo)),
        "{}",
        toggle.url
    );
    assert_eq!(
        plan.state(),
        json!({"toggle_needed": true, "pinned": false})
    );
    assert!(!pinned_now(&s, &c, &m), "the dry run left it unpinned");

    // Pinned once; asked again, left alone and said so.
    let Pinned::Done { memo, changed } = pin(&s, &c, &m, true, false) else {
        panic!("a pin that is not a dry run is sent");
    };
    assert!(changed && memo.data.resource.pinned == Some(true));
    let Pinned::Done { changed, .. } = pin(&s, &c, &m, true, false) else {
        panic!("sent");
    };
    assert!(!changed, "already pinned: no toggle");
    assert!(pinned_now(&s, &c, &m));

    // Already as asked: a dry run plans no request.
    let Pinned::Planned(plan) = pin(&s, &c, &m, true, true) else {
        panic!("planned");
    };
    assert!(plan.toggle.is_none());
    assert_eq!(
        plan.state(),
        json!({"toggle_needed": false, "pinned": true})
    );
}

#[test]
fn the_report_operations_read_a_date_as_local_midnight_and_refuse_a_bad_one_as_data() {
    use chrono::TimeZone;
    let midnight = chrono::Local
        .with_ymd_and_hms(2026, 1, 31, 0, 0, 0)
        .earliest()
        .unwrap()
        .timestamp() as f64;
    assert_eq!(
        recruit::ops::report::parse_since("2026-01-31"),
        Ok(midnight)
    );
    assert_eq!(
        recruit::ops::report::parse_since("2026-01-31T09:00:00+09:00"),
        Ok(1_769_817_600.0)
    );
    let bad = recruit::ops::report::parse_since("last week").unwrap_err();
    assert_eq!(bad.id, "report-since-bad");
    assert_eq!(
        recruit::ops::report::age(Some(3.0 * 3600.0)).id,
        "report-age-hours"
    );
    assert_eq!(recruit::ops::report::age(None).id, "report-never-synced");
}
