//! What the benches share: `recruit sandbox` started on a free port as a child process, and
//! killed when its guard is dropped. Each bench includes this file as a module.

use std::process::{Command, Stdio};
use std::time::Duration;

/// `recruit sandbox` on a free port; its base URL.
#[allow(dead_code)]
pub fn sandbox(bin: &str, dir: &std::path::Path) -> (Killed, String) {
    sandbox_with(bin, dir, &[])
}

/// `recruit sandbox` on a free port with more options (`--synthetic-candidates N`); its base
/// URL.
pub fn sandbox_with(bin: &str, dir: &std::path::Path, more: &[&str]) -> (Killed, String) {
    let out = dir.join("sandbox.out");
    let child = Killed(
        Command::new(bin)
            .args(["sandbox", "--port", "0", "--state"])
            .arg(dir.join("state.json"))
            .args(more)
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    for _ in 0..200 {
        let text = std::fs::read_to_string(&out).unwrap_or_default();
        if let Some(base) = text.lines().find_map(|l| l.strip_prefix("base_url: ")) {
            return (child, base.trim().to_string());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the sandbox did not start");
}

pub struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
