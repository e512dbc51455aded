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
//! "add another?" groups for experience, education, qualification, training and language; a
//! local file for resume, profile image and file upload is uploaded on the spot (a value starting
//! with `http(s)://`, or with `/` that is not a local file, is taken as already uploaded).
//! Optional questions can be skipped (empty input, or a "skip" choice).

#[cfg(any(test, feature = "testing"))]
pub mod scripted;
pub mod session;

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use crate::api::{ApplicationForm, Question};
use crate::apply::kinds::{
    check_element, is_http_url, ElementField, FieldType, DISABILITY_SEVERITIES, GENDERS,
    MILITARY_STATUSES,
};
use crate::apply::{check_answer, in_order, order_of, summarize, Answer, AnswerKind};

/// Why the wizard stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C or Esc: nothing is sent.
    Cancelled,
    /// The terminal failed.
    Failed(String),
}

pub(crate) type Step<T> = Result<T, Stop>;

/// The inline check of a typed line: its error is shown under the prompt, which asks again.
pub(crate) type Check<'a> = &'a dyn Fn(&str) -> Result<(), String>;

/// The questions the wizard asks. Implemented by [`TermPrompt`]; tests can script it.
pub trait Prompt {
    /// A line of information (on stderr).
    fn say(&mut self, text: &str);
    /// A line of text. `validate` is called on each attempt (with the raw text) and its error
    /// shown inline; an empty answer is accepted only with `allow_empty`.
    fn input(&mut self, prompt: &str, allow_empty: bool, validate: Check<'_>) -> Step<String>;
    /// One of `items`; returns its index.
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Step<usize>;
    /// Any of `items`; returns their indices.
    fn multi_select(&mut self, prompt: &str, items: &[String]) -> Step<Vec<usize>>;
    /// Yes or no.
    fn confirm(&mut self, prompt: &str, default: bool) -> Step<bool>;
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

/// Show the form and ask every question that can be sent; then the privacy consent, which is
/// returned. Answers go into `answers` as they are given, so a wizard stopped by Ctrl-C leaves
/// what was answered so far (for `--save`).
pub fn collect(
    form: &ApplicationForm,
    p: &mut dyn Prompt,
    upload: &mut Uploader<'_>,
    answers: &mut Vec<Answer>,
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
        p.say(&format!(
            "note: {} question(s) carry no id and cannot be answered through the API, so they are skipped: {}",
            unaskable.len(),
            names.join("; ")
        ));
    }
    if questions.is_empty() {
        p.say("note: the form lists no questions");
    }
    for i in askable {
        let q = &questions[i];
        if q.show_description.unwrap_or(false) {
            if let Some(d) = q.description.as_deref().filter(|d| !d.trim().is_empty()) {
                let text = crate::output::text::html_to_text(d, 78);
                for line in text.lines() {
                    p.say(&format!("  {line}"));
                }
            }
        }
        if let Some(answer) = answer_question(p, questions, i, upload)? {
            answers.push(Answer { index: i, answer });
        }
    }
    ask_privacy(p, false)
}

/// The privacy consent question.
pub(crate) fn ask_privacy(p: &mut dyn Prompt, default: bool) -> Step<bool> {
    p.confirm(
        "Do you consent to the collection and use of optional personal information (privacy)?",
        default,
    )
}

/// Ask question `i` until its answer passes the same checks an answers file goes through;
/// `None` when an optional question is skipped.
pub(crate) fn answer_question(
    p: &mut dyn Prompt,
    questions: &[Question],
    i: usize,
    upload: &mut Uploader<'_>,
) -> Step<Option<Value>> {
    loop {
        let Some(answer) = ask(p, questions, i, upload)? else {
            return Ok(None);
        };
        let checked = check_answer(&questions[i], &answer);
        if checked.is_ok() {
            return Ok(Some(answer));
        }
        for problem in &checked.problems {
            p.say(&format!("  {problem}; please answer again"));
        }
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
                .unwrap_or_else(|| "not answered".to_string());
            crate::output::text::safe_line(&crate::output::text::one_line(
                &format!("{}. {}: {now}", order_of(questions, i), q.title()),
                100,
            ))
            .into_owned()
        })
        .collect();
    items.push(format!(
        "privacy consent: {}",
        if privacy { "yes" } else { "no" }
    ));
    (asks, items)
}

