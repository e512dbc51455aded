//! `recruit mcp` at the level of its lines: every message gets the answer JSON-RPC 2.0 defines
//! (a line that is not JSON, invalid params, an unknown method, a message over the 16 MiB
//! limit), integers are range-checked, and signing keys never come back in clear.

use crate::common::*;

use std::io::Write;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use serde_json::{json, Value};

/// `recruit mcp` over stdio, driven a JSON-RPC line at a time.
pub(crate) struct Wire {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Wire {
    fn start(sb: &TestSandbox, access: &str) -> Wire {
        Wire::start_at(
            &sb.home,
            &sb.sandbox().base_url(),
            &sb.sandbox().api_key,
            access,
        )
    }

    /// `recruit mcp` on the service at `base` with the API key `key`.
    fn start_at(home: &Home, base: &str, key: &str, access: &str) -> Wire {
        let client = json!({"name": "wire-test", "version": "1"});
        Wire::start_as(home, base, key, access, client)
    }

    /// [`Wire::start_at`], the assistant's `initialize` naming itself `client`.
    pub(crate) fn start_as(
        home: &Home,
        base: &str,
        key: &str,
        access: &str,
        client: Value,
    ) -> Wire {
        let mut child = home
            .std_cmd()
            .env("RECRUIT_BASE_URL", base)
            .env("RECRUIT_API_KEY", key)
            .args(["mcp", "--access", access])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = lines(child.stdout.take().unwrap());
        let mut w = Wire {
            child,
            stdin,
            lines,
        };
        let init = w.request(
            json!(0),
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client}),
        );
        assert!(init.get("result").is_some(), "{init}");
        w.send_line(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        w
    }

    fn send_line(&mut self, line: &str) {
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next message the server wrote.
    fn next(&self) -> Value {
        let line = self.next_line();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
    }

    /// The next line the server wrote, as it wrote it.
    fn next_line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(30))
            .expect("an answer within 30 s")
    }

    fn request(&mut self, id: Value, method: &str, params: Value) -> Value {
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_line(&msg.to_string());
        self.next()
    }

    pub(crate) fn call(&mut self, id: i64, tool: &str, args: Value) -> Value {
        let answer = self.request(
            json!(id),
            "tools/call",
            json!({"name": tool, "arguments": args}),
        );
        assert_eq!(answer["id"], id, "{answer}");
        answer["result"].clone()
    }

    /// The server still answers a request.
    fn still_serving(&mut self, id: i64) {
        let pong = self.request(json!(id), "ping", json!({}));
        assert_eq!(pong["id"], id, "{pong}");
        assert!(pong.get("result").is_some(), "{pong}");
    }
}

