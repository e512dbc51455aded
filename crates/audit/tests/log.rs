//! The access log against real files: its hash as the contract defines it (computed here
//! independently), the chain, each kind of tampering found at the right record, the cap on
//! codes, and two processes appending at once.

use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use recruit_audit::{Break, Damage, Entry, Log, Pruned, Verdict, Via};
use recruit_core::clock::{Manual, SharedClock};
use serde_json::Value;
use sha2::{Digest, Sha256};

fn clock() -> SharedClock {
    // 2026-03-01T09:00:00.250Z
    Manual::at(UNIX_EPOCH + Duration::from_millis(1_772_355_600_250))
}

fn entry(i: usize) -> Entry {
    Entry {
        actor: "kim@work".into(),
        via: Via::Cli,
        agent: None,
        command: format!("recruit candidates list --page {i}"),
        candidates: vec![format!("C{i}")],
        count: 1,
        fields: vec!["name".into(), "email".into()],
        reason: None,
        sandbox: false,
    }
}

/// A log of `n` records in a directory of its own (gone when the `TempDir` is dropped).
fn log_with(n: usize) -> (tempfile::TempDir, Log) {
    let dir = tempfile::tempdir().unwrap();
    let log = Log::new(dir.path().join("audit.log"), clock());
    for i in 1..=n {
        log.append(&entry(i)).unwrap();
    }
    (dir, log)
}

fn lines(log: &Log) -> Vec<String> {
    std::fs::read_to_string(log.path())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn write_lines(log: &Log, lines: &[String]) {
    std::fs::write(log.path(), lines.join("\n") + "\n").unwrap();
}

/// Where the log is broken once it holds `lines`: (seq, line, damage).
fn found_in(log: &Log, lines: &[String]) -> (Option<u64>, u64, Damage) {
    write_lines(log, lines);
    let b = broken(log);
    (b.seq, b.line, b.damage)
}

fn broken(log: &Log) -> Break {
    match log.verify().unwrap() {
        Verdict::Broken(b) => b,
        other => panic!("expected a broken chain, got {other:?}"),
    }
}

/// SHA-256 of the bytes, hex: the contract's hash, computed without the crate.
fn sha256(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The record's JSON as the contract hashes it, from a line, written out by hand: keys
/// sorted, compact (no crate code involved).
fn sorted_compact(line: &str) -> String {
    let v: Value = serde_json::from_str(line).unwrap();
    let m = v.as_object().unwrap();
    let mut keys: Vec<&String> = m.keys().filter(|k| *k != "hash").collect();
    keys.sort();
    let parts: Vec<String> = keys
        .iter()
        .map(|k| format!("{}:{}", Value::from(k.as_str()), m[*k]))
        .collect();
    format!("{{{}}}", parts.join(","))
}

/// A record rewritten with a correct hash (what a careful editor would do).
fn rehashed(mut v: Value) -> String {
    let h = sha256(&sorted_compact(&v.to_string()));
    v["hash"] = Value::from(h);
    v.to_string()
}

#[test]
fn the_hash_is_sha256_of_the_records_json_without_hash_keys_sorted_and_compact() {
    let dir = tempfile::tempdir().unwrap();
    let log = Log::new(dir.path().join("sub/audit.log"), clock());
    let mut e = entry(1);
    e.reason = Some("월간 점검 \"Q1\"".into());
    e.sandbox = true;
    let r = log.append(&e).unwrap();
    let line = &lines(&log)[0];
    let expected_json =
        "{\"actor\":\"kim@work\",\"agent\":null,\"at\":\"2026-03-01T09:00:00.250Z\",\"candidates\":[\"C1\"],\
         \"command\":\"recruit candidates list --page 1\",\"count\":1,\"fields\":[\"name\",\"email\"],\
         \"prev\":null,\"reason\":\"월간 점검 \\\"Q1\\\"\",\"sandbox\":true,\"seq\":1,\"via\":\"cli\"}";
    assert_eq!(sorted_compact(line), expected_json);
    assert_eq!(r.hash, sha256(expected_json));
    // On disk in the contract's order, the hash last, text as UTF-8.
    let in_order = format!(
        "{{\"seq\":1,\"at\":\"2026-03-01T09:00:00.250Z\",\"actor\":\"kim@work\",\"via\":\"cli\",\
         \"agent\":null,\"command\":\"recruit candidates list --page 1\",\"candidates\":[\"C1\"],\"count\":1,\
         \"fields\":[\"name\",\"email\"],\"reason\":\"월간 점검 \\\"Q1\\\"\",\"sandbox\":true,\
         \"prev\":null,\"hash\":\"{}\"}}",
        r.hash
    );
    assert_eq!(line, &in_order);
    assert!(line.contains("월간 점검"));
    // A record without `sandbox` has no such key (and its hash does not cover one).
    let r2 = log.append(&entry(2)).unwrap();
    let line2 = &lines(&log)[1];
    assert!(!line2.contains("sandbox"));
    assert_eq!(r2.hash, sha256(&sorted_compact(line2)));
    assert_eq!(r2.prev.as_deref(), Some(r.hash.as_str()));
}

#[test]
fn each_record_chains_to_the_one_before_and_the_anchor_names_the_last() {
    let (_dir, log) = log_with(3);
    let records = log.records().unwrap();
    assert_eq!(records.iter().map(|r| r.seq).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(records[0].prev, None);
    assert_eq!(records[1].prev.as_ref(), Some(&records[0].hash));
    assert_eq!(records[2].prev.as_ref(), Some(&records[1].hash));
    let anchor: Value = serde_json::from_slice(&std::fs::read(log.anchor_path()).unwrap()).unwrap();
    assert_eq!(anchor["seq"], 3);
    assert_eq!(anchor["hash"], records[2].hash.as_str());
    assert_eq!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 3,
            last: 3,
            anchored: true
        }
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(log.path()), 0o600);
        assert_eq!(mode(&log.anchor_path()), 0o600);
    }
}

