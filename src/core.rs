//! What both front ends need, written once: the commands (`src/commands/`) and the MCP tools
//! (`src/mcp/`) call these, so a list, a page token, an application or an error means the
//! same thing in both. (Pin and unpin by reading first, replies that keep their thread's role
//! and the error mapping live on the client itself: `Client::set_pinned`,
//! `Client::create_memo_in_thread`.)

use serde_json::Value;
use url::Url;

use crate::api::candidates::MAX_PER as MAX_CANDIDATES_PER;
use crate::api::pagination::{user_page_token_opt, PageStyle, PageWalker};
use crate::api::{ApplicationForm, CandidateListQuery, Client, FormListQuery, JobListQuery, Stage};
use crate::apply::{Prepared, Report, Variant};
use crate::error::Error;

use crate::api::submissions::MAX_PER as MAX_SUBMISSIONS_PER;

/// Most problems of an answers file listed; the rest are counted.
pub const PROBLEMS_SHOWN: usize = 50;

/// `GET /v1/application_forms`: a page token may be given as the `next_page_token` address
/// of an earlier answer, which brings its own title and per along.
pub fn forms_url(
    client: &Client,
    title: Option<String>,
    page_token: Option<&str>,
    per: Option<u32>,
) -> Url {
    let (page_token, carried) = user_page_token_opt(page_token);
    client.forms_url(&FormListQuery {
        title: title.or_else(|| carried("title")),
        page_token,
        per: per.or_else(|| carried("per").and_then(|p| p.parse().ok())),
    })
}

/// The page size of a list that is walked for `--all` / `--limit` (the tools' `all` /
/// `limit`) when none was asked for: the largest (fewest requests), or the limit when that is
/// smaller (one request of just what is wanted).
pub fn walk_per(per: Option<u32>, all: bool, limit: Option<usize>, max: u32) -> Option<u32> {
    per.or(match (all, limit) {
        (_, Some(l)) => Some(l.clamp(1, max as usize) as u32),
        (true, None) => Some(max),
        (false, None) => None,
    })
}

/// `GET /v1/candidates`: a page token may be given as the `next_page_token` address of an
/// earlier answer, which brings its own stage filter and per along; walking every page asks for
/// the largest pages.
pub fn candidates_url(
    client: &Client,
    stage: Option<Stage>,
    page_token: Option<&str>,
    per: Option<u32>,
    all: bool,
    limit: Option<usize>,
) -> Url {
    let (page_token, carried) = user_page_token_opt(page_token);
    let carried_per = carried("per")
        .and_then(|p| p.parse::<u32>().ok())
        .filter(|p| (1..=MAX_CANDIDATES_PER).contains(p));
    client.candidates_url(&CandidateListQuery {
        stage: stage.or_else(|| carried("stage_kind").and_then(|s| Stage::parse(&s))),
        page_token,
        per: walk_per(per.or(carried_per), all, limit, MAX_CANDIDATES_PER),
    })
}

/// `GET /v1/jobs`, as [`candidates_url`] (the filter is the title).
pub fn jobs_url(
    client: &Client,
    title: Option<String>,
    page_token: Option<&str>,
    per: Option<u32>,
    all: bool,
    limit: Option<usize>,
) -> Url {
    let (page_token, carried) = user_page_token_opt(page_token);
    let carried_per = carried("per")
        .and_then(|p| p.parse::<u32>().ok())
        .filter(|p| (1..=MAX_CANDIDATES_PER).contains(p));
    client.jobs_url(&JobListQuery {
        title: title.or_else(|| carried("title")),
        page_token,
        per: walk_per(per.or(carried_per), all, limit, MAX_CANDIDATES_PER),
    })
}

/// `GET /v1/candidates/{c}/form_submissions`: walking every page asks for the largest pages
/// (fewest requests); a `next_url` given as the token brings its own `per`.
pub fn submissions_url(
    client: &Client,
    candidate: &str,
    per: Option<u32>,
    page_token: Option<&str>,
    all: bool,
) -> Result<Url, Error> {
    client.checked_endpoint(&["candidates", candidate])?;
    let (page_token, carried) = user_page_token_opt(page_token);
    let carried_per = carried("per")
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|p| (1..=MAX_SUBMISSIONS_PER).contains(p));
    let per = per
        .or(carried_per)
        .or(if all { Some(MAX_SUBMISSIONS_PER) } else { None });
    Ok(client.submissions_url(candidate, per, page_token.as_deref()))
}

