//! Forwards that people read (cli.md): `FORMAT+URL` destinations of `webhooks listen` and
//! `webhooks trigger --to`. The bodies each chat tool receives are golden files
//! (tests/golden/chat_*.json) and are checked against each tool's documented schema (the
//! checks below); no personal value ever reaches a chat request; templates escape what they
//! fill in; a 429's Retry-After holds up only its own lane; every forward of an action gets it.

use crate::common::*;
use crate::relay::{listen_stored, recruit, send_signed, spawn_listener, KEY};

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const FORMATS: [&str; 4] = ["slack", "teams", "googlechat", "jandi"];
const LINK_BASE: &str = "https://app.example.com/org";

// ---- the tools' documented schemas -------------------------------------------------------

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

fn only_keys(v: &Value, allowed: &[&str]) -> Result<(), String> {
    let obj = v.as_object().ok_or(format!("not an object: {v}"))?;
    match obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(format!("unexpected key {k:?} in {v}")),
        None => Ok(()),
    }
}

/// A Block Kit text object: plain_text or mrkdwn, non-empty text of at most `max` characters.
fn slack_text(v: &Value, max: usize) -> Result<(), String> {
    only_keys(v, &["type", "text", "emoji", "verbatim"])?;
    match v["type"].as_str() {
        Some("plain_text") => {}
        Some("mrkdwn") if v.get("emoji").is_none() => {}
        _ => return Err(format!("bad text object type: {v}")),
    }
    let n = chars(&v["text"]);
    if n == 0 || n > max {
        return Err(format!("text of {n} characters (1..={max}): {v}"));
    }
    Ok(())
}

/// Slack incoming webhook: `text` (the notification's fallback) and at most 50 blocks of
/// the layout blocks used here, with Block Kit's limits.
fn slack_schema(v: &Value) -> Result<(), String> {
    only_keys(v, &["text", "blocks"])?;
    let n = chars(&v["text"]);
    if n == 0 || n > 40_000 {
        return Err(format!("text of {n} characters"));
    }
    let blocks = v["blocks"].as_array().ok_or("blocks is not an array")?;
    if blocks.is_empty() || blocks.len() > 50 {
        return Err(format!("{} blocks (1..=50)", blocks.len()));
    }
    for b in blocks {
        if chars(&b["block_id"]) > 255 {
            return Err(format!("block_id too long: {b}"));
        }
        match b["type"].as_str() {
            Some("header") => {
                only_keys(b, &["type", "text", "block_id"])?;
                if b["text"]["type"] != "plain_text" {
                    return Err(format!("a header's text must be plain_text: {b}"));
                }
                slack_text(&b["text"], 150)?;
            }
            Some("section") => {
                only_keys(b, &["type", "text", "fields", "block_id", "accessory"])?;
                if b.get("text").is_none() && b.get("fields").is_none() {
                    return Err(format!("a section needs text or fields: {b}"));
                }
                if let Some(t) = b.get("text") {
                    slack_text(t, 3000)?;
                }
                if let Some(fields) = b.get("fields") {
                    let fields = fields.as_array().ok_or("fields is not an array")?;
                    if fields.is_empty() || fields.len() > 10 {
                        return Err(format!("{} fields (1..=10)", fields.len()));
                    }
                    for f in fields {
                        slack_text(f, 2000)?;
                    }
                }
            }
            Some("actions") => {
                only_keys(b, &["type", "elements", "block_id"])?;
                let elements = b["elements"].as_array().ok_or("elements is not an array")?;
                if elements.is_empty() || elements.len() > 25 {
                    return Err(format!("{} elements (1..=25)", elements.len()));
                }
                for e in elements {
                    only_keys(e, &["type", "text", "url", "action_id", "style", "value"])?;
                    if e["type"] != "button" || e["text"]["type"] != "plain_text" {
                        return Err(format!("not a button with plain_text: {e}"));
                    }
                    slack_text(&e["text"], 75)?;
                    let url = e["url"].as_str().unwrap_or("");
                    if !url.starts_with("https://") || url.len() > 3000 {
                        return Err(format!("bad button url: {e}"));
                    }
                }
            }
            Some("divider") => only_keys(b, &["type", "block_id"])?,
            _ => return Err(format!("unknown block type: {b}")),
        }
    }
    Ok(())
}

