//! The recruiting service's typed client, and what every front end of `recruit` shares below
//! the words: the models ([`api::types`]), HTTP with retries, pacing and TLS ([`api::http`]),
//! page walking, uploads, webhook signatures ([`signature`]) and deliveries ([`delivery`]),
//! private files ([`files`]) and secret scrubbing ([`redact`]).
//!
//! This crate speaks no language: what it has to say is data, a message id with its values
//! ([`msg::Msg`]), inside its errors ([`Error::said`]) and the events it reports
//! ([`api::ClientEvent`]). The front end installs the words once ([`msg::set_renderer`]).

// The core crate's modules, under the names every front end already uses.
pub use recruit_core::{clock, elog, error, files, msg, named, personal, redact, text};

pub mod api;
pub mod batch;
pub mod delivery;
pub mod signature;

pub use error::{Error, ExitKind};
pub use msg::Msg;
