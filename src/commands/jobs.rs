//! `recruit jobs list`: the jobs (postings with their job group, form and managers).

use clap::{Args, Subcommand};

use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit jobs --help`.
pub const EXAMPLES: &str = "\
Examples:
  recruit jobs list
  recruit jobs list --title 개발";

#[derive(Debug, Subcommand)]
pub enum JobsCmd {
    /// List jobs: code (may be empty), title, job group, application form, managers
    #[command(after_help = "Examples:
  recruit jobs list
  recruit jobs list --title 개발
  recruit jobs list --all -o csv --fields code,title,position.title > jobs.csv
  recruit jobs list --all --jq '.[] | select(.code == null) | .title'")]
    List(ListArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only jobs whose posting or job group title matches
    #[arg(long, value_name = "T")]
    pub title: Option<String>,
    /// Page size, 1-100 [default: the service's 20; 100 with --all]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub per: Option<u32>,
    /// Start at this page: a token, or the next_page_token address of a previous answer
    #[arg(long, value_name = "T")]
    pub page_token: Option<String>,
}

pub async fn run(ctx: &mut Ctx, cmd: JobsCmd) -> Result<(), crate::Error> {
    match cmd {
        JobsCmd::List(a) => {
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            let q = crate::core::list_query(
                a.title.map(crate::api::Title),
                a.page_token.as_deref(),
                a.per,
                ctx.globals.all,
                ctx.globals.limit,
                crate::api::MAX_PER,
            );
            crate::commands::print_pages(ctx, &mut out, client.job_pages(&q), Kind::Job).await
        }
    }
}
