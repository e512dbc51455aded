//! The API key in the operating system's keyring (`auth login`): Secret Service on Linux,
//! Keychain on macOS, Credential Manager on Windows; service `recruit`, account the profile
//! name. The keyring library's own words are only ever an error's detail, never its message.

use std::time::Duration;

use crate::error::Error;
use crate::redact::Secret;

/// The keyring's service name for every profile's key.
pub(crate) const SERVICE: &str = "recruit";

/// How long a keyring may take to answer: a Secret Service that D-Bus starts on demand and
/// that waits for a prompt nobody sees must not hang a command.
const LIMIT: Duration = Duration::from_secs(15);

/// What the keyring said when it did not do what was asked.
#[derive(Debug)]
pub(crate) struct Unavailable {
    /// The library's or the platform's words (English), never holding the key.
    pub detail: String,
}

impl Unavailable {
    /// `auth login`'s refusal: exit 2 naming the other ways to give the key.
    pub(crate) fn refusal(self, profile: &str) -> Error {
        let mut e = Error::usage(crate::msg!("keyring-unavailable", profile = profile));
        e.detail = Some(self.detail.into_boxed_str());
        e
    }

    /// A keyring that answered but could not remove the key (exit 1).
    pub(crate) fn cannot_remove(self, profile: &str) -> Error {
        let mut e = Error::other(crate::msg!("keyring-cannot-remove", profile = profile));
        e.detail = Some(self.detail.into_boxed_str());
        e
    }
}

/// The key of `profile`, if the keyring holds one.
pub(crate) async fn get(profile: &str) -> Result<Option<Secret>, Unavailable> {
    let profile = profile.to_string();
    blocking(move || platform::get(&profile)).await
}

/// Store `key` as the key of `profile` (replacing any).
pub(crate) async fn set(profile: &str, key: &Secret) -> Result<(), Unavailable> {
    let (profile, key) = (profile.to_string(), key.clone());
    blocking(move || platform::set(&profile, key.expose())).await
}

/// Remove the key of `profile`; whether there was one.
pub(crate) async fn delete(profile: &str) -> Result<bool, Unavailable> {
    let profile = profile.to_string();
    blocking(move || platform::delete(&profile)).await
}

/// The keyring libraries block (the Secret Service one runs a runtime of its own, which must
/// not start on a thread of ours): run them on the blocking pool, within [`LIMIT`].
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, Unavailable> + Send + 'static,
) -> Result<T, Unavailable> {
    match tokio::time::timeout(LIMIT, tokio::task::spawn_blocking(f)).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(e)) => Err(Unavailable {
            detail: e.to_string(),
        }),
        Err(_) => Err(Unavailable {
            detail: format!("no answer within {} s", LIMIT.as_secs()),
        }),
    }
}

#[cfg(any(
    target_os = "linux",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "macos",
    windows
))]
mod platform {
    use super::{Secret, Unavailable, SERVICE};

    fn entry(profile: &str) -> Result<keyring::Entry, Unavailable> {
        keyring::Entry::new(SERVICE, profile).map_err(unavailable)
    }

    /// The library's words, as a detail: its errors name the platform's failure, never the
    /// password.
    fn unavailable(e: keyring::Error) -> Unavailable {
        Unavailable {
            detail: e.to_string(),
        }
    }

    pub(super) fn get(profile: &str) -> Result<Option<Secret>, Unavailable> {
        match entry(profile)?.get_password() {
            Ok(key) => Ok(Some(Secret::new(key))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(unavailable(e)),
        }
    }

    pub(super) fn set(profile: &str, key: &str) -> Result<(), Unavailable> {
        entry(profile)?.set_password(key).map_err(unavailable)
    }

    pub(super) fn delete(profile: &str) -> Result<bool, Unavailable> {
        match entry(profile)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring::Error::NoEntry) => Ok(false),
            Err(e) => Err(unavailable(e)),
        }
    }
}

/// A platform with no keyring this build knows: none answers.
#[cfg(not(any(
    target_os = "linux",
    target_os = "freebsd",
    target_os = "openbsd",
    target_os = "macos",
    windows
)))]
mod platform {
    use super::{Secret, Unavailable};

    fn none() -> Unavailable {
        Unavailable {
            detail: "no keyring on this platform".to_string(),
        }
    }

    pub(super) fn get(_: &str) -> Result<Option<Secret>, Unavailable> {
        Err(none())
    }

    pub(super) fn set(_: &str, _: &str) -> Result<(), Unavailable> {
        Err(none())
    }

    pub(super) fn delete(_: &str) -> Result<bool, Unavailable> {
        Err(none())
    }
}
