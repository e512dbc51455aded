//! The stdio transport of `recruit mcp`, in front of rmcp's service: rmcp's own drops a line
//! that is not JSON or is over its size limit without an answer (the client then waits
//! forever), and answers a known method whose params don't parse (`"arguments": "a string"`)
//! as an unknown method. This one reads the lines itself and answers those as JSON-RPC 2.0
//! defines: -32700 for a line that is not JSON, -32600 for one that is not a request (or is too
//! large to read), -32602 for a known method's invalid params; rmcp answers an unknown method
//! (-32601). Valid messages go on to rmcp unchanged, but for one thing: a request id beyond
//! what rmcp holds (an integer past 64 bits) goes through as a placeholder string, and its
//! answer carries the client's own digits again (JSON-RPC echoes the id; a float would round
//! it). Every line written is scrubbed of registered secrets (the API key), whatever put them
//! there: a body the service echoed, a message quoting it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, ClientRequest, JsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::RoleServer;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The largest message read: 16 MiB, as rmcp's own limit. A longer line is answered with an
/// error (naming the limit) and skipped; the server keeps serving.
pub(crate) const MAX_MESSAGE: usize = 16 * 1024 * 1024;

/// How much of an oversized message is kept to find its `id` (which comes first in practice).
const HEAD_KEPT: usize = 64 * 1024;

/// JSON-RPC 2.0 error codes.
pub(crate) const PARSE_ERROR: i64 = -32700;
pub(crate) const INVALID_REQUEST: i64 = -32600;
pub(crate) const INVALID_PARAMS: i64 = -32602;

/// The requests of MCP a client sends; one of them whose params don't parse is -32602.
const REQUEST_METHODS: &[&str] = &[
    "initialize",
    "ping",
    "server/discover",
    "prompts/get",
    "prompts/list",
    "resources/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "resources/templates/list",
    "subscriptions/listen",
    "tools/call",
    "tools/list",
    "completion/complete",
    "logging/setLevel",
];

/// Lines in, lines out; answers what rmcp would leave unanswered.
pub(crate) struct LineTransport<R> {
    read: BufReader<R>,
    line: Vec<u8>,
    /// Reading past the limit: the start of the line kept, the rest dropped up to its end.
    oversized: Option<Vec<u8>>,
    /// Lines to write, in order, by one writer task (rmcp's answers and ours).
    out: mpsc::UnboundedSender<Vec<u8>>,
    writer: Option<tokio::task::JoinHandle<()>>,
    /// The writer found its reader gone.
    closed: Arc<AtomicBool>,
}

impl<R: AsyncRead + Unpin + Send> LineTransport<R> {
    pub(crate) fn new<W: AsyncWrite + Unpin + Send + 'static>(read: R, mut write: W) -> Self {
        let (out, mut lines) = mpsc::unbounded_channel::<Vec<u8>>();
        let closed = Arc::new(AtomicBool::new(false));
        let flag = closed.clone();
        let writer = tokio::spawn(async move {
            while let Some(line) = lines.recv().await {
                if write.write_all(&line).await.is_err() || write.flush().await.is_err() {
                    flag.store(true, Ordering::SeqCst);
                    return;
                }
            }
        });
        LineTransport {
            read: BufReader::new(read),
            line: Vec::new(),
            oversized: None,
            out,
            writer: Some(writer),
            closed,
        }
    }

    fn answer(&self, v: Value) {
        let _ = self.out.send(encode(v));
    }

    /// One whole line into `self.line` (or an oversized one's head into `self.oversized`):
    /// `Some(true)` a line, `Some(false)` an oversized line, `None` the end of input. State
    /// lives on `self`, so a read cancelled by rmcp's `select!` resumes where it was.
    async fn read_line(&mut self) -> Option<bool> {
        loop {
            let available = match self.read.fill_buf().await {
                Ok([]) | Err(_) => return None,
                Ok(a) => a,
            };
            let newline = available.iter().position(|b| *b == b'\n');
            let take = newline.map_or(available.len(), |i| i + 1);
            match &mut self.oversized {
                Some(head) => {
                    let room = HEAD_KEPT.saturating_sub(head.len()).min(take);
                    head.extend_from_slice(&available[..room]);
                }
                None if self.line.len() + take > MAX_MESSAGE => {
                    let mut head = std::mem::take(&mut self.line);
                    head.truncate(HEAD_KEPT);
                    let room = HEAD_KEPT.saturating_sub(head.len()).min(take);
                    head.extend_from_slice(&available[..room]);
                    self.oversized = Some(head);
                }
                None => self.line.extend_from_slice(&available[..take]),
            }
            self.read.consume(take);
            if newline.is_some() {
                return Some(self.oversized.is_none());
            }
        }
    }
}

