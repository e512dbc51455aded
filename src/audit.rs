//! The access log's front end (cli.md, "Personal data: one list, an access log, erasure and
//! retention"): the one place that decides who the actor is, what the command was, which
//! output holds personal data and when its record is appended. The log itself (its file, its
//! lock and its chain) is `recruit-audit`'s; the output writers, the exports, sync, the wizard
//! and the MCP server come here.
//!
//! The rules:
//! - records for each command or MCP tool call whose output holds a personal value (the one
//!   list of [`recruit_client::personal`]; a field counts when its value is neither null nor
//!   empty), appended BEFORE that output is written: a single answer, a table, one page, a
//!   buffered JSON array are logged, then written;
//! - streamed output (`--all` with ndjson, csv or json; an export; a sync; a listener's
//!   stdout) is logged chunk by chunk, each chunk's records on disk (appended and synced)
//!   before its first byte is written, so a run killed at any moment (even `kill -9`) has
//!   logged every candidate it wrote: [`Stream`] is that one writer of records;
//! - a record names at most 1,000 codes and counts its own: an output holding more candidates
//!   is several records, so every code shown is in one;
//! - what holds personal data is decided by the kind of record printed ([`see`]): candidates
//!   (and applications), the `candidate` of evaluations and interviews, members' phones in
//!   evaluations' `member_scores[].user`, and, for `recruit api`, any candidate-shaped object
//!   ([`scan`]); `--fields` that leaves every personal field out logs nothing; with `--jq` the
//!   items before the filter are judged (over-logging is safe, under-logging is not);
//! - a record that cannot be appended fails the command (exit 1) before the personal output is
//!   written, naming the log and the fix;
//! - `audit = off` logs nothing; `require_reason = true` makes exports and syncs refuse to
//!   start without `--reason` / RECRUIT_REASON (exit 2).

use std::path::PathBuf;
use std::sync::Arc;

use recruit_audit::{Log, Seen, Via};
use recruit_client::personal::{self, Record};
use serde_json::{Map, Value};

use crate::context::Ctx;
use crate::error::Error;
use crate::output::Kind;

mod text;
pub(crate) use text::{command_text, mcp_command};

/// Where this run's records go and what each says besides what was shown: built once per
/// command from its context ([`Ctx::audit`]); `None` there when `audit = off`.
#[derive(Clone)]
pub(crate) struct Audit {
    log: Arc<Log>,
    path: PathBuf,
    actor: String,
    command: String,
    reason: Option<String>,
    sandbox: bool,
    /// For an MCP tool call, the assistant that made it (its `initialize`'s `clientInfo`).
    agent: Option<recruit_audit::Agent>,
}

impl Ctx {
    /// The access log of this run, or `None` with `audit = off`.
    pub(crate) fn audit(&self) -> Result<Option<Audit>, Error> {
        if !self.logs || !self.settings().audit()? {
            return Ok(None);
        }
        Ok(self.audit_whatever_its_setting())
    }

    /// A change of `audit` or `require_reason` (`config set`, `config unset`): its record,
    /// appended before the change is saved; a record that cannot be appended refuses the
    /// change (exit 1). With the log off the record goes to the log's file all the same: the
    /// log being turned on, or off, says so itself.
    pub(crate) fn log_setting_change(&self, command: String) -> Result<(), Error> {
        match self.audit_whatever_its_setting() {
            Some(audit) => audit.append_setting(command),
            None => Ok(()),
        }
    }

    /// The access log of this run even with `audit = off`; `None` only for a context made
    /// in-process, which logs nothing.
    fn audit_whatever_its_setting(&self) -> Option<Audit> {
        if !self.logs {
            return None;
        }
        let path = self.audit_log_path();
        Some(Audit {
            log: Arc::new(Log::new(path.clone(), crate::clock::system())),
            path,
            actor: actor(&self.profile),
            command: self.command_text(),
            reason: self.reason(),
            sandbox: self.globals.sandbox,
            agent: None,
        })
    }

