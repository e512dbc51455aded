//! Memos on a candidate: list, read, write, edit, pin, unpin, delete.

use serde_json::{json, Value};

use super::Sent;
use crate::api::types::{Memo, MemoList, Resource};
use crate::api::{ApiResponse, Client, Fetched, MemoInput, Planned, RecordResult};
use crate::error::Error;

/// One memo of a candidate.
#[derive(Debug, Clone)]
pub struct MemoRef {
    pub candidate: String,
    pub memo: i64,
}

/// A memo or a reply to write.
#[derive(Debug, Clone)]
pub struct CreateOptions {
    pub candidate: String,
    /// Its text, content and the other fields; `parent_id` makes it a reply, which takes its
    /// parent's role unless one is given (the parent is read first, also on a dry run).
    pub input: MemoInput,
    pub dry_run: bool,
}

/// A memo's new fields. The front ends refuse an empty `input` first, in their own words
/// (flags or arguments), before any request.
#[derive(Debug, Clone)]
pub struct EditOptions {
    pub memo: MemoRef,
    pub input: MemoInput,
    pub dry_run: bool,
}

/// Leave a memo pinned (`pinned: true`) or unpinned.
#[derive(Debug, Clone)]
pub struct PinOptions {
    pub memo: MemoRef,
    pub pinned: bool,
    pub dry_run: bool,
}

/// A memo to delete (its replies go with it).
#[derive(Debug, Clone)]
pub struct DeleteOptions {
    pub memo: MemoRef,
    pub dry_run: bool,
}

pub async fn list(client: &Client, candidate: &str) -> Result<Fetched<MemoList>, Error> {
    client.list_memos(candidate).await
}

pub async fn get(client: &Client, m: &MemoRef) -> RecordResult<Memo> {
    client.get_memo(&m.candidate, m.memo).await
}

pub async fn create(
    client: &Client,
    o: &CreateOptions,
) -> Result<Sent<Fetched<Resource<Memo>>>, Error> {
    if o.dry_run {
        // A reply's role is read from its parent, as the real call does.
        let planned = client.plan_memo_in_thread(&o.candidate, &o.input).await?;
        return Ok(Sent::Planned(planned));
    }
    let memo = client.create_memo_in_thread(&o.candidate, &o.input).await?;
    Ok(Sent::Done(memo))
}

pub async fn edit(
    client: &Client,
    o: &EditOptions,
) -> Result<Sent<Fetched<Resource<Memo>>>, Error> {
    let (candidate, id) = (&o.memo.candidate, o.memo.memo);
    if o.dry_run {
        return Ok(Sent::Planned(
            client.edit_memo_request(candidate, id, &o.input)?,
        ));
    }
    Ok(Sent::Done(client.edit_memo(candidate, id, &o.input).await?))
}

/// How many replies a memo has (deleted with it); a memo not found has none.
pub async fn replies(client: &Client, m: &MemoRef) -> Result<usize, Error> {
    client.memo_replies(&m.candidate, m.memo).await
}

pub async fn delete(client: &Client, o: &DeleteOptions) -> Result<Sent<ApiResponse>, Error> {
    let (candidate, id) = (&o.memo.candidate, o.memo.memo);
    if o.dry_run {
        return Ok(Sent::Planned(client.delete_memo_request(candidate, id)?));
    }
    Ok(Sent::Done(client.delete_memo(candidate, id).await?))
}

/// What a pin or unpin did. The service only toggles a pin, so the memo is read first and
/// toggled only when needed.
#[derive(Debug)]
pub enum Pinned {
    /// Sent (or nothing to send): the memo as it is now (boxed: a record is large beside a
    /// plan), and whether it changed.
    Done {
        memo: Box<Fetched<Resource<Memo>>>,
        changed: bool,
    },
    /// A dry run.
    Planned(PinPlan),
}

/// A dry run's pin: the toggle it would send (none when the memo is already as asked), and
/// the memo's pin as read.
#[derive(Debug)]
pub struct PinPlan {
    pub toggle: Option<Planned>,
    pub pinned: bool,
}

impl PinPlan {
    /// The state for programs: `{"toggle_needed", "pinned"}`.
    pub fn state(&self) -> Value {
        json!({"toggle_needed": self.toggle.is_some(), "pinned": self.pinned})
    }
}

pub async fn set_pinned(client: &Client, o: &PinOptions) -> Result<Pinned, Error> {
    let (candidate, id) = (&o.memo.candidate, o.memo.memo);
    if o.dry_run {
        let (memo, toggle) = client.plan_pin(candidate, id, o.pinned).await?;
        let pinned = memo.data.resource.pinned.unwrap_or(false);
        return Ok(Pinned::Planned(PinPlan { toggle, pinned }));
    }
    let (memo, changed) = client.set_pinned(candidate, id, o.pinned).await?;
    Ok(Pinned::Done {
        memo: Box::new(memo),
        changed,
    })
}
