//! `--lang`: text for people in English or Korean, chosen by flag > RECRUIT_LANG > the
//! profile's `lang` > the locale variables; the bytes of JSON, NDJSON and CSV (and the exit
//! codes) never change with it. `--bom` on CSV; `recruit help options`.

use crate::common::{refusing_port, stderr_of, stdout_of, Home, TestSandbox};

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
    // A bad value is a usage error naming what is allowed, in either place (in the
    // profile's language, Korean by now).
    let bad = home
        .sandbox()
        .args(["--lang", "de", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr_of(&bad).contains("[가능한 값: en, ko]"),
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
        stderr_of(&refused).contains("허용되는 값: en 또는 ko"),
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
    // The BOM, and the one text cell that would start a formula guarded (a phone number
    // written +1-415-...: a spreadsheet would compute it); nothing else.
    let plain_text = String::from_utf8(plain.clone()).unwrap();
    let guarded = plain_text.replace(",+1-415-555-0142,", ",'+1-415-555-0142,");
    assert_ne!(
        guarded, plain_text,
        "the sandbox has a phone number starting with +"
    );
    assert!(
        std::str::from_utf8(&list[3..]).unwrap() == guarded,
        "the BOM and the guard, nothing else"
    );
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
    // Unbuilt: each argument where it is defined (`sync --db`), not the copies of global
    // arguments clap puts in every subcommand when it builds the tree.
    let root = recruit::cli::Cli::command();
    let mut known = Vec::new();
    fn walk(cmd: &clap::Command, path: &str, known: &mut Vec<String>) {
        known.push(path.to_string());
        known.push(format!("{path}-long"));
        known.push(format!("{path}-note"));
        known.push(format!("{path}-examples"));
        known.push(format!("{path}-after"));
        known.push(format!("{path}-before"));
        for a in cmd.get_arguments() {
            known.push(format!("{path}--{}", a.get_id()));
            known.push(format!("{path}--{}-long", a.get_id()));
        }
        for sub in cmd.get_subcommands() {
            walk(sub, &format!("{path}-{}", sub.get_name()), known);
        }
    }
    walk(&root, "help", &mut known);
    for a in root.get_arguments().filter(|a| a.is_global_set()) {
        known.push(format!("global--{}", a.get_id()));
    }
    // The exit codes' paragraph of `recruit --help` (made from ExitKind, see src/cli/exits.rs).
    known.push("help-exit-heading".to_string());
    for code in [0, 1, 2, 3, 4, 5, 6, 7, 8, 130, 141] {
        known.push(format!("help-exit-{code}"));
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
            // A longer `--help` form of an option's help is there only where needed.
            if id.ends_with("--help") || id.ends_with("--version") || id.ends_with("-long") {
                continue;
            }
            assert!(ids.contains(id), "{id} is not translated");
        }
    }
}

/// Runs `args` against this home's sandbox in `lang`: (exit code, stdout, stderr).
pub(crate) fn in_lang(home: &Home, lang: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = home
        .sandbox()
        .args(["--lang", lang])
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), stdout_of(&out), stderr_of(&out))
}

#[test]
fn sync_summary_status_and_its_errors_in_both_languages() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let db = db.to_str().unwrap();
    // A mirror not made yet: the error names the fix.
    let (code, _, err) = in_lang(&home, "ko", &["sync", "status", "--db", db]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("미러가 없습니다. `recruit sync`가 만들어 줍니다"),
        "{err}"
    );
    let (code, _, err) = in_lang(&home, "en", &["sync", "status", "--db", db]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("`recruit sync` creates it (or pass --db FILE)"),
        "{err}"
    );
    // The run's summary.
    let (code, _, err) = in_lang(&home, "ko", &["-o", "table", "sync", "--db", db]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("동기화 완료: 지원자 "), "{err}");
    assert!(
        err.contains("명의 메모와 제출된 양식을 가져왔습니다"),
        "{err}"
    );
    assert!(!err.contains("synced "), "{err}");
    let (code, _, err) = in_lang(&home, "en", &["-o", "table", "sync", "--db", db]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.starts_with("synced "), "{err}");
    assert!(err.contains(" candidates into SQLite file "), "{err}");
    // The status table's words.
    let (code, out, err) = in_lang(&home, "ko", &["-o", "table", "sync", "status", "--db", db]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("최근 실행:"), "{out}");
    assert!(
        out.contains("지원자 목록을 마지막으로 모두 읽은 때: "),
        "{out}"
    );
    let (_, out, _) = in_lang(&home, "en", &["-o", "table", "sync", "status", "--db", db]);
    assert!(out.contains("last runs:"), "{out}");
    assert!(
        out.contains("last complete walk of the candidate list: "),
        "{out}"
    );
    // The purge preview.
    let purge = [
        "-o", "table", "sync", "purge", "--db", db, "--stage", "fail",
    ];
    let (code, _, err) = in_lang(
        &home,
        "ko",
        &[&purge[..], &["--older-than", "1d", "--dry-run"]].concat(),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.starts_with("개인 정보를 삭제할 지원자: 전형 단계 fail에서 "),
        "{err}"
    );
    let (_, _, err) = in_lang(
        &home,
        "en",
        &[&purge[..], &["--older-than", "1d", "--dry-run"]].concat(),
    );
    assert!(err.starts_with("would purge "), "{err}");
    // JSON does not change with the language.
    let (_, ko, _) = in_lang(&home, "ko", &["-o", "json", "sync", "status", "--db", db]);
    let (_, en, _) = in_lang(&home, "en", &["-o", "json", "sync", "status", "--db", db]);
    assert_eq!(ko, en);
}