    /// `--reason` / RECRUIT_REASON, when given and holding a visible character (spaces and
    /// format characters such as U+200B alone are no reason).
    pub(crate) fn reason(&self) -> Option<String> {
        self.globals
            .reason
            .as_deref()
            .map(str::trim)
            .filter(|r| text::visible(r))
            .map(str::to_string)
    }

    /// With `require_reason = true`, `what` (`export`, `sync`) needs a reason: exit 2 before
    /// anything is fetched or written, naming `--reason` and RECRUIT_REASON.
    pub(crate) fn require_reason(&self, what: &str) -> Result<(), Error> {
        if self.settings().require_reason()? && self.reason().is_none() {
            return Err(Error::usage(crate::msg!(
                "audit-reason-required",
                what = what
            )));
        }
        Ok(())
    }

    /// The command line as the log keeps it ([`command_text`]), worked out once per run.
    pub(crate) fn command_text(&self) -> String {
        self.logged_command
            .get_or_init(|| {
                let tree = self.tree.map(|build| build());
                command_text(tree.as_ref(), &self.argv)
            })
            .clone()
    }

    /// The access log's file, as the settings resolve it (RECRUIT_AUDIT_LOG, the profile's
    /// `audit_log`, the data directory).
    fn audit_log_path(&self) -> PathBuf {
        self.settings().audit_log()
    }
}

/// `user@profile`: the OS user (`USER`, else `LOGNAME`, else the account of the process's
/// uid, [`text::os_user`]) and the profile.
pub(crate) fn actor(profile: &str) -> String {
    let user = text::os_user();
    let profile = if profile.is_empty() {
        crate::config::DEFAULT_PROFILE
    } else {
        profile
    };
    format!("{user}@{profile}")
}

impl Audit {
    /// Whether a record could be appended now: the log (or, when it is not there yet, its
    /// directory) must take an append. Asked before a streamed run fetches anything, so an
    /// unwritable log stops it before any work (the same error as a failed append).
    pub(crate) fn check(&self) -> Result<(), Error> {
        let dir = self.path.parent().filter(|d| !d.as_os_str().is_empty());
        if self.path.exists() || dir.is_none_or(|d| d.is_dir()) {
            // Opened as the log opens it (created 0600 when missing), nothing written.
            let opened = recruit_client::files::private_file()
                .append(true)
                .create(true)
                .open(&self.path);
            if let Err(e) = opened {
                return Err(self.cannot_append(e.to_string()));
            }
        }
        Ok(())
    }

    fn cannot_append(&self, error: String) -> Error {
        Error::new(
            crate::ExitKind::Other,
            crate::msg!(
                "audit-cannot-append",
                path = self.path.display().to_string(),
                error = error
            ),
        )
    }

    /// Append the records of what `seen` holds (nothing when it holds no personal value): one
    /// per up to 1,000 codes. A failure is the command's (exit 1), naming the log and how to
    /// fix it.
    pub(crate) fn append(&self, via: Via, command: Option<&str>, seen: &Seen) -> Result<(), Error> {
        self.append_seen(via, command, seen).map(drop)
    }

    /// [`Audit::append`], giving back the records appended.
    fn append_seen(
        &self,
        via: Via,
        command: Option<&str>,
        seen: &Seen,
    ) -> Result<Vec<recruit_audit::Record>, Error> {
        let command = command.unwrap_or(&self.command);
        let mut appended = Vec::new();
        for mut entry in seen.entries(
            self.actor.clone(),
            via,
            command,
            scrubbed(self.reason.clone()),
            self.sandbox,
        ) {
            if via == Via::Mcp {
                entry.agent = self.agent.clone();
            }
            appended.push(self.append_entry(&entry)?);
        }
        Ok(appended)
    }

    fn append_entry(&self, entry: &recruit_audit::Entry) -> Result<recruit_audit::Record, Error> {
        self.log
            .append(entry)
            .map_err(|e| self.cannot_append(e.message.to_string()))
    }

    /// Append records of `candidates` and `fields` that no output showed but a run did to
    /// them (an erasure), with this run's actor, command line and `reason`: one per up to
    /// 1,000 codes, each counting its own.
    pub(crate) fn append_done(
        &self,
        via: Via,
        candidates: &[String],
        fields: Vec<String>,
        reason: Option<String>,
    ) -> Result<(), Error> {
        self.append_codes(via, candidates, fields, reason).map(drop)
    }

