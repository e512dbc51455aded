//! The operations: what each command does, below both front ends. An operation takes typed
//! options and what it needs (a client, a clock, the policy, an access-log sink), and returns
//! a typed result; it prints nothing and knows no `Ctx`. `commands/` (the CLI) and `mcp/` (the
//! assistant's tools) each put the same result in their own form.

pub mod audit;
pub mod auth;
pub(crate) mod config;
pub(crate) mod export;
pub mod files;
pub(crate) mod privacy;
pub mod sync;