/// The prompt of question `i`: `3. Desired salary (optional)`.
fn label(questions: &[Question], i: usize) -> String {
    let q = &questions[i];
    let title = if q.title().trim().is_empty() {
        q.kind()
    } else {
        q.title()
    };
    let opt = if q.required() { "" } else { " (optional)" };
    format!("{}. {title}{opt}", order_of(questions, i))
}

/// The first problem `check_answer` finds with `answer`, as an inline message.
fn first_problem(q: &Question, answer: &Value) -> Result<(), String> {
    match check_answer(q, answer).problems.into_iter().next() {
        None => Ok(()),
        Some(p) => Err(p.message),
    }
}

/// Ask question `i`; `None` when skipped.
fn ask(
    p: &mut dyn Prompt,
    questions: &[Question],
    i: usize,
    upload: &mut Uploader<'_>,
) -> Step<Option<Value>> {
    let q = &questions[i];
    let kind = AnswerKind::parse(q.kind());
    let label = label(questions, i);
    let optional = !q.required();
    let options: Vec<String> = q.answer_options.clone().unwrap_or_default();
    use AnswerKind::*;
    match &kind {
        Textarea => textarea(p, q, &label, optional),
        Name | Email | Phone | Address | Text | DateType | Birth => {
            let field = kind.answer_fields().expect("known kind")[0];
            let hint = match kind {
                Birth | DateType => " (YYYY-MM-DD)",
                _ => "",
            };
            text(p, q, &format!("{label}{hint}"), optional, &|s| {
                // A date typed as 2021.03.15 or 2021/03/15 is kept as 2021-03-15.
                let s = match kind {
                    DateType => crate::apply::kinds::normalize_dated(
                        crate::apply::kinds::FieldType::Date,
                        s,
                    )
                    .unwrap_or_else(|_| s.to_string()),
                    _ => s.to_string(),
                };
                Ok(json!({ field: s }))
            })
        }
        ExperienceTotal | DesiredSalary | CurrentSalary => {
            let field = kind.answer_fields().expect("known kind")[0];
            let hint = if kind == ExperienceTotal {
                " (months)"
            } else {
                ""
            };
            text(p, q, &format!("{label}{hint}"), optional, &|s| {
                let n: i64 = s
                    .replace([',', '_'], "")
                    .parse()
                    .map_err(|_| format!("{s:?} is not a whole number"))?;
                Ok(json!({ field: n }))
            })
        }
        Gender => Ok(choose(p, &label, GENDERS, optional)?.map(|g| json!({ "gender": g }))),
        Radio | Dropdown if !options.is_empty() => {
            let opts: Vec<&str> = options.iter().map(String::as_str).collect();
            Ok(choose(p, &label, &opts, optional)?.map(|v| json!({ "value": v })))
        }
        Radio | Dropdown => text(p, q, &label, optional, &|s| Ok(json!({ "value": s }))),
        Checkbox if !options.is_empty() => checkboxes(p, &label, &options, optional),
        Checkbox => text(
            p,
            q,
            &format!("{label} (comma-separated)"),
            optional,
            &|s| {
                let values: Vec<&str> = s
                    .split(',')
                    .map(str::trim)
                    .filter(|x| !x.is_empty())
                    .collect();
                Ok(json!({ "values": values }))
            },
        ),
        Link => {
            let links = repeat_text(p, &label, optional, "link", &|s| {
                first_problem(q, &json!({ "links": [s] }))
            })?;
            Ok(links.map(|l| json!({ "links": l })))
        }
        Resume | ProfileImg => {
            let field = kind.path_field().expect("path kind");
            Ok(file(
                p,
                &format!("{label} (file to upload, or uploaded path)"),
                optional,
                upload,
            )?
            .map(|url| json!({ field: url })))
        }
        FileUpload => file_uploads(p, &label, optional, upload),
        MilitaryService | VeteranAffair | Disability => flag(p, &kind, &label, optional),
        Experience | Education | Qualification | Training | Language => {
            group(p, &kind, &label, optional)
        }
        Other(k) => text(
            p,
            q,
            &format!("{label} (kind {k}: the answer as a JSON object)"),
            optional,
            &|s| {
                let v: Value = serde_json::from_str(s).map_err(|e| format!("not JSON: {e}"))?;
                if v.is_object() {
                    Ok(v)
                } else {
                    Err("must be a JSON object".into())
                }
            },
        ),
    }
}

