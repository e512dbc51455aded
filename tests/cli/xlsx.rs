//! Excel workbooks (#51): `-o xlsx` of lists and exports, the password to open them, and the
//! report's workbook, each read back by an independent implementation: Python's openpyxl
//! (cells, types, frozen panes, filters) and msoffcrypto-tool (ECMA-376 decryption), Debian's
//! python3-openpyxl and python3-msoffcrypto-tool (CI installs them: .ci/run).

use std::path::Path;

use serde_json::Value;

use crate::common::*;

/// Reads a workbook (decrypted first with XLSX_PW when set) and prints what the tests check
/// as JSON: per sheet its name, frozen cell, filter range, column widths, and every cell's
/// type (openpyxl's data_type: n number, s string, d date, b boolean, f formula), value and
/// number format; and the package's chart parts and whether a sheet holds a formula. A wrong
/// password ends it with exit 3.
const READER: &str = r#"
import io, json, os, sys, zipfile, datetime
import msoffcrypto, openpyxl
data = open(sys.argv[1], 'rb').read()
pw = os.environ.get('XLSX_PW')
encrypted = data[:8] == b'\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'
if pw is not None:
    f = msoffcrypto.OfficeFile(io.BytesIO(data))
    try:
        f.load_key(password=pw)
        out = io.BytesIO()
        f.decrypt(out)
    except Exception as e:
        print('refused: %s' % type(e).__name__, file=sys.stderr)
        sys.exit(3)
    data = out.getvalue()
z = zipfile.ZipFile(io.BytesIO(data))
charts = [n for n in z.namelist() if n.startswith('xl/charts/chart')]
bar = any(b'<c:barChart>' in z.read(n) for n in charts)
formula = any(b'<f>' in z.read(n) or b'<f ' in z.read(n) for n in z.namelist() if n.startswith('xl/worksheets/'))
wb = openpyxl.load_workbook(io.BytesIO(data))
def v(x):
    if isinstance(x, (datetime.datetime, datetime.date)):
        return x.isoformat()
    return x
sheets = []
for ws in wb.worksheets:
    rows = [[{'t': c.data_type, 'v': v(c.value), 'fmt': c.number_format} for c in row] for row in ws.iter_rows()]
    widths = {k: d.width for k, d in ws.column_dimensions.items()}
    sheets.append({'name': ws.title, 'freeze': ws.freeze_panes, 'filter': ws.auto_filter.ref, 'rows': rows, 'widths': widths})
print(json.dumps({'encrypted': encrypted, 'charts': len(charts), 'bar': bar, 'formula': formula, 'sheets': sheets}))
"#;

/// A Python that has openpyxl and msoffcrypto, or `None` (said loudly; under CI a failure).
fn python() -> Option<&'static str> {
    let found = ["/usr/bin/python3", "python3"].into_iter().find(|p| {
        std::process::Command::new(p)
            .args(["-c", "import openpyxl, msoffcrypto"])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        let msg = "\n*** SKIPPED an xlsx test: no python3 with openpyxl and msoffcrypto; install Debian's python3-openpyxl python3-msoffcrypto-tool ***\n";
        assert!(
            std::env::var_os("CI").is_none(),
            "{msg}(CI installs them: .ci/run)"
        );
        use std::io::Write;
        let _ = std::io::stderr().write_all(msg.as_bytes());
    }
    found
}

/// The workbook at `path` as the reader sees it; `Err` with the reader's stderr when it
/// cannot open it (a wrong password).
fn read_book(py: &str, path: &Path, password: Option<&str>) -> Result<Value, String> {
    let mut c = std::process::Command::new(py);
    c.args(["-c", READER]).arg(path);
    if let Some(pw) = password {
        c.env("XLSX_PW", pw);
    }
    let out = c.output().unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(serde_json::from_slice(&out.stdout).unwrap())
}

/// `recruit --sandbox ARGS` in `home`, expected to exit with `code`.
fn run(home: &Home, args: &[&str], code: i32) -> std::process::Output {
    let out = home.sandbox().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        stderr_of(&out)
    );
    out
}

