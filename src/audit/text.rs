//! What a record says besides what was shown (cli.md, "Personal data"): the command as the log
//! keeps it, the actor, and whether a reason counts. The log is hash-chained and no erasure
//! reaches it, so nothing a user typed that could name a person may enter it: the command
//! keeps its path, its flags' names and only the values known to name no data (an allow-list
//! read from the command tree); anything else is `…`.

use serde_json::{Map, Value};

/// What takes the place of a value the log does not keep.
pub(crate) const HIDDEN: &str = "…";

/// Options whose value is free text whatever its shape: a `--jq` program, a reason, a request
/// body or its fields, a memo's content, a search query.
const FREE_TEXT: &[&str] = &[
    "jq",
    "reason",
    "input",
    "content",
    "body_fields",
    "raw_fields",
    "query",
    "text",
    "title",
];

/// Options kept whatever their value name: the profile, the stage, times, months, limits,
/// files and databases (a password masked) name no one.
const KEPT: &[&str] = &[
    "profile",
    "stage",
    "output",
    "lang",
    "color",
    "encoding",
    "since",
    "until",
    "month",
    "before",
    "older_than",
    "limit",
    "out",
    "db",
    "store",
    "via",
    "port",
];

/// Value names (clap's `value_name`) of values that name no data: numbers, durations, dates,
/// months, codes, files, databases (their password masked), addresses, field names.
const DATA_FREE: &[&str] = &[
    "N",
    "SECS",
    "SECS,...",
    "MS",
    "DURATION",
    "DATE",
    "YYYY-MM",
    "UNIX",
    "CODE",
    "ID",
    "FILE",
    "FILE|-",
    "FILE|URL",
    "DIR",
    "TARGET",
    "URL",
    "ADDR",
    "HOST:PORT",
    "LANG",
    "WHEN",
    "FORMAT",
    "CHARSET",
    "LEVEL",
    "A,B,C",
    "A,B",
    "D,D,...",
];

/// Flags whose value is a secret: the settings' secret options (`--api-key`), the webhook
/// tools' `--signing-key` and the sandbox's `--key`. Written `***`, as before.
fn secret_flag(arg: &str) -> bool {
    const OWN: &[&str] = &["--signing-key", "--key"];
    OWN.contains(&arg)
        || crate::settings::Key::ALL
            .iter()
            .any(|k| k.is_secret() && k.spec().flag == Some(arg))
}

/// The command line as the log keeps it, read against the command tree `tree` (the root
/// command; `None`: every value is hidden, only the program and flag names are kept).
/// - subcommands by name; candidate and other codes given as positional arguments (`C1001`);
///   a positional of a fixed set of values (`GET`); an API path's segments that are words or
///   codes (its query `?…`);
/// - each flag's name; its value only when the option's value is of a data-free kind
///   ([`DATA_FREE`], [`KEPT`], or one of fixed possible values), with a URL's password as
///   `***`; a secret's value as `***`; everything else `…`.
pub(crate) fn command_text(tree: Option<&clap::Command>, argv: &[String]) -> String {
    let mut out: Vec<String> = Vec::with_capacity(argv.len());
    let Some((program, rest)) = argv.split_first() else {
        return String::new();
    };
    out.push(program.clone());
    let mut path: Vec<clap::Command> = tree.map(|t| vec![t.clone()]).unwrap_or_default();
    let mut positional = 0usize;
    let mut args = rest.iter();
    let mut only_positional = false;
    while let Some(arg) = args.next() {
        if only_positional || !arg.starts_with('-') || arg == "-" {
            let current = path.last_mut();
            if let Some(sub) = current
                .and_then(|c| c.find_subcommand(arg).cloned())
                .filter(|_| !only_positional && positional == 0)
            {
                out.push(sub.get_name().to_string());
                let mut sub = sub;
                sub.build();
                path.push(sub);
                continue;
            }
            let def = path.last().and_then(|c| {
                c.get_positionals()
                    .nth(positional)
                    .or_else(|| c.get_positionals().last())
                    .cloned()
            });
            positional += 1;
            out.push(positional_text(def.as_ref(), arg));
            continue;
        }
        if arg == "--" {
            only_positional = true;
            out.push(arg.clone());
            continue;
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        flag_text(&path, &flag, inline, &mut args, &mut out);
    }
    crate::redact::scrub(&out.join(" "))
}

/// One flag (`--out`, `-o`, `-ojson`, `-vo json`) and its value, as kept.
fn flag_text<'a>(
    path: &[clap::Command],
    flag: &str,
    inline: Option<String>,
    args: &mut impl Iterator<Item = &'a String>,
    out: &mut Vec<String>,
) {
    if secret_flag(flag) {
        if inline.is_none() {
            args.next();
        }
        out.push(format!("{flag} ***"));
        return;
    }
    let (def, inline, shown) = match flag.strip_prefix("--") {
        Some(long) => (
            find(path, |a| a.get_long() == Some(long)),
            inline,
            flag.to_string(),
        ),
        None => {
            // Short flags may be bundled (`-vo json`): the first that takes a value takes the
            // rest of the word (or the next word).
            let chars: Vec<char> = flag.chars().skip(1).collect();
            let mut at = chars.len();
            let mut def = None;
            for (i, c) in chars.iter().enumerate() {
                let d = find(path, |a| a.get_short() == Some(*c));
                if d.as_ref().is_some_and(takes_value) {
                    at = i + 1;
                    def = d;
                    break;
                }
            }
            let rest: String = chars[at..].iter().collect();
            let rest = rest.trim_start_matches('=').to_string();
            let inline = (!rest.is_empty()).then_some(rest);
            let name: String = chars[..at].iter().collect();
            (def, inline, format!("-{name}"))
        }
    };
    let Some(def) = def else {
        // Not an option of the tree (or no tree): its name only when it looks like one, and
        // a value it carried hidden.
        let name_ok = shown
            .trim_start_matches('-')
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
        let name = if name_ok {
            shown.to_string()
        } else {
            HIDDEN.into()
        };
        out.push(match inline {
            Some(_) => format!("{name}={HIDDEN}"),
            None => name,
        });
        return;
    };
    if !takes_value(&def) {
        out.push(shown);
        return;
    }
    let value = match inline {
        Some(v) => Some(v),
        None => args.next().cloned(),
    };
    let Some(value) = value else {
        out.push(shown);
        return;
    };
    let kept = if def.get_id() == "headers" {
        header(&value)
    } else if keeps_value(&def) {
        data_free(&value)
    } else {
        HIDDEN.to_string()
    };
    out.push(format!("{shown} {kept}"));
}

