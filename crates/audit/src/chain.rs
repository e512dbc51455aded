//! The chain: each record's hash, and the walk that finds the first broken record.

use std::collections::HashMap;

use recruit_core::{msg, Msg};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::Record;

/// A record's hash: hex SHA-256 of its JSON without `hash`, keys sorted (at every depth),
/// compact, text as UTF-8 (not `\u` escapes). `python3 -c 'json.dumps(r, sort_keys=True,
/// separators=(",", ":"), ensure_ascii=False)'` gives the same bytes.
pub fn hash_of(record: &Value) -> String {
    let mut v = record.clone();
    if let Value::Object(m) = &mut v {
        m.remove("hash");
    }
    // serde_json keeps insertion order in this workspace (`preserve_order`): sort here.
    v.sort_all_objects();
    let bytes = serde_json::to_vec(&v).unwrap_or_default();
    hex::encode(Sha256::digest(&bytes))
}

/// What `verify` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No log and no anchor: nothing has been logged here.
    Empty,
    /// Every record chains to the one before, and the last one is the one the anchor names.
    Intact {
        /// How many records.
        records: u64,
        /// The last record's seq (0 when the log is empty).
        last: u64,
        /// Whether an anchor was there to check the end against (without one, a removal of
        /// the last records cannot be ruled out).
        anchored: bool,
    },
    /// The first broken record.
    Broken(Break),
}

/// The first record that does not chain, and what happened to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    /// Its line in the log, from 1 (for a cut tail: the line after the last one).
    pub line: u64,
    /// Its seq, when the line is a record (for a cut tail: the first missing seq).
    pub seq: Option<u64>,
    pub damage: Damage,
    /// How many records before it chain intact.
    pub intact: u64,
}

/// What happened to a broken record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// Its contents no longer match its hash, or its hash no longer matches the next
    /// record's `prev` (it was edited, and perhaps rehashed).
    Changed,
    /// Records `from..=to` are missing just before it (its `prev` is not the record before's
    /// hash, and its seq skips).
    Removed { from: u64, to: u64 },
    /// It does not belong in the chain: its `prev` is not the record before's hash and its
    /// seq does not skip, or the next record links past it, or it repeats an earlier one.
    Inserted,
    /// The line is not a record.
    Unreadable,
    /// The log ends at record `last`, but the anchor says the log reached `anchored`: the
    /// last records were removed.
    Cut { last: u64, anchored: u64 },
    /// The anchor file is there but is not one (seq and hash).
    AnchorUnreadable,
    /// The log holds records (or was pruned) but its anchor file is gone: a removal of the
    /// last records could no longer be found.
    AnchorMissing,
    /// The anchor names record `anchored`, which the log no longer holds (it is before the
    /// records the log keeps).
    AnchorGone { anchored: u64 },
    /// The checkpoint of a prune (`PATH.checkpoint`: the last removed record's seq and hash)
    /// is damaged, or the first record kept does not link to it.
    Checkpoint,
}

impl Damage {
    /// Its name for programs (`-o json`): `changed`, `removed`, `inserted`, `unreadable`,
    /// `cut`, `anchor_unreadable`, `anchor_missing`, `anchor_gone`, `checkpoint`.
    pub fn name(&self) -> &'static str {
        match self {
            Damage::Changed => "changed",
            Damage::Removed { .. } => "removed",
            Damage::Inserted => "inserted",
            Damage::Unreadable => "unreadable",
            Damage::Cut { .. } => "cut",
            Damage::AnchorUnreadable => "anchor_unreadable",
            Damage::AnchorMissing => "anchor_missing",
            Damage::AnchorGone { .. } => "anchor_gone",
            Damage::Checkpoint => "checkpoint",
        }
    }
}

impl Break {
    /// What happened, for people.
    pub fn said(&self) -> Msg {
        let seq = self.seq.unwrap_or(0);
        let line = self.line;
        match self.damage {
            Damage::Changed => msg!("audit-broken-changed", seq = seq, line = line),
            Damage::Removed { from, to } => msg!(
                "audit-broken-removed",
                seq = seq,
                line = line,
                from = from,
                to = to,
                missing = to + 1 - from
            ),
            Damage::Inserted => msg!("audit-broken-inserted", seq = seq, line = line),
            Damage::Unreadable => msg!("audit-broken-unreadable", line = line),
            Damage::Cut { last, anchored } => {
                msg!("audit-broken-cut", last = last, anchored = anchored)
            }
            Damage::AnchorUnreadable => msg!("audit-broken-anchor"),
            Damage::AnchorMissing => msg!("audit-broken-anchor-missing", records = self.intact),
            Damage::AnchorGone { anchored } => {
                msg!("audit-broken-anchor-gone", anchored = anchored)
            }
            Damage::Checkpoint => msg!("audit-broken-checkpoint", seq = seq, line = line),
        }
    }
}

