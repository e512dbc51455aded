//! `recruit submissions list CANDIDATE`: a candidate's form submissions (cursor pagination).

use clap::{Args, Subcommand};

use crate::commands::{print_list, Paging};
use crate::context::Ctx;
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
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: SubmissionsCmd) -> Result<(), crate::Error> {
    match cmd {
        SubmissionsCmd::List(a) => {
            let (all, p) = (ctx.globals.all, &a.paging);
            print_list(ctx, Kind::Submission, |c| {
                let token = p.page_token.as_deref();
                let first =
                    crate::api::records::submissions_url(c, &a.candidate, p.per, token, all)?;
                Ok(c.submission_pages(first))
            })
            .await
            .map_err(|err| err.not_found_as(|| format!("candidate '{}' not found", a.candidate)))
        }
    }
}
