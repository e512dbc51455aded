//! One POST of an event to an app, as the listener forwards, the relay re-sends from its store
//! and `events replay` sends again: the raw bytes, their Content-Type, a signature, and the
//! headers an app uses to deduplicate (`X-Recruit-Dedup-Key`, `X-Recruit-Event-Id`). The
//! outcome says whether trying again can help.

use reqwest::header::{HeaderName, HeaderValue, CONTENT_TYPE};
use sha2::{Digest, Sha256};

use crate::redact::Secret;

pub const EVENT_ID: &str = "x-recruit-event-id";
pub const DEDUP_KEY: &str = "x-recruit-dedup-key";
pub const ORIGINAL_SIGNATURE: &str = "x-recruit-original-signature";

/// How much of a refusing app's answer is kept in `last_error`.
const BODY_EXCERPT: usize = 500;

/// How a forward is signed.
#[derive(Debug, Clone, Copy)]
pub enum Signing<'a> {
    /// The signature header as it came with the event (name, value), if any.
    AsReceived(Option<(&'a str, &'a str)>),
    /// Signed now with these keys (one `v1` entry per key) in `header`; the received value is
    /// passed on as `X-Recruit-Original-Signature`.
    Fresh {
        header: &'a HeaderName,
        keys: &'a [Secret],
        original: Option<&'a str>,
    },
}

/// One event to send.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub payload: &'a [u8],
    pub content_type: Option<&'a str>,
    pub signing: Signing<'a>,
    /// The stored event's id (a relay or replay), for `X-Recruit-Event-Id`.
    pub event_id: Option<i64>,
}

/// What the app made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// 2xx.
    Accepted(u16),
    /// Any other status, with the start of the answer's body.
    Refused { status: u16, body: String },
    /// No answer: connection refused, timeout, TLS...
    Failed(String),
}

impl Outcome {
    pub fn accepted(&self) -> bool {
        matches!(self, Outcome::Accepted(_))
    }

    /// A 4xx other than 408 (timeout) and 429 (slow down): the app refuses this event as it
    /// is, and sending it again unchanged will not help.
    pub fn permanent(&self) -> bool {
        matches!(self, Outcome::Refused { status, .. }
            if (400..500).contains(status) && !matches!(status, 408 | 429))
    }

    /// `HTTP 200`, `HTTP 400: {"error":...}`, or the connection error.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Accepted(s) => format!("HTTP {s}"),
            Outcome::Refused { status, body } if body.is_empty() => format!("HTTP {status}"),
            Outcome::Refused { status, body } => format!("HTTP {status}: {body}"),
            Outcome::Failed(e) => e.clone(),
        }
    }
}

/// `sha256:<hex>` of the raw body: equal for the service's retries of one event.
pub fn dedup_key(payload: &[u8]) -> String {
    format!("sha256:{}", hex::encode(Sha256::digest(payload)))
}

/// Send `req` to `url`.
pub async fn post(client: &reqwest::Client, url: &str, req: Request<'_>) -> Outcome {
    let content_type = req
        .content_type
        .and_then(|c| HeaderValue::from_str(c).ok())
        .unwrap_or_else(|| HeaderValue::from_static("application/json"));
    let mut builder = client
        .post(url)
        .header(CONTENT_TYPE, content_type)
        .header(DEDUP_KEY, dedup_key(req.payload))
        .body(req.payload.to_vec());
    if let Some(id) = req.event_id {
        builder = builder.header(EVENT_ID, id);
    }
    match req.signing {
        Signing::AsReceived(Some((name, value))) => {
            if let (Ok(n), Ok(v)) = (
                HeaderName::from_bytes(name.as_bytes()),
                HeaderValue::from_str(value),
            ) {
                builder = builder.header(n, v);
            }
        }
        Signing::AsReceived(None) => {}
        Signing::Fresh {
            header,
            keys,
            original,
        } => {
            let keys: Vec<&[u8]> = keys.iter().map(|k| k.expose().as_bytes()).collect();
            let value =
                super::signature::sign_all(&keys, super::signature::now_unix(), req.payload);
            builder = builder.header(header.clone(), value);
            if let Some(v) = original.and_then(|o| HeaderValue::from_str(o).ok()) {
                builder = builder.header(ORIGINAL_SIGNATURE, v);
            }
        }
    }
    let resp = match builder.send().await {
        Ok(r) => r,
        Err(e) => return Outcome::Failed(crate::redact::scrub(&super::error_chain(&e))),
    };
    let status = resp.status().as_u16();
    if (200..300).contains(&status) {
        return Outcome::Accepted(status);
    }
    Outcome::Refused {
        status,
        body: excerpt(resp).await,
    }
}

/// The start of a refusal's body, on one line, for `last_error` and the log.
async fn excerpt(mut resp: reqwest::Response) -> String {
    let mut bytes = Vec::new();
    while bytes.len() < BODY_EXCERPT {
        match resp.chunk().await {
            Ok(Some(c)) => bytes.extend_from_slice(&c),
            _ => break,
        }
    }
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(BODY_EXCERPT)]).into_owned();
    crate::output::text::one_line(text.trim(), 300)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_refusals_are_permanent() {
        let refused = |status| Outcome::Refused {
            status,
            body: String::new(),
        };
        for s in [400, 401, 403, 404, 410, 413, 422] {
            assert!(refused(s).permanent(), "{s}");
        }
        for s in [408, 429, 500, 502, 503] {
            assert!(!refused(s).permanent(), "{s}");
        }
        assert!(!Outcome::Failed("connection refused".into()).permanent());
        assert!(!Outcome::Accepted(204).permanent());
        assert_eq!(
            Outcome::Refused {
                status: 400,
                body: r#"{"error":"bad"}"#.into()
            }
            .describe(),
            r#"HTTP 400: {"error":"bad"}"#
        );
    }

    #[test]
    fn the_dedup_key_is_the_bodys_sha256() {
        assert_eq!(
            dedup_key(b""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
