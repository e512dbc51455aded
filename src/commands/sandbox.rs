//! `recruit sandbox`: serve the emulator on a fixed port.

use std::net::SocketAddr;
use std::time::Duration;

use clap::{Args, Subcommand};

use crate::context::Ctx;
use crate::error::Error;
use crate::sandbox::{Faults, SandboxOptions};

#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  recruit sandbox --port 8080\n  recruit --base-url http://127.0.0.1:8080/v1 --api-key sandbox-key forms list\n  recruit sandbox --synthetic-candidates 300 --rate-limit 40            # 429s over 40 req/s\n  recruit sandbox --rate-limit 100 --rate-limit-headers --latency 20   # and RateLimit headers\n  recruit --base-url http://127.0.0.1:8080/v1 --api-key sandbox-key sandbox move C1001 --stage pass"
)]
pub struct SandboxArgs {
    #[command(subcommand)]
    pub action: Option<SandboxCmd>,
    /// Port to listen on (127.0.0.1); 0 picks a free one
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// State file [default: sandbox.json in the data directory]
    #[arg(long, value_name = "FILE")]
    pub state: Option<std::path::PathBuf>,
    /// Milliseconds added to every answer
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub latency: u64,
    /// Probability (0..1) of a random 503 or 429 with Retry-After
    #[arg(long, value_name = "R", default_value_t = 0.0)]
    pub fail_rate: f64,
    /// Seed for --fail-rate's draws: the same requests in the same order fail the same way
    #[arg(long, value_name = "N")]
    pub fail_seed: Option<u64>,
    /// Add N synthetic candidates with 1 to over 100 submissions each
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub synthetic_candidates: usize,
    /// Multiply webhook retry delays (10/30/90/270 s) by X, e.g. 0.01 in tests
    #[arg(long, value_name = "X", default_value_t = 1.0)]
    pub retry_scale: f64,
    /// Allow N requests per second (token bucket, burst N/4); over it, 429 with Retry-After: 1
    #[arg(long, value_name = "N")]
    pub rate_limit: Option<f64>,
    /// With --rate-limit: send RateLimit, RateLimit-Policy and X-RateLimit-* headers on every answer
    #[arg(long, requires = "rate_limit")]
    pub rate_limit_headers: bool,
    /// API key the sandbox accepts [default: sandbox-key]
    #[arg(long, value_name = "KEY")]
    pub key: Option<String>,
}

/// What can be done to a running sandbox (through its admin routes, with the same key).
#[derive(Debug, Subcommand)]
pub enum SandboxCmd {
    /// Move a candidate to another stage, firing the webhook events the service would
    ///
    /// Sets the candidate's job_stage (kind, title and times) and delivers
    /// candidate_stage_changed (and candidate_pass when moving to pass) to every active webhook
    /// registered for it, signed, on the service's retry schedule. It acts on the sandbox that
    /// --base-url (or RECRUIT_BASE_URL) points to, such as a running `recruit sandbox`, or with
    /// --sandbox on the built-in one (whose deliveries end with the command: first attempts
    /// only). Moving a candidate to the stage it is at changes nothing and sends nothing.
    #[command(after_help = "Examples:
  recruit --sandbox sandbox move C3001 --stage review
  recruit --sandbox sandbox move C1001 --stage interview --title '2차 면접'
  recruit --sandbox sandbox move C1004 --stage pass -o json --jq '.deliveries'
  recruit --sandbox sandbox move C3002 --stage review --at 2026-11-02T10:00:00+09:00
  recruit --sandbox sandbox move C3003 --stage interview --at 3d")]
    Move(MoveArgs),
}

#[derive(Debug, Args)]
pub struct MoveArgs {
    /// Candidate code
    pub candidate: String,
    /// The stage to move to
    #[arg(long, value_parser = crate::commands::named::<crate::api::Stage>(), value_name = "S")]
    pub stage: crate::api::Stage,
    /// The step's title [default: the stage's usual one, e.g. 서류 검토 for review]
    #[arg(long, value_name = "TITLE")]
    pub title: Option<String>,
    /// Date the move in the past: an RFC 3339 time, a DATE (its local midnight) or an age (3d)
    #[arg(long, value_name = "DATE", value_parser = crate::time::parse_time)]
    pub at: Option<f64>,
}

