//! `report pipeline --xlsx FILE`: the report as an Excel workbook, one sheet per table (each
//! group's stages, with a native bar chart of its funnel). The workbook is written from a
//! list of tables ([`tables`]): a new table of the report is one more entry there.

use serde_json::{json, Value};

use crate::output::xlsx::{BarChart, Table};
use crate::sync::mirror::report::{Pipeline, PipelineGroup};

/// The report's tables, in the language in use: one per group (every candidate, or each job).
pub(crate) fn tables(r: &Pipeline) -> Vec<Table> {
    r.groups.iter().map(stages_table).collect()
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