#[test]
fn files_upload_notes_and_errors_in_both_languages() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.pdf");
    let missing = missing.to_str().unwrap();
    let (code, _, err) = in_lang(&home, "ko", &["files", "upload", missing]);
    assert_eq!(code, Some(2));
    assert!(err.contains("을(를) 읽을 수 없습니다"), "{err}");
    let (code, _, err) = in_lang(&home, "en", &["files", "upload", missing]);
    assert_eq!(code, Some(2));
    assert!(err.contains(&format!("cannot read '{missing}'")), "{err}");
    // The dry run's note for people; its JSON keeps the English `then`.
    let cv = dir.path().join("cv.pdf");
    std::fs::write(&cv, b"%PDF-1.4 cv").unwrap();
    let cv = cv.to_str().unwrap();
    let (code, _, err) = in_lang(
        &home,
        "ko",
        &["-o", "table", "files", "upload", cv, "--dry-run"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("참고: 그다음 파일의 11바이트를"), "{err}");
    let (_, _, err) = in_lang(
        &home,
        "en",
        &["-o", "table", "files", "upload", cv, "--dry-run"],
    );
    assert!(err.contains("note: then PUT the file's 11 bytes"), "{err}");
    // (Each run has its own sandbox, on its own port.)
    let then = |lang: &str| {
        let (_, out, _) = in_lang(
            &home,
            lang,
            &["-o", "json", "files", "upload", cv, "--dry-run"],
        );
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (v["then"].clone(), v["body"].clone())
    };
    assert_eq!(then("ko"), then("en"));
    assert!(then("ko")
        .0
        .as_str()
        .unwrap()
        .starts_with("then PUT the file's 11 bytes"));
}

#[test]
fn webhook_tools_speak_korean_and_keep_their_json() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let payload = dir.path().join("event.json");
    std::fs::write(&payload, r#"{"action":"candidate_pass"}"#).unwrap();
    let payload = payload.to_str().unwrap();
    // The vector of scripting.rs: signed with whsec_test at 1700000000.
    let sig = "t=1700000000,v1=1c18c04affb64b96016498744cedf1b44a45cc8fdf5e8d724a64a1c7797c24c7";
    let verify = |lang: &str, key: &str| {
        in_lang(
            &home,
            lang,
            &[
                "webhooks",
                "verify",
                "--signing-key",
                key,
                "--signature",
                sig,
                "--now",
                "1700000000",
                "--payload",
                payload,
            ],
        )
    };
    let (code, out, err) = verify("ko", "whsec_test");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("올바른 서명입니다(2023-11-14"), "{out}");
    let (_, out, _) = verify("en", "whsec_test");
    assert!(out.starts_with("valid (signed at 2023-11-14"), "{out}");
    let (code, _, err) = verify("ko", "whsec_other");
    assert_eq!(code, Some(8), "{err}");
    assert!(err.contains("서명이 올바르지 않습니다: "), "{err}");
    let (code, _, err) = verify("en", "whsec_other");
    assert_eq!(code, Some(8), "{err}");
    assert!(err.contains("signature invalid: "), "{err}");
    // No store yet: the hint that says how to make one.
    let store = dir.path().join("events.sqlite");
    let store = store.to_str().unwrap();
    let (code, _, err) = in_lang(
        &home,
        "ko",
        &[
            "-o", "table", "webhooks", "events", "list", "--store", store,
        ],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("이벤트 저장소가 없습니다. `recruit webhooks listen --store`가 만들어 줍니다"),
        "{err}"
    );
    let (code, _, err) = in_lang(
        &home,
        "en",
        &[
            "-o", "table", "webhooks", "events", "list", "--store", store,
        ],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no event store at "), "{err}");
    // trigger: its progress line and its refusal.
    let (code, _, err) = in_lang(
        &home,
        "ko",
        &[
            "webhooks",
            "trigger",
            "candidate_pass",
            "--to",
            "http://127.0.0.1:9/",
            "--retry-delays",
            "",
        ],
    );
    assert_eq!(code, Some(7), "{err}");
    assert!(err.contains("candidate_pass 보내는 중("), "{err}");
    assert!(
        err.contains("에 전달하지 못했습니다: 1번 시도 모두 실패"),
        "{err}"
    );
    let (_, _, err) = in_lang(
        &home,
        "en",
        &[
            "webhooks",
            "trigger",
            "candidate_pass",
            "--to",
            "http://127.0.0.1:9/",
            "--retry-delays",
            "",
        ],
    );
    assert!(err.contains("sending candidate_pass ("), "{err}");
    assert!(err.contains(": 1 attempt failed, last: "), "{err}");
    let bad_delay = [
        "webhooks",
        "trigger",
        "candidate_pass",
        "--to",
        "http://127.0.0.1:9/",
        "--retry-delays",
        "soon",
    ];
    let (code, _, err) = in_lang(&home, "ko", &bad_delay);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--retry-delays: 'soon'은(는) 초 단위 숫자가 아닙니다"),
        "{err}"
    );
    let (_, _, err) = in_lang(&home, "en", &bad_delay);
    assert!(
        err.contains("--retry-delays: 'soon' is not a number of seconds"),
        "{err}"
    );
}