#[test]
fn an_edited_record_is_found_at_its_seq_rehashed_or_not() {
    let (_dir, log) = log_with(5);
    let original = lines(&log);
    let mut edited = original.clone();
    edited[1] = edited[1].replace("\"C2\"", "\"C9\"");
    assert_ne!(edited, original);
    assert_eq!(found_in(&log, &edited), (Some(2), 2, Damage::Changed));
    assert_eq!(broken(&log).intact, 1);

    // The editor recomputed record 3's hash too: record 4 no longer links to it.
    let mut edited = original.clone();
    let mut v: Value = serde_json::from_str(&edited[2]).unwrap();
    v["actor"] = "lee@work".into();
    edited[2] = rehashed(v);
    assert_eq!(found_in(&log, &edited), (Some(3), 3, Damage::Changed));

    // A key added to a record changes it too.
    let mut edited = original.clone();
    edited[3] = edited[3].replacen('{', "{\"note\":1,", 1);
    assert_eq!(found_in(&log, &edited), (Some(4), 4, Damage::Changed));
}

#[test]
fn a_removed_record_is_found_at_the_record_after_the_gap() {
    let (_dir, log) = log_with(6);
    let original = lines(&log);
    let mut cut = original.clone();
    cut.drain(2..4); // records 3 and 4
    assert_eq!(
        found_in(&log, &cut),
        (Some(5), 3, Damage::Removed { from: 3, to: 4 })
    );
    // The first record removed.
    assert_eq!(
        found_in(&log, &original[1..]),
        (Some(2), 1, Damage::Removed { from: 1, to: 1 })
    );
}

