//! The resume journal `FILE.progress`: one JSON object per line.
//!
//! ```text
//! {"recruit_export_journal":1,"subject":"submissions","format":"ndjson",...}   header
//! {"offset":0,"records":0,"done":[]}                                          after the prologue
//! {"offset":81234,"records":310,"done":["C1","C7"]}                           after each commit
//! ```
//!
//! A commit line is appended (and fsync'd) only after the records of its candidates were
//! written to `FILE.partial` and fsync'd, so the last complete line always describes a prefix of
//! the partial file that holds whole candidates. A line cut short by a crash (no newline) is
//! ignored. The journal is locked while an export runs, so two runs can't share one output.
//!
//! Erasure (`recruit privacy erase`, [`withhold`]) appends a commit of its own to the journal
//! of every unfinished export: the same offset and record count as the last one, the erased
//! candidates in `done`, and the same codes under `erased`:
//!
//! ```text
//! {"offset":81234,"records":310,"done":["C9"],"erased":["C9"]}
//! ```
//!
//! A resumed run reads `done` as "already in the partial file" and so never fetches or writes
//! them again: resuming cannot bring an erased candidate's data back. Their codes are not
//! removed from earlier lines: a code is no personal value, and a candidate taken out of
//! `done` would be fetched again and written a second time after the records already in
//! `FILE.partial` (that file, like the finished output, is the user's and is not touched).

use std::collections::HashSet;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use super::Subject;
use crate::error::{Error, FileOp};
use crate::output::Format;

const MAGIC: &str = "recruit_export_journal";
const VERSION: u64 = 1;

/// What a journal is about; a resumed run must match it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JournalHeader {
    pub subject: Subject,
    pub format: Format,
    /// CSV columns (they shape every row).
    pub columns: Option<Vec<String>>,
    /// `--jq` expression (it shapes every record).
    pub jq: Option<String>,
    pub candidates_sha256: String,
    pub candidates: usize,
    /// Where the candidates come from when not a file (`the candidates at stage interview`);
    /// journals of a file have no such key.
    pub source: Option<String>,
}

impl JournalHeader {
    fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert(MAGIC.into(), json!(VERSION));
        m.insert("subject".into(), json!(self.subject));
        m.insert("format".into(), json!(self.format));
        m.insert("columns".into(), json!(self.columns));
        m.insert("jq".into(), json!(self.jq));
        m.insert("candidates_sha256".into(), json!(self.candidates_sha256));
        m.insert("candidates".into(), json!(self.candidates));
        if let Some(src) = &self.source {
            m.insert("source".into(), json!(src));
        }
        Value::Object(m)
    }

    /// What differs from the header `found` in a journal, in words.
    fn differences(&self, found: &Value) -> Vec<String> {
        let mut out = Vec::new();
        if found.get(MAGIC).and_then(Value::as_u64) != Some(VERSION) {
            out.push(crate::t!("journal-other-version"));
            return out;
        }
        let s = |k: &str| {
            found
                .get(k)
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_string()
        };
        if found.get("subject") != Some(&json!(self.subject)) {
            out.push(crate::t!(
                "journal-other-subject",
                found = s("subject"),
                want = self.subject.name().to_string()
            ));
        }
        if found.get("format") != Some(&json!(self.format)) {
            out.push(crate::t!(
                "journal-other-format",
                found = s("format"),
                want = self.format.as_str().to_string()
            ));
        }
        if found.get("columns") != Some(&json!(self.columns)) {
            out.push(crate::t!("journal-other-columns"));
        }
        if found.get("jq") != Some(&json!(self.jq)) {
            out.push(crate::t!("journal-other-jq"));
        }
        let source = found.get("source").and_then(Value::as_str);
        if source != self.source.as_deref() {
            let name = |s: Option<&str>| {
                s.map(str::to_string)
                    .unwrap_or_else(|| crate::t!("journal-codes-of-file"))
            };
            out.push(crate::t!(
                "journal-other-subject",
                found = name(source),
                want = name(self.source.as_deref())
            ));
        } else if s("candidates_sha256") != self.candidates_sha256 {
            out.push(crate::t!(
                "journal-other-candidates",
                then = found
                    .get("candidates")
                    .and_then(Value::as_u64)
                    .map(|n| n.to_string())
                    .unwrap_or_else(|| "?".into()),
                now = self.candidates
            ));
        }
        out
    }
}

/// The state a journal describes.
#[derive(Debug, Clone, Default)]
pub(crate) struct Resumed {
    /// Candidates whose records are in the partial file.
    pub done: HashSet<String>,
    /// Length of the partial file's confirmed prefix.
    pub offset: u64,
    /// Records in that prefix.
    pub records: u64,
}

pub(crate) struct Journal {
    file: File,
    pub path: PathBuf,
}

