//! Generated data: form submissions (for demo and synthetic candidates alike) and the
//! synthetic candidates `S000001`…`S00000N`.
//!
//! Everything here is a pure function of its inputs (a candidate code and an index), so the
//! same submission looks identical in every run and every process, and nothing of it needs
//! to be stored: a sandbox with 10,000 synthetic candidates keeps a small state file.

use std::borrow::Cow;

use chrono::Duration;
use serde::Serialize;
#[cfg(test)]
use serde_json::Value;

use super::demo::kst_at;
use super::state::{ts, Candidate, CandidateStage};

/// Code of synthetic candidate `i` (1-based): `S` + the index zero-padded to 6 digits.
pub fn synthetic_code(i: usize) -> String {
    format!("S{i:06}")
}

/// Number of form submissions of synthetic candidate `i`: from 1 to 130, spread evenly.
pub fn synthetic_submission_count(i: usize) -> usize {
    1 + (i.wrapping_mul(37) % 130)
}

/// The synthetic candidate with `code`, when `code` is one of the first `n`.
pub fn synthetic_candidate(code: &str, n: usize) -> Option<Candidate> {
    let digits = code.strip_prefix('S')?;
    if digits.len() < 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let i: usize = digits.parse().ok()?;
    // Only the canonical spelling names the candidate (S000001, not S0000001).
    if i == 0 || i > n || synthetic_code(i) != code {
        return None;
    }
    let h = mix(i as u64);
    let given = GIVEN[(h % GIVEN.len() as u64) as usize];
    let family = FAMILY[((h >> 16) % FAMILY.len() as u64) as usize];
    let created = kst_at(2026, 6, 1, 9, 0) + Duration::minutes(i as i64);
    let (kind, title) = synthetic_stage(i);
    let moved = ts(created + Duration::hours(1 + (h >> 40) as i64 % 200));
    Some(Candidate {
        code: code.to_string(),
        name: format!("{family} {given}"),
        email: format!("{}@synthetic.example", code.to_ascii_lowercase()),
        phone: format!("010-{:04}-{:04}", (h >> 24) % 10_000, i % 10_000),
        birth: None,
        created_at: ts(created),
        submissions: synthetic_submission_count(i),
        form: Some(SYNTHETIC_FORMS[((h >> 32) % SYNTHETIC_FORMS.len() as u64) as usize].into()),
        stage: Some(CandidateStage {
            kind: kind.into(),
            title: title.into(),
            created_at: moved.clone(),
            updated_at: moved,
        }),
        applied_at: Some(ts(created)),
        privacy: Some(true),
        ..Candidate::default()
    })
}

/// The forms (and so the jobs) synthetic candidates applied to.
const SYNTHETIC_FORMS: &[&str] = &[
    "FORM-1001",
    "FORM-1002",
    "FORM-1003",
    "FORM-1005",
    "FORM-1014",
    "FORM-1024",
];

/// The stage (kind, title) synthetic candidate `i` starts at: every kind occurs, most
/// candidates early in the pipeline (as in a real one). Cheap, so a stage filter over many
/// synthetic candidates builds none of them.
pub fn synthetic_stage(i: usize) -> (&'static str, &'static str) {
    match mix(i as u64 ^ 0x5eed) % 20 {
        0..=6 => ("applied", "지원 접수"),
        7..=10 => ("review", "서류 검토"),
        11..=12 => ("interview", "1차 면접"),
        13 => ("interview", "2차 면접"),
        14 => ("offer", "처우 협의"),
        15 => ("pass", "최종 합격"),
        _ => ("fail", "불합격"),
    }
}

const GIVEN: &[&str] = &[
    "Min-seo", "Ha-eun", "Do-yun", "Seo-jun", "Ji-woo", "Yeon-woo", "Eun-ji", "Hyun-woo", "Alex",
    "Morgan", "Riley", "Taylor", "Casey", "Jamie",
];
const FAMILY: &[&str] = &[
    "Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Smith", "Garcia",
];

/// FNV-1a: a stable hash (std's hasher may change between Rust releases).
fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// splitmix64 finalizer: spreads small inputs over all bits.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn pick<'a>(h: u64, items: &[&'a str]) -> &'a str {
    items[(h % items.len() as u64) as usize]
}

// Typed, borrowed records instead of `json!` maps: a page of 100 submissions is about 200 kB,
// and building it as a tree of `Value` maps made the sandbox (not the client) the bottleneck
// of export benchmarks. Field order matches the JSON the service sends.

