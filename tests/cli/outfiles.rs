//! `--out FILE` is safe: the partial file is created new (never through a link planted there,
//! mode 0600 from the start), a FIFO or a device is written in place and never replaced, and
//! two writers of one file cannot both proceed.

use crate::common::*;

use std::io::BufRead;
use std::process::Stdio;

#[cfg(unix)]
use std::os::unix::fs::{FileTypeExt, PermissionsExt};

/// A link planted at `F.partial` is never followed: the file it points at keeps its content,
/// and the export says what is in the way.
#[cfg(unix)]
#[test]
fn a_planted_partial_symlink_is_not_followed() {
    let home = Home::new();
    let dir = home.dir.path();
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = dir.join("forms.ndjson");
    std::os::unix::fs::symlink(&victim, dir.join("forms.ndjson.partial")).unwrap();
    let run = home
        .sandbox()
        .args(["export", "forms", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let err = stderr_of(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(
        err.contains("forms.ndjson.partial exists and is not a regular file"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    let mode = std::fs::metadata(&victim).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
    assert!(!out.exists());
    // The link stays a link: nothing was renamed over anything.
    assert!(std::fs::symlink_metadata(dir.join("forms.ndjson.partial"))
        .unwrap()
        .file_type()
        .is_symlink());
}

/// A plain partial file left by an earlier run (readable by others) is replaced by a new one,
/// and the output is readable by its owner only.
#[cfg(unix)]
#[test]
fn a_stale_partial_is_replaced_and_the_output_is_private() {
    let home = Home::new();
    let out = home.dir.path().join("forms.ndjson");
    let stale = home.dir.path().join("forms.ndjson.partial");
    std::fs::write(&stale, "{\"stale\": true}\n").unwrap();
    std::fs::set_permissions(&stale, std::fs::Permissions::from_mode(0o644)).unwrap();
    let run = home
        .sandbox()
        .args(["export", "forms", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", stderr_of(&run));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.contains("stale"), "{text}");
    assert_eq!(text.lines().count(), 26);
    let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(!stale.exists());
    assert!(
        !home.dir.path().join("forms.ndjson.lock").exists(),
        "the lock is removed"
    );
}

/// A FIFO as --out is written in place: its reader gets every record, and it is still a FIFO
/// afterwards (it used to be replaced by a regular file while the reader got nothing).
#[cfg(unix)]
#[test]
fn a_fifo_out_is_written_directly_and_never_replaced() {
    let home = Home::new();
    let fifo = home.dir.path().join("forms.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let f = std::fs::File::open(&fifo).unwrap();
            std::io::BufReader::new(f)
                .lines()
                .map(|l| l.unwrap())
                .collect::<Vec<String>>()
        })
    };
    let run = home
        .sandbox()
        .args(["export", "forms", "--out"])
        .arg(&fifo)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", stderr_of(&run));
    let lines = reader.join().unwrap();
    assert_eq!(lines.len(), 26, "the reader got every form");
    for l in &lines {
        serde_json::from_str::<serde_json::Value>(l).unwrap();
    }
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(meta.file_type().is_fifo(), "still a FIFO");
    assert!(!home.dir.path().join("forms.fifo.partial").exists());

    // An export to it cannot be resumed: there is no partial file or journal.
    let codes = home.dir.path().join("codes.txt");
    std::fs::write(&codes, "C1001\n").unwrap();
    let run = home
        .sandbox()
        .args(["export", "memos", "--resume", "--candidates"])
        .arg(&codes)
        .arg("--out")
        .arg(&fifo)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{}", stderr_of(&run));
    assert!(
        stderr_of(&run).contains("--resume needs --out to name a regular file"),
        "{}",
        stderr_of(&run)
    );
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
}

/// `--out /dev/stdout`, and a link to `/proc/self/fd/1`, write to the descriptor: the records
/// arrive on standard output and the entries are left as they were.
#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_and_a_link_to_a_descriptor_are_written_in_place() {
    let home = Home::new();
    let link = home.dir.path().join("to-stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
    let before = std::fs::symlink_metadata("/dev/stdout")
        .unwrap()
        .file_type();
    for out in [std::path::PathBuf::from("/dev/stdout"), link.clone()] {
        let run = home
            .sandbox()
            .args(["export", "forms", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0), "{}", stderr_of(&run));
        assert_eq!(stdout_of(&run).lines().count(), 26, "{out:?}");
    }
    assert_eq!(
        std::fs::symlink_metadata("/dev/stdout")
            .unwrap()
            .file_type(),
        before
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(!home.dir.path().join("to-stdout.partial").exists());
}

/// Two exports to one --out at once: the second is refused at once, naming the first's pid,
/// and the first completes a valid file.
#[test]
fn two_writers_of_one_out_cannot_both_proceed() {
    let stub = stub(|_, _| {
        let mut r = Reply::json(
            200,
            r#"{"collection":[{"code":"F1","title":"Slow"}],"pagination":{}}"#,
        );
        r.delay_ms = 1500;
        r
    });
    let home = Home::new();
    let out = home.dir.path().join("forms.ndjson");
    let mut first = home
        .std_cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-lock-1234")
        .args(["export", "forms", "--out"])
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lock = home.dir.path().join("forms.ndjson.lock");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !lock.exists() {
        assert!(
            std::time::Instant::now() < deadline,
            "the first took the lock"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let second = home
        .cmd()
        .env("RECRUIT_BASE_URL", stub.base())
        .env("RECRUIT_API_KEY", "k-lock-1234")
        .args(["export", "forms", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let err = stderr_of(&second);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("another recruit (pid {}) is writing", first.id())),
        "{err}"
    );
    assert_eq!(wait_at_most(&mut first, 30), Some(0));
    let text = std::fs::read_to_string(&out).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["code"], "F1");
    assert_eq!(stub.seen().len(), 1, "the second sent nothing");
}
