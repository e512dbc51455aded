//! Applying to a form: the answers file, its resolution against the form's
//! questions, validation, and the request body of either variant.
//!
//! The answers file is a request body of the apply endpoint, of either variant, or a mix of the two:
//!
//! - variant A: `{"privacy": bool, "questions": [item...]}`;
//! - variant B: `{"name", "email", "phone", "resume_path", "privacy"?, "questions"?: [item...]}`.
//!
//! An item is `{"question_id": N | "id": N | "order": N | "kind": "...", "answer": {...}}`. It
//! names its question by `question_id` (or `id`, variant B's name of it: the form's question
//! ids), by `order` (its position in the form), or, with neither, by `kind` alone when the form
//! has exactly one question of that kind; otherwise `kind` is optional, and when given must
//! equal the form's. The top-level `name`, `email`, `phone` and `resume_path` answer the form's
//! question of kind name, email, phone and resume; `questions` may then be left out, as it may
//! whenever the request goes as variant B.
//!
//! [`prepare`] takes the form's questions, the file and the requested variant, and either
//! returns the exact body to send or every problem found at once. Nothing here talks to the
//! network; the wizard builds an answers file and goes through the same [`prepare`].
//!
//! Variant rules (from the hosted service's documentation):
//! - A: `privacy` (required boolean) + `questions[{question_id, kind, answer}]`; paths given as
//!   a full `file_url` are sent as their path part, URL-decoded. A file with top-level basic
//!   fields but no `privacy` is sent with `"privacy": false` (a warning says so). A top-level
//!   basic field the form has no question for stays a top-level field.
//! - B: `name`, `email`, `phone`, `resume_path` at the top level (from the answers of kinds
//!   name/email/phone/resume), `privacy` optional, the other answers as
//!   `questions[{id, kind, answer}]`; a `file_url` is sent as its path part, not decoded.
//! - When answered questions carry no id, variant A cannot address them: the request goes as
//!   variant B (a note says so), and answers to other questions that have no id are problems
//!   naming them, never dropped silently. On a form without ids, an item that gives a
//!   `question_id` and one of the four basic kinds is resolved by its kind (the id cannot be
//!   checked; a warning says so).

pub(crate) mod files;
pub mod kinds;
pub(crate) mod submit;
pub mod words;

use std::collections::HashMap;
use std::fmt;

use serde_json::{json, Map, Value};

pub use kinds::{check_answer, AnswerKind, Checked, FieldIssue};
pub use words::summarize;

use crate::api::Question;
use crate::t;
use kinds::must_be;

// The variant is a setting's value, so the settings own it; named here, where callers look.
pub use crate::settings::Variant;

/// The `order` of the question at `index`: its own, else its 1-based position.
pub(crate) fn order_of(questions: &[Question], index: usize) -> i64 {
    questions[index].order.unwrap_or(index as i64 + 1)
}

/// Indices of the questions sorted by `order` (stable for equal or missing orders).
pub(crate) fn in_order(questions: &[Question]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..questions.len()).collect();
    idx.sort_by_key(|&i| order_of(questions, i));
    idx
}

/// What a problem is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// The file as a whole (`privacy`, `questions`).
    File,
    /// An item of `questions` that could not be tied to a question (0-based index).
    Item(usize),
    /// A question of the form.
    Question {
        order: i64,
        title: String,
        kind: String,
    },
}

/// One problem that stops the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub subject: Subject,
    /// The field, e.g. `answer.desired_salary`, `privacy`, `question_id`; may be empty.
    pub field: String,
    pub message: String,
}

impl Problem {
    fn file(field: &str, message: impl Into<String>) -> Problem {
        Problem {
            subject: Subject::File,
            field: field.into(),
            message: message.into(),
        }
    }
    fn item(i: usize, field: &str, message: impl Into<String>) -> Problem {
        Problem {
            subject: Subject::Item(i),
            field: field.into(),
            message: message.into(),
        }
    }
    fn question(
        questions: &[Question],
        index: usize,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            subject: question_subject(questions, index),
            field: field.into(),
            message: message.into(),
        }
    }
}

fn question_subject(questions: &[Question], index: usize) -> Subject {
    let q = &questions[index];
    Subject::Question {
        order: order_of(questions, index),
        title: q.title().to_string(),
        kind: q.kind().to_string(),
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::File => f.write_str(&t!("apply-subject-file")),
            Subject::Item(i) => write!(f, "questions[{i}]"),
            Subject::Question { order, title, kind } => f.write_str(&t!(
                "apply-subject-question",
                order = order.to_string(),
                title = format!("{title:?}"),
                kind = kind.as_str()
            )),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.subject, self.field.is_empty()) {
            (Subject::File, false) => write!(f, "{}: {}", self.field, self.message),
            (_, true) => write!(f, "{}: {}", self.subject, self.message),
            (_, false) => write!(f, "{}: {}: {}", self.subject, self.field, self.message),
        }
    }
}

