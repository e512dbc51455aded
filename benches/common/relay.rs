//! What the relay's benches share: a listener started from the release binary, signed
//! senders, a local app that counts what it gets, and the README's results table.
#![allow(dead_code)]

use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub const KEY: &str = "whsec_bench";

pub fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

pub struct Listener {
    pub child: Child,
    pub url: String,
}

impl Listener {
    pub fn start(bin: &str, store: impl AsRef<std::ffi::OsStr>, extra: &[&str]) -> Listener {
        let mut child = Command::new(bin)
            .args(["webhooks", "listen", "--port", "0", "--signing-key", KEY])
            .arg("--store")
            .arg(store)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        let url = first
            .strip_prefix("listening on ")
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_string();
        // Keep reading so the listener never blocks on a full stderr pipe.
        std::thread::spawn(move || for _ in stderr.lines() {});
        Listener { child, url }
    }

    pub fn peak_kb(&self) -> u64 {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap()
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap()
    }

    pub fn stop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

#[path = "../../tests/common/signed.rs"]
mod signed;

/// POST each of `bodies`, signed, `concurrency` at a time; their statuses.
pub async fn send_all(url: &str, bodies: Vec<String>, concurrency: usize) -> Vec<u16> {
    signed::post_all(url, KEY, bodies, concurrency).await
}

/// A local app that answers 200 at once and counts what it got.
pub async fn app() -> (String, Arc<AtomicU64>) {
    let got = Arc::new(AtomicU64::new(0));
    let g = got.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hooks", listener.local_addr().unwrap());
    let router = axum::Router::new().fallback(move || {
        let g = g.clone();
        async move {
            g.fetch_add(1, Ordering::SeqCst);
            "ok"
        }
    });
    tokio::spawn(async move { axum::serve(listener, router).await });
    (url, got)
}

/// Put `table` into benches/README.md between the `<!-- MARKER:start -->` and `:end` lines.
pub fn write_results(marker: &str, table: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/README.md");
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let (start, end) = (
        format!("<!-- {marker}:start -->"),
        format!("<!-- {marker}:end -->"),
    );
    if let (Some(a), Some(b)) = (text.find(&start), text.find(&end)) {
        let new = format!("{}{start}\n\n{table}\n{}", &text[..a], &text[b..]);
        let _ = std::fs::write(path, new);
    }
}
