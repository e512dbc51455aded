//! `recruit webhooks listen|verify|trigger`: the local webhook toolkit.
//!
//! The work lives in `crate::webhook`; this file turns flags into its configurations.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::http::HeaderName;
use clap::Args;

use crate::context::Ctx;
use crate::error::Error;
use crate::output::Format;
use crate::redact::Secret;
use crate::webhook::chat::{self, Destination};
use crate::webhook::listen::{self, ListenConfig, Signatures};
use crate::webhook::signature::{self, DEFAULT_HEADER, DEFAULT_TOLERANCE_SECS};
use crate::webhook::trigger::{self, TriggerConfig, DEFAULT_RETRY_DELAYS};

// The one-line summaries are the doc comments of `WebhooksCmd` (src/commands/webhooks.rs); the
// derive lets those override a `long_about` set here, so the longer descriptions go in
// `before_long_help`, placed after the summary by HELP_TEMPLATE (only in `--help`, not `-h`).
const HELP_TEMPLATE: &str =
    "{about-with-newline}\n{before-help}{usage-heading} {usage}\n\n{all-args}{after-help}";

const LISTEN_ABOUT: &str = "\
It answers POST on any path. With a signing key (--signing-key, RECRUIT_SIGNING_KEY, or the
profile's signing_key; repeat the flag during a key rotation) every request must carry a valid
signature header (t=<unix>,v1=<hex>, HMAC-SHA256 of \"<t>.<raw body>\") signed within the
tolerance; without a key every request is accepted unverified.

Answers:
  200  event accepted (exactly 200: the service counts nothing else as delivered)
  400  signature header missing or malformed
  401  no v1 signature matches a key, signed too long ago, or too far in the future
  405  not a POST
  413  body larger than 1 MiB
  502  (without --store) the forward to the app failed: the service delivers it again later
  503  (--store) the event could not be stored: the service delivers it again later
Rejected requests get {\"error\": <code>, \"message\": <reason>} and a line on stderr.

Each accepted event is printed on stdout: on a terminal as one line for people (local time,
action, candidate, detail; also -o table), into a pipe as its JSON body on one compact line
(also -o ndjson); -o json prints each body exactly as received. --events limits what is printed and forwarded;
other events are still answered 200 and noted as skipped on stderr.

Forwarding: --forward-to URL relays each accepted event (the raw bytes, the signature header
and Content-Type) by POST to a local app; --forward ACTION=URL sends one action elsewhere. The
app's status is reported on stderr. Without --store the answer to the sender waits for the
forward (at most --timeout seconds, default 30): 200 when the app answered 2xx, 502 otherwise,
so that the service delivers the event again later instead of dropping it. Several --forward
entries for one action each get it (an app and a chat channel, or two channels).

Chat destinations: FORMAT+URL (slack+, teams+, googlechat+, jandi+, or template+ with
--template FILE) posts each event as one message in that tool's incoming-webhook format, in the
--lang language: what happened, the candidate's code, the stage and job titles when the payload
has them, and a link to --link-base/candidates/CODE. No personal field (email, phone, birth,
resume and photo paths) is ever sent; the candidate's name only with --with-names. Chat
messages are not signed and carry no X-Recruit-* header; any 2xx is delivered, and a 429's
Retry-After is waited out by that destination's lane alone. A template is JSON whose strings
may hold {{action}}, {{title}}, {{text}}, {{link}}, {{candidate.code}}, {{candidate.name}},
{{stage}}, {{job}} and {{payload.PATH}}, filled in JSON-escaped (personal fields empty); it is
checked at start.

Durable relay (--store [FILE], default events.db in the data directory): each verified event
is committed to an embedded database before the 200, then forwarded from there, per target app
in order of receipt, across restarts and kill -9. Each target has a lane of its own: one app
that is down or slow holds up only its own events. Connection errors, timeouts and 5xx are
retried (1 s doubling to 60 s) until the app answers 2xx, or until --max-age; a 4xx other than
408 and 429 is retried a few times within about 30 s, then the event is marked failed with the
app's answer (`webhooks events list --status failed`, `events replay` sends it again). A store
that fails to commit answers 503 (the service retries); one that keeps failing for
--store-fail-after stops the listener with exit 1, for a supervisor to restart it.
Delivery is at least once: after a kill -9 the last few forwards may be repeated.
--forward-rate N caps each target at N forwards per second; --retry-schedule 10s,1m,10m sets
the delays between a failed forward's attempts (the last repeats until --max-age).

Several machines (--store postgres://USER@HOST/DB, password from PGPASSWORD or the address,
never shown; TLS as for sync): any number of listeners share the store, each committing the
events it accepts before its 200. Each target is forwarded by one listener at a time, in the
order the events were stored, while it holds the target's lease (--lease SECS, default 10,
timed by the database's clock); a listener that dies, even by kill -9, has its targets taken
over by another within about --lease seconds, from the first event not yet delivered.
With a signing key, each forward is signed afresh when it is sent (same header and scheme,
one v1 entry per key), so an app checking the signature's age accepts an event kept through
an outage; the received value is kept in X-Recruit-Original-Signature. Every forward from the
store carries X-Recruit-Event-Id (the stored id) and X-Recruit-Dedup-Key (sha256:<hex of the
body>, equal for the service's retries of one event) for the app to drop repeats.

Events the service gave up on (--reconcile, with --store and the service's base URL and key):
at start and every --reconcile-every (default 5m) the candidate list is walked (list pages
only, paced by --max-rate) and each candidate's job_stage compared with the last walk's; a
change no received candidate_stage_changed covered becomes a synthesized event (flagged
synthesized: true; candidate_pass as well for a move to pass), stored and forwarded like a
received one, with X-Recruit-Synthesized: 1. The first walk only records; each change is
synthesized once however many listeners share the store. A stage entered and left between two
walks is not seen.

Running it as a service: --metrics-addr HOST:PORT serves GET /healthz (200, or 503 with the
reason when the store fails or a lane stopped) and GET /metrics (Prometheus text:
recruit_relay_events_received_total, _rejected_total, _stored_total, _forwarded_total,
_failed_total, recruit_relay_synthesized_total, recruit_relay_events_pending{target},
recruit_relay_oldest_pending_age_seconds{target}) on another port; --log-format json writes one JSON object per line on stderr (time,
level, outcome, event_id, action, target, message).

The first line on stderr is 'listening on http://HOST:PORT (Ctrl-C to stop)'. Ctrl-C or
SIGTERM stops it with a summary of the events received, accepted and rejected.";

const LISTEN_EXAMPLES: &str = "\
Examples:
  recruit webhooks listen --signing-key \"$KEY\"
  recruit webhooks listen --port 0 --forward-to http://localhost:3000/webhooks
  recruit webhooks listen --signing-key \"$OLD\" --signing-key \"$NEW\" --events candidate_pass
  recruit webhooks listen --forward candidate_pass=http://localhost:3000/hired \\
      --forward-to http://localhost:3000/other
  recruit webhooks listen -o ndjson | jq -c .payload
  recruit webhooks listen --header X-Signature --tolerance 0   # another header, no age check
  recruit webhooks listen --store --forward-to http://localhost:3000/webhooks   # durable relay
  recruit webhooks listen --store relay.db --max-age 2d --forward-to http://localhost:3000/hooks
  recruit webhooks listen --store --forward-to http://localhost:3000/hooks \\
      --metrics-addr 127.0.0.1:9464 --log-format json
  recruit --lang ko webhooks listen --store --forward-to http://localhost:3000/hooks \\
      --forward candidate_pass=http://localhost:3000/hooks \\
      --forward candidate_pass=slack+https://hooks.slack.com/services/T000/B000/XXXX \\
      --link-base https://app.example.com
  recruit webhooks listen --store --forward-to http://localhost:3000/hooks --forward-rate 20 \\
      --retry-schedule 10s,1m,10m --max-age 2d
  PGPASSWORD=... recruit webhooks listen --host 0.0.0.0 --store postgres://relay@db/recruit \\
      --forward-to http://10.0.0.20:3000/hooks --metrics-addr 0.0.0.0:9464   # on each node
  recruit webhooks listen --store --reconcile --reconcile-every 2m \\
      --forward-to http://localhost:3000/hooks";

const VERIFY_ABOUT: &str = "\
Reads the payload bytes exactly as given (from --payload FILE, or standard input when the
option is omitted or '-'; no newline is added or removed) and checks the signature header value
against every signing key given. Several v1 entries may be present (any may match); other
schemes are ignored. A signature older than --tolerance seconds (default 300, 0 disables) or
further than that in the future is rejected; --now fixes the clock for reproducible checks.

Valid: prints 'valid (signed at <UTC time>, <age> ago)' (-o json: a JSON object) and exits 0.
Invalid: 'error: signature invalid: <reason>', exit 8. Unreadable payload file: exit 2.";

const VERIFY_EXAMPLES: &str = "\
Examples:
  recruit webhooks verify --signing-key \"$KEY\" --signature 't=1700000000,v1=1c18…' --payload b.json
  printf '%s' \"$BODY\" | recruit webhooks verify --signing-key \"$KEY\" --signature \"$SIG\"
  export RECRUIT_SIGNING_KEY=whsec_...
  recruit webhooks verify --signature \"$SIG\" --payload body.json --now 1700000100
  recruit webhooks verify --signature \"$SIG\" --payload body.json --tolerance 0   # any age";

const TRIGGER_ABOUT: &str = "\
Sends {\"action\": ACTION, \"payload\": {...}} by POST (Content-Type: application/json), with a
sample payload for each of the six actions listed below (src/webhook/samples.rs; the service does
not document payload contents, so they are illustrative: the candidate's code, name and email,
the application form, and the object of the event). --payload FILE sends your own JSON instead: a
whole event (with an \"action\" key) is sent byte for byte; anything else becomes the payload
under ACTION (then any action name is accepted).

With a signing key the body is signed afresh at each attempt (one v1 entry per key given).
Delivery follows the service: only HTTP 200 counts as delivered (201 and 204 do not); any other
outcome is retried after the --retry-delays (seconds, decimals allowed), at most 5 attempts in
all. Each attempt is reported on stderr; -o json prints a summary of the attempts on stdout.
Exit 0 when delivered; when not, 5 if the app's last answer refused the event (a 4xx other than
408 and 429), else 7.

--to FORMAT+URL (slack+, teams+, googlechat+, jandi+, template+ with --template FILE) sends the
sample as that chat tool's message instead, as `webhooks listen` would forward it: unsigned,
without personal data, any 2xx delivered. A way to try a channel's address.";

const TRIGGER_EXAMPLES: &str = "\
Examples:
  recruit webhooks trigger candidate_pass --to http://localhost:4242/ --signing-key \"$KEY\"
  recruit webhooks trigger form_submitted --to http://localhost:3000/hooks --retry-delays 1,2
  recruit webhooks trigger candidate_hired --to http://localhost:4242/ --payload payload.json
  recruit webhooks trigger feedback_completed --to http://localhost:4242/ --retry-delays '' -o json
  recruit --lang ko webhooks trigger candidate_stage_changed --to slack+https://hooks.slack.com/services/T000/B000/XXXX
  recruit webhooks trigger candidate_pass --to template+https://example.com/hook --template msg.json";

/// The actions with a sample (from `api::webhooks::EVENTS`, so help and code cannot disagree), then
/// the examples.
fn trigger_after_help() -> String {
    let mut text = String::from("Actions with a sample payload:\n");
    for (name, when) in crate::api::webhooks::EVENTS {
        // Rendered here, not by `said()`: help is built before the client has its words.
        let when = crate::i18n::render(&when(), recruit_client::msg::Audience::People);
        text.push_str(&format!("  {name:<25} {when}\n"));
    }
    text.push('\n');
    text.push_str(TRIGGER_EXAMPLES);
    text
}

/// How chat destinations (`FORMAT+URL`) are written, shared by `listen` and `trigger`.
#[derive(Debug, Args)]
pub struct ChatArgs {
    /// For template+URL destinations: a JSON file with {{action}}, {{title}}, {{candidate.code}},
    /// {{payload.PATH}}... inside its strings, filled in for each event
    #[arg(long, value_name = "FILE")]
    pub template: Option<std::path::PathBuf>,

    /// Chat messages link to URL/candidates/CODE (your recruiting service's web address)
    #[arg(long, value_name = "URL")]
    pub link_base: Option<String>,

    /// Chat messages say the candidate's name (never their email, phone or other personal data)
    #[arg(long)]
    pub with_names: bool,
}

impl ChatArgs {
    /// The chat options, checked: the link base an http(s) URL, the template readable and
    /// valid, and a template for every `template+` destination.
    fn options<'a>(
        &self,
        destinations: impl IntoIterator<Item = &'a Destination>,
    ) -> Result<chat::Options, Error> {
        let options = chat::Options {
            lang: crate::i18n::lang(),
            link_base: self
                .link_base
                .as_deref()
                .map(|u| crate::api::webhooks::http_url("--link-base", u))
                .transpose()?,
            with_names: self.with_names,
            template: self
                .template
                .as_deref()
                .map(chat::Template::load)
                .transpose()?
                .map(std::sync::Arc::new),
        };
        options.check(destinations)?;
        Ok(options)
    }
}

/// Signing keys, shared by the three commands.
#[derive(Debug, Args)]
pub struct SigningKeyArgs {
    /// Webhook signing key; repeat during a key rotation [env: RECRUIT_SIGNING_KEY, then the profile's signing_key]
    #[arg(
        long = "signing-key",
        value_name = "KEY",
        env = "RECRUIT_SIGNING_KEY",
        hide_env = true,
        hide_env_values = true
    )]
    pub signing_key: Vec<String>,
}

