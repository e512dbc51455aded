//! The report's figures (issue 51): `conversion`, `time_to_hire` and `offer_acceptance` of
//! `report pipeline -o json` and the weeks of `report trend`, each checked against numbers
//! worked out here from the sandbox's own state file (its candidates' stages and times, as the
//! sandbox stores them), after a first sync and after moves backdated with `sandbox move
//! --at`; and `report pipeline --to` posting the summary to a stub of each chat tool.

use crate::common::*;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Datelike, Duration, FixedOffset, TimeZone};
use serde_json::{json, Value};

const FUNNEL: [&str; 5] = ["applied", "review", "interview", "offer", "pass"];
const KINDS: [&str; 6] = ["applied", "review", "interview", "offer", "pass", "fail"];

fn kst() -> FixedOffset {
    FixedOffset::east_opt(9 * 3600).unwrap()
}

fn at(s: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(s).unwrap()
}

fn quantile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let h = (sorted.len() - 1) as f64 * p;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    Some(sorted[lo] + (h - h.floor()) * (sorted[hi] - sorted[lo]))
}

/// The candidates of the sandbox's state: code -> (stage kind, stage start, applied at).
fn state(ts: &TestSandbox) -> BTreeMap<String, (String, String, String)> {
    let text = std::fs::read_to_string(ts.sandbox().state_path()).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let stage = &c["stage"];
            (
                c["code"].as_str().unwrap().to_string(),
                (
                    stage["kind"].as_str().unwrap().to_string(),
                    stage["created_at"].as_str().unwrap().to_string(),
                    c["applied_at"].as_str().unwrap().to_string(),
                ),
            )
        })
        .collect()
}

