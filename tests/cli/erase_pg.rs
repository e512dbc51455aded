//! Erasure on PostgreSQL (issue #47, rows 1, 2 and 10): `privacy erase | retention` reach a
//! relay store in PostgreSQL as a file, and leave no erased value readable through SQL
//! (`pg_stats` included) nor in the touched tables' relation files after a `CHECKPOINT`; an
//! event's payload is searched as a whole, whatever key holds the candidate; a `template+`
//! forward sends no name without `--with-names`, whatever key holds it.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{json, Value};

use crate::common::*;
use crate::privacy::{mail_of, mark_people, name_of};
use crate::relay::{app_up, recruit, send_signed, spawn_listener, Listener, KEY};
use crate::sync::Pg;

fn ok(out: Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout_of(&out), stderr_of(&out)))
}

fn client(pg: &Pg) -> postgres::Client {
    postgres::Client::connect(&pg.url, postgres::NoTls).unwrap()
}

/// A listener storing into `store` and forwarding every event to an app that takes them.
fn listener(home: &Home, store: &str, app: &str) -> Listener {
    let mut cmd = recruit(home);
    cmd.args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .args(["--store", store, "--forward-to", app, "-o", "ndjson"]);
    spawn_listener(cmd)
}

/// The stored events: id, action, received_at, status and the payload as JSON.
fn events(pg: &Pg) -> Vec<(i64, Option<String>, String, String, Value)> {
    client(pg)
        .query(
            "SELECT id, action, received_at, status, payload FROM relay_events ORDER BY id",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| {
            let payload: Vec<u8> = r.get(4);
            (
                r.get(0),
                r.get(1),
                r.get(2),
                r.get(3),
                serde_json::from_slice(&payload).unwrap(),
            )
        })
        .collect()
}

/// Wait until `n` events are stored and delivered.
fn delivered(pg: &Pg, n: usize) {
    wait_for("the events stored and delivered", 30, || {
        let e = events(pg);
        e.len() == n && e.iter().all(|x| x.3 == "delivered")
    });
}

fn send(l: &Listener, body: Value) {
    assert_eq!(
        send_signed(&l.url, &body.to_string(), true).0,
        200,
        "{body}"
    );
}

/// The register's rows of `code`.
fn register_of(home: &Home, code: &str) -> Vec<Value> {
    let out = home
        .cmd()
        .args(["privacy", "register", "-o", "json"])
        .output()
        .unwrap();
    ok(out)
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["candidate"] == json!(code))
        .cloned()
        .collect()
}