#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, before_long_help = LISTEN_ABOUT, after_help = LISTEN_EXAMPLES)]
pub struct ListenArgs {
    /// Port to listen on; 0 picks a free one (the address is printed on stderr)
    #[arg(long, value_name = "P", default_value_t = listen::DEFAULT_PORT)]
    pub port: u16,

    /// Address to listen on (anything but loopback exposes the receiver to the network)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub host: String,

    #[command(flatten)]
    pub keys: SigningKeyArgs,

    /// Relay accepted events (raw bytes, signature header, Content-Type) by POST to this URL,
    /// or as chat messages to FORMAT+URL (slack+, teams+, googlechat+, jandi+, template+)
    #[arg(long, value_name = "URL")]
    pub forward_to: Option<String>,

    /// Relay one action to its own URL or FORMAT+URL (repeatable, also for one action: each
    /// gets it); other actions go to --forward-to
    #[arg(long, value_name = "ACTION=URL")]
    pub forward: Vec<String>,

    #[command(flatten)]
    pub chat: ChatArgs,

    /// Print and forward only these actions (comma-separated); others are answered 200 and skipped
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub events: Option<Vec<String>>,

    /// Maximum age (and lead into the future) of a signature in seconds; 0 disables the check
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TOLERANCE_SECS)]
    pub tolerance: u64,

    /// Name of the signature header
    #[arg(long, value_name = "NAME", default_value = DEFAULT_HEADER)]
    pub header: String,

    /// Close a connection that sends nothing for this many seconds (idle keep-alives and
    /// half-sent requests); at most 256 connections are served at once
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub idle_timeout: u64,

    /// Durable relay: commit every verified event to this database before answering 200, then
    /// forward from it in order, retrying until the app answers 2xx (default: events.db in the
    /// data directory; postgres://USER@HOST/DB: a PostgreSQL database several listeners share)
    #[arg(long, value_name = "FILE|URL", num_args = 0..=1)]
    pub store: Option<Option<std::path::PathBuf>>,

    /// With a postgres:// --store: how long a listener's hold on a target's lane lasts
    /// unless renewed; a listener that dies has its lanes taken over within about this long
    #[arg(long, value_name = "SECS", requires = "store", default_value_t = crate::webhook::relay::DEFAULT_LEASE.as_secs(), value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub lease: u64,

    /// With --store: at most N forwards per second to each target app (decimals allowed)
    #[arg(long, value_name = "N", requires = "store", value_parser = parse_rate)]
    pub forward_rate: Option<f64>,

    /// With --store: the delays between a failed forward's attempts, e.g. 10s,1m,10m; the
    /// last repeats until --max-age (default: 1 s doubling to 60 s)
    #[arg(long, value_name = "D,D,...", requires = "store", value_delimiter = ',', value_parser = crate::commands::webhooks::events::parse_duration)]
    pub retry_schedule: Option<Vec<std::time::Duration>>,

    /// With --store: give an event up (status failed) once it is this old and still not
    /// delivered, e.g. 30m, 12h, 7d (default: retry without limit)
    #[arg(long, value_name = "DURATION", requires = "store", value_parser = crate::commands::webhooks::events::parse_duration)]
    pub max_age: Option<std::time::Duration>,

    /// With --store: stop (exit 1) once the store has refused every write or read for this
    /// long, e.g. 30s, 5m
    #[arg(long, value_name = "DURATION", requires = "store", default_value = "60s", value_parser = crate::commands::webhooks::events::parse_duration)]
    pub store_fail_after: std::time::Duration,

    /// With --store: walk the candidate list at start and every --reconcile-every, and
    /// synthesize the stage changes no received event covered (the service gave them up)
    #[arg(long, requires = "store")]
    pub reconcile: bool,

    /// With --reconcile: how often the candidate list is walked, e.g. 1m, 5m, 1h
    #[arg(long, value_name = "DURATION", requires = "reconcile", default_value = "5m", value_parser = crate::commands::webhooks::events::parse_duration)]
    pub reconcile_every: std::time::Duration,

    /// Serve GET /healthz and GET /metrics (Prometheus text) on this address, e.g.
    /// 127.0.0.1:9464 (never the listener's own port)
    #[arg(long, value_name = "HOST:PORT")]
    pub metrics_addr: Option<String>,

    /// How log lines on stderr look: text for people, json for a log collector [default:
    /// text; json when stderr's messages are JSON, under -o json/ndjson without a terminal]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub log_format: Option<crate::webhook::log::LogFormat>,
}