fn json_of(ts: &TestSandbox, args: &[&str]) -> Value {
    let out = ts.run(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
    serde_json::from_str(&stdout_of(&out)).unwrap()
}

fn sync(ts: &TestSandbox, db: &Path) {
    let out = ts.run(&["-o", "json", "sync", "--db", db.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

/// A sandbox of its own, and a mirror of it after a first sync.
fn synced() -> (TestSandbox, PathBuf) {
    let ts = TestSandbox::new();
    let db = ts.home.dir.path().join("mirror.db");
    sync(&ts, &db);
    (ts, db)
}

/// `report pipeline` of the mirror `db` as a table for people, in `lang`.
fn table_of(ts: &TestSandbox, db: &Path, lang: &str) -> String {
    let db = db.to_str().unwrap();
    let out = ts.run(&[
        "--lang", lang, "report", "pipeline", "-o", "table", "--db", db,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stdout_of(&out)
}

fn report(ts: &TestSandbox, db: &Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "-o",
        "json",
        "report",
        "pipeline",
        "--db",
        db.to_str().unwrap(),
    ];
    args.extend(extra);
    json_of(ts, &args)
}

fn mv(ts: &TestSandbox, code: &str, stage: &str, when: DateTime<FixedOffset>) {
    let when = when.to_rfc3339();
    let out = ts.run(&["sandbox", "move", code, "--stage", stage, "--at", &when]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

fn close(v: &Value, want: Option<f64>, what: &str) {
    match (v.as_f64(), want) {
        (None, None) => {}
        (Some(a), Some(b)) => assert!((a - b).abs() < 0.006, "{what}: {a} vs {b}"),
        _ => panic!("{what}: {v} vs {want:?}"),
    }
}

/// Conversion from the funnel worked out here: a candidate reached each stage up to the
/// furthest it was seen at (`fail` is no step of it).
fn assert_conversion(got: &Value, furthest: &[usize]) {
    let reached = |i: usize| furthest.iter().filter(|f| **f >= i).count() as u64;
    let conv = got.as_array().unwrap();
    assert_eq!(conv.len(), 4, "{got}");
    for (i, c) in conv.iter().enumerate() {
        assert_eq!(c["from"], FUNNEL[i]);
        assert_eq!(c["to"], FUNNEL[i + 1]);
        assert_eq!(c["candidates"].as_u64(), Some(reached(i)), "{c}");
        let share = (reached(i) > 0).then(|| reached(i + 1) as f64 / reached(i) as f64);
        close(&c["share"], share, &format!("{c}"));
    }
}

#[test]
fn the_figures_match_the_sandboxs_own_data_before_and_after_backdated_moves() {
    let (ts, db) = synced();
    let first = state(&ts);
    let r = report(&ts, &db, &[]);
    let g = &r["groups"][0];

    // Conversion: the funnel of the stages the sync saw.
    let idx = |k: &str| FUNNEL.iter().position(|f| *f == k);
    let furthest: Vec<usize> = first.values().filter_map(|(k, _, _)| idx(k)).collect();
    assert_conversion(&g["conversion"], &furthest);

    // Time to hire: from applying to the start of pass, of every candidate at pass.
    let hire = |s: &BTreeMap<String, (String, String, String)>| {
        let mut d: Vec<f64> = s
            .values()
            .filter(|(k, _, _)| k == "pass")
            .map(|(_, start, applied)| (at(start) - at(applied)).num_seconds() as f64 / 86_400.0)
            .collect();
        d.sort_by(f64::total_cmp);
        d
    };
    let days = hire(&first);
    assert!(days.len() >= 2, "{first:?}");
    // The demo's history is weeks long, not the ~100 days of a fixed date.
    assert!(days.iter().all(|d| *d > 1.0 && *d < 60.0), "{days:?}");
    assert_eq!(
        g["time_to_hire"]["candidates"].as_u64(),
        Some(days.len() as u64)
    );
    close(
        &g["time_to_hire"]["median_days"],
        quantile(&days, 0.5),
        "median",
    );
    close(&g["time_to_hire"]["p90_days"], quantile(&days, 0.9), "p90");

    // No candidate was seen to leave offer: null, and the table says why instead of 0.
    assert_eq!(
        g["offer_acceptance"],
        json!({"share": null, "candidates": 0})
    );
    let text = table_of(&ts, &db, "en");
    assert!(
        text.contains("Offer acceptance: none yet (no candidate seen to leave Offer"),
        "{text}"
    );
    assert!(text.contains("Days in stage: none yet"), "{text}");
    let text = table_of(&ts, &db, "ko");
    assert!(text.contains("처우 수락률: 아직 없음"), "{text}");

    // Two offers accepted and one declined, each dated back to a known day.
    let offers: Vec<String> = first
        .iter()
        .filter(|(_, (k, _, _))| k == "offer")
        .map(|(c, _)| c.clone())
        .collect();
    assert!(offers.len() >= 3, "{first:?}");
    let now = chrono::Utc::now().with_timezone(&kst());
    let backdated = [
        (offers[0].as_str(), "pass", now - Duration::hours(30)),
        (offers[1].as_str(), "pass", now - Duration::hours(50)),
        (offers[2].as_str(), "fail", now - Duration::hours(20)),
    ];
    for (code, stage, when) in &backdated {
        let when = when.with_nanosecond(0).unwrap();
        mv(&ts, code, stage, when);
    }
    // A move is dated back, never forward: refused, and nothing moves.
    let out = ts.run(&[
        "sandbox",
        "move",
        &offers[0],
        "--stage",
        "fail",
        "--at",
        "2099-01-01T00:00:00+09:00",
    ]);
    assert_eq!(out.status.code(), Some(5), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("future"), "{}", stderr_of(&out));
    let second = state(&ts);
    for (code, stage, when) in &backdated {
        let (kind, start, _) = &second[*code];
        assert_eq!(kind, stage);
        // --at dated the move: the service's job_stage.created_at says so, at +09:00.
        assert_eq!(at(start).timestamp(), when.timestamp(), "{code}");
        assert!(start.ends_with("+09:00"), "{start}");
    }
    sync(&ts, &db);
    let r = report(&ts, &db, &[]);
    let g = &r["groups"][0];
    assert_eq!(g["offer_acceptance"]["candidates"].as_u64(), Some(3), "{g}");
    close(
        &g["offer_acceptance"]["share"],
        Some(2.0 / 3.0),
        "acceptance",
    );
    let days = hire(&second);
    assert_eq!(
        g["time_to_hire"]["candidates"].as_u64(),
        Some(days.len() as u64)
    );
    close(
        &g["time_to_hire"]["median_days"],
        quantile(&days, 0.5),
        "median",
    );
    close(&g["time_to_hire"]["p90_days"], quantile(&days, 0.9), "p90");
    // Days in offer: from each offer's start to its backdated end.
    let mut offer_days: Vec<f64> = backdated
        .iter()
        .map(|(code, _, when)| {
            let start = at(&first[*code].1);
            (when.timestamp() - start.timestamp()) as f64 / 86_400.0
        })
        .collect();
    offer_days.sort_by(f64::total_cmp);
    let offer = &g["stages"][3];
    assert_eq!(offer["stage"], "offer");
    close(
        &offer["median_days"],
        quantile(&offer_days, 0.5),
        "offer median",
    );
    let furthest: Vec<usize> = first
        .iter()
        .filter_map(|(c, (k, _, _))| idx(&second[c].0).or(idx(k)).max(idx(k)))
        .collect();
    assert_conversion(&g["conversion"], &furthest);
}

use chrono::Timelike;

/// `2026-W48` of a time, at +09:00.
fn week_of(t: DateTime<FixedOffset>) -> String {
    let w = t.with_timezone(&kst()).iso_week();
    format!("{}-W{:02}", w.year(), w.week())
}

#[test]
fn the_trend_counts_entries_per_iso_week_at_plus_nine_across_a_week_boundary() {
    let (ts, db) = synced();
    let first = state(&ts);
    // The Sunday that ended the week before last, at 23:30 KST, and an hour later (Monday
    // 00:30 KST: still Sunday in UTC, the time zone of this test's commands).
    let now = chrono::Utc::now().with_timezone(&kst());
    let monday = now.date_naive() - Duration::days(now.weekday().num_days_from_monday() as i64);
    let sunday = kst()
        .from_local_datetime(&(monday - Duration::days(8)).and_hms_opt(23, 30, 0).unwrap())
        .unwrap();
    assert_eq!(sunday.weekday(), chrono::Weekday::Sun);
    let after = sunday + Duration::hours(1);
    let applied: Vec<&String> = first
        .iter()
        .filter(|(_, (k, _, _))| k == "applied")
        .map(|(c, _)| c)
        .collect();
    mv(&ts, applied[0], "review", sunday);
    mv(&ts, applied[1], "review", after);
    sync(&ts, &db);
    let second = state(&ts);

    // Worked out here: applying by applied_at; every other stage each sync saw, by its start.
    let mut want: BTreeMap<String, BTreeMap<&'static str, u64>> = BTreeMap::new();
    let mut count = |week: String, kind: &'static str| {
        *want.entry(week).or_default().entry(kind).or_insert(0) += 1;
    };
    for (code, (kind, start, applied_at)) in &first {
        count(week_of(at(applied_at)), "applied");
        let mut seen = vec![(kind.clone(), start.clone())];
        let (k2, s2, _) = &second[code];
        if (k2, s2) != (kind, start) {
            seen.push((k2.clone(), s2.clone()));
        }
        for (k, s) in seen.iter().filter(|(k, _)| k != "applied") {
            let k = KINDS.iter().find(|x| *x == k).unwrap();
            count(week_of(at(s)), k);
        }
    }
    let trend = json_of(
        &ts,
        &[
            "-o",
            "json",
            "report",
            "trend",
            "--weeks",
            "10",
            "--db",
            db.to_str().unwrap(),
        ],
    );
    let weeks = trend.as_array().unwrap();
    assert_eq!(weeks.len(), 10, "{trend}");
    assert_eq!(
        weeks[9]["week"],
        week_of(now),
        "the current week comes last"
    );
    assert_eq!(weeks[7]["week"], week_of(sunday));
    assert_eq!(weeks[8]["week"], week_of(after));
    let mut nonzero = 0;
    for w in weeks {
        let name = w["week"].as_str().unwrap();
        for kind in KINDS {
            let n = want
                .get(name)
                .and_then(|m| m.get(kind))
                .copied()
                .unwrap_or(0);
            assert_eq!(w["entered"][kind].as_u64(), Some(n), "{name} {kind}: {w}");
            nonzero += n;
        }
    }
    assert!(
        nonzero > 20,
        "the demo's weeks of history show in the trend: {trend}"
    );
    // The two moves on each side of the boundary, in their own weeks.
    let reviews = |i: usize| weeks[i]["entered"]["review"].as_u64().unwrap();
    assert!(reviews(7) >= 1 && reviews(8) >= 1, "{trend}");

    // The table for people: a row per week, the stage names in the language asked for.
    let out = ts.run(&[
        "--lang",
        "ko",
        "report",
        "trend",
        "-o",
        "table",
        "--db",
        db.to_str().unwrap(),
    ]);
    let text = stdout_of(&out);
    assert!(text.contains("주") && text.contains("서류 검토"), "{text}");
    assert!(text.contains(&week_of(now)), "{text}");
}

/// A stub chat tool that takes every message, and what the report posted to it.
fn post_to(ts: &TestSandbox, db: &Path, format: &str, lang: &str) -> (Stub, Value, String) {
    let chat = stub(|_, _| Reply::json(200, "{}"));
    let to = format!("{format}+http://{}/hooks/T0SECRET/B0SECRET", chat.addr);
    let out = ts.run(&[
        "--lang",
        lang,
        "report",
        "pipeline",
        "-o",
        "json",
        "--db",
        db.to_str().unwrap(),
        "--to",
        &to,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let printed = format!("{}{}", stdout_of(&out), stderr_of(&out));
    assert!(
        !printed.contains("SECRET"),
        "the address is a secret: {printed}"
    );
    let seen = chat.seen();
    assert_eq!(seen.len(), 1, "one message");
    let body: Value = serde_json::from_slice(&seen[0].body).unwrap();
    (chat, body, String::from_utf8(seen[0].body.clone()).unwrap())
}

#[test]
fn report_to_posts_the_summary_in_each_chat_format_naming_no_candidate() {
    let (ts, db) = synced();
    let text = std::fs::read_to_string(ts.sandbox().state_path()).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let people: Vec<String> = v["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| {
            ["code", "name", "email", "phone"]
                .iter()
                .map(|k| c[*k].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let never_named = |raw: &str| {
        for p in &people {
            assert!(!raw.contains(p.as_str()), "{p} in {raw}");
        }
    };

    let (_, slack, raw) = post_to(&ts, &db, "slack", "en");
    never_named(&raw);
    assert!(
        slack["text"]
            .as_str()
            .unwrap()
            .starts_with("Hiring pipeline"),
        "{slack}"
    );
    assert_eq!(slack["blocks"][0]["type"], "header");
    let section = slack["blocks"][1]["text"]["text"].as_str().unwrap();
    assert!(section.contains("All candidates (23)"), "{section}");
    assert!(
        section.contains("Conversion: Applied → Review"),
        "{section}"
    );

    let (_, teams, raw) = post_to(&ts, &db, "teams", "ko");
    never_named(&raw);
    assert_eq!(teams["type"], "message");
    let card = &teams["attachments"][0]["content"];
    assert_eq!(card["type"], "AdaptiveCard");
    assert!(card["body"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("채용 파이프라인"));
    assert!(card["body"][1]["facts"][0]["value"]
        .as_str()
        .unwrap()
        .contains("전환율"));

    let (_, google, raw) = post_to(&ts, &db, "googlechat", "ko");
    never_named(&raw);
    let t = google["text"].as_str().unwrap();
    assert!(t.starts_with("*채용 파이프라인"), "{t}");
    assert!(t.contains("채용 소요 기간"), "{t}");

    let (chat, jandi, raw) = post_to(&ts, &db, "jandi", "en");
    never_named(&raw);
    assert_eq!(
        chat.seen()[0].header("accept"),
        Some("application/vnd.tosslab.jandi-v2+json")
    );
    assert!(jandi["body"]
        .as_str()
        .unwrap()
        .starts_with("Hiring pipeline"));
    assert!(jandi["connectInfo"][0]["description"]
        .as_str()
        .unwrap()
        .contains("Time to hire"));

    // A tool that refuses: the command fails, and the address stays a secret.
    let chat = stub(|_, _| Reply::json(404, "{}"));
    let to = format!("slack+http://{}/hooks/T0SECRET", chat.addr);
    let out = ts.run(&[
        "report",
        "pipeline",
        "--db",
        db.to_str().unwrap(),
        "--to",
        &to,
    ]);
    assert_ne!(out.status.code(), Some(0));
    let err = stderr_of(&out);
    assert!(err.contains("refused") && !err.contains("SECRET"), "{err}");
    // An app's plain URL is no chat destination: exit 2 before anything is read or sent.
    let out = ts.run(&[
        "report",
        "pipeline",
        "--db",
        db.to_str().unwrap(),
        "--to",
        "http://127.0.0.1:9/hooks/SECRET",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("SECRET"), "{}", stderr_of(&out));
}

#[test]
fn the_page_at_1100_px_has_the_period_headline_figures_jobs_and_footnote_in_both_languages() {
    use crate::report::{chromium, count, headless, png};
    let (ts, db) = synced();
    let s = state(&ts);
    let mut hire: Vec<f64> = s
        .values()
        .filter(|(k, _, _)| k == "pass")
        .map(|(_, start, applied)| (at(start) - at(applied)).num_seconds() as f64 / 86_400.0)
        .collect();
    hire.sort_by(f64::total_cmp);
    let median = format!("{:.1}", quantile(&hire, 0.5).unwrap());
    let r = report(&ts, &db, &["--by", "job"]);
    let jobs = r["groups"].as_array().unwrap().len();
    assert!(jobs > 3, "{r}");
    // The last sync as the page says it: local time (UTC in these tests), to the minute.
    let last = at(r["mirror"]["last_sync"].as_str().unwrap())
        .format("%Y-%m-%d %H:%M")
        .to_string();
    for (lang, words) in [
        (
            "en",
            [
                "Hiring pipeline: every application in the mirror",
                "none yet: no candidate seen to leave Offer",
                "Days in stage: none yet",
            ],
        ),
        (
            "ko",
            [
                "채용 파이프라인: 미러의 모든 지원",
                "아직 없음: 처우 협의를 떠난 지원자를 본 적이 없음",
                "단계별 머문 일수: 아직 없음",
            ],
        ),
    ] {
        let page = ts.home.dir.path().join(format!("page-{lang}.html"));
        let out = ts.run(&[
            "--lang",
            lang,
            "report",
            "pipeline",
            "--by",
            "job",
            "-o",
            "json",
            "--db",
            db.to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let Some(browser) = chromium() else { return };
        let profile = tempfile::tempdir().unwrap();
        let dom = headless(&browser, &page, profile.path(), &["--dump-dom"]);
        let title = &dom[dom.find("<title>").unwrap()..dom.find("</title>").unwrap()];
        assert!(title.contains(words[0]) && title.contains(&last), "{title}");
        let tile = |id: &str| {
            let from = dom
                .find(&format!("id=\"{id}\""))
                .unwrap_or_else(|| panic!("{id}"));
            dom[from..from + dom[from..].find("</div>").unwrap()].to_string()
        };
        assert!(tile("headline-candidates").contains(&format!("<b>{}</b>", s.len())));
        let hires = s.values().filter(|(k, _, _)| k == "pass").count();
        assert!(tile("headline-hires").contains(&format!("<b>{hires}</b>")));
        assert!(
            tile("headline-time-to-hire").contains(&median),
            "{}",
            tile("headline-time-to-hire")
        );
        let offer = tile("headline-offer-acceptance");
        assert!(
            offer.contains("<b>–</b>") && offer.contains(words[1]),
            "{offer}"
        );
        // The jobs side by side: a row each, in one table above the groups.
        let table = &dom[dom.find("id=\"jobs\"").unwrap()..];
        let table = &table[..table.find("</table>").unwrap()];
        assert_eq!(table.matches("<tr data-job=").count(), jobs, "{table}");
        assert!(dom.find("id=\"jobs\"").unwrap() < dom.find("<section").unwrap());
        // Conversion on the funnel; the empty time chart says why.
        assert!(
            dom.contains("class=\"conversion\" data-stage=\"review\""),
            "conversion"
        );
        assert!(
            dom.contains(&format!("<p class=\"empty\" id=\"time-0\">{}", words[2])),
            "why empty"
        );
        // The method and the mirror's path in a footnote after every group, not on top.
        let footer = dom.find("<footer>").unwrap();
        assert!(dom.rfind("</section>").unwrap() < footer);
        assert_eq!(
            dom.find(db.to_str().unwrap()),
            Some(footer + dom[footer..].find(db.to_str().unwrap()).unwrap())
        );

        // At 1100 px it is drawn and fits: the funnel's blue on screen, the right margin blank.
        let shot = profile.path().join("shot.png");
        headless(
            &browser,
            &page,
            profile.path(),
            &[
                &format!("--screenshot={}", shot.display()),
                "--window-size=1100,1400",
            ],
        );
        let (w, h, pixels) = png::decode(&std::fs::read(&shot).unwrap());
        assert_eq!((w, h), (1100, 1400));
        assert!(
            count(&pixels, "#2b6cb0") > 2_000,
            "{lang}: the funnel is drawn"
        );
        let margin = (0..h)
            .flat_map(|y| (1040..1100).map(move |x| y * w + x))
            .filter(|i| pixels[*i] != [255, 255, 255])
            .count();
        assert_eq!(
            margin, 0,
            "{lang}: nothing runs past the page's width at 1100 px"
        );
    }
}

/// `-o csv` carries the figures of `-o json`, flat under their JSON paths: on each stage's
/// row its conversion to the next (empty on Pass and Fail), on each row of a group the
/// group's time to hire and offer acceptance; a null figure an empty cell, never 0.
#[test]
fn the_csv_report_carries_the_figures_of_the_json_report() {
    let (ts, db) = synced();
    let json = report(&ts, &db, &["--by", "job"]);
    let out = ts.run(&[
        "report",
        "pipeline",
        "--by",
        "job",
        "-o",
        "csv",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let mut csv = csv::Reader::from_reader(out.stdout.as_slice());
    let header: Vec<String> = csv.headers().unwrap().iter().map(String::from).collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}: {header:?}"))
    };
    let rows: Vec<csv::StringRecord> = csv.records().map(Result::unwrap).collect();
    let groups = json["groups"].as_array().unwrap();
    assert_eq!(rows.len(), groups.len() * KINDS.len());
    // A cell holds the JSON value: a number as written, null as an empty cell.
    let same = |cell: &str, want: &Value, what: &str| match want {
        Value::Null => assert_eq!(cell, "", "{what}: null is an empty cell"),
        Value::String(s) => assert_eq!(cell, s, "{what}"),
        n => assert_eq!(cell.parse::<f64>().ok(), n.as_f64(), "{what}"),
    };
    let (mut shares, mut nulls) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let g = &groups[i / KINDS.len()];
        let stage = &row[col("stage")];
        assert_eq!(stage, KINDS[i % KINDS.len()]);
        let what = format!("{stage} of {}", g["job"]);
        same(&row[col("job_code")], &g["job"]["code"], &what);
        let step = g["conversion"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["from"] == stage);
        let field = |key: &str| step.map_or(Value::Null, |c| c[key].clone());
        same(&row[col("conversion.to")], &field("to"), &what);
        same(&row[col("conversion.share")], &field("share"), &what);
        same(
            &row[col("conversion.candidates")],
            &field("candidates"),
            &what,
        );
        for (figure, key) in [
            ("time_to_hire", "median_days"),
            ("time_to_hire", "p90_days"),
            ("time_to_hire", "candidates"),
            ("offer_acceptance", "share"),
            ("offer_acceptance", "candidates"),
        ] {
            let want = &g[figure][key];
            same(&row[col(&format!("{figure}.{key}"))], want, &what);
        }
        match field("share") {
            Value::Null => nulls += 1,
            _ => shares += 1,
        }
    }
    assert!(shares > 0, "a share was compared");
    assert!(nulls > 0, "pass and fail rows have no conversion");
}
