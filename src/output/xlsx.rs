//! Excel workbooks: `-o xlsx` of lists and exports, and the report's workbook.
//!
//! One [`Book`] writes tables as sheets: the header row frozen and filtered, values typed as
//! Excel reads them (dates and times as dates at the service's +09:00, JSON numbers as
//! numbers, booleans as booleans, every string as text: a value starting with `=` stays the
//! string, never a formula), nested values as JSON text as in CSV, and column widths counted
//! in display cells (a Hangul character takes two). Lists and exports write their sheets in
//! rust_xlsxwriter's constant-memory mode: each row goes to a temporary file as it comes, so
//! a large export keeps flat memory. A password encrypts the finished workbook (ECMA-376
//! agile encryption, AES-256) on its way out, through a temporary file, never in memory whole.

use std::io::{Seek, SeekFrom, Write};

use chrono::{DateTime, FixedOffset, NaiveDate};
use rust_xlsxwriter::{Chart, ChartType, Format as CellFormat, Workbook, XlsxError};
use serde_json::Value;

use crate::error::{Error, ExitKind};

/// The service's time zone: dates and times are shown as its clocks read them.
const SERVICE_OFFSET_SECS: i32 = 9 * 3600;

/// Excel's longest text in a cell: a longer string is cut there (Excel cannot hold more).
const MAX_CELL_CHARS: usize = 32_767;

/// Excel's rows in a sheet, the header's included.
const MAX_ROWS: u32 = 1_048_576;

/// The widest a column is made (in characters): long text wraps no further than this.
const MAX_WIDTH: usize = 60;

/// A password to open a workbook. Its text is never shown: not in `Debug`, not in errors.
#[derive(Clone)]
pub struct Password(String);

