//! Where the records go: stdout, or `FILE` by way of `FILE.partial` (renamed only once the
//! export is complete) and, for candidate exports, the resume journal `FILE.progress`.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::journal::{Journal, JournalHeader, Resumed};
use super::segment::Segment;
use crate::error::{Error, FileOp};
use crate::output::encode::{Encoder, JSON_SEP};

const BUF: usize = 256 * 1024;

/// `FILE.partial`
pub(crate) fn partial_path(out: &Path) -> PathBuf {
    with_suffix(out, ".partial")
}

/// `FILE.progress`
pub(crate) fn journal_path(out: &Path) -> PathBuf {
    with_suffix(out, ".progress")
}

fn with_suffix(p: &Path, suffix: &str) -> PathBuf {
    let mut s = p.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

enum Dest {
    Stdout(BufWriter<Box<dyn Write + Send>>),
    File {
        w: BufWriter<File>,
        partial: PathBuf,
        out: PathBuf,
        journal: Option<Journal>,
        /// Held until the export ends: no other recruit writes `out` meanwhile.
        _lock: OutLock,
    },
    /// An `--out` that is not a regular file (a FIFO, a terminal, `/dev/stdout`): written
    /// in place, never replaced, so there is no partial file and no resume.
    Direct {
        w: BufWriter<File>,
        path: PathBuf,
    },
    /// `-o xlsx` to standard output or a direct target: the rows go to a temporary file, and
    /// the workbook made from them is written to `then` at the end (a workbook is whole or
    /// nothing: it cannot be read while it grows).
    Staged {
        w: BufWriter<File>,
        then: Box<dyn Write + Send>,
        what: String,
    },
}

/// What an `--out` path names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// A regular file, or nothing yet: written through `FILE.partial`, renamed when complete.
    /// A symbolic link to a regular file is followed: the file it names is the one written.
    File(PathBuf),
    /// A FIFO, a device, or a path through `/dev` or `/proc` (`/dev/stdout`): written
    /// directly.
    Direct(PathBuf),
}

impl Target {
    /// Where `out` leads, refusing a directory or a missing directory.
    pub(crate) fn of(out: &Path) -> Result<Target, Error> {
        let (resolved, special) = resolve_links(out);
        match std::fs::metadata(out) {
            Ok(m) if m.is_dir() => Err(Error::usage(crate::msg!(
                "export-out-is-dir",
                out = out.display().to_string()
            ))),
            Ok(m) if m.is_file() && !special => Ok(Target::File(resolved)),
            Ok(_) => Ok(Target::Direct(out.to_path_buf())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let dir = parent_dir(&resolved);
                if !dir.is_dir() {
                    return Err(Error::usage(crate::msg!(
                        "export-out-no-dir",
                        out = out.display().to_string(),
                        dir = dir.display().to_string()
                    )));
                }
                Ok(Target::File(resolved))
            }
            Err(e) => Err(Error::file(FileOp::Read, out, e)),
        }
    }
}

/// `p` with its symbolic links followed (at most 40, as the kernel does), and whether the way
/// there went through `/dev` or `/proc` (whose entries stand for descriptors and devices, not
/// files to replace). A link that leads nowhere stays as it is.
fn resolve_links(p: &Path) -> (PathBuf, bool) {
    let special = |p: &Path| p.starts_with("/dev") || p.starts_with("/proc");
    let mut cur = p.to_path_buf();
    let mut via_special = special(&cur);
    for _ in 0..40 {
        let is_link = std::fs::symlink_metadata(&cur).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            break;
        }
        let Ok(next) = std::fs::read_link(&cur) else {
            break;
        };
        cur = if next.is_absolute() {
            next
        } else {
            parent_dir(&cur).join(next)
        };
        via_special |= special(&cur);
    }
    (cur, via_special)
}

pub(crate) struct Sink {
    dest: Dest,
    encoder: Encoder,
    /// Bytes in the output so far.
    pub offset: u64,
    /// Records in the output so far.
    pub records: u64,
    /// Candidates written since the last commit.
    pending: Vec<String>,
    /// When the journal was last committed (a file's durability work is grouped).
    committed: std::time::Instant,
}

