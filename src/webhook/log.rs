//! The listener's log on stderr: a line for people (`HH:MM:SS message`), or with
//! `--log-format json` one JSON object per line (time, level, event id, action, target,
//! outcome, message) for a log collector.
//!
//! Lines are written by a thread of their own through a bounded queue, so a stderr nobody
//! reads never holds up an answer to the service; lines that find the queue full are counted
//! and the count is written once the queue has room again.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

use serde_json::{json, Map, Value};

named! {
    /// How log lines look.
    pub enum LogFormat {
        /// `12:00:01 message`, for people.
        Text = "text",
        /// One JSON object per line.
        Json = "json",
    }
    default Text;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    Info,
    Warn,
    Error,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
        }
    }
}

/// One thing that happened, with the fields a collector filters on.
#[derive(Debug, Clone)]
pub(crate) struct Record {
    pub level: Level,
    /// What happened, one word: `listening`, `stored`, `forwarded`, `retry`, `failed`,
    /// `rejected`, `store_failed`, `stopped`...
    pub outcome: &'static str,
    pub message: String,
    /// The message in the language in use, for the text log (the JSON log keeps `message`,
    /// in English, for collectors).
    pub people: Option<String>,
    pub event_id: Option<i64>,
    pub action: Option<String>,
    pub target: Option<String>,
}

impl Record {
    pub(crate) fn new(level: Level, outcome: &'static str, message: impl Into<String>) -> Record {
        Record {
            level,
            outcome,
            message: message.into(),
            people: None,
            event_id: None,
            action: None,
            target: None,
        }
    }
    pub(crate) fn info(outcome: &'static str, message: impl Into<String>) -> Record {
        Record::new(Level::Info, outcome, message)
    }
    pub(crate) fn warn(outcome: &'static str, message: impl Into<String>) -> Record {
        Record::new(Level::Warn, outcome, message)
    }
    pub(crate) fn error(outcome: &'static str, message: impl Into<String>) -> Record {
        Record::new(Level::Error, outcome, message)
    }
    /// A record of a message: English for the JSON log, the language in use for people (a
    /// message whose values are messages too: a library's cause, its own words kept).
    pub(crate) fn of(level: Level, outcome: &'static str, m: &crate::msg::Msg) -> Record {
        Record::new(level, outcome, m.for_programs()).for_people(m.said())
    }
    /// The same record saying `text` to people in the text log.
    pub(crate) fn for_people(mut self, text: String) -> Record {
        self.people = Some(text);
        self
    }
    pub(crate) fn event(mut self, id: i64) -> Record {
        self.event_id = Some(id);
        self
    }
    pub(crate) fn action(mut self, action: Option<&str>) -> Record {
        self.action = action.map(str::to_string);
        self
    }
    /// The forward target, kept by its shown name only (its address may be a secret).
    pub(crate) fn target(mut self, target: &str) -> Record {
        self.target = Some(if target.is_empty() {
            String::new()
        } else {
            crate::redact::target_name(target)
        });
        self
    }

    fn render(&self, format: LogFormat) -> String {
        match format {
            LogFormat::Text => {
                let text =
                    crate::output::text::safe_line(self.people.as_deref().unwrap_or(&self.message));
                // An address that may be a secret (a chat destination's, a token in a query): never in a
                // log line.
                let text = super::chat::hide_secrets(&text);
                if matches!(self.outcome, "listening" | "stopped") {
                    // Scripts and tests read the port from the first line and the summary
                    // from the last: no time in front.
                    text.into_owned()
                } else {
                    format!("{} {text}", super::shared::clock())
                }
            }
            LogFormat::Json => {
                let mut m = Map::new();
                m.insert(
                    "time".into(),
                    json!(
                        chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
                    ),
                );
                m.insert("level".into(), json!(self.level.as_str()));
                m.insert("outcome".into(), json!(self.outcome));
                m.insert("event_id".into(), json!(self.event_id));
                m.insert("action".into(), json!(self.action));
                let hidden = |t: &str| super::chat::hide_secrets(t).into_owned();
                m.insert("target".into(), json!(self.target.as_deref().map(hidden)));
                m.insert("message".into(), json!(hidden(&self.message)));
                Value::Object(m).to_string()
            }
        }
    }
}