/// A record removed from the middle and the rest re-chained by someone who can compute the hash
/// (each later record's `prev` and `hash` rewritten, the anchor kept): every link holds, so
/// only the seqs, which skip one, tell. Without the walk's seq check this log verifies.
#[test]
fn a_middle_record_removed_and_the_rest_rechained_is_found_by_its_seq() {
    let (_dir, log) = log_with(5);
    let anchor_before = std::fs::read(log.anchor_path()).unwrap();
    let mut kept: Vec<Value> = lines(&log)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    kept.remove(2); // record 3
    let mut rechained: Vec<String> = Vec::new();
    for (i, mut v) in kept.into_iter().enumerate() {
        if i >= 2 {
            let prev: Value = serde_json::from_str(&rechained[i - 1]).unwrap();
            v["prev"] = prev["hash"].clone();
        }
        rechained.push(rehashed(v));
    }
    // The forgery is a chain: each record links to the hash of the one before, as rewritten.
    for pair in rechained.windows(2) {
        let (a, b): (Value, Value) = (
            serde_json::from_str(&pair[0]).unwrap(),
            serde_json::from_str(&pair[1]).unwrap(),
        );
        assert_eq!(b["prev"], a["hash"]);
    }
    assert_eq!(
        found_in(&log, &rechained),
        (Some(4), 3, Damage::Removed { from: 3, to: 3 })
    );
    assert_eq!(std::fs::read(log.anchor_path()).unwrap(), anchor_before);
}

#[test]
fn an_inserted_record_is_found_where_it_was_put() {
    let (_dir, log) = log_with(4);
    let original = lines(&log);
    // A well-made record put between 2 and 3: seq 3, linked to 2, a correct hash.
    let mut forged: Value = serde_json::from_str(&original[2]).unwrap();
    forged["actor"] = "nobody@default".into();
    let forged = rehashed(forged);
    let mut with = original.clone();
    with.insert(2, forged);
    assert_eq!(found_in(&log, &with), (Some(3), 3, Damage::Inserted));

    // A careless one (its hash wrong) between 1 and 2.
    let mut with = original.clone();
    with.insert(1, original[1].replace("\"C2\"", "\"C7\""));
    assert_eq!(found_in(&log, &with), (Some(2), 2, Damage::Inserted));

    // A copy of record 2 after record 4.
    let mut with = original.clone();
    with.push(original[1].clone());
    assert_eq!(found_in(&log, &with), (Some(2), 5, Damage::Inserted));
}

#[test]
fn a_cut_tail_is_found_through_the_anchor_and_stays_in_the_chain_after_more_appends() {
    let (_dir, log) = log_with(5);
    let original = lines(&log);
    assert_eq!(
        found_in(&log, &original[..3]),
        (
            Some(4),
            4,
            Damage::Cut {
                last: 3,
                anchored: 5
            }
        )
    );
    // The next append links to the anchor's record: the gap stays for verify to name.
    let r = log.append(&entry(6)).unwrap();
    assert_eq!(r.seq, 6);
    let b = broken(&log);
    assert_eq!(
        (b.seq, b.line, b.damage),
        (Some(6), 4, Damage::Removed { from: 4, to: 5 })
    );
    // The whole log removed, its anchor left.
    std::fs::remove_file(log.path()).unwrap();
    let b = broken(&log);
    assert_eq!(
        b.damage,
        Damage::Cut {
            last: 0,
            anchored: 6
        }
    );
    assert!(log.records().unwrap().is_empty());
}

#[test]
fn a_line_that_is_not_a_record_is_named() {
    let (_dir, log) = log_with(3);
    let mut with = lines(&log);
    with[1] = "{\"seq\": 2, \"broken".into();
    assert_eq!(found_in(&log, &with), (None, 2, Damage::Unreadable));
    assert_eq!(log.records().unwrap().len(), 2);
}

#[test]
fn a_write_cut_short_stays_a_line_of_its_own_and_the_chain_goes_on_from_the_last_record() {
    let (_dir, log) = log_with(2);
    let text = std::fs::read_to_string(log.path()).unwrap();
    std::fs::write(log.path(), format!("{text}{{\"seq\":3,\"at\":\"20")).unwrap();
    let r = log.append(&entry(3)).unwrap();
    assert_eq!(r.seq, 3);
    let all = lines(&log);
    assert_eq!(all.len(), 4);
    assert_eq!(all[2], "{\"seq\":3,\"at\":\"20");
    assert_eq!(log.records().unwrap().len(), 3);
    let b = broken(&log);
    assert_eq!((b.line, b.damage), (3, Damage::Unreadable));
}

