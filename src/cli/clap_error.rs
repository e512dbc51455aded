//! clap's errors in the language in use: its own words are English only.

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::t;

/// clap's error in the language in use, for the kinds people meet most (a mistyped command or
/// flag, a missing argument, a value not among the choices); `None` keeps clap's own English
/// (English itself, help and version output, rarer kinds).
pub(super) fn clap_translated(e: &clap::Error) -> Option<String> {
    if crate::i18n::lang() == crate::i18n::Lang::En || !e.use_stderr() {
        return None;
    }
    let lines = lines(Said(e))?;
    let mut text = format!("{}: {}", t!("word-error"), lines.join("\n"));
    if let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) {
        let usage = usage.to_string();
        let usage = usage.trim().trim_start_matches("Usage:").trim();
        text.push_str(&format!("\n\n{} {usage}", t!("clap-usage")));
    }
    text.push_str(&format!("\n\n{}", t!("clap-more")));
    Some(text)
}

/// What a clap error holds, read by kind of context.
#[derive(Clone, Copy)]
struct Said<'a>(&'a clap::Error);

impl Said<'_> {
    fn one(self, k: ContextKind) -> Option<String> {
        match self.0.get(k) {
            Some(ContextValue::String(s)) => Some(s.clone()),
            _ => None,
        }
    }

    fn many(self, k: ContextKind) -> Vec<String> {
        match self.0.get(k) {
            Some(ContextValue::Strings(v)) => v.clone(),
            Some(ContextValue::String(s)) => vec![s.clone()],
            _ => Vec::new(),
        }
    }

    fn number(self, k: ContextKind) -> Option<i64> {
        match self.0.get(k) {
            Some(ContextValue::Number(n)) => Some(*n as i64),
            _ => None,
        }
    }

    /// The argument and the value it was given.
    fn arg_and_value(self) -> Option<(String, String)> {
        Some((
            self.one(ContextKind::InvalidArg)?,
            self.one(ContextKind::InvalidValue)?,
        ))
    }
}

/// The error's lines (before the usage), or `None` for the kinds left in clap's words.
fn lines(e: Said) -> Option<Vec<String>> {
    match e.0.kind() {
        ErrorKind::InvalidSubcommand => Some(unknown(
            t!(
                "clap-unknown-subcommand",
                value = e.one(ContextKind::InvalidSubcommand)?
            ),
            e.many(ContextKind::SuggestedSubcommand),
        )),
        ErrorKind::UnknownArgument => Some(unknown(
            t!(
                "clap-unknown-argument",
                value = e.one(ContextKind::InvalidArg)?
            ),
            e.many(ContextKind::SuggestedArg),
        )),
        ErrorKind::MissingRequiredArgument => {
            let missing = e.many(ContextKind::InvalidArg);
            if missing.is_empty() {
                return None;
            }
            Some(listed(t!("clap-missing"), &missing))
        }
        ErrorKind::InvalidValue => invalid_value(e),
        ErrorKind::ValueValidation => {
            let (arg, value) = e.arg_and_value()?;
            // The reason is the value parser's own sentence (ours speak the language in use;
            // the standard library's and clap's number checks are put in it here).
            let reason = value_reason(std::error::Error::source(e.0)?);
            Some(vec![t!(
                "clap-value-refused",
                value = value,
                arg = arg,
                reason = reason
            )])
        }
        ErrorKind::ArgumentConflict => Some(conflict(e)),
        ErrorKind::NoEquals => Some(vec![t!(
            "clap-no-equals",
            arg = e.one(ContextKind::InvalidArg)?
        )]),
        ErrorKind::MissingSubcommand => {
            let name = e.one(ContextKind::InvalidSubcommand)?;
            let mut lines = vec![t!("clap-missing-subcommand", name = name)];
            let valid = e.many(ContextKind::ValidSubcommand);
            if !valid.is_empty() {
                let names = valid.join(", ");
                lines.push(format!("  [{}]", t!("clap-subcommands", names = names)));
            }
            Some(lines)
        }
        ErrorKind::InvalidUtf8 => Some(vec![t!("clap-invalid-utf8")]),
        ErrorKind::TooManyValues => {
            let (arg, value) = e.arg_and_value()?;
            Some(vec![t!("clap-too-many-values", value = value, arg = arg)])
        }
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => value_count(e),
        // Help asked for by a bare command (its text is already in the language) and the
        // kinds that are not errors of the command line.
        _ => None,
    }
}

