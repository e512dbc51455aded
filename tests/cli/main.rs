//! The integration tests that drive the `recruit` binary (and its servers) end to end, as one
//! test binary: one link of the crate instead of fourteen. Tests that measure time or memory
//! are in `tests/timing/`, the PTY wizard in `tests/wizard.rs`, property tests in
//! `tests/properties.rs`; the shared launchers and stub servers in `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod agents;
mod apply;
mod audit;
mod audit_hooks;
mod audit_prune;
mod audit_stream;
mod bad_servers;
mod candidates;
mod chaos;
mod chat;
mod commands;
mod docs;
mod erase_pg;
mod erase_synth;
mod exits;
mod export;
mod figures;
mod help_ko;
mod hostile;
mod inprocess;
mod keyring;
mod lang;
mod mcp;
mod mcp_wire;
mod ops;
mod outfiles;
mod package;
mod people;
mod policy;
mod privacy;
mod readme;
mod reconcile;
mod relay;
mod report;
mod sandbox;
mod scripting;
mod secret_targets;
mod sheets;
mod sync;
mod time;
mod tls;
mod waits;
mod webhook_e2e;
mod webhook_tools;
mod words;
mod words_ko;
mod xlsx;
