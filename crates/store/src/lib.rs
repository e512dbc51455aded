//! recruit's stores, below the front end, on the core crate (no HTTP client): the sync's [`mirror`] (SQLite,
//! or a team's PostgreSQL) and the webhook relay's event store ([`relay`]). Like the core,
//! they speak no language: their errors carry [`recruit_core::Msg`]s the front end words.

pub mod mirror;
pub mod relay;
pub mod sqlite_file;

#[macro_use]
extern crate recruit_core;

pub(crate) use recruit_core::{msg, ExitKind};

/// The error module as the code below names it (`crate::error::Error`).
pub(crate) mod error {
    pub use recruit_core::error::*;
}
