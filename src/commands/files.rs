use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum FilesCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: FilesCmd) -> anyhow::Result<()> {
    match cmd {}
}