/// How often a journaled file is made durable: its data and the journal fsynced together at
/// most this often (or when [`COMMIT_EVERY`] candidates wait). A crash loses at most this
/// window of uncommitted work, which `--resume` redoes: the journal names only what is on
/// disk, and the file is cut back to its offset.
pub(crate) const COMMIT_INTERVAL: std::time::Duration = std::time::Duration::from_millis(250);
pub(crate) const COMMIT_EVERY: usize = 5_000;

impl Sink {
    /// Records straight to `out` (the command's standard output).
    pub(crate) fn stdout(encoder: Encoder, out: Box<dyn Write + Send>) -> Result<Sink, Error> {
        if encoder.format() == crate::output::Format::Xlsx {
            return Sink::opened(staged(out, crate::t!("word-stdout"))?, encoder);
        }
        Sink::opened(Dest::Stdout(BufWriter::with_capacity(BUF, out)), encoder)
    }

    /// A sink on `dest` with the format's prologue (`[` of a JSON array, a CSV header) written.
    fn opened(dest: Dest, encoder: Encoder) -> Result<Sink, Error> {
        let mut s = Sink {
            dest,
            encoder,
            offset: 0,
            records: 0,
            pending: Vec::new(),
            committed: std::time::Instant::now(),
        };
        let p = s.encoder.prologue()?;
        s.write(&p)?;
        Ok(s)
    }