/// The workbook `args` print, saved to `dir/name`.
fn book_of(home: &Home, args: &[&str], dir: &Path, name: &str) -> std::path::PathBuf {
    let out = run(home, args, 0);
    let path = dir.join(name);
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// Cell (row, col) of the first sheet.
fn cell(book: &Value, row: usize, col: usize) -> &Value {
    &book["sheets"][0]["rows"][row][col]
}

/// The header row of the first sheet, as text.
fn header(book: &Value) -> Vec<String> {
    book["sheets"][0]["rows"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["v"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The row of the first sheet whose first cell is `code`.
fn row_of<'a>(book: &'a Value, code: &str) -> &'a Vec<Value> {
    book["sheets"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r[0]["v"] == code)
        .unwrap_or_else(|| panic!("no row {code}"))
        .as_array()
        .unwrap()
}

/// A time the service sent, as the wall clock at +09:00 reads it (`2026-03-01T09:30:00`).
fn at_kst(rfc3339: &str) -> String {
    let t = chrono::DateTime::parse_from_rfc3339(rfc3339).unwrap();
    let kst = chrono::FixedOffset::east_opt(9 * 3600).unwrap();
    t.with_timezone(&kst)
        .naive_local()
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// A list as a workbook: one sheet named for the list, the header frozen and filtered over
/// every row, the columns those of CSV, a time an Excel date at +09:00 with a date format,
/// a number a number, text text, and the columns wide enough for Hangul (two cells each).
#[test]
fn a_candidate_list_is_a_typed_sheet_with_a_frozen_filtered_header_and_csv_columns() {
    let Some(py) = python() else { return };
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let path = book_of(
        &home,
        &["candidates", "list", "--all", "-o", "xlsx"],
        dir.path(),
        "c.xlsx",
    );
    let book = read_book(py, &path, None).unwrap();
    assert_eq!(book["encrypted"], false);
    let sheet = &book["sheets"][0];
    assert_eq!(sheet["name"], "Candidates");
    assert_eq!(sheet["freeze"], "A2");

    let json: Vec<Value> = serde_json::from_slice(
        &run(&home, &["candidates", "list", "--all", "-o", "json"], 0).stdout,
    )
    .unwrap();
    let csv = run(&home, &["candidates", "list", "--all", "-o", "csv"], 0).stdout;
    let csv_header: Vec<String> = String::from_utf8_lossy(&csv)
        .lines()
        .next()
        .unwrap()
        .split(',')
        .map(String::from)
        .collect();
    assert_eq!(header(&book), csv_header);
    let rows = sheet["rows"].as_array().unwrap();
    assert_eq!(rows.len(), json.len() + 1);
    let last_col = (b'A' + (csv_header.len() as u8 - 1)) as char;
    assert_eq!(sheet["filter"], format!("A1:{last_col}{}", json.len() + 1));

    let col = |name: &str| csv_header.iter().position(|c| c == name).unwrap();
    let c1001 = json.iter().find(|c| c["code"] == "C1001").unwrap();
    let row = row_of(&book, "C1001");
    let applied = &row[col("applied_at")];
    assert_eq!(applied["t"], "d", "{applied}");
    assert_eq!(applied["v"], at_kst(c1001["applied_at"].as_str().unwrap()));
    assert!(applied["fmt"].as_str().unwrap().contains("yy"), "{applied}");
    let score = &row[col("feedback_score")];
    assert_eq!(
        (score["t"].as_str(), score["v"].as_f64()),
        (Some("n"), c1001["feedback_score"].as_f64())
    );
    assert_eq!(row[col("name")]["t"], "s");
    assert_eq!(row[col("name")]["v"], "Kim Min-jun");
    // A phone number is text as sent, not a number or a date.
    assert_eq!(row[col("phone")]["v"], c1001["phone"]);
    assert_eq!(row[col("phone")]["t"], "s");

    // The name column fits its widest name in display cells: 김지우 is six.
    let name_letter = ((b'A' + col("name") as u8) as char).to_string();
    let width = sheet["widths"][&name_letter].as_f64().unwrap_or(0.0);
    let widest = json
        .iter()
        .filter_map(|c| c["name"].as_str())
        .map(|n| {
            n.chars()
                .map(|ch| if ch >= '\u{1100}' { 2 } else { 1 })
                .sum::<usize>()
        })
        .max()
        .unwrap();
    assert!(width >= widest as f64, "width {width} < {widest}");
}

/// A value that starts a formula stays the text it is: `=1+1` is the string `=1+1`, and no
/// sheet holds a formula; a memo's id is a number.
#[test]
fn a_value_that_starts_a_formula_stays_text() {
    let Some(py) = python() else { return };
    let home = Home::new();
    for content in ["=1+1", "+82 10", "-5", "@SUM(A1)"] {
        let arg = format!("--content={content}");
        run(&home, &["memos", "create", "C1001", "-o", "json", &arg], 0);
    }
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "memos",
        "list",
        "C1001",
        "--all",
        "-o",
        "xlsx",
        "--fields",
        "id,content",
    ];
    let book = read_book(py, &book_of(&home, &args, dir.path(), "m.xlsx"), None).unwrap();
    assert_eq!(book["formula"], false);
    assert_eq!(header(&book), ["id", "content"]);
    let rows = book["sheets"][0]["rows"].as_array().unwrap();
    for content in ["=1+1", "+82 10", "-5", "@SUM(A1)"] {
        let row = rows
            .iter()
            .find(|r| r[1]["v"] == content)
            .unwrap_or_else(|| panic!("{content}: {rows:?}"));
        assert_eq!(row[1]["t"], "s", "{row:?}");
        assert_eq!(row[0]["t"], "n", "{row:?}");
    }
}

/// Under `--lang ko` the sheet and its headers are Korean; the cells are the same.
#[test]
fn headers_follow_the_language() {
    let Some(py) = python() else { return };
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let args = ["--lang", "ko", "candidates", "list", "-o", "xlsx"];
    let book = read_book(py, &book_of(&home, &args, dir.path(), "ko.xlsx"), None).unwrap();
    assert_eq!(book["sheets"][0]["name"], "지원자");
    let h = header(&book);
    assert_eq!(&h[..4], ["코드", "이름", "이메일", "전화번호"]);
    assert_eq!(cell(&book, 1, 0)["t"], "s");
}

/// A workbook is never written to a terminal: exit 2 naming --out and a redirect, nothing
/// written. (The terminal is a pseudo-terminal Python's pty module opens.)
#[test]
fn a_workbook_is_refused_on_a_terminal() {
    let Some(py) = python() else { return };
    let home = Home::new();
    let script = r#"
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b''
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.waitstatus_to_exitcode(status))
"#;
    let bin = assert_cmd::cargo::cargo_bin("recruit");
    for args in [
        vec!["--sandbox", "candidates", "list", "-o", "xlsx"],
        vec!["--sandbox", "export", "candidates", "-o", "xlsx"],
    ] {
        let out = python_as_recruit(py, &home)
            .args(["-c", script])
            .arg(&bin)
            .args(&args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
        assert!(
            text.contains("terminal") && text.contains("--out"),
            "{text}"
        );
        assert!(!text.contains("PK"), "{text}");
    }
}

/// The password to open, from each of its three sources: the workbook is encrypted (an OLE
/// compound file, not a zip), opens with the password, and a wrong one is refused. The
/// password is in no output, error or access-log record.
#[test]
fn an_encrypted_workbook_opens_with_its_password_from_each_source() {
    let Some(py) = python() else { return };
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let list = ["candidates", "list", "-o", "xlsx"];

    // --password-file FILE: its first line.
    let pw_file = dir.path().join("pw.txt");
    std::fs::write(&pw_file, "비밀 from file\nsecond line ignored\n").unwrap();
    let args: Vec<&str> = [&list[..], &["--password-file", pw_file.to_str().unwrap()]].concat();
    let out = run(&home, &args, 0);
    let path = dir.path().join("file.xlsx");
    std::fs::write(&path, &out.stdout).unwrap();
    let book = read_book(py, &path, Some("비밀 from file")).unwrap();
    assert_eq!(book["encrypted"], true);
    assert_eq!(header(&book)[0], "code");
    let refused = read_book(py, &path, Some("wrong")).unwrap_err();
    assert!(refused.contains("refused"), "{refused}");
    assert!(
        read_book(py, &path, None).is_err(),
        "an encrypted workbook is no zip"
    );

    // RECRUIT_XLSX_PASSWORD.
    let out = home
        .sandbox()
        .args(list)
        .env("RECRUIT_XLSX_PASSWORD", "env-pw-42")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let path = dir.path().join("env.xlsx");
    std::fs::write(&path, &out.stdout).unwrap();
    assert_eq!(
        read_book(py, &path, Some("env-pw-42")).unwrap()["encrypted"],
        true
    );
    assert!(read_book(py, &path, Some("env-pw-43")).is_err());
    assert!(!stderr_of(&out).contains("env-pw-42"));

    // --password alone: a hidden prompt, asked twice, on the terminal.
    let path = dir.path().join("prompt.xlsx");
    let typed = prompted(py, &home, &list, &path, "typed-pw-7");
    assert!(
        !typed.contains("typed-pw-7"),
        "the prompt echoed the password: {typed}"
    );
    assert_eq!(
        read_book(py, &path, Some("typed-pw-7")).unwrap()["encrypted"],
        true
    );
    assert!(read_book(py, &path, Some("typed-pw-8")).is_err());

    // Without a terminal to ask on, --password says where else a password comes from.
    let args: Vec<&str> = [&list[..], &["--password"]].concat();
    let err = stderr_of(&run(&home, &args, 2));
    assert!(
        err.contains("--password-file") && err.contains("RECRUIT_XLSX_PASSWORD"),
        "{err}"
    );
    // A password with another format is refused, not ignored.
    let args = [
        "candidates",
        "list",
        "-o",
        "csv",
        "--password-file",
        pw_file.to_str().unwrap(),
    ];
    assert!(stderr_of(&run(&home, &args, 2)).contains("-o xlsx"));

    let log = std::fs::read_to_string(home.data_dir().join("audit.log")).unwrap_or_default();
    for pw in ["비밀 from file", "env-pw-42", "typed-pw-7"] {
        assert!(!log.contains(pw), "{pw} in the access log");
    }
}

/// `py` with the environment `recruit` gets in `home` (its directories, no outside RECRUIT_*).
fn python_as_recruit(py: &str, home: &Home) -> std::process::Command {
    let base = home.std_cmd();
    let mut c = std::process::Command::new(py);
    for (k, v) in base.get_envs() {
        match v {
            Some(v) => c.env(k, v),
            None => c.env_remove(k),
        };
    }
    c
}

/// `ARGS --password` run with its standard input and error on a pseudo-terminal (its output
/// to `path`), the password typed at both prompts; what the terminal showed.
fn prompted(py: &str, home: &Home, args: &[&str], path: &Path, password: &str) -> String {
    let script = r#"
import os, pty, select, sys, termios, time
path, pw = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    out = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(out, 1)
    os.execvp(sys.argv[3], sys.argv[3:])
seen = b''
def until(word):
    global seen
    deadline = time.time() + 60
    while word not in seen and time.time() < deadline:
        # Never blocked past the deadline: a prompt that does not come fails the test.
        if not select.select([fd], [], [], max(0, deadline - time.time()))[0]:
            return False
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return True
        if not chunk:
            return True
        seen += chunk
    return word in seen
def hidden():
    # Typed only once the prompt has turned echo off: a line typed before that switch may
    # be flushed with it (TCSAFLUSH), and the prompt would wait forever.
    deadline = time.time() + 60
    while termios.tcgetattr(fd)[3] & termios.ECHO and time.time() < deadline:
        select.select([], [], [], 0.01)
until(b'Password to open')
hidden()
os.write(fd, pw.encode() + b'\r')
until(b'Password again')
hidden()
os.write(fd, pw.encode() + b'\r')
ended = until(b'\x00never')
# A child still waiting for input at the deadline is ended: the test fails, never hangs.
if not ended:
    os.kill(pid, 9)
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(seen)
sys.exit(os.waitstatus_to_exitcode(status))
"#;
    let bin = assert_cmd::cargo::cargo_bin("recruit");
    let out = python_as_recruit(py, home)
        .args(["-c", script])
        .arg(path)
        .arg(password)
        .arg(&bin)
        .arg("--sandbox")
        .args(args)
        .arg("--password")
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{shown} {}", stderr_of(&out));
    shown
}

/// An export of candidates to a workbook, to `--out FILE` and to a pipe: one row per
/// candidate, the same workbook both ways; the access log holds a record of the export
/// naming every candidate, written before the workbook.
#[test]
fn an_export_of_candidates_to_a_workbook_is_logged() {
    let Some(py) = python() else { return };
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("all.xlsx");
    let args = [
        "export",
        "candidates",
        "-o",
        "xlsx",
        "--out",
        out_file.to_str().unwrap(),
    ];
    run(&home, &args, 0);
    assert!(!dir.path().join("all.xlsx.partial").exists());
    let book = read_book(py, &out_file, None).unwrap();
    let json: Vec<Value> = serde_json::from_slice(
        &run(&home, &["candidates", "list", "--all", "-o", "json"], 0).stdout,
    )
    .unwrap();
    let rows = book["sheets"][0]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), json.len() + 1);
    assert_eq!(book["sheets"][0]["freeze"], "A2");
    let csv = run(&home, &["export", "candidates", "-o", "csv"], 0).stdout;
    let csv_header: Vec<String> = String::from_utf8_lossy(&csv)
        .lines()
        .next()
        .unwrap()
        .split(',')
        .map(String::from)
        .collect();
    assert_eq!(header(&book), csv_header);
    let col = csv_header.iter().position(|c| c == "applied_at").unwrap();
    assert_eq!(row_of(&book, "C1001")[col]["t"], "d");

    let piped = book_of(
        &home,
        &["export", "candidates", "-o", "xlsx"],
        dir.path(),
        "piped.xlsx",
    );
    let piped = read_book(py, &piped, None).unwrap();
    // The same rows (each run's sandbox has its own port, in the file addresses: the codes
    // are compared).
    let codes = |b: &Value| -> Vec<Value> {
        b["sheets"][0]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r[0]["v"].clone())
            .collect()
    };
    assert_eq!(codes(&piped), codes(&book));
    assert_eq!(piped["sheets"][0]["rows"][0], book["sheets"][0]["rows"][0]);

    let records: Vec<Value> = serde_json::from_slice(
        &run(
            &home,
            &["audit", "list", "-o", "json", "--via", "export"],
            0,
        )
        .stdout,
    )
    .unwrap();
    let logged: Vec<&str> = records
        .iter()
        .filter(|r| r["command"].as_str().is_some_and(|c| c.contains("xlsx")))
        .flat_map(|r| {
            r["candidates"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|c| c.as_str())
        })
        .collect();
    for c in &json {
        let code = c["code"].as_str().unwrap();
        assert!(logged.contains(&code), "{code} not logged: {records:?}");
    }
}