impl Password {
    pub fn new(text: String) -> Password {
        Password(text)
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// `-o xlsx` may be written here: never to a terminal (a workbook is bytes for a program),
/// and not with `--jq` (whose results are no table). Both are exit 2, naming the way out.
pub(crate) fn writable(to_terminal: bool, jq: bool) -> Result<(), Error> {
    if jq {
        return Err(Error::usage(crate::msg!("xlsx-no-jq")));
    }
    if to_terminal {
        return Err(Error::usage(crate::msg!("xlsx-terminal")));
    }
    Ok(())
}

impl crate::context::Ctx {
    /// The password to open an `-o xlsx` workbook: `--password-file FILE` (its first line),
    /// else `--password` (asked at a hidden prompt), else `RECRUIT_XLSX_PASSWORD`; none
    /// without them. Given with another format, or both flags at once: exit 2.
    pub(crate) fn xlsx_password(&self, format: super::Format) -> Result<Option<Password>, Error> {
        let g = &self.globals;
        let flagged = g.password || g.password_file.is_some();
        if flagged && format != super::Format::Xlsx {
            return Err(Error::usage(crate::msg!("xlsx-password-not-xlsx")));
        }
        if format != super::Format::Xlsx {
            return Ok(None);
        }
        self.password_given()
    }

    /// The password the options and environment give for a workbook, whatever `-o` says
    /// (`report pipeline --xlsx FILE`): see [`Self::xlsx_password`].
    pub(crate) fn password_given(&self) -> Result<Option<Password>, Error> {
        let g = &self.globals;
        let text = match (&g.password_file, g.password) {
            (Some(_), true) => return Err(Error::usage(crate::msg!("xlsx-password-two-sources"))),
            (Some(file), false) => first_line(file)?,
            (None, true) => self.ask_password()?,
            (None, false) => match &g.environ.xlsx_password {
                Some(p) => p.clone(),
                None => return Ok(None),
            },
        };
        if text.is_empty() {
            return Err(Error::usage(crate::msg!("xlsx-password-empty")));
        }
        Ok(Some(Password(text)))
    }

    /// `--password`: asked twice at a hidden prompt on the terminal (stderr's).
    fn ask_password(&self) -> Result<String, Error> {
        if !self.io.term.stderr_tty {
            return Err(Error::usage(crate::msg!("xlsx-password-no-terminal")));
        }
        dialoguer::Password::new()
            .with_prompt(crate::t!("xlsx-password-prompt"))
            .with_confirmation(
                crate::t!("xlsx-password-confirm"),
                crate::t!("xlsx-password-mismatch"),
            )
            .interact()
            .map_err(|e| Error::caused(ExitKind::Usage, crate::msg!("xlsx-password-unread"), e))
    }
}

/// A password file's first line, without its line end (the rest is not read as password).
fn first_line(path: &std::path::Path) -> Result<String, Error> {
    let bytes =
        std::fs::read(path).map_err(|e| Error::file(crate::error::FileOp::Read, path, e))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(Error::usage(crate::msg!(
            "xlsx-password-file-not-text",
            path = path.display().to_string()
        )));
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Ok(text.lines().next().unwrap_or("").to_string())
}

/// The workbook of an export, made from its rows file ([`crate::output::encode`]'s `-o
/// xlsx`: a line of column names, then a JSON array of cells a line), row by row.
pub(crate) fn from_rows(
    rows: impl std::io::BufRead,
    kind: super::Kind,
    out: &mut (dyn Write + Send),
    password: Option<&Password>,
) -> Result<(), Error> {
    let unreadable = |e: &dyn std::fmt::Display| {
        Error::new(
            ExitKind::Other,
            crate::msg!("xlsx-rows-unreadable", error = e.to_string()),
        )
    };
    let mut book = Book::new(Mode::Streaming);
    let mut lines = rows.lines();
    let columns: Vec<String> = match lines.next() {
        Some(line) => {
            let line = line.map_err(|e| unreadable(&e))?;
            serde_json::from_str(&line).map_err(|e| unreadable(&e))?
        }
        None => Vec::new(),
    };
    book.table(&sheet_name(kind), &headers(&columns))?;
    for line in lines {
        let line = line.map_err(|e| unreadable(&e))?;
        if line.is_empty() {
            continue;
        }
        let cells: Vec<Value> = serde_json::from_str(&line).map_err(|e| unreadable(&e))?;
        book.row(cells.iter().map(Some))?;
    }
    book.finish(out, password)
}

/// A sheet's name for a list of `kind`, in the language in use.
pub(crate) fn sheet_name(kind: super::Kind) -> String {
    use super::Kind;
    let id = match kind {
        Kind::Form => "xlsx-sheet-forms",
        Kind::Memo => "xlsx-sheet-memos",
        Kind::Submission => "xlsx-sheet-submissions",
        Kind::Webhook => "xlsx-sheet-webhooks",
        Kind::Application => "xlsx-sheet-applications",
        Kind::Candidate => "xlsx-sheet-candidates",
        Kind::Job => "xlsx-sheet-jobs",
        Kind::Evaluation => "xlsx-sheet-evaluations",
        Kind::Interview => "xlsx-sheet-interviews",
        Kind::Other => "xlsx-sheet-other",
    };
    crate::i18n::text(id, None)
}

/// The header row for CSV's `columns`, in the language in use: a column the messages name
/// (`xlsx-col-applied-at`) in its words, any other (a dotted `--fields` path, a field the
/// service added) as it is.
pub(crate) fn headers(columns: &[String]) -> Vec<String> {
    columns.iter().map(|c| header(c)).collect()
}

/// One column's header ([`headers`]).
pub(crate) fn header(column: &str) -> String {
    match HEADERS.iter().find(|(c, _)| *c == column) {
        Some((_, id)) => crate::i18n::text(id, None),
        None => column.to_string(),
    }
}

/// The columns of CSV (every kind's, and the exports') and the message that heads each.
const HEADERS: &[(&str, &str)] = &[
    ("code", "xlsx-col-code"),
    ("title", "xlsx-col-title"),
    ("status", "xlsx-col-status"),
    ("open_status", "xlsx-col-open-status"),
    ("expired", "xlsx-col-expired"),
    ("end_at", "xlsx-col-end-at"),
    ("employment_type", "xlsx-col-employment-type"),
    ("career_kind", "xlsx-col-career-kind"),
    ("career_start", "xlsx-col-career-start"),
    ("career_end", "xlsx-col-career-end"),
    ("address", "xlsx-col-address"),
    ("address2", "xlsx-col-address2"),
    ("resume_required", "xlsx-col-resume-required"),
    ("content", "xlsx-col-content"),
    ("created_at", "xlsx-col-created-at"),
    ("updated_at", "xlsx-col-updated-at"),
    ("uri", "xlsx-col-uri"),
    ("id", "xlsx-col-id"),
    ("parent_id", "xlsx-col-parent-id"),
    ("pinned", "xlsx-col-pinned"),
    ("fixed_at", "xlsx-col-fixed-at"),
    ("accessible_role", "xlsx-col-accessible-role"),
    ("user", "xlsx-col-user"),
    ("mentions", "xlsx-col-mentions"),
    ("file_url", "xlsx-col-file-url"),
    ("replies", "xlsx-col-replies"),
    ("kind", "xlsx-col-kind"),
    ("form_title", "xlsx-col-form-title"),
    ("form_description", "xlsx-col-form-description"),
    ("candidate_name", "xlsx-col-candidate-name"),
    ("candidate_email", "xlsx-col-candidate-email"),
    ("submitted_at", "xlsx-col-submitted-at"),
    ("form_template", "xlsx-col-form-template"),
    ("submission_answers", "xlsx-col-submission-answers"),
    ("active", "xlsx-col-active"),
    ("provider", "xlsx-col-provider"),
    ("callback_url", "xlsx-col-callback-url"),
    ("events", "xlsx-col-events"),
    ("name", "xlsx-col-name"),
    ("email", "xlsx-col-email"),
    ("phone", "xlsx-col-phone"),
    ("duplicate", "xlsx-col-duplicate"),
    ("birth", "xlsx-col-birth"),
    ("privacy", "xlsx-col-privacy"),
    ("resume_path", "xlsx-col-resume-path"),
    ("applied_at", "xlsx-col-applied-at"),
    ("job", "xlsx-col-job"),
    ("job_stage", "xlsx-col-job-stage"),
    ("duplicate_job", "xlsx-col-duplicate-job"),
    ("reapply", "xlsx-col-reapply"),
    ("feedback_kind", "xlsx-col-feedback-kind"),
    ("feedback_status", "xlsx-col-feedback-status"),
    ("feedback_result", "xlsx-col-feedback-result"),
    ("feedback_score", "xlsx-col-feedback-score"),
    ("feedback_score_count", "xlsx-col-feedback-score-count"),
    (
        "feedback_score_total_count",
        "xlsx-col-feedback-score-total-count",
    ),
    ("education_final_kind", "xlsx-col-education-final-kind"),
    (
        "experience_total_period",
        "xlsx-col-experience-total-period",
    ),
    ("interest", "xlsx-col-interest"),
    ("profile_img_path", "xlsx-col-profile-img-path"),
    ("url", "xlsx-col-url"),
    ("position", "xlsx-col-position"),
    ("application_form", "xlsx-col-application-form"),
    ("managers", "xlsx-col-managers"),
    ("result", "xlsx-col-result"),
    ("score", "xlsx-col-score"),
    ("score_count", "xlsx-col-score-count"),
    ("total_score_count", "xlsx-col-total-score-count"),
    ("job_stage_title", "xlsx-col-job-stage-title"),
    ("candidate", "xlsx-col-candidate"),
    ("member_scores", "xlsx-col-member-scores"),
    ("number", "xlsx-col-number"),
    ("schedule", "xlsx-col-schedule"),
    ("candidate_code", "xlsx-col-candidate-code"),
    ("desired_salary", "xlsx-col-desired-salary"),
    ("current_salary", "xlsx-col-current-salary"),
    ("expected_fee", "xlsx-col-expected-fee"),
    ("questions", "xlsx-col-questions"),
    ("value", "xlsx-col-value"),
];

/// A table of a workbook written whole ([`write_tables`]): the report's.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The sheet's name (made unique and cut to 31 characters when written).
    pub name: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    /// A bar chart of the first `rows` rows: their labels in column `labels`, the bars'
    /// values in column `values`.
    pub chart: Option<BarChart>,
    /// Columns whose numbers are shares (0.625): shown as percentages (`62.5%`), the cell
    /// still the number.
    pub percent: Vec<u16>,
}

/// A native bar chart of a [`Table`]'s first rows.
#[derive(Debug, Clone)]
pub struct BarChart {
    pub title: String,
    pub labels: u16,
    pub values: u16,
    pub rows: u32,
}

/// A workbook of `tables`, one sheet each, with their charts, written to `out`.
pub fn write_tables(
    tables: &[Table],
    out: &mut (dyn Write + Send),
    password: Option<&Password>,
) -> Result<(), Error> {
    let mut book = Book::new(Mode::InMemory);
    let mut names: Vec<String> = Vec::new();
    for (index, t) in tables.iter().enumerate() {
        let mut name: String = t.name.chars().take(31).collect();
        if name.trim().is_empty() || names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
            // Excel refuses two sheets of one name: the later one gets its place.
            let n = format!(" ({})", index + 1);
            name = t
                .name
                .chars()
                .take(31 - n.chars().count())
                .collect::<String>()
                + &n;
        }
        names.push(name.clone());
        book.table(&name, &t.header)?;
        book.percent_columns(&t.percent);
        for row in &t.rows {
            book.row(row.iter().map(Some))?;
        }
        if let Some(c) = &t.chart {
            book.bar_chart(index, c)?;
        }
    }
    book.finish(out, password)
}

