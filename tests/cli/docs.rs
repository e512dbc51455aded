//! Self-documentation: the checked-in completions and man pages match the command tree, and
//! every command's help teaches with a summary and examples.

use clap::CommandFactory;

const REGEN: &str = "run `cargo run -- generate-docs` and commit the result";

#[test]
fn checked_in_completions_and_man_pages_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let generated = recruit::cli::docs::generate();
    for (rel, bytes) in &generated {
        let on_disk =
            std::fs::read(root.join(rel)).unwrap_or_else(|_| panic!("{rel} is missing: {REGEN}"));
        assert!(&on_disk == bytes, "{rel} is stale: {REGEN}");
    }
    let mut man_pages: Vec<_> = std::fs::read_dir(root.join("man"))
        .unwrap()
        .map(|e| format!("man/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    man_pages.sort();
    let mut expected: Vec<_> = generated
        .iter()
        .map(|(r, _)| r.clone())
        .filter(|r| r.starts_with("man/"))
        .collect();
    expected.sort();
    assert_eq!(
        man_pages, expected,
        "man/ holds pages for commands that no longer exist: {REGEN}"
    );
    assert!(expected.contains(&"man/recruit-memos-pin.1".to_string()));
    let pin =
        String::from_utf8(std::fs::read(root.join("man/recruit-memos-pin.1")).unwrap()).unwrap();
    for section in [".SH ENVIRONMENT", ".SH \"EXIT STATUS\"", ".SH FILES"] {
        assert!(pin.contains(section), "missing {section}");
    }
}

#[test]
fn completions_command_prints_the_checked_in_scripts() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (shell, file) in [
        ("bash", "recruit.bash"),
        ("zsh", "_recruit"),
        ("fish", "recruit.fish"),
        ("powershell", "_recruit.ps1"),
        ("elvish", "recruit.elv"),
    ] {
        let out = assert_cmd::Command::cargo_bin("recruit")
            .unwrap()
            .args(["completions", shell])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let on_disk = std::fs::read(root.join("completions").join(file)).unwrap();
        assert!(
            out.stdout == on_disk,
            "completions/{file} differs from `recruit completions {shell}`: {REGEN}"
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("memos"));
    }
}

#[test]
fn every_command_has_a_summary_and_examples() {
    fn walk(cmd: &mut clap::Command, path: &str, missing: &mut Vec<String>) {
        let name = format!("{path} {}", cmd.get_name()).trim().to_string();
        let subs: Vec<String> = cmd
            .get_subcommands()
            .filter(|s| !s.is_hide_set() && s.get_name() != "help")
            .map(|s| s.get_name().to_string())
            .collect();
        if subs.is_empty() {
            if cmd.get_about().is_none() {
                missing.push(format!("{name}: no one-line summary"));
            }
            let help = cmd.render_long_help().to_string();
            if !help.contains("Examples:") {
                missing.push(format!("{name}: no Examples: section"));
            }
        }
        for s in subs {
            let sub = cmd.find_subcommand_mut(&s).unwrap();
            walk(sub, &name, missing);
        }
    }
    let mut root = recruit::cli::Cli::command();
    root.build();
    let mut missing = Vec::new();
    walk(&mut root, "", &mut missing);
    assert!(
        missing.is_empty(),
        "commands whose --help doesn't teach:\n{}",
        missing.join("\n")
    );
}

/// Short -h of a subcommand is about that command; the global options are under one heading
/// in long --help; group help has examples; help never cites spec sections.
#[test]
fn short_help_leaves_out_the_global_options() {
    let bin = env!("CARGO_BIN_EXE_recruit");
    let help = |args: &[&str]| {
        let out = std::process::Command::new(bin).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let short = help(&["memos", "list", "-h"]);
    assert!(!short.contains("--base-url"), "{short}");
    assert!(short.contains("Examples:"), "{short}");
    let long = help(&["memos", "list", "--help"]);
    assert!(long.contains("Global options"), "{long}");
    assert_eq!(long.matches("--base-url <URL>").count(), 1, "{long}");
    for group in ["forms", "memos", "submissions", "webhooks", "export"] {
        assert!(help(&[group, "--help"]).contains("Examples:"), "{group}");
    }
    assert!(!help(&["forms", "apply", "--help"]).contains("spec 4"));
}