/// Teams: a message with exactly one attachment, an Adaptive Card 1.4 (type, version and
/// body required; each element's required properties and enumerations).
fn teams_schema(v: &Value) -> Result<(), String> {
    only_keys(v, &["type", "attachments"])?;
    if v["type"] != "message" {
        return Err("type is not message".into());
    }
    let atts = v["attachments"]
        .as_array()
        .ok_or("attachments is not an array")?;
    if atts.len() != 1 {
        return Err(format!("{} attachments, not 1", atts.len()));
    }
    let att = &atts[0];
    only_keys(att, &["contentType", "contentUrl", "content"])?;
    if att["contentType"] != "application/vnd.microsoft.card.adaptive" {
        return Err(format!("bad contentType: {att}"));
    }
    let card = &att["content"];
    only_keys(
        card,
        &["$schema", "type", "version", "body", "actions", "msteams"],
    )?;
    if card["type"] != "AdaptiveCard" || card["version"] != "1.4" {
        return Err(format!("not an Adaptive Card 1.4: {card}"));
    }
    let body = card["body"].as_array().ok_or("body is not an array")?;
    if body.is_empty() {
        return Err("empty body".into());
    }
    for e in body {
        match e["type"].as_str() {
            Some("TextBlock") => {
                only_keys(e, &["type", "text", "weight", "size", "wrap", "color"])?;
                if chars(&e["text"]) == 0 {
                    return Err(format!("a TextBlock needs text: {e}"));
                }
                let weight = e.get("weight").and_then(Value::as_str);
                if !matches!(weight, None | Some("Default" | "Lighter" | "Bolder")) {
                    return Err(format!("bad weight: {e}"));
                }
                let size = e.get("size").and_then(Value::as_str);
                if !matches!(
                    size,
                    None | Some("Default" | "Small" | "Medium" | "Large" | "ExtraLarge")
                ) {
                    return Err(format!("bad size: {e}"));
                }
                if e.get("wrap").is_some_and(|w| !w.is_boolean()) {
                    return Err(format!("wrap is not a boolean: {e}"));
                }
            }
            Some("FactSet") => {
                only_keys(e, &["type", "facts"])?;
                let facts = e["facts"].as_array().ok_or("facts is not an array")?;
                if facts.is_empty() {
                    return Err("a FactSet without facts".into());
                }
                for f in facts {
                    only_keys(f, &["title", "value"])?;
                    if !f["title"].is_string() || !f["value"].is_string() {
                        return Err(format!("a fact needs title and value: {f}"));
                    }
                }
            }
            _ => return Err(format!("unknown element: {e}")),
        }
    }
    if let Some(actions) = card.get("actions") {
        for a in actions.as_array().ok_or("actions is not an array")? {
            only_keys(a, &["type", "title", "url"])?;
            let url = a["url"].as_str().unwrap_or("");
            if a["type"] != "Action.OpenUrl" || !url.starts_with("https://") {
                return Err(format!("bad action: {a}"));
            }
        }
    }
    Ok(())
}

/// Google Chat: `{"text"}`, at most 4,096 characters, the message under 32,000 bytes.
fn google_chat_schema(v: &Value) -> Result<(), String> {
    only_keys(v, &["text"])?;
    let n = chars(&v["text"]);
    if n == 0 || n > 4096 || v.to_string().len() > 32_000 {
        return Err(format!("text of {n} characters"));
    }
    Ok(())
}

/// JANDI: `body` (required, non-empty), `connectColor` (a #RRGGBB hex code), `connectInfo`
/// (entries of title, description and imageUrl).
fn jandi_schema(v: &Value) -> Result<(), String> {
    only_keys(v, &["body", "connectColor", "connectInfo", "email"])?;
    if chars(&v["body"]) == 0 {
        return Err("body is required".into());
    }
    let color = v["connectColor"].as_str().unwrap_or("");
    if color.len() != 7
        || !color.starts_with('#')
        || !color[1..].chars().all(|c| c.is_ascii_hexdigit())
    {
        return Err(format!("bad connectColor {color:?}"));
    }
    for i in v["connectInfo"]
        .as_array()
        .ok_or("connectInfo is not an array")?
    {
        only_keys(i, &["title", "description", "imageUrl"])?;
        if !i["title"].is_string() && !i["description"].is_string() {
            return Err(format!("an entry without text: {i}"));
        }
    }
    Ok(())
}

