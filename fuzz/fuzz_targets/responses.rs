//! Service answers: `parse_json_body`, the typed models (`from_slice`, and `from_value` as
//! `ApiResponse::fetched` does it), the walk's decision on the parsed page, and every output
//! writer (table views, CSV, NDJSON, JSON, `lookup`/`cell`) on the items.
//!
//! Input: a response body's bytes. The table width is taken from the input's length
//! (`COLUMNS` = length % 160, so narrow and zero widths are tried too) and colour from its
//! parity, so a finding replays from the file alone.
//!
//! Checks, besides "no panic":
//! - `parse_json_body` is `Ok` exactly when `serde_json` accepts a body that is not blank;
//! - a model that parses serializes to a value that parses to the same value again (unknown
//!   fields are kept, nothing is lost on a second trip);
//! - what `from_slice` parses, `from_value` (as `fetched` does it) parses to the same model;
//! - a next page is never on another origin;
//! - CSV output has one row per item (plus memo replies) after its header.

#![no_main]

use libfuzzer_sys::fuzz_target;
use recruit::api::http::parse_json_body;
use recruit::api::pagination::{next_page_url, page_items, PageStyle};
use recruit::api::{
    ApiResponse, Application, ApplicationForm, FormList, Memo, MemoList, Resource,
    SubmissionList, WebhookList,
};
use recruit::cli::Format;
use recruit::output::{cell, lookup, table, Kind, ListPrinter, Output, OutputOptions};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;
use url::Url;

fn model<T: DeserializeOwned + Serialize>(bytes: &[u8], value: Option<&Value>) {
    let from_slice = serde_json::from_slice::<T>(bytes);
    let Some(value) = value else { return };
    // What `ApiResponse::fetched` does. (It may accept what `from_slice` refuses: a JSON
    // `Value` keeps the last of duplicate keys, where a typed parse says "duplicate field".)
    let from_value = serde_json::from_value::<T>(value.clone());
    if let Ok(m) = &from_slice {
        let direct = serde_json::to_value(m).expect("a model serializes");
        let via = from_value
            .as_ref()
            .map(|m| serde_json::to_value(m).expect("a model serializes"));
        assert_eq!(via.as_ref().ok(), Some(&direct), "from_slice vs from_value");
    }
    if let Ok(m) = from_value {
        let once = serde_json::to_value(&m).expect("a model serializes");
        let again: T = serde_json::from_value(once.clone())
            .unwrap_or_else(|e| panic!("own output refused: {e}\n{once}"));
        let twice = serde_json::to_value(&again).expect("a model serializes");
        assert_eq!(once, twice);
    }
}

fn response(body: &[u8], content_type: &str) -> ApiResponse {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::CONTENT_TYPE,
        reqwest::header::HeaderValue::from_str(content_type).unwrap(),
    );
    ApiResponse {
        status: reqwest::StatusCode::OK,
        headers,
        body: body.to_vec().into(),
        url: Url::parse("https://h.example/v1/x").unwrap(),
        retries: 0,
    }
}

const KINDS: [Kind; 6] = [
    Kind::Form,
    Kind::Memo,
    Kind::Submission,
    Kind::Webhook,
    Kind::Application,
    Kind::Other,
];

fn render(kind: Kind, raw: &[u8], value: &Value, items: &[Value], color: bool) {
    let mut opts = OutputOptions::new(Format::Table);
    opts.color = color;
    let _ = table::list(kind, items, &opts);
    for item in items.iter().take(2) {
        let _ = table::single(kind, item, &opts);
    }
    // Column paths: the documented ones and the item's own keys, one and two levels deep.
    let mut columns: Vec<String> = kind.csv_columns().iter().map(|s| s.to_string()).collect();
    if let Some(Value::Object(m)) = items.first() {
        for (k, v) in m.iter().take(8) {
            columns.push(k.clone());
            if let Value::Object(inner) = v {
                columns.extend(inner.keys().take(2).map(|k2| format!("{k}.{k2}")));
            }
            if v.is_array() {
                columns.push(format!("{k}.0"));
            }
        }
    }
    columns.retain(|c| !c.trim().is_empty());
    for item in items {
        for c in &columns {
            let _ = cell(lookup(item, c));
        }
    }
    if !columns.is_empty() {
        let _ = table::fields_table(items, &columns, &opts);
    }

    for format in [Format::Table, Format::Json, Format::Ndjson, Format::Csv] {
        for merged in [false, true] {
            let mut out =
                Output::new(OutputOptions::new(format), Box::new(std::io::sink())).unwrap();
            let mut printer = ListPrinter::new(kind, merged);
            printer.page(&mut out, raw, value, items).unwrap();
            printer.finish(&mut out).unwrap();
        }
        let mut out = Output::new(OutputOptions::new(format), Box::new(std::io::sink())).unwrap();
        out.single(kind, raw, value).unwrap();
    }
    csv_rows(kind, items);
}

/// CSV through a buffer: a header and one row per item (memos: plus one per reply).
fn csv_rows(kind: Kind, items: &[Value]) {
    let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Output::new(
        OutputOptions::new(Format::Csv),
        Box::new(Shared(buf.clone())),
    )
    .unwrap();
    let mut printer = ListPrinter::new(kind, true);
    printer.items(&mut out, items).unwrap();
    printer.finish(&mut out).unwrap();
    let text = buf.lock().unwrap().clone();
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_slice());
    let rows = reader.records().count();
    let replies: usize = if kind == Kind::Memo {
        items
            .iter()
            .map(|i| {
                i.get("replies")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len)
            })
            .sum()
    } else {
        0
    };
    assert_eq!(
        rows,
        items.len() + replies,
        "CSV:\n{}",
        String::from_utf8_lossy(&text)
    );
}

fuzz_target!(|data: &[u8]| {
    std::env::set_var("COLUMNS", (data.len() % 160).to_string());
    let color = data.len() % 2 == 1;

    let parsed = parse_json_body(data, &Default::default(), reqwest::StatusCode::OK);
    let direct = serde_json::from_slice::<Value>(data);
    let blank = data.iter().all(u8::is_ascii_whitespace);
    assert_eq!(parsed.is_ok(), direct.is_ok() && !blank);
    if let Err(e) = &parsed {
        let _ = e.to_string();
    }
    let _ = response(data, "text/html; charset=utf-8")
        .fetched::<Resource<ApplicationForm>>()
        .map_err(|e| e.to_string());
    let value = parsed.ok();
    let v = value.as_ref();

    model::<Resource<Memo>>(data, v);
    model::<MemoList>(data, v);
    model::<Resource<ApplicationForm>>(data, v);
    model::<FormList>(data, v);
    model::<SubmissionList>(data, v);
    model::<WebhookList>(data, v);
    model::<Resource<Application>>(data, v);

    let Some(value) = value else { return };
    let base = Url::parse("https://h.example/v1/").unwrap();
    let list = base.join("application_forms?per=5").unwrap();
    let current = base
        .join("application_forms?per=5&page_token=first")
        .unwrap();
    let items = match page_items(&current, &value) {
        Ok(items) => {
            for style in [PageStyle::Tokens, PageStyle::Cursor] {
                if let Ok(Some((next, _))) = next_page_url(style, &base, &list, &current, value.get("pagination")) {
                    assert_eq!(next.origin(), base.origin(), "{next}");
                }
            }
            items
        }
        Err(_) => vec![value.get("resource").unwrap_or(&value).clone()],
    };
    for kind in KINDS {
        render(kind, data, &value, &items, color);
    }
});
