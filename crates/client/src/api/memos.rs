//! Candidate memos.

use reqwest::Method;

use super::types::{Memo, MemoInput, MemoList, Resource};
use super::{Client, Fetched, Planned, RecordResult};
use crate::error::Error;

pub use super::types::Role;

impl Client {
    /// `GET /v1/candidates/{c}/memos`: top-level memos with their replies.
    pub async fn list_memos(&self, candidate: &str) -> Result<Fetched<MemoList>, Error> {
        let path = ["candidates", candidate, "memos"];
        let named = || crate::msg!("candidate-not-found", code = candidate.to_string());
        self.send_record(Method::GET, &path, None, named).await
    }

    /// `GET /v1/candidates/{c}/memos/{id}`.
    pub async fn get_memo(&self, candidate: &str, id: i64) -> RecordResult<Memo> {
        let planned = self.memo_request(Method::GET, candidate, id, None, None)?;
        let named = || memo_not_found(candidate, id);
        self.send_planned_json(&planned, named).await
    }

    /// The request of `POST /v1/candidates/{c}/memos`.
    pub fn create_memo_request(
        &self,
        candidate: &str,
        input: &MemoInput,
    ) -> Result<Planned, Error> {
        let body = serde_json::to_value(input).expect("memo input serializes");
        self.plan(
            Method::POST,
            &["candidates", candidate, "memos"],
            Some(body),
        )
    }

    /// `POST /v1/candidates/{c}/memos`.
    pub async fn create_memo(&self, candidate: &str, input: &MemoInput) -> RecordResult<Memo> {
        let planned = self.create_memo_request(candidate, input)?;
        self.send_created_memo(candidate, &planned).await
    }

    async fn send_created_memo(&self, candidate: &str, planned: &Planned) -> RecordResult<Memo> {
        let named = || {
            crate::msg!(
                "candidate-or-parent-not-found",
                code = candidate.to_string()
            )
        };
        self.send_planned_json(planned, named).await
    }

    /// Create a memo; a reply given no role takes its parent's, read first. The service would
    /// give it `member`, so a reply in a `job_admin` thread would be readable by everyone.
    pub async fn create_memo_in_thread(
        &self,
        candidate: &str,
        input: &MemoInput,
    ) -> RecordResult<Memo> {
        let planned = self.plan_memo_in_thread(candidate, input).await?;
        self.send_created_memo(candidate, &planned).await
    }

    /// The request [`Client::create_memo_in_thread`] sends: the parent is read (for its
    /// role), nothing is written. What a dry run shows.
    pub async fn plan_memo_in_thread(
        &self,
        candidate: &str,
        input: &MemoInput,
    ) -> Result<Planned, Error> {
        let mut input = input.clone();
        if let (Some(parent), None) = (input.parent_id, &input.accessible_role) {
            let memo = self.get_memo(candidate, parent).await?;
            input.accessible_role = match memo.data.resource.accessible_role.as_deref() {
                None => None,
                Some(role) => Some(Role::parse(role).ok_or_else(|| {
                    // Sent without one, the reply would be readable by every member.
                    Error::usage(crate::msg!(
                        "memo-parent-role-unknown",
                        id = parent,
                        candidate = candidate,
                        role = role,
                        roles = Role::names().join(", ")
                    ))
                })?),
            };
        }
        self.create_memo_request(candidate, &input)
    }

    /// How many replies memo `id` has (they are deleted with it). Replies are listed only
    /// under their memo in the candidate's list.
    pub async fn memo_replies(&self, candidate: &str, id: i64) -> Result<usize, Error> {
        let list = self.list_memos(candidate).await?;
        Ok(list
            .data
            .collection
            .iter()
            .find(|m| m.id == Some(id))
            .map_or(0, |m| m.replies.as_ref().map_or(0, |r| r.len())))
    }

