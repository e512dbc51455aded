//! `--lang`: text for people in English or Korean, chosen by flag > RECRUIT_LANG > the
//! profile's `lang` > the locale variables; the bytes of JSON, NDJSON and CSV (and the exit
//! codes) never change with it. `--bom` on CSV; `recruit help options`.

use crate::common::{stderr_of, stdout_of, Home, TestSandbox};

/// `memos pin` on a memo already pinned says so on stderr (json on stdout).
fn pinned_note(home: &Home, setup: impl FnOnce(&mut assert_cmd::Command)) -> String {
    let mut c = home.sandbox();
    setup(&mut c);
    let out = c.args(["memos", "pin", "C1001", "101"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    stderr_of(&out)
}

const EN: &str = "Memo 101 on candidate C1001 is already pinned; nothing changed.";
const KO: &str = "지원자 C1001의 메모 101은(는) 이미 고정되어 있습니다.";

#[test]
fn the_language_comes_from_flag_env_profile_then_locale() {
    let home = Home::new();
    assert!(pinned_note(&home, |_| {}).contains(EN));
    assert!(pinned_note(&home, |c| {
        c.arg("--lang").arg("ko");
    })
    .contains(KO));
    assert!(pinned_note(&home, |c| {
        c.env("RECRUIT_LANG", "ko");
    })
    .contains(KO));
    // The flag wins over the variable.
    assert!(pinned_note(&home, |c| {
        c.env("RECRUIT_LANG", "ko").args(["--lang", "en"]);
    })
    .contains(EN));
    // The locale read as text, whether or not it is installed; LC_ALL first.
    assert!(pinned_note(&home, |c| {
        c.env("LANG", "ko_KR.UTF-8");
    })
    .contains(KO));
    assert!(pinned_note(&home, |c| {
        c.env("LANG", "ko_KR.UTF-8").env("LC_ALL", "C");
    })
    .contains(EN));
    // The profile's `lang` over the locale, under the variable.
    let set = home
        .cmd()
        .args(["config", "set", "lang", "ko"])
        .output()
        .unwrap();
    assert_eq!(set.status.code(), Some(0), "{}", stderr_of(&set));
    assert!(pinned_note(&home, |c| {
        c.env("LANG", "en_US.UTF-8");
    })
    .contains(KO));
    assert!(pinned_note(&home, |c| {
        c.env("RECRUIT_LANG", "en");
    })
    .contains(EN));
    // A bad value is a usage error naming what is allowed, in either place.
    let bad = home
        .sandbox()
        .args(["--lang", "de", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr_of(&bad).contains("[possible values: en, ko]"),
        "{}",
        stderr_of(&bad)
    );
    let refused = home
        .cmd()
        .args(["config", "set", "lang", "korean"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr_of(&refused).contains("en or ko"),
        "{}",
        stderr_of(&refused)
    );
}

#[test]
fn errors_summaries_and_notes_are_in_korean() {
    let home = Home::new();
    let ko = |args: &[&str]| {
        let out = home
            .sandbox()
            .arg("--lang")
            .arg("ko")
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), stdout_of(&out), stderr_of(&out))
    };
    // An error line and its exit code.
    let (code, _, err) = ko(&["memos", "delete", "C1001", "101"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("오류: 확인 없이 지우지 않습니다"), "{err}");
    // A list's note that more pages follow.
    let (code, _, err) = ko(&["candidates", "list", "-o", "json"]);
    assert_eq!(code, Some(0));
    assert!(err.contains("23개 중 20개를 보여 줍니다"), "{err}");
    // An export's summary.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.ndjson");
    let (code, _, err) = ko(&[
        "export",
        "submissions",
        "--stage",
        "interview",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.starts_with("지원자 5명을 내보냈습니다, 기록 "), "{err}");
}

/// What programs read is the same in every language: JSON, NDJSON and CSV byte for byte, and
/// the exit codes (a failure's too).
#[test]
fn json_ndjson_and_csv_bytes_are_the_same_in_korean() {
    // One server for both languages: the demo data's times are made when it starts.
    let sb = TestSandbox::new();
    let dir = tempfile::tempdir().unwrap();
    let runs: &[&[&str]] = &[
        &["forms", "list", "-o", "json"],
        &["forms", "get", "FORM-ALLKINDS", "-o", "json"],
        &["candidates", "list", "--all", "-o", "csv"],
        &["candidates", "get", "C1001", "-o", "ndjson"],
        &["memos", "list", "C1001", "-o", "ndjson"],
        &["submissions", "list", "C1002", "--all", "-o", "csv"],
        &["jobs", "list", "--all", "-o", "json", "--jq", ".[].title"],
        &["export", "submissions", "--stage", "interview", "-o", "csv"],
        &["export", "memos", "--stage", "offer"],
        &["memos", "get", "C1001", "999999", "-o", "json"],
    ];
    for args in runs {
        let run = |lang: &str| {
            sb.cmd()
                .args(["--lang", lang])
                .args(*args)
                .current_dir(dir.path())
                .output()
                .unwrap()
        };
        let (en, ko) = (run("en"), run("ko"));
        assert_eq!(en.status.code(), ko.status.code(), "{args:?}");
        assert!(
            en.stdout == ko.stdout,
            "{args:?}: the output differs with --lang ko"
        );
        if en.status.code() == Some(0) {
            assert!(!en.stdout.is_empty(), "{args:?}");
        }
    }
}

/// `--bom`: a CSV starts with EF BB BF (lists, exports to stdout and to --out files); other
/// formats and CSV without it never do.
#[test]
fn bom_starts_csv_output_and_nothing_else() {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let sb = TestSandbox::new();
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = sb.cmd().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        out.stdout
    };
    let list = run(&["candidates", "list", "-o", "csv", "--bom"]);
    assert!(list.starts_with(b"\xEF\xBB\xBFcode,"), "{:?}", &list[..20]);
    assert_eq!(list.windows(3).filter(|w| *w == BOM).count(), 1);
    let plain = run(&["candidates", "list", "-o", "csv"]);
    assert_eq!(&list[3..], &plain[..], "the BOM and nothing else");
    assert!(plain.starts_with(b"code,"));
    let all = run(&["forms", "list", "--all", "-o", "csv", "--bom"]);
    assert_eq!(
        all.windows(3).filter(|w| *w == BOM).count(),
        1,
        "one, however many pages"
    );
    assert!(all.starts_with(BOM));
    let one = run(&["forms", "get", "FORM-1001", "-o", "csv", "--bom"]);
    assert!(one.starts_with(BOM));
    let json = run(&["candidates", "list", "-o", "json", "--bom"]);
    assert!(json.starts_with(b"{"), "no BOM on JSON");
    let exported = run(&[
        "export",
        "candidates",
        "--stage",
        "offer",
        "-o",
        "csv",
        "--bom",
    ]);
    assert!(
        exported.starts_with(b"\xEF\xBB\xBFcode,"),
        "{:?}",
        &exported[..20]
    );
    let file = dir.path().join("offer.csv");
    run(&[
        "export",
        "memos",
        "--stage",
        "offer",
        "-o",
        "csv",
        "--bom",
        "--out",
        file.to_str().unwrap(),
    ]);
    let written = std::fs::read(&file).unwrap();
    assert!(
        written.starts_with(b"\xEF\xBB\xBFcandidate_code,"),
        "{:?}",
        &written[..20]
    );
    let nd = run(&["export", "memos", "--stage", "offer", "--bom"]);
    assert!(nd.starts_with(b"{"), "no BOM on NDJSON");
}

/// A verb's help is its own: no global options (one line points to `recruit help options`,
/// which lists them all with their variables).
#[test]
fn help_points_to_the_global_options_and_lists_them_once() {
    let home = Home::new();
    let help = |args: &[&str]| {
        let out = home.cmd().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        stdout_of(&out)
    };
    let pin = help(&["memos", "pin", "--help"]);
    assert!(
        !pin.contains("--base-url") && !pin.contains("--max-wait"),
        "{pin}"
    );
    assert!(pin.contains("recruit help options"), "{pin}");
    assert!(
        pin.lines().count() < 40,
        "{} lines:\n{pin}",
        pin.lines().count()
    );
    let options = help(&["help", "options"]);
    for flag in [
        "--base-url <URL>",
        "--sandbox",
        "--lang <LANG>",
        "--bom",
        "RECRUIT_MAX_WAIT",
    ] {
        assert_eq!(options.matches(flag).count(), 1, "{flag}:\n{options}");
    }
    let via_help = help(&["help", "memos", "pin"]);
    assert!(
        via_help.starts_with("Pin a memo")
            && via_help.contains("Usage: recruit memos pin [OPTIONS] <CANDIDATE> <ID>"),
        "{via_help}"
    );
    assert!(!via_help.contains("--base-url"), "{via_help}");
    let bad = home.cmd().args(["help", "memo"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr_of(&bad).contains("memos"), "{}", stderr_of(&bad));
    // In Korean: the most used commands' summaries and options.
    let ko = help(&["--lang", "ko", "forms", "list", "--help"]);
    assert!(
        ko.contains("지원서(채용 공고) 목록") && ko.contains("제목(또는 직군)"),
        "{ko}"
    );
    assert!(ko.contains("전역 옵션"), "{ko}");
    let ko_options = help(&["--lang", "ko", "help", "options"]);
    assert!(
        ko_options.contains("UTF-8 바이트 순서 표시"),
        "{ko_options}"
    );
}

/// Each translated help names a real command or option (a renamed option would otherwise
/// lose its translation silently), and the most used commands are translated whole.
#[test]
fn every_help_translation_names_a_command_or_option() {
    use clap::CommandFactory;
    let mut root = recruit::cli::Cli::command();
    root.build();
    let mut known = Vec::new();
    fn walk(cmd: &clap::Command, path: &str, known: &mut Vec<String>) {
        known.push(path.to_string());
        known.push(format!("{path}-long"));
        for a in cmd.get_arguments().filter(|a| !a.is_global_set()) {
            known.push(format!("{path}--{}", a.get_id()));
        }
        for sub in cmd.get_subcommands() {
            walk(sub, &format!("{path}-{}", sub.get_name()), known);
        }
    }
    walk(&root, "help", &mut known);
    for a in root.get_arguments().filter(|a| a.is_global_set()) {
        known.push(format!("global--{}", a.get_id()));
    }
    let ids = recruit::i18n::help_ids(recruit::i18n::Lang::Ko);
    let stale: Vec<_> = ids.iter().filter(|id| !known.contains(id)).collect();
    assert!(
        stale.is_empty(),
        "help-ko.ftl names no such command or option: {stale:?}"
    );
    for must in [
        "help-forms-list",
        "help-forms-get",
        "help-forms-apply",
        "help-memos-create",
        "help-memos-pin",
        "help-submissions-list",
        "help-candidates-list",
        "help-export-submissions",
        "global--lang",
    ] {
        assert!(ids.iter().any(|i| i == must), "{must} is not translated");
    }
    // Every option of those commands too.
    for path in [
        "help-forms-list",
        "help-forms-apply",
        "help-memos-create",
        "help-memos-edit",
        "help-submissions-list",
        "help-export-submissions",
    ] {
        for id in known.iter().filter(|k| k.starts_with(&format!("{path}--"))) {
            if id.ends_with("--help") || id.ends_with("--version") {
                continue;
            }
            assert!(ids.contains(id), "{id} is not translated");
        }
    }
}
