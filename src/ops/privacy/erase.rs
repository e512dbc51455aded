//! Erasure's one code path: `privacy erase`, `privacy retention` and `sync purge` each choose
//! the candidates and the stores, ask, and then call [`carry_out`], which removes the
//! personal data store by store, appends the destruction register's rows and the access
//! log's `erase` record, and hands back what it did ([`Done`]; the CLI says it).
//!
//! The stores, in order: the mirror (`Mirror::purge_codes`: personal columns and `data`
//! nulled, memos and submissions deleted, no readable copy left), the relay's store, a file
//! or PostgreSQL (`Store::erase`: each event keeps its id, action, times and status, the
//! personal values of its payload become null), and the exports the export registry knows: their
//! output files (`FILE`, `FILE.partial`) are the user's and are only listed; the journal
//! `FILE.progress` of an unfinished one gets the erased candidates as done (see
//! `crate::export::journal::withhold`), so `--resume` never fetches them again.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::{json, Value};

use super::register::Row;
use crate::error::Error;
use crate::export::journal::{self, Withheld};
use crate::sync::{MirrorActor, Purged};
use crate::webhook::store::Store;

/// A store an erasure goes through: opened, or said to be absent (skipped), or not one this
/// command touches.
pub(crate) enum Place<T> {
    Here(T),
    /// Where it would be, shown (a PostgreSQL address without its password).
    Absent(String),
    NotAsked,
}

/// The stores of one erasure, found before anything is changed.
pub(crate) struct Stores {
    pub mirror: Place<MirrorActor>,
    /// The relay's store: an existing file, or a PostgreSQL address.
    pub relay: Place<crate::sync::Target>,
    /// Go through the exports the registry knows.
    pub exports: bool,
}

/// One export the registry names.
#[derive(Debug, Clone)]
pub(crate) struct ExportSeen {
    pub output: PathBuf,
    /// Its files that exist (`FILE`, `FILE.partial`): they may hold the candidates' data and
    /// are not touched.
    pub files: Vec<PathBuf>,
    /// The access-log records its exports appended ([`crate::export::registry::logged`]).
    pub logged: Vec<crate::export::registry::Logged>,
    /// Whether the access log tells that its files hold the candidates erased (set by
    /// [`named`]; `files` then keeps only those that may).
    pub holds: Holds,
    /// The journal of an unfinished export.
    pub journal: Option<PathBuf>,
    /// What was done to that journal: withheld, or why not (damaged: `--resume` refuses it).
    pub withheld: Option<Result<Option<Withheld>, Error>>,
}

/// What the access log says of an export's files and the candidates erased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Holds {
    /// These records of the export name at least one of them.
    Named(Vec<u64>),
    /// Its records name none of them: its files are not listed.
    NotNamed,
    /// The log cannot tell (it is off, the export logged no record, or a record is gone or
    /// kept only some of its codes): its files may hold them.
    Unknown,
}

/// What an erasure did.
pub(crate) struct Done {
    pub mirror: Erased<Purged>,
    pub relay: Erased<crate::webhook::store::ErasedEvents>,
    pub exports: Vec<ExportSeen>,
    /// The register's rows written (one per candidate found in the mirror or the relay).
    pub rows: Vec<Row>,
    /// Asked for, found in neither the mirror nor the relay's store.
    pub not_found: Vec<String>,
    /// The access log is off: it cannot tell which export files hold the candidates.
    pub log_off: bool,
}

/// What erasing did in one store, and where that store is (as shown to people; empty where
/// it was not asked).
pub(crate) struct Erased<T> {
    /// `None`: not asked, or absent (`shown` says where it was looked for).
    pub outcome: Option<Result<T, Error>>,
    pub shown: String,
}

impl<T> Erased<T> {
    pub(crate) fn not_asked() -> Erased<T> {
        Erased {
            outcome: None,
            shown: String::new(),
        }
    }

    pub(crate) fn done(&self) -> Option<&T> {
        self.outcome.as_ref().and_then(|r| r.as_ref().ok())
    }

    pub(crate) fn failed(&self) -> Option<&Error> {
        self.outcome.as_ref().and_then(|r| r.as_ref().err())
    }
}

impl Done {
    /// The first store that failed, as the command's error (the others were still done).
    pub(crate) fn failure(&self) -> Option<Error> {
        let mirror = self.mirror.failed();
        let relay = self.relay.failed();
        let export = self
            .exports
            .iter()
            .find_map(|e| e.withheld.as_ref().and_then(|w| w.as_ref().err()));
        mirror.or(relay).or(export).cloned()
    }
}

