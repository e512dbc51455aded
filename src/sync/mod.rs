//! `recruit sync`: the recruiting data as a database you can query, kept current
//! incrementally (contract: `cli.md`, "recruit sync").
//!
//! - [`db`]: the storage interface ([`db::Backend`]), with two real backends, [`sqlite`]
//!   (a file, the default) and [`pg`] (PostgreSQL, for a team's shared database).
//! - [`schema`]: the tables, the same on both, and their version (migrated forward; a newer
//!   database is refused untouched).
//! - [`mirror`]: what a run, a purge and `sync status` read and write, written once over the
//!   interface, each candidate's rows replaced in one transaction.
//! - [`records`]: rows from records as the service sent them (`data` is the record's own text).
//! - [`run`]: one incremental run; [`events`]: candidates named by the relay's stored events.
//! - [`actor`]: the mirror on a thread of its own, called from the run's async workers.

pub use recruit_store::mirror;
#[cfg(feature = "postgres")]
pub use recruit_store::mirror::pg;
pub use recruit_store::mirror::{actor, db, events, records, schema, sqlite};
pub mod run;

pub use actor::MirrorActor;
pub use mirror::{Access, PurgeRule, Purged, Target};
pub use run::{sync, Refetch, SyncJob, SyncReport};