/// What a workbook's sheets are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Rows streamed to temporary files (lists, exports): flat memory, no charts.
    Streaming,
    /// Sheets kept in memory (the report: small, with a chart).
    InMemory,
}

/// A sheet being written: its size so far and its columns' widths.
struct SheetState {
    columns: u16,
    /// Rows written, the header included.
    rows: u32,
    widths: Vec<usize>,
    /// Columns shown as percentages.
    percent: Vec<u16>,
}

/// A workbook being written, sheet by sheet, row by row.
pub struct Book {
    wb: Workbook,
    mode: Mode,
    sheets: Vec<SheetState>,
    header: CellFormat,
    date: CellFormat,
    datetime: CellFormat,
    percent: CellFormat,
}

/// A workbook's error, with its cause: a temporary file that could not be written is the
/// usual one.
fn failed(e: XlsxError) -> Error {
    Error::caused(ExitKind::Other, crate::msg!("xlsx-write-failed"), e)
}

impl Book {
    pub fn new(mode: Mode) -> Book {
        Book {
            wb: Workbook::new(),
            mode,
            sheets: Vec::new(),
            header: CellFormat::new().set_bold(),
            date: CellFormat::new().set_num_format("yyyy-mm-dd"),
            datetime: CellFormat::new().set_num_format("yyyy-mm-dd hh:mm:ss"),
            percent: CellFormat::new().set_num_format("0.0%"),
        }
    }

