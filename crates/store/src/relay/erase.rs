//! Erasure in the event store: the personal values of some candidates leave every stored
//! payload, and no readable copy of them stays in the file, its free pages or its WAL. The
//! events themselves stay (their ids, actions, times and states are the relay's record).

use std::collections::{HashMap, HashSet};

use rusqlite::{params, TransactionBehavior};
use serde_json::Value;

use super::EventStore;
use crate::error::Error;

/// What an erasure changed in the event store.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ErasedEvents {
    /// Events whose payload held a personal value of these candidates (now null).
    pub events: u64,
    /// The codes asked for that some stored event names, in the order asked.
    pub codes: Vec<String>,
}

/// The personal fields of a candidate (the one list).
fn personal() -> impl Iterator<Item = &'static str> {
    recruit_core::personal::of(recruit_core::personal::Record::Candidate)
}

/// The erased candidate `v` holds, when it is an object naming one of `codes` by `code` or
/// `candidate_code` (payloads are undocumented: a candidate may hang under any key, as
/// `candidate`, `applicant` or an item of a list).
fn erased_candidate<'a>(v: &'a Value, codes: &HashSet<&str>) -> Option<&'a str> {
    let m = v.as_object()?;
    ["code", "candidate_code"]
        .iter()
        .filter_map(|k| m.get(*k)?.as_str())
        .find(|c| codes.contains(c))
}

/// Null, in `v`, the personal fields of every object that holds the code of one of `codes`
/// (at any depth, under any key) and of every object inside it, and then any other string of
/// the event equal to one of their values (an answer or a text that repeats the e-mail or
/// the phone number). The codes named, and whether anything changed.
pub(crate) fn scrub_event(v: &mut Value, codes: &HashSet<&str>) -> (Vec<String>, bool) {
    let mut named = Vec::new();
    let mut values = HashSet::new();
    /// `inside`: `v` is (inside) an object of an erased candidate.
    fn walk(
        inside: bool,
        v: &mut Value,
        codes: &HashSet<&str>,
        named: &mut Vec<String>,
        values: &mut HashSet<String>,
    ) {
        let mut inside = inside;
        if let Some(code) = erased_candidate(v, codes) {
            named.push(code.to_string());
            inside = true;
        }
        match v {
            Value::Object(m) => {
                if inside {
                    for f in personal() {
                        if let Some(x) = m.get_mut(f) {
                            if let Value::String(s) = x {
                                if !s.is_empty() {
                                    values.insert(std::mem::take(s));
                                }
                            }
                            *x = Value::Null;
                        }
                    }
                }
                for x in m.values_mut() {
                    walk(inside, x, codes, named, values);
                }
            }
            Value::Array(a) => {
                for x in a {
                    walk(inside, x, codes, named, values);
                }
            }
            _ => {}
        }
    }
    let before = v.clone();
    walk(false, v, codes, &mut named, &mut values);
    if !values.is_empty() {
        null_strings(v, &values);
    }
    (named, *v != before)
}

/// Every string of `v` that is one of `values` becomes null.
fn null_strings(v: &mut Value, values: &HashSet<String>) {
    match v {
        Value::String(s) if values.contains(s.as_str()) => *v = Value::Null,
        Value::Object(m) => m.values_mut().for_each(|x| null_strings(x, values)),
        Value::Array(a) => a.iter_mut().for_each(|x| null_strings(x, values)),
        _ => {}
    }
}

