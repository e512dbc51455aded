//! `config set | unset`: a setting of a profile changed in the config file, checked as
//! commands read it and against the machine's policy; a change of the access log's own
//! settings (`audit`, `require_reason`) is itself a record of the log, appended before the
//! file is saved. The CLI's `recruit config` says what was done.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::config::Config;
use crate::error::Error;
use crate::settings::policy::Policy;
use crate::settings::{Key, Settings};

/// What a change uses besides its options.
pub struct ConfigWith<'a> {
    /// The config file.
    pub path: &'a Path,
    /// The machine's policy (none: no policy file).
    pub policy: Option<&'a Policy>,
    /// The settings in effect (the policy's rule read as they read values).
    pub settings: Settings<'a>,
    /// Where a logged setting's change is recorded (none: a context made in-process, which
    /// logs nothing). Taken whatever `audit` says: turning the log off says so itself.
    pub(crate) log: Option<crate::audit::Audit>,
}

/// `config set`.
#[derive(Debug, Clone)]
pub struct SetOptions {
    pub profile: String,
    pub key: Key,
    pub value: String,
}

/// What `config set` did.
#[derive(Debug, Clone)]
pub struct SetDone {
    /// The file written.
    pub path: PathBuf,
    /// The value as it may be shown (a secret redacted).
    pub shown: String,
}

/// The settings whose every change is itself a record of the access log (`via: "config"`).
fn logged_setting(key: Key) -> bool {
    matches!(key, Key::Audit | Key::RequireReason)
}

/// A JSON value as a user typed it (strings without quotes).
pub fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Set `o.key` to `o.value` in the profile: checked by the parser commands read it with (a
/// broken file is never made) and against the policy (exit 2 naming it), logged first when it
/// is one of the log's own settings.
pub fn set(o: SetOptions, with: ConfigWith) -> Result<SetDone, Error> {
    let key = o.key;
    key.check(&o.value)?;
    policy_allows(&with, &o.profile, key, &o.value)?;
    let mut config = Config::load_from(with.path)?;
    config.set(&o.profile, key, &o.value);
    if logged_setting(key) {
        let value = (key.spec().parse)(&o.value).map_or(o.value.clone(), |v| shown(&v));
        log_change(&with, format!("recruit config set {key} {value}"))?;
    }
    config.save()?;
    let shown = if key.is_secret() {
        "<redacted>".to_string()
    } else {
        o.value
    };
    Ok(SetDone {
        path: config.path,
        shown,
    })
}

/// `config set KEY VALUE` refused (exit 2, naming the policy file) when the machine's policy
/// says otherwise: in any profile, a value the policy overrules is never written.
fn policy_allows(with: &ConfigWith, profile: &str, key: Key, value: &str) -> Result<(), Error> {
    let Some(policy) = with.policy else {
        return Ok(());
    };
    match policy.text_of(key) {
        Some(ruled) if with.settings.contradicts(key, &ruled, value) => Err(policy.refuses(
            format!("{} = {value} (profile '{profile}')", key.name()),
            key.name(),
            policy.said(key),
        )),
        _ => Ok(()),
    }
}

/// `config unset KEY`: removed from the profile, a logged setting's record appended first
/// (naming the value it falls back to). Returns whether the key was there.
pub fn unset(profile: &str, key: Key, with: ConfigWith) -> Result<bool, Error> {
    if !logged_setting(key) {
        return Config::unset_saved(with.path, profile, key);
    }
    let mut config = Config::load_from(with.path)?;
    if !config.unset(profile, key) {
        return Ok(false);
    }
    // What runs use once it is gone: the policy's value, else the default.
    let now = with
        .policy
        .and_then(|p| p.text_of(key))
        .unwrap_or_else(|| key.spec().default.unwrap_or_default().to_string());
    log_change(&with, format!("recruit config unset {key} (now {now})"))?;
    config.save()?;
    Ok(true)
}

/// A change of `audit` or `require_reason`: its record, appended before the change is saved;
/// a record that cannot be appended refuses the change (exit 1).
fn log_change(with: &ConfigWith, command: String) -> Result<(), Error> {
    match &with.log {
        Some(audit) => audit.append_setting(command),
        None => Ok(()),
    }
}
