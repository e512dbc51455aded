//! The one word table for values the service sends as codes (`in_progress`, `university_4`,
//! `true`), as tables and summaries show them to people in the language in use. English
//! shows the code itself: it is what English users type in filters and read in the docs.
//! JSON, NDJSON and CSV never go through here: they carry the values as sent.

use crate::t;

/// Yes or no as a table cell: `yes`/`no` (예/아니요); `-` when the service did not say.
pub fn yes_no(b: Option<bool>) -> String {
    match b {
        Some(true) => t!("cell-yes"),
        Some(false) => t!("cell-no"),
        None => "-".to_string(),
    }
}

/// A value the service sends as a code, in words: `in_progress` is 진행 중 in Korean. A value
/// the table does not know is shown as it is.
pub fn service_value(value: &str) -> String {
    match value {
        // Forms.
        "in_progress" => t!("enum-in-progress"),
        "full_time" => t!("enum-full-time"),
        "not_required" => t!("enum-not-required"),
        "experienced" => t!("enum-experienced"),
        // Memo visibility and members.
        "job_admin" => t!("enum-job-admin"),
        "job_manager" => t!("enum-job-manager"),
        "member" => t!("enum-member"),
        "admin" => t!("enum-admin"),
        // Education.
        "high_school" => t!("enum-high-school"),
        "university_2" => t!("enum-university-2"),
        "university_4" => t!("enum-university-4"),
        "graduate_master" => t!("enum-graduate-master"),
        "graduate_doctor" => t!("enum-graduate-doctor"),
        // Stages, evaluations, interviews.
        "applied" => t!("enum-applied"),
        "review" => t!("enum-review"),
        "document" => t!("enum-document"),
        "interview" => t!("enum-interview"),
        "offer" => t!("enum-offer"),
        "pass" => t!("enum-pass"),
        "fail" => t!("enum-fail"),
        "ongoing" => t!("enum-ongoing"),
        "complete" => t!("enum-complete"),
        "pending" => t!("enum-pending"),
        "submitted" => t!("enum-submitted"),
        "confirmed" => t!("enum-confirmed"),
        "individual" => t!("enum-individual"),
        // Submissions.
        "message" => t!("enum-message"),
        "reference_check" => t!("enum-reference-check"),
        // Stored webhook events.
        "delivered" => t!("enum-delivered"),
        "failed" => t!("enum-failed"),
        other => other.to_string(),
    }
}

/// A question's kind in words (`textarea` is 서술형 in Korean); a kind the table does not know
/// is shown as it is.
pub fn question_kind(kind: &str) -> String {
    match kind {
        "name" => t!("question-kind-name"),
        "email" => t!("question-kind-email"),
        "phone" => t!("question-kind-phone"),
        "resume" => t!("question-kind-resume"),
        "experience_total" => t!("question-kind-experience-total"),
        "desired_salary" => t!("question-kind-desired-salary"),
        "current_salary" => t!("question-kind-current-salary"),
        "gender" => t!("question-kind-gender"),
        "birth" => t!("question-kind-birth"),
        "profile_img" => t!("question-kind-profile-img"),
        "address" => t!("question-kind-address"),
        "experience" => t!("question-kind-experience"),
        "education" => t!("question-kind-education"),
        "qualification" => t!("question-kind-qualification"),
        "training" => t!("question-kind-training"),
        "language" => t!("question-kind-language"),
        "military_service" => t!("question-kind-military-service"),
        "veteran_affair" => t!("question-kind-veteran-affair"),
        "disability" => t!("question-kind-disability"),
        "text" => t!("question-kind-text"),
        "textarea" => t!("question-kind-textarea"),
        "dropdown" => t!("question-kind-dropdown"),
        "radio" => t!("question-kind-radio"),
        "date_type" => t!("question-kind-date-type"),
        "checkbox" => t!("question-kind-checkbox"),
        "link" => t!("question-kind-link"),
        "file_upload" => t!("question-kind-file-upload"),
        other => other.to_string(),
    }
}
