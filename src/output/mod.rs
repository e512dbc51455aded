//! Writers for table, JSON, NDJSON, CSV and Excel workbooks behind one interface.
//!
//! Commands hand over what the service sent (raw bytes and the parsed value) together with the
//! [`Kind`] of resource; the writer decides how it looks:
//! - `json`: the body exactly as sent (pretty on a terminal); merged pages as one array;
//! - `ndjson`: one item per line, written as each page arrives;
//! - `csv`: one row per item; the documented columns of the kind ([`Kind::csv_columns`]) then any
//!   other top-level field the first page has, nested values as JSON text in their cell;
//! - `table`: a view for people ([`table`]);
//! - `xlsx`: a workbook of CSV's columns, its rows streamed to a temporary file as pages arrive
//!   and the workbook written at the end ([`xlsx`]); never to a terminal.
//!
//! `--jq` applies to the value `json` would print (and to each line under `ndjson`).

pub(crate) mod encode;
pub(crate) mod fields;
pub(crate) mod jq;
pub(crate) mod jq_format;
pub mod sheet;
pub(crate) mod shown;
pub mod table;
pub(crate) mod text;
pub mod xlsx;

use std::io::Write;

use serde_json::Value;

use crate::api::pagination::Page;
use crate::error::Error;
use encode::Encoder;
use jq::JqFilter;

// The format is a setting's value, so the settings own it; named here, where callers look.
pub use crate::settings::Format;

// The context's writer is made here, above it: the context knows nothing of output. Its
// access log is plugged in by the access log's module ([`Ledger`]), above this one.
impl crate::context::Ctx {
    /// The output options of this run: the format, `--jq`, `--fields`, the terminal's.
    pub(crate) fn output_options(&self) -> Result<OutputOptions, Error> {
        let format = self.format()?;
        let charset = self.globals.encoding.unwrap_or_default();
        // `--encoding` with another format, or with `--bom`, is refused before any request.
        sheet::Sheet::new(self.globals.bom, charset, format)?;
        let password = self.xlsx_password(format)?;
        if format == Format::Xlsx {
            xlsx::writable(self.io.term.stdout_tty, self.globals.jq.is_some())?;
        }
        Ok(OutputOptions {
            format,
            jq: self.globals.jq.clone(),
            fields: self.globals.fields.clone(),
            pretty: self.io.term.stdout_tty,
            color: self.io.term.color,
            width: self.io.term.width.or(self.settings().columns()),
            bom: self.globals.bom,
            charset,
            answers: false,
            password,
        })
    }
}

/// Where a writer's records of what it shows of personal data go: the access log, plugged
/// in by whoever made the writer. Before writing bytes that show a personal value, the
/// writer hands what they show ([`shown`]) to it; a failure stops the writer before those
/// bytes. Output keeps no log itself: the record is its caller's to write.
pub(crate) trait Ledger: Send + Sync {
    /// Record that the next bytes show `seen` (via `via`); the bytes follow only on `Ok`.
    fn append(&self, via: recruit_audit::Via, seen: &recruit_audit::Seen) -> Result<(), Error>;
}

#[derive(Debug, Clone)]
pub struct OutputOptions {
    pub format: Format,
    pub jq: Option<String>,
    pub fields: Option<Vec<String>>,
    /// Pretty JSON and a terminal-sized table (stdout is a terminal).
    pub pretty: bool,
    pub color: bool,
    /// The table's width: the terminal's, else `COLUMNS`, when known (else 120).
    pub width: Option<u16>,
    /// `--bom`: CSV starts with a UTF-8 byte-order mark (for spreadsheet programs).
    pub bom: bool,
    /// `--encoding`: the character set of CSV.
    pub charset: sheet::Charset,
    /// `submissions list --answers`: the table shows each submission's questions and answers.
    pub answers: bool,
    /// `-o xlsx`: the workbook's password to open, if one was given.
    pub password: Option<xlsx::Password>,
}

impl OutputOptions {
    pub fn new(format: Format) -> Self {
        OutputOptions {
            format,
            jq: None,
            fields: None,
            pretty: false,
            color: false,
            width: None,
            bom: false,
            charset: sheet::Charset::Utf8,
            answers: false,
            password: None,
        }
    }