/// The option of the command or of one of its parents (globals are the root's) that `is`.
fn find(path: &[clap::Command], is: impl Fn(&clap::Arg) -> bool) -> Option<clap::Arg> {
    path.iter()
        .rev()
        .find_map(|c| c.get_arguments().find(|a| is(a)).cloned())
}

fn takes_value(a: &clap::Arg) -> bool {
    a.get_action().takes_values()
}

/// Whether an option's value names no data: by its id, its value name or its fixed values.
fn keeps_value(a: &clap::Arg) -> bool {
    let id = a.get_id().as_str();
    if FREE_TEXT.contains(&id) {
        return false;
    }
    KEPT.contains(&id)
        || !a.get_possible_values().is_empty()
        || a.get_value_names()
            .is_some_and(|names| names.iter().all(|n| DATA_FREE.contains(&n.as_str())))
}

/// A positional argument as kept: codes, fixed values, data-free kinds, an API path's words.
fn positional_text(def: Option<&clap::Arg>, value: &str) -> String {
    let id = def.map(|d| d.get_id().as_str()).unwrap_or("");
    if FREE_TEXT.contains(&id) {
        return HIDDEN.into();
    }
    if is_code(value) {
        return value.to_string();
    }
    match def {
        Some(_) if id == "path" => api_path(value),
        Some(_) if id == "method" && value.chars().all(|c| c.is_ascii_alphabetic()) => {
            value.to_string()
        }
        // `config set KEY VALUE`'s value may be a key: never kept.
        Some(d) if keeps_value(d) && id != "value" => data_free(value),
        _ => HIDDEN.into(),
    }
}

/// A code the service gives a record (`C1001`, `F12`, `EV-1001`), or a short number (an id): names
/// a record, not a person. Phone numbers are longer than nine digits.
fn is_code(v: &str) -> bool {
    let letters = v.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    let digits = &v[letters..];
    // `EV-1001`: a hyphen between the letters and the number.
    let digits = match digits.strip_prefix('-') {
        Some(d) if letters > 0 => d,
        _ => digits,
    };
    letters <= 4
        && !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && (letters > 0 || digits.len() <= 9)
}

/// `recruit api`'s path: segments that are lowercase words, versions or codes kept, others
/// `…`; a query `?…`; a full URL's origin kept, its password masked.
fn api_path(v: &str) -> String {
    let (before, query) = match v.split_once('?') {
        Some((b, _)) => (b, Some(HIDDEN)),
        None => (v, None),
    };
    let (origin, path) = match before.find("://") {
        Some(i) => {
            let after = &before[i + 3..];
            let end = after.find('/').map_or(before.len(), |j| i + 3 + j);
            (url_password_masked(&before[..end]), &before[end..])
        }
        None => (String::new(), before),
    };
    let segments: Vec<String> = path
        .split('/')
        .map(|s| {
            let word = s
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-' || c == '.');
            if s.is_empty() || word || is_code(s) {
                s.to_string()
            } else {
                HIDDEN.to_string()
            }
        })
        .collect();
    let mut text = format!("{origin}{}", segments.join("/"));
    if let Some(q) = query {
        text.push('?');
        text.push_str(q);
    }
    text
}

