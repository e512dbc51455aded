//! `recruit sync` end to end: the binary against the sandbox over HTTP, into an SQLite file
//! and into a real PostgreSQL server that each test starts from Debian's `postgresql`
//! binaries (`initdb` + `pg_ctl`, a Unix socket in a temporary directory). Every scenario
//! runs on both databases; where the PostgreSQL binaries are absent, the PostgreSQL half is
//! skipped with a loud message (and fails under CI, which installs them).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::process::Command as Proc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::*;

pub use crate::common::pg::Pg;

// ---------------------------------------------------------------- one API for both databases

/// The mirror a test syncs into, and plain reads of it (each database's own client, not
/// recruit's).
pub enum Db {
    Lite(PathBuf, #[allow(dead_code)] tempfile::TempDir),
    /// A database of a server this test started (`server`), or of another test's.
    Pg {
        #[allow(dead_code)]
        server: Option<Pg>,
        url: String,
    },
}

impl Db {
    fn lite() -> Db {
        let dir = tempfile::tempdir().unwrap();
        Db::Lite(dir.path().join("mirror.db"), dir)
    }

    fn arg(&self) -> String {
        match self {
            Db::Lite(p, _) => p.to_string_lossy().into_owned(),
            Db::Pg { url, .. } => url.clone(),
        }
    }

    fn is_pg(&self) -> bool {
        matches!(self, Db::Pg { .. })
    }

    fn pg_client(&self) -> postgres::Client {
        postgres::Client::connect(&self.arg(), postgres::NoTls).unwrap()
    }

    /// Rows of `sql` as JSON objects (column name -> value).
    fn rows(&self, sql: &str) -> Vec<Value> {
        match self {
            Db::Lite(p, _) => {
                let c = rusqlite::Connection::open(p).unwrap();
                let mut st = c.prepare(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
                let names: Vec<String> = st.column_names().iter().map(|s| s.to_string()).collect();
                let mut rows = st.query([]).unwrap();
                let mut out = Vec::new();
                while let Some(r) = rows.next().unwrap() {
                    let mut m = serde_json::Map::new();
                    for (i, n) in names.iter().enumerate() {
                        use rusqlite::types::ValueRef as V;
                        let v = match r.get_ref(i).unwrap() {
                            V::Null => Value::Null,
                            V::Integer(i) => json!(i),
                            V::Real(f) => json!(f),
                            V::Text(t) | V::Blob(t) => json!(String::from_utf8_lossy(t)),
                        };
                        m.insert(n.clone(), v);
                    }
                    out.push(Value::Object(m));
                }
                out
            }
            Db::Pg { .. } => {
                let sql = sql.trim().trim_end_matches(';');
                self.pg_client()
                    .query(&format!("SELECT row_to_json(q)::text FROM ({sql}) q"), &[])
                    .unwrap_or_else(|e| panic!("{sql}: {e}"))
                    .iter()
                    .map(|r| serde_json::from_str(r.get::<_, &str>(0)).unwrap())
                    .collect()
            }
        }
    }

    /// One number.
    fn count(&self, sql: &str) -> i64 {
        let r = self.rows(sql);
        let v = r[0].as_object().unwrap().values().next().unwrap();
        v.as_i64()
            .or_else(|| v.as_f64().map(|f| f as i64))
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
            .unwrap_or(0)
    }

    fn exec(&self, sql: &str) {
        match self {
            Db::Lite(p, _) => {
                rusqlite::Connection::open(p)
                    .unwrap()
                    .execute_batch(sql)
                    .unwrap();
            }
            Db::Pg { .. } => self.pg_client().batch_execute(sql).unwrap(),
        }
    }

    /// The rows a sync leaves that do not depend on when it ran, to compare two mirrors.
    fn content(&self) -> BTreeMap<&'static str, Vec<Value>> {
        let data = if self.is_pg() { "data::text" } else { "data" };
        let mut m = BTreeMap::new();
        m.insert(
            "candidates",
            self.rows(&format!(
                "SELECT code, stage_kind, fingerprint, fetched_fingerprint, deleted_at IS NULL AS live, {data} AS data FROM candidates ORDER BY code"
            )),
        );
        m.insert(
            "memos",
            self.rows(&format!(
                "SELECT candidate_code, seq, id, parent_id, {data} AS data FROM memos ORDER BY candidate_code, seq"
            )),
        );
        m.insert(
            "submissions",
            self.rows(&format!(
                "SELECT candidate_code, seq, code, {data} AS data FROM submissions ORDER BY candidate_code, seq"
            )),
        );
        m.insert(
            "submission_answers",
            self.rows(
                "SELECT candidate_code, submission_seq, seq, question_title, value FROM submission_answers ORDER BY candidate_code, submission_seq, seq",
            ),
        );
        m
    }
}

/// Run `scenario` on SQLite and, where it is installed, on PostgreSQL, side by side: a sync
/// scenario mostly waits on the sandbox's latency, so the two overlap (each has its own
/// sandbox and database). A failure of either fails the test with its own message.
fn both(test: &str, scenario: impl Fn(&Db) + Sync) {
    std::thread::scope(|s| {
        let lite = s.spawn(|| scenario(&Db::lite()));
        if let Some(pg) = Pg::start(test) {
            let url = pg.url.clone();
            scenario(&Db::Pg {
                server: Some(pg),
                url,
            });
        }
        if let Err(panic) = lite.join() {
            std::panic::resume_unwind(panic);
        }
    });
}

// ---------------------------------------------------------------- helpers

fn sync(ts: &TestSandbox, db: &Db, extra: &[&str]) -> Value {
    let out = sync_out(ts, db, extra);
    assert_eq!(
        out.status.code(),
        Some(0),
        "sync {extra:?} into {}: {}",
        db.arg(),
        stderr_of(&out)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout_of(&out)))
}

fn sync_out(ts: &TestSandbox, db: &Db, extra: &[&str]) -> std::process::Output {
    let db_arg = db.arg();
    let mut args = vec!["-o", "json", "sync", "--db", &db_arg];
    args.extend_from_slice(extra);
    ts.run(&args)
}

