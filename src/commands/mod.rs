//! One module per noun of the command line. Each command is a clap struct plus a `run` that
//! receives its dependencies through `Ctx`.

pub mod api;
pub mod auth;
pub mod completions;
pub mod config;
pub mod export;
pub mod files;
pub mod forms;
pub mod memos;
pub mod sandbox;
pub mod submissions;
pub mod webhook_tools;
pub mod webhooks;