    /// A new export to `out`: through `out.partial` (created new, never through a link, mode
    /// 0600) with a journal when `header` is given, or straight into `out` when it is not a
    /// regular file. Refuses when an unfinished export of `out` exists or another recruit is
    /// writing it.
    pub(crate) fn create(
        out: &Path,
        encoder: Encoder,
        header: Option<&JournalHeader>,
    ) -> Result<Sink, Error> {
        let out = match Target::of(out)? {
            Target::Direct(path) => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&path)
                    .map_err(|e| Error::file(FileOp::Open, &path, e))?;
                if encoder.format() == crate::output::Format::Xlsx {
                    let what = path.display().to_string();
                    return Sink::opened(staged(Box::new(file), what)?, encoder);
                }
                let dest = Dest::Direct {
                    w: BufWriter::with_capacity(BUF, file),
                    path,
                };
                return Sink::opened(dest, encoder);
            }
            Target::File(path) => path,
        };
        let lock = OutLock::acquire(&out)?;
        let partial = partial_path(&out);
        let jpath = journal_path(&out);
        let journal = match header {
            Some(h) => {
                if jpath.symlink_metadata().is_ok() {
                    return Err(Error::usage(crate::msg!(
                        "export-unfinished-exists",
                        out = out.display().to_string(),
                        journal = jpath.display().to_string(),
                        partial = partial.display().to_string()
                    )));
                }
                // Registered before its first byte is written: erasure finds every export
                // that may hold a candidate's data (see `super::registry`).
                super::registry::record(&out, h.subject.name())?;
                Some(Journal::create(&jpath, h)?)
            }
            None => None,
        };
        let file = create_partial(&partial)?;
        let dest = Dest::File {
            w: BufWriter::with_capacity(BUF, file),
            partial,
            out: out.clone(),
            journal,
            _lock: lock,
        };
        let mut s = Sink::opened(dest, encoder)?;
        s.commit()?;
        sync_dir(&out);
        Ok(s)
    }

    /// Continue an unfinished export to `out`: the partial file is cut back to the last
    /// confirmed offset. Returns the candidates already done. Without a journal, starts anew.
    pub(crate) fn resume(
        out: &Path,
        encoder: Encoder,
        header: &JournalHeader,
    ) -> Result<(Sink, Resumed), Error> {
        let out = match Target::of(out)? {
            Target::Direct(p) => return Err(not_resumable(&p)),
            Target::File(p) => p,
        };
        let lock = OutLock::acquire(&out)?;
        let partial = partial_path(&out);
        let jpath = journal_path(&out);
        if jpath.symlink_metadata().is_err() {
            // The command said so (it checks before); nothing to continue.
            drop(lock);
            return Ok((
                Sink::create(&out, encoder, Some(header))?,
                Resumed::default(),
            ));
        }
        // Again when resumed: a registry lost or moved since still learns of it.
        super::registry::record(&out, header.subject.name())?;
        let (journal, st) = Journal::resume(&jpath, header)?;
        let mut file = super::open_existing(&partial).map_err(|e| {
            Error::usage(crate::msg!(
                "export-resume-cannot-open",
                partial = partial.display().to_string(),
                error = crate::error::cause_of(&e),
                journal = jpath.display().to_string()
            ))
            .with_source(e)
        })?;
        let len = file
            .metadata()
            .map_err(|e| Error::file(FileOp::Read, &partial, e))?
            .len();
        if len < st.offset {
            return Err(Error::usage(crate::msg!(
                "export-resume-short",
                partial = partial.display().to_string(),
                len = len,
                offset = st.offset,
                journal = jpath.display().to_string()
            )));
        }
        file.set_len(st.offset)
            .and_then(|_| file.seek(SeekFrom::End(0)).map(|_| ()))
            .and_then(|_| file.sync_data())
            .map_err(|e| Error::file(FileOp::Truncate, &partial, e))?;
        let s = Sink {
            dest: Dest::File {
                w: BufWriter::with_capacity(BUF, file),
                partial,
                out,
                journal: Some(journal),
                _lock: lock,
            },
            encoder,
            offset: st.offset,
            records: st.records,
            pending: Vec::new(),
            committed: std::time::Instant::now(),
        };
        Ok((s, st))
    }

    /// Where the records are going, for messages.
    pub(crate) fn describe(&self) -> String {
        match &self.dest {
            Dest::Stdout(_) => "standard output".to_string(),
            Dest::File { out, .. } => out.display().to_string(),
            Dest::Direct { path, .. } => path.display().to_string(),
            Dest::Staged { what, .. } => what.clone(),
        }
    }

    /// Whether a journal records the progress (an interrupted export can be resumed).
    pub(crate) fn journaled(&self) -> bool {
        matches!(
            self.dest,
            Dest::File {
                journal: Some(_),
                ..
            }
        )
    }

    fn writer(&mut self) -> &mut dyn Write {
        match &mut self.dest {
            Dest::Stdout(w) => w,
            Dest::File { w, .. } => w,
            Dest::Direct { w, .. } => w,
            Dest::Staged { w, .. } => w,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let r = self.writer().write_all(bytes);
        self.check(r)?;
        self.offset += bytes.len() as u64;
        Ok(())
    }

    /// A failed write as the error it is: a reader that went away (`| head`, a FIFO's reader)
    /// is [`Error::output_closed`], which ends the command quietly.
    fn check(&self, r: std::io::Result<()>) -> Result<(), Error> {
        r.map_err(|e| {
            let what = match &self.dest {
                Dest::Stdout(_) => crate::t!("word-stdout"),
                Dest::File { partial, .. } => partial.display().to_string(),
                Dest::Direct { path, .. } => path.display().to_string(),
                Dest::Staged { what, .. } => what.clone(),
            };
            Error::write_failed(&what, e)
        })
    }

    /// Append a complete candidate's records.
    pub(crate) fn append(&mut self, code: Option<&str>, seg: Segment) -> Result<(), Error> {
        if seg.records > 0 {
            if self.encoder.format() == crate::output::Format::Json && self.records > 0 {
                self.write(JSON_SEP)?;
            }
            let (len, records) = (seg.len, seg.records);
            let r = seg.copy_into(self.writer());
            self.check(r)?;
            self.offset += len;
            self.records += records;
        }
        if let Some(c) = code {
            self.pending.push(c.to_string());
        }
        Ok(())
    }

    /// After a batch of candidates: standard output and direct targets are flushed (their
    /// reader sees the records now); a journaled file is committed when [`COMMIT_INTERVAL`]
    /// has passed or [`COMMIT_EVERY`] candidates wait, not per batch.
    pub(crate) fn checkpoint(&mut self) -> Result<(), Error> {
        let due = self.committed.elapsed() >= COMMIT_INTERVAL || self.pending.len() >= COMMIT_EVERY;
        match &self.dest {
            Dest::File {
                journal: Some(_), ..
            } if !due => Ok(()),
            _ => self.commit(),
        }
    }

    /// Make what was appended durable: flush (stdout), or flush, fsync and journal (file).
    pub(crate) fn commit(&mut self) -> Result<(), Error> {
        self.committed = std::time::Instant::now();
        let (offset, records) = (self.offset, self.records);
        match &mut self.dest {
            Dest::Stdout(w) => {
                let r = w.flush();
                self.check(r)?;
            }
            Dest::Direct { w, .. } | Dest::Staged { w, .. } => {
                let r = w.flush();
                self.check(r)?;
            }
            Dest::File {
                w,
                partial,
                journal,
                ..
            } => {
                let r = w.flush().and_then(|_| {
                    if journal.is_some() {
                        w.get_ref().sync_data()
                    } else {
                        Ok(())
                    }
                });
                r.map_err(|e| Error::file(FileOp::Write, partial, e))?;
                if let Some(j) = journal {
                    j.commit(&self.pending, offset, records)?;
                }
            }
        }
        self.pending.clear();
        Ok(())
    }

    /// The export is complete: close the output (`]` for json), rename `FILE.partial` to `FILE`,
    /// remove the journal.
    pub(crate) fn finish(mut self) -> Result<(), Error> {
        let end = self.encoder.epilogue(self.records > 0);
        self.write(end)?;
        self.commit()?;
        if let Dest::Staged { w, mut then, what } = self.dest {
            let rows = rows_of(w, &what)?;
            let (kind, password) = (self.encoder.kind, self.encoder.password.as_ref());
            return crate::output::xlsx::from_rows(rows, kind, &mut *then, password);
        }
        if self.encoder.format() == crate::output::Format::Xlsx {
            self.book_from_partial()?;
        }
        if let Dest::File {
            w,
            partial,
            out,
            journal,
            _lock,
        } = self.dest
        {
            let file = w
                .into_inner()
                .map_err(|e| Error::file(FileOp::Write, &partial, e.into_error()))?;
            file.sync_all()
                .map_err(|e| Error::file(FileOp::Write, &partial, e))?;
            drop(file);
            std::fs::rename(&partial, &out).map_err(|e| {
                Error::caused(
                    crate::ExitKind::Other,
                    crate::msg!(
                        "file-cannot-rename",
                        from = partial.display().to_string(),
                        to = out.display().to_string()
                    ),
                    e,
                )
            })?;
            sync_dir(&out);
            if let Some(j) = journal {
                let p = j.path.clone();
                drop(j);
                let _ = std::fs::remove_file(p);
            }
            drop(_lock);
        }
        Ok(())
    }

    /// Stop without completing: what was appended is committed (resumable); without a journal
    /// the partial file is removed.
    pub(crate) fn abandon(mut self) -> Result<(), Error> {
        self.commit()?;
        if let Dest::File {
            w,
            partial,
            journal: None,
            ..
        } = self.dest
        {
            drop(w);
            let _ = std::fs::remove_file(&partial);
        }
        Ok(())
    }
}