#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, before_long_help = VERIFY_ABOUT, after_help = VERIFY_EXAMPLES)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub keys: SigningKeyArgs,

    /// The signature header's value, e.g. 't=1700000000,v1=<hex>'
    #[arg(long, value_name = "HEADER")]
    pub signature: String,

    /// File with the payload bytes exactly as received; '-' or omitted: standard input
    #[arg(long, value_name = "FILE|-")]
    pub payload: Option<String>,

    /// Maximum age (and lead into the future) of the signature in seconds; 0 disables the check
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TOLERANCE_SECS)]
    pub tolerance: u64,

    /// Check as if the current Unix time were this (reproducible checks)
    #[arg(long, value_name = "UNIX", allow_negative_numbers = true)]
    pub now: Option<i64>,
}

#[derive(Debug, Args)]
#[command(help_template = HELP_TEMPLATE, before_long_help = TRIGGER_ABOUT, after_help = trigger_after_help())]
pub struct TriggerArgs {
    /// Event action: one of the six listed below, or any name with --payload
    #[arg(value_name = "ACTION")]
    pub action: String,

    /// Where to deliver the event (http:// or https://), or FORMAT+URL to send the sample as
    /// a chat message (slack+, teams+, googlechat+, jandi+, template+)
    #[arg(long, value_name = "URL")]
    pub to: String,

