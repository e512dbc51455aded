//! Keeping secrets out of output: a `Secret` wrapper whose `Debug`/`Display` never show the
//! value, and a process-wide list of secret values scrubbed from every error message, as a
//! second line of defence should one ever be formatted into text by mistake.

use std::fmt;
use std::sync::{Mutex, OnceLock};

fn registry() -> &'static Mutex<Vec<String>> {
    static REG: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    REG.get_or_init(|| Mutex::new(Vec::new()))
}

/// `s` as an address to show: the password of its user part (`scheme://user:pw@host`) as
/// `***`, whether or not the rest of it parses (an invalid address is echoed in its error).
pub fn url_password(s: &str) -> String {
    let Some(start) = s.find("://").map(|i| i + 3) else {
        return s.to_string();
    };
    let end = s[start..]
        .find(['/', '?', '#'])
        .map_or(s.len(), |i| start + i);
    let Some(at) = s[start..end].rfind('@').map(|i| start + i) else {
        return s.to_string();
    };
    match s[start..at].find(':') {
        Some(colon) => format!("{}:***{}", &s[..start + colon], &s[at..]),
        None => s.to_string(),
    }
}

/// The formats of a chat destination (`slack+https://...`): its whole address is a secret.
const CHAT_FORMATS: [&str; 5] = ["slack", "teams", "googlechat", "jandi", "template"];

/// The one name a forward target is shown by, everywhere (messages, log lines, `/metrics`,
/// `events list|show`, JSON): its scheme (or a chat destination's format), host and port, and a
/// short hash of the whole address, which tells two targets on one host apart:
/// `slack+hooks.slack.com#3fa9c1`, `https+app.example:8443#1c2d3e`. The user, password, path
/// and query are never in it (a chat address is the channel's password; an app's may hold a
/// token).
pub fn target_name(target: &str) -> String {
    use sha2::Digest;
    let hash = hex::encode(sha2::Sha256::digest(target.as_bytes()));
    let hash = &hash[..6];
    let Some((scheme, rest)) = target.split_once("://") else {
        // Already a name (a target stored by its name: [`stored_target`]).
        return target.to_string();
    };
    let kind = match scheme.split_once('+') {
        Some((format, _)) => format,
        None => scheme,
    };
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host: String = host
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
        .collect();
    format!(
        "{}+{}#{hash}",
        kind.to_ascii_lowercase(),
        host.to_ascii_lowercase()
    )
}

/// How the relay's store keeps a forward target: by its [`target_name`] when the address holds
/// a secret (a chat destination's, a user or password, a query), so no row and no file of the
/// store holds it; the listener that forwards knows the address from its own options. An
/// app's plain address is kept as it is (`events replay` sends to it without `--to`).
pub fn stored_target(target: &str) -> String {
    if is_chat(target) || has_secret_part(target, false) {
        target_name(target)
    } else {
        target.to_string()
    }
}

/// Whether a URL in text is a chat destination (`slack+https://...`).
fn is_chat(url: &str) -> bool {
    url.split_once('+')
        .is_some_and(|(format, _)| CHAT_FORMATS.iter().any(|f| f.eq_ignore_ascii_case(format)))
}

/// Whether a URL in text has a part that may be secret: a user or password, a path other than
/// `/`, a query or a fragment.
fn has_secret_part(url: &str, paths: bool) -> bool {
    let Some((_, rest)) = url.split_once("://") else {
        return false;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if rest[..end].contains('@') {
        return true;
    }
    let tail = &rest[end..];
    tail.contains(['?', '#']) || (paths && tail.len() > 1)
}

fn hide_urls(text: &str, paths: bool) -> std::borrow::Cow<'_, str> {
    if !text.contains("://") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find("://").map(|i| from + i) {
        // Back over the scheme (`slack+https`), then on to the end of the address.
        let start = text[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
            .map_or(0, |i| i + 1)
            .max(done);
        let end = text[at..]
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ')' | '>' | '<' | ','))
            .map_or(text.len(), |n| at + n);
        // A sentence's own punctuation after the address is not part of it.
        let end = start + text[start..end].trim_end_matches([':', '.', ';']).len();
        let url = &text[start..end];
        if start < at && (is_chat(url) || has_secret_part(url, paths)) {
            out.push_str(&text[done..start]);
            out.push_str(&target_name(url));
            done = end;
        }
        from = end.max(at + 3);
    }
    out.push_str(&text[done..]);
    std::borrow::Cow::Owned(out)
}

/// `text` (an app's error, a stored `last_error`) with every address in it that may hold a
/// secret (a chat destination, a user or password, a path, a query) shown by its
/// [`target_name`].
pub fn hide_addresses(text: &str) -> std::borrow::Cow<'_, str> {
    hide_urls(text, true)
}

/// [`hide_addresses`] for the listener's own log lines, which name its own `/healthz` and
/// `/metrics`: a chat destination, a user or password, a query are hidden; a path alone is
/// not (forward targets are named by [`target_name`] where the lines are written).
pub fn hide_secret_addresses(text: &str) -> std::borrow::Cow<'_, str> {
    hide_urls(text, false)
}

