use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum AuthCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: AuthCmd) -> anyhow::Result<()> {
    match cmd {}
}
