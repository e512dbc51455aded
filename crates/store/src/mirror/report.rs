//! Reports from the mirror alone (cli.md, "Reports from the mirror"): the hiring pipeline per
//! stage kind from `stage_history`, and candidate search by part of a name (Hangul syllables
//! or their initial consonants), code or email. Numbers and records only: the front end words
//! them.
//!
//! How the history is read (the rule the reports state):
//! - a candidate's stays are its `stage_history` rows in the order they began, a row of the
//!   same kind as the one before continuing that stay (`1차 면접` then `2차 면접` is one stay
//!   in `interview`);
//! - a stay begins at the stage's own start as the service gave it (`job_stage.created_at`),
//!   else when the mirror first saw the candidate there, and ends when the next stay begins;
//! - the first sync saw each candidate at one stage only: the stages it passed through before
//!   are unknown and not counted (its stay at that stage counts from the stage's own start);
//!   likewise a stage entered and left between two syncs is never seen;
//! - a stay that ended moved on, or failed when the next stage is `fail`; days in a stage are
//!   those of ended stays; median and 90th percentile interpolate linearly between the two
//!   nearest ranks.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};

use super::db::{self, marks, Dialect, Val};
use super::Mirror;
use crate::error::Error;
use recruit_core::stage::Stage;

/// The stage kinds in pipeline order (`fail` last: it is left from any other).
pub fn stages() -> &'static [Stage] {
    Stage::ALL
}

/// Which candidates a pipeline report counts.
#[derive(Debug, Clone, Default)]
pub struct PipelineFilter {
    /// Only candidates of this job (`--job CODE`).
    pub job: Option<String>,
    /// Only candidates who applied at or after this Unix time (`--since DATE`); a candidate
    /// with no application time is left out.
    pub since: Option<f64>,
    /// One table per job (`--by job`).
    pub by_job: bool,
}

/// The numbers of one stage kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StageNumbers {
    pub stage: &'static str,
    /// Candidates at this stage now (not deleted from the service).
    pub now: u64,
    /// Stays the mirror saw begin or go on here.
    pub entered: u64,
    /// Candidates known to have been at this stage or one after it (the funnel; for `fail`,
    /// those who failed).
    pub reached: u64,
    pub moved_on: u64,
    pub failed: u64,
    /// Days of each ended stay, sorted.
    pub days: Vec<f64>,
}

impl StageNumbers {
    pub fn median_days(&self) -> Option<f64> {
        percentile(&self.days, 0.5)
    }

    pub fn p90_days(&self) -> Option<f64> {
        percentile(&self.days, 0.9)
    }

    pub fn to_json(&self) -> Value {
        json!({
            "stage": self.stage,
            "now": self.now,
            "moved_on": self.moved_on,
            "failed": self.failed,
            "median_days": self.median_days().map(round2),
            "p90_days": self.p90_days().map(round2),
            "stays_ended": self.days.len(),
            "entered": self.entered,
            "reached": self.reached,
        })
    }
}

/// A job as a group names it: its code (none: a job sent without one, or no job) and title.
pub type Job = (Option<String>, Option<String>);

/// One table: every candidate of the filter, or one job's.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PipelineGroup {
    /// With `--by job`: the job's code (none: candidates without a job) and title.
    pub job: Option<Job>,
    pub candidates: u64,
    pub stages: Vec<StageNumbers>,
    /// Days from applying to the start of the `pass` stage, of each candidate at `pass` whose
    /// record has both times, sorted.
    pub hire_days: Vec<f64>,
    /// Candidates seen to leave `offer`: for `pass`, and for `fail`.
    pub offers_accepted: u64,
    pub offers_declined: u64,
}

/// The part of one stage's candidates that reached the next (`share` none when none reached
/// `from`).
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    pub from: &'static str,
    pub to: &'static str,
    pub share: Option<f64>,
    pub candidates: u64,
}

/// The stages a candidate goes through in order, for conversion (`fail` is no step).
pub const FUNNEL: [&str; 5] = ["applied", "review", "interview", "offer", "pass"];