    /// Leave memo `id` pinned (`want`) or unpinned, whatever its state: the endpoint toggles,
    /// so read first and toggle only when needed; if someone toggled it in between, toggle
    /// once more. Returns the memo as the service last sent it, and whether it changed.
    pub async fn set_pinned(
        &self,
        candidate: &str,
        id: i64,
        want: bool,
    ) -> Result<(Fetched<Resource<Memo>>, bool), Error> {
        let (current, toggle) = self.plan_pin(candidate, id, want).await?;
        let Some(toggle) = toggle else {
            return Ok((current, false));
        };
        let state = |m: &Fetched<Resource<Memo>>| m.data.resource.pinned.unwrap_or(false);
        let named = || memo_not_found(candidate, id);
        let mut result: Fetched<Resource<Memo>> = self.send_planned_json(&toggle, named).await?;
        if state(&result) != want {
            result = self.send_planned_json(&toggle, named).await?;
            if state(&result) != want {
                return Err(Error::other(if want {
                    crate::msg!("memo-still-not-pinned", id = id, candidate = candidate)
                } else {
                    crate::msg!("memo-still-not-unpinned", id = id, candidate = candidate)
                }));
            }
        }
        Ok((result, true))
    }

    /// Whether memo `id` needs a toggle to be left pinned (`want`) or unpinned: the memo as
    /// read, and the toggle request when one is needed. Reads only; what a dry run shows.
    pub async fn plan_pin(
        &self,
        candidate: &str,
        id: i64,
        want: bool,
    ) -> Result<(Fetched<Resource<Memo>>, Option<Planned>), Error> {
        let current = self.get_memo(candidate, id).await?;
        if current.data.resource.pinned.unwrap_or(false) == want {
            return Ok((current, None));
        }
        let toggle = self.memo_request(Method::POST, candidate, id, Some("pin"), None)?;
        Ok((current, Some(toggle)))
    }

    /// The request of `PATCH /v1/candidates/{c}/memos/{id}`.
    pub fn edit_memo_request(
        &self,
        candidate: &str,
        id: i64,
        input: &MemoInput,
    ) -> Result<Planned, Error> {
        let body = serde_json::to_value(input).expect("memo input serializes");
        self.memo_request(Method::PATCH, candidate, id, None, Some(body))
    }

    /// `PATCH /v1/candidates/{c}/memos/{id}`.
    pub async fn edit_memo(
        &self,
        candidate: &str,
        id: i64,
        input: &MemoInput,
    ) -> RecordResult<Memo> {
        let planned = self.edit_memo_request(candidate, id, input)?;
        let named = || memo_not_found(candidate, id);
        self.send_planned_json(&planned, named).await
    }

    /// The request of `DELETE /v1/candidates/{c}/memos/{id}`.
    pub fn delete_memo_request(&self, candidate: &str, id: i64) -> Result<Planned, Error> {
        self.memo_request(Method::DELETE, candidate, id, None, None)
    }

    /// `DELETE /v1/candidates/{c}/memos/{id}`: the answer is the memo without `user`, as the
    /// spec says; returned as it came, since a server may also answer 204 with no body.
    pub async fn delete_memo(&self, candidate: &str, id: i64) -> Result<super::ApiResponse, Error> {
        let planned = self.delete_memo_request(candidate, id)?;
        self.send_planned(&planned, || memo_not_found(candidate, id))
            .await
    }

    /// `POST /v1/candidates/{c}/memos/{id}/pin`: toggles the pin.
    pub async fn toggle_pin(&self, candidate: &str, id: i64) -> RecordResult<Memo> {
        let planned = self.memo_request(Method::POST, candidate, id, Some("pin"), None)?;
        let named = || memo_not_found(candidate, id);
        self.send_planned_json(&planned, named).await
    }

    /// `method` to memo `id` of `candidate` (or to its `action`, `pin`).
    fn memo_request(
        &self,
        method: Method,
        candidate: &str,
        id: i64,
        action: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> Result<Planned, Error> {
        let id_text = id.to_string();
        let mut path = vec!["candidates", candidate, "memos", &id_text];
        path.extend(action);
        self.plan(method, &path, body)
    }
}

fn memo_not_found(candidate: &str, id: i64) -> crate::msg::Msg {
    crate::msg!("memo-not-found", id = id, candidate = candidate.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_input_names_its_role_as_the_api_does() {
        for &role in Role::ALL {
            let input = MemoInput {
                accessible_role: Some(role),
                ..MemoInput::default()
            };
            assert_eq!(
                serde_json::to_value(&input).unwrap(),
                serde_json::json!({"accessible_role": role.as_str()})
            );
        }
        assert_eq!(Role::names(), ["job_admin", "job_manager", "member"]);
    }
}
