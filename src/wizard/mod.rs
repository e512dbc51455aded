//! The interactive wizard of `recruit forms apply CODE` (no `--answers`, on a terminal).
//!
//! It walks the form's questions in `order` and builds the same answers the answers file
//! carries; every answer goes through [`crate::apply::check_answer`] (inline while typing, and
//! again once built), so wizard and file cannot disagree about what is valid. The prompts are
//! behind the [`Prompt`] trait: [`TermPrompt`] is dialoguer on the terminal; [`scripted::Scripted`]
//! answers from a script, for tests.
//!
//! Per kind: text input with inline validation; `Select` for radio/dropdown/gender; `MultiSelect`
//! for checkbox; a yes/no plus follow-ups for military service, veteran affair and disability;
//! entries for experience, education, qualification, training and language (added one after
//! another; when changed, kept, edited, deleted or added to); a local file for resume, profile
//! image and file upload is uploaded on the spot (a value starting with `http(s)://`, or with `/`
//! that is not a local file, is taken as already uploaded).
//!
//! Asked again (an answer changed after the review, or one refused), a question starts from
//! the answer it has: text is pre-filled, the choice or the ticks are the current ones, so Enter
//! keeps it. Unanswered, Enter skips an optional question (a choice starts on "skip") and is
//! refused with a sentence on a required one. Stopped inside a question asked in steps (Ctrl-C
//! at "add another school?"), what was given of it is kept and `--resume` goes on there (see
//! [`collect`]). Everything people read is in their language
//! ([`crate::t`]); the answers are the API's values whatever the language.

pub mod scripted;
pub mod session;
mod term;

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

pub use term::TermPrompt;

use crate::api::{ApplicationForm, Question};
use crate::apply::files::{file_hint, FileRule};
use crate::apply::kinds::{
    check_element, check_span, implied_bool, is_http_url, span_start, ElementField, FieldType,
    DISABILITY_SEVERITIES, GENDERS, MILITARY_STATUSES,
};
use crate::apply::words::{entry_line, entry_noun, field_label, summarize, value_word, yes_no};
use crate::apply::{check_answer, in_order, order_of, Answer, AnswerKind, Unfinished};
use crate::t;

/// Why the wizard stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C or Esc: nothing is sent.
    Cancelled,
    /// The terminal failed.
    Failed(String),
}

pub(crate) type Step<T> = Result<T, Stop>;

/// The check of a typed line (the empty one included): its error, a sentence saying why, is
/// shown under the prompt, which asks again.
pub(crate) type Check<'a> = &'a dyn Fn(&str) -> Result<(), String>;

