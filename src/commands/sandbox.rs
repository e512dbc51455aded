//! `recruit sandbox`: serve the emulator on a fixed port. OWNER: sandbox helper.

use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use crate::context::Ctx;
use crate::error::Error;
use crate::sandbox::SandboxOptions;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  recruit sandbox --port 8080\n  recruit --base-url http://127.0.0.1:8080/v1 --api-key sandbox-key forms list\n  recruit sandbox --synthetic-candidates 300 --rate-limit 40            # 429s over 40 req/s\n  recruit sandbox --rate-limit 100 --rate-limit-headers --latency 20   # and RateLimit headers"
)]
pub struct SandboxArgs {
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

pub async fn run(ctx: &mut Ctx, args: SandboxArgs) -> Result<(), crate::Error> {
    if !(0.0..=1.0).contains(&args.fail_rate) {
        return Err(Error::usage(format!(
            "--fail-rate must be between 0 and 1, got {}",
            args.fail_rate
        )));
    }
    if !(args.retry_scale.is_finite() && args.retry_scale > 0.0) {
        return Err(Error::usage(format!(
            "--retry-scale must be a positive number, got {}",
            args.retry_scale
        )));
    }
    if let Some(r) = args.rate_limit {
        if !(r.is_finite() && r > 0.0) {
            return Err(Error::usage(format!(
                "--rate-limit must be a positive number of requests per second, got {r}"
            )));
        }
    }
    let state = args
        .state
        .clone()
        .unwrap_or_else(|| crate::config::data_dir().join("sandbox.json"));
    let mut opts = SandboxOptions::new(state.clone());
    opts.latency = Duration::from_millis(args.latency);
    opts.fail_rate = args.fail_rate;
    opts.fail_seed = args.fail_seed;
    opts.synthetic_candidates = args.synthetic_candidates;
    opts.retry_scale = args.retry_scale;
    opts.rate_limit = args.rate_limit;
    opts.rate_limit_headers = args.rate_limit_headers;
    if let Some(key) = &args.key {
        if key.trim().is_empty() {
            return Err(Error::usage("--key must not be empty"));
        }
        opts.api_key = key.clone();
    }

    let addr: SocketAddr = ([127, 0, 0, 1], args.port).into();
    let sandbox = crate::sandbox::start_with_logging(addr, opts)
        .await
        .map_err(|e| describe_start_error(e, args.port))?;

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
    crate::say!(ctx.io, "sandbox: serving on {base}; press Ctrl-C to stop");

    wait_for_stop_signal().await;
    crate::say!(ctx.io, "sandbox: stopping");
    sandbox.shutdown().await;
    Ok(())
}

/// Turn a failure to bind into a message that names the port and the fix.
fn describe_start_error(err: anyhow::Error, port: u16) -> Error {
    let io = err
        .chain()
        .find_map(|c| c.downcast_ref::<std::io::Error>())
        .map(|e| e.kind());
    match io {
        Some(std::io::ErrorKind::AddrInUse) => Error::other(format!(
            "port {port} is already in use on 127.0.0.1; choose another with --port P (0 picks a free one)"
        )),
        Some(std::io::ErrorKind::PermissionDenied) => Error::other(format!(
            "not allowed to listen on port {port}; choose a port above 1023 with --port P"
        )),
        _ => Error::from_anyhow(err, "cannot start the sandbox"),
    }
}

/// Ctrl-C, or SIGTERM on Unix.
async fn wait_for_stop_signal() {
    crate::signal::shutdown().await;
}
