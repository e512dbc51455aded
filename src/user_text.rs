//! Text files the user gives (answers files, `--candidates` files, `webhooks trigger`
//! payloads): the one reader that decides what encoding they may be in.
//!
//! UTF-8 is read, with or without the byte-order mark Windows editors (Notepad, Excel's
//! "CSV UTF-8") put first. A file in another encoding is refused with exit 2 naming the one it
//! looks like and the `iconv` command that converts it: a Korean Windows machine saves CP949
//! (EUC-KR's superset) by default, and PowerShell's `>` writes UTF-16 LE with a mark.

use std::io::Read;

use crate::error::Error;
use crate::io::Io;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// `bytes` of `what` (the file `path`, `-` for standard input) as text: UTF-8 without its
/// byte-order mark, or exit 2 naming the encoding it looks like.
pub(crate) fn decode(bytes: Vec<u8>, what: &str, path: &str) -> Result<String, Error> {
    let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(&bytes);
    if let Some((encoding, iconv)) = utf16(body) {
        return Err(refused(what, path, encoding, iconv));
    }
    match std::str::from_utf8(body) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => Err(match korean(body) {
            Some(encoding) => refused(what, path, encoding, &encoding.to_ascii_lowercase()),
            None => Error::usage(crate::msg!(
                "user-text-not-utf8",
                what = what,
                byte = format!("0x{:02X}", body[e.valid_up_to()]),
                offset = e.valid_up_to(),
                file = file_word(path)
            )),
        }),
    }
}

/// Read `path` (`-`: standard input) as user text ([`decode`]).
pub(crate) fn read(io: &crate::io::Io, path: &str, what: &str) -> Result<String, Error> {
    let bytes = read_file_or_stdin(io, path, what)?;
    decode(bytes, what, path)
}

fn refused(what: &str, path: &str, encoding: &str, iconv: &str) -> Error {
    Error::usage(crate::msg!(
        "user-text-encoding",
        what = what,
        encoding = encoding,
        iconv = iconv,
        file = file_word(path)
    ))
}

/// The file as the `iconv` example names it.
fn file_word(path: &str) -> String {
    if path == "-" {
        "FILE".to_string()
    } else {
        path.to_string()
    }
}

/// UTF-16 by its byte-order mark, or without one by the zero bytes its ASCII characters
/// have on one side (JSON's punctuation and a code's letters are ASCII): the name and
/// iconv's.
fn utf16(b: &[u8]) -> Option<(&'static str, &'static str)> {
    if b.starts_with(b"\xFF\xFE") {
        return Some(("UTF-16 LE", "utf-16"));
    }
    if b.starts_with(b"\xFE\xFF") {
        return Some(("UTF-16 BE", "utf-16"));
    }
    if b.len() < 2 {
        return None;
    }
    // Text in UTF-8 has no zero byte; in UTF-16, every ASCII character brings one.
    let zeros_at = |parity: usize| {
        b.iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&x| x == 0)
            .count()
    };
    let (even, odd) = (zeros_at(0), zeros_at(1));
    let pairs = b.len() / 2;
    if odd * 4 >= pairs && odd > even * 2 {
        Some(("UTF-16 LE", "utf-16le"))
    } else if even * 4 >= pairs && even > odd * 2 {
        Some(("UTF-16 BE", "utf-16be"))
    } else {
        None
    }
}

/// `EUC-KR` when every non-ASCII pair is in its KS X 1001 range, `CP949` when it needs
/// Windows' extension (the 8,822 syllables EUC-KR lacks, such as 똠), `None` when neither
/// reads it.
fn korean(b: &[u8]) -> Option<&'static str> {
    encoding_rs::EUC_KR.decode_without_bom_handling_and_without_replacement(b)?;
    let mut i = 0;
    let mut extended = false;
    while i < b.len() {
        if b[i] < 0x80 {
            i += 1;
            continue;
        }
        let lead_ok = (0xA1..=0xFE).contains(&b[i]);
        let trail_ok = b.get(i + 1).is_some_and(|t| (0xA1..=0xFE).contains(t));
        extended |= !(lead_ok && trail_ok);
        i += 2;
    }
    Some(if extended { "CP949" } else { "EUC-KR" })
}

/// Largest local input read (an answers file, memo text, a payload, `api --input`): more is
/// a mistake (`yes | recruit ...`, /dev/zero), refused before it fills memory.
pub(crate) const LOCAL_INPUT_MAX: u64 = 16 * 1024 * 1024;

/// Everything `reader` gives, up to [`LOCAL_INPUT_MAX`]; more is exit 2 naming the limit.
pub(crate) fn read_capped(reader: impl Read, what: &str) -> Result<Vec<u8>, Error> {
    let mut buf = Vec::new();
    reader
        .take(LOCAL_INPUT_MAX + 1)
        .read_to_end(&mut buf)
        .map_err(|e| {
            Error::caused(
                crate::ExitKind::Usage,
                crate::msg!("input-cannot-read", what = what),
                e,
            )
        })?;
    if buf.len() as u64 > LOCAL_INPUT_MAX {
        return Err(Error::usage(crate::msg!(
            "input-too-big",
            what = what,
            mib = LOCAL_INPUT_MAX / 1024 / 1024
        )));
    }
    Ok(buf)
}

/// Bytes of a file argument where `-` means standard input.
pub(crate) fn read_file_or_stdin(io: &Io, path: &str, what: &str) -> Result<Vec<u8>, Error> {
    if path == "-" {
        return read_capped(io.stdin(), &crate::t!("input-from-stdin", what = what));
    }
    let named = crate::t!("input-named-file", what = what, path = path);
    let file = std::fs::File::open(path).map_err(|e| {
        Error::caused(
            crate::ExitKind::Usage,
            crate::msg!("input-cannot-read", what = named.as_str()),
            e,
        )
    })?;
    read_capped(file, &named)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(text: &str, enc: &'static encoding_rs::Encoding) -> Vec<u8> {
        enc.encode(text).0.into_owned()
    }

    #[test]
    fn each_encoding_is_named() {
        let json = r#"{"name": "김지우"}"#;
        let utf16le: Vec<u8> = json.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let utf16be: Vec<u8> = json.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(utf16(&utf16le), Some(("UTF-16 LE", "utf-16le")));
        assert_eq!(utf16(&utf16be), Some(("UTF-16 BE", "utf-16be")));
        let mut marked = b"\xFF\xFE".to_vec();
        marked.extend(&utf16le);
        assert_eq!(utf16(&marked), Some(("UTF-16 LE", "utf-16")));
        assert_eq!(utf16(json.as_bytes()), None);
        assert_eq!(korean(&encoded(json, encoding_rs::EUC_KR)), Some("EUC-KR"));
        assert_eq!(
            korean(&encoded("똠방각하", encoding_rs::EUC_KR)),
            Some("CP949")
        );
        assert_eq!(korean(b"\xFF\xFF\xFF"), None);
    }

    #[test]
    fn a_mark_is_dropped_and_unknown_bytes_are_refused_where_they_are() {
        let text = decode(b"\xEF\xBB\xBF{}".to_vec(), "the answers file", "a.json").unwrap();
        assert_eq!(text, "{}");
        let e = decode(b"{\"a\": \xFF}".to_vec(), "the answers file", "a.json").unwrap_err();
        assert_eq!(e.kind, crate::ExitKind::Usage);
        assert!(
            e.message
                .contains("is not UTF-8 text (byte 0xFF at offset 6)")
                && e.message
                    .contains("iconv -f ENCODING -t utf-8 a.json > a.json.utf8"),
            "{}",
            e.message
        );
    }
}