/// Ticked choices among the question's options; none ticked skips an optional question.
fn checkboxes(
    p: &mut dyn Prompt,
    label: &str,
    options: &[String],
    optional: bool,
) -> Step<Option<Value>> {
    loop {
        let picked = p.multi_select(
            &format!("{label} (space to tick, enter to accept)"),
            options,
        )?;
        if picked.is_empty() {
            if optional {
                return Ok(None);
            }
            p.say("  choose at least one");
            continue;
        }
        let values: Vec<&String> = picked.iter().map(|&k| &options[k]).collect();
        return Ok(Some(json!({ "values": values })));
    }
}

/// One or more files (each uploaded, or an uploaded path), asking after each for another.
fn file_uploads(
    p: &mut dyn Prompt,
    label: &str,
    optional: bool,
    upload: &mut Uploader<'_>,
) -> Step<Option<Value>> {
    let mut links: Vec<String> = Vec::new();
    loop {
        let prompt = if links.is_empty() {
            format!("{label} (file to upload, or uploaded path)")
        } else {
            format!("{label}: another file")
        };
        match file(p, &prompt, optional || !links.is_empty(), upload)? {
            Some(url) => links.push(url),
            None => break,
        }
        if !p.confirm("  Add another file?", false)? {
            break;
        }
    }
    if links.is_empty() {
        return Ok(None);
    }
    Ok(Some(json!({ "links": links })))
}

/// The yes/no kinds (military service, veteran affair, disability) and their details.
fn flag(p: &mut dyn Prompt, kind: &AnswerKind, label: &str, optional: bool) -> Step<Option<Value>> {
    use AnswerKind::*;
    let applies = match yes_no_skip(p, label, optional)? {
        None => return Ok(None),
        Some(b) => b,
    };
    let mut obj = Map::new();
    obj.insert("checked".into(), Value::Bool(applies));
    if applies {
        match kind {
            MilitaryService => {
                if let Some(s) = choose(p, "  Service status", MILITARY_STATUSES, true)? {
                    obj.insert("military_service_status".into(), json!(s));
                }
            }
            VeteranAffair => {
                let code = p.input("  Veteran affair code, 00-000000 (optional)", true, &|s| {
                    if s.trim().is_empty() || crate::apply::kinds::check_veteran_code(s.trim()) {
                        Ok(())
                    } else {
                        Err("two digits, a hyphen and six digits (00-000000)".into())
                    }
                })?;
                if !code.trim().is_empty() {
                    obj.insert("veteran_affair_code".into(), json!(code.trim()));
                }
            }
            _ => {
                let t = p.input("  Type of disability (optional)", true, &|_| Ok(()))?;
                if !t.trim().is_empty() {
                    obj.insert("disability_type".into(), json!(t.trim()));
                }
                if let Some(s) = choose(p, "  Severity", DISABILITY_SEVERITIES, true)? {
                    obj.insert("disability_severity".into(), json!(s));
                }
            }
        }
    }
    Ok(Some(Value::Object(obj)))
}

/// What an empty answer means: a skip when the question may be skipped, else "required".
fn empty_answer(may_skip: bool) -> Result<(), String> {
    if may_skip {
        Ok(())
    } else {
        Err("required".into())
    }
}

/// A text answer: `build` turns the trimmed text into the answer, which `check_answer` checks
/// inline. Empty input skips an optional question.
fn text(
    p: &mut dyn Prompt,
    q: &Question,
    prompt: &str,
    optional: bool,
    build: &dyn Fn(&str) -> Result<Value, String>,
) -> Step<Option<Value>> {
    let validate = |s: &str| -> Result<(), String> {
        let t = s.trim();
        if t.is_empty() {
            return empty_answer(optional);
        }
        first_problem(q, &build(t)?)
    };
    let s = p.input(prompt, optional, &validate)?;
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    build(t).map(Some).map_err(Stop::Failed)
}