    #[command(flatten)]
    pub chat: ChatArgs,

    #[command(flatten)]
    pub keys: SigningKeyArgs,

    /// JSON file to send instead of the sample ('-' for standard input)
    #[arg(long, value_name = "FILE")]
    pub payload: Option<String>,

    /// Seconds to wait before each retry, comma-separated; at most 4 (5 attempts); '' = no retry
    #[arg(long, value_name = "SECS,...", default_value = DEFAULT_RETRY_DELAYS.as_str())]
    pub retry_delays: String,

    /// Name of the signature header
    #[arg(long, value_name = "NAME", default_value = DEFAULT_HEADER)]
    pub header: String,
}

pub(crate) async fn listen(ctx: &mut Ctx, args: ListenArgs) -> Result<(), crate::Error> {
    let mut cfg = listen_config(ctx, &args)?;
    if args.reconcile {
        cfg.reconcile = Some(crate::webhook::reconcile::Reconcile {
            client: ctx.client().await?,
            every: args.reconcile_every.max(std::time::Duration::from_secs(1)),
        });
    }
    let forwarding = !cfg.targets().is_empty();
    let durable = cfg.durable.is_some();
    // A program reading stderr as JSON lines (cli.md, "Errors for programs") gets the log so.
    let log_format = args.log_format.unwrap_or(if ctx.io.json_messages() {
        crate::webhook::log::LogFormat::Json
    } else {
        crate::webhook::log::LogFormat::Text
    });
    let log = crate::webhook::log::Log::new(log_format, ctx.io.stderr());
    let io = listen::ListenIo {
        stdout: ctx.io.stdout(),
        log: log.clone(),
    };
    // Ctrl-C echoes "^C" without a newline: on a terminal the summary starts a fresh line.
    let fresh_line = ctx.io.term.stderr_tty.then(|| ctx.io.err_stream());
    let audit = crate::audit::Stream::new(ctx.audit()?, recruit_audit::Via::Listen);
    let ended = listen::run_logged(cfg, io, audit, shutdown_signal(fresh_line)).await?;
    let stats = &ended.stats;
    let summary = |lang| {
        crate::t_in!(
            lang,
            "listen-stopped",
            summary = stats.summary(forwarding, durable, lang)
        )
    };
    log.write(
        crate::webhook::log::Record::info("stopped", summary(crate::i18n::Lang::En))
            .for_people(summary(crate::i18n::lang())),
    );
    log.flush();
    match ended.fatal {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The listener's settings from its options, the store (`--store`) opened.
fn listen_config(ctx: &mut Ctx, args: &ListenArgs) -> Result<ListenConfig, crate::Error> {
    let format = match explicit_format(ctx)? {
        // Events arrive one by one, forever: no workbook to finish.
        Some(Format::Xlsx) => return Err(Error::usage(crate::msg!("xlsx-not-a-list"))),
        // (Events have no columns: table and csv both mean the line for people.)
        Some(format) => format,
        // As for every command: for people on a terminal, JSON (one event per line) in a pipe.
        None if ctx.io.term.stdout_tty => Format::Table,
        None => Format::Ndjson,
    };
    let host: IpAddr = match args.host.as_str() {
        "localhost" => IpAddr::V4(Ipv4Addr::LOCALHOST),
        h => h
            .parse()
            .map_err(|_| Error::usage(crate::msg!("listen-bad-host", host = h.to_string())))?,
    };
    let forward = forwards(&args.forward)?;
    let events = args.events.clone().map(|list| events_wanted(ctx, list));
    let metrics_addr = args
        .metrics_addr
        .as_deref()
        .map(|m| {
            m.parse::<SocketAddr>().map_err(|_| {
                Error::usage(crate::msg!("listen-bad-metrics-addr", addr = m.to_string()))
            })
        })
        .transpose()?;
    let forward_to = args
        .forward_to
        .as_deref()
        .map(|u| Destination::parse("--forward-to", u))
        .transpose()?;
    let chat = args
        .chat
        .options(forward.iter().map(|(_, d)| d).chain(&forward_to))?;
    let mut cfg = ListenConfig {
        addr: SocketAddr::new(host, args.port),
        signatures: Signatures {
            keys: signing_keys(ctx, &args.keys)?,
            header: header_name(&args.header)?,
            tolerance: signature::tolerance_from_secs(args.tolerance),
        },
        events,
        forward_to,
        forward,
        chat,
        format,
        forward_timeout: ctx.timeout()?,
        net: ctx.net()?,
        idle_timeout: std::time::Duration::from_secs(args.idle_timeout.clamp(1, 86_400)),
        durable: None,
        metrics_addr,
        clock: crate::clock::system(),
        reconcile: None,
    };
    if let Some(given) = &args.store {
        cfg.durable = Some(open_store(args, given.as_deref(), &cfg)?);
    }
    Ok(cfg)
}

/// `--forward ACTION=URL`, each: the action and where its events go.
fn forwards(specs: &[String]) -> Result<Vec<(String, Destination)>, crate::Error> {
    let mut forward = Vec::new();
    for spec in specs {
        let (action, url) = spec
            .split_once('=')
            .filter(|(a, _)| !a.trim().is_empty())
            .ok_or_else(|| {
                Error::usage(crate::msg!("listen-bad-forward", spec = spec.to_string()))
            })?;
        forward.push((
            action.trim().to_string(),
            Destination::parse("--forward", url)?,
        ));
    }
    Ok(forward)
}

/// `--events`: the names given, trimmed; a name the API does not send is kept, with a note.
fn events_wanted(ctx: &mut Ctx, list: Vec<String>) -> Vec<String> {
    let list: Vec<String> = list
        .into_iter()
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty())
        .collect();
    for e in &list {
        if !crate::api::webhooks::EVENTS.iter().any(|(a, _)| a == e) {
            let note = crate::t!("listen-unknown-event", event = e.to_string());
            crate::say!(ctx.io, "{note}");
        }
    }
    list
}

/// `--store`: the event store and how the relay forwards from it. A file is held until the
/// listener stops (a second listener on it is refused); a PostgreSQL store is shared.
fn open_store(
    args: &ListenArgs,
    given: Option<&std::path::Path>,
    cfg: &ListenConfig,
) -> Result<listen::Durable, crate::Error> {
    let target = crate::commands::webhooks::events::store_target(given);
    let store = crate::webhook::store::Store::open(
        &target,
        crate::webhook::store::Open::Listener,
        &cfg.net,
    )?;
    Ok(listen::Durable {
        store: std::sync::Arc::new(store.with_clock(cfg.clock.clone())),
        fail_after: args.store_fail_after,
        policy: crate::webhook::relay::policy(args.max_age, args.retry_schedule.clone()),
        rate: args.forward_rate,
        lease: std::time::Duration::from_secs(args.lease),
    })
}

/// `--forward-rate`: a positive number of forwards per second.
fn parse_rate(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(n) if n.is_finite() && n > 0.0 && n <= 1_000_000.0 => Ok(n),
        _ => Err(crate::t!("reason-not-a-rate", value = s)),
    }
}