#[test]
fn privacy_erase_and_retention_reach_a_postgresql_relay_store_as_a_file() {
    let Some(pg) = Pg::start("privacy_erase_and_retention_reach_a_postgresql_relay_store") else {
        return;
    };
    let ts = TestSandbox::new();
    let home = &ts.home;
    let codes = mark_people(&ts);
    let (a, b, other) = (codes[0].clone(), codes[1].clone(), codes[2].clone());
    // `b` alone at `fail`: the one `privacy retention --stage fail` takes.
    ts.edit_state(|s| {
        for c in s["candidates"].as_array_mut().unwrap() {
            let kind = if c["code"] == json!(b) {
                "fail"
            } else {
                "review"
            };
            c["stage"]["kind"] = json!(kind);
        }
    });
    ok(ts.run(&["-o", "json", "sync"]));

    let app = app_up();
    let l = listener(home, &pg.url, &app.stub.base());
    // `a` in two shapes: under `applicant` with a nested contact (row 10), under `candidate`.
    send(
        &l,
        json!({"action": "candidate_stage_changed", "payload": {
            "applicant": {"code": a, "name": name_of(&a), "contact": {"email": mail_of(&a)}},
            "job": {"code": "J1", "title": "Engineer"}}}),
    );
    for code in [&a, &b, &other] {
        send(
            &l,
            json!({"action": "candidate_pass", "payload": {"candidate": {
                "code": code, "name": name_of(code), "email": mail_of(code), "phone": "010-5555-0101"}}}),
        );
    }
    delivered(&pg, 4);
    let before = events(&pg);

    // The address with a password, as a shared server needs: never shown.
    let store = pg.url_with_password("pw-not-shown-7q");
    let out = ts.run(&[
        "-o", "json", "privacy", "erase", &a, "--store", &store, "--yes", "--reason", "asked",
    ]);
    assert!(!stdout_of(&out).contains("pw-not-shown-7q"));
    assert!(!stderr_of(&out).contains("pw-not-shown-7q"));
    let r = ok(out);
    assert_eq!(r["erased"], 1, "{r}");
    let relay = r["stores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["store"] == "relay")
        .unwrap_or_else(|| panic!("no relay store in {r}"))
        .clone();
    assert_eq!(relay["status"], "erased", "{r}");
    assert_eq!(relay["events"], 2, "{r}");
    assert_eq!(relay["candidates"], json!([a]), "{r}");
    assert_eq!(
        r["candidates"][0]["stores"],
        json!(["mirror", "relay"]),
        "{r}"
    );

    // Each event keeps its id, action, time and status; `a`'s personal values are null.
    let after = events(&pg);
    assert_eq!(after.len(), 4);
    for (was, now) in before.iter().zip(&after) {
        assert_eq!(
            (&was.0, &was.1, &was.2, &was.3),
            (&now.0, &now.1, &now.2, &now.3)
        );
    }
    let applicant = &after[0].4["payload"]["applicant"];
    assert_eq!(applicant["code"], json!(a));
    assert!(applicant["name"].is_null(), "{applicant}");
    assert!(applicant["contact"]["email"].is_null(), "{applicant}");
    assert_eq!(after[0].4["payload"]["job"]["title"], "Engineer");
    let cand = &after[1].4["payload"]["candidate"];
    for k in ["name", "email", "phone"] {
        assert!(cand[k].is_null(), "{k}: {cand}");
    }
    for (i, code) in [(2, &b), (3, &other)] {
        assert_eq!(after[i].4, before[i].4, "{code} untouched");
    }
    let rows = register_of(home, &a);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["stores"], json!(["mirror", "relay"]));
    assert_eq!(rows[0]["reason"], "asked");

    // The listener goes on storing beside the erasure (its table was rewritten meanwhile).
    send(
        &l,
        json!({"action": "candidate_pass", "payload": {"candidate": {"code": "C-LATER"}}}),
    );
    delivered(&pg, 5);

    // Retention, through the same path: `b` leaves the mirror and the relay's store.
    let r = ok(ts.run(&[
        "-o",
        "json",
        "privacy",
        "retention",
        "--stage",
        "fail",
        "--older-than",
        "0",
        "--store",
        &pg.url,
        "--yes",
    ]));
    assert_eq!(r["erased"], 1, "{r}");
    assert_eq!(r["candidates"][0]["candidate"], json!(b), "{r}");
    assert_eq!(
        r["candidates"][0]["stores"],
        json!(["mirror", "relay"]),
        "{r}"
    );
    let now = events(&pg);
    assert!(
        now[2].4["payload"]["candidate"]["name"].is_null(),
        "{:?}",
        now[2]
    );
    assert_eq!(now[2].3, "delivered");
    assert_eq!(now[3].4, before[3].4, "{other} untouched");
    assert_eq!(
        register_of(home, &b)[0]["stores"],
        json!(["mirror", "relay"])
    );

    // The access log: a record of each run, via erase.
    let log = std::fs::read_to_string(home.data_dir().join("audit.log")).unwrap();
    let erased: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["via"] == "erase")
        .collect();
    assert_eq!(erased.len(), 2, "{log}");
    assert_eq!(erased[0]["candidates"], json!([a]), "{log}");
    assert_eq!(erased[1]["candidates"], json!([b]), "{log}");
    drop(l);

    // A role that may change the events but does not own the table: PostgreSQL's VACUUM
    // skips the table with a mere warning; the erasure says so and fails (exit 1).
    client(&pg)
        .batch_execute(
            "CREATE ROLE clerk LOGIN;
             GRANT SELECT, UPDATE ON relay_events, relay_meta TO clerk;",
        )
        .unwrap();
    let clerk = pg
        .url
        .replacen("postgres://recruit@", "postgres://clerk@", 1);
    let out = ts.run(&["privacy", "erase", &other, "--store", &clerk, "--yes"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout_of(&out));
    let said = stderr_of(&out);
    assert!(
        said.contains("relay_events") && said.contains("owner"),
        "{said}"
    );
    let now = events(&pg);
    assert!(
        now[3].4["payload"]["candidate"]["name"].is_null(),
        "{:?}",
        now[3]
    );
    // Run again as the owner, as it says: the table is rewritten now.
    let filenode = || -> u32 {
        client(&pg)
            .query_one("SELECT pg_relation_filenode('relay_events')::oid", &[])
            .unwrap()
            .get(0)
    };
    let was = filenode();
    let r = ok(ts.run(&[
        "-o", "json", "privacy", "erase", &other, "--store", &pg.url, "--yes",
    ]));
    assert_eq!(r["stores"][1]["status"], "erased", "{r}");
    assert_ne!(filenode(), was, "relay_events rewritten");
}