/// The questions the wizard asks. Implemented by [`TermPrompt`]; tests can script it.
pub trait Prompt {
    /// A line of information (on stderr).
    fn say(&mut self, text: &str);
    /// A line of text, pre-filled with `initial` ("" for none) so that Enter keeps it.
    /// `validate` is called on each attempt with the raw text, empty or not, and its error
    /// shown; the question is then asked again.
    fn input(&mut self, prompt: &str, initial: &str, validate: Check<'_>) -> Step<String>;
    /// One of `items`, starting on `default`; returns its index.
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Step<usize>;
    /// Any of `items`, those `on` ticked to start with; returns their indices.
    fn multi_select(&mut self, prompt: &str, items: &[String], on: &[bool]) -> Step<Vec<usize>>;
    /// Yes or no, `default` on Enter.
    fn confirm(&mut self, prompt: &str, default: bool) -> Step<bool>;
    /// A dry run (`--dry-run`): a local file is not uploaded, and the answer names it by a
    /// stand-in ([`not_uploaded`]).
    fn dry_run(&self) -> bool {
        false
    }
}

/// The host of a dry run's stand-in for a file it did not upload: reserved (`.invalid`), so it
/// names no server.
const NOT_UPLOADED_HOST: &str = "not-uploaded.invalid";

/// A dry run's answer for the local file `path`, in place of the `file_url` an upload would
/// give: an address on [`NOT_UPLOADED_HOST`] whose path is the file's own, so the request the
/// dry run shows carries the local path where the uploaded file's path would be.
pub(crate) fn not_uploaded(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let encoded = url::Url::from_file_path(&abs)
        .map(|u| u.path().to_string())
        .unwrap_or_else(|_| abs.to_string_lossy().into_owned());
    format!("https://{NOT_UPLOADED_HOST}{encoded}")
}

/// The local files a dry run's answers name by stand-ins ([`not_uploaded`]), in order, once
/// each.
pub(crate) fn not_uploaded_in(v: &Value) -> Vec<PathBuf> {
    let mut found = Vec::new();
    collect_not_uploaded(v, &mut found);
    found
}

fn collect_not_uploaded(v: &Value, found: &mut Vec<PathBuf>) {
    match v {
        Value::String(s) => {
            let is_stand_in =
                url::Url::parse(s.trim()).is_ok_and(|u| u.host_str() == Some(NOT_UPLOADED_HOST));
            if is_stand_in {
                let p = PathBuf::from(crate::api::uploads::file_url_path(s.trim()));
                if !found.contains(&p) {
                    found.push(p);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_not_uploaded(i, found)),
        Value::Object(m) => m.values().for_each(|i| collect_not_uploaded(i, found)),
        _ => {}
    }
}

/// Uploads a local file and returns its `file_url`.
pub(crate) type Uploader<'a> = dyn FnMut(&Path) -> Result<String, UploadError> + 'a;

/// Why an upload gave no file URL: an interruption stops the wizard as at a prompt, a
/// failure is said and the question asked again (whatever its words, even "cancelled").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadError {
    /// The user interrupted it (Ctrl-C).
    Cancelled,
    /// It failed, for this reason (for people).
    Failed(String),
}

/// The questions the wizard can ask, in the form's order: those that carry an id, or whose
/// kind is one of the basic fields request variant B sends at the top level.
pub(crate) fn askable(questions: &[Question]) -> Vec<usize> {
    in_order(questions)
        .into_iter()
        .filter(|&i| {
            questions[i].id.is_some()
                || AnswerKind::parse(questions[i].kind())
                    .basic_field()
                    .is_some()
        })
        .collect()
}

/// Show the form's notes and ask every question that can be sent and has no answer in
/// `answers` yet (all of them, in a new session; what is left, in a resumed one), and the one
/// `unfinished` names (a resumed session stopped inside it) even though it has an answer;
/// then the privacy consent unless `privacy` already holds it. Answers go into `answers` as
/// they are given, so a wizard stopped by Ctrl-C leaves what was answered so far (for
/// `--save`). Stopped inside a question, the part of it that was finished (a group's entries,
/// links, a yes before its details) is put in `answers` when it is a valid answer on its own,
/// and `unfinished` says where it stopped, with the fields of a group's entry being typed:
/// nothing answered is lost, whatever key stopped it when.
pub fn collect(
    form: &ApplicationForm,
    p: &mut dyn Prompt,
    upload: &mut Uploader<'_>,
    answers: &mut Vec<Answer>,
    privacy: Option<bool>,
    unfinished: &mut Option<Unfinished>,
) -> Step<bool> {
    let questions: &[Question] = form.questions.as_deref().unwrap_or(&[]);
    let askable = askable(questions);
    let unaskable: Vec<usize> = in_order(questions)
        .into_iter()
        .filter(|i| !askable.contains(i))
        .collect();
    if !unaskable.is_empty() {
        let names: Vec<String> = unaskable
            .iter()
            .map(|&i| format!("{}. {}", order_of(questions, i), questions[i].title()))
            .collect();
        p.say(&t!(
            "wizard-unaskable",
            count = unaskable.len(),
            names = names.join("; ")
        ));
    }
    if questions.is_empty() {
        p.say(&t!("wizard-no-questions"));
    }
    for i in askable {
        let resumed = unfinished.take_if(|u| u.index == i);
        if resumed.is_none() && answers.iter().any(|a| a.index == i) {
            continue;
        }
        let q = &questions[i];
        if q.show_description.unwrap_or(false) {
            if let Some(d) = q.description.as_deref().filter(|d| !d.trim().is_empty()) {
                let text = crate::output::text::html_to_text(d, 78);
                for line in text.lines() {
                    p.say(&format!("  {line}"));
                }
            }
        }
        let now = answers
            .iter()
            .find(|a| a.index == i)
            .map(|a| a.answer.clone());
        let start = match &resumed {
            Some(u) => Start::Continue(now.as_ref(), u.entry.as_ref()),
            None => Start::From(None),
        };
        let mut partial = Partial::default();
        match answer_in(p, questions, i, start, upload, &mut partial) {
            Ok(answer) => set_answer(questions, answers, i, answer),
            Err(stop) => {
                let begun =
                    resumed.is_some() || partial.answer.is_some() || partial.entry.is_some();
                if let Some(a) = partial.answer.filter(|a| check_answer(q, a).is_ok()) {
                    set_answer(questions, answers, i, Some(a));
                }
                *unfinished = begun.then_some(Unfinished {
                    index: i,
                    entry: partial.entry,
                });
                return Err(stop);
            }
        }
    }
    match privacy {
        Some(b) => Ok(b),
        None => ask_privacy(p, false),
    }
}

/// The privacy consent question.
pub(crate) fn ask_privacy(p: &mut dyn Prompt, default: bool) -> Step<bool> {
    p.confirm(&t!("wizard-privacy"), default)
}

/// Ask question `i`, starting from `current` (its answer now, if any), until the answer passes
/// the same checks an answers file goes through; `None` when an optional question is skipped.
pub fn answer_question(
    p: &mut dyn Prompt,
    questions: &[Question],
    i: usize,
    current: Option<&Value>,
    upload: &mut Uploader<'_>,
) -> Step<Option<Value>> {
    answer_in(
        p,
        questions,
        i,
        Start::From(current),
        upload,
        &mut Partial::default(),
    )
}

/// How a question is asked.
#[derive(Clone, Copy)]
enum Start<'a> {
    /// From its answer now (changed after the review, or refused), or from nothing.
    From(Option<&'a Value>),
    /// Going on where a stopped session left it: its finished part (a group's entries) and
    /// the fields of the entry that was being typed.
    Continue(Option<&'a Value>, Option<&'a Map<String, Value>>),
}

impl<'a> Start<'a> {
    fn current(self) -> Option<&'a Value> {
        match self {
            Start::From(c) | Start::Continue(c, _) => c,
        }
    }
}

/// What a question being asked has of an answer so far, kept should the wizard stop inside
/// it: a group's finished entries, the links or files given, a yes before its details, a long
/// answer's first lines; and the fields of a group's entry being typed.
#[derive(Debug, Default)]
pub(crate) struct Partial {
    answer: Option<Value>,
    entry: Option<Map<String, Value>>,
}

/// [`answer_question`], starting as `start` says, keeping in `partial` what is answered.
fn answer_in(
    p: &mut dyn Prompt,
    questions: &[Question],
    i: usize,
    start: Start<'_>,
    upload: &mut Uploader<'_>,
    partial: &mut Partial,
) -> Step<Option<Value>> {
    let mut again: Option<Value> = None;
    loop {
        let from = match &again {
            Some(v) => Start::From(Some(v)),
            None => start,
        };
        let Some(answer) = ask(
            p,
            &questions[i],
            &label(questions, i),
            from,
            upload,
            partial,
        )?
        else {
            return Ok(None);
        };
        let checked = check_answer(&questions[i], &answer);
        if checked.is_ok() {
            return Ok(Some(answer));
        }
        for problem in &checked.problems {
            p.say(&format!(
                "  {}",
                t!("wizard-answer-again", problem = problem.message.clone())
            ));
        }
        // Asked again from what was given, not from scratch.
        again = Some(answer);
    }
}

/// Put the answer to question `i` in its place (the form's order), or take it out (`None`).
pub(crate) fn set_answer(
    questions: &[Question],
    answers: &mut Vec<Answer>,
    i: usize,
    value: Option<Value>,
) {
    answers.retain(|a| a.index != i);
    if let Some(answer) = value {
        answers.push(Answer { index: i, answer });
    }
    let order = in_order(questions);
    answers.sort_by_key(|a| order.iter().position(|&j| j == a.index));
}

/// A question's title for people: its own, or its kind when it has none.
fn title_of(q: &Question) -> &str {
    if q.title().trim().is_empty() {
        q.kind()
    } else {
        q.title()
    }
}

/// The items of "which answer?" after the review: every askable question with its answer now.
pub(crate) fn edit_items(
    questions: &[Question],
    answers: &[Answer],
    privacy: bool,
) -> (Vec<usize>, Vec<String>) {
    let asks = askable(questions);
    let mut items: Vec<String> = asks
        .iter()
        .map(|&i| {
            let q = &questions[i];
            let now = answers
                .iter()
                .find(|a| a.index == i)
                .map(|a| summarize(&AnswerKind::parse(q.kind()), &a.answer))
                .unwrap_or_else(|| t!("wizard-not-answered"));
            crate::output::text::one_line(
                &format!("{}. {}: {now}", order_of(questions, i), title_of(q)),
                100,
            )
        })
        .collect();
    items.push(t!("wizard-privacy-item", answer = yes_no(privacy)));
    (asks, items)
}

/// The prompt of question `i`: `3. Desired salary (optional)`.
fn label(questions: &[Question], i: usize) -> String {
    let q = &questions[i];
    let label = format!("{}. {}", order_of(questions, i), title_of(q));
    if q.required() {
        label
    } else {
        t!("wizard-optional", label = label)
    }
}

/// `label (hint)`.
fn hinted(label: &str, hint: String) -> String {
    format!("{label} {hint}")
}

/// The first problem `check_answer` finds with `answer`, as an inline message.
fn first_problem(q: &Question, answer: &Value) -> Result<(), String> {
    match check_answer(q, answer).problems.into_iter().next() {
        None => Ok(()),
        Some(p) => Err(p.message),
    }
}

/// The follow-ups of a yes to a yes/no kind, asked into `obj`: each starts from its value in
/// the current answer, and is kept under its key when one is given.
struct Details<'a> {
    p: &'a mut dyn Prompt,
    current: Option<&'a Value>,
    obj: Map<String, Value>,
}

