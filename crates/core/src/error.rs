//! The one error type of the crate, and its mapping onto the exit codes of `cli.md`.

use std::fmt;
use std::sync::Arc;

use crate::msg::Msg;

/// Exit codes fixed by the command-line contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExitKind {
    /// 1: any other failure.
    Other,
    /// 1 too, but retryable: what the command needs is held by another run of recruit (a
    /// mirror another sync is writing); the same command succeeds once that run ends.
    Busy,
    /// 2: bad usage or bad local input.
    Usage,
    /// 3: not found (404).
    NotFound,
    /// 4: authentication or permission (401, 403).
    Auth,
    /// 5: the service rejected the request (other 4xx).
    Rejected,
    /// 6: rate limited (429) after all retries.
    RateLimited,
    /// 7: network failure, timeout, or 5xx after all retries.
    Network,
    /// 8: webhook signature invalid or too old.
    Signature,
    /// 130: stopped by Ctrl-C (the shell's convention for SIGINT).
    Interrupted,
    /// 141: the reader of standard output went away (`| head`): the status of a program
    /// ended by SIGPIPE, so a script never reads it as success.
    OutputClosed,
}

impl ExitKind {
    /// Every kind, in the order of their codes (`Other` and `Busy` share 1): what a list of
    /// them (the help's exit codes) walks, so none is left out.
    pub const ALL: [ExitKind; 11] = [
        ExitKind::Other,
        ExitKind::Busy,
        ExitKind::Usage,
        ExitKind::NotFound,
        ExitKind::Auth,
        ExitKind::Rejected,
        ExitKind::RateLimited,
        ExitKind::Network,
        ExitKind::Signature,
        ExitKind::Interrupted,
        ExitKind::OutputClosed,
    ];

    pub fn code(self) -> i32 {
        match self {
            ExitKind::Other | ExitKind::Busy => 1,
            ExitKind::Usage => 2,
            ExitKind::NotFound => 3,
            ExitKind::Auth => 4,
            ExitKind::Rejected => 5,
            ExitKind::RateLimited => 6,
            ExitKind::Network => 7,
            ExitKind::Signature => 8,
            ExitKind::Interrupted => 130,
            ExitKind::OutputClosed => 141,
        }
    }

    /// The stable code of this kind in the JSON error envelope (`cli.md`, "Errors for
    /// programs"): one per row of the exit-code table, so it can't drift from the exit code.
    /// The contract names eight codes; the exits outside its table (130, 141) are `failure`,
    /// told apart by `exit_code`.
    pub fn name(self) -> &'static str {
        match self {
            ExitKind::Other | ExitKind::Busy => "failure",
            ExitKind::Usage => "usage",
            ExitKind::NotFound => "not_found",
            ExitKind::Auth => "auth",
            ExitKind::Rejected => "rejected",
            ExitKind::RateLimited => "rate_limited",
            ExitKind::Network => "network",
            ExitKind::Signature => "signature",
            ExitKind::Interrupted | ExitKind::OutputClosed => "failure",
        }
    }

    /// Whether the same command may succeed later unchanged: a rate limit, a network failure
    /// or 5xx, an interrupted run, a resource another run holds. Anything else needs a change
    /// first (the input, the key).
    pub fn retryable(self) -> bool {
        matches!(
            self,
            ExitKind::RateLimited | ExitKind::Network | ExitKind::Interrupted | ExitKind::Busy
        )
    }

    /// The exit kind an HTTP status maps to (for non-2xx statuses).
    pub fn from_status(status: u16) -> ExitKind {
        match status {
            404 => ExitKind::NotFound,
            401 | 403 => ExitKind::Auth,
            429 => ExitKind::RateLimited,
            400..=499 => ExitKind::Rejected,
            500..=599 => ExitKind::Network,
            _ => ExitKind::Other,
        }
    }
}

/// What was being done to a file when it failed ([`Error::file`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileOp {
    Create,
    Open,
    Read,
    Write,
    /// Write a new file in a directory.
    WriteIn,
    Truncate,
    Lock,
    Remove,
}

