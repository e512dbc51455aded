//! `recruit privacy erase | retention | register` end to end: the binary against the sandbox
//! over HTTP, a mirror synced into the data directory (SQLite) or a real PostgreSQL server,
//! a relay's store filled by a running listener, an export left unfinished, then the files
//! themselves read byte by byte.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

use crate::common::*;
use crate::relay::{app_up, events_json, listen, send_signed, settled};

pub(crate) fn name_of(code: &str) -> String {
    format!("zqv-name-{code}")
}

pub(crate) fn mail_of(code: &str) -> String {
    format!("zqv-mail-{code}@example.com")
}

/// Give every candidate a name and e-mail that can be searched for in files; the codes of
/// the candidates, in the state's order.
pub(crate) fn mark_people(ts: &TestSandbox) -> Vec<String> {
    let mut codes = Vec::new();
    ts.edit_state(|s| {
        for c in s["candidates"].as_array_mut().unwrap() {
            let code = c["code"].as_str().unwrap().to_string();
            c["name"] = json!(name_of(&code));
            c["email"] = json!(mail_of(&code));
            codes.push(code);
        }
    });
    codes
}

pub(crate) fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout_of(out), stderr_of(out)))
}

pub(crate) fn ok(out: Output) -> Output {
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    out
}

/// Where `needle` occurs in the SQLite files `base`, `base-wal`, `base-journal`, `base-shm`.
fn copies_in(base: &Path, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for suffix in ["", "-wal", "-journal", "-shm"] {
        let mut p = base.as_os_str().to_os_string();
        p.push(suffix);
        let Ok(bytes) = std::fs::read(&p) else {
            continue;
        };
        let n = bytes
            .windows(needle.len())
            .filter(|w| *w == needle.as_bytes())
            .count();
        if n > 0 {
            found.push(format!("{} x{n} in {}", needle, PathBuf::from(p).display()));
        }
    }
    found
}

/// Every byte of the files under `dir`, by name: to show that a refused command changed
/// nothing.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            p.is_file()
                .then(|| (p.display().to_string(), std::fs::read(&p).unwrap()))
        })
        .collect();
    out.sort();
    out
}

fn register(home: &Home) -> Vec<Value> {
    let out = ok(home
        .cmd()
        .args(["privacy", "register", "-o", "json"])
        .output()
        .unwrap());
    json_of(&out).as_array().unwrap().clone()
}

