//! Scripts and spreadsheets: `--jq`'s format strings, CSV meant for a spreadsheet (`--bom`'s
//! formula guard, `--encoding cp949`), input files in other encodings, a reader that closes
//! the pipe early.

use crate::common::*;

/// (name, jq expression on `candidates list --all`, what jq 1.6 prints for it). Every
/// expected string is jq's own output, to the byte (@uri as jq 1.7: `!*'()` are encoded).
const FORMATS: &[(&str, &str, &str)] = &[
    (
        "csv_of_sandbox_rows",
        r#"[.[] | select(.code == "C3001" or .code == "C1001") | [.code, .name, .feedback_score, .interest, .privacy] | @csv] | join("\n")"#,
        "\"C1001\",\"Kim Min-jun\",84,,true\n\"C3001\",\"김지우\",,,true",
    ),
    (
        "csv_quotes_nulls_numbers",
        r#"[1, "say \"hi\", ok", null, false, 2.5, 3.0, 1e20, "two\nlines"] | @csv"#,
        "1,\"say \"\"hi\"\", ok\",,false,2.5,3,1e+20,\"two\nlines\"",
    ),
    (
        "tsv_escapes",
        r#"["a\tb", "back\\slash", null, true, "cr\rlf\n", 7] | @tsv"#,
        "a\\tb\tback\\\\slash\t\ttrue\tcr\\rlf\\n\t7",
    ),
    (
        "json_compact_as_jq",
        r#"{"name":"김지우","n":[1,3.0,1e20,0.1,1e-5],"del":"\u007f/"} | @json"#,
        "{\"name\":\"김지우\",\"n\":[1,3,1e+20,0.1,1e-05],\"del\":\"\\u007f/\"}",
    ),
    ("text_of_array", r#"[1,"x",null] | @text"#, "[1,\"x\",null]"),
    ("text_of_string", r#""plain" | @text"#, "plain"),
    (
        "base64_hangul",
        r#""김지우 <CV>" | @base64"#,
        "6rmA7KeA7JqwIDxDVj4=",
    ),
    (
        "base64d_hangul",
        r#""6rmA7KeA7JqwIDxDVj4=" | @base64d"#,
        "김지우 <CV>",
    ),
    ("base64d_without_padding", r#""YWI" | @base64d"#, "ab"),
    ("base64d_not_utf8", r#""/w==" | @base64d"#, "�"),
    (
        "base64d_of_sandbox_name",
        r#".[0].name | @base64 | @base64d"#,
        "Kim Min-jun",
    ),
    (
        "uri_hangul",
        r#""김지우 a/b?x=1&y=2~_.-" | @uri"#,
        "%EA%B9%80%EC%A7%80%EC%9A%B0%20a%2Fb%3Fx%3D1%26y%3D2~_.-",
    ),
    (
        "html",
        r#""<a href=\"x\">it's & co</a>" | @html"#,
        "&lt;a href=&quot;x&quot;&gt;it&apos;s &amp; co&lt;/a&gt;",
    ),
    ("sh_string", r#""it's $HOME" | @sh"#, "'it'\\''s $HOME'"),
    (
        "sh_array",
        r#"[1, "a b", null, false, .[0].code] | @sh"#,
        "1 'a b' null false 'C1001'",
    ),
    (
        "csv_interpolated",
        r#"@csv "row: \([.[0].code, .[0].feedback_score])""#,
        "row: \"C1001\",84",
    ),
    (
        "sh_interpolated",
        r#"@sh "echo \(.[0].name) \("it's")""#,
        "echo 'Kim Min-jun' 'it'\\''s'",
    ),
    (
        "json_interpolated",
        r#"@json "v=\("x\"y")""#,
        "v=\"x\\\"y\"",
    ),
    (
        "base64_interpolated",
        r#"@base64 "\("hi"):\("김")""#,
        "aGk=:6rmA",
    ),
    (
        "uri_interpolated",
        r#"@uri "https://x.test/?q=\(.[7].name)&n=\(1)""#,
        "https://x.test/?q=%EA%B9%80%EC%A7%80%EC%9A%B0&n=1",
    ),
    (
        "html_interpolated",
        r#"@html "<p>\("<i>")</p>""#,
        "<p>&lt;i&gt;</p>",
    ),
    ("tsv_interpolated", r#"@tsv "\(["a\tb", 1])""#, "a\\tb\t1"),
    ("text_interpolated", r#"@text "n=\([1])""#, "n=[1]"),
    ("base64d_interpolated", r#"@base64d "\("aGk=")!""#, "hi!"),
    (
        "csv_refuses_objects",
        r#"try ([{"a":1}] | @csv) catch ."#,
        "object ({\"a\":1}) is not valid in a csv row",
    ),
    (
        "csv_refuses_non_arrays",
        r#"try ({"a":"x","b":[1,"y"]} | @csv) catch ."#,
        "object ({\"a\":\"x\",\"b...) cannot be csv-formatted, only array",
    ),
    (
        "sh_refuses_arrays_inside",
        r#"try ([[1]] | @sh) catch ."#,
        "array ([1]) can not be escaped for shell",
    ),
    (
        "base64d_trailing_byte",
        r#"try ("Y" | @base64d) catch ."#,
        "string (\"Y\") trailing base64 byte found",
    ),
    (
        "base64d_bad_character",
        r#"try ("a!b" | @base64d) catch ."#,
        "string (\"a!b\") is not valid base64 data",
    ),
];

/// Every case as one program, `[(e1), (e2), ...]`: one run of the binary for all of them.
fn formats_program() -> String {
    let parts: Vec<String> = FORMATS.iter().map(|(_, e, _)| format!("({e})")).collect();
    format!("[{}]", parts.join(", "))
}

fn strings_of(stdout: &[u8]) -> Vec<String> {
    serde_json::from_slice(stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(stdout));
    })
}

#[test]
fn jq_format_strings_print_what_jq_prints() {
    let home = Home::new();
    let out = home
        .sandbox()
        .args(["candidates", "list", "--all", "--jq", &formats_program()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let got = strings_of(&out.stdout);
    assert_eq!(got.len(), FORMATS.len());
    for ((name, expr, want), got) in FORMATS.iter().zip(&got) {
        assert_eq!(got, want, "{name}: {expr}");
    }
}

/// With jq installed, the same program through jq on the same input gives the same strings
/// (a check of the expected strings themselves; skipped where there is no jq).
#[test]
fn jq_format_strings_agree_with_an_installed_jq() {
    let Ok(version) = std::process::Command::new("jq").arg("--version").output() else {
        eprintln!("no jq on PATH: skipped");
        return;
    };
    let home = Home::new();
    let input = home
        .sandbox()
        .args(["candidates", "list", "--all", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(input.status.code(), Some(0), "{}", stderr_of(&input));
    let mut jq = std::process::Command::new("jq")
        .args(["-c", &formats_program()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    jq.stdin.take().unwrap().write_all(&input.stdout).unwrap();
    let out = jq.wait_with_output().unwrap();
    assert!(out.status.success());
    let version = String::from_utf8_lossy(&version.stdout);
    for ((name, expr, want), theirs) in FORMATS.iter().zip(strings_of(&out.stdout)) {
        // jq 1.6 leaves `!*'()` as they are in @uri; no case here has them.
        assert_eq!(&theirs, want, "{version}: {name}: {expr}");
    }
}

/// A format's refusal ends the command as a usage error with jq's words, unquoted.
#[test]
fn jq_format_refusal_is_a_usage_error_in_jq_words() {
    let home = Home::new();
    let out = home
        .sandbox()
        .args(["candidates", "list", "--limit", "1", "--jq", ".[0] | @csv"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("--jq failed: object ({\"code\":\"C1...) cannot be csv-formatted, only array"),
        "{err}"
    );
}

/// A memo of C1001 with `content`, made in this home's sandbox.
fn memo(home: &Home, content: &str) {
    let out = home
        .sandbox()
        .args(["memos", "create", "C1001", "-o", "json"])
        // `=`-joined: a content such as `-5` is not taken for an option.
        .arg(format!("--content={content}"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
}

/// The rows of a CSV, each as its cells.
fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes)
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect()
}

const FORMULAS: [&str; 5] = [
    "=HYPERLINK(\"https://evil.test\",\"CV\")",
    "+82 10 1234 5678",
    "-5",
    "@SUM(A1:A9)",
    "\tindented",
];

/// `--bom` CSV, a list and an export alike: a text cell that would start a formula gets a
/// leading `'`; numbers (the memo ids) and other text stay as they are. Without `--bom` the
/// same cells are as the service sent them.
#[test]
fn csv_for_a_spreadsheet_guards_cells_that_start_a_formula() {
    let home = Home::new();
    for f in FORMULAS {
        memo(&home, f);
    }
    let list = |extra: &[&str]| {
        let out = home
            .sandbox()
            .args(["memos", "list", "C1001", "--all", "-o", "csv"])
            .args(["--fields", "id,content"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        out.stdout
    };
    let guarded = list(&["--bom"]);
    assert!(guarded.starts_with(b"\xEF\xBB\xBFid,content\n"));
    let rows = csv_rows(&guarded[3..]);
    let contents: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    for f in FORMULAS {
        assert!(
            contents.contains(&format!("'{f}").as_str()),
            "{f}: {contents:?}"
        );
    }
    // The seed memos' text starts with a letter: untouched; ids are numbers.
    assert!(contents
        .iter()
        .any(|c| c.starts_with("Strong Rust background")));
    assert!(
        rows[1..].iter().all(|r| r[0].parse::<u64>().is_ok()),
        "{rows:?}"
    );
    let plain = csv_rows(&list(&[]));
    let contents: Vec<&str> = plain.iter().map(|r| r[1].as_str()).collect();
    for f in FORMULAS {
        assert!(
            contents.contains(&f),
            "{f} unchanged without --bom: {contents:?}"
        );
    }

    // An export writes through the same encoder.
    let dir = tempfile::tempdir().unwrap();
    let codes = dir.path().join("codes.txt");
    std::fs::write(&codes, "C1001\n").unwrap();
    let file = dir.path().join("memos.csv");
    let out = home
        .sandbox()
        .args(["export", "memos", "--candidates"])
        .arg(&codes)
        .args(["-o", "csv", "--bom", "--fields", "content", "--out"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let bytes = std::fs::read(&file).unwrap();
    let rows = csv_rows(&bytes[3..]);
    assert_eq!(rows[0], ["candidate_code", "content"]);
    for f in FORMULAS {
        assert!(
            rows.iter().any(|r| r[1] == format!("'{f}")),
            "{f}: {rows:?}"
        );
    }
}

/// `--encoding cp949`: the bytes are CP949 (decoded back, the Korean text is whole), a
/// character CP949 lacks is `?`, and one warning gives their count.
#[test]
fn cp949_csv_reads_back_and_counts_what_it_could_not_write() {
    let home = Home::new();
    memo(&home, "김지우 님 면접 통과 😀 똠방각하 ✓");
    let out = home
        .sandbox()
        .args([
            "memos",
            "list",
            "C1001",
            "--all",
            "-o",
            "csv",
            "--encoding",
            "cp949",
        ])
        .args(["--fields", "id,content,user.name"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(out.stdout.starts_with(b"id,content,user.name\n"), "no BOM");
    // Hangul in CP949: two bytes each, not UTF-8's three.
    assert!(
        out.stdout
            .windows(6)
            .any(|w| w == b"\xB1\xE8\xC1\xF6\xBF\xEC"),
        "김지우 in CP949"
    );
    assert!(std::str::from_utf8(&out.stdout).is_err(), "not UTF-8");
    let (text, had_errors) = encoding_rs::EUC_KR.decode_without_bom_handling(&out.stdout);
    assert!(!had_errors);
    let rows = csv_rows(text.as_bytes());
    assert!(
        rows.iter()
            .any(|r| r[1] == "김지우 님 면접 통과 ? 똠방각하 ?"),
        "{rows:?}"
    );
    let err = stderr_of(&out);
    assert!(
        err.contains("warning: 2 characters have no CP949 form and were written as ?"),
        "{err}"
    );

    // In Korean, the same count.
    let out = home
        .sandbox()
        .args(["--lang", "ko", "memos", "list", "C1001", "-o", "csv"])
        .args(["--encoding", "cp949"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("경고: CP949에 없는 문자 2개를 ?로 썼습니다"),
        "{}",
        stderr_of(&out)
    );

    // Everything representable: no warning.
    let out = home
        .sandbox()
        .args([
            "candidates",
            "list",
            "--all",
            "-o",
            "csv",
            "--encoding",
            "cp949",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(!stderr_of(&out).contains("CP949"), "{}", stderr_of(&out));
    let (text, _) = encoding_rs::EUC_KR.decode_without_bom_handling(&out.stdout);
    assert!(text.contains("C3001,김지우,"), "{text}");
}

/// `--encoding` takes utf-8 or cp949, only for CSV, and not with `--bom`: each mistake is
/// exit 2 naming the fix, before any request.
#[test]
fn encoding_mistakes_are_usage_errors() {
    let home = Home::new();
    for (args, says) in [
        (
            &["-o", "csv", "--encoding", "latin1"][..],
            "possible values: utf-8, cp949",
        ),
        (&["-o", "json", "--encoding", "cp949"][..], "add -o csv"),
        (
            &["-o", "csv", "--bom", "--encoding", "cp949"][..],
            "or --encoding cp949 alone",
        ),
    ] {
        let out = home
            .sandbox()
            .args(["candidates", "list"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}
