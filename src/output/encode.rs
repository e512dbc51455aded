//! Turning items into output bytes: ndjson lines, CSV rows, or elements of one JSON array: the
//! one encoder of list commands (their streamed ndjson and csv) and of the export.
//!
//! Records of a candidate export carry `candidate_code` as their first key (first column in
//! CSV). One record per item the service listed: memos keep their `replies` nested, as the
//! service sent them (a JSON cell in CSV). CSV columns are the documented ones of the kind
//! (every field of the spec), fixed before the first row so a resumed export appends rows
//! under the same header.

use std::sync::Arc;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::error::{Error, ExitKind};
use crate::output::jq::{self, JqFilter};
use crate::output::sheet::Sheet;
use crate::output::{cell, csv_value, Format, Kind};

/// Separator between two elements of the JSON array.
pub(crate) const JSON_SEP: &[u8] = b",\n";

/// Encodes items of one kind in one format: ndjson, csv or json (a table is a view of a
/// whole list, not a stream of records).
#[derive(Debug, Clone)]
pub(crate) struct Encoder {
    format: Format,
    /// Whether records get a leading `candidate_code`.
    pub with_code: bool,
    /// CSV columns (dotted paths), without `candidate_code`.
    pub columns: Vec<String>,
    /// `--jq`: run on each record (with its `candidate_code`); each result is a record (ndjson:
    /// a line, strings raw; json: an element). Not with CSV.
    pub jq: Option<Arc<JqFilter>>,
    /// `--bom` / `--encoding`: a CSV for a spreadsheet ([`Sheet`]). The byte-order mark is
    /// part of the prologue, so a resumed export (which appends) never writes a second one;
    /// each row is written in the sheet's character set as it is encoded, so an export's
    /// offsets are those of the file.
    pub sheet: Sheet,
    /// `-o xlsx`: the kind, which names the workbook's sheet.
    pub kind: Kind,
    /// `-o xlsx`: the workbook's password to open, if one was given.
    pub password: Option<crate::output::xlsx::Password>,
}

