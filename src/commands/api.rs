use clap::Args;

use crate::cli::Ctx;

#[derive(Debug, Args)]
pub struct ApiArgs {}

pub async fn run(_ctx: &mut Ctx, _args: ApiArgs) -> anyhow::Result<()> {
    anyhow::bail!("api: not implemented yet")
}
