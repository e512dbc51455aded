//! The `forms apply` wizard end to end under a real PTY (expectrl), through the sandbox's
//! every-kind form, checking the body the sandbox received; Ctrl-C; and no terminal.

mod common;
use common::*;

use std::time::Duration;

use expectrl::{Eof, Session, WaitStatus};
use recruit::i18n::Lang;
use recruit::sandbox::codes;
use serde_json::{json, Value};

/// `recruit` in a pseudo-terminal, pointed at a test sandbox.
trait Pty {
    fn spawn(&self, args: &[&str]) -> Session;
    fn resume_in(&self, lang: Lang, cols: u16, path: &str) -> Session;
    fn spawn_in(&self, lang: Lang, cols: u16, args: &[&str]) -> Session;
    fn spawn_at(&self, base: &str, lang: Lang, cols: u16, args: &[&str]) -> Session;
}

impl Pty for TestSandbox {
    /// `recruit ARGS` in a PTY of 120x40, no colour, in English, pointed at this sandbox.
    fn spawn(&self, args: &[&str]) -> Session {
        self.spawn_in(Lang::En, 120, args)
    }

    /// The same in `lang` (RECRUIT_LANG) on a terminal `cols` wide.
    fn spawn_in(&self, lang: Lang, cols: u16, args: &[&str]) -> Session {
        self.spawn_at(&self.sandbox().base_url(), lang, cols, args)
    }

    /// The wizard on FORM-ALLKINDS going on from the saved session `path`.
    fn resume_in(&self, lang: Lang, cols: u16, path: &str) -> Session {
        self.spawn_in(
            lang,
            cols,
            &["forms", "apply", codes::FORM_ALL_KINDS, "--resume", path],
        )
    }

    /// The same, pointed at `base` (a stub service).
    fn spawn_at(&self, base: &str, lang: Lang, cols: u16, args: &[&str]) -> Session {
        // The terminal's size is set by `stty` inside the PTY before recruit starts (then
        // `exec`, same process): set from outside after the spawn, a busy machine let recruit
        // read the default 80 columns first.
        let mut cmd = std::process::Command::new("sh");
        cmd.args([
            "-c",
            r#"stty cols "$1" rows 40 && shift && exec "$@""#,
            "sh",
        ])
        .arg(cols.to_string())
        .arg(env!("CARGO_BIN_EXE_recruit"));
        for (k, _) in std::env::vars() {
            if k.starts_with("RECRUIT_") || k == "NO_COLOR" {
                cmd.env_remove(k);
            }
        }
        cmd.env("RECRUIT_CONFIG_DIR", self.home.config_dir())
            .env("RECRUIT_DATA_DIR", self.home.data_dir())
            .env("RECRUIT_BASE_URL", base)
            .env("RECRUIT_API_KEY", &self.sandbox().api_key)
            .env("NO_COLOR", "1")
            .env("TERM", "xterm")
            .env("TZ", "UTC")
            .env("RECRUIT_LANG", lang.code())
            .current_dir(self.home.dir.path())
            .args(args);
        let mut s = Session::spawn(cmd).expect("spawn in a PTY");
        s.get_process_mut().set_window_size(cols, 40).unwrap();
        s.set_expect_timeout(Some(Duration::from_secs(30)));
        s
    }
}

const DOWN: &str = "\x1b[B";
const UP: &str = "\x1b[A";

/// Wait for `prompt`, then type `keys`.
fn answer(s: &mut Session, prompt: &str, keys: &str) {
    if let Err(e) = s.expect(shown_as(prompt)) {
        panic!("waiting for {prompt:?}: {e}");
    }
    until_reading_keys(s);
    s.send(keys).unwrap();
}

/// Wait until the wizard reads keys: the terminal's input is raw (not taken line by line),
/// which the wizard sets before its first prompt is drawn. Keys typed before would meet the
/// terminal's own line editing (Backspace applied to what it holds, not to a pre-filled
/// answer). The PTY starts with echo off, so echo cannot tell.
fn until_reading_keys(s: &Session) {
    until_line_mode(s, false);
}

/// Wait until the terminal takes input line by line (`true`: its own mode, Ctrl-C a signal)
/// or raw (`false`).
fn until_line_mode(s: &Session, lines: bool) {
    use rustix::termios::{tcgetattr, LocalModes};
    let pty = s.get_process().get_raw_handle().expect("the PTY");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while tcgetattr(&pty)
        .expect("the PTY's mode")
        .local_modes
        .contains(LocalModes::ICANON)
        != lines
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the terminal's input never became {}",
            if lines { "line by line" } else { "raw" }
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn exit_code(s: &mut Session) -> i32 {
    let _ = s.expect(Eof);
    match s.get_process().wait().unwrap() {
        WaitStatus::Exited(_, code) => code,
        other => panic!("unexpected end: {other:?}"),
    }
}

#[test]
fn wizard_walks_every_kind_and_sends_what_was_typed() {
    let sb = TestSandbox::new();
    let dir = sb.home.dir.path();
    std::fs::write(dir.join("cv.pdf"), b"%PDF-1.4 wizard resume").unwrap();
    std::fs::write(dir.join("portfolio.pdf"), b"%PDF-1.4 portfolio").unwrap();
    let cv = dir.join("cv.pdf");
    let saved = dir.join("saved-answers.json");

    let mut s = sb.spawn(&[
        "forms",
        "apply",
        codes::FORM_ALL_KINDS,
        "--save",
        saved.to_str().unwrap(),
    ]);
    s.expect("Applying to Platform Engineer (full application form) (FORM-ALLKINDS)")
        .unwrap();
    answer(&mut s, "1. Full name", "Jane Wizard\r");
    answer(&mut s, "2. Email address", "nope\r");
    answer(
        &mut s,
        "does not look like an e-mail address",
        "jane.wizard@example.com\r",
    );
    answer(&mut s, "3. Mobile phone number", "010-5555-1234\r");
    s.expect("PDF or DOCX, up to 20 MB.").unwrap(); // the description
    answer(
        &mut s,
        "4. Resume / CV (file to upload",
        &format!("{}\r", cv.display()),
    );
    s.expect("uploaded: /upload/candidate/file/1/temp/")
        .unwrap();
    answer(&mut s, "5. Total work experience (months)", "3 years\r");
    answer(&mut s, "is not a whole number", "36\r");
    answer(
        &mut s,
        "6. Desired annual salary (KRW 10,000) (optional)",
        "6,000\r",
    );
    answer(
        &mut s,
        "7. Current annual salary (KRW 10,000) (optional)",
        "\r",
    );
    // An optional choice starts on "skip": female is two down.
    answer(&mut s, "8. Gender (optional)", &format!("{DOWN}{DOWN}\r"));
    answer(&mut s, "9. Date of birth (optional)", "1990-02-30\r");
    answer(&mut s, "is not a real date", "1990-02-28\r");
    answer(&mut s, "10. Profile photo (optional)", "\r");
    answer(&mut s, "11. Home address (optional)", "Seoul\r");
    // experience (required): one entry
    s.expect("12. Work experience").unwrap();
    answer(&mut s, "Company", "Acme\r");
    answer(&mut s, "Start (YYYY-MM, optional)", "2019.03\r");
    answer(&mut s, "End (YYYY-MM, optional)", "\r");
    answer(&mut s, "Currently employed here?", "y\r");
    answer(&mut s, "Employment type (optional)", "\r");
    answer(&mut s, "Position (rank or title) (optional)", "\r");
    answer(&mut s, "Department (optional)", "\r");
    answer(&mut s, "Job role (optional)", "Engineer\r");
    // A second entry started by mistake is left empty at its first required field.
    answer(&mut s, "Add another job?", "y\r");
    answer(&mut s, "Company (empty: no such entry)", "\r");
    // education (required)
    s.expect("13. Education").unwrap();
    answer(&mut s, "School", "KAIST\r");
    answer(&mut s, "Entered (YYYY-MM, optional)", "\r");
    answer(&mut s, "Graduated (YYYY-MM, optional)", "\r");
    answer(&mut s, "Graduated?", "y\r");
    answer(&mut s, "Major (optional)", "CS\r");
    answer(&mut s, "Add another school?", "n\r");
    // qualification (optional): one prize, shown in words (sent as the API's `certificate`)
    answer(
        &mut s,
        "14. Certificates and awards (optional): add an entry?",
        "y\r",
    );
    s.expect("Certification").unwrap();
    answer(&mut s, "Prize", &format!("{DOWN}\r"));
    answer(&mut s, "    Name", "Hackathon\r");
    answer(&mut s, "Issuing institution", "Acme\r");
    answer(&mut s, "Score or grade", "1st\r");
    answer(&mut s, "Date obtained (YYYY-MM-DD)", "2021/05/01\r");
    answer(&mut s, "Details (optional)", "\r");
    answer(&mut s, "Add another certification or prize?", "n\r");
    // training (optional): skipped
    answer(
        &mut s,
        "15. Training and courses (optional): add an entry?",
        "n\r",
    );
    // language (optional): one
    answer(
        &mut s,
        "16. Language test scores (optional): add an entry?",
        "y\r",
    );
    answer(&mut s, "    Language", "English\r");
    answer(&mut s, "    Test", "TOEIC\r");
    answer(&mut s, "Testing institution", "ETS\r");
    answer(&mut s, "Score or grade", "950\r");
    answer(&mut s, "Date taken", "2022-08-01\r");
    answer(&mut s, "Add another language test?", "n\r");
    // military service (skip, yes, no): yes, completed
    answer(
        &mut s,
        "17. Military service (optional): does it apply to you?",
        &format!("{DOWN}\r"),
    );
    answer(&mut s, "Service status", &format!("{DOWN}\r"));
    // veteran affair: yes, with a code typed wrong first
    answer(
        &mut s,
        "18. National merit (veterans' affairs) status (optional): does it apply",
        &format!("{DOWN}\r"),
    );
    answer(&mut s, "Veterans' affairs certificate number", "123\r");
    answer(&mut s, "two digits, a hyphen and six digits", "12-345678\r");
    // disability: no
    answer(
        &mut s,
        "19. Disability (optional): does it apply to you?",
        &format!("{UP}\r"),
    );
    answer(
        &mut s,
        "20. Current company and job title (optional)",
        "Acme, Engineer\r",
    );
    // A textarea answer over two lines: a trailing backslash continues it.
    answer(
        &mut s,
        "21. Why do you want to join Acme?",
        "Because I like it.\\\r",
    );
    answer(&mut s, "  ...", "And the team.\r");
    answer(
        &mut s,
        "22. Where did you hear about this position?",
        &format!("{DOWN}{DOWN}\r"),
    );
    answer(&mut s, "23. Are you authorized to work in Korea?", "\r");
    answer(
        &mut s,
        "24. Earliest possible start date (optional)",
        "2026-03-01\r",
    );
    answer(
        &mut s,
        "25. Which languages have you used in production? (optional)",
        &format!(" {DOWN}{DOWN} \r"),
    );
    answer(
        &mut s,
        "26. Portfolio, GitHub or blog (optional)",
        "https://github.com/jane\r",
    );
    answer(&mut s, "Add another link?", "n\r");
    answer(&mut s, "27. Other documents (optional)", "portfolio.pdf\r");
    s.expect("uploaded: /upload/candidate/file/1/temp/")
        .unwrap();
    answer(&mut s, "Add another file?", "n\r");
    answer(&mut s, "Do you consent to the collection and use", "y\r");
    s.expect("answers saved to").unwrap();
    // The review shows uploads as the path the body sends, not the sandbox's temporary URL.
    let review = s.expect("What next?").unwrap();
    let review = String::from_utf8_lossy(review.before()).to_string();
    assert!(review.contains("Privacy consent"), "{review}");
    // Answers in words, questions without their kinds.
    assert!(
        review.contains("Female") && review.contains("Prize: Hackathon"),
        "{review}"
    );
    assert!(review.contains("Yes (Completed)"), "{review}");
    assert!(
        !review.contains("(gender)") && !review.contains("certificate"),
        "{review}"
    );
    assert!(
        review.contains("/upload/candidate/file/1/temp/"),
        "{review}"
    );
    assert!(!review.contains("http://127.0.0.1"), "{review}");
    answer(&mut s, "Submit this application to FORM-ALLKINDS", "\r");
    s.expect("jane.wizard@example.com").unwrap(); // the Application, as a table
    assert_eq!(exit_code(&mut s), 0);

    let reqs = sb.admin("/_sandbox/requests");
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    let body = &reqs[0]["body"];
    assert_eq!(body["privacy"], json!(true));
    let by_id = |id: i64| -> Value {
        body["questions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["question_id"] == json!(id))
            .map(|q| q["answer"].clone())
            .unwrap_or(Value::Null)
    };
    let uploads = sb.admin("/_sandbox/uploads");
    assert_eq!(uploads.len(), 2);
    assert!(uploads
        .iter()
        .all(|u| u["had_authorization"] == json!(false)));
    let path_of = |name: &str| {
        uploads
            .iter()
            .find(|u| u["filename"] == json!(name))
            .unwrap()["file_path"]
            .clone()
    };
    assert_eq!(by_id(9001), json!({"name": "Jane Wizard"}));
    assert_eq!(by_id(9002), json!({"email": "jane.wizard@example.com"}));
    assert_eq!(by_id(9003), json!({"phone": "010-5555-1234"}));
    assert_eq!(by_id(9004), json!({"resume_path": path_of("cv.pdf")}));
    assert_eq!(by_id(9005), json!({"experience_total_period": 36}));
    assert_eq!(by_id(9006), json!({"desired_salary": 6000}));
    assert_eq!(by_id(9007), Value::Null, "skipped");
    assert_eq!(by_id(9008), json!({"gender": "female"}));
    assert_eq!(by_id(9009), json!({"birth": "1990-02-28"}));
    assert_eq!(by_id(9010), Value::Null, "skipped");
    assert_eq!(by_id(9011), json!({"address": "Seoul"}));
    assert_eq!(
        by_id(9012),
        json!({"experiences": [{"company_name": "Acme", "start_at": "2019-03", "currently_employed": true, "title": "Engineer"}]})
    );
    assert_eq!(
        by_id(9013),
        json!({"educations": [{"school_name": "KAIST", "graduate": true, "major": "CS"}]})
    );
    assert_eq!(
        by_id(9014),
        json!({"qualifications": [{"kind": "certificate", "name": "Hackathon", "institution_name": "Acme", "grade": "1st", "date": "2021-05-01"}]})
    );
    assert_eq!(by_id(9015), Value::Null, "skipped");
    assert_eq!(
        by_id(9016),
        json!({"languages": [{"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": "950", "date": "2022-08-01"}]})
    );
    assert_eq!(
        by_id(9017),
        json!({"checked": true, "military_service_status": "complete"})
    );
    assert_eq!(
        by_id(9018),
        json!({"checked": true, "veteran_affair_code": "12-345678"})
    );
    assert_eq!(by_id(9019), json!({"checked": false}));
    assert_eq!(by_id(9020), json!({"value": "Acme, Engineer"}));
    assert_eq!(
        by_id(9021),
        json!({"value": "Because I like it.\nAnd the team."})
    );
    assert_eq!(by_id(9022), json!({"value": "Employee referral"}));
    assert_eq!(by_id(9023), json!({"value": "Yes"}));
    assert_eq!(by_id(9024), json!({"value": "2026-03-01"}));
    assert_eq!(by_id(9025), json!({"values": ["Rust", "TypeScript"]}));
    assert_eq!(by_id(9026), json!({"links": ["https://github.com/jane"]}));
    assert_eq!(by_id(9027), json!({"links": [path_of("portfolio.pdf")]}));
    assert_eq!(body["questions"].as_array().unwrap().len(), 24);

    // --save wrote a valid answers file with the paths the body sends: the same body again,
    // without a terminal.
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(!text.contains("http://127.0.0.1"), "{text}");
    assert!(text.contains(path_of("cv.pdf").as_str().unwrap()), "{text}");
    let out = sb
        .home
        .cmd()
        .env("RECRUIT_BASE_URL", sb.sandbox().base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .args([
            "forms",
            "apply",
            codes::FORM_ALL_KINDS,
            "--answers",
            saved.to_str().unwrap(),
            "--dry-run",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let again: Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
    assert_eq!(&again["body"], body, "the request's body");
    assert_eq!(sb.admin("/_sandbox/requests").len(), 1);
}

#[test]
fn wizard_on_the_idless_form_asks_only_the_basics_and_sends_variant_b() {
    let sb = TestSandbox::new();
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS]);
    s.expect("cannot be sent by this tool").unwrap();
    answer(&mut s, "1. Full name", "Min Park\r");
    answer(&mut s, "2. Email address", "min.wizard@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(
        &mut s,
        "4. Resume",
        "https://files.example/upload/candidate/file/1/temp/7/min%20cv.pdf\r",
    );
    answer(&mut s, "Do you consent to the collection and use", "n\r");
    answer(&mut s, "Submit this application to FORM-NOIDS", "y\r");
    s.expect("min.wizard@example.com").unwrap();
    assert_eq!(exit_code(&mut s), 0);
    let reqs = sb.admin("/_sandbox/requests");
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
    assert_eq!(
        reqs[0]["body"],
        json!({"name": "Min Park", "email": "min.wizard@example.com", "phone": "010-1111-2222",
               "resume_path": "/upload/candidate/file/1/temp/7/min%20cv.pdf", "privacy": false})
    );
}

/// `--dry-run` sends nothing, files included: a local file given to the wizard is neither
/// presigned nor PUT (it was uploaded), and the dry run names it (its local path and size, in
/// the request where the uploaded file's path would be); `--save` keeps no such answer.
#[test]
fn a_dry_run_uploads_no_file_and_shows_what_it_would_upload() {
    let sb = TestSandbox::new();
    let cv = sb.home.dir.path().join("dry-cv.pdf");
    std::fs::write(&cv, b"%PDF-1.4 seventeen").unwrap();
    let saved = sb.home.dir.path().join("saved.json");
    let mut s = sb.spawn(&[
        "forms",
        "apply",
        codes::FORM_NO_IDS,
        "--dry-run",
        "--save",
        saved.to_str().unwrap(),
    ]);
    answer(&mut s, "1. Full name", "Min Park\r");
    answer(&mut s, "2. Email address", "min.dry@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(&mut s, "4. Resume", "dry-cv.pdf\r");
    let said = until(&mut s, "the request shows its local path");
    assert!(said.contains("not uploaded (dry run): "), "{said:?}");
    assert!(said.contains("dry-cv.pdf, 18 bytes"), "{said:?}");
    assert!(!said.contains("uploading"), "{said:?}");
    answer(&mut s, "Do you consent to the collection and use", "y\r");
    let shown = until(&mut s, "nothing was sent");
    assert!(shown.contains("Would send POST"), "{shown:?}");
    assert!(
        shown.contains(r#""resume_path": "/"#) && shown.contains(r#"dry-cv.pdf""#),
        "the local path where the uploaded file's would be: {shown:?}"
    );
    assert!(!shown.contains("/upload/candidate/"), "{shown:?}");
    assert_eq!(exit_code(&mut s), 0);
    assert_eq!(sb.uploads(), Vec::<Value>::new(), "no presign, no PUT");
    assert_eq!(sb.requests(), Vec::<Value>::new(), "no application");
    let kept = std::fs::read_to_string(&saved).unwrap();
    assert!(kept.contains("min.dry@example.com"), "{kept}");
    assert!(
        !kept.contains("dry-cv.pdf"),
        "a file not uploaded is not kept: {kept}"
    );
}

/// The wizard reads keys raw from its first prompt on, but gives the terminal back while a file
/// goes up: Ctrl-C then stops the upload at once, not at the next prompt.
#[test]
fn ctrl_c_stops_an_upload_under_way() {
    let sb = TestSandbox::with(|o| o.faults.latency = Duration::from_millis(800));
    std::fs::write(sb.home.dir.path().join("cv.pdf"), b"%PDF-1.4 stopped").unwrap();
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS]);
    answer(&mut s, "1. Full name", "Min Park\r");
    answer(&mut s, "2. Email address", "min@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(&mut s, "4. Resume", "cv.pdf\r");
    s.expect("uploading").unwrap();
    // The terminal given back for the upload.
    until_line_mode(&s, true);
    s.send("\x03").unwrap();
    // Held raw, the key would wait for the consent question: the upload would finish first.
    let shown = until(&mut s, "cancelled");
    assert!(
        !shown.contains("uploaded:"),
        "the upload went on: {shown:?}"
    );
    assert_eq!(exit_code(&mut s), 130);
    assert!(sb.admin("/_sandbox/requests").is_empty());
}

#[test]
fn wizard_ctrl_c_sends_nothing_saves_what_was_answered_and_exits_130() {
    let sb = TestSandbox::new();
    let saved = sb.home.dir.path().join("so-far.json");
    let mut s = sb.spawn(&[
        "forms",
        "apply",
        codes::FORM_ALL_KINDS,
        "--save",
        saved.to_str().unwrap(),
    ]);
    answer(&mut s, "1. Full name", "Jane\r");
    answer(&mut s, "2. Email address", "\x03");
    // "cancelled" starts a line of its own, not glued to the interrupted prompt.
    let line = s.expect("cancelled; nothing was sent").unwrap();
    let before = String::from_utf8_lossy(line.before()).to_string();
    assert!(
        before.ends_with('\n') || before.ends_with("error: "),
        "{before:?}"
    );
    s.expect("The answers so far are in").unwrap();
    s.expect("--resume").unwrap();
    assert_eq!(exit_code(&mut s), 130);
    assert!(sb.admin("/_sandbox/requests").is_empty());
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    let items = file["questions"].as_array().expect("questions");
    assert_eq!(items.len(), 1, "{file}");
    assert_eq!(items[0]["answer"], json!({"name": "Jane"}), "{file}");
}

#[test]
fn wizard_declined_at_the_end_sends_nothing() {
    let sb = TestSandbox::new();
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS]);
    answer(&mut s, "1. Full name", "Min Park\r");
    answer(&mut s, "2. Email address", "min@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(
        &mut s,
        "4. Resume",
        "/upload/candidate/file/1/temp/7/cv.pdf\r",
    );
    answer(&mut s, "Do you consent", "y\r");
    answer(
        &mut s,
        "Cancel; nothing is sent",
        &format!("{DOWN}{DOWN}\r"),
    );
    s.expect("cancelled; nothing was sent").unwrap();
    assert_eq!(exit_code(&mut s), 1);
    assert!(sb.admin("/_sandbox/requests").is_empty());
}

#[test]
fn an_answer_is_changed_from_the_review_and_reviewed_again() {
    let sb = TestSandbox::new();
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS]);
    answer(&mut s, "1. Full name", "Min Park\r");
    answer(&mut s, "2. Email address", "typo@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(
        &mut s,
        "4. Resume",
        "/upload/candidate/file/1/temp/7/cv.pdf\r",
    );
    answer(&mut s, "Do you consent", "n\r");
    answer(&mut s, "Change an answer", &format!("{DOWN}\r"));
    // The list names each question with its answer now.
    answer(
        &mut s,
        "2. Email address: typo@example.com",
        &format!("{DOWN}\r"),
    );
    // Pre-filled with the answer now: rub out "typo" and type "min.fixed".
    answer(
        &mut s,
        "2. Email address",
        &format!(
            "{}min.fixed@example.com\r",
            "\x7f".repeat("typo@example.com".len())
        ),
    );
    // Reviewed again, with the new answer; then the consent changed too.
    let review = s.expect("What next?").unwrap();
    let review = String::from_utf8_lossy(review.before()).to_string();
    let review = &review[review.rfind("QUESTION").expect("a review table")..];
    assert!(review.contains("min.fixed@example.com"), "{review}");
    assert!(!review.contains("typo@example.com"), "{review}");
    answer(&mut s, "Change an answer", &format!("{DOWN}\r"));
    answer(&mut s, "Privacy consent: No", &format!("{UP}\r"));
    answer(&mut s, "Do you consent", "y\r");
    answer(&mut s, "Submit this application to FORM-NOIDS", "\r");
    assert_eq!(exit_code(&mut s), 0);
    let reqs = sb.admin("/_sandbox/requests");
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["body"]["email"], json!("min.fixed@example.com"));
    assert_eq!(reqs[0]["body"]["privacy"], json!(true));
}

