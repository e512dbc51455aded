//! The README cannot go stale: every `$ ` command in its ```console blocks runs here, in order,
//! in one bash session against the sandbox (RECRUIT_SANDBOX=1), with the exit code it documents
//! (0 unless the line ends in `# exit N`; `# runs until Ctrl-C` must still be running after 3 s).

use crate::common::*;

#[derive(Debug)]
struct Step {
    text: String,
    expect: Option<i32>,
    long_running: bool,
}

fn steps(readme: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ ") else {
            continue;
        };
        let mut text = cmd.to_string();
        // A here-document runs until its terminator line.
        if let Some(at) = text.find("<<'") {
            let term: String = text[at + 3..].chars().take_while(|c| *c != '\'').collect();
            for more in lines.by_ref() {
                text.push('\n');
                text.push_str(more);
                if more == term {
                    break;
                }
            }
        }
        let long_running = text.contains("# runs until Ctrl-C");
        let expect = if long_running {
            None
        } else if let Some(at) = text.rfind("# exit ") {
            Some(
                text[at + 7..]
                    .trim()
                    .parse()
                    .expect("a number after '# exit'"),
            )
        } else {
            Some(0)
        };
        out.push(Step {
            text,
            expect,
            long_running,
        });
    }
    out
}

#[test]
fn every_readme_command_runs_as_documented() {
    assert!(
        std::process::Command::new("jq")
            .arg("--version")
            .output()
            .is_ok(),
        "the README's recipes use jq: install it (apt-get install jq)"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let steps = steps(&readme);
    assert!(
        steps.len() > 40,
        "found only {} commands in the README",
        steps.len()
    );
    let home = Home::new();
    let work = home.dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();

    let mut script = String::from("set -u\n");
    for (i, s) in steps.iter().enumerate() {
        let body = if s.long_running {
            format!("timeout 3 {}", s.text)
        } else {
            s.text.clone()
        };
        script.push_str(&format!(
            "{{\n{body}\n}} >.out.{i} 2>.err.{i} </dev/null\necho \"@@{i} $?\"\n"
        ));
    }
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_recruit"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = std::process::Command::new("bash");
    for (k, _) in std::env::vars() {
        if k.starts_with("RECRUIT_") || k == "NO_COLOR" {
            cmd.env_remove(k);
        }
    }
    let out = cmd
        .arg("-c")
        .arg(&script)
        .current_dir(&work)
        .env("PATH", path)
        .env("RECRUIT_SANDBOX", "1")
        .env("RECRUIT_CONFIG_DIR", home.config_dir())
        .env("RECRUIT_DATA_DIR", home.data_dir())
        .env("RECRUIT_TOKEN", "readme-token-0000")
        .env("TZ", "UTC")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut failures = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        let code: Option<i32> = stdout
            .lines()
            .find_map(|l| l.strip_prefix(&format!("@@{i} ")))
            .and_then(|c| c.trim().parse().ok());
        let want = if s.long_running { Some(124) } else { s.expect };
        if code != want {
            let o = std::fs::read_to_string(work.join(format!(".out.{i}"))).unwrap_or_default();
            let e = std::fs::read_to_string(work.join(format!(".err.{i}"))).unwrap_or_default();
            failures.push(format!(
                "$ {}\n  exit {code:?}, documented {want:?}\n  stdout: {o}\n  stderr: {e}",
                s.text
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "README commands that don't behave as documented:\n{}",
        failures.join("\n")
    );

    // Spot checks of what the commands wrote.
    let read =
        |f: &str| std::fs::read_to_string(work.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert!(read("forms.csv").starts_with("code,title,end_at\n"));
    assert_eq!(
        read("forms.csv").lines().count(),
        27,
        "26 forms and a header"
    );
    let first = read(".out.0");
    assert!(first.is_empty() || first.contains("export"), "{first}");
    let nd = read("c1001.ndjson");
    assert_eq!(nd.lines().count(), 45);
    let subs = read("submissions.ndjson");
    assert!(
        subs.lines().all(|l| l.starts_with("{\"candidate_code\":")),
        "{subs}"
    );
    assert_eq!(
        subs.lines().count(),
        45 + 6 + 3,
        "C1001, C1002 and C1003 once each"
    );
    assert!(read("submissions.csv").starts_with("candidate_code,"));
    let memos: serde_json::Value = serde_json::from_str(&read("memos.json")).unwrap();
    assert!(memos
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["candidate_code"].is_string()));
}
