//! `recruit webhooks trigger`: deliver one event the way the service does (spec section 6):
//! POST, signed afresh at each attempt, success only on HTTP 200, retries after fixed delays,
//! at most 5 attempts.

use std::time::{Duration, Instant};

use axum::http::HeaderName;
use serde::Serialize;
use serde_json::Value;

use super::samples;
use super::signature;
use crate::error::Error;
use crate::redact::Secret;

/// The service's retry delays in seconds (spec sections 6 and 8).
pub const DEFAULT_RETRY_DELAYS: &str = "10,30,90,270";

/// The service makes at most 5 attempts, the first included.
pub const MAX_ATTEMPTS: usize = 5;

/// Parse `--retry-delays`: comma-separated seconds, decimals allowed; empty = no retries.
pub fn parse_delays(text: &str) -> Result<Vec<f64>, Error> {
    let text = text.trim();
    if text.is_empty() || text == "none" {
        return Ok(Vec::new());
    }
    let delays = text
        .split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<f64>()
                .ok()
                .filter(|s| Duration::try_from_secs_f64(*s).is_ok())
                .ok_or_else(|| {
                    Error::usage(format!(
                        "--retry-delays: '{part}' is not a number of seconds (e.g. 10,30,90,270 or 0.05,0.05)"
                    ))
                })
        })
        .collect::<Result<Vec<f64>, Error>>()?;
    if delays.len() > MAX_ATTEMPTS - 1 {
        return Err(Error::usage(format!(
            "--retry-delays: at most {} delays (the service makes at most {MAX_ATTEMPTS} attempts, the first included); got {}",
            MAX_ATTEMPTS - 1,
            delays.len()
        )));
    }
    Ok(delays)
}

/// The body to send: the sample event of `action`, or the payload file's bytes.
/// A file that is a whole event (it has an `action` key) is sent byte for byte; otherwise its
/// JSON becomes the `payload` of `{"action": ACTION, "payload": ...}`.
pub fn build_body(action: &str, file: Option<(&str, &[u8])>) -> Result<Vec<u8>, Error> {
    let Some((name, bytes)) = file else {
        let event = samples::event(action).ok_or_else(|| {
            Error::usage(format!(
                "no sample event for '{action}': use one of {}, or give the body with --payload FILE",
                samples::action_names()
            ))
        })?;
        return Ok(event.to_string().into_bytes());
    };
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| Error::usage(format!("payload file {name} is not valid JSON: {e}")))?;
    match value.get("action") {
        Some(file_action) => {
            if file_action.as_str() != Some(action) {
                crate::elog!(
                    "warning: {name} is a whole event with action {file_action}, not '{action}'; sending it as it is"
                );
            }
            Ok(bytes.to_vec())
        }
        None => Ok(serde_json::json!({ "action": action, "payload": value })
            .to_string()
            .into_bytes()),
    }
}

pub struct TriggerConfig {
    pub url: url::Url,
    pub body: Vec<u8>,
    /// Every key signs (one `v1` entry each); empty = unsigned.
    pub keys: Vec<Secret>,
    pub header: HeaderName,
    /// Seconds to wait before each retry.
    pub delays: Vec<f64>,
    /// Timeout of one attempt.
    pub timeout: Duration,
    /// Trusted authorities for an https receiver (`--ca-cert`).
    pub net: crate::api::NetSettings,
}

#[derive(Debug, Clone, Serialize)]
pub struct Attempt {
    pub attempt: usize,
    /// HTTP status, when an answer came.
    pub status: Option<u16>,
    /// What went wrong when no answer came (connection refused, timeout).
    pub error: Option<String>,
    /// The signed `t`, when signed.
    pub timestamp: Option<i64>,
    pub duration_ms: u128,
    /// Seconds waited before the next attempt (None after the last).
    pub retry_in_secs: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub url: String,
    pub delivered: bool,
    pub attempts: Vec<Attempt>,
}

impl Outcome {
    /// The last answer, for the final message.
    pub fn last_result(&self) -> String {
        match self.attempts.last() {
            Some(Attempt {
                status: Some(s), ..
            }) => format!("HTTP {s}"),
            Some(Attempt { error: Some(e), .. }) => e.clone(),
            _ => "no attempt".to_string(),
        }
    }
}