/// `webhooks listen` in text log mode speaks the language; its JSON log keeps English.
#[test]
fn listen_log_lines_for_people_and_the_json_log() {
    use std::time::Duration;
    let home = Home::new();
    let start = |args: &[&str]| {
        let mut c = home.std_cmd();
        c.args(["--lang", "ko", "webhooks", "listen", "--port", "0"])
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        let mut child = c.spawn().unwrap();
        let err = crate::common::lines(child.stderr.take().unwrap());
        (child, err)
    };
    let (mut child, err) = start(&["--log-format", "text"]);
    let first = err.recv_timeout(Duration::from_secs(20)).unwrap();
    assert!(first.starts_with("http://127.0.0.1:"), "{first}");
    assert!(
        first.ends_with("에서 웹훅을 기다립니다(멈추려면 Ctrl-C)"),
        "{first}"
    );
    let second = err.recv_timeout(Duration::from_secs(20)).unwrap();
    assert!(
        second.contains("서명 키 없음: 모든 요청을 검증하지 않고 받습니다"),
        "{second}"
    );
    // Let the start-up finish (its signal handlers), then stop it: the summary, in Korean.
    while err.recv_timeout(Duration::from_millis(500)).is_ok() {}
    crate::common::send_signal(&child, "TERM");
    assert_eq!(crate::common::wait_at_most(&mut child, 20), Some(0));
    let mut rest = Vec::new();
    while let Ok(line) = err.recv_timeout(Duration::from_secs(5)) {
        rest.push(line);
    }
    let last = rest.last().cloned().unwrap_or_default();
    assert_eq!(last, "멈춤: 받음 0개, 수락 0개, 거부 0개", "{rest:?}");

    let (mut child, err) = start(&["--log-format", "json"]);
    let first = err.recv_timeout(Duration::from_secs(20)).unwrap();
    let v: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("listening on http://127.0.0.1:"),
        "{first}"
    );
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn export_and_api_errors_in_both_languages() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let codes = dir.path().join("codes.txt");
    std::fs::write(&codes, "C1001 C1002\n").unwrap();
    let codes = codes.to_str().unwrap();
    let (code, _, err) = in_lang(&home, "ko", &["export", "memos", "--candidates", codes]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("지원자 코드 파일 '")
            && err.contains("', 1번째 줄: 'C1001 C1002'은(는) 지원자 코드 하나가 아닙니다"),
        "{err}"
    );
    let (code, _, err) = in_lang(&home, "en", &["export", "memos", "--candidates", codes]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("', line 1: 'C1001 C1002' is not one candidate code; put one code per line"),
        "{err}"
    );
    let out_dir = dir.path().to_str().unwrap();
    let (code, _, err) = in_lang(&home, "ko", &["export", "forms", "--out", out_dir]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("은(는) 디렉터리입니다. 파일 이름을 주세요"),
        "{err}"
    );
    let (_, _, err) = in_lang(&home, "en", &["export", "forms", "--out", out_dir]);
    assert!(err.contains(" is a directory; give a file name"), "{err}");
    // api
    let (code, _, err) = in_lang(
        &home,
        "ko",
        &["api", "GET", "/application_forms", "-H", "Authorization: x"],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("키는 -H Authorization이 아니라"), "{err}");
    let (_, _, err) = in_lang(
        &home,
        "en",
        &["api", "GET", "/application_forms", "-H", "Authorization: x"],
    );
    assert!(
        err.contains("set the key with RECRUIT_API_KEY or --api-key, not -H Authorization"),
        "{err}"
    );
}

