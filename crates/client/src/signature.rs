//! Signing and verifying `t=<unix>,v1=<hex>` signature headers (spec section 5).
//!
//! The signed string is `<t>.<raw body bytes>`: always the bytes as they travelled, never a
//! re-serialization of the JSON (key order, spacing and escapes would change the MAC).

use std::fmt;

use crate::msg::Msg;
use std::time::Duration;

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// Default name of the signature header (the spec's neutral name).
pub const DEFAULT_HEADER: &str = "Service-Webhook-Signature";

/// Recommended maximum age of a signature (spec sections 5 and 8).
pub const DEFAULT_TOLERANCE_SECS: u64 = 300;

/// The only signature scheme the spec defines; other labels (e.g. `v0`) are ignored.
const SCHEME: &str = "v1";

/// Raw HMAC-SHA256 of `<t>.<body>` with `key`; `t` is the text as it appears in the header.
fn mac(key: &[u8], t: &str, body: &[u8]) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(t.as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().into()
}

/// Lowercase hex HMAC-SHA256 of `<t>.<body>` with `key`.
pub fn compute(key: &[u8], timestamp: i64, body: &[u8]) -> String {
    hex::encode(mac(key, &timestamp.to_string(), body))
}

/// The header value `t=<timestamp>,v1=<hex>` for `body`. `timestamp` is Unix seconds and never
/// negative in practice: the format's `t` has no sign, so [`parse_header`] refuses `t=-5`.
pub fn sign(key: &[u8], timestamp: i64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", compute(key, timestamp, body))
}

/// The header value with one `v1` entry per key, as a sender does while rotating keys.
pub fn sign_all(keys: &[&[u8]], timestamp: i64, body: &[u8]) -> String {
    let mut value = format!("t={timestamp}");
    for key in keys {
        value.push_str(",v1=");
        value.push_str(&compute(key, timestamp, body));
    }
    value
}

/// The Unix time in seconds on `clock` (the one the caller runs on, so a test signs and checks
/// at a time it chose).
pub fn now_unix(clock: &dyn crate::clock::Clock) -> i64 {
    clock.unix_secs()
}

/// A parsed header: the timestamp and every `v1` signature (decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedHeader {
    pub timestamp: i64,
    /// `t` exactly as written: what the sender signed (`0017…` is not `17…`).
    pub timestamp_text: String,
    pub signatures: Vec<[u8; 32]>,
}

/// What is wrong with a header that cannot be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Malformed {
    /// The value is empty or only blanks.
    Empty,
    /// The value has bytes that are not visible ASCII (HTTP allows them, the format does not).
    NotText,
    /// An element is not `key=value`.
    NotKeyValue(String),
    /// No `t=` element.
    MissingTimestamp,
    /// More than one `t=` element.
    DuplicateTimestamp,
    /// `t=` is not a whole number of seconds.
    BadTimestamp(String),
    /// No `v1=` element.
    NoSignature,
    /// A `v1=` value is not 64 hex digits (the index counts `v1` entries from 1).
    BadSignature { index: usize, value: String },
}

/// The English of [`Malformed::said`].
impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg().for_programs())
    }
}

/// Why a request was rejected. `Display` is a short, complete reason for logs and answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejection {
    /// The request carries no signature header.
    MissingHeader,
    /// The header cannot be parsed.
    Malformed(Malformed),
    /// No `v1` signature matches any key.
    NoMatch { signatures: usize, keys: usize },
    /// Signed longer ago than the tolerance.
    TooOld { age_secs: u64, tolerance_secs: u64 },
    /// Signed further in the future than the tolerance (a wrong clock, or a forged `t`).
    InFuture {
        ahead_secs: u64,
        tolerance_secs: u64,
    },
}

impl Rejection {
    /// A stable machine-readable code for JSON answers and output.
    pub fn code(&self) -> &'static str {
        match self {
            Rejection::MissingHeader => "missing_header",
            Rejection::Malformed(_) => "malformed_header",
            Rejection::NoMatch { .. } => "no_matching_signature",
            Rejection::TooOld { .. } => "too_old",
            Rejection::InFuture { .. } => "in_future",
        }
    }

    /// The HTTP status a receiver answers: 400 when the request does not carry a usable
    /// header at all, 401 when it does but does not authenticate (wrong MAC or outside the
    /// time window).
    pub fn http_status(&self) -> u16 {
        match self {
            Rejection::MissingHeader | Rejection::Malformed(_) => 400,
            Rejection::NoMatch { .. } | Rejection::TooOld { .. } | Rejection::InFuture { .. } => {
                401
            }
        }
    }
}

