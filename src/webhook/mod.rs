//! Webhooks toolkit: signatures (sign/verify, spec section 5), a local listener, and a
//! trigger that delivers sample events with the service's retry schedule.

/// A record of the log with its message both in English (the JSON log's `message`, for
/// collectors) and in the language in use (the text log, for people).
macro_rules! said {
    ($record:path, $outcome:literal, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        let (en, people) = crate::t_both!($id $(, $name = $value)*);
        $record($outcome, en).for_people(people)
    }};
}

pub use recruit_client::delivery;
pub mod chat;
pub(crate) mod guard;
pub mod listen;
pub mod log;
pub(crate) mod metrics;
pub mod reconcile;
pub(crate) mod relay;
pub mod samples;
pub(crate) mod shared;
pub mod summary;
pub use recruit_client::signature;
pub use recruit_store::relay as store;
pub(crate) mod trigger;
pub(crate) use recruit_store::relay::writer;
