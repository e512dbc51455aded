//! Small text helpers for the human views: HTML to readable text, local times.

use chrono::{DateTime, Local};

pub(crate) use recruit_client::text::{local_clock, one_line, safe_line, safe_text};

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

/// [`human_duration`] of a span, rounded up to whole seconds (a wait of 0.2 s is 1 s, never 0).
pub(crate) fn human_duration_of(d: std::time::Duration) -> String {
    human_duration(d.as_secs() + u64::from(d.subsec_nanos() > 0))
}

/// How long ago a time `age_secs` old was: `2 min 5 s ago`, `just now`, `in 10 s`.
pub(crate) fn ago(age_secs: i64) -> String {
    match age_secs {
        0 => "just now".to_string(),
        a if a > 0 => format!("{} ago", human_duration(a as u64)),
        a => format!("in {}", human_duration(a.unsigned_abs())),
    }
}

/// `text` broken into lines of at most `width` display columns (Korean is two a character)
/// for a person's terminal, which would otherwise cut a line anywhere (`nex` / `t time`,
/// `지` / `원서`). Lines break at spaces, so a word is split only when it is wider than a whole
/// line (a long path), and then between characters, never inside one. A line's leading spaces
/// start each of the lines it is broken into; a line that fits is kept as it is. Unlike the
/// tables' wrap, nothing is left out: every character of `text` is on the screen.
pub(crate) fn wrap_words(text: &str, width: usize) -> String {
    use console::measure_text_width as cols;
    use unicode_segmentation::UnicodeSegmentation;
    let width = width.max(2);
    let mut out: Vec<String> = Vec::new();
    for line in text.split('\n') {
        if cols(line) <= width {
            out.push(line.to_string());
            continue;
        }
        let body = line.trim_start_matches(' ');
        let mut indent = &line[..line.len() - body.len()];
        if cols(indent) * 2 > width {
            indent = "";
        }
        let room = width - cols(indent);
        let mut cur = String::new();
        for word in body.split(' ').filter(|w| !w.is_empty()) {
            let w = cols(word);
            if !cur.is_empty() && cols(&cur) + 1 + w <= room {
                cur.push(' ');
                cur.push_str(word);
                continue;
            }
            if !cur.is_empty() {
                out.push(format!("{indent}{}", std::mem::take(&mut cur)));
            }
            if w <= room {
                cur.push_str(word);
                continue;
            }
            // Wider than a line: in pieces, by whole characters.
            for g in word.graphemes(true) {
                if !cur.is_empty() && cols(&cur) + cols(g) > room {
                    out.push(format!("{indent}{}", std::mem::take(&mut cur)));
                }
                cur.push_str(g);
            }
        }
        out.push(format!("{indent}{cur}"));
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_wrapped_whole_by_display_columns() {
        // A line that fits is kept as it is.
        assert_eq!(wrap_words("  two  spaces", 20), "  two  spaces");
        assert_eq!(
            wrap_words("To keep your answers next time, add --save FILE", 24),
            "To keep your answers\nnext time, add --save\nFILE"
        );
        // Korean is two columns a character: 지원서 stays whole.
        let k = wrap_words("Platform Engineer (FORM-ALLKINDS) 지원서 작성", 36);
        assert_eq!(k, "Platform Engineer (FORM-ALLKINDS)\n지원서 작성");
        // The indent starts each line; a word wider than a line is the only one split.
        assert_eq!(
            wrap_words("  enter your number (00-000000) now", 16),
            "  enter your\n  number\n  (00-000000)\n  now"
        );
        assert_eq!(
            wrap_words("/a/very/long/path/x.json", 10),
            "/a/very/lo\nng/path/x.\njson"
        );
        let text = "필수 항목입니다. 답을 입력하거나, Ctrl-C를 눌러 보내지 않고 멈추세요.";
        for w in [8, 13, 17, 30] {
            let out = wrap_words(text, w);
            assert!(
                out.lines().all(|l| console::measure_text_width(l) <= w),
                "{out}"
            );
            // Every word (none is wider than 12 columns) whole at 12 columns and more.
            if w >= 12 {
                assert_eq!(out.replace('\n', " "), text);
            }
        }
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