    /// How CSV is written for its reader (`--bom`, `--encoding`).
    pub(crate) fn sheet(&self) -> sheet::Sheet {
        sheet::Sheet {
            bom: self.bom,
            charset: self.charset,
        }
    }
}

/// What a value is, for tables and CSV columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Form,
    Memo,
    Submission,
    Webhook,
    Application,
    Candidate,
    Job,
    Evaluation,
    Interview,
    /// Anything else: generic rendering.
    Other,
}

impl Kind {
    /// The documented CSV columns: the spec's top-level fields of the resource, in a
    /// readable order. Fields the service sends beyond these follow them ([`csv_columns`]).
    pub fn csv_columns(self) -> &'static [&'static str] {
        match self {
            Kind::Form => FORM_COLUMNS,
            Kind::Memo => MEMO_COLUMNS,
            Kind::Submission => SUBMISSION_COLUMNS,
            Kind::Webhook => WEBHOOK_COLUMNS,
            Kind::Application => APPLICATION_COLUMNS,
            Kind::Candidate => CANDIDATE_COLUMNS,
            Kind::Job => JOB_COLUMNS,
            Kind::Evaluation => EVALUATION_COLUMNS,
            Kind::Interview => INTERVIEW_COLUMNS,
            Kind::Other => &[],
        }
    }
}

/// The documented columns of each kind, as [`Kind::csv_columns`] gives them.
const FORM_COLUMNS: &[&str] = &[
    "code",
    "title",
    "status",
    "open_status",
    "expired",
    "end_at",
    "employment_type",
    "career_kind",
    "career_start",
    "career_end",
    "address",
    "address2",
    "resume_required",
    "content",
    "created_at",
    "updated_at",
    "uri",
];

const MEMO_COLUMNS: &[&str] = &[
    "id",
    "parent_id",
    "pinned",
    "fixed_at",
    "accessible_role",
    "user",
    "content",
    "mentions",
    "file_url",
    "created_at",
    "updated_at",
    "replies",
];

const SUBMISSION_COLUMNS: &[&str] = &[
    "code",
    "kind",
    "form_title",
    "form_description",
    "candidate_name",
    "candidate_email",
    "submitted_at",
    "created_at",
    "form_template",
    "submission_answers",
];

const WEBHOOK_COLUMNS: &[&str] = &[
    "code",
    "active",
    "provider",
    "callback_url",
    "events",
    "created_at",
    "updated_at",
];

const APPLICATION_COLUMNS: &[&str] = &[
    "code",
    "name",
    "email",
    "phone",
    "duplicate",
    "birth",
    "privacy",
    "resume_path",
    "applied_at",
    "created_at",
    "updated_at",
];

// The detail's salary fields follow as "other fields" (or, in `export candidates
// --detail`, as columns of their own).
const CANDIDATE_COLUMNS: &[&str] = &[
    "code",
    "name",
    "email",
    "phone",
    "job",
    "job_stage",
    "applied_at",
    "created_at",
    "duplicate",
    "duplicate_job",
    "reapply",
    "feedback_kind",
    "feedback_status",
    "feedback_result",
    "feedback_score",
    "feedback_score_count",
    "feedback_score_total_count",
    "education_final_kind",
    "experience_total_period",
    "interest",
    "birth",
    "privacy",
    "resume_path",
    "profile_img_path",
];

const JOB_COLUMNS: &[&str] = &[
    "code",
    "title",
    "url",
    "position",
    "application_form",
    "managers",
    "created_at",
    "updated_at",
];

const EVALUATION_COLUMNS: &[&str] = &[
    "code",
    "status",
    "feedback_kind",
    "result",
    "score",
    "score_count",
    "total_score_count",
    "job_stage_title",
    "candidate",
    "member_scores",
    "created_at",
    "updated_at",
];

const INTERVIEW_COLUMNS: &[&str] = &[
    "code",
    "kind",
    "number",
    "status",
    "schedule",
    "candidate",
    "created_at",
    "updated_at",
];