impl Details<'_> {
    /// An optional choice of `values`.
    fn choose(&mut self, prompt: &str, key: &str, values: &[&str]) -> Step<()> {
        let now = current_text(self.current, key);
        if let Some(s) = choose(self.p, &format!("  {prompt}"), key, values, true, &now)? {
            self.obj.insert(key.into(), json!(s));
        }
        Ok(())
    }

    /// A line of text that `check` accepts; left out when blank.
    fn text(&mut self, prompt: &str, key: &str, check: Check<'_>) -> Step<()> {
        let initial = current_text(self.current, key);
        let s = self.p.input(&format!("  {prompt}"), &initial, check)?;
        if !s.trim().is_empty() {
            self.obj.insert(key.into(), json!(s.trim()));
        }
        Ok(())
    }
}

/// A field of the current answer as text to pre-fill (a number as its digits).
fn current_text(current: Option<&Value>, field: &str) -> String {
    match current.and_then(|c| c.get(field)) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// A field of the current answer as a list of strings.
fn current_list(current: Option<&Value>, field: &str) -> Vec<String> {
    current
        .and_then(|c| c.get(field))
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Ask question `q` (its prompt: `label`) as `start` says; `None` when skipped.
fn ask(
    p: &mut dyn Prompt,
    q: &Question,
    label: &str,
    start: Start<'_>,
    upload: &mut Uploader<'_>,
    partial: &mut Partial,
) -> Step<Option<Value>> {
    let current = start.current();
    let kind = AnswerKind::parse(q.kind());
    let label = label.to_string();
    let optional = !q.required();
    let options: Vec<String> = q.answer_options.clone().unwrap_or_default();
    use AnswerKind::*;
    match &kind {
        Textarea => textarea(
            p,
            q,
            &label,
            optional,
            &current_text(current, "value"),
            partial,
        ),
        Name | Email | Phone | Address | Text | DateType | Birth | ExperienceTotal
        | DesiredSalary | CurrentSalary => one_line_field(p, q, &kind, &label, optional, current),
        Gender => {
            let now = current_text(current, "gender");
            Ok(choose(p, &label, "gender", GENDERS, optional, &now)?
                .map(|g| json!({ "gender": g })))
        }
        Radio | Dropdown if !options.is_empty() => {
            let opts: Vec<&str> = options.iter().map(String::as_str).collect();
            let now = current_text(current, "value");
            Ok(choose(p, &label, "value", &opts, optional, &now)?.map(|v| json!({ "value": v })))
        }
        Radio | Dropdown => {
            let initial = current_text(current, "value");
            text(p, q, &label, optional, &initial, &|s| {
                Ok(json!({ "value": s }))
            })
        }
        Checkbox if !options.is_empty() => {
            let now = current_list(current, "values");
            checkboxes(p, &label, &options, optional, &now)
        }
        Checkbox => comma_list(p, q, &label, optional, current),
        Link => {
            let now = current_list(current, "links");
            let links = repeat_text(p, &label, optional, &now, partial, &|s| {
                first_problem(q, &json!({ "links": [s] }))
            })?;
            Ok(links.map(|l| json!({ "links": l })))
        }
        Resume | ProfileImg => {
            let field = kind
                .path_field()
                .unwrap_or_else(|| crate::error::bug(crate::t!("bug-answer-kind")));
            let initial = current_text(current, field);
            let rule = FileRule::of(q.description.as_deref());
            Ok(file(
                p,
                &hinted(&label, file_hint(rule.as_ref())),
                optional,
                &initial,
                rule.as_ref(),
                upload,
            )?
            .map(|url| json!({ field: url })))
        }
        FileUpload => {
            let now = current_list(current, "links");
            let rule = FileRule::of(q.description.as_deref());
            let files = Files {
                label: &label,
                optional,
                rule: rule.as_ref(),
            };
            file_uploads(p, &files, &now, upload, partial)
        }
        MilitaryService | VeteranAffair | Disability => {
            flag(p, &kind, &label, optional, current, partial)
        }
        Experience | Education | Qualification | Training | Language => {
            group(p, &kind, &label, optional, start, partial)
        }
        Other(k) => json_answer(p, q, k, &label, optional, current),
    }
}

/// A one-line answer in a field of its own (`name`, `birth`, a salary): dates hinted and
/// normalised; a whole number (months of experience, a salary) read with `1,200` and
/// `1_200` as 1200.
fn one_line_field(
    p: &mut dyn Prompt,
    q: &Question,
    kind: &AnswerKind,
    label: &str,
    optional: bool,
    current: Option<&Value>,
) -> Step<Option<Value>> {
    use AnswerKind::*;
    let field = kind
        .answer_fields()
        .unwrap_or_else(|| crate::error::bug(crate::t!("bug-answer-kind")))[0];
    let prompt = match kind {
        Birth | DateType => hinted(label, t!("wizard-hint-date")),
        ExperienceTotal => hinted(label, t!("wizard-hint-months")),
        _ => label.to_string(),
    };
    let initial = current_text(current, field);
    text(p, q, &prompt, optional, &initial, &|s| {
        let value = match kind {
            // A date typed as 2021.03.15 or 2021/03/15 is kept as 2021-03-15.
            DateType => json!(crate::apply::kinds::normalize_dated(FieldType::Date, s)
                .unwrap_or_else(|_| s.to_string())),
            ExperienceTotal | DesiredSalary | CurrentSalary => {
                let n: i64 = s
                    .replace([',', '_'], "")
                    .parse()
                    .map_err(|_| t!("wizard-not-a-number", value = format!("{s:?}")))?;
                json!(n)
            }
            _ => json!(s),
        };
        Ok(json!({ field: value }))
    })
}

/// Checkbox values typed comma-separated, when the question lists no options.
fn comma_list(
    p: &mut dyn Prompt,
    q: &Question,
    label: &str,
    optional: bool,
    current: Option<&Value>,
) -> Step<Option<Value>> {
    let initial = current_list(current, "values").join(", ");
    text(
        p,
        q,
        &hinted(label, t!("wizard-hint-comma")),
        optional,
        &initial,
        &|s| {
            let values: Vec<&str> = s
                .split(',')
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .collect();
            Ok(json!({ "values": values }))
        },
    )
}

/// The answer of a kind the wizard does not know, typed as a JSON object.
fn json_answer(
    p: &mut dyn Prompt,
    q: &Question,
    kind: &str,
    label: &str,
    optional: bool,
    current: Option<&Value>,
) -> Step<Option<Value>> {
    let initial = current.map(Value::to_string).unwrap_or_default();
    text(
        p,
        q,
        &hinted(label, t!("wizard-hint-json", kind = kind)),
        optional,
        &initial,
        &|s| {
            let v: Value = serde_json::from_str(s)
                .map_err(|e| t!("wizard-not-json", error = crate::error::cause_of(&e).said()))?;
            if v.is_object() {
                Ok(v)
            } else {
                Err(t!("wizard-not-json-object"))
            }
        },
    )
}

/// Ticked choices among the question's options (those of `now` ticked to start with); none
/// ticked skips an optional question.
fn checkboxes(
    p: &mut dyn Prompt,
    label: &str,
    options: &[String],
    optional: bool,
    now: &[String],
) -> Step<Option<Value>> {
    let ticked: Vec<bool> = options.iter().map(|o| now.contains(o)).collect();
    loop {
        let picked = p.multi_select(&hinted(label, t!("wizard-hint-tick")), options, &ticked)?;
        if picked.is_empty() {
            if optional {
                return Ok(None);
            }
            p.say(&format!("  {}", t!("wizard-choose-one")));
            continue;
        }
        let values: Vec<&String> = picked.iter().map(|&k| &options[k]).collect();
        return Ok(Some(json!({ "values": values })));
    }
}

/// A file-upload question: its label, whether it may be skipped, the types and size its form
/// asks for.
struct Files<'a> {
    label: &'a str,
    optional: bool,
    rule: Option<&'a FileRule>,
}

/// One or more files (each uploaded, or an uploaded path), asking after each for another;
/// changed, each of `now` is offered in turn (Enter keeps it).
fn file_uploads(
    p: &mut dyn Prompt,
    f: &Files<'_>,
    now: &[String],
    upload: &mut Uploader<'_>,
    partial: &mut Partial,
) -> Step<Option<Value>> {
    let mut links: Vec<String> = Vec::new();
    loop {
        let prompt = if links.is_empty() {
            hinted(f.label, file_hint(f.rule))
        } else {
            t!("wizard-another-file", label = f.label)
        };
        let initial = now.get(links.len()).map(String::as_str).unwrap_or("");
        let may_skip = f.optional || !links.is_empty();
        match file(p, &prompt, may_skip, initial, f.rule, upload)? {
            Some(url) => links.push(url),
            None => break,
        }
        partial.answer = Some(json!({ "links": links }));
        let more = links.len() < now.len();
        if !p.confirm(&format!("  {}", t!("wizard-add-another-file")), more)? {
            break;
        }
    }
    if links.is_empty() {
        return Ok(None);
    }
    Ok(Some(json!({ "links": links })))
}

/// The yes/no kinds (military service, veteran affair, disability) and their details.
fn flag(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    label: &str,
    optional: bool,
    current: Option<&Value>,
    partial: &mut Partial,
) -> Step<Option<Value>> {
    use AnswerKind::*;
    let now = current
        .and_then(|c| c.get("checked"))
        .and_then(Value::as_bool);
    let applies = match yes_no_skip(p, label, optional, now)? {
        None => return Ok(None),
        Some(b) => b,
    };
    let mut obj = Map::new();
    obj.insert("checked".into(), Value::Bool(applies));
    // The yes is kept should the wizard stop at a detail.
    partial.answer = Some(Value::Object(obj.clone()));
    if applies {
        let mut d = Details { p, current, obj };
        match kind {
            MilitaryService => d.choose(
                &t!("wizard-military-status"),
                "military_service_status",
                MILITARY_STATUSES,
            )?,
            VeteranAffair => d.text(&t!("wizard-veteran-code"), "veteran_affair_code", &|s| {
                if s.trim().is_empty() || crate::apply::kinds::check_veteran_code(s.trim()) {
                    Ok(())
                } else {
                    Err(t!(
                        "wizard-veteran-code-shape",
                        value = format!("{:?}", s.trim())
                    ))
                }
            })?,
            _ => {
                d.text(
                    &t!("wizard-disability-type"),
                    "disability_type",
                    &|_| Ok(()),
                )?;
                partial.answer = Some(Value::Object(d.obj.clone()));
                d.choose(
                    &t!("wizard-disability-severity"),
                    "disability_severity",
                    DISABILITY_SEVERITIES,
                )?;
            }
        }
        obj = d.obj;
    }
    Ok(Some(Value::Object(obj)))
}

/// The refusal of an empty answer to a required question, or Ok when it may be skipped.
fn empty_answer(may_skip: bool) -> Result<(), String> {
    if may_skip {
        Ok(())
    } else {
        Err(t!("wizard-required"))
    }
}

/// A text answer, pre-filled with `initial`: `build` turns the trimmed text into the answer,
/// which `check_answer` checks inline. Empty input skips an optional question.
fn text(
    p: &mut dyn Prompt,
    q: &Question,
    prompt: &str,
    optional: bool,
    initial: &str,
    build: &dyn Fn(&str) -> Result<Value, String>,
) -> Step<Option<Value>> {
    let validate = |s: &str| -> Result<(), String> {
        let t = s.trim();
        if t.is_empty() {
            return empty_answer(optional);
        }
        first_problem(q, &build(t)?)
    };
    let s = p.input(prompt, initial, &validate)?;
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    build(t).map(Some).map_err(Stop::Failed)
}

/// A textarea answer: lines ending in `\` continue on the next prompt, so an answer can have
/// several lines (a terminal prompt ends at Enter). The whole text is checked at its last line.
/// Changed, each line of `initial` is offered in turn, ending in `\` when more follow, so
/// Enter on each keeps the text.
fn textarea(
    p: &mut dyn Prompt,
    q: &Question,
    label: &str,
    optional: bool,
    initial: &str,
    partial: &mut Partial,
) -> Step<Option<Value>> {
    let before: Vec<&str> = if initial.is_empty() {
        Vec::new()
    } else {
        initial.split('\n').collect()
    };
    let mut lines: Vec<String> = Vec::new();
    loop {
        let first = lines.is_empty();
        let prompt = if first {
            hinted(label, t!("wizard-hint-lines"))
        } else {
            "  ...".to_string()
        };
        let k = lines.len();
        let pre = match before.get(k) {
            Some(l) if k + 1 < before.len() => format!("{l}\\"),
            Some(l) => l.to_string(),
            None => String::new(),
        };
        let whole = |last: &str| -> String {
            let mut all = lines.clone();
            all.push(last.to_string());
            all.join("\n").trim().to_string()
        };
        let validate = |s: &str| -> Result<(), String> {
            if s.trim_end().ends_with('\\') {
                return Ok(());
            }
            let t = whole(s);
            if t.is_empty() {
                return empty_answer(optional);
            }
            first_problem(q, &json!({ "value": t }))
        };
        let s = p.input(&prompt, &pre, &validate)?;
        match s.trim_end().strip_suffix('\\') {
            Some(head) => {
                lines.push(head.to_string());
                let so_far = lines.join("\n").trim().to_string();
                partial.answer = (!so_far.is_empty()).then(|| json!({ "value": so_far }));
            }
            None => {
                let t = whole(&s);
                return Ok((!t.is_empty()).then(|| json!({ "value": t })));
            }
        }
    }
}

/// Several links, one per prompt, with "add another?"; changed, each of `now` is offered in
/// turn (Enter keeps it).
fn repeat_text(
    p: &mut dyn Prompt,
    label: &str,
    optional: bool,
    now: &[String],
    partial: &mut Partial,
    validate_one: &dyn Fn(&str) -> Result<(), String>,
) -> Step<Option<Vec<String>>> {
    let mut out: Vec<String> = Vec::new();
    loop {
        let may_skip = optional || !out.is_empty();
        let prompt = if out.is_empty() {
            label.to_string()
        } else {
            t!("wizard-another-link", label = label)
        };
        let validate = |s: &str| -> Result<(), String> {
            let t = s.trim();
            if t.is_empty() {
                return empty_answer(may_skip);
            }
            validate_one(t)
        };
        let initial = now.get(out.len()).map(String::as_str).unwrap_or("");
        let s = p.input(&prompt, initial, &validate)?;
        if s.trim().is_empty() {
            break;
        }
        out.push(s.trim().to_string());
        partial.answer = Some(json!({ "links": out }));
        let more = out.len() < now.len();
        if !p.confirm(&format!("  {}", t!("wizard-add-another-link")), more)? {
            break;
        }
    }
    Ok(if out.is_empty() { None } else { Some(out) })
}

/// One of `values` (the API's values of `field`, shown in words), starting on `now` when it is
/// one of them. An optional choice starts with "skip", where it starts when unanswered, so
/// Enter skips it.
fn choose(
    p: &mut dyn Prompt,
    label: &str,
    field: &str,
    values: &[&str],
    optional: bool,
    now: &str,
) -> Step<Option<String>> {
    let offset = usize::from(optional);
    let mut items: Vec<String> = Vec::new();
    if optional {
        items.push(t!("wizard-skip"));
    }
    items.extend(values.iter().map(|v| value_word(field, v)));
    let default = values
        .iter()
        .position(|v| *v == now)
        .map(|k| k + offset)
        .unwrap_or(0);
    let k = p.select(label, &items, default)?;
    Ok(match k.checked_sub(offset) {
        Some(v) if v < values.len() => Some(values[v].to_string()),
        _ => None,
    })
}

/// Yes/no for a required question; skip/yes/no for an optional one (starting on skip when
/// unanswered).
fn yes_no_skip(
    p: &mut dyn Prompt,
    label: &str,
    optional: bool,
    now: Option<bool>,
) -> Step<Option<bool>> {
    let prompt = t!("wizard-applies", label = label);
    if !optional {
        return p.confirm(&prompt, now.unwrap_or(false)).map(Some);
    }
    let items = vec![t!("wizard-skip"), yes_no(true), yes_no(false)];
    let default = match now {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    };
    Ok(match p.select(&prompt, &items, default)? {
        1 => Some(true),
        2 => Some(false),
        _ => None,
    })
}

/// A file for a path answer, pre-filled with `initial`: a local file is uploaded now and its
/// `file_url` returned; an `http(s)` address, or a `/path` that is not a local file, is taken
/// as already uploaded.
fn file(
    p: &mut dyn Prompt,
    prompt: &str,
    optional: bool,
    initial: &str,
    rule: Option<&FileRule>,
    upload: &mut Uploader<'_>,
) -> Step<Option<String>> {
    loop {
        // A file of a type or size the form does not take is refused here, before it goes up.
        let validate = |s: &str| -> Result<(), String> {
            let t = s.trim();
            if t.is_empty() {
                return empty_answer(optional);
            }
            let local = local_path(t);
            if local.is_file() {
                return match rule {
                    Some(r) => r.check_file(&local),
                    None => Ok(()),
                };
            }
            if local.is_dir() {
                return Err(t!("wizard-file-is-dir", path = t));
            }
            if is_http_url(t) || t.starts_with('/') {
                crate::apply::kinds::check_path_value(t)?;
                return match rule {
                    Some(r) => r.check_name(&crate::api::uploads::file_url_path(t)),
                    None => Ok(()),
                };
            }
            Err(t!("wizard-no-such-file", path = t))
        };
        let s = p.input(prompt, initial, &validate)?;
        let t = s.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let local = local_path(t);
        if !local.is_file() {
            return Ok(Some(t.to_string()));
        }
        if p.dry_run() {
            let bytes = std::fs::metadata(&local).map_or(0, |m| m.len());
            p.say(&format!(
                "  {}",
                t!(
                    "wizard-not-uploaded",
                    path = local.display().to_string(),
                    bytes = bytes
                )
            ));
            return Ok(Some(not_uploaded(&local)));
        }
        p.say(&format!(
            "  {}",
            t!("wizard-uploading", path = local.display().to_string())
        ));
        match upload(&local) {
            Ok(url) => {
                p.say(&format!(
                    "  {}",
                    t!(
                        "wizard-uploaded",
                        path = crate::api::uploads::file_url_path(&url)
                    )
                ));
                return Ok(Some(url));
            }
            Err(UploadError::Cancelled) => return Err(Stop::Cancelled),
            Err(UploadError::Failed(e)) => {
                p.say(&format!("  {}", t!("wizard-upload-failed", error = e)))
            }
        }
    }
}

/// `~/x` expanded to the home directory.
fn local_path(s: &str) -> PathBuf {
    if let Some(rest) = s.strip_prefix("~/") {
        if let Some(home) = directories::BaseDirs::new() {
            return home.home_dir().join(rest);
        }
    }
    PathBuf::from(s)
}

/// The entries of a repeatable answer now (objects only).
fn current_entries(current: Option<&Value>, field: &str) -> Vec<Map<String, Value>> {
    current
        .and_then(|c| c.get(field))
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_object().cloned()).collect())
        .unwrap_or_default()
}

