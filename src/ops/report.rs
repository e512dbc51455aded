//! The pipeline report, from the mirror alone (no request to the service): per stage kind,
//! candidates now there, moved on, failed, and days in the stage.

use serde_json::{json, Value};

use crate::error::Error;
use crate::msg::Msg;
use crate::sync::mirror::report::{Pipeline, PipelineFilter, PipelineGroup, TrendWeek};
use crate::sync::MirrorActor;

/// How the history is counted, for programs (JSON never changes with the language).
pub const RULE: &str = "Each candidate counts from what the mirror saw: the first sync saw \
it at one stage only, so its earlier stages are unknown and not counted, and its stay at that \
stage counts from the stage's start as the service gave it (job_stage.created_at); a stage \
entered and left between two syncs is not seen. A stay ends when the next stage begins: moved \
on, or failed when the next stage is fail. Days are those of ended stays; median and 90th \
percentile interpolate linearly between the nearest ranks.";

named! {
    /// What `--by` splits a report by.
    pub enum By {
        /// One table per job
        Job = "job",
    }
}

/// Which candidates the report counts, and how it splits them.
#[derive(Debug, Clone, Default)]
pub struct PipelineOptions {
    /// Only candidates of this job (its code).
    pub job: Option<String>,
    pub by: Option<By>,
    /// Only candidates who applied at or after this Unix time ([`parse_since`]).
    pub since: Option<f64>,
}

impl PipelineOptions {
    fn filter(&self) -> PipelineFilter {
        PipelineFilter {
            job: self.job.clone(),
            since: self.since,
            by_job: self.by == Some(By::Job),
        }
    }
}

/// `--since` / `since`: a date (its local day's start) or an RFC 3339 time, as Unix seconds:
/// the time module's, as every DATE.
pub use crate::time::parse_since;

/// The report, from the mirror `store`.
pub async fn pipeline(store: &MirrorActor, o: &PipelineOptions) -> Result<Pipeline, Error> {
    let filter = o.filter();
    store.call(move |m| m.pipeline(&filter)).await
}

/// Which weeks and candidates `report trend` counts.
#[derive(Debug, Clone)]
pub struct TrendOptions {
    /// How many ISO weeks, up to the current one.
    pub weeks: u32,
    /// Only candidates of this job (its code).
    pub job: Option<String>,
}

/// Weeks `report trend` shows unless told.
pub const TREND_WEEKS: u32 = 8;

/// Candidates that entered each stage, per ISO week at +09:00, oldest week first.
pub async fn trend(store: &MirrorActor, o: &TrendOptions) -> Result<Vec<TrendWeek>, Error> {
    let filter = PipelineFilter {
        job: o.job.clone(),
        ..PipelineFilter::default()
    };
    let weeks = o.weeks;
    store.call(move |m| m.trend(weeks, &filter)).await
}

/// The report for programs: the same numbers in every format and language.
pub fn to_json(database: &str, r: &Pipeline, o: &PipelineOptions) -> Value {
    json!({
        "database": database,
        "mirror": r.age.to_json(),
        "rule": RULE,
        "filter": {
            "job": o.job,
            "since": o.since.and_then(|t| chrono::DateTime::from_timestamp(t as i64, 0))
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            "by": o.by.map(|b| b.as_str()),
        },
        "groups": r.groups.iter().map(PipelineGroup::to_json).collect::<Vec<_>>(),
    })
}

/// When a Unix time was, in local time for people (`-` for never).
pub fn local(t: Option<f64>) -> String {
    t.and_then(|t| chrono::DateTime::from_timestamp(t as i64, 0))
        .map(|t| {
            t.with_timezone(&chrono::Local)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_else(|| "-".to_string())
}

/// How old the mirror is: `3 h ago`, `2 days ago`, or never synced.
pub fn age(secs: Option<f64>) -> Msg {
    let Some(s) = secs else {
        return crate::msg!("report-never-synced");
    };
    let s = s.max(0.0) as u64;
    match s {
        s if s < 3600 => crate::msg!("report-age-minutes", count = s / 60),
        s if s < 2 * 86_400 => crate::msg!("report-age-hours", count = s / 3600),
        s => crate::msg!("report-age-days", count = s / 86_400),
    }
}
