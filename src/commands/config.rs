use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum ConfigCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: ConfigCmd) -> anyhow::Result<()> {
    match cmd {}
}
