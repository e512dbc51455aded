//! `recruit webhooks ...`: registrations (CRUD) and the local toolkit.

use clap::Subcommand;

use crate::cli::Ctx;
use crate::commands::webhook_tools;

#[derive(Debug, Subcommand)]
pub enum WebhooksCmd {
    /// Run a local receiver that verifies signatures, prints events and forwards them
    Listen(webhook_tools::ListenArgs),
    /// Check one webhook signature (exit 0 valid, 8 invalid)
    Verify(webhook_tools::VerifyArgs),
    /// Send a signed sample event to a URL with the service's retry schedule
    Trigger(webhook_tools::TriggerArgs),
}

pub async fn run(ctx: &mut Ctx, cmd: WebhooksCmd) -> anyhow::Result<()> {
    match cmd {
        WebhooksCmd::Listen(a) => webhook_tools::listen(ctx, a).await,
        WebhooksCmd::Verify(a) => webhook_tools::verify(ctx, a).await,
        WebhooksCmd::Trigger(a) => webhook_tools::trigger(ctx, a).await,
    }
}