#[test]
fn no_log_is_nothing_to_verify_and_no_records() {
    let dir = tempfile::tempdir().unwrap();
    let log = Log::new(dir.path().join("none/audit.log"), clock());
    assert_eq!(log.verify().unwrap(), Verdict::Empty);
    assert!(log.records().unwrap().is_empty());
    assert!(!dir.path().join("none").exists());
}

#[test]
fn a_record_keeps_the_first_thousand_codes_and_the_whole_count() {
    let (_dir, log) = log_with(0);
    let mut e = entry(1);
    e.candidates = (0..1_500).map(|i| format!("CANDIDATE-{i:08}")).collect();
    e.count = 20_000;
    let r = log.append(&e).unwrap();
    assert_eq!(r.candidates.len(), 1_000);
    assert_eq!(r.candidates[999], "CANDIDATE-00000999");
    assert_eq!(r.count, 20_000);
    let back = &log.records().unwrap()[0];
    assert_eq!(back.candidates.len(), 1_000);
    assert_eq!(back.count, 20_000);
    // Records larger than the tail's first read (16 KiB) still chain.
    for _ in 0..5 {
        log.append(&e).unwrap();
    }
    assert!(std::fs::metadata(log.path()).unwrap().len() > 100_000);
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact { records: 6, .. }
    ));
}

const APPENDER: &str = "RECRUIT_AUDIT_TEST_APPENDER";
const EACH: usize = 2_000;

/// Run as a child by the test below (the env var names the log): appends EACH records.
#[test]
fn appender() {
    let (Ok(path), Ok(who)) = (
        std::env::var(APPENDER),
        std::env::var("RECRUIT_AUDIT_TEST_WHO"),
    ) else {
        return;
    };
    let log = Log::new(PathBuf::from(&path), recruit_core::clock::system());
    // Both start together: ready, then wait for the parent's go.
    std::fs::write(format!("{path}.ready-{who}"), "").unwrap();
    while !Path::new(&format!("{path}.go")).exists() {
        std::thread::sleep(Duration::from_millis(1));
    }
    for i in 0..EACH {
        let mut e = entry(i);
        e.actor = who.clone();
        e.candidates = vec![format!("{who}-{i}")];
        log.append(&e).unwrap();
    }
}

#[test]
fn two_processes_appending_at_once_lose_no_record_and_break_no_chain() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("audit.log");
    let me = std::env::current_exe().unwrap();
    let children: Vec<_> = ["a", "b"]
        .iter()
        .map(|who| {
            std::process::Command::new(&me)
                .args(["--exact", "appender", "--nocapture", "--test-threads=1"])
                .env(APPENDER, &path)
                .env("RECRUIT_AUDIT_TEST_WHO", who)
                .spawn()
                .unwrap()
        })
        .collect();
    let ready = |who: &str| PathBuf::from(format!("{}.ready-{who}", path.display())).exists();
    while !(ready("a") && ready("b")) {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::fs::write(format!("{}.go", path.display()), "").unwrap();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let log = Log::new(path, clock());
    assert_eq!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 2 * EACH as u64,
            last: 2 * EACH as u64,
            anchored: true
        }
    );
    let records = log.records().unwrap();
    let seqs: Vec<u64> = records.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, (1..=2 * EACH as u64).collect::<Vec<_>>());
    for who in ["a", "b"] {
        let mine: Vec<&str> = records
            .iter()
            .filter(|r| r.actor == who)
            .map(|r| r.candidates[0].as_str())
            .collect();
        let expected: Vec<String> = (0..EACH).map(|i| format!("{who}-{i}")).collect();
        assert_eq!(mine, expected, "{who}'s records, in its order");
    }
    // Interleaved, not one after the other: the two really ran at once.
    let switches = records
        .windows(2)
        .filter(|w| w[0].actor != w[1].actor)
        .count();
    assert!(switches > 1, "the appends never interleaved");
}

