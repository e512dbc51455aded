//! `audit list | verify | report`: the access log read, filtered and reviewed. The CLI's
//! `recruit audit` renders what these hand back (tables, CSV, JSON).

use std::collections::HashSet;

use recruit_audit::{Break, Log, Record, Verdict, Via};

use crate::error::Error;

/// Which records `audit list` shows.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Those at or after this instant (Unix seconds).
    pub since: Option<f64>,
    pub via: Option<Via>,
    /// Those naming this candidate.
    pub candidate: Option<String>,
}

/// The records of `log` that `filter` takes, oldest first.
pub fn list(log: &Log, filter: &ListFilter) -> Result<Vec<Record>, Error> {
    Ok(log
        .records()?
        .into_iter()
        .filter(|r| {
            filter.since.is_none_or(|s| {
                r.time()
                    .is_some_and(|t| t.timestamp_millis() as f64 / 1000.0 >= s)
            })
        })
        .filter(|r| filter.via.is_none_or(|v| r.via == v))
        .filter(|r| {
            filter
                .candidate
                .as_ref()
                .is_none_or(|c| r.candidates.iter().any(|x| x == c))
        })
        .collect())
}

/// One month's review of `log`: its records by actor and way, and the whole chain checked.
pub fn review(log: Log, month: Month) -> Result<Review, Error> {
    let (from, to) = month.bounds();
    let records: Vec<Record> = log
        .records()?
        .into_iter()
        .filter(|r| r.time().is_some_and(|t| t >= from && t < to))
        .collect();
    let verdict = log.verify()?;
    let (groups, distinct) = by_actor(&records);
    let candidates = records.iter().map(|r| r.count).sum();
    Ok(Review {
        month,
        from,
        to,
        log,
        records,
        groups,
        distinct,
        verdict,
        candidates,
    })
}

pub use crate::time::Month;

/// One row of the review: an actor's records through one way.
pub struct Group {
    pub actor: String,
    pub via: Via,
    pub sandbox: bool,
    pub records: u64,
    pub candidates: u64,
    pub distinct: HashSet<String>,
    /// In the one list's order.
    pub fields: Vec<String>,
}

/// A field's place in the one list (unknown names after it, by name).
fn field_order(names: &[String], f: &str) -> usize {
    names
        .iter()
        .position(|n| n == f)
        .unwrap_or(names.len() + f.len())
}

/// One month's review, gathered once and then written in the format asked for.
pub struct Review {
    pub month: Month,
    pub from: chrono::DateTime<chrono::Local>,
    pub to: chrono::DateTime<chrono::Local>,
    pub log: Log,
    /// The month's records, oldest first.
    pub records: Vec<Record>,
    /// One per actor and via, sorted by actor, then via in `Via::ALL` order.
    pub groups: Vec<Group>,
    /// How many distinct candidates the month's records name.
    pub distinct: usize,
    /// The whole log's chain, checked.
    pub verdict: Verdict,
    /// The candidates of all the records, counted once per record.
    pub candidates: u64,
}

impl Review {
    /// The exports and syncs: the records that took personal data off the server.
    pub fn downloads(&self) -> Vec<&Record> {
        self.records
            .iter()
            .filter(|r| matches!(r.via, Via::Export | Via::Sync))
            .collect()
    }

    /// Where the chain breaks, if it does.
    pub fn broken(&self) -> Option<&Break> {
        match &self.verdict {
            Verdict::Broken(b) => Some(b),
            _ => None,
        }
    }
}