/// A textarea answer: lines ending in `\` continue on the next prompt, so an answer can have
/// several lines (a terminal prompt ends at Enter). The whole text is checked at its last line.
fn textarea(p: &mut dyn Prompt, q: &Question, label: &str, optional: bool) -> Step<Option<Value>> {
    let mut lines: Vec<String> = Vec::new();
    loop {
        let first = lines.is_empty();
        let prompt = if first {
            format!("{label} (end a line with \\ to write another)")
        } else {
            "  ...".to_string()
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
        let s = p.input(&prompt, optional || !first, &validate)?;
        match s.trim_end().strip_suffix('\\') {
            Some(head) => lines.push(head.to_string()),
            None => {
                let t = whole(&s);
                return Ok((!t.is_empty()).then(|| json!({ "value": t })));
            }
        }
    }
}

/// Several text values, one per prompt, with "add another?".
fn repeat_text(
    p: &mut dyn Prompt,
    label: &str,
    optional: bool,
    noun: &str,
    validate_one: &dyn Fn(&str) -> Result<(), String>,
) -> Step<Option<Vec<String>>> {
    let mut out: Vec<String> = Vec::new();
    loop {
        let may_skip = optional || !out.is_empty();
        let prompt = if out.is_empty() {
            label.to_string()
        } else {
            format!("{label}: another {noun}")
        };
        let validate = |s: &str| -> Result<(), String> {
            let t = s.trim();
            if t.is_empty() {
                return empty_answer(may_skip);
            }
            validate_one(t)
        };
        let s = p.input(&prompt, may_skip, &validate)?;
        if s.trim().is_empty() {
            break;
        }
        out.push(s.trim().to_string());
        if !p.confirm(&format!("  Add another {noun}?"), false)? {
            break;
        }
    }
    Ok(if out.is_empty() { None } else { Some(out) })
}

/// One of `values`, with a "skip" entry when `optional`.
fn choose(
    p: &mut dyn Prompt,
    label: &str,
    values: &[&str],
    optional: bool,
) -> Step<Option<String>> {
    let mut items: Vec<String> = values.iter().map(|s| s.to_string()).collect();
    if optional {
        items.push("(skip)".into());
    }
    let k = p.select(label, &items, 0)?;
    Ok(if k < values.len() {
        Some(values[k].to_string())
    } else {
        None
    })
}

/// Yes/no for a required question; yes/no/skip for an optional one.
fn yes_no_skip(p: &mut dyn Prompt, label: &str, optional: bool) -> Step<Option<bool>> {
    if !optional {
        return p
            .confirm(&format!("{label}: does it apply to you?"), false)
            .map(Some);
    }
    let items = vec!["yes".to_string(), "no".to_string(), "(skip)".to_string()];
    Ok(
        match p.select(&format!("{label}: does it apply to you?"), &items, 1)? {
            0 => Some(true),
            1 => Some(false),
            _ => None,
        },
    )
}

/// A file for a path answer: a local file is uploaded now and its `file_url` returned; an
/// `http(s)` address, or a `/path` that is not a local file, is taken as already uploaded.
fn file(
    p: &mut dyn Prompt,
    prompt: &str,
    optional: bool,
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
                return Err(format!("{t} is a directory"));
            }
            if is_http_url(t) || t.starts_with('/') {
                return crate::apply::kinds::check_path_value(t);
            }
            Err(format!("no such file: {t}"))
        };
        let s = p.input(prompt, optional, &validate)?;
        let t = s.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let local = local_path(t);
        if !local.is_file() {
            return Ok(Some(t.to_string()));
        }
        p.say(&format!("  uploading {} ...", local.display()));
        match upload(&local) {
            Ok(url) => {
                p.say(&format!(
                    "  uploaded: {}",
                    crate::api::uploads::file_url_path(&url)
                ));
                return Ok(Some(url));
            }
            Err(e) if e == CANCELLED => return Err(Stop::Cancelled),
            Err(e) => p.say(&format!(
                "  upload failed: {e}; try again, or give another file"
            )),
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

fn noun(kind: &AnswerKind) -> &'static str {
    match kind {
        AnswerKind::Experience => "experience",
        AnswerKind::Education => "education",
        AnswerKind::Qualification => "qualification",
        AnswerKind::Training => "training",
        _ => "language",
    }
}

