use clap::Subcommand;

use crate::cli::Ctx;

#[derive(Debug, Subcommand)]
pub enum FormsCmd {}

pub async fn run(_ctx: &mut Ctx, cmd: FormsCmd) -> anyhow::Result<()> {
    match cmd {}
}
