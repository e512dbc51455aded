//! Forwards that people read (cli.md, "Forwards that people read"): a destination written
//! `FORMAT+URL` gets each event as one message in that chat tool's incoming-webhook format
//! (Slack, Microsoft Teams, Google Chat, JANDI, or the user's own JSON template), in the
//! `--lang` language.
//!
//! What a message says is picked from the event (what happened, the candidate's code, the
//! stage and job titles, a link), never copied from it whole: the payload is first scrubbed
//! of every personal field of the one list (`recruit_client::personal`), wherever in it they
//! are, and a candidate's name is kept only with `--with-names`. Texts from the payload are
//! cut short and escaped for the tool, so an event cannot mention `@channel` or inject markup.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Map, Value};

use super::delivery::{self, Outcome};
use crate::error::Error;
use crate::i18n::Lang;
use recruit_client::personal::{self, Record};

/// A chat tool's message format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Slack,
    Teams,
    GoogleChat,
    Jandi,
    /// The user's own JSON (`--template FILE`).
    Template,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Slack,
        Format::Teams,
        Format::GoogleChat,
        Format::Jandi,
        Format::Template,
    ];

    /// How a destination names it: `slack` in `slack+https://...`.
    pub fn prefix(self) -> &'static str {
        match self {
            Format::Slack => "slack",
            Format::Teams => "teams",
            Format::GoogleChat => "googlechat",
            Format::Jandi => "jandi",
            Format::Template => "template",
        }
    }

    fn parse(prefix: &str) -> Option<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.prefix().eq_ignore_ascii_case(prefix))
    }

    /// `slack+, teams+, ...` for messages.
    fn list() -> String {
        Format::ALL
            .iter()
            .map(|f| format!("{}+", f.prefix()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Where a forward goes: an app (the event as received), or a chat tool (`FORMAT+URL`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    pub format: Option<Format>,
    pub url: url::Url,
}

impl Destination {
    /// `https://...` or `FORMAT+https://...`, as `what` (`--forward-to`, `--to`) gave it;
    /// exit 2 naming the formats for an unknown one.
    pub fn parse(what: &str, text: &str) -> Result<Destination, Error> {
        let text = text.trim();
        let Some((prefix, rest)) = split_format(text) else {
            return Ok(Destination {
                format: None,
                url: crate::api::webhooks::http_url(what, text)?,
            });
        };
        let format = Format::parse(prefix).ok_or_else(|| {
            Error::usage(crate::msg!(
                "chat-unknown-format",
                what = what,
                value = text,
                format = prefix,
                formats = Format::list()
            ))
        })?;
        Ok(Destination {
            format: Some(format),
            url: crate::api::webhooks::http_url(what, rest)?,
        })
    }

    /// A stored forward target read back (the lanes' names): a chat destination, or None for
    /// an app's URL.
    pub fn chat_target(target: &str) -> Option<(Format, &str)> {
        let (prefix, rest) = split_format(target)?;
        Some((Format::parse(prefix)?, rest))
    }

    /// The target as the store and the lanes name it: `slack+https://...`, or the app's URL.
    pub fn target(&self) -> String {
        match self.format {
            Some(f) => format!("{}+{}", f.prefix(), self.url),
            None => self.url.to_string(),
        }
    }
}

impl std::fmt::Display for Destination {
    /// Its shown name (`slack+hooks.slack.com#3fa9c1`): the address itself may be a secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::redact::target_name(&self.target()))
    }
}

/// `("slack", "https://...")` of `slack+https://...`: a prefix before the scheme's `+`.
fn split_format(text: &str) -> Option<(&str, &str)> {
    let (scheme, _) = text.split_once("://")?;
    let (prefix, _) = scheme.split_once('+')?;
    Some((prefix, &text[prefix.len() + 1..]))
}

/// `text` with every address in it that may hold a secret shown by its one name
/// (`crate::redact::target_name`): an incoming-webhook address is the channel's
/// password (anyone holding it can post there).
pub fn hide_secrets(text: &str) -> std::borrow::Cow<'_, str> {
    crate::redact::hide_secret_addresses(text)
}

/// How messages are written: the same for every chat destination of a listener or trigger.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub lang: Lang,
    /// `--link-base URL`: each message links to `URL/candidates/CODE`.
    pub link_base: Option<url::Url>,
    /// `--with-names`: the candidate's name is said (never any other personal field).
    pub with_names: bool,
    /// `--template FILE`, checked at start.
    pub template: Option<Arc<Template>>,
}