/// The answer's line editor steps over what a reader sees as one character (an extended
/// grapheme cluster): `e` + a combining accent, a Korean syllable typed as jamo, an emoji with
/// a skin tone, a ZWJ sequence. Each is one Backspace, one arrow, one Delete.
#[test]
fn pty_the_line_editor_moves_and_deletes_whole_characters() {
    const LEFT: &str = "\x1b[D";
    const RIGHT: &str = "\x1b[C";
    const DEL: &str = "\x1b[3~";
    let e_acute = "e\u{301}";
    let han = "\u{1112}\u{1161}\u{11ab}"; // 한 as jamo
    let thumbs = "\u{1f44d}\u{1f3fd}"; // with a skin tone
    let coder = "\u{1f469}\u{200d}\u{1f4bb}"; // woman + ZWJ + laptop
    let sb = TestSandbox::new();
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS]);
    // Typed: "Park" é 한 👍🏽 👩‍💻; Backspace takes 👩‍💻; two Lefts go before 한, Backspace
    // takes é; Right goes past 한, Delete takes 👍🏽; then " Min".
    answer(
        &mut s,
        "1. Full name",
        &format!("Park{e_acute}{han}{thumbs}{coder}\x7f{LEFT}{LEFT}\x7f{RIGHT}{DEL} Min\r"),
    );
    answer(&mut s, "2. Email address", "min@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(
        &mut s,
        "4. Resume",
        "/upload/candidate/file/1/temp/7/cv.pdf\r",
    );
    answer(&mut s, "Do you consent", "y\r");
    answer(&mut s, "Submit this application to FORM-NOIDS", "\r");
    assert_eq!(exit_code(&mut s), 0);
    let reqs = sb.admin("/_sandbox/requests");
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["body"]["name"], json!(format!("Park{han} Min")));
}

#[test]
fn without_a_terminal_and_without_answers_is_exit_2() {
    let sb = TestSandbox::new();
    let out = sb
        .home
        .cmd()
        .env("RECRUIT_BASE_URL", sb.sandbox().base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .args(["forms", "apply", codes::FORM_ALL_KINDS])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("--answers FILE"), "{err}");
    assert!(err.contains("recruit forms get FORM-ALLKINDS"), "{err}");
    assert!(sb.admin("/_sandbox/requests").is_empty());
}

fn noids_answers(sb: &TestSandbox, email: &str) -> String {
    let p = sb.home.dir.path().join("answers.json");
    let v = json!({"privacy": true, "questions": [
        {"order": 1, "answer": {"name": "Min Park"}},
        {"order": 2, "answer": {"email": email}},
        {"order": 3, "answer": {"phone": "010-1111-2222"}},
        {"order": 4, "answer": {"resume_path": "/upload/candidate/file/1/temp/7/cv.pdf"}}
    ]});
    std::fs::write(&p, v.to_string()).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn answers_file_on_a_terminal_shows_a_summary_and_asks_first() {
    let sb = TestSandbox::new();
    let file = noids_answers(&sb, "asked@example.com");
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    s.expect("note: the form's questions carry no ids").unwrap();
    // The summary names the questions without their kinds.
    let summary = s.expect("Mobile phone number").unwrap();
    let summary = String::from_utf8_lossy(summary.before()).to_string();
    assert!(!summary.contains("(name)"), "{summary}");
    answer(&mut s, "Submit this application to FORM-NOIDS", "n\r");
    s.expect("cancelled; nothing was sent").unwrap();
    assert_eq!(exit_code(&mut s), 1);
    assert!(sb.admin("/_sandbox/requests").is_empty());

    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS, "--answers", &file]);
    answer(&mut s, "Submit this application to FORM-NOIDS", "y\r");
    s.expect("asked@example.com").unwrap();
    assert_eq!(exit_code(&mut s), 0);
    assert_eq!(sb.admin("/_sandbox/requests").len(), 1);
}

#[test]
fn answers_file_on_a_terminal_with_yes_does_not_ask() {
    let sb = TestSandbox::new();
    let file = noids_answers(&sb, "yes@example.com");
    let mut s = sb.spawn(&[
        "forms",
        "apply",
        codes::FORM_NO_IDS,
        "--answers",
        &file,
        "--yes",
    ]);
    s.expect("yes@example.com").unwrap();
    assert_eq!(exit_code(&mut s), 0);
    let reqs = sb.admin("/_sandbox/requests");
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["status"], json!(200));
}