/// Every problem found (nothing may be sent), and the warnings found on the way.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub problems: Vec<Problem>,
    pub warnings: Vec<String>,
}

/// An answer tied to a form question (`index` into the form's question list).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub index: usize,
    pub answer: Value,
}

/// A request ready to send.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The variant actually used (B when the questions carry no ids).
    pub variant: Variant,
    /// The exact request body.
    pub body: Value,
    pub remarks: Remarks,
    /// The answers, in form order.
    pub answers: Vec<Answer>,
    pub privacy: Option<bool>,
}

/// What preparing a request has to tell the user besides refusals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Remarks {
    /// Things the user should know (e.g. the switch to variant B).
    pub notes: Vec<String>,
    /// Non-blocking oddities (unknown fields, ...).
    pub warnings: Vec<String>,
}

impl Remarks {
    /// Each as a line, `note: ...` then `warning: ...`, as both front ends show them.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        let notes = self
            .notes
            .iter()
            .map(|n| crate::t!("note-line", note = n.as_str()));
        notes.chain(
            self.warnings
                .iter()
                .map(|w| crate::t!("warning-line", warning = w.as_str())),
        )
    }
}

const ITEM_KEYS: &[&str] = &["question_id", "id", "order", "kind", "answer"];

/// The four basic kinds and the top-level field of variant B each becomes (in the documented
/// order of the body).
const BASIC_FIELDS: [(&str, &str); 4] = [
    ("name", "name"),
    ("email", "email"),
    ("phone", "phone"),
    ("resume", "resume_path"),
];

/// Where an answer came from in the answers file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// An item of `questions` (0-based index).
    Item(usize),
    /// A top-level basic field (`name`, `email`, `phone`, `resume_path`).
    Top(&'static str),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Item(n) => write!(f, "questions[{n}]"),
            Source::Top(field) => f.write_str(&t!("apply-source-top", field = *field)),
        }
    }
}

/// The file's answers tied to the form.
#[derive(Debug, Default)]
struct Resolved {
    /// Answers to questions of the form, in form order.
    answers: Vec<Answer>,
    /// Per question index, where its answer came from.
    source_of: HashMap<usize, Source>,
    /// Top-level basic fields the form has no question for: (kind, answer object), sent as
    /// top-level fields in either variant.
    loose: Vec<(&'static str, Value)>,
}

/// Resolve, validate and build: the whole way from an answers file to a request body.
pub fn prepare(
    questions: &[Question],
    file: &Value,
    requested: Variant,
) -> Result<Prepared, Report> {
    let mut report = Report::default();
    let top = top_object(file, &mut report)?;

    // The variant-B shape: the basic answers as top-level fields.
    let has_top_fields = BASIC_FIELDS.iter().any(|(_, f)| top.contains_key(*f));
    let form_idless = idless(questions);
    // `questions` may be left out when there is another answer or the request goes as B.
    let questions_optional = has_top_fields || requested == Variant::B || form_idless;
    let Resolved {
        mut answers,
        source_of,
        loose,
    } = resolve(questions, top, questions_optional, &mut report);
    // Dates go out in one shape (`2021.03` as `2021-03`), as the checks accepted them.
    for a in &mut answers {
        kinds::normalize_answer(&AnswerKind::parse(questions[a.index].kind()), &mut a.answer);
    }

    let (variant, notes) = choose_variant(questions, &answers, requested, &loose);
    let top_level = match variant {
        Variant::B => top_level_answers(questions, &answers, &source_of, &mut report),
        Variant::A => Vec::new(),
    };
    check_required(questions, variant, &source_of, &mut report);
    if variant == Variant::B {
        check_variant_b_basics(questions, &top_level, &loose, &mut report);
    }
    let privacy = privacy_of(top, variant, has_top_fields, &mut report);

    if !report.problems.is_empty() {
        return Err(report);
    }

    let body = build_body(questions, &answers, variant, privacy, &top_level, &loose);
    Ok(Prepared {
        variant,
        body,
        remarks: Remarks {
            notes,
            warnings: report.warnings,
        },
        answers,
        privacy,
    })
}

/// The file's top-level object (its unknown keys warned about), or the report refusing a file
/// that is not one.
fn top_object<'a>(file: &'a Value, report: &mut Report) -> Result<&'a Map<String, Value>, Report> {
    let Some(top) = file.as_object() else {
        let expected = t!("expect-answers-object");
        report
            .problems
            .push(Problem::file("", must_be(&expected, file)));
        return Err(std::mem::take(report));
    };
    warn_unknown_top_keys(top, report);
    Ok(top)
}