impl Options {
    /// Refuse at start what could not be sent later: a `template+` destination without
    /// `--template`.
    pub fn check<'a>(
        &self,
        destinations: impl IntoIterator<Item = &'a Destination>,
    ) -> Result<(), Error> {
        for d in destinations {
            if d.format == Some(Format::Template) && self.template.is_none() {
                return Err(Error::usage(crate::msg!(
                    "chat-template-missing",
                    destination = d.to_string()
                )));
            }
        }
        Ok(())
    }

    /// The message for `event` (the body as received) in `format`: its bytes, and the
    /// headers the tool wants besides `Content-Type: application/json`.
    pub fn render(&self, format: Format, event: &[u8]) -> Message {
        let facts = Facts::of(event, self);
        let body = match format {
            Format::Slack => slack(&facts),
            Format::Teams => teams(&facts),
            Format::GoogleChat => google_chat(&facts),
            Format::Jandi => jandi(&facts),
            Format::Template => {
                // `check` refused template+ without a template; an empty object is never sent.
                let text = match &self.template {
                    Some(t) => t.fill(&facts),
                    None => "{}".to_string(),
                };
                return Message {
                    body: text.into_bytes(),
                    headers: &[],
                };
            }
        };
        let headers: &'static [(&'static str, &'static str)] = match format {
            Format::Jandi => &[("accept", JANDI_ACCEPT)],
            _ => &[],
        };
        Message {
            body: body.to_string().into_bytes(),
            headers,
        }
    }
}

/// JANDI answers only requests that accept its own media type.
pub const JANDI_ACCEPT: &str = "application/vnd.tosslab.jandi-v2+json";

/// One chat message to send.
#[derive(Debug, Clone)]
pub struct Message {
    pub body: Vec<u8>,
    pub headers: &'static [(&'static str, &'static str)],
}

/// What posts chat messages: the options, and clients that honour the environment's proxy
/// (chat tools are on the internet, unlike the local apps behind the listener).
#[derive(Debug)]
pub struct Chat {
    pub options: Options,
    proxied: reqwest::Client,
    direct: reqwest::Client,
}

impl Chat {
    pub fn new(
        options: Options,
        net: &crate::api::NetSettings,
        timeout: Duration,
        what: &str,
    ) -> Result<Chat, Error> {
        let agent = || delivery::user_agent(what);
        Ok(Chat {
            options,
            proxied: delivery::client(net, true, timeout, agent())?,
            direct: delivery::client(net, false, timeout, agent())?,
        })
    }

    /// Post `event` to the chat destination `url` in `format`: unsigned, with no
    /// `X-Recruit-*` header (a chat tool has no use for them, and they would tell it about
    /// the relay).
    pub async fn post(&self, format: Format, url: &str, event: &[u8]) -> Outcome {
        let message = self.options.render(format, event);
        self.send(url, &message).await
    }

    /// Post a message already rendered (an event's, or the report's summary) to `url`: direct
    /// to a loopback address, else through the environment's proxy.
    pub async fn send(&self, url: &str, message: &Message) -> Outcome {
        let local = url::Url::parse(url).is_ok_and(|u| crate::api::http::is_loopback(&u));
        let client = if local { &self.direct } else { &self.proxied };
        delivery::post_with(
            client,
            url,
            delivery::Request {
                payload: &message.body,
                content_type: Some("application/json"),
                signing: delivery::Signing::AsReceived(None),
                event_id: None,
                dedup_key: false,
            },
            message.headers,
        )
        .await
    }
}

/// Longest text taken from an event into a message.
const MAX_VALUE: usize = 200;

