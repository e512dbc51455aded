use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum SubmissionsCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: SubmissionsCmd) -> anyhow::Result<()> {
    match cmd {}
}
