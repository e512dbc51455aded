//! What erasure tells the access log: one record with `via: "erase"` per run.

use super::register::Row;
use crate::context::Ctx;
use crate::error::Error;

/// Who runs recruit, as the access log names them: the OS user @ the profile.
pub(crate) fn actor(ctx: &Ctx) -> String {
    recruit_audit::actor(Some(&ctx.profile))
}

/// Append the run's `erase` record: the candidates asked for, the personal fields erased
/// (those any of them held, in the one list's order).
pub(crate) fn log_erasure(
    ctx: &Ctx,
    codes: &[String],
    rows: &[Row],
    reason: Option<String>,
) -> Result<(), Error> {
    use recruit_client::personal::{of, Record};
    let fields: Vec<String> = of(Record::Candidate)
        .filter(|f| rows.iter().any(|r| r.fields.iter().any(|x| x == f)))
        .map(|f| f.to_string())
        .collect();
    let path = ctx.settings().audit_log();
    let argv: Vec<String> = std::env::args().collect();
    let entry = recruit_audit::Entry {
        actor: actor(ctx),
        via: recruit_audit::Via::Erase,
        command: crate::redact::scrub(&argv.join(" ")),
        candidates: codes.to_vec(),
        count: codes.len() as u64,
        fields,
        reason,
        sandbox: ctx.globals.sandbox,
    };
    recruit_audit::Log::new(path, crate::clock::system()).append(&entry)?;
    Ok(())
}
