//! The answer shapes of the apply endpoint, one per question kind, and the check of one answer against
//! its question (kind, required, answer options).
//!
//! Everything here is pure: the answers-file path and the wizard both call [`check_answer`], so
//! the two cannot disagree about what a valid answer is.

use std::fmt;

use serde_json::{Map, Value};

use crate::api::Question;
use crate::t;

/// The question kinds the API documents. Kinds the spec does not list are kept as `Other` and their
/// answers are passed through with a warning (the service may know kinds we don't).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnswerKind {
    Name,
    Email,
    Phone,
    Resume,
    ExperienceTotal,
    DesiredSalary,
    CurrentSalary,
    Gender,
    Birth,
    ProfileImg,
    Address,
    Experience,
    Education,
    Qualification,
    Training,
    Language,
    MilitaryService,
    VeteranAffair,
    Disability,
    Text,
    Textarea,
    Dropdown,
    Radio,
    DateType,
    Checkbox,
    Link,
    FileUpload,
    Other(String),
}

pub use recruit_client::api::types::KNOWN_KINDS;

/// Values of `gender`.
pub const GENDERS: &[&str] = &["male", "female"];
/// Values of `military_service_status`.
pub const MILITARY_STATUSES: &[&str] = &["complete", "incomplete", "exemption", "in_service"];
/// Values of `disability_severity`.
pub const DISABILITY_SEVERITIES: &[&str] = &["mild", "serious"];
/// Values of a qualification's `kind` (`award` is a certification, `certificate` a prize: shown
/// to people in words, see [`super::words::value_word`]).
pub(crate) const QUALIFICATION_KINDS: &[&str] = &["award", "certificate"];

impl AnswerKind {
    pub fn parse(s: &str) -> AnswerKind {
        use AnswerKind::*;
        match s {
            "name" => Name,
            "email" => Email,
            "phone" => Phone,
            "resume" => Resume,
            "experience_total" => ExperienceTotal,
            "desired_salary" => DesiredSalary,
            "current_salary" => CurrentSalary,
            "gender" => Gender,
            "birth" => Birth,
            "profile_img" => ProfileImg,
            "address" => Address,
            "experience" => Experience,
            "education" => Education,
            "qualification" => Qualification,
            "training" => Training,
            "language" => Language,
            "military_service" => MilitaryService,
            "veteran_affair" => VeteranAffair,
            "disability" => Disability,
            "text" => Text,
            "textarea" => Textarea,
            "dropdown" => Dropdown,
            "radio" => Radio,
            "date_type" => DateType,
            "checkbox" => Checkbox,
            "link" => Link,
            "file_upload" => FileUpload,
            other => Other(other.to_string()),
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        use AnswerKind::*;
        match self {
            Name => "name",
            Email => "email",
            Phone => "phone",
            Resume => "resume",
            ExperienceTotal => "experience_total",
            DesiredSalary => "desired_salary",
            CurrentSalary => "current_salary",
            Gender => "gender",
            Birth => "birth",
            ProfileImg => "profile_img",
            Address => "address",
            Experience => "experience",
            Education => "education",
            Qualification => "qualification",
            Training => "training",
            Language => "language",
            MilitaryService => "military_service",
            VeteranAffair => "veteran_affair",
            Disability => "disability",
            Text => "text",
            Textarea => "textarea",
            Dropdown => "dropdown",
            Radio => "radio",
            DateType => "date_type",
            Checkbox => "checkbox",
            Link => "link",
            FileUpload => "file_upload",
            Other(s) => s,
        }
    }

    /// The four answers variant B sends at the top level, and the top-level field each becomes.
    pub(crate) fn basic_field(&self) -> Option<&'static str> {
        match self {
            AnswerKind::Name => Some("name"),
            AnswerKind::Email => Some("email"),
            AnswerKind::Phone => Some("phone"),
            AnswerKind::Resume => Some("resume_path"),
            _ => None,
        }
    }

