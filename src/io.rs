//! The process's standard streams behind one seam (as gh's IOStreams or cargo's Shell): commands
//! read stdin, write results to stdout and messages to stderr only through [`Io`], so a test can
//! run a command in-process with scripted input and read back both streams ([`Io::captured`]).

use std::fmt;
use std::io::{IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// When to use colour (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}

/// Facts about the process's terminal.
#[derive(Debug, Clone, Copy)]
pub struct Term {
    pub stdin_tty: bool,
    pub stdout_tty: bool,
    pub stderr_tty: bool,
    /// Whether colour and escape codes may be written to stdout.
    pub color: bool,
    /// Columns of the terminal stdout is, when it is one.
    pub width: Option<u16>,
    /// NO_COLOR or `--color never`: no escape sequence anywhere, not even a progress bar's
    /// or a spinner's (they redraw with `\r\e[2K`).
    pub no_color: bool,
}

impl Term {
    pub(crate) fn detect(color: ColorWhen) -> Term {
        let stdout_tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let (color, no_color) = match color {
            ColorWhen::Always => (true, false),
            ColorWhen::Never => (false, true),
            ColorWhen::Auto => (stdout_tty && !no_color, no_color),
        };
        Term {
            stdin_tty: std::io::stdin().is_terminal(),
            stdout_tty,
            stderr_tty: std::io::stderr().is_terminal(),
            color,
            width: stdout_tty
                .then(|| console::Term::stdout().size_checked().map(|(_, w)| w))
                .flatten(),
            no_color,
        }
    }

    /// No terminal anywhere: what a script or a test sees.
    pub fn piped() -> Term {
        Term {
            stdin_tty: false,
            stdout_tty: false,
            stderr_tty: false,
            color: false,
            width: None,
            no_color: false,
        }
    }
}

/// A byte buffer several writers share (the captured side of a stream).
#[derive(Clone, Default)]
pub struct SharedBuf(Arc<Mutex<Vec<u8>>>);

impl SharedBuf {
    /// Everything written so far, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes()).into_owned()
    }

    /// Everything written so far, byte for byte.
    pub fn bytes(&self) -> Vec<u8> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[derive(Clone)]
enum Sink {
    Stdout,
    Stderr,
    Buffer(SharedBuf),
    /// A stream whose reader went away: every write fails as a closed pipe does (tests).
    Closed,
}

/// Set when recruit started with standard output closed (`>&-`): see [`note_closed_stdout`].
static STDOUT_MISSING: AtomicBool = AtomicBool::new(false);

/// Remember whether standard output is closed. The binary calls it before Rust's runtime
/// starts (an ELF/Mach-O constructor in `main.rs`): the runtime then opens `/dev/null` in a
/// closed standard descriptor's place, after which results would vanish into it with exit 0.
/// Once noted, a write of a result fails ([`NotOpen`]) and the command says so.
pub fn note_closed_stdout() {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let stdout = std::io::stdout();
        if rustix::io::fcntl_getfd(stdout.as_fd()) == Err(rustix::io::Errno::BADF) {
            STDOUT_MISSING.store(true, Ordering::SeqCst);
        }
    }
}

/// Whether standard output was closed when recruit started (see [`note_closed_stdout`]).
pub(crate) fn stdout_missing() -> bool {
    STDOUT_MISSING.load(Ordering::SeqCst)
}

/// Standard output that was closed when recruit started: every write fails, naming why.
struct NotOpen;

impl Write for NotOpen {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other(crate::t!("stdout-not-open")))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn writer(&self) -> Box<dyn Write + Send> {
        match self {
            Sink::Stdout if stdout_missing() => Box::new(NotOpen),
            Sink::Stdout => Box::new(std::io::stdout()),
            Sink::Stderr => Box::new(std::io::stderr()),
            Sink::Buffer(b) => Box::new(b.clone()),
            Sink::Closed => Box::new(ClosedPipe),
        }
    }
}

/// A writer whose reader is gone.
struct ClosedPipe;

impl Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
}

/// A writer that remembers when its reader went away, so `main` knows a command's output
/// did not all arrive whatever the command made of the failed write.
struct Watched {
    inner: Box<dyn Write + Send>,
    closed: Arc<AtomicBool>,
}

impl Watched {
    fn seen<T>(&self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                self.closed.store(true, Ordering::SeqCst);
            }
        }
        r
    }
}

impl Write for Watched {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.seen(r)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        let r = self.inner.write_all(buf);
        self.seen(r)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.seen(r)
    }
}

