//! Self-documentation: the checked-in completions and man pages match the command tree, and
//! every command's help teaches with a summary and examples.

use clap::CommandFactory;

use crate::common::stderr_of;

const REGEN: &str =
    "run `UPDATE_DOCS=1 cargo test --test cli docs::checked_in` and commit the result";

/// A command's man page: clap_mangen's sections, then the crate's own (environment, exit
/// status, files). Rendered here, not in the crate, so the binary carries no man page renderer.
fn render_man(cmd: &clap::Command, name: &str) -> Vec<u8> {
    let man = clap_mangen::Man::new(cmd.clone().name(name.to_string()))
        .title(name.to_uppercase())
        .section("1")
        .source(format!("recruit {}", env!("CARGO_PKG_VERSION")))
        .manual("recruit manual");
    let mut buf = Vec::new();
    man.render_title(&mut buf).unwrap();
    man.render_name_section(&mut buf).unwrap();
    man.render_synopsis_section(&mut buf).unwrap();
    man.render_description_section(&mut buf).unwrap();
    man.render_options_section(&mut buf).unwrap();
    if cmd.get_subcommands().any(|c| !c.is_hide_set()) {
        man.render_subcommands_section(&mut buf).unwrap();
    }
    man.render_extra_section(&mut buf).unwrap();
    buf.extend_from_slice(recruit::cli::docs::man_extra_sections().as_bytes());
    man.render_version_section(&mut buf).unwrap();
    buf
}

/// Every generated file: (path under the repository, contents).
fn generate() -> Vec<(String, Vec<u8>)> {
    let mut files = recruit::cli::docs::completions();
    let mut root = recruit::cli::Cli::command();
    root.build();
    fn walk(cmd: &clap::Command, name: &str, files: &mut Vec<(String, Vec<u8>)>) {
        files.push((format!("man/{name}.1"), render_man(cmd, name)));
        for sub in cmd.get_subcommands() {
            if sub.is_hide_set() || sub.get_name() == "help" {
                continue;
            }
            walk(sub, &format!("{name}-{}", sub.get_name()), files);
        }
    }
    walk(&root, "recruit", &mut files);
    files
}

/// Rewrite completions/ and man/ (removing the pages of commands that are gone).
fn write_all(root: &std::path::Path, files: &[(String, Vec<u8>)]) {
    for e in std::fs::read_dir(root.join("man")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "1") {
            std::fs::remove_file(p).unwrap();
        }
    }
    for (rel, bytes) in files {
        std::fs::write(root.join(rel), bytes).unwrap();
    }
}

#[test]
fn checked_in_completions_and_man_pages_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let generated = generate();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        write_all(root, &generated);
    }
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

/// A subcommand's -h and --help are about that command: the global options are listed once,
/// by `recruit help options`, which one line of every help points to; group help has
/// examples; help never cites spec sections.
#[test]
fn a_verbs_help_leaves_out_the_global_options() {
    let bin = env!("CARGO_BIN_EXE_recruit");
    let help = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .env_remove("RECRUIT_LANG")
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    for flag in ["-h", "--help"] {
        let text = help(&["memos", "list", flag]);
        assert!(!text.contains("--base-url"), "{text}");
        assert!(text.contains("Examples:"), "{text}");
        assert!(text.contains("recruit help options"), "{text}");
    }
    let options = help(&["help", "options"]);
    assert_eq!(options.matches("--base-url <URL>").count(), 1, "{options}");
    for group in ["forms", "memos", "submissions", "webhooks", "export"] {
        assert!(help(&[group, "--help"]).contains("Examples:"), "{group}");
    }
    assert!(!help(&["forms", "apply", "--help"]).contains("spec 4"));
}

