//! `recruit interviews get CODE`: one interview and its schedule.

use clap::{Args, Subcommand};

use crate::commands::print_record;
use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit interviews --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit interviews get IV-1001";

#[derive(Debug, Subcommand)]
pub enum InterviewsCmd {
    /// Show one interview: the candidate, the round and the schedule (in local time)
    #[command(after_help = "Examples:
  recruit interviews get IV-1001
  recruit interviews get IV-1001 --jq '.resource.schedule.start_at'")]
    Get(GetArgs),
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Interview code (as in interview_scheduled events)
    pub code: String,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: InterviewsCmd) -> Result<(), crate::Error> {
    match cmd {
        InterviewsCmd::Get(a) => {
            print_record(ctx, Kind::Interview, async |c| {
                c.get_interview(&a.code).await
            })
            .await
        }
    }
}