impl Journal {
    /// Start a new journal (refusing to overwrite one) and record the prologue's end.
    pub(crate) fn create(path: &Path, header: &JournalHeader) -> Result<Journal, Error> {
        let file = super::private_file()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| Error::file(FileOp::Create, path, e))?;
        lock(&file, path)?;
        let mut j = Journal {
            file,
            path: path.to_path_buf(),
        };
        j.append_line(&header.to_value())?;
        Ok(j)
    }

    /// Open an existing journal for `--resume`, checking it matches `header`.
    pub(crate) fn resume(path: &Path, header: &JournalHeader) -> Result<(Journal, Resumed), Error> {
        let mut file =
            super::open_existing(path).map_err(|e| Error::file(FileOp::Open, path, e))?;
        lock(&file, path)?;
        let mut text = Vec::new();
        file.read_to_end(&mut text)
            .map_err(|e| Error::file(FileOp::Read, path, e))?;
        let (found, resumed, valid_len) = parse(&text).map_err(|why| {
            Error::usage(crate::msg!(
                "journal-damaged",
                journal = path.display().to_string(),
                why = why
            ))
        })?;
        let diffs = header.differences(&found);
        if !diffs.is_empty() {
            return Err(Error::usage(crate::msg!(
                "journal-other-export",
                journal = path.display().to_string(),
                diffs = diffs.join("; ")
            )));
        }
        // Drop a line cut short by a crash so the next commit starts on a line of its own.
        file.set_len(valid_len)
            .and_then(|_| file.seek(SeekFrom::End(0)).map(|_| ()))
            .map_err(|e| Error::file(FileOp::Truncate, path, e))?;
        Ok((
            Journal {
                file,
                path: path.to_path_buf(),
            },
            resumed,
        ))
    }

    /// Record that `done` are complete and the partial file's first `offset` bytes (holding
    /// `records` records) are safely on disk. Call only after fsync'ing the partial file.
    pub(crate) fn commit(
        &mut self,
        done: &[String],
        offset: u64,
        records: u64,
    ) -> Result<(), Error> {
        self.append_line(&json!({"offset": offset, "records": records, "done": done}))
    }

    fn append_line(&mut self, v: &Value) -> Result<(), Error> {
        let mut line = v.to_string();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.sync_data())
            .map_err(|e| Error::file(FileOp::Write, &self.path, e))
    }
}

/// What erasure did to one unfinished export's journal.
#[derive(Debug, Clone, Default)]
pub(crate) struct Withheld {
    /// Erased candidates whose records an earlier run already wrote to `FILE.partial`.
    pub written: Vec<String>,
    /// Erased candidates that a resumed run will skip.
    pub withheld: Vec<String>,
}

