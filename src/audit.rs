//! The access log's front end (cli.md, "Personal data: one list, an access log, erasure and
//! retention"): the one place that decides who the actor is, what the command was, which
//! output holds personal data and when its record is appended. The log itself (its file, its
//! lock and its chain) is `recruit-audit`'s; the output writers, the exports, sync, the wizard
//! and the MCP server come here.
//!
//! The rules:
//! - one record per command or MCP tool call whose output holds a personal value (the one
//!   list of [`recruit_client::personal`]; a field counts when its value is neither null nor
//!   empty), appended BEFORE that output is written: a single answer, a table, one page, a
//!   buffered JSON array are logged, then written;
//! - streamed output (`--all` with ndjson, csv or json; an export; a sync) is one record per
//!   run, appended when the run ends, before its output is committed (an export's FILE.partial
//!   renamed to FILE, a sync's run finished in the mirror), and also when the run stops early
//!   (an error, Ctrl-C): [`RunLog`] is that one guard; codes up to 1,000, the count always;
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
use std::sync::{Arc, Mutex};

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
    /// Where a record that could not be appended after its run stopped is reported.
    err: Option<crate::io::ErrStream>,
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
            err: Some(self.io.err_stream()),
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
            return Err(Error::usage(crate::t!(
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
    /// directory) must take an append. Streamed output is logged at its end; this is asked
    /// before its first byte, so an unwritable log stops the run before anything personal is
    /// written (the same error as a failed append).
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
            crate::t!(
                "audit-cannot-append",
                path = self.path.display().to_string(),
                error = error
            ),
        )
    }

    /// Append one record of what `seen` holds (nothing when it holds no personal value). A
    /// failure is the command's (exit 1), naming the log and how to fix it.
    pub(crate) fn append(&self, via: Via, command: Option<&str>, seen: &Seen) -> Result<(), Error> {
        self.append_counted(via, command, seen, 0).map(drop)
    }

    /// Append a record of `candidates` (all of them counted) and `fields` that no output
    /// showed but a run did to them (an erasure), with this run's actor, command line and
    /// `reason`.
    pub(crate) fn append_done(
        &self,
        via: Via,
        candidates: &[String],
        fields: Vec<String>,
        reason: Option<String>,
    ) -> Result<(), Error> {
        let entry = recruit_audit::Entry {
            actor: self.actor.clone(),
            via,
            agent: None,
            command: self.command.clone(),
            candidates: candidates.to_vec(),
            count: candidates.len() as u64,
            fields,
            reason: scrubbed(reason),
            sandbox: self.sandbox,
        };
        self.log
            .append(&entry)
            .map(drop)
            .map_err(|e| self.cannot_append(e.message.to_string()))
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
        let entry = recruit_audit::Entry {
            actor: self.actor.clone(),
            via: Via::Config,
            agent: None,
            command,
            candidates: Vec::new(),
            count: 0,
            fields: Vec::new(),
            reason: scrubbed(self.reason.clone()),
            sandbox: self.sandbox,
        };
        self.log
            .append(&entry)
            .map(drop)
            .map_err(|e| self.cannot_append(e.message.to_string()))
    }

    /// [`Audit::append`], `extra` candidates counted beyond those `seen` names (a bulk run's
    /// past the first 1,000 codes); the record appended, if one was.
    fn append_counted(
        &self,
        via: Via,
        command: Option<&str>,
        seen: &Seen,
        extra: u64,
    ) -> Result<Option<recruit_audit::Record>, Error> {
        if seen.is_empty() {
            return Ok(None);
        }
        let mut entry = seen.entry(
            self.actor.clone(),
            via,
            command.unwrap_or(&self.command).to_string(),
            scrubbed(self.reason.clone()),
            self.sandbox,
        );
        entry.count += extra;
        if via == Via::Mcp {
            entry.agent = self.agent.clone();
        }
        self.log
            .append(&entry)
            .map(Some)
            .map_err(|e| self.cannot_append(e.message.to_string()))
    }
}

/// A reason as the log keeps it: every registered secret (the API key, signing keys,
/// passwords) redacted, so a key pasted into a reason never reaches the log.
fn scrubbed(reason: Option<String>) -> Option<String> {
    reason.map(|r| crate::redact::scrub(&r))
}

