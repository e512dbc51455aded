//! `auth login | status | logout`: the key checked with one cheap request, stored in or removed
//! from a profile. The CLI's `recruit auth` reads the key (a prompt, standard input) and says
//! what was done.

use std::path::{Path, PathBuf};

use crate::api::Client;
use crate::config::Config;
use crate::error::Error;
use crate::settings::Key;

/// One cheap request to check a key: the first page of forms, of one form.
pub async fn check(client: &Client) -> Result<(), Error> {
    let first = crate::api::FormListQuery {
        per: Some(1),
        ..Default::default()
    };
    client.form_pages(&first).next_page().await.map(drop)
}

/// `auth login`: what is stored.
#[derive(Debug, Clone)]
pub struct StoreKey {
    pub profile: String,
    pub key: String,
    /// `--base-url` of the run, stored beside the key.
    pub base_url: Option<String>,
}

/// Store `o.key` (and the address) in the profile of the config file at `path`; the file
/// written.
pub fn store_key(path: &Path, o: &StoreKey) -> Result<PathBuf, Error> {
    let mut config = Config::load_from(path)?;
    config.set(&o.profile, Key::ApiKey, &o.key);
    if let Some(b) = &o.base_url {
        config.set(&o.profile, Key::BaseUrl, b);
    }
    config.save()?;
    Ok(config.path)
}

/// `auth logout`: the profile's key removed from the config file; whether it was there.
pub fn remove_key(path: &Path, profile: &str) -> Result<bool, Error> {
    Config::unset_saved(path, profile, Key::ApiKey)
}
