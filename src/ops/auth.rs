//! `auth login | status | logout`: the key checked with one cheap request, stored in or removed
//! from a profile; and where every command's key comes from (the flag, the environment, a
//! service manager's credential, the config file, the OS keyring, the profile's command). The
//! CLI's `recruit auth` reads the key to store (a prompt, standard input) and says what was
//! done.

use std::path::{Path, PathBuf};

use crate::api::Client;
use crate::config::Config;
use crate::error::Error;
use crate::redact::Secret;
use crate::settings::{Key, KeySource, Setting};

// Where the key comes from is read below the context, which needs it for every command's
// client (`Ctx::found_key`); `config list` asks where it would come from here.
pub(crate) use crate::settings::key::key_source;

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
    pub key: Secret,
    /// `--base-url` of the run, stored beside the key (in the config file).
    pub base_url: Option<String>,
    /// `--insecure-storage`: the key in the config file (mode 0600), not the OS keyring.
    pub insecure_storage: bool,
}

/// Where `auth login` put the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// In the OS keyring; `moved_from`: the config file a key of the profile was removed from.
    Keyring { moved_from: Option<PathBuf> },
    /// In the config file at this path (`--insecure-storage`).
    File(PathBuf),
}

/// Store `o.key` in the OS keyring (or, with `--insecure-storage`, in the profile of the config
/// file at `path`), and the address in the file. A keyring that does not answer is exit 2
/// naming the other ways: the key is then written nowhere. A key of the profile already in the
/// file moves into the keyring (the file's comments and layout kept).
pub async fn store_key(path: &Path, o: &StoreKey) -> Result<Stored, Error> {
    let mut config = Config::load_from(path)?;
    if o.insecure_storage {
        config.set(&o.profile, Key::ApiKey, o.key.expose());
        if let Some(b) = &o.base_url {
            config.set(&o.profile, Key::BaseUrl, b);
        }
        config.save()?;
        return Ok(Stored::File(config.path));
    }
    crate::config::keyring::set(&o.profile, &o.key)
        .await
        .map_err(|u| u.refusal(&o.profile))?;
    let moved = config.unset(&o.profile, Key::ApiKey);
    if let Some(b) = &o.base_url {
        config.set(&o.profile, Key::BaseUrl, b);
    }
    if moved || o.base_url.is_some() {
        config.save()?;
    }
    Ok(Stored::Keyring {
        moved_from: moved.then_some(config.path),
    })
}

/// What `auth logout` removed.
#[derive(Debug)]
pub struct Removed {
    /// Whether the config file held the key.
    pub file: bool,
    /// Whether the keyring held it; its error when it did not answer.
    pub keyring: Result<bool, Error>,
}

/// `auth logout`: the profile's key removed from the config file and from the OS keyring.
pub async fn remove_key(path: &Path, profile: &str) -> Result<Removed, Error> {
    let file = Config::unset_saved(path, profile, Key::ApiKey)?;
    let keyring = crate::config::keyring::delete(profile)
        .await
        .map_err(|u| u.cannot_remove(profile));
    Ok(Removed { file, keyring })
}

/// `auth status`: what the run has.
#[derive(Debug)]
pub(crate) struct StatusOptions {
    /// `--sandbox`: the built-in emulator, which needs no key and has its own address.
    pub sandbox: bool,
    /// The key found (`Ctx::found_key`) and where it came from.
    pub key: Option<(Secret, KeySource)>,
    /// The service address and where it came from.
    pub base_url: Option<Setting<String>>,
}

/// What `auth status` needs and did not find: then nothing is tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Missing {
    Key,
    BaseUrl,
}

/// `auth status`: what the run has, and whether the key works.
#[derive(Debug)]
pub(crate) struct Status {
    /// The key, redacted, and where it came from.
    pub key: Option<(String, KeySource)>,
    pub base_url: Option<Setting<String>>,
    pub missing: Option<Missing>,
    /// Why the check failed (the client could not be made, or the service refused it).
    pub failure: Option<Error>,
}

/// `auth status`: with a key and an address (or the sandbox), the key checked with one cheap
/// request on the client `connect` makes ([`check`]).
pub(crate) async fn status(
    o: StatusOptions,
    connect: impl AsyncFnOnce() -> Result<Client, Error>,
) -> Status {
    let missing = if o.key.is_none() && !o.sandbox {
        Some(Missing::Key)
    } else if o.base_url.is_none() && !o.sandbox {
        Some(Missing::BaseUrl)
    } else {
        None
    };
    let failure = match missing {
        Some(_) => None,
        None => match connect().await {
            Ok(client) => check(&client).await.err(),
            Err(e) => Some(e),
        },
    };
    Status {
        key: o.key.map(|(k, source)| (k.redacted(), source)),
        base_url: o.base_url,
        missing,
        failure,
    }
}
