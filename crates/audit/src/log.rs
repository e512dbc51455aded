//! The log file: appended under a lock, read back, verified.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use recruit_client::clock::SharedClock;
use recruit_client::error::FileOp;
use recruit_client::{files, msg, Error, ExitKind};
use serde::{Deserialize, Serialize};

use crate::chain::{self, Anchor, Line};
use crate::{Entry, Record, Verdict};

/// The anchor's width: its JSON (`{"seq":N,"hash":"<64 hex>"}`, under 100 bytes) padded with
/// spaces.
const ANCHOR_WIDTH: usize = 128;

/// The most codes a record keeps (`count` is always the whole number).
pub const MAX_CODES: usize = 1_000;

/// The access log: JSON lines at a path, and its anchor (`PATH.head`: the last record's seq
/// and hash, so a removal of the last records is found too).
///
/// Appends from any number of processes are safe: each takes an exclusive lock on the log
/// file, reads the last record from the file's tail, writes its line in one write through
/// `O_APPEND`, syncs it and updates the anchor before letting go.
#[derive(Debug, Clone)]
pub struct Log {
    path: PathBuf,
    clock: SharedClock,
}

/// The last record's seq and hash, as the tail and the anchor hold them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Head {
    seq: u64,
    hash: String,
}

impl Log {
    /// The log at `path`; `clock` gives each record's `at`.
    pub fn new(path: PathBuf, clock: SharedClock) -> Log {
        Log { path, clock }
    }

    /// `audit.log` in the data directory.
    pub fn default_path() -> PathBuf {
        files::data_dir().join("audit.log")
    }

    /// The log's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The anchor's path: the log's with `.head` after it (`audit.log.head`).
    pub fn anchor_path(&self) -> PathBuf {
        let mut name = self.path.as_os_str().to_owned();
        name.push(".head");
        PathBuf::from(name)
    }

    /// Appends one record for `e`, chained to the last one, and returns it. The record is on
    /// disk (synced) when this returns.
    pub fn append(&self, e: &Entry) -> Result<Record, Error> {
        let mut file = self.open_append()?;
        file.lock()
            .map_err(|err| Error::file(FileOp::Lock, &self.path, err))?;
        let written = self.append_locked(&mut file, e);
        // Closing the file lets go of the lock too; unlocking first says when.
        let _ = file.unlock();
        written
    }

    fn append_locked(&self, file: &mut File, e: &Entry) -> Result<Record, Error> {
        let read_err = |err| Error::file(FileOp::Read, &self.path, err);
        let (tail, ends_in_newline) = last_head(file).map_err(read_err)?;
        // The anchor ahead of the tail means the last records were cut: the new record links
        // to the anchor's, so the gap stays in the chain for `verify` to name.
        let head = match (tail, self.read_anchor()) {
            (Some(t), Anchor::At(seq, hash)) if seq > t.seq => Some(Head { seq, hash }),
            (None, Anchor::At(seq, hash)) => Some(Head { seq, hash }),
            (t, _) => t,
        };
        let mut record = Record {
            seq: head.as_ref().map_or(1, |h| h.seq + 1),
            at: self
                .clock
                .utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            entry: Entry {
                candidates: e.candidates.iter().take(MAX_CODES).cloned().collect(),
                count: e.count.max(e.candidates.len() as u64),
                ..e.clone()
            },
            prev: head.map(|h| h.hash),
            hash: String::new(),
        };
        record.hash = chain::hash_of(&to_value(&record)?);
        let mut line = Vec::with_capacity(512);
        // A line cut short by a crash stays a line of its own (verify names it).
        if !ends_in_newline {
            line.push(b'\n');
        }
        serde_json::to_writer(&mut line, &record)
            .map_err(|err| Error::caused(ExitKind::Other, msg!("audit-cannot-encode"), err))?;
        line.push(b'\n');
        let write_err = |err| Error::file(FileOp::Write, &self.path, err);
        file.write_all(&line).map_err(write_err)?;
        file.sync_data().map_err(write_err)?;
        self.write_anchor(&Head {
            seq: record.seq,
            hash: record.hash.clone(),
        })?;
        Ok(record)
    }