pub(crate) async fn verify(ctx: &mut Ctx, args: VerifyArgs) -> Result<(), crate::Error> {
    let keys = signing_keys(ctx, &args.keys)?;
    if keys.is_empty() {
        return Err(Error::usage(crate::msg!("verify-no-key")));
    }
    let payload = read_input(args.payload.as_deref(), ctx)?;
    let key_bytes: Vec<&[u8]> = keys.iter().map(|k| k.expose().as_bytes()).collect();
    let now = args
        .now
        .unwrap_or_else(|| signature::now_unix(crate::clock::system().as_ref()));
    let verified = signature::verify(
        Some(&args.signature),
        &payload,
        &key_bytes,
        signature::tolerance_from_secs(args.tolerance),
        now,
    )
    .map_err(|rejection| Error::signature(crate::msg!("verify-invalid", why = rejection.said())))?;
    let signed_at = signature::format_timestamp(verified.timestamp);
    match explicit_format(ctx)? {
        Some(Format::Json | Format::Ndjson) => print_json(
            ctx,
            &serde_json::json!({
                "valid": true,
                "timestamp": verified.timestamp,
                "signed_at": signed_at,
                "age_secs": verified.age_secs,
                "key_index": verified.key_index,
            }),
        ),
        _ => Ok(ctx.io.outln(format_args!(
            "{}",
            crate::t!(
                "verify-valid",
                at = signed_at.to_string(),
                ago = crate::output::text::ago(verified.age_secs).to_string()
            )
        ))?),
    }
}

