//! What erasure tells the access log: one record with `via: "erase"` per run.

use super::register::Row;
use crate::context::Ctx;
use crate::error::Error;

/// Who runs recruit, as the access log names them: the OS user @ the profile.
pub(crate) fn actor(ctx: &Ctx) -> String {
    let user = ["USER", "LOGNAME", "USERNAME"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_else(|| "unknown".to_string());
    format!("{user}@{}", ctx.profile)
}

/// Append the run's `erase` record: the candidates asked for, the fields erased.
pub(crate) fn log_erasure(
    ctx: &Ctx,
    codes: &[String],
    rows: &[Row],
    reason: Option<String>,
) -> Result<(), Error> {
    // Filled in once the access log (crate recruit-audit) is merged.
    let _ = (ctx, codes, rows, reason);
    Ok(())
}