/// What a message says about one event, every value already free of personal data.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    action: Option<String>,
    /// What happened, in the message's language.
    title: String,
    code: Option<String>,
    /// Only with `--with-names`.
    name: Option<String>,
    stage: Option<String>,
    job: Option<String>,
    link: Option<String>,
    /// The payload with every personal field null (names kept only with `--with-names`).
    payload: Value,
    lang: Lang,
}

/// Where a payload may carry each fact beyond the one reading of a payload
/// ([`recruit_core::payload`]: the candidate from `candidate`, `applicant` or the top, the
/// stage from `job_stage.title`, `stage_title`, `current_stage.name`, `stage.title`): inside
/// an evaluation's or an interview's record. First found wins: JSON pointers, one a line.
const CODE_AT: &str = "
     /feedback/candidate/code
     /interview/candidate/code";
const NAME_AT: &str = "
     /candidate_name
     /feedback/candidate/name
     /interview/candidate/name";
const STAGE_AT: &str = "
     /current_stage/title
     /stage/name
     /feedback/job_stage_title
     /feedback/stage/name
     /interview/stage/name
     /feedback/candidate/job_stage/title
     /interview/candidate/job_stage/title";
const JOB_AT: &str = "
     /job/title
     /candidate/job/title
     /feedback/candidate/job/title
     /interview/candidate/job/title
     /application_form/title";

impl Facts {
    pub fn of(event: &[u8], opts: &Options) -> Facts {
        let event: Value = serde_json::from_slice(event).unwrap_or(Value::Null);
        let action = event
            .get("action")
            .and_then(Value::as_str)
            .map(str::to_string);
        let mut payload = event.get("payload").cloned().unwrap_or(Value::Null);
        scrub(&mut payload, opts.with_names);
        let first = |at: &str| {
            at.split_whitespace()
                .find_map(|p| payload.pointer(p).and_then(text_of))
        };
        use recruit_core::payload as one;
        let candidate = one::candidate(&payload);
        let code = one::candidate_code(&payload)
            .map(|c| clean(&c, MAX_VALUE))
            .or_else(|| first(CODE_AT));
        let name = if opts.with_names {
            candidate
                .and_then(|c| c.get("name"))
                .and_then(text_of)
                .or_else(|| first(NAME_AT))
        } else {
            None
        };
        let stage = one::stage_title(&payload)
            .map(|s| clean(&s, MAX_VALUE))
            .or_else(|| first(STAGE_AT));
        let link = opts
            .link_base
            .as_ref()
            .zip(code.as_deref())
            .map(|(base, code)| candidate_link(base, code));
        Facts {
            title: title(opts.lang, action.as_deref()),
            action,
            code,
            name,
            stage,
            job: first(JOB_AT),
            link,
            payload,
            lang: opts.lang,
        }
    }

    /// (label, value) of each fact the event has, in the message's order.
    fn fields(&self) -> Vec<(String, &str)> {
        let lang = self.lang;
        let mut out = Vec::new();
        if let Some(c) = &self.code {
            out.push((crate::t_in!(lang, "chat-label-candidate"), c.as_str()));
        }
        if let Some(n) = &self.name {
            out.push((crate::t_in!(lang, "chat-label-name"), n.as_str()));
        }
        if let Some(s) = &self.stage {
            out.push((crate::t_in!(lang, "chat-label-stage"), s.as_str()));
        }
        if let Some(j) = &self.job {
            out.push((crate::t_in!(lang, "chat-label-job"), j.as_str()));
        }
        out
    }

    fn open(&self) -> String {
        crate::t_in!(self.lang, "chat-open-candidate")
    }

    /// The message as plain text, one fact a line (Google Chat's and `{{text}}`).
    fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.title.clone()];
        for (label, value) in self.fields() {
            lines.push(format!("{label}: {value}"));
        }
        lines
    }

    /// One line: `Stage changed · Candidate: C1 · Stage: ...` (a notification's preview).
    fn summary(&self) -> String {
        self.lines().join(" · ")
    }
}

