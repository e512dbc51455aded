//! One reading of a webhook payload (cli.md, "Forwards that people read"): the service does not
//! document its payloads, so the candidate is read from `candidate`, `applicant` or the top
//! level, and the stage from whichever of `job_stage.title`, `stage_title`,
//! `current_stage.name` or `stage.title` is there. Chat messages and the reconciler both read
//! payloads here, so a shape one of them knows the other knows too.

use serde_json::Value;

/// Where a payload may carry the stage's title, first found wins: JSON pointers.
const STAGE_AT: [&str; 5] = [
    "/job_stage/title",
    "/stage_title",
    "/current_stage/name",
    "/stage/title",
    "/job_stage_title",
];

/// The payload of an event body `{"action", "payload"}` (or `Null`).
pub fn of_event(event: &Value) -> &Value {
    event.get("payload").unwrap_or(&Value::Null)
}

/// The candidate a payload is about: its `candidate` or `applicant` object, else the payload
/// itself when it is a candidate's record (it has a `code` and a stage, or personal fields).
pub fn candidate(payload: &Value) -> Option<&Value> {
    for key in ["candidate", "applicant"] {
        if let Some(c) = payload.get(key).filter(|c| c.is_object()) {
            return Some(c);
        }
    }
    let m = payload.as_object()?;
    let own = m.contains_key("job_stage") || m.contains_key("email") || m.contains_key("name");
    (own && m.contains_key("code")).then_some(payload)
}

/// The candidate's code: the candidate object's `code`, else the payload's `candidate_code`.
pub fn candidate_code(payload: &Value) -> Option<String> {
    candidate(payload)
        .and_then(|c| c.get("code"))
        .or_else(|| payload.get("candidate_code"))
        .and_then(text)
}

/// The stage's title: read on the payload, then on its candidate.
pub fn stage_title(payload: &Value) -> Option<String> {
    let on = |v: &Value| STAGE_AT.iter().find_map(|p| v.pointer(p).and_then(text));
    on(payload).or_else(|| candidate(payload).and_then(on))
}

/// The stage's kind (`pass`, `interview`...): `job_stage.stage_kind`, `stage` as a word,
/// `current_stage.kind`, on the payload and then its candidate.
pub fn stage_kind(payload: &Value) -> Option<String> {
    let on = |v: &Value| {
        [
            "/job_stage/stage_kind",
            "/current_stage/kind",
            "/stage/kind",
        ]
        .iter()
        .find_map(|p| v.pointer(p).and_then(text))
        .or_else(|| v.get("stage").filter(|s| s.is_string()).and_then(text))
    };
    on(payload).or_else(|| candidate(payload).and_then(on))
}

/// Whether an event body was made by the reconciler (`"synthesized": true` at its top).
/// Cheap on the relay's hot path: only a body that names the key is parsed.
pub fn is_synthesized(body: &[u8]) -> bool {
    const KEY: &[u8] = b"\"synthesized\"";
    if !body.windows(KEY.len()).any(|w| w == KEY) {
        return false;
    }
    serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("synthesized").and_then(Value::as_bool))
        .unwrap_or(false)
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_shape_gives_the_stage_and_the_candidate() {
        let shapes = [
            json!({"candidate": {"code": "C1"}, "job_stage": {"title": "1차 면접"}}),
            json!({"candidate": {"code": "C1"}, "stage_title": "1차 면접"}),
            json!({"applicant": {"code": "C1"}, "current_stage": {"name": "1차 면접"}}),
            json!({"candidate": {"code": "C1"}, "stage": {"title": "1차 면접"}}),
            json!({"candidate": {"code": "C1", "job_stage": {"title": "1차 면접"}}}),
            json!({"code": "C1", "name": "x", "job_stage": {"title": "1차 면접"}}),
        ];
        for p in shapes {
            assert_eq!(stage_title(&p).as_deref(), Some("1차 면접"), "{p}");
            assert_eq!(candidate_code(&p).as_deref(), Some("C1"), "{p}");
        }
        assert_eq!(stage_title(&json!({"x": 1})), None);
    }

    #[test]
    fn only_a_flag_at_the_top_makes_an_event_synthesized() {
        assert!(is_synthesized(
            br#"{"action":"a","payload":{},"synthesized":true}"#
        ));
        assert!(!is_synthesized(
            br#"{"action":"a","payload":{"synthesized":true}}"#
        ));
        assert!(!is_synthesized(br#"{"action":"a"}"#));
    }
}
