//! The access log's front end (cli.md, "Personal data: one list, an access log, erasure and
//! retention"): the one place that decides who the actor is, what the command was, which
//! output holds personal data and when its record is appended. The log itself (its file, its
//! lock and its chain) is `recruit-audit`'s; the exports, sync, the wizard and the MCP server
//! come here, and the output writers hand what they show to the [`Ledger`] plugged in here
//! ([`Ctx::output`]): output itself imports nothing of the log.
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

use crate::context::Ctx;
use crate::error::Error;
use crate::output::{Ledger, Output};

mod text;
// The judgement of what an output shows is the printer's (it hands it over before writing);
// named here too, where the exports, sync, the listener and MCP look for it.
pub(crate) use crate::output::shown::{
    application, candidate_fields, field_names, held, scan, see, submission, submission_fields,
};
pub(crate) use text::{command_text, mcp_command};

/// Who ran what (the actor and the command line as the log keeps them), worked out at the
/// first record: a run that shows no personal value (`forms get`) never reads the account
/// database nor builds the command tree the command line is read against.
struct Who {
    profile: String,
    tree: Option<fn() -> clap::Command>,
    argv: Vec<String>,
    actor: std::sync::OnceLock<String>,
    command: std::sync::OnceLock<String>,
}

impl Who {
    fn actor(&self) -> String {
        self.actor.get_or_init(|| actor(&self.profile)).clone()
    }

    fn command(&self) -> &str {
        self.command.get_or_init(|| {
            let tree = self.tree.map(|build| build());
            command_text(tree.as_ref(), &self.argv)
        })
    }
}

/// Where this run's records go and what each says besides what was shown: built once per
/// command from its context ([`Ctx::audit`]); `None` there when `audit = off`.
#[derive(Clone)]
pub(crate) struct Audit {
    log: Arc<Log>,
    path: PathBuf,
    who: Arc<Who>,
    reason: Option<String>,
    sandbox: bool,
    /// For an MCP tool call, the assistant that made it (its `initialize`'s `clientInfo`).
    agent: Option<recruit_audit::Agent>,
}

impl Ctx {
    /// The writer for results on stdout, each output holding a personal value recorded in
    /// this run's access log before its bytes ([`Ledger`]).
    pub(crate) fn output(&self) -> Result<Output, Error> {
        let ledger = self.audit()?.map(|a| Box::new(a) as Box<dyn Ledger>);
        Ok(Output::new(self.output_options()?, self.io.stdout())?
            .with_notes(self.io.err_stream())
            .with_ledger(ledger))
    }

    /// The access log of this run, or `None` with `audit = off`.
    pub(crate) fn audit(&self) -> Result<Option<Audit>, Error> {
        if !self.logs || !self.settings().audit()? {
            return Ok(None);
        }
        Ok(self.audit_whatever_its_setting())
    }

    /// The access log of this run even with `audit = off`, for a change of `audit` or
    /// `require_reason` (`config set`, `config unset`): the log being turned on, or off, says
    /// so itself. `None` only for a context made in-process, which logs nothing.
    pub(crate) fn audit_whatever_its_setting(&self) -> Option<Audit> {
        if !self.logs {
            return None;
        }
        let path = self.audit_log_path();
        let who = Who {
            profile: self.profile.clone(),
            tree: self.tree,
            argv: self.argv.clone(),
            actor: std::sync::OnceLock::new(),
            command: std::sync::OnceLock::new(),
        };
        Some(Audit {
            log: Arc::new(Log::new(path.clone(), crate::clock::system())),
            path,
            who: Arc::new(who),
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
        let command = command.unwrap_or_else(|| self.who.command());
        let mut appended = Vec::new();
        for mut entry in seen.entries(
            self.who.actor(),
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
                actor: self.who.actor(),
                via,
                agent: None,
                command: self.who.command().to_string(),
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
            actor: self.who.actor(),
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

/// The printer's records go to the log as any output's: one per up to 1,000 codes, appended
/// before the bytes they cover (the printer waits for `Ok`).
impl Ledger for Audit {
    fn append(&self, via: Via, seen: &Seen) -> Result<(), Error> {
        Audit::append(self, via, None, seen)
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