/// On a terminal, deleting a memo asks first, says its replies go with it, and a "no" is
/// exit 1 with nothing deleted.
#[test]
fn delete_asks_names_the_replies_and_a_no_is_exit_1() {
    let sb = TestSandbox::new();
    // C1001's memo 101 has replies in the demo data.
    let mut s = sb.spawn(&["memos", "delete", "C1001", "101"]);
    s.expect("Delete memo 101 on candidate C1001?").unwrap();
    s.expect("repl").unwrap();
    s.send("n").unwrap();
    s.expect("cancelled; nothing was deleted").unwrap();
    assert_eq!(exit_code(&mut s), 1);
    let out = sb
        .cmd()
        .args(["memos", "get", "C1001", "101", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "the memo is still there");
}

#[test]
fn service_strings_reach_the_wizards_terminal_escaped() {
    // A form edited by anyone in the organization: escapes in its title, a question's title
    // and description, and a choice.
    let form = json!({"resource": {
        "code": "EVIL", "title": "Evil\u{1b}[2J form",
        "questions": [
            {"id": 1, "order": 1, "kind": "name", "required": true,
             "title": "Name\u{1b}]52;c;QUFB\u{7}", "show_description": true,
             "description": "<p>Read \u{1b}[31mcarefully</p>"},
            {"id": 2, "order": 2, "kind": "radio", "required": true, "title": "Pick",
             "answer_options": ["ok", "\u{202e}gpj.exe"]}
        ]
    }})
    .to_string();
    let service = form_service("EVIL", form);
    let sb = TestSandbox::new();
    let mut s = sb.spawn_at(&service.base(), Lang::En, 120, &["forms", "apply", "EVIL"]);
    let mut shown = Vec::new();
    let first = s.expect("1. Name").unwrap();
    shown.extend_from_slice(first.before());
    shown.extend_from_slice(first.get(0).unwrap());
    until_reading_keys(&s);
    s.send("Jane\r").unwrap();
    let pick = s.expect("gpj.exe").unwrap();
    shown.extend_from_slice(pick.before());
    shown.extend_from_slice(pick.get(0).unwrap());
    until_reading_keys(&s);
    s.send("\x03").unwrap();
    if let Ok(rest) = s.expect(Eof) {
        shown.extend_from_slice(rest.before());
    }
    let shown = String::from_utf8_lossy(&shown).to_string();
    for raw in ["\u{1b}[2J", "\u{1b}]52", "\u{1b}[31m", "\u{202e}"] {
        assert!(
            !shown.contains(raw),
            "{raw:?} reached the terminal: {shown:?}"
        );
    }
    for visible in [
        "Evil\\x1b[2J form",
        "Name\\x1b]52;c;QUFB\\x07",
        "\\u{202e}gpj.exe",
    ] {
        assert!(shown.contains(visible), "{visible:?} not shown: {shown:?}");
    }
}

/// A service with one form, `CODE` (its body `form`); any other request is a 404.
fn form_service(code: &str, form: String) -> Stub {
    let path = format!("/v1/application_forms/{code}");
    stub(move |seen, _| {
        if seen.uri == path {
            Reply::json(200, &form)
        } else {
            Reply::json(
                404,
                r#"{"error":"not_found","message":"Resource not found"}"#,
            )
        }
    })
}

/// The wizard's text `id` in `lang` (numbers given as digits are numbers, for plurals).
fn tr(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    let mut a = fluent_bundle::FluentArgs::new();
    for (k, v) in args {
        match v.parse::<i64>() {
            Ok(n) => a.set(*k, n),
            Err(_) => a.set(*k, v.to_string()),
        }
    }
    recruit::i18n::text_in(lang, id, (!args.is_empty()).then_some(&a))
}

/// The keys of a yes/no as the plain theme shows them, the answer Enter takes marked:
/// `[y/N]`, `[예/아니요(기본)]`.
fn yes_no_mark(lang: Lang, default: bool) -> String {
    let id = if default {
        "wizard-yes-no-default-yes"
    } else {
        "wizard-yes-no-default-no"
    };
    format!("[{}]", tr(lang, id, &[]))
}

/// A yes/no answer as the wizard shows it: `yes`, `아니요`.
fn yes_no_word(lang: Lang, yes: bool) -> String {
    tr(lang, if yes { "cell-yes" } else { "cell-no" }, &[])
}

/// Type `keys` at a yes/no of the colour theme, one at a time, each time waiting until the
/// prompt is drawn again with the answer it gives (`› yes`).
fn shown_at_each_key(s: &mut Session, lang: Lang, keys: &[&str], log: &mut Vec<u8>) {
    for key in keys {
        until_reading_keys(s);
        s.send(key).unwrap();
        let shown = format!("› {}", yes_no_word(lang, *key == "y"));
        log_until(s, &shown, log);
    }
}

/// The first `n` words of a message: what shows on the first line of a refusal broken to the
/// terminal's width.
fn first_words(text: &str, n: usize) -> String {
    text.split(' ').take(n).collect::<Vec<_>>().join(" ")
}

/// Each language on a narrow and a wide terminal.
const COMBOS: [(Lang, u16); 4] = [
    (Lang::En, 120),
    (Lang::En, 60),
    (Lang::Ko, 120),
    (Lang::Ko, 60),
];

/// An answer to every question of FORM-ALLKINDS, as a `--save` file holds them.
fn all_answers() -> Value {
    json!({"privacy": true, "questions": [
        {"question_id": 9001, "kind": "name", "answer": {"name": "Jane Wizard"}},
        {"question_id": 9002, "kind": "email", "answer": {"email": "jane@example.com"}},
        {"question_id": 9003, "kind": "phone", "answer": {"phone": "010-5555-1234"}},
        {"question_id": 9004, "kind": "resume", "answer": {"resume_path": "/upload/candidate/file/1/temp/7/cv.pdf"}},
        {"question_id": 9005, "kind": "experience_total", "answer": {"experience_total_period": 36}},
        {"question_id": 9006, "kind": "desired_salary", "answer": {"desired_salary": 6000}},
        {"question_id": 9007, "kind": "current_salary", "answer": {"current_salary": 5000}},
        {"question_id": 9008, "kind": "gender", "answer": {"gender": "female"}},
        {"question_id": 9009, "kind": "birth", "answer": {"birth": "1990-02-28"}},
        {"question_id": 9010, "kind": "profile_img", "answer": {"profile_img_path": "/upload/candidate/file/1/temp/7/me.jpg"}},
        {"question_id": 9011, "kind": "address", "answer": {"address": "Seoul"}},
        {"question_id": 9012, "kind": "experience", "answer": {"experiences": [
            {"company_name": "Acme", "start_at": "2019-03", "currently_employed": true, "title": "Engineer"},
            {"company_name": "Beta Corporation International", "start_at": "2016-01", "end_at": "2019-02", "currently_employed": false, "department": "Research and development"}]}},
        {"question_id": 9013, "kind": "education", "answer": {"educations": [{"school_name": "KAIST", "graduate": true, "major": "CS"}]}},
        {"question_id": 9014, "kind": "qualification", "answer": {"qualifications": [
            {"kind": "award", "name": "정보처리기사", "institution_name": "한국산업인력공단", "grade": "합격", "date": "2020-06-01"}]}},
        {"question_id": 9015, "kind": "training", "answer": {"trainings": [
            {"name": "Rust course", "institution_name": "Acme Academy", "start_date": "2021-01-04", "end_date": "2021-02-26"}]}},
        {"question_id": 9016, "kind": "language", "answer": {"languages": [
            {"kind": "English", "test_name": "TOEIC", "institution_name": "ETS", "grade": "950", "date": "2022-08-01"}]}},
        {"question_id": 9017, "kind": "military_service", "answer": {"checked": true, "military_service_status": "complete"}},
        {"question_id": 9018, "kind": "veteran_affair", "answer": {"checked": false}},
        {"question_id": 9019, "kind": "disability", "answer": {"checked": true, "disability_type": "hearing", "disability_severity": "mild"}},
        {"question_id": 9020, "kind": "text", "answer": {"value": "Acme, Engineer"}},
        {"question_id": 9021, "kind": "textarea", "answer": {"value": "Because I like it.\nAnd the team."}},
        {"question_id": 9022, "kind": "dropdown", "answer": {"value": "Employee referral"}},
        {"question_id": 9023, "kind": "radio", "answer": {"value": "Yes"}},
        {"question_id": 9024, "kind": "date_type", "answer": {"value": "2026-03-01"}},
        {"question_id": 9025, "kind": "checkbox", "answer": {"values": ["Rust", "Go"]}},
        {"question_id": 9026, "kind": "link", "answer": {"links": ["https://github.com/jane"]}},
        {"question_id": 9027, "kind": "file_upload", "answer": {"links": ["/upload/candidate/file/1/temp/7/p.pdf"]}}
    ]})
}

/// A test sandbox, and `answers` as a saved session (`session.json`) in its home.
fn with_session(answers: &Value) -> (TestSandbox, std::path::PathBuf) {
    let sb = TestSandbox::new();
    let file = sb.home.dir.path().join("session.json");
    std::fs::write(&file, answers.to_string()).unwrap();
    (sb, file)
}

/// [`all_answers`] with only the questions `keep` says, and no privacy consent.
fn some_answers(keep: impl Fn(i64) -> bool) -> Value {
    let mut v = all_answers();
    v.as_object_mut().unwrap().remove("privacy");
    v["questions"]
        .as_array_mut()
        .unwrap()
        .retain(|q| keep(q["question_id"].as_i64().unwrap()));
    v
}

/// The answer to question `id` in a request body or answers file (variant A).
fn answer_of(body: &Value, id: i64) -> Value {
    body["questions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["question_id"] == json!(id))
        .map(|q| q["answer"].clone())
        .unwrap_or(Value::Null)
}

/// `text` as a pattern that finds it as the terminal shows it: the wizard breaks a line too
/// long for the terminal between words, so each space between two words may be a line break
/// there (and the indent after it); all else is exact, spaces before and after included.
fn shown_as(text: &str) -> expectrl::Regex<String> {
    let esc = |s: &str| -> String {
        s.chars()
            .map(|c| {
                // (`\<` and `\>` would be word boundaries.)
                if c.is_ascii_punctuation() && c != '<' && c != '>' {
                    format!("\\{c}")
                } else {
                    c.to_string()
                }
            })
            .collect()
    };
    let lead = &text[..text.len() - text.trim_start().len()];
    let trail = &text[text.trim_end().len()..];
    let words: Vec<String> = text.split_whitespace().map(esc).collect();
    expectrl::Regex(format!("{lead}{}{trail}", words.join(r"\s+")))
}

/// Wait for `text` as the terminal shows it ([`shown_as`]); what came before.
fn expect_words(s: &mut Session, text: &str) -> String {
    let m = s
        .expect(shown_as(text))
        .unwrap_or_else(|e| panic!("waiting for {text:?}: {e}"));
    String::from_utf8_lossy(m.before()).to_string()
}

/// Everything the terminal showed up to `text` (which is consumed too).
fn until(s: &mut Session, text: &str) -> String {
    expect_words(s, text)
}

#[test]
fn pty_a_group_changed_from_the_review_keeps_its_entries_and_an_edited_entry_starts_pre_filled() {
    for (lang, cols) in COMBOS {
        let (sb, file) = with_session(&all_answers());
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let mut s = sb.resume_in(lang, cols, path);
        expect_words(
            &mut s,
            &tr(
                "wizard-resumed",
                &[("path", path), ("kept", "27"), ("left", "0")],
            ),
        );
        let down11 = DOWN.repeat(11);
        // Change question 12 (two jobs), and press Enter on the list: both kept.
        answer(&mut s, &tr("wizard-change", &[]), &format!("{DOWN}\r"));
        answer(&mut s, "12. Work experience: ", &format!("{down11}\r"));
        s.expect("1. Acme, Engineer, 2019-03").unwrap();
        s.expect("2. Beta Corporation International, 2016-01 – 2019-02")
            .unwrap();
        answer(&mut s, &tr("wizard-group-keep", &[("count", "2")]), "\r");
        // Again, editing the second job: each field starts from its answer; Enter keeps it.
        answer(&mut s, &tr("wizard-change", &[]), &format!("{DOWN}\r"));
        answer(&mut s, "12. Work experience: ", &format!("{down11}\r"));
        answer(&mut s, &tr("wizard-group-edit", &[]), &format!("{DOWN}\r"));
        answer(
            &mut s,
            &tr("wizard-group-which-edit", &[]),
            &format!("{DOWN}\r"),
        );
        let optional = |label: &str| tr("wizard-optional", &[("label", &tr(label, &[]))]);
        let dated = |label: &str| {
            tr(
                "wizard-field-dated-optional",
                &[("label", &tr(label, &[])), ("shape", "YYYY-MM")],
            )
        };
        for (prompt, now) in [
            (
                tr("field-experience-company", &[]),
                "Beta Corporation International",
            ),
            (dated("field-experience-start"), "2016-01"),
            (dated("field-experience-end"), "2019-02"),
        ] {
            // The prompt, then the answer it starts from.
            s.expect(prompt.as_str()).unwrap();
            answer(&mut s, now, "\r");
        }
        answer(&mut s, &tr("field-experience-current", &[]), "\r");
        answer(&mut s, &optional("field-experience-type"), "\r");
        answer(&mut s, &optional("field-experience-position"), "\r");
        s.expect(optional("field-experience-department").as_str())
            .unwrap();
        answer(&mut s, "Research and development", "\r");
        answer(&mut s, &optional("field-experience-role"), "\r");
        answer(&mut s, &tr("wizard-group-keep", &[("count", "2")]), "\r");
        // Reviewed with both jobs; Enter submits.
        let review = until(&mut s, &tr("wizard-what-next", &[]));
        let review = &review[review.rfind("12   Work experience").expect("a review")..];
        assert!(review.contains("Acme"), "{review}");
        assert!(review.contains("Beta"), "{review}");
        until_reading_keys(&s);
        s.send("\r").unwrap();
        assert_eq!(exit_code(&mut s), 0, "{lang:?} at {cols} columns");
        let reqs = sb.admin("/_sandbox/requests");
        assert_eq!(reqs.len(), 1);
        assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
        let body = &reqs[0]["body"];
        for id in 9001..=9027 {
            assert_eq!(
                answer_of(body, id),
                answer_of(&all_answers(), id),
                "question {id}, {lang:?} at {cols} columns"
            );
        }
        // The session file (kept up to date by --resume) is what was sent.
        let kept: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(answer_of(&kept, 9012), answer_of(&all_answers(), 9012));
    }
}

#[test]
fn pty_an_empty_required_answer_is_refused_with_a_sentence_and_ctrl_c_says_how_to_keep_answers() {
    for (lang, cols) in COMBOS {
        let sb = TestSandbox::new();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let mut s = sb.spawn_in(lang, cols, &["forms", "apply", codes::FORM_ALL_KINDS]);
        answer(&mut s, "1. Full name", "\r");
        // Why, in a sentence (its first words: at 60 columns it is broken over lines).
        answer(
            &mut s,
            &first_words(&tr("wizard-required", &[]), 3),
            "김하나\r",
        );
        answer(&mut s, "2. Email address", "nope\r");
        answer(&mut s, "\"nope\"", "\x03");
        s.expect(tr("wizard-cancelled", &[]).as_str()).unwrap();
        // No --save: how to keep the answers next time.
        expect_words(
            &mut s,
            &tr("wizard-not-kept", &[("code", codes::FORM_ALL_KINDS)]),
        );
        assert_eq!(exit_code(&mut s), 130, "{lang:?} at {cols} columns");
        assert!(sb.admin("/_sandbox/requests").is_empty());
    }
}

#[test]
fn pty_an_end_before_its_start_is_refused_as_it_is_typed() {
    for (lang, cols) in COMBOS {
        // Questions 1 to 11 answered: question 12 (work experience) is the first asked.
        let (sb, file) = with_session(&some_answers(|id| id <= 9011));
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let mut s = sb.resume_in(lang, cols, path);
        let before = until(&mut s, "12. Work experience");
        assert!(!before.contains("11. Home address"), "{before}");
        let dated = |label: &str| {
            tr(
                "wizard-field-dated-optional",
                &[("label", &tr(label, &[])), ("shape", "YYYY-MM")],
            )
        };
        let company = if lang == Lang::Ko {
            "에이크미"
        } else {
            "Acme"
        };
        answer(
            &mut s,
            &tr("field-experience-company", &[]),
            &format!("{company}\r"),
        );
        answer(&mut s, &dated("field-experience-start"), "2020-03\r");
        answer(&mut s, &dated("field-experience-end"), "2019-01\r");
        let why = tr(
            "check-end-before-start",
            &[("end", "2019-01"), ("start", "2020-03")],
        );
        // Refused at the field, before the rest of the entry.
        let shown = until(&mut s, &first_words(&why, 2));
        assert!(
            !shown.contains(&tr("field-experience-current", &[])),
            "{shown}"
        );
        until_reading_keys(&s);
        s.send("2021-01\r").unwrap();
        answer(&mut s, &tr("field-experience-current", &[]), "\r");
        for label in [
            "field-experience-type",
            "field-experience-position",
            "field-experience-department",
            "field-experience-role",
        ] {
            let prompt = tr("wizard-optional", &[("label", &tr(label, &[]))]);
            answer(&mut s, &prompt, "\r");
        }
        answer(
            &mut s,
            &tr(
                "wizard-group-add-another",
                &[("noun", &tr("noun-experience", &[]))],
            ),
            "\r",
        );
        answer(&mut s, "13. Education", "");
        answer(&mut s, &tr("field-education-school", &[]), "\x03");
        assert_eq!(exit_code(&mut s), 130, "{lang:?} at {cols} columns");
        // Ctrl-C kept the session: the job as corrected, and the answers it was resumed with.
        let kept: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(
            answer_of(&kept, 9012),
            json!({"experiences": [{"company_name": company, "start_at": "2020-03", "end_at": "2021-01", "currently_employed": false}]})
        );
        for id in 9001..=9011 {
            assert_eq!(answer_of(&kept, id), answer_of(&all_answers(), id), "{id}");
        }
    }
}

#[test]
fn pty_a_resumed_session_asks_only_what_is_unanswered_and_enter_skips_an_optional_choice() {
    for (lang, cols) in COMBOS {
        // Everything but the gender and the military service, and no privacy consent.
        let (sb, file) = with_session(&some_answers(|id| id != 9008 && id != 9017));
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let mut s = sb.resume_in(lang, cols, path);
        expect_words(
            &mut s,
            &tr(
                "wizard-resumed",
                &[("path", path), ("kept", "25"), ("left", "2")],
            ),
        );
        let gender = tr("wizard-optional", &[("label", "8. Gender")]);
        let asked = until(&mut s, &gender);
        assert!(!asked.contains("1. Full name"), "{asked}");
        assert!(!asked.contains("7. Current annual salary"), "{asked}");
        // An optional choice starts on "skip": Enter skips it.
        s.expect(tr("wizard-skip", &[]).as_str()).unwrap();
        until_reading_keys(&s);
        s.send("\r").unwrap();
        let military = tr(
            "wizard-applies",
            &[(
                "label",
                &tr("wizard-optional", &[("label", "17. Military service")]),
            )],
        );
        let asked = until(&mut s, &military);
        assert!(!asked.contains("12. Work experience"), "{asked}");
        until_reading_keys(&s);
        s.send("\r").unwrap();
        answer(&mut s, &tr("wizard-privacy", &[]), "y\r");
        let review = until(&mut s, &tr("wizard-what-next", &[]));
        assert!(review.contains("Jane Wizard"), "{review}");
        until_reading_keys(&s);
        s.send("\r").unwrap();
        assert_eq!(exit_code(&mut s), 0, "{lang:?} at {cols} columns");
        let reqs = sb.admin("/_sandbox/requests");
        assert_eq!(reqs.len(), 1);
        assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
        let body = &reqs[0]["body"];
        assert_eq!(body["privacy"], json!(true));
        assert_eq!(answer_of(body, 9008), Value::Null, "skipped");
        assert_eq!(answer_of(body, 9017), Value::Null, "skipped");
        assert_eq!(body["questions"].as_array().unwrap().len(), 25);
        for id in (9001..=9027).filter(|id| *id != 9008 && *id != 9017) {
            assert_eq!(answer_of(body, id), answer_of(&all_answers(), id), "{id}");
        }
    }
}

/// What a PTY session shows until `text` (included), added to `log`.
fn log_until(s: &mut Session, text: &str, log: &mut Vec<u8>) {
    let m = s
        .expect(shown_as(text))
        .unwrap_or_else(|e| panic!("waiting for {text:?}: {e}"));
    log.extend_from_slice(m.before());
    log.extend_from_slice(m.get(0).unwrap());
}

/// At 60 columns, questions wider than the terminal, a menu moved through and a refusal
/// broken over lines leave the screen as a person reads it: each question once, no refusal
/// left once the answer is taken (dialoguer alone redrew a wrapped prompt by clearing one
/// line of it, leaving the rest on the screen).
#[test]
fn pty_at_60_columns_long_questions_and_refusals_leave_no_stale_lines() {
    for lang in [Lang::En, Lang::Ko] {
        let (sb, file) = with_session(&some_answers(|id| id <= 9017));
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let mut s = sb.spawn_in(
            lang,
            60,
            &["forms", "apply", codes::FORM_ALL_KINDS, "--resume", path],
        );
        let mut log = Vec::new();
        let question = "18. National merit (veterans' affairs) status";
        log_until(&mut s, question, &mut log);
        log_until(&mut s, &tr("word-no", &[]), &mut log);
        until_reading_keys(&s);
        // Skip, yes, no, back to yes.
        s.send(format!("{DOWN}{DOWN}{UP}\r")).unwrap();
        log_until(&mut s, &tr("wizard-veteran-code", &[]), &mut log);
        until_reading_keys(&s);
        s.send("123\r").unwrap();
        let why = tr("wizard-veteran-code-shape", &[("value", "\"123\"")]);
        log_until(&mut s, &first_words(&why, 3), &mut log);
        until_reading_keys(&s);
        s.send("12-345678\r").unwrap();
        log_until(&mut s, "19. Disability", &mut log);
        until_reading_keys(&s);
        s.send("\x03").unwrap();
        if let Ok(rest) = s.expect(Eof) {
            log.extend_from_slice(rest.before());
        }
        let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        let mut screen = vt100::Parser::new(size(40), size(60), 0);
        screen.process(&log);
        let shown = screen.screen().contents();
        let from = shown
            .find("18. National")
            .expect("question 18 on the screen");
        let shown = &shown[from..];
        assert_eq!(
            shown.matches("18. National").count(),
            1,
            "{lang:?}: question 18 shows more than once:\n{shown}"
        );
        assert!(
            !shown.contains(&first_words(&why, 3)),
            "{lang:?}: the refusal stayed:\n{shown}"
        );
        assert!(
            !shown.contains(&tr("wizard-skip", &[])),
            "{lang:?}: the menu stayed:\n{shown}"
        );
        assert!(shown.contains("12-345678"), "{lang:?}:\n{shown}");
        assert!(shown.lines().all(|l| !l.contains('\u{1b}')), "{shown}");
    }
}

/// A saved session the form refuses (an answer edited by hand) is reported like an answers
/// file, before any question, and nothing is sent.
#[test]
fn pty_a_saved_session_with_a_wrong_answer_lists_its_problems_and_exits_2() {
    let sb = TestSandbox::new();
    let file = sb.home.dir.path().join("session.json");
    let mut saved = some_answers(|id| id <= 9003);
    saved["questions"][1]["answer"]["email"] = json!("nope");
    std::fs::write(&file, saved.to_string()).unwrap();
    let mut s = sb.spawn(&[
        "forms",
        "apply",
        codes::FORM_ALL_KINDS,
        "--resume",
        file.to_str().unwrap(),
    ]);
    let shown = until(&mut s, "1 problem");
    assert!(
        shown.contains("answer.email: \"nope\" does not look like an e-mail address"),
        "{shown}"
    );
    assert!(
        !shown.contains("1. Full name"),
        "no question is asked: {shown}"
    );
    assert_eq!(exit_code(&mut s), 2);
    assert!(sb.admin("/_sandbox/requests").is_empty());
}

#[test]
fn resume_without_a_terminal_is_a_usage_error_pointing_to_answers() {
    let (sb, file) = with_session(&some_answers(|id| id <= 9003));
    let out = sb
        .home
        .cmd()
        .env("RECRUIT_BASE_URL", sb.sandbox().base_url())
        .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
        .args([
            "forms",
            "apply",
            codes::FORM_ALL_KINDS,
            "--resume",
            file.to_str().unwrap(),
        ])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(err.contains("--resume"), "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(err.contains("--answers FILE"), "{err}");
    assert!(sb.admin("/_sandbox/requests").is_empty());
}

/// The wizard's logic without a terminal: `wizard::collect` driven by a scripted prompt, its
/// answers sent through the same `apply::prepare` an answers file goes through.
mod scripted {
    use recruit::api::ApplicationForm;
    use recruit::apply::{answers_file, prepare, Answer, Variant};
    use recruit::wizard::scripted::{Reply, Scripted};
    use recruit::wizard::{collect, Stop, UploadError};

    const REQUIRED: &str =
        "An answer is required here: type one, or press Ctrl-C to stop without sending.";
    use serde_json::{json, Value};

    fn form() -> ApplicationForm {
        let q = |id: Option<i64>, order: i64, kind: &str, required: bool, options: &[&str]| {
            json!({"id": id, "order": order, "kind": kind, "title": format!("Q {kind}"),
                   "required": required, "answer_options": options})
        };
        serde_json::from_value(json!({
            "code": "FORM-T",
            "title": "Test form",
            "questions": [
                q(Some(1), 1, "name", true, &[]),
                q(Some(2), 2, "email", true, &[]),
                q(Some(3), 3, "phone", true, &[]),
                q(Some(4), 4, "desired_salary", false, &[]),
                q(Some(5), 5, "radio", true, &["On-site", "Video call", "Phone"]),
                q(Some(6), 6, "checkbox", false, &["Mon", "Tue", "Wed"]),
                q(Some(7), 7, "date_type", false, &[]),
                q(Some(8), 8, "military_service", true, &[]),
                q(Some(9), 9, "textarea", false, &[]),
                q(Some(10), 10, "link", false, &[]),
                q(Some(11), 11, "resume", true, &[]),
                q(None, 12, "text", false, &[]),
            ]
        }))
        .expect("form parses")
    }

    fn line(s: &str) -> Reply {
        Reply::Line(s.to_string())
    }

    /// The fewest replies that reach the résumé's upload, the path `cv` given once.
    fn to_the_upload(cv: &std::path::Path) -> Vec<Reply> {
        vec![
            line("Kim Hana"),
            line("hana@example.com"),
            line("010-1234-5678"),
            line(""),
            Reply::Pick(1),
            Reply::Tick(vec![]),
            line(""),
            Reply::Yes(true),
            Reply::Pick(1),
            line(""),
            line(""),
            line(cv.to_str().unwrap()),
        ]
    }

    #[test]
    fn every_answer_is_checked_as_typed_and_the_body_is_what_a_file_would_send() {
        let dir = tempfile::tempdir().unwrap();
        let cv = dir.path().join("cv.pdf");
        std::fs::write(&cv, b"%PDF-1.4").unwrap();
        let form = form();
        let mut p = Scripted::new([
            line("Kim Hana"),
            line("nope"), // refused inline, asked again
            line("hana@example.com"),
            line("010-1234-5678"),
            line("5,000"),
            Reply::Pick(1),
            Reply::Tick(vec![0, 2]),
            line("2026.12.01"),
            Reply::Yes(true),
            Reply::Pick(1), // (skip) comes first: 1 is "Completed"
            line(""),       // optional textarea skipped
            line("https://github.com/hana"),
            Reply::Yes(false),
            line(cv.to_str().unwrap()),
            Reply::Yes(true), // privacy
        ]);
        let mut uploaded = Vec::new();
        let mut upload = |path: &std::path::Path| -> Result<String, UploadError> {
            uploaded.push(path.to_path_buf());
            Ok("https://files.example.com/upload/candidate/file/1/temp/9/cv%20v2.pdf".into())
        };
        let mut answers: Vec<Answer> = Vec::new();
        let privacy =
            collect(&form, &mut p, &mut upload, &mut answers, None, &mut None).expect("completes");
        assert_eq!(p.unused(), 0, "{:#?}", p.transcript);
        assert_eq!(uploaded, [cv]);
        assert!(privacy);
        let t = p.transcript.join("\n");
        assert!(t.contains("! nope: "), "{t}");
        assert!(
            t.contains("1 question cannot be sent by this tool") && t.contains("12. Q text"),
            "{t}"
        );
        // The military status is offered in words, starting on "skip".
        assert!(
            t.contains(
                "  [>(skip: no answer) | Completed | Not completed | Exempted | Serving now]"
            ),
            "{t}"
        );

        let questions = form.questions.clone().unwrap();
        let file = answers_file(&questions, &answers, Some(privacy));
        let prepared = prepare(&questions, &file, Variant::A).expect("valid");
        let body = &prepared.body;
        assert_eq!(body["privacy"], true);
        let by_id = |id: i64| -> Value {
            body["questions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|q| q["question_id"] == id)
                .map(|q| q["answer"].clone())
                .unwrap_or(Value::Null)
        };
        assert_eq!(by_id(2), json!({"email": "hana@example.com"}));
        assert_eq!(by_id(4), json!({"desired_salary": 5000}));
        assert_eq!(by_id(5), json!({"value": "Video call"}));
        assert_eq!(by_id(6), json!({"values": ["Mon", "Wed"]}));
        assert_eq!(by_id(7), json!({"value": "2026-12-01"}));
        assert_eq!(
            by_id(8),
            json!({"checked": true, "military_service_status": "complete"})
        );
        assert_eq!(by_id(9), Value::Null, "a skipped question is not sent");
        assert_eq!(by_id(10), json!({"links": ["https://github.com/hana"]}));
        // Variant A sends an upload's path part, decoded.
        assert_eq!(
            by_id(11),
            json!({"resume_path": "/upload/candidate/file/1/temp/9/cv v2.pdf"})
        );
    }

    /// An upload that fails is said and asked again, whatever its reason's words: only an
    /// interruption (`UploadError::Cancelled`) stops the wizard, not a failure reading
    /// "cancelled".
    #[test]
    fn an_upload_failing_with_the_word_cancelled_is_asked_again_not_a_cancel() {
        let dir = tempfile::tempdir().unwrap();
        let cv = dir.path().join("cv.pdf");
        std::fs::write(&cv, b"%PDF-1.4").unwrap();
        let form = form();
        let mut replies = to_the_upload(&cv);
        replies.extend([line(cv.to_str().unwrap()), Reply::Yes(true)]);
        let mut p = Scripted::new(replies);
        let mut tries = 0;
        let mut upload = |_: &std::path::Path| -> Result<String, UploadError> {
            tries += 1;
            if tries == 1 {
                return Err(UploadError::Failed("cancelled".into()));
            }
            Ok("https://files.example.com/upload/candidate/file/1/temp/9/cv.pdf".into())
        };
        let mut answers: Vec<Answer> = Vec::new();
        let done = collect(&form, &mut p, &mut upload, &mut answers, None, &mut None);
        let t = p.transcript.join("\n");
        assert!(done.is_ok(), "{done:?}\n{t}");
        assert!(t.contains("The upload failed: cancelled"), "{t}");
        assert_eq!(tries, 2);
    }

    /// The user's interruption during an upload stops the wizard as at a prompt.
    #[test]
    fn an_interrupted_upload_cancels() {
        let dir = tempfile::tempdir().unwrap();
        let cv = dir.path().join("cv.pdf");
        std::fs::write(&cv, b"%PDF-1.4").unwrap();
        let form = form();
        let mut p = Scripted::new(to_the_upload(&cv));
        let mut upload =
            |_: &std::path::Path| -> Result<String, UploadError> { Err(UploadError::Cancelled) };
        let mut answers: Vec<Answer> = Vec::new();
        let stop = collect(&form, &mut p, &mut upload, &mut answers, None, &mut None).unwrap_err();
        assert_eq!(stop, Stop::Cancelled);
    }

    #[test]
    fn cancelling_keeps_what_was_answered_and_a_required_question_cannot_be_skipped() {
        let form = form();
        let mut p = Scripted::new([
            line(""), // required: refused
            line("Kim Hana"),
            line("hana@example.com"),
            Reply::Cancel,
        ]);
        let mut upload = |_: &std::path::Path| -> Result<String, UploadError> { unreachable!() };
        let mut answers = Vec::new();
        let stop = collect(&form, &mut p, &mut upload, &mut answers, None, &mut None).unwrap_err();
        assert_eq!(stop, Stop::Cancelled);
        // Refused with a sentence saying why.
        assert!(
            p.transcript.iter().any(|l| *l == format!("! : {REQUIRED}")),
            "{:#?}",
            p.transcript
        );
        let kept: Vec<&Value> = answers.iter().map(|a| &a.answer).collect();
        assert_eq!(
            kept,
            [
                &json!({"name": "Kim Hana"}),
                &json!({"email": "hana@example.com"})
            ]
        );
    }

    /// A reviewed session on the test form, keeping `--save` in `save`.
    fn session<'a>(
        form: &'a ApplicationForm,
        save: &'a std::path::Path,
    ) -> recruit::wizard::session::Session<'a> {
        recruit::wizard::session::Session {
            form,
            code: "FORM-T",
            requested: Variant::A,
            save: Some(save),
            yes: false,
            width: 100,
            resumed: None,
        }
    }

    /// The answers of `every_answer_is_checked...` without the refused e-mail and the upload.
    fn full_script() -> Vec<Reply> {
        vec![
            line("Kim Hana"),
            line("hana@example.com"),
            line("010-1234-5678"),
            line(""),
            Reply::Pick(1),
            Reply::Tick(vec![0]),
            line(""),
            Reply::Yes(false),
            line(""),
            line(""),
            line("/upload/candidate/file/1/temp/9/cv.pdf"),
            Reply::Yes(true),
        ]
    }

    #[test]
    fn the_review_changes_an_answer_then_submits_and_save_keeps_the_file_current() {
        use recruit::wizard::session::run;
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("answers.json");
        let form = form();
        let session = session(&form, &save);
        let mut script = full_script();
        // Review: change question 5 (the fifth askable) to "Phone", then submit.
        script.extend([
            Reply::Pick(1),
            Reply::Pick(4),
            Reply::Pick(2),
            Reply::Pick(0),
        ]);
        let mut p = Scripted::new(script);
        let mut upload = |_: &std::path::Path| -> Result<String, UploadError> { unreachable!() };
        let mut err = Vec::new();
        let prepared = run(&session, &mut p, &mut upload, &mut err).expect("submitted");
        assert_eq!(p.unused(), 0, "{:#?}", p.transcript);
        // The answer to question 5 in a body or answers file.
        let radio = |v: &Value| -> Value {
            let items = v["questions"].as_array().unwrap();
            items.iter().find(|q| q["question_id"] == 5).unwrap()["answer"].clone()
        };
        assert_eq!(radio(&prepared.body), json!({"value": "Phone"}));
        let reviews = p.transcript.iter().filter(|l| *l == "? What next?").count();
        assert_eq!(reviews, 2, "{:#?}", p.transcript);
        // No API words: the request's variant is not the applicant's business.
        assert!(
            p.text()
                .contains("[>Submit this application to FORM-T (Test form)? | Change an answer"),
            "{}",
            p.text()
        );
        assert!(!p.text().contains("variant"), "{}", p.text());
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        assert_eq!(saved["privacy"], true);
        assert_eq!(radio(&saved), json!({"value": "Phone"}));
        assert!(err.is_empty());
    }

    #[test]
    fn ctrl_c_at_the_review_keeps_the_answers_and_exits_130() {
        use recruit::wizard::session::run;
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("answers.json");
        let form = form();
        let session = session(&form, &save);
        let mut script = full_script();
        script.push(Reply::Cancel);
        let mut p = Scripted::new(script);
        let mut upload = |_: &std::path::Path| -> Result<String, UploadError> { unreachable!() };
        let e = run(&session, &mut p, &mut upload, &mut Vec::new()).unwrap_err();
        assert_eq!(e.exit_code(), 130);
        assert_eq!(
            e.message,
            format!(
                "cancelled; nothing was sent. The answers so far are in {0}; `recruit forms apply FORM-T --resume {0}` goes on from them.",
                save.display()
            )
        );
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        assert_eq!(saved["questions"][0]["answer"], json!({"name": "Kim Hana"}));
    }

    /// A form of the repeatable and optional-choice kinds.
    fn group_form() -> ApplicationForm {
        let q = |id: i64, kind: &str, required: bool| json!({"id": id, "order": id, "kind": kind, "title": format!("Q {kind}"), "required": required});
        serde_json::from_value(json!({
            "code": "FORM-G",
            "title": "Group form",
            "questions": [
                q(1, "name", true),
                q(2, "experience", true),
                q(3, "qualification", false),
                q(4, "gender", false),
                q(5, "training", false),
            ]
        }))
        .expect("form parses")
    }

    fn acme() -> Value {
        json!({"company_name": "Acme", "start_at": "2019-03", "currently_employed": true, "title": "Engineer"})
    }

    fn beta() -> Value {
        json!({"company_name": "Beta", "start_at": "2016-01", "end_at": "2019-02", "currently_employed": false, "department": "R&D"})
    }

    fn no_upload() -> impl FnMut(&std::path::Path) -> Result<String, UploadError> {
        |_: &std::path::Path| -> Result<String, UploadError> { unreachable!() }
    }

    /// Question `i`'s answer, asked again from `current` with `replies`.
    fn change(
        form: &ApplicationForm,
        i: usize,
        current: &Value,
        replies: Vec<Reply>,
    ) -> (Option<Value>, Scripted) {
        let mut p = Scripted::new(replies);
        let questions = form.questions.clone().unwrap();
        let got = recruit::wizard::answer_question(
            &mut p,
            &questions,
            i,
            Some(current),
            &mut no_upload(),
        )
        .unwrap_or_else(|e| panic!("{e:?}\n{}", p.text()));
        assert_eq!(p.unused(), 0, "{}", p.text());
        (got, p)
    }

    #[test]
    fn a_changed_group_lists_its_entries_and_enter_keeps_them() {
        let form = group_form();
        let now = json!({"experiences": [acme(), beta()]});
        let (got, p) = change(&form, 1, &now, vec![Reply::Enter]);
        assert_eq!(got, Some(now.clone()), "{}", p.text());
        let t = p.text();
        assert!(t.contains("  1. Acme, Engineer, 2019-03 – now"), "{t}");
        assert!(t.contains("  2. Beta, 2016-01 – 2019-02"), "{t}");
        // Keep is the default, and the only entry of the review's "Enter".
        assert!(
            t.contains("[>Keep these 2 entries | Edit an entry | Delete an entry | Add an entry]"),
            "{t}"
        );
    }

    #[test]
    fn an_entry_is_edited_from_its_fields_pre_filled_and_enter_keeps_each() {
        let form = group_form();
        let now = json!({"experiences": [acme(), beta()]});
        // Edit entry 2: Enter on each of its 8 fields; then keep.
        let mut replies = vec![Reply::Pick(1), Reply::Pick(1)];
        replies.extend(std::iter::repeat_n(Reply::Enter, 8));
        replies.push(Reply::Enter);
        let (got, p) = change(&form, 1, &now, replies);
        assert_eq!(got, Some(now.clone()), "{}", p.text());
        let t = p.text();
        assert!(t.contains("    Company [Beta]"), "{t}");
        assert!(t.contains("    Start (YYYY-MM, optional) [2016-01]"), "{t}");
        assert!(t.contains("    End (YYYY-MM, optional) [2019-02]"), "{t}");
        assert!(t.contains("    Currently employed here? [y/N]"), "{t}");
        assert!(t.contains("    Department (optional) [R&D]"), "{t}");
        // An edited entry cannot be dropped by emptying its first field.
        assert!(!t.contains("no such entry"), "{t}");

        // Edit entry 1's role, delete entry 2, add a third; keep.
        let mut replies = vec![Reply::Pick(1), Reply::Pick(0)];
        replies.extend(std::iter::repeat_n(Reply::Enter, 7));
        replies.push(line("Staff engineer"));
        replies.extend([Reply::Pick(2), Reply::Pick(1)]);
        replies.extend([
            Reply::Pick(3),
            line("Gamma"),
            line("2012.01"),
            line("2015/12"),
            Reply::Enter,
            line(""),
            line(""),
            line(""),
            line(""),
        ]);
        replies.push(Reply::Enter);
        let (got, p) = change(&form, 1, &now, replies);
        let mut first = acme();
        first["title"] = json!("Staff engineer");
        assert_eq!(
            got,
            Some(
                json!({"experiences": [first, {"company_name": "Gamma", "start_at": "2012-01", "end_at": "2015-12", "currently_employed": false}]})
            ),
            "{}",
            p.text()
        );
        assert!(
            p.text().contains("deleted: Beta, 2016-01 – 2019-02"),
            "{}",
            p.text()
        );
    }

    #[test]
    fn the_only_entry_of_a_required_group_is_not_deleted_and_an_optional_group_can_be_emptied() {
        let form = group_form();
        let now = json!({"experiences": [acme()]});
        let (got, p) = change(&form, 1, &now, vec![Reply::Pick(2), Reply::Enter]);
        assert_eq!(got, Some(now), "{}", p.text());
        assert!(
            p.text().contains("This question needs at least one job, so the only one cannot be deleted: edit it instead."),
            "{}",
            p.text()
        );
        let prize = json!({"qualifications": [{"kind": "certificate", "name": "Hackathon", "institution_name": "Acme", "grade": "1st", "date": "2021-05-01"}]});
        let (got, p) = change(&form, 2, &prize, vec![Reply::Pick(2)]);
        assert_eq!(got, None, "{}", p.text());
        // The entry is named in words, not by the API's value.
        assert!(
            p.text()
                .contains("1. Prize: Hackathon (Acme, 1st, 2021-05-01)"),
            "{}",
            p.text()
        );
    }

    #[test]
    fn an_end_before_its_start_is_refused_at_the_field_with_the_answers_file_rule() {
        let form = group_form();
        let questions = form.questions.clone().unwrap();
        let mut p = Scripted::new([
            line("Acme"),
            line("2020-03"),
            line("2019-01"), // refused as typed
            line("2021-01"),
            Reply::Enter,
            line(""),
            line(""),
            line(""),
            line(""),
            Reply::Enter, // add another? no
        ]);
        let got = recruit::wizard::answer_question(&mut p, &questions, 1, None, &mut no_upload())
            .unwrap();
        assert_eq!(p.unused(), 0, "{}", p.text());
        let t = p.text();
        assert!(
            t.contains("! 2019-01: the end 2019-01 is before the start 2020-03"),
            "{t}"
        );
        assert_eq!(got.unwrap()["experiences"][0]["end_at"], json!("2021-01"));
        // The answers file is refused by the same rule, with the same words.
        let file = json!({"privacy": true, "questions": [
            {"question_id": 1, "answer": {"name": "Kim"}},
            {"question_id": 2, "answer": {"experiences": [{"company_name": "Acme", "start_at": "2020-03", "end_at": "2019-01"}]}}]});
        let report = prepare(&questions, &file, Variant::A).unwrap_err();
        let shown: Vec<String> = report.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            shown,
            ["question 2 \"Q experience\" (experience): answer.experiences[0].end_at: the end 2019-01 is before the start 2020-03"]
        );
    }

    #[test]
    fn enter_skips_an_optional_choice_and_keeps_a_changed_one() {
        let form = group_form();
        let questions = form.questions.clone().unwrap();
        let mut p = Scripted::new([Reply::Enter]);
        let got = recruit::wizard::answer_question(&mut p, &questions, 3, None, &mut no_upload())
            .unwrap();
        assert_eq!(got, None, "{}", p.text());
        assert!(
            p.text().contains("[>(skip: no answer) | Male | Female]"),
            "{}",
            p.text()
        );
        let (got, p) = change(&form, 3, &json!({"gender": "female"}), vec![Reply::Enter]);
        assert_eq!(got, Some(json!({"gender": "female"})));
        assert!(
            p.text().contains("[(skip: no answer) | Male | >Female]"),
            "{}",
            p.text()
        );
    }

    #[test]
    fn every_changed_answer_starts_from_the_answer_it_has() {
        let form = form();
        let cases = [
            (0, json!({"name": "Kim Hana"}), "? 1. Q name [Kim Hana]"),
            (
                3,
                json!({"desired_salary": 6000}),
                "? 4. Q desired_salary (optional) [6000]",
            ),
            (
                4,
                json!({"value": "Phone"}),
                "  [On-site | Video call | >Phone]",
            ),
            (
                5,
                json!({"values": ["Tue", "Wed"]}),
                "  [Mon | >Tue | >Wed]",
            ),
            (
                6,
                json!({"value": "2026-12-01"}),
                "? 7. Q date_type (optional) (YYYY-MM-DD) [2026-12-01]",
            ),
            (
                8,
                json!({"value": "One.\nTwo."}),
                "? 9. Q textarea (optional) (end a line with \\ to write another) [One.\\]",
            ),
            (
                10,
                json!({"resume_path": "/upload/candidate/file/1/temp/9/cv.pdf"}),
                "[/upload/candidate/file/1/temp/9/cv.pdf]",
            ),
        ];
        for (i, now, shown) in cases {
            // Enter on every prompt (a textarea asks once per line) keeps the answer.
            let lines = now["value"].as_str().map_or(1, |v| v.lines().count());
            let (got, p) = change(&form, i, &now, vec![Reply::Enter; lines]);
            assert_eq!(got, Some(now.clone()), "{}", p.text());
            assert!(p.text().contains(shown), "{shown:?} not in\n{}", p.text());
        }
        let (got, p) = change(
            &form,
            7,
            &json!({"checked": true, "military_service_status": "exemption"}),
            vec![Reply::Enter, Reply::Enter],
        );
        assert_eq!(
            got,
            Some(json!({"checked": true, "military_service_status": "exemption"})),
            "{}",
            p.text()
        );
        let (got, p) = change(
            &form,
            9,
            &json!({"links": ["https://a.example", "https://b.example"]}),
            vec![Reply::Enter; 4],
        );
        assert_eq!(
            got,
            Some(json!({"links": ["https://a.example", "https://b.example"]})),
            "{}",
            p.text()
        );
    }

    /// The every-kind-ish answers of `group_form` as a saved session would hold them.
    fn saved_session() -> Value {
        json!({"questions": [
            {"question_id": 1, "kind": "name", "answer": {"name": "Kim Hana"}},
            {"question_id": 3, "kind": "qualification", "answer": {"qualifications": [
                {"kind": "award", "name": "정보처리기사", "institution_name": "한국산업인력공단", "grade": "합격", "date": "2020-06-01"}]}}
        ]})
    }

    #[test]
    fn a_resumed_session_asks_only_what_is_unanswered_then_reviews() {
        use recruit::wizard::session::{run, Resumed};
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("session.json");
        let form = group_form();
        let questions = form.questions.clone().unwrap();
        // Required question 2 is unanswered: still a session to go on from.
        let (answers, privacy, unfinished) =
            recruit::apply::resume(&questions, &saved_session()).unwrap();
        assert_eq!(answers.len(), 2);
        assert_eq!(privacy, None);
        assert_eq!(unfinished, None);
        let mut session = session(&form, &save);
        session.code = "FORM-G";
        session.resumed = Some(Resumed {
            from: save.clone(),
            answers,
            privacy,
            unfinished,
        });
        let mut p = Scripted::new([
            // 2. experience: one entry
            line("Acme"),
            line("2019-03"),
            line(""),
            Reply::Yes(true),
            line(""),
            line(""),
            line(""),
            line(""),
            Reply::Enter,
            // 4. gender: skipped; 5. training: none
            Reply::Enter,
            Reply::Enter,
            // privacy, then submit
            Reply::Yes(true),
            Reply::Enter,
        ]);
        let prepared = run(&session, &mut p, &mut no_upload(), &mut Vec::new())
            .unwrap_or_else(|e| panic!("{e}\n{}", p.text()));
        assert_eq!(p.unused(), 0, "{}", p.text());
        let t = p.text();
        assert!(
            t.contains(&format!(
                "Going on from {}: 2 answers kept, 3 questions left.",
                save.display()
            )),
            "{t}"
        );
        assert!(
            !t.contains("? 1. Q name"),
            "an answered question was asked: {t}"
        );
        assert!(
            !t.contains("3. Q qualification"),
            "an answered question was asked: {t}"
        );
        let items = prepared.body["questions"].as_array().unwrap();
        let ids: Vec<i64> = items
            .iter()
            .map(|q| q["question_id"].as_i64().unwrap())
            .collect();
        assert_eq!(ids, [1, 2, 3]);
        assert_eq!(
            items[2]["answer"],
            saved_session()["questions"][1]["answer"]
        );
        // The review names the qualification in words.
        assert!(t.contains("Certification: 정보처리기사"), "{t}");
    }

    #[test]
    fn ctrl_c_without_save_says_how_to_keep_the_answers_next_time() {
        use recruit::wizard::session::run;
        let form = group_form();
        let mut session = session(&form, std::path::Path::new("unused"));
        session.save = None;
        let mut p = Scripted::new([line("Kim"), Reply::Cancel]);
        let e = run(&session, &mut p, &mut no_upload(), &mut Vec::new()).unwrap_err();
        assert_eq!(e.exit_code(), 130);
        assert_eq!(
            e.message,
            "cancelled; nothing was sent. To keep your answers next time, add --save FILE; `recruit forms apply FORM-T --resume FILE` then goes on from them."
        );
    }

    /// Stopped inside a group, `collect` keeps its finished entries as the answer and says
    /// where it stopped, with the fields typed; given that back, it goes on inside the group.
    #[test]
    fn a_stop_inside_a_group_keeps_its_entries_and_collect_goes_on_from_there() {
        use recruit::apply::Unfinished;
        let form = group_form();
        // Job 1 whole (the fields of `acme()`), then another: its company and start, Ctrl-C
        // at its end.
        let acme_fields = ["Acme", "2019-03", "", "y", "", "", "", "Engineer"];
        let mut script = vec![line("Kim")];
        script.extend(acme_fields.map(|f| match f {
            "y" => Reply::Yes(true),
            f => line(f),
        }));
        script.extend([
            Reply::Yes(true),
            line("Beta"),
            line("2016-01"),
            Reply::Cancel,
        ]);
        let run = |script: Vec<Reply>, answers: &mut Vec<Answer>, stopped: &mut Option<_>| {
            let mut p = Scripted::new(script);
            let r = collect(&form, &mut p, &mut no_upload(), answers, None, stopped);
            (r, p)
        };
        let (mut answers, mut unfinished) = (Vec::new(), None);
        let (stop, _) = run(script, &mut answers, &mut unfinished);
        assert_eq!(stop, Err(Stop::Cancelled));
        assert_eq!(answers[1].answer, json!({"experiences": [acme()]}));
        let begun = json!({"company_name": "Beta", "start_at": "2016-01"});
        let want = Unfinished {
            index: 1,
            entry: begun.as_object().cloned(),
        };
        assert_eq!(unfinished, Some(want));
        // Given back: job 2 pre-filled (Enter keeps a field), "currently employed?" starting
        // on no once an end is given; then the rest of the form.
        let script = vec![
            Reply::Enter,
            Reply::Enter,
            line("2019-02"),
            Reply::Enter,
            line(""),
            line(""),
            line("R&D"),
            line(""),
            Reply::Enter, // another job? no
            Reply::Enter, // qualification: none
            Reply::Enter, // gender: skipped
            Reply::Enter, // training: none
            Reply::Yes(true),
        ];
        let (privacy, p) = run(script, &mut answers, &mut unfinished);
        assert_eq!(privacy, Ok(true), "{}", p.text());
        assert_eq!(p.unused(), 0, "{}", p.text());
        assert_eq!(answers[1].answer, json!({"experiences": [acme(), beta()]}));
        assert_eq!(unfinished, None);
        let t = p.text();
        for shown in [
            "  1. Acme, Engineer, 2019-03 – now",
            "?     Company (empty: no such entry) [Beta]",
            "?     Currently employed here? [y/N]",
        ] {
            assert!(t.contains(shown), "{shown:?} not in {t}");
        }
        assert!(!t.contains("? 1. Q name"), "answered again: {t}");
    }

    /// A `--save` file's `unfinished` is the wizard's: `--answers` takes the file without a
    /// warning about it; one naming no question of the form is refused with the fix.
    #[test]
    fn a_saved_file_s_unfinished_key_is_read_by_resume_and_ignored_by_answers() {
        let form = group_form();
        let questions = form.questions.clone().unwrap();
        let mut file = answers_file(
            &questions,
            &[Answer {
                index: 0,
                answer: json!({"name": "Kim"}),
            }],
            Some(true),
        );
        let stopped = recruit::apply::Unfinished {
            index: 1,
            entry: json!({"company_name": "Beta"}).as_object().cloned(),
        };
        recruit::apply::mark_unfinished(&questions, &mut file, &stopped);
        assert_eq!(
            file["unfinished"],
            json!({"question_id": 2, "kind": "experience", "entry": {"company_name": "Beta"}})
        );
        let (_, _, unfinished) = recruit::apply::resume(&questions, &file).unwrap();
        assert_eq!(unfinished, Some(stopped));
        // As --answers: only that the required job is missing, nothing about the key.
        let report = prepare(&questions, &file, Variant::A).unwrap_err();
        assert!(
            report.warnings.iter().all(|w| !w.contains("unfinished")),
            "{:?}",
            report.warnings
        );
        assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
        file["unfinished"] = json!({"question_id": 99});
        let report = recruit::apply::resume(&questions, &file).unwrap_err();
        let shown: Vec<String> = report.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            shown,
            ["unfinished: it names no question of this form ({\"question_id\":99}): delete the \"unfinished\" key, and the wizard goes on from the answers alone"]
        );
    }

    #[test]
    fn in_korean_people_read_korean_and_the_request_is_the_same_bytes() {
        use recruit::i18n::{in_lang, Lang};
        use recruit::wizard::session::run;
        let form = group_form();
        let script = || {
            vec![
                line(""), // refused: required
                line("김하나"),
                line("에이크미"),
                line("2020-03"),
                line("2019-01"), // refused: before the start
                line("2021-01"),
                Reply::Enter,
                line(""),
                line(""),
                line(""),
                line(""),
                // Another job started, then left at its first field.
                Reply::Yes(true),
                line(""),
                // qualification: one prize
                Reply::Yes(true),
                Reply::Pick(1),
                line("해커톤"),
                line("에이크미"),
                line("대상"),
                line("2021.05.01"),
                line(""),
                Reply::Enter,
                Reply::Pick(2), // gender: 여성
                Reply::Enter,   // training: none
                Reply::Yes(true),
                Reply::Enter, // submit
            ]
        };
        let run_in = |lang: Lang| {
            in_lang(lang, || {
                let dir = tempfile::tempdir().unwrap();
                let save = dir.path().join("a.json");
                let mut session = session(&form, &save);
                session.code = "FORM-G";
                let mut p = Scripted::new(script());
                let prepared = run(&session, &mut p, &mut no_upload(), &mut Vec::new())
                    .unwrap_or_else(|e| panic!("{e}\n{}", p.text()));
                assert_eq!(p.unused(), 0, "{}", p.text());
                let saved = std::fs::read(&save).unwrap();
                (prepared.body, saved, p.text())
            })
        };
        let (en_body, en_saved, en) = run_in(Lang::En);
        let (ko_body, ko_saved, ko) = run_in(Lang::Ko);
        assert_eq!(ko_body, en_body);
        assert_eq!(
            ko_saved, en_saved,
            "the --save file never changes with the language"
        );
        assert_eq!(
            en_body["questions"][2]["answer"]["qualifications"][0]["kind"],
            "certificate"
        );
        for want in [
            "! : 필수 항목입니다. 답을 입력하거나, Ctrl-C를 눌러 보내지 않고 멈추세요.",
            "! 2019-01: 끝난 때(2019-01)가 시작한 때(2020-03)보다 앞섭니다",
            // The first job of a required group cannot be left; the second can.
            "?     회사명\n",
            "?     회사명 (비워 두면 이 항목은 추가하지 않음)",
            "[>자격증 | 수상]",
            "[>(건너뛰기: 답하지 않음) | 남성 | 여성]",
            "[>FORM-G (Group form) 공고에 이 지원서를 제출할까요? | 답변 고치기 | 취소 (아무것도 보내지 않음)]",
            "수상: 해커톤",
            "개인정보 수집·이용 동의",
        ] {
            assert!(ko.contains(want), "{want:?} not in\n{ko}");
        }
        assert!(en.contains("Prize: 해커톤") && !en.contains("수상"), "{en}");
    }
}