/// The report's workbook: each table a sheet (stages, typed numbers, frozen header) and a
/// native bar chart of the funnel; encrypted with the password when one is given.
#[test]
fn the_report_workbook_has_its_tables_and_a_bar_chart_of_the_funnel() {
    let Some(py) = python() else { return };
    let home = Home::new();
    run(&home, &["sync"], 0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.xlsx");
    let err = stderr_of(&run(
        &home,
        &["report", "pipeline", "--xlsx", path.to_str().unwrap()],
        0,
    ));
    assert!(err.contains("report.xlsx"), "{err}");
    let book = read_book(py, &path, None).unwrap();
    assert_eq!(book["bar"], true, "{book}");
    assert_eq!(book["charts"], 1);
    let sheet = &book["sheets"][0];
    assert_eq!(sheet["name"], "All candidates");
    assert_eq!(sheet["freeze"], "A2");
    let json: Value =
        serde_json::from_slice(&run(&home, &["report", "pipeline", "-o", "json"], 0).stdout)
            .unwrap();
    let stages = json["groups"][0]["stages"].as_array().unwrap();
    let rows = sheet["rows"].as_array().unwrap();
    assert_eq!(rows.len(), stages.len() + 1);
    assert_eq!(rows[0][0]["v"], "Stage");
    for (row, stage) in rows[1..].iter().zip(stages) {
        assert_eq!(row[1]["t"], "n");
        assert_eq!(row[1]["v"].as_f64(), stage["reached"].as_f64());
        assert_eq!(row[2]["v"].as_f64(), stage["now"].as_f64());
    }

    let by_job = dir.path().join("by-job.xlsx");
    let pw_file = dir.path().join("pw");
    std::fs::write(&pw_file, "report-pw").unwrap();
    let args = [
        "--lang",
        "ko",
        "report",
        "pipeline",
        "--by",
        "job",
        "--xlsx",
        by_job.to_str().unwrap(),
        "--password-file",
        pw_file.to_str().unwrap(),
    ];
    run(&home, &args, 0);
    let book = read_book(py, &by_job, Some("report-pw")).unwrap();
    assert_eq!(book["encrypted"], true);
    let groups = serde_json::from_slice::<Value>(
        &run(
            &home,
            &["report", "pipeline", "--by", "job", "-o", "json"],
            0,
        )
        .stdout,
    )
    .unwrap()["groups"]
        .as_array()
        .unwrap()
        .len();
    // A stages sheet per group, then the figures (conversion, time to hire, offer acceptance).
    assert_eq!(book["sheets"].as_array().unwrap().len(), groups + 3);
    assert_eq!(book["charts"].as_u64(), Some(groups as u64));
    assert_eq!(book["sheets"][0]["rows"][0][0]["v"], "단계");

    // -o xlsx is the same workbook, to standard output.
    let piped = book_of(
        &home,
        &["report", "pipeline", "-o", "xlsx"],
        dir.path(),
        "piped.xlsx",
    );
    let piped = read_book(py, &piped, None).unwrap();
    assert_eq!(piped["bar"], true);
    assert_eq!(piped["sheets"][0]["rows"], sheet["rows"]);
}

/// The name a figure sheet gives a group of `report pipeline -o json`: its job's code (or
/// title), else every candidate's, in the language `lang`.
fn group_name(g: &Value, lang: &str) -> String {
    let job = &g["job"];
    if job.is_null() {
        return if lang == "ko" {
            "전체 지원자"
        } else {
            "All candidates"
        }
        .to_string();
    }
    match (job["code"].as_str(), job["title"].as_str()) {
        (Some(code), _) => code.to_string(),
        (None, Some(title)) => title.to_string(),
        (None, None) => if lang == "ko" {
            "공고 없음"
        } else {
            "No job"
        }
        .to_string(),
    }
}

/// A sheet of `book` by its name.
fn sheet<'a>(book: &'a Value, name: &str) -> &'a Value {
    book["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no sheet {name}: {book}"))
}

