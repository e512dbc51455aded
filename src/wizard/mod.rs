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
//! refused with a sentence on a required one. Everything people read is in their language
//! ([`crate::t`]); the answers are the API's values whatever the language.

#[cfg(any(test, feature = "testing"))]
pub mod scripted;
pub mod session;
mod term;

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

pub use term::TermPrompt;

use crate::api::{ApplicationForm, Question};
use crate::apply::kinds::{
    check_element, check_span, is_http_url, span_start, ElementField, FieldType,
    DISABILITY_SEVERITIES, GENDERS, MILITARY_STATUSES,
};
use crate::apply::words::{entry_line, entry_noun, field_label, summarize, value_word, yes_no};
use crate::apply::{check_answer, in_order, order_of, Answer, AnswerKind};
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
pub(crate) type Uploader<'a> = dyn FnMut(&Path) -> Result<String, String> + 'a;

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
/// `answers` yet (all of them, in a new session; what is left, in a resumed one); then the
/// privacy consent unless `privacy` already holds it. Answers go into `answers` as they are
/// given, so a wizard stopped by Ctrl-C leaves what was answered so far (for `--save`).
pub fn collect(
    form: &ApplicationForm,
    p: &mut dyn Prompt,
    upload: &mut Uploader<'_>,
    answers: &mut Vec<Answer>,
    privacy: Option<bool>,
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
        if answers.iter().any(|a| a.index == i) {
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
        if let Some(answer) = answer_question(p, questions, i, None, upload)? {
            set_answer(questions, answers, i, Some(answer));
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
    let mut current = current.cloned();
    loop {
        let Some(answer) = ask(p, questions, i, current.as_ref(), upload)? else {
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
        current = Some(answer);
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

/// An optional choice of `values` for `key` of a yes/no answer's follow-ups, starting from
/// its current value; set in `obj` when one is chosen.
fn choose_into(
    p: &mut dyn Prompt,
    obj: &mut Map<String, Value>,
    current: Option<&Value>,
    prompt: &str,
    key: &str,
    values: &[&str],
) -> Step<()> {
    let now = current_text(current, key);
    if let Some(s) = choose(p, &format!("  {prompt}"), key, values, true, &now)? {
        obj.insert(key.into(), json!(s));
    }
    Ok(())
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

/// Ask question `i`, starting from `current`; `None` when skipped.
fn ask(
    p: &mut dyn Prompt,
    questions: &[Question],
    i: usize,
    current: Option<&Value>,
    upload: &mut Uploader<'_>,
) -> Step<Option<Value>> {
    let q = &questions[i];
    let kind = AnswerKind::parse(q.kind());
    let label = label(questions, i);
    let optional = !q.required();
    let options: Vec<String> = q.answer_options.clone().unwrap_or_default();
    use AnswerKind::*;
    match &kind {
        Textarea => textarea(p, q, &label, optional, &current_text(current, "value")),
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
            let links = repeat_text(p, &label, optional, &now, &|s| {
                first_problem(q, &json!({ "links": [s] }))
            })?;
            Ok(links.map(|l| json!({ "links": l })))
        }
        Resume | ProfileImg => {
            let field = kind.path_field().expect("path kind");
            let initial = current_text(current, field);
            Ok(file(
                p,
                &hinted(&label, t!("wizard-hint-file")),
                optional,
                &initial,
                upload,
            )?
            .map(|url| json!({ field: url })))
        }
        FileUpload => {
            let now = current_list(current, "links");
            file_uploads(p, &label, optional, &now, upload)
        }
        MilitaryService | VeteranAffair | Disability => flag(p, &kind, &label, optional, current),
        Experience | Education | Qualification | Training | Language => {
            group(p, &kind, &label, optional, current)
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
    let field = kind.answer_fields().expect("known kind")[0];
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
                .map_err(|e| t!("wizard-not-json", error = e.to_string()))?;
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

/// One or more files (each uploaded, or an uploaded path), asking after each for another;
/// changed, each of `now` is offered in turn (Enter keeps it).
fn file_uploads(
    p: &mut dyn Prompt,
    label: &str,
    optional: bool,
    now: &[String],
    upload: &mut Uploader<'_>,
) -> Step<Option<Value>> {
    let mut links: Vec<String> = Vec::new();
    loop {
        let prompt = if links.is_empty() {
            hinted(label, t!("wizard-hint-file"))
        } else {
            t!("wizard-another-file", label = label)
        };
        let initial = now.get(links.len()).map(String::as_str).unwrap_or("");
        match file(p, &prompt, optional || !links.is_empty(), initial, upload)? {
            Some(url) => links.push(url),
            None => break,
        }
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
    if applies {
        match kind {
            MilitaryService => {
                let prompt = t!("wizard-military-status");
                let status = MILITARY_STATUSES;
                choose_into(
                    p,
                    &mut obj,
                    current,
                    &prompt,
                    "military_service_status",
                    status,
                )?;
            }
            VeteranAffair => {
                let initial = current_text(current, "veteran_affair_code");
                let prompt = format!("  {}", t!("wizard-veteran-code"));
                let code = p.input(&prompt, &initial, &|s| {
                    if s.trim().is_empty() || crate::apply::kinds::check_veteran_code(s.trim()) {
                        Ok(())
                    } else {
                        Err(t!(
                            "wizard-veteran-code-shape",
                            value = format!("{:?}", s.trim())
                        ))
                    }
                })?;
                if !code.trim().is_empty() {
                    obj.insert("veteran_affair_code".into(), json!(code.trim()));
                }
            }
            _ => {
                let initial = current_text(current, "disability_type");
                let prompt = format!("  {}", t!("wizard-disability-type"));
                let kind_of = p.input(&prompt, &initial, &|_| Ok(()))?;
                if !kind_of.trim().is_empty() {
                    obj.insert("disability_type".into(), json!(kind_of.trim()));
                }
                let prompt = t!("wizard-disability-severity");
                let severity = DISABILITY_SEVERITIES;
                choose_into(
                    p,
                    &mut obj,
                    current,
                    &prompt,
                    "disability_severity",
                    severity,
                )?;
            }
        }
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
            Some(head) => lines.push(head.to_string()),
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
    upload: &mut Uploader<'_>,
) -> Step<Option<String>> {
    loop {
        let validate = |s: &str| -> Result<(), String> {
            let t = s.trim();
            if t.is_empty() {
                return empty_answer(optional);
            }
            let local = local_path(t);
            if local.is_file() {
                return Ok(());
            }
            if local.is_dir() {
                return Err(t!("wizard-file-is-dir", path = t));
            }
            if is_http_url(t) || t.starts_with('/') {
                return crate::apply::kinds::check_path_value(t);
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
            Err(e) if e == CANCELLED => return Err(Stop::Cancelled),
            Err(e) => p.say(&format!("  {}", t!("wizard-upload-failed", error = e))),
        }
    }
}

/// What an [`Uploader`] returns when the user interrupted the upload.
pub(crate) const CANCELLED: &str = "cancelled";

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
/// (fields pre-filled), deleted or added to.
fn group(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    label: &str,
    optional: bool,
    current: Option<&Value>,
) -> Step<Option<Value>> {
    let (field, spec) = kind.group().expect("group kind");
    let noun = entry_noun(kind);
    let mut items = current_entries(current, field);
    let g = Group {
        kind,
        spec,
        label,
        optional,
        noun: &noun,
    };
    if items.is_empty() {
        g.add(p, &mut items)?;
    } else {
        g.change(p, &mut items)?;
    }
    if items.is_empty() {
        return Ok(None);
    }
    Ok(Some(json!({ field: items })))
}

/// What the questions about a repeatable group's entries need.
struct Group<'a> {
    kind: &'a AnswerKind,
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
    /// Entry `number` (from 1), asked field by field, from `current` when it is edited.
    fn entry(
        &self,
        p: &mut dyn Prompt,
        number: usize,
        current: Option<&Map<String, Value>>,
    ) -> Step<Option<Map<String, Value>>> {
        say_under(
            p,
            t!("wizard-entry-number", noun = self.noun, number = number),
        );
        element(p, self.kind, self.spec, current)
    }

    /// No entries yet: ask for one (an optional group asks first whether there is any), then
    /// "add another?".
    fn add(&self, p: &mut dyn Prompt, items: &mut Vec<Map<String, Value>>) -> Step<()> {
        let first = t!("wizard-group-add-first", label = self.label);
        if self.optional && !p.confirm(&first, false)? {
            return Ok(());
        }
        if !self.optional {
            p.say(self.label);
        }
        loop {
            match self.entry(p, items.len() + 1, None)? {
                Some(obj) => items.push(obj),
                // Left empty at its first required field: no such entry after all.
                None if items.is_empty() && !self.optional => {
                    say_under(p, t!("wizard-group-required", noun = self.noun));
                    continue;
                }
                None => break,
            }
            let prompt = format!("  {}", t!("wizard-group-add-another", noun = self.noun));
            if !p.confirm(&prompt, false)? {
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
                    if let Some(obj) = self.entry(p, k + 1, Some(&items[k]))? {
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
                    if let Some(obj) = self.entry(p, items.len() + 1, None)? {
                        items.push(obj);
                    }
                }
            }
        }
    }
}

/// One entry of a group, field by field, each pre-filled from `current` when editing one.
/// A new entry is `None` when its first required field is left empty (started by mistake).
fn element(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    spec: &[ElementField],
    current: Option<&Map<String, Value>>,
) -> Step<Option<Map<String, Value>>> {
    let mut obj = Map::new();
    let first_required = spec.iter().position(|fs| {
        fs.required
            && matches!(
                fs.ty,
                FieldType::Str | FieldType::YearMonth | FieldType::Date
            )
    });
    let now = |name: &str| -> String {
        match current.and_then(|c| c.get(name)) {
            Some(Value::String(s)) => s.clone(),
            _ => String::new(),
        }
    };
    for (k, fs) in spec.iter().enumerate() {
        // Only a new entry can be dropped this way; an edited one is deleted from the menu.
        let leave = current.is_none() && Some(k) == first_required;
        let may_be_empty = !fs.required || leave;
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
                        return empty_answer(may_be_empty);
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
                let s = p.input(&prompt, &now(fs.name), &validate)?;
                if leave && s.trim().is_empty() {
                    return Ok(None);
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
                        return empty_answer(may_be_empty);
                    }
                    crate::apply::kinds::normalize_dated(fs.ty, t)?;
                    match &start {
                        Some(a) => check_span(fs.ty, a, t),
                        None => Ok(()),
                    }
                };
                let prompt = format!("    {}", with_leave(prompt));
                let s = p.input(&prompt, &now(fs.name), &validate)?;
                if leave && s.trim().is_empty() {
                    return Ok(None);
                }
                if let Ok(v) = crate::apply::kinds::normalize_dated(fs.ty, s.trim()) {
                    obj.insert(fs.name.into(), json!(v));
                }
            }
            FieldType::Bool => {
                let was = current
                    .and_then(|c| c.get(fs.name))
                    .and_then(Value::as_bool);
                let b = p.confirm(&format!("    {label}"), was.unwrap_or(false))?;
                obj.insert(fs.name.into(), Value::Bool(b));
            }
            FieldType::OneOf(values) => {
                let prompt = format!("    {label}");
                if let Some(v) = choose(p, &prompt, fs.name, values, !fs.required, &now(fs.name))? {
                    obj.insert(fs.name.into(), json!(v));
                }
            }
        }
    }
    keep_unasked(current, spec, &mut obj);
    Ok(Some(obj))
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