/// An error answer of JSON-RPC 2.0.
pub(crate) fn error_answer(id: Option<Value>, code: i64, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(Value::Null),
        "error": {"code": code, "message": message},
    })
}

/// A line to write: `v` with every registered secret scrubbed, and a big id's placeholder
/// written back as the client's digits.
fn encode(mut v: Value) -> Vec<u8> {
    crate::redact::scrub_json(&mut v);
    let big = v
        .get("id")
        .and_then(Value::as_str)
        .and_then(|s| s.strip_prefix(big_id_prefix()))
        .filter(|raw| is_integer_literal(raw))
        .map(str::to_owned);
    let mut line = match (big, v) {
        (Some(raw), Value::Object(mut m)) => {
            m.remove("id");
            let rest = Value::Object(m).to_string();
            // `{"id":RAW` and the rest of the members (`{}` when there are none).
            let mut line = format!("{{\"id\":{raw}");
            if rest.len() > 2 {
                line.push(',');
            }
            line.push_str(&rest[1..]);
            line
        }
        (_, v) => v.to_string(),
    }
    .into_bytes();
    line.push(b'\n');
    line
}

/// The start of the placeholder a big id travels through rmcp as: unguessable (the process
/// and its start time), so no id a client sends is mistaken for one.
fn big_id_prefix() -> &'static str {
    static PREFIX: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PREFIX.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("recruit-big-id-{}-{nanos:x}:", std::process::id())
    })
}

/// `-?[0-9]+`: a JSON number written as an integer.
fn is_integer_literal(raw: &str) -> bool {
    let digits = raw.strip_prefix('-').unwrap_or(raw);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A request's `id` as its answer carries it: a string, or an integer (one rmcp cannot hold,
/// past 64 bits, as a placeholder for the client's own digits `raw`). `None` for an id a
/// request may not have: null, a fraction, anything else (JSON-RPC 2.0 answers -32600 with a
/// null id then).
fn request_id(id: &Value, raw: Option<&str>) -> Option<Value> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: past it an f64 names no one integer
    match id {
        Value::String(_) => Some(id.clone()),
        Value::Number(n) if n.is_i64() => Some(id.clone()),
        // `1.0`, `1e2`: an integer written as a float, which rmcp takes as one.
        Value::Number(n)
            if n.as_f64()
                .is_some_and(|f| f.fract() == 0.0 && f.abs() < EXACT) =>
        {
            Some(id.clone())
        }
        Value::Number(_) => raw
            .filter(|r| is_integer_literal(r))
            .map(|r| Value::String(format!("{}{r}", big_id_prefix()))),
        _ => None,
    }
}

/// The text of a top-level number `id` in `line`, as the client wrote it.
fn raw_number_id(line: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(line);
    let at = id_value_start(&text)?;
    let raw: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
        .collect();
    (!raw.is_empty()).then_some(raw)
}

/// What to do with one line.
#[derive(Debug)]
pub(crate) enum Judged {
    /// A message for rmcp.
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// An error to answer.
    Answer(Value),
    /// Nothing to do (a blank line; an invalid notification, which gets no answer).
    Skip,
}