/// A failure with the exit code it maps to. `message` is complete and user-facing: it names
/// the cause and, where there is one, the fix. It never contains the API key.
#[derive(Debug, Clone)]
pub struct Error {
    pub kind: ExitKind,
    pub message: String,
    /// What `message` was built from, as data (its id and values), when it was one message;
    /// None for words that came as they are (the service's own).
    pub said: Option<Msg>,
    /// HTTP status, when the failure is an HTTP answer.
    pub status: Option<u16>,
    /// The service's `error` code (e.g. `not_found`), when its body carried one.
    pub error_code: Option<Box<str>>,
    /// The library's or the system's own words for the failure behind it (English, e.g.
    /// `relative URL without a base`), when `message` put them in words of ours: shown by
    /// `--verbose` and kept in the JSON envelope.
    pub detail: Option<Box<str>>,
    /// The lower-level failure behind it (a connection error, a JSON error), for a library
    /// user walking `source()`; the message already says what it means.
    pub source: Option<Arc<dyn std::error::Error + Send + Sync + 'static>>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    /// The cause itself (an `io::Error`, a `reqwest::Error`), not the `Arc` around it, so a
    /// caller can downcast it.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// What an error says: a [`Msg`] (kept as data, said in the person's language) or the
/// service's own words ([`Verbatim`]). No raw string is one: text for people is a message id
/// with English and Korean, so the compiler lists any sentence that is not.
pub trait Said {
    fn into_said(self) -> (String, Option<Msg>);
}

/// Words that are not ours and are shown as they came: the service's error `message`, a name
/// or title it sent. Built only where such words arrive (the HTTP error path, a few named
/// places), so a sentence of ours can't pass as one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verbatim(String);

impl Verbatim {
    /// The service's (or a user's) own words, kept as sent.
    pub fn service(words: impl Into<String>) -> Self {
        Verbatim(words.into())
    }
    /// Text a front end composed from its own messages, already in the person's language (a
    /// list of problems, each a message; a line and its hint): no sentence of its own.
    pub fn composed(words: impl Into<String>) -> Self {
        Verbatim(words.into())
    }
}

impl Said for Verbatim {
    fn into_said(self) -> (String, Option<Msg>) {
        (self.0, None)
    }
}
impl Said for Msg {
    fn into_said(self) -> (String, Option<Msg>) {
        (self.said(), Some(self))
    }
}

impl Error {
    pub fn new(kind: ExitKind, message: impl Said) -> Self {
        let (message, said) = message.into_said();
        let detail = said
            .as_ref()
            .and_then(system_words)
            .map(String::into_boxed_str);
        Error {
            kind,
            message,
            said,
            detail,
            status: None,
            error_code: None,
            source: None,
        }
    }

    /// The same error, keeping `cause` as its source.
    pub fn with_source(mut self, cause: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Arc::new(cause));
        self
    }

    /// `result`'s error as the error `said(why)` builds from its cause, `why` (the library's
    /// words in English, words of ours in another language: [`cause_of`]), keeping it as the
    /// source and its own words as the detail: a lower-level failure (a URL, a shape) in a
    /// sentence of ours.
    pub fn explained<T, E>(
        result: Result<T, E>,
        said: impl FnOnce(Msg) -> Error,
    ) -> Result<T, Error>
    where
        E: std::error::Error + Send + Sync + 'static,
    {
        result.map_err(|e| {
            let mut err = said(cause_of(&e));
            err.detail = Some(e.to_string().into());
            err.with_source(e)
        })
    }

    /// `what: cause` (e.g. `cannot write /tmp/x: Permission denied`), keeping `cause` as the
    /// source: a lower-level failure put in words without losing it.
    pub fn caused(
        kind: ExitKind,
        what: impl Said,
        cause: impl std::error::Error + Send + Sync + 'static,
    ) -> Self {
        let (what, said) = what.into_said();
        let cause_said = cause_of(&cause).said();
        let mut e = Self::new(kind, Verbatim(format!("{what}: {cause_said}")));
        e.said = said;
        e.detail = Some(cause.to_string().into());
        e.with_source(cause)
    }

    /// A failed file operation: `cannot {op} {path}: {cause}`, the cause kept (exit 1).
    pub fn file(op: FileOp, path: &std::path::Path, cause: std::io::Error) -> Self {
        use crate::msg;
        let path = path.display().to_string();
        let said = match op {
            FileOp::Create => msg!("file-cannot-create", path = path),
            FileOp::Open => msg!("file-cannot-open", path = path),
            FileOp::Read => msg!("file-cannot-read", path = path),
            FileOp::Write => msg!("file-cannot-write", path = path),
            FileOp::WriteIn => msg!("file-cannot-write-in", path = path),
            FileOp::Truncate => msg!("file-cannot-truncate", path = path),
            FileOp::Lock => msg!("file-cannot-lock", path = path),
            FileOp::Remove => msg!("file-cannot-remove", path = path),
        };
        Self::caused(ExitKind::Other, said, cause)
    }

