//! Installing without a toolchain, the parts CI cannot run: the systemd units hold the
//! directives the contract asks for and run real commands with real options, the Debian
//! package's assets exist, the release workflow parses and builds what `cargo binstall`
//! looks for. (.ci/package builds, installs and purges the package itself, as root.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{stderr_of, Home};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// A unit file's directives: (section, key) -> every value, in order (a key may repeat).
fn unit(rel: &str) -> BTreeMap<(String, String), Vec<String>> {
    let mut out: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    let mut section = String::new();
    for line in read(rel).lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            continue;
        }
        let (k, v) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("{rel}: not a directive: {line}"));
        out.entry((section.clone(), k.trim().to_string()))
            .or_default()
            .push(v.trim().to_string());
    }
    out
}

fn one(u: &BTreeMap<(String, String), Vec<String>>, section: &str, key: &str) -> String {
    let values = u
        .get(&(section.to_string(), key.to_string()))
        .unwrap_or_else(|| panic!("no {key}= in [{section}]"));
    values.last().cloned().unwrap_or_default()
}

const HARDENING: &[(&str, &str)] = &[
    ("NoNewPrivileges", "yes"),
    ("ProtectSystem", "strict"),
    ("ProtectHome", "yes"),
    ("PrivateTmp", "yes"),
    ("User", "recruit"),
    ("StateDirectory", "recruit"),
    ("Environment", "RECRUIT_DATA_DIR=/var/lib/recruit"),
    ("Environment", "RECRUIT_CONFIG_DIR=/etc/recruit"),
];

fn has(u: &BTreeMap<(String, String), Vec<String>>, key: &str, value: &str) -> bool {
    u.get(&("Service".to_string(), key.to_string()))
        .is_some_and(|vs| vs.iter().any(|v| v == value))
}

/// ExecStart's arguments after /usr/bin/recruit, with the unit's variables left out (a word
/// `${VAR}` stands for one value, `$VAR` for none by default).
fn exec_args(u: &BTreeMap<(String, String), Vec<String>>) -> Vec<String> {
    let exec = one(u, "Service", "ExecStart");
    let mut words = exec.split_whitespace();
    assert_eq!(words.next(), Some("/usr/bin/recruit"), "{exec}");
    words
        .filter(|w| !w.starts_with('$'))
        .map(str::to_string)
        .collect()
}

/// The binary accepts a unit's command line: the same words then --help exit 0 (an unknown
/// option or a bad value is exit 2 before the help).
fn accepted(args: &[String], value_for_variable: Option<&str>) {
    let mut args = args.to_vec();
    if let Some(v) = value_for_variable {
        // `--store ${RECRUIT_RELAY_STORE}`: the value the unit's Environment= gives it.
        let at = args.iter().position(|a| a == "--store").expect("--store");
        args.insert(at + 1, v.to_string());
    }
    args.push("--help".into());
    let out = Home::new().cmd().args(&args).output().expect("run recruit");
    assert!(
        out.status.success(),
        "recruit {args:?}: {}",
        stderr_of(&out)
    );
}

#[test]
fn the_units_run_real_commands_as_recruit_hardened() {
    let relay = unit("pkg/systemd/recruit-relay.service");
    let sync = unit("pkg/systemd/recruit-sync.service");
    for (name, u) in [("relay", &relay), ("sync", &sync)] {
        for (k, v) in HARDENING {
            assert!(has(u, k, v), "{name}: no {k}={v}");
        }
        assert_eq!(one(u, "Unit", "After"), "network-online.target", "{name}");
    }

    assert_eq!(one(&relay, "Service", "Restart"), "on-failure");
    assert_eq!(one(&relay, "Install", "WantedBy"), "multi-user.target");
    let args = exec_args(&relay);
    assert_eq!(args[..2], ["webhooks", "listen"]);
    assert!(has(
        &relay,
        "Environment",
        "RECRUIT_RELAY_STORE=/var/lib/recruit/events.db"
    ));
    accepted(&args, Some("/var/lib/recruit/events.db"));

    assert_eq!(one(&sync, "Service", "Type"), "oneshot");
    assert_eq!(
        one(&sync, "Service", "LoadCredential"),
        "recruit-api-key:/etc/recruit/api-key"
    );
    let args = exec_args(&sync);
    assert_eq!(args[0], "sync");
    accepted(&args, None);

    let timer = unit("pkg/systemd/recruit-sync.timer");
    assert_eq!(one(&timer, "Timer", "OnCalendar"), "*:0/15");
    assert_eq!(one(&timer, "Install", "WantedBy"), "timers.target");

    let users = read("pkg/systemd/recruit.sysusers");
    assert!(
        users.lines().any(|l| l.starts_with("u recruit ")),
        "{users}"
    );
}

fn manifest() -> toml_edit::DocumentMut {
    read("Cargo.toml").parse().expect("Cargo.toml parses")
}