#[test]
fn an_anchor_left_behind_by_a_crash_is_accepted_and_a_changed_or_damaged_one_is_not() {
    let (_dir, log) = log_with(4);
    let records = log.records().unwrap();
    let anchor = |seq: u64, hash: &str| {
        std::fs::write(
            log.anchor_path(),
            format!("{{\"seq\":{seq},\"hash\":\"{hash}\"}}"),
        )
        .unwrap()
    };
    anchor(3, &records[2].hash);
    assert_eq!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 4,
            last: 4,
            anchored: true
        }
    );
    // Record 3 is not the one the anchor saw: the chain from it on was rewritten.
    anchor(3, &records[1].hash);
    let b = broken(&log);
    assert_eq!((b.seq, b.line, b.damage), (Some(3), 3, Damage::Changed));
    std::fs::write(log.anchor_path(), "not an anchor").unwrap();
    assert_eq!(broken(&log).damage, Damage::AnchorUnreadable);
    // A log with records and no anchor: a removal of its last records could not be found.
    std::fs::remove_file(log.anchor_path()).unwrap();
    assert_eq!(broken(&log).damage, Damage::AnchorMissing);
}

#[test]
fn a_log_whose_anchor_is_gone_fails_and_the_next_append_does_not_write_a_fresh_one() {
    let (_dir, log) = log_with(3);
    // The case: the last line cut and the anchor deleted.
    let mut kept = lines(&log);
    kept.pop();
    write_lines(&log, &kept);
    std::fs::remove_file(log.anchor_path()).unwrap();
    let b = broken(&log);
    assert_eq!(
        (b.damage.clone(), b.line, b.intact),
        (Damage::AnchorMissing, 3, 2)
    );
    assert_eq!(b.damage.name(), "anchor_missing");
    // The next command's record is kept, but no anchor comes back to hide the cut.
    let r = log.append(&entry(4)).unwrap();
    assert_eq!(r.seq, 3);
    assert!(!log.anchor_path().exists());
    assert_eq!(broken(&log).damage, Damage::AnchorMissing);
    // A damaged anchor is not overwritten either.
    std::fs::write(log.anchor_path(), "not an anchor").unwrap();
    log.append(&entry(5)).unwrap();
    assert_eq!(
        std::fs::read_to_string(log.anchor_path()).unwrap(),
        "not an anchor"
    );
    assert_eq!(broken(&log).damage, Damage::AnchorUnreadable);
}

#[test]
fn a_new_log_starts_with_an_anchor_before_its_first_record_and_a_crash_between_is_no_break() {
    let dir = tempfile::tempdir().unwrap();
    let log = Log::new(dir.path().join("audit.log"), clock());
    log.append(&entry(1)).unwrap();
    // What a crash after the first record's write, before its anchor, leaves: the anchor
    // of the new log (seq 0), behind the log.
    std::fs::write(log.anchor_path(), "{\"seq\":0,\"hash\":\"\"}").unwrap();
    assert_eq!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 1,
            last: 1,
            anchored: true
        }
    );
    let r = log.append(&entry(2)).unwrap();
    assert_eq!((r.seq, r.prev.is_some()), (2, true));
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact { records: 2, .. }
    ));
    // An empty log file (a crash before anything was written), or one of blank lines, and
    // no anchor is a new log.
    for (name, text) in [("fresh.log", ""), ("blank.log", "\n  \n")] {
        let fresh = Log::new(dir.path().join(name), clock());
        std::fs::write(fresh.path(), text).unwrap();
        assert_eq!(fresh.append(&entry(1)).unwrap().seq, 1);
        assert!(fresh.anchor_path().exists());
        assert!(matches!(
            fresh.verify().unwrap(),
            Verdict::Intact { records: 1, .. }
        ));
    }
}

