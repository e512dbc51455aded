//! Erasure reaches the events `--reconcile` made up: a synthesized event carries the list item
//! as the service sent it (name, email, phone), and `privacy erase` blanks them there too,
//! keeping the event's id, action and its synthesized flag.

use crate::common::*;
use crate::reconcile::{app, events, got, listener, move_quietly, wait_until};

use serde_json::Value;

/// The candidate's personal values in the sandbox's state (as the list item sends them).
fn personal_of(sb: &TestSandbox, code: &str) -> Vec<String> {
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(sb.sandbox().state_path()).unwrap()).unwrap();
    let c = state["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == code)
        .unwrap()
        .clone();
    ["name", "email", "phone"]
        .iter()
        .filter_map(|k| c[k].as_str().map(str::to_string))
        .collect()
}

/// Every place in the store's directory (the file, its WAL and journal) holding `needle`.
fn in_store(dir: &std::path::Path, needle: &str) -> Vec<String> {
    markers_in(dir, needle)
}

#[test]
fn privacy_erase_blanks_a_synthesized_events_candidate_and_keeps_the_flag() {
    let sb = TestSandbox::with(|o| o.retry_scale = 0.001);
    let app = app();
    let dir = sb.home.dir.path().join("relay");
    std::fs::create_dir_all(&dir).unwrap();
    let store = dir.join("events.db");
    let store = store.to_str().unwrap();
    let hour = ["--reconcile-every", "1h"];

    // The first walk records; a move during downtime is synthesized by the next start.
    let a = listener(&sb, store, &app, &hour);
    a.wait_line("\"outcome\":\"reconciled\"", 30);
    a.terminate();
    move_quietly(&sb, "C1003", "pass");
    let b = listener(&sb, store, &app, &hour);
    b.wait_line("\"outcome\":\"reconciled\"", 30);
    wait_until("two synthesized forwards", 30, || {
        got(&app).iter().filter(|g| g.flagged).count() >= 2
    });
    let (code, _) = b.terminate();
    assert_eq!(code, Some(0));

    let personal = personal_of(&sb, "C1003");
    assert_eq!(personal.len(), 3, "{personal:?}");
    // Before: the store holds them (so the check below can fail).
    let held: Vec<String> = personal.iter().flat_map(|p| in_store(&dir, p)).collect();
    assert!(
        !held.is_empty(),
        "the synthesized events hold the list item"
    );

    let out = sb.run(&[
        "-o",
        "json",
        "privacy",
        "erase",
        "C1003",
        "--store",
        store,
        "--db",
        sb.home.dir.path().join("none.db").to_str().unwrap(),
        "--yes",
        "--reason",
        "asked",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));

    for p in &personal {
        assert_eq!(
            in_store(&dir, p),
            Vec::<String>::new(),
            "{p} left in the store"
        );
    }
    let listed = events(&sb, store);
    let synthesized: Vec<&Value> = listed.iter().filter(|e| e["synthesized"] == true).collect();
    assert_eq!(synthesized.len(), 2, "{listed:?}");
    for e in &synthesized {
        let id = e["id"].to_string();
        let shown = sb.run(&[
            "-o", "json", "webhooks", "events", "show", &id, "--store", store,
        ]);
        assert_eq!(shown.status.code(), Some(0), "{}", stderr_of(&shown));
        let v: Value = serde_json::from_slice(&shown.stdout).unwrap();
        let candidate = &v["payload"]["payload"]["candidate"];
        let candidate = if candidate.is_null() {
            &v["payload"]["candidate"]
        } else {
            candidate
        };
        assert_eq!(candidate["code"], "C1003", "{v}");
        for k in ["name", "email", "phone"] {
            assert!(candidate[k].is_null(), "{k} kept: {v}");
        }
        assert_eq!(v["synthesized"], true, "{v}");
    }
}