    /// A "not found" that names what was not found (`candidate 'C1' not found: Resource not
    /// found (HTTP 404)`), keeping the service's words; any other error as it is.
    pub fn not_found_as(mut self, what: impl FnOnce() -> Msg) -> Self {
        if self.kind == ExitKind::NotFound {
            let what = what();
            // The service's words alone, without the sentence around them.
            let detail = match self.said.as_ref().filter(|m| m.id == "http-not-found") {
                Some(m) => match m.get("detail") {
                    Some(crate::msg::Arg::Msg(d)) => d.said(),
                    Some(d) => d.to_string(),
                    None => String::new(),
                },
                None => self.message.clone(),
            };
            self.message = format!("{what}: {detail}");
            self.said = Some(what);
        }
        self
    }

    /// The same error with `prefix: ` in front of its message; its kind (so its exit code),
    /// HTTP status, service error code, detail and source are kept.
    pub fn context(mut self, prefix: Msg) -> Self {
        self.message = format!("{prefix}: {}", self.message);
        self
    }

    pub fn usage(message: impl Said) -> Self {
        Self::new(ExitKind::Usage, message)
    }
    /// A file written by a newer recruit (its `version` of `what` above the `known` one): it
    /// is left as it is, and `flag` names another.
    pub fn written_by_newer(shown: &str, what: &Msg, version: i64, known: i64, flag: &str) -> Self {
        Self::usage(crate::msg!(
            "written-by-newer",
            file = shown.to_string(),
            what = what.clone(),
            version = version,
            known = known,
            flag = flag.to_string()
        ))
    }
    pub fn other(message: impl Said) -> Self {
        Self::new(ExitKind::Other, message)
    }
    pub fn network(message: impl Said) -> Self {
        Self::new(ExitKind::Network, message)
    }
    pub fn signature(message: impl Said) -> Self {
        Self::new(ExitKind::Signature, message)
    }
    /// The reader of standard output went away: the command stops, quietly.
    pub fn output_closed() -> Self {
        Self::new(ExitKind::OutputClosed, crate::msg!("stdout-closed"))
    }
    /// A failed write to `what` (standard output, a file): a closed pipe is
    /// [`Error::output_closed`], anything else names the destination and the cause.
    pub fn write_failed(what: &str, e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Self::output_closed()
        } else {
            Self::caused(
                ExitKind::Other,
                crate::msg!("file-cannot-write-to", what = what),
                e,
            )
        }
    }
    /// [`Error::write_failed`] on standard output.
    pub fn stdout_failed(e: std::io::Error) -> Self {
        Self::write_failed(&crate::msg!("word-stdout").said(), e)
    }
    pub fn exit_code(&self) -> i32 {
        self.kind.code()
    }

    /// The library's own words when the message does not already hold them (it does in
    /// English): what `--verbose` and the JSON envelope add.
    pub fn untold_detail(&self) -> Option<&str> {
        self.detail
            .as_deref()
            .filter(|d| !d.is_empty() && !self.message.contains(*d))
    }

    /// The error for programs, as `cli.md` fixes it:
    /// `{"error": {"code", "message", "exit_code", "http_status", "retryable"}}`. Built from
    /// the kind alone, so the code and the exit code always agree. The message is scrubbed of
    /// secrets as the text line is.
    pub fn envelope(&self) -> serde_json::Value {
        // The contract fixes the keys: the library's own words ride in the message, after ours
        // (in English they are already in it).
        let message = match self.untold_detail() {
            Some(d) => format!("{} ({d})", self.message),
            None => self.message.clone(),
        };
        serde_json::json!({"error": {
            "code": self.kind.name(),
            "message": crate::redact::scrub(&message),
            "exit_code": self.exit_code(),
            "http_status": self.status,
            "retryable": self.kind.retryable(),
        }})
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The error behind an `anyhow::Error` from a server loop (listener, sandbox, MCP): ours
    /// where the chain holds one, else its whole text with `context` in front.
    pub fn from_anyhow(err: anyhow::Error, context: Msg) -> Error {
        match err.downcast::<Error>() {
            Ok(e) => e,
            Err(other) => {
                // The whole chain (`saving state: disk on fire`), not only its outer words.
                let words = format!("{other:#}");
                let cause = AnyhowSource(other);
                let said = cause_with(&cause, words.clone()).said();
                let mut e = Error::other(Verbatim(format!("{context}: {said}")));
                e.said = Some(context);
                e.detail = Some(words.into());
                e.with_source(cause)
            }
        }
    }
}

/// An `anyhow::Error` kept as a source (it does not implement `std::error::Error` itself).
#[derive(Debug)]
struct AnyhowSource(anyhow::Error);