impl PipelineGroup {
    /// From each funnel stage to the next: of the candidates known to have reached `from`,
    /// the part known to have reached `to`.
    pub fn conversion(&self) -> Vec<Conversion> {
        let reached = |kind: &str| {
            self.stages
                .iter()
                .find(|s| s.stage == kind)
                .map_or(0, |s| s.reached)
        };
        FUNNEL
            .windows(2)
            .map(|w| {
                let (from, to) = (reached(w[0]), reached(w[1]));
                Conversion {
                    from: w[0],
                    to: w[1],
                    share: (from > 0).then(|| to as f64 / from as f64),
                    candidates: from,
                }
            })
            .collect()
    }

    pub fn hire_median_days(&self) -> Option<f64> {
        percentile(&self.hire_days, 0.5)
    }

    pub fn hire_p90_days(&self) -> Option<f64> {
        percentile(&self.hire_days, 0.9)
    }

    /// Candidates seen to leave `offer`, and the part of them that went to `pass`.
    pub fn offer_acceptance(&self) -> (u64, Option<f64>) {
        let n = self.offers_accepted + self.offers_declined;
        (n, (n > 0).then(|| self.offers_accepted as f64 / n as f64))
    }

    pub fn to_json(&self) -> Value {
        let (offers, accepted) = self.offer_acceptance();
        json!({
            "job": self.job.as_ref().map(|(code, title)| json!({"code": code, "title": title})),
            "candidates": self.candidates,
            "stages": self.stages.iter().map(StageNumbers::to_json).collect::<Vec<_>>(),
            "conversion": self.conversion().iter().map(|c| json!({
                "from": c.from,
                "to": c.to,
                "share": c.share.map(round4),
                "candidates": c.candidates,
            })).collect::<Vec<_>>(),
            "time_to_hire": {
                "median_days": self.hire_median_days().map(round2),
                "p90_days": self.hire_p90_days().map(round2),
                "candidates": self.hire_days.len(),
            },
            "offer_acceptance": {
                "share": accepted.map(round4),
                "candidates": offers,
            },
        })
    }
}

/// How much history the mirror holds, and how old it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MirrorAge {
    /// When the first sync started (Unix seconds).
    pub first_sync: Option<f64>,
    /// When the last complete (or partial) sync finished.
    pub last_sync: Option<f64>,
    /// Seconds from the last sync to now.
    pub age_seconds: Option<f64>,
    /// Candidates the first sync found already in the pipeline.
    pub at_first_sync: u64,
}