/// The schema check of `format`'s body.
fn schema(format: &str, body: &Value) -> Result<(), String> {
    match format {
        "slack" => slack_schema(body),
        "teams" => teams_schema(body),
        "googlechat" => google_chat_schema(body),
        "jandi" => jandi_schema(body),
        other => panic!("no schema for {other}"),
    }
}

/// The checks catch what they should: a body they pass, changed, fails.
#[test]
fn the_schema_checks_refuse_what_the_tools_refuse() {
    let slack_ok = json!({"text": "t", "blocks": [{"type": "header", "text": {"type": "plain_text", "text": "T"}}]});
    assert_eq!(slack_schema(&slack_ok), Ok(()));
    let mut long = slack_ok.clone();
    long["blocks"][0]["text"]["text"] = json!("x".repeat(151));
    assert!(slack_schema(&long).is_err());
    let eleven = json!({"text": "t", "blocks": [{"type": "section", "fields": vec![json!({"type": "mrkdwn", "text": "x"}); 11]}]});
    assert!(slack_schema(&eleven).is_err());
    let card = |version: &str| {
        json!({"type": "message", "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive",
            "content": {"type": "AdaptiveCard", "version": version, "body": [{"type": "TextBlock", "text": "x"}]}}]})
    };
    assert_eq!(teams_schema(&card("1.4")), Ok(()));
    assert!(teams_schema(&card("1.5")).is_err());
    assert!(teams_schema(&json!({"type": "message", "attachments": []})).is_err());
    assert!(google_chat_schema(&json!({"text": "x".repeat(4097)})).is_err());
    assert!(
        jandi_schema(&json!({"body": "x", "connectColor": "yellow", "connectInfo": []})).is_err()
    );
    assert!(jandi_schema(&json!({"connectColor": "#FFFFFF", "connectInfo": []})).is_err());
}

// ---- helpers -----------------------------------------------------------------------------

/// A stub answering 200 to everything, recording what it got.
fn chat_stub() -> Stub {
    stub(|_, _| Reply::json(200, "ok"))
}

fn url_of(s: &Stub, path: &str) -> String {
    format!("http://{}/{path}", s.addr)
}

fn body_of(seen: &Seen) -> Value {
    serde_json::from_slice(&seen.body)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&seen.body)))
}

/// A chat request carries JSON and (for JANDI) its Accept, never a signature, an original
/// signature or any X-Recruit-* header.
fn assert_chat_headers(seen: &Seen, format: &str) {
    assert_eq!(seen.method, "POST");
    assert_eq!(seen.header("content-type"), Some("application/json"));
    for (name, _) in &seen.headers {
        let name = name.to_ascii_lowercase();
        assert!(
            !name.starts_with("x-recruit") && name != "service-webhook-signature",
            "{format}: header {name} sent to a chat tool"
        );
    }
    if format == "jandi" {
        assert_eq!(
            seen.header("accept"),
            Some("application/vnd.tosslab.jandi-v2+json")
        );
    }
}

/// `recruit --lang LANG webhooks trigger ACTION --to TO ARGS`, no retries; its output.
fn trigger(home: &Home, lang: &str, action: &str, to: &str, args: &[&str]) -> std::process::Output {
    home.cmd()
        .args(["--lang", lang, "webhooks", "trigger", action, "--to", to])
        .args(["--retry-delays", ""])
        .args(args)
        .output()
        .unwrap()
}

// ---- golden bodies -----------------------------------------------------------------------

