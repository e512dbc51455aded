//! The candidates file: one code per line.

use std::collections::HashSet;

use sha2::{Digest, Sha256};

use crate::error::Error;

/// Candidate codes read from a file, in first-occurrence order, each once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CandidateList {
    pub codes: Vec<String>,
    /// Lines that repeated a code already listed.
    pub duplicates: usize,
}

impl CandidateList {
    /// Parse the text of a candidates file:
    /// - one code per line, surrounding whitespace trimmed (CRLF line ends are fine);
    /// - blank lines and lines starting with `#` are ignored, and so is a trailing ` # comment`;
    /// - a code listed twice is exported once, at its first place;
    /// - a line holding two words is refused (it is most likely two codes on one line).
    ///
    /// `what` names the source in messages (`candidates file 'x.txt'`). The text is the
    /// file's as [`crate::user_text`] read it (its encoding, a byte-order mark).
    pub(crate) fn parse(text: &str, what: &str) -> Result<CandidateList, Error> {
        let mut seen = HashSet::new();
        let mut list = CandidateList::default();
        for (n, line) in text.lines().enumerate() {
            let line = strip_comment(line).trim();
            if line.is_empty() {
                continue;
            }
            if line.split_whitespace().nth(1).is_some() {
                return Err(Error::usage(crate::msg!(
                    "export-codes-two-words",
                    what = what,
                    line = n + 1,
                    text = shorten(line).to_string()
                )));
            }
            if line.chars().any(char::is_control) {
                return Err(Error::usage(crate::msg!(
                    "export-codes-control",
                    what = what,
                    line = n + 1
                )));
            }
            if line.len() > crate::api::http::MAX_CODE {
                return Err(Error::usage(crate::msg!(
                    "codes-file-line-problem",
                    what = what.to_string(),
                    line = n + 1,
                    why = crate::api::http::too_long_code(line).message
                )));
            }
            if line == "." || line == ".." {
                // In a URL path these would address a parent resource, not a candidate.
                return Err(Error::usage(crate::msg!(
                    "export-codes-dot",
                    what = what,
                    line = n + 1,
                    text = line.to_string()
                )));
            }
            if seen.insert(line.to_string()) {
                list.codes.push(line.to_string());
            } else {
                list.duplicates += 1;
            }
        }
        if list.codes.is_empty() {
            return Err(Error::usage(crate::msg!("export-codes-none", what = what)));
        }
        Ok(list)
    }

    /// A fingerprint of the list, stored in the resume journal so a resumed run is known to
    /// export the same candidates.
    pub(crate) fn fingerprint(&self) -> String {
        let mut h = Sha256::new();
        for c in &self.codes {
            h.update(c.as_bytes());
            h.update(b"\n");
        }
        hex::encode(h.finalize())
    }
}

/// Drop a whole-line `# comment`, or a trailing one introduced by whitespace (`C1  # note`).
fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with('#') {
        return "";
    }
    let bytes = line.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'#' && i > 0 && bytes[i - 1].is_ascii_whitespace() {
            return &line[..i];
        }
    }
    line
}

fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A candidates file's bytes as the export reads them.
    fn read(bytes: &[u8]) -> Result<CandidateList, Error> {
        let text = crate::user_text::decode(bytes.to_vec(), "f", "f")?;
        CandidateList::parse(&text, "f")
    }

    #[test]
    fn comments_blanks_duplicates_and_whitespace() {
        let text = "\u{feff}# header\n\n  C1  \r\nC2 # second\nC1\n\t\n#C3\nC3\nC2\n";
        let list = read(text.as_bytes()).unwrap();
        assert_eq!(list.codes, vec!["C1", "C2", "C3"]);
        assert_eq!(list.duplicates, 2);
    }

    #[test]
    fn hash_inside_a_code_is_kept() {
        let list = read(b"A#1\n").unwrap();
        assert_eq!(list.codes, vec!["A#1"]);
    }

    #[test]
    fn refused_inputs() {
        for bad in [&b"C1 C2\n"[..], b"\n# only comments\n", b"", b"\xff\xfe"] {
            let e = read(bad).unwrap_err();
            assert_eq!(e.kind, crate::ExitKind::Usage, "{bad:?}");
        }
    }

    #[test]
    fn fingerprint_depends_on_codes_and_order() {
        let a = read(b"C1\nC2\n").unwrap();
        let b = read(b"# x\nC1\n\nC2\nC1\n").unwrap();
        let c = read(b"C2\nC1\n").unwrap();
        assert_eq!(a.fingerprint(), b.fingerprint());
        assert_ne!(a.fingerprint(), c.fingerprint());
    }
}
