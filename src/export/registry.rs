//! The export registry: `exports.jsonl` in the data directory, one line per export to a file
//! (`{"at", "output", "subject"}`), appended when the export starts. Exports write files
//! wherever the user asks; erasure (`recruit privacy erase`) reads this list to find the
//! unfinished exports' journals it must neutralize and the output files it must name (they
//! are the user's: listed, never touched). Private (0600), append-only, written under a lock
//! (see [`recruit_client::files::append_line`]).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::error::Error;

/// The registry's file name in the data directory.
pub const FILE: &str = "exports.jsonl";

pub(crate) fn path() -> PathBuf {
    recruit_client::files::data_dir().join(FILE)
}

/// Record that an export of `subject` to `out` starts. `out` is made absolute (its directory
/// resolved), so erasure finds it from any working directory.
pub(crate) fn record(out: &Path, subject: &str) -> Result<(), Error> {
    let line = json!({
        "at": crate::clock::system().utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "output": absolute(out).to_string_lossy(),
        "subject": subject,
    });
    recruit_client::files::append_line(&path(), &line.to_string())
}

/// Record that the export to `out` appended the access-log record `seq` whose hash is `hash`
/// (`{"at", "output", "seq", "hash"}`): the hook an export's audit path calls after each
/// record it appends, before the bytes that record covers are written. Erasure then names
/// the file only to the candidates its records name (see [`outputs`]); the hash makes sure a
/// seq of another log (one moved or started anew) is never taken for this one.
pub(crate) fn logged(out: &Path, seq: u64, hash: &str) -> Result<(), Error> {
    let line = json!({
        "at": crate::clock::system().utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "output": absolute(out).to_string_lossy(),
        "seq": seq,
        "hash": hash,
    });
    recruit_client::files::append_line(&path(), &line.to_string())
}

/// An access-log record an export appended: its seq and hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Logged {
    pub seq: u64,
    pub hash: String,
}

/// An output file the registry names, and the access-log records its exports appended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Output {
    pub path: PathBuf,
    /// The records [`logged`] recorded for it, in order (none: no export to it was logged,
    /// or it was written before exports said so).
    pub records: Vec<Logged>,
}

/// Every output file ever registered, once each, in the order first registered.
pub(crate) fn outputs() -> Result<Vec<Output>, Error> {
    let mut out: Vec<Output> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for line in recruit_client::files::read_lines(&path())? {
        // A line that is not ours (edited by hand) is passed over, not fatal: the others
        // still name files.
        let Some(v) = serde_json::from_str::<Value>(&line).ok() else {
            continue;
        };
        let Some(p) = v["output"].as_str().map(PathBuf::from) else {
            continue;
        };
        let at = *index.entry(p.clone()).or_insert_with(|| {
            out.push(Output {
                path: p,
                records: Vec::new(),
            });
            out.len() - 1
        });
        if let Some(seq) = v["seq"].as_u64() {
            let hash = v["hash"].as_str().unwrap_or_default().to_string();
            out[at].records.push(Logged { seq, hash });
        }
    }
    Ok(out)
}

/// `p` with its directory made absolute and resolved (the file itself may not exist yet).
fn absolute(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    match (abs.parent(), abs.file_name()) {
        (Some(dir), Some(name)) => dir
            .canonicalize()
            .map(|d| d.join(name))
            .unwrap_or_else(|_| abs.clone()),
        _ => abs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_output_is_recorded_absolute_and_read_back_once() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a").join("..").join("out.csv");
        std::fs::create_dir_all(dir.path().join("a")).unwrap();
        let abs = absolute(&p);
        assert_eq!(abs, dir.path().canonicalize().unwrap().join("out.csv"));
    }
}
