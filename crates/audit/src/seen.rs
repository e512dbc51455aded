//! What a command's output holds, collected while its items pass through and logged before
//! it is written: one record per up to [`MAX_CODES`] codes.

use std::collections::HashSet;

use recruit_core::personal::{self, Record as Kind, FIELDS};
use serde_json::Value;

use crate::{Entry, Via, MAX_CODES};

/// The candidates a command's output shows and which personal fields held a value there, from
/// [`recruit_core::personal`]'s one list. Built while items pass through (each candidate
/// costs one set insert), turned into [`Entry`]s of at most [`MAX_CODES`] codes each.
///
/// Field names are the contract's: a candidate's `name`, `email`, `phone`, `birth`,
/// `resume_path`, `profile_img_path`; a service member's `phone` is named `member.phone` so a
/// reader tells it from the candidate's. A field counts when it held a value that is neither
/// null nor empty text.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Codes in the order first shown, every one (each record names its share of them).
    codes: Vec<String>,
    /// Every code shown, for the count (a candidate shown twice counts once).
    all: HashSet<String>,
    /// Candidates shown without a code (counted, not named).
    uncoded: u64,
    /// Per entry of [`FIELDS`]: whether it held a value.
    held: [bool; FIELDS.len()],
}

impl Seen {
    /// A candidate object (a list item, a detail, an evaluation's `candidate`): its `code`,
    /// and its personal fields that held a value.
    pub fn candidate(&mut self, v: &Value) {
        match v.get("code").and_then(Value::as_str) {
            Some(code) => {
                if !self.all.contains(code) {
                    self.all.insert(code.to_string());
                    self.codes.push(code.to_string());
                }
            }
            None => self.uncoded += 1,
        }
        self.mark(Kind::Candidate, v);
    }

    /// A service member (the `user` of an evaluation's `member_scores`): its `phone`, as
    /// `member.phone`. Members are not candidates: no code is kept, nothing is counted.
    pub fn member(&mut self, v: &Value) {
        self.mark(Kind::Member, v);
    }

    fn mark(&mut self, kind: Kind, v: &Value) {
        for (i, f) in FIELDS.iter().enumerate() {
            if f.record == kind && !self.held[i] && holds(v.get(f.name)) {
                self.held[i] = true;
            }
        }
    }

    /// No personal value was shown: nothing to log.
    pub fn is_empty(&self) -> bool {
        !self.held.iter().any(|h| *h)
    }

    /// The personal fields that held a value, in the list's order.
    pub fn fields(&self) -> Vec<String> {
        FIELDS
            .iter()
            .zip(self.held)
            .filter(|(_, held)| *held)
            .map(|(f, _)| name(f))
            .collect()
    }

    /// How many candidates were shown (each code once, plus those without a code).
    pub fn count(&self) -> u64 {
        self.all.len() as u64 + self.uncoded
    }

    /// The entries to log, in order: one per up to [`MAX_CODES`] codes, each `count` the
    /// number of its codes (so every code shown is in some record), the fields held by any of
    /// them in each (over-naming a field is safe, leaving one out is not). Candidates without
    /// a code are counted in the last. None when nothing personal was shown.
    pub fn entries(
        &self,
        actor: impl Into<String>,
        via: Via,
        command: impl Into<String>,
        reason: Option<String>,
        sandbox: bool,
    ) -> Vec<Entry> {
        if self.is_empty() {
            return Vec::new();
        }
        let (actor, command, fields) = (actor.into(), command.into(), self.fields());
        let mut chunks: Vec<&[String]> = self.codes.chunks(MAX_CODES).collect();
        if chunks.is_empty() {
            chunks.push(&[]);
        }
        let last = chunks.len() - 1;
        chunks
            .into_iter()
            .enumerate()
            .map(|(i, codes)| Entry {
                actor: actor.clone(),
                via,
                agent: None,
                command: command.clone(),
                candidates: codes.to_vec(),
                count: codes.len() as u64 + if i == last { self.uncoded } else { 0 },
                fields: fields.clone(),
                reason: reason.clone(),
                sandbox,
            })
            .collect()
    }
}

/// Every personal field's name as records write it, in the one list's order.
pub fn field_names() -> impl Iterator<Item = String> {
    FIELDS.iter().map(name)
}

/// A field's name in a record's `fields`: the candidate's as the list names it, a member's
/// with `member.` in front.
fn name(f: &personal::Field) -> String {
    match f.record {
        Kind::Candidate => f.name.to_string(),
        Kind::Member => format!("member.{}", f.name),
    }
}

/// Whether a field held a value: present, not null, not empty text (nor an empty list or
/// object).
fn holds(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(o)) => !o.is_empty(),
        Some(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_candidates_code_and_the_fields_that_held_a_value_in_the_lists_order() {
        let mut s = Seen::default();
        assert!(s.is_empty());
        s.candidate(&json!({"code": "C2", "phone": "010-1", "name": "", "email": null}));
        assert!(!s.is_empty());
        s.candidate(&json!({"code": "C1", "name": "김민수", "stage": "서류"}));
        s.candidate(&json!({"code": "C2", "birth": "1990-01-01"}));
        s.member(&json!({"name": "Lee", "phone": "010-9"}));
        let e = &s.entries("kim@work", Via::Export, "export", None, false)[0];
        assert_eq!(e.candidates, ["C2", "C1"]);
        assert_eq!(e.count, 2);
        assert_eq!(e.fields, ["name", "phone", "birth", "member.phone"]);
    }

    #[test]
    fn codes_alone_are_nothing_to_log_and_members_are_not_candidates() {
        let mut s = Seen::default();
        s.candidate(&json!({"code": "C1", "stage": "x", "name": "  "}));
        s.member(&json!({"name": "Lee", "phone": null}));
        assert!(s.is_empty());
        assert_eq!(s.count(), 1);
        s.member(&json!({"phone": "010"}));
        assert!(!s.is_empty());
        assert_eq!(s.count(), 1);
        assert_eq!(s.fields(), ["member.phone"]);
    }

    #[test]
    fn a_thousand_codes_a_record_each_counting_its_own() {
        let mut s = Seen::default();
        for i in 0..2_500 {
            s.candidate(&json!({"code": format!("C{i}"), "email": "a@b"}));
        }
        s.candidate(&json!({"code": "C7", "email": "a@b"}));
        s.candidate(&json!({"email": "c@d"}));
        let e = s.entries(
            "a@default",
            Via::Sync,
            "sync run",
            Some("audit".into()),
            true,
        );
        let sizes: Vec<(usize, u64)> = e.iter().map(|e| (e.candidates.len(), e.count)).collect();
        assert_eq!(sizes, [(1_000, 1_000), (1_000, 1_000), (500, 501)]);
        assert_eq!(e[0].candidates[0], "C0");
        assert_eq!(e[1].candidates[0], "C1000");
        assert_eq!(e[2].candidates[499], "C2499");
        assert!(e.iter().all(|e| e.fields == ["email"] && e.sandbox));
        assert!(Seen::default()
            .entries("a", Via::Cli, "x", None, false)
            .is_empty());
    }
}
