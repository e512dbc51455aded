//! `report pipeline --html FILE`: one self-contained page (styles inline, no script, no
//! network) in the language in use, with two charts drawn here as inline SVG: a funnel (how
//! many candidates reached each stage) and the days in each stage (median and 90th
//! percentile). Printed, it fits A4 portrait (`@media print`, `@page`).

use super::{about_lines, days, figure_lines, group_rows, group_title, headings, percent};
use crate::i18n::words::stage as stage_word;
use crate::ops::report::PipelineOptions;
use crate::sync::mirror::report::{Pipeline, PipelineGroup, StageNumbers};

/// The funnel's bars.
pub(crate) const FUNNEL_FILL: &str = "#2b6cb0";
/// The time-in-stage chart's median bars, and its 90th-percentile bars behind them.
pub(crate) const MEDIAN_FILL: &str = "#dd6b20";
pub(crate) const P90_FILL: &str = "#f6ad55";

const STYLE: &str = "
body { font-family: system-ui, 'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif;
       margin: 24px auto; max-width: 760px; color: #1a202c; }
h1 { font-size: 22px; margin: 0 0 8px; }
h2 { font-size: 17px; margin: 24px 0 8px; border-bottom: 1px solid #cbd5e0; }
h3 { font-size: 14px; margin: 12px 0 4px; color: #4a5568; }
p.meta, p.rule { font-size: 12px; color: #4a5568; margin: 4px 0; }
.headline { display: flex; gap: 12px; margin: 12px 0; }
.headline div { flex: 1; border: 1px solid #cbd5e0; border-radius: 6px; padding: 8px 10px; }
.headline b { display: block; font-size: 24px; }
.headline small, p.empty, ul.figures { font-size: 12px; color: #4a5568; }
ul.figures { margin: 6px 0; padding-left: 18px; }
footer { margin-top: 28px; border-top: 1px solid #cbd5e0; }
table.jobs { border-collapse: collapse; font-size: 12px; margin: 8px 0 16px; width: 100%; }
table.jobs tbody th { text-align: left; font-weight: normal; }
table.jobs th, table.jobs td { border: 1px solid #cbd5e0; padding: 3px 8px; }
table.jobs td { text-align: right; }
table.jobs thead th { background: #edf2f7; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font-size: 13px; fill: #1a202c; }
table.numbers { border-collapse: collapse; margin-top: 8px; font-size: 13px; }
table.numbers th, table.numbers td { border: 1px solid #cbd5e0; padding: 3px 8px; }
table.numbers td { text-align: right; }
table.numbers thead th { background: #edf2f7; }
.legend span { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: middle; }
@page { size: A4 portrait; margin: 14mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  section.group { break-inside: avoid; page-break-inside: avoid; }
  section.group + section.group, .overview + section.group { break-before: page; page-break-before: always; }
  h2 { margin-top: 0; }
}
";

/// `&`, `<`, `>`, `\"` and `'` escaped for HTML text and attributes.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The whole page: its title with the period and the last sync, the headline numbers, with
/// `--by job` the jobs side by side, each group's charts and numbers, and the method and the
/// mirror in a footnote.
pub(crate) fn page(r: &Pipeline, database: &str, a: &PipelineOptions) -> String {
    let lang = crate::i18n::lang().code();
    let period = filter_line(a).unwrap_or_else(|| crate::t!("report-period-all"));
    let title = crate::t!(
        "report-html-heading",
        period = period,
        last = crate::ops::report::local(r.age.last_sync)
    );
    let mut body = String::new();
    body.push_str(&format!("<h1>{}</h1>\n", esc(&title)));
    body.push_str(&headline(r));
    if a.by.is_some() && r.groups.len() > 1 {
        body.push_str(&format!(
            "<div class=\"overview\">{}</div>\n",
            jobs_table(r)
        ));
    }
    for (i, g) in r.groups.iter().enumerate() {
        body.push_str(&group(i, g));
    }
    let about = about_lines(database, &r.age);
    body.push_str(&format!(
        "<footer>\n<p class=\"meta\" id=\"mirror\">{}</p>\n<p class=\"rule\" id=\"rule\">{}</p>\n</footer>\n",
        esc(&about[0]),
        esc(&about[1])
    ));
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        esc(&title)
    )
}

/// Every group's candidates as one: the headline's numbers.
fn overall(r: &Pipeline) -> PipelineGroup {
    let mut all = PipelineGroup::default();
    for g in &r.groups {
        all.candidates += g.candidates;
        all.hire_days.extend(&g.hire_days);
        all.offers_accepted += g.offers_accepted;
        all.offers_declined += g.offers_declined;
    }
    all.hire_days.sort_by(f64::total_cmp);
    all
}

/// Hires: the candidates at `pass` now.
fn hires(g: &PipelineGroup) -> u64 {
    g.stages
        .iter()
        .find(|s| s.stage == "pass")
        .map_or(0, |s| s.now)
}

/// The four numbers at the top: candidates, hires, median time to hire, offer acceptance;
/// a figure resting on no candidate says why instead of a number.
fn headline(r: &Pipeline) -> String {
    let all = overall(r);
    let hired: u64 = r.groups.iter().map(hires).sum();
    let tile = |id: &str, label: String, value: Option<String>, note: String| {
        format!(
            "<div id=\"{id}\"><small>{}</small><b>{}</b><small>{}</small></div>",
            esc(&label),
            esc(value.as_deref().unwrap_or("–")),
            esc(&note)
        )
    };
    let (offers, accepted) = all.offer_acceptance();
    let tiles = [
        tile(
            "headline-candidates",
            crate::t!("report-head-candidates"),
            Some(all.candidates.to_string()),
            String::new(),
        ),
        tile(
            "headline-hires",
            crate::t!("report-head-hires"),
            Some(hired.to_string()),
            String::new(),
        ),
        tile(
            "headline-time-to-hire",
            crate::t!("report-head-time-to-hire"),
            all.hire_median_days()
                .map(|d| crate::t!("report-head-days", days = days(Some(d)))),
            match all.hire_median_days() {
                Some(_) => crate::t!("report-head-of", count = all.hire_days.len()),
                None => crate::t!("report-head-no-hire"),
            },
        ),
        tile(
            "headline-offer-acceptance",
            crate::t!("report-head-offer-acceptance"),
            accepted.map(percent),
            match accepted {
                Some(_) => crate::t!("report-head-of", count = offers),
                None => crate::t!("report-head-no-offer"),
            },
        ),
    ];
    format!("<div class=\"headline\">{}</div>\n", tiles.concat())
}

/// `--by job`: the jobs side by side in one table, a row each (a column each would run off
/// the page with a dozen jobs).
fn jobs_table(r: &Pipeline) -> String {
    let stages = crate::sync::mirror::report::stages();
    let mut heads = vec![
        crate::t!("report-head-job"),
        crate::t!("report-head-candidates"),
    ];
    heads.extend(stages.iter().map(|s| stage_word(s.as_str())));
    heads.push(crate::t!("report-head-time-to-hire"));
    heads.push(crate::t!("report-head-offer-acceptance"));
    let mut s = String::from("<table class=\"jobs\" id=\"jobs\">\n<thead><tr>");
    for h in &heads {
        s.push_str(&format!("<th>{}</th>", esc(h)));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for g in &r.groups {
        let (code, title) = g.job.clone().unwrap_or_default();
        let name = title.or(code.clone()).unwrap_or_else(|| "-".into());
        s.push_str(&format!(
            "<tr data-job=\"{}\"><th>{}</th><td data-key=\"candidates\">{}</td>",
            esc(&code.unwrap_or_default()),
            esc(&name),
            g.candidates
        ));
        for st in &g.stages {
            s.push_str(&format!("<td data-key=\"{}\">{}</td>", st.stage, st.now));
        }
        s.push_str(&format!(
            "<td data-key=\"time_to_hire\">{}</td><td data-key=\"offer_acceptance\">{}</td></tr>\n",
            esc(&days(g.hire_median_days())),
            esc(&g.offer_acceptance().1.map_or_else(|| "-".into(), percent))
        ));
    }
    s.push_str("</tbody>\n</table>\n");
    s
}

/// What `--job` and `--since` left in, in words.
fn filter_line(a: &PipelineOptions) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(job) = &a.job {
        parts.push(crate::t!("report-filter-job", job = job.as_str()));
    }
    if let Some(since) = a.since {
        parts.push(crate::t!(
            "report-filter-since",
            since = crate::ops::report::local(Some(since))
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

fn group(i: usize, g: &PipelineGroup) -> String {
    let code = g
        .job
        .as_ref()
        .and_then(|(c, _)| c.clone())
        .unwrap_or_default();
    let mut s = format!(
        "<section class=\"group\" id=\"group-{i}\" data-job=\"{}\">\n<h2>{}</h2>\n",
        esc(&code),
        esc(&group_title(g))
    );
    s.push_str(&format!(
        "<h3>{}</h3>\n{}",
        esc(&crate::t!("report-funnel-title")),
        funnel(i, g)
    ));
    s.push_str("<ul class=\"figures\">");
    // The first three: conversion, time to hire, offer acceptance (the time chart says its own).
    for line in figure_lines(g).into_iter().take(3) {
        s.push_str(&format!("<li>{}</li>", esc(&line)));
    }
    s.push_str("</ul>\n");
    if g.stages.iter().all(|st| st.days.is_empty()) {
        // No ended stay: six rows of "-" would say nothing; the reason does.
        s.push_str(&format!(
            "<h3>{}</h3>\n<p class=\"empty\" id=\"time-{i}\">{}</p>\n",
            esc(&crate::t!("report-time-title")),
            esc(&crate::t!("report-days-none"))
        ));
        s.push_str(&numbers_table(g));
        s.push_str("</section>\n");
        return s;
    }
    s.push_str(&format!(
        "<h3>{}</h3>\n<div class=\"legend\"><span style=\"background:{MEDIAN_FILL}\"></span>{}\
         <span style=\"background:{P90_FILL}\"></span>{}</div>\n{}",
        esc(&crate::t!("report-time-title")),
        esc(&crate::t!("report-legend-median")),
        esc(&crate::t!("report-legend-p90")),
        time_chart(i, g)
    ));
    s.push_str(&numbers_table(g));
    s.push_str("</section>\n");
    s
}

const WIDTH: f64 = 680.0;
const LABEL: f64 = 130.0;
const ROW: f64 = 34.0;

/// The funnel: one centred bar per stage up to `pass`, as wide as the candidates who reached
/// it; failed candidates in words below it.
fn funnel(i: usize, g: &PipelineGroup) -> String {
    let shown: Vec<&StageNumbers> = g.stages.iter().filter(|s| s.stage != "fail").collect();
    let max = shown.iter().map(|s| s.reached).max().unwrap_or(0).max(1) as f64;
    let span = WIDTH - LABEL - 140.0;
    let conversion = g.conversion();
    let height = ROW * shown.len() as f64 + 10.0;
    let mut s = format!(
        "<svg class=\"chart funnel\" id=\"funnel-{i}\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" role=\"img\">\n"
    );
    for (row, st) in shown.iter().enumerate() {
        let y = 5.0 + ROW * row as f64;
        let w = (st.reached as f64 / max * span).max(if st.reached > 0 { 2.0 } else { 0.0 });
        let x = LABEL + (span - w) / 2.0;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect class=\"bar\" data-stage=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" \
             height=\"{}\" fill=\"{FUNNEL_FILL}\"/>\
             <text class=\"value\" data-stage=\"{}\" x=\"{:.1}\" y=\"{}\">{}</text>\n",
            LABEL - 8.0,
            y + ROW * 0.6,
            esc(&stage_word(st.stage)),
            st.stage,
            ROW - 8.0,
            st.stage,
            LABEL + span + 8.0,
            y + ROW * 0.6,
            st.reached
        ));
        // The share of the stage before that reached this one.
        if let Some(c) = conversion.iter().find(|c| c.to == st.stage) {
            let share = c.share.map_or_else(|| "–".to_string(), percent);
            s.push_str(&format!(
                "<text class=\"conversion\" data-stage=\"{}\" x=\"{:.1}\" y=\"{}\" \
                 fill=\"#4a5568\">↓ {}</text>\n",
                st.stage,
                LABEL + span + 60.0,
                y + ROW * 0.6,
                esc(&share)
            ));
        }
    }
    s.push_str("</svg>\n");
    if let Some(fail) = g.stages.iter().find(|s| s.stage == "fail") {
        s.push_str(&format!(
            "<p class=\"meta\">{}</p>\n",
            esc(&crate::t!("report-funnel-failed", count = fail.reached))
        ));
    }
    s
}

/// Days in each stage: the 90th percentile's bar, the median's over it, both labelled.
fn time_chart(i: usize, g: &PipelineGroup) -> String {
    let max = g
        .stages
        .iter()
        .filter_map(StageNumbers::p90_days)
        .fold(0.0_f64, f64::max)
        .max(1e-9);
    let span = WIDTH - LABEL - 150.0;
    let height = ROW * g.stages.len() as f64 + 10.0;
    let mut s = format!(
        "<svg class=\"chart time-in-stage\" id=\"time-{i}\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" role=\"img\">\n"
    );
    for (row, st) in g.stages.iter().enumerate() {
        let y = 5.0 + ROW * row as f64;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            LABEL - 8.0,
            y + ROW * 0.6,
            esc(&stage_word(st.stage))
        ));
        let (Some(median), Some(p90)) = (st.median_days(), st.p90_days()) else {
            s.push_str(&format!(
                "<text class=\"value\" data-stage=\"{}\" x=\"{LABEL}\" y=\"{}\">-</text>\n",
                st.stage,
                y + ROW * 0.6
            ));
            continue;
        };
        let wp = (p90 / max * span).max(2.0);
        let wm = (median / max * span).max(2.0);
        s.push_str(&format!(
            "<rect class=\"p90\" data-stage=\"{}\" x=\"{LABEL}\" y=\"{:.1}\" width=\"{wp:.1}\" \
             height=\"{}\" fill=\"{P90_FILL}\"/>\
             <rect class=\"median\" data-stage=\"{}\" x=\"{LABEL}\" y=\"{:.1}\" width=\"{wm:.1}\" \
             height=\"{}\" fill=\"{MEDIAN_FILL}\"/>\
             <text class=\"value\" data-stage=\"{}\" x=\"{:.1}\" y=\"{}\">{} / {}</text>\n",
            st.stage,
            y,
            ROW - 8.0,
            st.stage,
            y + 6.0,
            ROW - 20.0,
            st.stage,
            LABEL + wp + 8.0,
            y + ROW * 0.6,
            days(Some(median)),
            days(Some(p90))
        ));
    }
    s.push_str("</svg>\n");
    s
}

/// The numbers as a table, each cell marked with its stage and key (what a reader's program
/// finds).
fn numbers_table(g: &PipelineGroup) -> String {
    const KEYS: [&str; 6] = [
        "stage",
        "now",
        "moved_on",
        "failed",
        "median_days",
        "p90_days",
    ];
    let mut s = String::from("<table class=\"numbers\">\n<thead><tr>");
    for h in headings() {
        s.push_str(&format!("<th>{}</th>", esc(&h)));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for (st, row) in g.stages.iter().zip(group_rows(g)) {
        s.push_str(&format!("<tr data-stage=\"{}\">", st.stage));
        for (k, cell) in KEYS.iter().zip(row) {
            let tag = if *k == "stage" { "th" } else { "td" };
            s.push_str(&format!("<{tag} data-key=\"{k}\">{}</{tag}>", esc(&cell)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody>\n</table>\n");
    s
}