/// Standard input, standard output and standard error, and what the terminal is.
pub struct Io {
    pub term: Term,
    stdin: Mutex<Option<Box<dyn Read + Send>>>,
    out: Sink,
    err: Sink,
    /// Set when a write to standard output found its reader gone.
    out_closed: Arc<AtomicBool>,
    /// Messages on stderr as JSON lines (`-o json`/`ndjson` with stderr not a terminal).
    json_messages: Arc<AtomicBool>,
}

/// The two output streams of an [`Io::captured`].
#[derive(Clone)]
pub struct Captured {
    pub stdout: SharedBuf,
    pub stderr: SharedBuf,
}

impl Io {
    /// The process's own streams.
    pub(crate) fn system(term: Term) -> Io {
        Io {
            term,
            stdin: Mutex::new(Some(Box::new(std::io::stdin()))),
            out: Sink::Stdout,
            err: Sink::Stderr,
            out_closed: Arc::default(),
            json_messages: Arc::default(),
        }
    }

    /// Streams for a test: `stdin` is what the command reads; both outputs are kept.
    pub fn captured(term: Term, stdin: impl Into<Vec<u8>>) -> (Io, Captured) {
        let cap = Captured {
            stdout: SharedBuf::default(),
            stderr: SharedBuf::default(),
        };
        let io = Io {
            term,
            stdin: Mutex::new(Some(Box::new(std::io::Cursor::new(stdin.into())))),
            out: Sink::Buffer(cap.stdout.clone()),
            err: Sink::Buffer(cap.stderr.clone()),
            out_closed: Arc::default(),
            json_messages: Arc::default(),
        };
        (io, cap)
    }

    /// Streams for a test whose standard output's reader went away before the command
    /// started (`recruit ... | true`); stderr is kept.
    pub fn closed_stdout(term: Term, stdin: impl Into<Vec<u8>>) -> (Io, SharedBuf) {
        let (mut io, cap) = Io::captured(term, stdin);
        io.out = Sink::Closed;
        (io, cap.stderr)
    }

    /// Messages (notes, warnings, errors) as JSON lines for a program reading stderr: under
    /// `-o json` or `-o ndjson` with stderr not a terminal (`cli.md`, "Errors for programs").
    /// A terminal always gets text.
    pub fn set_json_messages(&self, on: bool) {
        self.json_messages
            .store(on && !self.term.stderr_tty, Ordering::SeqCst);
    }

    /// Whether messages are JSON lines (see [`Io::set_json_messages`]).
    pub fn json_messages(&self) -> bool {
        self.json_messages.load(Ordering::SeqCst)
    }

    /// Whether a write to standard output found its reader gone.
    pub(crate) fn stdout_closed(&self) -> bool {
        self.out_closed.load(Ordering::SeqCst)
    }

    /// A writer on standard output (for results).
    pub fn stdout(&self) -> Box<dyn Write + Send> {
        Box::new(Watched {
            inner: self.out.writer(),
            closed: self.out_closed.clone(),
        })
    }

    /// A writer on standard error (for messages).
    pub fn stderr(&self) -> Box<dyn Write + Send> {
        self.err.writer()
    }

    /// Standard error as a handle to keep (the client's observer, an export's progress bar).
    pub fn err_stream(&self) -> ErrStream {
        ErrStream {
            sink: self.err.clone(),
            term: self.term,
            json: self.json_messages.clone(),
        }
    }

    /// Standard input, once: a second reader gets an empty stream, as a consumed pipe would.
    pub(crate) fn stdin(&self) -> Box<dyn Read + Send> {
        self.stdin
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
            .unwrap_or_else(|| Box::new(std::io::empty()))
    }

    /// A message on standard error, as a line of text or of JSON; a closed stderr is ignored
    /// (a message is never worth a panic).
    pub(crate) fn errln(&self, args: fmt::Arguments<'_>) {
        self.err_stream().line(&args.to_string());
    }

    /// An error, the last thing a failed command says: its text line, or its JSON envelope
    /// (see [`crate::Error::envelope`]).
    pub(crate) fn error(&self, e: &crate::Error, text: &str) {
        let line = if self.json_messages() {
            e.envelope().to_string()
        } else {
            format!("{}: {text}", crate::t!("word-error"))
        };
        // A person reads it: broken between words, not wherever the terminal's edge falls.
        let width = console::Term::stderr().size_checked().map(|(_, w)| w);
        let line = match width {
            Some(w) if self.term.stderr_tty && !self.json_messages() => {
                crate::output::text::wrap_words(&line, usize::from(w).saturating_sub(1))
            }
            _ => line,
        };
        let _ = writeln!(self.stderr(), "{line}");
    }

