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
}
