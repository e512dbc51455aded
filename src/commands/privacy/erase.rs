//! What an erasure did, for people and for `-o json` ([`crate::ops::privacy::erase::Done`]).

use std::path::PathBuf;

use serde_json::{json, Value};

pub(crate) use crate::ops::privacy::erase::*;

impl<T> Erased<T> {
    /// `-o json`: the store's object (`erased` adds what it did there); null where not asked.
    fn to_json(&self, store: &str, erased: impl FnOnce(&T) -> Value) -> Value {
        let (status, more) = match &self.outcome {
            None if self.shown.is_empty() => return Value::Null,
            None => ("absent", json!({})),
            Some(Ok(t)) => ("erased", erased(t)),
            Some(Err(e)) => ("failed", json!({"error": e.message})),
        };
        let mut object = json!({"store": store, "location": self.shown, "status": status});
        if let (Some(o), Value::Object(more)) = (object.as_object_mut(), more) {
            o.extend(more);
        }
        object
    }

    /// The store's line in the summary: what `erased` says of it, absent, or failed; none
    /// where it was not asked.
    fn line(
        &self,
        absent: impl FnOnce(String) -> String,
        erased: impl FnOnce(&T, String) -> String,
    ) -> Option<String> {
        let location = self.shown.clone();
        match &self.outcome {
            None if self.shown.is_empty() => None,
            None => Some(absent(location)),
            Some(Ok(done)) => Some(erased(done, location)),
            Some(Err(e)) => Some(crate::t!(
                "privacy-store-failed",
                location = location,
                error = e.message.clone()
            )),
        }
    }
}

/// `-o json`: per store and per candidate.
pub(crate) fn to_json(done: &Done, codes: &[String]) -> Value {
    let mirror = done.mirror.to_json("mirror", |p| {
        json!({
            "candidates": p.codes,
            "memos_deleted": p.memos,
            "submissions_deleted": p.submissions,
        })
    });
    let relay = done.relay.to_json(
        "relay",
        |r| json!({"candidates": r.codes, "events": r.events}),
    );
    let exports: Vec<Value> = done
        .exports
        .iter()
        .map(|e| {
            let (status, withheld, written, error) = match &e.withheld {
                None => ("finished", Vec::new(), Vec::new(), Value::Null),
                Some(Ok(None)) => ("damaged journal", Vec::new(), Vec::new(), Value::Null),
                Some(Ok(Some(w))) => (
                    "withheld",
                    w.withheld.clone(),
                    w.written.clone(),
                    Value::Null,
                ),
                Some(Err(x)) => ("failed", Vec::new(), Vec::new(), json!(x.message)),
            };
            json!({
                "store": "export",
                "output": e.output,
                "journal": e.journal,
                "status": status,
                "withheld": withheld,
                "already_written": written,
                "files_not_touched": e.files,
                "holds": match &e.holds {
                    Holds::Named(_) => "named",
                    Holds::NotNamed => "not_named",
                    Holds::Unknown => "unknown",
                },
                "named_by": match &e.holds {
                    Holds::Named(seqs) => json!(seqs),
                    _ => Value::Null,
                },
                "error": error,
            })
        })
        .collect();
    let mut stores: Vec<Value> = [mirror, relay]
        .into_iter()
        .filter(|v| !v.is_null())
        .collect();
    stores.extend(exports);
    let candidates: Vec<Value> = codes
        .iter()
        .map(|c| match done.rows.iter().find(|r| &r.candidate == c) {
            Some(r) => json!({
                "candidate": c,
                "found": true,
                "stage": r.stage,
                "fields": r.fields,
                "stores": r.stores,
            }),
            None => {
                json!({"candidate": c, "found": false, "stage": null, "fields": [], "stores": []})
            }
        })
        .collect();
    let files: Vec<&PathBuf> = done.exports.iter().flat_map(|e| &e.files).collect();
    json!({
        "erased": done.rows.len(),
        "candidates": candidates,
        "not_found": done.not_found,
        "stores": stores,
        "files_not_touched": files,
        "audit_log_off": done.log_off,
    })
}

/// For people, a line each: every store, the candidates found nowhere, the files not touched.
pub(crate) fn summary(done: &Done) -> Vec<String> {
    let mut lines = Vec::new();
    lines.extend(done.mirror.line(
        |location| crate::t!("privacy-mirror-absent", location = location),
        |p, location| {
            crate::t!(
                "privacy-mirror-erased",
                location = location,
                count = p.codes.len(),
                memos = p.memos,
                submissions = p.submissions
            )
        },
    ));
    lines.extend(done.relay.line(
        |location| crate::t!("privacy-relay-absent", location = location),
        |r, location| {
            crate::t!(
                "privacy-relay-erased",
                location = location,
                count = r.codes.len(),
                events = r.events
            )
        },
    ));
    for e in &done.exports {
        let Some(j) = &e.journal else { continue };
        let journal = j.display().to_string();
        lines.push(match &e.withheld {
            Some(Ok(Some(w))) => crate::t!(
                "privacy-journal-withheld",
                journal = journal,
                withheld = w.withheld.len(),
                written = w.written.len()
            ),
            Some(Err(x)) => crate::t!(
                "privacy-store-failed",
                location = journal,
                error = x.message.clone()
            ),
            _ => crate::t!("privacy-journal-damaged", journal = journal),
        });
    }
    if !done.not_found.is_empty() {
        lines.push(crate::t!(
            "privacy-not-found",
            count = done.not_found.len(),
            codes = done.not_found.join(", ")
        ));
    }
    if done.log_off && done.exports.iter().any(|e| !e.files.is_empty()) {
        lines.push(crate::t!("privacy-files-log-off"));
    }
    for e in &done.exports {
        for f in &e.files {
            let file = f.display().to_string();
            lines.push(match &e.holds {
                Holds::Named(seqs) => crate::t!(
                    "privacy-file-named",
                    file = file,
                    seqs = seqs
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => crate::t!("privacy-file-not-touched", file = file),
            });
        }
    }
    lines
}
