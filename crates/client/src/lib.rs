//! The recruiting service's typed client, and what every front end of `recruit` shares below
//! the words: the models ([`api::types`]), HTTP with retries, pacing and TLS ([`api::http`]),
//! page walking, uploads, webhook signatures ([`signature`]) and deliveries ([`delivery`]),
//! private files ([`files`]) and secret scrubbing ([`redact`]).
//!
//! This crate speaks no language: what it has to say is data, a message id with its values
//! ([`msg::Msg`]), inside its errors ([`Error::said`]) and the events it reports
//! ([`api::ClientEvent`]). The front end installs the words once ([`msg::set_renderer`]).

#[macro_use]
pub mod named;
pub mod msg;

pub mod api;
pub mod batch;
pub mod clock;
pub mod delivery;
pub mod error;
pub mod files;
pub mod personal;
pub mod redact;
pub mod signature;
pub mod text;

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