#[test]
fn empty_or_blank_lines_are_no_records_and_no_break_at_the_end_or_after_more_appends() {
    let (_dir, log) = log_with(2);
    let text = std::fs::read_to_string(log.path()).unwrap();
    for tail in ["\n", "  \n", "\t", "\n \n"] {
        std::fs::write(log.path(), format!("{text}{tail}")).unwrap();
        assert!(
            matches!(
                log.verify().unwrap(),
                Verdict::Intact {
                    records: 2,
                    last: 2,
                    ..
                }
            ),
            "{tail:?}"
        );
    }
    let r = log.append(&entry(3)).unwrap();
    assert_eq!(r.seq, 3);
    assert_eq!(log.records().unwrap().len(), 3);
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact { records: 3, .. }
    ));
    // A line with something in it is still named.
    let mut with = lines(&log);
    with.push("x".into());
    assert_eq!(found_in(&log, &with).2, Damage::Unreadable);
}

/// A log of records a month apart, from 2026-01 (seq 1) on.
fn monthly(n: usize) -> (tempfile::TempDir, Log) {
    let dir = tempfile::tempdir().unwrap();
    // 2026-01-15T00:00:00Z
    let clock = Manual::at(UNIX_EPOCH + Duration::from_secs(1_768_435_200));
    let log = Log::new(dir.path().join("audit.log"), clock.clone());
    for i in 1..=n {
        log.append(&entry(i)).unwrap();
        clock.advance(Duration::from_secs(31 * 86_400));
    }
    (dir, log)
}

fn before(month: &str) -> impl Fn(&recruit_audit::Record) -> bool + '_ {
    move |r| r.at.as_str() < month
}

#[test]
fn a_prune_removes_the_earlier_months_and_the_records_kept_still_verify_from_the_checkpoint() {
    let (_dir, log) = monthly(5);
    let all = log.records().unwrap();
    assert_eq!(
        log.prune(before("2026-03")).unwrap(),
        Pruned::Done {
            removed: 2,
            checkpoint: Some(2),
            kept: 3
        }
    );
    let kept = log.records().unwrap();
    assert_eq!(kept.iter().map(|r| r.seq).collect::<Vec<_>>(), [3, 4, 5]);
    assert_eq!(kept[0], all[2]);
    let cp: Value = serde_json::from_slice(&std::fs::read(log.checkpoint_path()).unwrap()).unwrap();
    assert_eq!(
        (cp["seq"].as_u64(), cp["hash"].as_str()),
        (Some(2), Some(all[1].hash.as_str()))
    );
    assert_eq!(log.checkpoint(), Some(2));
    assert_eq!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 3,
            last: 5,
            anchored: true
        }
    );
    // The chain goes on, and a second prune moves the checkpoint.
    assert_eq!(log.append(&entry(6)).unwrap().seq, 6);
    assert!(matches!(
        log.prune(before("2026-04")).unwrap(),
        Pruned::Done {
            removed: 1,
            checkpoint: Some(3),
            kept: 3
        }
    ));
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 3,
            last: 6,
            ..
        }
    ));
    // Nothing older: nothing removed, the checkpoint stays.
    assert!(matches!(
        log.prune(before("2026-01")).unwrap(),
        Pruned::Done {
            removed: 0,
            checkpoint: Some(3),
            kept: 3
        }
    ));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(log.path()), 0o600);
        assert_eq!(mode(&log.checkpoint_path()), 0o600);
    }
}