pub(crate) async fn trigger(ctx: &mut Ctx, args: TriggerArgs) -> Result<(), crate::Error> {
    let to = Destination::parse("--to", &args.to)?;
    let chat = args.chat.options([&to])?;
    let delays = trigger::parse_delays(&args.retry_delays)?;
    let file = match args.payload.as_deref() {
        Some(name) => {
            let display = if name == "-" { "<stdin>" } else { name };
            // Sent as the event's body: text, so a Windows editor's byte-order mark is
            // dropped and another encoding refused (`verify` keeps the bytes as they are).
            let what = crate::t!("what-payload-file", path = name);
            let text =
                crate::commands::user_text::decode(read_input(Some(name), ctx)?, &what, name)?;
            Some((display, text.into_bytes()))
        }
        None => None,
    };
    let (event, warning) = trigger::build_body(
        &args.action,
        file.as_ref().map(|(name, bytes)| (*name, bytes.as_slice())),
    )?;
    // A chat destination gets the event as its message, unsigned, as the relay sends it.
    let (body, headers, keys) = match to.format {
        Some(format) => {
            let m = chat.render(format, &event);
            (m.body, m.headers, Vec::new())
        }
        None => (event, &[][..], signing_keys(ctx, &args.keys)?),
    };
    if let Some(w) = warning {
        crate::tell!(ctx.io, "warning-line", warning = w.to_string());
    }
    let format = explicit_format(ctx)?;
    let cfg = TriggerConfig {
        url: to.url.clone(),
        chat: to.format.is_some(),
        headers,
        body,
        keys,
        header: header_name(&args.header)?,
        delays,
        timeout: ctx.timeout()?,
        net: ctx.net()?,
    };
    let sending = crate::t!(
        "trigger-sending",
        action = args.action.to_string(),
        bytes = cfg.body.len(),
        signed = if cfg.keys.is_empty() {
            crate::t!("trigger-unsigned")
        } else {
            crate::t!(
                "trigger-signed-in",
                header = listen::header_label(&cfg.header).to_string()
            )
        },
        url = to.to_string()
    );
    crate::say!(ctx.io, "{sending}");
    let outcome = trigger::deliver(&cfg, &mut |line| crate::say!(ctx.io, "{line}")).await?;
    let n = outcome.attempts.len();
    if matches!(format, Some(Format::Json | Format::Ndjson)) {
        let json = serde_json::json!({
            "action": args.action,
            // Its shown name: the address may be a secret (a chat channel's, a token).
            "url": to.to_string(),
            "delivered": outcome.delivered,
            "signed": !cfg.keys.is_empty(),
            "bytes": cfg.body.len(),
            "attempts": outcome.attempts,
        });
        print_json(ctx, &json)?;
    } else if outcome.delivered {
        ctx.io.outln(format_args!(
            "{}",
            crate::t!("trigger-delivered", count = n)
        ))?;
    }
    if outcome.delivered {
        Ok(())
    } else {
        Err(crate::webhook::delivery::not_delivered(
            crate::msg!(
                "trigger-not-delivered",
                url = to.to_string(),
                count = n,
                last = outcome.last_result().to_string()
            ),
            outcome.attempts.last().and_then(|a| a.status),
        ))
    }
}

