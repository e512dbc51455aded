//! Text made safe and short for people: one line, no terminal controls; a moment in local time.
//! No words in any language here: those belong to the front end.

/// The first line of `s`, cut to `max` characters with an ellipsis.
pub fn one_line(s: &str, max: usize) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        flat
    } else {
        let mut t: String = flat.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// Whether `c` must not reach a terminal as is: C0 controls, DEL, C1 controls (U+0080-U+009F,
/// e.g. U+009B, a one-byte CSI), and the invisible direction/line controls that reorder or
/// hide text (bidi embeddings, overrides and isolates, LRM/RLM/ALM, line and paragraph
/// separators, BOM).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// A service (or file) string made safe for a terminal: every control character becomes a
/// visible escape (`\x1b`, `\u{202e}`), so a memo cannot clear the screen, set the clipboard
/// (OSC 52) or reverse text. A tab becomes a space; a newline is kept only when
/// `keep_newlines` (wrapped cells), else shown as `\n`. Used for every human-facing output;
/// `-o json/ndjson/csv` are written byte-exact and never pass through here.
pub fn safe_text(s: &str, keep_newlines: bool) -> std::borrow::Cow<'_, str> {
    if !s
        .chars()
        .any(|c| is_unsafe(c) && !(keep_newlines && c == '\n'))
    {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '\n' if keep_newlines => out.push('\n'),
            '\r' if keep_newlines => {}
            '\t' => out.push(' '),
            '\n' => out.push_str("\\n"),
            c if is_unsafe(c) && (c as u32) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if is_unsafe(c) => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// [`safe_text`] on one line (errors, warnings, listener lines): newlines escaped too.
pub fn safe_line(s: &str) -> std::borrow::Cow<'_, str> {
    safe_text(s, false)
}

/// A moment in local time (`TZ` honoured), e.g. `2026-11-24 15:00:00 +09:00`; `None` past what a
/// calendar can show.
pub fn local_clock(at: std::time::SystemTime) -> Option<String> {
    let secs = match at.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).ok()?,
        Err(e) => -i64::try_from(e.duration().as_secs()).ok()?,
    };
    let utc = chrono::DateTime::from_timestamp(secs, 0)?;
    Some(
        utc.with_timezone(&chrono::Local)
            .format("%Y-%m-%d %H:%M:%S %:z")
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_reach_the_terminal_only_as_visible_text() {
        assert_eq!(safe_text("plain\ntext", true), "plain\ntext");
        assert_eq!(
            safe_text("a\u{1b}]52;c;SGVsbG8=\u{7}b", true),
            "a\\x1b]52;c;SGVsbG8=\\x07b"
        );
        assert_eq!(safe_text("\u{1b}[2J", true), "\\x1b[2J");
        assert_eq!(safe_text("x\u{9b}31m", true), "x\\x9b31m");
        assert_eq!(safe_text("\u{202e}txt.exe", true), "\\u{202e}txt.exe");
        assert_eq!(safe_text("\u{2066}a\u{2069}", true), "\\u{2066}a\\u{2069}");
        assert_eq!(safe_text("a\tb\u{7f}", true), "a b\\x7f");
        assert_eq!(safe_line("two\nlines\r"), "two\\nlines\\x0d");
        assert_eq!(safe_text("한국어 café 📎", false), "한국어 café 📎");
    }
}
