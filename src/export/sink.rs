//! Where the records go: stdout, or `FILE` by way of `FILE.partial` (renamed only once the
//! export is complete) and, for candidate exports, the resume journal `FILE.progress`.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::journal::{Journal, JournalHeader, Resumed};
use super::segment::Segment;
use crate::error::Error;
use crate::output::encode::{Encoder, JSON_SEP};

const BUF: usize = 256 * 1024;

/// `FILE.partial`
pub fn partial_path(out: &Path) -> PathBuf {
    with_suffix(out, ".partial")
}

/// `FILE.progress`
pub fn journal_path(out: &Path) -> PathBuf {
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
    },
}

pub struct Sink {
    dest: Dest,
    encoder: Encoder,
    /// Bytes in the output so far.
    pub offset: u64,
    /// Records in the output so far.
    pub records: u64,
    /// Candidates written since the last commit.
    pending: Vec<String>,
}

impl Sink {
    /// Records to standard output.
    /// Records straight to `out` (the command's standard output).
    pub fn stdout(encoder: Encoder, out: Box<dyn Write + Send>) -> Result<Sink, Error> {
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
        };
        let p = s.encoder.prologue()?;
        s.write(&p)?;
        Ok(s)
    }

    /// A new export to `out` (through `out.partial`), with a journal when `header` is given.
    /// Refuses when an unfinished export of `out` exists.
    pub fn create(
        out: &Path,
        encoder: Encoder,
        header: Option<&JournalHeader>,
    ) -> Result<Sink, Error> {
        let partial = partial_path(out);
        let jpath = journal_path(out);
        check_dir(out)?;
        let journal = match header {
            Some(h) => {
                if jpath.exists() {
                    return Err(Error::usage(format!(
                        "an unfinished export to {} exists ({}); add --resume to continue it, or delete {} and {} to start over",
                        out.display(),
                        jpath.display(),
                        partial.display(),
                        jpath.display()
                    )));
                }
                Some(Journal::create(&jpath, h)?)
            }
            None => None,
        };
        let file = super::private_file()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&partial)
            .map_err(|e| io_err(&partial, "create", e))?;
        let dest = Dest::File {
            w: BufWriter::with_capacity(BUF, file),
            partial,
            out: out.to_path_buf(),
            journal,
        };
        let mut s = Sink::opened(dest, encoder)?;
        s.commit()?;
        sync_dir(out);
        Ok(s)
    }

    /// Continue an unfinished export to `out`: the partial file is cut back to the last
    /// confirmed offset. Returns the candidates already done. Without a journal, starts anew.
    pub fn resume(
        out: &Path,
        encoder: Encoder,
        header: &JournalHeader,
    ) -> Result<(Sink, Resumed), Error> {
        let partial = partial_path(out);
        let jpath = journal_path(out);
        if !jpath.exists() {
            eprintln!(
                "note: no unfinished export to {} ({} not found); starting from the beginning",
                out.display(),
                jpath.display()
            );
            return Ok((
                Sink::create(out, encoder, Some(header))?,
                Resumed::default(),
            ));
        }
        let (journal, st) = Journal::resume(&jpath, header)?;
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&partial)
            .map_err(|e| {
                Error::usage(format!(
                    "cannot resume: cannot open {} ({e}); delete {} to start over",
                    partial.display(),
                    jpath.display()
                ))
            })?;
        let len = file
            .metadata()
            .map_err(|e| io_err(&partial, "read", e))?
            .len();
        if len < st.offset {
            return Err(Error::usage(format!(
                "cannot resume: {} holds {len} bytes but the journal confirms {}; it was changed since; delete it and {} to start over",
                partial.display(),
                st.offset,
                jpath.display()
            )));
        }
        file.set_len(st.offset)
            .and_then(|_| file.seek(SeekFrom::End(0)).map(|_| ()))
            .and_then(|_| file.sync_data())
            .map_err(|e| io_err(&partial, "truncate", e))?;
        let s = Sink {
            dest: Dest::File {
                w: BufWriter::with_capacity(BUF, file),
                partial,
                out: out.to_path_buf(),
                journal: Some(journal),
            },
            encoder,
            offset: st.offset,
            records: st.records,
            pending: Vec::new(),
        };
        Ok((s, st))
    }

    /// Where the records are going, for messages.
    pub fn describe(&self) -> String {
        match &self.dest {
            Dest::Stdout(_) => "standard output".to_string(),
            Dest::File { out, .. } => out.display().to_string(),
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let r = match &mut self.dest {
            Dest::Stdout(w) => w.write_all(bytes),
            Dest::File { w, .. } => w.write_all(bytes),
        };
        self.check(r)?;
        self.offset += bytes.len() as u64;
        Ok(())
    }

    fn check(&self, r: std::io::Result<()>) -> Result<(), Error> {
        match r {
            Ok(()) => Ok(()),
            // `recruit export ... | head`: the reader is gone, stop quietly like other commands.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
            Err(e) => Err(Error::other(format!(
                "cannot write to {}: {e}",
                match &self.dest {
                    Dest::Stdout(_) => "standard output".to_string(),
                    Dest::File { partial, .. } => partial.display().to_string(),
                }
            ))),
        }
    }

    /// Append a complete candidate's records.
    pub fn append(&mut self, code: Option<&str>, seg: Segment) -> Result<(), Error> {
        if seg.records > 0 {
            if self.encoder.format == super::ExportFormat::Json && self.records > 0 {
                self.write(JSON_SEP)?;
            }
            let (len, records) = (seg.len, seg.records);
            let r = match &mut self.dest {
                Dest::Stdout(w) => seg.copy_into(w),
                Dest::File { w, .. } => seg.copy_into(w),
            };
            self.check(r)?;
            self.offset += len;
            self.records += records;
        }
        if let Some(c) = code {
            self.pending.push(c.to_string());
        }
        Ok(())
    }

    /// Make what was appended durable: flush (stdout), or flush, fsync and journal (file).
    pub fn commit(&mut self) -> Result<(), Error> {
        let (offset, records) = (self.offset, self.records);
        match &mut self.dest {
            Dest::Stdout(w) => {
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
                r.map_err(|e| io_err(partial, "write", e))?;
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
    pub fn finish(mut self) -> Result<(), Error> {
        let end = self.encoder.epilogue(self.records > 0);
        self.write(end)?;
        self.commit()?;
        if let Dest::File {
            w,
            partial,
            out,
            journal,
        } = self.dest
        {
            let file = w
                .into_inner()
                .map_err(|e| io_err(&partial, "write", e.into_error()))?;
            file.sync_all().map_err(|e| io_err(&partial, "write", e))?;
            drop(file);
            std::fs::rename(&partial, &out).map_err(|e| {
                Error::other(format!(
                    "cannot rename {} to {}: {e}",
                    partial.display(),
                    out.display()
                ))
            })?;
            sync_dir(&out);
            if let Some(j) = journal {
                let p = j.path.clone();
                drop(j);
                let _ = std::fs::remove_file(p);
            }
        }
        Ok(())
    }

    /// Stop without completing: what was appended is committed (resumable); without a journal
    /// the partial file is removed.
    pub fn abandon(mut self) -> Result<(), Error> {
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

fn check_dir(out: &Path) -> Result<(), Error> {
    if out.is_dir() {
        return Err(Error::usage(format!(
            "--out {} is a directory; give a file name",
            out.display()
        )));
    }
    let dir = parent_dir(out);
    if !dir.is_dir() {
        return Err(Error::usage(format!(
            "--out {}: the directory {} does not exist",
            out.display(),
            dir.display()
        )));
    }
    Ok(())
}

/// The directory a path is in (`.` for a bare file name).
pub fn parent_dir(p: &Path) -> PathBuf {
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

fn io_err(path: &Path, what: &str, e: std::io::Error) -> Error {
    Error::other(format!("cannot {what} {}: {e}", path.display()))
}