    /// The fields an answer of this kind may carry; `None` for unknown kinds.
    pub(crate) fn answer_fields(&self) -> Option<&'static [&'static str]> {
        use AnswerKind::*;
        Some(match self {
            Name => &["name"],
            Email => &["email"],
            Phone => &["phone"],
            Resume => &["resume_path"],
            ExperienceTotal => &["experience_total_period"],
            DesiredSalary => &["desired_salary"],
            CurrentSalary => &["current_salary"],
            Gender => &["gender"],
            Birth => &["birth"],
            ProfileImg => &["profile_img_path"],
            Address => &["address"],
            Experience => &["experiences"],
            Education => &["educations"],
            Qualification => &["qualifications"],
            Training => &["trainings"],
            Language => &["languages"],
            MilitaryService => &["checked", "military_service_status"],
            VeteranAffair => &["checked", "veteran_affair_code"],
            Disability => &["checked", "disability_type", "disability_severity"],
            Text | Textarea | Dropdown | Radio | DateType => &["value"],
            Checkbox => &["values"],
            Link | FileUpload => &["links"],
            Other(_) => return None,
        })
    }

    /// For the repeatable kinds: the array field and the shape of its elements.
    pub fn group(&self) -> Option<(&'static str, &'static [ElementField])> {
        match self {
            AnswerKind::Experience => Some(("experiences", EXPERIENCE)),
            AnswerKind::Education => Some(("educations", EDUCATION)),
            AnswerKind::Qualification => Some(("qualifications", QUALIFICATION)),
            AnswerKind::Training => Some(("trainings", TRAINING)),
            AnswerKind::Language => Some(("languages", LANGUAGE)),
            _ => None,
        }
    }

    /// The answer field that holds an uploaded file's path (or paths, for `file_upload`).
    pub(crate) fn path_field(&self) -> Option<&'static str> {
        match self {
            AnswerKind::Resume => Some("resume_path"),
            AnswerKind::ProfileImg => Some("profile_img_path"),
            AnswerKind::FileUpload => Some("links"),
            _ => None,
        }
    }
}

impl fmt::Display for AnswerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The type of a field of an element of a repeatable answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    Str,
    /// `YYYY-MM`; `YYYY.MM` and `YYYY/MM` are accepted and sent as `YYYY-MM`.
    YearMonth,
    /// `YYYY-MM-DD`; `.` and `/` separators are accepted and sent as `-`.
    Date,
    Bool,
    OneOf(&'static [&'static str]),
}

/// One field of an element of `experiences`, `educations` and the other repeatable answers
/// (its label for people is [`super::words::field_label`]).
#[derive(Debug, Clone, Copy)]
pub struct ElementField {
    pub name: &'static str,
    pub ty: FieldType,
    pub required: bool,
}

const fn f(name: &'static str, ty: FieldType, required: bool) -> ElementField {
    ElementField { name, ty, required }
}

use FieldType::{Bool, Date, OneOf, Str, YearMonth};

pub(crate) const EXPERIENCE: &[ElementField] = &[
    f("company_name", Str, true),
    f("start_at", YearMonth, false),
    f("end_at", YearMonth, false),
    f("currently_employed", Bool, false),
    f("employment_type", Str, false),
    f("position", Str, false),
    f("department", Str, false),
    f("title", Str, false),
];

pub(crate) const EDUCATION: &[ElementField] = &[
    f("school_name", Str, true),
    f("enter_at", YearMonth, false),
    f("graduate_at", YearMonth, false),
    f("graduate", Bool, false),
    f("major", Str, false),
];

pub(crate) const QUALIFICATION: &[ElementField] = &[
    f("kind", OneOf(QUALIFICATION_KINDS), true),
    f("name", Str, true),
    f("institution_name", Str, true),
    f("grade", Str, true),
    f("date", Date, true),
    f("content", Str, false),
];

