//! What both front ends do to apply (the command and the `forms_apply` tool): read the form
//! and check the answers against it, nothing sent; the problems in words.

use serde_json::Value;

use super::{Prepared, Report, Variant};
use crate::api::Question;
#[cfg(feature = "mcp")]
use crate::api::{ApplicationForm, Client};
use crate::error::Error;

/// Most problems of an answers file listed; the rest are counted.
pub(crate) const PROBLEMS_SHOWN: usize = 50;

/// Why an application was not prepared.
#[cfg(feature = "mcp")] // the MCP server's forms_apply
pub(crate) enum ApplyRefused {
    /// The form could not be read (not found, network...).
    Api(Error),
    /// The answers do not fit the form: every problem found.
    Invalid(Report),
}

/// Read the form and check `answers` (an answers file's JSON) against its questions: the
/// exact body to send, or every problem at once. Nothing is sent.
#[cfg(feature = "mcp")]
pub(crate) async fn prepare_application(
    client: &Client,
    code: &str,
    answers: &Value,
    variant: Variant,
) -> Result<(ApplicationForm, Prepared), ApplyRefused> {
    let form = client
        .get_form(code)
        .await
        .map_err(ApplyRefused::Api)?
        .data
        .resource;
    let questions = form.questions.clone().unwrap_or_default();
    let prepared = super::prepare(&questions, answers, variant).map_err(ApplyRefused::Invalid)?;
    Ok((form, prepared))
}

/// The problems of a refused answers file, one per line (the first [`PROBLEMS_SHOWN`], then a
/// count), and the summary line the command ends with.
pub(crate) fn problem_lines(report: &Report, what: &str) -> (Vec<String>, String) {
    let mut lines: Vec<String> = report
        .problems
        .iter()
        .take(PROBLEMS_SHOWN)
        .map(|p| p.to_string())
        .collect();
    if report.problems.len() > PROBLEMS_SHOWN {
        lines.push(crate::t!(
            "apply-more-problems",
            count = (report.problems.len() - PROBLEMS_SHOWN).to_string()
        ));
    }
    let n = report.problems.len();
    let summary = crate::t!("apply-problems-summary", what = what, count = n);
    (lines, summary)
}

/// Validate and build ([`super::prepare`]), or stop with exit 2: every problem printed on `err`
/// (one line each) before the error, or, with no `err`, in the error itself (lines, then the
/// summary) for a reader that takes one message, such as a program reading JSON errors.
pub(crate) fn prepare_or_report(
    err: Option<&mut dyn std::io::Write>,
    questions: &[Question],
    value: &Value,
    variant: Variant,
    what: &str,
) -> Result<Prepared, Error> {
    super::prepare(questions, value, variant).map_err(|report| match err {
        Some(err) => report_problems(err, &report, what),
        None => {
            let (lines, summary) = problem_lines(&report, what);
            let mut text = lines.join("\n");
            text.push('\n');
            text.push_str(&summary);
            Error::usage(crate::error::Verbatim::composed(text))
        }
    })
}

/// Print a refused file's warnings and problems (one line each) and return the exit-2 error
/// that ends the command.
pub(crate) fn report_problems(err: &mut dyn std::io::Write, report: &Report, what: &str) -> Error {
    // A runaway file (a million items) must not print a million lines: the first
    // PROBLEMS_SHOWN of each, then a count.
    const SHOWN: usize = PROBLEMS_SHOWN;
    let warnings = &report.warnings;
    for w in warnings.iter().take(SHOWN) {
        let line = crate::output::text::safe_line(&w.to_string()).to_string();
        let _ = writeln!(err, "{}", crate::t!("warning-line", warning = line));
    }
    if warnings.len() > SHOWN {
        let count = (warnings.len() - SHOWN).to_string();
        let _ = writeln!(err, "{}", crate::t!("apply-more-warnings", count = count));
    }
    let (lines, summary) = problem_lines(report, what);
    for line in lines {
        let _ = writeln!(err, "  {}", crate::output::text::safe_line(&line));
    }
    Error::usage(crate::error::Verbatim::composed(summary))
}
