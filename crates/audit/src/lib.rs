//! recruit's access log (cli.md, "Personal data: one list, an access log, erasure and
//! retention"): one JSON line per command, MCP tool call, export, sync, wizard run or erasure
//! whose output held a personal value, each chained to the one before by SHA-256.
//!
//! A front end collects what its output holds in a [`Seen`] while the items pass through,
//! turns it into an [`Entry`] and [`Log::append`]s it once, before the output is written.
//! [`Log::verify`] walks the chain and names the first broken record ([`Verdict`]).
//!
//! # What the chain proves, and what it cannot
//! Each record holds the hash of the one before (`prev`) and its own (`hash`, over all its
//! other keys), and a small anchor file next to the log (`audit.log.head`) holds the last
//! record's seq and hash. So an edit of any record, a deletion of records anywhere (the last
//! ones included, through the anchor), an inserted or duplicated line and a damaged line are
//! each found; so is a log that holds records but lost its anchor (a new log's anchor, seq 0,
//! is written before its first record, so a missing one is never a crash's doing, and an
//! append never writes a fresh one over the loss). [`Log::prune`] removes the oldest records
//! behind a checkpoint (`audit.log.checkpoint`: the last removed record's seq and hash) the
//! chain of the records kept starts from. There is no secret key: someone who can write the
//! files can rewrite the whole chain from the first changed record on and the anchor with it
//! (or remove the oldest records and write a checkpoint for them), and `verify` will find it
//! intact. The chain finds edits, not a forger who rewrites everything; copying the log (or
//! just its last hash) somewhere the user cannot write is what turns it into proof.
//!
//! Like the client, this crate speaks no language: its errors and its verdicts carry
//! [`recruit_core::Msg`]s the front end puts in words.

mod chain;
mod log;
mod prune;
mod seen;

pub use chain::{hash_of, Break, Damage, Verdict};
pub use log::{Log, MAX_CODES};
pub use prune::Pruned;
pub use seen::{field_names, Seen};

use serde::{Deserialize, Serialize};

/// How the personal data left: the front end that showed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Via {
    Cli,
    Mcp,
    Export,
    Sync,
    Wizard,
    /// A webhook listener's standard output (events printed).
    Listen,
    Erase,
    /// A change of the log's own settings (`audit`, `require_reason`).
    Config,
}

impl Via {
    /// Every kind, in the contract's order.
    pub const ALL: [Via; 8] = [
        Via::Cli,
        Via::Mcp,
        Via::Export,
        Via::Sync,
        Via::Wizard,
        Via::Listen,
        Via::Erase,
        Via::Config,
    ];

    /// The name on disk (`cli`, `mcp`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Via::Cli => "cli",
            Via::Mcp => "mcp",
            Via::Export => "export",
            Via::Sync => "sync",
            Via::Wizard => "wizard",
            Via::Listen => "listen",
            Via::Erase => "erase",
            Via::Config => "config",
        }
    }
}

impl std::fmt::Display for Via {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Via {
    type Err = ();
    /// The name on disk, any case.
    fn from_str(s: &str) -> Result<Via, ()> {
        Via::ALL
            .into_iter()
            .find(|v| v.as_str().eq_ignore_ascii_case(s))
            .ok_or(())
    }
}

/// The AI assistant behind an MCP tool call, as its `initialize` named itself
/// (`clientInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agent {
    pub name: String,
    pub version: String,
}

/// What a front end asks to log; a [`Record`] holds one, its keys in this order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// `"kim@work"`: the OS user @ the profile (`"default"` when none); built by the front end.
    pub actor: String,
    pub via: Via,
    /// For `via: "mcp"`, the assistant; else null. Records written before it existed have no
    /// such key (and keep verifying: a record's hash is over its JSON as written).
    #[serde(default)]
    pub agent: Option<Agent>,
    /// The command path, its flags and only their data-free values (typed free text as `…`,
    /// secrets as `***`); or the MCP tool's name and its data-free arguments.
    pub command: String,
    /// Every code shown (the log keeps the first [`MAX_CODES`]).
    pub candidates: Vec<String>,
    /// The whole number of candidates shown.
    pub count: u64,
    /// The personal fields in the output, the contract's names, in the list's order (a
    /// member's phone is `member.phone`; see [`Seen`]).
    pub fields: Vec<String>,
    /// `--reason TEXT` / `RECRUIT_REASON`, when given.
    pub reason: Option<String>,
    /// A run against the built-in sandbox: the record gets `"sandbox": true` (only written
    /// when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sandbox: bool,
}

/// One record of the log, as it is on disk (one JSON line, keys in this order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// From 1, one more than the record before.
    pub seq: u64,
    /// RFC 3339, from the log's clock.
    pub at: String,
    /// What was logged, with at most [`MAX_CODES`] codes; its fields read as the record's
    /// (`record.actor`).
    #[serde(flatten)]
    pub entry: Entry,
    /// The record before's `hash`; null for seq 1.
    pub prev: Option<String>,
    /// Hex SHA-256 of this record's JSON without `hash` ([`hash_of`]).
    pub hash: String,
}

impl std::ops::Deref for Record {
    type Target = Entry;
    fn deref(&self) -> &Entry {
        &self.entry
    }
}

impl Record {
    /// `at` as a time (None when the line holds something else).
    pub fn time(&self) -> Option<chrono::DateTime<chrono::FixedOffset>> {
        chrono::DateTime::parse_from_rfc3339(&self.at).ok()
    }
}