/// NO_COLOR (or --color never) on a terminal: no escape sequence at all, a spinner's or a
/// progress bar's included; the same run in colour has them (the bold headers).
#[test]
fn no_color_on_a_terminal_writes_no_escape_sequence() {
    let sb = TestSandbox::new();
    let run = |no_color: bool, extra: &[&str]| -> Vec<u8> {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_recruit"));
        for (k, _) in std::env::vars() {
            if k.starts_with("RECRUIT_") || k == "NO_COLOR" {
                cmd.env_remove(k);
            }
        }
        cmd.env("RECRUIT_CONFIG_DIR", sb.home.config_dir())
            .env("RECRUIT_DATA_DIR", sb.home.data_dir())
            .env("RECRUIT_BASE_URL", sb.sandbox().base_url())
            .env("RECRUIT_API_KEY", &sb.sandbox().api_key)
            .env("TERM", "xterm")
            .env("TZ", "UTC")
            .args(["candidates", "list", "--all", "--per", "5"])
            .args(extra);
        if no_color {
            cmd.env("NO_COLOR", "1");
        }
        let mut s = Session::spawn(cmd).expect("spawn in a PTY");
        s.get_process_mut().set_window_size(120, 40).unwrap();
        s.set_expect_timeout(Some(Duration::from_secs(30)));
        // Eof matches everything the program wrote.
        let found = s.expect(Eof).expect("the list ends");
        found.as_bytes().to_vec()
    };
    let coloured = run(false, &[]);
    assert!(
        coloured.contains(&0x1b),
        "{}",
        String::from_utf8_lossy(&coloured)
    );
    for (no_color, extra) in [(true, &[][..]), (false, &["--color", "never"][..])] {
        let out = run(no_color, extra);
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains("C1001"), "{text}");
        assert!(
            !out.contains(&0x1b),
            "escape sequences with {extra:?}: {text:?}"
        );
    }
}