pub(crate) const TRAINING: &[ElementField] = &[
    f("name", Str, true),
    f("institution_name", Str, true),
    f("start_date", Date, true),
    f("end_date", Date, true),
    f("content", Str, false),
];

pub(crate) const LANGUAGE: &[ElementField] = &[
    f("kind", Str, true),
    f("test_name", Str, true),
    f("institution_name", Str, true),
    f("grade", Str, true),
    f("date", Date, true),
];

/// What the fields before a yes/no field of an entry already say of it, for its default: a
/// school with a graduation date was graduated from; a job with an end date is not the
/// current one.
pub(crate) fn implied_bool(name: &str, entry: &Map<String, Value>) -> Option<bool> {
    let given = |f: &str| {
        entry
            .get(f)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    match name {
        "graduate" if given("graduate_at") => Some(true),
        "currently_employed" if given("end_at") => Some(false),
        _ => None,
    }
}

/// A problem (or a warning) with one field of an answer: `field` is a path such as
/// `answer.experiences[1].company_name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldIssue {
    pub field: String,
    pub message: String,
}

impl fmt::Display for FieldIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

/// What [`check_answer`] found: problems block sending; warnings are shown and the answer goes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checked {
    pub problems: Vec<FieldIssue>,
    pub warnings: Vec<FieldIssue>,
}

impl Checked {
    pub(crate) fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
    fn problem(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.problems.push(FieldIssue {
            field: field.into(),
            message: message.into(),
        });
    }
    fn warning(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.warnings.push(FieldIssue {
            field: field.into(),
            message: message.into(),
        });
    }
}

/// The message for a value of the wrong shape: `must be a string, got number 5`.
pub(crate) fn must_be(expected: &str, got: &Value) -> String {
    t!("check-must-be", expected = expected, got = describe(got))
}

/// A short description of a JSON value for messages: `string "5000"`, `number 1.5`, `null`.
pub(crate) fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => t!("value-boolean", value = b.to_string()),
        Value::Number(n) => t!("value-number", value = n.to_string()),
        Value::String(s) => {
            let short: String = s.chars().take(60).collect();
            let more = if s.chars().count() > 60 { "…" } else { "" };
            t!(
                "value-string",
                value = format!("{:?}", format!("{short}{more}"))
            )
        }
        Value::Array(_) => t!("expect-array"),
        Value::Object(_) => t!("expect-object"),
    }
}

/// `an`, `a`: the article English wants before a kind's name (other languages' messages
/// may leave it out).
pub(crate) fn article(noun: &str) -> &'static str {
    if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn list(values: &[&str]) -> String {
    values.join(", ")
}

/// Whether `s` looks like an e-mail address: one `@`, something before it, a dotted domain
/// after it, no spaces.
pub(crate) fn looks_like_email(s: &str) -> bool {
    let s = s.trim();
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && !s.chars().any(char::is_whitespace)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

/// Check a `YYYY-MM-DD` date: shape and a real calendar day.
pub(crate) fn check_date(s: &str) -> Result<chrono::NaiveDate, String> {
    let b = s.as_bytes();
    let shape_ok = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape_ok {
        return Err(t!("check-not-a-date", value = format!("{s:?}")));
    }
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .map_err(|_| t!("check-not-a-real-date", value = format!("{s:?}")))
}

/// The shape a dated field takes, for prompts and messages.
pub(crate) fn dated_shape(ty: FieldType) -> &'static str {
    match ty {
        FieldType::YearMonth => "YYYY-MM",
        _ => "YYYY-MM-DD",
    }
}