/// Listeners go on storing while an erasure runs: every event they accepted (200) is kept;
/// the events erased are the first ones by id (none stored before another it left), and
/// every event stored before the erasure began is erased.
#[test]
fn events_stored_while_an_erasure_runs_are_all_kept() {
    let Some(pg) = Pg::start("events_stored_while_an_erasure_runs_are_all_kept") else {
        return;
    };
    let home = Home::new();
    let app = app_up();
    let l = listener(&home, &pg.url, &app.stub.base());
    let body = |n: usize| {
        json!({"action": "candidate_pass", "payload": {"n": n, "note": "x".repeat(400),
            "candidate": {"code": "C1", "name": "zqc-name", "email": "zqc@example.com"}}})
        .to_string()
    };
    const BEFORE: usize = 1500;
    let statuses = crate::relay::send_many(&l.url, (0..BEFORE).map(body).collect(), 8);
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (accepted, out) = std::thread::scope(|s| {
        let sender = s.spawn(|| {
            let mut accepted = Vec::new();
            let mut n = BEFORE;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                if send_signed(&l.url, &body(n), true).0 == 200 {
                    accepted.push(n);
                }
                n += 1;
            }
            accepted
        });
        let out = home
            .cmd()
            .args([
                "-o", "json", "privacy", "erase", "C1", "--store", &pg.url, "--yes",
            ])
            .output()
            .unwrap();
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        (sender.join().unwrap(), out)
    });
    let r = ok(out);
    assert!(!accepted.is_empty(), "events were sent during the erasure");
    let stored = events(&pg);
    let mut seen: Vec<usize> = stored
        .iter()
        .map(|e| e.4["payload"]["n"].as_u64().unwrap() as usize)
        .collect();
    seen.sort();
    let want: Vec<usize> = (0..BEFORE).chain(accepted.iter().copied()).collect();
    assert_eq!(seen, want, "every accepted event is stored once");
    let erased: Vec<bool> = stored
        .iter()
        .map(|e| e.4["payload"]["candidate"]["name"].is_null())
        .collect();
    let first_left = erased.iter().position(|e| !e).unwrap_or(erased.len());
    assert!(
        first_left >= BEFORE,
        "an event stored before the erasure was left"
    );
    assert!(
        erased[first_left..].iter().all(|e| !e),
        "an event erased after one left"
    );
    assert_eq!(r["stores"][1]["store"], "relay", "{r}");
    assert_eq!(r["stores"][1]["events"], json!(first_left), "{r}");
    drop(l);
}