    /// [`Audit::append_done`], giving back the records appended.
    fn append_codes(
        &self,
        via: Via,
        candidates: &[String],
        fields: Vec<String>,
        reason: Option<String>,
    ) -> Result<Vec<recruit_audit::Record>, Error> {
        // An erasure of no candidate still says it ran.
        let chunks: Vec<&[String]> = match candidates.len() {
            0 => vec![candidates],
            _ => candidates.chunks(recruit_audit::MAX_CODES).collect(),
        };
        let mut appended = Vec::new();
        for chunk in chunks {
            appended.push(self.append_entry(&recruit_audit::Entry {
                actor: self.actor.clone(),
                via,
                agent: None,
                command: self.command.clone(),
                candidates: chunk.to_vec(),
                count: chunk.len() as u64,
                fields: fields.clone(),
                reason: scrubbed(reason.clone()),
                sandbox: self.sandbox,
            })?);
        }
        Ok(appended)
    }

    /// The same log for the calls of one MCP client: its records name `agent`.
    pub(crate) fn with_agent(&self, agent: Option<recruit_audit::Agent>) -> Audit {
        Audit {
            agent,
            ..self.clone()
        }
    }

    /// A change of the log's own settings (`config set audit off`): a record of its own
    /// (`via: "config"`, no candidate), `command` naming the setting and its new value.
    pub(crate) fn append_setting(&self, command: String) -> Result<(), Error> {
        self.append_entry(&recruit_audit::Entry {
            actor: self.actor.clone(),
            via: Via::Config,
            agent: None,
            command,
            candidates: Vec::new(),
            count: 0,
            fields: Vec::new(),
            reason: scrubbed(self.reason.clone()),
            sandbox: self.sandbox,
        })
        .map(drop)
    }
}

/// A reason as the log keeps it: every registered secret (the API key, signing keys,
/// passwords) redacted, so a key pasted into a reason never reaches the log.
fn scrubbed(reason: Option<String>) -> Option<String> {
    reason.map(|r| crate::redact::scrub(&r))
}

/// The one writer of a streamed output's records (a list walked with `--all`, an export, a
/// sync, a listener's stdout): each next chunk of up to 1,000 candidates is logged (appended
/// and synced) before the first byte that holds it is written. `None` inside when the log is
/// off (then it does nothing).
#[derive(Clone)]
pub(crate) struct Stream {
    audit: Option<Audit>,
    via: Via,
    /// An export's output file: each record appended is named to the export registry
    /// ([`crate::export::registry::logged`]) before the bytes it covers, so erasure knows
    /// whom the file holds.
    output: Option<PathBuf>,
}

impl Stream {
    pub(crate) fn new(audit: Option<Audit>, via: Via) -> Stream {
        Stream {
            audit,
            via,
            output: None,
        }
    }

    /// The run writes the export file `out` (registered in the export registry).
    pub(crate) fn for_output(mut self, out: Option<PathBuf>) -> Stream {
        self.output = out;
        self
    }

    /// `records` were appended for this run: its export file's registry learns them.
    fn appended(&self, records: Vec<recruit_audit::Record>) -> Result<(), Error> {
        if let Some(out) = &self.output {
            for r in records {
                crate::export::registry::logged(out, r.seq, &r.hash)?;
            }
        }
        Ok(())
    }

    /// Whether the run is logged at all (`audit = on`): what is not logged need not be looked at.
    pub(crate) fn is_on(&self) -> bool {
        self.audit.is_some()
    }

    /// Before a run fetches anything: the log must take its records ([`Audit::check`]).
    pub(crate) fn check(&self) -> Result<(), Error> {
        match &self.audit {
            Some(audit) => audit.check(),
            None => Ok(()),
        }
    }

    /// Before writing output that shows `seen`: its records, on disk.
    pub(crate) fn seen(&self, seen: &Seen) -> Result<(), Error> {
        match &self.audit {
            Some(audit) => self.appended(audit.append_seen(self.via, None, seen)?),
            None => Ok(()),
        }
    }