/// A stub service for exports: every candidate's submissions, except `failing`'s (503) while
/// `healthy` is false; every request's path kept in `seen`.
fn export_service(failing: String, healthy: Arc<AtomicBool>) -> Stub {
    stub(move |seen, _| {
        if seen.uri.contains(&format!("/{failing}/")) && !healthy.load(Ordering::SeqCst) {
            return Reply::json(503, r#"{"error":"unavailable","message":"down"}"#);
        }
        let code = seen.uri.split('/').nth(3).unwrap_or("?").to_string();
        Reply::json(
            200,
            &format!(
                r#"{{"collection":[{{"code":"{code}-s1","candidate":"{code}"}}],"pagination":{{"next_url":null}}}}"#
            ),
        )
    })
}

fn export(home: &Home, service: &Stub, codes: &Path, out: &Path, resume: bool) -> Output {
    let mut c = home.cmd();
    c.env("RECRUIT_BASE_URL", service.base())
        .env("RECRUIT_API_KEY", "test-key")
        .args(["--retries", "0", "export", "submissions", "--candidates"])
        .arg(codes)
        .arg("--out")
        .arg(out);
    if resume {
        c.arg("--resume");
    }
    c.output().unwrap()
}

#[test]
fn privacy_erase_leaves_no_copy_in_mirror_relay_or_a_resumed_export() {
    let ts = TestSandbox::new();
    let home = &ts.home;
    let data = home.data_dir();
    let codes = mark_people(&ts);
    let (a, b, other) = (codes[0].clone(), codes[1].clone(), codes[2].clone());

    // The mirror where `sync` keeps it by default.
    ok(ts.run(&["-o", "json", "sync"]));
    let mirror = data.join("recruit.db");
    assert!(!copies_in(&mirror, &name_of(&a)).is_empty(), "synced");

    // The relay's store where `webhooks listen --store` keeps it by default.
    let store = data.join("events.db");
    let app = app_up();
    let l = listen(home, &store, &app.stub.base());
    for code in [&a, &other] {
        let body = json!({
            "action": "candidate_stage_changed",
            "candidate": {"code": code, "name": name_of(code), "email": mail_of(code), "phone": "010-5555-0101"},
        });
        assert_eq!(send_signed(&l.url, &body.to_string(), true).0, 200);
    }
    settled(home, &store, &app.got, 2);
    drop(l);
    assert!(!copies_in(&store, &mail_of(&a)).is_empty(), "stored");
    let before_events = events_json(home, &store, &[]);
    assert_eq!(before_events.len(), 2);

    // An export stopped by a failure: b written to the partial file, a not yet.
    let healthy = Arc::new(AtomicBool::new(false));
    let service = export_service(a.clone(), healthy.clone());
    let work = home.dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let list = work.join("codes.txt");
    std::fs::write(&list, format!("{b}\n{a}\n")).unwrap();
    let out_file = work.join("subs.ndjson");
    assert_eq!(
        export(home, &service, &list, &out_file, false)
            .status
            .code(),
        Some(7)
    );
    let partial = work.join("subs.ndjson.partial");
    let journal = work.join("subs.ndjson.progress");
    assert!(partial.exists() && journal.exists());

    // Without --yes and no terminal: exit 2, nothing changed anywhere.
    let files_before = (snapshot(&data), snapshot(&work));
    let out = ts.run(&["privacy", "erase", &a, &b]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("--yes"), "{}", stderr_of(&out));
    let changed = |before: &[(String, Vec<u8>)], now: Vec<(String, Vec<u8>)>| -> Vec<String> {
        let names = |v: &[(String, Vec<u8>)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        if names(before) != names(&now) {
            return vec![format!("{:?} -> {:?}", names(before), names(&now))];
        }
        before
            .iter()
            .zip(&now)
            .filter(|(a, b)| a.1 != b.1)
            .map(|(a, _)| a.0.clone())
            .collect()
    };
    let changes = [
        changed(&files_before.0, snapshot(&data)),
        changed(&files_before.1, snapshot(&work)),
    ]
    .concat();
    assert!(changes.is_empty(), "a refused erasure changed {changes:?}");

    let out = ok(ts.run(&[
        "-o",
        "json",
        "privacy",
        "erase",
        &a,
        &b,
        "C-NOWHERE",
        "--yes",
        "--reason",
        "asked by the applicant",
    ]));
    let r = json_of(&out);
    let cand = |code: &str| {
        r["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["candidate"] == code)
            .unwrap_or_else(|| panic!("{code} in {r}"))
            .clone()
    };
    assert_eq!(r["erased"], 2, "{r}");
    assert_eq!(r["not_found"], json!(["C-NOWHERE"]), "{r}");
    assert_eq!(
        cand(&a)["stores"],
        json!(["mirror", "relay", "export journal"]),
        "{r}"
    );
    assert_eq!(cand(&b)["stores"], json!(["mirror"]), "{r}");
    for f in ["name", "email"] {
        assert!(
            cand(&a)["fields"].as_array().unwrap().contains(&json!(f)),
            "{r}"
        );
    }
    let stores = r["stores"].as_array().unwrap();
    let export_said = stores.iter().find(|s| s["store"] == "export").unwrap();
    assert_eq!(export_said["status"], "withheld", "{r}");
    // Every code asked for is withheld: a candidate list walked on resume may bring any.
    assert_eq!(export_said["withheld"], json!([a, "C-NOWHERE"]), "{r}");
    assert_eq!(export_said["already_written"], json!([b]), "{r}");
    let untouched: Vec<String> = serde_json::from_value(r["files_not_touched"].clone()).unwrap();
    assert!(
        untouched.iter().any(|f| f.ends_with("subs.ndjson.partial")),
        "{r}"
    );
    let relay_said = stores.iter().find(|s| s["store"] == "relay").unwrap();
    assert_eq!(relay_said["events"], 1, "{r}");

    // No readable copy in any SQLite file, the mirror's or the relay's.
    for code in [&a, &b] {
        for needle in [name_of(code), mail_of(code)] {
            for db in [&mirror, &store] {
                let found = copies_in(db, &needle);
                assert!(found.is_empty(), "{found:?}");
            }
        }
    }
    assert!(
        !copies_in(&mirror, &name_of(&other)).is_empty(),
        "the others stay"
    );
    assert!(
        !copies_in(&store, "010-5555-0101").is_empty(),
        "the other event's phone stays"
    );

    // The events keep their ids, actions, times and status; the personal values are null.
    let after = events_json(home, &store, &[]);
    assert_eq!(after.len(), 2);
    for (was, now) in before_events.iter().zip(&after) {
        for k in ["id", "action", "received_at", "status"] {
            assert_eq!(was[k], now[k], "{k}: {now}");
        }
        let c = &now["payload"]["candidate"];
        if c["code"] == json!(a) {
            for k in ["name", "email", "phone"] {
                assert!(c[k].is_null(), "{k}: {now}");
            }
        } else {
            assert_eq!(c["name"], json!(name_of(&other)), "{now}");
        }
    }

    // The register: a row per candidate erased.
    let rows = register(home);
    assert_eq!(rows.len(), 2, "{rows:?}");
    let row_a = rows.iter().find(|x| x["candidate"] == json!(a)).unwrap();
    assert_eq!(row_a["reason"], "asked by the applicant");
    assert!(
        row_a["actor"].as_str().unwrap().ends_with("@default"),
        "{row_a}"
    );
    assert_eq!(
        row_a["stores"],
        json!(["mirror", "relay", "export journal"])
    );
    assert!(
        row_a["stage"].is_string() && row_a["at"].is_string(),
        "{row_a}"
    );
    let csv = stdout_of(&ok(home
        .cmd()
        .args(["privacy", "register", "-o", "csv"])
        .output()
        .unwrap()));
    assert!(
        csv.starts_with("at,actor,candidate,stage,fields,stores,reason"),
        "{csv}"
    );
    assert!(csv.contains("\"mirror, relay, export journal\""), "{csv}");

    // The access log: one record of the run, via erase.
    let log = std::fs::read_to_string(data.join("audit.log")).unwrap_or_default();
    let erase: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["via"] == "erase")
        .collect();
    assert_eq!(erase.len(), 1, "{log}");
    assert_eq!(erase[0]["candidates"], json!([a, b, "C-NOWHERE"]), "{log}");
    assert_eq!(erase[0]["reason"], "asked by the applicant");
    // The command line as every record names it: the program's name, not its path.
    let command = erase[0]["command"].as_str().unwrap();
    assert!(
        command.starts_with("recruit ") && command.contains(" privacy erase "),
        "{command}"
    );

    // The export's own files were not touched; resumed, it never asks for `a` again.
    assert_eq!(
        files_before.1.iter().find(|(p, _)| p.ends_with(".partial")),
        snapshot(&work)
            .iter()
            .find(|(p, _)| p.ends_with(".partial"))
    );
    healthy.store(true, Ordering::SeqCst);
    let asked = service.seen().len();
    let out = export(home, &service, &list, &out_file, true);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let again: Vec<String> = service.seen()[asked..]
        .iter()
        .map(|s| s.uri.clone())
        .collect();
    assert!(again.iter().all(|u| !u.contains(&a)), "{again:?}");
    let text = std::fs::read_to_string(&out_file).unwrap();
    assert!(!text.contains(&format!("{a}-s1")), "{text}");
    assert!(text.contains(&format!("{b}-s1")), "{text}");
}

#[test]
fn privacy_retention_takes_exactly_the_old_ones_at_the_stage_and_sync_purge_registers_too() {
    let ts = TestSandbox::new();
    let home = &ts.home;
    let codes = mark_people(&ts);
    // Four at `fail`: two changed 400 days ago, two 10 days ago; one `applied` 400 days ago.
    let days_ago = |d: i64| {
        (chrono::Utc::now() - chrono::Duration::days(d))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let plan: Vec<(&str, i64)> = vec![
        ("fail", 400),
        ("fail", 400),
        ("fail", 10),
        ("fail", 10),
        ("applied", 400),
    ];
    ts.edit_state(|s| {
        for (c, (kind, age)) in s["candidates"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .zip(&plan)
        {
            c["stage"]["kind"] = json!(kind);
            c["stage"]["updated_at"] = json!(days_ago(*age));
        }
        // Nobody else at these stages.
        for c in s["candidates"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .skip(plan.len())
        {
            c["stage"]["kind"] = json!("review");
        }
    });
    ok(ts.run(&["-o", "json", "sync"]));

    // The rule every run below names.
    let rule = [
        "privacy",
        "retention",
        "--stage",
        "fail",
        "--older-than",
        "180d",
    ];
    let dry = json_of(&ok(
        ts.run(&[&["-o", "json"][..], &rule, &["--dry-run"]].concat())
    ));
    let mut old = vec![codes[0].clone(), codes[1].clone()];
    old.sort();
    assert_eq!(dry["candidates"], json!(old), "{dry}");

    let out = ts.run(&rule);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(register(home).is_empty(), "refused: nothing erased");

    let r = json_of(&ok(
        ts.run(&[&["-o", "json"][..], &rule, &["--yes"]].concat())
    ));
    let taken: Vec<&str> = r["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["candidate"].as_str().unwrap())
        .collect();
    assert_eq!(taken, old, "{r}");
    let mirror = home.data_dir().join("recruit.db");
    for (i, code) in codes.iter().enumerate().take(plan.len()) {
        let left = copies_in(&mirror, &name_of(code));
        assert_eq!(left.is_empty(), i < 2, "{code}: {left:?}");
    }
    // `sync purge`, the narrower form: the same erasure, its rows in the same register.
    let p = json_of(&ok(ts.run(&[
        "-o",
        "json",
        "sync",
        "purge",
        "--stage",
        "fail",
        "--older-than",
        "0",
        "--yes",
    ])));
    assert_eq!(p["purged"], 2, "{p}");
    let rows = register(home);
    let mut erased: Vec<&str> = rows
        .iter()
        .map(|x| x["candidate"].as_str().unwrap())
        .collect();
    erased.sort();
    let mut want: Vec<&str> = codes[..4].iter().map(String::as_str).collect();
    want.sort();
    assert_eq!(erased, want, "{rows:?}");
    assert!(rows
        .iter()
        .all(|x| x["stores"] == json!(["mirror"]) && x["stage"] == "fail"));
    assert!(
        !copies_in(&mirror, &name_of(&codes[4])).is_empty(),
        "applied stays"
    );
}

#[test]
fn privacy_erase_on_postgresql_leaves_no_dead_rows() {
    let Some(pg) = crate::sync::Pg::start("privacy_erase_on_postgresql_leaves_no_dead_rows") else {
        return;
    };
    let ts = TestSandbox::new();
    let codes = mark_people(&ts);
    ok(ts.run(&["-o", "json", "sync", "--db", &pg.url]));
    let mut client = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    let tables = ["candidates", "memos", "submissions", "submission_answers"];
    for t in tables {
        // The server's own background vacuum must not do recruit's work here.
        client
            .batch_execute(&format!(
                "ALTER TABLE {t} SET (autovacuum_enabled = false, toast.autovacuum_enabled = false)"
            ))
            .unwrap();
    }
    let held: i64 = client
        .query_one(
            "SELECT count(*) FROM memos WHERE candidate_code = $1",
            &[&codes[0]],
        )
        .unwrap()
        .get(0);
    let r = json_of(&ok(ts.run(&[
        "-o", "json", "privacy", "erase", &codes[0], "--db", &pg.url, "--yes",
    ])));
    assert_eq!(r["erased"], 1, "{r}");
    let mirror = r["stores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["store"] == "mirror")
        .unwrap()
        .clone();
    assert_eq!(mirror["memos_deleted"], held, "{r}");
    let row = client
        .query_one(
            "SELECT name, email, purged_at IS NOT NULL FROM candidates WHERE code = $1",
            &[&codes[0]],
        )
        .unwrap();
    assert_eq!(row.get::<_, Option<String>>(0), None);
    assert_eq!(row.get::<_, Option<String>>(1), None);
    assert!(row.get::<_, bool>(2));
    // A new connection reads the statistics as they are now.
    let mut fresh = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    for t in tables {
        let dead: i64 = fresh
            .query_one(
                "SELECT n_dead_tup FROM pg_stat_user_tables WHERE relname = $1",
                &[&t],
            )
            .unwrap()
            .get(0);
        assert_eq!(dead, 0, "dead rows keep old values in {t}");
    }
}

#[test]
fn privacy_erase_with_no_store_says_each_skipped_and_the_code_found_nowhere() {
    let home = Home::new();
    let out = ok(home
        .cmd()
        .args(["-o", "table", "privacy", "erase", "C1", "--yes"])
        .output()
        .unwrap());
    let text = stdout_of(&out);
    let data = home.data_dir();
    for (what, file) in [("mirror", "recruit.db"), ("relay's store", "events.db")] {
        let line = format!(
            "{what} {}: does not exist, skipped",
            data.join(file).display()
        );
        assert!(text.contains(&line), "{line}\n{text}");
    }
    assert!(
        text.contains("found in no store: 1 candidate (C1)"),
        "{text}"
    );
    assert!(register(&home).is_empty(), "nothing erased, no row");
    // The same for people in Korean.
    let out = ok(home
        .cmd()
        .args([
            "--lang", "ko", "-o", "table", "privacy", "erase", "C1", "--yes",
        ])
        .output()
        .unwrap());
    assert!(
        stdout_of(&out).contains("어느 저장소에도 없음: 지원자 1명(C1)"),
        "{}",
        stdout_of(&out)
    );
    // A PostgreSQL relay store that cannot be reached fails the run (exit 7, the network),
    // its password never shown.
    let out = home
        .cmd()
        .args([
            "privacy",
            "erase",
            "C1",
            "--yes",
            "--store",
            "postgres://u:sekret@h/db",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("sekret"), "{}", stderr_of(&out));
    assert!(!stdout_of(&out).contains("sekret"), "{}", stdout_of(&out));
}
