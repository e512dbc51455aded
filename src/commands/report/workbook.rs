//! `report pipeline --xlsx FILE`: the report as an Excel workbook, one sheet per table (each
//! group's stages, with a native bar chart of its funnel; then the figures: conversion, time
//! to hire and offer acceptance, a row per group). The workbook is written from a list of
//! tables ([`tables`]): a new table of the report is one more entry there. Its numbers are
//! those of `-o json` (shares to four places, days to two), shares shown as percentages; a
//! figure resting on no candidate is an empty cell with the reason beside it, in the words
//! of the table.

use serde_json::{json, Value};

use crate::output::xlsx::{BarChart, Table};
use crate::sync::mirror::report::{Pipeline, PipelineGroup};

/// The report's tables, in the language in use: one per group (every candidate, or each job),
/// then one per figure, a row (or a row per step) for each group.
pub(crate) fn tables(r: &Pipeline) -> Vec<Table> {
    let mut tables: Vec<Table> = r.groups.iter().map(stages_table).collect();
    tables.push(conversion_table(&r.groups));
    tables.push(time_to_hire_table(&r.groups));
    tables.push(offer_acceptance_table(&r.groups));
    tables
}

/// Conversion from each funnel stage to the next, per group: the share (a percentage), the
/// candidates it rests on, and why it is empty when none reached the first stage.
fn conversion_table(groups: &[PipelineGroup]) -> Table {
    let header = vec![
        crate::t!("xlsx-report-col-group"),
        crate::t!("xlsx-report-col-from"),
        crate::t!("xlsx-report-col-to"),
        crate::t!("xlsx-report-col-share"),
        crate::t!("xlsx-report-col-candidates"),
        crate::t!("xlsx-report-col-why-empty"),
    ];
    let mut rows = Vec::new();
    for g in groups {
        for c in g.conversion() {
            let (from, to) = (
                crate::i18n::words::stage(c.from),
                crate::i18n::words::stage(c.to),
            );
            let why = match c.share {
                Some(_) => Value::Null,
                None => json!(crate::t!(
                    "report-conversion-none",
                    from = from.as_str(),
                    to = to.as_str()
                )),
            };
            rows.push(vec![
                json!(sheet_name(g)),
                json!(from),
                json!(to),
                share(c.share),
                json!(c.candidates),
                why,
            ]);
        }
    }
    Table {
        name: crate::t!("xlsx-report-sheet-conversion"),
        header,
        rows,
        chart: None,
        percent: vec![3],
    }
}

/// Time to hire per group: median and 90th-percentile days, the candidates hired.
fn time_to_hire_table(groups: &[PipelineGroup]) -> Table {
    let [_, _, _, _, median, p90] = super::headings();
    let header = vec![
        crate::t!("xlsx-report-col-group"),
        median,
        p90,
        crate::t!("xlsx-report-col-candidates"),
        crate::t!("xlsx-report-col-why-empty"),
    ];
    let rows = groups
        .iter()
        .map(|g| {
            let (m, p) = (g.hire_median_days(), g.hire_p90_days());
            let why = match m {
                Some(_) => Value::Null,
                None => json!(crate::t!("report-time-to-hire-none")),
            };
            vec![
                json!(sheet_name(g)),
                days(m),
                days(p),
                json!(g.hire_days.len()),
                why,
            ]
        })
        .collect();
    Table {
        name: crate::t!("xlsx-report-sheet-time-to-hire"),
        header,
        rows,
        chart: None,
        percent: Vec::new(),
    }
}

/// Offer acceptance per group: the share (a percentage) of those seen to leave Offer.
fn offer_acceptance_table(groups: &[PipelineGroup]) -> Table {
    let header = vec![
        crate::t!("xlsx-report-col-group"),
        crate::t!("xlsx-report-col-share"),
        crate::t!("xlsx-report-col-candidates"),
        crate::t!("xlsx-report-col-why-empty"),
    ];
    let rows = groups
        .iter()
        .map(|g| {
            let (n, accepted) = g.offer_acceptance();
            let why = match accepted {
                Some(_) => Value::Null,
                None => json!(crate::t!("report-offer-acceptance-none")),
            };
            vec![json!(sheet_name(g)), share(accepted), json!(n), why]
        })
        .collect();
    Table {
        name: crate::t!("xlsx-report-sheet-offer-acceptance"),
        header,
        rows,
        chart: None,
        percent: vec![1],
    }
}

/// A share to four places as a number (as `-o json` gives it), or an empty cell.
fn share(s: Option<f64>) -> Value {
    s.map_or(Value::Null, |s| json!((s * 10_000.0).round() / 10_000.0))
}

/// A group's stages: the funnel's count (reached), now there, moved on, failed, and days;
/// days are numbers, a stage with no ended stay an empty cell. The chart shows the funnel
/// from `applied` to `pass` (the stages before `fail`).
fn stages_table(g: &PipelineGroup) -> Table {
    let [stage, now, moved_on, failed, median, p90] = super::headings();
    let header = vec![
        stage,
        crate::t!("xlsx-report-col-reached"),
        now,
        moved_on,
        failed,
        median,
        p90,
    ];
    let rows: Vec<Vec<Value>> = g
        .stages
        .iter()
        .map(|s| {
            vec![
                json!(crate::i18n::words::stage(s.stage)),
                json!(s.reached),
                json!(s.now),
                json!(s.moved_on),
                json!(s.failed),
                days(s.median_days()),
                days(s.p90_days()),
            ]
        })
        .collect();
    let funnel = g.stages.iter().take_while(|s| s.stage != "fail").count() as u32;
    Table {
        name: sheet_name(g),
        header,
        rows,
        chart: Some(BarChart {
            title: crate::t!("report-funnel-title"),
            labels: 0,
            values: 1,
            rows: funnel,
        }),
        percent: Vec::new(),
    }
}

/// Days with two decimals as a number, or an empty cell.
fn days(d: Option<f64>) -> Value {
    d.map_or(Value::Null, |d| json!((d * 100.0).round() / 100.0))
}

/// A group's sheet name: the job's code (or title), or every candidate's.
fn sheet_name(g: &PipelineGroup) -> String {
    match &g.job {
        None => crate::t!("xlsx-report-sheet-all"),
        Some((Some(code), _)) => code.clone(),
        Some((None, Some(title))) => title.clone(),
        Some((None, None)) => crate::t!("xlsx-report-sheet-no-job"),
    }
}