/// Look up a dotted path (`user.name`) in a JSON object.
pub fn lookup<'a>(item: &'a Value, path: &str) -> Option<&'a Value> {
    let mut cur = item;
    for part in path.split('.') {
        cur = match cur {
            Value::Object(m) => m.get(part)?,
            Value::Array(a) => a.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// A cell: strings as they are, null/absent empty, nested values as JSON text.
pub fn cell(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(other) => other.to_string(),
    }
}

pub struct Output {
    pub opts: OutputOptions,
    out: Box<dyn Write + Send>,
    jq: Option<std::sync::Arc<JqFilter>>,
    /// Where notes about a table go (values cut, fields left blank); none: dropped.
    notes: Option<crate::io::ErrStream>,
    /// The caller's record of what this writer prints of candidates' personal data, handed
    /// what is shown before the bytes ([`Ledger`]); none: not logged (`audit = off`, library
    /// use).
    audit: Option<Box<dyn Ledger>>,
    /// The front end the record names (`cli`, or `wizard` for its application).
    via: recruit_audit::Via,
    /// `recruit api`: answers of any shape, scanned for candidates ([`shown::scan`]).
    scan: bool,
    /// The candidate the printed records belong to when they don't say (a candidate's form
    /// submissions): the code the access log names.
    about: Option<String>,
    /// This command's one record was appended (or its caller logged it).
    logged: bool,
}

impl Output {
    pub fn new(opts: OutputOptions, out: Box<dyn Write + Send>) -> Result<Output, Error> {
        let jq = match &opts.jq {
            Some(expr) => Some(std::sync::Arc::new(JqFilter::compile(expr)?)),
            None => None,
        };
        if let Some(fields) = &opts.fields {
            // All empty is `--fields` alone (list them); some empty is a typo.
            if fields.iter().any(|f| f.trim().is_empty())
                && !fields.iter().all(|f| f.trim().is_empty())
            {
                return Err(Error::usage(crate::msg!("output-fields-empty")));
            }
        }
        Ok(Output {
            opts,
            out,
            jq,
            notes: None,
            audit: None,
            via: recruit_audit::Via::Cli,
            scan: false,
            about: None,
            logged: false,
        })
    }

    /// Hand what this writer prints of personal data to `ledger` before the bytes (none:
    /// nothing is logged).
    pub(crate) fn with_ledger(mut self, ledger: Option<Box<dyn Ledger>>) -> Output {
        self.audit = ledger;
        self
    }

    /// Answers of any shape (`recruit api`): scanned for candidate-shaped objects instead of
    /// judged by their kind.
    pub(crate) fn scanning(&mut self) {
        self.scan = true;
    }

    /// The records printed are about candidate `code` (its form submissions).
    pub(crate) fn about(&mut self, code: &str) {
        self.about = Some(code.to_string());
    }

    /// Records name `via` (the wizard's application).
    pub(crate) fn via(&mut self, via: recruit_audit::Via) {
        self.via = via;
    }

    /// The access log of this writer (none when off).
    pub(crate) fn audit(&self) -> Option<&dyn Ledger> {
        self.audit.as_deref()
    }

    /// `--fields` as the access log reads it: `None` every field, `Some` these paths; `Err`
    /// when only the field names are listed (no value is printed).
    fn shown_fields(&self) -> Result<Option<Vec<String>>, ()> {
        match fields::Fields::of(self.opts.fields.as_ref()) {
            fields::Fields::All => Ok(None),
            fields::Fields::List => Err(()),
            fields::Fields::Only(f) => Ok(Some(f)),
        }
    }

    /// Add what printing `items` (records of `kind`) shows to `seen`.
    fn judge(&self, seen: &mut recruit_audit::Seen, kind: Kind, items: &[Value]) {
        let Ok(fields) = self.shown_fields() else {
            return;
        };
        for item in items {
            if self.scan {
                shown::scan(seen, item);
            } else if kind == Kind::Submission {
                shown::submission(seen, item, self.about.as_deref(), fields.as_deref());
            } else {
                shown::see(seen, kind, item, fields.as_deref());
            }
        }
    }

    /// Append this command's record of `seen` before the output is written (once; nothing when
    /// it holds no personal value). A failure stops the command before its output.
    pub(crate) fn log(&mut self, seen: &recruit_audit::Seen) -> Result<(), Error> {
        if self.logged || seen.is_empty() {
            return Ok(());
        }
        if let Some(audit) = &self.audit {
            audit.append(self.via, seen)?;
        }
        self.logged = true;
        Ok(())
    }

    /// Log a raw answer about to be written as it came (`recruit api`): scanned for candidates.
    pub(crate) fn log_raw(&mut self, v: &Value) -> Result<(), Error> {
        if self.audit.is_none() || self.logged {
            return Ok(());
        }
        let mut seen = recruit_audit::Seen::default();
        shown::scan(&mut seen, v);
        self.log(&seen)
    }

    /// Notes about what a table leaves out go to `err`.
    pub(crate) fn with_notes(mut self, err: crate::io::ErrStream) -> Output {
        self.notes = Some(err);
        self
    }

    /// Write a table drawn by `draw`, then its notes on stderr.
    fn write_table(&mut self, draw: impl FnOnce(&OutputOptions) -> String) -> Result<(), Error> {
        let (text, notes) = table::noting(|| draw(&self.opts));
        if let Some(err) = &self.notes {
            for n in &notes {
                err.line(n);
            }
        }
        self.write_str(&text)
    }

    pub(crate) fn format(&self) -> Format {
        self.opts.format
    }

    /// Whether the human table view is in effect (`--jq` always prints JSON).
    pub(crate) fn is_table(&self) -> bool {
        self.opts.format == Format::Table && self.jq.is_none()
    }

    /// Write text to stdout; a closed pipe (`| head`) is [`Error::output_closed`].
    pub(crate) fn write_str(&mut self, s: &str) -> Result<(), Error> {
        self.write_bytes(s.as_bytes())
    }

    /// Write bytes to stdout as they are; a closed pipe (`| head`) is
    /// [`Error::output_closed`].
    pub(crate) fn write_bytes(&mut self, b: &[u8]) -> Result<(), Error> {
        self.out
            .write_all(b)
            .and_then(|_| self.out.flush())
            .map_err(Error::stdout_failed)
    }

    fn json_text(&self, v: &Value) -> String {
        if self.opts.pretty {
            serde_json::to_string_pretty(v)
                .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-json-encode")))
        } else {
            v.to_string()
        }
    }

    /// Apply `--jq` (if any) to `v` and print each result on a line.
    fn print_jq(&mut self, v: &Value) -> Result<bool, Error> {
        let Some(jq) = &self.jq else {
            return Ok(false);
        };
        let results = jq.run(v)?;
        self.jq_results(&results)?;
        Ok(true)
    }

    /// `--jq`'s results, one a line (strings raw, as jq -r); under `-o csv` in its character
    /// set (`--jq '.[] | @csv' -o csv --encoding cp949` is a CP949 file).
    fn jq_results(&mut self, results: &[Value]) -> Result<(), Error> {
        let mut s = String::new();
        for r in results {
            s.push_str(&jq::render(r));
            s.push('\n');
        }
        if self.opts.format == Format::Csv {
            let bytes = self.opts.sheet().encode(&s);
            return self.write_bytes(&bytes);
        }
        self.write_str(&s)
    }

    /// Print a value the tool made itself (not a service body), e.g. a summary.
    pub(crate) fn value(&mut self, kind: Kind, v: &Value) -> Result<(), Error> {
        let raw = v.to_string();
        self.single(kind, raw.as_bytes(), v)
    }

    /// Print a single answer (`{resource: ...}` or any JSON body).
    pub fn single(&mut self, kind: Kind, raw: &[u8], value: &Value) -> Result<(), Error> {
        self.single_inner(kind, raw, value, false)
    }

    /// [`Output::single`], but `json` to a pipe is the body byte for byte even when the
    /// service sent it over several lines (`recruit api`: "printed as it came").
    pub(crate) fn single_verbatim(
        &mut self,
        kind: Kind,
        raw: &[u8],
        value: &Value,
    ) -> Result<(), Error> {
        self.single_inner(kind, raw, value, true)
    }

    fn single_inner(
        &mut self,
        kind: Kind,
        raw: &[u8],
        value: &Value,
        verbatim: bool,
    ) -> Result<(), Error> {
        let item = value.get("resource").unwrap_or(value);
        if self.audit.is_some() && !self.logged {
            let mut seen = recruit_audit::Seen::default();
            let whole = if self.scan { value } else { item };
            self.judge(&mut seen, kind, std::slice::from_ref(whole));
            self.log(&seen)?;
        }
        match fields::Fields::of(self.opts.fields.as_ref()) {
            fields::Fields::List => {
                return self.write_str(&fields::listing(kind, std::slice::from_ref(item)))
            }
            fields::Fields::Only(f) => {
                fields::check(kind, &f, std::slice::from_ref(item))?;
                if matches!(self.opts.format, Format::Json | Format::Ndjson) {
                    let reduced = fields::select(item, &f);
                    if self.print_jq(&reduced)? {
                        return Ok(());
                    }
                    let text = if self.opts.pretty && self.opts.format == Format::Json {
                        self.json_text(&reduced)
                    } else {
                        reduced.to_string()
                    };
                    return self.write_str(&format!("{text}\n"));
                }
            }
            fields::Fields::All => {}
        }
        match self.opts.format {
            Format::Json => {
                if self.print_jq(value)? {
                    return Ok(());
                }
                let sent = String::from_utf8_lossy(raw);
                let sent = sent.trim_end();
                let text = if self.opts.pretty {
                    self.json_text(value)
                } else if sent.contains('\n') && !verbatim {
                    // Compact when piped: one line per answer, even from a pretty-printing
                    // service (key order kept).
                    value.to_string()
                } else {
                    // The body exactly as the service sent it.
                    sent.to_string()
                };
                self.write_str(&format!("{text}\n"))
            }
            Format::Ndjson => {
                if self.print_jq(item)? {
                    return Ok(());
                }
                self.write_str(&format!("{item}\n"))
            }
            Format::Xlsx => {
                let mut list = ListPrinter::new(kind, false);
                list.items(self, std::slice::from_ref(item))?;
                list.finish(self)
            }
            Format::Csv => {
                if self.print_jq(value)? {
                    return Ok(());
                }
                let mut list = ListPrinter::new(kind, false);
                list.items(self, std::slice::from_ref(item))?;
                list.finish(self)
            }
            Format::Table => {
                if self.print_jq(value)? {
                    return Ok(());
                }
                self.write_table(|opts| match &opts.fields {
                    Some(fields) => table::fields_table(std::slice::from_ref(item), fields, opts),
                    None => table::single(kind, item, opts),
                })
            }
        }
    }
}

/// Prints a list page by page. `merged` (with `--all`/`--limit`) prints the items of every page
/// as one JSON array instead of the single page's body.
pub struct ListPrinter {
    kind: Kind,
    merged: bool,
    /// Items kept for the end: the table view, and `--fields` alone (which lists fields).
    buffered: Vec<Value>,
    /// With `--jq` on a merged list: the items as the filter's values, made page by page.
    jq_items: Vec<jaq_json::Val>,
    /// A merged `json` array being written: whether it has begun.
    json_open: bool,
    single_page: Option<(bytes::Bytes, Value)>,
    /// The streaming encoder (ndjson, csv), made at the first page: csv's columns are fixed
    /// by it (the documented ones and what that page adds).
    encoder: Option<Encoder>,
    /// `-o xlsx`: the workbook, its rows streamed as pages arrive, and its columns (fixed by
    /// the first page, as CSV's).
    book: Option<(xlsx::Book, Vec<String>)>,
    /// `--fields` names checked against the first items.
    fields_checked: bool,
    pub count: usize,
    /// What the items kept for the end show of personal data ([`shown`]), logged
    /// before they are written; streamed items are logged page by page instead.
    seen: Option<recruit_audit::Seen>,
}

impl ListPrinter {
    pub fn new(kind: Kind, merged: bool) -> Self {
        ListPrinter {
            kind,
            merged,
            buffered: Vec::new(),
            jq_items: Vec::new(),
            json_open: false,
            single_page: None,
            encoder: None,
            book: None,
            fields_checked: false,
            count: 0,
            seen: None,
        }
    }

    /// Note what printing `items` at the end shows, for the list's records.
    fn see(&mut self, out: &Output, items: &[Value]) {
        if out.audit.is_none() || out.logged {
            return;
        }
        let mut seen = self.seen.take().unwrap_or_default();
        self.judge(out, &mut seen, items);
        self.seen = Some(seen);
    }

    /// What printing `items` shows: as [`Output::judge`] says, except that a table of
    /// candidates shows only its columns (`--jq` and `--fields` are judged as usual).
    fn judge(&self, out: &Output, seen: &mut recruit_audit::Seen, items: &[Value]) {
        let columns = (out.is_table() && out.opts.fields.is_none() && !out.scan)
            .then(|| table::list_columns(self.kind))
            .flatten();
        match columns {
            Some(columns) => {
                for item in items {
                    shown::see(seen, self.kind, item, Some(&columns));
                }
            }
            None => out.judge(seen, self.kind, items),
        }
    }

    /// Append the records of the items kept for the end now, before they are written (once).
    fn log(&mut self, out: &mut Output) -> Result<(), Error> {
        if let Some(seen) = self.seen.take() {
            out.log(&seen)?;
        }
        Ok(())
    }

    /// Before streamed `items` are written: their records, on disk (one per 1,000 codes), so
    /// a list stopped at any moment has logged every candidate it printed.
    fn log_now(&self, out: &Output, items: &[Value]) -> Result<(), Error> {
        let Some(audit) = out.audit.as_ref().filter(|_| !out.logged) else {
            return Ok(());
        };
        let mut seen = recruit_audit::Seen::default();
        self.judge(out, &mut seen, items);
        audit.append(out.via, &seen)
    }

    /// One page as it came (kept whole for `json` without merging: the body as sent).
    pub fn page(&mut self, out: &mut Output, page: Page) -> Result<(), Error> {
        // --jq sees what `-o json` would print, whatever the format: the page as sent.
        let keep_page = (out.opts.format == Format::Json
            || (out.jq.is_some() && out.opts.format != Format::Ndjson))
            && out.opts.fields.is_none();
        if keep_page && !self.merged {
            self.see(out, page.items());
            self.count += page.items().len();
            self.single_page = Some((page.raw, page.value));
            return Ok(());
        }
        self.items(out, page.items())
    }

    /// Items to print (streamed for ndjson and csv).
    pub fn items(&mut self, out: &mut Output, items: &[Value]) -> Result<(), Error> {
        self.count += items.len();
        let given = items;
        let selected: Vec<Value>;
        let items = match fields::Fields::of(out.opts.fields.as_ref()) {
            fields::Fields::All => items,
            fields::Fields::List => {
                self.buffered.extend_from_slice(items);
                return Ok(());
            }
            fields::Fields::Only(f) => {
                if !self.fields_checked {
                    fields::check(self.kind, &f, items)?;
                    self.fields_checked = true;
                }
                if matches!(out.opts.format, Format::Ndjson | Format::Json) {
                    selected = items.iter().map(|i| fields::select(i, &f)).collect();
                    &selected
                } else {
                    items
                }
            }
        };
        let streamed = match out.opts.format {
            Format::Ndjson => Some(Format::Ndjson),
            Format::Csv if out.jq.is_none() => Some(Format::Csv),
            Format::Json if out.jq.is_none() => Some(Format::Json),
            Format::Xlsx => Some(Format::Xlsx),
            _ => None,
        };
        if let Some(format) = streamed {
            // Each page is logged before it is written (a record per 1,000 codes).
            self.log_now(out, given)?;
            return match format {
                Format::Json => self.stream_json(out, items),
                Format::Xlsx => self.stream_xlsx(out, items),
                f => self.stream(out, items, f),
            };
        }
        self.see(out, given);
        match out.opts.format {
            _ if out.jq.is_some() => {
                for item in items {
                    self.jq_items.push(jq::to_val(item)?);
                }
                Ok(())
            }
            _ => {
                self.buffered.extend_from_slice(items);
                Ok(())
            }
        }
    }

    /// A merged list as one JSON array, written as pages arrive: `[`, the items, `]` at the
    /// end. Memory holds a page, not the list; the bytes are what the whole array would
    /// print (pretty on a terminal: each item indented by two spaces, as serde does).
    fn stream_json(&mut self, out: &mut Output, items: &[Value]) -> Result<(), Error> {
        if items.is_empty() {
            return Ok(());
        }
        let mut bytes = Vec::new();
        for item in items {
            bytes.extend_from_slice(match (self.json_open, out.opts.pretty) {
                (false, true) => b"[\n",
                (false, false) => b"[",
                (true, true) => b",\n",
                (true, false) => b",",
            });
            self.json_open = true;
            if out.opts.pretty {
                let text = serde_json::to_string_pretty(item)
                    .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-json-encode")));
                for (i, line) in text.lines().enumerate() {
                    if i > 0 {
                        bytes.push(b'\n');
                    }
                    bytes.extend_from_slice(b"  ");
                    bytes.extend_from_slice(line.as_bytes());
                }
            } else {
                serde_json::to_writer(&mut bytes, item)
                    .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-json-encode")));
            }
        }
        out.write_bytes(&bytes)
    }

    /// Items written as they arrive, through the export's encoder: one ndjson line (or the
    /// `--jq` results) per item, or csv rows under a header fixed by the first page.
    fn stream(&mut self, out: &mut Output, items: &[Value], format: Format) -> Result<(), Error> {
        let mut bytes = Vec::new();
        let encoder = match &self.encoder {
            Some(e) => e,
            None => {
                let columns = match &out.opts.fields {
                    Some(f) => f.iter().map(|s| s.trim().to_string()).collect(),
                    None => csv_columns(self.kind, items),
                };
                let mut e = Encoder::new(format, self.kind, false, Some(&columns))?;
                e.jq = out.jq.clone();
                e.sheet = out.opts.sheet();
                bytes = e.prologue()?;
                self.encoder.insert(e)
            }
        };
        for item in items {
            encoder.encode(None, item, true, &mut bytes)?;
        }
        out.write_bytes(&bytes)
    }

    /// Items written to the workbook's sheet as they arrive (to its temporary file: the
    /// workbook's bytes are written at the end), under a header fixed by the first page.
    fn stream_xlsx(&mut self, out: &mut Output, items: &[Value]) -> Result<(), Error> {
        let (book, columns) = match &mut self.book {
            Some(b) => b,
            None => {
                let columns = match &out.opts.fields {
                    Some(f) => f.iter().map(|s| s.trim().to_string()).collect(),
                    None => csv_columns(self.kind, items),
                };
                let mut book = xlsx::Book::new(xlsx::Mode::Streaming);
                book.table(&xlsx::sheet_name(self.kind), &xlsx::headers(&columns))?;
                self.book.insert((book, columns))
            }
        };
        for item in items {
            book.row(columns.iter().map(|c| csv_value(item, c)))?;
        }
        Ok(())
    }

    pub fn finish(mut self, out: &mut Output) -> Result<(), Error> {
        match fields::Fields::of(out.opts.fields.as_ref()) {
            fields::Fields::List => {
                return out.write_str(&fields::listing(self.kind, &self.buffered));
            }
            fields::Fields::Only(f) => {
                if !self.fields_checked {
                    fields::check(self.kind, &f, &self.buffered)?;
                }
            }
            fields::Fields::All => {}
        }
        self.log(out)?;
        match out.opts.format {
            Format::Ndjson => Ok(()),
            Format::Xlsx => {
                if self.book.is_none() {
                    // An empty list still gets its sheet and header.
                    self.stream_xlsx(out, &[])?;
                }
                let Some((book, _)) = self.book.take() else {
                    return Ok(());
                };
                book.finish(&mut *out.out, out.opts.password.as_ref())
            }
            Format::Csv if out.jq.is_none() => {
                if self.encoder.is_none() {
                    // An empty list still gets its header, so the file is a valid CSV.
                    self.stream(out, &[], Format::Csv)?;
                }
                Ok(())
            }
            Format::Json | Format::Csv => {
                if let Some((raw, value)) = self.single_page {
                    return out.single(self.kind, &raw, &value);
                }
                if let Some(jq) = &out.jq {
                    let results = jq.run_items(self.jq_items)?;
                    return out.jq_results(&results);
                }
                out.write_str(match (self.json_open, out.opts.pretty) {
                    (false, _) => "[]\n",
                    (true, true) => "\n]\n",
                    (true, false) => "]\n",
                })
            }
            Format::Table => {
                if let Some((_, value)) = self.single_page {
                    if out.print_jq(&value)? {
                        return Ok(());
                    }
                }
                if let Some(jq) = &out.jq {
                    let results = jq.run_items(self.jq_items)?;
                    return out.jq_results(&results);
                }
                let (kind, items) = (self.kind, &self.buffered);
                out.write_table(|opts| match &opts.fields {
                    Some(fields) => table::fields_table(items, fields, opts),
                    None => table::list(kind, items, opts),
                })
            }
        }
    }
}

/// CSV columns for `items`: the documented ones of `kind`, then every other top-level field
/// of the items in the order first seen, so nothing the service sent is left out. Items that
/// are not objects get a single `value` column.
pub fn csv_columns(kind: Kind, items: &[Value]) -> Vec<String> {
    let mut cols: Vec<String> = kind.csv_columns().iter().map(|s| s.to_string()).collect();
    let mut scalar = false;
    for item in items {
        match item {
            Value::Object(m) => {
                for k in m.keys() {
                    if !cols.iter().any(|c| c == k) {
                        cols.push(k.clone());
                    }
                }
            }
            _ => scalar = true,
        }
    }
    if cols.is_empty() || (scalar && !cols.iter().any(|c| c == "value")) {
        cols.push("value".to_string());
    }
    cols
}

/// What a CSV cell of `item` for `column` shows (a field, or a dotted path given with
/// `--fields`): an item that is not an object fills only a `value` column. A key that holds a
/// dot itself (the report's flat `conversion.share`) is taken whole first.
pub(crate) fn csv_value<'a>(item: &'a Value, column: &str) -> Option<&'a Value> {
    match item {
        Value::Object(m) => m.get(column).or_else(|| lookup(item, column)),
        other if column == "value" => Some(other),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A merged list printed page by page, as `recruit` prints it.
    fn merged(opts: OutputOptions, pages: &[Vec<Value>]) -> String {
        let buf = crate::io::SharedBuf::default();
        let mut out = Output::new(opts, Box::new(buf.clone())).unwrap();
        let mut p = ListPrinter::new(Kind::Other, true);
        for page in pages {
            p.items(&mut out, page).unwrap();
        }
        p.finish(&mut out).unwrap();
        buf.text()
    }

    /// The merged array is written as pages arrive, byte for byte what the whole array
    /// printed at once would be: compact into a pipe, pretty on a terminal, `[]` when empty.
    #[test]
    fn a_merged_json_list_streams_the_same_bytes_as_the_whole_array() {
        let pages = vec![
            vec![
                json!({"code": "F1", "title": "가", "n": [1, 2]}),
                json!({"code": "F2"}),
            ],
            vec![],
            vec![
                json!({"code": "F3", "nested": {"a": null}}),
                json!("text"),
                json!(7),
            ],
        ];
        let all: Vec<Value> = pages.iter().flatten().cloned().collect();
        let whole = Value::Array(all);
        let compact = OutputOptions::new(Format::Json);
        assert_eq!(merged(compact.clone(), &pages), format!("{whole}\n"));
        let pretty = OutputOptions {
            pretty: true,
            ..compact.clone()
        };
        assert_eq!(
            merged(pretty.clone(), &pages),
            format!("{}\n", serde_json::to_string_pretty(&whole).unwrap())
        );
        assert_eq!(merged(compact, &[vec![], vec![]]), "[]\n");
        assert_eq!(merged(pretty, &[]), "[]\n");
    }

    /// `--jq` on a merged list sees the whole array, as jq -s would.
    #[test]
    fn jq_on_a_merged_list_sees_every_page() {
        let opts = OutputOptions {
            jq: Some("map(.code) | join(\",\")".into()),
            ..OutputOptions::new(Format::Json)
        };
        let pages = vec![vec![json!({"code": "F1"})], vec![json!({"code": "F2"})]];
        assert_eq!(merged(opts, &pages), "F1,F2\n");
    }
}