#[test]
fn help_headings_flags_and_notes_in_korean() {
    let home = Home::new();
    let help = |lang: &str| {
        let out = home
            .cmd()
            .args(["--lang", lang, "memos", "pin", "--help"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        stdout_of(&out)
    };
    let ko = help("ko");
    for want in [
        "\n사용법: recruit memos pin [OPTIONS] <CANDIDATE> <ID>\n",
        "\n인수:\n",
        "\n옵션:\n",
        "도움말 보기",
        "버전 보기",
        "서비스는 메모 고정을 뒤집기(토글)만 할 수 있어서",
        "\n예:\n  recruit memos pin C1001 101\n",
    ] {
        assert!(ko.contains(want), "{want:?} in {ko}");
    }
    for gone in [
        "Usage:",
        "Arguments:",
        "Options:",
        "Print help",
        "Print version",
        "only toggles",
        "Examples:",
    ] {
        assert!(!ko.contains(gone), "{gone:?} in {ko}");
    }
    let en = help("en");
    for want in [
        "\nUsage: recruit memos pin",
        "\nArguments:\n",
        "\nOptions:\n",
        "Print help",
        "Print version",
        "The service only toggles a memo's pin",
        "\nExamples:\n",
    ] {
        assert!(en.contains(want), "{want:?} in {en}");
    }
    // A group's list of commands, and a long description.
    let out = home
        .cmd()
        .args(["--lang", "ko", "memos", "--help"])
        .output()
        .unwrap();
    assert!(
        stdout_of(&out).contains("\n명령:\n  list "),
        "{}",
        stdout_of(&out)
    );
    let out = home
        .cmd()
        .args(["--lang", "ko", "export", "forms", "--help"])
        .output()
        .unwrap();
    assert!(
        stdout_of(&out).contains("상세 정보(`questions` 포함)를 동시에 가져와"),
        "{}",
        stdout_of(&out)
    );
    // -h and -V still work as before.
    let out = home.cmd().args(["--lang", "ko", "-V"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout_of(&out).starts_with("recruit "),
        "{}",
        stdout_of(&out)
    );
    let out = home
        .cmd()
        .args(["--lang", "ko", "memos", "pin", "-h"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout_of(&out).contains("  -h, --help     도움말 보기"),
        "{}",
        stdout_of(&out)
    );
}

/// The argument parser's errors people meet most, in Korean under `--lang ko` (exit 2 either
/// way); English keeps clap's own text.
#[test]
fn argument_errors_in_both_languages() {
    let home = Home::new();
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["forms", "lst"],
            "오류: 알 수 없는 하위 명령 'lst'\n  비슷한 것: 'list'",
            "error: unrecognized subcommand 'lst'",
        ),
        (
            &["forms", "list", "--bogus"],
            "오류: 알 수 없는 인수 '--bogus'",
            "error: unexpected argument '--bogus' found",
        ),
        (
            &["memos", "get"],
            "오류: 다음 필수 인수가 없습니다:\n  <CANDIDATE>\n  <ID>",
            "error: the following required arguments were not provided:",
        ),
        (
            &["-o", "xml", "forms", "list"],
            "오류: '--output <FORMAT>'에 잘못된 값 'xml'\n  [가능한 값: table, json, ndjson, csv, xlsx]",
            "error: invalid value 'xml' for '--output <FORMAT>'",
        ),
    ];
    for (args, ko, en) in cases {
        let (code, out, err) = in_lang(&home, "ko", args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.starts_with(ko), "{args:?}:\n{err}");
        assert!(err.contains("자세한 내용은 '--help'를 보세요."), "{err}");
        assert!(!err.contains("error"), "{err}");
        let (code, _, err) = in_lang(&home, "en", args);
        assert_eq!(code, Some(2));
        assert!(err.starts_with(en), "{args:?}:\n{err}");
    }
}

/// What a 404 names, and a flag value our own parser refuses, in the language in use; the
/// exit codes and the service's own detail stay.
#[test]
fn not_found_and_refused_values_in_both_languages() {
    let home = Home::new();
    let cases: [(&[&str], &str, &str, i32); 4] = [
        (
            &["memos", "get", "C1001", "99999"],
            "오류: 지원자 C1001에게서 메모 99999을(를) 찾을 수 없습니다",
            "error: memo 99999 not found on candidate C1001",
            3,
        ),
        (
            &["forms", "get", "NOPE"],
            "오류: 지원서 'NOPE'을(를) 찾을 수 없습니다",
            "error: application form 'NOPE' not found",
            3,
        ),
        (
            &["interviews", "get", "NOPE"],
            "오류: 면접 'NOPE'을(를) 찾을 수 없습니다",
            "error: interview 'NOPE' not found",
            3,
        ),
        (
            &["--timeout", "abc", "forms", "list"],
            "오류: '--timeout <SECS>'에 잘못된 값 'abc': ",
            "error: invalid value 'abc' for '--timeout <SECS>': ",
            2,
        ),
    ];
    for (args, ko, en, code) in cases {
        let (got, _, err) = in_lang(&home, "ko", args);
        assert_eq!(got, Some(code), "{args:?}: {err}");
        assert!(err.starts_with(ko), "{args:?}:\n{err}");
        let (got, _, err) = in_lang(&home, "en", args);
        assert_eq!(got, Some(code), "{args:?}: {err}");
        assert!(err.starts_with(en), "{args:?}:\n{err}");
    }
}

/// Runs `args` (no sandbox) in `lang`: (exit code, stdout, stderr).
fn plain_in_lang(home: &Home, lang: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = home
        .cmd()
        .args(["--lang", lang])
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), stdout_of(&out), stderr_of(&out))
}

/// Each case: the arguments, text Korean stderr holds, text English stderr holds, the exit
/// code (the same in both).
type Case<'a> = (Vec<&'a str>, &'a str, &'a str, i32);

