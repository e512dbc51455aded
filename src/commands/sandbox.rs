//! `recruit sandbox`: serve the emulator on a fixed port. OWNER: sandbox helper.

use clap::Args;

use crate::cli::Ctx;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  recruit sandbox --port 8080\n  recruit --base-url http://127.0.0.1:8080/v1 --api-key sandbox-key forms list"
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
    /// Add N synthetic candidates with 1 to over 100 submissions each
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub synthetic_candidates: usize,
    /// Multiply webhook retry delays (10/30/90/270 s) by X, e.g. 0.01 in tests
    #[arg(long, value_name = "X", default_value_t = 1.0)]
    pub retry_scale: f64,
}

pub async fn run(_ctx: &mut Ctx, _args: SandboxArgs) -> anyhow::Result<()> {
    anyhow::bail!("sandbox: not implemented yet")
}