/// What a saved wizard session (a `--save` file) holds: its answers in form order, the consent
/// when given, and where it stopped inside a question.
pub type Saved = (Vec<Answer>, Option<bool>, Option<Unfinished>);

/// The answers of a saved wizard session (a `--save` file, for `--resume`): tied to the form's
/// questions and checked as [`prepare`] does, but unanswered questions (required ones too) and
/// a missing `privacy` are not problems: the wizard asks them. Returns the answers in form
/// order, the consent when the file gives it, and the question it stopped inside.
pub fn resume(questions: &[Question], file: &Value) -> Result<Saved, Report> {
    let mut report = Report::default();
    let top = top_object(file, &mut report)?;
    let Resolved { mut answers, .. } = resolve(questions, top, true, &mut report);
    for a in &mut answers {
        kinds::normalize_answer(&AnswerKind::parse(questions[a.index].kind()), &mut a.answer);
    }
    let unfinished = unfinished_of(questions, top, &mut report);
    let privacy = match top.get("privacy") {
        None | Some(Value::Null) => None,
        Some(Value::Bool(b)) => Some(*b),
        Some(v) => {
            report.problems.push(Problem::file(
                "privacy",
                must_be(&t!("expect-true-or-false"), v),
            ));
            None
        }
    };
    if report.problems.is_empty() {
        Ok((answers, privacy, unfinished))
    } else {
        Err(report)
    }
}

/// Where a wizard stopped inside a question (Ctrl-C at "add another school?", or in the
/// middle of an entry): kept in the `--save` file as `unfinished`, so that `--resume` goes on
/// inside that question, from the part that was finished (a group's entries, kept as its
/// answer) and the fields of the entry being typed, rather than take it as done.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unfinished {
    /// The question (an index into the form's questions).
    pub index: usize,
    /// The fields typed of a group's entry that was not finished (empty: it was begun).
    pub entry: Option<Map<String, Value>>,
}

/// The top-level key of an answers file that says where the wizard stopped.
const UNFINISHED: &str = "unfinished";

/// `file` (from [`answers_file`]) with the question the wizard stopped inside:
/// `"unfinished": {"question_id" (or "order"), "kind", "entry"?}`.
pub fn mark_unfinished(questions: &[Question], file: &mut Value, u: &Unfinished) {
    let mut m = naming_item(questions, u.index);
    if let Some(e) = &u.entry {
        m.insert("entry".into(), Value::Object(e.clone()));
    }
    if let Some(top) = file.as_object_mut() {
        top.insert(UNFINISHED.into(), Value::Object(m));
    }
}

/// The file's `unfinished` (see [`mark_unfinished`]), tied to the form's question.
fn unfinished_of(
    questions: &[Question],
    top: &Map<String, Value>,
    report: &mut Report,
) -> Option<Unfinished> {
    let v = top.get(UNFINISHED).filter(|v| !v.is_null())?;
    let m = v.as_object();
    let id = m.and_then(|m| m.get("question_id")).and_then(Value::as_i64);
    let order = m.and_then(|m| m.get("order")).and_then(Value::as_i64);
    let index = (0..questions.len()).find(|&i| match (id, order) {
        (Some(id), _) => questions[i].id == Some(id),
        (None, Some(o)) => order_of(questions, i) == o,
        _ => false,
    });
    let entry = m.and_then(|m| m.get("entry"));
    match (index, entry) {
        (Some(index), None | Some(Value::Object(_))) => Some(Unfinished {
            index,
            entry: entry.and_then(Value::as_object).cloned(),
        }),
        _ => {
            report.problems.push(Problem::file(
                UNFINISHED,
                t!("apply-unfinished-unknown", value = v.to_string()),
            ));
            None
        }
    }
}

fn warn_unknown_top_keys(top: &Map<String, Value>, report: &mut Report) {
    for key in top.keys() {
        let basic = BASIC_FIELDS.iter().any(|(_, f)| f == key);
        // `unfinished` is the wizard's own, for `--resume`; a request body has no such key.
        if key != "privacy" && key != "questions" && key != UNFINISHED && !basic {
            report
                .warnings
                .push(t!("apply-file-unknown-key", key = key.as_str()));
        }
    }
}

