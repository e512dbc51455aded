//! `GET /metrics` of `webhooks listen --metrics-addr`: the Prometheus text exposition format
//! (version 0.0.4), written by hand: a dozen lines do not earn a metrics crate.

use std::fmt::Write as _;
use std::sync::atomic::Ordering;

use super::shared::Stats;
use super::store::TargetCount;

pub(crate) const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The label for events that have no forward target yet.
pub(crate) const NO_TARGET: &str = "none";

/// The exposition: counters from `stats`, and per target the pending events and the age of
/// the oldest (`pending` is None when the store could not be read: the gauges are left out
/// and `recruit_relay_store_readable` says 0). Every target in `targets` gets its gauges,
/// 0 when nothing is pending for it.
pub(crate) fn exposition(
    stats: &Stats,
    pending: Option<&[TargetCount]>,
    targets: &[String],
    now: f64,
) -> String {
    let mut out = String::new();
    let counters: [(&str, &str, &std::sync::atomic::AtomicU64); 7] = [
        (
            "recruit_relay_events_received_total",
            "Requests received on the listener's port.",
            &stats.received,
        ),
        (
            "recruit_relay_events_rejected_total",
            "Requests refused (bad or missing signature, not a POST, body too large).",
            &stats.rejected,
        ),
        (
            "recruit_relay_events_stored_total",
            "Events committed to the store and answered 200.",
            &stats.stored,
        ),
        (
            "recruit_relay_events_store_failed_total",
            "Events the store could not commit, answered 503 so the service retries.",
            &stats.store_failed,
        ),
        (
            "recruit_relay_events_forwarded_total",
            "Forwards the target app answered with 2xx.",
            &stats.forwarded,
        ),
        (
            "recruit_relay_events_failed_total",
            "Events given up for good (refused by the app, or older than --max-age).",
            &stats.failed,
        ),
        (
            "recruit_relay_forward_attempts_failed_total",
            "Forward attempts that failed and will be retried or were given up.",
            &stats.forward_failed,
        ),
    ];
    for (name, help, value) in counters {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter");
        let _ = writeln!(out, "{name} {}", value.load(Ordering::Relaxed));
    }
    let _ = writeln!(
        out,
        "# HELP recruit_relay_synthesized_total Events made by --reconcile from stage changes no received event covered.\n# TYPE recruit_relay_synthesized_total counter\nrecruit_relay_synthesized_total {}",
        stats.synthesized.load(Ordering::Relaxed)
    );
    let _ = writeln!(
        out,
        "# HELP recruit_relay_store_readable Whether the event store could be read for this scrape.\n# TYPE recruit_relay_store_readable gauge\nrecruit_relay_store_readable {}",
        u8::from(pending.is_some())
    );
    let Some(pending) = pending else {
        return out;
    };
    // The store knows a target by its stored form (a secret address by its name).
    let mut rows: Vec<(String, u64, f64)> = targets
        .iter()
        .map(|t| (crate::redact::stored_target(t), 0, 0.0))
        .collect();
    for c in pending {
        let target = c.target.clone().unwrap_or_else(|| NO_TARGET.to_string());
        let age = (now - c.oldest_unix).max(0.0);
        match rows.iter_mut().find(|(t, _, _)| *t == target) {
            Some(row) => {
                row.1 += c.count;
                row.2 = row.2.max(age);
            }
            None => rows.push((target, c.count, age)),
        }
    }
    per_target(
        &mut out,
        "recruit_relay_events_pending",
        "Events stored and not yet delivered, per target app.",
        rows.iter().map(|(t, count, _)| (t, count.to_string())),
    );
    per_target(
        &mut out,
        "recruit_relay_oldest_pending_age_seconds",
        "Age of the oldest pending event, per target app (0 when none).",
        rows.iter().map(|(t, _, age)| (t, format!("{age:.3}"))),
    );
    out
}

/// Whether this listener forwards each target now (on a shared store, the lanes it holds the
/// lease of; on a file, all), labelled with its name in the leases.
pub(crate) fn lanes_held(out: &mut String, holder: &str, targets: &[String], held: &[String]) {
    let _ = writeln!(
        out,
        "# HELP recruit_relay_lane_held Whether this listener forwards the target's events now.\n# TYPE recruit_relay_lane_held gauge"
    );
    for t in targets {
        let _ = writeln!(
            out,
            "recruit_relay_lane_held{{target=\"{}\",listener=\"{}\"}} {}",
            label(&crate::redact::target_name(t)),
            label(holder),
            u8::from(held.contains(&crate::redact::stored_target(t)))
        );
    }
}

/// A gauge with one sample per target app: its HELP and TYPE lines, then the samples.
fn per_target<'a>(
    out: &mut String,
    name: &str,
    help: &str,
    samples: impl Iterator<Item = (&'a String, String)>,
) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
    for (target, value) in samples {
        // A target's address may be a secret: its label is the target's one shown name.
        let target = if target == NO_TARGET {
            target.clone()
        } else {
            crate::redact::target_name(target)
        };
        let _ = writeln!(out, "{name}{{target=\"{}\"}} {value}", label(&target));
    }
}

/// A label value escaped as the format requires: backslash, double quote, newline.
fn label(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::store::Status;

    #[test]
    fn pending_gauges_per_target_with_escaped_labels() {
        let stats = Stats::counted(5, 0, 0, 0);
        let now = chrono::Utc::now().timestamp_millis() as f64 / 1000.0;
        let pending = [
            TargetCount {
                target: Some("http://a/\"x\"".into()),
                status: Status::Pending,
                count: 3,
                oldest_unix: now - 60.0,
            },
            TargetCount {
                target: None,
                status: Status::Pending,
                count: 1,
                oldest_unix: now,
            },
        ];
        let text = exposition(&stats, Some(&pending), &["http://b/".into()], now);
        assert!(
            text.contains("recruit_relay_events_received_total 5\n"),
            "{text}"
        );
        let (a, b) = (
            crate::redact::target_name("http://a/\"x\""),
            crate::redact::target_name("http://b/"),
        );
        assert!(
            text.contains(&format!(
                "recruit_relay_events_pending{{target=\"{b}\"}} 0\n"
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "recruit_relay_events_pending{{target=\"{a}\"}} 3\n"
            )),
            "{text}"
        );
        assert!(!text.contains("\"x\""), "no path in a label: {text}");
        assert!(
            text.contains("recruit_relay_events_pending{target=\"none\"} 1\n"),
            "{text}"
        );
        let age_line = text
            .lines()
            .find(|l| {
                l.starts_with(&format!(
                    "recruit_relay_oldest_pending_age_seconds{{target=\"{a}\""
                ))
            })
            .unwrap();
        let age: f64 = age_line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!((59.0..70.0).contains(&age), "{age_line}");
        // Unreadable store: counters, no gauges.
        let text = exposition(&stats, None, &["http://b/".into()], 0.0);
        assert!(text.contains("recruit_relay_store_readable 0"));
        assert!(!text.contains("recruit_relay_events_pending{"));
    }
}