/// `recruit -o json sync --db DB ARGS` started in the background against `ts`.
fn spawn_sync(ts: &TestSandbox, db: &Db, extra: &[&str]) -> std::process::Child {
    let mut c = Proc::new(env!("CARGO_BIN_EXE_recruit"));
    for (k, _) in std::env::vars() {
        if k.starts_with("RECRUIT_") {
            c.env_remove(k);
        }
    }
    c.env("RECRUIT_CONFIG_DIR", ts.home.config_dir())
        .env("RECRUIT_DATA_DIR", ts.home.data_dir())
        .env("RECRUIT_BASE_URL", ts.base_url())
        .env("RECRUIT_API_KEY", &ts.sandbox().api_key)
        .args(["-o", "json", "sync", "--db", &db.arg()])
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

fn answered(ts: &TestSandbox) -> u64 {
    ts.admin_value("/_sandbox/stats")["answered"]
        .as_u64()
        .unwrap()
}

/// GET a `/v1` path of the sandbox, as JSON (the test's own reading of the service).
fn api(ts: &TestSandbox, path: &str) -> Value {
    let url = format!("{}/{}", ts.base_url(), path.trim_start_matches('/'));
    let key = ts.sandbox().api_key.clone();
    ts.rt.block_on(async move {
        loop {
            let resp = reqwest::Client::builder()
                .no_proxy()
                .build()
                .unwrap()
                .get(&url)
                .bearer_auth(&key)
                .send()
                .await
                .unwrap();
            if resp.status() == 429 {
                // A sandbox with a rate limit: the test's own reads wait too (polling briefly:
                // the bucket refills continuously).
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
            assert!(resp.status().is_success(), "{}", resp.status());
            return resp.json().await.unwrap();
        }
    })
}

/// The raw body of a `/v1` path.
fn api_text(ts: &TestSandbox, path: &str) -> String {
    let url = format!("{}/{}", ts.base_url(), path.trim_start_matches('/'));
    let key = ts.sandbox().api_key.clone();
    ts.rt.block_on(async move {
        reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .get(url)
            .bearer_auth(key)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    })
}

/// Every candidate of the service, walked by the test.
fn listed(ts: &TestSandbox) -> Vec<Value> {
    let mut out = Vec::new();
    let mut path = "candidates?per=100".to_string();
    loop {
        let page = api(ts, &path);
        out.extend(page["collection"].as_array().unwrap().iter().cloned());
        match page["pagination"]["next_page"].as_str() {
            Some(t) if !t.is_empty() => path = format!("candidates?per=100&page_token={t}"),
            _ => return out,
        }
    }
}

fn move_stage(ts: &TestSandbox, code: &str, stage: &str) {
    let out = ts.run(&["sandbox", "move", code, "--stage", stage]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

// ---------------------------------------------------------------- scenarios

/// `recruit sync purge --db DB --stage fail --older-than AGE ...` against the test sandbox.
fn purge_fail(ts: &TestSandbox, db: &Db, args: &[&str]) -> std::process::Output {
    let target = db.arg();
    let mut all = vec![
        "sync",
        "purge",
        "--db",
        &target,
        "--stage",
        "fail",
        "--older-than",
    ];
    all.extend_from_slice(args);
    ts.run(&all)
}

#[test]
fn sync_first_run_holds_what_the_service_has_and_data_as_sent() {
    both(
        "sync_first_run_holds_what_the_service_has_and_data_as_sent",
        |db| {
            let ts = TestSandbox::with(|o| o.synthetic_candidates = 120);
            let s = sync(&ts, db, &[]);
            let cands = listed(&ts);
            // The service's own counts, read by the test.
            let mut memos = 0;
            let mut subs = 0;
            for c in &cands {
                let code = c["code"].as_str().unwrap();
                let enc = code.replace('/', "%2F");
                for m in api(&ts, &format!("candidates/{enc}/memos"))["collection"]
                    .as_array()
                    .unwrap()
                {
                    memos += 1 + m["replies"].as_array().map_or(0, |r| r.len());
                }
                subs += api(&ts, &format!("candidates/{enc}/form_submissions?per=1"))["pagination"]
                    ["total_count"]
                    .as_u64()
                    .unwrap();
            }
            assert_eq!(cands.len(), 143, "23 demo and 120 synthetic candidates");
            assert_eq!(
                db.count("SELECT count(*) AS n FROM candidates"),
                cands.len() as i64
            );
            assert_eq!(db.count("SELECT count(*) AS n FROM memos"), memos as i64);
            assert!(memos > 15, "{memos}");
            assert_eq!(
                db.count("SELECT count(*) AS n FROM submissions"),
                subs as i64
            );
            assert_eq!(
            db.count("SELECT count(*) AS n FROM memos WHERE parent_id IS NOT NULL"),
            db.count("SELECT count(*) AS n FROM memos WHERE parent_id IS NOT NULL AND data IS NOT NULL"),
        );
            let forms = api(&ts, "application_forms?per=100")["pagination"]["total"]
                .as_i64()
                .unwrap();
            assert_eq!(db.count("SELECT count(*) AS n FROM forms"), forms);
            assert_eq!(
                db.count("SELECT count(*) AS n FROM forms WHERE detail IS NULL"),
                0
            );
            let jobs = api(&ts, "jobs?per=100")["collection"]
                .as_array()
                .unwrap()
                .len() as i64;
            assert_eq!(db.count("SELECT count(*) AS n FROM jobs"), jobs);
            assert_eq!(s["candidates"]["new"], 143);
            assert_eq!(s["candidates"]["fetched"], 143);
            assert_eq!(s["status"], "complete");
            // The minimum: list pages (2 of candidates, 1 of forms, 1 of jobs), each form's
            // detail, one memo list per candidate, and the submission pages at per=100.
            let sub_pages: u64 = cands
                .iter()
                .map(|c| {
                    let code = c["code"].as_str().unwrap().replace('/', "%2F");
                    let n = api(&ts, &format!("candidates/{code}/form_submissions?per=1"))
                        ["pagination"]["total_count"]
                        .as_u64()
                        .unwrap();
                    n.div_ceil(100).max(1)
                })
                .sum();
            assert_eq!(
                s["requests"].as_u64().unwrap(),
                2 + 1 + 1 + forms as u64 + 143 + sub_pages
            );

            // `data` is each record exactly as sent: the list item's own bytes in SQLite, the
            // same JSON in PostgreSQL.
            let body = api_text(&ts, "candidates?per=100");
            #[derive(serde::Deserialize)]
            struct Page<'a> {
                #[serde(borrow)]
                collection: Vec<&'a serde_json::value::RawValue>,
            }
            let page: Page = serde_json::from_str(&body).unwrap();
            let data = if db.is_pg() { "data::text" } else { "data" };
            for item in page.collection.iter().take(30) {
                let v: Value = serde_json::from_str(item.get()).unwrap();
                let code = v["code"].as_str().unwrap();
                let got = db.rows(&format!(
                    "SELECT {data} AS d FROM candidates WHERE code = '{code}'"
                ));
                let stored = got[0]["d"].as_str().unwrap();
                if db.is_pg() {
                    assert_eq!(serde_json::from_str::<Value>(stored).unwrap(), v);
                } else {
                    assert_eq!(stored, item.get(), "byte for byte");
                }
            }
            let memo_body = api(&ts, "candidates/C1001/memos");
            let first = &memo_body["collection"][0];
            let got = db.rows(&format!(
                "SELECT {data} AS d FROM memos WHERE candidate_code = 'C1001' AND seq = 1"
            ));
            assert_eq!(
                serde_json::from_str::<Value>(got[0]["d"].as_str().unwrap()).unwrap(),
                *first
            );
            let subs_body = api(&ts, "candidates/C1001/form_submissions?per=100");
            let got = db.rows(&format!(
                "SELECT {data} AS d FROM submissions WHERE candidate_code = 'C1001' ORDER BY seq"
            ));
            let sent = subs_body["collection"].as_array().unwrap();
            assert_eq!(got.len(), sent.len());
            for (g, s) in got.iter().zip(sent) {
                assert_eq!(
                    serde_json::from_str::<Value>(g["d"].as_str().unwrap()).unwrap(),
                    *s
                );
            }
            if let Db::Lite(p, _) = db {
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    let mode = std::fs::metadata(p).unwrap().permissions().mode();
                    assert_eq!(mode & 0o777, 0o600, "personal data: the owner's alone");
                }
            }
        },
    );
}

#[test]
fn sync_second_run_with_nothing_changed_reads_only_the_lists() {
    both(
        "sync_second_run_with_nothing_changed_reads_only_the_lists",
        |db| {
            let ts = TestSandbox::with(|o| o.synthetic_candidates = 250);
            let first = sync(&ts, db, &[]);
            let before = answered(&ts);
            let second = sync(&ts, db, &[]);
            let cost = answered(&ts) - before;
            // 273 candidates: 3 pages of the candidate list, 1 of forms, 1 of jobs; no memo,
            // submission or form detail.
            assert_eq!(cost, 5, "{second}");
            assert_eq!(second["requests"], 5);
            assert_eq!(second["candidates"]["fetched"], 0);
            assert_eq!(second["candidates"]["unchanged"], 273);
            assert_eq!(second["forms"]["details_read"], 0);
            let ratio = cost as f64 / first["requests"].as_f64().unwrap();
            assert!(ratio < 0.01, "{ratio}");
            assert_eq!(
                db.count("SELECT count(*) AS n FROM sync_runs WHERE status = 'complete'"),
                2
            );

            // A form whose list item changed gets its detail read again, alone.
            ts.edit_form("FORM-1003", |f| {
                f["updated_at"] = json!("2026-11-01T10:00:00+09:00");
                f["questions"][0]["title"] = json!("Your full name, please");
            });
            let third = sync(&ts, db, &[]);
            assert_eq!(third["forms"]["details_read"], 1);
            assert_eq!(third["requests"], 6);
            let d = if db.is_pg() { "detail::text" } else { "detail" };
            let detail = db.rows(&format!(
                "SELECT {d} AS d FROM forms WHERE code = 'FORM-1003'"
            ));
            let detail: Value = serde_json::from_str(detail[0]["d"].as_str().unwrap()).unwrap();
            assert_eq!(detail["questions"][0]["title"], "Your full name, please");
        },
    );
}

#[test]
fn sync_picks_up_stage_moves_new_and_deleted_candidates_exactly() {
    both(
        "sync_picks_up_stage_moves_new_and_deleted_candidates_exactly",
        |db| {
            let ts = TestSandbox::new();
            sync(&ts, db, &[]);
            let memos_c3002 =
                db.count("SELECT count(*) AS n FROM submissions WHERE candidate_code = 'C3002'");

            move_stage(&ts, "C3001", "offer");
            ts.edit_state(|s| {
                let cands = s["candidates"].as_array_mut().unwrap();
                let mut fresh = cands.iter().find(|c| c["code"] == "C3003").unwrap().clone();
                fresh["code"] = json!("C9001");
                fresh["email"] = json!("new.applicant@example.com");
                cands.retain(|c| c["code"] != "C3002");
                cands.push(fresh);
            });
            let before = answered(&ts);
            let s = sync(&ts, db, &[]);
            let c = &s["candidates"];
            assert_eq!(
                (
                    c["new"].as_u64(),
                    c["changed"].as_u64(),
                    c["deleted"].as_u64()
                ),
                (Some(1), Some(1), Some(1)),
                "{s}"
            );
            assert_eq!(c["unchanged"], 21);
            assert_eq!(
                c["fetched"], 2,
                "C3001 (moved) and C9001 (new), nothing else"
            );
            assert_eq!(c["fetched_because"], json!({"changed": 1, "new": 1}));
            // 3 list pages + for each of the two: a memo list and a submission page.
            assert_eq!(answered(&ts) - before, 3 + 2 * 2);

            let row = db.rows("SELECT stage_kind, deleted_at FROM candidates WHERE code = 'C3001'");
            assert_eq!(row[0]["stage_kind"], "offer");
            assert!(row[0]["deleted_at"].is_null());
            assert_eq!(
                db.count("SELECT count(*) AS n FROM stage_history WHERE candidate_code = 'C3001'"),
                2,
                "the stage it was at, and the new one"
            );
            assert_eq!(db.count("SELECT count(*) AS n FROM candidates WHERE code = 'C9001' AND deleted_at IS NULL"), 1);
            let gone = db.rows("SELECT deleted_at FROM candidates WHERE code = 'C3002'");
            assert!(!gone[0]["deleted_at"].is_null(), "marked deleted");
            assert_eq!(
                db.count("SELECT count(*) AS n FROM candidates WHERE deleted_at IS NOT NULL"),
                1
            );
            assert_eq!(
                db.count("SELECT count(*) AS n FROM submissions WHERE candidate_code = 'C3002'"),
                memos_c3002,
                "its rows are kept"
            );

            // A candidate that comes back is live again.
            ts.edit_state(|s| {
                let cands = s["candidates"].as_array_mut().unwrap();
                let mut back = cands.iter().find(|c| c["code"] == "C3003").unwrap().clone();
                back["code"] = json!("C3002");
                cands.push(back);
            });
            let s = sync(&ts, db, &[]);
            assert_eq!(s["candidates"]["deleted"], 0);
            assert_eq!(
                db.count("SELECT count(*) AS n FROM candidates WHERE deleted_at IS NOT NULL"),
                0
            );
        },
    );
}

#[test]
fn sync_killed_mid_run_then_rerun_equals_a_clean_run() {
    both("sync_killed_mid_run_then_rerun_equals_a_clean_run", |db| {
        let ts = TestSandbox::with(|o| {
            o.synthetic_candidates = 70;
            o.faults.latency = Duration::from_millis(15);
        });
        // 93 candidates in all (the sandbox's 23 and 70 synthetic ones).
        let mut child = spawn_sync(&ts, db, &["--concurrency", "4"]);
        // Kill it once some candidates are committed and many are not.
        let started = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let n = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                db.count("SELECT count(*) AS n FROM candidates WHERE fetched_unix IS NOT NULL")
            }))
            .unwrap_or(0);
            if n >= 20 {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the sync never got going"
            );
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let fetched =
            db.count("SELECT count(*) AS n FROM candidates WHERE fetched_unix IS NOT NULL");
        assert!(fetched < 93, "killed before the end ({fetched})");
        let s = sync(&ts, db, &[]);
        assert_eq!(s["status"], "complete");
        assert_eq!(
            s["candidates"]["fetched"].as_u64().unwrap() as i64,
            93 - fetched,
            "the rest, and only the rest: {s}"
        );
        assert_eq!(
            db.count("SELECT count(*) AS n FROM sync_runs WHERE status = 'killed'"),
            1,
            "the killed run is recorded as such"
        );
        let clean = match db {
            Db::Lite(..) => Db::lite(),
            Db::Pg { url, .. } => {
                // A second database on the same server.
                db.exec("CREATE DATABASE clean");
                Db::Pg {
                    server: None,
                    url: url.replace("/postgres", "/clean"),
                }
            }
        };
        sync(&ts, &clean, &[]);
        let (a, b) = (db.content(), clean.content());
        for table in a.keys() {
            assert_eq!(
                a[table].len(),
                b[table].len(),
                "{table}: no row missing or twice"
            );
            assert!(a[table] == b[table], "{table} differs from a clean run's");
        }
    });
}

