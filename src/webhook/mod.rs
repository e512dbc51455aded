//! Webhooks toolkit: signatures (sign/verify, spec section 5), a local listener, and a
//! trigger that delivers sample events with the service's retry schedule.
//!
//! OWNER: webhook helper.

pub mod samples;
pub mod signature;