/// The English of [`Rejection::said`]: what answers and JSON logs keep.
impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg().for_programs())
    }
}

impl std::error::Error for Rejection {}

impl Rejection {
    /// The reason, as a message (`Display` is its English, which answers and JSON logs keep).
    pub fn msg(&self) -> Msg {
        use crate::msg;
        match self {
            Rejection::MissingHeader => msg!("sig-missing-header"),
            Rejection::Malformed(m) => msg!("sig-malformed", why = m.msg()),
            Rejection::NoMatch { signatures, keys } => {
                msg!("sig-no-match", signatures = *signatures, keys = *keys)
            }
            // Outside the tolerance either way: by how much, and beyond it by how much.
            Rejection::TooOld {
                age_secs: by,
                tolerance_secs: tolerance,
            }
            | Rejection::InFuture {
                ahead_secs: by,
                tolerance_secs: tolerance,
            } => {
                let said = match self {
                    Rejection::TooOld { .. } => msg!("sig-too-old"),
                    _ => msg!("sig-in-future"),
                };
                said.arg("by", secs(*by))
                    .arg("beyond", secs(by - tolerance))
                    .arg("tolerance", secs(*tolerance))
            }
        }
    }

    /// The reason for people, in the language the front end speaks.
    pub fn said(&self) -> String {
        self.msg().said()
    }
}

impl Malformed {
    /// What is wrong with the header, as a message.
    pub fn msg(&self) -> Msg {
        use crate::msg;
        match self {
            Malformed::Empty => msg!("sig-empty"),
            Malformed::NotText => msg!("sig-not-text"),
            Malformed::NotKeyValue(part) => msg!("sig-not-key-value", part = shorten(part)),
            Malformed::MissingTimestamp => msg!("sig-no-timestamp"),
            Malformed::DuplicateTimestamp => msg!("sig-two-timestamps"),
            Malformed::BadTimestamp(v) => msg!("sig-bad-timestamp", value = shorten(v)),
            Malformed::NoSignature => msg!("sig-no-signature"),
            Malformed::BadSignature { index, value } => {
                msg!("sig-bad-signature", index = *index, value = shorten(value))
            }
        }
    }

    /// What is wrong with the header, for people.
    pub fn said(&self) -> String {
        self.msg().said()
    }
}

/// Seconds, as a span of time the front end words (`6 min 40 s`).
fn secs<T: TryInto<u64>>(secs: T) -> crate::msg::Arg {
    crate::msg::Arg::Seconds(secs.try_into().unwrap_or(0))
}

/// A successful verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The signed `t` (authentic: it is covered by the MAC).
    pub timestamp: i64,
    /// Which key matched (0-based, in the order given).
    pub key_index: usize,
    /// `now - t` in seconds (negative when signed slightly in the future).
    pub age_secs: i64,
}