#[test]
fn sync_purge_removes_personal_data_and_later_runs_keep_it_removed() {
    both(
        "sync_purge_removes_personal_data_and_later_runs_keep_it_removed",
        |db| {
            let ts = TestSandbox::new();
            sync(&ts, db, &[]);
            let fail: Vec<String> = db
                .rows("SELECT code FROM candidates WHERE stage_kind = 'fail' ORDER BY code")
                .iter()
                .map(|r| r["code"].as_str().unwrap().to_string())
                .collect();
            assert!(fail.len() >= 2, "{fail:?}");
            let with_rows = db.count(
            "SELECT count(*) AS n FROM submissions s JOIN candidates c ON c.code = s.candidate_code WHERE c.stage_kind = 'fail'",
        );
            assert!(with_rows > 0);

            // No terminal and no --yes: refused, nothing changed.
            let before = db.content();
            let out = purge_fail(&ts, db, &["1d"]);
            assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
            assert!(stderr_of(&out).contains("--yes"), "{}", stderr_of(&out));
            assert!(db.content() == before, "a refused purge changes nothing");
            assert_eq!(db.count("SELECT count(*) AS n FROM purges"), 0);
            // A stage changed more recently than the cut is not taken.
            let out = purge_fail(&ts, db, &["36500d", "--yes", "-o", "json"]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
            assert_eq!(
                serde_json::from_slice::<Value>(&out.stdout).unwrap()["purged"],
                0
            );

            let out = purge_fail(&ts, db, &["1d", "--yes", "-o", "json"]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
            let r: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(r["purged"].as_u64().unwrap() as usize, fail.len());
            assert_eq!(r["submissions_deleted"].as_i64().unwrap(), with_rows);

            let check = |db: &Db| {
                let data = if db.is_pg() { "data::text" } else { "data" };
                for row in db.rows(&format!(
                "SELECT code, name, email, phone, birth, resume_path, profile_img_path, purged_at, {data} AS d FROM candidates WHERE stage_kind = 'fail'"
            )) {
                for k in ["name", "email", "phone", "birth", "resume_path", "profile_img_path"] {
                    assert!(row[k].is_null(), "{k} of {row}");
                }
                assert!(!row["purged_at"].is_null());
                let d: Value = serde_json::from_str(row["d"].as_str().unwrap()).unwrap();
                for k in ["name", "email", "phone", "birth", "resume_path", "profile_img_path"] {
                    assert!(d.get(k).is_none_or(Value::is_null), "{k} in data: {d}");
                }
                assert!(d["code"].is_string() && d["job_stage"]["stage_kind"] == "fail", "the rest is kept: {d}");
            }
                for t in ["memos", "submissions", "submission_answers"] {
                    assert_eq!(
                    db.count(&format!("SELECT count(*) AS n FROM {t} x JOIN candidates c ON c.code = x.candidate_code WHERE c.stage_kind = 'fail'")),
                    0,
                    "{t}"
                );
                }
            };
            check(db);
            assert_eq!(
                db.count("SELECT count(*) AS n FROM purges") as usize,
                fail.len()
            );
            let rule = db.rows("SELECT rule FROM purges LIMIT 1");
            assert!(
                rule[0]["rule"].as_str().unwrap().contains("stage fail"),
                "{rule:?}"
            );

            // The next runs, even --full, keep them purged and never fetch them.
            let s = sync(&ts, db, &["--full"]);
            assert_eq!(
                s["candidates"]["purged"].as_u64().unwrap() as usize,
                fail.len()
            );
            assert_eq!(
                s["candidates"]["fetched"].as_u64().unwrap() as usize,
                23 - fail.len()
            );
            check(db);
            let s = sync(&ts, db, &["--refresh-after", "1s"]);
            check(db);
            assert_eq!(
                s["candidates"]["purged"].as_u64().unwrap() as usize,
                fail.len()
            );
        },
    );
}

/// Generation `generation` of the personal data of every candidate at stage fail (and of
/// `clones` more, C9500..., copies of one): a name, an e-mail and `memos` memos each, all
/// carrying `zqx` markers so a test can look for any copy of them; the other candidates get
/// a new name too (more rows rewritten). The next `sync --full` replaces them all.
fn personal_generation(ts: &TestSandbox, generation: u32, clones: usize, memos: usize) {
    ts.edit_state(|s| {
        let cands = s["candidates"].as_array_mut().unwrap();
        if clones > 0 {
            let model = cands
                .iter()
                .find(|c| c["stage"]["kind"] == "fail")
                .unwrap()
                .clone();
            for i in 0..clones {
                let mut c = model.clone();
                c["code"] = json!(format!("C95{i:02}"));
                cands.push(c);
            }
        }
        let mut failed = Vec::new();
        for c in cands.iter_mut() {
            let code = c["code"].as_str().unwrap().to_string();
            if c["stage"]["kind"] == "fail" {
                c["name"] = json!(format!("zqx-name-{generation}-{code}"));
                c["email"] = json!(format!("zqx-mail-{generation}-{code}@example.com"));
                failed.push(code);
            } else {
                c["name"] = json!(format!("Other Name {generation} {code}"));
            }
        }
        let model = s["memos"][0].clone();
        let memos_of = s["memos"].as_array_mut().unwrap();
        memos_of.retain(|m| !failed.iter().any(|c| m["candidate"] == json!(c)));
        let mut id = 5000 + 1000 * generation as i64;
        for code in &failed {
            for i in 0..memos {
                let mut m = model.clone();
                id += 1;
                m["id"] = json!(id);
                m["candidate"] = json!(code);
                m["parent_id"] = Value::Null;
                m["mentions"] = json!([]);
                m["content"] = json!(format!(
                    "zqx-memo-{generation}-{code}-{i}: {}",
                    "notes of the interview, long enough to fill pages. ".repeat(12 + i)
                ));
                memos_of.push(m);
            }
        }
        s["next_memo_id"] = json!(id + 1);
    });
}

#[test]
fn sync_purge_leaves_no_readable_copy_and_zero_takes_every_one() {
    both(
        "sync_purge_leaves_no_readable_copy_and_zero_takes_every_one",
        |db| {
            let ts = TestSandbox::new();
            // Two syncs with changes: pages split and rows are replaced, so old copies of
            // the values may sit in free pages and in the unused space of live ones.
            personal_generation(&ts, 1, 40, 6);
            sync(&ts, db, &[]);
            personal_generation(&ts, 2, 0, 6);
            sync(&ts, db, &["--full"]);
            let fail = db.count("SELECT count(*) AS n FROM candidates WHERE stage_kind = 'fail'");
            assert!(fail > 40, "{fail}");
            assert!(
                db.count("SELECT count(*) AS n FROM memos WHERE content LIKE 'zqx-memo-2-%'")
                    >= 6 * fail
            );
            if let Db::Lite(path, _) = db {
                // The syncs' connections delete securely too: the first generation, replaced
                // by the second, left no copy.
                for gone in ["zqx-name-1-", "zqx-mail-1-", "zqx-memo-1-"] {
                    let found = markers_in(path.parent().unwrap(), gone);
                    assert!(found.is_empty(), "replaced values left: {:?}", &found[..1]);
                }
                // A mirror written without secure_delete (by an older recruit) holds old
                // copies: this connection (SQLite's default) leaves some, the purge must not.
                db.exec(
                    "UPDATE memos SET content = content || ' (edited)'
                     WHERE candidate_code IN (SELECT code FROM candidates WHERE stage_kind = 'fail')",
                );
            }
            if let Db::Pg { .. } = db {
                // The server's own background vacuum must not do recruit's work here.
                for t in ["candidates", "memos", "submissions", "submission_answers"] {
                    db.exec(&format!(
                        "ALTER TABLE {t} SET (autovacuum_enabled = false, toast.autovacuum_enabled = false)"
                    ));
                }
            }

            // 0 (in any unit) means every candidate at the stage.
            for zero in ["0", "0s", "0d"] {
                let out = purge_fail(&ts, db, &[zero, "--dry-run", "-o", "json"]);
                assert_eq!(out.status.code(), Some(0), "{zero}: {}", stderr_of(&out));
                let r: Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(r["would_purge"], fail, "{zero}: {r}");
            }
            // A reader beside it (a BI tool, idle between queries) keeps the WAL from being
            // removed when the purge closes the file: the purge itself must empty it.
            let reader = match db {
                Db::Lite(path, _) => {
                    let c = rusqlite::Connection::open(path).unwrap();
                    c.query_row("SELECT count(*) FROM memos", [], |r| r.get::<_, i64>(0))
                        .unwrap();
                    Some(c)
                }
                Db::Pg { .. } => None,
            };
            if let Db::Lite(path, _) = db {
                // The grep below can find them: the values are in the files before the purge.
                assert!(!markers_in(path.parent().unwrap(), "zqx-mail-2-").is_empty());
            }
            let out = purge_fail(&ts, db, &["0", "--yes", "-o", "json"]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
            let r: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(r["purged"], fail, "{r}");

            match db {
                Db::Lite(path, _) => {
                    let found = markers_in(path.parent().unwrap(), "zqx");
                    assert!(
                        found.is_empty(),
                        "{} copies of purged values left, e.g. {:?}",
                        found.len(),
                        &found[..found.len().min(5)]
                    );
                    drop(reader);
                }
                Db::Pg { .. } => {
                    assert_no_dead_rows(db, &["candidates", "memos", "submissions"]);
                    db.exec("CREATE EXTENSION IF NOT EXISTS pgstattuple");
                    for t in ["candidates", "memos", "submissions", "submission_answers"] {
                        // The table and its TOAST table, where long values live.
                        let rels = db.rows(&format!(
                            "SELECT '{t}' AS rel UNION ALL
                             SELECT reltoastrelid::regclass::text FROM pg_class
                             WHERE oid = '{t}'::regclass AND reltoastrelid <> 0"
                        ));
                        for rel in rels {
                            let rel = rel["rel"].as_str().unwrap();
                            let dead = db.count(&format!(
                                "SELECT dead_tuple_count AS n FROM pgstattuple('{rel}')"
                            ));
                            assert_eq!(dead, 0, "dead rows keep old values in {rel}");
                        }
                    }
                }
            }
        },
    );
}

/// `n_dead_tup` of each of `tables` is 0, as the server's statistics tell it (what a DBA
/// reads). The statistics of other sessions reach them a little later: read afresh every
/// 50 ms, for up to 5 s, until they do.
fn assert_no_dead_rows(db: &Db, tables: &[&str]) {
    let mut c = db.pg_client();
    let list = tables
        .iter()
        .map(|t| format!("'{t}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        c.batch_execute("SELECT pg_stat_clear_snapshot()").unwrap();
        let dead: Vec<(String, i64)> = c
            .query(
                &format!(
                    "SELECT relname::text, n_dead_tup FROM pg_stat_user_tables
                     WHERE relname IN ({list}) ORDER BY relname"
                ),
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        assert_eq!(dead.len(), tables.len(), "{dead:?}");
        if dead.iter().all(|(_, n)| *n == 0) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "dead rows (n_dead_tup) left after the purge: {dead:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn sync_a_second_sync_on_the_same_database_is_refused() {
    both("sync_a_second_sync_on_the_same_database_is_refused", |db| {
        // One request at a time, 25 ms each: the first sync runs for several seconds (over
        // 100 candidates' memo and submission lists), time for the three checks below.
        let ts = TestSandbox::with(|o| {
            o.synthetic_candidates = 100;
            o.faults.latency = Duration::from_millis(25);
        });
        let first = spawn_sync(&ts, db, &["--concurrency", "1"]);
        let started = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let running = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                db.count("SELECT count(*) AS n FROM sync_runs WHERE status = 'running'")
            }))
            .unwrap_or(0);
            if running == 1 {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(60));
        }
        let second = sync_out(&ts, db, &[]);
        assert_eq!(second.status.code(), Some(1), "{}", stderr_of(&second));
        assert!(
            stderr_of(&second).contains("another `recruit sync` is running"),
            "{}",
            stderr_of(&second)
        );
        // So is a purge; `sync status` reads beside it.
        let purge = purge_fail(&ts, db, &["1d", "--yes"]);
        assert_eq!(purge.status.code(), Some(1), "{}", stderr_of(&purge));
        let status = ts.run(&["-o", "json", "sync", "status", "--db", &db.arg()]);
        assert_eq!(status.status.code(), Some(0), "{}", stderr_of(&status));
        let st: Value = serde_json::from_slice(&status.stdout).unwrap();
        assert_eq!(st["runs"][0]["status"], "running");
        // Stopped now, as a service manager would: waiting for its end adds nothing.
        send_signal(&first, "TERM");
        let out = first.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{}", stderr_of(&out));
        assert_eq!(
            db.rows("SELECT status FROM sync_runs"),
            [json!({"status": "interrupted"})],
            "the refused sync recorded no run"
        );
        // Once it is done, the next one runs.
        let next = sync(&ts, db, &[]);
        assert_eq!(next["status"], "complete", "{next}");
    });
}

#[test]
fn sync_readme_queries_run_on_both_databases() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("## Your data in SQL").unwrap()..];
    let section = &section[..section[3..].find("\n## ").unwrap()];
    let mut queries = Vec::new();
    let mut cur: Option<String> = None;
    for line in section.lines() {
        match (&mut cur, line.trim_end()) {
            (None, "```sql") => cur = Some(String::new()),
            (Some(q), "```") => {
                queries.push(q.clone());
                cur = None;
            }
            (Some(q), l) => {
                q.push_str(l);
                q.push('\n');
            }
            _ => {}
        }
    }
    assert_eq!(
        queries.len(),
        4,
        "three queries, the second in two dialects"
    );
    both("sync_readme_queries_run_on_both_databases", |db| {
        let ts = TestSandbox::new();
        sync(&ts, db, &[]);
        move_stage(&ts, "C3005", "interview");
        sync(&ts, db, &[]);
        let mine: Vec<&String> = queries
            .iter()
            .filter(|q| {
                let first = q.lines().next().unwrap_or("");
                match (
                    db.is_pg(),
                    first.contains("(SQLite)"),
                    first.contains("(PostgreSQL)"),
                ) {
                    (_, false, false) => true,
                    (true, _, pg) => pg,
                    (false, lite, _) => lite,
                }
            })
            .collect();
        assert_eq!(mine.len(), 3);
        // 1. Per stage per job: every live candidate counted once.
        let per_stage = db.rows(mine[0]);
        let total: i64 = per_stage
            .iter()
            .map(|r| r["candidates"].as_i64().unwrap())
            .sum();
        assert_eq!(total, 23);
        assert!(per_stage.iter().any(|r| r["stage_kind"] == "interview"));
        // 2. Days to interview: each candidate seen at interview, with a time.
        let days = db.rows(mine[1]);
        let at_interview = db.count(
            "SELECT count(DISTINCT candidate_code) AS n FROM stage_history WHERE stage_kind = 'interview'",
        );
        assert_eq!(days.len() as i64, at_interview);
        assert!(days.iter().any(|r| r["code"] == "C3005"), "{days:?}");
        assert!(
            days.iter().all(|r| r["days"].as_f64().is_some()),
            "{days:?}"
        );
        // 3. Every answer to one question: as many as the service's submissions hold.
        let answers = db.rows(mine[2]);
        let mut sent = 0;
        for c in listed(&ts) {
            let code = c["code"].as_str().unwrap().replace('/', "%2F");
            for s in api(&ts, &format!("candidates/{code}/form_submissions?per=100"))["collection"]
                .as_array()
                .unwrap()
            {
                sent += s["submission_answers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|a| a["title"] == "Preferred interview format")
                    .count();
            }
        }
        assert!(sent > 0);
        assert_eq!(answers.len(), sent);
        assert!(answers.iter().all(|a| a["value"].is_string()));
    });
}

#[test]
fn sync_fetches_what_events_stages_and_age_ask_for() {
    both("sync_fetches_what_events_stages_and_age_ask_for", |db| {
        let ts = TestSandbox::new();
        // --stage: only those candidates are fetched; the list is still walked whole.
        let s = sync(&ts, db, &["--stage", "interview", "--stage", "offer"]);
        let at: i64 = db.count(
            "SELECT count(*) AS n FROM candidates WHERE stage_kind IN ('interview', 'offer')",
        );
        assert_eq!(s["candidates"]["listed"], 23);
        assert_eq!(s["candidates"]["fetched"].as_i64().unwrap(), at);
        assert_eq!(
            db.count("SELECT count(*) AS n FROM candidates WHERE fetched_at IS NOT NULL AND stage_kind NOT IN ('interview', 'offer')"),
            0
        );
        // The next run without it fetches the others ("pending"), and only them.
        let s = sync(&ts, db, &[]);
        assert_eq!(
            s["candidates"]["fetched_because"],
            json!({"pending": 23 - at})
        );

        // Relay events since the last run name candidates: those are fetched.
        let store_dir = tempfile::tempdir().unwrap();
        let store_path = store_dir.path().join("events.db");
        {
            let (store, _lock) =
                recruit::webhook::store::EventStore::open_for_listener(&store_path).unwrap();
            for (action, code) in [("feedback_completed", "C1002"), ("form_submitted", "C3010")] {
                store
                    .insert(&recruit::webhook::store::NewEvent {
                        action: Some(action.into()),
                        payload: bytes::Bytes::from(
                            json!({"action": action, "payload": {"candidate": {"code": code, "name": "x"}}})
                                .to_string(),
                        ),
                        content_type: Some("application/json".into()),
                        signature: None,
                        target: None,
                    })
                    .unwrap();
            }
        }
        let events = store_path.to_str().unwrap();
        let before = answered(&ts);
        let s = sync(&ts, db, &["--events", events]);
        assert_eq!(s["events"], json!({"read": 2, "candidates_marked": 2}));
        assert_eq!(s["candidates"]["fetched_because"], json!({"event": 2}));
        let subs_pages = 1 + 1; // C1002 and C3010 have fewer than 100 submissions each
        assert_eq!(answered(&ts) - before, 3 + 2 + subs_pages);
        // The same events are not read twice.
        let s = sync(&ts, db, &["--events", events]);
        assert_eq!(s["events"], json!({"read": 0, "candidates_marked": 0}));
        assert_eq!(s["candidates"]["fetched"], 0);

        // --refresh-after: data older than that is fetched again. The run's clock is 2 s
        // ahead (a test build's RECRUIT_TEST_CLOCK) rather than the test sleeping 2 s.
        let ahead = ts.home.dir.path().join("clock-ahead");
        std::fs::write(&ahead, "2").unwrap();
        let out = ts
            .cmd()
            .env("RECRUIT_TEST_CLOCK", &ahead)
            .args([
                "-o",
                "json",
                "sync",
                "--db",
                &db.arg(),
                "--refresh-after",
                "1s",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let s: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(s["candidates"]["fetched_because"], json!({"stale": 23}));
        // --full: everything.
        let s = sync(&ts, db, &["--full"]);
        assert_eq!(s["candidates"]["fetched_because"], json!({"full": 23}));
        assert_eq!(s["forms"]["details_read"], 26);
    });
}

#[test]
fn sync_refuses_a_newer_or_foreign_database_untouched_and_migrates_an_older_one() {
    both(
        "sync_refuses_a_newer_or_foreign_database_untouched_and_migrates_an_older_one",
        |db| {
            let ts = TestSandbox::new();
            sync(&ts, db, &[]);
            db.exec("UPDATE recruit_meta SET value = '99' WHERE key = 'schema_version'");
            let file_before = match db {
                Db::Lite(p, _) => std::fs::read(p).unwrap(),
                Db::Pg { .. } => Vec::new(),
            };
            let runs = db.count("SELECT count(*) AS n FROM sync_runs");
            let out = sync_out(&ts, db, &[]);
            assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
            assert!(
                stderr_of(&out).contains("newer recruit (mirror schema 99"),
                "{}",
                stderr_of(&out)
            );
            assert_eq!(db.count("SELECT count(*) AS n FROM sync_runs"), runs);
            if let Db::Lite(p, _) = db {
                assert!(
                    std::fs::read(p).unwrap() == file_before,
                    "the file is left as it was"
                );
            }
            for args in [
                vec!["sync", "status", "--db"],
                vec![
                    "sync",
                    "purge",
                    "--stage",
                    "fail",
                    "--older-than",
                    "1d",
                    "--yes",
                    "--db",
                ],
            ] {
                let mut a = args.clone();
                let d = db.arg();
                a.push(&d);
                let out = ts.run(&a);
                assert_eq!(out.status.code(), Some(2), "{a:?}: {}", stderr_of(&out));
            }
        },
    );

    // Not a mirror: refused by name, the file untouched.
    let ts = TestSandbox::new();
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("app.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE invoices (id INTEGER); INSERT INTO invoices VALUES (1);")
        .unwrap();
    let before = std::fs::read(&other).unwrap();
    let out = ts.run(&["sync", "--db", other.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("not a recruit mirror"),
        "{}",
        stderr_of(&out)
    );
    assert!(std::fs::read(&other).unwrap() == before);
    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "not a database at all, just some text that is long enough",
    )
    .unwrap();
    let out = ts.run(&["sync", "--db", text.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));

    // An older mirror (schema 1) is migrated forward and keeps its rows.
    let old = dir.path().join("old.db");
    {
        let mut b = recruit::sync::sqlite::Sqlite::open(&old, true).unwrap();
        recruit::sync::schema::migrate_to(&mut b, 0, 1).unwrap();
    }
    let old_db = Db::Lite(old.clone(), tempfile::tempdir().unwrap());
    assert_eq!(
        old_db.count("SELECT value AS n FROM recruit_meta WHERE key = 'schema_version'"),
        1
    );
    sync(&ts, &old_db, &[]);
    assert_eq!(
        old_db.count("SELECT value AS n FROM recruit_meta WHERE key = 'schema_version'"),
        recruit::sync::schema::VERSION
    );
    assert_eq!(
        old_db.count(
            "SELECT count(*) AS n FROM sqlite_master WHERE name = 'submission_answers_question'"
        ),
        1
    );
    assert_eq!(old_db.count("SELECT count(*) AS n FROM candidates"), 23);
}

#[test]
fn sync_status_tells_runs_rows_and_age_and_the_summary_for_people() {
    let ts = TestSandbox::new();
    let db = Db::lite();
    let out = ts.run(&["sync", "status", "--db", &db.arg()]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "no mirror yet: {}",
        stderr_of(&out)
    );
    assert!(
        stderr_of(&out).contains("recruit sync"),
        "{}",
        stderr_of(&out)
    );

    let out = ts.run(&["-o", "table", "sync", "--db", &db.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = stderr_of(&out);
    assert!(
        text.contains("synced 23 candidates into SQLite file")
            && text.contains("23 new, 0 changed, 0 deleted, 0 unchanged"),
        "{text}"
    );
    assert!(
        text.contains("memos and submissions fetched for 23 candidates (23 new)"),
        "{text}"
    );
    assert!(stdout_of(&out).is_empty(), "the summary goes to stderr");
    move_stage(&ts, "C1004", "pass");
    sync(&ts, &db, &[]);

    let out = ts.run(&["-o", "json", "sync", "status", "--db", &db.arg()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let st: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(st["runs"].as_array().unwrap().len(), 2);
    assert_eq!(
        st["runs"][0]["candidates"]["changed"], 1,
        "newest first: {st}"
    );
    assert_eq!(st["runs"][1]["candidates"]["new"], 23);
    assert_eq!(st["rows"]["candidates"], 23);
    assert_eq!(st["rows"]["sync_runs"], 2);
    assert_eq!(
        st["rows"]["memos"].as_i64(),
        Some(db.count("SELECT count(*) AS n FROM memos"))
    );
    assert_eq!(st["candidates"]["never_fetched"], 0);
    assert!(st["oldest_fetch"]["fetched_at"].is_string(), "{st}");
    assert_ne!(
        st["oldest_fetch"]["candidate"], "C1004",
        "just fetched again"
    );
    assert!(st["last_complete_walk"].is_string());

    let out = ts.run(&["-o", "table", "sync", "status", "--db", &db.arg()]);
    let text = stdout_of(&out);
    assert!(
        text.contains("last runs:") && text.contains("#2 ") && text.contains("complete"),
        "{text}"
    );
    assert!(
        text.contains("rows: forms 26, jobs 26, candidates 23"),
        "{text}"
    );
    assert!(
        text.contains("oldest data: memos and submissions of"),
        "{text}"
    );
    // Its times carry their zone (TZ=UTC in tests), as every table's do.
    let run = text.lines().find(|l| l.contains("#2 ")).unwrap();
    assert!(
        run.split_whitespace().any(|w| w == "UTC"),
        "a time without its zone: {run}"
    );

    // Bad input is exit 2 before anything happens.
    let out = ts.run(&["sync", "--db", &db.arg(), "--refresh-after", "soon"]);
    assert_eq!(out.status.code(), Some(2));
    let out = ts.run(&[
        "sync",
        "--db",
        &db.arg(),
        "--events",
        "/nonexistent/events.db",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("no relay event store"),
        "{}",
        stderr_of(&out)
    );
    let out = ts.run(&["sync", "--db", "postgres://u:hunter2@127.0.0.1:1/x"]);
    assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
    assert!(
        !stderr_of(&out).contains("hunter2"),
        "no password in messages: {}",
        stderr_of(&out)
    );
    assert!(
        stderr_of(&out).contains("cannot connect"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn sync_paces_under_a_rate_limit_with_no_record_lost() {
    let ts = TestSandbox::with(|o| {
        o.synthetic_candidates = 40;
        o.rate_limit = Some(60.0);
    });
    let db = Db::lite();
    let s = sync(&ts, &db, &[]);
    assert_eq!(s["status"], "complete", "{s}");
    assert_eq!(s["candidates"]["fetched"], 63);
    let subs: u64 = listed(&ts)
        .iter()
        .map(|c| {
            let code = c["code"].as_str().unwrap().replace('/', "%2F");
            api(&ts, &format!("candidates/{code}/form_submissions?per=1"))["pagination"]
                ["total_count"]
                .as_u64()
                .unwrap()
        })
        .sum();
    assert_eq!(
        db.count("SELECT count(*) AS n FROM submissions") as u64,
        subs
    );
    let dup = db.rows("SELECT candidate_code, code, count(*) AS n FROM submissions GROUP BY candidate_code, code HAVING count(*) > 1");
    assert!(dup.is_empty(), "{dup:?}");
}

#[test]
fn sync_an_incomplete_walk_marks_nothing_deleted() {
    both("sync_an_incomplete_walk_marks_nothing_deleted", |db| {
        let ts = TestSandbox::with(|o| o.synthetic_candidates = 150);
        sync(&ts, db, &[]);
        // A service whose candidate list fails from its second page on: the lists as the
        // sandbox sends them, then a 503 for page 2 (173 candidates, 100 per page).
        let mut pages = HashMap::new();
        for path in [
            "application_forms?per=100",
            "jobs?per=100",
            "candidates?per=100",
        ] {
            pages.insert(format!("/v1/{path}"), api_text(&ts, path));
        }
        let service = stub(move |seen, _| match pages.get(&seen.uri) {
            Some(body) => Reply::json(200, body),
            None => Reply::json(503, r#"{"error":"unavailable","message":"try later"}"#),
        });
        let out = ts
            .cmd()
            .env("RECRUIT_BASE_URL", service.base())
            .env("RECRUIT_RETRIES", "0")
            .args(["-o", "json", "sync", "--db", &db.arg()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains("no candidate was marked deleted"),
            "{}",
            stderr_of(&out)
        );
        assert!(
            service.seen().iter().any(|s| s.uri.contains("page_token")),
            "the second page was asked for"
        );
        assert_eq!(
            db.count("SELECT count(*) AS n FROM candidates WHERE deleted_at IS NOT NULL"),
            0,
            "73 candidates were not met, none is marked deleted"
        );
        assert_eq!(
            db.count("SELECT count(*) AS n FROM sync_runs WHERE status = 'incomplete'"),
            1
        );
        // The next complete run is as before.
        let s = sync(&ts, db, &[]);
        assert_eq!(s["candidates"]["unchanged"], 173);
        assert_eq!(s["candidates"]["deleted"], 0);
    });
}

/// The README's sync service and timer, with this build's binary, pass
/// `systemd-analyze verify` (where systemd is installed).
#[test]
fn sync_readmes_systemd_units_verify() {
    let read = |p: &str| std::fs::read_to_string(format!("{}/{p}", env!("CARGO_MANIFEST_DIR")));
    let readme = read("README.md").unwrap();
    let section = &readme[readme.find("### Keeping it current").unwrap()..];
    let section = &section[..section[4..].find("\n## ").unwrap()];
    // The README's drop-in purges after each packaged run.
    let dropins: Vec<&str> = section
        .split("```ini\n")
        .skip(1)
        .map(|b| &b[..b.find("```").unwrap()])
        .collect();
    assert!(
        dropins
            .iter()
            .any(|d| d.contains("ExecStartPost=") && d.contains("sync purge --stage fail")),
        "{dropins:?}"
    );
    let (service, timer) = (
        read("pkg/systemd/recruit-sync.service").unwrap(),
        read("pkg/systemd/recruit-sync.timer").unwrap(),
    );
    assert!(
        service.contains("ExecStart=") && service.contains(" sync "),
        "{service}"
    );
    assert!(timer.contains("[Timer]"), "{timer}");
    let Some(analyze) = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("systemd-analyze"))
            .find(|p| p.is_file())
    }) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "systemd-analyze is missing under CI"
        );
        eprintln!("SKIPPED sync_readmes_systemd_units_verify: systemd-analyze is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_recruit");
    let (service_path, timer_path) = (
        dir.path().join("recruit-sync.service"),
        dir.path().join("recruit-sync.timer"),
    );
    std::fs::write(&service_path, service.replace("/usr/bin/recruit", bin)).unwrap();
    std::fs::write(&timer_path, timer).unwrap();
    // The units' Documentation= names the checked-in man pages: found as installed.
    let man1 = dir.path().join("man").join("man1");
    std::fs::create_dir_all(&man1).unwrap();
    for page in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/man")).unwrap() {
        let page = page.unwrap().path();
        std::fs::copy(&page, man1.join(page.file_name().unwrap())).unwrap();
    }
    let out = Proc::new(analyze)
        .arg("verify")
        .arg(&service_path)
        .env("MANPATH", dir.path().join("man"))
        .arg(&timer_path)
        .env("SYSTEMD_LOG_LEVEL", "warning")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    let ours: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("recruit-sync"))
        .collect();
    assert!(ours.is_empty(), "{said}");
}

#[test]
fn sync_checks_the_walk_against_the_lists_total() {
    both("sync_checks_the_walk_against_the_lists_total", |db| {
        let ts = TestSandbox::new();
        sync(&ts, db, &[]);
        // The service leaves C3007 out of its list but still counts it.
        let mut pages = HashMap::new();
        for path in ["application_forms?per=100", "jobs?per=100"] {
            pages.insert(format!("/v1/{path}"), api_text(&ts, path));
        }
        let mut list = api(&ts, "candidates?per=100");
        list["collection"]
            .as_array_mut()
            .unwrap()
            .retain(|c| c["code"] != "C3007");
        assert_eq!(list["pagination"]["total"], 23);
        let serve = |pages: &HashMap<String, String>, list: &Value| {
            let mut pages = pages.clone();
            pages.insert("/v1/candidates?per=100".into(), list.to_string());
            stub(move |seen, _| match pages.get(&seen.uri) {
                Some(body) => Reply::json(200, body),
                None => Reply::json(
                    404,
                    r#"{"error":"not_found","message":"Resource not found"}"#,
                ),
            })
        };
        let service = serve(&pages, &list);
        let out = ts
            .cmd()
            .env("RECRUIT_BASE_URL", service.base())
            .args(["-o", "json", "sync", "--db", &db.arg()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let s: Value = serde_json::from_slice(&out.stdout).unwrap();
        let notes = s["notes"].to_string();
        assert!(
            notes.contains("said it has 23 candidates but the walk met 22")
                && notes.contains("no candidate was marked deleted"),
            "{s}"
        );
        assert_eq!(s["candidates"]["deleted"], 0);
        assert_eq!(
            db.count("SELECT count(*) AS n FROM candidates WHERE deleted_at IS NOT NULL"),
            0
        );
        // The same on a terminal's summary.
        let out = ts
            .cmd()
            .env("RECRUIT_BASE_URL", service.base())
            .args(["-o", "table", "sync", "--db", &db.arg()])
            .output()
            .unwrap();
        assert!(
            stderr_of(&out).contains("note: the candidate list said it has 23"),
            "{}",
            stderr_of(&out)
        );
        // When the count agrees, the candidate left out is marked deleted.
        list["pagination"]["total"] = json!(22);
        let service = serve(&pages, &list);
        let out = ts
            .cmd()
            .env("RECRUIT_BASE_URL", service.base())
            .args(["-o", "json", "sync", "--db", &db.arg()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let s: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(s["candidates"]["deleted"], 1, "{s}");
        assert_eq!(
            db.rows("SELECT code FROM candidates WHERE deleted_at IS NOT NULL"),
            vec![json!({"code": "C3007"})]
        );
    });
}

#[test]
fn sync_stopped_by_sigterm_keeps_what_it_fetched_and_deletes_nothing() {
    let ts = TestSandbox::with(|o| {
        o.synthetic_candidates = 150;
        o.faults.latency = Duration::from_millis(15);
    });
    let db = Db::lite();
    let child = spawn_sync(&ts, &db, &["--concurrency", "2"]);
    let started = Instant::now();
    while db_fetched(&db) < 10 {
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the sync never got going"
        );
    }
    send_signal(&child, "TERM");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("interrupted"),
        "{}",
        stderr_of(&out)
    );
    let run = db.rows("SELECT status, candidates_fetched, candidates_listed FROM sync_runs");
    assert_eq!(run[0]["status"], "interrupted", "{run:?}");
    let fetched = db_fetched(&db);
    assert!(fetched < 173, "{fetched}");
    assert_eq!(run[0]["candidates_fetched"].as_i64().unwrap(), fetched);
    // Every candidate row the run wrote is counted as listed, also those of the page it was
    // handing to the workers when it stopped.
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let written = db.count("SELECT count(*) AS n FROM candidates");
    assert!(written >= 100, "a page at least: {written}");
    assert_eq!(report["candidates"]["listed"], written, "{report}");
    assert_eq!(run[0]["candidates_listed"], written, "{run:?}");
    assert_eq!(
        db.count("SELECT count(*) AS n FROM candidates WHERE deleted_at IS NOT NULL"),
        0
    );
    let s = sync(&ts, &db, &[]);
    assert_eq!(s["candidates"]["fetched"].as_i64().unwrap(), 173 - fetched);
}

fn db_fetched(db: &Db) -> i64 {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        db.count("SELECT count(*) AS n FROM candidates WHERE fetched_unix IS NOT NULL")
    }))
    .unwrap_or(0)
}

/// The JSON error envelope of a failed command (`-o json`, stderr not a terminal): its last
/// line on stderr.
fn envelope(out: &std::process::Output) -> Value {
    let err = stderr_of(out);
    let line = err.lines().last().unwrap_or("");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: not an envelope: {err}"))
}

#[test]
fn sync_stores_a_nul_with_the_replacement_character_and_runs_on() {
    both(
        "sync_stores_a_nul_with_the_replacement_character_and_runs_on",
        |db| {
            let ts = TestSandbox::new();
            // U+0000 in a candidate's name and in another one's memo, as the service may
            // send them (JSON `\u0000`).
            let mut memo_of = String::new();
            ts.edit_state(|s| {
                let c = s["candidates"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .find(|c| c["code"] == "C3001")
                    .unwrap();
                c["name"] = json!("Kim\u{0}Jiwoo");
                let m = s["memos"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .find(|m| m["candidate"] != "C3001" && m["parent_id"].is_null())
                    .unwrap();
                m["content"] = json!("before\u{0}after");
                memo_of = m["candidate"].as_str().unwrap().to_string();
            });
            assert!(api_text(&ts, "candidates?per=100").contains(r"Kim\u0000Jiwoo"));
            let memos_sent = api(&ts, &format!("candidates/{memo_of}/memos"))["collection"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| 1 + m["replies"].as_array().map_or(0, |r| r.len()))
                .sum::<usize>() as i64;
            for run in 0..2 {
                let s = sync(&ts, db, &[]);
                assert_eq!(s["status"], "complete", "run {run}: {s}");
                let data = if db.is_pg() {
                    "data->>'name'"
                } else {
                    "json_extract(data, '$.name')"
                };
                let name = db.rows(&format!(
                    "SELECT name, {data} AS in_data FROM candidates WHERE code = 'C3001'"
                ));
                let content = db.rows(&format!(
                    "SELECT content FROM memos WHERE candidate_code = '{memo_of}' AND content LIKE 'before%'"
                ));
                assert_eq!(
                    db.count(&format!(
                        "SELECT count(*) AS n FROM memos WHERE candidate_code = '{memo_of}'"
                    )),
                    memos_sent,
                    "every memo of {memo_of} is mirrored"
                );
                let runs = db.rows("SELECT nul_replaced FROM sync_runs ORDER BY id DESC");
                if db.is_pg() {
                    // PostgreSQL cannot hold U+0000: U+FFFD in its place, in the column and in
                    // `data`.
                    assert_eq!(name[0]["name"], "Kim\u{FFFD}Jiwoo");
                    assert_eq!(name[0]["in_data"], "Kim\u{FFFD}Jiwoo");
                    assert_eq!(content[0]["content"], "before\u{FFFD}after");
                    // Each such value is counted: those of the first run, then those of the
                    // candidate list alone (the memos are not fetched again).
                    let tables: &[&str] = if run == 0 {
                        &[
                            "candidates",
                            "stage_history",
                            "memos",
                            "submissions",
                            "submission_answers",
                        ]
                    } else {
                        &["candidates", "stage_history"]
                    };
                    let want: i64 = tables.iter().map(|t| replaced_cells(db, t)).sum();
                    assert!(want >= 2, "{want}");
                    assert_eq!(s["nul_replaced"], want, "{s}");
                    assert!(s["notes"].to_string().contains("U+FFFD"), "{s}");
                    assert_eq!(runs[0]["nul_replaced"], want);
                } else {
                    // SQLite holds U+0000: the value is kept as sent.
                    assert_eq!(name[0]["name"], "Kim\u{0}Jiwoo");
                    assert_eq!(content[0]["content"], "before\u{0}after");
                    assert_eq!(s["nul_replaced"], 0, "{s}");
                    assert_eq!(runs[0]["nul_replaced"], 0);
                }
            }
            // A run that fetches everything again, on a terminal's summary.
            let out = ts
                .cmd()
                .args(["-o", "table", "sync", "--full", "--db", &db.arg()])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
            let said = stderr_of(&out);
            if db.is_pg() {
                let all: i64 = [
                    "candidates",
                    "stage_history",
                    "memos",
                    "submissions",
                    "submission_answers",
                ]
                .iter()
                .map(|t| replaced_cells(db, t))
                .sum();
                assert!(
                    said.contains(&format!("note: {all} values held the character U+0000")),
                    "{said}"
                );
            } else {
                assert!(!said.contains("U+0000"), "{said}");
            }
        },
    );
}

/// Values of `table` (cells: a row's column) holding U+FFFD, in PostgreSQL.
fn replaced_cells(db: &Db, table: &str) -> i64 {
    db.count(&format!(
        "SELECT count(*) AS n FROM {table} t, jsonb_each_text(to_jsonb(t)) c
         WHERE c.value LIKE '%' || U&'\\FFFD' || '%'"
    ))
}

/// A service of `forms` and `jobs` (lists of 100 per page, numbered pages) and no
/// candidates; `list(run, page)` gives the form codes a page shows and the list's total.
fn forms_service(
    run: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    forms: impl Fn(usize, usize) -> (Vec<String>, usize) + Send + Sync + 'static,
    jobs: impl Fn(usize) -> Vec<String> + Send + Sync + 'static,
) -> Stub {
    use std::sync::atomic::Ordering;
    stub(move |seen, _| {
        let r = run.load(Ordering::SeqCst);
        let path = seen.uri.split('?').next().unwrap();
        let page: usize = seen
            .uri
            .split("page_token=")
            .nth(1)
            .map_or(1, |t| t.split('&').next().unwrap().parse().unwrap());
        let item =
            |code: &str| json!({"code": code, "title": code, "updated_at": "2026-01-01T00:00:00Z"});
        let body = match path {
            "/v1/application_forms" => {
                let (codes, total) = forms(r, page);
                let next = (page * 100 < total).then(|| (page + 1).to_string());
                json!({"collection": codes.iter().map(|c| item(c)).collect::<Vec<_>>(),
                       "pagination": {"total": total, "next_page": next}})
            }
            "/v1/jobs" => {
                let codes = jobs(r);
                json!({"collection": codes.iter().map(|c| item(c)).collect::<Vec<_>>(),
                       "pagination": {"total": codes.len()}})
            }
            "/v1/candidates" => json!({"collection": [], "pagination": {"total": 0}}),
            p if p.starts_with("/v1/application_forms/") => {
                json!({"resource": {"code": &p[22..], "questions": []}})
            }
            _ => {
                return Reply::json(
                    404,
                    r#"{"error":"not_found","message":"Resource not found"}"#,
                )
            }
        };
        Reply::json(200, &body.to_string())
    })
}

fn sync_against(home: &Home, service: &Stub, db: &Db) -> Value {
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", service.base())
        .env("RECRUIT_API_KEY", "test-key")
        .args(["-o", "json", "sync", "--db", &db.arg()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn sync_a_form_or_job_seen_again_is_no_longer_deleted() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let run = std::sync::Arc::new(AtomicUsize::new(1));
    // Run 2 does not list F2 nor J2 (the totals agree); run 3 lists them again.
    let hidden = |r: usize, c: &str| r == 2 && c.ends_with('2');
    let service = forms_service(
        run.clone(),
        move |r, _| {
            let codes: Vec<String> = ["F1", "F2", "F3"]
                .iter()
                .filter(|c| !hidden(r, c))
                .map(|c| c.to_string())
                .collect();
            let n = codes.len();
            (codes, n)
        },
        move |r| {
            ["J1", "J2"]
                .iter()
                .filter(|c| !hidden(r, c))
                .map(|c| c.to_string())
                .collect()
        },
    );
    let home = Home::new();
    let db = Db::lite();
    let deleted = |db: &Db| {
        db.rows(
            "SELECT code FROM forms WHERE deleted_at IS NOT NULL
             UNION ALL SELECT code FROM jobs WHERE deleted_at IS NOT NULL ORDER BY code",
        )
    };
    sync_against(&home, &service, &db);
    assert!(deleted(&db).is_empty());
    run.store(2, Ordering::SeqCst);
    let s = sync_against(&home, &service, &db);
    assert_eq!(
        (&s["forms"]["deleted"], &s["jobs"]["deleted"]),
        (&json!(1), &json!(1)),
        "{s}"
    );
    assert_eq!(
        deleted(&db),
        vec![json!({"code": "F2"}), json!({"code": "J2"})]
    );
    run.store(3, Ordering::SeqCst);
    let s = sync_against(&home, &service, &db);
    assert_eq!(s["status"], "complete", "{s}");
    assert!(deleted(&db).is_empty(), "seen again: {:?}", deleted(&db));
}

#[test]
fn sync_a_form_list_that_shifts_while_walked_marks_nothing_deleted() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let run = std::sync::Arc::new(AtomicUsize::new(1));
    let all: Vec<String> = (1..=150).map(|i| format!("F{i:03}")).collect();
    // Run 2: F050 is removed once page 1 has been read, so page 2 (positions 101-150 of
    // the list as it is then) starts at F102: F101 moved to page 1, which was read already.
    // Run 3: F050 is gone, the list is steady.
    let service = forms_service(
        run.clone(),
        move |r, page| {
            let list: Vec<String> = all
                .iter()
                .filter(|c| !(r >= 2 && *c == "F050" && (page > 1 || r == 3)))
                .cloned()
                .collect();
            let n = list.len();
            (
                list.into_iter().skip((page - 1) * 100).take(100).collect(),
                n,
            )
        },
        |_| vec!["J1".to_string()],
    );
    let home = Home::new();
    let db = Db::lite();
    let s = sync_against(&home, &service, &db);
    assert_eq!(s["forms"]["listed"], 150, "{s}");
    run.store(2, Ordering::SeqCst);
    let s = sync_against(&home, &service, &db);
    assert_eq!(s["forms"]["listed"], 149, "{s}");
    assert_eq!(s["forms"]["deleted"], 0, "{s}");
    assert_eq!(s["status"], "incomplete", "{s}");
    assert!(
        s["notes"]
            .to_string()
            .contains("the form list said it has 150 forms but the walk met 149"),
        "{s}"
    );
    assert_eq!(
        db.count("SELECT count(*) AS n FROM forms WHERE deleted_at IS NOT NULL"),
        0,
        "F101 (live, shifted out of the walk) and F050 are not marked"
    );
    let runs = db.rows("SELECT status FROM sync_runs ORDER BY id DESC LIMIT 1");
    assert_eq!(runs[0]["status"], "incomplete");
    run.store(3, Ordering::SeqCst);
    let s = sync_against(&home, &service, &db);
    assert_eq!(s["status"], "complete", "{s}");
    assert_eq!(
        db.rows("SELECT code FROM forms WHERE deleted_at IS NOT NULL"),
        vec![json!({"code": "F050"})]
    );
}

#[test]
fn sync_into_a_damaged_mirror_fails_with_exit_1_not_retryable() {
    let ts = TestSandbox::with(|o| o.synthetic_candidates = 40);
    let db = Db::lite();
    sync(&ts, &db, &[]);
    let Db::Lite(path, _) = &db else {
        unreachable!()
    };
    // Garbage over the pages where the memos and submissions live: the candidate list is
    // read and written as before, and every candidate's rows are not.
    let (page_size, roots) = {
        let c = rusqlite::Connection::open(path).unwrap();
        // Everything in the file itself (the last connection to close removes the WAL).
        c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
        let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
        let mut st = c
            .prepare("SELECT rootpage FROM sqlite_master WHERE tbl_name IN ('memos', 'submissions', 'submission_answers')")
            .unwrap();
        let roots: Vec<i64> = st
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        (size, roots)
    };
    assert!(!path.with_extension("db-wal").exists(), "checkpointed");
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        for root in roots {
            f.seek(SeekFrom::Start(((root - 1) * page_size) as u64))
                .unwrap();
            f.write_all(&vec![0xA5; page_size as usize]).unwrap();
        }
    }
    for _ in 0..2 {
        let out = sync_out(&ts, &db, &["--full"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
        let e = &envelope(&out)["error"];
        assert_eq!(e["code"], "failure", "{e}");
        assert_eq!(e["retryable"], false, "{e}");
        assert!(
            e["message"].as_str().unwrap().contains("is damaged")
                && e["message"].as_str().unwrap().contains("move it away"),
            "{e}"
        );
    }

    // Its first page too, past the 16 bytes that say "SQLite format 3": SQLite then no
    // longer knows the file for a database, and the mirror is as damaged as before (exit 1,
    // not the usage error of a --db that never was a database).
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        f.seek(SeekFrom::Start(16)).unwrap();
        f.write_all(&vec![0xA5; page_size as usize - 16]).unwrap();
    }
    let out = sync_out(&ts, &db, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    let e = &envelope(&out)["error"];
    assert_eq!(
        (&e["code"], &e["retryable"]),
        (&json!("failure"), &json!(false)),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("is damaged"), "{e}");
}

#[test]
fn sync_beside_a_running_sync_fails_with_exit_1_retryable() {
    both(
        "sync_beside_a_running_sync_fails_with_exit_1_retryable",
        |db| {
            let ts = TestSandbox::new();
            sync(&ts, db, &[]);
            // The lock a running sync holds, taken as recruit takes it.
            let _lock: Box<dyn std::any::Any> = match db {
                Db::Lite(path, _) => {
                    let f = std::fs::File::open(path).unwrap();
                    f.try_lock().unwrap();
                    Box::new(f)
                }
                Db::Pg { .. } => {
                    let mut c = db.pg_client();
                    let got: bool = c
                        .query_one(
                            "SELECT pg_try_advisory_lock(1919251314, hashtext(current_schema()))",
                            &[],
                        )
                        .unwrap()
                        .get(0);
                    assert!(got);
                    Box::new(c)
                }
            };
            let out = sync_out(&ts, db, &[]);
            assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
            let e = &envelope(&out)["error"];
            assert_eq!(
                (&e["code"], &e["exit_code"], &e["retryable"]),
                (&json!("failure"), &json!(1), &json!(true)),
                "{e}"
            );
            let said = e["message"].as_str().unwrap();
            assert!(
                said.contains("another `recruit sync` is running")
                    && said.contains("wait for it to finish"),
                "{said}"
            );
            assert_eq!(
                db.count("SELECT count(*) AS n FROM sync_runs"),
                1,
                "the refused sync recorded no run"
            );
        },
    );
}

/// A build without the `postgres` feature refuses a postgres:// mirror by name, exit 2, for a
/// run, `status` and `purge` alike, and never connects (the port refuses connections, which
/// a build with PostgreSQL reports as such). The test build stands in for one without it
/// through `RECRUIT_TEST_WITHOUT` (no second build).
#[test]
fn a_build_without_postgres_refuses_a_postgres_mirror_with_exit_2() {
    let home = Home::new();
    let (port, _held) = refusing_port();
    let url = format!("postgres://sync:secret-pw@127.0.0.1:{port}/recruit");
    for args in [
        vec!["sync", "--db", &url],
        vec!["sync", "status", "--db", &url],
        vec![
            "sync",
            "purge",
            "--db",
            &url,
            "--stage",
            "fail",
            "--older-than",
            "30d",
            "--yes",
        ],
    ] {
        let out = home
            .sandbox()
            .env("RECRUIT_TEST_WITHOUT", "postgres")
            .args(&args)
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("this recruit was built without PostgreSQL (the `postgres` feature)"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("secret-pw"), "{err}");
    }
    // With PostgreSQL the same address is tried, and refused by the closed port.
    let out = home
        .sandbox()
        .args(["sync", "status", "--db", &url])
        .output()
        .unwrap();
    assert!(
        !stderr_of(&out).contains("built without PostgreSQL"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn sync_runs_are_timed_by_the_clock_recruit_runs_on_and_the_mirror_named_for_programs() {
    both(
        "sync_runs_are_timed_by_the_clock_recruit_runs_on_and_the_mirror_named_for_programs",
        |db| {
            let ts = TestSandbox::new();
            // The clock of a test build runs this far ahead of the system's.
            let ahead = 400.0 * 86_400.0;
            let clock = ts.home.dir.path().join("clock-ahead");
            std::fs::write(&clock, ahead.to_string()).unwrap();
            let d = db.arg();
            let before = chrono::Utc::now().timestamp() as f64;
            let out = ts
                .cmd()
                .env("RECRUIT_TEST_CLOCK", &clock)
                .args(["-o", "json", "sync", "--db", &d])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
            let after = chrono::Utc::now().timestamp() as f64;
            let r = db
                .rows("SELECT started_unix, finished_unix FROM sync_runs ORDER BY id DESC LIMIT 1");
            for k in ["started_unix", "finished_unix"] {
                let t = r[0][k].as_f64().unwrap();
                assert!(
                    t >= before + ahead - 1.0 && t <= after + ahead + 1.0,
                    "{k} {t} is not on the clock given ({before} + {ahead})"
                );
            }
            let synced = db.rows("SELECT max(synced_at) AS s FROM candidates");
            let synced = synced[0]["s"].as_str().unwrap();
            let year = chrono::DateTime::parse_from_rfc3339(&synced.replace(' ', "T"))
                .map(|t| t.timestamp() as f64)
                .unwrap_or_else(|e| panic!("{synced}: {e}"));
            assert!(year >= before + ahead - 1.0, "synced_at {synced}");

            // What the mirror is, in the words for programs.
            let st = ts.run(&["-o", "json", "sync", "status", "--db", &d]);
            let st: Value = serde_json::from_slice(&st.stdout).unwrap();
            let named = st["database"].as_str().unwrap();
            match db {
                Db::Lite(p, _) => assert_eq!(named, format!("SQLite file {}", p.display())),
                Db::Pg { .. } => assert!(
                    named.starts_with("PostgreSQL database postgres on ")
                        && named.ends_with(" as recruit"),
                    "{named}"
                ),
            }
            // The same words whatever the language: JSON is for programs.
            let ko = ts.run(&["--lang", "ko", "-o", "json", "sync", "status", "--db", &d]);
            let ko: Value = serde_json::from_slice(&ko.stdout).unwrap();
            assert_eq!(ko["database"], st["database"]);
        },
    );
}