/// A data-free value as kept: a URL's password masked and its query hidden.
fn data_free(v: &str) -> String {
    let masked = url_password_masked(v);
    match masked.split_once('?') {
        Some((b, _)) if masked.contains("://") => format!("{b}?{HIDDEN}"),
        _ => masked,
    }
}

/// A request header as logged: its name, the value `***` for `Authorization` (and
/// `Proxy-Authorization`), `…` for any other.
fn header(h: &str) -> String {
    match h.split_once(':') {
        Some((name, _)) if name.trim().to_ascii_lowercase().ends_with("authorization") => {
            format!("{name}: ***")
        }
        Some((name, _)) => format!("{name}: {HIDDEN}"),
        None => HIDDEN.to_string(),
    }
}

/// `scheme://user:pass@host...` anywhere in `arg` (`postgres://...` too) with the password as
/// `***`.
pub(crate) fn url_password_masked(arg: &str) -> String {
    let Some(scheme_end) = arg.find("://") else {
        return arg.to_string();
    };
    let rest = &arg[scheme_end + 3..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let Some(at) = authority.rfind('@') else {
        return arg.to_string();
    };
    let userinfo = &authority[..at];
    let user = match userinfo.split_once(':') {
        Some((user, _)) => format!("{user}:***"),
        None => return arg.to_string(),
    };
    format!(
        "{}{user}{}",
        &arg[..scheme_end + 3],
        &arg[scheme_end + 3 + at..]
    )
}

/// An MCP tool call as the log keeps it: the tool's name and each argument given, in the
/// tool's own order, `name=value` when the value names no data (a boolean, a number, one of
/// the schema's fixed values, a code, a date) and `name=…` otherwise (a search query, a
/// memo's text, an answer).
pub(crate) fn mcp_command(
    tool: &str,
    schema: &Map<String, Value>,
    args: &Map<String, Value>,
) -> String {
    let mut parts = vec![tool.to_string()];
    let props = schema.get("properties").and_then(Value::as_object);
    let mut names: Vec<&String> = args.keys().collect();
    if let Some(props) = props {
        names.sort_by_key(|n| props.keys().position(|k| k == *n).unwrap_or(usize::MAX));
    }
    for name in names {
        let value = &args[name.as_str()];
        let fixed = props
            .and_then(|p| p.get(name.as_str()))
            .and_then(|p| p.get("enum"))
            .and_then(Value::as_array)
            .is_some_and(|e| e.contains(value));
        let free = FREE_TEXT.contains(&name.as_str());
        let shown = match value {
            Value::Bool(_) | Value::Number(_) | Value::Null if !free => value.to_string(),
            Value::String(s) if !free && (fixed || is_code(s) || is_date(s)) => s.clone(),
            _ => HIDDEN.to_string(),
        };
        parts.push(format!("{name}={shown}"));
    }
    crate::redact::scrub(&parts.join(" "))
}

/// A date or time (`2026-01-31`, RFC 3339) or a duration (`30d`): digits and a few signs.
fn is_date(s: &str) -> bool {
    !s.is_empty()
        && s.chars().next().is_some_and(|c| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_digit() || "-:+.TZhmsdw".contains(c))
}

/// Whether a reason counts: at least one visible character, not only spaces, controls or
/// format characters (U+200B, U+200C/D, U+2060, U+FEFF, bidi marks: Unicode's Cf, Zs, Zl, Zp
/// and Cc) nor the fillers Unicode draws as nothing (Hangul fillers, the blank braille cell).
pub(crate) fn visible(text: &str) -> bool {
    use unicode_general_category::{get_general_category, GeneralCategory as G};
    text.chars().any(|c| {
        !matches!(
            get_general_category(c),
            G::Format
                | G::SpaceSeparator
                | G::LineSeparator
                | G::ParagraphSeparator
                | G::Control
                | G::Unassigned
                | G::Surrogate
                | G::PrivateUse
                | G::NonspacingMark
                | G::EnclosingMark
        ) && !matches!(
            c,
            '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
        )
    })
}

/// The OS user of the actor: `USER`, else `LOGNAME`, else the account named by the process's
/// uid, else (a uid no account names) the bare number.
pub(crate) fn os_user() -> String {
    ["USER", "LOGNAME"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|u| !u.trim().is_empty())
        .unwrap_or_else(account)
}

#[cfg(unix)]
fn account() -> String {
    let uid = nix::unistd::Uid::current();
    match nix::unistd::User::from_uid(uid) {
        Ok(Some(user)) if !user.name.is_empty() => user.name,
        _ => uid.as_raw().to_string(),
    }
}

#[cfg(not(unix))]
fn account() -> String {
    "unknown".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> clap::Command {
        crate::cli::command_tree()
    }

    fn line(text: &str) -> String {
        let argv: Vec<String> = text.split(' ').map(String::from).collect();
        command_text(Some(&tree()), &argv)
    }

    #[test]
    fn free_text_leaves_and_data_free_values_stay() {
        for (given, logged) in [
            (
                "recruit candidates list --stage interview --all -o json --limit 5",
                "recruit candidates list --stage interview --all -o json --limit 5",
            ),
            (
                "recruit candidates list --jq select(.email==\"kim@example.com\")",
                "recruit candidates list --jq …",
            ),
            ("recruit candidates search kim@example.com", "recruit candidates search …"),
            ("recruit candidates search 김하늘 --stage offer", "recruit candidates search … --stage offer"),
            ("recruit candidates get C1001", "recruit candidates get C1001"),
            (
                "recruit export submissions --candidates codes.txt --out out.csv --reason ticket-4411",
                "recruit export submissions --candidates codes.txt --out out.csv --reason …",
            ),
            (
                "recruit --reason=kim@example.com candidates get C1",
                "recruit --reason … candidates get C1",
            ),
            (
                "recruit api POST /v1/candidates/C1/memos -f content=kim@example.com -F n=1",
                "recruit api POST /v1/candidates/C1/memos -f … -F …",
            ),
            (
                "recruit api GET /v1/candidates?email=kim@example.com",
                "recruit api GET /v1/candidates?…",
            ),
            (
                "recruit api POST /v1/x --input body.json",
                "recruit api POST /v1/x --input …",
            ),
            (
                "recruit audit report --month 2026-01",
                "recruit audit report --month 2026-01",
            ),
            (
                "recruit -ojson audit list --since 30d",
                "recruit -o json audit list --since 30d",
            ),
            (
                "recruit candidates list --fields code,name --no-such-flag=kim",
                "recruit candidates list --fields code,name --no-such-flag=…",
            ),
        ] {
            assert_eq!(line(given), logged, "{given}");
        }
    }

    #[test]
    fn secrets_leave_the_command_text() {
        for (given, logged) in [
            (
                "recruit --api-key sk-1 candidates get C1",
                "recruit --api-key *** candidates get C1",
            ),
            (
                "recruit --api-key=sk-1 candidates get C1",
                "recruit --api-key *** candidates get C1",
            ),
            (
                "recruit sync --db postgres://kim:pw@db/mirror",
                "recruit sync --db postgres://kim:***@db/mirror",
            ),
            (
                "recruit api GET /v1/forms -H Authorization:Bearer-x -H X-Note:kim",
                "recruit api GET /v1/forms -H Authorization: *** -H X-Note: …",
            ),
            (
                "recruit webhooks verify --signing-key=whsec_1 --payload x",
                "recruit webhooks verify --signing-key *** --payload x",
            ),
        ] {
            assert_eq!(line(given), logged, "{given}");
        }
        // No tree: nothing but the program and the flag names.
        let argv: Vec<String> = ["recruit", "candidates", "search", "kim", "--jq", ".x"]
            .map(String::from)
            .to_vec();
        assert_eq!(command_text(None, &argv), "recruit … … … --jq …");
    }

    #[test]
    fn an_mcp_call_keeps_its_data_free_arguments() {
        let schema = serde_json::json!({"properties": {
            "query": {"type": "string"},
            "stage": {"type": "string", "enum": ["applied", "offer"]},
            "limit": {"type": "integer"},
            "candidate": {"type": "string"},
            "content": {"type": "string"},
        }});
        let args = serde_json::json!({"limit": 5, "query": "kim@example.com", "stage": "offer",
            "candidate": "C1001", "content": "call 010-1234-5678"});
        assert_eq!(
            mcp_command(
                "candidates_search",
                schema.as_object().unwrap(),
                args.as_object().unwrap()
            ),
            "candidates_search query=… stage=offer limit=5 candidate=C1001 content=…"
        );
    }

    #[test]
    fn a_reason_needs_a_visible_character() {
        for blank in [
            "",
            " ",
            "\u{200b}",
            "\u{200c}\u{200d}",
            "\u{feff}",
            "\u{2060}",
            "\u{200e}\u{202e}",
            "\u{3000}",
            "\t\n",
            "\u{3164}",
        ] {
            assert!(!visible(blank), "{blank:?}");
        }
        for seen in ["x", "\u{200b}티켓", "4411", "."] {
            assert!(visible(seen), "{seen:?}");
        }
    }
}