    /// A line on standard output, for commands whose result is plain text; a closed pipe
    /// (`| head`) is [`crate::Error::output_closed`], which `main` ends quietly.
    pub(crate) fn outln(&self, args: fmt::Arguments<'_>) -> Result<(), crate::Error> {
        let mut out = self.stdout();
        writeln!(out, "{args}")
            .and_then(|_| out.flush())
            .map_err(crate::Error::stdout_failed)
    }
}

/// Standard error of an [`Io`], for messages and progress bars from work that outlives a
/// borrow of the context.
#[derive(Clone)]
pub struct ErrStream {
    sink: Sink,
    term: Term,
    json: Arc<AtomicBool>,
}

impl ErrStream {
    pub fn writer(&self) -> Box<dyn Write + Send> {
        self.sink.writer()
    }

    /// A message in one write (lines from several workers never interleave); a closed stderr
    /// is ignored. In JSON mode the message is one JSON line (see [`json_message`]).
    pub fn line(&self, text: &str) {
        let mut line = if self.json.load(Ordering::SeqCst) {
            json_message(text)
        } else {
            String::with_capacity(text.len() + 1) + text
        };
        line.push('\n');
        let _ = self.writer().write_all(line.as_bytes());
    }

    pub fn is_terminal(&self) -> bool {
        self.term.stderr_tty
    }

    /// Whether messages are JSON lines: then nothing but JSON may be drawn (no bars).
    pub fn json_messages(&self) -> bool {
        self.json.load(Ordering::SeqCst)
    }

    /// Where a progress bar is drawn: standard error when it is a terminal, the captured
    /// stream of a test that says it is one, else nowhere.
    pub fn progress_target(&self) -> indicatif::ProgressDrawTarget {
        if !self.term.stderr_tty || self.term.no_color || self.json_messages() {
            return indicatif::ProgressDrawTarget::hidden();
        }
        match &self.sink {
            Sink::Stderr => indicatif::ProgressDrawTarget::stderr(),
            Sink::Buffer(b) => indicatif::ProgressDrawTarget::term_like(Box::new(BufTerm {
                buf: b.clone(),
                width: self.term.width.unwrap_or(80),
            })),
            Sink::Closed => indicatif::ProgressDrawTarget::hidden(),
            Sink::Stdout => indicatif::ProgressDrawTarget::hidden(),
        }
    }
}

/// A message as one JSON line: `warning: X` is `{"warning": "X"}`, `error: X` (a failure the
/// command goes on after, e.g. one candidate of an export) `{"error": {"message": "X"}}`,
/// anything else (`note: X`, a `-v` line, a summary) `{"note": "X"}`. Several lines of text stay
/// one JSON line. The prefixes are known in English and in the language in use (`경고: `), so a
/// Korean warning stays a warning for the program reading it.
pub(crate) fn json_message(text: &str) -> String {
    let (key, body) = match line_kind(text) {
        Some(("error", rest)) => {
            return serde_json::json!({"error": {"message": rest}}).to_string();
        }
        Some((key, rest)) => (key, rest),
        None => ("note", text),
    };
    let mut map = serde_json::Map::new();
    map.insert(key.into(), body.into());
    serde_json::Value::Object(map).to_string()
}

/// Which kind of line `text` is by its prefix, and the text after it.
fn line_kind(text: &str) -> Option<(&'static str, &str)> {
    use crate::i18n::Lang;
    let mut langs = vec![Lang::En];
    if crate::i18n::lang() != Lang::En {
        langs.push(crate::i18n::lang());
    }
    for lang in langs {
        let prefixes = [
            ("warning", crate::t_in!(lang, "warning-line", warning = "")),
            ("note", crate::t_in!(lang, "note-line", note = "")),
            ("error", format!("{}: ", crate::t_in!(lang, "word-error"))),
        ];
        for (key, prefix) in prefixes {
            if let Some(rest) = text.strip_prefix(prefix.as_str()) {
                return Some((key, rest));
            }
        }
    }
    None
}

/// A captured stream drawn on as a terminal (the escape sequences a terminal would get).
struct BufTerm {
    buf: SharedBuf,
    width: u16,
}

impl fmt::Debug for BufTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BufTerm({} columns)", self.width)
    }
}

impl BufTerm {
    fn put(&self, s: &str) -> std::io::Result<()> {
        self.buf.clone().write_all(s.as_bytes())
    }
}

