//! How the front ends show what the client reports ([`ClientEvent`]): lines on standard error
//! (never stdout, which carries results, or the MCP protocol) and a bar for long uploads.

use std::sync::Mutex;
use std::time::SystemTime;

use crate::api::events::{ClientEvent, Observer, Retry, Upload};
use crate::api::http::{seconds, NOTE_WAITS_OVER};
use crate::io::ErrStream;
use crate::output::text::local_clock;

/// Renders the client's events on an [`ErrStream`].
pub struct StderrReports {
    err: ErrStream,
    /// `-v`: every retry noted, with its `* retry` line.
    verbose: bool,
    /// The bar of the upload under way (commands upload one file at a time).
    bar: Mutex<Option<indicatif::ProgressBar>>,
}

impl StderrReports {
    pub fn new(err: ErrStream, verbose: bool) -> StderrReports {
        StderrReports {
            err,
            verbose,
            bar: Mutex::new(None),
        }
    }

    /// A line on stderr, above the upload bar when one is drawn.
    fn line(&self, text: &str) {
        match &*self
            .bar
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            Some(bar) => bar.println(text),
            None => self.err.line(text),
        }
    }

    /// Whether a retry is worth a note: always on a terminal (silence would look like a hang)
    /// and with `-v`; in a log, only a wait long enough to matter.
    fn notes(&self, r: &Retry) -> bool {
        self.verbose || self.err.is_terminal() || r.wait > NOTE_WAITS_OVER
    }

    fn upload(&self, u: &Upload) {
        let mut bar = self
            .bar
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match u {
            Upload::Started { name, size } => {
                let target = self.err.progress_target();
                if target.is_hidden() {
                    return;
                }
                let b = indicatif::ProgressBar::with_draw_target(Some(*size), target);
                b.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} {eta}",
                    )
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                    .progress_chars("=> "),
                );
                b.set_message(crate::t!(
                    "uploading",
                    name = crate::output::text::safe_line(name)
                ));
                *bar = Some(b);
            }
            Upload::Sent { bytes } => {
                if let Some(b) = &*bar {
                    b.inc(*bytes);
                }
            }
            Upload::Finished => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
            }
        }
    }
}

