//! Every help page in Korean: each command path of the tree, with `--help` and `-h`, and
//! `recruit help options`, under `--lang ko`, holds no English prose. What may stay English is
//! what a user types or reads as a name (machine words): command names, option names, possible
//! values, setting names, placeholders (FILE, TEXT), product names, and code in backticks. Most
//! of that list comes from clap itself.

use std::collections::BTreeSet;

use clap::CommandFactory;

use crate::common::{stdout_of, Home};

/// Every command path people can ask help for (`["sync", "purge"]`), the root first.
fn paths() -> Vec<Vec<String>> {
    let mut root = recruit::cli::Cli::command();
    root.build();
    fn walk(cmd: &clap::Command, path: Vec<String>, all: &mut Vec<Vec<String>>) {
        all.push(path.clone());
        for sub in cmd.get_subcommands().filter(|c| !c.is_hide_set()) {
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            walk(sub, p, all);
        }
    }
    let mut all = Vec::new();
    walk(&root, Vec::new(), &mut all);
    all
}

/// The words that stay English, lowercased: names from the command tree (commands, options,
/// their value names, possible values and aliases), the settings' names, and a few products.
fn machine_words() -> BTreeSet<String> {
    let mut root = recruit::cli::Cli::command();
    root.build();
    let mut words: BTreeSet<String> = ["recruit", "sqlite", "postgresql", "jq", "sqlite3"]
        .into_iter()
        .map(str::to_string)
        .collect();
    fn walk(cmd: &clap::Command, words: &mut BTreeSet<String>) {
        words.insert(cmd.get_name().to_lowercase());
        for a in cmd.get_arguments() {
            words.insert(a.get_id().to_string().to_lowercase());
            if let Some(long) = a.get_long() {
                words.insert(long.to_lowercase());
            }
            for v in a.get_possible_values() {
                for name in v.get_name_and_aliases() {
                    words.insert(name.to_lowercase());
                }
            }
        }
        for sub in cmd.get_subcommands() {
            walk(sub, words);
        }
    }
    walk(&root, &mut words);
    // `recruit help options`: a topic of `help`.
    words.insert("options".to_string());
    for name in recruit::settings::Key::names() {
        words.insert(name.to_string());
    }
    words
}

