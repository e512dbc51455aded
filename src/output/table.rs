//! Human views: a table per kind of resource, fitted to the terminal.

use std::cell::RefCell;

use comfy_table::{presets, Cell, ColumnConstraint, ContentArrangement, Table, Width};
use serde_json::Value;

use super::text::{html_to_text, local_time, one_line, safe_text};
use super::{cell, lookup, Kind, OutputOptions};
use crate::api::{
    ApplicationForm, Candidate, Evaluation, FormSubmission, Interview, Job, Memo, Webhook,
};
use crate::i18n::words::{question_kind, service_value, yes_no};

/// Width for tables: the one given (the terminal's, else `COLUMNS` through the settings), else
/// the terminal's, else 120 (stable for pipes and tests).
fn width(opts: &OutputOptions) -> u16 {
    if let Some(w) = opts.width {
        return w;
    }
    if opts.pretty {
        if let Some((w, _)) = terminal_size() {
            return w;
        }
    }
    120
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
        t.set_header(header.iter().map(Cell::new));
    }
    t
}

/// The longest cell a table shows. comfy-table's wrapping is quadratic in the longest word, so
/// a 200,000-character memo would take seconds (50 MB: minutes); cutting first keeps rendering
/// linear in the input. `-o json` has the whole value.
const MAX_CELL_CHARS: usize = 4000;

thread_local! {
    /// The notes of the table being drawn ([`noting`]), each kind once.
    static NOTES: RefCell<Option<Vec<(Note, String)>>> = const { RefCell::new(None) };
}

/// What a note is about: one of each per table, however many cells it concerns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Note {
    Cut,
    UnexpectedType,
    LeftOut,
    OpenUnknown,
}

/// Draw a table with `draw`, returning it with the notes for the reader that drawing it
/// raised (values cut, fields left blank), for the caller to show on stderr: the table code
/// itself never prints.
pub fn noting<T>(draw: impl FnOnce() -> T) -> (T, Vec<String>) {
    let outer = NOTES.with(|n| n.borrow_mut().replace(Vec::new()));
    let drawn = draw();
    let notes = NOTES.with(|n| std::mem::replace(&mut *n.borrow_mut(), outer));
    let notes = notes.unwrap_or_default().into_iter().map(|(_, text)| text);
    (drawn, notes.collect())
}

/// Record a note of `kind` unless the table has one already (outside [`noting`]: none).
fn note(kind: Note, text: impl FnOnce() -> String) {
    NOTES.with(|n| {
        if let Some(notes) = n.borrow_mut().as_mut() {
            if !notes.iter().any(|(k, _)| *k == kind) {
                notes.push((kind, text()));
            }
        }
    });
}