/// A year-month (`YYYY-MM`) or date (`YYYY-MM-DD`) value, checked and written with `-`:
/// `2021.03`, `2021/03` become `2021-03`. Anything else is an error naming the shape.
pub(crate) fn normalize_dated(ty: FieldType, s: &str) -> Result<String, String> {
    let t = s.trim();
    let parts: Vec<&str> = t.split(['-', '.', '/']).collect();
    let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    let sep_ok = {
        let seps: Vec<char> = t.chars().filter(|c| matches!(c, '-' | '.' | '/')).collect();
        seps.windows(2).all(|w| w[0] == w[1])
    };
    match ty {
        FieldType::YearMonth => {
            let ok = sep_ok
                && parts.len() == 2
                && digits(parts[0], 4)
                && digits(parts[1], 2)
                && (1..=12).contains(&parts[1].parse::<u32>().unwrap_or(0));
            if ok {
                Ok(format!("{}-{}", parts[0], parts[1]))
            } else {
                Err(t!("check-not-a-year-month", value = format!("{s:?}")))
            }
        }
        _ => {
            let shaped = sep_ok
                && parts.len() == 3
                && digits(parts[0], 4)
                && digits(parts[1], 2)
                && digits(parts[2], 2);
            if !shaped {
                return Err(t!("check-not-a-date", value = format!("{s:?}")));
            }
            let iso = format!("{}-{}-{}", parts[0], parts[1], parts[2]);
            check_date(&iso).map(|_| iso)
        }
    }
}

/// Write every dated field of an answer in its `-` form (`date_type` values, and the
/// year-month and date fields of experiences, educations, ...), as checked by
/// [`check_answer`]. Values that don't parse are left for the check to report.
pub(crate) fn normalize_answer(kind: &AnswerKind, answer: &mut Value) {
    if *kind == AnswerKind::DateType {
        if let Some(v) = answer.get_mut("value") {
            if let Some(n) = v
                .as_str()
                .and_then(|s| normalize_dated(FieldType::Date, s).ok())
            {
                *v = Value::String(n);
            }
        }
        return;
    }
    let Some((field, spec)) = kind.group() else {
        return;
    };
    let Some(items) = answer.get_mut(field).and_then(|v| v.as_array_mut()) else {
        return;
    };
    for item in items.iter_mut().filter_map(|i| i.as_object_mut()) {
        for fs in spec
            .iter()
            .filter(|f| matches!(f.ty, FieldType::YearMonth | FieldType::Date))
        {
            if let Some(v) = item.get_mut(fs.name) {
                if let Some(n) = v.as_str().and_then(|s| normalize_dated(fs.ty, s).ok()) {
                    *v = Value::String(n);
                }
            }
        }
    }
}

/// Check a veteran affair code: two digits, a hyphen, six digits (`00-000000`).
pub(crate) fn check_veteran_code(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 9
        && b[2] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 2 || c.is_ascii_digit())
}

/// Check a path value (resume, profile image, file upload): a full `http(s)` `file_url`, or a
/// path starting with `/` as printed by `recruit files upload`.
pub(crate) fn check_path_value(s: &str) -> Result<(), String> {
    let t = s.trim();
    if t.is_empty() {
        return Err(t!("check-empty"));
    }
    let quoted = format!("{t:?}");
    if is_http_url(t) {
        return match url::Url::parse(t) {
            Ok(u) if u.path().len() > 1 => Ok(()),
            Ok(_) => Err(t!("check-url-no-path", value = quoted)),
            Err(e) => Err(t!(
                "check-url-invalid",
                value = quoted,
                error = crate::error::cause_of(&e).said()
            )),
        };
    }
    if t.contains("://") {
        return Err(t!("check-path-scheme", value = quoted));
    }
    if !t.starts_with('/') {
        return Err(t!("check-path-not-uploaded", value = quoted, file = t));
    }
    Ok(())
}

/// Whether a value is a full http(s) address (as opposed to a path).
pub(crate) fn is_http_url(s: &str) -> bool {
    let l = s.trim_start().to_ascii_lowercase();
    l.starts_with("http://") || l.starts_with("https://")
}