    /// Before writing `codes` (in the order they will be written), each showing at most the
    /// personal fields `fields`: one record per 1,000 codes (nothing when `fields` or `codes`
    /// is empty).
    /// Codes that then fail or are not found are logged too: over-logging is safe.
    pub(crate) fn codes(&self, codes: &[String], fields: &[String]) -> Result<(), Error> {
        match &self.audit {
            Some(audit) if !fields.is_empty() && !codes.is_empty() => self.appended(
                audit.append_codes(self.via, codes, fields.to_vec(), audit.reason.clone())?,
            ),
            _ => Ok(()),
        }
    }
}

/// The names of the candidate's personal fields whose bits ([`held`]) are set, in the list's
/// order.
pub(crate) fn field_names(bits: u8) -> Vec<String> {
    personal::of(Record::Candidate)
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, f)| f.to_string())
        .collect()
}

/// Add to `seen` what printing `item` (a record of `kind`) shows: with `fields` (`--fields`),
/// only the personal fields those paths cover; the candidate's code is always taken (it says
/// whose data it was, even when the code itself is not printed).
pub(crate) fn see(seen: &mut Seen, kind: Kind, item: &Value, fields: Option<&[String]>) {
    match kind {
        Kind::Candidate | Kind::Application => candidate(seen, item, "", fields),
        Kind::Submission => submission(seen, item, None, fields),
        Kind::Interview => {
            if let Some(c) = item.get("candidate") {
                candidate(seen, c, "candidate.", fields);
            }
        }
        Kind::Evaluation => {
            if let Some(c) = item.get("candidate") {
                candidate(seen, c, "candidate.", fields);
            }
            if shows(fields, "member_scores.*.user.phone") {
                members(seen, item);
            }
        }
        _ => {}
    }
}

/// Answers and payloads of any shape (`recruit api`, the listener's printed events, stored
/// events: their shapes are undocumented): every object holding a personal value of the one
/// list is counted, named by the candidate code it holds (`code`, `candidate_code`) or, for
/// an object inside a record (`applicant.contact.email`), by the nearest code around it;
/// with none it is counted, not named. A `name` counts on an object with a code or another
/// personal value, or inside one. Below a thing's key (a job, a stage, a form:
/// [`personal::THING_KEYS`]) a `code` is the thing's, not a candidate's. Evaluations'
/// members are taken as members; members elsewhere (`user`, `managers`, `mentions`) are no
/// candidates and their fields are not on the list.
pub(crate) fn scan(seen: &mut Seen, v: &Value) {
    scan_in(seen, v, None, false)
}

/// [`scan`] of `v`, inside a record with the candidate code `around` (if any), below a
/// thing's key when `thing`.
fn scan_in(seen: &mut Seen, v: &Value, around: Option<&str>, thing: bool) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| scan_in(seen, i, around, thing)),
        Value::Object(m) => {
            let text = |k: &str| m.get(k).and_then(Value::as_str);
            let own = text("candidate_code").or(if thing { None } else { text("code") });
            let code = own.or(around);
            let mut view = Map::new();
            let held = |k: &str| m.get(k).filter(|x| holds(x)).cloned();
            for f in personal::of(Record::Candidate).filter(|f| *f != "name") {
                if let Some(x) = held(f) {
                    view.insert(f.into(), x);
                }
            }
            for (key, f) in personal::IN_SUBMISSION {
                if let Some(x) = held(key) {
                    view.insert((*f).into(), x);
                }
            }
            if let Some(x) = held("name").filter(|_| code.is_some() || !view.is_empty()) {
                view.insert("name".into(), x);
            }
            if !view.is_empty() {
                if let Some(c) = code {
                    view.insert("code".into(), Value::String(c.to_string()));
                }
                seen.candidate(&Value::Object(view));
            }
            if m.contains_key("member_scores") {
                members(seen, v);
            }
            for (k, child) in m {
                if personal::MEMBER_KEYS.contains(&k.as_str()) {
                    continue;
                }
                let under_thing = personal::THING_KEYS.contains(&k.as_str());
                scan_in(seen, child, code.filter(|_| !under_thing), under_thing);
            }
        }
        _ => {}
    }
}