impl Observer for StderrReports {
    fn event(&self, event: &ClientEvent) {
        match event {
            ClientEvent::Warning(w) => self.line(&crate::t!("warning-line", warning = w.said())),
            ClientEvent::Verbose(line) => self.line(line),
            ClientEvent::Retry(r) => {
                if self.notes(r) {
                    // A long wait says when it ends.
                    let until = if r.wait > NOTE_WAITS_OVER {
                        SystemTime::now()
                            .checked_add(r.wait)
                            .and_then(local_clock)
                            .map(|t| crate::t!("retry-at", at = t))
                            .unwrap_or_default()
                    } else {
                        String::new()
                    };
                    self.line(&crate::t!(
                        "retrying",
                        wait = seconds(r.wait),
                        cause = r.cause(),
                        attempt = r.retry + 1,
                        attempts = r.retries + 1,
                        until = until
                    ));
                }
                if self.verbose {
                    self.line(&format!(
                        "* retry {}/{} in {:.1}s: {}",
                        r.retry,
                        r.retries,
                        r.wait.as_secs_f64(),
                        r.reason
                    ));
                }
            }
            ClientEvent::QuotaWait { wait, until, quota } => self.line(&crate::t!(
                "quota-wait",
                wait = crate::output::text::human_duration_of(*wait),
                quota = quota.to_string(),
                until = until
                    .and_then(local_clock)
                    .map(|t| crate::t!("quota-until", at = t))
                    .unwrap_or_default()
            )),
            ClientEvent::Upload(u) => self.upload(u),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{Io, Term};
    use std::time::Duration;

    fn retry(wait: Duration) -> ClientEvent {
        ClientEvent::Retry(Retry {
            reason: "HTTP 503".into(),
            wait,
            retry: 1,
            retries: 3,
        })
    }

    #[test]
    fn a_short_retry_is_noted_on_a_terminal_or_with_v_and_a_long_one_always() {
        let short = retry(Duration::from_secs(1));
        let long = retry(Duration::from_secs(5));
        // A pipe, no -v: only the long wait, with when it ends.
        let (io, cap) = Io::captured(Term::piped(), "");
        let r = StderrReports::new(io.err_stream(), false);
        r.event(&short);
        assert_eq!(cap.stderr.text(), "");
        r.event(&long);
        let text = cap.stderr.text();
        assert!(
            text.starts_with("retrying in 5 s (503), attempt 2 of 4, at "),
            "{text}"
        );
        assert!(!text.contains("* retry"), "{text}");
        // A terminal: the short one too, and its end is not worth a clock time.
        let tty = Term {
            stderr_tty: true,
            ..Term::piped()
        };
        let (io, cap) = Io::captured(tty, "");
        StderrReports::new(io.err_stream(), false).event(&short);
        assert_eq!(cap.stderr.text(), "retrying in 1 s (503), attempt 2 of 4\n");
        // -v to a pipe: the note and the log line.
        let (io, cap) = Io::captured(Term::piped(), "");
        StderrReports::new(io.err_stream(), true).event(&short);
        assert_eq!(
            cap.stderr.text(),
            "retrying in 1 s (503), attempt 2 of 4\n* retry 1/3 in 1.0s: HTTP 503\n"
        );
    }

    #[test]
    fn warnings_waits_and_verbose_lines_are_lines_on_stderr() {
        crate::i18n::install();
        let plain =
            ClientEvent::Warning(recruit_client::msg!("http-local-unencrypted", host = "h"));
        let (io, cap) = Io::captured(Term::piped(), "");
        let r = StderrReports::new(io.err_stream(), true);
        r.event(&plain);
        r.event(&ClientEvent::Verbose("> GET http://h/v1/x".into()));
        r.event(&ClientEvent::QuotaWait {
            wait: Duration::from_secs(30),
            until: None,
            quota: "limit=1".into(),
        });
        assert_eq!(
            cap.stderr.text(),
            "warning: the API key travels unencrypted over plain http to h (use https:// outside a local network)\n> GET http://h/v1/x\nnote: waiting 30 s for the service's rate limit (limit=1)\n"
        );
        assert_eq!(cap.stdout.text(), "");
        // The client's warning is data: worded here, in the language in use.
        let (io, cap) = Io::captured(Term::piped(), "");
        crate::i18n::in_lang(crate::i18n::Lang::Ko, || {
            StderrReports::new(io.err_stream(), false).event(&plain)
        });
        assert_eq!(
            cap.stderr.text(),
            "경고: API 키가 암호화되지 않은 http로 h에 전송됩니다 (로컬 네트워크 밖에서는 https://를 쓰세요)\n"
        );
    }

    #[test]
    fn an_upload_draws_a_bar_on_a_terminal_and_nothing_elsewhere() {
        let events = [
            ClientEvent::Upload(Upload::Started {
                name: "big.bin".into(),
                size: 2 << 20,
            }),
            ClientEvent::Upload(Upload::Sent { bytes: 1 << 20 }),
            ClientEvent::Upload(Upload::Finished),
        ];
        let tty = Term {
            stderr_tty: true,
            width: Some(100),
            ..Term::piped()
        };
        let (io, cap) = Io::captured(tty, "");
        let r = StderrReports::new(io.err_stream(), false);
        for e in &events {
            r.event(e);
        }
        let drawn = cap.stderr.text();
        assert!(drawn.contains("uploading big.bin"), "{drawn:?}");
        assert!(drawn.contains("1.00 MiB/2.00 MiB"), "{drawn:?}");
        let (io, cap) = Io::captured(Term::piped(), "");
        let r = StderrReports::new(io.err_stream(), false);
        for e in &events {
            r.event(e);
        }
        assert_eq!(cap.stderr.text(), "");
    }
}