impl Encoder {
    /// An encoder with the documented CSV columns of `kind` (or `fields` when given); a table
    /// is refused (exit 2).
    pub(crate) fn new(
        format: Format,
        kind: Kind,
        with_code: bool,
        fields: Option<&[String]>,
    ) -> Result<Encoder, Error> {
        if format == Format::Table {
            return Err(Error::usage(crate::msg!("output-records-no-table")));
        }
        let columns = match fields {
            Some(f) => f
                .iter()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty() && s != "candidate_code")
                .collect(),
            None => kind.csv_columns().iter().map(|s| s.to_string()).collect(),
        };
        Ok(Encoder {
            format,
            with_code,
            columns,
            jq: None,
            sheet: Sheet::default(),
            kind,
            password: None,
        })
    }

    pub(crate) fn format(&self) -> Format {
        self.format
    }

    /// The CSV header names, `candidate_code` first when records carry it.
    pub(crate) fn header(&self) -> Vec<String> {
        let mut h = Vec::with_capacity(self.columns.len() + 1);
        if self.with_code {
            h.push("candidate_code".to_string());
        }
        h.extend(self.columns.iter().cloned());
        h
    }

    /// What the output starts with: the CSV header row, or `[` of the JSON array.
    pub(crate) fn prologue(&self) -> Result<Vec<u8>, Error> {
        match self.format {
            // (Table is refused by `new`.)
            Format::Ndjson | Format::Table => Ok(Vec::new()),
            Format::Json => Ok(b"[\n".to_vec()),
            // The rows file a workbook is made from at the end: the columns, then one JSON
            // array of cells a line ([`crate::output::xlsx::from_rows`]).
            Format::Xlsx => {
                let mut out = serde_json::to_vec(&self.header()).map_err(|e| {
                    Error::caused(ExitKind::Other, crate::msg!("encode-cannot-read-item"), e)
                })?;
                out.push(b'\n');
                Ok(out)
            }
            Format::Csv => {
                let mut out = self.sheet.start().to_vec();
                let from = out.len();
                let mut row = CsvRow::new(&mut out);
                for name in self.header() {
                    row.field(name.as_bytes());
                }
                row.end();
                self.sheet.encode_tail(&mut out, from);
                Ok(out)
            }
        }
    }

    /// What the output ends with, given whether any record was written.
    pub(crate) fn epilogue(&self, any_records: bool) -> &'static [u8] {
        match (self.format, any_records) {
            (Format::Json, true) => b"\n]\n",
            (Format::Json, false) => b"]\n",
            _ => b"",
        }
    }

    /// Encode one item into `out`; returns the number of records written (more than one only
    /// when `--jq` makes several). In JSON, `first` says whether no element precedes it in `out`.
    pub(crate) fn encode(
        &self,
        code: Option<&str>,
        item: &Value,
        first: bool,
        out: &mut Vec<u8>,
    ) -> Result<u64, Error> {
        let code = if self.with_code { code } else { None };
        if let Some(f) = &self.jq {
            return self.encode_jq(f, code, item, first, out);
        }
        match self.format {
            Format::Ndjson | Format::Table => {
                write_object(code, item, out)?;
                out.push(b'\n');
                Ok(1)
            }
            Format::Json => {
                if !first {
                    out.extend_from_slice(JSON_SEP);
                }
                write_object(code, item, out)?;
                Ok(1)
            }
            Format::Csv => {
                let from = out.len();
                self.csv_row(code, item, out);
                self.sheet.encode_tail(out, from);
                Ok(1)
            }
            Format::Xlsx => {
                self.xlsx_row(code, item, out)?;
                Ok(1)
            }
        }
    }

    /// [`Encoder::encode`] for an item still in the text the service sent. ndjson and json
    /// splice `candidate_code` into that text instead of parsing and re-writing the item (the
    /// same record, at a fraction of the cost); anything else goes through a parsed value.
    pub(crate) fn encode_raw(
        &self,
        code: Option<&str>,
        raw: &RawValue,
        first: bool,
        out: &mut Vec<u8>,
    ) -> Result<u64, Error> {
        let text = raw.get().trim();
        let splice = self.jq.is_none()
            && !matches!(self.format, Format::Csv | Format::Xlsx)
            && text.starts_with('{')
            // ndjson needs one line per record; a key we'd duplicate is handled by the slow path.
            && !text.contains(['\n', '\r'])
            && !text.contains("\"candidate_code\"");
        if !splice {
            let v: Value = serde_json::from_str(text).map_err(|e| {
                Error::caused(ExitKind::Other, crate::msg!("encode-cannot-read-item"), e)
            })?;
            return self.encode(code, &v, first, out);
        }
        if self.format == Format::Json && !first {
            out.extend_from_slice(JSON_SEP);
        }
        match code.filter(|_| self.with_code) {
            Some(c) => {
                out.extend_from_slice(b"{\"candidate_code\":");
                ser(out, c)?;
                let rest = text[1..].trim_start();
                if !rest.starts_with('}') {
                    out.push(b',');
                }
                out.extend_from_slice(rest.as_bytes());
            }
            None => out.extend_from_slice(text.as_bytes()),
        }
        if self.format == Format::Ndjson {
            out.push(b'\n');
        }
        Ok(1)
    }

    fn encode_jq(
        &self,
        f: &JqFilter,
        code: Option<&str>,
        item: &Value,
        mut first: bool,
        out: &mut Vec<u8>,
    ) -> Result<u64, Error> {
        let with_code;
        let record = match (code, item) {
            (Some(c), Value::Object(m)) => {
                let mut o = Map::with_capacity(m.len() + 1);
                o.insert("candidate_code".into(), Value::String(c.to_string()));
                for (k, v) in m {
                    if k != "candidate_code" {
                        o.insert(k.clone(), v.clone());
                    }
                }
                with_code = Value::Object(o);
                &with_code
            }
            (Some(c), other) => {
                with_code = serde_json::json!({"candidate_code": c, "value": other});
                &with_code
            }
            (None, v) => v,
        };
        let results = f.run(record)?;
        for r in &results {
            match self.format {
                Format::Json => {
                    if !first {
                        out.extend_from_slice(JSON_SEP);
                    }
                    ser(out, r)?;
                    first = false;
                }
                _ => {
                    let from = out.len();
                    out.extend_from_slice(jq::render(r).as_bytes());
                    out.push(b'\n');
                    if self.format == Format::Csv {
                        self.sheet.encode_tail(out, from);
                    }
                }
            }
        }
        Ok(results.len() as u64)
    }

    /// One row of the workbook's rows file: the cells of CSV's columns as a JSON array
    /// (values keep their type: a number stays a number, a string a string).
    fn xlsx_row(&self, code: Option<&str>, item: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
        let mut cells: Vec<&Value> = Vec::with_capacity(self.columns.len() + 1);
        let code = code.map(|c| Value::String(c.to_string()));
        if self.with_code {
            cells.push(code.as_ref().unwrap_or(&Value::Null));
        }
        for c in &self.columns {
            cells.push(csv_value(item, c).unwrap_or(&Value::Null));
        }
        serde_json::to_writer(&mut *out, &cells).map_err(|e| {
            Error::caused(ExitKind::Other, crate::msg!("encode-cannot-read-item"), e)
        })?;
        out.push(b'\n');
        Ok(())
    }

    fn csv_row(&self, code: Option<&str>, item: &Value, out: &mut Vec<u8>) {
        let mut row = CsvRow::new(out);
        if self.with_code {
            row.field(self.sheet.text_cell(code.unwrap_or("")).as_bytes());
        }
        for c in &self.columns {
            let v = csv_value(item, c);
            let text = cell(v);
            match v {
                // Only text can be taken for a formula: a number such as -5 stays a number.
                Some(Value::String(_)) => row.field(self.sheet.text_cell(&text).as_bytes()),
                _ => row.field(text.as_bytes()),
            }
        }
        row.end();
    }
}

