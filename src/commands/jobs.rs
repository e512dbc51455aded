//! `recruit jobs list`: the jobs (postings with their job group, form and managers).

use clap::{Args, Subcommand};

use crate::commands::{print_list, Paging};
use crate::context::Ctx;
use crate::ops::jobs;
use crate::output::Kind;

/// Examples under `recruit jobs --help`.
pub(crate) const EXAMPLES: &str = "\
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
    #[command(flatten)]
    pub paging: Paging,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: JobsCmd) -> Result<(), crate::Error> {
    match cmd {
        JobsCmd::List(a) => {
            let o = jobs::ListOptions {
                title: a.title,
                pages: a.paging.pages(ctx),
            };
            print_list(ctx, Kind::Job, |c| Ok(jobs::list(c, &o))).await
        }
    }
}
