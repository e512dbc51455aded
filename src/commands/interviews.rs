//! `recruit interviews get CODE`: one interview and its schedule.

use clap::Subcommand;

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
    Get {
        /// Interview code (as in interview_scheduled events)
        code: String,
    },
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: InterviewsCmd) -> Result<(), crate::Error> {
    let InterviewsCmd::Get { code } = cmd;
    print_record(ctx, Kind::Interview, async |c| c.get_interview(&code).await).await
}