/// Neutralize what the unfinished export journaled at `path` could bring back about `codes`
/// (see the module's comment): every code not done yet is appended as done and erased.
/// Refused (exit 1, retryable) while an export holds the journal: it is writing right now.
/// `Ok(None)`: the journal is damaged, so `--resume` refuses it and there is nothing to
/// neutralize.
pub(crate) fn withhold(path: &Path, codes: &[String]) -> Result<Option<Withheld>, Error> {
    let mut file = super::open_existing(path).map_err(|e| Error::file(FileOp::Open, path, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(Error::new(
                crate::ExitKind::Busy,
                crate::msg!("privacy-journal-busy", journal = path.display().to_string()),
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(Error::file(FileOp::Lock, path, e)),
    }
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .map_err(|e| Error::file(FileOp::Read, path, e))?;
    let Ok((_, st, valid_len)) = parse(&text) else {
        return Ok(None);
    };
    let mut out = Withheld::default();
    for code in codes {
        if st.done.contains(code) {
            out.written.push(code.clone());
        } else {
            out.withheld.push(code.clone());
        }
    }
    if out.withheld.is_empty() {
        return Ok(Some(out));
    }
    // A line cut short by a crash is dropped first, as `resume` does, so ours is whole.
    file.set_len(valid_len)
        .and_then(|_| file.seek(SeekFrom::End(0)).map(|_| ()))
        .map_err(|e| Error::file(FileOp::Truncate, path, e))?;
    let mut j = Journal {
        file,
        path: path.to_path_buf(),
    };
    j.append_line(&json!({
        "offset": st.offset,
        "records": st.records,
        "done": out.withheld,
        "erased": out.withheld,
    }))?;
    Ok(Some(out))
}

/// The header, the state, and the length of the complete lines.
fn parse(text: &[u8]) -> Result<(Value, Resumed, u64), recruit_client::Msg> {
    let mut header = None;
    let mut st = Resumed::default();
    let mut valid_len = 0u64;
    let mut commits = 0;
    let mut rest = text;
    while let Some(nl) = rest.iter().position(|b| *b == b'\n') {
        let line = &rest[..nl];
        rest = &rest[nl + 1..];
        let v: Value = serde_json::from_slice(line).map_err(|e| {
            crate::msg!(
                "journal-line-not-json",
                line = commits + 2,
                why = recruit_client::error::cause_of(&e)
            )
        })?;
        if header.is_none() {
            header = Some(v);
        } else {
            let n = |k: &str| v.get(k).and_then(Value::as_u64);
            let (Some(offset), Some(records), Some(Value::Array(done))) =
                (n("offset"), n("records"), v.get("done"))
            else {
                return Err(crate::msg!("journal-line-not-progress", line = commits + 2));
            };
            st.offset = offset;
            st.records = records;
            for d in done {
                st.done.insert(d.as_str().unwrap_or_default().to_string());
            }
            commits += 1;
        }
        valid_len += nl as u64 + 1;
    }
    let header = header.ok_or_else(|| crate::msg!("journal-no-header"))?;
    if commits == 0 {
        return Err(crate::msg!("journal-no-progress"));
    }
    Ok((header, st, valid_len))
}

fn lock(file: &File, path: &Path) -> Result<(), Error> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(Error::usage(crate::msg!(
            "journal-locked",
            journal = path.display().to_string()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(Error::file(FileOp::Lock, path, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> JournalHeader {
        JournalHeader {
            subject: Subject::Submissions,
            format: Format::Ndjson,
            columns: None,
            jq: None,
            candidates_sha256: "abc".into(),
            candidates: 3,
            source: None,
        }
    }

    /// A journal in `dir` (closed again) after two commits: none at offset 10, then `done`
    /// at offset 50 and 4 records.
    fn committed(dir: &tempfile::TempDir, done: &[&str]) -> std::path::PathBuf {
        let p = dir.path().join("out.progress");
        let mut j = Journal::create(&p, &header()).unwrap();
        j.commit(&[], 10, 0).unwrap();
        let done: Vec<String> = done.iter().map(|c| c.to_string()).collect();
        j.commit(&done, 50, 4).unwrap();
        p
    }

    #[test]
    fn commits_are_read_back_and_a_torn_line_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let p = committed(&dir, &["C1", "C2"]);
        // A crash in the middle of the next commit.
        let mut f = std::fs::OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"{\"offset\":90,\"rec").unwrap();
        drop(f);
        let (mut j, st) = Journal::resume(&p, &header()).unwrap();
        assert_eq!((st.offset, st.records), (50, 4));
        assert_eq!(st.done.len(), 2);
        j.commit(&["C3".into()], 70, 5).unwrap();
        drop(j);
        let (_, st) = Journal::resume(&p, &header()).unwrap();
        assert_eq!((st.offset, st.records, st.done.len()), (70, 5, 3));
    }

    #[test]
    fn another_export_is_refused() {
        // The words are read: in English, whichever test installed the renderer first.
        crate::i18n::in_lang(crate::i18n::Lang::En, another_export_is_refused_in_english);
    }

    fn another_export_is_refused_in_english() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.progress");
        Journal::create(&p, &header())
            .unwrap()
            .commit(&[], 0, 0)
            .unwrap();
        let mut other = header();
        other.format = Format::Csv;
        let e = Journal::resume(&p, &other).err().unwrap();
        assert_eq!(e.kind, crate::ExitKind::Usage);
        assert!(e.message.contains("format is ndjson"), "{}", e.message);
        let mut listed = header();
        listed.source = Some("the candidates at stage offer".into());
        let e = Journal::resume(&p, &listed).err().unwrap();
        assert!(
            e.message.contains(
                "it exports the codes of a --candidates file, not the candidates at stage offer"
            ),
            "{}",
            e.message
        );
        assert!(Journal::create(&p, &header()).is_err(), "never overwritten");
    }

    #[test]
    fn withheld_candidates_are_skipped_by_a_resumed_run_and_the_written_are_told() {
        let dir = tempfile::tempdir().unwrap();
        let p = committed(&dir, &["C1"]);
        let w = withhold(&p, &["C1".into(), "C2".into()]).unwrap().unwrap();
        assert_eq!(
            (w.written, w.withheld),
            (vec!["C1".into()], vec!["C2".into()])
        );
        let (_, st) = Journal::resume(&p, &header()).unwrap();
        assert_eq!(
            (st.offset, st.records),
            (50, 4),
            "the partial file's prefix is kept"
        );
        assert!(st.done.contains("C2"), "a resumed run never fetches C2");
        // While an export holds the journal, erasure is refused, not raced.
        let (_held, _) = Journal::resume(&p, &header()).unwrap();
        let e = withhold(&p, &["C3".into()]).unwrap_err();
        assert_eq!(e.kind, crate::ExitKind::Busy);
    }

    /// The journal's words on disk stay what they were when they were strings.
    #[test]
    fn the_header_names_subject_and_format_as_before() {
        let mut h = header();
        h.subject = Subject::CandidateDetails;
        h.format = Format::Csv;
        let v = h.to_value();
        assert_eq!(v["subject"], "candidate details");
        assert_eq!(v["format"], "csv");
        assert!(h.differences(&v).is_empty());
        for (subject, name) in [
            (Subject::Submissions, "submissions"),
            (Subject::Memos, "memos"),
            (Subject::Candidates, "candidates"),
        ] {
            assert_eq!(json!(subject), json!(name));
            assert_eq!(subject.name(), name);
        }
    }
}
