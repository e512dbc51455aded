//! `recruit candidates list|get`: find candidates (by stage) and read one.

use clap::{Args, Subcommand};

use crate::api::Stage;
use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit candidates --help`.
pub const EXAMPLES: &str = "\
Examples:
  recruit candidates list --stage interview
  recruit candidates list --all -o csv --fields code,name,job_stage.title > candidates.csv
  recruit candidates get C1001";

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
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only candidates at this stage
    #[arg(long, value_enum, value_name = "S")]
    pub stage: Option<Stage>,
    /// Page size, 1-100 [default: the service's 20; 100 with --all]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub per: Option<u32>,
    /// Start at this page: a token, or the next_page_token address of a previous answer
    #[arg(long, value_name = "T")]
    pub page_token: Option<String>,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Candidate code
    pub code: String,
}

pub async fn run(ctx: &mut Ctx, cmd: CandidatesCmd) -> Result<(), crate::Error> {
    match cmd {
        CandidatesCmd::List(a) => {
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            let q = crate::core::list_query(
                a.stage,
                a.page_token.as_deref(),
                a.per,
                ctx.globals.all,
                ctx.globals.limit,
                crate::api::MAX_PER,
            );
            crate::commands::print_pages(ctx, &mut out, client.candidate_pages(&q), Kind::Candidate)
                .await
        }
        CandidatesCmd::Get(a) => {
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            let c = client.get_candidate(&a.code).await?;
            out.single(Kind::Candidate, &c.raw, &c.value)
        }
    }
}
