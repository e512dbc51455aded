//! Keeping secrets out of output: a `Secret` wrapper whose `Debug`/`Display` never show the
//! value, and a process-wide list of secret values scrubbed from every error message, as a
//! second line of defence should one ever be formatted into text by mistake.

use std::fmt;
use std::sync::{Mutex, OnceLock};

fn registry() -> &'static Mutex<Vec<String>> {
    static REG: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    REG.get_or_init(|| Mutex::new(Vec::new()))
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
pub(crate) fn register(value: &str) {
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
pub(crate) fn scrub(text: &str) -> String {
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
pub(crate) fn scrub_json(v: &mut serde_json::Value) {
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

/// An error chain as one line (`outer: cause: cause`), secrets scrubbed.
pub(crate) fn redact_error(err: &anyhow::Error) -> String {
    // Our own errors already carry a complete message: don't repeat their causes.
    let text = if let Some(e) = err.downcast_ref::<crate::Error>() {
        e.message.clone()
    } else {
        format!("{err:#}")
    };
    scrub(&text)
}

/// Install a panic hook that scrubs secrets from panic messages. A panic on the main thread
/// still ends the process with Rust's status 101; one in a task fails that task's command.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = info.payload().downcast_ref::<String>() {
            s.clone()
        } else {
            "unknown panic".to_string()
        };
        // Every panic is a bug reported as one: even a closed pipe (which no writer here
        // panics on any more) must not turn into an exit status of success.
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        // Not eprintln!: a closed stderr must not panic inside the panic hook.
        crate::elog!(
            "error: internal error (a bug in recruit, please report it): {}{}",
            scrub(&msg),
            location
        );
    }));
}

#[cfg(test)]
mod tests {
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
