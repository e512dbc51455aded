//! `recruit`: a typed client for the recruiting service API, and the command-line tool built on it.
//!
//! The library half (`api`) is reusable on its own. The two front ends, the commands (`cli`,
//! `commands`) and the MCP server (`mcp`), read lists through `api::records` and apply through
//! `apply::submit`, so both mean the same by a list, a page token or an application.
//!
//! The public API is the typed client (`api`), its errors (`error`) and webhook signatures
//! (`webhook::signature`); besides them, what the tests, benches and fuzz targets drive is
//! public (the command tree and `Ctx` to run commands in-process, the sandbox, the answers
//! checks, the output writers). Everything else is `pub(crate)`. The test scaffolding the
//! tests drive (the demo data's codes, a scripted prompt, captured streams) is public and
//! always compiled: there is no `testing` feature.

#[macro_use]
extern crate recruit_client;

pub use recruit_client::api;
pub mod apply;
pub(crate) mod audit;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod config;
pub mod context;
pub mod error;
pub(crate) mod export;
pub mod i18n;
pub mod io;
// The MCP server: only in builds with the `mcp` feature (the default).
#[cfg(feature = "mcp")]
pub(crate) mod mcp;
pub mod ops;
pub mod output;
pub mod reports;
pub use recruit_client::redact;
pub use recruit_client::{files, msg, text};
pub use recruit_sandbox as sandbox;
pub mod settings;
pub(crate) mod signal;
pub mod sync;
pub mod time;
// Below both the commands and the exports, which read the user's text files through it.
pub(crate) mod user_text;
pub mod webhook;
pub mod wizard;
pub mod yes_no;

pub use error::{Error, ExitKind};

pub use recruit_client::elog;