impl MirrorAge {
    pub fn to_json(&self) -> Value {
        json!({
            "first_sync": self.first_sync.and_then(rfc3339),
            "last_sync": self.last_sync.and_then(rfc3339),
            "age_seconds": self.age_seconds.map(|s| s.round() as i64),
            "candidates_at_first_sync": self.at_first_sync,
        })
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pipeline {
    pub age: MirrorAge,
    pub groups: Vec<PipelineGroup>,
}

/// One week of [`Mirror::trend`].
#[derive(Debug, Clone, PartialEq)]
pub struct TrendWeek {
    /// `2026-W48`.
    pub week: String,
    /// Its Monday 00:00 at +09:00, Unix seconds.
    pub start: f64,
    /// Candidates that entered each stage kind, in [`stages`] order.
    pub entered: Vec<u64>,
}

impl TrendWeek {
    pub fn to_json(&self) -> Value {
        let entered: serde_json::Map<String, Value> = stages()
            .iter()
            .zip(&self.entered)
            .map(|(s, n)| (s.as_str().to_string(), json!(n)))
            .collect();
        json!({"week": self.week, "entered": entered})
    }
}

/// The service's time zone, where weeks begin.
fn kst() -> chrono::FixedOffset {
    chrono::FixedOffset::east_opt(9 * 3600).expect("+09:00 is an offset")
}

/// The `weeks` ISO weeks up to the one holding `now` (at +09:00), oldest first: each its
/// Monday 00:00 as Unix seconds and its name (`2026-W48`).
pub fn week_starts(now: f64, weeks: u32) -> Vec<(f64, String)> {
    use chrono::{Datelike, TimeZone};
    let Some(today) = chrono::DateTime::from_timestamp(now as i64, 0)
        .map(|t| t.with_timezone(&kst()).date_naive())
    else {
        return Vec::new();
    };
    let monday = today - chrono::Duration::days(i64::from(today.weekday().num_days_from_monday()));
    (0..weeks)
        .rev()
        .filter_map(|back| {
            let day = monday - chrono::Duration::weeks(i64::from(back));
            let start = kst()
                .from_local_datetime(&day.and_hms_opt(0, 0, 0)?)
                .single()?
                .timestamp() as f64;
            let iso = day.iso_week();
            Some((start, format!("{}-W{:02}", iso.year(), iso.week())))
        })
        .collect()
}

/// One candidate found by [`Mirror::search`].
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The candidates found (the list items as the service sent them), best first.
    pub items: Vec<Value>,
    /// How many matched in all (`items` stops at the limit).
    pub total: u64,
    pub age: MirrorAge,
}

/// Unix seconds as RFC 3339 (UTC, whole seconds).
fn rfc3339(t: f64) -> Option<Value> {
    chrono::DateTime::from_timestamp_millis((t * 1000.0) as i64)
        .map(|t| Value::String(t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)))
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A share to four places (a percentage with two decimals).
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The `p`-quantile of sorted `xs`, interpolating linearly between the two nearest ranks
/// (`(n - 1) p`); none of nothing.
pub fn percentile(xs: &[f64], p: f64) -> Option<f64> {
    let last = xs.len().checked_sub(1)?;
    let h = last as f64 * p;
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(last);
    Some(xs[lo] + (h - lo as f64) * (xs[hi] - xs[lo]))
}

/// A timestamp column as the report reads it: SQLite's text as stored (valid RFC 3339 or NULL,
/// see `tables::time`), parsed in Rust by [`seconds`] (`julianday()` on each history row was
/// most of a report's time); PostgreSQL's as Unix seconds.
fn time_col(col: &str, dialect: Dialect) -> String {
    match dialect {
        Dialect::Sqlite => col.to_string(),
        Dialect::Postgres => format!("(extract(epoch from {col})::float8)"),
    }
}

/// A time read by [`time_col`], in Unix seconds.
fn seconds(v: &Val) -> Option<f64> {
    match v {
        Val::Text(s) => super::records::unix_of(s),
        other => other.as_f64(),
    }
}

/// How long after the first run's recorded end a row still counts as written by it (the end is
/// stored to the millisecond, a row's first sight to the second).
const FIRST_RUN_SLACK: f64 = 0.001;

/// A stay at one stage kind (see the module's rule).
struct Stay {
    kind: usize,
    start: f64,
}

/// A candidate as the report reads it.
struct Row {
    now: Option<usize>,
    job: Job,
    /// When it applied (else was created), and when its current stage began (Unix seconds).
    applied: Option<f64>,
    stage_start: Option<f64>,
}

fn stage_index(kind: &str) -> Option<usize> {
    stages().iter().position(|s| s.as_str() == kind)
}

impl Mirror {
    /// How much history the mirror holds and how old it is (see [`MirrorAge`]).
    pub fn age(&mut self) -> Result<MirrorAge, Error> {
        let (mut age, first_end) = self.sync_times()?;
        let Some(end) = first_end else {
            return Ok(age);
        };
        // Candidates whose first row was written by the first run: in SQLite by comparing
        // the text (the mirror writes its own times as whole UTC seconds, `...:SSZ`, which sort
        // as text), not by parsing every row.
        let dialect = self.dialect();
        let (col, bound) = match dialect {
            Dialect::Sqlite => ("first_seen_at".to_string(), {
                let whole =
                    chrono::DateTime::from_timestamp((end + FIRST_RUN_SLACK).floor() as i64, 0);
                Val::text(whole.map_or_else(String::new, super::records::utc_text))
            }),
            Dialect::Postgres => (
                time_col("first_seen_at", dialect),
                Val::Real(end + FIRST_RUN_SLACK),
            ),
        };
        age.at_first_sync = db::query(
            self.db(),
            &format!("SELECT count(DISTINCT candidate_code) FROM stage_history WHERE {col} <= ?"),
            &[bound],
        )?
        .first()
        .and_then(|r| r.first())
        .and_then(Val::as_i64)
        .unwrap_or(0) as u64;
        Ok(age)
    }

    /// The mirror's age from its runs, the first-sync count left at 0, and when the first run
    /// ended.
    fn sync_times(&mut self) -> Result<(MirrorAge, Option<f64>), Error> {
        let (_, now) = self.now();
        let runs = db::query(
            self.db(),
            "SELECT min(started_unix),
                    max(CASE WHEN status IN ('complete', 'partial') THEN finished_unix END),
                    min(finished_unix)
             FROM sync_runs",
            &[],
        )?;
        let r = runs.into_iter().next().unwrap_or_default();
        let get = |i: usize| r.get(i).and_then(Val::as_f64);
        let (first_sync, last_sync) = (get(0), get(1));
        let age = MirrorAge {
            first_sync,
            last_sync,
            age_seconds: last_sync.map(|t| (now - t).max(0.0)),
            at_first_sync: 0,
        };
        Ok((age, get(2)))
    }

