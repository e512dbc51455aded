//! Sample events for `recruit webhooks trigger`, one per action of spec section 6.
//!
//! The spec does not show the content of `payload` ("not shown"), so these are illustrative:
//! every sample carries the candidate (`code`, `name`, `email`) and the application form it
//! belongs to, plus the object the event is about, with field names taken from the resources
//! of spec section 2 where one fits. Receivers should not rely on them field for field.

use serde_json::{json, Value};

fn candidate() -> Value {
    json!({
        "code": "CA7Q2M9X",
        "name": "Hana Sato",
        "email": "hana.sato@example.com"
    })
}

fn application_form() -> Value {
    json!({
        "code": "AF3K8P1Z",
        "title": "Senior Product Designer"
    })
}

fn evaluator() -> Value {
    json!({
        "code": "US5T7W2R",
        "name": "Ken Ito",
        "email": "ken.ito@example.com"
    })
}

/// The one feedback both feedback events describe, in the state `state` gives.
fn feedback(state: Value) -> Value {
    let mut f = json!({
        "id": 48213,
        "stage": { "name": "First interview" },
        "evaluator": evaluator(),
    });
    if let (Some(f), Value::Object(state)) = (f.as_object_mut(), state) {
        f.extend(state);
    }
    f
}

/// The sample `payload` of `action`, or None for an action the spec does not list.
pub(crate) fn payload(action: &str) -> Option<Value> {
    let p = match action {
        "candidate_stage_changed" => json!({
            "candidate": candidate(),
            "application_form": application_form(),
            "previous_job_stage": { "stage_kind": "review", "title": "Document screening" },
            "job_stage": {
                "stage_kind": "interview",
                "title": "First interview",
                "created_at": "2024-05-14T10:15:00+09:00",
                "updated_at": "2024-05-14T10:15:00+09:00"
            },
            "changed_by": evaluator(),
            "changed_at": "2024-05-14T10:15:00+09:00"
        }),
        "candidate_pass" => json!({
            "candidate": candidate(),
            "application_form": application_form(),
            "job_stage": {
                "stage_kind": "pass",
                "title": "Offer accepted",
                "created_at": "2024-06-03T17:40:00+09:00",
                "updated_at": "2024-06-03T17:40:00+09:00"
            },
            "passed_at": "2024-06-03T17:40:00+09:00"
        }),
        "feedback_created" => json!({
            "candidate": candidate(),
            "application_form": application_form(),
            "feedback": feedback(json!({
                "status": "in_progress",
                "created_at": "2024-05-20T14:02:11+09:00"
            }))
        }),
        "feedback_completed" => json!({
            "candidate": candidate(),
            "application_form": application_form(),
            "feedback": feedback(json!({
                "status": "completed",
                "result": "pass",
                "comment": "Strong portfolio; clear reasoning about trade-offs.",
                "completed_at": "2024-05-20T18:30:45+09:00"
            }))
        }),
        "interview_scheduled" => json!({
            "candidate": candidate(),
            "application_form": application_form(),
            "interview": {
                "id": 9107,
                "stage": { "name": "Second interview" },
                "starts_at": "2024-05-28T15:00:00+09:00",
                "ends_at": "2024-05-28T16:00:00+09:00",
                "location": "Online (video call)",
                "interviewers": [evaluator()]
            }
        }),
        "form_submitted" => json!({
            "candidate": candidate(),
            "application_form": application_form(),
            "form_submission": {
                "code": "FS6N4D8B",
                "kind": "reference_check",
                "form_title": "Reference check",
                "submitted_at": "2024-05-22T09:12:33+09:00"
            }
        }),
        _ => return None,
    };
    Some(p)
}

/// The whole event body `{"action": ..., "payload": ...}` for `action`.
pub fn event(action: &str) -> Option<Value> {
    payload(action).map(|p| json!({ "action": action, "payload": p }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_a_sample_with_a_candidate() {
        assert_eq!(crate::api::webhooks::EVENTS.len(), 6);
        for (name, _) in crate::api::webhooks::EVENTS {
            let ev = event(name).unwrap();
            assert_eq!(ev["action"], *name);
            assert_eq!(ev["payload"]["candidate"]["code"], "CA7Q2M9X");
            // `action` comes first in the serialized body, as in the spec's table.
            assert!(serde_json::to_string(&ev)
                .unwrap()
                .starts_with(&format!("{{\"action\":\"{name}\"")));
        }
        assert!(event("candidate_hired").is_none());
        assert!(crate::api::webhooks::event_names().contains("form_submitted"));
    }
}