/// Examples that cannot run as written in a test, each with the reason; every other example
/// line of every command's help runs against the sandbox and must succeed.
const NOT_RUN: &[(&str, &str)] = &[
    ("webhooks listen", "a receiver that runs until Ctrl-C"),
    (
        "webhooks trigger",
        "needs a receiver listening at the --to address",
    ),
    (
        "--to http://localhost",
        "needs a receiver listening at the --to address",
    ),
    (
        "webhooks events",
        "needs events kept by `webhooks listen --store`",
    ),
    (
        "recruit mcp",
        "a server on standard input and output, for an AI assistant",
    ),
    (
        " mcp --access",
        "a server on standard input and output, for an AI assistant",
    ),
    ("git log", "needs a git repository"),
    (
        "report pipeline --to",
        "needs a chat tool's incoming webhook at the --to address",
    ),
    (
        "sync --db ~/recruiting.db --events",
        "needs the relay's event store (`webhooks listen --store`)",
    ),
    ("recruit sandbox --", "serves the emulator until Ctrl-C"),
    (
        "127.0.0.1:8080",
        "needs `recruit sandbox --port 8080` running",
    ),
    ("on a terminal", "asks on a terminal"),
    ("interactive wizard", "asks on a terminal"),
    ("forms apply FORM-1001 --save", "the wizard, on a terminal"),
    (
        "forms apply FORM-1001 --resume",
        "the wizard, on a terminal",
    ),
    ("forms apply FORM-ALLKINDS", "the wizard, on a terminal"),
    ("auth login", "signs in to a real service"),
    ("postgres://", "needs a PostgreSQL server"),
    ("| pbcopy", "macOS's clipboard"),
    ("${fpath[1]}", "zsh's own syntax"),
    (
        "api_key_command 'pass show",
        "sets a password manager's command (runs only when a key is needed)",
    ),
];

/// Commands an example needs run first (it reads what they make).
const SETUP: &[(&str, &str)] = &[
    ("recruit sync status", "recruit sync"),
    (
        "recruit config get base_url",
        "recruit config set base_url https://api.example.com/v1",
    ),
    ("recruit sync purge", "recruit sync"),
    ("recruit report", "recruit sync"),
    ("recruit --lang ko report", "recruit sync"),
    ("recruit candidates search", "recruit sync"),
    ("recruit privacy erase C1001 C1002 --yes", "recruit sync"),
    ("recruit privacy retention", "recruit sync"),
    (
        "recruit --profile work config get output",
        "recruit --profile work config set output json",
    ),
    (
        "recruit config unset api_key",
        "recruit config set api_key sk-example-1234",
    ),
    (
        "recruit --profile work config unset output",
        "recruit --profile work config set output json",
    ),
];

/// Every example of every command's help, as a shell line (continuations joined, comments
/// kept for the skip list), with the command it is under.
fn example_lines() -> Vec<(String, String)> {
    fn walk(cmd: &clap::Command, path: &str, out: &mut Vec<(String, String)>) {
        for text in [cmd.get_after_help(), cmd.get_after_long_help()]
            .into_iter()
            .flatten()
        {
            let text = text.to_string();
            let Some((_, examples)) = text.split_once("Examples:") else {
                continue;
            };
            let mut pending = String::new();
            for line in examples.lines() {
                let line = line.trim();
                if line.is_empty() {
                    if pending.is_empty() {
                        continue;
                    }
                    break;
                }
                if !pending.is_empty()
                    || line.starts_with("recruit ")
                    || line.contains("| recruit ")
                {
                    match line.strip_suffix('\\') {
                        Some(head) => pending.push_str(head),
                        None => {
                            pending.push_str(line);
                            out.push((path.to_string(), std::mem::take(&mut pending)));
                        }
                    }
                }
            }
        }
        for sub in cmd.get_subcommands() {
            if sub.get_name() != "help" && !sub.is_hide_set() {
                walk(sub, &format!("{path} {}", sub.get_name()), out);
            }
        }
    }
    let mut root = recruit::cli::command();
    root.build();
    let mut out = Vec::new();
    walk(&root, "recruit", &mut out);
    let mut seen = std::collections::HashSet::new();
    out.retain(|(_, l)| seen.insert(l.clone()));
    out
}

/// Each example of every command's help runs as written against the sandbox
/// (RECRUIT_SANDBOX=1), in a fresh directory with the files examples name (codes.txt,
/// answers.json, cv.pdf...), on fresh sandbox state and config: exit 0, or exit 8 for
/// `webhooks verify` of a made-up signature. Those that cannot run here are listed with why.
#[test]
fn every_help_example_runs_against_the_sandbox() {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_recruit"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = example_lines();
    assert!(examples.len() > 80, "{} examples", examples.len());
    let to_run: Vec<&(String, String)> = examples
        .iter()
        .filter(|(_, line)| !NOT_RUN.iter().any(|(p, _)| line.contains(p)))
        .collect();
    // Each example has its own directory, sandbox state and config, and mostly waits on its
    // process: four at a time.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some((cmd, line)) = to_run.get(i) else {
                    return;
                };
                if let Some(f) = run_example(cmd, line, &path) {
                    failed.lock().unwrap().push(f);
                }
            });
        }
    });
    let ran = to_run.len();
    let mut failed = failed.into_inner().unwrap();
    failed.sort();
    assert!(ran > 70, "only {ran} examples ran");
    assert!(
        failed.is_empty(),
        "help examples that do not run against the sandbox:\n{}",
        failed.join("\n")
    );
}