impl indicatif::TermLike for BufTerm {
    fn width(&self) -> u16 {
        self.width
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.put(&format!("\x1b[{n}A"))
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.put(&format!("\x1b[{n}B"))
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.put(&format!("\x1b[{n}C"))
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.put(&format!("\x1b[{n}D"))
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.put(&format!("{s}\n"))
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.put(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.put("\r\x1b[2K")
    }
    fn flush(&self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `eprintln!` through a command's [`Io`]: `say!(ctx.io, "deleted {n} events")`.
#[macro_export]
macro_rules! say {
    ($io:expr, $($arg:tt)*) => {
        $io.errln(format_args!($($arg)*))
    };
}

/// A message by its id, in the language in use, on a command's stderr:
/// `tell!(ctx.io, "auth-stored", profile = p)` is `say!(ctx.io, "{}", t!("auth-stored", profile = p))`.
#[macro_export]
macro_rules! tell {
    ($io:expr, $($arg:tt)*) => {
        $io.errln(format_args!("{}", $crate::t!($($arg)*)))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_streams_keep_what_was_written_and_stdin_is_read_once() {
        let (io, cap) = Io::captured(Term::piped(), "C1\nC2\n");
        say!(io, "note: {}", 1);
        io.outln(format_args!("result")).unwrap();
        let mut s = String::new();
        io.stdin().read_to_string(&mut s).unwrap();
        assert_eq!(s, "C1\nC2\n");
        let mut again = String::new();
        io.stdin().read_to_string(&mut again).unwrap();
        assert_eq!(again, "");
        assert_eq!(cap.stderr.text(), "note: 1\n");
        assert_eq!(cap.stdout.text(), "result\n");
        assert!(!io.stdout_closed());
    }

    #[test]
    fn messages_are_json_lines_in_json_mode_and_text_on_a_terminal() {
        let (io, cap) = Io::captured(Term::piped(), "");
        io.set_json_messages(true);
        say!(io, "warning: plain \"http\"");
        say!(io, "note: waiting 3 s");
        say!(io, "Deleted 2 events.\nSecond line");
        io.err_stream().line("warning: from a worker");
        let lines: Vec<serde_json::Value> = cap
            .stderr
            .text()
            .lines()
            .map(|l| serde_json::from_str(l).expect("every line is JSON"))
            .collect();
        assert_eq!(
            lines,
            [
                serde_json::json!({"warning": "plain \"http\""}),
                serde_json::json!({"note": "waiting 3 s"}),
                serde_json::json!({"note": "Deleted 2 events.\nSecond line"}),
                serde_json::json!({"warning": "from a worker"}),
            ]
        );
        // stderr a terminal: a person reads it, text it stays.
        let tty = Term {
            stderr_tty: true,
            ..Term::piped()
        };
        let (io, cap) = Io::captured(tty, "");
        io.set_json_messages(true);
        say!(io, "warning: plain http");
        assert_eq!(cap.stderr.text(), "warning: plain http\n");
    }

    #[test]
    fn korean_warnings_notes_and_errors_keep_their_kind_as_json() {
        crate::i18n::in_lang(crate::i18n::Lang::Ko, || {
            let warning = crate::t!("warning-line", warning = "느린 응답");
            assert_eq!(
                json_message(&warning),
                serde_json::json!({"warning": "느린 응답"}).to_string()
            );
            let note = crate::t!("note-line", note = "3초 기다립니다");
            assert_eq!(
                json_message(&note),
                serde_json::json!({"note": "3초 기다립니다"}).to_string()
            );
            let error = format!("{}: 후보자 C1 실패", crate::t!("word-error"));
            assert_eq!(
                json_message(&error),
                serde_json::json!({"error": {"message": "후보자 C1 실패"}}).to_string()
            );
            // English prefixes still count under Korean (lines from code that speaks to programs).
            assert_eq!(
                json_message("warning: x"),
                serde_json::json!({"warning": "x"}).to_string()
            );
        });
    }

    #[test]
    fn a_closed_stdout_is_an_error_of_its_own_and_remembered() {
        let (io, stderr) = Io::closed_stdout(Term::piped(), "");
        let e = io.outln(format_args!("result")).unwrap_err();
        assert_eq!(e.kind, crate::ExitKind::OutputClosed);
        assert_eq!(e.exit_code(), 141);
        assert!(io.stdout_closed());
        say!(io, "still said");
        assert_eq!(stderr.text(), "still said\n");
    }
}
