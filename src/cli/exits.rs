//! The "Exit codes" paragraph of `recruit --help`, made from [`ExitKind`] so that a new kind
//! cannot be left out of it (the match in [`summary`] is exhaustive). English is written here,
//! next to the kinds, like the rest of clap's English help; other languages come from
//! `help-ko.ftl` (`help-exit-<code>`).

use crate::i18n::{help_text, Lang};
use crate::ExitKind;

/// What a kind's code means, in English: one phrase of the paragraph.
fn summary(kind: ExitKind) -> &'static str {
    match kind {
        ExitKind::Other | ExitKind::Busy => "other failure",
        ExitKind::Usage => "bad usage or input",
        ExitKind::NotFound => "not found",
        ExitKind::Auth => "authentication",
        ExitKind::Rejected => "rejected by the service",
        ExitKind::RateLimited => "rate limited",
        ExitKind::Network => "network/timeout/5xx",
        ExitKind::Signature => "bad webhook signature",
        ExitKind::Interrupted => "interrupted",
        ExitKind::OutputClosed => "the reader of standard output went away (| head)",
    }
}

/// The widest a line of the paragraph gets (the help's own width is 100 columns).
const WIDTH: usize = 100;

/// The paragraph in `lang`: `Exit codes: 0 ok, 1 other failure, ...`, one phrase per code,
/// wrapped between phrases (a code never parts from its meaning).
pub(crate) fn paragraph(lang: Lang) -> String {
    let said = |id: String, english: &str| match lang {
        Lang::En => english.to_string(),
        _ => help_text(lang, &id).unwrap_or_else(|| english.to_string()),
    };
    let mut phrases = vec![format!("0 {}", said("help-exit-0".into(), "ok"))];
    let mut codes = Vec::new();
    for kind in ExitKind::ALL {
        let code = kind.code();
        if !codes.contains(&code) {
            codes.push(code);
            phrases.push(format!(
                "{code} {}",
                said(format!("help-exit-{code}"), summary(kind))
            ));
        }
    }
    let heading = said("help-exit-heading".into(), "Exit codes");
    let last = phrases.len() - 1;
    let mut text = format!("{heading}:");
    let mut line = text.len();
    for (i, phrase) in phrases.iter().enumerate() {
        let end = if i == last { "." } else { "," };
        let piece = format!("{phrase}{end}");
        let width = columns(&piece);
        if line + 1 + width > WIDTH {
            text.push('\n');
            line = 0;
        } else {
            text.push(' ');
            line += 1;
        }
        text.push_str(&piece);
        line += width;
    }
    text
}

/// Columns a text takes on a terminal: Hangul and other wide letters take two.
fn columns(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English paragraph, as the help said it before it was generated.
    const BEFORE: &str = "\
Exit codes: 0 ok, 1 other failure, 2 bad usage or input, 3 not found, 4 authentication,
5 rejected by the service, 6 rate limited, 7 network/timeout/5xx, 8 bad webhook signature,
130 interrupted, 141 the reader of standard output went away (| head).";

    #[test]
    fn english_is_unchanged() {
        assert_eq!(paragraph(Lang::En), BEFORE);
    }

    #[test]
    fn every_exit_kind_is_said_in_every_language() {
        for lang in [Lang::En, Lang::Ko] {
            let text = paragraph(lang).replace('\n', " ");
            for kind in ExitKind::ALL {
                let code = kind.code();
                assert!(
                    text.contains(&format!(" {code} ")),
                    "{kind:?} ({code}) missing in {lang:?}: {text}"
                );
                if lang != Lang::En {
                    let id = format!("help-exit-{code}");
                    assert!(help_text(lang, &id).is_some(), "{id} missing in {lang:?}");
                }
            }
            assert!(text.contains(" 0 "), "{text}");
        }
        for id in ["help-exit-0", "help-exit-heading"] {
            assert!(help_text(Lang::Ko, id).is_some(), "{id}");
        }
        // ExitKind::ALL lists each kind once (a kind added to ExitKind fails to compile in `summary`
        // until it has words, and is listed here with them).
        for (i, k) in ExitKind::ALL.iter().enumerate() {
            assert!(!ExitKind::ALL[i + 1..].contains(k), "{k:?} listed twice");
        }
    }
}
