//! `recruit webhooks trigger`: deliver one event the way the service does (spec section 6):
//! POST, signed afresh at each attempt, success only on HTTP 200, retries after fixed delays,
//! at most 5 attempts.

use std::time::{Duration, Instant};

use axum::http::HeaderName;
use serde::Serialize;
use serde_json::Value;

use super::delivery;
use super::samples;
use super::signature;
use crate::error::Error;
use crate::redact::Secret;

/// The service's retry delays in seconds (spec sections 6 and 8), as `--retry-delays` writes
/// them; clap wants a `&'static str`, so the text is made once from the client's constant.
pub(crate) static DEFAULT_RETRY_DELAYS: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(super::delivery::service_retry_delays_text);

/// The service makes at most 5 attempts, the first included.
pub(crate) const MAX_ATTEMPTS: usize = super::delivery::SERVICE_MAX_ATTEMPTS;

/// Parse `--retry-delays`: comma-separated seconds, decimals allowed; empty = no retries.
pub(crate) fn parse_delays(text: &str) -> Result<Vec<f64>, Error> {
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
                    Error::usage(crate::msg!("trigger-bad-delay", part = part.to_string()))
                })
        })
        .collect::<Result<Vec<f64>, Error>>()?;
    if delays.len() > MAX_ATTEMPTS - 1 {
        return Err(Error::usage(crate::msg!(
            "trigger-too-many-delays",
            most = MAX_ATTEMPTS - 1,
            attempts = MAX_ATTEMPTS,
            got = delays.len()
        )));
    }
    Ok(delays)
}

/// The body to send: the sample event of `action`, or the payload file's bytes.
/// A file that is a whole event (it has an `action` key) is sent byte for byte, with a warning
/// for the user when its action is another; otherwise its JSON becomes the `payload` of
/// `{"action": ACTION, "payload": ...}`.
pub(crate) fn build_body(
    action: &str,
    file: Option<(&str, &[u8])>,
) -> Result<(Vec<u8>, Option<String>), Error> {
    let Some((name, bytes)) = file else {
        let event = samples::event(action).ok_or_else(|| {
            Error::usage(crate::msg!(
                "trigger-no-sample",
                action = action.to_string(),
                names = crate::api::webhooks::event_names().to_string()
            ))
        })?;
        return Ok((event.to_string().into_bytes(), None));
    };
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        Error::caused(
            crate::ExitKind::Usage,
            crate::msg!("trigger-payload-not-json", name = name),
            e,
        )
    })?;
    match value.get("action") {
        Some(file_action) => {
            let warning = (file_action.as_str() != Some(action)).then(|| {
                format!(
                    "{name} is a whole event with action {file_action}, not '{action}'; sending it as it is"
                )
            });
            Ok((bytes.to_vec(), warning))
        }
        None => {
            let event = serde_json::json!({ "action": action, "payload": value });
            Ok((event.to_string().into_bytes(), None))
        }
    }
}

