//! Candidate memos.

use reqwest::Method;

use super::types::{Memo, MemoInput, MemoList, Resource};
use super::{Client, Fetched, RecordResult};
use crate::error::Error;

named! {
    /// Who may read a memo (`accessible_role`), named as the API names it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Role {
        /// Readable only by the posting administrator
        JobAdmin = "job_admin" | "job-admin",
        /// Readable by posting managers and above
        JobManager = "job_manager" | "job-manager",
        /// Readable by all members
        Member = "member",
    }
}

impl Client {
    /// `GET /v1/candidates/{c}/memos`: top-level memos with their replies.
    pub async fn list_memos(&self, candidate: &str) -> Result<Fetched<MemoList>, Error> {
        let path = ["candidates", candidate, "memos"];
        let named = || format!("candidate '{candidate}' not found");
        self.send_record(Method::GET, &path, None, named).await
    }

    /// `GET /v1/candidates/{c}/memos/{id}`.
    pub async fn get_memo(&self, candidate: &str, id: i64) -> RecordResult<Memo> {
        self.memo(Method::GET, candidate, id, None, None).await
    }

    /// `POST /v1/candidates/{c}/memos`.
    pub async fn create_memo(&self, candidate: &str, input: &MemoInput) -> RecordResult<Memo> {
        let body = serde_json::to_value(input).expect("memo input serializes");
        let path = ["candidates", candidate, "memos"];
        let named = || format!("candidate '{candidate}' (or the parent memo) not found");
        self.send_record(Method::POST, &path, Some(&body), named)
            .await
    }

    /// Create a memo; a reply given no role takes its parent's, read first. The service would
    /// give it `member`, so a reply in a `job_admin` thread would be readable by everyone.
    pub async fn create_memo_in_thread(
        &self,
        candidate: &str,
        input: &MemoInput,
    ) -> RecordResult<Memo> {
        let mut input = input.clone();
        if let (Some(parent), None) = (input.parent_id, &input.accessible_role) {
            let memo = self.get_memo(candidate, parent).await?;
            input.accessible_role = match memo.data.resource.accessible_role.as_deref() {
                None => None,
                Some(role) => Some(Role::parse(role).ok_or_else(|| {
                    // Sent without one, the reply would be readable by every member.
                    Error::usage(format!(
                        "memo {parent} on candidate {candidate} has the role '{role}', not one of {}; give the reply's role with --role",
                        Role::names().join(", ")
                    ))
                })?),
            };
        }
        self.create_memo(candidate, &input).await
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
        let current = self.get_memo(candidate, id).await?;
        if current.data.resource.pinned.unwrap_or(false) == want {
            return Ok((current, false));
        }
        let state = |m: &Fetched<Resource<Memo>>| m.data.resource.pinned.unwrap_or(false);
        let mut result = self.toggle_pin(candidate, id).await?;
        if state(&result) != want {
            result = self.toggle_pin(candidate, id).await?;
            if state(&result) != want {
                let word = if want { "pinned" } else { "unpinned" };
                return Err(Error::other(format!(
                    "memo {id} on candidate {candidate} is still not {word} after toggling twice; someone else is changing it"
                )));
            }
        }
        Ok((result, true))
    }

    /// `PATCH /v1/candidates/{c}/memos/{id}`.
    pub async fn edit_memo(
        &self,
        candidate: &str,
        id: i64,
        input: &MemoInput,
    ) -> RecordResult<Memo> {
        let body = serde_json::to_value(input).expect("memo input serializes");
        self.memo(Method::PATCH, candidate, id, None, Some(&body))
            .await
    }

    /// `DELETE /v1/candidates/{c}/memos/{id}`: the answer is the memo without `user`, as the
    /// spec says; returned as it came, since a server may also answer 204 with no body.
    pub async fn delete_memo(&self, candidate: &str, id: i64) -> Result<super::ApiResponse, Error> {
        let id_text = id.to_string();
        let url = self.checked_endpoint(&["candidates", candidate, "memos", &id_text])?;
        self.send(super::RequestSpec::new(Method::DELETE, url))
            .await
            .map_err(|e| e.not_found_as(|| memo_not_found(candidate, id)))
    }

    /// `POST /v1/candidates/{c}/memos/{id}/pin`: toggles the pin.
    pub async fn toggle_pin(&self, candidate: &str, id: i64) -> RecordResult<Memo> {
        self.memo(Method::POST, candidate, id, Some("pin"), None)
            .await
    }

    /// `method` to memo `id` of `candidate` (or to its `action`, `pin`); a 404 names the memo.
    async fn memo<T: serde::de::DeserializeOwned>(
        &self,
        method: Method,
        candidate: &str,
        id: i64,
        action: Option<&str>,
        body: Option<&serde_json::Value>,
    ) -> Result<Fetched<T>, Error> {
        let id_text = id.to_string();
        let mut path = vec!["candidates", candidate, "memos", &id_text];
        path.extend(action);
        let named = || memo_not_found(candidate, id);
        self.send_record(method, &path, body, named).await
    }
}

fn memo_not_found(candidate: &str, id: i64) -> String {
    format!("memo {id} not found on candidate {candidate}")
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