fn both_languages(home: &Home, cases: &[Case<'_>]) {
    for (args, ko, en, code) in cases {
        let (got, _, err) = in_lang(home, "ko", args);
        assert_eq!(got, Some(*code), "{args:?}: {err}");
        assert!(err.contains(ko), "{args:?}:\n{err}");
        let (got, _, err) = in_lang(home, "en", args);
        assert_eq!(got, Some(*code), "{args:?}: {err}");
        assert!(err.contains(en), "{args:?}:\n{err}");
    }
}

/// The reasons our value parsers give, and the number checks of clap and the standard
/// library, in the language in use.
#[test]
fn value_parser_reasons_in_both_languages() {
    let home = Home::new();
    both_languages(
        &home,
        &[
            (
                vec!["webhooks", "events", "list", "--since", "foo"],
                "'foo'은(는) 시각이 아닙니다: 2026-11-01, 2026-11-01T09:00:00Z 또는 12h, 7d 같은 경과 시간을 쓰세요",
                "'foo' is not a time: use 2026-11-01, 2026-11-01T09:00:00Z, or an age such as 12h or 7d",
                2,
            ),
            (
                vec!["sync", "purge", "--stage", "fail", "--older-than", "5y"],
                "'5y': 알 수 없는 단위 'y' (s, m, h, d, w 중 하나를 쓰세요)",
                "'5y': unknown unit 'y' (use s, m, h, d or w)",
                2,
            ),
            (
                vec!["memos", "get", "C1001", "abc"],
                "메모 id는 101 같은 정수여야 합니다",
                "the memo id must be a whole number such as 101",
                2,
            ),
            (
                vec!["sync", "--concurrency", "99"],
                "'--concurrency <N>'에 잘못된 값 '99': 99은(는) 1..=64 범위 밖입니다",
                "invalid value '99' for '--concurrency <N>': 99 is not in 1..=64",
                2,
            ),
            (
                vec!["sync", "--concurrency", "x"],
                "'x': 정수가 아닙니다 (예: 8)",
                "'x' for '--concurrency <N>': invalid digit found in string",
                2,
            ),
            (
                vec!["--timeout", "abc", "forms", "list"],
                "'abc': 숫자가 아닙니다 (예: 2 또는 0.5)",
                "'abc' for '--timeout <SECS>': invalid float literal",
                2,
            ),
        ],
    );
}

/// clap's rarer error kinds, built from its error context in Korean; English keeps clap's.
#[test]
fn rarer_argument_errors_in_both_languages() {
    let home = Home::new();
    both_languages(
        &home,
        &[
            (
                vec!["-o", "json", "-o", "csv", "forms", "list"],
                "오류: 인수 '--output <FORMAT>'는 여러 번 쓸 수 없습니다",
                "error: the argument '--output <FORMAT>' cannot be used multiple times",
                2,
            ),
            (
                vec!["forms", "list", "--output"],
                "오류: '--output <FORMAT>'에 값이 필요하지만 주어지지 않았습니다",
                "error: a value is required for '--output <FORMAT>' but none was supplied",
                2,
            ),
        ],
    );
}

/// `config set` and `config get` refusals, and a bad value of a flag, in the language in use.
#[test]
fn config_refusals_in_both_languages() {
    let home = Home::new();
    both_languages(
        &home,
        &[
            (
                vec!["config", "set", "timeout", "abc"],
                "'abc'은(는) timeout에 맞지 않는 값입니다. 허용되는 값: 초 단위 숫자",
                "'abc' is not a valid timeout: use a number of seconds",
                2,
            ),
            (
                vec!["config", "set", "bogus", "1"],
                "알 수 없는 설정 'bogus'. 다음 중 하나를 쓰세요: base_url, ",
                "unknown setting 'bogus'; use one of: base_url, ",
                2,
            ),
            (
                vec!["--max-rate", "0", "forms", "list"],
                "--max-rate에 잘못된 값 0. 허용되는 값: 0.01에서 1000000 사이의 초당 요청 수(예: 20)",
                "--max-rate must be a number of requests per second from 0.01 to 1000000, e.g. 20, got 0",
                2,
            ),
        ],
    );
    // Nothing was written by the refusals.
    let (code, _, err) = plain_in_lang(&home, "ko", &["config", "get", "timeout"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "'timeout'이(가) 설정되어 있지 않습니다. 지금 실행하는 명령은 기본값의 30을(를) 씁니다"
        ),
        "{err}"
    );
    let (_, _, err) = plain_in_lang(&home, "en", &["config", "get", "timeout"]);
    assert!(
        err.contains("; commands run now use 30 from default"),
        "{err}"
    );
}

/// Local files that cannot be read: what, which file, and why, in the language in use.
#[test]
fn file_errors_in_both_languages() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("codes.txt");
    let missing = missing.to_str().unwrap();
    let bad = dir.path().join("answers.json");
    std::fs::write(&bad, "{bad").unwrap();
    let bad = bad.to_str().unwrap();
    let ko_missing = format!(
        "오류: 지원자 파일 '{missing}'을(를) 읽을 수 없습니다: 파일이나 디렉터리가 없습니다"
    );
    let en_missing =
        format!("error: cannot read the candidates file '{missing}': No such file or directory");
    both_languages(
        &home,
        &[
            (
                vec!["export", "submissions", "--candidates", missing],
                &ko_missing,
                &en_missing,
                2,
            ),
            (
                vec!["forms", "apply", "F1001", "--answers", bad],
                "오류: 답변 파일이(가) 올바른 JSON이 아닙니다: 1번째 줄 2번째 칸, 키는 문자열이어야 합니다",
                "error: the answers file is not valid JSON: key must be a string at line 1, column 2",
                2,
            ),
        ],
    );
}

