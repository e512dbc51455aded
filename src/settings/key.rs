//! Where the API key of a run comes from, read ([`find_key`]) or only named ([`key_source`]):
//! the flag, the environment, a service manager's credential, the config file, the OS keyring,
//! the profile's `api_key_command`. Below the context, whose client needs the key; `auth
//! status` and `config list` reach it through `ops::auth`.

use crate::error::{Error, ExitKind};
use crate::redact::Secret;
use crate::settings::{ApiKeyFrom, KeySource};

/// The API key and where it came from, where [`crate::settings::Settings::api_key`] says it is
/// (`from`): read from a credential file, asked of the OS keyring for `profile`, or printed by
/// the profile's `api_key_command`. A keyring that does not answer holds no key for reading:
/// the next source is asked.
pub(crate) async fn find_key(
    from: Option<ApiKeyFrom>,
    profile: &str,
) -> Result<Option<(Secret, KeySource)>, Error> {
    Ok(match from {
        None => None,
        Some(ApiKeyFrom::Value(key, source)) => Some((key, source)),
        Some(ApiKeyFrom::Credential(file)) => {
            Some((read_credential(&file)?, KeySource::Credential))
        }
        Some(ApiKeyFrom::Keyring { then }) => match crate::config::keyring::get(profile).await {
            Ok(Some(key)) => Some((key, KeySource::Keyring)),
            Ok(None) | Err(_) => match then {
                Some(cmd) => Some((run_key_command(&cmd).await?, KeySource::Command)),
                None => None,
            },
        },
        Some(ApiKeyFrom::Command(cmd)) => Some((run_key_command(&cmd).await?, KeySource::Command)),
    })
}

/// Where the API key would come from, without reading it (no command is run): the keyring is
/// asked whether it holds one.
pub(crate) async fn key_source(from: Option<ApiKeyFrom>, profile: &str) -> Option<KeySource> {
    let from = from?;
    if let Some(known) = from.known_source() {
        return Some(known);
    }
    match crate::config::keyring::get(profile).await {
        Ok(Some(_)) => Some(KeySource::Keyring),
        _ => match from {
            ApiKeyFrom::Keyring { then: Some(_) } => Some(KeySource::Command),
            _ => None,
        },
    }
}

/// The key a service manager's credential holds (`$CREDENTIALS_DIRECTORY/recruit-api-key`),
/// without the line end.
fn read_credential(file: &std::path::Path) -> Result<Secret, Error> {
    let path = || file.display().to_string();
    let bytes = std::fs::read(file).map_err(|e| {
        let mut err = Error::new(
            ExitKind::Auth,
            crate::msg!("credential-cannot-read", path = path()),
        );
        err.detail = Some(e.to_string().into());
        err.with_source(e)
    })?;
    let key = String::from_utf8_lossy(&bytes).trim().to_string();
    if key.is_empty() {
        return Err(Error::new(
            ExitKind::Auth,
            crate::msg!("credential-empty", path = path()),
        ));
    }
    Ok(Secret::new(key))
}

/// How long `api_key_command` may take, its whole run: a password manager waiting for a
/// prompt that never shows must not hang recruit.
const KEY_COMMAND_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Most a key command may print: a key is short; more is a mistake (`yes`, a whole file).
const KEY_COMMAND_MAX_OUTPUT: usize = 64 * 1024;

async fn run_key_command(cmd: &str) -> Result<Secret, Error> {
    run_key_command_within(cmd, KEY_COMMAND_LIMIT).await
}