    /// The pipeline report of the candidates `filter` takes (see the module's rule).
    pub fn pipeline(&mut self, filter: &PipelineFilter) -> Result<Pipeline, Error> {
        // The first sync's candidates are counted in the one pass over the history.
        let (mut age, first_end) = self.sync_times()?;
        let first_run_end = first_end.map_or(f64::NEG_INFINITY, |e| e + FIRST_RUN_SLACK);
        let rows = self.report_rows(filter)?;
        let (stays, at_first_sync) = self.stays_of(&rows, first_run_end)?;
        age.at_first_sync = at_first_sync;
        Ok(Pipeline {
            age,
            groups: tally(&rows, &stays, filter.by_job),
        })
    }

    /// Per ISO week (Monday to Sunday at +09:00, the service's time zone), the `weeks` weeks up
    /// to the current one, oldest first: the candidates that entered each stage kind. A
    /// candidate enters `applied` when it applied (else was created); another stage when a stay
    /// there began (see the module's rule).
    pub fn trend(&mut self, weeks: u32, filter: &PipelineFilter) -> Result<Vec<TrendWeek>, Error> {
        let (_, now) = self.now();
        let rows = self.report_rows(filter)?;
        let (stays, _) = self.stays_of(&rows, f64::NEG_INFINITY)?;
        let mut out: Vec<TrendWeek> = week_starts(now, weeks)
            .into_iter()
            .map(|(start, week)| TrendWeek {
                week,
                start,
                entered: vec![0; stages().len()],
            })
            .collect();
        let applied = stage_index("applied").expect("applied is a stage");
        let mut enter = |t: f64, kind: usize| {
            // The last week that began at or before `t`, when `t` is inside the window.
            if let Some(w) = out.iter_mut().rev().find(|w| w.start <= t) {
                if t < w.start + 7.0 * 86_400.0 {
                    w.entered[kind] += 1;
                }
            }
        };
        for (code, row) in &rows {
            let list = stays.get(code.as_str()).map_or(&[][..], Vec::as_slice);
            let first_applied = list.iter().find(|s| s.kind == applied).map(|s| s.start);
            if let Some(t) = row.applied.or(first_applied) {
                enter(t, applied);
            }
            for stay in list.iter().filter(|s| s.kind != applied) {
                enter(stay.start, stay.kind);
            }
        }
        Ok(out)
    }

    /// The candidates `filter` takes, by code.
    fn report_rows(&mut self, filter: &PipelineFilter) -> Result<HashMap<String, Row>, Error> {
        let mut sql = format!(
            "SELECT code, stage_kind, job_code, job_title, {}, deleted_at IS NULL, {} FROM candidates",
            time_col("COALESCE(applied_at, created_at)", self.dialect()),
            time_col("stage_created_at", self.dialect())
        );
        let mut params = Vec::new();
        if let Some(job) = &filter.job {
            sql.push_str(" WHERE job_code = ?");
            params.push(Val::text(job));
        }
        let mut rows: HashMap<String, Row> = HashMap::new();
        db::each(self.db(), &sql, &params, &mut |r| {
            let Some(code) = r[0].as_str() else {
                return Ok(());
            };
            let applied = seconds(&r[4]);
            if let Some(since) = filter.since {
                if applied.is_none_or(|t| t < since) {
                    return Ok(());
                }
            }
            let here = r[5].truthy();
            rows.insert(
                code.to_string(),
                Row {
                    now: r[1].as_str().and_then(stage_index).filter(|_| here),
                    job: (
                        r[2].as_str().map(str::to_string),
                        r[3].as_str().map(str::to_string),
                    ),
                    applied,
                    stage_start: seconds(&r[6]),
                },
            );
            Ok(())
        })?;
        Ok(rows)
    }