/// Parse `t=<unix>,v1=<hex>[,v1=<hex>...]`. Elements may come in any order and carry
/// blanks around them; elements of unknown schemes are ignored. A whole header line
/// (`Service-Webhook-Signature: t=...`), as copied from a log, is accepted too.
pub fn parse_header(value: &str) -> Result<ParsedHeader, Malformed> {
    let value = match value.split_once(':') {
        Some((name, rest))
            if !name.trim().is_empty()
                && name
                    .trim()
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            rest
        }
        _ => value,
    };
    if !value
        .bytes()
        .all(|b| b == b'\t' || (0x20..0x7f).contains(&b))
    {
        return Err(Malformed::NotText);
    }
    if value.trim().is_empty() {
        return Err(Malformed::Empty);
    }
    let mut timestamp = None;
    let mut timestamp_text = String::new();
    let mut signatures = Vec::new();
    let mut v1_seen = 0;
    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, val)) = part.split_once('=') else {
            return Err(Malformed::NotKeyValue(part.to_string()));
        };
        match key.trim() {
            "t" => {
                if timestamp.is_some() {
                    return Err(Malformed::DuplicateTimestamp);
                }
                let val = val.trim();
                let ok = !val.is_empty() && val.bytes().all(|b| b.is_ascii_digit());
                timestamp_text = val.to_string();
                timestamp = Some(
                    val.parse::<i64>()
                        .ok()
                        .filter(|_| ok)
                        .ok_or_else(|| Malformed::BadTimestamp(val.to_string()))?,
                );
            }
            SCHEME => {
                v1_seen += 1;
                let val = val.trim();
                let decoded = hex::decode(val)
                    .ok()
                    .and_then(|b| <[u8; 32]>::try_from(b).ok())
                    .ok_or_else(|| Malformed::BadSignature {
                        index: v1_seen,
                        value: val.to_string(),
                    })?;
                signatures.push(decoded);
            }
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(Malformed::MissingTimestamp)?;
    if signatures.is_empty() {
        return Err(Malformed::NoSignature);
    }
    Ok(ParsedHeader {
        timestamp,
        timestamp_text,
        signatures,
    })
}

/// Verify a request: `header` is the signature header's value (None when absent), `body` the
/// raw bytes, `keys` every accepted signing key (several during a rotation), `tolerance` the
/// maximum age and the maximum lead into the future (None disables both checks), `now` the
/// current Unix time.
///
/// The MAC is checked before the age: `t` is only trustworthy once it is authenticated, so a
/// forged request is reported as such rather than as "too old".
pub fn verify(
    header: Option<&str>,
    body: &[u8],
    keys: &[&[u8]],
    tolerance: Option<Duration>,
    now: i64,
) -> Result<Verified, Rejection> {
    let header = header.ok_or(Rejection::MissingHeader)?;
    let parsed = parse_header(header).map_err(Rejection::Malformed)?;

    let mut matched = None;
    for (index, key) in keys.iter().enumerate() {
        let expected = mac(key, &parsed.timestamp_text, body);
        // Check every candidate without short-circuiting, so the time taken does not tell
        // which entry (or how much of it) matched.
        let mut hit = subtle::Choice::from(0u8);
        for candidate in &parsed.signatures {
            hit |= expected.ct_eq(candidate);
        }
        if bool::from(hit) {
            matched = Some(index);
            break;
        }
    }
    let key_index = matched.ok_or(Rejection::NoMatch {
        signatures: parsed.signatures.len(),
        keys: keys.len(),
    })?;

    // i128: `t` comes from the sender and may be anywhere in the i64 range.
    let age = i128::from(now) - i128::from(parsed.timestamp);
    if let Some(tolerance) = tolerance {
        let tol = i128::from(tolerance.as_secs());
        let tolerance_secs = tolerance.as_secs();
        if age > tol {
            return Err(Rejection::TooOld {
                age_secs: u64::try_from(age).unwrap_or(u64::MAX),
                tolerance_secs,
            });
        }
        if -age > tol {
            return Err(Rejection::InFuture {
                ahead_secs: u64::try_from(-age).unwrap_or(u64::MAX),
                tolerance_secs,
            });
        }
    }
    Ok(Verified {
        timestamp: parsed.timestamp,
        key_index,
        age_secs: i64::try_from(age).unwrap_or(if age > 0 { i64::MAX } else { i64::MIN }),
    })
}

/// `--tolerance SECS` as the verifier wants it: 0 disables the time check.
pub fn tolerance_from_secs(secs: u64) -> Option<Duration> {
    (secs > 0).then(|| Duration::from_secs(secs))
}

/// `t` as an RFC 3339 UTC time, or the raw number when out of chrono's range.
pub fn format_timestamp(t: i64) -> String {
    match chrono::DateTime::from_timestamp(t, 0) {
        Some(dt) => dt.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        None => format!("unix {t}"),
    }
}

