//! The machine's policy (cli.md, "A policy no profile escapes"): `/etc/recruit/policy.toml`,
//! written by an administrator, above every profile, environment variable and flag.
//!
//! ```toml
//! audit = "required"          # the access log cannot be turned off
//! require_reason = true       # exports and syncs need --reason / RECRUIT_REASON
//! audit_log = "/var/log/recruit/audit.log"
//! ```
//!
//! A setting that contradicts it is refused (exit 2) naming the file. A policy file that
//! cannot be read, is not TOML, holds an unknown key or a value of the wrong type stops every
//! command (exit 2): a broken policy never means no policy.

use std::path::{Path, PathBuf};

use crate::error::{Error, ExitKind};

/// Where the policy is.
pub(crate) const SYSTEM_PATH: &str = "/etc/recruit/policy.toml";

/// The variable naming another policy file, for the test suite: read only by debug builds
/// (those `cargo test` makes), so no variable gets a released binary out of the policy.
pub(crate) const PATH_VAR: &str = "RECRUIT_POLICY_FILE";

/// The keys a policy may hold, in the order messages list them.
const KEYS: &[&str] = &["audit", "require_reason", "audit_log"];

/// A policy in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Policy {
    /// The file it was read from (every refusal names it).
    pub path: PathBuf,
    /// `audit = "required"`: the log is kept whatever a profile says.
    pub audit: bool,
    /// `require_reason = true`: exports and syncs need a reason whatever a profile says.
    pub require_reason: bool,
    /// `audit_log = "PATH"`: the one access log.
    pub audit_log: Option<PathBuf>,
}

/// The policy file's path: in a debug build RECRUIT_POLICY_FILE when set and not empty, else
/// [`SYSTEM_PATH`].
pub(crate) fn path() -> PathBuf {
    let given = cfg!(debug_assertions)
        .then(|| std::env::var_os(PATH_VAR))
        .flatten();
    match given.filter(|p| !p.is_empty()) {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(SYSTEM_PATH),
    }
}

/// The policy in force: none when its file does not exist; any other failure to read it is
/// exit 2 naming the file.
pub(crate) fn load() -> Result<Option<Policy>, Error> {
    let path = path();
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|e| cannot_read(&path, e.to_string()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(cannot_read(&path, e.to_string())),
    };
    parse(&path, &text).map(Some)
}

fn cannot_read(path: &Path, error: String) -> Error {
    Error::new(
        ExitKind::Usage,
        crate::msg!(
            "policy-cannot-read",
            path = path.display().to_string(),
            error = error
        ),
    )
}

/// Read a policy's text; every problem is exit 2 naming the file, the key and what is allowed.
pub(crate) fn parse(path: &Path, text: &str) -> Result<Policy, Error> {
    let shown = || path.display().to_string();
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let (line, col) = e
            .span()
            .map(|s| crate::config::line_col(text, s.start))
            .unwrap_or((0, 0));
        Error::usage(crate::msg!(
            "policy-not-toml",
            path = shown(),
            line = line,
            column = col,
            why = crate::error::cause_with(&e, e.message().trim_end().to_string())
        ))
    })?;
    let mut policy = Policy {
        path: path.to_path_buf(),
        audit: false,
        require_reason: false,
        audit_log: None,
    };
    for (key, item) in doc.iter() {
        let bad = |allowed: recruit_client::msg::Arg| {
            Error::usage(crate::msg!(
                "policy-bad-value",
                path = shown(),
                key = key,
                value = item.to_string().trim().to_string(),
                allowed = allowed
            ))
        };
        match key {
            "audit" => match item.as_str() {
                Some("required") => policy.audit = true,
                _ => return Err(bad("\"required\"".into())),
            },
            "require_reason" => match item.as_bool() {
                Some(b) => policy.require_reason = b,
                None => return Err(bad(crate::msg!("policy-allowed-bool").into())),
            },
            "audit_log" => match item.as_str().filter(|p| !p.trim().is_empty()) {
                Some(p) => policy.audit_log = Some(PathBuf::from(p)),
                None => return Err(bad(crate::msg!("policy-allowed-path").into())),
            },
            other => {
                return Err(Error::usage(crate::msg!(
                    "policy-unknown-key",
                    path = shown(),
                    key = other,
                    keys = KEYS.join(", ")
                )))
            }
        }
    }
    Ok(policy)
}

impl Policy {
    /// The refusal of a setting that contradicts this policy: `setting` as given (`audit =
    /// off in profile 'work'`, `RECRUIT_AUDIT_LOG=/tmp/x`), the policy's `key = value`.
    pub(crate) fn refuses(&self, setting: String, key: &str, value: String) -> Error {
        Error::usage(crate::msg!(
            "policy-refuses",
            setting = setting,
            path = self.path.display().to_string(),
            key = key,
            value = value
        ))
    }

    /// The policy's value for `key` as its file writes it, when it sets one that binds.
    pub(crate) fn text_of(&self, key: super::Key) -> Option<String> {
        match key {
            super::Key::Audit if self.audit => Some("on".into()),
            super::Key::RequireReason if self.require_reason => Some("true".into()),
            super::Key::AuditLog => self
                .audit_log
                .as_ref()
                .map(|p| p.to_string_lossy().into_owned()),
            _ => None,
        }
    }

    /// The `key = value` of the file behind [`Policy::text_of`], for messages.
    pub(crate) fn said(&self, key: super::Key) -> String {
        match key {
            super::Key::Audit => "audit = \"required\"".into(),
            super::Key::RequireReason => "require_reason = true".into(),
            _ => format!(
                "audit_log = \"{}\"",
                self.audit_log
                    .as_deref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Policy, Error> {
        parse(Path::new("/etc/recruit/policy.toml"), text)
    }

    #[test]
    fn a_policy_reads_its_three_keys() {
        let p =
            read("audit = \"required\"\nrequire_reason = true\naudit_log = \"/var/log/r.log\"\n")
                .unwrap();
        assert!(p.audit && p.require_reason);
        assert_eq!(p.audit_log, Some(PathBuf::from("/var/log/r.log")));
        let p = read("# nothing yet\n").unwrap();
        assert!(!p.audit && !p.require_reason && p.audit_log.is_none());
    }

    #[test]
    fn a_broken_policy_names_the_file_and_the_problem() {
        crate::i18n::install(); // the errors' words are read
        for (text, says) in [
            ("audit = \"required\"\nfoo = 1\n", "unknown key 'foo'"),
            ("audit = on\n", "not valid TOML"),
            ("audit = \"off\"\n", "audit"),
            ("require_reason = \"yes\"\n", "require_reason"),
            ("audit_log = 5\n", "audit_log"),
            ("[work]\naudit = \"required\"\n", "unknown key 'work'"),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{text}");
            assert!(
                e.message.contains("/etc/recruit/policy.toml") && e.message.contains(says),
                "{text}: {}",
                e.message
            );
        }
    }
}