/// A database without the relay's tables is skipped and said, as a file that is not there.
#[test]
fn a_postgresql_database_without_a_relay_store_is_skipped() {
    let Some(pg) = Pg::start("a_postgresql_database_without_a_relay_store_is_skipped") else {
        return;
    };
    let home = Home::new();
    let out = home
        .cmd()
        .args([
            "-o", "json", "privacy", "erase", "C1", "--yes", "--store", &pg.url,
        ])
        .output()
        .unwrap();
    let r = ok(out);
    let relay = r["stores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["store"] == "relay")
        .unwrap()
        .clone();
    assert_eq!(relay["status"], "absent", "{r}");
    assert_eq!(r["not_found"], json!(["C1"]), "{r}");
    // Nothing was created there.
    let made: bool = client(&pg)
        .query_one("SELECT to_regclass('relay_events') IS NOT NULL", &[])
        .unwrap()
        .get(0);
    assert!(!made);
}

/// `needle` as text and as PostgreSQL shows `bytea` (`\x` and hex): how a value may sit in
/// `pg_stats`.
fn spellings(needle: &str) -> [String; 2] {
    let hex: String = needle.bytes().map(|b| format!("{b:02x}")).collect();
    [needle.to_string(), hex]
}

/// Where `pg_stats` of `tables` holds one of `needles` (as text or as bytea's hex).
fn in_statistics(c: &mut postgres::Client, tables: &[&str], needles: &[String]) -> Vec<String> {
    let tables: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
    let mut found = Vec::new();
    for r in c
        .query(
            "SELECT tablename::text, attname::text,
                    coalesce(most_common_vals::text, '') || ' ' || coalesce(histogram_bounds::text, '')
             FROM pg_stats WHERE tablename = ANY($1)",
            &[&tables],
        )
        .unwrap()
    {
        let (t, a, vals): (String, String, String) = (r.get(0), r.get(1), r.get(2));
        for n in needles {
            if spellings(n).iter().any(|s| vals.contains(s.as_str())) {
                found.push(format!("{n} in pg_stats of {t}.{a}"));
            }
        }
    }
    found
}

/// The relation files of `tables` (each table, its TOAST table, their indexes), every
/// segment, after a `CHECKPOINT` wrote the pages.
fn relation_files(c: &mut postgres::Client, tables: &[&str]) -> Vec<PathBuf> {
    c.batch_execute("CHECKPOINT").unwrap();
    let data: String = c
        .query_one("SELECT current_setting('data_directory')", &[])
        .unwrap()
        .get(0);
    let tables: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
    let rows = c
        .query(
            "WITH t AS (SELECT oid, reltoastrelid FROM pg_class
                        WHERE relname = ANY($1) AND relnamespace = 'public'::regnamespace),
                  rels AS (SELECT oid FROM t
                           UNION SELECT reltoastrelid FROM t WHERE reltoastrelid <> 0
                           UNION SELECT indexrelid FROM pg_index
                                 WHERE indrelid IN (SELECT oid FROM t)
                                    OR indrelid IN (SELECT reltoastrelid FROM t))
             SELECT pg_relation_filepath(oid) FROM rels",
            &[&tables],
        )
        .unwrap();
    let mut files = Vec::new();
    for r in rows {
        let rel: String = r.get(0);
        let base = Path::new(&data).join(rel);
        files.push(base.clone());
        for segment in 1.. {
            let p = PathBuf::from(format!("{}.{segment}", base.display()));
            if !p.exists() {
                break;
            }
            files.push(p);
        }
    }
    files
}

/// Where one of `needles` sits in `files`.
fn in_files(files: &[PathBuf], needles: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for f in files {
        let bytes = std::fs::read(f).unwrap_or_default();
        for n in needles {
            if bytes.windows(n.len()).any(|w| w == n.as_bytes()) {
                found.push(format!("{n} in {}", f.display()));
            }
        }
    }
    found
}