impl Drop for Wire {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn code(answer: &Value) -> i64 {
    answer["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("an error answer: {answer}"))
}

#[test]
fn malformed_lines_get_the_errors_json_rpc_defines() {
    let sb = TestSandbox::new();
    let mut w = Wire::start(&sb, "read");

    w.send_line("this is not json");
    let a = w.next();
    assert_eq!((code(&a), a["id"].clone()), (-32700, Value::Null), "{a}");
    w.still_serving(1);

    // Not a request object at all.
    w.send_line(r#"["a batch"]"#);
    assert_eq!(code(&w.next()), -32600);
    w.send_line(r#"{"jsonrpc":"2.0","id":2}"#);
    let a = w.next();
    assert_eq!((code(&a), a["id"].clone()), (-32600, json!(2)), "{a}");

    // A known method with arguments that are not an object: invalid params, with its id.
    w.send_line(
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"forms_list","arguments":"a string"}}"#,
    );
    let a = w.next();
    assert_eq!((code(&a), a["id"].clone()), (-32602, json!(3)), "{a}");
    assert!(
        a["error"]["message"]
            .as_str()
            .unwrap()
            .contains("arguments"),
        "{a}"
    );

    // An unknown method.
    let a = w.request(json!(4), "no/such/method", json!({}));
    assert_eq!((code(&a), a["id"].clone()), (-32601, json!(4)), "{a}");

    w.still_serving(5);
}

/// A message of 16 MiB or more is answered with an error naming the limit (it used to be
/// dropped, so the client waited forever), and the server keeps serving.
#[test]
fn an_oversized_message_is_answered_not_dropped() {
    let sb = TestSandbox::new();
    let mut w = Wire::start(&sb, "read");
    let big = "x".repeat(17 * 1024 * 1024);
    let line = format!(
        r#"{{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{{"name":"forms_list","arguments":{{"title":"{big}"}}}}}}"#
    );
    w.send_line(&line);
    let a = w.next();
    assert_eq!((code(&a), a["id"].clone()), (-32600, json!(99)), "{a}");
    assert!(
        a["error"]["message"].as_str().unwrap().contains("16 MiB"),
        "{a}"
    );
    w.still_serving(100);
}

/// A request's id comes back exactly as sent, even an integer past 64 bits (it came back as a
/// rounded float); an id a request may not have (a fraction, null, a boolean) is -32600
/// Invalid Request with a null id (it was -32602 with the id echoed), as JSON-RPC 2.0 says.
#[test]
fn request_ids_are_echoed_exactly_and_invalid_ones_are_invalid_requests() {
    let sb = TestSandbox::new();
    let mut w = Wire::start(&sb, "read");
    for big in [
        "123456789012345678901234567890",
        "18446744073709551615",
        "-9223372036854775809",
    ] {
        w.send_line(&format!(
            r#"{{"jsonrpc":"2.0","id":{big},"method":"ping"}}"#
        ));
        let line = w.next_line();
        assert!(line.contains(&format!(r#""id":{big}"#)), "{big}: {line}");
        let v: Value = serde_json::from_str(&line).unwrap();
        assert!(v.get("result").is_some(), "{line}");
        // A tool call too, and an error answered by the server itself.
        w.send_line(&format!(
            r#"{{"jsonrpc":"2.0","id":{big},"method":"tools/call","params":{{"name":"forms_list","arguments":{{}}}}}}"#
        ));
        let line = w.next_line();
        assert!(line.contains(&format!(r#""id":{big}"#)), "{big}: {line}");
        assert!(line.contains("structuredContent"), "{line}");
        w.send_line(&format!(
            r#"{{"jsonrpc":"2.0","id":{big},"method":"tools/call","params":{{"name":"forms_list","arguments":"a string"}}}}"#
        ));
        let line = w.next_line();
        assert!(line.contains(&format!(r#""id":{big}"#)), "{big}: {line}");
        assert_eq!(
            code(&serde_json::from_str(&line).unwrap()),
            -32602,
            "{line}"
        );
    }
    // A string id that looks like a number stays a string.
    w.send_line(r#"{"jsonrpc":"2.0","id":"123456789012345678901234567890","method":"ping"}"#);
    let a = w.next();
    assert_eq!(a["id"], json!("123456789012345678901234567890"), "{a}");

    for bad in ["1.5", "null", "true", "{}", "[1]", "1e300"] {
        for (method, params) in [
            ("ping", "{}"),
            ("tools/call", r#"{"name":"forms_list","arguments":{}}"#),
        ] {
            w.send_line(&format!(
                r#"{{"jsonrpc":"2.0","id":{bad},"method":"{method}","params":{params}}}"#
            ));
            let a = w.next();
            assert_eq!(
                (code(&a), a["id"].clone()),
                (-32600, Value::Null),
                "id {bad}, {method}: {a}"
            );
        }
    }
    // An integer written as a float is the integer.
    let a = w.request(json!(2.0), "ping", json!({}));
    assert_eq!(a["id"], 2, "{a}");
    assert!(a.get("result").is_some(), "{a}");
    w.still_serving(3);
}

/// A body the service answers with 200 that holds the API key (an echo) reaches the model
/// without it: in no tool result (text or structuredContent) and no resource.
#[test]
fn an_api_key_echoed_in_a_200_body_is_in_no_result() {
    const KEY: &str = "sk-echoed-key-5e3f9a";
    let s = stub(|seen, _| {
        let form = json!({"resource": {
            "code": "F1", "title": format!("Form for {KEY}"),
            "description": format!("Authorization: Bearer {KEY}"),
            KEY: "a key as a key", "questions": [],
        }});
        let list = json!({"collection": [{"code": "F1", "title": KEY}], "pagination": {}});
        let body = if seen.uri.contains("/application_forms/F1") {
            form
        } else {
            list
        };
        Reply::json(200, &body.to_string())
    });
    let home = Home::new();
    let mut w = Wire::start_at(&home, &s.base(), KEY, "read");
    let mut written = Vec::new();
    let calls = [
        (
            "tools/call",
            json!({"name": "forms_get", "arguments": {"code": "F1"}}),
        ),
        ("tools/call", json!({"name": "forms_list", "arguments": {}})),
        (
            "tools/call",
            json!({"name": "forms_list", "arguments": {"all": true, "full": true}}),
        ),
        ("resources/read", json!({"uri": "recruit://forms/F1"})),
        ("resources/list", json!({})),
    ];
    for (i, (method, params)) in calls.into_iter().enumerate() {
        let msg = json!({"jsonrpc": "2.0", "id": i + 1, "method": method, "params": params});
        w.send_line(&msg.to_string());
        let line = w.next_line();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["id"], i + 1, "{line}");
        assert!(v.get("result").is_some(), "{method}: {line}");
        assert_ne!(v["result"]["isError"], true, "{method}: {line}");
        written.push(line);
    }
    // The service was asked (with the key), and answered with it.
    assert!(s
        .seen()
        .iter()
        .any(|r| r.uri.contains("/application_forms/F1")));
    for line in &written {
        assert!(!line.contains(KEY), "the API key came back: {line}");
    }
    let got: Value = serde_json::from_str(&written[0]).unwrap();
    let form = &got["result"]["structuredContent"]["resource"];
    assert_eq!(form["title"], "Form for <redacted>", "{got}");
    assert_eq!(form["code"], "F1", "{got}");
}

/// Integers are range-checked, never wrapped (`per: 4294967396` used to become 100), and may
/// come as digit strings.
#[test]
fn huge_integers_are_refused_and_digit_strings_accepted() {
    let sb = TestSandbox::new();
    let mut w = Wire::start(&sb, "read");
    for per in [
        json!(4294967396u64),
        json!(101),
        json!(0),
        json!("4294967396"),
        json!(1.5),
    ] {
        let r = w.call(
            1,
            "submissions_list",
            json!({"candidate": "C1001", "per": per}),
        );
        assert_eq!(r["isError"], true, "per {per}: {r}");
        let text = r["content"][0]["text"].as_str().unwrap();
        assert!(text.contains("from 1 to 100"), "{text}");
    }
    let r = w.call(
        2,
        "memos_get",
        json!({"candidate": "C1001", "id": 18446744073709551615u64}),
    );
    assert_eq!(r["isError"], true, "{r}");
    let r = w.call(
        3,
        "submissions_list",
        json!({"candidate": "C1001", "per": "2"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let r = w.call(4, "memos_get", json!({"candidate": "C1001", "id": "101"}));
    assert_ne!(r["isError"], true, "{r}");
    assert_eq!(r["structuredContent"]["resource"]["id"], 101, "{r}");
}

/// Signing keys are masked in every result: the list, one webhook, and a write's answer.
#[test]
fn signing_keys_never_come_back_in_clear() {
    let sb = TestSandbox::new();
    let mut w = Wire::start(&sb, "write");
    let list = w.call(1, "webhooks_list", json!({}));
    let text = list.to_string();
    assert!(!text.contains("whsec_demo_3f9a1c7e5b2d4f60"), "{text}");
    let items = list["structuredContent"]["collection"].as_array().unwrap();
    let masked: Vec<&str> = items
        .iter()
        .filter_map(|h| h["signing_key"].as_str())
        .collect();
    assert!(!masked.is_empty(), "{text}");
    assert!(masked.iter().all(|k| k.starts_with("••••")), "{masked:?}");

    let one = w.call(2, "webhooks_get", json!({"code": "WH10000001"}));
    assert!(
        !one.to_string().contains("whsec_demo_3f9a1c7e5b2d4f60"),
        "{one}"
    );

    let created = w.call(
        3,
        "webhooks_create",
        json!({"callback_url": "https://hooks.example.com/x", "signing_key": "whsec_brand_new_secret_42"}),
    );
    assert_ne!(created["isError"], true, "{created}");
    assert!(
        !created.to_string().contains("whsec_brand_new_secret_42"),
        "{created}"
    );
    assert!(created.to_string().contains("••••t_42"), "{created}");
}

/// What the client reports (a retry, the `-v` lines) goes to the server's stderr; its stdout
/// carries JSON-RPC and nothing else.
#[test]
fn the_clients_reports_go_to_stderr_and_stdout_carries_json_rpc_only() {
    let s = stub(|_, n| {
        if n == 1 {
            Reply::json(503, r#"{"error":"busy"}"#)
        } else {
            Reply::json(
                200,
                r#"{"collection":[{"code":"F1","title":"A"}],"pagination":{}}"#,
            )
        }
    });
    let home = Home::new();
    let mut child = home
        .std_cmd()
        .env("RECRUIT_BASE_URL", s.base())
        .env("RECRUIT_API_KEY", "sk-wire-key-1234")
        .args(["-v", "mcp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = lines(child.stdout.take().unwrap());
    let err = lines(child.stderr.take().unwrap());
    for msg in [
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "wire-test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
               "params": {"name": "forms_list", "arguments": {}}}),
    ] {
        writeln!(stdin, "{msg}").unwrap();
    }
    stdin.flush().unwrap();
    let mut answers = Vec::new();
    loop {
        let line = out
            .recv_timeout(Duration::from_secs(30))
            .expect("an answer within 30 s");
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(v["jsonrpc"], "2.0", "{line}");
        let done = v["id"] == 1;
        answers.push(v);
        if done {
            break;
        }
    }
    let result = &answers.last().unwrap()["result"];
    assert_eq!(
        result["structuredContent"]["collection"][0]["code"], "F1",
        "{result}"
    );
    drop(stdin);
    assert_eq!(wait_at_most(&mut child, 30), Some(0));
    // Whatever else the server wrote on stdout is JSON-RPC too.
    for line in out.try_iter() {
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(v["jsonrpc"], "2.0", "{line}");
    }
    let logged: Vec<String> = err.iter().collect();
    let has = |start: &str| logged.iter().any(|l| l.starts_with(start));
    assert!(has("> GET http://"), "{logged:?}");
    assert!(has("< 503 Service Unavailable ("), "{logged:?}");
    assert!(has("retrying in "), "{logged:?}");
    assert!(has("* retry 1/3 in "), "{logged:?}");
    assert!(has("< 200 OK ("), "{logged:?}");
    assert!(
        !logged.iter().any(|l| l.contains("sk-wire-key-1234")),
        "{logged:?}"
    );
}