/// A repeatable group. Unanswered: one entry after another, each field checked as it is typed.
/// With entries (changing an answer): they are listed, and kept (Enter), edited one at a time
/// (fields pre-filled), deleted or added to. Going on where a stopped session left it: the
/// entries kept are listed, the entry that was being typed is finished, then "add another?".
/// Each finished entry goes into `partial` at once, and the entry being typed on a stop.
fn group(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    label: &str,
    optional: bool,
    start: Start<'_>,
    partial: &mut Partial,
) -> Step<Option<Value>> {
    let (field, spec) = kind
        .group()
        .unwrap_or_else(|| crate::error::bug(crate::t!("bug-answer-kind")));
    let noun = entry_noun(kind);
    let mut items = current_entries(start.current(), field);
    let g = Group {
        kind,
        field,
        spec,
        label,
        optional,
        noun: &noun,
    };
    match start {
        Start::Continue(_, entry) => g.go_on(p, &mut items, entry, partial)?,
        Start::From(_) if items.is_empty() => g.add(p, &mut items, partial)?,
        Start::From(_) => g.change(p, &mut items)?,
    }
    if items.is_empty() {
        return Ok(None);
    }
    Ok(Some(json!({ field: items })))
}

/// What the questions about a repeatable group's entries need.
struct Group<'a> {
    kind: &'a AnswerKind,
    /// The answer's field holding the entries (`educations`).
    field: &'a str,
    spec: &'a [ElementField],
    label: &'a str,
    optional: bool,
    /// What one entry is called ("experience", "경력").
    noun: &'a str,
}