    /// The log opened to append (`O_APPEND`, 0600, never through a symbolic link), its
    /// directory created (0700) when missing.
    fn open_append(&self) -> Result<File, Error> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !dir.exists() {
                let mut b = std::fs::DirBuilder::new();
                b.recursive(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::DirBuilderExt;
                    b.mode(0o700);
                }
                b.create(dir)
                    .map_err(|err| Error::file(FileOp::Create, dir, err))?;
            }
        }
        let mut o = files::private_file();
        o.read(true).append(true).create(true);
        no_follow(&mut o);
        o.open(&self.path)
            .map_err(|err| Error::file(FileOp::Open, &self.path, err))
    }

    /// Every record, oldest first. Lines that are not records are left out (`verify` names
    /// them). No log: no records.
    pub fn records(&self) -> Result<Vec<Record>, Error> {
        Ok(self
            .lines()?
            .into_iter()
            .filter_map(|l| l.rec.map(|(_, r)| r))
            .collect())
    }

    /// Walks the chain from the first record to the anchor; see [`Verdict`].
    pub fn verify(&self) -> Result<Verdict, Error> {
        // A shared lock: no append between reading the log and reading its anchor.
        let mut file = match self.open_read()? {
            Some(f) => f,
            None => return Ok(chain::walk(&[], &self.read_anchor())),
        };
        file.lock_shared()
            .map_err(|err| Error::file(FileOp::Lock, &self.path, err))?;
        let read = read_lines(&mut file).map_err(|err| Error::file(FileOp::Read, &self.path, err));
        let anchor = self.read_anchor();
        let _ = file.unlock();
        Ok(chain::walk(&read?, &anchor))
    }

    fn lines(&self) -> Result<Vec<Line>, Error> {
        match self.open_read()? {
            Some(mut f) => {
                read_lines(&mut f).map_err(|err| Error::file(FileOp::Read, &self.path, err))
            }
            None => Ok(Vec::new()),
        }
    }

    fn open_read(&self) -> Result<Option<File>, Error> {
        let mut o = std::fs::OpenOptions::new();
        o.read(true);
        no_follow(&mut o);
        match o.open(&self.path) {
            Ok(f) => Ok(Some(f)),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(Error::file(FileOp::Open, &self.path, err)),
        }
    }

    /// Overwrites the anchor in place, padded to one fixed width (a write that never shrinks
    /// the file, so never leaves it empty). Not synced: the log's line is, and an anchor a
    /// crash left behind the log only names an earlier record, which `verify` accepts.
    fn write_anchor(&self, head: &Head) -> Result<(), Error> {
        let path = self.anchor_path();
        let mut text = serde_json::to_vec(head)
            .map_err(|err| Error::caused(ExitKind::Other, msg!("audit-cannot-encode"), err))?;
        text.resize(text.len().max(ANCHOR_WIDTH - 1), b' ');
        text.push(b'\n');
        let mut o = files::private_file();
        o.write(true).create(true);
        no_follow(&mut o);
        o.open(&path)
            .and_then(|mut f| f.write_all(&text))
            .map_err(|err| Error::file(FileOp::Write, &path, err))
    }

    fn read_anchor(&self) -> Anchor {
        match std::fs::read(self.anchor_path()) {
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Anchor::None,
            Err(_) => Anchor::Unreadable,
            Ok(bytes) => match serde_json::from_slice::<Head>(&bytes) {
                Ok(h) => Anchor::At(h.seq, h.hash),
                Err(_) => Anchor::Unreadable,
            },
        }
    }
}

fn to_value(r: &Record) -> Result<serde_json::Value, Error> {
    serde_json::to_value(r)
        .map_err(|err| Error::caused(ExitKind::Other, msg!("audit-cannot-encode"), err))
}

fn no_follow(o: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    #[cfg(not(unix))]
    let _ = o;
}

/// Every line of the log, numbered from 1 (a last line without its newline too).
fn read_lines(f: &mut File) -> std::io::Result<Vec<Line>> {
    let mut text = Vec::new();
    f.read_to_end(&mut text)?;
    let mut lines: Vec<&[u8]> = text.split(|b| *b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    Ok(lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| Line::parse(i as u64 + 1, &String::from_utf8_lossy(l)))
        .collect())
}

/// The last record's seq and hash, read from the end of the file (not the whole log), and
/// whether the file ends with a newline (or is empty). Lines at the end that are not records
/// (a write cut short) are passed over.
fn last_head(f: &mut File) -> std::io::Result<(Option<Head>, bool)> {
    let len = f.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok((None, true));
    }
    let mut last = [0u8; 1];
    f.seek(SeekFrom::Start(len - 1))?;
    f.read_exact(&mut last)?;
    let ends_in_newline = last[0] == b'\n';
    // `buf` holds the file's bytes from `start` to the end.
    let mut buf: Vec<u8> = Vec::new();
    let mut start = len;
    let mut chunk = 16 * 1024u64;
    loop {
        let from = start.saturating_sub(chunk);
        let mut more = vec![0u8; (start - from) as usize];
        f.seek(SeekFrom::Start(from))?;
        f.read_exact(&mut more)?;
        more.extend_from_slice(&buf);
        buf = more;
        start = from;
        // Complete lines, from the end: a line is complete when a newline comes before it
        // or it starts the file.
        let mut end = buf.len();
        while let Some(nl) = buf[..end].iter().rposition(|b| *b == b'\n').or(
            // The file's first line.
            (start == 0 && end > 0).then_some(usize::MAX),
        ) {
            let begin = if nl == usize::MAX { 0 } else { nl + 1 };
            if let Ok(h) = serde_json::from_slice::<Head>(&buf[begin..end]) {
                return Ok((Some(h), ends_in_newline));
            }
            if begin == 0 {
                break;
            }
            end = nl;
        }
        if start == 0 {
            return Ok((None, ends_in_newline));
        }
        // Keep only the incomplete first line (the rest was searched) and read further back.
        let keep = buf.iter().position(|b| *b == b'\n').unwrap_or(buf.len());
        buf.truncate(keep);
        chunk = chunk.saturating_mul(2);
    }
}
