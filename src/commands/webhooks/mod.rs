//! `recruit webhooks ...`: registrations (CRUD) and the local toolkit (listen, verify, trigger).

pub(crate) mod events;
pub(crate) mod tools;

use clap::{Args, Subcommand};
use serde_json::Value;

use self::tools as webhook_tools;
use crate::api::webhooks::{Naming, WebhookFields};
use crate::api::WebhookInput;
use crate::commands::{print_list, print_record};
use crate::context::{Ctx, Io};
use crate::error::Error;
use crate::ops::{webhooks, Sent};
use crate::output::Kind;

/// Examples under `recruit webhooks --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit webhooks list
  recruit webhooks create --callback-url https://hooks.example.com/recruit --event candidate_pass
  recruit webhooks listen --port 4242 --signing-key \"$KEY\" --forward-to http://localhost:3000/hooks
  recruit webhooks trigger candidate_pass --to http://localhost:4242/ --signing-key \"$KEY\"";

#[derive(Debug, Subcommand)]
pub enum WebhooksCmd {
    /// List webhook registrations
    #[command(
        after_help = "Examples:\n  recruit webhooks list\n  recruit webhooks list --jq '.collection[] | select(.active) | .callback_url'"
    )]
    List,
    /// Show one webhook registration
    #[command(after_help = "Examples:\n  recruit webhooks get WH10000001")]
    Get(CodeArg),
    /// Register a callback address for events
    #[command(after_help = "Examples:
  recruit webhooks create --callback-url https://hooks.example.com/recruit \\
      --signing-key \"$SIGNING_KEY\" --event candidate_stage_changed --event form_submitted
  recruit webhooks create --callback-url https://hooks.example.com/r -f provider=round")]
    Create(CreateArgs),
    /// Change a webhook registration
    #[command(after_help = "Examples:
  recruit webhooks edit WH10000001 --inactive
  recruit webhooks edit WH10000001 --active --event candidate_pass")]
    Edit(EditArgs),
    /// Delete a webhook registration (asks first on a terminal)
    #[command(after_help = "Examples:\n  recruit webhooks delete WH10000002 --yes")]
    Delete(DeleteArgs),
    /// Run a local receiver that verifies signatures, prints events and forwards them
    Listen(webhook_tools::ListenArgs),
    /// Check one webhook signature (exit 0 valid, 8 invalid)
    Verify(webhook_tools::VerifyArgs),
    /// Send a signed sample event to a URL with the service's retry schedule
    Trigger(webhook_tools::TriggerArgs),
    /// The events a durable listener (listen --store) kept: list, show, replay, prune
    #[command(subcommand)]
    Events(events::EventsCmd),
}

#[derive(Debug, Args)]
pub struct CodeArg {
    /// Webhook code (e.g. WH10000001)
    pub code: String,
}

#[derive(Debug, Args)]
pub struct Fields {
    /// HMAC key the service signs deliveries with
    #[arg(long, value_name = "K")]
    pub signing_key: Option<String>,
    /// Event to deliver (repeatable): candidate_stage_changed, candidate_pass, feedback_created,
    /// feedback_completed, interview_scheduled, form_submitted
    #[arg(long = "event", value_name = "E")]
    pub events: Vec<String>,
    /// Register it inactive: no event is delivered to it until `webhooks edit CODE --active`
    #[arg(long)]
    pub inactive: bool,
    /// Any other body field (-f as a string, -F typed)
    #[command(flatten)]
    pub body: crate::commands::fields::FieldArgs,
}

#[derive(Debug, Args)]
pub struct CreateArgs {
    /// Address the service POSTs events to
    #[arg(long, value_name = "URL")]
    pub callback_url: String,
    #[command(flatten)]
    pub fields: Fields,
    #[command(flatten)]
    pub dry: crate::commands::DryRun,
}

#[derive(Debug, Args)]
#[command(mut_arg("inactive", |a| a.help(
    "Deactivate it: the service stops delivering events to it (kept, with its settings) until --active"
)))]
pub struct EditArgs {
    /// Webhook code
    pub code: String,
    /// New callback address
    #[arg(long, value_name = "URL")]
    pub callback_url: Option<String>,
    /// Make it active again
    #[arg(long, conflicts_with = "inactive")]
    pub active: bool,
    #[command(flatten)]
    pub fields: Fields,
    #[command(flatten)]
    pub dry: crate::commands::DryRun,
}

#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// Webhook code
    pub code: String,
    /// Don't ask for confirmation
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub dry: crate::commands::DryRun,
}