/// A line under the group's label.
fn say_under(p: &mut dyn Prompt, text: String) {
    p.say(&format!("  {text}"));
}

impl Group<'_> {
    /// Entry `number` (from 1), asked field by field into `obj`, from `current` when it is
    /// edited or was begun. A new entry may be left (`Ok(false)`) at its first required field
    /// when `may_leave`.
    fn entry(
        &self,
        p: &mut dyn Prompt,
        number: usize,
        current: Fields<'_>,
        obj: &mut Map<String, Value>,
    ) -> Step<bool> {
        say_under(
            p,
            t!("wizard-entry-number", noun = self.noun, number = number),
        );
        element(p, self.kind, self.spec, current, obj)
    }

    /// The entries so far, as the answer kept should the wizard stop.
    fn keep(&self, items: &[Map<String, Value>], partial: &mut Partial) {
        partial.answer = (!items.is_empty()).then(|| json!({ self.field: items }));
    }

    /// No entries yet: ask for one (an optional group asks first whether there is any), then
    /// "add another?".
    fn add(
        &self,
        p: &mut dyn Prompt,
        items: &mut Vec<Map<String, Value>>,
        partial: &mut Partial,
    ) -> Step<()> {
        let first = t!("wizard-group-add-first", label = self.label);
        if self.optional && !p.confirm(&first, false)? {
            return Ok(());
        }
        if !self.optional {
            p.say(self.label);
        }
        self.entries(p, items, None, partial)
    }

    /// A stopped session's group: its entries listed, the entry begun finished, then more.
    fn go_on(
        &self,
        p: &mut dyn Prompt,
        items: &mut Vec<Map<String, Value>>,
        begun: Option<&Map<String, Value>>,
        partial: &mut Partial,
    ) -> Step<()> {
        self.keep(items, partial);
        p.say(self.label);
        for (k, it) in items.iter().enumerate() {
            let line = entry_line(self.kind, &Value::Object(it.clone()));
            p.say(&format!("  {}. {line}", k + 1));
        }
        if begun.is_none() && !items.is_empty() && !self.add_another(p)? {
            return Ok(());
        }
        self.entries(p, items, begun, partial)
    }

    /// "Add another school?"
    fn add_another(&self, p: &mut dyn Prompt) -> Step<bool> {
        let prompt = format!("  {}", t!("wizard-group-add-another", noun = self.noun));
        p.confirm(&prompt, false)
    }

    /// New entries, the first from `begun` when a stopped session had begun it, each followed
    /// by "add another?". The first entry of a required group cannot be left.
    fn entries(
        &self,
        p: &mut dyn Prompt,
        items: &mut Vec<Map<String, Value>>,
        mut begun: Option<&Map<String, Value>>,
        partial: &mut Partial,
    ) -> Step<()> {
        loop {
            let mut obj = Map::new();
            let new = Fields::New {
                begun: begun.take(),
                may_leave: self.optional || !items.is_empty(),
                noun: self.noun,
            };
            match self.entry(p, items.len() + 1, new, &mut obj) {
                Ok(true) => {
                    items.push(obj);
                    self.keep(items, partial);
                    partial.entry = None;
                }
                Ok(false) => break,
                Err(stop) => {
                    partial.entry = Some(obj);
                    return Err(stop);
                }
            }
            if !self.add_another(p)? {
                break;
            }
        }
        Ok(())
    }

    /// Entries there: list them and offer keep (the default), edit, delete, add, until kept.
    fn change(&self, p: &mut dyn Prompt, items: &mut Vec<Map<String, Value>>) -> Step<()> {
        loop {
            p.say(self.label);
            let lines: Vec<String> = items
                .iter()
                .map(|it| entry_line(self.kind, &Value::Object(it.clone())))
                .collect();
            for (k, line) in lines.iter().enumerate() {
                p.say(&format!("  {}. {line}", k + 1));
            }
            let menu = vec![
                t!("wizard-group-keep", count = items.len()),
                t!("wizard-group-edit"),
                t!("wizard-group-delete"),
                t!("wizard-group-add"),
            ];
            let pick_one = |p: &mut dyn Prompt, prompt: String| -> Step<usize> {
                if lines.len() == 1 {
                    return Ok(0);
                }
                let numbered: Vec<String> = lines
                    .iter()
                    .enumerate()
                    .map(|(k, l)| format!("{}. {l}", k + 1))
                    .collect();
                p.select(&prompt, &numbered, 0)
            };
            match p.select(&format!("  {}", t!("wizard-group-what")), &menu, 0)? {
                0 => return Ok(()),
                1 => {
                    let k = pick_one(p, format!("  {}", t!("wizard-group-which-edit")))?;
                    let mut obj = Map::new();
                    if self.entry(p, k + 1, Fields::Edit(&items[k]), &mut obj)? {
                        items[k] = obj;
                    }
                }
                2 => {
                    if !self.optional && items.len() == 1 {
                        say_under(p, t!("wizard-group-keep-one", noun = self.noun));
                        continue;
                    }
                    let k = pick_one(p, format!("  {}", t!("wizard-group-which-delete")))?;
                    items.remove(k);
                    say_under(p, t!("wizard-group-deleted", line = lines[k].clone()));
                    if items.is_empty() {
                        return Ok(());
                    }
                }
                _ => {
                    let mut obj = Map::new();
                    let new = Fields::New {
                        begun: None,
                        may_leave: true,
                        noun: self.noun,
                    };
                    if self.entry(p, items.len() + 1, new, &mut obj)? {
                        items.push(obj);
                    }
                }
            }
        }
    }
}

