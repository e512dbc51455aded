//! `recruit candidates list|get`: find candidates (by stage) and read one.

use clap::{Args, Subcommand};

use crate::api::Stage;
use crate::commands::{print_list, print_record, Paging};
use crate::context::Ctx;
use crate::ops::candidates;
use crate::output::{Kind, ListPrinter};

/// Examples under `recruit candidates --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit candidates list --stage interview
  recruit candidates list --all -o csv --fields code,name,job_stage.title > candidates.csv
  recruit candidates get C1001
  recruit candidates search 하늘
  recruit candidates search ㄱㅎㄴ --stage interview";

#[derive(Debug, Subcommand)]
pub enum CandidatesCmd {
    /// List candidates, optionally at one stage (one page of 20 by default)
    #[command(
        long_about = "List candidates, optionally at one stage of the hiring pipeline (applied, review, interview, \
offer, pass, fail), one page of 20 by default. The table shows each candidate's code, name, stage \
(as the organization names it, e.g. 1차 면접), job, when they applied (local time) and how many \
evaluators have scored them. With --all every page is read, 100 candidates per request.",
        after_help = "Examples:
  recruit candidates list
  recruit candidates list --stage interview
  recruit candidates list --stage applied --all -o ndjson > applied.ndjson
  recruit candidates list --all -o csv --fields code,name,email,job_stage.title > candidates.csv
  recruit candidates list --all --jq '.[] | select(.feedback_status == \"ongoing\") | .code'"
    )]
    List(ListArgs),
    /// Show one candidate: personal data, job and stage, evaluation, salary
    #[command(after_help = "Examples:
  recruit candidates get C1001
  recruit candidates get C1004 --jq '.resource.job_stage'")]
    Get(GetArgs),
    /// Find candidates in the mirror by part of a name, code or email (Hangul, its initial consonants, or Latin)
    #[command(
        long_about = "Find candidates in the mirror that `recruit sync` keeps (no request goes to the service) by part of \
a name, code or email, case-insensitively: Hangul syllables (하늘 finds 김하늘), their initial consonants \
(ㄱㅎㄴ finds 김하늘), or Latin letters. Best matches first (a code equal to the query, then names, codes \
and emails that start with it); at most 20 unless --limit N. Says how old the mirror is on stderr. \
Candidates shown with their personal data are logged in the access log (a record per 1,000).",
        after_help = "Examples:
  recruit candidates search 하늘
  recruit candidates search ㄱㅎㄴ
  recruit candidates search kim --stage interview --limit 5
  recruit candidates search @example.com -o csv"
    )]
    Search(SearchArgs),
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Part of a name (Hangul, initial consonants such as ㄱㅎㄴ, or Latin), code or email
    pub query: String,
    /// Only candidates at this stage
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
    pub stage: Option<Stage>,
    #[command(flatten)]
    pub mirror: crate::commands::report::MirrorArg,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only candidates at this stage
    #[arg(long, value_parser = crate::commands::named::<Stage>(), value_name = "S")]
    pub stage: Option<Stage>,
    #[command(flatten)]
    pub paging: Paging,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Candidate code
    pub code: String,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: CandidatesCmd) -> Result<(), crate::Error> {
    match cmd {
        CandidatesCmd::List(a) => {
            let o = candidates::ListOptions {
                stage: a.stage,
                pages: a.paging.pages(ctx),
            };
            print_list(ctx, Kind::Candidate, |c| Ok(candidates::list(c, &o))).await
        }
        CandidatesCmd::Search(a) => search(ctx, a).await,
        CandidatesCmd::Get(a) => {
            print_record(ctx, Kind::Candidate, async |c| {
                candidates::get(c, &a.code).await
            })
            .await
        }
    }
}

/// `candidates search`: from the mirror alone, printed as `candidates list` prints (so logged
/// alike), the mirror's age on stderr.
async fn search(ctx: &mut Ctx, a: SearchArgs) -> Result<(), crate::Error> {
    let query = a.query.trim().to_string();
    if query.is_empty() {
        return Err(crate::Error::usage(crate::msg!("search-empty-query")));
    }
    let o = candidates::SearchOptions {
        query,
        stage: a.stage,
        limit: ctx.globals.limit.unwrap_or(candidates::SEARCH_LIMIT),
    };
    let store = crate::commands::report::open_mirror(ctx, a.mirror.db.as_deref()).await?;
    let said = store.described.said();
    let found = candidates::search(&store, &o).await?;
    let mut out = ctx.output()?;
    let mut printer = ListPrinter::new(Kind::Candidate, true);
    printer.items(&mut out, &found.items)?;
    printer.finish(&mut out)?;
    crate::tell!(
        ctx.io,
        "search-from-mirror",
        total = found.total,
        shown = found.items.len(),
        db = said,
        last = crate::ops::report::local(found.age.last_sync),
        ago = crate::ops::report::age(found.age.age_seconds).said()
    );
    Ok(())
}
