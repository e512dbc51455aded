//! `recruit evaluations get CODE`: a candidate's scores at one stage.

use clap::Subcommand;

use crate::commands::print_record;
use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit evaluations --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit evaluations get EV-1001";

#[derive(Debug, Subcommand)]
pub enum EvaluationsCmd {
    /// Show one evaluation: the candidate, the stage, each evaluator's score and comment
    #[command(after_help = "Examples:
  recruit evaluations get EV-1001
  recruit evaluations get EV-1002 --jq '.resource.member_scores[] | [.user.name, .final_score]'")]
    Get {
        /// Evaluation code (a candidate score's code, as in feedback events)
        code: String,
    },
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: EvaluationsCmd) -> Result<(), crate::Error> {
    let EvaluationsCmd::Get { code } = cmd;
    print_record(ctx, Kind::Evaluation, async |c| {
        c.get_evaluation(&code).await
    })
    .await
}