/// The log: cheap to clone, writes on its own thread.
#[derive(Clone)]
pub struct Log {
    format: LogFormat,
    tx: mpsc::SyncSender<String>,
    /// Lines sent and not yet written.
    queued: Arc<AtomicU64>,
    dropped: Arc<AtomicU64>,
}

/// Lines waiting for the writer thread before new ones are dropped (and counted).
const QUEUE: usize = 4096;

impl Log {
    /// A log writing to `out` (the process's stderr, or a test's buffer).
    pub fn new(format: LogFormat, mut out: Box<dyn Write + Send>) -> Log {
        let (tx, rx) = mpsc::sync_channel::<String>(QUEUE);
        let queued = Arc::new(AtomicU64::new(0));
        let q = queued.clone();
        // A closed stderr ends the writing, not the thread: the queue keeps draining, so the
        // listener never waits on it.
        let _ = std::thread::Builder::new()
            .name("listener-log".into())
            .spawn(move || {
                let mut open = true;
                while let Ok(line) = rx.recv() {
                    if open {
                        open = writeln!(out, "{line}").and_then(|_| out.flush()).is_ok();
                    }
                    q.fetch_sub(1, Ordering::AcqRel);
                }
            });
        Log {
            format,
            tx,
            queued,
            dropped: Arc::new(AtomicU64::new(0)),
        }
    }

    pub(crate) fn write(&self, rec: Record) {
        let dropped = self.dropped.swap(0, Ordering::Relaxed);
        if dropped > 0 {
            let note = said!(
                Record::warn,
                "log_dropped",
                "log-lines-dropped",
                count = dropped.to_string()
            );
            if !self.send(note.render(self.format)) {
                self.dropped.fetch_add(dropped, Ordering::Relaxed);
            }
        }
        if !self.send(rec.render(self.format)) {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn send(&self, line: String) -> bool {
        self.queued.fetch_add(1, Ordering::AcqRel);
        let sent = self.tx.try_send(line).is_ok();
        if !sent {
            self.queued.fetch_sub(1, Ordering::AcqRel);
        }
        sent
    }

    /// Wait (at most a second) until the lines written so far are out, before the process
    /// exits.
    pub fn flush(&self) {
        let end = std::time::Instant::now() + std::time::Duration::from_secs(1);
        while self.queued.load(Ordering::Acquire) > 0 && std::time::Instant::now() < end {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_carry_the_fields_a_collector_filters_on() {
        let (io, cap) = crate::io::Io::captured(crate::io::Term::piped(), "");
        let log = Log::new(LogFormat::Json, io.stderr());
        log.write(
            Record::warn("retry", "forward of event 7 failed (HTTP 503)")
                .event(7)
                .action(Some("candidate_pass"))
                .target("http://127.0.0.1:3000/hooks"),
        );
        log.flush();
        let line: Value = serde_json::from_str(cap.stderr.text().trim()).unwrap();
        assert_eq!(line["level"], "warn");
        assert_eq!(line["outcome"], "retry");
        assert_eq!(line["event_id"], 7);
        assert_eq!(line["action"], "candidate_pass");
        assert_eq!(
            line["target"],
            crate::redact::target_name("http://127.0.0.1:3000/hooks")
        );
        assert!(chrono::DateTime::parse_from_rfc3339(line["time"].as_str().unwrap()).is_ok());
    }

    #[test]
    fn text_lines_are_escaped_and_the_first_line_has_no_time() {
        let (io, cap) = crate::io::Io::captured(crate::io::Term::piped(), "");
        let log = Log::new(LogFormat::Text, io.stderr());
        log.write(Record::info(
            "listening",
            "listening on http://127.0.0.1:1 (Ctrl-C to stop)",
        ));
        log.write(Record::warn("rejected", "bad \u{1b}[2J"));
        log.flush();
        let text = cap.stderr.text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "listening on http://127.0.0.1:1 (Ctrl-C to stop)");
        assert!(!lines[1].contains('\u{1b}'), "{text:?}");
        assert!(lines[1].ends_with("bad \\x1b[2J"), "{text:?}");
    }
}