    /// Each counted candidate's stays in the order they began (see the module's rule), and
    /// how many candidates of the whole mirror the first run (ended at `first_run_end`) saw:
    /// one pass over `stage_history`, its rows read one at a time.
    fn stays_of<'a>(
        &mut self,
        rows: &'a HashMap<String, Row>,
        first_run_end: f64,
    ) -> Result<(HashMap<&'a str, Vec<Stay>>, u64), Error> {
        let dialect = self.dialect();
        let sql = format!(
            "SELECT candidate_code, stage_kind, {}, {} FROM stage_history",
            time_col("entered_at", dialect),
            time_col("first_seen_at", dialect)
        );
        let mut order: Vec<(&str, f64, f64, usize)> = Vec::new();
        let mut at_first_sync: HashSet<String> = HashSet::new();
        // A first sight is the time of the sync that wrote the row: a few distinct values
        // over many rows, each parsed once.
        let mut sights: HashMap<String, f64> = HashMap::new();
        db::each(self.db(), &sql, &[], &mut |r| {
            let seen = match &r[3] {
                Val::Text(t) => match sights.get(t.as_str()) {
                    Some(s) => *s,
                    None => {
                        let s = seconds(&r[3]).unwrap_or(f64::MAX);
                        sights.insert(t.clone(), s);
                        s
                    }
                },
                other => seconds(other).unwrap_or(f64::MAX),
            };
            let Some(code) = r[0].as_str() else {
                return Ok(());
            };
            if seen <= first_run_end && !at_first_sync.contains(code) {
                at_first_sync.insert(code.to_string());
            }
            let Some((code, _)) = rows.get_key_value(code) else {
                return Ok(());
            };
            let Some(kind) = r[1].as_str().and_then(stage_index) else {
                return Ok(());
            };
            let start = seconds(&r[2]).unwrap_or(seen);
            order.push((code.as_str(), start, seen, kind));
            Ok(())
        })?;
        Ok((stays(order, rows.len()), at_first_sync.len() as u64))
    }

    /// Candidates whose name, code or email holds `query` (see [`matches`]), at `stage` when
    /// given, at most `limit`, best first: codes equal to the query, then names, codes and
    /// emails that start with it, then the rest, each by code. Deleted candidates are left
    /// out.
    pub fn search(
        &mut self,
        query: &str,
        stage: Option<&str>,
        limit: usize,
    ) -> Result<Found, Error> {
        let age = self.age()?;
        let q = Query::new(query);
        let db = self.db();
        let mut sql =
            "SELECT code, name, email FROM candidates WHERE deleted_at IS NULL".to_string();
        let mut params = Vec::new();
        if let Some(s) = stage {
            sql.push_str(" AND stage_kind = ?");
            params.push(Val::text(s));
        }
        let mut hits: Vec<(u8, String)> = db::query(db, &sql, &params)?
            .into_iter()
            .filter_map(|r| {
                let code = r[0].as_str()?.to_string();
                let rank = q.rank(&code, r[1].as_str(), r[2].as_str())?;
                Some((rank, code))
            })
            .collect();
        hits.sort();
        let total = hits.len() as u64;
        hits.truncate(limit);
        let mut items = Vec::with_capacity(hits.len());
        if !hits.is_empty() {
            let codes: Vec<Val> = hits.iter().map(|(_, c)| Val::text(c)).collect();
            let mut data: HashMap<String, Value> = db::query(
                db,
                &format!(
                    "SELECT code, data FROM candidates WHERE code IN ({})",
                    marks(codes.len())
                ),
                &codes,
            )?
            .into_iter()
            .filter_map(|r| {
                let v = serde_json::from_str(r[1].as_str()?).ok()?;
                Some((r[0].as_str()?.to_string(), v))
            })
            .collect();
            items.extend(hits.iter().filter_map(|(_, c)| data.remove(c)));
        }
        Ok(Found { items, total, age })
    }
}