/// The body of a create or edit, by the reading both front ends share; its warnings (an event
/// the service does not document, sent unchanged) on stderr.
fn webhook_input(
    io: &Io,
    callback_url: Option<String>,
    active: bool,
    f: Fields,
    creating: bool,
) -> Result<WebhookInput, Error> {
    let fields = WebhookFields {
        callback_url,
        signing_key: f.signing_key,
        events: (!f.events.is_empty()).then_some(f.events),
        active: match (active, f.inactive) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        extra: f.body.to_map(io)?,
    };
    let checked = fields.check(creating, Naming::Flags).map_err(|problems| {
        Error::usage(crate::error::Verbatim::composed(crate::i18n::said_all(
            &problems, "; ",
        )))
    })?;
    for w in &checked.warnings {
        crate::tell!(io, "warning-line", warning = w.said());
    }
    Ok(checked.body)
}

/// A written registration as `get` shows it, or a dry run's request.
fn print_written(
    ctx: &Ctx,
    out: &mut crate::output::Output,
    sent: Sent<crate::api::Fetched<crate::api::types::Resource<crate::api::types::Webhook>>>,
) -> Result<(), crate::Error> {
    match sent {
        Sent::Planned(planned) => crate::commands::print_dry_run(ctx, out, &planned, Value::Null),
        Sent::Done(w) => out.single(Kind::Webhook, &w.raw, &w.value),
    }
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: WebhooksCmd) -> Result<(), crate::Error> {
    match cmd {
        WebhooksCmd::Listen(a) => return webhook_tools::listen(ctx, a).await,
        WebhooksCmd::Verify(a) => return webhook_tools::verify(ctx, a).await,
        WebhooksCmd::Trigger(a) => return webhook_tools::trigger(ctx, a).await,
        WebhooksCmd::Events(c) => return events::run(ctx, c).await,
        _ => {}
    }
    let mut out = ctx.output()?;
    match cmd {
        WebhooksCmd::List => print_list(ctx, Kind::Webhook, |c| Ok(webhooks::list(c))).await,
        WebhooksCmd::Get(a) => {
            print_record(ctx, Kind::Webhook, async |c| {
                webhooks::get(c, &a.code).await
            })
            .await
        }
        WebhooksCmd::Create(a) => {
            let o = webhooks::CreateOptions {
                body: webhook_input(&ctx.io, Some(a.callback_url), false, a.fields, true)?,
                dry_run: a.dry.dry_run,
            };
            let client = ctx.client().await?;
            let sent = webhooks::create(&client, &o).await?;
            print_written(ctx, &mut out, sent)
        }
        WebhooksCmd::Edit(a) => {
            let o = webhooks::EditOptions {
                body: webhook_input(&ctx.io, a.callback_url, a.active, a.fields, false)?,
                code: a.code,
                dry_run: a.dry.dry_run,
            };
            let client = ctx.client().await?;
            let sent = webhooks::edit(&client, &o).await?;
            print_written(ctx, &mut out, sent)
        }
        WebhooksCmd::Delete(a) => {
            let o = webhooks::DeleteOptions {
                code: a.code.clone(),
                dry_run: a.dry.dry_run,
            };
            // A dry run deletes nothing, so has nothing to confirm.
            if !o.dry_run {
                ctx.confirm_destructive(
                    &crate::t!("webhook-delete-confirm", code = a.code.to_string()),
                    a.yes,
                )?;
            }
            let client = ctx.client().await?;
            let resp = match webhooks::delete(&client, &o).await? {
                Sent::Planned(planned) => {
                    return crate::commands::print_dry_run(ctx, &mut out, &planned, Value::Null)
                }
                Sent::Done(resp) => resp,
            };
            let empty = resp.body.iter().all(|b| b.is_ascii_whitespace());
            if out.is_table() || empty {
                if empty && !out.is_table() {
                    let line = crate::t!("webhook-deleted-no-body", code = a.code.to_string());
                    crate::say!(ctx.io, "{line}");
                } else {
                    let line = crate::t!("webhook-deleted", code = a.code.to_string());
                    out.write_str(&format!("{line}\n"))?;
                }
            } else {
                let value = resp.value()?;
                out.single(Kind::Webhook, &resp.body, &value)?;
            }
            Ok(())
        }
        WebhooksCmd::Listen(_)
        | WebhooksCmd::Verify(_)
        | WebhooksCmd::Trigger(_)
        | WebhooksCmd::Events(_) => {
            unreachable!("handled above")
        }
    }
}
