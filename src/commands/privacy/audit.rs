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
    let entry = recruit_audit::Entry {
        actor: actor(ctx),
        via: recruit_audit::Via::Erase,
        command: command_line(std::env::args()),
        candidates: codes.to_vec(),
        count: codes.len() as u64,
        fields,
        reason,
        sandbox: ctx.globals.sandbox,
    };
    recruit_audit::Log::new(path, crate::clock::system()).append(&entry)?;
    Ok(())
}

/// The argv as the log keeps it: a key option's value and a database address's password
/// replaced, and any registered secret scrubbed.
fn command_line(argv: impl Iterator<Item = String>) -> String {
    const SECRET_OPTIONS: [&str; 2] = ["--api-key", "--signing-key"];
    let mut out = Vec::new();
    let mut hide_next = false;
    for arg in argv {
        let shown = if std::mem::take(&mut hide_next) {
            "<redacted>".to_string()
        } else if SECRET_OPTIONS.contains(&arg.as_str()) {
            hide_next = true;
            arg
        } else if let Some(opt) = SECRET_OPTIONS
            .iter()
            .find(|o| arg.starts_with(&format!("{o}=")))
        {
            format!("{opt}=<redacted>")
        } else if let Some(at) = arg
            .find("postgres://")
            .or_else(|| arg.find("postgresql://"))
        {
            // `--db=postgres://...` or the address alone.
            format!(
                "{}{}",
                &arg[..at],
                crate::sync::mirror::redact_url(&arg[at..])
            )
        } else {
            arg
        };
        out.push(shown);
    }
    crate::redact::scrub(&out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::command_line;

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
            line.contains("privacy erase C1 --db=postgres://bi:***@db/recruiting"),
            "{line}"
        );
    }
}