/// What a streamed run (a list walked with `--all`, an export, a sync) showed, and its one
/// record: appended by [`RunLog::commit`] when the run ends, before its output is committed,
/// or, when the run stops early (an error, Ctrl-C) after writing personal output, when the
/// guard is dropped. Threads that write (an export's writer, sync's workers) feed it through a
/// [`RunTap`].
pub(crate) struct RunLog {
    audit: Option<Audit>,
    via: Via,
    state: Arc<Mutex<RunState>>,
    /// An export's output file: each record appended is named to the export registry
    /// ([`crate::export::registry::logged`]), so erasure knows whom the file holds.
    output: Option<std::path::PathBuf>,
}

#[derive(Default)]
struct RunState {
    seen: Seen,
    /// The candidates written by a bulk run (an export, a sync), kept lean: the first
    /// [`recruit_audit::MAX_CODES`] codes, the count, the fields any of them held.
    bulk: Bulk,
    /// Personal output was written (a guard dropped before anything was written logs nothing).
    wrote: bool,
    logged: bool,
}

#[derive(Default)]
struct Bulk {
    codes: Vec<String>,
    count: u64,
    held: u8,
}

impl RunState {
    /// What the run showed: what was seen, and the bulk's codes (each with the fields held),
    /// its count added.
    fn seen(&self) -> (Seen, u64) {
        let mut seen = self.seen.clone();
        let mut fields = Map::new();
        for (i, f) in personal::of(Record::Candidate).enumerate() {
            if self.bulk.held & (1 << i) != 0 {
                fields.insert(f.into(), Value::Bool(true));
            }
        }
        for code in &self.bulk.codes {
            let mut view = fields.clone();
            view.insert("code".into(), Value::String(code.clone()));
            seen.candidate(&Value::Object(view));
        }
        let extra = self.bulk.count - self.bulk.codes.len() as u64;
        (seen, extra)
    }
}

/// A handle on a [`RunLog`] for the threads that write.
#[derive(Clone)]
pub(crate) struct RunTap(Option<Arc<Mutex<RunState>>>);

impl RunTap {
    /// A candidate written, with the personal fields it showed ([`held`]); each candidate of
    /// a run once (an export's and a sync's are).
    pub(crate) fn candidate(&self, code: &str, held: u8) {
        if let Some(state) = &self.0 {
            let mut s = state.lock().expect("audit lock");
            let b = &mut s.bulk;
            b.count += 1;
            b.held |= held;
            if b.codes.len() < recruit_audit::MAX_CODES {
                b.codes.push(code.to_string());
            }
            s.wrote = true;
        }
    }

    /// Whether the run is logged at all (`audit = on`): what is not logged need not be looked at.
    pub(crate) fn is_on(&self) -> bool {
        self.0.is_some()
    }
}

impl RunLog {
    /// `audit`: `None` when the log is off (the guard then does nothing).
    pub(crate) fn new(audit: Option<Audit>, via: Via) -> RunLog {
        RunLog {
            audit,
            via,
            state: Arc::default(),
            output: None,
        }
    }

    /// The run writes the export file `out` (registered in the export registry).
    pub(crate) fn for_output(mut self, out: Option<std::path::PathBuf>) -> RunLog {
        self.output = out;
        self
    }

    /// `record` was appended for this run: its export file's registry learns it.
    fn appended(&self, record: Option<recruit_audit::Record>) -> Result<(), Error> {
        match (&self.output, record) {
            (Some(out), Some(r)) => crate::export::registry::logged(out, r.seq, &r.hash),
            _ => Ok(()),
        }
    }

    pub(crate) fn tap(&self) -> RunTap {
        RunTap(self.audit.as_ref().map(|_| self.state.clone()))
    }

    pub(crate) fn is_on(&self) -> bool {
        self.audit.is_some()
    }

    /// Add what is about to be written (or was).
    pub(crate) fn see(&self, f: impl FnOnce(&mut Seen)) {
        if self.audit.is_some() {
            f(&mut self.state.lock().expect("audit lock").seen);
        }
    }

    /// Before a streamed run writes anything: the log must take its record ([`Audit::check`]).
    pub(crate) fn check(&self) -> Result<(), Error> {
        match &self.audit {
            Some(audit) => audit.check(),
            None => Ok(()),
        }
    }