/// A repeatable group: one element after another, each field checked as it is typed.
fn group(
    p: &mut dyn Prompt,
    kind: &AnswerKind,
    label: &str,
    optional: bool,
) -> Step<Option<Value>> {
    let (field, spec) = kind.group().expect("group kind");
    let noun = noun(kind);
    if optional && !p.confirm(&format!("{label}: add {}?", article(noun)), false)? {
        return Ok(None);
    }
    if !optional {
        p.say(label);
    }
    let mut items = Vec::new();
    loop {
        p.say(&format!("  {noun} #{}", items.len() + 1));
        match element(p, spec)? {
            Some(obj) => items.push(Value::Object(obj)),
            // Left empty at its first required field: no such entry after all.
            None if items.is_empty() && !optional => {
                p.say(&format!("  at least one {noun} is required"));
                continue;
            }
            None => break,
        }
        if !p.confirm(&format!("  Add another {noun}?"), false)? {
            break;
        }
    }
    if items.is_empty() {
        return Ok(None);
    }
    Ok(Some(json!({ field: items })))
}

fn article(noun: &str) -> String {
    crate::apply::kinds::with_article(noun)
}

/// One element of a group, field by field; `None` when its first required field is left
/// empty (an entry started by mistake).
fn element(p: &mut dyn Prompt, spec: &[ElementField]) -> Step<Option<Map<String, Value>>> {
    let mut obj = Map::new();
    let first_required = spec.iter().position(|fs| {
        fs.required
            && matches!(
                fs.ty,
                FieldType::Str | FieldType::YearMonth | FieldType::Date
            )
    });
    for (k, fs) in spec.iter().enumerate() {
        let leave = Some(k) == first_required;
        let done = if leave { " (empty: no such entry)" } else { "" };
        match fs.ty {
            FieldType::Str => {
                let opt = if fs.required { "" } else { " (optional)" };
                let validate = |s: &str| -> Result<(), String> {
                    let mut one = Map::new();
                    let t = s.trim();
                    if !t.is_empty() {
                        one.insert(fs.name.into(), json!(t));
                    }
                    match check_element(&one, std::slice::from_ref(fs))
                        .into_iter()
                        .next()
                    {
                        None => Ok(()),
                        Some(issue) if issue.message == "missing" => Err("required".into()),
                        Some(issue) => Err(issue.message),
                    }
                };
                let validate = |s: &str| -> Result<(), String> {
                    if leave && s.trim().is_empty() {
                        return Ok(());
                    }
                    validate(s)
                };
                let s = p.input(
                    &format!("    {}{opt}{done}", fs.label),
                    !fs.required || leave,
                    &validate,
                )?;
                if leave && s.trim().is_empty() {
                    return Ok(None);
                }
                if !s.trim().is_empty() {
                    obj.insert(fs.name.into(), json!(s.trim()));
                }
            }
            FieldType::YearMonth | FieldType::Date => {
                let opt = if fs.required { "" } else { ", optional" };
                let shape = crate::apply::kinds::dated_shape(fs.ty);
                let validate = |s: &str| -> Result<(), String> {
                    match s.trim() {
                        "" if !fs.required || leave => Ok(()),
                        "" => Err("required".into()),
                        t => crate::apply::kinds::normalize_dated(fs.ty, t).map(|_| ()),
                    }
                };
                let label = fs.label.split(" (").next().unwrap_or(fs.label);
                let s = p.input(
                    &format!("    {label} ({shape}{opt}){done}"),
                    !fs.required || leave,
                    &validate,
                )?;
                if leave && s.trim().is_empty() {
                    return Ok(None);
                }
                if let Ok(v) = crate::apply::kinds::normalize_dated(fs.ty, s.trim()) {
                    obj.insert(fs.name.into(), json!(v));
                }
            }
            FieldType::Bool => {
                let b = p.confirm(&format!("    {}?", fs.label), false)?;
                obj.insert(fs.name.into(), Value::Bool(b));
            }
            FieldType::OneOf(values) => {
                if let Some(v) = choose(p, &format!("    {}", fs.label), values, !fs.required)? {
                    obj.insert(fs.name.into(), json!(v));
                }
            }
        }
    }
    Ok(Some(obj))
}