/// The stays of the history rows `order` (candidate, start, first sight, kind): sorted by
/// candidate and start, a row of the same kind as the one before continuing its stay.
fn stays(mut order: Vec<(&str, f64, f64, usize)>, candidates: usize) -> HashMap<&str, Vec<Stay>> {
    order.sort_by(|a, b| {
        (a.0, a.1, a.2)
            .partial_cmp(&(b.0, b.1, b.2))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut stays: HashMap<&str, Vec<Stay>> = HashMap::with_capacity(candidates);
    for (code, start, _, kind) in order {
        let list = stays.entry(code).or_default();
        if list.last().is_none_or(|s| s.kind != kind) {
            list.push(Stay { kind, start });
        }
    }
    stays
}

/// The groups of the report: one, or one per job (by title, then code; no job last).
fn tally(
    rows: &HashMap<String, Row>,
    stays: &HashMap<&str, Vec<Stay>>,
    by_job: bool,
) -> Vec<PipelineGroup> {
    let mut groups: Vec<PipelineGroup> = Vec::new();
    let mut index: HashMap<Option<Job>, usize> = HashMap::new();
    if !by_job {
        index.insert(None, 0);
        groups.push(empty_group(None));
    }
    let mut codes: Vec<&String> = rows.keys().collect();
    codes.sort();
    for code in codes {
        let row = &rows[code];
        let k = by_job.then(|| row.job.clone());
        let g = *index.entry(k.clone()).or_insert_with(|| {
            groups.push(empty_group(k));
            groups.len() - 1
        });
        let list = stays.get(code.as_str()).map_or(&[][..], Vec::as_slice);
        groups[g].count(row, list);
    }
    for g in &mut groups {
        for s in &mut g.stages {
            s.days.sort_by(f64::total_cmp);
        }
        g.hire_days.sort_by(f64::total_cmp);
    }
    if by_job {
        groups.sort_by(|a, b| {
            let k = |g: &PipelineGroup| {
                let (code, title) = g.job.clone().unwrap_or_default();
                (code.is_none(), title, code)
            };
            k(a).cmp(&k(b))
        });
    }
    groups
}

impl PipelineGroup {
    /// Count one candidate, at `row.now` with these stays.
    fn count(&mut self, row: &Row, stays: &[Stay]) {
        let fail = stage_index("fail").expect("fail is a stage");
        let pass = stage_index("pass").expect("pass is a stage");
        let offer = stage_index("offer").expect("offer is a stage");
        self.candidates += 1;
        if row.now == Some(pass) {
            if let (Some(applied), Some(start)) = (row.applied, row.stage_start) {
                self.hire_days.push((start - applied).max(0.0) / 86_400.0);
            }
        }
        // Seen to leave offer: its last stay at offer and the stay after it.
        let left_offer = stays
            .windows(2)
            .rev()
            .find(|w| w[0].kind == offer)
            .map(|w| w[1].kind);
        match left_offer {
            Some(k) if k == pass => self.offers_accepted += 1,
            Some(k) if k == fail => self.offers_declined += 1,
            _ => {}
        }
        if let Some(now) = row.now {
            self.stages[now].now += 1;
        }
        let mut furthest = row.now.filter(|&k| k != fail);
        let mut failed = row.now == Some(fail);
        for (i, stay) in stays.iter().enumerate() {
            let numbers = &mut self.stages[stay.kind];
            numbers.entered += 1;
            if stay.kind == fail {
                failed = true;
            } else {
                furthest = furthest.max(Some(stay.kind));
            }
            let Some(next) = stays.get(i + 1) else {
                continue;
            };
            numbers
                .days
                .push((next.start - stay.start).max(0.0) / 86_400.0);
            if next.kind == fail {
                numbers.failed += 1;
            } else {
                numbers.moved_on += 1;
            }
        }
        if let Some(f) = furthest {
            for s in &mut self.stages[..=f] {
                s.reached += 1;
            }
        }
        if failed {
            self.stages[fail].reached += 1;
        }
    }
}

fn empty_group(job: Option<Job>) -> PipelineGroup {
    PipelineGroup {
        job,
        candidates: 0,
        hire_days: Vec::new(),
        offers_accepted: 0,
        offers_declined: 0,
        stages: stages()
            .iter()
            .map(|s| StageNumbers {
                stage: s.as_str(),
                ..StageNumbers::default()
            })
            .collect(),
    }
}

// ---------------------------------------------------------------- search

/// The 19 initial consonants of Hangul syllables, in the order of the Unicode syllable block,
/// as compatibility jamo (what a keyboard types alone: `ㄱ`).
const INITIALS: [char; 19] = [
    'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ',
    'ㅌ', 'ㅍ', 'ㅎ',
];

/// The initial consonant of a precomposed Hangul syllable (`김` → `ㄱ`).
pub fn initial(c: char) -> Option<char> {
    let n = (c as u32).checked_sub(0xAC00)?;
    (n < 11_172).then(|| INITIALS[(n / 588) as usize])
}

/// A search query: its characters lowercased, spaces left out.
struct Query {
    chars: Vec<char>,
    text: String,
}

impl Query {
    fn new(q: &str) -> Query {
        let text: String = q
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect();
        Query {
            chars: text.chars().collect(),
            text,
        }
    }

    /// How well a candidate matches (lower is better), or none.
    fn rank(&self, code: &str, name: Option<&str>, email: Option<&str>) -> Option<u8> {
        if self.chars.is_empty() {
            return Some(3);
        }
        let code = code.to_lowercase();
        if code == self.text {
            return Some(0);
        }
        let email = email.map(str::to_lowercase).unwrap_or_default();
        let name: Vec<char> = name
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect();
        let name_at = matches(&name, &self.chars);
        if name_at == Some(0) || code.starts_with(&self.text) || email.starts_with(&self.text) {
            return Some(1);
        }
        if name_at.is_some() || code.contains(&self.text) || email.contains(&self.text) {
            return Some(2);
        }
        None
    }
}

/// Where `query` first occurs in `name`, a query's initial consonant (`ㅎ`) standing for any
/// syllable that begins with it (`하`, `한`...): `ㄱㅎㄴ`, `하늘` and `김ㅎ` all find 김하늘.
pub fn matches(name: &[char], query: &[char]) -> Option<usize> {
    if query.len() > name.len() {
        return None;
    }
    let same = |n: char, q: char| n == q || (INITIALS.contains(&q) && initial(n) == Some(q));
    (0..=name.len() - query.len())
        .find(|&i| query.iter().zip(&name[i..]).all(|(q, n)| same(*n, *q)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(name: &str, q: &str) -> bool {
        let q = Query::new(q);
        q.rank("C1", Some(name), Some("sky.kim@example.com"))
            .is_some()
    }

    #[test]
    fn hangul_syllables_initials_and_latin_find_a_name() {
        assert_eq!(initial('김'), Some('ㄱ'));
        assert_eq!(initial('하'), Some('ㅎ'));
        assert_eq!(initial('늘'), Some('ㄴ'));
        assert_eq!(initial('a'), None);
        for q in [
            "하늘",
            "ㄱㅎㄴ",
            "ㅎㄴ",
            "김ㅎ",
            "김하늘",
            "김 하늘",
            "SKY.KIM",
            "c1",
        ] {
            assert!(found("김하늘", q), "{q}");
        }
        for q in ["ㄱㄴ", "하늘김", "ㅎㄱ", "나", "sky.lee"] {
            assert!(!found("김하늘", q), "{q}");
        }
        assert!(found("Kim Haneul", "haneul"));
        assert!(found("Kim Haneul", "KIMHA"));
    }

    #[test]
    fn weeks_begin_on_monday_at_plus_nine() {
        let unix = |s: &str| chrono::DateTime::parse_from_rfc3339(s).unwrap().timestamp() as f64;
        // Sunday 23:30 at +09:00 is still the week of that Sunday...
        let weeks = week_starts(unix("2026-11-29T23:30:00+09:00"), 2);
        assert_eq!(
            weeks,
            vec![
                (unix("2026-11-16T00:00:00+09:00"), "2026-W47".to_string()),
                (unix("2026-11-23T00:00:00+09:00"), "2026-W48".to_string()),
            ]
        );
        // ...and an hour later (still Sunday in UTC) the next one has begun.
        let weeks = week_starts(unix("2026-11-30T00:30:00+09:00"), 1);
        assert_eq!(
            weeks,
            vec![(unix("2026-11-30T00:00:00+09:00"), "2026-W49".to_string())]
        );
        // ISO years: the last days of December can be week 1 of the next year.
        let weeks = week_starts(unix("2026-12-29T12:00:00+09:00"), 1);
        assert_eq!(weeks[0].1, "2026-W53");
    }

    #[test]
    fn percentiles_interpolate_between_ranks() {
        assert_eq!(percentile(&[], 0.5), None);
        assert_eq!(percentile(&[4.0], 0.9), Some(4.0));
        assert_eq!(percentile(&[1.0, 2.0, 3.0, 4.0], 0.5), Some(2.5));
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert!((percentile(&ten, 0.9).unwrap() - 9.1).abs() < 1e-9);
    }
}