    /// Begin a sheet named `name` (cut to Excel's 31 characters) whose first row is `header`.
    pub fn table(&mut self, name: &str, header: &[String]) -> Result<(), Error> {
        let index = self.sheets.len();
        let ws = match self.mode {
            Mode::Streaming => self
                .wb
                .add_worksheet_with_constant_memory()
                .map_err(failed)?,
            Mode::InMemory => self.wb.add_worksheet(),
        };
        let name: String = name
            .chars()
            .map(|c| if "[]:*?/\\".contains(c) { '_' } else { c })
            .take(31)
            .collect();
        ws.set_name(name).map_err(failed)?;
        let mut widths = Vec::with_capacity(header.len());
        for (col, text) in header.iter().enumerate() {
            ws.write_string_with_format(0, col as u16, text, &self.header)
                .map_err(failed)?;
            // Room for the filter's button beside the header.
            widths.push(display_width(text) + 3);
        }
        self.sheets.push(SheetState {
            columns: header.len() as u16,
            rows: 1,
            widths,
            percent: Vec::new(),
        });
        debug_assert_eq!(self.sheets.len(), index + 1);
        Ok(())
    }

    /// The last sheet begun shows the numbers of `columns` as percentages.
    pub fn percent_columns(&mut self, columns: &[u16]) {
        if let Some(s) = self.sheets.last_mut() {
            s.percent = columns.to_vec();
        }
    }