/// Check one answer object against its question: the shape the apply endpoint documents for the question's
/// kind, `required`, and `answer_options`.
pub fn check_answer(q: &Question, answer: &Value) -> Checked {
    let kind = AnswerKind::parse(q.kind());
    let mut c = Checked::default();
    let Some(map) = answer.as_object() else {
        c.problem("answer", must_be(&t!("expect-object"), answer));
        return c;
    };
    let required = q.required();
    let options: &[String] = q.answer_options.as_deref().unwrap_or(&[]);
    let mut ck = Ck {
        c: &mut c,
        map,
        required,
    };
    use AnswerKind::*;
    match &kind {
        Name => {
            ck.string("name", true);
        }
        Email => ck.email(),
        Phone => ck.phone(),
        Resume => ck.path("resume_path"),
        ProfileImg => ck.path("profile_img_path"),
        ExperienceTotal => ck.integer("experience_total_period", true),
        DesiredSalary => ck.integer("desired_salary", false),
        CurrentSalary => ck.integer("current_salary", false),
        Gender => ck.one_of("gender", GENDERS, true),
        Birth => ck.birth(),
        Address => {
            ck.string("address", required);
        }
        Experience | Education | Qualification | Training | Language => {
            let (field, spec) = kind
                .group()
                .unwrap_or_else(|| crate::error::bug(crate::t!("bug-answer-kind")));
            ck.group(field, spec);
        }
        MilitaryService => ck.military_service(),
        VeteranAffair => ck.veteran_affair(),
        Disability => ck.disability(),
        Text | Textarea => {
            ck.string("value", required);
        }
        DateType => ck.date_value(),
        Radio | Dropdown => ck.choice(options),
        Checkbox => ck.each_string("values", |s, earlier| {
            if !options.is_empty() && !options.iter().any(|o| o == s) {
                Err(not_a_choice(s, options))
            } else if earlier.iter().any(|p| p.as_str() == Some(s)) {
                Err(t!("check-given-twice", value = format!("{s:?}")))
            } else {
                Ok(())
            }
        }),
        Link => ck.each_string("links", |s, _| {
            if s.trim().is_empty() {
                Err(t!("check-empty"))
            } else {
                Ok(())
            }
        }),
        FileUpload => ck.each_string("links", |s, _| check_path_value(s)),
        Other(k) => {
            ck.c.warning("kind", t!("check-unknown-kind", kind = k.as_str()));
        }
    }
    if let Some(allowed) = kind.answer_fields() {
        for key in map.keys() {
            if !allowed.contains(&key.as_str()) {
                c.warning(
                    format!("answer.{key}"),
                    t!(
                        "check-unknown-answer-field",
                        article = article(kind.as_str()),
                        kind = kind.as_str(),
                        fields = list(allowed)
                    ),
                );
            }
        }
    }
    c
}

/// `"Mars" is not one of the choices: "Seoul", "Remote"`.
fn not_a_choice(s: &str, options: &[String]) -> String {
    t!(
        "check-not-a-choice",
        value = format!("{s:?}"),
        choices = quoted(options)
    )
}

