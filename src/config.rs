//! The config file: TOML, one table per profile, in the XDG config directory.
//!
//! ```toml
//! [default]
//! base_url = "https://api.example.com/v1"
//! api_key = "..."
//!
//! [work]
//! api_key_command = "pass show recruit/work"
//! output = "json"
//! ```

use std::path::{Path, PathBuf};

use crate::error::{Error, ExitKind};

pub(crate) mod keyring;

pub(crate) const DEFAULT_PROFILE: &str = "default";

/// How the config file stores a key's value (what `config set` writes): `timeout = 30`, not
/// `timeout = "30"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Type {
    Text,
    /// A whole number (`retries = 3`).
    Integer,
    /// A number, whole or not (`max_rate = 2.5`).
    Number,
    /// `true` or `false` (`require_reason = true`).
    Bool,
}

/// What the file needs of a setting: its name and how its value is stored. The settings'
/// `Key` is one; asking for no more keeps the file below the settings that read it.
pub(crate) trait FileKey: Copy {
    fn name(self) -> &'static str;
    fn stored_as(self) -> Type;
}

pub(crate) use recruit_client::files::{config_dir, data_dir};

pub(crate) fn config_path() -> PathBuf {
    config_dir().join("config.toml")
}

/// A loaded config file. Missing file = empty config. Kept as the document it was read from
/// (toml_edit), so what `config set`, `auth login` and `auth logout` write back keeps the
/// user's comments, order and layout: only the value changed differs.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub path: PathBuf,
    pub doc: toml_edit::DocumentMut,
}

impl Config {
    pub(crate) fn load() -> Result<Config, Error> {
        Self::load_from(&config_path())
    }

    pub fn load_from(path: &Path) -> Result<Config, Error> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Config {
                    path: path.to_path_buf(),
                    ..Config::default()
                })
            }
            Err(e) => {
                return Err(Error::caused(
                    ExitKind::Usage,
                    crate::msg!("file-cannot-read-config", path = path.display().to_string()),
                    e,
                ))
            }
        };
        let doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
            let (line, col) = e.span().map(|s| line_col(&text, s.start)).unwrap_or((0, 0));
            Error::usage(crate::msg!(
                "config-not-toml",
                path = path.display().to_string(),
                line = line,
                column = col,
                why = crate::error::cause_with(&e, e.message().trim_end().to_string())
            ))
        })?;
        Ok(Config {
            path: path.to_path_buf(),
            doc,
        })
    }

    /// A profile's value for `key`, as a string (numbers are shown as written).
    pub(crate) fn get(&self, profile: &str, key: impl FileKey) -> Option<String> {
        let table = self.doc.get(profile)?.as_table_like()?;
        let value = table.get(key.name())?.as_value()?;
        Some(match value {
            toml_edit::Value::String(s) => s.value().clone(),
            // `30`, not TOML's `30.0`: what `config set` was given reads back the same.
            toml_edit::Value::Float(f) => f.value().to_string(),
            toml_edit::Value::Integer(i) => i.value().to_string(),
            toml_edit::Value::Boolean(b) => b.value().to_string(),
            // As written, without the spaces and comment around it.
            other => other.clone().decorated("", "").to_string(),
        })
    }

    /// Set `key` in `profile`, stored as its type says (`timeout = 30`, a number); a value that
    /// is not of the type is kept as text (and refused when read). A value replaced keeps the
    /// spaces and comment around it.
    pub(crate) fn set(&mut self, profile: &str, key: impl FileKey, value: &str) {
        let root = self.doc.as_table_mut();
        if !root.get(profile).is_some_and(|p| p.is_table_like()) {
            root.insert(profile, toml_edit::Item::Table(toml_edit::Table::new()));
        }
        let table = root[profile]
            .as_table_like_mut()
            .unwrap_or_else(|| crate::error::bug(crate::t!("bug-config-profile-table")));
        let text = || toml_edit::Value::from(value);
        let mut v = match key.stored_as() {
            Type::Number => value
                .parse::<i64>()
                .map(toml_edit::Value::from)
                .or_else(|_| value.parse::<f64>().map(toml_edit::Value::from))
                .unwrap_or_else(|_| text()),
            Type::Integer => value
                .parse::<i64>()
                .map(toml_edit::Value::from)
                .unwrap_or_else(|_| text()),
            Type::Bool => value
                .parse::<bool>()
                .map(toml_edit::Value::from)
                .unwrap_or_else(|_| text()),
            Type::Text => text(),
        };
        match table.get_mut(key.name()) {
            Some(toml_edit::Item::Value(old)) => {
                *v.decor_mut() = old.decor().clone();
                *old = v;
            }
            _ => {
                table.insert(key.name(), toml_edit::Item::Value(v));
            }
        }
    }

    /// Remove `key` from `profile`. Comment lines written above it stay, above the next key of
    /// the profile (they may be about more than this key); with no next key they go with it.
    pub(crate) fn unset(&mut self, profile: &str, key: impl FileKey) -> bool {
        let Some(table) = self
            .doc
            .get_mut(profile)
            .and_then(|p| p.as_table_like_mut())
        else {
            return false;
        };
        let Some((removed, _)) = table.get_key_value(key.name()) else {
            return false;
        };
        let above = removed
            .leaf_decor()
            .prefix()
            .and_then(|p| p.as_str())
            .filter(|p| p.contains('#'))
            .map(str::to_string);
        let next = table
            .iter()
            .map(|(k, _)| k)
            .skip_while(|k| *k != key.name())
            .nth(1)
            .map(str::to_string);
        table.remove(key.name());
        if let (Some(above), Some(next)) = (above, next) {
            if let Some(mut k) = table.key_mut(&next) {
                let own = k
                    .leaf_decor()
                    .prefix()
                    .and_then(|p| p.as_str())
                    .unwrap_or("")
                    .to_string();
                k.leaf_decor_mut().set_prefix(format!("{above}{own}"));
            }
        }
        true
    }

    /// Remove `key` from `profile` in the file at `path` (read afresh), saving it when it
    /// changed. Returns whether the key was there.
    pub(crate) fn unset_saved(
        path: &Path,
        profile: &str,
        key: impl FileKey,
    ) -> Result<bool, Error> {
        let mut config = Config::load_from(path)?;
        let removed = config.unset(profile, key);
        if removed {
            config.save()?;
        }
        Ok(removed)
    }

    pub(crate) fn profiles(&self) -> Vec<String> {
        self.doc
            .iter()
            .filter(|(_, v)| v.is_table_like())
            .map(|(k, _)| k.to_string())
            .collect()
    }

    /// Write the file atomically with mode 0600 (it may hold a key).
    pub(crate) fn save(&self) -> Result<(), Error> {
        write_private(&self.path, self.doc.to_string().as_bytes())
    }
}