impl fmt::Display for AnyhowSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for AnyhowSource {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// A lower-level failure's cause for people, as a message: the front end words the I/O kinds
/// people meet (a missing file, no permission, a refused connection, ...) in their language;
/// in English, and for a library user without a front end, it reads as the library or the
/// system put it (with its error number). The chain is searched for an I/O error (a refused
/// connection sits under reqwest's and hyper's errors); any other cause is `library`, which
/// the front end words generically outside English (its own words stay in the detail).
pub fn cause_of(cause: &(dyn std::error::Error + 'static)) -> Msg {
    cause_with(cause, cause.to_string())
}

/// [`cause_of`] with the words to keep given (the chain's innermost, its whole text).
pub fn cause_with(cause: &(dyn std::error::Error + 'static), system: String) -> Msg {
    if let Some(u) = cause.downcast_ref::<url::ParseError>() {
        return crate::msg!("io-cause", kind = url_kind(u), system = system);
    }
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(cause);
    while let Some(e) = cur {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            let kind = io_kind(io).unwrap_or("library");
            // The system's words where the I/O error is the cause itself; the outer words
            // otherwise (reqwest's "error sending request" says where).
            return crate::msg!("io-cause", kind = kind, system = system);
        }
        cur = e.source();
    }
    crate::msg!("io-cause", kind = "library", system = system)
}

/// The library's or the system's own words inside a message ([`cause_of`]'s `system`), found
/// at any depth.
fn system_words(m: &Msg) -> Option<String> {
    if m.id == "io-cause" {
        return m.get("system").map(|s| s.to_string());
    }
    m.args.iter().find_map(|(_, a)| match a {
        crate::msg::Arg::Msg(inner) => system_words(inner),
        _ => None,
    })
}

/// What is wrong with a URL, as the name of its message (`io-<kind>`).
fn url_kind(e: &url::ParseError) -> &'static str {
    use url::ParseError as P;
    match e {
        P::EmptyHost => "url-empty-host",
        P::InvalidPort => "url-invalid-port",
        P::InvalidIpv4Address | P::InvalidIpv6Address => "url-invalid-address",
        P::InvalidDomainCharacter | P::IdnaError => "url-invalid-host",
        P::RelativeUrlWithoutBase => "url-relative",
        _ => "url-other",
    }
}

/// The kinds of I/O failure people meet, as the names of their messages (`io-<kind>`).
fn io_kind(e: &std::io::Error) -> Option<&'static str> {
    use std::io::ErrorKind as K;
    let kind = match e.kind() {
        K::NotFound => "not-found",
        K::PermissionDenied => "permission-denied",
        K::AlreadyExists => "already-exists",
        K::IsADirectory => "is-a-directory",
        K::NotADirectory => "not-a-directory",
        K::StorageFull => "storage-full",
        K::ReadOnlyFilesystem => "read-only",
        K::InvalidData => "invalid-data",
        K::WouldBlock => "would-block",
        K::ConnectionRefused => "connection-refused",
        K::ConnectionReset => "connection-reset",
        K::TimedOut => "timed-out",
        K::AddrNotAvailable | K::HostUnreachable | K::NetworkUnreachable => "unreachable",
        _ => return None,
    };
    Some(kind)
}

#[cfg(test)]
mod tests {
    use super::{Error, ExitKind, Verbatim};
    use crate::msg;

    #[test]
    fn context_keeps_kind_status_code_and_source() {
        let io = std::io::Error::new(std::io::ErrorKind::PermissionDenied, "denied");
        let mut e = Error::caused(
            ExitKind::NotFound,
            msg!("file-cannot-read", path = "/x"),
            io,
        );
        e.status = Some(404);
        e.error_code = Some("not_found".into());
        let e = e.context(msg!("candidate-not-found", code = "C1"));
        // Without a front end a message reads as its id and values.
        assert_eq!(
            e.message,
            "candidate-not-found (code: C1): file-cannot-read (path: /x): denied"
        );
        assert_eq!(e.detail.as_deref(), Some("denied"));
        assert_eq!(e.exit_code(), 3);
        assert_eq!(e.status, Some(404));
        assert_eq!(e.error_code.as_deref(), Some("not_found"));
        let source = std::error::Error::source(&e).expect("the cause is kept");
        let io = source
            .downcast_ref::<std::io::Error>()
            .expect("as the io::Error it was");
        assert_eq!(io.kind(), std::io::ErrorKind::PermissionDenied);
    }