/// Where an entry's fields start from.
#[derive(Clone, Copy)]
enum Fields<'a> {
    /// An entry there, edited: each field pre-filled; it cannot be left (the menu deletes).
    Edit(&'a Map<String, Value>),
    /// A new entry, its fields pre-filled from what a stopped session had `begun`; left empty
    /// at its first required field it is no entry after all when `may_leave`, and is refused
    /// with a sentence naming the `noun` when not (a required group's first).
    New {
        begun: Option<&'a Map<String, Value>>,
        may_leave: bool,
        noun: &'a str,
    },
}

impl<'a> Fields<'a> {
    fn current(self) -> Option<&'a Map<String, Value>> {
        match self {
            Fields::Edit(m) => Some(m),
            Fields::New { begun, .. } => begun,
        }
    }
}

/// One entry of a group, field by field into `obj`, each pre-filled from what `from` has.
/// `Ok(false)` when a new entry is left empty at its first required field (started by
/// mistake). Stopped, `obj` holds the fields answered and, after them, those not asked yet as
/// they were, so that the entry goes on from there.
fn element(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    spec: &[ElementField],
    from: Fields<'_>,
    obj: &mut Map<String, Value>,
) -> Step<bool> {
    let current = from.current();
    let first_required = spec.iter().position(|fs| {
        fs.required
            && matches!(
                fs.ty,
                FieldType::Str | FieldType::YearMonth | FieldType::Date
            )
    });
    for (k, fs) in spec.iter().enumerate() {
        let asked = element_field(p, kind, fs, from, Some(k) == first_required, obj);
        match asked {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(stop) => {
                for rest in &spec[k..] {
                    if let Some(v) = current.and_then(|c| c.get(rest.name)) {
                        obj.insert(rest.name.into(), v.clone());
                    }
                }
                keep_unasked(current, spec, obj);
                return Err(stop);
            }
        }
    }
    keep_unasked(current, spec, obj);
    Ok(true)
}