/// Judge one line as a JSON-RPC message to the server.
pub(crate) fn judge(line: &[u8]) -> Judged {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Judged::Skip;
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => {
            return Judged::Answer(error_answer(
                None,
                PARSE_ERROR,
                &format!("Parse error: the message is not JSON ({e})"),
            ))
        }
    };
    let Value::Object(obj) = &value else {
        let why = if value.is_array() {
            "Invalid Request: batches are not supported; send one request per line"
        } else {
            "Invalid Request: a message must be a JSON object"
        };
        return Judged::Answer(error_answer(None, INVALID_REQUEST, why));
    };
    // An id of the wrong type cannot be echoed back: JSON-RPC answers with null then.
    let raw = obj
        .get("id")
        .filter(|i| i.is_number())
        .and_then(|_| raw_number_id(line));
    let id = obj.get("id").and_then(|i| request_id(i, raw.as_deref()));
    let method = obj.get("method").and_then(Value::as_str).map(str::to_owned);
    let (has_id, has_method) = (obj.contains_key("id"), obj.contains_key("method"));
    let is_reply = obj.contains_key("result") || obj.contains_key("error");
    let is_request = has_id && has_method;
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid(
            has_method && !has_id,
            id,
            "Invalid Request: \"jsonrpc\" must be \"2.0\"",
        );
    }
    if has_method && method.is_none() {
        return invalid(false, id, "Invalid Request: \"method\" must be a string");
    }
    let method = method.as_deref();
    if is_request && id.is_none() {
        return Judged::Answer(error_answer(
            None,
            INVALID_REQUEST,
            "Invalid Request: \"id\" must be a string or an integer (or left out, for a notification)",
        ));
    }
    if let (true, Some(bad)) = (is_request, bad_params(method, obj.get("params"))) {
        return Judged::Answer(error_answer(id, INVALID_PARAMS, &bad));
    }
    let mut value = value;
    if let (true, Some(id), Some(obj)) = (is_request, &id, value.as_object_mut()) {
        // The same id, or a big one's placeholder, which rmcp echoes as it is.
        obj.insert("id".into(), id.clone());
    }
    match serde_json::from_value::<RxJsonRpcMessage<RoleServer>>(value) {
        Ok(JsonRpcMessage::Request(r)) if matches!(&r.request, ClientRequest::CustomRequest(c) if REQUEST_METHODS.contains(&c.method.as_str())) =>
        {
            // A known method whose params matched none of its shapes (rmcp would call it
            // unknown).
            let m = method.unwrap_or_default();
            Judged::Answer(error_answer(
                id,
                INVALID_PARAMS,
                &format!("Invalid params for {m}"),
            ))
        }
        Ok(msg) => Judged::Message(Box::new(msg)),
        Err(e) if is_request => {
            let m = method.unwrap_or_default();
            let (code, what) = if REQUEST_METHODS.contains(&m) {
                (INVALID_PARAMS, format!("Invalid params for {m}: {e}"))
            } else {
                (INVALID_REQUEST, format!("Invalid Request: {e}"))
            };
            Judged::Answer(error_answer(id, code, &what))
        }
        // A notification or a response that doesn't parse: nothing may answer it.
        Err(_) if has_method || is_reply => Judged::Skip,
        Err(_) => Judged::Answer(error_answer(
            id,
            INVALID_REQUEST,
            "Invalid Request: neither a request, a notification nor a response",
        )),
    }
}

/// An invalid message: answered, unless it is a notification (JSON-RPC answers none).
fn invalid(notification: bool, id: Option<Value>, why: &str) -> Judged {
    if notification {
        Judged::Skip
    } else {
        Judged::Answer(error_answer(id, INVALID_REQUEST, why))
    }
}

