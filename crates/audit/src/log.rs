//! The log file: appended under a lock, read back, verified.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use recruit_core::clock::SharedClock;
use recruit_core::error::FileOp;
use recruit_core::{files, msg, Error, ExitKind};
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
pub(crate) struct Head {
    pub seq: u64,
    pub hash: String,
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
        let mut file = self.locked(|| self.open_append().map(Some), true)?;
        let Some(file) = file.as_mut() else {
            return Err(Error::file(
                FileOp::Open,
                &self.path,
                std::io::ErrorKind::NotFound.into(),
            ));
        };
        let written = self.append_locked(file, e);
        // Closing the file lets go of the lock too; unlocking first says when.
        let _ = file.unlock();
        written
    }

    fn append_locked(&self, file: &mut File, e: &Entry) -> Result<Record, Error> {
        let read_err = |err| Error::file(FileOp::Read, &self.path, err);
        let (tail, ends_in_newline) = last_head(file).map_err(read_err)?;
        let anchor = self.read_anchor();
        let checkpoint = read_head(&self.checkpoint_path());
        // A new log (no record yet, no anchor, never pruned) gets its anchor (seq 0, synced)
        // before its first record: from then on an anchor that is gone means someone removed
        // it, never a crash.
        let new_log =
            tail.is_none() && matches!((&anchor, &checkpoint), (Anchor::None, Anchor::None));
        if new_log {
            self.write_anchor(&Head::start(), true)?;
        }
        // The record links to the furthest of the tail, the anchor and the checkpoint: an
        // anchor ahead of the tail means the last records were cut, and the gap stays in the
        // chain for `verify` to name; a log pruned to nothing goes on from its checkpoint.
        let mut head = tail;
        for h in [&anchor, &checkpoint] {
            if let Anchor::At(seq, hash) = h {
                if *seq > head.as_ref().map_or(0, |t| t.seq) {
                    head = Some(Head {
                        seq: *seq,
                        hash: hash.clone(),
                    });
                }
            }
        }
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
        // A missing or damaged anchor of a log that has records is left as it is: writing a
        // fresh one would hide a cut (verify keeps naming it until someone looks).
        if new_log || matches!(anchor, Anchor::At(..)) {
            self.write_anchor(
                &Head {
                    seq: record.seq,
                    hash: record.hash.clone(),
                },
                false,
            )?;
        }
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

    /// Walks the chain from the checkpoint (or the first record) to the anchor; see
    /// [`Verdict`].
    pub fn verify(&self) -> Result<Verdict, Error> {
        // A shared lock: no append between reading the log and reading its anchor.
        let Some(mut file) = self.locked(|| self.open_read(), false)? else {
            let checkpoint = read_head(&self.checkpoint_path());
            return Ok(chain::walk(&[], &self.read_anchor(), &checkpoint));
        };
        let read = read_lines(&mut file).map_err(|err| Error::file(FileOp::Read, &self.path, err));
        let anchor = self.read_anchor();
        let checkpoint = read_head(&self.checkpoint_path());
        let _ = file.unlock();
        Ok(chain::walk(&read?, &anchor, &checkpoint))
    }

    /// The file `open` gives, locked (exclusive or shared), and still the one at the path: a
    /// prune replaces the log by a rename, so a process that waited for the lock on the old
    /// file opens the new one instead of writing to a file no longer there.
    pub(crate) fn locked(
        &self,
        open: impl Fn() -> Result<Option<File>, Error>,
        exclusive: bool,
    ) -> Result<Option<File>, Error> {
        let lock_err = |err| Error::file(FileOp::Lock, &self.path, err);
        loop {
            let Some(file) = open()? else { return Ok(None) };
            if exclusive {
                file.lock().map_err(lock_err)?;
            } else {
                file.lock_shared().map_err(lock_err)?;
            }
            if recruit_core::files::same_file(&file, &self.path) {
                return Ok(Some(file));
            }
            let _ = file.unlock();
        }
    }

    fn lines(&self) -> Result<Vec<Line>, Error> {
        match self.open_read()? {
            Some(mut f) => {
                read_lines(&mut f).map_err(|err| Error::file(FileOp::Read, &self.path, err))
            }
            None => Ok(Vec::new()),
        }
    }

    pub(crate) fn open_read(&self) -> Result<Option<File>, Error> {
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
    /// the file, so never leaves it empty). Synced only when `sync` (a new log's first
    /// anchor, a prune's): otherwise the log's line is, and an anchor a crash left behind the
    /// log only names an earlier record, which `verify` accepts.
    pub(crate) fn write_anchor(&self, head: &Head, sync: bool) -> Result<(), Error> {
        let path = self.anchor_path();
        let mut text = serde_json::to_vec(head)
            .map_err(|err| Error::caused(ExitKind::Other, msg!("audit-cannot-encode"), err))?;
        text.resize(text.len().max(ANCHOR_WIDTH - 1), b' ');
        text.push(b'\n');
        let mut o = files::private_file();
        o.write(true).create(true);
        no_follow(&mut o);
        o.open(&path)
            .and_then(|mut f| {
                f.write_all(&text)?;
                if sync {
                    f.sync_all()?;
                    sync_dir(&path)?;
                }
                Ok(())
            })
            .map_err(|err| Error::file(FileOp::Write, &path, err))
    }

    fn read_anchor(&self) -> Anchor {
        read_head(&self.anchor_path())
    }
}

/// A seq-and-hash file (the anchor, the checkpoint) as read.
pub(crate) fn read_head(path: &Path) -> Anchor {
    match std::fs::read(path) {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Anchor::None,
        Err(_) => Anchor::Unreadable,
        Ok(bytes) => match serde_json::from_slice::<Head>(&bytes) {
            Ok(h) => Anchor::At(h.seq, h.hash),
            Err(_) => Anchor::Unreadable,
        },
    }
}

impl Head {
    /// A new log's anchor: before its first record.
    fn start() -> Head {
        Head {
            seq: 0,
            hash: String::new(),
        }
    }
}

/// Syncs the directory holding `path`, so a file created or renamed there stays after a crash.
pub(crate) fn sync_dir(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => d,
            None => Path::new("."),
        };
        File::open(dir)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

fn to_value(r: &Record) -> Result<serde_json::Value, Error> {
    serde_json::to_value(r)
        .map_err(|err| Error::caused(ExitKind::Other, msg!("audit-cannot-encode"), err))
}

pub(crate) fn no_follow(o: &mut std::fs::OpenOptions) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    #[cfg(not(unix))]
    let _ = o;
}

/// Every line of the log, numbered from 1 (a last line without its newline too). A line of
/// nothing but white space (an empty line at the end, a newline added by an editor) holds no
/// record and breaks no chain: it is passed over, the others keep their numbers.
pub(crate) fn read_lines(f: &mut File) -> std::io::Result<Vec<Line>> {
    let mut text = Vec::new();
    f.read_to_end(&mut text)?;
    Ok(text
        .split(|b| *b == b'\n')
        .enumerate()
        .filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace))
        .map(|(i, l)| Line::parse(i as u64 + 1, String::from_utf8_lossy(l).into_owned()))
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