pub(crate) async fn run(ctx: &mut Ctx, args: SandboxArgs) -> Result<(), crate::Error> {
    if let Some(SandboxCmd::Move(m)) = args.action {
        return move_stage(ctx, m).await;
    }
    let state = args
        .state
        .clone()
        .unwrap_or_else(|| crate::config::data_dir().join("sandbox.json"));
    let mut opts = SandboxOptions::new(state.clone());
    opts.faults = Faults {
        latency: Duration::from_millis(args.latency),
        fail_rate: args.fail_rate,
        fail_seed: args.fail_seed,
    };
    opts.synthetic_candidates = args.synthetic_candidates;
    opts.retry_scale = args.retry_scale;
    opts.rate_limit = args.rate_limit;
    opts.rate_limit_headers = args.rate_limit_headers;
    if let Some(key) = &args.key {
        if key.trim().is_empty() {
            return Err(Error::usage(crate::msg!("sandbox-key-empty")));
        }
        opts.api_key = key.clone();
    }

    opts.check().map_err(option_out_of_range)?;
    let addr: SocketAddr = ([127, 0, 0, 1], args.port).into();
    let sandbox = crate::sandbox::start_with_logging(addr, opts)
        .await
        .map_err(|e| describe_start_error(e, args.port))?;

    // Watched before the address is printed: a script that stops the sandbox as soon as it
    // reads it gets the orderly stop, not the default kill.
    let mut stops = crate::signal::Stops::new();
    let base = sandbox.base_url();
    let mut text = format!(
        "base_url: {base}\napi_key: {}\nstate: {}\n",
        sandbox.api_key,
        state.display()
    );
    if args.synthetic_candidates > 0 {
        text.push_str(&format!(
            "synthetic candidates: S000001..{}\n",
            crate::sandbox::synthetic_code(args.synthetic_candidates)
        ));
    }
    text.push_str(&format!(
        "export RECRUIT_BASE_URL={base} RECRUIT_API_KEY={}",
        sandbox.api_key
    ));
    ctx.io.outln(format_args!("{text}"))?;
    crate::tell!(ctx.io, "sandbox-serving", base = base.to_string());

    stops.next().await;
    crate::tell!(ctx.io, "sandbox-stopping");
    sandbox.shutdown().await;
    Ok(())
}

/// The option's name and its value, then the bound it breaks.
fn option_out_of_range(bad: crate::sandbox::OptionOutOfRange) -> Error {
    use crate::sandbox::OptionOutOfRange as O;
    let said = match bad {
        O::FailRate(v) => crate::msg!("sandbox-fail-rate-bad", value = v.to_string()),
        O::RetryScale(v) => crate::msg!("sandbox-retry-scale-bad", value = v.to_string()),
        O::RateLimit(v) => crate::msg!("sandbox-rate-limit-bad", value = v.to_string()),
    };
    Error::usage(said)
}

/// Turn a failure to bind into a message that names the port and the fix.
fn describe_start_error(err: anyhow::Error, port: u16) -> Error {
    let io = err
        .chain()
        .find_map(|c| c.downcast_ref::<std::io::Error>())
        .map(|e| e.kind());
    match io {
        Some(std::io::ErrorKind::AddrInUse) => {
            Error::other(crate::msg!("sandbox-port-in-use", port = port.to_string()))
        }
        Some(std::io::ErrorKind::PermissionDenied) => {
            Error::other(crate::msg!("sandbox-port-denied", port = port.to_string()))
        }
        _ => Error::from_anyhow(err, crate::msg!("sandbox-cannot-start")),
    }
}

/// `recruit sandbox move`: `POST /_sandbox/candidates/{code}/stage` on the sandbox the client
/// points to (its admin routes sit beside `/v1`).
async fn move_stage(ctx: &mut Ctx, m: MoveArgs) -> Result<(), crate::Error> {
    let mut out = ctx.output()?;
    let built_in = ctx.globals.sandbox;
    let client = ctx.client().await?;
    let mut url = client.checked_endpoint(&["candidates", &m.candidate, "stage"])?;
    // …/v1/candidates/C1/stage → …/_sandbox/candidates/C1/stage (the code stays encoded).
    let path = url.path().to_string();
    let root = client.base_url().path().trim_end_matches('/');
    let parent = root.strip_suffix("/v1").unwrap_or(root);
    url.set_path(&format!("{parent}/_sandbox{}", &path[root.len()..]));
    let mut body = serde_json::json!({"stage": m.stage.as_str()});
    if let Some(t) = &m.title {
        body["title"] = serde_json::json!(t);
    }
    if let Some(at) = m.at {
        // As the service writes its times: +09:00.
        let kst = chrono::FixedOffset::east_opt(9 * 3600)
            .unwrap_or_else(|| crate::error::bug(crate::t!("bug-offset")));
        let at = chrono::DateTime::from_timestamp_millis((at * 1000.0) as i64).map(|t| {
            t.with_timezone(&kst)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
        });
        body["at"] = serde_json::json!(at);
    }
    let resp = client
        .send(crate::api::RequestSpec::new(reqwest::Method::POST, url.clone()).json(&body))
        .await
        .map_err(|e| {
            // The admin routes exist only on a sandbox: a service's 404 may mean that.
            e.not_found_as(|| {
                let code = m.candidate.clone();
                if built_in {
                    crate::msg!("candidate-not-found", code = code)
                } else {
                    let origin = url.origin().ascii_serialization();
                    crate::msg!("sandbox-candidate-not-found", code = code, origin = origin)
                }
            })
        })?;
    let value = resp.value()?;
    let deliveries = value
        .get("deliveries")
        .and_then(|d| d.as_array())
        .map_or(0, |d| d.len());
    let stage = value
        .pointer("/resource/job_stage/title")
        .and_then(|t| t.as_str())
        .unwrap_or(m.stage.as_str());
    if value.get("changed") == Some(&serde_json::Value::Bool(false)) {
        crate::say!(
            ctx.io,
            "Candidate {} is already at {stage} ({}); nothing changed, no event sent.",
            m.candidate,
            m.stage
        );
    } else {
        crate::say!(
            ctx.io,
            "Moved candidate {} to {stage} ({}); {deliveries} webhook deliver{} started.",
            m.candidate,
            m.stage,
            if deliveries == 1 { "y" } else { "ies" }
        );
    }
    out.single(crate::output::Kind::Candidate, &resp.body, &value)
}