#[test]
fn erasure_on_postgresql_leaves_no_value_in_statistics_or_relation_files() {
    let Some(pg) = Pg::start("erasure_on_postgresql_leaves_no_value_in_statistics") else {
        return;
    };
    let ts = TestSandbox::new();
    let codes = mark_people(&ts);
    let (a, other) = (codes[0].clone(), codes[1].clone());
    ok(ts.run(&["-o", "json", "sync", "--db", &pg.url]));
    let app = app_up();
    let l = listener(&ts.home, &pg.url, &app.stub.base());
    for code in &codes[..4] {
        send(
            &l,
            json!({"action": "candidate_pass", "payload": {"applicant": {
                "code": code, "name": name_of(code), "email": mail_of(code)}}}),
        );
    }
    delivered(&pg, 4);
    drop(l);

    let mirror = ["candidates", "memos", "submissions", "submission_answers"];
    let all = [&mirror[..], &["relay_events"]].concat();
    let mut c = client(&pg);
    // `a`'s memos the only ones: the erasure leaves the table empty, and ANALYZE of an empty
    // table keeps the statistics it had.
    let memos: i64 = c
        .query_one(
            "SELECT count(*) FROM memos WHERE candidate_code = $1",
            &[&a],
        )
        .unwrap()
        .get(0);
    assert!(memos > 0, "{a} has memos");
    c.execute("DELETE FROM memos WHERE candidate_code <> $1", &[&a])
        .unwrap();
    // Statistics as autovacuum or a BI tool's ANALYZE leaves them during a sync.
    c.batch_execute("ANALYZE").unwrap();
    let memo_stats = |c: &mut postgres::Client| -> i64 {
        c.query_one(
            "SELECT count(*) FROM pg_stats WHERE tablename = 'memos'",
            &[],
        )
        .unwrap()
        .get(0)
    };
    assert!(memo_stats(&mut c) > 0);
    let erased = [name_of(&a), mail_of(&a)];
    for t in ["candidates", "relay_events"] {
        assert!(
            !in_statistics(&mut c, &[t], &erased).is_empty(),
            "{t}'s statistics hold the values before"
        );
    }
    let files = relation_files(&mut c, &all);
    assert!(
        !in_files(&files, &erased).is_empty(),
        "the files hold them before"
    );

    let r = ok(ts.run(&[
        "-o", "json", "privacy", "erase", &a, "--db", &pg.url, "--store", &pg.url, "--yes",
    ]));
    assert_eq!(
        r["candidates"][0]["stores"],
        json!(["mirror", "relay"]),
        "{r}"
    );

    // Through SQL: no row holds them, nor do the planner's statistics.
    let mut c = client(&pg);
    let rows: i64 = c
        .query_one(
            "SELECT (SELECT count(*) FROM candidates WHERE name = $1 OR email = $2 OR data::text LIKE '%' || $1 || '%')
                  + (SELECT count(*) FROM relay_events WHERE position(convert_to($1, 'UTF8') in payload) > 0)",
            &[&erased[0], &erased[1]],
        )
        .unwrap()
        .get(0);
    assert_eq!(rows, 0);
    let left = in_statistics(&mut c, &all, &erased);
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(
        memo_stats(&mut c),
        0,
        "the emptied table's statistics are gone"
    );
    assert!(
        !in_statistics(&mut c, &["candidates"], &[name_of(&other)]).is_empty(),
        "the statistics were rebuilt, not dropped"
    );
    // In the relation files once PostgreSQL has written its pages.
    let files = relation_files(&mut c, &all);
    let left = in_files(&files, &erased);
    assert!(left.is_empty(), "{left:?}");
    assert!(
        !in_files(&files, &[name_of(&other), mail_of(&other)]).is_empty(),
        "the others stay"
    );
    // The same erasure again rewrites the tables again (it finishes one whose rewrite a
    // role that does not own them could not do).
    let filenode = |c: &mut postgres::Client| -> u32 {
        c.query_one("SELECT pg_relation_filenode('candidates')::oid", &[])
            .unwrap()
            .get(0)
    };
    let was = filenode(&mut c);
    ok(ts.run(&[
        "-o", "json", "privacy", "erase", &a, "--db", &pg.url, "--yes",
    ]));
    assert_ne!(filenode(&mut c), was, "candidates rewritten");
}

// ---- template forwards ------------------------------------------------------------------

/// `{{payload}}` and `{{payload.applicant.name}}` of a `template+` forward: a name under any
/// key of a person's record is sent only with `--with-names`; a job's title and a stage's
/// name are sent either way.
#[test]
fn a_template_forward_sends_a_name_under_any_key_only_with_names() {
    let home = Home::new();
    let s = stub(|_, _| Reply::json(200, "ok"));
    let template = home.dir.path().join("t.json");
    std::fs::write(
        &template,
        r#"{"all": "{{payload}}", "name": "[{{payload.applicant.name}}]",
            "nested": "[{{payload.applicant.profile.name}}]"}"#,
    )
    .unwrap();
    let payload = home.dir.path().join("p.json");
    std::fs::write(
        &payload,
        json!({"applicant": {"code": "C7", "name": "Zqt Applicant",
                "profile": {"name": "Zqt Nested"}},
               "job": {"code": "J1", "title": "Senior Engineer"},
               "current_stage": {"name": "First interview"}})
        .to_string(),
    )
    .unwrap();
    let to = format!("template+http://{}/t", s.addr);
    let send = |extra: &[&str]| -> Value {
        let before = s.seen().len();
        let out = home
            .cmd()
            .args([
                "webhooks",
                "trigger",
                "candidate_stage_changed",
                "--to",
                &to,
            ])
            .args(["--retry-delays", "", "--template"])
            .arg(&template)
            .arg("--payload")
            .arg(&payload)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let seen = s.seen();
        assert_eq!(seen.len(), before + 1);
        serde_json::from_slice(&seen[before].body).unwrap()
    };
    let plain = send(&[]);
    let text = plain.to_string();
    assert!(
        !text.contains("Zqt"),
        "a name sent without --with-names: {text}"
    );
    assert_eq!(plain["name"], "[]");
    assert_eq!(plain["nested"], "[]");
    for kept in ["Senior Engineer", "First interview", "C7"] {
        assert!(text.contains(kept), "{kept} in {text}");
    }
    let named = send(&["--with-names"]);
    assert_eq!(named["name"], "[Zqt Applicant]", "{named}");
    assert!(
        named["all"].as_str().unwrap().contains("Zqt Nested"),
        "{named}"
    );
}