/// The variant that can carry these answers (A only when every answered question has an id),
/// with notes on why it changed and on basic fields sent at the top level of a variant-A body.
fn choose_variant(
    questions: &[Question],
    answers: &[Answer],
    requested: Variant,
    loose: &[(&'static str, Value)],
) -> (Variant, Vec<String>) {
    let mut notes = Vec::new();
    let mut variant = requested;
    if requested == Variant::A {
        let idless_answered = answers
            .iter()
            .filter(|a| questions[a.index].id.is_none())
            .count();
        if idless(questions) {
            variant = Variant::B;
            notes.push(t!("apply-note-form-idless"));
        } else if idless_answered > 0 {
            variant = Variant::B;
            notes.push(t!(
                "apply-note-idless-answered",
                count = idless_answered.to_string()
            ));
        }
    }
    if variant == Variant::A {
        for (kind, _) in loose {
            let field = AnswerKind::parse(kind).basic_field().unwrap_or(kind);
            notes.push(t!("apply-note-loose-top", kind = *kind, field = field));
        }
    }
    (variant, notes)
}

/// Variant B: the first answer of each basic kind goes to the top level; any other answer to a
/// question without an id cannot be sent, which is a problem naming it.
fn top_level_answers(
    questions: &[Question],
    answers: &[Answer],
    source_of: &HashMap<usize, Source>,
    report: &mut Report,
) -> Vec<(usize, &'static str)> {
    let mut top_level: Vec<(usize, &'static str)> = Vec::new();
    for a in answers {
        let kind = AnswerKind::parse(questions[a.index].kind());
        if let Some(field) = kind.basic_field() {
            if !top_level.iter().any(|(_, f)| *f == field) {
                top_level.push((a.index, field));
            }
        }
    }
    for a in answers {
        let q = &questions[a.index];
        if q.id.is_none() && !top_level.iter().any(|(i, _)| *i == a.index) {
            let why = if idless(questions) {
                t!("apply-why-form-idless")
            } else {
                t!("apply-why-question-idless")
            };
            report.problems.push(Problem::question(
                questions,
                a.index,
                "",
                t!(
                    "apply-cannot-be-sent",
                    why = why,
                    source = source_of[&a.index].to_string()
                ),
            ));
        }
    }
    top_level
}

/// Required questions the file does not name are problems (a question the file names counts
/// as answered: its own problems are reported).
fn check_required(
    questions: &[Question],
    variant: Variant,
    source_of: &HashMap<usize, Source>,
    report: &mut Report,
) {
    for i in in_order(questions) {
        let q = &questions[i];
        if !q.required() || source_of.contains_key(&i) {
            continue;
        }
        let basic = AnswerKind::parse(q.kind()).basic_field().is_some();
        if variant == Variant::B && q.id.is_none() && !basic {
            report.warnings.push(t!(
                "apply-required-no-id",
                subject = question_subject(questions, i).to_string()
            ));
            continue;
        }
        report.problems.push(Problem::question(
            questions,
            i,
            "",
            t!("apply-required-unanswered"),
        ));
    }
}

/// Variant B needs all four basic fields.
fn check_variant_b_basics(
    questions: &[Question],
    top_level: &[(usize, &'static str)],
    loose: &[(&'static str, Value)],
    report: &mut Report,
) {
    for (kind, field) in BASIC_FIELDS {
        if top_level.iter().any(|(_, f)| *f == field) || loose.iter().any(|(k, _)| *k == kind) {
            continue;
        }
        match questions.iter().position(|q| q.kind() == kind) {
            Some(i) if questions[i].required() => {} // already reported as unanswered
            Some(i) => report.problems.push(Problem::question(
                questions,
                i,
                "",
                t!("apply-b-requires", field = field),
            )),
            None => report.problems.push(Problem::file(
                field,
                t!("apply-b-requires-no-question", field = field, kind = kind),
            )),
        }
    }
}

/// The consent: required in variant A (false, with a warning, for a variant-B file sent as A),
/// optional in B.
fn privacy_of(
    top: &Map<String, Value>,
    variant: Variant,
    has_top_fields: bool,
    report: &mut Report,
) -> Option<bool> {
    match top.get("privacy") {
        Some(Value::Bool(b)) => Some(*b),
        None if variant == Variant::B => None,
        None if has_top_fields => {
            report.warnings.push(t!("apply-privacy-assumed-false"));
            Some(false)
        }
        None => {
            report
                .problems
                .push(Problem::file("privacy", t!("apply-privacy-missing")));
            None
        }
        Some(v) => {
            report.problems.push(Problem::file(
                "privacy",
                must_be(&t!("expect-true-or-false"), v),
            ));
            None
        }
    }
}

/// Whether the form has questions and none of them carries an id.
fn idless(questions: &[Question]) -> bool {
    !questions.is_empty() && questions.iter().all(|q| q.id.is_none())
}

/// The questions of kind `kind`, in form order.
fn of_kind(questions: &[Question], kind: &str) -> Vec<usize> {
    in_order(questions)
        .into_iter()
        .filter(|&i| questions[i].kind() == kind)
        .collect()
}

/// `5`, `5 and 7`, `2, 5 and 7`: the orders of the questions at `indices`.
fn orders_of(questions: &[Question], indices: &[usize]) -> String {
    let orders: Vec<String> = indices
        .iter()
        .map(|&i| order_of(questions, i).to_string())
        .collect();
    match orders.split_last() {
        Some((last, rest)) if !rest.is_empty() => t!(
            "apply-orders-and",
            rest = rest.join(", "),
            last = last.as_str()
        ),
        _ => orders.join(""),
    }
}

/// Record `check_answer`'s findings about `subject`. `top_field` renames the problem fields of
/// an answer given as a top-level field (`answer.email` becomes `email`).
fn record_checked(subject: Subject, checked: Checked, top_field: bool, report: &mut Report) {
    for w in &checked.warnings {
        report.warnings.push(format!("{subject}: {w}"));
    }
    for p in checked.problems {
        let field = match (top_field, p.field.strip_prefix("answer.")) {
            (true, Some(f)) => f.to_string(),
            _ => p.field,
        };
        report.problems.push(Problem {
            subject: subject.clone(),
            field,
            message: p.message,
        });
    }
}

/// Tie each answer of the file (the top-level basic fields, then each item of `questions`) to
/// a form question and check it.
fn resolve(
    questions: &[Question],
    top: &Map<String, Value>,
    questions_optional: bool,
    report: &mut Report,
) -> Resolved {
    let mut r = Resolved::default();
    let naming = Naming::of(questions);
    resolve_top_fields(questions, top, &naming, &mut r, report);
    let items = items_of(top, questions_optional, report);
    for (n, item) in items.iter().enumerate() {
        let Some(obj) = item.as_object() else {
            let expected = t!("expect-answer-item");
            report
                .problems
                .push(Problem::item(n, "", must_be(&expected, item)));
            continue;
        };
        for key in obj.keys() {
            if !ITEM_KEYS.contains(&key.as_str()) {
                report.warnings.push(t!(
                    "apply-item-unknown-key",
                    n = n.to_string(),
                    key = key.as_str()
                ));
            }
        }
        if let Some(index) = locate_item(questions, n, obj, &naming, report) {
            take_item(questions, n, obj, index, &mut r, report);
        }
    }
    let order = in_order(questions);
    r.answers
        .sort_by_key(|a| order.iter().position(|&i| i == a.index));
    r
}

/// How problems tell the user to name a question, given what the form's questions carry.
struct Naming {
    form_idless: bool,
    /// "name the question by ..."
    name_it: String,
    /// The form's orders, "1 to 12".
    orders_text: String,
}

impl Naming {
    fn of(questions: &[Question]) -> Naming {
        let form_idless = idless(questions);
        let orders: Vec<i64> = in_order(questions)
            .into_iter()
            .map(|i| order_of(questions, i))
            .collect();
        Naming {
            form_idless,
            name_it: if form_idless {
                t!("apply-name-by-order")
            } else {
                t!("apply-name-by-id-or-order")
            },
            orders_text: match (orders.first(), orders.last()) {
                (Some(a), Some(b)) if a != b => {
                    t!(
                        "apply-orders-range",
                        first = a.to_string(),
                        last = b.to_string()
                    )
                }
                (Some(a), _) => a.to_string(),
                _ => t!("apply-orders-none"),
            },
        }
    }
}

/// Top-level name, email, phone, resume_path: the answer to the form's question of that kind.
fn resolve_top_fields(
    questions: &[Question],
    top: &Map<String, Value>,
    naming: &Naming,
    r: &mut Resolved,
    report: &mut Report,
) {
    for (kind, field) in BASIC_FIELDS {
        let Some(value) = top.get(field) else {
            continue;
        };
        let answer = json!({ field: value });
        match of_kind(questions, kind).as_slice() {
            [] => {
                // No such question: checked as a required answer of its kind, sent at the top level.
                let q = Question {
                    kind: Some(kind.to_string()),
                    required: Some(true),
                    ..Default::default()
                };
                record_checked(Subject::File, check_answer(&q, &answer), true, report);
                r.loose.push((kind, answer));
            }
            [i] => {
                let checked = check_answer(&questions[*i], &answer);
                record_checked(question_subject(questions, *i), checked, true, report);
                r.source_of.insert(*i, Source::Top(field));
                r.answers.push(Answer { index: *i, answer });
            }
            several => report.problems.push(Problem::file(
                field,
                t!(
                    "apply-top-several",
                    count = several.len().to_string(),
                    kind = kind,
                    orders = orders_of(questions, several),
                    name_it = naming.name_it.as_str()
                ),
            )),
        }
    }
}

/// The file's `questions` array (empty, with a problem, when missing where needed or not an array).
fn items_of<'a>(
    top: &'a Map<String, Value>,
    questions_optional: bool,
    report: &mut Report,
) -> &'a [Value] {
    match top.get("questions") {
        Some(Value::Array(a)) => a.as_slice(),
        None if questions_optional => &[],
        None => {
            report
                .problems
                .push(Problem::file("questions", t!("apply-questions-missing")));
            &[]
        }
        Some(v) => {
            report
                .problems
                .push(Problem::file("questions", must_be(&t!("expect-array"), v)));
            &[]
        }
    }
}

/// An integer field of item `n` (absent or null = None; another type is a problem).
fn int_field(obj: &Map<String, Value>, n: usize, name: &str, report: &mut Report) -> Option<i64> {
    match obj.get(name) {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_i64() {
            Some(x) => Some(x),
            None => {
                report
                    .problems
                    .push(Problem::item(n, name, must_be(&t!("expect-integer"), v)));
                None
            }
        },
    }
}

/// The question item `n` names, by id, order or kind; None (with a problem) when it names none
/// or names two different ones.
fn locate_item(
    questions: &[Question],
    n: usize,
    obj: &Map<String, Value>,
    naming: &Naming,
    report: &mut Report,
) -> Option<usize> {
    let id_key = if obj.contains_key("question_id") {
        "question_id"
    } else {
        "id"
    };
    let problems_before = report.problems.len();
    let qid = int_field(obj, n, id_key, report);
    let order = int_field(obj, n, "order", report);
    if let (Some(a), Some(b)) = (qid, obj.get("id").and_then(Value::as_i64)) {
        if id_key == "question_id" && a != b {
            report.problems.push(Problem::item(
                n,
                "id",
                t!("apply-id-conflict", a = a.to_string(), b = b.to_string()),
            ));
            return None;
        }
    }
    // A problem with how the item names its question has been reported.
    let misnamed = report.problems.len() > problems_before;
    let kind_given = obj.get("kind").and_then(Value::as_str);
    let basic_kind = kind_given.is_some_and(|k| AnswerKind::parse(k).basic_field().is_some());
    // On a form without ids, the id of a basic answer is set aside (it goes to the top level of
    // variant B anyway) and the question found by order or kind.
    let unchecked_id = qid.filter(|_| naming.form_idless && basic_kind);
    let by_id = match qid {
        Some(_) if unchecked_id.is_some() => None,
        None => None,
        Some(id) => Some(by_id(questions, n, id_key, id, naming, report)?),
    };
    let by_order = match order {
        None => None,
        Some(o) => Some(by_order(questions, n, o, naming, report)?),
    };
    let index = match (by_id, by_order) {
        (Some(a), Some(b)) if a != b => {
            report.problems.push(Problem::item(
                n,
                "order",
                t!(
                    "apply-id-order-conflict",
                    key = id_key,
                    id = qid.unwrap_or_default().to_string(),
                    question = order_of(questions, a).to_string(),
                    order = order.unwrap_or_default().to_string()
                ),
            ));
            return None;
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) if misnamed => return None,
        (None, None) => by_kind(questions, n, kind_given, naming, report)?,
    };
    if let Some(id) = unchecked_id {
        let by = if by_order.is_some() { "order" } else { "kind" };
        report.warnings.push(t!(
            "apply-id-unchecked",
            n = n.to_string(),
            key = id_key,
            id = id.to_string(),
            subject = question_subject(questions, index).to_string(),
            by = by
        ));
    }
    Some(index)
}

fn by_id(
    questions: &[Question],
    n: usize,
    id_key: &str,
    id: i64,
    naming: &Naming,
    report: &mut Report,
) -> Option<usize> {
    if naming.form_idless {
        report
            .problems
            .push(Problem::item(n, id_key, t!("apply-form-idless-use-order")));
        return None;
    }
    let found = questions.iter().position(|q| q.id == Some(id));
    if found.is_none() {
        report.problems.push(Problem::item(
            n,
            id_key,
            t!("apply-no-question-id", id = id.to_string()),
        ));
    }
    found
}

fn by_order(
    questions: &[Question],
    n: usize,
    order: i64,
    naming: &Naming,
    report: &mut Report,
) -> Option<usize> {
    let found = (0..questions.len()).find(|&i| order_of(questions, i) == order);
    if found.is_none() {
        report.problems.push(Problem::item(
            n,
            "order",
            t!(
                "apply-no-question-order",
                order = order.to_string(),
                orders = naming.orders_text.as_str()
            ),
        ));
    }
    found
}

/// The one question of the item's `kind`, for an item that gives neither id nor order.
fn by_kind(
    questions: &[Question],
    n: usize,
    kind_given: Option<&str>,
    naming: &Naming,
    report: &mut Report,
) -> Option<usize> {
    let Some(kind) = kind_given else {
        report
            .problems
            .push(Problem::item(n, "", t!("apply-names-no-question")));
        return None;
    };
    match of_kind(questions, kind).as_slice() {
        [i] => Some(*i),
        [] => {
            let top_hint = match AnswerKind::parse(kind).basic_field() {
                Some(field) => t!("apply-kind-top-hint", field = field),
                None => String::new(),
            };
            report.problems.push(Problem::item(
                n,
                "kind",
                t!(
                    "apply-no-question-kind",
                    kind = format!("{kind:?}"),
                    hint = top_hint
                ),
            ));
            None
        }
        several => {
            report.problems.push(Problem::item(
                n,
                "kind",
                t!(
                    "apply-kind-several",
                    count = several.len().to_string(),
                    kind = format!("{kind:?}"),
                    orders = orders_of(questions, several),
                    name_it = naming.name_it.as_str()
                ),
            ));
            None
        }
    }
}

/// Item `n`, located at question `index`: once per question, its kind matching the form's, its
/// answer checked and kept.
fn take_item(
    questions: &[Question],
    n: usize,
    obj: &Map<String, Value>,
    index: usize,
    r: &mut Resolved,
    report: &mut Report,
) {
    let q = &questions[index];
    if let Some(&prev) = r.source_of.get(&index) {
        report.problems.push(Problem::question(
            questions,
            index,
            "",
            t!(
                "apply-answered-twice",
                first = prev.to_string(),
                n = n.to_string()
            ),
        ));
        return;
    }
    r.source_of.insert(index, Source::Item(n));
    match obj.get("kind") {
        None | Some(Value::Null) => {}
        Some(Value::String(k)) if k == q.kind() => {}
        Some(v) => {
            let given = v
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| kinds::describe(v));
            report.problems.push(Problem::question(
                questions,
                index,
                "kind",
                t!(
                    "apply-kind-mismatch",
                    given = format!("{given:?}"),
                    kind = format!("{:?}", q.kind())
                ),
            ));
            return;
        }
    }
    let Some(answer) = obj.get("answer") else {
        report.problems.push(Problem::question(
            questions,
            index,
            "answer",
            t!("check-missing"),
        ));
        return;
    };
    let checked = check_answer(q, answer);
    record_checked(question_subject(questions, index), checked, false, report);
    r.answers.push(Answer {
        index,
        answer: answer.clone(),
    });
}

/// The path to send for a path value: a full `http(s)` `file_url` becomes its path part,
/// URL-decoded in variant A and as it is in variant B; a path is sent as given.
pub fn answer_path(value: &str, variant: Variant) -> String {
    let t = value.trim();
    if !kinds::is_http_url(t) {
        return t.to_string();
    }
    match variant {
        Variant::A => crate::api::uploads::file_url_path(t),
        Variant::B => raw_path_part(t),
    }
}

/// The path part of an address exactly as written (no decoding, no re-encoding).
fn raw_path_part(url: &str) -> String {
    let rest = match url.find("://") {
        Some(i) => &url[i + 3..],
        None => url,
    };
    let rest = rest.split(['?', '#']).next().unwrap_or("");
    match rest.find('/') {
        Some(i) => rest[i..].to_string(),
        None => "/".to_string(),
    }
}

/// The answers with their path values as the body of `variant` sends them: what the review
/// shows and `--save` keeps, not the upload's full (temporary) address.
pub(crate) fn as_sent(questions: &[Question], answers: &[Answer], variant: Variant) -> Vec<Answer> {
    answers
        .iter()
        .map(|a| Answer {
            index: a.index,
            answer: normalize_answer(
                &AnswerKind::parse(questions[a.index].kind()),
                &a.answer,
                variant,
            ),
        })
        .collect()
}

/// The variant a wizard's answers will most likely go as, before they are complete: B when
/// the form's questions carry no ids (variant A cannot address them).
pub(crate) fn likely_variant(questions: &[Question], requested: Variant) -> Variant {
    if !questions.is_empty() && questions.iter().all(|q| q.id.is_none()) {
        Variant::B
    } else {
        requested
    }
}

/// An answer with its path values (resume, profile image, file upload links) normalized.
pub fn normalize_answer(kind: &AnswerKind, answer: &Value, variant: Variant) -> Value {
    let mut a = answer.clone();
    if let (Some(field), Some(obj)) = (kind.path_field(), a.as_object_mut()) {
        match obj.get_mut(field) {
            Some(Value::String(s)) => *s = answer_path(s, variant),
            Some(Value::Array(items)) => {
                for it in items.iter_mut() {
                    if let Value::String(s) = it {
                        *s = answer_path(s, variant);
                    }
                }
            }
            _ => {}
        }
    }
    a
}

fn build_body(
    questions: &[Question],
    answers: &[Answer],
    variant: Variant,
    privacy: Option<bool>,
    top_level: &[(usize, &'static str)],
    loose: &[(&'static str, Value)],
) -> Value {
    // The top-level basic fields: in B those of `top_level`; in either variant the ones the
    // form has no question for.
    let mut basics = Map::new();
    let mut put = |kind: &str, answer: &Value| {
        let kind = AnswerKind::parse(kind);
        if let Some(field) = kind.basic_field() {
            if let Some(v) = normalize_answer(&kind, answer, variant).get(field) {
                basics.insert(field.to_string(), v.clone());
            }
        }
    };
    for (kind, answer) in loose {
        put(kind, answer);
    }
    if variant == Variant::B {
        for (index, _) in top_level {
            if let Some(a) = answers.iter().find(|a| a.index == *index) {
                put(questions[*index].kind(), &a.answer);
            }
        }
    }
    // The documented field order: name, email, phone, resume_path, privacy, questions.
    let mut body = Map::new();
    for (_, field) in BASIC_FIELDS {
        if let Some(v) = basics.remove(field) {
            body.insert(field.into(), v);
        }
    }
    // A always says `privacy` and sends every answer, by `question_id`; B says `privacy` when
    // given and sends, by `id`, the answers not already at the top level (no empty list).
    let (id_key, privacy) = match variant {
        Variant::A => ("question_id", Some(privacy.unwrap_or(false))),
        Variant::B => ("id", privacy),
    };
    if let Some(p) = privacy {
        body.insert("privacy".into(), Value::Bool(p));
    }
    let items: Vec<Value> = answers
        .iter()
        .filter(|a| variant == Variant::A || !top_level.iter().any(|(i, _)| *i == a.index))
        .map(|a| {
            let q = &questions[a.index];
            let kind = AnswerKind::parse(q.kind());
            let mut item = Map::new();
            item.insert(id_key.into(), json!(q.id));
            item.insert("kind".into(), json!(q.kind()));
            item.insert("answer".into(), normalize_answer(&kind, &a.answer, variant));
            Value::Object(item)
        })
        .collect();
    if variant == Variant::A || !items.is_empty() {
        body.insert("questions".into(), Value::Array(items));
    }
    Value::Object(body)
}

/// The start of an answers file's item for question `index`: its `question_id` when it has
/// one, else its `order`, and its `kind`.
fn naming_item(questions: &[Question], index: usize) -> Map<String, Value> {
    let q = &questions[index];
    let mut item = Map::new();
    match q.id {
        Some(id) => item.insert("question_id".into(), json!(id)),
        None => item.insert("order".into(), json!(order_of(questions, index))),
    };
    item.insert("kind".into(), json!(q.kind()));
    item
}

/// An answers file (valid input for `--answers`) from answers: each item names its question
/// by `question_id` when the question has one, else by `order`.
pub fn answers_file(questions: &[Question], answers: &[Answer], privacy: Option<bool>) -> Value {
    let items: Vec<Value> = answers
        .iter()
        .map(|a| {
            let mut item = naming_item(questions, a.index);
            item.insert("answer".into(), a.answer.clone());
            Value::Object(item)
        })
        .collect();
    let mut file = Map::new();
    if let Some(p) = privacy {
        file.insert("privacy".into(), Value::Bool(p));
    }
    file.insert("questions".into(), Value::Array(items));
    Value::Object(file)
}