#[test]
fn after_a_prune_a_removed_record_an_edited_checkpoint_or_a_lost_one_is_found() {
    let (_dir, log) = monthly(5);
    log.prune(before("2026-03")).unwrap();
    let kept = lines(&log);
    let cp = std::fs::read(log.checkpoint_path()).unwrap();
    // The first record kept removed too.
    assert_eq!(
        found_in(&log, &kept[1..]),
        (Some(4), 1, Damage::Removed { from: 3, to: 3 })
    );
    // A record in the middle removed.
    let mut middle = kept.clone();
    middle.remove(1);
    assert_eq!(
        found_in(&log, &middle).2,
        Damage::Removed { from: 4, to: 4 }
    );
    write_lines(&log, &kept);
    assert!(matches!(log.verify().unwrap(), Verdict::Intact { .. }));
    // The checkpoint's hash edited.
    let other = String::from_utf8(cp.clone())
        .unwrap()
        .replace("\"hash\":\"", "\"hash\":\"0");
    std::fs::write(log.checkpoint_path(), other).unwrap();
    let b = broken(&log);
    assert_eq!((b.seq, b.line, b.damage.name()), (Some(3), 1, "checkpoint"));
    // Its seq edited (the records between would have been removed).
    std::fs::write(
        log.checkpoint_path(),
        String::from_utf8(cp.clone())
            .unwrap()
            .replace("\"seq\":2", "\"seq\":1"),
    )
    .unwrap();
    assert_eq!(broken(&log).damage, Damage::Removed { from: 2, to: 2 });
    std::fs::write(log.checkpoint_path(), "garbage").unwrap();
    assert_eq!(broken(&log).damage, Damage::Checkpoint);
    // The checkpoint deleted: the log starts at 3.
    std::fs::remove_file(log.checkpoint_path()).unwrap();
    assert_eq!(broken(&log).damage, Damage::Removed { from: 1, to: 2 });
    std::fs::write(log.checkpoint_path(), &cp).unwrap();
    // An anchor naming a removed record.
    std::fs::write(
        log.anchor_path(),
        format!("{{\"seq\":1,\"hash\":\"{}\"}}", "a".repeat(64)),
    )
    .unwrap();
    assert_eq!(broken(&log).damage, Damage::AnchorGone { anchored: 1 });
}

#[test]
fn a_log_pruned_to_nothing_verifies_and_goes_on_from_its_checkpoint() {
    let (_dir, log) = monthly(3);
    let last = log.records().unwrap()[2].clone();
    assert!(matches!(
        log.prune(|_| true).unwrap(),
        Pruned::Done {
            removed: 3,
            checkpoint: Some(3),
            kept: 0
        }
    ));
    assert!(log.records().unwrap().is_empty());
    assert_eq!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 0,
            last: 3,
            anchored: true
        }
    );
    // Its anchor gone too: the log was pruned, so that is a break.
    let anchor = std::fs::read(log.anchor_path()).unwrap();
    std::fs::remove_file(log.anchor_path()).unwrap();
    assert_eq!(broken(&log).damage, Damage::AnchorMissing);
    std::fs::write(log.anchor_path(), anchor).unwrap();
    let r = log.append(&entry(4)).unwrap();
    assert_eq!((r.seq, r.prev.as_deref()), (4, Some(last.hash.as_str())));
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 1,
            last: 4,
            ..
        }
    ));
}

#[test]
fn a_broken_log_is_not_pruned_and_a_prune_cut_short_before_its_rename_still_verifies() {
    let (_dir, log) = monthly(4);
    let original = lines(&log);
    let mut edited = original.clone();
    edited[2] = edited[2].replace("\"C3\"", "\"C9\"");
    write_lines(&log, &edited);
    match log.prune(before("2026-03")).unwrap() {
        Pruned::Refused(b) => assert_eq!((b.seq, b.damage), (Some(3), Damage::Changed)),
        other => panic!("pruned a broken log: {other:?}"),
    }
    assert_eq!(lines(&log), edited);
    assert!(!log.checkpoint_path().exists());
    // The checkpoint written, the log not yet replaced: the records are all still there.
    write_lines(&log, &original);
    let records = log.records().unwrap();
    let cp = |seq: u64, hash: &str| {
        std::fs::write(
            log.checkpoint_path(),
            format!("{{\"seq\":{seq},\"hash\":\"{hash}\"}}"),
        )
        .unwrap()
    };
    cp(2, &records[1].hash);
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 4,
            last: 4,
            ..
        }
    ));
    // ... but the record it names must be the checkpoint's.
    cp(2, &records[0].hash);
    let b = broken(&log);
    assert_eq!((b.seq, b.damage), (Some(2), Damage::Checkpoint));
    // The next prune finishes the job.
    cp(2, &records[1].hash);
    assert!(matches!(
        log.prune(|_| false).unwrap(),
        Pruned::Done {
            removed: 2,
            checkpoint: Some(2),
            kept: 2
        }
    ));
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact {
            records: 2,
            last: 4,
            ..
        }
    ));
}

