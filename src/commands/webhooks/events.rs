//! `recruit webhooks events list|show|replay|prune`: the events a durable listener
//! (`webhooks listen --store`) has kept.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use serde_json::Value;

use crate::context::Ctx;
use crate::error::Error;
use crate::output::{Kind, ListPrinter};
use crate::webhook::chat::{self, Chat, Destination};
use crate::webhook::delivery::{self as forward, Signing};
use crate::webhook::store::{Event, Filter, Open, Prune, Pruned, Status, Store, Target};

#[derive(Debug, Subcommand)]
pub enum EventsCmd {
    /// List stored events, oldest first
    #[command(after_help = "Examples:
  recruit webhooks events list
  recruit webhooks events list --status failed --since 1d
  recruit webhooks events list --action candidate_pass -o json --jq '.[].payload.candidate.code'")]
    List(ListArgs),
    /// Show one stored event with its payload
    #[command(
        after_help = "Examples:\n  recruit webhooks events show 42\n  recruit webhooks events show 42 -o json --jq .payload"
    )]
    Show(ShowArgs),
    /// Send stored events again, to their forward target or --to URL
    #[command(after_help = "Examples:
  recruit webhooks events replay 42
  recruit webhooks events replay 40 41 42 --to http://localhost:3000/webhooks
  recruit webhooks events replay 42 --to http://localhost:3000/hooks --signing-key \"$KEY\"   # re-signed now")]
    Replay(ReplayArgs),
    /// Delete delivered and failed events received before a time
    #[command(
        long_about = "Delete delivered and failed events received before a time. Pending events (not yet \
delivered) are kept unless --include-pending is given: a running relay would otherwise never \
deliver them. On a terminal it asks first; elsewhere it needs --yes. --dry-run only counts.",
        after_help = "Examples:\n  recruit webhooks events prune --before 30d --yes\n  recruit webhooks events prune --before 2026-01-01 --dry-run\n  recruit webhooks events prune --before 90d --include-pending --yes"
    )]
    Prune(PruneArgs),
}

#[derive(Debug, Args)]
pub struct StoreArg {
    /// The event store (default: events.db in the data directory; postgres://USER@HOST/DB:
    /// the listeners' shared PostgreSQL store)
    #[arg(long, value_name = "FILE|URL")]
    pub store: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub store: StoreArg,
    /// Only events in this state
    #[arg(long, value_parser = crate::commands::named::<Status>())]
    pub status: Option<Status>,
    /// Only events of this action (e.g. candidate_pass)
    #[arg(long, value_name = "A")]
    pub action: Option<String>,
    /// Only events received since T: a time (2026-11-01, 2026-11-01T09:00:00Z) or an age (2h, 7d)
    #[arg(long, value_name = "T", value_parser = parse_time)]
    pub since: Option<f64>,
    /// Only events forwarded (or to be forwarded) to this app
    #[arg(long, value_name = "URL")]
    pub target: Option<String>,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub store: StoreArg,
    /// Event id (from `events list`)
    pub id: i64,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub store: StoreArg,
    /// Event ids (from `events list`)
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<i64>,
    /// Where to send them (default: the forward target each was last sent to)
    #[arg(long, value_name = "URL")]
    pub to: Option<String>,
    /// Sign again with this key and the current time (default: the signature as received)
    #[arg(long, value_name = "K")]
    pub signing_key: Option<String>,
    /// Signature header for --signing-key (default: the one received, else Service-Webhook-Signature)
    #[arg(long, value_name = "NAME")]
    pub header: Option<String>,
}

#[derive(Debug, Args)]
pub struct PruneArgs {
    #[command(flatten)]
    pub store: StoreArg,
    /// Delete events received before T: a time in the past (2026-11-01) or an age (30d)
    #[arg(long, value_name = "T", value_parser = parse_time, required = true)]
    pub before: f64,
    /// Also delete pending events (never delivered): the relay will not deliver them
    #[arg(long)]
    pub include_pending: bool,
    /// Delete without asking (needed without a terminal)
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Only say what would be deleted
    #[arg(long)]
    pub dry_run: bool,
}