/// The records grouped by actor and via (sorted), and how many distinct candidates they name.
pub fn by_actor(records: &[Record]) -> (Vec<Group>, usize) {
    let names: Vec<String> = recruit_audit::field_names().collect();
    let mut groups: Vec<Group> = Vec::new();
    let mut all_codes = HashSet::new();
    for r in records {
        let at = match groups
            .iter()
            .position(|g| g.actor == r.actor && g.via == r.via && g.sandbox == r.sandbox)
        {
            Some(i) => i,
            None => {
                groups.push(Group {
                    actor: r.actor.clone(),
                    via: r.via,
                    sandbox: r.sandbox,
                    records: 0,
                    candidates: 0,
                    distinct: HashSet::new(),
                    fields: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let g = &mut groups[at];
        g.records += 1;
        g.candidates += r.count;
        g.distinct.extend(r.candidates.iter().cloned());
        all_codes.extend(r.candidates.iter().cloned());
        for f in &r.fields {
            if !g.fields.contains(f) {
                g.fields.push(f.clone());
            }
        }
    }
    for g in &mut groups {
        g.fields.sort_by_key(|f| field_order(&names, f));
    }
    groups.sort_by(|x, y| {
        let via = |v: Via| Via::ALL.iter().position(|w| *w == v);
        (&x.actor, via(x.via), x.sandbox).cmp(&(&y.actor, via(y.via), y.sandbox))
    });
    (groups, all_codes.len())
}

/// The latest month `audit prune --before` may name: `keep` months before the current one,
/// so the months kept are the current one and the `keep` before it.
fn latest_allowed(today: chrono::NaiveDate, keep: u32) -> Option<chrono::NaiveDate> {
    use chrono::Datelike as _;
    today
        .with_day(1)?
        .checked_sub_months(chrono::Months::new(keep))
}

/// `audit prune --before MONTH` with `audit_keep` = `keep` on `today`: refused (exit 2) for a
/// month younger than the log must be kept. Checked before anything is asked or written.
pub fn prune_allowed(before: &Month, keep: u32, today: chrono::NaiveDate) -> Result<(), Error> {
    let latest = latest_allowed(today, keep).unwrap_or(today);
    if before.first > latest {
        return Err(Error::usage(crate::msg!(
            "audit-prune-too-young",
            month = before.name(),
            keep = keep,
            latest = latest.format("%Y-%m").to_string()
        )));
    }
    Ok(())
}

/// What `audit prune` removed.
#[derive(Debug, Clone)]
pub struct Pruned {
    /// The first instant kept (local midnight of the month named).
    pub from: chrono::DateTime<chrono::Local>,
    pub removed: u64,
    pub kept: u64,
    /// The sequence number of the checkpoint the records kept chain from (none when nothing
    /// was removed).
    pub checkpoint: Option<u64>,
    /// The destruction register's rows removed for the same months.
    pub register_rows: u64,
}

/// The records of `log` before `before`'s first day, and the register's rows of those months,
/// removed. A log whose chain is broken is left as it is (an error naming the break).
pub fn prune(log: &Log, before: &Month) -> Result<Pruned, Error> {
    let from = crate::time::day_start(before.first);
    let (removed, checkpoint, kept) = match log.prune(|r| r.time().is_some_and(|t| t < from))? {
        recruit_audit::Pruned::Refused(b) => {
            return Err(Error::other(crate::msg!(
                "audit-prune-broken",
                path = log.path().display().to_string(),
                what = b.said().said()
            )))
        }
        recruit_audit::Pruned::Done {
            removed,
            checkpoint,
            kept,
        } => (removed, checkpoint, kept),
    };
    let register_rows = crate::ops::privacy::register::prune(from)?;
    Ok(Pruned {
        from,
        removed,
        kept,
        checkpoint,
        register_rows,
    })
}

#[cfg(test)]
mod prune_tests {
    use super::*;

    #[test]
    fn the_latest_month_allowed_keeps_the_current_month_and_audit_keep_before_it() {
        let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        assert_eq!(
            latest_allowed(day("2026-11-29"), 24),
            Some(day("2024-11-01"))
        );
        assert_eq!(
            latest_allowed(day("2026-01-01"), 12),
            Some(day("2025-01-01"))
        );
    }
}
