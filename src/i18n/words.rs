//! The one word table for values the service sends as codes (`in_progress`, `university_4`,
//! `true`), as tables and summaries show them to people in the language in use. English
//! shows the code itself: it is what English users type in filters and read in the docs.
//! JSON, NDJSON and CSV never go through here: they carry the values as sent.

/// Yes or no as a table cell: `yes`/`no` (예/아니요); `-` when the service did not say.
pub fn yes_no(b: Option<bool>) -> String {
    b.map_or_else(|| "-".to_string(), crate::yes_no::word)
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

/// A table's column header as people read it (`CODE`, `코드`); the table's own logic (which
/// columns are identifiers) goes by the English name. A name not listed is shown as it is.
pub fn header(name: &str) -> String {
    in_words(HEADERS, name)
}

/// A detail view's label as people read it (`Created`, `생성`). A name not listed is shown as
/// it is.
pub fn label(name: &str) -> String {
    in_words(LABELS, name)
}

/// A stage kind in the reports' words (`applied`: Applied, 지원).
pub fn stage(kind: &str) -> String {
    in_words(STAGES, kind)
}

/// A sync run's status (as the mirror keeps it, in English for programs) in a word for people.
pub fn run_status(status: &str) -> String {
    in_words(RUN_STATUSES, status)
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

/// The column headers of tables and the message that says each.
const HEADERS: &[(&str, &str)] = &[
    ("CODE", "col-code"),
    ("TITLE", "col-title"),
    ("STATUS", "col-status"),
    ("OPEN", "col-open"),
    ("DEADLINE", "col-deadline"),
    ("ORDER", "col-order"),
    ("ID", "col-id"),
    ("KIND", "col-kind"),
    ("REQUIRED", "col-required"),
    ("OPTIONS", "col-options"),
    ("PIN", "col-pin"),
    ("ROLE", "col-role"),
    ("AUTHOR", "col-author"),
    ("CREATED", "col-created"),
    ("CONTENT", "col-content"),
    ("FORM", "col-form"),
    ("SUBMITTED", "col-submitted"),
    ("ANSWERS", "col-answers"),
    ("ACTIVE", "col-active"),
    ("CALLBACK URL", "col-callback-url"),
    ("EVENTS", "col-events"),
    ("NAME", "col-name"),
    ("STAGE", "col-stage"),
    ("JOB", "col-job"),
    ("APPLIED", "col-applied"),
    ("EVAL", "col-eval"),
    ("POSITION", "col-position"),
    ("MANAGERS", "col-managers"),
    ("MEMBER", "col-member"),
    ("RESULT", "col-result"),
    ("SCORE", "col-score"),
    ("COMMENT", "col-comment"),
    ("UPDATED", "col-updated"),
    ("QUESTION", "col-question"),
    ("ANSWER", "col-answer"),
    ("RECEIVED", "col-received"),
    ("ACTION", "col-action"),
    ("ATTEMPTS", "col-attempts"),
    ("TARGET", "col-target"),
    ("LAST ERROR", "col-last-error"),
];

/// The labels of detail views and the message that says each.
const LABELS: &[(&str, &str)] = &[
    ("Active", "label-active"),
    ("Applicant", "label-applicant"),
    ("Applied", "label-applied"),
    ("Author", "label-author"),
    ("Benefits", "label-benefits"),
    ("Birth", "label-birth"),
    ("Callback URL", "label-callback-url"),
    ("Candidate", "label-candidate"),
    ("Career", "label-career"),
    ("Code", "label-code"),
    ("Content", "label-content"),
    ("Created", "label-created"),
    ("Current", "label-current"),
    ("Deadline", "label-deadline"),
    ("Desired", "label-desired"),
    ("Duplicate", "label-duplicate"),
    ("Education", "label-education"),
    ("Email", "label-email"),
    ("Employment", "label-employment"),
    ("Evaluators", "label-evaluators"),
    ("Expected fee", "label-expected-fee"),
    ("Experience", "label-experience"),
    ("Expired", "label-expired"),
    ("File", "label-file"),
    ("History", "label-history"),
    ("ID", "label-id"),
    ("Introduction", "label-introduction"),
    ("Job", "label-job"),
    ("Job deleted", "label-job-deleted"),
    ("Kind", "label-kind"),
    ("Main tasks", "label-main-tasks"),
    ("Mentions", "label-mentions"),
    ("Name", "label-name"),
    ("Open", "label-open"),
    ("Phone", "label-phone"),
    ("Photo", "label-photo"),
    ("Pinned", "label-pinned"),
    ("Posting", "label-posting"),
    ("Preferred", "label-preferred"),
    ("Privacy consent", "label-privacy-consent"),
    ("Provider", "label-provider"),
    ("Reply to", "label-reply-to"),
    ("Requirements", "label-requirements"),
    ("Result", "label-result"),
    ("Resume", "label-resume"),
    ("Resume required", "label-resume-required"),
    ("Role", "label-role"),
    ("Round", "label-round"),
    ("Schedule", "label-schedule"),
    ("Schedule code", "label-schedule-code"),
    ("Score", "label-score"),
    ("Signing key", "label-signing-key"),
    ("Stage", "label-stage"),
    ("Stage since", "label-stage-since"),
    ("Status", "label-status"),
    ("Title", "label-title"),
    ("Updated", "label-updated"),
    ("URI", "label-uri"),
    ("Personal data", "label-personal-data"),
    ("Job and stage", "label-job-and-stage"),
    ("Evaluation", "label-evaluation"),
    ("Salary", "label-salary"),
    ("Address", "label-address"),
    ("Events", "label-events"),
];

/// The stage kinds as the reports name them.
const STAGES: &[(&str, &str)] = &[
    ("applied", "report-stage-applied"),
    ("review", "report-stage-review"),
    ("interview", "report-stage-interview"),
    ("offer", "report-stage-offer"),
    ("pass", "report-stage-pass"),
    ("fail", "report-stage-fail"),
];

/// The statuses of a sync run.
const RUN_STATUSES: &[(&str, &str)] = &[
    ("running", "run-status-running"),
    ("complete", "run-status-complete"),
    ("partial", "run-status-partial"),
    ("incomplete", "run-status-incomplete"),
    ("interrupted", "run-status-interrupted"),
    ("killed", "run-status-killed"),
    ("failed", "run-status-failed"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{text_in, Lang};

    /// Each table's messages are in both languages (a missing one would show its id), and a
    /// code is in one table once.
    #[test]
    fn every_word_has_its_message_in_both_languages() {
        let tables = [
            SERVICE_VALUES,
            QUESTION_KINDS,
            HEADERS,
            LABELS,
            STAGES,
            RUN_STATUSES,
        ];
        for table in tables {
            for (code, id) in table {
                for lang in [Lang::En, Lang::Ko] {
                    assert_ne!(text_in(lang, id, None), *id, "{id} ({code}) in {lang:?}");
                }
                assert_eq!(table.iter().filter(|(c, _)| c == code).count(), 1, "{code}");
            }
        }
        assert_eq!(text_in(Lang::Ko, "col-code", None), "코드");
    }
}