/// Every item of every page from `first` on (at most `limit`): the merged list of `--all` /
/// `--limit` and of the tools' `all` / `limit`.
pub async fn collect_pages(
    client: &Client,
    first: Url,
    style: PageStyle,
    limit: Option<usize>,
) -> Result<Vec<Value>, Error> {
    let mut walker = PageWalker::new(client.clone(), first, style).limit(limit);
    let mut items = Vec::new();
    while let Some(page) = walker.next_page().await? {
        items.extend(page.into_items());
    }
    Ok(items)
}

/// Why an application was not prepared.
pub enum ApplyRefused {
    /// The form could not be read (not found, network...).
    Api(Error),
    /// The answers do not fit the form: every problem found.
    Invalid(Report),
}

/// Read the form and check `answers` (an answers file's JSON) against its questions: the
/// exact body to send, or every problem at once. Nothing is sent.
pub async fn prepare_application(
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
    let prepared =
        crate::apply::prepare(&questions, answers, variant).map_err(ApplyRefused::Invalid)?;
    Ok((form, prepared))
}

/// The problems of a refused answers file, one per line (the first [`PROBLEMS_SHOWN`], then a
/// count), and the summary line the command ends with.
pub fn problem_lines(report: &Report, what: &str) -> (Vec<String>, String) {
    let mut lines: Vec<String> = report
        .problems
        .iter()
        .take(PROBLEMS_SHOWN)
        .map(|p| p.to_string())
        .collect();
    if report.problems.len() > PROBLEMS_SHOWN {
        lines.push(format!(
            "... and {} more problems",
            report.problems.len() - PROBLEMS_SHOWN
        ));
    }
    let n = report.problems.len();
    let summary = format!(
        "{what} has {n} problem{} (listed above); nothing was sent",
        if n == 1 { "" } else { "s" }
    );
    (lines, summary)
}

/// The text of an error as the commands print it after `error: `, with secrets scrubbed.
pub fn error_text(err: &anyhow::Error) -> String {
    crate::redact::redact_error(err)
}

/// Validate and build, or print every problem (one line each) and stop with exit 2.
pub fn prepare_or_report(
    err: &mut dyn std::io::Write,
    questions: &[crate::api::Question],
    value: &Value,
    variant: Variant,
    what: &str,
) -> Result<Prepared, Error> {
    crate::apply::prepare(questions, value, variant)
        .map_err(|report| report_problems(err, &report, what))
}

/// Print a refused file's warnings and problems (one line each) and return the exit-2 error
/// that ends the command.
pub fn report_problems(err: &mut dyn std::io::Write, report: &Report, what: &str) -> Error {
    // A runaway file (a million items) must not print a million lines: the first
    // PROBLEMS_SHOWN of each, then a count.
    const SHOWN: usize = PROBLEMS_SHOWN;
    let warnings = &report.warnings;
    for w in warnings.iter().take(SHOWN) {
        let _ = writeln!(
            err,
            "warning: {}",
            crate::output::text::safe_line(&w.to_string())
        );
    }
    if warnings.len() > SHOWN {
        let _ = writeln!(err, "... and {} more warnings", warnings.len() - SHOWN);
    }
    let (lines, summary) = problem_lines(report, what);
    for line in lines {
        let _ = writeln!(err, "  {}", crate::output::text::safe_line(&line));
    }
    Error::usage(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_ask_for_the_fewest_pages() {
        assert_eq!(
            walk_per(None, false, None, 100),
            None,
            "the service's default"
        );
        assert_eq!(walk_per(None, true, None, 100), Some(100));
        assert_eq!(walk_per(None, false, Some(5), 100), Some(5));
        assert_eq!(walk_per(None, true, Some(250), 100), Some(100));
        assert_eq!(walk_per(Some(7), true, None, 100), Some(7), "--per wins");
    }

    #[test]
    fn a_next_page_address_brings_its_filter_and_size() {
        let c = Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9/v1", None)).unwrap();
        let url = candidates_url(
            &c,
            None,
            Some("http://127.0.0.1:9/v1/candidates?stage_kind=offer&per=3&page_token=abc"),
            None,
            false,
            None,
        );
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:9/v1/candidates?stage_kind=offer&per=3&page_token=abc"
        );
        let url = jobs_url(&c, Some("개발".into()), None, None, true, None);
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:9/v1/jobs?title=%EA%B0%9C%EB%B0%9C&per=100"
        );
    }
}
