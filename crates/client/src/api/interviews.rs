//! Interviews, by code.

use super::types::Interview;
use super::{Client, RecordResult};

impl Client {
    /// `GET /v1/interviews/{code}`.
    pub async fn get_interview(&self, code: &str) -> RecordResult<Interview> {
        self.get_record(super::records::Kind::Interview, code).await
    }
}