/// Counts a figure as null or as a value: the test needs both kinds to prove anything.
fn tally(figure: &Value, nulls: &mut usize, values: &mut usize) {
    if figure.is_null() {
        *nulls += 1
    } else {
        *values += 1
    }
}

/// A figure's cell: the number `-o json` gives (a share shown as a percentage), or, when the
/// figure is null, an empty cell and the reason beside it.
fn assert_figure(row: &[Value], col: usize, want: &Value, percent: bool, why: &str, what: &str) {
    let c = &row[col];
    if want.is_null() {
        assert!(c["v"].is_null(), "{what}: {c} is no empty cell");
        let reason = row.last().unwrap()["v"].as_str().unwrap_or_default();
        assert!(
            reason.contains(why),
            "{what}: the reason {reason:?} says no {why:?}"
        );
    } else {
        assert_eq!(c["t"], "n", "{what}: {c}");
        assert_eq!(c["v"].as_f64(), want.as_f64(), "{what}: {c}");
        if percent {
            assert_eq!(c["fmt"], "0.0%", "{what}: a share is a percentage: {c}");
        }
    }
}

/// The report's workbook holds its figures as `-o json` gives them: a sheet each for
/// conversion (a row per group and step), time to hire and offer acceptance (a row per
/// group), numbers as numbers, shares as percentages, a figure resting on no candidate an
/// empty cell with the reason in the table's words; headers in the `--lang` language; the
/// same with a password to open.
#[test]
fn the_report_workbook_holds_the_figures_of_the_json_report() {
    let Some(py) = python() else { return };
    let ts = TestSandbox::new();
    let dir = ts.home.dir.path();
    let db = dir.join("mirror.db");
    let db = db.to_str().unwrap();
    let ok = |args: &[&str]| {
        let out = ts.run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr_of(&out));
        out
    };
    ok(&["sync", "--db", db]);
    // Two candidates leave Offer, one hired and one not, and a second sync sees it: offer
    // acceptance has a value for every candidate and none for most jobs.
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(ts.sandbox().state_path()).unwrap()).unwrap();
    let offers: Vec<&str> = state["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["stage"]["kind"] == "offer")
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert!(offers.len() >= 2, "{state}");
    ok(&["sandbox", "move", offers[0], "--stage", "pass"]);
    ok(&["sandbox", "move", offers[1], "--stage", "fail"]);
    ok(&["sync", "--db", db]);
    let pw_file = dir.join("pw");
    std::fs::write(&pw_file, "figures-pw").unwrap();

    let (mut nulls, mut values) = (0, 0);
    for (lang, by, password) in [("en", false, None), ("ko", true, Some("figures-pw"))] {
        let by: &[&str] = if by { &["--by", "job"] } else { &[] };
        let json_args = [&["-o", "json", "report", "pipeline", "--db", db][..], by].concat();
        let report: Value = serde_json::from_slice(&ok(&json_args).stdout).unwrap();
        let groups = report["groups"].as_array().unwrap();
        let path = dir.join(format!("figures-{lang}.xlsx"));
        let mut args = vec!["--lang", lang, "report", "pipeline", "--db", db];
        args.extend(by);
        args.extend(["--xlsx", path.to_str().unwrap()]);
        if password.is_some() {
            args.extend(["--password-file", pw_file.to_str().unwrap()]);
        }
        ok(&args);
        let book = read_book(py, &path, password).unwrap();
        assert_eq!(book["encrypted"], password.is_some());
        // A stages sheet per group, then the three figures.
        assert_eq!(book["sheets"].as_array().unwrap().len(), groups.len() + 3);
        let ko = lang == "ko";
        let pick = |en: &'static str, ko_: &'static str| if ko { ko_ } else { en };

        let conv = sheet(&book, pick("Conversion", "전환율"));
        let rows = conv["rows"].as_array().unwrap();
        let head: Vec<&str> = rows[0]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["v"].as_str().unwrap())
            .collect();
        let want_head = if ko {
            [
                "그룹",
                "이전 단계",
                "다음 단계",
                "비율",
                "지원자 수",
                "비어 있는 이유",
            ]
        } else {
            ["Group", "From", "To", "Share", "Candidates", "Why empty"]
        };
        assert_eq!(head, want_head);
        assert_eq!(conv["freeze"], "A2");
        assert_eq!(rows.len(), 1 + 4 * groups.len());
        let steps = groups.iter().flat_map(|g| {
            g["conversion"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |c| (g, c))
        });
        for (row, (g, c)) in rows[1..].iter().zip(steps) {
            let row = row.as_array().unwrap();
            let what = format!("{lang} conversion {c}");
            assert_eq!(row[0]["v"], group_name(g, lang), "{what}");
            let from = pick("none yet", "아직 없음");
            assert_figure(row, 3, &c["share"], true, from, &what);
            assert_eq!(row[4]["t"], "n", "{what}");
            assert_eq!(row[4]["v"].as_u64(), c["candidates"].as_u64(), "{what}");
            tally(&c["share"], &mut nulls, &mut values);
        }

        let hire = sheet(&book, pick("Time to hire", "채용 소요 기간"));
        let rows = hire["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 1 + groups.len());
        assert_eq!(rows[0][1]["v"], pick("Median days", "중앙값(일)"));
        for (row, g) in rows[1..].iter().zip(groups) {
            let row = row.as_array().unwrap();
            let t = &g["time_to_hire"];
            let what = format!("{lang} time to hire {g}");
            assert_eq!(row[0]["v"], group_name(g, lang), "{what}");
            let why = pick("Time to hire: none yet", "채용 소요 기간: 아직 없음");
            assert_figure(row, 1, &t["median_days"], false, why, &what);
            assert_figure(row, 2, &t["p90_days"], false, why, &what);
            assert_eq!(row[3]["v"].as_u64(), t["candidates"].as_u64(), "{what}");
            tally(&t["median_days"], &mut nulls, &mut values);
        }

        let offer = sheet(&book, pick("Offer acceptance", "처우 수락률"));
        let rows = offer["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 1 + groups.len());
        for (row, g) in rows[1..].iter().zip(groups) {
            let row = row.as_array().unwrap();
            let o = &g["offer_acceptance"];
            let what = format!("{lang} offer acceptance {g}");
            assert_eq!(row[0]["v"], group_name(g, lang), "{what}");
            let why = pick("Offer acceptance: none yet", "처우 수락률: 아직 없음");
            assert_figure(row, 1, &o["share"], true, why, &what);
            assert_eq!(row[2]["v"].as_u64(), o["candidates"].as_u64(), "{what}");
            tally(&o["share"], &mut nulls, &mut values);
        }
        if !ko {
            // Every candidate: one of the two who left Offer was hired.
            assert_eq!(rows[1][1]["v"].as_f64(), Some(0.5), "{offer}");
        }
    }
    assert!(nulls > 0 && values > 0, "both kinds of figure were checked");
}

/// `recruit` pointed at `ts`, as a `std::process::Command` (to be killed midway).
fn spawned(ts: &TestSandbox, args: &[&str]) -> std::process::Command {
    let mut c = ts.home.std_cmd();
    c.env("RECRUIT_BASE_URL", ts.base_url())
        .env("RECRUIT_API_KEY", &ts.sandbox().api_key)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    c
}

/// The codes in the rows of a `-o xlsx` export's `FILE.partial` (a line of column names,
/// then a JSON array of cells a line; a last line cut short by the kill is left out).
fn partial_codes(partial: &Path) -> Vec<String> {
    let text = String::from_utf8_lossy(&std::fs::read(partial).unwrap()).into_owned();
    let mut lines = text.lines();
    let columns: Vec<String> = serde_json::from_str(lines.next().unwrap_or("[]")).unwrap();
    let code = columns.iter().position(|c| c == "code").unwrap();
    lines
        .filter_map(|l| serde_json::from_str::<Vec<Value>>(l).ok())
        .map(|cells| cells[code].as_str().unwrap().to_string())
        .collect()
}

/// `kill -9` in the middle of a large `export candidates -o xlsx --out FILE`: FILE is still
/// the previous workbook, byte for byte (the export writes its rows to `FILE.partial` and
/// makes the workbook only once every row is in); `FILE.partial` holds the rows so far and
/// is no workbook (openpyxl refuses it), so nothing at either name passes for a complete
/// export; and every candidate of a row written is named by the export's access-log records.
#[test]
fn kill_9_midway_through_an_xlsx_export_leaves_no_workbook_that_looks_complete() {
    let Some(py) = python() else { return };
    let ts = TestSandbox::with(|o| {
        o.synthetic_candidates = 6_000;
        o.faults.latency = std::time::Duration::from_millis(60);
    });
    let dir = ts.home.dir.path();
    let file = dir.join("candidates.xlsx");
    // The previous workbook at FILE: one page of the list.
    let out = ts.run(&["candidates", "list", "-o", "xlsx"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    std::fs::write(&file, &out.stdout).unwrap();
    let previous = std::fs::read(&file).unwrap();
    assert!(read_book(py, &file, None).is_ok());

    let f = file.to_str().unwrap();
    let args = ["export", "candidates", "-o", "xlsx", "--out", f];
    let mut child = spawned(&ts, &args).spawn().unwrap();
    let partial = dir.join("candidates.xlsx.partial");
    wait_for("rows on disk in FILE.partial", 60, || {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the export ended before it could be killed"
        );
        partial.exists() && partial_codes(&partial).len() >= 200
    });
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();

    assert_eq!(
        std::fs::read(&file).unwrap(),
        previous,
        "FILE is the previous workbook"
    );
    let written = partial_codes(&partial);
    assert!(
        written.len() >= 200 && written.len() < 6_000,
        "{}",
        written.len()
    );
    let refused = read_book(py, &partial, None).unwrap_err();
    assert!(!refused.is_empty(), "openpyxl refuses the partial file");
    assert!(dir.join("candidates.xlsx.progress").exists(), "resumable");

    let log = std::fs::read_to_string(ts.home.data_dir().join("audit.log")).unwrap();
    let named: std::collections::HashSet<String> = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["command"].as_str().is_some_and(|c| c.contains("export")))
        .flat_map(|r| {
            r["candidates"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter_map(|c| c.as_str().map(String::from))
        })
        .collect();
    for code in &written {
        assert!(named.contains(code), "{code} written but not logged");
    }
}

/// Every file under `dir` (recursively) that holds `needle`.
fn files_holding(dir: &Path, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            found.extend(files_holding(&path, needle));
        } else if let Ok(bytes) = std::fs::read(&path) {
            if bytes.windows(needle.len()).any(|w| w == needle.as_bytes()) {
                found.push(path.display().to_string());
            }
        }
    }
    found
}