    /// One row of the last sheet begun: `cells[i]` in column `i` (none: an empty cell).
    pub fn row<'a>(
        &mut self,
        cells: impl IntoIterator<Item = Option<&'a Value>>,
    ) -> Result<(), Error> {
        let Some(index) = self.sheets.len().checked_sub(1) else {
            return Ok(());
        };
        let ws = self.wb.worksheet_from_index(index).map_err(failed)?;
        let state = &mut self.sheets[index];
        let row = state.rows;
        if row >= MAX_ROWS {
            return Err(Error::usage(crate::msg!(
                "xlsx-too-many-rows",
                max = (MAX_ROWS - 1).to_string()
            )));
        }
        for (col, v) in cells.into_iter().enumerate() {
            let Some(v) = v else { continue };
            let col = col as u16;
            let width = match v.as_f64() {
                Some(share) if state.percent.contains(&col) => {
                    ws.write_number_with_format(row, col, share, &self.percent)
                        .map_err(failed)?;
                    // `100.0%`
                    6
                }
                _ => write_cell(ws, row, col, v, &self.date, &self.datetime)?,
            };
            let col = usize::from(col);
            if let Some(w) = state.widths.get_mut(col) {
                *w = (*w).max(width.min(MAX_WIDTH));
            }
        }
        state.rows += 1;
        Ok(())
    }

    /// Rows written to sheet `index`, the header included.
    pub fn rows(&self, index: usize) -> u32 {
        self.sheets.get(index).map_or(0, |s| s.rows)
    }

    /// A native bar chart on sheet `index` ([`BarChart`]), placed right of the table.
    fn bar_chart(&mut self, index: usize, c: &BarChart) -> Result<(), Error> {
        let (rows, columns) = match self.sheets.get(index) {
            Some(s) if s.rows > 1 => ((c.rows + 1).min(s.rows), s.columns),
            _ => return Ok(()),
        };
        let (labels, values, title) = (c.labels, c.values, c.title.as_str());
        let ws = self.wb.worksheet_from_index(index).map_err(failed)?;
        let name = ws.name();
        let mut chart = Chart::new(ChartType::Bar);
        chart
            .add_series()
            .set_categories((name.as_str(), 1, labels, rows - 1, labels))
            .set_values((name.as_str(), 1, values, rows - 1, values))
            .set_name(title);
        chart.title().set_name(title);
        chart.legend().set_hidden();
        // Excel draws a bar chart's first category at the bottom: reversed, the funnel reads
        // top-down as the table does.
        chart.y_axis().set_reverse();
        ws.insert_chart(1, columns + 1, &chart).map_err(failed)?;
        Ok(())
    }

    /// Each sheet's header frozen and filtered, its columns' widths set; the workbook written
    /// to `out`, encrypted when a password is given.
    pub fn finish(
        mut self,
        out: &mut (dyn Write + Send),
        password: Option<&Password>,
    ) -> Result<(), Error> {
        for (index, s) in self.sheets.iter().enumerate() {
            let ws = self.wb.worksheet_from_index(index).map_err(failed)?;
            ws.set_freeze_panes(1, 0).map_err(failed)?;
            if s.columns > 0 {
                ws.autofilter(0, 0, s.rows - 1, s.columns - 1)
                    .map_err(failed)?;
            }
            for (col, w) in s.widths.iter().enumerate() {
                ws.set_column_width(col as u16, *w as f64 + 1.0)
                    .map_err(failed)?;
            }
        }
        match password {
            None => self.wb.save_to_writer(out).map_err(failed),
            Some(pw) => encrypted(&mut self.wb, out, pw),
        }
    }
}

/// The workbook encrypted with `pw` into a temporary file, then copied to `out`: the
/// encryption needs to seek, and a pipe cannot.
fn encrypted(wb: &mut Workbook, out: &mut (dyn Write + Send), pw: &Password) -> Result<(), Error> {
    let io_failed =
        |e: std::io::Error| Error::caused(ExitKind::Other, crate::msg!("xlsx-write-failed"), e);
    let file = tempfile::tempfile().map_err(io_failed)?;
    let mut rng = rand09::rng();
    let mut writer = ms_offcrypto_writer::Ecma376AgileWriter::create(&mut rng, pw.0.as_str(), file)
        .map_err(io_failed)?;
    // The encrypting writer cannot cross threads, as the workbook's writer must: the plain
    // workbook goes to a temporary file first, then through it.
    let mut plain = tempfile::tempfile().map_err(io_failed)?;
    wb.save_to_writer(&mut plain).map_err(failed)?;
    plain.seek(SeekFrom::Start(0)).map_err(io_failed)?;
    std::io::copy(&mut plain, &mut writer).map_err(io_failed)?;
    drop(plain);
    let mut file = writer.into_inner().map_err(io_failed)?;
    file.seek(SeekFrom::Start(0)).map_err(io_failed)?;
    std::io::copy(&mut file, out).map_err(Error::stdout_failed)?;
    out.flush().map_err(Error::stdout_failed)
}