/// An unknown command or flag, and the similar ones clap suggests.
fn unknown(first: String, similar: Vec<String>) -> Vec<String> {
    let mut lines = vec![first];
    if !similar.is_empty() {
        let names = similar
            .iter()
            .map(|s| format!("'{s}'"))
            .collect::<Vec<_>>()
            .join(", ");
        lines.push(format!("  {}", t!("clap-similar", names = names)));
    }
    lines
}

/// A line and the names under it, indented.
fn listed(first: String, names: &[String]) -> Vec<String> {
    let mut lines = vec![first];
    lines.extend(names.iter().map(|n| format!("  {n}")));
    lines
}

fn invalid_value(e: Said) -> Option<Vec<String>> {
    let (arg, value) = e.arg_and_value()?;
    let mut lines = vec![if value.is_empty() {
        t!("clap-value-required", arg = arg)
    } else {
        t!("clap-invalid-value", value = value, arg = arg)
    }];
    let valid = e.many(ContextKind::ValidValue);
    if !valid.is_empty() {
        let values = valid.join(", ");
        lines.push(format!("  [{}]", t!("clap-possible", values = values)));
    }
    Some(lines)
}

fn conflict(e: Said) -> Vec<String> {
    let prior = e.many(ContextKind::PriorArg);
    match (
        e.one(ContextKind::InvalidArg),
        e.one(ContextKind::InvalidSubcommand),
    ) {
        (Some(arg), _) if prior.len() == 1 && prior[0] == arg => {
            vec![t!("clap-used-twice", arg = arg)]
        }
        (Some(arg), _) if prior.len() == 1 => {
            vec![t!("clap-conflict", arg = arg, other = prior[0].clone())]
        }
        (Some(arg), _) if prior.is_empty() => vec![t!("clap-conflict-others", arg = arg)],
        (Some(arg), _) => listed(t!("clap-conflict-many", arg = arg), &prior),
        (None, Some(sub)) => listed(t!("clap-subcommand-conflict", name = sub), &prior),
        (None, None) => vec![t!("clap-conflict-any")],
    }
}

fn value_count(e: Said) -> Option<Vec<String>> {
    let arg = e.one(ContextKind::InvalidArg)?;
    let got = e.number(ContextKind::ActualNumValues)?;
    Some(vec![if e.0.kind() == ErrorKind::TooFewValues {
        let want = e.number(ContextKind::MinValues)?;
        t!("clap-too-few-values", arg = arg, want = want, got = got)
    } else {
        let want = e.number(ContextKind::ExpectedNumValues)?;
        t!(
            "clap-wrong-number-of-values",
            arg = arg,
            want = want,
            got = got
        )
    }])
}

/// Why a value parser refused a value, in the language in use: our parsers already speak it
/// (they use `t!`); the numbers clap and the standard library parse say it in English, read
/// here from the error's kind (a number's) or clap's one sentence (`65 is not in 1..=64`).
fn value_reason(source: &(dyn std::error::Error + 'static)) -> String {
    use std::num::IntErrorKind;
    if let Some(e) = source.downcast_ref::<std::num::ParseIntError>() {
        return match e.kind() {
            IntErrorKind::Empty => t!("reason-number-empty"),
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => t!("reason-number-too-big"),
            _ => t!("reason-not-a-whole-number"),
        };
    }
    if source.is::<std::num::ParseFloatError>() {
        return t!("reason-not-a-number");
    }
    let text = source.to_string();
    if let Some((value, range)) = text.split_once(" is not in ") {
        if value.parse::<i128>().is_ok() {
            return t!("reason-out-of-range", value = value, range = range);
        }
    }
    text
}