/// A question as embedded in an answer.
#[derive(Serialize)]
struct Question {
    id: i64,
    kind: &'static str,
    title: &'static str,
    required: bool,
    answer_options: &'static [&'static str],
}

fn question(
    id: i64,
    kind: &'static str,
    title: &'static str,
    required: bool,
    options: &'static [&'static str],
) -> Question {
    Question {
        id,
        kind,
        title,
        required,
        answer_options: options,
    }
}

/// `answer_json_info`, whose shape depends on the question kind.
#[derive(Serialize)]
#[serde(untagged)]
enum Info<'a> {
    Contact {
        name: &'a str,
        email: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        phone: Option<String>,
    },
    Value {
        value: Cow<'a, str>,
    },
    Values {
        values: Vec<&'static str>,
    },
    Links {
        links: Vec<String>,
    },
    Checked {
        checked: bool,
    },
    Empty {},
}

#[derive(Serialize)]
struct Answer<'a> {
    id: i64,
    kind: &'static str,
    sub_kind: Option<&'static str>,
    order: i64,
    title: &'static str,
    description: Option<&'static str>,
    accessible: bool,
    answer_json_info: Info<'a>,
    question: Question,
}

/// An answer to `q`, of its kind and under its title.
fn answer<'a>(
    id: i64,
    order: i64,
    sub_kind: Option<&'static str>,
    description: Option<&'static str>,
    accessible: bool,
    info: Info<'a>,
    q: Question,
) -> Answer<'a> {
    Answer {
        id,
        kind: q.kind,
        sub_kind,
        order,
        title: q.title,
        description,
        accessible,
        answer_json_info: info,
        question: q,
    }
}

#[derive(Serialize)]
struct Template {
    id: i64,
    name: &'static str,
}

/// One form submission, serialized straight to the wire (see [`submission`]).
#[derive(Serialize)]
pub struct Submission<'a> {
    code: String,
    kind: &'static str,
    form_title: String,
    form_description: Cow<'static, str>,
    candidate_name: &'a str,
    candidate_email: &'a str,
    submitted_at: String,
    created_at: String,
    form_template: Template,
    submission_answers: Vec<Answer<'a>>,
}

fn value(s: &str) -> Info<'_> {
    Info::Value {
        value: Cow::Borrowed(s),
    }
}

const PROJECTS: &[&str] = &[
    "I led the migration of our billing service from a monolith to three smaller services; p99 latency went from 900 ms to 120 ms.",
    "I built an internal tool that cut the weekly reporting work of our operations team from a day to an hour.",
    "I redesigned the onboarding flow of a mobile app, which raised day-7 retention by 11 percentage points.",
    "I maintained an open-source parser used by a few hundred projects and wrote most of its test suite.",
    "I set up the company's first on-call rotation and incident review process.",
];
const FORMATS: &[&str] = &["On-site", "Video call", "Phone"];
const DAYS: &[&str] = &["Mon", "Tue", "Wed", "Thu", "Fri"];
const SPENT: &[&str] = &[
    "Under 4 hours",
    "4-8 hours",
    "8-16 hours",
    "More than 16 hours",
];
const SLOTS: &[&str] = &["09:00-11:00", "11:00-13:00", "14:00-16:00", "16:00-18:00"];
const NOTICE: &[&str] = &["Two weeks", "One month", "Immediately", "Six weeks"];
const RELATION: &[&str] = &["Direct manager", "Peer", "Direct report", "Client"];
const AGAIN: &[&str] = &["Yes, definitely", "Probably", "Not sure", "No"];
/// What referees answer: never "No".
const AGAIN_LIKELY: &[&str] = &["Yes, definitely", "Probably", "Not sure"];
const STRENGTHS: &[&str] = &[
    "Very reliable; takes ownership of problems nobody else wants and sees them through.",
    "Explains complex topics clearly to non-engineers; customers asked for them by name.",
    "Fast learner. Picked up our data stack within weeks and improved it.",
    "Calm under pressure; handled our largest outage with a clear head.",
];
const GROWTH: &[&str] = &[
    "Could delegate more instead of taking on everything personally.",
    "Sometimes spends too long polishing before sharing early drafts.",
    "Was still building confidence presenting to senior leadership.",
    "Nothing significant comes to mind.",
];
const REFEREES: &[(&str, &str)] = &[
    ("Oh Se-jin", "sejin.oh@previous-co.example"),
    ("Maria Lopez", "maria.lopez@previous-co.example"),
    ("Yoo Jae-won", "jaewon.yoo@previous-co.example"),
    ("Chris Patel", "chris.patel@previous-co.example"),
];

