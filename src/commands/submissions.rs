//! `recruit submissions list CANDIDATE`: a candidate's form submissions (cursor pagination).

use clap::{Args, Subcommand};

use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit submissions --help`.
pub const EXAMPLES: &str = "\
Examples:
  recruit submissions list C1001
  recruit submissions list C1001 --all -o ndjson";

#[derive(Debug, Subcommand)]
pub enum SubmissionsCmd {
    /// List a candidate's form submissions (pre-interview questions, reference checks, ...)
    #[command(after_help = "Examples:
  recruit submissions list C1001
  recruit submissions list C1001 --all -o ndjson > c1001.ndjson
  recruit submissions list C1001 --all --jq '.[] | select(.kind == \"reference_check\") | .code'")]
    List(ListArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Candidate code
    pub candidate: String,
    /// Page size, 1-100 [default: the service's 20; 100 with --all]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub per: Option<u32>,
    /// Start at this page: a token, or a next_url/prev_url of a previous answer
    #[arg(long, value_name = "T")]
    pub page_token: Option<String>,
}

pub async fn run(ctx: &mut Ctx, cmd: SubmissionsCmd) -> Result<(), crate::Error> {
    match cmd {
        SubmissionsCmd::List(a) => {
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            let url = crate::core::submissions_url(
                &client,
                &a.candidate,
                a.per,
                a.page_token.as_deref(),
                ctx.globals.all,
            )?;
            crate::commands::print_pages(
                ctx,
                &mut out,
                client.submission_pages(url),
                Kind::Submission,
            )
            .await
            .map_err(|err| err.not_found_as(|| format!("candidate '{}' not found", a.candidate)))
        }
    }
}
