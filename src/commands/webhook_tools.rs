//! `recruit webhooks listen|verify|trigger`: the local webhook toolkit. OWNER: webhook helper.

use clap::Args;

use crate::cli::Ctx;

#[derive(Debug, Args)]
pub struct ListenArgs {}

#[derive(Debug, Args)]
pub struct VerifyArgs {}

#[derive(Debug, Args)]
pub struct TriggerArgs {}

pub async fn listen(_ctx: &mut Ctx, _args: ListenArgs) -> anyhow::Result<()> {
    anyhow::bail!("webhooks listen: not implemented yet")
}

pub async fn verify(_ctx: &mut Ctx, _args: VerifyArgs) -> anyhow::Result<()> {
    anyhow::bail!("webhooks verify: not implemented yet")
}

pub async fn trigger(_ctx: &mut Ctx, _args: TriggerArgs) -> anyhow::Result<()> {
    anyhow::bail!("webhooks trigger: not implemented yet")
}