/// Rare failures: a signature refused (the listener's reasons), a server that cannot be
/// reached; the cause's own words stay.
#[test]
fn rejections_and_network_errors_in_both_languages() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let payload = dir.path().join("p.json");
    std::fs::write(&payload, "{}").unwrap();
    let payload = payload.to_str().unwrap();
    let verify = |sig: &'static str| {
        vec![
            "webhooks",
            "verify",
            "--signature",
            sig,
            "--payload",
            payload,
            "--signing-key",
            "k",
        ]
    };
    both_languages(
        &home,
        &[
            (
                verify("x"),
                "서명 헤더의 형식이 잘못되었습니다: 요소 'x'이(가) key=value 형식이 아닙니다",
                "malformed signature header: element 'x' is not key=value",
                8,
            ),
            (
                verify("t=1,v1=00"),
                "v1 서명 #1 '00'이(가) 16진수 64자리가 아닙니다",
                "v1 signature #1 '00' is not 64 hex digits",
                8,
            ),
        ],
    );
    let (port, _refusing) = refusing_port();
    let base = format!("http://127.0.0.1:{port}");
    let args = ["--base-url", &base, "--retries", "0", "forms", "list"];
    let run = |lang: &str| {
        let out = home
            .cmd()
            .env("RECRUIT_API_KEY", "k")
            .args(["--lang", lang])
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), stderr_of(&out))
    };
    let (code, err) = run("ko");
    assert_eq!(code, Some(7), "{err}");
    assert!(
        err.contains(&format!("오류: {base}에 연결할 수 없습니다: ")),
        "{err}"
    );
    let (code, err) = run("en");
    assert_eq!(code, Some(7), "{err}");
    assert!(
        err.contains(&format!("error: request to {base} could not connect: ")),
        "{err}"
    );
}

/// The listener's text log gives a refused request's reason in Korean; its JSON log keeps
/// the English.
#[test]
fn listener_rejections_for_people_and_the_json_log() {
    use std::io::{Read, Write};
    use std::time::Duration;
    let home = Home::new();
    let reason_of = |format: &str| {
        let mut c = home.std_cmd();
        c.args(["--lang", "ko", "webhooks", "listen", "--port", "0"])
            .args(["--signing-key", "k", "--log-format", format])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        let mut child = c.spawn().unwrap();
        let err = crate::common::lines(child.stderr.take().unwrap());
        let first = err.recv_timeout(Duration::from_secs(20)).unwrap();
        let at = first.find("http://127.0.0.1:").expect(&first) + "http://127.0.0.1:".len();
        let port: u16 = first[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap();
        while err.recv_timeout(Duration::from_millis(300)).is_ok() {}
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(b"POST /hook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
            .unwrap();
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
        // The answer is for programs: English.
        assert!(answer.contains("missing signature header"), "{answer}");
        let line = err.recv_timeout(Duration::from_secs(20)).unwrap();
        let _ = child.kill();
        let _ = child.wait();
        line
    };
    let text = reason_of("text");
    assert!(
        text.contains("POST /hook 거부: 서명 헤더가 없습니다 (")
            && text.contains(" 헤더가 필요합니다) (400(으)로 응답)"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&reason_of("json")).unwrap();
    let message = json["message"].as_str().unwrap();
    assert!(
        message.starts_with("rejected POST /hook: missing signature header (expected "),
        "{message}"
    );
}

/// `sync status`'s table gives a run's status as a word in the language in use; JSON keeps
/// the value as the mirror stores it.
#[test]
fn sync_status_words_in_both_languages() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mirror.sqlite");
    let db = db.to_str().unwrap();
    let (code, _, err) = in_lang(&home, "en", &["-o", "json", "sync", "--db", db]);
    assert_eq!(code, Some(0), "{err}");
    let status = ["sync", "status", "--db", db];
    let (_, json, _) = in_lang(&home, "ko", &[&["-o", "json"][..], &status].concat());
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["runs"][0]["status"], "complete", "{json}");
    let (code, out, err) = in_lang(&home, "ko", &[&["-o", "table"][..], &status].concat());
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(" 완료: 목록 "), "{out}");
    assert!(out.contains(" (스키마 "), "{out}");
    assert!(!out.contains("complete:"), "{out}");
    let (_, out, _) = in_lang(&home, "en", &[&["-o", "table"][..], &status].concat());
    assert!(out.contains(" complete: "), "{out}");
    assert!(out.contains(" (schema "), "{out}");
}

