//! Human views: a table per kind of resource, fitted to the terminal.

use std::sync::atomic::{AtomicBool, Ordering};

use comfy_table::{presets, Cell, ColumnConstraint, ContentArrangement, Table, Width};
use serde_json::Value;

use super::text::{html_to_text, local_time, one_line, safe_text, yes_no};
use super::{cell, lookup, Kind, OutputOptions};
use crate::api::{ApplicationForm, FormSubmission, Memo, Webhook};

/// Width for tables: the terminal's, else `COLUMNS`, else 120 (stable for pipes and tests).
fn width(opts: &OutputOptions) -> u16 {
    if let Some(w) = opts.width {
        return w;
    }
    if opts.pretty {
        if let Some((w, _)) = terminal_size() {
            return w;
        }
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(120)
}

fn terminal_size() -> Option<(u16, u16)> {
    let t = console::Term::stdout();
    t.size_checked().map(|(h, w)| (w, h))
}

/// Lists: a rule under the header and nothing else, like `gh`'s tables.
const LIST_STYLE: &str = "    ───            ";

fn new_table(opts: &OutputOptions, header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(if header.is_empty() {
        presets::NOTHING
    } else {
        LIST_STYLE
    })
    .set_content_arrangement(ContentArrangement::Dynamic)
    .set_width(width(opts));
    if !opts.color {
        t.force_no_tty();
    } else {
        t.enforce_styling();
    }
    if !header.is_empty() {
        t.set_header(header.iter().map(|h| {
            let c = Cell::new(h);
            if opts.color {
                c.add_attribute(comfy_table::Attribute::Bold)
            } else {
                c
            }
        }));
    }
    t
}

/// The longest cell a table shows. comfy-table's wrapping is quadratic in the longest word, so
/// a 200,000-character memo would take seconds (50 MB: minutes); cutting first keeps rendering
/// linear in the input. `-o json` has the whole value.
const MAX_CELL_CHARS: usize = 4000;

static CUT_NOTED: AtomicBool = AtomicBool::new(false);

/// Cell text as a terminal may show it: cut to [`MAX_CELL_CHARS`] (with `…` and a note on
/// stderr, once), control characters escaped, tabs as spaces, newlines kept for wrapping.
fn cell_text(s: &str) -> String {
    let cut = match s.char_indices().nth(MAX_CELL_CHARS) {
        None => s,
        Some((i, _)) => {
            if !CUT_NOTED.swap(true, Ordering::Relaxed) {
                crate::elog!(
                    "note: values longer than {MAX_CELL_CHARS} characters are cut in tables (…); -o json shows them in full"
                );
            }
            &s[..i]
        }
    };
    let mut text = safe_text(cut, true).into_owned();
    if cut.len() < s.len() {
        text.push('…');
    }
    text
}

/// Add a row of service strings, made safe (see [`cell_text`]).
fn add_row(t: &mut Table, cells: Vec<String>) {
    t.add_row(cells.iter().map(|c| cell_text(c)).collect::<Vec<_>>());
}

/// The table as text, without the padding comfy-table leaves at the end of lines.
/// Columns that hold identifiers, states and times: shown whole (up to
/// [`IDENTIFIER_MAX`]) before prose columns get the rest, so a narrow terminal wraps titles
/// and content, not codes.
const IDENTIFIER_COLUMNS: &[&str] = &[
    "#", "ORDER", "CODE", "ID", "KIND", "REQUIRED", "STATUS", "OPEN", "PIN", "ROLE", "ACTIVE",
    "ACTION", "ATTEMPTS",
];
const IDENTIFIER_MAX: usize = 24;
/// Local times: whole on a wide terminal, split between date and time on a narrow one.
const TIME_COLUMNS: &[&str] = &["DEADLINE", "CREATED", "SUBMITTED", "RECEIVED"];
/// Prose columns keep at least this width, so an address's scheme (`https://`) is never split.
const PROSE_MIN: usize = 8;

fn fit_columns(t: &mut Table) {
    let (Some(header), Some(total)) = (t.header(), t.width()) else {
        return;
    };
    let names: Vec<String> = header.cell_iter().map(|c| c.content()).collect();
    let mut natural: Vec<usize> = names
        .iter()
        .map(|n| console::measure_text_width(n))
        .collect();
    for row in t.row_iter() {
        for (i, cell) in row.cell_iter().enumerate().take(names.len()) {
            let w = cell
                .content()
                .lines()
                .map(console::measure_text_width)
                .max()
                .unwrap_or(0);
            natural[i] = natural[i].max(w);
        }
    }
    // Each column has a space of padding on both sides and a separator.
    let avail = (total as usize).saturating_sub(3 * names.len() + 1);
    if natural.iter().sum::<usize>() <= avail {
        return; // everything fits as it is
    }
    let is = |list: &[&str], n: &str| list.contains(&n);
    let mut want: Vec<usize> = names
        .iter()
        .zip(&natural)
        .map(|(n, w)| {
            if is(TIME_COLUMNS, n) || is(IDENTIFIER_COLUMNS, n) {
                (*w).min(IDENTIFIER_MAX)
            } else {
                0
            }
        })
        .collect();
    let prose: Vec<usize> = (0..names.len()).filter(|&i| want[i] == 0).collect();
    let fixed = |want: &[usize]| want.iter().sum::<usize>();
    if avail < fixed(&want) + PROSE_MIN * prose.len() {
        // Times give way first: `2026-11-02 09:15` wraps at the space.
        for (i, n) in names.iter().enumerate() {
            if is(TIME_COLUMNS, n) {
                want[i] = want[i].min(10);
            }
        }
    }
    // Identifiers get their width; prose columns share the rest as comfy-table sees fit, but
    // never narrower than PROSE_MIN while the table still fits.
    let room = avail.saturating_sub(fixed(&want)) / prose.len().max(1);
    let prose_min = PROSE_MIN.min(room.max(1));
    for (i, w) in want.iter().enumerate() {
        // comfy-table's widths count the column's padding (a space on each side).
        let c = if prose.contains(&i) {
            ColumnConstraint::LowerBoundary(Width::Fixed(natural[i].min(prose_min) as u16 + 2))
        } else {
            ColumnConstraint::Absolute(Width::Fixed(*w as u16 + 2))
        };
        if let Some(col) = t.column_mut(i) {
            col.set_constraint(c);
        }
    }
}

fn finish(mut t: Table) -> String {
    fit_columns(&mut t);
    let mut s = String::new();
    for line in t.to_string().lines() {
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// A list table of rows the caller made (the tool's own records, e.g. stored webhook events),
/// styled, escaped and fitted like every list.
pub fn rows(opts: &OutputOptions, header: &[&str], rows: Vec<Vec<String>>) -> String {
    let mut t = new_table(opts, header);
    for r in rows {
        add_row(&mut t, r);
    }
    finish(t)
}

/// Key/value view of one record.
fn record(opts: &OutputOptions, rows: Vec<(&str, String)>) -> Table {
    let mut t = new_table(opts, &[]);
    for (k, v) in rows {
        if !v.is_empty() {
            let key = Cell::new(format!("{k}:"));
            let key = if opts.color {
                key.add_attribute(comfy_table::Attribute::Bold)
            } else {
                key
            };
            t.add_row(vec![key, Cell::new(cell_text(&v))]);
        }
    }
    t
}

/// `v` as a model for a table row. A field of a type the model does not expect (the spec
/// leaves some open: `career_start: "3"`, `open_status: "Y"`) is left out, not the whole row;
/// the first such field is named once per run on stderr.
fn parse<T: serde::de::DeserializeOwned + Default>(v: &Value) -> T {
    if let Ok(t) = serde_json::from_value(v.clone()) {
        return t;
    }
    let Value::Object(m) = v else {
        return T::default();
    };
    let mut kept = serde_json::Map::new();
    let mut dropped = Vec::new();
    for (k, field) in m {
        let alone = Value::Object(std::iter::once((k.clone(), field.clone())).collect());
        if serde_json::from_value::<T>(alone).is_ok() {
            kept.insert(k.clone(), field.clone());
        } else {
            dropped.push((k.clone(), field.clone()));
        }
    }
    if let Some((k, field)) = dropped.first() {
        warn_unexpected(k, field, dropped.len());
    }
    serde_json::from_value(Value::Object(kept)).unwrap_or_default()
}

/// Once per run: tables are drawn once, and a warning per row would bury them.
fn warn_unexpected(key: &str, value: &Value, n: usize) {
    static WARNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if WARNED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let shown = crate::output::text::one_line(&value.to_string(), 40);
    let more = if n > 1 {
        format!(" and {} more", n - 1)
    } else {
        String::new()
    };
    crate::elog!(
        "warning: a field of an unexpected type was left blank ({}: {}{more}); -o json shows the answer as sent",
        crate::output::text::safe_line(key),
        crate::output::text::safe_line(&shown)
    );
}

fn s(o: &Option<String>) -> String {
    o.clone().unwrap_or_default()
}

pub fn list(kind: Kind, items: &[Value], opts: &OutputOptions) -> String {
    if items.is_empty() {
        return "(none)\n".to_string();
    }
    match kind {
        Kind::Form => forms(items, opts),
        Kind::Memo => memos(items, opts),
        Kind::Submission => submissions(items, opts),
        Kind::Webhook => webhooks(items, opts),
        _ => {
            let cols: Vec<String> = match items.first() {
                Some(Value::Object(m)) => m.keys().take(8).cloned().collect(),
                _ => vec![],
            };
            fields_table(items, &cols, opts)
        }
    }
}

pub fn single(kind: Kind, item: &Value, opts: &OutputOptions) -> String {
    match kind {
        Kind::Form => form_detail(item, opts),
        Kind::Memo => memo_detail(item, opts),
        Kind::Webhook => webhook_detail(item, opts),
        Kind::Submission => submissions(std::slice::from_ref(item), opts),
        Kind::Application => application(item, opts),
        _ => generic_record(item, opts),
    }
}

/// A table of the chosen columns (dotted paths).
pub fn fields_table(items: &[Value], fields: &[String], opts: &OutputOptions) -> String {
    let header: Vec<String> = fields.iter().map(|f| f.trim().to_uppercase()).collect();
    let header_refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = new_table(opts, &header_refs);
    for item in items {
        add_row(
            &mut t,
            fields
                .iter()
                .map(|f| one_line(&cell(lookup(item, f.trim())), 200))
                .collect(),
        );
    }
    finish(t)
}

fn generic_record(item: &Value, opts: &OutputOptions) -> String {
    match item {
        Value::Object(m) => {
            let rows: Vec<(&str, String)> =
                m.iter().map(|(k, v)| (k.as_str(), cell(Some(v)))).collect();
            finish(record(opts, rows))
        }
        other => format!("{}\n", cell(Some(other))),
    }
}

fn forms(items: &[Value], opts: &OutputOptions) -> String {
    let mut t = new_table(opts, &["CODE", "TITLE", "STATUS", "OPEN", "DEADLINE"]);
    for v in items {
        let f: ApplicationForm = parse(v);
        let mut deadline = local_time(f.end_at.as_deref());
        if f.expired == Some(true) {
            deadline = format!("{deadline} (expired)").trim().to_string();
        }
        add_row(
            &mut t,
            vec![
                s(&f.code),
                s(&f.title),
                s(&f.status),
                yes_no(f.open_status).to_string(),
                deadline,
            ],
        );
    }
    finish(t)
}

fn form_detail(item: &Value, opts: &OutputOptions) -> String {
    let f: ApplicationForm = parse(item);
    let w = width(opts) as usize;
    let career = match (f.career_start, f.career_end) {
        (None, None) => String::new(),
        (a, b) => format!(
            "{}–{}",
            a.map(|x| x.to_string()).unwrap_or_default(),
            b.map(|x| x.to_string()).unwrap_or_default()
        ),
    };
    let mut rows = vec![
        ("Code", s(&f.code)),
        ("Title", s(&f.title)),
        ("Status", s(&f.status)),
        ("Open", flag(f.open_status)),
        ("Deadline", local_time(f.end_at.as_deref())),
        ("Expired", flag(f.expired)),
        ("Employment", s(&f.employment_type)),
        ("Career", {
            let kind = s(&f.career_kind);
            format!("{kind} {career}").trim().to_string()
        }),
        (
            "Address",
            [s(&f.address), s(&f.address2)]
                .iter()
                .filter(|x| !x.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ("Resume required", flag(f.resume_required)),
        ("URI", s(&f.uri)),
        ("Created", local_time(f.created_at.as_deref())),
        ("Updated", local_time(f.updated_at.as_deref())),
    ];
    let text_w = w.saturating_sub(24);
    for (label, html) in [
        ("Content", &f.content),
        ("Introduction", &f.intro_content),
        ("Main tasks", &f.main_task_content),
        ("Requirements", &f.requirement_content),
        ("Preferred", &f.preferred_point_content),
        ("Benefits", &f.benefit_content),
    ] {
        if let Some(h) = html {
            rows.push((label, html_to_text(h, text_w)));
        }
    }
    let mut out = finish(record(opts, rows));
    if let Some(mut qs) = f.questions {
        qs.sort_by_key(|q| q.order.unwrap_or(i64::MAX));
        out.push_str(&format!("\nQuestions ({}):\n", qs.len()));
        let mut t = new_table(
            opts,
            &["ORDER", "ID", "KIND", "REQUIRED", "TITLE", "OPTIONS"],
        );
        for q in &qs {
            let mut title = q.title().to_string();
            if q.show_description == Some(true) {
                if let Some(d) = q.description.as_deref().filter(|d| !d.trim().is_empty()) {
                    title = format!("{title}\n{}", html_to_text(d, 60));
                }
            }
            add_row(
                &mut t,
                vec![
                    q.order.map(|o| o.to_string()).unwrap_or_default(),
                    q.id.map(|o| o.to_string()).unwrap_or_else(|| "-".into()),
                    q.kind().to_string(),
                    yes_no(q.required).to_string(),
                    title,
                    q.answer_options
                        .as_ref()
                        .map(|o| o.join(", "))
                        .unwrap_or_default(),
                ],
            );
        }
        out.push_str(&finish(t));
        if qs.iter().all(|q| q.id.is_none()) && !qs.is_empty() {
            out.push_str("Note: these questions carry no ids; only name, email, phone and resume can be answered (apply variant B).\n");
        }
    }
    out
}

/// A detail row's yes/no; blank (so the row is left out) when the service did not say.
fn flag(b: Option<bool>) -> String {
    b.map(|b| yes_no(Some(b)).to_string()).unwrap_or_default()
}

fn application(item: &Value, opts: &OutputOptions) -> String {
    let a: crate::api::Application = parse(item);
    let rows = vec![
        ("Applicant", s(&a.code)),
        ("Name", s(&a.name)),
        ("Email", s(&a.email)),
        ("Phone", s(&a.phone)),
        ("Birth", s(&a.birth)),
        ("Resume", s(&a.resume_path)),
        ("Privacy consent", flag(a.privacy)),
        (
            "Duplicate",
            match a.duplicate {
                Some(true) => "yes (this applicant had applied before)".to_string(),
                d => flag(d),
            },
        ),
        ("Applied", local_time(a.applied_at.as_deref())),
    ];
    format!("Application submitted.\n{}", finish(record(opts, rows)))
}

fn author(m: &Memo) -> String {
    m.user
        .as_ref()
        .map(|u| {
            u.name
                .clone()
                .or_else(|| u.code.clone())
                .unwrap_or_default()
        })
        .unwrap_or_default()
}

fn memo_row(m: &Memo, reply: bool) -> Vec<String> {
    let id = m.id.map(|i| i.to_string()).unwrap_or_default();
    let mut content = m.content.clone().unwrap_or_default();
    if let Some(mentions) = m.mentions.as_ref().filter(|x| !x.is_empty()) {
        let tags: Vec<String> = mentions.iter().map(|c| format!("@{c}")).collect();
        content = format!("{content}\n{}", tags.join(" "));
    }
    if m.file_url.is_some() {
        content = format!("{content}\n📎 {}", s(&m.file_url));
    }
    vec![
        if reply { format!("  ↳ {id}") } else { id },
        if m.pinned == Some(true) {
            "📌".to_string()
        } else {
            String::new()
        },
        s(&m.accessible_role),
        author(m),
        local_time(m.created_at.as_deref()),
        content,
    ]
}

fn memos(items: &[Value], opts: &OutputOptions) -> String {
    let mut t = new_table(opts, &["ID", "PIN", "ROLE", "AUTHOR", "CREATED", "CONTENT"]);
    for v in items {
        let m: Memo = parse(v);
        add_row(&mut t, memo_row(&m, m.parent_id.is_some()));
        for r in m.replies.iter().flatten() {
            add_row(&mut t, memo_row(r, true));
        }
    }
    finish(t)
}

fn memo_detail(item: &Value, opts: &OutputOptions) -> String {
    let m: Memo = parse(item);
    let user = m.user.as_ref().map(|u| {
        let name = u.name.clone().unwrap_or_default();
        let email = u
            .email
            .clone()
            .map(|e| format!(" <{e}>"))
            .unwrap_or_default();
        let code = u
            .code
            .clone()
            .map(|c| format!(" ({c})"))
            .unwrap_or_default();
        format!("{name}{email}{code}").trim().to_string()
    });
    let rows = vec![
        ("ID", m.id.map(|i| i.to_string()).unwrap_or_default()),
        (
            "Reply to",
            m.parent_id.map(|i| i.to_string()).unwrap_or_default(),
        ),
        (
            "Pinned",
            match (m.pinned, &m.fixed_at) {
                (Some(true), Some(at)) => format!("yes (since {})", local_time(Some(at))),
                (p, _) => yes_no(p).to_string(),
            },
        ),
        ("Role", s(&m.accessible_role)),
        ("Author", user.unwrap_or_default()),
        (
            "Mentions",
            m.mentions
                .as_ref()
                .map(|x| {
                    x.iter()
                        .map(|c| format!("@{c}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default(),
        ),
        ("File", s(&m.file_url)),
        ("Created", local_time(m.created_at.as_deref())),
        ("Updated", local_time(m.updated_at.as_deref())),
        ("Content", s(&m.content)),
    ];
    finish(record(opts, rows))
}

fn submissions(items: &[Value], opts: &OutputOptions) -> String {
    let mut t = new_table(opts, &["CODE", "KIND", "FORM", "SUBMITTED", "ANSWERS"]);
    for v in items {
        let f: FormSubmission = parse(v);
        add_row(
            &mut t,
            vec![
                s(&f.code),
                s(&f.kind),
                s(&f.form_title),
                local_time(f.submitted_at.as_deref()),
                f.submission_answers
                    .as_ref()
                    .map(|a| a.len().to_string())
                    .unwrap_or_default(),
            ],
        );
    }
    finish(t)
}

fn webhooks(items: &[Value], opts: &OutputOptions) -> String {
    let mut t = new_table(
        opts,
        &["CODE", "ACTIVE", "CALLBACK URL", "EVENTS", "CREATED"],
    );
    for v in items {
        let w: Webhook = parse(v);
        add_row(
            &mut t,
            vec![
                s(&w.code),
                yes_no(w.active).to_string(),
                s(&w.callback_url),
                w.events
                    .as_ref()
                    .map(|e| {
                        if e.is_empty() {
                            "(all)".to_string()
                        } else {
                            e.join(", ")
                        }
                    })
                    .unwrap_or_else(|| "(all)".to_string()),
                local_time(w.created_at.as_deref()),
            ],
        );
    }
    finish(t)
}

fn webhook_detail(item: &Value, opts: &OutputOptions) -> String {
    let w: Webhook = parse(item);
    let rows = vec![
        ("Code", s(&w.code)),
        ("Active", yes_no(w.active).to_string()),
        ("Provider", s(&w.provider)),
        ("Callback URL", s(&w.callback_url)),
        (
            "Signing key",
            if w.signing_key.is_some() {
                "(set)".to_string()
            } else {
                String::new()
            },
        ),
        (
            "Events",
            w.events.as_ref().map(|e| e.join(", ")).unwrap_or_default(),
        ),
        ("Created", local_time(w.created_at.as_deref())),
        ("Updated", local_time(w.updated_at.as_deref())),
    ];
    finish(record(opts, rows))
}
