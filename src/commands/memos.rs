use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum MemosCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: MemosCmd) -> anyhow::Result<()> {
    match cmd {}
}