/// A value the log counts: not null, not empty text.
fn holds(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::String(s) => !s.trim().is_empty(),
        _ => true,
    }
}

/// The members of an evaluation (`member_scores[].user`).
fn members(seen: &mut Seen, evaluation: &Value) {
    let scores = evaluation.get("member_scores").and_then(Value::as_array);
    for user in scores.into_iter().flatten().filter_map(|s| s.get("user")) {
        seen.member(user);
    }
}

/// Which of a candidate's personal fields writing `c` shows (with `fields`, only those they
/// cover), one bit per field of the list in its order, for a sync's page ([`field_names`]):
/// no text is copied, so a mirror's 20,000 candidates cost the log a few lookups each.
pub(crate) fn held(c: &Value, fields: Option<&[String]>) -> u8 {
    let mut mask = 0;
    for (i, f) in personal::of(Record::Candidate).enumerate() {
        if c.get(f).is_some_and(holds) && shows(fields, f) {
            mask |= 1 << i;
        }
    }
    mask
}

/// What the wizard's application shows: the personal fields answered (each answer is an
/// object keyed by the API's field names, `{"email": ...}`) and the new candidate's `code`
/// when the service's answer has one.
pub(crate) fn application(answers: &[&Value], answer: Option<&Value>) -> Seen {
    let mut merged = Map::new();
    let code = answer
        .map(|a| a.get("resource").unwrap_or(a))
        .and_then(|r| r.get("code"));
    if let Some(code) = code {
        merged.insert("code".into(), code.clone());
    }
    for a in answers.iter().filter_map(|a| a.as_object()) {
        for f in personal::of(Record::Candidate) {
            if let Some(v) = a.get(f).filter(|v| holds(v)) {
                merged.insert(f.into(), v.clone());
            }
        }
    }
    let mut seen = Seen::default();
    if merged.len() > usize::from(code.is_some()) {
        seen.candidate(&Value::Object(merged));
    }
    seen
}

/// A form submission: it names its candidate's `name` and `email` (`candidate_name`,
/// `candidate_email`, [`personal::IN_SUBMISSION`]); `code` is the candidate's when the
/// command knows it (`submissions list C1`, an export), else the submission's own
/// `candidate_code` if the service sent one.
pub(crate) fn submission(
    seen: &mut Seen,
    item: &Value,
    code: Option<&str>,
    fields: Option<&[String]>,
) {
    let code = code.or_else(|| item.get("candidate_code").and_then(Value::as_str));
    let mut c = personal::candidate_of_submission(item, code);
    if let Value::Object(m) = &mut c {
        // `--fields` names the submission's keys, not the list's.
        m.retain(|k, _| {
            k == "code"
                || personal::IN_SUBMISSION
                    .iter()
                    .any(|(key, field)| field == k && shows(fields, key))
        });
    }
    if c.as_object().is_some_and(|m| m.keys().any(|k| k != "code")) {
        seen.candidate(&c);
    }
}

/// The list's fields a form submission can show under `--fields` (none: every one).
pub(crate) fn submission_fields(fields: Option<&[String]>) -> Vec<String> {
    personal::IN_SUBMISSION
        .iter()
        .filter(|(key, _)| shows(fields, key))
        .map(|(_, field)| field.to_string())
        .collect()
}

/// The list's fields a candidate record can show under `--fields` (none: every one).
pub(crate) fn candidate_fields(fields: Option<&[String]>) -> Vec<String> {
    personal::of(Record::Candidate)
        .filter(|f| shows(fields, f))
        .map(str::to_string)
        .collect()
}

/// A candidate object at `prefix` of the printed item.
fn candidate(seen: &mut Seen, c: &Value, prefix: &str, fields: Option<&[String]>) {
    if fields.is_none() {
        seen.candidate(c);
        return;
    }
    // What the output holds of it: its code, and the personal fields the paths cover.
    let mut view = Map::new();
    if let Some(code) = c.get("code") {
        view.insert("code".into(), code.clone());
    }
    for f in personal::of(Record::Candidate) {
        if shows(fields, &format!("{prefix}{f}")) {
            if let Some(v) = c.get(f) {
                view.insert(f.into(), v.clone());
            }
        }
    }
    seen.candidate(&Value::Object(view));
}