/// A password given through `--password-file` or `RECRUIT_XLSX_PASSWORD` is never shown:
/// not on stderr under `-v`, not in the JSON errors of `-o json`, not in the access log or
/// the export registry (nor any other file of the data directory).
#[test]
fn a_marker_password_appears_in_no_log_error_or_registry() {
    let Some(py) = python() else { return };
    let ts = TestSandbox::with(|o| o.synthetic_candidates = 30);
    let dir = ts.home.dir.path();
    const MARKER: &str = "PwMarker-7f3a9c";
    let pw_file = dir.join("pw.txt");
    std::fs::write(&pw_file, format!("{MARKER}\n")).unwrap();
    let pw = pw_file.to_str().unwrap();
    let out_file = dir.join("export.xlsx");
    let f = out_file.to_str().unwrap();
    let mut stderrs = Vec::new();
    let run_env = |args: &[&str], env: bool, code: i32| {
        let mut c = ts.cmd();
        if env {
            c.env("RECRUIT_XLSX_PASSWORD", MARKER);
        }
        let out = c.args(args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {}",
            stderr_of(&out)
        );
        out
    };

    // Exports and lists that encrypt with it, verbose.
    let exported = [
        "-v",
        "export",
        "candidates",
        "-o",
        "xlsx",
        "--out",
        f,
        "--password-file",
        pw,
    ];
    stderrs.push(stderr_of(&run_env(&exported, false, 0)));
    assert!(read_book(py, &out_file, Some(MARKER)).is_ok());
    let listed = run_env(&["-v", "candidates", "list", "-o", "xlsx"], true, 0);
    stderrs.push(stderr_of(&listed));
    let env_file = dir.join("env.xlsx");
    std::fs::write(&env_file, &listed.stdout).unwrap();
    assert!(read_book(py, &env_file, Some(MARKER)).is_ok());
    let exported_env = ["-v", "export", "candidates", "-o", "xlsx", "--out", f];
    stderrs.push(stderr_of(&run_env(&exported_env, true, 0)));

    // Errors for programs: a password with another format, and a failure with one set.
    let refused = run_env(
        &[
            "-v",
            "-o",
            "json",
            "candidates",
            "list",
            "--password-file",
            pw,
        ],
        false,
        2,
    );
    let err = stderr_of(&refused);
    assert!(err.lines().any(|l| l.starts_with("{\"error\"")), "{err}");
    stderrs.push(err);
    let missing = ts
        .cmd()
        .env("RECRUIT_XLSX_PASSWORD", MARKER)
        .args(["-v", "-o", "json", "candidates", "get", "NOPE-404"])
        .output()
        .unwrap();
    assert_ne!(missing.status.code(), Some(0));
    let err = stderr_of(&missing);
    assert!(err.contains("\"error\""), "{err}");
    stderrs.push(err);

    for (i, err) in stderrs.iter().enumerate() {
        assert!(!err.contains(MARKER), "run {i} showed the password: {err}");
    }
    let data = ts.home.data_dir();
    assert!(data.join("audit.log").exists() && data.join("exports.jsonl").exists());
    assert_eq!(files_holding(&data, MARKER), Vec::<String>::new());
}