/// The title of `action` in `lang`: one per action of the spec, a general one for others.
fn title(lang: Lang, action: Option<&str>) -> String {
    match action {
        Some("candidate_stage_changed") => crate::t_in!(lang, "chat-title-stage-changed"),
        Some("candidate_pass") => crate::t_in!(lang, "chat-title-pass"),
        Some("feedback_created") => crate::t_in!(lang, "chat-title-feedback-created"),
        Some("feedback_completed") => crate::t_in!(lang, "chat-title-feedback-completed"),
        Some("interview_scheduled") => crate::t_in!(lang, "chat-title-interview-scheduled"),
        Some("form_submitted") => crate::t_in!(lang, "chat-title-form-submitted"),
        Some(other) => crate::t_in!(lang, "chat-title-other", action = clean(other, 60)),
        None => crate::t_in!(lang, "chat-title-unknown"),
    }
}

/// `BASE/candidates/CODE`, the code as one path segment.
fn candidate_link(base: &url::Url, code: &str) -> String {
    let mut url = base.clone();
    if let Ok(mut path) = url.path_segments_mut() {
        path.pop_if_empty().push("candidates").push(code);
    }
    url.to_string()
}

/// A value as text for a message: strings and numbers, cleaned; nothing else.
fn text_of(v: &Value) -> Option<String> {
    let s = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let s = clean(&s, MAX_VALUE);
    (!s.is_empty()).then_some(s)
}

