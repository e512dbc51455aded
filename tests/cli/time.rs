//! One meaning of a DATE (issue 48): the local calendar day, in every command that takes one.
//! In Seoul (TZ=Asia/Seoul, nine hours ahead of UTC) 2026-03-01 starts at 2026-02-28T15:00Z,
//! so a record at 23:30 local on the 28th (14:30Z) is before it and one at 00:30 local on
//! the 1st (15:30Z) is in it, for `audit list --since`, `audit report --month` and
//! `report pipeline --since` alike.

use serde_json::Value;

use crate::audit_prune::append_at;
use crate::common::*;

// The mirror's rows as a sync writes them, shared with the report's tests.
use crate::report::synthetic;

fn in_seoul(home: &Home, args: &[&str]) -> Value {
    let out = home
        .cmd()
        .env("TZ", "Asia/Seoul")
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {}", stderr_of(&out));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout_of(&out)))
}

/// The codes of an `audit list -o json`'s records.
fn codes(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|r| r["candidates"][0].as_str().unwrap().to_string())
        .collect()
}

/// The three readers of a DATE agree, in Seoul, on where 2026-03-01 begins.
#[test]
fn a_date_is_the_local_day_for_audit_list_audit_report_and_report() {
    let home = Home::new();
    let log = home.data_dir().join("audit.log");
    append_at(&log, "2026-02-28T14:30:00Z", "LATE-FEB-28"); // 23:30 on the 28th in Seoul
    append_at(&log, "2026-02-28T15:30:00Z", "EARLY-MAR-1"); // 00:30 on the 1st
    append_at(&log, "2026-03-31T14:30:00Z", "LATE-MAR-31"); // 23:30 on the 31st
    append_at(&log, "2026-03-31T15:30:00Z", "EARLY-APR-1"); // 00:30 on April 1st

    let since = in_seoul(
        &home,
        &["audit", "list", "--since", "2026-03-01", "-o", "json"],
    );
    assert_eq!(
        codes(&since),
        ["EARLY-MAR-1", "LATE-MAR-31", "EARLY-APR-1"],
        "{since}"
    );

    let month = in_seoul(
        &home,
        &["audit", "report", "--month", "2026-03", "-o", "json"],
    );
    assert_eq!(month["from"], "2026-03-01T00:00:00+09:00", "{month}");
    assert_eq!(month["records"], 2, "{month}");

    // The report reads the mirror: candidates who applied on either side of the bound.
    let db = home.dir.path().join("mirror.db");
    let conn = synthetic::new_mirror(&db);
    for (code, applied) in [
        ("LATE-FEB-28", "2026-02-28T14:30:00Z"),
        ("EARLY-MAR-1", "2026-02-28T15:30:00Z"),
    ] {
        let at = chrono::DateTime::parse_from_rfc3339(applied)
            .unwrap()
            .timestamp();
        synthetic::put_candidate(
            &conn,
            code,
            "김하늘",
            "a@example.com",
            ("applied", "서류", at),
            ("JOB-A", "Backend"),
            at,
            false,
        );
    }
    drop(conn);
    let db = db.to_string_lossy();
    let all = in_seoul(&home, &["report", "pipeline", "-o", "json", "--db", &db]);
    let report = in_seoul(
        &home,
        &[
            "report",
            "pipeline",
            "-o",
            "json",
            "--db",
            &db,
            "--since",
            "2026-03-01",
        ],
    );
    assert_eq!(
        report["filter"]["since"], "2026-02-28T15:00:00Z",
        "{report}"
    );
    let applied_now = |r: &Value| r["groups"][0]["stages"][0]["now"].clone();
    assert_eq!(applied_now(&all), 2, "{all}");
    assert_eq!(applied_now(&report), 1, "{report}");
}