/// Deliver `cfg.body`, printing each attempt on stderr.
pub async fn deliver(cfg: &TriggerConfig) -> Result<Outcome, Error> {
    // A local receiver is never reached through a proxy from the environment.
    let env_proxy = !crate::api::http::is_loopback(&cfg.url);
    let builder = cfg
        .net
        .client_builder(env_proxy)
        .timeout(cfg.timeout)
        // The service and the sandbox count a redirect as a failed delivery; following it
        // would turn the POST into a GET that may answer 200 and report "delivered".
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!(
            "recruit/",
            env!("CARGO_PKG_VERSION"),
            " (webhooks trigger)"
        ));
    let client = builder
        .build()
        .map_err(|e| Error::other(format!("cannot build the HTTP client: {e}")))?;
    let total = cfg.delays.len() + 1;
    let keys: Vec<&[u8]> = cfg.keys.iter().map(|k| k.expose().as_bytes()).collect();
    let mut attempts = Vec::with_capacity(total);
    let mut delivered = false;
    for n in 1..=total {
        let mut req = client
            .post(cfg.url.clone())
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(cfg.body.clone());
        let mut timestamp = None;
        if !keys.is_empty() {
            // A fresh `t` each attempt, as the service does: a retry is a new signature.
            let t = signature::now_unix();
            timestamp = Some(t);
            req = req.header(cfg.header.clone(), signature::sign_all(&keys, t, &cfg.body));
        }
        let started = Instant::now();
        let mut answer = String::new();
        let (status, error) = match req.send().await {
            Ok(mut resp) => {
                let code = resp.status().as_u16();
                if code != 200 {
                    // What the receiver said about it (first 200 bytes), to see why.
                    let mut body = Vec::new();
                    while let Ok(Some(chunk)) = resp.chunk().await {
                        body.extend_from_slice(&chunk);
                        if body.len() >= 200 {
                            break;
                        }
                    }
                    body.truncate(200);
                    answer = crate::output::text::one_line(&String::from_utf8_lossy(&body), 200);
                }
                (Some(code), None)
            }
            Err(e) => {
                let why = crate::api::tls::describe_tls_error(&e, &cfg.url)
                    .unwrap_or_else(|| super::error_chain(&e));
                (None, Some(crate::redact::scrub(&why)))
            }
        };
        let duration_ms = started.elapsed().as_millis();
        delivered = status == Some(200);
        let retry_in_secs = (!delivered)
            .then(|| cfg.delays.get(n - 1).copied())
            .flatten();
        let what = match (status, &error) {
            (Some(s), _) => format!("HTTP {s}"),
            (None, Some(e)) => e.clone(),
            (None, None) => "no answer".to_string(),
        };
        let next = if delivered {
            "delivered".to_string()
        } else if let Some(d) = retry_in_secs {
            format!("retrying in {d}s")
        } else if status.is_some_and(|s| (200..300).contains(&s)) {
            "only 200 counts as delivered; no retries left".to_string()
        } else {
            "no retries left".to_string()
        };
        crate::elog!("attempt {n}/{total}: {what} ({next})");
        if !answer.is_empty() {
            crate::elog!(
                "  the receiver answered: {}",
                crate::output::text::safe_line(&answer)
            );
        }
        attempts.push(Attempt {
            attempt: n,
            status,
            error,
            timestamp,
            duration_ms,
            retry_in_secs,
        });
        match retry_in_secs {
            Some(d) => tokio::time::sleep(Duration::from_secs_f64(d)).await,
            None => break,
        }
    }
    Ok(Outcome {
        url: cfg.url.to_string(),
        delivered,
        attempts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_parse_and_bound_the_attempts() {
        assert_eq!(
            parse_delays("10,30,90,270").unwrap(),
            vec![10.0, 30.0, 90.0, 270.0]
        );
        assert_eq!(parse_delays(" 0.05, 0.05 ").unwrap(), vec![0.05, 0.05]);
        assert!(parse_delays("").unwrap().is_empty());
        assert!(parse_delays("1,2,3,4,5").is_err());
        for bad in ["-1", "x", "nan", "inf", "1,,2", "1e300"] {
            let err = parse_delays(bad).unwrap_err();
            assert_eq!(err.kind, crate::ExitKind::Usage, "{bad}");
        }
    }

    #[test]
    fn bodies_from_samples_and_files() {
        let body = build_body("candidate_pass", None).unwrap();
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["action"], "candidate_pass");
        let err = build_body("candidate_hired", None).unwrap_err();
        assert!(err.message.contains("form_submitted"), "{}", err.message);

        // A whole event is sent byte for byte (spacing kept).
        let raw = b"{ \"action\" : \"custom\", \"payload\": {} }\n";
        assert_eq!(
            build_body("custom", Some(("f", raw))).unwrap(),
            raw.to_vec()
        );
        // A bare payload is wrapped, under the given action (unknown names pass through).
        let body = build_body("candidate_hired", Some(("f", br#"{"x":1}"#))).unwrap();
        assert_eq!(
            body,
            br#"{"action":"candidate_hired","payload":{"x":1}}"#.to_vec()
        );
        let err = build_body("candidate_pass", Some(("f.json", b"{\n  \"a\": 1,\n}"))).unwrap_err();
        assert_eq!(err.kind, crate::ExitKind::Usage);
        assert!(err.message.contains("line 3 column 1"), "{}", err.message);
    }

    #[test]
    fn loopback_detection() {
        let u = |s: &str| url::Url::parse(s).unwrap();
        assert!(crate::api::http::is_loopback(&u("http://127.0.0.1:9/x")));
        assert!(crate::api::http::is_loopback(&u("http://localhost/x")));
        assert!(crate::api::http::is_loopback(&u("http://[::1]/x")));
        assert!(!crate::api::http::is_loopback(&u("https://example.com/x")));
    }
}