/// One field `fs` of an entry into `obj`; `Ok(false)` when a new entry is left at it (`first`:
/// its first required field).
fn element_field(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    fs: &ElementField,
    from: Fields<'_>,
    first: bool,
    obj: &mut Map<String, Value>,
) -> Step<bool> {
    let current = from.current();
    let now = match current.and_then(|c| c.get(fs.name)) {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    // Only a new entry can be dropped this way; an edited one is deleted from the menu. The
    // first entry of a required group cannot be dropped: its prompt does not offer it.
    let (leave, refuse_empty) = match from {
        Fields::New {
            may_leave, noun, ..
        } if first => (may_leave, (!may_leave).then_some(noun)),
        _ => (false, None),
    };
    let empty = || -> Result<(), String> {
        match refuse_empty {
            Some(noun) => Err(t!("wizard-group-required", noun = noun)),
            None => empty_answer(!fs.required || leave),
        }
    };
    let label = field_label(kind, fs.name);
    let with_leave = |prompt: String| -> String {
        if leave {
            t!("wizard-entry-leave", prompt = prompt)
        } else {
            prompt
        }
    };
    match fs.ty {
        FieldType::Str => {
            let prompt = if fs.required {
                label
            } else {
                t!("wizard-optional", label = label)
            };
            let validate = |s: &str| -> Result<(), String> {
                let t = s.trim();
                if t.is_empty() {
                    return empty();
                }
                let mut one = Map::new();
                one.insert(fs.name.into(), json!(t));
                match check_element(&one, std::slice::from_ref(fs))
                    .into_iter()
                    .next()
                {
                    None => Ok(()),
                    Some(issue) => Err(issue.message),
                }
            };
            let prompt = format!("    {}", with_leave(prompt));
            let s = p.input(&prompt, &now, &validate)?;
            if leave && s.trim().is_empty() {
                return Ok(false);
            }
            if !s.trim().is_empty() {
                obj.insert(fs.name.into(), json!(s.trim()));
            }
        }
        FieldType::YearMonth | FieldType::Date => {
            let shape = crate::apply::kinds::dated_shape(fs.ty);
            let prompt = if fs.required {
                t!("wizard-field-dated", label = label, shape = shape)
            } else {
                t!("wizard-field-dated-optional", label = label, shape = shape)
            };
            // An end is checked against its start as it is typed, by the answers file's rule.
            let start = span_start(fs.name)
                .and_then(|s| obj.get(s))
                .and_then(Value::as_str)
                .map(str::to_string);
            let validate = |s: &str| -> Result<(), String> {
                let t = s.trim();
                if t.is_empty() {
                    return empty();
                }
                crate::apply::kinds::normalize_dated(fs.ty, t)?;
                match &start {
                    Some(a) => check_span(fs.ty, a, t),
                    None => Ok(()),
                }
            };
            let prompt = format!("    {}", with_leave(prompt));
            let s = p.input(&prompt, &now, &validate)?;
            if leave && s.trim().is_empty() {
                return Ok(false);
            }
            if let Ok(v) = crate::apply::kinds::normalize_dated(fs.ty, s.trim()) {
                obj.insert(fs.name.into(), json!(v));
            }
        }
        FieldType::Bool => {
            let was = current
                .and_then(|c| c.get(fs.name))
                .and_then(Value::as_bool);
            // What the fields before it say (a graduation date: graduated) comes first.
            let default = implied_bool(fs.name, obj).or(was).unwrap_or(false);
            let b = p.confirm(&format!("    {label}"), default)?;
            obj.insert(fs.name.into(), Value::Bool(b));
        }
        FieldType::OneOf(values) => {
            let prompt = format!("    {label}");
            if let Some(v) = choose(p, &prompt, fs.name, values, !fs.required, &now)? {
                obj.insert(fs.name.into(), json!(v));
            }
        }
    }
    Ok(true)
}

/// Fields this tool does not ask about are kept as they were.
fn keep_unasked(
    current: Option<&Map<String, Value>>,
    spec: &[ElementField],
    obj: &mut Map<String, Value>,
) {
    for (k, v) in current.into_iter().flatten() {
        if !spec.iter().any(|fs| fs.name == k) {
            obj.insert(k.clone(), v.clone());
        }
    }
}

/// The review table: order, question, answer in words (plus the privacy consent).
pub fn review(
    questions: &[Question],
    answers: &[Answer],
    privacy: Option<bool>,
    width: u16,
) -> String {
    use comfy_table::{ContentArrangement, Table};
    let mut t = Table::new();
    // A rule under the header and nothing else, like the tool's list tables.
    t.load_preset("    ───            ")
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width)
        .force_no_tty()
        .set_header(vec![
            "#".to_string(),
            t!("review-question"),
            t!("review-answer"),
        ]);
    for a in answers {
        let q = &questions[a.index];
        let kind = AnswerKind::parse(q.kind());
        t.add_row(vec![
            order_of(questions, a.index).to_string(),
            title_of(q).to_string(),
            crate::output::text::one_line(&summarize(&kind, &a.answer), 300),
        ]);
    }
    if let Some(p) = privacy {
        t.add_row(vec![String::new(), t!("review-privacy"), yes_no(p)]);
    }
    let skipped: Vec<String> = in_order(questions)
        .into_iter()
        .filter(|i| !answers.iter().any(|a| a.index == *i))
        .map(|i| order_of(questions, i).to_string())
        .collect();
    let mut s: String = t
        .to_string()
        .lines()
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    if !skipped.is_empty() {
        s.push_str(&t!("review-not-answered", orders = skipped.join(", ")));
        s.push('\n');
    }
    s
}
