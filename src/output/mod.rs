//! Writers for table, JSON, NDJSON and CSV behind one interface.
//!
//! Commands hand over what the service sent (raw bytes and the parsed value) together with the
//! [`Kind`] of resource; the writer decides how it looks:
//! - `json`: the body exactly as sent (pretty on a terminal); merged pages as one array;
//! - `ndjson`: one item per line, written as each page arrives;
//! - `csv`: one row per item; the documented columns of the kind ([`Kind::csv_columns`]) then any
//!   other top-level field the first page has, nested values as JSON text in their cell;
//! - `table`: a view for people ([`table`]).
//!
//! `--jq` applies to the value `json` would print (and to each line under `ndjson`).

pub(crate) mod encode;
pub(crate) mod fields;
pub(crate) mod jq;
pub mod table;
pub(crate) mod text;

use std::io::Write;

use serde_json::Value;

use crate::error::Error;
use encode::Encoder;
use jq::JqFilter;

named! {
    /// Output formats of `cli.md`: of every command's results, of the export's records (not a
    /// table) and of the listener's events (a table is one line per event). Named in the config
    /// file and an export's journal as `table`, `json`, `ndjson`, `csv`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Format {
        /// Human view, fitted to the terminal (default on a terminal)
        Table = "table",
        /// The body as the service sent it (default when piped)
        Json = "json",
        /// One item per line, streamed as pages arrive
        Ndjson = "ndjson",
        /// RFC 4180, header row first, nested values as JSON text
        Csv = "csv",
    }
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
            Kind::Form => &[
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
            ],
            Kind::Memo => &[
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
            ],
            Kind::Submission => &[
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
            ],
            Kind::Webhook => &[
                "code",
                "active",
                "provider",
                "callback_url",
                "events",
                "created_at",
                "updated_at",
            ],
            Kind::Application => &[
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
            ],
            // The detail's salary fields follow as "other fields" (or, in `export candidates
            // --detail`, as columns of their own).
            Kind::Candidate => &[
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
            ],
            Kind::Job => &[
                "code",
                "title",
                "url",
                "position",
                "application_form",
                "managers",
                "created_at",
                "updated_at",
            ],
            Kind::Evaluation => &[
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
            ],
            Kind::Interview => &[
                "code",
                "kind",
                "number",
                "status",
                "schedule",
                "candidate",
                "created_at",
                "updated_at",
            ],
            Kind::Other => &[],
        }
    }
}

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
                return Err(Error::usage(
                    "--fields takes column names separated by commas, e.g. --fields code,title",
                ));
            }
        }
        Ok(Output { opts, out, jq })
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
        self.out
            .write_all(s.as_bytes())
            .and_then(|_| self.out.flush())
            .map_err(|e| Error::write_failed("standard output", e))
    }

    fn json_text(&self, v: &Value) -> String {
        if self.opts.pretty {
            serde_json::to_string_pretty(v).expect("Value serializes")
        } else {
            v.to_string()
        }
    }

    /// Apply `--jq` (if any) to `v` and print each result on a line.
    fn print_jq(&mut self, v: Value) -> Result<bool, Error> {
        let Some(jq) = &self.jq else {
            return Ok(false);
        };
        let results = jq.run(v)?;
        let mut s = String::new();
        for r in &results {
            s.push_str(&jq::render(r));
            s.push('\n');
        }
        self.write_str(&s)?;
        Ok(true)
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
        match fields::Fields::of(self.opts.fields.as_ref()) {
            fields::Fields::List => {
                return self.write_str(&fields::listing(kind, std::slice::from_ref(item)))
            }
            fields::Fields::Only(f) => {
                fields::check(kind, &f, std::slice::from_ref(item))?;
                if matches!(self.opts.format, Format::Json | Format::Ndjson) {
                    let reduced = fields::select(item, &f);
                    if self.print_jq(reduced.clone())? {
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
                if self.print_jq(value.clone())? {
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
                if self.print_jq(item.clone())? {
                    return Ok(());
                }
                self.write_str(&format!("{item}\n"))
            }
            Format::Csv => {
                if self.print_jq(value.clone())? {
                    return Ok(());
                }
                let mut list = ListPrinter::new(kind, false);
                list.items(self, std::slice::from_ref(item))?;
                list.finish(self)
            }
            Format::Table => {
                if self.print_jq(value.clone())? {
                    return Ok(());
                }
                let text = match &self.opts.fields {
                    Some(fields) => {
                        table::fields_table(std::slice::from_ref(item), fields, &self.opts)
                    }
                    None => table::single(kind, item, &self.opts),
                };
                self.write_str(&text)
            }
        }
    }
}

/// Prints a list page by page. `merged` (with `--all`/`--limit`) prints the items of every page
/// as one JSON array instead of the single page's body.
pub struct ListPrinter {
    kind: Kind,
    merged: bool,
    buffered: Vec<Value>,
    single_page: Option<(Vec<u8>, Value)>,
    /// The streaming encoder (ndjson, csv), made at the first page: csv's columns are fixed
    /// by it (the documented ones and what that page adds).
    encoder: Option<Encoder>,
    /// `--fields` names checked against the first items.
    fields_checked: bool,
    pub count: usize,
}

impl ListPrinter {
    pub fn new(kind: Kind, merged: bool) -> Self {
        ListPrinter {
            kind,
            merged,
            buffered: Vec::new(),
            single_page: None,
            encoder: None,
            fields_checked: false,
            count: 0,
        }
    }

    /// One page as it came (used for `json` without merging: the body as sent).
    pub fn page(
        &mut self,
        out: &mut Output,
        raw: &[u8],
        value: &Value,
        items: &[Value],
    ) -> Result<(), Error> {
        // --jq sees what `-o json` would print, whatever the format: the page as sent.
        let keep_page = (out.opts.format == Format::Json
            || (out.jq.is_some() && out.opts.format != Format::Ndjson))
            && out.opts.fields.is_none();
        if keep_page && !self.merged {
            self.count += items.len();
            self.single_page = Some((raw.to_vec(), value.clone()));
            return Ok(());
        }
        self.items(out, items)
    }

    /// Items to print (streamed for ndjson and csv).
    pub fn items(&mut self, out: &mut Output, items: &[Value]) -> Result<(), Error> {
        self.count += items.len();
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
                if out.opts.format == Format::Ndjson {
                    selected = items.iter().map(|i| fields::select(i, &f)).collect();
                    &selected
                } else {
                    items
                }
            }
        };
        match out.opts.format {
            Format::Ndjson => self.stream(out, items, Format::Ndjson),
            Format::Csv if out.jq.is_none() => self.stream(out, items, Format::Csv),
            _ => {
                self.buffered.extend_from_slice(items);
                Ok(())
            }
        }
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
                bytes = e.prologue()?;
                self.encoder.insert(e)
            }
        };
        for item in items {
            encoder.encode(None, item, true, &mut bytes)?;
        }
        out.write_str(&String::from_utf8_lossy(&bytes))
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
                if out.opts.format == Format::Json {
                    self.buffered = self
                        .buffered
                        .iter()
                        .map(|i| fields::select(i, &f))
                        .collect();
                }
            }
            fields::Fields::All => {}
        }
        match out.opts.format {
            Format::Ndjson => Ok(()),
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
                let array = Value::Array(self.buffered);
                if out.print_jq(array.clone())? {
                    return Ok(());
                }
                let text = out.json_text(&array);
                out.write_str(&format!("{text}\n"))
            }
            Format::Table => {
                if let Some((_, value)) = self.single_page {
                    if out.print_jq(value)? {
                        return Ok(());
                    }
                }
                if out.print_jq(Value::Array(self.buffered.clone()))? {
                    return Ok(());
                }
                let text = match &out.opts.fields {
                    Some(fields) => table::fields_table(&self.buffered, fields, &out.opts),
                    None => table::list(self.kind, &self.buffered, &out.opts),
                };
                out.write_str(&text)
            }
        }
    }
}

/// CSV columns for `items`: the documented ones of `kind`, then every other top-level field
/// of the items in the order first seen, so nothing the service sent is left out. Items that
/// are not objects get a single `value` column.
pub(crate) fn csv_columns(kind: Kind, items: &[Value]) -> Vec<String> {
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

/// A CSV cell of `item` for `column` (a field, or a dotted path given with `--fields`).
/// A non-object item fills the `value` column.
/// A CSV cell: the value at dotted path `column`; an item that is not an object fills only a
/// `value` column.
pub(crate) fn csv_cell(item: &Value, column: &str) -> String {
    match item {
        Value::Object(_) => cell(lookup(item, column)),
        other if column == "value" => cell(Some(other)),
        _ => String::new(),
    }
}