fn quoted(options: &[String]) -> String {
    options
        .iter()
        .map(|o| format!("{o:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A field-by-field checker over one answer object.
struct Ck<'a> {
    c: &'a mut Checked,
    map: &'a Map<String, Value>,
    /// Whether the question is required (empty values are then problems).
    required: bool,
}

impl<'a> Ck<'a> {
    /// A required field: present and not null.
    fn present(&mut self, name: &str) -> Option<&'a Value> {
        match self.map.get(name) {
            None | Some(Value::Null) => {
                self.c
                    .problem(format!("answer.{name}"), t!("check-missing"));
                None
            }
            Some(v) => Some(v),
        }
    }

    /// An optional field: `None` when absent or null.
    fn optional(&self, name: &str) -> Option<&'a Value> {
        match self.map.get(name) {
            None | Some(Value::Null) => None,
            Some(v) => Some(v),
        }
    }

    /// A required string field; `non_empty` makes an empty or blank string a problem.
    fn string(&mut self, name: &str, non_empty: bool) -> Option<&'a str> {
        let v = self.present(name)?;
        match v.as_str() {
            None => {
                self.c
                    .problem(format!("answer.{name}"), must_be(&t!("expect-string"), v));
                None
            }
            Some(s) if non_empty && s.trim().is_empty() => {
                self.c.problem(format!("answer.{name}"), t!("check-empty"));
                None
            }
            Some(s) => Some(s),
        }
    }

    fn email(&mut self) {
        if let Some(s) = self.string("email", true) {
            if !s.trim().is_empty() && !looks_like_email(s) {
                self.c
                    .problem("answer.email", t!("check-email", value = format!("{s:?}")));
            }
        }
    }

    fn phone(&mut self) {
        if let Some(s) = self.string("phone", true) {
            if !s.trim().is_empty() && !s.chars().any(|c| c.is_ascii_digit()) {
                self.c
                    .problem("answer.phone", t!("check-phone", value = format!("{s:?}")));
            }
        }
    }

    fn birth(&mut self) {
        if let Some(s) = self.string("birth", true) {
            match check_date(s) {
                Err(e) => self.c.problem("answer.birth", e),
                Ok(d) if d > chrono::Local::now().date_naive() => self
                    .c
                    .problem("answer.birth", t!("check-future", value = s)),
                Ok(_) => {}
            }
        }
    }

    fn military_service(&mut self) {
        let checked = self.boolean("checked");
        self.one_of("military_service_status", MILITARY_STATUSES, false);
        if checked == Some(false) && self.map.contains_key("military_service_status") {
            self.c.problem(
                "answer.military_service_status",
                t!("check-military-left-out"),
            );
        }
    }

    fn veteran_affair(&mut self) {
        self.boolean("checked");
        if let Some(v) = self.optional("veteran_affair_code") {
            match v.as_str() {
                Some(s) if check_veteran_code(s) => {}
                Some(s) => self.c.problem(
                    "answer.veteran_affair_code",
                    t!("check-veteran-code", value = format!("{s:?}")),
                ),
                None => self.c.problem(
                    "answer.veteran_affair_code",
                    must_be(&t!("expect-veteran-code"), v),
                ),
            }
        }
    }

    fn disability(&mut self) {
        self.boolean("checked");
        if let Some(v) = self.optional("disability_type") {
            if !v.is_string() {
                self.c
                    .problem("answer.disability_type", must_be(&t!("expect-string"), v));
            }
        }
        self.one_of("disability_severity", DISABILITY_SEVERITIES, false);
    }

    fn date_value(&mut self) {
        if let Some(s) = self.string("value", self.required) {
            if !s.trim().is_empty() {
                if let Err(e) = normalize_dated(FieldType::Date, s) {
                    self.c.problem("answer.value", e);
                }
            }
        }
    }

    /// A radio or dropdown value: one of the question's choices (when it lists any).
    fn choice(&mut self, options: &[String]) {
        if let Some(s) = self.string("value", self.required) {
            if !options.is_empty()
                && (self.required || !s.is_empty())
                && !options.iter().any(|o| o == s)
            {
                self.c.problem("answer.value", not_a_choice(s, options));
            }
        }
    }

    /// An array of strings, each checked by `check` (given the items before it).
    fn each_string(&mut self, name: &str, check: impl Fn(&str, &[Value]) -> Result<(), String>) {
        let Some(items) = self.array(name) else {
            return;
        };
        for (i, v) in items.iter().enumerate() {
            let field = format!("answer.{name}[{i}]");
            let verdict = match v.as_str() {
                None => Err(must_be(&t!("expect-string"), v)),
                Some(s) => check(s, &items[..i]),
            };
            if let Err(e) = verdict {
                self.c.problem(field, e);
            }
        }
    }

    fn path(&mut self, name: &str) {
        if let Some(s) = self.string(name, true) {
            if let Err(e) = check_path_value(s) {
                self.c.problem(format!("answer.{name}"), e);
            }
        }
    }

    /// A whole number, of months when `months`.
    fn integer(&mut self, name: &str, months: bool) {
        let Some(v) = self.present(name) else { return };
        match v.as_i64() {
            Some(n) if n < 0 => self.c.problem(
                format!("answer.{name}"),
                t!("check-negative", value = n.to_string()),
            ),
            Some(_) => {}
            None => {
                let hint = if v.as_str().is_some_and(|s| s.trim().parse::<i64>().is_ok()) {
                    t!("check-no-quotes")
                } else {
                    String::new()
                };
                let (got, hint) = (describe(v), hint.as_str());
                let message = if months {
                    t!("check-whole-months", got = got, hint = hint)
                } else {
                    t!("check-whole-number", got = got, hint = hint)
                };
                self.c.problem(format!("answer.{name}"), message)
            }
        }
    }

    fn boolean(&mut self, name: &str) -> Option<bool> {
        let v = self.present(name)?;
        match v.as_bool() {
            Some(b) => Some(b),
            None => {
                self.c.problem(
                    format!("answer.{name}"),
                    must_be(&t!("expect-true-or-false"), v),
                );
                None
            }
        }
    }

    fn one_of(&mut self, name: &str, values: &[&str], required: bool) {
        let v = if required {
            self.present(name)
        } else {
            self.optional(name)
        };
        let Some(v) = v else { return };
        match v.as_str() {
            Some(s) if values.contains(&s) => {}
            _ => self.c.problem(
                format!("answer.{name}"),
                t!("check-one-of", values = list(values), got = describe(v)),
            ),
        }
    }

    /// A required array; empty is a problem when the question is required.
    fn array(&mut self, name: &str) -> Option<&'a Vec<Value>> {
        let v = self.present(name)?;
        match v.as_array() {
            None => {
                self.c
                    .problem(format!("answer.{name}"), must_be(&t!("expect-array"), v));
                None
            }
            Some(a) => {
                if a.is_empty() && self.required {
                    self.c
                        .problem(format!("answer.{name}"), t!("check-empty-required"));
                }
                Some(a)
            }
        }
    }

    fn group(&mut self, name: &str, spec: &[ElementField]) {
        let Some(items) = self.array(name) else {
            return;
        };
        for (i, item) in items.iter().enumerate() {
            let at = format!("answer.{name}[{i}]");
            let Some(obj) = item.as_object() else {
                self.c.problem(at, must_be(&t!("expect-object"), item));
                continue;
            };
            for issue in check_element(obj, spec) {
                let field = if issue.field.is_empty() {
                    at.clone()
                } else {
                    format!("{at}.{}", issue.field)
                };
                self.c.problem(field, issue.message);
            }
            for key in obj.keys() {
                if !spec.iter().any(|f| f.name == key) {
                    let names: Vec<&str> = spec.iter().map(|f| f.name).collect();
                    self.c.warning(
                        format!("{at}.{key}"),
                        t!("check-unknown-element-field", fields = list(&names)),
                    );
                }
            }
        }
    }
}

