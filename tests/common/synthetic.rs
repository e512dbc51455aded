//! A synthetic hiring history (stage moves at known times, seen by syncs every 12 hours)
//! written straight into a mirror as the syncs would have written it: for the report tests
//! (tests/cli/report.rs), which work out the expected numbers from the same model, and for
//! benches/report.rs.
#![allow(dead_code)]

use std::path::Path;

use serde_json::json;

pub const DAY: i64 = 86_400;
/// 2026-05-28T20:26:40Z.
pub const T0: i64 = 1_780_000_000;
pub const KINDS: [&str; 6] = ["applied", "review", "interview", "offer", "pass", "fail"];
pub const JOBS: [(&str, &str); 3] = [
    ("JOB-A", "Backend Engineer"),
    ("JOB-B", "데이터 분석가"),
    ("JOB-C", "Product Designer"),
];

/// The syncs: every 12 hours from day 10 to day 40.
pub fn syncs() -> Vec<i64> {
    (0..=60).map(|k| T0 + 10 * DAY + k * 12 * 3600).collect()
}

pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// A stage move of the true history.
pub struct Move {
    pub kind: &'static str,
    pub title: &'static str,
    pub start: i64,
}

pub struct Cand {
    pub code: String,
    pub job: usize,
    pub moves: Vec<Move>,
    /// Gone from the service (`deleted_at`): not "now there".
    pub deleted: bool,
    /// The service sent no `job_stage.created_at`: the mirror starts its stays when it saw them.
    pub no_entry_time: bool,
}

/// The organization's usual title of each kind of [`KINDS`] (an interview's first round).
pub const TITLES: [&str; 6] = [
    "지원 접수",
    "서류 검토",
    "1차 면접",
    "처우 협의",
    "최종 합격",
    "불합격",
];

pub fn title(kind: &str) -> &'static str {
    TITLES[KINDS.iter().position(|k| *k == kind).expect("a stage kind")]
}

/// `n` candidates applying over 36 days, each moving on after half a day to six days (one
/// move in ten within hours: between two syncs), failing one time in four, some with a
/// second interview round (the same kind: one stay).
pub fn history(n: usize) -> Vec<Cand> {
    let mut rng = Rng(39);
    let order = ["applied", "review", "interview", "offer", "pass"];
    (0..n)
        .map(|i| {
            let mut t = T0 + rng.below(36 * DAY as u64) as i64;
            let mut moves = vec![Move {
                kind: "applied",
                title: title("applied"),
                start: t,
            }];
            let (mut at, mut second) = (0, false);
            loop {
                t += if rng.below(10) == 0 {
                    3600 + rng.below(8 * 3600) as i64
                } else {
                    DAY / 2 + rng.below(6 * DAY as u64) as i64
                };
                if t > T0 + 45 * DAY {
                    break;
                }
                if rng.below(4) == 0 {
                    moves.push(Move {
                        kind: "fail",
                        title: title("fail"),
                        start: t,
                    });
                    break;
                }
                if order[at] == "interview" && !second && rng.below(3) == 0 {
                    second = true;
                    moves.push(Move {
                        kind: "interview",
                        title: "2차 면접",
                        start: t,
                    });
                    continue;
                }
                at += 1;
                moves.push(Move {
                    kind: order[at],
                    title: title(order[at]),
                    start: t,
                });
                if order[at] == "pass" {
                    break;
                }
            }
            Cand {
                code: format!("P{i:04}"),
                job: i % JOBS.len(),
                moves,
                deleted: i % 23 == 5,
                no_entry_time: i % 19 == 7,
            }
        })
        .collect()
}

/// Each move the syncs saw, with the first sync that saw it.
pub fn observed(c: &Cand) -> Vec<(&Move, i64)> {
    let s = syncs();
    c.moves
        .iter()
        .enumerate()
        .filter_map(|(j, m)| {
            let end = c.moves.get(j + 1).map_or(i64::MAX, |n| n.start);
            let seen = s.iter().find(|t| m.start <= **t && **t < end)?;
            Some((m, *seen))
        })
        .collect()
}

pub fn kst(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0)
        .unwrap()
        .with_timezone(&chrono::FixedOffset::east_opt(9 * 3600).unwrap())
        .to_rfc3339()
}

