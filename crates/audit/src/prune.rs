//! Pruning: the records of earlier months leave the log, and a checkpoint next to it
//! (`PATH.checkpoint`: the last removed record's seq and hash) is where the chain of the
//! records kept starts, so `verify` still proves every one of them.
//!
//! The order makes every crash leave a log that verifies: the records kept go to a new file
//! (synced); the anchor is set to the last record (held by the old file and the new one);
//! the checkpoint is replaced (temp file, sync, rename); then the new file replaces the log
//! (rename, the directory synced). A crash before the last rename leaves the old log with
//! the checkpoint's record still in it, which `verify` accepts when that record is the
//! checkpoint's. All of it under the log's exclusive lock: appenders wait, and then write
//! to the new file (see `Log::locked`).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use recruit_core::error::FileOp;
use recruit_core::{files, msg, Error, ExitKind};

use crate::chain::{self, Anchor};
use crate::log::{read_head, read_lines, sync_dir, Head};
use crate::{Break, Log, Record, Verdict};

/// What a prune did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pruned {
    /// The log does not verify: nothing was removed (a checkpoint would hide the break).
    Refused(Break),
    Done {
        /// How many records left the log.
        removed: u64,
        /// The checkpoint's seq now (the last record ever removed), if any.
        checkpoint: Option<u64>,
        /// How many records the log keeps.
        kept: u64,
    },
}

impl Log {
    /// The checkpoint's path: the log's with `.checkpoint` after it.
    pub fn checkpoint_path(&self) -> PathBuf {
        let mut name = self.path().as_os_str().to_owned();
        name.push(".checkpoint");
        PathBuf::from(name)
    }

    /// The checkpoint's seq: the last record a prune removed (none before any prune, or when
    /// the file is not one; `verify` names that).
    pub fn checkpoint(&self) -> Option<u64> {
        match read_head(&self.checkpoint_path()) {
            Anchor::At(seq, _) => Some(seq),
            _ => None,
        }
    }

    /// Removes the records from the first while `older` says so (never one after a record
    /// it keeps: the chain stays whole), and moves the checkpoint to the last removed. A log
    /// that does not verify is left as it is ([`Pruned::Refused`]).
    pub fn prune(&self, older: impl Fn(&Record) -> bool) -> Result<Pruned, Error> {
        let Some(mut file) = self.locked(|| self.open_read(), true)? else {
            return Ok(Pruned::Done {
                removed: 0,
                checkpoint: self.checkpoint(),
                kept: 0,
            });
        };
        let done = self.prune_locked(&mut file, older);
        let _ = file.unlock();
        done
    }

    fn prune_locked(
        &self,
        file: &mut File,
        older: impl Fn(&Record) -> bool,
    ) -> Result<Pruned, Error> {
        let lines = read_lines(file).map_err(|err| Error::file(FileOp::Read, self.path(), err))?;
        let anchor = read_head(&self.anchor_path());
        let checkpoint = read_head(&self.checkpoint_path());
        match chain::walk(&lines, &anchor, &checkpoint) {
            Verdict::Broken(b) => return Ok(Pruned::Refused(b)),
            Verdict::Empty | Verdict::Intact { .. } => {}
        }
        // Intact: every line is a record.
        let records: Vec<&Record> = lines
            .iter()
            .filter_map(|l| l.rec.as_ref().map(|(_, r)| r))
            .collect();
        // Records the checkpoint already covers (a prune that stopped before its rename) go too.
        let covered = match &checkpoint {
            Anchor::At(seq, _) => *seq,
            _ => 0,
        };
        let n = records
            .iter()
            .take_while(|r| r.seq <= covered || older(r))
            .count();
        let (Some(last_removed), Some(last)) =
            (n.checked_sub(1).map(|i| records[i]), records.last())
        else {
            return Ok(Pruned::Done {
                removed: 0,
                checkpoint: self.checkpoint(),
                kept: records.len() as u64,
            });
        };
        let head = |r: &Record| Head {
            seq: r.seq,
            hash: r.hash.clone(),
        };
        let tmp = with_suffix(self.path(), ".prune");
        let mut text = Vec::new();
        for l in &lines[n..] {
            text.extend_from_slice(l.text.as_bytes());
            text.push(b'\n');
        }
        write_new(&tmp, &text)?;
        self.write_anchor(&head(last), true)?;
        let cp = self.checkpoint_path();
        let cp_tmp = with_suffix(&cp, ".new");
        let json = serde_json::to_vec(&head(last_removed))
            .map_err(|err| Error::caused(ExitKind::Other, msg!("audit-cannot-encode"), err))?;
        write_new(&cp_tmp, &json)?;
        std::fs::rename(&cp_tmp, &cp).map_err(|err| Error::file(FileOp::Write, &cp, err))?;
        std::fs::rename(&tmp, self.path())
            .map_err(|err| Error::file(FileOp::Write, self.path(), err))?;
        sync_dir(self.path()).map_err(|err| Error::file(FileOp::Write, self.path(), err))?;
        Ok(Pruned::Done {
            removed: n as u64,
            checkpoint: Some(last_removed.seq),
            kept: (records.len() - n) as u64,
        })
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// `bytes` in a new private file at `path` (one a crash left there is replaced), synced.
fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let err = |e| Error::file(FileOp::Write, path, e);
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(err(e)),
        _ => {}
    }
    let mut o = files::private_file();
    o.write(true).create_new(true);
    crate::log::no_follow(&mut o);
    let mut f = o.open(path).map_err(err)?;
    f.write_all(bytes).map_err(err)?;
    f.sync_all().map_err(err)
}
