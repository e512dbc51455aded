//! Interviews, by code.

use super::types::{Interview, Resource};
use super::{Client, Fetched};
use crate::error::Error;

impl Client {
    /// `GET /v1/interviews/{code}`.
    pub async fn get_interview(&self, code: &str) -> Result<Fetched<Resource<Interview>>, Error> {
        self.get_record("interview", &["interviews", code]).await
    }
}
