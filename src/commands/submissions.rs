//! `recruit submissions list CANDIDATE`: a candidate's form submissions (cursor pagination).

use clap::{Args, Subcommand};

use crate::commands::Paging;
use crate::context::Ctx;
use crate::ops::submissions;
use crate::output::Kind;

/// Examples under `recruit submissions --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit submissions list C1001
  recruit submissions list C1001 --all -o ndjson";

#[derive(Debug, Subcommand)]
pub enum SubmissionsCmd {
    /// List a candidate's form submissions (pre-interview questions, reference checks, ...)
    #[command(after_help = "Examples:
  recruit submissions list C1001
  recruit submissions list C1001 --answers     # each submission's questions and answers
  recruit submissions list C1001 --all -o ndjson > c1001.ndjson
  recruit submissions list C1001 --all --jq '.[] | select(.kind == \"reference_check\") | .code'")]
    List(ListArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Candidate code
    pub candidate: String,
    #[command(flatten)]
    pub paging: Paging,
    /// In the table, each submission's questions and answers, in words (json and csv have
    /// them already)
    #[arg(long)]
    pub answers: bool,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: SubmissionsCmd) -> Result<(), crate::Error> {
    match cmd {
        SubmissionsCmd::List(a) => {
            let o = submissions::ListOptions {
                candidate: a.candidate.clone(),
                pages: a.paging.pages(ctx),
            };
            let mut out = ctx.output()?;
            out.opts.answers = a.answers;
            out.about(&a.candidate);
            let client = ctx.client().await?;
            let pages = submissions::list(&client, &o);
            async { crate::commands::print_pages(ctx, &mut out, pages?, Kind::Submission).await }
                .await
                .map_err(|err| {
                    err.not_found_as(|| {
                        crate::msg!("candidate-not-found", code = a.candidate.as_str())
                    })
                })
        }
    }
}