/// One line of the log: a record (its JSON and what it says), or not one; and its text (a
/// prune writes the lines it keeps as they were).
pub(crate) struct Line {
    pub no: u64,
    pub rec: Option<(Value, Record)>,
    pub text: String,
}

impl Line {
    pub fn parse(no: u64, text: String) -> Line {
        let rec = serde_json::from_str::<Value>(&text)
            .ok()
            .filter(Value::is_object)
            .and_then(|v| {
                let r = serde_json::from_value::<Record>(v.clone()).ok()?;
                Some((v, r))
            });
        Line { no, rec, text }
    }
}

/// The anchor (or the checkpoint) as read: none, its seq and hash, or a file that is not one.
pub(crate) enum Anchor {
    None,
    At(u64, String),
    Unreadable,
}

/// Where the walk starts: the record before the log's first (seq and hash), or none when the
/// log starts at seq 1.
type Link<'a> = Option<(u64, &'a str)>;

/// Walks the chain from the checkpoint (or seq 1) and names the first broken record.
pub(crate) fn walk(lines: &[Line], anchor: &Anchor, checkpoint: &Anchor) -> Verdict {
    let none = |a: &Anchor| matches!(a, Anchor::None);
    if lines.is_empty() && none(anchor) && none(checkpoint) {
        return Verdict::Empty;
    }
    let first = lines.first().and_then(|l| l.rec.as_ref()).map(|(_, r)| r);
    // A prune stopped between writing its checkpoint and replacing the log leaves the log
    // still holding the checkpoint's record: the chain is walked as it is, and that record
    // must be the checkpoint's.
    let (start, pending) = match checkpoint {
        Anchor::Unreadable => {
            let b = Break {
                line: 1,
                seq: None,
                damage: Damage::Checkpoint,
                intact: 0,
            };
            return Verdict::Broken(b);
        }
        Anchor::At(seq, hash) => match first {
            Some(f) if f.seq <= *seq => {
                let from = f
                    .prev
                    .as_deref()
                    .filter(|_| f.seq > 1)
                    .map(|p| (f.seq - 1, p));
                (from, Some((*seq, hash.as_str())))
            }
            _ => (Some((*seq, hash.as_str())), None),
        },
        Anchor::None => (None, None),
    };
    let from_checkpoint = pending.is_none() && start.is_some();
    // Each intact record's index, by hash (to tell an insertion from a removal).
    let mut by_hash: HashMap<&str, usize> = HashMap::new();
    let mut link: Link = start;
    for (i, line) in lines.iter().enumerate() {
        let intact = i as u64;
        let Some((v, r)) = &line.rec else {
            return broken(line, None, Damage::Unreadable, intact);
        };
        let computed = hash_of(v);
        let expected_seq = link.map_or(1, |l| l.0 + 1);
        let expected_prev = link.map(|l| l.1);
        if computed == r.hash && r.prev.as_deref() == expected_prev && r.seq == expected_seq {
            if pending.is_some_and(|(seq, hash)| seq == r.seq && hash != r.hash) {
                return broken(line, None, Damage::Checkpoint, intact);
            }
            by_hash.insert(&r.hash, i);
            link = Some((r.seq, r.hash.as_str()));
            continue;
        }
        return diagnose(lines, i, (link, from_checkpoint), &by_hash, &computed);
    }
    let records = lines.len() as u64;
    let last_seq = link.map_or(0, |l| l.0);
    if pending.is_some_and(|(seq, _)| seq > last_seq) {
        return Verdict::Broken(Break {
            line: records + 1,
            seq: None,
            damage: Damage::Checkpoint,
            intact: records,
        });
    }
    ends(lines, anchor, start, last_seq)
}

