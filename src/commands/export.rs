use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum ExportCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: ExportCmd) -> anyhow::Result<()> {
    match cmd {}
}