impl Sink {
    /// `-o xlsx` to a file: the workbook made from the rows in `FILE.partial`, written (mode
    /// 0600) beside it and put in its place, so that the rename that completes the export
    /// names the workbook.
    fn book_from_partial(&mut self) -> Result<(), Error> {
        let Dest::File { w, partial, .. } = &mut self.dest else {
            return Ok(());
        };
        let r = w.flush();
        r.map_err(|e| Error::file(FileOp::Write, partial, e))?;
        let rows = File::open(&*partial).map_err(|e| Error::file(FileOp::Read, partial, e))?;
        let mut book = tempfile::NamedTempFile::new_in(parent_dir(partial))
            .map_err(|e| Error::file(FileOp::WriteIn, &parent_dir(partial), e))?;
        let (kind, password) = (self.encoder.kind, self.encoder.password.as_ref());
        crate::output::xlsx::from_rows(
            std::io::BufReader::with_capacity(BUF, rows),
            kind,
            book.as_file_mut(),
            password,
        )?;
        book.as_file()
            .sync_all()
            .map_err(|e| Error::file(FileOp::Write, book.path(), e))?;
        // The rows are replaced by the workbook under the same name; the writer now points
        // at the replaced file and is dropped unwritten.
        book.persist(&*partial)
            .map_err(|e| Error::file(FileOp::Write, partial, e.error))?;
        Ok(())
    }
}