/// Check one element of a repeatable answer (`experiences[i]`, ...). Fields are relative.
pub(crate) fn check_element(obj: &Map<String, Value>, spec: &[ElementField]) -> Vec<FieldIssue> {
    let mut out = Vec::new();
    for fs in spec {
        let v = match obj.get(fs.name) {
            None | Some(Value::Null) => {
                if fs.required {
                    out.push(FieldIssue {
                        field: fs.name.into(),
                        message: t!("check-missing"),
                    });
                }
                continue;
            }
            Some(v) => v,
        };
        let bad = |m: String| FieldIssue {
            field: fs.name.into(),
            message: m,
        };
        match fs.ty {
            FieldType::Str => match v.as_str() {
                None => out.push(bad(must_be(&t!("expect-string"), v))),
                Some(s) if fs.required && s.trim().is_empty() => out.push(bad(t!("check-empty"))),
                Some(_) => {}
            },
            FieldType::YearMonth | FieldType::Date => match v.as_str() {
                None => out.push(bad(must_be(&t!("expect-string"), v))),
                Some(s) if !fs.required && s.trim().is_empty() => {}
                Some(s) => {
                    if let Err(e) = normalize_dated(fs.ty, s) {
                        out.push(bad(e));
                    }
                }
            },
            FieldType::Bool => {
                if !v.is_boolean() {
                    out.push(bad(must_be(&t!("expect-true-or-false"), v)));
                }
            }
            FieldType::OneOf(values) => match v.as_str() {
                Some(s) if values.contains(&s) => {}
                _ => out.push(bad(t!(
                    "check-one-of",
                    values = list(values),
                    got = describe(v)
                ))),
            },
        }
    }
    for (start, end) in SPANS {
        let value = |name: &str| obj.get(name).and_then(Value::as_str);
        let (Some(fs), Some(a), Some(b)) = (
            spec.iter().find(|f| f.name == end),
            value(start),
            value(end),
        ) else {
            continue;
        };
        if let Err(message) = check_span(fs.ty, a, b) {
            out.push(FieldIssue {
                field: end.to_string(),
                message,
            });
        }
    }
    out
}