/// The review table: order, question, answer (plus the privacy consent).
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
        .set_header(vec!["#", "QUESTION", "ANSWER"]);
    for a in answers {
        let q = &questions[a.index];
        let kind = AnswerKind::parse(q.kind());
        t.add_row(vec![
            order_of(questions, a.index).to_string(),
            format!("{} ({})", q.title(), q.kind()),
            crate::output::text::one_line(&summarize(&kind, &a.answer), 300),
        ]);
    }
    if let Some(p) = privacy {
        t.add_row(vec![
            String::new(),
            "privacy consent".to_string(),
            if p { "yes" } else { "no" }.to_string(),
        ]);
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
        s.push_str(&format!("not answered: {}\n", skipped.join(", ")));
    }
    s
}

/// dialoguer on the terminal (stderr).
pub(crate) struct TermPrompt {
    theme: Box<dyn dialoguer::theme::Theme>,
    term: console::Term,
    interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl TermPrompt {
    /// `ColorfulTheme` when colour is allowed, else `SimpleTheme`.
    pub(crate) fn new(color: bool) -> TermPrompt {
        let theme: Box<dyn dialoguer::theme::Theme> = if color {
            Box::new(dialoguer::theme::ColorfulTheme::default())
        } else {
            Box::new(dialoguer::theme::SimpleTheme)
        };
        TermPrompt {
            theme,
            term: console::Term::stderr(),
            interrupt: None,
        }
    }

    /// Treat `flag` (set by a Ctrl-C handler) as a cancellation before every prompt, so a
    /// Ctrl-C that arrives between prompts is not lost.
    pub(crate) fn with_interrupt(
        mut self,
        flag: std::sync::Arc<std::sync::atomic::AtomicBool>,
    ) -> Self {
        self.interrupt = Some(flag);
        self
    }

    fn check(&self) -> Step<()> {
        match &self.interrupt {
            Some(f) if f.load(std::sync::atomic::Ordering::SeqCst) => Err(Stop::Cancelled),
            _ => Ok(()),
        }
    }
}

/// Map a dialoguer failure: Ctrl-C is a cancellation.
fn stop(e: dialoguer::Error) -> Stop {
    let dialoguer::Error::IO(e) = e;
    if e.kind() == std::io::ErrorKind::Interrupted {
        Stop::Cancelled
    } else {
        Stop::Failed(format!("cannot read the answer from the terminal: {e}"))
    }
}

/// Titles, options and descriptions come from the service (written by anyone who edits a
/// form): they reach the terminal with control characters escaped, here in one place.
fn shown(s: &str) -> String {
    crate::output::text::safe_line(s).into_owned()
}

fn shown_all(items: &[String]) -> Vec<String> {
    items.iter().map(|s| shown(s)).collect()
}

impl Prompt for TermPrompt {
    fn say(&mut self, text: &str) {
        let _ = self
            .term
            .write_line(&crate::output::text::safe_text(text, true));
    }

    fn input(&mut self, prompt: &str, allow_empty: bool, validate: Check<'_>) -> Step<String> {
        self.check()?;
        dialoguer::Input::<String>::with_theme(&*self.theme)
            .with_prompt(shown(prompt))
            .allow_empty(allow_empty)
            .validate_with(|s: &String| validate(s))
            .interact_text_on(&self.term)
            .map_err(stop)
    }

    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Step<usize> {
        self.check()?;
        dialoguer::Select::with_theme(&*self.theme)
            .with_prompt(shown(prompt))
            .items(&shown_all(items))
            .default(default)
            .interact_on_opt(&self.term)
            .map_err(stop)?
            .ok_or(Stop::Cancelled)
    }

    fn multi_select(&mut self, prompt: &str, items: &[String]) -> Step<Vec<usize>> {
        self.check()?;
        dialoguer::MultiSelect::with_theme(&*self.theme)
            .with_prompt(shown(prompt))
            .items(&shown_all(items))
            .interact_on_opt(&self.term)
            .map_err(stop)?
            .ok_or(Stop::Cancelled)
    }

    fn confirm(&mut self, prompt: &str, default: bool) -> Step<bool> {
        self.check()?;
        dialoguer::Confirm::with_theme(&*self.theme)
            .with_prompt(shown(prompt))
            .default(default)
            .wait_for_newline(true)
            .interact_on_opt(&self.term)
            .map_err(stop)?
            .ok_or(Stop::Cancelled)
    }
}

impl Drop for TermPrompt {
    fn drop(&mut self) {
        // A prompt interrupted by Ctrl-C may leave the cursor hidden.
        let _ = self.term.show_cursor();
    }
}
