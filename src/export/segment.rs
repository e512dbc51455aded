//! One candidate's encoded records, kept until the candidate is complete so that its records
//! reach the output together (or not at all): in memory up to a threshold, then in an
//! anonymous temporary file, so memory stays bounded whatever a candidate's size.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::PathBuf;

use crate::error::Error;

/// Bytes kept in memory before a segment moves to a temporary file.
pub(crate) const SPILL_AT: usize = 256 * 1024;

pub(crate) struct Segment {
    buf: Vec<u8>,
    file: Option<File>,
    /// Where temporary files go (next to the output file); the system temp dir when `None`.
    spill_dir: Option<PathBuf>,
    spill_at: usize,
    /// Encoded bytes in the segment.
    pub len: u64,
    /// Records in the segment.
    pub records: u64,
}

impl std::fmt::Debug for Segment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Segment")
            .field("len", &self.len)
            .field("records", &self.records)
            .field("spilled", &self.file.is_some())
            .finish()
    }
}

impl Segment {
    pub(crate) fn new(spill_dir: Option<PathBuf>, spill_at: usize) -> Segment {
        Segment {
            buf: Vec::new(),
            file: None,
            spill_dir,
            spill_at,
            len: 0,
            records: 0,
        }
    }

    /// Append encoded bytes holding `records` records.
    pub(crate) fn push(&mut self, bytes: &[u8], records: u64) -> Result<(), Error> {
        self.len += bytes.len() as u64;
        self.records += records;
        if let Some(f) = &mut self.file {
            return f.write_all(bytes).map_err(spill_err);
        }
        if self.buf.len() + bytes.len() > self.spill_at {
            let mut f = match &self.spill_dir {
                Some(d) => tempfile::tempfile_in(d),
                None => tempfile::tempfile(),
            }
            .map_err(spill_err)?;
            f.write_all(&self.buf)
                .and_then(|_| f.write_all(bytes))
                .map_err(spill_err)?;
            self.buf = Vec::new();
            self.file = Some(f);
            return Ok(());
        }
        self.buf.extend_from_slice(bytes);
        Ok(())
    }

    /// [`Segment::push`] taking the bytes: the first page of a candidate becomes the segment
    /// without a copy (`bytes` is left empty).
    pub(crate) fn push_vec(&mut self, bytes: &mut Vec<u8>, records: u64) -> Result<(), Error> {
        if self.file.is_none() && self.buf.is_empty() && bytes.len() <= self.spill_at {
            self.len += bytes.len() as u64;
            self.records += records;
            std::mem::swap(&mut self.buf, bytes);
            bytes.clear();
            return Ok(());
        }
        self.push(bytes, records)?;
        bytes.clear();
        Ok(())
    }

    /// Whether adding `more` bytes writes to the temporary file (it spilled, or will now).
    pub fn needs_disk(&self, more: usize) -> bool {
        self.file.is_some() || self.buf.len() + more > self.spill_at
    }

    /// [`Segment::push_vec`] from async code: a push that writes the temporary file runs on
    /// the blocking pool, so a slow disk never holds an async worker; one that stays in memory
    /// is done at once. Gives back the segment and the emptied `bytes` (to reuse).
    pub async fn push_page(
        mut self,
        mut bytes: Vec<u8>,
        records: u64,
    ) -> Result<(Segment, Vec<u8>), Error> {
        if !self.needs_disk(bytes.len()) {
            self.push_vec(&mut bytes, records)?;
            return Ok((self, bytes));
        }
        tokio::task::spawn_blocking(move || {
            self.push_vec(&mut bytes, records)?;
            Ok((self, bytes))
        })
        .await
        .map_err(|e| Error::caused(crate::ExitKind::Other, crate::msg!("spill-stopped"), e))?
    }

    /// Whether it moved to a temporary file.
    #[cfg(test)]
    fn spilled(&self) -> bool {
        self.file.is_some()
    }

    /// Copy the whole segment into `out`.
    pub(crate) fn copy_into(self, out: &mut dyn Write) -> std::io::Result<()> {
        match self.file {
            None => out.write_all(&self.buf),
            Some(mut f) => {
                f.seek(SeekFrom::Start(0))?;
                let copied = std::io::copy(&mut f, out)?;
                if copied != self.len {
                    return Err(std::io::Error::other(crate::t!(
                        "segment-short",
                        copied = copied.to_string(),
                        expected = self.len.to_string()
                    )));
                }
                Ok(())
            }
        }
    }
}

fn spill_err(e: std::io::Error) -> Error {
    Error::caused(crate::ExitKind::Other, crate::msg!("file-cannot-spill"), e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_stays_in_memory_large_spills_and_copies_back() {
        let mut s = Segment::new(None, 10);
        let mut first = b"abc".to_vec();
        s.push_vec(&mut first, 1).unwrap();
        assert!(first.is_empty());
        assert!(!s.spilled());
        s.push(b"defghijkl", 2).unwrap();
        assert!(s.spilled());
        s.push(b"mno", 1).unwrap();
        assert_eq!((s.len, s.records), (15, 4));
        let mut out = Vec::new();
        s.copy_into(&mut out).unwrap();
        assert_eq!(out, b"abcdefghijklmno");
    }

    #[tokio::test]
    async fn pages_pushed_from_async_code_spill_as_pushed_ones_do() {
        let s = Segment::new(None, 10);
        assert!(!s.needs_disk(10) && s.needs_disk(11));
        let (s, rest) = s.push_page(b"abcdef".to_vec(), 1).await.unwrap();
        assert!(rest.is_empty() && !s.spilled());
        let (s, _) = s.push_page(b"ghijkl".to_vec(), 2).await.unwrap();
        assert!(s.spilled() && s.needs_disk(0));
        let (s, _) = s.push_page(b"mno".to_vec(), 1).await.unwrap();
        assert_eq!((s.len, s.records), (15, 4));
        let mut out = Vec::new();
        s.copy_into(&mut out).unwrap();
        assert_eq!(out, b"abcdefghijklmno");
    }
}