/// The lines of a help page that hold English prose: two or more English words in a row that
/// are not machine words. Code in backticks (a span may wrap onto the next line) and the
/// command of an example (before its `#`) are not read.
fn english_lines(page: &str, machine: &BTreeSet<String>) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_code = false;
    let mut in_examples = false;
    for line in page.lines() {
        if line.trim_end() == "예:" {
            in_examples = true;
            continue;
        }
        if in_examples && !line.starts_with("  ") {
            in_examples = false;
        }
        let mut text = line;
        if in_examples {
            text = line.split_once(" # ").map_or("", |(_, comment)| comment);
        }
        // Text outside backticks only, without literals: a quoted name (`"body"`) or a
        // placeholder (`<hex>`).
        let text = &without_spans(&without_spans(text, '"', '"'), '<', '>');
        let mut prose = String::new();
        for c in text.chars() {
            if c == '`' {
                in_code = !in_code;
                prose.push(' ');
            } else if !in_code {
                prose.push(c);
            }
        }
        let mut run = 0;
        let mut longest = 0;
        for token in prose.split(|c: char| c.is_whitespace() || ",;:()[]{}<>\"!?".contains(c)) {
            if token.is_empty() {
                continue;
            }
            let word = token.strip_suffix('.').unwrap_or(token);
            let english = !word.is_empty()
                && word.chars().all(|c| c.is_ascii_alphabetic())
                && word.chars().any(|c| c.is_ascii_lowercase())
                && !machine.contains(&word.to_lowercase());
            run = if english { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        if longest >= 2 {
            found.push(line.to_string());
        }
    }
    found
}

/// `text` without the spans from `open` to `close` that hold no space.
fn without_spans(text: &str, open: char, close: char) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(open) {
        out.push_str(&rest[..at]);
        let after = &rest[at + open.len_utf8()..];
        match after.find(close) {
            Some(end) if !after[..end].contains(char::is_whitespace) => {
                out.push(' ');
                rest = &after[end + close.len_utf8()..];
            }
            _ => {
                out.push(open);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_checker_finds_prose_and_lets_machine_words_through() {
    let machine: BTreeSet<String> = ["recruit", "sync", "db", "table", "json"]
        .into_iter()
        .map(str::to_string)
        .collect();
    let page = r#"미러로 복사
  --db <TARGET>  The mirror: an SQLite file
형식: table, json 중 하나
`recruit sync
 --full` 참고, and then
본문(-o json이면 {"method", "url"}), 헤더(t=<unix>,v1=<hex>, "<t>.<본문>")
본문("the body")

예:
  recruit sync --full    # fetch every candidate again
  recruit sync status    # 상태 보기
"#;
    assert_eq!(
        english_lines(page, &machine),
        [
            "  --db <TARGET>  The mirror: an SQLite file",
            " --full` 참고, and then",
            "본문(\"the body\")",
            "  recruit sync --full    # fetch every candidate again",
        ]
    );
}

/// `recruit --lang ko PATH --help` (and `-h`), and `help options`: no English prose anywhere.
#[test]
fn every_help_page_is_korean() {
    let home = Home::new();
    let machine = machine_words();
    let mut pages: Vec<(String, Vec<String>)> = Vec::new();
    for path in paths() {
        for flag in ["--help", "-h"] {
            let mut args: Vec<String> = vec!["--lang".into(), "ko".into()];
            args.extend(path.iter().cloned());
            args.push(flag.into());
            pages.push((format!("recruit {} {flag}", path.join(" ")), args));
        }
    }
    pages.push((
        "recruit help options".into(),
        ["--lang", "ko", "help", "options"]
            .map(String::from)
            .to_vec(),
    ));
    let mut english = Vec::new();
    for (name, args) in &pages {
        let out = home.cmd().args(args).output().unwrap();
        assert!(out.status.success(), "{name}: {out:?}");
        let page = stdout_of(&out);
        assert!(
            page.contains("사용법") || name.contains("help options"),
            "{name}: {page}"
        );
        for line in english_lines(&page, &machine) {
            english.push(format!("{name}: {line}"));
        }
    }
    assert!(
        english.is_empty(),
        "{} lines of English prose in Korean help:\n{}",
        english.len(),
        english.join("\n")
    );
}

/// Korean help does not change English help: the pages' own words, clap's headings, the
/// examples and the exit codes read as they always have.
#[test]
fn english_help_is_as_it_was() {
    let home = Home::new();
    let help = |args: &[&str]| {
        stdout_of(
            &home
                .cmd()
                .args(["--lang", "en"])
                .args(args)
                .output()
                .unwrap(),
        )
    };
    let root = help(&["--help"]);
    for part in [
        "Usage: recruit <COMMAND>\n\nCommands:\n  forms ",
        "  recruit --sandbox forms list                  # try it with no account\n",
        "\nExit codes: 0 ok, 1 other failure, 2 bad usage or input, 3 not found, 4 authentication,\n\
         5 rejected by the service, 6 rate limited, 7 network/timeout/5xx, 8 bad webhook signature,\n\
         130 interrupted, 141 the reader of standard output went away (| head).\n",
    ] {
        assert!(root.contains(part), "{part:?} not in:\n{root}");
    }
    let sync = help(&["sync", "--help"]);
    for part in [
        "Mirror forms, jobs, candidates, memos and submissions into SQLite or PostgreSQL, incrementally\n",
        "          [env: RECRUIT_SYNC_DB]\n",
        "          Possible values:\n          - applied:   Applied, not looked at yet\n",
        "          [default: 7d]\n",
        "  recruit sync --full                            # fetch every candidate's memos and submissions\n  again\n",
        "\nEvery run walks the whole candidate list (100 per request)",
        "\nOptions:\n",
    ] {
        assert!(sync.contains(part), "{part:?} not in:\n{sync}");
    }
    let upload = help(&["files", "upload", "-h"]);
    assert!(
        upload.starts_with("Upload a file (resume, profile image, attachment)"),
        "{upload}"
    );
    assert!(upload.contains("\nArguments:\n"), "{upload}");
}

/// `config get/set/unset --help` list every setting, each said in Korean.
#[test]
fn korean_setting_lists_name_every_setting() {
    let home = Home::new();
    for verb in ["get", "set", "unset"] {
        let out = home
            .cmd()
            .args(["--lang", "ko", "config", verb, "--help"])
            .output()
            .unwrap();
        let page = stdout_of(&out);
        for name in recruit::settings::Key::names() {
            let line = page
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{name} ")));
            assert!(
                line.is_some_and(|l| l.chars().any(|c| ('가'..='힣').contains(&c))),
                "config {verb}: {name} is not listed in Korean:\n{page}"
            );
        }
    }
}

/// Each translated list of example comments (`help-sync-examples`) has one line per example
/// with a comment, so no comment lands on another example.
#[test]
fn example_comments_match_their_examples() {
    let mut root = recruit::cli::Cli::command();
    root.build();
    fn walk(cmd: &clap::Command, path: &str, checked: &mut usize) {
        let id = format!("{path}-examples");
        if let Some(comments) = recruit::i18n::help_text(recruit::i18n::Lang::Ko, &id) {
            let after = cmd
                .get_after_help()
                .map(|a| a.to_string())
                .unwrap_or_default();
            let examples = after.split("Examples:").nth(1).unwrap_or_default();
            let examples = examples.split("\n\n").next().unwrap_or_default();
            let commented = examples.lines().filter(|l| l.contains(" # ")).count();
            assert_eq!(
                comments.lines().count(),
                commented,
                "{id}: one line per comment of:\n{examples}"
            );
            *checked += 1;
        }
        for sub in cmd.get_subcommands() {
            walk(sub, &format!("{path}-{}", sub.get_name()), checked);
        }
    }
    let mut checked = 0;
    walk(&root, "help", &mut checked);
    assert!(
        checked >= 10,
        "only {checked} commands' example comments checked"
    );
}