/// Control characters become spaces, the text is trimmed and cut to `max` characters.
fn clean(s: &str, max: usize) -> String {
    let s: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let s = s.trim();
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut cut: String = s.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

fn has_personal_field(m: &Map<String, Value>) -> bool {
    personal::FIELDS
        .iter()
        .any(|f| f.name != "name" && m.get(f.name).is_some_and(|x| !x.is_null()))
}

/// Null every personal field of the one list wherever it is in `v`: every field but `name`
/// on every object (payloads are undocumented: an email is personal wherever it appears);
/// `name` on every object that is, or is inside, a person's record, unless `with_names`;
/// and a submission's `candidate_name` / `candidate_email`. A person's record: an object
/// holding a candidate's code (`code`, `candidate_code`) or a personal field of the list,
/// or hanging under a key that names a person (`candidate`, `applicant`, `user`...),
/// whatever its depth. Below a key that names a thing (a job, a stage, a form) an object
/// keeps its `name` and `title`, the words a message needs, unless it is a person's itself.
pub fn scrub(v: &mut Value, with_names: bool) {
    let top = v.as_object().is_some_and(is_candidate_record);
    scrub_in(v, Under::Other(top), with_names)
}

/// A candidate record at the top of a payload: a person's, or one with a stage of its own.
fn is_candidate_record(m: &Map<String, Value>) -> bool {
    has_personal_field(m) || m.contains_key("job_stage")
}

/// Words of the keys a payload hangs a person under (`candidate`, `applicants`,
/// `interviewer_user`...).
const PERSON_WORDS: &[&str] = &[
    "candidate",
    "applicant",
    "user",
    "member",
    "person",
    "people",
    "interviewer",
    "evaluator",
    "reviewer",
    "recruiter",
    "author",
    "owner",
    "assignee",
    "contact",
];

/// Where an object hangs, for the question whether it is a person's record.
#[derive(Clone, Copy)]
enum Under {
    /// Below a thing's key: only a personal field or a `candidate_code` makes it a person's.
    Thing,
    /// Anywhere else; `true` when inside a person's record or under a person's key.
    Other(bool),
}

impl Under {
    /// Where the children of `key` hang, for an object that is a person's (`person`) or not.
    fn child(key: &str, person: bool) -> Under {
        if personal::THING_KEYS.contains(&key) {
            return Under::Thing;
        }
        let key = key.to_ascii_lowercase();
        Under::Other(person || PERSON_WORDS.iter().any(|w| key.contains(w)))
    }
}

/// Whether `m` is a person's record, hanging `under`.
fn is_person(m: &Map<String, Value>, under: Under) -> bool {
    let holds = |k: &str| m.get(k).is_some_and(|c| c.is_string() || c.is_number());
    let own = has_personal_field(m) || holds("candidate_code");
    match under {
        Under::Thing => own,
        Under::Other(inherited) => inherited || own || holds("code"),
    }
}

fn scrub_in(v: &mut Value, under: Under, with_names: bool) {
    match v {
        Value::Object(m) => {
            let person = is_person(m, under);
            let names = personal::of(Record::Candidate).chain(personal::of(Record::Member));
            for field in names {
                if field == "name" && (with_names || !person) {
                    continue;
                }
                null_field(m, field);
            }
            for (key, field) in personal::IN_SUBMISSION {
                if !(with_names && *field == "name") {
                    null_field(m, key);
                }
            }
            for (key, child) in m.iter_mut() {
                scrub_in(child, Under::child(key, person), with_names);
            }
        }
        Value::Array(items) => {
            for item in items {
                scrub_in(item, under, with_names);
            }
        }
        _ => {}
    }
}

fn null_field(m: &mut Map<String, Value>, key: &str) {
    if let Some(x) = m.get_mut(key) {
        *x = Value::Null;
    }
}

/// Slack's `&`, `<` and `>` as its documented escapes: `<!channel>` from an event stays text.
/// Service text made plain for `format`'s markup: the one rule for every chat message (the
/// relay's and the report's summary). A template gets Slack's (its JSON is escaped apart).
pub(crate) fn escape_for(format: Format, s: &str) -> String {
    match format {
        Format::Slack | Format::GoogleChat | Format::Template => slack_escape(s),
        Format::Teams | Format::Jandi => markdown_escape(s),
    }
}

fn slack_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Slack: `{"text", "blocks"}` (Block Kit): a header, the facts as fields, a button to the
/// candidate; `text` is the notification's preview.
fn slack(f: &Facts) -> Value {
    let mut blocks = vec![json!({
        "type": "header",
        "text": {"type": "plain_text", "text": clean(&f.title, 150), "emoji": true},
    })];
    let fields: Vec<Value> = f
        .fields()
        .into_iter()
        .map(|(label, value)| {
            json!({"type": "mrkdwn", "text": format!("*{}*\n{}", slack_escape(&label), slack_escape(value))})
        })
        .collect();
    if !fields.is_empty() {
        blocks.push(json!({"type": "section", "fields": fields}));
    }
    if let Some(link) = &f.link {
        blocks.push(json!({
            "type": "actions",
            "elements": [{
                "type": "button",
                "text": {"type": "plain_text", "text": f.open()},
                "url": link,
            }],
        }));
    }
    json!({"text": slack_escape(&f.summary()), "blocks": blocks})
}

/// Teams and JANDI read Markdown: on top of Slack's `&`, `<`, `>`, every character that makes
/// a link, emphasis or code is escaped with a backslash, so `[click me](http://evil.example)`
/// in a job title stays text.
fn markdown_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in slack_escape(s).chars() {
        if matches!(c, '\\' | '[' | ']' | '(' | ')' | '*' | '_' | '`' | '~') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Microsoft Teams (incoming webhook or a Workflows webhook): a message with one Adaptive
/// Card 1.4: the title, the facts as a FactSet, a button to the candidate.
fn teams(f: &Facts) -> Value {
    let mut body = vec![json!({
        "type": "TextBlock",
        "text": markdown_escape(&f.title),
        "weight": "Bolder",
        "size": "Medium",
        "wrap": true,
    })];
    let facts: Vec<Value> = f
        .fields()
        .into_iter()
        .map(|(title, value)| {
            json!({"title": markdown_escape(&title), "value": markdown_escape(value)})
        })
        .collect();
    if !facts.is_empty() {
        body.push(json!({"type": "FactSet", "facts": facts}));
    }
    let mut card = json!({
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "type": "AdaptiveCard",
        "version": "1.4",
        "body": body,
    });
    if let Some(link) = &f.link {
        card["actions"] = json!([{"type": "Action.OpenUrl", "title": f.open(), "url": link}]);
    }
    json!({
        "type": "message",
        "attachments": [{
            "contentType": "application/vnd.microsoft.card.adaptive",
            "contentUrl": null,
            "content": card,
        }],
    })
}

/// Google Chat reads `<...>` as a link or a mention (`<users/all>` notifies everyone): `&`,
/// `<` and `>` are escaped as Slack's are (cli.md, "Forwards that people read").
fn google_escape(s: &str) -> String {
    slack_escape(s)
}

/// Google Chat: `{"text"}`, the title in bold, a fact a line, the link last.
fn google_chat(f: &Facts) -> Value {
    let mut lines = vec![format!("*{}*", google_escape(&f.title))];
    for (label, value) in f.fields() {
        lines.push(format!(
            "{}: {}",
            google_escape(&label),
            google_escape(value)
        ));
    }
    if let Some(link) = &f.link {
        lines.push(format!("<{link}|{}>", f.open()));
    }
    json!({"text": lines.join("\n")})
}

/// JANDI: `{"body", "connectColor", "connectInfo"}`: the title (linked to the candidate) on
/// top, the facts as the attachment's entries.
fn jandi(f: &Facts) -> Value {
    let body = match &f.link {
        Some(link) => format!("[{}]({link})", markdown_escape(&f.title)),
        None => markdown_escape(&f.title),
    };
    let info: Vec<Value> = f
        .fields()
        .into_iter()
        .map(|(title, value)| {
            json!({"title": markdown_escape(&title), "description": markdown_escape(value)})
        })
        .collect();
    let color = match f.action.as_deref() {
        Some("candidate_pass") => "#2EB67D",
        Some("candidate_stage_changed") => "#1E88E5",
        Some("interview_scheduled") => "#8E44AD",
        _ => "#FAC11B",
    };
    json!({"body": body, "connectColor": color, "connectInfo": info})
}

/// `--template FILE`: the user's JSON with `{{...}}` fields, each inside a JSON string, so
/// that a value filled in (JSON-escaped) can never break the document or add keys to it.
#[derive(Debug)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq)]
enum Part {
    Text(String),
    Field(Field),
}

/// What a `{{...}}` names.
#[derive(Debug, Clone, PartialEq)]
enum Field {
    Action,
    Title,
    /// The whole message as plain text, a fact a line.
    Text,
    Link,
    CandidateCode,
    CandidateName,
    Stage,
    Job,
    /// `payload.PATH`: a dotted path into the scrubbed payload (numbers index arrays).
    Payload(Vec<String>),
}

impl Field {
    fn parse(name: &str) -> Option<Field> {
        Some(match name {
            "action" => Field::Action,
            "title" => Field::Title,
            "text" => Field::Text,
            "link" => Field::Link,
            "candidate.code" => Field::CandidateCode,
            "candidate.name" => Field::CandidateName,
            "stage" => Field::Stage,
            "job" => Field::Job,
            "payload" => Field::Payload(Vec::new()),
            _ => {
                let path = name.strip_prefix("payload.")?;
                let segments: Vec<String> = path.split('.').map(str::to_string).collect();
                if segments.iter().any(String::is_empty) {
                    return None;
                }
                Field::Payload(segments)
            }
        })
    }
}

/// The fields a template may use, for the error naming an unknown one.
const TEMPLATE_FIELDS: &str =
    "action, title, text, link, candidate.code, candidate.name, stage, job, payload.PATH";

impl Template {
    /// Read and check `path`: every field known and inside a JSON string, and the template
    /// filled with a sample event is valid JSON. Any fault is exit 2 naming it.
    pub fn load(path: &std::path::Path) -> Result<Template, Error> {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| {
            Error::caused(
                crate::ExitKind::Usage,
                crate::msg!("chat-template-unreadable", path = shown.as_str()),
                e,
            )
        })?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::usage(crate::msg!("chat-template-not-utf8", path = shown.as_str()))
        })?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let template = Template::parse(text).map_err(|why| {
            Error::usage(crate::msg!(
                "chat-template-bad",
                path = shown.as_str(),
                why = why
            ))
        })?;
        let sample = super::samples::event("candidate_stage_changed")
            .map(|e| e.to_string())
            .unwrap_or_default();
        let opts = Options {
            link_base: url::Url::parse("https://example.com/").ok(),
            ..Options::default()
        };
        let filled = template.fill(&Facts::of(sample.as_bytes(), &opts));
        if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(&filled) {
            return Err(Error::usage(crate::msg!(
                "chat-template-not-json",
                path = shown.as_str(),
                why = crate::error::cause_of(&e)
            )));
        }
        Ok(template)
    }

    /// The parts of `text`; why not, in the reader's words.
    fn parse(text: &str) -> Result<Template, String> {
        let mut parts = Vec::new();
        let mut literal = String::new();
        // Where the scan is in the JSON text: inside a string, after a backslash.
        let (mut in_string, mut escaped) = (false, false);
        let mut rest = text;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix("{{") {
                let end = after
                    .find("}}")
                    .ok_or_else(|| crate::t!("chat-template-unclosed"))?;
                let name = after[..end].trim();
                let field = Field::parse(name).ok_or_else(|| {
                    crate::t!(
                        "chat-template-unknown-field",
                        field = name,
                        fields = TEMPLATE_FIELDS
                    )
                })?;
                if !in_string || escaped {
                    return Err(crate::t!("chat-template-outside-string", field = name));
                }
                if !literal.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut literal)));
                }
                parts.push(Part::Field(field));
                rest = &after[end + 2..];
                continue;
            }
            let c = rest.chars().next().unwrap_or_default();
            match (in_string, escaped, c) {
                (true, true, _) => escaped = false,
                (true, false, '\\') => escaped = true,
                (true, false, '"') => in_string = false,
                (false, _, '"') => in_string = true,
                _ => {}
            }
            literal.push(c);
            rest = &rest[c.len_utf8()..];
        }
        if !literal.is_empty() {
            parts.push(Part::Text(literal));
        }
        Ok(Template { parts })
    }

    /// The template with `facts` filled in, each value JSON-escaped (a personal field, or
    /// anything missing, is empty).
    pub fn fill(&self, facts: &Facts) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Field(f) => out.push_str(&escape(&value_of(f, facts))),
            }
        }
        out
    }
}

