//! Interviews, by code.

use super::forms::not_found_as;
use super::types::{Interview, Resource};
use super::{Client, Fetched};
use crate::error::Error;

impl Client {
    /// `GET /v1/interviews/{code}`.
    pub async fn get_interview(&self, code: &str) -> Result<Fetched<Resource<Interview>>, Error> {
        self.get(self.checked_endpoint(&["interviews", code])?)
            .await
            .map_err(|e| not_found_as(e, || format!("interview '{code}' not found")))
    }
}