/// The wizard's submitted application is logged once, via `wizard`: the personal fields
/// answered and the new candidate's code from the service's answer (the access log,
/// cli.md "Personal data"); the chain verifies.
#[test]
fn a_submitted_application_is_logged_via_wizard() {
    let sb = TestSandbox::new();
    let mut s = sb.spawn(&["forms", "apply", codes::FORM_NO_IDS, "-o", "json"]);
    answer(&mut s, "1. Full name", "Min Park\r");
    answer(&mut s, "2. Email address", "min@example.com\r");
    answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
    answer(
        &mut s,
        "4. Resume",
        "/upload/candidate/file/1/temp/7/cv.pdf\r",
    );
    answer(&mut s, "Do you consent", "y\r");
    answer(&mut s, "Submit this application to FORM-NOIDS", "\r");
    assert_eq!(exit_code(&mut s), 0);
    let log = sb.home.data_dir().join("audit.log");
    let text = std::fs::read_to_string(&log).expect("the access log");
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1, "{text}");
    let r = &records[0];
    assert_eq!(r["via"], json!("wizard"));
    assert_eq!(
        r["fields"],
        json!(["name", "email", "phone", "resume_path"]),
        "{r}"
    );
    let codes = r["candidates"].as_array().unwrap();
    assert_eq!(codes.len(), 1, "the new candidate's code: {r}");
    assert!(codes[0].as_str().is_some_and(|c| !c.is_empty()), "{r}");
    let verdict = recruit_audit::Log::new(log, recruit::clock::system())
        .verify()
        .unwrap();
    assert!(
        matches!(verdict, recruit_audit::Verdict::Intact { records: 1, .. }),
        "{verdict:?}"
    );
}