fn value_of(field: &Field, f: &Facts) -> String {
    let some = |v: &Option<String>| v.clone().unwrap_or_default();
    match field {
        Field::Action => f
            .action
            .as_deref()
            .map(|a| clean(a, MAX_VALUE))
            .unwrap_or_default(),
        Field::Title => f.title.clone(),
        Field::Text => {
            let mut lines = f.lines();
            lines.extend(f.link.clone());
            lines.join("\n")
        }
        Field::Link => some(&f.link),
        Field::CandidateCode => some(&f.code),
        Field::CandidateName => some(&f.name),
        Field::Stage => some(&f.stage),
        Field::Job => some(&f.job),
        Field::Payload(path) => {
            let mut v = &f.payload;
            for seg in path {
                let next = match v {
                    Value::Object(m) => m.get(seg),
                    Value::Array(a) => seg.parse::<usize>().ok().and_then(|i| a.get(i)),
                    _ => None,
                };
                match next {
                    Some(n) => v = n,
                    None => return String::new(),
                }
            }
            match v {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                other => other.to_string(),
            }
        }
    }
}

/// `s` as the inside of a JSON string: quotes, backslashes and control characters escaped,
/// everything else (Hangul included) as it is.
fn escape(s: &str) -> String {
    let quoted = serde_json::to_string(s).unwrap_or_default();
    quoted[1..quoted.len() - 1].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destinations_name_their_format_and_keep_their_url() {
        let d = Destination::parse("--to", "slack+https://hooks.slack.com/services/T/B/x").unwrap();
        assert_eq!(d.format, Some(Format::Slack));
        assert_eq!(d.url.as_str(), "https://hooks.slack.com/services/T/B/x");
        assert_eq!(d.target(), "slack+https://hooks.slack.com/services/T/B/x");
        assert_eq!(
            Destination::chat_target(&d.target()),
            Some((Format::Slack, "https://hooks.slack.com/services/T/B/x"))
        );
        let app = Destination::parse("--to", "http://localhost:3000/h").unwrap();
        assert_eq!(
            (app.format, Destination::chat_target(&app.target())),
            (None, None)
        );
        let e = Destination::parse("--to", "skype+https://x.example/").unwrap_err();
        assert_eq!(e.kind, crate::ExitKind::Usage);
    }

    /// Every field of the list is null wherever it is; a name only on a person's record and
    /// only without `with_names`; a stage's name is no person's.
    #[test]
    fn scrubbing_nulls_every_personal_field() {
        let mut v = json!({"candidate": {"code": "C1", "name": "N", "email": "e", "phone": "p",
            "birth": "b", "resume_path": "r", "profile_img_path": "i"},
            "candidate_name": "N", "candidate_email": "e", "stage": {"name": "First"},
            "member_scores": [{"user": {"name": "M", "phone": "mp"}}]});
        scrub(&mut v, false);
        assert_eq!(
            v,
            json!({"candidate": {"code": "C1", "name": null, "email": null, "phone": null,
                "birth": null, "resume_path": null, "profile_img_path": null},
                "candidate_name": null, "candidate_email": null, "stage": {"name": "First"},
                "member_scores": [{"user": {"name": null, "phone": null}}]})
        );
        let mut top = json!({"code": "C2", "name": "N", "job_stage": {"title": "T"}});
        scrub(&mut top, false);
        assert_eq!(top["name"], Value::Null);
        // Any key, any depth: a record holding a code, its insides, a person's key.
        let mut shapes = json!({"applicant": {"code": "C1", "name": "A", "profile": {"name": "P"},
                "job": {"code": "J1", "name": "Backend", "title": "Engineer"},
                "current_stage": {"code": "S1", "name": "Interview"}},
            "data": {"items": [{"candidate_code": "C2", "name": "B"}]},
            "interviewer_user": {"name": "I"},
            "form": {"title": "Application", "name": "Form A"}});
        scrub(&mut shapes, false);
        assert_eq!(
            shapes,
            json!({"applicant": {"code": "C1", "name": null, "profile": {"name": null},
                    "job": {"code": "J1", "name": "Backend", "title": "Engineer"},
                    "current_stage": {"code": "S1", "name": "Interview"}},
                "data": {"items": [{"candidate_code": "C2", "name": null}]},
                "interviewer_user": {"name": null},
                "form": {"title": "Application", "name": "Form A"}})
        );
        let mut named = json!({"candidate": {"name": "N", "email": "e"}, "candidate_name": "N"});
        scrub(&mut named, true);
        assert_eq!(
            named,
            json!({"candidate": {"name": "N", "email": null}, "candidate_name": "N"})
        );
    }

    #[test]
    fn chat_addresses_are_hidden_in_logs_by_their_one_name() {
        let slack = "slack+https://hooks.slack.com/services/T0/B0/SECRET";
        let a = format!("forwarded event 3 to {slack}: HTTP 200");
        let ha = hide_secrets(&a);
        let name = crate::redact::target_name(slack);
        assert_eq!(ha, format!("forwarded event 3 to {name}: HTTP 200"));
        let d = Destination::parse("--forward-to", slack).unwrap();
        assert_eq!(
            d.to_string(),
            name,
            "a destination is shown by the same name"
        );
        let app = "to http://127.0.0.1:3000/hooks";
        assert_eq!(hide_secrets(app), app);
        let g = hide_secrets(
            "googlechat+https://chat.googleapis.com/v1/spaces/A/messages?key=K&token=T",
        );
        assert!(!g.contains("token") && g.starts_with("googlechat+chat.googleapis.com#"));
    }

    #[test]
    fn template_fields_must_be_known_and_inside_strings() {
        assert!(Template::parse(r#"{"a": "{{action}} {{payload.x.0}}"}"#).is_ok());
        assert!(Template::parse(r#"{"a": {{action}}}"#).is_err());
        assert!(Template::parse(r#"{"a": "\"", "b": {{title}}}"#).is_err());
        assert!(Template::parse(r#"{"a": "\\", "b": "{{title}}"}"#).is_ok());
        assert!(Template::parse(r#"{"a": "{{payload.}}"}"#).is_err());
        assert_eq!(escape("a\"b\n한"), "a\\\"b\\n한");
    }
}
