//! `recruit evaluations get CODE`: a candidate's scores at one stage.

use clap::{Args, Subcommand};

use crate::context::Ctx;
use crate::output::Kind;

/// Examples under `recruit evaluations --help`.
pub const EXAMPLES: &str = "\
Examples:
  recruit evaluations get EV-1001";

#[derive(Debug, Subcommand)]
pub enum EvaluationsCmd {
    /// Show one evaluation: the candidate, the stage, each evaluator's score and comment
    #[command(after_help = "Examples:
  recruit evaluations get EV-1001
  recruit evaluations get EV-1002 --jq '.resource.member_scores[] | [.user.name, .final_score]'")]
    Get(GetArgs),
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Evaluation code (a candidate score's code, as in feedback events)
    pub code: String,
}

pub async fn run(ctx: &mut Ctx, cmd: EvaluationsCmd) -> Result<(), crate::Error> {
    match cmd {
        EvaluationsCmd::Get(a) => {
            let mut out = ctx.output()?;
            let client = ctx.client().await?;
            let e = client.get_evaluation(&a.code).await?;
            out.single(Kind::Evaluation, &e.raw, &e.value)
        }
    }
}