#[test]
fn a_process_appending_while_the_log_is_pruned_loses_no_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("audit.log");
    let me = std::env::current_exe().unwrap();
    let mut child = std::process::Command::new(&me)
        .args(["--exact", "appender", "--nocapture", "--test-threads=1"])
        .env(APPENDER, &path)
        .env("RECRUIT_AUDIT_TEST_WHO", "a")
        .spawn()
        .unwrap();
    let ready = PathBuf::from(format!("{}.ready-a", path.display()));
    while !ready.exists() {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::fs::write(format!("{}.go", path.display()), "").unwrap();
    let log = Log::new(path, clock());
    let mut removed = 0;
    let mut prunes = 0;
    loop {
        let running = child.try_wait().unwrap().is_none();
        match log.prune(|_| true).unwrap() {
            Pruned::Done { removed: n, .. } => removed += n,
            Pruned::Refused(b) => panic!("{b:?}"),
        }
        prunes += 1;
        if !running {
            break;
        }
    }
    assert!(child.wait().unwrap().success());
    assert!(prunes > 2, "the prunes never overlapped the appends");
    assert_eq!(removed, EACH as u64);
    assert_eq!(log.checkpoint(), Some(EACH as u64));
    assert!(matches!(
        log.verify().unwrap(),
        Verdict::Intact { records: 0, .. }
    ));
}

const CRASHER: &str = "RECRUIT_AUDIT_TEST_CRASH";

/// Run as a child by the test below: appends a first record bigger than the file-size limit
/// it sets, so the kernel kills it (SIGXFSZ) in the middle of writing that record.
#[test]
fn crasher() {
    let Ok(path) = std::env::var(CRASHER) else {
        return;
    };
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let limit = |r: Resource, to: u64| {
            let old = getrlimit(r);
            setrlimit(
                r,
                Rlimit {
                    current: Some(to),
                    maximum: old.maximum,
                },
            )
            .unwrap();
        };
        limit(Resource::Core, 0);
        limit(Resource::Fsize, 300);
    }
    let mut e = entry(1);
    e.command = "x".repeat(2_000);
    let _ = Log::new(PathBuf::from(path), clock()).append(&e);
}

#[cfg(unix)]
#[test]
fn a_process_killed_while_writing_a_new_logs_first_record_leaves_its_anchor_behind() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("audit.log");
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "crasher", "--nocapture", "--test-threads=1"])
        .env(CRASHER, &path)
        .status()
        .unwrap();
    assert_eq!(status.signal(), Some(25), "killed by SIGXFSZ: {status:?}");
    let log = Log::new(path, clock());
    // The record was being written (a part of it is there); its anchor, seq 0, was first.
    assert!(std::fs::metadata(log.path()).unwrap().len() > 0);
    let anchor: Value = serde_json::from_slice(&std::fs::read(log.anchor_path()).unwrap()).unwrap();
    assert_eq!(anchor["seq"], 0);
    // What the crash left is named (a line cut short), and the log goes on from seq 1.
    assert_eq!(broken(&log).damage, Damage::Unreadable);
    assert_eq!(log.append(&entry(2)).unwrap().seq, 1);
    assert_eq!(log.records().unwrap().len(), 1);
}
