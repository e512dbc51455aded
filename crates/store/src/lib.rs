//! recruit's stores, below the front end and above the client: the sync's [`mirror`] (SQLite,
//! or a team's PostgreSQL) and the webhook relay's event store ([`relay`]). Like the client,
//! they speak no language: their errors carry [`recruit_client::Msg`]s the front end words.

pub mod mirror;
pub mod relay;
pub mod sqlite_file;

#[macro_use]
extern crate recruit_client;

pub(crate) use recruit_client::{api, msg, ExitKind};

/// The error module as the code below names it (`crate::error::Error`).
pub(crate) mod error {
    pub use recruit_client::error::*;
}