/// Whether `--fields` (none: every field) shows the value at `location` (`*` for any index):
/// a path names it or one of the objects it is in.
fn shows(fields: Option<&[String]>, location: &str) -> bool {
    let Some(paths) = fields else { return true };
    let at: Vec<&str> = location.split('.').collect();
    paths.iter().any(|p| {
        let parts: Vec<&str> = p.trim().split('.').collect();
        parts.len() <= at.len()
            && parts
                .iter()
                .zip(&at)
                .all(|(a, b)| a == b || (*b == "*" && a.parse::<usize>().is_ok()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_exports_fields_are_those_it_can_show() {
        assert_eq!(submission_fields(None), ["name", "email"]);
        let only = ["code".to_string(), "candidate_name".to_string()];
        assert_eq!(submission_fields(Some(&only)), ["name"]);
        assert_eq!(candidate_fields(Some(&only)), Vec::<String>::new());
        let only = ["code".to_string(), "phone".to_string()];
        assert_eq!(candidate_fields(Some(&only)), ["phone"]);
        assert_eq!(candidate_fields(None).len(), 6);
        assert_eq!(field_names(0b101), ["name", "phone"]);
    }

    #[test]
    fn the_kind_decides_and_fields_narrow_it() {
        let c = json!({"code": "C1", "name": "김", "email": "", "phone": null, "stage": "x"});
        let mut s = Seen::default();
        see(&mut s, Kind::Candidate, &c, None);
        assert_eq!(s.fields(), ["name"]);
        let mut s = Seen::default();
        let only = vec!["code".to_string(), "stage".to_string()];
        see(&mut s, Kind::Candidate, &c, Some(&only));
        assert!(s.is_empty());
        assert_eq!(s.count(), 1);
        let ev = json!({"code": "E1", "candidate": c,
            "member_scores": [{"user": {"name": "Lee", "phone": "010"}}]});
        let mut s = Seen::default();
        see(&mut s, Kind::Evaluation, &ev, None);
        assert_eq!(s.fields(), ["name", "member.phone"]);
        let mut s = Seen::default();
        let only = vec!["candidate.name".to_string()];
        see(&mut s, Kind::Evaluation, &ev, Some(&only));
        assert_eq!(s.fields(), ["name"]);
        let mut s = Seen::default();
        see(&mut s, Kind::Form, &c, None);
        assert!(s.is_empty());
    }

    #[test]
    fn a_raw_answer_is_scanned_for_candidates() {
        let body = json!({"collection": [
            {"code": "J1", "title": "Designer", "managers": [{"code": "M1", "name": "Kim", "phone": "1"}]},
            {"code": "C9", "email": "a@b", "job": {"code": "J1"}},
        ]});
        let mut s = Seen::default();
        scan(&mut s, &body);
        assert_eq!(s.fields(), ["email"]);
        assert_eq!(s.count(), 1);
        // Payloads of any shape: a code under any key, personal values deeper inside, a
        // submission's flat keys, and a stage's name (a thing's) that is no one's.
        let event = json!({"action": "candidate_stage_changed", "payload": {
            "applicant": {"code": "C7", "name": "Kim", "contact": {"email": "k@x", "phone": ""}},
            "current_stage": {"code": "S2", "name": "1차 면접"},
            "rows": [{"candidate_code": "C8", "candidate_name": "Lee"}, {"birth": "1990-01-01"}],
        }});
        let mut s = Seen::default();
        scan(&mut s, &event);
        assert_eq!(s.fields(), ["name", "email", "birth"]);
        let e = s.entries("a@default", Via::Listen, "listen", None, false);
        assert_eq!(e[0].candidates, ["C7", "C8"]);
        assert_eq!(
            e[0].count, 3,
            "the birth with no code is counted, not named"
        );
        let mut s = Seen::default();
        scan(
            &mut s,
            &json!({"stage": {"code": "S1", "name": "서류"}, "job": {"code": "J1"}}),
        );
        assert!(s.is_empty());
    }
}