/// `trigger --to FORMAT+URL` sends each action's sample as that tool's message: per format and
/// language one golden file of the six bodies, each valid by the tool's schema, in the
/// language asked for, with the candidate's code, stage, job and link, and neither the sample
/// candidate's name and email nor its evaluator's; unsigned though a key is given.
#[test]
fn chat_bodies_per_format_and_language_are_golden_and_valid() {
    let home = Home::new();
    let s = chat_stub();
    for format in FORMATS {
        for lang in ["en", "ko"] {
            let mut bodies = serde_json::Map::new();
            for (action, _) in recruit::api::webhooks::EVENTS {
                let before = s.seen().len();
                let to = format!("{format}+{}", url_of(&s, format));
                let out = trigger(
                    &home,
                    lang,
                    action,
                    &to,
                    &["--link-base", LINK_BASE, "--signing-key", KEY],
                );
                assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
                let seen = s.seen();
                assert_eq!(seen.len(), before + 1, "one message per event");
                let req = seen.last().unwrap();
                assert_eq!(req.uri, format!("/{format}"));
                assert_chat_headers(req, format);
                let body = body_of(req);
                schema(format, &body).unwrap_or_else(|e| panic!("{format} {lang} {action}: {e}"));
                let text = body.to_string();
                assert!(text.contains("CA7Q2M9X"), "{text}");
                assert!(
                    text.contains("https://app.example.com/org/candidates/CA7Q2M9X"),
                    "{text}"
                );
                for personal in ["Hana", "hana.sato", "Ken Ito", "ken.ito"] {
                    assert!(!text.contains(personal), "{personal} in {text}");
                }
                bodies.insert(action.to_string(), body);
            }
            let stage_changed = bodies["candidate_stage_changed"].to_string();
            let title = if lang == "ko" {
                "전형 단계 변경"
            } else {
                "Stage changed"
            };
            assert!(stage_changed.contains(title), "{stage_changed}");
            assert!(stage_changed.contains("First interview"), "{stage_changed}");
            assert!(
                stage_changed.contains("Senior Product Designer"),
                "{stage_changed}"
            );
            let pretty = serde_json::to_string_pretty(&Value::Object(bodies)).unwrap() + "\n";
            crate::commands::golden(&format!("chat_{format}_{lang}.json"), &pretty);
        }
    }
}

// ---- templates ---------------------------------------------------------------------------

/// `template+` fills the fields JSON-escaped: quotes, backslashes, newlines and Hangul come
/// through as they were, in a valid document; a personal field renders empty.
#[test]
fn templates_escape_quotes_newlines_and_hangul() {
    let home = Home::new();
    let s = chat_stub();
    let template = home.dir.path().join("t.json");
    std::fs::write(
        &template,
        r#"{"text": "{{title}} — {{payload.note}}", "code": "{{ candidate.code }}",
            "email": "[{{payload.candidate.email}}]", "name": "[{{candidate.name}}]",
            "stage": "{{stage}}", "n": "{{payload.count}}", "action": "{{action}}"}"#,
    )
    .unwrap();
    let note = "say \"hi\"\nline 2\\ 한글 ✓ </b>\t{{action}}";
    let payload = home.dir.path().join("p.json");
    std::fs::write(
        &payload,
        json!({"candidate": {"code": "C\"1", "name": "Kim", "email": "kim@example.com"},
               "note": note, "count": 3, "current_stage": {"name": "1차 면접"}})
        .to_string(),
    )
    .unwrap();
    let to = format!("template+{}", url_of(&s, "t"));
    let (t, p) = (template.to_str().unwrap(), payload.to_str().unwrap());
    let out = trigger(
        &home,
        "ko",
        "candidate_stage_changed",
        &to,
        &["--template", t, "--payload", p],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let req = &s.seen()[0];
    assert_chat_headers(req, "template");
    let raw = String::from_utf8(req.body.clone()).unwrap();
    assert!(
        raw.contains("한글 ✓"),
        "Hangul as UTF-8, not escaped: {raw}"
    );
    assert_eq!(
        body_of(req),
        json!({"text": format!("전형 단계 변경 — {note}"), "code": "C\"1", "email": "[]",
               "name": "[]", "stage": "1차 면접", "n": "3", "action": "candidate_stage_changed"})
    );
}