/// The exports the registry names whose files still exist, each with its journal when
/// unfinished.
pub(crate) fn exports_known() -> Result<Vec<ExportSeen>, Error> {
    use crate::export::sink::{journal_path, partial_path};
    let mut out = Vec::new();
    for crate::export::registry::Output {
        path: output,
        records: logged,
    } in crate::export::registry::outputs()?
    {
        let files: Vec<PathBuf> = [output.clone(), partial_path(&output)]
            .into_iter()
            .filter(|p| p.symlink_metadata().is_ok())
            .collect();
        let journal = Some(journal_path(&output)).filter(|p| p.symlink_metadata().is_ok());
        if files.is_empty() && journal.is_none() {
            continue;
        }
        out.push(ExportSeen {
            output,
            files,
            logged,
            holds: Holds::Unknown,
            journal,
            withheld: None,
        });
    }
    Ok(out)
}

/// Which exports' files may hold `codes`, by the access-log records each export appended:
/// an export whose records (all still in the log, each with every code it showed) name
/// none of them holds none, and its files are not listed. `log` is none when the access log
/// is off: then every file may hold them.
pub(crate) fn named(
    exports: &mut [ExportSeen],
    codes: &[String],
    log: Option<&recruit_audit::Log>,
) -> Result<(), Error> {
    let Some(log) = log else {
        return Ok(());
    };
    // Only the exports' records are kept (the log may be long).
    let wanted: std::collections::HashSet<u64> = exports
        .iter()
        .flat_map(|e| e.logged.iter().map(|l| l.seq))
        .collect();
    let records: std::collections::HashMap<u64, recruit_audit::Record> = match wanted.is_empty() {
        true => Default::default(),
        false => log
            .records()?
            .into_iter()
            .filter(|r| wanted.contains(&r.seq))
            .map(|r| (r.seq, r))
            .collect(),
    };
    for e in exports {
        let mut naming = Vec::new();
        let mut complete = !e.logged.is_empty();
        for l in &e.logged {
            // The same seq with another hash is another log's record: it tells nothing.
            match records.get(&l.seq).filter(|r| r.hash == l.hash) {
                Some(r) if r.candidates.iter().any(|c| codes.contains(c)) => naming.push(l.seq),
                // A record that kept only its first codes may not show one that was written.
                Some(r) if r.count <= r.candidates.len() as u64 => {}
                _ => complete = false,
            }
        }
        e.holds = if !naming.is_empty() {
            Holds::Named(naming)
        } else if complete {
            e.files.clear();
            Holds::NotNamed
        } else {
            Holds::Unknown
        };
    }
    Ok(())
}

/// The candidates of the mirror `rule` takes (not erased yet). When there are none and this
/// is no dry run, the scrub an earlier erasure could not finish (a WAL a reader held) is
/// done now, so running the same command again is the fix that erasure named.
pub(crate) async fn preview(
    mirror: &MirrorActor,
    rule: &crate::sync::PurgeRule,
    dry_run: bool,
) -> Result<Vec<String>, Error> {
    let r = rule.clone();
    let codes = mirror.call(move |m| m.purge_preview(&r)).await?;
    if codes.is_empty() && !dry_run {
        mirror.call(move |m| m.purge_codes(&[], "")).await?;
    }
    Ok(codes)
}

/// -o json of a run by `rule` that erases nothing: a dry run (the candidates of `preview` it
/// would erase) or none matched. `done` and `would` name its counts (`erased`/`would_erase`
/// for `privacy retention`, `purged`/`would_purge` for `sync purge`).
pub(crate) fn nothing_erased(
    done: &str,
    would: &str,
    dry_run: bool,
    preview: Vec<String>,
    rule: &crate::sync::PurgeRule,
) -> Value {
    json!({
        done: 0,
        would: if dry_run { Some(preview.len()) } else { None },
        "candidates": if dry_run { preview } else { Vec::new() },
        "rule": rule.text,
    })
}

/// Remove the personal data of `codes` from `stores` (asked and confirmed before), then
/// record it: a register row per candidate found, one access-log record for the run. `why`
/// is kept in the mirror's `purges` table; `reason` is the user's `--reason`.
pub(crate) async fn carry_out(
    with: &EraseWith,
    codes: &[String],
    why: &str,
    stores: &Stores,
    reason: Option<String>,
) -> Result<Done, Error> {
    let mut done = Done {
        mirror: Erased::not_asked(),
        relay: Erased::not_asked(),
        exports: Vec::new(),
        rows: Vec::new(),
        not_found: Vec::new(),
        log_off: false,
    };
    match &stores.mirror {
        Place::Here(m) => {
            done.mirror.shown = m.shown.clone();
            let (c, w) = (codes.to_vec(), why.to_string());
            done.mirror.outcome = Some(m.call(move |m| m.purge_codes(&c, &w)).await);
        }
        Place::Absent(s) => done.mirror.shown = s.clone(),
        Place::NotAsked => {}
    }
    match &stores.relay {
        Place::Here(target) => {
            done.relay.shown = target.shown();
            // A database without the relay's tables is skipped, as a file that is not there.
            done.relay.outcome = match Store::open_if_there(target, &with.net.clone()?) {
                Ok(Some(s)) => Some(s.erase(codes)),
                Ok(None) => None,
                Err(e) => Some(Err(e)),
            };
        }
        Place::Absent(s) => done.relay.shown = s.clone(),
        Place::NotAsked => {}
    }
    if stores.exports {
        done.exports = exports_known()?;
        let log = with.log.clone()?;
        done.log_off = log.is_none();
        named(&mut done.exports, codes, log.as_ref())?;
        for e in &mut done.exports {
            if let Some(j) = &e.journal {
                e.withheld = Some(journal::withhold(j, codes));
            }
        }
    }
    done.rows = rows(with, codes, &done, reason.clone());
    let found: BTreeSet<&str> = done.rows.iter().map(|r| r.candidate.as_str()).collect();
    done.not_found = codes
        .iter()
        .filter(|c| !found.contains(c.as_str()))
        .cloned()
        .collect();
    // Recorded even when a store failed: what was erased stays erased.
    super::register::append(&done.rows)?;
    log_erasure(with.audit.clone()?, codes, &done.rows, reason)?;
    Ok(done)
}