/// `--store` given (a file, or a `postgres://` address, never taken for a file name), or the
/// default file.
pub(crate) fn store_target(given: Option<&Path>) -> Target {
    crate::webhook::store::target(given.map(|p| p.to_string_lossy()).as_deref())
}

// What a duration or a time means is the time module's (one meaning for every command).
pub(crate) use crate::time::{parse_duration, parse_time};

/// Append the access log's record of what stored events' payloads show of candidates (a
/// `candidate` object, a submission's `candidate_name`), before they are printed.
fn log_payloads(out: &mut crate::output::Output, records: &[Value]) -> Result<(), Error> {
    let mut seen = recruit_audit::Seen::default();
    for r in records {
        crate::audit::scan(&mut seen, &r["payload"]);
    }
    out.log(&seen)
}

fn open(ctx: &Ctx, arg: &StoreArg) -> Result<Store, crate::Error> {
    let target = store_target(arg.store.as_deref());
    Store::open(&target, Open::Existing, &ctx.net()?)
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: EventsCmd) -> Result<(), crate::Error> {
    match cmd {
        EventsCmd::List(a) => list(ctx, a),
        EventsCmd::Show(a) => show(ctx, a),
        EventsCmd::Replay(a) => replay(ctx, a).await,
        EventsCmd::Prune(a) => prune(ctx, a),
    }
}

fn list(ctx: &mut Ctx, a: ListArgs) -> Result<(), crate::Error> {
    let store = open(ctx, &a.store)?;
    let events = store.list(&Filter {
        status: a.status,
        action: a.action,
        since_unix: a.since,
        // As the store keeps it (a secret address by its name).
        target: a.target.as_deref().map(crate::redact::stored_target),
    })?;
    let mut out = ctx.output()?;
    if out.is_table() {
        // No rows: say so, as every list does, rather than a header alone.
        let (text, notes) = if events.is_empty() {
            (format!("{}\n", crate::t!("events-none")), Vec::new())
        } else {
            crate::output::table::noting(|| table(&out.opts, &events))
        };
        out.write_str(&text)?;
        for note in notes {
            crate::say!(ctx.io, "{note}");
        }
        if events.is_empty() {
            crate::tell!(ctx.io, "events-none-match");
        }
        for line in per_target(&store.counts()?) {
            crate::say!(ctx.io, "{line}");
        }
        return Ok(());
    }
    let records: Vec<Value> = events.iter().map(Event::record).collect();
    // The payloads the service sent may name candidates with their personal data.
    log_payloads(&mut out, &records)?;
    let mut printer = ListPrinter::new(Kind::Other, true);
    printer.items(&mut out, &records)?;
    printer.finish(&mut out)?;
    Ok(())
}

/// One line per target: how many of its events are pending, delivered, failed.
fn per_target(counts: &[crate::webhook::store::TargetCount]) -> Vec<String> {
    let mut targets: Vec<Option<&str>> = counts.iter().map(|c| c.target.as_deref()).collect();
    targets.dedup();
    targets
        .into_iter()
        .map(|t| {
            let n = |st: Status| {
                counts
                    .iter()
                    .filter(|c| c.target.as_deref() == t && c.status == st)
                    .map(|c| c.count)
                    .sum::<u64>()
            };
            crate::t!(
                "events-per-target",
                target = match t {
                    Some(t) => crate::redact::target_name(t),
                    None => crate::t!("events-no-target-yet"),
                },
                pending = n(Status::Pending),
                delivered = n(Status::Delivered),
                failed = n(Status::Failed)
            )
        })
        .collect()
}