/// A secret string (API key, signing key). Formatting it never prints the value.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wrap a value and remember it, so it is scrubbed from any error text.
    pub fn new(value: impl Into<String>) -> Self {
        let value = value.into();
        register(&value);
        Secret(value)
    }
    /// The value itself, for the one place that must send it (the Authorization header).
    pub fn expose(&self) -> &str {
        &self.0
    }
    /// `••••abcd`: the last four characters, for `auth status`.
    pub fn redacted(&self) -> String {
        let chars: Vec<char> = self.0.chars().collect();
        if chars.len() <= 8 {
            return "••••".to_string();
        }
        let tail: String = chars[chars.len() - 4..].iter().collect();
        format!("••••{tail}")
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Remember a secret value so `scrub` removes it. Short values are ignored (they would
/// match ordinary text).
pub fn register(value: &str) {
    if value.len() < 4 {
        return;
    }
    if let Ok(mut reg) = registry().lock() {
        if !reg.iter().any(|v| v == value) {
            reg.push(value.to_string());
        }
    }
}

/// Replace every registered secret in `text` with `<redacted>`.
pub fn scrub(text: &str) -> String {
    let mut out = text.to_string();
    if let Ok(reg) = registry().lock() {
        for secret in reg.iter() {
            if out.contains(secret.as_str()) {
                out = out.replace(secret.as_str(), "<redacted>");
            }
        }
    }
    out
}

/// [`scrub`] every string of a JSON value, object keys included: a secret inside a body the
/// service sent (echoed back by it) is as much output as one inside an error.
pub fn scrub_json(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::String(s) => {
            let clean = scrub(s);
            if clean != *s {
                *s = clean;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(scrub_json),
        Value::Object(m) => {
            let scrubbed: serde_json::Map<String, Value> = std::mem::take(m)
                .into_iter()
                .map(|(k, mut val)| {
                    scrub_json(&mut val);
                    (scrub(&k), val)
                })
                .collect();
            *m = scrubbed;
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_urls_password_is_hidden_whether_or_not_it_parses() {
        for (given, shown) in [
            ("http://u:pw@[::1/v1", "http://u:***@[::1/v1"),
            ("https://u:p@ss@h/v1", "https://u:***@h/v1"),
            ("https://u@h/v1", "https://u@h/v1"),
            ("https://h/v1?a=b@c", "https://h/v1?a=b@c"),
            ("not-a-url", "not-a-url"),
        ] {
            assert_eq!(url_password(given), shown, "{given}");
        }
    }
    use super::*;

    #[test]
    fn secret_never_formats_its_value() {
        let s = Secret::new("sk_live_abcdef123456");
        assert!(!format!("{s:?}").contains("abcdef"));
        assert!(!format!("{s}").contains("abcdef"));
        assert_eq!(s.redacted(), "••••3456");
        assert_eq!(
            scrub("bad key sk_live_abcdef123456 here"),
            "bad key <redacted> here"
        );
        let mut v = serde_json::json!({"a": ["x sk_live_abcdef123456"], "sk_live_abcdef123456": 1});
        scrub_json(&mut v);
        assert_eq!(
            v,
            serde_json::json!({"a": ["x <redacted>"], "<redacted>": 1})
        );
    }

    #[test]
    fn a_target_is_named_by_scheme_host_and_a_hash_of_the_whole_address() {
        let slack = "slack+https://hooks.slack.com/services/T0/B0/SECRET";
        let name = target_name(slack);
        assert!(name.starts_with("slack+hooks.slack.com#"), "{name}");
        assert_eq!(name.len(), "slack+hooks.slack.com#".len() + 6);
        assert_ne!(
            name,
            target_name("slack+https://hooks.slack.com/services/T0/B1/OTHER"),
            "two channels stay apart"
        );
        let app = "https://u:pw@App.example:8443/hooks?token=MARK";
        let n = target_name(app);
        assert!(n.starts_with("https+app.example:8443#"), "{n}");
        assert!(!n.contains("MARK") && !n.contains("pw") && !n.contains("hooks"));
        assert_eq!(target_name(app), n, "stable");
        assert_eq!(target_name(&n), n, "a name stays itself");
        assert_eq!(stored_target(app), n);
        assert_eq!(stored_target(slack), name);
        let plain = "http://127.0.0.1:3000/hooks";
        assert_eq!(stored_target(plain), plain);
    }

    #[test]
    fn addresses_in_text_are_named_where_they_may_hold_a_secret() {
        let slack = "slack+https://hooks.slack.com/services/T0/B0/SECRET";
        let text = format!("forwarded event 3 to {slack}: HTTP 200");
        assert_eq!(
            hide_addresses(&text),
            format!("forwarded event 3 to {}: HTTP 200", target_name(slack))
        );
        let app = "http://u:pw@127.0.0.1:9/hooks?token=MARK";
        let said = format!("error sending request for url ({app})");
        assert_eq!(
            hide_addresses(&said),
            format!("error sending request for url ({})", target_name(app))
        );
        let plain = "listening on http://127.0.0.1:1 (Ctrl-C to stop)";
        assert_eq!(hide_addresses(plain), plain);
        let metrics = "metrics on http://127.0.0.1:2/healthz and http://127.0.0.1:2/metrics";
        assert_eq!(hide_secret_addresses(metrics), metrics);
        assert!(!hide_secret_addresses(&said).contains("MARK"));
        assert!(!hide_secret_addresses(&text).contains("SECRET"));
    }
}