/// Submission `index` (0 = newest) of a candidate as JSON. Deterministic in all its inputs.
#[cfg(test)]
pub fn submission(code: &str, name: &str, email: &str, index: usize) -> Value {
    serde_json::to_value(submission_record(code, name, email, index)).expect("plain data")
}

/// [`submission`], as a record that serializes without building a `Value` tree.
pub fn submission_record<'a>(
    code: &str,
    name: &'a str,
    email: &'a str,
    index: usize,
) -> Submission<'a> {
    let h = mix(fnv(code) ^ mix(index as u64));
    let seq = (fnv(code) % 90_000) as i64 * 1000 + index as i64;
    // Newest first: each older submission lies 1-3 days before the previous one.
    let submitted = kst_at(2026, 10, 30, 17, 0)
        - Duration::hours(41 * index as i64)
        - Duration::minutes((h % 600) as i64);
    let created = submitted - Duration::hours(20 + (h >> 8) as i64 % 48);
    let aid = |order: i64| seq * 10 + order;
    let (kind, tid, tname, title, description, answers) = if index % 3 == 1 {
        let referee = REFEREES[((h >> 12) % REFEREES.len() as u64) as usize];
        let phone = format!("010-{:04}-{:04}", (h >> 20) % 10_000, (h >> 36) % 10_000);
        let relation = pick(h >> 3, RELATION);
        let again = pick(h >> 7, AGAIN_LIKELY);
        let answers = vec![
            answer(aid(1), 1, Some("referrer"), Some("We may contact you to confirm your answers."), true, Info::Contact { name: referee.0, email: referee.1, phone: Some(phone) }, question(4011, "contact", "Your contact details", true, &[])),
            answer(aid(2), 2, Some("recipient"), None, true, Info::Contact { name, email, phone: None }, question(4012, "contact", "Candidate", true, &[])),
            answer(aid(3), 3, None, None, true, value(relation), question(4013, "dropdown", "How do you know the candidate?", true, RELATION)),
            answer(aid(4), 4, None, None, true, value(pick(h >> 5, STRENGTHS)), question(4014, "textarea", "What are the candidate's main strengths?", true, &[])),
            answer(aid(5), 5, None, Some(""), true, value(pick(h >> 9, GROWTH)), question(4015, "textarea", "Where could the candidate grow?", false, &[])),
            answer(aid(6), 6, None, None, true, value(again), question(4016, "radio", "Would you work with the candidate again?", true, AGAIN)),
            // Visible to the hiring admin only: the API shows it as not accessible, empty.
            answer(aid(7), 7, None, None, false, Info::Empty {}, question(4017, "textarea", "Confidential comments for the hiring team", false, &[])),
            answer(aid(8), 8, None, None, true, Info::Checked { checked: true }, question(4018, "agree", "I agree to the collection of my personal information for this reference check.", true, &[])),
        ];
        (
            "reference_check",
            401,
            "Reference check (standard)",
            format!("Reference check for {name}"),
            Cow::Owned(format!(
                "{} answers questions about {name}. Takes about 10 minutes.",
                referee.0
            )),
            answers,
        )
    } else {
        match (h >> 4) % 3 {
            0 => {
                let days: Vec<&str> = DAYS
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| (h >> (10 + i)) & 1 == 1)
                    .map(|(_, d)| *d)
                    .collect();
                let days = if days.is_empty() { vec!["Wed"] } else { days };
                let start = (submitted + Duration::days(30 + (h % 40) as i64))
                    .format("%Y-%m-%d")
                    .to_string();
                let answers = vec![
                    answer(
                        aid(1),
                        1,
                        None,
                        Some("A few sentences are enough."),
                        true,
                        value(pick(h >> 2, PROJECTS)),
                        question(
                            3011,
                            "textarea",
                            "Tell us about a project you are proud of",
                            true,
                            &[],
                        ),
                    ),
                    answer(
                        aid(2),
                        2,
                        None,
                        None,
                        true,
                        value(pick(h >> 6, FORMATS)),
                        question(3012, "radio", "Preferred interview format", true, FORMATS),
                    ),
                    answer(
                        aid(3),
                        3,
                        None,
                        None,
                        true,
                        Info::Values { values: days },
                        question(
                            3013,
                            "checkbox",
                            "Which days work for you next week?",
                            true,
                            DAYS,
                        ),
                    ),
                    answer(
                        aid(4),
                        4,
                        None,
                        None,
                        true,
                        Info::Value {
                            value: Cow::Owned(start),
                        },
                        question(
                            3014,
                            "date_type",
                            "Earliest possible start date",
                            false,
                            &[],
                        ),
                    ),
                    answer(
                        aid(5),
                        5,
                        None,
                        Some(""),
                        true,
                        Info::Links {
                            links: vec![format!(
                                "/upload/candidate/file/1/temp/{}/portfolio-{}.pdf",
                                1_790_000_000 + (h % 9_000_000),
                                index + 1
                            )],
                        },
                        question(3015, "file_upload", "Portfolio (optional)", false, &[]),
                    ),
                    answer(
                        aid(6),
                        6,
                        None,
                        None,
                        true,
                        Info::Checked { checked: true },
                        question(
                            3016,
                            "agree",
                            "I confirm that the information above is accurate.",
                            true,
                            &[],
                        ),
                    ),
                ];
                (
                    "message",
                    301,
                    "Pre-interview questionnaire",
                    "Pre-interview questions".to_string(),
                    Cow::Borrowed("Please answer a few questions before your first interview."),
                    answers,
                )
            }
            1 => {
                let handle = code.to_ascii_lowercase().replace(['/', ' '], "-");
                let answers = vec![
                    answer(aid(1), 1, None, Some("A private repository shared with recruit-review is fine."), true, Info::Links { links: vec![format!("https://github.com/{handle}/take-home-{}", index + 1)] }, question(3021, "link", "Repository URL", true, &[])),
                    answer(aid(2), 2, None, None, true, value(pick(h >> 3, SPENT)), question(
                            3022,
                            "dropdown",
                            "How long did the assignment take?",
                            true,
                            SPENT,
                        )),
                    answer(aid(3), 3, None, None, true, value("I focused on correctness and tests first; the README lists what I would do with more time."), question(3023, "textarea", "Notes for the reviewers", false, &[])),
                ];
                (
                    "message",
                    302,
                    "Take-home assignment",
                    "Take-home assignment submission".to_string(),
                    Cow::Borrowed("Submit your solution to the take-home assignment."),
                    answers,
                )
            }
            _ => {
                let slots: Vec<&str> = SLOTS
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| (h >> (20 + i)) & 1 == 1 || *i == (h % 4) as usize)
                    .map(|(_, s)| *s)
                    .collect();
                let answers = vec![
                    answer(
                        aid(1),
                        1,
                        None,
                        None,
                        true,
                        Info::Values { values: slots },
                        question(3031, "multi_select", "Available time slots", true, SLOTS),
                    ),
                    answer(
                        aid(2),
                        2,
                        None,
                        None,
                        true,
                        value(pick(h >> 11, NOTICE)),
                        question(3032, "text", "Notice period at your current job", true, &[]),
                    ),
                ];
                (
                    "message",
                    303,
                    "Availability check",
                    "Interview availability".to_string(),
                    Cow::Borrowed("Tell us when you are available for interviews."),
                    answers,
                )
            }
        }
    };
    Submission {
        code: format!("FS{seq:08}"),
        kind,
        form_title: title,
        form_description: description,
        candidate_name: name,
        candidate_email: email,
        submitted_at: ts(submitted),
        created_at: ts(created),
        form_template: Template {
            id: tid,
            name: tname,
        },
        submission_answers: answers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_span_1_to_over_100() {
        let counts: Vec<usize> = (1..=130).map(synthetic_submission_count).collect();
        assert_eq!(counts.iter().min(), Some(&1));
        assert_eq!(counts.iter().max(), Some(&130));
    }

    #[test]
    fn only_canonical_codes_in_range_exist() {
        assert_eq!(synthetic_code(7), "S000007");
        assert!(synthetic_candidate("S000007", 7).is_some());
        assert!(synthetic_candidate("S000008", 7).is_none());
        assert!(synthetic_candidate("S0000007", 7).is_none());
        assert!(synthetic_candidate("S000000", 7).is_none());
        assert!(synthetic_candidate("s000007", 7).is_none());
        assert!(synthetic_candidate("S00000x", 7).is_none());
    }

    #[test]
    fn submissions_are_deterministic_and_of_both_kinds() {
        let a = submission("S000042", "Kim Alex", "s000042@synthetic.example", 5);
        let b = submission("S000042", "Kim Alex", "s000042@synthetic.example", 5);
        assert_eq!(a, b);
        let kinds: std::collections::HashSet<String> = (0..6)
            .map(|i| {
                submission("C1", "n", "e@x.io", i)["kind"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert!(kinds.contains("message") && kinds.contains("reference_check"));
        let c = synthetic_candidate("S000042", 100).unwrap();
        assert_eq!(c.name, synthetic_candidate("S000042", 100).unwrap().name);
    }
}