/// A session's `--save` file, read.
fn saved(path: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Everything a PTY session shows until it ends, and its exit code.
fn until_end(s: &mut Session) -> (String, i32) {
    let rest = s
        .expect(Eof)
        .map(|m| String::from_utf8_lossy(m.before()).to_string());
    let code = match s.get_process().wait().unwrap() {
        WaitStatus::Exited(_, code) => code,
        other => panic!("unexpected end: {other:?}"),
    };
    (rest.unwrap_or_default(), code)
}

/// Ctrl-C at every kind of prompt inside a repeated group (text, date, a yes/no field, "add
/// another?", a choice) keeps every finished entry in the `--save` file, and the fields of the
/// entry being typed; `--resume` goes on inside the group from there, each time, up to a
/// submitted application that carries every entry. Before, Ctrl-C at "Add another school?"
/// after two entries left no `education` at all, and `--resume` asked the group from scratch.
#[test]
fn pty_ctrl_c_inside_a_group_keeps_every_finished_entry_and_resume_goes_on_from_there() {
    for (lang, cols) in COMBOS {
        let ctx = format!("{lang:?} at {cols} columns");
        // Everything but the education and the certificates, and no privacy consent.
        let (sb, file) = with_session(&some_answers(|id| id != 9013 && id != 9014));
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let resume = |sb: &TestSandbox| sb.resume_in(lang, cols, path);
        let school = tr("field-education-school", &[]);
        let dated = |label: &str| {
            tr(
                "wizard-field-dated-optional",
                &[("label", &tr(label, &[])), ("shape", "YYYY-MM")],
            )
        };
        let entered = dated("field-education-entered");
        let graduated_at = dated("field-education-graduated-at");
        let graduated = tr("field-education-graduated", &[]);
        let (starts_yes, starts_no) = (
            format!("{graduated} {}", yes_no_mark(lang, true)),
            format!("{graduated} {}", yes_no_mark(lang, false)),
        );
        let major = tr(
            "wizard-optional",
            &[("label", &tr("field-education-major", &[]))],
        );
        let another = tr(
            "wizard-group-add-another",
            &[("noun", &tr("noun-education", &[]))],
        );
        let leave = |prompt: &str| tr("wizard-entry-leave", &[("prompt", prompt)]);
        let kaist = json!({"school_name": "KAIST", "enter_at": "2010-03", "graduate_at": "2014-02", "graduate": true, "major": "CS"});
        let yonsei = json!({"school_name": "연세대학교", "graduate": false});
        // Stopped by Ctrl-C: the file holds the answers resumed with, the schools finished
        // (`educations`), and where it stopped (`unfinished`).
        let stopped = |s: &mut Session, educations: Value, unfinished: Value| {
            assert_eq!(until_end(s).1, 130, "{ctx}");
            let kept = saved(&file);
            assert_eq!(answer_of(&kept, 9007), answer_of(&all_answers(), 9007));
            assert_eq!(answer_of(&kept, 9013), educations, "{ctx}");
            assert_eq!(kept["unfinished"], unfinished, "{ctx}");
            kept
        };

        // 1. Two whole entries, then Ctrl-C at "Add another school?" (a yes/no).
        let mut s = resume(&sb);
        answer(&mut s, "13. Education", "");
        // The first school of a required group cannot be left: its prompt does not offer it.
        // (A prompt ends in `: `: this one has nothing between the label and its end.)
        answer(&mut s, &format!("    {school}: "), "\r");
        // Refused as typed, with a sentence naming what is needed.
        let why = tr(
            "wizard-group-required",
            &[("noun", &tr("noun-education", &[]))],
        );
        until(&mut s, &first_words(&why, 3));
        until_reading_keys(&s);
        s.send("KAIST\r").unwrap();
        answer(&mut s, &entered, "2010.03\r");
        answer(&mut s, &graduated_at, "2014-02\r");
        // A graduation date given: "graduated?" starts on yes.
        answer(&mut s, &starts_yes, "\r");
        answer(&mut s, &major, "CS\r");
        answer(&mut s, &another, "y\r");
        answer(&mut s, &leave(&school), "연세대학교\r");
        answer(&mut s, &entered, "\r");
        answer(&mut s, &graduated_at, "\r");
        // No date: it starts on no.
        answer(&mut s, &starts_no, "\r");
        answer(&mut s, &major, "\r");
        answer(&mut s, &another, "\x03");
        let saved_at = tr("wizard-saved", &[("path", path)]);
        let shown = until(&mut s, &first_words(&saved_at, 2));
        // Its own line, not glued to the prompt Ctrl-C stopped.
        assert!(shown.ends_with('\n'), "{ctx}: {shown:?}");
        let two = json!({"educations": [kaist, yonsei]});
        stopped(
            &mut s,
            two.clone(),
            json!({"question_id": 9013, "kind": "education"}),
        );

        // 2. Resumed: the schools listed, "add another?" again; Ctrl-C at a date.
        let mut s = resume(&sb);
        expect_words(
            &mut s,
            &tr(
                "wizard-resumed",
                &[("path", path), ("kept", "26"), ("left", "2")],
            ),
        );
        s.expect("1. KAIST, CS, 2010-03").unwrap();
        s.expect("2. 연세대학교").unwrap();
        answer(&mut s, &another, "y\r");
        answer(&mut s, &leave(&school), "SNU\r");
        answer(&mut s, &entered, "\x03");
        let begun =
            |entry: Value| json!({"question_id": 9013, "kind": "education", "entry": entry});
        stopped(&mut s, two.clone(), begun(json!({"school_name": "SNU"})));

        // 3. The third school goes on from its name; Ctrl-C at the yes/no field.
        let mut s = resume(&sb);
        s.expect("2. 연세대학교").unwrap();
        answer(&mut s, "SNU", "\r");
        answer(&mut s, &entered, "2015-03\r");
        answer(&mut s, &graduated_at, "\r");
        answer(&mut s, &graduated, "\x03");
        let entry = json!({"school_name": "SNU", "enter_at": "2015-03"});
        stopped(&mut s, two.clone(), begun(entry));

        // 4. Ctrl-C at a text field, the date and the yes given.
        let mut s = resume(&sb);
        answer(&mut s, "SNU", "\r");
        answer(&mut s, "2015-03", "\r");
        answer(&mut s, &graduated_at, "2019-02\r");
        answer(&mut s, &starts_yes, "\r");
        answer(&mut s, &major, "\x03");
        let entry = json!({"school_name": "SNU", "enter_at": "2015-03", "graduate_at": "2019-02", "graduate": true});
        stopped(&mut s, two, begun(entry));

        // 5. The school finished; the next group begun, Ctrl-C at its first field, a choice.
        let mut s = resume(&sb);
        answer(&mut s, "SNU", "\r");
        answer(&mut s, "2015-03", "\r");
        answer(&mut s, "2019-02", "\r");
        answer(&mut s, &starts_yes, "\r");
        answer(&mut s, &major, "Math\r");
        answer(&mut s, &another, "\r");
        answer(
            &mut s,
            &tr(
                "wizard-group-add-first",
                &[(
                    "label",
                    &tr(
                        "wizard-optional",
                        &[("label", "14. Certificates and awards")],
                    ),
                )],
            ),
            "y\r",
        );
        answer(&mut s, &tr("field-qualification-kind", &[]), "\x03");
        let snu = json!({"school_name": "SNU", "enter_at": "2015-03", "graduate_at": "2019-02", "graduate": true, "major": "Math"});
        let three = json!({"educations": [kaist, yonsei, snu]});
        let kept = stopped(
            &mut s,
            three.clone(),
            json!({"question_id": 9014, "kind": "qualification", "entry": {}}),
        );
        assert_eq!(answer_of(&kept, 9014), Value::Null, "{ctx}");

        // 6. Resumed inside the certificates: the entry begun, then the consent and the review.
        let mut s = resume(&sb);
        let asked = until(&mut s, &tr("field-qualification-kind", &[]));
        assert!(
            !asked.contains(&another),
            "{ctx}: education was asked again: {asked}"
        );
        until_reading_keys(&s);
        s.send(format!("{DOWN}\r")).unwrap();
        answer(&mut s, &tr("field-qualification-name", &[]), "Hackathon\r");
        answer(
            &mut s,
            &tr("field-qualification-institution", &[]),
            "Acme\r",
        );
        answer(&mut s, &tr("field-grade", &[]), "1st\r");
        answer(&mut s, &tr("field-qualification-date", &[]), "2021-05-01\r");
        answer(
            &mut s,
            &tr("wizard-optional", &[("label", &tr("field-details", &[]))]),
            "\r",
        );
        answer(
            &mut s,
            &tr(
                "wizard-group-add-another",
                &[("noun", &tr("noun-qualification", &[]))],
            ),
            "\r",
        );
        answer(&mut s, &tr("wizard-privacy", &[]), "y\r");
        answer(&mut s, &tr("wizard-what-next", &[]), "\r");
        assert_eq!(exit_code(&mut s), 0, "{ctx}");
        let reqs = sb.admin("/_sandbox/requests");
        assert_eq!(reqs.len(), 1, "{ctx}");
        assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
        let body = &reqs[0]["body"];
        assert_eq!(answer_of(body, 9013), three, "{ctx}");
        assert_eq!(
            answer_of(body, 9014),
            json!({"qualifications": [{"kind": "certificate", "name": "Hackathon", "institution_name": "Acme", "grade": "1st", "date": "2021-05-01"}]}),
            "{ctx}"
        );
        assert_eq!(body["questions"].as_array().unwrap().len(), 27, "{ctx}");
    }
}

/// Ctrl-C inside the other questions asked in several steps keeps what was given of them:
/// a yes before its details (a choice), a long answer's first line, a link before "add
/// another?", an uploaded file before "add another?"; `--resume` goes on inside each.
#[test]
fn pty_ctrl_c_inside_a_yes_no_a_long_answer_links_and_files_keeps_what_was_given() {
    for (lang, cols) in COMBOS {
        let asked = [9017, 9021, 9026, 9027];
        let (sb, file) = with_session(&some_answers(|id| !asked.contains(&id)));
        let dir = sb.home.dir.path();
        std::fs::write(dir.join("portfolio.pdf"), b"%PDF-1.4 portfolio").unwrap();
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let resume = |sb: &TestSandbox| sb.resume_in(lang, cols, path);
        let ctx = format!("{lang:?} at {cols} columns");
        let stopped_in = |id: i64, kind: &str| -> Value {
            let kept = saved(&file);
            assert_eq!(
                kept["unfinished"],
                json!({"question_id": id, "kind": kind}),
                "{ctx}"
            );
            for other in (9001..=9027).filter(|i| !asked.contains(i)) {
                assert_eq!(
                    answer_of(&kept, other),
                    answer_of(&all_answers(), other),
                    "{ctx}"
                );
            }
            kept
        };
        let military = tr(
            "wizard-applies",
            &[(
                "label",
                &tr("wizard-optional", &[("label", "17. Military service")]),
            )],
        );
        let links = tr(
            "wizard-optional",
            &[("label", "26. Portfolio, GitHub or blog")],
        );

        // 1. Military service: yes, then Ctrl-C at its status (a choice).
        let mut s = resume(&sb);
        answer(&mut s, &military, &format!("{DOWN}\r"));
        answer(&mut s, &tr("wizard-military-status", &[]), "\x03");
        assert_eq!(until_end(&mut s).1, 130, "{ctx}");
        let kept = stopped_in(9017, "military_service");
        assert_eq!(answer_of(&kept, 9017), json!({"checked": true}), "{ctx}");

        // 2. Resumed on yes: the status; then a long answer's first line, Ctrl-C at the next.
        let mut s = resume(&sb);
        s.expect(military.as_str()).unwrap();
        // The menu starts on the yes given.
        answer(&mut s, &format!("> {}", tr("word-yes", &[])), "\r");
        answer(
            &mut s,
            &tr("wizard-military-status", &[]),
            &format!("{DOWN}\r"),
        );
        answer(
            &mut s,
            "21. Why do you want to join Acme?",
            "Because I like it.\\\r",
        );
        answer(&mut s, "  ...", "\x03");
        assert_eq!(until_end(&mut s).1, 130, "{ctx}");
        let kept = stopped_in(9021, "textarea");
        assert_eq!(
            answer_of(&kept, 9017),
            json!({"checked": true, "military_service_status": "complete"}),
            "{ctx}"
        );
        assert_eq!(
            answer_of(&kept, 9021),
            json!({"value": "Because I like it."}),
            "{ctx}"
        );

        // 3. The long answer goes on from its first line; a link, then Ctrl-C at "another?".
        let mut s = resume(&sb);
        answer(&mut s, "Because I like it.", "\\\r");
        answer(&mut s, "  ...", "And the team.\r");
        answer(&mut s, &links, "https://github.com/jane\r");
        answer(&mut s, &tr("wizard-add-another-link", &[]), "\x03");
        assert_eq!(until_end(&mut s).1, 130, "{ctx}");
        let kept = stopped_in(9026, "link");
        assert_eq!(
            answer_of(&kept, 9021),
            answer_of(&all_answers(), 9021),
            "{ctx}"
        );
        assert_eq!(
            answer_of(&kept, 9026),
            json!({"links": ["https://github.com/jane"]}),
            "{ctx}"
        );

        // 4. The link kept, one more; a file uploaded, then Ctrl-C at "another file?".
        let mut s = resume(&sb);
        answer(&mut s, "https://github.com/jane", "\r");
        answer(&mut s, &tr("wizard-add-another-link", &[]), "y\r");
        answer(
            &mut s,
            &tr("wizard-another-link", &[("label", &links)]),
            "https://jane.dev\r",
        );
        answer(&mut s, &tr("wizard-add-another-link", &[]), "n\r");
        answer(&mut s, "27. Other documents", "portfolio.pdf\r");
        answer(&mut s, &tr("wizard-add-another-file", &[]), "\x03");
        assert_eq!(until_end(&mut s).1, 130, "{ctx}");
        let uploads = sb.admin("/_sandbox/uploads");
        assert_eq!(uploads.len(), 1, "{ctx}");
        let portfolio = uploads[0]["file_path"].clone();
        let kept = stopped_in(9027, "file_upload");
        assert_eq!(
            answer_of(&kept, 9026),
            json!({"links": ["https://github.com/jane", "https://jane.dev"]}),
            "{ctx}"
        );
        assert_eq!(
            answer_of(&kept, 9027),
            json!({"links": [portfolio]}),
            "{ctx}"
        );

        // 5. The file kept (not uploaded again); the consent; submitted with everything.
        let mut s = resume(&sb);
        // (The line shows the end of a path longer than its room.)
        answer(&mut s, "portfolio.pdf", "\r");
        answer(&mut s, &tr("wizard-add-another-file", &[]), "n\r");
        answer(&mut s, &tr("wizard-privacy", &[]), "y\r");
        answer(&mut s, &tr("wizard-what-next", &[]), "\r");
        assert_eq!(exit_code(&mut s), 0, "{ctx}");
        assert_eq!(sb.admin("/_sandbox/uploads").len(), 1, "{ctx}");
        let reqs = sb.admin("/_sandbox/requests");
        assert_eq!(reqs.len(), 1, "{ctx}");
        assert_eq!(reqs[0]["status"], json!(200), "{}", reqs[0]);
        let body = &reqs[0]["body"];
        let mut want = all_answers();
        for q in want["questions"].as_array_mut().unwrap() {
            match q["question_id"].as_i64().unwrap() {
                9026 => {
                    q["answer"] = json!({"links": ["https://github.com/jane", "https://jane.dev"]})
                }
                9027 => q["answer"] = json!({"links": [portfolio]}),
                _ => {}
            }
        }
        for id in 9001..=9027 {
            assert_eq!(answer_of(body, id), answer_of(&want, id), "{id}, {ctx}");
        }
    }
}

/// The screen a PTY session showed, as a terminal `cols` wide and 40 rows high draws it.
fn screen_of(log: &[u8], cols: u16) -> String {
    let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
    let mut screen = vt100::Parser::new(size(40), size(cols), 0);
    screen.process(log);
    screen.screen().contents()
}

/// Every word of `text` whole on one line of `screen`, in order: the line was broken between
/// words, if at all (a terminal's own wrap cuts anywhere: `nex` / `t time`).
fn assert_whole_words(screen: &str, text: &str) {
    let words: Vec<&str> = screen.split_whitespace().collect();
    let want: Vec<&str> = text.split_whitespace().collect();
    assert!(
        words.windows(want.len()).any(|w| w == want.as_slice()),
        "{text:?} is not on the screen word by word:\n{screen}"
    );
}

/// The review's submit choice at 60 columns keeps its verb (last in Korean): the form's title
/// is what is shortened; at 120 columns it is whole.
#[test]
fn pty_the_submit_choice_keeps_its_verb_and_shortens_the_title() {
    for (lang, cols) in COMBOS {
        let (sb, file) = with_session(&all_answers());
        let path = file.to_str().unwrap();
        let mut s = sb.resume_in(lang, cols, path);
        let mut log = Vec::new();
        log_until(&mut s, &tr(lang, "wizard-cancel", &[]), &mut log);
        let screen = screen_of(&log, cols);
        let choice = screen
            .lines()
            .find(|l| l.starts_with("> ") && l.contains("FORM-ALLKINDS"))
            .unwrap_or_else(|| panic!("no submit choice:\n{screen}"));
        let want = match (lang, cols) {
            (Lang::Ko, 60) => "> FORM-ALLKINDS (Platform…) 공고에 이 지원서를 제출할까요?",
            (Lang::En, 60) => "> Submit this application to FORM-ALLKINDS (Platform En…)?",
            (Lang::Ko, _) => {
                "> FORM-ALLKINDS (Platform Engineer (full application form)) 공고에 이 지원서를 제출할까요?"
            }
            (Lang::En, _) => {
                "> Submit this application to FORM-ALLKINDS (Platform Engineer (full application form))?"
            }
        };
        assert_eq!(choice.trim_end(), want, "{lang:?} at {cols} columns");
        until_reading_keys(&s);
        s.send("\r").unwrap();
        assert_eq!(exit_code(&mut s), 0, "{lang:?} at {cols} columns");
        assert_eq!(sb.admin("/_sandbox/requests").len(), 1);
    }
}

/// What the wizard says starts on a line of its own and is broken between words: the form's
/// title line, a description, "answers saved to FILE" after Ctrl-C at a yes/no (it was glued
/// to the prompt: `› noanswers saved to`), the closing error. A yes/no prompt is measured as
/// the theme draws it (the colour theme adds `? `, `(y/n) › yes`), so one that fits
/// no more than just is asked on its own line and drawn once, not again at each key.
#[test]
fn pty_messages_start_their_own_lines_and_break_between_words() {
    for (lang, cols) in COMBOS {
        // Only the veterans' question (its description is long) and the consent are asked.
        let (sb, file) = with_session(&some_answers(|id| id != 9018));
        let path = file.to_str().unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let ctx = format!("{lang:?} at {cols} columns");
        let mut s = sb.spawn_in(
            lang,
            cols,
            &[
                "forms",
                "apply",
                codes::FORM_ALL_KINDS,
                "--resume",
                path,
                "--color",
                "always",
            ],
        );
        let mut log = Vec::new();
        log_until(&mut s, "18. National merit", &mut log);
        until_reading_keys(&s);
        s.send("\r").unwrap();
        let privacy = tr("wizard-privacy", &[]);
        log_until(&mut s, &first_words(&privacy, 2), &mut log);
        // y, n, y: each redraws the prompt; then Ctrl-C.
        shown_at_each_key(&mut s, lang, &["y", "n", "y"], &mut log);
        s.send("\x03").unwrap();
        let kept = tr(
            "wizard-kept",
            &[("path", path), ("code", codes::FORM_ALL_KINDS)],
        );
        log_until(&mut s, &kept, &mut log);
        assert_eq!(exit_code(&mut s), 130, "{ctx}");
        let screen = screen_of(&log, cols);
        assert!(
            screen
                .lines()
                .all(|l| console::measure_text_width(l) <= usize::from(cols)),
            "{ctx}:\n{screen}"
        );
        for text in [
            tr(
                "wizard-applying",
                &[
                    ("title", "Platform Engineer (full application form)"),
                    ("code", codes::FORM_ALL_KINDS),
                ],
            ),
            "Eligible applicants receive additional points under the Act on Veterans' Affairs; enter your certificate number (00-000000).".to_string(),
            tr("wizard-saved", &[("path", path)]),
            tr("wizard-kept", &[("path", path), ("code", codes::FORM_ALL_KINDS)]),
        ] {
            assert_whole_words(&screen, &text);
        }
        // The consent question once, however many keys redrew it.
        let shown = screen.matches(first_words(&privacy, 3).as_str()).count();
        assert_eq!(shown, 1, "{ctx}:\n{screen}");
        // "answers saved to" begins a line.
        let saved_at = first_words(&tr("wizard-saved", &[("path", path)]), 2);
        assert!(
            screen.lines().any(|l| l.starts_with(&saved_at)),
            "{ctx}:\n{screen}"
        );
        let kept = saved(&file);
        assert_eq!(kept.get("privacy"), None, "{ctx}: not answered");
        assert_eq!(answer_of(&kept, 9017), answer_of(&all_answers(), 9017));
    }
}

/// The resume's hint says what the form takes (its description: "PDF, DOCX or HWP, up to 20
/// MB"), and a file of another type or a larger one is refused before anything goes up, with
/// a sentence naming the file and what is taken; the service itself sets no limit and would
/// have taken it.
#[test]
fn pty_a_file_the_form_does_not_take_is_refused_before_upload() {
    for (lang, cols) in COMBOS {
        let sb = TestSandbox::new();
        let dir = sb.home.dir.path();
        std::fs::write(dir.join("cv.txt"), b"plain text resume").unwrap();
        std::fs::write(dir.join("cv.pdf"), b"%PDF-1.4 resume").unwrap();
        // 21 MiB, without writing them.
        std::fs::File::create(dir.join("big.pdf"))
            .unwrap()
            .set_len(21 * 1024 * 1024)
            .unwrap();
        let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
        let ctx = format!("{lang:?} at {cols} columns");
        let types = tr(
            "wizard-file-types",
            &[("head", "PDF, DOCX"), ("last", "HWP")],
        );
        let mut s = sb.spawn_in(lang, cols, &["forms", "apply", codes::FORM_NO_IDS]);
        answer(&mut s, "1. Full name", "Min Park\r");
        answer(&mut s, "2. Email address", "min@example.com\r");
        answer(&mut s, "3. Mobile phone number", "010-1111-2222\r");
        let rule = tr(
            "wizard-file-rule-size",
            &[("types", &types), ("size", "20 MB")],
        );
        expect_words(&mut s, &tr("wizard-hint-file-rule", &[("rule", &rule)]));
        let wrong = |file: &str| {
            tr(
                "wizard-file-wrong-type",
                &[("file", file), ("types", &types)],
            )
        };
        let large = tr(
            "wizard-file-too-large",
            &[("file", "big.pdf"), ("size", "21.0 MB"), ("max", "20 MB")],
        );
        let refused = [
            ("cv.txt", wrong("cv.txt")),
            ("big.pdf", large),
            // An uploaded file's path is checked by its name too.
            ("/upload/candidate/file/1/temp/7/old.txt", wrong("old.txt")),
        ];
        for (given, why) in refused {
            until_reading_keys(&s);
            s.send(format!("{given}\r")).unwrap();
            expect_words(&mut s, &why);
        }
        until_reading_keys(&s);
        s.send("cv.pdf\r").unwrap();
        answer(&mut s, &tr("wizard-uploaded", &[("path", "")]), "");
        answer(&mut s, &tr("wizard-privacy", &[]), "n\r");
        answer(&mut s, &tr("wizard-what-next", &[]), "\r");
        assert_eq!(exit_code(&mut s), 0, "{ctx}");
        let uploads = sb.admin("/_sandbox/uploads");
        let names: Vec<&Value> = uploads.iter().map(|u| &u["filename"]).collect();
        assert_eq!(names, [&json!("cv.pdf")], "{ctx}: only the PDF went up");
        let reqs = sb.admin("/_sandbox/requests");
        assert_eq!(reqs.len(), 1, "{ctx}");
        assert_eq!(
            reqs[0]["body"]["resume_path"], uploads[0]["file_path"],
            "{ctx}"
        );
    }
}

/// A yes/no prompt that fits the line by its own text but not as the colour theme draws it
/// (`? `, ` (y/n) › yes` around it) is asked on a line of its own: drawn on the prompt line it
/// wrapped, and dialoguer, clearing one line at each key, drew it again under itself.
#[test]
fn pty_a_yes_no_prompt_wider_than_the_line_as_drawn_shows_once() {
    for (lang, cols) in COMBOS {
        // A required yes/no whose prompt is 47 columns: 61 as the colour theme draws it.
        let bare = tr(lang, "wizard-applies", &[("label", "1. Military service")]);
        let pad = 47 - console::measure_text_width(&bare);
        let title = format!("Military service{}", ".".repeat(pad));
        let prompt = tr(lang, "wizard-applies", &[("label", &format!("1. {title}"))]);
        assert_eq!(console::measure_text_width(&prompt), 47);
        let form = json!({"resource": {
            "code": "FORM-YN", "title": "Yes or no",
            "questions": [{"id": 1, "order": 1, "kind": "military_service", "required": true,
                           "title": title}]
        }})
        .to_string();
        let service = form_service("FORM-YN", form);
        let sb = TestSandbox::new();
        let args = ["forms", "apply", "FORM-YN", "--color", "always"];
        let mut s = sb.spawn_at(&service.base(), lang, cols, &args);
        let mut log = Vec::new();
        log_until(&mut s, &prompt, &mut log);
        log_until(&mut s, &format!("› {}", yes_no_word(lang, false)), &mut log);
        // Each key draws the prompt again; "no" asks nothing more.
        shown_at_each_key(&mut s, lang, &["y", "n", "y", "n"], &mut log);
        until_reading_keys(&s);
        s.send("\r").unwrap();
        log_until(
            &mut s,
            &first_words(&tr(lang, "wizard-privacy", &[]), 2),
            &mut log,
        );
        until_reading_keys(&s);
        s.send("\x03").unwrap();
        assert_eq!(exit_code(&mut s), 130);
        let screen = screen_of(&log, cols);
        assert_eq!(
            screen.matches(title.as_str()).count(),
            1,
            "{lang:?} at {cols} columns:\n{screen}"
        );
    }
}

/// Ctrl-C at a file prompt and at a number prompt (questions of one step) keeps every answer
/// given before, and marks nothing unfinished: `--resume` asks that question again.
#[test]
fn pty_ctrl_c_at_a_file_or_a_number_prompt_keeps_every_answer_before() {
    for (lang, cols) in COMBOS {
        let ctx = format!("{lang:?} at {cols} columns");
        let (sb, file) = with_session(&some_answers(|id| id <= 9003));
        let path = file.to_str().unwrap();
        let mut s = sb.resume_in(lang, cols, path);
        answer(&mut s, "4. Resume / CV", "\x03");
        assert_eq!(exit_code(&mut s), 130, "{ctx}");
        assert_eq!(saved(&file), some_answers(|id| id <= 9003), "{ctx}");
        let mut s = sb.resume_in(lang, cols, path);
        let cv = "/upload/candidate/file/1/temp/7/cv.pdf";
        answer(&mut s, "4. Resume / CV", &format!("{cv}\r"));
        answer(&mut s, "5. Total work experience", "\x03");
        assert_eq!(exit_code(&mut s), 130, "{ctx}");
        assert_eq!(saved(&file), some_answers(|id| id <= 9004), "{ctx}");
    }
}

/// A delete's confirmation speaks the language in use: under Korean the keys are shown in
/// Korean words, a Korean key answers at once (`ㄴ` no, `ㅇ` yes, no Enter needed, as `n` and
/// `y` in English), and the answer is written in words; no English `[y/N]` or `no`.
#[test]
fn pty_a_delete_confirmation_is_korean_under_korean_and_takes_korean_keys() {
    let sb = TestSandbox::new();
    let marks = format!("[{}]", tr(Lang::Ko, "wizard-yes-no-default-no", &[]));
    // `key` answers the prompt; what the terminal showed, the exit code and whether the memo
    // is still there.
    let answer = |key: &str| {
        let mut s = sb.spawn_in(Lang::Ko, 120, &["memos", "delete", "C1001", "101"]);
        let mut shown = until(&mut s, &marks);
        s.send(key).unwrap();
        if key == "ㄴ" {
            shown += &until(&mut s, &tr(Lang::Ko, "confirm-cancelled", &[]));
        }
        let code = exit_code(&mut s);
        let memo = sb.cmd().args(["memos", "get", "C1001", "101"]).output();
        (shown, code, memo.unwrap().status.code())
    };
    let (shown, code, memo) = answer("ㄴ");
    assert!(!shown.contains("y/N") && !shown.contains(" no"), "{shown}");
    let no = tr(Lang::Ko, "cell-no", &[]);
    assert!(shown.contains(&no), "the answer in words: {shown}");
    assert_eq!((code, memo), (1, Some(0)), "a no deletes nothing");
    let (_, code, memo) = answer("ㅇ");
    assert_eq!((code, memo), (0, Some(3)), "a Korean yes deletes");
}

/// Yes/no prompts speak the language in use: under `--lang ko` no `yes`, `no` or `y/N` is on
/// the terminal at any moment of a run through every kind of yes/no (a required flag, a
/// group's yes/no field and its "add another?", the consent), in the plain and the colour
/// theme, at 60 and 120 columns; Korean keys answer (`ㅇ`, `ㄴ`, `예`, `아`niyo) and Enter
/// takes the answer shown. In English the prompts are as before (`[y/N]`, `(y/n) › no`).
#[test]
fn pty_yes_no_prompts_speak_korean_and_take_korean_keys() {
    let form = json!({"resource": {
        "code": "FORM-YN", "title": "병역과 학력",
        "questions": [
            {"id": 1, "order": 1, "kind": "military_service", "required": true, "title": "병역 사항"},
            {"id": 2, "order": 2, "kind": "veteran_affair", "required": true, "title": "보훈 대상"},
            {"id": 3, "order": 3, "kind": "education", "required": true, "title": "학력"}
        ]
    }})
    .to_string();
    let service = form_service("FORM-YN", form);
    for (lang, cols) in COMBOS {
        for colour in [false, true] {
            let ctx = format!("{lang:?} at {cols} columns, colour {colour}");
            let tr = |id: &str, args: &[(&str, &str)]| tr(lang, id, args);
            // Each answer's keys: the last key given is the answer.
            let (yes, no, yes_no, no_yes) = match lang {
                Lang::Ko => ("ㅇ", "ㄴ", "예", "ㅇ아니요"),
                Lang::En => ("y", "n", "y", "yn"),
            };
            let sb = TestSandbox::new();
            let file = sb.home.dir.path().join("yn.json");
            let mut args = vec![
                "forms",
                "apply",
                "FORM-YN",
                "--save",
                file.to_str().unwrap(),
            ];
            if colour {
                args.extend(["--color", "always"]);
            }
            let mut s = sb.spawn_at(&service.base(), lang, cols, &args);
            let mut log = Vec::new();
            let mut say = |s: &mut Session, prompt: &str, keys: &str| {
                log_until(s, prompt, &mut log);
                until_reading_keys(s);
                s.send(keys).unwrap();
            };
            let applies = |label: &str| tr("wizard-applies", &[("label", label)]);
            say(&mut s, &applies("1. 병역 사항"), &format!("{yes}\r"));
            say(&mut s, &tr("wizard-military-status", &[]), "\r");
            // Changed to yes, then back to no with the other key.
            say(&mut s, &applies("2. 보훈 대상"), &format!("{yes}{no}\r"));
            let school = tr("field-education-school", &[]);
            say(&mut s, &format!("    {school}"), "서울대학교\r");
            for field in ["field-education-entered", "field-education-graduated-at"] {
                let label = tr(field, &[]);
                let prompt = tr(
                    "wizard-field-dated-optional",
                    &[("label", &label), ("shape", "YYYY-MM")],
                );
                say(&mut s, &prompt, "\r");
            }
            // No graduation date: it starts on no.
            let graduated = tr("field-education-graduated", &[]);
            say(&mut s, &graduated, &format!("{yes_no}\r"));
            let major = tr("field-education-major", &[]);
            say(&mut s, &tr("wizard-optional", &[("label", &major)]), "\r");
            let noun = tr("noun-education", &[]);
            let another = tr("wizard-group-add-another", &[("noun", &noun)]);
            say(&mut s, &another, &format!("{no_yes}\r"));
            say(
                &mut s,
                &first_words(&tr("wizard-privacy", &[]), 2),
                &format!("{yes}\r"),
            );
            // The review: stop there; the answers are in the --save file.
            say(&mut s, &tr("wizard-cancel", &[]), "\x03");
            let rest = until_end(&mut s);
            assert_eq!(rest.1, 130, "{ctx}");
            log.extend_from_slice(rest.0.as_bytes());

            let kept = saved(&file);
            assert_eq!(kept["privacy"], json!(true), "{ctx}");
            assert_eq!(answer_of(&kept, 1)["checked"], json!(true), "{ctx}");
            assert_eq!(answer_of(&kept, 2), json!({"checked": false}), "{ctx}");
            assert_eq!(
                answer_of(&kept, 3),
                json!({"educations": [{"school_name": "서울대학교", "graduate": true}]}),
                "{ctx}"
            );

            // Everything written, redrawn prompts included, and the screen left.
            let written = console::strip_ansi_codes(&String::from_utf8_lossy(&log))
                // (The temporary directory's random name may hold a lone `y` or `n`.)
                .replace(file.to_str().unwrap(), "FILE");
            let screen = screen_of(&log, cols);
            let asked = if colour {
                format!("({})", tr("wizard-yes-no", &[]))
            } else {
                yes_no_mark(lang, false)
            };
            assert!(
                written.contains(&asked),
                "{ctx}: {asked:?} not in\n{written}"
            );
            let answered = format!("{graduated} {}", yes_no_word(lang, true));
            let answered = if colour {
                format!("{graduated} · {}", yes_no_word(lang, true))
            } else {
                answered
            };
            assert!(
                screen.contains(&answered),
                "{ctx}: {answered:?} not in\n{screen}"
            );
            let english: Vec<&str> = written
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| ["yes", "no", "y", "n"].contains(&w.to_lowercase().as_str()))
                .collect();
            match lang {
                Lang::Ko => assert!(english.is_empty(), "{ctx}: {english:?} in\n{written}"),
                Lang::En => {
                    let want = if colour { "(y/n)" } else { "[y/N]" };
                    assert!(written.contains(want), "{ctx}: {want} not in\n{written}");
                    assert!(english.contains(&"yes") && english.contains(&"no"), "{ctx}");
                }
            }
        }
    }
}

/// `forms apply --help` says, in both languages, what a stop inside a question keeps in the
/// `--save` file (its `unfinished` key) and that `--resume` goes on inside that question.
#[test]
fn the_help_of_save_and_resume_describes_unfinished() {
    let home = Home::new();
    for (lang, kept, goes_on) in [
        (
            Lang::En,
            "`unfinished` key names that question",
            "stopped inside is gone on with",
        ),
        (
            Lang::Ko,
            "`unfinished` 키는 그 질문과",
            "멈춘 질문은 그 자리에서 계속하고",
        ),
    ] {
        let out = home
            .std_cmd()
            .args(["--lang", lang.code(), "forms", "apply", "--help"])
            .env("COLUMNS", "1000")
            .output()
            .unwrap();
        let help = stdout_of(&out);
        assert!(out.status.success(), "{lang:?}: {}", stderr_of(&out));
        for want in [kept, goes_on] {
            assert!(help.contains(want), "{lang:?}: {want:?} not in\n{help}");
        }
    }
}