/// A destination or template that could not be sent is refused at start, exit 2, naming it.
#[test]
fn bad_destinations_and_templates_are_refused_at_start() {
    let home = Home::new();
    let write = |name: &str, text: &str| {
        let p = home.dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let template = "template+https://example.com/h";
    let with = |name: &str, text: &str| vec!["--template".to_string(), write(name, text)];
    let cases: Vec<(&str, Vec<String>, &str)> = vec![
        (
            "skype+https://example.com/h",
            vec![],
            "slack+, teams+, googlechat+, jandi+, template+",
        ),
        (template, vec![], "needs --template FILE"),
        ("slack+ftp://example.com/h", vec![], "ftp://example.com/h"),
        (
            template,
            with("outside.json", r#"{"a": {{action}}}"#),
            "must be inside a JSON string",
        ),
        (
            template,
            with("unknown.json", r#"{"a": "{{candidate.email}}"}"#),
            "unknown field {{candidate.email}}",
        ),
        (
            template,
            with("comma.json", r#"{"a": "{{action}}",}"#),
            "not valid JSON once filled in",
        ),
        (
            template,
            with("open.json", r#"{"a": "{{action"}"#),
            "has no }} after it",
        ),
    ];
    // Exit 2, saying what is wrong.
    let refused = |out: std::process::Output, says: &str| {
        let said = stderr_of(&out);
        let code = out.status.code();
        assert!(
            code == Some(2) && said.contains(says),
            "{code:?}, not {says}: {said}"
        );
    };
    for (to, args, says) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(trigger(&home, "en", "candidate_pass", to, &args), says);
    }
    // The listener checks its destinations before it listens.
    let listen = ["webhooks", "listen", "--port", "0", "--forward"];
    let forward = "candidate_pass=template+https://example.com/h";
    let out = home.cmd().args(listen).arg(forward).output().unwrap();
    refused(out, "needs --template FILE");
}

// ---- personal data -----------------------------------------------------------------------

/// Events carrying every personal field of the list, in each place a payload may hold them:
/// a `candidate`, a candidate record as the payload, a submission's `candidate_*` fields, an
/// evaluation's members. Each value is a marker no message may contain.
fn personal_events() -> Vec<String> {
    let candidate = |code: &str| {
        json!({"code": code, "name": "NAME_MARK", "email": "EMAIL_MARK@example.com",
               "phone": "PHONE_MARK", "birth": "BIRTH_MARK", "resume_path": "/RESUME_MARK.pdf",
               "profile_img_path": "/IMG_MARK.png", "job": {"title": "Designer"},
               "job_stage": {"title": "1차 면접", "stage_kind": "interview"}})
    };
    let member = json!({"user": {"code": "U1", "name": "Lee", "phone": "MEMBER_PHONE_MARK"}});
    vec![
        json!({"action": "candidate_stage_changed", "payload": {"candidate": candidate("CP1"),
               "current_stage": {"name": "1차 면접"}}}),
        json!({"action": "candidate_pass", "payload": candidate("CP2")}),
        json!({"action": "feedback_completed", "payload": {"code": "EV1",
               "candidate": candidate("CP3"), "member_scores": [member]}}),
        json!({"action": "form_submitted", "payload": {"candidate_code": "CP4",
               "candidate_name": "NAME_MARK", "candidate_email": "EMAIL_MARK@example.com",
               "form_title": "Message"}}),
    ]
    .into_iter()
    .map(|v| v.to_string())
    .collect()
}

/// Whether `text` holds `mark` as is or as Teams and JANDI get it (`_` escaped for Markdown,
/// the backslash escaped again in JSON).
fn has_mark(text: &str, mark: &str) -> bool {
    text.contains(mark) || text.contains(&mark.replace('_', r"\\_"))
}

const MARKS: [&str; 7] = [
    "EMAIL_MARK",
    "PHONE_MARK",
    "BIRTH_MARK",
    "RESUME_MARK",
    "IMG_MARK",
    "MEMBER_PHONE_MARK",
    "NAME_MARK",
];

/// Every format, every event: no personal value in any chat request (body, headers, path),
/// with and without --with-names; with it, the candidate's name and nothing else more.
#[test]
fn no_personal_value_reaches_a_chat_request() {
    for with_names in [false, true] {
        let home = Home::new();
        let s = chat_stub();
        let template = home.dir.path().join("t.json");
        std::fs::write(
            &template,
            r#"{"all": "{{payload}}", "c": "{{payload.candidate}}", "n": "{{candidate.name}}",
                "e": "{{payload.email}}", "t": "{{text}}"}"#,
        )
        .unwrap();
        let mut args = vec![
            "--template".to_string(),
            template.to_string_lossy().into_owned(),
        ];
        let events = personal_events();
        let actions: Vec<String> = events
            .iter()
            .map(|e| {
                serde_json::from_str::<Value>(e).unwrap()["action"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        for action in &actions {
            for format in FORMATS.iter().chain(&["template"]) {
                args.push("--forward".into());
                args.push(format!("{action}={format}+{}", url_of(&s, format)));
            }
        }
        if with_names {
            args.push("--with-names".into());
        }
        let store = home.dir.path().join("relay.db");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let l = listen_stored(&home, &store, &args);
        for e in &events {
            assert_eq!(send_signed(&l.url, e, true).0, 200);
        }
        wait_for("every message", 20, || s.seen().len() == events.len() * 5);
        for req in s.seen() {
            let format = req.uri.trim_start_matches('/').to_string();
            let all = format!(
                "{} {:?} {}",
                req.uri,
                req.headers,
                String::from_utf8_lossy(&req.body)
            );
            let leaked: Vec<&str> = MARKS
                .iter()
                .copied()
                .filter(|m| has_mark(&all, m))
                .filter(|m| !(with_names && *m == "NAME_MARK"))
                .collect();
            assert!(leaked.is_empty(), "{format}: {leaked:?} in {all}");
            if format != "template" {
                schema(&format, &body_of(&req)).unwrap();
            }
        }
        let named = s
            .seen()
            .iter()
            .filter(|r| has_mark(&String::from_utf8_lossy(&r.body), "NAME_MARK"))
            .count();
        let expected = if with_names { events.len() * 5 } else { 0 };
        assert_eq!(named, expected, "with_names {with_names}");
        l.terminate();
    }
}

// ---- lanes -------------------------------------------------------------------------------

/// A stored listener with these two `--forward` entries, sent `n` candidate_pass events
/// (candidates C1..Cn), each answered 200.
fn two_lanes(
    home: &Home,
    store: &std::path::Path,
    [a, b]: [&str; 2],
    n: usize,
) -> crate::relay::Listener {
    let l = listen_stored(home, store, &["--forward", a, "--forward", b]);
    for i in 1..=n {
        let body = json!({"action": "candidate_pass", "payload": {"candidate": {"code": format!("C{i}")}}});
        assert_eq!(send_signed(&l.url, &body.to_string(), true).0, 200);
    }
    l
}

/// Two `--forward` entries for one action, an app and a chat channel: each gets every event,
/// in order, through its own lane (one stored row per target): the app the signed raw event
/// with its X-Recruit headers, the channel a message without them. Without --store, both too.
#[test]
fn every_forward_of_an_action_gets_it_in_order() {
    let home = Home::new();
    let s = chat_stub();
    let store = home.dir.path().join("relay.db");
    let app = format!("candidate_pass={}", url_of(&s, "app"));
    let chat = format!("candidate_pass=slack+{}", url_of(&s, "slack"));
    let l = two_lanes(&home, &store, [&app, &chat], 3);
    wait_for("3 events on both lanes", 20, || s.seen().len() == 6);
    let codes = |path: &str| -> Vec<String> {
        s.seen()
            .iter()
            .filter(|r| r.uri == path)
            .map(|r| {
                let b = String::from_utf8_lossy(&r.body).to_string();
                ["C1", "C2", "C3"]
                    .iter()
                    .find(|c| b.contains(*c))
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    assert_eq!(codes("/app"), ["C1", "C2", "C3"]);
    assert_eq!(codes("/slack"), ["C1", "C2", "C3"]);
    for r in s.seen() {
        if r.uri == "/app" {
            assert!(r.header("x-recruit-event-id").is_some());
            assert!(r.header("service-webhook-signature").is_some());
        } else {
            assert_chat_headers(&r, "slack");
            slack_schema(&body_of(&r)).unwrap();
        }
    }
    // The channel's address is a secret: the log names it hidden.
    let (_, log) = l.terminate();
    let address = format!("slack+{}", url_of(&s, "slack"));
    assert!(log.iter().all(|line| !line.contains(&address)), "{log:?}");
    assert!(
        log.iter()
            .any(|line| line.contains(&recruit::redact::target_name(&address))),
        "{log:?}"
    );
    let rows = crate::relay::events_json(&home, &store, &[]);
    assert_eq!(rows.len(), 6, "one row per target");
    assert!(
        rows.iter().all(|r| r["status"] == json!("delivered")),
        "{rows:?}"
    );
    // `events replay` of both rows of one event sends it again to each, as its lane did: the
    // app's to its stored address, the channel's (stored by its name only: the address is a
    // secret) to the address given again with --to.
    let ids = |chat: bool| -> Vec<String> {
        rows.iter()
            .filter(|r| r["payload"]["payload"]["candidate"]["code"] == "C2")
            .filter(|r| r["target"].as_str().unwrap().starts_with("slack+") == chat)
            .map(|r| r["id"].to_string())
            .collect()
    };
    let refused = recruit(&home)
        .args(["webhooks", "events", "replay", "--store"])
        .arg(&store)
        .args(ids(true))
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2), "{}", stderr_of(&refused));
    assert!(
        stderr_of(&refused).contains("--to"),
        "{}",
        stderr_of(&refused)
    );
    assert!(!stderr_of(&refused).contains(&address));
    for (chat, to) in [(false, None), (true, Some(address.clone()))] {
        let mut cmd = recruit(&home);
        cmd.args(["webhooks", "events", "replay", "--store"])
            .arg(&store)
            .args(ids(chat));
        if let Some(to) = to {
            cmd.args(["--to", &to]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        assert!(!stdout_of(&out).contains(&address) && !stderr_of(&out).contains(&address));
    }
    let again: Vec<Seen> = s.seen().into_iter().skip(6).collect();
    assert_eq!(again.len(), 2, "the app's row and the channel's");
    let slack = again.iter().find(|r| r.uri == "/slack").unwrap();
    assert_chat_headers(slack, "slack");
    assert!(body_of(slack)["text"].as_str().unwrap().contains("C2"));

    // Without a store: each target at once, the answer 200 once both took it.
    let s2 = chat_stub();
    let app = format!("candidate_pass={}", url_of(&s2, "app"));
    let chat = format!("candidate_pass=jandi+{}", url_of(&s2, "jandi"));
    let mut cmd = recruit(&home);
    cmd.args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
        .args(["--forward", &app, "--forward", &chat]);
    let l = spawn_listener(cmd);
    let body = json!({"action": "candidate_pass", "payload": {"candidate": {"code": "C9"}}});
    assert_eq!(send_signed(&l.url, &body.to_string(), true).0, 200);
    let seen = s2.seen();
    assert_eq!(seen.len(), 2, "both received it before the 200");
    let jandi = seen.iter().find(|r| r.uri == "/jandi").unwrap();
    assert_chat_headers(jandi, "jandi");
    jandi_schema(&body_of(jandi)).unwrap();
    l.terminate();
}

/// A chat tool's 429 with Retry-After holds up its own lane for that long (more than the
/// relay's first backoff of 1 s), while the other lane of the same events goes on.
#[test]
fn a_429_with_retry_after_holds_up_only_its_own_lane() {
    let home = Home::new();
    let times: Arc<Mutex<Vec<(String, Instant)>>> = Arc::default();
    let t = times.clone();
    let s = stub(move |seen, n| {
        t.lock().unwrap().push((seen.uri.clone(), Instant::now()));
        if seen.uri == "/slow" && n == 1 {
            return Reply::json(429, r#"{"error":"rate_limited"}"#).with_header("retry-after", "2");
        }
        Reply::json(200, "ok")
    });
    let store = home.dir.path().join("relay.db");
    let slow = format!("candidate_pass=slack+{}", url_of(&s, "slow"));
    let fast = format!("candidate_pass=googlechat+{}", url_of(&s, "fast"));
    let l = two_lanes(&home, &store, [&slow, &fast], 2);
    wait_for("the slow lane's 3 requests", 20, || {
        times
            .lock()
            .unwrap()
            .iter()
            .filter(|(p, _)| p == "/slow")
            .count()
            == 3
    });
    let times = times.lock().unwrap().clone();
    let at = |path: &str| -> Vec<Instant> {
        times
            .iter()
            .filter(|(p, _)| p == path)
            .map(|(_, t)| *t)
            .collect()
    };
    let (slow, fast) = (at("/slow"), at("/fast"));
    assert_eq!(fast.len(), 2);
    let waited = slow[1] - slow[0];
    assert!(
        waited >= Duration::from_millis(1950) && waited < Duration::from_secs(5),
        "the slow lane waited {waited:?} after Retry-After: 2"
    );
    assert!(
        fast[1] < slow[1],
        "the fast lane did not wait for the slow one"
    );
    let bodies: Vec<String> = s
        .seen()
        .iter()
        .filter(|r| r.uri == "/slow")
        .map(|r| String::from_utf8_lossy(&r.body).to_string())
        .collect();
    assert!(bodies[0].contains("C1") && bodies[1].contains("C1") && bodies[2].contains("C2"));
    l.terminate();
    let rows = crate::relay::events_json(&home, &store, &[]);
    assert!(
        rows.iter().all(|r| r["status"] == json!("delivered")),
        "{rows:?}"
    );
    let retried = rows
        .iter()
        .find(|r| r["attempts"] == json!(2))
        .expect("a retried row");
    assert!(retried["last_error"].is_null(), "{retried}");
}

// ---- one reading of a payload, escaped for each tool (#50) --------------------------------

/// Every string of a message, at any depth.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|i| strings(i, out)),
        Value::Object(m) => m.values().for_each(|i| strings(i, out)),
        _ => {}
    }
}

/// The message `format` gets for `payload` (sent by `trigger` as `action`).
fn message_for(home: &Home, s: &Stub, format: &str, action: &str, payload: &Value) -> Vec<String> {
    let file = home.dir.path().join("payload.json");
    std::fs::write(&file, payload.to_string()).unwrap();
    let before = s.seen().len();
    let to = format!("{format}+{}", url_of(s, format));
    let out = trigger(
        home,
        "en",
        action,
        &to,
        &["--payload", file.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let seen = s.seen();
    assert_eq!(seen.len(), before + 1, "{format}: one message");
    let mut texts = Vec::new();
    strings(&body_of(&seen[before]), &mut texts);
    texts
}

/// A job title written as a Markdown link and a stage title holding markup reach every tool
/// as text: `<`, `>`, `&` escaped everywhere; in Teams and JANDI, Markdown too, so no title
/// becomes a link.
#[test]
fn service_text_is_escaped_for_each_tools_markup() {
    let home = Home::new();
    let s = chat_stub();
    let payload = json!({"candidate": {"code": "C1"},
        "job": {"title": "[click me](http://evil.example)"},
        "job_stage": {"title": "<b>&"}});
    for format in FORMATS {
        let texts = message_for(&home, &s, format, "candidate_stage_changed", &payload);
        let all = texts.join("\n");
        assert!(!all.contains("<b>"), "{format}: markup passed: {all}");
        assert!(all.contains("&lt;b&gt;&amp;"), "{format}: {all}");
        if matches!(format, "teams" | "jandi") {
            assert!(!all.contains("](http://evil"), "{format}: a link: {all}");
            assert!(
                all.contains(r"\[click me\]\(http://evil.example\)"),
                "{format}: {all}"
            );
        }
    }
}

/// The stage (and the candidate) show whichever shape the payload has them in: the stage at
/// `job_stage.title`, `stage_title`, `current_stage.name` or `stage.title`, on the payload or
/// its candidate; the candidate under `candidate`, `applicant` or at the top.
#[test]
fn the_stage_shows_for_every_payload_shape() {
    let home = Home::new();
    let s = chat_stub();
    let shapes = [
        json!({"candidate": {"code": "C9"}, "job_stage": {"title": "Panel round"}}),
        json!({"candidate": {"code": "C9"}, "stage_title": "Panel round"}),
        json!({"applicant": {"code": "C9"}, "current_stage": {"name": "Panel round"}}),
        json!({"candidate": {"code": "C9"}, "stage": {"title": "Panel round"}}),
        json!({"candidate": {"code": "C9", "job_stage": {"title": "Panel round"}}}),
        json!({"code": "C9", "name": "x", "job_stage": {"stage_kind": "interview",
            "title": "Panel round"}}),
    ];
    for payload in &shapes {
        let all =
            message_for(&home, &s, "googlechat", "candidate_stage_changed", payload).join("\n");
        assert!(all.contains("Stage: Panel round"), "{payload}: {all}");
        assert!(all.contains("C9"), "{payload}: {all}");
    }
}