/// Cell text as a terminal may show it: cut to [`MAX_CELL_CHARS`] (with `…` and a note),
/// control characters escaped, tabs as spaces, newlines kept for wrapping.
fn cell_text(s: &str) -> String {
    let cut = match s.char_indices().nth(MAX_CELL_CHARS) {
        None => s,
        Some((i, _)) => {
            note(Note::Cut, || {
                let said = crate::t!("table-cut-note", max = MAX_CELL_CHARS.to_string());
                crate::t!("note-line", note = said)
            });
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

/// Columns that hold identifiers and states: shown whole (up to [`IDENTIFIER_MAX`]) before
/// prose columns get the rest, so a narrow terminal wraps titles and content, not codes.
const IDENTIFIER_COLUMNS: &[&str] = &[
    "#", "ORDER", "CODE", "ID", "KIND", "REQUIRED", "STATUS", "OPEN", "PIN", "ROLE", "ACTIVE",
    "ACTION", "ATTEMPTS", "EVAL", "RESULT", "SCORE",
];
const IDENTIFIER_MAX: usize = 24;
/// A word longer than this does not hold its column's width up for itself: it is the one
/// thing cut (an address or a code in the middle, with `…`; other words wrapped).
const WORD_MAX: usize = 24;
/// The least width an address or a code holds a column to when deciding what a list leaves
/// out: it is cut in the middle (`https://f…eview.pdf`), a date (10) stays whole.
const ADDRESS_LEAST: usize = 12;
/// The narrowest a column gets when even the words do not fit.
const COLUMN_MIN: usize = 3;

/// Each column's natural width (its longest line) and the least it may get: an identifier
/// whole (up to [`IDENTIFIER_MAX`]), any other column its longest word (up to [`WORD_MAX`]), so
/// that no word shorter than its column, and no date, is ever split.
/// With `addresses_give`, a word that is an address or a code longer than [`ADDRESS_LEAST`]
/// counts only that much: it may be cut in its middle (dates and times are shorter, so whole).
fn natural_and_least(
    names: &[String],
    cells: &[Vec<String>],
    addresses_give: bool,
) -> (Vec<usize>, Vec<usize>) {
    let n = names.len();
    let mut natural = vec![0usize; n];
    let mut word = vec![0usize; n];
    for row in std::iter::once(names).chain(cells.iter().map(Vec::as_slice)) {
        for (i, cell) in row.iter().enumerate().take(n) {
            for line in cell.lines() {
                natural[i] = natural[i].max(console::measure_text_width(line));
                for w in line.split_whitespace() {
                    let mut least = console::measure_text_width(w).min(WORD_MAX);
                    if addresses_give && unsplittable(w) {
                        least = least.min(ADDRESS_LEAST);
                    }
                    word[i] = word[i].max(least);
                }
            }
        }
    }
    let min = (0..n)
        .map(|i| {
            if IDENTIFIER_COLUMNS.contains(&names[i].as_str()) {
                natural[i].min(IDENTIFIER_MAX).max(word[i])
            } else {
                word[i]
            }
            .max(1)
        })
        .collect();
    (natural, min)
}

/// The widths of the columns (content only, without padding) for cells whose lines are
/// `cells[row][col]`, in `avail` columns of text: each column its natural width when all fit;
/// else each first the width of its longest word (so no word shorter than its column is ever
/// split, and headers stay whole), identifiers whole, then the room left shared in proportion
/// to what each column still lacks (width by need: a memo's content gets more than a role);
/// when even the words do not fit, the widest columns give way first.
fn column_widths(names: &[String], cells: &[Vec<String>], avail: usize) -> Vec<usize> {
    let n = names.len();
    let (natural, min) = natural_and_least(names, cells, false);
    if natural.iter().sum::<usize>() <= avail {
        return natural;
    }
    let ident: Vec<bool> = names
        .iter()
        .map(|n| IDENTIFIER_COLUMNS.contains(&n.as_str()))
        .collect();
    // The widths at `level`: every column raised to it (from `low`) but never past `high`.
    let at = |level: usize, low: &dyn Fn(usize) -> usize, high: &dyn Fn(usize) -> usize| {
        (0..n)
            .map(|i| level.clamp(low(i).min(high(i)), high(i)))
            .collect::<Vec<usize>>()
    };
    // The highest level whose widths fit, by bisection over 0..=avail.
    let fill = |low: &dyn Fn(usize) -> usize, high: &dyn Fn(usize) -> usize| {
        let (mut lo, mut hi) = (0usize, avail);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if at(mid, low, high).iter().sum::<usize>() <= avail {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        at(lo, low, high)
    };
    let mut widths = if min.iter().sum::<usize>() <= avail {
        // Every word fits: the room left goes to the columns that need it, the narrowest
        // first (water-filling), so a role or a time is whole and the prose gets the rest.
        fill(&|i| min[i], &|i| natural[i])
    } else {
        // Not even the words fit: prose columns give way (the widest first) down to
        // COLUMN_MIN, identifiers last.
        let fixed: usize = (0..n).filter(|&i| ident[i]).map(|i| min[i]).sum();
        let prose = (0..n).filter(|&i| !ident[i]).count();
        if fixed + prose * COLUMN_MIN <= avail {
            fill(&|i| if ident[i] { min[i] } else { COLUMN_MIN }, &|i| min[i])
        } else {
            fill(&|_| COLUMN_MIN, &|i| min[i])
        }
    };
    // What the levels left, a column at a time to those that lack the most.
    let mut left = avail.saturating_sub(widths.iter().sum());
    while left > 0 {
        let Some(i) = (0..n)
            .filter(|&i| widths[i] < natural[i])
            .max_by_key(|&i| natural[i] - widths[i])
        else {
            break;
        };
        widths[i] += 1;
        left -= 1;
    }
    widths
}

/// Whether a word is an address or a code, which is never split (its middle gives way):
/// a URL, a path, an e-mail address, or ASCII with digits or punctuation (`FORM-ALLKINDS`,
/// `WH12345678`).
fn unsplittable(word: &str) -> bool {
    // A sentence's punctuation around a word does not make it a code (`months.`, `(KRW`).
    let word = word
        .trim_end_matches(|c| ",.;:!?)".contains(c))
        .trim_start_matches('(');
    word.contains("://")
        || word.starts_with('/')
        || word.contains('@')
        || (word.is_ascii()
            && word
                .chars()
                .any(|c| c.is_ascii_digit() || "/.:_-#=?&".contains(c)))
}

/// `word` cut to `width` columns with `…` in the middle: its start and its end stay (the host
/// and the file of an address, the prefix and the number of a code).
fn middle_ellipsis(word: &str, width: usize) -> String {
    if width <= 1 {
        return "…".to_string();
    }
    let keep = width - 1;
    let (head_w, tail_w) = (keep.div_ceil(2), keep / 2);
    let mut head = String::new();
    let mut used = 0;
    for c in word.chars() {
        let w = console::measure_text_width(c.encode_utf8(&mut [0; 4]));
        if used + w > head_w {
            break;
        }
        head.push(c);
        used += w;
    }
    let mut tail: Vec<char> = Vec::new();
    let mut used = 0;
    for c in word.chars().rev() {
        let w = console::measure_text_width(c.encode_utf8(&mut [0; 4]));
        if used + w > tail_w {
            break;
        }
        tail.push(c);
        used += w;
    }
    tail.reverse();
    format!("{head}…{}", tail.into_iter().collect::<String>())
}

/// `word` in pieces of at most `width` columns (a word wider than its column, and only then).
fn pieces(word: &str, width: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut used = 0;
    for c in word.chars() {
        let w = console::measure_text_width(c.encode_utf8(&mut [0; 4]));
        if used + w > width && used > 0 {
            out.push(String::new());
            used = 0;
        }
        out.last_mut()
            .unwrap_or_else(|| crate::error::bug(crate::t!("bug-table-cell")))
            .push(c);
        used += w;
    }
    out
}

/// `text` wrapped to `width` display columns at word boundaries. A word wider than the column
/// is the only thing cut: an address or a code in the middle (`https://care…/form-1001`), any
/// other word in pieces. A line's leading spaces (a reply's indent) are kept.
pub(crate) fn wrap(text: &str, width: usize) -> String {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    for line in text.split('\n') {
        if console::measure_text_width(line) <= width {
            lines.push(line.to_string());
            continue;
        }
        let indent_len = line.len() - line.trim_start().len();
        let indent = &line[..indent_len];
        let mut cur = indent.to_string();
        let mut cur_w = console::measure_text_width(indent);
        let mut fresh = true;
        for word in line.split_whitespace() {
            let mut parts = if console::measure_text_width(word) <= width {
                vec![word.to_string()]
            } else if unsplittable(word) {
                vec![middle_ellipsis(word, width)]
            } else {
                pieces(word, width)
            };
            let last = parts.pop().unwrap_or_default();
            for part in parts.into_iter().chain(std::iter::once(last)) {
                let w = console::measure_text_width(&part);
                if fresh {
                    if cur_w + w > width && cur_w > 0 {
                        lines.push(std::mem::take(&mut cur));
                        cur_w = 0;
                    }
                    cur.push_str(&part);
                    cur_w += w;
                    fresh = false;
                } else if cur_w + 1 + w <= width {
                    cur.push(' ');
                    cur.push_str(&part);
                    cur_w += 1 + w;
                } else {
                    lines.push(std::mem::replace(&mut cur, part));
                    cur_w = w;
                }
            }
        }
        lines.push(cur);
    }
    lines.join("\n")
}

/// The table as text: its columns fitted to its width ([`column_widths`]), its cells wrapped at
/// words ([`wrap`]), without the padding comfy-table leaves at the end of lines.
fn finish(t: Table) -> String {
    let styled = t.should_style();
    let mut grid = Grid::read(&t);
    let columns = grid.measured.len();
    // Each column has a space of padding on both sides and a separator (a space).
    let total = t.width().unwrap_or(120) as usize;
    let avail = grid
        .leave_out_columns(total)
        .unwrap_or_else(|| total.saturating_sub(3 * columns).max(columns));
    let widths = column_widths(&grid.by_name, &grid.cells, avail);
    let widths: Vec<usize> = widths
        .iter()
        .zip(&grid.measured)
        .map(|(w, m)| (*w).max(console::measure_text_width(m).min(*w).max(1)))
        .collect();
    grid.render(&widths, avail, styled)
}

/// A table's text read back out of comfy-table, to be fitted to the width and drawn again.
struct Grid {
    /// The header's keys (None: a detail view, whose first column is its labels).
    names: Option<Vec<String>>,
    /// The header as shown (in the reader's words).
    shown: Option<Vec<String>>,
    cells: Vec<Vec<String>>,
    /// Each column's header as measured: the shown header where it is wider than the key.
    measured: Vec<String>,
    /// What [`column_widths`] knows each column by: the key of an identifier column (kept
    /// whole), else the header measured.
    by_name: Vec<String>,
}

impl Grid {
    fn read(t: &Table) -> Grid {
        let names: Option<Vec<String>> = t
            .header()
            .map(|h| h.cell_iter().map(|c| c.content()).collect());
        let cells: Vec<Vec<String>> = t
            .row_iter()
            .map(|r| r.cell_iter().map(|c| c.content()).collect())
            .collect();
        let columns = names
            .as_ref()
            .map(Vec::len)
            .or_else(|| cells.iter().map(Vec::len).max())
            .unwrap_or(0);
        let shown: Option<Vec<String>> = names
            .as_ref()
            .map(|n| n.iter().map(|h| crate::i18n::words::header(h)).collect());
        let keys: Vec<String> = names
            .clone()
            .unwrap_or_else(|| vec![String::new(); columns]);
        let mut measured = keys.clone();
        if let Some(shown) = &shown {
            // The header's width is the one shown.
            for (m, s) in measured.iter_mut().zip(shown) {
                if console::measure_text_width(s) > console::measure_text_width(m) {
                    *m = s.clone();
                }
            }
        }
        let by_name: Vec<String> = keys
            .iter()
            .zip(&measured)
            .map(|(k, m)| {
                if IDENTIFIER_COLUMNS.contains(&k.as_str()) {
                    k.clone()
                } else {
                    m.clone()
                }
            })
            .collect();
        Grid {
            names,
            shown,
            cells,
            measured,
            by_name,
        }
    }

    /// A list whose columns cannot all keep their words whole within `total` leaves out its
    /// last columns (the least needed: each list puts them last, `--fields` keeps the order
    /// given) rather than split words and dates; a note names them. Returns the room left for
    /// the columns kept when some were left out.
    fn leave_out_columns(&mut self, total: usize) -> Option<usize> {
        let shown = self.shown.as_mut()?;
        let columns = self.measured.len();
        let (_, least) = natural_and_least(&self.by_name, &self.cells, true);
        let room = |k: usize| total.saturating_sub(3 * k).max(k);
        let mut k = columns;
        while k > 1 && least[..k].iter().sum::<usize>() > room(k) {
            k -= 1;
        }
        if k == columns {
            return None;
        }
        let left_out = shown[k..].join(", ");
        note(Note::LeftOut, || {
            let said = crate::t!("table-columns-left-out", columns = left_out);
            crate::t!("note-line", note = said)
        });
        shown.truncate(k);
        if let Some(n) = self.names.as_mut() {
            n.truncate(k);
        }
        self.measured.truncate(k);
        self.by_name.truncate(k);
        self.cells.iter_mut().for_each(|r| r.truncate(k));
        Some(room(k))
    }

    /// Drawn with the columns `widths` wide (a cell past them gets `avail`), each cell wrapped
    /// at words, the trailing padding of lines trimmed.
    fn render(&self, widths: &[usize], avail: usize, styled: bool) -> String {
        let mut out = Table::new();
        out.load_preset(if self.names.is_none() {
            presets::NOTHING
        } else {
            LIST_STYLE
        })
        .set_content_arrangement(ContentArrangement::Disabled);
        if styled {
            out.enforce_styling();
        } else {
            out.force_no_tty();
        }
        let bold = |c: Cell| {
            if styled {
                c.add_attribute(comfy_table::Attribute::Bold)
            } else {
                c
            }
        };
        if let Some(shown) = &self.shown {
            out.set_header(
                shown
                    .iter()
                    .zip(widths)
                    .map(|(h, w)| bold(Cell::new(wrap(h, *w)))),
            );
        }
        for row in &self.cells {
            out.add_row(row.iter().enumerate().map(|(i, c)| {
                let w = widths.get(i).copied().unwrap_or(avail);
                let cell = Cell::new(wrap(c, w));
                // A detail view's labels are its header.
                if self.names.is_none() && i == 0 {
                    bold(cell)
                } else {
                    cell
                }
            }));
        }
        for (i, w) in widths.iter().enumerate() {
            if let Some(col) = out.column_mut(i) {
                col.set_constraint(ColumnConstraint::Absolute(Width::Fixed(*w as u16 + 2)));
            }
        }
        let mut s = String::new();
        for line in out.to_string().lines() {
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s
    }
}

/// A list table of rows the caller made (the tool's own records, e.g. stored webhook events),
/// styled, escaped and fitted like every list.
pub(crate) fn rows(opts: &OutputOptions, header: &[&str], rows: Vec<Vec<String>>) -> String {
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
            let key = Cell::new(format!("{}:", crate::i18n::words::label(k)));
            t.add_row(vec![key, Cell::new(cell_text(&v))]);
        }
    }
    t
}

/// `v` as a model for a table row. A field of a type the model does not expect (the spec
/// leaves some open: `career_start: "3"`, `open_status: "Y"`) is left out, not the whole row;
/// the first such field is named in a note, once per table.
fn parse<T: serde::de::DeserializeOwned + Default>(v: &Value) -> T {
    if let Ok(t) = T::deserialize(v) {
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

/// Once per table: a warning per row would bury it.
fn warn_unexpected(key: &str, value: &Value, n: usize) {
    note(Note::UnexpectedType, || unexpected_text(key, value, n));
}

fn unexpected_text(key: &str, value: &Value, n: usize) -> String {
    let shown = crate::output::text::one_line(&value.to_string(), 40);
    let more = if n > 1 {
        crate::t!("table-and-more", count = (n - 1).to_string())
    } else {
        String::new()
    };
    let said = crate::t!(
        "table-left-blank",
        key = crate::output::text::safe_line(key).to_string(),
        value = crate::output::text::safe_line(&shown).to_string(),
        more = more
    );
    crate::t!("warning-line", warning = said)
}

fn s(o: &Option<String>) -> String {
    o.clone().unwrap_or_default()
}

/// A value the service sends as a code, in words for people ([`service_value`]).
fn coded(o: &Option<String>) -> String {
    o.as_deref().map(service_value).unwrap_or_default()
}

pub fn list(kind: Kind, items: &[Value], opts: &OutputOptions) -> String {
    if items.is_empty() {
        return format!("{}\n", crate::t!("list-none"));
    }
    match kind {
        Kind::Form => forms(items, opts),
        Kind::Memo => memos(items, opts),
        Kind::Submission => submissions(items, opts),
        Kind::Webhook => webhooks(items, opts),
        Kind::Candidate => candidates(items, opts),
        Kind::Job => jobs(items, opts),
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
        Kind::Candidate => candidate_detail(item, opts),
        Kind::Job => jobs(std::slice::from_ref(item), opts),
        Kind::Evaluation => evaluation(item, opts),
        Kind::Interview => interview(item, opts),
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
                .map(|f| one_line(&field_text(lookup(item, f.trim())), 200))
                .collect(),
        );
    }
    finish(t)
}

/// A cell of a chosen field as every table shows it: a timestamp in local time with its zone
/// (`2026-10-30 07:21 KST`: whole words, never split mid-way), yes/no and the service's codes
/// in words ([`service_value`]); other values as [`cell`] gives them.
fn field_text(value: Option<&Value>) -> String {
    match value {
        Some(Value::Bool(b)) => yes_no(Some(*b)),
        Some(Value::String(text)) if chrono::DateTime::parse_from_rfc3339(text).is_ok() => {
            local_time(Some(text))
        }
        Some(Value::String(text)) => service_value(text),
        other => cell(other),
    }
}

fn generic_record(item: &Value, opts: &OutputOptions) -> String {
    match item {
        Value::Object(m) => {
            let rows: Vec<(&str, String)> =
                m.iter().map(|(k, v)| (k.as_str(), cell(Some(v)))).collect();
            finish(record(opts, rows))
        }
        // Made safe as every cell is: a bare string from the service reaches the terminal too.
        other => format!("{}\n", safe_text(&cell(Some(other)), true)),
    }
}

fn forms(items: &[Value], opts: &OutputOptions) -> String {
    let header = ["CODE", "TITLE", "STATUS", "OPEN", "DEADLINE"];
    // On a narrow terminal the title keeps room: the time of day goes, then the status.
    let steps = [
        Give::Enough(1, 24),
        Give::Date(4),
        Give::Enough(1, 20),
        Give::Drop(2),
    ];
    let rows = items.iter().map(|v| {
        let f: ApplicationForm = parse(v);
        let mut deadline = local_time(f.end_at.as_deref());
        if f.expired == Some(true) {
            deadline = format!("{deadline} {}", crate::t!("table-expired"))
                .trim()
                .to_string();
        }
        if f.open_status.is_none() {
            note(Note::OpenUnknown, || {
                crate::t!("note-line", note = crate::t!("table-open-unknown"))
            });
        }
        let open = yes_no(f.open_status);
        vec![s(&f.code), s(&f.title), coded(&f.status), open, deadline]
    });
    narrowed(opts, &header, rows.collect(), &steps)
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
        ("Status", coded(&f.status)),
        ("Open", flag(f.open_status)),
        ("Deadline", local_time(f.end_at.as_deref())),
        ("Expired", flag(f.expired)),
        ("Employment", coded(&f.employment_type)),
        ("Career", {
            let kind = coded(&f.career_kind);
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
        out.push_str(&format!(
            "\n{}\n",
            crate::t!("table-questions", count = qs.len())
        ));
        let mut rows = Vec::new();
        for q in &qs {
            let mut title = q.title().to_string();
            if q.show_description == Some(true) {
                if let Some(d) = q.description.as_deref().filter(|d| !d.trim().is_empty()) {
                    title = format!("{title}\n{}", html_to_text(d, 60));
                }
            }
            rows.push(vec![
                q.order.map(|o| o.to_string()).unwrap_or_default(),
                q.id.map(|o| o.to_string()).unwrap_or_else(|| "-".into()),
                question_kind(q.kind()),
                yes_no(q.required),
                title,
                q.answer_options
                    .as_ref()
                    .map(|o| o.join(", "))
                    .unwrap_or_default(),
            ]);
        }
        // On a narrow terminal the title keeps room: long options are cut, then the ids go
        // (answers go by order), then the options.
        let steps = [
            Give::Wide(100),
            Give::Cut(5, 16),
            Give::Drop(1),
            Give::Enough(4, 20),
            Give::Drop(5),
        ];
        out.push_str(&narrowed(
            opts,
            &["ORDER", "ID", "KIND", "REQUIRED", "TITLE", "OPTIONS"],
            rows,
            &steps,
        ));
        if qs.iter().all(|q| q.id.is_none()) && !qs.is_empty() {
            out.push_str(&format!("{}\n", crate::t!("table-questions-no-ids")));
        }
    }
    out
}

/// A detail row's yes/no; blank (so the row is left out) when the service did not say.
fn flag(b: Option<bool>) -> String {
    b.map(|b| yes_no(Some(b))).unwrap_or_default()
}

fn application(item: &Value, opts: &OutputOptions) -> String {
    let a: crate::api::Application = parse(item);
    let rows = vec![
        ("Applicant", s(&a.code)),
        ("Name", s(&a.name)),
        ("Email", s(&a.email)),
        ("Phone", s(&a.phone)),
        ("Birth", s(&a.birth)),
        ("Resume", address(&a.resume_path)),
        ("Privacy consent", flag(a.privacy)),
        (
            "Duplicate",
            match a.duplicate {
                Some(true) => crate::t!("table-duplicate-yes"),
                d => flag(d),
            },
        ),
        ("Applied", local_time(a.applied_at.as_deref())),
    ];
    format!(
        "{}\n{}",
        crate::t!("table-application-submitted"),
        finish(record(opts, rows))
    )
}

/// A user as people know them: their name, else their code.
fn who(name: &Option<String>, code: &Option<String>) -> String {
    name.clone().or_else(|| code.clone()).unwrap_or_default()
}

fn author(m: &Memo) -> String {
    let user = m.user.as_ref();
    user.map(|u| who(&u.name, &u.code)).unwrap_or_default()
}

fn memo_row(m: &Memo, reply: bool) -> Vec<String> {
    let id = m.id.map(|i| i.to_string()).unwrap_or_default();
    let mut content = m.content.clone().unwrap_or_default();
    if let Some(mentions) = m.mentions.as_ref().filter(|x| !x.is_empty()) {
        let tags: Vec<String> = mentions.iter().map(|c| format!("@{c}")).collect();
        content = format!("{content}\n{}", tags.join(" "));
    }
    if m.file_url.is_some() {
        content = format!("{content}\n📎 {}", address(&m.file_url));
    }
    vec![
        if reply { format!("  ↳ {id}") } else { id },
        if m.pinned == Some(true) {
            "📌".to_string()
        } else {
            String::new()
        },
        coded(&m.accessible_role),
        author(m),
        local_time(m.created_at.as_deref()),
        content,
    ]
}

fn memos(items: &[Value], opts: &OutputOptions) -> String {
    let mut rows = Vec::new();
    for v in items {
        let m: Memo = parse(v);
        rows.push(memo_row(&m, m.parent_id.is_some()));
        for r in m.replies.iter().flatten() {
            rows.push(memo_row(r, true));
        }
    }
    // On a narrow terminal the content keeps room to read: the time of day goes first, then
    // the role (`memos get` shows it), then long author names are cut.
    narrowed(
        opts,
        &["ID", "PIN", "ROLE", "AUTHOR", "CREATED", "CONTENT"],
        rows,
        &[
            Give::Enough(5, 40),
            Give::Date(4),
            Give::Enough(5, 32),
            Give::Drop(2),
            Give::Enough(5, 24),
            Give::Cut(3, 10),
        ],
    )
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
                (Some(true), Some(at)) => {
                    crate::t!("table-pinned-since", at = local_time(Some(at)))
                }
                (p, _) => yes_no(p),
            },
        ),
        ("Role", coded(&m.accessible_role)),
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
        ("File", address(&m.file_url)),
        ("Created", local_time(m.created_at.as_deref())),
        ("Updated", local_time(m.updated_at.as_deref())),
        ("Content", s(&m.content)),
    ];
    finish(record(opts, rows))
}

/// An answer as people read it: its text, its choices, a checkbox as yes/no, its links, a
/// contact's name, e-mail and phone.
fn answer_text(a: &crate::api::types::SubmissionAnswer) -> String {
    let Some(info) = &a.answer_json_info else {
        return String::new();
    };
    let word = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Object(m) => ["value", "title", "name", "url"]
            .iter()
            .find_map(|k| m.get(*k).and_then(Value::as_str).map(str::to_string))
            .unwrap_or_else(|| v.to_string()),
        other => other.to_string(),
    };
    let mut parts: Vec<String> = Vec::new();
    if let Some(v) = info.value.as_deref().filter(|v| !v.is_empty()) {
        parts.push(v.to_string());
    }
    if let Some(vs) = info.values.as_ref().filter(|v| !v.is_empty()) {
        parts.push(vs.iter().map(word).collect::<Vec<_>>().join(", "));
    }
    if let Some(c) = info.checked {
        parts.push(yes_no(Some(c)));
    }
    if let Some(ls) = info.links.as_ref().filter(|v| !v.is_empty()) {
        parts.push(ls.iter().map(word).collect::<Vec<_>>().join(" "));
    }
    let contact: Vec<String> = [&info.name, &info.email, &info.phone]
        .iter()
        .filter_map(|x| (*x).clone())
        .filter(|x| !x.is_empty())
        .collect();
    if !contact.is_empty() {
        parts.push(contact.join(" · "));
    }
    parts.join("\n")
}

/// `submissions list --answers`: each submission as a heading (code, form, when) and its
/// questions with their answers in order, for people; json and csv carry the same answers.
fn submissions_with_answers(items: &[Value], opts: &OutputOptions) -> String {
    let mut out = String::new();
    for (n, v) in items.iter().enumerate() {
        let f: FormSubmission = parse(v);
        if n > 0 {
            out.push('\n');
        }
        let head = [
            s(&f.code),
            s(&f.form_title),
            local_time(f.submitted_at.as_deref()),
        ]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
        out.push_str(&format!(
            "{}\n",
            wrap(&safe_text(&head, false), width(opts) as usize)
        ));
        let mut answers = f.submission_answers.unwrap_or_default();
        answers.sort_by_key(|a| a.order.unwrap_or(i64::MAX));
        let rows: Vec<Vec<String>> = answers
            .iter()
            .map(|a| {
                vec![
                    a.order.map(|o| o.to_string()).unwrap_or_default(),
                    s(&a.title),
                    answer_text(a),
                ]
            })
            .collect();
        if rows.is_empty() {
            out.push_str(&format!("{}\n", crate::t!("list-none")));
        } else {
            out.push_str(&self::rows(opts, &["#", "QUESTION", "ANSWER"], rows));
        }
    }
    out
}

fn submissions(items: &[Value], opts: &OutputOptions) -> String {
    if opts.answers {
        return submissions_with_answers(items, opts);
    }
    let header = ["CODE", "KIND", "FORM", "SUBMITTED", "ANSWERS"];
    let rows = items.iter().map(|v| {
        let f: FormSubmission = parse(v);
        let submitted = local_time(f.submitted_at.as_deref());
        let answers = f.submission_answers.as_ref().map(|a| a.len().to_string());
        let answers = answers.unwrap_or_default();
        vec![
            s(&f.code),
            coded(&f.kind),
            s(&f.form_title),
            submitted,
            answers,
        ]
    });
    // On a narrow terminal the form's title keeps room: the time of day goes, then the count
    // of answers (`--answers` shows them); the kind, an identifier, stays and the title wraps.
    let steps = [
        Give::Enough(2, 24),
        Give::Date(3),
        Give::Enough(2, 20),
        Give::Drop(4),
    ];
    narrowed(opts, &header, rows.collect(), &steps)
}

fn webhooks(items: &[Value], opts: &OutputOptions) -> String {
    let header = ["CODE", "ACTIVE", "CALLBACK URL", "EVENTS", "CREATED"];
    // On a narrow terminal the address keeps room: the time of day goes, then the events
    // (`webhooks get` shows them).
    let steps = [
        Give::Enough(2, 40),
        Give::Date(4),
        Give::Enough(2, 30),
        Give::Drop(3),
    ];
    let rows = items.iter().map(|v| {
        let w: Webhook = parse(v);
        // No list, or an empty one, is every event.
        let events = match w.events.as_deref() {
            Some(e) if !e.is_empty() => e.join(", "),
            _ => crate::t!("table-all-events"),
        };
        let active = yes_no(w.active);
        let created = local_time(w.created_at.as_deref());
        vec![s(&w.code), active, s(&w.callback_url), events, created]
    });
    narrowed(opts, &header, rows.collect(), &steps)
}

fn webhook_detail(item: &Value, opts: &OutputOptions) -> String {
    let w: Webhook = parse(item);
    let rows = vec![
        ("Code", s(&w.code)),
        ("Active", yes_no(w.active)),
        ("Provider", s(&w.provider)),
        ("Callback URL", s(&w.callback_url)),
        (
            "Signing key",
            if w.signing_key.is_some() {
                crate::t!("table-set")
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

/// A number as the service sent it (`85`, `4.5`), blank when absent.
fn num(n: &Option<serde_json::Number>) -> String {
    n.as_ref().map(|n| n.to_string()).unwrap_or_default()
}

/// A JSON value of an undocumented type (salaries) as text: strings and numbers as they are.
fn loose(v: &Option<Value>) -> String {
    cell(v.as_ref())
}

/// A salary with its unit: the service counts them in units of KRW 10,000 (만 원), as its
/// application forms ask for them (`9500` is `9,500 × KRW 10,000`, 9,500만 원).
fn salary(v: &Option<Value>) -> String {
    match v.as_ref().and_then(Value::as_i64) {
        Some(n) => crate::t!("table-salary", amount = thousands(n)),
        None => loose(v),
    }
}

/// `9500` as `9,500`.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        out.insert(0, '-');
    }
    out
}

/// A file's address as people read it: percent-escapes of non-ASCII text decoded (a Korean
/// file name `%EC%9D%B4%EB%A0%A5%EC%84%9C.pdf` reads `이력서.pdf`); ASCII escapes (`%20`,
/// `%2F`) stay, so the address stays one word that means the same.
fn address(o: &Option<String>) -> String {
    let Some(text) = o.as_deref() else {
        return String::new();
    };
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        // A run of escapes of bytes >= 0x80: decoded when it is UTF-8 text.
        let mut run = Vec::new();
        let mut j = i;
        while j + 2 < bytes.len() && bytes[j] == b'%' {
            match (hex(bytes[j + 1]), hex(bytes[j + 2])) {
                (Some(h), Some(l)) if h * 16 + l >= 0x80 => {
                    run.push(h * 16 + l);
                    j += 3;
                }
                _ => break,
            }
        }
        match std::str::from_utf8(&run) {
            Ok(decoded) if !run.is_empty() => {
                out.push_str(decoded);
                i = j;
            }
            _ => {
                let c = text[i..]
                    .chars()
                    .next()
                    .unwrap_or_else(|| crate::error::bug(crate::t!("bug-table-cell")));
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// `2/3`: evaluators who scored, of those asked; blank when the service did not say.
fn progress(done: Option<i64>, total: Option<i64>) -> String {
    match (done, total) {
        (None, None) => String::new(),
        (d, t) => format!(
            "{}/{}",
            d.map(|d| d.to_string()).unwrap_or_else(|| "-".into()),
            t.map(|t| t.to_string()).unwrap_or_else(|| "-".into())
        ),
    }
}

/// `2 of 3 scored`: the detail views' wording of [`progress`].
fn scored(done: Option<i64>, total: Option<i64>) -> String {
    match (done, total) {
        (Some(d), Some(t)) => crate::t!("table-scored", done = d, total = t),
        (d, t) => progress(d, t),
    }
}

/// `C1001 Kim Min-jun`
fn code_and_name(c: &Candidate) -> String {
    format!("{} {}", s(&c.code), s(&c.name)).trim().to_string()
}

/// A candidate's stage as the organization names it (`1차 면접`), else its kind.
fn stage_title(c: &Candidate) -> String {
    c.job_stage
        .as_ref()
        .and_then(|st| {
            st.title
                .clone()
                .or_else(|| st.stage_kind.as_deref().map(service_value))
        })
        .unwrap_or_default()
}

/// A job's code; `-` for a job without one (the service may send null).
fn job_code(code: &Option<String>) -> String {
    code.clone().unwrap_or_else(|| "-".to_string())
}

/// Months as people read them: `74 months (6 y 2 m)`.
fn months(m: Option<i64>) -> String {
    match m {
        None => String::new(),
        Some(m) if m >= 12 => crate::t!("table-months-years", months = m, y = m / 12, m = m % 12),
        Some(m) => crate::t!("table-months", months = m),
    }
}

/// A local time cut to its date (`2026-10-18 09:00 KST (expired)` is `2026-10-18 (expired)`):
/// the time of day and the zone go, what follows them stays.
fn date_only(cell: &str) -> String {
    let mut words = cell.split(' ');
    let Some(date) = words.next() else {
        return cell.to_string();
    };
    let rest: Vec<&str> = words.collect();
    let is_time = |w: &&str| w.len() == 5 && w.as_bytes()[2] == b':';
    match rest.as_slice() {
        [time, _zone, tail @ ..] if is_time(time) => std::iter::once(date)
            .chain(tail.iter().copied())
            .collect::<Vec<_>>()
            .join(" "),
        [time] if is_time(time) => date.to_string(),
        _ => cell.to_string(),
    }
}

/// How a list gives way on a narrow terminal, step by step, before any cell wraps (a list
/// reads best one line per record, and a Korean title wrapped between its syllables is hard
/// to read): a column cut to a display width (with `…`), a time column cut to its date, a
/// column left out (`--fields` still shows it).
pub(crate) enum Give {
    Cut(usize, usize),
    Date(usize),
    Drop(usize),
    /// Give way no further once this column has at least this width (it wraps instead).
    Enough(usize, usize),
    /// Give way no further on a terminal at least this wide (the cells wrap instead).
    Wide(usize),
}

/// A list table of `rows` that first gives way as `steps` say, then wraps (see [`fit_columns`]).
/// Widths are display widths: a Hangul syllable takes two columns.
pub(crate) fn narrowed(
    opts: &OutputOptions,
    header: &[&str],
    mut rows: Vec<Vec<String>>,
    steps: &[Give],
) -> String {
    let avail = width(opts) as usize;
    let mut shown: Vec<bool> = vec![true; header.len()];
    let natural = |rows: &[Vec<String>], c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .flat_map(|cell| cell.lines())
            .map(console::measure_text_width)
            .chain(std::iter::once(console::measure_text_width(header[c])))
            .max()
            .unwrap_or(0)
    };
    let total = |rows: &[Vec<String>], shown: &[bool]| {
        let cols: Vec<usize> = (0..header.len()).filter(|c| shown[*c]).collect();
        cols.iter().map(|c| natural(rows, *c)).sum::<usize>() + 3 * cols.len() + 1
    };
    for step in steps {
        let over = total(&rows, &shown).saturating_sub(avail);
        if over == 0 {
            break;
        }
        match *step {
            Give::Cut(c, min) => {
                let target = natural(&rows, c).saturating_sub(over).max(min);
                for r in rows.iter_mut() {
                    let one = r[c].lines().next().unwrap_or("");
                    if console::measure_text_width(&r[c]) > target || one.len() < r[c].len() {
                        // `…` in place of the last column, never after a space.
                        let kept = console::truncate_str(one, target.saturating_sub(1), "");
                        r[c] = format!("{}…", kept.trim_end());
                    }
                }
            }
            Give::Date(c) => {
                for r in rows.iter_mut() {
                    r[c] = date_only(&r[c]);
                }
            }
            Give::Drop(c) => shown[c] = false,
            Give::Enough(c, min) => {
                if avail + natural(&rows, c) >= min + total(&rows, &shown) {
                    break;
                }
            }
            Give::Wide(w) => {
                if avail >= w {
                    break;
                }
            }
        }
    }
    let keep = |v: Vec<String>| -> Vec<String> {
        v.into_iter()
            .zip(&shown)
            .filter(|(_, s)| **s)
            .map(|(v, _)| v)
            .collect()
    };
    let header: Vec<&str> = header
        .iter()
        .zip(&shown)
        .filter(|(_, s)| **s)
        .map(|(h, _)| *h)
        .collect();
    let mut t = new_table(opts, &header);
    for r in rows {
        add_row(&mut t, keep(r));
    }
    finish(t)
}

/// The fields a list table of `kind` draws its columns from, for the access log (cli.md: a
/// record names "the columns a table shows"); `None`: every field may show (a detail, or a
/// table whose columns follow the items).
pub(crate) fn list_columns(kind: Kind) -> Option<Vec<String>> {
    let columns: &[&str] = match kind {
        // What `candidates` below reads: of the personal list, the name only.
        Kind::Candidate => &[
            "code",
            "name",
            "job_stage",
            "job",
            "applied_at",
            "created_at",
            "feedback_score_count",
            "feedback_score_total_count",
        ],
        _ => return None,
    };
    Some(columns.iter().map(|c| c.to_string()).collect())
}

fn candidates(items: &[Value], opts: &OutputOptions) -> String {
    let rows = items
        .iter()
        .map(|v| {
            let c: Candidate = parse(v);
            vec![
                s(&c.code),
                s(&c.name),
                stage_title(&c),
                c.job.as_ref().map(|j| s(&j.title)).unwrap_or_default(),
                local_time(c.applied_at.as_deref().or(c.created_at.as_deref())),
                progress(c.feedback_score_count, c.feedback_score_total_count),
            ]
        })
        .collect();
    // The job gives way first, then the time of day, then the job altogether.
    narrowed(
        opts,
        &["CODE", "NAME", "STAGE", "JOB", "APPLIED", "EVAL"],
        rows,
        &[
            Give::Cut(3, 16),
            Give::Date(4),
            Give::Cut(3, 8),
            Give::Drop(3),
        ],
    )
}

/// Detail views made of groups: a heading, then its key/value rows; groups with nothing to
/// show are left out.
fn grouped(
    opts: &OutputOptions,
    head: Vec<(&str, String)>,
    groups: Vec<(&str, Vec<(&str, String)>)>,
) -> String {
    let mut out = finish(record(opts, head));
    // A group's rows are indented: they get that much less room.
    let inner = OutputOptions {
        width: Some((width(opts) as usize).saturating_sub(2).max(20) as u16),
        ..opts.clone()
    };
    for (title, rows) in groups {
        if rows.iter().all(|(_, v)| v.is_empty()) {
            continue;
        }
        out.push_str(&format!("\n{}\n", crate::i18n::words::label(title)));
        for line in finish(record(&inner, rows)).lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out
}

fn candidate_detail(item: &Value, opts: &OutputOptions) -> String {
    let c: Candidate = parse(item);
    let job = c.job.clone().unwrap_or_default();
    let stage = c.job_stage.clone().unwrap_or_default();
    let kind = stage.stage_kind.as_deref().map(service_value);
    let stage_line = match (&stage.title, kind) {
        (Some(t), Some(k)) if *t != k => format!("{t} ({k})"),
        (t, k) => t.clone().or(k).unwrap_or_default(),
    };
    let job_line = match (&job.title, &job.code) {
        (Some(t), Some(code)) => format!("{t} ({code})"),
        (t, _) => t.clone().unwrap_or_default(),
    };
    let history = [
        (c.duplicate, crate::t!("table-history-duplicate")),
        (c.duplicate_job, crate::t!("table-history-duplicate-job")),
        (c.reapply, crate::t!("table-history-reapply")),
    ]
    .into_iter()
    .filter(|(b, _)| *b == Some(true))
    .map(|(_, w)| w)
    .collect::<Vec<_>>()
    .join(", ");
    let head = vec![("Code", s(&c.code)), ("Name", s(&c.name))];
    let groups = vec![
        (
            "Personal data",
            vec![
                ("Email", s(&c.email)),
                ("Phone", s(&c.phone)),
                ("Birth", s(&c.birth)),
                ("Education", coded(&c.education_final_kind)),
                ("Experience", months(c.experience_total_period)),
                ("Resume", address(&c.resume_path)),
                ("Photo", address(&c.profile_img_path)),
                ("Privacy consent", flag(c.privacy)),
            ],
        ),
        (
            "Job and stage",
            vec![
                ("Job", job_line),
                ("Posting", s(&job.url)),
                (
                    "Job deleted",
                    if job.deleted == Some(true) {
                        yes_no(Some(true))
                    } else {
                        String::new()
                    },
                ),
                ("Stage", stage_line),
                ("Stage since", local_time(stage.updated_at.as_deref())),
                ("Applied", local_time(c.applied_at.as_deref())),
                ("Created", local_time(c.created_at.as_deref())),
                ("History", history),
            ],
        ),
        (
            "Evaluation",
            vec![
                ("Kind", coded(&c.feedback_kind)),
                ("Status", coded(&c.feedback_status)),
                ("Result", coded(&c.feedback_result)),
                ("Score", num(&c.feedback_score)),
                (
                    "Evaluators",
                    scored(c.feedback_score_count, c.feedback_score_total_count),
                ),
            ],
        ),
        (
            "Salary",
            vec![
                ("Desired", salary(&c.desired_salary)),
                ("Current", salary(&c.current_salary)),
                ("Expected fee", loose(&c.expected_fee)),
            ],
        ),
    ];
    grouped(opts, head, groups)
}

fn jobs(items: &[Value], opts: &OutputOptions) -> String {
    let mut rows = Vec::new();
    for v in items {
        let j: Job = parse(v);
        let managers = j
            .managers
            .iter()
            .flatten()
            .filter_map(|m| m.user.as_ref())
            .map(|u| {
                u.name
                    .clone()
                    .or_else(|| u.code.clone())
                    .unwrap_or_default()
            })
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        rows.push(vec![
            job_code(&j.code),
            s(&j.title),
            j.position.as_ref().map(|p| s(&p.title)).unwrap_or_default(),
            j.application_form
                .as_ref()
                .map(|f| s(&f.code))
                .unwrap_or_default(),
            managers,
        ]);
    }
    // Managers give way first, then the form unless the title has room to wrap in.
    narrowed(
        opts,
        &["CODE", "TITLE", "POSITION", "FORM", "MANAGERS"],
        rows,
        &[
            Give::Cut(4, 10),
            Give::Drop(4),
            Give::Enough(1, 24),
            Give::Drop(3),
        ],
    )
}

fn evaluation(item: &Value, opts: &OutputOptions) -> String {
    let e: Evaluation = parse(item);
    let candidate = e.candidate.clone().unwrap_or_default();
    let rows = vec![
        ("Code", s(&e.code)),
        ("Candidate", code_and_name(&candidate)),
        ("Stage", s(&e.job_stage_title)),
        ("Kind", coded(&e.feedback_kind)),
        ("Status", coded(&e.status)),
        ("Result", coded(&e.result)),
        ("Score", num(&e.score)),
        ("Evaluators", scored(e.score_count, e.total_score_count)),
        ("Created", local_time(e.created_at.as_deref())),
        ("Updated", local_time(e.updated_at.as_deref())),
    ];
    let mut out = finish(record(opts, rows));
    let scores = e.member_scores.unwrap_or_default();
    out.push_str(&format!(
        "\n{}\n",
        crate::t!("table-member-scores", count = scores.len())
    ));
    if scores.is_empty() {
        out.push_str(&format!("{}\n", crate::t!("list-none")));
        return out;
    }
    let header = ["MEMBER", "STATUS", "RESULT", "SCORE", "COMMENT", "UPDATED"];
    let scored = scores.iter().map(|m| {
        let member = m.user.as_ref().map(|u| who(&u.name, &u.code));
        let updated = local_time(m.updated_at.as_deref());
        vec![
            member.unwrap_or_default(),
            coded(&m.status),
            coded(&m.final_result),
            num(&m.final_score),
            s(&m.final_comment),
            updated,
        ]
    });
    // On a narrow terminal the comment keeps room: the time of day goes, then the status.
    let steps = [
        Give::Wide(100),
        Give::Date(5),
        Give::Enough(4, 20),
        Give::Drop(1),
    ];
    out.push_str(&narrowed(opts, &header, scored.collect(), &steps));
    out
}

/// `2026-11-02 14:00 – 15:00 KST` (the end's date only when it differs), in local time.
fn span(start: Option<&str>, end: Option<&str>) -> String {
    let (a, b) = (local_time(start), local_time(end));
    match (a.is_empty(), b.is_empty()) {
        (true, true) => String::new(),
        (false, true) => a,
        (true, false) => crate::t!("table-until", at = b),
        (false, false) => {
            // `date time zone`: the date and the zone once when both ends share them.
            let pa: Vec<&str> = a.splitn(3, ' ').collect();
            let pb: Vec<&str> = b.splitn(3, ' ').collect();
            match (pa.as_slice(), pb.as_slice()) {
                ([da, ta, za], [db, tb, zb]) if da == db && za == zb => {
                    format!("{da} {ta} – {tb} {za}")
                }
                ([da, ta], [db, tb]) if da == db => format!("{da} {ta} – {tb}"),
                _ => format!("{a} – {b}"),
            }
        }
    }
}

fn interview(item: &Value, opts: &OutputOptions) -> String {
    let i: Interview = parse(item);
    let candidate = i.candidate.clone().unwrap_or_default();
    let schedule = i.schedule.clone().unwrap_or_default();
    let mut when = span(schedule.start_at.as_deref(), schedule.end_at.as_deref());
    if let Some(st) = schedule.status.as_deref().filter(|_| !when.is_empty()) {
        when = format!("{when} ({})", service_value(st));
    }
    let rows = vec![
        ("Code", s(&i.code)),
        ("Candidate", code_and_name(&candidate)),
        (
            "Job",
            candidate
                .job
                .as_ref()
                .map(|j| s(&j.title))
                .unwrap_or_default(),
        ),
        ("Stage", stage_title(&candidate)),
        ("Kind", coded(&i.kind)),
        ("Round", i.number.map(|n| n.to_string()).unwrap_or_default()),
        ("Status", coded(&i.status)),
        ("Schedule", when),
        ("Schedule code", s(&schedule.code)),
        ("Created", local_time(i.created_at.as_deref())),
        ("Updated", local_time(i.updated_at.as_deref())),
    ];
    finish(record(opts, rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Format;

    fn at(width: u16) -> OutputOptions {
        OutputOptions {
            width: Some(width),
            ..OutputOptions::new(Format::Table)
        }
    }

    /// Words wrap at their boundaries; a word wider than the column is the only thing cut:
    /// an address or a code in the middle, any other word in pieces; Hangul counts two.
    #[test]
    fn cells_wrap_at_words_and_cut_addresses_in_the_middle() {
        assert_eq!(
            wrap("Strong Rust background, 6 years", 12),
            "Strong Rust\nbackground,\n6 years"
        );
        assert_eq!(wrap("  ↳ 102", 4), "  ↳\n102");
        let url = "https://files.example.com/c1001/review.pdf";
        let cut = wrap(&format!("see {url}"), 20);
        assert_eq!(cut, "see\nhttps://fi…eview.pdf");
        assert!(cut.lines().all(|l| console::measure_text_width(l) <= 20));
        assert_eq!(wrap("internationalization", 8), "internat\nionaliza\ntion");
        assert_eq!(
            wrap("internationalization.", 8),
            "internat\nionaliza\ntion."
        );
        assert_eq!(wrap("FORM-ALLKINDS-2026", 9), "FORM…2026");
        assert_eq!(wrap("서류 검토 단계", 6), "서류\n검토\n단계");
        // Widths by need: the short columns whole, the prose the rest.
        let names = ["ID", "ROLE", "CONTENT"].map(String::from).to_vec();
        let cells = vec![vec![
            "101".to_string(),
            "job_manager".to_string(),
            "a long memo ".repeat(20),
        ]];
        assert_eq!(column_widths(&names, &cells, 50), vec![3, 11, 36]);
    }

    #[test]
    fn a_narrow_list_gives_way_before_it_wraps() {
        let rows = vec![vec![
            "C1".to_string(),
            "최종 합격".to_string(),
            "A very long job title here".to_string(),
        ]];
        let steps = [Give::Cut(2, 8), Give::Drop(2)];
        let lines = |w: u16| {
            let text = narrowed(&at(w), &["CODE", "STAGE", "JOB"], rows.clone(), &steps);
            text.lines().map(str::to_string).collect::<Vec<_>>()
        };
        // Room for all: nothing changes.
        assert!(lines(80)[2].contains("A very long job title here"));
        // 40 columns: the job is cut to fit (a Hangul syllable counts two), on one line.
        let cut = lines(40);
        assert_eq!(cut.len(), 3, "{cut:?}");
        assert!(
            cut[2].contains("최종 합격") && cut[2].contains("A very long job…"),
            "{cut:?}"
        );
        assert!(cut.iter().all(|l| console::measure_text_width(l) <= 40));
        // 30: cut to its least; 27: not even 8 columns left for the job, so it goes.
        assert!(lines(30)[2].ends_with("A very…"), "{:?}", lines(30));
        let dropped = lines(27);
        assert!(
            !dropped[0].contains("JOB") && dropped[2].contains("최종 합격"),
            "{dropped:?}"
        );
    }

    /// File addresses read decoded where the escapes are text (Korean names), ASCII escapes
    /// kept; a time cut to its date keeps what follows it; salaries get thousands separators.
    #[test]
    fn addresses_decode_dates_keep_their_tail_and_numbers_group() {
        let a = |s: &str| address(&Some(s.to_string()));
        assert_eq!(
            a("https://f.example/%EC%9D%B4%EB%A0%A5%EC%84%9C%20v2.pdf"),
            "https://f.example/이력서%20v2.pdf"
        );
        // Not UTF-8, or cut short: left as sent.
        assert_eq!(a("/x/%EC%9D.pdf"), "/x/%EC%9D.pdf");
        assert_eq!(a("/x/%E"), "/x/%E");
        assert_eq!(
            date_only("2026-10-18 09:00 KST (expired)"),
            "2026-10-18 (expired)"
        );
        assert_eq!(date_only("2026-10-18 09:00 UTC"), "2026-10-18");
        assert_eq!(date_only("2026-10-18"), "2026-10-18");
        assert_eq!(thousands(9500), "9,500");
        assert_eq!(thousands(950), "950");
        assert_eq!(thousands(-1_234_567), "-1,234,567");
    }

    /// What a table leaves out is said once per table, to its caller: never printed here,
    /// and every table (an in-process run after another) gets its own notes.
    #[test]
    fn a_table_gives_its_notes_once_each_to_its_caller() {
        let long = "x".repeat(MAX_CELL_CHARS + 10);
        let forms = [
            serde_json::json!({"code": "F1", "title": long, "career_start": "3", "open_status": true}),
            serde_json::json!({"code": "F2", "title": long, "career_start": "4", "open_status": true}),
        ];
        for _ in 0..2 {
            let (text, notes) = noting(|| list(Kind::Form, &forms, &at(120)));
            assert!(text.contains('…'), "{text}");
            assert!(!text.contains(&long));
            assert_eq!(notes.len(), 2, "{notes:?}");
            assert!(
                notes[0].starts_with(
                    "warning: a field of an unexpected type was left blank (career_start: \"3\")"
                ),
                "{notes:?}"
            );
            assert!(
                notes[1].starts_with("note: values longer than 4000 characters are cut"),
                "{notes:?}"
            );
        }
        // Outside `noting`, a note is dropped (nothing printed, nothing kept for later).
        let _ = list(Kind::Form, &forms, &at(120));
        let ((), notes) = noting(|| ());
        assert!(notes.is_empty(), "{notes:?}");
    }
}
