//! What erasure tells the access log: one record with `via: "erase"` per run.

use super::register::Row;
use crate::context::Ctx;
use crate::error::Error;

/// Who runs recruit, as the access log names them: the OS user @ the profile (the one
/// front end's rule, [`crate::audit::actor`]).
pub(crate) fn actor(ctx: &Ctx) -> String {
    crate::audit::actor(&ctx.profile)
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
    // `audit = off` turns the whole log off, this record with it.
    match ctx.audit()? {
        Some(audit) => audit.append_done(recruit_audit::Via::Erase, codes, fields, reason),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    /// The erase record's command line is the access log's ([`crate::audit::command_text`]).
    fn command_line(argv: impl Iterator<Item = String>) -> String {
        let tree = crate::cli::command_tree();
        crate::audit::command_text(Some(&tree), &argv.collect::<Vec<_>>())
    }

    #[test]
    fn keys_and_database_passwords_never_reach_the_log() {
        let argv = [
            "recruit",
            "--api-key",
            "sk-live-1",
            "--signing-key=whsec_2",
            "privacy",
            "erase",
            "C1",
            "--db=postgres://bi:pw-3@db/recruiting",
            "--store",
            "postgresql://u:pw-4@h/ev",
        ]
        .map(String::from);
        let line = command_line(argv.into_iter());
        for secret in ["sk-live-1", "whsec_2", "pw-3", "pw-4"] {
            assert!(!line.contains(secret), "{line}");
        }
        assert!(
            line.contains("privacy erase C1 --db postgres://bi:***@db/recruiting"),
            "{line}"
        );
    }
}
