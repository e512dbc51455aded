//! What people read, second pass (#38): Korean with no English left in `auth status`, in
//! tables of yes/no and the service's codes, and in the help of jobs, evaluations, interviews
//! and webhooks; the small items (salary units, decoded file names, forms' OPEN at 60 columns,
//! the top-level help's global options).

use crate::common::*;
use serde_json::Value;

use crate::lang::in_lang as run;

/// The English words of `text`: tokens of ASCII letters only (at least two), leaving out what
/// is not prose: tokens with digits or punctuation inside (codes, addresses, `job_admin`,
/// `--sandbox`), and the names, units and values in `allowed`.
fn english_words(text: &str, allowed: &[&str]) -> Vec<String> {
    let mut found: Vec<String> = text
        .split_whitespace()
        .filter(|t| !t.contains("://"))
        .flat_map(|t| t.split(|c: char| "()[]{},;:'\"`<>|=".contains(c)))
        .map(|t| t.trim_end_matches(['.', '…', '!', '?']))
        .filter(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()))
        .filter(|t| !allowed.contains(t))
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn korean_auth_status_has_no_english_word() {
    let home = Home::new();
    // The built-in sandbox, and a real key and address from the environment (where each came
    // from is said in words too).
    let sandbox = run(&home, "ko", &["-o", "table", "auth", "status"]).1;
    let s = stub(|_, _| Reply::json(200, r#"{"collection":[],"pagination":{}}"#));
    let mut cmd = home.cmd();
    cmd.env("RECRUIT_API_KEY", "key-1234")
        .env("RECRUIT_BASE_URL", s.base());
    let status = ["--lang", "ko", "-o", "table", "auth", "status"];
    let (code, real) = cmd
        .args(status)
        .output()
        .map(|o| (o.status.code(), stdout_of(&o)))
        .unwrap();
    assert_eq!(code, Some(0), "{real}");
    assert!(real.contains("환경 변수 RECRUIT_API_KEY"), "{real}");
    assert!(!real.contains("key-1234"), "the key shown: {real}");
    for text in [&sandbox, &real] {
        assert!(text.contains("키 작동:   예"), "{text}");
        let left = english_words(text, &["API", "URL", "default"]);
        assert!(left.is_empty(), "English left: {left:?}\n{text}");
    }
    // JSON never changes with the language.
    let json = |lang: &str| run(&home, lang, &["-o", "json", "auth", "status"]).1;
    assert_eq!(json("ko"), json("en"));
    // Its `problem` too: with no key, the same English sentence for programs.
    let unset = |lang: &str| {
        let out = home
            .cmd()
            .args(["--lang", lang, "-o", "json", "auth", "status"])
            .output();
        stdout_of(&out.unwrap())
    };
    let (ko, en) = (unset("ko"), unset("en"));
    assert_eq!(ko, en);
    assert!(
        ko.contains(r#""problem":"no API key (set RECRUIT_API_KEY"#),
        "{ko}"
    );
}

/// The codes the service sends, as the Korean tables must not show them.
const CODES: &[&str] = &[
    "yes",
    "no",
    "in_progress",
    "submitted",
    "pending",
    "ongoing",
    "complete",
    "individual",
    "confirmed",
    "university_4",
    "job_manager",
    "job_admin",
    "message",
    "reference_check",
    "interview",
    "full_time",
    "not_required",
    "experienced",
    "textarea",
    "checkbox",
    "experience_total",
];

/// Views holding yes/no and the service's codes.
const VIEWS: &[&str] = &[
    "candidates get C1001",
    "candidates get C3013",
    "interviews get IV-1006",
    "interviews get IV-1001",
    "evaluations get EV-1001",
    "forms list --limit 6",
    "forms get FORM-1001",
    "memos list C1001",
    "submissions list C1001 --limit 6",
    "webhooks list",
    "submissions list C1001 --limit 3 --fields code,kind",
];

#[test]
fn korean_tables_say_yes_no_and_the_services_codes_in_words() {
    let home = Home::new();
    let mut seen_en = Vec::new();
    for line in VIEWS {
        let args: Vec<&str> = ["-o", "table"].into_iter().chain(line.split(' ')).collect();
        let (code, ko, err) = run(&home, "ko", &args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        let words: Vec<&str> = ko
            .split(|c: char| c.is_whitespace() || "(),:".contains(c))
            .collect();
        for c in CODES {
            assert!(!words.contains(c), "{args:?}: `{c}` left in Korean:\n{ko}");
        }
        let (_, en, _) = run(&home, "en", &args);
        seen_en.extend(
            CODES
                .iter()
                .filter(|c| en.split_whitespace().any(|w| w == **c))
                .copied(),
        );
    }
    // The views hold these codes (English shows them as sent): the test saw what it checks.
    for c in [
        "yes",
        "no",
        "university_4",
        "pending",
        "individual",
        "message",
        "reference_check",
        "textarea",
    ] {
        assert!(seen_en.contains(&c), "no view showed {c}: {seen_en:?}");
    }
    let (_, ko, _) = run(&home, "ko", &["-o", "table", "candidates", "get", "C1001"]);
    assert!(ko.contains("개인정보 동의:  예"), "{ko}");
    assert!(ko.contains("4년제 대학 졸업"), "{ko}");
    // JSON, NDJSON and CSV carry the codes as sent, whatever the language.
    for format in ["json", "ndjson", "csv"] {
        let args = ["-o", format, "submissions", "list", "C1001", "--limit", "3"];
        let (_, ko, _) = run(&home, "ko", &args);
        let (_, en, _) = run(&home, "en", &args);
        assert_eq!(ko, en, "{format}");
        assert!(ko.contains("reference_check"), "{format}: {ko}");
    }
}

#[test]
fn korean_help_of_jobs_evaluations_interviews_and_webhooks_has_no_english_sentence() {
    let home = Home::new();
    let commands: &[&[&str]] = &[
        &["jobs"],
        &["jobs", "list"],
        &["evaluations"],
        &["evaluations", "get"],
        &["interviews"],
        &["interviews", "get"],
        &["webhooks"],
        &["webhooks", "list"],
        &["webhooks", "get"],
        &["webhooks", "create"],
        &["webhooks", "edit"],
        &["webhooks", "delete"],
        &["webhooks", "verify"],
        &["webhooks", "listen"],
        &["webhooks", "trigger"],
        &["webhooks", "events"],
        &["webhooks", "events", "list"],
        &["webhooks", "events", "show"],
        &["webhooks", "events", "replay"],
        &["webhooks", "events", "prune"],
    ];
    // Names, placeholders, values and units that are the same in every language.
    let allowed = [
        "recruit",
        "help",
        "options",
        "OPTIONS",
        "COMMAND",
        "CODE",
        "URL",
        "KEY",
        "FILE",
        "ID",
        "HEADER",
        "ACTION",
        "NAME",
        "SECS",
        "UNIX",
        "HMAC",
        "JSON",
        "POST",
        "HTTP",
        "Content",
        "Type",
        "application",
        "json",
        "hex",
        "v1",
        "null",
        "true",
        "false",
        "number",
        "key",
        "value",
        "action",
        "payload",
        "pending",
        "delivered",
        "failed",
        "valid",
        "signed",
        "at",
        "ago",
        "error",
        "signature",
        "invalid",
        "UTC",
        "STATUS",
        "A",
        "T",
        "E",
        "K",
        "URI",
        "Service",
        "Webhook",
        "Signature",
        "method",
        "url",
        "body",
        "file",
        "stdin",
        "stderr",
        "stdout",
        "id",
        "sha",
        "VALUE",
        "api",
        "samples",
        "rs",
        "src",
        "webhook",
        "events",
        "db",
        "Ctrl",
        "C",
        "text",
        "store",
        "kill",
        "unix",
        "message",
        "ADDR",
        "DURATION",
        "FORMAT",
        "HOST",
        "PORT",
        "GET",
        "Prometheus",
        "PostgreSQL",
        "README",
        // The subcommands' names.
        "webhooks",
        "list",
        "get",
        "create",
        "edit",
        "delete",
        "listen",
        "verify",
        "trigger",
        "show",
        "replay",
        "prune",
    ];
    for args in commands {
        for flag in ["-h", "--help"] {
            let (code, out, err) = run(&home, "ko", &[*args, &[flag]].concat());
            assert_eq!(code, Some(0), "{args:?}: {err}");
            // Examples are commands (the same in every language), as are option names.
            let prose: String = out
                .lines()
                .take_while(|l| !l.starts_with("예:"))
                .map(|l| l.trim_start())
                .filter(|l| !l.starts_with("사용법:"))
                .collect::<Vec<_>>()
                .join("\n");
            // What is quoted between '…' is what the program prints, as it prints it.
            let unquoted: String = prose.split('\'').step_by(2).collect::<Vec<_>>().join(" ");
            let left = english_words(&unquoted, &allowed);
            assert!(
                left.is_empty(),
                "{args:?} {flag}: English left: {left:?}\n{out}"
            );
            assert!(prose.chars().any(|c| ('가'..='힣').contains(&c)), "{out}");
        }
    }
}

/// The top-level help names the five most used global options, in each language.
#[test]
fn top_level_help_shows_the_most_used_global_options() {
    let home = Home::new();
    for lang in ["en", "ko"] {
        for flag in ["-h", "--help"] {
            let out = home.cmd().args(["--lang", lang, flag]).output().unwrap();
            let text = stdout_of(&out);
            for option in ["--sandbox", "-o, --output", "--jq", "--all", "--lang"] {
                assert!(
                    text.lines().any(|l| l.trim_start().starts_with(option)),
                    "{lang} {flag}: no {option} line:\n{text}"
                );
            }
            assert!(text.contains("recruit help options"), "{text}");
        }
    }
    // A command's own help still leaves them to `recruit help options`.
    let out = home
        .cmd()
        .args(["forms", "list", "--help"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(
        !text
            .lines()
            .any(|l| l.trim_start().starts_with("--sandbox")),
        "{text}"
    );
}

/// Salaries have their unit; addresses of files read decoded (a Korean file name is readable,
/// an ASCII escape stays).
#[test]
fn salaries_have_a_unit_and_file_names_read_decoded() {
    let home = Home::new();
    let (_, en, _) = run(&home, "en", &["-o", "table", "candidates", "get", "C1001"]);
    assert!(en.contains("9,500 × KRW 10,000"), "{en}");
    let (_, ko, _) = run(&home, "ko", &["-o", "table", "candidates", "get", "C1001"]);
    assert!(ko.contains("9,500만 원"), "{ko}");
    let resume = "https://files.example.com/c1/%EC%9D%B4%EB%A0%A5%EC%84%9C%20v2.pdf";
    let body =
        serde_json::json!({"resource": {"code": "C1", "name": "Kim", "resume_path": resume}});
    let s = stub(move |_, _| Reply::json(200, &body.to_string()));
    let get = |format: &str| {
        let base = ["--base-url", &s.base(), "--api-key", "k", "-o", format];
        home.cmd()
            .args(base)
            .args(["candidates", "get", "C1"])
            .output()
            .unwrap()
    };
    let out = get("table");
    let text = stdout_of(&out);
    let decoded = "https://files.example.com/c1/이력서%20v2.pdf";
    assert!(text.contains(decoded), "{text}\n{}", stderr_of(&out));
    let v: Value = serde_json::from_slice(&get("json").stdout).unwrap();
    assert_eq!(v["resource"]["resume_path"], resume, "JSON as sent");
}

/// The forms list at 60 columns keeps "(expired)" by the date it belongs to, and says what an
/// OPEN of "-" means.
#[test]
fn forms_list_at_60_columns_keeps_expired_and_explains_open() {
    let home = Home::new();
    let mut cmd = home.sandbox();
    let out = cmd
        .env("COLUMNS", "60")
        .args(["-o", "table", "forms", "list", "--all"]);
    let out = out.output().unwrap();
    let (text, err) = (stdout_of(&out), stderr_of(&out));
    let expired: Vec<&str> = text.lines().filter(|l| l.contains("(expired)")).collect();
    assert!(!expired.is_empty(), "{text}");
    let json = run(&home, "en", &["-o", "json", "--all", "forms", "list"]).1;
    let forms: Value = serde_json::from_str(&json).unwrap();
    let n_expired = forms
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["expired"] == true)
        .count();
    assert_eq!(expired.len(), n_expired, "{text}");
    assert!(text.lines().any(|l| l.contains(" - ")), "{text}");
    assert!(err.contains("OPEN \"-\": the service did not say"), "{err}");
}
