//! What every crate of `recruit` shares below the HTTP client: messages as data ([`msg::Msg`]),
//! the one error type with its exit codes ([`Error`], [`ExitKind`]), the clock the code is
//! given ([`clock`]), private files ([`files`]), secret scrubbing ([`redact`]), the one list of
//! personal data ([`personal`]), text helpers ([`text`]), trust settings ([`tls`]) and the
//! API's few words the stores read too ([`stage`]).
//!
//! Small on purpose: the audit log and the stores build on it without compiling an HTTP
//! client. It speaks no language: the front end installs the words once
//! ([`msg::set_renderer`]).

#[macro_use]
pub mod named;
pub mod msg;

pub mod clock;
pub mod error;
pub mod files;
pub mod payload;
pub mod personal;
pub mod redact;
pub mod stage;
pub mod text;
pub mod tls;

pub use error::{Error, ExitKind};
pub use msg::Msg;

/// `eprintln!` for long-running servers (webhook listener, sandbox): a closed stderr is
/// ignored instead of panicking inside a request handler.
#[macro_export]
macro_rules! elog {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
