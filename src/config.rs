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

use crate::error::{Error, ExitKind, FileOp};
use crate::settings::{Key, Type};

pub(crate) const DEFAULT_PROFILE: &str = "default";

/// Directory for config (`RECRUIT_CONFIG_DIR` overrides the XDG location).
pub(crate) fn config_dir() -> PathBuf {
    dir("RECRUIT_CONFIG_DIR", directories::ProjectDirs::config_dir)
}

/// Directory for data such as the sandbox state (`RECRUIT_DATA_DIR` overrides).
pub(crate) fn data_dir() -> PathBuf {
    dir("RECRUIT_DATA_DIR", directories::ProjectDirs::data_dir)
}

/// `var` when set, else the platform's directory `pick` names, else `.recruit`.
fn dir(var: &str, pick: fn(&directories::ProjectDirs) -> &std::path::Path) -> PathBuf {
    if let Some(dir) = std::env::var_os(var) {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "recruit")
        .map(|d| pick(&d).to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".recruit"))
}

pub(crate) fn config_path() -> PathBuf {
    config_dir().join("config.toml")
}

/// A loaded config file. Missing file = empty config.
#[derive(Debug, Clone, Default)]
pub struct Config {
    pub path: PathBuf,
    pub doc: toml::Table,
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
                    crate::t!("file-cannot-read-config", path = path.display().to_string()),
                    e,
                ))
            }
        };
        let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            let (line, col) = e
                .span()
                .map(|s| line_col(&text, s.start))
                .unwrap_or((0, 0));
            Error::usage(format!(
                "config file {} is not valid TOML at line {line}, column {col}: {}; fix or remove it",
                path.display(),
                e.message()
            ))
        })?;
        Ok(Config {
            path: path.to_path_buf(),
            doc,
        })
    }

    /// A profile's value for `key`, as a string (numbers are shown as written).
    pub(crate) fn get(&self, profile: &str, key: Key) -> Option<String> {
        let table = self.doc.get(profile)?.as_table()?;
        match table.get(key.name())? {
            toml::Value::String(s) => Some(s.clone()),
            // `30`, not TOML's `30.0`: what `config set` was given reads back the same.
            toml::Value::Float(f) => Some(f.to_string()),
            other => Some(other.to_string()),
        }
    }

    /// Set `key` in `profile`, stored as its type says (`timeout = 30`, a number); a value that
    /// is not of the type is kept as text (and refused when read).
    pub(crate) fn set(&mut self, profile: &str, key: Key, value: &str) {
        let entry = self
            .doc
            .entry(profile.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if !entry.is_table() {
            *entry = toml::Value::Table(toml::Table::new());
        }
        let table = entry.as_table_mut().expect("just made a table");
        let text = || toml::Value::String(value.to_string());
        let v = match key.spec().ty {
            Type::Number => value
                .parse::<i64>()
                .map(toml::Value::Integer)
                .or_else(|_| value.parse::<f64>().map(toml::Value::Float))
                .unwrap_or_else(|_| text()),
            Type::Integer => value
                .parse::<i64>()
                .map(toml::Value::Integer)
                .unwrap_or_else(|_| text()),
            Type::Text => text(),
        };
        table.insert(key.name().to_string(), v);
    }

    pub(crate) fn unset(&mut self, profile: &str, key: Key) -> bool {
        self.doc
            .get_mut(profile)
            .and_then(|p| p.as_table_mut())
            .map(|t| t.remove(key.name()).is_some())
            .unwrap_or(false)
    }

    /// Remove `key` from `profile` in the file at `path` (read afresh), saving it when it
    /// changed. Returns whether the key was there.
    pub(crate) fn unset_saved(path: &Path, profile: &str, key: Key) -> Result<bool, Error> {
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
            .filter(|(_, v)| v.is_table())
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// Write the file atomically with mode 0600 (it may hold a key).
    pub(crate) fn save(&self) -> Result<(), Error> {
        let text = toml::to_string_pretty(&self.doc)
            .map_err(|e| Error::caused(ExitKind::Other, "cannot serialize config", e))?;
        write_private(&self.path, text.as_bytes())
    }
}

/// Atomically write `bytes` to `path`, readable only by the owner.
pub(crate) fn write_private(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::file(FileOp::Create, dir, e))?;
    let mut tmp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| Error::file(FileOp::WriteIn, dir, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o600));
    }
    use std::io::Write;
    tmp.write_all(bytes)
        .and_then(|_| tmp.as_file().sync_all())
        .map_err(|e| Error::file(FileOp::Write, path, e))?;
    tmp.persist(path)
        .map_err(|e| Error::file(FileOp::Write, path, e.error))?;
    Ok(())
}

/// The warning for a config file other users may read (it may hold a key), for the front end
/// to print before it reads the file.
pub(crate) fn readable_by_others(path: &Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).ok()?.permissions().mode();
        (mode & 0o077 != 0).then(|| {
            format!(
                "config file {} is readable by other users (mode {:o}); run: chmod 600 {}",
                path.display(),
                mode & 0o777,
                path.display()
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