/// Header text comes from the network: keep it short in messages.
fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"whsec_test";
    const T: i64 = 1_700_000_000;
    const TOL: Option<Duration> = Some(Duration::from_secs(300));

    // Known-answer vectors computed with openssl live in tests/webhook_tools.rs.

    #[test]
    fn sign_and_verify_round_trip() {
        let body = br#"{"action":"candidate_pass"}"#;
        let h = sign(KEY, T, body);
        assert_eq!(h, format!("t={T},v1={}", compute(KEY, T, body)));
        let ok = verify(Some(&h), body, &[KEY], TOL, T + 10).unwrap();
        assert_eq!((ok.timestamp, ok.key_index, ok.age_secs), (T, 0, 10));
        // Empty and non-UTF-8 bodies are bytes like any other.
        for body in [&b""[..], b"\xff\x00\xfe\n"] {
            assert!(verify(Some(&sign(KEY, T, body)), body, &[KEY], TOL, T).is_ok());
        }
        // Uppercase hex is the same signature.
        let h = format!("t={T},v1={}", compute(KEY, T, body).to_uppercase());
        assert!(verify(Some(&h), body, &[KEY], TOL, T).is_ok());
    }

    #[test]
    fn tampered_body_and_wrong_key_do_not_match() {
        let body = br#"{"action":"candidate_pass"}"#;
        let h = sign(KEY, T, body);
        let err = verify(Some(&h), br#"{"action":"candidate_pass" }"#, &[KEY], TOL, T);
        assert!(matches!(
            err,
            Err(Rejection::NoMatch {
                signatures: 1,
                keys: 1
            })
        ));
        let err = verify(Some(&h), body, &[b"whsec_other"], TOL, T).unwrap_err();
        assert_eq!(err.code(), "no_matching_signature");
        assert_eq!(err.http_status(), 401);
        // The timestamp is covered by the MAC too.
        let h2 = h.replace("t=1700000000", "t=1700000001");
        assert!(verify(Some(&h2), body, &[KEY], TOL, T).is_err());
    }

    #[test]
    fn key_rotation_on_both_sides() {
        let body = b"{}";
        // Sender signs with old and new key; receiver knows only the new one.
        let h = sign_all(&[b"old_key", b"new_key"], T, body);
        assert_eq!(h.matches("v1=").count(), 2);
        let ok = verify(Some(&h), body, &[b"new_key"], TOL, T).unwrap();
        assert_eq!(ok.key_index, 0);
        // Sender signs with one key; receiver accepts two.
        let h = sign(b"new_key", T, body);
        let ok = verify(Some(&h), body, &[b"old_key", b"new_key"], TOL, T).unwrap();
        assert_eq!(ok.key_index, 1);
    }

    #[test]
    fn unknown_schemes_and_blanks_are_ignored() {
        let body = br#"{"action":"candidate_pass"}"#;
        let v1 = compute(KEY, T, body);
        let h = format!(" v0=deadbeef , t={T} ,v1={v1}, v2=zz ");
        assert!(verify(Some(&h), body, &[KEY], TOL, T).is_ok());
        // v1 first, t last.
        let h = format!("v1={v1},t={T}");
        assert!(verify(Some(&h), body, &[KEY], TOL, T).is_ok());
    }

    #[test]
    fn the_mac_covers_t_as_written_and_a_whole_header_line_parses() {
        let body = b"{}";
        // A sender that wrote t with a leading zero signed those very bytes.
        let mut m = Hmac::<Sha256>::new_from_slice(KEY).unwrap();
        m.update(format!("0{T}.").as_bytes());
        m.update(body);
        let v1 = hex::encode(m.finalize().into_bytes());
        let h = format!("t=0{T},v1={v1}");
        assert_eq!(verify(Some(&h), body, &[KEY], TOL, T).unwrap().timestamp, T);
        // ...and the same MAC under t without the zero is not the same signature.
        assert!(verify(Some(&format!("t={T},v1={v1}")), body, &[KEY], TOL, T).is_err());
        let line = format!("{DEFAULT_HEADER}: {}", sign(KEY, T, body));
        assert!(verify(Some(&line), body, &[KEY], TOL, T).is_ok());
        assert!(verify(
            Some(&format!("X-Sig:{}", sign(KEY, T, body))),
            body,
            &[KEY],
            TOL,
            T
        )
        .is_ok());
    }

    #[test]
    fn time_window() {
        let body = b"x";
        let h = sign(KEY, T, body);
        assert!(verify(Some(&h), body, &[KEY], TOL, T + 300).is_ok());
        let err = verify(Some(&h), body, &[KEY], TOL, T + 420).unwrap_err();
        assert_eq!(
            err,
            Rejection::TooOld {
                age_secs: 420,
                tolerance_secs: 300
            }
        );
        assert_eq!(
            err.msg().get("beyond"),
            Some(&crate::msg::Arg::Seconds(120))
        );
        assert!(verify(Some(&h), body, &[KEY], TOL, T - 300).is_ok());
        let err = verify(Some(&h), body, &[KEY], TOL, T - 301).unwrap_err();
        assert_eq!(err.code(), "in_future");
        assert_eq!(err.msg().id, "sig-in-future");
        assert_eq!(err.msg().get("by"), Some(&crate::msg::Arg::Seconds(301)));
        // Tolerance disabled: any age passes.
        assert!(verify(Some(&h), body, &[KEY], None, T + 10_000_000).is_ok());
        assert_eq!(tolerance_from_secs(0), None);
        assert_eq!(tolerance_from_secs(5), Some(Duration::from_secs(5)));
    }

    #[test]
    fn extreme_timestamps_do_not_overflow() {
        let h = sign(KEY, 0, b"");
        assert!(matches!(
            verify(Some(&h), b"", &[KEY], TOL, i64::MAX),
            Err(Rejection::TooOld { .. })
        ));
        let h = sign(KEY, i64::MAX, b"");
        assert!(matches!(
            verify(Some(&h), b"", &[KEY], TOL, i64::MIN),
            Err(Rejection::InFuture { .. })
        ));
        assert!(verify(Some(&h), b"", &[KEY], None, i64::MIN).is_ok());
        assert_eq!(format_timestamp(i64::MAX), format!("unix {}", i64::MAX));
        assert_eq!(format_timestamp(T), "2023-11-14T22:13:20Z");
    }

    #[test]
    fn malformed_headers_say_what_is_wrong() {
        let sig = "a".repeat(64);
        let cases: &[(&str, Malformed)] = &[
            ("", Malformed::Empty),
            ("  ", Malformed::Empty),
            ("t=1é", Malformed::NotText),
            ("garbage", Malformed::NotKeyValue("garbage".into())),
            (&format!("v1={sig}"), Malformed::MissingTimestamp),
            (&format!("t=1,t=2,v1={sig}"), Malformed::DuplicateTimestamp),
            (
                &format!("t=abc,v1={sig}"),
                Malformed::BadTimestamp("abc".into()),
            ),
            (
                &format!("t=-5,v1={sig}"),
                Malformed::BadTimestamp("-5".into()),
            ),
            (
                &format!("t=99999999999999999999,v1={sig}"),
                Malformed::BadTimestamp("99999999999999999999".into()),
            ),
            ("t=1", Malformed::NoSignature),
            ("t=1,v0=abcd", Malformed::NoSignature),
            (
                &format!("t=1,v1={sig},v1=xyz"),
                Malformed::BadSignature {
                    index: 2,
                    value: "xyz".into(),
                },
            ),
            (
                "t=1,v1=abcd",
                Malformed::BadSignature {
                    index: 1,
                    value: "abcd".into(),
                },
            ),
        ];
        for (header, want) in cases {
            let got = verify(Some(header), b"", &[KEY], TOL, 1).unwrap_err();
            assert_eq!(got, Rejection::Malformed(want.clone()), "header {header:?}");
            assert_eq!(got.http_status(), 400);
            assert_eq!(got.msg().id, "sig-malformed");
        }
        let long = format!("t=1,v1={}", "z".repeat(500));
        let msg = verify(Some(&long), b"", &[KEY], TOL, 1)
            .unwrap_err()
            .to_string();
        assert!(msg.len() < 120, "{msg}");
    }

    #[test]
    fn missing_header_and_no_keys() {
        let err = verify(None, b"", &[KEY], TOL, T).unwrap_err();
        assert_eq!(err, Rejection::MissingHeader);
        assert_eq!(err.http_status(), 400);
        let h = sign(KEY, T, b"");
        assert!(matches!(
            verify(Some(&h), b"", &[], TOL, T),
            Err(Rejection::NoMatch { keys: 0, .. })
        ));
    }
}