/// The start and end fields of the entries that span time (experience, education, training):
/// the end may not come before the start.
pub const SPANS: [(&str, &str); 3] = [
    ("start_at", "end_at"),
    ("enter_at", "graduate_at"),
    ("start_date", "end_date"),
];

/// The start field an end field of [`SPANS`] is checked against.
pub fn span_start(end: &str) -> Option<&'static str> {
    SPANS.iter().find(|(_, e)| *e == end).map(|(s, _)| *s)
}

/// The end-before-start rule, one for the answers file and the wizard (which checks it as the
/// end is typed): `end` may not come before `start`. Values that don't parse (or are empty) are
/// left to the checks of their own shape.
pub fn check_span(ty: FieldType, start: &str, end: &str) -> Result<(), String> {
    let (Ok(a), Ok(b)) = (normalize_dated(ty, start), normalize_dated(ty, end)) else {
        return Ok(());
    };
    // Same-shape ISO strings compare in calendar order.
    if b < a {
        return Err(t!("check-end-before-start", end = b, start = a));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_field_is_named_with_the_right_article() {
        let q = Question {
            kind: Some("experience".into()),
            required: Some(true),
            ..Default::default()
        };
        let c = check_answer(
            &q,
            &serde_json::json!({"experiences": [{"company_name": "A"}], "x": 1}),
        );
        assert!(c.warnings[0]
            .message
            .starts_with("not a field of an experience answer"));
        assert_eq!(article("name"), "a");
    }

    #[test]
    fn dated_values_are_normalised_or_refused_with_their_shape() {
        assert_eq!(
            normalize_dated(FieldType::YearMonth, "2021.03").unwrap(),
            "2021-03"
        );
        assert_eq!(
            normalize_dated(FieldType::YearMonth, "2021/03").unwrap(),
            "2021-03"
        );
        assert!(normalize_dated(FieldType::YearMonth, "2021.03/01").is_err());
        assert!(normalize_dated(FieldType::YearMonth, "2021-3")
            .unwrap_err()
            .contains("YYYY-MM"));
        assert_eq!(
            normalize_dated(FieldType::Date, "2021/03/15").unwrap(),
            "2021-03-15"
        );
        assert!(normalize_dated(FieldType::Date, "2021-02-30").is_err());
        assert!(normalize_dated(FieldType::Date, "2021-03")
            .unwrap_err()
            .contains("YYYY-MM-DD"));
    }
}