/// Run `cmd` with `sh -c` in a process group of its own. The key is what it printed by the time
/// its own process exited: a child it left running with the output still open (`sleep 45 &
/// echo KEY`) is not waited for. Past `limit` for the whole run, or past
/// [`KEY_COMMAND_MAX_OUTPUT`] printed, the whole group is killed.
async fn run_key_command_within(cmd: &str, limit: std::time::Duration) -> Result<Secret, Error> {
    use tokio::io::AsyncReadExt;
    let deadline = tokio::time::Instant::now() + limit;
    let mut command = tokio::process::Command::new("sh");
    command
        .arg("-c")
        .arg(cmd)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit());
    #[cfg(unix)]
    command.process_group(0);
    let mut child = command.spawn().map_err(|e| {
        Error::caused(
            ExitKind::Usage,
            crate::msg!("key-command-cannot-run", command = cmd.to_string()),
            e,
        )
    })?;
    let group = child.id();
    let mut stdout = child
        .stdout
        .take()
        .unwrap_or_else(|| crate::error::bug(crate::t!("bug-key-command-stdout")));
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 8192];
    let mut eof = false;
    let stopped = |why: recruit_client::Msg| {
        kill_group(group);
        Error::usage(why)
    };
    let too_much = || {
        crate::msg!(
            "key-command-too-much",
            cmd = cmd.to_string(),
            kib = KEY_COMMAND_MAX_OUTPUT / 1024
        )
    };
    let too_slow = || {
        crate::msg!(
            "key-command-too-slow",
            cmd = cmd.to_string(),
            secs = limit.as_secs()
        )
    };
    let status = loop {
        tokio::select! {
            status = child.wait() => break status,
            n = stdout.read(&mut chunk), if !eof => match n {
                Ok(0) | Err(_) => eof = true,
                Ok(n) => {
                    out.extend_from_slice(&chunk[..n]);
                    if out.len() > KEY_COMMAND_MAX_OUTPUT {
                        let e = stopped(too_much());
                        let _ = child.wait().await;
                        return Err(e);
                    }
                }
            },
            _ = tokio::time::sleep_until(deadline) => {
                let e = stopped(too_slow());
                let _ = child.wait().await;
                return Err(e);
            }
        }
    };
    let status = status.map_err(|e| {
        Error::caused(
            ExitKind::Usage,
            crate::msg!("key-command-cannot-run", command = cmd.to_string()),
            e,
        )
    })?;
    // What it printed before exiting is in the pipe already; a child still holding the pipe
    // open is not waited for.
    while !eof {
        let read = tokio::time::timeout(
            std::time::Duration::from_millis(50),
            stdout.read(&mut chunk),
        );
        match tokio::time::timeout_at(deadline, read).await {
            Ok(Ok(Ok(n))) if n > 0 => {
                out.extend_from_slice(&chunk[..n]);
                if out.len() > KEY_COMMAND_MAX_OUTPUT {
                    return Err(stopped(too_much()));
                }
            }
            _ => eof = true,
        }
    }
    if !status.success() {
        return Err(Error::new(
            crate::error::ExitKind::Auth,
            crate::msg!(
                "key-command-failed",
                cmd = cmd.to_string(),
                status = status.to_string()
            ),
        ));
    }
    let key = String::from_utf8_lossy(&out).trim().to_string();
    if key.is_empty() {
        return Err(Error::new(
            crate::error::ExitKind::Auth,
            crate::msg!("key-command-empty", cmd = cmd.to_string()),
        ));
    }
    Ok(Secret::new(key))
}

/// Kill the process group a key command runs in (its shell and whatever it started).
fn kill_group(group: Option<u32>) {
    #[cfg(unix)]
    if let Some(pid) = group.and_then(|g| rustix::process::Pid::from_raw(g as i32)) {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_key_command_that_hangs_is_stopped_at_the_limit() {
        crate::i18n::install(); // the errors' words are read
        let started = std::time::Instant::now();
        let Err(e) = run_key_command_within("sleep 20", std::time::Duration::from_secs(1)).await
        else {
            panic!("a hanging command must be stopped");
        };
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert!(
            e.message.contains("did not finish within 1 s"),
            "{}",
            e.message
        );
        assert_eq!(e.exit_code(), 2);
        // What commands call: a command that prints the key and exits is read at once.
        let key = run_key_command("printf 'sk-from-command\\n'")
            .await
            .unwrap();
        assert_eq!(key.expose(), "sk-from-command");
    }

    /// The limit covers the output too: a child keeping the pipe open while the shell waits
    /// for it is stopped with the whole group (no `sleep` left behind).
    #[tokio::test]
    async fn the_limit_covers_the_whole_run_and_kills_the_group() {
        crate::i18n::install(); // the errors' words are read
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("survived");
        let pid_file = dir.path().join("child.pid");
        // The child names itself, then outlives any wait below unless it is killed.
        let cmd = format!(
            "sh -c 'echo $$ > {}; sleep 30; touch {}' & wait",
            pid_file.display(),
            marker.display()
        );
        let started = std::time::Instant::now();
        let e = run_key_command_within(&cmd, std::time::Duration::from_secs(1))
            .await
            .unwrap_err();
        assert!(started.elapsed() < std::time::Duration::from_secs(3));
        assert!(
            e.message.contains("did not finish within 1 s"),
            "{}",
            e.message
        );
        // Gone (or a zombie nobody reaps yet) soon after: polled, not slept through.
        let pid = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .to_string();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let ps = std::process::Command::new("ps")
                .args(["-o", "stat=", "-p", &pid])
                .output()
                .unwrap();
            let state = String::from_utf8_lossy(&ps.stdout).trim().to_string();
            if state.is_empty() || state.starts_with('Z') {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the group was not killed: {pid} is {state}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(!marker.exists(), "the group was killed");
    }
}