/// The end of an intact chain (`last_seq`, from `start`) against the anchor.
fn ends(lines: &[Line], anchor: &Anchor, start: Link, last_seq: u64) -> Verdict {
    let records = lines.len() as u64;
    let at_end = |damage| {
        Verdict::Broken(Break {
            line: records + 1,
            seq: None,
            damage,
            intact: records,
        })
    };
    let base = start.map_or(0, |s| s.0);
    match anchor {
        // Records (or a checkpoint: records were) and no anchor: the tail is unproven.
        Anchor::None => at_end(Damage::AnchorMissing),
        Anchor::Unreadable => at_end(Damage::AnchorUnreadable),
        Anchor::At(seq, _) if *seq > last_seq => Verdict::Broken(Break {
            line: records + 1,
            seq: Some(last_seq + 1),
            damage: Damage::Cut {
                last: last_seq,
                anchored: *seq,
            },
            intact: records,
        }),
        // Before the records the log keeps (seq 0 is a new log's anchor, before its first).
        Anchor::At(seq, _) if *seq < base => at_end(Damage::AnchorGone { anchored: *seq }),
        Anchor::At(seq, hash) if *seq == base && base > 0 => match start {
            Some((_, h)) if h == hash => intact(records, last_seq),
            _ => at_end(Damage::AnchorGone { anchored: *seq }),
        },
        Anchor::At(seq, hash) => {
            // An intact chain from `base` holds seq k at index k - base - 1. The anchor may
            // trail the log (a crash after the log's synced write, before the anchor reached
            // the disk).
            let at = seq.checked_sub(base + 1).map(|k| k as usize);
            match at.and_then(|k| lines.get(k)) {
                Some(line) if line.rec.as_ref().is_some_and(|(_, r)| &r.hash != hash) => {
                    let intact = seq - base - 1;
                    broken(line, Some(*seq), Damage::Changed, intact)
                }
                _ => intact(records, last_seq),
            }
        }
    }
}

fn intact(records: u64, last: u64) -> Verdict {
    Verdict::Intact {
        records,
        last,
        anchored: true,
    }
}

fn broken(line: &Line, seq: Option<u64>, damage: Damage, intact: u64) -> Verdict {
    let seq = seq.or_else(|| line.rec.as_ref().map(|(_, r)| r.seq));
    Verdict::Broken(Break {
        line: line.no,
        seq,
        damage,
        intact,
    })
}

/// Record `i` does not chain to `last`: which record broke, and how.
/// `link`: the record before (its seq and hash), and whether that is the checkpoint.
fn diagnose(
    lines: &[Line],
    i: usize,
    (link, from_checkpoint): (Link, bool),
    by_hash: &HashMap<&str, usize>,
    computed: &str,
) -> Verdict {
    let line = &lines[i];
    let intact = i as u64;
    let r = &line.rec.as_ref().expect("a record").1;
    let expected_seq = link.map_or(1, |l| l.0 + 1);
    let expected_prev = link.map(|l| l.1);
    // The next record links to the one before this one: this one was put in between.
    let next = lines
        .get(i + 1)
        .and_then(|l| l.rec.as_ref())
        .map(|(_, n)| n);
    if next.is_some_and(|n| n.prev.as_deref() == expected_prev && n.seq == expected_seq) {
        return broken(line, None, Damage::Inserted, intact);
    }
    if computed != r.hash {
        return broken(line, None, Damage::Changed, intact);
    }
    // A copy of an earlier record.
    if by_hash.contains_key(r.hash.as_str()) {
        return broken(line, None, Damage::Inserted, intact);
    }
    // It links to an earlier record than the one before: those in between were inserted.
    if let Some(&j) = r.prev.as_deref().and_then(|p| by_hash.get(p)) {
        let linked = &lines[j].rec.as_ref().expect("a record").1;
        if j + 1 < i && linked.seq + 1 == r.seq {
            return broken(&lines[j + 1], None, Damage::Inserted, j as u64 + 1);
        }
    }
    if r.seq > expected_seq {
        let damage = Damage::Removed {
            from: expected_seq,
            to: r.seq - 1,
        };
        return broken(line, None, damage, intact);
    }
    match (r.seq == expected_seq, i.checked_sub(1)) {
        // In its place, yet the record before is not what it linked to: that one was
        // edited and rehashed.
        (true, Some(before)) => broken(&lines[before], None, Damage::Changed, intact - 1),
        // The first record kept by a prune, not linking to the checkpoint: one of the two
        // was changed.
        (true, None) if from_checkpoint => broken(line, None, Damage::Checkpoint, intact),
        // The first record, seq 1, linking to something.
        (true, None) => broken(line, None, Damage::Changed, intact),
        (false, _) => broken(line, None, Damage::Inserted, intact),
    }
}
