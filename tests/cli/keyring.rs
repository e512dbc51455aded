//! The API key in the OS keyring (cli.md, "Secrets"): `auth login` stores it in a real Secret
//! Service (gnome-keyring on a private D-Bus, tests/common/keyring.rs) and nowhere else; without
//! a keyring it refuses, naming the other ways; `--insecure-storage`, a key already in the
//! config file, a service manager's credential; `auth status` and `config list` name the source.

use crate::common::keyring::{files_holding, Keyring};
use crate::common::{stderr_of, stdout_of, TestSandbox};

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(stdout_of(out).trim()).unwrap_or_else(|e| {
        panic!("{e}: {} / {}", stdout_of(out), stderr_of(out));
    })
}

/// `recruit` in the sandbox's home (its HOME too), with no key given by the environment.
fn cmd(s: &TestSandbox, k: Option<&Keyring>) -> assert_cmd::Command {
    let mut c = s.home.cmd();
    c.env("HOME", s.home.dir.path());
    if let Some(k) = k {
        k.on(&mut c);
    }
    c
}

#[test]
fn login_stores_the_key_in_the_keyring_only_and_logout_removes_it() {
    let Some(k) = Keyring::start("login_stores_the_key_in_the_keyring_only") else {
        return;
    };
    let s = TestSandbox::new();
    let key = s.sandbox().api_key.clone();
    let out = cmd(&s, Some(&k))
        .args(["--base-url", &s.base_url(), "auth", "login", "--with-token"])
        .write_stdin(format!("{key}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("OS keyring"),
        "{}",
        stderr_of(&out)
    );
    assert!(!stderr_of(&out).contains(&key), "{}", stderr_of(&out));
    assert_eq!(k.lookup("default").as_deref(), Some(key.as_str()));
    assert_eq!(
        files_holding(s.home.dir.path(), &key),
        Vec::<std::path::PathBuf>::new(),
        "no file under the home holds the key"
    );
    // The stored address and the keyring's key work for a command against the service.
    let out = cmd(&s, Some(&k))
        .args(["forms", "list", "--limit", "1", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("note:"), "{}", stderr_of(&out));
    let out = cmd(&s, Some(&k))
        .args(["auth", "status", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v = json(&out);
    assert_eq!(v["key_source"], "keyring", "{v}");
    assert_eq!(v["key_works"], true, "{v}");
    let out = cmd(&s, Some(&k))
        .args(["auth", "status", "-o", "table"])
        .output()
        .unwrap();
    assert!(
        stdout_of(&out).contains("(OS keyring)"),
        "{}",
        stdout_of(&out)
    );
    let out = cmd(&s, Some(&k))
        .args(["config", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(json(&out)["key_source"], "keyring");
    // Logout removes it from the keyring.
    let out = cmd(&s, Some(&k)).args(["auth", "logout"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("OS keyring"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(k.lookup("default"), None);
    let out = cmd(&s, Some(&k))
        .args(["auth", "status", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr_of(&out));
    assert_eq!(json(&out)["key_source"], "none");
}

#[test]
fn without_a_keyring_login_refuses_naming_the_other_ways_and_writes_nothing() {
    let s = TestSandbox::new();
    let key = "sk-never-written-7788";
    // The home's bus address points nowhere: no D-Bus session at all.
    for lang in ["en", "ko"] {
        let out = cmd(&s, None)
            .args(["--lang", lang, "--base-url", &s.base_url(), "auth", "login"])
            .args(["--with-token", "--no-verify"])
            .write_stdin(format!("{key}\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
        let err = stderr_of(&out);
        for way in [
            "--insecure-storage",
            "RECRUIT_API_KEY",
            "api_key_command",
            "$CREDENTIALS_DIRECTORY/recruit-api-key",
        ] {
            assert!(err.contains(way), "{lang}: {way} not named: {err}");
        }
        assert!(!err.contains(key), "{err}");
        // The library's own words are no sentence of ours.
        assert!(
            !err.to_lowercase().contains("platform secure storage"),
            "{err}"
        );
    }
    assert_eq!(
        files_holding(s.home.dir.path(), key),
        Vec::<std::path::PathBuf>::new()
    );
    assert!(!s.home.config_dir().join("config.toml").exists());
}

#[test]
fn insecure_storage_writes_the_file_0600_and_says_so_on_each_read() {
    use std::os::unix::fs::PermissionsExt;
    let s = TestSandbox::new();
    let key = s.sandbox().api_key.clone();
    let out = cmd(&s, None)
        .args(["--base-url", &s.base_url(), "auth", "login"])
        .args(["--with-token", "--insecure-storage"])
        .write_stdin(format!("{key}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let path = s.home.config_dir().join("config.toml");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
    assert!(std::fs::read_to_string(&path).unwrap().contains(&key));
    for _ in 0..2 {
        let out = cmd(&s, None)
            .args(["forms", "list", "--limit", "1", "-o", "json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let err = stderr_of(&out);
        assert_eq!(err.matches("not encrypted").count(), 1, "{err}");
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(!err.contains(&key), "{err}");
    }
    let out = cmd(&s, None)
        .args(["auth", "status", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(json(&out)["key_source"], "config file (insecure)");
    // Logout without a keyring: out of the file.
    let out = cmd(&s, None).args(["auth", "logout"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(!std::fs::read_to_string(&path).unwrap().contains(&key));
}

#[test]
fn a_key_already_in_the_config_file_works_with_a_note_and_login_moves_it() {
    let Some(k) = Keyring::start("a_key_already_in_the_config_file") else {
        return;
    };
    let s = TestSandbox::new();
    let key = s.sandbox().api_key.clone();
    let path = s.home.config_dir().join("config.toml");
    let file = |key_line: &str| {
        format!(
            "# my profiles: keep this\n[default]\n# the service\nbase_url = \"{}\"  # local\n\
             {key_line}timeout = 30   # seconds\n",
            s.base_url()
        )
    };
    std::fs::create_dir_all(s.home.config_dir()).unwrap();
    std::fs::write(&path, file(&format!("api_key = \"{key}\"\n"))).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let out = cmd(&s, Some(&k))
        .args(["forms", "list", "--limit", "1", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("`recruit auth login` moves it into the OS keyring"),
        "{}",
        stderr_of(&out)
    );
    let out = cmd(&s, Some(&k))
        .args(["auth", "login", "--with-token"])
        .write_stdin(format!("{key}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(k.lookup("default").as_deref(), Some(key.as_str()));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), file(""));
    let out = cmd(&s, Some(&k))
        .args(["forms", "list", "--limit", "1", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("note:"), "{}", stderr_of(&out));
    // A key stored by another program under the same service and account is read too.
    k.store("work", "sk-other-program-4455");
    let out = cmd(&s, Some(&k))
        .args(["--profile", "work", "auth", "status", "-o", "json"])
        .output()
        .unwrap();
    let v = json(&out);
    assert_eq!(
        (&v["key_source"], &v["api_key"]),
        (&"keyring".into(), &"••••4455".into())
    );
}

#[test]
fn a_service_managers_credential_and_each_source_are_named() {
    let s = TestSandbox::new();
    let key = s.sandbox().api_key.clone();
    let creds = s.home.dir.path().join("creds");
    std::fs::create_dir_all(&creds).unwrap();
    std::fs::write(creds.join("recruit-api-key"), format!("{key}\n")).unwrap();
    let out = cmd(&s, None)
        .env("CREDENTIALS_DIRECTORY", &creds)
        .args(["--base-url", &s.base_url(), "forms", "list", "--limit", "1"])
        .args(["-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let status = |env: &[(&str, &str)], args: &[&str]| {
        let mut c = cmd(&s, None);
        c.env("CREDENTIALS_DIRECTORY", &creds);
        for (k, v) in env {
            c.env(k, v);
        }
        let out = c
            .args(["--base-url", &s.base_url()])
            .args(args)
            .args(["auth", "status", "-o", "json"])
            .output()
            .unwrap();
        json(&out)
    };
    let v = status(&[], &[]);
    assert_eq!(
        (&v["key_source"], &v["key_works"]),
        (&"credential".into(), &true.into())
    );
    assert_eq!(
        status(&[("RECRUIT_API_KEY", &key)], &[])["key_source"],
        "environment"
    );
    assert_eq!(status(&[], &["--api-key", &key])["key_source"], "flag");
    // A profile with a command and no credential: the command.
    let out = cmd(&s, None)
        .args(["config", "set", "api_key_command", &format!("echo {key}")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v = status(&[("CREDENTIALS_DIRECTORY", "/nonexistent")], &[]);
    assert_eq!(
        (&v["key_source"], &v["key_works"]),
        (&"command".into(), &true.into())
    );
}
