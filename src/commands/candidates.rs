//! `recruit candidates list|get`: find candidates (by stage) and read one.

use clap::{Args, Subcommand};

use crate::api::Stage;
use crate::commands::{print_list, print_record, Paging};
use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit candidates --help`.
pub(crate) const EXAMPLES: &str = "\
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
            let q = a.paging.query(a.stage, ctx);
            print_list(ctx, Kind::Candidate, |c| Ok(c.candidate_pages(&q))).await
        }
        CandidatesCmd::Get(a) => {
            print_record(ctx, Kind::Candidate, async |c| {
                c.get_candidate(&a.code).await
            })
            .await
        }
    }
}
