//! `privacy erase | retention | register`: candidates' personal data removed from every store,
//! and the register of what was destroyed. The CLI's `recruit privacy` (and `sync purge`)
//! choose the candidates and the stores, ask, and render what these hand back.

pub(crate) mod erase;
pub(crate) mod register;
