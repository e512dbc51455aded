//! The destruction register: `erasures.jsonl` in the data directory, one JSON line per
//! erased candidate: `{at, actor, candidate, stage, fields, stores, reason}`. Appended (under
//! a lock, private, synced) by every erasure, retention run and `sync purge`; read by
//! `recruit privacy register`.

use std::path::PathBuf;

use serde_json::Value;

use crate::error::Error;

/// The register's file name in the data directory.
pub const FILE: &str = "erasures.jsonl";

pub(crate) fn path() -> PathBuf {
    recruit_client::files::data_dir().join(FILE)
}

/// One erased candidate, as the register keeps it (its JSON: these keys in this order).
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct Row {
    pub at: String,
    pub actor: String,
    pub candidate: String,
    /// Its stage in the mirror when erased; none when the mirror did not have it.
    pub stage: Option<String>,
    /// The personal fields that held a value (the contract's names).
    pub fields: Vec<String>,
    /// Where its data was erased: `mirror`, `relay`, `export journal`.
    pub stores: Vec<String>,
    pub reason: Option<String>,
}

/// Append `rows`, one line each, in order.
pub(crate) fn append(rows: &[Row]) -> Result<(), Error> {
    let path = path();
    for r in rows {
        let line = serde_json::to_string(r)
            .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-json-encode")));
        recruit_client::files::append_line(&path, &line)?;
    }
    Ok(())
}

/// Every row, oldest first. A line that is not JSON is said as an error naming it: the
/// register is evidence, a silently dropped row would hide a change to it.
pub(crate) fn rows() -> Result<Vec<Value>, Error> {
    let path = path();
    recruit_client::files::read_lines(&path)?
        .iter()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str::<Value>(line).map_err(|e| {
                Error::other(msg!(
                    "privacy-register-damaged",
                    path = path.display().to_string(),
                    line = i + 1,
                    why = crate::error::cause_of(&e)
                ))
            })
        })
        .collect()
}

/// Remove the rows of erasures before `before` (by their `at`), atomically, under the
/// register's lock (`audit prune`: the register grows forever otherwise). A row whose `at`
/// cannot be read is kept: it is evidence. Returns how many rows went.
pub(crate) fn prune(before: chrono::DateTime<chrono::Local>) -> Result<u64, Error> {
    recruit_client::files::remove_lines(&path(), |line| {
        serde_json::from_str::<Value>(line)
            .ok()
            .and_then(|v| {
                v["at"]
                    .as_str()
                    .and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok())
            })
            .is_some_and(|at| at < before)
    })
}
