//! Interviews: one interview and its schedule.

use crate::api::types::Interview;
use crate::api::{Client, RecordResult};

pub async fn get(client: &Client, code: &str) -> RecordResult<Interview> {
    client.get_interview(code).await
}