/// Why the params of a `tools/call` can't be a call, in words (rmcp would just not match it).
fn bad_params(method: Option<&str>, params: Option<&Value>) -> Option<String> {
    if method != Some("tools/call") {
        return None;
    }
    let Some(params) = params else {
        return Some(
            "Invalid params for tools/call: \"params\" with the tool's \"name\" is required".into(),
        );
    };
    if !params.is_object() {
        return Some(format!(
            "Invalid params for tools/call: \"params\" must be an object, got {}",
            type_name(params)
        ));
    }
    match params.get("arguments") {
        None | Some(Value::Null) | Some(Value::Object(_)) => {}
        Some(other) => {
            return Some(format!(
                "Invalid params for tools/call: \"arguments\" must be an object of the tool's arguments, got {}",
                type_name(other)
            ))
        }
    }
    serde_json::from_value::<CallToolRequestParams>(params.clone())
        .err()
        .map(|e| format!("Invalid params for tools/call: {e}"))
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The `id` of an oversized message, from its start: the value of a top-level `"id"` key when
/// it comes before the part that was cut.
pub(crate) fn head_id(head: &[u8]) -> Option<Value> {
    let text = String::from_utf8_lossy(head);
    let at = id_value_start(&text)?;
    let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<Value>();
    match stream.next() {
        Some(Ok(v)) => request_id(&v, raw_number_id(head).as_deref()),
        _ => None,
    }
}

/// Where the value of a top-level `"id"` key starts in `text` (a message, or its start).
fn id_value_start(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                let end = string_end(bytes, i)?;
                if depth == 1 && &text[i..=end] == "\"id\"" {
                    let rest = text[end + 1..].trim_start().strip_prefix(':')?;
                    let value = rest.trim_start();
                    return Some(text.len() - value.len());
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the quote closing the string that opens at `start`.
fn string_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

impl<R: AsyncRead + Unpin + Send + 'static> Transport<RoleServer> for LineTransport<R> {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let result = if self.closed.load(Ordering::SeqCst) {
            Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
        } else {
            serde_json::to_value(&item)
                .map_err(std::io::Error::other)
                .and_then(|v| {
                    self.out
                        .send(encode(v))
                        .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))
                })
        };
        std::future::ready(result)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let whole = self.read_line().await?;
            if !whole {
                let head = self.oversized.take().unwrap_or_default();
                self.answer(error_answer(
                    head_id(&head),
                    INVALID_REQUEST,
                    &format!(
                        "Invalid Request: the message is larger than the {} MiB limit; send smaller messages",
                        MAX_MESSAGE / 1024 / 1024
                    ),
                ));
                continue;
            }
            let line = std::mem::take(&mut self.line);
            let trimmed = line.strip_suffix(b"\n").unwrap_or(&line);
            let trimmed = trimmed.strip_suffix(b"\r").unwrap_or(trimmed);
            match judge(trimmed) {
                Judged::Message(m) => return Some(*m),
                Judged::Answer(v) => self.answer(v),
                Judged::Skip => {}
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        // Every answer queued is written before the server stops.
        let (done, _) = mpsc::unbounded_channel();
        drop(std::mem::replace(&mut self.out, done));
        if let Some(w) = self.writer.take() {
            let _ = w.await;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Value {
        match judge(line.as_bytes()) {
            Judged::Answer(v) => v,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn lines_are_judged_as_json_rpc_defines() {
        let v = answer("this is not json");
        assert_eq!(v["error"]["code"], PARSE_ERROR);
        assert_eq!(v["id"], Value::Null);
        let v = answer(
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"forms_list","arguments":"a string"}}"#,
        );
        assert_eq!(v["error"]["code"], INVALID_PARAMS);
        assert_eq!(v["id"], 7);
        assert!(v["error"]["message"].as_str().unwrap().contains("a string"));
        let v = answer(r#"{"jsonrpc":"1.0","id":"x","method":"ping"}"#);
        assert_eq!(
            (v["error"]["code"].clone(), v["id"].clone()),
            (json!(INVALID_REQUEST), json!("x"))
        );
        let v = answer("[1,2]");
        assert_eq!(v["error"]["code"], INVALID_REQUEST);
        let v = answer("42");
        assert_eq!(v["error"]["code"], INVALID_REQUEST);
        assert!(matches!(judge(b"  "), Judged::Skip));
        // An invalid notification gets no answer.
        assert!(matches!(
            judge(br#"{"jsonrpc":"2.0","method":"notifications/initialized","params":7}"#),
            Judged::Skip
        ));
        assert!(matches!(
            judge(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
            Judged::Message(_)
        ));
        // An unknown method goes on: rmcp answers it with -32601.
        assert!(matches!(
            judge(br#"{"jsonrpc":"2.0","id":1,"method":"no/such"}"#),
            Judged::Message(_)
        ));
    }

    #[test]
    fn the_id_of_a_cut_message_is_found_at_its_start() {
        assert_eq!(
            head_id(br#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"x":"#),
            Some(json!(42))
        );
        assert_eq!(
            head_id(br#"{"params":{"id":1,"s":"\"id\""},"id":"abc","#),
            Some(json!("abc"))
        );
        assert_eq!(head_id(br#"{"params":{"id":1,"#), None);
        // A big id survives a cut message too, and is written back in its own digits.
        let big = head_id(br#"{"id": 123456789012345678901234567890, "params":{"#).unwrap();
        let line = encode(error_answer(Some(big), INVALID_REQUEST, "too large"));
        let line = String::from_utf8(line).unwrap();
        assert!(
            line.starts_with(r#"{"id":123456789012345678901234567890,"jsonrpc":"2.0","#),
            "{line}"
        );
        assert_eq!(head_id(br#"{"id": 1.5, "params":{"#), None);
    }
}