pub(crate) struct TriggerConfig {
    pub url: url::Url,
    /// A chat tool's address: any 2xx is delivered (as for the relay's chat forwards), and a
    /// 429's Retry-After is waited out.
    pub chat: bool,
    /// Headers the receiver wants besides Content-Type (JANDI's Accept).
    pub headers: &'static [(&'static str, &'static str)],
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
pub(crate) struct Attempt {
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
pub(crate) struct Outcome {
    pub url: String,
    pub delivered: bool,
    pub attempts: Vec<Attempt>,
}

impl Outcome {
    /// The last answer, for the final message.
    pub(crate) fn last_result(&self) -> String {
        match self.attempts.last() {
            Some(Attempt {
                status: Some(s), ..
            }) => format!("HTTP {s}"),
            Some(Attempt { error: Some(e), .. }) => e.clone(),
            _ => crate::t!("trigger-no-attempt"),
        }
    }
}

/// Deliver `cfg.body` by the service's rules, telling `report` a line about each attempt
/// (the command prints them on stderr).
pub(crate) async fn deliver(
    cfg: &TriggerConfig,
    report: &mut dyn FnMut(String),
) -> Result<Outcome, Error> {
    // A local receiver is never reached through a proxy from the environment.
    let env_proxy = !crate::api::http::is_loopback(&cfg.url);
    let agent = delivery::user_agent("webhooks trigger");
    let client = delivery::client(&cfg.net, env_proxy, cfg.timeout, agent)?;
    let delays: Vec<Duration> = cfg
        .delays
        .iter()
        .map(|d| Duration::from_secs_f64(*d))
        .collect();
    let total = delays.len() + 1;
    let policy = if cfg.chat {
        delivery::Policy {
            success: delivery::Success::Any2xx,
            retries: delivery::Retries::Fixed(delays),
            refusals: None,
        }
    } else {
        delivery::Policy::service(delays)
    };
    let url = cfg.url.to_string();
    let attempts = std::sync::Mutex::new(Vec::with_capacity(total));
    let started = std::sync::Mutex::new((Instant::now(), None::<i64>));
    let clock = crate::clock::system();
    let verdict = delivery::run(
        &policy,
        0,
        || Duration::ZERO,
        |_| {
            // A fresh `t` each attempt, as the service does: a retry is a new signature.
            let t = signature::now_unix(clock.as_ref());
            *started.lock().unwrap_or_else(|e| e.into_inner()) =
                (Instant::now(), (!cfg.keys.is_empty()).then_some(t));
            delivery::post_with(
                &client,
                &url,
                delivery::Request {
                    payload: &cfg.body,
                    content_type: Some("application/json"),
                    signing: if cfg.keys.is_empty() {
                        delivery::Signing::AsReceived(None)
                    } else {
                        delivery::Signing::Fresh {
                            header: &cfg.header,
                            keys: &cfg.keys,
                            original: None,
                            at: t,
                        }
                    },
                    event_id: None,
                    dedup_key: false,
                },
                cfg.headers,
            )
        },
        |a| {
            let (at, timestamp) = *started.lock().unwrap_or_else(|e| e.into_inner());
            let (status, error, answer) = match a.outcome {
                delivery::Outcome::Accepted(s) => (Some(*s), None, ""),
                delivery::Outcome::Refused { status, body, .. } => {
                    (Some(*status), None, body.as_str())
                }
                delivery::Outcome::Failed(e) => (None, Some(e.clone()), ""),
            };
            let retry_in_secs = match &a.next {
                delivery::Next::RetryIn(d) => Some(d.as_secs_f64()),
                _ => None,
            };
            let next = match &a.next {
                delivery::Next::Done => crate::t!("trigger-next-delivered"),
                delivery::Next::RetryIn(d) => {
                    crate::t!("trigger-retrying-in", secs = d.as_secs_f64().to_string())
                }
                delivery::Next::GiveUp(why) => why.said(),
            };
            let what = match (status, &error) {
                (Some(s), _) => format!("HTTP {s}"),
                (None, Some(e)) => e.clone(),
                (None, None) => crate::t!("trigger-no-answer"),
            };
            report(crate::t!(
                "trigger-attempt",
                n = a.n.to_string(),
                total = total.to_string(),
                what = what,
                next = next
            ));
            if !answer.is_empty() {
                let answer = crate::output::text::safe_line(answer).to_string();
                report(format!(
                    "  {}",
                    crate::t!("trigger-receiver-answered", answer = answer)
                ));
            }
            attempts
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(Attempt {
                    attempt: a.n,
                    status,
                    error,
                    timestamp,
                    duration_ms: at.elapsed().as_millis(),
                    retry_in_secs,
                });
            async { true }
        },
        std::future::pending(),
    )
    .await;
    Ok(Outcome {
        url,
        delivered: verdict == delivery::Verdict::Delivered,
        attempts: attempts.into_inner().unwrap_or_else(|e| e.into_inner()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_parse_and_bound_the_attempts() {
        assert_eq!(
            parse_delays(&DEFAULT_RETRY_DELAYS).unwrap(),
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
        crate::i18n::install(); // the errors' words are read
        let (body, _) = build_body("candidate_pass", None).unwrap();
        let v: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["action"], "candidate_pass");
        let err = build_body("candidate_hired", None).unwrap_err();
        assert!(err.message.contains("form_submitted"), "{}", err.message);

        // A whole event is sent byte for byte (spacing kept).
        let raw = b"{ \"action\" : \"custom\", \"payload\": {} }\n";
        assert_eq!(
            build_body("custom", Some(("f", raw))).unwrap(),
            (raw.to_vec(), None)
        );
        let (_, warning) = build_body("other", Some(("f", raw))).unwrap();
        assert!(
            warning.is_some_and(|w| w.contains("with action \"custom\", not 'other'")),
            "the caller is told"
        );
        // A bare payload is wrapped, under the given action (unknown names pass through).
        let (body, _) = build_body("candidate_hired", Some(("f", br#"{"x":1}"#))).unwrap();
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
