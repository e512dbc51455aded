//! What the checked-in shell completions (`completions/`) and man pages (`man/`) are made of, so
//! they can never drift from `--help`. tests/cli/docs.rs renders the man pages (clap_mangen is a
//! dev-dependency: the binary does not carry a man page renderer) and checks or rewrites both.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::settings::Key;

pub(crate) const SHELLS: &[(Shell, &str)] = &[
    (Shell::Bash, "recruit.bash"),
    (Shell::Zsh, "_recruit"),
    (Shell::Fish, "recruit.fish"),
    (Shell::PowerShell, "_recruit.ps1"),
    (Shell::Elvish, "recruit.elv"),
];

/// Variables that are not those of a setting (each [`Key`]'s come from its spec).
const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "RECRUIT_PROFILE",
        "Profile of the config file to use (--profile).",
    ),
    (
        "RECRUIT_SANDBOX",
        "1 to run against the built-in emulator (--sandbox).",
    ),
    (
        "RECRUIT_DEBUG",
        "1 to log requests and responses to stderr (-v).",
    ),
    (
        "RECRUIT_CONFIG_DIR",
        "Directory of config.toml instead of the XDG config directory.",
    ),
    (
        "RECRUIT_DATA_DIR",
        "Directory of data (sandbox state) instead of the XDG data directory.",
    ),
    (
        "COLUMNS",
        "Width of tables when standard output is not a terminal (default 120).",
    ),
    (
        "NO_COLOR",
        "When set and not empty, no colour or escape codes are written.",
    ),
];

/// Every variable: the settings' (what each means, its option), then the others.
fn environment() -> Vec<(&'static str, String)> {
    let settings = Key::ALL.iter().filter_map(|k| {
        let spec = k.spec();
        let mut what = spec.help.to_string();
        if let Some(first) = what.get(..1) {
            what.replace_range(..1, &first.to_uppercase());
        }
        match spec.flag {
            Some(flag) => what.push_str(&format!(" ({flag}).")),
            None => what.push('.'),
        }
        Some((spec.env?, what))
    });
    settings
        .chain(ENVIRONMENT.iter().map(|(k, v)| (*k, v.to_string())))
        .collect()
}

const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Success."),
    (
        "1",
        "Any other failure (e.g. an answer that is not valid JSON).",
    ),
    (
        "2",
        "Bad usage or bad local input (flags, answers file, payload file, config file).",
    ),
    ("3", "Not found (HTTP 404)."),
    (
        "4",
        "Authentication or permission (HTTP 401, 403), or no API key.",
    ),
    (
        "5",
        "The service rejected the request (other 4xx, e.g. 422 validation).",
    ),
    ("6", "Rate limited (HTTP 429) after all retries."),
    (
        "7",
        "Network failure, timeout, or 5xx after all retries; a webhook not delivered.",
    ),
    (
        "8",
        "Webhook signature invalid or too old (webhooks verify).",
    ),
    ("130", "Stopped by Ctrl-C (an export says how to resume)."),
];

fn roff_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('-', "\\-")
}

/// The sections every man page ends with (roff), after those rendered from the command tree.
pub fn man_extra_sections() -> String {
    let mut s = String::from(".SH ENVIRONMENT\n");
    for (k, v) in environment() {
        s.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            roff_escape(k),
            roff_escape(&v)
        ));
    }
    s.push_str(".SH \"EXIT STATUS\"\n");
    for (k, v) in EXIT_STATUS {
        s.push_str(&format!(".TP\n\\fB{k}\\fR\n{}\n", roff_escape(v)));
    }
    s.push_str(".SH FILES\n");
    s.push_str(".TP\n\\fI$XDG_CONFIG_HOME/recruit/config.toml\\fR\nProfiles (TOML, one table per profile), written with mode 0600. \\fBrecruit config path\\fR prints it.\n");
    s.push_str(".TP\n\\fI$XDG_DATA_HOME/recruit/sandbox.json\\fR\nState of the built\\-in sandbox used by \\fB\\-\\-sandbox\\fR.\n");
    s
}

/// The shell completion scripts: (path under the repository, contents).
pub fn completions() -> Vec<(String, Vec<u8>)> {
    SHELLS
        .iter()
        .map(|(shell, file)| {
            let mut cmd = Cli::command();
            let mut buf = Vec::new();
            clap_complete::generate(*shell, &mut cmd, "recruit", &mut buf);
            (format!("completions/{file}"), buf)
        })
        .collect()
}