    #[test]
    fn an_anyhow_chain_is_kept_as_the_source() {
        let inner = std::io::Error::other("disk on fire");
        let err = anyhow::Error::new(inner).context("saving state");
        let e = Error::from_anyhow(err, msg!("sandbox-cannot-start"));
        assert_eq!(
            e.message,
            "sandbox-cannot-start: saving state: disk on fire"
        );
        assert_eq!(e.detail.as_deref(), Some("saving state: disk on fire"));
        let source = std::error::Error::source(&e).expect("kept");
        assert_eq!(source.to_string(), "saving state");
        assert_eq!(
            std::error::Error::source(source).map(|s| s.to_string()),
            Some("disk on fire".into())
        );
    }

    #[test]
    fn the_envelope_names_the_kind_and_its_exit_code() {
        let mut e = Error::new(
            ExitKind::NotFound,
            Verbatim::service("memo 42 not found on candidate C1 (HTTP 404)"),
        );
        e.status = Some(404);
        assert_eq!(
            e.envelope(),
            serde_json::json!({"error": {"code": "not_found",
                "message": "memo 42 not found on candidate C1 (HTTP 404)",
                "exit_code": 3, "http_status": 404, "retryable": false}})
        );
        let kinds = [
            ExitKind::Other,
            ExitKind::Usage,
            ExitKind::NotFound,
            ExitKind::Auth,
            ExitKind::Rejected,
            ExitKind::RateLimited,
            ExitKind::Network,
            ExitKind::Signature,
        ];
        let names: std::collections::HashSet<_> = kinds.iter().map(|k| k.name()).collect();
        assert_eq!(
            names.len(),
            kinds.len(),
            "one code per row of the exit-code table"
        );
        // The contract's eight codes, and nothing else, even for the exits outside its table.
        let contract = [
            "usage",
            "not_found",
            "auth",
            "rejected",
            "rate_limited",
            "network",
            "signature",
            "failure",
        ];
        assert_eq!(names, contract.into_iter().collect());
        assert_eq!(ExitKind::Interrupted.name(), "failure");
        assert_eq!(ExitKind::OutputClosed.name(), "failure");
        let busy = Error::new(ExitKind::Busy, msg!("sync-busy")).envelope();
        assert_eq!(
            (
                &busy["error"]["code"],
                &busy["error"]["exit_code"],
                &busy["error"]["retryable"]
            ),
            (
                &serde_json::json!("failure"),
                &serde_json::json!(1),
                &serde_json::json!(true)
            )
        );
        let net = Error::network(msg!("net-failed")).envelope();
        assert_eq!(net["error"]["retryable"], true);
        assert_eq!(net["error"]["http_status"], serde_json::Value::Null);
        assert_eq!(net["error"]["exit_code"], 7);
    }

    #[test]
    fn a_librarys_words_are_the_detail_and_ride_in_the_envelope_when_the_message_lacks_them() {
        let parsed = "not a url".parse::<std::net::IpAddr>();
        let e = Error::explained(parsed, |why| {
            Error::usage(msg!("base-url-invalid", url = "x", why = why))
        })
        .unwrap_err();
        let words = "invalid IP address syntax";
        assert_eq!(e.detail.as_deref(), Some(words));
        // Without a front end the cause reads as the library put it: nothing untold.
        assert!(e.message.contains(words), "{}", e.message);
        assert_eq!(e.untold_detail(), None);
        assert_eq!(e.envelope()["error"]["message"], e.message.as_str());
        // A message that does not hold them (another language): the envelope adds them.
        let mut e = e;
        e.message = "base-url-invalid".into();
        assert_eq!(e.untold_detail(), Some(words));
        assert_eq!(
            e.envelope()["error"]["message"],
            format!("base-url-invalid ({words})")
        );
        // Found inside a message too: a refused connection's words under its sentence.
        let io = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        let cause = super::cause_of(&io);
        assert_eq!(
            cause.get("kind").map(|k| k.to_string()).as_deref(),
            Some("connection-refused")
        );
        let e = Error::network(msg!("net-cannot-connect", target = "t", cause = cause));
        assert_eq!(e.detail.as_deref(), Some(io.to_string().as_str()));
    }

    #[test]
    fn statuses_map_to_the_exit_codes_of_cli_md() {
        let code = |s: u16| ExitKind::from_status(s).code();
        assert_eq!(code(404), 3);
        assert_eq!((code(401), code(403)), (4, 4));
        for s in [400, 405, 409, 410, 413, 422] {
            assert_eq!(code(s), 5, "HTTP {s} is 'other 4xx'");
        }
        assert_eq!(code(429), 6);
        for s in [500, 502, 503, 504] {
            assert_eq!(code(s), 7, "HTTP {s}");
        }
    }
}