/// What an erasure uses besides the stores: each setting as it was read, its error the run's
/// only where the run needs it (as when it was read there).
pub(crate) struct EraseWith {
    /// For a PostgreSQL relay store.
    pub net: Result<crate::api::NetSettings, Error>,
    /// The access log's file, when it is on (`audit = on`): which export files hold whom.
    pub log: Result<Option<recruit_audit::Log>, Error>,
    /// The run's access log (none: off), for its `erase` record.
    pub audit: Result<Option<crate::audit::Audit>, Error>,
    /// Who runs it, as the register and the log name them.
    pub actor: String,
    pub clock: crate::clock::SharedClock,
}

/// Append the run's `erase` record: the candidates asked for, the personal fields erased
/// (those any of them held, in the one list's order). `audit = off` turns the whole log off,
/// this record with it.
fn log_erasure(
    audit: Option<crate::audit::Audit>,
    codes: &[String],
    rows: &[Row],
    reason: Option<String>,
) -> Result<(), Error> {
    use recruit_client::personal::{of, Record};
    let fields: Vec<String> = of(Record::Candidate)
        .filter(|f| rows.iter().any(|r| r.fields.iter().any(|x| x == f)))
        .map(|f| f.to_string())
        .collect();
    match audit {
        Some(audit) => audit.append_done(recruit_audit::Via::Erase, codes, fields, reason),
        None => Ok(()),
    }
}

/// A register row for each candidate the mirror or the relay's store held.
fn rows(with: &EraseWith, codes: &[String], done: &Done, reason: Option<String>) -> Vec<Row> {
    let at = with
        .clock
        .utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let actor = with.actor.clone();
    let purged = done.mirror.done();
    let relay = done.relay.done();
    let withheld_somewhere = |code: &String| {
        done.exports
            .iter()
            .any(|e| matches!(&e.withheld, Some(Ok(Some(w))) if w.withheld.contains(code)))
    };
    let mut out = Vec::new();
    for code in codes {
        let in_mirror = purged.and_then(|p| p.erased.iter().find(|e| &e.code == code));
        let in_relay = relay.is_some_and(|r| r.codes.contains(code));
        if in_mirror.is_none() && !in_relay {
            continue;
        }
        let mut stores = Vec::new();
        if in_mirror.is_some() {
            stores.push("mirror".to_string());
        }
        if in_relay {
            stores.push("relay".to_string());
        }
        if withheld_somewhere(code) {
            stores.push("export journal".to_string());
        }
        out.push(Row {
            at: at.clone(),
            actor: actor.clone(),
            candidate: code.clone(),
            stage: in_mirror.and_then(|e| e.stage.clone()),
            fields: in_mirror
                .map(|e| e.fields.iter().map(|f| f.to_string()).collect())
                .unwrap_or_default(),
            stores,
            reason: reason.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    /// The erase record's command line is the access log's ([`crate::audit::command_text`]).
    fn command_line(argv: impl Iterator<Item = String>) -> String {
        let tree = crate::cli::command_tree();
        crate::audit::command_text(Some(&tree), &argv.collect::<Vec<_>>())
    }

    #[test]
    fn keys_and_database_passwords_never_reach_the_log() {
        let argv = [
            "recruit",
            "--api-key",
            "sk-live-1",
            "--signing-key=whsec_2",
            "privacy",
            "erase",
            "C1",
            "--db=postgres://bi:pw-3@db/recruiting",
            "--store",
            "postgresql://u:pw-4@h/ev",
        ]
        .map(String::from);
        let line = command_line(argv.into_iter());
        for secret in ["sk-live-1", "whsec_2", "pw-3", "pw-4"] {
            assert!(!line.contains(secret), "{line}");
        }
        assert!(
            line.contains("privacy erase C1 --db postgres://bi:***@db/recruiting"),
            "{line}"
        );
    }
}