/// The table view: one line per event, the payload left to `show` and `-o json`.
fn table(opts: &crate::output::OutputOptions, events: &[Event]) -> String {
    let safe = |s: &str| crate::output::text::safe_line(s).into_owned();
    let rows = events
        .iter()
        .map(|e| {
            vec![
                e.id.to_string(),
                crate::output::text::local_time(Some(&e.received_at)),
                action_cell(e),
                crate::i18n::words::service_value(e.status.as_str()),
                e.attempts.to_string(),
                safe(&e.target_name().unwrap_or_else(|| "-".into())),
                crate::output::text::one_line(e.last_error_shown().as_deref().unwrap_or(""), 80),
            ]
        })
        .collect();
    // On a narrow terminal the action keeps room: the time of day goes, then the last error
    // and the target (`events show` has both), then the count of attempts.
    use crate::output::table::Give;
    let steps = [
        Give::Date(1),
        Give::Drop(6),
        Give::Cut(5, 16),
        Give::Drop(5),
        Give::Drop(4),
    ];
    let header = [
        "ID",
        "RECEIVED",
        "ACTION",
        "STATUS",
        "ATTEMPTS",
        "TARGET",
        "LAST ERROR",
    ];
    crate::output::table::narrowed(opts, &header, rows, &steps)
}

/// The action, marked when `--reconcile` made the event (no received one).
fn action_cell(e: &Event) -> String {
    let action = crate::output::text::safe_line(e.action.as_deref().unwrap_or("-")).into_owned();
    if recruit_core::payload::is_synthesized(&e.payload) {
        return crate::t!("events-synthesized-action", action = action);
    }
    action
}

fn show(ctx: &mut Ctx, a: ShowArgs) -> Result<(), crate::Error> {
    let store = open(ctx, &a.store)?;
    let e = store.get(a.id)?.ok_or_else(|| {
        Error::new(
            crate::error::ExitKind::NotFound,
            crate::msg!("events-no-event-hint", id = a.id, store = store.shown()),
        )
    })?;
    let mut out = ctx.output()?;
    log_payloads(&mut out, std::slice::from_ref(&e.record()))?;
    if !out.is_table() {
        return out.value(Kind::Other, &e.record());
    }
    let safe = |s: &str| crate::output::text::safe_line(s).into_owned();
    let mut s = format!("{}\n", crate::t!("events-show-title", id = e.id));
    // Labels padded by their width on screen (a Korean letter takes two columns).
    let mut line = |k: String, v: String| {
        let pad = 12usize.saturating_sub(console::measure_text_width(&k));
        s.push_str(&format!("{k}{} {v}\n", " ".repeat(pad)))
    };
    line(crate::t!("events-label-action"), action_cell(&e));
    line(
        crate::t!("events-label-received"),
        crate::output::text::local_time(Some(&e.received_at)),
    );
    line(
        crate::t!("events-label-status"),
        e.status.as_str().to_string(),
    );
    line(crate::t!("events-label-attempts"), e.attempts.to_string());
    if let Some(t) = e.target_name() {
        line(crate::t!("events-label-target"), t);
    }
    if let Some(err) = e.last_error_shown() {
        line(crate::t!("events-label-last-error"), safe(&err));
    }
    if let Some(at) = &e.delivered_at {
        line(
            crate::t!("events-label-delivered"),
            crate::output::text::local_time(Some(at)),
        );
    }
    let payload = match serde_json::from_slice::<Value>(&e.payload) {
        Ok(v) => serde_json::to_string_pretty(&v).unwrap_or_default(),
        Err(_) => String::from_utf8_lossy(&e.payload).into_owned(),
    };
    s.push_str(&format!("{}\n", crate::t!("events-label-payload")));
    s.push_str(&crate::output::text::safe_text(&payload, true));
    s.push('\n');
    out.write_str(&s)?;
    Ok(())
}