pub(crate) use recruit_client::files::write_private;

/// The warning for a config file other users may read (it may hold a key), for the front end
/// to print before it reads the file.
pub(crate) fn readable_by_others(path: &Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).ok()?.permissions().mode();
        (mode & 0o077 != 0).then(|| {
            crate::t!(
                "config-readable-by-others",
                path = path.display().to_string(),
                mode = format!("{:o}", mode & 0o777)
            )
        })
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// 1-based line and column of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Key;

    fn config(text: &str) -> Config {
        Config {
            path: PathBuf::from("config.toml"),
            doc: text.parse().unwrap(),
        }
    }

    /// A removed key takes its line, not the comment lines above it (they may head the
    /// profile): those stay above the next key. What else the file holds is untouched.
    #[test]
    fn unset_keeps_the_comment_above_a_removed_key() {
        let mut c = config(
            "[work]\n# keys for the work account\napi_key = \"k\"  # rotated monthly\n\
             timeout = 5 # s\n\n[other]\noutput = \"json\"\n",
        );
        assert!(c.unset("work", Key::ApiKey));
        assert_eq!(
            c.doc.to_string(),
            "[work]\n# keys for the work account\ntimeout = 5 # s\n\n[other]\noutput = \"json\"\n"
        );
        assert!(!c.unset("work", Key::ApiKey));
        assert!(!c.unset("nowhere", Key::ApiKey));
    }

    /// A profile written as an inline table is read and set as one; a new profile is a table.
    #[test]
    fn set_and_get_through_inline_and_new_profiles() {
        let mut c = config("work = { output = \"json\", retries = 3 }\n");
        assert_eq!(c.get("work", Key::Retries).as_deref(), Some("3"));
        c.set("work", Key::Retries, "4");
        c.set("new", Key::Timeout, "2.5");
        assert_eq!(
            c.doc.to_string(),
            "work = { output = \"json\", retries = 4 }\n\n[new]\ntimeout = 2.5\n"
        );
        assert_eq!(c.get("new", Key::Timeout).as_deref(), Some("2.5"));
        assert_eq!(c.profiles(), vec!["work".to_string(), "new".to_string()]);
    }
}