impl EventStore {
    /// Remove the personal data of the candidates `codes` from every stored event that names
    /// them: in its payload, their personal fields (the one list) become null, and so does
    /// any other value of the payload equal to one of theirs; the event keeps its id,
    /// action, times, state, attempts and target. Then no readable copy stays: the
    /// connection deletes securely (old cells overwritten), VACUUM rebuilds the file (free
    /// pages and copies written before secure_delete was on), and the WAL is checkpointed
    /// and truncated. A payload that is not JSON is left as it is.
    pub fn erase(&self, codes: &[String]) -> Result<ErasedEvents, Error> {
        let wanted: HashSet<&str> = codes.iter().map(String::as_str).collect();
        let mut out = ErasedEvents::default();
        if wanted.is_empty() {
            return Ok(out);
        }
        let mut found = HashSet::new();
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let mut changed: HashMap<i64, Vec<u8>> = HashMap::new();
            {
                let mut stmt = tx.prepare("SELECT id, payload FROM events ORDER BY id")?;
                let mut rows = stmt.query([])?;
                while let Some(r) = rows.next()? {
                    let payload: Vec<u8> = r.get(1)?;
                    let Ok(mut v) = serde_json::from_slice::<Value>(&payload) else {
                        continue;
                    };
                    let (named, differs) = scrub_event(&mut v, &wanted);
                    found.extend(named);
                    if differs {
                        changed.insert(r.get(0)?, v.to_string().into_bytes());
                    }
                }
            }
            {
                let mut update = tx.prepare("UPDATE events SET payload = ?2 WHERE id = ?1")?;
                for (id, payload) in &changed {
                    update.execute(params![id, payload])?;
                }
            }
            tx.commit()?;
            out.events = changed.len() as u64;
            Ok(())
        })?;
        out.codes = codes
            .iter()
            .filter(|c| found.contains(c.as_str()))
            .cloned()
            .collect();
        self.scrub()?;
        Ok(out)
    }

    /// Leave no readable copy of deleted or rewritten values in the file or its WAL.
    fn scrub(&self) -> Result<(), Error> {
        let busy = crate::msg!(
            "store-erase-wal-busy",
            store = self.path.display().to_string()
        );
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        crate::sqlite_file::scrub(&conn, true, busy, |e| super::store_error(&self.path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn candidate_objects_of_the_codes_lose_their_personal_values_wherever_they_sit() {
        let codes: HashSet<&str> = ["C1"].into_iter().collect();
        let mut ev = json!({"action": "feedback_created", "payload": {
            "code": "E1",
            "candidate": {"code": "C1", "name": "Kim", "email": "k@x", "phone": null, "job": {"code": "J1"}},
            "member_scores": [{"user": {"name": "Boss", "phone": "010-9"}}],
            "answers": [{"value": "k@x"}, {"value": "other"}],
            "list": [{"candidate_code": "C1", "birth": "1990-01-01"}, {"candidate": {"code": "C2", "name": "Lee"}}],
        }});
        let (named, changed) = scrub_event(&mut ev, &codes);
        assert!(changed);
        assert_eq!(named, ["C1", "C1"]);
        assert_eq!(
            ev,
            json!({"action": "feedback_created", "payload": {
                "code": "E1",
                "candidate": {"code": "C1", "name": null, "email": null, "phone": null, "job": {"code": "J1"}},
                "member_scores": [{"user": {"name": "Boss", "phone": "010-9"}}],
                "answers": [{"value": null}, {"value": "other"}],
                "list": [{"candidate_code": "C1", "birth": null}, {"candidate": {"code": "C2", "name": "Lee"}}],
            }})
        );
        // Done already: named, nothing left to change.
        let (named, changed) = scrub_event(&mut ev, &codes);
        assert_eq!((named.len(), changed), (2, false));
    }

    #[test]
    fn an_object_holding_the_code_under_any_key_loses_its_and_its_insides_personal_values() {
        let codes: HashSet<&str> = ["C1"].into_iter().collect();
        let mut ev = json!({"action": "candidate_stage_changed", "payload": {
            "applicant": {"code": "C1", "name": "Kim", "contact": {"email": "k@x", "phone": "010"},
                "job": {"code": "J1", "title": "Engineer"}},
            "people": [[{"candidate_code": "C1", "profile": {"resume_path": "/r.pdf"}}]],
            "other": {"code": "C2", "name": "Lee", "contact": {"email": "l@x"}},
            "note": "mail k@x",
            "copy": "k@x",
        }});
        let (named, changed) = scrub_event(&mut ev, &codes);
        assert!(changed);
        assert_eq!(named, ["C1", "C1"]);
        assert_eq!(
            ev,
            json!({"action": "candidate_stage_changed", "payload": {
                "applicant": {"code": "C1", "name": null, "contact": {"email": null, "phone": null},
                    "job": {"code": "J1", "title": "Engineer"}},
                "people": [[{"candidate_code": "C1", "profile": {"resume_path": null}}]],
                "other": {"code": "C2", "name": "Lee", "contact": {"email": "l@x"}},
                "note": "mail k@x",
                "copy": null,
            }})
        );
        // A candidate at the top of the payload (the payload is the candidate record).
        let mut top = json!({"action": "candidate_pass", "payload": {"code": "C1", "name": "Kim",
            "extra": {"birth": "1990-01-01"}}});
        let (named, _) = scrub_event(&mut top, &codes);
        assert_eq!(named, ["C1"]);
        assert_eq!(top["payload"]["name"], Value::Null);
        assert_eq!(top["payload"]["extra"]["birth"], Value::Null);
    }

    fn copies(dir: &std::path::Path, needle: &str) -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .map(|b| {
                b.windows(needle.len())
                    .filter(|w| *w == needle.as_bytes())
                    .count()
            })
            .sum()
    }

    #[test]
    fn no_copy_stays_in_free_pages_or_the_wal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        let (s, _lock) = EventStore::open_for_listener(&path).unwrap();
        let body = |code: &str, n: usize| {
            json!({"action": "candidate_stage_changed", "payload": {
                "candidate": {"code": code, "name": format!("zqx-name-{code}"), "email": format!("zqx-{code}@example.com")},
                "job": {"code": "J1", "title": "Engineer"}, "stage": "fail", "seq": n,
                "note": "x".repeat(3000),
            }})
            .to_string()
        };
        let mut ids = Vec::new();
        for n in 0..30 {
            let code = if n % 3 == 0 { "C1" } else { "C2" };
            ids.push(
                s.insert(&super::super::NewEvent {
                    action: Some("candidate_stage_changed".into()),
                    payload: body(code, n).into(),
                    content_type: Some("application/json".into()),
                    signature: None,
                    target: None,
                })
                .unwrap(),
            );
        }
        // A program without secure_delete (an older recruit, sqlite3) copied and deleted
        // rows: their bytes stay in free pages.
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch(
            "PRAGMA secure_delete = OFF;
             CREATE TABLE scratch AS SELECT payload FROM events;
             DROP TABLE scratch;",
        )
        .unwrap();
        drop(raw);
        assert!(copies(dir.path(), "zqx-name-C1") > 10);
        let done = s.erase(&["C1".to_string()]).unwrap();
        assert_eq!(done.events, 10);
        assert_eq!(copies(dir.path(), "zqx-name-C1"), 0);
        assert_eq!(copies(dir.path(), "zqx-C1@example.com"), 0);
        assert!(copies(dir.path(), "zqx-name-C2") >= 20, "others untouched");
        let wal = std::fs::metadata(dir.path().join("e.db-wal")).map_or(0, |m| m.len());
        assert_eq!(wal, 0, "the WAL is truncated");
        for id in ids {
            let e = s.get(id).unwrap().unwrap();
            assert_eq!(e.status, super::super::Status::Pending);
            let v: Value = serde_json::from_slice(&e.payload).unwrap();
            assert_eq!(v["payload"]["job"]["title"], "Engineer");
        }
    }
}
