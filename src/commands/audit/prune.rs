//! `recruit audit prune --before YYYY-MM [--yes]`: the access log's retention (cli.md,
//! "Personal data"). The records of the months before go, behind a checkpoint the chain of
//! the records kept starts from (`recruit_audit::Log::prune`), and the destruction
//! register's rows of the same months with them. Months younger than `audit_keep` (default
//! 24, at least 12) are refused with exit 2.

use clap::Args;
use recruit_audit::Pruned;
use serde_json::json;

use super::log;
use crate::context::Ctx;
use crate::error::Error;
use crate::output::Kind;
use crate::time::{day_start, parse_month, Month};

#[derive(Debug, Args)]
pub struct PruneArgs {
    /// Remove the records of the months before this one, YYYY-MM (in local time)
    #[arg(long, value_name = "YYYY-MM", value_parser = parse_month, required = true)]
    pub before: Month,
    /// Remove without asking (needed when there is no terminal to ask on)
    #[arg(long)]
    pub yes: bool,
}

/// The latest month `--before` may name: `keep` months before the current one, so the
/// months kept are the current one and the `keep` before it.
fn latest_allowed(today: chrono::NaiveDate, keep: u32) -> Option<chrono::NaiveDate> {
    use chrono::Datelike as _;
    today
        .with_day(1)?
        .checked_sub_months(chrono::Months::new(keep))
}

pub(crate) fn prune(ctx: &mut Ctx, a: PruneArgs) -> Result<(), Error> {
    let keep = ctx.settings().audit_keep()?;
    let today = chrono::DateTime::<chrono::Local>::from(crate::clock::system().utc()).date_naive();
    let latest = latest_allowed(today, keep).unwrap_or(today);
    if a.before.first > latest {
        return Err(Error::usage(crate::msg!(
            "audit-prune-too-young",
            month = a.before.name(),
            keep = keep,
            latest = latest.format("%Y-%m").to_string()
        )));
    }
    let log = log(ctx);
    let register = crate::ops::privacy::register::path();
    let (path, register_path) = (
        log.path().display().to_string(),
        register.display().to_string(),
    );
    ctx.confirm_destructive(
        &crate::t!(
            "audit-prune-confirm",
            month = a.before.name(),
            path = path.clone(),
            register = register_path.clone()
        ),
        a.yes,
    )?;
    let format = ctx.format()?;
    let before = day_start(a.before.first);
    let (removed, checkpoint, kept) = match log.prune(|r| r.time().is_some_and(|t| t < before))? {
        Pruned::Refused(b) => {
            return Err(Error::other(crate::msg!(
                "audit-prune-broken",
                path = path,
                what = b.said().said()
            )))
        }
        Pruned::Done {
            removed,
            checkpoint,
            kept,
        } => (removed, checkpoint, kept),
    };
    let rows = crate::ops::privacy::register::prune(before)?;
    if format == crate::output::Format::Table {
        let text = crate::t!(
            "audit-prune-done",
            month = a.before.name(),
            records = removed,
            kept = kept,
            path = path,
            rows = rows,
            register = register_path
        );
        return ctx.output()?.write_str(&format!("{text}\n"));
    }
    ctx.output()?.value(
        Kind::Other,
        &json!({
            "before": a.before.name(),
            "from": before.to_rfc3339(),
            "log": path,
            "records_removed": removed,
            "records_kept": kept,
            "checkpoint_seq": checkpoint,
            "register": register_path,
            "register_rows_removed": rows,
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_month_allowed_keeps_the_current_month_and_audit_keep_before_it() {
        let day = |s: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        assert_eq!(
            latest_allowed(day("2026-11-29"), 24),
            Some(day("2024-11-01"))
        );
        assert_eq!(
            latest_allowed(day("2026-01-01"), 12),
            Some(day("2025-01-01"))
        );
    }
}
