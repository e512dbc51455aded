//! Chaos: the same memo operations against a clean sandbox and one that fails 30% of requests
//! (503s and 429s with Retry-After) end in the same state. Reads recover by themselves
//! (retries); writes are never re-sent by recruit, so a failed one exits 6 or 7 and the script
//! (this test) runs it again, as a script branching on exit codes would. The long export under
//! faults is in tests/export.rs (`export_through_random_503_and_429_equals_a_clean_export`).

use crate::common::*;

use serde_json::Value;

type Env = TestSandbox;

fn run(env: &Env, args: &[&str]) -> std::process::Output {
    // -v logs each retry, so the test can count the faults reads absorbed.
    env.cmd()
        .env("RECRUIT_RETRIES", "10")
        .arg("-v")
        .args(args)
        .output()
        .unwrap()
}

/// Faults seen: retried reads in the -v log, plus writes that had to be run again.
static FAULTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Run until it succeeds; only "the service failed / rate limited" (7, 6) may be retried.
fn until_ok(env: &Env, args: &[&str]) -> (Value, usize) {
    for attempt in 1..=40 {
        let out = run(env, args);
        let retried = stderr_of(&out)
            .lines()
            .filter(|l| l.starts_with("* retry"))
            .count();
        FAULTS.fetch_add(
            retried + usize::from(attempt > 1),
            std::sync::atomic::Ordering::SeqCst,
        );
        match out.status.code() {
            Some(0) => {
                let v = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
                return (v, attempt);
            }
            Some(6) | Some(7) => continue,
            other => panic!("{args:?}: exit {other:?}: {}", stderr_of(&out)),
        }
    }
    panic!("{args:?} never succeeded");
}

/// The memos of a candidate without the fields that depend on the clock.
fn state(env: &Env, candidate: &str) -> Value {
    let (mut v, _) = until_ok(env, &["-o", "json", "memos", "list", candidate]);
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for k in ["created_at", "updated_at", "fixed_at"] {
                    if let Some(x) = m.get_mut(k) {
                        *x = Value::Bool(!x.is_null());
                    }
                }
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

fn scenario(env: &Env) -> (Value, Value, usize) {
    let mut tries = 0;
    let mut step = |args: &[&str]| -> Value {
        let mut full = vec!["-o", "json"];
        full.extend_from_slice(args);
        let (v, n) = until_ok(env, &full);
        tries += n;
        v
    };
    let created = step(&[
        "memos",
        "create",
        "C1001",
        "--content",
        "Chaos: first",
        "--role",
        "member",
    ]);
    let id = created["resource"]["id"].as_i64().unwrap().to_string();
    step(&[
        "memos",
        "create",
        "C1001",
        "--content",
        "Chaos: reply",
        "--reply-to",
        &id,
        "--mention",
        "U1002",
    ]);
    step(&[
        "memos",
        "edit",
        "C1001",
        &id,
        "--content",
        "Chaos: edited",
        "--role",
        "job_manager",
    ]);
    step(&["memos", "pin", "C1001", &id]);
    step(&["memos", "unpin", "C1001", "101"]);
    step(&["memos", "pin", "C1001", &id]);
    step(&["memos", "delete", "C1001", "104", "--yes"]);
    step(&[
        "memos",
        "create",
        "C1002",
        "--content",
        "Chaos: second candidate",
    ]);
    (state(env, "C1001"), state(env, "C1002"), tries)
}

#[test]
fn memo_operations_under_faults_end_in_the_fault_free_state() {
    let clean = TestSandbox::new();
    // Seeded: the faults fall on the same requests every run, so a pass or a failure repeats.
    let faulty = TestSandbox::with(|o| {
        o.faults.fail_rate = 0.3;
        o.faults.fail_seed = Some(7);
    });
    let (a1, a2, clean_tries) = scenario(&clean);
    assert_eq!(clean_tries, 8, "no fault, no second try");
    assert_eq!(FAULTS.load(std::sync::atomic::Ordering::SeqCst), 0);
    let (b1, b2, _) = scenario(&faulty);
    assert!(
        FAULTS.load(std::sync::atomic::Ordering::SeqCst) > 0,
        "the faulty sandbox injected no fault at all"
    );
    assert_eq!(a1, b1, "C1001's memos differ after the faulty run");
    assert_eq!(a2, b2, "C1002's memos differ after the faulty run");
    // And the state is the intended one, not just equal.
    let top: Vec<&Value> = a1["collection"].as_array().unwrap().iter().collect();
    assert!(top.iter().all(|m| m["id"] != 104));
    let mine = top
        .iter()
        .find(|m| m["content"] == "Chaos: edited")
        .unwrap();
    assert_eq!(mine["pinned"], true);
    assert_eq!(mine["accessible_role"], "job_manager");
    assert_eq!(mine["replies"].as_array().unwrap().len(), 1);
    assert_eq!(
        top.iter().find(|m| m["id"] == 101).unwrap()["pinned"],
        false
    );
}