pub fn utc(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0)
        .unwrap()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// An empty mirror of the current schema at `path`.
pub fn new_mirror(path: &Path) -> rusqlite::Connection {
    let mut b = recruit::sync::sqlite::Sqlite::open(path, true).unwrap();
    recruit::sync::schema::migrate_to(&mut b, 0, recruit::sync::schema::VERSION).unwrap();
    drop(b);
    rusqlite::Connection::open(path).unwrap()
}

/// A candidate row as a sync writes it (the list item in `data`).
#[allow(clippy::too_many_arguments)]
pub fn put_candidate(
    db: &rusqlite::Connection,
    code: &str,
    name: &str,
    email: &str,
    stage: (&str, &str, i64),
    job: (&str, &str),
    applied: i64,
    deleted: bool,
) {
    let data = json!({
        "code": code, "name": name, "email": email, "phone": "010-0000-0000",
        "birth": "1990-01-15", "resume_path": format!("https://files.example/{code}.pdf"),
        "profile_img_path": format!("https://files.example/{code}.jpg"),
        "applied_at": kst(applied), "created_at": kst(applied),
        "job": {"code": job.0, "title": job.1},
        "job_stage": {"stage_kind": stage.0, "title": stage.1, "created_at": kst(stage.2), "updated_at": kst(stage.2)},
    });
    db.execute(
        "INSERT INTO candidates (code, name, email, phone, birth, resume_path, profile_img_path,
             stage_kind, stage_title, stage_created_at, job_code, job_title, applied_at, created_at,
             deleted_at, data)
         VALUES (?1, ?2, ?3, '010-0000-0000', '1990-01-15', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12, ?13)",
        rusqlite::params![
            code,
            name,
            email,
            data["resume_path"].as_str(),
            data["profile_img_path"].as_str(),
            stage.0,
            stage.1,
            kst(stage.2),
            job.0,
            job.1,
            kst(applied),
            deleted.then(|| utc(syncs()[40])),
            data.to_string()
        ],
    )
    .unwrap();
}

/// A Korean name for the `i`th candidate (eight surnames, twelve given names: searches find
/// some).
pub fn name(i: usize) -> String {
    const SURNAMES: [&str; 8] = ["김", "이", "박", "최", "정", "강", "조", "윤"];
    const GIVEN: [&str; 12] = [
        "하늘", "민준", "서연", "지호", "하은", "도윤", "서준", "예린", "수빈", "지훈", "유진",
        "민재",
    ];
    format!("{}{}", SURNAMES[i % 8], GIVEN[i / 8 % 12])
}

/// The synthetic history written into a mirror as the syncs would have written it: each
/// candidate at the stage of the last sync, a `stage_history` row per move a sync saw, and
/// the runs.
pub fn pipeline_mirror(path: &Path, cands: &[Cand]) {
    let mut conn = new_mirror(path);
    let db = conn.transaction().unwrap();
    for t in syncs() {
        db.execute(
            "INSERT INTO sync_runs (started_at, finished_at, status, full_run, started_unix, finished_unix)
             VALUES (?1, ?2, 'complete', 0, ?3, ?4)",
            rusqlite::params![utc(t), utc(t + 30), t as f64, (t + 30) as f64],
        )
        .unwrap();
    }
    for (i, c) in cands.iter().enumerate() {
        let seen = observed(c);
        let Some((last, _)) = seen.last() else {
            continue;
        };
        let job = JOBS[c.job];
        put_candidate(
            &db,
            &c.code,
            &name(i),
            &format!("{}@example.kr", c.code.to_lowercase()),
            (last.kind, last.title, last.start),
            job,
            c.moves[0].start,
            c.deleted,
        );
        for (m, first_seen) in &seen {
            let key = json!([m.kind, m.title, kst(m.start)]).to_string();
            db.execute(
                "INSERT INTO stage_history (candidate_code, stage_key, stage_kind, stage_title, entered_at, first_seen_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                rusqlite::params![
                    c.code,
                    key,
                    m.kind,
                    m.title,
                    (!c.no_entry_time).then(|| kst(m.start)),
                    utc(*first_seen)
                ],
            )
            .unwrap();
        }
    }
    db.commit().unwrap();
}
