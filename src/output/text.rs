//! Small text helpers for the human views: HTML to readable text, local times, yes/no.

use chrono::{DateTime, Local};

/// HTML as plain, readable text (paragraphs and list items on their own lines).
pub fn html_to_text(html: &str, width: usize) -> String {
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
pub fn local_time(ts: Option<&str>) -> String {
    match ts {
        None => String::new(),
        Some(s) => match DateTime::parse_from_rfc3339(s) {
            Ok(t) => t.with_timezone(&Local).format("%Y-%m-%d %H:%M").to_string(),
            Err(_) => s.to_string(),
        },
    }
}

pub fn yes_no(b: Option<bool>) -> &'static str {
    match b {
        Some(true) => "yes",
        Some(false) => "no",
        None => "-",
    }
}

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