async fn replay(ctx: &mut Ctx, a: ReplayArgs) -> Result<(), crate::Error> {
    let store = open(ctx, &a.store)?;
    // A chat destination (`slack+https://...`, given or stored) gets the event as its message.
    let to =
        a.to.as_deref()
            .map(|u| Destination::parse("--to", u).map(|d| d.target()))
            .transpose()?;
    let chat = Chat::new(
        chat::Options {
            lang: crate::i18n::lang(),
            ..Default::default()
        },
        &ctx.net()?,
        ctx.timeout()?,
        "webhooks events replay",
    )?;
    let events = events_to_replay(&store, &a.ids, to.is_some())?;
    let client = forward::client(
        &ctx.net()?,
        false,
        ctx.timeout()?,
        forward::user_agent("webhooks events replay"),
    )?;
    let resign = resigning(&a)?;
    let mut failed = 0;
    // The answer that decides the exit: the first refusal, else the first failure (a refusal
    // is the more severe, as an export's worst kind: sent again unchanged it is refused again).
    let mut deciding: Option<forward::Outcome> = None;
    let mut results = Vec::new();
    for e in &events {
        let url = to
            .as_ref()
            .map(|u| u.to_string())
            .or_else(|| e.target.clone())
            .unwrap_or_default();
        let received = e.signature.as_ref().map(|(n, v)| (n.as_str(), v.as_str()));
        // Re-signed in the header it came in, unless --header names another.
        let header = resign.as_ref().map(|(h, keys)| {
            let h = match (&a.header, received) {
                (None, Some((n, _))) => {
                    reqwest::header::HeaderName::from_bytes(n.as_bytes()).unwrap_or(h.clone())
                }
                _ => h.clone(),
            };
            (h, keys)
        });
        let signing = match &header {
            Some((h, keys)) => Signing::Fresh {
                header: h,
                keys,
                original: received.map(|(_, v)| v),
                at: crate::webhook::signature::now_unix(crate::clock::system().as_ref()),
            },
            None => Signing::AsReceived(received),
        };
        let request = forward::Request {
            payload: &e.payload,
            content_type: e.content_type.as_deref(),
            signing,
            event_id: Some(e.id),
            dedup_key: true,
        };
        let outcome = match Destination::chat_target(&url) {
            Some((format, chat_url)) => chat.post(format, chat_url, &e.payload).await,
            None => forward::post(&client, &url, request).await,
        };
        let ok = outcome.accepted();
        let what = crate::redact::hide_addresses(&outcome.describe()).into_owned();
        // Shown by its name: the address itself may be a secret.
        let name = crate::redact::target_name(&url);
        if !ok {
            failed += 1;
            if deciding.is_none()
                || (outcome.permanent() && !deciding.iter().any(|d| d.permanent()))
            {
                deciding = Some(outcome.clone());
            }
        }
        let line = crate::t!(
            "events-replayed",
            ok = if ok { "yes" } else { "no" },
            id = e.id,
            url = name.clone(),
            what = crate::output::text::safe_line(&what).into_owned()
        );
        crate::say!(ctx.io, "{line}");
        let (status, error) = match &outcome {
            forward::Outcome::Accepted(s) => (Some(*s), None),
            forward::Outcome::Refused { status, .. } => (Some(*status), Some(what.clone())),
            forward::Outcome::Failed(_) => (None, Some(what.clone())),
        };
        results.push(serde_json::json!({
            "id": e.id, "to": name, "ok": ok, "status": status, "error": error,
        }));
    }
    let mut out = ctx.output()?;
    if !out.is_table() {
        out.value(Kind::Other, &Value::Array(results))?;
    }
    if failed > 0 {
        return Err(forward::not_delivered(
            crate::msg!(
                "events-replays-failed",
                failed = failed,
                total = events.len()
            ),
            deciding.and_then(|d| d.status()),
        ));
    }
    Ok(())
}

/// The stored events `ids` names, each with somewhere to go (`--to`, else its own target).
fn events_to_replay(
    store: &Store,
    ids: &[i64],
    to_given: bool,
) -> Result<Vec<crate::webhook::store::Event>, crate::Error> {
    let mut events = Vec::new();
    for id in ids {
        let e = store.get(*id)?.ok_or_else(|| {
            Error::new(
                crate::error::ExitKind::NotFound,
                crate::msg!("events-no-event", id = *id, store = store.shown()),
            )
        })?;
        if !to_given && e.target.is_none() {
            return Err(Error::usage(crate::msg!("events-no-target", id = *id)));
        }
        // A secret address (a chat channel's, one with a token) is stored by its name only.
        if let Some(name) = e
            .target
            .as_deref()
            .filter(|t| !to_given && !t.contains("://"))
        {
            return Err(Error::usage(crate::msg!(
                "events-target-by-name",
                id = *id,
                target = name
            )));
        }
        events.push(e);
    }
    Ok(events)
}

