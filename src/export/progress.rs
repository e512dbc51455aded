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
    /// What the bar shows and when it appears.
    shown: Option<Arc<Shown>>,
    /// Where the bar is drawn and lines go.
    err: ErrStream,
    ticker: Option<tokio::task::JoinHandle<()>>,
}

/// How long a run goes before its bar appears: a shorter one never flashes a bar.
const SHOW_AFTER: Duration = Duration::from_millis(100);

/// How often the records and the request rate are refreshed without a candidate done.
const REFRESH: Duration = Duration::from_millis(200);

/// The rate a bar shows: requests since `base` over the time since `started`, at least a
/// millisecond (so the first reading is not a division by zero).
fn per_second(count: u64, base: u64, elapsed: Duration) -> f64 {
    count.saturating_sub(base) as f64 / elapsed.as_secs_f64().max(0.001)
}

/// What the bar shows besides its position, and the terminal it moves to once the run has
/// lasted [`SHOW_AFTER`] (until then it draws nowhere).
struct Shown {
    started: Instant,
    base: u64,
    client: Client,
    counters: Arc<Counters>,
    /// The terminal, until the bar is revealed on it.
    target: std::sync::Mutex<Option<indicatif::ProgressDrawTarget>>,
}

impl Shown {
    /// The bar's message now: the records written and the requests per second so far.
    fn message(&self) -> String {
        let st = self.client.stats();
        let rps = per_second(st.requests, self.base, self.started.elapsed());
        let mut msg = crate::t!(
            "progress-records",
            records = self.counters.records.load(Ordering::Relaxed),
            rps = format!("{rps:.0}")
        );
        if st.rate_limited > 0 {
            msg.push_str(&crate::t!("progress-429", count = st.rate_limited));
        }
        msg
    }

    /// Refresh `bar`'s message, and once the run is old enough, move it to the terminal.
    fn refresh(&self, bar: &ProgressBar) {
        bar.set_message(self.message());
        if self.started.elapsed() >= SHOW_AFTER {
            let target = self.target.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(t) = target {
                bar.set_draw_target(t);
            }
        }
    }
}

impl Progress {
    /// A bar on `err` when `show` (and it is a terminal), otherwise nothing (the summary is
    /// printed either way). It appears only once the run has lasted [`SHOW_AFTER`], and its
    /// records and rate move as candidates are done, not only at the end.
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
                shown: None,
                err,
                ticker: None,
            };
        }
        let bar =
            ProgressBar::with_draw_target(Some(total), indicatif::ProgressDrawTarget::hidden());
        let template =
            format!("{{bar:20.cyan/blue}} {{pos}}/{{len}} {unit} · {{msg}} · ETA {{eta}}");
        bar.set_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("█▉▊▋▌▍▎▏ "),
        );
        bar.set_position(already);
        bar.reset_eta();
        let shown = Arc::new(Shown {
            started: Instant::now(),
            base: client.stats().requests,
            client,
            counters,
            target: std::sync::Mutex::new(Some(target)),
        });
        shown.refresh(&bar);
        let (b, s) = (bar.clone(), shown.clone());
        let ticker = tokio::spawn(async move {
            // The first wake reveals the bar on time; the next ones keep its numbers moving.
            tokio::time::sleep(SHOW_AFTER).await;
            loop {
                s.refresh(&b);
                tokio::time::sleep(REFRESH).await;
            }
        });
        Progress {
            bar: Some(bar),
            shown: Some(shown),
            err,
            ticker: Some(ticker),
        }
    }

    /// One more candidate done: its records and the rate are shown with it.
    pub(crate) fn inc(&self) {
        if let (Some(b), Some(s)) = (&self.bar, &self.shown) {
            b.inc(1);
            s.refresh(b);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_counts_requests_since_the_start_over_the_time_since() {
        assert_eq!(per_second(30, 10, Duration::from_secs(2)), 10.0);
        // The first reading, at no time at all, is not infinite.
        assert_eq!(per_second(1, 0, Duration::ZERO), 1000.0);
        assert_eq!(per_second(5, 9, Duration::from_secs(1)), 0.0);
    }

    /// A run shorter than SHOW_AFTER draws nothing; after it, the first refresh moves the
    /// bar to its terminal with the records counted so far.
    #[tokio::test]
    async fn the_bar_appears_after_show_after_with_the_records_so_far() {
        let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let term = Lines(buf.clone());
        let counters = Arc::new(Counters::default());
        let client =
            Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9", None)).unwrap();
        let shown = Shown {
            started: Instant::now(),
            base: 0,
            client,
            counters: counters.clone(),
            target: std::sync::Mutex::new(Some(indicatif::ProgressDrawTarget::term_like(
                Box::new(term),
            ))),
        };
        let bar = ProgressBar::with_draw_target(Some(3), indicatif::ProgressDrawTarget::hidden());
        bar.set_style(ProgressStyle::with_template("{pos}/{len} {msg}").unwrap());
        counters.records.store(7, Ordering::Relaxed);
        shown.refresh(&bar);
        bar.inc(1);
        assert!(buf.lock().unwrap().is_empty(), "{:?}", buf.lock().unwrap());
        let wait = SHOW_AFTER.saturating_sub(shown.started.elapsed());
        tokio::time::sleep(wait).await;
        shown.refresh(&bar);
        bar.tick();
        let drawn = buf.lock().unwrap().join("\n");
        assert!(drawn.contains("1/3 7 records"), "{drawn}");
    }

    /// A terminal that keeps the lines written to it.
    #[derive(Debug)]
    struct Lines(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

    impl indicatif::TermLike for Lines {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }
}
