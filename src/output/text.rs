//! Small text helpers for the human views: HTML to readable text, local times, yes/no.

use chrono::{DateTime, Local};

/// HTML as plain, readable text (paragraphs and list items on their own lines).
pub(crate) fn html_to_text(html: &str, width: usize) -> String {
    if !html.contains('<') && !html.contains('&') {
        return html.trim().to_string();
    }
    // The trivial decorator drops markdown-style markers (`**bold**`) but keeps list bullets.
    let config = html2text::config::with_decorator(html2text::render::TrivialDecorator::new());
    // ...so mark list items ourselves.
    let marked = html.replace("<li>", "<li>• ").replace("<LI>", "<LI>• ");
    match config.string_from_read(marked.as_bytes(), width.max(20)) {
        Ok(t) => t.trim_end().to_string(),
        Err(_) => html.to_string(),
    }
}

/// An ISO 8601 timestamp in local time (`2026-11-02 09:15`); as given when it doesn't parse.
pub(crate) fn local_time(ts: Option<&str>) -> String {
    match ts {
        None => String::new(),
        Some(s) => match DateTime::parse_from_rfc3339(s) {
            Ok(t) => {
                let t = t.with_timezone(&Local);
                format!(
                    "{} {}",
                    t.format("%Y-%m-%d %H:%M"),
                    zone(t.offset().local_minus_utc())
                )
            }
            Err(_) => s.to_string(),
        },
    }
}

/// A time zone as people read it next to a time: `KST` (the service's customers' zone),
/// `UTC`, else the offset (`+05:30`).
pub(crate) fn zone(offset_secs: i32) -> String {
    match offset_secs {
        32_400 => "KST".to_string(),
        0 => "UTC".to_string(),
        s => {
            let sign = if s < 0 { '-' } else { '+' };
            let m = s.unsigned_abs() / 60;
            format!("{sign}{:02}:{:02}", m / 60, m % 60)
        }
    }
}

pub(crate) fn yes_no(b: Option<bool>) -> &'static str {
    match b {
        Some(true) => "yes",
        Some(false) => "no",
        None => "-",
    }
}

/// The first line of `s`, cut to `max` characters with an ellipsis.
pub(crate) fn one_line(s: &str, max: usize) -> String {
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
pub(crate) fn safe_text(s: &str, keep_newlines: bool) -> std::borrow::Cow<'_, str> {
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

/// A span of seconds as people say it: `45 s`, `6 min 40 s`, `3 h 2 min`, `2 d 4 h`.
pub(crate) fn human_duration(secs: u64) -> String {
    let (d, h, m, s) = (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60);
    let parts: Vec<String> = if d > 0 {
        vec![format!("{d} d"), format!("{h} h")]
    } else if h > 0 {
        vec![format!("{h} h"), format!("{m} min")]
    } else if m > 0 {
        vec![format!("{m} min"), format!("{s} s")]
    } else {
        return format!("{s} s");
    };
    // `5 min`, not `5 min 0 s`.
    parts
        .into_iter()
        .filter(|p| !p.starts_with("0 "))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How long ago a time `age_secs` old was: `2 min 5 s ago`, `just now`, `in 10 s`.
pub(crate) fn ago(age_secs: i64) -> String {
    match age_secs {
        0 => "just now".to_string(),
        a if a > 0 => format!("{} ago", human_duration(a as u64)),
        a => format!("in {}", human_duration(a.unsigned_abs())),
    }
}

/// [`safe_text`] on one line (errors, warnings, listener lines): newlines escaped too.
pub(crate) fn safe_line(s: &str) -> std::borrow::Cow<'_, str> {
    safe_text(s, false)
}

/// A moment in local time (`TZ` honoured), e.g. `2026-11-24 15:00:00 +09:00`; `None` past what a
/// calendar can show.
pub(crate) fn local_clock(at: std::time::SystemTime) -> Option<String> {
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

    #[test]
    fn times_show_their_zone() {
        assert_eq!(zone(9 * 3600), "KST");
        assert_eq!(zone(0), "UTC");
        assert_eq!(zone(5 * 3600 + 1800), "+05:30");
        assert_eq!(zone(-(3 * 3600)), "-03:00");
    }

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(human_duration(0), "0 s");
        assert_eq!(human_duration(45), "45 s");
        assert_eq!(human_duration(400), "6 min 40 s");
        assert_eq!(human_duration(300), "5 min");
        assert_eq!(human_duration(3 * 3600 + 120 + 5), "3 h 2 min");
        assert_eq!(human_duration(2 * 86_400 + 4 * 3600), "2 d 4 h");
        assert_eq!(human_duration(86_400), "1 d");
        assert_eq!(ago(125), "2 min 5 s ago");
        assert_eq!(ago(0), "just now");
        assert_eq!(ago(-10), "in 10 s");
    }
}