/// `-o xlsx` to `then` (standard output or a direct target): rows staged in a temporary file.
fn staged(then: Box<dyn Write + Send>, what: String) -> Result<Dest, Error> {
    let file =
        tempfile::tempfile().map_err(|e| Error::file(FileOp::WriteIn, &std::env::temp_dir(), e))?;
    Ok(Dest::Staged {
        w: BufWriter::with_capacity(BUF, file),
        then,
        what,
    })
}

/// The staged rows, read from their start.
fn rows_of(w: BufWriter<File>, what: &str) -> Result<std::io::BufReader<File>, Error> {
    let mut file = w
        .into_inner()
        .map_err(|e| Error::write_failed(what, e.into_error()))?;
    file.seek(SeekFrom::Start(0))
        .map_err(|e| Error::write_failed(what, e))?;
    Ok(std::io::BufReader::with_capacity(BUF, file))
}

/// The directory a path is in (`.` for a bare file name).
pub(crate) fn parent_dir(p: &Path) -> PathBuf {
    match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Make a rename or creation in the directory durable (best effort).
fn sync_dir(p: &Path) {
    if let Ok(d) = File::open(parent_dir(p)) {
        let _ = d.sync_all();
    }
}

/// `--resume` of an output that is not a regular file.
pub(crate) fn not_resumable(out: &Path) -> Error {
    Error::usage(crate::msg!(
        "export-not-resumable",
        out = out.display().to_string()
    ))
}

/// `FILE.partial`, created new: never through a symbolic link and readable by the owner only
/// from the start. A plain file left there by an earlier run (no journal claims it: the
/// caller checked, holding the lock) is removed first; anything else is refused.
fn create_partial(partial: &Path) -> Result<File, Error> {
    let create = || {
        super::private_file()
            .write(true)
            .create_new(true)
            .open(partial)
    };
    match create() {
        Ok(f) => Ok(f),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let is_plain =
                std::fs::symlink_metadata(partial).is_ok_and(|m| m.file_type().is_file());
            if !is_plain {
                return Err(Error::usage(crate::msg!(
                    "export-partial-not-file",
                    partial = partial.display().to_string()
                )));
            }
            std::fs::remove_file(partial).map_err(|e| Error::file(FileOp::Remove, partial, e))?;
            create().map_err(|e| Error::file(FileOp::Create, partial, e))
        }
        Err(e) => Err(Error::file(FileOp::Create, partial, e)),
    }
}

/// `FILE.lock`: a claim on writing `FILE`, held by one recruit at a time. The file holds the
/// holder's process id, so the one refused can say who it is.
pub(crate) struct OutLock {
    file: File,
    path: PathBuf,
}

impl OutLock {
    pub(crate) fn acquire(out: &Path) -> Result<OutLock, Error> {
        let path = with_suffix(out, ".lock");
        // A writer that finishes removes the file: retry if the one locked was removed
        // meanwhile (its lock then guards nothing).
        for _ in 0..10 {
            let file =
                super::open_or_create(&path).map_err(|e| Error::file(FileOp::Open, &path, e))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    let holder = std::fs::read_to_string(&path)
                        .ok()
                        .and_then(|t| t.trim().strip_prefix("pid ").map(str::to_string))
                        .map(|pid| format!("recruit (pid {pid})"))
                        .unwrap_or_else(|| "recruit".to_string());
                    return Err(Error::usage(crate::msg!(
                        "export-out-locked",
                        holder = holder,
                        out = out.display().to_string(),
                        lock = path.display().to_string()
                    )));
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(Error::file(FileOp::Lock, &path, e))
                }
            }
            if recruit_client::files::same_file(&file, &path) {
                let mut lock = OutLock { file, path };
                let pid = format!("pid {}\n", std::process::id());
                let _ = lock
                    .file
                    .set_len(0)
                    .and_then(|_| lock.file.write_all(pid.as_bytes()));
                return Ok(lock);
            }
        }
        Err(Error::other(crate::msg!(
            "export-lock-replaced",
            lock = path.display().to_string()
        )))
    }
}

impl Drop for OutLock {
    fn drop(&mut self) {
        // Removed while still held, so a later writer never locks a file already gone.
        if recruit_client::files::same_file(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
