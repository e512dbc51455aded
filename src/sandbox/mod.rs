//! The built-in sandbox: an emulator of the whole service (axum), with demo data and state
//! persisted in a JSON file.
//!
//! OWNER: sandbox helper. Interface used by the rest of the crate (keep it):
//! `SandboxOptions::new(state_path)`, `start(addr, opts) -> Sandbox`, `Sandbox::{addr, api_key,
//! base_url(), shutdown()}`, `DEFAULT_API_KEY`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The key the sandbox accepts unless told otherwise.
pub const DEFAULT_API_KEY: &str = "sandbox-key";

#[derive(Debug, Clone)]
pub struct SandboxOptions {
    /// JSON file holding the state (created with demo data when missing).
    pub state_path: PathBuf,
    pub api_key: String,
    /// Added to every answer.
    pub latency: Duration,
    /// Probability of a random 503 or 429 (with Retry-After) per request.
    pub fail_rate: f64,
    /// Extra synthetic candidates with varied numbers of submissions.
    pub synthetic_candidates: usize,
    /// Multiplier of webhook retry delays (10/30/90/270 s) for tests.
    pub retry_scale: f64,
}

impl SandboxOptions {
    pub fn new(state_path: PathBuf) -> Self {
        SandboxOptions {
            state_path,
            api_key: DEFAULT_API_KEY.to_string(),
            latency: Duration::ZERO,
            fail_rate: 0.0,
            synthetic_candidates: 0,
            retry_scale: 1.0,
        }
    }
}

/// A running sandbox server.
pub struct Sandbox {
    pub addr: SocketAddr,
    pub api_key: String,
    shutdown: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Sandbox {
    /// `http://127.0.0.1:PORT/v1`
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    pub async fn shutdown(self) {
        let _ = self.shutdown.send(());
        let _ = self.task.await;
    }
}

/// Bind `addr` (port 0 for an ephemeral one) and serve the emulator in a background task.
pub async fn start(addr: SocketAddr, opts: SandboxOptions) -> anyhow::Result<Sandbox> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let app = axum::Router::new();
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = rx.await;
            })
            .await;
    });
    Ok(Sandbox {
        addr,
        api_key: opts.api_key,
        shutdown: tx,
        task,
    })
}
