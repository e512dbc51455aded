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
    in_words(SERVICE_VALUES, value)
}

/// A question's kind in words (`textarea` is 서술형 in Korean); a kind the table does not know
/// is shown as it is.
pub fn question_kind(kind: &str) -> String {
    in_words(QUESTION_KINDS, kind)
}

/// `value`'s message in `table`, in the language in use; else `value` itself.
fn in_words(table: &[(&str, &str)], value: &str) -> String {
    match table.iter().find(|(v, _)| *v == value) {
        Some((_, id)) => crate::i18n::text(id, None),
        None => value.to_string(),
    }
}

/// The service's codes and the message that says each.
const SERVICE_VALUES: &[(&str, &str)] = &[
    // Forms.
    ("in_progress", "enum-in-progress"),
    ("full_time", "enum-full-time"),
    ("not_required", "enum-not-required"),
    ("experienced", "enum-experienced"),
    // Memo visibility and members.
    ("job_admin", "enum-job-admin"),
    ("job_manager", "enum-job-manager"),
    ("member", "enum-member"),
    ("admin", "enum-admin"),
    // Education.
    ("high_school", "enum-high-school"),
    ("university_2", "enum-university-2"),
    ("university_4", "enum-university-4"),
    ("graduate_master", "enum-graduate-master"),
    ("graduate_doctor", "enum-graduate-doctor"),
    // Stages, evaluations, interviews.
    ("applied", "enum-applied"),
    ("review", "enum-review"),
    ("document", "enum-document"),
    ("interview", "enum-interview"),
    ("offer", "enum-offer"),
    ("pass", "enum-pass"),
    ("fail", "enum-fail"),
    ("ongoing", "enum-ongoing"),
    ("complete", "enum-complete"),
    ("pending", "enum-pending"),
    ("submitted", "enum-submitted"),
    ("confirmed", "enum-confirmed"),
    ("individual", "enum-individual"),
    // Submissions.
    ("message", "enum-message"),
    ("reference_check", "enum-reference-check"),
    // Stored webhook events.
    ("delivered", "enum-delivered"),
    ("failed", "enum-failed"),
];

/// The kinds of questions and the message that says each.
const QUESTION_KINDS: &[(&str, &str)] = &[
    ("name", "question-kind-name"),
    ("email", "question-kind-email"),
    ("phone", "question-kind-phone"),
    ("resume", "question-kind-resume"),
    ("experience_total", "question-kind-experience-total"),
    ("desired_salary", "question-kind-desired-salary"),
    ("current_salary", "question-kind-current-salary"),
    ("gender", "question-kind-gender"),
    ("birth", "question-kind-birth"),
    ("profile_img", "question-kind-profile-img"),
    ("address", "question-kind-address"),
    ("experience", "question-kind-experience"),
    ("education", "question-kind-education"),
    ("qualification", "question-kind-qualification"),
    ("training", "question-kind-training"),
    ("language", "question-kind-language"),
    ("military_service", "question-kind-military-service"),
    ("veteran_affair", "question-kind-veteran-affair"),
    ("disability", "question-kind-disability"),
    ("text", "question-kind-text"),
    ("textarea", "question-kind-textarea"),
    ("dropdown", "question-kind-dropdown"),
    ("radio", "question-kind-radio"),
    ("date_type", "question-kind-date-type"),
    ("checkbox", "question-kind-checkbox"),
    ("link", "question-kind-link"),
    ("file_upload", "question-kind-file-upload"),
];
