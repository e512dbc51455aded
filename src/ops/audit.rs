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