#[test]
fn the_debian_package_takes_files_that_exist() {
    let doc = manifest();
    let deb = &doc["package"]["metadata"]["deb"];
    let assets = deb["assets"].as_array().expect("assets");
    let mut dests = BTreeSet::new();
    for asset in assets {
        let a = asset.as_array().expect("[source, dest, mode]");
        let src = a.get(0).and_then(|v| v.as_str()).expect("source");
        let dest = a.get(1).and_then(|v| v.as_str()).expect("dest");
        dests.insert(dest.to_string());
        if src.starts_with("target/release/") {
            continue;
        }
        if let Some(dir) = src.strip_suffix("/*.1") {
            let pages = std::fs::read_dir(repo().join(dir)).expect("man/").count();
            assert!(pages > 1, "{src} matches no man page");
        } else {
            assert!(repo().join(src).is_file(), "{src} does not exist");
        }
    }
    for dest in [
        "usr/bin/",
        "usr/share/bash-completion/completions/recruit",
        "usr/share/zsh/vendor-completions/_recruit",
        "usr/share/fish/vendor_completions.d/recruit.fish",
        "usr/share/man/man1/",
        "usr/share/doc/recruit/README.md",
    ] {
        assert!(dests.contains(dest), "no asset goes to {dest}");
    }
    let license = deb["license-file"].as_array().expect("license-file");
    let license = license.get(0).and_then(|v| v.as_str()).expect("path");
    assert!(read(license).starts_with("MIT License"));
    let units = deb["systemd-units"].as_array().expect("systemd-units");
    let names: BTreeSet<&str> = units
        .iter()
        .filter_map(|t| t.as_inline_table()?.get("unit-name")?.as_str())
        .collect();
    assert_eq!(names, BTreeSet::from(["recruit-relay", "recruit-sync"]));
    assert!(Path::new(&repo().join("pkg/debian/postrm")).is_file());
}

/// The release workflow's build matrix: target -> (runner, whether it builds a .deb).
fn workflow_targets(flow: &serde_yaml::Value) -> BTreeMap<String, bool> {
    let include = flow["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_sequence()
        .expect("jobs.build.strategy.matrix.include");
    include
        .iter()
        .map(|row| {
            let target = row["target"].as_str().expect("target").to_string();
            assert!(row["os"].as_str().is_some(), "{target}: no os");
            (target, row["deb"].as_bool().unwrap_or(false))
        })
        .collect()
}

/// A binstall template with its variables filled in as cargo binstall does.
fn render(template: &str, target: &str) -> String {
    template
        .replace("{ repo }", "https://example.org/r")
        .replace("{ name }", "recruit")
        .replace("{ bin }", "recruit")
        .replace("{ version }", "1.2.3")
        .replace("{ target }", target)
        .replace("{ binary-ext }", "")
}

#[test]
fn binstall_looks_for_the_archives_the_release_workflow_builds() {
    let flow: serde_yaml::Value =
        serde_yaml::from_str(&read(".github/workflows/release.yml")).expect("release.yml parses");
    let targets = workflow_targets(&flow);
    let want: BTreeSet<&str> = BTreeSet::from([
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "x86_64-apple-darwin",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ]);
    assert_eq!(
        targets.keys().map(String::as_str).collect::<BTreeSet<_>>(),
        want
    );
    let debs: Vec<&String> = targets
        .iter()
        .filter(|(_, d)| **d)
        .map(|(t, _)| t)
        .collect();
    assert_eq!(
        debs,
        ["aarch64-unknown-linux-gnu", "x86_64-unknown-linux-gnu"]
    );

    let doc = manifest();
    let bi = &doc["package"]["metadata"]["binstall"];
    let overrides = bi["overrides"].as_table().expect("binstall.overrides");
    let listed: BTreeSet<&str> = overrides.iter().map(|(k, _)| k).collect();
    assert_eq!(listed, want, "binstall's targets are not the workflow's");

    // The workflow names each archive recruit-VERSION-TARGET.tar.gz (.zip on Windows).
    let steps = serde_yaml::to_string(&flow["jobs"]["build"]["steps"]).expect("steps");
    for piece in [
        "name=recruit-$version-${{ matrix.target }}",
        "\"dist/$name.tar.gz\"",
        "\"$name.zip\"",
        "cargo auditable build",
        "cargo deb --no-build",
    ] {
        assert!(steps.contains(piece), "the build job lacks {piece}");
    }
    for target in &want {
        let o = &overrides[target];
        let url = o
            .get("pkg-url")
            .or(bi.get("pkg-url"))
            .and_then(|v| v.as_str());
        let fmt = o
            .get("pkg-fmt")
            .or(bi.get("pkg-fmt"))
            .and_then(|v| v.as_str());
        let ext = if target.contains("windows") {
            ("zip", "zip")
        } else {
            ("tgz", "tar.gz")
        };
        assert_eq!(fmt, Some(ext.0), "{target}");
        assert_eq!(
            render(url.expect("pkg-url"), target),
            format!(
                "https://example.org/r/releases/download/v1.2.3/recruit-1.2.3-{target}.{}",
                ext.1
            )
        );
        let bin_dir = bi["bin-dir"].as_str().expect("bin-dir");
        assert_eq!(
            render(bin_dir, target),
            format!("recruit-1.2.3-{target}/recruit")
        );
    }

    let rest = serde_yaml::to_string(&flow["jobs"]).expect("jobs");
    for piece in ["cargo cyclonedx", "sha256sum", "gh release create"] {
        assert!(rest.contains(piece), "the workflow lacks {piece}");
    }
    assert!(
        flow["on"]["push"]["tags"].as_sequence().is_some(),
        "not run on a tag"
    );
}

#[test]
fn deny_toml_allows_crates_io_only() {
    let deny: toml_edit::DocumentMut = read("deny.toml").parse().expect("deny.toml parses");
    assert_eq!(deny["sources"]["unknown-registry"].as_str(), Some("deny"));
    assert_eq!(deny["sources"]["unknown-git"].as_str(), Some("deny"));
    let allowed = deny["licenses"]["allow"]
        .as_array()
        .expect("licenses.allow");
    let allowed: BTreeSet<&str> = allowed.iter().filter_map(|v| v.as_str()).collect();
    // Our own licence, and no copyleft beyond file-level MPL.
    assert!(allowed.contains("MIT"));
    for never in ["GPL-2.0", "GPL-3.0", "AGPL-3.0", "LGPL-2.1", "SSPL-1.0"] {
        assert!(
            !allowed.iter().any(|a| a.starts_with(never)),
            "{never} allowed"
        );
    }
}