/// Under `--lang ko`, what goes wrong with bad input says it in Korean: no English words
/// are left once the names people type (flags, codes, paths, values, usage lines, the
/// project's own identifiers) are set aside.
#[test]
fn bad_input_errors_hold_no_english_sentence_in_korean() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (missing, bad, payload) = (path("codes.txt"), path("bad.json"), path("p.json"));
    std::fs::write(&bad, "{bad").unwrap();
    std::fs::write(&payload, "{}").unwrap();
    let verify = |sig: &str| {
        [
            "webhooks",
            "verify",
            "--signature",
            sig,
            "--payload",
            &payload,
            "--signing-key",
            "k",
        ]
        .map(str::to_string)
        .to_vec()
    };
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    let mut cases: Vec<Vec<String>> = [
        "webhooks events list --since foo",
        "webhooks events list --since 0s",
        "sync purge --stage fail --older-than 5x",
        "sync status --runs x",
        "sync --concurrency 99",
        "sync --concurrency x",
        "sandbox --fail-rate x",
        "memos get C1001 abc",
        "forms list --per 0",
        "--timeout abc forms list",
        "--timeout 0 forms list",
        "--max-rate 0 forms list",
        "--max-wait -1 forms list",
        "--limit 0 forms list",
        "config set timeout abc",
        "config set retries x",
        "config set bogus 1",
        "config set lang korean",
        "config set base_url ftp://x",
        "-o json -o csv forms list",
        "forms list --output",
        "forms lst",
        "memos get",
    ]
    .iter()
    .map(|c| words(c))
    .collect();
    cases.push(words(&format!("export submissions --candidates {missing}")));
    cases.push(words(&format!("forms apply F1001 --answers {bad}")));
    cases.push(words(&format!("forms apply F1001 --answers {missing}")));
    cases.push(words(&format!("api GET /forms --input {missing}")));
    cases.push(verify("x"));
    cases.push(verify("t=1,v1=00"));
    cases.push(verify("t=1"));
    // The project's own identifiers that are words: setting names and output formats.
    let own = [
        "recruit", "output", "timeout", "retries", "variant", "lang", "table", "json", "ndjson",
        "xlsx", "list", "memos", "forms", "sync", "audit",
    ];
    for args in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = in_lang(&home, "ko", &args);
        assert_ne!(code, Some(0), "{args:?} should fail: {err}");
        let mut english = Vec::new();
        for line in err.lines() {
            // The usage line is the command's own spelling.
            if line.starts_with("사용법: ") {
                continue;
            }
            for word in strip_quoted(line).split_whitespace() {
                let plain = word.trim_matches(|c: char| !c.is_ascii_alphanumeric());
                let named = word.starts_with('-')
                    || word.contains(['/', '=', '_', '.', '<', '@'])
                    || plain.chars().all(|c| !c.is_ascii_lowercase())
                    || own.contains(&plain);
                let letters = plain.chars().filter(char::is_ascii_alphabetic).count();
                if !named && letters >= 4 && plain.chars().all(|c| c.is_ascii_alphabetic()) {
                    english.push(plain.to_string());
                }
            }
        }
        assert!(
            english.is_empty(),
            "{args:?}: English words {english:?} in\n{err}"
        );
    }
}

/// `line` without what is between '…', `…` or "…" (values, commands and names as given).
fn strip_quoted(line: &str) -> String {
    let mut out = String::new();
    let mut open: Option<char> = None;
    for c in line.chars() {
        match open {
            Some(q) if c == q => open = None,
            Some(_) => {}
            None if c == '\'' || c == '`' || c == '"' => open = Some(c),
            None => out.push(c),
        }
    }
    out
}