    /// Whether what was seen so far holds a personal value.
    pub(crate) fn holds(&self) -> bool {
        self.audit.is_some() && {
            let s = self.state.lock().expect("audit lock");
            !s.seen.is_empty() || s.bulk.held != 0
        }
    }

    /// Personal output was written: a run stopped from now on is logged when dropped.
    pub(crate) fn wrote(&self) {
        if self.audit.is_some() {
            self.state.lock().expect("audit lock").wrote = true;
        }
    }

    /// Append the run's record now (once; nothing when nothing personal was seen).
    pub(crate) fn commit(&self) -> Result<(), Error> {
        let Some(audit) = &self.audit else {
            return Ok(());
        };
        let mut s = self.state.lock().expect("audit lock");
        if s.logged {
            return Ok(());
        }
        s.logged = true;
        let (seen, extra) = s.seen();
        let record = audit.append_counted(self.via, None, &seen, extra)?;
        self.appended(record)
    }
}

impl Drop for RunLog {
    /// A run that stopped after writing personal output without committing: its record now,
    /// of what was written. A failure can only be reported (the run is ending anyway).
    fn drop(&mut self) {
        let Some(audit) = &self.audit else { return };
        let Ok(s) = self.state.lock() else { return };
        if s.logged || !s.wrote {
            return;
        }
        let (seen, extra) = s.seen();
        drop(s);
        let appended = audit
            .append_counted(self.via, None, &seen, extra)
            .and_then(|record| self.appended(record));
        if let Err(e) = appended {
            match &audit.err {
                Some(err) => err.line(&format!("{}: {}", crate::t!("word-error"), e.message)),
                None => crate::elog!("error: {}", e.message),
            }
        }
    }
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

/// `recruit api`'s answers: every candidate-shaped object (a `code` and any of a candidate's
/// personal fields) and every evaluation's members, wherever they are. Members elsewhere
/// (`user`, `managers`, `mentions`) are no candidates and their fields are not on the list.
pub(crate) fn scan(seen: &mut Seen, v: &Value) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| scan(seen, i)),
        Value::Object(m) => {
            if m.contains_key("code")
                && personal::of(Record::Candidate).any(|f| m.get(f).is_some_and(holds))
            {
                seen.candidate(v);
            }
            if m.contains_key("member_scores") {
                members(seen, v);
            }
            // A submission (or a webhook's flat payload) names its candidate's name and email.
            if personal::IN_SUBMISSION
                .iter()
                .any(|(k, _)| m.get(*k).is_some_and(holds))
            {
                submission(seen, v, None, None);
            }
            for (k, child) in m {
                if !matches!(
                    k.as_str(),
                    "user" | "users" | "managers" | "mentions" | "member_scores"
                ) {
                    scan(seen, child);
                }
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
/// cover), one bit per field of the list in its order, for [`RunTap::candidate`]: no text is
/// copied, so an export's 20,000 candidates cost the log a few lookups each.
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
fn submission_fields(fields: Option<&[String]>) -> Vec<String> {
    personal::IN_SUBMISSION
        .iter()
        .filter(|(key, _)| shows(fields, key))
        .map(|(_, field)| field.to_string())
        .collect()
}

/// Which of a candidate's personal fields a form submission shows (the bits of [`held`]).
pub(crate) fn held_in_submission(item: &Value, fields: Option<&[String]>) -> u8 {
    let c = personal::candidate_of_submission(item, None);
    held(&c, Some(&submission_fields(fields)))
}

/// Every bit [`held_in_submission`] can give: a candidate's submissions need reading only
/// until these are all held.
pub(crate) fn submission_bits(fields: Option<&[String]>) -> u8 {
    let shown = submission_fields(fields);
    personal::of(Record::Candidate)
        .enumerate()
        .filter(|(_, f)| shown.iter().any(|s| s == f))
        .fold(0, |mask, (i, _)| mask | 1 << i)
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
    fn a_submissions_bits_are_those_it_can_show() {
        let sub = json!({"candidate_name": "Kim", "candidate_email": "k@example.com"});
        assert_eq!(submission_bits(None), held_in_submission(&sub, None));
        assert_eq!(
            submission_bits(None),
            0b11,
            "name and email, the list's first two"
        );
        let only = ["code".to_string(), "candidate_name".to_string()];
        assert_eq!(submission_bits(Some(&only)), 0b01);
        assert_eq!(held_in_submission(&sub, Some(&only)), 0b01);
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
    }
}
