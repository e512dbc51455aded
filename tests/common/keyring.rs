//! A real Secret Service for a test: a private D-Bus session bus (dbus-daemon, with no
//! service activation, so nothing else starts on it) and Debian's gnome-keyring-daemon,
//! unlocked, in it, under a directory of its own. Both are killed when it is dropped.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Keyring {
    /// DBUS_SESSION_BUS_ADDRESS of the private bus.
    pub address: String,
    bus: Child,
    daemon: Child,
    dir: tempfile::TempDir,
}

/// A session bus that only carries messages: no `<servicedir>`, so a call to a name nobody
/// owns fails instead of starting a daemon nobody would stop.
const BUS_CONFIG: &str = r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=BUS_PATH</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"#;

fn installed(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

impl Keyring {
    /// A running, unlocked Secret Service, or `None` (said loudly) where the tools are not
    /// installed; under CI (`CI` set) their absence fails the test instead.
    pub fn start(test: &str) -> Option<Keyring> {
        let tools = [
            "dbus-daemon",
            "dbus-send",
            "gnome-keyring-daemon",
            "secret-tool",
        ];
        if let Some(missing) = tools.iter().find(|t| !installed(t)) {
            let msg = format!(
                "\n*** SKIPPED the keyring part of {test}: no {missing} on PATH; install Debian's gnome-keyring, dbus-daemon, dbus-bin and libsecret-tools ***\n"
            );
            assert!(
                std::env::var_os("CI").is_none(),
                "{msg}(CI installs them: .ci/run)"
            );
            let _ = std::io::stderr().write_all(msg.as_bytes());
            return None;
        }
        // A short path: a Unix socket's path is limited to about 100 bytes.
        let dir = tempfile::Builder::new()
            .prefix("rkr")
            .tempdir_in("/tmp")
            .unwrap();
        let bus_path = dir.path().join("bus");
        let config = dir.path().join("bus.conf");
        std::fs::write(
            &config,
            BUS_CONFIG.replace("BUS_PATH", bus_path.to_str().unwrap()),
        )
        .unwrap();
        let mut bus = Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .args(["--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon starts");
        let mut address = String::new();
        BufReader::new(bus.stdout.take().unwrap())
            .read_line(&mut address)
            .unwrap();
        let address = address.trim().to_string();
        assert!(address.starts_with("unix:"), "dbus-daemon said {address:?}");
        let run = dir.path().join("run");
        std::fs::create_dir(&run).unwrap();
        std::fs::set_permissions(&run, std::os::unix::fs::PermissionsExt::from_mode(0o700))
            .unwrap();
        let mut daemon = Command::new("gnome-keyring-daemon")
            .args(["--foreground", "--unlock", "--components=secrets"])
            .env("DBUS_SESSION_BUS_ADDRESS", &address)
            .env("HOME", dir.path())
            .env("XDG_RUNTIME_DIR", &run)
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("gnome-keyring-daemon starts");
        // The password of the login keyring it makes and unlocks, then end of input.
        daemon
            .stdin
            .take()
            .unwrap()
            .write_all(b"test-keyring-password")
            .unwrap();
        let k = Keyring {
            address,
            bus,
            daemon,
            dir,
        };
        k.wait_until_served();
        Some(k)
    }

    /// Until gnome-keyring owns org.freedesktop.secrets on the bus (polled, not slept).
    fn wait_until_served(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let out = Command::new("dbus-send")
                .args([
                    &format!("--bus={}", self.address),
                    "--print-reply",
                    "--dest=org.freedesktop.DBus",
                    "/org/freedesktop/DBus",
                    "org.freedesktop.DBus.NameHasOwner",
                    "string:org.freedesktop.secrets",
                ])
                .output()
                .unwrap();
            if String::from_utf8_lossy(&out.stdout).contains("boolean true") {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "gnome-keyring never served the Secret Service"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// `cmd` talking to this keyring (and to no other).
    pub fn on(&self, cmd: &mut assert_cmd::Command) {
        cmd.env("DBUS_SESSION_BUS_ADDRESS", &self.address);
    }

    fn secret_tool(&self) -> Command {
        let mut c = Command::new("secret-tool");
        c.env("DBUS_SESSION_BUS_ADDRESS", &self.address);
        c
    }

    /// The key stored for `profile` (service `recruit`), read back by libsecret's own tool.
    pub fn lookup(&self, profile: &str) -> Option<String> {
        let out = self
            .secret_tool()
            .args(["lookup", "service", "recruit", "username", profile])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        (out.status.success() && !text.is_empty()).then_some(text)
    }

    /// Store `key` for `profile` as another program would (libsecret's tool).
    pub fn store(&self, profile: &str, key: &str) {
        let mut child = self
            .secret_tool()
            .args([
                "store",
                "--label=recruit",
                "service",
                "recruit",
                "username",
                profile,
            ])
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(key.as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success());
    }

    /// Where the keyring keeps its (encrypted) files.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Keyring {
    fn drop(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
        let _ = self.bus.kill();
        let _ = self.bus.wait();
    }
}

/// Every file under `dir` whose bytes hold `needle`.
pub fn files_holding(dir: &Path, needle: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if std::fs::read(&p)
                .is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle.as_bytes()))
            {
                found.push(p);
            }
        }
    }
    found
}