/// Run one help example (`line`, of `cmd`'s help) as [`every_help_example_runs_against_the_sandbox`]
/// describes: `None` when it ends as expected, else what went wrong.
fn run_example(cmd: &str, line: &str, path: &str) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, text) in [
        ("codes.txt", "C1001\nC1002\n"),
        ("candidates.csv", "code,name\nC1001,Kim Min-jun\n"),
        ("answers.json", ANSWERS),
        ("draft.json", ANSWERS),
        ("cv.pdf", "%PDF-1.4 example"),
        ("portrait.jpg", "not really a jpeg"),
        ("body.json", "{\"filename\": \"cv.pdf\"}"),
        ("b.json", "{\"action\": \"candidate_pass\"}"),
        ("payload.json", "{\"action\": \"candidate_hired\"}"),
    ] {
        std::fs::write(d.join(name), text).unwrap();
    }
    for sub in [
        ".local/share/bash-completion/completions",
        ".config/fish/completions",
    ] {
        std::fs::create_dir_all(d.join(sub)).unwrap();
    }
    let run = |shell_line: &str| {
        let mut c = std::process::Command::new("sh");
        for (k, _) in std::env::vars() {
            if k.starts_with("RECRUIT_") || ["NO_COLOR", "LC_ALL", "LANG"].contains(&k.as_str()) {
                c.env_remove(k);
            }
        }
        c.arg("-c")
            .arg(shell_line)
            .current_dir(d)
            .env("PATH", path)
            .env("HOME", d)
            .env("RECRUIT_SANDBOX", "1")
            .env("RECRUIT_CONFIG_DIR", d.join("config"))
            .env("RECRUIT_DATA_DIR", d.join("data"))
            .env("TZ", "UTC")
            .env("KEY", "whsec_example")
            .env("RECRUIT_SIGNING_KEY", "whsec_example")
            .env("OLD", "whsec_old")
            .env("NEW", "whsec_new")
            .env("SIG", "t=1700000000,v1=00")
            .stdin(std::process::Stdio::null())
            // Files, not pipes: a long output would fill a pipe nobody reads yet.
            .stdout(std::fs::File::create(d.join(".stdout")).unwrap())
            .stderr(std::fs::File::create(d.join(".stderr")).unwrap());
        let mut child = c.spawn().unwrap();
        // An example that does not end is a failure, not a test that hangs.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while child.try_wait().unwrap().is_none() {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("`{shell_line}` did not end within 60 s");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let status = child.wait().unwrap();
        std::process::Output {
            status,
            stdout: std::fs::read(d.join(".stdout")).unwrap(),
            stderr: std::fs::read(d.join(".stderr")).unwrap(),
        }
    };
    for (prefix, setup) in SETUP {
        if line.starts_with(prefix) {
            let out = run(setup);
            assert_eq!(
                out.status.code(),
                Some(0),
                "setup {setup}: {}",
                stderr_of(&out)
            );
        }
    }
    let out = run(line);
    let expected = if line.contains("webhooks verify") {
        8
    } else {
        0
    };
    (out.status.code() != Some(expected)).then(|| {
        format!(
            "{cmd}: `{line}` exited {:?}: {}",
            out.status.code(),
            stderr_of(&out).trim()
        )
    })
}

/// An answers file for FORM-1001 (its required questions), as the examples use it.
const ANSWERS: &str = r#"{"privacy": true, "questions": [
 {"order": 1, "answer": {"name": "Jane Doe"}},
 {"order": 2, "answer": {"email": "jane@example.com"}},
 {"order": 3, "answer": {"phone": "010-1234-5678"}},
 {"order": 4, "kind": "resume", "answer": {"resume_path": "https://files.example/upload/cv.pdf"}},
 {"order": 5, "answer": {"experience_total_period": 36}},
 {"order": 6, "answer": {"value": "I like Rust"}}
]}"#;