/// One CSV record appended to a buffer by csv-core's writer (RFC 4180, quoted only where
/// needed, `\n` after it: what `csv::Writer` writes), with nothing allocated per row but the
/// buffer's growth: a `csv::Writer` per row would allocate its own 8 KiB buffer each time.
struct CsvRow<'a> {
    w: csv_core::Writer,
    out: &'a mut Vec<u8>,
    fields: usize,
}

impl<'a> CsvRow<'a> {
    fn new(out: &'a mut Vec<u8>) -> CsvRow<'a> {
        CsvRow {
            w: csv_core::Writer::new(),
            out,
            fields: 0,
        }
    }

    /// Run one step of the writer into a scratch buffer until it has taken all its input.
    fn put(out: &mut Vec<u8>, mut step: impl FnMut(&mut [u8]) -> (csv_core::WriteResult, usize)) {
        let mut scratch = [0u8; 1024];
        loop {
            let (res, n) = step(&mut scratch);
            out.extend_from_slice(&scratch[..n]);
            if res == csv_core::WriteResult::InputEmpty {
                return;
            }
        }
    }

    fn field(&mut self, mut input: &[u8]) {
        let w = &mut self.w;
        if self.fields > 0 {
            Self::put(self.out, |buf| w.delimiter(buf));
        }
        Self::put(self.out, |buf| {
            let (res, nin, nout) = w.field(input, buf);
            input = &input[nin..];
            (res, nout)
        });
        self.fields += 1;
    }

    fn end(mut self) {
        let w = &mut self.w;
        Self::put(self.out, |buf| w.terminator(buf));
    }
}

/// `{"candidate_code": code, ...the item's fields in their order}` (no copy of the item).
fn write_object(code: Option<&str>, item: &Value, out: &mut Vec<u8>) -> Result<(), Error> {
    let Some(code) = code else {
        return ser(out, item);
    };
    out.extend_from_slice(b"{\"candidate_code\":");
    ser(out, code)?;
    match item {
        Value::Object(m) => {
            for (k, v) in m {
                if k == "candidate_code" {
                    continue;
                }
                out.push(b',');
                ser(out, k)?;
                out.push(b':');
                ser(out, v)?;
            }
        }
        other => {
            // Not an object (the service broke the shape): keep it whole under `value`.
            out.extend_from_slice(b",\"value\":");
            ser(out, other)?;
        }
    }
    out.push(b'}');
    Ok(())
}

fn ser<T: serde::Serialize + ?Sized>(out: &mut Vec<u8>, v: &T) -> Result<(), Error> {
    serde_json::to_writer(&mut *out, v)
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("encode-cannot-encode"), e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn candidate_code_comes_first() {
        let e = Encoder::new(Format::Ndjson, Kind::Submission, true, None).unwrap();
        let mut out = Vec::new();
        e.encode(
            Some("C\"1"),
            &json!({"code": "F1", "x": [1, {"y": null}]}),
            true,
            &mut out,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"candidate_code\":\"C\\\"1\",\"code\":\"F1\",\"x\":[1,{\"y\":null}]}\n"
        );
    }

    #[test]
    fn jq_runs_on_each_record_with_its_code() {
        let mut e = Encoder::new(Format::Ndjson, Kind::Submission, true, None).unwrap();
        e.jq = Some(Arc::new(
            JqFilter::compile(r#"select(.kind == "m") | "\(.candidate_code) \(.code)""#).unwrap(),
        ));
        let mut out = Vec::new();
        let n1 = e
            .encode(
                Some("C1"),
                &json!({"code": "F1", "kind": "m"}),
                true,
                &mut out,
            )
            .unwrap();
        let n2 = e
            .encode(
                Some("C1"),
                &json!({"code": "F2", "kind": "x"}),
                false,
                &mut out,
            )
            .unwrap();
        assert_eq!((n1, n2), (1, 0));
        assert_eq!(String::from_utf8(out).unwrap(), "C1 F1\n");
    }

    #[test]
    fn raw_items_give_the_same_records_as_parsed_ones() {
        let items = [
            r#"{"code":"F1","n":[1,{"a":"x\ny"}],"s":"candidate_code"}"#,
            r#"{ "code" : "F2" }"#,
            r#"{}"#,
            "{\n  \"pretty\": true\n}",
            r#"{"candidate_code":"theirs","code":"F3"}"#,
            r#"[1,2]"#,
        ];
        for format in [Format::Ndjson, Format::Json, Format::Csv] {
            let e = Encoder::new(format, Kind::Submission, true, None).unwrap();
            let (mut parsed, mut raw) = (Vec::new(), Vec::new());
            for (i, item) in items.iter().enumerate() {
                let v: Value = serde_json::from_str(item).unwrap();
                e.encode(Some("C1"), &v, i == 0, &mut parsed).unwrap();
                let r: Box<RawValue> = serde_json::from_str(item).unwrap();
                e.encode_raw(Some("C1"), &r, i == 0, &mut raw).unwrap();
            }
            if format == Format::Csv {
                assert_eq!(parsed, raw);
                continue;
            }
            let text = String::from_utf8(raw).unwrap();
            let lines: Vec<Value> = match format {
                Format::Ndjson => text
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect(),
                _ => serde_json::from_str(&format!("[{text}]")).unwrap(),
            };
            let want: Vec<Value> = match format {
                Format::Ndjson => String::from_utf8(parsed.clone())
                    .unwrap()
                    .lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect(),
                _ => serde_json::from_str(&format!(
                    "[{}]",
                    String::from_utf8(parsed.clone()).unwrap()
                ))
                .unwrap(),
            };
            assert_eq!(lines, want, "{format:?}");
            for l in &lines {
                assert_eq!(
                    l.as_object().unwrap().keys().next().unwrap(),
                    "candidate_code"
                );
                assert_eq!(l["candidate_code"], "C1");
            }
        }
    }

    #[test]
    fn json_elements_are_separated() {
        let e = Encoder::new(Format::Json, Kind::Form, false, None).unwrap();
        let mut out = e.prologue().unwrap();
        e.encode(None, &json!({"a": 1}), true, &mut out).unwrap();
        e.encode(None, &json!({"a": 2}), false, &mut out).unwrap();
        out.extend_from_slice(e.epilogue(true));
        let v: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v, json!([{"a": 1}, {"a": 2}]));
        let mut empty = e.prologue().unwrap();
        empty.extend_from_slice(e.epilogue(false));
        assert_eq!(serde_json::from_slice::<Value>(&empty).unwrap(), json!([]));
    }

    proptest::proptest! {
        /// Rows written in place are the rows `csv::Writer` writes (quoting, empty fields, a
        /// record of one empty field), so the file reads back as the same records.
        #[test]
        fn a_row_is_what_the_csv_crate_writes(
            rows in proptest::collection::vec(
                proptest::collection::vec("(\\PC|[\"\n\r,;\t ]){0,12}", 1..5),
                0..6,
            )
        ) {
            let mut ours = Vec::new();
            for r in &rows {
                let mut row = CsvRow::new(&mut ours);
                for f in r {
                    row.field(f.as_bytes());
                }
                row.end();
            }
            let mut theirs = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
            for r in &rows {
                theirs.write_record(r).unwrap();
            }
            let theirs = theirs.into_inner().unwrap();
            proptest::prop_assert_eq!(&ours, &theirs);
            let back: Vec<Vec<String>> = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(&ours[..])
                .records()
                .map(|r| r.unwrap().iter().map(String::from).collect())
                .collect();
            proptest::prop_assert_eq!(back, rows);
        }
    }

    #[test]
    fn a_field_longer_than_the_scratch_buffer_is_written_whole() {
        let long = format!("\"{}\"", "a\"b".repeat(1000));
        let mut ours = Vec::new();
        let mut row = CsvRow::new(&mut ours);
        row.field(long.as_bytes());
        row.field(b"");
        row.end();
        let mut theirs = csv::Writer::from_writer(Vec::new());
        theirs.write_record([long.as_str(), ""]).unwrap();
        assert_eq!(ours, theirs.into_inner().unwrap());
    }

    #[test]
    fn csv_memos_are_one_row_each_with_nested_values_as_json() {
        let e = Encoder::new(Format::Csv, Kind::Memo, true, None).unwrap();
        let memo = json!({"id": 7, "parent_id": null, "content": "top, \"quoted\"",
            "mentions": ["U1"], "user": {"code": "U9", "name": "N", "email": "e"},
            "replies": [{"id": 8, "content": "r1"}, {"id": 9, "parent_id": 7, "content": "r2"}]});
        let mut out = e.prologue().unwrap();
        let n = e.encode(Some("C1"), &memo, true, &mut out).unwrap();
        assert_eq!(n, 1);
        let mut r = csv::Reader::from_reader(&out[..]);
        let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(header[0], "candidate_code");
        assert_eq!(&header[1..], Kind::Memo.csv_columns());
        let rows: Vec<csv::StringRecord> = r.records().map(|r| r.unwrap()).collect();
        assert_eq!(rows.len(), 1, "replies stay in their memo's row");
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        assert_eq!(&rows[0][0], "C1");
        assert_eq!(&rows[0][col("id")], "7");
        assert_eq!(&rows[0][col("parent_id")], "");
        assert_eq!(&rows[0][col("content")], "top, \"quoted\"");
        assert_eq!(&rows[0][col("mentions")], "[\"U1\"]");
        let user: Value = serde_json::from_str(&rows[0][col("user")]).unwrap();
        assert_eq!(user, memo["user"]);
        let replies: Value = serde_json::from_str(&rows[0][col("replies")]).unwrap();
        assert_eq!(replies, memo["replies"]);
    }

    /// With `--bom`, text that would start a formula gets a `'`; numbers, nested values and
    /// the header do not. Without it, every cell is as the service sent it.
    #[test]
    fn a_spreadsheet_csv_guards_text_cells_only() {
        let fields = ["n", "s", "t", "nested", "ok"].map(String::from);
        let item = json!({"n": -5, "s": "-5", "t": "=1+1", "nested": ["=x"], "ok": "a=b"});
        let mut e = Encoder::new(Format::Csv, Kind::Other, false, Some(&fields)).unwrap();
        let row = |e: &Encoder| {
            let mut out = Vec::new();
            e.encode(None, &item, true, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(row(&e), "-5,-5,=1+1,\"[\"\"=x\"\"]\",a=b\n");
        e.sheet.bom = true;
        assert_eq!(row(&e), "-5,'-5,'=1+1,\"[\"\"=x\"\"]\",a=b\n");
        assert_eq!(e.prologue().unwrap(), b"\xEF\xBB\xBFn,s,t,nested,ok\n");
    }

    #[test]
    fn a_table_is_no_record_format() {
        let e = Encoder::new(Format::Table, Kind::Memo, true, None).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        for format in [Format::Ndjson, Format::Csv, Format::Json] {
            assert_eq!(
                Encoder::new(format, Kind::Memo, true, None)
                    .unwrap()
                    .format(),
                format
            );
        }
    }
}