/// The format the user asked for (flag, env, profile), or None. These commands print human
/// text by default even into a pipe: their JSON is opt-in, unlike list commands.
/// `--jq` asks for JSON too.
fn explicit_format(ctx: &Ctx) -> Result<Option<Format>, Error> {
    if ctx.globals.jq.is_some() {
        return Ok(Some(Format::Json));
    }
    Ok(ctx.settings().output()?.map(|s| s.value))
}

/// Keys from the flags/env, else the profile's `signing_key`. An empty key is refused rather
/// than taken as "no key", which would make `listen` accept everything.
fn signing_keys(ctx: &Ctx, args: &SigningKeyArgs) -> Result<Vec<Secret>, Error> {
    ctx.settings()
        .signing_keys(&args.signing_key)
        .into_iter()
        .map(|k| {
            if k.is_empty() {
                Err(Error::usage(crate::msg!("signing-key-empty")))
            } else {
                Ok(Secret::new(k))
            }
        })
        .collect()
}

fn header_name(name: &str) -> Result<HeaderName, Error> {
    HeaderName::from_bytes(name.trim().as_bytes())
        .map_err(|_| Error::usage(crate::msg!("bad-header-name", name = name.to_string())))
}

/// The bytes of FILE, or of standard input for '-' / None, exactly as they are.
fn read_input(name: Option<&str>, ctx: &Ctx) -> Result<Vec<u8>, Error> {
    match name {
        None | Some("-") => {
            if ctx.io.term.stdin_tty {
                crate::tell!(ctx.io, "payload-reading-stdin");
            }
            crate::commands::read_capped(ctx.io.stdin(), &crate::t!("what-payload-stdin"))
        }
        Some(path) => {
            let file = std::fs::File::open(path).map_err(|e| {
                Error::caused(
                    crate::ExitKind::Usage,
                    crate::msg!("payload-cannot-read", path = path.to_string()),
                    e,
                )
            })?;
            crate::commands::read_capped(file, &crate::t!("what-payload-file", path = path))
        }
    }
}

/// A JSON summary through the shared writer, so `--jq` and pretty printing apply.
fn print_json(ctx: &Ctx, v: &serde_json::Value) -> Result<(), crate::Error> {
    let mut opts = ctx.output_options()?;
    if opts.format == Format::Table || opts.format == Format::Csv {
        opts.format = Format::Json;
    }
    crate::output::Output::new(opts, ctx.io.stdout())?.value(crate::output::Kind::Other, v)?;
    Ok(())
}

/// Resolves on Ctrl-C or, on Unix, SIGTERM, watched from the call (before the listener says
/// where it listens, so a stop sent as soon as that is read is an orderly one).
fn shutdown_signal(
    fresh_line: Option<crate::io::ErrStream>,
) -> impl std::future::Future<Output = ()> {
    let mut stops = crate::signal::Stops::new();
    async move {
        stops.next().await;
        if let Some(err) = fresh_line {
            err.line("");
        }
    }
}