/// `auth status`'s table and its "not set" error are messages: in Korean with `--lang ko`, as
/// they were in English.
#[test]
fn auth_status_table_and_its_missing_key_in_both_languages() {
    let home = Home::new();
    let (code, out, err) = in_lang(&home, "ko", &["-o", "table", "auth", "status"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "프로필:    default\n기본 URL:  (내장 샌드박스)\nAPI 키:    필요 없음(내장 샌드박스)\n키 작동:   예\n"
    );
    // No key and no address: nothing is tried, and it says what is not set.
    let status = |lang: &str| {
        let out = home
            .cmd()
            .args(["--lang", lang, "-o", "table", "auth", "status"])
            .output()
            .unwrap();
        (out.status.code(), stdout_of(&out), stderr_of(&out))
    };
    let (code, out, err) = status("ko");
    assert_eq!(code, Some(4), "{err}");
    assert!(
        out.contains("키 작동:   아니요: API 키(RECRUIT_API_KEY를 설정하거나 `recruit auth login`을 실행하세요) 없음\n"),
        "{out}"
    );
    assert!(out.contains("기본 URL:  (설정되지 않음)\n"), "{out}");
    assert!(
        err.contains("프로필 'default'") && err.contains("설정되지 않음: API 키(RECRUIT_API_KEY"),
        "{err}"
    );
    let (code, out, err) = status("en");
    assert_eq!(code, Some(4), "{err}");
    assert_eq!(
        out,
        "Profile:   default\nBase URL:  (not set)\nAPI key:   (not set)\nKey works: no: no API key (set RECRUIT_API_KEY or run `recruit auth login`)\n"
    );
    assert!(
        err.contains("not set: API key (set RECRUIT_API_KEY or run `recruit auth login`)"),
        "{err}"
    );
}

/// The answers file's problems (the apply validator) are said in the language in use; the
/// field paths and the values quoted stay as written.
#[test]
fn apply_problems_in_both_languages() {
    let s = TestSandbox::new();
    let file = s.file(
        "answers.json",
        &serde_json::json!({"privacy": "yes", "extra": 1, "questions": [
            {"order": 1, "answer": {"name": "Min Park"}},
            {"order": 99, "answer": {}}
        ]}),
    );
    let run = |lang: &str| {
        let out = s
            .cmd()
            .args([
                "--lang",
                lang,
                "forms",
                "apply",
                "FORM-1001",
                "--answers",
                &file,
            ])
            .output()
            .unwrap();
        (out.status.code(), stderr_of(&out))
    };
    let (code, err) = run("ko");
    assert_eq!(code, Some(2), "{err}");
    for line in [
        "경고: 답변 파일: `extra`는 답변 파일의 필드(privacy, questions, name, email, phone, resume_path)가 아니므로 무시합니다",
        r#"privacy: true 또는 false 값이어야 하는데 문자열 "yes"입니다"#,
        "questions[1]: order: 양식에 order가 99인 질문이 없습니다(순서: ",
        "개 있습니다(위 목록). 아무것도 보내지 않았습니다",
    ] {
        assert!(err.contains(line), "missing {line:?} in:\n{err}");
    }
    assert!(!err.contains("must be"), "{err}");
    let (code, err) = run("en");
    assert_eq!(code, Some(2), "{err}");
    for line in [
        "warning: answers file: `extra` is not a field of the answers file (privacy, questions, name, email, phone, resume_path); ignored",
        r#"privacy: must be true or false, got string "yes""#,
        "questions[1]: order: the form has no question with order 99 (orders: ",
        " problems (listed above); nothing was sent",
    ] {
        assert!(err.contains(line), "missing {line:?} in:\n{err}");
    }
}

/// `webhooks trigger`'s attempt lines and the listener's failed forward, in Korean on screen;
/// the JSON log (for collectors) keeps English.
#[test]
fn trigger_attempts_and_listener_forwards_in_korean() {
    use std::io::{Read, Write};
    use std::time::Duration;
    let home = Home::new();
    let trigger = [
        "webhooks",
        "trigger",
        "candidate_pass",
        "--to",
        "http://127.0.0.1:9/",
        "--retry-delays",
        "",
    ];
    let (code, _, err) = in_lang(&home, "ko", &trigger);
    assert_eq!(code, Some(7), "{err}");
    assert!(err.contains("시도 1/1: "), "{err}");
    assert!(!err.contains("attempt 1/1"), "{err}");
    let (_, _, err) = in_lang(&home, "en", &trigger);
    assert!(err.contains("attempt 1/1: "), "{err}");

    // A listener whose forward target refuses connections: the event is answered 502 and the
    // warning says so, in the language of each log.
    let (refused, _socket) = refusing_port();
    let target = format!("http://127.0.0.1:{refused}/");
    // Messages name a forward target by its one shown name.
    let shown = recruit::redact::target_name(&target);
    let start = |format: &str| {
        let mut c = home.std_cmd();
        c.args(["--lang", "ko", "webhooks", "listen", "--port", "0"])
            .args(["--forward-to", &target, "--log-format", format])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped());
        let mut child = c.spawn().unwrap();
        let err = crate::common::lines(child.stderr.take().unwrap());
        let first = err.recv_timeout(Duration::from_secs(20)).unwrap();
        let at = first.find("127.0.0.1:").expect("the address") + "127.0.0.1:".len();
        let port: String = first[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        (child, err, format!("127.0.0.1:{port}"))
    };
    let post = |addr: &str| {
        let body = r#"{"action":"candidate_pass"}"#;
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        write!(
            s,
            "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer
    };
    let warning_of = |err: &std::sync::mpsc::Receiver<String>, needle: &str| loop {
        let line = err
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no line with {needle:?}"));
        if line.contains(needle) {
            return line;
        }
    };
    let (mut child, err, addr) = start("text");
    assert!(post(&addr).starts_with("HTTP/1.1 502"));
    let line = warning_of(&err, "경고: ");
    assert!(
        line.contains(&format!("경고: {shown}(으)로 전달 실패: ")),
        "{line}"
    );
    assert!(line.ends_with("서비스에 502로 응답합니다"), "{line}");
    let _ = child.kill();
    let _ = child.wait();

    let (mut child, err, addr) = start("json");
    assert!(post(&addr).starts_with("HTTP/1.1 502"));
    let line = warning_of(&err, "forward_failed");
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    let message = v["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("warning: forward to {shown} failed: ")),
        "{message}"
    );
    assert!(
        message.ends_with("; answering the service 502"),
        "{message}"
    );
    let _ = child.kill();
    let _ = child.wait();
}

/// `memos pin --dry-run` on a memo already pinned: the table line in either language.
#[test]
fn memo_pin_dry_run_in_both_languages() {
    let home = Home::new();
    let args = ["-o", "table", "memos", "pin", "C1001", "101", "--dry-run"];
    let (code, out, err) = in_lang(&home, "en", &args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "Memo 101 on candidate C1001 is already pinned; nothing would be sent.\n"
    );
    let (code, out, err) = in_lang(&home, "ko", &args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "지원자 C1001의 메모 101은(는) 이미 고정되어 있습니다. 아무것도 보내지 않습니다.\n"
    );
}
