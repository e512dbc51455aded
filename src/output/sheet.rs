//! CSV meant for a spreadsheet: the one owner of what `--bom` and `--encoding` change in a
//! CSV, wherever it is written (lists, exports, the access log's and register's CSV).
//!
//! - `--bom` starts the file with the UTF-8 byte-order mark (Excel then reads it as UTF-8);
//! - `--encoding cp949` writes it in the code page older Korean Excel opens by double-click,
//!   a character outside it as `?`, counted for one warning at the end of the run;
//! - either one marks the CSV as a spreadsheet's: a text cell starting with `=`, `+`, `-`,
//!   `@`, a tab or a carriage return gets a leading `'`, so that the spreadsheet shows it and
//!   never runs it as a formula (`=HYPERLINK(...)` in a candidate's answer). Numbers, booleans
//!   and nested values (JSON text) are not text cells and stay as they are.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// The UTF-8 byte-order mark `--bom` starts a CSV with.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The character set of CSV output (`--encoding`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Charset {
    #[default]
    Utf8,
    Cp949,
}

impl Charset {
    /// The names `--encoding` takes.
    pub const NAMES: [&'static str; 2] = ["utf-8", "cp949"];

    pub fn from_name(name: &str) -> Option<Charset> {
        match name.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Some(Charset::Utf8),
            "cp949" | "ms949" | "uhc" | "windows-949" => Some(Charset::Cp949),
            _ => None,
        }
    }
}

/// How a CSV is written for its reader.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sheet {
    pub bom: bool,
    pub charset: Charset,
}

/// Characters written as `?` in this run (CP949 has no form for them).
static UNMAPPED: AtomicU64 = AtomicU64::new(0);

impl Sheet {
    /// `--bom` and `--encoding` for a run writing `format`: a CP949 file cannot start with a
    /// UTF-8 mark, and only CSV has a character set to choose (exit 2 for either mistake).
    pub(crate) fn new(
        bom: bool,
        charset: Charset,
        format: crate::settings::Format,
    ) -> Result<Sheet, Error> {
        if charset == Charset::Cp949 {
            if bom {
                return Err(Error::usage(crate::msg!("sheet-bom-and-cp949")));
            }
            if format != crate::settings::Format::Csv {
                return Err(Error::usage(crate::msg!(
                    "sheet-encoding-not-csv",
                    format = format.as_str()
                )));
            }
        }
        Ok(Sheet { bom, charset })
    }

    /// Meant for a spreadsheet program, so its formula guard applies.
    pub(crate) fn for_spreadsheet(&self) -> bool {
        self.bom || self.charset == Charset::Cp949
    }

    /// A text cell as the spreadsheet should show it: with a leading `'` when it would
    /// otherwise start a formula.
    pub(crate) fn text_cell<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if self.for_spreadsheet() && text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            Cow::Owned(format!("'{text}"))
        } else {
            Cow::Borrowed(text)
        }
    }

    /// What the file starts with (before its header).
    pub(crate) fn start(&self) -> &'static [u8] {
        if self.bom {
            UTF8_BOM
        } else {
            b""
        }
    }

    /// Put `out[from..]` (UTF-8 text just written) in the sheet's character set.
    pub(crate) fn encode_tail(&self, out: &mut Vec<u8>, from: usize) {
        if self.charset == Charset::Utf8 || from >= out.len() {
            return;
        }
        let tail = out.split_off(from);
        let text = String::from_utf8_lossy(&tail);
        let unmapped = to_cp949(&text, out);
        if unmapped > 0 {
            UNMAPPED.fetch_add(unmapped, Ordering::Relaxed);
        }
    }

    /// `text` in the sheet's character set.
    pub(crate) fn encode(&self, text: &str) -> Vec<u8> {
        let mut out = text.as_bytes().to_vec();
        self.encode_tail(&mut out, 0);
        out
    }
}

/// `text` in CP949 appended to `out`, each character CP949 lacks as `?`: how many there were.
fn to_cp949(text: &str, out: &mut Vec<u8>) -> u64 {
    use encoding_rs::EncoderResult;
    // WHATWG's EUC-KR, which encoding_rs implements, is Windows' code page 949 (UHC).
    let mut encoder = encoding_rs::EUC_KR.new_encoder();
    let (mut rest, mut unmapped) = (text, 0);
    loop {
        if let Some(n) = encoder.max_buffer_length_from_utf8_without_replacement(rest.len()) {
            out.reserve(n);
        }
        let (result, read) = encoder.encode_from_utf8_to_vec_without_replacement(rest, out, true);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return unmapped,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => {
                out.push(b'?');
                unmapped += 1;
            }
        }
    }
}

/// The warning for characters written as `?` in this run, once, at its end.
pub(crate) fn report_unmapped(io: &crate::io::Io) {
    let count = UNMAPPED.swap(0, Ordering::Relaxed);
    if count > 0 {
        let warning = crate::t!("sheet-unmapped", count = count);
        crate::tell!(io, "warning-line", warning = warning);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cp949_writes_hangul_in_two_bytes_and_the_rest_as_a_question_mark() {
        let mut out = b"x,".to_vec();
        let n = to_cp949("김 😀 é ü", &mut out);
        // 김 is B1 E8 in CP949; the emoji has no form; é and ü do not exist in CP949 either.
        assert_eq!(out, b"x,\xB1\xE8 ? ? ?");
        assert_eq!(n, 3);
        let mut out = Vec::new();
        // A CP949 extension beyond EUC-KR's 2,350 syllables.
        assert_eq!(to_cp949("똠", &mut out), 0);
        assert_eq!(out, b"\x8c\x63");
    }

    #[test]
    fn only_text_that_starts_a_formula_is_guarded_and_only_for_a_spreadsheet() {
        let sheet = Sheet {
            bom: true,
            charset: Charset::Utf8,
        };
        for (cell, want) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+82 10", "'+82 10"),
            ("-5", "'-5"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("010-1234", "010-1234"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(sheet.text_cell(cell), want);
        }
        assert_eq!(Sheet::default().text_cell("=1+1"), "=1+1");
    }
}
