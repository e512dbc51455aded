//! The progress bar on a terminal (candidates done/total, records, requests per second, ETA).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::api::Client;
use crate::io::ErrStream;

/// Counters shared by the workers, the writer and the display.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    /// Records in the output.
    pub records: AtomicU64,
}

pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    /// Where the bar is drawn and lines go.
    err: ErrStream,
    ticker: Option<tokio::task::JoinHandle<()>>,
}

impl Progress {
    /// A bar on `err` when `show` (and it is a terminal), otherwise nothing (the summary is
    /// printed either way).
    pub(crate) fn new(
        (show, err): (bool, ErrStream),
        total: u64,
        already: u64,
        unit: &'static str,
        client: Client,
        counters: Arc<Counters>,
    ) -> Progress {
        let target = err.progress_target();
        if !show || target.is_hidden() {
            return Progress {
                bar: None,
                err,
                ticker: None,
            };
        }
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let template =
            format!("{{bar:20.cyan/blue}} {{pos}}/{{len}} {unit} · {{msg}} · ETA {{eta}}");
        bar.set_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("█▉▊▋▌▍▎▏ "),
        );
        bar.set_position(already);
        bar.reset_eta();
        let b = bar.clone();
        let ticker = tokio::spawn(async move {
            let started = Instant::now();
            let base = client.stats().requests;
            loop {
                let secs = started.elapsed().as_secs_f64().max(0.001);
                let st = client.stats();
                let rps = (st.requests - base) as f64 / secs;
                let mut msg = crate::t!(
                    "progress-records",
                    records = counters.records.load(Ordering::Relaxed),
                    rps = format!("{rps:.0}")
                );
                if st.rate_limited > 0 {
                    msg.push_str(&crate::t!("progress-429", count = st.rate_limited));
                }
                b.set_message(msg);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        });
        Progress {
            bar: Some(bar),
            err,
            ticker: Some(ticker),
        }
    }

    pub(crate) fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    /// A line above the bar (or plain stderr without one).
    pub(crate) fn println(&self, line: &str) {
        match &self.bar {
            Some(b) => b.println(line),
            None => self.err.line(line),
        }
    }

    pub(crate) fn clear(&mut self) {
        if let Some(t) = self.ticker.take() {
            t.abort();
        }
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }

    pub(crate) fn handle(&self) -> Option<ProgressBar> {
        self.bar.clone()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