/// Write `v` at (`row`, `col`) as Excel should read it; the width it needs, in display cells.
fn write_cell(
    ws: &mut rust_xlsxwriter::Worksheet,
    row: u32,
    col: u16,
    v: &Value,
    date: &CellFormat,
    datetime: &CellFormat,
) -> Result<usize, Error> {
    match v {
        Value::Null => Ok(0),
        Value::Bool(b) => {
            ws.write_boolean(row, col, *b).map_err(failed)?;
            Ok(5)
        }
        Value::Number(n) => match n.as_f64() {
            Some(f) => {
                ws.write_number(row, col, f).map_err(failed)?;
                Ok(n.to_string().len())
            }
            None => text(ws, row, col, &n.to_string()),
        },
        Value::String(s) => match when(s) {
            Some(When::Time(t)) => {
                ws.write_datetime_with_format(row, col, t, datetime)
                    .map_err(failed)?;
                Ok(19)
            }
            Some(When::Day(d)) => {
                ws.write_datetime_with_format(row, col, d, date)
                    .map_err(failed)?;
                Ok(10)
            }
            None => text(ws, row, col, s),
        },
        nested => text(ws, row, col, &nested.to_string()),
    }
}

/// A text cell: always a string (never a formula, whatever it starts with), cut at Excel's
/// limit.
fn text(ws: &mut rust_xlsxwriter::Worksheet, row: u32, col: u16, s: &str) -> Result<usize, Error> {
    if s.is_empty() {
        return Ok(0);
    }
    let cut: std::borrow::Cow<str> = match s.char_indices().nth(MAX_CELL_CHARS) {
        Some((at, _)) => s[..at].into(),
        None => s.into(),
    };
    ws.write_string(row, col, cut.as_ref()).map_err(failed)?;
    // The widest line: a cell with line breaks is as wide as its longest line.
    Ok(cut.lines().take(50).map(display_width).max().unwrap_or(0))
}

/// A string that is a time or a date, as the service's clocks read it.
enum When {
    Time(chrono::NaiveDateTime),
    Day(NaiveDate),
}

/// `s` as a time (RFC 3339, with its offset: shown at +09:00) or a day (`YYYY-MM-DD`).
fn when(s: &str) -> Option<When> {
    let looks_dated = s.len() >= 10 && s.as_bytes()[4] == b'-' && s.as_bytes()[7] == b'-';
    if !looks_dated {
        return None;
    }
    if s.len() == 10 {
        return NaiveDate::parse_from_str(s, "%Y-%m-%d").ok().map(When::Day);
    }
    let t = DateTime::parse_from_rfc3339(s).ok()?;
    let kst = FixedOffset::east_opt(SERVICE_OFFSET_SECS)?;
    Some(When::Time(t.with_timezone(&kst).naive_local()))
}

/// How many cells of a monospaced screen `s` takes: a Hangul or other wide character two.
fn display_width(s: &str) -> usize {
    console::measure_text_width(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_read_at_the_services_offset_and_days_as_days() {
        let Some(When::Time(t)) = when("2026-03-01T00:30:00Z") else {
            panic!("a time")
        };
        assert_eq!(t.to_string(), "2026-03-01 09:30:00");
        let Some(When::Day(d)) = when("1990-05-17") else {
            panic!("a day")
        };
        assert_eq!(d.to_string(), "1990-05-17");
        for not in ["=1+1", "2026-13-01", "010-1234-5678", "2026-03-01 junk", ""] {
            assert!(when(not).is_none(), "{not}");
        }
    }

    #[test]
    fn hangul_counts_two_cells() {
        assert_eq!(display_width("김민준"), 6);
        assert_eq!(display_width("code"), 4);
    }
}
