//! `recruit audit prune --before YYYY-MM [--yes]`: the access log's retention (cli.md,
//! "Personal data"). The records of the months before go, behind a checkpoint the chain of
//! the records kept starts from (`recruit_audit::Log::prune`), and the destruction
//! register's rows of the same months with them. Months younger than `audit_keep` (default
//! 24, at least 12) are refused with exit 2.

use clap::Args;
use serde_json::json;

use super::log;
use crate::context::Ctx;
use crate::error::Error;
use crate::output::Kind;
use crate::time::{parse_month, Month};

#[derive(Debug, Args)]
pub struct PruneArgs {
    /// Remove the records of the months before this one, YYYY-MM (in local time)
    #[arg(long, value_name = "YYYY-MM", value_parser = parse_month, required = true)]
    pub before: Month,
    /// Remove without asking (needed when there is no terminal to ask on)
    #[arg(long)]
    pub yes: bool,
}

pub(crate) fn prune(ctx: &mut Ctx, a: PruneArgs) -> Result<(), Error> {
    let keep = ctx.settings().audit_keep()?;
    let today = chrono::DateTime::<chrono::Local>::from(crate::clock::system().utc()).date_naive();
    crate::ops::audit::prune_allowed(&a.before, keep, today)?;
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
    let done = crate::ops::audit::prune(&log, &a.before)?;
    if format == crate::output::Format::Table {
        let text = crate::t!(
            "audit-prune-done",
            month = a.before.name(),
            records = done.removed,
            kept = done.kept,
            path = path,
            rows = done.register_rows,
            register = register_path
        );
        return ctx.output()?.write_str(&format!("{text}\n"));
    }
    ctx.output()?.value(
        Kind::Other,
        &json!({
            "before": a.before.name(),
            "from": done.from.to_rfc3339(),
            "log": path,
            "records_removed": done.removed,
            "records_kept": done.kept,
            "checkpoint_seq": done.checkpoint,
            "register": register_path,
            "register_rows_removed": done.register_rows,
        }),
    )
}