/// The header and key a replay signs afresh with (`--signing-key`), if any.
#[allow(clippy::type_complexity)]
fn resigning(
    a: &ReplayArgs,
) -> Result<Option<(reqwest::header::HeaderName, Vec<crate::redact::Secret>)>, crate::Error> {
    let Some(key) = &a.signing_key else {
        return Ok(None);
    };
    let name = a
        .header
        .as_deref()
        .unwrap_or(crate::webhook::signature::DEFAULT_HEADER);
    let header = reqwest::header::HeaderName::from_bytes(name.trim().as_bytes())
        .map_err(|_| Error::usage(crate::msg!("bad-header-name", name = name.to_string())))?;
    Ok(Some((
        header,
        vec![crate::redact::Secret::new(key.clone())],
    )))
}

fn prune(ctx: &mut Ctx, a: PruneArgs) -> Result<(), crate::Error> {
    let now = crate::clock::system().unix();
    if a.before > now {
        return Err(Error::usage(crate::msg!(
            "events-prune-future",
            before = chrono::DateTime::from_timestamp(a.before as i64, 0)
                .map(|t| t
                    .with_timezone(&chrono::Local)
                    .format("%Y-%m-%d %H:%M %Z")
                    .to_string())
                .unwrap_or_default()
        )));
    }
    let store = open(ctx, &a.store)?;
    let rule = Prune {
        before_unix: a.before,
        include_pending: a.include_pending,
    };
    let would = store.prune(rule, true)?;
    let cut = chrono::DateTime::from_timestamp(a.before as i64, 0)
        .map(|t| {
            t.with_timezone(&chrono::Local)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_default();
    let done = if a.dry_run || would.total() == 0 {
        Pruned::default()
    } else {
        ctx.confirm_destructive(
            &crate::t!(
                "events-prune-confirm",
                events = describe(&would),
                before = cut.clone(),
                store = store.shown()
            ),
            a.yes,
        )?;
        store.prune(rule, false)?
    };
    let kept = if a.include_pending {
        0
    } else {
        let all = Prune {
            include_pending: true,
            ..rule
        };
        store.prune(all, true)?.pending
    };
    let mut out = ctx.output()?;
    if out.is_table() {
        if a.dry_run {
            let line = crate::t!("events-would-delete", events = describe(&would));
            crate::say!(ctx.io, "{line}");
        } else {
            let line = crate::t!("events-deleted", events = describe(&done));
            crate::say!(ctx.io, "{line}");
        }
        if kept > 0 {
            let line = crate::t!("events-kept-pending", count = kept, before = cut.clone());
            crate::say!(ctx.io, "{line}");
        }
    } else {
        let n = if a.dry_run { would } else { done };
        out.value(
            Kind::Other,
            &serde_json::json!({
                "deleted": if a.dry_run { 0 } else { n.total() },
                "would_delete": if a.dry_run { Some(n.total()) } else { None },
                "delivered": n.delivered,
                "failed": n.failed,
                "pending": n.pending,
                "kept_pending": kept,
            }),
        )?;
    }
    Ok(())
}

/// `3 events (2 delivered, 1 failed)`.
fn describe(n: &Pruned) -> String {
    let total = n.total();
    let mut parts = vec![
        crate::t!("events-n-delivered", count = n.delivered),
        crate::t!("events-n-failed", count = n.failed),
    ];
    if n.pending > 0 {
        parts.push(crate::t!("events-n-pending", count = n.pending));
    }
    crate::t!("events-n", count = total, parts = parts.join(", "))
}
