//! `recruit forms apply CODE`: submit an application from an answers file or a wizard.

use clap::{Args, ValueEnum};

use crate::cli::Ctx;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// `privacy` + `questions[{question_id, kind, answer}]`
    A,
    /// name, email, phone, resume_path at the top level + `questions[{id, kind, answer}]`
    B,
}

#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// Form code
    pub code: String,
    /// Answers file (JSON, variant A shape), or - for standard input
    #[arg(long, value_name = "FILE|-")]
    pub answers: Option<String>,
    /// Request variant [default: a, or the profile's `variant`]
    #[arg(long, value_enum)]
    pub variant: Option<Variant>,
    /// Print the exact request body and send nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Don't ask for confirmation
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Wizard: also write the answers to FILE (valid input for --answers)
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
}

pub async fn run(_ctx: &mut Ctx, _args: ApplyArgs) -> anyhow::Result<()> {
    anyhow::bail!("forms apply: not implemented yet")
}
